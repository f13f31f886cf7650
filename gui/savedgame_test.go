package gui

import (
	"context"
	"encoding/json"
	"fmt"
	"fyne.io/fyne/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/store"
)

// savedSession makes a session with a game in a file and progress on
// another puzzle of it, and returns the state path, the file and the
// session as JSON.
func savedSession(t *testing.T) (state, file string, doc map[string]any) {
	t.Helper()
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state = filepath.Join(dir, "session.json")
	file = filepath.Join(dir, "p.txt")
	b, _ := os.ReadFile(seeds)
	os.WriteFile(file, b, 0o644)
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.OpenFile(file)
	u.GoTo(1)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.GoTo(2)
	u.save()
	if err := u.saver.Close(); err != nil {
		t.Fatal(err)
	}
	u.win.Close()
	raw, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return state, file, doc
}

func writeJSON(t *testing.T, path string, doc any) {
	t.Helper()
	b, _ := json.Marshal(doc)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func badFiles(t *testing.T, state string) []string {
	t.Helper()
	m, _ := filepath.Glob(state + ".bad-*")
	return m
}

// A damaged game keeps the rest of the session: progress in files comes
// back, the damaged session is kept aside with a timestamp, and the user
// is told.
func TestDamagedGameKeepsTheRest(t *testing.T) {
	for _, damage := range []func(g map[string]any){
		func(g map[string]any) { g["marks"] = make([]int, 80) },
		// (A bad move in the history costs the history alone:
		// TestDamagedHistoryCostsTheHistoryAlone.)
		func(g map[string]any) {
			g["solution"] = strings.Repeat("123456789", 9)
			g["solutions"] = 1
		},
	} {
		state, file, doc := savedSession(t)
		damage(doc["game"].(map[string]any))
		writeJSON(t, state, doc)
		v := New(test.NewTempApp(t), Options{StatePath: state})
		if !strings.Contains(v.status.Text, "could not be restored") || !strings.Contains(v.status.Text, "your progress in files is back") {
			t.Errorf("status %q", v.status.Text)
		}
		if len(badFiles(t, state)) != 1 {
			t.Errorf("kept aside: %v", badFiles(t, state))
		}
		// The file open comes back at its place (#3), with the rest.
		if v.coll == nil || v.coll.Path != file || v.coll.Index != 2 {
			t.Errorf("the file open is not back at #3: %+v", v.coll)
		}
		v.OpenFile(file)
		if _, ok := v.coll.Progress[1]; !ok {
			t.Error("progress in the file was lost with the damaged game")
		}
		v.Close()
	}
}

// A game of the wrong kind ("game": "hello") is kept aside once, and the
// status line says the game is unreadable (it was kept twice, and said
// "givens: 0 characters, want 81").
func TestGameOfTheWrongKind(t *testing.T) {
	state, _, doc := savedSession(t)
	doc["game"] = "hello"
	writeJSON(t, state, doc)
	v := New(test.NewTempApp(t), Options{StatePath: state})
	defer v.Close()
	if !strings.Contains(v.status.Text, "the game is unreadable; your progress in files is back (session kept as session.json.bad-") {
		t.Errorf("status %q", v.status.Text)
	}
	if n := len(badFiles(t, state)); n != 1 {
		t.Errorf("kept %d times", n)
	}
}

// Two damaged sessions in a row are both kept.
func TestDamagedSessionsAreAllKept(t *testing.T) {
	state := filepath.Join(t.TempDir(), "session.json")
	for k := 0; k < 2; k++ {
		os.WriteFile(state, []byte("{not json"), 0o644)
		v := New(test.NewTempApp(t), Options{StatePath: state})
		v.Close()
	}
	if n := len(badFiles(t, state)); n != 2 {
		t.Errorf("%d damaged sessions kept, want 2", n)
	}
}

func TestNonsenseValuesAreClamped(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(g map[string]any)
		check func(g *game.Game) bool
	}{
		{"negative time", func(g map[string]any) { g["elapsed_seconds"] = -99999999 }, func(g *game.Game) bool { return g.Elapsed() >= 0 && g.Elapsed() < time.Minute }},
		{"huge time", func(g map[string]any) { g["elapsed_seconds"] = 1e300 }, func(g *game.Game) bool { return g.Elapsed() <= game.MaxElapsed+time.Minute }},
		{"won but unfinished", func(g map[string]any) { g["won"] = true }, func(g *game.Game) bool { return !g.Won() }},
	} {
		state, _, doc := savedSession(t)
		tc.edit(doc["game"].(map[string]any))
		writeJSON(t, state, doc)
		v := New(test.NewTempApp(t), Options{StatePath: state})
		if !tc.check(v.game) {
			t.Errorf("%s: elapsed %v, won %v", tc.name, v.game.Elapsed(), v.game.Won())
		}
		v.Close()
	}
}

