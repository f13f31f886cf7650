package gui

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
)

// timeouts offered in the lab.
var labTimeouts = []struct {
	name string
	d    time.Duration
}{{"1 second", time.Second}, {"10 seconds", 10 * time.Second}, {"1 minute", time.Minute}, {"No limit", 0}}

// labWindow is the algorithm lab: every algorithm on the current puzzle,
// animated side by side, and on the whole open file, as a table and a chart.
type labWindow struct {
	u        *UI
	win      fyne.Window
	puzzle   solver.BoardPuzzle
	src      library.Puzzles // the open file's puzzles, held compactly: boards are made when a run starts
	key      string          // names src (labKey), for the last run kept
	tabs     *container.AppTabs
	timeout  time.Duration
	timeouts []*widget.Select // each tab's time-limit list

	// this puzzle
	small   []*Board
	figures []*widget.Label
	runAll  *widget.Button
	stopOne *widget.Button
	cancel  context.CancelFunc
	oneDone chan struct{} // closed when a "this puzzle" sequence ends

	// whole file
	checks    []*widget.Check
	runFile   *widget.Button
	stopFile  *widget.Button
	progress  *widget.ProgressBar
	table     *labTable
	chart     *canvas.Image
	summary   *widget.Label
	exportCSV *widget.Button
	exportPNG *widget.Button
	rows      [][]lab.Run // finished boards, UI goroutine only
	sortCol   int         // the table's sort column: 0 the board, else an algorithm's time
	sortDesc  bool
	rowAlgos  []solver.Algorithm
	report    *lab.Report
	fileStop  context.CancelFunc
	fileDone  chan struct{}
	errDialog dialog.Dialog // the error shown, if any
	// liveStopped is closed once the status says why the main window's
	// solver stopped (aloneOnTheCore; for tests).
	liveStopped chan struct{}
}

// ShowLab opens the algorithm lab on the current puzzle and open file.
func (u *UI) ShowLab() *labWindow {
	l := &labWindow{u: u, timeout: 10 * time.Second,
		puzzle: solver.BoardPuzzle{Name: u.game.Name, Board: u.game.Givens()}}
	if c := u.coll; c != nil {
		l.src = c.Puzzles()
	} else {
		l.src.AddBoard(l.puzzle)
	}
	l.rowAlgos = solver.Algorithms
	l.key = u.labKey()
	l.win = u.app.NewWindow("Algorithm Lab — " + u.game.Name)
	// Each tab scrolls when the window is smaller than it: at 150 % on an
	// 800×600 screen the Lab was 866 pixels wide, its fifth board, its
	// time limit and its chart's export off the screen's edge.
	tabs := container.NewAppTabs(
		container.NewTabItemWithIcon("This puzzle (Ctrl+1)", theme.GridIcon(), container.NewScroll(l.buildPuzzleTab())),
		container.NewTabItemWithIcon(fmt.Sprintf("Whole file (%s %s, Ctrl+2)", groupDigits(l.src.Len()), plural(l.src.Len(), "board", "boards")), theme.ListIcon(), container.NewScroll(l.buildFileTab())),
	)
	l.win.SetContent(tabs)
	u.labs++ // the game's clock is held while a lab is open
	l.win.SetOnClosed(func() {
		u.labs--
		l.stop()
	})
	// Esc and Ctrl+W close the Lab, as a window's close button does (it
	// had no way to close from the keyboard).
	l.win.Canvas().SetOnTypedKey(l.typedKey)
	l.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { l.win.Close() })
	// Ctrl+Q quits from the Lab too, as from the main window's dialogs
	// (it did nothing there).
	l.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { u.Quit() })
	// Ctrl+1 and Ctrl+2 (and Ctrl+Page Up / Page Down) pick a tab: the
	// tabs took no key, and the whole file's run needed the mouse.
	pick := func(i int) func(fyne.Shortcut) {
		return func(fyne.Shortcut) { tabs.SelectIndex(i); l.keysToWindow() }
	}
	l.tabs = tabs
	for i, k := range []fyne.KeyName{fyne.Key1, fyne.Key2} {
		l.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}, pick(i))
	}
	l.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyPageUp, Modifier: fyne.KeyModifierShortcutDefault}, pick(0))
	l.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyPageDown, Modifier: fyne.KeyModifierShortcutDefault}, pick(1))
	size := fyne.NewSize(1180, 720)
	if room, ok := u.screenRoom(); ok {
		// Inside the screen: at 1024×768 the fifth board and the chart's
		// export button were off its edge.
		size = fyne.NewSize(min(size.Width, room.Width), min(size.Height, room.Height))
	}
	l.win.Resize(size)
	l.restore()
	l.win.Show()
	return l
}

