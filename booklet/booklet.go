// Package booklet lays out Sudoku puzzles for printing: a PDF booklet with
// several puzzles a page, a caption per puzzle, a title, page numbers and an
// optional solutions section (WritePDF), and a single board as a PNG or SVG
// image for sharing (WritePNG, WriteSVG). Boards of every shape print:
// classic 9×9 (Entry.Grid) and, through Entry.Board, sizes 4×4 to 16×16
// with rectangular boxes, X (diagonals shaded) and jigsaw (the regions'
// outlines drawn).
//
// Everything is drawn with the Go fonts (golang.org/x/image/font/gofont): the
// PDF embeds a subset of them, so a booklet prints the same on every
// machine, and the same puzzles and options always give the same bytes (the
// PDF carries a fixed creation date). The writers are safe for concurrent
// use. Of the project's packages it imports only solver.
package booklet

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"example.com/sudoku/solver"
)

// Entry is one puzzle to print: a classic 9×9 Grid, or a Board of any
// shape (4×4 to 16×16 with rectangular boxes, X, jigsaw).
type Entry struct {
	Grid solver.Grid // the givens of a classic puzzle; 0 is an empty cell
	// Board, when its Geo is set, is the puzzle instead of Grid: a board
	// of any geometry, its cells 0 (empty) or a symbol 1..N. A classic
	// 9×9 Board prints exactly as the same Grid does.
	Board solver.Board
	// Name is shown in the caption after the puzzle's number (PDF) or alone
	// (images). Empty shows the number only.
	Name string
	// Level and Score, when not empty, are shown at the right of the
	// caption, as "Hard · score 4.5".
	Level, Score string
	// Number, when not 0, is the puzzle's number in the captions ("No.
	// 42", its number in its file, in a booklet of puzzles picked from
	// it); 0 numbers it by its place, from Options.FirstNumber.
	Number int
}

// grid returns the givens of a classic 9×9 entry (Grid, or a classic
// Board); ok is false for any other shape.
func (e Entry) grid() (g solver.Grid, ok bool) {
	if e.Board.Geo == nil {
		return e.Grid, true
	}
	if len(e.Board.Cells) != solver.Classic.Cells() {
		return g, false // not a board at all: Validate says so
	}
	return e.Board.ToGrid()
}

// puzzle returns the entry's shape and givens, one symbol a cell in
// reading order.
func (e Entry) puzzle() (*solver.Geometry, []uint8) {
	if e.Board.Geo == nil {
		return solver.Classic, e.Grid[:]
	}
	return e.Board.Geo, e.Board.Cells
}

// side is the number of cells across the entry's board.
func (e Entry) side() int {
	if e.Board.Geo == nil {
		return 9
	}
	return e.Board.Geo.N
}

// Paper is a page size in points (1/72 inch).
type Paper struct {
	Name          string
	Width, Height float64
}

// The page sizes a home printer takes, exact to the hundredth of a point.
var (
	A4     = Paper{Name: "A4", Width: 595.28, Height: 841.89}
	Letter = Paper{Name: "Letter", Width: 612, Height: 792}
)

// minPaper is the smallest page WritePDF lays out: A5, where six puzzles
// get cells of 4.5 mm and twelve solutions cells of 3.5 mm.
var minPaper = Paper{Name: "A5", Width: 419.53, Height: 595.28}

// ParsePaper accepts "a4" or "letter" in any case.
func ParsePaper(name string) (Paper, error) {
	for _, p := range []Paper{A4, Letter} {
		if strings.EqualFold(name, p.Name) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4 or letter)", name)
}

// PerPageChoices lists the puzzles-a-page layouts WritePDF offers: one
// board, two above each other, two by two, two by three.
var PerPageChoices = []int{1, 2, 4, 6}

// DefaultPerPage is the layout used when Options.PerPage is 0.
const DefaultPerPage = 4

// SolutionsPerPage is how many solutions a page of the solutions section
// holds: three across, four down.
const SolutionsPerPage = 12

