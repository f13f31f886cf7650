package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strings"
	"time"
)

// BoardResult is what SolveBoard found.
type BoardResult struct {
	Algorithm Algorithm // the algorithm that ran (cp for fast on a shape other than classic 9×9)
	Status    Status
	Solution  Board // the first solution, when Status is Solved
	Solutions int   // solutions found, at most Options.Limit
	Stats
	Duration time.Duration
	// Candidates, when no solution was found, holds each cell's symbols
	// (bit d for symbol d) left after propagating singles from the
	// givens: 002's UNSOLVED grid, on any shape.
	Candidates []uint32
	Err        error // the conflict for Invalid, the context's error for Cancelled
}

// SolveBoard runs the chosen algorithm on a board of any geometry, with
// Solve's rules: it checks the givens first, stops at opt.Limit solutions
// and returns soon after ctx ends; Progress and Watch work as in Solve.
// dfs, mrv, lcv and cp (and seed 002's dfs+, mrv+ and lcv+) work on
// every geometry (Solve runs these same searches on the classic
// geometry); fast is the classic 9×9
// accelerator: on a classic board it runs Solve's fast solver, on any
// other shape cp runs and the result says so.
func SolveBoard(ctx context.Context, b Board, opt Options) BoardResult {
	if opt.Algorithm == "" {
		opt.Algorithm = Fast
	}
	if opt.Limit <= 0 {
		opt.Limit = 1
	}
	res := BoardResult{Algorithm: opt.Algorithm}
	if err := b.Validate(); err != nil {
		res.Status, res.Err = Invalid, err
		res.Candidates = b.Candidates()
		return res
	}
	if opt.Algorithm == Fast {
		if g, ok := b.ToGrid(); ok {
			r := Solve(ctx, g, opt)
			res.Status, res.Solutions, res.Stats, res.Duration, res.Err = r.Status, r.Solutions, r.Stats, r.Duration, r.Err
			if r.Status == Solved || r.Solutions > 0 {
				res.Solution = BoardOf(r.Solution)
			}
			if r.Status != Solved {
				res.Candidates = PropagatedBoardCandidates(b)
			}
			return res
		}
		opt.Algorithm = CP
		res.Algorithm = CP
	}
	switch opt.Algorithm {
	case DFS, MRV, LCV, CP, DFSSingles, MRVSingles, LCVSingles:
	default:
		res.Status, res.Err = Invalid, fmt.Errorf("unknown algorithm %q", opt.Algorithm)
		return res
	}
	start := time.Now()
	s := newGeneral(ctx, b, opt)
	s.run(opt.Algorithm)
	res.Duration = time.Since(start)
	res.Solutions, res.Stats, res.Err = s.found, s.stats, s.err
	res.Stats.Depth = 0
	if s.found > 0 {
		res.Solution = Board{Geo: b.Geo, Cells: s.solution}
	}
	switch {
	case res.Solutions > 0 && res.Err == nil:
		res.Status = Solved
	case res.Err != nil:
		res.Status = Cancelled
	default:
		res.Status = Unsolvable
	}
	if res.Status != Solved {
		res.Candidates = PropagatedBoardCandidates(b)
	}
	return res
}

// CountBoard counts the solutions of b up to limit with the best solver
// for its geometry; -1 means ctx ended first or b is invalid.
func CountBoard(ctx context.Context, b Board, limit int) int {
	r := SolveBoard(ctx, b, Options{Algorithm: Fast, Limit: limit})
	if r.Status == Invalid || r.Status == Cancelled {
		return -1
	}
	return r.Solutions
}

