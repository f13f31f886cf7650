package logic

import (
	"math/bits"
	"sync"

	"example.com/sudoku/solver"
)

// SE's first chaining rule: bidirectional cycles (X 6.5, Y 6.5, mixed 7.0)
// and forcing chains (X 6.6, mixed 7.0) that refute or prove their start,
// each plus the length increment. Every candidate starts a search in
// three passes (links of one digit only, bivalue cells only, both); SE
// sorts all the steps by score, complexity and kind, and takes the first.

// staticNode is a potential reached by a static search, with the one
// parent it was reached from (-1 for the start).
type staticNode struct {
	ci     int16
	on     bool
	parent int32
}

// adjacency lists, per candidate index, what it implies in one search
// mode, built once per position: of(ci) is data[lo[ci]:hi[ci]]. The lists
// of several modes share one data slice (see buildLists).
type adjacency struct {
	span spans
	data []int16
}

// spans are an adjacency's list bounds, per candidate index.
type spans [729]struct{ lo, hi int32 }

func (a *adjacency) of(ci int) []int16 {
	sp := a.span[ci]
	return a.data[sp.lo:sp.hi]
}

type staticSearch struct {
	e       *engine
	y, x    bool
	offX    adjacency // on → off, links of one digit
	offY    adjacency // on → off, with the cell's other candidates
	onX     adjacency // off → on by units only
	onY     adjacency // off → on by bivalue cells only
	onXY    adjacency // off → on by both
	offAdj  *adjacency
	onCyc   *adjacency // off → on in cycles (units only if the pass has them)
	onForce *adjacency // off → on in forcing chains (units always)
	nodes   []staticNode
	inOn    candBits
	inOff   candBits
	best    staticPick
	depth   []int16
	path    []candBits // cycles: the off candidates on each on node's path
	pathOf  []int32    // cycles: the index in path of each node's (on nodes)
	reach   reachability
	// builtFor is the position the lists were built for; reachOK says
	// that reach holds their components and reach sets.
	builtFor solver.Candidates
	reachOK  bool
	// forcingLength's layers, and the depth of each potential it found
	front, next   []staticNode
	depOn, depOff [729]int16
	// cycleDigits holds, per component of reach, the digits a cycle in it
	// could eliminate (bit 0: worked out); see cycleDigitsOf.
	cycleDigits []uint16
	bigComp     [][2][10]cellSet // cycleDigitsOf's scratch space
}

type staticPick struct {
	// limits remembers limit's answers for this pick: a new pick is a
	// new value, which forgets them.
	limits               [2]struct{ base, k, lim int }
	ok                   bool
	score, complexity, k int
	cycle                bool
	node                 int32 // cycle: the off node before the start; chain: the target's parent
	nodes                []staticNode
	elim                 [10]cellSet
	cell                 int
	digit                uint8
	y, x                 bool
	src                  int // candidate index of the start
	srcOn                bool
}

func (p *staticPick) better(score, complexity, k int) bool {
	if !p.ok {
		return true
	}
	if score != p.score {
		return score < p.score
	}
	if complexity != p.complexity {
		return complexity < p.complexity
	}
	return k < p.k
}

// limit is the largest complexity a step of this base score and sort key
// could have and still come first.
func (p *staticPick) limit(base, k int) int {
	if !p.ok {
		return 1 << 30
	}
	for _, m := range p.limits {
		if m.base == base && m.k == k {
			return m.lim
		}
	}
	lim := p.limitOf(base, k)
	p.limits[1] = p.limits[0]
	p.limits[0].base, p.limits[0].k, p.limits[0].lim = base, k, lim
	return lim
}

// limitOf is limit worked out.
func (p *staticPick) limitOf(base, k int) int {
	c := 2
	for p.better(base+lenDiff(c+1), c+1, k) {
		c++
		if c > 4096 {
			break
		}
	}
	if !p.better(base+lenDiff(c), c, k) {
		return c - 1
	}
	return c
}

