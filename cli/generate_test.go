package cli

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/generator"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

func TestGenerateLine(t *testing.T) {
	out, errs, code := run(t, "", "generate", "--difficulty", "medium", "-n", "6", "--seed", "5")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if errs != "" {
		t.Errorf("stderr with --seed: %q", errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for k, line := range lines {
		if !regexp.MustCompile(`^[1-9.]{81}$`).MatchString(line) {
			t.Fatalf("line %d is not 81 digits and dots: %q", k+1, line)
		}
		// Puzzle k is the generator's puzzle for the batch's k-th seed.
		want, err := generator.Generate(context.Background(), generator.Options{Level: logic.Medium, Seed: generator.BatchSeed(5, k)})
		if err != nil {
			t.Fatal(err)
		}
		if line != want.Grid.String() {
			t.Errorf("line %d = %s, want %s", k+1, line, want.Grid)
		}
		g := solver.MustParse(line)
		if solver.CountSolutions(g, 2) != 1 {
			t.Errorf("line %d has several solutions", k+1)
		}
		if r, err := logic.Rate(g); err != nil || r.Level != logic.Medium {
			t.Errorf("line %d rated %v, %v", k+1, r.Level, err)
		}
	}
}

// TestGenerateParallel checks that -j changes only the speed.
func TestGenerateParallel(t *testing.T) {
	args := []string{"generate", "--difficulty", "hard", "-n", "12", "--seed", "77", "--format", "named"}
	one, _, code := run(t, "", append(args, "-j", "1")...)
	if code != ExitOK {
		t.Fatalf("-j 1: exit %d", code)
	}
	for _, j := range []string{"2", "5"} {
		many, _, code := run(t, "", append(args, "-j", j)...)
		if code != ExitOK || many != one {
			t.Errorf("-j %s: exit %d, output differs from -j 1:\n%s\nwant\n%s", j, code, many, one)
		}
	}
}

// TestGenerateNames reads a named and an .sdk batch back: each puzzle is
// named by its level, score and seed, and that seed alone makes it again.
func TestGenerateNames(t *testing.T) {
	for _, format := range []string{"named", "sdk"} {
		out, errs, code := run(t, "", "generate", "--difficulty", "expert", "-n", "3", "--seed", "12", "--format", format)
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", format, code, errs)
		}
		ps, err := solver.ReadPuzzles(strings.NewReader(out), "out")
		if err != nil || len(ps) != 3 {
			t.Fatalf("%s: read back %d puzzles, %v:\n%s", format, len(ps), err, out)
		}
		nameRE := regexp.MustCompile(`^expert (\d+\.\d) seed (\d+)$`)
		for k, p := range ps {
			m := nameRE.FindStringSubmatch(p.Name)
			if m == nil || !p.Named {
				t.Fatalf("%s: puzzle %d named %q", format, k+1, p.Name)
			}
			if k == 0 && m[2] != "12" {
				t.Errorf("%s: the first puzzle's seed is %s, want the batch's, 12", format, m[2])
			}
			if r, _ := logic.Rate(p.Grid); strconv.FormatFloat(r.Score, 'f', 1, 64) != m[1] {
				t.Errorf("%s: puzzle %d named %q, rated %.1f", format, k+1, p.Name, r.Score)
			}
			again, _, _ := run(t, "", "generate", "--difficulty", "expert", "--seed", m[2])
			if strings.TrimSpace(again) != p.Grid.String() {
				t.Errorf("%s: --seed %s gives %s, not puzzle %d, %s", format, m[2], again, k+1, p.Grid)
			}
		}
	}
}

// TestGenerateFormats reads every output format back to the same boards.
func TestGenerateFormats(t *testing.T) {
	line, _, _ := run(t, "", "generate", "--difficulty", "easy", "-n", "3", "--seed", "1")
	want, _ := solver.ReadPuzzles(strings.NewReader(line), "line")
	for _, f := range solver.Formats {
		out, errs, code := run(t, "", "generate", "--difficulty", "easy", "-n", "3", "--seed", "1", "--format", string(f))
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", f, code, errs)
		}
		got, err := solver.ReadPuzzles(strings.NewReader(out), "out")
		if err != nil || len(got) != len(want) {
			t.Fatalf("%s: read back %d puzzles, %v:\n%s", f, len(got), err, out)
		}
		for k := range got {
			if got[k].Grid != want[k].Grid {
				t.Errorf("%s: puzzle %d is %s, want %s", f, k+1, got[k].Grid, want[k].Grid)
			}
		}
	}
}

