package logic

import (
	"testing"

	"example.com/sudoku/solver"
)

// naiveFill is singlesFill's definition worked cell by cell, one deduction
// at a time, from the solver package's geometry: full houses, hidden
// singles in boxes (score 1.2 or more) and in rows and columns (1.5),
// naked singles (2.3) and pointing (2.6), until none applies.
func naiveFill(g solver.Grid, c solver.Candidates, score int) bool {
	units := solver.Units()
	place := func(i int, d uint8) {
		g[i], c[i] = d, 0
		for _, p := range solver.Peers(i) {
			c[p] &^= 1 << d
		}
	}
	placesOf := func(u solver.Unit, d uint8) (ps []int) {
		for _, i := range u.Cells() {
			if g[i] == 0 && c[i].Has(d) {
				ps = append(ps, int(i))
			}
		}
		return ps
	}
	for {
		done := true
		for i := range g {
			done = done && g[i] != 0
		}
		if done {
			return true
		}
		made := false
		for _, u := range units {
			var empty []int
			for _, i := range u.Cells() {
				if g[i] == 0 {
					empty = append(empty, int(i))
				}
			}
			allowed := u.Kind == solver.BoxUnit && score >= 12 || u.Kind != solver.BoxUnit && score >= 15
			for d := uint8(1); d <= 9 && !made; d++ {
				if ps := placesOf(u, d); len(ps) == 1 && (allowed || len(empty) == 1) {
					place(ps[0], d)
					made = true
				}
			}
		}
		for i := range g {
			if score >= 23 && !made && g[i] == 0 && c[i].Count() == 1 {
				place(i, uint8(c[i].Digits()[0]))
				made = true
			}
		}
		if made {
			continue
		}
		if score < 26 {
			return false
		}
		for _, box := range units {
			if box.Kind != solver.BoxUnit {
				continue
			}
			for d := uint8(1); d <= 9; d++ {
				ps := placesOf(box, d)
				if len(ps) == 0 {
					continue
				}
				for _, line := range units {
					if line.Kind == solver.BoxUnit {
						continue
					}
					inLine := func(i int) bool {
						for _, j := range line.Cells() {
							if int(j) == i {
								return true
							}
						}
						return false
					}
					all := true
					for _, p := range ps {
						all = all && inLine(p)
					}
					if !all {
						continue
					}
					for _, j := range line.Cells() {
						inBox := false
						for _, k := range box.Cells() {
							inBox = inBox || j == k
						}
						if !inBox && c[j].Has(d) {
							c[j] &^= 1 << d
							made = true
						}
					}
				}
			}
		}
		if !made {
			return false
		}
	}
}

// TestSinglesFill checks singlesFill against its definition on every
// position of the samples' paths, at each score where its rules change.
func TestSinglesFill(t *testing.T) {
	boards, cands := pathPositions(t, 20)
	for _, score := range []int{10, 12, 15, 17, 20, 23, 25, 26, 27} {
		yes := 0
		for i := range boards {
			s := newState(boards[i], cands[i])
			before := s
			got, want := s.singlesFill(score, nil), naiveFill(s.grid, s.cand, score)
			if got != want {
				t.Fatalf("score %d, position %d %s: singlesFill = %v, want %v", score, i, boards[i], got, want)
			}
			if s != before {
				t.Fatalf("score %d, position %d: singlesFill changed the state", score, i)
			}
			if got {
				yes++
			}
		}
		if yes == 0 || yes == len(boards) {
			t.Fatalf("score %d: %d of %d positions filled: the test tells nothing", score, yes, len(boards))
		}
		t.Logf("score %d: %d of %d positions filled", score, yes, len(boards))
	}
}

// TestSinglesFillPath checks singlesFill going on from where it stopped on
// the position before, along the samples' paths, with a score that rises
// along each path as the hardest step's does.
func TestSinglesFillPath(t *testing.T) {
	boards, cands := pathPositions(t, 20)
	scores := []int{10, 12, 15, 17, 20, 23, 25, 26, 27}
	var last fillPoint
	k := 0 // the position's index on its path
	for i := range boards {
		if i == 0 || !sameOrMore(&cands[i-1], &boards[i-1], &cands[i], &boards[i]) {
			last, k = fillPoint{}, 0
		}
		score := scores[min(k/4, len(scores)-1)]
		k++
		s := newState(boards[i], cands[i])
		if got, want := s.singlesFill(score, &last), naiveFill(s.grid, s.cand, score); got != want {
			t.Fatalf("score %d, position %d %s, going on from the last: singlesFill = %v, want %v", score, i, boards[i], got, want)
		}
	}
}
