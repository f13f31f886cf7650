package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// The start of SE's path. While a single of 1.5 or less has an instance
// (full house 1.0, hidden single in a box 1.2, in a row or column 1.5),
// SE's step is one, as the rules scoring less come first. These singles
// reach one fixed point whatever their order (a single's instance stays
// until it is made, see singlesFill), so the position where the path's
// first other step comes is the fixed point of all three, and the hardest
// score on the way is the highest of the three rules that placed a digit
// when they are added one at a time: full houses alone to their fixed
// point F0, with box singles to F1, then with all to F2. The first step is
// one of the first stage that placed a digit; the first step of 1.5 comes
// at F1, a column's single if a column has one (SE looks in boxes, then
// columns, then rows).
//
// startPath finds F2 with bit boards, a digit's places a band (three
// rows) a word: a placement costs a few instructions, and a look at all
// of a digit's 27 units a few hundred, without a branch a unit (branches
// that depend on the board are mispredicted often). An easy puzzle's whole
// rating costs a fifth of what setting up the rules' position and the
// first steps did. A placement is made only where its digit is still a
// candidate, so a full board is a solution, and the puzzle's only one:
// each single holds in every solution.

// pathStart is the start of SE's path on a board.
type pathStart struct {
	hardest, first int       // scores: the hardest step's and the first's (0: none)
	tech           Technique // the hardest step's (the first of its score)
	steps          int       // the stages that placed a digit
	left           int       // the empty cells left at F2
}

// bandFill is a position as bit boards: bit 9r+c of p[d][b] is set when
// digit d may go in row 3b+r, column c, if that cell is empty (a filled
// cell keeps the bits of the digits it did not take: p counts with empty).
type bandFill struct {
	p     [10][3]uint32
	empty [3]uint32 // the empty cells
	g     *solver.Grid
	left  int
	seen  [10][3]uint32 // each digit's places (empty cells only) at its last look
}

const (
	bandAll  = 1<<27 - 1
	bandBox0 = 0x1c0e07    // a band's first box
	boxCols  = 0b001001001 // bit 3k: box k of a band (after folding)
	rowField = 0x1ff
)

// bandRow, bandBox and bandCol are the cells of a band's row r, box k and
// column c.
var (
	bandRow = [3]uint32{rowField, rowField << 9, rowField << 18}
	bandBox = [3]uint32{bandBox0, bandBox0 << 3, bandBox0 << 6}
	bandCol [9]uint32
)