// general is the search of dfs, mrv, lcv and cp (and of seed 002's
// dfs+, mrv+ and lcv+) on a board of any
// geometry (Solve runs it on the classic one). The backtracking
// algorithms keep the symbols used in each unit; cp keeps candidates per
// cell and a copy of the state per depth, so a guess allocates nothing
// once the search is as deep as it has been.
type general struct {
	search
	geo      *Geometry
	n        int
	all      uint32 // bits 1..N
	cells    []uint8
	used     []uint32 // per unit, for dfs, mrv and lcv
	solution []uint8
	rng      *Rand
	budget   int64 // tried placements allowed (0: no limit)

	// cp: candidates per cell and the states of the levels above
	cand   []uint32
	saved  [][]uint8 // cells per depth
	savedC [][]uint32

	// A killer's cages: for dfs, mrv and lcv each cage's symbols, their
	// sum and its empty cells, and the symbols its empty cells may still
	// take (the union of the combinations that complete it).
	cages  []Cage
	cageOf []int16
	combos *comboTable
	cUsed  []uint32
	cSum   []int
	cEmpty []int
	cMask  []uint32
	cEmp   []uint32 // scratch: the candidates of a cage's empty cells
	// The rule of 45's sets of cells with known sums (Geometry.sums): what
	// each still lacks and its empty cells, and the sets of each cell.
	sLeft    []int
	sEmpty   []int
	cellSums [][]int32
}

func newGeneral(ctx context.Context, b Board, opt Options) *general {
	g := b.Geo
	s := &general{search: newSearch(ctx, opt), geo: g, n: g.N, cells: append([]uint8(nil), b.Cells...), budget: opt.Budget}
	s.board = func() []uint8 { return s.cells }
	s.all = (uint32(1)<<(g.N+1) - 1) &^ 1
	s.used = make([]uint32, g.NumUnits())
	for i, d := range s.cells {
		if d != 0 {
			for _, u := range g.cellUnits[i] {
				s.used[u] |= 1 << d
			}
		}
	}
	if opt.Algorithm == CP && opt.Seed != 0 {
		s.rng = NewRand(opt.Seed)
	}
	if g.Killer() {
		s.cages, s.cageOf, s.combos = g.cages, g.cageOf, g.combos
		nc := len(g.cages)
		s.cUsed, s.cSum, s.cEmpty, s.cMask = make([]uint32, nc), make([]int, nc), make([]int, nc), make([]uint32, nc)
		for k, c := range g.cages {
			for _, i := range c.Cells {
				if d := s.cells[i]; d != 0 {
					s.cUsed[k] |= 1 << d
					s.cSum[k] += int(d)
				} else {
					s.cEmpty[k]++
				}
			}
			s.cageMask(k)
		}
		s.sLeft, s.sEmpty = make([]int, len(g.sums)), make([]int, len(g.sums))
		s.cellSums = make([][]int32, len(s.cells))
		for k, sc := range g.sums {
			s.sLeft[k] = sc.sum
			for _, i := range sc.cells {
				s.cellSums[i] = append(s.cellSums[i], int32(k))
				if d := s.cells[i]; d != 0 {
					s.sLeft[k] -= int(d)
				} else {
					s.sEmpty[k]++
				}
			}
		}
	}
	return s
}

// cageMask works out the symbols cage k's empty cells may still take:
// those of the combinations of as many symbols, not yet in the cage,
// that add up to what the sum still lacks.
func (s *general) cageMask(k int) {
	var m uint32
	used := s.cUsed[k]
	for _, c := range s.combos.of(s.cEmpty[k], s.cages[k].Sum-s.cSum[k]) {
		if c&used == 0 {
			m |= c
		}
	}
	s.cMask[k] = m
}

// cageTake and cageGive record symbol d placed in and taken from cell i
// of a killer.
func (s *general) cageTake(i int, d uint8) {
	for _, k := range s.cellSums[i] {
		s.sLeft[k] -= int(d)
		s.sEmpty[k]--
	}
	if k := s.cageOf[i]; k >= 0 {
		s.cUsed[k] |= 1 << d
		s.cSum[k] += int(d)
		s.cEmpty[k]--
		s.cageMask(int(k))
	}
}

