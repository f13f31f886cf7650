package gui

import (
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// TestBoardLooks guards the board's drawing with golden images: the
// selection with its row, column, box and same digits; a clash in red on
// both cells; pencil marks; a hint; and the dark theme. Look at
// testdata/failed/ when it fails.
func TestBoardLooks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dark  bool
		setup func(*game.Game, *Board)
	}{
		{"selected", false, func(g *game.Game, _ *Board) { g.Select(2) }}, // r1c3 holds 6: its row, column, box and the other 6s
		{"conflict", false, func(g *game.Game, _ *Board) { g.Select(1); g.Enter(5); g.Select(40) }},
		{"pencil", false, func(g *game.Game, _ *Board) { g.AutoCandidates(); g.Select(1); g.Enter(4) }},
		{"hint", false, func(g *game.Game, b *Board) {
			g.AutoCandidates()
			h := newHighlight(81)
			h.HasMarks = true
			for _, c := range []int{9, 10, 11} {
				h.Pattern[c] = true
			}
			h.Target[1] = true
			h.MarkOn[1] = 1 << 4
			h.MarkOff[1] = 1 << 7
			b.SetHighlight(h)
		}},
		{"dark", true, func(g *game.Game, _ *Board) { g.AutoCandidates(); g.Select(1); g.Enter(5); g.Select(30) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test.NewTempApp(t)
			variant := theme.VariantLight
			if tc.dark {
				variant = theme.VariantDark
			}
			test.ApplyTheme(t, fixedVariant{theme.DefaultTheme(), variant})
			g, err := game.NewGrid("easy1", solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))
			if err != nil {
				t.Fatal(err)
			}
			b := NewBoard(g)
			w := test.NewTempWindow(t, b)
			w.Resize(fyne.NewSize(400, 400))
			tc.setup(g, b)
			b.Refresh()
			test.AssertObjectRendersToImage(t, "board_"+tc.name+".png", b)
		})
	}
}

// fixedVariant is a theme that is always light or always dark, whatever
// the settings say.
type fixedVariant struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t fixedVariant) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// A 16×16 board's pencil marks, sixteen to a cell, are as large as their
// slots allow: with 9×9's margins they were about 6 px at a 36-px cell.
func TestBigBoardMarksReadable(t *testing.T) {
	test.NewTempApp(t)
	geo16, err := solver.NewBoxes(4, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	b16 := solver.NewBoard(geo16)
	for _, c := range []struct {
		b   solver.Board
		min float32 // of the cell's side
	}{{b16, 0.2}, {solver.BoardOf(solver.Grid{}), 0.2}} {
		g, err := game.New("", c.b)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(g)
		w := test.NewTempWindow(t, b)
		w.Resize(fyne.NewSize(600, 600))
		r := test.WidgetRenderer(b).(*boardRenderer)
		side, _, _ := square(b.Size(), r.geo.N)
		cell := side / float32(r.geo.N)
		if got := r.marks[0][0].TextSize; got < c.min*cell {
			t.Errorf("%d×%d: marks %.1f at a %.1f cell", r.geo.N, r.geo.N, got, cell)
		}
		// The last mark's glyph stands clear of the cell's foot (a 16×16's
		// G lost its bottom to the line below).
		last := r.marks[0][len(r.marks[0])-1]
		_, base := fyne.CurrentApp().Driver().RenderedTextSize("G", last.TextSize, fyne.TextStyle{}, nil)
		if foot := r.cells[0].Position().Y + cell; last.Position().Y+base > foot-0.08*cell {
			t.Errorf("%d×%d: the last mark's baseline at %.1f, the cell's foot at %.1f", r.geo.N, r.geo.N, last.Position().Y+base, foot)
		}
	}
}

// While a puzzle is typed in, a cell that no digit can take shows the red
// cross, as in play: the header said "no solution" without saying where.
func TestEditorShowsDeadCell(t *testing.T) {
	test.NewTempApp(t)
	g := game.NewEditor(solver.Classic)
	for c, d := range []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8} {
		if d != 0 {
			g.Select(c)
			g.Enter(d)
		}
	}
	g.Select(45) // r6c1
	g.Enter(9)
	b := NewBoard(g)
	test.NewTempWindow(t, b).Resize(fyne.NewSize(400, 400))
	r := test.WidgetRenderer(b).(*boardRenderer)
	looks := r.compute(r.pal)
	if looks[0].text != "✕" {
		t.Errorf("r1c1, where no digit can go: %q", looks[0].text)
	}
	if looks[10].text == "✕" {
		t.Error("a cross on a cell that can take a digit")
	}
}

