package gui

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// hint is a step shown to the player, waiting for a second press to be
// applied.
type hint struct {
	step  logic.Step
	moves int // the game's history when it was shown: a move makes it stale
	shown int // 1: the technique and the area; 2: the cells and candidates too
	full  *Highlight
	// note says which cells' pencil marks leave out a digit they can
	// hold (the hint reasons from all their candidates there).
	note string
	// marks says which cells' pencil marks the step builds on, where they
	// leave out digits the board allows (shown with the cells).
	marks string
}

// Hint teaches before it tells: the first press names the next logical
// step's technique and lights the area to look in; the second shows the
// cells and candidates involved and says what follows; the third applies
// the step. If the player has made a mistake, it says so first
// and offers to undo back to the last correct position.
func (u *UI) Hint() {
	u.leaveOverlay()
	g := u.game
	if g.Editing() || g.Won() || u.paused() {
		return
	}
	if why := g.Unplayable(); why != nil {
		u.showHintBox("No hint", fmt.Sprintf("This puzzle cannot be played: %v. Solve shows why.", why), false)
		return
	}
	if h := u.hint; h != nil && h.moves == g.History() && h.shown == 1 {
		h.shown = 2
		u.board.SetHighlight(h.full)
		u.showHintBox(fmt.Sprintf("Hint · %s (%.1f)", h.step.Title(), h.step.Score),
			h.step.Text+colourKey(h.step)+" Press Hint again to apply it."+h.note+h.marks, false)
		u.focusBoard()
		return
	}
	if u.hint != nil && u.hint.moves == g.History() {
		st := u.hint.step
		d := game.Deduction{}
		for _, p := range st.Placements {
			d.Place = append(d.Place, [2]uint8{uint8(p.Cell), p.Digit})
		}
		for _, e := range st.Eliminations {
			d.Remove = append(d.Remove, [2]uint8{uint8(e.Cell), e.Digit})
		}
		u.clearHint()
		g.Apply(d)
		u.setStatus("Applied: " + st.Title() + ".") // its own name ("Hidden single (region)" on a jigsaw)
		u.focusBoard()
		return
	}
	u.clearHint()
	// Only a wrong digit is a mistake: pencil marks that leave a digit
	// out are the player's notes, and the hint reasons from the full
	// candidates in those cells.
	if wrong := g.Mistakes(); len(wrong) > 0 {
		h := newHighlight(len(g.Board().Cells))
		for _, i := range wrong {
			h.Target[i] = true
		}
		u.board.SetHighlight(h)
		text := mistakeText(g.Geometry(), g.Board(), wrong) + ", so no step from here can be trusted."
		if marks := marksNotFromWrong(g, wrong); len(marks) > 0 {
			// Said here too: it was said only once no digit was wrong.
			text += fmt.Sprintf(" Your pencil marks in %s also leave out a digit %s hold.",
				cellList(g.Geometry(), marks), plural(len(marks), "it can", "they can"))
		}
		u.showHintBox("There is a mistake", text, true)
		return
	}
	_, marks := g.Position()
	board, cands, partial := mendedPosition(g)
	note := ""
	if len(partial) > 0 {
		// Said, not silently mended: the player learns of the mark, and
		// which digits it leaves out (one of them the cell's): "a digit
		// it can hold" left the player to find which.
		var lacks []string
		for _, i := range partial {
			out := solver.Set(cands[i] &^ uint32(marks[i]))
			var ds []string
			for _, d := range out.Digits() {
				ds = append(ds, string(solver.Symbol(d)))
			}
			lacks = append(lacks, fmt.Sprintf("%s without %s", cellList(g.Geometry(), []int{i}), joinWords(ds, "or")))
		}
		note = fmt.Sprintf(" (Your pencil marks leave out a digit %s: %s. The hint uses all %s candidates there, and Auto marks gives them back.)",
			plural(len(partial), "the cell holds", "those cells hold"), joinWords(lacks, "and"), plural(len(partial), "its", "their"))
	}
	several := g.Solutions() > 1
	u.setStatus("Looking for the next step…")
	u.work(func() func() {
		st, ok := logic.NextBoardStep(board, cands)
		return func() {
			u.setStatus("")
			// A unique rectangle proves nothing on a puzzle with several
			// solutions.
			if !ok || several && st.Technique == logic.UniqueRectangle {
				if several {
					u.showHintBox("No hint", "This puzzle has more than one solution: no further step can be proved without choosing between them.", false)
				} else {
					u.showHintBox("No hint", "No step applies from here.", false)
				}
				return
			}
			full := stepHighlight(st, board, cands)
			u.hint = &hint{step: st, moves: g.History(), shown: 1, full: full, note: note, marks: marksNote(st, board, cands, g.Helped)}
			area := newHighlight(len(full.Area))
			area.Area = full.Area
			where := "in the lit area"
			switch {
			case !slices.Contains(full.Area, true) && (st.Technique == logic.XYWing || st.Technique == logic.XYZWing):
				// The units the wing's cells share, where it lies: its three
				// cells lit gave it away at the first press.
				area.Area = sharedUnits(board.Geo, full.Pattern)
			case !slices.Contains(full.Area, true):
				area.Area = full.Pattern
			case st.Technique == logic.UniqueRectangle:
				// A type 3 or 4 names the unit of its extra cells; the
				// rectangle's other corners lie outside it (in another
				// box), and "look in the lit area" could not find it.
				area.Area = slices.Clone(full.Area)
				for _, c := range st.Cells {
					area.Area[c] = true
				}
			}
			if !slices.Contains(area.Area, true) {
				where = "on the board"
			}
			u.board.SetHighlight(area)
			u.showHintBox(fmt.Sprintf("Hint · %s", st.Title()),
				fmt.Sprintf("Look for %s %s. Press Hint again to see the cells.", withArticle(inSentence(st.Title())), where)+note, false)
			u.focusBoard()
		}
	})
}

