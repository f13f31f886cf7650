package gui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// Highlight marks what a hint or a step is about: its units shaded, pattern
// cells and candidates in green (a second colour's candidates in blue),
// the cells it changes in amber with removed candidates in red.
type Highlight struct {
	Area      [81]bool // the units the step looks at
	Pattern   [81]bool
	Target    [81]bool
	MarkOn    [81]solver.Set // candidates that make the pattern
	MarkOther [81]solver.Set // the pattern's second colour
	MarkOff   [81]solver.Set // candidates the step removes
	MarkSet   [81]uint8      // digit the step places
	Marks     [81]solver.Set // candidates to show in cells the step involves
	HasMarks  bool
}

// Board is the 9x9 board widget. It draws a game.Game (or, while a solver
// runs, the solver's board over the givens), takes taps to select cells and
// passes typed keys to the window.
type Board struct {
	widget.BaseWidget

	game *game.Game
	// overlay, when set, shows a solver's board instead of the entries;
	// overlayMarks shows its candidate grid (a search that failed).
	overlay      *solver.Grid
	overlayMarks *solver.Candidates
	highlight    *Highlight

	// OnTypedRune and OnTypedKey receive keys typed while the board has the
	// focus; OnTapped is told which cell was tapped (after selecting it).
	OnTypedRune func(rune)
	OnTypedKey  func(*fyne.KeyEvent)
	OnTapped    func(cell int)
	// OnTappedSecondary is told which cell was right-clicked (after
	// selecting it).
	OnTappedSecondary func(cell int)

	// Plain boards only show digits and marks: no selection, highlights
	// or warnings (the lab's small boards).
	Plain bool
	// NoPeers and NoSameDigit turn off the highlight of the selected
	// cell's row, column and box, and of its digit elsewhere.
	NoPeers, NoSameDigit bool

	focused bool
}

// NewBoard returns a board showing g.
func NewBoard(g *game.Game) *Board {
	b := &Board{game: g}
	b.ExtendBaseWidget(b)
	return b
}

// SetGame shows another game.
func (b *Board) SetGame(g *game.Game) {
	b.game = g
	b.overlay, b.overlayMarks, b.highlight = nil, nil, nil
	b.Refresh()
}

// SetOverlay shows a solver's board (nil returns to the game).
func (b *Board) SetOverlay(g *solver.Grid, marks *solver.Candidates) {
	b.overlay, b.overlayMarks = g, marks
	b.Refresh()
}

// SetHighlight shows (or, with nil, clears) a hint's cells and candidates.
func (b *Board) SetHighlight(h *Highlight) {
	b.highlight = h
	b.Refresh()
}

// CreateRenderer builds the board's canvas objects.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &boardRenderer{b: b, bg: canvas.NewRectangle(color.Transparent)}
	for i := range r.cells {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.digits[i] = canvas.NewText("", color.Black)
		r.digits[i].Alignment = fyne.TextAlignCenter
		for d := range r.marks[i] {
			t := canvas.NewText("", color.Black)
			t.Alignment = fyne.TextAlignCenter
			r.marks[i][d] = t
		}
	}
	for i := range r.lines {
		r.lines[i] = canvas.NewLine(color.Black)
	}
	r.cover = canvas.NewRectangle(color.Transparent)
	r.coverText = canvas.NewText("Paused", color.Black)
	r.coverText.Alignment = fyne.TextAlignCenter
	r.coverText.TextStyle = fyne.TextStyle{Bold: true}

	r.objects = append(r.objects, r.bg)
	for _, c := range r.cells {
		r.objects = append(r.objects, c)
	}
	// thin lines first, so the thick box lines are drawn over them
	for i := range r.lines {
		if i%10%3 != 0 {
			r.objects = append(r.objects, r.lines[i])
		}
	}
	for i := range r.lines {
		if i%10%3 == 0 {
			r.objects = append(r.objects, r.lines[i])
		}
	}
	for i := range r.digits {
		r.objects = append(r.objects, r.digits[i])
		for _, m := range r.marks[i] {
			r.objects = append(r.objects, m)
		}
	}
	r.objects = append(r.objects, r.cover, r.coverText)
	r.Refresh()
	return r
}

// cellAt returns the cell under pos, or -1.
func (b *Board) cellAt(pos fyne.Position) int {
	side, ox, oy := square(b.Size())
	x, y := pos.X-ox, pos.Y-oy
	if x < 0 || y < 0 || x >= side || y >= side {
		return -1
	}
	cell := side / 9
	return 9*int(y/cell) + int(x/cell)
}