// A digit typed that repeats a given is red on both cells, the given too
// (README): the given stayed black on its pink ground.
func TestConflictRedOnBothCells(t *testing.T) {
	test.NewTempApp(t)
	g, err := game.NewGrid("p", solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))
	if err != nil {
		t.Fatal(err)
	}
	g.Select(1) // r1c2, in the row of the given 5 at r1c1
	g.Enter(5)
	b := NewBoard(g)
	test.NewTempWindow(t, b).Resize(fyne.NewSize(400, 400))
	r := test.WidgetRenderer(b).(*boardRenderer)
	looks := r.compute(r.pal)
	if looks[1].textColor != r.pal.errorText || looks[0].textColor != r.pal.errorText {
		t.Errorf("entry %v, given %v, want both %v", looks[1].textColor, looks[0].textColor, r.pal.errorText)
	}
	if !looks[0].bold {
		t.Error("the given is no longer bold")
	}
}

// Over the walkthrough's board, the player's own entries keep their
// colour and the digits placed since are the solver's: all green,
// entries read as the green digits of the walkthrough's key.
func TestOverlayKeepsEntriesColour(t *testing.T) {
	test.NewTempApp(t)
	g, err := game.NewGrid("p", solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))
	if err != nil {
		t.Fatal(err)
	}
	g.Select(1)
	g.Enter(g.SolutionDigit(1)) // r1c2, the player's
	cells := g.Board().Cells
	cells[6] = g.SolutionDigit(6) // r1c7, the walkthrough's
	b := NewBoard(g)
	test.NewTempWindow(t, b).Resize(fyne.NewSize(400, 400))
	b.SetWalkOverlay(cells, nil)
	r := test.WidgetRenderer(b).(*boardRenderer)
	looks := r.compute(r.pal)
	if looks[1].textColor != r.pal.entryText {
		t.Errorf("the player's entry in %v, want %v", looks[1].textColor, r.pal.entryText)
	}
	if looks[6].textColor != r.pal.solverText {
		t.Errorf("the walkthrough's digit in %v, want %v", looks[6].textColor, r.pal.solverText)
	}
	// A solver's run starts from the givens: what it places is its own,
	// even where the player has the same digit.
	b.SetOverlay(cells, nil)
	if looks := r.compute(r.pal); looks[1].textColor != r.pal.solverText {
		t.Errorf("a solver's digit in %v, want %v", looks[1].textColor, r.pal.solverText)
	}
}

// On a killer, no dash of a cage's outline is cut by a sum's patch (a
// stub of one beside a sum read as a comma, ",14"), and a digit in a cell
// with a sum sits clear of it (a centred 7 under a 14 read as one).
func TestKillerSumsStandClear(t *testing.T) {
	test.NewTempApp(t)
	g := killerGame(t, solver.Cage{Sum: 14, Cells: []int16{0, 1, 9}})
	geo := g.Geometry()
	g.Select(0)
	g.Enter(7)
	b := NewBoard(g)
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(540, 540))
	r := test.WidgetRenderer(b).(*boardRenderer)
	sum, digit := r.sumPatches[0], r.digits[0]
	if digit.Position().Y <= r.digits[1].Position().Y || digit.Position().X <= r.digits[1].Position().X-60 {
		t.Errorf("the digit under the sum at %v, a plain cell's at %v", digit.Position(), r.digits[1].Position())
	}
	img := r.drawCages(geo.CageLines(cageInset), 540, 540).(*image.NRGBA)
	at, sz := sum.Position(), sum.Size()
	// just below and right of the patch: no ink that begins under it
	for x := int(at.X); x < int(at.X+sz.Width)+8; x++ {
		if img.NRGBAAt(x, int(at.Y+sz.Height)).A != 0 && img.NRGBAAt(x, int(at.Y+sz.Height)-1).A != 0 {
			t.Fatalf("a dash runs under the sum's patch at x=%d", x)
		}
	}
}

