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
