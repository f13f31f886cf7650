// Package library is the window's model of an open puzzle file, apart
// from any widget: its puzzles held compactly, where the player is in it,
// the progress kept for the puzzles they touched, the ratings as they come
// in, and the searches of the browser (a level, a name, a number), which
// run off the UI goroutine. It does not import Fyne and is tested without
// a window.
package library

import (
	"sort"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// Board is a grid packed two cells a byte: 41 bytes, against the 81 of a
// solver.Grid and the 130 or so of a solver.Puzzle.
type Board [41]byte

// Pack packs g.
func Pack(g solver.Grid) Board {
	var b Board
	for i, v := range g {
		b[i/2] |= (v & 15) << (4 * (i % 2))
	}
	return b
}

// Grid unpacks b.
func (b *Board) Grid() solver.Grid {
	var g solver.Grid
	for i := range g {
		g[i] = b[i/2] >> (4 * (i % 2)) & 15
	}
	return g
}

// Puzzles is a list of puzzles that only grows, held compactly: a packed
// board and the line it starts on, and a name only for the puzzles the
// file named (a million unnamed puzzles cost 45 MB). A copy shares the
// puzzles added so far, and stays safe to read while the original grows on
// another goroutine: Add only writes past every copy's end.
type Puzzles struct {
	boards []Board
	lines  []uint32
	names  []nameAt  // by index
	shapes []shapeAt // the puzzles of other shapes than classic 9×9, by index
	cands  []candsAt // the puzzles read as grids of candidates, by index
	saved  []savedAt // the puzzles read with a game saved (solver.Progress), by index
	// mixed: the puzzles are not all of one shape (MixedShapes)
	mixed bool
}

type nameAt struct {
	i    int32
	name string
}

// candsAt is a puzzle the file gave with its candidates (solver.Puzzle's
// Cands): such files hold a position or a few.
type candsAt struct {
	i     int32
	cands *solver.Candidates
}

// savedAt is a puzzle the file gave with a game saved (HoDoKu's library,
// OpenSudoku's saved games).
type savedAt struct {
	i        int32
	progress *solver.Progress
}

// shapeAt is a puzzle of another shape (6×6, X, jigsaw …), kept whole:
// such files are small. Its packed board is left empty.
type shapeAt struct {
	i     int32
	board solver.Board
}

// NewPuzzles returns an empty list with room for n puzzles.
func NewPuzzles(n int) Puzzles {
	n = max(n, 0)
	return Puzzles{boards: make([]Board, 0, n), lines: make([]uint32, 0, n)}
}

// FromSlice holds ps.
func FromSlice(ps []solver.Puzzle) Puzzles {
	l := NewPuzzles(len(ps))
	for _, p := range ps {
		l.Add(p)
	}
	return l
}

// Add appends p. Its name is kept only when the file gave it (p.Named);
// its comment is dropped.
func (l *Puzzles) Add(p solver.Puzzle) {
	if p.Named && p.Name != "" {
		l.names = append(l.names, nameAt{int32(len(l.boards)), p.Name})
	}
	if len(l.shapes) > 0 && int(l.shapes[len(l.shapes)-1].i) != len(l.boards) {
		l.mixed = true // classic 9×9 after other shapes
	}
	if p.Cands != nil {
		c := *p.Cands
		l.cands = append(l.cands, candsAt{int32(len(l.boards)), &c})
	}
	if p.Progress != nil {
		pr := *p.Progress
		l.saved = append(l.saved, savedAt{int32(len(l.boards)), &pr})
	}
	l.boards = append(l.boards, Pack(p.Grid))
	l.lines = append(l.lines, uint32(max(p.Line, 0)))
}

// AddBoard appends p, a puzzle of any shape: a classic one is packed as
// Add packs it, another is kept whole.
func (l *Puzzles) AddBoard(p solver.BoardPuzzle) {
	if g, ok := p.Board.ToGrid(); ok {
		l.Add(solver.Puzzle{Name: p.Name, Named: p.Named, Grid: g, Line: p.Line})
		return
	}
	if len(l.shapes) < len(l.boards) || len(l.shapes) > 0 && l.shapes[0].board.Geo.Name() != p.Board.Geo.Name() {
		l.mixed = true // classic 9×9 before it, or another shape
	}
	l.shapes = append(l.shapes, shapeAt{int32(len(l.boards)), p.Board.Clone()})
	l.Add(solver.Puzzle{Name: p.Name, Named: p.Named, Line: p.Line})
}

// Snapshot returns a copy of the list as it is now, safe to hand to
// another goroutine while this one goes on adding.
func (l *Puzzles) Snapshot() Puzzles {
	return Puzzles{boards: l.boards[:len(l.boards):len(l.boards)],
		lines: l.lines[:len(l.lines):len(l.lines)], names: l.names[:len(l.names):len(l.names)],
		shapes: l.shapes[:len(l.shapes):len(l.shapes)], cands: l.cands[:len(l.cands):len(l.cands)],
		saved: l.saved[:len(l.saved):len(l.saved)], mixed: l.mixed}
}

// Len is the number of puzzles.
func (l Puzzles) Len() int { return len(l.boards) }

// Board is puzzle i's board, of any shape.
func (l Puzzles) Board(i int) solver.Board {
	if len(l.shapes) > 0 {
		k := sort.Search(len(l.shapes), func(k int) bool { return int(l.shapes[k].i) >= i })
		if k < len(l.shapes) && int(l.shapes[k].i) == i {
			return l.shapes[k].board.Clone()
		}
	}
	return solver.BoardOf(l.boards[i].Grid())
}

// Geometry is puzzle i's shape.
func (l Puzzles) Geometry(i int) *solver.Geometry {
	if len(l.shapes) > 0 {
		k := sort.Search(len(l.shapes), func(k int) bool { return int(l.shapes[k].i) >= i })
		if k < len(l.shapes) && int(l.shapes[k].i) == i {
			return l.shapes[k].board.Geo
		}
	}
	return solver.Classic
}

// MixedShapes reports whether the puzzles are not all of one shape (as
// Geometry.Name says it: jigsaws of one size are one shape).
func (l Puzzles) MixedShapes() bool { return l.mixed }

// Classic reports whether puzzle i is classic 9×9.
func (l Puzzles) Classic(i int) bool { return l.Board(i).Geo.IsClassic() }

// Line is the line of the file puzzle i starts on (0 if not known).
func (l Puzzles) Line(i int) int { return int(l.lines[i]) }

// Name is the name the file gave puzzle i, if any.
func (l Puzzles) Name(i int) (string, bool) {
	k := sort.Search(len(l.names), func(k int) bool { return int(l.names[k].i) >= i })
	if k < len(l.names) && int(l.names[k].i) == i {
		return l.names[k].name, true
	}
	return "", false
}

// StartMarks is the pencil marks puzzle i came with, when the file gave
// it as a grid of candidates (game.StartMarks), or nil.
func (l Puzzles) StartMarks(i int) []game.Marks {
	k := sort.Search(len(l.cands), func(k int) bool { return int(l.cands[k].i) >= i })
	if k == len(l.cands) || int(l.cands[k].i) != i {
		return nil
	}
	marks := make([]game.Marks, len(l.cands[k].cands))
	for j, m := range l.cands[k].cands {
		marks[j] = game.Marks(m)
	}
	return marks
}

// Saved is the game the file saved of puzzle i (the digits placed since
// its givens, and pencil marks), as game.TakeUp takes it, or nil, nil.
func (l Puzzles) Saved(i int) (placed []uint8, marks []game.Marks) {
	k := sort.Search(len(l.saved), func(k int) bool { return int(l.saved[k].i) >= i })
	if k == len(l.saved) || int(l.saved[k].i) != i {
		return nil, nil
	}
	p := l.saved[k].progress
	marks = make([]game.Marks, len(p.Marks))
	for j, m := range p.Marks {
		marks[j] = game.Marks(m)
	}
	return append([]uint8(nil), p.Placed[:]...), marks
}

// Named is the number of puzzles the file named.
func (l Puzzles) Named() int { return len(l.names) }

// Puzzle is puzzle i as the reader gave it (an unnamed one has no name).
func (l Puzzles) Puzzle(i int) solver.BoardPuzzle {
	name, named := l.Name(i)
	return solver.BoardPuzzle{Name: name, Named: named, Board: l.Board(i), Line: l.Line(i)}
}