// Tapped selects the tapped cell and takes the keyboard focus.
func (b *Board) Tapped(e *fyne.PointEvent) {
	if b.Plain {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Focus(b)
	}
	i := b.cellAt(e.Position)
	if i < 0 || b.game == nil {
		return
	}
	b.game.Select(i)
	if b.OnTapped != nil {
		b.OnTapped(i)
	}
}

// TappedSecondary selects the cell right-clicked and tells OnTappedSecondary.
func (b *Board) TappedSecondary(e *fyne.PointEvent) {
	if b.Plain {
		return
	}
	i := b.cellAt(e.Position)
	if i < 0 || b.game == nil {
		return
	}
	b.game.Select(i)
	if b.OnTappedSecondary != nil {
		b.OnTappedSecondary(i)
	}
}

// CellBounds is cell i's top-left corner and side, in the board's
// coordinates.
func (b *Board) CellBounds(i int) (fyne.Position, float32) {
	side, ox, oy := square(b.Size())
	c := side / 9
	return fyne.NewPos(ox+c*float32(i%9), oy+c*float32(i/9)), c
}

// FocusGained and FocusLost make the board a keyboard target.
func (b *Board) FocusGained() { b.focused = true; b.Refresh() }
func (b *Board) FocusLost()   { b.focused = false; b.Refresh() }

// TypedRune passes a typed character to the window.
func (b *Board) TypedRune(r rune) {
	if b.OnTypedRune != nil {
		b.OnTypedRune(r)
	}
}

// TypedKey passes a typed key to the window.
func (b *Board) TypedKey(e *fyne.KeyEvent) {
	if b.OnTypedKey != nil {
		b.OnTypedKey(e)
	}
}

// MinSize keeps cells big enough to read pencil marks (digits only, on a
// plain board).
func (b *Board) MinSize() fyne.Size {
	if b.Plain {
		return fyne.NewSize(9*22, 9*22)
	}
	return fyne.NewSize(9*30, 9*30) // a small screen (800×600) still holds the window
}

// square returns the side of the largest square that fits size and the
// offsets that centre it.
func square(size fyne.Size) (side, ox, oy float32) {
	side = min(size.Width, size.Height)
	// whole pixels per cell keep the thin lines crisp
	side = float32(int(side/9)) * 9
	return side, (size.Width - side) / 2, (size.Height - side) / 2
}

type look struct {
	bg         color.Color
	text       string
	textColor  color.Color
	bold       bool
	small      bool // a cross in a cell without candidates
	marks      solver.Set
	markColors [9]color.Color
}

type boardRenderer struct {
	b         *Board
	bg        *canvas.Rectangle
	cells     [81]*canvas.Rectangle
	digits    [81]*canvas.Text
	marks     [81][9]*canvas.Text
	lines     [20]*canvas.Line // 0-9 vertical, 10-19 horizontal
	cover     *canvas.Rectangle
	coverText *canvas.Text
	objects   []fyne.CanvasObject

	looks [81]look
	fresh bool // looks hold what the objects show
	pal   *palette
}

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *boardRenderer) Destroy()                     {}
func (r *boardRenderer) MinSize() fyne.Size           { return r.b.MinSize() }

