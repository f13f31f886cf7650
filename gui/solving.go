package gui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// SetAlgorithm picks the algorithm the Solve button runs.
func (u *UI) SetAlgorithm(a solver.Algorithm) {
	if u.run != nil {
		return // the run goes on with its own
	}
	u.algo = a
	u.settings.Algorithm = string(a)
	u.save()
	if u.algoSelect.Selected != algoTitle(a) {
		u.algoSelect.SetSelected(algoTitle(a))
	}
	if u.menus != nil {
		u.menus.refresh()
	}
}

// SetSpeed picks how fast the live solver shows its work; it applies to a
// running solver at once.
func (u *UI) SetSpeed(i int) {
	if i < 0 || i >= len(speeds) {
		return
	}
	u.speed = i
	u.settings.Speed = &i
	u.save()
	if u.speedSel.Selected != speeds[i].name {
		u.speedSel.SetSelected(speeds[i].name)
	}
	if u.run != nil {
		u.run.setSpeed(speeds[i].perSecond)
	}
	u.updateSolveButtons()
	if u.menus != nil {
		u.menus.refresh()
	}
}

// ToggleSolve starts the solver, or stops it if it runs.
func (u *UI) ToggleSolve() {
	if u.run != nil {
		u.StopSolve()
		return
	}
	u.Solve()
}

// Solve runs the solver, first asking where a run to the end would take
// a clean win away: a game under way, or one not begun while its level
// has a streak going, no help taken yet (Ctrl+Enter, next to Enter, gave
// the win up unasked, where Show Solution asks; one click on Solve, on a
// puzzle not yet begun, ended a streak of wins).
func (u *UI) Solve() {
	g := u.game
	if u.run == nil && g != nil && !g.Won() && !g.Editing() && !g.Assisted() && (g.CanUndo() || u.streakLoss(g) != "") && !u.paused() && u.labRuns == 0 {
		u.showRisky("Run the solver?", "Its answer is the whole solution: your game would then count as solved with help"+u.streakLoss(g)+" (not if you stop it before the end).",
			"Solve", "Keep Playing", func(ok bool) {
				if ok {
					u.StartSolve()
				}
			})
		return
	}
	u.StartSolve()
}

// StartSolve runs the chosen algorithm on the puzzle's givens in a
// goroutine, showing its placements and removals live. It returns the run
// (for tests to wait on).
func (u *UI) StartSolve() *solveRun {
	if u.game.Editing() {
		u.setStatus("Finish entering the puzzle first.")
		return nil
	}
	if u.run != nil {
		return u.run
	}
	if u.labRuns > 0 {
		// The Lab times its runs alone (a Lab run stops this solver too).
		u.setStatus("The Algorithm Lab is timing its runs: Solve once they end (Stop or Esc there).")
		return nil
	}
	if u.paused() {
		return nil
	}
	u.closeWalkthrough()
	u.clearHint()
	u.board.SetHighlight(nil)
	algo, note := u.algo, ""
	if algo == solver.Fast && !u.game.Geometry().IsClassic() {
		// fast is the classic 9×9 accelerator: on other shapes cp runs
		algo, note = solver.CP, " (fast is for classic 9×9)"
	}
	r := newSolveRun(context.Background(), algo, u.game.Givens(), speeds[u.speed].perSecond)
	u.run = r
	u.board.SetOverlay(r.board0, nil)
	u.updateSolveButtons()
	u.setStatus(fmt.Sprintf("Solving with %s%s… Esc stops.", algo, note))
	r.run(func(f frame, fresh bool) { u.showFrame(r, f, fresh) }, u.finishSolve)
	return r
}

// StopSolve cancels the running solver; it stops within milliseconds and
// the board shows where it got to.
func (u *UI) StopSolve() {
	if u.run != nil {
		u.run.cancel()
	}
}

// Step lets a solver in step mode make its next change.
func (u *UI) Step() {
	if u.run != nil {
		u.run.Step()
	}
}

// stopSolve abandons a running solver without waiting for it (the window
// moves on to another game).
func (u *UI) stopSolve() {
	if r := u.run; r != nil {
		r.cancel()
		// Its figures say it was stopped (a hint or a new game stopped it
		// without a word, the live figures left as they were).
		if !u.quitting {
			r.mu.Lock()
			shown := r.shown
			r.mu.Unlock()
			u.solveStats.SetText(statsText(r.shownStats, shown, false) + " · stopped")
		}
		u.run = nil
		u.updateSolveButtons()
		if strings.HasPrefix(u.status.Text, "Solving with ") || u.status.Text == solverHasBoard {
			u.setStatus("") // it said so about a board that is gone
		}
	}
}

// leaveOverlay returns the board from a solver's result (or the
// walkthrough) to the game.
func (u *UI) leaveOverlay() {
	if u.run != nil {
		return
	}
	if u.walk != nil {
		u.closeWalkthrough()
	}
	if u.board.overlay != nil || u.board.highlight != nil {
		if u.board.overlay != nil {
			u.setStatus("") // what it said was about the solver's board
		}
		u.board.SetOverlay(nil, nil)
		u.board.SetHighlight(nil)
		// the last run's figures stay to read until the next run or
		// game (they went with its board, a stopped run's too)
	}
	if u.statsShown {
		// The panel, scrolled down to show a run's figures, comes back
		// to its top with the game: the level line and the clock stayed
		// out of sight.
		u.statsShown = false
		u.playPanel.ScrollToTop()
	}
}

