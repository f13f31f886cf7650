package logic

import (
	"strings"
	"sync"

	"example.com/sudoku/solver"
)

// alignCache remembers the aligned pairs and triplets that excluded
// nothing: such a set of base cells excludes nothing again as long as
// neither they nor the cells they all see lose a candidate, and from one
// step to the next most of them keep theirs (three quarters of the
// triplets on magictour). Positions are numbered (epoch), each cell
// carries the number of the position where it last changed, and each
// slot of a direct-mapped table the base cells it holds (key) and the
// position where they excluded nothing.
type alignCache struct {
	epoch     uint32
	cellEpoch [81]uint32
	slots     [1 << 14]struct{ key, epoch uint32 }
	before    solver.Candidates // the position before a step (stamp)
	// last[k-2] is the position of aligned exclusion's last search of k
	// cells, and fresh the cells changed since (set when a search starts)
	last  [2]uint32
	fresh cellSet
	// none[k-2] is the position of the last search of k cells that went
	// through every set of base cells and found none that excludes, and
	// noneOK whether there was one since a search of k last found one: a
	// set that excludes nothing excludes nothing again until one of its
	// cells or of those that see them all loses a candidate.
	none   [2]uint32
	noneOK [2]bool
	// alignedExclusion's scratch space: the base cells, each one's
	// excluders, and those of them that are base cells too
	list    []uint8
	exclSet [81]cellSet
	exclIn  [81][20]uint8
	exclInN [81]uint8
}

// alignPool keeps the caches (128 KB each) from one rating to the next;
// their numbers only grow, so an old entry never matches a new position.
var alignPool = sync.Pool{New: func() any { return new(alignCache) }}

// alignCacheFor returns e's cache, made on first use: every cell counts
// as changed at the present position.
func (e *engine) alignCacheFor() *alignCache {
	if e.ac == nil {
		e.ac = alignPool.Get().(*alignCache)
		e.ac.epoch++
		for i := range e.ac.cellEpoch {
			e.ac.cellEpoch[i] = e.ac.epoch
		}
		e.ac.before = e.s.cand
		e.ac.noneOK = [2]bool{}
	}
	return e.ac
}

// stamp starts a new position, after a step made the candidates now.
func (ac *alignCache) stamp(now *solver.Candidates) {
	ac.epoch++
	for i := range now {
		if now[i] != ac.before[i] {
			ac.cellEpoch[i] = ac.epoch
		}
	}
	ac.before = *now
}

// searching starts a search of k cells: fresh holds the cells changed
// since the last one.
func (ac *alignCache) searching(k int) {
	ac.fresh = cellSet{}
	for i, ep := range ac.cellEpoch {
		if ep > ac.last[k-2] {
			ac.fresh.add(i)
		}
	}
}

// searched ends a search of k cells at the present position.
func (ac *alignCache) searched(k int) { ac.last[k-2] = ac.epoch }

// slot returns the table slot of base cells cells and its key.
func (ac *alignCache) slot(cells []int) (*struct{ key, epoch uint32 }, uint32) {
	key := uint32(cells[0]) | uint32(cells[1])<<7 | 127<<14
	if len(cells) == 3 {
		key = key&^(127<<14) | uint32(cells[2])<<14
	}
	return &ac.slots[key*0x9E3779B1>>18], key
}

// unchanged reports whether the base cells cells and the cells seeing
// them all, peers, kept their candidates since position epoch.
func (ac *alignCache) unchanged(s *state, cells []int, peers cellSet, epoch uint32) bool {
	for _, c := range cells {
		if ac.cellEpoch[c] > epoch {
			return false
		}
	}
	var changed cellSet
	for t := peers; !t.empty(); {
		if c := t.pop(); ac.cellEpoch[c] > epoch {
			changed.add(c)
		}
	}
	return !excluding(s, cells, changed)
}

// excluding reports whether a cell of peers, all of which see the base
// cells, can exclude in their set now: two to k candidates, all among
// the base cells'. A changed common cell that cannot did not before either
// (its candidates were a superset), so it changes nothing.
func excluding(s *state, cells []int, peers cellSet) bool {
	if peers.empty() {
		return false
	}
	var union solver.Set
	for _, b := range cells {
		union |= s.cand[b]
	}
	for t := peers; !t.empty(); {
		if m := s.cand[t.pop()]; m.Count() <= len(cells) && m&^union == 0 {
			return true
		}
	}
	return false
}

