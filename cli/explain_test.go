package cli

import (
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func TestExplain(t *testing.T) {
	easy1 := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	out, _, code := run(t, easy1+"\n", "explain", "-")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != "Puzzle stdin #1: "+easy1 {
		t.Errorf("header %q", lines[0])
	}
	blanks := strings.Count(easy1, ".")
	if lines[1] != fmt.Sprintf("Rating: easy, ER 1.2, hardest step Hidden single (box), %d steps", blanks) {
		t.Errorf("rating line %q", lines[1])
	}
	if lines[2] != "1. Hidden single (box) (1.2): In box 2, 4 can only go in r3c4, so it goes there." {
		t.Errorf("first step %q", lines[2])
	}
	if len(lines) != 3+blanks {
		t.Fatalf("%d lines for %d blanks", len(lines), blanks)
	}
	// The solution the steps end on closes the sheet.
	if last := lines[len(lines)-1]; last != "Solution: 546918723713652849982473651634791582127865934859234167368147295491526378275389416" {
		t.Errorf("last line %q", last)
	}
	step := regexp.MustCompile(`^(\d+)\. (Full house|Hidden single \(box\)|Hidden single \(row\)|Hidden single \(column\)|Naked single) \(\d\.\d\): .+\.$`)
	for k, l := range lines[2 : len(lines)-1] {
		m := step.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(k+1) {
			t.Errorf("step line %q", l)
		}
	}
}

func TestExplainFailures(t *testing.T) {
	out, _, code := run(t, badBoards, "explain", "-")
	if code != ExitPuzzles {
		t.Errorf("exit %d, want %d", code, ExitPuzzles)
	}
	for _, want := range []string{"invalid: digit 3 twice in box 1 (r1c3, r3c1)\n", "unsolvable: has no solution\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestExplainHardPuzzle explains 000's devil, which needs every kind of
// step up to a forcing chain, and expects numbered lines to the end.
func TestExplainHardPuzzle(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "devil.txt")
	os.WriteFile(path, []byte("...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..\n"), 0o644)
	out, _, code := run(t, "", "explain", path)
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"Rating: expert, ER 7.1, hardest step Forcing chain", ". Forcing chain (7.1): Suppose r", ". X-Wing (3.2): ", ". XY-Wing (4.2): "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// Another shape is rated as rate and the window rate it: by technique,
// up to insane, on our scale, "score" (a killer that needs trial was
// "extreme, ER 20.0" here and "insane 20.0" in rate).
func TestExplainOtherShapeScale(t *testing.T) {
	six := "2x3:c4b1a3c5a1f2a1c6a5b4c" // a Solo 6×6
	out, _, code := run(t, six+"\n", "explain", "-")
	if code != ExitOK || !regexp.MustCompile(`(?m)^Rating: (easy|medium|hard|expert|insane), score \d+\.\d, hardest step `).MatchString(out) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if logic.BoardLevel(logic.Trial) != logic.Insane {
		t.Errorf("a trial rates %v", logic.BoardLevel(logic.Trial))
	}
}

// A position copied with its candidates (HoDoKu's grid of pencil marks)
// is explained from there: the candidates it rules out stay out. Where
// they leave out a cell's digit in the solution, that cell takes all its
// candidates, as the window's hints do, and the explanation says so.
func TestExplainFromCandidates(t *testing.T) {
	const devil = "...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.."
	g := solver.MustParse(devil)
	c := g.Candidates()
	steps, err := logic.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	// Take out what the path's first elimination takes out, by hand.
	var first logic.Step
	for _, st := range steps {
		if len(st.Eliminations) > 0 {
			first = st
			break
		}
	}
	for _, e := range first.Eliminations {
		c[e.Cell] &^= 1 << e.Digit
	}
	grid := func(c solver.Candidates) string {
		var b strings.Builder
		b.WriteString(".---.\n")
		for r := range 9 {
			for k := range 9 {
				i := 9*r + k
				if g[i] != 0 {
					fmt.Fprintf(&b, "| %d ", g[i])
					continue
				}
				b.WriteString("| ")
				for _, d := range c[i].Digits() {
					b.WriteByte('0' + d)
				}
				b.WriteString(" ")
			}
			b.WriteString("|\n")
		}
		b.WriteString("'---'\n")
		return b.String()
	}
	out, _, code := run(t, grid(c), "explain", "-")
	if code != ExitOK {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "Puzzle stdin #1: ") || !strings.HasPrefix(lines[1], "From the candidates given (a position under way: ") || !strings.HasPrefix(lines[2], "Rating from there: ") {
		t.Fatalf("header:\n%s", strings.Join(lines[:3], "\n"))
	}
	if strings.Contains(out, first.Text) {
		t.Errorf("the elimination made already is explained again: %s", first.Text)
	}
	// rate takes the digits, and says so.
	if _, errOut, code := run(t, grid(c), "rate", "-"); code != ExitOK || !strings.Contains(errOut, "stdin holds 1 position with candidates: rate takes their digits (explain starts from the candidates)") {
		t.Errorf("rate: exit %d, %q", code, errOut)
	}
	// A candidate set without the solution's digit.
	sol, _ := solver.Parse("617243895243859617985176432456397128829415763371682549198734256732561984564928371")
	open := slices.IndexFunc(c[:], func(s solver.Set) bool { return s.Count() >= 3 }) // two left: still a blank
	c[open] &^= 1 << sol[open]
	out, _, code = run(t, grid(c), "explain", "-")
	if code != ExitOK || !strings.Contains(out, fmt.Sprintf("\nWhere the candidates of %s (", solver.CellName(open))) || !strings.Contains(out, fmt.Sprintf("leave out %d, its digit in the solution: all its candidates are used\nRating from there: ", sol[open])) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// An operand that is a pipe (a named pipe, a shell's <(…), /dev/fd/N) is
// read as standard input is, whole, by every command: it was refused, "is
// a FIFO, not a puzzle file". A file of boards of another shape too.
func TestPipeOperands(t *testing.T) {
	dir := t.TempDir()
	feed := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		go func() {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.WriteString(text)
			f.Close()
		}()
		return p
	}
	easy1 := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	for _, args := range [][]string{
		{"solve", "--format", "line"},
		{"rate", "--format", "line"},
		{"explain"},
		{"compare", "--algos", "fast"},
	} {
		p := feed("in-"+args[0], easy1+"\n")
		out, errOut, code := run(t, "", append(args, p)...)
		if code != ExitOK || strings.Contains(errOut, "FIFO") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
		if args[0] == "solve" && out != "546918723713652849982473651634791582127865934859234167368147295491526378275389416\n" {
			t.Errorf("solve: %q", out)
		}
	}
	// A 6×6 Solo ID through a pipe, in print's booklet.
	p := feed("six", "2x3:a4d6a3_4c3a5d6a3c2_1a4d2a\n")
	pdf := filepath.Join(dir, "six.pdf")
	if _, errOut, code := run(t, "", "print", "-o", pdf, p); code != ExitOK {
		t.Errorf("print: exit %d: %s", code, errOut)
	}
}

// --skip-bad reads on past a classic file's bad lines, as the window does,
// naming the first ten and counting the rest; without it the file fails.
func TestSkipBadLines(t *testing.T) {
	easy1 := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	in := easy1 + "\n" + strings.Repeat(easy1[:80]+"\n", 12) + easy1 + "\n"
	for _, cmd := range []string{"rate", "solve", "explain", "compare"} {
		out, errOut, code := run(t, in, cmd, "--skip-bad", "-")
		if code != ExitOK || strings.Count(errOut, "(skipped)\n") != 10 || !strings.Contains(errOut, "stdin:2: line has 80 cells, want 81 (skipped)") ||
			!strings.Contains(errOut, "12 lines that could not be read were skipped, 10 of them named above") {
			t.Errorf("%s --skip-bad: exit %d\n%s\n%s", cmd, code, errOut, out)
		}
		if _, _, code := run(t, in, cmd, "-"); code != ExitUsage {
			t.Errorf("%s: exit %d", cmd, code)
		}
	}
	if out, _, _ := run(t, in, "rate", "--skip-bad", "-"); !strings.Contains(out, "2 puzzles: 2 easy") {
		t.Errorf("rate read:\n%s", out)
	}
}

// explain from candidates says when a step builds on candidates the grid
// leaves out that its digits allow, as the window's hints say of pencil
// marks: step 1 was "In box 1, 6 can only go in r2c1" where 6 had been
// crossed out of r1c3 by hand, with no word of it.
func TestExplainSaysWhatBuildsOnGivenCandidates(t *testing.T) {
	grid := `8 7 39 | 2 469 469 | 1 34 5
26 4 5 | 3 167 168 | 27 9 278
23 39 1 | 789 5 489 | 2347 6 2478
9 23 378 | 158 123 128 | 3458 347 6
5 1 368 | 4 36 7 | 38 2 9
4 236 3678 | 5689 2369 2689 | 358 37 1
37 5 349 | 79 8 249 | 6 1 247
67 8 469 | 1679 124679 3 | 2479 5 247
1 69 2 | 679 4679 5 | 479 8 3
`
	out, _, code := run(t, grid, "explain", "-")
	lines := strings.Split(out, "\n")
	if code != ExitOK || len(lines) < 5 || !strings.HasPrefix(lines[3], "1. Hidden single (box) (1.2): In box 1, 6 can only go in r2c1, so it goes there. (This step builds on the candidates given: they leave out 6 in r1c3, which the digits on the board allow.)") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if strings.Contains(lines[5], "builds on") {
		t.Errorf("a step from the digits alone got the note: %s", lines[5])
	}
	// A wrong single candidate (r2c1's solution is 6): named, with what
	// it should be. "unsolvable: has no solution" named no cell.
	out, _, _ = run(t, strings.Replace(grid, "26 4 5", "2 4 5", 1), "explain", "-")
	if !strings.Contains(out, "unsolvable: has no solution\nWhy: ") || !strings.Contains(out, "\nA typo? Changing ") || !strings.Contains(out, "r2c1's 2 to 6") {
		t.Errorf("a wrong single candidate:\n%s", out)
	}
}