// typedKey handles the keys that reach the Lab's window: Esc stops the
// runs under way, as their Stop buttons do, and closes the Lab when
// nothing runs (a run's figures so far stay to read).
func (l *labWindow) typedKey(k *fyne.KeyEvent) {
	if l.errorKey(k) || k.Name != fyne.KeyEscape || l.win.Canvas().Overlays().Top() != nil {
		return
	}
	if l.cancel != nil || l.fileStop != nil {
		l.stop()
		return
	}
	l.win.Close()
}

// aloneOnTheCore stops the main window's live solver before a run: the
// Lab times its runs one at a time, and the live solver had kept a core
// busy beside them.
func (l *labWindow) aloneOnTheCore() {
	if r := l.u.run; r != nil {
		l.u.StopSolve()
		said := make(chan struct{})
		l.liveStopped = said
		go func() {
			<-r.done // after the stop's own word
			l.u.do(func() { l.u.setStatus("The solver stopped: the Algorithm Lab times its runs alone.") })
			close(said)
		}()
	}
}

// joinAlgos names the algorithms of a run: "dfs, mrv and cp".
func joinAlgos(as []solver.Algorithm) string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = string(a)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// keysToWindow gives the keys back to the window (typedKey) after a
// click on a check, a list or the table, which took the focus and kept
// Esc from stopping the runs.
func (l *labWindow) keysToWindow() {
	if c := l.win.Canvas(); c != nil {
		c.Unfocus()
	}
}

// showError shows err in a dialog that Esc and Enter close, as the main
// window's dialogs do (only a click on OK closed it).
func (l *labWindow) showError(err error) {
	// Not Fyne's error dialog: it wrote a file's name capitalised
	// ("Photo.png is named as…", another file on Linux).
	text := widget.NewLabel(capitalize(readableError(err).Error()))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Error", "OK", container.NewVBox(text), l.win)
	d.Resize(fyne.NewSize(480, 0))
	l.errDialog = d
	d.SetOnClosed(func() { l.errDialog = nil })
	d.Show()
}

// errorKey closes the error dialog on Esc or Enter, and reports whether
// it took the key.
func (l *labWindow) errorKey(k *fyne.KeyEvent) bool {
	if l.errDialog == nil {
		return false
	}
	switch k.Name {
	case fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
		l.errDialog.Hide()
	}
	return true
}

// timeoutSelect makes a time-limit list for a tab; the tabs' lists show
// and set the same limit.
func (l *labWindow) timeoutSelect() *widget.Select {
	names := make([]string, len(labTimeouts))
	for i, t := range labTimeouts {
		names[i] = t.name
	}
	s := widget.NewSelect(names, nil)
	s.Selected = "10 seconds"
	s.OnChanged = func(name string) {
		l.keysToWindow()
		for _, t := range labTimeouts {
			if t.name == name {
				l.timeout = t.d
			}
		}
		for _, other := range l.timeouts {
			if other != s && other.Selected != name {
				other.SetSelected(name)
			}
		}
	}
	l.timeouts = append(l.timeouts, s)
	return s
}