// alignedExclusion is SE's aligned pair (6.2) and triplet (7.5) exclusion:
// for k cells, every combination of their candidates that would empty a
// cell they all see (one with at most k candidates), or put one digit
// twice in a unit, is impossible; a candidate in no possible combination
// goes.
func (e *engine) alignedExclusion(k int) bool {
	s := &e.s
	// The base cells: two or more candidates, no naked single among their
	// peers, and at least one peer with 2..k candidates (an excluder).
	var small, singles cellSet
	for i := 0; i < 81; i++ {
		switch n := s.cand[i].Count(); {
		case n == 1:
			singles.add(i)
		case n >= 2 && n <= k:
			small.add(i)
		}
	}
	ac := e.alignCacheFor()
	ac.searching(k)
	defer ac.searched(k)
	list := ac.list[:0]
	exclSet := &ac.exclSet // written for the base cells, the only ones read
	var inList cellSet
	for i := 0; i < 81; i++ {
		if s.cand[i].Count() < 2 || !peerSet[i].and(singles).empty() {
			continue
		}
		if exclSet[i] = peerSet[i].and(small); exclSet[i].empty() {
			continue
		}
		list = append(list, uint8(i))
		inList.add(i)
	}
	if len(list) < k {
		return false
	}
	// A cell's excluders in SE's order (its house order), and those that
	// are base cells too.
	excl := func(i int) []int {
		var ex []int
		for _, c := range houseOrder[i] {
			if exclSet[i].has(int(c)) {
				ex = append(ex, int(c))
			}
		}
		return ex
	}
	if !e.exhaustive && singles.empty() && ac.noneOK[k-2] {
		// Only base cells changed since the last search that found none,
		// or seen all by a cell that changed, can exclude now.
		var changed cellSet
		for i, ep := range ac.cellEpoch {
			if ep > ac.none[k-2] {
				changed.add(i)
			}
		}
		if !e.changedExclude(k, list, inList, changed) {
			ac.none[k-2] = ac.epoch
			return false
		}
	}
	if e.orderedExclusion(k, list, inList, excl) {
		ac.noneOK[k-2] = false
		return true
	}
	// With a naked single about, the base cells are fewer than they will
	// be once it is placed (which changes only the single's cell).
	ac.none[k-2], ac.noneOK[k-2] = ac.epoch, singles.empty()
	return false
}

// changedExclude reports whether a set of k base cells that excludes is
// among those where a base cell, or an excluder they all see, is in
// changed: the sets that can have changed since a search that found none.
// Whether a set is tried at all (its cells have two excluders in common)
// and what it excludes depend only on the candidates of its cells and of
// the cells they all see.
// The sets are those the ordered search tries (orderedExclusion).
func (e *engine) changedExclude(k int, list []uint8, inList, changed cellSet) bool {
	s := &e.s
	exclSet := &e.ac.exclSet
	var cells [3]int
	for j := 1; j < len(list); j++ {
		c1 := int(list[j])
		for i := 0; i < j; i++ {
			c0 := int(list[i])
			common2 := exclSet[c0].and(exclSet[c1])
			if !common2.atLeastTwo() {
				continue
			}
			// The changed excluders of both (a changed cell with more
			// than k candidates excludes nothing, and had more before).
			// One can have just come to k candidates or fewer, and with
			// it the base cells to two common excluders, so it counts
			// even when it cannot be emptied itself.
			near := changed.and(common2)
			base := changed.has(c0) || changed.has(c1)
			cells[0], cells[1] = c0, c1
			if k == 2 {
				if (base || !near.empty()) && excludes(s, cells[:2], common2) {
					return true
				}
				continue
			}
			twins := exclSet[c0].or(exclSet[c1]).and(inList)
			twins.remove(c0)
			twins.remove(c1)
			if !base {
				// The third cell changed, or sees a changed excluder of
				// the other two.
				reach := changed
				for t := near; !t.empty(); {
					reach = reach.or(peerSet[t.pop()])
				}
				twins = twins.and(reach)
			}
			for t := twins; !t.empty(); {
				c2 := t.pop()
				common := common2.and(exclSet[c2])
				if !common.atLeastTwo() {
					continue
				}
				cells[2] = c2
				if (base || changed.has(c2) || !common.and(changed).empty()) && excludes(s, cells[:3], common) {
					return true
				}
			}
		}
	}
	return false
}

