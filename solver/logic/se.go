package logic

import (
	"context"
	"math/bits"

	"example.com/sudoku/solver"
)

// The rater follows Sudoku Explainer's rating loop: at each step the rules
// are tried in SE's order and the first that has an instance gives the step
// (a rule that finds several takes the first in its own search order, or,
// for the chaining rules and uniqueness loops, the easiest by SE's sort);
// the step is applied and the loop starts over. The rating is the hardest
// step's score (ER); EP is the hardest step up to the first placement and
// ED the first step's score.

// hint is one step as the engine finds it.
type hint struct {
	n     int // instances (singles are batched in rating)
	tech  Technique
	score int         // tenths
	place [10]cellSet // singles placed
	elim  [10]cellSet // candidates removed
	cell  int         // a placement besides the eliminations, or -1
	digit uint8       //
	step  Step        // the description, when asked for
	level int         // chains: SE's nesting level (1: "(+)")
	name  string      // the step's name when more than its technique's ("Unique rectangle type 2"), as its description says
}

func (h *hint) reset() {
	*h = hint{cell: -1}
}

// engine looks for steps on one position.
type engine struct {
	s           state
	describe    bool // build a Step for the hint found
	batch       bool // apply all singles of one kind together
	h           hint
	placedCells cellSet
	ctx         context.Context
	ch          *chainer      // the chaining rules' scratch space, made when first needed
	static      *staticSearch // the first chaining rule's
	// counts holds each unit's place counts as of the last count; those
	// of the units in s.changed are out of date (see refreshCounts).
	counts [27]placeCounts
	// directKnown and directHas hold, for direct hidden pairs and
	// triples (k-2), the units worked out since they last changed and
	// those of them with an instance (directHiddenUnits).
	directKnown, directHas [2]uint32
	// exhaustive runs every chaining of the chaining rules beyond the
	// first, without the quick tests that skip those that cannot make a
	// step, tries every aligned pair and triplet (no cache) and walks
	// unique loops through every cell holding both digits, into cells
	// that cannot close a valid loop too: for tests, which compare.
	exhaustive bool
	// epoch numbers the positions of the path (advance); unitEpoch and
	// digitEpoch hold the number of the last that changed each unit and
	// digit; the caches remember where rules found nothing.
	epoch        uint32
	unitEpoch    [27]uint32
	digitEpoch   [10]uint32
	singlesSeen  cleanCache
	nakedSeen    [5]cleanCache
	hiddenSeen   [5]cleanCache
	fishSeen     [5][2]cleanCache // by size and base lines (columns, rows)
	lockedSeen   cleanCache       // pointing and claiming, by crossing
	directSeen   cleanCache       // direct pointing and claiming, by digit
	lockedDigits cleanCache       // pointing and claiming, by digit
	ulSeen       loopCache        // unique loops: the digit pairs with none
	// settle tells whether singles, pointing and claiming fill the board
	// (rateRun), from where it last stopped on the same path.
	settle solver.LockedSingles
	// fill is where singlesFill last stopped (rateRun, below 2.8).
	fill fillPoint
	// ac remembers which aligned pairs and triplets excluded nothing,
	// made when aligned exclusion is first tried.
	ac *alignCache
}

// producer is one of SE's rules in its order; low is the lowest score of
// its steps, so a rating capped below it need not try it.
type producer struct {
	low  int
	find func(e *engine) bool
}

var producers = []producer{
	{10, (*engine).hiddenSingles},
	{17, func(e *engine) bool { return e.intersections(true) }},
	{20, func(e *engine) bool { return e.hiddenSet(2, true) }},
	{23, (*engine).nakedSingle},
	{25, func(e *engine) bool { return e.hiddenSet(3, true) }},
	{26, func(e *engine) bool { return e.intersections(false) }},
	{30, func(e *engine) bool { return e.nakedSet(2) }},
	{32, func(e *engine) bool { return e.fish(2) }},
	{34, func(e *engine) bool { return e.hiddenSet(2, false) }},
	{36, func(e *engine) bool { return e.nakedSet(3) }},
	{38, func(e *engine) bool { return e.fish(3) }},
	{40, func(e *engine) bool { return e.hiddenSet(3, false) }},
	{42, func(e *engine) bool { return e.wing(false) }},
	{44, func(e *engine) bool { return e.wing(true) }},
	{45, (*engine).uniqueLoops},
	{50, func(e *engine) bool { return e.nakedSet(4) }},
	{52, func(e *engine) bool { return e.fish(4) }},
	{54, func(e *engine) bool { return e.hiddenSet(4, false) }},
	{56, (*engine).bug},
	{62, func(e *engine) bool { return e.alignedExclusion(2) }},
	{65, (*engine).staticChains},
	{75, func(e *engine) bool { return e.alignedExclusion(3) }},
	{75, func(e *engine) bool { return e.multipleChains(chainNishio) }},
	{80, func(e *engine) bool { return e.multipleChains(chainMultiple) }},
	{85, func(e *engine) bool { return e.multipleChains(chainDynamic) }},
	{90, func(e *engine) bool { return e.multipleChains(chainDynamicPlus) }},
	{95, func(e *engine) bool { return e.multipleChains(chainNested2) }},
	{100, func(e *engine) bool { return e.multipleChains(chainNested3) }},
	{105, func(e *engine) bool { return e.multipleChains(chainNested4) }},
	{110, func(e *engine) bool { return e.multipleChains(chainNested5) }},
}

