package logic

import (
	"math/bits"
	"strconv"

	"example.com/sudoku/solver"
)

// Uniqueness rules: unique rectangles and loops (types 1 to 4) and the
// bivalue universal grave (types 1 to 4), as Sudoku Explainer finds and
// scores them. They assume the puzzle has one solution.

// ulHint is a unique loop step found, kept while looking for the easiest.
type ulHint struct {
	score, typ int
	elim       [10]cellSet
	loop       []int
	v1, v2     uint8
	extra      []int // the cells with extra candidates
	set        []int // type 3: the other cells of the naked or hidden set
	setDigits  solver.Set
	unit       int   // type 3 and 4: the unit
	hidden     bool  // type 3: a hidden set
	lock       uint8 // type 4: the digit locked in the unit
}

// ulScore is SE's score of a loop of n cells: 4.5, plus 0.1 for 6 cells,
// 0.2 for 8 and 0.5 for 10 or more.
func ulScore(n int) int {
	s := 45
	if n >= 10 {
		s += 3
	}
	if n >= 8 {
		s += 2
	} else if n >= 6 {
		s++
	}
	return s
}

type ulSearch struct {
	e      *engine
	v1, v2 uint8
	loop   []int
	in     cellSet
	core   cellSet    // the cells a loop of v1 and v2 can pass (ulCore)
	parity [2]cellSet // the loop's cells at even and odd places
	best   *ulHint
	have   bool
	hint   ulHint // the hint being checked (see check)
	// extraBuf holds the loop's cells with extra candidates (hint.extra)
	extraBuf [16]int
	looped   uint64 // the digit pairs with a valid loop (bit pairIndex)
}

// loopCache remembers the digit pairs that had no valid loop at all, and
// the cells holding both digits then, at the position whose candidates
// it keeps. A pair keeps having none while none of those cells changes:
// the walks read nothing else (which cells hold both digits, and their
// candidates), so they walk the same paths to the same loops.
type loopCache struct {
	cand solver.Candidates
	none uint64 // bit pairIndex
	both [36]cellSet
}

// loopless brings the unique loops' cache up to the present position and
// returns it. Nothing is kept in an exhaustive search.
func (e *engine) loopless() *loopCache {
	c := &e.ulSeen
	if e.exhaustive {
		c.none = 0
		return c
	}
	if c.none != 0 {
		var changed cellSet
		for i := range c.cand {
			if c.cand[i] != e.s.cand[i] {
				changed.add(i)
			}
		}
		for m := c.none; m != 0; m &= m - 1 {
			if k := bits.TrailingZeros64(m); !c.both[k].and(changed).empty() {
				c.none &^= 1 << k
			}
		}
	}
	c.cand = e.s.cand
	return c
}

// uniqueLoops finds unique rectangles and loops: cells holding both of two
// digits, joined alternately through different units into a loop that
// would make the puzzle ambiguous if none of them held anything else.
// SE sorts the instances by score, then type, and takes the first.
func (e *engine) uniqueLoops() bool {
	s := &e.s
	var best ulHint
	us := ulSearch{e: e, best: &best}
	seen := e.loopless()
	var core [36]cellSet // per digit pair, worked out when first needed
	var both [36]cellSet // the cells holding both digits
	var cores uint64
	for i := 0; i < 81; i++ {
		c := s.cand[i]
		if c.Count() != 2 {
			continue
		}
		us.v1 = lowDigit(c)
		us.v2 = lowDigit(c &^ (1 << us.v1))
		// check takes a loop only when each unit it touches holds two of
		// its cells: a loop's cell has another in its row, its column and
		// its box. The walk keeps to the cells that can (ulCore).
		k := pairIndex[us.v1][us.v2]
		if seen.none&(1<<k) != 0 {
			continue
		}
		if cores&(1<<k) == 0 {
			cores |= 1 << k
			both[k] = s.where[us.v1].and(s.where[us.v2])
			core[k] = ulCore(both[k])
		}
		if us.core = core[k]; e.exhaustive {
			us.core = allCells
		} else if !us.core.has(i) {
			continue
		}
		us.loop = us.loop[:0]
		us.in = cellSet{}
		us.walk(i, 2, 0, -1)
	}
	if !e.exhaustive {
		for m := cores &^ us.looped; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(m)
			seen.none |= 1 << k
			seen.both[k] = both[k]
		}
	}
	if !us.have {
		return false
	}
	e.h.elim = best.elim
	b := best
	e.h.name = ulName(&b)
	return e.found(UniqueRectangle, best.score, func(st *Step) { describeUL(s, &b, st) })
}

