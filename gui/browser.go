package gui

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/library"
	"example.com/sudoku/solver/logic"
)

// browser is the list of the open file's puzzles beside the board: a row
// per puzzle (#N, the puzzle's own name if it has one, its level and
// progress), a choice of which to show (a level, the started or solved
// ones) and a box to find puzzles by name or number. What it shows is
// found off the UI goroutine (library.Find); a frame only draws the rows
// in view.
type browser struct {
	u     *UI
	list  *widget.List
	head  *widget.Label // the file's name
	count *widget.Label // its puzzles, those shown, reading and rating
	// countBox keeps the count's height from shrinking as its numbers
	// change (growOnly); reset for another file.
	countBox *growOnly
	none     *widget.Label // "No puzzle matches.", in place of an empty list
	show     *panelSelect  // (arrows typed on it go on to the board)
	find     *findEntry
	// prev and next step through the file (keys typed on them go on to
	// the board).
	prev, next *panelButton
	box        *fyne.Container

	filter library.Show
	view   []int32 // the puzzles shown, by row; nil shows them all
	gen    int     // the latest search asked for
	cancel context.CancelFunc
	// openGen is the search whose first puzzle Enter asked for before
	// it came (0: none): Enter typed right after "184" opened nothing.
	openGen int
	stale   bool      // ratings or progress changed since the search
	found   time.Time // when the latest search was asked for
	showing bool      // a search is showing (view is its result)
	hidden  bool      // the search found none, but its text alone finds some: the level or progress chosen hides them

	searches sync.WaitGroup // the searches under way (tests wait on it)
	// post hands a search's result to the UI goroutine: fyne.Do, or in
	// tests a queue they run on their own goroutine.
	post func(func())
}

// The choices of the browser's Show menu beside the levels.
const (
	showAll      = "All puzzles"
	showUnrated  = "Not rated yet"
	showNoLevel  = "Cannot be rated"
	showStarted  = "Started"
	showSolved   = "Solved"
	showUnsolved = "Not solved"
)

func showChoices() []string {
	out := []string{showAll}
	for _, lv := range logic.Levels() {
		out = append(out, titleCase(lv.String()))
	}
	return append(out, showUnrated, showNoLevel, showStarted, showSolved, showUnsolved)
}