func TestGenerateSymmetryMinimal(t *testing.T) {
	for _, sym := range []generator.Symmetry{generator.NoSymmetry, generator.Mirror, generator.Diagonal} {
		out, errs, code := run(t, "", "generate", "--difficulty", "easy", "--seed", "3", "--symmetry", sym.String(), "--minimal")
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", sym, code, errs)
		}
		g := solver.MustParse(strings.TrimSpace(out))
		for i, d := range g {
			if (d == 0) != (g[sym.Image(i)] == 0) {
				t.Fatalf("%v: %s is not symmetric at %s", sym, g, solver.CellName(i))
			}
			h := g
			h[i] = 0
			if d != 0 && solver.CountSolutions(h, 2) == 1 {
				t.Fatalf("%v: %s is not minimal: %s can go", sym, g, solver.CellName(i))
			}
		}
	}
}

// TestGenerateRandomSeed checks that a run without --seed says which seed
// it drew, and that the seed makes the same puzzles again.
func TestGenerateRandomSeed(t *testing.T) {
	out, errs, code := run(t, "", "generate", "--difficulty", "easy", "-n", "2")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`^sudoku generate: seed (\d+) \(--seed \d+ makes these puzzles again\)\n$`).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("stderr %q names no seed", errs)
	}
	again, _, _ := run(t, "", "generate", "--difficulty", "easy", "-n", "2", "--seed", m[1])
	if again != out {
		t.Errorf("--seed %s gave\n%s, the run that drew it\n%s", m[1], again, out)
	}
}

func TestGenerateOutputFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hard.sdk")
	out, errs, code := run(t, "", "generate", "--difficulty", "hard", "-n", "2", "--seed", "9", "--format", "sdk", "-o", path)
	if code != ExitOK || out != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, out, errs)
	}
	ps, err := solver.ReadFile(path)
	if err != nil || len(ps) != 2 || !strings.HasPrefix(ps[0].Name, "hard ") {
		t.Fatalf("read back %d puzzles (%v), first named %q", len(ps), err, ps[0].Name)
	}
}

func TestGenerateErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{}, ExitUsage, "no difficulty"},
		{[]string{"--difficulty", "nightmare"}, ExitUsage, `unknown level "nightmare"`},
		{[]string{"--difficulty", "easy", "--symmetry", "spiral"}, ExitUsage, `unknown symmetry "spiral"`},
		{[]string{"--difficulty", "easy", "--format", "pdf"}, ExitUsage, `unknown format "pdf"`},
		{[]string{"--difficulty", "easy", "-n", "0"}, ExitUsage, "-n 0"},
		{[]string{"--difficulty", "easy", "puzzles.txt"}, ExitUsage, `unexpected argument "puzzles.txt"`},
		{[]string{"--difficulty", "easy", "--seed", "x"}, ExitUsage, "invalid value"},
		{[]string{"--difficulty", "easy", "--seed", "1", "-o", filepath.Join(dir, "no", "such", "dir")}, ExitUsage, "no such file"},
		{[]string{"--difficulty", "insane", "--seed", "1", "-n", "3", "--timeout", "1ns"}, ExitPuzzles, "timed out after 1ns: made 0 of 3 puzzles"},
		{[]string{"-h"}, ExitOK, "Usage: sudoku generate --difficulty LEVEL"},
	} {
		out, errs, code := run(t, "", append([]string{"generate"}, c.args...)...)
		if c.code == ExitOK {
			errs, out = out, "" // -h: the flags on standard output
		}
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
		if c.code != ExitOK && out != "" {
			t.Errorf("%v: stdout %q", c.args, out)
		}
	}
}

// X, jigsaw and killer boards come as text blocks when no format is
// asked for: the default, one line of symbols, cannot show them, and
// they failed for want of --format.
func TestGenerateShapesDefaultToText(t *testing.T) {
	for _, v := range []string{"x", "jigsaw", "killer"} {
		out, errs, code := run(t, "", "generate", "--variant", v, "--size", "6", "--difficulty", "easy", "--seed", "1")
		if code != ExitOK || !strings.HasPrefix(out, "board 6 ") {
			t.Errorf("%s: exit %d, %q, %q", v, code, out, errs)
		}
	}
}

