package gui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/booklet"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

func writeSession(t *testing.T, path string, mutate func(m map[string]any)) {
	b, _ := os.ReadFile(path)
	var m map[string]any
	json.Unmarshal(b, &m)
	mutate(m)
	b, _ = json.Marshal(m)
	os.WriteFile(path, b, 0o644)
}

// Regression tests from the review of the window: each failed before its
// fix.

// R2: a negative index in the session file crashes the window on start.
func TestR2NegativeIndex(t *testing.T) {
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.OpenFile(seeds)
	u.GoTo(2)
	u.saver.Close()
	u.win.Close()
	writeSession(t, state, func(m map[string]any) {
		for _, f := range m["files"].(map[string]any) {
			f.(map[string]any)["index"] = -1
		}
	})
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("New panicked: %v", r)
		}
	}()
	v := New(a, Options{StatePath: state})
	v.Close()
}

// R3: a file whose first puzzle has no solution cannot be opened at all, and
// Page Down cannot step past a broken puzzle.
func TestR3BrokenFirstPuzzle(t *testing.T) {
	u, _ := newTestUI(t)
	f := filepath.Join(t.TempDir(), "mixed.txt")
	unsolv := "1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.."
	easy := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	basic := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	os.WriteFile(f, []byte(unsolv+"\n"+easy+"\n"), 0o644)
	if !u.OpenFile(f) || u.coll.Index != 1 {
		t.Errorf("file with an unsolvable first puzzle: %q", u.status.Text)
	}
	u.GoTo(0)
	if u.game.Unplayable() == nil || u.game.Enter(1) {
		t.Error("the unsolvable puzzle is not shown as unplayable")
	}
	r := u.StartSolve()
	<-r.done
	if r.result.Status != solver.Unsolvable || u.board.overlayMarks == nil {
		t.Errorf("the solver on an unplayable puzzle: %v", r.result.Status)
	}
	// The board shows what the singles filled in, as sudoku solve's
	// UNSOLVED grid does, not a ✕ (no digit left) in each of those cells.
	cells, _ := solver.PropagatedBoard(solver.BoardOf(solver.MustParse(unsolv)))
	if !slices.Equal(u.board.overlay, cells) {
		t.Errorf("no solution: the board shows %v, want the singles' cells %v", u.board.overlay, cells)
	}
	// A file of that one board opens too, for a solver to show why: it
	// was "Could not play the puzzle" and the old game stayed.
	one := filepath.Join(t.TempDir(), "unsolv.txt")
	os.WriteFile(one, []byte(unsolv+"\n"), 0o644)
	if !u.OpenFile(one) || u.coll.Path != one || u.game.Unplayable() == nil || !strings.Contains(u.status.Text, "Solve shows why") {
		t.Errorf("a file of one board with no solution: %q", u.status.Text)
	}
	// Its level line keeps to one line in the compact panel, as a
	// level's does: on two, the panel scrolled and Solve moved.
	u.win.Resize(fyne.NewSize(1000, 680))
	oneLine := widget.NewRichText(&widget.TextSegment{Text: "Level: extreme · 9.0", Style: u.levelSeg.Style}).MinSize().Height
	if h := u.levelText.Size().Height; h > oneLine {
		t.Errorf("the level line %q is %v high, one line %v", u.levelSeg.Text, h, oneLine)
	}
	f2 := filepath.Join(t.TempDir(), "mixed2.txt")
	os.WriteFile(f2, []byte(easy+"\n"+unsolv+"\n"+basic+"\n"), 0o644)
	u.OpenFile(f2)
	u.Next()
	u.Next()
	if u.coll.Index != 2 {
		t.Errorf("Page Down stuck at index %d before the broken puzzle", u.coll.Index)
	}
	// What the status said of the puzzle left goes with it ("#1 cannot
	// be played" stayed on #3).
	if u.status.Text != "" {
		t.Errorf("on #3 the status says %q", u.status.Text)
	}
}

// R4: Restart, leave the puzzle and come back: the old progress is back.
func TestR4RestartDoesNotStick(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.Next()
	u.Previous()
	if u.game.Cell(cell).Digit != d {
		t.Fatal("progress not kept")
	}
	u.game.Restart()
	u.Next()
	u.Previous()
	if u.game.Cell(cell).Digit != 0 {
		t.Errorf("after Restart and leaving, the old entry is back (cell holds %d)", u.game.Cell(cell).Digit)
	}
}

// R5: progress stashed before the puzzle was rated keeps Level "" forever.
func TestR5LevelNeverComes(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.GoTo(4) // before any poll
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.GoTo(0)
	deadline := time.Now().Add(20 * time.Second)
	for level(u.coll, 4) == "" && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		u.pollRatings()
	}
	u.GoTo(4)
	if u.game.Level == "" {
		t.Errorf("level of puzzle 5 is %q in the browser but the game says %q: %q", level(u.coll, 4), u.game.Level, u.levelSeg.Text)
	}
}

// R6: walkthrough then Solve: the solver takes the board (the walkthrough
// closes) and Esc stops the solver.
func TestR6WalkThenSolve(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.Walkthrough()
	<-u.workDone
	u.SetAlgorithm(solver.DFS)
	u.SetSpeed(0) // one step at a time
	r := u.StartSolve()
	if u.walk != nil || !u.walkPanel.Hidden || !u.playPanel.Visible() || !sameCells(u.board.overlay, r.board0) {
		t.Error("the walkthrough still has the board after Solve")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	<-r.done
	if r.result.Status != solver.Cancelled {
		t.Errorf("esc did not stop the solver: %v", r.result.Status)
	}
}

// R6b: during a solve in step mode, Enter steps the solver.
func TestR6bEnterDuringSolve(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.Walkthrough()
	<-u.workDone
	u.SetAlgorithm(solver.DFS)
	u.SetSpeed(0)
	r := u.StartSolve()
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.walk != nil || !sameCells(u.board.overlay, r.board0) {
		t.Error("Enter went to the walkthrough, not the solver")
	}
	u.StopSolve()
	<-r.done
}

// R7: pasting several puzzles adds "clipboard" to Open Recent.
func TestR7ClipboardRecent(t *testing.T) {
	u, _ := newTestUI(t)
	b, _ := os.ReadFile(seeds)
	u.app.Clipboard().SetContent(string(b))
	u.Paste()
	for _, p := range u.recent() {
		if p == "clipboard" {
			t.Errorf("recent files: %v", u.recent())
		}
	}
}

// R8: opening a second file loses the progress made in the first.
func TestR8SecondFileLosesProgress(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.GoTo(1)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.GoTo(0)
	other := filepath.Join(t.TempDir(), "other.txt")
	os.WriteFile(other, []byte("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"), 0o644)
	u.OpenFile(other)
	time.Sleep(50 * time.Millisecond)
	u.OpenFile(seeds)
	if _, ok := u.coll.Progress[1]; !ok {
		t.Errorf("progress on puzzle 2 of seeds lost after opening another file")
	}
}

// R9: editing, quit and start again: Cancel does nothing.
func TestR9CancelEditAfterRestart(t *testing.T) {
	v, _ := restartEditing(t, nil)
	v.cancelEdit()
	if v.game.Editing() {
		t.Errorf("Cancel left the editor on the board (coll=%v)", v.coll != nil)
	}
}

// R12: Shift+digit toggles a mark while paused.
func TestR12MarkWhilePaused(t *testing.T) {
	u, _ := newTestUI(t)
	cell, _ := firstEmpty(u.game)
	u.game.Select(cell)
	u.TogglePause()
	u.typedRune('@')
	if u.game.Cell(cell).Marks != 0 {
		t.Errorf("a mark was toggled on the hidden board while paused")
	}
}

// R13: in step mode, Solve shows the first placement and waits: no second
// one comes without a press.
func TestR13FreeFirstStep(t *testing.T) {
	test.NewTempApp(t)
	g := solver.MustParse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	r := newSolveRun(t.Context(), solver.DFS, solver.BoardOf(g), -1)
	n := 0
	r.run(func(f frame, fresh bool) {}, func(*solveRun) {})
	time.Sleep(100 * time.Millisecond)
	f, _ := r.take()
	for _, d := range f.board {
		if d != 0 {
			n++
		}
	}
	r.cancel()
	<-r.done
	if n != g.Givens()+1 {
		t.Errorf("with no Step pressed the board has %d digits, givens %d", n, g.Givens())
	}
}

// R14: a puzzle rated "—" (several solutions) gets "—" as its game level on
// a later visit, and its win is kept as a best time for level "—".
func TestR14DashLevel(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	deadline := time.Now().Add(20 * time.Second)
	for level(u.coll, 3) == "" && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		u.pollRatings()
	}
	u.GoTo(3)
	if u.levelSeg.Text != "Several solutions" { // "Level: — · several solutions" wrapped in the compact panel
		t.Errorf("the level line reads %q", u.levelSeg.Text)
	}
	sol := solutionOf(u.game)
	for i, d := range u.game.Board().Cells {
		if d == 0 {
			u.game.Select(i)
			u.game.Enter(sol[i])
		}
	}
	if _, ok := u.settings.Best["—"]; ok {
		t.Errorf("a best time is kept for level \"—\"")
	}
}

