package gui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
)

// modal is a dialog that owns the keyboard while it is open: no key
// reaches the board or a shortcut, Esc does what its cancel button does
// and Enter what its default button does.
type modal struct {
	d       dialog.Dialog
	overlay fyne.CanvasObject // the window's overlay that shows d
	enter   func()            // Enter: the default button (nil: close it)
	esc     func()            // Esc: the cancel button (nil: close it)
	// scroll, when set, is the dialog's long content: the arrows, Page Up
	// and Page Down, Home and End scroll it (the shortcuts' list showed 9
	// of its rows to a keyboard).
	scroll *container.Scroll
	// typed, when set, takes the characters typed and Backspace (-1)
	// while the dialog is on top and nothing in it has the focus.
	typed func(r rune)
}

// showModal shows d as the window's modal; enter and esc, when not nil,
// are its default and cancel actions.
func (u *UI) showModal(d dialog.Dialog, enter, esc func()) {
	u.closePad()
	m := &modal{d: d, enter: enter, esc: esc}
	u.modals = append(u.modals, m)
	d.SetOnClosed(func() {
		if k := slices.Index(u.modals, m); k >= 0 {
			// Fyne takes every overlay above a dialog away with it (a
			// progress dialog that finished took Quit's question over
			// it): those are gone too, and stayed in the list, so that
			// no key reached the game again. One shown after this one
			// left the window stays (the save dialog hides, calls back,
			// and only then says it closed: the question its callback
			// asked lost Enter and Esc).
			shown := u.win.Canvas().Overlays().List()
			kept := u.modals[:k]
			for _, above := range u.modals[k+1:] {
				if above.overlay != nil && slices.Contains(shown, above.overlay) {
					kept = append(kept, above)
				}
			}
			clear(u.modals[len(kept):])
			u.modals = kept
		}
		u.holdClock()
	})
	// Nothing under the dialog keeps the keys: the save dialog's name
	// field, hidden, took Enter from the question shown after it.
	u.win.Canvas().Unfocus()
	d.Show()
	m.overlay = u.win.Canvas().Overlays().Top()
	u.holdClock() // the clock stops while a dialog covers the board
}

// showDialog shows an informational dialog: Esc and Enter close it.
func (u *UI) showDialog(d dialog.Dialog) { u.showModal(d, nil, nil) }

// ask shows a question with two answers, each given once: Esc answers no;
// Enter answers yes, or, when risky (yes loses something, drawn as
// dangerous), no.
func (u *UI) ask(title string, body fyne.CanvasObject, yes, no string, risky bool, answer func(bool)) *dialog.CustomDialog {
	var d *dialog.CustomDialog
	answered := false
	reply := func(ok bool) {
		if answered {
			return
		}
		answered = true
		d.Hide()
		answer(ok)
	}
	yesBtn := u.newDialogButton(yes, nil, func() { reply(true) })
	noBtn := u.newDialogButton(no, nil, func() { reply(false) })
	d = dialog.NewCustomWithoutButtons(title, body, u.win)
	if risky {
		yesBtn.Importance, noBtn.Importance = widget.DangerImportance, widget.HighImportance
		d.SetButtons([]fyne.CanvasObject{yesBtn, noBtn})
		u.showModal(d, func() { reply(false) }, func() { reply(false) })
		return d
	}
	yesBtn.Icon, noBtn.Icon = theme.ConfirmIcon(), theme.CancelIcon()
	yesBtn.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{noBtn, yesBtn})
	u.showModal(d, func() { reply(true) }, func() { reply(false) })
	return d
}

// showMessage shows a message or a panel under a title with one button
// (close: "OK", "Close") that Enter and Esc press too, focused or not.
func (u *UI) showMessage(title string, body fyne.CanvasObject, close string) dialog.Dialog {
	d := dialog.NewCustomWithoutButtons(title, body, u.win)
	btn := u.newDialogButton(close, nil, func() { d.Hide() })
	btn.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{btn})
	u.showDialog(d)
	return d
}

