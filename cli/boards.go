package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"example.com/sudoku/generator"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// anyBoardFile reports whether one of the named files holds puzzles of a
// shape other than classic 9×9 (Solo game IDs, lines of 16 to 256
// symbols). Such a run reads every file as boards of any shape. Standard
// input is looked at through a buffer that keeps what it read.
func anyBoardFile(e *env, files []string) bool {
	for _, f := range files {
		if f == "-" {
			var h []byte
			h, e.stdin = peekHead(e.stdin)
			if solver.IsBoardFile(h) {
				return true
			}
			continue
		}
		h, err := e.head(f)
		if err == nil && solver.IsBoardFile(h) {
			return true
		}
	}
	return false
}

// peekHead returns the first 64 KB of r (standard input) without taking
// them, and the reader to read all of r from. When r ends sooner, all of
// it is in head, and rest gives it and then the end (or a read error)
// without reading r again: the peek took the end of file, and at a
// terminal reading on needed a second Ctrl-D.
func peekHead(r io.Reader) (head []byte, rest io.Reader) {
	br := bufio.NewReaderSize(r, solver.BoardHead)
	h, err := br.Peek(solver.BoardHead)
	if err != nil {
		return h, io.MultiReader(bytes.NewReader(bytes.Clone(h)), errReader{err})
	}
	return h, br
}

// errReader gives err at once: the end of what was read before.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// readHead reads the first 64 KB of a regular file.
func readHead(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, solver.BoardHead)
	n, err := io.ReadFull(f, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return buf[:n], err
}

// readBoardInputs reads each file as boards: board files as such, classic
// files (any of their layouts) as classic boards.
func readBoardInputs(e *env, files []string) (ps []solver.BoardPuzzle, ok bool) {
	ok = true
	clash := clashingBases(files)
	for _, f := range files {
		var got []solver.BoardPuzzle
		var err error
		h, herr := e.head(f)
		switch {
		case f == "-":
			var data []byte
			data, err = io.ReadAll(io.LimitReader(e.stdin, 128<<20))
			if err == nil {
				if solver.IsBoardFile(data) {
					got, err = e.readBoards(bytes.NewReader(data), "stdin")
				} else {
					var ps []solver.Puzzle
					err = e.scanReader(bytes.NewReader(data), "stdin", func(p solver.Puzzle) error { ps = append(ps, p); return nil })
					if err == nil {
						got, err = classicBoards(ps, nil)
					}
				}
			}
		case herr == nil && solver.IsBoardFile(h):
			got, err = e.readBoardFile(f)
		default:
			// Straight into boards: a slice of puzzles first, then the
			// boards, held both at once (compare of a million puzzles).
			err = e.scanFile(f, func(size int64) {
				got = make([]solver.BoardPuzzle, 0, min(size/82+1, 1<<20))
			}, func(p solver.Puzzle) error {
				got = append(got, boardPuzzle(p))
				return nil
			})
			if err != nil {
				got = nil
			}
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %s\n", readProblem(err))
			ok = false
			continue
		}
		if clash[f] {
			for i := range got {
				if !got[i].Named {
					got[i].Name = pathName(got[i].Name, f)
				}
			}
		}
		ps = append(ps, got...)
	}
	e.skipSummary()
	return ps, ok
}

func classicBoards(ps []solver.Puzzle, err error) ([]solver.BoardPuzzle, error) {
	if err != nil {
		return nil, err
	}
	out := make([]solver.BoardPuzzle, len(ps))
	for i, p := range ps {
		out[i] = boardPuzzle(p)
	}
	return out, nil
}

// boardPuzzle is a classic puzzle as a board of any shape.
func boardPuzzle(p solver.Puzzle) solver.BoardPuzzle {
	return solver.BoardPuzzle{Name: p.Name, Named: p.Named, Board: solver.BoardOf(p.Grid), Line: p.Line}
}

