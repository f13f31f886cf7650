package gui

import (
	"bytes"
	"context"
	"errors"
	"example.com/sudoku/internal/filekind"
	"fmt"
	"os"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"example.com/sudoku/booklet"
	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/levels"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// The key a file's levels are kept under is the hash of the bytes the
// reading read. A helper found a file replaced while it was read (an
// editor's save: a rename over it) kept its levels under the new
// content's key, hashed by a second reading: another file of those bytes
// then showed them, wrong, for good.
func TestReadKeyedIsWhatWasRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.txt")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	other := strings.Replace(line, "4", "9", 1)
	write := func(p, l string) {
		if err := os.WriteFile(p, []byte(strings.Repeat(l+"\n", 5000)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(path, line)
	var ps library.Puzzles
	read, err := readPuzzlesKeyed(path, nil, &ps, func() error { return nil }, nil)
	want, _ := levels.HashFile(path)
	if err != nil || read.changed || read.key == nil || *read.key != want || ps.Len() != 5000 {
		t.Fatalf("a file read as it is: %+v %v, %d puzzles", read, err, ps.Len())
	}

	for _, tc := range []struct {
		name   string
		change func()
	}{
		{"replaced", func() {
			write(path+".new", other)
			os.Rename(path+".new", path)
		}},
		{"cut short", func() { os.Truncate(path, 0) }},
		{"written to", func() {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(line + "\n")
			f.Close()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			write(path, line)
			var ps library.Puzzles
			done := false
			read, err := readPuzzlesKeyed(path, nil, &ps, func() error {
				if !done {
					done = true
					tc.change()
				}
				return nil
			}, nil)
			if !read.changed || read.key != nil || err != nil && !strings.Contains(err.Error(), "w.txt changed while it was read") {
				t.Errorf("%+v %v: want changed and no key", read, err)
			}
			// As the window reads, skipping bad lines: the line the
			// change cut is skipped, and the reading says it changed.
			write(path, line)
			ps, done = library.Puzzles{}, false
			read, err = readPuzzlesKeyed(path, nil, &ps, func() error {
				if !done {
					done = true
					tc.change()
				}
				return nil
			}, func(*solver.ParseError) bool { return true })
			if err != nil || !read.changed || read.key != nil {
				t.Errorf("skipping bad lines: %+v %v: want changed and no key", read, err)
			}
		})
	}
}

// The count over the browser's list keeps the most height it needed at
// one width: Show and Find under it moved up and down as its numbers
// changed, under a click on its way to them.
func TestBrowserCountKeepsItsHeight(t *testing.T) {
	test.NewTempApp(t)
	l := widget.NewLabel("999,904 of 1,000,000 shown\nrating levels: 101 of 1,000,000")
	l.Wrapping = fyne.TextWrapWord
	g := &growOnly{}
	c := container.New(g, l)
	c.Resize(fyne.NewSize(150, 200))
	tall := c.MinSize().Height
	l.SetText("1,000,000 puzzles\nrating levels: 17%")
	if h := c.MinSize().Height; h != tall {
		t.Errorf("shorter text: height %v, want %v kept", h, tall)
	}
	c.Resize(fyne.NewSize(400, 200)) // another width: its own height
	if h := c.MinSize().Height; h >= tall {
		t.Errorf("wider: height %v, want less than %v", h, tall)
	}
	g.reset()
	l.SetText("1 puzzle\n")
	if h := c.MinSize().Height; h >= tall {
		t.Errorf("reset: height %v, want less than %v", h, tall)
	}
}

// Edit → Undo and Redo are greyed as the panel's buttons are: Redo looked
// enabled with nothing to redo, and did nothing. Ctrl+Z still acts.
func TestUndoRedoMenuGreyed(t *testing.T) {
	u, _ := newTestUI(t)
	playGrid(t, u, "Easy puzzle", "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")
	if !u.menus.undo.Disabled || !u.menus.redo.Disabled {
		t.Fatalf("a new game: undo greyed %v, redo greyed %v", u.menus.undo.Disabled, u.menus.redo.Disabled)
	}
	cell, digit := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(digit)
	if u.menus.undo.Disabled || !u.menus.redo.Disabled {
		t.Fatalf("a move: undo greyed %v, redo greyed %v", u.menus.undo.Disabled, u.menus.redo.Disabled)
	}
	u.menus.undo.Action()
	if u.game.Digit(cell) != 0 || !u.menus.undo.Disabled || u.menus.redo.Disabled {
		t.Fatalf("undone: %d at %d, undo greyed %v, redo greyed %v", u.game.Digit(cell), cell, u.menus.undo.Disabled, u.menus.redo.Disabled)
	}
	u.menus.redo.Action()
	if u.game.Digit(cell) != digit {
		t.Errorf("redone: %d at %d", u.game.Digit(cell), cell)
	}
}

// Ctrl+V in the browser's Find field pastes into the field: Fyne runs the
// main menu's shortcut first, and Paste Puzzle closed the file open for
// the clipboard's puzzle. Clicked in the menu (the field then has lost
// the focus), Paste Puzzle pastes the puzzle.
func TestPasteInFindPastesText(t *testing.T) {
	u, _ := newTestUI(t)
	settle := settledSearches(u) // the searches Find's text starts
	defer settle()
	u.OpenFile(seeds)
	coll := u.coll
	u.app.Clipboard().SetContent("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	u.win.Canvas().Focus(u.browse.find)
	paste := menuItem(t, u, "Paste Puzzle")
	paste.Action() // as the window runs it for Ctrl+V
	settle()
	if u.coll != coll || u.browse.find.Text != "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" {
		t.Fatalf("Ctrl+V in Find: file kept %v, Find holds %q", u.coll == coll, u.browse.find.Text)
	}
	menuItem(t, u, "Undo").Action() // Ctrl+Z: the field's own undo, not the game's
	settle()
	if u.browse.find.Text != "" {
		t.Errorf("Ctrl+Z in Find: %q", u.browse.find.Text)
	}
	u.win.Canvas().Unfocus() // a click on the menu bar
	paste.Action()
	if u.coll == coll {
		t.Error("Paste Puzzle from the menu pasted no puzzle")
	}
}

// A pasted puzzle that cannot be played says so at once: "Leave this
// game?" came first, and the game was given up for an error.
func TestPasteOfAnUnplayablePuzzleAsksNothing(t *testing.T) {
	u, _ := newTestUI(t)
	easyWithAMove(t, u)
	g := u.game
	u.app.Clipboard().SetContent(strings.Repeat("1", 81))
	u.Paste()
	if len(u.modals) != 1 || u.game != g {
		t.Fatalf("%d dialogs, game kept %v", len(u.modals), u.game == g)
	}
	// The error, not the question: no Paste button to give the game up.
	eachButton(u.win.Canvas().Overlays().Top(), func(b *widget.Button) {
		if b.Text == "Paste" {
			t.Error("asked to leave the game for a puzzle that cannot be played")
		}
	})
}

// Boards of sides with no boxes of their own (Solo's 5×5, 7×7 and 10×10
// jigsaws, 2×5 and 3×5 boxes) open, lay out and take marks: the window
// died dividing by the boxes' width of its pencil marks, 0 there.
func TestBoardsOfEverySideOpen(t *testing.T) {
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), "solo.txt")
	ids := []string{
		"7j:a2d6a5d3c5b7a7c5a3b4c5d4a7d3a,a_d_a___c__d_a_bbbachc_c__c_a__a_cab",
		"2x5:b1d4c3b9_8_5a6_7a4a9c6_3_5_7e10a4b8b7_4a3_10_6_9_10_3a4_2b5b9a5e3_3_6_7c4a8a8_1a10_6_3b2c9d8b",
		"5j:b2b1_2k4_5b3b,aca__aa_bdbbb_aca",
		"3x5:15b12a13c3a14_1_10d10_6_15a8_12_9b7_3_2a3b4a10_1_14c12f5_3h6a1_14_9b5a7b12d15_6_8b9b10c7_5_10b5_7a3_6d8_14a11b14b15a13b2b7a4_13d10_1a15_5b3_14_8c7b10b11_3_2d3b11a6b10_9_15a5h15_14f12c1_7_9a2b11a3_2_7b11_12_5a14_8_6d11_1_4a10c6a9b13",
	}
	os.WriteFile(path, []byte(strings.Join(ids, "\n")+"\n"), 0o644)
	if !u.OpenFile(path) || u.coll.Len() != len(ids) {
		t.Fatal("not opened")
	}
	for i, n := range []int{7, 10, 5, 15} {
		u.GoTo(i)
		if u.game.Size() != n {
			t.Fatalf("#%d: side %d, want %d", i+1, u.game.Size(), n)
		}
		u.win.Resize(fyne.NewSize(900+float32(i), 700))
		cell, _ := firstEmpty(u.game)
		u.game.Select(cell)
		u.game.TogglePencil()
		u.game.Enter(uint8(n)) // a mark of the last digit
		u.game.TogglePencil()
		u.board.Refresh()
		u.popPad(cell, true)
		u.closePad()
	}
}

// A board of another shape is saved only where its format can hold it,
// and added to a file of one puzzle a line as a line: .sdk, .ss and .xml
// took our text, which no program reads, and a file of Solo game IDs got
// a block of nineteen lines.
func TestSaveOtherShapes(t *testing.T) {
	u, _ := newTestUI(t)
	dir := t.TempDir()
	ids := "2x3k:zj,a__a_____b___a___abaaaaa_aa___a____b__aa_,6a11_4_10a6c7_8a15d11_8_7b6b6c5a5a11a\n" +
		"2x3k:zj,_a_____________a___a__a_aab_a___a_caaabaa,5_9a13_5_7a6_8c10c11_4a9a3c8b10_10_8e\n"
	killer, err := solver.ParseSoloID(strings.Fields(ids)[0])
	if err != nil {
		t.Fatal(err)
	}
	save := func(path, name string, add bool) {
		t.Helper()
		w, err := storage.Writer(storage.NewFileURI(path))
		if err != nil {
			t.Fatal(err)
		}
		u.savePuzzle(w, killer, name)
		if add {
			u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Add to the File
			u.puzzleAdds.Wait()
		}
	}
	sdk := filepath.Join(dir, "k.sdk")
	os.WriteFile(sdk, []byte("old"), 0o644)
	save(sdk, "k", false)
	if got, _ := os.ReadFile(sdk); string(got) != "old" || len(u.modals) != 1 {
		t.Fatalf(".sdk: %q, %d dialogs", got, len(u.modals))
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})

	lines := filepath.Join(dir, "k.txt")
	os.WriteFile(lines, []byte(ids), 0o644)
	save(lines, "mine", true)
	want := ids + killer.SoloGameID() + " mine\n"
	if got, _ := os.ReadFile(lines); string(got) != want {
		t.Fatalf("added to Solo game IDs:\n%s", got)
	}

	// A file of classic lines takes it as a line while it is read as
	// boards (its first 64 KB show the shape); past that, it says why not.
	classic := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	small := filepath.Join(dir, "small.txt")
	os.WriteFile(small, []byte(classic+classic), 0o644)
	save(small, "", true)
	if bps, err := solver.ReadBoardFile(small); err != nil || len(bps) != 3 {
		t.Fatalf("small classic file with the killer: %v, %d boards", err, len(bps))
	}
	big := filepath.Join(dir, "big.txt")
	os.WriteFile(big, []byte(strings.Repeat(classic, 1000)), 0o644)
	save(big, "", true)
	if got, _ := os.ReadFile(big); string(got) != strings.Repeat(classic, 1000) {
		t.Fatal("a big classic file took a killer it could not read back")
	}
}

// File errors say what is wrong as a person would: a missing folder, a
// link to nothing, a loop of links (a save into a missing folder said
// "there is no such file", and a loop "Stat …: too many levels of
// symbolic links").
func TestReadableFileErrors(t *testing.T) {
	dir := t.TempDir()
	os.Symlink(filepath.Join(dir, "nowhere.txt"), filepath.Join(dir, "dangling.txt"))
	os.Symlink(filepath.Join(dir, "loop2"), filepath.Join(dir, "loop1"))
	os.Symlink(filepath.Join(dir, "loop1"), filepath.Join(dir, "loop2"))
	_, err1 := os.Create(filepath.Join(dir, "out", "lines.txt"))
	_, err2 := os.Open(filepath.Join(dir, "dangling.txt"))
	_, err3 := os.Stat(filepath.Join(dir, "loop1"))
	_, err4 := os.Open(filepath.Join(dir, "none.txt"))
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	fifoInfo, _ := os.Lstat(fifo)
	for _, c := range []struct {
		err  error
		want string
	}{
		{err1, "lines.txt: there is no folder " + filepath.Join(dir, "out")},
		{err2, "dangling.txt is a link to " + filepath.Join(dir, "nowhere.txt") + ", which is not there"},
		{err3, "loop1: its symbolic links go round in a loop"},
		{err4, "none.txt: there is no such file"},
		{solver.NotRegular(fifo, fifoInfo), "is a FIFO, not a puzzle file"},
	} {
		if got := readableError(c.err).Error(); !strings.HasSuffix(got, c.want) {
			t.Errorf("%v: %q, want …%q", c.err, got, c.want)
		}
	}
}

// Keys over a live solver leave the game alone: P paused the game under
// it (and the panel stayed greyed after Stop), N and Space switched
// pencil mode on unseen, the arrows and hjkl moved the hidden selection.
func TestKeysOverALiveSolver(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.run = newSolveRun(context.Background(), solver.DFS, u.game.Givens(), -1)
	sel := u.game.Selected()
	for _, r := range "pPnNhjkl" {
		u.typedRune(r)
	}
	for _, k := range []fyne.KeyName{fyne.KeySpace, fyne.KeyUp, fyne.KeyLeft, fyne.KeyHome} {
		u.typedKey(&fyne.KeyEvent{Name: k})
	}
	u.TogglePause()
	if u.game.Paused() || u.game.Pencil() || u.game.Selected() != sel || u.status.Text != solverHasBoard {
		t.Errorf("paused %v, pencil %v, selection %d (was %d), status %q", u.game.Paused(), u.game.Pencil(), u.game.Selected(), sel, u.status.Text)
	}
	u.run = nil
}

// A line of the clipboard that does not read is skipped, as in a file
// opened, and the status says so: one odd character after the puzzle
// refused the whole paste.
func TestPasteSkipsBadLines(t *testing.T) {
	u, _ := newTestUI(t)
	evil := ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6."
	u.app.Clipboard().SetContent(evil + "\r\n😀 \u202e\r\n")
	u.Paste()
	if u.game.Givens().String() != evil || !strings.Contains(u.status.Text, "Skipped 1 line that could not be read: clipboard:2:3: ") {
		t.Errorf("pasted %s, status %q", u.game.Givens(), u.status.Text)
	}
}

// A file of boards with a bad line opens its good boards in the window
// and says which line it skipped (it could not be opened at all).
func TestBoardFileWithABadLineOpens(t *testing.T) {
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), "k.txt")
	k := "2x3k:zj,a__a_____b___a___abaaaaa_aa___a____b__aa_,6a11_4_10a6c7_8a15d11_8_7b6b6c5a5a11a"
	os.WriteFile(path, []byte(k+"\nsgt-solo: error\n"+k+"\n"), 0o644)
	if !u.OpenFile(path) || u.coll.Len() != 2 || !strings.Contains(u.status.Text, "Skipped 1 line") {
		t.Fatalf("opened %v, status %q", u.coll != nil, u.status.Text)
	}
}

