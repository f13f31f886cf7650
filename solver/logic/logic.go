// Package logic solves Sudoku the way people do: one named technique at a
// time, always the simplest that applies, each step explained in words. It
// rates a puzzle by the hardest technique its solution needs.
//
// A Step is one deduction: the technique, the digits it places or the
// candidates it removes, what to highlight (the units, cells and
// candidates of the pattern, and the links of a chain) and a sentence for
// the player. NextStep finds the next step from any position (a board and
// its candidates); Solve gives the whole path from the givens; Rate gives
// the level, the score and the hardest technique, and RateUpTo gives up as
// soon as a puzzle needs more than a given level.
//
// Techniques are tried in increasing score, the first that applies wins,
// so a puzzle's rating is the score of the hardest step on that path. The
// scale follows Sudoku Explainer's (singles 1.0-2.3, locked candidates 2.6
// and 2.8, subsets and fish 3.0-5.4, wings 4.2-4.4, chains 6.5-6.6,
// forcing chains 7.0 and up); see Techniques for the table. Every valid
// puzzle gets a full path: when no pattern applies, forcing chains (assume
// a digit and follow the singles) and, last, trial by exhaustive search
// refute a candidate.
//
// Costs: a position is a value of about 1 KB. Singles, intersections,
// subsets, fish, wings and uniqueness patterns are bit operations over
// units and cells; chains are breadth-first searches over at most 810
// nodes; a forcing chain step propagates singles from each of at most 729
// assumptions; trial searches with a guess budget. Looking for a step
// allocates nothing (the tables of forcing chains and trial come from
// pools); describing a step for a person allocates its text. See
// BenchmarkRate for figures per dataset.
//
// The package uses only the standard library and example.com/sudoku/solver.
package logic

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"example.com/sudoku/solver"
)

// Level is a difficulty label, defined by the hardest technique a puzzle
// needs.
type Level uint8

const (
	Easy   Level = iota // singles only
	Medium              // plus locked candidates, naked and hidden pairs
	Hard                // plus triples, quads, fish, wings, single-digit patterns, colouring, unique rectangles
	Expert              // plus X-Chains and XY-Chains
	Insane              // needs forcing chains or trial
)

var levelNames = [...]string{"easy", "medium", "hard", "expert", "insane"}

// Levels lists the levels from easiest to hardest.
func Levels() []Level { return []Level{Easy, Medium, Hard, Expert, Insane} }

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel accepts a level's name in any case.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (want easy, medium, hard, expert or insane)", s)
}

// Candidate is a digit in a cell (0-80, row-major): a placement, an
// elimination, or a candidate of a pattern.
type Candidate struct {
	Cell  int
	Digit uint8
}

// String writes the candidate as "r5c4=7".
func (c Candidate) String() string { return fmt.Sprintf("%s=%d", solver.CellName(c.Cell), c.Digit) }

// Link joins two candidates of a chain. A strong link means at least one
// of the two is true (From false forces To true); a weak link means they
// are not both true (From true forces To false).
type Link struct {
	From, To Candidate
	Strong   bool
}

// Step is one deduction. Placements and Eliminations are its effect (in
// cell, then digit order); the GUI draws them as targets. The highlight
// fields say what the reasoning looks at: Units to shade, Cells to
// outline, Pattern candidates in one colour and Other candidates in a
// second (the opposite colour in colouring, the consequences of an
// assumption in a forcing chain), and Links to draw as arrows.
type Step struct {
	Technique    Technique
	Placements   []Candidate
	Eliminations []Candidate
	Units        []solver.Unit
	Cells        []int
	Pattern      []Candidate
	Other        []Candidate
	Links        []Link
	Text         string // one sentence for the player
}

// String writes the step as "Technique: Text".
func (st Step) String() string { return st.Technique.String() + ": " + st.Text }

// Apply writes the step's placements into g, removing each placed digit
// from its peers' candidates in c, and removes the step's eliminations
// from c.
func (st Step) Apply(g *solver.Grid, c *solver.Candidates) {
	for _, p := range st.Placements {
		g[p.Cell] = p.Digit
		c[p.Cell] = 0
		for _, q := range solver.Peers(p.Cell) {
			c[q] &^= 1 << p.Digit
		}
	}
	for _, e := range st.Eliminations {
		c[e.Cell] &^= 1 << e.Digit
	}
}

// Errors of Solve and Rate, besides the *solver.ConflictError of a board
// whose givens break the rules.
var (
	ErrNoSolution        = errors.New("has no solution")
	ErrMultipleSolutions = errors.New("has more than one solution")
)

