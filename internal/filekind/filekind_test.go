package filekind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a file holds, told from its head, and which outputs may take its
// place.
func TestNotAnother(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	puzzles := write("p.pdf", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n")
	game := write("g.txt", "{\n \"sudoku_game\": 1,\n \"game\": {}\n}\n")
	notes := write("notes.txt", "shopping: eggs\n")
	pdf := write("b.pdf", "%PDF-1.4\n")
	empty := write("e.pdf", "")
	rated := write("r.csv", "puzzle,level,er,technique,ep,ed,name\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,insane,9.0,x,1,1,a\n")
	kaggle := write("k.csv", "puzzle,solution\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,0\n")
	for _, c := range []struct {
		path, kind, err string
	}{
		{puzzles, PDF, "holds puzzles, not a PDF: not replaced"},
		{puzzles, Puzzles, ""},
		{game, Puzzles, "holds a saved game, not puzzles"},
		{game, Game, ""},
		{notes, Game, ""},
		{notes, Puzzles, ""},
		{notes, PDF, "holds text, not a PDF"},
		{pdf, PDF, ""},
		{pdf, Puzzles, "holds a PDF, not puzzles"},
		{empty, PNG, ""},
		{rated, CSV, ""}, // rate's table, replaced by another (it held "puzzles")
		{rated, Puzzles, "holds a table, not puzzles"},
		{kaggle, CSV, "holds puzzles, not a table"},
		{filepath.Join(dir, "missing"), PDF, ""},
	} {
		err := NotAnother(c.path, c.kind)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s as %s: %v, want %q", filepath.Base(c.path), c.kind, err, c.err)
		}
	}
}
