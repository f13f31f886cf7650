package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// The basic rules of the rater, each looking for its patterns in the order
// Sudoku Explainer looks (units by kind in the order each rule uses, then
// by index, digits and cell sets in increasing order), so that the first
// instance found is the one SE would take.

// Unit numbers are ours (rows 0-8, columns 9-17, boxes 18-26); these are
// the first unit of each kind in the orders SE's rules walk them.
var (
	kindsBCR = [3]int{18, 9, 0} // box, column, row
	kindsBRC = [3]int{18, 0, 9} // box, row, column (SE's region types)
)

// emptyIn is the number of empty cells of unit u.
func (s *state) emptyIn(u int) int { return int(s.emptyCount[u]) }

// houseOrder[i] lists the 20 peers of cell i in SE's order: its box, then
// its row, then its column, each in reading order, without repeats.
var houseOrder [81][20]uint8

func initHouseOrder() {
	for i := 0; i < 81; i++ {
		n := 0
		var seen cellSet
		for _, base := range kindsBRC {
			u := base + unitIndexOf(i, base)
			for _, c := range unitCells[u] {
				if int(c) != i && !seen.has(int(c)) {
					seen.add(int(c))
					houseOrder[i][n] = c
					n++
				}
			}
		}
	}
}

// unitIndexOf is the index (0-8) of the unit of kind base (0, 9 or 18)
// holding cell i.
func unitIndexOf(i, base int) int {
	switch base {
	case 0:
		return i / 9
	case 9:
		return i % 9
	}
	return solver.Box(i)
}

// unitOfKind is the unit of kind base (0 rows, 9 columns, 18 boxes) that
// holds cell i.
func unitOfKind(i, base int) int { return base + unitIndexOf(i, base) }

func popc(m uint16) int { return bits.OnesCount16(m) }

// hiddenSingles places every single of the first kind SE would find: last
// cells of units (1.0), then hidden singles in boxes (1.2), columns and
// rows (1.5). Applying all singles of one kind at once leaves the hardest
// step as SE's one-at-a-time path: singles stay singles until used.
func (e *engine) hiddenSingles() bool {
	s := &e.s
	// The units that had neither a last empty cell nor a hidden single
	// and lost no candidate since have none.
	seen := e.cleanUnits(&e.singlesSeen)
	// Last empty cell of a unit.
	full := s.oneEmpty &^ uint32(seen.clean)
	for _, base := range kindsBCR {
		for t := full >> base & 0x1ff; t != 0; t &= t - 1 {
			u := base + bits.TrailingZeros32(t)
			for d := uint8(1); d <= 9; d++ {
				m := s.pos[d][u]
				if popc(m) != 1 {
					continue
				}
				i := int(unitCells[u][lowBit(m)])
				if e.single(FullHouse, 10, i, d, func(st *Step) {
					st.Units = units(u)
					st.Cells = []int{i}
					st.Text = name(i) + " is the only empty cell left in " + unitName(u) + ", so it takes the missing " + itoa(d) + "."
				}) {
					return true
				}
			}
		}
	}
	if e.h.n > 0 {
		return true
	}
	open := ^(s.oneEmpty | uint32(seen.clean))
	for k, base := range kindsBCR {
		t, score := HiddenSingleBox, 12
		if k == 1 {
			t, score = HiddenSingleColumn, 15
		} else if k == 2 {
			t, score = HiddenSingleRow, 15
		}
		for m := open >> base & 0x1ff; m != 0; m &= m - 1 {
			u := base + bits.TrailingZeros32(m)
			ones, twos := s.onesTwos(u)
			if ones&^twos == 0 {
				seen.clean |= 1 << u
			}
			for once := ones &^ twos; once != 0; once &= once - 1 {
				d := lowDigit(once)
				i := int(unitCells[u][lowBit(s.pos[d][u])])
				if e.single(t, score, i, d, func(st *Step) {
					st.Units = units(u)
					st.Cells = []int{i}
					st.Pattern = []Candidate{{i, d}}
					st.Text = "In " + unitName(u) + ", " + itoa(d) + " can only go in " + name(i) + ", so it goes there."
				}) {
					return true
				}
			}
		}
		if e.h.n > 0 {
			return true
		}
	}
	return false
}

