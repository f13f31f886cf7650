package gui

import (
	"context"
	"fmt"
	"image/color"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/gui/store"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// On a wide window the board and its panel stay together, centred; on a
// narrow one the board takes what the panel leaves.
func TestBoardAndPanelStayTogether(t *testing.T) {
	board := canvas.NewRectangle(color.Transparent)
	board.SetMinSize(fyne.NewSize(270, 270))
	panel := canvas.NewRectangle(color.Transparent)
	panel.SetMinSize(fyne.NewSize(300, 200))
	objs := []fyne.CanvasObject{board, panel}
	l := &besideLayout{}
	// The panel counts at its compact width, the least it takes.
	if got := l.MinSize(objs); got != fyne.NewSize(270+compactWidth, 270) {
		t.Errorf("MinSize = %v, want %v×270", got, 270+compactWidth)
	}
	for _, c := range []struct {
		w, h, boardX, side float32
	}{
		{1600, 900, 200, 900}, // wide: 200 px on each side of the pair
		{800, 600, 0, 500},    // narrow: the board fills the width left
		{900, 600, 0, 600},    // exactly square
	} {
		l.Layout(objs, fyne.NewSize(c.w, c.h))
		if board.Position() != fyne.NewPos(c.boardX, 0) || board.Size() != fyne.NewSize(c.side, c.side) {
			t.Errorf("%v×%v: board at %v size %v, want x=%v side %v", c.w, c.h, board.Position(), board.Size(), c.boardX, c.side)
		}
		if panel.Position().X != board.Position().X+board.Size().Width || panel.Size().Height != c.h {
			t.Errorf("%v×%v: panel at %v size %v, not beside the board", c.w, c.h, panel.Position(), panel.Size())
		}
	}
}

// A remembered place is used only when the window's title bar would be
// on a monitor that is still there.
func TestRememberedPlaceMustBeOnAScreen(t *testing.T) {
	for _, c := range []struct {
		x, y int
		want bool
	}{
		{210, 130, true},
		{0, 0, true},
		{1180, 760, true},  // the title bar's 100×40 just fits
		{1181, 760, false}, // past the right edge
		{-5, 100, false},   // left of the screen
		{2000, 100, false}, // on a second monitor since unplugged
		{100, 1000, false}, // below the screen
	} {
		if got := onScreen(c.x, c.y, 100, 40, 0, 0, 1280, 800); got != c.want {
			t.Errorf("onScreen(%d, %d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// A window placed where it was last closed is moved back into the screen
// when it has grown since (it hung off the right and bottom edges at a
// larger FYNE_SCALE).
func TestPlaceFitsTheWindow(t *testing.T) {
	for _, c := range []struct{ x, y, w, h, wantX, wantY int }{
		{140, 172, 1000, 700, 140, 172}, // fits as it is
		{140, 172, 1264, 952, 16, 72},   // grown: moved left and up
		{100, 100, 1400, 1100, 0, 0},    // larger than the screen: its corner at the screen's
	} {
		if x, y := fitInto(c.x, c.y, c.w, c.h, 0, 0, 1280, 1024); x != c.wantX || y != c.wantY {
			t.Errorf("%d×%d at %d,%d: placed at %d,%d, want %d,%d", c.w, c.h, c.x, c.y, x, y, c.wantX, c.wantY)
		}
	}
}

// Level names start with a capital; a shape's ("12×12 expert") keep their
// digits (the first byte came out as �).
func TestTitleCase(t *testing.T) {
	for in, want := range map[string]string{"easy": "Easy", "12×12 expert": "12×12 expert", "9×9 killer easy": "9×9 killer easy", "": "", "—": "—"} {
		if got := titleCase(in); got != want {
			t.Errorf("titleCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// A window too narrow for the board beside the full panel (the browser
// open at 800×600) gets the compact panel, and a wide one the full panel;
// either way every row of the panel fits its width, in every state.
func TestCompactPanel(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	if u.content.Objects[0] != u.split {
		t.Fatal("the browser is not open")
	}
	fits := func(when string) {
		t.Helper()
		w := u.sideWidth.width
		if m := u.playPanel.Content.MinSize().Width; m > w {
			t.Errorf("%s: the panel needs %v, has %v", when, m, w)
		}
		if m := u.walkPanel.MinSize().Width; m > w {
			t.Errorf("%s: the walkthrough's panel needs %v, has %v", when, m, w)
		}
	}
	states := func(when string) {
		t.Helper()
		fits(when)
		u.game.TogglePencil()
		u.refreshPanel()
		fits(when + ", pencil on")
		u.game.TogglePencil()
		u.refreshPanel()
		u.showHintBox("There is a mistake", "r1c1 is wrong.", true)
		fits(when + ", a mistake shown")
		u.showHintBox("Hint · Dynamic contradiction forcing chains (9.5)", "Whatever r1c1 holds.", false)
		fits(when + ", a long hint's name shown")
		u.clearHint()
	}
	u.win.Resize(fyne.NewSize(800, 600))
	side := u.board.Size().Width
	if !u.compact || u.undoBtn.Text != "" || u.pencilBtn.Text != "" {
		t.Fatalf("800×600 with the browser: compact %v, undo %q, pencil %q", u.compact, u.undoBtn.Text, u.pencilBtn.Text)
	}
	states("compact")
	u.win.Resize(fyne.NewSize(1400, 900))
	if u.compact || u.undoBtn.Text != "Undo" || u.pencilBtn.Text != "Pencil" {
		t.Fatalf("1400×900: compact %v, undo %q, pencil %q", u.compact, u.undoBtn.Text, u.pencilBtn.Text)
	}
	states("full")
	// Back at 800×600, the compact panel gives the board the width the
	// full one took (about 305 px).
	u.win.Resize(fyne.NewSize(800, 600))
	if got := u.board.Size().Width; got != side || side < 350 {
		t.Errorf("board %v then %v at 800×600", side, got)
	}
}

// In a window too narrow for the puzzle list beside a playable board
// (800×600 at FYNE_SCALE=1.5 is 533 units wide), the list gives way to
// the board, and comes back when the window is widened.
func TestNarrowWindowHidesTheList(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	if u.content.Objects[0] != u.split {
		t.Fatal("the list is not shown")
	}
	u.win.Resize(fyne.NewSize(533, 400))
	if u.content.Objects[0] == u.split || u.status.Text != narrowText {
		t.Fatalf("533×400: the list is still shown (status %q)", u.status.Text)
	}
	if side := u.board.Size().Width; side < 250 {
		t.Errorf("533×400: the board is %v", side)
	}
	u.Next() // Page Down still moves through the file
	if u.coll.Index != 1 {
		t.Errorf("Next went to %d", u.coll.Index)
	}
	// The panel says which puzzle it is, as the list would have.
	if !strings.HasPrefix(u.levelSeg.Text, "#2 · ") {
		t.Errorf("narrow: level line %q, want the puzzle's number first", u.levelSeg.Text)
	}
	u.win.Resize(fyne.NewSize(1000, 680))
	if u.content.Objects[0] != u.split || u.status.Text == narrowText {
		t.Errorf("widened: list shown %v, status %q", u.content.Objects[0] == u.split, u.status.Text)
	}
	if strings.HasPrefix(u.levelSeg.Text, "#") {
		t.Errorf("widened: level line %q", u.levelSeg.Text)
	}
}

// A hint takes the solver's place and keeps its height: it came in above
// the solver, pushed Solve below the panel's fold at the first window
// size, and everything jumped back when it went. The solver's figures
// have two lines kept for them, so that a run does not grow the panel.
func TestHintKeepsThePanelStill(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(1000, 680))
	panelHeight := func() float32 { return u.playPanel.Content.MinSize().Height }
	before, hintAt := panelHeight(), u.hintBtn.Position()
	u.showHintBox("Hint · Cell forcing chains", strings.Repeat("Whatever r1c1 holds, r5c4 cannot be 4. ", 12), true)
	if got := panelHeight(); got != before || u.hintBtn.Position() != hintAt {
		t.Errorf("with a hint the panel is %v high (%v before), Hint at %v (%v)", got, before, u.hintBtn.Position(), hintAt)
	}
	if u.solverBox.Visible() || !u.hintBox.Visible() {
		t.Error("the hint is not in the solver's place")
	}
	if u.playPanel.Size().Height < before {
		t.Errorf("at the first window size the panel scrolls: %v of %v shown", u.playPanel.Size().Height, before)
	}
	u.clearHint()
	if !u.solverBox.Visible() || u.hintBox.Visible() || panelHeight() != before {
		t.Error("the solver's controls did not come back as they were")
	}
	u.solveStats.SetText(statsText(solver.Stats{Iterations: 1234567, Depth: 40, MaxDepth: 51, Backtracks: 1234000}, 0, true))
	if got := panelHeight(); got != before {
		t.Errorf("a run's figures grew the panel from %v to %v", before, got)
	}
}

// A window too low for the side panel in one column and wide enough for
// two beside a board of its full height (a 1366×768 laptop screen at
// 150 % leaves some 910×470 units) shows the solver and the hints in a
// column of their own: Solve was below the panel's fold there, and a
// third of the width empty. Higher, the panel is one column again.
func TestShortWideWindowTwoColumns(t *testing.T) {
	u, _ := newTestUI(t)
	d := fyne.CurrentApp().Driver()
	inside := func(when string, objs ...fyne.CanvasObject) {
		t.Helper()
		c := u.win.Canvas().Size()
		for _, o := range objs {
			p, s := d.AbsolutePositionForObject(o), o.Size()
			if p.X < 0 || p.Y < 0 || p.X+s.Width > c.Width || p.Y+s.Height > c.Height || s.Width <= 0 {
				t.Errorf("%s: %T at %v size %v, outside the window's %v", when, o, p, s, c)
			}
		}
	}
	u.win.Resize(fyne.NewSize(910, 470))
	if !u.panelCols.two {
		t.Fatal("910×470: the panel is one column")
	}
	if got := u.playPanel.Size().Height; got < u.playPanel.Content.MinSize().Height {
		t.Errorf("910×470: the panel scrolls (%v of %v shown)", got, u.playPanel.Content.MinSize().Height)
	}
	if w := u.playPanel.Content.MinSize().Width; w > u.sideWidth.width {
		t.Errorf("910×470: the panel needs %v, has %v", w, u.sideWidth.width)
	}
	if side := u.board.Size().Height; side < 470-2*compactGain {
		t.Errorf("910×470: the board is %v high", side)
	}
	inside("910×470", u.solveBtn, u.stepBtn, u.algoSelect, u.speedSel, u.hintBtn, u.revealBtn, u.pad[9], u.pauseBtn)
	for _, l := range u.toolLines {
		if l.Visible() {
			t.Error("910×470: a line parts the solver's column from nothing")
		}
	}
	u.showHintBox("Hint · Cell forcing chains", strings.Repeat("Whatever r1c1 holds, r5c4 cannot be 4. ", 12), true)
	inside("910×470 with a hint", u.hintTitle, u.hintUndo, u.hintBtn)
	u.clearHint()

	u.win.Resize(fyne.NewSize(1400, 900))
	if u.panelCols.two || u.sideWidth.width != panelWidth || u.compact {
		t.Errorf("1400×900: two columns %v, width %v, compact %v", u.panelCols.two, u.sideWidth.width, u.compact)
	}
	if !u.toolLines[1].Visible() {
		t.Error("1400×900: no line above the solver")
	}
	inside("1400×900", u.solveBtn, u.hintBtn)
}

// The browser's header breaks a long file name after an underscore or a
// dash, not mid-word ("puzzles2_17_cl" over "ue.txt").
func TestFileNameBreaksAtUnderscores(t *testing.T) {
	for in, want := range map[string]string{
		"puzzles2_17_clue.txt": "puzzles2_\u200a17_\u200aclue.txt",
		"a-b__c_":              "a-\u200ab__\u200ac_",
		"plain.txt":            "plain.txt",
	} {
		if got := breakable(in); got != want {
			t.Errorf("breakable(%q) = %q, want %q", in, got, want)
		}
	}
	u, _ := newTestUI(t)
	name := "puzzles2_17_clue.txt"
	path := filepath.Join(t.TempDir(), name)
	data, err := os.ReadFile(seeds)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	u.OpenFile(path)
	if got := u.browse.head.Text; got != breakable(name) || strings.ReplaceAll(got, "\u200a", "") != name {
		t.Errorf("header %q", got)
	}
}

// A hint's text has the panel's height down to its foot: a chain's dozen
// lines showed half of them in a box the solver's controls' height, with
// the rest of the panel empty below it.
func TestHintTextHasThePanelsHeight(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(1000, 680))
	u.showHintBox("Hint · Forcing chain (7.3)", strings.Repeat("if r6c3 is 6, then r6c3 cannot be 3, then r5c3 must be 3, ", 5), false)
	need, got := u.hintText.MinSize().Height, u.hintScroll.Size().Height
	if got < need {
		t.Errorf("the hint's text needs %v, has %v", need, got)
	}
	d := fyne.CurrentApp().Driver()
	foot := d.AbsolutePositionForObject(u.hintScroll).Y + u.hintScroll.Size().Height
	panelFoot := d.AbsolutePositionForObject(u.playPanel).Y + u.playPanel.Size().Height
	if panelFoot-foot > 2*theme.Padding() {
		t.Errorf("the hint ends at %v, the panel at %v", foot, panelFoot)
	}
}

// Pencil marks that leave out a cell's digit are mended for the hint's
// reasoning, and the hint says so: the player learns of the mark (it was
// mended without a word).
func TestHintSaysWhichMarksItMended(t *testing.T) {
	u, cell := wrongMark(t)
	u.Hint()
	<-u.workDone
	// It names the digits the marks leave out, one of them the cell's
	// (the mark taken out here: "a digit it can hold" left the player to
	// find which).
	name := cellList(u.game.Geometry(), []int{cell})
	want := fmt.Sprintf("Your pencil marks leave out a digit the cell holds: %s without %d. The hint uses all its candidates there", name, solutionOf(u.game)[cell])
	if !strings.Contains(u.hintText.Text, want) {
		t.Errorf("first press: %q, want %q", u.hintText.Text, want)
	}
	u.Hint()
	if !strings.Contains(u.hintText.Text, want) {
		t.Errorf("second press: %q", u.hintText.Text)
	}
}

// A chain's hint says what its colours mean (green, blue and red
// candidates came with no key); a step without links gets no key.
func TestChainHintHasAColourKey(t *testing.T) {
	chain := logic.Step{Text: "Suppose r1c1 is 4: …", Links: []logic.Link{{}}, Eliminations: []logic.Candidate{{Cell: 0, Digit: 4}}}
	if k := colourKey(chain); !strings.Contains(k, "green") || !strings.Contains(k, "blue") || !strings.Contains(k, "red") {
		t.Errorf("key %q", k)
	}
	if k := colourKey(logic.Step{Text: "In box 1, 6 can only go in r2c2."}); k != "" {
		t.Errorf("a single got a key: %q", k)
	}
}

// The walkthrough goes on from the player's candidates as well as their
// digits: after a hint's elimination was applied, it began again with
// that elimination.
func TestWalkthroughFromThePlayersMarks(t *testing.T) {
	u, _ := newTestUI(t)
	playGrid(t, u, "Marks", ".9..5.1...57..42..2..3.6.....392.8..8.......7..1.639.....7.9..5..65..49...5.4..8.")
	// Hints up to and including the first elimination-only step.
	applied := ""
	for n := 0; n < 60 && applied == ""; n++ {
		u.Hint()
		<-u.workDone
		if u.hint == nil {
			t.Fatal("no hint")
		}
		st := u.hint.step
		u.Hint() // the cells
		u.Hint() // applied
		if len(st.Placements) == 0 {
			applied = st.Text
		}
	}
	if applied == "" {
		t.Fatal("no elimination among the first hints")
	}
	u.Walkthrough()
	<-u.workDone
	if u.walk == nil || len(u.walk.steps) == 0 {
		t.Fatal("no walkthrough")
	}
	for _, st := range u.walk.steps {
		if st.Text == applied {
			t.Errorf("the walkthrough makes the applied step again: %s", applied)
		}
	}
	if u.status.Text != walkFromHere {
		t.Errorf("status %q", u.status.Text)
	}
	// It ends solved, on the solution.
	u.WalkStep(1000)
	if !slices.Equal(u.board.overlay, solutionOf(u.game)) {
		t.Error("the walkthrough does not end on the solution")
	}
}

// Enter Puzzle keeps the board where it was and its size: its controls
// take the clock's and the play buttons' place in the panel (as a bar
// above the board they moved it down and shrank it, and the panel kept a
// clock, Undo, Hint and Solve that did nothing). Start brings them back.
func TestEditorKeepsTheBoardStill(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1000, Height: 680}, {Width: 910, Height: 470}} {
		editorKeepsTheBoardStill(t, size)
	}
}

// editorKeepsTheBoardStill is TestEditorKeepsTheBoardStill at one
// window size (910×470: the panel in two columns, which moved the board
// when the editor's panel fitted in one).
func editorKeepsTheBoardStill(t *testing.T, winSize fyne.Size) {
	u, _ := newTestUI(t)
	u.win.Resize(winSize)
	d := fyne.CurrentApp().Driver()
	pos, size := d.AbsolutePositionForObject(u.board), u.board.Size()
	u.EnterPuzzle()
	if !u.game.Editing() {
		t.Fatal("not editing")
	}
	if p := d.AbsolutePositionForObject(u.board); p != pos || u.board.Size() != size {
		t.Errorf("the board moved from %v %v to %v %v", pos, size, p, u.board.Size())
	}
	for _, o := range []fyne.CanvasObject{u.timerRow, u.undoRow, u.helpRow, u.tools} {
		if o.Visible() {
			t.Errorf("%T shown while editing", o)
		}
	}
	c := u.win.Canvas().Size()
	for _, o := range []fyne.CanvasObject{u.editShape, u.editStart, u.editText, u.pad[9]} {
		p := d.AbsolutePositionForObject(o)
		if !o.Visible() || o.Size().Width <= 0 || p.Y+o.Size().Height > c.Height || p.X+o.Size().Width > c.Width {
			t.Errorf("%T at %v size %v (window %v)", o, p, o.Size(), c)
		}
	}
	u.cancelEdit()
	if u.game.Editing() || !u.timerRow.Visible() || !u.tools.Visible() || u.editBar.Visible() {
		t.Error("Cancel did not bring the play controls back")
	}
	if p := d.AbsolutePositionForObject(u.board); p != pos || u.board.Size() != size {
		t.Errorf("after Cancel the board is at %v %v, was %v %v", p, u.board.Size(), pos, size)
	}
}

// The editor's word on the givens has two lines kept for it: the pad
// below dropped by a line whenever it wrapped, and rose again.
func TestEditorTextKeepsThePadStill(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(1000, 680))
	u.EnterPuzzle()
	u.editText.SetText("0 givens")
	before := u.editBar.MinSize().Height
	u.editText.Resize(fyne.NewSize(u.editText.Size().Width, u.editText.MinSize().Height))
	u.editText.SetText("17 givens · more than one solution: add givens, then more givens")
	u.editText.Resize(fyne.NewSize(u.editText.Size().Width, u.editText.MinSize().Height))
	if after := u.editBar.MinSize().Height; after != before {
		t.Errorf("the editor's rows grew from %v to %v high: the pad below moves", before, after)
	}
}

// The walkthrough from the player's position says which cells' marks it
// mended (a hint says so; the walkthrough put the digit back without a
// word).
func TestWalkthroughSaysWhichMarksItMended(t *testing.T) {
	u, cell := wrongMark(t)
	u.Walkthrough()
	<-u.workDone
	if want := fmt.Sprintf(walkMended, cellList(u.game.Geometry(), []int{cell})); u.status.Text != want {
		t.Errorf("status %q, want %q", u.status.Text, want)
	}
}

// Preferences fit a small window (800×600 at FYNE_SCALE=1.5 is 533×400):
// the form scrolls in a dialog no larger than the window (Close lay over
// a row and the last rows were out of reach); on a larger window the
// dialog takes the form's size.
func TestPreferencesFitTheWindow(t *testing.T) {
	need := fyne.NewSize(500, 420)
	if s := fitDialog(need, fyne.NewSize(533, 400)); s.Width > 533 || s.Height > 400 {
		t.Errorf("533×400: %v", s)
	}
	if s := fitDialog(need, fyne.NewSize(1000, 680)); s.Width < need.Width || s.Height < need.Height+dialogChrome {
		t.Errorf("1000×680: %v", s)
	}
}

// On a window too low for the panel in one column (and too narrow for
// two), a hint scrolls into view: its explanation was below the fold.
func TestHintScrollsIntoView(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds) // the puzzle list takes the width two columns need
	u.win.Resize(fyne.NewSize(910, 470))
	if u.panelCols.two {
		t.Skip("two columns at this size")
	}
	if u.playPanel.Content.MinSize().Height <= u.playPanel.Size().Height {
		t.Skip("the panel fits")
	}
	u.showHintBox("Hint · Forcing chain (7.3)", "Suppose r6c3 is 6: then r6c3 cannot be 3.", false)
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(u.playPanel).Y
	foot := top + u.playPanel.Size().Height
	if y := d.AbsolutePositionForObject(u.hintText).Y; y < top || y+u.hintText.MinSize().Height > foot {
		t.Errorf("the hint's text at %v, the panel shows %v to %v", y, top, foot)
	}
	u.clearHint()
	if u.playPanel.Offset.Y != 0 {
		t.Errorf("the panel stays scrolled to %v", u.playPanel.Offset.Y)
	}
}

// Under 1 % the browser counts the levels worked out ("0 %" stood for
// minutes on a file of the hardest puzzles).
func TestRatingStateCounts(t *testing.T) {
	for _, c := range []struct {
		rated, total int
		want         string
	}{
		{312, 39937, "rating levels: 312 of 39,937"},
		{400, 39937, "rating levels: 1%"},
		{0, 10, "rating levels: 0 of 10"},
		{5, 10, "rating levels: 50%"},
	} {
		if got := ratingState(c.rated, c.total); got != c.want {
			t.Errorf("ratingState(%d, %d) = %q, want %q", c.rated, c.total, got, c.want)
		}
	}
}

// wrongMark opens the seeds with every candidate pencilled in, and the
// first empty cell's own digit taken out of its marks; it returns the
// window and that cell.
func wrongMark(t *testing.T) (*UI, int) {
	t.Helper()
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	sol := solutionOf(u.game)
	u.game.AutoCandidates()
	cell, _ := firstEmpty(u.game)
	u.game.Select(cell)
	u.game.SetPencil(true)
	u.game.ToggleMark(sol[cell]) // takes the right digit out of the marks
	u.game.SetPencil(false)
	return u, cell
}

// The browser's file name and count have the list's whole width: between
// the arrows a narrow list broke the name into four pieces, and the count
// beside them too.
func TestBrowserNameHasTheWholeWidth(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.win.Resize(fyne.NewSize(1000, 680))
	box := u.browse.box.Size().Width
	for _, l := range []*widget.Label{u.browse.head, u.browse.count} {
		if w := l.Size().Width; w < box-4*theme.Padding() {
			t.Errorf("%q is %v wide in a list %v wide", l.Text, w, box)
		}
	}
	if u.browse.count.Truncation != fyne.TextTruncateOff {
		t.Error("the count is cut, not wrapped")
	}
}

// An editor brought back with the session has its shape list and word,
// and the board the size it has when a puzzle is typed in afresh (it was
// smaller, the shape list read "(Select one)" and the status said
// nothing).
func TestRestoredEditor(t *testing.T) {
	v, side := restartEditing(t, func(u *UI) { u.game.Enter(5) })
	if v.editShape.Selected != "Classic 9×9" || v.status.Text != editStartText {
		t.Errorf("shape %q, status %q", v.editShape.Selected, v.status.Text)
	}
	if got := v.board.Size(); got != side {
		t.Errorf("the board is %v, %v when typed in afresh", got, side)
	}
}

// A wrong digit's hint names the wrong pencil marks too (they were named
// only once no digit was wrong).
func TestMistakeHintNamesWrongMarks(t *testing.T) {
	u, cell := wrongMark(t)
	sol := solutionOf(u.game)
	for i := range sol {
		if i != cell && u.game.Cell(i).Digit == 0 && !u.game.IsGiven(i) {
			u.game.Select(i)
			u.game.Enter(sol[i]%9 + 1) // wrong
			break
		}
	}
	u.Hint()
	if !strings.Contains(u.hintText.Text, "holds a wrong digit") && !strings.Contains(u.hintText.Text, "clashes with") ||
		!strings.Contains(u.hintText.Text, "Your pencil marks in "+cellList(u.game.Geometry(), []int{cell})) {
		t.Errorf("%q", u.hintText.Text)
	}
}

// Marks a wrong digit took out itself (placing a wrong 9 takes 9 from
// its peers' marks) are not blamed on the player's pencil marks.
func TestMistakeHintLeavesOutMarksTheDigitTook(t *testing.T) {
	u, _ := newTestUI(t)
	g := playGrid(t, u, "p", "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")
	g.AutoCandidates()
	sol := solutionOf(g)
	// A cell w and a digit d wrong there that is the solution of a peer
	// whose marks hold it: entering d at w takes it from the peer.
	w, peer := -1, -1
	var d uint8
	for i := range sol {
		if g.Cell(i).Digit != 0 {
			continue
		}
		for _, p := range g.Geometry().Peers(i) {
			if q := int(p); g.Cell(q).Digit == 0 && sol[q] != sol[i] && g.Cell(i).Marks.Has(sol[q]) && g.Cell(q).Marks.Has(sol[q]) {
				w, peer, d = i, q, sol[q]
				break
			}
		}
		if w >= 0 {
			break
		}
	}
	if w < 0 {
		t.Fatal("no such cell")
	}
	g.Select(w)
	g.Enter(d)
	if g.Cell(peer).Marks.Has(d) {
		t.Fatalf("placing %d at %s left it in %s's marks", d, g.Geometry().CellName(w), g.Geometry().CellName(peer))
	}
	u.Hint()
	if strings.Contains(u.hintText.Text, "Your pencil marks") {
		t.Errorf("%q", u.hintText.Text)
	}
}

// A wrong digit that breaks a rule is named by its clash, not only as
// wrong ("r1c4 holds a wrong digit" for a 3 beside a given 3); one that
// breaks none is wrong.
func TestMistakeHintNamesTheClash(t *testing.T) {
	geo := solver.Classic
	b := solver.NewBoard(geo)
	b.Cells[4] = 3 // r1c5, a given
	b.Cells[3] = 3 // r1c4: clashes
	b.Cells[40] = 7
	if got, want := mistakeText(geo, b, []int{3, 40}), "r1c4's 3 clashes with the 3 in r1c5, in row 1; r5c5 holds a wrong digit"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// On a killer, a wrong digit that breaks its cage's sum says so (a 9 in
// a cage of sum 5 was only "a wrong digit").
func TestMistakeHintNamesTheCage(t *testing.T) {
	b, err := solver.ParseSoloID("3x3k:m5zzo,_aac_bb_aaa_a__aa_a_aba__aaa___d__a_bbab_bcb_a_aa_bbd_ab_aa_a_a_a____a__bb___a,20_28a32a24h19b12c18c13a29c27d14e22e25_12b15b10c20_28b28g9i")
	if err != nil {
		t.Fatal(err)
	}
	geo := b.Geo
	name := func(k int) string { return geo.CageName(k) }
	// A cage of two cells whose sum is under 10: a 9 takes it to 10 or
	// more.
	small := slices.IndexFunc(geo.Cages(), func(c solver.Cage) bool { return c.Sum < 10 && len(c.Cells) == 2 })
	if small < 0 {
		t.Fatal("no cage of two cells under 10")
	}
	first := int(geo.Cages()[small].Cells[0])
	over := b
	over.Cells = slices.Clone(b.Cells)
	over.Cells[first] = 9
	want := fmt.Sprintf("%s's 9 takes the %s to 10 or more", geo.CellName(first), name(small))
	if got := mistakeText(geo, over, []int{first}); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// The cage of r1c1 (sum 20, three cells): 1 and 2 leave it 12 at
	// most; 1, 2 and 3 make it 6.
	if geo.CageOf(0) != geo.CageOf(9) || geo.CageOf(0) != geo.CageOf(18) || geo.Cages()[geo.CageOf(0)].Sum != 20 {
		t.Fatal("the cage of r1c1 is not r1c1-r3c1, sum 20")
	}
	low := b
	low.Cells = slices.Clone(b.Cells)
	low.Cells[0], low.Cells[9] = 1, 2
	if got, want := mistakeText(geo, low, []int{9}), "r2c1's 2 leaves the "+name(geo.CageOf(0))+" 12 at most"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	low.Cells[18] = 3
	if got, want := mistakeText(geo, low, []int{18}), "r3c1's 3 makes the "+name(geo.CageOf(0))+" add up to 6"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// Two wrong digits are named together: the first alone was blamed
	// where the second went past the sum.
	if got, want := mistakeText(geo, low, []int{9, 18}), "r2c1's 2 and r3c1's 3 make the "+name(geo.CageOf(0))+" add up to 6"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// Print / Export fits a small window too (891×600 at FYNE_SCALE=1.5 is
// 594×400): its form scrolls in a dialog no larger than the window, so
// the solutions check can be reached (Cancel and Save lay over the Paper
// and Title rows); on a large window nothing scrolls.
func TestPrintDialogFitsTheWindow(t *testing.T) {
	for _, c := range []struct {
		size   fyne.Size
		scroll bool
	}{{fyne.NewSize(594, 400), true}, {fyne.NewSize(1120, 760), false}} {
		u, _ := newTestUI(t)
		u.win.Resize(c.size)
		u.ShowPrintDialog()
		top := u.win.Canvas().Overlays().Top()
		var scroll *container.Scroll
		var check bool
		for _, o := range test.LaidOutObjects(top) {
			if s, ok := o.(*container.Scroll); ok {
				if _, form := s.Content.(*widget.Form); form {
					scroll = s
				}
			}
			if b, ok := o.(*dialogCheck); ok && strings.Contains(b.Text, "solutions") {
				check = true
			}
		}
		if (scroll != nil) != c.scroll || !check {
			t.Errorf("%v: scrolls %v, solutions check %v", c.size, scroll != nil, check)
		}
		if sz := u.modals[len(u.modals)-1].d.MinSize(); c.scroll && (sz.Height > c.size.Height || sz.Width > c.size.Width) {
			t.Errorf("%v: the dialog needs %v", c.size, sz)
		}
	}
}

// A shape's level list keeps the level chosen, or the nearest it offers:
// Extreme on a shape that goes up to Insane is Insane (it went to Easy).
func TestNearestLevel(t *testing.T) {
	ls := []string{"Easy", "Medium", "Hard", "Expert", "Insane"}
	for want, got := range map[string]string{"Extreme": "Insane", "Hard": "Hard", "": "Easy", "Easy": "Easy"} {
		if n := nearestLevel(ls, want); n != got {
			t.Errorf("%q: %q, want %q", want, n, got)
		}
	}
	if n := nearestLevel([]string{"Medium", "Hard"}, "Easy"); n != "Medium" {
		t.Errorf("Easy among Medium and Hard: %q", n)
	}
}

// Statistics with a variant's row: the classic rows say they are classic,
// and the long name widens its own column only (in one grid every column
// took its width, and the dialog jumped to the window's).
func TestStatisticsNameTheShape(t *testing.T) {
	u, _ := newTestUI(t)
	u.settings.Stats = map[string]*store.Stats{"6×6 killer medium": {Played: 1}}
	u.ShowStatistics()
	classic := false
	for _, o := range test.LaidOutObjects(u.win.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok && l.Text == "Classic easy" {
			classic = true
		}
	}
	if w := u.modals[len(u.modals)-1].d.MinSize().Width; !classic || w > 800 {
		t.Errorf("classic rows named %v, dialog %v wide", classic, w)
	}
}

// Statistics in a window too short for the table (800×600 at 150 %): each
// level's figures stay on its line, and the dialog fits (the figures'
// rows were squeezed beside a column of names: extreme's win showed on
// the insane line, and Close covered the extreme line).
func TestStatisticsInAShortWindow(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(523, 352))
	u.settings.Stats = map[string]*store.Stats{"extreme": {Played: 7, Won: 7}}
	u.ShowStatistics()
	top := u.win.Canvas().Overlays().Top()
	if s := u.modals[len(u.modals)-1].d.MinSize(); s.Height > 352 || s.Width > 523 {
		t.Errorf("the dialog needs %v of a window 523×352", s)
	}
	d := fyne.CurrentApp().Driver()
	var name, seven *widget.Label
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok && l.Text == "Extreme" {
			name = l
		} else if ok && l.Text == "7" && seven == nil {
			seven = l
		}
	}
	if name == nil || seven == nil {
		t.Fatal("no extreme line")
	}
	if a, b := d.AbsolutePositionForObject(name).Y, d.AbsolutePositionForObject(seven).Y; a != b {
		t.Errorf("Extreme at y %v, its figures at %v", a, b)
	}
}

// Keyboard Shortcuts fit a narrow window (891×600 at FYNE_SCALE=1.5): the
// rows wrap, where the dialog ran past the window's edge.
func TestShortcutsFitTheWindow(t *testing.T) {
	u, _ := newTestUI(t)
	u.win.Resize(fyne.NewSize(594, 400))
	u.showShortcuts()
	if w := u.modals[len(u.modals)-1].d.MinSize().Width; w > 594 {
		t.Errorf("the dialog needs %v of a 594 window", w)
	}
}

// A hint that builds on pencil marks leaving out digits the board allows
// says so: a learner who crossed 7 out of r5c5 without a reason was told
// "1 is the only candidate left in r5c5" as if the board said it. Only the
// cells and digits the step reasons from are named.
func TestHintSaysItBuildsOnYourMarks(t *testing.T) {
	b := solver.BoardOf(solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))
	cands := b.Candidates()
	cell := -1
	for i, m := range cands {
		if b.Cells[i] == 0 && bits.OnesCount32(m) >= 2 {
			cell = i
			break
		}
	}
	keep := uint32(1) << bits.TrailingZeros32(cands[cell])
	dropped := cands[cell] &^ keep
	cands[cell] = keep
	name := b.Geo.CellName(cell)
	naked := logic.Step{Technique: logic.NakedSingle, Placements: []logic.Candidate{{Cell: cell, Digit: uint8(bits.TrailingZeros32(keep))}}}
	none := func(int) game.Marks { return 0 }
	note := marksNote(naked, b, cands, none)
	if !strings.Contains(note, "This step builds on your pencil marks") || !strings.Contains(note, " in "+name) {
		t.Errorf("naked single: %q", note)
	}
	for d := 1; d <= 9; d++ {
		if dropped&(1<<d) != 0 && !strings.Contains(note, strconv.Itoa(d)) {
			t.Errorf("naked single: %q does not name %d", note, d)
		}
	}
	// A hidden single elsewhere in the row: only its digit counts.
	row := solver.Unit{Kind: solver.RowUnit, Index: cell / 9}
	other := logic.Step{Technique: logic.HiddenSingleRow, Units: []solver.Unit{row}, Placements: []logic.Candidate{{Cell: (cell/9)*9 + (cell%9+1)%9, Digit: uint8(bits.TrailingZeros32(keep))}}}
	if note := marksNote(other, b, cands, none); note != "" {
		t.Errorf("a hidden single of the digit kept: %q", note)
	}
	if note := marksNote(naked, b, b.Candidates(), none); note != "" {
		t.Errorf("no marks left out: %q", note)
	}
	// Digits a hint took out are not the player's doing.
	byHint := func(i int) game.Marks {
		if i == cell {
			return game.Marks(dropped)
		}
		return 0
	}
	if note := marksNote(naked, b, cands, byHint); note != "" {
		t.Errorf("marks a hint took out: %q", note)
	}
	// Pointing in a box reasons from the box: a digit missing from the
	// line outside the box is not built on, one missing in the box is.
	// A cell, a digit it allows, a cell of its box outside its row and a
	// cell of its row outside its box that allow it too.
	full := b.Candidates()
	var at, inBox, onLine int = -1, -1, -1
	var d uint8
search:
	for i := range full {
		for x := full[i]; b.Cells[i] == 0 && x != 0; x &= x - 1 {
			d, inBox, onLine = uint8(bits.TrailingZeros32(x)), -1, -1
			for j, m := range full {
				if b.Cells[j] != 0 || m&(1<<d) == 0 || j == i {
					continue
				}
				if solver.Box(j) == solver.Box(i) && j/9 != i/9 && inBox < 0 {
					inBox = j
				}
				if j/9 == i/9 && solver.Box(j) != solver.Box(i) && onLine < 0 {
					onLine = j
				}
			}
			if inBox >= 0 && onLine >= 0 {
				at = i
				break search
			}
		}
	}
	if at < 0 {
		t.Fatal("no cells to test pointing with")
	}
	row = solver.Unit{Kind: solver.RowUnit, Index: at / 9}
	box := solver.Box(at)
	pointing := logic.Step{Technique: logic.Pointing, Units: []solver.Unit{{Kind: solver.BoxUnit, Index: box}, row},
		Pattern: []logic.Candidate{{Cell: at, Digit: d}}}
	marks := b.Candidates()
	marks[onLine] &^= 1 << d
	if note := marksNote(pointing, b, marks, none); note != "" {
		t.Errorf("pointing, %d left out on the line at %s: %q", d, b.Geo.CellName(onLine), note)
	}
	marks[inBox] &^= 1 << d
	if note := marksNote(pointing, b, marks, none); !strings.Contains(note, b.Geo.CellName(inBox)) || strings.Contains(note, b.Geo.CellName(onLine)) {
		t.Errorf("pointing, %d left out in the box at %s: %q", d, b.Geo.CellName(inBox), note)
	}
	// A pattern's cells count with all their digits only where the step
	// needs what they hold: not in pointing.
	marks = b.Candidates()
	marks[at] = 1 << d
	if note := marksNote(pointing, b, marks, none); note != "" {
		t.Errorf("pointing, other digits left out of its own cell: %q", note)
	}
}

// An error that starts with a file's name keeps it as it is ("nosol.txt:1:
// …" read "Nosol.txt:1: …" in the dialog); a sentence gets its capital.
func TestCapitalizeKeepsFileNames(t *testing.T) {
	for in, want := range map[string]string{
		"nosol.txt:1: the givens have no solution": "nosol.txt:1: the givens have no solution",
		"/tmp/x: is a directory":                   "/tmp/x: is a directory",
		"no puzzles, only blank lines":             "No puzzles, only blank lines",
		"":                                         "",
	} {
		if got := capitalize(in); got != want {
			t.Errorf("capitalize(%q) = %q", in, got)
		}
	}
}

// A chain that places a digit and removes none does not speak of red
// digits (a Turbot fish by contradiction said "the red ones go" over a
// board with none).
func TestColourKeyFitsTheStep(t *testing.T) {
	link := []logic.Link{{}}
	place := logic.Step{Links: link, Placements: []logic.Candidate{{Cell: 0, Digit: 6}}}
	elim := logic.Step{Links: link, Eliminations: []logic.Candidate{{Cell: 0, Digit: 6}}}
	if k := colourKey(place); strings.Contains(k, "red") || !strings.Contains(k, "yellow") {
		t.Errorf("a placement: %q", k)
	}
	if k := colourKey(elim); !strings.Contains(k, "the red ones go") {
		t.Errorf("an elimination: %q", k)
	}
}

// New puzzles printed from the window carry their seed in the caption,
// named as `sudoku generate` names them: the booklet is the only place
// they are kept.
func TestNewPuzzlesPrintTheirSeed(t *testing.T) {
	p, err := generator.GenerateBoard(context.Background(), generator.BoardOptions{Variant: generator.Killer, Size: 6, Level: logic.Easy, Seed: 123})
	if err != nil {
		t.Fatal(err)
	}
	e := newEntries([]generator.BoardPuzzle{p})[0]
	if want := fmt.Sprintf("easy %.1f seed 123", p.Rating.Score); e.Name != want || e.Level != "easy" {
		t.Errorf("%+v, want the name %q", e, want)
	}
}

// In one column a hint takes the pad's and the solver's place below Hint,
// Check and Reveal: a chain's text showed half its lines in the solver's
// box (1024×768 with the puzzle list open), and the panel scrolled the
// clock out of sight to show it. Hint stays where it was, the clock in
// view, and the pad comes back when the hint goes.
func TestHintTakesThePadsPlaceInOneColumn(t *testing.T) {
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), "two.txt")
	os.WriteFile(path, []byte(".7..........6...948....5.3.52..4.1....3.2.6....4.5..29.3.7....865...3..........7.\n"+
		"5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n"), 0o644)
	if !u.OpenFile(path) {
		t.Fatal("not opened")
	}
	u.win.Resize(fyne.NewSize(1000, 690))
	if u.panelCols.two {
		t.Fatal("the panel is in two columns at 1000×690 with the list open")
	}
	d := fyne.CurrentApp().Driver()
	at := func(o fyne.CanvasObject) float32 { return d.AbsolutePositionForObject(o).Y }
	help, timer := at(u.helpRow), at(u.timerRow)
	u.showHintBox("Hint · Forcing chain (7.1)", strings.Repeat("Suppose r1c4 is 1: then r3c5 cannot be 1, then r9c5 must be 1, ", 5)+
		"a contradiction. On the board, the chain's links set the green digits and rule out the blue ones; the red ones go. Press Hint again to apply it.", false)
	if need, got := u.hintText.MinSize().Height, u.hintScroll.Size().Height; got < need {
		t.Errorf("the hint's text needs %v, has %v", need, got)
	}
	if at(u.helpRow) != help || at(u.timerRow) != timer || u.playPanel.Offset.Y != 0 {
		t.Errorf("Hint row at %v (was %v), clock at %v (was %v), panel scrolled %v", at(u.helpRow), help, at(u.timerRow), timer, u.playPanel.Offset.Y)
	}
	if u.padArea.Visible() || !u.hintBox.Visible() || at(u.hintBox) < help+u.helpRow.Size().Height {
		t.Errorf("pad shown %v, hint at %v under the Hint row at %v", u.padArea.Visible(), at(u.hintBox), help)
	}
	foot := at(u.hintBox) + u.hintBox.Size().Height
	if view := at(u.playPanel) + u.playPanel.Size().Height; foot > view+1 {
		t.Errorf("the hint's foot at %v, below the view's at %v", foot, view)
	}
	u.clearHint()
	if !u.padArea.Visible() || at(u.helpRow) != help || at(u.timerRow) != timer {
		t.Errorf("after the hint: pad shown %v, Hint row at %v, clock at %v", u.padArea.Visible(), at(u.helpRow), at(u.timerRow))
	}
	// A view too low (800×600 at FYNE_SCALE=1.5): the panel scrolls Hint,
	// Check and Reveal to its top, the hint below them in view.
	u.win.Resize(fyne.NewSize(533, 370))
	u.showHintBox("Hint · Hidden single (box) (1.2)", "In box 3, 1 can only go in r1c7, so it goes there. Press Hint again to apply it.", false)
	top, view := at(u.playPanel), u.playPanel.Size().Height
	if h := at(u.helpRow); u.panelCols.two || h < top-1 || h > top+view/3 {
		t.Errorf("two columns %v; the Hint row at %v in a view from %v to %v", u.panelCols.two, h, top, top+view)
	}
	if need, got := u.hintText.MinSize().Height, u.hintScroll.Size().Height; got < need || at(u.hintScroll)+need > top+view {
		t.Errorf("the hint's text at %v needs %v, has %v, the view ends at %v", at(u.hintScroll), need, got, top+view)
	}
	u.clearHint()
	if u.playPanel.Offset.Y != 0 {
		t.Errorf("the panel stays scrolled by %v", u.playPanel.Offset.Y)
	}
	// A view with the room under the pad (a 1920×1080 screen): the hint
	// takes the solver's place alone, the pad kept above it (it hid the
	// pad, Erase and Auto marks there too).
	u.win.Resize(fyne.NewSize(1900, 1040))
	if u.panelCols.two {
		t.Fatal("two columns at 1900×1040")
	}
	pad := at(u.padArea)
	u.showHintBox("Hint · Forcing chain (7.1)", strings.Repeat("Suppose r1c4 is 1: then r3c5 cannot be 1, then r9c5 must be 1, ", 5)+"a contradiction.", false)
	if !u.padArea.Visible() || at(u.padArea) != pad || at(u.hintBox) < pad+u.padArea.Size().Height {
		t.Errorf("pad shown %v at %v (was %v); the hint at %v, the pad's foot at %v", u.padArea.Visible(), at(u.padArea), pad, at(u.hintBox), pad+u.padArea.Size().Height)
	}
	if need, got := u.hintText.MinSize().Height, u.hintScroll.Size().Height; got < need || u.playPanel.Offset.Y != 0 {
		t.Errorf("the hint's text needs %v, has %v; the panel scrolled %v", need, got, u.playPanel.Offset.Y)
	}
	u.clearHint()
	if !u.padArea.Visible() || !u.solverBox.Visible() || u.panelCols.hintBelow {
		t.Error("after the hint, the pad or the solver did not come back")
	}
}

