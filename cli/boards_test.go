package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

const soloIDs = "../testdata/solo-ids.txt"

// A file of Solo game IDs of every shape: one line a puzzle, in input
// order, each its solution's N×N symbols, which keep the givens and the
// rules.
func TestSolveSoloIDsLine(t *testing.T) {
	data, err := os.ReadFile(soloIDs)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && l[0] != '#' {
			ids = append(ids, l)
		}
	}
	for _, algo := range []string{"cp", "mrv", "fast"} {
		out, errs, code := run(t, "", "solve", "--count", "--algo", algo, "--format", "line", soloIDs)
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", algo, code, errs)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(ids) {
			t.Fatalf("%s: %d lines for %d puzzles", algo, len(lines), len(ids))
		}
		for i, l := range lines {
			p, _ := solver.ParseSoloID(ids[i])
			count, syms, _ := strings.Cut(l, "\t")
			if count != "1" || len(syms) != len(p.Cells) {
				t.Fatalf("%s: line %d = %q for %s", algo, i+1, l, ids[i])
			}
			sol := solver.NewBoard(p.Geo)
			for k := 0; k < len(syms); k++ {
				d, err := solver.ParseSymbol(syms[k], p.Geo.N)
				if err != nil || d == 0 {
					t.Fatalf("%s: line %d: symbol %d: %v", algo, i+1, k+1, err)
				}
				sol.Cells[k] = d
				if p.Cells[k] != 0 && p.Cells[k] != d {
					t.Fatalf("%s: line %d changes a given", algo, i+1)
				}
			}
			if err := sol.Validate(); err != nil {
				t.Fatalf("%s: line %d: %v", algo, i+1, err)
			}
		}
	}
}

func TestSolveBoardsReportAndErrors(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "six.txt")
	// A 6×6 line of symbols, a named 4×4 and a classic line in one file.
	os.WriteFile(f, []byte("# mixed shapes\n"+
		"1.....2.....3.....4.....5.....6.....\n"+
		"12..34..........  tiny\n"+
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"), 0o644)
	out, errs, code := run(t, "", "solve", "--count", f)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Board: six.txt #1\nShape: 6×6 (3×2 boxes)\nCP: Iterations=", "Solutions: 2 or more", "Board: tiny\nShape: 4×4\n", "Board: six.txt #3\nFAST: ", "===(SOLVED)===\n5  3  4  6  7  8  9  1  2  \n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	for _, c := range []struct{ text, want string }{
		{"2x3:a\n", "bad.txt:1: game ID 2x3: grid: 1 cell, want 36"},
		{"2x2:c3_2f2_4c\n1234\n", "bad.txt:2: 4 symbols: a board has 16, 36"},
		{"12..34.........H\n", "bad.txt:1:16: 'H' is not a symbol"},
		{"1234............\n5...............\n", "bad.txt:2:1: '5' is past the last symbol of a 4×4 board (4)"},
		{"3x3k:zzzc,_,9\n", "bad.txt:1: game ID 3x3k: cages: they describe 0 of the 144 line places"},
	} {
		os.WriteFile(bad, []byte(c.text), 0o644)
		_, errs, code := run(t, "", "solve", bad)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", c.text, code, errs, ExitUsage, c.want)
		}
	}
	// An invalid board is reported as such, in order, and the exit says so.
	os.WriteFile(bad, []byte("11..............\n2x2:c3_2f2_4c\n"), 0o644)
	out, _, code = run(t, "", "solve", "--format", "line", bad)
	if code != ExitPuzzles || !strings.HasPrefix(out, "invalid: digit 1 twice in row 1 (r1c1, r1c2)\n1423231431424231\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestSolveBoardsFromStdin(t *testing.T) {
	out, errs, code := run(t, "2x2:c3_2f2_4c\n", "solve", "--format", "line", "-")
	if code != ExitOK || out != "1423231431424231\n" {
		t.Errorf("exit %d, %q %s", code, out, errs)
	}
}

