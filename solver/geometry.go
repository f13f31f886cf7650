package solver

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Geometry is the shape of a Sudoku board: its size, its units (rows,
// columns, regions and, for X, the two main diagonals) and each cell's
// peers. Every board of N×N cells holds the symbols 1..N once in each
// unit. A classic puzzle is NewBoxes(3, 3, false); the 9×9 code of this
// package (Grid, the fast solver) is its accelerator, and the general
// algorithms (SolveBoard) take any Geometry.
//
// A Geometry is immutable once made: share it freely between goroutines.
type Geometry struct {
	N int // the side, and the number of symbols (4 to 16)
	// BoxW and BoxH are the width and height of the boxes of a board with
	// rectangular boxes; both are 0 on a jigsaw.
	BoxW, BoxH int
	X          bool // both main diagonals are units too

	region    []uint8   // the region (box) of each cell
	units     [][]int16 // rows 0..N-1, columns N..2N-1, regions 2N..3N-1, then the diagonals
	cellUnits [][]uint8 // the units of each cell
	peers     [][]int16 // the cells that share a unit (or a cage) with each cell, in reading order

	// A killer's cages (see NewKiller): nil without.
	cages  []Cage
	cageOf []int16     // the cage of each cell, -1 for none
	combos *comboTable // the symbol sets by size and sum, for side N
	sums   []sumCon    // the rule of 45's sets of cells with known sums
}

// MaxSide is the largest board side a Geometry takes: symbols 1-9 and
// A-G fit one character each.
const MaxSide = 16

// NewBoxes returns the geometry of an N×N board, N = w·h, whose regions
// are boxes w cells wide and h cells high (3, 3 is classic Sudoku; 3, 2
// is 6×6 with boxes three wide and two high). With x, both main diagonals
// are units too.
func NewBoxes(w, h int, x bool) (*Geometry, error) {
	n := w * h
	if w < 1 || h < 1 || n < 4 || n > MaxSide {
		return nil, fmt.Errorf("boxes of %d×%d make a %d×%d board; sizes from 4×4 to %d×%d are supported", w, h, n, n, MaxSide, MaxSide)
	}
	if w == 1 || h == 1 {
		return nil, fmt.Errorf("boxes of %d×%d are rows or columns: a box needs at least two cells each way", w, h)
	}
	region := make([]uint8, n*n)
	for i := range region {
		r, c := i/n, i%n
		region[i] = uint8(r/h*(n/w) + c/w)
	}
	g := &Geometry{N: n, BoxW: w, BoxH: h, X: x, region: region}
	g.build()
	return g, nil
}

// A RegionError is NewJigsaw's complaint about one region: its number
// (from 0), its first cell and what is wrong with it ("has 10 cells,
// want 9"), so that a reader can name the region as its file does, by
// its letter. Error names it by its first cell, as the explanations do:
// nothing on a board numbers its regions ("region 2" of a Solo game ID
// was not to be found).
type RegionError struct {
	Region int
	First  string // "r1c4"
	What   string
}

func (e *RegionError) Error() string { return fmt.Sprintf("the region of %s %s", e.First, e.What) }

// NewJigsaw returns the geometry of an N×N board whose regions are given
// cell by cell in reading order (region numbers 0..N-1): each region must
// have N cells joined side to side. With x, both main diagonals are units
// too.
func NewJigsaw(n int, region []uint8, x bool) (*Geometry, error) {
	if n < 4 || n > MaxSide {
		return nil, fmt.Errorf("a %d×%d jigsaw: sizes from 4×4 to %d×%d are supported", n, n, MaxSide, MaxSide)
	}
	if len(region) != n*n {
		return nil, fmt.Errorf("a %d×%d jigsaw needs a region for each of its %d cells, got %d", n, n, n*n, len(region))
	}
	size := make([]int, n)
	first := make([]int, n)
	for i, r := range region {
		if int(r) >= n {
			return nil, fmt.Errorf("%s: region %d, but a %d×%d board has regions 1 to %d", cellName(n, i), int(r)+1, n, n, n)
		}
		if size[r] == 0 {
			first[r] = i
		}
		size[r]++
	}
	for r, s := range size {
		if s != n {
			return nil, &RegionError{r, cellName(n, first[r]), fmt.Sprintf("has %d cells, want %d", s, n)}
		}
	}
	// Each region is one piece: a flood fill from its first cell reaches
	// all of it.
	seen := make([]bool, n*n)
	stack := make([]int, 0, n)
	for r := range size {
		reached := 0
		stack = append(stack[:0], first[r])
		seen[first[r]] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			for _, j := range neighbours(n, i) {
				if j >= 0 && !seen[j] && region[j] == uint8(r) {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if reached != n {
			return nil, &RegionError{r, cellName(n, first[r]), fmt.Sprintf("is in pieces: from %s only %d of its %d cells are reached side to side", cellName(n, first[r]), reached, n)}
		}
	}
	g := &Geometry{N: n, X: x, region: append([]uint8(nil), region...)}
	g.build()
	return g, nil
}

// neighbours lists the cells left, right, above and below cell i (-1 off
// the board).
func neighbours(n, i int) [4]int {
	r, c := i/n, i%n
	out := [4]int{-1, -1, -1, -1}
	if c > 0 {
		out[0] = i - 1
	}
	if c < n-1 {
		out[1] = i + 1
	}
	if r > 0 {
		out[2] = i - n
	}
	if r < n-1 {
		out[3] = i + n
	}
	return out
}

// Classic is the 9×9 geometry with 3×3 boxes.
var Classic = mustBoxes(3, 3, false)

func mustBoxes(w, h int, x bool) *Geometry {
	g, err := NewBoxes(w, h, x)
	if err != nil {
		panic(err)
	}
	return g
}

func (g *Geometry) build() {
	n := g.N
	nu := 3 * n
	if g.X {
		nu += 2
	}
	g.units = make([][]int16, nu)
	g.cellUnits = make([][]uint8, n*n)
	for i := 0; i < n*n; i++ {
		r, c := i/n, i%n
		us := []uint8{uint8(r), uint8(n + c), uint8(2*n + int(g.region[i]))}
		if g.X && r == c {
			us = append(us, uint8(3*n))
		}
		if g.X && r+c == n-1 {
			us = append(us, uint8(3*n+1))
		}
		g.cellUnits[i] = us
		for _, u := range us {
			g.units[u] = append(g.units[u], int16(i))
		}
	}
	g.peers = make([][]int16, n*n)
	mark := make([]int, n*n)
	for i := range g.peers {
		for _, u := range g.cellUnits[i] {
			for _, j := range g.units[u] {
				if int(j) != i {
					mark[j] = i + 1
				}
			}
		}
		for j := range mark {
			if mark[j] == i+1 {
				g.peers[i] = append(g.peers[i], int16(j))
			}
		}
	}
}

// Cells is the number of cells, N².
func (g *Geometry) Cells() int { return g.N * g.N }

// Jigsaw reports whether the regions are irregular.
func (g *Geometry) Jigsaw() bool { return g.BoxW == 0 }

// Region is the region (box) of cell i, 0..N-1: boxes are numbered in
// reading order.
func (g *Geometry) Region(i int) int { return int(g.region[i]) }

// NumUnits is the number of units: 3N, and 2 more with X.
func (g *Geometry) NumUnits() int { return len(g.units) }

// Unit lists the cells of unit u in reading order: rows 0..N-1, columns
// N..2N-1, regions 2N..3N-1, then with X the main diagonal (top left to
// bottom right) and the anti-diagonal.
func (g *Geometry) Unit(u int) []int16 { return g.units[u] }

// UnitNumber is the number (as Unit takes it) of unit un: rows, columns,
// regions (BoxUnit), then the diagonals.
func (g *Geometry) UnitNumber(un Unit) int { return int(un.Kind)*g.N + un.Index }

// UnitAt is the Unit of unit number u, the inverse of UnitNumber.
func (g *Geometry) UnitAt(u int) Unit {
	if u >= 3*g.N {
		return Unit{DiagonalUnit, u - 3*g.N}
	}
	return Unit{UnitKind(u / g.N), u % g.N}
}

// UnitCells lists the cells of un in reading order.
func (g *Geometry) UnitCells(un Unit) []int16 { return g.units[g.UnitNumber(un)] }

// CellUnits lists the units of cell i: its row, column and region, then
// the diagonals it lies on.
func (g *Geometry) CellUnits(i int) []uint8 { return g.cellUnits[i] }

// Peers lists the cells that share a unit with cell i, or its cage on a
// killer, in reading order.
func (g *Geometry) Peers(i int) []int16 { return g.peers[i] }

// UnitName names unit u for a person: "row 3", "column 10", "box 4",
// "the region of r2c1" (a jigsaw's), "the main diagonal", "the
// anti-diagonal".
func (g *Geometry) UnitName(u int) string {
	n := g.N
	switch {
	case u < n:
		return fmt.Sprintf("row %d", u+1)
	case u < 2*n:
		return fmt.Sprintf("column %d", u-n+1)
	case u < 3*n:
		if g.Jigsaw() {
			// By its first cell (a unit lists its cells in reading
			// order): neither the board nor a booklet numbers the
			// regions, and "region 4" pointed a reader at nothing.
			return "the region of " + cellName(n, int(g.units[u][0]))
		}
		return fmt.Sprintf("box %d", u-2*n+1)
	case u == 3*n:
		return "the main diagonal"
	}
	return "the anti-diagonal"
}

// CellName names cell i as players write it: "r1c3" (1-based).
func (g *Geometry) CellName(i int) string { return cellName(g.N, i) }

func cellName(n, i int) string { return fmt.Sprintf("r%dc%d", i/n+1, i%n+1) }

// Name says what the geometry is: "9×9", "6×6 (3×2 boxes)", "9×9 X",
// "9×9 jigsaw", "8×8 jigsaw X", "9×9 killer", "9×9 killer X", "6×6
// killer (3×2 boxes)", "9×9 jigsaw killer".
func (g *Geometry) Name() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d×%d", g.N, g.N)
	if g.Jigsaw() {
		b.WriteString(" jigsaw")
	}
	if g.Killer() {
		b.WriteString(" killer")
	}
	if !g.Jigsaw() && g.BoxW != g.BoxH {
		fmt.Fprintf(&b, " (%d×%d boxes)", g.BoxW, g.BoxH)
	}
	if g.X {
		b.WriteString(" X")
	}
	return b.String()
}

// IsClassic reports whether g is plain 9×9 Sudoku with 3×3 boxes, which
// the Grid code of this package handles (not a killer).
func (g *Geometry) IsClassic() bool {
	return g.N == 9 && g.BoxW == 3 && g.BoxH == 3 && !g.X && !g.Killer()
}

// Equal reports whether g and h have the same units and cages.
func (g *Geometry) Equal(h *Geometry) bool {
	if g == h {
		return true
	}
	if g.N != h.N || g.X != h.X || g.BoxW != h.BoxW || g.BoxH != h.BoxH || len(g.cages) != len(h.cages) || g.Killer() != h.Killer() {
		return false
	}
	for i := range g.region {
		if g.region[i] != h.region[i] {
			return false
		}
	}
	for k, c := range g.cages {
		if c.Sum != h.cages[k].Sum || !slices.Equal(c.Cells, h.cages[k].Cells) {
			return false
		}
	}
	return true
}

// Symbol writes symbol d (1..16) as one character: 1-9, then A-G.
func Symbol(d uint8) byte {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return '0' + d
	}
	return 'A' + d - 10
}

// ParseSymbol reads one character as a symbol of a board of side n: 1-9,
// then A-G (any case) above 9; '.', '0', '_', '*' and '-' are blanks (0).
func ParseSymbol(b byte, n int) (uint8, error) {
	var d uint8
	switch {
	case isBlank(b):
		return 0, nil
	case b >= '1' && b <= '9':
		d = b - '0'
	case b >= 'A' && b <= 'G':
		d = b - 'A' + 10
	case b >= 'a' && b <= 'g':
		d = b - 'a' + 10
	default:
		return 0, fmt.Errorf("%q is not a symbol", rune(b))
	}
	if int(d) > n {
		return 0, fmt.Errorf("%q is past the last symbol of a %d×%d board (%c)", rune(b), n, n, Symbol(uint8(n)))
	}
	return d, nil
}

// Board is a board of any geometry: Cells[i] holds the symbol (1..N) of
// cell i in reading order, or 0 for an empty cell.
type Board struct {
	Geo   *Geometry
	Cells []uint8
}

// NewBoard returns an empty board of geometry g.
func NewBoard(g *Geometry) Board { return Board{Geo: g, Cells: make([]uint8, g.Cells())} }

// Clone returns a copy that shares only the geometry.
func (b Board) Clone() Board {
	return Board{Geo: b.Geo, Cells: append([]uint8(nil), b.Cells...)}
}

// String writes the board as N² symbols, '.' for blanks.
func (b Board) String() string {
	out := make([]byte, len(b.Cells))
	for i, d := range b.Cells {
		out[i] = Symbol(d)
	}
	return string(out)
}

// Givens counts the filled cells.
func (b Board) Givens() int {
	n := 0
	for _, d := range b.Cells {
		if d != 0 {
			n++
		}
	}
	return n
}

// ErrConflict is what Validate's *BoardConflict is (errors.Is): a symbol
// that repeats in a unit.
var ErrConflict = errors.New("a symbol repeats in a unit")

// BoardConflict is a symbol twice in one unit of a board of any shape.
type BoardConflict struct {
	Symbol uint8
	Unit   string    // "row 1", "the region of r2c1", "the main diagonal"
	Cells  [2]string // "r1c1", in reading order
	More   []string  // the symbol's further cells in the unit, when it is there three times or more
}

// Error reads as the classic ConflictError does: "digit 5 twice in row 1
// (r1c1, r1c2)", "digit 3 three times in …", "symbol B twice in …" past 9.
func (e *BoardConflict) Error() string {
	what := "digit"
	if e.Symbol > 9 {
		what = "symbol"
	}
	names := append([]string{e.Cells[0], e.Cells[1]}, e.More...)
	return fmt.Sprintf("%s %c %s in %s (%s)", what, Symbol(e.Symbol), times(len(names)), e.Unit, strings.Join(names, ", "))
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *BoardConflict) Is(target error) bool { return target == ErrConflict }

// Validate checks that every cell holds 0..N and no symbol repeats in a
// unit; a repeat names the symbol, the unit and both cells. On a killer
// it also checks each cage (a *CageConflict): no symbol twice, the
// symbols adding up to no more than the sum, and to the sum once full.
func (b Board) Validate() error {
	g := b.Geo
	if len(b.Cells) != g.Cells() {
		return fmt.Errorf("a %s board has %d cells, not %d", g.Name(), g.Cells(), len(b.Cells))
	}
	for i, d := range b.Cells {
		if int(d) > g.N {
			return fmt.Errorf("%s holds %d, past the last symbol %d", g.CellName(i), d, g.N)
		}
	}
	var err error
	b.repeats(func(u, first, again int) bool {
		d := b.Cells[again]
		c := &BoardConflict{Symbol: d, Unit: g.UnitName(u), Cells: [2]string{g.CellName(first), g.CellName(again)}}
		past := false
		for _, k := range g.units[u] {
			if past && b.Cells[k] == d {
				c.More = append(c.More, g.CellName(int(k)))
			}
			past = past || int(k) == again
		}
		err = c
		return false
	})
	if err != nil {
		return err
	}
	return b.validateCages()
}

// repeats calls f for each symbol that repeats in a unit, with the unit,
// the cell the symbol was first seen in and the cell it repeats in, unit
// by unit in reading order, until f returns false. O(N²).
func (b Board) repeats(f func(u, first, again int) bool) {
	g := b.Geo
	seen := make([]int, g.N+1)
	for u := range g.units {
		for k := range seen {
			seen[k] = -1
		}
		for _, c := range g.units[u] {
			d := b.Cells[c]
			if d == 0 || int(d) > g.N {
				continue
			}
			if seen[d] >= 0 && !f(u, seen[d], int(c)) {
				return
			}
			seen[d] = int(c)
		}
	}
}

// Clashes marks every cell whose symbol repeats in one of its units or
// its cage, and the filled cells of a cage whose symbols add up past its
// sum (or, full, to another). O(N²) over the units.
func (b Board) Clashes() []bool {
	out := make([]bool, len(b.Cells))
	b.repeats(func(_, first, again int) bool {
		out[first], out[again] = true, true
		return true
	})
	b.cageClashes(out)
	return out
}

// ToGrid converts a classic board to a Grid.
func (b Board) ToGrid() (Grid, bool) {
	var g Grid
	if !b.Geo.IsClassic() {
		return g, false
	}
	copy(g[:], b.Cells)
	return g, true
}

// BoardOf is the classic board of g.
func BoardOf(g Grid) Board {
	return Board{Geo: Classic, Cells: append([]uint8(nil), g[:]...)}
}

// Rows writes the board as N lines of symbols, sep after each symbol
// ("  " gives 002's SOLVED layout, "" a compact grid).
func (b Board) Rows(sep string) string {
	var sb strings.Builder
	n := b.Geo.N
	for i, d := range b.Cells {
		sb.WriteByte(Symbol(d))
		sb.WriteString(sep)
		if i%n == n-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