func titleCase(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s // "12×12 expert" stays as it is (its first byte became �)
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func newBrowser(u *UI) *browser {
	b := &browser{u: u, post: u.do}
	b.head = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// A long name breaks onto a second line rather than lose its end
	// ("puzzles2_17_…" did not say which file was open), after an
	// underscore or a dash where it has one (breakable).
	b.head.Wrapping = fyne.TextWrapWord
	b.count = widget.NewLabel("")
	b.count.Wrapping = fyne.TextWrapWord
	b.list = widget.NewList(b.rows,
		func() fyne.CanvasObject {
			// A long name ends in … before the level, not under it; the
			// number shows whole before the level does (rowLayout).
			name := widget.NewLabel("puzzle name")
			name.Truncation = fyne.TextTruncateEllipsis
			right := widget.NewLabel("extreme ✓")
			right.Truncation = fyne.TextTruncateEllipsis
			return container.New(rowLayout{}, name, right)
		}, b.updateRow)
	b.list.OnSelected = func(row widget.ListItemID) {
		if i := b.index(row); u.coll != nil && i >= 0 && i != u.coll.Index {
			u.GoTo(i)
		}
	}
	b.show = u.newPanelSelect(showChoices(), b.setShow)
	b.show.Selected = showAll
	b.find = &findEntry{leave: func() { u.win.Canvas().Focus(u.board) }}
	b.find.ExtendBaseWidget(b.find)
	b.find.SetPlaceHolder("Find: name or #N") // "#number" was cut at 800×600
	b.find.OnChanged = func(text string) {
		b.filter.Text = text
		b.refind()
	}
	b.find.OnSubmitted = func(string) { b.openFirst() }
	// Panel buttons: focused by Tab, they pass digits, arrows and Esc on
	// to the board (Fyne's took every key, and the game seemed to stop).
	b.prev = u.button("", theme.NavigateBackIcon(), u.Previous)
	b.next = u.button("", theme.NavigateNextIcon(), u.Next)
	// The name and the count have the list's whole width (between the
	// arrows the name broke "puzzles2_17_clue.txt" into four pieces on a
	// narrow list, and so did the count beside them); the arrows share a
	// row of their own.
	b.countBox = &growOnly{}
	top := container.NewVBox(
		b.head, container.New(b.countBox, b.count),
		container.NewGridWithColumns(2, b.prev, b.next),
		b.show, b.find) // one above the other: the browser stays narrow
	// Where the list would be, when nothing matches: an empty list said
	// nothing, and Enter in Find did nothing.
	b.none = widget.NewLabelWithStyle("No puzzle matches.", fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	b.none.Wrapping = fyne.TextWrapWord
	b.none.Hide()
	b.box = container.NewBorder(top, nil, nil, nil, container.New(&listStack{b: b}, b.list, container.NewVBox(b.none)))
	return b
}

// growOnly lays out one object at its width with the most height it has
// needed since its width last changed or reset was called: the count
// over the browser's list took two, three or four lines as its numbers
// grew and shrank ("999,904 of 1,000,000 shown", "rating levels: 101 of
// 1,000,000"), and the Show and Find fields under it moved while a
// click was on its way to them.
type growOnly struct {
	height, width float32
}

func (g *growOnly) reset() { g.height = 0 }

func (g *growOnly) MinSize(objects []fyne.CanvasObject) fyne.Size {
	m := objects[0].MinSize()
	g.height = max(g.height, m.Height)
	return fyne.NewSize(m.Width, g.height)
}

func (g *growOnly) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	if size.Width != g.width {
		g.width = size.Width
		g.height = 0 // another width: lines break elsewhere
	}
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(fyne.NewSize(size.Width, objects[0].MinSize().Height))
}

// setShow takes a choice of the Show menu.
func (b *browser) setShow(choice string) {
	b.filter.Level, b.filter.Progress = "", ""
	switch choice {
	case showAll:
	case showUnrated:
		b.filter.Level = library.Unrated
	case showNoLevel:
		b.filter.Level = library.NoLevel
	case showStarted:
		b.filter.Progress = library.Started
	case showSolved:
		b.filter.Progress = library.Solved
	case showUnsolved:
		b.filter.Progress = library.NotSolved
	default:
		if lv, err := logic.ParseLevel(choice); err == nil {
			b.filter.Level = lv.String()
		}
	}
	b.refind()
	b.u.focusBoard()
}

// reset shows every puzzle of a newly opened file.
func (b *browser) reset() {
	b.filter = library.Show{}
	b.show.Selected = showAll
	b.show.Refresh()
	b.find.SetText("") // calls refind
	b.refind()
}

// rows is the number of rows.
func (b *browser) rows() int {
	switch {
	case b.u.coll == nil:
		return 0
	case b.showing:
		return len(b.view)
	}
	return b.u.coll.Len()
}

// index is the puzzle on row, or -1.
func (b *browser) index(row int) int {
	switch {
	case row < 0 || row >= b.rows():
		return -1
	case b.showing:
		return int(b.view[row])
	}
	return row
}

// row is the row of puzzle i, or where it would be (the row after it)
// and false.
func (b *browser) row(i int) (int, bool) {
	if !b.showing {
		return i, b.u.coll != nil && i < b.u.coll.Len()
	}
	r := sort.Search(len(b.view), func(k int) bool { return int(b.view[k]) >= i })
	return r, r < len(b.view) && int(b.view[r]) == i
}

func (b *browser) updateRow(row widget.ListItemID, o fyne.CanvasObject) {
	c := b.u.coll
	i := b.index(row)
	if c == nil || i < 0 || i >= c.Len() {
		return
	}
	box := o.(*fyne.Container)
	name, right := box.Objects[0].(*widget.Label), box.Objects[1].(*widget.Label)
	label := "#" + strconv.Itoa(i+1)
	if ps := c.Puzzles(); ps.MixedShapes() {
		// A file of several shapes: the 16×16 among its 6×6s was found
		// only by paging through them.
		label += " · " + shapeLabel(ps.Geometry(i)) // "6×6 killer": the boxes' shape cut the name short
	}
	if own, ok := c.Puzzles().Name(i); ok {
		label += "  " + own
	}
	name.SetText(label)
	level, _ := c.Rating(i)
	text := level
	if why := c.Why(i); why != "" {
		text = why // "—" for several solutions, none, or givens that break the rules alike
	}
	if mark := c.Mark(i, b.u.game); mark != "" {
		text += " " + mark
	}
	right.SetText(text)
	box.Layout.Layout(box.Objects, box.Size()) // the level's width goes with its text
}

// refind looks for the puzzles to show, off the UI goroutine; the list
// changes when they are found. The current puzzle stays selected if shown.
func (b *browser) refind() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.gen++
	b.stale = false
	b.found = time.Now()
	c := b.u.coll
	if c == nil || b.filter.All() {
		b.showing, b.view = false, nil
		b.refreshAll()
		return
	}
	gen, show := b.gen, b.filter
	ps, rs := c.Puzzles(), c.Ratings()
	marks := c.Marks(b.current)
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	b.searches.Add(1)
	go func() {
		defer b.searches.Done()
		view, err := library.Find(ctx, ps, rs, marks, show)
		if err != nil {
			return
		}
		hidden := false // the text matches puzzles the level or progress hides
		if text := (library.Show{Text: show.Text}); len(view) == 0 && !text.All() && (show.Level != "" || show.Progress != "") {
			all, err := library.Find(ctx, ps, rs, marks, text)
			if err != nil {
				return
			}
			hidden = len(all) > 0
		}
		b.post(func() {
			if gen != b.gen || b.u.coll != c {
				return
			}
			b.cancel = nil
			b.showing, b.view, b.hidden = true, view, hidden
			b.refreshAll()
			if _, shown := b.row(c.Index); !shown {
				// From the top, not from where the whole list was (a
				// filter chosen deep in a big file opened at its end).
				b.list.ScrollToTop()
			}
			if b.openGen == gen {
				b.openFirst()
			}
		})
	}()
}