func (r *boardRenderer) Layout(size fyne.Size) {
	side, ox, oy := square(size)
	cell := side / 9
	r.bg.Move(fyne.NewPos(ox, oy))
	r.bg.Resize(fyne.NewSize(side, side))
	digitSize := cell * 0.6
	markSize := cell * 0.26
	dm := fyne.MeasureText("8", digitSize, fyne.TextStyle{Bold: true})
	mm := fyne.MeasureText("8", markSize, fyne.TextStyle{})
	for i := 0; i < 81; i++ {
		x, y := ox+float32(i%9)*cell, oy+float32(i/9)*cell
		r.cells[i].Move(fyne.NewPos(x, y))
		r.cells[i].Resize(fyne.NewSize(cell, cell))
		t := r.digits[i]
		t.TextSize = digitSize
		if r.looks[i].small {
			t.TextSize = digitSize * 0.7
		}
		t.Move(fyne.NewPos(x, y+(cell-dm.Height)/2))
		t.Resize(fyne.NewSize(cell, dm.Height))
		sub := cell / 3
		for d := 0; d < 9; d++ {
			m := r.marks[i][d]
			m.TextSize = markSize
			m.Move(fyne.NewPos(x+float32(d%3)*sub, y+float32(d/3)*sub+(sub-mm.Height)/2))
			m.Resize(fyne.NewSize(sub, mm.Height))
		}
	}
	thick := max(2, float32(int(side/180)))
	for k := 0; k < 10; k++ {
		w := float32(1)
		if k%3 == 0 {
			w = thick
		}
		p := float32(k) * cell
		v, h := r.lines[k], r.lines[10+k]
		v.StrokeWidth, h.StrokeWidth = w, w
		v.Position1, v.Position2 = fyne.NewPos(ox+p, oy), fyne.NewPos(ox+p, oy+side)
		h.Position1, h.Position2 = fyne.NewPos(ox, oy+p), fyne.NewPos(ox+side, oy+p)
	}
	r.cover.Move(fyne.NewPos(ox, oy))
	r.cover.Resize(fyne.NewSize(side, side))
	r.coverText.TextSize = cell * 0.5
	ch := fyne.MeasureText("Paused", r.coverText.TextSize, r.coverText.TextStyle).Height
	r.coverText.Move(fyne.NewPos(ox, oy+(side-ch)/2))
	r.coverText.Resize(fyne.NewSize(side, ch))
}

// Refresh recomputes how every cell looks and redraws the objects that
// changed (all of them when the theme changed).
func (r *boardRenderer) Refresh() {
	pal := paletteFor(r.b.Theme())
	if pal != r.pal {
		r.pal, r.fresh = pal, false
		r.bg.FillColor = pal.board
		for _, l := range r.lines {
			l.StrokeColor = pal.thin
		}
		for k := 0; k < 10; k += 3 {
			r.lines[k].StrokeColor = pal.thick
			r.lines[10+k].StrokeColor = pal.thick
		}
		r.cover.FillColor = pal.cover
		r.coverText.Color = pal.markText
		for _, o := range r.objects {
			canvas.Refresh(o)
		}
	}
	looks := r.compute(pal)
	relayout := false
	for i := range looks {
		old, nw := &r.looks[i], &looks[i]
		if r.fresh && *old == *nw {
			continue
		}
		if old.small != nw.small {
			relayout = true
		}
		if !r.fresh || old.bg != nw.bg {
			r.cells[i].FillColor = nw.bg
			canvas.Refresh(r.cells[i])
		}
		t := r.digits[i]
		if !r.fresh || old.text != nw.text || old.textColor != nw.textColor || old.bold != nw.bold {
			t.Text, t.Color, t.TextStyle = nw.text, nw.textColor, fyne.TextStyle{Bold: nw.bold}
			canvas.Refresh(t)
		}
		for d := 0; d < 9; d++ {
			on := nw.marks.Has(uint8(d + 1))
			if r.fresh && on == old.marks.Has(uint8(d+1)) && old.markColors[d] == nw.markColors[d] {
				continue
			}
			m := r.marks[i][d]
			m.Text = ""
			if on {
				m.Text = string(rune('1' + d))
			}
			m.Color = nw.markColors[d]
			canvas.Refresh(m)
		}
		*old = *nw
	}
	paused := r.b.game != nil && r.b.game.Paused() && r.b.overlay == nil
	if paused != r.cover.Visible() {
		r.cover.Hidden, r.coverText.Hidden = !paused, !paused
		canvas.Refresh(r.cover)
		canvas.Refresh(r.coverText)
	}
	r.fresh = true
	if relayout {
		r.Layout(r.b.Size())
	}
}

// compute works out every cell's look from the game, the overlay and the
// highlight.
func (r *boardRenderer) compute(pal *palette) (out [81]look) {
	g := r.b.game
	if g == nil {
		for i := range out {
			out[i].bg = pal.board
		}
		return out
	}
	v := cellView{b: r.b, g: g, pal: pal, h: r.b.highlight, board: g.Board()}
	if r.b.overlay != nil {
		v.board = *r.b.overlay
	}
	v.sel = g.Selected()
	v.selDigit = v.board[v.sel]
	if r.b.Plain || r.b.overlay != nil { // a solver's board: no selection
		v.sel, v.selDigit = -1, 0
	}
	if r.b.overlay == nil {
		v.conflicts = g.Conflicts()
	}
	v.cands = v.board.Candidates()
	for i := range out {
		l := &out[i]
		l.bg = v.background(i)
		v.content(i, l)
		v.colourMarks(i, l)
	}
	return out
}