// onesTwos gives the digits with a place in unit u and those with two or
// more, counted over its cells (written out: the hottest loop of hidden
// singles).
func (s *state) onesTwos(u int) (ones, twos solver.Set) {
	c, cells := &s.cand, &unitCells[u]
	x0, x1, x2 := c[cells[0]], c[cells[1]], c[cells[2]]
	x3, x4, x5 := c[cells[3]], c[cells[4]], c[cells[5]]
	x6, x7, x8 := c[cells[6]], c[cells[7]], c[cells[8]]
	a, b, d := x0|x1|x2, x3|x4|x5, x6|x7|x8
	ones = a | b | d
	twos = x0&x1 | x0&x2 | x1&x2 | x3&x4 | x3&x5 | x4&x5 | x6&x7 | x6&x8 | x7&x8 | a&b | a&d | b&d
	return ones, twos
}

// single records a placement of a single; in batch mode it keeps looking
// (a cell found twice is placed once).
func (e *engine) single(t Technique, score, i int, d uint8, describe func(*Step)) (stop bool) {
	h := &e.h
	if h.n > 0 && (h.place[d].has(i) || e.placedCells.has(i)) {
		return false
	}
	h.tech, h.score = t, score
	h.place[d].add(i)
	e.placedCells.add(i)
	h.n++
	if e.describe {
		st := Step{Technique: t, Score: float64(score) / 10, Placements: []Candidate{{i, d}}}
		describe(&st)
		h.step = st
		return true
	}
	return !e.batch
}

// found records the one instance of a rule other than singles.
func (e *engine) found(t Technique, score int, describe func(*Step)) bool {
	h := &e.h
	h.tech, h.score = t, score
	h.n++
	if e.describe {
		st := Step{Technique: t, Score: float64(score) / 10}
		if h.cell >= 0 {
			st.Placements = []Candidate{{h.cell, h.digit}}
		}
		st.Eliminations = candidatesOf(&h.elim)
		describe(&st)
		h.step = st
	}
	return true
}

// crossings are the pairs (a, b) of a box and a line that meet, in SE's
// order for intersections, with in the positions in a of the cells in b.
var crossings []crossing

type crossing struct {
	kinds     int
	a, b      uint8
	in        uint16
	inCells   [3]uint8 // a's cells in b
	outCells  [6]uint8 // and the others
	restCells [6]uint8 // b's cells outside a
}

// crossIn[a][b] has bit p set when the p-th cell of unit a lies in unit b.
var crossIn [27][27]uint16

// unitCrossings[u] has bit k (of two words) set for each crossings[k]
// with u as one of its units.
var unitCrossings [27][2]uint64

func initCrossings() {
	for a := 0; a < 27; a++ {
		for b := 0; b < 27; b++ {
			for p, c := range unitCells[a] {
				if unitSet[b].has(int(c)) {
					crossIn[a][b] |= 1 << p
				}
			}
		}
	}
	for k, kinds := range lockedPairs {
		for ia := 0; ia < 9; ia++ {
			a := kinds[0] + ia
			for ib := 0; ib < 9; ib++ {
				b := kinds[1] + ib
				var in uint16
				for p, c := range unitCells[a] {
					if unitSet[b].has(int(c)) {
						in |= 1 << p
					}
				}
				if in != 0 {
					cr := crossing{kinds: k, a: uint8(a), b: uint8(b), in: in}
					ni, no, nr := 0, 0, 0
					for p, c := range unitCells[a] {
						if in&(1<<p) != 0 {
							cr.inCells[ni] = c
							ni++
						} else {
							cr.outCells[no] = c
							no++
						}
					}
					for _, c := range unitCells[b] {
						if !unitSet[a].has(int(c)) {
							cr.restCells[nr] = c
							nr++
						}
					}
					n := len(crossings)
					for _, u := range [2]int{a, b} {
						unitCrossings[u][n/64] |= 1 << (n % 64)
					}
					crossings = append(crossings, cr)
				}
			}
		}
	}
}