func TestSessionThatIsNotAFileIsRefused(t *testing.T) {
	state := filepath.Join(t.TempDir(), "session.json")
	if err := syscall.Mkfifo(state, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan *UI, 1)
	go func() { done <- New(test.NewTempApp(t), Options{StatePath: state}) }()
	select {
	case v := <-done:
		defer v.Close() // its autosave must not outlive the test's directory
		if !strings.Contains(v.status.Text, "not a file but a FIFO (kept as session.json.bad-") {
			t.Errorf("status %q", v.status.Text)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("start blocked on a FIFO session")
	}
}

func TestHugeSessionIsRefused(t *testing.T) {
	state := filepath.Join(t.TempDir(), "session.json")
	f, _ := os.Create(state)
	f.Truncate(store.MaxSessionSize + 1)
	f.Close()
	v := New(test.NewTempApp(t), Options{StatePath: state})
	defer v.Close()
	if !strings.Contains(v.status.Text, "too large to be a saved game") || len(badFiles(t, state)) != 1 {
		t.Errorf("status %q, kept %v", v.status.Text, badFiles(t, state))
	}
}

func TestUndoHistoryIsCapped(t *testing.T) {
	u, _ := newTestUI(t)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	for k := 0; k < game.MaxSavedMoves+50; k++ {
		u.game.Enter(uint8(1 + (int(d)+k)%9))
	}
	if st := u.game.State(); len(st.Undo) != game.MaxSavedMoves {
		t.Errorf("%d moves saved, want %d", len(st.Undo), game.MaxSavedMoves)
	}
}

// The save error goes away once saving works again.
func TestSaveErrorClears(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "games", "session.json")
	os.MkdirAll(filepath.Dir(state), 0o755)
	u := New(a, Options{StatePath: state})
	defer u.Close()
	// The test saves on its own goroutine, with the saver's stopped: the
	// test app runs fyne.Do where it is called.
	u.saver.Pause()
	os.RemoveAll(filepath.Dir(state))
	os.WriteFile(filepath.Dir(state), nil, 0o644) // a file where the folder was
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.saver.Save()
	if !strings.HasPrefix(u.status.Text, saveFailed) {
		t.Fatalf("status %q", u.status.Text)
	}
	os.Remove(filepath.Dir(state))
	u.game.Enter(0)
	u.saver.Save()
	if u.status.Text != "The game is saved again." {
		t.Errorf("status %q", u.status.Text)
	}
}

// Quitting while the game cannot be saved asks in the window, and the
// question names the way to keep the moves; once the game is saved as it
// is in a game file, quitting loses nothing and asks nothing (a user who
// rescued the game so was still told its moves were lost).
func TestQuitWhenSavingFailsAsks(t *testing.T) {
	u := unsavableUI(t)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.Quit()
	if u.quitting || !strings.Contains(dialogText(u), "Save Game As (Ctrl+Shift+S), as a .sudoku file, keeps them") {
		t.Fatalf("quitting %v, question %q", u.quitting, dialogText(u))
	}
	for len(u.modals) > 0 {
		u.modals[len(u.modals)-1].d.Hide()
	}
	path := filepath.Join(t.TempDir(), "rescue"+game.GameFileExt)
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	u.saveGameFile(w, u.game)
	u.Quit()
	if !u.quitting {
		t.Errorf("asked again after the game was saved in %s (%q)", path, u.status.Text)
	}
}

