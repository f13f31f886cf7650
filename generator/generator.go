// Package generator makes Sudoku puzzles with exactly one solution, rated
// at a chosen level by the human-technique solver of solver/logic, with
// the givens laid out in a chosen symmetry, reproducibly from a seed.
//
// # How
//
// An attempt draws a random solution grid, then visits the cells in a
// random order, a symmetric pair at a time, and takes out each pair whose
// removal leaves a puzzle that still has one solution and needs no
// technique above the level asked for. When every pair has been tried, the
// puzzle is rated: if it needs exactly the level asked for it is the
// answer; otherwise (every pair left was needed while the puzzle was still
// easier than wanted, as happens to most attempts at the harder levels)
// the next attempt starts from a new grid.
//
// Each check is as cheap as it can be: a puzzle that naked and hidden
// singles solve is unique and easy, which a dedicated singles pass tells
// in under two microseconds; otherwise the fast solver counts solutions up
// to two (microseconds), and only a unique puzzle is rated, by
// logic.RateUpTo, which gives up as soon as a harder technique would be
// needed. While singles still solve the puzzle, whole runs of pairs go at
// once. A minimal puzzle is made the same way with uniqueness alone
// deciding removals; with a symmetry most attempts then fail the final
// test that no single given can go, which is why minimal puzzles cost
// more.
//
// Puzzles made this way carry no spare givens: no symmetric pair of
// givens can go without the puzzle losing its unique
// solution or getting harder than its level.
//
// # Cost
//
// The median time per puzzle on one core of the CI machine (2-core AMD
// EPYC), with rotational symmetry, is about 0.08 ms for easy, 0.7 ms for
// medium, 0.8 ms for hard and 2.4 ms for expert and insane puzzles, and
// much the same without symmetry. Minimal puzzles take up to 2.6 ms
// without symmetry, but 15 to 50 ms with one (BenchmarkGenerate; README,
// Performance). Generate allocates nothing of its own; rating an insane
// candidate borrows logic's pooled tables.
//
// # Reproducibility
//
// All randomness comes from solver.Rand seeded with Options.Seed, so the
// same seed and options give the same puzzle on every machine and Go
// version, for a given version of this package (a test pins one).
// BatchSeed derives the seeds of a batch, so that generating puzzles in
// parallel gives the same puzzles as one after another.
package generator

import (
	"context"
	"fmt"
	"strings"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Symmetry is the pattern the givens of a puzzle keep: a cell holds a
// given exactly when its image does.
type Symmetry uint8

const (
	Rotational Symmetry = iota // unchanged by a half turn about the centre; the zero value, as in the classics
	NoSymmetry                 // givens anywhere
	Mirror                     // unchanged by a left-right mirror
	Diagonal                   // unchanged by a reflection in the main diagonal
)

var symmetryNames = [...]string{"rotational", "none", "mirror", "diagonal"}

// String is the symmetry's name as ParseSymmetry accepts it.
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", uint8(s))
}

