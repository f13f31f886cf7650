package solver

// The fast solver keeps, for each digit and each band (three rows), the set
// of cells of the band where the digit may still go: 27 bits, bit 9·r+c for
// row r of the band and column c. A cell's index on the board is then
// 27·band + bit. All the logic works on these words a band or a digit at a
// time, so one machine operation handles up to 27 cells:
//
//   - Within a band, a digit takes one cell in each of the three rows and
//     one in each of the three boxes: its minirows (a row's three cells in
//     one box) form one of the six 3×3 permutation patterns. A table maps
//     the band's nine-bit minirow occupancy to the union of the patterns
//     that still fit, which gives hidden singles in rows and boxes and the
//     row/box locked candidates (pointing and claiming) in one lookup.
//   - Across bands, the same holds for a stack (three boxes in a column):
//     a digit takes one cell in each of its three columns and boxes, so
//     its minicolumns (a column's three cells in one box) form one of six
//     patterns as well. One lookup a stack filters them: a box whose digit
//     is confined to one column claims that column in the other bands, a
//     column whose digit is confined to one band confines the digit of
//     its box to that column (the column/box locked candidates, and with
//     them hidden singles in columns), and the rest that the patterns
//     rule out.
//   - A row left with one cell for a digit places the digit there; the cell
//     is then taken from the other eight digits.
//   - Naked singles come from counting, bit parallel over the nine digits,
//     how many digits each cell of a band still allows.
//   - Triads (a row's or a column's three cells in one box): a triad into
//     which three digits are each confined within their box holds only
//     them, and a triad that only three digits can occupy holds them all
//     (hidden and naked triples; tdoku's triad rules). They run once a
//     node, after the rules above reach their fixed point, from the
//     minirow and column sets that the digit updates leave behind.
//
// When nothing more follows, the search branches as tdoku does: on the band
// or stack (three boxes in a row or a column) with the fewest digit
// configurations left (a digit's configuration is which minirow, or
// minicolumn, of each of the three boxes holds it: one of six), on a digit
// with two configurations there. One branch fixes that digit across three
// boxes; the first is tried on a copy of the state, the second then
// follows in place. A state is a few hundred bytes and lives on the
// goroutine stack: a puzzle costs no heap allocation.
//
// Cost, counting up to two solutions on one core of the CI machine: see
// README, Performance; under half a millisecond for every puzzle of the
// shared datasets.

import (
	"context"
	"encoding/binary"
	"math/bits"
	"unsafe"
)

const (
	bandAll = 1<<27 - 1 // every cell of a band
	// allDirty has every band of every digit to update (fastState.dirty).
	allDirty = 0o7 * 0x111111111
	rowAll   = 1<<9 - 1 // every cell of the band's first row
	// spread copies a nine-bit column set onto the three rows of a band.
	spread = 1 | 1<<9 | 1<<18
)

// fastState is the search state of the fast solver.
type fastState struct {
	// cand[b][d]: cells of band b where digit d+1 may go. cand[b][9] is
	// always 0: a band's ten words, 8-byte aligned (cand comes first and
	// the state holds 64-bit words), are also five 64-bit words of two
	// digits each (pairs), through which takeCells and nakedSingles
	// handle two digits an operation.
	cand [3][10]uint32
	// unplaced[d] has bit 9·r+b set while row r of band b has no cell
	// fixed for digit d+1: a band's rows, shifted down by b, line up with
	// its cells' rows (spread).
	unplaced [9]uint32
	// dirty has bit 4·d+b set when cand[b][d] changed since digit d+1 was
	// last updated: the next digit to update is the lowest bit's nibble,
	// with no folding of bands.
	dirty uint64
	// touched has bit b set when band b changed since nakedSingles last
	// looked at it, and bit 3+b when it changed since triads last did: a
	// band that did not change has nothing new for either.
	touched uint32
	open    [3]uint32 // cells without a digit fixed, per band
	// minirows[b][d] holds the minirows of band b (bit 3·r+k for row r
	// and box k), and nine bits up those that are the only one of their
	// box, and columns[d] the columns where digit d+1 may still go,
	// those of band b at bits 9·b to 9·b+8, as the latest update of the
	// digit left them: up to date after propagate. The triad rule and the
	// choice of a guess read them.
	minirows [3][9]uint32
	columns  [9]uint32
	// configs[d] holds, a byte each, the number of configurations left to
	// digit d+1 in bands 0-2 (bytes 0-2) and stacks 0-2 (bytes 3-5), as
	// bandGuess last counted them, and configTotal their sums over the
	// digits; stale has bit d set when digit d+1 was updated since
	// (bandGuess counts those again).
	configs     [9]uint64
	configTotal uint64
	stale       uint32
}

// Tables, filled by init: about 6 KB, all read only.
var (
	// minirowsOfRow[x] has bit k set when the row cells x (nine bits) meet
	// box k.
	minirowsOfRow [512]uint8
	// fitPatterns[minirowsByBox(a)] is, for the band cells a, the cells of
	// the minirows used by some permutation pattern inside a's minirows;
	// 0 when none fits. Bits 32-40 hold the minirows of those patterns,
	// bit 3·r+k for row r and box k, and bits 41-49 those of them that
	// are the only one of their box (fastState.minirows).
	fitPatterns [512]uint64
	// soleColumns[c] holds the columns of the column set c that are the only
	// one of their box in c.
	soleColumns [512]uint16
	// bandPeers[i] holds the cells of the band that share a row, column or
	// box with cell bit i; columnOf[i] the cells of its column. Sized 32 so
	// that an index masked to five bits needs no bounds check.
	bandPeers, columnOf [32]uint32
	// givenPeers[i] is, for a given at cell bit i of a band, bandPeers[i]
	// with the cell's own bit 32 places up; givenLines[b][i], for a given
	// at cell bit i of band b, columnOf[i] with its row's bit in
	// fastState.unplaced 32 places up (init).
	givenPeers [27]uint64
	givenLines [3][27]uint64
	// patternCount[m] is the number of permutation patterns inside the
	// minirow occupancy m; firstPattern[m] and lastPattern[m] are the
	// first and the last of them (as minirow sets), 0 when none fits.
	patternCount              [512]uint8
	firstPattern, lastPattern [512]uint16
	// minirowCells[p] are the band cells of the minirows in the set p.
	minirowCells [512]uint32
	// boxCells[k] are the band cells of the boxes in the three-bit set k.
	boxCells = [8]uint32{0, 0o7007007, 0o70070070, 0o77077077, 0o700700700, 0o707707707, 0o770770770, 0o777777777}
	// columnTriads[c] is the column set c with, nine bits up, the columns
	// that are the only one of their box in c (as fastState.minirows
	// holds minirows).
	columnTriads [512]uint32
	// stackFit[m] is, for the minicolumn occupancy m of a digit in a stack
	// (bit 3·b+j for column j of the stack in band b), the minicolumns of
	// the permutation patterns inside m, laid out as fastState.columns
	// lays out the first stack (bit 9·b+j); 0 when none fits.
	stackFit [512]uint32
)

