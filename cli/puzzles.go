package cli

import (
	"sort"
	"strconv"
	"strings"

	"example.com/sudoku/solver"
)

// puzzleList holds one operand's classic puzzles compactly: a grid in 41
// bytes (two cells a byte) and its line in 4, the names the reader makes
// ("FILE #N") made again when asked for, and only the names the file
// gives kept. A million puzzles take some 45 MB, where solver.Puzzle
// values took 144 MB and the commands about twice that. The text after a
// board on its line (Puzzle.Comment: a CSV's solution column) is not
// kept: no command writes it, and a million of Kaggle's rows kept theirs
// in some 200 MB.
type puzzleList struct {
	base  string // what the reader names the puzzles after: the file's base name, "stdin"
	path  string // the name unnamed puzzles go by in place of base, when bases clash (clashingBases)
	grids []byte
	lines []int32
	named map[int32]string             // names from the file
	other map[int32]string             // unnamed, but not named base #N (kept exactly as read)
	cands map[int32]*solver.Candidates // the puzzles given as grids of candidates
}

const packedGrid = 41 // bytes a grid takes in a puzzleList

// newPuzzleList starts the list of the operand read as file (the name
// the reader gives it), with room for about n puzzles.
func newPuzzleList(file string, n int) *puzzleList {
	return &puzzleList{base: solver.BaseName(file), grids: make([]byte, 0, n*packedGrid), lines: make([]int32, 0, n)}
}

// add appends p.
func (l *puzzleList) add(p solver.Puzzle) {
	k := int32(len(l.lines))
	var b [packedGrid]byte
	for i, d := range p.Grid {
		b[i>>1] |= d << (4 * (i & 1))
	}
	l.grids = append(l.grids, b[:]...)
	l.lines = append(l.lines, int32(min(p.Line, 1<<31-1)))
	if p.Cands != nil {
		if l.cands == nil {
			l.cands = map[int32]*solver.Candidates{}
		}
		c := *p.Cands
		l.cands[k] = &c
	}
	switch {
	case p.Named:
		if l.named == nil {
			l.named = map[int32]string{}
		}
		l.named[k] = p.Name
	case !l.isMadeName(p.Name, int(k)):
		if l.other == nil {
			l.other = map[int32]string{}
		}
		l.other[k] = p.Name
	}
}

// madeName is the name the reader gives unnamed puzzle i: base #i+1.
func (l *puzzleList) madeName(i int) string {
	return l.base + " #" + strconv.Itoa(i+1)
}

// isMadeName reports whether name is madeName(i), without making it (a
// million puzzles are read).
func (l *puzzleList) isMadeName(name string, i int) bool {
	rest, ok := strings.CutPrefix(name, l.base+" #")
	var buf [20]byte
	return ok && rest == string(strconv.AppendInt(buf[:0], int64(i+1), 10))
}

func (l *puzzleList) Len() int { return len(l.lines) }

// Grid returns puzzle i's grid.
func (l *puzzleList) Grid(i int) solver.Grid {
	var g solver.Grid
	b := l.grids[i*packedGrid : (i+1)*packedGrid]
	for c := range g {
		g[c] = b[c>>1] >> (4 * (c & 1)) & 15
	}
	return g
}

// Name returns puzzle i's name, as solver.Puzzle has it (by the path
// when bases clash).
func (l *puzzleList) Name(i int) string {
	if n, ok := l.named[int32(i)]; ok {
		return n
	}
	n, ok := l.other[int32(i)]
	if !ok {
		n = l.madeName(i)
	}
	if l.path != "" {
		n = pathName(n, l.path)
	}
	return n
}

// At returns puzzle i whole.
func (l *puzzleList) At(i int) solver.Puzzle {
	_, named := l.named[int32(i)]
	return solver.Puzzle{Name: l.Name(i), Named: named, Grid: l.Grid(i), Line: int(l.lines[i]), Cands: l.cands[int32(i)]}
}

// allPuzzles is the puzzles of every operand in input order, puzzle i
// of them all found by the operands' first indexes.
type allPuzzles struct {
	lists  []*puzzleList
	starts []int // the index of each list's first puzzle
	n      int
}

func collectAll(ins []input) allPuzzles {
	var a allPuzzles
	for _, in := range ins {
		a.lists = append(a.lists, in.puzzles)
		a.starts = append(a.starts, a.n)
		a.n += in.puzzles.Len()
	}
	return a
}

func (a allPuzzles) Len() int { return a.n }

// of returns the list of puzzle i and its index there.
func (a allPuzzles) of(i int) (*puzzleList, int) {
	k := sort.Search(len(a.starts), func(k int) bool { return a.starts[k] > i }) - 1
	return a.lists[k], i - a.starts[k]
}

func (a allPuzzles) Grid(i int) solver.Grid { l, j := a.of(i); return l.Grid(j) }
func (a allPuzzles) Name(i int) string      { l, j := a.of(i); return l.Name(j) }
func (a allPuzzles) At(i int) solver.Puzzle { l, j := a.of(i); return l.At(j) }
