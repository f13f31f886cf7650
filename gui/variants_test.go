package gui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/store"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// A file of Solo game IDs opens in the window: a 6×6 board with six pad
// keys, where 6 goes in and 7 does not, and the shape survives a restart.
func TestVariantFileOpensAndPlays(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "session.json")
	u := New(a, Options{StatePath: state, SaveDelay: time.Millisecond})
	u.win.Resize(fyne.NewSize(1120, 760))
	path := filepath.Join(dir, "six.txt")
	ids := "2x3:c4b1a3c5a1f2a1c6a5b4c\n3x3x:a8c4c9a1b3b5f7_3c4b5c8_9a7_1_6a4_3c3b5c2_9f3b9b8a1c5c2a\n"
	if err := os.WriteFile(path, []byte(ids), 0o644); err != nil {
		t.Fatal(err)
	}
	if !u.OpenFile(path) {
		t.Fatal("the file of game IDs did not open")
	}
	if u.coll.Len() != 2 || u.game.Size() != 6 || u.padSize != 6 || len(u.padGrid.Objects) != 6 {
		t.Fatalf("%d puzzles, side %d, %d pad keys", u.coll.Len(), u.game.Size(), len(u.padGrid.Objects))
	}
	// The list says each puzzle's shape: the file holds two.
	row := u.browse.list.CreateItem()
	u.browse.updateRow(1, row)
	if name := row.(*fyne.Container).Objects[0].(*widget.Label).Text; name != "#2 · 9×9 X" {
		t.Errorf("the second puzzle's row reads %q", name)
	}
	blank, sol := firstEmpty(u.game)
	test.TapAt(u.board, cellPos(u.board, blank))
	u.closePad()
	if u.game.Selected() != blank {
		t.Fatalf("a tap on cell %d selected %d", blank, u.game.Selected())
	}
	u.typedRune('7') // past the last symbol of a 6×6 board
	if u.game.Digit(blank) != 0 {
		t.Fatal("7 went on a 6×6 board")
	}
	u.typedRune(rune('0' + sol))
	if u.game.Digit(blank) != sol {
		t.Fatalf("%d did not go in", sol)
	}
	u.save()
	u.saver.Close() // what a quit does
	u.win.Close()

	// The next start has the 6×6 game back, with the move.
	v := New(a, Options{StatePath: state})
	defer v.Close()
	if v.game.Size() != 6 || v.game.Digit(blank) != sol || !v.game.CanUndo() {
		t.Fatalf("restored side %d, cell %d holds %d", v.game.Size(), blank, v.game.Digit(blank))
	}
	// Page Down goes to the X puzzle: a 9×9 board with diagonals.
	v.Next()
	if geo := v.game.Geometry(); geo.N != 9 || !geo.X {
		t.Fatalf("the second puzzle is %s", geo.Name())
	}
}