func init() {
	for x := 0; x < 512; x++ {
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				minirowsOfRow[x] |= 1 << k
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := 0; m < 512; m++ {
		var keep uint32
		for _, p := range perms {
			pat := 1<<p[0] | 1<<(3+p[1]) | 1<<(6+p[2])
			if m&pat == pat {
				keep |= uint32(pat)
				if patternCount[m] == 0 {
					firstPattern[m] = uint16(pat)
				}
				lastPattern[m] = uint16(pat)
				patternCount[m]++
			}
		}
		var cells uint32
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if keep&(1<<(3*r+k)) != 0 {
					cells |= 7 << (9*r + 3*k)
				}
			}
		}
		fitPatterns[transpose3(m)] = uint64(cells) | uint64(keep)<<32 | uint64(soleMinirows(keep))<<41
		for b := 0; b < 3; b++ {
			stackFit[m] |= keep >> (3 * b) & 7 << (9 * b)
		}
		var all uint32
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if m&(1<<(3*r+k)) != 0 {
					all |= 7 << (9*r + 3*k)
				}
			}
		}
		minirowCells[m] = all
	}
	for i := 0; i < 27; i++ {
		r, c := i/9, i%9
		box := uint32(7|7<<9|7<<18) << (3 * (c / 3))
		bandPeers[i] = (rowAll<<(9*r) | box | spread<<c) &^ (1 << i)
		columnOf[i] = spread << c
		givenPeers[i] = uint64(bandPeers[i]) | 1<<(32+i)
		for b := 0; b < 3; b++ {
			givenLines[b][i] = uint64(columnOf[i]) | 1<<(32+9*r+b)
		}
	}
	for c := 0; c < 512; c++ {
		var sole uint16
		for k := 0; k < 3; k++ {
			g := c >> (3 * k) & 7
			if g != 0 && g&(g-1) == 0 {
				sole |= uint16(g) << (3 * k)
			}
		}
		soleColumns[c] = sole
		columnTriads[c] = uint32(c) | uint32(sole)<<9
	}
}

// soleMinirows returns the minirows of the set m that are the only one of
// their box in m.
func soleMinirows(m uint32) uint32 {
	var sole uint32
	for k := 0; k < 3; k++ {
		g := m & (1<<k | 1<<(3+k) | 1<<(6+k))
		if g != 0 && g&(g-1) == 0 {
			sole |= g
		}
	}
	return sole
}

// patterns applies the row/box permutation filter to a band's cells a, and
// returns the minirows left with, nine bits up, those that are the only
// one of their box (fastState.minirows).
func patterns(a uint32) (uint32, uint32) {
	f := fitPatterns[minirowsByBox(a)&511]
	return a & uint32(f), uint32(f>>32) & (1<<18 - 1)
}

// columns returns the nine-bit set of columns that the band cells a meet.
func columns(a uint32) uint32 { return (a | a>>9 | a>>18) & rowAll }

// rowMask returns the cells of the rows of a band that the cells x meet.
func rowMask(x uint32) uint32 {
	// (v + rowAll) >> 9 is 1 exactly when the nine-bit v is not zero.
	r0 := ((x & rowAll) + rowAll) >> 9
	r1 := ((x >> 9 & rowAll) + rowAll) >> 9
	r2 := ((x >> 18) + rowAll) >> 9
	return (r0 | r1<<9 | r2<<18) * rowAll
}

// init sets up the zero state s for the givens of g: each digit leaves the
// rows, columns and boxes of its givens (so that the first update of a
// digit usually finds them done), and the rows of the givens start out
// placed. It reports false for a board it can tell at once is broken (a
// value above 9). Other conflicts among the givens come out of the first
// propagation.
//
// The blanks are found eight cells at a time (a bit per nonzero byte of a
// 64-bit word), and only the givens are visited one by one, each with four
// table-driven updates: the work follows the number of givens, not of
// cells.
func (s *fastState) init(g *Grid) bool {
	// Per band and digit: the givens' rows and boxes in the band (bits
	// 0-26) and the givens themselves (32-58). Per digit: the givens'
	// columns, in every row of a band (bits 0-26), and their rows, bit
	// 9·r+b for row r of band b (32-58).
	var peers [3][16]uint64
	var lines [16]uint64
	var filled [3]uint32
	var bad uint64
	for b := 0; b < 3; b++ {
		cells := g[27*b : 27*b+27]
		// Bytes 0-7, 8-15, 16-23 and 19-26 of the band (the last two
		// overlap, which changes nothing in an or).
		w0 := binary.LittleEndian.Uint64(cells[0:8])
		w1 := binary.LittleEndian.Uint64(cells[8:16])
		w2 := binary.LittleEndian.Uint64(cells[16:24])
		w3 := binary.LittleEndian.Uint64(cells[19:27])
		bad |= tooBig(w0) | tooBig(w1) | tooBig(w2) | tooBig(w3)
		filled[b] = nonzeroBytes(w0) | nonzeroBytes(w1)<<8 | nonzeroBytes(w2)<<16 | nonzeroBytes(w3)<<19
	}
	if bad != 0 {
		return false
	}
	// The givens in a loop of their own: with the blanks' search in it,
	// its constants and words took the registers and the givens' updates
	// went through the stack. Two table words a given.
	for b := 0; b < 3; b++ {
		cells := g[27*b : 27*b+27]
		pb, lb := &peers[b], &givenLines[b]
		for x := filled[b]; x != 0; x &= x - 1 {
			i := bits.TrailingZeros32(x) & 31
			d := (cells[i] - 1) & 15 // 0-8: no value is above 9
			pb[d] |= givenPeers[i]
			lines[d] |= lb[i]
		}
	}
	for d := 0; d < 9; d++ {
		cols := uint32(lines[d])
		p0, p1, p2 := peers[0][d], peers[1][d], peers[2][d]
		s.cand[0][d] = bandAll&^filled[0]&^(uint32(p0)|cols) | uint32(p0>>32)
		s.cand[1][d] = bandAll&^filled[1]&^(uint32(p1)|cols) | uint32(p1>>32)
		s.cand[2][d] = bandAll&^filled[2]&^(uint32(p2)|cols) | uint32(p2>>32)
		// A given's row is placed: its cell is no other digit's already.
		s.unplaced[d] = 7 * spread &^ uint32(lines[d]>>32)
	}
	s.open = [3]uint32{bandAll &^ filled[0], bandAll &^ filled[1], bandAll &^ filled[2]}
	s.dirty = allDirty
	s.touched = 0o77
	s.stale = rowAll
	return true
}

