package cli

import (
	"bytes"
	"encoding/csv"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// run runs the command line in-process and returns stdout, stderr and the
// exit status.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

const seeds = "../testdata/seeds.txt"

func TestSolveLineCount(t *testing.T) {
	out, errs, code := run(t, "", "solve", "--count", "--format", "line", seeds)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	want := []string{"1\t4839216", "1\t7162439", "1\t6172438", "2\t", "1\t5469187"}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want prefix %q", i+1, lines[i], w)
		}
	}
}

func TestSolveReport(t *testing.T) {
	for _, algo := range []string{"dfs", "mrv", "lcv", "cp", "fast"} {
		out, _, code := run(t, "", "solve", "--algo", algo, seeds)
		if code != ExitOK {
			t.Fatalf("%s: exit %d", algo, code)
		}
		for _, want := range []string{"Board: easy1\n" + strings.ToUpper(algo) + ": Iterations=", "Computation Time: ", "===(SOLVED)===\n5  4  6  9  1  8  7  2  3  \n"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", algo, want, out)
			}
		}
	}
}

// The UNSOLVED grid shows the cell the singles left without a candidate
// as empty ("{.........}"): it printed "{}" there, as for a filled cell,
// and the contradiction could not be found in it. The same on a board of
// another shape.
func TestUnsolvedGridShowsTheDeadCell(t *testing.T) {
	out, _, _ := run(t, "12345678.........9...............................................................\n", "solve", "-")
	grid := out[strings.Index(out, "===(UNSOLVED)===\n")+len("===(UNSOLVED)===\n"):]
	first := strings.Fields(strings.SplitN(grid, "\n", 2)[0])
	if len(first) != 9 || first[0] != "{}" || first[8] != "{.........}" {
		t.Errorf("row 1 of the grid: %q", first)
	}
	out, _, _ = run(t, "board 4\n123.\n...4\n....\n....\n", "solve", "-")
	grid = out[strings.Index(out, "===(UNSOLVED)===\n")+len("===(UNSOLVED)===\n"):]
	if first := strings.Fields(strings.SplitN(grid, "\n", 2)[0]); len(first) != 4 || first[3] != "{....}" || first[0] != "{}" {
		t.Errorf("row 1 of the 4×4 grid: %q\n%s", first, out)
	}
}

// A line under the UNSOLVED grid says what it shows: the dead cell, a
// digit with no place left in a unit, or that only the search found the
// contradiction. The grid alone showed givens and dead cells alike.
func TestUnsolvedSaysWhy(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"12345678.........9...............................................................", "Why: no digit can go in r1c9 once the singles that follow from the givens are placed.\n"},
		{"3.7.4...........218........4.....7.....16.......25..........38..9....5...2.6.....", " has no place left in "},
		{"4...3.......6..8..........7....5..9..8....6...7.2........1.27..5.3....4.9........", "Why: the singles that follow from the givens break nothing, but every guess from there leads to a contradiction.\n"},
		{"board 4\n123.\n...4\n....\n....\n", "Why: no digit can go in r1c4 "},
		// a given mistyped: the one change that gives one solution
		{".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.2..........", "\nA typo? Changing r8c8's 2 to 9 gives a puzzle with one solution.\n"},
		// five changes that each give one solution: all named
		{"...3...86..76..1......5...4..6.1....5.4...3.2.9..4.7..2...3.6....1..54..83...9...", "\nA typo? Changing any one of these 5 gives a puzzle with one solution: r1c8's 8 to 5, r3c5's 5 to 9, r6c2's 9 to 8, r7c1's 2 to 7 or r9c1's 8 to 4.\n"},
		// a killer whose sums do not add up
		{"board 4 killer\n. . . .\n. . . .\n. . . .\n. . . .\na a b b\na c c d\ne e e d\ne f f d\n9  .  6  .\n.  4  .  9\n10 .  .  .\n.  3  .  .\n", "\nWhy: the cage sums add up to 41, where a full board's digits add up to 40: a sum is mistyped.\n"}, // the cause first, not the empty cell it showed in
	} {
		out, _, _ := run(t, tc.in+"\n", "solve", "-")
		if !strings.Contains(out, "===(UNSOLVED)===\n") || !strings.Contains(out[strings.Index(out, "===(UNSOLVED)===\n"):], tc.want) {
			t.Errorf("%s: want %q in\n%s", tc.in, tc.want, out)
		}
	}
	// A board that breaks the rules says so in its status, and nothing more.
	if out, _, _ := run(t, "11"+strings.Repeat(".", 79)+"\n", "solve", "-"); strings.Contains(out, "Why:") || strings.Contains(out, "typo") {
		t.Errorf("an invalid board:\n%s", out)
	}
}

