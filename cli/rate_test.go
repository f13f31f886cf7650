package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Boards with no rating: a digit twice in box 1, and 000's devil with a
// wrong given (consistent, no solution).
const badBoards = "..3......\n.........\n3........\n.........\n.........\n.........\n.........\n.........\n.........\n\n" +
	"1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..\n"

func TestRateLine(t *testing.T) {
	out, errs, code := run(t, "", "rate", "--format", "line", seeds)
	if code != ExitPuzzles {
		t.Errorf("exit %d, want %d (custom has many solutions): %s", code, ExitPuzzles, errs)
	}
	want := "easy\t1.2\tHidden single (box)\t1.2\t1.2\n" +
		"medium\t2.6\tPointing\t1.2\t1.2\n" +
		"expert\t7.1\tForcing chain\t1.2\t1.2\n" +
		"multiple\t0\thas more than one solution\t0\t0\n" +
		"easy\t1.2\tHidden single (box)\t1.2\t1.2\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestRateFailures(t *testing.T) {
	out, _, code := run(t, badBoards, "rate", "--format", "line", "-")
	if code != ExitPuzzles {
		t.Errorf("exit %d, want %d", code, ExitPuzzles)
	}
	if want := "invalid\t0\tdigit 3 twice in box 1 (r1c3, r3c1)\t0\t0\nunsolvable\t0\thas no solution\t0\t0\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestRateTable(t *testing.T) {
	out, _, _ := run(t, "", "rate", seeds)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for k, re := range []string{
		`^PUZZLE +LEVEL +ER +EP +ED  HARDEST$`,
		`^basic +easy +1\.2  1\.2  1\.2  Hidden single \(box\)$`,
		`^evil +medium +2\.6  1\.2  1\.2  Pointing$`,
		`^devil +expert +7\.1  1\.2  1\.2  Forcing chain$`,
		`^custom +multiple +-    -    -  has more than one solution$`,
		`^easy1 +easy +1\.2  1\.2  1\.2  Hidden single \(box\)$`,
		`^$`,
		`^5 puzzles: 2 easy, 1 medium, 1 expert, 1 multiple$`,
	} {
		if !regexp.MustCompile(re).MatchString(lines[k]) {
			t.Errorf("line %d %q does not match %s", k+1, lines[k], re)
		}
	}
}

func TestRateParallelKeepsOrder(t *testing.T) {
	one, _, _ := run(t, "", "rate", "-j", "1", "--format", "line", seeds, seeds)
	many, _, _ := run(t, "", "rate", "-j", "3", "--format", "line", seeds, seeds)
	if one != many || strings.Count(one, "\n") != 10 {
		t.Fatalf("-j 3 output differs from -j 1:\n%s\n%s", one, many)
	}
}

