package generator

import "example.com/sudoku/solver"

// randomSolution returns a complete grid drawn with rng: random digits in
// the three boxes of the main diagonal, which share no unit, so any
// choice fits and every choice can be completed; the fast solver completes
// them; then the rows are shuffled within their bands, the bands among
// themselves, and the same for columns and stacks, which keeps the grid
// valid and spreads the solver's habits over the whole board.
//
// Cost: a few microseconds; nothing is allocated.
func randomSolution(rng *solver.Rand) solver.Grid {
	var g solver.Grid
	for _, box := range [3]int{0, 4, 8} {
		digits := [9]uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}
		rng.Shuffle(9, func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
		top := box/3*27 + box%3*3
		for k, d := range digits {
			g[top+k/3*9+k%3] = d
		}
	}
	full, ok := solver.SolveFast(g)
	if !ok {
		panic("generator: three diagonal boxes could not be completed")
	}
	rows, cols := lineOrder(rng), lineOrder(rng)
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			g[9*r+c] = full[9*rows[r]+cols[c]]
		}
	}
	return g
}

// lineOrder draws an order of the nine rows (or columns) that keeps each
// band (stack) together: the bands shuffled, and the lines within each.
func lineOrder(rng *solver.Rand) [9]int {
	bands := [3]int{0, 1, 2}
	rng.Shuffle(3, func(i, j int) { bands[i], bands[j] = bands[j], bands[i] })
	var order [9]int
	for k, b := range bands {
		lines := [3]int{3 * b, 3*b + 1, 3*b + 2}
		rng.Shuffle(3, func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		copy(order[3*k:], lines[:])
	}
	return order
}
