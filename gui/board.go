package gui

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// Highlight marks what a hint or a step is about: its units shaded, pattern
// cells and candidates in green (a second colour's candidates in blue),
// the cells it changes in amber with removed candidates in red. Each
// slice has a board's cells (newHighlight).
type Highlight struct {
	Area      []bool // the units the step looks at
	Pattern   []bool
	Target    []bool
	MarkOn    []game.Marks // candidates that make the pattern
	MarkOther []game.Marks // the pattern's second colour
	MarkOff   []game.Marks // candidates the step removes
	MarkSet   []uint8      // symbol the step places
	Marks     []game.Marks // candidates to show in cells the step involves
	HasMarks  bool
}

// newHighlight is an empty highlight for a board of cells cells.
func newHighlight(cells int) *Highlight {
	return &Highlight{Area: make([]bool, cells), Pattern: make([]bool, cells), Target: make([]bool, cells),
		MarkOn: make([]game.Marks, cells), MarkOther: make([]game.Marks, cells), MarkOff: make([]game.Marks, cells),
		MarkSet: make([]uint8, cells), Marks: make([]game.Marks, cells)}
}

// Board is the board widget, of any shape the game has (4×4 to 16×16,
// boxes or jigsaw regions, X diagonals). It draws a game.Game (or, while
// a solver runs, the solver's board over the givens), takes taps to
// select cells and passes typed keys to the window.
type Board struct {
	widget.BaseWidget

	game *game.Game
	// overlay, when set, shows a solver's board instead of the entries;
	// overlayMarks shows its candidate grid (a search that failed).
	overlay      []uint8
	overlayMarks []game.Marks
	overPosition bool // the overlay goes on from the player's position (SetWalkOverlay)
	highlight    *Highlight

	// OnTypedRune and OnTypedKey receive keys typed while the board has the
	// focus; OnTapped is told which cell was tapped (after selecting it).
	OnTypedRune func(rune)
	OnTypedKey  func(*fyne.KeyEvent)
	OnTapped    func(cell int)
	// OnTappedSecondary is told which cell was right-clicked (after
	// selecting it).
	OnTappedSecondary func(cell int)
	// OnPausedTap is told of a click on the paused board (which selects
	// nothing: the click moved the hidden selection).
	OnPausedTap func()
	// OnTappedBeside is told of a click on the board's widget beside its
	// cells (the pad by a cell closes, as on a click on nothing).
	OnTappedBeside func()
	// OnDragged is told of each cell a drag over the board passes, the
	// one it started on first (first set): a killer's cages, a jigsaw's
	// regions drawn in the editor. It returns false for a drag it does
	// not take (not drawing), which is then a click.
	OnDragged func(cell int, first bool) bool
	// A drag under way: whether it left its first cell, whether
	// OnDragged refused it (not drawing), the last cell it passed (-1
	// off the grid) and where it started.
	dragging, dragMoved, dragRefused bool
	dragLast                         int
	dragStart                        fyne.Position
	// regions, when set, are a jigsaw's regions as they are drawn in the
	// editor: the board draws their borders rather than the game's.
	regions []uint8

	// Plain boards only show digits and marks: no selection, highlights
	// or warnings (the lab's small boards).
	Plain bool
	// NoPeers and NoSameDigit turn off the highlight of the selected
	// cell's row, column and box, and of its digit elsewhere.
	NoPeers, NoSameDigit bool
	// Coords numbers the rows at the left and the columns at the top, as
	// hints and the walkthrough name cells (r3c2: row 3, column 2);
	// without them a beginner could not read a hint.
	Coords bool

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

// SetRegions draws the borders of the regions given cell by cell (a
// jigsaw's as they are drawn) rather than the game's; nil goes back to
// the game's.
func (b *Board) SetRegions(regions []uint8) {
	b.regions = slices.Clone(regions)
	b.Refresh()
}

// SetOverlay shows a solver's board, its cells in reading order, and
// its candidates when it has any (nil returns to the game).
func (b *Board) SetOverlay(cells []uint8, marks []game.Marks) {
	b.overlay, b.overlayMarks, b.overPosition = cells, marks, false
	b.Refresh()
}

// SetWalkOverlay is SetOverlay for a board that goes on from the player's
// position (the walkthrough): the player's entries keep their colour,
// only the digits placed since are the solver's.
func (b *Board) SetWalkOverlay(cells []uint8, marks []game.Marks) {
	b.SetOverlay(cells, marks)
	b.overPosition = cells != nil
}

// geometry is the shape shown: the game's, classic with no game.
func (b *Board) geometry() *solver.Geometry {
	if b.game == nil {
		return solver.Classic
	}
	return b.game.Geometry()
}

// SetHighlight shows (or, with nil, clears) a hint's cells and candidates.
func (b *Board) SetHighlight(h *Highlight) {
	b.highlight = h
	b.Refresh()
}

// CreateRenderer builds the board's canvas objects.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &boardRenderer{b: b, bg: canvas.NewRectangle(color.Transparent)}
	r.cover = canvas.NewRectangle(color.Transparent)
	r.coverText = canvas.NewText(pausedText, color.Black)
	r.coverText.Alignment = fyne.TextAlignCenter
	r.coverText.TextStyle = fyne.TextStyle{Bold: true}
	r.build(b.geometry())
	r.Refresh()
	return r
}

