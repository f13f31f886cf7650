// Package logic solves Sudoku the way people do, one named step at a
// time, each explained in words, and rates puzzles on Sudoku Explainer's
// scale (ER, with EP and ED), the scale the Sudoku community quotes.
//
// The rater is our own implementation of Sudoku Explainer's (SE 1.2.1.3)
// rules and rating loop: at each step SE's rules are tried in SE's order,
// the first that has an instance gives the step (the first instance in its
// search order, or for chains and uniqueness loops the easiest by SE's
// sort), the step is applied, and the search starts over; the rating is
// the hardest step's score. Chain steps score by their kind and the
// number of candidates they go back to, as SE's. See README, Difficulty.
//
// A Step is one deduction: the technique, its score, the digits it places
// or the candidates it removes, what to highlight (the units, cells and
// candidates of the pattern, and the links of a chain) and a sentence for
// the player. NextStep finds the step SE would take from any position (a
// board and its candidates); Solve gives the whole path from the givens;
// Rate gives the level, ER, EP, ED and the hardest step, and RateUpTo
// gives up as soon as a puzzle needs more than a given level.
//
// Costs: singles, intersections, subsets, fish and wings are bit
// operations over units and cells, microseconds a step; chains are
// breadth-first searches over at most 1,458 potentials, each candidate
// starting one (milliseconds a step); nested chains at the top of the
// scale cost more. Looking for a step allocates little; describing a step
// for a person allocates its text.
//
// The package uses only the standard library and example.com/sudoku/solver.
package logic

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"example.com/sudoku/solver"
)

// Level is a difficulty label: a band of Sudoku Explainer's ER.
type Level uint8

const (
	Easy    Level = iota // ER up to 2.3: singles (and SE's direct hidden pair)
	Medium               // up to 3.4: locked candidates, naked and hidden pairs, X-Wing
	Hard                 // up to 5.9: triples, quads, fish, wings, uniqueness
	Expert               // up to 7.9: aligned exclusion, X- and XY-chains, cycles, Nishio
	Insane               // up to 8.9: cell, region and dynamic forcing chains
	Extreme              // 9.0 and up: forcing chains with rules inside, nested chains
)

var levelNames = [...]string{"easy", "medium", "hard", "expert", "insane", "extreme"}

// levelTop is the highest score, in tenths, of each level.
var levelTop = [...]int{23, 34, 59, 79, 89, 1 << 20}

// Levels lists the levels from easiest to hardest.
func Levels() []Level { return []Level{Easy, Medium, Hard, Expert, Insane, Extreme} }

// LevelOf is the level of a puzzle rated score (ER).
func LevelOf(score float64) Level {
	t := tenths(score)
	for l, top := range levelTop {
		if t <= top {
			return Level(l)
		}
	}
	return Extreme
}

// Range is the lowest and highest ER of a level (the highest of Extreme
// is open: 20).
func (l Level) Range() (lo, hi float64) {
	if int(l) >= len(levelTop) {
		return 0, 0
	}
	low := 10
	if l > 0 {
		low = levelTop[l-1] + 1
	}
	high := levelTop[l]
	if l == Extreme {
		high = 200
	}
	return float64(low) / 10, float64(high) / 10
}

func tenths(score float64) int { return int(score*10 + 0.5) }

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
	return 0, fmt.Errorf("unknown level %q (want easy, medium, hard, expert, insane or extreme)", s)
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
// second (the opposite colour in colouring, the off candidates of a
// chain), and Links to draw as arrows.
type Step struct {
	Technique    Technique
	Score        float64 // the step's score on SE's scale (chains: with their length)
	Name         string  // SE's finer name when it says more than the technique's ("Unique loop 8 type 2")
	Placements   []Candidate
	Eliminations []Candidate
	Units        []solver.Unit
	Cells        []int
	Pattern      []Candidate
	Other        []Candidate
	Links        []Link
	Text         string // one sentence for the player
}

// Title is the step's name: Name when set, else the technique's.
func (st Step) Title() string {
	if st.Name != "" {
		return st.Name
	}
	return st.Technique.String()
}

// String writes the step as "Technique: Text".
func (st Step) String() string { return st.Title() + ": " + st.Text }

// Apply writes the step's placements into g, removing each placed digit
// from its peers' candidates in c, and removes the step's eliminations
// from c.
func (st Step) Apply(g *solver.Grid, c *solver.Candidates) {
	for _, e := range st.Eliminations {
		c[e.Cell] &^= 1 << e.Digit
	}
	for _, p := range st.Placements {
		g[p.Cell] = p.Digit
		c[p.Cell] = 0
		for _, q := range solver.Peers(p.Cell) {
			c[q] &^= 1 << p.Digit
		}
	}
}