// NextStep returns the simplest step from the position of board g with
// candidates c, or false when there is none: the board is full, the
// position is broken (a cell without candidates, a digit without a place),
// or, on a board with several solutions, nothing can be proved. Candidates
// that conflict with g's digits are ignored. Unique rectangles assume the
// puzzle has one solution.
//
// Cost: microseconds when a pattern applies; a forcing chain step takes a
// millisecond or so, a trial step up to tens of milliseconds on the
// hardest puzzles and on boards with many solutions.
func NextStep(g solver.Grid, c solver.Candidates) (Step, bool) {
	s := newState(g, c)
	if s.solved() || s.broken() {
		return Step{}, false
	}
	f := finder{last: Trial}
	defer f.release()
	f.em.describe = true
	if _, ok := f.next(&s); !ok {
		return Step{}, false
	}
	return f.em.steps[0], true
}

// Solve returns the whole logical path from the givens of g to the
// solution, each step the simplest available. It fails with the
// *solver.ConflictError of invalid givens, ErrNoSolution or
// ErrMultipleSolutions. Cost: as Rate, plus describing each step.
func Solve(g solver.Grid) ([]Step, error) {
	var steps []Step
	_, err := run(g, Insane, func(st Step) { steps = append(steps, st) })
	if err != nil {
		return nil, err
	}
	return steps, nil
}

// Rating is how hard a puzzle is.
type Rating struct {
	Level   Level
	Score   float64   // the hardest step's score
	Hardest Technique // the hardest step's technique (None for a full board)
	Steps   int       // the number of deductions, singles found together counted once
}

// Rate rates g by the hardest step on its logical path. It fails as Solve
// does. It applies all the singles of one kind found in one pass together
// (which leaves the hardest step unchanged: singles stay available until
// used) and describes nothing. Puzzles that need only singles cost tens of
// microseconds and allocate nothing; forcing chains cost milliseconds and
// trial up to about a second on the hardest known puzzles. A puzzle whose
// path used a unique rectangle is checked for uniqueness with
// solver.CountSolutions.
func Rate(g solver.Grid) (Rating, error) {
	return run(g, Insane, nil)
}

// ErrTooHard is RateUpTo's answer for a puzzle that needs a technique
// above the level asked for.
var ErrTooHard = errors.New("needs a harder technique")

// RateUpTo is Rate restricted to the techniques of level max and below.
// When the puzzle needs a harder one it stops there and returns ErrTooHard
// with the rating of the steps so far, without paying for the harder
// techniques: a generator rejects a candidate puzzle this way in
// microseconds rather than the milliseconds of forcing chains. Below
// Insane it does not check that a puzzle it gives up on has a solution.
func RateUpTo(g solver.Grid, max Level) (Rating, error) {
	return run(g, max, nil)
}

// run walks the logical path of g using techniques up to level max. With
// emit, each step is described and passed to it; without, singles are
// batched and nothing is described.
func run(g solver.Grid, max Level, emit func(Step)) (Rating, error) {
	if err := g.Validate(); err != nil {
		return Rating{}, err
	}
	s := newState(g, g.Candidates())
	var f finder
	defer f.release()
	f.last = None
	for t := FullHouse; t < numTechniques && t.Level() <= max; t++ {
		f.last = t
	}
	f.em.describe = emit != nil
	var r Rating
	usedUniqueness := false
	// Each step removes at least one candidate, so 729 bounds the loop.
	for n := 0; n < 729 && !s.solved(); n++ {
		f.em.reset()
		f.em.batch = emit == nil
		t, ok := f.next(&s)
		if !ok {
			if max < Insane && !s.broken() {
				return r, ErrTooHard
			}
			return r, unsolvedReason(g, usedUniqueness)
		}
		if t.uniqueness() {
			usedUniqueness = true
		}
		if !f.em.apply(&s) {
			return r, unsolvedReason(g, usedUniqueness)
		}
		r.Steps++
		if t.info().score > r.Hardest.info().score {
			r.Hardest, r.Score, r.Level = t, t.Score(), t.Level()
		}
		if emit != nil {
			emit(f.em.steps[0])
		}
	}
	if !s.solved() {
		return r, unsolvedReason(g, usedUniqueness)
	}
	if usedUniqueness && solver.CountSolutions(g, 2) != 1 {
		return r, ErrMultipleSolutions
	}
	return r, nil
}

// unsolvedReason says why the logical path ended early: the fast solver
// counts the solutions. Without a uniqueness step a dead end means no
// solution or several; with one, a broken position may also come from
// assuming uniqueness on an ambiguous puzzle.
func unsolvedReason(g solver.Grid, usedUniqueness bool) error {
	switch solver.CountSolutions(g, 2) {
	case 0:
		return ErrNoSolution
	case 1:
		// Cannot happen: every technique is sound on a unique puzzle and
		// trial always refutes a wrong candidate there.
		return errors.New("logic solver stuck on a unique puzzle")
	}
	return ErrMultipleSolutions
}

func popcount16(x uint16) int { return bits.OnesCount16(x) }
