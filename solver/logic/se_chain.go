package logic

import (
	"math/bits"
)

// Chains, as Sudoku Explainer builds and scores them.
//
// A potential is a candidate assumed true ("on") or false ("off"); its id
// is 2·(9·cell + digit − 1) + on. Chaining starts from one potential and
// follows implications: an on potential turns off the other candidates of
// its cell and the other places of its digit in its units; an off
// potential turns on the other candidate of a bivalue cell and the other
// place of a digit with two places in a unit. Each potential found keeps
// its parents (the potentials that imply it); a step's complexity is the
// number of distinct potentials its chains go back to, and its score is
// the rule's base plus SE's length increment for that complexity.
//
// Dynamic chains also remove each off potential from a working copy of
// the position as they go, so later implications see the reduced position
// (a cell down to two candidates, a digit down to two places); such
// implications name as extra ("hidden") parents the off potentials that
// made them possible. Chains of level 1 and up also apply simple rules
// (locked candidates, hidden and naked pairs, X-Wings) to the reduced
// position when nothing else follows.

const nPot = 1458

type potBits [23]uint64

func (b *potBits) has(id int) bool { return b[id>>6]&(1<<(id&63)) != 0 }
func (b *potBits) set(id int)      { b[id>>6] |= 1 << (id & 63) }

type candBits [12]uint64

func (b *candBits) has(ci int) bool { return b[ci>>6]&(1<<(ci&63)) != 0 }
func (b *candBits) set(ci int)      { b[ci>>6] |= 1 << (ci & 63) }

func potOn(ci int) int  { return ci<<1 | 1 }
func potOff(ci int) int { return ci << 1 }
func candOf(c int, d uint8) int {
	return c*9 + int(d) - 1
}

// candCell and candDigit are the cell and the digit of a candidate index;
// unitsBRC lists a cell's box, row and column (SE's order for chains).
var (
	candCell  [729]uint8
	candDigit [729]uint8
	unitsBRC  [81][3]uint8
)

func init() {
	for ci := range candCell {
		candCell[ci], candDigit[ci] = uint8(ci/9), uint8(ci%9+1)
	}
	for c := range unitsBRC {
		for k, base := range kindsBRC {
			unitsBRC[c][k] = uint8(unitOfKind(c, base))
		}
	}
}

