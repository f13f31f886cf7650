package logic

import "math/bits"

// Exact tests for SE's direct rules (direct pointing and claiming, direct
// hidden pair and triple), which are tried at every step that hidden
// singles do not settle and almost never apply: each test says in a few
// table lookups or bit-sliced counts whether the rule has an instance at
// all, and the ordered search (which picks SE's first) runs only when it
// has. A unit's positions are 9-bit masks in unitCells order, so a box's
// three rows are the bit groups 0-2, 3-5 and 6-8, as a line's three boxes
// are; a box's columns are bits {j, j+3, j+6}.

var (
	// lockGroup[m] is k+1 when the positions m (two or more) lie in bit
	// group k (bits 3k to 3k+2), else 0; lockColumn[m] the same for a
	// box's columns.
	lockGroup, lockColumn [512]uint8
	// leftGroup[m] has bit k set when the positions m (two or more) keep
	// exactly one outside group k; leftColumn[m] the same for a box's
	// columns.
	leftGroup, leftColumn [512]uint8
)

func init() {
	for m := 0; m < 512; m++ {
		if bits.OnesCount(uint(m)) < 2 {
			continue
		}
		for k := 0; k < 3; k++ {
			group := 7 << (3 * k)
			column := 0o111 << k
			if m&^group == 0 {
				lockGroup[m] = uint8(k + 1)
			}
			if m&^column == 0 {
				lockColumn[m] = uint8(k + 1)
			}
			if bits.OnesCount(uint(m&^group)) == 1 {
				leftGroup[m] |= 1 << k
			}
			if bits.OnesCount(uint(m&^column)) == 1 {
				leftColumn[m] |= 1 << k
			}
		}
	}
}

// anyDirectIntersection reports whether intersections(true) has an
// instance: a digit of unit a locked in its crossing with b, and a unit c
// of a's kind crossing b where the digit has two places or more and one
// outside b. c is then in a's band or stack, and meets b in the same group
// of positions as a does.
func (e *engine) anyDirectIntersection() bool {
	return e.anyDigit(&e.directSeen, (*state).directIntersectionOf)
}

// anyDigit reports whether has is true of a digit, with c the cache of
// the digits it was false of: a digit with no instance and no place lost
// since has none.
func (e *engine) anyDigit(c *cleanCache, has func(s *state, d int) bool) bool {
	seen := e.cleanDigits(c)
	for d := 1; d <= 9; d++ {
		if seen.clean&(1<<d) != 0 {
			continue
		}
		if has(&e.s, d) {
			return true
		}
		seen.clean |= 1 << d
	}
	return false
}

// directIntersectionOf is anyDirectIntersection for digit d.
func (s *state) directIntersectionOf(d int) bool {
	p := &s.pos[d]
	for a := 0; a < 9; a++ {
		band, stack := a/3*3, a%3
		// Boxes: locked in a column (the other boxes of the stack),
		// then in a row (the other boxes of the band).
		if j := lockColumn[p[18+a]&511]; j != 0 {
			bit := uint8(1) << (j - 1)
			for t := stack; t < 9; t += 3 {
				if t != a && leftColumn[p[18+t]&511]&bit != 0 {
					return true
				}
			}
		}
		if k := lockGroup[p[18+a]&511]; k != 0 {
			bit := uint8(1) << (k - 1)
			for t := band; t < band+3; t++ {
				if t != a && leftGroup[p[18+t]&511]&bit != 0 {
					return true
				}
			}
		}
		// Lines locked in a box: the other lines through that box,
		// the columns of a's stack and the rows of a's band.
		if k := lockGroup[p[9+a]&511]; k != 0 {
			bit := uint8(1) << (k - 1)
			for t := band; t < band+3; t++ {
				if t != a && leftGroup[p[9+t]&511]&bit != 0 {
					return true
				}
			}
		}
		if k := lockGroup[p[a]&511]; k != 0 {
			bit := uint8(1) << (k - 1)
			for t := band; t < band+3; t++ {
				if t != a && leftGroup[p[t]&511]&bit != 0 {
					return true
				}
			}
		}
	}
	return false
}

// anyLocked reports whether intersections(false) has an instance: a
// digit with two places or more in a box, all on one line, and a place on
// that line outside the box (pointing), or the same with line and box
// swapped (claiming).
func (e *engine) anyLocked() bool {
	return e.anyDigit(&e.lockedDigits, (*state).lockedOf)
}