func (l *labWindow) buildPuzzleTab() fyne.CanvasObject {
	cols := make([]fyne.CanvasObject, len(solver.Algorithms))
	var titles []fyne.CanvasObject
	several := false
	for i, a := range solver.Algorithms {
		g, err := game.New(l.puzzle.Name, l.puzzle.Board)
		if err != nil {
			g = game.NewEditor(l.puzzle.Board.Geo) // an unplayable board still shows the runs
		}
		several = g.Solutions() > 1
		b := NewBoard(g)
		b.Plain = true
		fig := widget.NewLabel("not run yet")
		fig.Wrapping = fyne.TextWrapWord
		l.small = append(l.small, b)
		l.figures = append(l.figures, fig)
		name := algoTitle(a)
		if a == solver.Fast && !l.puzzle.Board.Geo.IsClassic() {
			name = "fast (cp runs)" // as in Solve: fast is for classic 9×9; one line, as the others
		}
		title := widget.NewLabelWithStyle(name, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		title.Wrapping = fyne.TextWrapWord
		titles = append(titles, title)
		cols[i] = container.New(labColumn{titles: &titles}, title, b, fig)
	}
	l.runAll = widget.NewButtonWithIcon("Run all, one after another", theme.MediaPlayIcon(), func() { l.RunPuzzle() })
	l.runAll.Importance = widget.HighImportance
	l.stopOne = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), l.stop)
	l.stopOne.Disable()
	text := fmt.Sprintf("Each algorithm solves %q in turn, shown live. Iterations are the digits a search tried; backtracks, the tries it took back.", l.puzzle.Name)
	if several {
		// Five different grids, each "solved", said nothing of why.
		text += " This puzzle has more than one solution: each algorithm stops at the first it finds, which need not be the same."
	}
	intro := widget.NewLabel(text)
	intro.Wrapping = fyne.TextWrapWord
	bar := container.NewHBox(l.runAll, l.stopOne, widget.NewLabel("Time limit per run:"), l.timeoutSelect())
	return container.NewBorder(container.NewVBox(intro, bar), nil, nil, nil,
		container.NewVScroll(container.New(layout.NewGridLayoutWithColumns(len(cols)), cols...)))
}

// labColumn stacks a title, a square board as wide as the column, and the
// figures under it. titles are every column's, whose tallest sets the
// room each takes.
type labColumn struct{ titles *[]fyne.CanvasObject }

func (c labColumn) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t, b, f := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return fyne.NewSize(max(t.Width, b.Width, f.Width), c.titleHeight()+b.Height+f.Height+2*theme.Padding())
}

// titleHeight is the room a column's title takes: two lines at least, and
// as much as the tallest title, so that the boards line up whether their
// titles wrap or not (mrv's and lcv's boards sat a line lower than the
// others; at 150 % lcv's three lines did).
func (c labColumn) titleHeight() float32 {
	h := 2*fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{Bold: true}).Height + 2*theme.InnerPadding()
	for _, t := range *c.titles {
		h = max(h, t.MinSize().Height)
	}
	return h
}

func (c labColumn) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	p := theme.Padding()
	th := c.titleHeight()
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, th))
	side := max(min(size.Width, size.Height-th-objs[2].MinSize().Height-2*p), objs[1].MinSize().Width)
	objs[1].Move(fyne.NewPos((size.Width-side)/2, th+p))
	objs[1].Resize(fyne.NewSize(side, side))
	objs[2].Move(fyne.NewPos(0, th+side+2*p))
	objs[2].Resize(fyne.NewSize(size.Width, objs[2].MinSize().Height))
}