// Generated boards of other shapes come out as Solo game IDs that read
// back, with one solution each, the same from the same seed on any number
// of cores.
func TestGenerateVariants(t *testing.T) {
	args := []string{"generate", "--variant", "jigsaw-x", "--size", "8", "--difficulty", "medium", "-n", "4", "--seed", "3", "--format", "solo"}
	one, errs, code := run(t, "", append(args, "-j", "1")...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	two, _, _ := run(t, "", append(args, "-j", "2")...)
	if one != two {
		t.Errorf("-j 1 and -j 2 differ:\n%s\n%s", one, two)
	}
	lines := strings.Split(strings.TrimSuffix(one, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		b, err := solver.ParseSoloID(l)
		if err != nil || !b.Geo.Jigsaw() || !b.Geo.X || b.Geo.N != 8 {
			t.Fatalf("%s: %v", l, err)
		}
	}
	out, _, code := run(t, one, "solve", "--count", "--format", "line", "-")
	if code != ExitOK || strings.Count(out, "1\t") != 4 {
		t.Errorf("solving them: exit %d\n%s", code, out)
	}
	// A 6×6 as a line of symbols; classic 9×9 as a Solo ID.
	out, _, _ = run(t, "", "generate", "--size", "6", "--difficulty", "easy", "--seed", "1")
	if len(strings.TrimSpace(out)) != 36 {
		t.Errorf("6×6 line: %q", out)
	}
	out, _, _ = run(t, "", "generate", "--difficulty", "easy", "--seed", "1", "--format", "solo")
	if !strings.HasPrefix(out, "3x3:") {
		t.Errorf("classic as Solo ID: %q", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "4", "--difficulty", "hard"}, "levels easy, not hard"},
		{[]string{"--size", "7", "--difficulty", "easy"}, "sizes 4, 6, 8, 9, 12 and 16"},
		{[]string{"--variant", "jigsaw", "--size", "16", "--difficulty", "easy"}, "sizes 6, 8, 9 and 12"},
		{[]string{"--variant", "x", "--difficulty", "easy", "--format", "line"}, "use --format solo"},
		{[]string{"--variant", "zigzag", "--difficulty", "easy"}, "unknown variant"},
		{[]string{"--size", "6", "--difficulty", "easy", "--format", "sdk"}, "for classic 9×9 puzzles"},
	} {
		_, errs, code := run(t, "", append([]string{"generate", "--seed", "1"}, c.args...)...)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errs, c.want)
		}
	}
}