func (u *UI) showFrame(r *solveRun, f frame, fresh bool) {
	if u.run != r || r.ctx.Err() != nil {
		// Stopped: the board keeps what was on screen at Stop, not the
		// moves the search made before it noticed.
		return
	}
	r.shownStats = f.stats
	if fresh {
		r.board0 = f.board
		var h *Highlight
		if f.last >= 0 {
			h = newHighlight(len(f.board))
			h.Target[f.last] = true
		}
		u.board.highlight = h
		u.board.overlay = f.board
		u.board.Refresh()
		if f.what != "" && strings.HasPrefix(u.status.Text, "Solving with ") {
			u.setStatus(fmt.Sprintf("Solving with %s: %s. Esc stops.", r.algo, f.what))
		}
	}
	// Only a change is drawn: while the solver waits for Step or its
	// pace, its figures stand still, and a label set 60 times a second
	// kept the renderer busy (three quarters of a core in software) for
	// nothing to see.
	if text := statsText(f.stats, f.elapsed, true); text != u.solveStats.Text {
		u.solveStats.SetText(text)
	}
}

// stopGrace is how long after a run ends by itself the Solve button (Stop
// until then) ignores a click: one meant for Stop.
const stopGrace = 600 * time.Millisecond

func (u *UI) finishSolve(r *solveRun) {
	if u.run != r {
		return
	}
	u.run = nil
	u.runEnded = time.Now()
	u.updateSolveButtons()
	if r.ctx.Err() != nil && r.result.Status == solver.Solved {
		// Stopped, but the search went on to the end before it noticed
		// (cp, in step mode, takes a few moves more): it stopped where
		// the board showed it, as the player asked.
		r.result.Status = solver.Cancelled
	}
	res := r.result
	u.board.highlight = nil
	stats := res.Stats
	if res.Status == solver.Cancelled {
		stats = r.shownStats // those of the board it shows
	}
	took := r.finalTime()
	u.solveStats.SetText(statsText(stats, took, false))
	u.revealStats()
	status := showResult(u.board, r)
	switch res.Status {
	case solver.Solved:
		helped := ""
		if sameBoard(r.givens, u.game.Givens()) && u.game.SolutionSeen(game.HelpSolver) {
			// The whole solution was on the board: a win after it is
			// no clean win (Solve's shortcut spoiled a record unasked).
			helped = " Your game now counts as solved with help."
			u.save()
		}
		// The time includes the live display's share (a class compared it
		// with sudoku solve's, two or more times shorter, and asked why).
		paced := ""
		if r.speed.Load() != 0 {
			// Not the seconds watched: "7.17ms" after an animation of
			// more than a second read as a mistake.
			paced = " (the pauses of its pace not counted)"
		}
		u.setStatus(fmt.Sprintf("Solved by %s in %s of search, the live display's work included%s.%s Esc or a click returns to your game.", r.algo, lab.FormatDuration(took), paced, helped))
	case solver.Cancelled:
		u.setStatus(fmt.Sprintf("Stopped %s after %s of search; the board shows where it was and the candidates left. Esc or a click returns to your game.", r.algo, lab.FormatDuration(took)))
	case solver.Unsolvable:
		// Why, as sudoku solve says it (the panel promised "Solve shows
		// why", and the board alone left the player to find the unit with
		// no place for a digit): the cell or unit lit, and the given most
		// likely mistyped.
		// (showResult put the cells the singles leave on the board; the
		// search's result holds their candidates.)
		why, where := logic.Unsolvable(r.givens.Geo, r.board0, r.result.Candidates)
		typo, givens := logic.Typo(context.Background(), r.givens)
		if len(where) > 0 || len(givens) > 0 {
			// The unit (or cell) lit, and the givens the typo names
			// marked, as a hint marks the cells that make its step.
			h := newHighlight(len(r.givens.Cells))
			for _, i := range where {
				h.Target[i] = true
			}
			for _, i := range givens {
				h.Pattern[i] = true
			}
			u.board.SetHighlight(h)
		}
		text := fmt.Sprintf("%s searched the whole tree and found no solution: %s", r.algo, why)
		if res.Iterations == 0 {
			// No guess was made: the singles alone broke the board
			// ("searched the whole tree" over 0 iterations).
			text = fmt.Sprintf("%s found no solution before any guess: %s", r.algo, why)
		}
		if typo != "" {
			text += "\n" + typo
		}
		u.setStatus("No solution: " + why + " The board shows the candidates left after propagating singles.")
		u.showMessage("No solution", messageBody(nil, text+"\nThe board shows the candidates that remain."), "OK")
	case solver.Invalid:
		u.showError("The puzzle breaks the rules", errors.New(status))
	}
}

