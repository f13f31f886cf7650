package game

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"example.com/sudoku/solver"
)

const (
	easy1    = "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6"
	easy1Sol = "546918723713652849982473651634791582127865934859234167368147295491526378275389416"
)

// clock is a hand-driven time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newGame(t *testing.T) (*Game, *clock) {
	t.Helper()
	g, err := NewGrid("easy1", solver.MustParse(easy1))
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	g.SetClock(c.now)
	return g, c
}

func TestNewRejectsBadPuzzles(t *testing.T) {
	if _, err := NewGrid("dup", solver.MustParse("11"+easy1[2:])); err == nil {
		t.Error("duplicate given accepted")
	}
	// consistent givens, no solution: seed 000's devil board with r1c1 = 1
	// (its solution has 6 there)
	if _, err := NewGrid("none", solver.MustParse("1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..")); err == nil {
		t.Error("unsolvable puzzle accepted")
	}
}

func TestEnterUndoRedo(t *testing.T) {
	g, _ := newGame(t)
	changes := 0
	g.OnChange = func() { changes++ }
	g.Select(1) // r1c2, empty
	if !g.Enter(4) || g.Cell(1).Digit != 4 {
		t.Fatal("enter 4 at r1c2")
	}
	g.Select(0) // a given
	if g.Enter(3) || g.Clear() {
		t.Fatal("a given changed")
	}
	g.Select(1)
	g.Enter(7)
	if !g.Undo() || g.Cell(1).Digit != 4 {
		t.Fatalf("undo: r1c2 = %d, want 4", g.Cell(1).Digit)
	}
	if !g.Undo() || g.Cell(1).Digit != 0 || g.CanUndo() {
		t.Fatal("second undo")
	}
	first := g.Redo()
	if second := g.Redo(); !first || !second || g.Cell(1).Digit != 7 || g.CanRedo() {
		t.Fatal("redo twice")
	}
	g.Undo()
	g.Select(6)
	g.Enter(7) // a new move clears the redo list
	if g.CanRedo() {
		t.Error("redo list kept after a new move")
	}
	if changes == 0 {
		t.Error("OnChange never called")
	}
}

func TestPencilMarks(t *testing.T) {
	g, _ := newGame(t)
	g.Select(1)
	g.SetPencil(true)
	g.Enter(4)
	g.Enter(7)
	g.Enter(4) // toggles off
	if m := g.Cell(1).Marks; m != 1<<7 {
		t.Fatalf("marks %#x, want {7}", m)
	}
	// a digit placed in a peer removes the mark; one undo restores both
	g.SetPencil(false)
	g.Select(6) // r1c7, same row
	g.Enter(7)
	if g.Cell(1).Marks.Has(7) {
		t.Error("placing 7 in r1c7 left the 7 mark in r1c2")
	}
	g.Undo()
	if !g.Cell(1).Marks.Has(7) || g.Cell(6).Digit != 0 {
		t.Error("undo did not restore the mark")
	}
	// a digit replaces the marks of its cell; Clear removes the digit, then
	// the marks
	g.Select(1)
	g.Enter(4)
	if c := g.Cell(1); c.Digit != 4 || c.Marks != 0 {
		t.Errorf("cell %+v", c)
	}
	g.Clear()
	if c := g.Cell(1); c.Digit != 0 {
		t.Errorf("clear left %+v", c)
	}
}

func TestAutoCandidates(t *testing.T) {
	g, _ := newGame(t)
	g.AutoCandidates()
	want := solver.MustParse(easy1).Candidates()
	for i := 0; i < 81; i++ {
		if g.Cell(i).Marks != Marks(want[i]) {
			t.Fatalf("%s marks %#x, want %s", solver.CellName(i), g.Cell(i).Marks, want[i])
		}
	}
	g.Undo()
	for i := 0; i < 81; i++ {
		if g.Cell(i).Marks != 0 {
			t.Fatal("one undo did not remove all auto-candidates")
		}
	}
}