// walk extends the loop with cell i (SE's checkForLoops): through each
// unit of a kind other than the one it was reached by, to cells holding
// both digits; cells with extra candidates are limited.
func (us *ulSearch) walk(i, allowedEx int, ex solver.Set, lastKind int) {
	s := &us.e.s
	us.parity[len(us.loop)&1].add(i)
	us.loop = append(us.loop, i)
	us.in.add(i)
	// check takes a loop whose every unit holds one cell at an odd and one
	// at an even place: a next cell sharing a unit with a cell of its own
	// parity can only lead to loops check refuses.
	same := &us.parity[len(us.loop)&1]
	for k, base := range kindsBRC {
		if base == lastKind {
			continue
		}
		u := int(unitsBRC[i][k])
		// The unit's cells holding both digits, in the unit's order (the
		// loop's first cell is one of them).
		for m := s.pos[us.v1][u] & s.pos[us.v2][u]; m != 0; m &= m - 1 {
			next := int(unitCells[u][bits.TrailingZeros16(m)])
			if next == us.loop[0] && len(us.loop) >= 4 {
				us.check()
				continue
			}
			if us.in.has(next) {
				continue
			}
			p := s.cand[next]
			n := p.Count()
			if n == 2 && next < us.loop[0] && !us.e.exhaustive {
				// A loop through a cell holding only the two digits
				// before the first was walked from there, first found
				// there, and its score and type do not change.
				continue
			}
			ex |= p &^ (1<<us.v1 | 1<<us.v2)
			if (n == 2 || ex.Count() == 1 || allowedEx > 0) && us.core.has(next) && (peerSet[next].and(*same).empty() || us.e.exhaustive) {
				a := allowedEx
				if n > 2 {
					a--
				}
				us.walk(next, a, ex, base)
			}
		}
	}
	us.loop = us.loop[:len(us.loop)-1]
	us.in.remove(i)
	us.parity[len(us.loop)&1].remove(i)
}

// check looks at a closed loop: valid if each unit it touches is entered
// once at an odd and once at an even position; then its type by the cells
// with extra candidates.
func (us *ulSearch) check() {
	s := &us.e.s
	loop := us.loop
	var odd, even uint32
	for k, c := range loop {
		u := cellUnits[c]
		if k%2 == 1 {
			if odd&u != 0 {
				return
			}
			odd |= u
		} else {
			if even&u != 0 {
				return
			}
			even |= u
		}
	}
	if odd != even {
		return
	}
	v1, v2 := us.v1, us.v2
	us.looped |= 1 << pairIndex[v1][v2]
	pair := solver.Set(1<<v1 | 1<<v2)
	extra := us.extraBuf[:0]
	for _, c := range loop {
		if s.cand[c].Count() > 2 {
			extra = append(extra, c)
		}
	}
	base := ulScore(len(loop))
	// The hint shares the loop and its extra cells until offer keeps it.
	mk := func(score, typ int) *ulHint {
		us.hint = ulHint{score: score, typ: typ, loop: loop, v1: v1, v2: v2, extra: extra}
		return &us.hint
	}
	switch {
	case len(extra) == 1:
		h := mk(base, 1)
		h.elim[v1].add(extra[0])
		h.elim[v2].add(extra[0])
		us.offer(h)
	case len(extra) > 2:
		us.type2(mk(base, 2))
	case len(extra) == 2:
		r := (s.cand[extra[0]] | s.cand[extra[1]]) &^ pair
		if r.Count() == 1 {
			us.type2(mk(base, 2))
		} else if r.Count() >= 2 {
			us.type3(base, mk)
		}
		us.type4(mk(base, 4))
	}
}

