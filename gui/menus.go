package gui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// menus is the main menu and the items whose state changes.
type menus struct {
	u      *UI
	main   *fyne.MainMenu
	recent *fyne.MenuItem
	next   *fyne.MenuItem
	prev   *fyne.MenuItem
	goTo   *fyne.MenuItem
	algos  []*fyne.MenuItem
	speeds []*fyne.MenuItem
	solve  *fyne.MenuItem
	stop   *fyne.MenuItem
	pencil *fyne.MenuItem
	// play are the Game menu's items that act on a game under way
	// (Pencil Mode, Auto Marks, Clear Pencil Marks, Hint, Check, Reveal
	// Cell): greyed, as the panel's buttons are, when it is won, paused,
	// unplayable or being typed in. pause and solution are greyed once it
	// is over; step as the panel's Step is.
	play            []*fyne.MenuItem
	pause, solution *fyne.MenuItem
	step            *fyne.MenuItem
	// undo and redo are greyed as the panel's buttons are (Redo looked
	// enabled with nothing to redo); their shortcuts still act (Ctrl+Z
	// leaves the walkthrough and a solver's board as before).
	undo, redo *fyne.MenuItem
}

// shortcut returns ctrl (cmd on macOS) + key, with shift if asked.
func shortcut(key fyne.KeyName, shift bool) *desktop.CustomShortcut {
	m := fyne.KeyModifierShortcutDefault
	if shift {
		m |= fyne.KeyModifierShift
	}
	return &desktop.CustomShortcut{KeyName: key, Modifier: m}
}