// lockedPairs are the (first, second) unit kinds of SE's intersections:
// box on column, box on row (pointing), column on box, row on box
// (claiming).
var lockedPairs = [4][2]int{{18, 9}, {18, 0}, {9, 18}, {0, 18}}

// intersections finds locked candidates: a digit of unit a confined to its
// overlap with unit b, which leaves the rest of b. Direct mode (SE's
// direct pointing and claiming, 1.7 and 1.9) takes only those whose
// removals leave a hidden single in a unit of a's kind, and places it;
// otherwise any with a removal (pointing 2.6, claiming 2.8).
func (e *engine) intersections(direct bool) bool {
	s := &e.s
	if direct && !e.anyDirectIntersection() || !direct && !e.anyLocked() {
		return false
	}
	// A crossing where pointing and claiming found nothing, with neither
	// unit changed since, has nothing.
	var seen *cleanCache
	if !direct {
		seen = e.cleanCrossings(&e.lockedSeen)
	}
	for k := range crossings {
		if !direct && seen.has(k) {
			continue
		}
		cr := &crossings[k]
		// The digits with two places or more in a's cells in b and none in
		// a's others.
		c0, c1, c2 := s.cand[cr.inCells[0]], s.cand[cr.inCells[1]], s.cand[cr.inCells[2]]
		locked := c0&c1 | c0&c2 | c1&c2
		if locked != 0 {
			for _, c := range cr.outCells {
				locked &^= s.cand[c]
			}
		}
		if locked == 0 {
			if !direct {
				seen.mark(k)
			}
			continue
		}
		if !direct {
			// Pointing and claiming need a removal: a locked digit with
			// places in b outside a.
			var rest solver.Set
			for _, c := range cr.restCells {
				rest |= s.cand[c]
			}
			if locked&rest == 0 {
				seen.mark(k)
				continue
			}
		}
		kinds := lockedPairs[cr.kinds]
		a, b := int(cr.a), int(cr.b)
		{
			{
				for ; locked != 0; locked &= locked - 1 {
					d := lowDigit(locked)
					m := s.pos[d][a]
					in := unitCellsOf(a, m)
					rest := s.where[d].and(unitSet[b]).andNot(unitSet[a])
					pointing := kinds[0] == 18
					if !direct {
						if rest.empty() {
							continue
						}
						t, score := Pointing, 26
						if !pointing {
							t, score = Claiming, 28
						}
						e.h.elim[d] = rest
						return e.found(t, score, func(st *Step) {
							describeLocked(st, a, b, in, d)
						})
					}
					// A unit of a's kind, other than a, crossing b, where d
					// keeps one place outside b.
					for ic := 0; ic < 9; ic++ {
						c := kinds[0] + ic
						if c == a || crossIn[c][b] == 0 {
							continue
						}
						mc := s.pos[d][c]
						if popc(mc) <= 1 {
							continue
						}
						left := mc &^ crossIn[c][b]
						if popc(left) != 1 {
							continue
						}
						i := int(unitCells[c][bits.TrailingZeros16(left)])
						t, score := DirectPointing, 17
						if !pointing {
							t, score = DirectClaiming, 19
						}
						e.h.cell, e.h.digit = i, d
						return e.found(t, score, func(st *Step) {
							describeLocked(st, a, b, in, d)
							st.Units = units(a, b, c)
							st.Eliminations = nil
							st.Other = pattern(rest, d)
							st.Text = "In " + unitName(a) + ", " + itoa(d) + " can only go in " + unitName(b) +
								", so it cannot go elsewhere in " + unitName(b) + "; then in " + unitName(c) +
								" it can only go in " + name(i) + ", so it goes there." + alsoNaked(s, i, d)
						})
					}
				}
			}
		}
	}
	return false
}

