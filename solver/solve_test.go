package solver

import (
	"bufio"
	"context"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Boards from the seed documents. 000's givens are the bold digits of its
// results table; the custom board has only 10 givens and many solutions.
var (
	basic  = board{"000 basic", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "483921657967345821251876493548132976729564138136798245372689514814253769695417382"}
	evil   = board{"000 evil", ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6.", "716243985543189726289756314138975642925461837674832591861594273392617458457328169"}
	devil  = board{"000 devil", "...2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..", "617243895243859617985176432456397128829415763371682549198734256732561984564928371"}
	custom = board{"000 custom", "...2......4..............3....3............6.....8.......7..2.........8......8...", ""}
	easy1  = board{"002 easy1", "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6", "546918723713652849982473651634791582127865934859234167368147295491526378275389416"}
)

type board struct{ name, givens, solution string }

func (b board) grid(t testing.TB) Grid {
	t.Helper()
	g, err := Parse(b.givens)
	if err != nil {
		t.Fatalf("%s: %v", b.name, err)
	}
	return g
}

// noSolution has consistent givens but no solution: devil with a given
// added that breaks no rule yet is not the solution's (r1c1 = 1, not 6).
var noSolution = board{"consistent, no solution", "1" + devil.givens[1:], ""}

func TestSolveUniqueBoards(t *testing.T) {
	for _, b := range []board{basic, evil, devil, easy1} {
		for _, algo := range AllAlgorithms {
			t.Run(b.name+"/"+string(algo), func(t *testing.T) {
				r := Solve(context.Background(), b.grid(t), Options{Algorithm: algo, Limit: 2})
				if r.Status != Solved || r.Solutions != 1 {
					t.Fatalf("status %v, %d solutions; want solved, 1", r.Status, r.Solutions)
				}
				if got := r.Solution.String(); got != b.solution {
					t.Fatalf("solution\n%s\nwant\n%s", got, b.solution)
				}
				if r.Iterations < 0 || r.Backtracks > r.Iterations {
					t.Errorf("iterations %d, backtracks %d", r.Iterations, r.Backtracks)
				}
			})
		}
	}
}

func TestSolveManySolutions(t *testing.T) {
	for _, algo := range AllAlgorithms {
		r := Solve(context.Background(), custom.grid(t), Options{Algorithm: algo, Limit: 2})
		if r.Status != Solved || r.Solutions != 2 {
			t.Errorf("%s: status %v, %d solutions; want solved, 2", algo, r.Status, r.Solutions)
		}
		checkSolution(t, custom.grid(t), r.Solution)
	}
}

func TestSolveInvalid(t *testing.T) {
	g := MustParse("..3......" + "........." + "3........" + strings.Repeat(".", 54))
	for _, algo := range AllAlgorithms {
		r := Solve(context.Background(), g, Options{Algorithm: algo})
		if r.Status != Invalid {
			t.Fatalf("%s: status %v, want invalid", algo, r.Status)
		}
		if want := "digit 3 twice in box 1 (r1c3, r3c1)"; r.Err.Error() != want {
			t.Errorf("%s: error %q, want %q", algo, r.Err, want)
		}
	}
}

func TestSolveUnsolvable(t *testing.T) {
	g := noSolution.grid(t)
	if err := g.Validate(); err != nil {
		t.Fatalf("givens should be consistent: %v", err)
	}
	for _, algo := range AllAlgorithms {
		r := Solve(context.Background(), g, Options{Algorithm: algo, Limit: 2})
		if r.Status != Unsolvable || r.Solutions != 0 {
			t.Errorf("%s: status %v, %d solutions; want unsolvable", algo, r.Status, r.Solutions)
		}
	}
	r := Solve(context.Background(), g, Options{Algorithm: CP})
	if r.Candidates == (Candidates{}) {
		t.Error("unsolvable result has no candidate grid")
	}
}

// TestAlgorithmsAgree solves a sample of the hardest shared sets with every
// algorithm that finishes in reasonable time and checks they agree.
func TestAlgorithmsAgree(t *testing.T) {
	for _, set := range []string{"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"} {
		gs := sharedPuzzles(t, set, 8)
		for i, g := range gs {
			var want Grid
			for _, algo := range AllAlgorithms {
				limit := time.Minute
				if algo == DFS || algo == LCV {
					limit = 250 * time.Millisecond
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				r := Solve(ctx, g, Options{Algorithm: algo, Limit: 2})
				cancel()
				if r.Status == Cancelled && (algo == DFS || algo == LCV) {
					continue // plain backtracking may take minutes; see the bench
				}
				if r.Status != Solved || r.Solutions != 1 {
					t.Fatalf("%s #%d %s: status %v, %d solutions", set, i+1, algo, r.Status, r.Solutions)
				}
				checkSolution(t, g, r.Solution)
				if want == (Grid{}) {
					want = r.Solution
				} else if r.Solution != want {
					t.Fatalf("%s #%d: %s disagrees", set, i+1, algo)
				}
			}
		}
	}
}

// hardForDFS defeats first-cell, increasing-digit backtracking: its first
// row is 987654321 and it takes dfs minutes.
const hardForDFS = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"

func TestCancel(t *testing.T) {
	g := MustParse(hardForDFS)
	for _, algo := range []Algorithm{DFS, LCV} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result)
		go func() { done <- Solve(ctx, g, Options{Algorithm: algo}) }()
		time.Sleep(20 * time.Millisecond)
		cancel()
		select {
		case r := <-done:
			if r.Status != Cancelled || r.Err != context.Canceled {
				t.Errorf("%s: status %v err %v, want cancelled", algo, r.Status, r.Err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s did not stop after cancel", algo)
		}
	}
}

func TestTimeout(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	r := Solve(ctx, MustParse(hardForDFS), Options{Algorithm: DFS})
	if r.Status != Cancelled || r.Err != ErrTimeout {
		t.Fatalf("status %v err %v, want cancelled by timeout", r.Status, r.Err)
	}
}

// TestProgressReplays applies every event to the givens and expects the
// solution at the end: the events are a faithful record of the search.
func TestProgressReplays(t *testing.T) {
	for _, algo := range AllAlgorithms {
		t.Run(string(algo), func(t *testing.T) {
			g := evil.grid(t)
			board := g
			var places, removes int
			var last Stats
			r := Solve(context.Background(), g, Options{Algorithm: algo, Progress: func(e Event) {
				switch e.Kind {
				case Place:
					if board[e.Cell] != 0 {
						t.Fatalf("place %d on filled %s", e.Digit, CellName(e.Cell))
					}
					board[e.Cell] = e.Digit
					places++
				case Remove:
					if board[e.Cell] != e.Digit {
						t.Fatalf("remove %d from %s holding %d", e.Digit, CellName(e.Cell), board[e.Cell])
					}
					board[e.Cell] = 0
					removes++
				}
				if e.Stats.Iterations < last.Iterations {
					t.Fatal("iterations went down")
				}
				if string(e.Cells) != string(board[:]) {
					t.Fatalf("event's board differs from the replayed one after %v %d at %s", e.Kind, e.Digit, CellName(e.Cell))
				}
				last = e.Stats
			}})
			if r.Status != Solved || board != r.Solution {
				t.Fatalf("replayed board\n%s\nwant\n%s", board, r.Solution)
			}
			if places-removes != 81-g.Givens() {
				t.Errorf("%d places, %d removes for %d blanks", places, removes, 81-g.Givens())
			}
		})
	}
}

// TestWatcher takes snapshots while dfs grinds, switches events on and
// off, and checks every snapshot keeps the givens and breaks no rule.
func TestWatcher(t *testing.T) {
	for _, algo := range []Algorithm{DFS, MRV, CP, Fast} {
		g := MustParse(hardForDFS)
		if algo != DFS {
			g = devil.grid(t)
		}
		w := &Watcher{}
		ctx, cancel := context.WithCancel(context.Background())
		events := 0
		done := make(chan Result)
		go func() {
			done <- Solve(ctx, g, Options{Algorithm: algo, Watch: w, Progress: func(Event) { events++ }})
		}()
		snaps := 0
		timeout := time.After(200 * time.Millisecond)
	loop:
		for {
			w.Request()
			select {
			case r := <-done:
				if r.Status != Solved {
					t.Fatalf("%s: %v", algo, r.Status)
				}
				break loop
			case <-timeout:
				cancel()
				<-done
				break loop
			case <-time.After(time.Millisecond):
			}
			if cells, st, fresh := w.Latest(); fresh {
				snaps++
				var b Grid
				if copy(b[:], cells) != 81 {
					t.Fatalf("%s: snapshot of %d cells", algo, len(cells))
				}
				for i, d := range g {
					if d != 0 && b[i] != d {
						t.Fatalf("%s: snapshot lost a given", algo)
					}
				}
				if b.Validate() != nil || st.Iterations < 0 {
					t.Fatalf("%s: snapshot breaks the rules: %s", algo, b)
				}
			}
		}
		cancel()
		if events != 0 {
			t.Errorf("%s: %d events with events off", algo, events)
		}
		if algo == DFS && snaps == 0 {
			t.Errorf("%s: no snapshot in 200ms", algo)
		}
	}
}

func TestSeedReproducible(t *testing.T) {
	g := MustParse(hardForDFS)
	a := Solve(context.Background(), g, Options{Algorithm: CP, Seed: 42})
	b := Solve(context.Background(), g, Options{Algorithm: CP, Seed: 42})
	c := Solve(context.Background(), g, Options{Algorithm: CP, Seed: 43})
	if a.Solution != b.Solution || a.Iterations != b.Iterations || a.Backtracks != b.Backtracks {
		t.Fatalf("same seed, different searches: %+v vs %+v", a.Stats, b.Stats)
	}
	if a.Solution != c.Solution {
		t.Fatal("different seeds found different solutions of a unique puzzle")
	}
}

func TestCountSolutions(t *testing.T) {
	for _, tc := range []struct {
		b     board
		limit int
		want  int
	}{
		{easy1, 2, 1}, {custom, 2, 2}, {custom, 5, 5}, {noSolution, 2, 0},
	} {
		if got := CountSolutions(tc.b.grid(t), tc.limit); got != tc.want {
			t.Errorf("%s limit %d: %d solutions, want %d", tc.b.name, tc.limit, got, tc.want)
		}
	}
}

// checkSolution fails unless s is a full valid grid that keeps g's givens.
func checkSolution(t testing.TB, g, s Grid) {
	t.Helper()
	if !s.Full() || s.Validate() != nil {
		t.Fatalf("not a valid full grid: %s", s)
	}
	for i, d := range g {
		if d != 0 && s[i] != d {
			t.Fatalf("solution changes given %s", CellName(i))
		}
	}
}

// sharedPuzzles reads up to n puzzles (all when n <= 0) from a shared
// dataset. Without the datasets it reads the 40-puzzle sample of the file
// in testdata/samples, so correctness is checked anywhere; but in CI (CI
// set) a missing dataset fails the test rather than hide behind a sample.
func sharedPuzzles(t testing.TB, name string, n int) []Grid {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "data", "puzzles", name)
	f, err := os.Open(path)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared dataset missing in CI: %v", err)
		}
		t.Logf("shared dataset not available (%v): using its sample", err)
		if f, err = os.Open(filepath.Join("..", "testdata", "samples", name)); err != nil {
			t.Fatal(err)
		}
	}
	defer f.Close()
	var gs []Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && (n <= 0 || len(gs) < n) {
		g, err := Parse(strings.TrimSpace(sc.Text()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		gs = append(gs, g)
	}
	return gs
}

func BenchmarkAlgorithms(b *testing.B) {
	for _, algo := range Algorithms {
		for _, bd := range []board{easy1, evil, devil} {
			b.Run(string(algo)+"/"+bd.name, func(b *testing.B) {
				g := bd.grid(b)
				b.ReportAllocs()
				for b.Loop() {
					Solve(context.Background(), g, Options{Algorithm: algo})
				}
			})
		}
	}
}

// A board with no solution and one mistyped given: the change that gives
// one solution is found (and the wrong given is among those whose removal
// leaves a solution); two wrong givens give no single change; a search
// cancelled finds nothing, and 16×16 boards are not tried.
func TestOneSolutionChanges(t *testing.T) {
	typo := BoardOf(MustParse(".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.2.........."))
	ctx := context.Background()
	fixes := OneSolutionChanges(ctx, typo, 4)
	if len(fixes) != 1 || fixes[0] != (Change{Cell: 70, Digit: 9}) {
		t.Errorf("fixes %v, want r8c8 to 9", fixes)
	}
	if sus := SolvableWithout(ctx, typo); !slices.Contains(sus, 70) {
		t.Errorf("suspects %v lack r8c8", sus)
	}
	two := typo.Clone()
	two.Cells[0] = 5 // r1c1's solution is 1
	if fixes := OneSolutionChanges(ctx, two, 4); len(fixes) != 0 {
		t.Errorf("two wrong givens: %v", fixes)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if OneSolutionChanges(cancelled, typo, 4) != nil || SolvableWithout(cancelled, typo) != nil {
		t.Error("a cancelled search returned changes")
	}
	big := NewBoard(mustBoxes(4, 4, false))
	big.Cells[0], big.Cells[1] = 1, 1
	if OneSolutionChanges(ctx, big, 4) != nil || SolvableWithout(ctx, big) != nil {
		t.Error("a 16×16 board was searched")
	}
}

// TestSeed002Searches checks what seed 002's searches promise beyond
// solving: mrv+ is cp's tree, figure for figure; lcv+ tries the digit
// whose simplified board keeps the most permutations first, and the
// searches simplify (002's easy1 needs no guess at all).
func TestSeed002Searches(t *testing.T) {
	for _, g := range append(sharedPuzzles(t, "puzzles3_magictour_top1465.txt", 6), evil.grid(t), devil.grid(t)) {
		cp := Solve(context.Background(), g, Options{Algorithm: CP, Limit: 2})
		mrv := Solve(context.Background(), g, Options{Algorithm: MRVSingles, Limit: 2})
		if cp.Stats != mrv.Stats || cp.Solution != mrv.Solution {
			t.Errorf("%s: mrv+ %+v, cp %+v", g, mrv.Stats, cp.Stats)
		}
	}
	for _, a := range Seed002 {
		r := Solve(context.Background(), easy1.grid(t), Options{Algorithm: a})
		if r.Status != Solved || r.Iterations != 0 {
			t.Errorf("%s on easy1: %v after %d iterations; want solved by the singles alone", a, r.Status, r.Iterations)
		}
	}

	// The order of lcv+ at the first empty cell of a hard board.
	hard := BoardOf(sharedPuzzles(t, "puzzles3_magictour_top1465.txt", 1)[0])
	s := newGeneral(context.Background(), hard, Options{Limit: 1})
	s.initCandidates()
	if !s.propagate() {
		t.Fatal("singles broke a solvable board")
	}
	i := slices.Index(s.cells, 0)
	keep, keepC := slices.Clone(s.cells), slices.Clone(s.cand)
	var digits []uint8
	for d := uint8(1); d <= 9; d++ {
		if s.cand[i]&(1<<d) != 0 {
			digits = append(digits, d)
		}
	}
	if len(digits) < 3 {
		t.Fatalf("cell %s has %d candidates; want a cell to order", CellName(i), len(digits))
	}
	dead := s.orderByPermutations(i, digits, keep, keepC)
	if !slices.Equal(s.cells, keep) || !slices.Equal(s.cand, keepC) {
		t.Fatal("ordering left the board changed")
	}
	last := 1e9
	for _, d := range digits {
		c := newGeneral(context.Background(), hard, Options{Limit: 1})
		c.cells, c.cand = slices.Clone(keep), slices.Clone(keepC)
		ok := c.assign(i, d) && c.propagate()
		if ok != (dead&(1<<d) == 0) {
			t.Fatalf("digit %d: simplified ok %v, dead %v", d, ok, dead&(1<<d) != 0)
		}
		if !ok {
			last = -1
			continue
		}
		if last < 0 {
			t.Fatalf("digit %d after a broken board", d)
		}
		var logp float64
		for j, v := range c.cells {
			if v == 0 {
				logp += math.Log2(float64(bits.OnesCount32(c.cand[j])))
			}
		}
		if logp > last+1e-9 {
			t.Fatalf("order %v: digit %d keeps 2^%.2f permutations, more than the one before (2^%.2f)", digits, d, logp, last)
		}
		last = logp
	}
}
