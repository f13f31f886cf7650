package solver

import "context"

// backtracker runs the three plain searches, dfs, mrv and lcv. The board is
// kept with a set of used digits per unit, so "is this digit valid here" is
// one mask test instead of 000's scan of row, column and box.
type backtracker struct {
	search
	algo Algorithm
	g    Grid
	used [27]Set // digits placed in each unit
}

func newBacktracker(ctx context.Context, g Grid, opt Options) *backtracker {
	b := &backtracker{search: newSearch(ctx, opt), algo: opt.Algorithm, g: g}
	b.board = func() *Grid { return &b.g }
	for i, d := range g {
		if d != 0 {
			for _, u := range cellUnits[i] {
				b.used[u] |= 1 << d
			}
		}
	}
	return b
}

func (b *backtracker) run() {
	switch b.algo {
	case DFS:
		b.dfs(0)
	case MRV:
		b.mrv()
	case LCV:
		b.lcv(0)
	}
}

// allowed returns the digits that no peer of cell i holds.
func (b *backtracker) allowed(i int) Set {
	u := cellUnits[i]
	return All &^ (b.used[u[0]] | b.used[u[1]] | b.used[u[2]])
}

func (b *backtracker) place(i int, d uint8) {
	b.g[i] = d
	for _, u := range cellUnits[i] {
		b.used[u] |= 1 << d
	}
	b.tried()
	if b.live() {
		b.emit(Place, i, d)
	}
}

func (b *backtracker) unplace(i int, d uint8) {
	b.g[i] = 0
	for _, u := range cellUnits[i] {
		b.used[u] &^= 1 << d
	}
	b.untried()
	if b.live() {
		b.emit(Remove, i, d)
	}
}

// dfs fills the first empty cell at or after pos with each valid digit in
// turn. It returns true when the search must stop (limit reached or
// cancelled).
func (b *backtracker) dfs(pos int) bool {
	for pos < 81 && b.g[pos] != 0 {
		pos++
	}
	if pos == 81 {
		return b.solved(&b.g)
	}
	if b.tick() {
		return true
	}
	ok := b.allowed(pos)
	for d := uint8(1); d <= 9; d++ {
		if !ok.Has(d) {
			continue
		}
		b.place(pos, d)
		if b.dfs(pos + 1) {
			return true
		}
		b.unplace(pos, d)
	}
	return false
}

// mrv branches on the empty cell with the fewest allowed digits.
func (b *backtracker) mrv() bool {
	if b.tick() {
		return true
	}
	best, bestN := -1, 10
	for i := 0; i < 81; i++ {
		if b.g[i] != 0 {
			continue
		}
		n := b.allowed(i).Count()
		if n < bestN {
			best, bestN = i, n
			if n <= 1 {
				break
			}
		}
	}
	if best < 0 {
		return b.solved(&b.g)
	}
	ok := b.allowed(best)
	for d := uint8(1); d <= 9; d++ {
		if !ok.Has(d) {
			continue
		}
		b.place(best, d)
		if b.mrv() {
			return true
		}
		b.unplace(best, d)
	}
	return false
}

// lcv fills the first empty cell at or after pos, trying first the digit
// that removes the fewest candidates from the cell's empty peers.
func (b *backtracker) lcv(pos int) bool {
	for pos < 81 && b.g[pos] != 0 {
		pos++
	}
	if pos == 81 {
		return b.solved(&b.g)
	}
	if b.tick() {
		return true
	}
	// Score each allowed digit: how many empty peers also allow it. A peer
	// whose only candidate it is would be left with none: skip that digit.
	var order [9]uint8
	var score [10]int
	n := 0
	ok := b.allowed(pos)
	for d := uint8(1); d <= 9; d++ {
		if !ok.Has(d) {
			continue
		}
		s, dead := 0, false
		for _, p := range peers[pos] {
			if b.g[p] != 0 {
				continue
			}
			a := b.allowed(int(p))
			if a.Has(d) {
				s++
				if a == 1<<d {
					dead = true
					break
				}
			}
		}
		if dead {
			continue
		}
		score[d] = s
		// insertion sort, stable so ties keep increasing digit order
		k := n
		for k > 0 && score[order[k-1]] > s {
			order[k] = order[k-1]
			k--
		}
		order[k] = d
		n++
	}
	for _, d := range order[:n] {
		b.place(pos, d)
		if b.lcv(pos + 1) {
			return true
		}
		b.unplace(pos, d)
	}
	return false
}
