package logic

import (
	"bufio"
	"context"
	"maps"
	"os"
	"regexp"
	"strconv"
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

var (
	claimDigits = `[1-9A-G](?:, [1-9A-G])*(?: and [1-9A-G])?`
	claimCells  = `r\d+c\d+(?:, r\d+c\d+)*(?: and r\d+c\d+)?`
	leaveClaim  = regexp.MustCompile(`(` + claimDigits + `) leaves? (` + claimCells + `)`)
	loseClaim   = regexp.MustCompile(`(` + claimCells + `) loses? (` + claimDigits + `)`)
	claimCell   = regexp.MustCompile(`r(\d+)c(\d+)`)
	claimDigit  = regexp.MustCompile(`[1-9A-G]`)
)

// claimedEliminations reads what a cage combination's or a rule of 45's
// text says leaves which cells ("1 and 3 leave r7c5 and r8c5", "r7c5
// loses 1, 3 and 6, and r8c5 loses 4 and 6") from its last clause.
func claimedEliminations(t *testing.T, geo *solver.Geometry, st Step) map[Candidate]bool {
	t.Helper()
	text := st.Text
	sep := "so "
	if st.Technique == Rule45 {
		sep = ": "
	}
	text = text[strings.LastIndex(text, sep)+len(sep):]
	out := map[Candidate]bool{}
	add := func(digits, cells string) {
		for _, c := range claimCell.FindAllStringSubmatch(cells, -1) {
			r, _ := strconv.Atoi(c[1])
			col, _ := strconv.Atoi(c[2])
			for _, d := range claimDigit.FindAllString(digits, -1) {
				v, err := solver.ParseSymbol(d[0], geo.N)
				if err != nil {
					t.Fatal(err)
				}
				out[Candidate{(r-1)*geo.N + col - 1, v}] = true
			}
		}
	}
	for _, m := range leaveClaim.FindAllStringSubmatch(text, -1) {
		add(m[1], m[2])
	}
	for _, m := range loseClaim.FindAllStringSubmatch(text, -1) {
		add(m[2], m[1])
	}
	return out
}

// The words of a cage combination or a rule of 45 name exactly the
// candidates the step takes: every cell loses what is said of it, and
// nothing else (they once said "1, 3, 4 and 6 leave r7c5 and r8c5" where
// r7c5 lost 1, 3 and 6, and r8c5 4 and 6, its solution being 4).
func TestKillerEliminationWords(t *testing.T) {
	ps, err := solver.ReadBoardFile("../../testdata/killer-9.txt")
	if err != nil {
		t.Fatal(err)
	}
	boards := killerIDs(t)
	for _, p := range ps {
		boards = append(boards, p.Board)
	}
	n := 0
	for _, p := range boards {
		steps, err := SolveBoard(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps {
			if st.Technique == CageUnit && strings.Contains(st.Text, "leaves the rest of") {
				// Every unit it clears is named ("the rest of row 1"
				// alone, where box 3 lost the digit too).
				for _, e := range st.Eliminations {
					named := false
					for _, un := range st.Units {
						u := p.Geo.UnitNumber(un)
						named = named || inUnit(p.Geo, e.Cell, u) && strings.Contains(st.Text, p.Geo.UnitName(u))
					}
					if !named {
						t.Fatalf("%s: %q takes %s from %s", p.SoloID(), st.Text, sym(e.Digit), p.Geo.CellName(e.Cell))
					}
				}
				n++
				continue
			}
			if (st.Technique != CageCombination && st.Technique != Rule45) || len(st.Eliminations) == 0 {
				continue
			}
			want := map[Candidate]bool{}
			for _, e := range st.Eliminations {
				want[e] = true
			}
			if got := claimedEliminations(t, p.Geo, st); !maps.Equal(got, want) {
				t.Fatalf("%s: %q says %v, takes %v", p.SoloID(), st.Text, got, want)
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("%d steps checked", n)
	}
}

// A killer written as Solo takes it (SoloGameID: a cage of one cell made
// a given that joins a cage beside it) is the same puzzle: it rates the
// same (the joined cage's rule that its digits differ had made an insane
// 6×6 killer easy, as a new user found).
func TestSoloGameIDRatesTheSame(t *testing.T) {
	ps, err := solver.ReadBoardFile("../../testdata/killer-9.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The new user's: generate --variant killer --size 6 --difficulty
	// insane --seed 7 -n 2, the second (r5c3's cage of one cell joined
	// r4c3-r4c4's, which r4c4 does not see).
	six, err := solver.ReadBoards(strings.NewReader(`board 6 killer: insane 20.0 seed 8827318828336947
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
a b b c c d
a b b c e d
f g h h e d
f g i i e j
f k l m e j
k k k m e j
7  14 .  8  .  15
.  .  .  .  18 .
12 8  8  .  .  .
.  .  7  .  .  6
.  10 6  7  .  .
.  .  .  .  .  .
`), "six")
	if err != nil {
		t.Fatal(err)
	}
	ps = append(ps, six...)
	joined := 0
	for _, p := range ps {
		id := p.Board.SoloGameID()
		if id == p.Board.SoloID() {
			continue
		}
		joined++
		back, err := solver.ParseSoloID(id)
		if err != nil {
			t.Fatal(err)
		}
		want, err1 := RateBoard(context.Background(), p.Board)
		got, err2 := RateBoard(context.Background(), back)
		if err1 != nil || err2 != nil || got.Score != want.Score || got.Level != want.Level {
			t.Errorf("%s: %s rates %v %.1f, the puzzle %v %.1f (%v %v)", p.Name, id, got.Level, got.Score, want.Level, want.Score, err1, err2)
		}
	}
	if joined == 0 {
		t.Error("no killer had a cage of one cell: the test tries nothing")
	}
}

// A hint walked to a trial step on another shape takes it (the window
// crashed there: the hint's search had no context).
func TestNextBoardStepReachesTrial(t *testing.T) {
	b, err := solver.ParseSoloID("9j:h3_1a5a6n2_4f2b4a7b9f4_5n7a3a2_6h,ce_acaa___a_b_ccaa__dabcaebe_d__abd_aa_bc__cb______b__a_cbabb")
	if err != nil {
		t.Fatal(err)
	}
	cands := b.Candidates()
	trials := 0
	for range 500 {
		st, ok := NextBoardStep(b, cands)
		if !ok {
			break
		}
		if st.Technique == Trial {
			trials++
		}
		st.ApplyBoard(b, cands)
	}
	if trials == 0 {
		t.Error("no trial step: the test tries nothing")
	}
}

// A contradiction on another shape says its singles and what breaks, so
// that it can be followed (it said "a cell or a unit" and lit one cell).
func TestBoardContradictionSaysItsChain(t *testing.T) {
	b, err := solver.ParseSoloID("9jx:b3k5f1_3m2_9a3a8a5_6m7_1f6k5b,b_d__ca__cac_b_cc_bd_faabj_bdd__bb_b__a_aa_ab_aab_cbabba_")
	if err != nil {
		t.Fatal(err)
	}
	cands := b.Candidates()
	seen := 0
	for range 40 {
		st, ok := NextBoardStep(b, cands)
		if !ok {
			break
		}
		if st.Technique == DynamicContradiction {
			seen++
			if !strings.Contains(st.Text, " would have no ") || strings.Contains(st.Text, "a cell or a unit") || len(st.Cells) < 2 {
				t.Errorf("%q (cells %v)", st.Text, st.Cells)
			}
		}
		st.ApplyBoard(b, cands)
	}
	if seen == 0 {
		t.Error("no contradiction: the test tries nothing")
	}
}