// build makes the canvas objects of a board of shape geo: a rectangle, a
// symbol and N pencil marks a cell, N+1 thin lines each way, and thick
// lines along the region borders.
func (r *boardRenderer) build(geo *solver.Geometry) {
	r.geo = geo
	n, cells := geo.N, geo.Cells()
	r.markCols, r.markRows = digitGrid(n)
	r.cells = make([]*canvas.Rectangle, cells)
	r.digits = make([]*canvas.Text, cells)
	r.marks = make([][]*canvas.Text, cells)
	r.looks = make([]look, cells)
	r.fresh, r.pal = false, nil
	for i := range r.cells {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.digits[i] = canvas.NewText("", color.Black)
		r.digits[i].Alignment = fyne.TextAlignCenter
		r.marks[i] = make([]*canvas.Text, n)
		for d := range r.marks[i] {
			t := canvas.NewText("", color.Black)
			t.Alignment = fyne.TextAlignCenter
			r.marks[i][d] = t
		}
	}
	r.thinLines = make([]*canvas.Line, 2*(n+1))
	for i := range r.thinLines {
		r.thinLines[i] = canvas.NewLine(color.Black)
	}
	edges := geo.RegionEdges()
	if rg := r.b.regions; len(rg) == geo.Cells() {
		edges = solver.RegionEdgesOf(n, rg)
	}
	r.regions = slices.Clone(r.b.regions)
	r.borders = append(outline(n), edges...)
	r.thickLines = make([]*canvas.Line, len(r.borders))
	for i := range r.thickLines {
		r.thickLines[i] = canvas.NewLine(color.Black)
	}
	r.cages, r.cageSums, r.sumPatches, r.sumCell = nil, nil, nil, nil
	if geo.Killer() {
		segs := geo.CageLines(cageInset)
		r.sumCell = make([]bool, geo.N*geo.N)
		for _, c := range geo.Cages() {
			r.sumCell[c.Cells[0]] = true
		}
		r.cages = canvas.NewRaster(func(w, h int) image.Image { return r.drawCages(segs, w, h) })
		for _, c := range geo.Cages() {
			t := canvas.NewText(strconv.Itoa(c.Sum), color.Black)
			t.TextStyle = fyne.TextStyle{Bold: true}
			r.cageSums = append(r.cageSums, t)
			r.sumPatches = append(r.sumPatches, canvas.NewRectangle(color.Transparent))
		}
	}
	r.objects = append(r.objects[:0], r.bg)
	for _, c := range r.cells {
		r.objects = append(r.objects, c)
	}
	// thin lines first, so the thick region borders are drawn over them
	for _, l := range r.thinLines {
		r.objects = append(r.objects, l)
	}
	for _, l := range r.thickLines {
		r.objects = append(r.objects, l)
	}
	if r.cages != nil {
		r.objects = append(r.objects, r.cages)
		for k := range r.cageSums {
			r.objects = append(r.objects, r.sumPatches[k], r.cageSums[k])
		}
	}
	for i := range r.digits {
		r.objects = append(r.objects, r.digits[i])
		for _, m := range r.marks[i] {
			r.objects = append(r.objects, m)
		}
	}
	r.coordText = make([]*canvas.Text, 2*n) // rows 1..n, then columns
	for k := range r.coordText {
		t := canvas.NewText(strconv.Itoa(k%n+1), color.Black)
		t.Alignment = fyne.TextAlignCenter
		r.coordText[k] = t
		r.objects = append(r.objects, t)
	}
	r.objects = append(r.objects, r.cover, r.coverText)
}

// outline is the border of an n×n board, as four edges.
func outline(n int) []solver.Edge {
	return []solver.Edge{{X0: 0, Y0: 0, X1: n, Y1: 0}, {X0: 0, Y0: n, X1: n, Y1: n}, {X0: 0, Y0: 0, X1: 0, Y1: n}, {X0: n, Y0: 0, X1: n, Y1: n}}
}

// A killer's cages, as the booklets draw them: dashed outlines inset in
// the cells, each sum small in its cage's first cell, on a patch of the
// cell's colour.
const (
	cageInset = 0.08 // of a cell
	cageSum   = 0.22 // the sum's text size, of a cell
)