// Errors of Solve and Rate, besides the *solver.ConflictError of a board
// whose givens break the rules.
var (
	ErrNoSolution        = errors.New("has no solution")
	ErrMultipleSolutions = errors.New("has more than one solution")
)

// NextStep returns the step Sudoku Explainer would take from the position
// of board g with candidates c, or false when there is none: the board is
// full, the position is broken (a cell without candidates, a digit without
// a place), or, on a board with several solutions, nothing can be proved.
// Candidates that conflict with g's digits are ignored. Uniqueness steps
// assume the puzzle has one solution.
//
// Cost: microseconds when a pattern applies; chains take up to
// milliseconds, nested chains on the hardest puzzles up to seconds.
func NextStep(g solver.Grid, c solver.Candidates) (Step, bool) {
	s := newState(g, c)
	if s.solved() || s.broken() {
		return Step{}, false
	}
	e := engine{s: s, describe: true}
	defer e.release()
	if !e.next(maxScore) {
		return Step{}, false
	}
	return e.h.step, true
}

// SolveFrom is the logical path from a position: g's digits and the
// candidates c (those that conflict with g's digits are dropped), each
// step the one SE takes there, with one engine for the whole path (its
// caches kept from step to step, where NextStep a step at a time starts
// afresh). It stops where no rule applies (a board with no solution or
// several); the steps up to there are returned. The caller checks the
// puzzle has one solution, as uniqueness steps assume it.
func SolveFrom(g solver.Grid, c solver.Candidates) []Step {
	e := engine{s: newState(g, c), describe: true}
	defer e.release()
	var steps []Step
	for n := 0; n < 729 && !e.s.solved() && !e.s.broken(); n++ {
		if !e.next(maxScore) || !e.apply() {
			break
		}
		steps = append(steps, e.h.step)
	}
	return steps
}

// enginePool holds rateRun's engines between ratings.
var enginePool = sync.Pool{New: func() any { return new(engine) }}

// maxScore bounds every rating: SE's hardest rule scores 11.0 plus its
// length increment.
const maxScore = 1 << 20

func (e *engine) release() {
	if e.ch != nil {
		e.ch.static = nil // the engine's, not to be shared
		chainerPool.Put(e.ch)
		e.ch = nil
	}
	if e.static != nil {
		e.static.e = nil // staticChains sets it, and resets the rest, when it starts
		staticPool.Put(e.static)
		e.static = nil
	}
	if e.ac != nil {
		alignPool.Put(e.ac)
		e.ac = nil
	}
}

// Solve returns the whole logical path from the givens of g to the
// solution, each step the one SE takes. It fails with the
// *solver.ConflictError of invalid givens, ErrNoSolution or
// ErrMultipleSolutions. Cost: as Rate, plus describing each step.
func Solve(g solver.Grid) ([]Step, error) {
	var steps []Step
	_, err := rateRun(context.Background(), g, maxScore, func(st Step) { steps = append(steps, st) })
	if err != nil {
		return nil, err
	}
	return steps, nil
}

// Rating is how hard a puzzle is, on Sudoku Explainer's scale.
type Rating struct {
	Level   Level
	Score   float64   // ER: the hardest step's score
	Pearl   float64   // EP: the hardest step up to the first placement
	Diamond float64   // ED: the first step's score
	Hardest Technique // the hardest step's technique (None for a full board)
	Name    string    // the hardest step's full name (SE's, as "Dynamic forcing chains (+)")
	Steps   int       // the steps walked: singles found together count once, and a rating stops where the rest cannot score more
}

// Rate rates g as Sudoku Explainer does: its rules in SE's order, the first
// that applies gives each step, and the rating is the hardest step's score
// (ER), with EP and ED. It fails as Solve does. Puzzles that need only
// singles cost microseconds; chains cost milliseconds.
func Rate(g solver.Grid) (Rating, error) {
	return rateRun(context.Background(), g, maxScore, nil)
}

// RateContext is Rate that gives up with ctx's error when ctx ends.
func RateContext(ctx context.Context, g solver.Grid) (Rating, error) {
	return rateRun(ctx, g, maxScore, nil)
}

// ErrTooHard is RateUpTo's answer for a puzzle that needs a technique
// above the level asked for.
var ErrTooHard = errors.New("needs a harder technique")

