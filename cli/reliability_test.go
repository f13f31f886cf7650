package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// copyFile puts a copy of src in dir and returns its path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestOutputThatNamesAnInputIsRefused(t *testing.T) {
	dir := t.TempDir()
	// Names without .txt: print refuses a text file's name anyway.
	in := filepath.Join(dir, "seeds")
	if err := os.Rename(copyFile(t, seeds, dir), in); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(in)
	link := filepath.Join(dir, "link")
	os.Symlink(in, link)
	hard := filepath.Join(dir, "hard")
	os.Link(in, hard)
	for _, args := range [][]string{
		{"print", "-o", in, in},
		{"print", "-o", link, in},
		{"print", "-o", hard, in},
		{"solve", "--csv", in, in},
		{"solve", "--csv", link, in},
		{"compare", "--algos", "cp", "--csv", in, in},
		{"compare", "--algos", "cp", "--chart", hard, in},
	} {
		_, errs, code := run(t, "", args...)
		if code != ExitUsage || !strings.Contains(errs, "is also an input") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if after, _ := os.ReadFile(in); string(after) != string(before) {
			t.Fatalf("%v destroyed the input", args)
		}
	}
}

// An output that is the file standard input reads (sudoku print -o in.txt
// - < in.txt) is refused too: the PDF took the puzzle file's place.
func TestOutputThatIsStdinIsRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "seeds")
	if err := os.Rename(copyFile(t, seeds, dir), in); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(in)
	for _, args := range [][]string{
		{"print", "-o", in, "-"},
		{"print", "--format", "svg", "-o", in, "-"},
		{"solve", "--csv", in, "-"},
		{"compare", "--algos", "cp", "--csv", in, "-"},
		{"compare", "--algos", "cp", "--chart", in, "-"},
		{"bench", "--time", "10ms", "--cpuprofile", in, "-"},
	} {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb strings.Builder
		code := Run(args, f, &out, &errb)
		f.Close()
		if code != ExitUsage || !strings.Contains(errb.String(), "is also an input (standard input)") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
		if after, _ := os.ReadFile(in); string(after) != string(before) {
			t.Fatalf("%v destroyed the input", args)
		}
	}
}

// A standard output that is one of the inputs (sudoku solve in.txt >>
// in.txt, or 1<>in.txt) is refused before anything is written: the
// solutions had been appended to the puzzles, or written over them.
func TestStdoutThatIsAnInputIsRefused(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, seeds, dir)
	before, _ := os.ReadFile(in)
	for _, args := range [][]string{
		{"solve", "--format", "line", in},
		{"rate", in},
		{"explain", in},
		{"print", "-o", "-", in},
		{"bench", "--time", "10ms", in},
		{"compare", "--algos", "cp", in},
		{"solve", "-"},
	} {
		out, err := os.OpenFile(in, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		stdin, _ := os.Open(in)
		var errb strings.Builder
		code := Run(args, stdin, out, &errb)
		out.Close()
		stdin.Close()
		if code != ExitUsage || !strings.Contains(errb.String(), "standard output is ") || !strings.Contains(errb.String(), "also an input") || strings.Contains(errb.String(), "emptied") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
		if after, _ := os.ReadFile(in); string(after) != string(before) {
			t.Fatalf("%v changed the input", args)
		}
	}
	// "sudoku rate in.txt > in.txt": the shell has emptied it, and the
	// refusal says so (it read as if the file were safe).
	emptied := filepath.Join(dir, "emptied.txt")
	out, _ := os.Create(emptied)
	var errb0 strings.Builder
	if code := Run([]string{"rate", emptied}, strings.NewReader(""), out, &errb0); code != ExitUsage || !strings.Contains(errb0.String(), "the shell's > emptied it before sudoku started") {
		t.Errorf("an input the shell emptied: exit %d, %q", code, errb0.String())
	}
	out.Close()
	// Another file is fine.
	other, _ := os.Create(filepath.Join(dir, "out.txt"))
	defer other.Close()
	var errb strings.Builder
	if code := Run([]string{"solve", "--format", "line", in}, strings.NewReader(""), other, &errb); code != ExitOK {
		t.Errorf("into another file: exit %d, %q", code, errb.String())
	}
}

