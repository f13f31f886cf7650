package logic

import (
	"math/bits"
	"sync"
)

// Chains of level 1 and up (SE's dynamic forcing chains "(+)" and nested
// chains) apply simple rules to the reduced position when their
// implications run out: locked candidates, hidden pairs, naked pairs and
// X-Wings, in that order, all instances of the first rule that has any.
// Each candidate such a rule removes becomes an off potential whose
// parents are the off potentials that made the rule apply.

var chainerPool = sync.Pool{New: func() any { return new(chainer) }}

// advanced adds the off potentials the simple rules give on the chain's
// reduced position.
func (ch *chainer) advanced(r *run) {
	ws, save := &ch.ws, ch.save
	var out []advPot
	rule := 0
	for ; rule < 4 && len(out) == 0; rule++ {
		switch rule {
		case 0:
			out = advLocking(ws, save, r, out)
		case 1:
			out = advHiddenPair(ws, save, r, out)
		case 2:
			out = advNakedPair(ws, save, r, out)
		case 3:
			out = advXWing(ws, save, r, out)
		}
	}
	// rule is now one past the rule that gave out, if any did.
	if len(out) == 0 && ch.mode.level >= 4 {
		out = ch.nestedContradictions(r, out)
		rule = ruleNested
	}
	for _, a := range out {
		if !r.inOff.has(a.ci) {
			r.store(potOff(a.ci), a.par)
			if ch.describe {
				r.byRule = append(r.byRule, ruleOff{int16(a.ci), int8(rule), a.from, a.to})
			}
			if a.nest > 0 {
				r.nest[a.ci] = int32(a.nest)
				r.hasNest = true
			}
		}
	}
}

// ruleOff records, for a walkthrough's sentences, an off potential that
// a simple rule (rule: 1 locked candidates, 2 hidden pair, 3 naked pair,
// 4 X-Wing) or a nested chain (ruleNested) gave.
type ruleOff struct {
	ci       int16
	rule     int8
	from, to int8 // locked candidates: see advPot
}

// words names the rule that gave the potential, with its units for
// locked candidates: "the 4s left in row 3 all lie in box 1".
func (ro ruleOff) words() string {
	switch {
	case ro.rule == 1:
		return "the " + itoa(uint8(ro.ci%9+1)) + "s left in " + unitName(int(ro.from)) + " all lie in " + unitName(int(ro.to))
	case (ro.rule == 2 || ro.rule == 3) && ro.to > 0:
		kind := "hidden"
		if ro.rule == 3 {
			kind = "naked"
		}
		return "by the " + kind + " pair of " + itoa(uint8(ro.to/10)) + " and " + itoa(uint8(ro.to%10)) + " in " + unitName(int(ro.from))
	case ro.rule == ruleNested:
		// what the inner chain proved, if not its links
		return "by a chain inside this one: " + itoa(uint8(ro.ci%9+1)) + " in " + name(int(ro.ci/9)) + " leads to a contradiction"
	}
	return ruleWords[ro.rule]
}

const ruleNested = 5

// ruleWords names the rule of a ruleOff.
var ruleWords = [...]string{1: "by locked candidates", 2: "by a hidden pair", 3: "by a naked pair", 4: "by an X-Wing", ruleNested: "by a chain inside this one"}

type advPot struct {
	ci   int
	par  []int16
	nest int // the complexity of the nested chain that found it
	// locked candidates: the unit whose places of the digit all lie in
	// unit to, which loses the digit elsewhere
	from, to int8
}