// messageBody is a message's text, wrapped, with an icon before it when
// icon is not nil (an error's).
func messageBody(icon fyne.Resource, text string) fyne.CanvasObject {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	var body fyne.CanvasObject = l
	if icon != nil {
		body = container.NewBorder(nil, nil, container.NewCenter(widget.NewIcon(icon)), nil, l)
	}
	// As wide as the text wants, up to about 60 characters a line.
	w := min(fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width, 60*fyne.MeasureText("m", theme.TextSize(), fyne.TextStyle{}).Width)
	spacer := canvas.NewRectangle(color.Transparent)
	spacer.SetMinSize(fyne.NewSize(w, 0))
	return container.NewStack(spacer, body)
}

// showRisky asks before an action that loses something: the safe answer
// (no) is the default button, which Enter presses, and Esc answers no
// too; the action's button (yes) is drawn as dangerous. A double press of
// Enter after a typed path, or out of habit, so keeps the game.
func (u *UI) showRisky(title, message, yes, no string, answer func(bool)) {
	text := widget.NewLabel(message)
	text.Wrapping = fyne.TextWrapWord
	u.ask(title, text, yes, no, true, answer).Resize(fyne.NewSize(440, 0))
}

// covered reports that a dialog, popover or menu covers the window: the
// board and the shortcuts then get no keys.
func (u *UI) covered() bool {
	top := u.win.Canvas().Overlays().Top()
	return len(u.modals) > 0 || top != nil || u.menuBar() != nil && u.menuBar().IsActive()
}

// menuBarControl is what the window's menu bar (Fyne's, drawn in the
// window) offers: whether a menu is open, and opening or closing it.
type menuBarControl interface {
	IsActive() bool
	Toggle()
}

// menuBar is the window's menu bar, or nil (a driver without one). An
// open menu is no overlay: Ctrl+R over an open menu revealed a cell.
func (u *UI) menuBar() menuBarControl {
	trees, ok := u.win.Canvas().(interface{ ObjectTrees() []fyne.CanvasObject })
	if !ok {
		return nil
	}
	for _, o := range trees.ObjectTrees() {
		if m, ok := o.(menuBarControl); ok {
			return m
		}
	}
	return nil
}

