package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/solver"
)

// popPad opens a number pad by cell i, as GNOME Sudoku does, so mouse play
// needs no trip to the side pad: a digit (or, from a right-click or in
// pencil mode, pencil marks, one after another until a click elsewhere)
// and Erase. A key typed meanwhile goes to the board and closes it; so
// does a click elsewhere. A symbol typed over a pad of pencil marks sets
// that mark, as its key on the pad would, and the pad stays (padRune).
func (u *UI) popPad(i int, marks bool) {
	u.closePad()
	g := u.game
	if u.settings.Prefs.NoPopPad || g == nil || g.Editing() || g.Won() || g.Unplayable() != nil ||
		g.Paused() || g.IsGiven(i) || u.run != nil || u.walk != nil {
		return
	}
	marks = marks || g.Pencil()
	cell := g.Cell(i)
	n := g.Size()
	_, done := g.Tally() // digits all placed, as the side pad shows them
	// Keys a little larger than the board's cells, within reason: on a
	// 16×16 board in a small window the pad of 44-unit keys hid most of
	// the board.
	_, cellSide := u.board.CellBounds(i)
	keySide := max(32, min(44, cellSide*1.15))
	keys := make([]fyne.CanvasObject, 0, n)
	for d := uint8(1); int(d) <= n; d++ {
		d := d
		label := string(solver.Symbol(d))
		b := widget.NewButton(label, func() {
			u.closePad()
			if g != u.game || g.Selected() != i {
				return
			}
			if marks {
				// several marks go in one after another: the pad
				// opens again, showing the marks the cell has now
				u.playMove(func() bool { return g.ToggleMark(d) })
				u.popPad(i, true)
			} else {
				u.enter(d)
				u.focusBoard()
			}
		})
		switch {
		case marks && cell.Marks.Has(d):
			b.Importance = widget.HighImportance // the marks already there
		case !marks && cell.Digit == d:
			b.Importance = widget.HighImportance
		case done[d]:
			// all placed: still there (a wrong one may be moved), with
			// a tick, as on the side pad (faint, it looked disabled)
			b.SetText(label + "✓")
		}
		keys = append(keys, sized(b, keySide))
	}
	erase := widget.NewButtonWithIcon("", theme.ContentClearIcon(), func() {
		u.closePad()
		if g == u.game && g.Selected() == i {
			u.clear()
			u.focusBoard()
		}
	})
	title := "Digit"
	if marks {
		title = "Pencil marks"
	}
	head := widget.NewLabelWithStyle(title, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	cols, _ := digitGrid(n)
	body := container.NewVBox(head, container.NewGridWithColumns(cols, keys...), erase)
	pop := &padLayer{Content: body}
	u.numPad, u.numPadMarks, u.numPadCell = pop, marks, i
	u.numPadWin = u.win.Canvas().Size()
	u.numPadBoard = u.boardPlace()

	// Beside the cell, on the side with room, inside the window.
	pos, side := u.board.CellBounds(i)
	d := fyne.CurrentApp().Driver()
	origin := d.AbsolutePositionForObject(u.board)
	size := body.MinSize().AddWidthHeight(2*theme.Padding(), 2*theme.Padding())
	win := u.win.Canvas().Size()
	at := origin.Add(pos).AddXY(side+4, side/2-size.Height/2)
	// Over the board rather than the panel beside it: a pad by a cell of
	// the last columns covered the hint being read, the clock or Solve.
	// The side where it stays on the grid, else the one with more of the
	// grid, else the one inside the window.
	first, _ := u.board.CellBounds(0)
	last, _ := u.board.CellBounds(n - 1)
	gridLeft, gridRight := origin.X+first.X, origin.X+last.X+side
	left := origin.X + pos.X - size.Width - 4
	switch {
	case at.X+size.Width <= gridRight:
	case left >= gridLeft:
		at.X = left
	case gridRight-at.X < left+size.Width-gridLeft:
		at.X = left
	}
	if at.X+size.Width > win.Width {
		at.X = left
	}
	at.X = max(0, min(at.X, win.Width-size.Width))
	// Below the menu bar (a top-row cell's pad covered File and Edit).
	top := d.AbsolutePositionForObject(u.content).Y
	at.Y = max(top, min(at.Y, win.Height-size.Height))
	// In the window's own layer above its content, not one of the
	// canvas's overlays: an overlay takes every click, and a click on a
	// key of the side pad or a row of the browser only closed the pad
	// (Fyne's pop-up took the first click). Here a click anywhere goes
	// where it lands; one on nothing closes the pad (padCatch).
	at = at.Subtract(d.AbsolutePositionForObject(u.padHost))
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.StrokeColor = theme.Color(theme.ColorNameShadow)
	bg.StrokeWidth = 1
	bg.CornerRadius = theme.InputRadiusSize()
	bg.Move(at)
	bg.Resize(size)
	body.Move(at.AddXY(theme.Padding(), theme.Padding()))
	body.Resize(body.MinSize())
	u.padHost.Objects = []fyne.CanvasObject{bg, body}
	u.padHost.Refresh()
	u.padCatch.Show()
}

// tapPad opens the pad by cell i after a click on it (marks: a right
// click), or closes it when it is open there already.
func (u *UI) tapPad(i int, marks bool) {
	// A click on the pad's own cell closes it, whichever pad it is (a
	// left click over the pencil-marks pad opened the digit pad); a
	// right click there switches the digit pad to the marks'.
	if u.numPad != nil && u.numPadCell == i && (!marks || u.numPadMarks) {
		u.closePad()
		return
	}
	u.popPad(i, marks)
}

// padLayer is the pad by a cell: its content, shown in the window's pad
// layer (UI.padHost).
type padLayer struct {
	Content fyne.CanvasObject
}

// tapCatcher takes the clicks that land on nothing else: under the
// window's content, it closes the pad by a cell, as a click beside a
// pop-up does.
type tapCatcher struct {
	widget.BaseWidget
	tapped func()
}

func newTapCatcher(tapped func()) *tapCatcher {
	c := &tapCatcher{tapped: tapped}
	c.ExtendBaseWidget(c)
	return c
}

func (c *tapCatcher) Tapped(*fyne.PointEvent)          { c.tapped() }
func (c *tapCatcher) TappedSecondary(*fyne.PointEvent) { c.tapped() }

func (c *tapCatcher) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// padRune takes a symbol typed while a pad of pencil marks is open: it
// (or, mark, the digit of the key that typed another character) toggles
// that mark and the pad stays for the next, as a click on the
// pad's key does. It reports whether it took r. (A digit typed there
// entered a big digit over the mark just set, and closed the pad.)
func (u *UI) padRune(r rune, mark uint8) bool {
	if u.numPad == nil || !u.numPadMarks {
		return false
	}
	g, i, n := u.game, u.numPadCell, u.game.Size()
	var d uint8
	switch {
	case mark > 0 && int(mark) <= n: // a digit's key typing another character (Shift+3 on a US keyboard)
		d = mark
	case r >= '1' && r <= '9' && int(r-'0') <= n:
		d = uint8(r - '0')
	case n > 9 && r >= 'a' && r <= 'g' && int(r-'a')+10 <= n:
		d = uint8(r-'a') + 10
	case n > 9 && r >= 'A' && r <= 'G' && int(r-'A')+10 <= n:
		d = uint8(r-'A') + 10
	default:
		return false
	}
	u.closePad()
	if g.Selected() == i {
		u.playMove(func() bool { return g.ToggleMark(d) })
		u.popPad(i, true)
	}
	return true
}

// sized gives o a square minimum size of side s.
func sized(o fyne.CanvasObject, s float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(s, s))
	return container.NewStack(r, o)
}

// keepPadByItsCell opens the pad again by its cell once the window's size
// changed (the clock looks four times a second): it stayed where it was,
// over the panel and cut by the window's edge.
func (u *UI) keepPadByItsCell() {
	if u.numPad == nil {
		return
	}
	if m := u.menuBar(); m != nil && m.IsActive() {
		// A menu opened (a click on the menu bar, which the pad's layer
		// does not see): the pad goes, as for any other click.
		u.closePad()
		return
	}
	if u.win.Canvas().Size() != u.numPadWin || u.boardPlace() != u.numPadBoard {
		// The window's size changed, or the board moved or grew within
		// it (the browser's divider dragged): the pad had stayed behind.
		u.popPad(u.numPadCell, u.numPadMarks)
	}
}

// boardPlace is where the board lies in the window, and its size.
func (u *UI) boardPlace() [2]fyne.Position {
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board)
	s := u.board.Size()
	return [2]fyne.Position{at, {X: s.Width, Y: s.Height}}
}

// closePad closes the number pad by a cell, if open.
func (u *UI) closePad() {
	if u.numPad != nil {
		u.padHost.Objects = nil
		u.padHost.Refresh()
		u.padCatch.Hide()
		u.numPad = nil
	}
}
