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
	"errors"
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
	Level logic.Level // the level (band of ER) the puzzle's rating must have
	// MinER and MaxER, when MaxER is set, ask for an ER in that range
	// instead of Level's band.
	MinER, MaxER float64
	Seed         int64 // the same seed and options give the same puzzle
	Symmetry     Symmetry
	// Minimal asks for a puzzle none of whose givens can be removed, even
	// alone, without a second solution appearing. It costs many more
	// attempts with a symmetry (see Cost), few without.
	Minimal bool
}

// band is the range of ER the options ask for, in tenths.
func (opt Options) band() (lo, hi int) {
	if opt.MaxER > 0 {
		return int(opt.MinER*10 + 0.5), int(opt.MaxER*10 + 0.5)
	}
	l, h := opt.Level.Range()
	return int(l*10 + 0.5), int(h*10 + 0.5)
}

// Puzzle is a generated puzzle.
type Puzzle struct {
	Grid     solver.Grid  // the givens
	Solution solver.Grid  // the only solution
	Rating   logic.Rating // what logic.Rate says of Grid; its Score is in the band asked for
	Seed     int64        // Options.Seed: with the same options it gives this puzzle again
}

// Generate makes a puzzle as opt asks. It returns ctx.Err() once ctx is
// done: it looks between removals and ratings. It fails otherwise only on
// options out of range.
func Generate(ctx context.Context, opt Options) (Puzzle, error) {
	if opt.Level > logic.Extreme {
		return Puzzle{}, fmt.Errorf("generator: unknown level %v", opt.Level)
	}
	if opt.Symmetry > Diagonal {
		return Puzzle{}, fmt.Errorf("generator: unknown symmetry %v", opt.Symmetry)
	}
	lo, hi := opt.band()
	if lo < 10 || hi < lo {
		return Puzzle{}, fmt.Errorf("generator: ER range %.1f-%.1f is empty", opt.MinER, opt.MaxER)
	}
	rng := solver.NewRand(opt.Seed)
	done := ctx.Done()
	for {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		solution := randomSolution(rng)
		g, ok := reduce(solution, opt, hi, rng, done)
		if !ok {
			return Puzzle{}, ctx.Err()
		}
		if opt.Minimal && !minimal(&g, opt.Symmetry) {
			continue
		}
		if r, ok := rateIn(ctx, g, lo, hi); ok {
			return Puzzle{Grid: g, Solution: solution, Rating: r, Seed: opt.Seed}, nil
		}
		if lo >= climbFrom {
			// The top of the scale is rare among random puzzles: climb
			// towards it from this one.
			if p, ok := climb(ctx, g, solution, opt, lo, hi, rng); ok {
				return p, nil
			}
		}
	}
}

// climbFrom is the lowest ER (tenths) for which the generator climbs: it
// moves givens of a puzzle around while its rating does not drop, until it
// reaches the band.
const climbFrom = 85

// climb moves one given (pair) of g at a time to another cell of the same
// solution, keeps the move when the puzzle stays unique and its rating
// does not drop, and stops at a rating in [lo, hi] or after a number of
// moves.
func climb(ctx context.Context, g, solution solver.Grid, opt Options, lo, hi int, rng *solver.Rand) (Puzzle, bool) {
	cur, err := logic.RateUpToScore(ctx, g, float64(lo-1)/10)
	curScore := tenths(cur.Score)
	if err != nil {
		curScore = lo
	}
	for move := 0; move < 200; move++ {
		if ctx.Err() != nil {
			return Puzzle{}, false
		}
		h := g
		// Take out a given (pair), put in a blank (pair) elsewhere.
		var givens, blanks []int
		for i := 0; i < 81; i++ {
			if opt.Symmetry.Image(i) < i {
				continue
			}
			if h[i] != 0 {
				givens = append(givens, i)
			} else {
				blanks = append(blanks, i)
			}
		}
		if len(givens) == 0 || len(blanks) == 0 {
			return Puzzle{}, false
		}
		out := givens[rng.IntN(len(givens))]
		in := blanks[rng.IntN(len(blanks))]
		h[out], h[opt.Symmetry.Image(out)] = 0, 0
		h[in], h[opt.Symmetry.Image(in)] = solution[in], solution[opt.Symmetry.Image(in)]
		if solver.CountSolutions(h, 2) != 1 {
			continue
		}
		// Drop the givens the move made redundant.
		order := givens[:0:0]
		for i := 0; i < 81; i++ {
			if opt.Symmetry.Image(i) >= i && h[i] != 0 && i != in {
				order = append(order, i)
			}
		}
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for _, i := range order {
			k := h
			k[i], k[opt.Symmetry.Image(i)] = 0, 0
			if solver.CountSolutions(k, 2) == 1 {
				h = k
			}
		}
		r, err := logic.RateUpToScore(ctx, h, float64(lo-1)/10)
		if err == nil && tenths(r.Score) < curScore {
			continue
		}
		g = h
		if err == nil {
			curScore = tenths(r.Score)
			continue
		}
		if !errors.Is(err, logic.ErrTooHard) {
			continue
		}
		if opt.Minimal && !minimal(&g, opt.Symmetry) {
			continue
		}
		if r, ok := rateIn(ctx, g, lo, hi); ok {
			return Puzzle{Grid: g, Solution: solution, Rating: r, Seed: opt.Seed}, true
		}
	}
	return Puzzle{}, false
}

func tenths(x float64) int { return int(x*10 + 0.5) }

// reduce takes givens out of the full grid solution, a symmetric pair at a
// time in an order drawn from rng, keeping each removal that passes keep.
// It reports false when done closed before it finished.
func reduce(solution solver.Grid, opt Options, hi int, rng *solver.Rand, done <-chan struct{}) (solver.Grid, bool) {
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
		if keep(&h, opt, hi) {
			g = h
		}
	}
	return g, true
}

// keep reports whether a candidate puzzle h, a subset of a solution grid,
// is one to keep going from: it has one solution and, unless a minimal
// puzzle is wanted, rates hi or less. The cheapest tests come first:
// singles (a microsecond or two) settle most candidates while many givens
// are left, the fast solver's count (microseconds) rejects ambiguous ones,
// and only the rest are rated, by logic.RateUpTo, which stops as soon as a
// step would score above hi. Above expert (8.0 and up) only uniqueness
// counts: rating every candidate there would cost chains.
func keep(h *solver.Grid, opt Options, hi int) bool {
	if solvedBySingles(h) {
		return true
	}
	if hi <= 23 && !opt.Minimal {
		// Singles are all SE needs up to 2.3 but for its direct rules:
		// a puzzle singles do not solve is not easy here.
		return false
	}
	if solver.CountSolutions(*h, 2) != 1 {
		return false
	}
	if opt.Minimal || hi >= 80 {
		return true
	}
	_, err := logic.RateUpToScore(context.Background(), *h, float64(hi)/10)
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

// rateIn rates g, a puzzle with one solution, and reports whether its ER
// is in [lo, hi] (tenths). RateUpTo first turns away puzzles easier than
// lo cheaply, then stops as soon as g proves harder than hi.
func rateIn(ctx context.Context, g solver.Grid, lo, hi int) (logic.Rating, bool) {
	if lo > 10 {
		if _, err := logic.RateUpToScore(ctx, g, float64(lo-1)/10); err == nil {
			return logic.Rating{}, false
		}
	}
	r, err := logic.RateUpToScore(ctx, g, float64(hi)/10)
	s := tenths(r.Score)
	return r, err == nil && s >= lo && s <= hi
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
