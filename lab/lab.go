// Package lab is the algorithm lab: it runs several solving algorithms on
// the same boards, one after another, and reports each run's iterations,
// depth, backtracks and time as a table, a CSV file and a chart. The
// command line (sudoku compare) and the window's lab both use it, so they
// agree on every figure.
package lab

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"example.com/sudoku/solver"
	"golang.org/x/text/width"
)

// Options say what to compare.
type Options struct {
	Algorithms []solver.Algorithm // default: all, slowest first
	// Timeout bounds each run; a run that hits it is kept and marked.
	// Zero means no limit.
	Timeout time.Duration
}

// Run is one algorithm on one board.
type Run struct {
	Board     int // index in the boards compared
	Algorithm solver.Algorithm
	Result    solver.BoardResult
}

// TimedOut reports whether the run was cut off by the timeout.
func (r Run) TimedOut() bool { return r.Result.Status == solver.Cancelled }

// Status is the run's outcome in one word.
func (r Run) Status() string {
	switch r.Result.Status {
	case solver.Solved:
		return "solved"
	case solver.Unsolvable:
		return "unsolvable"
	case solver.Invalid:
		return "invalid"
	}
	return "timeout"
}

// Report is a whole comparison: Runs[b][a] is algorithm a on board b.
type Report struct {
	Boards     []solver.BoardPuzzle // of any shape
	Algorithms []solver.Algorithm
	Timeout    time.Duration
	Runs       [][]Run
	// Complete is false when the comparison was stopped early; Runs then
	// holds the boards finished so far.
	Complete bool
}

// Compare runs every algorithm on every board, one run at a time so the
// times compare fairly. progress, if not nil, is called after each run
// with that run, the number done and the total. A cancelled ctx stops the
// run under way at once and returns the boards finished.
func Compare(ctx context.Context, boards []solver.BoardPuzzle, opt Options, progress func(r Run, done, total int)) *Report {
	algos := opt.Algorithms
	if len(algos) == 0 {
		algos = solver.Algorithms
	}
	rep := &Report{Boards: boards, Algorithms: algos, Timeout: opt.Timeout}
	total := len(boards) * len(algos)
	for b, p := range boards {
		if ctx.Err() != nil {
			rep.Boards = boards[:b]
			return rep
		}
		row := make([]Run, 0, len(algos))
		for _, a := range algos {
			rctx, cancel := ctx, context.CancelFunc(func() {})
			if opt.Timeout > 0 {
				rctx, cancel = context.WithTimeout(ctx, opt.Timeout)
			}
			res := solver.SolveBoard(rctx, p.Board, solver.Options{Algorithm: a})
			cancel()
			if ctx.Err() != nil {
				rep.Boards = boards[:b]
				return rep
			}
			// Not kept: a report holds a run per board and algorithm, and
			// the solution and candidates of each took most of the 1.4 GB
			// that compare needed for a million boards.
			res.Solution, res.Candidates = solver.Board{}, nil
			run := Run{Board: b, Algorithm: a, Result: res}
			row = append(row, run)
			if progress != nil {
				progress(run, b*len(algos)+len(row), total)
			}
		}
		rep.Runs = append(rep.Runs, row)
	}
	if ctx.Err() != nil {
		return rep // stopped before it began (the boards to run were cut short too)
	}
	rep.Complete = true
	return rep
}

// CSVHeader is the first row of WriteCSV.
var CSVHeader = []string{"board", "algorithm", "status", "iterations", "depth", "backtracks", "microseconds"}

// CSVText makes a name from a file safe in a CSV cell that a spreadsheet
// opens: one starting with =, +, -, @ or a tab would be read as a
// formula (which can run commands), so it gets a leading apostrophe, as
// spreadsheets themselves write text; a number (-5, +1.5) stays as it is.
//
// A name with apostrophes of its own before such a start ("'=x") gets
// one more too, so that reading it back (solver's CSV reader takes one
// off) gives it as it was.
func CSVText(s string) string {
	rest := strings.TrimLeft(s, "'")
	if rest == "" || !strings.ContainsRune("=+-@\t\r", rune(rest[0])) {
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return s
	}
	return "'" + s
}

// WriteCSV writes one row per run.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, row := range rep.Runs {
		for _, r := range row {
			// The run's own board: rows may have been reordered.
			us := strconv.FormatInt(r.Result.Duration.Microseconds(), 10)
			if r.Result.Status == solver.Invalid {
				us = "" // nothing ran: no time (0 read as one measured)
			}
			cw.Write([]string{CSVText(rep.Boards[r.Board].Name), r.label(), r.Status(),
				strconv.FormatInt(r.Result.Iterations, 10), strconv.Itoa(r.Result.MaxDepth),
				strconv.FormatInt(r.Result.Backtracks, 10), us})
		}
	}
	cw.Flush()
	return cw.Error()
}

// label names the run's algorithm, and the one that ran when that is
// another: fast on a board other than classic 9×9 runs cp, "fast (cp)".
func (r Run) label() string {
	if ran := r.Result.Algorithm; ran != "" && ran != r.Algorithm {
		return string(r.Algorithm) + " (" + string(ran) + ")"
	}
	return string(r.Algorithm)
}

