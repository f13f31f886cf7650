package generator

import (
	"context"
	"testing"
	"time"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Killer puzzles: one solution (counted by a second algorithm, mrv, and
// by dfs on the small ones), no givens unless asked for, cages of 2 to
// 7 cells joined side to side (NewKiller checks that), cages of one cell
// rare, the level asked for, and the same puzzle from the same seed.
func TestGenerateKiller(t *testing.T) {
	count := 3
	if testing.Short() || raceOn {
		count = 2
	}
	singles, made := 0, 0
	for _, v := range []Variant{Killer, KillerX} {
		for _, n := range Sizes(v) {
			for _, l := range Levels(v, n) {
				if (testing.Short() || raceOn) && l > logic.Medium {
					continue
				}
				start := time.Now()
				for seed := int64(1); seed <= int64(count); seed++ {
					opt := BoardOptions{Variant: v, Size: n, Level: l, Seed: seed}
					p, err := GenerateBoard(context.Background(), opt)
					if err != nil {
						t.Fatalf("%v %d %v seed %d: %v", v, n, l, seed, err)
					}
					g := p.Board.Geo
					if !g.Killer() || g.X != (v == KillerX) || p.Board.Givens() != 0 || p.Rating.Level != l {
						t.Fatalf("%v %d %v: %s, %d givens, level %v", v, n, l, g.Name(), p.Board.Givens(), p.Rating.Level)
					}
					checkUnique(t, p)
					made++
					covered := 0
					for _, c := range g.Cages() {
						covered += len(c.Cells)
						if len(c.Cells) > 7 {
							t.Errorf("%s: a cage of %d cells", p.Board.SoloID(), len(c.Cells))
						}
						if len(c.Cells) == 1 {
							singles++
						}
					}
					if covered != n*n {
						t.Errorf("%s: cages cover %d cells", p.Board.SoloID(), covered)
					}
					if seed > 1 {
						continue
					}
					again, _ := GenerateBoard(context.Background(), opt)
					if again.Board.SoloID() != p.Board.SoloID() {
						t.Errorf("%v %d %v: seed %d gave two puzzles", v, n, l, seed)
					}
				}
				t.Logf("%v %d %v: %v", v, n, l, time.Since(start))
			}
		}
	}
	// A cage of one cell stays only where the puzzle needs it: rare.
	if singles > made/2 {
		t.Errorf("%d cages of one cell in %d puzzles", singles, made)
	}
}

// --givens leaves that many cells of the solution.
func TestGenerateKillerGivens(t *testing.T) {
	p, err := GenerateBoard(context.Background(), BoardOptions{Variant: Killer, Level: logic.Medium, Seed: 3, Givens: 10})
	if err != nil {
		t.Fatal(err)
	}
	if p.Board.Givens() != 10 || p.Board.Geo.N != 9 {
		t.Fatalf("%d givens", p.Board.Givens())
	}
	for i, d := range p.Board.Cells {
		if d != 0 && d != p.Solution.Cells[i] {
			t.Fatalf("given %d at %d, solution %d", d, i, p.Solution.Cells[i])
		}
	}
	if _, err := GenerateBoard(context.Background(), BoardOptions{Variant: Killer, Level: logic.Easy, Givens: 82}); err == nil {
		t.Error("82 givens accepted")
	}
	if _, err := GenerateBoard(context.Background(), BoardOptions{Variant: Killer, Size: 12, Level: logic.Easy}); err == nil {
		t.Error("12×12 killer accepted")
	}
}

// checkUnique counts the solutions of a generated killer with algorithms
// other than the generator's cp: mrv (and dfs on the small boards). mrv
// can take minutes on the odd insane killer (big cages tell it little):
// past a few seconds cp counts again with a shuffled symbol order, a
// different search.
func checkUnique(t *testing.T, p BoardPuzzle) {
	t.Helper()
	algos := []solver.Algorithm{solver.MRV}
	if p.Board.Geo.N <= 6 {
		algos = append(algos, solver.DFS)
	}
	for _, a := range algos {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		r := solver.SolveBoard(ctx, p.Board, solver.Options{Algorithm: a, Limit: 2})
		cancel()
		if r.Status == solver.Cancelled {
			t.Logf("%s: %s gave up after 3 s, cp with a shuffled order counts", p.Board.SoloID(), a)
			r = solver.SolveBoard(context.Background(), p.Board, solver.Options{Algorithm: solver.CP, Limit: 2, Seed: 99})
		}
		if r.Solutions != 1 || r.Solution.String() != p.Solution.String() {
			t.Fatalf("%s finds %d solutions: %s", a, r.Solutions, p.Board.SoloID())
		}
	}
}

// Every step of the logical path of generated killers agrees with the
// solution, and the killer techniques all turn up.
func TestKillerStepsTrue(t *testing.T) {
	used := map[logic.Technique]int{}
	seeds := int64(5)
	if testing.Short() || raceOn {
		seeds = 2
	}
	for _, v := range []Variant{Killer, KillerX} {
		for _, l := range []logic.Level{logic.Medium, logic.Hard} {
			for seed := int64(1); seed <= seeds; seed++ {
				p, err := GenerateBoard(context.Background(), BoardOptions{Variant: v, Level: l, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				steps, err := logic.SolveBoard(p.Board)
				if err != nil {
					t.Fatal(err)
				}
				for _, st := range steps {
					used[st.Technique]++
					for _, pl := range st.Placements {
						if p.Solution.Cells[pl.Cell] != pl.Digit {
							t.Fatalf("%s: %v places a wrong symbol", p.Board.SoloID(), st)
						}
					}
					for _, e := range st.Eliminations {
						if p.Solution.Cells[e.Cell] == e.Digit {
							t.Fatalf("%s: %v removes the solution's symbol", p.Board.SoloID(), st)
						}
					}
				}
			}
		}
	}
	if testing.Short() || raceOn {
		return
	}
	for _, tech := range logic.KillerTechniques() {
		if used[tech] == 0 {
			t.Errorf("no %v step", tech)
		}
	}
}