// coveredKey handles a key while the window is covered (see covered):
// Esc and Enter go to the top dialog, Esc closes a popover or menu.
func (u *UI) coveredKey(e *fyne.KeyEvent) {
	var top *modal
	if n := len(u.modals); n > 0 {
		top = u.modals[n-1]
	}
	switch e.Name {
	case fyne.KeyEscape:
		switch {
		case top != nil && top.esc != nil:
			top.esc()
		case top != nil:
			top.d.Hide()
		default:
			if o := u.win.Canvas().Overlays().Top(); o != nil {
				o.Hide()
			}
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		switch {
		case top != nil && top.enter != nil:
			top.enter()
		case top != nil:
			top.d.Hide()
		}
	case fyne.KeyBackspace:
		if top != nil && top.typed != nil {
			top.typed(-1)
		}
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome, fyne.KeyEnd:
		if top != nil && top.scroll != nil {
			scrollBy(top.scroll, e.Name)
		}
	}
}

// scrollBy scrolls sc as the key asks: a line, a page, to an end.
func scrollBy(sc *container.Scroll, key fyne.KeyName) {
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + 2*theme.InnerPadding()
	page := max(sc.Size().Height-line, line)
	y := sc.Offset.Y
	switch key {
	case fyne.KeyUp:
		y -= line
	case fyne.KeyDown:
		y += line
	case fyne.KeyPageUp:
		y -= page
	case fyne.KeyPageDown:
		y += page
	case fyne.KeyHome:
		y = 0
	case fyne.KeyEnd:
		y = sc.Content.MinSize().Height
	}
	sc.Offset.Y = max(0, min(y, sc.Content.MinSize().Height-sc.Size().Height))
	sc.Refresh()
}

// losesGame reports that replacing the game would lose the player's
// moves: it has some, is not won, and no file keeps its progress.
func (u *UI) losesGame() bool { return u.loses(u.game) }

// loses reports that leaving the game g, the one on the board or the one
// the editor replaced, would lose the player's moves. A game whose moves
// were all taken back loses nothing the board shows ("Leave this game?"
// asked of a board as fresh as a new puzzle's).
func (u *UI) loses(g *game.Game) bool {
	if g == nil || g.Editing() || g.Won() || !g.Started() || !g.Progress() || g == u.loadKeeps || g == u.orphan.game || u.savedAsIs(g) {
		return false // (a big file being read keeps its game already; a file not there keeps it for when it is back; a game file keeps it as it is)
	}
	return u.coll == nil || !u.coll.IsFile
}

// editLoss says what leaving the puzzle being typed in would lose: its
// givens, and the moves of the game it replaced where no file keeps them
// (Paste, New Puzzle and Open threw them away without a word; Esc asked).
// Nothing when no puzzle is being typed in.
func (u *UI) editLoss() []string {
	var lost []string
	if g := u.game; g != nil && g.Editing() {
		if w := u.editWork(); w != "" {
			lost = append(lost, w)
		}
		switch {
		case !u.loses(u.prevGame):
		case len(lost) > 0:
			lost = append(lost, "So would the moves of the game before it: it is not from a file that keeps them.")
		default:
			lost = append(lost, "The moves of the game before it would be lost: it is not from a file that keeps them.")
		}
	}
	return lost
}

// editWork says what of the puzzle being typed in leaving it would lose:
// the givens typed, the cages or regions drawn; "" for nothing, or when
// it is saved in a file as it is (a question came right after a save).
func (u *UI) editWork() string {
	g := u.game
	if g == nil || !g.Editing() || u.editSaved != "" && u.editSaved == editState(g) {
		return ""
	}
	switch {
	case g.Givens().Givens() > 0 && u.drawn:
		return "The givens you typed and the cages or regions you drew would be lost."
	case g.Givens().Givens() > 0:
		return "The givens you typed would be lost."
	case u.drawn:
		// (Esc left a killer's cages, drawn for half an hour, without
		// a question: no givens had been typed.)
		return "The cages or regions you drew would be lost."
	}
	return ""
}

// askEditor does then at once when leaving the puzzle being typed in loses
// nothing (editLoss), and otherwise after asking (Enter and Esc keep
// typing); keep, if not nil, runs when the player keeps typing.
func (u *UI) askEditor(action string, then, keep func()) {
	lost := u.editLoss()
	if len(lost) == 0 {
		then()
		return
	}
	u.showRisky("Discard the puzzle you are typing?", strings.Join(lost, " "), action, "Keep Typing", func(ok bool) {
		switch {
		case ok:
			then()
		case keep != nil:
			keep()
		}
	})
}

// askFirst does then at once when the game in progress would not be
// lost, and otherwise after asking (Enter and Esc keep the game: the
// default is the safe answer).
func (u *UI) askFirst(action string, then func()) {
	if g := u.game; g != nil && g.Editing() {
		u.askEditor(action, then, nil)
		return
	}
	if !u.losesGame() {
		// (A game whose moves were all taken back is as one never
		// played: left without a question, it is not counted either,
		// where it had ended a child's streak without a word.)
		then()
		return
	}
	msg := "The moves you made on this puzzle would be lost: it is not from a file that keeps them."
	if u.inGameFile.g == u.game {
		// Saved in a game file: only what came since is at stake.
		msg = fmt.Sprintf("The moves since the game was saved in %s would be lost (Save Game As keeps them).", filepath.Base(u.inGameFile.path))
	} else if recordKey(u.game) != "" && (u.saver == nil || u.saver.Owner()) {
		// What the statistics make of it, said before, not found after
		// (the game counted as played, and its level's streak ended).
		msg += " It would count as played, not won" + u.streakLoss(u.game) + "."
	}
	u.showRisky("Leave this game?", msg,
		action, "Keep Playing", func(ok bool) {
			if ok {
				// The game counts as given up (played, and its streak
				// ended) once another takes its place (setGame): the
				// action may still fail (a file that cannot be read),
				// and the game then stays, to be played on.
				u.givingUp = u.game
				then()
			}
		})
}

// gaveUp records the game on the board as given up if the player agreed
// to leave it (askFirst) and it is still unfinished: called as another
// game takes its place.
func (u *UI) gaveUp() {
	g := u.givingUp
	u.givingUp = nil
	// Not u.losesGame(): it was when the player agreed (askFirst), and by
	// now a file opened may be the collection already, which keeps games
	// (a game left by opening a file was never counted as played).
	if g == nil || g != u.game || g.Won() || !g.Started() || u.inGameFile.g == g {
		return // (a game kept in a game file is not given up: it is there to go on with)
	}
	if lvl := recordKey(g); lvl != "" {
		u.settings.RecordGiveUp(lvl) // a streak ends
	}
}

// dialogEntry is a text field of a dialog: Esc there does what Esc does
// over any dialog (closes it, or its cancel button), where a plain entry
// would keep the key (the window's key handler never sees a key typed
// into a focused widget).
type dialogEntry struct {
	widget.Entry
	u *UI
}

func (u *UI) newDialogEntry() *dialogEntry {
	e := &dialogEntry{u: u}
	e.ExtendBaseWidget(e)
	return e
}

// dialogButton is a dialog's button. Focused (by Tab), Enter presses it,
// as in every desktop toolkit, and Esc does what Esc does over the dialog:
// Fyne's button takes Space alone, and a dialog whose button had the focus
// took neither Enter nor Esc. A dangerous button (one that loses
// something) takes Space alone: Enter there does the dialog's default,
// the safe answer, as everywhere else in the dialog.
type dialogButton struct {
	widget.Button
	u *UI
}

func (u *UI) newDialogButton(text string, icon fyne.Resource, tapped func()) *dialogButton {
	b := &dialogButton{u: u}
	b.Text, b.Icon, b.OnTapped = text, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *dialogButton) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if b.Importance == widget.DangerImportance {
			if b.u.covered() {
				b.u.coveredKey(k)
			}
			return
		}
		if !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
		return
	case fyne.KeyEscape, fyne.KeyUp, fyne.KeyDown, fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome, fyne.KeyEnd:
		if b.u.covered() {
			b.u.coveredKey(k)
			return
		}
	}
	b.Button.TypedKey(k)
}