// R15: the game left for Enter Puzzle keeps its clock running; Cancel
// brings it back with the editing time added.
func TestR15ClockRunsWhileEditing(t *testing.T) {
	u, _ := newTestUI(t)
	now := time.Now()
	u.game.SetClock(func() time.Time { return now })
	before := u.game.Elapsed()
	u.EnterPuzzle()
	now = now.Add(10 * time.Minute)
	u.cancelEdit()
	if d := u.game.Elapsed() - before; d > time.Minute {
		t.Errorf("the timer gained %v while the player typed another puzzle", d)
	}
}

// R16: the open file vanishes between runs: its progress is dropped and
// overwritten.
func TestR16FileGone(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "session.json")
	f := filepath.Join(dir, "p.txt")
	b, _ := os.ReadFile(seeds)
	os.WriteFile(f, b, 0o644)
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.OpenFile(f)
	u.GoTo(1)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.GoTo(2)
	u.saver.Close()
	u.win.Close()
	os.Rename(f, f+".away")
	v := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	v.game.Select(0)
	v.game.MoveSelection(0, 1)
	time.Sleep(50 * time.Millisecond)
	v.saver.Close()
	v.win.Close()
	os.Rename(f+".away", f)
	w := New(a, Options{StatePath: state})
	defer w.Close()
	w.OpenFile(f)
	if _, ok := w.coll.Progress[1]; !ok {
		t.Errorf("progress on puzzle 2 lost after the file was away for one run")
	}
}

// R9b: a game not from a file, then Enter Puzzle, then quit: the game is gone.
func TestR9bGameLostThroughEditor(t *testing.T) {
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	name := u.game.Name
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.EnterPuzzle()
	u.saver.Close()
	u.win.Close()
	v := New(a, Options{StatePath: state})
	defer v.Close()
	v.cancelEdit()
	if v.game.Name != name {
		t.Errorf("the game %q in progress is gone after Enter Puzzle + quit; board has %q (editing %v)", name, v.game.Name, v.game.Editing())
	}
}

// level is puzzle i's level in c ("" until rated).
func level(c *library.Collection, i int) string {
	l, _ := c.Rating(i)
	return l
}

// levelsOf lists the levels of c's puzzles.
func levelsOf(c *library.Collection) []string {
	out := make([]string, c.Len())
	for i := range out {
		out[i] = level(c, i)
	}
	return out
}

// puzzlesOf lists c's puzzles with their names.
func puzzlesOf(c *library.Collection) []solver.BoardPuzzle {
	out := make([]solver.BoardPuzzle, c.Len())
	for i := range out {
		out[i] = c.Puzzles().Puzzle(i)
		out[i].Name = c.Name(i)
	}
	return out
}

// sameCells reports two views of the same cells (the board's overlay is
// the run's own slice, not a copy).
func sameCells(a, b []uint8) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// pressButton taps the button labelled label in the dialog on top.
func pressButton(t *testing.T, u *UI, label string) {
	t.Helper()
	var found *widget.Button
	if top := u.win.Canvas().Overlays().Top(); top != nil {
		eachButton(top, func(b *widget.Button) {
			if b.Text == label {
				found = b
			}
		})
	}
	if found == nil {
		t.Fatalf("no button %q in the dialog on top", label)
	}
	found.OnTapped()
}

// menuItem finds the main menu's item with the label.
func menuItem(t *testing.T, u *UI, label string) *fyne.MenuItem {
	t.Helper()
	var find func(items []*fyne.MenuItem) *fyne.MenuItem
	find = func(items []*fyne.MenuItem) *fyne.MenuItem {
		for _, it := range items {
			if it.Label == label {
				return it
			}
			if it.ChildMenu != nil {
				if f := find(it.ChildMenu.Items); f != nil {
					return f
				}
			}
		}
		return nil
	}
	for _, m := range u.menus.main.Items {
		if it := find(m.Items); it != nil {
			return it
		}
	}
	t.Fatalf("no menu item %q", label)
	return nil
}

// Fyne's window runs a menu item's action straight from its shortcut: a
// Ctrl+Z or Ctrl+3 typed over a dialog reaches the item, which must do
// nothing while the dialog is open (it undid a move, and stacked a second
// "Leave this game?").
func TestMenuShortcutsWaitForDialogs(t *testing.T) {
	u, _ := newTestUI(t)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.askFirst("New Puzzle", func() { t.Error("the new puzzle went ahead without an answer") })
	if len(u.modals) != 1 {
		t.Fatalf("%d dialogs, want the question", len(u.modals))
	}
	menuItem(t, u, "Undo").Action()
	menuItem(t, u, "Hard").Action()
	menuItem(t, u, "Auto Marks").Action()
	if u.game.Digit(cell) != d || len(u.modals) != 1 || u.game.Cell(cell+1).Marks != 0 {
		t.Errorf("a menu shortcut acted under the dialog: cell %d, %d dialogs", u.game.Digit(cell), len(u.modals))
	}
}

// While a solver has the board, keys and the pad do not play on the game
// hidden under it; the Step button waits for a solver in step mode.
func TestNoPlayUnderTheSolver(t *testing.T) {
	u, _ := newTestUI(t)
	if !u.stepBtn.Disabled() {
		t.Error("Step is enabled with no solver running")
	}
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.SetSpeed(0) // one step at a time: the solver waits
	r := u.StartSolve()
	if u.stepBtn.Disabled() {
		t.Error("Step is disabled while the solver waits for it")
	}
	u.enter(d)
	u.Undo()
	if u.game.Digit(cell) != 0 || u.game.CanUndo() {
		t.Error("a digit went on the game under the solver")
	}
	u.StopSolve()
	<-r.done
}

