package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// solvedPuzzle is what a worker hands on for writing in order: the
// puzzle's output already formatted, its CSV row when one is wanted, and
// whether it failed. Writing runs one batch at a time; formatting on the
// workers keeps it from becoming the bottleneck when solving takes
// microseconds.
type solvedPuzzle struct {
	text   []byte
	csv    []string
	failed bool
}

func init() {
	register("solve", "solve every puzzle in files with a chosen algorithm", runSolve)
}

func runSolve(e *env, args []string) int {
	fs := newFlags(e, "solve", "[flags] FILE... (- reads standard input)")
	e.skipFlag(fs)
	algoName := fs.String("algo", "fast", "algorithm: dfs, mrv, lcv, cp or fast; dfs+, mrv+, lcv+ are seed 002's (the AI homework's DFS, MRV and LCV, naked and hidden singles at every node)")
	format := fs.String("format", "report", "output: report (002's layout), line (a solution's N×N symbols on one line), grid (N lines a solution) or text (a block with the shape, boards of any shape)")
	count := fs.Bool("count", false, "count solutions up to two (2 means two or more)")
	csvPath := fs.String("csv", "", "also write one CSV row per puzzle to `FILE`")
	timeout := durationFlag(fs, "timeout", 0, "give up on a puzzle after this long (0: never)")
	jobs := intFlag(fs, "j", runtime.NumCPU(), "solve on `N` cores")
	seed := int64Flag(fs, "seed", 0, "shuffle cp's digit order reproducibly from seed `S` (0: increasing order)")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	*format = strings.ToLower(*format) // as --algo and --difficulty take DFS and EASY
	algo, err := solver.ParseAlgorithm(*algoName)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
		return ExitUsage
	}
	if *format != "report" && *format != "line" && *format != "grid" && *format != "text" {
		fmt.Fprintf(e.stderr, "sudoku solve: unknown format %q (want report, line, grid or text)\n", *format)
		return ExitUsage
	}
	if *timeout < 0 {
		fmt.Fprintf(e.stderr, "sudoku solve: --timeout %v is negative\n", *timeout)
		return ExitUsage
	}
	if *count && (*format == "grid" || *format == "text") {
		// those layouts have no place for it
		fmt.Fprintf(e.stderr, "sudoku solve: --count goes with --format report or line, not %s\n", *format)
		return ExitUsage
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	if flagSet(fs, "seed") && algo != solver.CP {
		// Only cp's order of digits is shuffled: a seed went unsaid.
		fmt.Fprintf(e.stderr, "sudoku solve: note: --seed shuffles cp's order of digits only; %s does nothing with it\n", algo)
	}
	if msg := algorithmAsFile(files, "--algo"); msg != "" {
		fmt.Fprintf(e.stderr, "sudoku solve: %s\n", msg)
		return ExitUsage
	}
	if *csvPath == "" && flagSet(fs, "csv") {
		fmt.Fprintf(e.stderr, "sudoku solve: --csv \"\": an empty file name\n")
		return ExitUsage
	}
	if *csvPath != "" {
		if err := cmp.Or(notAnInput(e, *csvPath, files), notAnotherKindOut(*csvPath, kindCSV)); err != nil {
			fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
			return ExitUsage
		}
	}
	if boards := anyBoardFile(e, files); *format == "text" || boards {
		return solveBoards(e, files, algo, *format, *count, *timeout, *jobs, *seed, *csvPath, boards)
	}
	ins, readOK := readInputs(e, files)
	puzzles := collectAll(ins)

	sink, err := newSolvedSink(e, *csvPath, files, []string{"name", "algorithm", "givens", "status", "solutions", "iterations", "depth", "backtracks", "microseconds"})
	if err != nil {
		return ExitUsage
	}
	defer sink.abort()

	limit := 1
	if *count {
		limit = 2
	}
	bar := newProgressBar(e.stderr, "solving", puzzles.Len())
	run, stop := context.WithCancel(context.Background())
	defer stop()
	sink.stop = stop
	runOrdered(run, puzzles.Len(), *jobs, func(i int) solvedPuzzle {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if *timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, *timeout)
		}
		defer cancel()
		g := puzzles.Grid(i)
		r := solver.Solve(ctx, g, solver.Options{Algorithm: algo, Limit: limit, Seed: *seed})
		res := solvedPuzzle{failed: r.Status != solver.Solved}
		switch *format {
		case "line", "grid":
			// One allocation per puzzle, the text's: the buffer itself
			// stays on the stack.
			var text bytes.Buffer
			text.Grow(96)
			if *format == "line" {
				writeLine(&text, r, *count)
			} else {
				writeGrid(&text, r, i)
			}
			res.text = text.Bytes()
		default:
			text := bytes.NewBuffer(make([]byte, 0, 512))
			p := puzzles.At(i)
			writeReport(text, &p, r, *count, i)
			res.text = text.Bytes()
		}
		if sink.csvw != nil {
			res.csv = []string{lab.CSVText(puzzles.Name(i)), string(r.Algorithm), strconv.Itoa(g.Givens()), statusWord(r),
				countText(r.Status, r.Solutions, false), strconv.FormatInt(r.Iterations, 10), strconv.Itoa(r.MaxDepth),
				strconv.FormatInt(r.Backtracks, 10), strconv.FormatInt(r.Duration.Microseconds(), 10)}
		}
		bar.add(1)
		return res
	}, sink.emit)
	bar.finish()
	return sink.close(readOK)
}