// marksNote says when the step builds on the player's own pencil marks
// (logic.MarksNote): those that leave out digits the board allows, less
// the digits a hint took out (helped), whose reason the player was shown.
func marksNote(st logic.Step, board solver.Board, cands []uint32, helped func(int) game.Marks) string {
	full := board.Candidates()
	return logic.MarksNote(st, board, func(i int) uint32 {
		if board.Cells[i] != 0 {
			return 0
		}
		return full[i] &^ cands[i] &^ uint32(helped(i))
	}, "your pencil marks")
}

// cageMistake says how the digit of cell i breaks its cage's sum on a
// killer ("r1c2's 9 takes the cage of r1c1 (sum 5) to 10 or more"), or
// "" when the sum can still be made.
//
// The wrong digits of the cage, wrong (those of the player's that differ
// from the solution), are named together as its cause: naming the first
// alone blamed a 5 where the 3 after it went past the sum.
func cageMistake(geo *solver.Geometry, b solver.Board, i int, wrong []int) string {
	k := geo.CageOf(i)
	if k < 0 {
		return ""
	}
	c := geo.Cages()[k]
	sum, empty, used := 0, 0, uint32(0)
	for _, j := range c.Cells {
		if d := b.Cells[j]; d != 0 {
			sum += int(d)
			used |= 1 << d
		} else {
			empty++
		}
	}
	// The least and the most the empty cells can add, each digit once.
	least, most := sum, sum
	for d, n := 1, 0; d <= geo.N && n < empty; d++ {
		if used&(1<<d) == 0 {
			least += d
			n++
		}
	}
	for d, n := geo.N, 0; d >= 1 && n < empty; d-- {
		if used&(1<<d) == 0 {
			most += d
			n++
		}
	}
	var names []string
	for _, j := range c.Cells {
		if b.Cells[j] != 0 && (int(j) == i || slices.Contains(wrong, int(j))) {
			names = append(names, fmt.Sprintf("%s's %s", geo.CellName(int(j)), string(solver.Symbol(b.Cells[j]))))
		}
	}
	who, s := joinWords(names, "and"), ""
	if len(names) == 1 {
		s = "s"
	}
	switch {
	case empty == 0 && sum != c.Sum:
		return fmt.Sprintf("%s make%s the %s add up to %d", who, s, geo.CageName(k), sum)
	case least > c.Sum:
		return fmt.Sprintf("%s take%s the %s to %d or more", who, s, geo.CageName(k), least)
	case most < c.Sum:
		return fmt.Sprintf("%s leave%s the %s %d at most", who, s, geo.CageName(k), most)
	}
	return ""
}

