package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
)

func init() {
	register("compare", "run several algorithms on the same boards: table, CSV and chart", runCompare)
}

// maxChartSide bounds the chart's width and height: a 8192x8192 PNG is
// 256 MB while it is drawn.
const maxChartSide = 8192

func runCompare(e *env, args []string) int {
	fs := newFlags(e, "compare", "[flags] FILE... (- reads standard input)")
	e.skipFlag(fs)
	algoList := fs.String("algos", "dfs,mrv,lcv,cp,fast", "comma-separated `algorithms` to compare (also dfs+, mrv+, lcv+: seed 002's, the AI homework's DFS, MRV and LCV with naked and hidden singles at every node)")
	timeout := durationFlag(fs, "timeout", 10*time.Second, "stop a run after this long; it is marked, not dropped (0: never)")
	csvPath := fs.String("csv", "", "write one CSV row per board and algorithm to `FILE`")
	chartPath := fs.String("chart", "", "draw a PNG chart of the times (log scale) to `FILE`")
	width := intFlag(fs, "width", 1200, "chart width in `pixels`")
	height := intFlag(fs, "height", 650, "chart height in `pixels`")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	var algos []solver.Algorithm
	for _, name := range strings.Split(*algoList, ",") {
		a, err := solver.ParseAlgorithm(strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku compare: %v\n", err)
			return ExitUsage
		}
		if slices.Contains(algos, a) {
			// Its row twice in the table, and a run too many.
			fmt.Fprintf(e.stderr, "sudoku compare: --algos names %s twice\n", a)
			return ExitUsage
		}
		algos = append(algos, a)
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	if msg := algorithmAsFile(files, "--algos"); msg != "" {
		fmt.Fprintf(e.stderr, "sudoku compare: %s\n", msg)
		return ExitUsage
	}
	// Below 400×300 the title, the legend and the boards' names overlap.
	if *chartPath != "" && (*width < 400 || *height < 300 || *width > maxChartSide || *height > maxChartSide) {
		fmt.Fprintf(e.stderr, "sudoku compare: the chart takes 400x300 to %dx%d pixels, not %dx%d\n", maxChartSide, maxChartSide, *width, *height)
		return ExitUsage
	}
	if *timeout < 0 {
		fmt.Fprintf(e.stderr, "sudoku compare: --timeout %v is negative\n", *timeout)
		return ExitUsage
	}
	for _, f := range []string{"csv", "chart"} {
		if fs.Lookup(f).Value.String() == "" && flagSet(fs, f) {
			fmt.Fprintf(e.stderr, "sudoku compare: --%s \"\": an empty file name\n", f)
			return ExitUsage
		}
	}
	if *chartPath == "-" {
		// The table has standard output (a file named "-" was made).
		fmt.Fprintf(e.stderr, "sudoku compare: --chart -: the table goes to standard output; name a .png file for the chart\n")
		return ExitUsage
	}
	for _, o := range []struct{ path, kind string }{{*csvPath, kindCSV}, {*chartPath, kindPNG}} {
		if o.path == "" {
			continue
		}
		// Not a file of another kind, and a chart replaces a chart of
		// ours, not a photo named chart.png (notUnmarkedOut checks both).
		if err := cmp.Or(notAnInput(e, o.path, files), notUnmarkedOut(o.path, o.kind)); err != nil {
			fmt.Fprintf(e.stderr, "sudoku compare: %v\n", err)
			return ExitUsage
		}
	}
	if *csvPath != "" && (samePath(*csvPath, *chartPath) || atomicfile.SameFile(*csvPath, *chartPath)) {
		// the chart would take the place of the table
		fmt.Fprintf(e.stderr, "sudoku compare: --csv and --chart name the same file, %s: choose two\n", *csvPath)
		return ExitUsage
	}
	if ext := strings.ToLower(filepath.Ext(*chartPath)); otherImage(ext) && ext != ".png" {
		// The chart is a PNG whatever its name: c.svg held a PNG.
		fmt.Fprintf(e.stderr, "sudoku compare: --chart %s: the chart is a PNG image (name it .png)\n", *chartPath)
		return ExitUsage
	}
	if *chartPath == "" {
		var given []string
		for _, name := range []string{"width", "height"} {
			if flagSet(fs, name) {
				given = append(given, "--"+name)
			}
		}
		if len(given) > 0 {
			fmt.Fprintf(e.stderr, "sudoku compare: note: %s %s nothing without --chart\n", strings.Join(given, " and "),
				map[bool]string{true: "does", false: "do"}[len(given) == 1])
		}
	}
	// The outputs can be written, before the run: a read-only folder
	// was found only after minutes of comparing (solve and bench find it
	// at once).
	for _, p := range []string{*csvPath, *chartPath} {
		if p == "" || p == "-" {
			continue
		}
		if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() {
			continue // a named pipe or a device: opened once, when written
		}
		f, err := atomicfile.Create(p)
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku compare: %v\n", err)
			return ExitUsage
		}
		f.Abort()
	}
	boards, readOK := readBoardInputs(e, files)
	if len(boards) == 0 {
		if readOK {
			// Else the reading said why already.
			fmt.Fprintln(e.stderr, "sudoku compare: no boards to compare")
		}
		return ExitUsage
	}
	bar := newProgressBar(e.stderr, "comparing", len(boards)*len(algos))
	rep := lab.Compare(context.Background(), boards, lab.Options{Algorithms: algos, Timeout: *timeout}, func(_ lab.Run, done, total int) {
		bar.add(1)
	})
	bar.finish()
	rep.WriteTable(e.stdout)
	fmt.Fprintln(e.stdout)
	for _, s := range rep.Summaries() {
		none, invalid := "", ""
		if s.Unsolvable > 0 {
			none = fmt.Sprintf(" (%d with no solution)", s.Unsolvable)
		}
		if s.Invalid > 0 {
			invalid = fmt.Sprintf(", %d invalid", s.Invalid)
		}
		fmt.Fprintf(e.stdout, "%-5s  %d finished%s, %d timed out%s, %s, total %s\n",
			s.Algorithm, s.Solved, none, s.TimedOut, invalid, s.MedianText(), lab.FormatDuration(s.Total))
	}
	status := ExitOK
	for _, s := range rep.Summaries() {
		if s.Invalid > 0 {
			status = ExitPuzzles
		}
	}
	if !readOK {
		status = ExitUsage
	}
	write := func(path string, fill func(w io.Writer) error) {
		if !readOK {
			// The old file stays rather than give way to a part.
			fmt.Fprintf(e.stderr, "sudoku compare: %s not written, as an input could not be read\n", path)
			return
		}
		if e.stdoutFailed() {
			// The run failed (Run says why): its files do not replace
			// the old ones either.
			fmt.Fprintf(e.stderr, "sudoku compare: %s not written, as the results could not be written to standard output\n", path)
			return
		}
		atomicfile.RemoveStale(path, time.Hour) // a killed write's leftovers (see createOutput)
		if err := atomicfile.Write(path, fill); err != nil {
			fmt.Fprintf(e.stderr, "sudoku compare: %v\n", err)
			status = ExitUsage
		}
	}
	switch *csvPath {
	case "":
	case "-":
		// Standard output, after the table, as solve --csv - does (a
		// file named "-" was made).
		fmt.Fprintln(e.stdout)
		if err := rep.WriteCSV(e.stdout); err != nil && !e.stdoutFailed() { // Run reports a failed standard output
			fmt.Fprintf(e.stderr, "sudoku compare: %v\n", err)
			status = ExitUsage
		}
	default:
		write(*csvPath, rep.WriteCSV)
	}
	if *chartPath != "" {
		write(*chartPath, func(w io.Writer) error { return rep.WriteChartPNG(w, *width, *height) })
	}
	return status
}

// samePath reports two names of one file that need not exist yet: "x.csv"
// and "./x.csv", or a relative and an absolute name.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