// A new puzzle of a shape the generator does not make (Solo's 7×7
// jigsaw, a jigsaw killer) says so: Ctrl+N made one of the last shape
// chosen, or a plain killer, without a word.
func TestNewPuzzleOfAShapeNotMade(t *testing.T) {
	for _, id := range []string{
		"7j:a2d6a5d3c5b7a7c5a3b4c5d4a7d3a,a_d_a___c__d_a_bbbachc_c__c_a__a_cab",
		"9jk:zzzc,cbbeb_abbabb_aa___aaab__b_aba_ggbb__ac_c_babbb_aaab___a__acba,__aaa__aa__a___a_a______aa______a_a_a_aa_____b___aac___ab__a_a_a__a__a___a_aa_____a____aa____aaabaaa_,10_10_9a15a11a13b5a11a9_6a8a13_12_15c11_6d3_12_13a21a5a8c11_21a7b12a17c13_6a8b4_10_4a22_20b19e5d",
	} {
		u, _ := newTestUI(t)
		u.app.Clipboard().SetContent(id)
		u.Paste()
		g := u.game
		<-u.NewGame(logic.Easy)
		if u.game != g || u.gen != nil || len(u.modals) != 1 {
			t.Errorf("%s: game kept %v, generating %v, %d dialogs", id[:3], u.game == g, u.gen != nil, len(u.modals))
		}
	}
}