// RunPuzzle runs the algorithms one after another on the small boards.
func (l *labWindow) RunPuzzle() {
	if l.cancel != nil {
		return
	}
	l.aloneOnTheCore()
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	l.u.labRuns++ // the main window's Solve waits for it
	l.oneDone = make(chan struct{})
	l.runAll.Disable()
	l.stopOne.Enable()
	for i := range l.small {
		l.figures[i].SetText("waiting")
		l.small[i].SetOverlay(nil, nil)
	}
	var next func(i int)
	next = func(i int) {
		if i == len(solver.Algorithms) || ctx.Err() != nil {
			for _, f := range l.figures[i:] {
				f.SetText("not run") // stopped before its turn ("waiting" stayed)
			}
			l.cancel = nil
			l.u.labRuns--
			cancel()
			l.runAll.Enable()
			l.stopOne.Disable()
			close(l.oneDone)
			return
		}
		rctx, rcancel := ctx, context.CancelFunc(func() {})
		if l.timeout > 0 {
			rctx, rcancel = context.WithTimeout(ctx, l.timeout)
		}
		a := solver.Algorithms[i]
		r := newSolveRun(rctx, a, l.puzzle.Board, 0)
		l.small[i].SetOverlay(r.board0, nil)
		l.figures[i].SetText("running…")
		r.run(func(f frame, fresh bool) {
			if ctx.Err() != nil {
				return // stopped: the figures stay as they were at Stop
			}
			if fresh {
				r.board0 = f.board
				l.small[i].SetOverlay(f.board, nil)
			}
			l.figures[i].SetText(labFigures(f.stats, f.elapsed, "running…"))
		}, func(r *solveRun) {
			rcancel()
			res := r.result
			if ctx.Err() != nil && res.Status == solver.Solved {
				// Stopped, but the search reached its end before it
				// noticed: it stopped where the board showed it.
				res.Status, r.result.Status = solver.Cancelled, solver.Cancelled
			}
			if res.Status == solver.Solved && l.u.game != nil && sameBoard(l.puzzle.Board, l.u.game.Givens()) && l.u.game.SolutionSeen(game.HelpSolver) {
				// The lab showed the game's solution: a finish after it
				// is no clean win (the win's message says why).
				l.u.save()
			}
			switch status := showResult(l.small[i], r); {
			case res.Status == solver.Invalid:
				l.figures[i].SetText(status)
			case res.Status == solver.Cancelled && ctx.Err() == nil:
				l.figures[i].SetText(labFigures(res.Stats, res.Duration, "time limit reached"))
			default:
				l.figures[i].SetText(labFigures(res.Stats, res.Duration, status))
			}
			next(i + 1)
		})
	}
	next(0)
}

func labFigures(s solver.Stats, d time.Duration, status string) string {
	return fmt.Sprintf("%s\n%s\nmax depth %d\n%s\n%s", status,
		count(s.Iterations, "iteration"), s.MaxDepth, count(s.Backtracks, "backtrack"), lab.FormatDuration(d))
}

// stop ends whatever runs in the lab.
func (l *labWindow) stop() {
	if l.cancel != nil {
		l.cancel()
	}
	if l.fileStop != nil {
		l.fileStop()
	}
}