// DisplayWidth is how many columns a terminal gives s: a combining mark
// none, a wide (CJK) or fullwidth character two, any other one.
func DisplayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// FitWidth is s cut in the middle to w terminal columns at most, with
// "…" where it was cut: both ends tell names apart ("/tmp/…/a/x.txt #1",
// "/tmp/…/b/x.txt #1").
func FitWidth(s string, w int) string {
	if DisplayWidth(s) <= w {
		return s
	}
	r := []rune(s)
	head, tail := []rune{}, []rune{}
	for i, j := 0, len(r)-1; i <= j; {
		if DisplayWidth(string(head))+DisplayWidth(string(tail)) >= w-1 {
			break
		}
		if len(head) <= len(tail) {
			if DisplayWidth(string(head))+DisplayWidth(string(r[i]))+DisplayWidth(string(tail)) > w-1 {
				break
			}
			head = append(head, r[i])
			i++
		} else {
			if DisplayWidth(string(head))+DisplayWidth(string(r[j]))+DisplayWidth(string(tail)) > w-1 {
				break
			}
			tail = append([]rune{r[j]}, tail...)
			j--
		}
	}
	return string(head) + "…" + string(tail)
}

// PadTo is s and the spaces that make it w columns wide on a terminal
// (fmt's %-*s counts runes: a table's columns shifted after "Noël" typed
// as e and a combining mark, or a Chinese name). A tab in s is a space
// (a name with a tab pushed its row's columns to the next tab stop).
func PadTo(s string, w int) string {
	s = strings.ReplaceAll(s, "\t", " ")
	return s + strings.Repeat(" ", max(0, w-DisplayWidth(s)))
}

// WriteTable writes the runs as an aligned text table.
func (rep *Report) WriteTable(w io.Writer) error {
	nameW := len("board")
	for _, row := range rep.Runs {
		nameW = max(nameW, DisplayWidth(shorten(rep.Boards[row[0].Board].Name, 40)))
	}
	if _, err := fmt.Fprintf(w, "%s  %-9s  %-10s  %12s  %5s  %12s  %12s\n", PadTo("board", nameW), "algorithm", "status", "iterations", "depth", "backtracks", "time"); err != nil {
		return err
	}
	for _, row := range rep.Runs {
		name := PadTo(shorten(rep.Boards[row[0].Board].Name, 40), nameW)
		for _, r := range row {
			t := FormatDuration(r.Result.Duration)
			switch {
			case r.TimedOut():
				t = ">" + t
			case r.Result.Status == solver.Invalid:
				t = "-" // nothing ran
			}
			if _, err := fmt.Fprintf(w, "%s  %-9s  %-10s  %12d  %5d  %12d  %12s\n", name, r.label(), r.Status(),
				r.Result.Iterations, r.Result.MaxDepth, r.Result.Backtracks, t); err != nil {
				return err
			}
		}
	}
	return nil
}

// Summary is one algorithm's figures over all boards.
type Summary struct {
	Algorithm solver.Algorithm
	Solved    int // runs that ended with a solution or a proof of none
	// Unsolvable counts the proofs of none among them.
	Unsolvable int
	Invalid    int // boards that break the rules, so no algorithm ran
	TimedOut   int
	Total      time.Duration // summed over the runs (a timed-out run counts its timeout)
	// Median is that of the runs that finished (Solved): a timed-out
	// run's time is only a floor, and an invalid board ran nothing. Over
	// a 3µs proof and a run stopped at 500ms it had said 250ms, the
	// time of neither.
	Median time.Duration
}

// MedianText is "median 3µs", or "no median" when no run finished.
func (s Summary) MedianText() string {
	if s.Solved == 0 {
		return "no median"
	}
	return "median " + FormatDuration(s.Median)
}

// Summaries returns each algorithm's figures over the boards compared.
func (rep *Report) Summaries() []Summary {
	out := make([]Summary, len(rep.Algorithms))
	for a, al := range rep.Algorithms {
		s := Summary{Algorithm: al}
		ds := make([]time.Duration, 0, len(rep.Runs))
		for _, row := range rep.Runs {
			r := row[a]
			switch {
			case r.TimedOut():
				s.TimedOut++
			case r.Result.Status == solver.Invalid:
				s.Invalid++
			default:
				s.Solved++
				if r.Result.Status == solver.Unsolvable {
					s.Unsolvable++
				}
				ds = append(ds, r.Result.Duration)
			}
			s.Total += r.Result.Duration
		}
		s.Median = median(ds)
		out[a] = s
	}
	return out
}

// median is the middle duration of ds, the mean of the two middle ones
// for an even count (the upper one had been taken: 797µs for {797µs,
// 223µs}).
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	n := len(s)
	if n%2 == 0 {
		return s[n/2-1] + (s[n/2]-s[n/2-1])/2
	}
	return s[n/2]
}

// FormatDuration writes d in the unit that suits it: µs, ms or s.
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}
