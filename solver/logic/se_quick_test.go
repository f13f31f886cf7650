package logic

import (
	"slices"
	"testing"
)

// TestNishioAbsurd checks the quick Nishio test against SE's chaining
// (the full run) for every candidate of every position without a hidden
// single on the samples' paths.
func TestNishioAbsurd(t *testing.T) {
	boards, cands := pathPositions(t, 15)
	positions, absurd := 0, 0
	for i := range boards {
		e := engine{s: newState(boards[i], cands[i]), batch: true}
		probe := e
		if probe.hiddenSingles() {
			continue
		}
		positions++
		ch := e.chainer()
		ch.begin(&e.s, modes[chainNishio])
		for c := 0; c < 81; c++ {
			if e.s.cand[c].Count() < 2 {
				continue
			}
			for x := e.s.cand[c]; x != 0; x &= x - 1 {
				v := lowDigit(x)
				ci := candOf(c, v)
				for _, on := range []bool{true, false} {
					r := ch.offRun(ci)
					if on {
						r = ch.onRun(ci)
					}
					if got := e.s.nishioAbsurd(c, v, on); got != r.absurd {
						t.Fatalf("position %d %s: nishioAbsurd(%s=%d, on %v) = %v, the chaining says %v", i, boards[i], name(c), v, on, got, r.absurd)
					}
					if r.absurd {
						absurd++
					}
				}
			}
		}
		e.release()
	}
	if absurd == 0 {
		t.Fatal("no Nishio contradiction met: the test checks too little")
	}
	t.Logf("%d positions, %d chainings with a contradiction", positions, absurd)
}

// TestQuickChains checks the chaining rules with their quick tests against
// the full searches (every chaining run) on every position of the
// samples' paths where SE would come to them: the same step, or none.
func TestQuickChains(t *testing.T) {
	boards, cands := pathPositions(t, 6)
	steps := map[chainMode]int{}
	for i := range boards {
		probe := engine{s: newState(boards[i], cands[i]), batch: true}
		if probe.hiddenSingles() || probe.nakedSingle() {
			continue
		}
		for _, mode := range []chainMode{chainNishio, chainMultiple, chainDynamic} {
			quick := engine{s: newState(boards[i], cands[i])}
			full := engine{s: newState(boards[i], cands[i]), exhaustive: true}
			got, want := quick.multipleChains(mode), full.multipleChains(mode)
			if got != want || got && (quick.h.score != full.h.score || quick.h.tech != full.h.tech ||
				quick.h.elim != full.h.elim || quick.h.cell != full.h.cell || quick.h.digit != full.h.digit) {
				t.Fatalf("position %d %s, mode %d: quick search %v %+v, full %v %+v", i, boards[i], mode, got, quick.h, want, full.h)
			}
			if got {
				steps[mode]++
			}
			quick.release()
			full.release()
		}
	}
	if len(steps) < 3 {
		t.Fatalf("steps found by mode: %v: the test checks too little", steps)
	}
	t.Logf("steps found, by mode: %v", steps)
}

// TestShortcutsChangeNothing rates puzzles of the samples with the
// rater's shortcuts (quick tests, caches) and exhaustively side by side,
// step by step: every step must be the same.
func TestShortcutsChangeNothing(t *testing.T) {
	n := 25
	if testing.Short() {
		n = 8
	}
	for _, name := range []string{"puzzles3_magictour_top1465.txt", "puzzles1_unbiased_first1000.txt"} {
		for k, g := range sharedPuzzles(t, name, n) {
			quick := engine{s: newState(g, g.Candidates()), batch: true}
			full := engine{s: newState(g, g.Candidates()), batch: true, exhaustive: true}
			for step := 0; !quick.s.solved(); step++ {
				got, want := quick.next(maxScore), full.next(maxScore)
				if got != want || quick.h.tech != full.h.tech || quick.h.score != full.h.score || quick.h.elim != full.h.elim ||
					quick.h.place != full.h.place || quick.h.cell != full.h.cell || quick.h.digit != full.h.digit {
					t.Fatalf("%s #%d, step %d: with shortcuts %v %+v, exhaustive %v %+v", name, k+1, step, got, quick.h, want, full.h)
				}
				if !got || !quick.apply() || !full.apply() {
					t.Fatalf("%s #%d, step %d: no step, or a broken one", name, k+1, step)
				}
			}
			quick.release()
			full.release()
		}
	}
}

// TestAlignCacheStamps checks that after every step of the samples' paths
// the aligned exclusion cache marks exactly the cells that lost a
// candidate as changed at the new position.
func TestAlignCacheStamps(t *testing.T) {
	for k, g := range sharedPuzzles(t, "puzzles1_unbiased_first1000.txt", 20) {
		e := engine{s: newState(g, g.Candidates()), batch: true}
		ac := e.alignCacheFor()
		for !e.s.solved() {
			if !e.next(maxScore) {
				t.Fatalf("#%d: stuck", k+1)
			}
			before := e.s.cand
			if !e.apply() {
				t.Fatalf("#%d: broken step", k+1)
			}
			for i := range before {
				if changed := before[i] != e.s.cand[i]; changed != (ac.cellEpoch[i] == ac.epoch) {
					t.Fatalf("#%d: cell %s changed %v, marked at %d of %d", k+1, name(i), changed, ac.cellEpoch[i], ac.epoch)
				}
			}
		}
		e.release()
	}
}

