package gui

import (
	"fmt"
	"slices"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/store"
	"example.com/sudoku/solver"
)

// Drawing a jigsaw's regions in Enter Puzzle (the Draw regions switch, or
// a jigsaw shape of the editor's list): the board starts from its boxes,
// and a drag from a region carries the cells it passes into that region;
// a region's number typed into the selected cell moves the cell into it.
// Once every region has N cells joined side to side, the puzzle is a
// jigsaw, checked as the givens are. The drawing itself is
// game.RegionDraft.

// drawingRegions reports whether regions are being drawn.
func (u *UI) drawingRegions() bool {
	return u.regionDraft != nil && u.game != nil && u.game.Editing()
}

// setRegionDrawing turns the drawing of regions on or off. Off, the board
// keeps the last regions that made a board.
func (u *UI) setRegionDrawing(on bool) {
	if on == (u.regionDraft != nil) || u.game == nil || !u.game.Editing() {
		u.showRegionCheck()
		return
	}
	if !on {
		_, err := u.regionDraft.Geometry()
		if err != nil {
			// Turned off, they went back to the last whole ones: a
			// setter's swaps were lost, with no way back.
			u.setStatus("The regions are not whole yet (" + err.Error() + "): finish them, or take the moves back (Ctrl+Z), before typing givens.")
			u.showRegionCheck()
			return
		}
		u.endRegions()
		u.showRegionCheck()
		u.checkEdit()
		u.setStatus(editStartText)
		return
	}
	if g := u.game.Geometry(); g.Killer() && len(g.Cages()) == 0 {
		u.game.Reshape(g.Uncaged()) // a killer with no cages yet: none to keep
	}
	if u.game.Geometry().Killer() {
		u.showRegionCheck()
		u.setStatus("A killer's regions stay as they are: its cages are drawn on them. Draw the regions first, then the cages.")
		return
	}
	if u.draw != nil {
		u.setDrawing(false) // one drawing at a time
	}
	u.regionDraft = game.NewRegionDraft(u.game.Geometry())
	u.regionStart = slices.Clone(u.regionDraft.Regions())
	u.board.SetRegions(u.regionDraft.Regions())
	// The selected cell's region as drawn is lit, not its row, column and
	// box of the board before (they told of regions no longer there).
	u.peersWere = u.board.NoPeers
	u.board.NoPeers = true
	if name := drawJigsawName(u.game.Geometry()); u.editShapes[name] != nil && !u.game.Geometry().Jigsaw() {
		u.showEditShape(name) // the list names the board a jigsaw
	}
	u.showRegionCheck()
	u.regionChanged()
	u.focusBoard()
}

// showRegionCheck shows the Draw regions switch as drawing is.
func (u *UI) showRegionCheck() { showSwitch(u.regionCheck, u.regionDraft != nil, u.setRegionDrawing) }

// regionChanged shows the regions as they are drawn: the board their
// borders, the puzzle the jigsaw once they make one, the editor's line
// what is left to do.
func (u *UI) regionChanged() {
	d := u.regionDraft
	u.board.SetRegions(d.Regions())
	if g, err := d.Geometry(); err == nil && !g.Equal(u.game.Geometry()) {
		u.game.Reshape(g) // checked as the givens are (changed)
	} else if err == nil {
		u.checkEdit() // whole again as the board was: the line said "not done"
	}
	u.drawn = u.drawn || !slices.Equal(d.Regions(), u.regionStart)
	u.regionsUndone()
	u.regionLit()
	u.setStatus(d.Text(u.game.Selected()))
	u.updatePlay() // Undo, for the regions
	u.save()       // regions not yet whole too (Session.Drawing)
}

// regionLit lights the selected cell's region as drawn.
func (u *UI) regionLit() {
	if !u.drawingRegions() {
		return
	}
	h := newHighlight(u.game.Geometry().Cells())
	sel := u.game.Selected()
	k := u.regionDraft.Region(sel)
	for i := range h.Area {
		h.Area[i] = i != sel && u.regionDraft.Region(i) == k // (the selection keeps its look)
	}
	u.board.SetHighlight(h)
}

// endRegions stops drawing regions: the board draws the game's again.
func (u *UI) endRegions() {
	if u.regionDraft == nil {
		return
	}
	u.regionDraft = nil
	u.board.SetRegions(nil)
	u.board.NoPeers = u.peersWere
	u.board.SetHighlight(nil)
}