// nonzeroBytes returns a bit for each nonzero byte of w, byte k at bit k.
func nonzeroBytes(w uint64) uint32 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := ((w & low7) + low7 | w) & high // the high bit of each nonzero byte
	return uint32((t >> 7) * 0x0102040810204080 >> 56)
}

// tooBig is nonzero when a byte of w is above 9.
func tooBig(w uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	return ((w & low7) + 0x7676767676767676 | w) & high
}

// singleRows returns the rows in which the band cells a hold exactly one
// cell, as the first cells of those rows (bit 9·r for row r). Every row
// must hold at least one, as after patterns: then subtracting one from
// each row at once borrows within the row only, and a & (a - 1) clears
// each row's lowest cell. Branch free, all rows at once: a row's low
// eight bits plus eight ones carry into its ninth bit exactly when they
// are not all zero, and no sum leaves its row.
func singleRows(a uint32) uint32 {
	const low, high = 0xff * spread, 0x100 * spread
	rest := a & (a - spread)
	return ((rest&low+low|rest)&high ^ high) >> 8
}

// takeCells marks the cells placed of band b as holding digit d: they are
// no longer open, and the other digits lose them. It returns the dirty
// bits (fastState.dirty) of the digits that lost cells, for propagate to
// add. Unrolled and branch free: it runs for nearly every update, and
// which digits it hits is unpredictable. The cells are open: a row is
// placed once, and the rows of the givens start out placed.
func (s *fastState) takeCells(d, b int, placed uint32) uint64 {
	band := s.pairs(b)
	p := uint64(placed) * (1 | 1<<32)
	// Each word's two carries, at bits 27-k and 59-k for word k, side by
	// side; pairDirty turns them into the digits' dirty bits.
	h := drop(&band[0], p) | drop(&band[1], p)>>1 | drop(&band[2], p)>>2 |
		drop(&band[3], p)>>3 | drop(&band[4], p)>>4
	hit := pairDirty[0][h>>23&31] | pairDirty[1][h>>55&31]
	s.cand[b][d] |= placed
	s.open[b] &^= placed
	return hit &^ (1 << (4 * d)) << b
}

// drop removes the cells p (a band's cells in both halves) from the two
// digits' words *x, and returns bit 27 set if the low half held any, bit
// 59 if the high half did: each half has 27 bits, and adding 27 ones to
// it carries into its bit 27 exactly when it is not 0.
func drop(x *uint64, p uint64) uint64 {
	t := *x & p
	*x ^= t
	return (t + (bandAll | bandAll<<32)) & (1<<27 | 1<<59)
}

// pairs returns band b's candidate words as five 64-bit words of two
// digits each: digits 2k and 2k+1 in word k, in the order of the
// machine's byte order (pairDirty allows for either).
func (s *fastState) pairs(b int) *[5]uint64 {
	return (*[5]uint64)(unsafe.Pointer(&s.cand[b]))
}

// pairDirty[h][m] holds fastState.dirty's bits (4·d, band 0) of the
// digits in half h (0: bits 0-31, 1: bits 32-63) of the pair words k of
// the five-bit set m, word k at bit 4-k.
var pairDirty = func() (t [2][32]uint64) {
	var x [2]uint32
	x[0] = 1
	little := (*(*uint64)(unsafe.Pointer(&x)))&1 == 1 // digit 2k in the low half
	for m := 0; m < 32; m++ {
		for k := 0; k < 5; k++ {
			if m>>(4-k)&1 == 0 {
				continue
			}
			lo, hi := 2*k, 2*k+1
			if !little {
				lo, hi = hi, lo
			}
			if lo < 9 {
				t[0][m] |= 1 << (4 * lo)
			}
			if hi < 9 {
				t[1][m] |= 1 << (4 * hi)
			}
		}
	}
	return t
}()

// propagate draws every consequence the solver knows from the state: it
// updates changed digits until none is left, then looks for naked singles,
// and repeats while those find any. It returns false on a contradiction.
// About ten digit updates per guess on hard puzzles.
//
// The digit update is written out in the loop, not called: its call's
// entry and exit cost more than its tests. propagate itself is never
// inlined: inlined into branch (as profile-guided optimization chose to),
// it left branch too big for takeCells to be inlined into it.
//
//go:noinline
func (s *fastState) propagate() bool {
	for {
		// s.dirty in a register while digits are updated: through memory,
		// each update's read waited on the last one's write (serg 1.5 %
		// faster on an Intel Xeon). Written back before anything reads it.
		dirty := s.dirty
	update:
		for dirty != 0 {
			d := bits.TrailingZeros64(dirty) >> 2 & 15 // & 15: shifts without overflow checks
			todo := uint32(dirty>>(4*d)) & 7
			dirty &^= 15 << (4 * d)
			// The update of digit d: the band and column logic applied
			// until it yields nothing new, then the digit placed in every
			// row left with one cell. The bands to filter first are todo's
			// bits 0, 1 and 2. A pass is a few dozen operations and table
			// lookups; most updates take one or two passes.
			a0, a1, a2 := s.cand[0][d], s.cand[1][d], s.cand[2][d]
			// The column sets the cells a0-a2 satisfy the column rules for: those
			// of the latest update, which left the digit at its fixed point.
			cols := s.columns[d]
			changed := todo // the bands whose cells changed
			for {
				// The pattern filter is idempotent: only changed bands need it,
				// and only their columns can differ from cols.
				var m uint32
				w := cols
				if todo&1 != 0 {
					if a0, m = patterns(a0); a0 == 0 {
						s.dirty = dirty
						return false
					}
					s.minirows[0][d] = m
					w = w&^rowAll | columns(a0)
				}
				if todo&2 != 0 {
					if a1, m = patterns(a1); a1 == 0 {
						s.dirty = dirty
						return false
					}
					s.minirows[1][d] = m
					w = w&^(rowAll<<9) | columns(a1)<<9
				}
				if todo&4 != 0 {
					if a2, m = patterns(a2); a2 == 0 {
						s.dirty = dirty
						return false
					}
					s.minirows[2][d] = m
					w = w&(rowAll|rowAll<<9) | columns(a2)<<18
				}
				if w == cols {
					// Same columns, same rules: the cells, a subset of those
					// that satisfied them, satisfy them still.
					break
				}
				// In each stack the digit's minicolumns form a permutation
				// pattern too (one column a box, one box a column): the same
				// filter, on the stack's nine minicolumns.
				cols = stackFit[stack(w, 0)] | stackFit[stack(w, 1)]<<3 | stackFit[stack(w, 2)]<<6
				if cols == w {
					break
				}
				// A stack where no pattern fits loses every cell: the band
				// patterns then fail.
				n0 := a0 & (cols & rowAll * spread)
				n1 := a1 & (cols >> 9 & rowAll * spread)
				n2 := a2 & (cols >> 18 * spread)
				todo = 0
				if n0 != a0 {
					a0, todo = n0, 1
				}
				if n1 != a1 {
					a1, todo = n1, todo|2
				}
				if n2 != a2 {
					a2, todo = n2, todo|4
				}
				if todo == 0 {
					break
				}
				changed |= todo
			}
			s.touched |= changed | changed<<3
			s.cand[0][d], s.cand[1][d], s.cand[2][d] = a0, a1, a2
			s.stale |= 1 << d
			s.columns[d] = cols
			left := s.unplaced[d]
			if left == 0 {
				continue update
			}
			// A row of a band that did not change was not single before either.
			var single uint32
			if changed&1 != 0 {
				single = singleRows(a0)
			}
			if changed&2 != 0 {
				single |= singleRows(a1) << 1
			}
			if changed&4 != 0 {
				single |= singleRows(a2) << 2
			}
			if single &= left; single == 0 {
				continue update
			}
			s.unplaced[d] = left &^ single
			if r := single & spread; r != 0 {
				dirty |= s.takeCells(d, 0, a0&(r*rowAll))
			}
			if r := single >> 1 & spread; r != 0 {
				dirty |= s.takeCells(d, 1, a1&(r*rowAll))
			}
			if r := single >> 2 & spread; r != 0 {
				dirty |= s.takeCells(d, 2, a2&(r*rowAll))
			}
		}
		s.dirty = dirty
		found, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if !found {
			return true
		}
	}
}