// lockedOf is anyLocked for digit d.
func (s *state) lockedOf(d int) bool {
	p := &s.pos[d]
	for a := 0; a < 9; a++ {
		band, stack := a/3, a%3
		box := p[18+a] & 511
		// Box a's places in its row j (a line's groups are its boxes)
		// or its column j (a column's groups are the bands).
		if j := int(lockGroup[box]); j != 0 && p[3*band+j-1]&^(7<<(3*stack)) != 0 {
			return true
		}
		if j := int(lockColumn[box]); j != 0 && p[9+3*stack+j-1]&^(7<<(3*band)) != 0 {
			return true
		}
		// Row a's places in box k of its band (the box's rows are its
		// groups), column a's in box k of its stack (its columns are
		// the box's bits {j, j+3, j+6}).
		if k := int(lockGroup[p[a]&511]); k != 0 && p[18+3*band+k-1]&^(7<<(3*stack)) != 0 {
			return true
		}
		if k := int(lockGroup[p[9+a]&511]); k != 0 && p[18+3*(k-1)+band]&^(0o111<<stack) != 0 {
			return true
		}
	}
	return false
}

// placeCounts are the digits with at least two, three and four places
// in a unit (bit d for digit d).
type placeCounts struct {
	two, three, four uint16
}

// refreshCounts brings the place counts of the units changed since the
// last count up to date (a step changes a few units, and the direct
// hidden set rules look at all 27 twice a step), and forgets what was
// known of their direct hidden sets.
func (e *engine) refreshCounts() {
	s := &e.s
	ch := s.changed
	if ch == 0 {
		return
	}
	s.changed = 0
	for t := ch; t != 0; t &= t - 1 {
		u := bits.TrailingZeros32(t)
		c, cells := &s.cand, &unitCells[u]
		var one, two, three, four uint16
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[0]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[1]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[2]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[3]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[4]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[5]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[6]]))
		one, two, three, four = count4(one, two, three, four, uint16(c[cells[7]]))
		_, two, three, four = count4(one, two, three, four, uint16(c[cells[8]]))
		e.counts[u] = placeCounts{two: two, three: three, four: four}
	}
	for j := range e.directKnown {
		e.directKnown[j] &^= ch
		e.directHas[j] &^= ch
	}
}

// count4 adds the digits x to bit-sliced counts: the digits seen once or
// more (one), twice or more, three and four times or more.
func count4(one, two, three, four, x uint16) (uint16, uint16, uint16, uint16) {
	return one | x, two | one&x, three | two&x, four | three&x
}

// directHiddenUnits gives the units (bit u) where hiddenSet(k, true) has
// an instance: k digits with two to k places each and k places between
// them, and another digit with two places or more, one of them outside
// those. It works out only the units changed since it last did.
func (e *engine) directHiddenUnits(k int) uint32 {
	e.refreshCounts()
	j := (k - 2) & 1
	for t := allUnits &^ e.directKnown[j]; t != 0; t &= t - 1 {
		u := bits.TrailingZeros32(t)
		if e.s.directHiddenSet(u, k, &e.counts[u]) {
			e.directHas[j] |= 1 << u
		}
	}
	e.directKnown[j] = allUnits
	return e.directHas[j]
}

// allUnits has a bit for each of the 27 units.
const allUnits = 1<<27 - 1

// directHiddenSet is directHiddenUnits' test for unit u, worked out from
// the unit's place counts.
func (s *state) directHiddenSet(u, k int, pc *placeCounts) bool {
	elig := pc.two &^ pc.three // exactly two places
	if k == 3 {
		elig = pc.two &^ pc.four
	}
	if bits.OnesCount16(elig) < k {
		return false
	}
	var ds [9]uint8
	var pm [9]uint16
	n := 0
	for x := elig; x != 0; x &= x - 1 {
		d := bits.TrailingZeros16(x)
		ds[n], pm[n] = uint8(d), s.pos[d][u]
		n++
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if k == 2 {
				if pm[i] == pm[j] && s.leavesSingle(u, pm[i], 1<<ds[i]|1<<ds[j], pc.two) {
					return true
				}
				continue
			}
			if bits.OnesCount16(pm[i]|pm[j]) > 3 {
				continue
			}
			for l := j + 1; l < n; l++ {
				places := pm[i] | pm[j] | pm[l]
				if bits.OnesCount16(places) == 3 && s.leavesSingle(u, places, 1<<ds[i]|1<<ds[j]|1<<ds[l], pc.two) {
					return true
				}
			}
		}
	}
	return false
}

// leavesSingle reports whether a digit of the set many (two places or
// more in unit u), not in set, has exactly one place outside places.
func (s *state) leavesSingle(u int, places uint16, set, many uint16) bool {
	for x := many &^ set; x != 0; x &= x - 1 {
		if bits.OnesCount16(s.pos[bits.TrailingZeros16(x)][u]&^places) == 1 {
			return true
		}
	}
	return false
}
