package logic

import "example.com/sudoku/solver"

// nextCombination returns the next larger integer with the same number of
// set bits (Gosper's hack), for walking the k-subsets of n items.
func nextCombination(m uint32) uint32 {
	c := m & -m
	r := m + c
	return (((r ^ m) >> 2) / c) | r
}

var subsetTechnique = [2][5]Technique{
	{2: NakedPair, 3: NakedTriple, 4: NakedQuad},
	{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad},
}

// findNakedSubset: k cells of a unit whose candidates number k in all hold
// those k digits, which leave the unit's other cells. O(27·C(9,k)).
func findNakedSubset(f *finder, s *state, k int) bool {
	t := subsetTechnique[0][k]
	var cells [9]int
	for u := 0; u < 27; u++ {
		n := 0
		for _, c := range unitCells[u] {
			if cnt := s.cand[c].Count(); cnt >= 2 && cnt <= k {
				cells[n] = int(c)
				n++
			}
		}
		if n < k {
			continue
		}
		for m := uint32(1)<<k - 1; m < 1<<n; m = nextCombination(m) {
			var digits solver.Set
			var members cellSet
			for j := 0; j < n; j++ {
				if m&(1<<j) != 0 {
					digits |= s.cand[cells[j]]
					members.add(cells[j])
				}
			}
			if digits.Count() != k {
				continue
			}
			found := false
			for ds := digits; ds != 0; ds &= ds - 1 {
				d := lowDigit(ds)
				if e := s.where[d].and(unitSet[u]).andNot(members); !e.empty() {
					f.em.cur.elim[d] = e
					found = true
				}
			}
			if !found {
				continue
			}
			if f.em.hit(t, func(st *Step) {
				st.Units = units(u)
				st.Cells = members.cells()
				st.Pattern = patternAll(s, st.Cells, digits)
				verb := "hold only " + digitList(digits) + " between them"
				if k == 2 {
					verb = "both hold only " + digitList(digits)
				}
				st.Text = "In " + unitName(u) + ", " + cellList(st.Cells) + " " + verb +
					", so those digits belong to them: " + removal(st.Eliminations) + "."
			}) {
				return true
			}
		}
	}
	return f.em.n > 0
}

// findHiddenSubset: k digits whose places in a unit number k in all fill
// those k cells, which lose every other candidate. O(27·C(9,k)).
func findHiddenSubset(f *finder, s *state, k int) bool {
	t := subsetTechnique[1][k]
	var digits [9]uint8
	for u := 0; u < 27; u++ {
		n := 0
		for d := uint8(1); d <= 9; d++ {
			if cnt := popcount16(s.pos[d][u]); cnt >= 2 && cnt <= k {
				digits[n] = d
				n++
			}
		}
		if n < k {
			continue
		}
		for m := uint32(1)<<k - 1; m < 1<<n; m = nextCombination(m) {
			var places uint16
			var ds solver.Set
			for j := 0; j < n; j++ {
				if m&(1<<j) != 0 {
					places |= s.pos[digits[j]][u]
					ds |= 1 << digits[j]
				}
			}
			if popcount16(places) != k {
				continue
			}
			members := unitCellsOf(u, places)
			found := false
			for others := solver.All &^ ds; others != 0; others &= others - 1 {
				d := lowDigit(others)
				if e := s.where[d].and(members); !e.empty() {
					f.em.cur.elim[d] = e
					found = true
				}
			}
			if !found {
				continue
			}
			if f.em.hit(t, func(st *Step) {
				st.Units = units(u)
				st.Cells = members.cells()
				st.Pattern = patternAll(s, st.Cells, ds)
				st.Text = "In " + unitName(u) + ", " + digitList(ds) + " can only go in " + cellList(st.Cells) +
					", so those cells hold nothing else: " + removalByCell(st.Eliminations) + "."
			}) {
				return true
			}
		}
	}
	return f.em.n > 0
}

// findDirectHiddenPair is Sudoku Explainer's direct hidden pair: a hidden
// pair in a unit that leaves another digit of the same unit a single place
// once the pair's cells hold nothing else; that digit is placed (the
// pair's eliminations are not made). It needs no candidates written down,
// hence its low score (2.0).
func findDirectHiddenPair(f *finder, s *state) bool {
	var digits [9]uint8
	for u := 0; u < 27; u++ {
		n := 0
		for d := uint8(1); d <= 9; d++ {
			if popcount16(s.pos[d][u]) == 2 {
				digits[n] = d
				n++
			}
		}
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				da, db := digits[a], digits[b]
				if s.pos[da][u] != s.pos[db][u] {
					continue
				}
				members := unitCellsOf(u, s.pos[da][u])
				ds := solver.Set(1<<da | 1<<db)
				i, d, ok := -1, uint8(0), false
				for others := solver.All &^ ds; others != 0 && !ok; others &= others - 1 {
					d = lowDigit(others)
					if m := s.pos[d][u]; popcount16(m) > 1 && popcount16(m&^s.pos[da][u]) == 1 {
						i, ok = int(unitCells[u][lowBit(m&^s.pos[da][u])]), true
					}
				}
				if !ok {
					continue
				}
				f.em.cur.place[d].add(i)
				if f.em.hit(DirectHiddenPair, func(st *Step) {
					st.Units = units(u)
					st.Cells = members.cells()
					st.Pattern = patternAll(s, st.Cells, ds)
					st.Text = "In " + unitName(u) + ", " + digitList(ds) + " can only go in " + cellList(st.Cells) +
						", so those cells hold nothing else and " + itoa(d) +
						" can only go in " + name(i) + ", so it goes there."
				}) {
					return true
				}
			}
		}
	}
	return f.em.n > 0
}
