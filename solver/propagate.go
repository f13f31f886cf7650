package solver

import "context"

// cpState is a board with the candidates of each empty cell (filled cells
// hold the empty set).
type cpState struct {
	g    Grid
	cand Candidates
}

// newCPState builds the candidates of g. It does not propagate.
func newCPState(g Grid) cpState { return cpState{g: g, cand: g.Candidates()} }

// assign writes d into cell i and removes d from the peers' candidates. It
// returns false if that leaves an empty peer without candidates.
func (s *cpState) assign(i int, d uint8, emit func(int, uint8)) bool {
	s.g[i] = d
	s.cand[i] = 0
	if emit != nil {
		emit(i, d)
	}
	bit := Set(1) << d
	ok := true
	for _, p := range peers[i] {
		if s.cand[p]&bit != 0 {
			s.cand[p] &^= bit
			if s.cand[p] == 0 {
				ok = false
			}
		}
	}
	return ok
}

// propagate applies naked singles (a cell with one candidate) and hidden
// singles (a digit with one place in a unit) until neither applies. It
// returns false on a contradiction: an empty cell without candidates, or a
// digit with no place left in a unit that lacks it. O(81·9) a pass.
func (s *cpState) propagate(emit func(int, uint8)) bool {
	for {
		changed := false
		for i := 0; i < 81; i++ {
			if s.g[i] != 0 {
				continue
			}
			c := s.cand[i]
			if c == 0 {
				return false
			}
			if d := c.Single(); d != 0 {
				if !s.assign(i, d, emit) {
					return false
				}
				changed = true
			}
		}
		for u := 0; u < 27; u++ {
			// once, twice: digits seen in one or in several empty cells
			var once, twice, placed Set
			for _, c := range units[u] {
				if d := s.g[c]; d != 0 {
					placed |= 1 << d
					continue
				}
				twice |= once & s.cand[c]
				once |= s.cand[c]
			}
			if (once|placed)&All != All {
				return false // some digit has no place in this unit
			}
			hidden := once &^ twice &^ placed
			for hidden != 0 {
				d := lowDigit(hidden)
				hidden &^= 1 << d
				for _, c := range units[u] {
					if s.g[c] == 0 && s.cand[c].Has(d) {
						if !s.assign(int(c), d, emit) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// propagator is seed 004's solver: propagate, then guess on a cell with the
// fewest candidates, each guess on a copy of the state.
type propagator struct {
	search
	root  cpState
	rng   *Rand
	stack [82]cpState // one state per depth, so a guess costs no allocation
	cur   *cpState    // the state being worked on
	place func(int, uint8)
}

func newPropagator(ctx context.Context, g Grid, opt Options) *propagator {
	p := &propagator{search: newSearch(ctx, opt), root: newCPState(g)}
	if opt.Seed != 0 {
		p.rng = NewRand(opt.Seed)
	}
	p.cur = &p.stack[0]
	p.board = func() *Grid { return &p.cur.g }
	if p.progress != nil {
		p.place = func(i int, d uint8) {
			if p.live() {
				p.emit(Place, i, d)
			}
		}
	}
	return p
}

func (p *propagator) run() {
	p.stack[0] = p.root
	if !p.stack[0].propagate(p.place) {
		return
	}
	p.dfs(0)
}

// dfs searches below the already propagated state at stack[depth].
func (p *propagator) dfs(depth int) bool {
	if p.tick() {
		return true
	}
	s := &p.stack[depth]
	p.cur = s
	best, bestN := -1, 10
	for i := 0; i < 81; i++ {
		if s.g[i] == 0 {
			if n := s.cand[i].Count(); n < bestN {
				best, bestN = i, n
				if n == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		return p.solved(&s.g)
	}
	digits := s.cand[best].Digits()
	if p.rng != nil {
		p.rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	for _, d := range digits {
		child := &p.stack[depth+1]
		*child = *s
		p.cur = child
		p.tried()
		if child.assign(best, d, p.place) && child.propagate(p.place) {
			if p.dfs(depth + 1) {
				return true
			}
		}
		p.untried()
		p.cur = s
		if p.live() {
			p.retract(s, child)
		}
	}
	return false
}

// retract reports, one by one, the removal of every cell the abandoned
// child filled.
func (p *propagator) retract(parent, child *cpState) {
	board := child.g
	for i := 0; i < 81; i++ {
		if parent.g[i] == 0 && child.g[i] != 0 {
			board[i] = 0
			p.emitOn(&board, Remove, i, child.g[i])
		}
	}
}

// PropagatedCandidates returns the candidates left after applying naked and
// hidden singles to g for as long as they apply (or until a contradiction).
func PropagatedCandidates(g Grid) Candidates {
	s := newCPState(g)
	s.propagate(nil)
	return s.cand
}

// Rand is a small deterministic generator (SplitMix64). Seeded puzzles and
// shuffles come out the same on every machine and Go version, which
// math/rand does not promise.
type Rand struct{ state uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed int64) *Rand { return &Rand{uint64(seed)} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// IntN returns a number in [0, n) for n > 0, without modulo bias.
func (r *Rand) IntN(n int) int {
	bound := uint64(n)
	threshold := -bound % bound
	for {
		x := r.Uint64()
		if x >= threshold {
			return int(x % bound)
		}
	}
}

// Shuffle permutes n elements with swap (Fisher-Yates).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