// marksNotFromWrong is MarkMistakes without the marks a wrong digit took
// out itself: placing a wrong 9 takes 9 from its peers' marks, and the
// peers whose digit is 9 were then said to have marks of the player's
// that "leave out a digit they can hold".
func marksNotFromWrong(g *game.Game, wrong []int) []int {
	b, geo := g.Board(), g.Geometry()
	var out []int
	for _, i := range g.MarkMistakes() {
		d := g.SolutionDigit(i)
		caused := false
		for _, w := range wrong {
			caused = caused || b.Cells[w] == d && slices.Contains(geo.Peers(w), int16(i))
		}
		if !caused {
			out = append(out, i)
		}
	}
	return out
}

// sharedUnit is the first unit (row, column, box, region or diagonal) of
// geo that holds cells i and j, or -1.
func sharedUnit(geo *solver.Geometry, i, j int) int {
	for _, u := range geo.CellUnits(i) {
		if slices.Contains(geo.CellUnits(j), u) {
			return int(u)
		}
	}
	return -1
}

// mistakeText names the wrong digits at the cells wrong of board b: one
// that breaks a rule by the clash it makes ("r1c4's 3 clashes with the 3
// in r1c5"), the others as wrong.
func mistakeText(geo *solver.Geometry, b solver.Board, wrong []int) string {
	var parts []string
	var others []int
	said := map[[2]int]bool{}  // a clash is said once, not again from its other cell
	saidCage := map[int]bool{} // so is a cage's wrong sum, not again for each of its wrong cells
	for _, i := range wrong {
		v := b.Cells[i]
		clash := -1
		for _, j := range geo.Peers(i) {
			if b.Cells[j] == v {
				clash = int(j)
				break
			}
		}
		if clash < 0 {
			if t := cageMistake(geo, b, i, wrong); t != "" {
				if k := geo.CageOf(i); !saidCage[k] {
					saidCage[k] = true
					parts = append(parts, t)
				}
			} else {
				others = append(others, i)
			}
			continue
		}
		if said[[2]int{clash, i}] {
			continue
		}
		said[[2]int{i, clash}] = true
		sym := string(solver.Symbol(v))
		text := fmt.Sprintf("%s's %s clashes with the %s in %s", geo.CellName(i), sym, sym, geo.CellName(clash))
		// Where: the unit both lie in ("in box 5"), or a killer's cage
		// alone (in other rows, columns and boxes, the clash was not to be
		// seen).
		if u := sharedUnit(geo, i, clash); u >= 0 {
			text += ", in " + geo.UnitName(u)
		} else if k := geo.CageOf(i); k >= 0 && k == geo.CageOf(clash) {
			text += ", in the " + geo.CageName(k)
		}
		parts = append(parts, text)
	}
	if len(others) > 0 {
		parts = append(parts, fmt.Sprintf("%s %s", cellList(geo, others), plural(len(others), "holds a wrong digit", "hold wrong digits")))
	}
	return strings.Join(parts, "; ")
}