// RateUpTo is Rate that gives up as soon as a step would score above the
// level max (ErrTooHard, with the rating of the steps so far), without
// trying the harder rules: a generator rejects a candidate puzzle this way
// in microseconds rather than the milliseconds of chains. Like Rate, it
// first checks with the fast solver that g has exactly one solution.
func RateUpTo(g solver.Grid, max Level) (Rating, error) {
	return RateUpToContext(context.Background(), g, max)
}

// RateUpToContext is RateUpTo with a context.
func RateUpToContext(ctx context.Context, g solver.Grid, max Level) (Rating, error) {
	top := maxScore
	if int(max) < len(levelTop) {
		top = levelTop[max]
	}
	return rateRun(ctx, g, top, nil)
}

// RateUpToScore is RateUpTo with the cap an ER (max, one decimal) rather
// than a level: it returns ErrTooHard as soon as a step would score above
// max.
func RateUpToScore(ctx context.Context, g solver.Grid, max float64) (Rating, error) {
	return rateRun(ctx, g, tenths(max), nil)
}

// run walks the logical path of g with the rules whose steps can score
// top or less. With emit, each step is described and passed to it;
// without, singles are batched and nothing is described.
func rateRun(ctx context.Context, g solver.Grid, top int, emit func(Step)) (Rating, error) {
	var r Rating
	hardest, pearl, diamond := 0, 0, 0
	// A rating (not a walkthrough) walks the path's first singles, those
	// of 1.5 or less, at once with bit boards (startPath), which finds
	// conflicts between the digits too. When they fill the board, that is
	// the rating, and the puzzle has one solution; else the rules go on
	// from where they stopped, with the same solutions.
	start := g
	var f bandFill
	quick := emit == nil && top >= 15
	if quick {
		st, ok := startPath(&start, &f)
		if !ok {
			if err := g.Validate(); err != nil {
				return Rating{}, err
			}
			return Rating{}, errors.New("the digits conflict")
		}
		if st.hardest > 0 {
			hardest, diamond, pearl = st.hardest, st.first, st.first
			r.Hardest, r.Score, r.Name = st.tech, float64(st.hardest)/10, st.tech.String()
			r.Steps = st.steps
		}
		if st.left == 0 && st.hardest > 0 {
			r.Pearl, r.Diamond = float64(pearl)/10, float64(diamond)/10
			r.Level = LevelOf(r.Score)
			return r, nil
		}
	} else if err := g.Validate(); err != nil {
		return Rating{}, err
	}
	// A puzzle without exactly one solution has no logical path to rate;
	// the fast solver tells in microseconds, where the rules would try
	// every chain first. A walkthrough asks first; a rating asks below,
	// where the engine's settle check has propagated the position.
	if !quick {
		if n := solver.CountSolutions(start, 2); n != 1 {
			return Rating{}, solutionsError(n)
		}
	}
	// The engine (kilobytes) escapes to the heap; a pool spares the
	// collector one a rating, a tenth of an easy puzzle's time.
	e := enginePool.Get().(*engine)
	*e = engine{describe: emit != nil, batch: emit == nil, ctx: ctx}
	if quick {
		e.s = newStateBands(start, &f)
	} else {
		e.s = newState(g, g.Candidates())
	}
	defer func() {
		e.release()
		e.ctx = nil
		enginePool.Put(e)
	}()
	usedUniqueness := false
	// A rating (not a walkthrough) stops once the rest cannot score more:
	// from settleScore on, when singles, pointing and claiming alone fill
	// the board (see settleScore); below, when singles of the scores so
	// far do (see singlesFill), which needs the first. failing says that
	// the first failed at their last try and every step since is one they
	// make themselves, so they fail still; filledAt is the hardest score
	// of the last fill tried, which is tried again when the hardest score
	// rises or after a step it could not have made itself.
	settled, failing := false, false
	filledAt := -1
	if quick {
		// A board that singles, pointing and claiming fill has one
		// solution; else the fast solver counts them, searching on from
		// where those rules stopped.
		if failing = !e.settled(); failing {
			if n := e.settle.Count(2); n != 1 {
				return Rating{}, solutionsError(n)
			}
		}
	}
	for n := 0; n < 729 && !e.s.solved(); n++ {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if !e.next(top) {
			if err := ctx.Err(); err != nil {
				return r, err
			}
			if top < maxScore && !e.s.broken() {
				r.Level = LevelOf(r.Score)
				return r, ErrTooHard
			}
			return r, unsolvedReason(g, usedUniqueness)
		}
		h := &e.h
		if h.tech.uniqueness() {
			usedUniqueness = true
		}
		if h.score > top {
			r.Level = LevelOf(r.Score)
			return r, ErrTooHard
		}
		if !e.apply() {
			return r, unsolvedReason(g, usedUniqueness)
		}
		r.Steps++
		if h.score > hardest || r.Hardest == None {
			hardest = h.score
			r.Hardest, r.Score = h.tech, float64(h.score)/10
			r.Name = cmp.Or(h.name, h.tech.String()) + nestSuffix(h.level)
			if emit != nil && h.step.Name != "" {
				r.Name = h.step.Name
			}
		}
		if pearl == 0 {
			if diamond == 0 {
				diamond = hardest
			}
			if h.placement() {
				pearl = hardest
			}
		}
		if emit != nil {
			emit(h.step)
			continue
		}
		if !h.tech.lockedSingle() {
			failing = false
		}
		below := hardest < settleScore
		if failing || below && hardest == filledAt && fillsWith(h.tech, hardest) {
			continue
		}
		failing = !e.settled()
		if below && !failing {
			filledAt = hardest
		}
		if !failing && (!below || e.s.singlesFill(hardest, &e.fill)) {
			settled = true
			if pearl == 0 {
				pearl = hardest
			}
			break
		}
	}
	if !settled && !e.s.solved() {
		return r, unsolvedReason(g, usedUniqueness)
	}
	if usedUniqueness && solver.CountSolutions(g, 2) != 1 {
		return r, ErrMultipleSolutions
	}
	r.Pearl, r.Diamond = float64(pearl)/10, float64(diamond)/10
	r.Level = LevelOf(r.Score)
	return r, nil
}