// nakedSingles fixes the digit of every open cell left with one candidate.
// It reports whether it found any, and false for ok on a cell without
// candidates or two cells of a row left with the same single digit. One
// pass of nine words per band.
func (s *fastState) nakedSingles() (found, ok bool) {
	touched := s.touched
	s.touched &^= 7
	for b := 0; b < 3; b++ {
		open := s.open[b]
		if open == 0 || touched&(1<<b) == 0 {
			continue
		}
		band := &s.cand[b]
		// Two digits a word, unrolled, then the halves together.
		w := s.pairs(b)
		one, two := w[0], uint64(0)
		one, two = one|w[1], two|one&w[1]
		one, two = one|w[2], two|one&w[2]
		one, two = one|w[3], two|one&w[3]
		one, two = one|w[4], two|one&w[4]
		lo, hi := uint32(one), uint32(one>>32)
		one32, two32 := lo|hi, uint32(two)|uint32(two>>32)|lo&hi
		if open&^one32 != 0 {
			return false, false
		}
		singles := open &^ two32
		if singles == 0 {
			continue
		}
		found = true
		for d, x := range band[:9] {
			x &= singles
			if x == 0 {
				continue
			}
			if x&(x-1) != 0 && !oneCellPerRow(x) {
				return false, false
			}
			band[d] = band[d]&^rowMask(x) | x
			s.dirty |= 1 << (4*d + b)
		}
	}
	return found, true
}

// oneCellPerRow reports whether the band cells x hold at most one cell in
// each row.
func oneCellPerRow(x uint32) bool {
	for r := 0; r < 3; r++ {
		v := x >> (9 * r) & rowAll
		if v&(v-1) != 0 {
			return false
		}
	}
	return true
}

// solved reports whether every cell has its digit. Only meaningful after a
// successful propagate.
func (s *fastState) solved() bool { return s.open[0]|s.open[1]|s.open[2] == 0 }

// openCells returns the number of cells without a digit fixed.
func (s *fastState) openCells() int {
	return bits.OnesCount64(uint64(s.open[0])|uint64(s.open[1])<<32) + bits.OnesCount32(s.open[2])
}

// triadNodeOpen is the fewest open cells a node needs for the triad rule:
// with fewer, the rule seldom finds anything. On serg's puzzles, which
// have many solutions, 1 call in 14 takes a candidate at 30-44 open cells
// (forum hardest: 1 in 5); from 30 to 40 saved 2 % of serg's instructions
// and cost none elsewhere (README, Performance).
const triadNodeOpen = 40

// triadBandOpen is the fewest open cells a band needs for the triad rule
// (see triads).
const triadBandOpen = 12

// guess chooses the branch point: as tdoku does, a digit with two
// configurations left in the band or stack with the fewest (bandGuess),
// else (rarely) a cell (cellGuess). It returns the digit, and writes into
// first and second the cells it keeps in each band on the first and on
// the second alternative (through pointers: as results, the two arrays
// went through the stack twice); pair reports whether the second is a
// single alternative, as the other digit of a two-candidate cell is.
//
// With cellsOnly it always takes a cell, as the fast solver did before it
// branched on bands: SolveFast keeps that order (see there).
func (s *fastState) guess(cellsOnly bool, first, second *[3]uint32) (d int, pair bool) {
	if !cellsOnly {
		if d, ok := s.bandGuess(first, second); ok {
			return d, true
		}
	}
	b, bit, d, pair := s.cellGuess()
	*first = [3]uint32{bandAll, bandAll, bandAll}
	*second = *first
	first[b] = bandAll&^rowMask(bit) | bit
	second[b] = bandAll &^ bit
	return d, pair
}

