package logic

import "example.com/sudoku/solver"

// Patterns of one digit built from conjugate pairs: a unit where the digit
// has exactly two places, so exactly one of them holds it.

// conjugate returns the other place of d in unit u when d has exactly two
// places there, one of them cell i; else -1.
func (s *state) conjugate(u int, d uint8, i int) int {
	m := s.pos[d][u]
	if popcount16(m) != 2 {
		return -1
	}
	for ; m != 0; m &= m - 1 {
		if c := int(unitCells[u][lowBit(m)]); c != i {
			return c
		}
	}
	return -1
}

// findSkyscraper: two parallel lines each with d in two places; one end
// of each lies on a common cross line, so those two are not both d and one
// of the other ends (the tops) is d: a cell seeing both tops is not d.
// O(9·2·36).
func findSkyscraper(f *finder, s *state) bool {
	for d := uint8(1); d <= 9; d++ {
		for o := 0; o < 2; o++ {
			for a := o * 9; a < o*9+9; a++ {
				pa := s.pos[d][a]
				if popcount16(pa) != 2 {
					continue
				}
				for b := a + 1; b < o*9+9; b++ {
					pb := s.pos[d][b]
					if popcount16(pb) != 2 {
						continue
					}
					common := pa & pb
					if popcount16(common) != 1 {
						continue // nothing shared, or an X-Wing
					}
					topA := int(unitCells[a][lowBit(pa&^common)])
					topB := int(unitCells[b][lowBit(pb&^common)])
					baseA := int(unitCells[a][lowBit(common)])
					baseB := int(unitCells[b][lowBit(common)])
					elim := s.where[d].and(peerSet[topA]).and(peerSet[topB])
					if elim.empty() {
						continue
					}
					f.em.cur.elim[d] = elim
					if f.em.hit(Skyscraper, func(st *Step) {
						cross := int(cellUnit[baseA][1-o])
						st.Units = units(a, b, cross)
						st.Cells = []int{topA, baseA, baseB, topB}
						st.Pattern = pattern(bit(topA).or(bit(baseA)).or(bit(baseB)).or(bit(topB)), d)
						st.Links = []Link{
							{Candidate{topA, d}, Candidate{baseA, d}, true},
							{Candidate{baseA, d}, Candidate{baseB, d}, false},
							{Candidate{baseB, d}, Candidate{topB, d}, true},
						}
						st.Text = "In " + unitNames([]int{a, b}) + ", " + itoa(d) + " can only go in two cells each; " +
							name(baseA) + " and " + name(baseB) + " share " + unitName(cross) + ", so they are not both " + itoa(d) +
							" and one of " + name(topA) + " and " + name(topB) + " is: " + removal(st.Eliminations) + "."
					}) {
						return true
					}
				}
			}
		}
	}
	return f.em.n > 0
}

// findKite: d has two places in a row and two in a column, and one end of
// each lies in the same box (different cells); those two are not both d,
// so one of the far ends is d: a cell seeing both far ends is not d.
// O(9·81).
func findKite(f *finder, s *state) bool {
	for d := uint8(1); d <= 9; d++ {
		for r := 0; r < 9; r++ {
			pr := s.pos[d][r]
			if popcount16(pr) != 2 {
				continue
			}
			rowPair := unitCellsOf(r, pr)
			for c := 9; c < 18; c++ {
				pc := s.pos[d][c]
				if popcount16(pc) != 2 {
					continue
				}
				colPair := unitCellsOf(c, pc)
				if !rowPair.and(colPair).empty() {
					continue
				}
				for tr := rowPair; !tr.empty(); {
					rowNear := tr.pop()
					rowFar := rowPair.andNot(bit(rowNear)).first()
					for tc := colPair; !tc.empty(); {
						colNear := tc.pop()
						colFar := colPair.andNot(bit(colNear)).first()
						box := solver.Box(rowNear)
						if solver.Box(colNear) != box || solver.Box(rowFar) == box || solver.Box(colFar) == box {
							continue
						}
						elim := s.where[d].and(peerSet[rowFar]).and(peerSet[colFar])
						if elim.empty() {
							continue
						}
						f.em.cur.elim[d] = elim
						if f.em.hit(TwoStringKite, func(st *Step) {
							st.Units = units(r, c, 18+box)
							st.Cells = []int{rowFar, rowNear, colNear, colFar}
							st.Pattern = pattern(rowPair.or(colPair), d)
							st.Links = []Link{
								{Candidate{rowFar, d}, Candidate{rowNear, d}, true},
								{Candidate{rowNear, d}, Candidate{colNear, d}, false},
								{Candidate{colNear, d}, Candidate{colFar, d}, true},
							}
							st.Text = "In " + unitName(r) + ", " + itoa(d) + " can only go in " + cellOrList(rowPair.cells()) +
								", and in " + unitName(c) + " only in " + cellOrList(colPair.cells()) + "; " +
								name(rowNear) + " and " + name(colNear) + " share " + unitName(18+box) + ", so they are not both " +
								itoa(d) + " and one of " + name(rowFar) + " and " + name(colFar) + " is: " + removal(st.Eliminations) + "."
						}) {
							return true
						}
					}
				}
			}
		}
	}
	return f.em.n > 0
}