// ParseSymmetry accepts a symmetry's name in any case: none, rotational,
// mirror or diagonal.
func ParseSymmetry(s string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if strings.EqualFold(s, n) {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("unknown symmetry %q (want none, rotational, mirror or diagonal)", s)
}

// Image returns the cell (0-80, row-major) that cell i maps to under s;
// i itself for a cell on the axis or centre, and for NoSymmetry.
func (s Symmetry) Image(i int) int {
	r, c := i/9, i%9
	switch s {
	case Rotational:
		return 80 - i
	case Mirror:
		return 9*r + 8 - c
	case Diagonal:
		return 9*c + r
	}
	return i
}

// Options say what to generate. The zero value asks for an easy puzzle
// with rotational symmetry from seed 0.
type Options struct {
	Level    logic.Level // the level the puzzle's rating must have
	Seed     int64       // the same seed and options give the same puzzle
	Symmetry Symmetry
	// Minimal asks for a puzzle none of whose givens can be removed, even
	// alone, without a second solution appearing. It costs many more
	// attempts with a symmetry (see Cost), few without.
	Minimal bool
}

// Puzzle is a generated puzzle.
type Puzzle struct {
	Grid     solver.Grid  // the givens
	Solution solver.Grid  // the only solution
	Rating   logic.Rating // what logic.Rate says of Grid; its Level is the level asked for
	Seed     int64        // Options.Seed: with the same options it gives this puzzle again
}

// Generate makes a puzzle as opt asks. It returns ctx.Err() once ctx is
// done: it looks between removals, and the longest stretch between looks
// is rating one candidate, a few milliseconds at most for insane ones. It
// fails otherwise only on options out of range.
func Generate(ctx context.Context, opt Options) (Puzzle, error) {
	if opt.Level > logic.Insane {
		return Puzzle{}, fmt.Errorf("generator: unknown level %v", opt.Level)
	}
	if opt.Symmetry > Diagonal {
		return Puzzle{}, fmt.Errorf("generator: unknown symmetry %v", opt.Symmetry)
	}
	rng := solver.NewRand(opt.Seed)
	done := ctx.Done()
	for {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		solution := randomSolution(rng)
		g, ok := reduce(solution, opt, rng, done)
		if !ok {
			return Puzzle{}, ctx.Err()
		}
		if opt.Minimal && !minimal(&g, opt.Symmetry) {
			continue
		}
		if r, ok := rateExactly(g, opt.Level); ok {
			return Puzzle{Grid: g, Solution: solution, Rating: r, Seed: opt.Seed}, nil
		}
	}
}

// reduce takes givens out of the full grid solution, a symmetric pair at a
// time in an order drawn from rng, keeping each removal that passes keep.
// It reports false when done closed before it finished.
func reduce(solution solver.Grid, opt Options, rng *solver.Rand, done <-chan struct{}) (solver.Grid, bool) {
	// The first cell of each pair (or the lone cell on an axis).
	var order [81]uint8
	n := 0
	for i := 0; i < 81; i++ {
		if opt.Symmetry.Image(i) >= i {
			order[n] = uint8(i)
			n++
		}
	}
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	g := solution
	// While singles solve the puzzle, a run of pairs taken out together
	// ends where taking them out one at a time would: a puzzle that
	// singles solve stays solved by singles when givens are added back,
	// so keep would have passed each removal of the run. One check then
	// does for many; a run that fails is halved and tried again.
	next := 0
	for run := 16; run > 1 && next < n; {
		h := g
		end := min(next+run, n)
		for _, i := range order[next:end] {
			h[i] = 0
			h[opt.Symmetry.Image(int(i))] = 0
		}
		if solvedBySingles(&h) {
			g, next = h, end
		} else {
			run /= 2
		}
	}
	for _, i := range order[next:n] {
		select {
		case <-done:
			return g, false
		default:
		}
		h := g
		h[i] = 0
		h[opt.Symmetry.Image(int(i))] = 0
		if keep(&h, opt) {
			g = h
		}
	}
	return g, true
}

// keep reports whether a candidate puzzle h, a subset of a solution grid,
// is one to keep going from: it has one solution and, unless a minimal
// puzzle is wanted, needs no technique above opt.Level. The cheapest tests
// come first: singles (a microsecond or two) settle most candidates while
// many givens are left, the fast solver's count (microseconds) rejects
// ambiguous ones, and only the rest are rated.
func keep(h *solver.Grid, opt Options) bool {
	if solvedBySingles(h) {
		return true
	}
	if opt.Level == logic.Easy && !opt.Minimal {
		return false
	}
	if solver.CountSolutions(*h, 2) != 1 {
		return false
	}
	if opt.Minimal || opt.Level == logic.Insane {
		return true
	}
	_, err := logic.RateUpTo(*h, opt.Level)
	return err == nil
}

// minimal reports whether no single given of g can go without a second
// solution appearing. Removal one symmetric pair at a time leaves that to
// check for the pairs: their joint removal was refused, not each alone. A
// lone cell was tried alone, and uniqueness lost stays lost as givens go.
func minimal(g *solver.Grid, s Symmetry) bool {
	for i, d := range g {
		if d == 0 || s.Image(i) == i {
			continue
		}
		h := *g
		h[i] = 0
		if solver.CountSolutions(h, 2) == 1 {
			return false
		}
	}
	return true
}

// rateExactly rates g, a puzzle with one solution, and reports whether its
// level is l. Below Insane, RateUpTo stops as soon as g proves too hard;
// for Insane, RateUpTo(Expert) turns away the easier puzzles before the
// full rating pays for forcing chains.
func rateExactly(g solver.Grid, l logic.Level) (logic.Rating, bool) {
	if l == logic.Insane {
		if _, err := logic.RateUpTo(g, logic.Expert); err == nil {
			return logic.Rating{}, false
		}
		r, err := logic.Rate(g)
		return r, err == nil && r.Level == l
	}
	r, err := logic.RateUpTo(g, l)
	return r, err == nil && r.Level == l
}

// BatchSeed returns the seed of puzzle k (counting from 0) of a batch
// generated from seed base: base itself for k = 0, and for the others a
// number drawn from (base, k), below 2^53 so that it survives a trip
// through a float64. Each puzzle of a batch depends only on its own seed,
// so a batch comes out the same however many goroutines make it.
func BatchSeed(base int64, k int) int64 {
	if k == 0 {
		return base
	}
	r := solver.NewRand(base ^ int64(k)*0x5851F42D4C957F2D)
	return int64(r.Uint64() >> 11)
}
