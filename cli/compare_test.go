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
}
