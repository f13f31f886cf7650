package solver

import (
	"bufio"
	"context"
	"os"
	"sort"
	"testing"
	"time"
)

func TestTmpKillerSolve(t *testing.T) {
	f, _ := os.Open("/tmp/allk.txt")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id := sc.Text()
		b, _ := ParseSoloID(id)
		for _, a := range []Algorithm{CP, MRV, DFS, LCV} {
			var ds []time.Duration
			var r BoardResult
			for k := 0; k < 5; k++ {
				r = SolveBoard(context.Background(), b, Options{Algorithm: a, Limit: 2})
				ds = append(ds, r.Duration)
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			if r.Solutions != 1 || r.Solution.Validate() != nil {
				t.Errorf("%s %s: %d %v", b.Geo.Name(), a, r.Solutions, r.Solution.Validate())
			}
			t.Logf("%-20s %-4s %8v it=%d", b.Geo.Name(), a, ds[2], r.Iterations)
		}
	}
}
