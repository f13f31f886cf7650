package gui

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"example.com/sudoku/gui/library"
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
	c := library.New("/tmp/big.txt", false, library.FromSlice(ps))
	u.openCollection(c, 500_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u.browse.list.Refresh()
	}
}

func TestGoToPuzzleNumber(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowGoTo()
	entry, ok := u.win.Canvas().Focused().(*dialogEntry)
	if !ok {
		t.Fatal("the number field has no focus")
	}
	// It opens on the puzzle's own number, selected, not on a red
	// "a number from 1 to 5" before anything was typed.
	if entry.Text != "1" || entry.Validate() != nil || entry.SelectedText() != "1" {
		t.Errorf("opens on %q (selected %q): %v", entry.Text, entry.SelectedText(), entry.Validate())
	}
	test.Type(entry, "#4")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.coll.Index != 3 {
		t.Errorf("at puzzle %d, want 4", u.coll.Index+1)
	}
}

// TestEscInDialogFields checks that Esc typed into a dialog's text field
// (which has the focus, so the window's key handler never sees the key)
// closes the dialog, as Esc does over every dialog: it used to stay open.
func TestEscInDialogFields(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	for name, show := range map[string]func(){"Go to Puzzle": u.ShowGoTo, "Open Path": u.ShowOpenPath, "Print/Export": u.ShowPrintDialog} {
		show()
		entry, ok := u.win.Canvas().Focused().(*dialogEntry)
		if !ok {
			// Print/Export gives no field the focus: the title's, clicked.
			for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
				if e, ok := o.(*dialogEntry); ok {
					entry = e
				}
			}
			if entry == nil {
				t.Fatalf("%s: no text field", name)
			}
			u.win.Canvas().Focus(entry)
		}
		test.Type(entry, "12")
		entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if len(u.modals) != 0 || u.covered() {
			t.Errorf("%s: Esc in its field left %d dialogs open", name, len(u.modals))
		}
	}
	if u.coll.Index != 0 {
		t.Errorf("a closed dialog went to puzzle %d", u.coll.Index+1)
	}
}

// The browser's Show menu and find box list the puzzles asked for, and
// Next and Previous move among them.
func TestBrowserShowsAndFinds(t *testing.T) {
	u, _ := newTestUI(t)
	settle := settledSearches(u)
	if !u.OpenFile(seeds) {
		t.Fatal("could not open the seeds")
	}
	rows := func() []string {
		settle()
		var out []string
		for r := 0; r < u.browse.rows(); r++ {
			out = append(out, u.coll.Name(u.browse.index(r)))
		}
		return out
	}
	if got := strings.Join(rows(), ","); got != "basic,evil,devil,custom,easy1" {
		t.Fatalf("rows %s", got)
	}
	// Play a move in "devil", then show the started ones.
	u.GoTo(2)
	cell, digit := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(digit)
	u.GoTo(0)
	u.browse.show.SetSelected(showStarted)
	if got := strings.Join(rows(), ","); got != "devil" {
		t.Fatalf("started: %s", got)
	}
	if !strings.Contains(u.browse.count.Text, "1 of 5 shown") {
		t.Errorf("header %q", u.browse.count.Text)
	}
	u.browse.show.SetSelected(showAll)
	test.Type(u.browse.find, "E")
	if got := strings.Join(rows(), ","); got != "evil,devil,easy1" { // "basic" has no e
		t.Fatalf("find E: %s", got)
	}
	// From "basic", Next goes to the next one shown, skipping none here;
	// narrow the find so it skips.
	test.Type(u.browse.find, "v")
	if got := strings.Join(rows(), ","); got != "evil,devil" {
		t.Fatalf("find Ev: %s", got)
	}
	u.GoTo(0)
	u.Next()
	if u.game.Name != "evil" {
		t.Errorf("Next from basic went to %q, want evil (the first shown)", u.game.Name)
	}
	u.Next()
	if u.game.Name != "devil" {
		t.Errorf("Next went to %q, want devil", u.game.Name)
	}
	u.browse.find.SetText("#5")
	settle()
	u.browse.find.OnSubmitted("#5")
	if u.game.Name != "easy1" {
		t.Errorf("Enter on #5 opened %q", u.game.Name)
	}
	// Enter before the search has found anything opens its first find
	// when it comes (it opened nothing: typing "184" and Enter at once).
	u.browse.find.SetText("devil")
	u.browse.find.OnSubmitted("devil")
	settle()
	if u.game.Name != "devil" {
		t.Errorf("Enter at once on devil opened %q", u.game.Name)
	}
	// Not when the text changed again before it came.
	u.browse.find.SetText("basic")
	u.browse.find.OnSubmitted("basic")
	u.browse.find.SetText("evil")
	settle()
	if u.game.Name != "devil" {
		t.Errorf("Enter on a text changed since opened %q", u.game.Name)
	}
	// Nothing found: the list says so (it was empty, without a word).
	if u.browse.none.Visible() {
		t.Error("'No puzzle matches' over a list with a row")
	}
	u.browse.find.SetText("nothing like it")
	settle()
	if u.browse.rows() != 0 || !u.browse.none.Visible() || u.browse.none.Text != "No puzzle matches." {
		t.Errorf("%d rows, message shown %v: %q", u.browse.rows(), u.browse.none.Visible(), u.browse.none.Text)
	}
	// With a progress chosen too, the message says the choice may hide it.
	u.browse.find.SetText("#5")
	u.browse.show.SetSelected(showStarted)
	settle()
	if !u.browse.none.Visible() || !strings.Contains(u.browse.none.Text, "among those shown") {
		t.Errorf("#5 not started: message shown %v: %q", u.browse.none.Visible(), u.browse.none.Text)
	}
	// A text no puzzle matches at all: no word of choosing All puzzles.
	u.browse.find.SetText("nothing like it")
	settle()
	if !u.browse.none.Visible() || u.browse.none.Text != "No puzzle matches." {
		t.Errorf("nothing like it, not started: message shown %v: %q", u.browse.none.Visible(), u.browse.none.Text)
	}
	u.browse.show.SetSelected(showAll)
	// Go to Puzzle to one not shown: the list shows them all again, with
	// the puzzle on the board in it.
	u.browse.find.SetText("v")
	settle()
	u.ShowGoTo()
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if e, ok := o.(*dialogEntry); ok {
			e.SetText("5")
		}
	}
	u.modals[len(u.modals)-1].enter()
	settle()
	if u.game.Name != "easy1" || u.browse.showing || u.browse.find.Text != "" || u.browse.rows() != 5 || !strings.Contains(u.status.Text, "#5 was not among the puzzles shown") {
		t.Errorf("Go to #5, not shown: on %q, filtering %v, %d rows, status %q", u.game.Name, u.browse.showing, u.browse.rows(), u.status.Text)
	}
}

// settledSearches makes the browser's searches post their results to the
// test, and returns what runs them on the test's goroutine once the
// searches are done (the test driver ran them on the searches' own: a
// race with the test).
func settledSearches(u *UI) func() {
	var mu sync.Mutex
	var posted []func()
	u.browse.post = func(f func()) { mu.Lock(); posted = append(posted, f); mu.Unlock() }
	return func() {
		u.browse.searches.Wait()
		mu.Lock()
		fs := posted
		posted = nil
		mu.Unlock()
		for _, f := range fs {
			f()
		}
	}
}
