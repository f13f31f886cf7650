package library

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/levels"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

const easy = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

func grid(t testing.TB, s string) solver.Grid {
	t.Helper()
	g, err := solver.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPackRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for k := 0; k < 1000; k++ {
		var g solver.Grid
		for i := range g {
			g[i] = uint8(r.Intn(10))
		}
		b := Pack(g)
		if got := b.Grid(); got != g {
			t.Fatalf("round trip of %v gave %v", g, got)
		}
	}
}

// list makes n puzzles, naming those whose index is a multiple of 3.
func list(t testing.TB, n int) Puzzles {
	base := grid(t, easy)
	l := NewPuzzles(0)
	for i := 0; i < n; i++ {
		g := base
		g[80] = uint8(9 * (i % 2)) // 9 or empty: every puzzle stays playable
		p := solver.Puzzle{Grid: g, Line: i + 1}
		if i%3 == 0 {
			p.Name, p.Named = fmt.Sprintf("Puzzle %c%d", 'A'+i%26, i), true
		}
		l.Add(p)
	}
	return l
}

func TestPuzzlesKeepOnlyTheFilesNames(t *testing.T) {
	l := list(t, 10)
	if l.Len() != 10 || l.Named() != 4 {
		t.Fatalf("Len %d Named %d, want 10 and 4", l.Len(), l.Named())
	}
	for i := 0; i < 10; i++ {
		name, ok := l.Name(i)
		if ok != (i%3 == 0) || (ok && name != fmt.Sprintf("Puzzle %c%d", 'A'+i%26, i)) {
			t.Errorf("Name(%d) = %q, %v", i, name, ok)
		}
		if l.Line(i) != i+1 || l.Board(i).Cells[80] != uint8(9*(i%2)) {
			t.Errorf("puzzle %d: line %d, last cell %d", i, l.Line(i), l.Board(i).Cells[80])
		}
		if p := l.Puzzle(i); p.Named != ok || p.Line != i+1 {
			t.Errorf("Puzzle(%d) = %+v", i, p)
		}
	}
	c := New("/x/file.txt", true, l)
	if c.Name(1) != "file.txt #2" || c.Name(3) != "Puzzle D3" {
		t.Errorf("names %q %q", c.Name(1), c.Name(3))
	}
}

// A snapshot handed to another goroutine must not see later additions,
// even when they land in the same backing array (go test -race checks the
// reads).
func TestSnapshotIsStableWhileTheListGrows(t *testing.T) {
	l := NewPuzzles(100)
	for i := 0; i < 10; i++ {
		l.Add(solver.Puzzle{Grid: grid(t, easy), Line: i})
	}
	snap := l.Snapshot()
	done := make(chan int)
	go func() {
		n := 0
		for i := 0; i < snap.Len(); i++ {
			n += snap.Line(i)
			snap.Board(i)
		}
		done <- n
	}()
	for i := 0; i < 50; i++ {
		l.Add(solver.Puzzle{Grid: grid(t, easy), Line: 1000, Name: "late", Named: true})
	}
	if n := <-done; n != 45 {
		t.Errorf("the snapshot read %d, want 45", n)
	}
	if snap.Len() != 10 || snap.Named() != 0 || l.Len() != 60 {
		t.Errorf("snapshot %d (%d named), list %d", snap.Len(), snap.Named(), l.Len())
	}
}

func TestExtendKeepsRatingsAndGrows(t *testing.T) {
	l := list(t, 5)
	c := New("f", true, l.Snapshot())
	c.SetRating(levels.Result{Index: 2, Level: logic.Hard, Score: 4.25, OK: true})
	c.SetRating(levels.Result{Index: 4})
	for i := 0; i < 5; i++ {
		l.Add(solver.Puzzle{Grid: grid(t, easy)})
	}
	c.Extend(l.Snapshot())
	if c.Len() != 10 {
		t.Fatalf("Len %d after Extend, want 10", c.Len())
	}
	if lv, s := c.Rating(2); lv != "hard" || s != 4.25 {
		t.Errorf("rating 2: %q %v", lv, s)
	}
	if lv, _ := c.Rating(4); lv != NoLevel || c.Why(4) != "" {
		t.Errorf("rating 4: %q (%q), want %q", lv, c.Why(4), NoLevel)
	}
	// Why a puzzle cannot be rated (the list showed "—" for all three).
	for k, why := range []levels.Why{levels.WhySeveral, levels.WhyNoSolution, levels.WhyInvalid} {
		c.SetRating(levels.Result{Index: 5 + k, Why: why})
		if lv, _ := c.Rating(5 + k); lv != NoLevel || c.Why(5+k) != why.String() || why.String() == "" {
			t.Errorf("rating %d: %q, why %q, want %q", 5+k, lv, c.Why(5+k), why)
		}
	}
	if got := c.Ratings().Results(); len(got) != 5 || got[2].Why != levels.WhySeveral || got[4].Why != levels.WhyInvalid {
		t.Errorf("results for the cache: %+v", got)
	}
	if lv, _ := c.Rating(9); lv != "" {
		t.Errorf("rating 9: %q, want not rated", lv)
	}
	if !c.LevelsDirty {
		t.Error("a rating did not mark the cache dirty")
	}
	got := c.Ratings().Results()
	want := []levels.Result{{Index: 2, Level: logic.Hard, Score: 4.25, OK: true}, {Index: 4},
		{Index: 5, Why: levels.WhySeveral}, {Index: 6, Why: levels.WhyNoSolution}, {Index: 7, Why: levels.WhyInvalid}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Results() = %v, want %v", got, want)
	}
	c.SetRating(levels.Result{Index: 99, OK: true}) // out of range: ignored
}