// A file of more puzzles than a booklet of the window takes has no "All"
// in Print: its puzzles print by number, checked as typed ("All" of a
// million made a 258,080-page PDF in 7 minutes and 2.5 GB).
func TestPrintPartOfABigFile(t *testing.T) {
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), "many.txt")
	line := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n"
	os.WriteFile(path, []byte(strings.Repeat(line, maxWindowBooklet+1)), 0o644)
	if !u.OpenFile(path) {
		t.Fatal("not opened")
	}
	u.ShowPrintDialog()
	_, _, _, _, what := printWidgets(u)
	numbers := printNumbers(u)
	if what == nil || numbers == nil {
		t.Fatal("no choice of puzzles, or no numbers to type")
	}
	for _, o := range what.Options {
		if strings.HasPrefix(o, "All ") {
			t.Errorf("offered %q", o)
		}
	}
	// Why "All" is not there, said where it would be.
	what.SetSelected("Puzzles by number, 10,000 at most")
	if what.Selected == "" {
		t.Fatalf("options %q", what.Options)
	}
	for text, ok := range map[string]bool{"101-112": true, "9002-": true, "-10000": true, "1-": false, "1-10001": false, "20000": false, "12-3": false, "x": false, "5,17,42": true, "1-5000,5002-": true, "1-5000,5001-": false, "5,x": false} {
		numbers.SetText(text)
		if err := numbers.Validate(); (err == nil) != ok {
			t.Errorf("%q: %v", text, err)
		}
	}
	if got := u.exportEntries(exportRequest{all: true, sel: selection(t, "101-112")}); len(got) != 12 {
		t.Errorf("101-112: %d entries", len(got))
	}
}

