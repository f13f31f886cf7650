package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// The compact list gives back every puzzle as the reader gave it: grid,
// name (the file's, or the one the reader made), line and comment, and
// by its path when two operands share a base name.
func TestPuzzleListKeepsEveryPuzzle(t *testing.T) {
	files, _ := filepath.Glob("../testdata/samples/*.txt")
	files = append(files, seeds)
	for _, f := range files {
		want, err := solver.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ins, ok := readInputs(&env{stderr: &strings.Builder{}}, []string{f})
		if !ok {
			t.Fatalf("%s: not read", f)
		}
		l := ins[0].puzzles
		if l.Len() != len(want) {
			t.Fatalf("%s: %d puzzles, want %d", f, l.Len(), len(want))
		}
		for i, p := range want {
			if got := l.At(i); got != p {
				t.Fatalf("%s #%d: %+v, want %+v", f, i+1, got, p)
			}
		}
	}
	// A name of the file's own, and a line the reader names (a comment is
	// not kept).
	l := newPuzzleList("x.txt", 0)
	g := solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")
	for _, p := range []solver.Puzzle{
		{Name: "x.txt #1", Grid: g, Line: 1},
		{Name: "evil", Named: true, Grid: g, Line: 3},
		{Name: "odd", Grid: g, Line: 1 << 20},
	} {
		l.add(p)
		if got := l.At(l.Len() - 1); got != p {
			t.Errorf("%+v came back as %+v", p, got)
		}
	}
	l.path = "dir/x.txt"
	if got := l.Name(0); got != "dir/x.txt #1" {
		t.Errorf("by the path: %q", got)
	}
}