func (s *general) cageGive(i int, d uint8) {
	for _, k := range s.cellSums[i] {
		s.sLeft[k] += int(d)
		s.sEmpty[k]++
	}
	if k := s.cageOf[i]; k >= 0 {
		s.cUsed[k] &^= 1 << d
		s.cSum[k] -= int(d)
		s.cEmpty[k]++
		s.cageMask(int(k))
	}
}

// run runs one of dfs, mrv, lcv and cp, or one of seed 002's searches.
func (s *general) run(a Algorithm) {
	switch a {
	case DFS:
		s.dfs(0)
	case MRV:
		s.mrv()
	case LCV:
		s.lcv(0)
	case CP:
		s.cp()
	case DFSSingles, MRVSingles, LCVSingles:
		s.initCandidates()
		if s.propagate() {
			s.singlesSearch(a, 0)
		}
	}
}

// found records a solution and reports whether the limit is reached.
func (s *general) foundOne() bool {
	if s.found == 0 {
		s.solution = append([]uint8(nil), s.cells...)
	}
	s.found++
	if s.found >= s.limit {
		s.stopped = true
	}
	return s.stopped
}

func (s *general) allowed(i int) uint32 {
	var u uint32
	for _, k := range s.geo.cellUnits[i] {
		u |= s.used[k]
	}
	if s.cageOf == nil {
		return s.all &^ u
	}
	m := s.all &^ u
	if k := s.cageOf[i]; k >= 0 {
		m &= s.cMask[k]
	}
	// Each set with a known sum: the cell takes at least what the sum
	// lacks beyond the most its other empty cells can hold, at most what
	// it lacks beyond the least.
	for _, k := range s.cellSums[i] {
		rest := s.sEmpty[k] - 1
		lo, hi := s.sLeft[k]-rest*s.n, s.sLeft[k]-rest
		if hi < 1 {
			return 0
		}
		if lo > 1 {
			if lo > s.n {
				return 0
			}
			m &= ^uint32(0) << lo
		}
		if hi < s.n {
			m &= uint32(1)<<(hi+1) - 1
		}
	}
	return m
}

func (s *general) place(i int, d uint8) {
	s.cells[i] = d
	for _, u := range s.geo.cellUnits[i] {
		s.used[u] |= 1 << d
	}
	if s.cageOf != nil {
		s.cageTake(i, d)
	}
	s.try()
	if s.live() {
		s.emit(Place, i, d)
	}
}

// try records a tried placement and stops the search when the budget is
// spent; tick, called at every node, then reports the stop.
func (s *general) try() {
	s.tried()
	if s.budget > 0 && s.stats.Iterations > s.budget && !s.stopped {
		s.stopped, s.err = true, ErrBudget
	}
}

func (s *general) unplace(i int, d uint8) {
	s.cells[i] = 0
	for _, u := range s.geo.cellUnits[i] {
		s.used[u] &^= 1 << d
	}
	if s.cageOf != nil {
		s.cageGive(i, d)
	}
	s.untried()
	if s.live() {
		s.emit(Remove, i, d)
	}
}

// dfs fills the first empty cell at or after pos with each allowed symbol
// in increasing order.
func (s *general) dfs(pos int) bool {
	for pos < len(s.cells) && s.cells[pos] != 0 {
		pos++
	}
	if pos == len(s.cells) {
		return s.foundOne()
	}
	if s.tick() {
		return true
	}
	ok := s.allowed(pos)
	for ok != 0 {
		d := uint8(bits.TrailingZeros32(ok))
		ok &= ok - 1
		s.place(pos, d)
		if s.dfs(pos + 1) {
			return true
		}
		s.unplace(pos, d)
	}
	return false
}

