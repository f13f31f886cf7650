package logic

import "example.com/sudoku/solver"

// bivalue returns the set of empty cells with exactly two candidates.
// O(81).
func (s *state) bivalue() cellSet {
	var out cellSet
	for t := s.empty; !t.empty(); {
		i := t.pop()
		if c := s.cand[i]; c&(c-1) != 0 && c&(c-1)&(c&(c-1)-1) == 0 {
			out.add(i)
		}
	}
	return out
}

// findXYWing: a pivot holding x or y sees a pincer holding x or z and
// another holding y or z; whichever the pivot is, one pincer is z, so a
// cell seeing both pincers is not z. O(bivalue cells · 20²).
func findXYWing(f *finder, s *state) bool {
	bv := s.bivalue()
	for t := bv; !t.empty(); {
		p := t.pop()
		wings := bv.and(peerSet[p])
		for ta := wings; !ta.empty(); {
			a := ta.pop()
			common := s.cand[a] & s.cand[p]
			if common.Count() != 1 {
				continue
			}
			z := lowDigit(s.cand[a] &^ common)
			want := s.cand[p]&^common | 1<<z
			for tb := ta; !tb.empty(); { // b after a: each wing once
				b := tb.pop()
				if s.cand[b] != want {
					continue
				}
				elim := s.where[z].and(peerSet[a]).and(peerSet[b])
				if elim.empty() {
					continue
				}
				f.em.cur.elim[z] = elim
				if f.em.hit(XYWing, func(st *Step) {
					st.Cells = []int{p, a, b}
					st.Pattern = patternAll(s, st.Cells, solver.All)
					st.Text = name(p) + " holds " + digitOrList(s.cand[p]) + ", " + name(a) + " holds " +
						digitOrList(s.cand[a]) + " and " + name(b) + " holds " + digitOrList(s.cand[b]) +
						": whichever " + name(p) + " is, " + name(a) + " or " + name(b) + " is " + itoa(z) +
						", so " + removal(st.Eliminations) + "."
				}) {
					return true
				}
			}
		}
	}
	return f.em.n > 0
}

// findXYZWing: a pivot holding x, y or z sees a pincer holding x or z and
// another holding y or z; one of the three is z, so a cell seeing all
// three is not z. O(cells · 20²).
func findXYZWing(f *finder, s *state) bool {
	bv := s.bivalue()
	for t := s.empty; !t.empty(); {
		p := t.pop()
		if s.cand[p].Count() != 3 {
			continue
		}
		wings := bv.and(peerSet[p])
		for ta := wings; !ta.empty(); {
			a := ta.pop()
			if s.cand[a]&^s.cand[p] != 0 {
				continue
			}
			for tb := ta; !tb.empty(); {
				b := tb.pop()
				if s.cand[b]&^s.cand[p] != 0 || s.cand[b] == s.cand[a] {
					continue
				}
				z := lowDigit(s.cand[a] & s.cand[b])
				elim := s.where[z].and(peerSet[p]).and(peerSet[a]).and(peerSet[b])
				if elim.empty() {
					continue
				}
				f.em.cur.elim[z] = elim
				if f.em.hit(XYZWing, func(st *Step) {
					st.Cells = []int{p, a, b}
					st.Pattern = patternAll(s, st.Cells, solver.All)
					st.Text = name(p) + " holds " + digitOrList(s.cand[p]) + ", " + name(a) + " holds " +
						digitOrList(s.cand[a]) + " and " + name(b) + " holds " + digitOrList(s.cand[b]) +
						": whichever " + name(p) + " is, one of the three is " + itoa(z) +
						", so " + removal(st.Eliminations) + "."
				}) {
					return true
				}
			}
		}
	}
	return f.em.n > 0
}

// findWWing: two cells that both hold only x and y and do not see each
// other, joined by a unit where x has two places, one seeing each cell:
// if one cell is x the other is y, so a cell seeing both is not y.
// O(bivalue cells² · 27).
func findWWing(f *finder, s *state) bool {
	bv := s.bivalue()
	for ta := bv; !ta.empty(); {
		a := ta.pop()
		for tb := ta; !tb.empty(); {
			b := tb.pop()
			if s.cand[b] != s.cand[a] || peerSet[a].has(b) {
				continue
			}
			for xs := s.cand[a]; xs != 0; xs &= xs - 1 {
				x := lowDigit(xs)
				y := lowDigit(s.cand[a] &^ (1 << x))
				elim := s.where[y].and(peerSet[a]).and(peerSet[b])
				if elim.empty() {
					continue
				}
				for u := 0; u < 27; u++ {
					m := s.pos[x][u]
					if popcount16(m) != 2 {
						continue
					}
					pair := unitCellsOf(u, m)
					if pair.has(a) || pair.has(b) {
						continue
					}
					e1 := pair.first()
					e2 := pair.andNot(bit(e1)).first()
					if !(peerSet[a].has(e1) && peerSet[b].has(e2)) && !(peerSet[a].has(e2) && peerSet[b].has(e1)) {
						continue
					}
					f.em.cur.elim[y] = elim
					if f.em.hit(WWing, func(st *Step) {
						st.Units = units(u)
						st.Cells = []int{a, b, e1, e2}
						st.Pattern = append(patternAll(s, []int{a, b}, solver.All), Candidate{e1, x}, Candidate{e2, x})
						st.Text = name(a) + " and " + name(b) + " both hold only " + digitList(s.cand[a]) + "; in " +
							unitName(u) + ", " + itoa(x) + " can only go in " + name(e1) + " and " + name(e2) +
							", which see them, so they are not both " + itoa(x) + " and one of them is " + itoa(y) +
							": " + removal(st.Eliminations) + "."
					}) {
						return true
					}
					break
				}
			}
		}
	}
	return f.em.n > 0
}