func (u *UI) buildMenus() *menus {
	m := &menus{u: u}
	// Every item's action does nothing while a dialog, popover or menu
	// owns the keyboard (Quit aside): Fyne's window runs a menu item's
	// action straight from its shortcut, past the canvas's shortcuts, and
	// a shortcut typed over a dialog must not reach the game under it. A
	// click on an item closes the menu first, so it is not held back.
	item := func(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
		var it *fyne.MenuItem
		guarded := func() {
			if sc != nil && u.textFieldShortcut(sc) {
				return // Ctrl+V in Find or Open Path's field: the field's
			}
			// A greyed item's shortcut does nothing either (Ctrl+K
			// checked a won game: "No mistakes so far").
			if (!u.covered() || label == "Quit") && (!it.Disabled || label == "Undo" || label == "Redo") {
				// Any other command closes the pad by a cell, as any
				// other key does (its Ctrl no longer does); Undo and Redo
				// keep it, showing the marks as they are (padKeptAcross).
				if label != "Undo" && label != "Redo" {
					u.closePad()
				}
				action()
			}
		}
		it = fyne.NewMenuItem(label, guarded)
		if sc != nil {
			it.Shortcut = sc
			u.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { guarded() })
		}
		return it
	}

	m.recent = fyne.NewMenuItem("Open Recent", nil)
	// Keys the board handles itself show in the shortcut column too (they
	// are not registered: the board has them).
	keyLabel := func(it *fyne.MenuItem, key fyne.KeyName) *fyne.MenuItem {
		it.Shortcut = &desktop.CustomShortcut{KeyName: key}
		return it
	}
	m.next = keyLabel(item("Next Puzzle", nil, u.Next), fyne.KeyPageDown)
	m.prev = keyLabel(item("Previous Puzzle", nil, u.Previous), fyne.KeyPageUp)
	m.goTo = item("Go to Puzzle…", shortcut(fyne.KeyG, false), u.ShowGoTo)
	file := fyne.NewMenu("File",
		item("Open…", shortcut(fyne.KeyO, false), u.ShowOpenDialog),
		item("Open Path…", shortcut(fyne.KeyO, true), u.ShowOpenPath),
		item("Save Puzzle As…", shortcut(fyne.KeyS, false), u.ShowSavePuzzle),
		item("Save Game As…", shortcut(fyne.KeyS, true), u.ShowSaveGame),
		m.recent,
		fyne.NewMenuItemSeparator(),
		m.next, m.prev, m.goTo,
		fyne.NewMenuItemSeparator(),
		item("Print / Export…", shortcut(fyne.KeyP, false), u.ShowPrintDialog),
	)
	prefs := item("Preferences…", shortcut(fyne.KeyComma, false), u.ShowPreferences)
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), prefs)
	quit := item("Quit", shortcut(fyne.KeyQ, false), u.Quit)
	quit.IsQuit = true
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), quit)

	newMenu := fyne.NewMenu("New")
	digitKeys := []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6}
	for k, l := range logic.Levels() {
		l := l
		name := strings.ToUpper(l.String()[:1]) + l.String()[1:]
		newMenu.Items = append(newMenu.Items, item(name, shortcut(digitKeys[k], false), func() {
			if !u.lastShape().makes(l) {
				u.NewGame(l) // says which levels there are, before asking anything
				return
			}
			u.askFirst("New Puzzle", func() { u.NewGame(l) })
		}))
	}
	newMenu.Items = append(newMenu.Items, fyne.NewMenuItemSeparator(),
		item("Shape and Level…", shortcut(fyne.KeyN, true), u.ChooseShape))
	newItem := fyne.NewMenuItem("New Puzzle", nil)
	newItem.ChildMenu = newMenu
	m.play = []*fyne.MenuItem{
		m.pencilItem(keyLabel(item("Pencil Mode", nil, func() { u.game.TogglePencil() }), fyne.KeySpace)),
		item("Auto Marks", shortcut(fyne.KeyM, false), func() { u.playMove(u.game.AutoCandidates) }),
		item("Clear Pencil Marks", shortcut(fyne.KeyM, true), func() { u.playMove(u.game.ClearMarks) }),
		item("Hint", shortcut(fyne.KeyH, false), u.Hint),
		item("Check", shortcut(fyne.KeyK, false), u.Check),
		item("Reveal Cell", shortcut(fyne.KeyR, false), u.Reveal),
	}
	// Keys of their own for the items a long menu hides: at 150 % on an
	// 800×600 screen the Game menu ran past the screen's foot, and the
	// keyboard could not reach them.
	m.solution = item("Show Solution…", shortcut(fyne.KeyR, true), u.ShowSolution)
	m.pause = keyLabel(item("Pause", nil, u.TogglePause), fyne.KeyP)
	gameMenu := fyne.NewMenu("Game",
		newItem,
		item("New Puzzle, Same Level", shortcut(fyne.KeyN, false), func() { u.askFirst("New Puzzle", func() { u.NewGame(u.lastLevel()) }) }),
		fyne.NewMenuItemSeparator(),
		item("Restart…", nil, u.Restart),
		item("Enter Puzzle…", shortcut(fyne.KeyE, false), u.EnterPuzzle),
		fyne.NewMenuItemSeparator(),
		m.play[0], m.play[1], m.play[2],
		fyne.NewMenuItemSeparator(),
		m.play[3], m.play[4], m.play[5],
		m.solution,
		m.pause,
		fyne.NewMenuItemSeparator(),
		item("Statistics…", shortcut(fyne.KeyT, false), u.ShowStatistics),
	)
	// Fyne's drivers turn Ctrl+V, C, Z and Y into these standard
	// shortcuts, not into custom ones.
	m.undo = item("Undo", &fyne.ShortcutUndo{}, u.Undo)
	m.redo = item("Redo", shortcut(fyne.KeyZ, true), u.Redo)
	editMenu := fyne.NewMenu("Edit",
		m.undo,
		m.redo,
		fyne.NewMenuItemSeparator(),
		item("Copy Puzzle", &fyne.ShortcutCopy{}, u.Copy),
		item("Copy Position with Candidates", shortcut(fyne.KeyC, true), u.CopyPosition),
		item("Paste Puzzle", &fyne.ShortcutPaste{}, u.Paste),
	)
	// Ctrl+Y redoes too, as many programs have it.
	// Ctrl+Home and Ctrl+End: the first and the last puzzle of the file
	// (of those the list shows), as Page Up and Page Down step.
	for _, k := range []struct {
		key  fyne.KeyName
		last bool
	}{{fyne.KeyHome, false}, {fyne.KeyEnd, true}} {
		last := k.last
		u.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: k.key, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
			if !u.covered() {
				u.firstOrLast(last)
			}
		})
	}
	u.win.Canvas().AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) {
		if !u.covered() {
			u.Redo()
		}
	})

	algoMenu := fyne.NewMenu("Algorithm")
	for _, a := range solver.AllAlgorithms {
		a := a
		it := fyne.NewMenuItem(algoTitle(a), func() { u.SetAlgorithm(a) })
		m.algos = append(m.algos, it)
		algoMenu.Items = append(algoMenu.Items, it)
	}
	speedMenu := fyne.NewMenu("Speed")
	for i, s := range speeds {
		i := i
		it := fyne.NewMenuItem(s.name, func() { u.SetSpeed(i) })
		m.speeds = append(m.speeds, it)
		speedMenu.Items = append(speedMenu.Items, it)
	}
	algoItem := fyne.NewMenuItem("Algorithm", nil)
	algoItem.ChildMenu = algoMenu
	speedItem := fyne.NewMenuItem("Speed", nil)
	speedItem.ChildMenu = speedMenu
	m.solve = item("Solve", shortcut(fyne.KeyReturn, false), func() { u.Solve() })
	m.step = keyLabel(item("Step", nil, u.Step), fyne.KeyReturn)
	m.stop = keyLabel(item("Stop", nil, u.StopSolve), fyne.KeyEscape)
	solveMenu := fyne.NewMenu("Solve", algoItem, speedItem, fyne.NewMenuItemSeparator(),
		m.solve, m.stop, m.step,
		fyne.NewMenuItemSeparator(),
		item("Logical Solution, Step by Step", shortcut(fyne.KeyI, false), u.Walkthrough),
		fyne.NewMenuItemSeparator(),
		item("Algorithm Lab…", shortcut(fyne.KeyL, false), func() { u.ShowLab() }))

	help := fyne.NewMenu("Help",
		item("How to Play", nil, u.showHowToPlay),
		keyLabel(item("Keyboard Shortcuts", nil, u.showShortcuts), fyne.KeyF1),
		item("Techniques", nil, u.showTechniques),
		item("About Sudoku", nil, u.showAbout),
	)
	m.main = fyne.NewMainMenu(file, editMenu, gameMenu, solveMenu, help)
	u.win.SetMainMenu(m.main)
	m.refresh()
	return m
}

