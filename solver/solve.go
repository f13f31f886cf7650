package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
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

	// Seed 002's searches: naked and hidden singles to a fixed point
	// before the search and again after every placement it tries (002's
	// "simplification"), each tried digit on a copy of the board.
	//
	// DFSSingles branches on the first empty cell in reading order,
	// digits in increasing order.
	DFSSingles Algorithm = "dfs+"
	// MRVSingles branches on the empty cell with the fewest candidates
	// (the first such), digits in increasing order. Its tree is cp's
	// without a seed: the singles' fixed point does not depend on the
	// order they are applied in.
	MRVSingles Algorithm = "mrv+"
	// LCVSingles branches on the first empty cell in reading order and
	// tries first the digit whose simplified board keeps the most
	// permutations, the product of the candidate counts of its empty
	// cells (ties in increasing order); a digit whose board the singles
	// break is tried and dropped at once.
	LCVSingles Algorithm = "lcv+"
)

// Algorithms lists the algorithms compared by default, slowest first:
// the bare searches, which tell the branching rules apart, then
// propagation and the fast solver.
var Algorithms = []Algorithm{DFS, MRV, LCV, CP, Fast}

// Seed002 lists seed 002's searches, with singles at every node.
var Seed002 = []Algorithm{DFSSingles, MRVSingles, LCVSingles}

// AllAlgorithms lists every algorithm: Algorithms, then Seed002.
var AllAlgorithms = append(append([]Algorithm(nil), Algorithms...), Seed002...)

// ParseAlgorithm accepts an algorithm's name in any case.
func ParseAlgorithm(s string) (Algorithm, error) {
	for _, a := range AllAlgorithms {
		if strings.EqualFold(s, string(a)) {
			return a, nil
		}
	}
	if strings.Contains(strings.ToLower(s), "csv") {
		// Seed 002's "__csv" algorithm wrote its runtime data as a table.
		return "", fmt.Errorf("unknown algorithm %q (want dfs, mrv, lcv, cp, fast, dfs+, mrv+ or lcv+; seed 002's __csv table is --csv FILE)", s)
	}
	return "", fmt.Errorf("unknown algorithm %q (want dfs, mrv, lcv, cp, fast, dfs+, mrv+ or lcv+)", s)
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
	// Cells is the board after the change, in reading order (81 cells on a
	// classic board, N² on a board of another shape). It belongs to the
	// search: read or copy it during the callback, never keep it.
	Cells []uint8
}

// Watcher lets another goroutine watch a running search without slowing
// it. Request asks for a snapshot of the board and figures; the search
// looks at one atomic flag every 256 nodes and copies its board only when
// asked, so a screen refreshed 60 times a second costs it under 1%.
// SetEvents(true) turns on Options.Progress's per-event calls (for showing
// every step at a chosen pace); with events off, Progress is not called.
type Watcher struct {
	events atomic.Bool
	want   atomic.Bool
	mu     sync.Mutex
	cells  [MaxSide * MaxSide]uint8
	n      int
	stats  Stats
	fresh  bool
}

// SetEvents turns per-event Progress calls on or off, also mid-search.
func (w *Watcher) SetEvents(on bool) { w.events.Store(on) }

// Request asks the search for a snapshot at its next node.
func (w *Watcher) Request() { w.want.Store(true) }

// Latest returns a copy of the newest snapshot's cells (nil before the
// first), its figures and whether it is new since the last call.
func (w *Watcher) Latest() ([]uint8, Stats, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	fresh := w.fresh
	w.fresh = false
	if w.n == 0 {
		return nil, w.stats, fresh
	}
	return append([]uint8(nil), w.cells[:w.n]...), w.stats, fresh
}

func (w *Watcher) publish(cells []uint8, st Stats) {
	w.mu.Lock()
	w.n = copy(w.cells[:], cells)
	w.stats, w.fresh = st, true
	w.mu.Unlock()
	w.want.Store(false)
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
	// Watch, when not nil, serves snapshots on request and switches the
	// Progress calls on and off.
	Watch *Watcher
	// Budget, when above 0, stops SolveBoard's search after that many
	// tried placements (Status Cancelled, Err ErrBudget): a limit that,
	// unlike a timeout, ends the same way on every machine.
	Budget int64
}

