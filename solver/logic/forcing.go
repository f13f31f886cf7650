package logic

import (
	"math/bits"
	"strconv"
	"strings"

	"example.com/sudoku/solver"
)

// Forcing chains assume a candidate and follow the naked and hidden
// singles that result. An assumption that ends in a contradiction is
// false; a conclusion that every candidate of a cell (or every place of a
// digit in a unit) leads to is true. Trial, the last resort, refutes a
// candidate by exhaustive search.

// affected[i] is the set of units (bit u) that contain cell i or one of
// its peers: the units whose candidates can change when i is filled. It is
// built by state.go's init, after the geometry it reads: Go runs a
// package's init functions in file-name order, and this file's once ran
// first, leaving every entry with row 1's units only.
var affected [81]uint32

func initAffected() {
	for i := 0; i < 81; i++ {
		for _, u := range cellUnit[i] {
			affected[i] |= 1 << u
		}
		for t := peerSet[i]; !t.empty(); {
			for _, u := range cellUnit[t.pop()] {
				affected[i] |= 1 << u
			}
		}
	}
}

// propagate applies naked and hidden singles until none is left, looking
// only at the cells and units that changed, or until it has made limit
// placements. It returns the number of placements, false on a
// contradiction (an empty cell without candidates, or a digit with no
// place in a unit that lacks it), and whether it stopped at the limit
// with work left. cells and units (bit u) say where to look first: the
// peers and affected units of a cell just filled.
func propagate(s *state, cells cellSet, units uint32, limit int) (n int, ok, stopped bool) {
	for {
		if n >= limit && (!cells.empty() || units != 0) {
			return n, true, true
		}
		if !cells.empty() {
			i := cells.pop()
			if s.grid[i] != 0 {
				continue
			}
			c := s.cand[i]
			if c == 0 {
				return n, false, false
			}
			if c&(c-1) == 0 {
				d := lowDigit(c)
				cells = cells.or(peerSet[i].and(s.where[d]))
				units |= affected[i]
				s.place(i, d)
				n++
			}
			continue
		}
		if units == 0 {
			return n, true, false
		}
		u := bits.TrailingZeros32(units)
		units &= units - 1
		for d := uint8(1); d <= 9; d++ {
			m := s.pos[d][u]
			if m == 0 {
				if s.placed[u]&(1<<d) == 0 {
					return n, false, false
				}
				continue
			}
			if m&(m-1) == 0 {
				i := int(unitCells[u][lowBit(m)])
				cells = cells.or(peerSet[i].and(s.where[d]))
				units |= affected[i]
				s.place(i, d)
				n++
			}
		}
	}
}

// noLimit lets propagate run to the end: there are at most 81 placements.
const noLimit = 81

// assume places d in cell i and propagates singles from there, making at
// most limit further placements.
func assume(s *state, i int, d uint8, limit int) (int, bool, bool) {
	cells := peerSet[i].and(s.where[d])
	s.place(i, d)
	return propagate(s, cells, affected[i], limit)
}

// branch is what follows from assuming one candidate.
type branch struct {
	ok bool   // no contradiction
	n  uint16 // placements until the contradiction or the end
	// on[d]: cells that end up holding d; off[d]: cells that had candidate
	// d and end up without it (placed otherwise or eliminated).
	on, off [10]cellSet
}

// forcingTable holds the branch of every candidate of one position; the
// three forcing chain techniques share it. About 260 KB, taken from a pool
// the first time a position needs it.
type forcingTable struct {
	valid bool
	// complete is false when some branches were cut short because a
	// shorter contradiction was already known; only the contradiction
	// technique may use such a table.
	complete bool
	// shortest is the candidate whose branch contradicts soonest, or cell
	// -1.
	shortest Candidate
	b        [81][10]branch
}