// next finds the step SE would take, trying the rules whose steps can
// score maxScore or less. It returns false when none applies (or when
// the context is done: check e.ctx).
func (e *engine) next(maxScore int) bool {
	e.h.reset()
	e.placedCells = cellSet{}
	for _, p := range producers {
		if p.low > maxScore {
			return false
		}
		if p.low >= 62 && e.ctx != nil && e.ctx.Err() != nil {
			return false
		}
		if p.low >= 105 && solver.CountSolutions(e.s.grid, 2) != 1 {
			// Nested chains cost seconds on a board with many
			// candidates, and prove nothing on one with several
			// solutions.
			return false
		}
		if p.find(e) {
			return true
		}
		e.h.reset()
	}
	return false
}

// apply makes the hint's placements and eliminations (eliminations first,
// as SE); false when a placement is impossible (no solution).
func (e *engine) apply() bool {
	defer e.advance()
	s := &e.s
	h := &e.h
	for d := uint8(1); d <= 9; d++ {
		for t := h.elim[d]; !t.empty(); {
			s.eliminate(t.pop(), d)
		}
	}
	for d := uint8(1); d <= 9; d++ {
		for t := h.place[d]; !t.empty(); {
			if i := t.pop(); s.grid[i] != d && !s.place(i, d) {
				return false
			}
		}
	}
	if h.cell >= 0 && s.grid[h.cell] != h.digit && !s.place(h.cell, h.digit) {
		return false
	}
	return true
}

// advance numbers the position a step made, and stamps the units and
// digits that lost candidates with its number.
func (e *engine) advance() {
	e.epoch++
	for t := e.s.touched; t != 0; t &= t - 1 {
		e.unitEpoch[bits.TrailingZeros32(t)] = e.epoch
	}
	for t := e.s.touchedDigits; t != 0; t &= t - 1 {
		e.digitEpoch[bits.TrailingZeros16(t)] = e.epoch
	}
	e.s.touched, e.s.touchedDigits = 0, 0
	if e.ac != nil {
		e.ac.stamp(&e.s.cand)
	}
}

// cleanCache remembers, for a rule, the parts of the position (units,
// digits or crossings, a bit each) where it found nothing, as of
// position at: a part that lost no candidate since still has nothing.
type cleanCache struct {
	at    uint32
	clean uint64
	more  uint64 // crossings 64 and up
}

// stale reports whether c, a cache as of position c.at, must be brought
// up to the present position; nothing is clean in an exhaustive search.
func (e *engine) stale(c *cleanCache) bool {
	if e.exhaustive {
		*c = cleanCache{}
		return false
	}
	return c.at != e.epoch
}

// unitsSince returns the units that lost a candidate after position at.
func (e *engine) unitsSince(at uint32) (units uint32) {
	for u := 0; u < 27; u++ {
		if e.unitEpoch[u] > at {
			units |= 1 << u
		}
	}
	return units
}

// cleanUnits brings c, a cache of units, up to the present position and
// returns it.
func (e *engine) cleanUnits(c *cleanCache) *cleanCache {
	if e.stale(c) {
		c.clean &^= uint64(e.unitsSince(c.at))
		c.at = e.epoch
	}
	return c
}

// cleanDigits is cleanUnits for a cache of digits (bit d).
func (e *engine) cleanDigits(c *cleanCache) *cleanCache {
	if e.stale(c) {
		for d := 1; d <= 9; d++ {
			if e.digitEpoch[d] > c.at {
				c.clean &^= 1 << d
			}
		}
		c.at = e.epoch
	}
	return c
}

// cleanCrossings is cleanUnits for a cache of crossings (crossings[k] at
// bit k of clean, then of more), which change with either of their units.
func (e *engine) cleanCrossings(c *cleanCache) *cleanCache {
	if e.stale(c) {
		for dirty := e.unitsSince(c.at); dirty != 0; dirty &= dirty - 1 {
			u := bits.TrailingZeros32(dirty)
			c.clean &^= unitCrossings[u][0]
			c.more &^= unitCrossings[u][1]
		}
		c.at = e.epoch
	}
	return c
}

// has reports whether bit k of the cache is clean; mark makes it so.
func (c *cleanCache) has(k int) bool {
	if k < 64 {
		return c.clean&(1<<k) != 0
	}
	return c.more&(1<<(k-64)) != 0
}

func (c *cleanCache) mark(k int) {
	if k < 64 {
		c.clean |= 1 << k
	} else {
		c.more |= 1 << (k - 64)
	}
}

// placement reports whether the hint places a digit.
func (h *hint) placement() bool {
	if h.cell >= 0 {
		return true
	}
	for d := 1; d <= 9; d++ {
		if !h.place[d].empty() {
			return true
		}
	}
	return false
}
