package generator

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Killer puzzles (Variant Killer and KillerX) are made as Solo makes
// them, with the board rater of solver/logic judging the level:
//
//  1. draw a solution, and (with BoardOptions.Givens) the cells that keep
//     their symbol;
//  2. part the board into small cages, joined side to side, each holding
//     different symbols of the solution: cages of 2 and 3 cells, a few of
//     4, a cell left alone only when every neighbouring cage already
//     holds its symbol; the sums follow from the solution;
//  3. if the puzzle has several solutions or needs a technique above the
//     level, draw a new layout (a few times), then split cages in two;
//  4. merge two neighbouring cages at random (bigger cages say less, so
//     the puzzle gets harder), keeping a merge only when the puzzle stays
//     unique and within the level, until it needs exactly the level; a
//     run of merges that fail starts a new attempt;
//  5. a cage of one cell left joins a neighbouring cage when the puzzle
//     stays unique and at its level.
//
// Every check is counted, not timed: the same seed gives the same puzzle
// on every machine.

// killerSizes are the sides killer puzzles come in.
var killerSizes = []int{4, 6, 8, 9}

// killerLevels are the levels killer puzzles of side n come in (measured:
// see README).
func killerLevels(_ Variant, n int) []logic.Level {
	e, m, h, i := logic.Easy, logic.Medium, logic.Hard, logic.Insane
	switch n {
	case 4:
		return []logic.Level{e}
	}
	// Expert (an XY-Chain the hardest step) is rare: thousands of layouts
	// for one.
	return []logic.Level{e, m, h, i}
}

// maxKillerCage is the largest cage a merge makes on an n×n board.
func maxKillerCage(n int, level logic.Level) int {
	m := 5
	if level >= logic.Hard {
		m = 6
	}
	return min(m, n-1)
}

// generateKiller is GenerateBoard for Killer and KillerX.
func generateKiller(ctx context.Context, opt BoardOptions, n int) (BoardPuzzle, error) {
	rng := solver.NewRand(opt.Seed)
	w, h, _ := solver.DefaultBoxes(n)
	base, err := solver.NewBoxes(w, h, opt.Variant == KillerX)
	if err != nil {
		return BoardPuzzle{}, err
	}
	if opt.Givens < 0 || opt.Givens >= n*n {
		return BoardPuzzle{}, fmt.Errorf("generator: %d givens on a %d×%d board", opt.Givens, n, n)
	}
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return BoardPuzzle{}, err
		}
		if attempt == maxBoardAttempts {
			return BoardPuzzle{}, fmt.Errorf("generator: no %v %d×%d puzzle in %d attempts: %w (levels made: %v)", opt.Variant, n, n, attempt, ErrRare, Levels(opt.Variant, n))
		}
		sol, ok := randomBoardSolution(ctx, base, rng)
		if !ok {
			continue
		}
		givens := make([]bool, n*n)
		for _, i := range (randAdapter{rng}).perm(n * n)[:opt.Givens] {
			givens[i] = true
		}
		cage := randomCages(sol, rng)
		p, ok, err := killerAtLevel(ctx, base, sol, givens, cage, opt.Level, rng)
		if err != nil {
			return BoardPuzzle{}, err
		}
		if ok && !needsTrial(p.Rating, attempt, maxBoardAttempts) {
			p.Seed = opt.Seed
			return p, nil
		}
	}
}