// TestUniqueLoopsCore checks unique loops walked through the cells that
// can be on a loop (ulCore), from cells in order, skipping the digit
// pairs that had no loop when last looked at (loopCache), against loops
// walked through every cell holding both digits from every cell, on every
// position of the samples' rating paths, one engine walking each path.
func TestUniqueLoopsCore(t *testing.T) {
	found, positions := 0, 0
	for _, name := range []string{"puzzles1_unbiased_first1000.txt", "puzzles3_magictour_top1465.txt"} {
		for k, g := range sharedPuzzles(t, name, 30) {
			quick := engine{s: newState(g, g.Candidates()), batch: true}
			for !quick.s.solved() {
				full := engine{s: newState(quick.s.grid, quick.s.cand), exhaustive: true}
				got, want := quick.uniqueLoops(), full.uniqueLoops()
				if got != want || got && (quick.h.score != full.h.score || quick.h.elim != full.h.elim) {
					t.Fatalf("%s #%d at %s: %v %+v, walking every cell %v %+v", name, k+1, quick.s.grid, got, quick.h, want, full.h)
				}
				if got {
					found++
				}
				positions++
				if !quick.next(maxScore) || !quick.apply() {
					t.Fatalf("%s #%d: no step, or a broken one", name, k+1)
				}
			}
			quick.release()
		}
	}
	if found == 0 {
		t.Fatal("no unique loop met: the test checks nothing")
	}
	t.Logf("%d positions, %d with a unique loop", positions, found)
}

// TestStaticLists checks the static implication lists against their
// definitions, written plainly, on the samples' paths: what a candidate on
// turns off (its cell's other candidates, then its digit's other places in
// houseOrder), and what it off turns on (the other candidate of a bivalue
// cell, then the other place of its digit in each of its box, row and
// column with two, each once).
func TestStaticLists(t *testing.T) {
	boards, cands := pathPositions(t, 6)
	lists := 0
	for i := range boards {
		s := newState(boards[i], cands[i])
		var ss staticSearch
		ss.buildLists(&s)
		for ci := 0; ci < 729; ci++ {
			c, v := ci/9, uint8(ci%9+1)
			var offY, offX, onY, onX []int16
			if s.cand[c].Has(v) {
				for d := uint8(1); d <= 9; d++ {
					if d != v && s.cand[c].Has(d) {
						offY = append(offY, int16(candOf(c, d)))
					}
				}
				for _, p := range houseOrder[c] {
					if s.cand[p].Has(v) {
						offX = append(offX, int16(candOf(int(p), v)))
					}
				}
				if s.cand[c].Count() == 2 {
					onY = append(onY, int16(candOf(c, lowDigit(s.cand[c]&^(1<<v)))))
				}
				for _, base := range kindsBRC {
					u := unitOfKind(c, base)
					var places []int
					for _, p := range unitCells[u] {
						if s.cand[p].Has(v) {
							places = append(places, int(p))
						}
					}
					if len(places) != 2 {
						continue
					}
					o := places[0]
					if o == c {
						o = places[1]
					}
					if q := int16(candOf(o, v)); !slices.Contains(onX, q) {
						onX = append(onX, q)
					}
				}
				lists++
			}
			check := func(what string, a *adjacency, want []int16) {
				if got := a.of(ci); !slices.Equal(got, want) {
					t.Fatalf("position %d %s, %s=%d: %s %v, want %v", i, boards[i], name(c), v, what, got, want)
				}
			}
			check("offX", &ss.offX, offX)
			check("offY", &ss.offY, append(offY, offX...))
			check("onY", &ss.onY, onY)
			check("onX", &ss.onX, onX)
			check("onXY", &ss.onXY, append(onY, onX...))
		}
	}
	if lists < 1000 {
		t.Fatalf("only %d candidates' lists checked", lists)
	}
	t.Logf("%d positions, %d candidates' lists", len(boards), lists)
}

