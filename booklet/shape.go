package booklet

import "example.com/sudoku/solver"

// edge is a straight run of region border inside a board, from (x0, y0)
// to (x1, y1) in cells from the board's top left corner: one of x0 == x1
// (a vertical run) or y0 == y1 (a horizontal one).
type edge struct{ x0, y0, x1, y1 int }

// regionEdges returns the lines between cells of different regions of a
// jigsaw (or any) geometry, each as long as it runs straight, the
// vertical ones first, left to right, then the horizontal ones, top to
// bottom. The board's border is not among them. O(N²).
func regionEdges(g *solver.Geometry) []edge {
	n := g.N
	var out []edge
	// runs walks line k (between cells k-1 and k across it) and appends
	// its runs of region border: differs(k, j) says whether the border
	// passes at position j along the line.
	runs := func(k int, differs func(k, j int) bool, make func(k, from, to int) edge) {
		start := -1
		for j := 0; j <= n; j++ {
			on := j < n && differs(k, j)
			switch {
			case on && start < 0:
				start = j
			case !on && start >= 0:
				out = append(out, make(k, start, j))
				start = -1
			}
		}
	}
	for k := 1; k < n; k++ {
		runs(k, func(k, r int) bool { return g.Region(r*n+k-1) != g.Region(r*n+k) },
			func(k, from, to int) edge { return edge{k, from, k, to} })
	}
	for k := 1; k < n; k++ {
		runs(k, func(k, c int) bool { return g.Region((k-1)*n+c) != g.Region(k*n+c) },
			func(k, from, to int) edge { return edge{from, k, to, k} })
	}
	return out
}

// diagonalCells returns the columns of row r that lie on a main diagonal
// of an n×n board: one cell in the middle row of an odd board, else two,
// left first.
func diagonalCells(n, r int) []int {
	a, b := min(r, n-1-r), max(r, n-1-r)
	if a == b {
		return []int{a}
	}
	return []int{a, b}
}
