package solver

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Puzzle is one board read from a file.
type Puzzle struct {
	Name    string // from the file, or "FILE #N"
	Named   bool   // the name came from the file
	Grid    Grid
	Line    int    // 1-based line where the board starts
	Comment string // text after an 81-character board on its line
	// Cands, when the file gave the board as a grid of candidates (pencil
	// marks, as HoDoKu and Sudoku Explainer copy a position), holds each
	// empty cell's; nil otherwise. A cell with one candidate is a given.
	Cands *Candidates
	// Progress, when the file saved a game of the puzzle (HoDoKu's
	// library, OpenSudoku's saved games), is where that game was; nil
	// otherwise.
	Progress *Progress
}

// Progress is a game a file saved, past its givens: the digits placed
// since, and pencil marks. It was read and dropped, and the game started
// again from the givens without a word.
type Progress struct {
	Placed Grid       // digits placed since the givens, in cells with no given (0: none)
	Marks  Candidates // pencil marks of the cells empty in both (0: none)
}

// progressOf is p, or nil when it holds nothing past the givens g; it
// keeps digits and marks only where they may be.
func progressOf(g Grid, p Progress) *Progress {
	some := false
	for i := range g {
		if g[i] != 0 {
			p.Placed[i], p.Marks[i] = 0, 0
		}
		if p.Placed[i] != 0 {
			p.Marks[i] = 0
		}
		p.Marks[i] &= All
		some = some || p.Placed[i] != 0 || p.Marks[i] != 0
	}
	if !some {
		return nil
	}
	return &p
}

const (
	// MaxFileSize is the largest file read: a million 81-character lines
	// take 82 MB, so anything past this is not a puzzle file.
	MaxFileSize = 256 << 20
	// MaxLineLength is the longest line read; a longer one ends the read
	// at once, before it is taken into memory.
	MaxLineLength = 64 << 10
)

// maxInput is MaxFileSize; tests make it smaller.
var maxInput int64 = MaxFileSize

// ParseError locates a problem in a puzzle file.
type ParseError struct {
	File string
	Line int // 0 when the problem is the whole file
	Col  int // 0 when not known
	Msg  string
}

func (e *ParseError) Error() string {
	file := CleanName(e.File) // a name's control characters as escapes
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %s", file, e.Msg)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %s", file, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Col, e.Msg)
}

// ReadFile reads every puzzle in the file at path. A file over MaxFileSize,
// or not a regular file, is refused before it is read.
func ReadFile(path string) ([]Puzzle, error) {
	var ps []Puzzle
	err := ScanFile(path, func(size int64) {
		// A hint of one puzzle per 82 bytes (a line of the line format),
		// up to a million, saves growing the list: that took most of the
		// reading time of big files.
		ps = make([]Puzzle, 0, min(size/82, 1<<20))
	}, func(p Puzzle) error {
		ps = append(ps, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ps, nil
}

// ScanFile reads the file at path as ReadFile does, handing each puzzle to
// fn as soon as it is read (see ScanPuzzles); sized, if not nil, first
// hears the file's size.
func ScanFile(path string, sized func(size int64), fn func(Puzzle) error) error {
	return ScanFileSkipping(path, sized, fn, nil)
}

// ScanFileSkipping reads as ScanFile does, but hands a line that cannot
// be read to skip and goes on after it (the board the line was part of is
// dropped) as long as skip returns true. The file's own problems (too
// large, binary, not a file) and XML errors still stop the reading.
func ScanFileSkipping(path string, sized func(size int64), fn func(Puzzle) error, skip func(*ParseError) bool) error {
	return ScanFileTee(path, sized, fn, skip, nil)
}

// ScanFileTee reads as ScanFileSkipping does and, when tee is not nil,
// writes to it every byte read from the file, the whole file when the
// reading ends without an error: a hash of what was read (not of what the
// file holds by the time a second look reads it) keys what is kept about
// it.
func ScanFileTee(path string, sized func(size int64), fn func(Puzzle) error, skip func(*ParseError) bool, tee io.Writer) error {
	return ScanFileWith(path, fn, ScanOptions{Sized: sized, Skip: skip, Tee: tee})
}

// ScanOptions are the hooks of ScanFileWith and ScanPuzzlesWith, each
// optional.
type ScanOptions struct {
	Sized func(size int64)       // told the file's size before it is read
	Skip  func(*ParseError) bool // as ScanFileSkipping's skip
	Tee   io.Writer              // as ScanFileTee's tee
	// Solution is told of each solved grid that follows the puzzle it
	// solves, on line, the puzzle's on puzzleLine: skipped, as the
	// solution it is (qqwing --solution writes them so), not a puzzle of
	// its own. A script that lines its results up with the puzzles
	// learns why there is one fewer.
	Solution func(line, puzzleLine int)
}

// ScanFileWith reads as ScanFile does, with the hooks of o.
func ScanFileWith(path string, fn func(Puzzle) error, o ScanOptions) error {
	// Stat before Open: opening a FIFO would wait for a writer.
	if fi, err := os.Stat(path); err != nil {
		return err
	} else if err := notRegular(path, fi); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if err := notRegular(path, fi); err != nil {
		return err // replaced since the first look
	}
	if err := SizeError(path, fi.Size()); err != nil {
		return err
	}
	if o.Sized != nil {
		o.Sized(fi.Size())
	}
	if o.Tee == nil {
		return scanPuzzles(f, path, fn, o)
	}
	r := io.TeeReader(f, o.Tee)
	if err := scanPuzzles(r, path, fn, o); err != nil {
		return err
	}
	// The XML reader stops at its last element: the rest goes to tee too.
	if _, err := io.Copy(io.Discard, r); err != nil {
		return &ParseError{File: path, Msg: err.Error()}
	}
	return nil
}

// SizeError is the error for a puzzle file of size bytes at path that is
// too large to read (over MaxFileSize), or nil.
func SizeError(path string, size int64) error {
	if size <= MaxFileSize {
		return nil
	}
	return &ParseError{File: path, Msg: fmt.Sprintf("%d MB is too large for a puzzle file (limit %d MB)", size>>20, MaxFileSize>>20)}
}

// NotRegular is notRegular for callers that stat a file before they open
// it (opening a FIFO blocks until a writer comes).
func NotRegular(path string, fi os.FileInfo) error { return notRegular(path, fi) }

// notRegular refuses what is not a regular file: a directory, a FIFO, a
// device or a socket could block the reader or never end.
func notRegular(path string, fi os.FileInfo) error {
	switch m := fi.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return &ParseError{File: path, Msg: "is a directory, not a puzzle file"}
	case m&os.ModeNamedPipe != 0:
		return &ParseError{File: path, Msg: "is a FIFO, not a puzzle file (use - to read standard input)"}
	case m&(os.ModeDevice|os.ModeCharDevice) != 0:
		return &ParseError{File: path, Msg: "is a device, not a puzzle file (use - to read standard input)"}
	}
	return &ParseError{File: path, Msg: "is not a regular file"}
}

// stickyEOF ends at the first end of file for good. A terminal gives an
// end of file for each Ctrl-D, and bufio reads again after one: without
// this, typing puzzles would take Ctrl-D twice.
type stickyEOF struct {
	r   io.Reader
	eof bool
}

func (s *stickyEOF) Read(p []byte) (int, error) {
	if s.eof {
		return 0, io.EOF
	}
	n, err := s.r.Read(p)
	if err == io.EOF {
		s.eof = true
	}
	return n, err
}

// ReadPuzzles reads every puzzle from r, detecting the format from the
// content: 81-character lines (.sdm), grids of nine rows (plain, with
// spaces or commas, Simple Sudoku .ss, pretty +---+ borders), named boards,
// SadMan .sdk headers and OpenSudoku XML. A UTF-8 byte-order mark and CRLF
// line ends are accepted. file names the input in errors and puzzle names.
func ReadPuzzles(r io.Reader, file string) ([]Puzzle, error) {
	var ps []Puzzle
	if err := ScanPuzzles(r, file, func(p Puzzle) error { ps = append(ps, p); return nil }); err != nil {
		return nil, err
	}
	return ps, nil
}

// ScanPuzzles reads puzzles from r as ReadPuzzles does, handing each to fn
// as soon as it is read, so that a program can show the first puzzles of
// a big file while the rest is read, and hold them as it likes. An error
// from fn stops the reading and is returned as it is. On a read or parse
// error the puzzles before it have been handed over already.
func ScanPuzzles(r io.Reader, file string, fn func(Puzzle) error) error {
	return scanPuzzles(r, file, fn, ScanOptions{})
}

// ScanPuzzlesSkipping is ScanPuzzles that hands a line that cannot be read
// to skip and goes on after it, as ScanFileSkipping does.
func ScanPuzzlesSkipping(r io.Reader, file string, fn func(Puzzle) error, skip func(*ParseError) bool) error {
	return scanPuzzles(r, file, fn, ScanOptions{Skip: skip})
}

// ScanPuzzlesWith is ScanPuzzles with the hooks of o (its Sized and Tee
// are not used).
func ScanPuzzlesWith(r io.Reader, file string, fn func(Puzzle) error, o ScanOptions) error {
	return scanPuzzles(r, file, fn, o)
}

func scanPuzzles(r io.Reader, file string, fn func(Puzzle) error, o ScanOptions) error {
	lr := &io.LimitedReader{R: &stickyEOF{r: r}, N: maxInput + 1}
	br := bufio.NewReaderSize(lr, MaxLineLength)
	head, err := br.Peek(8192)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return &ParseError{File: file, Msg: err.Error()}
	}
	if len(bytes.TrimSpace(head)) == 0 && len(head) < 8192 {
		if len(head) > 0 {
			return &ParseError{File: file, Msg: "no puzzles, only blank lines"}
		}
		if file == "" || file == "-" || file == "stdin" {
			return &ParseError{File: file, Msg: "empty input, no puzzles"} // (standard input is no file)
		}
		return &ParseError{File: file, Msg: "empty file, no puzzles"}
	}
	if utf16Text(head) {
		return &ParseError{File: file, Msg: "UTF-16 text, not UTF-8: save the file as UTF-8 (or plain ASCII)"}
	}
	if looksBinary(head) {
		return &ParseError{File: file, Msg: "binary file, not a puzzle file"}
	}
	if bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")) {
		br.Discard(3)
		head = head[3:]
	}
	if h := bytes.TrimLeft(head, " \t\r\n"); bytes.HasPrefix(h, []byte("{")) && bytes.HasPrefix(bytes.TrimLeft(h[1:], " \t\r\n"), []byte(`"sudoku_game"`)) {
		// The window's Save Game As file: "no puzzles found" said
		// nothing of what it is. (filekind.IsGame's test, written here
		// again: the solver uses the standard library alone.)
		return &ParseError{File: file, Msg: "a game saved by the window (Save Game As): open it there (File → Open); the commands read puzzle files"}
	}
	var n int
	count := func(p Puzzle) error { n++; return fn(p) }
	if t := bytes.TrimSpace(head); len(t) > 0 && t[0] == '<' {
		err = readXML(br, file, count)
	} else {
		err = readText(br, file, count, o.Skip, o.Solution)
	}
	var pe *ParseError
	if lr.N <= 0 && (err == nil || errors.As(err, &pe)) {
		// Whatever the reader made of the cut, the input was too long.
		err = &ParseError{File: file, Msg: fmt.Sprintf("larger than %d MB, too large for a puzzle file", maxInput>>20)}
	}
	if err == nil && n == 0 {
		err = &ParseError{File: file, Msg: "no puzzles found"}
	}
	return err
}