func (l *labWindow) buildFileTab() fyne.CanvasObject {
	checks := make([]fyne.CanvasObject, 0, len(solver.AllAlgorithms))
	for _, a := range solver.AllAlgorithms {
		c := widget.NewCheck(string(a), func(bool) { l.keysToWindow() })
		c.SetChecked(slices.Contains(solver.Algorithms, a)) // seed 002's on demand
		l.checks = append(l.checks, c)
		checks = append(checks, c)
	}
	l.runFile = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), func() { l.RunFile() })
	l.runFile.Importance = widget.HighImportance
	l.stopFile = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), l.stop)
	l.stopFile.Disable()
	l.progress = widget.NewProgressBar()
	l.summary = widget.NewLabel(count(int64(l.src.Len()), "board") + ". Runs go one at a time, so the times compare fairly.")
	l.summary.Wrapping = fyne.TextWrapWord
	l.exportCSV = widget.NewButtonWithIcon("Export CSV…", theme.DocumentSaveIcon(), func() { l.export("csv") })
	l.exportPNG = widget.NewButtonWithIcon("Export chart PNG…", theme.DocumentSaveIcon(), func() { l.export("png") })
	l.exportCSV.Disable()
	l.exportPNG.Disable()

	l.table = newLabTable(l.typedKey,
		func() (int, int) { return len(l.rows) + 1, len(l.rowAlgos) + 1 },
		func() fyne.CanvasObject {
			lb := widget.NewLabel("000000000 it · 10.00ms")
			lb.Truncation = fyne.TextTruncateEllipsis // never over the next column
			return lb
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			lb := o.(*widget.Label)
			lb.TextStyle = fyne.TextStyle{Bold: id.Row == 0 || id.Col == 0}
			switch {
			case id.Row == 0 && id.Col == 0:
				lb.SetText("board" + l.sortMark(0))
			case id.Row == 0:
				name := string(l.rowAlgos[id.Col-1])
				if l.rowAlgos[id.Col-1] == solver.Fast && len(l.rows) > 0 && l.rows[0][id.Col-1].Result.Algorithm == solver.CP {
					name += " (cp)" // fast is the classic 9×9 solver: cp ran
				}
				lb.SetText(name + l.sortMark(id.Col))
			case id.Col == 0:
				lb.SetText(l.boardName(l.rows[id.Row-1][0].Board))
			default:
				r := l.rows[id.Row-1][id.Col-1]
				lb.SetText(labCell(r))
				// A board with no solution, or none to run, stands out:
				// they looked just like the boards solved.
				lb.Importance = widget.MediumImportance
				if r.Result.Status == solver.Unsolvable || r.Result.Status == solver.Invalid {
					lb.Importance = widget.DangerImportance
				}
				lb.Refresh()
			}
		})
	l.table.OnSelected = func(id widget.TableCellID) { // a header sorts by its column
		l.table.UnselectAll()
		l.keysToWindow()
		if id.Row == 0 {
			l.sortBy(id.Col)
		}
	}
	l.table.SetColumnWidth(0, 160)
	for c := 1; c <= len(solver.AllAlgorithms); c++ {
		l.table.SetColumnWidth(c, 215) // "✕ 492.93ms · 26,863,548 it" whole
	}
	l.chart = canvas.NewImageFromImage(nil)
	l.chart.FillMode = canvas.ImageFillContain
	// Small at least, large where there is room: at FYNE_SCALE=1.5 on
	// 1024×768 a least size of 600×280 left the table its header row
	// alone, and the divider could not move.
	l.chart.SetMinSize(fyne.NewSize(240, 90))

	// The algorithms on one row, the run's controls on the next: on one
	// row, Stop and the export went off a 1024-pixel screen at 150 %.
	top := container.NewVBox(
		container.NewHBox(checks...),
		container.NewHBox(widget.NewLabel("Time limit per run:"), l.timeoutSelect(), l.runFile, l.stopFile),
		l.progress,
	)
	split := container.NewVSplit(l.table, l.chart)
	split.Offset = 0.5
	bottom := container.NewBorder(nil, nil, nil, container.NewVBox(container.NewHBox(l.exportCSV, l.exportPNG)), l.summary) // the buttons their own height, not the summary's four lines
	return container.NewBorder(top, bottom, nil, nil, split)
}

// labTable is the whole file's table: Esc goes to the Lab's window from
// it too. A click on a cell gives the table the focus after telling
// OnSelected (which gave it back to the window), and Esc no longer closed
// the Lab after a click on a header to sort.
type labTable struct {
	widget.Table
	key func(*fyne.KeyEvent)
}

func newLabTable(key func(*fyne.KeyEvent), length func() (int, int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *labTable {
	t := &labTable{key: key}
	t.Length, t.CreateCell, t.UpdateCell = length, create, update
	t.ExtendBaseWidget(t)
	return t
}

// TypedKey hands Esc to the window, the rest to the table.
func (t *labTable) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		t.key(k)
		return
	}
	t.Table.TypedKey(k)
}

