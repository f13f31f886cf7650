package logic

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"example.com/sudoku/solver"
)

// Boards of any shape (solver.Geometry: 4×4 to 16×16, X, jigsaw) are
// solved and rated with the techniques that carry over to every geometry,
// tried in the order and with the scores of the classic table, each step
// described as the classic solver describes its own:
//
//   - singles: full house, hidden single (region, then row and column
//     and, on X, diagonal), naked single;
//   - intersections: a symbol of one unit confined to its overlap with a
//     second unit leaves the rest of the second (pointing from a region,
//     claiming from a line or a diagonal);
//   - naked and hidden pairs, triples and quads in any unit;
//   - fish of size 2 to 4 on rows and columns (X-Wing, Swordfish,
//     Jellyfish);
//   - XY-Wing and XYZ-Wing, on the peers of the geometry;
//   - XY-Chain: bivalue cells, each seeing the next, that force a symbol
//     at one end or the other;
//   - forcing chains: a candidate whose singles lead to a contradiction
//     is removed; a bivalue cell whose two symbols both lead, by
//     singles, to the same placement makes it;
//   - and, when none of these goes on, Trial: a candidate refuted by
//     search.
//
// On a classic board NextBoardStep and SolveBoard use the classic solver,
// which knows more techniques; RateBoard keeps to the ones above.

// bstate is a position on a board of any shape: symbols and candidates.
type bstate struct {
	geo   *solver.Geometry
	n     int
	cells []uint8
	cand  []uint32
	empty int
	// describe asks the finders for the step's pattern and text, which
	// rating alone does not need.
	describe bool
	// ctx ends the search of a trial step (rateBoard's; a 16×16's could
	// go on for a minute after the window's Cancel).
	ctx context.Context
}

func newBState(b solver.Board) *bstate {
	s := &bstate{geo: b.Geo, n: b.Geo.N, cells: append([]uint8(nil), b.Cells...), ctx: context.Background()}
	if b.Geo.Killer() {
		s.cand = plainCandidates(b)
	} else {
		s.cand = b.Candidates()
	}
	for _, d := range s.cells {
		if d == 0 {
			s.empty++
		}
	}
	return s
}

// clone is an independent copy of s.
func (s *bstate) clone() *bstate {
	c := *s
	c.cells, c.cand = slices.Clone(s.cells), slices.Clone(s.cand)
	return &c
}

func (s *bstate) place(i int, d uint8) {
	s.cells[i] = d
	s.cand[i] = 0
	s.empty--
	for _, p := range s.geo.Peers(i) {
		s.cand[p] &^= 1 << d
	}
}

// apply makes a step's placements and eliminations. It reports false when
// a placement is no longer a candidate (the step contradicts itself).
func (s *bstate) apply(st *Step) bool {
	for _, p := range st.Placements {
		if s.cells[p.Cell] != 0 || s.cand[p.Cell]&(1<<p.Digit) == 0 {
			return false
		}
		s.place(p.Cell, p.Digit)
	}
	for _, e := range st.Eliminations {
		s.cand[e.Cell] &^= 1 << e.Digit
	}
	return true
}

// broken reports an empty cell without candidates or a unit missing a
// symbol with no place left: the givens contradict each other.
func (s *bstate) broken() bool {
	cell, unit, _, cage := s.brokenAt()
	return cell >= 0 || unit >= 0 || cage >= 0
}

// brokenAt finds what broken reports: an empty cell without candidates
// (cell), a unit without a place for a symbol (unit, missing), or a cage
// whose sum is out of reach (cage); the others are -1 (missing 0).
func (s *bstate) brokenAt() (cell, unit int, missing uint32, cage int) {
	for i, d := range s.cells {
		if d == 0 && s.cand[i] == 0 {
			return i, -1, 0, -1
		}
	}
	for u := 0; u < s.geo.NumUnits(); u++ {
		var have uint32
		for _, c := range s.geo.Unit(u) {
			have |= s.cand[c] | 1<<s.cells[c]
		}
		if m := (uint32(1)<<(s.n+1) - 1) &^ (have | 1); m != 0 {
			return -1, u, m, -1
		}
	}
	if s.geo.Killer() {
		for k := range s.geo.Cages() {
			if s.cageBrokenAt(k) {
				return -1, -1, 0, k
			}
		}
	}
	return -1, -1, 0, -1
}

// ErrBoardUnsolvable is RateBoard's answer for givens that leave a cell or
// a unit without a place for a symbol, or lead there.
var ErrBoardUnsolvable = errors.New("the givens contradict each other")

// RateBoard rates a board of any shape by the hardest technique its
// solution needs (see above). A board with several solutions or none is
// refused: check with solver.CountBoard first when that is not known.
func RateBoard(ctx context.Context, b solver.Board) (Rating, error) {
	return rateBoard(ctx, b, Insane, nil)
}