// Enter Puzzle over a game with moves asks nothing as it opens (Cancel
// gives the game back) and asks at Start, where the game would be lost:
// Enter there keeps typing, the Start button goes ahead and counts the
// game given up. It asked as the editor opened, and counted the game given
// up even when Cancel then brought it back.
func TestEnterPuzzleAsksAtStart(t *testing.T) {
	u, _ := newTestUI(t)
	g, cell, digit := easyWithAMove(t, u)
	menuItem(t, u, "Enter Puzzle…").Action()
	if len(u.modals) != 0 || !u.game.Editing() {
		t.Fatalf("Enter Puzzle: %d dialogs, editing %v", len(u.modals), u.game.Editing())
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // nothing typed: back at once
	if u.game != g || g.Digit(cell) != digit {
		t.Fatal("Esc in the empty editor did not give the game back")
	}
	if st := u.settings.Stats["easy"]; st != nil && st.Played != 0 {
		t.Fatalf("counted played after Cancel: %+v", st)
	}
	evil := ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6."
	u.EnterPuzzle()
	for i := 0; i < 81; i++ {
		if evil[i] != '.' {
			u.game.Select(i)
			test.Type(u.board, string(evil[i]))
		}
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Start: asks
	if len(u.modals) != 1 || !u.game.Editing() {
		t.Fatalf("Start over a game with moves: %d dialogs, editing %v", len(u.modals), u.game.Editing())
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // the safe answer
	if len(u.modals) != 0 || !u.game.Editing() {
		t.Fatal("Enter on the question did not keep typing")
	}
	u.finishEdit()
	pressButton(t, u, "Start")
	if u.game.Editing() || u.game.Givens().String() != evil {
		t.Fatal("the Start button did not begin the typed puzzle")
	}
	if st := u.settings.Stats["easy"]; st == nil || st.Played != 1 {
		t.Fatalf("the game left is not counted given up: %+v", st)
	}
}

// A puzzle not from the open file (pasted, or new) closes the file's
// list, and the status line says so and how to get it back: the list
// vanished without a word, and Page Down then did nothing.
func TestLeavingAFileSaysSo(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.Next()
	u.app.Clipboard().SetContent("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")
	u.Paste()
	if u.coll != nil || !strings.Contains(u.status.Text, "seeds.txt is closed") || !strings.Contains(u.status.Text, "#2") {
		t.Errorf("status %q", u.status.Text)
	}
	// A new puzzle over an open file: the note and a short line for the
	// puzzle (the two together ran past the window and were cut off).
	u.OpenFile(seeds)
	<-u.NewGame(logic.Easy)
	if st := u.status.Text; !strings.Contains(st, "seeds.txt is closed") || !strings.Contains(st, "seed ") || len([]rune(st)) > 125 {
		t.Errorf("status %q (%d characters)", st, len([]rune(st)))
	}
}

// Stop in the Lab ends the run under way as it stands and marks the
// runs that had not started "not run": they said "waiting" for ever, and
// a run that reached its end before it noticed said "solved".
func TestLabStopMarksTheRest(t *testing.T) {
	u, _ := newTestUI(t)
	// a 17-clue puzzle made to defeat plain backtracking: dfs takes seconds
	playGrid(t, u, "slow for dfs", "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	l := u.ShowLab()
	defer l.win.Close()
	l.RunPuzzle()
	l.stop()
	<-l.oneDone
	if got := l.figures[0].Text; !strings.HasPrefix(got, "stopped") {
		t.Errorf("dfs: %q", got)
	}
	for i := 1; i < len(l.figures); i++ {
		if got := l.figures[i].Text; got != "not run" {
			t.Errorf("%s: %q", solver.Algorithms[i], got)
		}
	}
}

// A finish with help gets the win view too, titled so, with the ways on
// (it had only the status line); Show Solution's full board gets none.
func TestWinWithHelpShowsTheWayOn(t *testing.T) {
	u, _ := newTestUI(t)
	solveWithHelp(u)
	if !u.game.Won() || len(u.modals) != 1 {
		t.Fatalf("won %v, %d dialogs", u.game.Won(), len(u.modals))
	}
	pressButton(t, u, "Close")
	<-u.NewGameOf(classic, logic.Easy)
	u.ShowSolution()
	pressButton(t, u, "Show Solution")
	if !u.game.Won() || len(u.modals) != 0 {
		t.Errorf("Show Solution: won %v, %d dialogs", u.game.Won(), len(u.modals))
	}
}

// The walkthrough goes on from the player's position when every entry is
// right, and says so; with a mistake on the board it starts from the
// givens, and says why. It always started from the givens.
func TestWalkthroughFromYourPosition(t *testing.T) {
	u, _ := newTestUI(t)
	sol := solutionOf(u.game)
	var filledNow int
	for i, d := range u.game.Board().Cells {
		if d == 0 && filledNow < 10 {
			u.game.Select(i)
			u.game.Enter(sol[i])
			filledNow++
		}
	}
	u.Walkthrough()
	<-u.workDone
	if u.walk == nil || !slices.Equal(u.walk.board[0].Cells, u.game.Board().Cells) || u.status.Text != walkFromHere {
		t.Fatalf("walkthrough from %v, status %q", u.walk != nil && slices.Equal(u.walk.board[0].Cells, u.game.Board().Cells), u.status.Text)
	}
	u.closeWalkthrough()
	if u.status.Text != "" {
		t.Errorf("status after closing %q", u.status.Text)
	}
	// a wrong entry: from the givens
	for i, d := range u.game.Board().Cells {
		if d == 0 {
			u.game.Select(i)
			u.game.Enter(sol[i]%9 + 1)
			break
		}
	}
	u.Walkthrough()
	<-u.workDone
	wrong := cellList(u.game.Geometry(), u.game.Mistakes())
	if u.walk == nil || !slices.Equal(u.walk.board[0].Cells, u.game.Givens().Cells) || u.status.Text != fmt.Sprintf(walkFromGivens, wrong) {
		t.Errorf("with a mistake: status %q", u.status.Text)
	}
	u.closeWalkthrough()
	if u.status.Text != "" {
		t.Errorf("status after closing %q", u.status.Text)
	}
}

// "Puzzles a page" is off for this puzzle alone, which fills its page
// whatever it says (it offered 4).
func TestPrintPerPageOffForOnePuzzle(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowPrintDialog()
	_, _, _, _, what := printWidgets(u)
	var perPage *dialogSelect
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if s, ok := o.(*dialogSelect); ok && slices.Equal(s.Options, []string{"1", "2", "4", "6"}) {
			perPage = s
		}
	}
	if what == nil || perPage == nil {
		t.Fatal("no widgets")
	}
	what.SetSelected("This puzzle")
	if !perPage.Disabled() {
		t.Error("Puzzles a page is on for one puzzle")
	}
	what.SetSelected(what.Options[1])
	if perPage.Disabled() {
		t.Error("Puzzles a page is off for the whole file")
	}
}

// An image of one puzzle of a file is offered under the puzzle's number
// ("seeds-2.png"): every puzzle of the file was offered the same name.
func TestImageOfAFilesPuzzleNamedForIt(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.Next()
	u.ShowPrintDialog()
	_, _, format, _, what := printWidgets(u)
	what.SetSelected("This puzzle")
	format.SetSelected(exportChoices[1]) // PNG
	u.modals[len(u.modals)-1].enter()    // Save…
	found := false
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if e, ok := o.(*widget.Entry); ok && e.Text == "seeds-2.png" {
			found = true
		}
	}
	if !found {
		t.Error("the save dialog does not offer seeds-2.png")
	}
}

// A puzzle's line types into Enter Puzzle as it is written: 0, '.' and
// Space are blanks that move on, as a given does (0 cleared without
// moving, '.' did nothing, Space turned the pad to pencil marks, and the
// givens after a blank were packed together).
func TestEnterPuzzleTypesALine(t *testing.T) {
	u, _ := newTestUI(t)
	u.EnterPuzzle()
	line := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	u.game.Select(0)
	for i, r := range line {
		switch {
		case i == 20:
			r = '0' // any blank
		case i == 41: // a blank too
			u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
			continue
		}
		u.typedRune(r)
	}
	if got := u.game.Givens().String(); got != line {
		t.Errorf("typed %s\nwant  %s", got, line)
	}
}

// restartEditing opens the seeds, starts Enter Puzzle, calls typed (when
// set) on the editor, quits and starts again on the same session; it
// returns the new window, editing, and the board's size before the quit.
func restartEditing(t *testing.T, typed func(u *UI)) (*UI, fyne.Size) {
	t.Helper()
	a := test.NewTempApp(t)
	state := filepath.Join(t.TempDir(), "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.OpenFile(seeds)
	u.win.Resize(fyne.NewSize(1000, 680))
	u.EnterPuzzle()
	if typed != nil {
		typed(u)
	}
	side := u.board.Size()
	u.saver.Close()
	u.win.Close()
	v := New(a, Options{StatePath: state})
	t.Cleanup(v.Close)
	v.win.Resize(fyne.NewSize(1000, 680))
	if !v.game.Editing() {
		t.Fatal("not editing after restart")
	}
	return v, side
}

// A dialog's button focused by Tab: Esc still does what Esc does over the
// dialog, Enter presses the button, and on a dangerous one (that loses
// something) Enter still keeps the safe answer (Fyne's buttons took
// neither key: the dialog stayed open).
func TestDialogButtonsTakeEnterAndEsc(t *testing.T) {
	u, _ := newTestUI(t)
	c := u.win.Canvas()
	var got []bool
	ask := func() {
		u.showRisky("Leave this game?", "The moves would be lost.", "New Puzzle", "Keep Playing", func(ok bool) { got = append(got, ok) })
	}
	focused := func(label string) *dialogButton {
		for k := 0; k < 6; k++ {
			c.FocusNext()
			if b, ok := c.Focused().(*dialogButton); ok && b.Text == label {
				return b
			}
		}
		t.Fatalf("Tab never reached %q", label)
		return nil
	}
	ask()
	focused("New Puzzle").TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	ask()
	focused("New Puzzle").TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	ask()
	focused("Keep Playing").TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !slices.Equal(got, []bool{false, false, false}) || len(u.modals) != 0 {
		t.Errorf("answers %v, %d dialogs open", got, len(u.modals))
	}
	// A plain message: its focused button takes Esc and Enter.
	u.showMessage("About", widget.NewLabel("text"), "OK")
	focused("OK").TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	u.showMessage("About", widget.NewLabel("text"), "OK")
	focused("OK").TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(u.modals) != 0 {
		t.Errorf("%d dialogs left open", len(u.modals))
	}
}

// The shortcuts' list scrolls by keyboard: Page Down, the arrows, End and
// Home (9 of its rows showed, and only the mouse wheel read on).
func TestShortcutsScrollByKeyboard(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(800, 500))
	u.showShortcuts()
	sc := u.modals[len(u.modals)-1].scroll
	if sc == nil || sc.Content.MinSize().Height <= sc.Size().Height {
		t.Fatal("no list taller than its view")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
	if sc.Offset.Y <= 0 {
		t.Error("Page Down did not scroll")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if want := sc.Content.MinSize().Height - sc.Size().Height; sc.Offset.Y != want {
		t.Errorf("End scrolled to %v, want %v", sc.Offset.Y, want)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	if sc.Offset.Y != 0 {
		t.Errorf("Home left it at %v", sc.Offset.Y)
	}
}

// Print: choosing the file's puzzles makes a booklet (with PNG chosen,
// "by number" printed this puzzle alone, without a word), and Enter in
// the title field saves, as over the dialog (it did nothing).
func TestPrintRangeMakesABookletAndTitleTakesEnter(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowPrintDialog()
	_, title, format, _, what := printWidgets(u)
	format.SetSelected(exportChoices[1]) // PNG
	if what.Selected != "This puzzle" {
		t.Fatalf("PNG: print %q", what.Selected)
	}
	what.SetSelected("Puzzles of seeds.txt by number")
	if format.Selected != exportChoices[0] {
		t.Errorf("by number: as %q", format.Selected)
	}
	title.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	found := false // the file dialog's Save (the Print dialog's is "Save…")
	eachButton(u.win.Canvas().Overlays().Top(), func(b *widget.Button) { found = found || b.Text == "Save" })
	if !found {
		t.Error("Enter in the title did not go on to the file dialog")
	}
}

// The file save dialog takes a name typed at once (its field is left
// unfocused so that Esc and Enter reach the window): the first character
// replaces the name offered, its extension kept (typed at once, the name
// was lost and the file saved under the one offered).
func TestTypeFileName(t *testing.T) {
	e := widget.NewEntry()
	e.SetText("lines.pdf")
	typed := typeFileName(e)
	for _, r := range "week1" {
		typed(r)
	}
	typed(-1)
	typed('2')
	if e.Text != "week2.pdf" {
		t.Errorf("name %q", e.Text)
	}
	// The extension typed too is not doubled; nothing typed is no name.
	e.SetText("lines.pdf")
	typed = typeFileName(e)
	for _, r := range "x.PDF" {
		typed(r)
	}
	if e.Text != "x.PDF" {
		t.Errorf("name %q, want x.PDF", e.Text)
	}
	// Another extension typed is kept as typed ("sv1.sdk" was saved as
	// sv1.sdk.txt); a number after a dot is no extension.
	for _, c := range []struct{ typed, want string }{{"sv1.sdk", "sv1.sdk"}, {"week 2.5", "week 2.5.txt"}, {"mine.opensudoku", "mine.opensudoku"}} {
		e.SetText("pasted.txt")
		typed := typeFileName(e)
		for _, r := range c.typed {
			typed(r)
		}
		if e.Text != c.want {
			t.Errorf("typed %q: name %q, want %q", c.typed, e.Text, c.want)
		}
	}
	for range 5 {
		typed(-1)
	}
	if e.Text != "" {
		t.Errorf("all taken back: %q", e.Text)
	}
}

// Enter on a dialog's focused drop-down takes the dialog's default
// button (it did nothing; Space opens the list).
func TestEnterOnAFocusedDropDown(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowPrintDialog()
	_, _, format, _, _ := printWidgets(u)
	format.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	found := false // the file dialog's Save (the Print dialog's is "Save…")
	eachButton(u.win.Canvas().Overlays().Top(), func(b *widget.Button) { found = found || b.Text == "Save" })
	if !found {
		t.Error("Enter on the focused format list did not go on to the file dialog")
	}
}

// Printing by number offers a file named for the numbers, and the next
// Print offers the same numbers for the same file: they went back to the
// twelve from the current puzzle, and the whole file's name was offered
// for every part of it, so Enter, Enter put a 3-page booklet over a
// 490-page one.
func TestPrintByNumberRemembered(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.ShowPrintDialog()
	_, title, _, _, what := printWidgets(u)
	what.SetSelected("Puzzles of seeds.txt by number")
	printNumbers(u).SetText("2-4")
	title.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	name := ""
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if e, ok := o.(*widget.Entry); ok && strings.HasSuffix(e.Text, ".pdf") {
			name = e.Text
		}
	}
	if name != "seeds-2-4.pdf" {
		t.Errorf("offered %q, want seeds-2-4.pdf", name)
	}
	for len(u.modals) > 0 {
		u.modals[len(u.modals)-1].d.Hide()
	}
	u.ShowPrintDialog()
	_, _, _, _, what = printWidgets(u)
	if n := printNumbers(u); what.Selected != "Puzzles of seeds.txt by number" || n == nil || n.Text != "2-4" {
		t.Errorf("the next print: %q, numbers %v", what.Selected, n)
	}
}

// Solve (Ctrl+Enter, beside Enter) asks before a run to the solution takes
// a clean game under way: it gave the win up unasked, where Show Solution
// asks. A puzzle not yet played runs at once, and F1 lists F10's menus.
func TestSolveAsksOverAGameUnderWay(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	cell, d := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.Enter(d)
	u.Solve()
	if u.run != nil || len(u.modals) == 0 {
		t.Fatal("the solver ran unasked over a game under way")
	}
	var yes *widget.Button
	eachButton(u.win.Canvas().Overlays().Top(), func(b *widget.Button) {
		if b.Text == "Solve" {
			yes = b
		}
	})
	if yes == nil {
		t.Fatal("no Solve in the question")
	}
	u.SetSpeed(0) // one step at a time: the run waits, and u.run is read safely
	yes.OnTapped()
	r := u.run
	if r == nil {
		t.Fatal("Solve in the question did not run the solver")
	}
	u.StopSolve()
	<-r.done
	found := false
	for _, r := range shortcutHelp {
		found = found || r[0] == "F10"
	}
	if !found {
		t.Error("F1's list has no F10")
	}
}

// A new best the same to the second as the old one shows tenths: "A new
// best for easy (was 00:07)" came after "Solved in 00:07".
func TestNewBestInTheSameSecondShowsTenths(t *testing.T) {
	u, _ := newTestUI(t)
	u.game.Level = "easy"
	if u.settings.Best == nil {
		u.settings.Best = map[string]int64{}
	}
	u.settings.Best[recordKey(u.game)] = 7800
	u.won(7200*time.Millisecond, false)
	if want := "Solved in 00:07.2. A new best for easy (was 00:07.8)."; !strings.HasPrefix(u.status.Text, want) {
		t.Errorf("status %q, want %q", u.status.Text, want)
	}
}

// A fault in the logical solver costs the hint, not the window: a trial
// step on a jigsaw panicked in the hint's goroutine and took the program
// down.
func TestHintWorkSurvivesAFault(t *testing.T) {
	u, _ := newTestUI(t)
	u.work(func() func() { panic("boom") })
	<-u.workDone
	if !strings.Contains(u.hintText.Text, "could not be worked out") {
		t.Errorf("hint box %q", u.hintText.Text)
	}
}

// A dialog closed under another takes the one above with it (Fyne's
// overlays): the list of dialogs forgets both, so that keys reach the
// game again (the one above stayed in it, and the window took no key).
func TestDialogClosedUnderAnotherForgetsBoth(t *testing.T) {
	u, _ := newTestUI(t)
	under := u.showMessage("Under", widget.NewLabel("under"), "OK")
	u.showMessage("Over", widget.NewLabel("over"), "OK")
	under.Hide()
	if len(u.modals) != 0 || u.covered() {
		t.Errorf("%d dialogs listed, covered %v", len(u.modals), u.covered())
	}
}

// A dialog shown after another left the window, but before that one said
// it closed, stays listed: the save dialog hides, calls back (which asked
// whether to replace a file of many puzzles), and only then says it
// closed. The question was dropped from the list, and Enter and Esc did
// nothing to it.
func TestDialogShownWhileAnotherClosesKeepsTheKeys(t *testing.T) {
	u, _ := newTestUI(t)
	first := u.showMessage("First", widget.NewLabel("first"), "OK")
	u.win.Canvas().Overlays().Remove(u.modals[0].overlay) // hidden, not closed yet
	answered := false
	u.ask("Then", widget.NewLabel("then"), "Yes", "No", false, func(bool) { answered = true })
	first.Hide() // now it says it closed
	if len(u.modals) != 1 || u.modals[0].d == first {
		t.Fatalf("%d dialogs listed", len(u.modals))
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !answered || len(u.modals) != 0 {
		t.Errorf("Enter: answered %v, %d dialogs listed", answered, len(u.modals))
	}
}

// The Game menu greys what the panel greys: on a won game Hint, Check,
// Reveal Cell, Pause and Show Solution looked enabled and did nothing;
// Solve → Step is greyed as the panel's Step is. Next Puzzle comes on as
// a file's puzzles after the current one are read (restarted on #49,155
// of 49,158, it stayed greyed).
func TestMenusGreyWhatCannotAct(t *testing.T) {
	u, _ := newTestUI(t)
	m := u.menus
	hint, pause := m.play[3], m.pause
	if hint.Label != "Hint" || pause.Label != "Pause" {
		t.Fatalf("items %q %q", hint.Label, pause.Label)
	}
	if hint.Disabled || pause.Disabled || m.solution.Disabled || !m.step.Disabled {
		t.Errorf("a game under way: hint %v, pause %v, solution %v, step %v", hint.Disabled, pause.Disabled, m.solution.Disabled, m.step.Disabled)
	}
	u.playMove(u.game.ShowSolution)
	if !u.game.Won() || !hint.Disabled || !pause.Disabled || !m.solution.Disabled {
		t.Errorf("a won game: won %v, hint %v, pause %v, solution %v", u.game.Won(), hint.Disabled, pause.Disabled, m.solution.Disabled)
	}
	// Nor do their shortcuts act (Ctrl+K said "No mistakes so far"), once
	// the win's dialog is closed.
	for len(u.modals) > 0 {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
	u.setStatus("won")
	u.win.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(m.play[4].Shortcut)
	if m.play[4].Label != "Check" || u.status.Text != "won" {
		t.Errorf("Ctrl+K on a won game: %q", u.status.Text)
	}
	// A file read in two parts, the current puzzle the last of the first.
	ps := library.FromSlice([]solver.Puzzle{{Grid: solver.MustParse(gridEasy1)}, {Grid: solver.MustParse(gridEasy1)}})
	c := u.loaded(nil, "/x/f.txt", ps, nil, false, nil, nil)
	u.GoTo(1)
	if c == nil || u.coll != c || !m.next.Disabled {
		t.Fatalf("on the last puzzle read: next %v", m.next.Disabled)
	}
	more := library.FromSlice([]solver.Puzzle{{Grid: solver.MustParse(gridEasy1)}, {Grid: solver.MustParse(gridEasy1)}, {Grid: solver.MustParse(gridEasy1)}})
	u.loaded(c, "/x/f.txt", more, nil, true, nil, nil)
	if m.next.Disabled {
		t.Error("Next Puzzle still greyed with a puzzle after the current one read")
	}
}

const gridEasy1 = "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"

// A click on the paused board resumes the game and selects nothing (it
// moved the hidden selection, and nothing said how to go on).
func TestClickOnThePausedBoardResumes(t *testing.T) {
	u, _ := newTestUI(t)
	u.game.Select(0)
	u.TogglePause()
	if !u.game.Paused() {
		t.Fatal("not paused")
	}
	pos, side := u.board.CellBounds(40) // r5c5
	middle := pos.AddXY(side/2, side/2)
	test.TapAt(u.board, middle)
	if u.game.Paused() || u.game.Selected() != 0 {
		t.Errorf("paused %v, selected %d", u.game.Paused(), u.game.Selected())
	}
	u.closePad()
	test.TapAt(u.board, middle) // playing: the click selects
	if u.game.Selected() != 40 {
		t.Errorf("a click on r5c5 under way selected %d", u.game.Selected())
	}
}

// The pad by a cell follows its cell when the window's size changes: it
// stayed where it was, over the panel and cut by the window's edge.
func TestPadFollowsItsCellOnResize(t *testing.T) {
	u, _ := newTestUI(t)
	i := padByFirstEmpty(t, u)
	before := u.numPad.Content.Position()
	u.win.Resize(fyne.NewSize(800, 560))
	u.keepPadByItsCell()
	if u.numPad == nil || u.numPadCell != i {
		t.Fatal("the pad closed or moved to another cell")
	}
	if after := u.numPad.Content.Position(); after == before {
		t.Errorf("the pad stayed at %v", after)
	}
}

// A browser row keeps its number whole and the level as wide as its text
// where both fit; where not, the level gives way ("#491… medium ◐" was
// the row being played, between whole numbers).
func TestBrowserRowKeepsTheNumber(t *testing.T) {
	test.NewTempApp(t)
	name, right := widget.NewLabel("#49155  a name"), widget.NewLabel("medium ◐")
	name.Truncation, right.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis
	box := container.New(rowLayout{}, name, right)
	number := widget.NewLabel("#49155").MinSize().Width
	level := widget.NewLabel("medium ◐").MinSize().Width
	for _, w := range []float32{number + level + 40, number + level/2, number} {
		box.Resize(fyne.NewSize(w, 37))
		box.Layout.Layout(box.Objects, box.Size())
		if name.Size().Width < number || name.Size().Width+right.Size().Width > w+0.01 {
			t.Errorf("row %v: name %v, level %v (number %v)", w, name.Size().Width, right.Size().Width, number)
		}
		if w > number+level && right.Size().Width < level {
			t.Errorf("row %v: the level cut to %v of %v", w, right.Size().Width, level)
		}
	}
}

// The editor gives the level of a puzzle typed in once it has one
// solution: an author had to Start it to see it, and enter it again.
func TestEditorRatesThePuzzle(t *testing.T) {
	u, _ := newTestUI(t)
	u.EnterPuzzle()
	u.app.Clipboard().SetContent(gridEasy1)
	u.Paste()
	if !u.game.Editing() {
		t.Fatal("not in the editor")
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(u.editText.Text, "easy 1.2") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if want := "one solution: ready to play · easy 1.2"; !strings.HasSuffix(u.editText.Text, want) {
		t.Errorf("editor says %q, want … %q", u.editText.Text, want)
	}
}

// A puzzle typed in while a file is open is no puzzle of the file: the
// list showed the current row as started (◐) once the editor had a move.
func TestEditorGivesTheFileNoProgress(t *testing.T) {
	u, _ := newTestUI(t)
	if !u.OpenFile(seeds) {
		t.Fatal("seeds did not open")
	}
	i := u.coll.Index
	u.EnterPuzzle()
	u.game.Select(0)
	test.Type(u.board, "12")
	if !u.game.Editing() || !u.game.CanUndo() {
		t.Fatal("nothing typed in the editor")
	}
	if m := u.coll.Mark(i, u.game); m != "" {
		t.Errorf("row %d marked %q", i+1, m)
	}
	if started, solved := u.browse.current(); started || solved {
		t.Errorf("current: started %v, solved %v", started, solved)
	}
}

// Print / Export names a file of one puzzle's booklet after the file, as
// it names a file of many's ("sudoku.pdf" after opening column1.txt).
func TestExportTitleOfAFileOfOne(t *testing.T) {
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), "column1.txt")
	os.WriteFile(path, []byte(gridEasy1+"\n"), 0o644)
	if !u.OpenFile(path) {
		t.Fatal("not opened")
	}
	if got := u.exportTitle(); got != "column1" {
		t.Errorf("title %q", got)
	}
}

// A character other than a digit, typed on a digit's key, toggles that
// digit's pencil mark whatever the layout (scan codes of X11): Shift+1 on
// a US keyboard ("!"), "&" unshifted on a French one (its 1 key), Shift+6
// on a German one ("&"). The US Shift characters were taken on every
// layout: "&" set mark 7 in France and Germany, "(" mark 9. A digit typed
// is a digit (French Shift+&), and "!" on a key of its own sets nothing.
// Over the pad of pencil marks, the same sets the mark and keeps the pad.
func TestPencilMarkKeysFollowTheLayout(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("X11 scan codes")
	}
	u, _ := newTestUI(t)
	press := func(scan int, r rune) {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyName(string(r)), Physical: fyne.HardwareKey{ScanCode: scan}})
		u.typedRune(r)
	}
	// An empty cell with two candidates or more (the first empty one of
	// the puzzle the window starts with, a new one each run, had one
	// now and then: the test failed at random).
	cell := -1
	var ds []uint8
	for i, allowed := range u.game.Board().Candidates() {
		if u.game.Board().Cells[i] != 0 || cell >= 0 {
			continue
		}
		ds = ds[:0]
		for d := uint8(1); d <= 9; d++ {
			if allowed&(1<<d) != 0 {
				ds = append(ds, d)
			}
		}
		if len(ds) >= 2 {
			cell = i
		}
	}
	if cell < 0 {
		t.Fatal("no empty cell with two candidates")
	}
	u.game.Select(cell)
	d1, d2 := ds[0], ds[1]
	press(9+int(d1), '&') // French: the key of d1, unshifted
	if m := u.game.Cell(cell).Marks; m != 1<<d1 {
		t.Fatalf("& on %d's key: marks %v", d1, m)
	}
	press(9+int(d1), '&')
	press(61, '!') // French "!" has a key of its own
	if m := u.game.Cell(cell).Marks; m != 0 {
		t.Errorf("marks %v, want none", m)
	}
	// The pad of pencil marks by the cell stays for the next.
	u.popPad(cell, true)
	press(9+int(d2), 'x')
	if u.numPad == nil || u.game.Cell(cell).Marks != 1<<d2 || u.game.Cell(cell).Digit != 0 {
		t.Errorf("over the pad: pad %v, marks %v, digit %d", u.numPad != nil, u.game.Cell(cell).Marks, u.game.Cell(cell).Digit)
	}
	u.closePad()
	press(9+int(d1), rune('0'+d1)) // French Shift+&: the digit
	if u.game.Cell(cell).Digit != d1 {
		t.Errorf("a digit typed on its key: cell holds %d", u.game.Cell(cell).Digit)
	}
}

// A name the export refuses (a puzzle file's, groupA.sdk, for a booklet)
// brings the save dialog back for the same puzzles: new puzzles were
// lost, and saving again made others.
func TestRefusedExportNameAsksAgain(t *testing.T) {
	u, _ := newTestUI(t)
	dir := t.TempDir()
	w, err := storage.Writer(storage.NewFileURI(filepath.Join(dir, "groupA.sdk")))
	if err != nil {
		t.Fatal(err)
	}
	entries := []booklet.Entry{{Grid: solver.MustParse(gridEasy1), Name: "easy 1.2 seed 1"}}
	u.exportTo(w, entries, exportRequest{format: "pdf"})
	if len(u.modals) != 1 || !strings.Contains(u.status.Text, "Not saved: groupA.sdk is named as a .sdk file") {
		t.Fatalf("%d dialogs, status %q", len(u.modals), u.status.Text)
	}
	if _, ok := u.modals[0].d.(*dialog.FileDialog); !ok {
		t.Errorf("the dialog is a %T, not the save dialog", u.modals[0].d)
	}
	if _, err := os.Stat(filepath.Join(dir, "groupA.sdk")); err == nil {
		t.Error("groupA.sdk written")
	}
}

// A title's × stays an x in the file name offered ("year-3-4-44-sudoku").
func TestFileSlugKeepsTheTimesSign(t *testing.T) {
	if got := fileSlug("Year 3: 4×4 Sudoku"); got != "year-3-4x4-sudoku" {
		t.Errorf("%q", got)
	}
}

// The editor lights the cells where two solutions of the givens differ,
// one of which wants a given ("more than one solution: add givens" left
// the author to find them).
func TestEditorLightsWhereSolutionsDiffer(t *testing.T) {
	u, _ := newTestUI(t)
	sol := solver.MustParse("768942315934651278512738649147593826329486157856127493693215784481379562275864931")
	// Two digits in a rectangle on two rows of a band and two columns of
	// two stacks: blanked, they go either way round.
	g := sol
	var cells []int
	for r1 := 0; r1 < 9 && cells == nil; r1++ {
		for r2 := r1 + 1; r2 < r1/3*3+3 && cells == nil; r2++ {
			for c1 := 0; c1 < 9 && cells == nil; c1++ {
				for c2 := c1/3*3 + 3; c2 < 9 && cells == nil; c2++ {
					if a, b := 9*r1+c1, 9*r1+c2; sol[a] == sol[9*r2+c2] && sol[b] == sol[9*r2+c1] {
						cells = []int{a, b, 9*r2 + c1, 9*r2 + c2}
					}
				}
			}
		}
	}
	if cells == nil {
		t.Fatal("no rectangle in the grid")
	}
	for _, i := range cells {
		g[i] = 0
	}
	u.EnterPuzzle()
	u.app.Clipboard().SetContent(g.String())
	u.Paste()
	if !strings.Contains(u.editText.Text, "more than one solution: give one of the 4 cells lit") {
		t.Fatalf("editor says %q", u.editText.Text)
	}
	h := u.board.highlight
	if h == nil {
		t.Fatal("nothing lit")
	}
	for _, i := range cells {
		if !h.Target[i] {
			t.Errorf("%s not lit", solver.CellName(i))
		}
	}
	u.game.Select(cells[0])
	test.Type(u.board, string(rune('0'+sol[cells[0]])))
	if u.board.highlight != nil || !strings.Contains(u.editText.Text, "one solution") {
		t.Errorf("after a given: %q, lit %v", u.editText.Text, u.board.highlight != nil)
	}
}

// How long the rest will take, once a few are made.
func TestTimeLeft(t *testing.T) {
	for _, tc := range []struct {
		elapsed time.Duration
		done, n int
		want    string
	}{
		{7 * time.Second, 10, 1000, ", about 12 min left"},
		{time.Second, 2, 1000, ""}, // too few done to tell
		{time.Second, 50, 60, ""},  // under ten seconds
		{10 * time.Second, 10, 40, ", about 30 s left"},
		{time.Minute, 10, 2000, ", about 3.3 h left"},
		{time.Minute, 1000, 1000, ""},
	} {
		if got := timeLeft(tc.elapsed, tc.done, tc.n); got != tc.want {
			t.Errorf("%v for %d of %d: %q, want %q", tc.elapsed, tc.done, tc.n, got, tc.want)
		}
	}
}

// The step-by-step solution shown to its last step shows the whole
// solution: a finish after it is one with help (it was a clean win, a
// best time and a streak), and a restart keeps it so.
func TestWalkthroughToTheEndIsHelp(t *testing.T) {
	u, _ := newTestUI(t)
	u.Walkthrough()
	<-u.workDone
	if u.walk == nil {
		t.Fatal("no walkthrough")
	}
	u.WalkStep(1)
	if u.game.Assisted() {
		t.Fatal("one step is help")
	}
	u.WalkStep(len(u.walk.steps) - 2) // the last step, which shows every cell
	if u.walk.k != len(u.walk.steps)-1 || !u.game.Assisted() || u.game.Help() != game.HelpWalkthrough || !strings.Contains(u.status.Text, "counts as solved with help") {
		t.Errorf("at the end: assisted %v, help %q, status %q", u.game.Assisted(), u.game.Help(), u.status.Text)
	}
	u.closeWalkthrough()
	u.game.Restart()
	if !u.game.Assisted() {
		t.Error("a restart forgot the solution seen")
	}
}

// Save Puzzle As over a file too large to read asks, as over a file of
// several (3.3 million puzzles were overwritten without a word); a file
// that turned into another kind while the question was open is not added
// to; a file that may be read but not changed says so.
func TestSaveOverFilesItCannotRead(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.txt")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(solver.MaxFileSize + 1) // sparse: no disk used
	f.Close()
	if _, many := puzzlesIn(huge, nil, solver.Board{}); !many || canAddTo(huge) {
		t.Errorf("a file over the limit: many %v, can add %v", many, canAddTo(huge))
	}
	junk := filepath.Join(dir, "z3.sdk")
	os.WriteFile(junk, []byte("\x00\x01\x02 binary"), 0o644)
	if _, err := addedPuzzle(junk, "#D x\n", solver.Board{}, ""); err == nil || !strings.Contains(err.Error(), "no longer a text file of puzzles") {
		t.Errorf("added to junk: %v", err)
	}
	err = readableError(&os.PathError{Op: "chmod", Path: "/x/ro.sdk", Err: os.ErrPermission})
	if err.Error() != "/x/ro.sdk: you may not change it (permission denied)" {
		t.Errorf("%v", err)
	}
}

// Space and N do not switch pencil mode on a finished game, whose menu
// item is greyed (it switched on unseen, and the next digit was a mark).
func TestNoPencilModeOnAFinishedGame(t *testing.T) {
	u, _ := newTestUI(t)
	u.playMove(u.game.ShowSolution)
	for len(u.modals) > 0 {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	u.typedRune('n')
	if u.game.Pencil() {
		t.Error("pencil mode on a won game")
	}
}

// A click on another cell while the pad by a cell is open selects that
// cell and opens its pad at once; Fyne's pop-up took the first click only
// to close itself. A click on the pad's own cell closes it, and one on
// the pad's keys still enters the digit.
func TestPadPassesAClickOn(t *testing.T) {
	u, _ := newTestUI(t)
	c := u.win.Canvas()
	var empty []int
	for i, d := range u.game.Board().Cells {
		if d == 0 {
			empty = append(empty, i)
		}
	}
	a, b := empty[0], empty[len(empty)-1]
	abs := func(i int) fyne.Position {
		pos, side := u.board.CellBounds(i)
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board).Add(pos).AddXY(side/2, side/2)
	}
	test.TapCanvas(c, abs(a))
	if u.numPad == nil || u.numPadCell != a || u.game.Selected() != a {
		t.Fatalf("first click: pad %v by %d, selected %d, want %d", u.numPad != nil, u.numPadCell, u.game.Selected(), a)
	}
	test.TapCanvas(c, abs(b))
	if u.numPad == nil || u.numPadCell != b || u.game.Selected() != b {
		t.Fatalf("a click on another cell with the pad open: pad %v by %d, selected %d, want %d",
			u.numPad != nil, u.numPadCell, u.game.Selected(), b)
	}
	if len(c.Overlays().List()) != 0 {
		t.Fatalf("overlays %v: the pad is in the window's own layer", c.Overlays().List())
	}
	test.TapCanvas(c, abs(b))
	if u.numPad != nil || u.game.Selected() != b {
		t.Fatalf("a click on the pad's own cell: pad %v, selected %d", u.numPad != nil, u.game.Selected())
	}
	// A right-click by a pad of digits opens the pencil marks' pad.
	test.TapCanvas(c, abs(a))
	u.board.TappedSecondary(&fyne.PointEvent{Position: abs(a).Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board))})
	if u.numPad == nil || !u.numPadMarks || u.numPadCell != a {
		t.Fatalf("right-click on the pad's cell: pad %v, marks %v", u.numPad != nil, u.numPadMarks)
	}
	// A key of the pad itself.
	u.closePad()
	test.TapCanvas(c, abs(a))
	grid := u.numPad.Content.(*fyne.Container).Objects[1].(*fyne.Container)
	key := grid.Objects[0].(*fyne.Container).Objects[1].(*widget.Button)
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(key).AddXY(5, 5)
	test.TapCanvas(c, p)
	if u.game.Cell(a).Digit != 1 || u.numPad != nil {
		t.Fatalf("the pad's key 1: cell %+v, pad %v", u.game.Cell(a), u.numPad != nil)
	}
	u.game.Undo()
	// A key of the side pad, with the pad by the cell open: one click
	// enters the digit there (it only closed the pad).
	test.TapCanvas(c, abs(a))
	side := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.pad[2]).AddXY(5, 5)
	test.TapCanvas(c, side)
	if u.game.Cell(a).Digit != 2 || u.numPad != nil {
		t.Fatalf("the side pad's 2 with the pad open: cell %+v, pad %v", u.game.Cell(a), u.numPad != nil)
	}
	u.game.Undo()
	// Over the pencil-marks pad, the side pad's key sets a mark in its
	// cell and the pad stays (it placed the digit); a left click on the
	// cell then closes the pad (it opened the digit pad).
	u.board.TappedSecondary(&fyne.PointEvent{Position: abs(a).Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board))})
	test.TapCanvas(c, side)
	if u.game.Cell(a).Digit != 0 || !u.game.Cell(a).Marks.Has(2) || u.numPad == nil || !u.numPadMarks {
		t.Fatalf("the side pad's 2 over the marks' pad: cell %+v, pad %v", u.game.Cell(a), u.numPad != nil)
	}
	test.TapCanvas(c, abs(a))
	if u.numPad != nil {
		t.Fatalf("a click on the marks' pad's cell: pad %v, marks %v", u.numPad != nil, u.numPadMarks)
	}
	// On nothing: the pad closes, nothing else happens.
	test.TapCanvas(c, abs(b))
	test.TapCanvas(c, fyne.CurrentApp().Driver().AbsolutePositionForObject(u.status).AddXY(5, 5)) // the status line
	if u.numPad != nil || u.game.Selected() != b {
		t.Errorf("a click on nothing: pad %v, selected %d", u.numPad != nil, u.game.Selected())
	}
}