// refresh updates checks, enabled states and the recent files.
func (m *menus) pencilItem(it *fyne.MenuItem) *fyne.MenuItem {
	m.pencil = it
	return it
}

// textField is what a focused text field is: the browser's Find, a
// dialog's entry.
type textField interface {
	fyne.Shortcutable
	fyne.Focusable
	SelectedText() string
}

// textFieldShortcut hands an editing shortcut (paste, copy, cut, undo,
// redo, select all) to the text field that has the focus, and reports
// whether there was one. Fyne runs a main menu item's shortcut before the
// focused widget's: Ctrl+V in the browser's Find field pasted a puzzle
// (the file open closed), and in Open Path's field it did nothing. A menu
// item clicked is no shortcut of a field's: the click on the menu bar
// takes the focus from the field first.
func (u *UI) textFieldShortcut(sc fyne.Shortcut) bool {
	f, ok := u.win.Canvas().Focused().(textField)
	if !ok {
		return false
	}
	switch c := sc.(type) {
	case *fyne.ShortcutPaste:
		f.TypedShortcut(&fyne.ShortcutPaste{Clipboard: u.app.Clipboard()})
	case *fyne.ShortcutCopy:
		f.TypedShortcut(&fyne.ShortcutCopy{Clipboard: u.app.Clipboard()})
	case *fyne.ShortcutCut:
		f.TypedShortcut(&fyne.ShortcutCut{Clipboard: u.app.Clipboard()})
	case *fyne.ShortcutUndo, *fyne.ShortcutRedo, *fyne.ShortcutSelectAll:
		f.TypedShortcut(sc)
	case *desktop.CustomShortcut:
		if c.KeyName != fyne.KeyZ || c.Modifier != fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift {
			return false
		}
		f.TypedShortcut(&fyne.ShortcutRedo{}) // Edit → Redo's Ctrl+Shift+Z
	default:
		return false
	}
	return true
}