// mrv branches on the empty cell with the fewest allowed symbols.
func (s *general) mrv() bool {
	if s.tick() {
		return true
	}
	best, bestN := -1, s.n+1
	for i, d := range s.cells {
		if d != 0 {
			continue
		}
		if k := bits.OnesCount32(s.allowed(i)); k < bestN {
			best, bestN = i, k
			if k <= 1 {
				break
			}
		}
	}
	if best < 0 {
		return s.foundOne()
	}
	ok := s.allowed(best)
	for ok != 0 {
		d := uint8(bits.TrailingZeros32(ok))
		ok &= ok - 1
		s.place(best, d)
		if s.mrv() {
			return true
		}
		s.unplace(best, d)
	}
	return false
}

// lcv fills the first empty cell at or after pos, trying first the symbol
// that the fewest empty peers also allow, and skipping a symbol that is
// some empty peer's last.
func (s *general) lcv(pos int) bool {
	for pos < len(s.cells) && s.cells[pos] != 0 {
		pos++
	}
	if pos == len(s.cells) {
		return s.foundOne()
	}
	if s.tick() {
		return true
	}
	var order [MaxSide]uint8
	var score [MaxSide + 1]int
	k := 0
	ok := s.allowed(pos)
	for rest := ok; rest != 0; rest &= rest - 1 {
		d := uint8(bits.TrailingZeros32(rest))
		sc, dead := 0, false
		for _, p := range s.geo.peers[pos] {
			if s.cells[p] != 0 {
				continue
			}
			a := s.allowed(int(p))
			if a&(1<<d) != 0 {
				sc++
				if a == 1<<d {
					dead = true
					break
				}
			}
		}
		if dead {
			continue
		}
		score[d] = sc
		j := k
		for j > 0 && score[order[j-1]] > sc {
			order[j] = order[j-1]
			j--
		}
		order[j] = d
		k++
	}
	for _, d := range order[:k] {
		s.place(pos, d)
		if s.lcv(pos + 1) {
			return true
		}
		s.unplace(pos, d)
	}
	return false
}

// cp is constraint propagation: naked and hidden singles to a fixed point,
// then a guess on a cell with the fewest candidates, each guess on a copy
// of the state.
func (s *general) cp() {
	s.initCandidates()
	if !s.propagate() {
		return
	}
	s.singlesSearch(CP, 0)
}

func (s *general) assign(i int, d uint8) bool {
	s.cells[i] = d
	s.cand[i] = 0
	if s.live() {
		s.emit(Place, i, d)
	}
	bit := uint32(1) << d
	ok := true
	for _, p := range s.geo.peers[i] {
		if s.cand[p]&bit != 0 {
			s.cand[p] &^= bit
			if s.cand[p] == 0 && s.cells[p] == 0 {
				ok = false
			}
		}
	}
	return ok
}

