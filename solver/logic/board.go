package logic

import (
	"context"
	"errors"
	"math/bits"

	"example.com/sudoku/solver"
)

// Boards of any shape (solver.Geometry: 4×4 to 16×16, X, jigsaw) are
// rated with the techniques that carry over to every geometry, tried in
// the order and with the scores of the classic table:
//
//   - singles: full house, hidden single (region, then row and column
//     and, on X, diagonal), naked single;
//   - intersections: a symbol of one unit confined to its overlap with a
//     second unit leaves the rest of the second (pointing from a region,
//     claiming from a line or a diagonal);
//   - naked and hidden pairs, triples and quads in any unit;
//   - fish of size 2 to 4 on rows and columns (X-Wing, Swordfish,
//     Jellyfish);
//   - and, when none of these goes on, Trial: the puzzle needs search or
//     techniques this rater does not know on other shapes (chains,
//     wings), which makes it insane.
//
// RateBoard on a classic board gives the same levels for puzzles that
// these techniques solve; Rate stays the reference for classic 9×9,
// with every technique.

// bstate is a position on a board of any shape: symbols and candidates.
type bstate struct {
	geo   *solver.Geometry
	n     int
	cells []uint8
	cand  []uint32
	empty int
}

func newBState(b solver.Board) *bstate {
	g := b.Geo
	s := &bstate{geo: g, n: g.N, cells: append([]uint8(nil), b.Cells...), cand: make([]uint32, len(b.Cells))}
	all := (uint32(1)<<(g.N+1) - 1) &^ 1
	used := make([]uint32, g.NumUnits())
	for i, d := range s.cells {
		if d != 0 {
			for _, u := range g.CellUnits(i) {
				used[u] |= 1 << d
			}
		}
	}
	for i, d := range s.cells {
		if d == 0 {
			s.empty++
			m := all
			for _, u := range g.CellUnits(i) {
				m &^= used[u]
			}
			s.cand[i] = m
		}
	}
	return s
}

func (s *bstate) place(i int, d uint8) {
	s.cells[i] = d
	s.cand[i] = 0
	s.empty--
	for _, p := range s.geo.Peers(i) {
		s.cand[p] &^= 1 << d
	}
}

// broken reports an empty cell without candidates or a unit missing a
// symbol with no place left: the givens contradict each other.
func (s *bstate) broken() bool {
	for i, d := range s.cells {
		if d == 0 && s.cand[i] == 0 {
			return true
		}
	}
	for u := 0; u < s.geo.NumUnits(); u++ {
		var have uint32
		for _, c := range s.geo.Unit(u) {
			have |= s.cand[c] | 1<<s.cells[c]
		}
		if have|1 != (uint32(1)<<(s.n+1))-1 {
			return true
		}
	}
	return false
}

// ErrBoardUnsolvable is RateBoard's answer for givens that leave a cell or
// a unit without a place for a symbol, or lead there.
var ErrBoardUnsolvable = errors.New("the givens contradict each other")

// RateBoard rates a board of any shape by the hardest technique its
// solution needs (see above). A board with several solutions or none is
// refused: check with solver.CountBoard first when that is not known.
func RateBoard(ctx context.Context, b solver.Board) (Rating, error) {
	return rateBoard(ctx, b, Insane)
}

// RateBoardUpTo is RateBoard restricted to the techniques of level max
// and below: it returns ErrTooHard as soon as a harder one is needed.
func RateBoardUpTo(ctx context.Context, b solver.Board, max Level) (Rating, error) {
	return rateBoard(ctx, b, max)
}

func rateBoard(ctx context.Context, b solver.Board, max Level) (Rating, error) {
	if err := b.Validate(); err != nil {
		return Rating{}, err
	}
	s := newBState(b)
	var r Rating
	note := func(t Technique) {
		r.Steps++
		if t.Score() > r.Score || r.Hardest == None {
			r.Score, r.Hardest, r.Name = t.Score(), t, t.String()
		}
	}
	for s.empty > 0 {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if s.broken() {
			return r, ErrBoardUnsolvable
		}
		t := s.step(max)
		if t == None {
			if max < Insane {
				r.Level = boardLevel(r.Hardest)
				return r, ErrTooHard
			}
			// Nothing this rater knows goes on: a trial it is. The rest
			// of the path does not change the rating.
			note(Trial)
			break
		}
		note(t)
	}
	r.Level = boardLevel(r.Hardest)
	return r, nil
}