// table returns the branches of s, computing them when the position has
// changed since. Once a contradiction is found, later branches stop at its
// length: they could not give a shorter one. Cost: one propagation per
// candidate, O(729 · placements · 20).
func (f *finder) table(s *state) *forcingTable {
	if f.forcing == nil {
		f.forcing = forcingPool.Get().(*forcingTable)
	}
	ft := f.forcing
	if ft.valid {
		return ft
	}
	ft.complete, ft.shortest = true, Candidate{-1, 0}
	limit := noLimit
	for t := s.empty; !t.empty(); {
		i := t.pop()
		for cs := s.cand[i]; cs != 0; cs &= cs - 1 {
			d := lowDigit(cs)
			b := &ft.b[i][d]
			x := *s
			n, ok, stopped := assume(&x, i, d, limit)
			b.ok, b.n = ok, uint16(n)
			if stopped {
				ft.complete = false
			}
			if !ok {
				if ft.shortest.Cell < 0 || n < limit {
					ft.shortest, limit = Candidate{i, d}, n
				}
				continue
			}
			b.on = [10]cellSet{}
			for nt := s.empty.andNot(x.empty); !nt.empty(); {
				c := nt.pop()
				b.on[x.grid[c]].add(c)
			}
			for e := 1; e <= 9; e++ {
				b.off[e] = s.where[e].andNot(x.where[e]).andNot(b.on[e])
			}
		}
	}
	ft.valid = true
	return ft
}

// findForcingContradiction refutes the candidate whose singles reach a
// contradiction soonest.
func findForcingContradiction(f *finder, s *state) bool {
	ft := f.table(s)
	if ft.shortest.Cell < 0 {
		return false
	}
	bi, bd := ft.shortest.Cell, ft.shortest.Digit
	f.em.cur.elim[bd].add(bi)
	f.em.hit(ForcingContradiction, func(st *Step) {
		tr := newTracer(s, bi, bd)
		st.Cells = []int{bi}
		st.Pattern = []Candidate{{bi, bd}}
		chain := tr.explain(tr.contra)
		st.Other = tr.candidates(chain)
		what := tr.contradiction
		if what == "" { // cannot happen: singles reach a contradiction whatever their order
			what = "the rules would be broken"
		}
		st.Text = "If " + name(bi) + " were " + itoa(bd) + ", " + tr.sentence(chain) + what + "; so " +
			name(bi) + " is not " + itoa(bd) + "."
	})
	return true
}

// conclusion is a placement or an elimination common to several branches.
type conclusion struct {
	cell  int
	digit uint8
	place bool
}

// common returns the first conclusion shared by the branches of the
// given candidates (a placement if there is one, else an elimination), or
// false.
func common(ft *forcingTable, assumptions []Candidate) (conclusion, bool) {
	var on, off [10]cellSet
	for k, a := range assumptions {
		b := &ft.b[a.Cell][a.Digit]
		if !b.ok {
			return conclusion{}, false
		}
		if k == 0 {
			on, off = b.on, b.off
			continue
		}
		for d := 1; d <= 9; d++ {
			on[d] = on[d].and(b.on[d])
			off[d] = off[d].and(b.off[d])
		}
	}
	best := conclusion{cell: -1}
	for d := uint8(1); d <= 9; d++ {
		if i := on[d].first(); i >= 0 && (best.cell < 0 || i < best.cell) {
			best = conclusion{i, d, true}
		}
	}
	if best.cell >= 0 {
		return best, true
	}
	for d := uint8(1); d <= 9; d++ {
		if i := off[d].first(); i >= 0 && (best.cell < 0 || i < best.cell) {
			best = conclusion{i, d, false}
		}
	}
	return best, best.cell >= 0
}

func (f *finder) emitConclusion(t Technique, c conclusion, describe func(st *Step)) {
	if c.place {
		f.em.cur.place[c.digit].add(c.cell)
	} else {
		f.em.cur.elim[c.digit].add(c.cell)
	}
	f.em.hit(t, describe)
}