// RatePuzzle rates a puzzle of any shape whose solutions are not known:
// a classic board with Rate (every technique), another after counting
// its solutions, with RateBoard. It fails as Rate does: the
// *solver.ConflictError or *solver.BoardConflict of givens that break the
// rules, ErrNoSolution, ErrMultipleSolutions.
func RatePuzzle(ctx context.Context, b solver.Board) (Rating, error) {
	if g, ok := b.ToGrid(); ok {
		return RateContext(ctx, g) // (Rate's went on after the file was closed)
	}
	if err := b.Validate(); err != nil {
		return Rating{}, err
	}
	switch solver.CountBoard(ctx, b, 2) {
	case -1:
		return Rating{}, ctx.Err()
	case 0:
		return Rating{}, noSolutionOf(b)
	case 2:
		return Rating{}, ErrMultipleSolutions
	}
	return RateBoard(ctx, b)
}

// noSolutionOf is ErrNoSolution for board b, with the reason when it is a
// killer whose sums do not add up (no given is to blame: "has no
// solution" alone left a setter to find the mistyped sum).
func noSolutionOf(b solver.Board) error {
	if why, _ := KillerWhy(b); why != "" {
		return fmt.Errorf("%w: %s", ErrNoSolution, why)
	}
	return ErrNoSolution
}

// NoSolutionWhy is Unsolvable for board b, which has no solution, from
// the singles that follow from its givens: the sentence without its full
// stop, and the cells it names.
func NoSolutionWhy(b solver.Board) (why string, where []int) {
	cells, cands := solver.PropagatedBoard(b)
	why, where = Unsolvable(b.Geo, cells, cands)
	return strings.TrimSuffix(why, "."), where
}

// KillerWhy is NoSolutionWhy for a killer: its sums do not add up
// (CageTotal), or where its cages break (two sums swapped add up right,
// and "has no solution" named no place). "" for a board of another kind,
// whose givens are to blame (Typo).
func KillerWhy(b solver.Board) (why string, where []int) {
	if b.Geo == nil || !b.Geo.Killer() {
		return "", nil
	}
	return NoSolutionWhy(b)
}

// RateBoardUpTo is RateBoard restricted to the techniques of level max
// and below: it returns ErrTooHard as soon as a harder one is needed.
func RateBoardUpTo(ctx context.Context, b solver.Board, max Level) (Rating, error) {
	return rateBoard(ctx, b, max, nil)
}