// ulCore returns the cells of both (the cells holding two digits) that
// have another cell of both in their row, their column and their box,
// once the cells without are taken out again and again: the only cells a
// unique loop of the two digits can pass.
func ulCore(both cellSet) cellSet {
	for {
		var lone cellSet // cells alone in one of their units
		for u := 0; u < 27; u++ {
			if x := unitSet[u].and(both); x.count() == 1 {
				lone = lone.or(x)
			}
		}
		if lone.empty() {
			return both
		}
		both = both.andNot(lone)
	}
}

// pairIndex numbers the 36 pairs of digits.
var pairIndex [10][10]uint8

func init() {
	k := uint8(0)
	for a := 1; a <= 9; a++ {
		for b := a + 1; b <= 9; b++ {
			pairIndex[a][b], pairIndex[b][a] = k, k
			k++
		}
	}
}

func (us *ulSearch) offer(h *ulHint) {
	if !us.have || h.score < us.best.score || h.score == us.best.score && h.typ < us.best.typ {
		*us.best = *h
		us.best.loop = append([]int(nil), h.loop...)
		us.best.extra = append([]int(nil), h.extra...)
		us.have = true
	}
}

func (us *ulSearch) type2(h *ulHint) {
	s := &us.e.s
	d := lowDigit(s.cand[h.extra[0]] &^ (1<<h.v1 | 1<<h.v2))
	common := allCells
	for _, c := range h.extra {
		common = common.and(peerSet[c])
	}
	x := common.and(s.where[d])
	if x.empty() {
		return
	}
	h.elim[d] = x
	h.setDigits = 1 << d
	us.offer(h)
}

var allCells = cellSet{lo: 1<<54 - 1, hi: 1<<27 - 1}