func describeLocked(st *Step, a, b int, in cellSet, d uint8) {
	st.Units = units(a, b)
	st.Cells = in.cells()
	st.Pattern = pattern(in, d)
	st.Text = "In " + unitName(a) + ", " + itoa(d) + " can only go where it meets " + unitName(b) +
		", so it cannot go elsewhere in " + unitName(b) + ": " + removal(st.Eliminations) + "."
}

// hiddenSet finds k digits of a unit with k places between them (each with
// at least two), which hold nothing else (hidden pair 3.4, triple 4.0,
// quad 5.4). Direct mode (SE's direct hidden pair 2.0 and triplet 2.5)
// instead takes a set that leaves another digit of the unit one place, and
// places it.
func (e *engine) hiddenSet(k int, direct bool) bool {
	if direct {
		units := e.directHiddenUnits(k)
		for _, base := range kindsBCR {
			for t := units >> base & 0x1ff; t != 0; t &= t - 1 {
				if e.hiddenSetIn(base+bits.TrailingZeros32(t), k, true) {
					return true
				}
			}
		}
		return false
	}
	seen := e.cleanUnits(&e.hiddenSeen[k])
	for _, base := range kindsBCR {
		for u := base; u < base+9; u++ {
			if seen.clean&(1<<u) != 0 {
				continue
			}
			if e.hiddenSetIn(u, k, false) {
				return true
			}
			seen.clean |= 1 << u
		}
	}
	return false
}

// hiddenSetIn is hiddenSet in unit u.
func (e *engine) hiddenSetIn(u, k int, direct bool) bool {
	s := &e.s
	n := s.emptyIn(u)
	if !(n > 2*k || direct && n > k) {
		return false
	}
	var pm [9]uint16   // the digits with two to k places: their places
	var dbit [9]uint32 // and the digit, bit d-1
	ne := 0
	for d := uint8(1); d <= 9; d++ {
		if p := s.pos[d][u]; popc(p) >= 2 && popc(p) <= k {
			pm[ne], dbit[ne] = p, 1<<(d-1)
			ne++
		}
	}
	// The sets of k digits in increasing order (for a pair, two digits
	// with the same two places): the first that gives a step.
	if k == 2 {
		for j := 1; j < ne; j++ {
			for i := 0; i < j; i++ {
				if pm[i] == pm[j] && e.hiddenSetStep(u, k, direct, pm[i], dbit[i]|dbit[j]) {
					return true
				}
			}
		}
		return false
	}
	for em := uint32(1)<<k - 1; em < 1<<ne; em = nextCombination(em) {
		places, m := unionOf(em, &pm, &dbit)
		if popc(places) == k && e.hiddenSetStep(u, k, direct, places, m) {
			return true
		}
	}
	return false
}

// hiddenSetStep records the step of the hidden set of the digits m (bit
// d-1) in the k places of unit u, if it gives one: for a direct set, a
// digit left with one place; else eliminations in those places.
func (e *engine) hiddenSetStep(u, k int, direct bool, places uint16, m uint32) bool {
	s := &e.s
	ds := solver.Set(m << 1)
	members := unitCellsOf(u, places)
	if direct {
		for d := uint8(1); d <= 9; d++ {
			if ds.Has(d) {
				continue
			}
			p := s.pos[d][u]
			if popc(p) <= 1 || popc(p&^places) != 1 {
				continue
			}
			i := int(unitCells[u][lowBit(p&^places)])
			t, score := DirectHiddenPair, 20
			if k == 3 {
				t, score = DirectHiddenTriple, 25
			}
			e.h.cell, e.h.digit = i, d
			return e.foundSet(t, score, u, members, ds, func(st *Step) string {
				return "In " + unitName(u) + ", " + digitList(ds) + " can only go in " + cellList(st.Cells) +
					", so those cells hold nothing else and " + itoa(d) +
					" can only go in " + name(i) + ", so it goes there." + alsoNaked(s, i, d)
			})
		}
		return false
	}
	if !s.takeIn(&e.h.elim, solver.All&^ds, members) {
		return false
	}
	t := [5]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[k]
	score := [5]int{2: 34, 3: 40, 4: 54}[k]
	return e.foundSet(t, score, u, members, ds, func(st *Step) string {
		return "In " + unitName(u) + ", " + digitList(ds) + " can only go in " + cellList(st.Cells) +
			", so those cells hold nothing else: " + removalByCell(st.Eliminations) + "."
	})
}