// RunFile compares the chosen algorithms on every board of the file.
func (l *labWindow) RunFile() {
	if l.fileStop != nil {
		return
	}
	l.aloneOnTheCore()
	var algos []solver.Algorithm
	for i, c := range l.checks {
		if c.Checked {
			algos = append(algos, solver.AllAlgorithms[i])
		}
	}
	if len(algos) == 0 {
		l.summary.SetText("Pick at least one algorithm.")
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	l.fileStop = cancel
	l.u.labRuns++ // the main window's Solve waits for it
	for _, c := range l.checks {
		c.Disable() // a run's algorithms are chosen (unticking one changed nothing)
	}
	l.fileDone = make(chan struct{})
	l.rows, l.rowAlgos, l.report = nil, algos, nil
	l.table.Refresh()
	l.runFile.Disable()
	l.stopFile.Enable()
	l.exportCSV.Disable()
	l.exportPNG.Disable()
	l.progress.SetValue(0)
	// The last run's chart and word go: they stood beside the new run's
	// rows (its algorithms, "Saved …").
	l.chart.Image = nil
	l.chart.Refresh()
	text := fmt.Sprintf("Running %s on %s %s…", joinAlgos(algos), groupDigits(l.src.Len()), plural(l.src.Len(), "board", "boards"))
	if l.timeout == 0 && l.src.Len()*len(algos) > 1000 {
		text += " No time limit: a single hard puzzle can keep a run for hours; Stop keeps the boards done."
	}
	if worst := time.Duration(l.src.Len()*len(algos)) * l.timeout; l.timeout > 0 && worst > 10*time.Minute {
		// A million boards of hard puzzles with dfs in the list said
		// "0 of 1,032,318" and nothing of the days it could take.
		text += fmt.Sprintf(" Each run stops at %s, so this could take up to %s; Stop keeps the boards done.", lab.FormatDuration(l.timeout), roughly(worst))
	}
	l.summary.SetText(text)
	opts := lab.Options{Algorithms: algos, Timeout: l.timeout}
	// draw the chart at the size it is shown, in pixels
	w, h := 1100, 420
	v := fyne.CurrentApp().Settings().ThemeVariant()
	th := fyne.CurrentApp().Settings().Theme()
	bg, fg := th.Color(theme.ColorNameBackground, v), th.Color(theme.ColorNameForeground, v)
	if c := fyne.CurrentApp().Driver().CanvasForObject(l.chart); c != nil && l.chart.Size().Width > 100 {
		w, h = int(l.chart.Size().Width*c.Scale()), int(l.chart.Size().Height*c.Scale())
	}
	go func() {
		// The boards as the lab package takes them, made here: on the UI
		// goroutine a million of them held the window still (l.src is a
		// snapshot, safe to read anywhere).
		boards := make([]solver.BoardPuzzle, l.src.Len())
		for i := range boards {
			if i%4096 == 0 && ctx.Err() != nil {
				boards = boards[:i] // stopped: Compare runs none of them
				break
			}
			boards[i] = l.src.Puzzle(i)
			boards[i].Name = l.boardName(i)
		}
		var mu sync.Mutex
		var row []lab.Run
		var fresh [][]lab.Run
		last := time.Now()
		rep := lab.Compare(ctx, boards, opts, func(r lab.Run, done, total int) {
			mu.Lock()
			row = append(row, r)
			if len(row) == len(algos) {
				fresh = append(fresh, row)
				row = nil
			}
			mu.Unlock()
			if time.Since(last) > 200*time.Millisecond || done == total {
				last = time.Now()
				mu.Lock()
				add := fresh
				fresh = nil
				mu.Unlock()
				l.u.doAndWait(func() {
					l.rows = append(l.rows, add...)
					if l.sortCol != 0 || l.sortDesc {
						l.sortRows() // the player sorted: keep to it
					}
					l.table.Refresh()
					l.progress.SetValue(float64(done) / float64(total))
				})
			}
		})
		img, err := rep.ChartIn(w, h, bg, fg) // in the window's theme
		l.u.doAndWait(func() { l.fileFinished(rep, img, err) })
		close(l.fileDone)
	}()
}

// labKept is the Lab's last whole-file run, kept on the UI when the Lab
// closes: Esc, pressed to stop a run that had just ended, closed the Lab,
// and the table and chart, never exported, were gone when it opened
// again (its time limit back at 10 seconds too).
type labKept struct {
	key     string // the boards it ran on (labKey)
	report  *lab.Report
	img     image.Image
	err     error
	timeout time.Duration
	checked []bool
}

// labKey names the boards a Lab runs on: the open file (its path and
// length), or the one puzzle.
func (u *UI) labKey() string {
	if c := u.coll; c != nil {
		return fmt.Sprintf("%s\x00%d", c.Path, c.Len())
	}
	return "\x00" + u.game.Givens().String()
}

func (l *labWindow) fileFinished(rep *lab.Report, img image.Image, err error) {
	l.fileStop = nil
	l.u.labRuns--
	for _, c := range l.checks {
		c.Enable()
	}
	checked := make([]bool, len(l.checks))
	for i, c := range l.checks {
		checked[i] = c.Checked
	}
	l.u.labKept = &labKept{key: l.key, report: rep, img: img, err: err, timeout: l.timeout, checked: checked}
	l.showReport(rep, img, err)
}

// restore shows the last whole-file run kept for these boards, if any.
func (l *labWindow) restore() {
	k := l.u.labKept
	if k == nil || k.key != l.key {
		return
	}
	for _, t := range labTimeouts {
		if t.d == k.timeout && len(l.timeouts) > 0 {
			l.timeouts[0].SetSelected(t.name) // (the others follow)
		}
	}
	for i, c := range l.checks {
		if i < len(k.checked) {
			c.SetChecked(k.checked[i])
		}
	}
	l.progress.SetValue(float64(len(k.report.Runs)) / float64(max(l.src.Len(), 1)))
	l.rowAlgos = k.report.Algorithms
	l.showReport(k.report, k.img, k.err)
	l.tabs.SelectIndex(1) // where the run is (it opened on "This puzzle")
}

// showReport shows a whole-file run's table, chart and summary.
func (l *labWindow) showReport(rep *lab.Report, img image.Image, err error) {
	l.report = rep
	// A copy to sort: the report's own order is the file's, which its
	// exports and chart follow.
	l.rows = slices.Clone(rep.Runs)
	l.sortRows()
	l.table.Refresh()
	l.runFile.Enable()
	l.stopFile.Disable()
	if err != nil {
		l.summary.SetText("Could not draw the chart: " + err.Error())
	} else {
		l.chart.Image = img
		l.chart.Refresh()
	}
	text := ""
	if !rep.Complete {
		text = fmt.Sprintf("Stopped after %s of %s boards. ", groupDigits(len(rep.Runs)), groupDigits(l.src.Len()))
		if len(rep.Runs) == 0 {
			// "median 0µs" over no board said nothing true
			l.summary.SetText("Stopped before the first board was done.")
			return
		}
	}
	for _, s := range rep.Summaries() {
		text += fmt.Sprintf("%s: %s, %d timed out%s.  ", s.Algorithm, s.MedianText(), s.TimedOut, unsolvedText(s))
	}
	l.summary.SetText(text)
	if len(rep.Runs) > 0 {
		l.exportCSV.Enable()
		l.exportPNG.Enable()
	}
}

// labCell is a run's cell in the whole-file table: its time and
// iterations ("> " before a time stopped at the limit: "(stopped)" ran
// over the next column), "✕ " before a proof of no solution, and
// "invalid" for a board that breaks the rules (no algorithm ran: it
// showed "0µs · 0 it").
func labCell(r lab.Run) string {
	t := lab.FormatDuration(r.Result.Duration)
	switch r.Result.Status {
	case solver.Invalid:
		return "invalid: not run"
	case solver.Unsolvable:
		t = "✕ " + t
	case solver.Cancelled:
		t = "> " + t
	}
	return fmt.Sprintf("%s · %s it", t, lab.Thousands(r.Result.Iterations))
}

// unsolvedText is ", 5 with no solution (✕)" and ", 1 invalid" as they
// apply to the algorithm's runs of s: the summary line left them out.
func unsolvedText(s lab.Summary) string {
	t := ""
	if s.Unsolvable > 0 {
		t += fmt.Sprintf(", %d with no solution (✕)", s.Unsolvable)
	}
	if s.Invalid > 0 {
		t += fmt.Sprintf(", %d invalid", s.Invalid)
	}
	return t
}

// export saves the report as CSV or the chart as PNG.
func (l *labWindow) export(kind string) {
	if l.report == nil {
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err == nil && w != nil {
			w, err = exportWriter(w, kind) // "results" saves results.csv; "x.txt" is refused
		}
		if err == nil && w != nil {
			err = l.u.notOverOpenFile(w) // a puzzle file named .csv stays one
		}
		if err == nil && w != nil {
			err = notOverAnotherKind(w, exportKind(kind)) // nor one named .png, a table, or a picture not of ours
		}
		if err == nil && w != nil {
			l.u.settings.SaveDir = filepath.Dir(w.URI().Path())
			if kind == "csv" {
				err = l.report.WriteCSV(w)
			} else {
				err = l.report.WriteChartPNG(w, 1400, 700)
			}
			if err == nil {
				err = w.Close()
			} else {
				abortWrite(w) // the file that was there stays
			}
		}
		switch {
		case err != nil:
			l.summary.SetText("Not saved: " + readableError(err).Error()) // ("Saved …" of the last export stayed)
			l.showError(err)
		case w != nil:
			l.summary.SetText("Saved " + w.URI().Path() + ".")
		}
	}, l.win)
	base := "lab"
	if l.u.coll != nil {
		base = l.u.coll.Base()
		base = base[:len(base)-len(filepath.Ext(base))] + "-lab"
	}
	d.SetFileName(base + "." + kind)
	d.SetFilter(storage.NewExtensionFileFilter([]string{"." + kind}))
	l.u.startSavingIn(d)
	d.Resize(fyne.NewSize(820, 560))
	d.Show()
	save, cancel, _ := keysToSaveDialog(l.win, d, l.showError)
	// Esc cancels the dialog and Enter saves (nothing else of the Lab
	// takes keys from the window).
	l.win.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		switch {
		case l.errorKey(k): // the save failed: its error shows
		case save == nil:
		case k.Name == fyne.KeyEscape:
			cancel()
		case k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter:
			save()
		}
	})
	d.SetOnClosed(func() { l.win.Canvas().SetOnTypedKey(l.typedKey) })
}

