// Package levels works out the levels of an open file's puzzles in the
// background and keeps them on disk, so that a file of a million puzzles
// is rated once, on every core but one, without the window waiting.
//
// The window hands the Rater the puzzles as they are read and says which
// ones matter now (the current puzzle, the rows in view); the Rater rates
// those first, then the rest in order from where the player is. Results
// wait until the window takes them (Take), a frame's worth at a time, so
// nothing on the UI goroutine grows with the file.
package levels

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Result is one puzzle's rating. OK is false for a puzzle that cannot be
// rated (no solution, several, or givens that break the rules), and Why
// says which.
type Result struct {
	Index int
	Level logic.Level
	Score float64
	OK    bool
	Why   Why
}

// Why a puzzle cannot be rated.
type Why uint8

const (
	WhyUnknown    Why = iota // (a cache written before the reasons were kept)
	WhySeveral               // several solutions
	WhyNoSolution            // no solution
	WhyInvalid               // givens that break the rules
	whyKinds
)

// String is the word the puzzle list shows, as the command line's rate
// says it ("" for unknown).
func (w Why) String() string {
	switch w {
	case WhySeveral:
		return "multiple"
	case WhyNoSolution:
		return "unsolvable"
	case WhyInvalid:
		return "invalid"
	}
	return ""
}

// WhyOf is why a rating failed with err.
func WhyOf(err error) Why {
	switch {
	case err == nil:
		return WhyUnknown
	case errors.Is(err, logic.ErrMultipleSolutions):
		return WhySeveral
	case errors.Is(err, logic.ErrNoSolution), errors.Is(err, logic.ErrBoardUnsolvable):
		return WhyNoSolution
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return WhyUnknown
	}
	return WhyInvalid
}

// puzzle states in the rater.
const (
	todo uint8 = iota
	taken
	done
)

// Rater rates the puzzles of one file at a time.
type Rater struct {
	mu      sync.Mutex
	wake    *sync.Cond
	gen     int    // the file's generation; results of an older one are dropped
	puzzles Source // read-only, shared with the window
	state   []uint8
	prefer  []int // rated first, in order
	next    int   // where the in-order scan goes on (it wraps round)
	left    int   // puzzles not yet taken
	results []Result
	stopped bool
	busy    int // workers rating now
	workers int
	rate    func(context.Context, solver.Board) (logic.Rating, error)
	// ctx is the generation's: Open and Close end it, and with it the
	// ratings under way (one of the hardest puzzles took a core for a
	// minute and more after its file was closed).
	ctx    context.Context
	cancel context.CancelFunc
}

// Source is a list of puzzles to rate: the elements below Len never
// change, so workers read them while the window reads them too.
type Source interface {
	Len() int
	Board(i int) solver.Board
}

// Slice is a Source of boards in a slice.
type Slice []solver.Board

func (s Slice) Len() int                 { return len(s) }
func (s Slice) Board(i int) solver.Board { return s[i] }

// NewRater starts workers on all cores but one (at least one).
func NewRater() *Rater {
	return newRater(max(1, runtime.NumCPU()-1), logic.RatePuzzle)
}

func newRater(workers int, rate func(context.Context, solver.Board) (logic.Rating, error)) *Rater {
	r := &Rater{workers: workers, rate: rate}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	r.wake = sync.NewCond(&r.mu)
	for w := 0; w < workers; w++ {
		go r.work()
	}
	return r
}

// Open starts on a new file's puzzles (more may come with Extend), rating
// from index from on. Ratings of the file before are dropped.
func (r *Rater) Open(ps Source, from int) {
	r.mu.Lock()
	r.gen++
	r.cancel()
	r.ctx, r.cancel = context.WithCancel(context.Background())
	r.puzzles = ps
	r.state = make([]uint8, ps.Len())
	r.prefer = nil
	r.results = nil
	r.left = ps.Len()
	r.next = min(max(from, 0), max(ps.Len()-1, 0))
	r.mu.Unlock()
	r.wake.Broadcast()
}