// cellGuess chooses a cell to branch on and the first digit to try there.
// It returns the band, the cell's bit and the digit, and whether the cell
// has exactly two candidates.
//
// The cell is one with two candidates, if any, and among those the one
// with the most open peers: its digit prunes the most. On the hard sets
// this needs a third to two fifths fewer guesses than taking the first
// such cell, for two popcounts per candidate cell. Without a two-candidate
// cell (rare) it takes the first open cell.
func (s *fastState) cellGuess() (b int, bit uint32, d int, pair bool) {
	var pairs [3]uint32
	for b := 0; b < 3; b++ {
		open := s.open[b]
		if open == 0 {
			continue
		}
		var one, two, three uint32
		for _, x := range s.cand[b][:9] {
			three |= two & x
			two |= one & x
			one |= x
		}
		pairs[b] = open & two &^ three
	}
	if pairs[0]|pairs[1]|pairs[2] != 0 {
		pair = true
		best := -1
		for pb := 0; pb < 3; pb++ {
			own, o1, o2 := s.open[pb], s.open[0], s.open[1]
			switch pb {
			case 0:
				o1, o2 = s.open[1], s.open[2]
			case 1:
				o2 = s.open[2]
			}
			for p := pairs[pb]; p != 0; p &= p - 1 {
				i := bits.TrailingZeros32(p) & 31
				// The open peers in the band, and above them those of the
				// other two bands, cut to the cell's column and set side by
				// side (shifted by one column, they cannot overlap).
				col := columnOf[i]
				n := bits.OnesCount64(uint64(own&bandPeers[i]) | uint64(o1&col|(o2&col)<<1)<<32)
				if n > best {
					best, b, bit = n, pb, p&-p
				}
			}
		}
	} else {
		for b = 0; s.open[b] == 0; b++ {
		}
		bit = s.open[b] & -s.open[b]
	}
	for d = 0; d < 9; d++ {
		if s.cand[b][d]&bit != 0 {
			break
		}
	}
	return b, bit, d, pair
}

// triads applies the rules of minirows and minicolumns (triads: a row's or
// a column's three cells in one box), as tdoku does: a triad into which
// three digits are each confined within their box holds only them (a
// hidden triple), and a triad that only three digits can occupy holds each
// of them, which takes them from the rest of its box (a naked triple). It
// reports whether it changed anything, and false for ok on a
// contradiction: a triad that fewer than three digits can occupy, or four
// confined to it. The hidden rule saves a quarter of the guesses on the
// hard sets; the naked one 1-4 % more.
func (s *fastState) triads() (changed, ok bool) {
	// Bands with fewer open cells than triadOpen are left out: the rule
	// seldom finds anything there (9 rather than none saved 4 % of serg's
	// instructions, 12 rather than 9 another 1 %; README, Performance).
	const triadOpen = triadBandOpen
	const (
		may  = rowAll | rowAll<<18 // the triads a digit may occupy
		sole = may << 9            // those it is confined to in its box
	)
	// The bands changed since the last look with triadOpen open cells or
	// more (a count c of 0-27 is at least triadOpen exactly when c +
	// 32 - triadOpen reaches bit 5), chosen without a branch a band.
	todo := s.touched >> 3 & (uint32(bits.OnesCount32(s.open[0])+32-triadOpen)>>5 |
		uint32(bits.OnesCount32(s.open[1])+32-triadOpen)>>5<<1 |
		uint32(bits.OnesCount32(s.open[2])+32-triadOpen)>>5<<2)
	s.touched &^= 0o70
	for ; todo != 0; todo &= todo - 1 {
		b := bits.TrailingZeros32(todo) & 3
		// Per digit, one word: its minirows (bits 0-8) and columns (18-26)
		// in the band, and nine bits above each the ones it is confined
		// to within its box. The counts of digits per bit, bit-sliced: k1
		// at least one, k2 two, k3 three, k4 four.
		mr, sh := &s.minirows[b], uint(9*b)&31
		word := func(d int) uint64 {
			return uint64(mr[d]) | uint64(columnTriads[s.columns[d]>>sh&511])<<18
		}
		// Unrolled: a loop kept its counts on the stack.
		k1 := word(0)
		x := word(1)
		k2 := k1 & x
		k1 |= x
		x = word(2)
		k3 := k2 & x
		k2 |= k1 & x
		k1 |= x
		k1, k2, k3, k4 := count(k1, k2, k3, 0, word(3))
		k1, k2, k3, k4 = count(k1, k2, k3, k4, word(4))
		k1, k2, k3, k4 = count(k1, k2, k3, k4, word(5))
		k1, k2, k3, k4 = count(k1, k2, k3, k4, word(6))
		k1, k2, k3, k4 = count(k1, k2, k3, k4, word(7))
		_, _, k3, k4 = count(k1, k2, k3, k4, word(8))
		if ^k3&may != 0 || k4&sole != 0 {
			return false, false
		}
		// Triads with three digits confined to them and more than three
		// that may occupy them (otherwise the rule has nothing to take).
		hidden := k3 >> 9 & k4 & may
		// Triads that only three digits may occupy, fewer than three of them
		// confined to it (naked triples): those digits leave the rest of
		// the triad's box.
		naked := k3 &^ k4 & may &^ (k3 >> 9)
		if hidden|naked == 0 {
			continue
		}
		hiddenR, hiddenC := uint32(hidden)&rowAll, uint32(hidden>>18)&rowAll
		nakedR, nakedC := uint32(naked)&rowAll, uint32(naked>>18)&rowAll
		cells := minirowCells[hiddenR] | hiddenC*spread
		band := &s.cand[b]
		for d := range band[:9] {
			mr, cl := s.minirows[b][d], s.columns[d]>>(9*b)&511
			// a digit not confined to a hidden triad leaves it
			out := cells &^ (minirowCells[mr>>9&hiddenR] | uint32(soleColumns[cl])&hiddenC*spread)
			mr &= 511
			if y := mr & nakedR; y != 0 {
				out |= boxCells[(y|y>>3|y>>6)&7] &^ minirowCells[y]
			}
			if y := cl & nakedC; y != 0 {
				out |= boxCells[minirowsOfRow[y]&7] &^ (y * spread)
			}
			a := band[d]
			if n := a &^ out; n != a {
				if n == 0 {
					return false, false
				}
				band[d] = n
				s.dirty |= 1 << (4*d + b)
				changed = true
			}
		}
	}
	return changed, true
}

// count adds the bits of x to the bit-sliced counts k1 (at least one) to
// k4 (at least four).
func count(k1, k2, k3, k4, x uint64) (uint64, uint64, uint64, uint64) {
	return k1 | x, k2 | k1&x, k3 | k2&x, k4 | k3&x
}

// minirowsByBox returns the minirow occupancy of the band cells a, box
// by box: bit 3·k+r for row r and box k. A minirow's three cells folded
// onto its first (bit 9·r+3·k), then rows 1 and 2 shifted down 8 and 16
// places, land there with no table.
func minirowsByBox(a uint32) uint32 {
	t := (a | a>>1 | a>>2) & 0o111111111
	return (t | t>>8 | t>>16) & 511
}

