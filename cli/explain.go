package cli

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

func init() {
	register("explain", "explain the solution of puzzles step by step", runExplain)
}

type explanation struct {
	steps  []logic.Step
	mended []*logic.CandidateError // a position's candidates that left out the solution's digit
	err    error
}

func runExplain(e *env, args []string) int {
	fs := newFlags(e, "explain", "[flags] FILE... (- reads standard input)")
	e.skipFlag(fs)
	jobs := intFlag(fs, "j", runtime.NumCPU(), "work on `N` cores")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	// Boards of any shape: a classic file's puzzles are converted as they
	// go, a file of other shapes is read as boards.
	var list []solver.BoardPuzzle
	from := map[int]*solver.Candidates{} // the puzzles given as grids of candidates
	readOK := true
	if anyBoardFile(e, files) {
		list, readOK = readBoardInputs(e, files)
	} else {
		var ins []input
		ins, readOK = readInputs(e, files)
		for _, in := range ins {
			for i := range in.puzzles.Len() {
				p := in.puzzles.At(i)
				if p.Cands != nil {
					from[len(list)] = p.Cands
				}
				list = append(list, solver.BoardPuzzle{Name: p.Name, Named: p.Named, Board: solver.BoardOf(p.Grid), Line: p.Line})
			}
		}
	}
	out := newRecordWriter(e.stdout)
	bar := newProgressBar(e.stderr, "explaining", len(list))
	failed := false
	// A failed write (a full disk) stops the run at once.
	run, stop := context.WithCancel(context.Background())
	defer stop()
	runOrdered(run, len(list), *jobs, func(i int) explanation {
		var v explanation
		if c := from[i]; c != nil {
			// A position with its candidates: the path from there.
			g, _ := list[i].Board.ToGrid()
			v.steps, v.mended, v.err = logic.SolveFromChecked(g, *c)
		} else {
			v.steps, v.err = logic.SolveBoard(list[i].Board)
		}
		bar.add(1)
		return v
	}, func(i int, v explanation) {
		p := list[i]
		if i > 0 {
			out.WriteByte('\n')
		}
		if p.Board.Geo.IsClassic() {
			fmt.Fprintf(out, "Puzzle %s: %s\n", p.Name, p.Board)
		} else {
			fmt.Fprintf(out, "Puzzle %s (%s): %s\n", p.Name, p.Board.Geo.Name(), p.Board.SoloID())
		}
		rating := "Rating"
		if c := from[i]; c != nil && v.err == nil {
			g, _ := p.Board.ToGrid()
			cands := *c
			for _, m := range v.mended {
				cands[m.Cell] = solver.All // all its candidates, as explained
			}
			out.WriteString(candidatesNote(g, cands))
			for _, m := range v.mended {
				// as the window's hints reason from such pencil marks
				fmt.Fprintf(out, "Where %s: all its candidates are used\n", m)
			}
			rating = "Rating from there"
		}
		if v.err != nil {
			failed = true
			fmt.Fprintf(out, "%s: %v\n", failWord(v.err), v.err)
			if errors.Is(v.err, logic.ErrNoSolution) {
				if !p.Board.Geo.Killer() { // (a killer's error says why)
					why, _ := logic.NoSolutionWhy(p.Board)
					fmt.Fprintf(out, "Why: %s.\n", why)
				}
				out.WriteString(givensToBlame(p.Board, solver.Unsolvable))
			}
			out.done()
			return
		}
		var hardest logic.Step
		for _, st := range v.steps {
			if st.Score > hardest.Score {
				hardest = st
			}
		}
		if len(v.steps) == 0 {
			fmt.Fprintf(out, "%s: %s, ER 0.0, already solved: no step to take\n", rating, logic.LevelOf(0))
			out.done()
			return
		}
		level, scale := logic.LevelOf(hardest.Score), "ER"
		if !p.Board.Geo.IsClassic() {
			// as rate and the window rate other shapes: by technique, up to
			// insane, on our scale (a killer needing trial was "extreme, ER
			// 20.0" here and "insane 20.0" in rate)
			level, scale = logic.BoardLevel(hardest.Technique), "score"
		}
		fmt.Fprintf(out, "%s: %s, %s %.1f, hardest step %s, %s\n", rating, level, scale, hardest.Score, hardest.Title(), plural(len(v.steps), "step"))
		notes := givenMarksNotes(p.Board, from[i], v)
		for k, st := range v.steps {
			fmt.Fprintf(out, "%d. %s (%.1f): %s%s\n", k+1, st.Title(), st.Score, st.Text, notes[k])
		}
		// The grid the steps end on, written as the puzzle is at the top:
		// a solution sheet ended at its last step, and the answer took
		// another command.
		if r := solver.SolveBoard(context.Background(), p.Board, solver.Options{Algorithm: solver.Fast}); r.Status == solver.Solved {
			if p.Board.Geo.IsClassic() {
				fmt.Fprintf(out, "Solution: %s\n", r.Solution)
			} else {
				fmt.Fprintf(out, "Solution: %s\n", r.Solution.SoloID())
			}
		}
		if out.done() != nil {
			stop()
		}
	})
	bar.finish()
	out.Flush()
	return exitStatus(readOK, failed)
}

// givenMarksNotes says, for each step of an explanation from candidates
// given (cands), when it builds on candidates they leave out that the
// digits on the board at that step allow, as the window's hints say of
// pencil marks (logic.MarksNote): step 1 was "In box 1, 6 can only go in
// r2c1" on a grid where 6 had been crossed out of r1c3 by hand, with no
// word of it. Empty strings from the givens alone.
func givenMarksNotes(b solver.Board, cands *solver.Candidates, v explanation) []string {
	notes := make([]string, len(v.steps))
	if cands == nil || !b.Geo.IsClassic() {
		return notes
	}
	b = b.Clone()
	left := make([]uint32, len(b.Cells)) // the candidates the grid leaves out
	full := b.Candidates()
	mended := map[int]bool{}
	for _, m := range v.mended {
		mended[m.Cell] = true
	}
	for i := range left {
		if b.Cells[i] == 0 && !mended[i] {
			left[i] = full[i] &^ uint32(cands[i])
		}
	}
	for k, st := range v.steps {
		now := b.Candidates()
		notes[k] = logic.MarksNote(st, b, func(i int) uint32 {
			if b.Cells[i] != 0 {
				return 0
			}
			return left[i] & now[i]
		}, "the candidates given")
		for _, p := range st.Placements {
			b.Cells[p.Cell] = p.Digit
		}
	}
	return notes
}

// candidatesNote is the line that says a puzzle was read with its
// candidates, and how many of the givens' candidates they leave out.
func candidatesNote(g solver.Grid, c solver.Candidates) string {
	out := 0
	for i, all := range g.Candidates() {
		if g[i] == 0 {
			out += all.Count() - (all & c[i]).Count()
		}
	}
	if out == 0 {
		return "From the candidates given (all that the givens allow)\n"
	}
	return fmt.Sprintf("From the candidates given (a position under way: %s fewer than the givens allow)\n", plural(out, "candidate"))
}