// algorithmAsFile says what to type instead when a file named on the
// command line does not exist and is an algorithm's name, as seed 002
// calls its program ("solve easy1.txt dfs", "mrv_csv"): it solved the
// files before it with fast, then failed on "dfs". "" otherwise.
func algorithmAsFile(files []string, flag string) string {
	for _, f := range files {
		name, csv := strings.CutSuffix(strings.ToLower(f), "_csv")
		name = strings.TrimRight(name, "_")
		if name == "csv" {
			name, csv = "", true // "csv" alone, for 002's "__csv"
		}
		a, err := solver.ParseAlgorithm(name)
		if err != nil && csv && name == "" {
			a, err = solver.Fast, nil // 002's "__csv" alone
		}
		if err != nil {
			continue
		}
		if _, err := os.Stat(f); err == nil {
			continue // a file of that name
		}
		use := flag + " " + string(a)
		if csv {
			use += " --csv FILE"
		}
		if name == "" {
			// 002's "__csv" alone: its runtime data of its searches.
			return fmt.Sprintf("%s: no such file; seed 002's runtime data is sudoku compare --algos dfs+,mrv+,lcv+ --csv FILE (its searches, one row a board and algorithm), or %s NAME --csv FILE for one algorithm", f, flag)
		}
		if a == solver.DFS || a == solver.MRV || a == solver.LCV {
			// Seed 002's own call: its searches are the ones with
			// singles at every node (--algo lcv, the bare search, gave
			// a student figures that had nothing to do with theirs).
			use = flag + " " + string(a) + "+"
			if csv {
				use += " --csv FILE"
			}
			return fmt.Sprintf("%s: no such file; to run seed 002's %s (the AI homework's, with its simplification at every node), put %s before the files (%s %s is the bare search)", f, a, use, flag, a)
		}
		return fmt.Sprintf("%s: no such file; to choose the algorithm, put %s before the files", f, use)
	}
	return ""
}

// solvedSink writes solved puzzles in input order to standard output and
// their rows to the CSV file, which takes the place of an old one only
// once complete.
type solvedSink struct {
	stop    context.CancelFunc // ends the run, when a write to stdout fails
	e       *env
	out     *recordWriter
	csvw    *csv.Writer
	csvOut  *output
	csvPath string
	// spool holds the CSV while the results go to standard output too
	// (--csv -): it comes after them, where the two had mixed once the
	// CSV writer's buffer filled (a row cut by a solution line).
	spool  *os.File
	failed bool
}

// newSolvedSink opens the CSV file when one is asked for (its error is
// already reported when one is returned).
func newSolvedSink(e *env, csvPath string, files []string, header []string) (*solvedSink, error) {
	s := &solvedSink{e: e, out: newRecordWriter(e.stdout)}
	if csvPath != "" {
		o, err := createOutput(e, csvPath, files)
		if err == nil && csvPath == "-" {
			o, err = s.spoolOutput()
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
			return nil, err
		}
		s.csvOut, s.csvw, s.csvPath = o, csv.NewWriter(o), csvPath
		s.csvw.Write(header)
	}
	return s, nil
}

// spoolOutput is where --csv - writes until the results are out: a
// temporary file, removed at once (a million puzzles' rows need not be
// held in memory), kept open until close copies it to standard output.
func (s *solvedSink) spoolOutput() (*output, error) {
	f, err := os.CreateTemp("", "sudoku-csv-*")
	if err != nil {
		return nil, fmt.Errorf("--csv -: no room for the table until the results are written: %v", err)
	}
	os.Remove(f.Name())
	s.spool = f
	return &output{Writer: f}, nil
}

