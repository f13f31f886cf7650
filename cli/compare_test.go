package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	csvPath, chart := filepath.Join(dir, "c.csv"), filepath.Join(dir, "c.png")
	out, errs, code := run(t, "", "compare", "--algos", "dfs,cp", "--timeout", "1s", "--csv", csvPath, "--chart", chart, seeds)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "easy1   dfs        solved") || !strings.Contains(out, "cp     5 finished, 0 timed out") {
		t.Errorf("output:\n%s", out)
	}
	b, _ := os.ReadFile(csvPath)
	if strings.Count(string(b), "\n") != 11 {
		t.Errorf("csv:\n%s", b)
	}
	if b, _ := os.ReadFile(chart); len(b) < 1000 || string(b[1:4]) != "PNG" {
		t.Error("no PNG chart")
	}
	if _, _, code := run(t, "", "compare", "--algos", "dfs,bogus", seeds); code != ExitUsage {
		t.Errorf("bad algorithm: exit %d", code)
	}
}

// TestCompareNamesWhatRan checks that fast on a board other than classic
// 9×9, which runs cp, says so in the table and the CSV.
func TestCompareNamesWhatRan(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "c.csv")
	out, errs, code := run(t, "2x3:a6c5b3b4a5h2a2b1b1c6a\n", "compare", "--algos", "fast", "--csv", csvPath, "-")
	if code != ExitOK || !strings.Contains(out, "fast (cp)") {
		t.Fatalf("exit %d, %s\n%s", code, errs, out)
	}
	if b, _ := os.ReadFile(csvPath); !strings.Contains(string(b), ",fast (cp),") {
		t.Errorf("csv:\n%s", b)
	}
	out, _, _ = run(t, "", "compare", "--algos", "fast", seeds)
	if strings.Contains(out, "(cp)") {
		t.Errorf("classic 9×9 ran cp:\n%s", out)
	}
}

// An algorithm named twice is refused (its row came twice, and a run too
// many); --width or --height without --chart get a note. Found by an
// attacker test.
func TestCompareFlagsSaySo(t *testing.T) {
	_, errOut, code := run(t, "", "compare", "--algos", "fast,cp,fast", seeds)
	if code != ExitUsage || !strings.Contains(errOut, "--algos names fast twice") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	_, errOut, _ = run(t, "", "compare", "--algos", "fast", "--width", "500", seeds)
	if !strings.Contains(errOut, "note: --width does nothing without --chart") {
		t.Errorf("%q", errOut)
	}
	// A size no chart could take is only noted too, with no chart.
	_, errOut, code = run(t, "", "compare", "--algos", "fast", "--height", "299", seeds)
	if code != ExitOK || errOut != "sudoku compare: note: --height does nothing without --chart\n" {
		t.Errorf("--height 299 alone: exit %d, %q", code, errOut)
	}
}

// A file's own names stay when two files share a base name (a classic
// file's named puzzles were renamed "a/x.txt #1" as if unnamed).
func TestCompareKeepsOwnNamesWithClashingBases(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a", "x.txt"), filepath.Join(dir, "b", "x.txt")
	os.MkdirAll(filepath.Dir(a), 0o755)
	os.MkdirAll(filepath.Dir(b), 0o755)
	easy1 := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	os.WriteFile(a, []byte("evil one\n"+easy1+"\n"), 0o644)
	os.WriteFile(b, []byte(easy1+"\n"), 0o644)
	out, errs, code := run(t, "", "compare", "--algos", "fast", a, b)
	if code != ExitOK || !strings.Contains(out, "evil one") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}