// current says whether the game on the board is started or solved.
func (b *browser) current() (started, solved bool) {
	g := b.u.game
	if c := b.u.coll; g == nil || c == nil || g.Editing() || !sameBoard(g.Givens(), c.Puzzles().Board(c.Index)) {
		// Not the file's puzzle (one typed in: #3 showed ◐): its
		// progress is the one kept.
		if c == nil {
			return false, false
		}
		st, ok := c.Progress[c.Index]
		return ok, ok && st.Won && !st.Assisted
	}
	return g.Started() || g.Won(), g.Won() && !g.Assisted() // finished with help: started, not solved
}

// noneText is what an empty list says: with a text to find and a level
// or progress chosen too, that the choice hides the puzzles the text
// matches, if any ("#20000" with Show: Extreme said "No puzzle matches."
// of a puzzle not rated yet; "abc" said to choose All puzzles, which
// found nothing either).
func (b *browser) noneText() string {
	if b.hidden {
		return "No puzzle matches among those shown: choose All puzzles to find it."
	}
	return "No puzzle matches."
}

// refreshAll redraws the rows in view and selects the current puzzle's.
func (b *browser) refreshAll() {
	if empty := b.showing && len(b.view) == 0; empty != b.none.Visible() || empty && b.none.Text != b.noneText() {
		if empty {
			b.none.SetText(b.noneText())
			b.none.Show()
		} else {
			b.none.Hide()
		}
	}
	b.list.Refresh()
	b.selectCurrent()
	b.u.showLoadState()
}

// selectCurrent selects the current puzzle's row and scrolls to it (no
// row is selected when it is not shown).
func (b *browser) selectCurrent() {
	c := b.u.coll
	if c == nil {
		return
	}
	if r, ok := b.row(c.Index); ok {
		top := b.list.GetScrollOffset()
		b.list.Select(r)              // which scrolls the row to the list's edge
		if b.list.Size().Height > 0 { // a list not laid out yet scrolls wrong
			b.scrollInView(r, top)
		}
	} else {
		b.list.UnselectAll()
	}
}

// listStack lays the list out as a stack does, and when the list's size
// changes brings the current puzzle's row back into view if it went out
// of it: at a restart the list was first laid out at another height, and
// the row ended under its edge once the window took its size.
type listStack struct {
	b    *browser
	last fyne.Size
}

func (l *listStack) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

func (l *listStack) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if size == l.last || size.Height <= 0 {
		return
	}
	l.last = size
	l.b.keepInView()
}

// scrollInView scrolls the list so that row r shows whole: where it did
// at offset top, the list stays there; else the row comes to the middle of
// the list. (List.Select and ScrollTo put it at the edge, where a list
// made a little shorter after, by a second line in the header above it,
// left it out of sight: after a restart the current row sat under the
// list's edge.)
func (b *browser) scrollInView(r int, top float32) { b.scrollInViewWithin(r, top, 0) }

// scrollInViewWithin is scrollInView with room: the row counts as in view
// when it shows whole margin inside the list's edges.
func (b *browser) scrollInViewWithin(r int, top, margin float32) {
	sep := b.list.Theme().Size(theme.SizeNamePadding)
	h := b.list.CreateItem().MinSize().Height
	y := float32(r) * (h + sep)
	view := b.list.Size().Height
	if y >= top+min(margin, top) && y+h <= top+view-margin {
		b.list.ScrollToOffset(top)
		return
	}
	b.list.ScrollToOffset(max(0, y-(view-h)/2))
}

// changed redraws the rows in view after ratings or progress changed;
// a search that depends on them is done again, at most once a second.
func (b *browser) changed() {
	if b.showing && (b.filter.Level != "" || b.filter.Progress != "") {
		b.stale = true
	}
	if b.stale && time.Since(b.found) >= time.Second {
		b.refind()
		return
	}
	b.list.Refresh()
}