// looksBinary reports NUL bytes, or bytes that are not UTF-8 in more than
// one in twenty, in the first bytes of a file (a rune cut by the end of
// the sample is allowed). A text with a few such bytes (a name in
// Latin-1) is text: its lines say where.
// utf16Text reports text in UTF-16 (Windows' "Unicode"): Latin text, a
// NUL after (little-endian) or before every character, after a
// byte-order mark or not.
func utf16Text(head []byte) bool {
	pairs := func(b []byte, little bool) bool {
		n := len(b) &^ 1
		if n < 2 {
			return false
		}
		for i := 0; i < n; i += 2 {
			c, z := b[i], b[i+1]
			if !little {
				c, z = z, c
			}
			if z != 0 || c == 0 {
				return false
			}
		}
		return true
	}
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return pairs(head[2:], true)
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return pairs(head[2:], false)
	}
	return len(head) >= 8 && (pairs(head, true) || pairs(head, false))
}

// NotText reports whether the start of a file says it is no text file
// (a NUL, or bytes that are not UTF-8 text).
func NotText(head []byte) bool { return looksBinary(head) }

func looksBinary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	// Comment lines left out: a short file under a Latin-1 header heavy
	// in accents ("# été à là école") was called binary, where such
	// lines are read (their odd bytes as '?').
	var text []byte
	for line := range bytes.Lines(head) {
		if t := bytes.TrimLeft(line, " \t"); len(t) == 0 || t[0] != '#' {
			text = append(text, line...)
		}
	}
	head = text
	bad, size := 0, len(head)
	for len(head) > 0 {
		r, n := utf8.DecodeRune(head)
		if r == utf8.RuneError && n <= 1 && (len(head) >= utf8.UTFMax || utf8.FullRune(head)) {
			bad++
		}
		head = head[n:]
	}
	return bad > 0 && bad*20 > size
}

// notPlainText says what controlRune found in line: a NUL byte, a byte
// that is not UTF-8 (and which), or a control character.
func notPlainText(line string, r rune) string {
	switch r {
	case 0:
		return "NUL byte (U+0000): binary data, not a puzzle file"
	case utf8.RuneError:
		for i := 0; i < len(line); {
			c, n := utf8.DecodeRuneInString(line[i:])
			if c == utf8.RuneError && n <= 1 {
				return fmt.Sprintf("a byte that is not UTF-8 (0x%02X; save the file as UTF-8)", line[i])
			}
			i += n
		}
		return "the character U+FFFD" // written as such: not plain text either
	}
	if isBidi(r) {
		return fmt.Sprintf("direction control character %U (it reorders the text around it)", r)
	}
	if r == '\r' {
		return "a carriage return (U+000D) inside the line: the file's lines end with a carriage return alone (old Mac line ends); save it with LF or CRLF line ends"
	}
	return fmt.Sprintf("control character %U", r)
}

// cellCount is n and the noun, in the plural but for one: "1 row", "5
// cells".
func cellCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// textReader turns lines into puzzles.
type textReader struct {
	file, base string
	fn         func(Puzzle) error // hears each puzzle
	n          int                // puzzles read
	stop       error              // fn's error
	name       string             // a name line waiting for its board
	nameLine   int                // the line of name
	rows       int                // rows of the board under way
	grid       Grid
	start      int                        // line of the board's first row
	skip       bool                       // inside an .sdk section that is not the puzzle
	nameCol    int                        // 1 + the column of a table's names ("name" in its header), or 0
	boardCol   int                        // 1 + the column of a table's puzzles ("puzzle", "quizzes"), or 0
	last       Grid                       // the board read last, while it may be followed by its solution
	lastLine   int                        // the line of last
	solution   func(line, puzzleLine int) // told of a solution skipped (ScanOptions.Solution)
	lastOpen   bool                       // last has blanks, and nothing but its solution may follow yet
	cands      Candidates                 // the board under way's candidates, when hasCands
	hasCands   bool                       // a row of the board under way was a row of candidates
	badRow     bool                       // the error just made is a row's (see drop)
	redo       bool                       // the line just in error is to be read again once the board before it is dropped
	trailer    bool                       // the text lines since nameLine name nothing (see text)
	drop       int                        // rows to drop: the rest of a board whose row was skipped
	bandGaps   int                        // blank lines between the bands of the board under way (after its rows 3 and 6)
	gapLine    int                        // the line of the last of them
	noGaps     bool                       // a board of nine rows in a row was read: the file's boards have no gaps between bands
	progress   *Progress                  // the game saved with the board being emitted (HoDoKu's library)
	inPuzzle   bool                       // inside an .sdk [Puzzle] section: its board is held (for a [State] after it)
	inState    bool                       // inside the [State] section of the held board
	held       *Puzzle                    // the board of an .sdk [Puzzle] section, not yet handed on
}

// release hands on the puzzle held for its [State], if any.
func (t *textReader) release() {
	if p := t.held; p != nil {
		t.held = nil
		if err := t.fn(*p); err != nil && t.stop == nil {
			t.stop = err
		}
	}
}