// settleScore is the highest score of SE's first six rules (hidden
// singles, direct pointing and claiming, direct hidden pairs, naked
// singles, direct hidden triples, pointing and claiming: 2.8). Say the
// hardest step so far scores that or more, and hidden and naked singles
// with pointing and claiming fill the board from the position P. Every
// later position Q on SE's path has fewer candidates than P, all of them
// sound, so those rules fill the board from Q too (each deduction they
// make from P still holds, or is made already); so at Q one of them has an
// instance, and SE's rule that gives the step is one of the first six or
// comes before them: a step of 2.8 or less. ER and EP are then the hardest
// score so far.
const settleScore = 28

// lockedSingle reports whether a step of the technique is one that hidden
// and naked singles, pointing and claiming make by themselves.
func (t Technique) lockedSingle() bool {
	switch t {
	case FullHouse, HiddenSingleBox, HiddenSingleColumn, HiddenSingleRow, DirectPointing, DirectClaiming,
		NakedSingle, Pointing, Claiming:
		return true
	}
	return false
}

// solutionsError is the error for a puzzle with n solutions (0, or 2 for
// several).
func solutionsError(n int) error {
	if n == 0 {
		return ErrNoSolution
	}
	return ErrMultipleSolutions
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
		// SE's nested chains solve every known puzzle; this would be one
		// they do not.
		return errors.New("logic solver stuck on a unique puzzle")
	}
	return ErrMultipleSolutions
}

// CandidateError says that a position's candidates leave out a cell's
// digit in the solution: the path from there would be built on a mistake.
type CandidateError struct {
	Cell  int // 0-80
	Cands solver.Set
	Digit uint8 // the cell's digit in the solution
}

func (e *CandidateError) Error() string {
	var digits []byte
	for _, d := range e.Cands.Digits() {
		digits = append(digits, '0'+d)
	}
	return fmt.Sprintf("the candidates of %s (%s) leave out %d, its digit in the solution", solver.CellName(e.Cell), digits, e.Digit)
}

// SolveFromChecked is SolveFrom for a position read from a file (a grid
// of candidates): it fails as Solve does for givens with no solution or
// several. Where the candidates leave out a cell's digit in the solution,
// the path would be built on a mistake: that cell takes all its
// candidates (as the window's hints do with such pencil marks), and
// mended lists what was wrong, each a *CandidateError.
func SolveFromChecked(g solver.Grid, c solver.Candidates) (steps []Step, mended []*CandidateError, err error) {
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	r := solver.Solve(context.Background(), g, solver.Options{Algorithm: solver.Fast, Limit: 2})
	if r.Solutions != 1 {
		return nil, nil, solutionsError(r.Solutions)
	}
	allowed := g.Candidates()
	for i, d := range r.Solution {
		if g[i] == 0 && c[i]&allowed[i]&(1<<d) == 0 {
			mended = append(mended, &CandidateError{Cell: i, Cands: c[i] & allowed[i], Digit: d})
			c[i] = allowed[i]
		}
	}
	return SolveFrom(g, c), mended, nil
}