// nestedContradictions is the nested rule of levels 4 and 5: on the
// chain's reduced position, every candidate whose own dynamic chain (level
// 4) or dynamic chain (+) (level 5) ends in a contradiction is off. Its
// parents are the chain's off potentials that the nested chain's singles
// relied on. (SE nests every kind of dynamic chain step; this takes the
// contradictions only.)
func (ch *chainer) nestedContradictions(r *run, out []advPot) []advPot {
	if ch.inner == nil {
		ch.inner = new(chainer)
	}
	in := ch.inner
	ch.innerSave = ch.ws
	im := modes[chainDynamic]
	if ch.mode.level >= 5 {
		im = modes[chainDynamicPlus]
	}
	in.begin(&ch.innerSave, im)
	save, cur := ch.save, &ch.innerSave
	for i := 0; i < 81; i++ {
		if cur.grid[i] != 0 || cur.cand[i].Count() < 2 {
			continue
		}
		for x := cur.cand[i]; x != 0; x &= x - 1 {
			ci := candOf(i, lowDigit(x))
			ir := in.onRun(ci)
			if !ir.absurd {
				continue
			}
			complexity := 0
			var par []int16
			var seen potBits
			for _, t := range [2]int{ir.absOn, ir.absOff} {
				complexity += ir.ancestors(t)
				for _, q := range ir.on {
					if !ir.visit.has(potOn(int(q))) {
						continue
					}
					c, v := int(q)/9, uint8(int(q)%9+1)
					var gone []int
					switch cause := ir.cause[q]; {
					case cause == -1:
						for g := save.cand[c] &^ cur.cand[c]; g != 0; g &= g - 1 {
							gone = append(gone, candOf(c, lowDigit(g)))
						}
					case cause >= 0:
						u := int(cause)
						for g := save.pos[v][u] &^ cur.pos[v][u]; g != 0; g &= g - 1 {
							gone = append(gone, candOf(int(unitCells[u][bits.TrailingZeros16(g)]), v))
						}
					}
					for _, gci := range gone {
						if id := potOff(gci); r.inOff.has(gci) && !seen.has(id) {
							seen.set(id)
							par = append(par, int16(id))
						}
					}
				}
			}
			if len(par) > 0 {
				out = append(out, advPot{ci: ci, par: par, nest: complexity})
			}
		}
	}
	return out
}

// advEmit adds the removals of one rule instance, with its parents (the
// stored off potentials among them); nothing when it has none.
func advEmit(out []advPot, r *run, elim cellSet, d uint8, parents []int16) []advPot {
	if len(parents) == 0 {
		return out
	}
	for t := elim; !t.empty(); {
		out = append(out, advPot{ci: candOf(t.pop(), d), par: parents})
	}
	return out
}

// markPair records on a pair's removals its unit and digits, for the
// words: "by the hidden pair of 3 and 7 in box 5" ("by a hidden pair"
// named neither).
func markPair(out []advPot, u int, d1, d2 uint8) {
	for i := range out {
		out[i].from, out[i].to = int8(u), int8(10*d1+d2)
	}
}

func storedOffs(r *run, cs cellSet, d uint8, par []int16) []int16 {
	for t := cs; !t.empty(); {
		ci := candOf(t.pop(), d)
		if r.inOff.has(ci) {
			par = append(par, int16(potOff(ci)))
		}
	}
	return par
}

func advLocking(ws, save *state, r *run, out []advPot) []advPot {
	for _, cr := range crossings {
		a, b := int(cr.a), int(cr.b)
		for d := uint8(1); d <= 9; d++ {
			m := ws.pos[d][a]
			if m&^cr.in != 0 || popc(m) <= 1 {
				continue
			}
			rest := ws.where[d].and(unitSet[b]).andNot(unitSet[a])
			if rest.empty() {
				continue
			}
			gone := save.where[d].andNot(ws.where[d]).and(unitSet[a]).andNot(unitSet[b])
			k := len(out)
			out = advEmit(out, r, rest, d, storedOffs(r, gone, d, nil))
			for i := k; i < len(out); i++ {
				out[i].from, out[i].to = int8(a), int8(b)
			}
		}
	}
	return out
}