// type3: the extra candidates of the two cells act as one cell that forms
// a naked set with other cells of a unit they share, or the loop digits
// form a hidden set with them.
func (us *ulSearch) type3(base int, mk func(int, int) *ulHint) {
	s := &us.e.s
	c1, c2 := us.extra()
	v1, v2 := us.v1, us.v2
	extra := (s.cand[c1] | s.cand[c2]) &^ (1<<v1 | 1<<v2)
	for degree := extra.Count(); degree <= 7; degree++ {
		for _, kind := range kindsBRC {
			u := unitOfKind(c1, kind)
			if u != unitOfKind(c2, kind) {
				continue
			}
			n := s.emptyIn(u)
			i1, i2 := int(cellIndex[c1][unitKindOf(u)]), int(cellIndex[c2][unitKindOf(u)])
			if degree*2 <= n {
				// The sets of degree cells of the unit with c1 and without
				// c2, in SE's order (as 9-bit masks, increasing), less those
				// with a cell of one candidate or none, which never form one:
				// the others are degree-1 of the unit's other cells with two
				// candidates or more.
				var posBuf [9]int
				pos := posBuf[:0]
				for k := 0; k < 9; k++ {
					if k != i1 && k != i2 && s.cand[unitCells[u][k]].Count() >= 2 {
						pos = append(pos, k)
					}
				}
				for m := uint32(1)<<(degree-1) - 1; degree-1 <= len(pos) && m < 1<<len(pos); m = nextCombination(m) {
					naked := extra & s.cand[c1] & s.cand[c2]
					union := extra
					ok := extra.Count() >= 2
					var cells [9]int
					n := 0
					for t := m; t != 0; t &= t - 1 {
						c := int(unitCells[u][pos[bits.TrailingZeros32(t)]])
						p := s.cand[c]
						naked |= p
						union |= p
						cells[n] = c
						n++
					}
					if naked.Count() != degree || !ok || union.Count() != degree {
						continue
					}
					others := append([]int(nil), cells[:n]...)
					h := mk(base+degree-1, 3)
					var set cellSet
					for _, c := range others {
						set.add(c)
					}
					set.add(c1)
					set.add(c2)
					if s.takeIn(&h.elim, union, unitSet[u].andNot(set)) {
						h.set, h.setDigits, h.unit = others, union, u
						us.offer(h)
					}
				}
			}
			if degree*2 < n {
				var remBuf [9]uint8
				rem := remBuf[:0]
				for d := uint8(1); d <= 9; d++ {
					if d != v1 && d != v2 && !extra.Has(d) {
						rem = append(rem, d)
					}
				}
				if degree-2 > len(rem) || degree-2 == 0 && len(rem) == 0 {
					continue
				}
				for m := uint32(1)<<(degree-2) - 1; m < 1<<len(rem); m = nextCombination(m) {
					var valuesBuf [9]uint8
					values := valuesBuf[:0]
					for t := m; t != 0; t &= t - 1 {
						values = append(values, rem[bits.TrailingZeros32(t)])
					}
					values = append(values, v1, v2)
					var union uint16
					ok := true
					for _, d := range values {
						p := s.pos[d][u] &^ (1 << i2)
						if p == 0 {
							ok = false
							break
						}
						union |= p
					}
					if ok && popc(union) == degree {
						var ds solver.Set
						for _, d := range values {
							ds |= 1 << d
						}
						idx := union &^ (1<<i1 | 1<<i2)
						h := mk(base+popc(idx)-1, 3)
						found := false
						var others []int
						for t := idx; t != 0; t &= t - 1 {
							c := int(unitCells[u][bits.TrailingZeros16(t)])
							others = append(others, c)
							if x := s.cand[c] &^ ds; x != 0 {
								for d := uint8(1); d <= 9; d++ {
									if x.Has(d) {
										h.elim[d].add(c)
										found = true
									}
								}
							}
						}
						if found {
							h.set, h.setDigits, h.unit, h.hidden = others, ds, u, true
							us.offer(h)
						}
					}
					if degree-2 == 0 {
						break
					}
				}
			}
		}
	}
}

func (us *ulSearch) extra() (int, int) {
	s := &us.e.s
	c1 := -1
	for _, c := range us.loop {
		if s.cand[c].Count() > 2 {
			if c1 < 0 {
				c1 = c
			} else {
				return c1, c
			}
		}
	}
	return c1, -1
}

// unitKindOf is the kind (0 row, 1 column, 2 box) of unit u.
func unitKindOf(u int) int { return u / 9 }

// type4: one loop digit is locked in the two cells in a unit they share,
// so the other leaves both.
func (us *ulSearch) type4(h *ulHint) {
	s := &us.e.s
	c1, c2 := h.extra[0], h.extra[1]
	r1, r2 := -1, -1
	for _, kind := range kindsBRC {
		u := unitOfKind(c1, kind)
		if u != unitOfKind(c2, kind) {
			continue
		}
		rest := unitSet[u]
		rest.remove(c1)
		rest.remove(c2)
		if s.where[h.v1].and(rest).empty() {
			r1 = u
		}
		if s.where[h.v2].and(rest).empty() {
			r2 = u
		}
	}
	switch {
	case r1 >= 0:
		h.unit, h.lock = r1, h.v1
		h.elim[h.v2].add(c1)
		h.elim[h.v2].add(c2)
	case r2 >= 0:
		h.unit, h.lock = r2, h.v2
		h.elim[h.v1].add(c1)
		h.elim[h.v1].add(c2)
	default:
		return
	}
	us.offer(h)
}

