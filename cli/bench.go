package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"example.com/sudoku/solver"
)

func init() {
	register("bench", "time a solver on puzzle files, as tdoku's benchmark does", runBench)
}

// benchRow is one file's figures; the JSON keys are part of the command's
// interface.
type benchRow struct {
	File             string  `json:"file"`
	Puzzles          int     `json:"puzzles"`
	Solved           int     `json:"solved"`
	Seconds          float64 `json:"seconds"`
	PuzzlesPerSec    float64 `json:"puzzles_per_sec"`
	MicrosPerPuzzle  float64 `json:"us_per_puzzle"`
	GuessesPerPuzzle float64 `json:"guesses_per_puzzle"`
}

func runBench(e *env, args []string) int {
	fs := newFlags(e, "bench", "[flags] FILE... (- reads standard input)")
	algoName := fs.String("algo", "fast", "algorithm: dfs, mrv, lcv, cp or fast")
	jobs := fs.Int("j", 1, "solve on `N` cores")
	asJSON := fs.Bool("json", false, "print one JSON object per file instead of the table")
	first := fs.Bool("first", false, "stop at the first solution instead of counting up to two")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	algo, err := solver.ParseAlgorithm(*algoName)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bench: %v\n", err)
		return ExitUsage
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	limit := 2
	if *first {
		limit = 1
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if !*asJSON {
		what := "counting up to 2 solutions"
		if *first {
			what = "stopping at the first solution"
		}
		fmt.Fprintf(out, "algorithm %s, %s, %d core(s)\n\n", algo, what, max(*jobs, 1))
		fmt.Fprintf(out, "| %-56s | %8s | %8s | %8s | %11s | %10s | %14s |\n", "file", "puzzles", "solved", "seconds", "puzzles/s", "µs/puzzle", "guesses/puzzle")
		fmt.Fprintf(out, "|%s|%s:|%s:|%s:|%s:|%s:|%s:|\n", dashes(58), dashes(9), dashes(9), dashes(9), dashes(12), dashes(11), dashes(15))
		out.Flush()
	}
	status := ExitOK
	// One file at a time, so only one file's puzzles are in memory.
	for _, name := range files {
		ins, ok := readInputs(e, []string{name})
		if !ok {
			status = ExitUsage
			continue
		}
		grids := make([]solver.Grid, len(ins[0].puzzles))
		for i, p := range ins[0].puzzles {
			grids[i] = p.Grid
		}
		ins = nil
		row := benchFile(grids, algo, limit, *jobs)
		row.File = name
		if *asJSON {
			b, _ := json.Marshal(row)
			out.Write(append(b, '\n'))
		} else {
			fmt.Fprintf(out, "| %-56s | %8d | %8d | %8.3f | %11.1f | %10.2f | %14.2f |\n", filepath.Base(name),
				row.Puzzles, row.Solved, row.Seconds, row.PuzzlesPerSec, row.MicrosPerPuzzle, row.GuessesPerPuzzle)
		}
		out.Flush()
	}
	return status
}

func dashes(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '-'
	}
	return string(b)
}

// benchChunk is how many puzzles a worker takes at a time: large enough
// that taking them costs nothing next to solving them, small enough to
// share the work evenly.
const benchChunk = 256

// benchFile solves every grid up to limit solutions on the given number of
// goroutines and times only that.
func benchFile(grids []solver.Grid, algo solver.Algorithm, limit, workers int) benchRow {
	workers = max(1, min(workers, (len(grids)+benchChunk-1)/benchChunk))
	var next atomic.Int64
	var solved, guesses atomic.Int64
	work := func() {
		var nSolved, nGuesses int64
		for {
			lo := int(next.Add(benchChunk)) - benchChunk
			if lo >= len(grids) {
				break
			}
			for _, g := range grids[lo:min(lo+benchChunk, len(grids))] {
				var n int
				var tried int64
				if algo == solver.Fast {
					n, _, tried = solver.FastCount(g, limit)
				} else {
					r := solver.Solve(context.Background(), g, solver.Options{Algorithm: algo, Limit: limit})
					n, tried = r.Solutions, r.Iterations
				}
				if n > 0 {
					nSolved++
				}
				nGuesses += tried
			}
		}
		solved.Add(nSolved)
		guesses.Add(nGuesses)
	}
	runtime.GC() // leave nothing of the parsing for the timed part to collect
	start := time.Now()
	if workers == 1 {
		work()
	} else {
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work()
			}()
		}
		wg.Wait()
	}
	secs := time.Since(start).Seconds()
	row := benchRow{Puzzles: len(grids), Solved: int(solved.Load()), Seconds: secs}
	if n := float64(len(grids)); n > 0 {
		row.MicrosPerPuzzle = secs * 1e6 / n
		row.GuessesPerPuzzle = float64(guesses.Load()) / n
		if secs > 0 {
			row.PuzzlesPerSec = n / secs
		}
	}
	return row
}
