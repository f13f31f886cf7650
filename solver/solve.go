package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Algorithm names a solving method.
type Algorithm string

const (
	// DFS is plain backtracking as in seed 000: the first empty cell in
	// reading order, digits 1-9 in order, a digit tried only if no peer holds
	// it, no propagation. Worst case O(9^m) for m blanks; on hard puzzles it
	// can take minutes.
	DFS Algorithm = "dfs"
	// MRV is backtracking on the empty cell with the fewest candidates
	// (minimum remaining values, seed 002), digits in increasing order. Each
	// node costs O(81) to pick the cell; it backs up as soon as a cell has no
	// candidate.
	MRV Algorithm = "mrv"
	// LCV orders the digits of a cell by how few candidates they take from the
	// cell's empty peers (least constraining value, seed 002), on the first
	// empty cell in reading order. A digit that would leave a peer with no
	// candidate scores as ruling that peer out and is skipped. O(9·20) per
	// node to score the digits.
	LCV Algorithm = "lcv"
	// CP is seed 004's constraint propagation: naked singles and hidden
	// singles (only choice in a row, column or box) to a fixed point after
	// every placement, then depth-first search on a minimum-remaining-values
	// cell. Options.Seed shuffles the digit order reproducibly, as 004 does.
	// Each propagation pass is O(81·9); hard puzzles need tens of guesses.
	CP Algorithm = "cp"
	// Fast is the fastest solver in the package; see fast.go.
	Fast Algorithm = "fast"
)

// Algorithms lists every algorithm, slowest first.
var Algorithms = []Algorithm{DFS, MRV, LCV, CP, Fast}

