package gui

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"

	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
)

// speed is how fast the live solver shows its work.
type speed struct {
	name      string
	perSecond int64 // 0: as fast as possible, -1: one step per press
}

var speeds = []speed{
	{"One step at a time", -1},
	{"2 steps a second", 2},
	{"20 steps a second", 20},
	{"200 steps a second", 200},
	{"2,000 steps a second", 2000},
	{"As fast as possible", 0},
}

// frameInterval caps screen updates at about 60 a second.
const frameInterval = time.Second / 60

// frame is what the screen shows of a running solver.
type frame struct {
	board   []uint8 // the solver's cells
	stats   solver.Stats
	last    int // the cell of the latest event, -1 for none
	elapsed time.Duration
	// what the latest event did, at a chosen pace ("" as fast as
	// possible): "tried 3 in r1c4", "placed 5 in r6c1 (forced)", "took
	// back 3 from r1c4"
	what string
}

// solveRun is one solver running in a goroutine with its progress
// streamed to the board. As fast as possible, a frame pump asks the
// search's Watcher for a snapshot 60 times a second, which the search
// looks for every 256 nodes; at a chosen pace, every placement and removal
// comes through the Progress callback, which waits between them.
type solveRun struct {
	algo   solver.Algorithm
	givens solver.Board
	ctx    context.Context
	cancel context.CancelFunc
	start  time.Time
	speed  atomic.Int64
	waited atomic.Int64  // nanoseconds the solver spent waiting for its pace or for Step: not its time
	since  atomic.Int64  // when the wait under way began (Unix nanoseconds), 0 when not waiting
	shown  time.Duration // the last time shown: it never goes back (under mu)
	step   chan struct{} // one step per value, in step mode
	watch  solver.Watcher

	next  time.Time // when the next paced event may go (solver goroutine)
	tried int64     // the iterations before the latest event (solver goroutine)

	mu     sync.Mutex
	latest frame // the newest paced event
	fresh  bool

	result solver.BoardResult
	done   chan struct{} // closed once the UI shows the end
	board0 []uint8       // what the board shows; UI goroutine only
	// shownStats are the figures of the frame on the board (UI goroutine
	// only): a stopped run reports those.
	shownStats solver.Stats
}

// newSolveRun prepares a run that ends when parent does (or on cancel).
func newSolveRun(parent context.Context, algo solver.Algorithm, givens solver.Board, perSecond int64) *solveRun {
	ctx, cancel := context.WithCancel(parent)
	r := &solveRun{algo: algo, givens: givens, ctx: ctx, cancel: cancel,
		step: make(chan struct{}, 1), done: make(chan struct{}), board0: slices.Clone(givens.Cells)}
	r.speed.Store(perSecond)
	r.watch.SetEvents(perSecond != 0)
	return r
}

// setSpeed changes the pace while the solver runs.
func (r *solveRun) setSpeed(perSecond int64) {
	was := r.speed.Swap(perSecond)
	r.watch.SetEvents(perSecond != 0)
	switch {
	case perSecond < 0:
		select { // into step mode: no step is owed yet
		case <-r.step:
		default:
		}
	case was < 0:
		r.Step() // out of step mode: the waiting solver goes on
	}
}

// progress is the solver's callback at a chosen pace, on the solver's
// goroutine: it shows the event and waits for its turn.
func (r *solveRun) progress(e solver.Event) {
	what := eventText(r.givens.Geo, e, r.tried)
	r.tried = e.Stats.Iterations
	r.mu.Lock()
	r.latest = frame{board: slices.Clone(e.Cells), stats: e.Stats, last: e.Cell, what: what}
	r.fresh = true
	r.mu.Unlock()
	sp := r.speed.Load()
	switch {
	case sp == 0:
		return
	case sp < 0:
		began := time.Now()
		r.since.Store(began.UnixNano())
		select {
		case <-r.step:
		case <-r.ctx.Done():
		}
		r.waited.Add(int64(time.Since(began)))
		r.since.Store(0)
		return
	}
	now := time.Now()
	r.next = r.next.Add(time.Second / time.Duration(sp))
	if r.next.Before(now.Add(-100 * time.Millisecond)) {
		r.next = now // the speed changed, or the screen lagged: do not race to catch up
	}
	if wait := r.next.Sub(now); wait > 0 {
		r.since.Store(now.UnixNano())
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.ctx.Done():
			t.Stop()
		}
		r.waited.Add(int64(time.Since(now)))
		r.since.Store(0)
	}
}