func (s *general) propagate() bool {
	for {
		changed := false
		for i, d := range s.cells {
			if d != 0 {
				continue
			}
			c := s.cand[i]
			if c == 0 {
				return false
			}
			if c&(c-1) == 0 {
				if !s.assign(i, uint8(bits.TrailingZeros32(c))) {
					return false
				}
				changed = true
			}
		}
		for u := range s.geo.units {
			var once, twice, placed uint32
			for _, c := range s.geo.units[u] {
				if d := s.cells[c]; d != 0 {
					placed |= 1 << d
					continue
				}
				twice |= once & s.cand[c]
				once |= s.cand[c]
			}
			if (once|placed)&s.all != s.all {
				return false
			}
			hidden := once &^ twice &^ placed
			for hidden != 0 {
				d := uint8(bits.TrailingZeros32(hidden))
				hidden &= hidden - 1
				for _, c := range s.geo.units[u] {
					if s.cells[c] == 0 && s.cand[c]&(1<<d) != 0 {
						if !s.assign(int(c), d) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
		if s.cages != nil && !changed {
			ok, ch := s.propagateCages()
			if !ok {
				return false
			}
			if !ch {
				ok, ch = s.propagateSums()
				if !ok {
					return false
				}
			}
			changed = ch
		}
		if !changed {
			return true
		}
	}
}

// propagateSums narrows the candidates of each set of cells with a known
// sum (the rule of 45) to the values the others' least and greatest
// leave possible.
func (s *general) propagateSums() (ok, changed bool) {
	for _, sc := range s.geo.sums {
		left, lo, hi, empty := sc.sum, 0, 0, 0
		for _, i := range sc.cells {
			if d := s.cells[i]; d != 0 {
				left -= int(d)
				continue
			}
			c := s.cand[i]
			empty++
			lo += bits.TrailingZeros32(c)
			hi += 31 - bits.LeadingZeros32(c)
		}
		if left < lo || left > hi {
			return false, changed
		}
		if empty == 0 || lo == hi {
			continue
		}
		for _, i := range sc.cells {
			if s.cells[i] != 0 {
				continue
			}
			c := s.cand[i]
			cl, ch := bits.TrailingZeros32(c), 31-bits.LeadingZeros32(c)
			// This cell takes at least left - (hi - ch), at most left - (lo - cl).
			min, max := left-(hi-ch), left-(lo-cl)
			m := c
			if min > cl {
				m &= ^uint32(0) << min
			}
			if max < ch {
				m &= uint32(1)<<(max+1) - 1
			}
			if m != c {
				if m == 0 {
					return false, changed
				}
				s.cand[i] = m
				changed = true
			}
		}
	}
	return true, changed
}

// propagateCages narrows the candidates of each cage's empty cells to the
// combinations that can still complete it, and places a symbol every
// such combination holds when one cell alone can take it. It reports
// false on a contradiction, and whether it changed anything.
func (s *general) propagateCages() (ok, changed bool) {
	for _, c := range s.cages {
		var placed, union uint32
		sum := 0
		emp := s.cEmp[:0]
		for _, i := range c.Cells {
			if d := s.cells[i]; d != 0 {
				placed |= 1 << d
				sum += int(d)
			} else {
				emp = append(emp, s.cand[i])
				union |= s.cand[i]
			}
		}
		s.cEmp = emp
		if len(emp) == 0 {
			if sum != c.Sum {
				return false, changed
			}
			continue
		}
		var can uint32
		must := s.all
		for _, m := range s.combos.of(len(emp), c.Sum-sum) {
			if m&placed != 0 || m&^union != 0 {
				continue
			}
			fits := true
			for _, e := range emp {
				if e&m == 0 {
					fits = false
					break
				}
			}
			if fits {
				can |= m
				must &= m
			}
		}
		if can == 0 {
			return false, changed
		}
		for _, i := range c.Cells {
			if s.cells[i] != 0 {
				continue
			}
			if nc := s.cand[i] & can; nc != s.cand[i] {
				if nc == 0 {
					return false, changed
				}
				s.cand[i] = nc
				changed = true
			}
		}
		// A symbol every combination holds: with one place in the cage it
		// goes there; with its places in one unit it leaves the rest of
		// the unit.
		for must &= can; must != 0; must &= must - 1 {
			d := uint8(bits.TrailingZeros32(must))
			at, places := -1, 0
			var units uint64 // the units holding every place (unit numbers < 64)
			first := true
			for _, i := range c.Cells {
				if s.cells[i] == 0 && s.cand[i]&(1<<d) != 0 {
					at = int(i)
					places++
					var us uint64
					for _, u := range s.geo.cellUnits[i] {
						if u < 64 {
							us |= 1 << u
						}
					}
					if first {
						units, first = us, false
					} else {
						units &= us
					}
				}
			}
			if places == 0 {
				return false, changed
			}
			if places == 1 {
				if !s.assign(at, d) {
					return false, changed
				}
				changed = true
				continue
			}
			for ; units != 0; units &= units - 1 {
				u := bits.TrailingZeros64(units)
				for _, j := range s.geo.units[u] {
					if s.cells[j] == 0 && s.cand[j]&(1<<d) != 0 && s.cageOf[j] != s.cageOf[c.Cells[0]] {
						s.cand[j] &^= 1 << d
						if s.cand[j] == 0 {
							return false, changed
						}
						changed = true
					}
				}
			}
		}
	}
	return true, changed
}

// singlesSearch is the search of cp and of seed 002's searches below a
// simplified board (see CP, DFSSingles, MRVSingles and LCVSingles): each
// digit tried at the chosen cell on a copy of the board, simplified by
// the singles before the search goes below it. cp and mrv+ branch on the
// first cell with the fewest candidates (two at least: the singles leave
// none with one), dfs+ and lcv+ on the first empty cell; cp with a seed
// shuffles the digits.
func (s *general) singlesSearch(a Algorithm, depth int) bool {
	if s.tick() {
		return true
	}
	best, bestN := -1, s.n+1
	for i, d := range s.cells {
		if d != 0 {
			continue
		}
		if a == DFSSingles || a == LCVSingles {
			best = i
			break
		}
		if k := bits.OnesCount32(s.cand[i]); k < bestN {
			best, bestN = i, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		return s.foundOne()
	}
	for len(s.saved) <= depth {
		s.saved = append(s.saved, make([]uint8, len(s.cells)))
		s.savedC = append(s.savedC, make([]uint32, len(s.cells)))
	}
	keep, keepC := s.saved[depth], s.savedC[depth]
	copy(keep, s.cells)
	copy(keepC, s.cand)
	var digits [MaxSide]uint8
	k := 0
	for c := s.cand[best]; c != 0; c &= c - 1 {
		digits[k] = uint8(bits.TrailingZeros32(c))
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	var dead uint32 // LCVSingles: digits whose board the singles broke
	if a == LCVSingles && k > 1 {
		dead = s.orderByPermutations(best, digits[:k], keep, keepC)
	}
	for _, d := range digits[:k] {
		s.try()
		if s.stopped {
			return true
		}
		if dead&(1<<d) == 0 && s.assign(best, d) && s.propagate() {
			if s.singlesSearch(a, depth+1) {
				return true
			}
		}
		s.untried()
		if s.live() {
			s.retract(keep)
		}
		copy(s.cells, keep)
		copy(s.cand, keepC)
	}
	return false
}

// orderByPermutations sorts the digits of cell i, most permutations
// first (see LCVSingles): each is placed on the board keep, keepC and
// simplified, and the log of the product of the candidate counts of the
// empty cells left is its score. It returns the digits whose board the
// singles broke (they go last), and leaves the board as keep, keepC. The
// trial boards are not shown as progress: they are the ordering's, not
// the search's.
func (s *general) orderByPermutations(i int, digits []uint8, keep []uint8, keepC []uint32) (dead uint32) {
	var score [MaxSide + 1]float64
	ev := s.evOn
	s.evOn = false
	for _, d := range digits {
		if s.assign(i, d) && s.propagate() {
			for j, c := range s.cells {
				if c == 0 {
					score[d] += log2Count[bits.OnesCount32(s.cand[j])&31]
				}
			}
		} else {
			dead |= 1 << d
			score[d] = -1
		}
		copy(s.cells, keep)
		copy(s.cand, keepC)
	}
	s.evOn = ev
	for a := 1; a < len(digits); a++ { // stable: ties keep increasing order
		for b := a; b > 0 && score[digits[b]] > score[digits[b-1]]; b-- {
			digits[b], digits[b-1] = digits[b-1], digits[b]
		}
	}
	return dead
}

// log2Count[k] is log₂ k, a cell's share of the log of a board's
// permutations.
var log2Count = func() (t [32]float64) {
	for k := 1; k < len(t); k++ {
		t[k] = math.Log2(float64(k))
	}
	return t
}()

// retract reports, one by one, the removal of every cell filled since the
// state keep, before the search goes back to it.
func (s *general) retract(keep []uint8) {
	for i, d := range s.cells {
		if keep[i] == 0 && d != 0 {
			s.cells[i] = 0
			s.emit(Remove, i, d)
		}
	}
}

// PropagatedBoardCandidates returns each cell's symbols (bit d for symbol
// d, 0 for a filled cell) left after applying naked and hidden singles to
// b for as long as they apply, or until a contradiction.
func PropagatedBoardCandidates(b Board) []uint32 {
	_, cands := PropagatedBoard(b)
	return cands
}

// PropagatedBoard is PropagatedBoardCandidates with the cells as the
// singles left them: a cell still empty with no candidate is where they
// met a contradiction.
func PropagatedBoard(b Board) (cells []uint8, cands []uint32) {
	s := newGeneral(context.Background(), b, Options{Limit: 1})
	s.initCandidates()
	s.propagate()
	return s.cells, s.cand
}

// Candidates returns each empty cell's symbols (bit d for symbol d) that
// no peer holds, and 0 for a filled cell. O(N²). On a killer the cages'
// sums play no part (cage mates are peers): the symbols they rule out
// are for the player, or the rater's steps, to find.
func (b Board) Candidates() []uint32 {
	if b.Geo.Killer() {
		all := uint32(1)<<(b.Geo.N+1) - 2
		out := make([]uint32, len(b.Cells))
		for i, d := range b.Cells {
			if d != 0 {
				continue
			}
			m := all
			for _, p := range b.Geo.peers[i] {
				m &^= 1 << b.Cells[p]
			}
			out[i] = m
		}
		return out
	}
	s := newGeneral(context.Background(), b, Options{Limit: 1})
	s.initCandidates()
	return s.cand
}

// initCandidates gives each empty cell the symbols no peer holds.
func (s *general) initCandidates() {
	s.cand = make([]uint32, len(s.cells))
	for i, d := range s.cells {
		if d == 0 {
			s.cand[i] = s.allowed(i)
		}
	}
}

// FormatCandidates writes a candidate grid of a board of side n in 002's
// layout, for any shape: n lines of n sets, each set its n positions
// with the symbol or '.' ("{1.3..6..9}" on 9×9, "{}" for a filled cell),
// padded to a column of n+3 characters.
func FormatCandidates(n int, cands []uint32) string {
	return FormatCandidatesAt(n, nil, cands)
}

// FormatCandidatesAt is FormatCandidates that tells, by the cells of the
// position (nil: not known), an empty cell left without a candidate, the
// contradiction an unsolvable board shows, from a filled one: its n
// positions all '.' ("{.........}"), where a filled cell is "{}".
func FormatCandidatesAt(n int, cells []uint8, cands []uint32) string {
	var b strings.Builder
	for i, m := range cands {
		w := 0
		if m == 0 && (cells == nil || cells[i] != 0) {
			b.WriteString("{}")
			w = 2
		} else {
			b.WriteByte('{')
			for d := 1; d <= n; d++ {
				if m&(1<<d) != 0 {
					b.WriteByte(Symbol(uint8(d)))
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('}')
			w = n + 2
		}
		for ; w < n+3; w++ {
			b.WriteByte(' ')
		}
		if i%n == n-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// otherBudget is the placements OtherBoardSolution's search spends on
// each try: on a jigsaw of one given, a symbol that fits no solution took
// the search of the whole board to refute, and the editor's Save and
// `solve --count` stood still for good.
const otherBudget = 2000

// OtherBoardSolution is OtherSolution for a board of any shape: a solution
// of b other than sol that differs from it in the fewest cells, of those
// found with each empty cell given each other symbol in turn (each try
// within otherBudget), or false when sol is the only one or none was
// found. A classic board takes OtherSolution's way.
func OtherBoardSolution(ctx context.Context, b, sol Board) (Board, bool) {
	if g, ok := b.ToGrid(); ok {
		s, _ := sol.ToGrid()
		other, ok := OtherSolution(ctx, g, s)
		return BoardOf(other), ok
	}
	allowed := b.Candidates()
	var best Board
	least := len(b.Cells) + 1
	for i, d := range b.Cells {
		if d != 0 {
			continue
		}
		for e := 1; e <= b.Geo.N; e++ {
			if uint8(e) == sol.Cells[i] || allowed[i]&(1<<e) == 0 {
				continue
			}
			h := b.Clone()
			h.Cells[i] = uint8(e)
			r := SolveBoard(ctx, h, Options{Limit: 1, Budget: otherBudget})
			if ctx.Err() != nil {
				return best, least <= len(b.Cells)
			}
			if r.Status != Solved {
				continue
			}
			n := 0
			for k := range sol.Cells {
				if r.Solution.Cells[k] != sol.Cells[k] {
					n++
				}
			}
			if n < least {
				best, least = r.Solution, n
				if n <= 4 {
					return best, least <= len(b.Cells) // (two solutions differ in four cells at least)
				}
			}
		}
	}
	return best, least <= len(b.Cells)
}

// Change is one given of a board changed to another symbol.
type Change struct {
	Cell  int
	Digit uint8
}

// OneSolutionChanges returns the changes of one given of b to another
// symbol that make a puzzle with exactly one solution, at most max+1 of
// them (more than max: no one typo stands out), in cell order: for a
// board with no solution, where a mistyped given most likely is and
// what it should be. It returns nil on boards larger than 9×9 (thousands
// of searches) or when ctx ends. Each try on a shape other than classic
// stops after a budget of placements, the same on every machine.
func OneSolutionChanges(ctx context.Context, b Board, max int) []Change {
	var found []Change
	tryGivens(ctx, b, func(c Board, i int, was uint8) bool {
		for d := uint8(1); int(d) <= b.Geo.N && len(found) <= max; d++ {
			if d == was {
				continue
			}
			c.Cells[i] = d
			r := SolveBoard(ctx, c, Options{Algorithm: Fast, Limit: 2, Budget: changeBudget})
			if ctx.Err() != nil {
				return false
			}
			if r.Status == Solved && r.Solutions == 1 {
				found = append(found, Change{i, d})
			}
		}
		return true
	})
	if ctx.Err() != nil {
		return nil
	}
	return found // (nil on boards larger than 9×9: tryGivens tries none)
}

// SolvableWithout returns the givens of b (cells, in order) that, taken
// out alone, leave a board with a solution: on a board with none and one
// wrong given, that given is among them. nil on boards larger than 9×9 or
// when ctx ends; each try is budgeted as in OneSolutionChanges.
func SolvableWithout(ctx context.Context, b Board) []int {
	var found []int
	tryGivens(ctx, b, func(c Board, i int, _ uint8) bool {
		c.Cells[i] = 0
		r := SolveBoard(ctx, c, Options{Algorithm: Fast, Limit: 1, Budget: changeBudget})
		if ctx.Err() != nil {
			return false
		}
		if r.Status == Solved {
			found = append(found, i)
		}
		return true
	})
	if ctx.Err() != nil {
		return nil
	}
	return found // (nil on boards larger than 9×9: tryGivens tries none)
}

// changeBudget bounds each try of OneSolutionChanges and SolvableWithout
// on a shape other than classic: placements, the same on every machine.
const changeBudget = 20_000

// tryGivens calls try for each given of b, in cell order, on a copy of b
// (cell i holding was again after each call), until try returns false.
// Boards larger than 9×9 are not tried: thousands of searches.
func tryGivens(ctx context.Context, b Board, try func(c Board, i int, was uint8) bool) {
	if b.Geo.N > 9 {
		return
	}
	c := b.Clone()
	for i, was := range b.Cells {
		if was == 0 {
			continue
		}
		ok := try(c, i, was)
		c.Cells[i] = was
		if !ok || ctx.Err() != nil {
			return
		}
	}
}