// ParseAlgorithm accepts an algorithm's name in any case.
func ParseAlgorithm(s string) (Algorithm, error) {
	for _, a := range Algorithms {
		if strings.EqualFold(s, string(a)) {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown algorithm %q (want dfs, mrv, lcv, cp or fast)", s)
}

// Status says how a solve ended.
type Status uint8

const (
	Solved     Status = iota // at least one solution found
	Unsolvable               // the givens are consistent but no solution exists
	Invalid                  // a digit repeats in a unit
	Cancelled                // the context ended first (Stop or timeout)
)

func (s Status) String() string {
	return [...]string{"solved", "unsolvable", "invalid", "cancelled"}[s]
}

// EventKind says what a progress Event did to the board.
type EventKind uint8

const (
	Place  EventKind = iota // a digit was written into an empty cell
	Remove                  // a digit written earlier was taken back
)

// Stats are a search's running figures.
//
// Iterations counts the digit placements the search tried, as seed 002
// counts "number selections": every value tried in a cell at a branching
// point. Placements forced by propagation (cp, fast) are not iterations.
// Backtracks counts tried placements taken back because everything below
// them failed (or, when counting solutions, was exhausted). Depth is the
// current number of nested tried placements, MaxDepth the deepest reached.
type Stats struct {
	Iterations int64
	Backtracks int64
	Depth      int
	MaxDepth   int
}

// Event reports one change to the board during a search. It is delivered on
// the solver's goroutine, so a receiver must be quick or copy what it needs.
type Event struct {
	Kind  EventKind
	Cell  int
	Digit uint8
	Stats Stats
}

// Options configure Solve. The zero value solves with the fast solver and
// stops at the first solution.
type Options struct {
	Algorithm Algorithm // empty means Fast
	// Limit is how many solutions to look for before stopping (0 means 1).
	// Use 2 to prove a solution unique.
	Limit int
	// Seed, when not zero, shuffles the digit order of CP reproducibly.
	Seed int64
	// Progress, when not nil, receives every placement and removal. With nil
	// the search pays nothing for it.
	Progress func(Event)
}

// Result is what Solve found.
type Result struct {
	Algorithm Algorithm
	Status    Status
	Solution  Grid // the first solution, when Status is Solved
	Solutions int  // solutions found, at most Options.Limit
	Stats
	Duration time.Duration
	// Candidates, when no solution was found, holds the candidate sets left
	// after propagating singles from the givens: 002's UNSOLVED grid.
	Candidates Candidates
	Err        error // the *ConflictError for Invalid, the context's error for Cancelled
}

// Solve runs the chosen algorithm on g. It checks the givens first (an
// invalid board is reported, not searched), stops at opt.Limit solutions, and
// returns within about a millisecond of ctx ending, whatever the algorithm.
func Solve(ctx context.Context, g Grid, opt Options) Result {
	if opt.Algorithm == "" {
		opt.Algorithm = Fast
	}
	if opt.Limit <= 0 {
		opt.Limit = 1
	}
	res := Result{Algorithm: opt.Algorithm}
	start := time.Now()
	if err := g.Validate(); err != nil {
		res.Status, res.Err = Invalid, err
		res.Candidates = g.Candidates()
		return res
	}
	switch opt.Algorithm {
	case DFS, MRV, LCV:
		s := newBacktracker(ctx, g, opt)
		s.run()
		s.fill(&res)
	case CP:
		s := newPropagator(ctx, g, opt)
		s.run()
		s.fill(&res)
	case Fast:
		solveFast(ctx, g, opt, &res)
	default:
		res.Status, res.Err = Invalid, fmt.Errorf("unknown algorithm %q", opt.Algorithm)
		return res
	}
	res.Duration = time.Since(start)
	if res.Solutions > 0 {
		res.Status = Solved
		if res.Err != nil { // cancelled while looking for a further solution
			res.Status = Cancelled
		}
	} else if res.Err != nil {
		res.Status = Cancelled
	} else {
		res.Status = Unsolvable
	}
	if res.Status != Solved {
		res.Candidates = PropagatedCandidates(g)
	}
	return res
}

// ErrTimeout is reported for a search cut off by its deadline.
var ErrTimeout = errors.New("timeout")

// search holds what every algorithm shares: the counters, the solution
// limit, the progress callback and the cancellation check.
type search struct {
	done     <-chan struct{}
	ctx      context.Context
	progress func(Event)
	limit    int
	found    int
	solution Grid
	stats    Stats
	ticks    uint32
	stopped  bool
	err      error
}

func newSearch(ctx context.Context, opt Options) search {
	return search{done: ctx.Done(), ctx: ctx, progress: opt.Progress, limit: opt.Limit}
}

// tick is called once per search node. It looks at the context every 1024
// nodes, which keeps the check cheap and still notices a Stop within well
// under a millisecond at any algorithm's speed.
func (s *search) tick() bool {
	s.ticks++
	if s.ticks&1023 == 0 && s.done != nil {
		select {
		case <-s.done:
			s.stopped = true
			s.err = s.ctx.Err()
			if errors.Is(s.err, context.DeadlineExceeded) {
				s.err = ErrTimeout
			}
		default:
		}
	}
	return s.stopped
}

// tried records a placement tried at a branching point.
func (s *search) tried() {
	s.stats.Iterations++
	s.stats.Depth++
	if s.stats.Depth > s.stats.MaxDepth {
		s.stats.MaxDepth = s.stats.Depth
	}
}

// untried records the end of a tried placement's subtree.
func (s *search) untried() {
	s.stats.Depth--
	s.stats.Backtracks++
}

// solved records a solution and reports whether the limit is reached.
func (s *search) solved(g *Grid) bool {
	if s.found == 0 {
		s.solution = *g
	}
	s.found++
	if s.found >= s.limit {
		s.stopped = true
	}
	return s.stopped
}

func (s *search) emit(kind EventKind, cell int, d uint8) {
	s.progress(Event{Kind: kind, Cell: cell, Digit: d, Stats: s.stats})
}

func (s *search) fill(r *Result) {
	r.Solutions = s.found
	r.Solution = s.solution
	r.Stats = s.stats
	r.Stats.Depth = 0
	r.Err = s.err
}