// sortMark marks the column the table is sorted by.
func (l *labWindow) sortMark(col int) string {
	switch {
	case col != l.sortCol || (col == 0 && !l.sortDesc):
		return ""
	case l.sortDesc:
		return " ▼"
	}
	return " ▲"
}

// sortBy sorts the rows by a column (the board, or an algorithm's time);
// a second click on the same column turns the order round.
func (l *labWindow) sortBy(col int) {
	if col == l.sortCol {
		l.sortDesc = !l.sortDesc
	} else {
		l.sortCol, l.sortDesc = col, false
	}
	l.sortRows()
	l.table.Refresh()
}

func (l *labWindow) sortRows() {
	col, desc := l.sortCol, l.sortDesc
	key := func(r []lab.Run) int64 {
		if col == 0 || col > len(r) {
			return int64(r[0].Board)
		}
		return int64(r[col-1].Result.Duration)
	}
	sort.SliceStable(l.rows, func(a, b int) bool {
		if desc {
			return key(l.rows[a]) > key(l.rows[b])
		}
		return key(l.rows[a]) < key(l.rows[b])
	})
}

// boardName is board i's name in the table: #N, and the file's own name
// for it if it has one.
func (l *labWindow) boardName(i int) string {
	name := "#" + strconv.Itoa(i+1)
	if own, ok := l.src.Name(i); ok {
		name += " " + own
	}
	return shortName(name)
}

func shortName(s string) string {
	r := []rune(s)
	if len(r) > 22 {
		return string(r[:21]) + "…"
	}
	return s
}

// roughly says a long duration in its largest unit: "3 hours", "597 days".
func roughly(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%d days", int(d.Hours()/24))
	case d >= 2*time.Hour:
		return fmt.Sprintf("%d hours", int(d.Hours()))
	}
	return fmt.Sprintf("%d minutes", int(d.Minutes()))
}