// The current puzzle's row shows whole in the list, with room around it:
// ScrollTo put it at the list's edge, and a list made a little shorter
// after (a second line in its header) left it out of sight after a
// restart. A row already in view does not move.
func TestBrowserCurrentRowInView(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(bigFile(t, 300))
	u.GoTo(150)
	l := u.browse.list
	top := l.GetScrollOffset()
	rowInView(t, u, 150)
	u.GoTo(151) // in view: the list stays
	if l.GetScrollOffset() != top {
		t.Errorf("the list moved from %v to %v for a row in view", top, l.GetScrollOffset())
	}
}

// A finished run's figures show whole, the panel scrolled just enough,
// on a window too low for the whole panel: their last line, with the
// time, lay below the fold at the first window size with the list open.
func TestFinishedRunsFiguresShow(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.SetAlgorithm(solver.DFS)
	u.SetSpeed(len(speeds) - 1)
	for _, size := range []fyne.Size{{Width: 800, Height: 560}, {Width: 1000, Height: 680}} {
		u.win.Resize(size)
		u.GoTo(2) // devil: five-digit figures, which wrap to four lines
		r := u.StartSolve()
		<-r.done
		d := fyne.CurrentApp().Driver()
		foot := d.AbsolutePositionForObject(u.solveStats).Y + u.solveStats.Size().Height
		view := d.AbsolutePositionForObject(u.playPanel).Y + u.playPanel.Size().Height
		if foot > view+1 || u.solveStats.Size().Height < u.solveStats.MinSize().Height {
			t.Errorf("%v: the figures end at %v, the panel's view at %v (scrolled %v)", size, foot, view, u.playPanel.Offset.Y)
		}
		scrolled := u.playPanel.Offset.Y > 0
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		// Back to the game, the panel is back at its top: the level line
		// and the clock stayed out of sight.
		if scrolled && u.playPanel.Offset.Y != 0 {
			t.Errorf("%v: back to the game, the panel stays scrolled to %v", size, u.playPanel.Offset.Y)
		}
	}
}

