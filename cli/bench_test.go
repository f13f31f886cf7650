package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// benchKeys are the keys of a --json line, in order.
var benchKeys = []string{"file", "puzzles", "solved", "seconds", "puzzles_per_sec", "us_per_puzzle", "guesses_per_puzzle", "branches_per_puzzle", "passes"}

// mixedFile writes a file of three boards: one unique, one invalid, one
// without a solution.
func mixedFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mixed.txt")
	body := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n" +
		"..3......" + "........." + "3........" + strings.Repeat(".", 54) + "\n" +
		"1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBenchTable(t *testing.T) {
	mixed := mixedFile(t)
	out, errs, code := run(t, "", "bench", seeds, mixed)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want a title, a blank, two header lines and two rows:\n%s", len(lines), out)
	}
	if want := "algorithm fast, counting up to 2 solutions, 1 core(s), 1s of warm-up"; lines[0] != want {
		t.Errorf("title %q, want %q", lines[0], want)
	}
	header := cells(lines[2])
	if strings.Join(header, ",") != "file,puzzles,solved,seconds,puzzles/s,µs/puzzle,tried/puzzle,branches/puzzle" {
		t.Errorf("header %q", header)
	}
	for i, want := range [][3]string{{"seeds.txt", "5", "5"}, {"mixed.txt", "3", "1"}} {
		row := cells(lines[4+i])
		if len(row) != 8 || row[0] != want[0] || row[1] != want[1] || row[2] != want[2] {
			t.Errorf("row %q, want file, puzzles, solved = %q", row, want)
			continue
		}
		for _, c := range row[3:] {
			if _, err := strconv.ParseFloat(c, 64); err != nil {
				t.Errorf("row %q: %q is not a number", row, c)
			}
		}
	}
}

// cells splits a Markdown table row into its trimmed cells.
func cells(line string) []string {
	parts := strings.Split(strings.Trim(line, "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

func TestBenchJSON(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--json", "--warmup", "0", seeds},
		{"bench", "--json", "--warmup", "0", "--first", "-j", "2", seeds},
		{"bench", "--json", "--warmup", "0", "--algo", "cp", seeds},
		{"bench", seeds, "--json", "--warmup", "10ms", "--algo", "mrv"}, // flags after the file
		{"bench", "--json", "--time", "20ms", "--warmup", "5ms", seeds},
	} {
		out, errs, code := run(t, "", args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if strings.Count(out, "\n") != 1 {
			t.Fatalf("%v: want one line:\n%s", args, out)
		}
		var row map[string]any
		if err := json.Unmarshal([]byte(out), &row); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		if len(row) != len(benchKeys) {
			t.Errorf("%v: keys %v, want %v", args, row, benchKeys)
		}
		for _, k := range benchKeys {
			if _, ok := row[k]; !ok {
				t.Errorf("%v: no key %q in %s", args, k, out)
			}
		}
		if row["file"] != seeds || row["puzzles"] != 5.0 || row["solved"] != 5.0 {
			t.Errorf("%v: %s", args, out)
		}
		passes := row["passes"].(float64)
		if passes < 1 || (passes == 1) != !slices.Contains(args, "--time") {
			t.Errorf("%v: %v passes", args, passes)
		}
		if s := row["seconds"].(float64); s <= 0 || row["us_per_puzzle"].(float64) != s*1e6/(5*passes) {
			t.Errorf("%v: seconds %v and µs/puzzle %v disagree", args, s, row["us_per_puzzle"])
		}
	}
}

// TestBenchFirstGuessesLess: proving uniqueness explores the whole search
// tree; stopping at the first solution cannot need more guesses.
func TestBenchFirstGuessesLess(t *testing.T) {
	type figures struct {
		Guesses  float64 `json:"guesses_per_puzzle"`
		Branches float64 `json:"branches_per_puzzle"`
	}
	guesses := func(args ...string) figures {
		out, _, _ := run(t, "", append([]string{"bench", "--json", "--warmup", "0"}, args...)...)
		var row figures
		if err := json.Unmarshal([]byte(out), &row); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return row
	}
	// The custom board of seeds.txt has many solutions, and several boards
	// need guesses.
	all, first := guesses(seeds), guesses("--first", seeds)
	if all.Guesses <= 0 || first.Guesses > all.Guesses || first.Branches > all.Branches {
		t.Errorf("guesses per puzzle: %v counting to two, %v to the first", all, first)
	}
	// A branch point tries one placement, or two when the second digit of
	// a cell is forced.
	if all.Branches <= 0 || all.Branches > all.Guesses || 2*all.Branches < all.Guesses {
		t.Errorf("%v branch points per puzzle for %v placements tried", all.Branches, all.Guesses)
	}
}

func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.pgo")
	if _, errs, code := run(t, "", "bench", "--json", "--warmup", "0", "--cpuprofile", path, seeds); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("no profile written: %v", err)
	}
	if _, _, code := run(t, "", "bench", "--cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir"), seeds); code != ExitUsage {
		t.Errorf("unwritable profile: exit %d", code)
	}
	// A profile that names an input is refused before the input is touched.
	in := filepath.Join(t.TempDir(), "in.txt")
	want, err := os.ReadFile(seeds)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, want, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := run(t, "", "bench", "--json", "--warmup", "0", "--cpuprofile", in, in); code != ExitUsage || !strings.Contains(errs, "also an input") {
		t.Errorf("profile naming the input: exit %d, %q", code, errs)
	}
	if got, err := os.ReadFile(in); err != nil || string(got) != string(want) {
		t.Errorf("the input was changed: %v", err)
	}
	// A profile that cannot be written out is an error.
	if _, err := os.Stat("/dev/full"); err == nil {
		if _, errs, code := run(t, "", "bench", "--json", "--warmup", "0", "--cpuprofile", "/dev/full", seeds); code != ExitUsage || !strings.Contains(errs, "no space") {
			t.Errorf("profile to /dev/full: exit %d, %q", code, errs)
		}
	}
}