// A puzzle added to a file of lines is written with the file's blanks
// ('0' there: it was '.', and the file mixed both).
func TestAddedLineTakesTheFilesBlanks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zeros.txt")
	line := strings.ReplaceAll("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", ".", "0")
	os.WriteFile(path, []byte(line+"\n"+line), 0o644) // no final newline
	evil := solver.MustParse(".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.")
	text, err := addedPuzzle(path, "", solver.BoardOf(evil), "")
	if want := line + "\n" + line + "\n" + strings.ReplaceAll(evil.String(), ".", "0") + "\n"; err != nil || text != want {
		t.Errorf("%v:\n%s", err, text)
	}
}

// The spinner of a puzzle being made stops with its dialog: it went on
// animating after it, repainting the window for a minute (a core of a
// machine without a GPU after every new puzzle and every Cancel).
func TestNewPuzzleSpinnerStops(t *testing.T) {
	u, _ := newTestUI(t)
	done := u.NewGame(logic.Easy)
	gen := u.lastGen
	<-done
	if gen == nil || gen.spinner.Running() {
		t.Fatalf("the spinner runs on after the puzzle was made (gen %v)", gen != nil)
	}
	done = u.NewGame(logic.Extreme)
	gen = u.lastGen
	gen.cancel()
	<-done
	if gen.spinner.Running() {
		t.Error("the spinner runs on after Cancel")
	}
}