// When an input cannot be read (a mistyped name), the outputs the user
// already had stay: the CSV gave way to a table of the other files, or to
// its header alone.
func TestOutputsKeptWhenAnInputFails(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nonexist.txt")
	bin := filepath.Join(dir, "bin.bin")
	os.WriteFile(bin, []byte("\x00\x01\x02binary\x00"), 0o644)
	old := filepath.Join(dir, "keep.out")
	// The old file is of the output's kind (another kind is refused at
	// once: TestOutputsKeepFilesOfAnotherKind).
	// (A table and a chart of ours: others are not replaced at all.)
	png, gz := "\x89PNG\r\n\x1a\nOLD sudoku-chart", gzipped([]byte{0x48, 1, 0x50, 2, 0x5a, 0}) // a profile's fields
	table, compared := "name,algorithm,givens,status\nOLD\n", "board,algorithm,status,iterations\nOLD\n"
	for _, tc := range []struct {
		args []string
		was  string
	}{
		{[]string{"solve", "--csv", old, missing}, table},
		{[]string{"solve", "--csv", old, seeds, bin}, table},
		{[]string{"solve", "--format", "text", "--csv", old, seeds, missing}, table},
		{[]string{"compare", "--algos", "cp", "--csv", old, seeds, bin}, compared},
		{[]string{"compare", "--algos", "cp", "--chart", old, seeds, missing}, png},
		{[]string{"bench", "--time", "10ms", "--cpuprofile", old, seeds, missing}, gz},
	} {
		args := tc.args
		os.WriteFile(old, []byte(tc.was), 0o644)
		_, errs, code := run(t, "", args...)
		if code != ExitUsage || !strings.Contains(errs, "not written, as an input could not be read") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if b, _ := os.ReadFile(old); string(b) != tc.was {
			t.Errorf("%v replaced the old file by %.40q", args, b)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// failingWriter fails every write as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

func TestWriteErrorOnStdoutIsReported(t *testing.T) {
	for _, args := range [][]string{
		{"solve", seeds},
		{"solve", "--format", "line", seeds},
		{"rate", seeds},
		{"explain", seeds},
		{"bench", seeds},
		{"compare", "--algos", "cp", seeds},
		{"compare", "--algos", "cp", "--csv", "-", seeds},
		{"generate", "--difficulty", "easy", "--seed", "1", "-n", "2"},
		{"print", "-o", "-", seeds},
		{"version"},
		{"help"},
	} {
		var errb strings.Builder
		code := Run(args, strings.NewReader(""), failingWriter{}, &errb)
		// Reported once, by Run: not a second time by the command.
		if code != ExitUsage || !strings.Contains(errb.String(), "sudoku: write stdout: no space left on device") ||
			strings.Count(errb.String(), "no space left") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// A CSV beside results that could not be written stays as it was: the run
// stopped at the failed write, and the CSV gave way to a part of the
// table while the exit status said the run failed.
func TestWriteErrorOnStdoutKeepsTheCSV(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "o.csv")
	for _, args := range [][]string{
		{"solve", "--format", "line", "--csv", csv, seeds},
		{"solve", "--format", "text", "--csv", csv, seeds},
		{"compare", "--algos", "fast", "--csv", csv, seeds},
	} {
		const was = "name,algorithm,givens,status\nOLD\n" // a table of ours (no other is replaced)
		os.WriteFile(csv, []byte(was), 0o644)
		var errb strings.Builder
		code := Run(args, strings.NewReader(""), failingWriter{}, &errb)
		if b, _ := os.ReadFile(csv); code != ExitUsage || string(b) != was || !strings.Contains(errb.String(), "o.csv not written, as the results could not be written") {
			t.Errorf("%v: exit %d, CSV now %.30q, stderr %q", args, code, b, errb.String())
		}
	}
}

// smallDisk mounts a tmpfs of size bytes (as root, where that is allowed)
// and returns its folder.
func smallDisk(t *testing.T, size string) string {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a small tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	return dir
}

func TestFullDiskKeepsOldOutput(t *testing.T) {
	dir := smallDisk(t, "96k")
	old := strings.Repeat("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n", 500)
	path := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	many := filepath.Join(t.TempDir(), "many.txt")
	os.WriteFile(many, []byte(strings.Repeat("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n", 400)), 0o644)
	pdf := filepath.Join(dir, "old.pdf")
	for _, args := range [][]string{
		{"generate", "--force", "--difficulty", "easy", "--seed", "1", "-n", "800", "-o", path},
		{"print", "--force", "--per-page", "1", "--solutions", "-o", pdf, many},
	} {
		if args[0] == "print" {
			// print replaces a PDF only (a puzzle file is kept apart).
			old = "%PDF-1.4\n" + old[9:]
			if err := os.Rename(path, pdf); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(pdf, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			path = pdf
		}
		_, errs, code := run(t, "", args...)
		if code != ExitUsage || !strings.Contains(errs, "no space left on device") {
			t.Errorf("%s: exit %d, %q", args[0], code, errs)
		}
		if b, _ := os.ReadFile(path); string(b) != old {
			t.Errorf("%s changed the old file", args[0])
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			t.Errorf("%s left %d files", args[0], len(es))
		}
	}
}

func TestPrintFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.pdf")
	os.WriteFile(out, []byte("my old booklet"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("11.......\n"+strings.Repeat(".........\n", 8)), 0o644)
	if _, _, code := run(t, "", "print", "-o", out, bad); code == ExitOK {
		t.Fatal("printed an invalid puzzle")
	}
	if b, _ := os.ReadFile(out); string(b) != "my old booklet" {
		t.Errorf("old booklet now %q", b[:min(len(b), 20)])
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--timeout", "-1s", seeds}, "--timeout -1s is negative"},
		{[]string{"compare", "--timeout", "-1s", seeds}, "--timeout -1s is negative"},
		{[]string{"compare", "--width", "100000", "--chart", "c.png", seeds}, "the chart takes 400x300 to 8192x8192 pixels"},
		{[]string{"compare", "--width", "200", "--height", "150", "--chart", "c.png", seeds}, "the chart takes 400x300 to 8192x8192 pixels, not 200x150"},
		{[]string{"slove", seeds}, "Did you mean 'sudoku solve'?"},
		{[]string{"--bogus"}, `unknown flag "--bogus"`},
		{[]string{"rate", "-j", "0", seeds}, `invalid value "0" for flag -j: want 1 core or more`},
		{[]string{"solve", "-j", "-3", seeds}, `invalid value "-3" for flag -j: want 1 core or more`},
		{[]string{"generate", "-j", "0", "--difficulty", "easy"}, `invalid value "0" for flag -j`},
		{[]string{"generate", "--er", "3.5"}, `--er "3.5": no step scores 3.5, so no puzzle has that ER (the nearest are 3.4 and 3.6)`},
		{[]string{"generate", "--er", "2.1-2.2"}, `no step scores from 2.1 to 2.2`},
		{[]string{"generate", "--er", "6.05"}, `want a range of ER like 7.2-8.0 (one decimal)`},
		{[]string{"generate", "--er", "8.0-7.2"}, `--er "8.0-7.2": the lower bound comes first, as in 7.2-8.0`},
		{[]string{"generate", "--er", "1.0"}, `the generator makes no puzzle that easy`},
		{[]string{"generate", "--er", "NaN"}, `want a range of ER like 7.2-8.0`},
		{[]string{"generate", "--er", "20.0"}, `no known puzzle rates above 13.0`},
		{[]string{"solve", "--csv", "", seeds}, `--csv "": an empty file name`},
		{[]string{"help", "rat"}, "sudoku help: no command \"rat\"\nDid you mean 'sudoku help rate'?"},
		{[]string{"solve", "--count", "--format", "grid", seeds}, "--count goes with --format report or line, not grid"},
		// A flag's error is one line like every other, and one more that
		// says where the flags are (the whole list followed).
		{[]string{"solve", "-j", "abc", seeds}, "sudoku solve: invalid value \"abc\" for flag -j: want a whole number such as 4\nRun 'sudoku help solve' for its flags.\n"},
		// Found by an attacker test: "parse error" said nothing of what
		// was wanted, and an overlong duration was "not a duration".
		{[]string{"solve", "-j", "1e3", seeds}, "sudoku solve: invalid value \"1e3\" for flag -j: want a whole number such as 4\nRun 'sudoku help solve' for its flags.\n"},
		{[]string{"generate", "-n", "99999999999999999999"}, "sudoku generate: invalid value \"99999999999999999999\" for flag -n: too large a number\nRun 'sudoku help generate' for its flags.\n"},
		{[]string{"generate", "--seed", "abc"}, "sudoku generate: invalid value \"abc\" for flag -seed: want a whole number such as 4\nRun 'sudoku help generate' for its flags.\n"},
		{[]string{"generate", "--timeout", "99999999h"}, "sudoku generate: invalid value \"99999999h\" for flag -timeout: too long a duration (at most some 290 years)\nRun 'sudoku help generate' for its flags.\n"},
		{[]string{"rate", "--bogus", seeds}, "sudoku rate: flag provided but not defined: -bogus\nRun 'sudoku help rate' for its flags.\n"},
		{[]string{"bench", "--warmup", "-1s", seeds}, "--warmup -1s is negative"},
		{[]string{"bench", "--time", "-1s", seeds}, "--time -1s is negative"},
		{[]string{"compare", "--csv", "", seeds}, `--csv "": an empty file name`},
		{[]string{"compare", "--chart", "", seeds}, `--chart "": an empty file name`},
		{[]string{"compare", "--csv", "same.out", "--chart", "same.out", seeds}, "--csv and --chart name the same file"},
		{[]string{"compare", "--csv", "same.out", "--chart", "./same.out", seeds}, "--csv and --chart name the same file"},
		{[]string{"solve", ""}, `"": an empty file name`},
		{[]string{"rate", "-", "-"}, "- (standard input) is given twice"},
		{[]string{"generate", "--variant", "killer", "--size", "4", "--difficulty", "easy", "--givens", "16"}, "--givens 16: a 4×4 board has 16 cells; give fewer than all"},
		{[]string{"generate", "--format", "bogus", "--difficulty", "easy"}, "(want line, grid, named, sdk, ss, pretty, xml, solo or text)"},
		{[]string{"generate", "--variant", "x", "--format", "grid", "--difficulty", "easy"}, "--format grid cannot show an X board's diagonals"},
		{[]string{"bench", "--time", "1ms", "--warmup", "0s", "../testdata/solo-ids.txt"}, "solo-ids.txt holds boards of another shape: bench times solvers on classic 9×9 puzzles"},
		// An output named for another format than it holds.
		{[]string{"print", "-o", "book.pdf", "--format", "svg", seeds}, "-o book.pdf with --format svg: the file would not be what its name says"},
		{[]string{"print", "-o", "book.jpg", seeds}, "-o book.jpg: print writes PDF, PNG or SVG"},
		{[]string{"print", "-o", "week.docx", seeds}, "-o week.docx: print writes PDF, PNG or SVG"}, // (a PDF the word processor could not open)
		{[]string{"solve", "--algo", "__csv", seeds}, "seed 002's __csv table is --csv FILE"},
		{[]string{"print", "-o", "out.txt", seeds}, "-o out.txt: print writes PDF, PNG or SVG, not text"},
		{[]string{"print", "-o", "Book.SDK", seeds}, "-o Book.SDK: print writes PDF, PNG or SVG, not text"},
		{[]string{"generate", "--variant", "killer", "--difficulty", "easy", "--givens", "-1"}, "--givens -1: want a number of givens from 0"},
		{[]string{"generate", "--variant", "killer", "--format", "sdk", "--difficulty", "easy"}, "9×9 killer boards are written as text or solo"},
		{[]string{"generate", "--size", "6", "--format", "pretty", "--difficulty", "easy"}, "6×6 boards are written as text, solo or line"},
		{[]string{"compare", "--algos", "cp", "--chart", "c.svg", seeds}, "--chart c.svg: the chart is a PNG image"},
		// The rows of a 16×16 grid read back as sixteen 4×4 puzzles.
		{[]string{"generate", "--size", "16", "--format", "grid", "--difficulty", "easy"}, "--format grid is for 9×9 boards"},
		{[]string{"generate", "--size", "4", "--format", "grid", "--difficulty", "easy"}, "--format grid is for 9×9 boards"},
	} {
		_, errs, code := run(t, "", tc.args...)
		if code != ExitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, a := range []string{"version", "--version"} {
		out, _, code := run(t, "", a)
		if code != ExitOK || !strings.HasPrefix(out, "sudoku ") {
			t.Errorf("%s: exit %d, %q", a, code, out)
		}
	}
}

func TestHugeJobsAndCounts(t *testing.T) {
	if _, errs, code := run(t, "", "solve", "-j", "1000000000", "--format", "line", seeds); code != ExitOK || errs != "" {
		t.Errorf("-j 1000000000: exit %d, %q", code, errs)
	}
	start := time.Now()
	_, errs, code := run(t, "", "generate", "--difficulty", "insane", "--seed", "1", "--timeout", "300ms", "-n", "9223372036854775807")
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("generate ran %v past a 300ms timeout", took)
	}
	if code != ExitPuzzles || !strings.Contains(errs, "timed out after 300ms") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

func TestCompareCountsInvalidBoards(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "two.txt")
	os.WriteFile(bad, []byte("11.......\n"+strings.Repeat(".........\n", 8)+"\n"+strings.Repeat("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6", 1)+"\n"), 0o644)
	out, _, code := run(t, "", "compare", "--algos", "cp", bad)
	if code != ExitPuzzles || !strings.Contains(out, "cp     1 finished, 0 timed out, 1 invalid") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestFlagErrorIsShort checks that a mistyped flag gets two lines, not the
// whole list of flags after them; -h still gets the list.
func TestFlagErrorIsShort(t *testing.T) {
	_, errs, code := run(t, "", "solve", "-j", "0", seeds)
	if code != ExitUsage || strings.Contains(errs, "Flags:") || strings.Count(errs, "\n") != 2 {
		t.Errorf("exit %d, %q", code, errs)
	}
	// -h, asked for, writes the flags on standard output (as help CMD).
	if errs, stderr, code := run(t, "", "solve", "-h"); code != ExitOK || !strings.Contains(errs, "Flags:") || strings.Contains(errs, "sudoku solve: ") || stderr != "" {
		t.Errorf("-h: exit %d, %q", code, errs)
	}
}

// writeLog records each write it gets.
type writeLog struct{ writes []string }

func (w *writeLog) Write(p []byte) (int, error) {
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

// Standard output goes out whole records at a time, and a slow run's
// records do not wait for the end: each write ends a line (Ctrl-C left
// half a solution), and a record 200 ms after the last write goes out
// at once (forty ratings of a second each all came at the end).
func TestRecordWriter(t *testing.T) {
	var log writeLog
	w := newRecordWriter(&log)
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(w, "%s\n", strings.Repeat("x", i%300))
		w.done()
	}
	w.Flush()
	for _, s := range log.writes {
		if !strings.HasSuffix(s, "\n") {
			t.Fatalf("a write of %d bytes ends in the middle of a line", len(s))
		}
	}
	if len(log.writes) < 10 {
		t.Errorf("%d writes for 3 MB", len(log.writes))
	}
	log.writes = nil
	w = newRecordWriter(&log)
	time.Sleep(210 * time.Millisecond)
	fmt.Fprintln(w, "a rating")
	w.done()
	if len(log.writes) != 1 {
		t.Errorf("a record 200 ms after the last write waits: %d writes", len(log.writes))
	}
}

// The temporary file that a killed write of an output left (kill -9)
// goes with the next write of that output, once an hour old; a younger
// one may be a write under way, and stays.
func TestStaleTemporaryFilesGo(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.pdf")
	old := filepath.Join(dir, ".book.pdf8812345")
	young := filepath.Join(dir, ".book.pdf99")
	os.WriteFile(old, nil, 0o644)
	os.WriteFile(young, nil, 0o644)
	past := time.Now().Add(-2 * time.Hour)
	os.Chtimes(old, past, past)
	if _, errs, code := run(t, "", "print", "-o", out, seeds); code != ExitOK {
		t.Fatalf("exit %d, %q", code, errs)
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("the stale temporary file is still there")
	}
	if _, err := os.Stat(young); err != nil {
		t.Error("a temporary file of a minute ago went")
	}
}

// A missing input is named with its reason, without the system call's
// name ("stat missing.txt: …").
func TestMissingInputMessage(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	for _, cmd := range []string{"solve", "rate", "explain"} {
		_, errs, code := run(t, "", cmd, missing)
		if code != ExitUsage || errs != "sudoku: "+missing+": no such file or directory\n" {
			t.Errorf("%s: exit %d, %q", cmd, code, errs)
		}
	}
}

// help -h is help (it said there is no command "-h"); version -h shows
// no "Flags:" over an empty list.
func TestHelpOfHelp(t *testing.T) {
	if out, errs, code := run(t, "", "help", "-h"); code != ExitOK || !strings.Contains(out, "sudoku COMMAND") || errs != "" {
		t.Errorf("help -h: exit %d, %q, %q", code, out, errs)
	}
	if out, _, code := run(t, "", "version", "-h"); code != ExitOK || out != "Usage: sudoku version\n" {
		t.Errorf("version -h: exit %d, %q", code, out)
	}
}

// A standard output closed when the program started (`>&-`) fails the
// command that writes its results there, with the reason: the results
// went nowhere and the status was 0. (The Go runtime puts /dev/null,
// opened for reading and writing, in a closed standard output's place.)
func TestClosedStdoutFails(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null")
	}
	rw, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	var errb strings.Builder
	if code := Run([]string{"rate", seeds}, strings.NewReader(""), rw, &errb); code != ExitUsage || !strings.Contains(errb.String(), "standard output is closed") {
		t.Errorf("exit %d, %q", code, errb.String())
	}
	w, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	errb.Reset()
	if code := Run([]string{"rate", seeds}, strings.NewReader(""), w, &errb); code == ExitUsage || strings.Contains(errb.String(), "closed") {
		t.Errorf("> /dev/null: exit %d, %q", code, errb.String())
	}
}

// Found by an attacker test: sudoku --version extra ignored the extra
// word; compare on a file that does not read said why and then "no boards
// to compare" as well.
func TestVersionArgsAndCompareSaysOnce(t *testing.T) {
	if _, errs, code := run(t, "", "--version", "extra"); code != ExitUsage || !strings.Contains(errs, "takes no arguments") {
		t.Errorf("--version extra: exit %d, %q", code, errs)
	}
	blank := filepath.Join(t.TempDir(), "blank.txt")
	os.WriteFile(blank, []byte("\n\n"), 0o644)
	if _, errs, code := run(t, "", "compare", blank); code != ExitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "only blank lines") {
		t.Errorf("compare on a blank file: exit %d, %q", code, errs)
	}
}

// pipeGone is a standard output whose reader went.
type pipeGone struct{}

func (pipeGone) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// A reader of standard output that went (sudoku help print | head -1)
// stops the command quietly with 141, as SIGPIPE does: it said "write
// stdout: broken pipe" when the write's error came before the signal.
func TestBrokenPipeIsQuiet(t *testing.T) {
	var errb strings.Builder
	if code := Run([]string{"help", "print"}, strings.NewReader(""), pipeGone{}, &errb); code != 141 || errb.Len() != 0 {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// A file's name with control characters in it does not reach the terminal
// raw, in the puzzles' default names nor in messages: "x\x1b]0;T\a.txt"
// set the terminal's title from every line of rate's table.
func TestControlCharactersInFileNames(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "x\x1b]0;T\a.txt")
	data, _ := os.ReadFile(seeds)
	os.WriteFile(name, []byte(strings.ReplaceAll(string(data), "easy1\n", "")), 0o644)
	for _, args := range [][]string{{"rate", name}, {"solve", name}, {"bench", name}, {"solve", filepath.Join(dir, "bad\x1b]0;owned\aname")}} {
		out, errs, _ := run(t, "", args...)
		if strings.ContainsAny(out+errs, "\x1b\a") {
			t.Errorf("%q: control characters in the output: %q %q", args[0], out, errs)
		}
	}
	bad := filepath.Join(dir, "b\x1b[2J.txt")
	os.WriteFile(bad, []byte("12345678x\n"), 0o644)
	if _, errs, code := run(t, "", "solve", bad); code != ExitUsage || !strings.Contains(errs, `b\x1b[2J.txt:1`) {
		t.Errorf("a bad line in a file so named: exit %d, %q", code, errs)
	}
}

// -o to a named pipe with a reader at its other end writes to it: the
// check that the output holds nothing of another kind opened the pipe to
// read it, and waited for a writer for ever, as did the reader.
func TestOutputToANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	done := make(chan int, 1)
	go func() {
		_, _, code := run(t, "", "generate", "--difficulty", "easy", "-n", "2", "--seed", "1", "-o", fifo)
		done <- code
	}()
	select {
	case code := <-done:
		if b := <-got; code != 0 || strings.Count(string(b), "\n") != 2 {
			t.Errorf("exit %d, the reader got %q", code, b)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("generate -o PIPE hung")
	}
}

// gzipped is data as gzip writes it, with no name: as pprof writes a
// profile.
func gzipped(data []byte) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(data)
	z.Close()
	return b.String()
}

// compare finds an output it cannot write before the run, as solve and
// bench do: a read-only folder was found after minutes of comparing.
func TestCompareChecksItsOutputsFirst(t *testing.T) {
	dir := t.TempDir()
	for _, flag := range []string{"--csv", "--chart"} {
		out, errs, code := run(t, "", "compare", "--algos", "fast", flag, filepath.Join(dir, "no-such-folder", "x.png"), seeds)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "no-such-folder") {
			t.Errorf("%s into a folder not there: exit %d, stdout %.40q, stderr %q", flag, code, out, errs)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("left behind: %v", es)
	}
}

// bench's table lines up under a name longer than its column (a name of
// 57 characters pushed its row out of line).
func TestBenchTableLinesUpLongNames(t *testing.T) {
	long := filepath.Join(t.TempDir(), strings.Repeat("tournament_", 6)+"2026.txt")
	data, _ := os.ReadFile(seeds)
	os.WriteFile(long, data, 0o644)
	out, errs, code := run(t, "", "bench", "--warmup", "0", long, seeds)
	if code != ExitOK {
		t.Fatalf("exit %d, %q", code, errs)
	}
	var widths []int
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "|") {
			widths = append(widths, len([]rune(l)))
		}
	}
	if len(widths) != 4 || widths[0] != widths[1] || widths[0] != widths[2] || widths[0] != widths[3] {
		t.Errorf("table lines of %v characters:\n%s", widths, out)
	}
}
