package logic

import "math/bits"

// Quick answers for the chaining rules beyond the first. SE's chaining
// from a potential records each implication with its parents, to measure
// the chains of a step; but most chainings end without a step, and only
// whether a chaining meets a contradiction, or what it reaches, decides
// that. These tests work that out with set operations on the position,
// so that the full chaining runs only where a step may come out of it.

// nishioAbsurd reports whether SE's Nishio chaining from candidate (c, v),
// on or off, meets a contradiction. Nishio follows one digit: an on
// candidate turns off the digit's other places in its units, and a unit
// left with one place for the digit turns it on (the dynamic chaining's
// working copy loses each off candidate as it goes). The chaining meets a
// contradiction exactly when the fixed point of those two rules has a cell
// both on and off: two on cells that see each other, or a unit whose
// places are all off. Both are looked for here on v's places, a unit at a
// time as its places go off. The position has no hidden single (Nishio
// comes after them), so every unit that still needs v has two places or
// more.
func (s *state) nishioAbsurd(c int, v uint8, on bool) bool {
	places := s.where[v]
	var ons, offs cellSet
	if on {
		ons.add(c)
		offs = peerSet[c].and(places)
	} else {
		offs.add(c)
	}
	todo := unitsOf(offs)
	for todo != 0 {
		u := bits.TrailingZeros32(todo)
		todo &= todo - 1
		if s.placed[u].Has(v) {
			continue
		}
		left := unitSet[u].and(places).andNot(offs)
		switch left.count() {
		case 0:
			return true
		case 1:
			if !left.and(ons).empty() {
				continue
			}
			x := left.pop()
			if !peerSet[x].and(ons).empty() {
				return true
			}
			ons.add(x)
			more := peerSet[x].and(places).andNot(offs)
			offs = offs.or(more)
			todo |= unitsOf(more)
		}
	}
	return false
}

// unitsOf is the set of units (bit u for unit u) of the cells of t.
func unitsOf(t cellSet) uint32 {
	var us uint32
	for !t.empty() {
		us |= cellUnits[t.pop()]
	}
	return us
}
