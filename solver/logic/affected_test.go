package logic

import (
	"testing"

	"example.com/sudoku/solver"
)

// Every cell's affected units are the rows, columns and boxes of the cell
// and of each of its 20 peers. This failed when the table was
// built before the geometry (every entry then held row 1's units only).
func TestAffectedCoversEveryPeer(t *testing.T) {
	for i := 0; i < 81; i++ {
		var want uint32
		peers := solver.Peers(i)
		for _, c := range append(peers[:], uint8(i)) {
			for _, u := range cellUnit[c] {
				want |= 1 << u
			}
		}
		if affected[i] != want {
			t.Fatalf("affected[%s] = %027b, want %027b", solver.CellName(i), affected[i], want)
		}
		if affected[i]&(1<<cellUnit[i][0]) == 0 || affected[i]&(1<<cellUnit[i][1]) == 0 || affected[i]&(1<<cellUnit[i][2]) == 0 {
			t.Fatalf("affected[%s] misses the cell's own units", solver.CellName(i))
		}
	}
}

// magictour's 7th puzzle falls to one contradiction chain; with the
// affected table wrong, propagation missed it and the rating fell through
// to Trial (10.0).
func TestForcingChainFindsTheContradiction(t *testing.T) {
	r, err := Rate(solver.MustParse(".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Score >= 10 || r.Level != Insane {
		t.Errorf("rated %v %.1f (%s), want a forcing chain, not Trial", r.Level, r.Score, r.Hardest)
	}
}