func readText(br *bufio.Reader, file string, fn func(Puzzle) error, skip func(*ParseError) bool, solution func(line, puzzleLine int)) error {
	t := &textReader{file: file, base: baseName(file), fn: fn, solution: solution}
	for n := 1; ; n++ {
		if t.stop != nil {
			return t.stop
		}
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			perr := t.errf(n, 0, "line longer than %d KB, not a line of puzzles", MaxLineLength>>10)
			if skip == nil || !skip(perr) {
				return perr
			}
			// Skipped (the window reads on past bad lines): the rest of
			// the line goes unread into memory, a buffer at a time, and
			// the lines after it are read as any others.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			t.rows, t.name = 0, ""
			if err == io.EOF {
				return t.stop
			}
			if err != nil {
				return &ParseError{File: file, Line: n, Msg: err.Error()}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return &ParseError{File: file, Line: n, Msg: err.Error()}
		}
		if len(line) > 0 {
			text := line
			for len(text) > 0 && (text[len(text)-1] == '\n' || text[len(text)-1] == '\r') {
				text = text[:len(text)-1]
			}
			for again := true; again; {
				again = false
				if t.bareBoard(n, text) {
					break
				}
				if perr := t.line(n, string(text)); perr != nil {
					if skip == nil || !skip(perr) {
						return perr
					}
					if t.badRow {
						// The rest of the board the row was part of goes
						// too: read as a board of its own, it was "the
						// board has 8 rows" at the next blank line, or
						// joined the next board's rows.
						t.drop = max(0, 8-t.rows)
					}
					t.rows, t.name = 0, "" // drop the board the line was part of
					// A line that only showed the board before it was
					// cut short is read again, on its own.
					again, t.redo = t.redo, false
				}
				t.badRow = false
			}
		}
		if err == io.EOF {
			t.release()
			if t.rows > 0 {
				last := n // the file's last line: not the empty read after its newline
				if len(line) == 0 {
					last--
				}
				perr := t.short(t.errf(last, 0, "%s has %s, want 9 (missing row at end of file)", t.boardName(), cellCount(t.rows, "row")))
				if skip == nil || !skip(perr) {
					return perr
				}
			}
			return t.stop
		}
	}
}

func (t *textReader) errf(line, col int, format string, args ...any) *ParseError {
	return &ParseError{File: t.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// short is perr, the error of a board cut short, unless the board's
// first row came with text after it ("53..7....   # row one"): read as
// the board's name, it left eight rows, and the error pointed at the
// board's end for what is wrong on its first line.
func (t *textReader) short(perr *ParseError) *ParseError {
	if t.rows != 8 || t.nameLine != t.start-1 {
		return perr
	}
	f := strings.Fields(t.name)
	lead, k := "", 0
	for k < len(f) && allCells(f[k]) && len(lead) < 9 {
		lead, k = lead+f[k], k+1
	}
	if len(lead) != 9 || k == len(f) {
		return perr
	}
	return t.errf(t.nameLine, 0, "a row with text after it (%q): a row holds its 9 cells alone, and a comment goes on a line of its own", strings.Join(f[k:], " "))
}

func (t *textReader) boardName() string {
	if t.name != "" {
		return fmt.Sprintf("board %q", t.name)
	}
	return "the board"
}

func (t *textReader) emit(line int, g Grid, comment string) {
	progress := t.progress
	t.progress = nil
	if t.inState && t.held != nil {
		// The rows of a [State]: the digits placed in the held puzzle's
		// blanks are its game's progress (any other cell is its given).
		var p Progress
		for i, d := range g {
			if t.held.Grid[i] == 0 {
				p.Placed[i] = d
			}
		}
		t.held.Progress = progressOf(t.held.Grid, p)
		t.inState, t.skip = false, true // (the rest of the section, if any)
		t.name = ""
		t.release()
		return
	}
	t.release()
	if t.lastOpen && g[0] != 0 && t.solutionOfLast(g) {
		// A solved grid right after the puzzle it solves is that
		// puzzle's solution, as qqwing --solution and many collections
		// write them ("puzzle, then its solution"), not a puzzle of its
		// own: it is skipped (and told of).
		t.lastOpen = false
		t.name = ""
		if t.solution != nil {
			t.solution(line, t.lastLine)
		}
		return
	}
	t.last, t.lastOpen, t.lastLine = g, hasBlank(&g), line
	name, named := t.name, t.name != ""
	if name == "" {
		// One allocation, not Sprintf's or a concatenation's several: a
		// big file has a name to make per line.
		var buf [64]byte
		b := append(append(buf[:0], t.base...), " #"...)
		name = string(strconv.AppendInt(b, int64(t.n+1), 10))
	}
	t.n++
	p := Puzzle{Name: name, Named: named, Grid: g, Line: line, Comment: comment, Progress: progress}
	if t.hasCands {
		c := t.cands
		for i := range c {
			if g[i] == 0 && c[i] == 0 {
				c[i] = All // a blank in a row without candidates: any digit
			}
		}
		p.Cands = &c
		t.hasCands = false
	}
	t.name = ""
	if t.inPuzzle {
		t.held = &p // until its [State], if one follows
		return
	}
	if err := t.fn(p); err != nil && t.stop == nil {
		t.stop = err
	}
}

// solutionOfLast reports whether g, the board just read, is a solution
// of the puzzle read before it: full, valid, keeping its givens, and with
// no name of its own but one that says it is a solution.
func (t *textReader) solutionOfLast(g Grid) bool {
	if t.name != "" && !strings.Contains(strings.ToLower(t.name), "solution") {
		return false
	}
	return solves(t.last, g)
}

// solves reports whether g is a solution of puzzle: full, valid and
// keeping its givens.
func solves(puzzle, g Grid) bool {
	for i, d := range g {
		if d == 0 || puzzle[i] != 0 && puzzle[i] != d {
			return false
		}
	}
	return g.Validate() == nil
}

// csvFields splits a line of a table: commas, or semicolons or tabs where
// the line has no comma, fields maybe quoted.
// rateRow reports a row of rate --format csv: the puzzle, a level word,
// ER, the technique, EP, ED and the name.
func rateRow(f []string) bool {
	if len(f) != 7 {
		return false
	}
	for _, r := range f[1] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	_, err := strconv.ParseFloat(f[2], 64)
	return f[1] != "" && err == nil
}

func csvFields(line string) ([]string, error) {
	r := csv.NewReader(strings.NewReader(line))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	switch {
	case strings.Contains(line, ","):
	case strings.Contains(line, ";"):
		r.Comma = ';'
	case strings.Contains(line, "\t"):
		r.Comma = '\t'
	}
	return r.Read()
}

// spreadsheetRow reads a row of nine fields split by commas, semicolons
// or tabs, each empty or one cell, with at least one empty: a
// spreadsheet's range of cells saved as CSV, its empty cells blanks.
func spreadsheetRow(s string) (string, bool) {
	if len(s) > 9*8 { // nine fields of a cell at most, a few spaces: no row (a CSV file's every line came here)
		return "", false
	}
	for _, sep := range []string{",", ";", "\t"} {
		row := s
		if strings.Count(row, sep) == 9 && strings.HasSuffix(strings.TrimRight(row, " "), sep) {
			// A separator after the last field too, as some spreadsheets
			// write each row (",,3,,7,,,4,,"): "row has 5 cells".
			row = strings.TrimSuffix(strings.TrimRight(row, " "), sep)
		}
		if strings.Count(row, sep) != 8 {
			continue
		}
		parts := strings.Split(row, sep)
		var b [9]byte
		empty := false
		for k, p := range parts {
			p = strings.Trim(strings.TrimSpace(p), `"`)
			switch {
			case p == "":
				b[k], empty = '.', true
			case len(p) == 1 && isCell(p[0]):
				b[k] = p[0]
			default:
				return "", false
			}
		}
		if empty {
			return string(b[:]), true
		}
	}
	return "", false
}

// hasBlank reports whether g has an empty cell (most puzzles do early).
func hasBlank(g *Grid) bool {
	for _, d := range g {
		if d == 0 {
			return true
		}
	}
	return false
}

// bareBoard takes line n when it is exactly 81 cells and no board is under
// way, the shape of every large puzzle file, and reports whether it did.
// It gives what line would, without line's tokenizing and copying, which
// took a third of the time of solving a file of easy puzzles.
func (t *textReader) bareBoard(n int, text []byte) bool {
	if len(text) != 81 || t.rows > 0 || t.skip {
		return false
	}
	var g Grid
	for i, b := range text {
		v := cellValue[b]
		if v > 9 {
			return false
		}
		g[i] = v
	}
	t.emit(n, g, "")
	return true
}

// cellValue maps a character to its digit, 0 for a blank, and 255 for
// anything that is not a cell.
var cellValue = func() (v [256]uint8) {
	for b := range v {
		switch {
		case b >= '1' && b <= '9':
			v[b] = uint8(b - '0')
		case !isBlank(byte(b)):
			v[b] = 255
		}
	}
	return v
}()

// line handles one line of text; n is its 1-based number.
func (t *textReader) line(n int, raw string) *ParseError {
	s := strings.TrimSpace(raw)
	// A control character anywhere says the file is not plain text, on a
	// line of its own too: a vertical tab or form feed, which TrimSpace
	// takes for a space, made a blank line there, and before a board was
	// said to be in a comment.
	if r, _ := controlRune(raw); r == utf8.RuneError && strings.HasPrefix(s, "#") {
		// A comment line in another encoding than UTF-8 ("# Puzzles de
		// l'été" in Latin-1): read, its odd bytes as "?". The window
		// skipped the line and the command line refused the whole file
		// over words nothing reads.
		raw = strings.ToValidUTF8(raw, "?")
		s = strings.TrimSpace(raw)
	}
	if r, col := controlRune(raw); col > 0 {
		where := whereInLine(raw, s, col)
		if r == '\r' {
			where = "" // the line ends there: a board after it is the next line, not a comment
		}
		return t.errf(n, col, "%s%s", notPlainText(raw, r), where)
	}
	if len(raw) == 9 && !t.skip && strings.Trim(raw, " 123456789") == "" && strings.Contains(raw, " ") && (strings.TrimSpace(raw) != "" || t.rows > 0 || t.name != "" && t.nameLine == n-1) {
		// A row written with spaces for its blanks, as some web pages
		// give a grid ("62   7   "): nine characters, digits and spaces
		// (all spaces inside a board, or right under its name). Its
		// digits were taken for a name, and the board was lost without a
		// word.
		return t.cells(n, strings.ReplaceAll(raw, " ", "."))
	}
	if tabs := strings.Count(raw, "\t"); s == "" && t.rows > 0 && (tabs == 8 || tabs == 9) && !t.skip {
		// A spreadsheet's empty row, copied with its tabs: nine blanks,
		// not the blank line that ends a board ("the board has 8 rows").
		if row, ok := spreadsheetRow(strings.Trim(raw, " \r\n")); ok {
			return t.cells(n, row)
		}
	}
	if done, err := t.markup(n, s); done {
		return err
	}
	if g, progress, ok, msg := hodokuLibraryLine(s); ok && !t.skip {
		// HoDoKu's library (":0901:1:.7..6+3…:811 911 213::151:"): the
		// third field is the puzzle ('+' before a digit placed since,
		// which is no given). It was "':' is not a digit 1-9 or blank".
		if msg != "" {
			return t.errf(n, 0, "%s", msg)
		}
		if t.rows > 0 {
			return t.short(t.errf(n, 0, "%s has %s, want 9 (found a line of HoDoKu's library instead of a row)", t.boardName(), cellCount(t.rows, "row")))
		}
		t.progress = progress
		t.emit(n, g, "")
		return nil
	}
	if row, ok := spreadsheetRow(strings.Trim(raw, " ")); ok && !t.skip { // (tabs at its ends are empty fields)
		// A spreadsheet's 9×9 range saved as CSV: an empty field is a
		// blank (";;4;3;;;2;;9" was "row has 5 cells").
		return t.cells(n, row)
	}
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '|' || r == '[' || r == ']' || r == ';' || r == '"'
	})
	if len(fields) == 0 {
		return nil // only brackets and punctuation
	}
	// An 81-character board, maybe followed by a comment; or a row of a
	// table (CSV: commas, semicolons or tabs, fields maybe quoted) with a
	// board among its fields, the first such field (Kaggle's
	// "quizzes,solutions", or "id,puzzle,solution,clues,difficulty").
	board := -1
	if len(fields[0]) == 81 && allCells(fields[0]) {
		board = 0
	} else {
		// A table's field, or a board after a label ("Puzzle: 4....8.5…",
		// as a web page gives it: "'P' is not a digit").
		board = slices.IndexFunc(fields, func(f string) bool { return len(f) == 81 && allCells(f) })
	}
	if board >= 0 {
		if t.rows > 0 {
			// The board under way is cut short; the error names where it
			// starts, and a reader skipping bad boards reads this line
			// again, as the board it is (it was dropped with the rows).
			t.redo = true
			return t.short(t.errf(t.start, 0, "%s has %s, want 9 (a whole board on one line follows, on line %d)", t.boardName(), cellCount(t.rows, "row"), n))
		}
		table := strings.ContainsAny(strings.TrimSpace(s), ",;\t")
		if table && t.name != "" && t.nameLine == n-1 && strings.ContainsAny(t.name, ",;\t") {
			// The table's header line ("quizzes,solutions"), not a name;
			// a column it calls "name" names the rows' puzzles (rate
			// --format csv's, read back), and one it calls "puzzle" or
			// "quizzes" holds them where another board comes first
			// ("solutions,quizzes" was read as solved grids).
			t.nameCol, t.boardCol = 0, 0
			if head, err := csvFields(t.name); err == nil {
				for k, h := range head {
					switch strings.ToLower(strings.Trim(strings.TrimSpace(h), `"`)) {
					case "name", "title":
						t.nameCol = k + 1
					case "puzzle", "puzzles", "quiz", "quizzes", "question", "sudoku", "grid", "givens", "board":
						t.boardCol = k + 1
					}
				}
			}
			t.name = ""
		}
		var rec []string
		if table && (t.nameCol > 0 || t.boardCol > 0) {
			rec, _ = csvFields(s)
		}
		if t.boardCol > 0 && len(rec) >= t.boardCol {
			if f := strings.TrimSpace(rec[t.boardCol-1]); len(f) == 81 && allCells(f) {
				if k := slices.Index(fields, f); k >= 0 {
					board = k
				}
			}
		}
		if t.nameCol > 0 && t.name == "" && len(rec) >= t.nameCol {
			t.name = CleanName(unquoteFormula(strings.TrimSpace(rec[t.nameCol-1])))
		}
		if table && t.nameCol == 0 && t.boardCol == 0 && t.name == "" && board == 0 {
			// A row of rate --format csv without its header (grep
			// ',insane,' r.csv | sudoku print -): its name is its last
			// field, as with the header (the booklet's captions lost
			// where each puzzle came from).
			if row, err := csvFields(s); err == nil && rateRow(row) {
				t.name = CleanName(unquoteFormula(strings.TrimSpace(row[6])))
			}
		}
		g, _ := Parse(fields[board])
		before, after, _ := strings.Cut(s, fields[board])
		before = strings.TrimRight(strings.TrimSpace(before), `"`)
		after = strings.TrimLeft(strings.TrimSpace(after), `"`)
		comment := strings.TrimSpace(strings.TrimSpace(before) + " " + strings.TrimSpace(after))
		if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			// A JSON array of boards: each element is one, and one that
			// is not is an error, not dropped without a word.
			for k, f := range fields {
				if len(f) != 81 || !allCells(f) {
					return t.errf(n, 0, "element %d of the list, %q, is not a board of 81 cells", k+1, clip(f))
				}
			}
		}
		more := 0 // boards after the first on the line with blanks: puzzles too
		for _, f := range fields[board+1:] {
			if h, err := Parse(f); len(f) == 81 && allCells(f) && err == nil && hasBlank(&h) {
				more++ // a full grid is a solution column, right or wrong
			}
		}
		if more > 0 {
			// Several puzzles on one line (a JSON array of them): each
			// is one (all but the first were dropped without a word).
			comment = ""
		}
		if t.name == "" && before == "" && more == 0 && t.boardCol == 0 && t.nameCol == 0 && !strings.ContainsAny(after[:min(len(after), 1)], ",;") {
			// Words after the board on its line name it, as the
			// window's Add to the File writes a name ("4...3...
			// Sunday puzzle" read back as "f.txt #4"); a solution,
			// ratings or a CSV's columns do not.
			t.name = commentName(after)
		}
		t.emit(n, g, comment)
		for _, f := range fields[board+1:] {
			if h, err := Parse(f); more > 0 && len(f) == 81 && allCells(f) && err == nil && hasBlank(&h) {
				t.emit(n, h, "")
			}
		}
		return nil
	}
	if row, cands, ok, msg := candidateRow(fields); !t.skip && (ok || msg != "") {
		// A row of a grid of candidates ("| 4  1679  12679 | 139 …"):
		// a cell of one digit holds it, the others are blank with those
		// candidates (it was "line has 47 cells, want 81").
		if !ok {
			t.badRow = true
			return t.errf(n, 0, "%s", msg)
		}
		t.row(n, row, &cands)
		return nil
	}
	cells := strings.Join(fields, "")
	if allCells(cells) {
		return t.cells(n, cells)
	}
	return t.text(n, raw, s, cells)
}