// transpose3 swaps the two three-bit digits of the nine-bit set m: bit
// 3·i+j goes to 3·j+i.
func transpose3(m int) int {
	var t int
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if m&(1<<(3*i+j)) != 0 {
				t |= 1 << (3*j + i)
			}
		}
	}
	return t
}

// bandGuess picks, as tdoku does, the band or stack with the fewest
// remaining digit configurations (not yet all fixed), and in it a digit
// with two configurations. It returns the digit and writes into first and
// second, per band, the cells the digit keeps under each of the two
// configurations. ok is false when the chosen band has no digit with two
// configurations (first and second are then left as they were).
func (s *fastState) bandGuess(first, second *[3]uint32) (d int, ok bool) {
	// Totals over the digits of the configurations left in each band
	// (0-2) and stack (3-5): the counts of the digits that changed since
	// the last call are taken again (two or three a guess on hard sets).
	total := s.configTotal
	for x := s.stale & rowAll; x != 0; x &= x - 1 {
		d := bits.TrailingZeros32(x)
		t := s.columns[d]
		c := uint64(patternCount[s.minirows[0][d]&511]) | uint64(patternCount[s.minirows[1][d]&511])<<8 |
			uint64(patternCount[s.minirows[2][d]&511])<<16 | uint64(patternCount[stack(t, 0)])<<24 |
			uint64(patternCount[stack(t, 1)])<<32 | uint64(patternCount[stack(t, 2)])<<40
		total += c - s.configs[d] // each byte of the total stays at or above the digit's
		s.configs[d] = c
	}
	s.stale = 0
	s.configTotal = total
	// The least total above 9 (all fixed), branch free: the key is the
	// total less 10 (a total of 9 wraps around to a huge key) above the
	// index.
	key := func(i int) uint { return uint(total>>(8*i)&255-10)<<3 | uint(i) }
	m0 := min(key(0), key(1), key(2), key(3), key(4), key(5))
	if m0>>3 > 54 {
		return 0, false
	}
	best := int(m0 & 7)
	for d = 0; d < 9; d++ {
		if s.configs[d]>>(8*best)&255 == 2 {
			break
		}
	}
	if d == 9 {
		return 0, false
	}
	var m uint32
	if best < 3 {
		m = uint32(s.minirows[best][d]) & 511
	} else {
		m = stack(s.columns[d], uint(best-3))
	}
	p1, p2 := uint32(firstPattern[m]), uint32(lastPattern[m])
	// The configuration that leaves the digit fewer cells goes first
	// (the first on a tie): the more constrained alternative fixes more
	// and, when both hold solutions (puzzles with several), reaches one
	// in fewer nodes. Cells outside the band's three minirows, or the
	// stack's three minicolumns, count for neither; the choice is made
	// without a branch.
	*first = [3]uint32{bandAll, bandAll, bandAll}
	*second = *first
	if best < 3 {
		b := best & 3
		a := s.cand[b][d]
		c1, c2 := minirowCells[p1], minirowCells[p2]
		if bits.OnesCount32(a&c2) < bits.OnesCount32(a&c1) {
			c1, c2 = c2, c1
		}
		first[b], second[b] = c1, c2
		return d, true
	}
	sh := 3 * (best - 3)
	// The stack's cells of the digit, band by band, 21 bits apart.
	x := uint64(s.cand[0][d]>>sh&(7*spread)) | uint64(s.cand[1][d]>>sh&(7*spread))<<21 | uint64(s.cand[2][d]>>sh&(7*spread))<<42
	if bits.OnesCount64(x&minicolumnCells(p2)) < bits.OnesCount64(x&minicolumnCells(p1)) {
		p1, p2 = p2, p1
	}
	for b := 0; b < 3; b++ {
		first[b] = bandAll ^ (7^(p1>>(3*b)&7))*spread<<sh
		second[b] = bandAll ^ (7^(p2>>(3*b)&7))*spread<<sh
	}
	return d, true
}

// minicolumnCells returns the cells of a stack's minicolumns p (bit 3·b+j
// for column j of the stack in band b), laid out as bandGuess gathers a
// stack's cells: band b's at bits 21·b and up, column j of row r at bit
// 9·r+j.
func minicolumnCells(p uint32) uint64 {
	return uint64(p&7*spread) | uint64(p>>3&7*spread)<<21 | uint64(p>>6&7*spread)<<42
}

// stack returns, from the column sets of the three bands (band b's at
// bits 9·b to 9·b+8, as fastState.columns holds them), the minicolumns of
// stack k: bit 3·b+j for column j of the stack in band b. One multiply
// gathers the three groups: bits 0-2, 9-11 and 18-20 shifted up by 12, 6
// and 0 land side by side at 12-20, and no two shifted copies overlap.
func stack(w uint32, k uint) uint32 {
	return w >> (3 * (k & 3)) & 0o7007007 * 0x1041 >> 12 & 511
}

// restrict keeps digit d to the cells keep[b] of each band b.
func (s *fastState) restrict(d int, keep *[3]uint32) {
	for b := 0; b < 3; b++ {
		if n := s.cand[b][d] & keep[b]; n != s.cand[b][d] {
			s.cand[b][d] = n
			s.dirty |= 1 << (4*d + b)
		}
	}
}

// known writes into g the digits fixed so far and clears the other cells.
func (s *fastState) known(g *Grid) {
	var bands [3][32]uint8 // by band and bit; 32 wide for bounds-check-free writes
	for d := 0; d < 9; d++ {
		placed := ^s.unplaced[d]
		for b := 0; b < 3; b++ {
			for x := s.cand[b][d] & (placed >> b & spread * rowAll); x != 0; x &= x - 1 {
				bands[b][bits.TrailingZeros32(x)&31] = uint8(d + 1)
			}
		}
	}
	copy(g[0:27], bands[0][:27])
	copy(g[27:54], bands[1][:27])
	copy(g[54:81], bands[2][:27])
}

// solution writes the digits of a solved state into g: each digit holds
// exactly one cell in each row of each band, so three lowest-bit steps per
// word find them, with no data-dependent branch.
func (s *fastState) solution(g *Grid) {
	var bands [3][32]uint8 // by band and bit; 32 wide for bounds-check-free writes
	for b := range bands {
		row := &bands[b]
		for d, x := range s.cand[b][:9] {
			v := uint8(d + 1)
			row[bits.TrailingZeros32(x)&31] = v
			x &= x - 1
			row[bits.TrailingZeros32(x)&31] = v
			x &= x - 1
			row[bits.TrailingZeros32(x)&31] = v
		}
	}
	copy(g[0:27], bands[0][:27])
	copy(g[27:54], bands[1][:27])
	copy(g[54:81], bands[2][:27])
}