// foundSet records the step of a set: the cells members of unit u with
// the digits ds, and its text, made once the step has its cells.
func (e *engine) foundSet(t Technique, score, u int, members cellSet, ds solver.Set, text func(st *Step) string) bool {
	s := &e.s
	return e.found(t, score, func(st *Step) {
		st.Units = units(u)
		st.Cells = members.cells()
		st.Pattern = patternAll(s, st.Cells, ds)
		st.Text = text(st)
	})
}

// nakedSingle places the first cell, in reading order, with one candidate
// (2.3).
func (e *engine) nakedSingle() bool {
	s := &e.s
	for t := s.empty; !t.empty(); {
		i := t.pop()
		d := s.cand[i].Single()
		if d == 0 {
			continue
		}
		e.h.cell, e.h.digit = i, d
		return e.found(NakedSingle, 23, func(st *Step) {
			st.Cells = []int{i}
			st.Pattern = []Candidate{{i, d}}
			seen := s.placed[cellUnit[i][0]] | s.placed[cellUnit[i][1]] | s.placed[cellUnit[i][2]]
			if solver.All&^seen == 1<<d {
				st.Units = units(int(cellUnit[i][0]), int(cellUnit[i][1]), int(cellUnit[i][2]))
				st.Text = name(i) + " can only be " + itoa(d) + ": every other digit is already in its row, column or box."
			} else {
				st.Text = itoa(d) + " is the only candidate left in " + name(i) + ", so it goes there."
			}
		})
	}
	return false
}

// nakedSet finds k cells of a unit (each with two or more candidates) with
// k candidates between them, which leave the unit's other cells (naked
// pair 3.0, triple 3.6, quad 5.0).
func (e *engine) nakedSet(k int) bool {
	seen := e.cleanUnits(&e.nakedSeen[k])
	for _, base := range kindsBCR {
		for u := base; u < base+9; u++ {
			if seen.clean&(1<<u) != 0 {
				continue
			}
			if e.nakedSetIn(u, k) {
				return true
			}
			seen.clean |= 1 << u
		}
	}
	return false
}

// nakedSetIn is nakedSet in unit u.
func (e *engine) nakedSetIn(u, k int) bool {
	s := &e.s
	if s.emptyIn(u) < 2*k {
		return false
	}
	var elig [9]uint8 // the cells with two to k candidates: positions in u
	var cs [9]solver.Set
	ne := 0
	for p, c := range unitCells[u] {
		if x := s.cand[c]; x.Count() >= 2 && x.Count() <= k {
			elig[ne], cs[ne] = uint8(p), x
			ne++
		}
	}
	// The sets of k cells in increasing order of their positions (for a
	// pair, two cells with the same two candidates): the first with an
	// elimination.
	var ds solver.Set
	var m uint32 // the positions in the unit
	found := false
	if k == 2 {
	pairs:
		for j := 1; j < ne; j++ {
			for i := 0; i < j; i++ {
				if cs[i] == cs[j] {
					ds, m = cs[i], 1<<elig[i]|1<<elig[j]
					if s.takeIn(&e.h.elim, ds, unitSet[u].andNot(unitCellsOf(u, uint16(m)))) {
						found = true
						break pairs
					}
				}
			}
		}
	} else {
		for em := uint32(1)<<k - 1; em < 1<<ne; em = nextCombination(em) {
			ds, m = 0, 0
			for t := em; t != 0; t &= t - 1 {
				i := bits.TrailingZeros32(t)
				ds |= cs[i]
				m |= 1 << elig[i]
			}
			if ds.Count() == k && s.takeIn(&e.h.elim, ds, unitSet[u].andNot(unitCellsOf(u, uint16(m)))) {
				found = true
				break
			}
		}
	}
	if found {
		members := unitCellsOf(u, uint16(m))
		t := [5]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[k]
		score := [5]int{2: 30, 3: 36, 4: 50}[k]
		return e.foundSet(t, score, u, members, ds, func(st *Step) string {
			return "In " + unitName(u) + ", " + cellList(st.Cells) + " hold only " + digitList(ds) +
				" between them, so those digits cannot go elsewhere in " + unitName(u) + ": " + removal(st.Eliminations) + "."
		})
	}
	return false
}