// Enter over the new puzzles' progress leaves it up (it hid the box and
// the work went on, its save dialog coming later unasked); Esc cancels.
func TestEnterLeavesTheNewPuzzlesProgress(t *testing.T) {
	u, _ := newTestUI(t)
	done := u.NewGame(logic.Extreme)
	gen := u.lastGen
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(u.modals) == 0 || u.modals[len(u.modals)-1].d != gen.dialog {
		t.Error("Enter took the progress away")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	<-done
	if len(u.modals) != 0 {
		t.Errorf("%d dialogs after Esc", len(u.modals))
	}
}

// Saving from the window over a named pipe is refused at once: the window
// opened it to write and froze until something read it.
func TestSaveOverANamedPipeRefused(t *testing.T) {
	newTestUI(t) // the atomic file repository
	fifo := filepath.Join(t.TempDir(), "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		w, err := storage.Writer(storage.NewFileURI(fifo))
		if err == nil {
			abortWrite(w)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "fifo.txt is a named pipe, not a file") {
			t.Errorf("err %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the writer waits on the pipe")
	}
}

// Found by a new user: a puzzle added to a file of boards drawn +-------+
// came as nine plain rows, named "board1" though unnamed; a file of
// Windows line ends got a block of plain ones.
func TestAddedBlockInTheFilesLayout(t *testing.T) {
	dir := t.TempDir()
	evil := solver.MustParse(".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.")
	other := solver.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	pretty := "Stuart weekly\n" + strings.ReplaceAll(other.Pretty(), ".", "*")
	for _, c := range []struct {
		name, file, puzzle string
		want               string
	}{
		{"drawn, unnamed", pretty, "", pretty + "\n" + strings.ReplaceAll(evil.Pretty(), ".", "*")},
		{"drawn, named", pretty, "#12 Sunday", pretty + "\n#D #12 Sunday\n" + strings.ReplaceAll(evil.Pretty(), ".", "*")},
		{"rows, unnamed", "first\n" + grid9(other.String()), "", "first\n" + grid9(other.String()) + "\n" + grid9(evil.String())},
		{"rows, named, CRLF", strings.ReplaceAll("first\n"+grid9(other.String()), "\n", "\r\n"), "evil", strings.ReplaceAll("first\n"+grid9(other.String())+"\nevil\n"+grid9(evil.String()), "\n", "\r\n")},
	} {
		path := filepath.Join(dir, "f.txt")
		os.WriteFile(path, []byte(c.file), 0o644)
		text, err := puzzleFileText(solver.BoardOf(evil), c.puzzle, path, nil)
		if err == nil {
			text, err = addedPuzzle(path, text, solver.BoardOf(evil), c.puzzle)
		}
		if err != nil || text != c.want {
			t.Errorf("%s: %v:\n%q\nwant\n%q", c.name, err, text, c.want)
		}
		if ps, err := solver.ReadPuzzles(strings.NewReader(text), "f.txt"); err != nil || len(ps) != 2 || ps[1].Grid != evil || c.puzzle != "" && ps[1].Name != c.puzzle {
			t.Errorf("%s: read back %v %v", c.name, ps, err)
		}
	}
}

// Added to SadMan's .sdk of [Puzzle] sections, a puzzle comes in a
// section of its own (it followed a [State], as part of it), and an
// unnamed one with no "#D " line.
func TestAddedToSadMansSections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "multi.sdk")
	evil := solver.MustParse(".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.")
	other := solver.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	head := "[Puzzle]\n#D first\n" + grid9(other.String()) + "[State]\n" + grid9(other.String())
	writeFile(t, path, head)
	text, err := puzzleFileText(solver.BoardOf(evil), "", path, nil)
	if err == nil {
		text, err = addedPuzzle(path, text, solver.BoardOf(evil), "")
	}
	if want := head + "\n[Puzzle]\n" + grid9(evil.String()); err != nil || text != want {
		t.Errorf("%v:\n%q\nwant\n%q", err, text, want)
	}
	if ps, err := solver.ReadPuzzles(strings.NewReader(text), "multi.sdk"); err != nil || len(ps) != 2 || ps[1].Grid != evil {
		t.Errorf("read back %v %v", ps, err)
	}
}

// grid9 writes 81 cells as nine rows.
func grid9(line string) string {
	var b strings.Builder
	for r := range 9 {
		b.WriteString(line[9*r:9*r+9] + "\n")
	}
	return b.String()
}

