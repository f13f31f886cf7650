package logic

import (
	"bufio"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// On classic boards the board rater agrees with Rate wherever Rate's
// hardest step is one it knows.
func TestRateBoardAgreesOnClassic(t *testing.T) {
	f, err := os.Open("../../testdata/seeds.txt")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := solver.ReadPuzzles(f, "seeds")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	extra := []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", // needs chains: insane
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
	}
	for _, s := range extra {
		ps = append(ps, solver.Puzzle{Name: s, Grid: solver.MustParse(s)})
	}
	known := map[Technique]bool{}
	for _, tq := range []Technique{FullHouse, HiddenSingleBox, HiddenSingleRow, HiddenSingleColumn, NakedSingle, Pointing, Claiming, NakedPair, XWing, HiddenPair, NakedTriple, Swordfish, HiddenTriple, NakedQuad, Jellyfish, HiddenQuad} {
		known[tq] = true
	}
	for _, p := range ps {
		if solver.CountSolutions(p.Grid, 2) != 1 {
			continue
		}
		want, err := Rate(p.Grid)
		if err != nil {
			t.Fatal(err)
		}
		got, err := RateBoard(context.Background(), solver.BoardOf(p.Grid))
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if known[want.Hardest] {
			if got.Level != want.Level {
				t.Errorf("%s: level %v (%v), Rate says %v (%v)", p.Name, got.Level, got.Hardest, want.Level, want.Hardest)
			}
		} else if got.Level < want.Level && want.Level <= Insane {
			t.Errorf("%s: level %v below Rate's %v", p.Name, got.Level, want.Level)
		}
	}
}

var regionNumber = regexp.MustCompile(`region \d`)

// Solo's puzzles of every shape rate, and the levels follow Solo's
// grades: its Trivial and Basic puzzles need singles only.
func TestRateBoardSoloPuzzles(t *testing.T) {
	f, err := os.Open("../../testdata/solo-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		b, err := solver.ParseSoloID(line)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RateBoard(context.Background(), b)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if r.Hardest == None || r.Steps == 0 {
			t.Errorf("%s: %+v", line, r)
		}
		n++
		if _, classic := b.ToGrid(); classic {
			continue // rated and walked by SE's rules (TestRateTimes, se tests)
		}
		// The rating names its hardest step as the walkthrough does (a
		// jigsaw's hidden single is in a region, not a box).
		steps, err := SolveBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		hardest := steps[0]
		for _, st := range steps {
			if st.Technique.Score() > hardest.Technique.Score() {
				hardest = st
			}
		}
		if r.Name != hardest.Title() {
			t.Errorf("%s: rated %q, the walkthrough's hardest step is %q", line, r.Name, hardest.Title())
		}
		// A step that takes candidates out of a line names the cells
		// (a variant's pointing said only "the rest of column 1"), and
		// a jigsaw's region is named by a cell, as nothing numbers them.
		for _, st := range steps {
			if regionNumber.MatchString(st.Text) {
				t.Errorf("%s: a region by its number: %s", line, st.Text)
			}
			if st.Technique != Pointing && st.Technique != Claiming && st.Technique != XWing && st.Technique != Swordfish {
				continue
			}
			for _, e := range st.Eliminations {
				if !strings.Contains(st.Text, b.Geo.CellName(e.Cell)) {
					t.Errorf("%s: %s not named in %q", line, b.Geo.CellName(e.Cell), st.Text)
				}
			}
		}
	}
	if n < 40 {
		t.Fatalf("%d puzzles", n)
	}
}

func TestRateBoardUpToStops(t *testing.T) {
	g := solver.MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	r, err := RateBoardUpTo(context.Background(), solver.BoardOf(g), Medium)
	if err != ErrTooHard || r.Level > Medium {
		t.Errorf("%+v %v", r, err)
	}
	bad := solver.NewBoard(solver.Classic)
	copy(bad.Cells, []uint8{1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9})
	if _, err := RateBoard(context.Background(), bad); err != ErrBoardUnsolvable {
		t.Errorf("r1c9 has no candidate: %v", err)
	}
}

// TestBoardXYChainNamesItsTarget: an XY-chain on a board of another shape
// is worded as the forcing chain its title says, and names the cells that
// lose the digit (it said only "every cell that sees both").
func TestBoardXYChainNamesItsTarget(t *testing.T) {
	b, err := solver.ParseSoloID("2x4x:a4f1_8_7a6a3a5b3b4r2b8b1a6a7a2_1_8f7a")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := SolveBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		if st.Technique != ForcingChain {
			continue
		}
		target := b.Geo.CellName(st.Eliminations[0].Cell)
		if !strings.Contains(st.Text, "A forcing chain of bivalue cells (an XY-chain)") || !strings.Contains(st.Text, ", and "+target) {
			t.Errorf("%s\n%s", target, st.Text)
		}
		return
	}
	t.Fatal("no forcing chain among the steps")
}