// SolveBoard returns the whole logical path from the givens of b, a board
// of any shape, to its solution, each step the simplest available and
// described. A classic board gets Solve's path. It fails as Solve does,
// and with ErrBoardUnsolvable for givens that contradict each other.
func SolveBoard(b solver.Board) ([]Step, error) {
	if g, ok := b.ToGrid(); ok {
		return Solve(g)
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	switch solver.CountBoard(context.Background(), b, 2) {
	case 0:
		return nil, noSolutionOf(b)
	case 2:
		return nil, ErrMultipleSolutions
	}
	var steps []Step
	_, err := rateBoard(context.Background(), b, Insane, func(st Step) { steps = append(steps, st) })
	return steps, err
}

// NextBoardStep returns the simplest step from a position on a board of
// any shape: b's symbols and each cell's candidates cands (bit d for
// symbol d), or false when there is none (the board is full or broken).
// A classic board gets NextStep's step.
func NextBoardStep(b solver.Board, cands []uint32) (Step, bool) {
	if g, ok := b.ToGrid(); ok {
		var c solver.Candidates
		for i, m := range cands {
			c[i] = solver.Set(m)
		}
		return NextStep(g, c)
	}
	s := &bstate{geo: b.Geo, n: b.Geo.N, cells: slices.Clone(b.Cells), cand: make([]uint32, len(cands)), describe: true, ctx: context.Background()}
	valid := plainCandidates(b) // on a killer, the cages' sums come in by steps
	for i := range cands {
		s.cand[i] = cands[i] & valid[i]
		if s.cells[i] == 0 {
			s.empty++
		}
	}
	if s.empty == 0 || s.broken() {
		return Step{}, false
	}
	return s.step(Insane)
}

// ApplyBoard writes the step's placements into b, removing each placed
// symbol from its peers' candidates in cands, and removes the step's
// eliminations from cands: Apply for a board of any shape.
func (st Step) ApplyBoard(b solver.Board, cands []uint32) {
	for _, p := range st.Placements {
		b.Cells[p.Cell] = p.Digit
		cands[p.Cell] = 0
		for _, q := range b.Geo.Peers(p.Cell) {
			cands[q] &^= 1 << p.Digit
		}
	}
	for _, e := range st.Eliminations {
		cands[e.Cell] &^= 1 << e.Digit
	}
}

func rateBoard(ctx context.Context, b solver.Board, max Level, emit func(Step)) (Rating, error) {
	if err := b.Validate(); err != nil {
		return Rating{}, err
	}
	s := newBState(b)
	s.describe, s.ctx = emit != nil, ctx
	var r Rating
	note := func(st *Step) {
		r.Steps++
		if t := st.Technique; t.Score() > r.Score || r.Hardest == None {
			// The step's own name: a jigsaw's hidden single is in a
			// region, as explain and the hints say, not a box.
			r.Score, r.Hardest, r.Name = t.Score(), t, st.Title()
		}
	}
	for s.empty > 0 {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if s.broken() {
			return r, ErrBoardUnsolvable
		}
		st, ok := s.step(max)
		if !ok {
			if err := ctx.Err(); err != nil {
				return r, err // a trial's search stopped
			}
			r.Level = BoardLevel(r.Hardest)
			return r, ErrTooHard
		}
		if !s.apply(&st) {
			return r, ErrBoardUnsolvable
		}
		note(&st)
		if emit != nil {
			emit(st)
		}
	}
	r.Level = BoardLevel(r.Hardest)
	return r, nil
}

// BoardLevel is the level of a board of another shape than classic 9×9
// whose hardest step is t: a trial (search needed) makes it insane, the
// top level of other shapes (classic boards go by ER: LevelOf).
func BoardLevel(t Technique) Level {
	if t == Trial {
		return Insane
	}
	return t.Level()
}

// step finds the simplest step of level max or below; false when none
// applies.
func (s *bstate) step(max Level) (Step, bool) {
	killer := s.geo.Killer()
	if killer {
		if st, ok := s.cageLastCell(); ok {
			st.Technique, st.Score = CageLastCell, CageLastCell.Score()
			return st, true
		}
	}
	if st, ok := s.singles(); ok {
		st.Score = st.Technique.Score()
		return st, true
	}
	type finder struct {
		t Technique
		f func() (Step, bool)
	}
	finders := []finder{
		{Pointing, func() (Step, bool) { return s.intersections(true) }},
		{Claiming, func() (Step, bool) { return s.intersections(false) }},
		{NakedPair, func() (Step, bool) { return s.nakedSubset(2) }},
		{XWing, func() (Step, bool) { return s.fish(2) }},
		{HiddenPair, func() (Step, bool) { return s.hiddenSubset(2) }},
		{NakedTriple, func() (Step, bool) { return s.nakedSubset(3) }},
		{Swordfish, func() (Step, bool) { return s.fish(3) }},
		{HiddenTriple, func() (Step, bool) { return s.hiddenSubset(3) }},
		{XYWing, s.xyWing},
		{XYZWing, s.xyzWing},
		{NakedQuad, func() (Step, bool) { return s.nakedSubset(4) }},
		{Jellyfish, func() (Step, bool) { return s.fish(4) }},
		{HiddenQuad, func() (Step, bool) { return s.hiddenSubset(4) }},
		{ForcingChain, s.xyChain},               // SE rates an XY-chain as a forcing chain
		{DynamicContradiction, s.contradiction}, // a contradiction through singles
		{DynamicCell, s.cellForcing},            // a cell's candidates through singles
		{Trial, s.trial},
	}
	if killer {
		// The killer techniques, each among the others by its score.
		for _, t := range KillerTechniques()[1:] {
			at := slices.IndexFunc(finders, func(f finder) bool { return f.t.Score() > t.Score() })
			finders = slices.Insert(finders, at, finder{t, s.killerFinder(t)})
		}
	}
	for _, f := range finders {
		if BoardLevel(f.t) > max {
			continue
		}
		if st, ok := f.f(); ok {
			st.Technique, st.Score = f.t, f.t.Score()
			return st, true
		}
	}
	return Step{}, false
}

// sym names symbol d as the board writes it: 1-9, then A-G.
func sym(d uint8) string { return string(solver.Symbol(d)) }

// syms writes a set of symbols: "2, 5 and 7".
func syms(m uint32) string {
	var parts []string
	for ; m != 0; m &= m - 1 {
		parts = append(parts, sym(uint8(bits.TrailingZeros32(m))))
	}
	return AndList(parts)
}

// candCells lists the cells of cs, each once, in their order.
func candCells(cs []Candidate) []int {
	var out []int
	for _, c := range cs {
		if !slices.Contains(out, c.Cell) {
			out = append(out, c.Cell)
		}
	}
	return out
}

// cellNames writes cells as "r1c1, r1c5 and r2c3".
func (s *bstate) cellNames(cells []int) string {
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = s.geo.CellName(c)
	}
	return AndList(parts)
}

// unitName names unit u for the text, "row 3", "box 4", "the main
// diagonal".
func (s *bstate) unitName(u int) string { return s.geo.UnitName(u) }

func (s *bstate) unit(u int) solver.Unit { return s.geo.UnitAt(u) }

