package logic

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"example.com/sudoku/solver"
)

// BenchmarkRate rates the puzzles of each dataset in turn; ns/op is the
// mean time per puzzle over the puzzles the benchmark reaches.
func BenchmarkRate(b *testing.B) {
	for _, set := range []struct {
		name, file string
		n          int
	}{
		{"kaggle", "kaggle_bryanpark_first20000.txt", 1000},
		{"unbiased", "puzzles1_unbiased_first1000.txt", 1000},
		{"17clue", "puzzles2_17_clue.txt", 1000},
		{"top1465", "puzzles3_magictour_top1465.txt", 1465},
		{"hardest", "puzzles5_forum_hardest_1905_11+_first40000_no1106.txt", 100},
	} {
		b.Run(set.name, func(b *testing.B) {
			gs := sharedPuzzles(b, set.file, set.n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := Rate(gs[i%len(gs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkSolve is Rate plus describing every step, as explain does.
func BenchmarkSolve(b *testing.B) {
	gs := sharedPuzzles(b, "puzzles1_unbiased_first1000.txt", 1000)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Solve(gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRateUpTo rejects the puzzles of top1465 that need more than
// hard, as a generator of hard puzzles would, next to rating them fully.
func BenchmarkRateUpTo(b *testing.B) {
	gs := sharedPuzzles(b, "puzzles3_magictour_top1465.txt", 1465)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := RateUpTo(gs[i%len(gs)], Hard); err != nil && err != ErrTooHard {
			b.Fatal(err)
		}
		i++
	}
}

// TestRateTimes prints the median and 90th percentile time to rate each
// puzzle of the files in SUDOKU_TIMES (space-separated paths), one after
// another on one goroutine, after a warm-up pass: the figures README
// compares with Sudoku Explainer's, which is timed the same way in one
// long-running JVM (scripts/se-cache.py keeps its times). SUDOKU_PASSES
// (default 1) rates every file that many times over, whole passes in turn,
// and takes each puzzle's median time over the passes: on a noisy machine
// a pause that hits one pass does not move a puzzle's figure.
func TestRateTimes(t *testing.T) {
	files := strings.Fields(os.Getenv("SUDOKU_TIMES"))
	if len(files) == 0 {
		t.Skip("set SUDOKU_TIMES to the puzzle files to time")
	}
	passes := 1
	if v := os.Getenv("SUDOKU_PASSES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("SUDOKU_PASSES=%q: want a positive number", v)
		}
		passes = n
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := solver.ReadPuzzles(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps[:min(len(ps), 20)] {
			Rate(p.Grid) // warm up
		}
		times := make([][]time.Duration, len(ps)) // by puzzle, one a pass
		for range passes {
			for k, p := range ps {
				t0 := time.Now()
				if _, err := Rate(p.Grid); err != nil {
					t.Fatalf("%s: %v", p.Name, err)
				}
				times[k] = append(times[k], time.Since(t0))
			}
		}
		ds := make([]time.Duration, len(ps))
		for k, ts := range times {
			slices.Sort(ts)
			ds[k] = ts[len(ts)/2]
		}
		slices.Sort(ds)
		fmt.Printf("%s: %d puzzles, %d pass(es), median %v, 90th percentile %v, max %v\n", name, len(ds), passes, ds[len(ds)/2], ds[len(ds)*9/10], ds[len(ds)-1])
	}
}