// unsavableUI is a window whose game cannot be saved: a file stands where
// its folder goes.
func unsavableUI(t *testing.T) *UI {
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "games", "session.json")
	u := New(a, Options{StatePath: state})
	t.Cleanup(func() {
		u.Close()
		os.Remove(filepath.Dir(state))
	})
	u.saver.Pause()
	os.RemoveAll(filepath.Dir(state))
	os.WriteFile(filepath.Dir(state), nil, 0o644)
	return u
}

// With no move since the start there is nothing to lose: quitting does
// not ask (it asked over a read-only home with nothing played).
func TestQuitWithNothingPlayedDoesNotAsk(t *testing.T) {
	u := unsavableUI(t)
	u.Quit()
	if !u.quitting {
		t.Error("asked although nothing was played")
	}
}

// A file edited between two runs: the game restored takes its file back
// where its puzzle is now, and says so; a file that no longer holds the
// puzzle is let go with a word, the game goes on (the browser stayed
// away without a word, and the session forgot the file).
func TestRestoreFollowsItsPuzzleInAChangedFile(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "session.json")
	path := filepath.Join(dir, "p.txt")
	grids := []string{
		"5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6",
		".7..........6...948....5.3.52..4.1....3.2.6....4.5..29.3.7....865...3..........7.",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	}
	write := func(gs ...string) {
		if err := os.WriteFile(path, []byte(strings.Join(gs, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(grids...)
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	if !u.OpenFile(path) {
		t.Fatal("not opened")
	}
	cell, sol := moveAndQuit(u, 2)

	write(grids[2], grids[1]) // the first taken out: the third is first now
	v := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	if v.coll == nil || v.coll.Index != 0 || v.game.Digit(cell) != sol || !strings.Contains(v.status.Text, "#1 in it now") {
		t.Fatalf("file %v, game has %d at %d, status %q", v.coll != nil, v.game.Digit(cell), cell, v.status.Text)
	}
	v.save()
	v.saver.Close()
	v.win.Close()

	write(grids[1]) // and now taken out
	w := New(a, Options{StatePath: state})
	defer w.Close()
	if w.coll != nil || w.game.Digit(cell) != sol || !strings.Contains(w.status.Text, "no longer holds the puzzle") {
		t.Fatalf("file %v, game has %d at %d, status %q", w.coll != nil, w.game.Digit(cell), cell, w.status.Text)
	}
}

// A file missing at the start (moved away, a disk not mounted): the game
// goes on, and its moves made meanwhile are there when the file is back,
// as the status promises: at the next start, and when the file is opened
// again without a restart, with no question of losing the game. A helper
// found the session forgot the file, and reopening it brought back only
// the moves made before it went.
func TestMissingFileKeepsTheGameForWhenItIsBack(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "session.json")
	path := filepath.Join(dir, "f.txt")
	grids := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n" +
		".7..........6...948....5.3.52..4.1....3.2.6....4.5..29.3.7....865...3..........7.\n" +
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	os.WriteFile(path, []byte(grids), 0o644)
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	if !u.OpenFile(path) {
		t.Fatal("not opened")
	}
	first, sol1 := moveAndQuit(u, 2)

	os.Rename(path, path+".bak")
	enter := func(u *UI) (int, uint8) {
		cell, sol := firstEmpty(u.game)
		u.game.Select(cell)
		u.game.Enter(sol)
		return cell, sol
	}
	v := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	if v.coll != nil || v.game.Digit(first) != sol1 || !strings.Contains(v.status.Text, "when the file is back") {
		t.Fatalf("file %v, game has %d at %d, status %q", v.coll != nil, v.game.Digit(first), first, v.status.Text)
	}
	second, sol2 := enter(v)
	v.save()
	v.saver.Close()
	v.win.Close()

	os.Rename(path+".bak", path)
	w := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	if w.coll == nil || w.coll.Index != 2 || w.game.Digit(first) != sol1 || w.game.Digit(second) != sol2 {
		t.Fatalf("the file back at the start: file %v, game has %d at %d and %d at %d", w.coll != nil, w.game.Digit(first), first, w.game.Digit(second), second)
	}
	w.save()
	w.saver.Close()
	w.win.Close()

	// Gone again, and back while the window is open: opening it asks
	// nothing and gives the game with every move.
	os.Rename(path, path+".bak")
	x := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	defer x.Close()
	third, sol3 := enter(x)
	os.Rename(path+".bak", path)
	if x.losesGame() {
		t.Error("opening another file would lose the game of a file not there")
	}
	x.GoTo(0) // no file: nothing happens
	if !x.OpenFile(path) || x.coll == nil || x.coll.Index != 2 {
		t.Fatalf("reopened: file %v", x.coll != nil)
	}
	for _, m := range []struct {
		cell int
		d    uint8
	}{{first, sol1}, {second, sol2}, {third, sol3}} {
		if x.game.Digit(m.cell) != m.d {
			t.Errorf("reopened: %d at %d, want %d", x.game.Digit(m.cell), m.cell, m.d)
		}
	}
}

// A session's recent list is held to the menu's length (a million of
// them froze the window at File → Open Recent), and a game's huge name
// to a title X takes.
func TestRestoreBoundsRecentAndTitle(t *testing.T) {
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	for i := range 1000 {
		u.settings.Recent = append(u.settings.Recent, fmt.Sprintf("/tmp/f%d.txt", i))
	}
	u.game.Name = strings.Repeat("n", 100000)
	u.save()
	u.saver.Close()
	u.win.Close()
	v := New(a, Options{StatePath: state})
	defer v.Close()
	if len(v.settings.Recent) != maxRecent {
		t.Errorf("%d recent files", len(v.settings.Recent))
	}
	if n := len([]rune(v.win.Title())); n > 120 {
		t.Errorf("a title of %d characters", n)
	}
}

// A session with one value of the wrong kind comes back whole but that
// value, and the status says which: one bad setting lost the game and the
// files; one bad mark lost the game and closed the file, while the status
// said the rest was restored.
func TestRestoreKeepsWhatReads(t *testing.T) {
	for _, c := range []struct {
		damage func(m map[string]any)
		says   string
	}{
		{func(m map[string]any) { m["settings"].(map[string]any)["window"] = "big" }, "unreadable: the window"},
		{func(m map[string]any) { m["game"].(map[string]any)["marks"].([]any)[0] = "x" }, "unreadable: the game's pencil marks"},
		// Of the right kind, but meaning nothing: it went back to the
		// default without a word.
		{func(m map[string]any) {
			m["settings"].(map[string]any)["prefs"] = map[string]any{"theme": "dbrk"}
		}, `Back to defaults, unreadable: the theme ("dbrk"); the rest restored.`},
	} {
		a, state, cell, sol := damagedSession(t, c.damage)
		v := New(a, Options{StatePath: state})
		if v.coll == nil || v.coll.Index != 2 || v.game.Digit(cell) != sol || !v.game.CanUndo() || !strings.Contains(v.status.Text, c.says) {
			t.Errorf("%s: file %v, digit %d, undo %v, status %q", c.says, v.coll != nil, v.game.Digit(cell), v.game.CanUndo(), v.status.Text)
		}
		v.Close()
	}
}

// An undo history that does not read costs the history alone: the game
// and its file stay, and its entries are kept when the player leaves the
// puzzle. A helper found a digit out of range in a move lost the game and
// the file, and a history dropped as unreadable left entries that went
// at the first Page Down (the game counted as untouched).
func TestDamagedHistoryCostsTheHistoryAlone(t *testing.T) {
	for _, c := range []struct {
		name string
		undo any
		says string
	}{
		{"a negative cell", []any{[]any{[]any{-1, 0, 0, 1, 0}}}, "unreadable: the game's undo history"},
		{"a digit out of range", []any{[]any{[]any{0, 0, 0, 77, 0}}}, "undo history saved could not be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, state, cell, sol := damagedSession(t, func(m map[string]any) { m["game"].(map[string]any)["undo"] = c.undo })
			v := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
			defer v.Close()
			if v.coll == nil || v.coll.Index != 2 || v.game.Digit(cell) != sol || !strings.Contains(v.status.Text, c.says) {
				t.Fatalf("file %v, digit %d, status %q", v.coll != nil, v.game.Digit(cell), v.status.Text)
			}
			if v.coll.Mark(2, v.game) != "◐" {
				t.Errorf("the puzzle's mark %q, want started", v.coll.Mark(2, v.game))
			}
			v.Next()
			v.Previous()
			if v.game.Digit(cell) != sol {
				t.Errorf("after Next and Previous: %d at %d, want %d", v.game.Digit(cell), cell, sol)
			}
		})
	}
}

// damagedSession saves a session with a move on the third puzzle of the
// seeds' file, then damages it; it returns the app, the session's path,
// and the cell and digit of the move.
func damagedSession(t *testing.T, damage func(m map[string]any)) (fyne.App, string, int, uint8) {
	t.Helper()
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.OpenFile(seeds)
	cell, sol := moveAndQuit(u, 2)
	writeSession(t, state, damage)
	return a, state, cell, sol
}

// moveAndQuit goes to puzzle i of the open file, enters the digit of its
// first empty cell and quits as the window does; it returns the cell and
// the digit.
func moveAndQuit(u *UI, i int) (int, uint8) {
	u.GoTo(i)
	cell, sol := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(sol)
	u.save()
	u.saver.Close()
	u.win.Close()
	return cell, sol
}

// Quitting while a booklet is written asks; quitting then stops it and
// drops its temporary file, the file that was there kept (Ctrl+Q closed
// the window at once, the booklet lost without a word and a hidden
// temporary file left beside it).
func TestQuitWhileExportingAsks(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	u := New(a, Options{StatePath: filepath.Join(dir, "session.json")})
	defer u.Close()
	path := filepath.Join(dir, "old.pdf")
	os.WriteFile(path, []byte("old"), 0o644)
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("%PDF partial"))
	ctx, cancel := context.WithCancel(context.Background())
	u.exporting = &exportJob{name: "old.pdf", what: widget.NewLabel("Page 5 of 10"), cancel: cancel, w: w}
	u.Quit()
	if u.quitting {
		t.Fatal("quit without a word while a booklet was being written")
	}
	var stop *widget.Button
	eachButton(u.win.Canvas().Overlays().Top(), func(b *widget.Button) {
		if b.Text == "Stop and Quit" {
			stop = b
		}
	})
	if stop == nil {
		t.Fatal("no Stop and Quit")
	}
	stop.OnTapped()
	if ctx.Err() == nil || u.exporting != nil || !u.quitting {
		t.Errorf("after Stop and Quit: export %v, quitting %v", ctx.Err(), u.quitting)
	}
	files, _ := os.ReadDir(dir)
	for _, f := range files {
		if strings.HasPrefix(f.Name(), ".old.pdf") {
			t.Errorf("left %s", f.Name())
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("old.pdf holds %q", b)
	}
}

// The question after a booklet is written, that took the place of "Stop
// writing?" (whose Enter keeps working), keeps Enter for Keep Working: an
// Enter meant for the first question quit.
func TestQuitAfterExportEnterKeepsWorking(t *testing.T) {
	a := test.NewTempApp(t)
	u := New(a, Options{StatePath: filepath.Join(t.TempDir(), "session.json")})
	defer u.Close()
	u.askQuitAfterExport("week.pdf")
	if len(u.modals) == 0 {
		t.Fatal("no question")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.quitting {
		t.Error("Enter quit")
	}
	if len(u.modals) != 0 {
		t.Error("Enter left the question up")
	}
}

// Once the app stops, background work hands the UI nothing: after Fyne's
// loop has ended it runs a fyne.Do'ne function on the caller's goroutine,
// where the clock's tick raced the last save.
func TestNothingReachesTheUIOnceStopping(t *testing.T) {
	u, _ := newTestUI(t)
	ran := 0
	u.do(func() { ran++ })
	u.doAndWait(func() { ran++ })
	if ran != 2 {
		t.Fatalf("ran %d of 2 before stopping", ran)
	}
	u.stopping.Store(true)
	u.do(func() { ran++ })
	u.doAndWait(func() { ran++ })
	if ran != 2 {
		t.Errorf("ran %d after stopping", ran-2)
	}
}

// A session cut short (a crash, a full disk) keeps what reads: the game,
// the file open at its place, the statistics; it had all gone for three
// missing bytes, and the line spoke of the game alone.
func TestSessionCutShortKeepsWhatReads(t *testing.T) {
	state, file, _ := savedSession(t)
	raw, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(state, raw[:len(raw)-3], 0o600)
	v := New(test.NewTempApp(t), Options{StatePath: state})
	if v.coll == nil || v.coll.Path != file || v.coll.Index != 2 {
		t.Errorf("the file open is not back at #3: %+v", v.coll)
	}
	if !strings.Contains(v.status.Text, "kept as session.json.bad-") || len(badFiles(t, state)) != 1 {
		t.Errorf("status %q, kept %v", v.status.Text, badFiles(t, state))
	}
	v.Close()
	// Nothing of it reads: the line says all starts afresh.
	os.WriteFile(state, []byte("\x00\x01garbage"), 0o600)
	w := New(test.NewTempApp(t), Options{StatePath: state})
	if !strings.Contains(w.status.Text, "the game, statistics and settings start afresh") {
		t.Errorf("status %q", w.status.Text)
	}
}

// A win is written at once, not after the save's delay (killed the moment
// after "Well done!", the win was lost with its last digit); in a second
// window, which never saves, the win says it is not counted.
func TestWinWrittenAtOnce(t *testing.T) {
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(test.NewTempApp(t), Options{StatePath: state, SaveDelay: time.Second})
	defer u.Close()
	second := New(test.NewTempApp(t), Options{StatePath: state, SaveDelay: time.Second})
	defer second.Close()
	finish := func(u *UI) {
		u.game.Level = "easy"
		sol := solutionOf(u.game)
		for i := range sol {
			if u.game.Digit(i) == 0 {
				u.game.Select(i)
				u.game.Enter(sol[i])
			}
		}
	}
	finish(u)
	deadline := time.Now().Add(800 * time.Millisecond)
	for {
		if s, err := store.Load(state); err == nil && s.Settings.Stats["easy"] != nil && s.Settings.Stats["easy"].Won == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the win is not written at once")
		}
		time.Sleep(20 * time.Millisecond)
	}
	finish(second)
	if st := second.status.Text; !strings.Contains(st, "this win is not in your statistics") || strings.Contains(st, "best") || strings.Contains(st, "in a row") {
		t.Errorf("the second window's win: %q", st)
	}
}

// A second window takes the session over once the first has gone: it had
// never saved, even as the only window left, and everything played in it
// was lost at its quit ("play in that one" of a window no longer there).
// What the first saved last stays: its statistics, and its game, kept as
// its file's progress.
func TestSecondWindowTakesOver(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "session.json")
	first := New(test.NewTempApp(t), Options{StatePath: state})
	first.saver.Pause() // (written when the test says: the saver's own calls race with it)
	first.OpenFile(seeds)
	cell, d := firstEmpty(first.game)
	first.game.Select(cell)
	first.game.Enter(d)
	first.settings.RecordWin("easy", time.Minute, false)
	first.save()
	first.saver.Flush()
	second := New(test.NewTempApp(t), Options{StatePath: state})
	second.saver.Pause()
	defer second.Close()
	if !second.waitingToOwn.Load() {
		t.Fatal("the second window does not wait for the session")
	}
	second.ownIfFree()
	if !second.waitingToOwn.Load() {
		t.Fatal("taken over while the first window owns it")
	}
	first.Close() // (it saves its game as it goes)
	second.OpenFile("../testdata/killer-9.txt")
	c2, d2 := firstEmpty(second.game)
	second.game.Select(c2)
	second.game.Enter(d2)
	second.ownIfFree()
	if second.waitingToOwn.Load() || !strings.HasPrefix(second.status.Text, "The other Sudoku window has closed: this one saves your game now.") {
		t.Fatalf("not taken over: %q", second.status.Text)
	}
	second.save()
	if err := second.saver.Flush(); err != nil {
		t.Fatalf("the second window's save: %v", err)
	}
	s, err := store.Load(state)
	if err != nil {
		t.Fatal(err)
	}
	if s.Game == nil || !strings.Contains(s.File, "killer-9.txt") || s.Game.Cells[c2] == '.' {
		t.Errorf("the session holds %q's game, not the second window's", s.File)
	}
	if st := s.Settings.Stats["easy"]; st == nil || st.Won != 1 {
		t.Error("the first window's statistics are lost")
	}
	abs, _ := filepath.Abs(seeds)
	kept, ok := s.Files[abs].Progress[0]
	if !ok || kept.Cells[cell] != '0'+d {
		t.Errorf("the first window's game is not kept as its file's progress: %v", s.Files[abs])
	}
}