// A game another program saved opens where it was: OpenSudoku's saved
// game with its digits and notes, HoDoKu's library line with its '+'
// digits (both had opened with the givens alone, without a word). Undo
// takes the game saved back to the givens.
func TestOpenASavedGame(t *testing.T) {
	u, _ := newTestUI(t)
	const easy = "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	var fields []string
	for i := range easy {
		switch {
		case easy[i] != '.':
			fields = append(fields, string(easy[i])+"|0|0")
		case i == 1:
			fields = append(fields, "4|0|1")
		case i == 6:
			fields = append(fields, "0|7,9,|1")
		default:
			fields = append(fields, "0|0|1")
		}
	}
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.opensudoku")
	writeFile(t, saved, `<?xml version="1.0"?><opensudoku version="2"><folder name="f"><game data="version: 1&#10;`+strings.Join(fields, "|")+`|"/></folder></opensudoku>`)
	if !u.OpenFile(saved) {
		t.Fatal(u.status.Text)
	}
	if u.game.Cell(1).Digit != 4 || u.game.Cell(6).Marks != 1<<7|1<<9 || !u.game.CanUndo() {
		t.Errorf("OpenSudoku's game: r1c2 %+v, r1c7 %+v", u.game.Cell(1), u.game.Cell(6))
	}
	u.Undo()
	if u.game.Cell(1).Digit != 0 || u.game.Cell(6).Marks != 0 {
		t.Errorf("after Undo: r1c2 %+v, r1c7 %+v", u.game.Cell(1), u.game.Cell(6))
	}
	hodoku := filepath.Join(dir, "lib.txt")
	writeFile(t, hodoku, ":0000:x:5+46918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6:::\n")
	if !u.OpenFile(hodoku) || u.game.Cell(1).Digit != 4 || u.game.IsGiven(1) {
		t.Errorf("HoDoKu's game: r1c2 %+v, given %v (%s)", u.game.Cell(1), u.game.IsGiven(1), u.status.Text)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Save Game As keeps the digits and marks entered, and Open takes the
// game up again where it was; a .txt would keep the puzzle alone, and is
// refused with a word.
func TestSaveGameAndOpenIt(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	g := u.game
	sol := solutionOf(g)
	var cells []int
	for i := range sol {
		if g.Digit(i) == 0 {
			cells = append(cells, i)
		}
	}
	g.Select(cells[0])
	g.Enter(sol[cells[0]])
	g.Select(cells[1])
	g.Enter(sol[cells[1]]%9 + 1) // a wrong digit is the player's too
	g.SetPencil(true)
	g.Select(cells[2])
	g.Enter(2)
	g.Enter(7)
	g.SetPencil(false)
	want := make([]game.Cell, 81)
	for i := range want {
		want[i] = g.Cell(i)
	}
	dir := t.TempDir()
	for _, ext := range []string{".opensudoku", ".sdk"} {
		path := filepath.Join(dir, "game"+ext)
		w, err := storage.Writer(storage.NewFileURI(path))
		if err != nil {
			t.Fatal(err)
		}
		u.ShowSaveGame()
		for len(u.modals) > 0 {
			u.modals[len(u.modals)-1].d.Hide()
		}
		var p solver.Progress
		for i := range p.Placed {
			if !g.IsGiven(i) {
				p.Placed[i], p.Marks[i] = g.Cell(i).Digit, solver.Set(g.Cell(i).Marks)
			}
		}
		u.savePuzzleWith(w, g.Givens(), g.Name, &p)
		// The status says the game is saved, and what of it ("Saved the
		// puzzle" said its digits were not, and not that .sdk drops the
		// marks).
		wantStatus := map[string]string{".opensudoku": "with its digits and pencil marks.", ".sdk": "with its digits; .sdk keeps no pencil marks"}[ext]
		if !strings.HasPrefix(u.status.Text, "Saved the game in ") || !strings.Contains(u.status.Text, wantStatus) {
			t.Errorf("%s: status %q", ext, u.status.Text)
		}
		v, _ := newTestUI(t)
		if !v.OpenFile(path) {
			t.Fatalf("%s: %s", ext, v.status.Text)
		}
		for i := range want {
			got := v.game.Cell(i)
			if ext == ".sdk" {
				got.Marks, want[i].Marks = 0, 0 // SadMan's state holds the digits alone
			}
			if got != want[i] || v.game.IsGiven(i) != g.IsGiven(i) {
				t.Fatalf("%s: r%dc%d %+v (given %v), want %+v", ext, i/9+1, i%9+1, got, v.game.IsGiven(i), want[i])
			}
		}
	}
	w, _ := storage.Writer(storage.NewFileURI(filepath.Join(dir, "game.txt")))
	u.savePuzzleWith(w, g.Givens(), g.Name, &solver.Progress{})
	if !strings.Contains(u.status.Text, "game.txt would keep the puzzle alone") {
		t.Errorf("a game saved as .txt: %q", u.status.Text)
	}
	if _, err := os.Stat(filepath.Join(dir, "game.txt")); err == nil {
		t.Error("game.txt written")
	}
}

// A puzzle its file left unnamed is saved with no name: "drafts.txt #1"
// had been written as its name, a file and number that mean nothing in
// the file saved.
func TestSaveUnnamedPuzzleInventsNoName(t *testing.T) {
	u, _ := newTestUI(t)
	dir := t.TempDir()
	drafts := filepath.Join(dir, "drafts.txt")
	writeFile(t, drafts, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n")
	if !u.OpenFile(drafts) {
		t.Fatal(u.status.Text)
	}
	for _, ext := range []string{".txt", ".sdk", ".opensudoku"} {
		path := filepath.Join(dir, "one"+ext)
		w, err := storage.Writer(storage.NewFileURI(path))
		if err != nil {
			t.Fatal(err)
		}
		u.savePuzzle(w, u.game.Givens(), u.game.Name)
		data, _ := os.ReadFile(path)
		if strings.Contains(string(data), "drafts") || strings.Contains(string(data), "board1") || strings.Contains(string(data), "#D") {
			t.Errorf("%s:\n%s", ext, data)
		}
		if ps, err := solver.ReadFile(path); err != nil || len(ps) != 1 || ps[0].Named {
			t.Errorf("%s: read back %+v %v", ext, ps, err)
		}
	}
}

// Several new puzzles: "Stop, Use Those Made" keeps those made so far
// (Cancel had thrown them away with the rest).
func TestStopKeepsTheNewPuzzlesMade(t *testing.T) {
	u, _ := newTestUI(t)
	var got []generator.BoardPuzzle
	done := u.generate(shape{variant: generator.Classic, size: 9}, logic.Easy, 500, func(ps []generator.BoardPuzzle) { got = ps })
	gen := u.lastGen
	stop := func() { gen.useMade.OnTapped() }
	gen.madeHook.Store(&stop)
	<-done
	if len(got) == 0 || len(got) >= 500 {
		t.Fatalf("%d puzzles kept", len(got))
	}
	for _, p := range got {
		if p.Board.Givens() == 0 {
			t.Fatal("a puzzle not made kept")
		}
	}
	if !strings.HasPrefix(u.status.Text, fmt.Sprintf("Stopped: %d of 500 made.", len(got))) {
		t.Errorf("status %q", u.status.Text)
	}
}

// A killer's game, which OpenSudoku's and SadMan's files cannot hold, is
// saved whole in our game file and taken up again where it was, its
// moves to undo and marks too (it had no way into a file at all); a .txt
// name for it is refused, and a .sudoku name for a puzzle alone too.
func TestSaveVariantGameAndOpenIt(t *testing.T) {
	u, _ := newTestUI(t)
	if !u.OpenFile("../testdata/killer-9.txt") {
		t.Fatal(u.status.Text)
	}
	g := u.game
	var free []int
	for i := range g.Givens().Cells {
		if !g.IsGiven(i) {
			free = append(free, i)
		}
	}
	g.Select(free[0])
	g.Enter(g.SolutionDigit(free[0]))
	g.SetPencil(true)
	g.Select(free[1])
	g.Enter(4)
	g.Enter(8)
	g.SetPencil(false)
	u.ShowSaveGame()
	for len(u.modals) > 0 {
		u.modals[len(u.modals)-1].d.Hide()
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "killer"+game.GameFileExt)
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	u.saveGameFile(w, g)
	if !strings.HasPrefix(u.status.Text, "Saved the game in ") {
		t.Fatalf("status %q", u.status.Text)
	}
	v, _ := newTestUI(t)
	if !v.OpenFile(path) {
		t.Fatalf("open: %s", v.status.Text)
	}
	// The session restores it still known as saved there: after a
	// restart, New Puzzle asked "Leave this game?" of it and counted it
	// as played.
	v.saver.Close() // as a quit leaves it: the next window saves
	a := New(test.NewTempApp(t), Options{StatePath: v.statePath, SaveDelay: time.Hour})
	t.Cleanup(a.Close)
	if a.game.Cell(free[0]) != g.Cell(free[0]) || a.losesGame() {
		t.Errorf("restored: the game's digit %v, asks before leaving it %v", a.game.Cell(free[0]), a.losesGame())
	}
	if !v.game.Geometry().Killer() || v.game.Cell(free[0]) != g.Cell(free[0]) || v.game.Cell(free[1]) != g.Cell(free[1]) || v.coll != nil {
		t.Fatalf("taken up: killer %v, %+v %+v", v.game.Geometry().Killer(), v.game.Cell(free[0]), v.game.Cell(free[1]))
	}
	for range 3 { // the marks 4 and 8, then the digit
		v.game.Undo()
	}
	if v.game.Cell(free[0]).Digit != 0 || v.game.Cell(free[1]).Marks != 0 {
		t.Error("its moves do not undo")
	}
	if err := checkOpenable(path); err != nil {
		t.Errorf("checkOpenable: %v", err)
	}
	// Taken up from its game file and left as it is, it loses nothing
	// and is no game given up ("Leave this game?" said its saved moves
	// would be lost, and it was counted as played at each leaving).
	for range 3 {
		v.game.Redo()
	}
	if v.losesGame() {
		t.Error("leaving the game as it was saved asks")
	}
	v.game.Select(free[2])
	v.game.Enter(v.game.SolutionDigit(free[2]))
	v.askFirst("Open", func() {})
	if !strings.Contains(dialogText(v), "The moves since the game was saved in killer.sudoku would be lost") {
		t.Errorf("Leave this game? %q", dialogText(v))
	}
	for len(v.modals) > 0 {
		v.modals[len(v.modals)-1].d.Hide()
	}
	v.game.Level = "easy" // (a level, for the statistics to count it under)
	v.givingUp = v.game
	v.gaveUp()
	if st := v.settings.Stats[recordKey(v.game)]; st != nil && st.Played != 0 {
		t.Error("a game kept in a game file was counted as given up")
	}
	// The wrong names.
	w, _ = storage.Writer(storage.NewFileURI(filepath.Join(dir, "k.txt")))
	u.saveGameFile(w, g)
	if !strings.Contains(u.status.Text, "k.txt would not be known as a saved game") {
		t.Errorf("a killer's game as .txt: %q", u.status.Text)
	}
	w, _ = storage.Writer(storage.NewFileURI(filepath.Join(dir, "p"+game.GameFileExt)))
	u.savePuzzle(w, g.Givens(), g.Name)
	if !strings.Contains(u.status.Text, "files hold a game: Save Game As") {
		t.Errorf("a puzzle as .sudoku: %q", u.status.Text)
	}
	// A damaged game file says what is wrong, and the game stays.
	bad := filepath.Join(dir, "bad"+game.GameFileExt)
	os.WriteFile(bad, []byte(`{"sudoku_game": 1, "game": {"givens": "12"}}`), 0o644)
	before := v.game
	if v.OpenFile(bad) || v.game != before || !strings.Contains(v.status.Text, "bad.sudoku: the saved game does not read") {
		t.Errorf("a damaged game file: %q", v.status.Text)
	}
}

// A save never takes the place of a file of another kind (filekind), as
// sudoku print's never does: Print / Export replaced a collection of
// puzzles named .pdf after Fyne's "Overwrite?", and Save Puzzle As 1 MB
// of binary named photo.txt.
func TestSavesKeepFilesOfAnotherKind(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	dir := t.TempDir()
	puzzles, _ := os.ReadFile(seeds)
	coll := filepath.Join(dir, "collection.pdf")
	os.WriteFile(coll, puzzles, 0o644)
	w, err := storage.Writer(storage.NewFileURI(coll))
	if err != nil {
		t.Fatal(err)
	}
	u.exportTo(w, u.exportEntries(exportRequest{}), exportRequest{format: "pdf"})
	for len(u.modals) > 0 { // (the save dialog offered again)
		u.modals[len(u.modals)-1].d.Hide()
	}
	if got, _ := os.ReadFile(coll); string(got) != string(puzzles) || !strings.Contains(u.status.Text, "holds puzzles, not a PDF: not replaced") {
		t.Errorf("a booklet over puzzles named .pdf: status %q", u.status.Text)
	}
	photo := filepath.Join(dir, "photo.txt")
	bin := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 4096)...)
	os.WriteFile(photo, bin, 0o644)
	w, _ = storage.Writer(storage.NewFileURI(photo))
	u.savePuzzle(w, u.game.Givens(), u.game.Name)
	if got, _ := os.ReadFile(photo); string(got) != string(bin) || !strings.Contains(u.status.Text, "holds a PNG image, not puzzles: not replaced") {
		t.Errorf("a puzzle over an image named .txt: status %q", u.status.Text)
	}
	// A PDF or an image of the window's export is replaced by the next;
	// one from elsewhere is not (a picture named pic.png was replaced
	// after Enter twice).
	old := filepath.Join(dir, "old.pdf")
	os.WriteFile(old, []byte("%PDF-1.4 old"), 0o644)
	w, _ = storage.Writer(storage.NewFileURI(old))
	if err := notOverAnotherKind(w, filekind.PDF); err == nil || !strings.Contains(err.Error(), "holds a PDF with no mark of this program") {
		t.Errorf("a PDF from elsewhere: %v", err)
	}
	for _, format := range []string{"pdf", "png", "svg"} {
		ours := filepath.Join(dir, "ours."+format)
		for range 2 {
			w, _ = storage.Writer(storage.NewFileURI(ours))
			u.exportTo(w, u.exportEntries(exportRequest{}), exportRequest{format: format, options: booklet.Options{PerPage: 1}})
			waitExported(t, u)
		}
		if !strings.HasPrefix(u.status.Text, "Saved") {
			t.Errorf("an export over the last one as %s: %q", format, u.status.Text)
		}
	}
	// Puzzles never replace a note (Save Puzzle As over notes.txt).
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("my precious note\n"), 0o644)
	w, _ = storage.Writer(storage.NewFileURI(notes))
	u.savePuzzle(w, u.game.Givens(), u.game.Name)
	if got, _ := os.ReadFile(notes); string(got) != "my precious note\n" || !strings.Contains(u.status.Text, "holds text, not puzzles: not replaced") {
		t.Errorf("a puzzle over a note: status %q", u.status.Text)
	}
}

