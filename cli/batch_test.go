package cli

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunOrdered checks that every result reaches emit once, in order,
// from one emit call at a time, for item counts around the batch sizes and
// work that is sometimes slow (so batches finish out of order).
func TestRunOrdered(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000, 20000} {
		for _, workers := range []int{1, 2, 3, 8} {
			var inEmit atomic.Int32
			var problem error // the first one; emit runs on the workers, so no t.Fatal there
			next := 0
			runOrdered(context.Background(), n, workers, func(i int) int {
				if i%997 == 3 {
					time.Sleep(2 * time.Millisecond)
				}
				return i * i
			}, func(i, v int) {
				if inEmit.Add(1) != 1 && problem == nil {
					problem = fmt.Errorf("emit called concurrently")
				}
				if (i != next || v != i*i) && problem == nil {
					problem = fmt.Errorf("emit(%d, %d), want emit(%d, %d)", i, v, next, next*next)
				}
				next++
				inEmit.Add(-1)
			})
			if problem != nil {
				t.Errorf("n=%d workers=%d: %v", n, workers, problem)
			}
			if next != n {
				t.Errorf("n=%d workers=%d: %d results emitted", n, workers, next)
			}
		}
	}
}

// TestClearBars checks that a signal's message takes the place of a
// progress bar on screen (it was written after the bar, on its line), and
// that nothing is erased when no bar is shown.
func TestClearBars(t *testing.T) {
	defer func() { barsShown, barsDone = 0, false }()
	var b strings.Builder
	clearBars(&b)
	if b.String() != "" {
		t.Errorf("no bar shown: wrote %q", b.String())
	}
	barsShown, barsDone = 1, false
	clearBars(&b)
	if b.String() != "\r\033[K" || !barsDone {
		t.Errorf("a bar shown: wrote %q, later drawing stopped %v", b.String(), barsDone)
	}
}