// boardLevel is the level of a board whose hardest step is t: a trial
// (chains or search needed) makes it insane, the top level of other shapes.
func boardLevel(t Technique) Level {
	if t == Trial {
		return Insane
	}
	return t.Level()
}

// step applies the first technique that makes progress, of level max or
// below, and names it; None when none does.
func (s *bstate) step(max Level) Technique {
	if t := s.singles(); t != None {
		return t
	}
	for _, t := range []Technique{Pointing, Claiming, NakedPair, XWing, HiddenPair, NakedTriple, Swordfish, HiddenTriple, NakedQuad, Jellyfish, HiddenQuad} {
		if t.Level() > max {
			return None
		}
		var ok bool
		switch t {
		case Pointing:
			ok = s.intersections(true)
		case Claiming:
			ok = s.intersections(false)
		case NakedPair:
			ok = s.nakedSubset(2)
		case NakedTriple:
			ok = s.nakedSubset(3)
		case NakedQuad:
			ok = s.nakedSubset(4)
		case HiddenPair:
			ok = s.hiddenSubset(2)
		case HiddenTriple:
			ok = s.hiddenSubset(3)
		case HiddenQuad:
			ok = s.hiddenSubset(4)
		case XWing:
			ok = s.fish(2)
		case Swordfish:
			ok = s.fish(3)
		case Jellyfish:
			ok = s.fish(4)
		}
		if ok {
			return t
		}
	}
	return None
}

// singles places one full house, hidden single or naked single, in the
// classic order.
func (s *bstate) singles() Technique {
	g, n := s.geo, s.n
	// Full house: a unit with one empty cell.
	for u := 0; u < g.NumUnits(); u++ {
		empty, at := 0, -1
		for _, c := range g.Unit(u) {
			if s.cells[c] == 0 {
				empty++
				at = int(c)
			}
		}
		if empty == 1 && s.cand[at] != 0 {
			s.place(at, uint8(bits.TrailingZeros32(s.cand[at])))
			return FullHouse
		}
	}
	// Hidden singles: regions first, then rows, columns and diagonals.
	order := make([]int, 0, g.NumUnits())
	for u := 2 * n; u < 3*n; u++ {
		order = append(order, u)
	}
	for u := 0; u < 2*n; u++ {
		order = append(order, u)
	}
	for u := 3 * n; u < g.NumUnits(); u++ {
		order = append(order, u)
	}
	for _, u := range order {
		var once, twice uint32
		for _, c := range g.Unit(u) {
			twice |= once & s.cand[c]
			once |= s.cand[c]
		}
		if h := once &^ twice; h != 0 {
			d := uint8(bits.TrailingZeros32(h))
			for _, c := range g.Unit(u) {
				if s.cand[c]&(1<<d) != 0 {
					s.place(int(c), d)
					break
				}
			}
			switch {
			case u >= 2*n && u < 3*n:
				return HiddenSingleBox
			case u < n:
				return HiddenSingleRow
			}
			return HiddenSingleColumn
		}
	}
	for i, c := range s.cand {
		if s.cells[i] == 0 && c != 0 && c&(c-1) == 0 {
			s.place(i, uint8(bits.TrailingZeros32(c)))
			return NakedSingle
		}
	}
	return None
}

// intersections: a symbol whose places in unit a all lie in unit b is
// taken out of b's other cells. fromRegion picks a as a region (pointing)
// or as a line or diagonal (claiming).
func (s *bstate) intersections(fromRegion bool) bool {
	g, n := s.geo, s.n
	isRegion := func(u int) bool { return u >= 2*n && u < 3*n }
	for a := 0; a < g.NumUnits(); a++ {
		if isRegion(a) != fromRegion {
			continue
		}
		for d := uint8(1); int(d) <= n; d++ {
			bit := uint32(1) << d
			var places []int16
			for _, c := range g.Unit(a) {
				if s.cand[c]&bit != 0 {
					places = append(places, c)
				}
			}
			if len(places) < 2 {
				continue
			}
			// The units other than a that hold every place.
			for _, b := range g.CellUnits(int(places[0])) {
				if int(b) == a || fromRegion && isRegion(int(b)) {
					continue
				}
				all := true
				for _, c := range places[1:] {
					if !inUnit(g, int(c), int(b)) {
						all = false
						break
					}
				}
				if !all {
					continue
				}
				changed := false
				for _, c := range g.Unit(int(b)) {
					if s.cand[c]&bit != 0 && !inUnit(g, int(c), a) {
						s.cand[c] &^= bit
						changed = true
					}
				}
				if changed {
					return true
				}
			}
		}
	}
	return false
}

