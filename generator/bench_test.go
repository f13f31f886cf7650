package generator

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"example.com/sudoku/solver/logic"
)

// BenchmarkGenerate makes puzzles of each level, seed i for the i-th:
// with the default options (rotational symmetry) as "LEVEL", without
// symmetry as "none/LEVEL", and minimal ones as "minimal/LEVEL" and
// "minimal-none/LEVEL". Beside the mean (ns/op) it reports the median
// time per puzzle, ms/median: a few seeds take many attempts, so the mean
// sits above the typical case. Run it on one core with enough puzzles for
// a steady median:
//
//	taskset -c 1 go test -run '^$' -bench 'Generate/^(easy|medium|hard|expert|insane)$' -benchtime 1000x ./generator
func BenchmarkGenerate(b *testing.B) {
	for _, v := range []struct {
		prefix   string
		symmetry Symmetry
		minimal  bool
	}{
		{"", Rotational, false},
		{"none/", NoSymmetry, false},
		{"minimal/", Rotational, true},
		{"minimal-none/", NoSymmetry, true},
	} {
		for _, l := range logic.Levels() {
			b.Run(v.prefix+l.String(), func(b *testing.B) {
				benchmarkGenerate(b, Options{Level: l, Symmetry: v.symmetry, Minimal: v.minimal})
			})
		}
	}
}

func benchmarkGenerate(b *testing.B, opt Options) {
	b.ReportAllocs()
	var took []time.Duration
	for b.Loop() {
		opt.Seed = int64(len(took))
		start := time.Now()
		if _, err := Generate(context.Background(), opt); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2])/float64(time.Millisecond), "ms/median")
}

// BenchmarkGenerateKiller makes killer puzzles of each size and level,
// seed i for the i-th, reporting the median time per puzzle as
// BenchmarkGenerate does:
//
//	taskset -c 1 go test -run '^$' -bench 'GenerateKiller/killer/9/' -benchtime 40x ./generator
func BenchmarkGenerateKiller(b *testing.B) {
	for _, v := range []Variant{Killer, KillerX} {
		for _, n := range Sizes(v) {
			for _, l := range Levels(v, n) {
				b.Run(v.String()+"/"+strconv.Itoa(n)+"/"+l.String(), func(b *testing.B) {
					var took []time.Duration
					for b.Loop() {
						start := time.Now()
						if _, err := GenerateBoard(context.Background(), BoardOptions{Variant: v, Size: n, Level: l, Seed: int64(len(took))}); err != nil {
							b.Fatal(err)
						}
						took = append(took, time.Since(start))
					}
					slices.Sort(took)
					b.ReportMetric(float64(took[len(took)/2])/float64(time.Millisecond), "ms/median")
				})
			}
		}
	}
}
