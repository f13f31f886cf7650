package logic

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// startSingle reports whether a step of technique t is one of startPath's.
func startSingle(t Technique) bool {
	switch t {
	case FullHouse, HiddenSingleBox, HiddenSingleColumn, HiddenSingleRow:
		return true
	}
	return false
}

// TestStartPath checks startPath against the walkthrough (one step at a
// time, described): the position where its first step other than a
// single of 1.5 or less comes, and the scores and technique on the way.
// Where those singles fill the board, Rate's answer is checked against
// the walkthrough's steps too.
func TestStartPath(t *testing.T) {
	var puzzles []solver.Grid
	for _, f := range []struct {
		name string
		n    int
	}{{"kaggle_bryanpark_first20000.txt", 200}, {"puzzles1_unbiased_first1000.txt", 200}, {"puzzles3_magictour_top1465.txt", 40}} {
		puzzles = append(puzzles, sharedPuzzles(t, f.name, f.n)...)
	}
	filled, kinds := 0, map[Technique]int{}
	for _, g := range puzzles {
		steps, err := Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		want := g
		var c solver.Candidates = g.Candidates()
		hardest, first, tech := 0, 0, None
		k := 0
		for ; k < len(steps) && startSingle(steps[k].Technique); k++ {
			st := steps[k]
			score := tenths(st.Score)
			if first == 0 {
				first = score
			}
			if score > hardest {
				hardest, tech = score, st.Technique
			}
			st.Apply(&want, &c)
		}
		got := g
		var f bandFill
		st, ok := startPath(&got, &f)
		if !ok {
			t.Fatalf("%s: startPath found a conflict", g)
		}
		if got != want || st.hardest != hardest || st.first != first || hardest > 0 && st.tech != tech {
			t.Fatalf("%s: startPath reached %s (hardest %d first %d %v), the walkthrough %s (%d %d %v)",
				g, got, st.hardest, st.first, st.tech, want, hardest, first, tech)
		}
		left := 0
		for _, d := range want {
			if d == 0 {
				left++
			}
		}
		if st.left != left {
			t.Fatalf("%s: startPath left %d cells, the walkthrough %d", g, st.left, left)
		}
		if newStateBands(got, &f) != newState(got, got.Candidates()) {
			t.Fatalf("%s: newStateBands differs from newState", got)
		}
		if left > 0 {
			continue
		}
		filled++
		kinds[tech]++
		r, err := Rate(g)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != float64(hardest)/10 || r.Diamond != float64(first)/10 || r.Pearl != float64(first)/10 || r.Hardest != tech || r.Name != tech.String() || r.Level != LevelOf(r.Score) {
			t.Fatalf("%s: Rate = %+v, the walkthrough: hardest %d first %d %v", g, r, hardest, first, tech)
		}
	}
	// The samples must exercise the filled case with each of the rules
	// that can set its score.
	if filled == 0 || kinds[HiddenSingleBox] == 0 || kinds[HiddenSingleColumn] == 0 || kinds[HiddenSingleRow] == 0 {
		t.Fatalf("%d of %d puzzles filled by the start's singles (%v): the test tells too little", filled, len(puzzles), kinds)
	}
	t.Logf("%d of %d puzzles filled by the start's singles: %v", filled, len(puzzles), kinds)
}

// TestStartPathBadBoards checks that a rating with startPath answers as
// the validation and the fast solver do on boards that are not puzzles.
func TestStartPathBadBoards(t *testing.T) {
	g := sharedPuzzles(t, "kaggle_bryanpark_first20000.txt", 1)[0]
	sol, ok := solver.SolveFast(g)
	if !ok {
		t.Fatal("no solution")
	}
	conflict := g
	for i := range conflict {
		if conflict[i] != 0 {
			continue
		}
		for j := i / 9 * 9; j < i/9*9+9; j++ { // a digit of the cell's row
			if g[j] != 0 {
				conflict[i] = g[j]
			}
		}
		if conflict[i] != 0 {
			break
		}
	}
	wantErr := conflict.Validate()
	if wantErr == nil {
		t.Fatal("the conflict board is valid")
	}
	if _, err := Rate(conflict); err == nil || err.Error() != wantErr.Error() {
		t.Errorf("conflicting digits: Rate says %v, want %v", err, wantErr)
	}
	bad := g
	var empty solver.Grid
	if _, err := Rate(empty); !errors.Is(err, ErrMultipleSolutions) {
		t.Errorf("empty board: Rate says %v", err)
	}
	if r, err := Rate(sol); err != nil || r.Score != 0 {
		t.Errorf("solved board: Rate = %+v, %v", r, err)
	}
	// A wrong digit in an empty cell where it conflicts with nothing:
	// no solution.
	for i := range bad {
		if bad[i] != 0 {
			continue
		}
		for d := uint8(1); d <= 9; d++ {
			if d == sol[i] {
				continue
			}
			try := bad
			try[i] = d
			if try.Validate() != nil {
				continue
			}
			if _, err := Rate(try); !errors.Is(err, ErrNoSolution) {
				t.Errorf("%s: Rate says %v, want no solution", try, err)
			}
			return
		}
	}
}

