package logic

import (
	"strconv"
	"sync"
)

// Technique names a solving technique. Its Score places it on the
// difficulty scale and its Level is the label of puzzles that need it.
type Technique uint8

// The techniques, in the order they are tried (increasing score).
const (
	None                 Technique = iota // no step (the rating of a full board)
	FullHouse                             // the last empty cell of a unit
	HiddenSingleBox                       // the only place for a digit in a box
	HiddenSingleRow                       // the only place for a digit in a row
	HiddenSingleColumn                    // the only place for a digit in a column
	DirectHiddenPair                      // a hidden pair whose eliminations leave a hidden single
	NakedSingle                           // the only candidate of a cell
	Pointing                              // a box's digit confined to one line
	Claiming                              // a line's digit confined to one box
	NakedPair                             // two cells of a unit with the same two candidates
	XWing                                 // a digit in two lines confined to two cross lines
	HiddenPair                            // two digits with the same two places in a unit
	NakedTriple                           // three cells of a unit with three candidates between them
	Swordfish                             // fish of size 3
	HiddenTriple                          // three digits with three places between them in a unit
	XYWing                                // a bivalue pivot with two bivalue pincers
	XYZWing                               // a trivalue pivot with two bivalue pincers
	UniqueRectangle                       // type 1: avoid a deadly pattern of four cells
	NakedQuad                             // four cells of a unit with four candidates between them
	Jellyfish                             // fish of size 4
	HiddenQuad                            // four digits with four places between them in a unit
	BUG                                   // bivalue universal grave + 1: the one cell with three candidates
	Skyscraper                            // two conjugate pairs of a digit joined at one end by a line
	TwoStringKite                         // a row and a column conjugate pair joined in a box
	SimpleColouring                       // two-colouring the conjugate pairs of a digit
	XChain                                // an alternating chain of one digit
	XYChain                               // a chain of bivalue cells
	WWing                                 // two equal bivalue cells joined by a conjugate pair
	ForcingContradiction                  // a candidate whose singles lead to a contradiction
	CellForcingChain                      // every candidate of a cell leads to the same conclusion
	UnitForcingChain                      // every place of a digit in a unit leads to the same conclusion
	Trial                                 // a candidate refuted by exhaustive search
	numTechniques
)

type techInfo struct {
	name  string
	score uint8 // tenths of a point
	level Level
}

var techTable = [numTechniques]techInfo{
	None:                 {"None", 0, Easy},
	FullHouse:            {"Full house", 10, Easy},
	HiddenSingleBox:      {"Hidden single (box)", 12, Easy},
	HiddenSingleRow:      {"Hidden single (row)", 15, Easy},
	HiddenSingleColumn:   {"Hidden single (column)", 15, Easy},
	DirectHiddenPair:     {"Direct hidden pair", 20, Easy},
	NakedSingle:          {"Naked single", 23, Easy},
	Pointing:             {"Locked candidates (pointing)", 26, Medium},
	Claiming:             {"Locked candidates (claiming)", 28, Medium},
	NakedPair:            {"Naked pair", 30, Medium},
	HiddenPair:           {"Hidden pair", 34, Medium},
	XWing:                {"X-Wing", 32, Medium},
	NakedTriple:          {"Naked triple", 36, Hard},
	Swordfish:            {"Swordfish", 38, Hard},
	HiddenTriple:         {"Hidden triple", 40, Hard},
	BUG:                  {"BUG type 1", 56, Hard},
	Skyscraper:           {"Skyscraper", 66, Expert},
	TwoStringKite:        {"2-String Kite", 66, Expert},
	XYWing:               {"XY-Wing", 42, Hard},
	WWing:                {"W-Wing", 71, Expert},
	XYZWing:              {"XYZ-Wing", 44, Hard},
	UniqueRectangle:      {"Unique rectangle (type 1)", 45, Hard},
	SimpleColouring:      {"Simple colouring", 66, Expert},
	NakedQuad:            {"Naked quad", 50, Hard},
	Jellyfish:            {"Jellyfish", 52, Hard},
	HiddenQuad:           {"Hidden quad", 54, Hard},
	XChain:               {"X-Chain", 66, Expert},
	XYChain:              {"XY-Chain", 71, Expert},
	ForcingContradiction: {"Forcing chain (contradiction)", 72, Insane},
	CellForcingChain:     {"Forcing chain (cell)", 75, Insane},
	UnitForcingChain:     {"Forcing chain (unit)", 78, Insane},
	Trial:                {"Trial", 100, Insane},
}