// fastSearch is one run of the fast solver: the solution limit, what was
// found, and the figures. hooks is nil unless a caller of Solve needs
// progress events or cancellation; the plain entry points pay one nil test
// per guess for it.
type fastSearch struct {
	limit    int
	found    int
	solution Grid
	stats    Stats
	hooks    *fastHooks
	// branches counts the binary branch points, as tdoku counts guesses.
	branches int64
	// countOnly skips writing out the first solution.
	countOnly bool
	// cellOrder searches in the order of the solver's first version,
	// without triads and on cells only: SolveFast's order.
	cellOrder bool
}

// fastHooks connects a fast search to Solve's cancellation, progress
// events and watcher.
type fastHooks struct {
	*search
	shown Grid // the board as the progress events so far have drawn it
	now   Grid // the board at the latest guess, when someone looks
}

// run searches below the state p with digit d kept to the cells keep[b]
// of each band b: the child of a guess, copied once into this frame (its
// own copy on the goroutine stack; p does not escape). It returns true
// when the search must stop: the limit is reached, or the context ended.
// Never inlined: inlined into branch (as profile-guided optimization chose
// to), the copy escaped to the heap.
//
//go:noinline
func (f *fastSearch) run(p *fastState, d int, keep *[3]uint32) bool {
	s := *p
	s.restrict(d, keep)
	tried := 0 // placements tried in this frame still in force
	stop := f.branch(&s, &tried)
	f.stats.Depth -= tried
	if !stop {
		f.stats.Backtracks += int64(tried)
	}
	return stop
}

// branch propagates s and guesses until s is solved, fails or the search
// must stop. A guess tries one digit on a copy, then rules it out of s and
// goes on with s: the last alternative costs no copy.
func (f *fastSearch) branch(s *fastState, tried *int) bool {
	for {
		if !s.propagate() {
			return false
		}
		open := s.openCells()
		if open >= triadNodeOpen && !f.cellOrder {
			// The triad rule once a node, and what follows from it.
			changed, ok := s.triads()
			if changed {
				ok = s.propagate()
				open = s.openCells()
			}
			if !ok {
				return false
			}
		}
		if open == 0 {
			if f.found == 0 && !f.countOnly {
				s.solution(&f.solution)
			}
			f.found++
			return f.found >= f.limit
		}
		if open == 4 && !f.cellOrder && f.hooks == nil {
			return f.rectangle(s)
		}
		var first, second [3]uint32
		d, pair := s.guess(f.cellOrder, &first, &second)
		if f.hooks != nil && f.hooks.check(s, &f.stats) {
			return true
		}
		f.branches++
		f.enter()
		if f.run(s, d, &first) {
			return true
		}
		f.leave()
		s.restrict(d, &second)
		if pair {
			// The other alternative is now forced: a second tried
			// placement at this branching point, searched in this frame.
			f.enter()
			*tried++
		}
	}
}

// rectangle finishes a propagated state with four open cells: two
// solutions. At the fixed point no row, column or box holds a single open
// cell (its digit would be a hidden single), so the cells are those of two
// rows and two columns, in two boxes; no cell has a single candidate, so
// each unit misses the same two digits, which the cells hold crosswise in
// either of two ways. It reports whether the search must stop. (Not in
// cellOrder, nor with hooks, whose events follow the guesses.)
func (f *fastSearch) rectangle(s *fastState) bool {
	if f.found == 0 && !f.countOnly {
		// The first solution: the first cell's lower digit x there and
		// in the cell across, the other digit in the two that share a
		// row or a column with it.
		b0 := 0
		for s.open[b0] == 0 {
			b0++
		}
		b0 &= 3
		i0 := bits.TrailingZeros32(s.open[b0]) & 31
		var x, y int
		for x = 0; x < 8 && s.cand[b0%3][x]>>i0&1 == 0; x++ {
		}
		for y = x + 1; y < 8 && s.cand[b0%3][y]>>i0&1 == 0; y++ {
		}
		for b := 0; b < 3; b++ {
			for o := s.open[b]; o != 0; o &= o - 1 {
				i := bits.TrailingZeros32(o) & 31
				for d := 0; d < 9; d++ {
					s.cand[b][d] &^= 1 << i
				}
				sameRow := b == b0 && i/9 == i0/9
				sameCol := i%9 == i0%9
				if sameRow != sameCol {
					s.cand[b][y] |= 1 << i
				} else {
					s.cand[b][x] |= 1 << i
				}
			}
		}
		s.solution(&f.solution)
	}
	f.found += min(2, f.limit-f.found)
	return f.found >= f.limit
}

func (f *fastSearch) enter() { f.stats.enter() }
func (f *fastSearch) leave() { f.stats.leave() }

// check is called at every guess: it notices cancellation and draws the
// board's changes since the last guess as events.
func (h *fastHooks) check(s *fastState, st *Stats) bool {
	h.stats = *st
	live := h.live()
	if live || (h.watch != nil && h.watch.want.Load()) {
		h.now = Grid{}
		s.known(&h.now) // tick hands it to a watcher that asked
	}
	if h.tick() {
		return true
	}
	if live {
		h.show(&h.now)
	}
	return false
}

// show emits the events that turn the shown board into g: removals first,
// so that no event places a digit on a filled cell.
func (h *fastHooks) show(g *Grid) {
	for i := range g {
		if d := h.shown[i]; d != 0 && d != g[i] {
			h.shown[i] = 0
			h.emitOn(h.shown[:], Remove, i, d)
		}
	}
	for i := range g {
		if h.shown[i] == 0 && g[i] != 0 {
			h.shown[i] = g[i]
			h.emitOn(h.shown[:], Place, i, g[i])
		}
	}
}

// fastCount runs the fast solver on g up to limit solutions.
func fastCount(g *Grid, limit int, hooks *fastHooks) fastSearch {
	return fastRun(fastSearch{limit: limit, hooks: hooks}, g)
}

// fastRun runs the search f, set up with its limit and options, on g.
func fastRun(f fastSearch, g *Grid) fastSearch {
	f.limit = max(f.limit, 1)
	var s fastState
	if s.init(g) {
		tried := 0
		stop := f.branch(&s, &tried)
		f.stats.Depth -= tried
		if !stop {
			f.stats.Backtracks += int64(tried)
		}
	}
	return f
}

