package levels

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

func puzzles(n int) []solver.Board {
	ps := make([]solver.Board, n)
	for i := range ps {
		ps[i] = solver.NewBoard(solver.Classic)
		ps[i].Cells[0] = uint8(i%9 + 1)
	}
	return ps
}

// fakeRate "rates" a puzzle by its first cell, slowly enough to watch the
// order.
func fakeRate(calls *atomic.Int64) func(context.Context, solver.Board) (logic.Rating, error) {
	return func(_ context.Context, b solver.Board) (logic.Rating, error) {
		calls.Add(1)
		time.Sleep(100 * time.Microsecond)
		return logic.Rating{Level: logic.Level(b.Cells[0] % 3), Score: float64(b.Cells[0])}, nil
	}
}

func drain(t *testing.T, r *Rater, n int) []Result {
	t.Helper()
	var out []Result
	for end := time.Now().Add(10 * time.Second); len(out) < n; {
		out = append(out, r.Take(1000)...)
		if time.Now().After(end) {
			t.Fatalf("%d of %d results", len(out), n)
		}
		time.Sleep(time.Millisecond)
	}
	return out
}

func TestRaterRatesEachOnceWantedFirst(t *testing.T) {
	var calls atomic.Int64
	r := newRater(1, fakeRate(&calls))
	defer r.Close()
	ps := puzzles(100)
	r.Open(Slice(ps[:60]), 50)
	r.Prefer(7, 3)
	r.Extend(Slice(ps))
	got := drain(t, r, 100)
	if got[0].Index != 50 && got[0].Index != 7 {
		t.Errorf("first rated #%d, want the current one or a preferred one", got[0].Index)
	}
	seen := map[int]bool{}
	for _, g := range got {
		if seen[g.Index] {
			t.Fatalf("#%d rated twice", g.Index)
		}
		seen[g.Index] = true
	}
	if calls.Load() != 100 || !r.Idle() {
		t.Errorf("%d calls, idle %v", calls.Load(), r.Idle())
	}
	if rated, total := r.Progress(); rated != 100 || total != 100 {
		t.Errorf("progress %d of %d", rated, total)
	}
}

func TestRaterDropsAnOldFile(t *testing.T) {
	var calls atomic.Int64
	r := newRater(2, fakeRate(&calls))
	defer r.Close()
	r.Open(Slice(puzzles(1000)), 0)
	time.Sleep(5 * time.Millisecond)
	r.Open(Slice(puzzles(3)), 0)
	r.Known([]int{1})
	got := drain(t, r, 2)
	time.Sleep(20 * time.Millisecond)
	got = append(got, r.Take(1000)...)
	if len(got) != 2 {
		t.Errorf("%d results, want 2 (the new file less the one known)", len(got))
	}
}

// A cache's ratings for a file that came back after another was opened
// are dropped: they marked the new file's puzzles, and a file of one
// puzzle's panicked on the next file's second (seen at start, a session's
// file and the one named on the command line).
func TestKnownIfOfAnOldFile(t *testing.T) {
	var calls atomic.Int64
	r := newRater(1, fakeRate(&calls))
	defer r.Close()
	r.Open(Slice(puzzles(1)), 0)
	old := r.Gen()
	r.Open(Slice(puzzles(5)), 0)
	one := []bool{true}
	r.KnownIf(old, func(i int) bool { return one[i] }) // one[1] panicked
	if got := drain(t, r, 5); len(got) != 5 {
		t.Errorf("%d rated, want all 5 of the new file", len(got))
	}
	r.Open(Slice(puzzles(3)), 0)
	r.KnownIf(r.Gen(), func(i int) bool { return i == 1 })
	if got := drain(t, r, 2); len(got) != 2 {
		t.Errorf("%d rated, want 2 (the file less the one known)", len(got))
	}
}