// A session cut to its first bytes says what is back as it is: "your
// progress in files is back" was said while none of it had read.
func TestSessionCutToItsStartSaysWhatIsBack(t *testing.T) {
	state, _, doc := savedSession(t)
	writeJSON(t, state, doc)
	data, _ := os.ReadFile(state)
	os.WriteFile(state, data[:150], 0o600) // the tester's cut
	v := New(test.NewTempApp(t), Options{StatePath: state})
	defer v.Close()
	if strings.Contains(v.status.Text, "progress in files is back") || !strings.HasPrefix(v.status.Text, "The saved game could not be read") || strings.Contains(v.status.Text, ".progress.") {
		t.Errorf("status %q", v.status.Text)
	}
}

// The parts of a damaged session are named in words: "the rest" and
// "the easy.the rest statistics" were the status line's.
func TestDamagedPartsInWords(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"settings.the rest from stats", "the statistics and all after it in the file"},
		{"settings.stats.easy.the rest after won", "the easy statistics"},
		{"settings.stats.easy.won", "the easy statistics"},
		{"settings.stats.the rest from hard", "the statistics"},
		{"the rest after files", "all after the progress in files in the file"},
		{"settings.prefs.theme", "the theme"},
		{"settings.window", "the window"},
		{"files./home/p.txt.progress.1.givens", "the game of #2 of p.txt"},
	} {
		if got := damagedParts([]string{c.path}); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: %q, want %q", c.path, got, c.want)
		}
	}
}