func TestStashAndResume(t *testing.T) {
	l := list(t, 4)
	c := New("f", true, l)
	c.Index = 1
	g := c.Game(1)
	if c.Stash(g) {
		t.Error("a game without moves was stashed")
	}
	g.Select(2)
	if !g.Enter(4) {
		t.Fatal("could not enter a digit")
	}
	if !c.Stash(g) {
		t.Fatal("a game with a move was not stashed")
	}
	if c.Mark(1, nil) != "◐" || c.Mark(0, nil) != "" {
		t.Errorf("marks %q %q", c.Mark(1, nil), c.Mark(0, nil))
	}
	// A game for another puzzle is not stashed as this one's.
	other := c.Game(0)
	other.Select(2)
	other.Enter(4)
	if c.Stash(other) {
		t.Error("a game of puzzle 1 was stashed as puzzle 2's")
	}

	d := New("f", true, l)
	d.Resume(Place{Index: 1, Progress: c.Place().Progress})
	d.Resume(Place{Index: 7, Progress: nil}) // out of range: ignored
	if d.Index != 1 {
		t.Fatalf("resumed at %d, want 1", d.Index)
	}
	if got := d.Game(1); got.Digit(2) != 4 || !got.CanUndo() {
		t.Errorf("the move did not come back: %v", got.Board())
	}
	// Starting the puzzle again forgets its progress.
	fresh, err := game.New("again", l.Board(1))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Stash(fresh) {
		t.Error("starting again changed nothing")
	}
	if _, ok := d.Progress[1]; ok {
		t.Error("a puzzle back at its start still has progress")
	}
}

func TestUnplayableGameNamesFileAndLine(t *testing.T) {
	g := grid(t, easy)
	g[1] = 5 // two 5s in row 1
	l := NewPuzzles(1)
	l.Add(solver.Puzzle{Grid: g, Line: 7})
	c := New("/d/bad.txt", true, l)
	gm := c.Game(0)
	if gm.Unplayable() == nil {
		t.Fatal("a puzzle breaking the rules is playable")
	}
	if msg := gm.Unplayable().Error(); msg[:10] != "bad.txt:7:" {
		t.Errorf("reason %q does not start with the file and line", msg)
	}
}