// ulName names a unique rectangle or loop step: "Unique rectangle type
// 2", "Unique loop type 1", "Unique loop 8 type 3".
func ulName(h *ulHint) string {
	kind := "rectangle"
	if len(h.loop) > 4 {
		kind = "loop"
	}
	if len(h.loop) > 6 {
		return "Unique " + kind + " " + strconv.Itoa(len(h.loop)) + " type " + strconv.Itoa(h.typ)
	}
	return "Unique " + kind + " type " + strconv.Itoa(h.typ)
}

func describeUL(s *state, h *ulHint, st *Step) {
	st.Name = ulName(h)
	st.Cells = append([]int(nil), h.loop...)
	pair := solver.Set(1<<h.v1 | 1<<h.v2)
	st.Pattern = patternAll(s, h.loop, pair)
	cells := cellList(sortedCells(h.loop))
	intro := "If " + cells + " held only " + digitList(pair) +
		", their " + itoa(h.v1) + "s and " + itoa(h.v2) + "s could be swapped and the puzzle would have two solutions"
	switch h.typ {
	case 1:
		st.Text = intro + ", so " + name2(h.extra[0]) + " holds something else: " + removal(st.Eliminations) + "."
	case 2:
		d := h.setDigits
		st.Other = patternAll(s, h.extra, d)
		st.Text = intro + ", so one of " + cellOrList(h.extra) + " is " + digitList(d) +
			", and no cell that sees them all can be: " + removal(st.Eliminations) + "."
	case 3:
		st.Units = units(h.unit)
		st.Other = patternAll(s, h.set, h.setDigits)
		if h.hidden {
			// Said step by step: "with the extra cells counted as one" left
			// the learner to work out what follows, and why.
			holds := " holds"
			if len(h.set) > 1 {
				holds = " hold"
			}
			st.Text = intro + ", so one of " + cellOrList(sortedCells(h.extra)) + " holds a digit other than " + digitOrList(pair) +
				": counted as one cell, they and " + cellList(h.set) + " are the only places for " + digitList(h.setDigits) +
				" in " + unitName(h.unit) + ", a hidden set, so " + cellList(h.set) + holds + " nothing but " + digitOrList(h.setDigits) +
				": " + removal(st.Eliminations) + "."
		} else {
			st.Text = intro + ", so the extra candidates of " + cellList(h.extra) + " act as one cell, which forms a naked set of " +
				digitList(h.setDigits) + " with " + cellList(h.set) + " in " + unitName(h.unit) + ": " + removal(st.Eliminations) + "."
		}
	case 4:
		st.Units = units(h.unit)
		other := h.v1
		if other == h.lock {
			other = h.v2
		}
		// Why neither can be the other digit, said: it was left to the
		// learner, and the cells came out of reading order.
		st.Text = intro + ". In " + unitName(h.unit) + ", " + itoa(h.lock) + " can only go in " + cellList(sortedCells(h.extra)) +
			", so one of them is " + itoa(h.lock) + ". If either were " + itoa(other) + ", the other would be " + itoa(h.lock) +
			" and the " + countWord(len(h.loop)) + " cells would hold only " + digitList(pair) +
			", so neither can be " + itoa(other) + ": " + removal(st.Eliminations) + "."
	}
}

func name2(i int) string { return name(i) }

func sortedCells(cs []int) []int {
	var set cellSet
	for _, c := range cs {
		set.add(c)
	}
	return set.cells()
}

