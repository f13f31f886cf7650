// Package solver holds the Sudoku board as a value type, its validation and
// candidates, the puzzle file formats, and every solving algorithm behind one
// call, Solve.
//
// A Grid is an array, so copies are independent snapshots: a board handed to
// another goroutine cannot race with the solver that produced it. The package
// uses only the standard library.
package solver

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Grid is a 9x9 board in row-major order: Grid[9*r+c] is the digit in row r,
// column c (both 0-based), 1-9, or 0 for an empty cell.
type Grid [81]uint8

// Blank characters accepted for an empty cell in puzzle text.
const blankChars = ".0_*-"

// isBlank reports whether b stands for an empty cell.
func isBlank(b byte) bool { return strings.IndexByte(blankChars, b) >= 0 }

// isCell reports whether b is a digit or a blank.
func isCell(b byte) bool { return (b >= '1' && b <= '9') || isBlank(b) }

// Parse reads a board from 81 characters: digits 1-9 for givens and any of
// ".0_*-" for blanks. Use ReadPuzzles for the other layouts.
func Parse(s string) (Grid, error) {
	var g Grid
	if len(s) != 81 {
		return g, fmt.Errorf("board has %d characters, want 81", len(s))
	}
	for i := 0; i < 81; i++ {
		b := s[i]
		switch {
		case b >= '1' && b <= '9':
			g[i] = b - '0'
		case isBlank(b):
		default:
			return g, fmt.Errorf("column %d: %q is not a digit 1-9 or blank", i+1, rune(b))
		}
	}
	return g, nil
}

// MustParse is Parse for boards known to be well formed (tests, examples).
func MustParse(s string) Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