// A generated puzzle's name says how to make it again: with --minimal,
// --symmetry or --er, the seed alone made another puzzle ("hard 4.2 seed
// 5" came back only with --minimal --symmetry none as well).
func TestGeneratedNameMakesThePuzzleAgain(t *testing.T) {
	for _, flags := range [][]string{
		{"--difficulty", "hard", "--minimal", "--symmetry", "none"},
		{"--er", "3.8-4.4", "--symmetry", "Mirror"},
		{"--difficulty", "medium"},
	} {
		args := append([]string{"generate", "--seed", "5", "-j", "1", "--format", "sdk"}, flags...)
		out, errs, code := run(t, "", args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d, %q", flags, code, errs)
		}
		name := strings.TrimPrefix(strings.SplitN(out, "\n", 2)[0], "#D ")
		// "LEVEL SCORE seed S [er R] [minimal] [symmetry SYM]"
		words := strings.Fields(name)
		again := []string{"generate", "-j", "1", "--format", "sdk", "--seed", words[3]}
		if len(words) < 6 || words[4] != "er" {
			again = append(again, "--difficulty", words[0])
		}
		for k := 4; k < len(words); k++ {
			switch words[k] {
			case "er", "symmetry":
				again = append(again, "--"+words[k], words[k+1])
				k++
			case "minimal":
				again = append(again, "--minimal")
			default:
				t.Fatalf("%q: word %q", name, words[k])
			}
		}
		if got, _, _ := run(t, "", again...); got != out {
			t.Errorf("%v named %q; %v made\n%s\nnot\n%s", flags, name, again, got, out)
		}
	}
}

// --er and --minimal work with --format solo and text on classic 9×9 (they
// were refused, or ignored, there), and give the same puzzles as line.
func TestGenerateERAsSoloAndText(t *testing.T) {
	line, _, code := run(t, "", "generate", "--er", "4.4-5.0", "--minimal", "-n", "2", "--seed", "9", "-j", "1")
	if code != ExitOK {
		t.Fatalf("line: exit %d", code)
	}
	solo, errs, code := run(t, "", "generate", "--er", "4.4-5.0", "--minimal", "-n", "2", "--seed", "9", "-j", "1", "--format", "solo")
	if code != ExitOK {
		t.Fatalf("solo: exit %d, %q", code, errs)
	}
	lines, ids := strings.Fields(line), strings.Fields(solo)
	for k := range lines {
		b, err := solver.ParseSoloID(ids[k])
		if err != nil || b.String() != lines[k] {
			t.Errorf("puzzle %d: solo %q (%v), line %q", k+1, ids[k], err, lines[k])
		}
	}
	text, _, code := run(t, "", "generate", "--er", "4.4-5.0", "--minimal", "-n", "2", "--seed", "9", "-j", "1", "--format", "text")
	if code != ExitOK || strings.Count(text, "board 9: ") != 2 || !strings.Contains(text, " er 4.4-5.0 minimal\n") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
}

// -o names the format when --format does not: g.xml is OpenSudoku's, g.sdk
// SadMan's (both were lines); an image or booklet name is refused, with
// the way to one (-o g.pdf wrote lines of puzzles into it).
func TestGenerateFormatFromOutputName(t *testing.T) {
	dir := t.TempDir()
	for ext, start := range map[string]string{".xml": "<?xml", ".sdk": "#D easy", ".ss": "", ".txt": ""} {
		out := filepath.Join(dir, "g"+ext)
		if _, errOut, code := run(t, "", "generate", "--difficulty", "easy", "--seed", "3", "-o", out); code != ExitOK {
			t.Fatalf("%s: exit %d: %s", ext, code, errOut)
		}
		b, _ := os.ReadFile(out)
		if !strings.HasPrefix(string(b), start) {
			t.Errorf("%s: %.40q", ext, b)
		}
		if ps, err := solver.ReadFile(out); err != nil || len(ps) != 1 {
			t.Errorf("%s: read back %v %v", ext, ps, err)
		}
	}
	for _, ext := range []string{".pdf", ".png", ".svg"} {
		out := filepath.Join(dir, "g"+ext)
		_, errOut, code := run(t, "", "generate", "--difficulty", "easy", "-o", out)
		if code != ExitUsage || !strings.Contains(errOut, "sudoku print -o "+out+" FILE") {
			t.Errorf("%s: exit %d: %s", ext, code, errOut)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s written", ext)
		}
	}
}