// TestStartPathVariants rates boards made from puzzles (clues taken away,
// so that many have several solutions; digits of the solution added; a
// wrong digit added, so that there is none or a conflict) both with
// startPath and with the walkthrough, which does not use it: the answers
// must be the same.
func TestStartPathVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	puzzles := sharedPuzzles(t, "kaggle_bryanpark_first20000.txt", 60)
	puzzles = append(puzzles, sharedPuzzles(t, "puzzles1_unbiased_first1000.txt", 40)...)
	puzzles = append(puzzles, sharedPuzzles(t, "puzzles3_magictour_top1465.txt", 8)...)
	walk := func(g solver.Grid) (Rating, error) {
		return rateRun(context.Background(), g, maxScore, func(Step) {})
	}
	kinds := map[string]int{}
	for _, p := range puzzles {
		sol, ok := solver.SolveFast(p)
		if !ok {
			t.Fatalf("%s: no solution", p)
		}
		for v := 0; v < 4; v++ {
			g := p
			for n := rng.IntN(4); n > 0; n-- { // clues taken away
				if i := rng.IntN(81); g[i] != 0 {
					g[i] = 0
				}
			}
			for n := rng.IntN(12); n > 0; n-- { // solution digits added
				i := rng.IntN(81)
				g[i] = sol[i]
			}
			if rng.IntN(4) == 0 { // a wrong digit
				i := rng.IntN(81)
				g[i] = sol[i]%9 + 1
			}
			start := g
			var f bandFill
			if _, ok := startPath(&start, &f); ok && newStateBands(start, &f) != newState(start, start.Candidates()) {
				t.Fatalf("%s: newStateBands differs from newState", start)
			}
			got, gotErr := Rate(g)
			want, wantErr := walk(g)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%s: Rate says %v, the walkthrough %v", g, gotErr, wantErr)
			}
			got.Steps, want.Steps = 0, 0
			if strings.HasPrefix(want.Name, got.Name+" ") {
				want.Name = got.Name // the walkthrough's finer name ("BUG type 4")
			}
			if got != want {
				t.Fatalf("%s: Rate = %+v, the walkthrough %+v", g, got, want)
			}
			// Capped ratings, which leave the count of solutions for
			// later: the same errors, or ErrTooHard above the cap.
			for _, max := range []float64{1.5, 2.6, 4.4} {
				capped, err := RateUpToScore(context.Background(), g, max)
				switch {
				case wantErr != nil:
					if fmt.Sprint(err) != fmt.Sprint(wantErr) {
						t.Fatalf("%s: RateUpToScore(%v) says %v, the walkthrough %v", g, max, err, wantErr)
					}
				case want.Score > max:
					if !errors.Is(err, ErrTooHard) {
						t.Fatalf("%s: RateUpToScore(%v) says %v for ER %v", g, max, err, want.Score)
					}
				default:
					capped.Steps = 0
					if err != nil || capped != want {
						t.Fatalf("%s: RateUpToScore(%v) = %+v, %v; the walkthrough %+v", g, max, capped, err, want)
					}
				}
			}
			kind := "rated"
			var conflict *solver.ConflictError
			switch {
			case errors.As(gotErr, &conflict):
				kind = "conflict"
			case gotErr != nil:
				kind = gotErr.Error()
			}
			kinds[kind]++
		}
	}
	if len(kinds) < 4 {
		t.Fatalf("the variants gave only %v: the test tells too little", kinds)
	}
	t.Logf("answers: %v", kinds)
}