// singles finds one full house, hidden single or naked single, in the
// classic order.
func (s *bstate) singles() (Step, bool) {
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
			d := uint8(bits.TrailingZeros32(s.cand[at]))
			st := Step{Technique: FullHouse, Placements: []Candidate{{at, d}}, Units: []solver.Unit{s.unit(u)}}
			if s.describe {
				st.Text = fmt.Sprintf("%s is the last empty cell of %s: it takes %s.", g.CellName(at), s.unitName(u), sym(d))
			}
			return st, true
		}
	}
	// Hidden singles: regions first, then rows, columns and diagonals.
	for _, u := range s.singlesOrder() {
		var once, twice uint32
		for _, c := range g.Unit(u) {
			twice |= once & s.cand[c]
			once |= s.cand[c]
		}
		h := once &^ twice
		if h == 0 {
			continue
		}
		d := uint8(bits.TrailingZeros32(h))
		for _, c := range g.Unit(u) {
			if s.cand[c]&(1<<d) == 0 {
				continue
			}
			t := HiddenSingleColumn
			switch {
			case u >= 2*n && u < 3*n:
				t = HiddenSingleBox
			case u < n:
				t = HiddenSingleRow
			}
			st := Step{Technique: t, Placements: []Candidate{{int(c), d}}, Units: []solver.Unit{s.unit(u)}}
			switch {
			case u >= 3*n:
				st.Name = "Hidden single (diagonal)"
			case t == HiddenSingleBox && g.Jigsaw():
				st.Name = "Hidden single (region)"
			}
			if s.describe {
				st.Text = fmt.Sprintf("%s has one place left in %s: %s.", sym(d), s.unitName(u), g.CellName(int(c)))
			}
			return st, true
		}
	}
	for i, c := range s.cand {
		if s.cells[i] == 0 && c != 0 && c&(c-1) == 0 {
			d := uint8(bits.TrailingZeros32(c))
			st := Step{Technique: NakedSingle, Placements: []Candidate{{i, d}}, Cells: []int{i}}
			if s.describe {
				st.Text = fmt.Sprintf("%s has one candidate left: %s.", g.CellName(i), sym(d))
			}
			return st, true
		}
	}
	return Step{}, false
}

// singlesOrder is the order hidden singles are looked for in: regions,
// rows, columns, then the diagonals.
func (s *bstate) singlesOrder() []int {
	n, nu := s.n, s.geo.NumUnits()
	order := make([]int, 0, nu)
	for u := 2 * n; u < 3*n; u++ {
		order = append(order, u)
	}
	for u := 0; u < 2*n; u++ {
		order = append(order, u)
	}
	for u := 3 * n; u < nu; u++ {
		order = append(order, u)
	}
	return order
}

// eliminate lists the candidates d of cells that keep is false for.
func (s *bstate) eliminate(cells []int16, d uint8, keep func(int) bool) []Candidate {
	var out []Candidate
	for _, c := range cells {
		if s.cand[c]&(1<<d) != 0 && !keep(int(c)) {
			out = append(out, Candidate{int(c), d})
		}
	}
	return out
}

// intersections: a symbol whose places in unit a all lie in unit b is
// taken out of b's other cells. fromRegion picks a as a region (pointing)
// or as a line or diagonal (claiming).
func (s *bstate) intersections(fromRegion bool) (Step, bool) {
	g, n := s.geo, s.n
	isRegion := func(u int) bool { return u >= 2*n && u < 3*n }
	for a := 0; a < g.NumUnits(); a++ {
		if isRegion(a) != fromRegion {
			continue
		}
		for d := uint8(1); int(d) <= n; d++ {
			bit := uint32(1) << d
			var places []int
			for _, c := range g.Unit(a) {
				if s.cand[c]&bit != 0 {
					places = append(places, int(c))
				}
			}
			if len(places) < 2 {
				continue
			}
			// The units other than a that hold every place.
			for _, b := range g.CellUnits(places[0]) {
				if int(b) == a || fromRegion && isRegion(int(b)) {
					continue
				}
				all := true
				for _, c := range places[1:] {
					all = all && inUnit(g, c, int(b))
				}
				if !all {
					continue
				}
				elim := s.eliminate(g.Unit(int(b)), d, func(c int) bool { return inUnit(g, c, a) })
				if len(elim) == 0 {
					continue
				}
				st := Step{Eliminations: elim, Units: []solver.Unit{s.unit(a), s.unit(int(b))}}
				if s.describe {
					for _, c := range places {
						st.Pattern = append(st.Pattern, Candidate{c, d})
					}
					st.Text = fmt.Sprintf("In %s, %s lies only where it meets %s, so %s can be removed from the rest of %s: %s.",
						s.unitName(a), sym(d), s.unitName(int(b)), sym(d), s.unitName(int(b)), s.cellNames(candCells(elim)))
				}
				return st, true
			}
		}
	}
	return Step{}, false
}

func inUnit(g *solver.Geometry, c, u int) bool {
	return slices.Contains(g.CellUnits(c), uint8(u))
}

var subsetNames = [...]string{2: "pair", 3: "triple", 4: "quad"}