// markup handles the lines that are no part of a board: blank lines, .sdk
// headers and sections, comments and border lines. It reports whether the
// line was one of them, and the error if it was out of place.
func (t *textReader) markup(n int, s string) (bool, *ParseError) {
	switch {
	case s == "":
		if (t.rows == 3 && t.bandGaps == 0 || t.rows == 6 && t.bandGaps == 1) && t.gapLine != n-1 && !t.skip && !t.noGaps {
			// A blank line between bands, as forum posts space a grid
			// ("003 070 040", three rows, a blank line): the board goes
			// on. (A second blank line in a row ends it, as does one
			// after a row that is not a band's last, and any in a file
			// whose boards came without: there a board of three rows
			// is a mistake, not the start of one.)
			t.bandGaps, t.gapLine = t.bandGaps+1, n
			return true, nil
		}
		t.drop = 0 // the board ended
		if t.rows > 0 {
			// Where the board starts too: a stray row's line was named
			// only by the blank line after it.
			return true, t.short(t.errf(n, 0, "%s has %s, want 9 (missing row; it starts on line %d)", t.boardName(), cellCount(t.rows, "row"), t.start))
		}
		t.skip = false
		return true, nil
	case s[0] == '#':
		// .sdk header (#A author, #D description, #C comment, #L level …)
		// or a comment line.
		if t.rows == 0 && len(s) > 2 && s[1] == 'D' && strings.TrimSpace(s[2:]) != "" {
			// "#D Fiendish" or, as SadMan's and SudoCue's files write it,
			// "#DA random puzzle" (its name was left out).
			t.name = CleanName(strings.TrimSpace(s[2:]))
		}
		return true, nil
	case s[0] == '[' && s[len(s)-1] == ']' && forumTag(s):
		// A forum's markup round a grid ("[code]", "[/code]",
		// "[quote=Name]"): no part of it, and no .sdk section (which
		// skipped the rest of the file: "no puzzles found").
		return true, nil
	case s[0] == '[' && s[len(s)-1] == ']' && !strings.ContainsAny(s, "0123456789.,"):
		// .sdk section: only [Puzzle] holds the givens; [State] and its
		// like hold a game's progress, skipped. Another word in brackets
		// ("[note]") is a line of its own: as a section, it skipped the
		// rest of the file without a word.
		t.inPuzzle = false
		switch strings.ToLower(s) {
		case "[puzzle]":
			t.release()
			t.skip, t.inPuzzle = false, true
		case "[state]":
			// A game saved (SadMan's): its rows, the givens and the
			// digits placed since, are the held puzzle's progress.
			t.skip, t.inState = t.held == nil, t.held != nil
		case "[solution]", "[candidates]", "[pencilmarks]", "[notes]", "[progress]", "[settings]":
			t.release()
			t.skip = true
		}
		return true, nil
	case t.skip:
		return true, nil
	case isSeparator(s):
		return true, nil
	}
	return false, nil
}