// bug finds a bivalue universal grave: every empty cell but a few would
// have two candidates and every digit two places in each unit, a deadly
// pattern; the extra candidates (the BUG values) must be used.
func (e *engine) bug() bool {
	s := &e.s
	temp := s.cand
	var bugCells []int
	var bugValues [81]solver.Set
	var all solver.Set
	common := cellSet{}
	haveCommon := false
	var inBug, big cellSet // big: the cells with three candidates or more
	for t := s.empty; !t.empty(); {
		if c := t.pop(); s.cand[c].Count() >= 3 {
			big.add(c)
		}
	}
	for _, base := range kindsBRC {
		for u := base; u < base+9; u++ {
			for d := uint8(1); d <= 9; d++ {
				p := s.pos[d][u]
				n := popc(p)
				if n == 0 || n == 2 {
					continue
				}
				// The digit's places in the unit with three candidates or more.
				nb := s.where[d].and(unitSet[u]).and(big)
				if nb.empty() {
					return false
				}
				if nb.atLeastTwo() {
					continue
				}
				c := nb.pop()
				if !inBug.has(c) {
					inBug.add(c)
					bugCells = append(bugCells, c)
				}
				bugValues[c] |= 1 << d
				all |= 1 << d
				temp[c] &^= 1 << d
				if !haveCommon {
					common, haveCommon = peerSet[c], true
				} else {
					common = common.and(peerSet[c])
				}
				common = common.andNot(inBug)
				if len(bugCells) > 1 && all.Count() > 1 && common.empty() {
					return false
				}
			}
		}
	}
	for t := s.empty; !t.empty(); {
		if temp[t.pop()].Count() != 2 {
			return false
		}
	}
	for u := 0; u < 27; u++ {
		var cnt [10]int
		for _, c := range unitCells[u] {
			for x := temp[c]; x != 0; x &= x - 1 {
				cnt[lowDigit(x)]++
			}
		}
		for d := 1; d <= 9; d++ {
			if cnt[d] != 0 && cnt[d] != 2 {
				return false
			}
		}
	}
	if len(bugCells) == 0 {
		return false
	}
	h := &e.h
	describe := func(typ int, extra func(st *Step)) func(*Step) {
		h.name = "BUG type " + strconv.Itoa(typ) // called as the step is found
		return func(st *Step) {
			st.Name = "BUG type " + strconv.Itoa(typ)
			st.Cells = bugCells
			var other []Candidate
			for _, c := range bugCells {
				other = append(other, patternAll(s, []int{c}, bugValues[c])...)
			}
			st.Other = other
			st.Text = "Without the extra candidates in " + cellList(bugCells) +
				", every empty cell would hold two candidates and every digit two places in each unit, a pattern with two solutions"
			extra(st)
		}
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		for d := uint8(1); d <= 9; d++ {
			if s.cand[c].Has(d) && !all.Has(d) {
				h.elim[d].add(c)
			}
		}
		return e.found(BUG, 56, describe(1, func(st *Step) {
			// Where the BUG value shows: the units where it has three
			// places, lit and named (only the cell was, and a learner
			// could not see why the answer was that digit).
			var where []int
			for _, u := range cellUnit[c] {
				for d := uint8(1); d <= 9; d++ {
					if all.Has(d) && popc(s.pos[d][u]) == 3 {
						where = append(where, int(u))
						break
					}
				}
			}
			st.Units = units(where...)
			why := ""
			if len(where) > 0 && all.Count() == 1 {
				d := lowDigit(all)
				why = " (" + itoa(d) + " has three places in " + unitName(where[0]) + ": " + cellList(unitCellsOf(where[0], s.pos[d][where[0]]).cells()) + ")"
			}
			st.Text += why + ", so " + name(c) + " is " + digitOrList(all) + ": " + removal(st.Eliminations) + "."
		}))
	case all.Count() == 1:
		d := lowDigit(all)
		if haveCommon && !common.empty() {
			if x := common.and(s.where[d]); !x.empty() {
				h.elim[d] = x
				return e.found(BUG, 57, describe(2, func(st *Step) {
					st.Text += ", so one of " + cellOrList(bugCells) + " is " + itoa(d) + ", and no cell that sees them all can be: " + removal(st.Eliminations) + "."
				}))
			}
		}
		if len(bugCells) == 2 && e.bug4(bugCells, &bugValues, all, describe) {
			return true
		}
	case haveCommon && !common.empty():
		if len(bugCells) == 2 && e.bug4(bugCells, &bugValues, all, describe) {
			return true
		}
		return e.bug3(bugCells, all, common, describe)
	}
	return false
}

