package logic

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