// setSteps greys Next, Previous and Go to where there is nowhere to go,
// and reports whether that changed.
func (m *menus) setSteps() bool {
	u := m.u
	many := u.coll != nil && u.coll.Len() > 1
	next, prev, goTo := !many || u.browse.step(+1) < 0, !many || u.browse.step(-1) < 0, !many
	if next == m.next.Disabled && prev == m.prev.Disabled && goTo == m.goTo.Disabled {
		return false
	}
	m.next.Disabled, m.prev.Disabled, m.goTo.Disabled = next, prev, goTo
	return true
}

// refreshSteps is setSteps, the menu bar refreshed if anything changed: as
// a file is read, Next comes once a puzzle after the current one is in
// (restarted on #49,155 of 49,158, it stayed greyed).
func (m *menus) refreshSteps() {
	if m.setSteps() {
		m.main.Refresh()
	}
}

// refreshPlay greys what cannot act on the game now, as updatePlay greys
// the panel's buttons: they looked enabled on a won game and did nothing.
// The menu bar is refreshed only when something changed.
func (m *menus) refreshPlay() {
	u := m.u
	g := u.game
	if g == nil {
		return
	}
	over := g.Won() || g.Unplayable() != nil
	play := !g.Paused() && !over && !g.Editing()
	changed := false
	set := func(it *fyne.MenuItem, disabled bool) {
		if it.Disabled != disabled {
			it.Disabled, changed = disabled, true
		}
	}
	for _, it := range m.play {
		set(it, !play)
	}
	set(m.solution, over || g.Editing() || g.Paused()) // (while paused it did nothing)
	set(m.pause, over || g.Editing())
	set(m.step, u.stepBtn.Disabled())
	set(m.undo, u.undoBtn.Disabled())
	set(m.redo, u.redoBtn.Disabled())
	if changed {
		m.main.Refresh()
	}
}

// refreshPencil ticks Pencil Mode when it is on.
func (m *menus) refreshPencil() {
	if on := m.u.game != nil && m.u.game.Pencil(); m.pencil.Checked != on {
		m.pencil.Checked = on
		m.main.Refresh()
	}
}

func (m *menus) refresh() {
	u := m.u
	m.pencil.Checked = u.game != nil && u.game.Pencil()
	for i, a := range solver.AllAlgorithms {
		m.algos[i].Checked = a == u.algo
		m.algos[i].Disabled = u.run != nil // the run goes on with its own
	}
	for i := range speeds {
		m.speeds[i].Checked = i == u.speed
	}
	m.solve.Disabled = u.run != nil
	m.stop.Disabled = u.run == nil
	m.setSteps()
	recent := fyne.NewMenu("Open Recent")
	for _, p := range u.recent() {
		p := p
		// Long names cut in the middle: a name of 244 characters made
		// the menu wider than the window, and the other entries blank.
		label := lab.FitWidth(filepath.Base(p), 48) + " — " + lab.FitWidth(filepath.Dir(p), 40)
		recent.Items = append(recent.Items, fyne.NewMenuItem(label, func() { u.openAsking(p) }))
	}
	if len(recent.Items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		recent.Items = append(recent.Items, none)
	}
	m.recent.ChildMenu = recent
	m.refreshPlay()
	m.main.Refresh()
}