func TestCacheRoundTripAndDamage(t *testing.T) {
	c := Cache{Dir: t.TempDir(), MaxBytes: 1 << 20}
	var key [32]byte
	key[0] = 7
	rs := []Result{{Index: 0, Level: logic.Hard, Score: 4.2, OK: true}, {Index: 2}}
	if err := c.Save(key, 3, rs); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Load(key, 3)
	if !ok || len(got) != 2 || got[0] != rs[0] || got[1] != rs[1] {
		t.Fatalf("%v %v", ok, got)
	}
	// Why a puzzle cannot be rated comes back too.
	whys := []Result{{Index: 0, Why: WhySeveral}, {Index: 1, Why: WhyNoSolution}, {Index: 2, Why: WhyInvalid}, {Index: 3, Level: logic.Insane, Score: 8.3, OK: true}}
	other := key
	other[1] = 1
	if err := c.Save(other, 4, whys); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Load(other, 4); !ok || !slices.Equal(got, whys) {
		t.Fatalf("%v %v", ok, got)
	}
	if _, ok := c.Load(key, 4); ok {
		t.Error("loaded for another number of puzzles")
	}
	// A damaged entry is ignored and removed.
	c.Save(key, 3, rs)
	p := c.path(key)
	b, _ := os.ReadFile(p)
	b[len(b)-6] ^= 0xff
	os.WriteFile(p, b, 0o644)
	if _, ok := c.Load(key, 3); ok {
		t.Error("loaded a damaged entry")
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Error("damaged entry kept")
	}
	// A level this program does not know (a later scale), with a good
	// checksum, is refused whole: no rating of it is taken.
	enc := encode(3, rs)
	enc[len(enc)-4-9] = 200 // puzzle 0's level byte
	sum := crc32.ChecksumIEEE(enc[:len(enc)-4])
	binary.LittleEndian.PutUint32(enc[len(enc)-4:], sum)
	os.WriteFile(p, enc, 0o644)
	taken := 0
	if c.Each(key, 3, func(Result) { taken++ }) || taken != 0 {
		t.Errorf("an unknown level was read (%d ratings taken)", taken)
	}
}

// Why a rating failed, from its error.
func TestWhyOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want Why
	}{
		{nil, WhyUnknown},
		{logic.ErrMultipleSolutions, WhySeveral},
		{logic.ErrNoSolution, WhyNoSolution},
		{logic.ErrBoardUnsolvable, WhyNoSolution},
		{errors.New("digit 3 twice in row 1"), WhyInvalid},
		{context.Canceled, WhyUnknown},
	} {
		if got := WhyOf(tc.err); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.err, got, tc.want)
		}
	}
}

func TestCacheStaysUnderItsBound(t *testing.T) {
	c := Cache{Dir: t.TempDir(), MaxBytes: 10000}
	for k := 0; k < 10; k++ {
		var key [32]byte
		key[0] = byte(k)
		if err := c.Save(key, 1000, nil); err != nil { // 3 KB each
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	es, _ := os.ReadDir(c.Dir)
	var total int64
	for _, e := range es {
		fi, _ := e.Info()
		total += fi.Size()
	}
	if total > c.MaxBytes || len(es) != 3 {
		t.Errorf("%d entries, %d bytes", len(es), total)
	}
	var newest [32]byte
	newest[0] = 9
	if _, err := os.Stat(c.path(newest)); err != nil {
		t.Error("the newest entry was evicted")
	}
}

func TestHashFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(p, []byte("abc"), 0o644)
	a, err := HashFile(p)
	os.WriteFile(p, []byte("abd"), 0o644)
	b, _ := HashFile(p)
	if err != nil || a == b {
		t.Errorf("%v: %x %x", err, a, b)
	}
}

// Open of another file ends the rating under way (one of the hardest
// puzzles kept a core busy for a minute and more after its file closed),
// and so does Close.
func TestOpenEndsTheRatingUnderWay(t *testing.T) {
	started, ended := make(chan struct{}, 2), make(chan struct{}, 2)
	r := newRater(1, func(ctx context.Context, b solver.Board) (logic.Rating, error) {
		started <- struct{}{}
		<-ctx.Done() // a rating that would take for ever
		ended <- struct{}{}
		return logic.Rating{}, ctx.Err()
	})
	defer r.Close()
	r.Open(Slice{solver.NewBoard(solver.Classic)}, 0)
	<-started
	r.Open(Slice{}, 0)
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the rating under way went on after Open")
	}
}