// findCellForcingChain looks, cells with fewest candidates first, for a
// cell whose every candidate leads to the same conclusion.
func findCellForcingChain(f *finder, s *state) bool {
	ft := f.table(s)
	if !ft.complete {
		return false
	}
	var as [9]Candidate
	for k := 2; k <= 9; k++ {
		for t := s.empty; !t.empty(); {
			i := t.pop()
			if s.cand[i].Count() != k {
				continue
			}
			n := 0
			for cs := s.cand[i]; cs != 0; cs &= cs - 1 {
				as[n] = Candidate{i, lowDigit(cs)}
				n++
			}
			c, ok := common(ft, as[:n])
			if !ok {
				continue
			}
			f.emitConclusion(CellForcingChain, c, func(st *Step) {
				st.Cells = []int{i}
				st.Pattern = append([]Candidate(nil), as[:n]...)
				cases := describeCases(s, as[:n], c, st, func(a Candidate) string { return itoa(a.Digit) })
				st.Text = name(i) + " is " + digitOrList(s.cand[i]) + ", and each leads by singles to " +
					c.String() + " (" + cases + "), so " + c.verdict() + "."
			})
			return true
		}
	}
	return false
}

// findUnitForcingChain looks, digits with fewest places first, for a unit
// where every place of a digit leads to the same conclusion.
func findUnitForcingChain(f *finder, s *state) bool {
	ft := f.table(s)
	if !ft.complete {
		return false
	}
	var as [9]Candidate
	for k := 2; k <= 9; k++ {
		for u := 0; u < 27; u++ {
			for d := uint8(1); d <= 9; d++ {
				m := s.pos[d][u]
				if popcount16(m) != k {
					continue
				}
				n := 0
				for ; m != 0; m &= m - 1 {
					as[n] = Candidate{int(unitCells[u][lowBit(m)]), d}
					n++
				}
				c, ok := common(ft, as[:n])
				if !ok {
					continue
				}
				f.emitConclusion(UnitForcingChain, c, func(st *Step) {
					st.Units = units(u)
					st.Pattern = append([]Candidate(nil), as[:n]...)
					for _, a := range as[:n] {
						st.Cells = append(st.Cells, a.Cell)
					}
					cases := describeCases(s, as[:n], c, st, func(a Candidate) string { return name(a.Cell) })
					st.Text = "In " + unitName(u) + ", " + itoa(d) + " can only go in " + cellOrList(st.Cells) +
						", and each leads by singles to " + c.String() + " (" + cases + "), so " + c.verdict() + "."
				})
				return true
			}
		}
	}
	return false
}

// describeCases writes, for each assumption, the chain of placements that
// leads to c, and adds the chains' candidates to the step's highlight.
func describeCases(s *state, as []Candidate, c conclusion, st *Step, label func(Candidate) string) string {
	parts := make([]string, len(as))
	for k, a := range as {
		tr := newTracer(s, a.Cell, a.Digit)
		chain := tr.explain(tr.conclusionCauses(c))
		st.Other = append(st.Other, tr.candidates(chain)...)
		words := []string{label(a)}
		for _, e := range chain {
			if e > 0 {
				words = append(words, tr.log[e].String())
			}
		}
		// An elimination that comes from filling its cell reads better
		// without "r1c4=8 → r1c4≠6".
		if last := chain[len(chain)-1]; !c.place && (last == 0 || tr.log[last].Cell != c.cell) {
			words = append(words, c.String())
		}
		parts[k] = strings.Join(words, " → ")
	}
	return strings.Join(parts, "; ")
}

func (c conclusion) String() string {
	if c.place {
		return name(c.cell) + "=" + itoa(c.digit)
	}
	return name(c.cell) + "≠" + itoa(c.digit)
}

func (c conclusion) verdict() string {
	if c.place {
		return name(c.cell) + " is " + itoa(c.digit)
	}
	return name(c.cell) + " is not " + itoa(c.digit)
}

// tracer re-runs the singles after an assumption, recording why each
// placement happened, so that a step can name the placements that matter.
type tracer struct {
	st    state
	start solver.Candidates
	log   []Candidate   // placements in order; log[0] is the assumption
	cause [][]int       // the log entries each placement depends on
	by    [81][10]int16 // the log entry that removed a candidate, or -1
	// After a contradiction, its causes and its description.
	contra        []int
	contradiction string
}

func newTracer(s *state, i int, d uint8) *tracer {
	tr := &tracer{st: *s, start: s.cand}
	for c := range tr.by {
		for e := range tr.by[c] {
			tr.by[c][e] = -1
		}
	}
	tr.place(i, d, nil)
	tr.run()
	return tr
}

