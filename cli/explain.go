package cli

import (
	"bufio"
	"context"
	"fmt"
	"runtime"

	"example.com/sudoku/solver/logic"
)

func init() {
	register("explain", "explain the solution of puzzles step by step", runExplain)
}

type explanation struct {
	steps []logic.Step
	err   error
}

func runExplain(e *env, args []string) int {
	fs := newFlags(e, "explain", "[flags] FILE... (- reads standard input)")
	jobs := fs.Int("j", runtime.NumCPU(), "work on `N` cores")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	ins, readOK := readInputs(e, files)
	list := collect(ins)
	out := bufio.NewWriter(e.stdout)
	bar := newProgressBar(e.stderr, "explaining", len(list))
	failed := false
	runOrdered(context.Background(), len(list), *jobs, func(i int) explanation {
		steps, err := logic.Solve(list[i].puzzle.Grid)
		bar.add(1)
		return explanation{steps, err}
	}, func(i int, v explanation) {
		p := list[i].puzzle
		if i > 0 {
			out.WriteByte('\n')
		}
		fmt.Fprintf(out, "Puzzle %s: %s\n", p.Name, p.Grid)
		if v.err != nil {
			failed = true
			fmt.Fprintf(out, "%s: %v\n", failWord(v.err), v.err)
			return
		}
		var hardest logic.Step
		for _, st := range v.steps {
			if st.Score > hardest.Score {
				hardest = st
			}
		}
		fmt.Fprintf(out, "Rating: %s, ER %.1f, hardest step %s, %d steps\n", logic.LevelOf(hardest.Score), hardest.Score, hardest.Title(), len(v.steps))
		for k, st := range v.steps {
			fmt.Fprintf(out, "%d. %s (%.1f): %s\n", k+1, st.Title(), st.Score, st.Text)
		}
		if out.Buffered() > 32<<10 {
			out.Flush()
		}
	})
	bar.finish()
	out.Flush()
	return exitStatus(readOK, failed)
}
