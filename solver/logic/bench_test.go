package logic

import (
	"fmt"
	"os"
	"slices"
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
// long-running JVM (scripts/se-cache.py keeps its times).
func TestRateTimes(t *testing.T) {
	files := strings.Fields(os.Getenv("SUDOKU_TIMES"))
	if len(files) == 0 {
		t.Skip("set SUDOKU_TIMES to the puzzle files to time")
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
		ds := make([]time.Duration, len(ps))
		for k, p := range ps {
			t0 := time.Now()
			if _, err := Rate(p.Grid); err != nil {
				t.Errorf("%s: %v", p.Name, err)
			}
			ds[k] = time.Since(t0)
		}
		slices.Sort(ds)
		fmt.Printf("%s: %d puzzles, median %v, 90th percentile %v, max %v\n", name, len(ds), ds[len(ds)/2], ds[len(ds)*9/10], ds[len(ds)-1])
	}
}