// forumTag reports a line that is a forum's markup tag, as posts wrap a
// grid in them: [code], [/code], [quote=Name], [spoiler] …
func forumTag(s string) bool {
	tag := strings.ToLower(strings.TrimPrefix(s[1:len(s)-1], "/"))
	if k := strings.IndexAny(tag, "= "); k >= 0 {
		tag = tag[:k]
	}
	switch tag {
	case "code", "quote", "spoiler", "hidden", "hide", "b", "i", "u", "s", "url", "img", "color", "colour", "size", "font", "list", "pre", "tt", "center", "table", "tr", "td", "sudoku", "pm", "pencilmarks", "grid":
		return true
	}
	return false
}

// cells handles a line of nothing but cells: a row of a board, or a whole
// board written with separators.
func (t *textReader) cells(n int, cells string) *ParseError {
	switch {
	case len(cells) == 9:
		t.row(n, cells, nil)
		return nil
	case len(cells) == 81:
		g, _ := Parse(cells)
		t.emit(n, g, "")
		return nil
	case len(cells) > 27:
		if otherShape(cells) {
			return t.errf(n, 0, "a board of another shape (%s) in a file read as classic puzzles: a file that mixes shapes must show one in its first %d KB", otherShapeKind(cells), BoardHead>>10)
		}
		return t.errf(n, 0, "line has %s, want 81", cellCount(len(cells), "cell"))
	}
	if t.rows == 0 && len(cells) <= 4 && strings.Trim(cells, "0123456789") == "" && cells[0] != '0' {
		// A number on a line of its own before a board names it (seed
		// 002 numbers its boards 1 to 21): no row is that short.
		t.name, t.nameLine = cells, n
		return nil
	}
	t.badRow = true
	return t.errf(n, 0, "row has %s, want 9", cellCount(len(cells), "cell"))
}

// row takes line n, nine cells, as the next row of the board under way;
// cands, when not nil, are its empty cells' candidates (a row of a grid
// of candidates).
func (t *textReader) row(n int, cells string, cands *[9]Set) {
	if t.drop > 0 {
		t.drop-- // the rest of a board whose row was skipped
		return
	}
	if t.rows == 0 {
		t.start = n
		t.cands, t.hasCands = Candidates{}, false
		t.bandGaps = 0
	}
	for c := 0; c < 9; c++ {
		d := cells[c]
		if isBlank(d) {
			d = '0'
		}
		t.grid[9*t.rows+c] = d - '0'
		if cands != nil {
			t.cands[9*t.rows+c] = cands[c]
		}
	}
	t.hasCands = t.hasCands || cands != nil
	t.rows++
	if t.rows == 9 {
		t.noGaps = t.noGaps || t.bandGaps == 0
		t.emit(t.start, t.grid, "")
		t.grid, t.rows = Grid{}, 0
	}
}

// candidateRow reads fields as a row of a grid of candidates, as HoDoKu,
// Sudoku Explainer and SudokuWiki copy a position with its pencil marks:
// nine fields of digits, each a cell's candidates (one digit: the cell
// holds it), at least one cell with two or more; a cell written "." or
// "0" is blank with every candidate. It returns the row's cells ('.' for
// those with candidates) and their candidates; ok is false for a line of
// another kind. A line shaped as one but wrong (eight cells, a digit twice
// in a cell, a 0 among digits) gives msg, what is wrong: it was "line has
// 31 cells, want 81".
func candidateRow(fields []string) (row string, cands [9]Set, ok bool, msg string) {
	multi := false
	for _, f := range fields {
		if strings.Trim(f, "0123456789.") != "" || len(f) > 81 {
			return "", cands, false, ""
		}
		if len(f) > 1 && strings.Trim(f, "123456789") == "" {
			multi = true
		}
	}
	if !multi || len(fields) < 5 || len(fields) > 13 {
		return "", cands, false, "" // ("13" names the board after it)
	}
	if len(fields) != 9 {
		if n := len(strings.Join(fields, "")); n == 9 || n == 81 {
			return "", cands, false, "" // a row or a board, its digits spaced unevenly
		}
		return "", cands, false, fmt.Sprintf("a row of candidates has %s, want 9", cellCount(len(fields), "cell"))
	}
	var cells [9]byte
	for c, f := range fields {
		if f == "." || f == "0" {
			cells[c], cands[c] = '.', All
			continue
		}
		var set Set
		for i := 0; i < len(f); i++ {
			d := f[i] - '0'
			switch {
			case f[i] == '.' || d == 0:
				return "", cands, false, fmt.Sprintf("%q among the candidates of column %d's cell %q", f[i], c+1, f)
			case set.Has(d):
				return "", cands, false, fmt.Sprintf("%d twice among the candidates of column %d's cell %q", d, c+1, f)
			}
			set |= 1 << d
		}
		cells[c] = f[0]
		if len(f) > 1 {
			cells[c], cands[c] = '.', set
		}
	}
	return string(cells[:]), cands, true, ""
}

// text handles a line that is not all cells. Inside a board, or shaped
// like a row or a board with stray characters, it is a mistake; otherwise
// it names the board that follows, if it is text a person could read.
func (t *textReader) text(n int, raw, s, cells string) *ParseError {
	f := strings.Fields(s)
	first := f[0]
	if soloRandomID(first) {
		return t.errf(n, 0, "%s", soloRandomText(first))
	}
	rowLike := looksLikeCells(cells)
	if t.rows > 0 && !rowLike {
		return t.short(t.errf(n, 0, "%s has %s, want 9 (found %q instead of a row)", t.boardName(), cellCount(t.rows, "row"), s))
	}
	lead, k := "", 0 // the cells the line starts with, spaced or not
	for k < len(f) && allCells(f[k]) {
		lead, k = lead+f[k], k+1
	}
	if k > 0 && k < len(f) && len(lead) > 27 && digitCount(lead) >= 17 && !otherShape(lead) {
		// A board with a comment after it, its cells spaced ("….3.1
		// 8..4…" with a stray space), or 80 or 82 of them: a board, or
		// one that does not read, not a name (the comment's words made
		// the line text, and it named the next puzzle: the board was
		// lost without a word), nor a stray character in the comment.
		if len(lead) != 81 {
			count := len(lead)
			if len(first) >= 60 {
				count = len(first) // (digits in the comment after it are no cells of it: "86 cells")
			}
			return t.errf(n, 0, "line has %s, want 81", cellCount(count, "cell"))
		}
		if t.rows == 0 {
			g, _ := Parse(lead)
			t.emit(n, g, "")
			return nil
		}
	}
	if rowLike {
		t.badRow = len(cells) < 27 // a row's, not a whole board's
		col := badColumn(raw)
		r, _ := utf8.DecodeRuneInString(raw[col-1:])
		return t.errf(n, utf8.RuneCountInString(raw[:col-1])+1, "%q is not a digit 1-9 or blank", r)
	}
	if len(first) == 81 && digitCount(first) >= 17 {
		// 81 characters with a board's givens among them, its blanks
		// written with another symbol ("3x7x4xxxx…"): a board that does
		// not read, not a name (it named the next board, and the
		// puzzle was lost without a word).
		col := badColumn(first)
		r, _ := utf8.DecodeRuneInString(first[col-1:])
		return t.errf(n, utf8.RuneCountInString(raw[:strings.Index(raw, first)+col-1])+1, "%q is not a digit 1-9 or blank (a board of 81 cells writes its blanks as '.', '0', '_', '*' or '-')", r)
	}
	if looksSoloID(first) {
		// A Solo game ID that does not read: an error, not a name.
		if _, err := ParseSoloID(first); err != nil {
			return t.errf(n, 0, "%v", err)
		}
	}
	if otherShape(first) {
		// A board of another shape past where the readers look for one
		// (IsBoardFile): never taken as the next board's name.
		return t.errf(n, 0, "a board of another shape (%s) in a file read as classic puzzles: a file that mixes shapes must show one in its first %d KB", otherShapeKind(first), BoardHead>>10)
	}
	if len(f) == 1 && len(first) >= 120 && allSymbols(first) {
		// A hundred and more symbols without a space: a board of another
		// shape with a symbol too many or too few, not a name.
		return t.errf(n, 0, "%d symbols: a board has 16, 36, 64, 81, 144 or 256 (4×4 to 16×16)", len(first))
	}
	if t.nameLine == n-1 && (t.name != "" || t.trailer) {
		// One of several lines of text in a row is no name: what a
		// program writes after each puzzle (qqwing's "Number of Givens:
		// 25" … "Difficulty: Easy") named the next puzzle with the last
		// of its lines.
		t.name, t.nameLine, t.trailer = "", n, true
		return nil
	}
	t.name, t.nameLine, t.drop, t.trailer = s, n, 0, false
	return nil
}

