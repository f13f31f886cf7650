package logic

import "example.com/sudoku/solver"

// alignedExclusion is SE's aligned pair (6.2) and triplet (7.5) exclusion:
// for k cells, every combination of their candidates that would empty a
// cell they all see (one with at most k candidates), or put one digit
// twice in a unit, is impossible; a candidate in no possible combination
// goes.
func (e *engine) alignedExclusion(k int) bool {
	s := &e.s
	// The base cells: two or more candidates, no naked single among their
	// peers, and at least one peer with 2..k candidates (an excluder).
	var list []int
	var excl [81][]int
	var exclSet [81]cellSet
	var inList cellSet
	for i := 0; i < 81; i++ {
		if s.cand[i].Count() < 2 {
			continue
		}
		single := false
		var ex []int
		for _, c := range houseOrder[i] {
			n := s.cand[c].Count()
			if n == 1 {
				single = true
			} else if n >= 2 && n <= k {
				ex = append(ex, int(c))
			}
		}
		if single || len(ex) == 0 {
			continue
		}
		list = append(list, i)
		excl[i] = ex
		for _, c := range ex {
			exclSet[i].add(c)
		}
		inList.add(i)
	}
	if len(list) < k {
		return false
	}
	var cells [3]int
	tail := make([]int, 0, 40)
	// Pairs in SE's order: by the later cell, then the earlier.
	for j := 1; j < len(list); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := list[i], list[j]
			if exclSet[c0].and(exclSet[c1]).count() < 2 {
				continue // the cells all see need two excluders
			}
			cells[0], cells[1] = c0, c1
			if k == 2 {
				if e.exclude(cells[:2], excl[c0], &exclSet) {
					return true
				}
				continue
			}
			// The twin area: the other base cells among the excluders of c0
			// or c1, in that order.
			tail = tail[:0]
			var seen cellSet
			for _, ex := range [2][]int{excl[c0], excl[c1]} {
				for _, c := range ex {
					if !seen.has(c) && inList.has(c) && c != c0 && c != c1 {
						seen.add(c)
						tail = append(tail, c)
					}
				}
			}
			for _, c2 := range tail {
				cells[2] = c2
				if e.exclude(cells[:3], excl[c0], &exclSet) {
					return true
				}
			}
		}
	}
	return false
}

// blocked reports whether a combination using the digits used would
// leave one of the common excluders (candidates ms) without a candidate.
func blocked(ms []solver.Set, used solver.Set) bool {
	for _, m := range ms {
		if m&^used == 0 {
			return true
		}
	}
	return false
}

// allowed3 reports whether base cell a can hold v in some combination of
// the three cells: no digit twice in a unit, no common excluder emptied.
func allowed3(s *state, cells []int, see *[3][3]bool, ms []solver.Set, a, b, c int, v uint8) bool {
	for y := s.cand[cells[b]]; y != 0; y &= y - 1 {
		w1 := lowDigit(y)
		if w1 == v && see[a][b] {
			continue
		}
		for z := s.cand[cells[c]]; z != 0; z &= z - 1 {
			w2 := lowDigit(z)
			if w2 == v && see[a][c] || w2 == w1 && see[b][c] {
				continue
			}
			if !blocked(ms, 1<<v|1<<w1|1<<w2) {
				return true
			}
		}
	}
	return false
}

// exclude tries one set of base cells.
func (e *engine) exclude(cells []int, excl0 []int, exclSet *[81]cellSet) bool {
	s := &e.s
	common := exclSet[cells[0]]
	for _, b := range cells[1:] {
		common = common.and(exclSet[b])
	}
	if common.count() < 2 {
		return false
	}
	var masks [20]solver.Set
	nm := 0
	for t := common; !t.empty() && nm < len(masks); {
		masks[nm] = s.cand[t.pop()]
		nm++
	}
	ms := masks[:nm]
	k := len(cells)
	var allowed [3]solver.Set
	if k == 2 {
		c0, c1 := cells[0], cells[1]
		see := peerSet[c0].has(c1)
		for x := s.cand[c0]; x != 0; x &= x - 1 {
			a := lowDigit(x)
			for y := s.cand[c1]; y != 0; y &= y - 1 {
				b := lowDigit(y)
				if a == b && see || blocked(ms, 1<<a|1<<b) {
					continue
				}
				allowed[0] |= 1 << a
				allowed[1] |= 1 << b
			}
		}
	} else {
		var see [3][3]bool
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				see[a][b] = a != b && peerSet[cells[a]].has(cells[b])
			}
		}
		for a := 0; a < 3; a++ {
			b, c := (a+1)%3, (a+2)%3
			for x := s.cand[cells[a]]; x != 0; x &= x - 1 {
				v := lowDigit(x)
				if allowed3(s, cells, &see, ms, a, b, c, v) {
					allowed[a] |= 1 << v
				}
			}
		}
	}
	found := false
	for a := 0; a < k; a++ {
		if x := s.cand[cells[a]] &^ allowed[a]; x != 0 {
			for d := uint8(1); d <= 9; d++ {
				if x.Has(d) {
					e.h.elim[d].add(cells[a])
					found = true
				}
			}
		}
	}
	if !found {
		return false
	}
	t, score := AlignedPairExclusion, 62
	if k == 3 {
		t, score = AlignedTripletExclusion, 75
	}
	base := append([]int(nil), cells...)
	var commonList []int
	for _, c := range excl0 {
		if common.has(c) {
			commonList = append(commonList, c)
		}
	}
	return e.found(t, score, func(st *Step) {
		st.Cells = base
		var pat []Candidate
		for _, c := range base {
			pat = append(pat, patternAll(s, []int{c}, s.cand[c])...)
		}
		st.Pattern = pat
		var other []Candidate
		for _, c := range commonList {
			other = append(other, patternAll(s, []int{c}, s.cand[c])...)
		}
		st.Other = other
		st.Text = "Every way to fill " + cellList(base) + " that would leave one of " + cellList(commonList) +
			" (which they all see) without a candidate, or repeat a digit in a unit, is impossible; no possible way uses " +
			removalByCell(st.Eliminations) + "."
	})
}