// staticPool keeps static searches (some 60 KB of lists and scratch space
// each) from one rating to the next.
var staticPool = sync.Pool{New: func() any { return new(staticSearch) }}

func (e *engine) staticChains() bool {
	s := &e.s
	ss := e.static
	if ss == nil {
		ss = staticPool.Get().(*staticSearch)
		e.static = ss
	}
	ss.e = e
	ss.best = staticPick{nodes: ss.best.nodes[:0]}
	ss.buildLists(s)
	// The components of the graph of all static implications (the last
	// pass's; the others' are subgraphs of it): a cycle lies in one, so its
	// search keeps to the start's; and only a candidate whose on potential
	// reaches its off one (or the other way) can start a forcing chain.
	ss.buildReach(s)
	passes := [3][2]bool{{false, true}, {true, false}, {true, true}}
	for _, ps := range passes {
		cycleBase, chainBase, k := ss.pass(ps[0], ps[1])
		for i := 0; i < 81; i++ {
			card := s.cand[i].Count()
			if s.grid[i] != 0 || card <= 1 {
				continue
			}
			if card > 2 && !ss.x {
				continue
			}
			for t := s.cand[i]; t != 0; t &= t - 1 {
				ci := candOf(i, lowDigit(t))
				ss.cycles(ci, cycleBase, k)
				if ss.x {
					if ss.reach.reaches(potOn(ci), potOff(ci)) {
						ss.forcing(ci, true, chainBase, k)
					}
					if ss.reach.reaches(potOff(ci), potOn(ci)) {
						ss.forcing(ci, false, chainBase, k)
					}
				}
			}
		}
	}
	if !ss.best.ok {
		return false
	}
	p := ss.best
	e.h.elim = p.elim
	e.h.cell, e.h.digit = p.cell, p.digit
	var t Technique
	switch {
	case p.cycle && p.x && p.y:
		t = XYCycle
	case p.cycle && p.y:
		t = YCycle
	case p.cycle:
		t = XCycle
	case p.x && p.y:
		t = ForcingChain
	case p.complexity == 6:
		t = TurbotFish
	default:
		t = XChain
	}
	return e.found(t, p.score, func(st *Step) { e.describeStatic(st, &p) })
}

// pass sets the search up for the pass with links y (bivalue cells) and x
// (units), and returns its base scores for cycles and for forcing chains,
// and its sort key.
func (ss *staticSearch) pass(y, x bool) (cycleBase, chainBase, k int) {
	ss.y, ss.x = y, x
	switch {
	case !y:
		ss.offAdj, ss.onCyc, ss.onForce = &ss.offX, &ss.onX, &ss.onX
	case !x:
		ss.offAdj, ss.onCyc, ss.onForce = &ss.offY, &ss.onY, &ss.onXY
	default:
		ss.offAdj, ss.onCyc, ss.onForce = &ss.offY, &ss.onXY, &ss.onXY
	}
	switch {
	case y && x:
		return 70, 70, 4
	case y:
		return 65, 66, 3
	}
	return 65, 66, 2
}

// buildLists lists the implications of every candidate of s in the five
// modes. Each candidate's list of what it turns off holds the other
// candidates of its cell (the y part) and then the other places of its
// digit (the x part); each list of what it turns on holds the other
// candidate of a bivalue cell (y) and then the other places of a digit
// with two in a unit (x; never the same candidate as the y part's). So
// offY and onXY are whole lists, offX, onX and onY parts of them.
func (ss *staticSearch) buildLists(s *state) {
	off, on := ss.offY.data[:0], ss.onXY.data[:0]
	// The candidates that are not there have empty lists.
	ss.offY.span, ss.offX.span, ss.onXY.span, ss.onY.span, ss.onX.span = spans{}, spans{}, spans{}, spans{}, spans{}
	for t := s.empty; !t.empty(); {
		c := t.pop()
		for x := s.cand[c]; x != 0; x &= x - 1 {
			ci := candOf(c, lowDigit(x))
			lo, lon := int32(len(off)), int32(len(on))
			off = offCell(s, ci, off)
			midOff := int32(len(off))
			off = offUnits(s, ci, off)
			on = onCell(s, ci, on)
			midOn := int32(len(on))
			on = onUnits(s, ci, on)
			hiOff, hiOn := int32(len(off)), int32(len(on))
			ss.offY.span[ci].lo, ss.offY.span[ci].hi = lo, hiOff
			ss.offX.span[ci].lo, ss.offX.span[ci].hi = midOff, hiOff
			ss.onXY.span[ci].lo, ss.onXY.span[ci].hi = lon, hiOn
			ss.onY.span[ci].lo, ss.onY.span[ci].hi = lon, midOn
			ss.onX.span[ci].lo, ss.onX.span[ci].hi = midOn, hiOn
		}
	}
	ss.offY.data, ss.offX.data = off, off
	ss.onXY.data, ss.onY.data, ss.onX.data = on, on, on
	ss.builtFor = s.cand
	ss.reachOK = false
}