// eventText says what a solver's event did, for a student stepping
// through it (one step at a time, the iteration counter alone told a try
// from a forced placement): a placement that raised the iterations from
// tried is a try at a branching point, one that did not was forced by
// propagation (cp, fast).
func eventText(geo *solver.Geometry, e solver.Event, tried int64) string {
	sym, cell := string(solver.Symbol(e.Digit)), geo.CellName(e.Cell)
	switch {
	case e.Kind == solver.Remove:
		return fmt.Sprintf("took back %s from %s", sym, cell)
	case e.Stats.Iterations > tried:
		return fmt.Sprintf("tried %s in %s (iteration %s)", sym, cell, lab.Thousands(e.Stats.Iterations))
	}
	return fmt.Sprintf("placed %s in %s (forced)", sym, cell)
}

// take returns the frame to show, and whether it is new.
func (r *solveRun) take() (frame, bool) {
	var f frame
	fresh := false
	if r.speed.Load() == 0 {
		var cells []uint8
		cells, f.stats, fresh = r.watch.Latest()
		if fresh {
			f.board, f.last = cells, -1
		}
		r.watch.Request()
	} else {
		r.mu.Lock()
		f, fresh = r.latest, r.fresh
		r.fresh = false
		r.mu.Unlock()
	}
	// The wait under way is not the solver's time either; and a figure
	// read between a wait's end and its count never makes the clock run
	// back.
	worked := r.worked(time.Since(r.start))
	r.mu.Lock()
	r.shown = max(r.shown, worked)
	f.elapsed = r.shown
	r.mu.Unlock()
	return f, fresh
}

// worked is the solver's own time out of d: the waits for its pace and
// for Step, the one under way included, are not counted.
func (r *solveRun) worked(d time.Duration) time.Duration {
	w := time.Duration(r.waited.Load())
	if since := r.since.Load(); since != 0 {
		w += time.Since(time.Unix(0, since))
	}
	return max(0, d-w)
}

// finalTime is the search's time as its result gives it, less the waits,
// but never less than the time shown while it ran: a stopped search's
// figure from inside the solver could come out below the running clock's
// last reading, which then went back.
func (r *solveRun) finalTime() time.Duration {
	d := r.worked(r.result.Duration)
	r.mu.Lock()
	defer r.mu.Unlock()
	return max(d, r.shown)
}

// Step lets a solver in step mode make one more change.
func (r *solveRun) Step() {
	select {
	case r.step <- struct{}{}:
	default:
	}
}

// run starts the solver and the frame pump. show is called with frames
// and finish with the result, both on the UI goroutine (through fyne.Do).
func (r *solveRun) run(show func(frame, bool), finish func(*solveRun)) {
	r.start = time.Now()
	r.next = r.start
	r.latest = frame{board: slices.Clone(r.givens.Cells), last: -1}
	r.watch.Request()
	results := make(chan solver.BoardResult, 1)
	go func() {
		results <- solver.SolveBoard(r.ctx, r.givens, solver.Options{Algorithm: r.algo, Progress: r.progress, Watch: &r.watch})
	}()
	go func() {
		tick := time.NewTicker(frameInterval)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				f, fresh := r.take()
				fyne.DoAndWait(func() { show(f, fresh) })
			case res := <-results:
				r.result = res
				fyne.DoAndWait(func() { finish(r) })
				close(r.done)
				return
			}
		}
	}()
}
