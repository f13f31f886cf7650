package gui

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"example.com/sudoku/generator"
	"example.com/sudoku/solver/logic"
)

// A killer drawn from nothing in Enter Puzzle: its shape chosen from the
// list, each cage's cells clicked (or dragged over), its sum typed, Enter;
// once its cages make one solution, Enter starts it. The editor could only
// add givens to a killer read from a file.
func TestDrawAKiller(t *testing.T) {
	checkEditsAtOnce(t)
	p, err := generator.GenerateBoard(context.Background(), generator.BoardOptions{Variant: generator.Killer, Size: 4, Level: logic.Easy, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := p.Board.Geo.Cages()
	u, _ := newTestUI(t)
	u.EnterPuzzle()
	// The list of shapes, as wide as its longest name, fits the compact
	// panel (at 150 % on 800×600 it ran off the window).
	if w := u.editShape.MinSize().Width; w > compactWidth-2*theme.Padding() {
		t.Errorf("the shapes' list is %v wide, the compact panel %v", w, compactWidth)
	}
	u.editShape.SetSelected("New killer 4×4")
	if !u.drawing() || !u.drawCheck.Checked || !u.game.Geometry().Killer() || u.game.Size() != 4 {
		t.Fatalf("drawing %v, switch %v, %s", u.drawing(), u.drawCheck.Checked, u.game.Geometry().Name())
	}
	typeText := func(s string) {
		for _, r := range s {
			u.typedRune(r)
		}
	}
	enter := func() { u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }
	for k, c := range want {
		for j, i := range c.Cells {
			if k == 0 && j > 0 {
				u.board.OnDragged(int(i), false) // the first cage dragged over
				continue
			}
			u.game.Select(int(i))
			u.board.OnTapped(int(i))
		}
		typeText(strconv.Itoa(c.Sum))
		enter()
		if got := len(u.game.Geometry().Cages()); got != k+1 {
			t.Fatalf("cage %d: %d cages drawn; status %q", k+1, got, u.status.Text)
		}
	}
	if !strings.Contains(u.editText.Text, "one solution") || u.editStart.Disabled() {
		t.Fatalf("all cages drawn: %q, Start off %v", u.editText.Text, u.editStart.Disabled())
	}
	// A wrong cage is refused with why, and Esc lets it go without
	// leaving the editor.
	u.game.Select(0)
	u.board.OnTapped(0) // takes the cage of r1c1 up again
	typeText("99")
	enter()
	if !strings.HasPrefix(u.status.Text, "Not made: ") || !u.game.Editing() {
		t.Errorf("a sum out of reach: %q", u.status.Text)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if !u.game.Editing() || u.draw.Busy() || len(u.game.Geometry().Cages()) != len(want) {
		t.Fatalf("Esc: editing %v, busy %v, %d cages", u.game.Editing(), u.draw.Busy(), len(u.game.Geometry().Cages()))
	}
	// Delete takes a cage away; drawn again, the puzzle starts.
	u.game.Select(0)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if len(u.game.Geometry().Cages()) != len(want)-1 {
		t.Fatalf("Delete: %d cages", len(u.game.Geometry().Cages()))
	}
	// (want[0] is the cage of r1c1: cages are in order of their first cell)
	for _, i := range want[0].Cells {
		u.game.Select(int(i))
		u.board.OnTapped(int(i))
	}
	typeText(strconv.Itoa(want[0].Sum))
	enter()
	enter() // Start
	if u.game.Editing() || !u.game.Geometry().Killer() || len(u.game.Geometry().Cages()) != len(want) {
		t.Fatalf("started: editing %v, %d cages; status %q", u.game.Editing(), len(u.game.Geometry().Cages()), u.status.Text)
	}
}

// An editor brought back by the session with cages half drawn goes on
// drawing them.
func TestDrawingComesBack(t *testing.T) {
	u, state := newTestUI(t)
	oneCage(t, u, '3')
	u.saver.Close() // as a quit leaves it: the next window saves (a second one reports so on its saver's goroutine, where the test driver runs fyne.Do: a race)
	v := New(test.NewTempApp(t), Options{StatePath: state, SaveDelay: time.Hour})
	t.Cleanup(v.Close)
	if !v.game.Editing() || len(v.game.Geometry().Cages()) != 1 || !v.drawing() || !v.drawCheck.Checked {
		t.Errorf("restored: editing %v, %d cages, drawing %v", v.game.Editing(), len(v.game.Geometry().Cages()), v.drawing())
	}
}

// A jigsaw drawn in Enter Puzzle: the boxes reshaped, a drag from a
// region carrying cells into it, a region's number typed into a cell;
// while the regions make no board Start is off and the line says why;
// once they do, the givens typed make the puzzle.
func TestDrawAJigsaw(t *testing.T) {
	checkEditsAtOnce(t)
	p, err := generator.GenerateBoard(context.Background(), generator.BoardOptions{Variant: generator.Jigsaw, Size: 6, Level: logic.Easy, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := newTestUI(t)
	u.EnterPuzzle()
	u.editShape.SetSelected("New jigsaw 6×6")
	if !u.drawingRegions() || !u.regionCheck.Checked || !u.game.Geometry().Jigsaw() {
		t.Fatalf("drawing regions %v, %s", u.drawingRegions(), u.game.Geometry().Name())
	}
	// r1c1's region (box 1) takes r1c4 from box 2 by a drag.
	u.board.OnDragged(0, true)
	u.board.OnDragged(1, false)
	u.board.OnDragged(2, false)
	u.board.OnDragged(3, false)
	if !strings.HasPrefix(u.editText.Text, "Regions not done yet: ") || !u.editStart.Disabled() || !strings.Contains(u.status.Text, "region 1 has 7, region 2 has 5") {
		t.Fatalf("after the drag: %q, Start off %v, status %q", u.editText.Text, u.editStart.Disabled(), u.status.Text)
	}
	// Turned off while not whole, it stays on with the regions as drawn
	// (they went back to the last whole ones, with no way back).
	u.regionCheck.SetChecked(false)
	if !u.drawingRegions() || !u.regionCheck.Checked || u.regionDraft.Region(3) != 0 || !strings.Contains(u.status.Text, "not whole yet") {
		t.Fatalf("unticked while not whole: drawing %v, r1c4 in region %d; %q", u.drawingRegions(), u.regionDraft.Region(3)+1, u.status.Text)
	}
	// Ctrl+Z takes the drag back whole.
	u.Undo()
	if !strings.Contains(u.status.Text, "The regions are done") || u.regionDraft.Region(3) != 1 {
		t.Fatalf("after Undo: r1c4 in region %d; %q", u.regionDraft.Region(3)+1, u.status.Text)
	}
	// Each cell typed into the generated jigsaw's region.
	geo := p.Board.Geo
	for i := range geo.Cells() {
		u.game.Select(i)
		u.typedRune(rune('1' + geo.Region(i)))
	}
	if g := u.game.Geometry(); !g.Jigsaw() || !g.Equal(geo) {
		t.Fatalf("regions drawn: %s, equal %v; %q", g.Name(), g.Equal(geo), u.editText.Text)
	}
	// Drawing cages ends the drawing of regions: one at a time.
	u.drawCheck.SetChecked(true)
	if u.drawingRegions() || !u.drawing() || u.regionCheck.Checked {
		t.Fatalf("cages over regions: regions %v, cages %v", u.drawingRegions(), u.drawing())
	}
	u.drawCheck.SetChecked(false) // the digits type givens again
	for i, d := range p.Board.Cells {
		if d != 0 {
			u.game.Select(i)
			u.typedRune(rune('0' + d))
		}
	}
	if !strings.Contains(u.editText.Text, "one solution") {
		t.Fatalf("givens typed: %q", u.editText.Text)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if u.game.Editing() || !u.game.Geometry().Equal(geo) {
		t.Fatalf("started: editing %v", u.game.Editing())
	}
}

// checkEditsAtOnce has the editor's checks answer on the UI goroutine,
// however long they take, for the test's length.
func checkEditsAtOnce(t *testing.T) {
	was := editCheckSync
	editCheckSync = time.Minute
	t.Cleanup(func() { editCheckSync = was })
}

// A quit in the middle of drawing loses nothing: regions not yet whole
// come back as drawn, and the cage under way with its sum (they were
// lost: only a whole board was kept).
func TestDrawingSurvivesAQuit(t *testing.T) {
	u, state := newTestUI(t)
	u.EnterPuzzle()
	u.editShape.SetSelected("New jigsaw 6×6")
	u.board.OnDragged(0, true)
	u.board.OnDragged(3, false) // r1c1's region takes r1c2-r1c4: not whole
	u.saver.Close()
	v := New(test.NewTempApp(t), Options{StatePath: state, SaveDelay: time.Hour})
	t.Cleanup(v.Close)
	if !v.drawingRegions() || v.regionDraft.Region(3) != 0 || !strings.HasPrefix(v.editText.Text, "Regions not done yet") {
		t.Fatalf("regions after a restart: drawing %v; %q", v.drawingRegions(), v.editText.Text)
	}

	w, state2 := newTestUI(t)
	w.EnterPuzzle()
	w.editShape.SetSelected("New killer 6×6")
	w.board.OnTapped(0)
	w.board.OnTapped(1)
	w.typedRune('7')
	w.saver.Close()
	x := New(test.NewTempApp(t), Options{StatePath: state2, SaveDelay: time.Hour})
	t.Cleanup(x.Close)
	if !x.drawing() || len(x.draw.Cells()) != 2 || x.draw.Sum() != "7" {
		t.Fatalf("the cage under way after a restart: drawing %v, %v, sum %q", x.drawing(), x.draw, x.draw.Sum())
	}
}

// A draft of several solutions saves, and opened again, Enter Puzzle
// takes it up with its cages and givens (a half-drawn killer had no way
// into a file: "Not a puzzle yet").
func TestSaveADraftAndTakeItUp(t *testing.T) {
	u, _ := newTestUI(t)
	oneCage(t, u, '7')
	u.ShowSavePuzzle()
	if strings.Contains(dialogText(u), "Not a puzzle yet") {
		t.Fatalf("a draft refused: %q", dialogText(u))
	}
	for len(u.modals) > 0 {
		u.modals[len(u.modals)-1].d.Hide()
	}
	path := filepath.Join(t.TempDir(), "draft.txt")
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	u.savePuzzle(w, u.game.Givens(), u.game.Name)
	if !strings.HasPrefix(u.status.Text, "Saved the draft in ") {
		t.Fatalf("status %q", u.status.Text)
	}
	// Saved as it is, leaving it loses nothing (it asked right after).
	if work := u.editWork(); work != "" {
		t.Errorf("after the save: %q", work)
	}
	v, _ := newTestUI(t)
	if !v.OpenFile(path) {
		t.Fatal(v.status.Text)
	}
	if !strings.Contains(v.status.Text, "Enter Puzzle (Ctrl+E) takes it up") {
		t.Errorf("the draft opened: %q", v.status.Text)
	}
	v.EnterPuzzle()
	if !v.game.Editing() || len(v.game.Geometry().Cages()) != 1 {
		t.Errorf("taken up: editing %v, %d cages", v.game.Editing(), len(v.game.Geometry().Cages()))
	}
}

// Save Puzzle As over an all but empty jigsaw draft saves it: its check
// had no end, and the window stood still.
func TestSaveAnEmptyJigsawDraft(t *testing.T) {
	u, _ := newTestUI(t)
	u.EnterPuzzle()
	u.editShape.SetSelected("New jigsaw 9×9")
	u.board.OnDragged(2, true) // r1c3's region takes r1c4, and r2c4 goes the other way:
	u.board.OnDragged(3, false)
	u.game.Select(11) // r2c3
	u.typedRune('2')
	u.regionCheck.SetChecked(false)
	u.game.Select(0)
	u.typedRune('5')
	done := make(chan struct{})
	go func() { u.ShowSavePuzzle(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Save Puzzle As stood still")
	}
	if strings.Contains(dialogText(u), "Not a puzzle yet") {
		t.Errorf("a draft refused: %q", dialogText(u))
	}
}

// oneCage starts a new 6×6 killer in the editor with one cage drawn, of
// r1c1 and r1c2 and the sum typed.
func oneCage(t *testing.T, u *UI, sum rune) {
	t.Helper()
	u.EnterPuzzle()
	u.editShape.SetSelected("New killer 6×6")
	u.board.OnTapped(0)
	u.board.OnTapped(1)
	u.typedRune(sum)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(u.game.Geometry().Cages()) != 1 {
		t.Fatalf("%d cages; %q", len(u.game.Geometry().Cages()), u.status.Text)
	}
}

// Enter Puzzle over a killer's game, then Cancel: nothing was drawn, so
// nothing is asked (it asked of cages "you drew").
func TestEnterOverAKillerAsksNothing(t *testing.T) {
	u, _ := newTestUI(t)
	openKiller6(t, u)
	u.EnterPuzzle()
	u.cancelEdit()
	if len(u.modals) != 0 || u.game.Editing() {
		t.Errorf("Cancel over nothing drawn: %d dialogs, editing %v: %q", len(u.modals), u.game.Editing(), dialogText(u))
	}
}
