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

// Results written to the screen that shows a progress bar erase the bar
// first and draw it again after, and never over part of a line: the
// results came after the bar's text on its line ("rating [>  ] 32/1000
// 0.2smedium…"). The screen is worked out from the bytes as a terminal
// shows them.
func TestResultsEraseTheBar(t *testing.T) {
	var screen strings.Builder
	p := &progressBar{w: &screen, label: "rating", total: 10, start: time.Now()}
	barsMu.Lock()
	barNow = p
	p.draw()
	barsMu.Unlock()
	t.Cleanup(func() {
		barsMu.Lock()
		barNow, barOnScreen, outMidLine = nil, false, false
		barsMu.Unlock()
	})
	out := &checkedWriter{w: &screen, bars: true}
	fmt.Fprint(out, "easy\t1.2\n")
	p.set(5)
	fmt.Fprint(out, "medi") // part of a line: no bar drawn over it
	barsMu.Lock()
	p.draw() // the ticker's, meanwhile
	barsMu.Unlock()
	fmt.Fprint(out, "um\t2.6\n")
	lines := terminalLines(screen.String())
	if len(lines) != 3 || lines[0] != "easy\t1.2" || lines[1] != "medium\t2.6" || !strings.HasPrefix(lines[2], "rating [") {
		t.Errorf("the screen shows %q", lines)
	}
}

// terminalLines is what a terminal shows for s: \r returns to the line's
// start, ESC [K erases from there, other bytes overwrite.
func terminalLines(s string) []string {
	var lines []string
	var line []rune
	col := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\r':
			col = 0
		case s[i] == '\n':
			lines, line, col = append(lines, string(line)), nil, 0
		case strings.HasPrefix(s[i:], "\033[K"):
			line = line[:col]
			i += 2
		default:
			if col < len(line) {
				line[col] = rune(s[i])
			} else {
				line = append(line, rune(s[i]))
			}
			col++
		}
	}
	return append(lines, string(line))
}

// On a narrow terminal the bar fits its line (one longer than the screen
// wrapped, and each redraw left its first part above the results).
func TestBarFitsANarrowTerminal(t *testing.T) {
	var screen strings.Builder
	p := &progressBar{w: &screen, cols: 30, label: "rating", total: 1000, start: time.Now()}
	p.set(32)
	barsMu.Lock()
	p.draw()
	barsMu.Unlock()
	t.Cleanup(func() {
		barsMu.Lock()
		barOnScreen = false
		barsMu.Unlock()
	})
	if line := strings.TrimPrefix(screen.String(), "\r"); len([]rune(line)) >= 30 || !strings.Contains(line, "32/1000") {
		t.Errorf("%q (%d columns)", line, len([]rune(line)))
	}
	screen.Reset()
	p.cols = 12
	barsMu.Lock()
	p.draw()
	barsMu.Unlock()
	if line := strings.TrimPrefix(screen.String(), "\r"); len([]rune(line)) >= 12 || line != "32/1000" {
		t.Errorf("%q on 12 columns", line)
	}
}

// print's last phase, writing the PDF, has no known length: the bar shows
// its label and the time, not a full bar that sat there for seconds as
// if stuck ("writing the PDF [=====] 12290/12290").
func TestLastPhaseShowsTheTimeAlone(t *testing.T) {
	var screen strings.Builder
	p := &progressBar{w: &screen, label: "printing", total: 10, start: time.Now()}
	p.set(10)
	p.lastPhase("writing the PDF")
	barsMu.Lock()
	p.draw()
	barOnScreen = false
	barsMu.Unlock()
	if got := screen.String(); !strings.Contains(got, "writing the PDF… ") || strings.Contains(got, " [") || strings.Contains(got, "10/10") {
		t.Errorf("drew %q", got)
	}
}