// Techniques lists every technique in the order the solver tries them,
// which is increasing score.
func Techniques() []Technique {
	out := make([]Technique, 0, numTechniques-1)
	for t := FullHouse; t < numTechniques; t++ {
		out = append(out, t)
	}
	return out
}

func (t Technique) info() techInfo {
	if t < numTechniques {
		return techTable[t]
	}
	if t >= killerBase && t < killerEnd {
		return killerTable[t-killerBase]
	}
	return techInfo{name: "Technique(" + strconv.Itoa(int(t)) + ")"}
}

// String is the technique's name, as in "Hidden single (box)".
func (t Technique) String() string { return t.info().name }

// Score is the technique's difficulty on the Sudoku Explainer-like scale.
func (t Technique) Score() float64 { return float64(t.info().score) / 10 }

// Level is the label of a puzzle whose hardest step uses t.
func (t Technique) Level() Level { return t.info().level }

// single reports whether t is a single; singles found in one pass may be
// applied together when rating.
func (t Technique) single() bool {
	return t >= FullHouse && t <= NakedSingle && t != DirectHiddenPair
}

// uniqueness reports whether t assumes the puzzle has one solution.
func (t Technique) uniqueness() bool { return t == UniqueRectangle || t == BUG }

// noDirect turns the direct techniques off: tests of HoDoKu's library
// positions, which expect its steps and know no direct ones, set it.
var noDirect bool

// find looks for instances of t on s. A switch rather than a table of
// functions, so that the compiler sees s and f do not escape and Rate
// allocates nothing.
func find(t Technique, f *finder, s *state) bool {
	switch t {
	case FullHouse:
		return findFullHouse(f, s)
	case HiddenSingleBox:
		return findHiddenSingle(f, s, HiddenSingleBox, 18)
	case HiddenSingleRow:
		return findHiddenSingle(f, s, HiddenSingleRow, 0)
	case HiddenSingleColumn:
		return findHiddenSingle(f, s, HiddenSingleColumn, 9)
	case NakedSingle:
		return findNakedSingle(f, s)
	case Pointing:
		return findPointing(f, s)
	case Claiming:
		return findClaiming(f, s)
	case NakedPair:
		return findNakedSubset(f, s, 2)
	case DirectHiddenPair:
		return !noDirect && findDirectHiddenPair(f, s)
	case HiddenPair:
		return findHiddenSubset(f, s, 2)
	case XWing:
		return findFish(f, s, 2)
	case NakedTriple:
		return findNakedSubset(f, s, 3)
	case Swordfish:
		return findFish(f, s, 3)
	case HiddenTriple:
		return findHiddenSubset(f, s, 3)
	case BUG:
		return findBUG(f, s)
	case Skyscraper:
		return findSkyscraper(f, s)
	case TwoStringKite:
		return findKite(f, s)
	case XYWing:
		return findXYWing(f, s)
	case WWing:
		return findWWing(f, s)
	case XYZWing:
		return findXYZWing(f, s)
	case UniqueRectangle:
		return findUniqueRectangle(f, s)
	case SimpleColouring:
		return findSimpleColouring(f, s)
	case NakedQuad:
		return findNakedSubset(f, s, 4)
	case Jellyfish:
		return findFish(f, s, 4)
	case HiddenQuad:
		return findHiddenSubset(f, s, 4)
	case XChain:
		return findXChain(f, s)
	case XYChain:
		return findXYChain(f, s)
	case ForcingContradiction:
		return findForcingContradiction(f, s)
	case CellForcingChain:
		return findCellForcingChain(f, s)
	case UnitForcingChain:
		return findUnitForcingChain(f, s)
	case Trial:
		return findTrial(f, s)
	}
	return false
}