// lenDiff is SE's length increment, in tenths, for a chain step of the
// given complexity: nothing up to 6 potentials, then 0.1 more each time
// the length passes 4, 6, 8, 12, 16, 24, 32, 48, ...
func lenDiff(complexity int) int {
	added, ceil, odd := 0, 4, false
	for length := complexity - 2; length > ceil; {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// run is the outcome of one chaining from a starting potential: the
// potentials found on and off in order, with their parents. When the
// chaining met a contradiction it stopped there: absurd is set, and the
// pair is absOn and absOff, one of them found last (newPot, not stored,
// with parents newPar).
type run struct {
	on, off     []int16 // candidate indexes, in the order found
	inOn, inOff candBits
	parStart    [nPot]int32
	parEnd      [nPot]int32
	par         []int16
	absurd      bool
	absOn       int
	absOff      int
	newPot      int
	newPar      []int16
	anc         [nPot]int16 // memo of ancestor counts (0: not known)
	ancSet      []int16     // the ids whose count is memoized
	visit       potBits
	stack       []int16
	// cause[ci] of an on potential: the unit (0-26) whose last place it
	// is, or -1 for the last candidate of its cell; -2 for the start.
	cause [729]int8
	// Nested chains: an off potential found by a chain nested inside
	// (levels 4 and 5) has nest[ci] > 0, the nested chain's complexity.
	nest    [729]int32
	hasNest bool
	// byRule lists the off potentials that simple rules or nested chains
	// gave (chains of level 1 and up, when the chainer describes).
	byRule []ruleOff
}

func (r *run) reset() {
	r.on, r.off, r.par = r.on[:0], r.off[:0], r.par[:0]
	r.inOn, r.inOff = candBits{}, candBits{}
	r.absurd = false
	r.newPot = -1
	r.newPar = r.newPar[:0]
	for _, id := range r.ancSet {
		r.anc[id] = 0
	}
	r.ancSet = r.ancSet[:0]
	if r.hasNest {
		r.nest = [729]int32{}
		r.hasNest = false
	}
	r.byRule = r.byRule[:0]
}

// ruleOf is the rule that gave off potential id (see ruleOff); its rule
// is 0 when none did.
func (r *run) ruleOf(id int) ruleOff {
	if id&1 == 0 {
		for _, ro := range r.byRule {
			if int(ro.ci) == id>>1 {
				return ro
			}
		}
	}
	return ruleOff{}
}

func (r *run) stored(id int) bool {
	if id&1 == 1 {
		return r.inOn.has(id >> 1)
	}
	return r.inOff.has(id >> 1)
}

func (r *run) parents(id int) []int16 {
	if id == r.newPot && !r.stored(id) {
		return r.newPar
	}
	return r.par[r.parStart[id]:r.parEnd[id]]
}

// ancestors is the number of distinct potentials id goes back to,
// itself included (SE's getAncestorCount).
func (r *run) ancestors(id int) int {
	memo := r.stored(id) && !(id == r.newPot) && !r.hasNest
	if memo && r.anc[id] > 0 {
		return int(r.anc[id])
	}
	r.visit = potBits{}
	r.stack = append(r.stack[:0], int16(id))
	r.visit.set(id)
	n := 0
	for len(r.stack) > 0 {
		p := int(r.stack[len(r.stack)-1])
		r.stack = r.stack[:len(r.stack)-1]
		n++
		for _, q := range r.parents(p) {
			if !r.visit.has(int(q)) {
				r.visit.set(int(q))
				r.stack = append(r.stack, q)
			}
		}
	}
	if memo {
		r.anc[id] = int16(n)
		r.ancSet = append(r.ancSet, int16(id))
	}
	return n
}

// chainMode is one of SE's chaining rules beyond the first.
type chainMode int

const (
	chainNishio chainMode = iota
	chainMultiple
	chainDynamic
	chainDynamicPlus
	chainNested2
	chainNested3
	chainNested4
	chainNested5
)

type modeInfo struct {
	multiple, dynamic, nishio bool
	level                     int
	base                      int
}

var modes = [...]modeInfo{
	chainNishio:      {false, true, true, 0, 75},
	chainMultiple:    {true, false, false, 0, 80},
	chainDynamic:     {true, true, false, 0, 85},
	chainDynamicPlus: {true, true, false, 1, 90},
	chainNested2:     {true, true, false, 2, 95},
	chainNested3:     {true, true, false, 3, 100},
	chainNested4:     {true, true, false, 4, 105},
	chainNested5:     {true, true, false, 5, 110},
}

// makeOn is an on potential implied by an off one, with its parents.
type makeOn struct {
	ci    int
	par   [16]int16
	np    int
	cause int8
}

// chainer holds the runs of one rule's search and a working position.
type chainer struct {
	mode     modeInfo
	describe bool // runs keep which rule gave an off potential (byRule)
	save     *state
	ws       state
	pool     []*run
	used     int
	onRuns   [729]*run
	offRuns  [729]*run
	// scratch
	mo        makeOn   // scratch: an on potential implied, with its parents
	inner     *chainer // the chains nested inside (levels 4 and 5)
	innerSave state
	offAdj    *adjacency    // static chains: what each on potential turns off
	onAdj     *adjacency    // and what each off potential turns on
	static    *staticSearch // the engine's first chaining rule, whose lists may serve
	lists     *staticSearch // else lists built here
	// reach: the static implications' reach sets (static chains: what
	// each chaining finds when it meets no contradiction), from the
	// lists in use
	reach *reachability
}

func (ch *chainer) newRun() *run {
	if ch.used == len(ch.pool) {
		ch.pool = append(ch.pool, new(run))
	}
	r := ch.pool[ch.used]
	ch.used++
	r.reset()
	return r
}

func (ch *chainer) begin(s *state, m modeInfo) {
	ch.save = s
	ch.mode = m
	ch.used = 0
	ch.onRuns = [729]*run{}
	ch.offRuns = [729]*run{}
	if !m.dynamic {
		// Static chains see one position: their implications are listed
		// once, or taken from the first chaining rule's lists when it
		// ran on this position.
		ss := ch.lists
		if ss == nil {
			ss = &staticSearch{}
			ch.lists = ss
		}
		if st := ch.static; st != nil && st.builtFor == s.cand {
			ss = st
		} else {
			ss.buildLists(s)
		}
		ch.offAdj, ch.onAdj = &ss.offY, &ss.onXY
		if !ss.reachOK {
			ss.buildReach(s)
		}
		ch.reach = &ss.reach
	}
}

// onRun is the chaining from candidate ci on (computed once per search).
func (ch *chainer) onRun(ci int) *run {
	if r := ch.onRuns[ci]; r != nil {
		return r
	}
	r := ch.newRun()
	ch.chain(r, potOn(ci))
	ch.onRuns[ci] = r
	return r
}

func (ch *chainer) offRun(ci int) *run {
	if r := ch.offRuns[ci]; r != nil {
		return r
	}
	r := ch.newRun()
	ch.chain(r, potOff(ci))
	ch.offRuns[ci] = r
	return r
}

// nested is the total complexity of the nested chains id goes back to
// (each counted once); ancestors must have just visited id's ancestors.
func (r *run) nestedAfterVisit() int {
	n := 0
	for _, ci := range r.off {
		if r.nest[ci] > 0 && r.visit.has(potOff(int(ci))) {
			n += int(r.nest[ci])
		}
	}
	return n
}

func (r *run) store(id int, parents []int16) {
	r.parStart[id] = int32(len(r.par))
	r.par = append(r.par, parents...)
	r.parEnd[id] = int32(len(r.par))
	r.list(id)
}

// storeOne is store for a potential with one parent, the common case
// (without the variadic append, which costs in the chaining's inner loop).
func (r *run) storeOne(id int, parent int16) {
	r.parStart[id] = int32(len(r.par))
	r.par = append(r.par, parent)
	r.parEnd[id] = int32(len(r.par))
	r.list(id)
}

// list adds a stored potential to its set and its queue.
func (r *run) list(id int) {
	if id&1 == 1 {
		r.inOn.set(id >> 1)
		r.on = append(r.on, int16(id>>1))
	} else {
		r.inOff.set(id >> 1)
		r.off = append(r.off, int16(id>>1))
	}
}

// chain is SE's doChaining from one potential: on potentials are processed
// first, in the order found, then off ones; it stops at the first
// contradiction.
func (ch *chainer) chain(r *run, start int) {
	m := ch.mode
	ws := &ch.ws
	*ws = *ch.save
	save := ch.save
	y := !m.nishio
	r.store(start, nil)
	if start&1 == 1 {
		r.cause[start>>1] = -2
	}
	onPtr, offPtr := 0, 0
	var one [1]int16
	if !m.dynamic {
		ch.chainStatic(r, &onPtr, &offPtr)
		return
	}
	for onPtr < len(r.on) || offPtr < len(r.off) {
		if onPtr < len(r.on) {
			ci := int(r.on[onPtr])
			onPtr++
			p := potOn(ci)
			c, v := int(candCell[ci]), candDigit[ci]
			one[0] = int16(p)
			if y {
				for x := ws.cand[c] &^ (1 << v); x != 0; x &= x - 1 {
					w := lowDigit(x)
					if ch.emitOff(r, candOf(c, w), one[0]) {
						return
					}
				}
			}
			// The digit's other places in the box, row and column, in
			// SE's order (houseOrder).
			w := ws.where[v]
			for _, part := range &houseParts[c] {
				for t := part.and(w); !t.empty(); {
					if ch.emitOff(r, candOf(t.pop(), v), one[0]) {
						return
					}
				}
			}
		} else {
			ci := int(r.off[offPtr])
			offPtr++
			p := potOff(ci)
			c, v := int(candCell[ci]), candDigit[ci]
			// The on potentials it implies, in order: the other candidate
			// of its cell, then the other place of its digit in each unit
			// (each once), with as extra parents the off potentials that
			// made them the last (on the position before c loses v). One
			// that is on already is skipped, unless it is off too.
			if y && ws.cand[c].Count() == 2 {
				ci2 := candOf(c, lowDigit(ws.cand[c]&^(1<<v)))
				if r.inOff.has(ci2) || !r.inOn.has(ci2) {
					mo := &ch.mo
					mo.ci, mo.par[0], mo.np, mo.cause = ci2, int16(p), 1, -1
					for x := save.cand[c] &^ ws.cand[c]; x != 0; x &= x - 1 {
						if mo.np < len(mo.par) {
							mo.par[mo.np] = int16(potOff(candOf(c, lowDigit(x))))
							mo.np++
						}
					}
					if r.makeOn(mo) {
						return
					}
				}
			}
			for _, u8 := range unitsBRC[c] {
				u := int(u8)
				pm := ws.pos[v][u]
				if pm&(pm-1) == 0 || pm&(pm-1)&(pm&(pm-1)-1) != 0 {
					continue // not two places
				}
				c2 := int(unitCells[u][bits.TrailingZeros16(pm)])
				if c2 == c {
					c2 = int(unitCells[u][bits.TrailingZeros16(pm&(pm-1))])
				}
				ci2 := candOf(c2, v)
				if r.inOn.has(ci2) && !r.inOff.has(ci2) {
					continue
				}
				mo := &ch.mo
				mo.ci, mo.par[0], mo.np, mo.cause = ci2, int16(p), 1, int8(u)
				for t := save.pos[v][u] &^ pm; t != 0; t &= t - 1 {
					if mo.np < len(mo.par) {
						mo.par[mo.np] = int16(potOff(candOf(int(unitCells[u][bits.TrailingZeros16(t)]), v)))
						mo.np++
					}
				}
				if r.makeOn(mo) {
					return
				}
			}
			if m.dynamic && ws.cand[c].Has(v) {
				ws.clear(c, v) // the working copy's changes are not tracked
			}
		}
		if m.level > 0 && onPtr == len(r.on) && offPtr == len(r.off) {
			ch.advanced(r)
		}
	}
}

// makeOn stores the on potential mo implies, unless it is stored
// already; true when it is off (a contradiction, recorded).
func (r *run) makeOn(mo *makeOn) bool {
	if r.inOff.has(mo.ci) {
		r.absurd = true
		r.newPot = potOn(mo.ci)
		r.newPar = append(r.newPar[:0], mo.par[:mo.np]...)
		r.absOn, r.absOff = potOn(mo.ci), potOff(mo.ci)
		return true
	}
	if !r.inOn.has(mo.ci) {
		r.store(potOn(mo.ci), mo.par[:mo.np])
		r.cause[mo.ci] = mo.cause
	}
	return false
}

// chainStatic is chain for static chains (SE's multiple forcing chains),
// with the implications listed once for the position.
func (ch *chainer) chainStatic(r *run, onPtr, offPtr *int) {
	var one [1]int16
	for *onPtr < len(r.on) || *offPtr < len(r.off) {
		if *onPtr < len(r.on) {
			ci := int(r.on[*onPtr])
			*onPtr++
			one[0] = int16(potOn(ci))
			for _, q := range ch.offAdj.of(ci) {
				if ch.emitOff(r, int(q), one[0]) {
					return
				}
			}
			continue
		}
		ci := int(r.off[*offPtr])
		*offPtr++
		one[0] = int16(potOff(ci))
		for _, q := range ch.onAdj.of(ci) {
			if r.inOff.has(int(q)) {
				r.absurd = true
				r.newPot = potOn(int(q))
				r.newPar = append(r.newPar[:0], one[0])
				r.absOn, r.absOff = potOn(int(q)), potOff(int(q))
				return
			}
			if !r.inOn.has(int(q)) {
				r.storeOne(potOn(int(q)), one[0])
			}
		}
	}
}

// emitOff handles one off potential implied by an on one; true on a
// contradiction.
func (ch *chainer) emitOff(r *run, ci int, parent int16) bool {
	if r.inOn.has(ci) {
		r.absurdOff(ci, parent)
		return true
	}
	if !r.inOff.has(ci) {
		r.storeOne(potOff(ci), parent)
	}
	return false
}

// absurdOff records the contradiction of an off potential implied for a
// candidate that is on (kept out of emitOff, so that it inlines).
//
//go:noinline
func (r *run) absurdOff(ci int, parent int16) {
	r.absurd = true
	r.newPot = potOff(ci)
	r.newPar = append(r.newPar[:0], parent)
	r.absOn, r.absOff = potOn(ci), potOff(ci)
}

// Kinds of chaining steps, with SE's sort keys.
const (
	pickDoubleOn = iota
	pickDoubleOff
	pickCellOn
	pickCellOff
	pickRegionOn
	pickRegionOff
	pickContraOff // the start, on, leads to a contradiction
	pickContraOn  // the start, off, leads to a contradiction
)

var pickSortKey = [...]int{1, 1, 5, 5, 6, 6, 7, 7}

// chainPick is the easiest step found so far by a chaining rule.
type chainPick struct {
	ok         bool
	complexity int
	sortKey    int
	kind       int
	target     int   // the potential concluded (its id)
	ci         int   // the start candidate (contradiction, double)
	cell       int   // cell forcing chains: the cell
	unit       int   // region forcing chains: the unit
	digit      uint8 // region forcing chains: the digit
	runs       []*run
	targets    []int // per run, the potential id reached (for contradictions: two in one run)
}

// better reports whether a step of this complexity and sort key would come
// before the pick in SE's sort (difficulty, complexity, sort key, order).
func (p *chainPick) better(complexity, sortKey int) bool {
	return !p.ok || complexity < p.complexity || complexity == p.complexity && sortKey < p.sortKey
}

// sumAncestors adds up the ancestor counts of target in each run, giving
// up (returning -1) as soon as the sum cannot beat the pick.
func (p *chainPick) sumAncestors(runs []*run, targets []int, sortKey int) int {
	sum := 0
	for k, r := range runs {
		sum += r.ancestors(targets[k])
		if r.hasNest {
			sum += r.nestedAfterVisit()
		}
		left := len(runs) - k - 1 // each further run adds at least 1
		if p.ok && (sum+left > p.complexity || sum+left == p.complexity && sortKey >= p.sortKey) {
			return -1
		}
	}
	return sum
}

func (p *chainPick) offer(kind int, runs []*run, targets []int) bool {
	sk := pickSortKey[kind]
	if p.ok && len(runs) > p.complexity {
		return false
	}
	c := p.sumAncestors(runs, targets, sk)
	if c < 0 || !p.better(c, sk) {
		return false
	}
	p.ok, p.complexity, p.sortKey, p.kind = true, c, sk, kind
	p.runs = append(p.runs[:0], runs...)
	p.targets = append(p.targets[:0], targets...)
	return true
}

// worth reports whether concluding potential id would remove a candidate
// from the position (an on potential removes the other candidates of its
// cell).
func worth(s *state, id int) bool {
	ci := id >> 1
	c, v := ci/9, uint8(ci%9+1)
	if id&1 == 1 {
		return s.cand[c]&^(1<<v) != 0
	}
	return s.cand[c].Has(v)
}

func (e *engine) chainer() *chainer {
	if e.ch == nil {
		e.ch = chainerPool.Get().(*chainer)
	}
	e.ch.describe = e.describe
	return e.ch
}

// multipleChains is SE's chaining rules beyond the first: Nishio forcing
// chains (7.5), cell and region forcing chains (8.0), their dynamic forms
// with contradiction and double forcing chains (8.5), and those again with
// simple rules inside the chains (9.0 and up). Every step is found, and
// the easiest (by score, complexity, kind, order found) is taken.
func (e *engine) multipleChains(mode chainMode) bool {
	s := &e.s
	m := modes[mode]
	if m.level == 2 || m.level == 3 {
		// SE's chains with static chains nested (9.5, 10.0) are not
		// implemented: the levels above stand in for them.
		return false
	}
	ch := e.chainer()
	ch.static = e.static
	ch.begin(s, m)
	var pick chainPick
	var runs [9]*run
	var targets [9]int
	for i := 0; i < 81; i++ {
		if e.ctx != nil && i%9 == 0 && e.ctx.Err() != nil {
			return false
		}
		if s.grid[i] != 0 {
			continue
		}
		card := s.cand[i].Count()
		if !(card > 2 || card > 1 && m.dynamic) {
			continue
		}
		if !m.dynamic && !e.exhaustive {
			e.staticCell(ch, &pick, i)
			continue
		}
		if m.nishio && !e.exhaustive {
			// Only a contradiction makes a Nishio step: the chainings
			// that meet none are not run.
			for x := s.cand[i]; x != 0; x &= x - 1 {
				v := lowDigit(x)
				ci := candOf(i, v)
				if s.nishioAbsurd(i, v, true) {
					onR := ch.onRun(ci)
					if pick.offer(pickContraOff, []*run{onR, onR}, []int{onR.absOn, onR.absOff}) {
						pick.ci, pick.target = ci, potOff(ci)
					}
				}
				if s.nishioAbsurd(i, v, false) {
					offR := ch.offRun(ci)
					if pick.offer(pickContraOn, []*run{offR, offR}, []int{offR.absOn, offR.absOff}) {
						pick.ci, pick.target = ci, potOn(ci)
					}
				}
			}
			continue
		}
		var cellOn, cellOff candBits
		first := -1
		nv := 0
		for x := s.cand[i]; x != 0; x &= x - 1 {
			v := lowDigit(x)
			ci := candOf(i, v)
			onR := ch.onRun(ci)
			var offR *run
			if m.dynamic || m.nishio {
				offR = ch.offRun(ci)
				if onR.absurd {
					if pick.offer(pickContraOff, []*run{onR, onR}, []int{onR.absOn, onR.absOff}) {
						pick.ci, pick.target = ci, potOff(ci)
					}
				}
				if offR.absurd {
					if pick.offer(pickContraOn, []*run{offR, offR}, []int{offR.absOn, offR.absOff}) {
						pick.ci, pick.target = ci, potOn(ci)
					}
				}
			}
			if card >= 3 && !m.nishio && m.dynamic {
				for _, q := range onR.on {
					if offR.inOn.has(int(q)) && worth(s, potOn(int(q))) {
						id := potOn(int(q))
						if pick.offer(pickDoubleOn, []*run{onR, offR}, []int{id, id}) {
							pick.ci, pick.target = ci, id
						}
					}
				}
				for _, q := range onR.off {
					if offR.inOff.has(int(q)) {
						id := potOff(int(q))
						if pick.offer(pickDoubleOff, []*run{onR, offR}, []int{id, id}) {
							pick.ci, pick.target = ci, id
						}
					}
				}
			}
			if !m.nishio {
				e.regionChains(ch, &pick, i, v, onR, 7)
			}
			if first < 0 {
				first = ci
				cellOn, cellOff = onR.inOn, onR.inOff
			} else {
				for k := range cellOn {
					cellOn[k] &= onR.inOn[k]
					cellOff[k] &= onR.inOff[k]
				}
			}
			runs[nv] = onR
			nv++
		}
		if !m.nishio && (card == 2 || m.multiple && card > 2) {
			fr := ch.onRuns[first]
			for _, q := range fr.on {
				if cellOn.has(int(q)) && worth(s, potOn(int(q))) {
					id := potOn(int(q))
					for k := 0; k < nv; k++ {
						targets[k] = id
					}
					if pick.offer(pickCellOn, runs[:nv], targets[:nv]) {
						pick.cell, pick.target = i, id
					}
				}
			}
			for _, q := range fr.off {
				if cellOff.has(int(q)) {
					id := potOff(int(q))
					for k := 0; k < nv; k++ {
						targets[k] = id
					}
					if pick.offer(pickCellOff, runs[:nv], targets[:nv]) {
						pick.cell, pick.target = i, id
					}
				}
			}
		}
		if m.level >= 4 && pick.ok {
			// Nested chains cost too much to search every cell as SE
			// does: the first cell with a step gives it.
			break
		}
	}
	if !pick.ok {
		return false
	}
	return e.takeChain(&pick, m)
}

// staticCell is the search of static cell and region forcing chains (SE's
// multiple forcing chains, 8.0) from cell i, which has three candidates or
// more: the chainings from a candidate that meets no contradiction find
// exactly what its on potential reaches in the implications' graph, so
// the reach sets say where every candidate of a cell, or every place of a
// digit in a unit, leads to one conclusion; only those chainings are run,
// and the steps are offered in the order of the full search.
func (e *engine) staticCell(ch *chainer, pick *chainPick, i int) {
	s := &e.s
	var scratch potBits
	for x := s.cand[i]; x != 0; x &= x - 1 {
		v := lowDigit(x)
		var units uint8
		for k, base := range kindsBRC {
			u := unitOfKind(i, base)
			pm := s.pos[v][u]
			if popc(pm) < 2 || int(unitCells[u][bits.TrailingZeros16(pm)]) != i {
				continue
			}
			var common potBits
			first := true
			for t := pm; t != 0; t &= t - 1 {
				r := ch.reach.reachOf(potOn(candOf(int(unitCells[u][bits.TrailingZeros16(t)]), v)), &scratch)
				if first {
					common, first = *r, false
				} else {
					common.and(r)
				}
			}
			if ch.reach.conclusion(s, &common) {
				units |= 1 << k
			}
		}
		if units != 0 {
			e.regionChains(ch, pick, i, v, ch.onRun(candOf(i, v)), units)
		}
	}
	var common potBits
	first := true
	for x := s.cand[i]; x != 0; x &= x - 1 {
		r := ch.reach.reachOf(potOn(candOf(i, lowDigit(x))), &scratch)
		if first {
			common, first = *r, false
		} else {
			common.and(r)
		}
	}
	if !ch.reach.conclusion(s, &common) {
		return
	}
	var runs [9]*run
	var targets [9]int
	var cellOn, cellOff candBits
	nv := 0
	for x := s.cand[i]; x != 0; x &= x - 1 {
		r := ch.onRun(candOf(i, lowDigit(x)))
		if nv == 0 {
			cellOn, cellOff = r.inOn, r.inOff
		} else {
			for k := range cellOn {
				cellOn[k] &= r.inOn[k]
				cellOff[k] &= r.inOff[k]
			}
		}
		runs[nv] = r
		nv++
	}
	e.cellChains(pick, i, runs[:nv], targets[:nv], &cellOn, &cellOff)
}

// cellChains offers the steps of the cell forcing chains of cell i: the
// potentials that all the runs from its candidates reach (cellOn, cellOff).
func (e *engine) cellChains(pick *chainPick, i int, runs []*run, targets []int, cellOn, cellOff *candBits) {
	s := &e.s
	fr := runs[0]
	for _, q := range fr.on {
		if cellOn.has(int(q)) && worth(s, potOn(int(q))) {
			id := potOn(int(q))
			for k := range runs {
				targets[k] = id
			}
			if pick.offer(pickCellOn, runs, targets) {
				pick.cell, pick.target = i, id
			}
		}
	}
	for _, q := range fr.off {
		if cellOff.has(int(q)) {
			id := potOff(int(q))
			for k := range runs {
				targets[k] = id
			}
			if pick.offer(pickCellOff, runs, targets) {
				pick.cell, pick.target = i, id
			}
		}
	}
}

// conclusion reports whether the potentials p, those that the chainings
// from several candidates all reach, hold a conclusion of a step: an off
// potential, or an on potential whose cell has other candidates. (A
// chaining that meets a contradiction stops short of its reach set, and
// finds less.)
func (g *reachability) conclusion(s *state, p *potBits) bool {
	const offs = 0x5555555555555555 // bit 2·ci: ci off; 2·ci+1: on
	for w, x := range p {
		if x&offs != 0 {
			return true
		}
		for on := x >> 1 & offs; on != 0; on &= on - 1 {
			ci := (64*w + bits.TrailingZeros64(on)) >> 1
			if worth(s, potOn(ci)) {
				return true
			}
		}
	}
	return false
}

// regionChains: every place of digit v in a unit whose first place is
// cell i leads to the same conclusion. units picks, by bit k, the unit of
// kind kindsBRC[k] (7: all three).
func (e *engine) regionChains(ch *chainer, pick *chainPick, i int, v uint8, onR *run, units uint8) {
	s := &e.s
	var runs [9]*run
	var targets [9]int
	for k, base := range kindsBRC {
		if units&(1<<k) == 0 {
			continue
		}
		u := unitOfKind(i, base)
		pm := s.pos[v][u]
		n := popc(pm)
		if !(n == 2 || ch.mode.multiple && n > 2) {
			continue
		}
		if int(unitCells[u][bits.TrailingZeros16(pm)]) != i {
			continue
		}
		regOn, regOff := onR.inOn, onR.inOff
		k := 0
		for t := pm; t != 0; t &= t - 1 {
			c := int(unitCells[u][bits.TrailingZeros16(t)])
			r := onR
			if c != i {
				r = ch.onRun(candOf(c, v))
				for w := range regOn {
					regOn[w] &= r.inOn[w]
					regOff[w] &= r.inOff[w]
				}
			}
			runs[k] = r
			k++
		}
		for _, q := range onR.on {
			if regOn.has(int(q)) && worth(s, potOn(int(q))) {
				id := potOn(int(q))
				for j := 0; j < k; j++ {
					targets[j] = id
				}
				if pick.offer(pickRegionOn, runs[:k], targets[:k]) {
					pick.unit, pick.digit, pick.target = u, v, id
				}
			}
		}
		for _, q := range onR.off {
			if regOff.has(int(q)) {
				id := potOff(int(q))
				for j := 0; j < k; j++ {
					targets[j] = id
				}
				if pick.offer(pickRegionOff, runs[:k], targets[:k]) {
					pick.unit, pick.digit, pick.target = u, v, id
				}
			}
		}
	}
}

// takeChain makes the picked chaining step the engine's hint.
func (e *engine) takeChain(p *chainPick, m modeInfo) bool {
	s := &e.s
	h := &e.h
	ci := p.target >> 1
	c, v := ci/9, uint8(ci%9+1)
	if p.target&1 == 1 {
		for x := s.cand[c] &^ (1 << v); x != 0; x &= x - 1 {
			h.elim[lowDigit(x)].add(c)
		}
		h.cell, h.digit = c, v
	} else {
		h.elim[v].add(c)
	}
	var t Technique
	switch {
	case m.nishio:
		t = NishioForcingChain
	case p.kind == pickContraOff || p.kind == pickContraOn:
		t = DynamicContradiction
	case p.kind == pickDoubleOn || p.kind == pickDoubleOff:
		t = DynamicDouble
	case p.kind == pickCellOn || p.kind == pickCellOff:
		t = CellForcingChain
		if m.dynamic {
			t = DynamicCell
		}
	default:
		t = RegionForcingChain
		if m.dynamic {
			t = DynamicRegion
		}
	}
	score := m.base + lenDiff(p.complexity)
	h.level = m.level
	pc := *p
	return e.found(t, score, func(st *Step) { e.describeChain(st, &pc, m) })
}