// drawCages draws the cage outlines segs (in cells) as dashes, on a
// transparent image of the board's size in pixels (w × h).
func (r *boardRenderer) drawCages(segs []solver.Segment, w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	size := r.b.Size()
	if size.Width <= 0 || r.pal == nil {
		return img
	}
	px := float64(w) / float64(size.Width) // pixels a unit
	side, ox, oy := r.b.frame(size, r.geo.N)
	cell := float64(side) / float64(r.geo.N) * px
	x0, y0 := float64(ox)*px, float64(oy)*px
	ink := image.NewUniform(r.pal.cage)
	lw := max(1, int(cell/40))
	// The sums' patches in pixels: a dash that meets one is left out
	// whole, not cut by the patch (a stub of it by a sum read as a
	// comma, ",14").
	patches := make([]image.Rectangle, len(r.sumPatches))
	for k, p := range r.sumPatches {
		at, sz := p.Position(), p.Size()
		patches[k] = image.Rect(int(float64(at.X)*px), int(float64(at.Y)*px), int(float64(at.X+sz.Width)*px)+1, int(float64(at.Y+sz.Height)*px)+1)
	}
	hidden := func(rc image.Rectangle) bool {
		for _, p := range patches {
			if rc.Overlaps(p) {
				return true
			}
		}
		return false
	}
	// Each line starts and ends with a dash: lines that meet at a corner
	// both reach it.
	for _, d := range solver.DashesAlong(segs, cell, x0, y0, 0.12, 0.08) {
		var rc image.Rectangle
		if d.Y0 == d.Y1 {
			rc = image.Rect(int(d.X0), int(d.Y0)-lw/2, int(d.X1), int(d.Y0)-lw/2+lw)
		} else {
			rc = image.Rect(int(d.X0)-lw/2, int(d.Y0), int(d.X0)-lw/2+lw, int(d.Y1))
		}
		if !hidden(rc) {
			draw.Draw(img, rc, ink, image.Point{}, draw.Src)
		}
	}
	return img
}

// cellAt returns the cell under pos, or -1.
func (b *Board) cellAt(pos fyne.Position) int {
	side, ox, oy := b.frame(b.Size(), b.geometry().N)
	x, y := pos.X-ox, pos.Y-oy
	if x < 0 || y < 0 || x >= side || y >= side {
		return -1
	}
	n := b.geometry().N
	cell := side / float32(n)
	return min(n*int(y/cell)+int(x/cell), n*n-1)
}

// Tapped selects the tapped cell and takes the keyboard focus.
func (b *Board) Tapped(e *fyne.PointEvent) {
	if b.Plain {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Focus(b)
	}
	if b.pausedTap() {
		return
	}
	i := b.cellAt(e.Position)
	if i < 0 && b.OnTappedBeside != nil {
		b.OnTappedBeside()
	}
	if i < 0 || b.game == nil {
		return
	}
	b.game.Select(i)
	if b.OnTapped != nil {
		b.OnTapped(i)
	}
}

// Dragged tells OnDragged of the cells a drag passes over, once it has
// left the cell it started in (the first of them; off the grid, the
// first it meets), and stops at the first OnDragged refuses. A drag
// that never leaves its cell, or that OnDragged refuses, is a click
// (DragEnd): Fyne sends no click after a move of two units, and a
// shaky click selected nothing once the board took drags.
func (b *Board) Dragged(e *fyne.DragEvent) {
	if b.Plain || b.game == nil || b.game.Paused() {
		return
	}
	i := b.cellAt(e.Position)
	if !b.dragging {
		b.dragging, b.dragMoved, b.dragRefused = true, false, false
		b.dragLast = b.cellAt(e.Position.Subtract(e.Dragged))
		b.dragStart = e.Position.Subtract(e.Dragged)
	}
	if b.dragRefused || i < 0 || b.OnDragged == nil {
		return
	}
	if b.dragLast < 0 {
		b.dragLast = i // started off the grid: from the first cell met
		if !b.OnDragged(i, true) {
			b.dragRefused = true
		}
		b.dragMoved = true
		return
	}
	if i == b.dragLast {
		return
	}
	if !b.dragMoved {
		b.dragMoved = true
		if !b.OnDragged(b.dragLast, true) {
			b.dragRefused = true
			return
		}
	}
	// Every cell between the last one and this, side to side: a fast
	// drag from r3c1 to r3c8 picked those two cells alone.
	n := b.geometry().N
	r, c := b.dragLast/n, b.dragLast%n
	for r*n+c != i {
		dr, dc := i/n-r, i%n-c
		if abs(dr) >= abs(dc) {
			r += sign(dr)
		} else {
			c += sign(dc)
		}
		if r*n+c != i {
			b.OnDragged(r*n+c, false)
		}
	}
	b.dragLast = i
	b.OnDragged(i, false)
}

