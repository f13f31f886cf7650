package gui

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/solver"
)

// bigFile writes n puzzles (the 17-clue sample relabelled) to a file.
func bigFile(tb testing.TB, n int) string {
	tb.Helper()
	b, err := os.ReadFile("../testdata/samples/puzzles2_17_clue.txt")
	if err != nil {
		tb.Fatal(err)
	}
	lines := strings.Fields(string(b))
	path := filepath.Join(tb.TempDir(), "big.txt")
	f, _ := os.Create(path)
	w := bufio.NewWriter(f)
	perm := []byte("123456789")
	for i := 0; i < n; i++ {
		if i%len(lines) == 0 {
			perm = append(perm[1:], perm[0])
		}
		for _, c := range []byte(lines[i%len(lines)]) {
			if c >= '1' && c <= '9' {
				c = perm[c-'1']
			}
			w.WriteByte(c)
		}
		w.WriteByte('\n')
	}
	w.Flush()
	f.Close()
	return path
}

// BenchmarkOpenToFirstPuzzle: a million-puzzle file (82 MB), from
// OpenFile to its first puzzle on the board, playable.
//
//	go test -run '^$' -bench OpenToFirstPuzzle -benchtime 5x ./gui
func BenchmarkOpenToFirstPuzzle(b *testing.B) {
	path := bigFile(b, 1_000_000)
	a := test.NewTempApp(b)
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		u := New(a, Options{StatePath: filepath.Join(b.TempDir(), "session.json")})
		shown := make(chan struct{}, 1)
		u.onFirstShown = func() { shown <- struct{}{} }
		b.StartTimer()
		u.OpenFile(path)
		<-shown
		b.StopTimer()
		u.cancelLoad()
		u.Close()
	}
}

// BenchmarkBrowserFrame: one refresh of the browser (what a frame costs
// when ratings come in) with a million rows.
//
//	go test -run '^$' -bench BrowserFrame ./gui
func BenchmarkBrowserFrame(b *testing.B) {
	a := test.NewTempApp(b)
	u := New(a, Options{StatePath: filepath.Join(b.TempDir(), "session.json")})
	defer u.Close()
	u.win.Resize(fyne.NewSize(1120, 760))
	ps := make([]solver.Puzzle, 1_000_000)
	sample, _ := solver.ReadFile("../testdata/samples/puzzles2_17_clue.txt")
	for i := range ps {
		ps[i] = sample[i%len(sample)]
	}
	c := newCollection("/tmp/big.txt", false, ps)
	u.openCollection(c, 500_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u.browser.Refresh()
	}
}

func TestGoToPuzzleNumber(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowGoTo()
	entry, ok := u.win.Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("the number field has no focus")
	}
	test.Type(entry, "#4")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.coll.index != 3 {
		t.Errorf("at puzzle %d, want 4", u.coll.index+1)
	}
}