func TestRateAndExplainUsage(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	for _, args := range [][]string{
		{"rate", "--format", "xml", seeds},
		{"rate"},
		{"rate", missing},
		{"explain"},
		{"explain", missing},
	} {
		if _, _, code := run(t, "", args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
	for _, cmd := range []string{"rate", "explain"} {
		if errs, _, code := run(t, "", cmd, "-h"); code != ExitOK || !strings.Contains(errs, "-j") { // on standard output
			t.Errorf("%s -h: exit %d\n%s", cmd, code, errs)
		}
	}
	if out, _, _ := run(t, "", "help"); !strings.Contains(out, "rate") || !strings.Contains(out, "explain") {
		t.Errorf("help lacks rate or explain:\n%s", out)
	}
}

// TestRateSolvedGrid: a full grid has no step; its line says so rather
// than leaving the technique empty, and explain says it in words.
func TestRateSolvedGrid(t *testing.T) {
	full := "546918723713652849982473651634791582127865934859234167368147295491526378275389416\n"
	out, _, code := run(t, full, "rate", "--format", "line", "-")
	if code != ExitOK || out != "easy\t0.0\talready solved\t0.0\t0.0\n" {
		t.Errorf("rate: exit %d, %q", code, out)
	}
	out, _, code = run(t, full, "explain", "-")
	if code != ExitOK || !strings.Contains(out, "Rating: easy, ER 0.0, already solved: no step to take\n") {
		t.Errorf("explain: exit %d, %q", code, out)
	}
}

// Two files with the same base name name their puzzles by the paths as
// given: both were "x.txt #1", and their rows could not be told apart.
func TestSameBaseNamesTellApart(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		line := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n"
		if err := os.WriteFile(filepath.Join(dir, d, "x.txt"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a", "x.txt"), filepath.Join(dir, "b", "x.txt")
	for _, cmd := range []string{"rate", "solve"} {
		out, _, _ := run(t, "", cmd, "--format", "report", a, b)
		if cmd == "rate" {
			out, _, _ = run(t, "", cmd, a, b)
		}
		// (rate's table cuts a long path in the middle: its end tells
		// them apart)
		sep := string(filepath.Separator)
		if !strings.Contains(out, sep+"a"+sep+"x.txt #1") || !strings.Contains(out, sep+"b"+sep+"x.txt #1") {
			t.Errorf("%s: %s", cmd, out)
		}
	}
	out, _, _ := run(t, "", "rate", a, a)
	if strings.Contains(out, dir) {
		t.Errorf("one file named twice: %s", out)
	}
}

// rate --format csv: the puzzle first, the name last (quoted where it
// needs it, a formula made text), so that a collection sorts or filters
// by level and the puzzles come out to read again.
func TestRateCSV(t *testing.T) {
	easy1 := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	in := "=SUM(A1), the first\n" + easy1 + "\n"
	out, _, code := run(t, in, "rate", "--format", "csv", "-")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("%v: %q", err, out)
	}
	if !slices.Equal(rows[0], rateCSVHeader) {
		t.Errorf("header %q", rows[0])
	}
	if r := rows[1]; r[0] != easy1 || r[1] != "easy" || r[2] != "1.2" || r[6] != "'=SUM(A1), the first" {
		t.Errorf("row %q", r)
	}
	// The puzzles of a level, read again by every command.
	lines, _, _ := run(t, out, "solve", "--format", "line", "-")
	if strings.Count(lines, "\n") != 1 {
		t.Errorf("read back: %q", lines)
	}
	// Another shape: its Solo game ID.
	six := "2x3:c4b1a3c5a1f2a1c6a5b4c"
	out, _, code = run(t, six+"\n", "rate", "--format", "csv", "-")
	if rows, err := csv.NewReader(strings.NewReader(out)).ReadAll(); code != ExitOK || err != nil || len(rows) != 2 || rows[1][0] != six {
		t.Errorf("exit %d, %v: %q", code, err, out)
	}
}

// The longest name generate gives keeps rate's table in line: at 43
// characters and more, "expert 7.2 seed … er 7.2-8.0" ran past the
// PUZZLE column.
func TestRateTableFitsGeneratedNames(t *testing.T) {
	name := "extreme 10.3 seed 9007199254740991 er 10.0-13.0"
	out, _, code := run(t, name+"\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", "rate", "-")
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) < 2 || !strings.HasPrefix(lines[1], name+"  ") || strings.Index(lines[0], "LEVEL") != strings.Index(lines[1], name)+len(name)+2 {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// A solution after its puzzle is skipped with a note, so that a script
// lining results up with the file's lines learns why there is one fewer
// (it was skipped without a word).
func TestSolutionSkippedIsNoted(t *testing.T) {
	p := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	g, err := solver.Parse(p)
	sol, ok := solver.SolveFast(g)
	if err != nil || !ok {
		t.Fatal("no solution")
	}
	out, errs, code := run(t, p+"\n"+sol.Digits()+"\n", "rate", "--format", "line", "-")
	if code != ExitOK || strings.Count(out, "\n") != 1 || errs != "sudoku rate: note: stdin:2: the solution of the puzzle on line 1, skipped (not a puzzle of its own)\n" {
		t.Errorf("exit %d, %q, stderr %q", code, out, errs)
	}
	in := strings.Repeat(p+"\n"+sol.Digits()+"\n", 3)
	if _, errs, _ := run(t, in, "solve", "--format", "line", "-"); !strings.Contains(errs, "stdin: 3 solved grids follow the puzzles they solve (the first on line 2)") {
		t.Errorf("three: stderr %q", errs)
	}
	if _, errs, _ := run(t, p+"\n", "rate", "-"); errs != "" {
		t.Errorf("no solution in the file: %q", errs)
	}
}

// A killer without a solution says why in rate, explain and print: a
// mistyped sum, or where the cages break ("has no solution" alone left a
// setter to find it).
func TestKillerWithoutSolutionSaysWhy(t *testing.T) {
	text, err := os.ReadFile("../gui/game/testdata/killer-easy.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	mistyped := slices.Clone(lines)
	mistyped[19] = "11" + mistyped[19][2:]
	sum := "the cage sums add up to 406, where a full board's digits add up to 405: a sum is mistyped"
	out, _, _ := run(t, strings.Join(mistyped, "\n"), "rate", "-")
	if !strings.Contains(out, sum) {
		t.Errorf("rate:\n%s", out)
	}
	out, _, _ = run(t, strings.Join(mistyped, "\n"), "explain", "-")
	if !strings.Contains(out, "unsolvable: has no solution: "+sum) {
		t.Errorf("explain:\n%s", out)
	}
	_, errOut, code := run(t, strings.Join(mistyped, "\n"), "print", "--solutions", "-o", filepath.Join(t.TempDir(), "k.pdf"), "-")
	if code == ExitOK || !strings.Contains(errOut, sum) {
		t.Errorf("print: exit %d, %s", code, errOut)
	}
	swapped := slices.Clone(lines)
	swapped[19] = "17 6  10" + swapped[19][len("17 6  10"):]
	out, _, _ = run(t, strings.Join(swapped, "\n"), "explain", "-")
	why := "no digit can go in r1c2 once what the puzzle forces is placed"
	if !strings.Contains(out, "unsolvable: has no solution: "+why+"\n") || strings.Contains(out, "Why:") {
		t.Errorf("explain of swapped sums:\n%s", out)
	}
	for _, args := range [][]string{{"rate", "-"}, {"print", "--solutions", "-o", filepath.Join(t.TempDir(), "k.pdf"), "-"}} {
		out, errs, _ := run(t, strings.Join(swapped, "\n"), args...)
		if !strings.Contains(out+errs, why) {
			t.Errorf("%s of swapped sums:\n%s%s", args[0], out, errs)
		}
	}
}
