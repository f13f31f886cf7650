package generator

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Every variant and size makes puzzles with exactly one solution (counted
// by a second algorithm, mrv), at the level asked for, the same from the
// same seed.
func TestGenerateBoardEveryShape(t *testing.T) {
	for _, v := range []Variant{Classic, X, Jigsaw, JigsawX} { // killers: TestGenerateKiller
		for _, n := range Sizes(v) {
			for _, l := range Levels(v, n) {
				quick := testing.Short() || raceOn
				if l > logic.Medium && (n > 9 || quick) || l > logic.Hard || quick && n > 9 && l > logic.Easy {
					continue
				}
				opt := BoardOptions{Variant: v, Size: n, Level: l, Seed: 7}
				start := time.Now()
				p, err := GenerateBoard(context.Background(), opt)
				if err != nil {
					t.Fatalf("%v %d %v: %v", v, n, l, err)
				}
				took := time.Since(start)
				if p.Board.Geo.N != n || p.Board.Geo.X != (v == X || v == JigsawX || v == KillerX) || p.Board.Geo.Jigsaw() != (v == Jigsaw || v == JigsawX) || p.Board.Geo.Killer() != (v == Killer || v == KillerX) {
					t.Fatalf("%v %d: made a %s", v, n, p.Board.Geo.Name())
				}
				r := solver.SolveBoard(context.Background(), p.Board, solver.Options{Algorithm: solver.MRV, Limit: 2})
				if r.Solutions != 1 || r.Solution.String() != p.Solution.String() {
					t.Fatalf("%v %d %v: %d solutions", v, n, l, r.Solutions)
				}
				if p.Rating.Level != l {
					t.Errorf("%v %d: level %v, want %v", v, n, p.Rating.Level, l)
				}
				again, _ := GenerateBoard(context.Background(), opt)
				if again.Board.SoloID() != p.Board.SoloID() {
					t.Errorf("%v %d %v: seed 7 gave two puzzles", v, n, l)
				}
				t.Logf("%-8v %2d %-6v %3d givens %v", v, n, l, p.Board.Givens(), took.Round(time.Millisecond))
			}
		}
	}
}

// A level the shape never needs is refused after a bounded search.
func TestGenerateBoardGivesUpOnRareLevels(t *testing.T) {
	_, err := GenerateBoard(context.Background(), BoardOptions{Size: 4, Level: logic.Medium})
	if !errors.Is(err, ErrRare) || !strings.Contains(err.Error(), "levels made: [easy]") {
		t.Errorf("4×4 medium: %v", err)
	}
}

func TestGenerateBoardRefusesBadOptions(t *testing.T) {
	for _, opt := range []BoardOptions{{Size: 5}, {Variant: Jigsaw, Size: 16}, {Size: 9, Level: 9}} {
		if _, err := GenerateBoard(context.Background(), opt); err == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GenerateBoard(ctx, BoardOptions{Variant: Jigsaw, Size: 9, Level: logic.Hard}); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}
