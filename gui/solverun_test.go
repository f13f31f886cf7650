package gui

import (
	"context"
	"testing"
	"time"

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
		r := newSolveRun(context.Background(), solver.DFS, g, 0)
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
