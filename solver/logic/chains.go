package logic

import "strings"

// Chains alternate strong links (at least one end true) and weak links
// (not both true). A chain that starts and ends with a strong link proves
// that one of its two ends is true, so a candidate that sees both ends is
// false. Both searches are breadth first, so the chain found is a shortest
// one; among equally short chains the first by start cell wins.

// chainSearch is the scratch space of one breadth-first search over nodes
// (cell, flag): for an X-Chain the flag says whether the cell holds the
// digit, for an XY-Chain it is the digit the cell holds.
type chainSearch struct {
	dist   [81 * 10]int16 // -1: not reached
	parent [81 * 10]int16
	queue  [81 * 10]int16
}

// init marks every node unreached; done undoes one search's marks,
// which is cheaper than clearing the whole array again.
func (cs *chainSearch) init() {
	for k := range cs.dist {
		cs.dist[k] = -1
	}
}

func (cs *chainSearch) done(tail int) {
	for _, n := range cs.queue[:tail] {
		cs.dist[n] = -1
	}
}

// path returns the nodes from the start to node n.
func (cs *chainSearch) path(n int) []int {
	var out []int
	for ; n >= 0; n = int(cs.parent[n]) {
		out = append(out, n)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// simple reports whether the path to n visits each cell once.
func (cs *chainSearch) simple(n int) bool {
	var seen cellSet
	for ; n >= 0; n = int(cs.parent[n]) {
		c := n / 10
		if seen.has(c) {
			return false
		}
		seen.add(c)
	}
	return true
}

// chainBest is the shortest useful chain found so far.
type chainBest struct {
	length int // links (X-Chain) or cells (XY-Chain); 0 when none
	end    int // the last node
	digit  uint8
	elim   cellSet
	search chainSearch
}

// findXChain looks for a chain of one digit d: from a cell assumed not d,
// a strong link makes the next cell d, a weak link (any two cells that see
// each other) makes the next not d, and so on to a cell that is d. So the
// start or the end is d. O(9 · cells · (cells + links)).
func findXChain(f *finder, s *state) bool {
	var cs chainSearch
	var best chainBest
	cs.init()
	for d := uint8(1); d <= 9; d++ {
		for t := s.where[d]; !t.empty(); {
			start := t.pop()
			// Node 10·cell + 0: the cell is not d; + 1: it is.
			cs.dist[10*start] = 0
			cs.parent[10*start] = -1
			cs.queue[0] = int16(10 * start)
			tail := 1
			for head := 0; head < tail; head++ {
				n := int(cs.queue[head])
				c, on := n/10, n%10 == 1
				dist := cs.dist[n]
				if best.length > 0 && int(dist)+1 > best.length {
					break
				}
				if !on {
					for k := 0; k < 3; k++ {
						o := s.conjugate(int(cellUnit[c][k]), d, c)
						if o < 0 || cs.dist[10*o+1] >= 0 {
							continue
						}
						m := 10*o + 1
						cs.dist[m], cs.parent[m] = dist+1, int16(n)
						cs.queue[tail] = int16(m)
						tail++
						if o == start || dist+1 < 3 || !cs.simple(m) {
							continue
						}
						elim := s.where[d].and(peerSet[start]).and(peerSet[o])
						if !elim.empty() && (best.length == 0 || int(dist)+1 < best.length) {
							best.length, best.end, best.digit, best.elim = int(dist)+1, m, d, elim
							best.search = cs
						}
					}
					continue
				}
				for w := s.where[d].and(peerSet[c]); !w.empty(); {
					o := w.pop()
					m := 10 * o
					if cs.dist[m] >= 0 {
						continue
					}
					cs.dist[m], cs.parent[m] = dist+1, int16(n)
					cs.queue[tail] = int16(m)
					tail++
				}
			}
			cs.done(tail)
		}
	}
	if best.length == 0 {
		return false
	}
	d := best.digit
	f.em.cur.elim[d] = best.elim
	f.em.hit(XChain, func(st *Step) {
		nodes := best.search.path(best.end)
		var words []string
		for k, n := range nodes {
			c := n / 10
			st.Cells = append(st.Cells, c)
			st.Pattern = append(st.Pattern, Candidate{c, d})
			if k > 0 {
				st.Links = append(st.Links, Link{Candidate{nodes[k-1] / 10, d}, Candidate{c, d}, n%10 == 1})
			}
			if k == 0 {
				words = append(words, name(c))
			} else if n%10 == 1 {
				words = append(words, "= "+name(c))
			} else {
				words = append(words, "- "+name(c))
			}
		}
		first, last := nodes[0]/10, nodes[len(nodes)-1]/10
		st.Text = "Following " + itoa(d) + " along " + strings.Join(words, " ") + ", where = joins the only two places of " +
			itoa(d) + " in a unit and - joins cells that see each other: if " + name(first) + " is not " + itoa(d) +
			" then " + name(last) + " is, so one of them is " + itoa(d) + ": " + removal(st.Eliminations) + "."
	})
	return true
}

// findXYChain looks for a chain of cells with two candidates each: if the
// first is not x it is its other digit, which the next cell (seeing it)
// then is not, so that cell is its own other digit, and so on to a cell
// that is x. So the start or the end is x. O(bivalue cells² · 20).
func findXYChain(f *finder, s *state) bool {
	var cs chainSearch
	var best chainBest
	cs.init()
	bv := s.bivalue()
	for t := bv; !t.empty(); {
		start := t.pop()
		for xs := s.cand[start]; xs != 0; xs &= xs - 1 {
			x := lowDigit(xs)
			y := lowDigit(s.cand[start] &^ (1 << x))
			if s.where[x].andNot(bit(start)).empty() {
				continue
			}
			// Node 10·cell + v: the cell holds v.
			n0 := 10*start + int(y)
			cs.dist[n0], cs.parent[n0] = 1, -1
			cs.queue[0] = int16(n0)
			tail := 1
			for head := 0; head < tail; head++ {
				n := int(cs.queue[head])
				c, v := n/10, uint8(n%10)
				dist := cs.dist[n]
				if best.length > 0 && int(dist)+1 > best.length {
					break
				}
				for w := bv.and(peerSet[c]).and(s.where[v]); !w.empty(); {
					o := w.pop()
					ov := lowDigit(s.cand[o] &^ (1 << v))
					m := 10*o + int(ov)
					if cs.dist[m] >= 0 || o == start {
						continue
					}
					cs.dist[m], cs.parent[m] = dist+1, int16(n)
					cs.queue[tail] = int16(m)
					tail++
					if ov != x || !cs.simple(m) {
						continue
					}
					elim := s.where[x].and(peerSet[start]).and(peerSet[o])
					if !elim.empty() && (best.length == 0 || int(dist)+1 < best.length) {
						best.length, best.end, best.digit, best.elim = int(dist)+1, m, x, elim
						best.search = cs
					}
				}
			}
			cs.done(tail)
		}
	}
	if best.length == 0 {
		return false
	}
	x := best.digit
	f.em.cur.elim[x] = best.elim
	f.em.hit(XYChain, func(st *Step) {
		nodes := best.search.path(best.end)
		var words []string
		for k, n := range nodes {
			c, v := n/10, uint8(n%10)
			other := lowDigit(s.cand[c] &^ (1 << v))
			st.Cells = append(st.Cells, c)
			st.Pattern = append(st.Pattern, Candidate{c, other})
			st.Other = append(st.Other, Candidate{c, v})
			if k > 0 {
				prev := nodes[k-1]
				st.Links = append(st.Links, Link{Candidate{prev / 10, uint8(prev % 10)}, Candidate{c, other}, false})
			}
			st.Links = append(st.Links, Link{Candidate{c, other}, Candidate{c, v}, true})
			words = append(words, name(c)+" ("+itoa(other)+" or "+itoa(v)+")")
		}
		first, last := nodes[0]/10, nodes[len(nodes)-1]/10
		st.Text = "In the chain " + strings.Join(words, ", ") + ", each cell sees the next: if " + name(first) +
			" is not " + itoa(x) + ", each cell in turn is its second digit, down to " + name(last) +
			" being " + itoa(x) + "; so one of them is " + itoa(x) + ": " + removal(st.Eliminations) + "."
	})
	return true
}