// fish finds a digit whose places in k columns (then k rows) lie in k rows
// (columns), which it leaves elsewhere (X-Wing 3.2, Swordfish 3.8,
// Jellyfish 5.2).
func (e *engine) fish(k int) bool {
	s := &e.s
	// Each digit's placements, four bits a digit: its rows.
	var placed uint64
	for r := 0; r < 9; r++ {
		placed += digitNibbles[s.placed[r]&0x3ff]
	}
	for bi, base := range [2]int{9, 0} { // columns as base lines first
		cover := 9 - base
		// A digit whose fish of these base lines found nothing, with its
		// places unchanged since, has none.
		seen := e.cleanDigits(&e.fishSeen[k][bi])
		// SE walks line sets in increasing order, digits inside: the first
		// hit is the least (line set, digit) over each digit's first.
		bestM, bestD := uint32(1<<9), uint8(0)
		var bestX cellSet
		var bestPlaces uint16
		for d := uint8(1); d <= 9; d++ {
			if int(placed>>(4*d)&15)+2*k > 9 || seen.clean&(1<<d) != 0 {
				continue
			}
			whole := true       // the digit's line sets all tried, none a fish
			var lines [9]uint32 // the eligible lines (bit l) and their places
			var pm [9]uint16
			ne := 0
			for l := 0; l < 9; l++ {
				if p := s.pos[d][base+l]; popc(p) >= 2 && popc(p) <= k {
					lines[ne], pm[ne] = 1<<l, p
					ne++
				}
			}
			if k == 2 {
				// Two lines of two places each: the same two. The pairs in
				// increasing order of their line sets, as below.
			pairs:
				for j := 1; j < ne; j++ {
					for i := 0; i < j; i++ {
						m := lines[i] | lines[j]
						if m >= bestM {
							whole = false
							break pairs
						}
						if pm[i] != pm[j] {
							continue
						}
						if x := fishElim(s, d, base, m, pm[i]); !x.empty() {
							bestM, bestD, bestX, bestPlaces = m, d, x, pm[i]
							whole = false
							break pairs
						}
					}
				}
			} else {
				for em := uint32(1)<<k - 1; em < 1<<ne; em = nextCombination(em) {
					places, m := unionOf(em, &pm, &lines)
					if m >= bestM {
						whole = false
						break
					}
					if popc(places) != k {
						continue
					}
					if x := fishElim(s, d, base, m, places); !x.empty() {
						bestM, bestD, bestX, bestPlaces = m, d, x, places
						whole = false
						break
					}
				}
			}
			if whole {
				seen.clean |= 1 << d
			}
		}
		if bestD != 0 {
			m, d, x, places := bestM, bestD, bestX, bestPlaces
			var baseSet, coverSet cellSet
			for t := m; t != 0; t &= t - 1 {
				baseSet = baseSet.or(unitSet[base+bits.TrailingZeros32(t)])
			}
			for t := places; t != 0; t &= t - 1 {
				coverSet = coverSet.or(unitSet[cover+bits.TrailingZeros16(t)])
			}
			{
				var us []int
				e.h.elim[d] = x
				t := [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}[k]
				score := [5]int{2: 32, 3: 38, 4: 52}[k]
				return e.found(t, score, func(st *Step) {
					var bs, cs []int
					for t := m; t != 0; t &= t - 1 {
						bs = append(bs, base+bits.TrailingZeros32(t))
					}
					for t := places; t != 0; t &= t - 1 {
						cs = append(cs, cover+bits.TrailingZeros16(t))
					}
					us = append(bs, cs...)
					st.Units = units(us...)
					in := s.where[d].and(baseSet).and(coverSet)
					st.Cells = in.cells()
					st.Pattern = pattern(in, d)
					st.Text = "In " + unitNames(bs) + ", " + itoa(d) + " can only go in " + unitNames(cs) +
						", so it cannot go elsewhere in those " + unitOf[cs[0]].Kind.String() + "s: " + removal(st.Eliminations) + "."
				})
			}
		}
	}
	return false
}