// orderedExclusion tries the sets of k base cells in SE's order and makes
// the first step found.
func (e *engine) orderedExclusion(k int, list []uint8, inList cellSet, excl func(int) []int) bool {
	ac := e.ac
	exclSet := &ac.exclSet
	exclIn, exclInN := &ac.exclIn, &ac.exclInN
	if k == 3 {
		for _, i := range list {
			n := 0
			for _, c := range houseOrder[i] {
				if exclSet[i].has(int(c)) && inList.has(int(c)) {
					exclIn[i][n] = c
					n++
				}
			}
			exclInN[i] = uint8(n)
		}
	}
	var cells [3]int
	// Pairs in SE's order: by the later cell, then the earlier.
	for j := 1; j < len(list); j++ {
		c1 := int(list[j])
		for i := 0; i < j; i++ {
			c0 := int(list[i])
			common2 := exclSet[c0].and(exclSet[c1])
			if !common2.atLeastTwo() {
				continue // the cells all see need two excluders
			}
			cells[0], cells[1] = c0, c1
			if k == 2 {
				if e.exclude(cells[:2], excl, common2) {
					return true
				}
				continue
			}
			// The twin area: the other base cells among the excluders of c0
			// or c1, in that order.
			for _, c2 := range exclIn[c0][:exclInN[c0]] {
				if int(c2) != c1 && e.triplet(&cells, int(c2), common2, exclSet, excl) {
					return true
				}
			}
			for _, c2 := range exclIn[c1][:exclInN[c1]] {
				if int(c2) != c0 && !exclSet[c0].has(int(c2)) && e.triplet(&cells, int(c2), common2, exclSet, excl) {
					return true
				}
			}
		}
	}
	return false
}

// triplet tries base cells cells[0], cells[1] and c2.
func (e *engine) triplet(cells *[3]int, c2 int, common2 cellSet, exclSet *[81]cellSet, excl func(int) []int) bool {
	common := common2.and(exclSet[c2])
	if !common.atLeastTwo() {
		return false
	}
	cells[2] = c2
	return e.exclude(cells[:3], excl, common)
}

// blocked reports whether a combination using the digits used would
// leave one of the common excluders (candidates ms) without a candidate.
func blocked(ms []solver.Set, used solver.Set) bool {
	for _, m := range ms {
		if m&^used == 0 {
			return true
		}
	}
	return false
}

// allowed3 returns, for each of three base cells, the candidates that
// appear in some combination of the three: no digit twice in a unit, no
// common excluder emptied. For each choice of the first two digits it
// finds the third cell's allowed digits at once (an excluder that lacks
// exactly one digit of the two blocks that digit), and it stops as soon
// as every candidate is allowed (most triplets eliminate nothing).
func allowed3(s *state, cells []int, ms []solver.Set) [3]solver.Set {
	c0, c1, c2 := s.cand[cells[0]], s.cand[cells[1]], s.cand[cells[2]]
	s01 := peerSet[cells[0]].has(cells[1])
	s02 := peerSet[cells[0]].has(cells[2])
	s12 := peerSet[cells[1]].has(cells[2])
	if len(ms) == 0 && !(s01 && s02 && s12) {
		// No excluder: only a digit twice in cells that see each other
		// blocks a combination, and with a pair of the three that do not
		// (each cell with two candidates or more) every candidate has a
		// combination of three different digits, or with the two cells
		// that do not see each other sharing it.
		return [3]solver.Set{c0, c1, c2}
	}
	// A cell keeps every candidate when the other two have enough digits
	// that no excluder holds: two and three of them (or three and two) give
	// every digit a combination of three different digits that contains at
	// most that one digit of any excluder, which empties none.
	var d solver.Set
	for _, m := range ms {
		d |= m
	}
	f0, f1, f2 := (c0 &^ d).Count(), (c1 &^ d).Count(), (c2 &^ d).Count()
	if roomy(f1, f2) && roomy(f0, f2) && roomy(f0, f1) {
		return [3]solver.Set{c0, c1, c2}
	}
	// An excluder of two digits {a, b} blocks a with b anywhere in the
	// three cells: pair[a] holds b, pair[b] a. One of three is blocked
	// only by exactly its three digits: with two of them chosen, the third
	// cell loses the last. (Excluders have two or three candidates: base
	// cells see no naked single.)
	var pair [10]solver.Set
	var triples [20]solver.Set
	nt := 0
	for _, m := range ms {
		if m.Count() == 2 {
			a, b := lowDigit(m), highDigit(m)
			pair[a] |= 1 << b
			pair[b] |= 1 << a
		} else {
			triples[nt] = m
			nt++
		}
	}
	var al [3]solver.Set
	for x := c0; x != 0; x &= x - 1 {
		v := x & -x
		pv := pair[lowDigit(v)]
		for y := c1; y != 0; y &= y - 1 {
			w1 := y & -y
			if w1 == v && s01 || pv&w1 != 0 {
				continue
			}
			z := c2 &^ pv &^ pair[lowDigit(w1)]
			if s02 {
				z &^= v
			}
			if s12 {
				z &^= w1
			}
			u2 := v | w1
			for _, m := range triples[:nt] {
				if u2&^m == 0 && v != w1 {
					z &^= m &^ u2
				}
			}
			if z != 0 {
				al[0] |= v
				al[1] |= w1
				al[2] |= z
				if al[1] == c1 && al[2] == c2 {
					// Only the first cell's candidates are left to
					// find, and v is one.
					if al[0] == c0 {
						return al
					}
					break
				}
			}
		}
	}
	return al
}