// A puzzle typed in with a typo: the editor names the given that, changed,
// gives one solution, and lights it; with no such one change, it lights
// the givens one of which is wrong. It said "no solution", and the author
// had to find the typo among 30 givens.
func TestEditorFindsTheTypo(t *testing.T) {
	// The answers read at once: each check on the test's goroutine (under
	// the race detector on a loaded machine, one took over 50 ms and went
	// on in the background, "25 givens · checking…").
	checkEditsAtOnce(t)
	u, _ := newTestUI(t)
	typo := ".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.2.........." // r8c8 should be 9
	u.EnterPuzzle()
	u.app.Clipboard().SetContent(typo)
	u.Paste()
	if !strings.Contains(u.editText.Text, "no solution: a typo? 9 in r8c8 (lit) would give one") {
		t.Fatalf("editor says %q", u.editText.Text)
	}
	h := u.board.highlight
	if h == nil || !h.Target[9*7+7] {
		t.Fatal("r8c8 not lit")
	}
	// Two wrong givens, far apart: no one change helps.
	u.game.Select(0)
	test.Type(u.board, "5") // r1c1 as 5 (its solution is 1): r8c8 alone no longer mends it
	if !strings.Contains(u.editText.Text, "no solution: check the ") && !strings.Contains(u.editText.Text, "no solution: more than one given is wrong") {
		t.Errorf("two wrong givens: editor says %q", u.editText.Text)
	}
}

