package solver

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"
)

// TestMeasureKillerCount times counting up to two solutions of the
// killer puzzles in testdata (each puzzle's best of three runs; medians
// printed): SUDOKU_MEASURE=1 taskset -c 1 go test -run
// TestMeasureKillerCount -v ./solver
func TestMeasureKillerCount(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE=1 runs it")
	}
	for _, file := range []string{"../testdata/killer-9.txt", "../testdata/solo-ids.txt"} {
		for _, a := range []Algorithm{CP, MRV} {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			var ds []time.Duration
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				b, err := ParseSoloID(sc.Text())
				if err != nil || !b.Geo.Killer() || b.Geo.N != 9 {
					continue
				}
				best := time.Hour
				for k := 0; k < 3; k++ {
					start := time.Now()
					r := SolveBoard(context.Background(), b, Options{Algorithm: a, Limit: 2})
					best = min(best, time.Since(start))
					if r.Solutions != 1 {
						t.Fatalf("%s: %d solutions", sc.Text(), r.Solutions)
					}
				}
				ds = append(ds, best)
				if file == "../testdata/killer-9.txt" && len(ds)%25 == 0 {
					part := slices.Clone(ds[len(ds)-25:])
					slices.Sort(part)
					fmt.Printf("  %s puzzles %d-%d (one level): median %v, max %v\n", a, len(ds)-24, len(ds), part[12].Round(time.Microsecond), part[24].Round(time.Microsecond))
				}
			}
			f.Close()
			slices.Sort(ds)
			fmt.Printf("%-26s %-3s %3d 9×9 killers: median %v, p90 %v, max %v\n", file, a, len(ds), ds[len(ds)/2].Round(time.Microsecond), ds[len(ds)*9/10].Round(time.Microsecond), ds[len(ds)-1].Round(time.Microsecond))
		}
	}
}