func TestBenchErrors(t *testing.T) {
	out, errs, code := run(t, "", "bench", "--json", "--warmup", "0", filepath.Join(t.TempDir(), "missing.txt"), seeds)
	if code != ExitUsage || !strings.Contains(errs, "missing.txt") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, `"puzzles":5`) {
		t.Errorf("the readable file was not benchmarked:\n%s", out)
	}
	if _, _, code := run(t, "", "bench", "--algo", "nope", seeds); code != ExitUsage {
		t.Errorf("bad algorithm: exit %d", code)
	}
	if _, _, code := run(t, "", "bench"); code != ExitUsage {
		t.Errorf("no files: exit %d", code)
	}
	if errs, _, code := run(t, "", "bench", "-h"); code != ExitOK || !strings.Contains(errs, "-first") { // on standard output
		t.Errorf("bench -h: exit %d\n%s", code, errs)
	}
}

// TestBenchRepeatedFile: a file named again right after itself is solved
// again from the grids already read (versus-tdoku names a file once a
// pass), and gives the same figures; after another file in between it is
// read again.
func TestBenchRepeatedFile(t *testing.T) {
	mixed := mixedFile(t)
	out, errs, code := run(t, "", "bench", "--json", "--warmup", "0", seeds, seeds, mixed, seeds)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	type row struct {
		File     string  `json:"file"`
		Puzzles  int     `json:"puzzles"`
		Solved   int     `json:"solved"`
		Branches float64 `json:"branches_per_puzzle"`
	}
	var rows []row
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rows = append(rows, r)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4:\n%s", len(rows), out)
	}
	for _, i := range []int{1, 3} {
		if rows[i] != rows[0] {
			t.Errorf("row %d %+v, want %+v", i, rows[i], rows[0])
		}
	}
	if rows[2].File != mixed || rows[2].Puzzles != 3 || rows[2].Solved != 1 {
		t.Errorf("the other file: %+v", rows[2])
	}
	// A missing file named twice is reported twice.
	missing := filepath.Join(t.TempDir(), "missing.txt")
	_, errs, code = run(t, "", "bench", "--json", "--warmup", "0", missing, missing)
	if code != ExitUsage || strings.Count(errs, "missing.txt") != 2 {
		t.Errorf("missing file twice: exit %d, %q", code, errs)
	}
}

// bench says how many puzzles it could not solve and where to look:
// "solved 0" said nothing of why.
func TestBenchSaysUnsolved(t *testing.T) {
	in := "11" + strings.Repeat(".", 79) + "\n4...3.......6..8..........1....5..9..1....6...7.2........1.27..5.3....4.9........\n" +
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	_, errOut, code := run(t, in, "bench", "--warmup", "0", "--time", "0", "-")
	if code != 0 || !strings.Contains(errOut, "stdin: 2 of 3 puzzles have no solution or break the rules") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// "1 of 2 puzzle has": the noun is the file's count's.
	if _, errOut, _ := run(t, in[:82], "bench", "--warmup", "0", "--time", "0", "-"); !strings.Contains(errOut, "stdin: 1 of 1 puzzle has no solution or breaks the rules") {
		t.Errorf("one of one: %q", errOut)
	}
	if _, errOut, _ := run(t, in[:82]+in[164:], "bench", "--warmup", "0", "--time", "0", "-"); !strings.Contains(errOut, "stdin: 1 of 2 puzzles has no solution or breaks the rules") {
		t.Errorf("one of two: %q", errOut)
	}
	if _, errOut, _ := run(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n", "bench", "--warmup", "0", "--time", "0", "-"); errOut != "" {
		t.Errorf("a solvable file: %q", errOut)
	}
}