// finder looks for steps. It keeps what it found in em, the forcing chain
// analysis of the current position, which three techniques share, and the
// scratch space of trial's search.
type finder struct {
	em      emitter
	last    Technique // the hardest technique to try
	forcing *forcingTable
	search  *searcher
}

// The forcing chain table and trial's search stack are large (about 350
// KB together); pools let a generator that rates thousands of puzzles, on
// several goroutines, reuse them.
var (
	forcingPool = sync.Pool{New: func() any { return new(forcingTable) }}
	searchPool  = sync.Pool{New: func() any { return new(searcher) }}
)

// release returns the finder's large tables to their pools.
func (f *finder) release() {
	if f.forcing != nil {
		f.forcing.valid = false
		forcingPool.Put(f.forcing)
		f.forcing = nil
	}
	if f.search != nil {
		searchPool.Put(f.search)
		f.search = nil
	}
}

// next tries every technique in order on s and returns the first that
// applies; what it found is in f.em. It stops before the techniques beyond
// singles on a broken position (O(81 + 27·9) to check).
func (f *finder) next(s *state) (Technique, bool) {
	if f.forcing != nil {
		f.forcing.valid = false
	}
	for t := FullHouse; t <= f.last; t++ {
		// A broken position has no step: singles may still fill cells, but
		// the other techniques (forcing chains, trial) would only churn.
		if t == Pointing && s.broken() {
			return None, false
		}
		if find(t, f, s) {
			return t, true
		}
	}
	return None, false
}

// deduction is the effect of one instance of a technique, per digit.
type deduction struct {
	place, elim [10]cellSet
}

// emitter collects instances of a technique. A finder fills cur and calls
// hit; hit merges cur into the union, describes it as a Step when asked,
// and tells the finder whether to stop: after the first instance, unless
// singles are being batched (Rate).
type emitter struct {
	describe bool // build a Step per instance
	batch    bool // collect every single of one kind in one pass
	n        int  // instances found
	union    deduction
	cur      deduction
	steps    []Step
}

func (e *emitter) reset() {
	e.n = 0
	e.union = deduction{}
	e.cur = deduction{}
	e.steps = e.steps[:0]
}

// hit records the instance in cur. describe fills the Step's highlight and
// text; it is called only when steps are described.
func (e *emitter) hit(t Technique, describe func(st *Step)) (stop bool) {
	e.n++
	for d := 1; d <= 9; d++ {
		e.union.place[d] = e.union.place[d].or(e.cur.place[d])
		e.union.elim[d] = e.union.elim[d].or(e.cur.elim[d])
	}
	if e.describe {
		st := Step{Technique: t}
		st.Placements = candidatesOf(&e.cur.place)
		st.Eliminations = candidatesOf(&e.cur.elim)
		describe(&st)
		e.steps = append(e.steps, st)
	}
	e.cur = deduction{}
	return !(e.batch && t.single())
}

// apply makes the collected deductions on s; false when a placement is
// impossible (the position had no solution).
func (e *emitter) apply(s *state) bool {
	for d := uint8(1); d <= 9; d++ {
		for t := e.union.place[d]; !t.empty(); {
			if i := t.pop(); s.grid[i] != d && !s.place(i, d) {
				return false
			}
		}
	}
	for d := uint8(1); d <= 9; d++ {
		for t := e.union.elim[d]; !t.empty(); {
			s.eliminate(t.pop(), d)
		}
	}
	return true
}

// candidatesOf lists the candidates of per-digit cell sets in cell, then
// digit order.
func candidatesOf(ds *[10]cellSet) []Candidate {
	var all cellSet
	for d := 1; d <= 9; d++ {
		all = all.or(ds[d])
	}
	if all.empty() {
		return nil
	}
	var out []Candidate
	for t := all; !t.empty(); {
		i := t.pop()
		for d := uint8(1); d <= 9; d++ {
			if ds[d].has(i) {
				out = append(out, Candidate{i, d})
			}
		}
	}
	return out
}