func TestRateBoards(t *testing.T) {
	out, errs, code := run(t, "", "rate", soloIDs)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"PUZZLE            SHAPE ", "solo-ids.txt #1   4×4                       easy         1.2    -    -  Hidden single (box)\n", "9×9 killer X ", "9×9 jigsaw X ", "16×16 "} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// A classic 9×9 among them gets SE's EP and ED in the table too.
	out, _, _ = run(t, "3x3:4c9c6c6a8_4_2c7_1f8_4c1b1g9b2c6_5f9_5c4_9_2a3c7c6c3\n2x2:c3_2f2_4c\n", "rate", "-")
	if !strings.Contains(out, "9×9    extreme      9.1  9.1  2.6  Dynamic cell forcing chains") {
		t.Errorf("a classic board's row:\n%s", out)
	}
	out, _, code = run(t, "1...............\n2x2:c3_2f2_4c\n", "rate", "--format", "line", "-")
	if code != ExitPuzzles || out != "multiple\t0\thas more than one solution\t-\t-\neasy\t1.2\tHidden single (box)\t-\t-\n" {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// The same five columns as a classic run, whatever the file holds: a
	// classic board among others keeps SE's EP and ED.
	classic := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	out, _, code = run(t, "2x2:c3_2f2_4c\n"+classic+"\n", "rate", "--format", "line", "-")
	if code != ExitOK || out != "easy\t1.2\tHidden single (box)\t-\t-\nextreme\t9.0\tDynamic contradiction forcing chains\t1.2\t1.2\n" {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// An unsolvable board of another shape gets 002's candidate grid, with
// its N positions a set.
func TestSolveBoardUnsolvableShowsCandidates(t *testing.T) {
	out, _, code := run(t, "....5.35.1...........3......4..36...\n", "solve", "-")
	if code != ExitPuzzles {
		t.Fatalf("exit %d, want %d:\n%s", code, ExitPuzzles, out)
	}
	if !strings.Contains(out, "Status: unsolvable\n===(UNSOLVED)===\n{12.4.6} {12.4.6} {12.4..} {.2.4.6} {}       {}       \n") {
		t.Fatalf("no 6×6 candidate grid:\n%s", out)
	}
}

// Our text format out of generate goes back in to solve, rate and
// explain, and solve writes its solutions in it.
func TestTextFormatThroughCommands(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.txt")
	_, errs, code := run(t, "", "generate", "--variant", "jigsaw", "--size", "6", "--difficulty", "easy", "-n", "2", "--seed", "3", "--format", "text", "-o", path)
	if code != ExitOK {
		t.Fatalf("generate: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "board 6 jigsaw: easy ") || strings.Count(string(data), "board 6 jigsaw") != 2 {
		t.Fatalf("generated:\n%s", data)
	}
	out, errs, code := run(t, "", "solve", "--format", "text", path)
	if code != ExitOK || strings.Count(out, "board 6 jigsaw") != 2 {
		t.Fatalf("solve: exit %d: %s\n%s", code, errs, out)
	}
	sols, err := solver.ReadBoards(strings.NewReader(out), "out")
	if err != nil || len(sols) != 2 || sols[0].Board.Givens() != 36 || sols[0].Board.Validate() != nil {
		t.Fatalf("solutions read back: %v", err)
	}
	out, _, code = run(t, "", "explain", path)
	if code != ExitOK || !strings.Contains(out, "(6×6 jigsaw): 6j:") || !strings.Contains(out, "1. ") {
		t.Fatalf("explain: exit %d:\n%s", code, out)
	}
}

// Killer from the command line: generate writes Solo game IDs and our
// text blocks (the same puzzles with -j 1 and -j 2), and solve, rate and
// explain read both.
func TestKillerThroughCommands(t *testing.T) {
	dir := t.TempDir()
	ids := filepath.Join(dir, "k.txt")
	_, errs, code := run(t, "", "generate", "--variant", "killer", "--difficulty", "medium", "-n", "3", "--seed", "4", "--format", "solo", "-j", "2", "-o", ids)
	if code != ExitOK {
		t.Fatalf("generate: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(ids)
	one, _, _ := run(t, "", "generate", "--variant", "killer", "--difficulty", "medium", "-n", "3", "--seed", "4", "--format", "solo", "-j", "1")
	if one != string(data) || strings.Count(one, "3x3k:") != 3 {
		t.Fatalf("-j 2:\n%s-j 1:\n%s", data, one)
	}
	text, _, code := run(t, "", "generate", "--variant", "killer-x", "--size", "6", "--difficulty", "easy", "--givens", "4", "--seed", "2", "--format", "text")
	if code != ExitOK || !strings.HasPrefix(text, "board 6 killer x: easy ") {
		t.Fatalf("text: exit %d:\n%s", code, text)
	}
	ps, err := solver.ReadBoards(strings.NewReader(text), "t")
	if err != nil || ps[0].Board.Givens() != 4 || !ps[0].Board.Geo.Killer() {
		t.Fatalf("%v %+v", err, ps)
	}
	blocks := filepath.Join(dir, "k6.txt")
	os.WriteFile(blocks, []byte(text), 0o644)

	out, errs, code := run(t, "", "solve", "--count", ids, blocks)
	if code != ExitOK || strings.Count(out, "Solutions: 1\n") != 4 || !strings.Contains(out, "Shape: 9×9 killer\nCP: ") || !strings.Contains(out, "Shape: 6×6 killer (3×2 boxes) X\n") {
		t.Fatalf("solve: exit %d: %s\n%s", code, errs, out)
	}
	out, _, code = run(t, "", "rate", "--format", "line", ids)
	if code != ExitOK || strings.Count(out, "medium\t") != 3 {
		t.Fatalf("rate: exit %d:\n%s", code, out)
	}
	out, _, code = run(t, "", "explain", blocks)
	if code != ExitOK || !strings.Contains(out, "(6×6 killer (3×2 boxes) X): 2x3xk:") || !strings.Contains(out, "Last cell of a cage (1.1): r6c4 is the last empty cell of the cage of r6c4 (sum 8)") {
		t.Fatalf("explain: exit %d:\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "killer", "--difficulty", "easy", "--format", "line"}, "cannot show a killer's cages and sums"},
		{[]string{"--variant", "x", "--givens", "3", "--difficulty", "easy", "--format", "solo"}, "--givens is for killer puzzles"},
		{[]string{"--variant", "killer", "--givens", "82", "--difficulty", "easy", "--format", "solo"}, "a 9×9 board has 81 cells"},
		{[]string{"--variant", "killer", "--size", "12", "--difficulty", "easy", "--format", "solo"}, "killer boards come in sizes 4, 6, 8 and 9"},
	} {
		_, errs, code := run(t, "", append([]string{"generate", "--seed", "1"}, c.args...)...)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errs, c.want)
		}
	}
}