func TestSolveFailuresAndExitStatus(t *testing.T) {
	in := "..3......\n.........\n3........\n.........\n.........\n.........\n.........\n.........\n.........\n\n" +
		"1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..\n"
	out, _, code := run(t, in, "solve", "--format", "line", "-")
	if code != ExitPuzzles {
		t.Errorf("exit %d, want %d", code, ExitPuzzles)
	}
	if want := "invalid: digit 3 twice in box 1 (r1c3, r3c1)\nunsolvable\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	out, _, _ = run(t, in, "solve", "-")
	if !strings.Contains(out, "Status: unsolvable\n===(UNSOLVED)===\n{") {
		t.Errorf("report lacks the UNSOLVED candidate grid:\n%s", out)
	}
	out, _, code = run(t, "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n", "solve", "--algo", "dfs", "--timeout", "20ms", "--format", "line", "-")
	if out != "timeout\n" || code != ExitPuzzles {
		t.Errorf("timeout: %q exit %d", out, code)
	}
}

func TestSolveBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("easy1\n5.6918.23\n7136x2.49\n"), 0o644)
	out, errs, code := run(t, "", "solve", "--format", "line", bad, seeds)
	if code != ExitUsage {
		t.Errorf("exit %d, want %d", code, ExitUsage)
	}
	if want := bad + ":3:5: 'x' is not a digit 1-9 or blank"; !strings.Contains(errs, want) {
		t.Errorf("stderr %q lacks %q", errs, want)
	}
	if strings.Count(out, "\n") != 5 {
		t.Errorf("the good file was not solved:\n%s", out)
	}
	if _, errs, code := run(t, "", "solve", filepath.Join(dir, "missing.txt")); code != ExitUsage || !strings.Contains(errs, "missing.txt") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	if _, _, code := run(t, "", "solve", "--algo", "nope", seeds); code != ExitUsage {
		t.Errorf("bad algorithm: exit %d", code)
	}
	if _, _, code := run(t, "", "solve"); code != ExitUsage {
		t.Errorf("no files: exit %d", code)
	}
	if _, _, code := run(t, "", "frobnicate"); code != ExitUsage {
		t.Errorf("unknown command: exit %d", code)
	}
}

func TestSolveParallelKeepsOrder(t *testing.T) {
	one, _, _ := run(t, "", "solve", "-j", "1", "--format", "line", seeds, seeds, seeds)
	many, _, _ := run(t, "", "solve", "-j", "3", "--format", "line", seeds, seeds, seeds)
	if one != many || strings.Count(one, "\n") != 15 {
		t.Fatalf("-j 3 output differs from -j 1:\n%s\n%s", one, many)
	}
}

func TestSolveCSVAndGrid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.csv")
	out, _, code := run(t, "", "solve", "--algo", "mrv", "--csv", path, "--format", "grid", seeds)
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(out, "483921657\n967345821\n") || strings.Count(out, "\n") != 5*9+4 {
		t.Errorf("grid output:\n%s", out)
	}
	f, _ := os.Open(path)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 6 || strings.Join(rows[0], ",") != "name,algorithm,givens,status,solutions,iterations,depth,backtracks,microseconds" {
		t.Fatalf("csv: %v", rows)
	}
	if r := rows[5]; r[0] != "easy1" || r[1] != "mrv" || r[2] != "36" || r[3] != "solved" || r[4] != "1" {
		t.Errorf("easy1 row %v", r)
	}
}

