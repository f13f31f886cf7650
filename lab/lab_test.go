package lab

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"example.com/sudoku/solver"
)

var boards = []solver.BoardPuzzle{
	{Name: "easy1", Board: solver.BoardOf(solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"))},
	{Name: "hard for dfs", Board: solver.BoardOf(solver.MustParse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"))},
	{Name: "no solution", Board: solver.BoardOf(solver.MustParse("1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.."))},
}

func TestCompare(t *testing.T) {
	var calls []int
	// A timeout far above what the quick boards take, also under -race on a
	// loaded machine, and far below what dfs needs on the hard one.
	rep := Compare(context.Background(), boards, Options{Timeout: time.Second}, func(_ Run, done, total int) {
		if total != 15 {
			t.Fatalf("total %d", total)
		}
		calls = append(calls, done)
	})
	if !rep.Complete || len(rep.Runs) != 3 || len(calls) != 15 || calls[14] != 15 {
		t.Fatalf("complete %v, %d rows, progress %v", rep.Complete, len(rep.Runs), calls)
	}
	for a, al := range solver.Algorithms {
		if r := rep.Runs[0][a]; r.Status() != "solved" || r.Algorithm != al {
			t.Errorf("easy1 %s: %s", al, r.Status())
		}
		if r := rep.Runs[2][a]; r.Status() != "unsolvable" && !r.TimedOut() {
			t.Errorf("no solution %s: %s", al, r.Status())
		}
	}
	if r := rep.Runs[1][0]; !r.TimedOut() || r.Status() != "timeout" {
		t.Errorf("dfs on the hard board: %s, want a timeout", r.Status())
	}
	// the lab's figures are the solver's: same iterations as a direct solve
	direct := solver.SolveBoard(context.Background(), boards[0].Board, solver.Options{Algorithm: solver.MRV})
	if rep.Runs[0][1].Result.Iterations != direct.Iterations || rep.Runs[0][1].Result.Backtracks != direct.Backtracks {
		t.Error("lab and solver disagree on mrv's figures")
	}
	s := rep.Summaries()
	if s[0].TimedOut != 1 || s[0].Solved != 2 {
		t.Errorf("dfs summary %+v", s[0])
	}
}

func TestCompareStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rep := Compare(ctx, boards, Options{Algorithms: []solver.Algorithm{solver.Fast, solver.DFS}}, func(_ Run, done, total int) {
		if done == 2 {
			cancel() // stop during the dfs on the hard board
		}
	})
	if rep.Complete || len(rep.Runs) != 1 || len(rep.Boards) != 1 {
		t.Fatalf("complete %v with %d rows", rep.Complete, len(rep.Runs))
	}
}

func TestOutputs(t *testing.T) {
	rep := Compare(context.Background(), boards, Options{Algorithms: []solver.Algorithm{solver.DFS, solver.Fast}, Timeout: 30 * time.Millisecond}, nil)
	var b bytes.Buffer
	if err := rep.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 7 || strings.Join(rows[0], ",") != strings.Join(CSVHeader, ",") {
		t.Fatalf("csv %v %v", rows, err)
	}
	if rows[3][0] != "hard for dfs" || rows[3][1] != "dfs" || rows[3][2] != "timeout" {
		t.Errorf("timed-out row %v", rows[3])
	}
	b.Reset()
	rep.WriteTable(&b)
	if lines := strings.Split(strings.TrimSpace(b.String()), "\n"); len(lines) != 7 || !strings.Contains(lines[3], ">") {
		t.Errorf("table:\n%s", b.String())
	}
	for _, n := range []int{3, MaxBarBoards + 1} { // bars, then box plots
		many := *rep
		for len(many.Runs) < n {
			many.Runs = append(many.Runs, rep.Runs...)
			many.Boards = append(many.Boards, rep.Boards...)
		}
		many.Runs, many.Boards = many.Runs[:n], many.Boards[:n]
		b.Reset()
		if err := many.WriteChartPNG(&b, 640, 400); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		if sz := img.Bounds().Size(); sz.X != 640 || sz.Y != 400 {
			t.Errorf("chart %v, want 640x400", sz)
		}
		// the bars or boxes are drawn in the algorithms' colours
		found := map[solver.Algorithm]bool{}
		for y := 0; y < 400; y++ {
			for x := 0; x < 640; x++ {
				r, g, bb, _ := img.At(x, y).RGBA()
				for al, c := range algoColors {
					cr, cg, cb, _ := c.RGBA()
					if r>>8 == cr>>8 && g>>8 == cg>>8 && bb>>8 == cb>>8 {
						found[al] = true
					}
				}
			}
		}
		if !found[solver.DFS] || !found[solver.Fast] {
			t.Errorf("%d boards: colours found %v", n, found)
		}
	}
}

// The window draws the chart in its theme: a dark background and light
// text; the export stays black on white.
func TestChartInTheme(t *testing.T) {
	rep := Compare(context.Background(), boards[:1], Options{Algorithms: []solver.Algorithm{solver.Fast}}, nil)
	dark := color.NRGBA{0x20, 0x22, 0x26, 0xFF}
	img, err := rep.ChartIn(400, 300, dark, color.White)
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 != 0x20 || g>>8 != 0x22 || b>>8 != 0x26 {
		t.Errorf("corner %v, want the dark background", img.At(1, 1))
	}
	light, _ := rep.Chart(400, 300)
	if r, _, _, _ := light.At(1, 1).RGBA(); r>>8 != 0xFF {
		t.Errorf("the plain chart's corner is %v, want white", light.At(1, 1))
	}
}

func TestDecade(t *testing.T) {
	for e, want := range map[float64]string{-1: "0.1µs", 0: "1µs", 2: "100µs", 3: "1ms", 5: "100ms", 6: "1s", 7: "10s"} {
		if got := decade(e); got != want {
			t.Errorf("decade(%v) = %q, want %q", e, got, want)
		}
	}
}

// TestCSVText checks that names a spreadsheet would run as formulas are
// written as text, and numbers and plain names as they are.
func TestCSVText(t *testing.T) {
	for in, want := range map[string]string{
		"=cmd|' /C calc'!A0": "'=cmd|' /C calc'!A0", "+SUM(A1)": "'+SUM(A1)", "-hard-": "'-hard-", "@x": "'@x", "\tx": "'\tx",
		"-5": "-5", "+1.5": "+1.5", "easy 1.5 seed 3": "easy 1.5 seed 3", "": "",
		// A name's own apostrophe before a formula: one more, which
		// the reader takes off.
		"'=x": "''=x", "''@x": "'''@x", "'plain": "'plain", "'": "'",
	} {
		if got := CSVText(in); got != want {
			t.Errorf("CSVText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestExportsFollowTheRunsBoards checks that the CSV and the table name
// each run's own board when the rows have been reordered (the window
// sorts its table): the CSV used to name rows by their position.
func TestExportsFollowTheRunsBoards(t *testing.T) {
	rep := Compare(context.Background(), boards, Options{Algorithms: []solver.Algorithm{solver.Fast}}, nil)
	slices.Reverse(rep.Runs)
	var csvOut, table strings.Builder
	rep.WriteCSV(&csvOut)
	rep.WriteTable(&table)
	lines := strings.Split(strings.TrimSpace(csvOut.String()), "\n")[1:]
	for k, row := range rep.Runs {
		name := rep.Boards[row[0].Board].Name
		if !strings.HasPrefix(lines[k], CSVText(name)+",") {
			t.Errorf("CSV row %d: %q, want board %q", k, lines[k], name)
		}
	}
	if first := strings.Split(table.String(), "\n")[1]; !strings.HasPrefix(first, rep.Boards[len(boards)-1].Name) {
		t.Errorf("the table's first row %q, want the last board", first)
	}
}

// The median of an even count is the mean of the two middle durations:
// the upper one was reported (797µs for runs of 797µs and 223µs, in the
// Lab and in sudoku compare).
func TestMedian(t *testing.T) {
	us := time.Microsecond
	for _, c := range []struct {
		ds   []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{5 * us}, 5 * us},
		{[]time.Duration{797 * us, 223 * us}, 510 * us},
		{[]time.Duration{3 * us, 1 * us, 2 * us}, 2 * us},
		{[]time.Duration{4 * us, 1 * us, 3 * us, 2 * us}, 2500 * time.Nanosecond},
	} {
		if got := median(c.ds); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.ds, got, c.want)
		}
	}
}

// The median is that of the runs that finished: over a 3µs proof of no
// solution and a run stopped at 500ms it said 250ms, and an invalid
// board's 0µs counted as a run.
func TestSummaryMedianOfFinishedRuns(t *testing.T) {
	run := func(st solver.Status, d time.Duration) Run {
		return Run{Algorithm: solver.DFS, Result: solver.BoardResult{Status: st, Duration: d}}
	}
	rep := &Report{Algorithms: []solver.Algorithm{solver.DFS}, Runs: [][]Run{
		{run(solver.Unsolvable, 3*time.Microsecond)},
		{run(solver.Cancelled, 500*time.Millisecond)},
		{run(solver.Invalid, 0)},
	}}
	s := rep.Summaries()[0]
	if s.Median != 3*time.Microsecond || s.Solved != 1 || s.Unsolvable != 1 || s.TimedOut != 1 || s.Invalid != 1 || s.MedianText() != "median 3µs" {
		t.Errorf("%+v %q", s, s.MedianText())
	}
	rep.Runs = rep.Runs[1:]
	if s := rep.Summaries()[0]; s.MedianText() != "no median" {
		t.Errorf("nothing finished: %q", s.MedianText())
	}
}

// An invalid board has no bar, not even an outline of no height: the
// timeouts' chart drew one under every board that did not time out.
func TestChartNoSliverForAnInvalidBoard(t *testing.T) {
	run := func(b int, st solver.Status, d time.Duration) Run {
		return Run{Board: b, Algorithm: solver.DFS, Result: solver.BoardResult{Status: st, Duration: d}}
	}
	rep := &Report{Boards: []solver.BoardPuzzle{{Name: "bad"}, {Name: "slow"}, {Name: "good"}}, Algorithms: []solver.Algorithm{solver.DFS}, Timeout: time.Second,
		Runs: [][]Run{{run(0, solver.Invalid, 0)}, {run(1, solver.Cancelled, time.Second)}, {run(2, solver.Solved, 100*time.Microsecond)}}, Complete: true}
	img, err := rep.Chart(600, 300)
	if err != nil {
		t.Fatal(err)
	}
	want := color.NRGBAModel.Convert(algoColors[solver.DFS]).(color.NRGBA)
	for x := range 200 { // the first third: the invalid board's place
		for y := range 300 {
			if c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); c == want {
				t.Fatalf("dfs's colour at %d,%d, over the invalid board", x, y)
			}
		}
	}
}

// Over many boards (a box plot), the invalid ones are left out of the
// boxes and the count: they were 0µs outliers under every box.
func TestBoxPlotLeavesOutInvalidBoards(t *testing.T) {
	rep := &Report{Algorithms: []solver.Algorithm{solver.DFS}, Timeout: time.Second, Complete: true}
	for b := range MaxBarBoards + 2 {
		st, d := solver.Solved, time.Duration(100+b)*time.Microsecond
		if b == 0 {
			st, d = solver.Invalid, 0
		}
		rep.Boards = append(rep.Boards, solver.BoardPuzzle{Name: fmt.Sprint(b)})
		rep.Runs = append(rep.Runs, []Run{{Board: b, Algorithm: solver.DFS, Result: solver.BoardResult{Status: st, Duration: d}}})
	}
	withBad, err := rep.Chart(600, 400)
	if err != nil {
		t.Fatal(err)
	}
	rep.Boards, rep.Runs = rep.Boards[1:], rep.Runs[1:]
	for b := range rep.Runs {
		rep.Runs[b][0].Board = b
	}
	without, err := rep.Chart(600, 400)
	if err != nil {
		t.Fatal(err)
	}
	// The plots are the same but for the title.
	differ := 0
	bounds := withBad.Bounds()
	for y := 40; y < bounds.Dy(); y++ {
		for x := range bounds.Dx() {
			if withBad.At(x, y) != without.At(x, y) {
				differ++
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d pixels differ below the title", differ)
	}
}

// An invalid board has no time: "-" in the table, nothing in the CSV (0
// read as one measured); a chart of invalid boards alone says no board
// was run.
func TestInvalidBoardsHaveNoTime(t *testing.T) {
	rep := &Report{Boards: []solver.BoardPuzzle{{Name: "bad"}}, Algorithms: []solver.Algorithm{solver.DFS}, Complete: true,
		Runs: [][]Run{{{Board: 0, Algorithm: solver.DFS, Result: solver.BoardResult{Status: solver.Invalid}}}}}
	var table, csvOut bytes.Buffer
	rep.WriteTable(&table)
	rep.WriteCSV(&csvOut)
	if !strings.HasSuffix(strings.TrimSpace(table.String()), " -") || !strings.HasSuffix(strings.TrimSpace(csvOut.String()), ",") {
		t.Errorf("table:\n%s\ncsv:\n%s", table.String(), csvOut.String())
	}
	if _, err := rep.Chart(600, 400); err != nil {
		t.Fatal(err)
	}
}

// Over many boards (a box plot), a run cut off by the timeout is left out
// of its box: its time is only a floor (the box's median sat at 8 ms
// where the table's said 6.61, and a floor above the limit was drawn as
// an outlier). So the chart is the same whatever floor it stopped at.
func TestBoxPlotLeavesOutTimedOutRuns(t *testing.T) {
	chart := func(floor time.Duration) image.Image {
		rep := &Report{Algorithms: []solver.Algorithm{solver.DFS}, Timeout: 100 * time.Millisecond, Complete: true}
		for b := range MaxBarBoards + 5 {
			st, d := solver.Solved, time.Duration(100+b)*time.Microsecond
			if b%10 == 3 {
				st, d = solver.Cancelled, floor
			}
			rep.Boards = append(rep.Boards, solver.BoardPuzzle{Name: fmt.Sprint(b)})
			rep.Runs = append(rep.Runs, []Run{{Board: b, Algorithm: solver.DFS, Result: solver.BoardResult{Status: st, Duration: d}}})
		}
		img, err := rep.Chart(600, 400)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	a, b := chart(145*time.Millisecond), chart(5*time.Second)
	differ := 0
	for y := range a.Bounds().Dy() {
		for x := range a.Bounds().Dx() {
			if a.At(x, y) != b.At(x, y) {
				differ++
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d pixels differ: the floors of runs cut off are drawn", differ)
	}
}

// Every algorithm has a colour of its own: seed 002's were drawn black.
func TestEveryAlgorithmHasItsColour(t *testing.T) {
	seen := map[color.NRGBA]solver.Algorithm{}
	for _, a := range solver.AllAlgorithms {
		c, ok := algoColors[a]
		if !ok {
			t.Errorf("%s has no colour", a)
			continue
		}
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		if other, dup := seen[n]; dup {
			t.Errorf("%s and %s share %v", a, other, n)
		}
		seen[n] = a
	}
}

// The table's columns line up under names that a terminal shows wider or
// narrower than their characters: a Chinese name, a tab.
func TestTableAlignsWideNames(t *testing.T) {
	named := slices.Clone(boards[:3])
	named[0].Name, named[1].Name, named[2].Name = "数独パズル", "a\tb", "plain"
	rep := Compare(context.Background(), named, Options{Algorithms: []solver.Algorithm{solver.Fast}}, nil)
	var table strings.Builder
	rep.WriteTable(&table)
	col := -1
	for _, line := range strings.Split(strings.TrimSpace(table.String()), "\n") {
		k := strings.Index(line, "  fast")
		if k < 0 {
			k = strings.Index(line, "  algorithm")
		}
		if c := DisplayWidth(line[:k]); col >= 0 && c != col || strings.Contains(line, "\t") {
			t.Errorf("misaligned: %q", line)
		} else {
			col = c
		}
	}
}

// FitWidth cuts a name to a table's column, wide characters counted as
// two columns.
func TestFitWidth(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"short", 10, "short"},
		{"The Sunday Times Christmas special", 10, "The S…cial"},
		{"/tmp/TestSameBaseNames12345/001/a/x.txt #1", 24, "/tmp/TestSam…/a/x.txt #1"},
		{"数独パズル一二三", 7, "数独…三"},
	} {
		if got := FitWidth(c.in, c.w); got != c.want || DisplayWidth(got) > c.w {
			t.Errorf("FitWidth(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}