// A big file shown first up to the player's puzzle: its row, the last read,
// sits at the list's foot; once more rows come it moves in from the edge
// (a list made shorter after, by the header's second line, left it out of
// sight at every restart).
func TestBrowserRowOfAFileStillRead(t *testing.T) {
	u, _ := newTestUI(t)
	path := bigFile(t, 300)
	var ps library.Puzzles
	if err := readPuzzles(path, nil, &ps, func() error { return nil }, nil); err != nil {
		t.Fatal(err)
	}
	first := library.NewPuzzles(151)
	for i := range 151 {
		first.AddBoard(ps.Puzzle(i))
	}
	u.files[path] = library.Place{Index: 150}
	c := u.loaded(nil, path, first, nil, false, nil, nil)
	if c == nil || c.Index != 150 {
		t.Fatalf("first show at %v", c)
	}
	u.loaded(c, path, ps, nil, true, nil, &relocation{keepAt: -1, place: u.files[path]})
	rowInView(t, u, 150)
}

// rowInView checks that the list shows row k whole, with a row's room
// below it.
func rowInView(t *testing.T, u *UI, k int) {
	t.Helper()
	l := u.browse.list
	h := l.CreateItem().MinSize().Height
	y := float32(k) * (h + l.Theme().Size(theme.SizeNamePadding))
	top, view := l.GetScrollOffset(), l.Size().Height
	if y < top+h || y+2*h > top+view {
		t.Errorf("row of #%d at %v, the list shows %v to %v", k+1, y, top, top+view)
	}
}