// A cage's hollow corner where both of its lines end (the cell outside it
// up and to the left) is closed, as in the booklets: a dash pattern run
// from each line's start could leave it open, and the cage look like two.
func TestKillerHollowCornerClosed(t *testing.T) {
	test.NewTempApp(t)
	g := killerGame(t, solver.Cage{Sum: 10, Cells: []int16{1, 9, 10}})
	b := NewBoard(g)
	test.NewTempWindow(t, b).Resize(fyne.NewSize(540, 540))
	r := test.WidgetRenderer(b).(*boardRenderer)
	img := r.drawCages(g.Geometry().CageLines(cageInset), 540, 540).(*image.NRGBA)
	side, ox, oy := b.frame(b.Size(), 9)
	px := 540 / float64(b.Size().Width)
	cell := float64(side) / 9 * px
	cx, cy := int(float64(ox)*px+(1+cageInset)*cell), int(float64(oy)*px+(1+cageInset)*cell)
	inked := func(x, y int) bool {
		for dx := -2; dx <= 2; dx++ {
			for dy := -2; dy <= 2; dy++ {
				if img.NRGBAAt(x+dx, y+dy).A != 0 {
					return true
				}
			}
		}
		return false
	}
	if !inked(cx-3, cy) || !inked(cx, cy-3) {
		t.Errorf("the hollow corner at (%d, %d) is open: horizontal %v, vertical %v", cx, cy, inked(cx-3, cy), inked(cx, cy-3))
	}
}

