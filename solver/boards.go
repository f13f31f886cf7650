package solver

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
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

// BoardHead is how much of a file IsBoardFile needs to see: a file that
// mixes classic puzzles with boards of other shapes is read as a board
// file when one of those shows in its first BoardHead bytes (the classic
// readers refuse one they meet later).
const BoardHead = 64 << 10

// IsBoardFile reports whether the start of a file (up to BoardHead bytes)
// holds a variant board: its first line that is not blank or a comment is
// a Solo game ID (one that reads, or one with Solo's 'x' or 'j' in its
// parameters), a block header or a line of symbols of a size other than
// 81, or a later line is a Solo game ID or a line of such symbols
// that reads as a board. Classic files go to the Grid readers, which know
// many more layouts.
func IsBoardFile(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	if bytes.HasPrefix(head, []byte(soloSaveMagic)) {
		return true // a save file of Solo's (readSoloSave)
	}
	if len(head) > BoardHead {
		head = head[:BoardHead]
	}
	first := true
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else if !first {
			break // cut by the end of the sample
		} else {
			head = nil
		}
		t := strings.TrimSpace(string(line))
		if t == "" || t[0] == '#' {
			continue
		}
		if first {
			first = false
			if isBlockHeader(t) {
				// "Board 1", "board 4" or "board 9 easy" over rows of
				// nine cells is a classic board's name (as seed 002
				// names its boards), not our header of a board of
				// another side or with a word it does not take.
				return !nameOverClassicRows(t, head)
			}
			// A Solo game ID: one that reads, or one with Solo's x or j
			// (the board reader then says what is wrong with it); a name
			// such as "12:30 start" is neither.
			f := strings.Fields(t)[0]
			// (A line of N² characters that is a table's header is not a
			// board: rate --format csv's, "puzzle,level,er,…", is 36 long.)
			if looksSoloID(f) || otherShape(f) || sideOf(len(f)) != 0 && len(f) != 81 && !strings.ContainsAny(f, ",;\"") && mostlySymbols(f) {
				return true
			}
			continue
		}
		// A classic file's name lines may look like anything: only a
		// board that reads as one counts, or the header of a block of
		// another shape ("board 9 killer", "board 6": a line that stray
		// output put first used to turn a killer's blocks into empty
		// classic boards).
		if otherShape(strings.Fields(t)[0]) || otherShapeHeader(t) {
			return true
		}
		if _, _, ok := csvRow(t); ok {
			return true
		}
	}
	return false
}

// nameOverClassicRows reports a line shaped as our block header that is
// not one for the rows after it (rest, the text that follows it): it does
// not read as a header, or gives a side other than 9, and the next line
// that is not blank or a comment is a classic row of nine cells.
func nameOverClassicRows(header string, rest []byte) bool {
	if b, err := newBlock(header, "", 0, 0); err == nil && b.n == 9 {
		return false
	}
	for len(rest) > 0 {
		line := rest
		if k := bytes.IndexByte(rest, '\n'); k >= 0 {
			line, rest = rest[:k], rest[k+1:]
		} else {
			rest = nil
		}
		t := strings.TrimSpace(string(line))
		if t == "" || t[0] == '#' {
			continue
		}
		cells := strings.Join(strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '|' }), "")
		return len(cells) == 9 && allCells(cells)
	}
	return false
}

// mostlySymbols reports a word at least three quarters of which are what
// boards are written with (digits, blanks, the letters A-G): a board of
// another shape with a mistake or two, which the board reader then names;
// not a line of junk of the same length ("yc@xytye#…", 36 characters,
// made a file of 20,000 good puzzles after it a 6×6 board file, refused).
func mostlySymbols(w string) bool {
	ok := 0
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20 // a-g as A-G
		if w[i] >= '0' && w[i] <= '9' || w[i] == '.' || w[i] == '_' || w[i] == '-' || w[i] == '*' || c >= 'a' && c <= 'g' {
			ok++
		}
	}
	return 4*ok >= 3*len(w)
}