// String returns the board as 81 characters with '.' for blanks.
func (g Grid) String() string {
	var b [81]byte
	for i, d := range g {
		if d == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}

// Digits returns the board as 81 digits with '0' for blanks.
func (g Grid) Digits() string {
	var b [81]byte
	for i, d := range g {
		b[i] = '0' + d
	}
	return string(b[:])
}

// Givens counts the filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell is filled.
func (g Grid) Full() bool { return g.Givens() == 81 }

// CellName names cell i the way players write it: "r1c3" (1-based).
func CellName(i int) string { return fmt.Sprintf("r%dc%d", i/9+1, i%9+1) }

// Row, Col and Box give the 0-based row, column and box of cell i.
func Row(i int) int { return i / 9 }
func Col(i int) int { return i % 9 }
func Box(i int) int { return i/27*3 + i%9/3 }

// UnitKind tells a row, a column, a box (a region, on a jigsaw) and, on
// an X board, a diagonal apart.
type UnitKind uint8

const (
	RowUnit UnitKind = iota
	ColUnit
	BoxUnit
	DiagonalUnit // Index 0 is the main diagonal, 1 the anti-diagonal
)

func (k UnitKind) String() string {
	return [...]string{"row", "column", "box", "diagonal"}[k]
}

// Unit is one of the 27 houses; Index is 0-based.
type Unit struct {
	Kind  UnitKind
	Index int
}

func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

// Cells lists the nine cells of the unit in reading order.
func (u Unit) Cells() [9]uint8 { return units[int(u.Kind)*9+u.Index] }

// Units lists all 27 units: rows, then columns, then boxes.
func Units() [27]Unit {
	var us [27]Unit
	for i := range us {
		us[i] = Unit{UnitKind(i / 9), i % 9}
	}
	return us
}

// The classic geometry as fixed-size arrays, copied from Classic (the one
// description of every shape's units and peers) for the 9×9 code's speed.
var (
	// units[u] lists the cells of unit u (0-8 rows, 9-17 columns, 18-26 boxes).
	units [27][9]uint8
	// peers[i] lists the 20 cells that share a row, column or box with i.
	peers [81][20]uint8
	// cellUnits[i] gives the row, column and box unit numbers of cell i.
	cellUnits [81][3]uint8
)

func init() {
	for u := range units {
		for k, c := range Classic.units[u] {
			units[u][k] = uint8(c)
		}
	}
	for i := range peers {
		for k, p := range Classic.peers[i] {
			peers[i][k] = uint8(p)
		}
		copy(cellUnits[i][:], Classic.cellUnits[i])
	}
}

// Peers lists the 20 cells that see cell i.
func Peers(i int) [20]uint8 { return peers[i] }

// Sees reports whether cells a and b share a unit (a cell does not see itself).
func Sees(a, b int) bool {
	return a != b && (Row(a) == Row(b) || Col(a) == Col(b) || Box(a) == Box(b))
}

// Conflict is a digit that appears twice in one unit.
type Conflict struct {
	Digit uint8
	Unit  Unit
	Cells [2]int // in reading order
}

// ConflictError reports the first conflict found on a board; More holds
// the digit's further cells in the unit, when it is there three times or
// more.
type ConflictError struct {
	Conflict
	More []int
}

func (e *ConflictError) Error() string {
	names := []string{CellName(e.Cells[0]), CellName(e.Cells[1])}
	for _, c := range e.More {
		names = append(names, CellName(c))
	}
	return fmt.Sprintf("digit %d %s in %s (%s)", e.Digit, times(len(names)), e.Unit, strings.Join(names, ", "))
}

// times says how often: "twice", "three times", "4 times".
func times(n int) string {
	switch n {
	case 2:
		return "twice"
	case 3:
		return "three times"
	}
	return strconv.Itoa(n) + " times"
}

// Conflicts lists every pair of equal digits in a unit: rows first, then
// columns, then boxes, each in reading order. O(81·3).
func (g Grid) Conflicts() []Conflict {
	var out []Conflict
	for u := 0; u < 27; u++ {
		var seen [10]int
		for k := range seen {
			seen[k] = -1
		}
		for _, c := range units[u] {
			d := g[c]
			if d == 0 {
				continue
			}
			if seen[d] >= 0 {
				out = append(out, Conflict{Digit: d, Unit: Unit{UnitKind(u / 9), u % 9}, Cells: [2]int{seen[d], int(c)}})
				continue
			}
			seen[d] = int(c)
		}
	}
	return out
}

// Validate checks that every cell holds 0-9 and no digit repeats in a unit.
// A repeat is reported as a *ConflictError naming the digit and both cells.
func (g Grid) Validate() error {
	for i, d := range g {
		if d > 9 {
			return fmt.Errorf("%s holds %d, not a digit", CellName(i), d)
		}
	}
	// A pass over bit sets finds whether there is a conflict; Conflicts,
	// which lists them, runs only then.
	var used [27]Set
	for i, d := range g {
		if d == 0 {
			continue
		}
		bit := Set(1) << d
		u := &cellUnits[i]
		if (used[u[0]]|used[u[1]]|used[u[2]])&bit != 0 {
			all := g.Conflicts()
			e := &ConflictError{Conflict: all[0]}
			for _, c := range all[1:] {
				if c.Digit == e.Digit && c.Unit == e.Unit {
					e.More = append(e.More, c.Cells[1]) // each pairs the first cell with another
				}
			}
			return e
		}
		used[u[0]] |= bit
		used[u[1]] |= bit
		used[u[2]] |= bit
	}
	return nil
}

// Set is a set of digits: bit d (1-9) is set when d is in the set.
type Set uint16

// All is the set of all nine digits.
const All Set = 0x3FE

// Has reports whether d is in s.
func (s Set) Has(d uint8) bool { return s&(1<<d) != 0 }

// Count is the number of digits in s.
func (s Set) Count() int { return popcount(uint16(s)) }

// Single returns the digit of a one-digit set, or 0.
func (s Set) Single() uint8 {
	if s == 0 || s&(s-1) != 0 {
		return 0
	}
	return lowDigit(s)
}

// Digits lists the digits of s in increasing order.
func (s Set) Digits() []uint8 {
	out := make([]uint8, 0, 9)
	for d := uint8(1); d <= 9; d++ {
		if s.Has(d) {
			out = append(out, d)
		}
	}
	return out
}

// String writes s the way 002's UNSOLVED grid does: "{1.3..6..9}", nine
// positions with the digit or '.', and "{}" for the empty set.
func (s Set) String() string {
	if s == 0 {
		return "{}"
	}
	var b [11]byte
	b[0], b[10] = '{', '}'
	for d := uint8(1); d <= 9; d++ {
		if s.Has(d) {
			b[d] = '0' + d
		} else {
			b[d] = '.'
		}
	}
	return string(b[:])
}

// Candidates holds a digit set per cell; filled cells hold the empty set.
type Candidates [81]Set

// Candidates returns, for each empty cell, the digits not already placed in
// its row, column or box. O(81).
func (g Grid) Candidates() Candidates {
	var used [27]Set
	for i, d := range g {
		if d != 0 {
			for _, u := range cellUnits[i] {
				used[u] |= 1 << d
			}
		}
	}
	var c Candidates
	for i, d := range g {
		if d == 0 {
			u := cellUnits[i]
			c[i] = All &^ (used[u[0]] | used[u[1]] | used[u[2]])
		}
	}
	return c
}

// String writes the candidate grid in 002's layout: nine lines of nine sets,
// each padded to a column of twelve characters.
func (c Candidates) String() string {
	var b strings.Builder
	for i, s := range c {
		fmt.Fprintf(&b, "%-11s ", s.String())
		if i%9 == 8 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// FormatGrid writes g as nine lines of digits separated by two spaces, as
// 002's SOLVED output does; blanks print as '.'.
func (g Grid) FormatGrid() string {
	var b strings.Builder
	for i, d := range g {
		if d == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte('0' + d)
		}
		b.WriteString("  ")
		if i%9 == 8 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func popcount(x uint16) int { return bits.OnesCount16(x) }

// lowDigit returns the smallest digit of a non-empty set.
func lowDigit(s Set) uint8 { return uint8(bits.TrailingZeros16(uint16(s))) }