// inPanel is where o's top and foot are in the panel's view.
func inPanel(u *UI, o fyne.CanvasObject) (top, foot float32) {
	d := fyne.CurrentApp().Driver()
	top = d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(u.playPanel).Y
	return top, top + o.Size().Height
}

// Tab's focus on a control below the panel's fold scrolls it into view:
// at 800×600 Tab reached the speed list and Solve out of sight.
func TestFocusedControlScrollsIntoView(t *testing.T) {
	u, _ := newTestUI(t)
	u.OpenFile(seeds)
	u.win.Resize(fyne.NewSize(800, 420))
	u.playPanel.Offset.Y = 0
	u.playPanel.Refresh()
	u.win.Canvas().Focus(u.solveBtn)
	u.keepFocusInView()
	top, foot := inPanel(u, u.solveBtn)
	if top < 0 || foot > u.playPanel.Size().Height+1 {
		t.Errorf("Solve at %v in a panel %v high (scrolled %v)", top, u.playPanel.Size().Height, u.playPanel.Offset.Y)
	}
}

// On a killer in a low window the cage text keeps fewer blank lines, so
// that Erase and Auto marks stay in view (they went below the fold under
// two lines kept for the longest combinations).
func TestKillerPanelKeepsThePadInView(t *testing.T) {
	u, _ := newTestUI(t)
	if !u.OpenFile("../testdata/killer-9.txt") {
		t.Fatal("not opened")
	}
	for _, h := range []float32{520, 560} {
		for range 2 { // the panel's height, then the cage box fitted to it
			u.win.Resize(fyne.NewSize(900, h))
			u.win.Resize(fyne.NewSize(900, h+1))
		}
		u.playPanel.Offset.Y = 0
		u.playPanel.Refresh()
		_, foot := inPanel(u, u.autoBtn)
		if foot > u.playPanel.Size().Height+1 {
			t.Errorf("%v high: Auto marks ends at %v, the panel shows %v", h, foot, u.playPanel.Size().Height)
		}
	}
}