// dialogCheck and dialogSelect are a dialog's check box and drop-down:
// a click focuses them, and a focused plain one kept Esc (and a check,
// Enter) from the dialog, which then stayed open.
type dialogCheck struct {
	widget.Check
	u *UI
}

func (u *UI) newDialogCheck(label string, changed func(bool)) *dialogCheck {
	c := &dialogCheck{u: u}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *dialogCheck) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
		if c.u.covered() {
			c.u.coveredKey(k)
			return
		}
	}
	c.Check.TypedKey(k)
}

type dialogSelect struct {
	widget.Select
	u *UI
}

func (u *UI) newDialogSelect(options []string, changed func(string)) *dialogSelect {
	s := &dialogSelect{u: u}
	s.Options, s.OnChanged = options, changed
	s.PlaceHolder = "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

func (s *dialogSelect) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
		// Enter takes the dialog's default button, as everywhere in it
		// (Space opens the list): Enter on a focused list did nothing.
		if s.u.covered() {
			s.u.coveredKey(k)
			return
		}
	}
	s.Select.TypedKey(k)
}

// dialogRadio makes a dialog's radio buttons give the keys back to the
// dialog once one is chosen: a clicked radio button keeps the focus, and
// its widget (Fyne's own) kept Esc from the dialog. It is called after
// r.OnChanged is set, and makes a choice required (a click on the chosen
// button took it away).
func (u *UI) dialogRadio(r *widget.RadioGroup) {
	r.Required = true
	changed := r.OnChanged
	r.OnChanged = func(s string) {
		if changed != nil {
			changed(s)
		}
		u.win.Canvas().Unfocus()
	}
}

func (e *dialogEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.u.covered() {
		e.u.coveredKey(k)
		return
	}
	if (k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) && e.OnSubmitted == nil && !e.MultiLine && e.u.covered() {
		// A field with nothing of its own to do on Enter (Print's title)
		// takes the dialog's default button, as the dialog does.
		e.u.coveredKey(k)
		return
	}
	e.Entry.TypedKey(k)
}