// A jigsaw killer (Solo's "jk" IDs) is named so in the title and the
// browser: both said "4×4 killer".
func TestJigsawKillerNamedSo(t *testing.T) {
	b, err := solver.ParseSoloID("4jk:p,ab_a_abbad_,b______aaa_a_aaa,8b6_7_5_3d8_3c")
	if err != nil {
		t.Fatal(err)
	}
	if got := shapeLabel(b.Geo); got != "4×4 jigsaw killer" {
		t.Errorf("shapeLabel = %q", got)
	}
	if got := shapeLabel(solver.Classic); got != "9×9" {
		t.Errorf("classic: %q", got)
	}
}

// A status cut short by the window's width gets a button that shows it
// whole ("… its folder /tmp/h38…" hid what was wrong); a short one none.
func TestStatusShownWhole(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(800, 600))
	long := "Could not save the game: write /tmp/h38c/uhome/.config/fyne/io.github.sudoku.app/games/session.json: permission denied: its folder /tmp/h38c/uhome/.config/fyne/io.github.sudoku.app/games may not be written to"
	u.setStatus(long)
	if !u.statusMore.Visible() {
		t.Fatal("no button for a status cut short")
	}
	test.Tap(u.statusMore)
	shown := false
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok && l.Text == long {
			shown = true
		}
	}
	if !shown {
		t.Error("the button did not show the whole status")
	}
	u.setStatus("Saved.")
	if u.statusMore.Visible() {
		t.Error("a short status has the button")
	}
}