// A cell whose marks leave out its digit, where an applied hint had taken
// out another: the hint gave that candidate back, so the next hint was
// the one just applied, and applying it changed nothing, for ever (a
// learner pressing Hint went round in a loop). Every applied hint now
// moves the game on.
func TestHintNeverRepeatsAnAppliedStep(t *testing.T) {
	u, _ := newTestUI(t)
	g := playGrid(t, u, "Expert", "5....9....9..3.4..8.741....4....579...5.2.1...819....5....935.6..9.4..1....2....9")
	sol := solutionOf(g)
	// Hints until one takes a candidate out of a cell's marks.
	cell := -1
	for n := 0; n < 80 && cell < 0; n++ {
		u.Hint()
		<-u.workDone
		if u.hint == nil {
			t.Fatal("no hint")
		}
		st := u.hint.step
		u.Hint()
		u.Hint()
		for _, e := range st.Eliminations {
			if g.Helped(e.Cell) != 0 && g.Board().Cells[e.Cell] == 0 {
				cell = e.Cell
			}
		}
	}
	if cell < 0 {
		t.Fatal("no applied elimination")
	}
	// The player takes the cell's own digit out of its marks.
	g.Select(cell)
	g.SetPencil(true)
	g.ToggleMark(sol[cell])
	g.SetPencil(false)
	for n := 0; n < 5; n++ {
		before, marks := g.Position()
		u.Hint()
		<-u.workDone
		if u.hint == nil {
			t.Fatalf("press %d: no hint: %q", n, u.hintText.Text)
		}
		title := u.hint.step.Title()
		u.Hint()
		u.Hint()
		after, marks2 := g.Position()
		if slices.Equal(before.Cells, after.Cells) && slices.Equal(marks, marks2) {
			t.Fatalf("hint %d (%s) changed nothing", n, title)
		}
	}
}

