package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"example.com/sudoku/solver"
)

// anyBoardFile reports whether one of the named files holds puzzles of a
// shape other than classic 9×9 (Solo game IDs, lines of 16 to 256
// symbols). Such a run reads every file as boards of any shape. Standard
// input is looked at through a buffer that keeps what it read.
func anyBoardFile(e *env, files []string) bool {
	for _, f := range files {
		if f == "-" {
			br := bufio.NewReaderSize(e.stdin, 64<<10)
			e.stdin = br
			h, _ := br.Peek(64 << 10)
			if solver.IsBoardFile(h) {
				return true
			}
			continue
		}
		h, err := readHead(f)
		if err == nil && solver.IsBoardFile(h) {
			return true
		}
	}
	return false
}

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
	buf := make([]byte, 64<<10)
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
	for _, f := range files {
		var got []solver.BoardPuzzle
		var err error
		h, herr := readHead(f)
		switch {
		case f == "-":
			var data []byte
			data, err = io.ReadAll(io.LimitReader(e.stdin, 128<<20))
			if err == nil {
				if solver.IsBoardFile(data) {
					got, err = solver.ReadBoards(bytes.NewReader(data), "stdin")
				} else {
					got, err = classicBoards(solver.ReadPuzzles(bytes.NewReader(data), "stdin"))
				}
			}
		case herr == nil && solver.IsBoardFile(h):
			got, err = solver.ReadBoardFile(f)
		default:
			got, err = classicBoards(solver.ReadFile(f))
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %v\n", err)
			ok = false
			continue
		}
		ps = append(ps, got...)
	}
	return ps, ok
}

func classicBoards(ps []solver.Puzzle, err error) ([]solver.BoardPuzzle, error) {
	if err != nil {
		return nil, err
	}
	out := make([]solver.BoardPuzzle, len(ps))
	for i, p := range ps {
		out[i] = solver.BoardPuzzle{Name: p.Name, Board: solver.BoardOf(p.Grid), Line: p.Line}
	}
	return out, nil
}

// solveBoards is `sudoku solve` over boards of any shape, with the same
// formats and flags as the classic run.
func solveBoards(e *env, files []string, algo solver.Algorithm, format string, count bool, timeout time.Duration, jobs int, seed int64, csvPath string) int {
	puzzles, readOK := readBoardInputs(e, files)
	var csvw *csv.Writer
	var csvOut *output
	if csvPath != "" {
		o, err := createOutput(e, csvPath, files)
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
			return ExitUsage
		}
		defer o.abort()
		csvOut, csvw = o, csv.NewWriter(o)
		csvw.Write([]string{"name", "shape", "algorithm", "givens", "status", "solutions", "iterations", "depth", "backtracks", "microseconds"})
	}
	limit := 1
	if count {
		limit = 2
	}
	out := bufio.NewWriter(e.stdout)
	bar := newProgressBar(e.stderr, "solving", len(puzzles))
	failed := false
	runOrdered(context.Background(), len(puzzles), jobs, func(i int) solvedPuzzle {
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
				text.WriteString(strconv.Itoa(r.Solutions) + "\t")
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
		default:
			writeBoardReport(&text, p, r, count, i)
		}
		res.text = text.Bytes()
		if csvw != nil {
			res.csv = []string{p.Name, p.Board.Geo.Name(), string(r.Algorithm), strconv.Itoa(p.Board.Givens()), boardStatusWord(r),
				strconv.Itoa(r.Solutions), strconv.FormatInt(r.Iterations, 10), strconv.Itoa(r.MaxDepth),
				strconv.FormatInt(r.Backtracks, 10), strconv.FormatInt(r.Duration.Microseconds(), 10)}
		}
		bar.add(1)
		return res
	}, func(i int, s solvedPuzzle) {
		failed = failed || s.failed
		out.Write(s.text)
		if csvw != nil {
			csvw.Write(s.csv)
		}
		if out.Buffered() > 32<<10 {
			out.Flush()
		}
	})
	bar.finish()
	out.Flush()
	if csvw != nil {
		csvw.Flush()
		err := csvw.Error()
		if err == nil {
			err = csvOut.commit()
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
			return ExitUsage
		}
	}
	return exitStatus(readOK, failed)
}

func boardStatusWord(r solver.BoardResult) string {
	switch r.Status {
	case solver.Invalid:
		return "invalid"
	case solver.Unsolvable:
		return "unsolvable"
	case solver.Cancelled:
		return "timeout"
	}
	return "solved"
}

func boardFailure(r solver.BoardResult) string {
	if r.Status == solver.Invalid {
		return "invalid: " + r.Err.Error()
	}
	return boardStatusWord(r)
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
		n := strconv.Itoa(r.Solutions)
		if r.Solutions >= 2 {
			n = "2 or more"
		}
		fmt.Fprintf(w, "Solutions: %s\n", n)
	}
	if r.Status == solver.Solved {
		w.WriteString("===(SOLVED)===\n")
		w.WriteString(r.Solution.Rows("  "))
		return
	}
	fmt.Fprintf(w, "Status: %s\n", boardFailure(r))
}
