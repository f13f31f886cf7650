package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

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
	var scratch solver.Grid
	f := bandFill{g: &scratch}
	for d := 1; d <= 9; d++ {
		f.p[d] = bandsOf(s.where[d])
	}
	f.empty = bandsOf(s.empty)
	if last != nil && last.have && last.score <= score {
		for d := 1; d <= 9; d++ {
			for b := range f.p[d] {
				f.p[d][b] &= last.p[d][b]
			}
		}
		for b := range f.empty {
			f.empty[b] &= last.empty[b]
		}
		if last.score == score {
			f.seen = last.seen // the digits unchanged since have no single
		}
	}
	f.left = bits.OnesCount32(f.empty[0]) + bits.OnesCount32(f.empty[1]) + bits.OnesCount32(f.empty[2])
	full := f.fill(score)
	if last != nil {
		last.p, last.empty, last.seen, last.score, last.have = f.p, f.empty, f.seen, score, true
	}
	return full
}

// bandsOf gives a cell set's three bands.
func bandsOf(c cellSet) [3]uint32 {
	return [3]uint32{uint32(c.lo) & bandAll, uint32(c.lo>>27) & bandAll, uint32(c.hi) & bandAll}
}

// fill makes the singles of scores up to score, and pointing from 2.6
// when no single is left, until none is left or the board is full, which
// it reports.
func (f *bandFill) fill(score int) bool {
	lines, naked, point := score >= 15, score >= 23, score >= 26
	for f.left > 0 {
		n := f.left
		if score < 15 {
			f.fullHouses(score < 12)
		}
		if score >= 12 {
			for d := uint8(1); d <= 9; d++ {
				f.singles(d, lines)
			}
		}
		if naked {
			f.nakedSingles()
		}
		if f.left < n {
			continue
		}
		if !point || !f.pointing() {
			return false
		}
	}
	return true
}

// fillPoint is the fixed point singlesFill reached last, and the score
// whose rules reached it.
type fillPoint struct {
	p, seen [10][3]uint32
	empty   [3]uint32
	score   int
	have    bool
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