// unspool writes the spooled CSV to standard output, after the results.
// A failed write to standard output is Run's to report; a failed read of
// the spool is this command's.
func (s *solvedSink) unspool() error {
	if _, err := s.spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	out := newRecordWriter(s.e.stdout)
	if _, err := io.Copy(out, s.spool); err != nil && !s.e.stdoutFailed() {
		return fmt.Errorf("--csv -: %v", err)
	}
	out.Flush()
	return nil
}

func (s *solvedSink) emit(_ int, p solvedPuzzle) {
	s.failed = s.failed || p.failed
	if _, err := s.out.Write(p.text); err != nil && s.stop != nil {
		s.stop() // a failed write (a full disk): no use solving on
	}
	if s.csvw != nil {
		s.csvw.Write(p.csv)
	}
	if s.out.done() != nil && s.stop != nil {
		s.stop()
	}
}

// close flushes the output, commits the CSV file and gives the exit
// status.
func (s *solvedSink) close(readOK bool) int {
	outErr := s.out.Flush()
	if s.spool != nil {
		defer s.spool.Close()
	}
	if s.csvw != nil && !readOK {
		// An input could not be read (a mistyped name, say): the old
		// file stays rather than give way to a table of the rest.
		s.csvOut.abort()
		what := s.csvPath
		if what == "-" {
			what = "the CSV table"
		}
		fmt.Fprintf(s.e.stderr, "sudoku solve: %s not written, as an input could not be read\n", what)
	} else if s.csvw != nil && outErr != nil && s.csvPath != "-" {
		// The results could not be written (a full disk): the run
		// stopped there, and the old file stays rather than give way
		// to a part of the table. (Run reports the write's error.)
		s.csvOut.abort()
		if !errors.Is(outErr, syscall.EPIPE) { // the reader went (| head): quietly, as SIGPIPE stops
			fmt.Fprintf(s.e.stderr, "sudoku solve: %s not written, as the results could not be written to standard output\n", s.csvPath)
		}
	} else if s.csvw != nil {
		s.csvw.Flush()
		err := s.csvw.Error()
		if err != nil && s.spool != nil {
			// The removed temporary file's name says nothing: where it was.
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			err = fmt.Errorf("--csv -: the table is held in %s (TMPDIR) until the results are written: %v", filepath.Dir(s.spool.Name()), err)
		}
		if err == nil && s.spool != nil && outErr == nil {
			err = s.unspool()
		}
		if err == nil {
			err = s.csvOut.commit()
		}
		if err != nil {
			fmt.Fprintf(s.e.stderr, "sudoku solve: %v\n", err)
			return ExitUsage
		}
	}
	return exitStatus(readOK, s.failed)
}

func (s *solvedSink) abort() {
	if s.csvOut != nil {
		s.csvOut.abort()
	}
	if s.spool != nil {
		s.spool.Close()
	}
}

// failure is the one-word outcome of an unsolved result, with the reason
// for an invalid board.
func failure(r solver.Result) string {
	if r.Status == solver.Invalid {
		return "invalid: " + r.Err.Error()
	}
	return statusWord(r)
}

// countText is a solution count for the output: "?" for a search cut off
// by the timeout before it found one, "1+" after it found one (long: "not
// known, cut off by the timeout", "1 or more, cut off by the timeout"),
// and "2 or more" in long form for two.
func countText(st solver.Status, n int, long bool) string {
	switch {
	case st == solver.Cancelled && n == 0 && long:
		return "not known (cut off by the timeout)"
	case st == solver.Cancelled && n == 0:
		return "?"
	case st == solver.Cancelled && long:
		return strconv.Itoa(n) + " or more (cut off by the timeout)"
	case st == solver.Cancelled:
		return strconv.Itoa(n) + "+"
	case n >= 2 && long:
		return "2 or more"
	}
	return strconv.Itoa(n)
}

func writeLine(w *bytes.Buffer, r solver.Result, count bool) {
	if count {
		w.WriteString(countText(r.Status, r.Solutions, false))
		w.WriteByte('\t')
	}
	switch {
	case r.Status == solver.Solved:
		writeDigits(w, &r.Solution)
	case count && r.Solutions > 0 && r.Solution[0] != 0:
		// Cut off by the timeout while counting, after the first
		// solution: it is known, and shown ("1+ timeout" hid it).
		writeDigits(w, &r.Solution)
	default:
		w.WriteString(failure(r))
	}
	w.WriteByte('\n')
}