// regionsUndone says on the editor's line, while the regions drawn make
// no board, what is wrong, with Start off; it reports whether they do.
func (u *UI) regionsUndone() bool {
	if !u.drawingRegions() {
		return false
	}
	if _, err := u.regionDraft.Geometry(); err != nil {
		u.editStart.Disable()
		u.editText.SetText("Regions not done yet: " + err.Error())
		return true
	}
	return false
}

// regionDrag carries the cells a drag passes into the region it started
// in.
func (u *UI) regionDrag(i int, first bool) {
	if first {
		u.paint = u.regionDraft.Region(i)
		u.regionDraft.StartDrag() // the drag's moves one change, for Undo
	}
	u.game.Select(i)
	if u.paint >= 0 {
		u.regionDraft.Move(i, u.paint)
	}
	u.regionChanged()
}

// regionRune moves the selected cell into the region whose number was
// typed (1-9, then a-g for 10-16); it reports whether r was one.
func (u *UI) regionRune(r rune) bool {
	k := -1
	switch {
	case r >= '1' && r <= '9':
		k = int(r - '1')
	case r >= 'a' && r <= 'g':
		k = int(r-'a') + 9
	case r >= 'A' && r <= 'G':
		k = int(r-'A') + 9
	}
	if k < 0 {
		return false
	}
	if k >= u.game.Size() {
		u.setStatus(fmt.Sprintf("A %d×%d board has regions 1 to %d.", u.game.Size(), u.game.Size(), u.game.Size()))
		return true
	}
	u.regionDraft.EndDrag()
	u.regionDraft.Move(u.game.Selected(), k)
	u.regionChanged()
	return true
}

// emptyJigsaw is a jigsaw whose regions are the boxes of side n, for the
// editor to reshape.
func emptyJigsaw(n int, x bool) *solver.Geometry {
	w, h, ok := solver.DefaultBoxes(n)
	if !ok {
		return nil
	}
	b, err := solver.NewBoxes(w, h, x)
	if err != nil {
		return nil
	}
	g, err := game.NewRegionDraft(b).Geometry() // the boxes as regions
	if err != nil {
		return nil
	}
	return g
}

// drawJigsawName names a jigsaw to draw in the editor's list, whose
// regions are drawn: "New jigsaw 9×9".
func drawJigsawName(g *solver.Geometry) string {
	x := ""
	if g.X {
		x = " X"
	}
	return fmt.Sprintf("New jigsaw%s %d×%d", x, g.N, g.N)
}

// regionDraftGeometry is the jigsaw the regions being drawn make, or why
// they make none; nil and no error when none are drawn.
func (u *UI) regionDraftGeometry() (*solver.Geometry, error) {
	if !u.drawingRegions() {
		return nil, nil
	}
	return u.regionDraft.Geometry()
}

// drawingState is what the editor is drawing, for the session.
func (u *UI) drawingState() *store.Drawing {
	switch {
	case u.drawingRegions():
		b := make([]byte, len(u.regionDraft.Regions()))
		for i, r := range u.regionDraft.Regions() {
			b[i] = solver.Symbol(r + 1)
		}
		return &store.Drawing{Regions: string(b)}
	case u.drawing():
		return &store.Drawing{Cages: true, Cage: u.draw.Cells(), Sum: u.draw.Sum()}
	}
	return nil
}

// resumeDrawing takes up the drawing the session kept (d may be nil):
// the regions as they were, or the cage under way.
func (u *UI) resumeDrawing(d *store.Drawing) {
	if d == nil || u.game == nil || !u.game.Editing() {
		return
	}
	if d.Regions != "" {
		n := u.game.Size()
		region := make([]uint8, len(d.Regions))
		for i := range region {
			s, err := solver.ParseSymbol(d.Regions[i], n)
			if err != nil || s == 0 {
				return
			}
			region[i] = s - 1
		}
		u.setRegionDrawing(true)
		if u.regionDraft != nil && u.regionDraft.SetRegions(region) {
			u.regionChanged()
		}
		return
	}
	if d.Cages {
		u.setDrawing(true)
		if u.draw == nil {
			return
		}
		for _, i := range d.Cage {
			if i >= 0 && i < u.game.Geometry().Cells() {
				u.draw.Add(i)
			}
		}
		for _, r := range d.Sum {
			if r >= '0' && r <= '9' {
				u.draw.Type(int(r - '0'))
			}
		}
		u.showDraft("")
	}
}