// buildReach works out the components and reach sets of the lists, built
// for s.
func (ss *staticSearch) buildReach(s *state) {
	ss.reach.build(&ss.offY, &ss.onXY, &s.cand, true)
	ss.reachOK = true
	ss.cycleDigits = append(ss.cycleDigits[:0], make([]uint16, len(ss.reach.size))...)
}

// offCell lists the other candidates of ci's cell, which ci on turns off.
func offCell(s *state, ci int, out []int16) []int16 {
	c, v := ci/9, uint8(ci%9+1)
	for x := s.cand[c] &^ (1 << v); x != 0; x &= x - 1 {
		out = append(out, int16(candOf(c, lowDigit(x))))
	}
	return out
}

// offUnits lists the other places of ci's digit in its box, row and
// column, which ci on turns off: in SE's order (houseOrder), its box, then
// its row and its column outside the box, each in reading order.
func offUnits(s *state, ci int, out []int16) []int16 {
	c, v := ci/9, uint8(ci%9+1)
	w := s.where[v]
	for _, part := range &houseParts[c] {
		for t := part.and(w); !t.empty(); {
			out = append(out, int16(candOf(t.pop(), v)))
		}
	}
	return out
}

// houseParts[i] are cell i's peers in its box, in its row outside the box
// and in its column outside the box: houseOrder[i]'s three parts, each in
// reading order.
var houseParts [81][3]cellSet

// initHouseParts fills houseParts from the geometry (state.go's init).
func initHouseParts() {
	for i := 0; i < 81; i++ {
		box := unitSet[cellUnit[i][2]]
		var self cellSet
		self.add(i)
		houseParts[i][0] = box.andNot(self)
		houseParts[i][1] = unitSet[cellUnit[i][0]].andNot(box)
		houseParts[i][2] = unitSet[cellUnit[i][1]].andNot(box)
	}
}

// onCell lists the other candidate of ci's cell when it is bivalue, which
// ci off turns on.
func onCell(s *state, ci int, out []int16) []int16 {
	c, v := ci/9, uint8(ci%9+1)
	if s.cand[c].Count() == 2 {
		out = append(out, int16(candOf(c, lowDigit(s.cand[c]&^(1<<v)))))
	}
	return out
}

// onUnits adds the other places of ci's digit in the units where it has
// two, each once (it is never ci's cell's other candidate), in SE's order
// of the units: box, row, column. Only the box's and a line's can be the
// same cell.
func onUnits(s *state, ci int, out []int16) []int16 {
	c, v := ci/9, uint8(ci%9+1)
	pv := &s.pos[v]
	boxOther := -1
	for k, kind := range [3]uint8{2, 0, 1} {
		u := cellUnit[c][kind]
		pm := pv[u]
		rest := pm & (pm - 1)
		if rest == 0 || rest&(rest-1) != 0 {
			continue // not two places
		}
		o := int(unitCells[u][bits.TrailingZeros16(pm&^(1<<cellIndex[c][kind]))])
		if k == 0 {
			boxOther = o
		} else if o == boxOther {
			continue
		}
		out = append(out, int16(candOf(o, v)))
	}
	return out
}