// DragEnd ends a drag: one that never left its cell, or that OnDragged
// refused, is a click where it started.
func (b *Board) DragEnd() {
	b.dragging = false
	if !b.dragMoved || b.dragRefused {
		b.Tapped(&fyne.PointEvent{Position: b.dragStart})
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// pausedTap hands a click on the paused board to OnPausedTap, and reports
// whether it was one.
func (b *Board) pausedTap() bool {
	if b.game == nil || !b.game.Paused() || b.overlay != nil {
		return false
	}
	if b.OnPausedTap != nil {
		b.OnPausedTap()
	}
	return true
}

// TappedSecondary selects the cell right-clicked and tells OnTappedSecondary.
func (b *Board) TappedSecondary(e *fyne.PointEvent) {
	if b.Plain || b.pausedTap() {
		return
	}
	i := b.cellAt(e.Position)
	if i < 0 && b.OnTappedBeside != nil {
		b.OnTappedBeside()
	}
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
	n := b.geometry().N
	side, ox, oy := b.frame(b.Size(), n)
	c := side / float32(n)
	return fyne.NewPos(ox+c*float32(i%n), oy+c*float32(i/n)), c
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

// MinSize keeps cells big enough to read pencil marks on a 9×9 board
// (digits only, on a plain board). A small screen (800×600, also at
// FYNE_SCALE=1.5) still holds the window whatever the shape: every board
// asks for 234 units, which a 16×16 fills with cells of 14 (its marks
// want a bigger window).
func (b *Board) MinSize() fyne.Size {
	if b.Plain {
		// The Lab's five side by side fit a screen of 640 units (1024
		// pixels at 150 %, 1280 at 200 %): at 9×22, then 9×18, they ran
		// past its edge. They grow with the window.
		return fyne.NewSize(9*12, 9*12)
	}
	return fyne.NewSize(9*26, 9*26)
}

// coordsMargin is the room for the row and column numbers, of a cell.
const coordsMargin = 0.45

// coords reports whether the board shows its row and column numbers.
func (b *Board) coords() bool { return b.Coords && !b.Plain }

// frame is square for the board: with its numbers, the grid leaves a
// margin at the top and the left for them, and the two are centred
// together.
func (b *Board) frame(size fyne.Size, n int) (side, ox, oy float32) {
	if !b.coords() {
		return square(size, n)
	}
	k := float32(coordsMargin) / float32(n)
	side = min(size.Width, size.Height) / (1 + k)
	side = float32(int(side/float32(n))) * float32(n)
	m := side * k
	return side, (size.Width-side-m)/2 + m, (size.Height-side-m)/2 + m
}

// square returns the side of the largest square that fits size, whole
// pixels for each of n cells a side, and the offsets that centre it.
func square(size fyne.Size, n int) (side, ox, oy float32) {
	side = min(size.Width, size.Height)
	// whole pixels per cell keep the thin lines crisp
	side = float32(int(side/float32(n))) * float32(n)
	return side, (size.Width - side) / 2, (size.Height - side) / 2
}

type look struct {
	bg         color.Color
	text       string
	textColor  color.Color
	bold       bool
	small      bool // a cross in a cell without candidates
	marks      game.Marks
	markColors [solver.MaxSide]color.Color
	// markBold marks the candidates a hint removes by their weight as
	// well as their red: to a red-green colour-blind player they looked
	// like the grey ones kept.
	markBold game.Marks
}

type boardRenderer struct {
	b          *Board
	geo        *solver.Geometry // the shape the objects are for
	markCols   int              // pencil marks sit in a grid of markCols × markRows
	markRows   int
	bg         *canvas.Rectangle
	cells      []*canvas.Rectangle
	digits     []*canvas.Text
	marks      [][]*canvas.Text // per cell, per symbol-1
	thinLines  []*canvas.Line   // 0..N vertical, then N+1 horizontal
	thickLines []*canvas.Line   // along borders
	regions    []uint8          // the board's regions when built (Board.SetRegions)
	borders    []solver.Edge
	cages      *canvas.Raster      // a killer's cage outlines, nil without
	cageSums   []*canvas.Text      // each cage's sum
	sumPatches []*canvas.Rectangle // behind each sum, breaking the outline
	sumCell    []bool              // the cells that carry a sum
	cover      *canvas.Rectangle
	coverText  *canvas.Text
	coordText  []*canvas.Text // the row numbers at the left, then the column numbers at the top
	objects    []fyne.CanvasObject

	looks []look
	fresh bool // looks hold what the objects show
	pal   *palette
}

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *boardRenderer) Destroy()                     {}
func (r *boardRenderer) MinSize() fyne.Size           { return r.b.MinSize() }

func (r *boardRenderer) Layout(size fyne.Size) {
	n := r.geo.N
	side, ox, oy := r.b.frame(size, n)
	cell := side / float32(n)
	coords := r.b.coords()
	m, ts := cell*coordsMargin, min(cell*coordsMargin*0.62, cell*0.3)
	th := fyne.MeasureText("8", ts, fyne.TextStyle{}).Height
	for k, t := range r.coordText {
		t.Hidden = !coords
		t.TextSize = ts
		if k < n { // row k+1, at the left
			t.Move(fyne.NewPos(ox-m, oy+float32(k)*cell+(cell-th)/2))
			t.Resize(fyne.NewSize(m*0.8, th))
		} else { // column k-n+1, at the top
			t.Move(fyne.NewPos(ox+float32(k-n)*cell, oy-m+(m-th)/2-m*0.08))
			t.Resize(fyne.NewSize(cell, th))
		}
	}
	r.bg.Move(fyne.NewPos(ox, oy))
	r.bg.Resize(fyne.NewSize(side, side))
	digitSize := cell * 0.6
	// Pencil marks fill the cell; on a killer they keep clear of the
	// cage outline, and in a cage's first cell their top row keeps to
	// the right of its sum.
	// Off the cell's edges, where a region's thick border would clip them.
	markX, markY := cell*0.05, cell*0.05
	if r.cages != nil {
		markX, markY = cell*cageInset*1.5, cell*cageInset*1.5
	}
	markW, markH := cell-2*markX, cell-2*markY
	subW, subH := markW/float32(r.markCols), markH/float32(r.markRows)
	markSize := min(subW*0.8, subH*0.78)
	if r.markCols > 3 {
		// Four marks a row (12×12 and 16×16): the slots are a third
		// smaller, and the margins 9×9 keeps around its marks would make
		// them too small to read. A digit's glyph is about 0.72 of the
		// text size high and 0.6 wide, so these still leave a gap. Set
		// in a little more from the cell's edges: the last row touched
		// the cell's foot (a G lost its bottom) and the last column its
		// right side.
		if r.cages == nil {
			markX, markY = cell*0.07, cell*0.07
			markW, markH = cell-2*markX, cell-2*markY
			subW, subH = markW/float32(r.markCols), markH/float32(r.markRows)
		}
		markSize = min(subW*1.1, subH*0.95)
	}
	// sumRight is where a cage's first cell's top row of marks starts,
	// right of its sum; the same in every such cell, the widest sum's,
	// and the marks' size such that the row fits there. (Below the sum,
	// all the rows of such a cell were squeezed together and ran into
	// the cage's foot; at 150 % on 800×600 they were 5 pixels high.)
	var sumRight float32
	if r.cages != nil {
		for _, t := range r.cageSums {
			sumRight = max(sumRight, fyne.MeasureText(t.Text, cell*cageSum, fyne.TextStyle{Bold: true}).Width)
		}
		sumRight += cell * (cageInset*1.6 + 0.05)
		markSize = min(markSize, (cell-markX-sumRight)/float32(r.markCols)/0.75)
	}
	topW := (cell - markX - sumRight) / float32(r.markCols)
	dm := fyne.MeasureText("8", digitSize, fyne.TextStyle{Bold: true})
	mm := fyne.MeasureText("8", markSize, fyne.TextStyle{})
	markTop := (subH - mm.Height) / 2 // the line's box centred in its slot
	if r.markCols > 3 {
		// the glyph centred instead (capitals and digits stand about
		// 0.72 of the text size above the baseline): in a line's box
		// they sit low, and the last row touched the cell's foot
		_, base := fyne.CurrentApp().Driver().RenderedTextSize("8", markSize, fyne.TextStyle{}, nil)
		markTop = subH/2 - (base - 0.36*markSize)
	}
	for i := range r.cells {
		x, y := ox+float32(i%n)*cell, oy+float32(i/n)*cell
		r.cells[i].Move(fyne.NewPos(x, y))
		r.cells[i].Resize(fyne.NewSize(cell, cell))
		t := r.digits[i]
		t.TextSize = digitSize
		if r.looks[i].small {
			t.TextSize = digitSize * 0.7
		}
		dx, dy := float32(0), float32(0)
		if r.sumCell != nil && r.sumCell[i] {
			// clear of the cage's sum in the corner: centred, a digit
			// ran into it ("14" and "7" read as one)
			dx, dy = cell*0.04, cell*0.08
		}
		t.Move(fyne.NewPos(x+dx, y+(cell-dm.Height)/2+dy))
		t.Resize(fyne.NewSize(cell, dm.Height))
		sum := r.sumCell != nil && r.sumCell[i]
		for d, m := range r.marks[i] {
			m.TextSize = markSize
			mx, w := x+markX+float32(d%r.markCols)*subW, subW
			if sum && d < r.markCols {
				mx, w = x+sumRight+float32(d)*topW, topW
			}
			m.Move(fyne.NewPos(mx, y+markY+float32(d/r.markCols)*subH+markTop))
			m.Resize(fyne.NewSize(w, mm.Height))
		}
	}
	for k := 0; k <= n; k++ {
		p := float32(k) * cell
		v, h := r.thinLines[k], r.thinLines[n+1+k]
		v.StrokeWidth, h.StrokeWidth = 1, 1
		v.Position1, v.Position2 = fyne.NewPos(ox+p, oy), fyne.NewPos(ox+p, oy+side)
		h.Position1, h.Position2 = fyne.NewPos(ox, oy+p), fyne.NewPos(ox+side, oy+p)
	}
	thick := max(2, float32(int(side/150)))
	for k, b := range r.borders {
		l := r.thickLines[k]
		l.StrokeWidth = thick
		// a thick line reaches half its width past its ends, so that
		// lines meeting at a corner join without a notch
		// (not a line inside the board where it meets the frame: its end
		// showed as a stub outside the frame)
		lo, hi := thick/2, thick/2
		if b.Y0 == b.Y1 {
			if b.Y0 != 0 && b.Y0 != n {
				lo, hi = edgeTrim(b.X0, n, lo), edgeTrim(b.X1, n, hi)
			}
			l.Position1 = fyne.NewPos(ox+float32(b.X0)*cell-lo, oy+float32(b.Y0)*cell)
			l.Position2 = fyne.NewPos(ox+float32(b.X1)*cell+hi, oy+float32(b.Y1)*cell)
		} else {
			if b.X0 != 0 && b.X0 != n {
				lo, hi = edgeTrim(b.Y0, n, lo), edgeTrim(b.Y1, n, hi)
			}
			l.Position1 = fyne.NewPos(ox+float32(b.X0)*cell, oy+float32(b.Y0)*cell-lo)
			l.Position2 = fyne.NewPos(ox+float32(b.X1)*cell, oy+float32(b.Y1)*cell+hi)
		}
	}
	if r.cages != nil {
		r.cages.Move(fyne.NewPos(0, 0))
		r.cages.Resize(size)
		ts := cell * cageSum
		for k, c := range r.geo.Cages() {
			i := int(c.Cells[0])
			t := r.cageSums[k]
			t.TextSize = ts
			m := fyne.MeasureText(t.Text, ts, t.TextStyle)
			at := fyne.NewPos(ox+float32(i%n)*cell+cell*cageInset*0.9, oy+float32(i/n)*cell+cell*cageInset*0.9)
			t.Move(at.AddXY(ts*0.12, 0))
			t.Resize(m)
			r.sumPatches[k].Move(at)
			r.sumPatches[k].Resize(fyne.NewSize(m.Width+ts*0.24, m.Height*0.9))
		}
	}
	// Inside the border, which stays whole: over it, the cover left half
	// of the border and stubs of the box lines where they meet it.
	r.cover.Move(fyne.NewPos(ox+thick/2, oy+thick/2))
	r.cover.Resize(fyne.NewSize(side-thick, side-thick))
	// As large as fits in 85 % of the board's width, at most side/18.
	w1 := fyne.MeasureText(pausedText, 10, r.coverText.TextStyle).Width / 10
	r.coverText.TextSize = min(side/18, side*0.85/max(w1, 1))
	ch := fyne.MeasureText(pausedText, r.coverText.TextSize, r.coverText.TextStyle).Height
	r.coverText.Move(fyne.NewPos(ox, oy+(side-ch)/2))
	r.coverText.Resize(fyne.NewSize(side, ch))
}

// pausedText is what the paused board says: how to go on, which nothing
// said (a click there did nothing to see).
const pausedText = "Paused · click or press P to resume"

// edgeTrim is how far a line inside the board reaches past its end at
// grid position at: ext, or nothing where that end meets the frame (0 or
// n), which covers the join.
func edgeTrim(at, n int, ext float32) float32 {
	if at == 0 || at == n {
		return 0
	}
	return ext
}

// Refresh recomputes how every cell looks and redraws the objects that
// changed (all of them when the theme changed).
func (r *boardRenderer) Refresh() {
	if geo := r.b.geometry(); !geo.Equal(r.geo) || !slices.Equal(r.regions, r.b.regions) {
		r.build(geo)
		r.Layout(r.b.Size())
	} else if len(r.coordText) > 0 && r.coordText[0].Hidden == r.b.coords() {
		r.Layout(r.b.Size()) // the numbers were turned on or off
	}
	pal := paletteFor(r.b.Theme())
	if pal != r.pal {
		r.pal, r.fresh = pal, false
		r.bg.FillColor = pal.board
		for _, l := range r.thinLines {
			l.StrokeColor = pal.thin
		}
		for _, l := range r.thickLines {
			l.StrokeColor = pal.thick
		}
		for _, t := range r.cageSums {
			t.Color = pal.cage
		}
		r.cover.FillColor = pal.cover
		r.coverText.Color = pal.markText
		for _, t := range r.coordText {
			t.Color = pal.markText
		}
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
		for d, m := range r.marks[i] {
			on := nw.marks.Has(uint8(d + 1))
			bold := nw.markBold.Has(uint8(d + 1))
			if r.fresh && on == old.marks.Has(uint8(d+1)) && old.markColors[d] == nw.markColors[d] && bold == old.markBold.Has(uint8(d+1)) {
				continue
			}
			m.Text = ""
			if on {
				m.Text = string(solver.Symbol(uint8(d + 1)))
			}
			m.Color = nw.markColors[d]
			m.TextStyle = fyne.TextStyle{Bold: bold}
			canvas.Refresh(m)
		}
		*old = *nw
	}
	for k, c := range r.geo.Cages() {
		if p := r.sumPatches[k]; p.FillColor != looks[c.Cells[0]].bg {
			p.FillColor = looks[c.Cells[0]].bg
			canvas.Refresh(p)
		}
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
func (r *boardRenderer) compute(pal *palette) []look {
	out := make([]look, r.geo.Cells())
	g := r.b.game
	if g == nil {
		for i := range out {
			out[i].bg = pal.board
		}
		return out
	}
	v := cellView{b: r.b, g: g, geo: r.geo, pal: pal, h: r.b.highlight, board: g.Board().Cells}
	if r.b.overlay != nil {
		v.board = r.b.overlay
	}
	v.sel = g.Selected()
	v.selDigit = v.board[v.sel]
	if r.b.Plain || r.b.overlay != nil { // a solver's board: no selection
		v.sel, v.selDigit = -1, 0
	}
	if r.b.overlay == nil {
		v.conflicts = g.Conflicts()
	} else {
		v.conflicts = make([]bool, len(out))
	}
	v.cands = solver.Board{Geo: r.geo, Cells: v.board}.Candidates()
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
	geo       *solver.Geometry
	pal       *palette
	h         *Highlight
	board     []uint8
	sel       int
	selDigit  uint8
	conflicts []bool
	cands     []uint32
}

// sees reports whether cells a and b share a unit.
func (v *cellView) sees(a, b int) bool {
	if a == b {
		return false
	}
	// On a killer, the selected cell's cage is lit with its row, column
	// and box (a cage's extent was hard to see): no digit repeats in it.
	if k := v.geo.CageOf(a); k >= 0 && k == v.geo.CageOf(b) {
		return true
	}
	for _, u := range v.geo.CellUnits(a) {
		if slices.Contains(v.geo.CellUnits(b), u) {
			return true
		}
	}
	return false
}

// diagonal reports a cell on an X board's diagonals.
func (v *cellView) diagonal(i int) bool {
	n := v.geo.N
	return v.geo.X && (i/n == i%n || i/n+i%n == n-1)
}

// wrong reports a player's digit that is not the solution's (on the
// player's board, not a solver's).
func (v *cellView) wrong(i int) bool { return v.b.overlay == nil && v.g.IsWrong(i) }

// background is cell i's colour: a hint's marks first, then the
// selection, mistakes, the same digit and the peers.
func (v *cellView) background(i int) color.Color {
	pal, h := v.pal, v.h
	if i == v.sel && v.conflicts[i] {
		// The selection's blue, a fifth red: half and half was a dull
		// lavender, close to a given's grey, and the cursor was lost
		// on the very cell being corrected (its digit is red anyway).
		return mix(pal.selected, pal.conflict, 4)
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
	}
	// The cell's own colour, a given's grey or the board's, keeps showing
	// under the lighter shades: a given stays a given in the selected
	// digit's cells, among the selection's peers and on a diagonal.
	base := pal.board
	given := v.g.IsGiven(i)
	if given {
		base = pal.given
	}
	var shade color.Color // the selection's: its digit's cells, or its peers
	switch {
	case h != nil: // a hint's washes alone: the selection's mixed with them
	case v.selDigit != 0 && v.board[i] == v.selDigit && !v.b.NoSameDigit:
		shade = pal.same
	case v.sel >= 0 && !v.b.NoPeers && v.sees(i, v.sel):
		shade = pal.peer
	}
	if v.diagonal(i) {
		base = tint(base, pal.diagonal, pal.board)
		if shade == pal.peer && !given {
			// The peers' shade in full over the diagonal's colour: at
			// half strength there (as on a given's grey), the selection's
			// peers along a diagonal hardly showed. (The digit's shade,
			// darker, shows at half, and in full would leave its text too
			// little contrast in the dark theme.)
			return tintBy(base, shade, pal.board, 1)
		}
	}
	if shade == pal.same && given && pal.board == lightPalette.board {
		// The selected digit's givens in the shade in full in the light
		// theme: at half strength over their grey they hardly showed
		// ("a pale grey-blue I could barely see"), and most of a
		// digit's cells are givens when a game starts. (The dark theme
		// keeps half: in full its text would have too little contrast.)
		return tintBy(base, shade, pal.board, 1)
	}
	if shade != nil {
		return tint(base, shade, pal.board)
	}
	return base
}

// tint shades base as over shades board: base plus over's difference
// from board, each channel kept within 0..255; on a base other than the
// board, half as much, so that text keeps its contrast on the darker
// cell.
func tint(base, over, board color.Color) color.Color {
	div := 1
	if color.NRGBAModel.Convert(base) != color.NRGBAModel.Convert(board) {
		div = 2
	}
	return tintBy(base, over, board, div)
}

// tintBy is tint with over's difference from board divided by div.
func tintBy(base, over, board color.Color, div int) color.Color {
	b, o, p := color.NRGBAModel.Convert(base).(color.NRGBA), color.NRGBAModel.Convert(over).(color.NRGBA), color.NRGBAModel.Convert(board).(color.NRGBA)
	ch := func(x, y, z uint8) uint8 { return uint8(min(255, max(0, int(x)+(int(y)-int(z))/div))) }
	return color.NRGBA{ch(b.R, o.R, p.R), ch(b.G, o.G, p.G), ch(b.B, o.B, p.B), 0xFF}
}

// content is what cell i shows: its digit, or its pencil marks (the
// solver's, the hint's or the player's), or a cross where no digit can go.
func (v *cellView) content(i int, l *look) {
	pal, h, d := v.pal, v.h, v.board[i]
	switch {
	case d != 0:
		given := v.g.IsGiven(i)
		l.text = string(solver.Symbol(d))
		l.bold = given
		switch {
		case v.conflicts[i]:
			l.textColor = pal.errorText // the given it repeats too
		case given:
			l.textColor = pal.givenText
		case v.wrong(i):
			l.textColor = pal.errorText
		case v.b.overlay != nil && !(v.b.overPosition && v.g.Cell(i).Digit == d):
			// placed by the solver or the walkthrough; the player's own
			// entries under the walkthrough keep their colour (all green,
			// they read as the green digits of the walkthrough's key)
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
		if v.cands[i] == 0 && !v.b.Plain {
			// no digit can go here any more: a mistake upstream (while
			// a puzzle is typed in too: the header said "no solution"
			// without saying where)
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
		l.text, l.textColor, l.small = string(solver.Symbol(h.MarkSet[i])), pal.solverText, false
		l.marks = 0
	}
}

// colourMarks colours cell i's pencil marks by the part a hint gives them.
func (v *cellView) colourMarks(i int, l *look) {
	pal, h := v.pal, v.h
	for k := 0; k < v.geo.N; k++ {
		dk := uint8(k + 1)
		switch {
		case h != nil && h.MarkOff[i].Has(dk):
			l.markColors[k] = pal.markTarget
			l.markBold |= game.Marks(1) << dk
		case h != nil && h.MarkOn[i].Has(dk):
			// Bold, as the red ones: in plain weight the green and blue
			// marks of a chain looked like the grey ones on a projector.
			l.markColors[k] = pal.markHint
			l.markBold |= game.Marks(1) << dk
		case h != nil && h.MarkOther[i].Has(dk):
			l.markColors[k] = pal.markOther
			l.markBold |= game.Marks(1) << dk
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
// mix is k parts of a to one of b.
func mix(a, b color.Color, k uint32) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	ch := func(x, y uint32) uint8 { return uint8((k*x + y) / (k + 1) >> 8) }
	return color.NRGBA{ch(ar, br), ch(ag, bg), ch(ab, bb), 0xFF}
}

func blend(a, b color.Color) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	return color.NRGBA{uint8((ar + br) >> 9), uint8((ag + bg) >> 9), uint8((ab + bb) >> 9), 0xFF}
}

// digitGrid is how a cell's pencil marks and the number pads lay out n
// digits: as the boxes of a board of side n, or, for a side with no
// boxes of its own (Solo's 5×5, 7×7 and 10×10 jigsaws, 2×5 boxes), in
// rows of ⌈√n⌉. The boxes' table alone gave 0 columns there, and the
// window died dividing by it.
func digitGrid(n int) (cols, rows int) {
	if w, h, ok := solver.DefaultBoxes(n); ok {
		return w, h
	}
	cols = int(math.Ceil(math.Sqrt(float64(n))))
	return cols, (n + cols - 1) / cols
}