// The board numbers its rows and columns (hints name cells r3c2): the
// numbers sit in a margin at the left and the top, the grid beside them,
// and a tap still finds its cell. Off, the grid fills the board.
func TestBoardCoords(t *testing.T) {
	test.NewTempApp(t)
	g, err := game.NewGrid("p", solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(g)
	b.Coords = true
	test.NewTempWindow(t, b).Resize(fyne.NewSize(500, 500))
	r := test.WidgetRenderer(b).(*boardRenderer)
	pos, cell := b.CellBounds(0)
	row1, col9 := r.coordText[0], r.coordText[17]
	if row1.Hidden || row1.Text != "1" || row1.Position().X+row1.Size().Width > pos.X || col9.Text != "9" || col9.Position().Y+col9.Size().Height > pos.Y {
		t.Errorf("row 1's number at %v, column 9's at %v, the grid at %v", row1.Position(), col9.Position(), pos)
	}
	if got := b.cellAt(pos.AddXY(cell*1.5, cell*2.5)); got != 19 {
		t.Errorf("a tap in r3c2 found cell %d", got)
	}
	b.Coords = false
	b.Refresh()
	if p, _ := b.CellBounds(0); !row1.Hidden || p.X >= pos.X {
		t.Errorf("numbers off: hidden %v, grid at %v (was %v)", row1.Hidden, p, pos)
	}
}

// A hidden single's hint lights why: the digits that rule out the unit's
// other cells (only the target and the unit were lit).
func TestHiddenSingleLightsItsCauses(t *testing.T) {
	cells := []byte(strings.Repeat(".", 81))
	for _, i := range []int{4, 15, 64, 72} { // r1c5, r2c7, r8c2, r9c1
		cells[i] = '8'
	}
	b := solver.BoardOf(solver.MustParse(string(cells)))
	st := logic.Step{Technique: logic.HiddenSingleBox, Units: []solver.Unit{{Kind: solver.BoxUnit, Index: 0}},
		Placements: []logic.Candidate{{Cell: 20, Digit: 8}}} // r3c3, the only place left in box 1
	h := newHighlight(81)
	litCauses(h, st, b)
	for _, c := range []int{0, 1, 2, 9, 10, 11, 18, 19} {
		seen := false
		for _, p := range b.Geo.Peers(c) {
			seen = seen || h.Pattern[p] && b.Cells[p] == 8
		}
		if !seen {
			t.Errorf("nothing lit rules out cell %d", c)
		}
	}
	for i, lit := range h.Pattern {
		if lit && b.Cells[i] != 8 {
			t.Errorf("cell %d lit, which holds no 8", i)
		}
	}
}

// On a killer the selected cell's cage is lit with its row, column and
// box: a cell of the cage in another row, column and box gets the peers'
// wash (a cage's extent was hard to see).
func TestKillerCageLitWithTheSelection(t *testing.T) {
	test.NewTempApp(t)
	// r1c3, r1c4, r2c4: r1c3 and r2c4 share no row, column or box
	g := killerGame(t, solver.Cage{Sum: 10, Cells: []int16{2, 3, 12}})
	b := NewBoard(g)
	test.NewTempWindow(t, b).Resize(fyne.NewSize(400, 400))
	g.Select(2)
	r := test.WidgetRenderer(b).(*boardRenderer)
	looks := r.compute(r.pal)
	if looks[12].bg == looks[80].bg {
		t.Error("the cage's cell r2c4 is not lit with r1c3")
	}
}

// killerGame is a classic board with the given cages, as a game.
func killerGame(t *testing.T, cages ...solver.Cage) *game.Game {
	t.Helper()
	geo, err := solver.NewKiller(solver.Classic, cages)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New("", solver.NewBoard(geo))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// So does a direct hidden pair's: its single's unit has cells the pair
// rules out, and others the digits placed do ("2 can only go in r9c7",
// the 2 in row 1 that rules out r1c7 not lit).
func TestDirectHiddenPairLightsItsCauses(t *testing.T) {
	cells := []byte(strings.Repeat(".", 81))
	for _, i := range []int{4, 27, 37, 47, 57, 67} { // a 2 in rows 1 and 4 to 8, outside column 7
		cells[i] = '2'
	}
	b := solver.BoardOf(solver.MustParse(string(cells)))
	st := logic.Step{Technique: logic.DirectHiddenPair, Units: []solver.Unit{{Kind: solver.ColUnit, Index: 6}},
		Cells: []int{15, 24}, Placements: []logic.Candidate{{Cell: 78, Digit: 2}}}
	h := newHighlight(81)
	litCauses(h, st, b)
	for _, c := range []int{6, 33, 42, 51, 60, 69} {
		seen := false
		for _, p := range b.Geo.Peers(c) {
			seen = seen || h.Pattern[p] && b.Cells[p] == 2
		}
		if !seen {
			t.Errorf("nothing lit rules out cell %d", c)
		}
	}
}

// A drag passes every cell between two it is seen in, side to side: a
// fast drag from r3c1 to r3c8 picked those two alone.
func TestDragPassesEveryCell(t *testing.T) {
	test.NewTempApp(t)
	b := NewBoard(game.NewEditor(solver.Classic))
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(600, 600))
	var got []int
	b.OnDragged = func(i int, first bool) bool { got = append(got, i); return true }
	at := func(i int) fyne.Position {
		p, c := b.CellBounds(i)
		return p.AddXY(c/2, c/2)
	}
	from, to := at(18), at(25) // r3c1, r3c8
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	b.DragEnd()
	if want := []int{18, 19, 20, 21, 22, 23, 24, 25}; !slices.Equal(got, want) {
		t.Errorf("cells %v, want %v", got, want)
	}
	got = nil
	from, to = at(0), at(20) // r1c1 to r3c3: a path side to side
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	for k := 1; k < len(got); k++ {
		if d := got[k] - got[k-1]; d != 1 && d != 9 {
			t.Errorf("cells %v: %d and %d are not side by side", got, got[k-1], got[k])
		}
	}
}

// A drag that never leaves its cell, or that nothing draws with, is a
// click: Fyne sends no click once the pointer moves, and a shaky click
// selected nothing when the board took drags.
func TestShakyClickSelects(t *testing.T) {
	test.NewTempApp(t)
	b := NewBoard(game.NewEditor(solver.Classic))
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(600, 600))
	tapped := -1
	b.OnTapped = func(i int) { tapped = i }
	b.OnDragged = func(int, bool) bool { return false } // not drawing
	at := func(i int) fyne.Position {
		p, c := b.CellBounds(i)
		return p.AddXY(c/2, c/2)
	}
	from := at(40)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.AddXY(3, 2)}, Dragged: fyne.NewDelta(3, 2)})
	b.DragEnd()
	if tapped != 40 {
		t.Errorf("a shaky click on r5c5 tapped %d", tapped)
	}
	tapped = -1
	to := at(42)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	b.DragEnd()
	if tapped != 40 {
		t.Errorf("a drag not drawn with tapped %d, want where it started", tapped)
	}
}