// CountSolutions counts the solutions of g up to limit (at least 1) with
// the fast solver: use limit 2 to test uniqueness. A board whose givens
// break the rules has none. It allocates nothing, reads no clock and does
// not validate beyond what solving needs: a few microseconds for most
// puzzles, under half a millisecond for the hardest known.
func CountSolutions(g Grid, limit int) int {
	return fastRun(fastSearch{limit: limit, countOnly: true}, &g).found
}

// SolveFast returns the first solution of g the fast solver finds, and
// false when there is none (including for a board that breaks the rules).
// It allocates nothing.
//
// Of several solutions it returns the first in a fixed order, that of the
// fast solver's first version (guesses on cells, lowest digit first, no
// triad rule), so that what is built on it stays reproducible: the
// generator's puzzle for a seed. The other entry points search in tdoku's
// order, faster on hard puzzles; for a board with one solution they all
// agree.
func SolveFast(g Grid) (Grid, bool) {
	f := fastRun(fastSearch{limit: 1, cellOrder: true}, &g)
	return f.solution, f.found > 0
}

// FastCount is CountSolutions that also returns the first solution and the
// number of guesses made (placements tried at branching points), for
// benchmarks and statistics. It allocates nothing.
func FastCount(g Grid, limit int) (solutions int, first Grid, guesses int64) {
	f := fastCount(&g, limit, nil)
	return f.found, f.solution, f.stats.Iterations
}

// FastFigures are the figures of one run of the fast solver.
type FastFigures struct {
	Solutions int   // solutions found, up to the limit
	Tried     int64 // placements tried at branching points (Stats.Iterations)
	// Branches counts the binary branch points, as tdoku counts guesses:
	// one for each digit tried on a copy of the state and then ruled out.
	Branches int64
}

// FastMeasure counts the solutions of g up to limit as CountSolutions does
// and returns the search figures. It writes the first solution into first
// unless first is nil (a benchmark counting solutions needs none, as
// tdoku's builds none then). It allocates nothing.
func FastMeasure(g *Grid, limit int, first *Grid) FastFigures {
	f := fastRun(fastSearch{limit: limit, countOnly: first == nil}, g)
	if first != nil {
		*first = f.solution
	}
	return FastFigures{Solutions: f.found, Tried: f.stats.Iterations, Branches: f.branches}
}

// solveFast is Solve's fast algorithm: the same search with cancellation
// and, when asked for, progress events. With a context that cannot end and
// no progress callback it is the plain allocation-free search.
func solveFast(ctx context.Context, g Grid, opt Options, res *Result) {
	var h *fastHooks
	if ctx.Done() != nil || opt.Progress != nil || opt.Watch != nil {
		sr := newSearch(ctx, opt)
		h = &fastHooks{search: &sr, shown: g, now: g}
		h.board = func() []uint8 { return h.now[:] }
	}
	f := fastCount(&g, opt.Limit, h)
	res.Solutions = f.found
	res.Solution = f.solution
	res.Stats = f.stats
	res.Stats.Depth = 0
	if h == nil {
		return
	}
	res.Err = h.err
	if h.live() && h.err == nil { // a stopped search stays where it stopped
		h.stats = f.stats
		if f.found > 0 {
			h.show(&f.solution)
		} else {
			h.show(&g)
		}
	}
}

// LockedSingles tells whether hidden and naked singles with locked
// candidates (pointing and claiming) alone fill a board from a position:
// the fast solver's propagation without the triads. Its band and stack
// permutation filters are exactly those rules: on a digit's 3×3 minirows
// of a band (or minicolumns of a stack), keeping what some permutation
// uses is what a box confined to one line and a line confined to one box
// take, and a line or box left with one cell is a hidden single.
//
// It keeps the fixed point it reached, so that a later position with no
// more candidates than the last (a step further on a logical path) starts
// from there: the fixed point of the rules on the later position is that
// of its candidates less those the last fixed point had taken.
type LockedSingles struct {
	s    fastState
	have bool
}

// Reset forgets the last position.
func (l *LockedSingles) Reset() { l.have = false }

// Count counts the solutions, up to limit, of the position of the last
// Solve, searching on from the fixed point its rules reached there: 0
// when they broke it (or before any Solve).
func (l *LockedSingles) Count(limit int) int {
	if !l.have {
		return 0
	}
	f := fastSearch{limit: max(limit, 1), countOnly: true}
	s := l.s
	tried := 0
	f.branch(&s, &tried)
	return f.found
}

// Solve reports whether the rules fill the board g whose empty cells have
// the candidates c (bit d for digit d). c must hold no candidate that
// conflicts with g's digits, and, since the last Reset, no candidate that
// the position of the last call had not.
func (l *LockedSingles) Solve(g *Grid, c *Candidates) bool {
	var q [3][9]uint32 // per band and digit: the cells where it is or may go
	var open [3]uint32
	for b := 0; b < 3; b++ {
		for i := 0; i < 27; i++ {
			bit := uint32(1) << i
			v := g[27*b+i]
			if v > 9 {
				return false
			}
			if v != 0 {
				q[b][v-1] |= bit
				continue
			}
			open[b] |= bit
			for x := uint16(c[27*b+i]>>1) & rowAll; x != 0; x &= x - 1 {
				q[b][bits.TrailingZeros16(x)] |= bit
			}
		}
	}
	return l.SolveBands(&q, open)
}

// SolveBands is Solve with the position as bands, bit 9·r+c of a band for
// its row r and column c: q[b][d] holds the cells of band b where digit
// d+1 is or may go, open[b] its empty cells.
func (l *LockedSingles) SolveBands(q *[3][9]uint32, open [3]uint32) bool {
	s := &l.s
	if !l.have {
		*s = fastState{open: open}
		for b := 0; b < 3; b++ {
			copy(s.cand[b][:9], q[b][:])
		}
		for d := 0; d < 9; d++ {
			var placed uint32 // the rows where d is placed, bit 9·r+b
			for b := 0; b < 3; b++ {
				fixed := q[b][d] &^ open[b]
				for r := 0; r < 3; r++ {
					if fixed>>(9*r)&rowAll != 0 {
						placed |= 1 << (9*r + b)
					}
				}
			}
			s.unplaced[d] = 7 * spread &^ placed
		}
		s.dirty = allDirty
		s.touched = 0o77
		l.have = true
	} else {
		for b := 0; b < 3; b++ {
			for d := 0; d < 9; d++ {
				if n := s.cand[b][d] & q[b][d]; n != s.cand[b][d] {
					s.cand[b][d] = n
					s.dirty |= 1 << (4*d + b)
				}
			}
		}
	}
	if !s.propagate() {
		l.have = false
		return false
	}
	return s.solved()
}
