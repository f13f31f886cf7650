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
// every earlier one are done.
//
// Workers take consecutive indices in batches and hand each batch over in
// one channel operation. A worker sizes its batches to about a millisecond
// of work (starting from one item and doubling or halving), so handing over
// costs next to nothing when an item takes microseconds, while items that
// take long still go out one at a time. At most 4·workers batches wait in
// memory, so a file of millions streams.
func runOrdered[T any](n, workers int, work func(i int) T, emit func(i int, v T)) {
	if workers < 1 {
		workers = 1
	}
	if workers == 1 || n < 2 {
		for i := 0; i < n; i++ {
			emit(i, work(i))
		}
		return
	}
	type batch struct {
		lo int
		vs []T
	}
	window := 4 * workers
	slots := make([]chan batch, window)
	for k := range slots {
		slots[k] = make(chan batch, 1)
	}
	// tickets lets a worker claim batch k only once batch k-window has been
	// emitted, so slot k%window is free.
	tickets := make(chan struct{}, window)
	for k := 0; k < window; k++ {
		tickets <- struct{}{}
	}
	var mu sync.Mutex
	claimed, seq := 0, 0 // items and batches claimed so far
	claim := func(size int) (k, lo, hi int) {
		mu.Lock()
		defer mu.Unlock()
		k, lo, hi = seq, claimed, min(n, claimed+size)
		seq, claimed = seq+1, hi
		return k, lo, hi
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			size := 1
			for {
				select {
				case <-tickets:
				case <-done:
					return
				}
				k, lo, hi := claim(size)
				if lo >= n {
					return
				}
				start := time.Now()
				vs := make([]T, hi-lo)
				for i := range vs {
					vs[i] = work(lo + i)
				}
				slots[k%window] <- batch{lo, vs}
				switch took := time.Since(start); {
				case took < batchTime/2 && size < maxBatch:
					size *= 2
				case took > 2*batchTime && size > 1:
					size /= 2
				}
			}
		}()
	}
	for k, emitted := 0, 0; emitted < n; k++ {
		b := <-slots[k%window]
		for j, v := range b.vs {
			emit(b.lo+j, v)
		}
		emitted += len(b.vs)
		tickets <- struct{}{}
	}
	close(done)
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