// Options configure WritePDF. The zero value prints four puzzles a page on
// A4 without title or solutions.
type Options struct {
	Paper   Paper // zero means A4
	PerPage int   // puzzles a page, one of PerPageChoices; 0 means DefaultPerPage
	// Title is printed centred at the top of every puzzle page, and before
	// "Solutions" on the solutions pages. Empty leaves the room to the
	// boards.
	Title    string
	docTitle string // Title as the PDF's Info names it (normalized)
	// Solutions adds a section after the puzzles with every puzzle's
	// solution, smaller and labelled with the puzzle's number; the givens
	// are bold black, the digits filled in regular grey.
	Solutions bool
	// FirstNumber is the number of the first puzzle in the captions ("No.
	// 101" for a booklet of a file's puzzles from its 101st); 0 means 1.
	FirstNumber int
	// NumbersOnly captions the puzzle pages with their numbers alone
	// (and a board's shape): a class's sheets carried "easy 1.2 seed
	// 1551115765072453" under every puzzle. The solutions pages keep
	// the names, levels and seeds, to find a puzzle again by.
	NumbersOnly bool
	// Several, when not nil, is called with the index of each puzzle that
	// has more than one solution, as the solutions are worked out: its
	// solution shows the first the solver finds.
	Several func(index int)
	// Progress, when not nil, hears how many of the booklet's pages are
	// done as each new one starts, and done = total once they all are and
	// the file is being written (a third to half of the time).
	Progress func(done, total int)
	// Keywords are the PDF's Info keywords: sudoku print marks there the
	// files it printed from, to know its own booklet again.
	Keywords string
}

// normalized fills in the defaults and checks the values.
func (o Options) normalized() (Options, error) {
	if o.Paper == (Paper{}) {
		o.Paper = A4
	}
	if o.Paper.Width < minPaper.Width || o.Paper.Height < minPaper.Height {
		return o, fmt.Errorf("paper %gx%g pt is smaller than A5", o.Paper.Width, o.Paper.Height)
	}
	if o.PerPage == 0 {
		o.PerPage = DefaultPerPage
	}
	o.FirstNumber = max(o.FirstNumber, 1)
	if !slices.Contains(PerPageChoices, o.PerPage) {
		return o, fmt.Errorf("cannot print %d puzzles a page (want 1, 2, 4 or 6)", o.PerPage)
	}
	o.Title = strings.Join(strings.Fields(o.Title), " ")
	// The document's own title keeps every character (a viewer's font
	// shows what the booklet's cannot: "سودوكو" was "������" in its
	// title bar too); the pages print what the fonts draw.
	o.docTitle = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, strings.ToValidUTF8(o.Title, "\uFFFD"))
	o.Title = printable(o.Title)
	return o, nil
}

// PageCount returns how many pages WritePDF prints for n puzzles of 9×9
// or smaller: the puzzle pages, then the solutions pages when
// opt.Solutions is set. It is 0 for bad options. PageCountOf counts for
// boards of any size.
func PageCount(n int, opt Options) int {
	opt, err := opt.normalized()
	if err != nil || n <= 0 {
		return 0
	}
	pages := ceilDiv(n, opt.PerPage)
	if opt.Solutions {
		pages += ceilDiv(n, SolutionsPerPage)
	}
	return pages
}

// PageCountOf returns how many pages WritePDF prints for the entries: as
// PageCount, but boards larger than 9×9 go fewer a page when the layout
// asked for would make their cells too small (12×12 at most 4 a page and
// 16×16 at most 2 on A4 or Letter; 16×16 solutions 6 a page). It is 0
// for bad options or no entries.
func PageCountOf(entries []Entry, opt Options) int {
	opt, err := opt.normalized()
	if err != nil || len(entries) == 0 {
		return 0
	}
	return planPages(entries, opt).total()
}

