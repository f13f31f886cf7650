package library

import (
	"maps"
	"slices"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// Find returns the index of a puzzle whose givens are b's, of b's shape,
// the nearest to near when several are; -1 when none is. It reads every
// puzzle: off the UI goroutine for a big file (a million take some 10 ms).
func (l Puzzles) Find(b solver.Board, near int) int {
	best := -1
	take := func(i int) {
		if best < 0 || abs(i-near) < abs(best-near) {
			best = i
		}
	}
	if g, ok := b.ToGrid(); ok {
		want := Pack(g)
		for i := range l.boards {
			if l.boards[i] == want && l.Classic(i) {
				take(i)
			}
		}
		return best
	}
	for _, s := range l.shapes {
		if sameBoard(s.board, b) {
			take(int(s.i))
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Relocate carries a place in a file over to the file as it is now (ps),
// for a file edited since: the progress kept for a puzzle that is no
// longer at its index goes with the puzzle to where it is now, and the
// place with the progress of its puzzle. Progress for a puzzle the file no
// longer holds stays where it was (it shows again if the file comes
// back). moved counts what moved.
func Relocate(ps Puzzles, p Place) (out Place, moved int) {
	out = Place{Index: p.Index, Progress: make(map[int]game.State, len(p.Progress))}
	var lost []int
	for _, i := range slices.Sorted(maps.Keys(p.Progress)) {
		g, err := game.Restore(p.Progress[i])
		if err != nil {
			continue // damaged: Collection.Game would not take it either
		}
		b := g.Givens()
		if i >= 0 && i < ps.Len() && sameBoard(ps.Board(i), b) {
			out.Progress[i] = p.Progress[i]
			continue
		}
		j := ps.Find(b, i)
		if _, taken := out.Progress[j]; j < 0 || taken {
			lost = append(lost, i)
			continue
		}
		out.Progress[j] = p.Progress[i]
		moved++
		if i == p.Index {
			out.Index = j
		}
	}
	for _, i := range lost {
		if _, taken := out.Progress[i]; !taken {
			out.Progress[i] = p.Progress[i]
		}
	}
	out.Board = p.Board
	if out.Index == p.Index && p.Board != "" && ps.Len() > 0 {
		// The place follows its puzzle too, played or not.
		near := min(max(p.Index, 0), ps.Len()-1)
		if b := ps.Board(near); b.String() != p.Board && len(b.Cells) == len(p.Board) {
			b = b.Clone()
			ok := true
			for k := range b.Cells {
				d, err := solver.ParseSymbol(p.Board[k], b.Geo.N)
				ok = ok && err == nil
				b.Cells[k] = d
			}
			if j := ps.Find(b, p.Index); ok && j >= 0 {
				out.Index = j
			}
		}
	}
	return out, moved
}