// cycles is SE's doCycles from candidate src on: a breadth-first search
// in which on potentials are found once but off ones once per parent, a
// cycle closing when an off potential leads back to the start after four
// links or more.
func (ss *staticSearch) cycles(src int, base, k int) {
	lim := ss.best.limit(base, k)
	if lim < 4 {
		return
	}
	g := &ss.reach
	cs := g.comp[potOn(src)]
	if g.size[cs] < 4 {
		return // a cycle has two on and two off potentials at least
	}
	if !ss.e.exhaustive {
		// A cycle lies in the component of its start, and one of
		// a single digit (the first pass) eliminates that digit only.
		ds := ss.cycleDigitsOf(cs)
		if !ss.y {
			ds &= 1 << candDigit[src]
		}
		if ds&^1 == 0 {
			return
		}
	}
	ss.nodes = append(ss.nodes[:0], staticNode{ci: int16(src), on: true, parent: -1})
	ss.inOn = candBits{}
	ss.inOn.set(src)
	// path[n] holds the off candidates on the path of on node n.
	if cap(ss.path) < 1 {
		ss.path = make([]candBits, 0, 64)
	}
	ss.path = append(ss.path[:0], candBits{})
	ss.pathOf = append(ss.pathOf[:0], 0)
	onPtr := 0
	length := 0
	for onPtr < len(ss.nodes) {
		length++
		// On potentials of this round (the nodes are in rounds: ons, then
		// the offs they imply).
		onEnd := len(ss.nodes)
		for ; onPtr < onEnd; onPtr++ {
			n := &ss.nodes[onPtr]
			if !n.on {
				continue
			}
			path := &ss.path[ss.pathOf[onPtr]]
			for _, q := range ss.offAdj.of(int(n.ci)) {
				// An off potential that implies nothing adds nothing.
				if g.comp[potOff(int(q))] == cs && !path.has(int(q)) && len(ss.onCyc.of(int(q))) > 0 {
					ss.nodes = append(ss.nodes, staticNode{ci: q, parent: int32(onPtr)})
					ss.pathOf = append(ss.pathOf, -1)
				}
			}
		}
		length++
		if length > lim {
			return
		}
		offEnd := len(ss.nodes)
		for ; onPtr < offEnd; onPtr++ {
			n := ss.nodes[onPtr]
			for _, q := range ss.onCyc.of(int(n.ci)) {
				if length >= 4 && int(q) == src {
					ss.offerCycle(int32(onPtr), length, base, k, src)
				}
				if !ss.inOn.has(int(q)) && g.comp[potOn(int(q))] == cs {
					ss.inOn.set(int(q))
					ss.nodes = append(ss.nodes, staticNode{ci: q, on: true, parent: int32(onPtr)})
					p := ss.path[ss.pathOf[n.parent]]
					p.set(int(n.ci))
					ss.pathOf = append(ss.pathOf, int32(len(ss.path)))
					ss.path = append(ss.path, p)
				}
			}
		}
	}
}

// cycleDigitsOf returns the digits that a cycle in component cs could
// eliminate, as bits 1-9, with bit 0 set. A cycle eliminates a candidate
// that sees one of its on potentials and one of its off potentials of the
// same digit (offerCycle), and all its potentials lie in its component:
// so a digit none of whose candidates sees both an on potential of the
// digit in cs and an off one is not among them. The first call at a
// position works them out for every component that can hold a cycle.
func (ss *staticSearch) cycleDigitsOf(cs int32) uint16 {
	if ds := ss.cycleDigits[cs]; ds != 0 {
		return ds
	}
	s := &ss.e.s
	g := &ss.reach
	// The components with four potentials or more, numbered in the order
	// met (big), each with the cells that see its on and its off
	// potentials, by digit.
	big := ss.bigComp[:0]
	seen := ss.cycleDigits // 0: not met yet; else its number in big plus 2
	for t := s.empty; !t.empty(); {
		c := t.pop()
		for x := s.cand[c]; x != 0; x &= x - 1 {
			v := lowDigit(x)
			ci := candOf(c, v)
			for side := 0; side < 2; side++ {
				p := potOff(ci) | side
				k := g.comp[p]
				if g.size[k] < 4 {
					continue
				}
				if seen[k] == 0 {
					seen[k] = uint16(len(big) + 2)
					big = append(big, [2][10]cellSet{})
				}
				b := &big[seen[k]-2][side]
				b[v] = b[v].or(peerSet[c])
			}
		}
	}
	ss.bigComp = big
	for k, n := range seen {
		if n == 0 {
			seen[k] = 1 // no cycle: fewer than four potentials
			continue
		}
		b := &big[n-2]
		ds := uint16(1)
		for d := 1; d <= 9; d++ {
			if !b[0][d].and(b[1][d]).and(s.where[d]).empty() {
				ds |= 1 << d
			}
		}
		seen[k] = ds
	}
	return seen[cs]
}