// SolutionsPage is the page WritePDF starts the solutions on, from 1,
// and 0 when it prints none (no Solutions, bad options, no entries): a
// teacher who hands the solutions out later looked for them through 95
// pages.
func SolutionsPage(entries []Entry, opt Options) int {
	opt, err := opt.normalized()
	if err != nil || len(entries) == 0 || !opt.Solutions {
		return 0
	}
	return len(planPages(entries, opt).puzzles) + 1
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// ErrNoPuzzles is returned when there is nothing to print.
var ErrNoPuzzles = errors.New("no puzzles to print")

// ErrUnsolvable says that a puzzle's givens follow the rules but no
// solution exists.
var ErrUnsolvable = errors.New("has no solution")

// PuzzleError names the puzzle that stopped a print and why: Err is a
// *solver.ConflictError for classic givens that break the rules, an error
// of solver.Board.Validate (wrapping solver.ErrConflict for a repeated
// symbol) for a board of another shape, or ErrUnsolvable.
type PuzzleError struct {
	Index int // 0-based position among the entries
	Name  string
	Err   error
}

func (e *PuzzleError) Error() string {
	if e.Name != "" {
		return fmt.Sprintf("puzzle %d (%s): %v", e.Index+1, e.Name, e.Err)
	}
	return fmt.Sprintf("puzzle %d: %v", e.Index+1, e.Err)
}

func (e *PuzzleError) Unwrap() error { return e.Err }

// checkGivens reports the first entry whose givens break the rules. O(N²)
// an entry.
func checkGivens(entries []Entry) error {
	for i, e := range entries {
		var err error
		if g, ok := e.grid(); ok {
			err = g.Validate()
		} else {
			err = e.Board.Validate()
		}
		if err != nil {
			return &PuzzleError{Index: i, Name: e.Name, Err: err}
		}
	}
	return nil
}

// Check reports whether e can be printed, before any work is spent on a
// booklet or a file is chosen for it: nil, or the *PuzzleError (Index 0)
// that printing it would meet: givens that break the rules, or no
// solution when its solution is wanted.
func Check(e Entry, solution bool) error {
	es := []Entry{e}
	if err := checkGivens(es); err != nil || !solution {
		return err
	}
	_, err := solve(es, 0, nil)
	return err
}

// solve returns the first solution of entry i, one symbol a cell, or a
// *PuzzleError: a classic puzzle with the fast solver (well under a
// millisecond for hard 9x9 puzzles), another shape with cp (a few
// milliseconds for a 16×16). It counts up to two solutions and calls
// several (when not nil) for a puzzle with more than one.
func solve(entries []Entry, i int, several func(int)) ([]uint8, error) {
	e := entries[i]
	var status solver.Status
	var err error
	var solution []uint8
	n := 0
	if g, ok := e.grid(); ok {
		r := solver.Solve(context.Background(), g, solver.Options{Algorithm: solver.Fast, Limit: 2})
		status, err, solution, n = r.Status, r.Err, r.Solution[:], r.Solutions
	} else {
		r := solver.SolveBoard(context.Background(), e.Board, solver.Options{Algorithm: solver.Fast, Limit: 2})
		status, err, solution, n = r.Status, r.Err, r.Solution.Cells, r.Solutions
	}
	switch status {
	case solver.Solved:
		if n > 1 && several != nil {
			several(i)
		}
		return solution, nil
	case solver.Invalid:
		return nil, &PuzzleError{Index: i, Name: e.Name, Err: err}
	}
	return nil, &PuzzleError{Index: i, Name: e.Name, Err: ErrUnsolvable}
}

// caption is the text over a board: left is the number, the shape and
// the name, right the level and score.
type caption struct {
	number string // "No. 12", or empty for a lone image
	shape  string // "6×6", "9×9 jigsaw X"; empty for classic 9×9
	name   string
	right  string
}

// entryNumber is e's number in the captions: its own, else number (its
// place in the booklet, from Options.FirstNumber).
func entryNumber(e Entry, number int) int {
	if e.Number > 0 {
		return e.Number
	}
	return number
}

func makeCaption(e Entry, number int) caption {
	c := caption{name: printable(strings.Join(strings.Fields(e.Name), " "))}
	if geo, _ := e.puzzle(); !geo.IsClassic() {
		c.shape = shapeName(geo)
	}
	if number > 0 {
		c.number = fmt.Sprintf("No. %d", number)
	}
	var parts []string
	l, sc := strings.TrimSpace(e.Level), strings.TrimSpace(e.Score)
	if l != "" {
		parts = append(parts, l)
	}
	if sc != "" {
		parts = append(parts, "score "+sc)
	}
	// A name that says the level and the score already (the generator's
	// "hard 3.5 seed 11") is not followed by them again.
	if words := strings.Fields(strings.ToLower(c.name)); len(parts) > 0 &&
		(l == "" || slices.Contains(words, strings.ToLower(l))) && (sc == "" || slices.Contains(words, sc)) {
		parts = nil
	}
	c.right = printable(strings.Join(parts, " · "))
	return c
}

// shapeName says what shape a board is, for a caption: "6×6", "12×12 X",
// "9×9 jigsaw", "8×8 jigsaw X", "9×9 killer", and the boxes when they are
// not the usual ones for the size, wider than high: "6×6 (2×3 boxes)".
func shapeName(g *solver.Geometry) string {
	s := fmt.Sprintf("%d×%d", g.N, g.N)
	if g.Jigsaw() {
		s += " jigsaw"
	}
	if g.Killer() {
		s += " killer"
	}
	if w, h, _ := solver.DefaultBoxes(g.N); !g.Jigsaw() && (w != g.BoxW || h != g.BoxH) {
		s += fmt.Sprintf(" (%d×%d boxes)", g.BoxW, g.BoxH)
	}
	if g.X {
		s += " X"
	}
	return s
}

func (c caption) empty() bool {
	return c.number == "" && c.shape == "" && c.name == "" && c.right == ""
}

// lead is the caption's first part, set in bold: the number, or for a
// lone image the name, else the shape.
func (c caption) lead() string {
	switch {
	case c.number != "":
		return c.number
	case c.name != "":
		return c.name
	}
	return c.shape
}

// fitCaption shortens c so that the whole caption fits width, given
// functions measuring a string in the caption's bold and regular fonts:
// first the shape goes (the board shows it; the name, with the seed that
// makes the puzzle again, does not), then the name is cut with an
// ellipsis. The number and the right part are kept whole.
func fitCaption(c caption, width float64, bold, regular func(string) float64) caption {
	if c.number != "" && c.name != "" && c.shape != "" {
		if f := fitName(c, width, bold, regular); f.name != c.name {
			c.shape = ""
		}
	}
	return fitName(c, width, bold, regular)
}

// fitCaptionSize fits c to width at size, or, where that would cut its
// name (a long seed, which makes the puzzle again, in a narrow caption),
// at a size down to a sixth smaller that keeps it whole, with its shape
// if that fits, else without; only past that is the name cut. It returns the caption and the size to set it in.
func fitCaptionSize(c caption, width, size float64, bold, regular func(string, float64) float64) (caption, float64) {
	fitAt := func(c caption, sz float64) caption {
		return fitCaption(c, width,
			func(t string) float64 { return bold(t, sz) },
			func(t string) float64 { return regular(t, sz) })
	}
	at := func(sz float64) caption { return fitAt(c, sz) }
	fit := at(size)
	if fit == c {
		return fit, size
	}
	for sz := size * 0.97; sz >= size*5/6; sz *= 0.97 {
		if f := at(sz); f == c {
			return f, sz
		}
	}
	// The name whole without the shape (the board shows it), a little
	// smaller if need be: a killer's solution, "No. 10 · 4×4 killer · easy
	// 1.7 seed 8281588339916936", lost its seed where "No. 10 · easy 1.7
	// seed 8281…" fitted at 7.8 points.
	for sz := size; sz >= size*5/6; sz *= 0.97 {
		if f := at(sz); f.name == c.name {
			return f, sz
		}
	}
	// The seed whole, the words before it dropped one by one (the score,
	// then the level): on Letter paper "No. 9 · medium 2.6 seed
	// 3294759586979908" lost its whole seed, the one way to make the
	// puzzle again.
	for short := shorterBeforeSeed(c.name); short != ""; short = shorterBeforeSeed(short) {
		d := c
		d.name = short
		for sz := size; sz >= size*5/6; sz *= 0.97 {
			if f := fitAt(d, sz); f.name == short {
				return f, sz
			}
		}
	}
	return fit, size
}

// shorterBeforeSeed drops the last word before "seed" from a name ending
// in "seed N" (the generator's "medium 2.6 seed 11"): "medium seed 11",
// then "seed 11". "" when there is none to drop.
func shorterBeforeSeed(name string) string {
	words := strings.Fields(name)
	k := slices.Index(words, "seed")
	if k < 1 || k != len(words)-2 {
		return ""
	}
	return strings.Join(append(words[:k-1:k-1], words[k:]...), " ")
}

// fitName cuts c's name to fit width with the rest of the caption.
func fitName(c caption, width float64, bold, regular func(string) float64) caption {
	used := bold(c.number)
	if c.shape != "" && (c.number != "" || c.name != "") {
		used += regular(" · " + c.shape)
	}
	if c.number != "" && c.name != "" {
		used += regular(" · ")
	}
	if c.right != "" {
		used += regular(c.right) + regular("   ")
	}
	c.name = ellipsize(c.name, width-used, regular)
	return c
}

// A Selection is a choice of puzzle numbers, counting from 1 (print
// --range, the window's Print): runs such as "101-200", "101-" (to the
// end), "-50" (the first fifty) or "7" (one puzzle), separated by commas
// or spaces, "5, 17, 42, 100-120". A teacher's few puzzles picked from a
// large file were one booklet each. The puzzles print in the file's
// order, each once, numbered as the file numbers them. The zero
// Selection is every puzzle.
type Selection struct {
	spans [][2]int // sorted, apart; a span's end 0 runs to the end
}

// ParseSelection reads a Selection; "" is every puzzle.
func ParseSelection(s string) (Selection, error) {
	var sel Selection
	num := func(x string) (int, error) {
		n, err := strconv.Atoi(x)
		if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(x, "-") {
			return 0, fmt.Errorf("%s is more puzzles than a file holds", x)
		}
		if err != nil || n < 1 {
			return 0, fmt.Errorf("want puzzle numbers from 1, as 101-200, 101- or 5,17,42")
		}
		return n, nil
	}
	// "101 - 200" is one run: the spaces around a dash go first.
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(strings.ReplaceAll(s, " -", "-"), "- ", "-")
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		a, b, dash := strings.Cut(part, "-")
		if dash && a == "" {
			a = "1" // "-5": the first five
		}
		from, err := num(a)
		if err != nil {
			return Selection{}, err
		}
		to := from
		switch {
		case dash && b == "":
			to = 0
		case dash:
			if to, err = num(b); err != nil {
				return Selection{}, err
			}
			if to < from {
				return Selection{}, fmt.Errorf("%s ends (%d) before it starts (%d)", part, to, from)
			}
		}
		sel.spans = append(sel.spans, [2]int{from, to})
	}
	sel.merge()
	return sel, nil
}

