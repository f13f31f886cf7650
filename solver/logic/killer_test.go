package logic

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// killerIDs reads the killer game IDs of testdata/solo-ids.txt.
func killerIDs(t testing.TB) []solver.Board {
	f, err := os.Open("../../testdata/solo-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []solver.Board
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		b, err := solver.ParseSoloID(line)
		if err != nil {
			t.Fatal(err)
		}
		if b.Geo.Killer() {
			out = append(out, b)
		}
	}
	if len(out) < 8 {
		t.Fatalf("%d killer puzzles", len(out))
	}
	return out
}

// checkKillerPath checks every step of a logical path against the
// solution: placements right, eliminations never the solution's symbol,
// a text and something to highlight.
func checkKillerPath(t *testing.T, b solver.Board, steps []Step) map[Technique]int {
	t.Helper()
	r := solver.SolveBoard(context.Background(), b, solver.Options{Algorithm: solver.CP, Limit: 2})
	if r.Solutions != 1 {
		t.Fatalf("%s: %d solutions", b.SoloID(), r.Solutions)
	}
	sol := r.Solution
	used := map[Technique]int{}
	for _, st := range steps {
		used[st.Technique]++
		for _, p := range st.Placements {
			if sol.Cells[p.Cell] != p.Digit {
				t.Fatalf("%s: %v places %s=%d, the solution has %d", b.SoloID(), st, b.Geo.CellName(p.Cell), p.Digit, sol.Cells[p.Cell])
			}
		}
		for _, e := range st.Eliminations {
			if sol.Cells[e.Cell] == e.Digit {
				t.Fatalf("%s: %v removes the solution's %d from %s", b.SoloID(), st, e.Digit, b.Geo.CellName(e.Cell))
			}
		}
		if st.Text == "" || len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("%s: empty step %+v", b.SoloID(), st)
		}
		if st.Technique >= killerBase && len(st.Cells) == 0 {
			t.Fatalf("%s: %v highlights no cells", b.SoloID(), st)
		}
	}
	return used
}

// Solo's killer puzzles are solved step by step, every step true to the
// solution, and rate at easy or medium (Solo grades them among its
// easier killers).
func TestKillerSoloPuzzles(t *testing.T) {
	used := map[Technique]int{}
	for _, b := range killerIDs(t) {
		steps, err := SolveBoard(b)
		if err != nil {
			t.Fatalf("%s: %v", b.SoloID(), err)
		}
		for k, v := range checkKillerPath(t, b, steps) {
			used[k] += v
		}
		r, err := RateBoard(context.Background(), b)
		if err != nil || r.Level > Medium {
			t.Errorf("%s: %+v %v", b.SoloID(), r, err)
		}
	}
	for _, tech := range []Technique{CageLastCell, CageCombination, Rule45} {
		if used[tech] == 0 {
			t.Errorf("no %v step on Solo's killers", tech)
		}
	}
}

// A killer starts from the candidates no peer takes: the sums come in by
// steps, and the first step of an empty killer is a cage's combinations.
func TestKillerFirstStep(t *testing.T) {
	b := killerIDs(t)[0]
	cands := b.Candidates()
	st, ok := NextBoardStep(b, cands)
	if !ok || st.Technique != CageCombination || !strings.HasPrefix(st.Text, "In the cage of r1c1 (sum ") {
		t.Fatalf("%v %v", st, ok)
	}
	for _, tech := range KillerTechniques() {
		if tech.String() == "" || strings.HasPrefix(tech.String(), "Technique(") || tech.Score() == 0 {
			t.Errorf("%d: %q %v", tech, tech, tech.Score())
		}
	}
}