// "There is a mistake" goes with the mistake: after Undo took the wrong
// digit back, the box still said the cell held it.
func TestMistakeBoxGoesWithTheMove(t *testing.T) {
	u, _ := newTestUI(t)
	g := playGrid(t, u, "Easy", ".5..1.........9.8..9163..7.7..1..5.63.......85.4..7..3.4..5613..3.9.........7..2.")
	sol := solutionOf(g)
	g.Select(0)
	g.Enter(sol[0]%9 + 1) // wrong, and clashing with nothing or something: a mistake either way
	u.Hint()
	if u.hintBox.Hidden || u.hintTitle.Text != "There is a mistake" {
		t.Fatalf("box %v %q", u.hintBox.Hidden, u.hintTitle.Text)
	}
	u.playMove(g.Undo)
	if !u.hintBox.Hidden {
		t.Errorf("after Undo the box still says %q", u.hintText.Text)
	}
	// A box that stays while nothing moved: a selection is no move.
	u.Hint()
	<-u.workDone
	if u.hintBox.Hidden {
		t.Fatal("no hint")
	}
	g.Select(40)
	if u.hintBox.Hidden {
		t.Error("a new selection took the hint away")
	}
}

// The same on a killer: marks of a cage's cells that leave out their
// digits and 5, and a cage combination that takes 5 out: applying it
// changed nothing, and Hint offered it again for ever.
func TestKillerHintNeverRepeats(t *testing.T) {
	u, _ := newTestUI(t)
	b, err := solver.ParseSoloID("3x3k:zzzc,aaa____aa_____a__aa_____a______a_a___a______a______a_aaab_____a_______aab__a_a___aaa_aaabaab_aabaaa_,10a10a14a17_14_6_18_5_11a4f16_11a10a14d6_15a7_7a6a17b10b16_11b7b12_3a14a8_10a10b13_15c19a14_17a8h")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New("killer", b)
	if err != nil {
		t.Fatal(err)
	}
	u.setGame(g)
	g.Select(0)
	g.SetPencil(true)
	for _, d := range []uint8{1, 2, 4} {
		g.ToggleMark(d)
	}
	g.Select(1)
	for _, d := range []uint8{9, 8, 6} {
		g.ToggleMark(d)
	}
	g.SetPencil(false)
	seen := map[string]int{}
	for n := 0; n < 6; n++ {
		u.Hint()
		<-u.workDone
		if u.hint == nil {
			t.Fatalf("press %d: no hint: %q", n, u.hintText.Text)
		}
		text := u.hint.step.Text
		if seen[text]++; seen[text] > 1 {
			t.Fatalf("the same step again: %s", text)
		}
		u.Hint()
		u.Hint()
	}
}