// more redraws after more of the file was read.
func (b *browser) more() {
	if b.showing {
		b.stale = true
	}
	b.changed()
	// The current row was the last one read, held at the list's foot
	// (it could go no further): with rows after it now, it comes to the
	// middle, so that a shorter list leaves it in sight.
	b.keepInView()
}

// keepInView brings the current puzzle's row to the middle of the list
// when it is not in view with a row's room around it: at the list's edge,
// a list made shorter after left it out of sight.
func (b *browser) keepInView() {
	c := b.u.coll
	if c == nil || b.list.Size().Height <= 0 {
		return
	}
	if r, ok := b.row(c.Index); ok {
		b.scrollInViewWithin(r, b.list.GetScrollOffset(), b.list.CreateItem().MinSize().Height)
	}
}

// tick does a search again that is out of date (from the clock).
func (b *browser) tick() {
	if b.stale && time.Since(b.found) >= time.Second {
		b.refind()
	}
}

// step returns the puzzle d rows from the current one among those shown,
// or -1.
func (b *browser) step(d int) int {
	if b.u.coll == nil {
		return -1
	}
	return b.stepFrom(b.u.coll.Index, d)
}

// stepFrom is step from puzzle from rather than the one open.
func (b *browser) stepFrom(from, d int) int {
	c := b.u.coll
	if c == nil {
		return -1
	}
	if !b.showing {
		if i := from + d; i >= 0 && i < c.Len() {
			return i
		}
		return -1
	}
	r, ok := b.row(from)
	switch {
	case d > 0 && !ok:
		r += d - 1
	default:
		r += d
	}
	return b.index(r)
}

// openFirst opens the first puzzle found (Enter in the find box), or,
// while the search for the text typed is under way, once it is found.
func (b *browser) openFirst() {
	b.openGen = 0
	if b.cancel != nil {
		b.openGen = b.gen
		return
	}
	if i := b.index(0); i >= 0 && b.showing {
		b.u.GoTo(i)
		b.u.focusBoard()
	}
}

// header is the browser's header text.
// header is the line under the file's name: how many puzzles, how many
// shown, and how far reading and rating have come.
//
// The state (reading, rating) has a line of its own, empty when there is
// none, so that the list below never moves: on one line with a filter's
// count it ran past the browser's width ("24 of 39,937 shown · rati…").
func (b *browser) header(n int, state string) string {
	text := fmt.Sprintf("%s puzzles", groupDigits(n))
	if b.showing {
		text = fmt.Sprintf("%s of %s shown", groupDigits(len(b.view)), groupDigits(n))
	}
	return text + "\n" + state
}

// breakable returns a file name with a hair space (U+200A, a space to
// the line breaker and hardly one to the eye) after each underscore and
// dash followed by more of the name, so that a name too long for its line
// breaks there ("puzzles2_17_" over "clue.txt") rather than mid-word
// ("puzzles2_17_cl" over "ue.txt"). A name without them still breaks
// where the line ends.
func breakable(name string) string {
	var b strings.Builder
	for i, r := range name {
		b.WriteRune(r)
		if (r == '_' || r == '-') && i+1 < len(name) && name[i+1] != '_' && name[i+1] != '-' {
			b.WriteRune('\u200a')
		}
	}
	return b.String()
}

// rowLayout lays a browser row out: the level and mark at the right, as
// wide as their text, and the name (#N, and the file's name for the
// puzzle) in the rest. Where the row is too narrow for both, the number
// stays whole and the level gives way: the row being played, "medium ◐",
// showed "#491…" between whole numbers above and below it.
type rowLayout struct{}

func (rowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	name, right := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(name.Width+right.Width, max(name.Height, right.Height))
}

func (rowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	name, right := objs[0].(*widget.Label), objs[1].(*widget.Label)
	pad := 2 * theme.InnerPadding()
	textWidth := func(s string) float32 {
		// (and a pixel: at its exact width a label's text was cut, "exp…")
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width + pad + 1
	}
	rw := float32(0)
	if right.Text != "" {
		rw = textWidth(right.Text)
	}
	number, _, _ := strings.Cut(name.Text, " ")
	if nw := textWidth(number); size.Width-rw < nw {
		rw = max(size.Width-nw, 0)
	}
	name.Move(fyne.NewPos(0, 0))
	name.Resize(fyne.NewSize(size.Width-rw, size.Height))
	right.Move(fyne.NewPos(size.Width-rw, 0))
	right.Resize(fyne.NewSize(rw, size.Height))
}

// findEntry is the browser's Find field: Esc leaves it for the board,
// the list staying as found (the digits typed after an Esc went on
// into the search).
type findEntry struct {
	widget.Entry
	leave func()
}

func (f *findEntry) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyEscape {
		f.leave()
		return
	}
	f.Entry.TypedKey(e)
}
