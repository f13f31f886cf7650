package logic

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Boards shared with the solver package's tests.
const (
	easy1      = "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	devil      = "...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.."
	custom     = "...2......4..............3....3............6.....8.......7..2.........8......8..." // many solutions
	noSolution = "1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.." // devil with r1c1 wrong
	conflict   = "..3......" + "........." + "3........" + "........." + "........." + "........." + "........." + "........." + "........."
)

func TestLevels(t *testing.T) {
	for _, l := range Levels() {
		got, err := ParseLevel(strings.ToUpper(l.String()))
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l, got, err)
		}
	}
	if _, err := ParseLevel("fiendish"); err == nil {
		t.Error("ParseLevel accepted an unknown level")
	}
}

// TestTechniqueOrder checks the table the solver relies on: techniques are
// tried in increasing score, and a harder level never comes before an
// easier one, so the hardest step's level is the puzzle's.
func TestTechniqueOrder(t *testing.T) {
	ts := Techniques()
	if len(ts) != int(numTechniques)-1 || ts[0] != FullHouse || ts[len(ts)-1] != Trial {
		t.Fatalf("Techniques() = %v", ts)
	}
	for k := 1; k < len(ts); k++ {
		a, b := ts[k-1], ts[k]
		if a.Score() > b.Score() || a.Level() > b.Level() {
			t.Errorf("%v (%.1f, %v) comes before %v (%.1f, %v)", a, a.Score(), a.Level(), b, b.Score(), b.Level())
		}
		if b.String() == "" || strings.HasPrefix(b.String(), "Technique(") {
			t.Errorf("technique %d has no name", b)
		}
	}
	if Technique(200).String() != "Technique(200)" {
		t.Error("an unknown technique should name its number")
	}
}

func TestNextStepFirstStep(t *testing.T) {
	g := solver.MustParse(easy1)
	st, ok := NextStep(g, g.Candidates())
	if !ok {
		t.Fatal("no step on easy1")
	}
	// No unit of easy1 has a single empty cell; box 2 is the first box
	// with a hidden single.
	want := Step{Technique: HiddenSingleBox, Placements: []Candidate{{21, 4}},
		Text: "In box 2, 4 can only go in r3c4, so it goes there."}
	if st.Technique != want.Technique || len(st.Placements) != 1 || st.Placements[0] != want.Placements[0] ||
		st.Eliminations != nil || st.Text != want.Text {
		t.Fatalf("first step %+v, want %+v", st, want)
	}
	if len(st.Units) != 1 || st.Units[0] != (solver.Unit{Kind: solver.BoxUnit, Index: 1}) || len(st.Cells) != 1 || st.Cells[0] != 21 {
		t.Errorf("highlight: units %v cells %v", st.Units, st.Cells)
	}
	checkStep(t, solution(t, g), st)
}

func TestNextStepWithoutStep(t *testing.T) {
	full := solution(t, solver.MustParse(easy1))
	if _, ok := NextStep(full, full.Candidates()); ok {
		t.Error("a step on a full board")
	}
	g := solver.MustParse(easy1)
	c := g.Candidates()
	c[1] = 0 // r1c2 left without candidates
	if _, ok := NextStep(g, c); ok {
		t.Error("a step on a broken position")
	}
}

// TestNextStepIgnoresStaleCandidates gives candidates that conflict with
// the board's digits, as stale pencil marks would; they must not be used.
func TestNextStepIgnoresStaleCandidates(t *testing.T) {
	g := solver.MustParse(easy1)
	var c solver.Candidates
	for i := range c {
		if g[i] == 0 {
			c[i] = solver.All
		}
	}
	st, ok := NextStep(g, c)
	if !ok {
		t.Fatal("no step")
	}
	checkStep(t, solution(t, g), st)
}

// TestNextStepAmbiguous: on a board with many solutions nothing can be
// refuted, and NextStep must say so rather than guess.
func TestNextStepAmbiguous(t *testing.T) {
	var empty solver.Grid
	if st, ok := NextStep(empty, empty.Candidates()); ok {
		t.Errorf("a step on the empty board: %v", st)
	}
}

func TestStepApply(t *testing.T) {
	g := solver.MustParse(easy1)
	c := g.Candidates()
	st := Step{Placements: []Candidate{{1, 4}}, Eliminations: []Candidate{{6, 9}}}
	st.Apply(&g, &c)
	if g[1] != 4 || c[1] != 0 {
		t.Errorf("placement not applied: %d %v", g[1], c[1])
	}
	for _, p := range solver.Peers(1) {
		if c[p].Has(4) {
			t.Errorf("4 left in peer %s", solver.CellName(int(p)))
		}
	}
	if c[6].Has(9) {
		t.Error("elimination not applied")
	}
}