// csvRow reads a line of a table whose first field is a board of another
// shape: a Solo game ID (quoted where it holds commas) or a line of N²
// symbols, as rate --format csv writes them ("ID,level,er,…,name"), with
// its last field as the name where it is words. The rows of a variants
// table were refused ("unexpected ',' after the grid"), where the README
// promises every command reads what rate writes.
func csvRow(t string) (word, name string, ok bool) {
	if !strings.Contains(t, ",") {
		return "", "", false
	}
	r := csv.NewReader(strings.NewReader(t))
	r.FieldsPerRecord = -1
	rec, err := r.Read()
	if err != nil || len(rec) < 2 {
		return "", "", false
	}
	word = strings.TrimSpace(rec[0])
	if !otherShape(word) {
		return "", "", false
	}
	if last := strings.TrimSpace(rec[len(rec)-1]); !allSymbols(last) && strings.IndexFunc(last, unicode.IsLetter) >= 0 && !otherShape(last) {
		name = last
	}
	return word, name, true
}

// tableHeader reports the header line of a table of puzzles
// ("puzzle,level,er,…").
func tableHeader(t string) bool {
	first, _, ok := strings.Cut(t, ",")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.Trim(strings.TrimSpace(first), `"`)) {
	case "puzzle", "puzzles", "board", "id", "quizzes", "game", "name", "grid":
		return true
	}
	return false
}

// otherShape reports whether word (a line's first field) reads as a Solo
// game ID or as a board of N² symbols other than classic 9×9.
func otherShape(word string) bool {
	if IsSoloID(word) {
		_, err := ParseSoloID(word)
		return err == nil
	}
	side := sideOf(len(word))
	if side == 0 || side == 9 {
		return false
	}
	for i := 0; i < len(word); i++ {
		if _, err := ParseSymbol(word[i], side); err != nil {
			return false
		}
	}
	return true
}

// ReadBoardFile reads a board file (see IsBoardFile); its errors name the
// file and line.
func ReadBoardFile(path string) ([]BoardPuzzle, error) {
	return ReadBoardFileSkipping(path, nil)
}

// ReadBoardFileSkipping reads as ReadBoardFile does, but hands a line
// that cannot be read to skip and goes on after it as long as skip
// returns true (a block whose line is bad is dropped whole, up to the
// next blank line or block): one line of text among a file's boards
// failed the file, with --skip-bad and in the window too.
func ReadBoardFileSkipping(path string, skip func(*ParseError) bool) ([]BoardPuzzle, error) {
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
	return ReadBoardsSkipping(f, path, skip)
}

// ReadBoards reads the puzzles of a board file from r; file names it in
// errors.
func ReadBoards(r io.Reader, file string) ([]BoardPuzzle, error) {
	return ReadBoardsSkipping(r, file, nil)
}