// roomy reports whether two cells with f and g candidates outside every
// excluder leave a third cell's candidates all possible.
func roomy(f, g int) bool { return f >= 2 && g >= 3 || f >= 3 && g >= 2 }

// exclude tries one set of base cells.
// common holds the excluders all of them see (two or more).
func (e *engine) exclude(cells []int, excl func(int) []int, common cellSet) bool {
	if e.exhaustive {
		return e.excludeNow(cells, excl, common)
	}
	ac := e.alignCacheFor()
	peers := peerSet[cells[0]].and(peerSet[cells[1]])
	if len(cells) == 3 {
		peers = peers.and(peerSet[cells[2]])
	}
	slot, key := ac.slot(cells)
	if slot.key == key {
		clean := false
		if slot.epoch == ac.last[len(cells)-2] {
			clean = !ac.fresh.has(cells[0]) && !ac.fresh.has(cells[1]) &&
				(len(cells) == 2 || !ac.fresh.has(cells[2])) && !excluding(&e.s, cells, peers.and(ac.fresh))
		} else {
			clean = ac.unchanged(&e.s, cells, peers, slot.epoch)
		}
		if clean {
			slot.epoch = ac.epoch // clean still at this position
			return false
		}
	}
	if !e.excludeNow(cells, excl, common) {
		slot.key, slot.epoch = key, ac.epoch
		return false
	}
	return true
}

// excludeNow is exclude without the cache.
func (e *engine) excludeNow(cells []int, excl func(int) []int, common cellSet) bool {
	s := &e.s
	allowed := alignedAllowed(s, cells, common)
	k := len(cells)
	found := false
	for a := 0; a < k; a++ {
		if x := s.cand[cells[a]] &^ allowed[a]; x != 0 {
			for d := uint8(1); d <= 9; d++ {
				if x.Has(d) {
					e.h.elim[d].add(cells[a])
					found = true
				}
			}
		}
	}
	if !found {
		return false
	}
	t, score := AlignedPairExclusion, 62
	if k == 3 {
		t, score = AlignedTripletExclusion, 75
	}
	base := append([]int(nil), cells...)
	var commonList []int
	for _, c := range excl(cells[0]) {
		if common.has(c) {
			commonList = append(commonList, c)
		}
	}
	return e.found(t, score, func(st *Step) {
		st.Cells = base
		var pat []Candidate
		for _, c := range base {
			pat = append(pat, patternAll(s, []int{c}, s.cand[c])...)
		}
		st.Pattern = pat
		var other []Candidate
		for _, c := range commonList {
			other = append(other, patternAll(s, []int{c}, s.cand[c])...)
		}
		st.Other = other
		st.Text = "Every way to fill " + cellList(base) + " that would leave one of " + cellList(commonList) +
			" (which they all see) without a candidate, or repeat a digit in a unit, is impossible, and a candidate that no possible way uses is taken out: " +
			removalByCell(st.Eliminations) + "."
		if len(base) == 2 {
			st.Text += alignedPairWhy(s, base, commonList, st.Eliminations)
		} else {
			st.Text += alignedTripletWhy(s, base, commonList, st.Eliminations)
		}
	})
}