// work runs slow work (the logical solver on a hard puzzle) off the UI
// goroutine. compute returns what to do with the result on the UI
// goroutine; that is skipped if the board changed meanwhile or newer work
// was asked for. workDone is closed once it is over (for tests).
func (u *UI) work(compute func() func()) {
	u.workGen++
	gen, g, rev := u.workGen, u.game, u.game.Revision()
	done := make(chan struct{})
	u.workDone = done
	go func() {
		defer close(done)
		var show func()
		func() {
			// A fault in the logical solver costs the hint, not the
			// window and the moves since the last save (a trial step on a
			// jigsaw crashed the program).
			defer func() {
				if r := recover(); r != nil {
					fmt.Fprintf(os.Stderr, "sudoku: the next step could not be worked out: %v\n%s", r, debug.Stack())
					show = func() {
						u.setStatus("")
						u.showHintBox("No hint", fmt.Sprintf("The next step could not be worked out (an error in this program: %v). Your game is safe; please report it.", r), false)
					}
				}
			}()
			show = compute()
		}()
		u.doAndWait(func() {
			if u.workGen == gen && u.game == g && g.Revision() == rev && !u.quitting {
				show()
			}
		})
	}()
}

// showHintBox fills the panel's explanation card.
func (u *UI) showHintBox(title, text string, offerUndo bool) {
	u.hintTech = logic.None
	if u.hint != nil && strings.HasPrefix(title, "Hint · ") {
		u.hintTech = u.hint.step.Technique
	}
	u.hintAbout.Hidden = u.hintTech.About() == ""
	u.hintTitle.SetText(title)
	u.hintText.SetText(text)
	u.hintUndo.Hidden = !offerUndo
	u.hintAt = u.game.History()
	u.showHint(true)
	u.hintBox.Refresh()
}

// showHint shows the hint's box, or takes it away. Beside the play
// controls (two columns) it takes the solver's place; in one column the
// pad's and the solver's, below Hint, Check and Reveal (panelColumns lays
// it out), or the solver's alone where the view has room for it under the
// pad: the pad comes back when it goes, and nothing moves.
func (u *UI) showHint(on bool) {
	u.hintBox.Hidden = !on
	u.solverBox.Hidden = on
	below := on && u.panelCols.roomBelowPad() // the pad kept, where there is room under it
	u.panelCols.hintBelow = below
	u.padArea.Hidden = on && !u.panelCols.two && !below
	u.playPanel.Content.Refresh()
	if u.panelCols.two || below {
		return
	}
	if !on {
		u.playPanel.ScrollToTop() // the clock and the pad as they were
		return
	}
	// The box lies from the pad down to the view's foot; on a view too low
	// for that, down to the panel's, and the panel scrolls to show Hint,
	// Check and Reveal at its top with the box below them (the clock
	// goes out of sight only then).
	over := u.playPanel.Content.MinSize().Height - u.playPanel.Size().Height
	if over <= 0 || u.hintBox.Position().Y+u.hintBox.Size().Height <= u.playPanel.Size().Height {
		u.playPanel.ScrollToTop()
		return
	}
	u.playPanel.Offset = fyne.NewPos(0, min(over, u.helpRow.Position().Y))
	u.playPanel.Refresh()
}

// showOneOf shows a and hides b when first is set, and the other way
// round otherwise (the one to go first, so the two never show together).
func showOneOf(first bool, a, b fyne.CanvasObject) {
	if !first {
		a, b = b, a
	}
	b.Hide()
	a.Show()
}

// clearHint takes a shown hint away.
func (u *UI) clearHint() {
	if u.hint == nil && u.hintBox.Hidden {
		return
	}
	u.hint = nil
	u.showHint(false)
	if u.walk == nil && u.run == nil {
		u.board.SetHighlight(nil)
	}
}

// undoToCorrect takes back moves until the position is correct again.
func (u *UI) undoToCorrect() {
	n := u.game.UndoToCorrect()
	u.clearHint()
	u.setStatus(fmt.Sprintf("Took back %s; every digit on the board is right now.", count(int64(n), "move")))
	u.focusBoard()
}