// unionOf gives, for the items of the combination em (bit i for item i),
// the union of their places and of their tags.
func unionOf(em uint32, places *[9]uint16, tags *[9]uint32) (p uint16, m uint32) {
	for t := em; t != 0; t &= t - 1 {
		i := bits.TrailingZeros32(t) % 9
		p |= places[i]
		m |= tags[i]
	}
	return p, m
}

// fishElim gives the places of digit d that a fish of the base lines m
// (bit l for line base+l) covering the cross lines places (bit p for
// cross line p) takes: those on the cross lines outside the base lines.
func fishElim(s *state, d uint8, base int, m uint32, places uint16) cellSet {
	var baseSet, coverSet cellSet
	for t := m; t != 0; t &= t - 1 {
		baseSet = baseSet.or(unitSet[base+bits.TrailingZeros32(t)])
	}
	for t := places; t != 0; t &= t - 1 {
		coverSet = coverSet.or(unitSet[9-base+bits.TrailingZeros16(t)])
	}
	return s.where[d].and(coverSet).andNot(baseSet)
}

// digitNibbles[ds] has nibble d set to one for each digit d of ds.
var digitNibbles [1 << 10]uint64

func init() {
	for ds := range digitNibbles {
		for d := 1; d <= 9; d++ {
			if ds>>d&1 != 0 {
				digitNibbles[ds] |= 1 << (4 * d)
			}
		}
	}
}

// bothOf gives the cells holding both digits of ds, a set of two.
func bothOf(s *state, ds solver.Set) cellSet {
	d := lowDigit(ds)
	return s.where[d].and(s.where[lowDigit(ds&^(1<<d))])
}

