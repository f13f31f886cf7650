package solver

import (
	"context"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedSets names every shared dataset with its expected solution count
// when counting up to two.
var sharedSets = []struct {
	file  string
	count int
}{
	{"kaggle_bryanpark_first20000.txt", 1},
	{"puzzles1_unbiased_first1000.txt", 1},
	{"puzzles2_17_clue.txt", 1},
	{"puzzles3_magictour_top1465.txt", 1},
	{"puzzles5_forum_hardest_1905_11+_first40000_no1106.txt", 1},
	{"puzzles7_serg_benchmark.txt", 2}, // every puzzle has two or more
}

// checkFast solves g with the fast entry points and fails unless it finds
// want solutions (counting up to two), a valid first solution keeping the
// givens, and the same first solution from SolveFast.
func checkFast(t *testing.T, name string, i int, g Grid, want int) {
	t.Helper()
	n, sol, _ := FastCount(g, 2)
	if n != want {
		t.Fatalf("%s #%d %s: %d solutions, want %d", name, i+1, g, n, want)
	}
	checkSolution(t, g, sol)
	if c := CountSolutions(g, 2); c != n {
		t.Fatalf("%s #%d: CountSolutions %d, FastCount %d", name, i+1, c, n)
	}
	first, ok := SolveFast(g)
	if !ok || (want == 1 && first != sol) {
		t.Fatalf("%s #%d: SolveFast gave %v %s, want %s", name, i+1, ok, first, sol)
	}
	checkSolution(t, g, first)
	if f := FastMeasure(&g, 2, &first); f.Solutions != n || first != sol || f.Tried < f.Branches || f.Tried > 2*f.Branches {
		t.Fatalf("%s #%d: FastMeasure gave %+v and %s", name, i+1, f, first)
	}
}

// TestFastSharedSample checks a spread of about 300 puzzles from every
// shared file. TestFastSharedAll checks all of them.
func TestFastSharedSample(t *testing.T) {
	for _, set := range sharedSets {
		gs := sharedPuzzles(t, set.file, 0)
		step := max(len(gs)/300, 1)
		for i := 0; i < len(gs); i += step {
			checkFast(t, set.file, i, gs[i], set.count)
		}
	}
}

// TestFastSharedAll solves every puzzle of every shared file (121,560, a
// few seconds). It runs when SUDOKU_ALL_PUZZLES is set, as `make bench`
// does.
func TestFastSharedAll(t *testing.T) {
	if os.Getenv("SUDOKU_ALL_PUZZLES") == "" {
		t.Skip("set SUDOKU_ALL_PUZZLES=1 to solve every shared puzzle")
	}
	for _, set := range sharedSets {
		for i, g := range sharedPuzzles(t, set.file, 0) {
			checkFast(t, set.file, i, g, set.count)
		}
	}
}

// TestFastAgreesWithCP compares solution counts with the cp solver on
// boards made by blanking and corrupting known ones: unique, multiple,
// unsolvable and invalid boards all occur.
func TestFastAgreesWithCP(t *testing.T) {
	rng := NewRand(7)
	sources := []board{basic, evil, devil, easy1}
	kinds := map[int]int{}
	for k := 0; k < 3000; k++ {
		src := sources[k%len(sources)]
		g := MustParse(src.solution)
		blanks := 30 + rng.IntN(45)
		for j := 0; j < blanks; j++ {
			g[rng.IntN(81)] = 0
		}
		if k%3 == 1 { // a wrong given: often unsolvable, sometimes invalid
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		want := 0
		if g.Validate() == nil {
			want = Solve(context.Background(), g, Options{Algorithm: CP, Limit: 3}).Solutions
		}
		kinds[min(want, 2)]++
		if got := CountSolutions(g, 3); got != want {
			t.Fatalf("%s: fast counts %d, cp %d", g, got, want)
		}
		if want > 0 {
			sol, ok := SolveFast(g)
			if !ok {
				t.Fatalf("%s: SolveFast found nothing", g)
			}
			checkSolution(t, g, sol)
		}
	}
	if kinds[0] == 0 || kinds[1] == 0 || kinds[2] == 0 {
		t.Fatalf("the sample lacks a kind of board: %v", kinds)
	}
}

func TestFastInvalidBoards(t *testing.T) {
	for _, s := range []string{
		"11" + strings.Repeat(".", 79),                                // row
		"1........1" + strings.Repeat(".", 71),                        // box
		"1" + strings.Repeat(".", 53) + "1" + strings.Repeat(".", 26), // column
		"..3......" + "........." + "3........" + strings.Repeat(".", 54),
	} {
		g := MustParse(s)
		if n := CountSolutions(g, 2); n != 0 {
			t.Errorf("%s: %d solutions, want 0", s, n)
		}
		if _, ok := SolveFast(g); ok {
			t.Errorf("%s: SolveFast claims a solution", s)
		}
	}
	var g Grid
	g[40] = 12
	if n := CountSolutions(g, 2); n != 0 {
		t.Errorf("a cell holding 12: %d solutions", n)
	}
	if n := CountSolutions(Grid{}, 5); n != 5 {
		t.Errorf("empty board: %d solutions, want 5 (the limit)", n)
	}
}

// TestFastAllocatesNothing runs boards that need many guesses (inkala),
// a few (evil) and none (hardForDFS).
func TestFastAllocatesNothing(t *testing.T) {
	for _, s := range []string{inkala, evil.givens, hardForDFS} {
		g := MustParse(s)
		if a := testing.AllocsPerRun(20, func() { CountSolutions(g, 2) }); a != 0 {
			t.Errorf("CountSolutions(%s): %v allocations", s, a)
		}
		if a := testing.AllocsPerRun(20, func() { SolveFast(g) }); a != 0 {
			t.Errorf("SolveFast(%s): %v allocations", s, a)
		}
		if a := testing.AllocsPerRun(20, func() { FastCount(g, 2) }); a != 0 {
			t.Errorf("FastCount(%s): %v allocations", s, a)
		}
		var first Grid
		if a := testing.AllocsPerRun(20, func() { FastMeasure(&g, 2, nil); FastMeasure(&g, 1, &first) }); a != 0 {
			t.Errorf("FastMeasure(%s): %v allocations", s, a)
		}
	}
}

// inkala is Arto Inkala's 2012 "world's hardest sudoku": singles and locked
// candidates do not crack it, so the fast solver must guess.
const inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

func TestFastStats(t *testing.T) {
	r := Solve(context.Background(), MustParse(inkala), Options{Algorithm: Fast, Limit: 2})
	if r.Status != Solved || r.Solutions != 1 {
		t.Fatalf("status %v, %d solutions", r.Status, r.Solutions)
	}
	if r.Iterations == 0 || r.MaxDepth == 0 || r.Backtracks == 0 || r.Backtracks > r.Iterations || r.Depth != 0 {
		t.Errorf("stats %+v: a proof of uniqueness needs guesses taken back", r.Stats)
	}
	_, _, guesses := FastCount(MustParse(inkala), 2)
	if guesses != r.Iterations {
		t.Errorf("FastCount made %d guesses, Solve %d", guesses, r.Iterations)
	}
}

// TestFastProgressAfterSearch replays the events of a search that guesses
// a hundred times and goes on past the solution to prove it unique: the
// replayed board must still end on the solution.
func TestFastProgressAfterSearch(t *testing.T) {
	g := MustParse(inkala)
	board := g
	removes := 0
	r := Solve(context.Background(), g, Options{Algorithm: Fast, Limit: 2, Progress: func(e Event) {
		switch e.Kind {
		case Place:
			if board[e.Cell] != 0 {
				t.Fatalf("place %d on filled %s", e.Digit, CellName(e.Cell))
			}
			board[e.Cell] = e.Digit
		case Remove:
			if board[e.Cell] != e.Digit || g[e.Cell] != 0 {
				t.Fatalf("remove %d from %s holding %d", e.Digit, CellName(e.Cell), board[e.Cell])
			}
			board[e.Cell] = 0
			removes++
		}
	}})
	if r.Status != Solved || r.Solutions != 1 || board != r.Solution {
		t.Fatalf("status %v, %d solutions, replayed\n%s\nwant\n%s", r.Status, r.Solutions, board, r.Solution)
	}
	if removes == 0 {
		t.Error("a search with backtracking reported no removal")
	}
}

func TestFastCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// The empty board has billions of solutions: only the context stops it.
	r := Solve(ctx, Grid{}, Options{Algorithm: Fast, Limit: 1 << 40})
	if r.Status != Cancelled || r.Err != context.Canceled || r.Solutions == 0 {
		t.Fatalf("status %v err %v, %d solutions; want cancelled after some", r.Status, r.Err, r.Solutions)
	}
}

// FuzzFastCount checks the fast solver against cp on arbitrary boards.
func FuzzFastCount(f *testing.F) {
	for _, b := range []board{basic, evil, devil, custom, easy1, noSolution} {
		f.Add(b.givens)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) < 81 {
			return
		}
		var g Grid
		for i := 0; i < 81; i++ {
			if c := s[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		if g.Givens() < 17 {
			return // too open for cp to count quickly
		}
		want := 0
		if g.Validate() == nil {
			want = Solve(context.Background(), g, Options{Algorithm: CP, Limit: 2}).Solutions
		}
		if got := CountSolutions(g, 2); got != want {
			t.Fatalf("%s: fast %d, cp %d", g, got, want)
		}
	})
}

// BenchmarkFast solves the shared files with the fast solver, one puzzle
// per iteration, counting up to two solutions as tdoku's benchmark does.
func BenchmarkFast(b *testing.B) {
	for _, set := range sharedSets {
		name := strings.TrimSuffix(filepath.Base(set.file), ".txt")
		b.Run(name, func(b *testing.B) {
			gs := sharedPuzzles(b, set.file, 0)
			b.ReportAllocs()
			var guesses int64
			i := 0
			for b.Loop() {
				_, _, n := FastCount(gs[i], 2)
				guesses += n
				if i++; i == len(gs) {
					i = 0
				}
			}
			b.ReportMetric(float64(guesses)/float64(b.N), "guesses/op")
		})
	}
}

// naiveTriads is the triad rules of fastState.triads written cell by cell:
// for every minirow and minicolumn of every band with triadBandOpen open
// cells or more, the digits that may occupy it (fewer than three: a contradiction)
// and those confined to it within its box (four or more: a contradiction;
// three: the others leave it; fewer, with three that may occupy it: those
// three leave the rest of the box). Every triad reads the band as it was
// on entry.
func naiveTriads(s *fastState) (changed, ok bool) {
	for b := 0; b < 3; b++ {
		if bits.OnesCount32(s.open[b]) < triadBandOpen {
			continue
		}
		orig := s.cand[b]
		band := &s.cand[b]
		for k := 0; k < 3; k++ {
			box := uint32(7|7<<9|7<<18) << (3 * k)
			for i := 0; i < 6; i++ {
				cells := uint32(7) << (9*i + 3*k) // minirow i
				if i >= 3 {
					cells = spread << (3*k + i - 3) // minicolumn i-3
				}
				may, confined := 0, 0
				var in, can [9]bool
				for d := 0; d < 9; d++ {
					if orig[d]&cells != 0 {
						may++
						can[d] = true
						if orig[d]&box&^cells == 0 {
							confined++
							in[d] = true
						}
					}
				}
				if may < 3 || confined > 3 {
					return false, false
				}
				for d := 0; d < 9; d++ {
					if confined == 3 && !in[d] {
						band[d] &^= cells
					}
					if may == 3 && confined < 3 && can[d] {
						band[d] &^= box &^ cells
					}
				}
			}
		}
		for d := 0; d < 9; d++ {
			if band[d] != orig[d] {
				if band[d] == 0 {
					return false, false
				}
				changed = true
				s.dirty |= 1 << (4*d + b)
			}
		}
	}
	return changed, true
}

// TestFastTriads checks the bit-parallel triad rule against naiveTriads on
// the states a search of hard puzzles goes through.
func TestFastTriads(t *testing.T) {
	for _, g := range sharedPuzzles(t, "puzzles5_forum_hardest_1905_11+_first40000_no1106.txt", 400) {
		var s fastState
		s.init(&g)
		for step := 0; step < 60; step++ {
			if !s.propagate() || s.solved() {
				break
			}
			fast, naive := s, s
			c1, ok1 := fast.triads()
			c2, ok2 := naiveTriads(&naive)
			naive.touched = fast.touched // which bands triads has seen
			if c1 != c2 || ok1 != ok2 || (ok1 && fast != naive) {
				t.Fatalf("%s step %d: triads gave %v %v, naive %v %v", g, step, c1, ok1, c2, ok2)
			}
			if c1 {
				s = fast
				continue
			}
			var first, second [3]uint32
			d, _ := s.guess(false, &first, &second)
			s.restrict(d, &first)
		}
	}
}

// TestFastRectangle checks the search's finish on four open cells (a
// deadly rectangle, two solutions): full grids with the four cells of a
// rectangle blanked, counted and solved with and without the first
// solution, and serg's puzzles (two or more solutions each, two in five
// ending on a rectangle) solved to the first solution.
func TestFastRectangle(t *testing.T) {
	rects := 0
	for _, b := range []board{basic, evil, devil, easy1} {
		sol := MustParse(b.solution)
		for r1 := 0; r1 < 9; r1++ {
			for r2 := r1 + 1; r2 < 9; r2++ {
				for c1 := 0; c1 < 9; c1++ {
					for c2 := c1 + 1; c2 < 9; c2++ {
						if (r1/3 == r2/3) == (c1/3 == c2/3) { // two boxes
							continue
						}
						a, x := sol[9*r1+c1], sol[9*r1+c2]
						if sol[9*r2+c2] != a || sol[9*r2+c1] != x {
							continue
						}
						g := sol
						for _, i := range []int{9*r1 + c1, 9*r1 + c2, 9*r2 + c1, 9*r2 + c2} {
							g[i] = 0
						}
						rects++
						if n := CountSolutions(g, 2); n != 2 {
							t.Fatalf("%s: %d solutions, want 2", g, n)
						}
						if n := CountSolutions(g, 1); n != 1 {
							t.Fatalf("%s: limit 1 gave %d", g, n)
						}
						for _, limit := range []int{1, 2, 3} {
							var first Grid
							f := FastMeasure(&g, limit, &first)
							if f.Solutions != min(limit, 2) || f.Branches != 0 {
								t.Fatalf("%s limit %d: %+v", g, limit, f)
							}
							checkSolution(t, g, first)
						}
						if n, first, _ := FastCount(g, 2); n != 2 {
							t.Fatalf("%s: FastCount %d", g, n)
						} else {
							checkSolution(t, g, first)
						}
					}
				}
			}
		}
	}
	if rects == 0 {
		t.Fatal("no rectangle in the sample solutions")
	}
	for i, g := range sharedPuzzles(t, "puzzles7_serg_benchmark.txt", 3000) {
		var first Grid
		if f := FastMeasure(&g, 1, &first); f.Solutions != 1 {
			t.Fatalf("serg #%d: %+v", i+1, f)
		}
		checkSolution(t, g, first)
	}
}

// TestLockedSinglesCount checks LockedSingles.Count, the fast solver's
// count searching on from where Solve stopped, against CountSolutions on
// puzzles with one solution, with clues taken away (several) and with a
// wrong digit added (none), and that a board Solve fills has one.
func TestLockedSinglesCount(t *testing.T) {
	var boards []Grid
	for _, name := range []string{"puzzles1_unbiased_first1000.txt", "puzzles3_magictour_top1465.txt", "puzzles7_serg_benchmark.txt"} {
		for k, g := range sharedPuzzles(t, name, 30) {
			boards = append(boards, g)
			fewer := g
			for i, n := 0, 0; i < 81 && n < 1+k%3; i++ {
				if fewer[(i*7+k)%81] != 0 {
					fewer[(i*7+k)%81] = 0
					n++
				}
			}
			boards = append(boards, fewer)
			if sol, ok := SolveFast(g); ok {
				for i := range g {
					if g[(i*5+k)%81] == 0 {
						wrong := g
						wrong[(i*5+k)%81] = sol[(i*5+k)%81]%9 + 1
						if wrong.Validate() == nil {
							boards = append(boards, wrong)
						}
						break
					}
				}
			}
		}
	}
	seen := map[int]int{}
	for _, g := range boards {
		var l LockedSingles
		c := g.Candidates()
		want := CountSolutions(g, 2)
		if l.Solve(&g, &c) {
			if want != 1 {
				t.Fatalf("%s: Solve filled the board, CountSolutions says %d", g, want)
			}
			seen[-1]++
			continue
		}
		if got := l.Count(2); got != want {
			t.Fatalf("%s: Count = %d, CountSolutions %d", g, got, want)
		}
		seen[want]++
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("counts seen %v: the test tells too little", seen)
	}
	t.Logf("boards by count (-1: filled by Solve): %v", seen)
}