func TestSolveAndRateErrors(t *testing.T) {
	for _, tc := range []struct {
		board string
		want  error
		text  string
	}{
		{conflict, nil, "digit 3 twice in box 1 (r1c3, r3c1)"},
		{noSolution, ErrNoSolution, ""},
		{custom, ErrMultipleSolutions, ""},
	} {
		g := solver.MustParse(tc.board)
		_, errSolve := Solve(g)
		_, errRate := Rate(g)
		for _, err := range []error{errSolve, errRate} {
			switch {
			case err == nil:
				t.Errorf("%s: no error", tc.board)
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("%s: %v, want %v", tc.board, err, tc.want)
			case tc.text != "" && err.Error() != tc.text:
				t.Errorf("%s: %q, want %q", tc.board, err, tc.text)
			}
		}
	}
	var ce *solver.ConflictError
	if _, err := Rate(solver.MustParse(conflict)); !errors.As(err, &ce) {
		t.Errorf("invalid board: %T, want *solver.ConflictError", err)
	}
}

func TestRateFullBoard(t *testing.T) {
	full := solution(t, solver.MustParse(easy1))
	r, err := Rate(full)
	if err != nil || r != (Rating{Level: Easy}) {
		t.Errorf("Rate(full) = %+v, %v", r, err)
	}
}

// TestRateKnownPuzzles pins ratings Sudoku Explainer gives (ER, EP, ED).
func TestRateKnownPuzzles(t *testing.T) {
	for _, tc := range []struct {
		board      string
		level      Level
		tech       Technique
		er, ep, ed float64
	}{
		{easy1, Easy, HiddenSingleBox, 1.2, 1.2, 1.2},
		{"1...6.5....678.3..7.9.2.4.62...4...5.9.....21.....7.3...2...8..64..7....9..4.....", Medium, NakedPair, 3.0, 1.2, 1.2},
		{".3..8....9.8.41.....19..2.7.254..6....3.17.5.7......................51.6...3...98", Hard, NakedQuad, 5.0, 1.2, 1.2},
		{"....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31", Expert, ForcingChain, 7.2, 1.2, 1.2},
		{devil, Expert, ForcingChain, 7.1, 1.2, 1.2},
		// magictour's 25th: SE's dynamic region forcing chains (+).
		{".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", Extreme, DynamicRegion, 9.2, 1.2, 1.2},
	} {
		r, err := Rate(solver.MustParse(tc.board))
		if err != nil {
			t.Fatal(err)
		}
		if r.Level != tc.level || r.Hardest != tc.tech || r.Score != tc.er || r.Pearl != tc.ep || r.Diamond != tc.ed || r.Steps == 0 {
			t.Errorf("%s: %+v, want %v by %v (%.1f/%.1f/%.1f)", tc.board, r, tc.level, tc.tech, tc.er, tc.ep, tc.ed)
		}
	}
}

// TestReadmeTable keeps the table of techniques in README.md in step with
// the package's.
func TestReadmeTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Skipf("README.md not available: %v", err)
	}
	readme := string(b)
	for _, tech := range Techniques() {
		row := fmt.Sprintf("| %s | %.1f |", tech, tech.Score())
		if !strings.Contains(readme, row) {
			t.Errorf("README.md lacks the row %q", row)
		}
	}
}

func TestRateUpTo(t *testing.T) {
	evil := solver.MustParse("1...6.5....678.3..7.9.2.4.62...4...5.9.....21.....7.3...2...8..64..7....9..4.....") // medium by a naked pair
	full, err := Rate(evil)
	if err != nil {
		t.Fatal(err)
	}
	for _, max := range []Level{Medium, Hard, Extreme} {
		if r, err := RateUpTo(evil, max); err != nil || r != full {
			t.Errorf("RateUpTo(evil, %v) = %+v, %v; want %+v", max, r, err, full)
		}
	}
	r, err := RateUpTo(evil, Easy)
	if !errors.Is(err, ErrTooHard) || r.Level != Easy || r.Score > 2.3 || r.Steps == 0 {
		t.Errorf("RateUpTo(evil, easy) = %+v, %v; want the easy steps so far and ErrTooHard", r, err)
	}
	if _, err := RateUpTo(solver.MustParse(devil), Hard); !errors.Is(err, ErrTooHard) {
		t.Errorf("RateUpTo(devil, hard): %v, want ErrTooHard", err)
	}
	if _, err := RateUpTo(solver.MustParse(conflict), Easy); err == nil || errors.Is(err, ErrTooHard) {
		t.Errorf("RateUpTo(invalid): %v, want the conflict", err)
	}
}