// A second window quit as it came has nothing to save and fails nothing:
// it said "could not save the game" and quit with status 2.
func TestUntouchedSecondWindowQuitsQuietly(t *testing.T) {
	state := filepath.Join(t.TempDir(), "session.json")
	first := New(test.NewTempApp(t), Options{StatePath: state})
	first.saver.Pause()
	defer first.Close()
	first.OpenFile(seeds)
	first.save()
	first.saver.Flush()
	second := New(test.NewTempApp(t), Options{StatePath: state})
	second.saver.Pause()
	second.Close()
	if second.lastSaveFailed.Load() {
		t.Error("the untouched second window's quit failed")
	}
	third := New(test.NewTempApp(t), Options{StatePath: state})
	third.saver.Pause()
	cell, d := firstEmpty(third.game)
	third.game.Select(cell)
	third.game.Enter(d)
	third.Close()
	if !third.lastSaveFailed.Load() {
		t.Error("a second window's move was lost without a failure")
	}
}

// A damaged game whose file's progress kept it comes back from there, and
// the status says so: "could not be restored" was said over the game on
// the board.
func TestDamagedGameBackFromItsFile(t *testing.T) {
	state, file, doc := savedSession(t)
	// The game of #2 (index 1) as the session's game, its file's place
	// there, and the game damaged.
	files := doc["files"].(map[string]any)[file].(map[string]any)
	files["index"] = 1
	delete(files, "board") // (the puzzle at the index before: the place would follow it)
	kept := files["progress"].(map[string]any)["1"]
	game := map[string]any{}
	for k, v := range kept.(map[string]any) {
		game[k] = v
	}
	game["marks"] = make([]int, 80)
	doc["game"] = game
	writeJSON(t, state, doc)
	v := New(test.NewTempApp(t), Options{StatePath: state})
	defer v.Close()
	if v.coll == nil || v.coll.Index != 1 || !v.game.Started() {
		t.Fatalf("the file's game is not on the board: %+v", v.coll)
	}
	if !strings.HasPrefix(v.status.Text, "The saved game did not read, but its file's progress had it") {
		t.Errorf("status %q", v.status.Text)
	}
}
