package logic

import "example.com/sudoku/solver"

// findUniqueRectangle finds type 1 unique rectangles: four empty cells at
// the corners of a rectangle in two rows, two columns and two boxes, three
// of them holding only the same two digits. If the fourth were either
// digit too, the two digits could be swapped around the rectangle and the
// puzzle would have two solutions, so the fourth loses both. Sound only
// for puzzles with one solution. O(36² rectangles).
func findUniqueRectangle(f *finder, s *state) bool {
	for r1 := 0; r1 < 8; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			sameBand := r1/3 == r2/3
			for c1 := 0; c1 < 8; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if sameBand == (c1/3 == c2/3) {
						continue // one box or four
					}
					corners := [4]int{9*r1 + c1, 9*r1 + c2, 9*r2 + c1, 9*r2 + c2}
					if f.urCorners(s, corners) {
						return true
					}
				}
			}
		}
	}
	return f.em.n > 0
}

// urCorners checks one rectangle and reports whether the finder should
// stop.
func (f *finder) urCorners(s *state, corners [4]int) bool {
	for k := 0; k < 4; k++ {
		if s.grid[corners[k]] != 0 {
			return false
		}
	}
	// The pair is the candidates of one of the first two corners with two.
	pair := s.cand[corners[0]]
	if pair.Count() != 2 {
		pair = s.cand[corners[1]]
	}
	if pair.Count() != 2 {
		return false
	}
	target := -1
	for k := 0; k < 4; k++ {
		c := s.cand[corners[k]]
		switch {
		case c == pair:
		case c&pair == pair && target < 0:
			target = corners[k]
		default:
			return false
		}
	}
	if target < 0 {
		return false // all four bivalue: the puzzle is broken or ambiguous
	}
	for ds := pair; ds != 0; ds &= ds - 1 {
		f.em.cur.elim[lowDigit(ds)].add(target)
	}
	return f.em.hit(UniqueRectangle, func(st *Step) {
		var three []int
		for _, c := range corners {
			if c != target {
				three = append(three, c)
			}
		}
		st.Cells = append([]int(nil), corners[:]...)
		st.Pattern = patternAll(s, three, pair)
		st.Text = cellList(three) + " hold only " + digitList(pair) + "; if " + name(target) +
			" were " + digitOrList(pair) + " too, the two digits could swap around the rectangle and the puzzle would have two solutions, so " +
			name(target) + " is neither."
	})
}

// findBUG finds Sudoku Explainer's BUG type 1 (bivalue universal grave):
// every empty cell holds two candidates but one, which holds three, and
// every digit has two places in each unit where it is missing, but one
// digit has three in the units of that cell. Without it, each digit of the
// pattern could swap between its two places and the puzzle would have two
// solutions (or none), so the cell holds the digit with three places.
// Sound only for puzzles with one solution.
func findBUG(f *finder, s *state) bool {
	tri := -1
	for t := s.empty; !t.empty(); {
		i := t.pop()
		switch s.cand[i].Count() {
		case 2:
		case 3:
			if tri >= 0 {
				return false
			}
			tri = i
		default:
			return false
		}
	}
	if tri < 0 {
		return false
	}
	extra := uint8(0)
	for cs := s.cand[tri]; cs != 0; cs &= cs - 1 {
		if d := lowDigit(cs); popcount16(s.pos[d][cellUnit[tri][0]]) == 3 {
			extra = d
		}
	}
	if extra == 0 {
		return false
	}
	for u := 0; u < 27; u++ {
		own := cellUnit[tri][0] == uint8(u) || cellUnit[tri][1] == uint8(u) || cellUnit[tri][2] == uint8(u)
		for d := uint8(1); d <= 9; d++ {
			n := popcount16(s.pos[d][u])
			if own && d == extra {
				if n != 3 {
					return false
				}
			} else if n != 0 && n != 2 {
				return false
			}
		}
	}
	f.em.cur.place[extra].add(tri)
	f.em.hit(BUG, func(st *Step) {
		st.Cells = []int{tri}
		st.Pattern = patternAll(s, s.empty.cells(), solver.All)
		st.Text = "Every empty cell but " + name(tri) + " holds two candidates and every digit has two places in each unit but " +
			itoa(extra) + " in the units of " + name(tri) + ": unless " + name(tri) + " is " + itoa(extra) +
			", the puzzle would not have one solution, so it is " + itoa(extra) + "."
	})
	return true
}
