package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// peerList holds the 20 peers of each cell, for singlesFill.
var peerList [81][20]uint8

func init() {
	for i := 0; i < 81; i++ {
		for k, p := range solver.Peers(i) {
			peerList[i][k] = uint8(p)
		}
	}
}

// singlesFill reports whether singles of SE's scores up to score fill the
// board from s: full houses (1.0) always, hidden singles in boxes from 1.2,
// in rows and columns from 1.5, naked singles from 2.3 and pointing from
// 2.6 (when no single is left). It works on a copy of the candidates,
// which stay sound on a puzzle with one solution, and leaves s as it was. With last, it starts from the fixed point it
// reached there when that was made with the same rules or fewer, as
// solver.LockedSingles does: on a position with no more candidates, the
// rules' fixed point is that of its candidates less those the last took
// (each deduction made there still holds, or is made already).
//
// Say the hardest step so far on SE's path scores score and these singles
// fill the board from its position P. A single's instance never goes away
// until it is made: fewer candidates leave a digit still one place in its
// unit (or a cell one candidate), and a placement made takes only what its
// peers could not hold; a pointing elimination not yet made still has its
// digit confined to the line in the box. So at every later position Q on the path the first
// of P's fill not yet made in Q is an instance, and SE's step at Q is that
// single or one of its easier rules: no step scores more than score. ER is
// then the hardest score so far, and EP too when the first placement is
// still to come (the next step is one of these singles, or an easier
// step: each gets no harder than score). rateRun stops there, as it does at
// settleScore with pointing and claiming besides (solver.LockedSingles).
func (s *state) singlesFill(score int, last *fillPoint) bool {
	box, lines, naked, point := score >= 12, score >= 15, score >= 23, score >= 26
	c := s.cand // a filled cell has none
	// dirty holds the units to look at for singles; boxes, those to look
	// at for pointing (bit u for box u): those that lost a candidate since.
	dirty := uint32(1<<27 - 1)
	if last != nil && last.have && last.score <= score {
		var lost uint32 // the units where the position has fewer candidates than last's fixed point
		for i := range c {
			x := c[i] & last.c[i]
			if x != last.c[i] {
				lost |= cellUnits[i]
			}
			c[i] = x
		}
		if last.score == score {
			dirty = lost // last's fixed point elsewhere
		}
	}
	boxes := dirty
	left := 0
	for _, x := range c {
		if x != 0 {
			left++
		}
	}
	if last != nil {
		defer func() { last.c, last.score, last.have = c, score, true }()
	}
	place := func(i int, d uint8) {
		c[i] = 0
		dirty |= cellUnits[i]
		for _, p := range peerList[i] {
			if c[p]&(1<<d) != 0 {
				c[p] &^= 1 << d
				dirty |= cellUnits[p]
			}
		}
		boxes |= dirty
		left--
	}
	for left > 0 {
		for dirty != 0 {
			u := bits.TrailingZeros32(dirty)
			dirty &= dirty - 1
			cells := &unitCells[u]
			if naked {
				for _, i := range cells {
					if x := c[i]; x != 0 && x&(x-1) == 0 {
						place(int(i), lowDigit(x))
					}
				}
			}
			// Filled cells have no candidates; on a sound position the
			// digits missing from u are those its cells may hold, one an
			// empty cell.
			var ones, twos solver.Set
			for _, i := range cells {
				x := c[i]
				twos |= ones & x
				ones |= x
			}
			once := ones &^ twos
			if once == 0 || ones&(ones-1) != 0 && !(u >= 18 && box || u < 18 && lines) {
				continue
			}
			for ; once != 0; once &= once - 1 {
				d := lowDigit(once)
				for _, i := range cells {
					if c[i]&(1<<d) != 0 {
						place(int(i), d)
						break
					}
				}
			}
		}
		if left == 0 || !point {
			break
		}
		if dirty = pointing(&c, boxes); dirty == 0 {
			return false
		}
		boxes = dirty
	}
	return left == 0
}

// fillPoint is the fixed point singlesFill reached last, and the score
// whose rules reached it.
type fillPoint struct {
	c     solver.Candidates
	score int
	have  bool
}

// fillsWith reports whether a step of technique t is one that
// singlesFill(score) makes by itself.
func fillsWith(t Technique, score int) bool {
	switch t {
	case FullHouse:
		return true
	case HiddenSingleBox:
		return score >= 12
	case HiddenSingleColumn, HiddenSingleRow:
		return score >= 15
	case NakedSingle:
		return score >= 23
	case Pointing:
		return score >= 26
	}
	return false
}

// pointing takes out of c the eliminations of pointing in the boxes of
// boxes (bit u for box u): a digit whose places in a box lie in one row or
// column leaves the rest of that line. It returns the units of the cells
// that lost a candidate.
func pointing(c *solver.Candidates, boxes uint32) (lost uint32) {
	for m := boxes >> 18 & 0x1ff; m != 0; m &= m - 1 {
		b := 18 + bits.TrailingZeros32(m)
		cells := &unitCells[b]
		var rows, cols [10]uint8 // the box's rows and columns where each digit may go
		for k, i := range cells {
			for x := c[i]; x != 0; x &= x - 1 {
				d := lowDigit(x)
				rows[d] |= 1 << (k / 3)
				cols[d] |= 1 << (k % 3)
			}
		}
		for d := uint8(1); d <= 9; d++ {
			for kind, in := range [2]uint8{rows[d], cols[d]} {
				if in == 0 || in&(in-1) != 0 {
					continue
				}
				// The line through the box's cell k: its first cell in the
				// row (3·r) or the column (c) the digit keeps to.
				k := bits.TrailingZeros8(in)
				if kind == 0 {
					k *= 3
				}
				line := cellUnit[cells[k]][kind]
				for _, j := range unitCells[line] {
					if c[j]&(1<<d) != 0 && int(cellUnit[j][2]) != b {
						c[j] &^= 1 << d
						lost |= cellUnits[j]
					}
				}
			}
		}
	}
	return lost
}