func (tr *tracer) place(i int, d uint8, causes []int) {
	k := int16(len(tr.log))
	tr.log = append(tr.log, Candidate{i, d})
	tr.cause = append(tr.cause, causes)
	for cs := tr.st.cand[i] &^ (1 << d); cs != 0; cs &= cs - 1 {
		tr.by[i][lowDigit(cs)] = k
	}
	for t := peerSet[i].and(tr.st.where[d]); !t.empty(); {
		tr.by[t.pop()][d] = k
	}
	tr.st.place(i, d)
}

// removedFrom lists the entries that removed the candidates ds of cell i.
func (tr *tracer) removedFrom(i int, ds solver.Set) []int {
	var out []int
	for ; ds != 0; ds &= ds - 1 {
		if k := tr.by[i][lowDigit(ds)]; k >= 0 {
			out = append(out, int(k))
		}
	}
	return out
}

// removedIn lists the entries that removed d from the cells of unit u.
func (tr *tracer) removedIn(u int, d uint8) []int {
	var out []int
	for _, c := range unitCells[u] {
		if tr.start[c].Has(d) {
			if k := tr.by[c][d]; k >= 0 {
				out = append(out, int(k))
			}
		}
	}
	return out
}

// run mirrors propagate, recording causes, until a contradiction or the
// end.
func (tr *tracer) run() {
	s := &tr.st
	for {
		progress := false
		for t := s.empty; !t.empty(); {
			i := t.pop()
			c := s.cand[i]
			if c == 0 {
				tr.contra = tr.removedFrom(i, tr.start[i])
				tr.contradiction = name(i) + " would have no candidate left"
				return
			}
			if c&(c-1) == 0 {
				d := lowDigit(c)
				tr.place(i, d, tr.removedFrom(i, tr.start[i]&^(1<<d)))
				progress = true
			}
		}
		for u := 0; u < 27; u++ {
			for d := uint8(1); d <= 9; d++ {
				m := s.pos[d][u]
				if m == 0 {
					if s.placed[u]&(1<<d) == 0 {
						tr.contra = tr.removedIn(u, d)
						tr.contradiction = unitName(u) + " would have no place left for " + itoa(d)
						return
					}
					continue
				}
				if m&(m-1) == 0 {
					i := int(unitCells[u][lowBit(m)])
					var causes []int
					for _, k := range tr.removedIn(u, d) {
						if tr.log[k].Cell != i {
							causes = append(causes, k)
						}
					}
					tr.place(i, d, causes)
					progress = true
				}
			}
		}
		if !progress {
			return
		}
	}
}

// conclusionCauses returns the entries that establish c in this branch.
func (tr *tracer) conclusionCauses(c conclusion) []int {
	if tr.st.grid[c.cell] != 0 {
		for k, p := range tr.log {
			if p.Cell == c.cell {
				return []int{k}
			}
		}
	}
	if k := tr.by[c.cell][c.digit]; k >= 0 {
		return []int{int(k)}
	}
	return nil
}

// explain returns, in log order, the entries the given ones depend on
// (themselves included; the assumption is entry 0).
func (tr *tracer) explain(roots []int) []int {
	need := make([]bool, len(tr.log))
	stack := append([]int{0}, roots...)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if need[k] {
			continue
		}
		need[k] = true
		stack = append(stack, tr.cause[k]...)
	}
	var out []int
	for k, n := range need {
		if n {
			out = append(out, k)
		}
	}
	return out
}

// sentence writes the placements of a chain after the assumption.
func (tr *tracer) sentence(chain []int) string {
	var words []string
	for _, k := range chain {
		if k > 0 {
			words = append(words, tr.log[k].String())
		}
	}
	if len(words) == 0 {
		return ""
	}
	return "singles would give " + strings.Join(words, ", ") + ", and then "
}

func (tr *tracer) candidates(chain []int) []Candidate {
	var out []Candidate
	for _, k := range chain {
		if k > 0 {
			out = append(out, tr.log[k])
		}
	}
	return out
}