// solveBoards is `sudoku solve` over boards of any shape, with the same
// formats and flags as the classic run. The CSV has a shape column when
// shapes says a file of other shapes is among the inputs (classic files
// only, written --format text, keep the classic run's columns).
func solveBoards(e *env, files []string, algo solver.Algorithm, format string, count bool, timeout time.Duration, jobs int, seed int64, csvPath string, shapes bool) int {
	puzzles, readOK := readBoardInputs(e, files)
	header := []string{"name", "shape", "algorithm", "givens", "status", "solutions", "iterations", "depth", "backtracks", "microseconds"}
	if !shapes {
		header = slices.Delete(header, 1, 2)
	}
	sink, err := newSolvedSink(e, csvPath, files, header)
	if err != nil {
		return ExitUsage
	}
	defer sink.abort()
	limit := 1
	if count {
		limit = 2
	}
	bar := newProgressBar(e.stderr, "solving", len(puzzles))
	run, stop := context.WithCancel(context.Background())
	defer stop()
	sink.stop = stop
	runOrdered(run, len(puzzles), jobs, func(i int) solvedPuzzle {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, timeout)
		}
		defer cancel()
		p := &puzzles[i]
		r := solver.SolveBoard(ctx, p.Board, solver.Options{Algorithm: algo, Limit: limit, Seed: seed})
		res := solvedPuzzle{failed: r.Status != solver.Solved}
		var text bytes.Buffer
		switch format {
		case "line":
			if count {
				text.WriteString(countText(r.Status, r.Solutions, false) + "\t")
			}
			if r.Status == solver.Solved {
				text.WriteString(r.Solution.String())
			} else {
				text.WriteString(boardFailure(r))
			}
			text.WriteByte('\n')
		case "grid":
			if i > 0 {
				text.WriteByte('\n')
			}
			if r.Status == solver.Solved {
				text.WriteString(r.Solution.Rows(""))
			} else {
				text.WriteString(boardFailure(r) + "\n")
			}
		case "text":
			if i > 0 {
				text.WriteByte('\n')
			}
			if r.Status == solver.Solved {
				text.WriteString(r.Solution.Text(p.Name))
			} else {
				text.WriteString("# " + p.Name + ": " + boardFailure(r) + "\n")
			}
		default:
			writeBoardReport(&text, p, r, count, i)
		}
		res.text = text.Bytes()
		if sink.csvw != nil {
			res.csv = []string{lab.CSVText(p.Name), p.Board.Geo.Name(), string(r.Algorithm), strconv.Itoa(p.Board.Givens()), statusName(r.Status),
				countText(r.Status, r.Solutions, false), strconv.FormatInt(r.Iterations, 10), strconv.Itoa(r.MaxDepth),
				strconv.FormatInt(r.Backtracks, 10), strconv.FormatInt(r.Duration.Microseconds(), 10)}
			if !shapes {
				res.csv = slices.Delete(res.csv, 1, 2)
			}
		}
		bar.add(1)
		return res
	}, sink.emit)
	bar.finish()
	return sink.close(readOK)
}

func boardFailure(r solver.BoardResult) string {
	if r.Status == solver.Invalid {
		return "invalid: " + r.Err.Error()
	}
	return statusName(r.Status)
}

// writeBoardReport prints seed 002's block for a board of any shape.
func writeBoardReport(w *bytes.Buffer, p *solver.BoardPuzzle, r solver.BoardResult, count bool, i int) {
	if i > 0 {
		w.WriteByte('\n')
	}
	fmt.Fprintf(w, "Board: %s\n", p.Name)
	if !p.Board.Geo.IsClassic() {
		fmt.Fprintf(w, "Shape: %s\n", p.Board.Geo.Name())
	}
	fmt.Fprintf(w, "%s: Iterations=%d Depth=%d Backtracks=%d\n", upper(r.Algorithm), r.Iterations, r.MaxDepth, r.Backtracks)
	fmt.Fprintf(w, "Computation Time: %s\n", millis(r.Duration))
	if count {
		fmt.Fprintf(w, "Solutions: %s\n", countText(r.Status, r.Solutions, true))
	}
	if r.Status == solver.Solved {
		w.WriteString("===(SOLVED)===\n")
		w.WriteString(r.Solution.Rows("  "))
		if count && r.Solutions >= 2 {
			if other, ok := solver.OtherBoardSolution(context.Background(), p.Board, r.Solution); ok {
				w.WriteString(anotherSolution(p.Board.Geo, r.Solution.Cells, other.Cells))
				w.WriteString(other.Rows("  "))
			}
		}
		return
	}
	fmt.Fprintf(w, "Status: %s\n", boardFailure(r))
	if r.Candidates != nil {
		w.WriteString("===(UNSOLVED)===\n")
		w.WriteString(unsolvedReport(p.Board, r.Status, r.Candidates))
	}
}

// generatedBoard is one puzzle of a batch of any shape, or why it is
// missing.
type generatedBoard struct {
	p   generator.BoardPuzzle
	err error
}

