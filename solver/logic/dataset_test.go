package logic

import (
	"testing"
)

// TestPathsOnDatasets solves samples of the shared datasets step by step:
// every placement must be the solution's digit, no elimination may remove
// a solution digit, applying the steps must reach the solution, and Rate
// must agree with the hardest step of the path, and with its EP and ED
// (Rate stops early once the rest cannot score more; Solve walks all).
func TestPathsOnDatasets(t *testing.T) {
	for _, set := range []struct {
		name string
		n    int
	}{
		{"kaggle_bryanpark_first20000.txt", 100},
		{"puzzles1_unbiased_first1000.txt", 300},
		{"puzzles2_17_clue.txt", 60},
		{"puzzles3_magictour_top1465.txt", 60},
	} {
		t.Run(set.name, func(t *testing.T) {
			levels := map[Level]int{}
			for k, g := range sharedPuzzles(t, set.name, set.n) {
				sol := solution(t, g)
				steps, err := Solve(g)
				if err != nil {
					t.Fatalf("#%d %s: %v", k+1, g, err)
				}
				board, cand := g, g.Candidates()
				var hardest Step
				pearl := 0.0 // the hardest score up to the first placement
				for _, st := range steps {
					checkStep(t, sol, st)
					st.Apply(&board, &cand)
					if st.Score > hardest.Score {
						hardest = st
					}
					if pearl == 0 && len(st.Placements) > 0 {
						pearl = hardest.Score
					}
				}
				if board != sol {
					t.Fatalf("#%d %s: the path ends at %s, not the solution", k+1, g, board)
				}
				r, err := Rate(g)
				if err != nil || r.Score != hardest.Score || r.Hardest != hardest.Technique || r.Level != LevelOf(hardest.Score) ||
					r.Pearl != pearl || r.Diamond != steps[0].Score {
					t.Errorf("#%d %s: Rate = %+v, %v; the path's hardest step is %v (%.1f), EP %.1f, ED %.1f",
						k+1, g, r, err, hardest.Title(), hardest.Score, pearl, steps[0].Score)
				}
				levels[r.Level]++
			}
			t.Logf("levels: %v", levels)
		})
	}
}
