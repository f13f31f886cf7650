package gui

import (
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// panel holds the side panel's widgets: the level and clock, the play
// buttons and pad, the solver's controls, the status line, the bar of the
// puzzle editor and the boxes of hints and the walkthrough. They read the
// game (UI.refreshPanel); the UI wires their actions.
type panel struct {
	levelText  *widget.RichText
	levelSeg   *widget.TextSegment  // its text
	sideWidth  *fixedWidth          // the side panel's width
	compact    bool                 // the side panel is compact (UI.fitPanel)
	panelCols  *panelColumns        // the side panel in one column or two (UI.fitPanel)
	toolLines  [2]*widget.Separator // above the hint and the solver in one column
	hintScroll *container.Scroll    // the hint's text
	padArea    *fyne.Container      // the pad with Erase and Auto marks, which a hint covers in one column
	// The panel's rows the editor hides (showEditor), and the solver's
	// and hints' place.
	timerRow, undoRow, helpRow, tools *fyne.Container
	timerText                         *canvas.Text
	cageInfo                          *widget.Label   // a killer's selected cage: sum and combinations left
	cageBox                           *fyne.Container // cageInfo in a box of one to three lines, the same for every cage of the puzzle, so the panel below never moves
	cageLines                         *canvas.Rectangle
	cageFitGeo                        *solver.Geometry // the puzzle and width the box's lines are for (fitCageBox)
	cageFitWidth, cageFitView         float32
	pauseBtn                          *panelButton
	undoBtn                           *panelButton
	redoBtn                           *panelButton
	pencilBtn                         *panelButton
	statusRev                         int // the game's revision when the status line was set
	labs                              int // Algorithm Lab windows open
	// showingSolution is set while Show Solution fills the board, whose
	// finish gets no win view
	showingSolution bool
	numPad          *padLayer        // the number pad by a clicked cell, if open
	padHost         *fyne.Container  // the window's layer that shows it
	padCatch        *tapCatcher      // under the content: a click on nothing closes it
	numPadMarks     bool             // it sets pencil marks (a right-click, pencil mode)
	numPadCell      int              // the cell it is by
	numPadWin       fyne.Size        // the window's size when it opened
	numPadBoard     [2]fyne.Position // the board's place and size then (boardPlace)
	mainBox         *fyne.Container  // the board, the bars above it and the panel
	background      bool             // the window is not in the foreground
	hintBtn         *panelButton
	checkBtn        *panelButton
	revealBtn       *panelButton
	autoBtn         *panelButton
	pad             [solver.MaxSide + 1]*padKey // 1..16 (the first N shown), and 0 for erase
	padGrid         *fyne.Container             // the keys of the board's symbols
	padSize         int                         // the board side padGrid holds keys for
	algoSelect      *panelSelect
	speedSel        *panelSelect
	solveBtn        *panelButton
	runEnded        time.Time // when the last run finished by itself (see stopGrace)
	stepBtn         *panelButton
	solveStats      *widget.Label
	statsShown      bool // the panel was scrolled down to show a run's figures (revealStats)
	status          *widget.Label
	statusMore      *panelButton    // shows the status whole, when cut short
	statusRow       *fyne.Container // the status line: status and statusMore
	editBar         *fyne.Container
	editText        *widget.Label
	editStart       *panelButton
	hintBox         *fyne.Container // a hint's explanation, in the solver's place
	solverBox       *fyne.Container // the solver's controls and figures
	hintTitle       *widget.Label
	hintText        *widget.Label
	hintUndo        *panelButton
	hintClose       *panelButton      // (the card's ×)
	hintAbout       *panelButton      // says what the hint's technique is
	hintTech        logic.Technique   // the technique of the hint shown, or None
	hintAt          int               // the game's history when the box was shown: a move makes what it says stale
	playPanel       *container.Scroll // the panel of play, in a scroll
	walkPanel       *fyne.Container   // the walkthrough's, in its place
	walkTitle       *widget.Label
	walkCount       *widget.Label
	walkText        *widget.Label
	walkBack        *panelButton
	walkNext        *panelButton
}

// panelButton is a button of the side panel. Focused (by Tab), it takes
// Space and Enter as a press and nothing else: the other keys go on to the
// board, so a digit typed there is not lost and Space does one thing.
type panelButton struct {
	widget.Button
	u       *UI
	focused bool // (the ring drawn round it)
}

// FocusGained and FocusLost draw a ring round the button while it has the
// focus: Fyne's tint of a focused button did not show on the blue Solve
// or on a button of an icon alone, so Tab seemed to go nowhere.
func (b *panelButton) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
}

func (b *panelButton) FocusLost() {
	b.focused = false
	b.Button.FocusLost()
}

func (b *panelButton) CreateRenderer() fyne.WidgetRenderer {
	return newFocusRing(b.Button.CreateRenderer(), func() bool { return b.focused })
}

// focusRing is a widget's renderer with a ring round the widget while on
// says it has the focus.
type focusRing struct {
	fyne.WidgetRenderer
	ring *canvas.Rectangle
	on   func() bool
	objs []fyne.CanvasObject // the widget's, then the ring
}

func newFocusRing(r fyne.WidgetRenderer, on func() bool) *focusRing {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	ring.CornerRadius = theme.InputRadiusSize()
	f := &focusRing{WidgetRenderer: r, ring: ring, on: on}
	f.objs = append(slices.Clip(r.Objects()), ring)
	return f
}