// nakedSubset: k empty cells of a unit whose candidates make k symbols
// between them; the symbols leave the unit's other cells.
func (s *bstate) nakedSubset(k int) (Step, bool) {
	g := s.geo
	for u := 0; u < g.NumUnits(); u++ {
		var cells []int
		for _, c := range g.Unit(u) {
			if s.cells[c] == 0 && bits.OnesCount32(s.cand[c]) <= k {
				cells = append(cells, int(c))
			}
		}
		var st Step
		found := combos(len(cells), k, func(pick []int) bool {
			var m uint32
			chosen := make([]int, k)
			for j, p := range pick {
				m |= s.cand[cells[p]]
				chosen[j] = cells[p]
			}
			if bits.OnesCount32(m) != k {
				return false
			}
			var elim []Candidate
			for _, c := range g.Unit(u) {
				if s.cells[c] != 0 || slices.Contains(chosen, int(c)) {
					continue
				}
				for x := s.cand[c] & m; x != 0; x &= x - 1 {
					elim = append(elim, Candidate{int(c), uint8(bits.TrailingZeros32(x))})
				}
			}
			if len(elim) == 0 {
				return false
			}
			st = Step{Eliminations: elim, Units: []solver.Unit{s.unit(u)}, Cells: chosen}
			if s.describe {
				st.Pattern = s.candidatesOf(chosen, m)
				st.Text = fmt.Sprintf("%s hold only %s between them in %s (a naked %s), so those leave the rest of %s.",
					s.cellNames(chosen), syms(m), s.unitName(u), subsetNames[k], s.unitName(u))
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

// candidatesOf lists the candidates in m of cells.
func (s *bstate) candidatesOf(cells []int, m uint32) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for x := s.cand[c] & m; x != 0; x &= x - 1 {
			out = append(out, Candidate{c, uint8(bits.TrailingZeros32(x))})
		}
	}
	return out
}

// hiddenSubset: k symbols of a unit with k places between them; the
// places lose their other candidates.
func (s *bstate) hiddenSubset(k int) (Step, bool) {
	g, n := s.geo, s.n
	for u := 0; u < g.NumUnits(); u++ {
		unit := g.Unit(u)
		var where [solver.MaxSide + 1]uint32 // places of each symbol, as positions in the unit
		var symsIn []uint8
		for d := uint8(1); int(d) <= n; d++ {
			for p, c := range unit {
				if s.cand[c]&(1<<d) != 0 {
					where[d] |= 1 << p
				}
			}
			if c := bits.OnesCount32(where[d]); c >= 2 && c <= k {
				symsIn = append(symsIn, d)
			}
		}
		var st Step
		found := combos(len(symsIn), k, func(pick []int) bool {
			var places, m uint32
			for _, p := range pick {
				places |= where[symsIn[p]]
				m |= 1 << symsIn[p]
			}
			if bits.OnesCount32(places) != k {
				return false
			}
			var elim []Candidate
			var cells []int
			for p := places; p != 0; p &= p - 1 {
				c := int(unit[bits.TrailingZeros32(p)])
				cells = append(cells, c)
				for x := s.cand[c] &^ m; x != 0; x &= x - 1 {
					elim = append(elim, Candidate{c, uint8(bits.TrailingZeros32(x))})
				}
			}
			if len(elim) == 0 {
				return false
			}
			st = Step{Eliminations: elim, Units: []solver.Unit{s.unit(u)}, Cells: cells}
			if s.describe {
				st.Pattern = s.candidatesOf(cells, m)
				st.Text = fmt.Sprintf("%s can only go in %s in %s (a hidden %s), so those cells hold nothing else.",
					syms(m), s.cellNames(cells), s.unitName(u), subsetNames[k])
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

var fishNames = [...]string{2: "an X-Wing", 3: "a Swordfish", 4: "a Jellyfish"}

// fish: a symbol whose places in k rows lie in k columns between them
// leaves the rest of those columns; and the same with rows and columns
// swapped.
func (s *bstate) fish(k int) (Step, bool) {
	n := s.n
	at := func(rows bool, line, x int) int {
		if rows {
			return line*n + x
		}
		return x*n + line
	}
	for _, rows := range []bool{true, false} {
		for d := uint8(1); int(d) <= n; d++ {
			bit := uint32(1) << d
			var lines []int
			var cover [solver.MaxSide]uint32
			for l := 0; l < n; l++ {
				var m uint32
				for x := 0; x < n; x++ {
					if s.cand[at(rows, l, x)]&bit != 0 {
						m |= 1 << x
					}
				}
				if c := bits.OnesCount32(m); c >= 2 && c <= k {
					cover[l] = m
					lines = append(lines, l)
				}
			}
			var st Step
			found := combos(len(lines), k, func(pick []int) bool {
				var m, base uint32
				for _, p := range pick {
					m |= cover[lines[p]]
					base |= 1 << lines[p]
				}
				if bits.OnesCount32(m) != k {
					return false
				}
				var elim []Candidate
				for x := m; x != 0; x &= x - 1 {
					cross := bits.TrailingZeros32(x)
					for l := 0; l < n; l++ {
						if c := at(rows, l, cross); base&(1<<l) == 0 && s.cand[c]&bit != 0 {
							elim = append(elim, Candidate{c, d})
						}
					}
				}
				if len(elim) == 0 {
					return false
				}
				baseKind, coverKind := solver.RowUnit, solver.ColUnit
				if !rows {
					baseKind, coverKind = coverKind, baseKind
				}
				st = Step{Eliminations: elim}
				var baseNames, coverNames []string
				for b := base; b != 0; b &= b - 1 {
					l := bits.TrailingZeros32(b)
					st.Units = append(st.Units, solver.Unit{Kind: baseKind, Index: l})
					baseNames = append(baseNames, fmt.Sprint(l+1))
					for x := cover[l]; x != 0; x &= x - 1 {
						st.Pattern = append(st.Pattern, Candidate{at(rows, l, bits.TrailingZeros32(x)), d})
					}
				}
				for x := m; x != 0; x &= x - 1 {
					coverNames = append(coverNames, fmt.Sprint(bits.TrailingZeros32(x)+1))
				}
				if s.describe {
					st.Text = fmt.Sprintf("In %ss %s, %s lies only in %ss %s (%s), so %s can be removed from the rest of those %ss: %s.",
						baseKind, AndList(baseNames), sym(d), coverKind, AndList(coverNames), fishNames[k], sym(d), coverKind, s.cellNames(candCells(st.Eliminations)))
				}
				return true
			})
			if found {
				return st, true
			}
		}
	}
	return Step{}, false
}

// sees reports whether cells a and b share a unit or a cage.
func (s *bstate) sees(a, b int) bool {
	if a == b {
		return false
	}
	if k := s.geo.CageOf(a); k >= 0 && k == s.geo.CageOf(b) {
		return true
	}
	for _, u := range s.geo.CellUnits(a) {
		if inUnit(s.geo, b, int(u)) {
			return true
		}
	}
	return false
}

// wingStep removes z from the cells that see every cell of wing.
func (s *bstate) wingStep(wing []int, z uint8) []Candidate {
	var elim []Candidate
	for _, c := range s.geo.Peers(wing[0]) {
		ci := int(c)
		if s.cand[ci]&(1<<z) == 0 || slices.Contains(wing, ci) {
			continue
		}
		all := true
		for _, w := range wing[1:] {
			all = all && s.sees(ci, w)
		}
		if all {
			elim = append(elim, Candidate{ci, z})
		}
	}
	return elim
}

// xyWing: a pivot with candidates {x, y} sees two pincers {x, z} and
// {y, z}; whichever the pivot takes, one pincer is z, so z leaves every
// cell that sees both pincers.
func (s *bstate) xyWing() (Step, bool) {
	return s.wing(2)
}

// xyzWing: a pivot {x, y, z} sees pincers {x, z} and {y, z}: z is in one
// of the three, so it leaves every cell that sees all three.
func (s *bstate) xyzWing() (Step, bool) {
	return s.wing(3)
}

func (s *bstate) wing(pivotSize int) (Step, bool) {
	g := s.geo
	for p, pc := range s.cand {
		if s.cells[p] != 0 || bits.OnesCount32(pc) != pivotSize {
			continue
		}
		peers := g.Peers(p)
		for a := 0; a < len(peers); a++ {
			ac := s.cand[peers[a]]
			if bits.OnesCount32(ac) != 2 || bits.OnesCount32(ac&pc) != pivotSize-1 {
				continue
			}
			for b := a + 1; b < len(peers); b++ {
				bc := s.cand[peers[b]]
				if bits.OnesCount32(bc) != 2 || bc == ac || bits.OnesCount32(bc&pc) != pivotSize-1 {
					continue
				}
				zm := ac & bc
				if bits.OnesCount32(zm) != 1 || (pivotSize == 2 && zm&pc != 0) || (pivotSize == 3 && zm&pc == 0) || (ac|bc)&^pc&^zm != 0 {
					continue
				}
				z := uint8(bits.TrailingZeros32(zm))
				wing := []int{int(peers[a]), int(peers[b])}
				if pivotSize == 3 {
					wing = append(wing, p)
				}
				elim := s.wingStep(wing, z)
				if len(elim) == 0 {
					continue
				}
				st := Step{Eliminations: elim, Cells: []int{p, int(peers[a]), int(peers[b])}}
				if s.describe {
					st.Pattern = s.candidatesOf(st.Cells, pc|ac|bc)
					name := "XY-Wing"
					seen := "both pincers"
					if pivotSize == 3 {
						name, seen = "XYZ-Wing", "all three"
					}
					st.Text = fmt.Sprintf("Pivot %s (%s) with pincers %s (%s) and %s (%s): whatever the pivot holds, %s is in one of them (an %s), so it leaves every cell that sees %s.",
						g.CellName(p), syms(pc), g.CellName(int(peers[a])), syms(ac), g.CellName(int(peers[b])), syms(bc), sym(z), name, seen)
				}
				return st, true
			}
		}
	}
	return Step{}, false
}

// xyChain: bivalue cells c0 … ck, each seeing the next and sharing with
// it the symbol the first must not be: if c0 is not z, each cell in turn
// is forced, and ck ends on z. So z is at c0 or at ck, and leaves every
// cell that sees both. The shortest such chain is taken (breadth first).
func (s *bstate) xyChain() (Step, bool) {
	g := s.geo
	type node struct {
		cell int
		on   uint8 // the symbol the cell is forced to
		prev int   // index in the queue, -1 for the start
	}
	for start, sc := range s.cand {
		if s.cells[start] != 0 || bits.OnesCount32(sc) != 2 {
			continue
		}
		for zm := sc; zm != 0; zm &= zm - 1 {
			z := uint8(bits.TrailingZeros32(zm))
			other := uint8(bits.TrailingZeros32(sc &^ (1 << z)))
			queue := []node{{start, other, -1}}
			seen := map[[2]int]bool{{start, int(other)}: true}
			for q := 0; q < len(queue) && len(queue) < 4*len(s.cand); q++ {
				cur := queue[q]
				for _, nb := range g.Peers(cur.cell) {
					nc := s.cand[nb]
					if bits.OnesCount32(nc) != 2 || nc&(1<<cur.on) == 0 {
						continue
					}
					next := uint8(bits.TrailingZeros32(nc &^ (1 << cur.on)))
					key := [2]int{int(nb), int(next)}
					if seen[key] || int(nb) == start {
						continue
					}
					seen[key] = true
					queue = append(queue, node{int(nb), next, q})
					if next != z || q == 0 {
						continue
					}
					elim := s.wingStep([]int{start, int(nb)}, z)
					if len(elim) == 0 {
						continue
					}
					var chain []int
					for k := len(queue) - 1; k >= 0; k = queue[k].prev {
						chain = append(chain, queue[k].cell)
					}
					slices.Reverse(chain)
					st := Step{Eliminations: elim, Cells: chain}
					if s.describe {
						for _, c := range chain {
							st.Pattern = append(st.Pattern, s.candidatesOf([]int{c}, s.cand[c])...)
						}
						var gone []int // the cells that lose z, named: the step said only "every cell that sees both"
						for _, e := range elim {
							gone = append(gone, e.Cell)
						}
						st.Text = fmt.Sprintf("A forcing chain of bivalue cells (an XY-chain), %s: if %s is not %s, each in turn is forced and %s ends on %s. So %s is at one end or the other, and %s, which %s both, cannot be %s.",
							s.cellNames(chain), g.CellName(start), sym(z), g.CellName(int(nb)), sym(z), sym(z), s.cellNames(gone), map[bool]string{true: "sees", false: "see"}[len(gone) == 1], sym(z))
					}
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// propagate applies naked and hidden singles to a copy of s until none
// is left, and reports whether that reached a contradiction. It returns
// the copy.
func (s *bstate) propagate() (*bstate, bool) {
	t := s.clone()
	t.describe = false
	for t.empty > 0 {
		if t.broken() {
			return t, true
		}
		st, ok := t.singles()
		if !ok {
			return t, false
		}
		if !t.apply(&st) {
			return t, true
		}
	}
	return t, t.broken()
}

// contradiction: a candidate that, placed, leads by singles to a cell or
// a unit without a place for a symbol, is removed.
func (s *bstate) contradiction() (Step, bool) {
	for i, c := range s.cand {
		if s.cells[i] != 0 {
			continue
		}
		for m := c; m != 0; m &= m - 1 {
			d := uint8(bits.TrailingZeros32(m))
			t := s.clone()
			t.place(i, d)
			if _, broken := t.propagate(); !broken {
				continue
			}
			st := Step{Eliminations: []Candidate{{i, d}}, Cells: []int{i}}
			if s.describe {
				// The singles one by one and what breaks, so that the
				// step can be followed on the board (it said only "a cell
				// or a unit", nothing to check).
				placed, why, at := s.singlesTrace(i, d)
				st.Pattern = append([]Candidate{{i, d}}, placed...)
				st.Cells = append(st.Cells, at...)
				st.Text = fmt.Sprintf("If %s were %s, %s: %s is not %s.",
					s.geo.CellName(i), sym(d), traceText(s.geo, placed, why), s.geo.CellName(i), sym(d))
			}
			return st, true
		}
	}
	return Step{}, false
}

// singlesTrace places d in cell i on a copy of s and follows the singles
// as propagate does: the symbols they place, in order, and what breaks
// then ("r5c5 would have no symbol left"), with the cells where it does.
func (s *bstate) singlesTrace(i int, d uint8) (placed []Candidate, why string, at []int) {
	t := s.clone()
	t.describe = false
	t.place(i, d)
	for {
		if why, at = t.brokenWhere(); why != "" || t.empty == 0 {
			return placed, why, at
		}
		st, ok := t.singles()
		if !ok {
			return placed, "", nil
		}
		for _, p := range st.Placements {
			if t.cells[p.Cell] != 0 || t.cand[p.Cell]&(1<<p.Digit) == 0 {
				return placed, fmt.Sprintf("%s could not take %s", t.geo.CellName(p.Cell), sym(p.Digit)), []int{p.Cell}
			}
			t.place(p.Cell, p.Digit)
			placed = append(placed, p)
		}
		for _, e := range st.Eliminations {
			t.cand[e.Cell] &^= 1 << e.Digit
		}
	}
}

// brokenWhere says what broken finds, in words, and where: an empty cell
// without a symbol, a unit without a place for one, a cage whose sum
// cannot be made; "" when nothing is.
func (s *bstate) brokenWhere() (string, []int) {
	cell, unit, missing, cage := s.brokenAt()
	var cells []int
	switch {
	case cell >= 0:
		return fmt.Sprintf("%s would have no symbol left", s.geo.CellName(cell)), []int{cell}
	case unit >= 0:
		for _, c := range s.geo.Unit(unit) {
			cells = append(cells, int(c))
		}
		return fmt.Sprintf("%s would have no place for %s", s.geo.UnitName(unit), sym(uint8(bits.TrailingZeros32(missing)))), cells
	case cage >= 0:
		c := s.geo.Cages()[cage]
		for _, i := range c.Cells {
			cells = append(cells, int(i))
		}
		return fmt.Sprintf("the cage of %s (sum %d) could not be made", s.geo.CellName(int(c.Cells[0])), c.Sum), cells
	}
	return "", nil
}

// traceText words a trace of singles: those placed (at most a dozen
// named) and what broke.
func traceText(g *solver.Geometry, placed []Candidate, why string) string {
	if why == "" {
		why = "a cell or a unit would have no place for a symbol"
	}
	if len(placed) == 0 {
		return why // at once, from the symbol's own peers
	}
	var b strings.Builder
	b.WriteString("the singles that follow place ")
	for k, p := range placed {
		if k == 12 {
			fmt.Fprintf(&b, " and %d more", len(placed)-k)
			break
		}
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s in %s", sym(p.Digit), g.CellName(p.Cell))
	}
	return b.String() + "; then " + why
}

// cellForcing: every symbol of a cell with two or three candidates
// leads, by singles, to the same symbol in another cell, which is
// placed.
func (s *bstate) cellForcing() (Step, bool) {
	for size := 2; size <= 3; size++ {
		for i, c := range s.cand {
			if s.cells[i] != 0 || bits.OnesCount32(c) != size {
				continue
			}
			var common []uint8
			for m := c; m != 0; m &= m - 1 {
				d := uint8(bits.TrailingZeros32(m))
				t := s.clone()
				t.place(i, d)
				end, broken := t.propagate()
				if broken {
					common = nil // contradiction's job
					break
				}
				if common == nil {
					common = slices.Clone(end.cells)
					continue
				}
				for k := range common {
					if common[k] != end.cells[k] {
						common[k] = 0
					}
				}
			}
			for k, d := range common {
				if d == 0 || s.cells[k] != 0 || k == i {
					continue
				}
				st := Step{Placements: []Candidate{{k, d}}, Cells: []int{i}}
				if s.describe {
					st.Pattern = s.candidatesOf([]int{i}, c)
					st.Text = fmt.Sprintf("Whichever of %s %s holds, the singles that follow put %s in %s: it goes there.",
						syms(c), s.geo.CellName(i), sym(d), s.geo.CellName(k))
				}
				return st, true
			}
		}
	}
	return Step{}, false
}

// trial: a candidate of a cell with the fewest that, placed, leaves no
// solution (search says so) is removed. The puzzle needs guessing.
func (s *bstate) trial() (Step, bool) {
	best, bestN := -1, s.n+1
	for i, c := range s.cand {
		if k := bits.OnesCount32(c); s.cells[i] == 0 && k < bestN {
			best, bestN = i, k
		}
	}
	if best < 0 {
		return Step{}, false
	}
	for m := s.cand[best]; m != 0; m &= m - 1 {
		d := uint8(bits.TrailingZeros32(m))
		t := solver.Board{Geo: s.geo, Cells: slices.Clone(s.cells)}
		t.Cells[best] = d
		// -1: the symbol breaks a rule of the board (a cage's sum).
		switch solver.CountBoard(s.ctx, t, 1) {
		case 0:
		case -1:
			if s.ctx.Err() != nil {
				return Step{}, false // stopped: rateBoard returns ctx's error
			}
		default:
			continue
		}
		st := Step{Eliminations: []Candidate{{best, d}}, Cells: []int{best}}
		if s.describe {
			st.Pattern = []Candidate{{best, d}}
			st.Text = fmt.Sprintf("Trying %s in %s leaves no solution (found by search): %s is not %s.",
				sym(d), s.geo.CellName(best), s.geo.CellName(best), sym(d))
		}
		return st, true
	}
	return Step{}, false
}

// combos calls f with each k-subset of 0..m-1 in increasing order until f
// returns true, and reports whether it did.
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
