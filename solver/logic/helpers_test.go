package logic

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// sharedPuzzles reads up to n puzzles (all when n <= 0) from a shared
// dataset. Without the datasets it reads the 40-puzzle sample of the file
// in testdata/samples, so correctness is checked anywhere; but in CI (CI
// set) a missing dataset fails the test rather than hide behind a sample.
func sharedPuzzles(t testing.TB, name string, n int) []solver.Grid {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "puzzles", name)
	f, err := os.Open(path)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared dataset missing in CI: %v", err)
		}
		t.Logf("shared dataset not available (%v): using its sample", err)
		if f, err = os.Open(filepath.Join("..", "..", "testdata", "samples", name)); err != nil {
			t.Fatal(err)
		}
	}
	defer f.Close()
	var gs []solver.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && (n <= 0 || len(gs) < n) {
		g, err := solver.Parse(strings.TrimSpace(sc.Text()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		gs = append(gs, g)
	}
	return gs
}

// solution returns the only solution of g.
func solution(t testing.TB, g solver.Grid) solver.Grid {
	t.Helper()
	r := solver.Solve(context.Background(), g, solver.Options{Limit: 2})
	if r.Status != solver.Solved || r.Solutions != 1 {
		t.Fatalf("%s: %v with %d solutions, want one", g, r.Status, r.Solutions)
	}
	return r.Solution
}

// hodoku writes candidates the way HoDoKu's libraries do, digit then row
// then column ("746" is 7 in r4c6), sorted and separated by spaces.
func hodoku(cs []Candidate) string {
	w := make([]string, len(cs))
	for k, c := range cs {
		w[k] = fmt.Sprintf("%d%d%d", c.Digit, c.Cell/9+1, c.Cell%9+1)
	}
	sort.Strings(w)
	return strings.Join(w, " ")
}

// regPosition builds the position of a line of HoDoKu's regression
// library (reglib-1.3): ":technique:candidates:givens:deleted:eliminations:placements:extra".
// In givens a '+' marks a digit placed rather than given; the deleted
// candidates are removed from those the digits leave.
func regPosition(t testing.TB, line string) (g solver.Grid, c solver.Candidates, want string) {
	t.Helper()
	f := strings.Split(line, ":")
	if len(f) < 8 {
		t.Fatalf("bad library line %q", line)
	}
	g, err := solver.Parse(strings.ReplaceAll(f[3], "+", ""))
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	c = g.Candidates()
	for _, w := range strings.Fields(f[4]) {
		d, r, col := w[0]-'0', int(w[1]-'1'), int(w[2]-'1')
		c[9*r+col] &^= 1 << d
	}
	elims, places := strings.Fields(f[5]), strings.Fields(f[6])
	all := append(elims, places...)
	sort.Strings(all)
	return g, c, strings.Join(all, " ")
}

// checkStep fails if the step places a digit the solution does not have or
// removes one it has, or does nothing.
func checkStep(t testing.TB, sol solver.Grid, st Step) {
	t.Helper()
	for _, p := range st.Placements {
		if sol[p.Cell] != p.Digit {
			t.Errorf("%v places %v; the solution has %d", st, p, sol[p.Cell])
		}
	}
	for _, e := range st.Eliminations {
		if sol[e.Cell] == e.Digit {
			t.Errorf("%v removes %v, which is in the solution", st, e)
		}
	}
	if len(st.Placements)+len(st.Eliminations) == 0 {
		t.Errorf("%v does nothing", st)
	}
	if st.Text == "" || !strings.HasSuffix(st.Text, ".") {
		t.Errorf("%v: text %q is not a sentence", st, st.Text)
	}
}

// stepsOf is the logical solution of the puzzle line p.
func stepsOf(t testing.TB, p string) []Step {
	t.Helper()
	g, err := solver.Parse(p)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	return steps
}
