package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// cellSet is a set of cells as two words: bits 0-53 of lo hold cells 0-53
// (rows 1-6), bits 0-26 of hi hold cells 54-80 (rows 7-9). Splitting at a
// band boundary keeps every row and box inside one word.
type cellSet struct{ lo, hi uint64 }

func (s cellSet) has(i int) bool {
	if i < 54 {
		return s.lo&(1<<uint(i)) != 0
	}
	return s.hi&(1<<uint(i-54)) != 0
}

func (s *cellSet) add(i int) {
	if i < 54 {
		s.lo |= 1 << uint(i)
	} else {
		s.hi |= 1 << uint(i-54)
	}
}

func (s *cellSet) remove(i int) {
	if i < 54 {
		s.lo &^= 1 << uint(i)
	} else {
		s.hi &^= 1 << uint(i-54)
	}
}

func (s cellSet) and(t cellSet) cellSet    { return cellSet{s.lo & t.lo, s.hi & t.hi} }
func (s cellSet) or(t cellSet) cellSet     { return cellSet{s.lo | t.lo, s.hi | t.hi} }
func (s cellSet) andNot(t cellSet) cellSet { return cellSet{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s cellSet) empty() bool              { return s.lo|s.hi == 0 }

// atLeastTwo reports whether s has two cells or more.
func (s cellSet) atLeastTwo() bool {
	return s.lo&(s.lo-1) != 0 || s.hi&(s.hi-1) != 0 || s.lo != 0 && s.hi != 0
}
func (s cellSet) count() int { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }

// pop removes and returns the lowest cell of a non-empty set.
func (s *cellSet) pop() int {
	if s.lo != 0 {
		i := bits.TrailingZeros64(s.lo)
		s.lo &= s.lo - 1
		return i
	}
	i := bits.TrailingZeros64(s.hi)
	s.hi &= s.hi - 1
	return 54 + i
}

// cells lists the cells of s in increasing order.
func (s cellSet) cells() []int {
	out := make([]int, 0, s.count())
	for t := s; !t.empty(); {
		out = append(out, t.pop())
	}
	return out
}

// Geometry, computed once. Units are numbered as in solver.Units: rows 0-8,
// columns 9-17, boxes 18-26.
var (
	unitCells [27][9]uint8 // the cells of each unit in reading order
	unitSet   [27]cellSet
	peerSet   [81]cellSet  // the 20 cells that see a cell
	cellUnit  [81][3]uint8 // row, column and box unit of a cell
	cellIndex [81][3]uint8 // the cell's position (0-8) inside each of those units
	cellUnits [81]uint32   // the same three units as a set, bit u for unit u
	unitOf    [27]solver.Unit
)

func init() {
	for u, un := range solver.Units() {
		unitOf[u] = un
		unitCells[u] = un.Cells()
		for k, c := range unitCells[u] {
			unitSet[u].add(int(c))
			ci := int(c)
			kind := int(un.Kind)
			cellUnit[ci][kind] = uint8(u)
			cellUnits[ci] |= 1 << u
			cellIndex[ci][kind] = uint8(k)
		}
	}
	for i := 0; i < 81; i++ {
		for _, p := range solver.Peers(i) {
			peerSet[i].add(int(p))
		}
	}
	initHouseOrder() // reads the geometry above
	initHouseParts()
	initCrossings()
}

// state is a position: the board, each empty cell's candidates, and two
// indexes kept in step with them so that techniques work with bit
// operations: where[d] is the set of cells that have candidate d, and
// pos[d][u] has bit k set when the k-th cell of unit u has candidate d.
// It is a value (about 1 KB); copying it snapshots the position.
type state struct {
	grid       solver.Grid
	cand       solver.Candidates
	where      [10]cellSet
	pos        [10][27]uint16
	placed     [27]solver.Set // digits already in each unit
	empty      cellSet
	placedAt   [10]cellSet // the cells holding each digit
	emptyCount [27]uint8   // the empty cells of each unit
	oneEmpty   uint32      // the units with one empty cell (bit u)
	// changed has bit u set when a cell of unit u lost a candidate (by
	// eliminate or place) since the engine last counted the unit's places
	// (engine.counts); touched, the same since the engine last numbered
	// the position (engine.advance), and touchedDigits the digits that
	// lost a place.
	changed       uint32
	touched       uint32
	touchedDigits uint16
}

// newState builds the position of board g with candidates c. Candidates
// that conflict with g's digits, and any for filled cells, are dropped, so a
// caller's stale pencil marks cannot make the solver place a digit twice.
func newState(g solver.Grid, c solver.Candidates) state {
	var s state
	s.grid = g
	s.changed = 1<<27 - 1
	allowed := g.Candidates()
	for i := 0; i < 81; i++ {
		if d := g[i]; d != 0 {
			for _, u := range cellUnit[i] {
				s.placed[u] |= 1 << d
			}
			s.placedAt[d&15].add(i)
			continue
		}
		s.empty.add(i)
		for _, u := range cellUnit[i] {
			s.emptyCount[u]++
		}
		cs := c[i] & allowed[i]
		s.cand[i] = cs
		for cs != 0 {
			d := uint8(bits.TrailingZeros16(uint16(cs)))
			cs &= cs - 1
			s.where[d].add(i)
		}
	}
	// The places unit by unit: a unit and a place at a time, where cell
	// by cell each candidate looked its three units up.
	for u := range unitCells {
		for k, i := range unitCells[u] {
			for cs := uint16(s.cand[i]) >> 1; cs != 0; cs &= cs - 1 {
				s.pos[1+bits.TrailingZeros16(cs)&15][u] |= 1 << k
			}
		}
	}
	for u, n := range s.emptyCount {
		if n == 1 {
			s.oneEmpty |= 1 << u
		}
	}
	return s
}

// clear removes candidate d from cell i, which must have it.
func (s *state) clear(i int, d uint8) {
	s.cand[i] &^= 1 << d
	s.where[d].remove(i)
	for k := 0; k < 3; k++ {
		s.pos[d][cellUnit[i][k]] &^= 1 << cellIndex[i][k]
	}
}

// takeIn sets elim[d] to the cells of area that have candidate d, for
// each digit d of ds that has some there, and reports whether any has.
func (s *state) takeIn(elim *[10]cellSet, ds solver.Set, area cellSet) bool {
	found := false
	for x := ds >> 1; x != 0; x &= x - 1 {
		d := 1 + bits.TrailingZeros16(uint16(x))
		if t := s.where[d].and(area); !t.empty() {
			elim[d] = t
			found = true
		}
	}
	return found
}

// eliminate removes candidate d from cell i if it is there.
func (s *state) eliminate(i int, d uint8) {
	if s.cand[i]&(1<<d) != 0 {
		s.clear(i, d)
		s.changed |= cellUnits[i]
		s.touched |= cellUnits[i]
		s.touchedDigits |= 1 << d
	}
}

// place writes d into empty cell i and removes d from the candidates of
// its peers. It reports false, leaving the state broken, when d is not a
// candidate of i (the position had no solution).
func (s *state) place(i int, d uint8) bool {
	if s.grid[i] != 0 || s.cand[i]&(1<<d) == 0 {
		return false
	}
	s.touchedDigits |= uint16(s.cand[i]) | 1<<d
	for cs := s.cand[i]; cs != 0; cs &= cs - 1 {
		s.clear(i, uint8(bits.TrailingZeros16(uint16(cs))))
	}
	s.changed |= cellUnits[i]
	s.touched |= cellUnits[i]
	s.grid[i] = d
	s.empty.remove(i)
	s.placedAt[d].add(i)
	for _, u := range cellUnit[i] {
		s.placed[u] |= 1 << d
		s.emptyCount[u]--
		switch s.emptyCount[u] {
		case 1:
			s.oneEmpty |= 1 << u
		case 0:
			s.oneEmpty &^= 1 << u
		}
	}
	for t := peerSet[i].and(s.where[d]); !t.empty(); {
		j := t.pop()
		s.clear(j, d)
		s.changed |= cellUnits[j]
		s.touched |= cellUnits[j]
	}
	return true
}

// broken reports whether the position has no solution for a reason a
// player sees at once: an empty cell without candidates, or a digit with
// no place left in a unit that still needs it. O(81 + 27·9), branch-free
// over the units.
func (s *state) broken() bool {
	for t := s.empty; !t.empty(); {
		if s.cand[t.pop()] == 0 {
			return true
		}
	}
	for u := 0; u < 27; u++ {
		seen := s.placed[u]
		for _, c := range unitCells[u] {
			seen |= s.cand[c]
		}
		if seen != solver.All {
			return true
		}
	}
	return false
}

// solved reports whether every cell is filled.
func (s *state) solved() bool { return s.empty.empty() }

// unitCellsOf returns the cells of unit u picked by a 9-bit position mask.
func unitCellsOf(u int, mask uint16) cellSet {
	var out cellSet
	for m := mask; m != 0; m &= m - 1 {
		out.add(int(unitCells[u][bits.TrailingZeros16(m)]))
	}
	return out
}

// lowDigit is the smallest digit of a non-empty set.
func lowDigit(s solver.Set) uint8 { return uint8(bits.TrailingZeros16(uint16(s))) }

// highDigit is the largest digit of s (s not empty).
func highDigit(s solver.Set) uint8 { return uint8(15 - bits.LeadingZeros16(uint16(s))) }