func (e *engine) bug4(cells []int, values *[81]solver.Set, all solver.Set, describe func(int, func(*Step)) func(*Step)) bool {
	s := &e.s
	c1, c2 := cells[0], cells[1]
	com := s.cand[c1] & s.cand[c2] &^ all
	if com.Count() != 1 {
		return false
	}
	v := lowDigit(com)
	for _, kind := range kindsBRC {
		u := unitOfKind(c1, kind)
		if u != unitOfKind(c2, kind) {
			continue
		}
		for _, c := range [2]int{c1, c2} {
			x := s.cand[c] &^ values[c] &^ (1 << v)
			for d := uint8(1); d <= 9; d++ {
				if x.Has(d) {
					e.h.elim[d].add(c)
				}
			}
		}
		return e.found(BUG, 57, describe(4, func(st *Step) {
			st.Units = units(u)
			st.Text += "; " + name(c1) + " or " + name(c2) + " takes its extra candidate, and " + itoa(v) +
				" must go in one of them in " + unitName(u) + ": " + removal(st.Eliminations) + "."
		}))
	}
	return false
}

func (e *engine) bug3(cells []int, all solver.Set, common cellSet, describe func(int, func(*Step)) func(*Step)) bool {
	s := &e.s
	var inBug cellSet
	for _, c := range cells {
		inBug.add(c)
	}
	for _, kind := range kindsBRC {
		u := unitOfKind(cells[0], kind)
		shared := true
		for _, c := range cells[1:] {
			if unitOfKind(c, kind) != u {
				shared = false
				break
			}
		}
		if !shared {
			continue
		}
		// The common cells in this unit, in SE's order (the peers of the
		// first BUG cell: box, row, column).
		var rc []int
		for _, c := range houseOrder[cells[0]] {
			if common.has(int(c)) && unitSet[u].has(int(c)) {
				rc = append(rc, int(c))
			}
		}
		for degree := 2; degree <= 6; degree++ {
			if len(rc) < degree {
				continue
			}
			for m := uint32(1)<<(degree-1) - 1; m < 1<<len(rc); m = nextCombination(m) {
				var union solver.Set
				ok := all.Count() >= 2
				var naked cellSet
				var nakedCells []int
				for t := m; t != 0; t &= t - 1 {
					c := rc[bits.TrailingZeros32(t)]
					p := s.cand[c]
					if p.Count() <= 1 {
						ok = false
					}
					union |= p
					naked.add(c)
					nakedCells = append(nakedCells, c)
				}
				if union.Count() != degree || !ok || (union|all).Count() != degree {
					continue
				}
				set := union | all
				erasable := cellSet{}
				for _, c := range rc {
					if !naked.has(c) && !inBug.has(c) {
						erasable.add(c)
					}
				}
				if erasable.empty() {
					continue
				}
				found := false
				for d := uint8(1); d <= 9; d++ {
					if set.Has(d) {
						if x := erasable.and(s.where[d]); !x.empty() {
							e.h.elim[d] = x
							found = true
						}
					}
				}
				if !found {
					continue
				}
				return e.found(BUG, 57+degree-1, describe(3, func(st *Step) {
					st.Units = units(u)
					st.Pattern = patternAll(s, nakedCells, set)
					st.Text += ", so the BUG values act as one cell that forms a naked set of " + digitList(set) + " with " +
						cellList(nakedCells) + " in " + unitName(u) + ": " + removal(st.Eliminations) + "."
				}))
			}
		}
	}
	return false
}

// countWord spells a count of cells: "the four cells", where "the 4
// cells" read as cells of the digit 4.
func countWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
