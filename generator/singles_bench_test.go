package generator

import (
	"testing"

	"example.com/sudoku/solver"
)

// singlesInputs returns the candidates that making easy puzzles checks:
// random solution grids losing symmetric pairs of givens in a random
// order, each removal kept while singles still solve the puzzle.
func singlesInputs() []solver.Grid {
	rng := solver.NewRand(11)
	var gs []solver.Grid
	for len(gs) < 4000 {
		g := randomSolution(rng)
		var order [41]int
		for i := range order {
			order[i] = i
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			h := g
			h[i], h[80-i] = 0, 0
			gs = append(gs, h)
			if solvedBySingles(&h) {
				g = h
			}
		}
	}
	return gs
}

// BenchmarkSolvedBySingles times the singles check on the candidates a
// reduction to an easy puzzle meets.
func BenchmarkSolvedBySingles(b *testing.B) {
	gs := singlesInputs()
	i := 0
	for b.Loop() {
		solvedBySingles(&gs[i%len(gs)])
		i++
	}
}