// waitExported waits for the export under way to be written.
func waitExported(t *testing.T, u *UI) {
	t.Helper()
	u.exportsRunning.Wait()
}

// The count a save's "holds N puzzles" question gives is the file's as
// it is: cut to two puzzles since it was opened, it was still said to
// hold all it held then.
func TestPuzzlesInCountsTheFileAsItIs(t *testing.T) {
	u, _ := newTestUI(t)
	path, _ := openCopy(t, u, "multi.txt")
	if n, many := puzzlesIn(path, u.coll, u.game.Givens()); n != u.coll.Len() || !many {
		t.Fatalf("as read: %d, %v", n, many)
	}
	two := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n" +
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n"
	os.WriteFile(path, []byte(two), 0o644)
	if n, many := puzzlesIn(path, u.coll, u.game.Givens()); n == u.coll.Len() || !many {
		t.Errorf("cut to two: %d, %v", n, many)
	}
}

// A filter that hides the puzzle on the board shows its puzzles from the
// top: chosen deep in a big file, the list opened at its end.
func TestFilterHidingTheCurrentStartsAtTheTop(t *testing.T) {
	u, _ := newTestUI(t)
	settle := settledSearches(u)
	defer settle()
	path := filepath.Join(t.TempDir(), "many.txt")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	os.WriteFile(path, []byte(strings.Repeat(line+" alpha\n"+line+" beta\n", 200)), 0o644)
	if !u.OpenFile(path) {
		t.Fatal(u.status.Text)
	}
	u.GoTo(399)
	if u.browse.list.GetScrollOffset() == 0 {
		t.Fatal("the list did not scroll to #400")
	}
	u.browse.find.SetText("alpha") // #400 is beta
	settle()
	if len(u.browse.view) != 200 || u.browse.list.GetScrollOffset() != 0 {
		t.Errorf("%d shown, scrolled to %v", len(u.browse.view), u.browse.list.GetScrollOffset())
	}
}

