package logic

import "testing"

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