func TestHelp(t *testing.T) {
	out, _, code := run(t, "", "--help")
	if code != ExitOK || !strings.Contains(out, "solve") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	errs, _, code := run(t, "", "solve", "-h") // on standard output, as help solve
	if code != ExitOK || !strings.Contains(errs, "-algo") {
		t.Errorf("solve -h: exit %d\n%s", code, errs)
	}
	// Several commands: each one's help, in turn, on standard output.
	out, errs, code = run(t, "", "help", "rate", "solve")
	if code != ExitOK || errs != "" || !strings.Contains(out, "Usage: sudoku rate") || !strings.Contains(out, "Usage: sudoku solve") {
		t.Errorf("help rate solve: exit %d, stderr %q\n%s", code, errs, out)
	}
	// One wrong name: an error, and no help at all.
	out, errs, code = run(t, "", "help", "rate", "slove")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "Did you mean 'sudoku help solve'?") {
		t.Errorf("help rate slove: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestCountTimeout checks that a count cut off by --timeout says it is
// unknown, not 0.
func TestCountTimeout(t *testing.T) {
	hard := "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"
	out, _, code := run(t, hard, "solve", "--algo", "dfs", "--timeout", "1ms", "--count", "--format", "line", "-")
	if code != ExitPuzzles || out != "?\ttimeout\n" {
		t.Errorf("exit %d, %q", code, out)
	}
	// The report and the CSV say so too (they said 0).
	csvPath := filepath.Join(t.TempDir(), "c.csv")
	out, _, _ = run(t, hard, "solve", "--algo", "dfs", "--timeout", "1ms", "--count", "--csv", csvPath, "-")
	b, _ := os.ReadFile(csvPath)
	if !strings.Contains(out, "Solutions: not known (cut off by the timeout)") || !strings.Contains(string(b), ",timeout,?,") {
		t.Errorf("report:\n%s\ncsv:\n%s", out, b)
	}
}

// Seed 002's way of naming the algorithm, after the file: the files before
// it were solved with fast, then "dfs: no such file". Now nothing runs
// and the message says what to type.
func TestSolveAlgorithmAfterTheFile(t *testing.T) {
	// Seed 002's own names give its own searches, those with its
	// simplification at every node (the bare --algo lcv gave a student
	// figures that had nothing to do with theirs).
	for _, tc := range []struct{ arg, want string }{
		{"dfs", "to run seed 002's dfs (the AI homework's, with its simplification at every node), put --algo dfs+ before the files (--algo dfs is the bare search)"},
		{"MRV_csv", "put --algo mrv+ --csv FILE before the files"},
		{"__csv", "seed 002's runtime data is sudoku compare --algos dfs+,mrv+,lcv+ --csv FILE"},
		{"csv", "seed 002's runtime data is sudoku compare --algos dfs+,mrv+,lcv+ --csv FILE"},
		{"fast", "to choose the algorithm, put --algo fast before the files"},
	} {
		out, errs, code := run(t, "", "solve", seeds, tc.arg)
		if bout, berrs, bcode := run(t, "", "bench", seeds, tc.arg); bcode != ExitUsage || bout != "" || !strings.Contains(berrs, "no such file; ") {
			t.Errorf("bench FILE %s: exit %d, %q", tc.arg, bcode, berrs)
		}
		if code != ExitUsage || out != "" || !strings.Contains(errs, tc.arg+": no such file; ") || !strings.Contains(errs, tc.want) {
			t.Errorf("solve FILE %s: exit %d, stdout %d bytes, %q", tc.arg, code, len(out), errs)
		}
	}
	// A file of that name is read as any other.
	dir := t.TempDir()
	f := filepath.Join(dir, "dfs")
	data, _ := os.ReadFile(seeds)
	os.WriteFile(f, data, 0o644)
	if _, errs, code := run(t, "", "solve", f); code != ExitOK {
		t.Errorf("a file named dfs: exit %d, %q", code, errs)
	}
}

// An output never replaces a file the user has of another kind: swapped
// arguments (compare --chart puzzles.txt in.txt) turned a puzzle file
// into a PNG, bench --cpuprofile into gzip data, solve --csv into a table.
// "-" is standard output where it can be, and refused where the table has
// it (a file named "-" was made, or a profile went to the terminal).
func TestOutputsKeepFilesOfAnotherKind(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.txt")
	data, _ := os.ReadFile(seeds)
	os.WriteFile(keep, data, 0o644)
	for _, args := range [][]string{
		{"compare", "--algos", "fast", "--chart", keep, seeds},
		{"compare", "--algos", "fast", "--csv", keep, seeds},
		{"bench", "--cpuprofile", keep, seeds},
		{"solve", "--csv", keep, seeds},
	} {
		_, errs, code := run(t, "", args...)
		if code != ExitUsage || !strings.Contains(errs, "keep.txt holds puzzles, not ") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	// A table replaces a table of ours, and a chart a chart of ours, not
	// the user's notes, own table or photo: solve --csv README.md
	// replaced the README, and compare --chart a photo named chart.png.
	var photo bytes.Buffer
	png.Encode(&photo, image.NewGray(image.Rect(0, 0, 8, 8)))
	for _, c := range []struct {
		name, data, flag, err string
	}{
		{"README.md", "# my notes\n", "--csv", "README.md holds text that is not a table of this program's: not replaced"},
		{"mine.csv", "name,age\nbob,3\n", "--csv", "mine.csv holds text that is not a table of this program's: not replaced"},
		{"chart.png", photo.String(), "--chart", "chart.png holds a PNG image with no mark of this program"},
	} {
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, []byte(c.data), 0o644)
		for _, args := range [][]string{{"compare", "--algos", "fast", c.flag, path, seeds}, {"solve", c.flag, path, seeds}} {
			if c.flag == "--chart" && args[0] == "solve" {
				continue
			}
			if _, errs, code := run(t, "", args...); code != ExitUsage || !strings.Contains(errs, c.err) {
				t.Errorf("%v: exit %d, %q", args, code, errs)
			}
			if b, _ := os.ReadFile(path); string(b) != c.data {
				t.Errorf("%v replaced %s", args, c.name)
			}
		}
	}
	// Ours are replaced by the next run.
	for _, f := range []string{"--csv", "--chart"} {
		out := filepath.Join(dir, "again"+f[1:])
		if f == "--chart" {
			out += ".png"
		}
		for range 2 {
			if _, errs, code := run(t, "", "compare", "--algos", "fast", f, out, seeds); code != ExitOK {
				t.Errorf("compare %s %s again: exit %d, %q", f, out, code, errs)
			}
		}
	}
	// print checked the name's extension only: a link named book.pdf
	// to the puzzle file put a PDF in its place.
	link := filepath.Join(dir, "book.pdf")
	os.Symlink(keep, link)
	if _, errs, code := run(t, "", "print", "-o", link, seeds); code != ExitUsage || !strings.Contains(errs, "book.pdf holds puzzles, not a PDF") {
		t.Errorf("print to a link to puzzles: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(keep); !bytes.Equal(b, data) {
		t.Error("the puzzle file was replaced")
	}
	// A booklet or image of ours is replaced by the next one.
	for _, name := range []string{"b.pdf", "b.png", "b.svg"} {
		out := filepath.Join(dir, "print", name)
		os.MkdirAll(filepath.Dir(out), 0o755)
		for range 2 {
			if _, errs, code := run(t, "", "print", "-o", out, seeds); code != ExitOK {
				t.Errorf("print -o %s: exit %d, %q", name, code, errs)
			}
		}
	}
	// Puzzles replace puzzles or text, not a booklet (generate -o b.pdf
	// replaced it with one line).
	pdf := filepath.Join(dir, "b.pdf")
	os.WriteFile(pdf, []byte("%PDF-1.4 booklet"), 0o644)
	if _, errs, code := run(t, "", "generate", "--difficulty", "easy", "--seed", "1", "-o", pdf); code != ExitUsage || !strings.Contains(errs, "use sudoku print -o "+pdf+" FILE") {
		t.Errorf("generate over a PDF: exit %d, %q", code, errs)
	}
	// A file of puzzles is replaced only with --force: a curator's
	// collection was replaced without a word.
	before, _ := os.ReadFile(keep)
	if _, errs, code := run(t, "", "generate", "--difficulty", "easy", "--seed", "1", "-o", keep); code != ExitUsage || !strings.Contains(errs, "the file is there already: --force replaces it") {
		t.Errorf("generate over puzzles: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(keep); string(after) != string(before) {
		t.Error("generate changed the puzzles it refused to replace")
	}
	if _, errs, code := run(t, "", "generate", "--force", "--difficulty", "easy", "--seed", "1", "-o", keep); code != ExitOK {
		t.Errorf("generate --force over puzzles: exit %d, %q", code, errs)
	}
	// An empty file is no one's work: it takes the puzzles.
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	if _, errs, code := run(t, "", "generate", "--difficulty", "easy", "--seed", "1", "-o", empty); code != ExitOK {
		t.Errorf("generate over an empty file: exit %d, %q", code, errs)
	}
	// A chart and a table of ours are replaced by the next run.
	seeds, _ := filepath.Abs(seeds)
	t.Chdir(dir)
	for range 2 {
		if _, errs, code := run(t, "", "compare", "--algos", "fast", "--csv", "c.csv", "--chart", "c.png", seeds); code != ExitOK {
			t.Fatalf("compare writing c.csv and c.png: exit %d, %q", code, errs)
		}
	}
	if _, errs, code := run(t, "", "compare", "--algos", "fast", "--chart", "c.csv", seeds); code != ExitUsage || !strings.Contains(errs, "c.csv holds a table, not a PNG image") {
		t.Errorf("a chart over a table: exit %d, %q", code, errs)
	}
	if _, errs, code := run(t, "", "compare", "--algos", "fast", "--chart", "-", seeds); code != ExitUsage || !strings.Contains(errs, "name a .png file") {
		t.Errorf("--chart -: exit %d, %q", code, errs)
	}
	if _, errs, code := run(t, "", "bench", "--cpuprofile", "-", seeds); code != ExitUsage || !strings.Contains(errs, "name a file for the profile") {
		t.Errorf("--cpuprofile -: exit %d, %q", code, errs)
	}
	out, _, code := run(t, "", "compare", "--algos", "fast", "--csv", "-", seeds)
	if code != ExitOK || !strings.Contains(out, "\nboard,algorithm,status,") {
		t.Errorf("--csv -: exit %d, %q", code, out)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("a file named - was made")
	}
}

// --count on a puzzle with two solutions or more shows another solution
// and the cells where it differs, fewest first: where the puzzle wants
// another given (it showed one grid, as for a proper puzzle).
func TestCountShowsAnotherSolution(t *testing.T) {
	sol := solver.MustParse("768942315934651278512738649147593826329486157856127493693215784481379562275864931")
	// A rectangle of two digits on two rows of a band and two columns of
	// two stacks: blanked, it holds either way round.
	g := sol
	found := false
	for r1 := 0; r1 < 9 && !found; r1++ {
		for r2 := r1 + 1; r2 < r1/3*3+3 && !found; r2++ {
			for c1 := 0; c1 < 9 && !found; c1++ {
				for c2 := c1/3*3 + 3; c2 < 9 && !found; c2++ {
					a, b := 9*r1+c1, 9*r1+c2
					if sol[a] == sol[9*r2+c2] && sol[b] == sol[9*r2+c1] {
						g[a], g[b], g[9*r2+c1], g[9*r2+c2] = 0, 0, 0, 0
						found = true
					}
				}
			}
		}
	}
	if !found {
		t.Fatal("no rectangle in the grid")
	}
	out, _, code := run(t, g.String()+"\n", "solve", "--count", "-")
	if code != ExitOK || !strings.Contains(out, "Solutions: 2 or more\n") || !strings.Contains(out, "Another solution, differing in 4 cells (") {
		t.Errorf("exit %d\n%s", code, out)
	}
	if out, _, _ := run(t, sol.String()[:80]+".\n", "solve", "--count", "-"); strings.Contains(out, "Another") {
		t.Errorf("one solution:\n%s", out)
	}
	// Other shapes too (a 4×4 showed one solution only).
	if out, _, _ := run(t, ".3....3.......1.\n", "solve", "--count", "-"); !strings.Contains(out, "Another solution, differing in 4 cells (") {
		t.Errorf("a 4×4:\n%s", out)
	}
}

// rate's table lines up names by the columns a terminal gives them: a
// name with a combining mark (as a Mac writes "Noël") or in Chinese
// shifted the columns after it.
func TestRateTableAlignsWideAndCombiningNames(t *testing.T) {
	p := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	out, _, code := run(t, "Noe\u0308l\n"+p+"\n数独\n"+p+"\nplain\n"+p+"\n", "rate", "-")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	cols := map[int]bool{}
	for _, l := range strings.Split(out, "\n")[:4] {
		k := strings.Index(l, "  ")
		rest := strings.TrimLeft(l[k:], " ")
		cols[displayWidth(l[:len(l)-len(rest)])] = true
	}
	if len(cols) != 1 {
		t.Errorf("the level column starts at columns %v:\n%s", cols, out)
	}
}

// Counting cut off by the timeout after the first solution shows it
// ("1+\ttimeout" hid a solution found).
func TestCountCutOffShowsTheSolutionFound(t *testing.T) {
	sol := solver.MustParse("546918723713652849982473651634791582127865934859234167368147295491526378275389416")
	var b bytes.Buffer
	writeLine(&b, solver.Result{Status: solver.Cancelled, Solutions: 1, Solution: sol}, true)
	if want := "1+\t" + sol.String() + "\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	b.Reset()
	writeLine(&b, solver.Result{Status: solver.Cancelled}, true)
	if !strings.HasPrefix(b.String(), "?\t") {
		t.Errorf("none found: %q", b.String())
	}
}

// --seed with an algorithm that takes none says so (it was ignored
// without a word).
func TestSolveSeedNote(t *testing.T) {
	_, errs, code := run(t, ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.\n", "solve", "--seed", "3", "--format", "line", "-")
	if code != ExitOK || !strings.Contains(errs, "--seed shuffles cp's order of digits only; fast does nothing with it") {
		t.Errorf("exit %d, %q", code, errs)
	}
	_, errs, _ = run(t, ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.\n", "solve", "--algo", "cp", "--seed", "3", "--format", "line", "-")
	if errs != "" {
		t.Errorf("cp: %q", errs)
	}
}

// --csv - writes the table after the results: past the CSV writer's buffer
// (about 150 puzzles) the two had mixed, a row cut by a solution line.
func TestSolveCSVToStdoutAfterTheResults(t *testing.T) {
	const easy = "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	const n = 400
	out, errs, code := run(t, strings.Repeat(easy+"\n", n), "solve", "--csv", "-", "--format", "line", "-")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2*n+1 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		switch {
		case i < n && (len(l) != 81 || strings.Contains(l, ",")):
			t.Fatalf("line %d is not a solution: %q", i+1, l)
		case i == n && !strings.HasPrefix(l, "name,algorithm,"):
			t.Fatalf("line %d is not the header: %q", i+1, l)
		case i > n && !strings.HasPrefix(l, "stdin #"):
			t.Fatalf("line %d is not a row: %q", i+1, l)
		}
	}
}

// The CSV's columns depend on the files, not on --format: a classic file
// written --format text had gained a shape column.
func TestSolveCSVColumnsWhateverTheFormat(t *testing.T) {
	for _, format := range []string{"line", "report", "grid", "text"} {
		out, errs, code := run(t, "", "solve", "--format", format, "--csv", "-", seeds)
		if code != ExitOK && code != ExitPuzzles {
			t.Fatalf("%s: exit %d: %s", format, code, errs)
		}
		if !strings.Contains(out, "\nname,algorithm,givens,") {
			t.Errorf("%s: no classic header in\n%s", format, out)
		}
	}
}

// "--" ends the flags: a file named -w.txt is an operand after it, and a
// flag's name after it is a file's (flags had been read on past it).
func TestDoubleDashEndsTheFlags(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(seeds)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "-w.txt"), data, 0o644)
	t.Chdir(dir)
	out, errs, code := run(t, "", "rate", "--format", "line", "--", "-w.txt")
	if code == ExitUsage || strings.Count(out, "\n") != 5 {
		t.Errorf("-w.txt after --: exit %d, %q %s", code, out, errs)
	}
	if _, errs, code := run(t, "", "rate", "--", "-w.txt", "--format", "csv"); code != ExitUsage || !strings.Contains(errs, "--format: no such file") {
		t.Errorf("--format after --: exit %d, %s", code, errs)
	}
}