// revealStats scrolls the panel, where it is too low to show whole, just
// enough for a finished run's figures to show: their last line, with the
// time, lay below the fold at the first window size with the puzzle list
// open. (Not while the run goes on: Stop stays under the pointer.)
func (u *UI) revealStats() {
	u.playPanel.Refresh() // laid out with the figures' lines first
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(u.solveStats).Y - d.AbsolutePositionForObject(u.playPanel.Content).Y
	foot := top + u.solveStats.MinSize().Height
	if view := u.playPanel.Size().Height; view > 0 && foot > u.playPanel.Offset.Y+view {
		u.playPanel.Offset.Y = foot - view
		u.playPanel.Refresh()
		u.statsShown = true
	}
}

// keepFocusInView scrolls the panel to the control that has the keyboard
// focus, when that changed since the last look: Tab reached the speed
// list and Solve below the fold of a low window, out of sight. (Fyne
// tells nothing of a focus change: the clock looks four times a second.)
func (u *UI) keepFocusInView() {
	f := u.win.Canvas().Focused()
	if f == u.lastFocus {
		return
	}
	u.lastFocus = f
	obj, ok := f.(fyne.CanvasObject)
	if !ok || u.playPanel == nil || len(u.modals) > 0 {
		return
	}
	d := fyne.CurrentApp().Driver()
	at, in := d.AbsolutePositionForObject(obj), d.AbsolutePositionForObject(u.playPanel.Content)
	if size := u.playPanel.Content.Size(); at.X < in.X || at.X >= in.X+size.Width || at.Y < in.Y || at.Y >= in.Y+size.Height {
		return // not in the panel (the board, the list)
	}
	top := at.Y - in.Y
	foot, view := top+obj.Size().Height, u.playPanel.Size().Height
	switch {
	case view <= 0:
	case top < u.playPanel.Offset.Y:
		u.playPanel.Offset.Y = top
		u.playPanel.Refresh()
	case foot > u.playPanel.Offset.Y+view:
		u.playPanel.Offset.Y = foot - view
		u.playPanel.Refresh()
	}
}

// showResult puts a finished run on a board: the solution; where a stopped
// search was, with that position's candidates; or, with no solution, the
// candidates left after propagating singles (002's UNSOLVED grid). It
// returns the outcome in a few words.
func showResult(b *Board, r *solveRun) string {
	res := r.result
	switch res.Status {
	case solver.Solved:
		r.board0 = res.Solution.Cells
		b.SetOverlay(r.board0, nil)
		return "solved"
	case solver.Cancelled:
		b.SetOverlay(r.board0, marksOf(solver.Board{Geo: r.givens.Geo, Cells: r.board0}.Candidates()))
		return "stopped"
	case solver.Unsolvable:
		// The digits the singles placed, with the candidates they left
		// (the UNSOLVED grid of sudoku solve): with the givens alone,
		// every cell they filled showed as a ✕, a cell with no digit.
		cells, cands := solver.PropagatedBoard(r.givens)
		r.board0 = cells
		b.SetOverlay(r.board0, marksOf(cands))
		return "no solution"
	}
	b.SetOverlay(nil, nil)
	return "invalid: " + res.Err.Error()
}

// statsText is the solver's figures, live (with the current depth) or
// final, in three short lines, as the panel keeps room for: two long ones
// wrapped to four at the first window size, the time below the fold.
// (The algorithm is the one chosen above them.)
func statsText(s solver.Stats, d time.Duration, live bool) string {
	depth := fmt.Sprintf("max depth %d", s.MaxDepth)
	if live {
		depth = fmt.Sprintf("depth %d (max %d)", s.Depth, s.MaxDepth)
	}
	return fmt.Sprintf("%s\n%s\n%s · %s", count(s.Iterations, "iteration"), count(s.Backtracks, "backtrack"), depth, lab.FormatDuration(d))
}

func (u *UI) updateSolveButtons() {
	if u.run != nil {
		u.solveBtn.SetText("Stop")
		u.solveBtn.SetIcon(theme.MediaStopIcon())
		u.solveBtn.Importance = widget.DangerImportance
	} else {
		u.solveBtn.SetText("Solve")
		u.solveBtn.SetIcon(theme.MediaPlayIcon())
		u.solveBtn.Importance = widget.HighImportance
	}
	u.solveBtn.Refresh()
	// Not while paused, nor while a puzzle is being typed in (it has no
	// givens to solve yet: Start first).
	enable(u.solveBtn, u.run != nil || !u.game.Paused() && !u.game.Editing())
	// The algorithm cannot change under a run (the choice showed mrv
	// while dfs went on to the end); the speed can, and applies at once.
	enable(u.algoSelect, u.run == nil)
	if u.run != nil && speeds[u.speed].perSecond < 0 {
		u.stepBtn.Enable()
	} else {
		u.stepBtn.Disable()
	}
	if u.menus != nil {
		u.menus.refresh()
	}
}

// marksOf is a candidate grid (bit d for symbol d) as the board's marks.
func marksOf(cands []uint32) []game.Marks {
	out := make([]game.Marks, len(cands))
	for i, m := range cands {
		out[i] = game.Marks(m)
	}
	return out
}