// A hint's technique can be looked up from the hint (a learner met
// "Turbot fish" or "BUG" with nowhere to read what it is), and Help →
// Techniques lists them all with their scores.
func TestHintSaysWhatItsTechniqueIs(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	if !u.hintAbout.Hidden {
		t.Error("the technique's button shows with no hint")
	}
	u.Hint()
	<-u.workDone
	if u.hint == nil || u.hintAbout.Hidden || u.hintTech != logic.HiddenSingleBox {
		t.Fatalf("hint %v, button hidden %v, technique %v", u.hint != nil, u.hintAbout.Hidden, u.hintTech)
	}
	test.Tap(u.hintAbout)
	labels := func() string {
		var all []string
		for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
			switch w := o.(type) {
			case *widget.Label:
				all = append(all, w.Text)
			case *widget.RichText:
				all = append(all, w.String())
			}
		}
		return strings.Join(all, "\n")
	}
	if got := labels(); !strings.Contains(got, logic.HiddenSingleBox.About()) || !strings.Contains(got, "score 1.2 or more") {
		t.Errorf("the technique's dialog:\n%s", got)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	u.clearHint()
	u.showHintBox("There is a mistake", "r1c1 is wrong.", true)
	if !u.hintAbout.Hidden {
		t.Error("a mistake's box offers a technique")
	}
	u.showTechniques()
	if got := labels(); !strings.Contains(got, "Turbot fish · 6.6 · expert") || !strings.Contains(got, logic.TurbotFish.About()) || !strings.Contains(got, logic.Rule45.About()) {
		t.Errorf("Help → Techniques:\n%.600s", got)
	}
}