// New puzzles made for a booklet are kept until it is written: asked for
// again (the save failed, or its dialog was cancelled), they are the same
// puzzles, not made again with other seeds; once written, new ones are
// made.
func TestNewPuzzlesKeptUntilWritten(t *testing.T) {
	u, _ := newTestUI(t)
	sh := shape{variant: generator.Classic, size: 9}
	var first, again []generator.BoardPuzzle
	<-func() <-chan struct{} {
		// (One: several are made on every core, and the test driver runs
		// their progress on each worker's goroutine.)
		u.newForBooklet(sh, logic.Easy, 1, func(ps []generator.BoardPuzzle) { first = ps })
		return u.genDone
	}()
	if len(first) != 1 || u.madeNew == nil {
		t.Fatalf("%d made, kept %v", len(first), u.madeNew != nil)
	}
	u.newForBooklet(sh, logic.Easy, 1, func(ps []generator.BoardPuzzle) { again = ps })
	if len(again) != 1 || &again[0] != &first[0] {
		t.Fatal("asked for again, other puzzles were made")
	}
	// Cancelled in the save dialog: kept, and said so.
	u.saveExport(newEntries(again), exportRequest{format: "pdf", fresh: 1})
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if u.madeNew == nil || !strings.Contains(u.status.Text, "the 1 new puzzle made for the booklet is kept") {
		t.Errorf("after Esc: kept %v, status %q", u.madeNew != nil, u.status.Text)
	}
	// A file that cannot be written: kept, and said so (the error alone
	// made the puzzles seem lost with it).
	u.unsavedNew = 1
	u.fileChosen(nil, errors.New("/nodir/b.pdf: there is no folder /nodir"), nil)
	if u.madeNew == nil || len(u.modals) != 1 || !strings.Contains(dialogText(u), "the 1 new puzzle made for the booklet is kept") {
		t.Errorf("a save that failed: kept %v, %d dialogs, %q", u.madeNew != nil, len(u.modals), dialogText(u))
	}
	for len(u.modals) > 0 {
		u.modals[len(u.modals)-1].d.Hide()
	}
	// Written: gone.
	path := filepath.Join(t.TempDir(), "b.pdf")
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	u.exportTo(w, newEntries(again), exportRequest{format: "pdf", fresh: 1, options: booklet.Options{PerPage: 1}})
	u.exportsRunning.Wait()
	if u.madeNew != nil {
		t.Error("kept after the booklet was written")
	}
}

