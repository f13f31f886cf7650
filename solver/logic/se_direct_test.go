package logic

import (
	"testing"

	"example.com/sudoku/solver"
)

// pathPositions returns the positions (board and candidates) along the
// logical paths of the samples' first n puzzles of each file.
func pathPositions(t *testing.T, n int) (boards []solver.Grid, cands []solver.Candidates) {
	t.Helper()
	for _, name := range []string{"puzzles1_unbiased_first1000.txt", "puzzles3_magictour_top1465.txt"} {
		for _, g := range sharedPuzzles(t, name, n) {
			steps, err := Solve(g)
			if err != nil {
				t.Fatal(err)
			}
			b, c := g, g.Candidates()
			for _, st := range steps {
				boards, cands = append(boards, b), append(cands, c)
				st.Apply(&b, &c)
			}
		}
	}
	return boards, cands
}

// bruteDirectIntersection is intersections(true)'s definition, cell by
// cell: a digit of unit a with two places or more, all in unit b, and a
// unit c of a's kind, crossing b, where the digit has two places or more
// and one outside b.
func bruteDirectIntersection(s *state) bool {
	in := func(u, c int) bool { return unitSet[u].has(c) }
	placesOf := func(u int, d uint8) []int {
		var ps []int
		for _, c := range unitCells[u] {
			if s.cand[c].Has(d) {
				ps = append(ps, int(c))
			}
		}
		return ps
	}
	for _, kinds := range lockedPairs {
		for a := kinds[0]; a < kinds[0]+9; a++ {
			for b := kinds[1]; b < kinds[1]+9; b++ {
				if crossIn[a][b] == 0 {
					continue
				}
				for d := uint8(1); d <= 9; d++ {
					pa := placesOf(a, d)
					locked := len(pa) >= 2
					for _, c := range pa {
						locked = locked && in(b, c)
					}
					if !locked {
						continue
					}
					for c := kinds[0]; c < kinds[0]+9; c++ {
						if c == a || crossIn[c][b] == 0 {
							continue
						}
						pc, out := placesOf(c, d), 0
						for _, x := range pc {
							if !in(b, x) {
								out++
							}
						}
						if len(pc) >= 2 && out == 1 {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// bruteDirectHiddenSet is hiddenSet(k, true)'s definition in unit u: k
// digits with two to k places each and k places between them, and another
// digit with two places or more, one of them outside those.
func bruteDirectHiddenSet(s *state, u, k int) bool {
	var places [10]uint16
	for p, c := range unitCells[u] {
		for d := uint8(1); d <= 9; d++ {
			if s.cand[c].Has(d) {
				places[d] |= 1 << p
			}
		}
	}
	for m := 0; m < 1<<9; m++ {
		if popc(uint16(m)) != k {
			continue
		}
		var union uint16
		ok := true
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) != 0 {
				n := popc(places[d])
				ok = ok && n >= 2 && n <= k
				union |= places[d]
			}
		}
		if !ok || popc(union) != k {
			continue
		}
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) == 0 && popc(places[d]) >= 2 && popc(places[d]&^union) == 1 {
				return true
			}
		}
	}
	return false
}

// bruteLocked is anyLocked's definition, cell by cell: a digit with two
// places or more in unit a, all in unit b (one a box, the other a line),
// and a place in b outside a.
func bruteLocked(s *state) bool {
	for a := 0; a < 27; a++ {
		for b := 0; b < 27; b++ {
			if (a >= 18) == (b >= 18) || unitSet[a].and(unitSet[b]).empty() {
				continue
			}
			for d := 1; d <= 9; d++ {
				in := s.where[d].and(unitSet[a])
				if in.atLeastTwo() && in.andNot(unitSet[b]).empty() && !s.where[d].and(unitSet[b]).andNot(unitSet[a]).empty() {
					return true
				}
			}
		}
	}
	return false
}

// TestDirectRuleTests checks the quick tests of the direct rules against
// the rules' definitions on every position of the samples' paths, and the
// units' cached place counts against counts made afresh as the position
// changes under the cache.
func TestDirectRuleTests(t *testing.T) {
	boards, cands := pathPositions(t, 15)
	var e engine
	directs, intersections, locked := 0, 0, 0
	for i := range boards {
		fresh := engine{s: newState(boards[i], cands[i])}
		// e keeps its cache from the previous position: the units that
		// changed since are in e.s.changed, and only those.
		prev := e.s
		e.s = newState(boards[i], cands[i])
		if i > 0 {
			e.s.changed = 0
			for c := 0; c < 81; c++ {
				if e.s.cand[c] != prev.cand[c] || e.s.grid[c] != prev.grid[c] {
					e.s.changed |= cellUnits[c] | prev.changed
					e.s.touched |= cellUnits[c]
					e.s.touchedDigits |= uint16(e.s.cand[c]^prev.cand[c]) | 1<<e.s.grid[c] | 1<<prev.grid[c]
				}
			}
			e.s.touchedDigits &^= 1 // digit 0: no digit
			e.advance()
		}
		if got, want := e.anyLocked(), bruteLocked(&e.s); got != want {
			t.Fatalf("position %d %s: anyLocked = %v, want %v", i, boards[i], got, want)
		} else if want {
			locked++
		}
		if got, want := e.anyDirectIntersection(), bruteDirectIntersection(&e.s); got != want {
			t.Fatalf("position %d %s: anyDirectIntersection = %v, want %v", i, boards[i], got, want)
		} else if want {
			intersections++
		}
		e.refreshCounts()
		fresh.refreshCounts()
		units := [2]uint32{e.directHiddenUnits(2), e.directHiddenUnits(3)}
		for u := 0; u < 27; u++ {
			if got, want := e.counts[u], fresh.counts[u]; got != want {
				t.Fatalf("position %d, unit %d: cached counts %+v, fresh %+v", i, u, got, want)
			}
			for k := 2; k <= 3; k++ {
				want := bruteDirectHiddenSet(&e.s, u, k)
				if got := units[k-2]>>u&1 != 0; got != want {
					t.Fatalf("position %d %s, unit %d: directHiddenUnits(%d) has it %v, want %v", i, boards[i], u, k, got, want)
				}
				if want {
					directs++
				}
			}
		}
	}
	if directs == 0 || intersections == 0 || locked == 0 || locked == len(boards) {
		t.Fatalf("%d direct hidden sets, %d direct intersections, %d of %d positions locked: the test checks too little", directs, intersections, locked, len(boards))
	}
	t.Logf("%d positions: %d with a direct intersection, %d with pointing or claiming, %d units with a direct hidden set", len(boards), intersections, locked, directs)
}

// lockedSinglesClosure is the fixed point of hidden and naked singles,
// pointing and claiming, cell by cell: whether they fill the board.
func lockedSinglesClosure(g solver.Grid, c solver.Candidates) bool {
	place := func(i int, d uint8) {
		g[i], c[i] = d, 0
		for _, p := range solver.Peers(i) {
			c[p] &^= 1 << d
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < 81; i++ {
			if g[i] == 0 && c[i].Count() == 0 {
				return false
			}
			if g[i] == 0 && c[i].Count() == 1 {
				place(i, c[i].Single())
				changed = true
			}
		}
		for u := 0; u < 27; u++ {
			for d := uint8(1); d <= 9; d++ {
				var ps []int
				done := false
				for _, x := range unitCells[u] {
					done = done || g[x] == d
					if c[x].Has(d) {
						ps = append(ps, int(x))
					}
				}
				if done {
					continue
				}
				if len(ps) == 0 {
					return false
				}
				if len(ps) == 1 {
					place(ps[0], d)
					changed = true
					continue
				}
				// Locked: every place in one unit crossing u.
				for v := 0; v < 27; v++ {
					if v == u || crossIn[u][v] == 0 || (u < 18) == (v < 18) {
						continue
					}
					all := true
					for _, x := range ps {
						all = all && unitSet[v].has(x)
					}
					if !all {
						continue
					}
					for _, x := range unitCells[v] {
						if !unitSet[u].has(int(x)) && c[x].Has(d) {
							c[x] &^= 1 << d
							changed = true
						}
					}
				}
			}
		}
	}
	for i := 0; i < 81; i++ {
		if g[i] == 0 {
			return false
		}
	}
	return true
}

// sameOrMore reports whether position a (candidates ca, board ga) has
// every candidate and digit of position b: b is a step or more further
// on the same path.
func sameOrMore(ca *solver.Candidates, ga *solver.Grid, cb *solver.Candidates, gb *solver.Grid) bool {
	for i := range ca {
		if ga[i] != 0 && gb[i] != ga[i] || gb[i] == 0 && cb[i]&^ca[i] != 0 {
			return false
		}
	}
	return true
}

// TestLockedSinglesSolve checks the fast solver's propagation against
// singles, pointing and claiming worked cell by cell, on every position of
// the samples' paths, fresh and going on from the path's last position:
// the rating stops on it (see settleScore).
func TestLockedSinglesSolve(t *testing.T) {
	boards, cands := pathPositions(t, 20)
	yes := 0
	var path solver.LockedSingles
	for i := range boards {
		want := lockedSinglesClosure(boards[i], cands[i])
		var fresh solver.LockedSingles
		if got := fresh.Solve(&boards[i], &cands[i]); got != want {
			t.Fatalf("position %d %s: LockedSingles.Solve = %v, want %v", i, boards[i], got, want)
		}
		// The same, going on from the last position of the same path.
		if i > 0 && !sameOrMore(&cands[i-1], &boards[i-1], &cands[i], &boards[i]) {
			path.Reset()
		}
		if got := path.Solve(&boards[i], &cands[i]); got != want {
			t.Fatalf("position %d %s: LockedSingles.Solve after the path's last = %v, want %v", i, boards[i], got, want)
		}
		if want {
			yes++
		}
	}
	if yes == 0 || yes == len(boards) {
		t.Fatalf("%d of %d positions filled by locked singles: the test tells nothing", yes, len(boards))
	}
	t.Logf("%d positions, %d filled by singles, pointing and claiming", len(boards), yes)
}