// wing finds XY-Wings (4.2: a bivalue pivot xy and bivalue pincers xz and
// yz it sees) and XYZ-Wings (4.4: a pivot xyz); z leaves the cells that
// see both pincers (and, for XYZ, the pivot).
func (e *engine) wing(xyz bool) bool {
	s := &e.s
	n := 2
	if xyz {
		n = 3
	}
	var bivalue cellSet // the pincers' cells: two candidates
	for t := s.empty; !t.empty(); {
		if i := t.pop(); s.cand[i].Count() == 2 {
			bivalue.add(i)
		}
	}
	for i := 0; i < 81; i++ {
		xy := s.cand[i]
		if xy.Count() != n {
			continue
		}
		for _, a := range houseOrder[i] {
			xz := s.cand[a]
			if xz.Count() != 2 || (xy&^xz).Count() != 1 {
				continue
			}
			// The second pincer's candidates: XY-Wing, the pivot's digit
			// the first pincer lacks and the first pincer's other digit;
			// XYZ-Wing, the pivot's digit the first pincer lacks and either
			// of the first pincer's (two digits of the pivot sharing one
			// with the first pincer).
			want1, want2 := xy&^xz|xz&^xy, noPincer
			if xyz {
				want1 = xy&^xz | 1<<lowDigit(xz)
				want2 = xy&^xz | xz&^(1<<lowDigit(xz))
			}
			// The second pincer holds just the two digits of want1 (or
			// want2): when no peer does, there is none.
			maybe := bothOf(s, want1)
			if xyz {
				maybe = maybe.or(bothOf(s, want2))
			}
			maybe = maybe.and(peerSet[i]).and(bivalue)
			if maybe.empty() {
				continue
			}
			// Those cells in houseOrder's order (one needs no order).
			var bs [20]uint8
			nb := 0
			if !maybe.atLeastTwo() {
				bs[0], nb = uint8(maybe.pop()), 1
			} else {
				for _, b := range houseOrder[i] {
					if maybe.has(int(b)) {
						bs[nb] = b
						nb++
					}
				}
			}
			for _, b := range bs[:nb] {
				yz := s.cand[b]
				if yz != want1 && yz != want2 {
					continue
				}
				z := (xz & yz).Single()
				if z == 0 {
					z = lowDigit(xz & yz)
				}
				victims := peerSet[a].and(peerSet[b])
				if xyz {
					victims = victims.and(peerSet[i])
				}
				victims.remove(i)
				victims.remove(int(a))
				victims.remove(int(b))
				x := victims.and(s.where[z])
				if x.empty() {
					continue
				}
				e.h.elim[z] = x
				t, score := XYWing, 42
				if xyz {
					t, score = XYZWing, 44
				}
				pivot, p1, p2 := i, int(a), int(b)
				return e.found(t, score, func(st *Step) {
					st.Cells = []int{pivot, p1, p2}
					st.Pattern = append(patternAll(s, []int{pivot}, xy), patternAll(s, []int{p1, p2}, xz|yz)...)
					st.Other = []Candidate{{p1, z}, {p2, z}}
					if xyz {
						st.Other = append(st.Other, Candidate{pivot, z})
						st.Text = "The pivot " + name(pivot) + " holds " + digitList(xy) + "; of the pincers, " + name(p1) + " holds " + digitList(xz) + " and " + name(p2) +
							" holds " + digitList(yz) + ": whichever the pivot holds, one of the three is " + itoa(z) +
							", so no cell that sees all three can be " + itoa(z) + ": " + removal(st.Eliminations) + "."
					} else {
						st.Text = "The pivot " + name(pivot) + " holds " + digitList(xy) + "; of the pincers, " + name(p1) + " holds " + digitList(xz) + " and " + name(p2) +
							" holds " + digitList(yz) + ": whichever the pivot holds, one pincer is " + itoa(z) +
							", so no cell that sees both pincers can be " + itoa(z) + ": " + removal(st.Eliminations) + "."
					}
				})
			}
		}
	}
	return false
}

// alsoNaked says, for a learner, that the cell i where a direct step
// places d has no other candidate left: SE's scale puts direct pointing,
// claiming and hidden pairs (1.7-2.0) below a naked single (2.3), so the
// step is named for the pattern though the cell alone shows the digit.
func alsoNaked(s *state, i int, d uint8) string {
	if s.cand[i].Single() != d {
		return ""
	}
	return " " + name(i) + " has no other candidate left, so it is a naked single too."
}

// noPincer is a second pincer that no cell matches: bit 0 is no digit
// (and a filled cell's candidates, 0, must not match either).
const noPincer solver.Set = 1

// nextCombination returns the next larger integer with the same number of
// set bits (Gosper's hack), for walking the k-subsets of n items in SE's
// order.
func nextCombination(m uint32) uint32 {
	c := m & -m
	r := m + c
	return (((r ^ m) >> 2) / c) | r
}

// lowBit is the index of the lowest set bit of a non-zero mask.
func lowBit(m uint16) int { return bits.TrailingZeros16(m) }