// A one-letter flag written with its number, "-j1", "-n2", is the flag
// and its value ("flag provided but not defined: -j1"); not where it is
// the value of the flag before it, nor after "--".
func TestShortFlagWithItsNumber(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Int("j", 1, "")
	fs.Int("n", 1, "")
	fs.String("o", "", "")
	fs.Bool("q", false, "")
	for in, want := range map[string]string{
		"-j1 a":       "-j 1 a",
		"-n25 -q -j2": "-n 25 -q -j 2",
		"-o -j1 a":    "-o -j1 a",
		"-q -j1":      "-q -j 1",
		"-- -j1":      "-- -j1",
		"-jx -x1":     "-jx -x1",
		"--o=-j1 -j3": "--o=-j1 -j 3",
	} {
		if got := strings.Join(splitShortNumbers(fs, strings.Fields(in)), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if out, _, code := run(t, "", "generate", "--difficulty", "easy", "-n2", "--seed", "1"); code != ExitOK || strings.Count(out, "\n") != 2 {
		t.Errorf("generate -n2: exit %d\n%s", code, out)
	}
}

// --er takes every score rate gives: the forum's hardest lists rate up to
// 12.6 here, and --er refused anything above 12.0.
func TestERRangeTakesWhatRateGives(t *testing.T) {
	for _, s := range []string{"12.1", "12.1-12.6", "9.0-13.0"} {
		if _, _, err := parseERRange(s); err != nil {
			t.Errorf("--er %s: %v", s, err)
		}
	}
	if _, _, err := parseERRange("13.1"); err == nil {
		t.Error("--er 13.1 taken")
	}
}

// A puzzle made while one before it was stopped (an interrupt, the
// timeout) is kept, and -n upTo makes them all again; after a puzzle that
// failed for itself, none is.
func TestBatchKeep(t *testing.T) {
	stoppedErr := errors.New("stopped")
	var b batchKeep
	if b.take(0, stoppedErr, true) || !b.take(1, nil, true) || b.made != 1 || b.upTo != 2 {
		t.Errorf("after a stopped puzzle: %+v", b)
	}
	b = batchKeep{}
	if !b.take(0, nil, false) || b.take(1, errors.New("broken"), false) || b.take(2, nil, false) || b.made != 1 || b.upTo != 1 {
		t.Errorf("after a failed puzzle: %+v", b)
	}
}

// The advice after an interrupt over a file kept says when -n counts a
// puzzle that was stopped ("made 5 of 50 … -n 6" read as a mistake).
func TestFinishGenerateCountsTheStopped(t *testing.T) {
	var errb strings.Builder
	e := &env{stderr: &errb}
	finishGenerate(e, errInterrupted{os.Interrupt}, 5, 6, 50, 0, "g.txt", true, 5)
	if want := "-n 6 --seed 5 makes them again, with the one not finished among them)"; !strings.Contains(errb.String(), want) {
		t.Errorf("%q, want %q", errb.String(), want)
	}
	errb.Reset()
	finishGenerate(e, errInterrupted{os.Interrupt}, 5, 5, 50, 0, "g.txt", true, 5)
	if strings.Contains(errb.String(), "not finished") {
		t.Errorf("nothing stopped: %q", errb.String())
	}
}

// A flag written where another wants its value is refused ("print --title
// --solutions" printed a booklet titled "--solutions" without solutions),
// and an unknown flag is answered with the one meant.
func TestFlagMistakes(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := run(t, "", "print", "--title", "--solutions", "-o", filepath.Join(dir, "x.pdf"), "../testdata/seeds.txt")
	if code != ExitUsage || !strings.Contains(errs, "--title wants a value, and --solutions is a flag (write --title=--solutions if that is the value)") {
		t.Errorf("--title --solutions: exit %d, %q", code, errs)
	}
	if _, errs, code := run(t, "", "print", "--title=--solutions", "-o", filepath.Join(dir, "x.pdf"), "../testdata/seeds.txt"); code != ExitOK {
		t.Errorf("--title=--solutions: exit %d, %q", code, errs)
	}
	for _, c := range []struct{ args, want string }{
		{"generate --level easy", "Did you mean --difficulty?"},
		{"print --solution -o x.pdf", "Did you mean --solutions?"},
		{"solve --zzz", ""},
		{"generate --diff easy", "Did you mean --difficulty?"},
		{"generate --count 3", "Did you mean -n?"},
	} {
		_, errs, code := run(t, "", strings.Fields(c.args)...)
		if code != ExitUsage || !strings.Contains(errs, c.want) || (c.want == "" && strings.Contains(errs, "Did you mean")) {
			t.Errorf("%s: exit %d, %q", c.args, code, errs)
		}
	}
}
