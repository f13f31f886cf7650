package gui

import (
	"fyne.io/fyne/v2"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// Drawing a killer's cages in Enter Puzzle (the Draw cages switch, or a
// killer shape of the editor's list): a click on a cell, or a drag over
// several, picks the cage's cells; the digits typed are its sum; Enter
// makes it. A click on a cage made takes it up again, Delete takes it
// away. The editor had let a setter add givens to a killer read from a
// file, but not draw one. The drawing itself is game.CageDraft.

// drawing reports whether cages are being drawn: the keys and clicks on
// the board are the draft's.
func (u *UI) drawing() bool { return u.draw != nil && u.game != nil && u.game.Editing() }

// setDrawing turns the drawing of cages on or off. On, the board becomes a
// killer (with no cages yet if it had none); off, the cages drawn stay and
// the digits type givens again.
func (u *UI) setDrawing(on bool) {
	if on == (u.draw != nil) || u.game == nil || !u.game.Editing() {
		u.showDrawCheck()
		return
	}
	if !on {
		u.draw = nil
		if g := u.game.Geometry(); g.Killer() && len(g.Cages()) == 0 {
			u.game.Reshape(g.Uncaged()) // no cages drawn: no killer
		}
		u.board.SetHighlight(nil)
		u.checkEdit()
		u.setStatus(editStartText)
		u.showDrawCheck()
		return
	}
	if u.regionDraft != nil {
		if _, err := u.regionDraft.Geometry(); err != nil {
			// Turned off, regions not yet whole go back to the last whole
			// ones: a setter's swaps were lost without a word.
			u.setStatus("The regions are not whole yet (" + err.Error() + "): finish them, or take the moves back (Ctrl+Z), before drawing cages.")
			u.showDrawCheck()
			return
		}
		u.setRegionDrawing(false) // one drawing at a time
	}
	u.draw = game.NewCageDraft(u.game.Geometry())
	if !u.game.Geometry().Killer() {
		u.game.Reshape(u.draw.Geometry())
		// The list names the board a killer now ("Classic 9×9" stayed).
		if name := drawKillerName(u.game.Geometry()); u.editShapes[name] != nil {
			u.showEditShape(name)
		}
	}
	u.showDrawCheck()
	u.showDraft("")
	u.focusBoard()
}

// showDrawCheck shows the Draw cages switch as drawing is.
func (u *UI) showDrawCheck() { showSwitch(u.drawCheck, u.draw != nil, u.setDrawing) }

// showDraft lights the cage under way's cells and says where the drawing
// is, or msg (why a pick or Enter did nothing).
func (u *UI) showDraft(msg string) {
	if u.draw.Busy() {
		u.litDraft()
	} else {
		u.checkEdit() // its own lit cells back
	}
	if msg == "" {
		msg = u.draw.Text()
	}
	u.setStatus(msg)
	u.updatePlay() // Undo, for the cages
	u.save()       // the cage under way too (Session.Drawing)
}

// drawingCanUndo reports cages or regions drawn to take back.
func (u *UI) drawingCanUndo() bool {
	return u.drawing() && u.draw.CanUndo() || u.drawingRegions() && u.regionDraft.CanUndo()
}

// undoDrawing takes back the last cage or region change, while they are
// drawn; it reports whether it was the drawing's to take back (Ctrl+Z
// did nothing, and hid the cage under way's cells).
func (u *UI) undoDrawing() bool {
	switch {
	case u.drawing() && u.draw.Busy():
		u.draw.Back() // the cage under way's last digit or cell
		u.showDraft("")
		return true
	case u.drawing():
		if g, ok := u.draw.Undo(); ok {
			u.reshapeDraft(g)
			u.showDraft("Taken back. " + u.draw.Text())
		} else {
			u.showDraft("Nothing to take back: no cage made yet.")
		}
		return true
	case u.drawingRegions():
		if u.regionDraft.Undo() {
			u.regionChanged()
		} else {
			u.setStatus("Nothing to take back: no cell moved yet.")
		}
		return true
	}
	return false
}

// litDraft lights the cells of the cage under way.
func (u *UI) litDraft() {
	if !u.drawing() || !u.draw.Busy() {
		return
	}
	h := newHighlight(len(u.game.Givens().Cells))
	for _, i := range u.draw.Cells() {
		h.Pattern[i] = true
		h.Area[i] = true
	}
	u.board.SetHighlight(h)
}

// reshapeDraft gives the puzzle the cages drawn.
func (u *UI) reshapeDraft(g *solver.Geometry) {
	u.game.Reshape(g)
	u.drawn = true
}

// drawTap takes the tapped cell into the cage under way (or out of it).
func (u *UI) drawTap(i int) {
	u.showDraft(u.draw.Pick(i))
}

// drawDrag takes a cell dragged over into the cage under way, or into
// the region the drag started in (regiondraw.go).
func (u *UI) drawDrag(i int, first bool) bool {
	if u.drawingRegions() {
		u.regionDrag(i, first)
		return true
	}
	if !u.drawing() {
		return false // a click, as before the board took drags
	}
	u.game.Select(i)
	u.draw.Add(i)
	u.showDraft("")
	return true
}

// drawRune types a digit of the cage's sum; it reports whether r was the
// drawing's.
func (u *UI) drawRune(r rune) bool {
	if r < '0' || r > '9' {
		return false
	}
	u.draw.Type(int(r - '0'))
	u.showDraft("")
	return true
}

// drawKey handles Enter (make the cage), Esc (let it go), Backspace (the
// last digit or cell back), Delete (take the selected cell's cage away)
// and Space (pick the selected cell); it reports whether e was the
// drawing's. Esc with no cage under way leaves it to the editor (Cancel).
func (u *UI) drawKey(e *fyne.KeyEvent) bool {
	d := u.draw
	switch e.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if !d.Busy() {
			return false // Start, as ever
		}
		g, err := d.Make()
		if err != nil {
			u.showDraft("Not made: " + err.Error())
			return true
		}
		u.reshapeDraft(g)
		u.showDraft("Cage made. " + d.Text())
	case fyne.KeyEscape:
		if !d.Busy() {
			return false
		}
		d.Drop()
		u.showDraft("")
	case fyne.KeyBackspace:
		d.Back()
		u.showDraft("")
	case fyne.KeyDelete:
		g, ok := d.Remove(u.game.Selected())
		if !ok {
			u.showDraft(u.game.Geometry().CellName(u.game.Selected()) + " is in no cage.")
			return true
		}
		u.reshapeDraft(g)
		u.showDraft("")
	case fyne.KeySpace:
		u.showDraft(d.Pick(u.game.Selected()))
	default:
		return false
	}
	return true
}

// emptyKiller is a killer of boxes w × h with no cages yet, for the
// editor to draw them.
func emptyKiller(w, h int, x bool) *solver.Geometry {
	b, err := solver.NewBoxes(w, h, x)
	if err != nil {
		return nil
	}
	k, err := solver.NewKiller(b, []solver.Cage{})
	if err != nil {
		return nil
	}
	return k
}