var shortcutHelp = [][2]string{
	{"Click a cell, then a digit", "play with the mouse (right-click: pencil marks)"},
	{"Arrows or h j k l", "move the selection"},
	{"1 – 9", "enter a digit (a pencil mark in pencil mode)"},
	{"Shift + 1 – 9", "toggle a pencil mark (a digit key's other character: on a French keyboard, & é \" … unshifted)"},
	{"a – g / Shift + a – g", "symbols A–G (10–16) of a 12×12 or 16×16 board / their pencil marks"},
	{"0, Delete, Backspace", "clear the cell"},
	{"Space or N", "pencil mode on/off"},
	{"P", "pause / resume (hides the board; a click on it resumes)"},
	{"Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y)", "undo / redo"},
	{"Ctrl+M / Ctrl+Shift+M", "fill / clear pencil marks"},
	{"? or Ctrl+H", "hint: the technique and where; again: the cells; again: apply it"},
	{"Ctrl+I", "the logical solution step by step (arrows move, Esc closes)"},
	{"Ctrl+K", "check entries"},
	{"Ctrl+R", "reveal the selected cell"},
	{"Ctrl+Shift+R", "show the whole solution (asks first)"},
	{"Ctrl+T", "statistics: games played and won, best times, streaks"},
	{"Ctrl+1 … Ctrl+6", "a new easy, medium, hard, expert, insane or extreme puzzle, of the shape on the board"},
	{"Ctrl+N", "a new puzzle of the shape and level on the board"},
	{"Ctrl+Shift+N", "a new puzzle of another shape: 4×4 to 16×16, X, jigsaw, killer"},
	{"Tab, Space", "reach and press the panel's buttons and lists"},
	{"Ctrl+E", "enter a puzzle of your own (Enter starts it, Esc cancels)"},
	{"Ctrl+C / Ctrl+V", "copy the puzzle / paste a puzzle"},
	{"Ctrl+Shift+C", "copy the position with its candidates (HoDoKu's grid, to share or paste back)"},
	{"Ctrl+O / Ctrl+Shift+O", "open a puzzle file / by a typed path"},
	{"Ctrl+S", "save the puzzle (its givens and name) as a puzzle file"},
	{"Ctrl+Shift+S", "save the game (the puzzle, your digits and marks) as our .sudoku game file (all of it, for every shape), or as OpenSudoku or SadMan save one"},
	{"Ctrl+,", "preferences"},
	{"Ctrl+P", "print or export (PDF booklet, PNG, SVG)"},
	{"Page Down / Page Up", "next / previous puzzle of the file"},
	{"Ctrl+Home / Ctrl+End", "first / last puzzle of the file (of those listed)"},
	{"Home / End", "first / last cell of the row"},
	{"Ctrl+G", "go to puzzle number N of the file"},
	{"Ctrl+Enter", "run the solver"},
	{"Enter", "one solver step (at 'One step at a time')"},
	{"Esc", "close a dialog; stop the solver; back to your game"},
	{"Ctrl+L", "the algorithm lab: compare every algorithm"},
	{"In the lab", "Ctrl+1 / Ctrl+2 (or Ctrl+Page Up / Page Down): its two tabs; Esc or Ctrl+W: close it"},
	{"Esc in Find", "back to the board, the list staying as found"},
	{"F10", "open the menus (arrows move, Enter picks, Esc closes), for what has no key of its own, as Restart…"},
	{"F1", "this list of shortcuts"},
	{"Ctrl+Q", "quit (the game is saved)"},
}

func (u *UI) showShortcuts() { u.showPairs("Keyboard Shortcuts", shortcutHelp) }

// showPairs shows a dialog of rows, each a bold heading and its words.
func (u *UI) showPairs(title string, pairs [][2]string) {
	rows := make([]fyne.CanvasObject, 0, 2*len(pairs))
	for _, r := range pairs {
		what := widget.NewLabel(r[1])
		what.Wrapping = fyne.TextWrapWord // on a narrow window the rows ran past the dialog's edge
		rows = append(rows, widget.NewLabelWithStyle(r[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}), what)
	}
	list := container.NewVScroll(container.New(layout.NewFormLayout(), rows...))
	win := u.win.Canvas().Size()
	list.SetMinSize(fyne.NewSize(min(720, win.Width-16*theme.Padding()), min(520, win.Height-160)))
	u.showMessage(title, list, "Close")
	u.modals[len(u.modals)-1].scroll = list // the arrows and Page Down read on
}