// findSimpleColouring colours the cells of each cluster of conjugate
// pairs of a digit in two alternating colours: one colour holds the digit
// and the other does not. If two cells of one colour see each other, that
// colour is wrong (a wrap); a cell seeing both colours is not the digit (a
// trap). O(9·81·3).
func findSimpleColouring(f *finder, s *state) bool {
	var colour [81]uint8 // 0 uncoloured, else 2·cluster + (0 or 1) + 1
	var queue [81]int
	for d := uint8(1); d <= 9; d++ {
		for i := range colour {
			colour[i] = 0
		}
		cluster := uint8(0)
		for t := s.where[d]; !t.empty(); {
			start := t.pop()
			if colour[start] != 0 {
				continue
			}
			// Breadth-first colouring along conjugate pairs.
			var sides [2]cellSet
			links := 0
			colour[start] = 2*cluster + 1
			sides[0].add(start)
			queue[0] = start
			for head, tail := 0, 1; head < tail; head++ {
				c := queue[head]
				side := (colour[c] - 1) & 1
				for k := 0; k < 3; k++ {
					o := s.conjugate(int(cellUnit[c][k]), d, c)
					if o < 0 {
						continue
					}
					links++
					if colour[o] == 0 {
						colour[o] = 2*cluster + 1 + (1 - side)
						sides[1-side].add(o)
						queue[tail] = o
						tail++
					}
				}
			}
			cluster++
			if links < 4 { // each link counted from both ends: one link is a locked candidate
				continue
			}
			if f.colourCluster(s, d, sides) {
				return true
			}
		}
	}
	return f.em.n > 0
}

// colourCluster applies the wrap and trap rules to one two-coloured
// cluster and reports whether the finder should stop.
func (f *finder) colourCluster(s *state, d uint8, sides [2]cellSet) bool {
	wrong := -1
	for k := 0; k < 2 && wrong < 0; k++ {
		for t := sides[k]; !t.empty(); {
			if !peerSet[t.pop()].and(sides[k]).empty() {
				wrong = k
				break
			}
		}
	}
	var elim cellSet
	if wrong >= 0 {
		elim = sides[wrong]
	} else {
		seeA, seeB := cellSet{}, cellSet{}
		for t := sides[0]; !t.empty(); {
			seeA = seeA.or(peerSet[t.pop()])
		}
		for t := sides[1]; !t.empty(); {
			seeB = seeB.or(peerSet[t.pop()])
		}
		elim = s.where[d].and(seeA).and(seeB).andNot(sides[0].or(sides[1]))
	}
	if elim.empty() {
		return false
	}
	f.em.cur.elim[d] = elim
	return f.em.hit(SimpleColouring, func(st *Step) {
		st.Cells = sides[0].or(sides[1]).cells()
		st.Pattern = pattern(sides[0], d)
		st.Other = pattern(sides[1], d)
		st.Links = colourLinks(s, d, sides[0].or(sides[1]))
		a, b := cellList(sides[0].cells()), cellList(sides[1].cells())
		intro := "The cells where " + itoa(d) + " has only two places in a unit link up, so either " + a +
			" are all " + itoa(d) + ", or " + b + " are"
		if wrong >= 0 {
			w := sides[wrong].cells()
			var x, y int
			for _, c := range w {
				if o := peerSet[c].and(sides[wrong]); !o.empty() {
					x, y = c, o.first()
					break
				}
			}
			st.Text = intro + "; " + name(x) + " and " + name(y) + " would both be " + itoa(d) +
				" in the first case but see each other, so " + removal(st.Eliminations) + "."
			if wrong == 1 {
				st.Text = intro + "; " + name(x) + " and " + name(y) + " would both be " + itoa(d) +
					" in the second case but see each other, so " + removal(st.Eliminations) + "."
			}
			return
		}
		st.Text = intro + "; either way " + pluralSee(st.Eliminations) + " " + aDigit(d) + ", so " +
			removal(st.Eliminations) + "."
	})
}

// pluralSee writes "r4c4 sees" or "r4c4 and r5c5 see".
func pluralSee(elims []Candidate) string {
	cells := make([]int, len(elims))
	for k, e := range elims {
		cells[k] = e.Cell
	}
	if len(cells) == 1 {
		return cellList(cells) + " sees"
	}
	return cellList(cells) + " see"
}

// colourLinks lists the conjugate pairs of d among cells, once each.
func colourLinks(s *state, d uint8, cells cellSet) []Link {
	var out []Link
	for u := 0; u < 27; u++ {
		m := s.pos[d][u]
		if popcount16(m) != 2 {
			continue
		}
		pair := unitCellsOf(u, m)
		if pair.and(cells) != pair {
			continue
		}
		a := pair.first()
		b := pair.andNot(bit(a)).first()
		dup := false
		for _, l := range out {
			if l.From.Cell == a && l.To.Cell == b {
				dup = true
			}
		}
		if !dup {
			out = append(out, Link{Candidate{a, d}, Candidate{b, d}, true})
		}
	}
	return out
}
