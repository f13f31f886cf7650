package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// runOrdered calls work(i) for i in [0, n) on the given number of
// goroutines and hands each result to emit in order of i, as soon as it and
// every earlier one are done. emit is never called concurrently.
//
// Workers take consecutive indices in batches, sized by each worker to
// about a millisecond of work (starting from one item, doubling or
// halving): handing over costs next to nothing when an item takes
// microseconds, while items that take long still go out one at a time. The
// worker that completes the earliest unemitted batch emits it, and every
// completed batch after it: no goroutine waits for a writer to be
// scheduled. At most 4·workers batches are claimed ahead of the emitted
// ones, so a file of millions streams.
//
// Once ctx is done no more items are claimed: the ones claimed are emitted
// and runOrdered returns, however large n is. More workers than items or
// cores would only cost memory, so workers is capped by both.
func runOrdered[T any](ctx context.Context, n, workers int, work func(i int) T, emit func(i int, v T)) {
	workers = max(1, min(workers, n, runtime.NumCPU()))
	if workers == 1 || n < 2 {
		for i := 0; i < n && ctx.Err() == nil; i++ {
			emit(i, work(i))
		}
		return
	}
	type batch struct {
		lo    int
		vs    []T
		ready bool
	}
	window := 4 * workers
	var (
		mu      sync.Mutex // guards everything below, and calls to emit
		room    = sync.NewCond(&mu)
		ring    = make([]batch, window) // batch k waits in ring[k%window]
		claimed int                     // items claimed
		seq     int                     // batches claimed
		next    int                     // the next batch to emit
	)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			size := 1
			for {
				mu.Lock()
				for seq-next >= window && claimed < n {
					room.Wait()
				}
				if claimed >= n || ctx.Err() != nil {
					claimed = n // wake the others: nothing more is claimed
					room.Broadcast()
					mu.Unlock()
					return
				}
				k, lo, hi := seq, claimed, min(n, claimed+size)
				seq, claimed = seq+1, hi
				mu.Unlock()

				start := time.Now()
				vs := make([]T, hi-lo)
				for i := range vs {
					vs[i] = work(lo + i)
				}
				switch took := time.Since(start); {
				case took < batchTime/2 && size < maxBatch:
					size *= 2
				case took > 2*batchTime && size > 1:
					size /= 2
				}

				mu.Lock()
				ring[k%window] = batch{lo, vs, true}
				for b := &ring[next%window]; b.ready; b = &ring[next%window] {
					for j, v := range b.vs {
						emit(b.lo+j, v)
					}
					*b = batch{}
					next++
					room.Broadcast()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// batchTime is the work a batch of runOrdered aims at; maxBatch caps its
// items.
const (
	batchTime = time.Millisecond
	maxBatch  = 4096
)

// progressBar draws "[=====>    ] 120/1465 3.2s" on a terminal, at most
// five times a second. A nil *progressBar does nothing.
type progressBar struct {
	w     io.Writer
	cols  int // the terminal's width, 0 when unknown
	label string
	total int64
	// last: the last phase, whose length is not known (print's "writing
	// the PDF" after its pages are laid out): no bar or count, the time
	// alone (a full bar sat there for seconds, as if stuck).
	last  bool
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

// barsShown counts the progress bars on screen, and barsMu keeps a bar
// from drawing once a signal has cleared it (see Main).
var (
	barsMu    sync.Mutex
	barsShown int
	barsDone  bool         // a signal stops the program: no more drawing
	barNow    *progressBar // the bar drawn last, while it runs
	// barOnScreen says that a bar's text is on the screen's last line;
	// outMidLine that standard output, on the same screen, last wrote
	// part of a line, which a bar drawn now would overwrite
	// (checkedWriter).
	barOnScreen, outMidLine bool
)

// clearBars erases a progress bar on screen, for a message in its place,
// and keeps bars from drawing again.
func clearBars(w io.Writer) {
	barsMu.Lock()
	defer barsMu.Unlock()
	if barsShown > 0 {
		fmt.Fprint(w, "\r\033[K")
	}
	barsDone = true
}

// newProgressBar returns nil unless w is a terminal, and for a single
// item (a bar for one puzzle solved or rated in a blink says nothing).
func newProgressBar(w io.Writer, label string, total int) *progressBar {
	if total < 2 {
		return nil
	}
	return newBar(w, label, total)
}

// newBar is newProgressBar for one item too: generate's single puzzle can
// take minutes (a rare ER), and without a bar it looked hung. Drawn first
// after 200 ms, it does not show for a quick one.
func newBar(w io.Writer, label string, total int) *progressBar {
	if !isTerminal(w) || total < 1 || os.Getenv("TERM") == "dumb" {
		return nil // (a dumb terminal has no \r\033[K to redraw a line with)
	}
	p := &progressBar{w: rawWriter(w), cols: termCols(w), label: label, total: int64(total), start: time.Now(), stop: make(chan struct{})}
	barsMu.Lock()
	barsShown++
	barNow = p
	barsMu.Unlock()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				barsMu.Lock()
				if !barsDone {
					p.draw()
				}
				barsMu.Unlock()
			case <-p.stop:
				barsMu.Lock()
				if !barsDone && barOnScreen {
					fmt.Fprint(p.w, "\r\033[K")
					barOnScreen = false
				}
				barsShown--
				if barNow == p {
					barNow = nil
				}
				barsMu.Unlock()
				return
			}
		}
	}()
	return p
}

// lastPhase relabels the bar for a last phase of unknown length, which
// shows the time alone.
func (p *progressBar) lastPhase(label string) {
	if p != nil {
		barsMu.Lock()
		p.label, p.last = label, true
		barsMu.Unlock()
	}
}

// set says that done of the total are done.
func (p *progressBar) set(done int) {
	if p != nil {
		p.done.Store(int64(done))
	}
}

func (p *progressBar) add(k int) {
	if p != nil {
		p.done.Add(int64(k))
	}
}

// draw draws the bar, with barsMu held; not over a line standard output
// has begun on the same screen.
func (p *progressBar) draw() {
	if outMidLine {
		return
	}
	barOnScreen = true
	if p.last {
		fmt.Fprintf(p.w, "\r\033[K%s… %.1fs", p.label, time.Since(p.start).Seconds())
		return
	}
	d := p.done.Load()
	// Narrower on a narrow terminal: a line longer than the screen wraps,
	// and each redraw then left its first part above the results.
	width := 30
	if p.cols > 0 {
		rest := len(fmt.Sprintf("%s [] %d/%d %.1fs", p.label, d, p.total, time.Since(p.start).Seconds())) + 1
		width = max(0, min(width, p.cols-rest))
	}
	fill := int(int64(width) * d / p.total)
	bar := strings.Repeat("=", fill)
	if fill < width {
		bar += ">" + strings.Repeat(" ", width-fill-1)
	}
	if p.cols > 0 && width == 0 {
		fmt.Fprintf(p.w, "\r%d/%d", d, p.total) // room for the count alone
		return
	}
	fmt.Fprintf(p.w, "\r%s [%s] %d/%d %.1fs", p.label, bar, d, p.total, time.Since(p.start).Seconds())
}

// finish erases the bar.
func (p *progressBar) finish() {
	if p != nil {
		close(p.stop)
		p.wg.Wait()
	}
}

// termCols is the width of the terminal w writes to, 0 when unknown.
func termCols(w io.Writer) int {
	f, ok := rawWriter(w).(*os.File)
	if !ok {
		return 0
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return cols
}
