package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// findFullHouse: a unit with one empty cell takes the one missing digit.
// O(27).
func findFullHouse(f *finder, s *state) bool {
	for u := 0; u < 27; u++ {
		e := s.empty.and(unitSet[u])
		if e.count() != 1 {
			continue
		}
		i := e.first()
		d := (solver.All &^ s.placed[u]).Single()
		if d == 0 || !s.cand[i].Has(d) {
			continue // broken position; left for the caller to notice
		}
		f.em.cur.place[d].add(i)
		if f.em.hit(FullHouse, func(st *Step) {
			st.Units = units(u)
			st.Cells = []int{i}
			st.Text = name(i) + " is the only empty cell left in " + unitName(u) + ", so it takes the missing " + itoa(d) + "."
		}) {
			return true
		}
	}
	return f.em.n > 0
}

// findHiddenSingle: a digit with one place left in a unit goes there.
// first is the first unit of the kind (0 rows, 9 columns, 18 boxes).
// O(9·9).
func findHiddenSingle(f *finder, s *state, t Technique, first int) bool {
	for u := first; u < first+9; u++ {
		for d := uint8(1); d <= 9; d++ {
			m := s.pos[d][u]
			if m == 0 || m&(m-1) != 0 {
				continue
			}
			i := int(unitCells[u][lowBit(m)])
			f.em.cur.place[d].add(i)
			if f.em.hit(t, func(st *Step) {
				st.Units = units(u)
				st.Cells = []int{i}
				st.Pattern = []Candidate{{i, d}}
				st.Text = "In " + unitName(u) + ", " + itoa(d) + " can only go in " + name(i) + ", so it goes there."
			}) {
				return true
			}
		}
	}
	return f.em.n > 0
}

// findNakedSingle: a cell with one candidate takes it. O(81).
func findNakedSingle(f *finder, s *state) bool {
	for t := s.empty; !t.empty(); {
		i := t.pop()
		d := s.cand[i].Single()
		if d == 0 {
			continue
		}
		f.em.cur.place[d].add(i)
		if f.em.hit(NakedSingle, func(st *Step) {
			st.Cells = []int{i}
			st.Pattern = []Candidate{{i, d}}
			seen := s.placed[cellUnit[i][0]] | s.placed[cellUnit[i][1]] | s.placed[cellUnit[i][2]]
			if solver.All&^seen == 1<<d {
				st.Units = units(int(cellUnit[i][0]), int(cellUnit[i][1]), int(cellUnit[i][2]))
				st.Text = name(i) + " can only be " + itoa(d) + ": every other digit is already in its row, column or box."
			} else {
				st.Text = itoa(d) + " is the only candidate left in " + name(i) + ", so it goes there."
			}
		}) {
			return true
		}
	}
	return f.em.n > 0
}

// lowBit is the index of the lowest set bit of a non-zero mask.
func lowBit(m uint16) int { return bits.TrailingZeros16(m) }