// allSymbols reports whether w holds only what boards up to 16×16 are
// written with: digits, the letters A-G (or a-g), '.' and '_' (a long
// name such as "LoremLorem…" is not).
func allSymbols(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'G' || c >= 'a' && c <= 'g' || c == '.' || c == '_') {
			return false
		}
	}
	return true
}

// otherShapeKind names what otherShape found.
func otherShapeKind(word string) string {
	if IsSoloID(word) {
		return "a Solo game ID"
	}
	n := sideOf(len(word))
	return fmt.Sprintf("%d symbols, %d×%d", len(word), n, n)
}

// looksLikeCells reports text (separators removed) that is mostly cells
// or digits of any script, such as a row with a stray letter, 82 characters
// of a board, or full-width digits: a mistake in a board, not a name.
func looksLikeCells(cells string) bool {
	runes, digitLike := 0, 0
	for _, r := range cells {
		runes++
		if r < utf8.RuneSelf && isCell(byte(r)) || unicode.IsDigit(r) || r == '．' || r == '＿' {
			digitLike++
		}
	}
	other := runes - digitLike
	return digitLike >= 7 && other <= max(2, runes/10)
}

// controlRune finds the first control character in s (C0 but tab, DEL,
// C1) or byte that is not UTF-8, and its 1-based column in runes; col is 0
// when there is none.
func controlRune(s string) (r rune, col int) {
	col = 0
	for i, c := range s {
		col++
		if c == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size <= 1 {
				return c, col
			}
		}
		if isControl(c) {
			return c, col
		}
	}
	return 0, 0
}

// isControl reports a character that has no place in a puzzle file's
// text: a control character other than a tab, or one that reorders the
// text around it (U+202A-U+202E, U+2066-U+2069; "evil\u202Eeman" showed
// as "evilnameve" in a terminal's table).
func isControl(c rune) bool {
	return c != '\t' && unicode.IsControl(c) || isBidi(c)
}

// isBidi reports the bidirectional embeddings, overrides and isolates.
func isBidi(c rune) bool { return c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069 }

// whereInLine says where on a line of text the character at column col
// is, when that helps: in a # comment, or in the comment after an
// 81-character board.
func whereInLine(raw, s string, col int) string {
	if strings.HasPrefix(s, "#") {
		return " in the comment"
	}
	lead := len([]rune(raw)) - len([]rune(strings.TrimLeftFunc(raw, unicode.IsSpace)))
	if f := strings.Fields(s); len(f) > 1 && len(f[0]) == 81 && allCells(f[0]) && col > lead+81 {
		return " in the text after the board" // its name, or a comment
	}
	return ""
}

// CleanName makes text from a file safe to show anywhere: control
// characters (which could set a terminal's title or clear its screen) are
// written as Go escapes, \x1b, and bytes that are not UTF-8 as \ufffd.
func CleanName(s string) string {
	if _, col := controlRune(s); col == 0 {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if isControl(c) {
			q := strconv.QuoteRune(c)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// maxCommentName is the longest text after a board that names it: a
// newspaper's title of 65 characters was dropped without a word at a
// limit of 64, where the same title on its own line above named the
// puzzle.
const maxCommentName = 256

// commentName is the name that the text after a board on its line gives
// it: words with a letter, of maxCommentName bytes at most, leading comment
// marks dropped ("# Sunday" is Sunday). "" for text that is data: a
// solution or a CSV's other columns ("864371259..."), ratings
// ("11.9/11.9/11.3", ";9.0;1.2"), anything without a letter or longer.
func commentName(c string) string {
	c = strings.TrimSpace(strings.TrimLeft(c, " \t#/-:"))
	if c == "" || len(c) > maxCommentName {
		return ""
	}
	// A word with a letter that is not data: ratings as Sudoku Explainer
	// and the forum's lists write them ("ED=9.0/1.2/1.2", "SE 9.1",
	// "2.1/1.2/1.2") named the puzzle "ED=9.0/1.2/1.2".
	letter := false
	for _, w := range strings.Fields(c) {
		if ratingWord(w) {
			continue
		}
		if strings.ContainsFunc(w, unicode.IsLetter) {
			letter = true
			break
		}
	}
	if !letter {
		return ""
	}
	return CleanName(c)
}

// ratingWord reports a word of a rating rather than a name: one of
// Sudoku Explainer's names for its scores (SE, ER, EP, ED), or a number
// joined to others or to a name by =, /, : or ; ("ED=9.0/1.2/1.2").
func ratingWord(w string) bool {
	u := strings.TrimRight(w, ":=,;") // capitals, as SE writes them ("Ed" is a name)
	for _, name := range []string{"SER", "SE", "ER", "EP", "ED"} {
		// "SE", "SER 7.2", "SE9.0": the name, then the score if any
		if rest, ok := strings.CutPrefix(u, name); ok && strings.Trim(rest, "0123456789.=:/") == "" {
			return true
		}
	}
	return strings.ContainsFunc(w, unicode.IsDigit) && strings.ContainsAny(w, "=/:;")
}

// isSeparator reports a border or separator line: only -, +, =, |, : and
// spaces, and not a row of nine (or 81) dashes, which are blanks; or
// Simple Sudoku's frame, "*-----------*" (stars at the ends of dashes); or
// HoDoKu's, with dots and quotes at its corners (".-------.-------.",
// "'-------'"), which has runs of dashes and is not nine or 81 cells.
func isSeparator(s string) bool {
	dashes, stars, corners, run, longest := 0, 0, 0, 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '-' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
		switch s[i] {
		case '-':
			dashes++
		case '*':
			stars++
		case '.', '\'':
			corners++
		case '+', '=', '|', ':', ' ', '\t':
		default:
			return false
		}
	}
	if stars > 0 {
		t := strings.TrimSpace(s)
		return corners == 0 && stars == 2 && len(t) > 2 && t[0] == '*' && t[len(t)-1] == '*' && dashes == len(t)-2 && len(t) != 9 && len(t) != 81
	}
	if corners > 0 {
		cells := len(s) - strings.Count(s, " ") - strings.Count(s, "\t")
		return longest >= 3 && cells != 9 && cells != 81
	}
	return !(dashes == len(s) && (dashes == 9 || dashes == 81))
}

func allCells(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isCell(s[i]) {
			return false
		}
	}
	return true
}

// badColumn returns the 1-based byte column of the first character in s
// that is neither a cell nor a separator.
func badColumn(s string) int {
	for i := 0; i < len(s); i++ {
		if !isCell(s[i]) && !strings.ContainsRune(" \t,|[];", rune(s[i])) {
			return i + 1
		}
	}
	return 1
}

// maxXMLDepth bounds element nesting: OpenSudoku needs three levels
// (opensudoku, folder, game); a file nested millions deep would otherwise
// take minutes and gigabytes to reject.
const maxXMLDepth = 16

// readXML reads OpenSudoku's <opensudoku><folder name=…><game data=…/>.
func readXML(r io.Reader, file string, fn func(Puzzle) error) error {
	dec := xml.NewDecoder(r)
	base := baseName(file)
	n := 0
	folder := ""
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		line, col := dec.InputPos()
		if err != nil {
			return &ParseError{File: file, Line: line, Msg: "XML: " + strings.TrimPrefix(err.Error(), "XML syntax error on line "+fmt.Sprint(line)+": ")}
		}
		if _, ok := tok.(xml.EndElement); ok {
			depth--
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if depth++; depth > maxXMLDepth {
			return &ParseError{File: file, Line: line, Msg: fmt.Sprintf("XML nested deeper than %d elements: not an OpenSudoku file", maxXMLDepth)}
		}
		switch se.Name.Local {
		case "folder":
			folder = attr(se, "name")
		case "name":
			// OpenSudoku's first format names its collection in an
			// element under the root ("<opensudoku><name>Fan
			// collection</name>"): the puzzles' names, as a folder's.
			var text string
			if err := dec.DecodeElement(&text, &se); err == nil && depth == 2 {
				folder = CleanName(strings.TrimSpace(text))
			}
			depth--
		case "game":
			data := strings.TrimSpace(attr(se, "data"))
			g, perr := Parse(data)
			var progress *Progress
			if saved, p, ok, err := openSudokuCells(data); ok {
				g, progress, perr = saved, p, err
			}
			if perr != nil {
				return &ParseError{File: file, Line: line, Col: col, Msg: "game data: " + perr.Error()}
			}
			name := CleanName(attr(se, "name"))
			named := name != ""
			if !named {
				prefix := base
				if folder != "" {
					prefix = folder
				}
				name = fmt.Sprintf("%s #%d", prefix, n+1)
			}
			n++
			if err := fn(Puzzle{Name: name, Named: named, Grid: g, Line: line, Comment: CleanName(attr(se, "note")), Progress: progress}); err != nil {
				return err
			}
		}
	}
}

func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// Format names a way to write puzzles.
type Format string

const (
	FormatLine   Format = "line"   // 81 characters a puzzle, '.' for blanks (.sdm)
	FormatGrid   Format = "grid"   // nine rows of nine, a blank line between
	FormatNamed  Format = "named"  // 002's layout: a name line, nine rows, a blank line
	FormatSDK    Format = "sdk"    // SadMan Sudoku: #D name, nine rows
	FormatSS     Format = "ss"     // Simple Sudoku: rows with | and ----------- lines
	FormatPretty Format = "pretty" // +-------+ borders and | between boxes
	FormatXML    Format = "xml"    // OpenSudoku
)

// Formats lists every format WritePuzzles writes (and ReadPuzzles reads).
var Formats = []Format{FormatLine, FormatGrid, FormatNamed, FormatSDK, FormatSS, FormatPretty, FormatXML}

// ParseFormat accepts a format's name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if strings.EqualFold(s, string(f)) {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want line, grid, named, sdk, ss, pretty or xml)", s)
}