// generateBoards is `sudoku generate` for shapes other than classic 9×9,
// and for Solo game IDs of any shape.
func generateBoards(e *env, v generator.Variant, size int, level logic.Level, sym generator.Symmetry, minimal bool,
	format string, count int, seed int64, seedSet bool, outPath string, force bool, timeout time.Duration, jobs int, givens int, how string) int {
	usageErr := func(f string, args ...any) int {
		fmt.Fprintf(e.stderr, "sudoku generate: "+f+"\n", args...)
		return ExitUsage
	}
	okSize := false
	for _, n := range generator.Sizes(v) {
		okSize = okSize || n == size
	}
	if !okSize {
		return usageErr("--size %d: %v boards come in sizes %s", size, v, joinInts(generator.Sizes(v)))
	}
	if !(v == generator.Classic && size == 9) {
		okLevel := false
		for _, l := range generator.Levels(v, size) {
			okLevel = okLevel || l == level
		}
		if !okLevel {
			return usageErr("%v %d×%d puzzles come in levels %s, not %v", v, size, size, joinLevels(generator.Levels(v, size)), level)
		}
		if minimal {
			return usageErr("--minimal is for classic 9×9 puzzles")
		}
	}
	killer := v == generator.Killer || v == generator.KillerX
	if killer && givens < 0 {
		return usageErr("--givens %d: want a number of givens from 0 (none, the usual killer) to %d", givens, size*size-1)
	}
	if killer && givens >= size*size {
		// All of them given is a solved grid, not a puzzle.
		return usageErr("--givens %d: a %d×%d board has %d cells; give fewer than all", givens, size, size, size*size)
	}
	switch format {
	case "solo", "text":
	case "line", "grid":
		if killer {
			return usageErr("--format %s cannot show a killer's cages and sums: use --format solo or text", format)
		}
		if v != generator.Classic {
			what := map[generator.Variant]string{generator.X: "an X board's diagonals", generator.Jigsaw: "a jigsaw's regions", generator.JigsawX: "a jigsaw X's regions and diagonals"}[v]
			return usageErr("--format %s cannot show %s: use --format solo or text", format, cmp.Or(what, "the shape"))
		}
		if format == "grid" {
			// N lines of N symbols do not read back: a 16×16 board's
			// rows read as sixteen 4×4 puzzles of one line each, and
			// other sizes as 9×9 rows that are too short.
			return usageErr("--format grid is for 9×9 boards (a %d×%d board's rows would not read back as one board): use --format text, the same rows under a header, or line", size, size)
		}
	default:
		// The formats this shape takes (those the cases above allow).
		ok := "text or solo"
		switch {
		case killer || v != generator.Classic:
		case size == 9:
			ok = "text, solo, line or grid"
		default:
			ok = "text, solo or line"
		}
		return usageErr("--format %s is for classic 9×9 puzzles; %s are written as %s", format, boardsName(v, size), ok)
	}
	if count < 1 {
		return usageErr("-n %d: want at least one puzzle", count)
	}
	if timeout < 0 {
		return usageErr("--timeout %v is negative", timeout)
	}
	if !seedSet {
		seed = rand.Int64N(1_000_000_000)
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	out, ctx, interruptDone, err := openGenerated(e, ctx, outPath, force)
	if err != nil {
		return usageErr("%v", err)
	}
	if !seedSet {
		fmt.Fprintf(e.stderr, "sudoku generate: seed %d (--seed %d makes these puzzles again)\n", seed, seed)
	}
	defer out.abort()
	defer interruptDone()
	w := bufio.NewWriter(out)
	bar := newBar(e.stderr, "generating", count)
	var keep batchKeep
	var failure error
	runOrdered(ctx, count, jobs, func(k int) generatedBoard {
		p, err := generator.GenerateBoard(ctx, generator.BoardOptions{Variant: v, Size: size, Level: level, Seed: generator.BatchSeed(seed, k), Symmetry: sym, Givens: givens})
		if err == nil {
			bar.add(1)
		}
		return generatedBoard{p, err}
	}, func(k int, g generatedBoard) {
		if g.err != nil {
			failure = cmp.Or(failure, g.err)
		}
		made := keep.made
		if !keep.take(k, g.err, ctx.Err() != nil) {
			return
		}
		switch format {
		case "solo":
			w.WriteString(g.p.Board.SoloGameID() + "\n")
		case "text":
			if made > 0 {
				w.WriteByte('\n')
			}
			w.WriteString(g.p.Board.Text(fmt.Sprintf("%s %.1f seed %d%s", g.p.Rating.Level, g.p.Rating.Score, g.p.Seed, how)))
		case "line":
			w.WriteString(g.p.Board.String() + "\n")
		case "grid":
			if made > 0 {
				w.WriteByte('\n')
			}
			w.WriteString(g.p.Board.Rows(""))
		}
	})
	bar.finish()
	failure = generateFailure(ctx, failure, keep.made, count)
	kept := keepsOld(out, failure)
	if keep.made > 0 && !kept {
		if status, ok := endGenerated(e, w.Flush, out, seed); !ok {
			return status
		}
	}
	return finishGenerate(e, failure, keep.made, keep.upTo, count, timeout, outPath, kept, seed)
}

// rateBoard rates a board of any shape as the window does.
func rateBoard(b solver.Board) (logic.Rating, error) {
	return logic.RatePuzzle(context.Background(), b)
}

// rateBoards is `sudoku rate` over boards of any shape; the table adds
// each board's shape.
func rateBoards(e *env, files []string, format string, jobs int) int {
	list, readOK := readBoardInputs(e, files)
	out := newRecordWriter(e.stdout)
	nameWidth, shapeWidth := len("PUZZLE"), len("SHAPE")
	for _, p := range list {
		nameWidth = max(nameWidth, min(displayWidth(p.Name), maxNameWidth))
		shapeWidth = max(shapeWidth, len(p.Board.Geo.Name()))
	}
	if format == "csv" && len(list) > 0 {
		writeCSVRow(out, rateCSVHeader)
	}
	if format == "table" && len(list) > 0 {
		// SCORE is SE's ER on classic 9×9 boards, with its EP and ED
		// ("-" on other shapes, which SE does not rate), as `rate` gives
		// for classic files.
		fmt.Fprintf(out, "%s  %-*s  %-10s %5s %4s %4s  %s\n", padTo("PUZZLE", nameWidth), shapeWidth, "SHAPE", "LEVEL", "SCORE", "EP", "ED", "HARDEST")
	}
	failed := false
	counts := map[string]int{}
	bar := newProgressBar(e.stderr, "rating", len(list))
	run, stop := context.WithCancel(context.Background())
	defer stop()
	runOrdered(run, len(list), jobs, func(i int) rating {
		r, err := rateBoard(list[i].Board)
		bar.add(1)
		return rating{r, err}
	}, func(i int, v rating) {
		level, score, what := v.fields()
		failed = failed || v.err != nil
		counts[level]++
		// SE's EP and ED for a classic board, "-" for one of another shape,
		// which SE does not rate.
		ep, ed := v.pearlDiamond()
		if _, classic := list[i].Board.ToGrid(); !classic {
			ep, ed = "-", "-"
		}
		if format == "csv" {
			// The puzzle as a Solo game ID on another shape (one line;
			// read back by every command), an 81-character line on classic.
			puzzle := list[i].Board.SoloID()
			if g, classic := list[i].Board.ToGrid(); classic {
				puzzle = g.String()
			}
			if v.err != nil {
				score = ""
			}
			if writeCSVRow(out, []string{puzzle, level, score, what, ep, ed, lab.CSVText(list[i].Name)}) != nil {
				stop()
			}
		} else if format == "line" {
			// The same five columns as a classic run's.
			if _, err := fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", level, score, what, ep, ed); err != nil {
				stop() // a failed write: no use rating on
			}
		} else {
			if v.err != nil {
				score = "-"
			}
			if _, err := fmt.Fprintf(out, "%s  %-*s  %-10s %5s %4s %4s  %s\n", padTo(lab.FitWidth(list[i].Name, maxNameWidth), nameWidth), shapeWidth, list[i].Board.Geo.Name(), level, score, ep, ed, what); err != nil {
				stop()
			}
		}
		if out.done() != nil {
			stop()
		}
	})
	bar.finish()
	if format == "table" {
		writeSummary(out, counts, len(list))
	}
	out.Flush()
	return exitStatus(readOK, failed)
}

// joinInts writes 4, 6, 8 and 9.
func joinInts(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	return andJoin(words)
}

// joinLevels writes easy, medium and hard.
func joinLevels(ls []logic.Level) string {
	words := make([]string, len(ls))
	for i, l := range ls {
		words[i] = l.String()
	}
	return andJoin(words)
}

// andJoin joins words as "a", "a and b", "a, b and c".
func andJoin(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// boardsName names the boards of variant v and side size for a message:
// "9×9 killer boards", "6×6 boards".
func boardsName(v generator.Variant, size int) string {
	if v == generator.Classic {
		return fmt.Sprintf("%d×%d boards", size, size)
	}
	return fmt.Sprintf("%d×%d %v boards", size, size, v)
}