// A 16×16 board takes A-G as symbols 10-16 from the keyboard, and
// Shift+letter as their pencil marks.
func TestSixteenTakesLetters(t *testing.T) {
	u, _ := newTestUI(t)
	p, err := generator.GenerateBoard(t.Context(), generator.BoardOptions{Variant: generator.Classic, Size: 16, Level: logic.Easy, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New("sixteen", p.Board)
	if err != nil {
		t.Fatal(err)
	}
	u.setGame(g)
	blank := -1
	for i, d := range p.Board.Cells {
		if d == 0 && p.Solution.Cells[i] >= 10 {
			blank = i
			break
		}
	}
	u.game.Select(blank)
	want := p.Solution.Cells[blank]
	u.typedRune(rune('A' + want - 10)) // Shift: a pencil mark
	if !u.game.Cell(blank).Marks.Has(want) || u.game.Digit(blank) != 0 {
		t.Fatalf("Shift+%c did not pencil %d in", 'a'+want-10, want)
	}
	u.typedRune(rune('a' + want - 10))
	if u.game.Digit(blank) != want {
		t.Fatalf("%c did not enter %d", 'a'+want-10, want)
	}
	if len(u.padGrid.Objects) != 16 || u.pad[16].label != "G" {
		t.Errorf("the pad has %d keys", len(u.padGrid.Objects))
	}
}

// Game → New Puzzle → Shape and Level makes a puzzle of the shape, and
// Ctrl+N then makes another of the same shape and level.
func TestNewPuzzleOfAnotherShape(t *testing.T) {
	u, _ := newTestUI(t)
	<-u.NewGameOf(shape{generator.Jigsaw, 6}, logic.Easy)
	if geo := u.game.Geometry(); geo.N != 6 || !geo.Jigsaw() || u.game.Level != "easy" {
		t.Fatalf("made a %s %s puzzle", geo.Name(), u.game.Level)
	}
	if !strings.Contains(u.status.Text, "easy 6×6 jigsaw puzzle") {
		t.Errorf("status %q", u.status.Text)
	}
	first := u.game
	<-u.NewGame(logic.Easy)
	if u.game == first || !u.game.Geometry().Jigsaw() || u.game.Size() != 6 {
		t.Fatalf("the next new puzzle is %s", u.game.Geometry().Name())
	}
	// A level the shape does not come in is refused with a message, and
	// the game stays.
	cur := u.game
	<-u.NewGameOf(shape{generator.Classic, 4}, logic.Insane)
	if u.game != cur || len(u.modals) != 1 {
		t.Fatal("an impossible level replaced the game, or said nothing")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})

	// The dialog: Enter starts the shape chosen.
	u.ChooseShape()
	if len(u.modals) != 1 {
		t.Fatal("no dialog")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	<-u.genDone
	if u.game.Size() != 6 || !u.game.Geometry().Jigsaw() {
		t.Errorf("Enter made a %s", u.game.Geometry().Name())
	}
}

// The records of another shape are kept apart from classic ones.
func TestRecordsByShape(t *testing.T) {
	g, err := game.New("x", mustSolo(t, "2x3:c4b1a3c5a1f2a1c6a5b4c"))
	if err != nil {
		t.Fatal(err)
	}
	g.Level = "easy"
	if k := recordKey(g); k != "6×6 easy" {
		t.Errorf("key %q", k)
	}
	var s store.Settings
	s.RecordWin(recordKey(g), 1e9, false)
	if s.Stats["easy"] != nil {
		t.Error("a 6×6 win counted as a classic one")
	}
}

// Hints, the walkthrough and the live solver work on a board of another
// shape.
func TestVariantHintWalkSolve(t *testing.T) {
	u, _ := newTestUI(t)
	g, err := game.New("x", mustSolo(t, "3x3x:a8c4c9a1b3b5f7_3c4b5c8_9a7_1_6a4_3c3b5c2_9f3b9b8a1c5c2a"))
	if err != nil {
		t.Fatal(err)
	}
	u.setGame(g)
	u.Hint()
	<-u.workDone
	if u.hint == nil || !strings.HasPrefix(u.hintTitle.Text, "Hint · ") {
		t.Fatalf("no hint: %q %q", u.hintTitle.Text, u.hintText.Text)
	}
	u.Hint()
	u.Hint() // applied
	if !g.CanUndo() {
		t.Fatal("the third press applied nothing")
	}
	u.Walkthrough()
	<-u.workDone
	if u.walk == nil || len(u.walk.steps) == 0 {
		t.Fatalf("no walkthrough: %q", u.status.Text)
	}
	u.WalkStep(1000)
	if !strings.HasPrefix(u.walkText.Text, "Solved in") {
		t.Errorf("end of the walkthrough: %q", u.walkText.Text)
	}
	u.closeWalkthrough()
	u.SetAlgorithm(solver.Fast) // cp runs instead, on this shape
	r := u.StartSolve()
	<-r.done
	sol, _ := g.Solution()
	if r.result.Status != solver.Solved || r.algo != solver.CP || string(u.board.overlay) != string(sol.Cells) {
		t.Fatalf("solver: %v with %s", r.result.Status, r.algo)
	}
}

func mustSolo(t *testing.T, id string) solver.Board {
	t.Helper()
	b, err := solver.ParseSoloID(id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A 16×16 board with the browser open still fits an 800×600 screen.
func TestSixteenFitsSmallScreens(t *testing.T) {
	u, _ := newTestUI(t)
	var lines []string
	for s := int64(1); s <= 2; s++ {
		p, err := generator.GenerateBoard(t.Context(), generator.BoardOptions{Size: 16, Level: logic.Easy, Seed: s})
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, p.Board.SoloID())
	}
	path := filepath.Join(t.TempDir(), "s16.txt")
	os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	if !u.OpenFile(path) || u.game.Size() != 16 {
		t.Fatal("the 16×16 file did not open")
	}
	if m := u.win.Content().MinSize(); m.Width > 800 || m.Height > 540 {
		t.Errorf("the window needs at least %v", m)
	}
}

// A killer from Solo opens with its cages; the panel says what the
// selected cell's cage can still hold, and a wrong digit for the cage
// shows as a clash.
func TestKillerInTheWindow(t *testing.T) {
	u, _ := newTestUI(t)
	id := "3x3k:zzzc,__a___a_a___b_aa__________a____b____b______a_aa_baac_a_aaa__a__a_a____aa_a_bc_aab_a_a__a__b_a__b,11_12_14a7_11_5_5c11d14a11a3_7a17a15_14_6b14_16_11_8c15e7a11a15_10a9_13b6_9b25a9_36c8f15a5f"
	path := filepath.Join(t.TempDir(), "k.txt")
	os.WriteFile(path, []byte(id+"\n"), 0o644)
	if !u.OpenFile(path) {
		t.Fatal("the killer did not open")
	}
	geo := u.game.Geometry()
	if !geo.Killer() || u.game.Unplayable() != nil {
		t.Fatalf("opened a %s, unplayable: %v", geo.Name(), u.game.Unplayable())
	}
	u.game.Select(0)
	if !u.cageBox.Visible() || !strings.HasPrefix(u.cageInfo.Text, "Cage 11 in 2 cells: ") {
		t.Fatalf("cage info %q", u.cageInfo.Text)
	}
	// The cage's line keeps its height, however many combinations: the
	// pad below it jumped from cage to cage.
	short := u.cageBox.MinSize().Height
	u.cageInfo.SetText(strings.Repeat("Cage 30 in 6 cells: 123456 · ", 12))
	if long := u.cageBox.MinSize().Height; long != short {
		t.Errorf("the cage box is %v high for a long line, %v for a short one", long, short)
	}
	u.showCage()
	// A cage of many combinations lists as many as its lines hold, then
	// their number: a fourth line showed half in a box of three.
	u.win.Resize(fyne.NewSize(800, 600))
	for i := range geo.Cells() {
		if k := geo.CageOf(i); k >= 0 && len(solver.Combinations(geo.N, len(geo.Cages()[k].Cells), geo.Cages()[k].Sum)) > 8 {
			u.game.Select(i)
			u.showCage() // laid out now at the window's width
			break
		}
	}
	if u.cageInfo.MinSize().Height > u.cageLines.MinSize().Height {
		t.Errorf("a cage of many combinations: %q, %v high in a box of %v", u.cageInfo.Text, u.cageInfo.MinSize().Height, u.cageLines.MinSize().Height)
	}
	if got := cageText(9, solver.Cage{Sum: 10, Cells: make([]int16, 3)}, solver.Combinations(9, 3, 10), 2); got != "Cage 10 in 3 cells: 235 · 145 … (4 combinations)" {
		t.Errorf("two of four combinations: %q", got)
	}
	u.game.Select(0)
	// r1c1 and its cage mate add up to 11: a 9 in r1c1 leaves only 2
	u.game.Enter(9)
	if !strings.HasSuffix(u.cageInfo.Text, ": 29") {
		t.Errorf("after a 9: %q", u.cageInfo.Text)
	}
	mate := int(geo.Cages()[geo.CageOf(0)].Cells[1])
	u.game.Select(mate)
	u.game.Enter(3) // 9 + 3 is not 11
	// Pencil marks in a cage are not much smaller than elsewhere: kept
	// below the sum in every cell, they were 0.14 of a cell (5 pixels at
	// 150 % on 800×600).
	r := test.WidgetRenderer(u.board).(*boardRenderer)
	r.Layout(u.board.Size())
	side, _, _ := u.board.frame(u.board.Size(), geo.N)
	if size, cell := r.marks[40][0].TextSize, side/float32(geo.N); size < 0.17*cell {
		t.Errorf("a killer's pencil marks are %.2f of a cell", size/cell)
	}
	if c := u.game.Conflicts(); !c[0] || !c[mate] {
		t.Error("a cage adding up past its sum is not shown as a clash")
	}
}

// The cage box keeps as many lines as the puzzle's longest cage text
// needs: a 6×6 killer's cages fit one or two, not the three a 9×9's long
// combinations take (the blank lines put the solver's figures below the
// panel's fold at 1000×680).
func TestCageBoxFitsThePuzzle(t *testing.T) {
	u, _ := newTestUI(t)
	openKiller6(t, u)
	u.win.Resize(fyne.NewSize(1000, 680))
	u.game.Select(0)
	u.showCage()
	// Paused, the board is hidden: the cage's line too.
	u.TogglePause()
	if u.cageBox.Visible() {
		t.Error("the cage's line shows while paused")
	}
	u.TogglePause()
	if !u.cageBox.Visible() {
		t.Error("the cage's line did not come back")
	}
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	if h := u.cageBox.MinSize().Height; h > 2*line+2*theme.InnerPadding()+1 {
		t.Errorf("a 6×6 killer's cage box is %v high, %.1f lines", h, (h-2*theme.InnerPadding())/line)
	}
}

// The window's title names a board's shape when it is not classic 9×9: a
// new puzzle's name ("insane 20.0 seed 7") does not.
func TestTitleNamesTheShape(t *testing.T) {
	u, _ := newTestUI(t)
	<-u.NewGameOf(shape{generator.X, 6}, logic.Easy)
	if title := u.win.Title(); !strings.HasSuffix(title, "(6×6 X)") {
		t.Errorf("title %q", title)
	}
}

// In a window too low for the pad's foot however few lines the cage box
// keeps (the panel scrolls anyway), the box keeps its lines: at
// FYNE_SCALE=1.5 on 800×600 a line and a half showed, the rest cut off.
func TestCageBoxKeepsItsLinesWhenThePanelScrolls(t *testing.T) {
	u, _ := newTestUI(t)
	p, err := generator.GenerateBoard(context.Background(), generator.BoardOptions{Variant: generator.Killer, Size: 9, Level: logic.Medium, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "k9.txt")
	os.WriteFile(path, []byte(p.Board.Text("k9")), 0o644)
	if !u.OpenFile(path) {
		t.Fatal("the killer did not open")
	}
	u.win.Resize(fyne.NewSize(600, 330))
	u.game.Select(0)
	u.showCage()
	u.fitCageBox()
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	if h := u.cageLines.MinSize().Height; h < 2*line+2*theme.InnerPadding() {
		t.Errorf("the cage box kept %.1f lines in a panel that scrolls anyway", (h-2*theme.InnerPadding())/line)
	}
}

// openKiller6 opens a 6×6 killer (generate's easy, seed 3) from a file of
// its own.
func openKiller6(t *testing.T, u *UI) {
	t.Helper()
	p, err := generator.GenerateBoard(context.Background(), generator.BoardOptions{Variant: generator.Killer, Size: 6, Level: logic.Easy, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "k6.txt")
	os.WriteFile(path, []byte(p.Board.Text("k6")), 0o644)
	if !u.OpenFile(path) {
		t.Fatalf("the killer did not open: %s", u.status.Text)
	}
}
