package gui

import (
	"fmt"
	"sync"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// noLevel is the browser's level for a puzzle that cannot be rated: it
// has several solutions, none, or breaks the rules. It is never a game's
// level (and so never a key for best times).
const noLevel = "—"

// rater rates puzzles by the techniques they need, on its own goroutine,
// so the browser can show levels as they come without the window waiting.
// Results wait in a list that the UI collects (pollRatings), so no
// goroutine but the UI's touches widgets.
type rater struct {
	mu   sync.Mutex
	gen  int // the batch the jobs belong to; a new batch drops the old
	jobs []rateJob
	done []rateDone
	kick chan struct{}
	stop chan struct{}
	idle chan struct{} // signalled when the queue runs empty (tests)
}

type rateJob struct {
	index int // in the collection; -1 for a puzzle outside one
	grid  solver.Grid
}

type rateDone struct {
	gen, index int
	rating     logic.Rating
	err        error
}

func newRater() *rater {
	r := &rater{kick: make(chan struct{}, 1), stop: make(chan struct{}), idle: make(chan struct{}, 1)}
	go r.loop()
	return r
}

// queue replaces the pending jobs with a new batch and returns its number.
func (r *rater) queue(jobs []rateJob) int {
	r.mu.Lock()
	r.gen++
	r.jobs = jobs
	gen := r.gen
	r.mu.Unlock()
	select {
	case r.kick <- struct{}{}:
	default:
	}
	return gen
}

// take returns the ratings finished since the last call.
func (r *rater) take() []rateDone {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.done
	r.done = nil
	return d
}

func (r *rater) loop() {
	for {
		r.mu.Lock()
		if len(r.jobs) == 0 {
			r.mu.Unlock()
			select {
			case r.idle <- struct{}{}:
			default:
			}
			select {
			case <-r.kick:
				continue
			case <-r.stop:
				return
			}
		}
		job, gen := r.jobs[0], r.gen
		r.jobs = r.jobs[1:]
		r.mu.Unlock()
		rating, err := logic.Rate(job.grid)
		r.mu.Lock()
		if gen == r.gen {
			r.done = append(r.done, rateDone{gen: gen, index: job.index, rating: rating, err: err})
		}
		r.mu.Unlock()
		select {
		case <-r.stop:
			return
		default:
		}
	}
}

func (r *rater) close() {
	select {
	case <-r.stop:
	default:
		close(r.stop)
	}
}

// rateAll queues the open file's puzzles (the current one first, then the
// ones after it) or, without a file, the current puzzle.
func (u *UI) rateAll() {
	var jobs []rateJob
	if u.coll != nil {
		n := len(u.coll.puzzles)
		for k := 0; k < n; k++ {
			i := (u.coll.index + k) % n
			if u.coll.levels[i] == "" {
				jobs = append(jobs, rateJob{index: i, grid: u.coll.puzzles[i].Grid})
			}
		}
	} else if u.game != nil && !u.game.Editing() && u.score == 0 {
		jobs = append(jobs, rateJob{index: -1, grid: u.game.Givens()})
	}
	u.rateGen = u.rater.queue(jobs)
}

// pollRatings shows the ratings that came in.
func (u *UI) pollRatings() {
	for _, d := range u.rater.take() {
		if d.gen != u.rateGen {
			continue
		}
		level := d.rating.Level.String()
		if d.err != nil {
			level = noLevel
		}
		switch {
		case d.index < 0:
			if u.coll == nil && d.err == nil && (u.game.Level == "" || u.game.Level == level) {
				u.game.Level, u.score = level, d.rating.Score
				u.refreshPanel()
			}
		case u.coll != nil && d.index < len(u.coll.levels):
			u.coll.levels[d.index] = level
			u.coll.scores[d.index] = d.rating.Score
			u.browser.RefreshItem(d.index)
			if d.index == u.coll.index && d.err == nil && (u.game.Level == "" || u.game.Level == level) {
				u.game.Level, u.score = level, d.rating.Score
				u.refreshPanel()
			}
		}
	}
}

// levelText is the panel's level line.
func (u *UI) levelLine() string {
	g := u.game
	switch {
	case g.Editing():
		return "Enter your puzzle"
	case g.Unplayable() != nil:
		return "Cannot be played: press Solve to see why"
	case g.Level == "":
		return "Level: rating…"
	case u.score > 0:
		return fmt.Sprintf("Level: %s · %.1f", g.Level, u.score)
	}
	return "Level: " + g.Level
}