// alignedPairWhy says, for each candidate an aligned pair exclusion takes
// out, why every digit of the other cell fails beside it: " With 9 in
// r9c2, r9c5 can hold none of its candidates: 3 would empty r7c5 (39), 7
// would empty r8c5 (79)." A learner was told that a candidate goes, and
// not which combinations fail.
func alignedPairWhy(s *state, base, common []int, elims []Candidate) string {
	see := peerSet[base[0]].has(base[1])
	var b strings.Builder
	for _, e := range elims {
		other := base[0]
		if other == e.Cell {
			other = base[1]
		}
		var parts []string
		for _, w := range s.cand[other].Digits() {
			if w == e.Digit && see {
				parts = append(parts, itoa(w)+" would repeat it in their unit")
				continue
			}
			for _, c := range common {
				if m := s.cand[c]; m&^(1<<e.Digit|1<<w) == 0 {
					parts = append(parts, itoa(w)+" would empty "+name(c)+" ("+strings.Join(digitWords(m), "")+")")
					break
				}
			}
		}
		b.WriteString(" With " + itoa(e.Digit) + " in " + name(e.Cell) + ", " + name(other) + " can hold none of its candidates: " + AndList(parts) + ".")
	}
	return b.String()
}

// alignedTripletWhy says, for each candidate an aligned triplet exclusion
// takes out, why every pair of digits of the other two cells fails beside
// it: " With 8 in r7c3, no two digits of r1c1 and r8c3 go with it: 3 and
// 5 would empty r2c3 (358), 3 and 8 would repeat 8 in a unit, …". The
// step had stated the rule alone, where a pair exclusion says which
// combinations fail, and a reader could not check it.
func alignedTripletWhy(s *state, base, common []int, elims []Candidate) string {
	var b strings.Builder
	for _, e := range elims {
		var o []int
		for _, c := range base {
			if c != e.Cell {
				o = append(o, c)
			}
		}
		cells := [3]int{e.Cell, o[0], o[1]}
		var parts []string
		for _, w1 := range s.cand[o[0]].Digits() {
			for _, w2 := range s.cand[o[1]].Digits() {
				ds := [3]uint8{e.Digit, w1, w2}
				why := ""
				for i := 0; i < 3 && why == ""; i++ {
					for j := i + 1; j < 3; j++ {
						if ds[i] == ds[j] && peerSet[cells[i]].has(cells[j]) {
							why = "would repeat " + itoa(ds[i]) + " in a unit"
							break
						}
					}
				}
				for _, c := range common {
					if why != "" {
						break
					}
					if m := s.cand[c]; m&^(1<<e.Digit|1<<w1|1<<w2) == 0 {
						why = "would empty " + name(c) + " (" + strings.Join(digitWords(m), "") + ")"
					}
				}
				parts = append(parts, itoa(w1)+" and "+itoa(w2)+" "+why)
			}
		}
		b.WriteString(" With " + itoa(e.Digit) + " in " + name(e.Cell) + ", no two digits of " + name(o[0]) + " and " + name(o[1]) + " go with it: " + AndList(parts) + ".")
	}
	return b.String()
}

// excludes reports whether the base cells cells, with common excluders
// common, exclude a candidate: excludeNow's test, with no step made.
func excludes(s *state, cells []int, common cellSet) bool {
	allowed := alignedAllowed(s, cells, common)
	for a := range cells {
		if s.cand[cells[a]]&^allowed[a] != 0 {
			return true
		}
	}
	return false
}

// alignedAllowed returns, for each base cell, its candidates that appear
// in some combination of the base cells' candidates: no digit twice in
// cells that see each other, no common excluder emptied.
func alignedAllowed(s *state, cells []int, common cellSet) [3]solver.Set {
	// Only an excluder whose candidates all lie among the base cells' can
	// ever be emptied.
	var union solver.Set
	for _, b := range cells {
		union |= s.cand[b]
	}
	var masks [20]solver.Set
	nm := 0
	for t := common; !t.empty() && nm < len(masks); {
		if m := s.cand[t.pop()]; m&^union == 0 {
			masks[nm] = m
			nm++
		}
	}
	ms := masks[:nm]
	k := len(cells)
	var allowed [3]solver.Set
	if k == 2 {
		c0, c1 := cells[0], cells[1]
		see := peerSet[c0].has(c1)
		for x := s.cand[c0]; x != 0; x &= x - 1 {
			a := lowDigit(x)
			for y := s.cand[c1]; y != 0; y &= y - 1 {
				b := lowDigit(y)
				if a == b && see || blocked(ms, 1<<a|1<<b) {
					continue
				}
				allowed[0] |= 1 << a
				allowed[1] |= 1 << b
			}
		}
	} else {
		allowed = allowed3(s, cells, ms)
	}
	return allowed
}
