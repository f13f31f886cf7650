package cli

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"example.com/sudoku/lab"
	"example.com/sudoku/solver/logic"
)

func init() {
	register("rate", "rate puzzles by the hardest technique their solution needs", runRate)
}

// failWord names why a puzzle has no rating: invalid givens (a digit twice
// in a unit), no solution, or more than one.
func failWord(err error) string {
	switch {
	case errors.Is(err, logic.ErrNoSolution):
		return "unsolvable"
	case errors.Is(err, logic.ErrMultipleSolutions):
		return "multiple"
	}
	return "invalid"
}

type rating struct {
	r   logic.Rating
	err error
}

// fields are the level, ER and technique columns of a rating, or the
// failure, "0" and why.
func (v rating) fields() (level, score, what string) {
	if v.err != nil {
		return failWord(v.err), "0", v.err.Error()
	}
	if v.r.Name == "" {
		// A full grid: no step to take.
		return v.r.Level.String(), strconv.FormatFloat(v.r.Score, 'f', 1, 64), "already solved"
	}
	return v.r.Level.String(), strconv.FormatFloat(v.r.Score, 'f', 1, 64), v.r.Name
}

// pearlDiamond are the EP and ED columns ("0" for a failure).
func (v rating) pearlDiamond() (ep, ed string) {
	if v.err != nil {
		return "0", "0"
	}
	return strconv.FormatFloat(v.r.Pearl, 'f', 1, 64), strconv.FormatFloat(v.r.Diamond, 'f', 1, 64)
}

// maxNameWidth caps the PUZZLE column of rate's table: wide enough for
// the longest name generate gives ("extreme 10.3 seed 9007199254740991 er
// 10.0-13.0"), which at 40 ran past it and out of line; a longer name of
// a file's is cut to it with "…" (it pushed its row's columns out of
// line; --format csv gives names whole).
const maxNameWidth = 48

func runRate(e *env, args []string) int {
	fs := newFlags(e, "rate", "[flags] FILE... (- reads standard input)\n\n"+
		"ER, EP and ED are Sudoku Explainer 1.2.1.3's, step for step (README: the same on every\n"+
		"sample measured below ER 10). At the very top, where SE nests static chains inside its\n"+
		"dynamic ones (its 9.5 and 10.0), those are not tried here: such a puzzle gets 10.5 or\n"+
		"more (the forum's hardest: 11.7 here where SE says 11.0).")
	e.skipFlag(fs)
	format := fs.String("format", "table", "output: table (readable, with names), line (LEVEL<TAB>ER<TAB>TECHNIQUE<TAB>EP<TAB>ED a puzzle) or csv (puzzle,level,er,technique,ep,ed,name: to sort or filter a collection by level)")
	jobs := intFlag(fs, "j", runtime.NumCPU(), "rate on `N` cores")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	*format = strings.ToLower(*format) // as --algo and --difficulty take DFS and EASY
	if *format != "table" && *format != "line" && *format != "csv" {
		fmt.Fprintf(e.stderr, "sudoku rate: unknown format %q (want table, line or csv)\n", *format)
		return ExitUsage
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	if anyBoardFile(e, files) {
		return rateBoards(e, files, *format, *jobs)
	}
	ins, readOK := readInputs(e, files)
	list := collectAll(ins)

	out := newRecordWriter(e.stdout)
	nameWidth := len("PUZZLE")
	if *format == "table" {
		for i := range list.Len() {
			nameWidth = max(nameWidth, min(displayWidth(list.Name(i)), maxNameWidth))
		}
	}
	if *format == "table" && list.Len() > 0 {
		fmt.Fprintf(out, "%s  %-10s %4s %4s %4s  %s\n", padTo("PUZZLE", nameWidth), "LEVEL", "ER", "EP", "ED", "HARDEST")
	}
	if *format == "csv" && list.Len() > 0 {
		writeCSVRow(out, rateCSVHeader)
	}
	counts := map[string]int{}
	bar := newProgressBar(e.stderr, "rating", list.Len())
	failed := false
	// A failed write (a full disk) stops the rating at once, rather than
	// after every puzzle.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	runOrdered(ctx, list.Len(), *jobs, func(i int) rating {
		r, err := logic.Rate(list.Grid(i))
		bar.add(1)
		return rating{r, err}
	}, func(i int, v rating) {
		level, score, what := v.fields()
		ep, ed := v.pearlDiamond()
		failed = failed || v.err != nil
		counts[level]++
		var err error
		switch *format {
		case "line":
			_, err = fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", level, score, what, ep, ed)
		case "csv":
			if v.err != nil {
				score, ep, ed = "", "", ""
			}
			err = writeCSVRow(out, []string{list.Grid(i).String(), level, score, what, ep, ed, lab.CSVText(list.Name(i))})
		default:
			if v.err != nil {
				score, ep, ed = "-", "-", "-"
			}
			_, err = fmt.Fprintf(out, "%s  %-10s %4s %4s %4s  %s\n", padTo(lab.FitWidth(list.Name(i), maxNameWidth), nameWidth), level, score, ep, ed, what)
		}
		if err == nil {
			err = out.done()
		}
		if err != nil {
			stop() // the writer keeps its error, which Run reports
		}
	})
	bar.finish()
	if *format == "table" {
		writeSummary(out, counts, list.Len())
	}
	out.Flush()
	return exitStatus(readOK, failed)
}

// rateCSVHeader heads rate --format csv: the puzzle first and the name
// last, so that a filter on the level (awk -F, '$2 == "insane"') reads
// the puzzle whatever the name holds.
var rateCSVHeader = []string{"puzzle", "level", "er", "technique", "ep", "ed", "name"}

// writeCSVRow writes one CSV record, quoted where a field needs it.
func writeCSVRow(w io.Writer, fields []string) error {
	cw := csv.NewWriter(w)
	cw.Write(fields)
	cw.Flush()
	return cw.Error()
}

// writeSummary closes a table of n ratings with how many came out at
// each level, or failed and why: "12 puzzles: 3 easy, 9 hard".
func writeSummary(out io.Writer, counts map[string]int, n int) {
	if n < 2 {
		return
	}
	var parts []string
	for _, l := range logic.Levels() {
		if k := counts[l.String()]; k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, l))
		}
	}
	for _, w := range []string{"invalid", "unsolvable", "multiple"} {
		if k := counts[w]; k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, w))
		}
	}
	fmt.Fprintf(out, "\n%d puzzles: %s\n", n, strings.Join(parts, ", "))
}