// Two 5s in one killer cage, in other rows, columns and boxes: the clash
// is said once and names the cage (it was said twice, naming no unit, and
// the player saw nothing that broke a rule).
func TestCageClashSaidOnceWithItsCage(t *testing.T) {
	b, err := solver.ParseSoloID("3x3k:zzzc,aaa____aa_____a__aa_____a______a_a___a______a______a_aaab_____a_______aab__a_a___aaa_aaabaab_aabaaa_,10a10a14a17_14_6_18_5_11a4f16_11a10a14d6_15a7_7a6a17b10b16_11b7b12_3a14a8_10a10b13_15c19a14_17a8h")
	if err != nil {
		t.Fatal(err)
	}
	geo := b.Geo
	i, j := 20, 28 // r3c3, r4c2
	if k := geo.CageOf(i); k < 0 || k != geo.CageOf(j) || sharedUnit(geo, i, j) >= 0 {
		t.Fatalf("r3c3 and r4c2: cages %d %d, a unit shared %v", geo.CageOf(i), geo.CageOf(j), sharedUnit(geo, i, j))
	}
	b.Cells[i], b.Cells[j] = 5, 5
	got := mistakeText(geo, b, []int{i, j})
	want := "r3c3's 5 clashes with the 5 in r4c2, in the " + geo.CageName(geo.CageOf(i))
	if got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// A cage's wrong sum, made by two wrong cells, is said once too.
	b.Cells[i], b.Cells[j] = 0, 0
	b.Cells[0], b.Cells[1] = 1, 2 // the cage of r1c1 (sum 10) adds up to 3
	got = mistakeText(geo, b, []int{0, 1})
	if strings.Count(got, "cage of r1c1") != 1 {
		t.Errorf("the cage's sum: %q", got)
	}
}

// A long file name is cut in the middle in Open Recent and the browser's
// header: one of 244 characters made the menu wider than the window, its
// other entries blank, and took twelve lines of the header.
func TestLongFileNameCut(t *testing.T) {
	long := strings.Repeat("Very long collection of puzzles ", 7) + "end.txt"
	if got := lab.FitWidth(long, 48); len([]rune(got)) != 48 || !strings.HasPrefix(got, "Very long") || !strings.HasSuffix(got, "end.txt") {
		t.Errorf("FitWidth: %q", got)
	}
	if got := lab.FitWidth("short.txt", 48); got != "short.txt" {
		t.Errorf("FitWidth of a short name: %q", got)
	}
	u, _ := newTestUI(t)
	path := filepath.Join(t.TempDir(), long)
	b, _ := os.ReadFile(seeds)
	os.WriteFile(path, b, 0o644)
	if !u.OpenFile(path) {
		t.Fatal(u.status.Text)
	}
	u.menus.refresh()
	for _, it := range u.menus.recent.ChildMenu.Items {
		if n := len([]rune(it.Label)); n > 100 {
			t.Errorf("Open Recent has an entry of %d characters", n)
		}
	}
	if n := len([]rune(u.browse.head.Text)); n > 80 {
		t.Errorf("the browser's header is %d characters", n)
	}
}