func advHiddenPair(ws, save *state, r *run, out []advPot) []advPot {
	for _, base := range kindsBCR {
		for u := base; u < base+9; u++ {
			if ws.emptyIn(u) <= 4 {
				continue
			}
			var elig [9]uint8
			ne := 0
			for d := uint8(1); d <= 9; d++ {
				if popc(ws.pos[d][u]) == 2 {
					elig[ne] = d
					ne++
				}
			}
			for m := uint32(3); m < 1<<ne; m = nextCombination(m) {
				d1 := elig[bits.TrailingZeros32(m)]
				d2 := elig[31-bits.LeadingZeros32(m)]
				p1, p2 := ws.pos[d1][u], ws.pos[d2][u]
				if p1 != p2 {
					continue
				}
				members := unitCellsOf(u, p1|p2)
				var par []int16
				others := unitSet[u].andNot(members)
				par = storedOffs(r, others.and(save.where[d1]), d1, par)
				par = storedOffs(r, others.and(save.where[d2]), d2, par)
				for d := uint8(1); d <= 9; d++ {
					if d == d1 || d == d2 {
						continue
					}
					if x := ws.where[d].and(members); !x.empty() {
						k := len(out)
						out = advEmit(out, r, x, d, par)
						markPair(out[k:], u, d1, d2)
					}
				}
			}
		}
	}
	return out
}

func advNakedPair(ws, save *state, r *run, out []advPot) []advPot {
	for _, base := range kindsBCR {
		for u := base; u < base+9; u++ {
			if ws.emptyIn(u) < 4 {
				continue
			}
			var elig [9]uint8
			ne := 0
			for p, c := range unitCells[u] {
				if ws.cand[c].Count() == 2 {
					elig[ne] = uint8(p)
					ne++
				}
			}
			for m := uint32(3); m < 1<<ne; m = nextCombination(m) {
				c1 := int(unitCells[u][elig[bits.TrailingZeros32(m)]])
				c2 := int(unitCells[u][elig[31-bits.LeadingZeros32(m)]])
				x1, x2 := ws.cand[c1], ws.cand[c2]
				if x1 != x2 {
					continue
				}
				ds := x1 | x2
				var par []int16
				for _, c := range [2]int{c1, c2} {
					for g := save.cand[c] &^ ds; g != 0; g &= g - 1 {
						ci := candOf(c, lowDigit(g))
						if r.inOff.has(ci) {
							par = append(par, int16(potOff(ci)))
						}
					}
				}
				var members cellSet
				members.add(c1)
				members.add(c2)
				for d := uint8(1); d <= 9; d++ {
					if !ds.Has(d) {
						continue
					}
					if x := ws.where[d].and(unitSet[u]).andNot(members); !x.empty() {
						k := len(out)
						out = advEmit(out, r, x, d, par)
						markPair(out[k:], u, lowDigit(ds), highDigit(ds))
					}
				}
			}
		}
	}
	return out
}

func advXWing(ws, save *state, r *run, out []advPot) []advPot {
	var count [10]int
	for i := 0; i < 81; i++ {
		if d := ws.grid[i]; d != 0 {
			count[d]++
		}
	}
	for _, base := range [2]int{9, 0} {
		cover := 9 - base
		for m := uint32(3); m < 1<<9; m = nextCombination(m) {
			b1, b2 := base+bits.TrailingZeros32(m), base+31-bits.LeadingZeros32(m)
			for d := uint8(1); d <= 9; d++ {
				if count[d]+4 > 9 {
					continue
				}
				p1, p2 := ws.pos[d][b1], ws.pos[d][b2]
				if popc(p1) <= 1 || popc(p2) <= 1 || popc(p1|p2) != 2 {
					continue
				}
				baseSet := unitSet[b1].or(unitSet[b2])
				var coverSet cellSet
				for t := p1 | p2; t != 0; t &= t - 1 {
					coverSet = coverSet.or(unitSet[cover+bits.TrailingZeros16(t)])
				}
				x := ws.where[d].and(coverSet).andNot(baseSet)
				if x.empty() {
					continue
				}
				gone := save.where[d].andNot(ws.where[d]).and(baseSet).andNot(coverSet)
				out = advEmit(out, r, x, d, storedOffs(r, gone, d, nil))
			}
		}
	}
	return out
}