// Extend adds the puzzles read since: ps holds the earlier ones too, in
// the same order.
func (r *Rater) Extend(ps Source) {
	r.mu.Lock()
	if n := ps.Len() - len(r.state); n > 0 {
		r.left += n
		r.state = append(r.state, make([]uint8, n)...)
	}
	r.puzzles = ps
	r.mu.Unlock()
	r.wake.Broadcast()
}

// Known marks puzzles whose ratings came from elsewhere (the cache).
func (r *Rater) Known(indices []int) {
	r.mu.Lock()
	for _, i := range indices {
		if i >= 0 && i < len(r.state) && r.state[i] == todo {
			r.state[i] = done
			r.left--
		}
	}
	r.mu.Unlock()
}

// Gen is the generation of the file the rater has: Open starts another.
func (r *Rater) Gen() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// KnownIf marks as rated every puzzle waiting for which known is true
// (the ratings a cache gave), without a list as long as the file, if the
// rater still has generation gen's file: a cache read for a file of one
// puzzle, that came back after another of five was opened, panicked on
// the second puzzle (and would have marked the wrong file's).
func (r *Rater) KnownIf(gen int, known func(i int) bool) {
	r.mu.Lock()
	if gen != r.gen {
		r.mu.Unlock()
		return
	}
	for i := range r.state {
		if r.state[i] == todo && known(i) {
			r.state[i] = done
			r.left--
		}
	}
	r.mu.Unlock()
}

// Prefer rates these puzzles before any other (the current one, the rows
// in view), replacing the earlier wish. The scan in order goes on from the
// first of them.
func (r *Rater) Prefer(indices ...int) {
	r.mu.Lock()
	r.prefer = append(r.prefer[:0], indices...)
	if len(indices) > 0 && indices[0] >= 0 && indices[0] < len(r.state) {
		r.next = indices[0]
	}
	r.mu.Unlock()
	r.wake.Broadcast()
}

// Take returns up to max results that came in since the last call.
func (r *Rater) Take(limit int) []Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := min(limit, len(r.results))
	out := make([]Result, n)
	copy(out, r.results)
	r.results = r.results[n:]
	if len(r.results) == 0 {
		r.results = nil
	}
	return out
}

// Progress says how many puzzles of the file are rated or being rated,
// and how many there are.
func (r *Rater) Progress() (rated, total int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.state) - r.left, len(r.state)
}

// Idle reports that nothing is left to rate and no worker is busy.
func (r *Rater) Idle() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.left == 0 && r.busy == 0
}

// Close stops the workers (the ratings under way end too).
func (r *Rater) Close() {
	r.mu.Lock()
	r.stopped = true
	r.cancel()
	r.mu.Unlock()
	r.wake.Broadcast()
}

// pick takes the next puzzle to rate, or -1 if there is none now. The
// caller holds r.mu.
func (r *Rater) pick() int {
	for len(r.prefer) > 0 {
		i := r.prefer[0]
		r.prefer = r.prefer[1:]
		if i >= 0 && i < len(r.state) && r.state[i] == todo {
			return i
		}
	}
	n := len(r.state)
	for r.left > 0 {
		if r.next >= n {
			r.next = 0
		}
		i := r.next
		r.next++
		if r.state[i] == todo {
			return i
		}
	}
	return -1
}

func (r *Rater) work() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		if r.stopped {
			return
		}
		i := r.pick()
		if i < 0 {
			r.wake.Wait()
			continue
		}
		r.state[i] = taken
		r.left--
		gen, g, ctx := r.gen, r.puzzles.Board(i), r.ctx
		r.busy++
		r.mu.Unlock()
		rating, err := r.rate(ctx, g)
		r.mu.Lock()
		r.busy--
		if gen != r.gen {
			continue
		}
		r.state[i] = done
		r.results = append(r.results, Result{Index: i, Level: rating.Level, Score: rating.Score, OK: err == nil, Why: WhyOf(err)})
	}
}