// TestForcingLength checks forcingLength, the search of half the depth,
// against forcing's breadth-first search for the chain itself, from every
// candidate on and off, in the passes that search forcing chains (links of
// one digit; both kinds), with no step found before: the same complexity,
// or none, under limits from 3 to 40.
func TestForcingLength(t *testing.T) {
	boards, cands := pathPositions(t, 6)
	chains, cut := 0, 0
	for i := range boards {
		s := newState(boards[i], cands[i])
		e := engine{s: s, batch: true}
		ss := &staticSearch{e: &e}
		ss.buildLists(&e.s)
		for _, y := range []bool{false, true} {
			ss.y, ss.x = y, true
			ss.offAdj, ss.onForce = &ss.offX, &ss.onX
			if y {
				ss.offAdj, ss.onForce = &ss.offY, &ss.onXY
			}
			for ci := 0; ci < 729; ci++ {
				if !e.s.cand[ci/9].Has(uint8(ci%9 + 1)) {
					continue
				}
				for _, on := range []bool{true, false} {
					for _, lim := range []int{3, 5, 8, 13, 40} {
						ss.best = staticPick{}
						ss.forcingChain(ci, on, 70, 4, lim)
						want := 0
						if ss.best.ok {
							want = ss.best.complexity
						}
						if got := ss.forcingLength(ci, on, lim); got != want {
							t.Fatalf("position %d %s, %s=%d on %v, y %v, limit %d: forcingLength %d, the search %d",
								i, boards[i], name(ci/9), ci%9+1, on, y, lim, got, want)
						}
						if want > 0 {
							chains++
						} else if lim == 40 {
							cut++
						}
					}
				}
			}
		}
	}
	if chains < 1000 {
		t.Fatalf("only %d chains met: the test checks too little", chains)
	}
	t.Logf("%d positions, %d chains, %d starts with none", len(boards), chains, cut)
}

// TestCycleDigits checks that the cycle search skips only starts whose
// component can hold no cycle that eliminates (cycleDigitsOf): from every
// candidate of every position of the samples' paths, in each of the three
// passes, the search with the test finds the same cycle as the search
// without it, or none when that finds none.
func TestCycleDigits(t *testing.T) {
	boards, cands := pathPositions(t, 10)
	found, skipped := 0, 0
	for i := range boards {
		quick := engine{s: newState(boards[i], cands[i]), batch: true}
		full := engine{s: newState(boards[i], cands[i]), batch: true, exhaustive: true}
		qs, fs := &staticSearch{e: &quick}, &staticSearch{e: &full}
		for _, ss := range []*staticSearch{qs, fs} {
			ss.buildLists(&ss.e.s)
			ss.buildReach(&ss.e.s)
		}
		for _, ps := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
			base, _, k := qs.pass(ps[0], ps[1])
			fs.pass(ps[0], ps[1])
			for ci := 0; ci < 729; ci++ {
				if !quick.s.cand[ci/9].Has(uint8(ci%9 + 1)) {
					continue
				}
				qs.best, fs.best = staticPick{}, staticPick{}
				qs.nodes, fs.nodes = qs.nodes[:0], fs.nodes[:0]
				qs.cycles(ci, base, k)
				fs.cycles(ci, base, k)
				q, f := &qs.best, &fs.best
				if q.ok != f.ok || q.ok && (q.score != f.score || q.complexity != f.complexity || q.elim != f.elim ||
					q.node != f.node || !slices.Equal(q.nodes, f.nodes)) {
					t.Fatalf("position %d %s, %s=%d, pass %v: with the test %+v, without %+v", i, boards[i], name(ci/9), ci%9+1, ps, *q, *f)
				}
				if f.ok {
					found++
				} else if len(qs.nodes) == 0 && len(fs.nodes) > 1 {
					skipped++
				}
			}
		}
	}
	if found < 100 || skipped < 1000 {
		t.Fatalf("%d cycles found, %d searches skipped: the test checks too little", found, skipped)
	}
	t.Logf("%d positions, %d cycles found, %d searches skipped", len(boards), found, skipped)
}

// TestAlignedChanged checks aligned pair and triplet exclusion, which after
// a search that found nothing look only at the base cells changed since
// (changedExclude), against the search of every set without the cache, at
// every position of the samples' rating paths, one engine walking each
// path and searching at each position.
func TestAlignedChanged(t *testing.T) {
	found, positions := 0, 0
	for _, name := range []string{"puzzles1_unbiased_first1000.txt", "puzzles3_magictour_top1465.txt"} {
		for k, g := range sharedPuzzles(t, name, 40) {
			quick := engine{s: newState(g, g.Candidates()), batch: true}
			for !quick.s.solved() {
				for _, size := range []int{2, 3} {
					full := engine{s: newState(quick.s.grid, quick.s.cand), exhaustive: true}
					quick.h.reset()
					got, want := quick.alignedExclusion(size), full.alignedExclusion(size)
					if got != want || got && quick.h.elim != full.h.elim {
						t.Fatalf("%s #%d at %s, %d cells: %v %+v, every set searched %v %+v", name, k+1, quick.s.grid, size, got, quick.h, want, full.h)
					}
					if got {
						found++
					}
					full.release()
				}
				positions++
				if !quick.next(maxScore) || !quick.apply() {
					t.Fatalf("%s #%d: no step, or a broken one", name, k+1)
				}
			}
			quick.release()
		}
	}
	if found < 50 {
		t.Fatalf("%d exclusions met: the test checks too little", found)
	}
	t.Logf("%d positions, %d exclusions", positions, found)
}
