package booklet

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
