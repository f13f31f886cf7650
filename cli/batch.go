package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// runOrdered calls work(i) for i in [0, n) on the given number of
// goroutines and hands each result to emit in order of i, as soon as it and
// every earlier one are done. At most about 4·workers results wait in
// memory, so a file of millions streams.
func runOrdered[T any](n, workers int, work func(i int) T, emit func(i int, v T)) {
	if workers < 1 {
		workers = 1
	}
	if workers == 1 {
		for i := 0; i < n; i++ {
			emit(i, work(i))
		}
		return
	}
	window := 4 * workers
	slots := make([]chan T, window)
	for k := range slots {
		slots[k] = make(chan T, 1)
	}
	// tickets lets a worker take index i only once i-window has been emitted.
	tickets := make(chan struct{}, window)
	for k := 0; k < window; k++ {
		tickets <- struct{}{}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-tickets:
				case <-done:
					return
				}
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				slots[i%window] <- work(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		v := <-slots[i%window]
		emit(i, v)
		tickets <- struct{}{}
	}
	close(done)
	wg.Wait()
}

// progressBar draws "[=====>    ] 120/1465 3.2s" on a terminal, at most
// five times a second. A nil *progressBar does nothing.
type progressBar struct {
	w     io.Writer
	label string
	total int64
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

// newProgressBar returns nil unless w is a terminal.
func newProgressBar(w io.Writer, label string, total int) *progressBar {
	if !isTerminal(w) || total < 2 {
		return nil
	}
	p := &progressBar{w: w, label: label, total: int64(total), start: time.Now(), stop: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.draw()
			case <-p.stop:
				fmt.Fprint(p.w, "\r\033[K")
				return
			}
		}
	}()
	return p
}

func (p *progressBar) add(k int) {
	if p != nil {
		p.done.Add(int64(k))
	}
}

func (p *progressBar) draw() {
	const width = 30
	d := p.done.Load()
	fill := int(int64(width) * d / p.total)
	bar := strings.Repeat("=", fill)
	if fill < width {
		bar += ">" + strings.Repeat(" ", width-fill-1)
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