// howToPlay is Help → How to Play: the game with the mouse, in a few
// plain lines (a newspaper solver found forty keyboard shortcuts and a
// dense manual, and no page on how to play).
var howToPlay = [][2]string{
	{"The puzzle", "Fill every empty cell with a digit 1 to 9 so that each row, each column and each 3 × 3 box holds every digit once. The bold digits are given and stay."},
	{"A digit", "Click a cell, then a digit on the pad at the right (or type it). A click on a cell also opens a small pad beside it; Preferences can turn that off."},
	{"Pencil marks", "Right-click a cell for its pencil-mark pad, or press the pencil button and click digits: small notes of the digits a cell may hold. Auto marks fills them all in."},
	{"Mistakes", "A digit that repeats in a row, column or box turns red. Check marks any entry that is wrong; Undo takes back moves one by one; Erase clears a cell."},
	{"Help", "Hint shows where to look, then the cells, then does the step. Its steps are never harder than the puzzle's level; a game with a hint applied counts as solved with help."},
	{"Level", "Easy, medium, hard, expert, insane, extreme. The number beside it (1.2, 4.5, …) is the puzzle's difficulty on the scale Sudoku solvers share (Sudoku Explainer's): higher is harder."},
	{"Cells by name", "Hints name cells by row and column: r3c2 is row 3, column 2. Rows and columns are numbered along the board's edges."},
	{"A break", "Pause hides the board and stops the clock; a click on the board goes on."},
	{"Saving", "Nothing to do: your game is kept as you play, and is back where you left it when you start again."},
	{"New puzzles", "Game → New Puzzle, or Ctrl+1 (easy) to Ctrl+6 (extreme). File → Open reads puzzle files."},
	{"On paper", "File → Print / Export makes a PDF of puzzles (and their solutions, if you ask): open it in a PDF viewer to print it."},
	{"Other shapes", "Game → New Puzzle → Shape and Level: smaller and bigger boards; X, whose two diagonals hold every digit once too; jigsaw, whose boxes are odd shapes drawn in thick lines; killer, whose dashed cages hold different digits adding up to the small number in their corner."},
}

// showHowToPlay shows Help → How to Play.
func (u *UI) showHowToPlay() { u.showPairs("How to Play", howToPlay) }

// showTechniques lists every technique the hints, the walkthrough and
// the rating use, easiest first, each with its score and what it finds
// (a learner met "Turbot fish" or "BUG" with nowhere to look them up).
func (u *UI) showTechniques() {
	var rows []fyne.CanvasObject
	intro := widget.NewLabel("Each step of a hint, of the walkthrough and of explain uses one of these techniques, tried easiest first. " +
		"A step's score is on Sudoku Explainer's scale, and a puzzle's level is that of its hardest step: " +
		"easy up to 2.3, medium up to 3.4, hard up to 5.9, expert up to 7.9, insane up to 8.9, extreme from 9.0 " +
		"(other shapes than classic 9×9 stop at insane). " +
		"The score beside each technique is its least: a longer chain, or one that needs chains inside it, scores more, " +
		"up to 9.0 and beyond for the dynamic and nested chains at the end of the list, which is what makes a puzzle extreme. " +
		"Direct pointing, claiming and hidden pairs (a pattern that places a digit at once, 1.7 to 2.0) score below a naked single (2.3) on this scale.")
	intro.Wrapping = fyne.TextWrapWord
	rows = append(rows, intro)
	add := func(t logic.Technique) {
		what := fmt.Sprintf("%s · %.1f · %s", t, t.Score(), t.Level())
		if t == logic.Trial {
			what = "Trial · other shapes' last resort (insane)"
		}
		// The heading and its text as one block: as two labels, the gap
		// between them was the gap between entries.
		entry := widget.NewRichText(
			&widget.TextSegment{Text: what, Style: widget.RichTextStyle{ColorName: theme.ColorNameForeground, SizeName: theme.SizeNameText, TextStyle: fyne.TextStyle{Bold: true}}},
			&widget.TextSegment{Text: t.About(), Style: widget.RichTextStyleParagraph})
		entry.Wrapping = fyne.TextWrapWord
		rows = append(rows, entry)
	}
	for _, t := range logic.Techniques() {
		if t != logic.Trial {
			add(t)
		}
	}
	kh := widget.NewLabelWithStyle("Killer sudoku adds", fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Italic: true})
	rows = append(rows, widget.NewSeparator(), kh)
	for _, t := range logic.KillerTechniques() {
		add(t)
	}
	rows = append(rows, widget.NewSeparator())
	add(logic.Trial)
	list := container.NewVScroll(container.NewVBox(rows...))
	win := u.win.Canvas().Size()
	list.SetMinSize(fyne.NewSize(min(720, win.Width-16*theme.Padding()), min(520, win.Height-160)))
	u.showMessage("Techniques", list, "Close")
	u.modals[len(u.modals)-1].scroll = list // the arrows and Page Down read on
}