// sharedUnits lights the units that hold two cells or more of cells:
// the area a wing lies in.
func sharedUnits(geo *solver.Geometry, cells []bool) []bool {
	area := make([]bool, len(cells))
	for u := range geo.NumUnits() {
		n := 0
		for _, c := range geo.Unit(u) {
			if cells[c] {
				n++
			}
		}
		if n >= 2 {
			for _, c := range geo.Unit(u) {
				area[c] = true
			}
		}
	}
	return area
}

// stepHighlight turns a step into what the board shows: its units shaded,
// its cells outlined, pattern candidates in green, the other colour's in
// blue, eliminations in red and placements in the target colour. Cells the
// step involves show their candidates even if the player has not
// pencilled them.
func stepHighlight(st logic.Step, board solver.Board, cands []uint32) *Highlight {
	h := newHighlight(len(board.Cells))
	h.HasMarks = true
	for _, un := range st.Units {
		for _, c := range board.Geo.UnitCells(un) {
			h.Area[c] = true
		}
	}
	show := func(i int) {
		if board.Cells[i] == 0 {
			h.Marks[i] = game.Marks(cands[i])
		}
	}
	for _, c := range st.Cells {
		h.Pattern[c] = true
		show(c)
	}
	for _, c := range st.Pattern {
		h.MarkOn[c.Cell] |= 1 << c.Digit
		show(c.Cell)
	}
	for _, c := range st.Other {
		h.MarkOther[c.Cell] |= 1 << c.Digit
		show(c.Cell)
	}
	for _, c := range st.Eliminations {
		h.MarkOff[c.Cell] |= 1 << c.Digit
		h.Target[c.Cell] = true
		show(c.Cell)
	}
	for _, c := range st.Placements {
		h.MarkSet[c.Cell] = c.Digit
		h.Target[c.Cell] = true
	}
	litCauses(h, st, board)
	return h
}

// litCauses lights, for a hidden single, why the digit has one place
// left: for every other empty cell of the unit, a digit placed where it
// sees that cell (the hint said where the digit goes, never why: the
// digits that rule the rest out were not lit). A cell ruled out by a
// candidate an earlier step removed has no such digit, and gets none.
//
// So for the direct steps, whose single comes in their last unit once the
// set or the intersection rules its cells out (the cells of the pair, the
// candidates the pointing takes): the other cells there were left
// unexplained ("2 can only go in r9c7", the 2 that rules out r1c7 not
// lit).
func litCauses(h *Highlight, st logic.Step, board solver.Board) {
	ruled := map[int]bool{} // cells the step itself rules out
	switch st.Technique {
	case logic.HiddenSingleBox, logic.HiddenSingleRow, logic.HiddenSingleColumn:
		if len(st.Units) != 1 {
			return
		}
	case logic.DirectHiddenPair, logic.DirectHiddenTriple, logic.DirectPointing, logic.DirectClaiming:
		for _, c := range st.Cells {
			ruled[c] = true
		}
		for _, c := range st.Other {
			ruled[c.Cell] = true
		}
	default:
		return
	}
	if len(st.Placements) != 1 || len(st.Units) == 0 {
		return
	}
	target, d := st.Placements[0].Cell, st.Placements[0].Digit
	for _, c16 := range board.Geo.UnitCells(st.Units[len(st.Units)-1]) {
		c := int(c16)
		if c == target || board.Cells[c] != 0 || ruled[c] {
			continue
		}
		for _, p := range board.Geo.Peers(c) {
			if board.Cells[p] == d {
				h.Pattern[p] = true
				break
			}
		}
	}
}

func cellList(geo *solver.Geometry, cells []int) string {
	s := ""
	for k, c := range cells {
		switch {
		case k == 3:
			return s + fmt.Sprintf(" and %d more", len(cells)-3)
		case k > 0 && k == len(cells)-1:
			s += " and "
		case k > 0:
			s += ", "
		}
		s += geo.CellName(c)
	}
	return s
}