// WritePuzzles writes ps in format f. Every format reads back with
// ReadPuzzles to the same boards; line, grid, ss and pretty drop the names.
func WritePuzzles(w io.Writer, ps []Puzzle, f Format) error {
	pw, err := NewPuzzleWriter(w, f)
	if err != nil {
		return err
	}
	for _, p := range ps {
		pw.Write(p)
	}
	return pw.Close()
}

// PuzzleWriter writes puzzles one at a time, so that a long run streams:
// WritePuzzles of them all would write the same bytes. Write errors are
// kept and returned by Close.
type PuzzleWriter struct {
	bw *bufio.Writer
	f  Format
	n  int // puzzles written
}

// NewPuzzleWriter starts writing puzzles in format f to w.
func NewPuzzleWriter(w io.Writer, f Format) (*PuzzleWriter, error) {
	switch f {
	case FormatLine, FormatGrid, FormatNamed, FormatSDK, FormatSS, FormatPretty, FormatXML:
	default:
		return nil, fmt.Errorf("unknown format %q", f)
	}
	pw := &PuzzleWriter{bw: bufio.NewWriter(w), f: f}
	if f == FormatXML {
		pw.bw.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n  <folder name=\"Sudoku\">\n")
	}
	return pw, nil
}

// Write writes p.
func (pw *PuzzleWriter) Write(p Puzzle) {
	bw, f := pw.bw, pw.f
	if pw.n > 0 && f != FormatLine && f != FormatXML {
		bw.WriteByte('\n')
	}
	pw.n++
	switch f {
	case FormatLine:
		bw.WriteString(p.Grid.String())
		bw.WriteByte('\n')
	case FormatGrid, FormatNamed, FormatSDK:
		if f == FormatNamed {
			bw.WriteString(cmp.Or(NameLine(p.Name), fmt.Sprintf("board%d", pw.n)) + "\n")
		}
		saved := f == FormatSDK && p.Progress != nil
		if saved {
			bw.WriteString("[Puzzle]\n") // (a [State] belongs to a [Puzzle])
		}
		if name := strings.Join(strings.Fields(p.Name), " "); f == FormatSDK && name != "" {
			bw.WriteString("#D " + name + "\n") // (none for no name: "#D " was written)
		}
		s := p.Grid.String()
		for r := 0; r < 9; r++ {
			bw.WriteString(s[9*r:9*r+9] + "\n")
		}
		if saved {
			// SadMan's game saved: the givens and the digits placed
			// since (its pencil marks have no place here).
			var now Grid
			for i := range now {
				now[i] = max(p.Grid[i], p.Progress.Placed[i])
			}
			s := now.String()
			bw.WriteString("[State]\n")
			for r := 0; r < 9; r++ {
				bw.WriteString(s[9*r:9*r+9] + "\n")
			}
		}
	case FormatSS:
		s := p.Grid.String()
		for r := 0; r < 9; r++ {
			if r == 3 || r == 6 {
				bw.WriteString("-----------\n")
			}
			fmt.Fprintf(bw, "%s|%s|%s\n", s[9*r:9*r+3], s[9*r+3:9*r+6], s[9*r+6:9*r+9])
		}
	case FormatPretty:
		bw.WriteString(p.Grid.Pretty())
	case FormatXML:
		var name bytes.Buffer
		xml.EscapeText(&name, []byte(p.Name))
		// version="2" above: OpenSudoku reads a file without it as its
		// first format, which has no folders. It knows no name for a
		// game, and shows its note: the name is both.
		data := p.Grid.Digits()
		if p.Progress != nil {
			data = openSudokuData(p.Grid, p.Progress)
		}
		fmt.Fprintf(bw, "    <game name=\"%s\" note=\"%s\" data=\"%s\"/>\n", name.String(), name.String(), data)
	}
}

// Close ends the output (the XML format's closing tags) and flushes it,
// returning the first write error.
// Flush writes out the puzzles written so far (Close does it at the end).
func (pw *PuzzleWriter) Flush() error { return pw.bw.Flush() }

func (pw *PuzzleWriter) Close() error {
	if pw.f == FormatXML {
		pw.bw.WriteString("  </folder>\n</opensudoku>\n")
	}
	return pw.bw.Flush()
}

// NameLine is the line that names the board under it, "" for no name:
// the name on one line, or, where the name would read as something else
// (a row of cells, a comment, a section header: "123456789", "#12
// Sunday"), as an .sdk description, "#D #12 Sunday", which reads back as
// the name. Such names had been written as "board1", and in .sdk as
// nothing.
func NameLine(name string) string {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return ""
	}
	// Read back over a board as the readers read it: a name is whatever
	// they take for one.
	got, n := "", 0
	text := name + "\n" + strings.Repeat(".........\n", 9)
	err := readText(bufio.NewReaderSize(strings.NewReader(text), len(text)+16), "", func(p Puzzle) error {
		got, n = p.Name, n+1
		return nil
	}, nil, nil)
	// (A file that starts with '<' is read as XML, and a byte-order mark
	// is dropped: such a name first in a file would not read back.)
	if err != nil || n != 1 || got != name || strings.HasPrefix(name, "<") || strings.HasPrefix(name, "\uFEFF") {
		return "#D " + name
	}
	return name
}

// Pretty draws the board with +-------+ borders, '.' for blanks.
func (g Grid) Pretty() string {
	const border = "+-------+-------+-------+\n"
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r%3 == 0 {
			b.WriteString(border)
		}
		for c := 0; c < 9; c++ {
			if c%3 == 0 {
				b.WriteString("| ")
			}
			d := g[9*r+c]
			if d == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('0' + d)
			}
			b.WriteByte(' ')
		}
		b.WriteString("|\n")
	}
	b.WriteString(border)
	return b.String()
}

// looksSoloID reports a word shaped as a Solo game ID: parameters of
// digits and letters with Solo's 'x' or 'j' ("3x3:…", "9j:…"), which no
// name like "12:30" has, then a colon; the grid after it may be missing
// or wrong ("2x3:", "3x3xk:"), and the numbers too large, for the reader
// to say what is wrong rather than take the line as a name.
func looksSoloID(w string) bool {
	params, _, ok := strings.Cut(w, ":")
	if !ok || params == "" || params[0] < '0' || params[0] > '9' || len(params) > 64 {
		return false
	}
	for i := 0; i < len(params); i++ {
		if b := params[i]; !(b >= '0' && b <= '9' || b >= 'a' && b <= 'z') {
			return false
		}
	}
	return strings.ContainsAny(params, "xj")
}