// ReadBoardsSkipping is ReadBoards with ReadBoardFileSkipping's skip.
func ReadBoardsSkipping(r io.Reader, file string, skip func(*ParseError) bool) ([]BoardPuzzle, error) {
	lr := &io.LimitedReader{R: r, N: maxInput + 1}
	br := bufio.NewReaderSize(lr, MaxLineLength)
	if head, _ := br.Peek(len(soloSaveMagic) + 3); bytes.HasPrefix(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), []byte(soloSaveMagic)) {
		if bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")) {
			br.Discard(3)
		}
		return readSoloSave(br, file)
	}
	var out []BoardPuzzle
	var blk *block    // the block being read, if any
	dropping := false // the rest of a block with a bad line, up to a blank line or a header
	// skipped reports whether a line's error is skipped.
	skipped := func(perr error) bool {
		var pe *ParseError
		if skip == nil || !errors.As(perr, &pe) || pe.Line == 0 || !skip(pe) {
			return false
		}
		if blk != nil {
			blk, dropping = nil, true
		}
		return true
	}
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, &ParseError{File: file, Line: n, Msg: fmt.Sprintf("line longer than %d KB, not a puzzle file", MaxLineLength>>10)}
		}
		if err != nil && err != io.EOF {
			return nil, &ParseError{File: file, Line: n, Msg: err.Error()}
		}
		// As in classic files: a control character or a byte that is not
		// UTF-8 says the file is not plain text (and a name with an
		// escape could set a terminal's title or clear its screen).
		plain := strings.TrimRight(string(line), "\r\n")
		if r, col := controlRune(plain); col > 0 {
			return nil, &ParseError{File: file, Line: n, Col: col, Msg: notPlainText(plain, r)}
		}
		if len(line) > 0 || blk != nil && err == io.EOF {
			text := strings.TrimSpace(strings.TrimPrefix(string(line), "\uFEFF"))
			if dropping && (text == "" || isBlockHeader(text)) {
				dropping = false
			}
			switch {
			case dropping:
			case blk != nil:
				p, done, perr := blk.add(text, n, err == io.EOF)
				if perr != nil {
					if skipped(perr) {
						break
					}
					return nil, perr
				}
				if done {
					out = append(out, p)
					blk = nil
				}
			case isBlockHeader(text):
				b, perr := newBlock(text, file, n, len(out)+1)
				if perr != nil {
					if skipped(perr) {
						dropping = true // its rows
						break
					}
					return nil, perr
				}
				blk = b
			default:
				p, ok, perr := parseBoardLine(string(line), file, n, len(out)+1)
				if perr != nil {
					if skipped(perr) {
						break
					}
					return nil, perr
				}
				if ok {
					out = append(out, p)
				}
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
	if w, nm, ok := csvRow(t); ok {
		word, name = w, nm // a row of a table: rate --format csv's
	} else if tableHeader(t) {
		return BoardPuzzle{}, false, nil
	}
	named := name != ""
	if !named {
		name = fmt.Sprintf("%s #%d", baseName(file), k)
	}
	if soloRandomID(word) {
		return bad(soloRandomText(word))
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
		if !allSymbols(word) {
			// words, not symbols (a line of text before the boards)
			return bad(fmt.Sprintf("%q is not a board: a board is a line of 16, 36, 64, 81, 144 or 256 symbols (4×4 to 16×16), a Solo game ID or a block's header (board 9 killer)", clip(t)))
		}
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

// baseName is the file name of path, made safe to show (CleanName): a
// name such as "x\x1b]0;T\a.txt" set the terminal's title from every
// puzzle's default name.
func baseName(path string) string {
	return CleanName(BaseName(path))
}

// BaseName is the name a file's puzzles go by: its base name, but the
// whole of a shell's pipe (<(…) gives /dev/fd/63; its puzzles were "63
// #1").
func BaseName(path string) string {
	if strings.HasPrefix(path, "/dev/fd/") || strings.HasPrefix(path, "/proc/self/fd/") {
		return path
	}
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		path = path[i+1:]
	}
	return path
}

// The text format of our own, a board a block: a header line, the
// board's N rows of N symbols ('.' for a blank; spaces between symbols
// are allowed), and for a jigsaw N more rows of N characters, one
// character a region (any letter or digit, each region its own):
//
//	board 6 jigsaw x: Evening puzzle
//	1 . . . 4 .
//	…six rows of symbols…
//	a a a b b b
//	…six rows of regions…
//
// The header is "board", the side (4 to 16), then any of "WxH" (the
// boxes' width and height, squarest by default), "jigsaw", "killer" and
// "x" (both diagonals are units too), and after a colon the puzzle's
// name.
//
// A killer adds, after the symbols (and a jigsaw's regions), N rows of
// cages, one character a cell: cells joined side to side under the same
// letter or digit are one cage ('.' for a cell in no cage; two cages
// that touch need different characters), then N rows of sums, N
// numbers a row separated by spaces: each cage's sum at its first cell
// in reading order, '.' elsewhere:
//
//	board 4 killer
//	. . . .
//	…four rows of symbols…
//	a a b b
//	c d d e
//	c f g e
//	h f g i
//	3 . 7 .
//	5 5 . 4
//	. 5 5 .
//	4 . . 2

// isBlockHeader reports a block's header line: "board" and a side.
// otherShapeHeader reports a block header that reads and is not classic
// 9×9 ("board 9" alone could be a classic puzzle's name, and its block
// is classic anyway).
func otherShapeHeader(t string) bool {
	if !isBlockHeader(t) {
		return false
	}
	b, err := newBlock(t, "", 0, 0)
	return err == nil && (b.n != 9 || b.jigsaw || b.x || b.killer || b.boxW != 3)
}

func isBlockHeader(t string) bool {
	f := strings.Fields(strings.ToLower(t))
	if len(f) < 2 || f[0] != "board" {
		return false
	}
	// Any number of digits: "board 99999999999999999999" is a header
	// with a side out of range (the reader says so), not a name.
	n := strings.TrimSuffix(f[1], ":")
	return n != "" && strings.Trim(n, "0123456789") == ""
}

// block is a block of the text format being read.
type block struct {
	file      string
	line      int // of the header
	name      string
	named     bool
	n         int
	boxW      int
	boxH      int
	jigsaw, x bool
	killer    bool
	rows      [][]byte   // symbols, then regions and cages, as read
	sums      [][]string // a killer's rows of sums
	lines     []int      // the line of each row, rows then sums
	// cols holds, for each row (as lines), the column (from 1) in its line
	// of each cell's character or sum: errors point at the character, not
	// at the cell's number in the row.
	cols [][]int
}

// col is the column in its line of cell c of row k (rows, then sums).
func (b *block) col(k, c int) int {
	if k < len(b.cols) && c < len(b.cols[k]) {
		return b.cols[k][c]
	}
	return c + 1
}

// fieldCols returns the column (from 1) where each of text's fields
// begins, fields being runs of non-space characters or, with each, single
// characters.
func fieldCols(text string, each bool) []int {
	var cols []int
	in := false
	for j, r := range []rune(text) {
		space := unicode.IsSpace(r)
		if !space && (each || !in) {
			cols = append(cols, j+1)
		}
		in = !space
	}
	return cols
}

// grids is how many rows of characters the block has: symbols, regions
// and cages.
func (b *block) grids() int {
	k := 1
	if b.jigsaw {
		k++
	}
	if b.killer {
		k++
	}
	return k * b.n
}

// want is how many rows the block has in all.
func (b *block) want() int {
	if b.killer {
		return b.grids() + b.n
	}
	return b.grids()
}

func newBlock(header, file string, line, k int) (*block, error) {
	bad := func(format string, args ...any) (*block, error) {
		return nil, &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	head, name, named := strings.Cut(header, ":")
	b := &block{file: file, line: line, name: strings.TrimSpace(name), named: named && strings.TrimSpace(name) != ""}
	if !b.named {
		b.name = fmt.Sprintf("%s #%d", baseName(file), k)
	}
	f := strings.Fields(strings.ToLower(head))
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 4 || n > MaxSide {
		return bad("board %s: a side from 4 to %d, please", f[1], MaxSide)
	}
	b.n = n
	b.boxW, b.boxH, _ = DefaultBoxes(n)
	for _, w := range f[2:] {
		var bw, bh int
		switch {
		case w == "jigsaw":
			b.jigsaw = true
		case w == "x":
			b.x = true
		case w == "killer":
			b.killer = true
		case strings.Count(w, "x") == 1 && func() bool { _, err := fmt.Sscanf(w, "%dx%d", &bw, &bh); return err == nil }():
			if bw*bh != n {
				return bad("boxes %s do not make a %d×%d board", w, n, n)
			}
			b.boxW, b.boxH = bw, bh
		default:
			return bad("%q in the header: it takes the side, WxH boxes, jigsaw, killer and x", w)
		}
	}
	if !b.jigsaw && b.boxW == 0 {
		return bad("a %d×%d board without boxes: give them (board %d WxH) or make it a jigsaw", n, n, n)
	}
	return b, nil
}

// add takes the block's next line; done says the block is complete.
// Blank lines and comments between the header and the rows are skipped;
// eof says the file ends here.
func (b *block) add(text string, line int, eof bool) (BoardPuzzle, bool, error) {
	want := b.want()
	if text == "" || text[0] == '#' {
		if eof && len(b.rows)+len(b.sums) < want {
			return BoardPuzzle{}, false, b.short()
		}
		return BoardPuzzle{}, false, nil
	}
	if len(b.rows) == b.grids() {
		f := strings.Fields(text)
		if len(f) != b.n {
			return BoardPuzzle{}, false, &ParseError{File: b.file, Line: line, Msg: fmt.Sprintf("%d sums, want %d in a row of a %d×%d killer (a number or '.' a cell, with spaces between)", len(f), b.n, b.n, b.n)}
		}
		b.sums = append(b.sums, f)
	} else {
		row := []byte(strings.Join(strings.Fields(text), ""))
		if k := strings.IndexFunc(text, func(r rune) bool { return r >= utf8.RuneSelf }); k >= 0 {
			// Counted in bytes, "é . . ." was "5 symbols, want 4".
			r, _ := utf8.DecodeRuneInString(text[k:])
			return BoardPuzzle{}, false, &ParseError{File: b.file, Line: line, Col: utf8.RuneCountInString(text[:k]) + 1, Msg: fmt.Sprintf("%q is not a symbol of a %d×%d board", r, b.n, b.n)}
		}
		if len(row) != b.n {
			what := "symbols"
			switch k := len(b.rows) / b.n; {
			case k == 1 && b.jigsaw:
				what = "regions"
			case k >= 1:
				what = "cages"
			}
			return BoardPuzzle{}, false, &ParseError{File: b.file, Line: line, Msg: fmt.Sprintf("%d %s, want %d in a row of a %d×%d board", len(row), what, b.n, b.n, b.n)}
		}
		b.rows = append(b.rows, row)
	}
	b.lines = append(b.lines, line)
	b.cols = append(b.cols, fieldCols(text, len(b.cols) < b.grids()))
	if len(b.rows)+len(b.sums) < want {
		if eof {
			return BoardPuzzle{}, false, b.short()
		}
		return BoardPuzzle{}, false, nil
	}
	p, err := b.board(line)
	return p, err == nil, err
}

// short is the error of a block the file ends in.
func (b *block) short() error {
	return &ParseError{File: b.file, Line: b.line, Msg: fmt.Sprintf("the board ends after %d of its %d rows", len(b.rows)+len(b.sums), b.want())}
}

// board makes the puzzle of a complete block; line is its last.
func (b *block) board(line int) (BoardPuzzle, error) {
	n := b.n
	var geo *Geometry
	if b.jigsaw {
		ids := map[byte]uint8{}
		var marks []byte          // the regions' letters, by id
		var count, first [256]int // cells of each letter, and its first cell
		region := make([]uint8, n*n)
		last := b.lines[2*n-1]
		at := func(i int) (int, int) { return b.lines[n+i/n], b.col(n+i/n, i%n) }
		for r, row := range b.rows[n : 2*n] {
			for c, ch := range row {
				if !isMark(ch) {
					return BoardPuzzle{}, &ParseError{File: b.file, Line: b.lines[n+r], Col: b.col(n+r, c), Msg: fmt.Sprintf("%q is not a region: a letter or a digit", rune(ch))}
				}
				id, ok := ids[ch]
				if !ok {
					id = uint8(min(len(ids), 255))
					ids[ch] = id
					marks = append(marks, ch)
					first[ch] = r*n + c
				}
				count[ch]++
				region[r*n+c] = id
			}
		}
		// A letter too many is most likely a typo: the one with the fewest
		// cells is named, where it first is (the overflow's place, at the
		// 10th letter met in reading order, was no help).
		if len(marks) > n {
			odd := marks[0]
			for _, ch := range marks {
				if count[ch] <= count[odd] {
					odd = ch
				}
			}
			l, c := at(first[odd])
			return BoardPuzzle{}, &ParseError{File: b.file, Line: l, Col: c, Msg: fmt.Sprintf("more than %d regions: %d letters, of which %q has the fewest cells (%d)", n, len(marks), rune(odd), count[odd])}
		}
		// A region of the wrong size, by its letter: one too big first
		// (a typo's cell is in it), with one too small beside it.
		var big, small byte
		for _, ch := range marks {
			if count[ch] > n && big == 0 {
				big = ch
			}
			if count[ch] < n && small == 0 {
				small = ch
			}
		}
		if big != 0 || small != 0 {
			ch, msg := cmp.Or(big, small), ""
			if big != 0 && small != 0 {
				msg = fmt.Sprintf(" (%q has %d)", rune(small), count[small])
			}
			l, c := at(first[ch])
			return BoardPuzzle{}, &ParseError{File: b.file, Line: l, Col: c, Msg: fmt.Sprintf("region %q has %s, want %d%s", rune(ch), cellCount(count[ch], "cell"), n, msg)}
		}
		g, err := NewJigsaw(n, region, b.x)
		if err != nil {
			// Regions are numbered as their letters were met: named by
			// their letters.
			msg := err.Error()
			if re := (*RegionError)(nil); errors.As(err, &re) && re.Region < len(marks) {
				msg = fmt.Sprintf("region %q %s", rune(marks[re.Region]), re.What)
			}
			return BoardPuzzle{}, &ParseError{File: b.file, Line: last, Msg: "regions: " + msg}
		}
		geo = g
	} else {
		g, err := NewBoxes(b.boxW, b.boxH, b.x)
		if err != nil {
			return BoardPuzzle{}, &ParseError{File: b.file, Line: b.line, Msg: err.Error()}
		}
		geo = g
	}
	if b.killer {
		k, err := b.killerOf(geo)
		if err != nil {
			return BoardPuzzle{}, err
		}
		geo = k
	}
	bd := NewBoard(geo)
	for r, row := range b.rows[:n] {
		for c, ch := range row {
			d, err := ParseSymbol(ch, n)
			if err != nil {
				return BoardPuzzle{}, &ParseError{File: b.file, Line: b.lines[r], Col: b.col(r, c), Msg: err.Error()}
			}
			bd.Cells[r*n+c] = d
		}
	}
	return BoardPuzzle{Name: b.name, Named: b.named, Board: bd, Line: b.line}, nil
}

// isMark reports a character that names a region or a cage.
func isMark(ch byte) bool {
	return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}

// killerOf reads the block's cages and sums onto geo.
func (b *block) killerOf(geo *Geometry) (*Geometry, error) {
	n := b.n
	rows := b.rows[len(b.rows)-n:]
	cageLine := b.lines[len(b.rows)-n:]
	bad := func(l, col int, format string, args ...any) error {
		return &ParseError{File: b.file, Line: l, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	// Cells joined side to side under one character are a cage.
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	var cages []Cage
	for i := 0; i < n*n; i++ {
		ch := rows[i/n][i%n]
		if ch == '.' || cage[i] >= 0 {
			continue
		}
		if !isMark(ch) {
			return nil, bad(cageLine[i/n], b.col(len(b.rows)-n+i/n, i%n), "%q is not a cage: a letter or a digit, or '.' for none", rune(ch))
		}
		k := len(cages)
		cages = append(cages, Cage{})
		cage[i] = k
		stack := []int{i}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cages[k].Cells = append(cages[k].Cells, int16(j))
			for _, m := range neighbours(n, j) {
				if m >= 0 && cage[m] < 0 && rows[m/n][m%n] == ch {
					cage[m] = k
					stack = append(stack, m)
				}
			}
		}
		slices.Sort(cages[k].Cells)
	}
	for i := 0; i < n*n; i++ {
		tok := b.sums[i/n][i%n]
		l, col := b.lines[len(b.rows)+i/n], b.col(len(b.rows)+i/n, i%n)
		k := cage[i]
		if tok == "." {
			if k >= 0 && int(cages[k].Cells[0]) == i {
				return nil, bad(l, col, "the cage of %s has no sum: write it at its first cell", cellName(n, i))
			}
			continue
		}
		v, err := strconv.Atoi(tok)
		switch {
		case err != nil || v < 1:
			return nil, bad(l, col, "%q is not a sum: a number, or '.'", tok)
		case k < 0:
			return nil, bad(l, col, "a sum at %s, which is in no cage", cellName(n, i))
		case int(cages[k].Cells[0]) != i:
			return nil, bad(l, col, "a sum at %s: a cage's sum goes at its first cell, %s", cellName(n, i), cellName(n, int(cages[k].Cells[0])))
		}
		cages[k].Sum = v
	}
	// A cage's sum out of reach is told where the sum is written, its
	// size where the cage starts (at the sums' first line, it could be
	// anywhere in the block).
	for _, c := range cages {
		i := int(c.Cells[0])
		if len(c.Cells) > n {
			return nil, bad(cageLine[i/n], b.col(len(b.rows)-n+i/n, i%n), "the cage of %s has %d cells: a cage holds at most %d on a %d×%d board", cellName(n, i), len(c.Cells), n, n, n)
		}
		if why := sumOutOfReach(n, len(c.Cells), c.Sum); why != "" {
			return nil, bad(b.lines[len(b.rows)+i/n], b.col(len(b.rows)+i/n, i%n), "the cage of %s (sum %d): %s", cellName(n, i), c.Sum, why)
		}
	}
	g, err := NewKiller(geo, cages)
	if err != nil {
		return nil, &ParseError{File: b.file, Line: b.lines[len(b.rows)], Msg: err.Error()}
	}
	return g, nil
}

// Text writes b in the text format (see above) under a header with name
// (none when empty): rows of symbols separated by spaces, then, for a
// jigsaw, its regions as letters a, b, c … in reading order.
func (b Board) Text(name string) string {
	g := b.Geo
	n := g.N
	var sb strings.Builder
	fmt.Fprintf(&sb, "board %d", n)
	switch {
	case g.Jigsaw():
		sb.WriteString(" jigsaw")
	default:
		if w, h, _ := DefaultBoxes(n); w != g.BoxW || h != g.BoxH {
			fmt.Fprintf(&sb, " %dx%d", g.BoxW, g.BoxH)
		}
	}
	if g.Killer() {
		sb.WriteString(" killer")
	}
	if g.X {
		sb.WriteString(" x")
	}
	if name != "" {
		sb.WriteString(": " + name)
	}
	sb.WriteByte('\n')
	row := func(sym func(i int) byte) {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if c > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteByte(sym(r*n + c))
			}
			sb.WriteByte('\n')
		}
	}
	row(func(i int) byte { return Symbol(b.Cells[i]) })
	if g.Jigsaw() {
		letters := map[int]byte{}
		row(func(i int) byte {
			r := g.Region(i)
			if _, ok := letters[r]; !ok {
				letters[r] = byte('a' + len(letters))
			}
			return letters[r]
		})
	}
	if g.Killer() {
		marks := cageMarks(g)
		row(func(i int) byte { return marks[i] })
		width := len(strconv.Itoa(n * (n + 1) / 2))
		if n <= 9 {
			width = 2
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i := r*n + c
				tok := "."
				if k := g.CageOf(i); k >= 0 && int(g.cages[k].Cells[0]) == i {
					tok = strconv.Itoa(g.cages[k].Sum)
				}
				if c < n-1 {
					tok += strings.Repeat(" ", width+1-len(tok))
				}
				sb.WriteString(tok)
			}
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// cageLetters are the characters Text writes for cages, in turn.
const cageLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// cageMarks gives each cell the character of its cage: the cages in
// order, each the next letter that no cage it touches has ('.' for a
// cell in no cage).
func cageMarks(g *Geometry) []byte {
	n := g.N
	marks := make([]byte, n*n)
	for i := range marks {
		marks[i] = '.'
	}
	next := 0
	for _, c := range g.cages {
		for try := 0; try < len(cageLetters); try++ {
			ch := cageLetters[(next+try)%len(cageLetters)]
			free := true
			for _, i := range c.Cells {
				for _, j := range neighbours(n, int(i)) {
					free = free && (j < 0 || marks[j] != ch)
				}
			}
			if free {
				for _, i := range c.Cells {
					marks[i] = ch
				}
				next = (next + try + 1) % len(cageLetters)
				break
			}
		}
	}
	return marks
}

// soloSaveMagic starts a save file of Simon Tatham's puzzles.
const soloSaveMagic = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"

// readSoloSave reads a game saved by Solo (its --save, or Save in its
// window), br past a byte-order mark: records "KEY     :length:value", of which PARAMS and DESC
// make the game ID. Such a file was "no puzzles found".
func readSoloSave(br *bufio.Reader, file string) ([]BoardPuzzle, error) {
	fields := map[string]string{}
	line := 1
	// upTo reads up to and including sep, at most 24 bytes (a key, a
	// length): a file without one is not read whole into memory.
	upTo := func(sep byte) (string, error) {
		var b []byte
		for len(b) < 24 {
			c, err := br.ReadByte()
			if err != nil {
				return string(b), err
			}
			if b = append(b, c); c == sep {
				return string(b), nil
			}
		}
		return string(b), errors.New("too long")
	}
	for {
		key, err := upTo(':')
		if err == io.EOF && strings.TrimSpace(key) == "" {
			break
		}
		if err == io.EOF {
			return nil, &ParseError{File: file, Line: line, Msg: "a Solo save file cut short"}
		}
		if err != nil {
			return nil, &ParseError{File: file, Line: line, Msg: "a Solo save file whose line is no record (KEY:length:value)"}
		}
		lenText, err := upTo(':')
		size, aerr := strconv.Atoi(strings.TrimSuffix(lenText, ":"))
		if err != nil || aerr != nil || size < 0 || size > MaxLineLength {
			return nil, &ParseError{File: file, Line: line, Msg: fmt.Sprintf("a Solo save file's record %q has no length", strings.TrimSpace(strings.TrimSuffix(key, ":")))}
		}
		value := make([]byte, size)
		if _, err := io.ReadFull(br, value); err != nil {
			return nil, &ParseError{File: file, Line: line, Msg: "a Solo save file cut short"}
		}
		k := strings.TrimSpace(strings.TrimSuffix(key, ":"))
		if _, seen := fields[k]; !seen {
			fields[k] = string(value)
		}
		line += 1 + bytes.Count(value, []byte("\n"))
		if b, err := br.ReadByte(); err == nil && b != '\n' {
			br.UnreadByte()
		}
	}
	if g := fields["GAME"]; g != "Solo" {
		return nil, &ParseError{File: file, Msg: fmt.Sprintf("a save file of Simon Tatham's %s, not of Solo: no Sudoku in it", cmp.Or(g, "puzzles"))}
	}
	params, desc := cmp.Or(fields["PARAMS"], fields["CPARAMS"]), fields["DESC"]
	if params == "" || desc == "" {
		return nil, &ParseError{File: file, Msg: "a Solo save file without its game (PARAMS and DESC)"}
	}
	b, err := ParseSoloID(params + ":" + desc)
	if err != nil {
		return nil, &ParseError{File: file, Msg: "a Solo save file: " + err.Error()}
	}
	return []BoardPuzzle{{Name: baseName(file) + " #1", Board: b, Line: 1}}, nil
}