// walkthrough is the step-by-step logical solution of the puzzle.
type walkthrough struct {
	steps []logic.Step
	board []solver.Board // board[k] is the position before step k
	cands [][]uint32     // and its candidates
	k     int
	// game, moves and note are the game and its history it was worked
	// out for, and what the status line said of its start
	game  *game.Game
	moves int
	note  string
}

// Walkthrough shows the puzzle's whole logical solution one step at a
// time, forward and back, with each step explained.
func (u *UI) Walkthrough() {
	u.stopSolve()
	u.clearHint()
	g := u.game
	if g.Editing() {
		return
	}
	if w := u.lastWalk; w != nil && w.game == g && w.moves == g.History() && u.run == nil {
		// Back at the step it was left at: nothing moved since.
		u.walk = w
		u.showWalkPanel(true)
		u.showWalkStep()
		u.focusBoard()
		u.setStatus(w.note)
		return
	}
	// From the player's position when every entry is right (it started
	// from the givens, whatever the player had done); from the givens
	// when the board has a mistake, which the steps would not explain.
	// From the player's position, their pencil marks count too where a
	// cell has some (the eliminations they and the hints made were made
	// again as the walkthrough's first steps); marks that leave out a
	// cell's digit are mended there, as a hint mends them.
	givens, note := g.Givens(), ""
	var cands []uint32
	if b, marks := g.Position(); g.Solutions() == 1 && !g.Won() && (filled(b) > filled(givens) || marked(b, marks)) {
		if len(g.Mistakes()) == 0 {
			var mended []int
			givens, cands, mended = mendedPosition(g)
			note = walkFromHere
			if len(mended) > 0 {
				// Said, as a hint says it.
				note = fmt.Sprintf(walkMended, cellList(g.Geometry(), mended))
			}
		} else {
			// Which cells: the hint names them, the walkthrough did not.
			note = fmt.Sprintf(walkFromGivens, cellList(g.Geometry(), g.Mistakes()))
		}
	}
	u.setStatus("Working out the logical solution…")
	moves := g.History()
	u.work(func() func() {
		steps, c, err := walkSteps(givens, cands)
		w := &walkthrough{steps: steps, game: g, moves: moves, note: note}
		b := givens.Clone()
		for _, st := range steps {
			w.board = append(w.board, b.Clone())
			w.cands = append(w.cands, slices.Clone(c))
			st.ApplyBoard(b, c)
		}
		w.board = append(w.board, b)
		w.cands = append(w.cands, c)
		return func() {
			u.setStatus("")
			if err != nil {
				u.showError("No logical solution", err)
				return
			}
			if u.run != nil {
				return // a solver started meanwhile has the board
			}
			u.walk = w
			u.showWalkPanel(true)
			u.showWalkStep()
			u.focusBoard()
			u.setStatus(note)
		}
	})
}

// walkSteps is the logical solution from board b with the candidates
// cands (nil: those of b's symbols), and the candidates it starts from:
// on a classic board with one engine for the whole path
// (logic.SolveFrom), on others a step at a time, as hints ask; where
// those stop short of the end (no step applies from the marks), it is the
// solution from b's symbols.
func walkSteps(b solver.Board, cands []uint32) ([]logic.Step, []uint32, error) {
	if cands != nil {
		pos, c := b.Clone(), slices.Clone(cands)
		var steps []logic.Step
		if g, ok := b.ToGrid(); ok {
			// One engine for the whole path (its caches kept).
			var gc solver.Candidates
			for i, m := range cands {
				gc[i] = solver.Set(m)
			}
			steps = logic.SolveFrom(g, gc)
			for _, st := range steps {
				st.ApplyBoard(pos, c)
			}
		} else {
			for filled(pos) < len(pos.Cells) {
				st, ok := logic.NextBoardStep(pos, c)
				if !ok {
					break
				}
				steps = append(steps, st)
				st.ApplyBoard(pos, c)
			}
		}
		if filled(pos) == len(pos.Cells) {
			return steps, slices.Clone(cands), nil
		}
	}
	steps, err := logic.SolveBoard(b)
	return steps, b.Candidates(), err
}

