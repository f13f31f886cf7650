package solver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// BoardPuzzle is a puzzle of any geometry read from a file.
type BoardPuzzle struct {
	Name  string // "FILE #N", or the text after the board on its line
	Named bool   // the name came from the file
	Board Board
	Line  int // 1-based
}

// A board file holds a puzzle a line, of any shape: a Solo game ID
// ("2x3:…", "3x3x:…", "9j:…,…"), or a line of N² symbols (1-9, then A-G;
// '.' or '0' for blanks) for a board with rectangular boxes, at least as
// wide as high (16, 36, 64, 81, 144 or 256 symbols). Text after the board,
// past a space, names it. Blank lines and lines starting with '#' are
// skipped.

// DefaultBoxes is the box shape of an N×N board when only its size is
// known (a line of symbols, a generated board): the squarest boxes, wider
// than high.
func DefaultBoxes(n int) (w, h int, ok bool) {
	switch n {
	case 4:
		return 2, 2, true
	case 6:
		return 3, 2, true
	case 8:
		return 4, 2, true
	case 9:
		return 3, 3, true
	case 12:
		return 4, 3, true
	case 16:
		return 4, 4, true
	}
	return 0, 0, false
}

// sideOf is N for a line of N² symbols of a supported size, else 0.
func sideOf(length int) int {
	for _, n := range []int{4, 6, 8, 9, 12, 16} {
		if n*n == length {
			return n
		}
	}
	return 0
}

// boxGeometries keeps the geometries of the box shapes read from lines of
// symbols: one each, however many puzzles a file holds.
var boxGeometries struct {
	sync.Mutex
	m map[[2]int]*Geometry
}

func boxGeometry(w, h int) *Geometry {
	boxGeometries.Lock()
	defer boxGeometries.Unlock()
	if boxGeometries.m == nil {
		boxGeometries.m = map[[2]int]*Geometry{}
	}
	g := boxGeometries.m[[2]int{w, h}]
	if g == nil {
		g = mustBoxes(w, h, false)
		boxGeometries.m[[2]int{w, h}] = g
	}
	return g
}

// IsBoardFile reports whether the start of a file (its first line that
// is not blank or a comment) is a variant board: a Solo game ID, or a
// line of symbols of a size other than 81. Classic files go to the Grid
// readers, which know many more layouts.
func IsBoardFile(head []byte) bool {
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		t := strings.TrimSpace(string(line))
		if t == "" || t[0] == '#' {
			continue
		}
		if IsSoloID(t) {
			return true
		}
		f := strings.Fields(t)[0]
		return sideOf(len(f)) != 0 && len(f) != 81
	}
	return false
}

// ReadBoardFile reads a board file (see IsBoardFile); its errors name the
// file and line.
func ReadBoardFile(path string) ([]BoardPuzzle, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if err := notRegular(path, fi); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBoards(f, path)
}

// ReadBoards reads the puzzles of a board file from r; file names it in
// errors.
func ReadBoards(r io.Reader, file string) ([]BoardPuzzle, error) {
	lr := &io.LimitedReader{R: r, N: maxInput + 1}
	br := bufio.NewReaderSize(lr, MaxLineLength)
	var out []BoardPuzzle
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, &ParseError{File: file, Line: n, Msg: fmt.Sprintf("line longer than %d KB, not a puzzle file", MaxLineLength>>10)}
		}
		if err != nil && err != io.EOF {
			return nil, &ParseError{File: file, Line: n, Msg: err.Error()}
		}
		if len(line) > 0 {
			p, ok, perr := parseBoardLine(string(line), file, n, len(out)+1)
			if perr != nil {
				return nil, perr
			}
			if ok {
				out = append(out, p)
			}
		}
		if err == io.EOF {
			break
		}
	}
	if lr.N <= 0 {
		return nil, &ParseError{File: file, Msg: fmt.Sprintf("larger than %d MB, too large for a puzzle file", maxInput>>20)}
	}
	if len(out) == 0 {
		return nil, &ParseError{File: file, Msg: "no puzzles found"}
	}
	return out, nil
}

func parseBoardLine(line, file string, n, k int) (BoardPuzzle, bool, error) {
	t := strings.TrimSpace(strings.TrimPrefix(line, "\uFEFF"))
	if t == "" || t[0] == '#' {
		return BoardPuzzle{}, false, nil
	}
	bad := func(msg string) (BoardPuzzle, bool, error) {
		return BoardPuzzle{}, false, &ParseError{File: file, Line: n, Msg: msg}
	}
	word, name := t, ""
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		word, name = t[:i], strings.TrimSpace(t[i+1:])
	}
	named := name != ""
	if !named {
		name = fmt.Sprintf("%s #%d", baseName(file), k)
	}
	if IsSoloID(word) {
		b, err := ParseSoloID(word)
		if err != nil {
			return bad(err.Error())
		}
		return BoardPuzzle{Name: name, Named: named, Board: b, Line: n}, true, nil
	}
	side := sideOf(len(word))
	if side == 0 {
		return bad(fmt.Sprintf("%d symbols: a board has 16, 36, 64, 81, 144 or 256 (4×4 to 16×16), or is a Solo game ID", len(word)))
	}
	w, h, _ := DefaultBoxes(side)
	b := NewBoard(boxGeometry(w, h))
	for i := 0; i < len(word); i++ {
		d, err := ParseSymbol(word[i], side)
		if err != nil {
			return BoardPuzzle{}, false, &ParseError{File: file, Line: n, Col: i + 1, Msg: err.Error()}
		}
		b.Cells[i] = d
	}
	return BoardPuzzle{Name: name, Named: named, Board: b, Line: n}, true, nil
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