// An XY-Wing's first press lights the units its cells share, not the
// three cells themselves (which gave it away before the learner looked).
func TestWingAreaIsItsUnits(t *testing.T) {
	cells := make([]bool, 81)
	pivot, p1, p2 := 9*4+4, 9*4+7, 9*3+3 // r5c5; r5c8 in its row; r4c4 in its box
	cells[pivot], cells[p1], cells[p2] = true, true, true
	area := sharedUnits(solver.Classic, cells)
	n := 0
	for _, on := range area {
		if on {
			n++
		}
	}
	if !area[pivot] || !area[p1] || !area[p2] || n != 9+9-3 {
		t.Errorf("area of %d cells, want row 5 and box 5 (15)", n)
	}
}

// An export whose names the fonts cannot draw says so, as sudoku print
// does: the window said only "Saved".
func TestExportNotesUndrawableNames(t *testing.T) {
	es := []booklet.Entry{{Name: "日本の数独"}, {Name: "plain"}, {Name: "😀"}}
	if got := undrawableNote(exportRequest{format: "pdf", options: booklet.Options{Title: "Fine"}}, es); !strings.Contains(got, "in 2 puzzles' names print as \uFFFD") {
		t.Errorf("pdf: %q", got)
	}
	if got := undrawableNote(exportRequest{format: "svg"}, es); got != "" {
		t.Errorf("svg: %q", got)
	}
	if got := undrawableNote(exportRequest{format: "pdf", options: booklet.Options{Title: "Fine"}}, es[1:2]); got != "" {
		t.Errorf("drawable: %q", got)
	}
	long := booklet.Options{Title: "The Grand Weekly Puzzle Supplement of the Sunday Herald and Evening Chronicle"}
	if got := undrawableNote(exportRequest{format: "pdf", options: long}, es[1:2]); !strings.Contains(got, "The title is too long for the page's heading and prints as") {
		t.Errorf("long title: %q", got)
	}
}

// A save dialog starts where a file may be written: the folder of a file
// opened from a read-only collection offered no place to save.
func TestWritableDir(t *testing.T) {
	if !writableDir(t.TempDir()) {
		t.Error("a temporary folder is not writable")
	}
	if writableDir(filepath.Join(t.TempDir(), "missing")) {
		t.Error("a missing folder is writable")
	}
	dir := t.TempDir()
	writableDir(dir)
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the test left %v", left)
	}
}

