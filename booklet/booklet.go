// Package booklet lays out Sudoku puzzles for printing: a PDF booklet with
// several puzzles a page, a caption per puzzle, a title, page numbers and an
// optional solutions section (WritePDF), and a single board as a PNG or SVG
// image for sharing (WritePNG, WriteSVG).
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
	"slices"
	"strings"

	"example.com/sudoku/solver"
)

// Entry is one puzzle to print.
type Entry struct {
	Grid solver.Grid // the givens; 0 is an empty cell
	// Name is shown in the caption after the puzzle's number (PDF) or alone
	// (images). Empty shows the number only.
	Name string
	// Level and Score, when not empty, are shown at the right of the
	// caption, as "Hard · score 4.5".
	Level, Score string
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
	Title string
	// Solutions adds a section after the puzzles with every puzzle's
	// solution, smaller and labelled with the puzzle's number; the givens
	// are bold black, the digits filled in regular grey.
	Solutions bool
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
	if !slices.Contains(PerPageChoices, o.PerPage) {
		return o, fmt.Errorf("cannot print %d puzzles a page (want 1, 2, 4 or 6)", o.PerPage)
	}
	o.Title = strings.Join(strings.Fields(o.Title), " ")
	return o, nil
}

// PageCount returns how many pages WritePDF prints for n puzzles: the
// puzzle pages, then the solutions pages when opt.Solutions is set. It is 0
// for bad options.
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

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// ErrNoPuzzles is returned when there is nothing to print.
var ErrNoPuzzles = errors.New("no puzzles to print")

// ErrUnsolvable says that a puzzle's givens follow the rules but no
// solution exists.
var ErrUnsolvable = errors.New("has no solution")

// PuzzleError names the puzzle that stopped a print and why: Err is a
// *solver.ConflictError for givens that break the rules, or ErrUnsolvable.
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

// checkGivens reports the first entry whose givens break the rules. O(81)
// an entry.
func checkGivens(entries []Entry) error {
	for i, e := range entries {
		if err := e.Grid.Validate(); err != nil {
			return &PuzzleError{Index: i, Name: e.Name, Err: err}
		}
	}
	return nil
}

// solve returns the first solution of entry i with the fast solver (well
// under a millisecond for hard 9x9 puzzles), or a *PuzzleError.
func solve(entries []Entry, i int) (solver.Grid, error) {
	r := solver.Solve(context.Background(), entries[i].Grid, solver.Options{Algorithm: solver.Fast})
	switch r.Status {
	case solver.Solved:
		return r.Solution, nil
	case solver.Invalid:
		return solver.Grid{}, &PuzzleError{Index: i, Name: entries[i].Name, Err: r.Err}
	}
	return solver.Grid{}, &PuzzleError{Index: i, Name: entries[i].Name, Err: ErrUnsolvable}
}

// caption is the text over a board: left is the number and name, right
// the level and score.
type caption struct {
	number string // "No. 12", or empty for a lone image
	name   string
	right  string
}

func makeCaption(e Entry, number int) caption {
	c := caption{name: strings.Join(strings.Fields(e.Name), " ")}
	if number > 0 {
		c.number = fmt.Sprintf("No. %d", number)
	}
	var parts []string
	if l := strings.TrimSpace(e.Level); l != "" {
		parts = append(parts, l)
	}
	if s := strings.TrimSpace(e.Score); s != "" {
		parts = append(parts, "score "+s)
	}
	c.right = strings.Join(parts, " · ")
	return c
}

func (c caption) empty() bool { return c.number == "" && c.name == "" && c.right == "" }

// fitCaption shortens c's name with an ellipsis so that the whole caption
// fits width, given functions measuring a string in the caption's bold
// and regular fonts. The number and the right part are kept whole.
func fitCaption(c caption, width float64, bold, regular func(string) float64) caption {
	used := bold(c.number)
	if c.number != "" && c.name != "" {
		used += regular(" · ")
	}
	if c.right != "" {
		used += regular(c.right) + regular("   ")
	}
	c.name = ellipsize(c.name, width-used, regular)
	return c
}