// mendedPosition is the game's position for the logic, as hints and the
// walkthrough reason from it: its symbols, and each empty cell's pencil
// marks (all its candidates where it has none), but where the marks leave
// out the cell's digit, all its candidates less those that applied hints
// took out (proved, and never the cell's digit); mended lists those
// cells. With the hints' digits given back, the next hint was the one
// just applied, and applying it again changed nothing: Hint went round
// for ever.
func mendedPosition(g *game.Game) (b solver.Board, cands []uint32, mended []int) {
	b, marks := g.Position()
	cands = make([]uint32, len(marks))
	for i, m := range marks {
		cands[i] = uint32(m)
	}
	mended = g.MarkMistakes()
	full := b.Candidates()
	for _, i := range mended {
		cands[i] = full[i] &^ uint32(g.Helped(i))
		if d := g.SolutionDigit(i); d != 0 && cands[i]&(1<<d) == 0 {
			cands[i] = full[i] // (a hint cannot take the cell's digit; should one have, the cell keeps all)
		}
	}
	return b, cands, mended
}

// marked reports whether the candidates of a position (its symbols and
// pencil marks) leave out one that b's symbols allow.
func marked(b solver.Board, cands []game.Marks) bool {
	full := b.Candidates()
	for i, m := range cands {
		if b.Cells[i] == 0 && uint32(m) != full[i] {
			return true
		}
	}
	return false
}

// filled counts the symbols on b.
func filled(b solver.Board) int {
	n := 0
	for _, d := range b.Cells {
		if d != 0 {
			n++
		}
	}
	return n
}

// WalkStep moves the walkthrough d steps forward (or back).
func (u *UI) WalkStep(d int) {
	if u.walk == nil {
		return
	}
	u.walk.k = min(max(u.walk.k+d, 0), len(u.walk.steps))
	u.showWalkStep()
	if u.walk.k >= len(u.walk.steps)-1 && u.game.SolutionSeen(game.HelpWalkthrough) { // (its last step shows every cell)
		// The whole solution on the board: a finish after it is no clean
		// win (it was a best time and a streak).
		u.setStatus("The step-by-step solution is at its end: your game now counts as solved with help.")
		u.save()
	}
}

func (u *UI) showWalkStep() {
	w := u.walk
	k := w.k
	u.board.SetWalkOverlay(w.board[k].Cells, marksOf(w.cands[k]))
	u.walkBack.Disable()
	if k > 0 {
		u.walkBack.Enable()
	}
	u.walkNext.Disable()
	if k < len(w.steps) {
		u.walkNext.Enable()
		st := w.steps[k]
		u.board.SetHighlight(stepHighlight(st, w.board[k], w.cands[k]))
		u.walkCount.SetText(fmt.Sprintf("Step %d of %d", k+1, len(w.steps)))
		u.walkTitle.SetText(fmt.Sprintf("%s (%.1f)", st.Title(), st.Score))
		u.walkText.SetText(st.Text + colourKey(st))
		return
	}
	u.board.SetHighlight(nil)
	var hardest logic.Step
	for _, st := range w.steps {
		if st.Score > hardest.Score {
			hardest = st
		}
	}
	u.walkCount.SetText(fmt.Sprintf("%d steps", len(w.steps)))
	u.walkTitle.SetText("Solved")
	u.walkText.SetText(fmt.Sprintf("Solved in %d steps. The hardest was %s (%.1f).", len(w.steps), hardest.Title(), hardest.Score))
}