func (ss *staticSearch) offerCycle(last int32, length, base, k, src int) {
	score := base + lenDiff(length)
	if !ss.best.better(score, length, k) {
		return
	}
	s := &ss.e.s
	// The candidates outside the loop's cells that see one of its on
	// potentials and one of its off potentials of the same digit.
	var cells cellSet
	var forw, back [10]cellSet
	var digits uint16
	c, v := int(candCell[src]), candDigit[src]
	cells.add(c)
	forw[v] = peerSet[c].and(s.where[v])
	digits |= 1 << v
	for n := last; n >= 0 && ss.nodes[n].parent >= 0; n = ss.nodes[n].parent {
		p := &ss.nodes[n]
		c, v := int(candCell[p.ci]), candDigit[p.ci]
		cells.add(c)
		digits |= 1 << v
		if x := peerSet[c].and(s.where[v]); p.on {
			forw[v] = forw[v].or(x)
		} else {
			back[v] = back[v].or(x)
		}
	}
	var elim [10]cellSet
	any := false
	for t := digits; t != 0; t &= t - 1 {
		d := bits.TrailingZeros16(t)
		if elim[d] = forw[d].and(back[d]).andNot(cells); !elim[d].empty() {
			any = true
		}
	}
	if !any {
		return
	}
	ss.best = staticPick{ok: true, score: score, complexity: length, k: k, cycle: true, node: last,
		nodes: append(ss.best.nodes[:0], ss.nodes...), elim: elim, cell: -1, y: ss.y, x: ss.x, src: src, srcOn: true}
}

// forcing is SE's doForcingChains from candidate src, on or off: a
// breadth-first search for the start's opposite, on potentials of a round
// first, then off ones. Its length comes first from forcingLength, and the
// search for the chain itself runs only for a step that comes first so far.
func (ss *staticSearch) forcing(src int, on bool, base, k int) {
	lim := ss.best.limit(base, k)
	if lim < 3 {
		return
	}
	c := ss.forcingLength(src, on, lim)
	if c == 0 || !ss.best.better(base+lenDiff(c), c, k) {
		return
	}
	ss.forcingChain(src, on, base, k, lim)
}