// maxTrialGuesses bounds the refutation search of one candidate. A wrong
// candidate of a real puzzle is refuted in far fewer; a search that runs
// out proves nothing.
const maxTrialGuesses = 1 << 17

// searcher holds one position per guess depth, so that a search
// allocates nothing (about 85 KB, taken from a pool once per finder).
type searcher struct {
	stack    [82]state
	solution solver.Grid // the first solution found
}

// search reports whether the propagated position at stack[depth] has a
// solution: 1 yes, 0 no, -1 the guess budget ran out first. It guesses on
// a cell with fewest candidates and propagates singles after each guess.
func (sr *searcher) search(depth int, budget *int) int {
	s := &sr.stack[depth]
	if s.solved() {
		sr.solution = s.grid
		return 1
	}
	best, bestN := -1, 10
	for t := s.empty; !t.empty(); {
		i := t.pop()
		if n := s.cand[i].Count(); n < bestN {
			best, bestN = i, n
		}
	}
	for cs := s.cand[best]; cs != 0; cs &= cs - 1 {
		if *budget <= 0 {
			return -1
		}
		*budget--
		x := &sr.stack[depth+1]
		*x = *s
		if _, ok, _ := assume(x, best, lowDigit(cs), noLimit); !ok {
			continue
		}
		if r := sr.search(depth+1, budget); r != 0 {
			return r
		}
	}
	return 0
}

// findTrial refutes by search, among the candidates of cells with two
// candidates (or, if there are none, of all cells), the one whose
// refutation needs the fewest guesses. A first search finds a solution;
// only candidates that disagree with it can be wrong, and each is searched
// with a budget of the fewest guesses so far. On a puzzle with one
// solution one candidate of every cell is wrong; on an ambiguous position
// nothing may be refuted, and there is no step.
func findTrial(f *finder, s *state) bool {
	if f.search == nil {
		f.search = searchPool.Get().(*searcher)
	}
	sr := f.search
	sr.stack[0] = *s
	budget := maxTrialGuesses
	var solution solver.Grid
	switch sr.search(0, &budget) {
	case 1:
		solution = sr.solution
	case -1:
		return false
	}
	cells := s.bivalue()
	if cells.empty() {
		cells = s.empty
	}
	var wrong [729]Candidate
	n := 0
	for t := cells; !t.empty(); {
		i := t.pop()
		for cs := s.cand[i] &^ (1 << solution[i]); cs != 0; cs &= cs - 1 {
			wrong[n] = Candidate{i, lowDigit(cs)}
			n++
		}
	}
	// Try first the candidates whose singles go furthest (their searches
	// tend to be small), so that the budget shrinks early.
	if ft := f.forcing; ft != nil && ft.valid && ft.complete {
		w := wrong[:n]
		for a := 1; a < n; a++ {
			for b := a; b > 0 && ft.b[w[b].Cell][w[b].Digit].n > ft.b[w[b-1].Cell][w[b-1].Digit].n; b-- {
				w[b], w[b-1] = w[b-1], w[b]
			}
		}
	}
	best, bestUsed := Candidate{-1, 0}, maxTrialGuesses+1
	for k := 0; k < n && bestUsed > 0; k++ {
		x := &sr.stack[0]
		*x = *s
		used := 0
		if _, ok, _ := assume(x, wrong[k].Cell, wrong[k].Digit, noLimit); ok {
			b := bestUsed - 1
			if sr.search(0, &b) != 0 {
				continue
			}
			used = bestUsed - 1 - b
		}
		if used < bestUsed {
			best, bestUsed = wrong[k], used
		}
	}
	if best.Cell < 0 {
		return false
	}
	f.em.cur.elim[best.Digit].add(best.Cell)
	f.em.hit(Trial, func(st *Step) {
		st.Cells = []int{best.Cell}
		st.Pattern = []Candidate{best}
		st.Text = "If " + name(best.Cell) + " were " + itoa(best.Digit) + ", every way of filling in the rest (" +
			strconv.Itoa(bestUsed) + " guesses tried) would break the rules, so " + name(best.Cell) + " is not " + itoa(best.Digit) + "."
	})
	return true
}