func init() {
	for c := range bandCol {
		bandCol[c] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
}

// startPath places the singles of the path's start in g (see above) and
// reports it, leaving in f the bit boards of where it stopped; ok is false
// when two of g's digits conflict (g.Validate says which).
func startPath(g *solver.Grid, f *bandFill) (st pathStart, ok bool) {
	*f = bandFill{g: g, left: 81, empty: [3]uint32{bandAll, bandAll, bandAll}}
	for d := 1; d <= 9; d++ {
		f.p[d] = [3]uint32{bandAll, bandAll, bandAll}
	}
	for i, d := range g {
		if d == 0 {
			continue
		}
		if !f.place(uint(i)/27, uint(i)%27, d) {
			return st, false
		}
	}
	for _, score := range [3]int{10, 12, 15} {
		if f.left == 0 {
			break
		}
		column := score == 15 && f.columnSingle()
		before := f.left
		f.seen = [10][3]uint32{} // a new rule: look again
		for {
			n := f.left
			if score < 15 {
				f.fullHouses(score == 10)
			}
			if score >= 12 {
				for d := uint8(1); d <= 9; d++ {
					f.singles(d, score == 15)
				}
			}
			if f.left == n || f.left == 0 {
				break
			}
		}
		if f.left == before {
			continue
		}
		st.steps++
		st.hardest = score
		if st.first == 0 {
			st.first = score
		}
		switch {
		case score == 10:
			st.tech = FullHouse
		case score == 12:
			st.tech = HiddenSingleBox
		case column:
			st.tech = HiddenSingleColumn
		default:
			st.tech = HiddenSingleRow
		}
	}
	st.left = f.left
	return st, true
}

// place writes d into the cell at bit k of band b, if d may still go
// there, and takes d from the cell's peers. The cell's other digits keep
// it in p: a look takes only the empty cells.
func (f *bandFill) place(b, k uint, d uint8) bool {
	if b >= 3 || k >= 27 || d > 9 {
		return false
	}
	bit := uint32(1) << k
	if (f.p[d][b]&f.empty[b])&bit == 0 {
		return false
	}
	f.g[b*27+k] = d
	c := k % 9
	f.p[d][b] &^= bandRow[k/9] | bandBox[c/3]
	col := bandCol[c]
	f.p[d][0] &^= col
	f.p[d][1] &^= col
	f.p[d][2] &^= col
	f.empty[b] &^= bit
	f.left--
	return true
}

// fold gives, for a band word x, the columns holding a bit in one of its
// rows (once) and in two or more (twice), nine bits each.
func fold(x uint32) (once, twice uint32) {
	r0, r1, r2 := x&rowField, x>>9&rowField, x>>18
	return r0 | r1 | r2, r0&r1 | r0&r2 | r1&r2
}

// boxSingles gives bit 3k for each box k of a band whose places (once and
// twice from fold) are exactly one cell: an odd number of its three
// columns (bits 3k to 3k+2 of once) hold a place, not all three, and none
// two.
func boxSingles(once, twice uint32) uint32 {
	odd := once ^ once>>1 ^ once>>2
	three := once & (once >> 1) & (once >> 2)
	two := twice | twice>>1 | twice>>2
	return odd &^ three &^ two & boxCols
}

// singles places digit d where it has one place in a box, and with lines
// in a row or a column, until it has no more; a digit whose places did not
// change since its last look has none.
func (f *bandFill) singles(d uint8, lines bool) {
	if d > 9 {
		return
	}
	for {
		p := [3]uint32{f.p[d][0] & f.empty[0], f.p[d][1] & f.empty[1], f.p[d][2] & f.empty[2]}
		if p == f.seen[d] {
			return // nothing new since the last look, which placed all it found
		}
		f.seen[d] = p
		f.look(p, d, lines)
	}
}

// look places d at its singles in p, its places, as they are in p.
func (f *bandFill) look(p [3]uint32, d uint8, lines bool) {
	// The cells that are their box's only place (*7: the boxes' columns).
	once0, twice0 := fold(p[0])
	once1, twice1 := fold(p[1])
	once2, twice2 := fold(p[2])
	f0 := p[0] & spread(boxSingles(once0, twice0)*7)
	f1 := p[1] & spread(boxSingles(once1, twice1)*7)
	f2 := p[2] & spread(boxSingles(once2, twice2)*7)
	if lines {
		f0 |= rowSingleCells(p[0])
		f1 |= rowSingleCells(p[1])
		f2 |= rowSingleCells(p[2])
		// The columns with one place: once in one band, in no other,
		// and twice in none.
		one := once0 ^ once1 ^ once2
		two := once0&once1 | once0&once2 | once1&once2 | twice0 | twice1 | twice2
		cols := spread(one &^ two)
		f0 |= p[0] & cols
		f1 |= p[1] & cols
		f2 |= p[2] & cols
	}
	for s := f0; s != 0; s &= s - 1 {
		f.place(0, uint(bits.TrailingZeros32(s)), d)
	}
	for s := f1; s != 0; s &= s - 1 {
		f.place(1, uint(bits.TrailingZeros32(s)), d)
	}
	for s := f2; s != 0; s &= s - 1 {
		f.place(2, uint(bits.TrailingZeros32(s)), d)
	}
}

// rowSingleCells gives the cells of band x that are its only place in
// their row. Each row is a 16-bit lane with its top bit set: less one, it
// loses its lowest bit without a borrow from the next lane.
func rowSingleCells(x uint32) uint32 {
	v := uint64(x&rowField) | uint64(x>>9&rowField)<<16 | uint64(x>>18)<<32
	some := (v | laneTop) - laneOne
	more := (v&some | laneTop) - laneOne
	rows := v & ((some &^ more & laneTop >> 15) * rowField)
	return uint32(rows)&rowField | uint32(rows>>16)<<9 | uint32(rows>>32)<<18
}

const (
	laneOne = 1 | 1<<16 | 1<<32
	laneTop = laneOne << 15
)

// fullHouses places the last empty cell of each row and column, and with
// boxes of each box, as of the look.
func (f *bandFill) fullHouses(boxes bool) {
	var ones, twos uint32 // columns over the bands
	var last [3]uint32    // the cells found, by band
	for b := range last {
		x := f.empty[b]
		if boxes {
			for k := uint(0); k < 9; k += 3 {
				if m := x & (bandBox0 << k); m != 0 && m&(m-1) == 0 {
					last[b] |= m
				}
			}
		}
		for k := uint(0); k < 27; k += 9 {
			if m := x & (rowField << k); m != 0 && m&(m-1) == 0 {
				last[b] |= m
			}
		}
		once, twice := fold(x)
		twos |= twice | ones&once
		ones |= once
	}
	if s := ones &^ twos; s != 0 {
		for b := range last {
			last[b] |= f.empty[b] & spread(s)
		}
	}
	for b := range last {
		for s := last[b]; s != 0; s &= s - 1 {
			k := uint(bits.TrailingZeros32(s))
			for d := uint8(1); d <= 9; d++ {
				if f.p[d][b]>>k&1 != 0 {
					f.place(uint(b), k, d)
					break
				}
			}
		}
	}
}

// spread gives the cells of a band in the columns of cols (bit c for
// column c).
func spread(cols uint32) uint32 {
	return cols | cols<<9 | cols<<18
}

// columnSingle reports whether a digit has one place in some column.
func (f *bandFill) columnSingle() bool {
	for d := 1; d <= 9; d++ {
		var ones, twos uint32
		for b := 0; b < 3; b++ {
			once, twice := fold(f.p[d][b] & f.empty[b])
			twos |= twice | ones&once
			ones |= once
		}
		if ones&^twos != 0 {
			return true
		}
	}
	return false
}

// nakedSingles places each empty cell's digit where it has one, as of the
// look.
func (f *bandFill) nakedSingles() {
	for b := uint(0); b < 3; b++ {
		var ones, twos uint32
		for d := 1; d <= 9; d++ {
			x := f.p[d][b]
			twos |= ones & x
			ones |= x
		}
		for s := ones &^ twos & f.empty[b]; s != 0; s &= s - 1 {
			k := uint(bits.TrailingZeros32(s))
			for d := uint8(1); d <= 9; d++ {
				if f.p[d][b]>>k&1 != 0 {
					f.place(b, k, d)
					break
				}
			}
		}
	}
}

// pointing takes out, for each box and digit whose places there lie in
// one row or column, the digit from the rest of that line; it reports
// whether it took any.
func (f *bandFill) pointing() bool {
	took := false
	for d := 1; d <= 9; d++ {
		for b := range f.empty {
			x := f.p[d][b] & f.empty[b]
			r0, r1, r2 := x&rowField, x>>9&rowField, x>>18
			// Bit 3k of gi: row i has a place in box k.
			g0 := (r0 | r0>>1 | r0>>2) & boxCols
			g1 := (r1 | r1>>1 | r1>>2) & boxCols
			g2 := (r2 | r2>>1 | r2>>2) & boxCols
			for s := (g0 ^ g1 ^ g2) &^ (g0 & g1 & g2); s != 0; s &= s - 1 {
				k := bits.TrailingZeros32(s)
				row := bandRow[2]
				if g0>>k&1 != 0 {
					row = bandRow[0]
				} else if g1>>k&1 != 0 {
					row = bandRow[1]
				}
				if out := row &^ bandBox[k/3%3]; x&out != 0 {
					f.p[d][b] &^= out
					x &^= out
					took = true
				}
			}
			// Boxes whose places lie in one column: one of its three
			// columns of once.
			once := r0 | r1 | r2
			odd := once ^ once>>1 ^ once>>2
			three := once & (once >> 1) & (once >> 2)
			for s := (odd &^ three) & boxCols; s != 0; s &= s - 1 {
				k := bits.TrailingZeros32(s)
				col := bandCol[bits.TrailingZeros32(once>>k&7)+k]
				for o := range f.empty {
					if o != b && f.p[d][o]&f.empty[o]&col != 0 {
						f.p[d][o] &^= col
						took = true
					}
				}
			}
		}
	}
	return took
}

// newStateBands builds the position of board g from f, its bit boards
// (startPath's), as newState(g, g.Candidates()) does from g alone, a unit
// a few bit operations where newState goes cell by cell.
func newStateBands(g solver.Grid, f *bandFill) state {
	var s state
	s.grid = g
	s.changed = 1<<27 - 1
	e := f.empty
	s.empty = cellSet{uint64(e[0]) | uint64(e[1])<<27, uint64(e[2])}
	for u, m := range unitMasks(e) {
		s.emptyCount[u] = uint8(bits.OnesCount16(m))
		if s.emptyCount[u] == 1 {
			s.oneEmpty |= 1 << u
		}
	}
	for i, d := range g {
		if d != 0 {
			u := &cellUnit[i]
			s.placed[u[0]] |= 1 << d
			s.placed[u[1]] |= 1 << d
			s.placed[u[2]] |= 1 << d
			s.placedAt[d&15].add(i)
		}
	}
	for d := 1; d <= 9; d++ {
		x := [3]uint32{f.p[d][0] & e[0], f.p[d][1] & e[1], f.p[d][2] & e[2]}
		s.where[d] = cellSet{uint64(x[0]) | uint64(x[1])<<27, uint64(x[2])}
		for b, t := range x {
			for ; t != 0; t &= t - 1 {
				s.cand[27*b+bits.TrailingZeros32(t)] |= 1 << d
			}
		}
		s.pos[d] = unitMasks(x)
	}
	return s
}

// unitMasks gives, for cells x as bands, each unit's as nine bits (bit k
// for its k-th cell in reading order, as state.pos).
func unitMasks(x [3]uint32) (m [27]uint16) {
	// The columns: row r's bits spread to bit 9c+r, columns 0-6 in lo and
	// 7-8 in hi.
	var lo, hi uint64
	for b, w := range x {
		for r := 0; r < 3; r++ {
			row := w >> (9 * r) & rowField
			m[3*b+r] = uint16(row)
			lo |= spreadLo[row] << (3*b + r)
			hi |= spreadHi[row] << (3*b + r)
		}
		m[18+3*b] = uint16(w&7 | w>>9&7<<3 | w>>18&7<<6)
		m[19+3*b] = uint16(w>>3&7 | w>>12&7<<3 | w>>21&7<<6)
		m[20+3*b] = uint16(w>>6&7 | w>>15&7<<3 | w>>24&7<<6)
	}
	for c := 0; c < 7; c++ {
		m[9+c] = uint16(lo >> (9 * c) & rowField)
	}
	m[16] = uint16(hi & rowField)
	m[17] = uint16(hi >> 9 & rowField)
	return m
}

// spreadLo and spreadHi move a row's bit c (nine bits) to bit 9c, columns
// 0-6 in spreadLo and 7-8 (from bit 0) in spreadHi.
var spreadLo, spreadHi [512]uint64

func init() {
	for row := range spreadLo {
		for c := 0; c < 9; c++ {
			if row>>c&1 == 0 {
				continue
			}
			if c < 7 {
				spreadLo[row] |= 1 << (9 * c)
			} else {
				spreadHi[row] |= 1 << (9 * (c - 7))
			}
		}
	}
}

// settled reports whether hidden and naked singles, pointing and claiming
// fill the board from the engine's position (the fast solver's
// propagation, e.settle, going on from its last position), given to it as
// bands.
func (e *engine) settled() bool {
	s := &e.s
	var q [3][9]uint32
	for d := 1; d <= 9; d++ {
		w := bandsOf(s.where[d].or(s.placedAt[d]))
		q[0][d-1], q[1][d-1], q[2][d-1] = w[0], w[1], w[2]
	}
	return e.settle.SolveBands(&q, bandsOf(s.empty))
}