func TestFind(t *testing.T) {
	l := list(t, 30)
	c := New("f", true, l)
	for i := 0; i < 30; i += 2 {
		c.SetRating(levels.Result{Index: i, Level: logic.Level(i % 4), Score: 1, OK: true})
	}
	c.SetRating(levels.Result{Index: 5})
	c.SetRating(levels.Result{Index: 7, Why: levels.WhySeveral}) // cannot be rated either, and says why
	c.Progress[3] = stateWon(t, false)
	c.Progress[6] = stateWon(t, true)
	c.Progress[8] = game.State{Won: true, Assisted: true} // finished with the solution shown: not solved
	for i, st := range c.Progress {
		st.Givens = l.Board(i).String() // each its own puzzle's
		c.Progress[i] = st
	}
	c.Progress[12] = game.State{Won: true, Givens: l.Board(3).String()} // another puzzle's, kept at 12 for when its file comes back: no mark
	if m := c.Mark(12, nil); m != "" || c.Mark(6, nil) != "✓" {
		t.Errorf("marks of #13 %q (another puzzle's progress), #7 %q", m, c.Mark(6, nil))
	}
	c.Index = 9
	marks := c.Marks(func() (bool, bool) { return true, false })
	find := func(s Show) []int32 {
		t.Helper()
		out, err := Find(context.Background(), c.Puzzles(), c.Ratings(), marks, s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cases := []struct {
		show Show
		want string
	}{
		{Show{}, fmt.Sprint(seq(30))},
		{Show{Level: "medium"}, "[]"},
		{Show{Level: "hard"}, "[2 6 10 14 18 22 26]"},
		{Show{Level: NoLevel}, "[5 7]"},
		{Show{Level: Unrated}, "[1 3 9 11 13 15 17 19 21 23 25 27 29]"},
		{Show{Progress: Started}, "[3 8 9]"},
		{Show{Progress: Solved}, "[6]"},
		{Show{Level: "hard", Progress: Solved}, "[6]"},
		{Show{Text: "#12"}, "[11]"},
		{Show{Text: " 12 "}, "[11 12]"},  // number 12 and "Puzzle M12"
		{Show{Text: "puzzle b"}, "[27]"}, // 'A'+27%26 = B: "Puzzle B27"
		{Show{Text: "PUZZLE"}, "[0 3 6 9 12 15 18 21 24 27]"},
		{Show{Text: "#99"}, "[]"},
	}
	for _, k := range cases {
		if got := fmt.Sprint(find(k.show)); got != k.want {
			t.Errorf("Find(%+v) = %s, want %s", k.show, got, k.want)
		}
	}
	if _, err := Find(context.Background(), c.Puzzles(), c.Ratings(), marks, Show{Level: "nonsense"}); err == nil {
		t.Error("an unknown level was accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Find(ctx, c.Puzzles(), c.Ratings(), marks, Show{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled find returned %v", err)
	}
}

func seq(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

func stateWon(t *testing.T, won bool) (st game.State) {
	st.Won = won
	return st
}

// A million puzzles: Find stays in the milliseconds the browser needs, off
// the UI goroutine.
func BenchmarkFindMillion(b *testing.B) {
	l := NewPuzzles(1 << 20)
	g := grid(b, easy)
	for i := 0; i < 1<<20; i++ {
		l.Add(solver.Puzzle{Grid: g})
	}
	c := New("f", true, l)
	for i := 0; i < c.Len(); i += 7 {
		c.SetRating(levels.Result{Index: i, Level: logic.Hard, OK: true})
	}
	b.ResetTimer()
	for b.Loop() {
		Find(context.Background(), c.Puzzles(), c.Ratings(), nil, Show{Level: "hard"})
	}
}

// A file of several shapes says so (the window then shows each puzzle's
// shape in the list); one of a single shape, jigsaws of one size
// included, does not.
func TestMixedShapes(t *testing.T) {
	classic := solver.BoardPuzzle{Board: solver.NewBoard(solver.Classic)}
	g6, err := solver.NewBoxes(3, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	g6x, err := solver.NewBoxes(3, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	six := solver.BoardPuzzle{Board: solver.NewBoard(g6)}
	x := solver.BoardPuzzle{Board: solver.NewBoard(g6x)}
	for _, c := range []struct {
		ps   []solver.BoardPuzzle
		want bool
	}{
		{[]solver.BoardPuzzle{classic, classic}, false},
		{[]solver.BoardPuzzle{six, six}, false},
		{[]solver.BoardPuzzle{six, x}, true},
		{[]solver.BoardPuzzle{classic, six}, true},
		{[]solver.BoardPuzzle{six, classic}, true},
	} {
		var l Puzzles
		for _, p := range c.ps {
			l.AddBoard(p)
		}
		if l.MixedShapes() != c.want || l.Snapshot().MixedShapes() != c.want {
			t.Errorf("%d puzzles: mixed %v", len(c.ps), l.MixedShapes())
		}
		if g := l.Geometry(1); g.Name() != c.ps[1].Board.Geo.Name() {
			t.Errorf("second puzzle %s, want %s", g.Name(), c.ps[1].Board.Geo.Name())
		}
	}
}

// A file edited since the player was last in it: the progress kept for a
// puzzle follows it to where it is now, the place with it; progress for a
// puzzle no longer in the file stays where it was.
func TestRelocate(t *testing.T) {
	grids := []string{
		"5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6",
		".7..........6...948....5.3.52..4.1....3.2.6....4.5..29.3.7....865...3..........7.",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	}
	var before []solver.Puzzle
	for _, s := range grids {
		before = append(before, solver.Puzzle{Grid: solver.MustParse(s)})
	}
	old := FromSlice(before)
	state := func(i int) game.State {
		g, err := game.New("p", old.Board(i))
		if err != nil {
			t.Fatal(err)
		}
		return g.State()
	}
	place := Place{Index: 1, Progress: map[int]game.State{0: state(0), 1: state(1), 2: state(2)}}
	// The first puzzle taken out, the third put first: 2, 1 → 0, 1.
	now := FromSlice([]solver.Puzzle{before[2], before[1]})
	if i := now.Find(old.Board(2), 5); i != 0 {
		t.Errorf("the third puzzle found at %d", i)
	}
	if i := now.Find(old.Board(0), 0); i != -1 {
		t.Errorf("a puzzle taken out found at %d", i)
	}
	out, moved := Relocate(now, place)
	if moved != 1 || out.Index != 1 {
		t.Errorf("moved %d, index %d", moved, out.Index)
	}
	if st, ok := out.Progress[0]; !ok || st.Givens != place.Progress[2].Givens {
		t.Errorf("the third puzzle's progress is not at 0: %+v", out.Progress[0].Givens)
	}
	if st, ok := out.Progress[1]; !ok || st.Givens != place.Progress[1].Givens {
		t.Errorf("the second puzzle's progress moved: %+v", out.Progress[1].Givens)
	}
	if len(out.Progress) != 2 {
		t.Errorf("%d entries; the first puzzle's (no longer in the file, its index taken) should go", len(out.Progress))
	}
	// The place follows its puzzle too.
	place.Index = 2
	if out, _ := Relocate(now, place); out.Index != 0 {
		t.Errorf("the place on the third puzzle went to %d", out.Index)
	}
	// ... played or not: the place on a puzzle without progress, a
	// puzzle added at the top since (it opened at the same number, on
	// another puzzle).
	c := New("f.txt", true, old)
	c.Index = 1
	unplayed := c.Place()
	grown := FromSlice([]solver.Puzzle{before[2], before[0], before[1], before[2]})
	if out, _ := Relocate(grown, unplayed); out.Index != 2 {
		t.Errorf("the place on an unplayed puzzle went to %d, want 2", out.Index)
	}
}

// A puzzle the file gave with its candidates opens with them as pencil
// marks; the others, before and after it, with none.
func TestGameWithCandidates(t *testing.T) {
	g := grid(t, easy)
	c := g.Candidates()
	open := slices.IndexFunc(c[:], func(s solver.Set) bool { return s.Count() > 1 })
	c[open] &^= 1 << c[open].Digits()[0]
	l := NewPuzzles(3)
	l.Add(solver.Puzzle{Grid: g})
	l.Add(solver.Puzzle{Grid: g, Cands: &c})
	l.Add(solver.Puzzle{Grid: g})
	coll := New("f", true, l.Snapshot())
	for i, want := range []solver.Set{0, c[open], 0} {
		if got := coll.Game(i).Cell(open).Marks; got != game.Marks(want) {
			t.Errorf("puzzle %d: %s marks %v, want %v", i+1, solver.CellName(open), got, want)
		}
	}
}

// A puzzle finished with help is marked "helped", not ✓ as a puzzle
// solved (Show Solution put ✓ on it), on the board and once left.
func TestMarkOfAPuzzleFinishedWithHelp(t *testing.T) {
	c := New("f", true, list(t, 3))
	c.Index = 1
	g := c.Game(1)
	if !g.ShowSolution() || !g.Won() || !g.Assisted() {
		t.Fatal("the solution did not finish the game")
	}
	if m := c.Mark(1, g); m != Helped {
		t.Errorf("on the board: %q", m)
	}
	c.Stash(g)
	c.Index = 0
	if m := c.Mark(1, c.Game(0)); m != Helped {
		t.Errorf("left: %q", m)
	}
	if solved, ok := c.Marks(nil)[1]; !ok || solved {
		t.Errorf("counted as solved: %v %v", solved, ok)
	}
}

// Find takes names without their accents, written either way: "été" did
// not find a Mac's "Été" (e and a combining accent), and "ete" found
// neither.
func TestFindIgnoresAccents(t *testing.T) {
	l := NewPuzzles(3)
	g := grid(t, easy)
	l.Add(solver.Puzzle{Grid: g, Name: "E\u0301te\u0301 a\u0300 Paris", Named: true}) // decomposed
	l.Add(solver.Puzzle{Grid: g, Name: "Noël", Named: true})                          // composed
	l.Add(solver.Puzzle{Grid: g, Name: "Straße", Named: true})
	c := New("f", true, l)
	for text, want := range map[string]string{"été": "[0]", "ETE": "[0]", "noel": "[1]", "NOËL": "[1]", "straße": "[2]", "paris": "[0]"} {
		out, err := Find(context.Background(), c.Puzzles(), c.Ratings(), nil, Show{Text: text})
		if err != nil || fmt.Sprint(out) != want {
			t.Errorf("%q: %v %v, want %s", text, out, err, want)
		}
	}
}