func inUnit(g *solver.Geometry, c, u int) bool {
	for _, k := range g.CellUnits(c) {
		if int(k) == u {
			return true
		}
	}
	return false
}

// nakedSubset: k empty cells of a unit whose candidates make k symbols
// between them; the symbols leave the unit's other cells.
func (s *bstate) nakedSubset(k int) bool {
	g := s.geo
	for u := 0; u < g.NumUnits(); u++ {
		var cells []int16
		for _, c := range g.Unit(u) {
			if s.cells[c] == 0 && bits.OnesCount32(s.cand[c]) <= k {
				cells = append(cells, c)
			}
		}
		found := false
		combos(len(cells), k, func(pick []int) bool {
			var m uint32
			for _, p := range pick {
				m |= s.cand[cells[p]]
			}
			if bits.OnesCount32(m) != k {
				return false
			}
			for _, c := range g.Unit(u) {
				if s.cells[c] != 0 || s.cand[c]&m == 0 || picked(cells, pick, c) {
					continue
				}
				s.cand[c] &^= m
				found = true
			}
			return found
		})
		if found {
			return true
		}
	}
	return false
}

func picked(cells []int16, pick []int, c int16) bool {
	for _, p := range pick {
		if cells[p] == c {
			return true
		}
	}
	return false
}

// hiddenSubset: k symbols of a unit with k places between them; the
// places lose their other candidates.
func (s *bstate) hiddenSubset(k int) bool {
	g, n := s.geo, s.n
	for u := 0; u < g.NumUnits(); u++ {
		unit := g.Unit(u)
		var where [solver.MaxSide + 1]uint32 // places of each symbol, as positions in the unit
		var syms []uint8
		for d := uint8(1); int(d) <= n; d++ {
			for p, c := range unit {
				if s.cand[c]&(1<<d) != 0 {
					where[d] |= 1 << p
				}
			}
			if c := bits.OnesCount32(where[d]); c >= 2 && c <= k {
				syms = append(syms, d)
			}
		}
		found := false
		combos(len(syms), k, func(pick []int) bool {
			var places, m uint32
			for _, p := range pick {
				places |= where[syms[p]]
				m |= 1 << syms[p]
			}
			if bits.OnesCount32(places) != k {
				return false
			}
			for p := places; p != 0; p &= p - 1 {
				c := unit[bits.TrailingZeros32(p)]
				if s.cand[c]&^m != 0 {
					s.cand[c] &= m
					found = true
				}
			}
			return found
		})
		if found {
			return true
		}
	}
	return false
}

// fish: a symbol whose places in k rows lie in k columns between them
// leaves the rest of those columns; and the same with rows and columns
// swapped.
func (s *bstate) fish(k int) bool {
	n := s.n
	for _, rows := range []bool{true, false} {
		for d := uint8(1); int(d) <= n; d++ {
			bit := uint32(1) << d
			var lines []int
			var cover [solver.MaxSide]uint32
			for l := 0; l < n; l++ {
				var m uint32
				for x := 0; x < n; x++ {
					c := l*n + x
					if !rows {
						c = x*n + l
					}
					if s.cand[c]&bit != 0 {
						m |= 1 << x
					}
				}
				if c := bits.OnesCount32(m); c >= 2 && c <= k {
					cover[l] = m
					lines = append(lines, l)
				}
			}
			found := false
			combos(len(lines), k, func(pick []int) bool {
				var m uint32
				var base uint32
				for _, p := range pick {
					m |= cover[lines[p]]
					base |= 1 << lines[p]
				}
				if bits.OnesCount32(m) != k {
					return false
				}
				for x := m; x != 0; x &= x - 1 {
					cross := bits.TrailingZeros32(x)
					for l := 0; l < n; l++ {
						if base&(1<<l) != 0 {
							continue
						}
						c := l*n + cross
						if !rows {
							c = cross*n + l
						}
						if s.cand[c]&bit != 0 {
							s.cand[c] &^= bit
							found = true
						}
					}
				}
				return found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// combos calls f with each k-subset of 0..m-1 in increasing order until f
// returns true.
func combos(m, k int, f func([]int) bool) bool {
	if k > m {
		return false
	}
	pick := make([]int, k)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == k {
			return f(pick)
		}
		for i := start; i <= m-(k-depth); i++ {
			pick[depth] = i
			if rec(i+1, depth+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}