// perm is a random order of 0..n-1.
func (r randAdapter) perm(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// randAdapter lends solver.Rand the helpers the generator wants.
type randAdapter struct{ *solver.Rand }

// randomCages parts the cells of sol into cages: each cell gets a cage
// number, cages numbered from 0.
func randomCages(sol solver.Board, r *solver.Rand) []int {
	n := sol.Geo.N
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	var sizes []int // per cage
	var used []uint32
	order := randAdapter{r}.perm(n * n)
	for _, start := range order {
		if cage[start] >= 0 {
			continue
		}
		// 2 or 3 cells mostly, now and then 4.
		want := 2
		switch x := r.IntN(20); {
		case x < 9:
			want = 2
		case x < 17:
			want = 3
		default:
			want = 4
		}
		k := len(sizes)
		cage[start] = k
		sizes = append(sizes, 1)
		used = append(used, 1<<sol.Cells[start])
		cells := []int{start}
		for sizes[k] < want {
			// A random free neighbour of the cage whose symbol it lacks.
			var next []int
			for _, c := range cells {
				for d := 0; d < 4; d++ {
					j := neighbourOf(n, c, d)
					if j >= 0 && cage[j] < 0 && used[k]&(1<<sol.Cells[j]) == 0 && !slices.Contains(next, j) {
						next = append(next, j)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			slices.Sort(next)
			j := next[r.IntN(len(next))]
			cage[j] = k
			sizes[k]++
			used[k] |= 1 << sol.Cells[j]
			cells = append(cells, j)
		}
	}
	// A cage of one cell joins the smallest neighbouring cage that lacks
	// its symbol.
	for i := 0; i < n*n; i++ {
		k := cage[i]
		if sizes[k] != 1 {
			continue
		}
		best := -1
		for d := 0; d < 4; d++ {
			j := neighbourOf(n, i, d)
			if j < 0 {
				continue
			}
			o := cage[j]
			if o != k && used[o]&(1<<sol.Cells[i]) == 0 && sizes[o] < n && (best < 0 || sizes[o] < sizes[best]) {
				best = o
			}
		}
		if best >= 0 {
			cage[i] = best
			sizes[best]++
			sizes[k] = 0
			used[best] |= 1 << sol.Cells[i]
		}
	}
	return renumber(cage)
}

// renumber numbers cages 0, 1, … in order of their first cell.
func renumber(cage []int) []int {
	index := map[int]int{}
	out := make([]int, len(cage))
	for i, k := range cage {
		j, ok := index[k]
		if !ok {
			j = len(index)
			index[k] = j
		}
		out[i] = j
	}
	return out
}

// killerOf builds the puzzle of a cage map: the geometry with each
// cage's sum from sol, and the givens.
func killerOf(base *solver.Geometry, sol solver.Board, givens []bool, cage []int) (solver.Board, error) {
	var cages []solver.Cage
	for i, k := range cage {
		for len(cages) <= k {
			cages = append(cages, solver.Cage{})
		}
		cages[k].Cells = append(cages[k].Cells, int16(i))
		cages[k].Sum += int(sol.Cells[i])
	}
	g, err := solver.NewKiller(base, cages)
	if err != nil {
		return solver.Board{}, err
	}
	b := solver.NewBoard(g)
	for i, keep := range givens {
		if keep {
			b.Cells[i] = sol.Cells[i]
		}
	}
	return b, nil
}

// killerAtLevel merges cages of the map until the puzzle needs exactly
// level (splitting one first while it has several solutions or needs
// more); false when this layout does not get there.
func killerAtLevel(ctx context.Context, base *solver.Geometry, sol solver.Board, givens []bool, cage []int, level logic.Level, r *solver.Rand) (BoardPuzzle, bool, error) {
	n := base.N
	// check builds the puzzle of a cage map and reports whether it has
	// one solution and needs no more than level.
	check := func(cage []int) (solver.Board, logic.Rating, bool) {
		b, err := killerOf(base, sol, givens, cage)
		if err != nil || solver.CountBoard(ctx, b, 2) != 1 {
			return b, logic.Rating{}, false
		}
		if level == logic.Insane {
			// Needing more than expert is all insane asks: the forcing
			// chains and trial of a full rating wait for the last.
			rt, err := logic.RateBoardUpTo(ctx, b, logic.Expert)
			if errors.Is(err, logic.ErrTooHard) {
				return b, logic.Rating{Level: logic.Insane}, true
			}
			return b, rt, err == nil
		}
		rt, err := logic.RateBoardUpTo(ctx, b, level)
		return b, rt, err == nil
	}
	b, rt, ok := check(cage)
	for tries := 0; !ok; tries++ {
		// A layout with several solutions, or too hard: a few new
		// layouts, then cages split (which may leave a cage of one cell).
		if err := ctx.Err(); err != nil {
			return BoardPuzzle{}, false, err
		}
		if tries == 12 {
			return BoardPuzzle{}, false, nil
		}
		if tries < 4 {
			cage = randomCages(sol, r)
		} else {
			next, done := splitCage(n, cage, r)
			if !done {
				return BoardPuzzle{}, false, nil
			}
			cage = next
		}
		b, rt, ok = check(cage)
	}
	limit := maxKillerCage(n, level)
	fails := 0
	for rt.Level < level {
		if err := ctx.Err(); err != nil {
			return BoardPuzzle{}, false, err
		}
		if fails >= 12 {
			return BoardPuzzle{}, false, nil
		}
		pairs := mergeable(sol, cage, limit)
		if len(pairs) == 0 {
			return BoardPuzzle{}, false, nil
		}
		pr := pairs[r.IntN(len(pairs))]
		next := slices.Clone(cage)
		for i, k := range next {
			if k == pr[1] {
				next[i] = pr[0]
			}
		}
		next = renumber(next)
		nb, nrt, ok := check(next)
		if !ok {
			if err := ctx.Err(); err != nil {
				return BoardPuzzle{}, false, err
			}
			fails++
			continue
		}
		cage, b, rt = next, nb, nrt
	}
	// A cage of one cell stays only if the puzzle needs it: each tries to
	// join a neighbouring cage.
	for i := 0; i < n*n; i++ {
		if err := ctx.Err(); err != nil {
			return BoardPuzzle{}, false, err
		}
		if b.Geo.CageOf(i) < 0 || len(b.Geo.Cages()[b.Geo.CageOf(i)].Cells) != 1 {
			continue
		}
		for _, pr := range mergeable(sol, cage, limit+1) {
			if cage[i] != pr[0] && cage[i] != pr[1] {
				continue
			}
			next := slices.Clone(cage)
			for j, k := range next {
				if k == pr[1] {
					next[j] = pr[0]
				}
			}
			next = renumber(next)
			if nb, nrt, ok := check(next); ok && nrt.Level == level {
				cage, b, rt = next, nb, nrt
				break
			}
		}
	}
	if level == logic.Insane {
		var err error
		if rt, err = logic.RateBoard(ctx, b); err != nil {
			return BoardPuzzle{}, false, ctx.Err()
		}
	}
	return BoardPuzzle{Board: b, Solution: sol, Rating: rt}, true, nil
}

// splitCage parts one cage of three cells or more, drawn at random, in
// two pieces each joined side to side; false when every cage is smaller.
func splitCage(n int, cage []int, r *solver.Rand) ([]int, bool) {
	k := slices.Max(cage) + 1
	cells := make([][]int, k)
	for i, c := range cage {
		cells[c] = append(cells[c], i)
	}
	// Cages of four cells or more first, so that no cage of one cell is
	// made while another split can do.
	var big []int
	for least := 4; least >= 3 && len(big) == 0; least-- {
		for c, cs := range cells {
			if len(cs) >= least {
				big = append(big, c)
			}
		}
	}
	if len(big) == 0 {
		return nil, false
	}
	c := big[r.IntN(len(big))]
	cs := cells[c]
	// Grow the new piece from a random cell, side to side, to half the
	// cage, keeping the rest joined.
	in := map[int]bool{}
	start := cs[r.IntN(len(cs))]
	piece := []int{start}
	in[start] = true
	for len(piece) < len(cs)/2 {
		var next []int
		for _, i := range piece {
			for d := 0; d < 4; d++ {
				j := neighbourOf(n, i, d)
				if j >= 0 && cage[j] == c && !in[j] && !slices.Contains(next, j) {
					next = append(next, j)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		slices.Sort(next)
		j := next[r.IntN(len(next))]
		piece = append(piece, j)
		in[j] = true
	}
	out := slices.Clone(cage)
	for _, i := range piece {
		out[i] = k
	}
	// The rest must be one piece, or the split is a three-way one: that
	// is fine as well, each piece becomes a cage.
	return splitPieces(n, out), true
}

// splitPieces makes every piece of a cage that is not joined side to side
// a cage of its own, and numbers the cages again.
func splitPieces(n int, cage []int) []int {
	out := make([]int, len(cage))
	for i := range out {
		out[i] = -1
	}
	next := 0
	for i := range cage {
		if out[i] >= 0 {
			continue
		}
		out[i] = next
		stack := []int{i}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for d := 0; d < 4; d++ {
				m := neighbourOf(n, j, d)
				if m >= 0 && out[m] < 0 && cage[m] == cage[i] {
					out[m] = next
					stack = append(stack, m)
				}
			}
		}
		next++
	}
	return out
}

// mergeable lists the pairs of neighbouring cages that could become one:
// together no bigger than max, with different symbols.
func mergeable(sol solver.Board, cage []int, limit int) [][2]int {
	n := sol.Geo.N
	k := slices.Max(cage) + 1
	size := make([]int, k)
	used := make([]uint32, k)
	for i, c := range cage {
		size[c]++
		used[c] |= 1 << sol.Cells[i]
	}
	seen := map[[2]int]bool{}
	var out [][2]int
	for i, a := range cage {
		for _, j := range []int{neighbourOf(n, i, 1), neighbourOf(n, i, 3)} {
			if j < 0 || cage[j] == a {
				continue
			}
			p := [2]int{min(a, cage[j]), max(a, cage[j])}
			if seen[p] || size[a]+size[cage[j]] > limit || used[a]&used[cage[j]] != 0 {
				continue
			}
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