// The pad by a cell follows its cell when the board moves within the
// window (the browser's divider dragged): it stayed where it was.
func TestPadFollowsTheBoard(t *testing.T) {
	u, _ := newTestUI(t)
	if !u.OpenFile(seeds) {
		t.Fatal("could not open the seeds")
	}
	i := padByFirstEmpty(t, u)
	before := u.numPad.Content.Position()
	u.split.SetOffset(u.split.Offset + 0.1)
	u.keepPadByItsCell()
	if u.numPad == nil || u.numPadCell != i {
		t.Fatal("the pad closed or moved to another cell")
	}
	if after := u.numPad.Content.Position(); after == before {
		t.Errorf("the pad stayed at %v while the board moved", after)
	}
}

// padByFirstEmpty clicks the board's first empty cell, which opens the
// pad by it, and returns the cell.
func padByFirstEmpty(t *testing.T, u *UI) int {
	t.Helper()
	i := slices.Index(u.game.Board().Cells, 0)
	pos, side := u.board.CellBounds(i)
	test.TapAt(u.board, pos.AddXY(side/2, side/2))
	if u.numPad == nil {
		t.Fatal("no pad by the cell")
	}
	return i
}

// Ctrl+Z over the pencil-marks pad takes back the last mark and keeps the
// pad, showing the marks as they are: Ctrl closed it, and the next digit
// went in big.
func TestUndoKeepsThePencilPad(t *testing.T) {
	u, _ := newTestUI(t)
	i := slices.Index(u.game.Board().Cells, 0)
	pos, side := u.board.CellBounds(i)
	u.board.TappedSecondary(&fyne.PointEvent{Position: pos.AddXY(side/2, side/2)})
	if u.numPad == nil || !u.numPadMarks {
		t.Fatal("no pencil-marks pad")
	}
	u.playMove(func() bool { return u.game.ToggleMark(2) })
	u.playMove(func() bool { return u.game.ToggleMark(3) })
	u.typedKey(&fyne.KeyEvent{Name: desktop.KeyControlLeft})
	u.Undo()
	if u.numPad == nil || !u.numPadMarks || u.game.Cell(i).Marks != 1<<2 {
		t.Fatalf("after Ctrl+Z: pad %v, marks %s", u.numPad != nil, u.game.Cell(i).Marks)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.Key5})
	test.TypeOnCanvas(u.win.Canvas(), "5")
	if c := u.game.Cell(i); c.Digit != 0 || c.Marks != 1<<2|1<<5 {
		t.Errorf("5 after the undo: digit %d, marks %s", c.Digit, c.Marks)
	}
}

// The walkthrough, left by a click on the board (or Esc) with no move
// made since, opens again at the step it was left at: Ctrl+I started over
// at step 1. After a move it is worked out again, from step 1.
func TestWalkthroughKeepsItsStep(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.Walkthrough()
	<-u.workDone
	u.WalkStep(4)
	if !strings.HasPrefix(u.walkCount.Text, "Step 5 of ") {
		t.Fatalf("at %q", u.walkCount.Text)
	}
	i := slices.Index(u.game.Board().Cells, 0)
	pos, side := u.board.CellBounds(i)
	test.TapAt(u.board, pos.AddXY(side/2, side/2)) // leaves the walkthrough
	if u.walk != nil {
		t.Fatal("a click on the board did not leave the walkthrough")
	}
	u.Walkthrough()
	if u.walk == nil || !strings.HasPrefix(u.walkCount.Text, "Step 5 of ") {
		t.Fatalf("opened again at %q", u.walkCount.Text)
	}
	u.closeWalkthrough()
	u.game.Select(i)
	u.enter(u.game.SolutionDigit(i))
	u.Walkthrough()
	<-u.workDone
	if u.walk == nil || !strings.HasPrefix(u.walkCount.Text, "Step 1 of ") {
		t.Errorf("after a move: %q", u.walkCount.Text)
	}
}

// The pad by a cell of the last column opens over the board, not over
// the panel beside it (where it covered the hint being read, the clock or
// Solve).
func TestPadStaysOverTheBoard(t *testing.T) {
	u, _ := newTestUI(t)
	n := u.game.Size()
	i := -1
	for r := 0; r < n && i < 0; r++ {
		if u.game.Board().Cells[r*n+n-1] == 0 {
			i = r*n + n - 1
		}
	}
	if i < 0 {
		t.Skip("no empty cell in the last column")
	}
	pos, side := u.board.CellBounds(i)
	test.TapAt(u.board, pos.AddXY(side/2, side/2))
	if u.numPad == nil {
		t.Fatal("no pad")
	}
	d := fyne.CurrentApp().Driver()
	padRight := d.AbsolutePositionForObject(u.numPad.Content).X + u.numPad.Content.Size().Width
	gridRight := d.AbsolutePositionForObject(u.board).X + pos.X + side
	if padRight > gridRight {
		t.Errorf("the pad ends at %v, past the board's right edge at %v", padRight, gridRight)
	}
}

// A shortcut other than Undo and Redo closes the pad by a cell, as any
// other key does: with Ctrl no longer closing it, Ctrl+H showed the hint
// beside an open pad.
func TestShortcutClosesThePad(t *testing.T) {
	u, _ := newTestUI(t)
	padByFirstEmpty(t, u)
	u.typedKey(&fyne.KeyEvent{Name: desktop.KeyControlLeft})
	u.win.Canvas().(fyne.Shortcutable).TypedShortcut(shortcut(fyne.KeyH, false))
	<-u.workDone // the hint's work, done before the window closes
	if u.numPad != nil {
		t.Error("Ctrl+H left the pad open")
	}
}

// The whole-file table tells a proof of no solution and a board that
// breaks the rules from a solve: every cell said "time · iterations", and
// an invalid board "0µs · 0 it".
func TestLabCellSaysTheOutcome(t *testing.T) {
	res := func(st solver.Status) lab.Run {
		return lab.Run{Result: solver.BoardResult{Status: st, Duration: 637 * time.Millisecond, Stats: solver.Stats{Iterations: 26863548}}}
	}
	for st, want := range map[solver.Status]string{
		solver.Solved:     "637.00ms · 26,863,548 it",
		solver.Unsolvable: "✕ 637.00ms · 26,863,548 it",
		solver.Cancelled:  "> 637.00ms · 26,863,548 it",
		solver.Invalid:    "invalid: not run",
	} {
		if got := labCell(res(st)); got != want {
			t.Errorf("%v: %q, want %q", st, got, want)
		}
	}
}

// The Lab on a puzzle with several solutions says so: five different
// grids, each "solved", said nothing of why.
func TestLabSaysSeveralSolutions(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	text := func() string {
		l := u.ShowLab()
		defer l.win.Close()
		var s string
		for _, o := range test.LaidOutObjects(l.win.Content()) {
			if lb, ok := o.(*widget.Label); ok {
				s += lb.Text + "\n"
			}
		}
		return s
	}
	const note = "more than one solution"
	if strings.Contains(text(), note) {
		t.Error("a puzzle with one solution said to have several")
	}
	u.GoTo(3) // "custom", with several
	if u.game.Solutions() < 2 {
		t.Fatal("seeds #4 has one solution")
	}
	if !strings.Contains(text(), note) {
		t.Error("several solutions not said")
	}
}

// F1's list names every menu item's shortcut (Ctrl+Shift+C was missing).
func TestShortcutHelpHasEveryMenuShortcut(t *testing.T) {
	u, _ := newTestUI(t)
	var listed strings.Builder
	for _, r := range shortcutHelp {
		listed.WriteString(r[0] + " ")
	}
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
			sc, ok := it.Shortcut.(*desktop.CustomShortcut)
			if !ok {
				continue
			}
			name := ""
			if sc.Modifier&fyne.KeyModifierShortcutDefault != 0 {
				name = "Ctrl+"
			}
			if sc.Modifier&fyne.KeyModifierShift != 0 {
				name += "Shift+"
			}
			key := string(sc.KeyName)
			switch sc.KeyName {
			case fyne.KeyReturn:
				key = "Enter"
			case fyne.KeyComma:
				key = ","
			case fyne.KeyPageDown:
				key = "Page Down"
			case fyne.KeyPageUp:
				key = "Page Up"
			case fyne.KeyEscape:
				key = "Esc"
			case fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5:
				key = "1 … Ctrl+6" // listed as a range
				name = "Ctrl+"
			}
			name += key
			if !strings.Contains(listed.String(), name+" ") && !strings.Contains(listed.String(), name+"/") && !strings.Contains(listed.String(), name+")") {
				t.Errorf("%s (%s) is not in F1's list", name, it.Label)
			}
		}
	}
	for _, m := range u.menus.main.Items {
		walk(m.Items)
	}
}