// forcingLength returns the complexity of the chain forcing finds from src
// (on or off) to its opposite, when it is lim or less, else 0: one more
// than the length of the shortest path from the start to its opposite.
//
// The implications are symmetric under negation (a → b exactly when ¬b →
// ¬a: two candidates that exclude each other, or a unit or cell with two
// places), so a path from the start S through potential x to ¬S has the
// length of S to x plus that of S to ¬x, and the shortest path is the
// least such sum over the potentials x found from S. The middle potential
// of a path of length m lies within ⌈m/2⌉ of S on both sides, so a search
// of half the depth finds it: once layers 0 to k are all found, a path not
// found yet is 2k+1 long or more.
func (ss *staticSearch) forcingLength(src int, on bool, lim int) int {
	ss.inOn, ss.inOff = candBits{}, candBits{}
	front := append(ss.front[:0], staticNode{ci: int16(src), on: on})
	next := ss.next[:0]
	if on {
		ss.inOn.set(src)
		ss.depOn[src] = 0
	} else {
		ss.inOff.set(src)
		ss.depOff[src] = 0
	}
	best := 1 << 30
	for k := 0; best > 2*k+1 && 2*k+2 <= lim && len(front) > 0; k++ {
		next = next[:0]
		d := int16(k + 1)
		for _, n := range front {
			if n.on {
				for _, q := range ss.offAdj.of(int(n.ci)) {
					if !ss.inOff.has(int(q)) {
						ss.inOff.set(int(q))
						ss.depOff[q] = d
						next = append(next, staticNode{ci: q})
						if ss.inOn.has(int(q)) {
							best = min(best, k+1+int(ss.depOn[q]))
						}
					}
				}
				continue
			}
			for _, q := range ss.onForce.of(int(n.ci)) {
				if !ss.inOn.has(int(q)) {
					ss.inOn.set(int(q))
					ss.depOn[q] = d
					next = append(next, staticNode{ci: q, on: true})
					if ss.inOff.has(int(q)) {
						best = min(best, k+1+int(ss.depOff[q]))
					}
				}
			}
		}
		front, next = next, front
	}
	ss.front, ss.next = front[:0], next[:0]
	if best+1 > lim {
		return 0
	}
	return best + 1
}

// forcingChain is forcing's search for the chain itself, up to complexity
// lim.
func (ss *staticSearch) forcingChain(src int, on bool, base, k, lim int) {
	ss.nodes = append(ss.nodes[:0], staticNode{ci: int16(src), on: on, parent: -1})
	ss.depth = append(ss.depth[:0], 0)
	ss.inOn, ss.inOff = candBits{}, candBits{}
	if on {
		ss.inOn.set(src)
	} else {
		ss.inOff.set(src)
	}
	ptr := 0
	for ptr < len(ss.nodes) {
		end := len(ss.nodes)
		for k2 := ptr; k2 < end; k2++ {
			n := ss.nodes[k2]
			d := int(ss.depth[k2])
			if !n.on || d+2 > lim {
				continue
			}
			for _, q := range ss.offAdj.of(int(n.ci)) {
				if on && int(q) == src {
					ss.offerChain(int32(k2), d+2, base, k, src, on)
					return
				}
				if !ss.inOff.has(int(q)) {
					ss.inOff.set(int(q))
					ss.nodes = append(ss.nodes, staticNode{ci: q, parent: int32(k2)})
					ss.depth = append(ss.depth, int16(d+1))
				}
			}
		}
		end2 := len(ss.nodes)
		for k2 := ptr; k2 < end2; k2++ {
			n := ss.nodes[k2]
			d := int(ss.depth[k2])
			if n.on || d+2 > lim {
				continue
			}
			for _, q := range ss.onForce.of(int(n.ci)) {
				if !on && int(q) == src {
					ss.offerChain(int32(k2), d+2, base, k, src, on)
					return
				}
				if !ss.inOn.has(int(q)) {
					ss.inOn.set(int(q))
					ss.nodes = append(ss.nodes, staticNode{ci: q, on: true, parent: int32(k2)})
					ss.depth = append(ss.depth, int16(d+1))
				}
			}
		}
		ptr = end2
	}
}

func (ss *staticSearch) offerChain(parent int32, complexity, base, k, src int, on bool) {
	score := base + lenDiff(complexity)
	if !ss.best.better(score, complexity, k) {
		return
	}
	s := &ss.e.s
	p := staticPick{ok: true, score: score, complexity: complexity, k: k, node: parent,
		nodes: append(ss.best.nodes[:0], ss.nodes...), cell: -1, y: ss.y, x: ss.x, src: src, srcOn: on}
	c, v := src/9, uint8(src%9+1)
	if on {
		p.elim[v].add(c)
	} else {
		for x := s.cand[c] &^ (1 << v); x != 0; x &= x - 1 {
			p.elim[lowDigit(x)].add(c)
		}
		p.cell, p.digit = c, v
	}
	ss.best = p
}