// showTechnique says what technique t is: a hint's, for a learner.
func (u *UI) showTechnique(t logic.Technique) {
	if t.About() == "" {
		return
	}
	level := fmt.Sprintf("\n\nIts steps score %.1f or more; a puzzle whose hardest step is of this kind is %s.", t.Score(), t.Level())
	if t == logic.Trial {
		level = "\n\nOn other shapes than classic 9×9 only, where a puzzle that needs it is insane."
	}
	text := widget.NewLabel(t.About() + level)
	text.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(text)
	d := u.showMessage(t.String(), body, "Close")
	win := u.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(560, win.Width-16*theme.Padding()), 0))
}

func (u *UI) showAbout() {
	u.showMessage("About Sudoku", widget.NewLabel(fmt.Sprintf(
		"Sudoku %s\n\nPlay, solve, generate and print Sudoku puzzles,\nand watch the classic search algorithms at work.\n\nYour game is saved as you play:\n%s",
		Version, u.statePath)), "OK")
}

// ShowGoTo asks for a puzzle number in the open file and goes there.
func (u *UI) ShowGoTo() {
	c := u.coll
	if c == nil || c.Len() < 2 {
		return
	}
	entry := u.newDialogEntry()
	entry.SetPlaceHolder(fmt.Sprintf("1 to %s", groupDigits(c.Len())))
	entry.Validator = func(s string) error {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(s), "#"))
		if err != nil || n < 1 || n > c.Len() {
			return fmt.Errorf("a number from 1 to %s", groupDigits(c.Len()))
		}
		return nil
	}
	item := widget.NewFormItem("Number", entry)
	item.HintText = fmt.Sprintf("from 1 to %s", groupDigits(c.Len())) // shown before a wrong number greys out Go
	_, d, submit := u.newFormDialog("Go to Puzzle", "Go", "Cancel", []*widget.FormItem{item}, fyne.NewSize(360, 0), func(ok bool) {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(entry.Text), "#"))
		if ok && err == nil && u.coll == c {
			if _, shown := u.browse.row(n - 1); u.browse.showing && !shown {
				// Not among those shown: the list shows them all again,
				// so that the puzzle on the board is in it.
				u.browse.reset()
				defer u.setStatus(fmt.Sprintf("#%d was not among the puzzles shown: the list shows them all again.", n))
			}
			u.GoTo(n - 1)
		}
	}) // 360 wide: room for a number of seven digits and the range
	entry.OnSubmitted = func(string) {
		if entry.Validate() == nil {
			submit()
		}
	}
	// The puzzle on the board's number, selected: typing replaces it,
	// and the dialog does not open on a red "a number from 1 to …"
	// before anything was typed.
	entry.SetText(strconv.Itoa(c.Index + 1))
	entry.Validate()
	u.showModal(d, submit, nil)
	u.win.Canvas().Focus(entry)
	entry.TypedShortcut(&fyne.ShortcutSelectAll{})
}
