package solver

// PropagatedCandidates returns the candidates left after applying naked and
// hidden singles to g for as long as they apply (or until a contradiction):
// 002's UNSOLVED grid.
func PropagatedCandidates(g Grid) Candidates {
	var c Candidates
	for i, m := range PropagatedBoardCandidates(BoardOf(g)) {
		c[i] = Set(m)
	}
	return c
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