// cellView is what compute works from: the board shown and what marks
// its cells.
type cellView struct {
	b         *Board
	g         *game.Game
	pal       *palette
	h         *Highlight
	board     solver.Grid
	sel       int
	selDigit  uint8
	conflicts [81]bool
	cands     [81]solver.Set
}

// wrong reports a player's digit that is not the solution's (on the
// player's board, not a solver's).
func (v *cellView) wrong(i int) bool { return v.b.overlay == nil && v.g.IsWrong(i) }

// background is cell i's colour: a hint's marks first, then the
// selection, mistakes, the same digit and the peers.
func (v *cellView) background(i int) color.Color {
	pal, h := v.pal, v.h
	if i == v.sel && v.conflicts[i] {
		return blend(pal.selected, pal.conflict)
	}
	switch {
	case h != nil && h.Target[i]:
		return pal.hintTarget
	case h != nil && h.Pattern[i]:
		return pal.hint
	case h != nil && h.Area[i]:
		return pal.hintArea
	case i == v.sel:
		return pal.selected
	case v.conflicts[i]:
		return pal.conflict
	case v.wrong(i):
		return pal.wrong
	case v.selDigit != 0 && v.board[i] == v.selDigit && !v.b.NoSameDigit:
		return pal.same
	case v.sel >= 0 && !v.b.NoPeers && solver.Sees(i, v.sel):
		return pal.peer
	case v.g.IsGiven(i):
		return pal.given
	}
	return pal.board
}

// content is what cell i shows: its digit, or its pencil marks (the
// solver's, the hint's or the player's), or a cross where no digit can go.
func (v *cellView) content(i int, l *look) {
	pal, h, d := v.pal, v.h, v.board[i]
	switch {
	case d != 0:
		given := v.g.IsGiven(i)
		l.text = fmt.Sprint(d)
		l.bold = given
		switch {
		case given:
			l.textColor = pal.givenText
		case v.conflicts[i] || v.wrong(i):
			l.textColor = pal.errorText
		case v.b.overlay != nil:
			l.textColor = pal.solverText
		default:
			l.textColor = pal.entryText
		}
	case v.b.overlayMarks != nil:
		l.marks = v.b.overlayMarks[i]
	case h != nil && h.Marks[i] != 0:
		l.marks = h.Marks[i]
	case v.b.overlay == nil:
		l.marks = v.g.Cell(i).Marks
		if v.cands[i] == 0 && !v.g.Editing() && !v.b.Plain {
			// no digit can go here any more: a mistake upstream
			l.text, l.textColor, l.small = "✕", pal.errorText, true
		}
	}
	if d == 0 && v.b.overlay != nil && l.text == "" {
		// a solver's dead end: no digit can go here
		if (v.b.overlayMarks == nil && v.cands[i] == 0) || (v.b.overlayMarks != nil && v.b.overlayMarks[i] == 0) {
			l.text, l.textColor, l.small = "✕", pal.errorText, true
		}
	}
	if d == 0 && h != nil && h.MarkSet[i] != 0 {
		l.text, l.textColor, l.small = fmt.Sprint(h.MarkSet[i]), pal.solverText, false
		l.marks = 0
	}
}

// colourMarks colours cell i's pencil marks by the part a hint gives them.
func (v *cellView) colourMarks(i int, l *look) {
	pal, h := v.pal, v.h
	for k := 0; k < 9; k++ {
		dk := uint8(k + 1)
		switch {
		case h != nil && h.MarkOff[i].Has(dk):
			l.markColors[k] = pal.markTarget
		case h != nil && h.MarkOn[i].Has(dk):
			l.markColors[k] = pal.markHint
		case h != nil && h.MarkOther[i].Has(dk):
			l.markColors[k] = pal.markOther
		default:
			l.markColors[k] = pal.markText
		}
	}
	if h != nil && h.HasMarks && v.board[i] == 0 && l.text == "" && h.MarkSet[i] == 0 {
		// a hint about candidates shows them even if the player has
		// not pencilled them in
		l.marks |= h.MarkOn[i] | h.MarkOff[i] | h.MarkOther[i]
	}
}

// blend mixes two colours half and half.
func blend(a, b color.Color) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	return color.NRGBA{uint8((ar + br) >> 9), uint8((ag + bg) >> 9), uint8((ab + bb) >> 9), 0xFF}
}
