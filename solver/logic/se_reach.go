package logic

import (
	"math/bits"

	"example.com/sudoku/solver"
)

// reachability tells which static forcing chains can exist before any is
// searched for. The static implications form a graph on the 1,458
// potentials (on potentials lead to off ones by offAdj, off ones to on
// ones by onAdj); a forcing chain from a candidate on to the same
// candidate off exists, at some length, only when the one potential
// reaches the other. The graph's strongly connected components, found by
// Tarjan's algorithm, come out sinks first, so each component's reach (a
// set of potentials) is its members and the reaches of the components
// its edges lead to, all known by then: one pass over the edges, a bit
// set per component.
type reachability struct {
	index, low [nPot]int32
	comp       [nPot]int32
	onStack    potBits
	stack      []int32
	frames     []reachFrame
	// reach holds the reach sets (when build was asked for them) of the
	// components that lead somewhere; set gives, per component, its set's
	// index there, or -1 for a potential that leads nowhere (its reach is
	// itself: two in five components, all off potentials alone).
	reach  []potBits
	set    []int32
	size   []int32 // per component: its number of potentials
	merged []int32 // per component: the last component that took its reach in
	offAdj *adjacency
	onAdj  *adjacency
}

type reachFrame struct {
	v    int32
	edge int32 // next edge to look at
}

// succ lists potential v's successors: candidate indexes, on ones for an
// off v and off ones for an on v.
func (g *reachability) succ(v int) []int16 {
	if v&1 == 1 {
		return g.offAdj.of(v >> 1)
	}
	return g.onAdj.of(v >> 1)
}

// target is the potential id of v's successor candidate q.
func target(v int, q int16) int32 {
	if v&1 == 1 {
		return int32(q) << 1 // on → off
	}
	return int32(q)<<1 | 1 // off → on
}

// build finds the components of the potentials of the candidates in cand
// and, with sets, the reach of each.
func (g *reachability) build(offAdj, onAdj *adjacency, cand *solver.Candidates, sets bool) {
	g.offAdj, g.onAdj = offAdj, onAdj
	g.index = [nPot]int32{}
	g.onStack = potBits{}
	g.stack = g.stack[:0]
	g.reach = g.reach[:0]
	g.set = g.set[:0]
	g.merged = g.merged[:0]
	g.size = g.size[:0]
	nc := int32(0)
	next := int32(1)
	for root := range g.roots(cand) {
		if g.index[root] != 0 {
			continue
		}
		g.frames = append(g.frames[:0], reachFrame{v: int32(root)})
		g.index[root], g.low[root] = next, next
		next++
		g.stack = append(g.stack, int32(root))
		g.onStack.set(root)
	frames:
		for len(g.frames) > 0 {
			f := &g.frames[len(g.frames)-1]
			v := int(f.v)
			// The edges to potentials seen already in one loop; a new one
			// is descended into at once.
			for adj := g.succ(v); int(f.edge) < len(adj); {
				w := target(v, adj[f.edge])
				f.edge++
				if g.index[w] == 0 {
					g.index[w], g.low[w] = next, next
					next++
					g.stack = append(g.stack, w)
					g.onStack.set(int(w))
					g.frames = append(g.frames, reachFrame{v: w})
					continue frames
				}
				if g.onStack.has(int(w)) {
					g.low[v] = min(g.low[v], g.index[w])
				}
			}
			g.frames = g.frames[:len(g.frames)-1]
			if len(g.frames) > 0 {
				p := g.frames[len(g.frames)-1].v
				g.low[p] = min(g.low[p], g.low[v])
			}
			if g.low[v] != g.index[v] {
				continue
			}
			// v roots a component: pop it and build its reach.
			c := nc
			nc++
			k := len(g.stack) - 1
			for g.stack[k] != int32(v) {
				k--
			}
			members := g.stack[k:]
			g.size = append(g.size, int32(len(members)))
			for _, m := range members {
				g.onStack[m>>6] &^= 1 << (m & 63)
				g.comp[m] = c
			}
			if sets {
				g.merged = append(g.merged, c)
				if len(members) == 1 && len(g.succ(v)) == 0 {
					g.set = append(g.set, -1)
					g.stack = g.stack[:k]
					continue
				}
				g.set = append(g.set, int32(len(g.reach)))
				g.reach = append(g.reach, potBits{})
				r := &g.reach[len(g.reach)-1]
				for _, m := range members {
					r.set(int(m))
				}
				for _, m := range members {
					for _, q := range g.succ(int(m)) {
						w := target(int(m), q)
						if wc := g.comp[w]; g.merged[wc] != c {
							g.merged[wc] = c
							if i := g.set[wc]; i < 0 {
								r.set(int(w))
							} else {
								r.or(&g.reach[i])
							}
						}
					}
				}
			}
			g.stack = g.stack[:k]
		}
	}
}

// roots yields the potentials of the candidates in cand, in increasing
// order.
func (g *reachability) roots(cand *solver.Candidates) func(func(int) bool) {
	return func(yield func(int) bool) {
		for c := 0; c < 81; c++ {
			for x := cand[c] >> 1; x != 0; x &= x - 1 {
				id := 2 * (9*c + bits.TrailingZeros16(uint16(x)))
				if !yield(id) || !yield(id+1) {
					return
				}
			}
		}
	}
}

// reaches reports whether potential a leads to potential b (build must
// have made the sets).
func (g *reachability) reaches(a, b int) bool {
	if g.index[a] == 0 {
		return false
	}
	if i := g.set[g.comp[a]]; i >= 0 {
		return g.reach[i].has(b)
	}
	return a == b
}

// reachOf returns the reach of potential v, which must be a candidate's
// (build must have made the sets); scratch holds it when v leads nowhere.
func (g *reachability) reachOf(v int, scratch *potBits) *potBits {
	if i := g.set[g.comp[v]]; i >= 0 {
		return &g.reach[i]
	}
	*scratch = potBits{}
	scratch.set(v)
	return scratch
}

// and keeps in b the potentials of o only.
func (b *potBits) and(o *potBits) {
	for k := range b {
		b[k] &= o[k]
	}
}

// or adds o's potentials to b.
func (b *potBits) or(o *potBits) {
	b[0] |= o[0]
	b[1] |= o[1]
	b[2] |= o[2]
	b[3] |= o[3]
	b[4] |= o[4]
	b[5] |= o[5]
	b[6] |= o[6]
	b[7] |= o[7]
	b[8] |= o[8]
	b[9] |= o[9]
	b[10] |= o[10]
	b[11] |= o[11]
	b[12] |= o[12]
	b[13] |= o[13]
	b[14] |= o[14]
	b[15] |= o[15]
	b[16] |= o[16]
	b[17] |= o[17]
	b[18] |= o[18]
	b[19] |= o[19]
	b[20] |= o[20]
	b[21] |= o[21]
	b[22] |= o[22]
}