// showWalkPanel puts the walkthrough's panel in the place of the panel of
// play, or back.
func (u *UI) showWalkPanel(on bool) { showOneOf(on, u.walkPanel, u.playPanel) }

// walkOpenText answers a move tried while the walkthrough is open: it
// shows another position than the game's, so nothing is played.
const walkOpenText = "The walkthrough is open: Esc or Back to the game returns to your game."

// What the status line says about where the walkthrough starts.
const (
	walkFromHere   = "The walkthrough goes on from your position; Esc returns to your game."
	walkMended     = "The walkthrough goes on from your position, with all the candidates of %s (your marks leave out a digit); Esc returns to your game."
	walkFromGivens = "Your board has a mistake (%s), so the walkthrough starts from the givens; Esc returns to your game."
)

func (u *UI) walkOpen() { u.setStatus(walkOpenText) }

// closeWalkthrough returns to the game.
func (u *UI) closeWalkthrough() {
	if u.walk == nil {
		return
	}
	u.lastWalk, u.walk = u.walk, nil
	u.showWalkPanel(false)
	if t := u.status.Text; t == walkOpenText || t == walkFromHere || strings.HasSuffix(t, "; Esc returns to your game.") {
		u.setStatus("") // no longer true
	}
	u.board.SetOverlay(nil, nil)
	u.board.SetHighlight(nil)
	u.focusBoard()
}

// joinWords joins words as "a", "a and b", "a, b and c" (with "or" for
// conj "or").
func joinWords(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// count writes n and its noun: "1 backtrack", "2,048 backtracks".
func count(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return lab.Thousands(n) + " " + noun + "s"
}

// inSentence writes a technique's name as it reads inside a sentence:
// "a hidden single (box)", "pointing", not "a Hidden single (box)"; names
// of people and capitals stay ("an X-Wing", "a Turbot fish", "BUG").
func inSentence(name string) string {
	if len(name) < 2 || name[0] < 'A' || name[0] > 'Z' || name[1] < 'a' || name[1] > 'z' ||
		strings.HasPrefix(name, "Nishio") || strings.HasPrefix(name, "Turbot") {
		return name
	}
	return string(name[0]+'a'-'A') + name[1:]
}

// article is "a" or "an" for word.
// withArticle puts "a" or "an" before a name, or nothing before a plural.
func withArticle(name string) string {
	if a := article(name); a != "" {
		return a + " " + name
	}
	return name
}

func article(word string) string {
	// A plural name takes none: "Look for cell forcing chains", not "a
	// Cage combinations".
	last := strings.Fields(strings.TrimSpace(strings.Split(word, "(")[0]))
	if n := len(last); n > 0 && strings.HasSuffix(last[n-1], "s") && !strings.HasSuffix(last[n-1], "ss") {
		return ""
	}
	// A name for an action takes none: "Look for pointing", not "a
	// Pointing".
	if n := len(last); n > 0 && (strings.EqualFold(last[n-1], "pointing") || strings.EqualFold(last[n-1], "claiming")) {
		return ""
	}
	// "a Unique rectangle": the vowel is said "you".
	if strings.HasPrefix(strings.ToLower(word), "uni") {
		return "a"
	}
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	if len(word) > 1 && word[0] == 'X' && (word[1] == '-' || word[1] >= 'A' && word[1] <= 'Z') {
		return "an" // "an X-Wing", "an XY-chain": the letter is said "ex"
	}
	return "a"
}

// colourKey says what a chain's colours mean on the board (a chain's
// candidates come in green, blue and red, which nothing explained): the
// empty string for a step without links.
func colourKey(st logic.Step) string {
	if len(st.Links) == 0 {
		return ""
	}
	key := " On the board, the chain's links set the green digits and rule out the blue ones"
	switch {
	case len(st.Eliminations) > 0:
		key += "; the red ones go."
	case len(st.Placements) > 0:
		key += "; the cell it fills is lit in yellow." // no red: nothing goes
	default:
		key += "."
	}
	return key
}