func (f *focusRing) Layout(size fyne.Size) {
	f.WidgetRenderer.Layout(size)
	f.ring.Resize(size)
}

func (f *focusRing) Objects() []fyne.CanvasObject { return f.objs }

func (f *focusRing) Refresh() {
	f.WidgetRenderer.Refresh()
	f.objs = append(slices.Clip(f.WidgetRenderer.Objects()), f.ring)
	f.ring.StrokeColor = color.Transparent
	if f.on() {
		f.ring.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	f.ring.CornerRadius = theme.InputRadiusSize()
	f.ring.Refresh()
}

// Tapped closes the pad by a cell, whose cell the button acts on (a
// digit of the side pad enters it there), and presses the button.
func (b *panelButton) Tapped(e *fyne.PointEvent) {
	b.u.closePad()
	b.Button.Tapped(e)
}

// button makes a panel button.
func (u *UI) button(label string, icon fyne.Resource, tapped func()) *panelButton {
	b := &panelButton{u: u}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedRune passes the characters on to the board.
func (b *panelButton) TypedRune(r rune) { b.u.panelRune(r) }

// TypedKey presses the button on Space or Enter and passes the rest on.
func (b *panelButton) TypedKey(e *fyne.KeyEvent) { b.u.panelKey(e, func() { b.Tapped(nil) }) }

// panelKey is what a focused control of the panel does with a key: press
// on Space or Enter, and pass every other key on to the board.
func (u *UI) panelKey(e *fyne.KeyEvent, press func()) {
	switch e.Name {
	case fyne.KeySpace, fyne.KeyReturn, fyne.KeyEnter:
		press()
	case fyne.KeyEscape:
		// Back to the board, and Esc does there what it does (stops a
		// run): with the focus left on Pause, Space hid the board where
		// the player meant pencil mode.
		u.win.Canvas().Focus(u.board)
		u.typedKey(e)
	default:
		u.typedKey(e)
	}
}

// panelRune passes a character typed on a focused control of the panel
// on to the board, but Space (the control's press).
func (u *UI) panelRune(r rune) {
	if r != ' ' {
		u.typedRune(r)
	}
}

// panelSelect is a list of the side panel (the algorithm, the speed).
// Focused (by Tab), Space or Enter opens it and the other keys go on to
// the board, as a panel button's do: Fyne's list took Left and Right as
// the previous and next choice, so an arrow meant for the board changed
// the solver, and kept it (it is saved), without a word.
type panelSelect struct {
	widget.Select
	u *UI
}

func (u *UI) newPanelSelect(options []string, changed func(string)) *panelSelect {
	s := &panelSelect{u: u}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedRune passes the characters on to the board.
func (s *panelSelect) TypedRune(r rune) { s.u.panelRune(r) }

// TypedKey opens the list on Space or Enter and passes the rest on.
func (s *panelSelect) TypedKey(e *fyne.KeyEvent) {
	s.u.panelKey(e, func() { s.Select.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace}) })
}

// enable enables b when on, disables it otherwise.
func enable(b interface {
	Enable()
	Disable()
}, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// updatePlay enables what can act on the game now: while paused nothing
// plays (the board is hidden), and a won or unplayable game takes no
// moves, hints or checks.
func (u *UI) updatePlay() {
	g := u.game
	paused := g.Paused()
	over := g.Won() || g.Unplayable() != nil
	play := !paused && !over && !g.Editing()
	enable(u.undoBtn, !paused && (g.CanUndo() || u.drawingCanUndo()) && (!g.Won() || g.Assisted())) // a win with help can be taken back
	enable(u.redoBtn, !paused && g.CanRedo() && !over)
	enable(u.pencilBtn, play)
	enable(u.autoBtn, play)
	enable(u.hintBtn, play)
	enable(u.checkBtn, play)
	enable(u.revealBtn, play)
	for _, k := range u.pad {
		k.setDisabled(paused || over)
	}
	enable(u.solveBtn, u.run != nil || !paused && !g.Editing()) // typing a puzzle in: Start first
	if u.menus != nil {
		u.menus.refreshPlay()
	}
}

// holdClock holds the game's clock while the player cannot be playing: a
// dialog covers the board, a solver or the walkthrough shows on it, an
// Algorithm Lab is open, or the window is in the background. The clock
// calls it four times a second.
func (u *UI) holdClock() {
	if u.game != nil {
		// A solver's board stays up after it stops, until Esc or a
		// click: the game is not in view meanwhile.
		u.game.Hold(u.covered() || u.run != nil || u.board.overlay != nil || u.walk != nil || u.labs > 0 || u.background)
	}
}

// fitPad shows the pad keys of a board of side n (1..n), in rows as its
// pencil marks are laid out: 3 × 3 for 9×9, 4 × 4 for 16×16.
func (p *panel) fitPad(n int) {
	if p.padSize == n {
		return
	}
	p.padSize = n
	cols, rows := digitGrid(n)
	keys := make([]fyne.CanvasObject, n)
	for d := 1; d <= n; d++ {
		keys[d-1] = p.pad[d]
		// the pad keeps the height of three rows of keys, so a 16×16's
		// four rows do not push the panel's controls out of sight
		p.pad[d].height = float32(max(40, 3*52/rows))
		p.pad[d].Refresh()
	}
	p.padGrid.Layout = layout.NewGridLayoutWithColumns(cols)
	p.padGrid.Objects = keys
	p.padGrid.Refresh()
}
