package cli

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"example.com/sudoku/lab"
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
	// BranchesPerPuzzle counts binary branch points as tdoku counts
	// guesses (fast only; 0 for the other algorithms).
	BranchesPerPuzzle float64 `json:"branches_per_puzzle"`
	Passes            int     `json:"passes"` // timed passes over the file
}

func runBench(e *env, args []string) (status int) {
	fs := newFlags(e, "bench", "[flags] FILE... (- reads standard input)")
	e.skipFlag(fs)
	algoName := fs.String("algo", "fast", "algorithm: dfs, mrv, lcv, cp or fast; dfs+, mrv+, lcv+ are seed 002's (the AI homework's DFS, MRV and LCV, naked and hidden singles at every node)")
	jobs := intFlag(fs, "j", 1, "solve on `N` cores")
	asJSON := fs.Bool("json", false, "print one JSON object per file instead of the table")
	first := fs.Bool("first", false, "stop at the first solution instead of counting up to two")
	minTime := durationFlag(fs, "time", 0, "repeat whole passes over a file until this long is timed (0: one pass)")
	warmup := durationFlag(fs, "warmup", time.Second, "solve whole passes of the first file untimed for this long before timing (0: none)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE` (as default.pgo is made)")
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
	if msg := algorithmAsFile(files, "--algo"); msg != "" {
		fmt.Fprintf(e.stderr, "sudoku bench: %s\n", msg)
		return ExitUsage
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"time", *minTime}, {"warmup", *warmup}} {
		if d.v < 0 {
			fmt.Fprintf(e.stderr, "sudoku bench: --%s %v is negative\n", d.name, d.v)
			return ExitUsage
		}
	}
	*jobs = min(max(*jobs, 1), runtime.NumCPU()) // as many as there are, at most
	// The profile is opened first: a name it may not take (an input) is
	// refused before anything is printed.
	var prof *output
	readFailed := false
	if *cpuProfile != "" {
		// Written as any output: never over an input or a file of
		// another kind, never to the table's standard output, and in
		// place of the old file only once complete.
		if *cpuProfile == "-" {
			err = errors.New("--cpuprofile -: the table goes to standard output; name a file for the profile")
		} else if err = cmp.Or(notAnInput(e, *cpuProfile, files), notAnotherKind(*cpuProfile, kindProfile)); err == nil {
			prof, err = createOutput(e, *cpuProfile, files)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku bench: %v\n", err)
			return ExitUsage
		}
		defer prof.abort()
	}
	limit := 2
	if *first {
		limit = 1
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	// The table's head goes out before the first file is timed, not
	// before the files are read: when none reads, there is no empty table.
	headed := *asJSON
	// The name column as wide as the longest name, up to maxBenchName
	// (a name of 57 characters pushed its row out of line).
	nameW := 56
	for _, f := range files {
		nameW = max(nameW, min(maxBenchName, lab.DisplayWidth(benchName(f, maxBenchName))))
	}
	head := func() {
		if headed {
			return
		}
		headed = true
		what := "counting up to 2 solutions"
		if *first {
			what = "stopping at the first solution"
		}
		timing := fmt.Sprintf(", %v of warm-up", *warmup)
		if *minTime > 0 {
			timing = fmt.Sprintf(", whole passes for at least %v after %v of warm-up", *minTime, *warmup)
		}
		fmt.Fprintf(out, "algorithm %s, %s, %d core(s)%s\n\n", algo, what, *jobs, timing)
		fmt.Fprintf(out, "| %s | %8s | %8s | %8s | %11s | %10s | %12s | %15s |\n", lab.PadTo("file", nameW), "puzzles", "solved", "seconds", "puzzles/s", "µs/puzzle", "tried/puzzle", "branches/puzzle")
		fmt.Fprintf(out, "|%s|%s:|%s:|%s:|%s:|%s:|%s:|%s:|\n", dashes(nameW+2), dashes(9), dashes(9), dashes(9), dashes(12), dashes(11), dashes(13), dashes(16))
		out.Flush()
	}
	if prof != nil {
		if err := pprof.StartCPUProfile(prof); err != nil {
			fmt.Fprintf(e.stderr, "sudoku bench: %v\n", err)
			return ExitUsage
		}
		defer func() {
			pprof.StopCPUProfile()
			if readFailed {
				// The old profile stays rather than give way to one of
				// part of the run.
				fmt.Fprintf(e.stderr, "sudoku bench: %s not written, as an input could not be read\n", *cpuProfile)
				return // aborted by the deferred abort
			}
			if e.stdoutFailed() {
				fmt.Fprintf(e.stderr, "sudoku bench: %s not written, as the results could not be written to standard output\n", *cpuProfile)
				return
			}
			if err := prof.commit(); err != nil {
				fmt.Fprintf(e.stderr, "sudoku bench: %v\n", err)
				status = ExitUsage
			}
		}()
	}
	status = ExitOK
	// One file at a time, so only one file's puzzles are in memory. A file
	// named again right after itself (as versus-tdoku does, a pass each) is
	// solved again from the grids already read: reading it again, untimed,
	// would leave the caches and branch predictors cold for the pass, where
	// tdoku's harness reads once and then loops.
	var grids []solver.Grid
	read := ""
	for _, name := range files {
		fresh := name == "-" || name != read
		if fresh {
			read, grids = "", nil
			if anyBoardFile(e, []string{name}) {
				// The classic reader's "must show one in its first 64
				// KB" said nothing useful for a file of 16×16 boards.
				shown := name
				if name == "-" {
					shown = "stdin"
				}
				fmt.Fprintf(e.stderr, "sudoku bench: %s holds boards of another shape: bench times solvers on classic 9×9 puzzles (sudoku solve and compare take any shape)\n", shown)
				status, readFailed = ExitUsage, true
				continue
			}
			ins, ok := readInputs(e, []string{name})
			if !ok {
				status, readFailed = ExitUsage, true
				continue
			}
			l := ins[0].puzzles
			grids = make([]solver.Grid, l.Len())
			for i := range grids {
				grids[i] = l.Grid(i)
			}
			read = name
		}
		head()
		row := benchFile(grids, algo, limit, *jobs, *warmup, *minTime, fresh)
		*warmup = 0 // the core is warm for the files after the first
		row.File = name
		if *asJSON {
			b, _ := json.Marshal(row)
			out.Write(append(b, '\n'))
		} else {
			fmt.Fprintf(out, "| %s | %8d | %8d | %8.3f | %11.1f | %10.2f | %12.2f | %15.2f |\n", lab.PadTo(benchName(name, nameW), nameW),
				row.Puzzles, row.Solved, row.Seconds, row.PuzzlesPerSec, row.MicrosPerPuzzle, row.GuessesPerPuzzle, row.BranchesPerPuzzle)
		}
		out.Flush()
		if n := row.Puzzles - row.Solved; n > 0 {
			// "solved 0" said nothing of why.
			// "1 of 8 puzzles has", "3 of 8 puzzles have", "1 of 1 puzzle has".
			verbs := "puzzles has no solution or breaks"
			if row.Puzzles == 1 {
				verbs = "puzzle has no solution or breaks"
			} else if n > 1 {
				verbs = "puzzles have no solution or break"
			}
			shown := solver.CleanName(name)
			if name == "-" {
				shown = "stdin"
			}
			fmt.Fprintf(e.stderr, "sudoku bench: %s: %d of %d %s the rules (sudoku solve says which, and why)\n",
				shown, n, row.Puzzles, verbs)
		}
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

// maxBenchName is the widest the bench table's name column grows; a
// longer name is cut in the middle.
const maxBenchName = 96

// benchName is a file's name in the bench table, cut to w columns.
func benchName(file string, w int) string {
	return lab.FitWidth(solver.CleanName(filepath.Base(file)), w)
}

// benchFile solves every grid up to limit solutions on the given number of
// goroutines: untimed for warmup (the grids in turn, as many as fit, on one
// core), then in timed whole passes until minTime is reached (at least
// one). Only the passes are timed. parsed says the grids were just read,
// and the garbage of reading them is collected first.
func benchFile(grids []solver.Grid, algo solver.Algorithm, limit, workers int, warmup, minTime time.Duration, parsed bool) benchRow {
	if parsed {
		runtime.GC() // leave nothing of the parsing for the timed part to collect
	}
	if warmup > 0 && len(grids) > 0 {
		// The core warms up (its clock speed too: a cold one was measured
		// up to a third slower), as tdoku's harness warms up before timing.
		for i, start := 0, time.Now(); time.Since(start) < warmup; i = (i + 1) % len(grids) {
			benchPass(grids[i:i+1], algo, limit, 1)
		}
	}
	var row benchRow
	var secs float64
	start := time.Now()
	for {
		f := benchPass(grids, algo, limit, workers)
		if row.Passes == 0 {
			row.Solved = int(f.Solved)
			if n := float64(len(grids)); n > 0 {
				row.GuessesPerPuzzle = float64(f.Tried) / n
				row.BranchesPerPuzzle = float64(f.Branches) / n
			}
		}
		row.Passes++
		secs = time.Since(start).Seconds()
		if secs >= minTime.Seconds() {
			break
		}
	}
	row.Puzzles = len(grids)
	row.Seconds = secs
	if n := float64(len(grids) * row.Passes); n > 0 {
		row.MicrosPerPuzzle = secs * 1e6 / n
		if secs > 0 {
			row.PuzzlesPerSec = n / secs
		}
	}
	return row
}

// passTotals are one pass's figures: the grids with at least one solution,
// the placements tried and the branch points.
type passTotals struct{ Solved, Tried, Branches int64 }

// benchPass solves every grid once and returns the totals.
func benchPass(grids []solver.Grid, algo solver.Algorithm, limit, workers int) passTotals {
	workers = max(1, min(workers, (len(grids)+benchChunk-1)/benchChunk))
	var next atomic.Int64
	var solved, tried, branches atomic.Int64
	work := func() {
		var nSolved, nTried, nBranches int64
		var first solver.Grid
		for {
			lo := int(next.Add(benchChunk)) - benchChunk
			if lo >= len(grids) {
				break
			}
			for i := range grids[lo:min(lo+benchChunk, len(grids))] {
				g := &grids[lo+i]
				var f solver.FastFigures
				switch {
				case algo != solver.Fast:
					r := solver.Solve(context.Background(), *g, solver.Options{Algorithm: algo, Limit: limit})
					f = solver.FastFigures{Solutions: r.Solutions, Tried: r.Iterations} // no branch count
				case limit == 1: // the first solution written out, as tdoku's harness asks for it
					f = solver.FastMeasure(g, limit, &first)
				default:
					f = solver.FastMeasure(g, limit, nil)
				}
				if f.Solutions > 0 {
					nSolved++
				}
				nTried += f.Tried
				nBranches += f.Branches
			}
		}
		solved.Add(nSolved)
		tried.Add(nTried)
		branches.Add(nBranches)
	}
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
	return passTotals{Solved: solved.Load(), Tried: tried.Load(), Branches: branches.Load()}
}