func TestConflictsAndDone(t *testing.T) {
	g, _ := newGame(t)
	g.Select(1)
	g.Enter(5) // r1c1 holds 5
	c := g.Conflicts()
	if !c[0] || !c[1] {
		t.Fatalf("conflict not on both cells: %v %v", c[0], c[1])
	}
	if n := 0; true {
		for _, x := range c {
			if x {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%d cells in conflict, want 2", n)
		}
	}
	if _, done := g.Tally(); done[5] {
		t.Error("5 done with a clash")
	}
}

func TestCheckRevealWin(t *testing.T) {
	g, clk := newGame(t)
	var wonAfter time.Duration
	var wonAssisted bool
	g.OnWin = func(d time.Duration, assisted bool) { wonAfter, wonAssisted = d, assisted }
	sol := solver.MustParse(easy1Sol)
	g.Select(1)
	g.Enter(7) // wrong (4)
	g.Select(6)
	g.Enter(7) // right
	if n := g.Check(); n != 1 || !g.IsWrong(1) || g.IsWrong(6) {
		t.Fatalf("check found %d, r1c2 wrong %v", n, g.IsWrong(1))
	}
	g.Select(1)
	g.Enter(4)
	if g.IsWrong(1) {
		t.Error("wrong mark kept after the cell changed")
	}
	// fill everything but the last blank by hand
	last := -1
	for i := 80; i >= 0; i-- {
		if g.Digit(i) == 0 {
			last = i
			break
		}
	}
	for i := 0; i < 81; i++ {
		if g.Digit(i) == 0 && i != last {
			g.Select(i)
			g.Enter(sol[i])
		}
	}
	clk.advance(90 * time.Second)
	if g.Won() {
		t.Fatal("won before the last cell")
	}
	g.Select(last)
	g.Enter(sol[last])
	if !g.Won() || wonAfter != 90*time.Second || wonAssisted {
		t.Fatalf("won %v after %v assisted %v", g.Won(), wonAfter, wonAssisted)
	}
	clk.advance(time.Minute)
	if g.Elapsed() != 90*time.Second {
		t.Error("timer ran after the win")
	}
	if g.Enter(1) || g.Undo() {
		t.Error("board changed after the win")
	}

	g2, _ := newGame(t)
	g2.Select(1)
	g2.Reveal()
	if g2.Cell(1).Digit != 4 || !g2.Assisted() {
		t.Error("reveal")
	}
	g2.ShowSolution()
	if !g2.Won() || g2.Board().String() != sol.String() {
		t.Error("show solution does not complete the board")
	}
}

func TestTimerPause(t *testing.T) {
	g, clk := newGame(t)
	clk.advance(10 * time.Second)
	g.Pause()
	clk.advance(time.Hour)
	if !g.Paused() || g.Elapsed() != 10*time.Second {
		t.Fatalf("paused %v elapsed %v", g.Paused(), g.Elapsed())
	}
	g.Resume()
	clk.advance(5 * time.Second)
	if g.Elapsed() != 15*time.Second {
		t.Fatalf("elapsed %v", g.Elapsed())
	}
	g.Restart()
	if g.Elapsed() != 0 || g.CanUndo() {
		t.Error("restart kept time or history")
	}
}

// While paused, pencil mode does not switch: Space over the hidden board
// made the next digits marks, unseen.
func TestPencilStaysWhilePaused(t *testing.T) {
	g, _ := newGame(t)
	g.Pause()
	g.TogglePencil()
	g.Resume()
	if g.Pencil() {
		t.Error("pencil mode switched while paused")
	}
	g.TogglePencil()
	if !g.Pencil() {
		t.Error("pencil mode did not switch once resumed")
	}
}

func TestMoveSelectionWraps(t *testing.T) {
	g, _ := newGame(t)
	g.Select(0)
	g.MoveSelection(0, -1)
	if g.Selected() != 8 {
		t.Errorf("left from r1c1 went to %d", g.Selected())
	}
	g.MoveSelection(-1, 0)
	if g.Selected() != 80 {
		t.Errorf("up from r1c9 went to %d", g.Selected())
	}
}

func TestEditor(t *testing.T) {
	g := NewEditor(solver.Classic)
	if err := g.EditStatus(t.Context()); err == nil {
		t.Error("empty board accepted")
	}
	p := solver.MustParse(easy1)
	for i, d := range p {
		if d != 0 {
			g.Select(i)
			g.Enter(d)
		}
	}
	if err := g.EditStatus(t.Context()); err != nil {
		t.Fatalf("easy1 typed in: %v", err)
	}
	g.Select(1)
	g.Enter(5)
	if err := g.EditStatus(t.Context()); err == nil || err.Error() != "digit 5 twice in row 1 (r1c1, r1c2)" {
		t.Errorf("duplicate: %v", err)
	}
	g.Undo()
	g.Select(0)
	g.Clear()
	g.Select(2)
	g.Clear()
	g.Select(3)
	g.Clear()
	g.Select(4)
	g.Clear()
	if err := g.EditStatus(t.Context()); err == nil {
		t.Error("several solutions accepted")
	}
	g.Undo()
	g.Undo()
	g.Undo()
	g.Undo()
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	if g.Editing() || g.Givens().String() != p.String() || !g.IsGiven(0) || g.CanUndo() {
		t.Error("finish did not start a game on the givens")
	}
}

func TestStateRoundTrip(t *testing.T) {
	g, clk := newGame(t)
	g.Select(1)
	g.Enter(4)
	g.SetPencil(true)
	g.Select(6)
	g.Enter(7)
	g.Enter(2)
	g.SetPencil(false)
	g.Select(13) // r2c5
	g.Enter(5)
	g.Undo()
	clk.advance(42 * time.Second)
	s := g.State()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var s2 State
	if err := json.Unmarshal(b, &s2); err != nil {
		t.Fatal(err)
	}
	h, err := Restore(s2)
	if err != nil {
		t.Fatal(err)
	}
	h.SetClock(clk.now)
	if !reflect.DeepEqual(h.State(), s) {
		t.Fatalf("round trip\n%+v\n%+v", h.State(), s)
	}
	if !h.Redo() || h.Cell(13).Digit != 5 || !h.Undo() || !h.Undo() || h.Cell(6).Marks != 1<<7 {
		t.Error("history did not survive")
	}

	for _, bad := range []func(*State){
		func(s *State) { s.Givens = "x" },
		func(s *State) { s.Cells = s.Cells[:80] + "1" },
		func(s *State) { s.Marks = s.Marks[:3] },
		func(s *State) { s.Solution = "12" },
	} {
		s3 := s
		bad(&s3)
		if _, err := Restore(s3); err == nil {
			t.Errorf("bad state accepted: %+v", s3)
		}
	}
	// A history that does not read costs the history alone.
	s3 := s
	s3.Undo = [][][5]uint{{{99, 0, 0, 1, 0}}}
	if h, err := Restore(s3); err != nil || h.LostHistory() == nil || h.CanUndo() || !h.Started() {
		t.Errorf("a bad move in the history: %v", err)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "state.json")
	if err := WriteFileAtomic(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	ents, _ := os.ReadDir(filepath.Dir(path))
	if string(b) != "two" || len(ents) != 1 {
		t.Errorf("content %q, %d files left", b, len(ents))
	}
}

func TestApplyDeductionAndMistakes(t *testing.T) {
	g, _ := newGame(t)
	// r1c2 must be 4; take 9 out of r3c1's candidates {2,4,9} (it is 9 in
	// the solution, so this is a wrong elimination, to test MarkMistakes);
	// the 4 placed in the same box leaves r3c1 with {2}
	if !g.Apply(Deduction{Place: [][2]uint8{{1, 4}}, Remove: [][2]uint8{{18, 9}}}) {
		t.Fatal("nothing applied")
	}
	if g.Cell(1).Digit != 4 || g.Cell(18).Marks != 1<<2 {
		t.Fatalf("r1c2 %+v, r3c1 %+v", g.Cell(1), g.Cell(18))
	}
	if m := g.MarkMistakes(); len(m) != 1 || m[0] != 18 {
		t.Errorf("mark mistakes %v", m)
	}
	if _, c := g.Position(); c[18] != 1<<2 || c[19] != Marks(g.Board().Candidates()[19]) {
		t.Errorf("position: r3c1 %#x, r3c2 %#x", c[18], c[19])
	}
	g.Select(10)
	g.Enter(9) // r2c2 is a given; nothing happens
	g.Select(4 * 9)
	g.Enter(2) // r5c1: wrong (1)
	// Only the wrong digit goes: a pencil mark that leaves out a digit is
	// a note (it took back every correct move made since).
	if n := g.UndoToCorrect(); n != 1 || len(g.Mistakes()) != 0 || len(g.MarkMistakes()) != 1 {
		t.Fatalf("undid %d moves; mistakes %v %v", n, g.Mistakes(), g.MarkMistakes())
	}
	if g.Cell(1).Digit != 4 {
		t.Error("the correct deduction was taken back")
	}
}

func TestUnplayable(t *testing.T) {
	g := NewUnplayable("none", solver.BoardOf(solver.MustParse("1"+easy1[1:])), errors.New("no solution"))
	g.Select(1)
	if g.Enter(4) || g.ToggleMark(4) || g.AutoCandidates() || g.Reveal() || g.ShowSolution() || g.Paused() {
		t.Error("an unplayable puzzle took a move or shows as paused")
	}
	if g.Unplayable() == nil || g.Solutions() != 0 {
		t.Error("unplayable state")
	}
	h, err := Restore(g.State())
	if err != nil || h.Unplayable() == nil || h.Givens().String() != g.Givens().String() {
		t.Fatalf("restore of an unplayable puzzle: %v", err)
	}
}

func TestRestoreRejectsBadMoves(t *testing.T) {
	g, _ := newGame(t)
	g.Select(1)
	g.Enter(4)
	good := g.State()
	for name, bad := range map[string]func(*State){
		"empty undo move":        func(s *State) { s.Undo = append(s.Undo, [][5]uint{}) },
		"move changes a given":   func(s *State) { s.Undo = [][][5]uint{{{0, 5, 0, 3, 0}}} },
		"solution breaks givens": func(s *State) { s.Solution = "6" + s.Solution[1:] },
		"givens clash":           func(s *State) { s.Givens = "55" + s.Givens[2:]; s.Cells = s.Givens },
	} {
		s := good
		s.Undo = append([][][5]uint(nil), good.Undo...)
		bad(&s)
		h, err := Restore(s)
		switch {
		case strings.HasPrefix(name, "solution") || strings.HasPrefix(name, "givens"):
			if err == nil {
				t.Errorf("%s: accepted", name)
			}
		case err != nil || h.LostHistory() == nil || h.CanUndo() || !h.Started() || h.Cell(1).Digit != 4:
			// A history that does not read costs the history alone: the
			// game, its entry and its being started stay.
			t.Errorf("%s: %v", name, err)
		}
	}
}

func countDigit(g *Game, d uint8) int {
	n := 0
	for _, x := range g.Board().Cells {
		if x == d {
			n++
		}
	}
	return n
}

func TestTally(t *testing.T) {
	g, _ := newGame(t)
	sol := solver.MustParse(easy1Sol)
	for i, d := range g.Board().Cells {
		if d == 0 && sol[i] == 5 {
			g.Select(i)
			g.Enter(5)
		}
	}
	left, done := g.Tally()
	if !done[5] || left[5] != 0 || done[4] || left[4] != 9-countDigit(g, 4) {
		t.Errorf("left %v, done %v", left, done)
	}
}

// Show Solution says Undo takes it back, and it does: the game goes on.
func TestShowSolutionIsUndoable(t *testing.T) {
	g, err := NewGrid("t", solver.MustParse(easy1))
	if err != nil {
		t.Fatal(err)
	}
	g.Select(1)
	g.Enter(4)
	before := g.Board()
	if !g.ShowSolution() || !g.Won() {
		t.Fatal("the solution did not fill the board")
	}
	if !g.Undo() {
		t.Fatal("Undo after Show Solution did nothing")
	}
	if g.Won() || g.Board().String() != before.String() || g.Paused() {
		t.Fatalf("after Undo: won %v, paused %v", g.Won(), g.Paused())
	}
	g.Select(1)
	if !g.Enter(7) {
		t.Error("the game takes no moves after Undo")
	}
}

// The clock counts play only: held time is not counted, whether the game
// is resumed or paused meanwhile.
func TestHoldStopsTheClock(t *testing.T) {
	now := time.Unix(1000, 0)
	g, err := NewGrid("t", solver.MustParse(easy1))
	if err != nil {
		t.Fatal(err)
	}
	g.SetClock(func() time.Time { return now })
	step := func(d time.Duration) { now = now.Add(d) }
	step(10 * time.Second)
	g.Hold(true)
	step(30 * time.Second)
	if e := g.Elapsed(); e != 10*time.Second {
		t.Fatalf("held: %v, want 10s", e)
	}
	g.Hold(false)
	step(5 * time.Second)
	if e := g.Elapsed(); e != 15*time.Second {
		t.Fatalf("released: %v, want 15s", e)
	}
	// Paused and resumed while held: still nothing counted while held.
	g.Hold(true)
	g.Pause()
	step(time.Minute)
	g.Resume()
	step(time.Minute)
	if e := g.Elapsed(); e != 15*time.Second {
		t.Fatalf("paused and resumed while held: %v, want 15s", e)
	}
	g.Hold(false)
	step(time.Second)
	if e := g.Elapsed(); e != 16*time.Second {
		t.Fatalf("after it all: %v, want 16s", e)
	}
}

// A step applied for the player is help, as a reveal is.
func TestAppliedStepIsHelp(t *testing.T) {
	g, _ := newGame(t)
	if g.Apply(Deduction{}) || g.Assisted() {
		t.Fatal("an empty deduction counted as help")
	}
	i := g.firstEmpty()
	if !g.Apply(Deduction{Place: [][2]uint8{{uint8(i), g.SolutionDigit(i)}}}) || !g.Assisted() {
		t.Error("an applied step is not help")
	}
}

// TestWonBefore: a board completed, undone (a win with help allows it)
// and completed again says so, also after a save and restore, and after a
// restart.
func TestWonBefore(t *testing.T) {
	g, _ := newGame(t)
	wins := 0
	var before []bool // WonBefore as each OnWin sees it
	g.OnWin = func(time.Duration, bool) { wins++; before = append(before, g.WonBefore()) }
	sol, _ := g.Solution()
	g.Reveal() // the first empty cell: a win with help
	for i, d := range g.Board().Cells {
		if d == 0 {
			g.Select(i)
			g.Enter(sol.Cells[i])
		}
	}
	if !g.Won() || len(before) != 1 || before[0] {
		t.Fatalf("first win: won %v, WonBefore in OnWin %v", g.Won(), before)
	}
	last := g.Selected()
	g.Undo()
	restored, err := Restore(g.State())
	if err != nil {
		t.Fatal(err)
	}
	again := false
	restored.OnWin = func(time.Duration, bool) { again = restored.WonBefore() }
	restored.Select(last)
	restored.Enter(sol.Cells[last])
	if !restored.Won() || !again {
		t.Errorf("won again after a restore: won %v, WonBefore in OnWin %v", restored.Won(), again)
	}
	// A restart is a new attempt, but the puzzle counts its first finish
	// only, and the solution it saw stays seen: Show Solution, Restart,
	// and the same puzzle typed in was a new best and a streak.
	restored.Restart()
	if !restored.WonBefore() || !restored.Assisted() || restored.Help() != HelpReveal {
		t.Errorf("a restart forgets: won before %v, assisted %v, help %q", restored.WonBefore(), restored.Assisted(), restored.Help())
	}
}

// Auto marks keep the marks a cell has (the eliminations the player and
// the hints made): a full set of candidates brought them back, and the
// next hint offered the same elimination again. Cells without marks get
// all their candidates; Clear Pencil Marks then Auto marks starts afresh.
func TestAutoCandidatesKeepEliminations(t *testing.T) {
	g, _ := newGame(t)
	want := solver.MustParse(easy1).Candidates()
	i := 0
	for g.Cell(i).Digit != 0 || want[i].Count() < 2 {
		i++
	}
	g.AutoCandidates()
	d := uint8(1) // a candidate that is not the cell's digit
	for !Marks(want[i]).Has(d) || d == g.solution[i] {
		d++
	}
	g.Select(i)
	g.SetPencil(true)
	g.ToggleMark(d) // an elimination
	g.SetPencil(false)
	g.AutoCandidates()
	if g.Cell(i).Marks.Has(d) {
		t.Errorf("%s: Auto marks brought %d back", solver.CellName(i), d)
	}
	g.ClearMarks()
	g.AutoCandidates()
	if g.Cell(i).Marks != Marks(want[i]) {
		t.Errorf("after Clear Pencil Marks: %#x, want %#x", g.Cell(i).Marks, want[i])
	}
	// A wrong elimination (the cell's own digit) is mended: the cell gets
	// all its candidates back.
	sol := g.solution[i]
	g.Select(i)
	g.SetPencil(true)
	g.ToggleMark(sol)
	g.SetPencil(false)
	g.AutoCandidates()
	if g.Cell(i).Marks != Marks(want[i]) {
		t.Errorf("a wrong elimination stays: %#x, want %#x", g.Cell(i).Marks, want[i])
	}
}

// Typing a puzzle's line again over a grid half typed: a digit the cell
// holds already moves on as any other does (the cursor stayed, and the
// givens after it shifted left).
func TestEditorSameDigitMovesOn(t *testing.T) {
	g := NewEditor(solver.Classic)
	g.EditAdvance = true
	g.Select(1)
	g.Enter(1) // r1c2 holds 1
	g.Select(0)
	g.SkipCell() // a blank
	for _, d := range []uint8{1, 2, 3} {
		g.Enter(d)
	}
	if g.Cell(1).Digit != 1 || g.Cell(2).Digit != 2 || g.Cell(3).Digit != 3 || g.Selected() != 4 {
		t.Errorf("r1c2-r1c4 hold %d %d %d, cursor at %d", g.Cell(1).Digit, g.Cell(2).Digit, g.Cell(3).Digit, g.Selected())
	}
}

// Digits an applied deduction takes out of a cell's marks are told apart
// from those the player takes out (Helped): kept while they stay out,
// through a save and a restore, and forgotten once back in the marks.
func TestHelpedMarks(t *testing.T) {
	g, _ := newGame(t)
	if !g.Apply(Deduction{Remove: [][2]uint8{{18, 2}}}) {
		t.Fatal("nothing applied")
	}
	if h := g.Helped(18); h != 1<<2 {
		t.Fatalf("helped r3c1 %v", h)
	}
	// The player takes 4 out by hand: not a hint's.
	g.Select(18)
	g.ToggleMark(4)
	if h := g.Helped(18); h != 1<<2 || g.Cell(18).Marks.Has(4) {
		t.Fatalf("after a mark by hand: helped %v, marks %v", h, g.Cell(18).Marks)
	}
	r, err := Restore(g.State())
	if err != nil {
		t.Fatal(err)
	}
	if h := r.Helped(18); h != 1<<2 {
		t.Errorf("restored helped %v", h)
	}
	g.ToggleMark(2) // back in: no longer out
	if h := g.Helped(18); h != 0 {
		t.Errorf("2 back in the marks, helped %v", h)
	}
	g.Undo()
	g.Undo()
	g.Undo() // before the hint: nothing out
	if h := g.Helped(18); h != 0 || g.Cell(18).Marks != 0 {
		t.Errorf("undone: helped %v, marks %v", h, g.Cell(18).Marks)
	}
	s := g.State()
	if s.Helped != nil {
		t.Errorf("saved helped %v with none", s.Helped)
	}
	s.Helped = []uint32{1}
	if _, err := Restore(s); err == nil {
		t.Error("a helped list of the wrong length restored")
	}
}

// A restored game's name is bounded (a session may say anything: 20 MB
// of name made the window's title refused at every start).
func TestRestoreBoundsTheName(t *testing.T) {
	g, _ := newGame(t)
	st := g.State()
	st.Name = strings.Repeat("x", 1<<20)
	r, err := Restore(st)
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(r.Name)); n > maxName {
		t.Errorf("name of %d characters", n)
	}
}

// A solved grid is no puzzle: New refuses it (its clock ran for good, no
// move could finish it) and the editor says so before Start.
func TestFullGrid(t *testing.T) {
	full := solver.BoardOf(solver.MustParse("483921657967345821251876493548132976729564138136798245372689514814253769695417382"))
	if _, err := New("full", full); !errors.Is(err, ErrFull) {
		t.Errorf("New of a full grid: %v", err)
	}
	if err := CheckPuzzle(context.Background(), full); err == nil || !strings.Contains(err.Error(), "every cell is given") {
		t.Errorf("the editor's check of a full grid: %v", err)
	}
}

// A puzzle read with its candidates starts with them as pencil marks: not
// a move (Undo keeps them), brought back by Restart, kept by State.
func TestStartMarks(t *testing.T) {
	g, _ := newGame(t)
	full := solver.MustParse(easy1).Candidates()
	marks := make([]Marks, 81)
	for i, c := range full {
		marks[i] = Marks(c)
	}
	marks[1] &^= 1 << 4 // r1c2: 4 ruled out (it is no candidate of r1c2's: no change)
	open := 0
	for i := range marks {
		if full[i].Count() > 1 && open == 0 {
			open = i
		}
	}
	first := full[open].Digits()[0]
	marks[open] &^= 1 << first
	marks[0] = 1 << 7 // a given's cell: nothing
	g.StartMarks(marks)
	check := func(when string) {
		t.Helper()
		if g.Cell(0).Marks != 0 || g.Cell(open).Marks != Marks(full[open])&^(1<<first) {
			t.Fatalf("%s: r1c1 %v, %s %v", when, g.Cell(0).Marks, solver.CellName(open), g.Cell(open).Marks)
		}
	}
	check("started")
	if g.CanUndo() {
		t.Fatal("the start marks are a move")
	}
	g.Select(open)
	g.Enter(full[open].Digits()[1])
	g.Restart()
	check("restarted")
	r, err := Restore(g.State())
	if err != nil {
		t.Fatal(err)
	}
	g = r
	g.Select(open)
	g.SetPencil(true)
	g.Enter(full[open].Digits()[1])
	g.Restart()
	check("restored and restarted")
	// Once a move is made, they are not taken.
	g.Enter(full[open].Digits()[1])
	g.StartMarks(make([]Marks, 81))
	if g.Cell(open).Marks == 0 {
		t.Error("StartMarks replaced the marks of a game under way")
	}
}

// A game says which help it had, kept with it, and by Restart where it
// showed the solution: the win's message listed every kind of help there
// is.
func TestHelpSaysWhich(t *testing.T) {
	g, _ := newGame(t)
	if g.Help() != 0 || g.Help().String() != "help" {
		t.Fatalf("no help: %v %q", g.Help(), g.Help())
	}
	i := g.firstEmpty()
	g.Select(i)
	g.Reveal()
	if g.Help() != HelpReveal || g.Help().String() != "a cell revealed" {
		t.Errorf("revealed: %q", g.Help())
	}
	g.ShowSolution()
	if got := g.Help().String(); got != "a cell revealed and the solution shown" {
		t.Errorf("then shown: %q", got)
	}
	r, err := Restore(g.State())
	if err != nil || r.Help() != g.Help() {
		t.Fatalf("restored: %v %v", r.Help(), err)
	}
	r.Restart()
	if r.Help() != HelpReveal|HelpSolution || !r.Assisted() {
		t.Errorf("restarted: %v %v", r.Help(), r.Assisted())
	}
	// A hint applied is help of this attempt only.
	h, _ := newGame(t)
	i = h.firstEmpty()
	h.Apply(Deduction{Place: [][2]uint8{{uint8(i), h.SolutionDigit(i)}}})
	h.Restart()
	if h.Help() != 0 || h.Assisted() {
		t.Errorf("restarted after a hint: %v %v", h.Help(), h.Assisted())
	}
	if got := (HelpHint | HelpReveal | HelpSolver).String(); got != "a hint applied, a cell revealed and the solver run to the end" {
		t.Errorf("three: %q", got)
	}
}

// Givens with several solutions name the cells where two differ, on every
// shape (a 4×4 said only "add givens").
func TestCheckPuzzleNamesWhereSolutionsDiffer(t *testing.T) {
	for _, in := range []string{".3....3.......1.\n", "...............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...\n"} {
		bs, err := solver.ReadBoards(strings.NewReader(in), "in")
		if err != nil || len(bs) != 1 {
			t.Fatal(err)
		}
		b := bs[0].Board
		var several *SeveralError
		if err := CheckPuzzle(context.Background(), b); !errors.As(err, &several) || len(several.Differ) < 4 {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// Givens with no solution where several one-given changes each give one
// solution: those givens are lit, not every suspect (17 were, for 5).
func TestCheckPuzzleNamesSeveralTypos(t *testing.T) {
	b := solver.BoardOf(solver.MustParse("...3...86..76..1......5...4..6.1....5.4...3.2.9..4.7..2...3.6....1..54..83...9..."))
	err := CheckPuzzle(t.Context(), b)
	var none *NoSolutionError
	if !errors.As(err, &none) || len(none.Fixes) != 5 || len(none.Lit()) != 5 || err.Error() != "no solution: a typo? One of the 5 givens lit, changed, would give one" {
		t.Fatalf("%v (%+v)", err, none)
	}
}

// A deduction that takes out a digit the player's marks had left out
// already changes nothing on the board, but the digit counts as the
// hint's (Helped): the hints gave it back to a cell whose marks leave out
// its own digit, and offered the same step again for ever.
func TestHelpedByANoOpDeduction(t *testing.T) {
	g, _ := newGame(t)
	g.Select(18)
	g.SetPencil(true)
	var two uint8
	for d := uint8(1); d <= 9; d++ {
		if g.candidates()[18].Has(d) {
			if two == 0 && d != g.SolutionDigit(18) {
				two = d
				continue // left out by the player
			}
			g.ToggleMark(d)
		}
	}
	g.SetPencil(false)
	if two == 0 || g.Cell(18).Marks.Has(two) || g.Cell(18).Marks == 0 {
		t.Fatalf("marks %v, left out %d", g.Cell(18).Marks, two)
	}
	g.Apply(Deduction{Remove: [][2]uint8{{18, two}}})
	if !g.Helped(18).Has(two) {
		t.Errorf("helped %v, want %d in it", g.Helped(18), two)
	}
}

// A game another program saved is taken up as one move of the player's:
// its digits and marks on the board, Undo takes them back, Restart clears
// them; nothing goes on a given, and a game with moves takes none.
func TestTakeUp(t *testing.T) {
	g, _ := newGame(t)
	placed := make([]uint8, 81)
	marks := make([]Marks, 81)
	open := strings.IndexByte(easy1, '.')
	placed[open] = 4
	placed[0] = 9               // a given's cell: nothing
	marks[open+1] = 1<<2 | 1<<8 // (r1c3 holds a given in easy1? then nothing)
	marks[open] = 1 << 3        // beside a digit: nothing
	if !g.TakeUp(placed, marks) {
		t.Fatal("nothing taken up")
	}
	if g.Cell(open).Digit != 4 || g.Cell(open).Marks != 0 || g.Cell(0).Digit != solver.MustParse(easy1)[0] {
		t.Fatalf("r1c%d %+v, r1c1 %+v", open+1, g.Cell(open), g.Cell(0))
	}
	if !g.IsGiven(open+1) && g.Cell(open+1).Marks != 1<<2|1<<8 {
		t.Errorf("marks %v", g.Cell(open+1).Marks)
	}
	if g.Help() != 0 || !g.CanUndo() {
		t.Errorf("help %v, undo %v", g.Help(), g.CanUndo())
	}
	g.Undo()
	if g.Cell(open).Digit != 0 || g.CanUndo() {
		t.Errorf("after Undo: %+v", g.Cell(open))
	}
	g.Redo()
	g.Restart()
	if g.Cell(open).Digit != 0 {
		t.Errorf("after Restart: %+v", g.Cell(open))
	}
	g.Enter(1)
	if g.TakeUp(placed, marks) {
		t.Error("taken up over a move")
	}
	if g.TakeUp(nil, nil) {
		t.Error("nil taken up")
	}
}

// A killer without a solution is blamed on its cages, not on givens it
// may not have: "no solution: more than one given is wrong" was said of
// one with none, whose sums did not add up, and of one whose sums did.
func TestCheckPuzzleBlamesACagesKiller(t *testing.T) {
	text, err := os.ReadFile("testdata/killer-easy.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	for _, c := range []struct{ first, says string }{
		{"11 6  17", "no solution: the cage sums add up to 406, where a full board's digits add up to 405: a sum is mistyped"},
		{"17 6  10", "no solution: no digit can go in r1c2 once what the puzzle forces is placed"},
	} {
		broken := slices.Clone(lines)
		broken[19] = c.first + broken[19][len(c.first):]
		bs, err := solver.ReadBoards(strings.NewReader(strings.Join(broken, "\n")), "k.txt")
		if err != nil || len(bs) != 1 {
			t.Fatalf("%s: %v", c.first, err)
		}
		err = CheckPuzzle(t.Context(), bs[0].Board)
		var none *NoSolutionError
		if !errors.As(err, &none) || err.Error() != c.says {
			t.Errorf("%s: %v, want %q", c.first, err, c.says)
		}
		if strings.Contains(c.says, "r1c2") && !slices.Equal(none.Lit(), []int{1}) {
			t.Errorf("lit %v, want r1c2", none.Lit())
		}
	}
}

// A wrong digit typed over pencil marks and then corrected or cleared
// gives back the marks its placing took from its peers (the 3s of a
// wrong 3 were gone for good, the one in the cell whose answer was 3
// too); a peer another digit now rules out gets none.
func TestWrongDigitGivesMarksBack(t *testing.T) {
	g, err := New("p", solver.BoardOf(solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")))
	if err != nil {
		t.Fatal(err)
	}
	g.AutoCandidates()
	before := make([]Marks, 81)
	for i := range before {
		before[i] = g.Cell(i).Marks
	}
	// An empty cell and a wrong candidate of it that a peer has too.
	cell, wrong := -1, uint8(0)
	for i := 0; i < 81 && cell < 0; i++ {
		for d := uint8(1); d <= 9 && cell < 0; d++ {
			if g.Cell(i).Digit != 0 || !before[i].Has(d) || d == g.SolutionDigit(i) {
				continue
			}
			for _, p := range g.Geometry().Peers(i) {
				if before[p].Has(d) {
					cell, wrong = i, d
				}
			}
		}
	}
	if cell < 0 {
		t.Fatal("no cell to try")
	}
	g.Select(cell)
	g.Enter(wrong)
	took := 0
	for _, p := range g.Geometry().Peers(cell) {
		if before[p].Has(wrong) && !g.Cell(int(p)).Marks.Has(wrong) {
			took++
		}
	}
	if took == 0 {
		t.Fatal("the wrong digit took no marks")
	}
	g.Enter(g.SolutionDigit(cell))
	for _, p := range g.Geometry().Peers(cell) {
		if before[p].Has(wrong) && !g.Cell(int(p)).Marks.Has(wrong) {
			t.Errorf("r%dc%d did not get its %d back", p/9+1, p%9+1, wrong)
		}
	}
	// Undo takes the correction back, marks and all.
	g.Undo()
	if g.Cell(cell).Digit != wrong {
		t.Fatalf("undo: the cell holds %d", g.Cell(cell).Digit)
	}
	// Cleared, it gives them back too.
	g.Clear()
	for _, p := range g.Geometry().Peers(cell) {
		if before[p].Has(wrong) && !g.Cell(int(p)).Marks.Has(wrong) {
			t.Errorf("cleared: r%dc%d did not get its %d back", p/9+1, p%9+1, wrong)
		}
	}
}