// ErrBudget is the error of a search stopped by Options.Budget.
var ErrBudget = errors.New("search budget spent")

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
	case DFS, MRV, LCV, CP, DFSSingles, MRVSingles, LCVSingles:
		s := newGeneral(ctx, BoardOf(g), opt)
		s.run(opt.Algorithm)
		res.Solutions, res.Stats, res.Err = s.found, s.stats, s.err
		res.Stats.Depth = 0
		if s.found > 0 {
			copy(res.Solution[:], s.solution)
		}
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
	watch    *Watcher
	board    func() []uint8 // the board now, for events and snapshots
	limit    int
	found    int
	stats    Stats
	ticks    uint32
	mask     uint32 // look at the context and watcher when ticks&mask == 0
	evOn     bool   // Progress wants events: rechecked with the context
	stopped  bool
	err      error
}

func newSearch(ctx context.Context, opt Options) search {
	s := search{done: ctx.Done(), ctx: ctx, progress: opt.Progress, watch: opt.Watch, limit: opt.Limit, mask: 1023}
	s.evOn = s.progress != nil && (s.watch == nil || s.watch.events.Load())
	s.setMask()
	return s
}

// setMask picks how often tick looks around. A watcher taking events may
// hold the search back (one step at a time) and then stop it: after a Stop
// the search must not race on to the end, so it looks every 16 nodes.
// Watched only by snapshots, every 256 is soon enough.
func (s *search) setMask() {
	switch {
	case s.evOn:
		s.mask = 15
	case s.watch != nil:
		s.mask = 255
	default:
		s.mask = 1023
	}
}

// tick is called once per search node. It looks at the context (and a
// watcher) every 1024 nodes (16 when watched), which keeps the check cheap
// and still notices a Stop, a snapshot request or a change of pace within
// well under a millisecond at any algorithm's speed.
func (s *search) tick() bool {
	s.ticks++
	if s.ticks&s.mask != 0 {
		return s.stopped
	}
	if s.watch != nil {
		if s.watch.want.Load() {
			s.watch.publish(s.board(), s.stats)
		}
		s.evOn = s.progress != nil && s.watch.events.Load()
		s.setMask()
	}
	if s.done != nil {
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

// enter records a placement tried at a branching point.
func (st *Stats) enter() {
	st.Iterations++
	st.Depth++
	if st.Depth > st.MaxDepth {
		st.MaxDepth = st.Depth
	}
}

// leave records the end of a tried placement's subtree.
func (st *Stats) leave() {
	st.Depth--
	st.Backtracks++
}

// tried and untried record a search's placements (see Stats).
func (s *search) tried()   { s.stats.enter() }
func (s *search) untried() { s.stats.leave() }

// live reports whether Progress wants events now.
func (s *search) live() bool { return s.evOn }

func (s *search) emit(kind EventKind, cell int, d uint8) {
	s.progress(Event{Kind: kind, Cell: cell, Digit: d, Stats: s.stats, Cells: s.board()})
}

// emitOn reports a change on a board other than the search's own (a
// search taking several placements back at once shows them one by one).
func (s *search) emitOn(board []uint8, kind EventKind, cell int, d uint8) {
	s.progress(Event{Kind: kind, Cell: cell, Digit: d, Stats: s.stats, Cells: board})
}

// OtherSolution returns a solution of g other than sol, or false when
// sol is the only one: what an author needs to see where a puzzle with
// several solutions wants another given. Of the solutions found with
// each empty cell given each other digit in turn, it is the one that
// differs from sol in the fewest cells (the two of a unique rectangle,
// rather than half the board).
func OtherSolution(ctx context.Context, g, sol Grid) (Grid, bool) {
	allowed := g.Candidates()
	var best Grid
	least := 82
	for i, d := range g {
		if d != 0 {
			continue
		}
		for e := uint8(1); e <= 9; e++ {
			if e == sol[i] || !allowed[i].Has(e) {
				continue
			}
			h := g
			h[i] = e
			r := Solve(ctx, h, Options{Algorithm: Fast})
			if ctx.Err() != nil {
				return best, least < 82
			}
			if r.Status != Solved {
				continue
			}
			n := 0
			for k := range sol {
				if r.Solution[k] != sol[k] {
					n++
				}
			}
			if n < least {
				best, least = r.Solution, n
				if n <= 4 {
					return best, least < 82 // (two solutions differ in four cells at least)
				}
			}
		}
	}
	return best, least < 82
}