func writeGrid(w *bytes.Buffer, r solver.Result, i int) {
	if i > 0 {
		w.WriteByte('\n')
	}
	if r.Status != solver.Solved {
		w.WriteString(failure(r) + "\n")
		return
	}
	for k, d := range r.Solution {
		w.WriteByte('0' + d)
		if k%9 == 8 {
			w.WriteByte('\n')
		}
	}
}

// writeDigits writes the 81 digits of g, '0' for a blank, without the
// string Grid.Digits would allocate.
func writeDigits(w *bytes.Buffer, g *solver.Grid) {
	for _, d := range g {
		w.WriteByte('0' + d)
	}
}

// writeReport prints seed 002's output block for one board.
func writeReport(w *bytes.Buffer, p *solver.Puzzle, r solver.Result, count bool, i int) {
	if i > 0 {
		w.WriteByte('\n')
	}
	fmt.Fprintf(w, "Board: %s\n", p.Name)
	fmt.Fprintf(w, "%s: Iterations=%d Depth=%d Backtracks=%d\n", upper(r.Algorithm), r.Iterations, r.MaxDepth, r.Backtracks)
	fmt.Fprintf(w, "Computation Time: %s\n", millis(r.Duration))
	if count {
		fmt.Fprintf(w, "Solutions: %s\n", countText(r.Status, r.Solutions, true))
	}
	if r.Status == solver.Solved {
		w.WriteString("===(SOLVED)===\n")
		w.WriteString(r.Solution.FormatGrid())
		if count && r.Solutions >= 2 {
			// Two or more: where they differ is where the puzzle wants
			// another given (it showed one grid, as for a proper puzzle).
			if other, ok := solver.OtherSolution(context.Background(), p.Grid, r.Solution); ok {
				w.WriteString(anotherSolution(solver.Classic, r.Solution[:], other[:]))
				w.WriteString(other.FormatGrid())
			}
		}
		return
	}
	fmt.Fprintf(w, "Status: %s\n", failure(r))
	w.WriteString("===(UNSOLVED)===\n")
	w.WriteString(unsolvedReport(solver.BoardOf(p.Grid), r.Status, r.Candidates[:]))
}

// anotherSolution is the line before a second solution: how many cells,
// and which, differ from the first.
func anotherSolution(geo *solver.Geometry, first, other []uint8) string {
	var cells []string
	for i := range other {
		if other[i] != first[i] {
			cells = append(cells, geo.CellName(i))
		}
	}
	return fmt.Sprintf("Another solution, differing in %s (%s):\n", plural(len(cells), "cell"), strings.Join(cells, " "))
}

// unsolvedReport is 002's UNSOLVED grid of board b's candidates cands (as
// the result of its solve, of status st, gives them), an empty cell left
// with none shown as such ("{.........}"), where a filled cell is "{}";
// then, for an unsolvable board, the line that says what it shows, which
// the grid alone did not ("{.........}" at r1c6 among givens shown as
// "{}"), and the givens to blame (logic.Unsolvable, logic.Typo). Nothing
// more for a board that breaks the rules (its status says how) or a
// search cut off.
func unsolvedReport[S solver.Set | uint32](b solver.Board, st solver.Status, cands []S) string {
	cells := b.Cells // an invalid board's candidates are the givens'
	if st != solver.Invalid {
		cells, _ = solver.PropagatedBoard(b)
	}
	c := make([]uint32, len(cands))
	for i, m := range cands {
		c[i] = uint32(m)
	}
	why := ""
	if st == solver.Unsolvable {
		s, _ := logic.Unsolvable(b.Geo, cells, c)
		why = "Why: " + s + "\n" + givensToBlame(b, st)
	}
	return solver.FormatCandidatesAt(b.Geo.N, cells, c) + why
}

// givensToBlame is logic.Typo's line for an unsolvable board b, or "".
func givensToBlame(b solver.Board, st solver.Status) string {
	if st != solver.Unsolvable {
		return ""
	}
	if s, _ := logic.Typo(context.Background(), b); s != "" {
		return s + "\n"
	}
	return ""
}

// millis formats a duration in milliseconds, as 002 does.
func millis(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', 3, 64) + "ms"
}
