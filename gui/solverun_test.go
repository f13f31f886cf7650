package gui

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"example.com/sudoku/solver"
)

// BenchmarkWatchedSolve compares dfs alone with dfs streaming its progress
// the way the window does as fast as possible (a frame taken every 1/60 s):
// watching must not slow the solver down.
func BenchmarkWatchedSolve(b *testing.B) {
	// seed 000's devil board: about 80,000 dfs placements
	g := solver.MustParse("...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..")
	b.Run("headless", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			solver.Solve(context.Background(), g, solver.Options{Algorithm: solver.DFS})
		}
	})
	b.Run("watched", func(b *testing.B) {
		b.ReportAllocs()
		r := newSolveRun(context.Background(), solver.DFS, solver.BoardOf(g), 0)
		stop := make(chan struct{})
		defer close(stop)
		go func() { // the frame pump's side: ask for a frame 60 times a second
			t := time.NewTicker(frameInterval)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					r.take()
				case <-stop:
					return
				}
			}
		}()
		for b.Loop() {
			solver.Solve(context.Background(), g, solver.Options{Algorithm: solver.DFS, Progress: r.progress, Watch: &r.watch})
		}
	})
}

// BenchmarkStopLatency measures the time from Stop to the window showing
// the stopped search, with dfs grinding on a puzzle built against it (as
// fast as possible and one step at a time). ns/op is the whole run; the
// figure that counts is stop-ms.
func BenchmarkStopLatency(b *testing.B) {
	g := solver.MustParse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	for _, sp := range []int64{0, -1} {
		name := "fastest"
		if sp < 0 {
			name = "stepping"
		}
		b.Run(name, func(b *testing.B) {
			test.NewTempApp(b)
			var total time.Duration
			for b.Loop() {
				r := newSolveRun(context.Background(), solver.DFS, solver.BoardOf(g), sp)
				r.run(func(frame, bool) {}, func(*solveRun) {})
				time.Sleep(30 * time.Millisecond)
				start := time.Now()
				r.cancel()
				<-r.done
				total += time.Since(start)
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "stop-ms")
		})
	}
}

// The time given when a search ends never goes below the last time the
// running clock showed (a stopped search's own figure could).
func TestFinalTimeNeverGoesBack(t *testing.T) {
	r := newSolveRun(context.Background(), solver.DFS, solver.BoardOf(solver.MustParse("...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..")), 0)
	r.shown = 50 * time.Millisecond
	r.result.Duration = 10 * time.Millisecond
	if got := r.finalTime(); got != 50*time.Millisecond {
		t.Errorf("shown 50 ms, the search's figure 10 ms: final %v", got)
	}
	r.result.Duration = 80 * time.Millisecond
	r.waited.Store(int64(20 * time.Millisecond))
	if got := r.finalTime(); got != 60*time.Millisecond {
		t.Errorf("80 ms less 20 ms of waits: final %v", got)
	}
}

// A step says whether it was a try, forced or taken back.
func TestEventText(t *testing.T) {
	geo := solver.Classic
	for _, c := range []struct {
		e     solver.Event
		tried int64
		want  string
	}{
		{solver.Event{Kind: solver.Place, Cell: 3, Digit: 3, Stats: solver.Stats{Iterations: 12}}, 11, "tried 3 in r1c4 (iteration 12)"},
		{solver.Event{Kind: solver.Place, Cell: 45, Digit: 1, Stats: solver.Stats{Iterations: 12}}, 12, "placed 1 in r6c1 (forced)"},
		{solver.Event{Kind: solver.Remove, Cell: 3, Digit: 3, Stats: solver.Stats{Iterations: 12}}, 12, "took back 3 from r1c4"},
	} {
		if got := eventText(geo, c.e, c.tried); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
