package game

import (
	"os"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// A game of any shape saved as a game file reads back whole: its shape,
// givens, digits, marks, clock and moves to undo (a killer's game had no
// way into a file).
func TestGameFileRoundTrip(t *testing.T) {
	ids, err := os.ReadFile("../../testdata/solo-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, id, _ := strings.Cut(string(ids), "\n3x3k:") // Solo's own killer
	id, _, _ = strings.Cut(id, "\n")
	b, err := solver.ParseSoloID("3x3k:" + id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New("my killer", b)
	if err != nil {
		t.Fatal(err)
	}
	g.Level = "hard"
	free := -1
	for i := range b.Cells {
		if !g.IsGiven(i) {
			free = i
			break
		}
	}
	g.Select(free)
	g.Enter(g.SolutionDigit(free))
	g.Select(free + 1)
	g.SetPencil(true)
	g.ToggleMark(3)
	g.ToggleMark(5)
	data, err := g.GameFile()
	if err != nil {
		t.Fatal(err)
	}
	if !IsGameFile(data) || !IsGameFile(append([]byte("\xEF\xBB\xBF \n"), data...)) {
		t.Fatalf("not known as a game file: %.60s", data)
	}
	h, err := ReadGameFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if h.Name != "my killer" || h.Level != "hard" || h.Geometry().Killer() != true || h.Cell(free) != g.Cell(free) || h.Cell(free+1).Marks != g.Cell(free+1).Marks {
		t.Errorf("read back: %q %q, cell %v marks %v", h.Name, h.Level, h.Cell(free), h.Cell(free+1).Marks)
	}
	for range 3 { // the marks 5 and 3, then the digit
		h.Undo()
	}
	if h.Cell(free).Digit != 0 || h.Cell(free+1).Marks != 0 {
		t.Error("its moves do not undo")
	}
}

// What is not a game file says so, and a newer version is refused by
// name.
func TestGameFileErrors(t *testing.T) {
	for _, head := range []string{"", "{}", `{"game": 1}`, "5.6918.23", `["sudoku_game"]`} {
		if IsGameFile([]byte(head)) {
			t.Errorf("%q taken for a game file", head)
		}
	}
	for in, want := range map[string]string{
		`{"sudoku_game": 1, "game": {"givens": "12`:   "not a saved game",
		`{"sudoku_game": 2, "game": {}}`:              "a saved game of version 2, newer than this program reads (1)",
		`{"sudoku_game": 1}`:                          "a saved game without its game",
		`{"sudoku_game": 1, "game": {"givens": "1"}}`: "the saved game does not read",
		"{\"sudoku_game\": 1,\n\n \"game\": }":        "line 3: not a saved game",
	} {
		if _, err := ReadGameFile([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

func FuzzReadGameFile(f *testing.F) {
	g, err := NewGrid("easy1", solver.MustParse(easy1))
	if err != nil {
		f.Fatal(err)
	}
	g.Select(1)
	g.Enter(4)
	data, _ := g.GameFile()
	f.Add(data)
	f.Add([]byte(`{"sudoku_game": 1, "game": {"givens": "1"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if g, err := ReadGameFile(data); err == nil {
			if _, err := g.GameFile(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