// merge sorts the spans and joins those that overlap or touch.
func (s *Selection) merge() {
	end := func(x [2]int) int {
		if x[1] == 0 {
			return math.MaxInt
		}
		return x[1]
	}
	slices.SortFunc(s.spans, func(x, y [2]int) int { return x[0] - y[0] })
	var out [][2]int
	for _, x := range s.spans {
		if n := len(out); n > 0 && (end(out[n-1]) == math.MaxInt || x[0] <= end(out[n-1])+1) {
			if end(x) > end(out[n-1]) {
				out[n-1][1] = x[1]
			}
			continue
		}
		out = append(out, x)
	}
	s.spans = out
}

// Has reports whether puzzle n (from 1) is chosen.
func (s Selection) Has(n int) bool {
	if len(s.spans) == 0 {
		return true
	}
	for _, x := range s.spans {
		if n >= x[0] && (x[1] == 0 || n <= x[1]) {
			return true
		}
	}
	return false
}

// First is the first number chosen.
func (s Selection) First() int {
	if len(s.spans) == 0 {
		return 1
	}
	return s.spans[0][0]
}

// Last is the last number chosen, or 0 when the choice runs to the end.
func (s Selection) Last() int {
	if len(s.spans) == 0 {
		return 0
	}
	return s.spans[len(s.spans)-1][1]
}

// Numbers lists the numbers chosen among a file's total puzzles, at most
// limit of them.
func (s Selection) Numbers(total, limit int) []int {
	spans := s.spans
	if len(spans) == 0 {
		spans = [][2]int{{1, 0}}
	}
	var out []int
	for _, x := range spans {
		hi := total
		if x[1] != 0 {
			hi = min(hi, x[1])
		}
		for n := x[0]; n <= hi && len(out) < limit; n++ {
			out = append(out, n)
		}
	}
	return out
}

// String writes s as ParseSelection reads it: "5,17,40-42,100-".
func (s Selection) String() string {
	var parts []string
	for _, x := range s.spans {
		switch {
		case x[1] == 0:
			parts = append(parts, fmt.Sprintf("%d-", x[0]))
		case x[0] == x[1]:
			parts = append(parts, strconv.Itoa(x[0]))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d", x[0], x[1]))
		}
	}
	return strings.Join(parts, ",")
}