// CandidateGrid writes a position as a grid of candidates, the way HoDoKu
// copies one ("Copy PM grid") and forums share it: each empty cell's
// candidates c[i] (its digits in increasing order; a cell with one is
// written, and read back, as holding it), each filled cell its digit,
// columns aligned, boxes framed with ".---.", ":---+" and "'---'".
// The readers take it back, candidates and all.
func CandidateGrid(g Grid, c Candidates) string {
	cell := func(i int) string {
		if g[i] != 0 {
			return string(rune('0' + g[i]))
		}
		var b []byte
		for d := uint8(1); d <= 9; d++ {
			if c[i].Has(d) {
				b = append(b, '0'+d)
			}
		}
		if len(b) == 0 {
			// None (marks that break the rules): "not known" reads back.
			return "123456789"
		}
		return string(b) // one candidate reads back as the cell's digit, as HoDoKu's does
	}
	var width [9]int
	for i := range 81 {
		width[i%9] = max(width[i%9], len(cell(i)))
	}
	var sb strings.Builder
	border := func(left, mid, right byte) {
		sb.WriteByte(left)
		for b := range 3 {
			if b > 0 {
				sb.WriteByte(mid)
			}
			n := 1
			for k := range 3 {
				n += width[3*b+k] + 1
			}
			sb.WriteString(strings.Repeat("-", n))
		}
		sb.WriteByte(right)
		sb.WriteByte('\n')
	}
	border('.', '.', '.')
	for r := range 9 {
		if r == 3 || r == 6 {
			border(':', '+', ':')
		}
		for k := range 9 {
			if k%3 == 0 {
				sb.WriteString("| ")
			}
			v := cell(9*r + k)
			sb.WriteString(v)
			sb.WriteString(strings.Repeat(" ", width[k]-len(v)+1))
		}
		sb.WriteString("|\n")
	}
	border('\'', '\'', '\'')
	return sb.String()
}

// digitCount counts the digits 1-9 in s.
func digitCount(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '1' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// unquoteFormula takes off the apostrophe that a CSV writer (ours: lab's
// CSVText; spreadsheets too) puts before text a spreadsheet would take for
// a formula ("'=SUM(A1)"), or before such text's own apostrophes: a name
// read back is the name written.
func unquoteFormula(s string) string {
	rest := strings.TrimLeft(s, "'")
	if len(rest) < len(s) && rest != "" && strings.ContainsRune("=+-@", rune(rest[0])) {
		return s[1:]
	}
	return s
}

// openSudokuCells reads a game's data as OpenSudoku's own exports write
// it, the cells of a game saved: "version: N" on a line, then each cell
// as its value, its notes and whether it is editable, each field ended
// by '|' ("0|0|1|7|0|0|…"; notes "1,2,|" in the first version). The
// givens are the cells that are not editable; the values of the others,
// and the notes of the first version, are the game's progress. ok is false
// for data of another kind (81 characters, read by Parse): such files were
// "board has 497 characters, want 81".
func openSudokuCells(data string) (g Grid, progress *Progress, ok bool, err error) {
	head, body, found := strings.Cut(data, "\n")
	if !found || !strings.HasPrefix(strings.TrimSpace(head), "version:") {
		return g, nil, false, nil
	}
	fields := strings.Split(strings.TrimSpace(body), "|")
	if len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	per := len(fields) / 81
	if per < 2 || len(fields)%81 != 0 {
		return g, nil, true, fmt.Errorf("OpenSudoku game data (%s) of %d fields: want the fields of 81 cells", strings.TrimSpace(head), len(fields))
	}
	var p Progress
	for i := range g {
		value, editable := strings.TrimSpace(fields[per*i]), strings.TrimSpace(fields[per*i+per-1])
		v, verr := strconv.Atoi(value)
		if verr != nil || v < 0 || v > 9 || editable != "0" && editable != "1" {
			return g, nil, true, fmt.Errorf("OpenSudoku game data (%s): cell %d reads %q", strings.TrimSpace(head), i+1, strings.Join(fields[per*i:per*i+per], "|"))
		}
		if editable == "0" {
			g[i] = uint8(v)
		} else {
			p.Placed[i] = uint8(v)
		}
		if per == 3 && strings.Contains(fields[per*i+1], ",") {
			// The first version's notes, "6,9,"; later versions write
			// them otherwise, left out here.
			for _, d := range strings.Split(fields[per*i+1], ",") {
				if n, err := strconv.Atoi(strings.TrimSpace(d)); err == nil && n >= 1 && n <= 9 {
					p.Marks[i] |= 1 << n
				}
			}
		}
	}
	return g, progressOf(g, p), true, nil
}

// openSudokuData writes a game saved as OpenSudoku's export does, and
// openSudokuCells reads it: "version: 1", then each cell's value, notes
// ("6,9,", or "0" for none) and whether it is editable (a given is not),
// for an XML attribute (the line end as "&#10;").
func openSudokuData(g Grid, p *Progress) string {
	var b strings.Builder
	b.WriteString("version: 1&#10;")
	for i, d := range g {
		editable := "0"
		if d == 0 {
			d, editable = p.Placed[i], "1"
		}
		b.WriteString(strconv.Itoa(int(d)) + "|")
		if m := p.Marks[i]; d == 0 && m != 0 {
			for _, n := range m.Digits() {
				b.WriteString(strconv.Itoa(int(n)) + ",")
			}
		} else {
			b.WriteString("0") // no notes, as OpenSudoku writes it
		}
		b.WriteString("|" + editable + "|")
	}
	return b.String()
}

// soloRandomID reports Solo's random seed ID, "3x3#123456": its
// parameters and a seed, from which Solo makes the puzzle with its own
// generator (it was "'x' is not a digit 1-9 or blank").
func soloRandomID(w string) bool {
	params, seed, ok := strings.Cut(w, "#")
	return ok && seed != "" && looksSoloID(params+":")
}

// soloRandomText says what a Solo random seed ID is, and what to do.
func soloRandomText(w string) string {
	return fmt.Sprintf("%q is Solo's random seed, not its game ID: Solo makes the puzzle from it with its own generator; `sgt-solo --generate 1 '%s'` prints the game ID (so does Game → Specific… in Solo's window), and the game ID is what reads here", clip(w), clip(w))
}

// hodokuLibraryLine reads a line of HoDoKu's puzzle library,
// ":TECH:TYPE:PUZZLE:DELETED:…", whose third field is a board of 81 cells
// in which '+' marks a digit placed since (not a given). ok is false for
// a line of another kind; msg says what is wrong with one that is a
// library line but whose board does not read.
func hodokuLibraryLine(s string) (g Grid, progress *Progress, ok bool, msg string) {
	if !strings.HasPrefix(s, ":") {
		return g, nil, false, ""
	}
	parts := strings.Split(s, ":")
	if len(parts) < 5 || len(parts[1]) != 4 || strings.Trim(parts[1], "0123456789") != "" {
		return g, nil, false, ""
	}
	board := parts[3]
	var p Progress
	k := 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		placed := c == '+'
		if placed {
			if i++; i == len(board) {
				break
			}
			c = board[i]
		}
		if k == 81 || !isCell(c) {
			return g, nil, true, fmt.Sprintf("a line of HoDoKu's library whose puzzle (its third field) is not 81 cells: %q", clip(board))
		}
		switch {
		case c >= '1' && c <= '9' && placed:
			p.Placed[k] = c - '0' // placed since: the game's progress
		case c >= '1' && c <= '9':
			g[k] = c - '0'
		}
		k++
	}
	if k != 81 {
		return g, nil, true, fmt.Sprintf("a line of HoDoKu's library whose puzzle (its third field) has %s, want 81", cellCount(k, "cell"))
	}
	// The fourth field lists the candidates taken out since ("811 911":
	// 8 in r1c1, 9 in r1c1): the rest are the game's pencil marks, as
	// HoDoKu shows them.
	if deleted := strings.Fields(parts[4]); len(deleted) > 0 {
		var now Grid
		for i := range now {
			now[i] = max(g[i], p.Placed[i])
		}
		p.Marks = now.Candidates()
		for _, f := range deleted {
			if len(f) != 3 || strings.Trim(f, "123456789") != "" {
				return g, nil, true, fmt.Sprintf("a line of HoDoKu's library whose candidates taken out (its fourth field) hold %q, not a digit, a row and a column", clip(f))
			}
			p.Marks[9*int(f[1]-'1')+int(f[2]-'1')] &^= 1 << (f[0] - '0')
		}
	}
	return g, progressOf(g, p), true, ""
}