// File → Open lists puzzle files of any name but those that are plainly
// something else: a collection named .dat, .sud or with no extension was
// hidden, and Fyne's dialog has no "All files".
func TestOpenListsOtherNames(t *testing.T) {
	for name, want := range map[string]bool{"a.txt": true, "b.SDK": true, "c.dat": true, "noext": true, "d.sud": true, "game.sav": true,
		"book.pdf": false, "photo.JPG": false, "x.zip": false} {
		if got := (openFilter{}).Matches(storage.NewFileURI("/tmp/" + name)); got != want {
			t.Errorf("%s listed %v, want %v", name, got, want)
		}
	}
}

// The open file, changed outside and opened again, brings back the game
// on the board where its puzzle is now, its moves too (they were lost
// without a word: the place kept was from before them).
func TestReopenChangedFileKeepsMoves(t *testing.T) {
	u, _ := newTestUI(t)
	path, b := openCopy(t, u, "p.txt")
	u.GoTo(1)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	blocks := strings.Split(strings.TrimSpace(string(b)), "\n\n")
	os.WriteFile(path, []byte(blocks[len(blocks)-1]+"\n\n"+string(b)), 0o644) // its last puzzle, first too
	if !u.OpenFile(path) {
		t.Fatal(u.status.Text)
	}
	if u.coll.Index != 2 || u.game.Cell(cell).Digit != d {
		t.Errorf("at #%d, r%dc%d holds %d, want %d", u.coll.Index+1, cell/9+1, cell%9+1, u.game.Cell(cell).Digit, d)
	}
}

// openCopy opens a copy of the seeds' file named name in a folder of its
// own, and returns its path and content.
func openCopy(t *testing.T, u *UI, name string) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	b, _ := os.ReadFile(seeds)
	os.WriteFile(path, b, 0o644)
	if !u.OpenFile(path) {
		t.Fatal(u.status.Text)
	}
	return path, b
}

// Print / Export offers the puzzles the browser shows, found or
// filtered, and prints those (an organizer with 91 insane puzzles shown
// had to type their numbers).
func TestPrintThePuzzlesShown(t *testing.T) {
	u, _ := newTestUI(t)
	settle := settledSearches(u)
	defer settle()
	dir := t.TempDir()
	path := filepath.Join(dir, "many.txt")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	os.WriteFile(path, []byte(strings.Repeat(line+" alpha\n"+line+" beta\n", 5)), 0o644)
	if !u.OpenFile(path) {
		t.Fatal(u.status.Text)
	}
	u.browse.find.SetText("beta")
	settle()
	u.ShowPrintDialog()
	_, _, _, _, what := printWidgets(u)
	if !slices.Contains(what.Options, "The 5 puzzles shown") {
		t.Fatalf("no choice of the puzzles shown in %q", what.Options)
	}
	what.SetSelected("The 5 puzzles shown")
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Save…
	e := saveNameEntry(t, u)
	out := filepath.Join(dir, "shown.pdf")
	e.SetText(out)
	e.OnSubmitted(e.Text)
	u.exportsRunning.Wait()
	pdf, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%v (%s)", err, u.status.Text)
	}
	// Five puzzles at four a page: two pages, numbered as in the file.
	if n := bytes.Count(pdf, []byte("/Type /Page\n")) + bytes.Count(pdf, []byte("/Type /Page ")); n != 2 {
		t.Errorf("%d pages", n)
	}
	if got := selectionOf([]int32{2, 3, 4, 8, 11, 12}); got != "3-5,9,12-13" {
		t.Errorf("selectionOf = %q", got)
	}
}
