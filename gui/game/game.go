// Package game is the state of one Sudoku being played: givens, entries,
// pencil marks, selection, undo history, timer and win. It has no Fyne
// import, so it is tested without a window; the board widget draws it and
// the window calls its methods.
//
// Every change a player makes is a Move (the cells it changed, before and
// after), so undo and redo are one mechanism for entries, pencil marks,
// auto-candidates, reveals and the shown solution alike.
package game

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"time"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Marks is a set of symbols as pencil marks or candidates: bit d for
// symbol d (1..16, the board's side at most).
type Marks uint32

// Has reports whether d is in m.
func (m Marks) Has(d uint8) bool { return m&(1<<d) != 0 }

// Count is the number of symbols in m.
func (m Marks) Count() int { return bits.OnesCount32(uint32(m)) }

// String writes m as its symbols in braces: "{1369}", "{}".
func (m Marks) String() string {
	b := []byte{'{'}
	for d := uint8(1); d <= solver.MaxSide; d++ {
		if m.Has(d) {
			b = append(b, solver.Symbol(d))
		}
	}
	return string(append(b, '}'))
}

// Cell is what a cell shows: a symbol (0 for none) and pencil marks.
type Cell struct {
	Digit uint8
	Marks Marks
}

// Change is one cell before and after a move.
type Change struct {
	Cell     int
	From, To Cell
}

// Move is what one player action changed.
type Move []Change

// Game is a puzzle in play. Its methods are for one goroutine (the UI's).
type Game struct {
	Name  string
	Level string // "easy" … "insane", or "" when not rated

	// The player's preferences (not saved with the game):
	KeepPeerMarks bool // placing a digit leaves it in the peers' pencil marks
	LiveCheck     bool // a digit that differs from the solution shows as wrong at once
	EditAdvance   bool // typing a given moves on to the next cell

	geo      *solver.Geometry
	givens   []uint8
	solution []uint8 // nil while editing and for an unplayable puzzle
	// solutions is how many the givens have, up to two.
	solutions int
	cells     []uint8
	marks     []Marks
	// helped holds, per empty cell, the digits an applied deduction (a
	// hint) took out of its marks and that are still out: the player did
	// not rule those out by hand (see Helped).
	helped []Marks
	// startMarks: the pencil marks the puzzle came with (a grid of
	// candidates read from a file), which Restart brings back; nil for
	// none.
	startMarks []Marks
	wrong      []bool // set by Check, cleared when the cell changes
	undo       []Move
	redo       []Move
	selected   int
	pencil     bool
	editing    bool // the player is typing the givens of a puzzle
	won        bool
	wonBefore  bool  // the board was completed before (then undone): a win counts once
	assisted   bool  // a cell was revealed or the solution shown
	help       Help  // which help, when assisted
	broken     error // why the puzzle cannot be played (nil for a playable one)
	// lostHistory is why the undo or redo history saved did not read
	// (Restore dropped it).
	lostHistory error

	revision  int           // counts changes other than the selection
	elapsed   time.Duration // time played before resumedAt
	resumedAt time.Time     // zero while paused or finished
	held      bool          // the clock is held (see Hold)
	heldSince time.Time
	now       func() time.Time

	// OnChange, when set, is called after every change of state.
	OnChange func()
	// OnWin, when set, is called when the board is completed correctly;
	// assisted says whether the player revealed cells. A board completed
	// again after undoing calls it again, with WonBefore true.
	OnWin func(elapsed time.Duration, assisted bool)
}

// New starts a game on the givens of b, a board of any shape. It fails
// for a board that breaks the rules or has no solution; a board with
// several solutions can be played (Solutions tells), and any valid
// completion wins.
func New(name string, b solver.Board) (*Game, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("invalid puzzle: %w", err)
	}
	if !slices.Contains(b.Cells, 0) {
		// A solved grid: nothing to play (its clock ran for good, and no
		// move could finish it).
		return nil, ErrFull
	}
	r := solver.SolveBoard(context.Background(), b, solver.Options{Limit: 2})
	if r.Solutions == 0 {
		return nil, ErrNoSolution
	}
	gm := blankGame(name, b)
	gm.solution, gm.solutions = r.Solution.Cells, r.Solutions
	gm.selected = gm.firstEmpty()
	gm.resumedAt = gm.now()
	return gm, nil
}

// ErrNoSolution is New's error for givens that keep the rules and have no
// solution; ErrFull for a board with every cell given.
var (
	ErrNoSolution = errors.New("this puzzle has no solution")
	ErrFull       = errors.New("every cell is given: it is solved already")
)

// NewGrid is New for a classic board.
func NewGrid(name string, g solver.Grid) (*Game, error) { return New(name, solver.BoardOf(g)) }

// blankGame is a game on b's givens with nothing entered, not started.
func blankGame(name string, b solver.Board) *Game {
	n := len(b.Cells)
	return &Game{Name: name, geo: b.Geo, givens: append([]uint8(nil), b.Cells...), cells: append([]uint8(nil), b.Cells...),
		marks: make([]Marks, n), helped: make([]Marks, n), wrong: make([]bool, n), now: time.Now}
}

// StartMarks gives a new game the pencil marks its puzzle came with (a
// position copied with its candidates: marks[i] for empty cell i, digit
// d as bit d). They are where the game starts, not a move: Undo keeps
// them and Restart brings them back. A digit a peer holds is left out,
// and a cell left with none gets none. It does nothing once a move is
// made, while editing and on an unplayable puzzle.
func (g *Game) StartMarks(marks []Marks) {
	if len(marks) != len(g.cells) || len(g.undo) > 0 || len(g.redo) > 0 || g.editing || g.broken != nil {
		return
	}
	full := g.candidates()
	start := make([]Marks, len(marks))
	for i, m := range marks {
		if g.cells[i] == 0 {
			start[i] = m & full[i]
		}
	}
	copy(g.marks, start)
	g.startMarks = start
	g.changed()
}

// TakeUp takes up a game another program saved with the puzzle (HoDoKu's
// library, OpenSudoku's saved games): its digits placed since the givens
// (placed[i], 0 for none) and its pencil marks (marks[i], for cells left
// empty), as one move of the player's, which Undo takes back and Restart
// clears. Digits in cells with givens, and marks there or beside a digit,
// are left out. It does nothing once a move is made, while editing, on
// an unplayable puzzle and when nil is given; it reports whether
// anything changed.
func (g *Game) TakeUp(placed []uint8, marks []Marks) bool {
	if len(placed) != len(g.cells) || len(marks) != len(g.cells) || len(g.undo) > 0 || len(g.redo) > 0 || g.editing || g.broken != nil {
		return false
	}
	all := allMarks(g.geo.N)
	var m Move
	for i := range g.cells {
		if g.givens[i] != 0 {
			continue
		}
		to := Cell{Digit: placed[i]}
		if int(to.Digit) > g.geo.N {
			to.Digit = 0
		}
		if to.Digit == 0 {
			to.Marks = marks[i] & all
		}
		if to != g.Cell(i) {
			m = append(m, Change{i, g.Cell(i), to})
		}
	}
	return g.apply(m)
}

// HasStartMarks reports whether the game started with pencil marks of its
// own (StartMarks), which Restart brings back.
func (g *Game) HasStartMarks() bool { return g.startMarks != nil }

// NewUnplayable shows a puzzle that cannot be played — its givens break
// the rules or have no solution (why says which) — so that a solver can
// still be run on it to show why. Nothing can be entered.
func NewUnplayable(name string, b solver.Board, why error) *Game {
	g := blankGame(name, b)
	g.broken = why
	return g
}

// Unplayable returns why the puzzle cannot be played, or nil.
func (g *Game) Unplayable() error { return g.broken }

// EditorName is the name of a puzzle typed in, until it is given one.
const EditorName = "Your puzzle"

// NewEditor starts an empty board of shape geo on which the player types
// the givens of a puzzle of their own; Finish turns it into a game.
func NewEditor(geo *solver.Geometry) *Game {
	g := blankGame(EditorName, solver.NewBoard(geo))
	g.editing = true
	return g
}

// NewEditorOf is NewEditor with the givens of b typed in already (a
// puzzle pasted into the editor, to be corrected): they need not make a
// proper puzzle yet.
func NewEditorOf(name string, b solver.Board) *Game {
	g := blankGame(cmp.Or(name, EditorName), b.Clone())
	g.editing = true
	return g
}

// Reshape gives the puzzle being typed in another board of the same side
// (a killer's cages as they are drawn): its givens stay. It does nothing
// but while editing.
func (g *Game) Reshape(geo *solver.Geometry) {
	if !g.editing || geo.N != g.geo.N {
		return
	}
	g.geo = geo
	g.changed()
}

// SetClock replaces time.Now, for tests.
func (g *Game) SetClock(now func() time.Time) {
	running := !g.resumedAt.IsZero()
	g.now = now
	if running {
		g.resumedAt = now()
	}
}

// changed tells OnChange about a change of content (anything but the
// selection).
func (g *Game) changed() {
	g.revision++
	g.notify()
}

// notify tells OnChange about a change, without counting it as one of
// content.
func (g *Game) notify() {
	if g.OnChange != nil {
		g.OnChange()
	}
}

// Revision counts the changes other than moving the selection, so that a
// listener can tell a new selection (redraw) from a new position (redraw,
// save).
func (g *Game) Revision() int { return g.revision }

func (g *Game) firstEmpty() int {
	for i, d := range g.cells {
		if d == 0 {
			return i
		}
	}
	return 0
}

// Geometry is the board's shape.
func (g *Game) Geometry() *solver.Geometry { return g.geo }

// Size is the board's side, and its number of symbols.
func (g *Game) Size() int { return g.geo.N }

// Givens returns a copy of the puzzle's givens.
func (g *Game) Givens() solver.Board {
	return solver.Board{Geo: g.geo, Cells: append([]uint8(nil), g.givens...)}
}

// Board returns a copy of the symbols on the board, givens and entries.
func (g *Game) Board() solver.Board {
	return solver.Board{Geo: g.geo, Cells: append([]uint8(nil), g.cells...)}
}

// Grid returns the givens and the board of a classic game as Grids, and
// false on a board of another shape.
func (g *Game) Grid() (givens, board solver.Grid, ok bool) {
	if !g.geo.IsClassic() {
		return givens, board, false
	}
	copy(givens[:], g.givens)
	copy(board[:], g.cells)
	return givens, board, true
}

// Digit is the symbol in cell i, 0 for none.
func (g *Game) Digit(i int) uint8 { return g.cells[i] }

// Cell returns what cell i shows.
func (g *Game) Cell(i int) Cell { return Cell{g.cells[i], g.marks[i]} }

// IsGiven reports whether cell i is a given (fixed) digit.
func (g *Game) IsGiven(i int) bool { return g.givens[i] != 0 }

// IsWrong reports whether Check found cell i to differ from the solution.
func (g *Game) IsWrong(i int) bool {
	if g.LiveCheck && g.solutions == 1 && !g.editing && g.givens[i] == 0 && g.cells[i] != 0 && g.cells[i] != g.solution[i] {
		return true
	}
	return g.wrong[i]
}

// Solution returns a copy of the solution (the first found when there are
// several), and false when there is none (editing, unplayable).
func (g *Game) Solution() (solver.Board, bool) {
	if g.solution == nil {
		return solver.Board{}, false
	}
	return solver.Board{Geo: g.geo, Cells: append([]uint8(nil), g.solution...)}, true
}

// SolutionDigit is the solution's symbol in cell i, 0 when there is no
// solution.
func (g *Game) SolutionDigit(i int) uint8 {
	if g.solution == nil {
		return 0
	}
	return g.solution[i]
}

// Solutions is 1 for a proper puzzle, 2 for two or more, 0 while editing.
func (g *Game) Solutions() int { return g.solutions }

// Selected is the selected cell.
func (g *Game) Selected() int { return g.selected }

// Pencil reports whether digits go in as pencil marks.
func (g *Game) Pencil() bool { return g.pencil }

// Editing reports whether the player is typing givens.
func (g *Game) Editing() bool { return g.editing }

// Won reports whether the board is complete and correct.
func (g *Game) Won() bool { return g.won }

// Assisted reports whether cells were revealed or the solution shown.
func (g *Game) Assisted() bool { return g.assisted }

// Help is what help a game had: hints applied, cells revealed, the
// solution shown or a solver run to it.
type Help uint8

const (
	HelpHint Help = 1 << iota
	HelpReveal
	HelpSolution
	HelpSolver
	HelpWalkthrough
)

// seesSolution is the help that shows the whole solution or part of it:
// a restart keeps it (Show Solution, Restart, and the puzzle typed in was
// a new best).
const seesSolution = HelpReveal | HelpSolution | HelpSolver | HelpWalkthrough

// String says which help, as the win's message says it: "a hint
// applied", "a cell revealed and the solution shown" ("help" for none).
func (h Help) String() string {
	var parts []string
	for _, p := range []struct {
		h    Help
		what string
	}{{HelpHint, "a hint applied"}, {HelpReveal, "a cell revealed"}, {HelpSolution, "the solution shown"}, {HelpSolver, "the solver run to the end"}, {HelpWalkthrough, "the step-by-step solution shown to its end"}} {
		if h&p.h != 0 {
			parts = append(parts, p.what)
		}
	}
	if len(parts) == 0 {
		return "help"
	}
	return logic.AndList(parts)
}

// Help says which help the game had (0 when none, or not known: a game
// saved before this was kept).
func (g *Game) Help() Help { return g.help }

// setHelp records help of kind h.
func (g *Game) setHelp(h Help) {
	g.assisted = true
	g.help |= h
}

// WonBefore reports, as OnWin runs, that the board had been completed
// before this win (and then undone), so that the statistics count a
// puzzle's win once; after OnWin, that it has been completed at all.
// Restart clears it: a new attempt counts.
func (g *Game) WonBefore() bool { return g.wonBefore }

// CanUndo and CanRedo report whether there is a move to take back or redo.
func (g *Game) CanUndo() bool { return len(g.undo) > 0 }
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Select makes cell i the selected one.
func (g *Game) Select(i int) {
	if i < 0 || i >= len(g.cells) || i == g.selected {
		return
	}
	g.selected = i
	g.notify()
}

// MoveSelection moves the selection by rows and columns, wrapping around
// the edges.
func (g *Game) MoveSelection(dr, dc int) {
	n := g.geo.N
	r := (g.selected/n + dr + n) % n
	c := (g.selected%n + dc + n) % n
	g.Select(n*r + c)
}

// SetPencil switches pencil mode on or off.
func (g *Game) SetPencil(on bool) {
	if g.pencil != on {
		g.pencil = on
		g.changed()
	}
}

// TogglePencil flips pencil mode.
//
// While paused it does nothing, as nothing else plays: Space pressed
// over the hidden board turned the next digits into marks, unseen.
func (g *Game) TogglePencil() {
	if !g.Paused() {
		g.SetPencil(!g.pencil)
	}
}

// locked reports a board that takes no entries: won or unplayable.
func (g *Game) locked() bool { return g.won || g.broken != nil }

// Enter puts d (1..N) in the selected cell: as a pencil mark in pencil mode
// (toggling it), otherwise as the cell's digit, which also removes d from
// the pencil marks of the cell's peers. Givens do not change. It reports
// whether anything changed.
func (g *Game) Enter(d uint8) bool {
	if d < 1 || int(d) > g.geo.N || g.locked() {
		return false
	}
	i := g.selected
	if g.editing {
		// The digit the cell holds already moves on too: a line typed
		// again over a grid half typed lost a cell at each such digit,
		// and the givens after it shifted left.
		ok := g.cells[i] == d || g.apply(g.setGiven(i, d))
		if ok && g.EditAdvance && i < len(g.cells)-1 {
			g.selected = i + 1
			g.changed()
		}
		return ok
	}
	if g.IsGiven(i) {
		return false
	}
	if g.pencil {
		if g.cells[i] != 0 {
			return false
		}
		return g.apply(Move{{i, g.Cell(i), Cell{0, g.marks[i] ^ 1<<d}}})
	}
	return g.apply(g.place(i, d))
}

// place builds the move that writes d in cell i and clears d from the
// pencil marks of i's peers.
func (g *Game) place(i int, d uint8) Move {
	if g.cells[i] == d {
		return nil
	}
	m := Move{{i, g.Cell(i), Cell{d, 0}}}
	if g.KeepPeerMarks {
		return m
	}
	given := g.giveBack(i)
	bit := Marks(1) << d
	for _, p := range g.geo.Peers(i) {
		marks := g.marks[p] | given[p]
		delete(given, p)
		if marks != g.marks[p] || marks&bit != 0 {
			m = append(m, Change{int(p), g.Cell(int(p)), Cell{g.cells[p], marks &^ bit}})
		}
	}
	return m
}

// giveBack is, for the digit in cell i about to be cleared or replaced,
// the pencil marks its placing took from its peers that they may hold
// again: by peer, that digit's bit, where the peer is still empty and no
// other of its peers holds the digit. A wrong 3 typed over auto marks and
// corrected took the 3s from its row, column and box for good, the one
// in the cell whose answer was 3 too, and Check said nothing.
func (g *Game) giveBack(i int) map[int16]Marks {
	d := g.cells[i]
	if d == 0 || g.KeepPeerMarks {
		return nil
	}
	bit := Marks(1) << d
	for k := len(g.undo) - 1; k >= 0; k-- {
		m := g.undo[k]
		at := slices.IndexFunc(m, func(c Change) bool { return c.Cell == i })
		if at < 0 {
			continue
		}
		if m[at].To.Digit != d || m[at].From.Digit == d {
			return nil // the digit came some other way (a paste, a reveal)
		}
		out := map[int16]Marks{}
		for _, c := range m {
			if c.Cell == i || c.From.Marks&bit == 0 || c.To.Marks&bit != 0 || g.cells[c.Cell] != 0 || g.marks[c.Cell]&bit != 0 {
				continue
			}
			seen := false
			for _, q := range g.geo.Peers(c.Cell) {
				seen = seen || int(q) != i && g.cells[q] == d
			}
			if !seen {
				out[int16(c.Cell)] = bit
			}
		}
		return out
	}
	return nil
}

func (g *Game) setGiven(i int, d uint8) Move {
	if g.cells[i] == d {
		return nil
	}
	return Move{{i, g.Cell(i), Cell{d, 0}}}
}

// ToggleMark flips pencil mark d in the selected cell, whatever the mode.
func (g *Game) ToggleMark(d uint8) bool {
	i := g.selected
	if d < 1 || int(d) > g.geo.N || g.locked() || g.editing || g.cells[i] != 0 {
		return false
	}
	return g.apply(Move{{i, g.Cell(i), Cell{0, g.marks[i] ^ 1<<d}}})
}

// Clear empties the selected cell: its digit if it has one, else its pencil
// marks. Givens do not change (except while editing).
func (g *Game) Clear() bool {
	i := g.selected
	if g.locked() || (g.IsGiven(i) && !g.editing) {
		return false
	}
	c := g.Cell(i)
	switch {
	case c.Digit != 0:
		m := Move{{i, c, Cell{0, c.Marks}}}
		given := g.giveBack(i) // the marks its placing took
		for _, p := range g.geo.Peers(i) {
			if b, ok := given[p]; ok {
				m = append(m, Change{int(p), g.Cell(int(p)), Cell{0, g.marks[p] | b}})
			}
		}
		return g.apply(m)
	case c.Marks != 0:
		return g.apply(Move{{i, c, Cell{}}})
	}
	return false
}

// SkipCell clears the selected cell while a puzzle is typed in and, with
// EditAdvance, moves on to the next, as a typed given does: a blank typed
// as 0 or '.', so that a puzzle's line can be typed as it is written (0
// cleared without moving, and the givens after it packed together).
func (g *Game) SkipCell() {
	if !g.editing {
		return
	}
	i := g.selected
	g.Clear()
	if g.EditAdvance && i < len(g.cells)-1 {
		g.selected = i + 1
		g.changed()
	}
}

// BackCell is Backspace while givens are typed in with EditAdvance: on an
// empty cell it goes back to the cell before and clears it, as Backspace
// does in a line of text (typing moved on past the given just typed, and
// Backspace cleared the empty cell it had moved to); on a filled cell it
// clears it.
func (g *Game) BackCell() {
	if !g.editing {
		return
	}
	if i := g.selected; g.EditAdvance && g.cells[i] == 0 && i > 0 {
		g.selected = i - 1
	}
	if !g.Clear() {
		g.changed() // the selection moved
	}
}

// AutoCandidates writes, as pencil marks in every empty cell without
// marks, the digits no peer holds; a cell with marks keeps them, unless
// they leave out its digit. One move, so one undo takes it back.
func (g *Game) AutoCandidates() bool {
	if g.locked() || g.editing {
		return false
	}
	cands := g.candidates()
	wrong := map[int]bool{}
	for _, i := range g.MarkMistakes() {
		wrong[i] = true
	}
	var m Move
	for i := range g.cells {
		if g.cells[i] != 0 {
			continue
		}
		// A cell with marks keeps them (less any its peers' digits rule
		// out): they hold the eliminations the player and the hints
		// made, which a full set of candidates brought back. Marks that
		// leave out the cell's digit get all its candidates back, which
		// mends them without saying which digit was missing. Clear
		// Pencil Marks, then Auto Marks, starts afresh.
		want := cands[i]
		if g.marks[i] != 0 && !wrong[i] {
			want = g.marks[i] & cands[i]
		}
		if g.marks[i] != want {
			m = append(m, Change{i, g.Cell(i), Cell{0, want}})
		}
	}
	return g.apply(m)
}

// ClearMarks removes every pencil mark.
func (g *Game) ClearMarks() bool {
	if g.locked() {
		return false
	}
	var m Move
	for i := range g.cells {
		if g.marks[i] != 0 {
			m = append(m, Change{i, g.Cell(i), Cell{g.cells[i], 0}})
		}
	}
	return g.apply(m)
}

// Reveal writes the solution's digit in the selected cell.
func (g *Game) Reveal() bool {
	i := g.selected
	if g.locked() || g.editing || g.IsGiven(i) || g.cells[i] == g.solution[i] {
		return false
	}
	g.setHelp(HelpReveal)
	return g.apply(g.place(i, g.solution[i]))
}

// ShowSolution fills every cell with the solution.
func (g *Game) ShowSolution() bool {
	if g.locked() || g.editing {
		return false
	}
	var m Move
	for i := range g.cells {
		if g.cells[i] != g.solution[i] || g.marks[i] != 0 {
			m = append(m, Change{i, g.Cell(i), Cell{g.solution[i], 0}})
		}
	}
	g.setHelp(HelpSolution)
	return g.apply(m)
}

// SolutionSeen records that the player was shown the whole solution by
// other means than ShowSolution (h: a solver run to its end on this
// board, the step-by-step solution to its last step): a finish then
// counts as with help, as after Reveal. It reports whether that made the
// game one with help (not for a game won, being typed in, or helped
// already).
func (g *Game) SolutionSeen(h Help) bool {
	if g.won || g.editing || g.broken != nil {
		return false
	}
	was := g.assisted
	g.setHelp(h)
	return !was
}

// Check marks every entry that differs from the solution and returns how
// many there are. The marks go when those cells change.
func (g *Game) Check() int {
	n := 0
	for i := range g.cells {
		g.wrong[i] = g.solutions == 1 && !g.IsGiven(i) && g.cells[i] != 0 && g.cells[i] != g.solution[i]
		if g.wrong[i] {
			n++
		}
	}
	g.changed()
	return n
}

// Mistakes returns the entries that differ from the solution, without
// marking them.
func (g *Game) Mistakes() []int {
	var out []int
	if g.solutions != 1 {
		return nil
	}
	for i := range g.cells {
		if !g.IsGiven(i) && g.cells[i] != 0 && g.cells[i] != g.solution[i] {
			out = append(out, i)
		}
	}
	return out
}

// Restart clears every entry and mark, the history and the timer.
func (g *Game) Restart() {
	copy(g.cells, g.givens)
	clear(g.marks)
	copy(g.marks, g.startMarks)
	clear(g.helped)
	clear(g.wrong)
	g.undo, g.redo = nil, nil
	// A new attempt: its win counts, unless the puzzle was finished
	// before or its solution seen (Show Solution, Restart, and the same
	// puzzle typed in was a new best and a streak).
	g.help &= seesSolution // (and wonBefore stays)
	g.won, g.assisted = false, g.help != 0
	g.elapsed = 0
	g.resumedAt = g.now()
	g.selected = g.firstEmpty()
	g.changed()
}

// Undo takes back the last move.
//
// A board the player finished takes no more moves, but one finished with
// help (Show Solution, Reveal) can be taken back: the game goes on, its
// clock too.
func (g *Game) Undo() bool {
	if len(g.undo) == 0 || g.broken != nil || (g.won && !g.assisted) {
		return false
	}
	if g.won {
		g.won = false
		g.resumedAt = g.now()
	}
	m := g.undo[len(g.undo)-1]
	g.undo = g.undo[:len(g.undo)-1]
	for k := len(m) - 1; k >= 0; k-- {
		g.set(m[k].Cell, m[k].From)
	}
	g.redo = append(g.redo, m)
	g.selected = m[0].Cell
	g.changed()
	return true
}

// Redo does again the last move taken back.
func (g *Game) Redo() bool {
	if len(g.redo) == 0 || g.locked() {
		return false
	}
	m := g.redo[len(g.redo)-1]
	g.redo = g.redo[:len(g.redo)-1]
	for _, c := range m {
		g.set(c.Cell, c.To)
	}
	g.undo = append(g.undo, m)
	g.selected = m[0].Cell
	g.afterMove()
	return true
}

// History is the number of moves that can be undone.
func (g *Game) History() int { return len(g.undo) }

// Started reports a game with moves: ones to undo or redo, or entries
// and marks of the player's without them (a game restored without its
// history, LostHistory). A game whose history was dropped had counted as
// untouched, and its entries went as soon as the player left the puzzle.
func (g *Game) Started() bool {
	return len(g.undo) > 0 || len(g.redo) > 0 || !g.editing && g.playerProgress()
}

// LostHistory says why the history of the game restored did not read,
// nil when it did.
func (g *Game) LostHistory() error { return g.lostHistory }

// Progress reports whether the board holds anything of the player's:
// entries, or pencil marks other than those the puzzle came with. A game
// whose moves were all taken back has none, though it was started.
func (g *Game) Progress() bool { return !g.editing && g.playerProgress() }

// playerProgress reports entries or pencil marks of the player's: digits
// in cells that are not givens, marks other than those the puzzle came
// with.
func (g *Game) playerProgress() bool {
	for i, d := range g.cells {
		if g.givens[i] != 0 {
			continue
		}
		start := Marks(0)
		if g.startMarks != nil {
			start = g.startMarks[i]
		}
		if d != 0 || g.marks[i] != start {
			return true
		}
	}
	return false
}

func (g *Game) set(i int, c Cell) {
	if g.editing {
		g.givens[i] = c.Digit
	}
	g.cells[i] = c.Digit
	g.marks[i] = c.Marks
	if c.Digit != 0 || c.Marks == 0 {
		g.helped[i] = 0
	} else {
		g.helped[i] &^= c.Marks // a digit back in the marks is no longer out
	}
	g.wrong[i] = false
}

// Helped returns the digits that applied deductions (hints) took out of
// cell i's pencil marks and that are still out; the other digits the
// board allows but the marks leave out, the player took out by hand.
// A move redone after an undo counts as the player's.
func (g *Game) Helped(i int) Marks { return g.helped[i] }

// apply makes a move, records it for undo and clears the redo list.
func (g *Game) apply(m Move) bool {
	if len(m) == 0 {
		return false
	}
	for _, c := range m {
		g.set(c.Cell, c.To)
	}
	g.undo = append(g.undo, m)
	g.redo = nil
	g.afterMove()
	return true
}

// afterMove detects a win and notifies.
func (g *Game) afterMove() {
	if !g.editing && !g.won && g.complete() {
		g.won = true
		defer func() { g.wonBefore = true }() // after OnWin, which reads it
		g.elapsed = g.Elapsed()
		g.resumedAt = time.Time{}
		g.changed()
		if g.OnWin != nil {
			g.OnWin(g.elapsed, g.assisted)
		}
		return
	}
	g.changed()
}

// complete reports a full board that keeps the rules (and equals the
// solution when there is only one).
func (g *Game) complete() bool {
	for _, d := range g.cells {
		if d == 0 {
			return false
		}
	}
	if g.board().Validate() != nil {
		return false
	}
	return g.solutions != 1 || slices.Equal(g.cells, g.solution)
}

// board is the board itself, not a copy: for reading only.
func (g *Game) board() solver.Board { return solver.Board{Geo: g.geo, Cells: g.cells} }

// candidates returns, for each empty cell, the symbols no peer holds.
func (g *Game) candidates() []Marks {
	c := g.board().Candidates()
	out := make([]Marks, len(c))
	for i, m := range c {
		out[i] = Marks(m)
	}
	return out
}

// Conflicts marks every cell whose symbol repeats in one of its units.
func (g *Game) Conflicts() []bool { return g.board().Clashes() }

// Tally returns, for each symbol 1..N, how many are still to place and
// whether all N are in without a clash (for the number pad). One pass
// over the board and one over its units.
func (g *Game) Tally() (left []int, done []bool) {
	n := g.geo.N
	count := make([]int, n+1)
	for _, d := range g.cells {
		count[d]++
	}
	clash := make([]bool, n+1)
	for i, c := range g.Conflicts() {
		if c {
			clash[g.cells[i]] = true
		}
	}
	left, done = make([]int, n+1), make([]bool, n+1)
	for d := 1; d <= n; d++ {
		left[d] = max(n-count[d], 0)
		done[d] = count[d] == n && !clash[d]
	}
	return left, done
}

// Elapsed is the time played so far.
func (g *Game) Elapsed() time.Duration {
	if g.resumedAt.IsZero() {
		return g.elapsed
	}
	end := g.now()
	if g.held {
		end = g.heldSince
		if end.Before(g.resumedAt) { // resumed while held
			end = g.resumedAt
		}
	}
	return g.elapsed + end.Sub(g.resumedAt)
}

// Hold stops the clock without pausing the game, while the player cannot
// be playing: a dialog covers the board, a solver or the walkthrough
// shows on it, the window is in the background. Hold(false) starts it
// again. The board stays in view and takes moves as ever.
func (g *Game) Hold(on bool) {
	if on == g.held {
		return
	}
	g.held = on
	now := g.now()
	if on {
		g.heldSince = now
		return
	}
	if !g.resumedAt.IsZero() {
		from := g.heldSince
		if from.Before(g.resumedAt) { // resumed while held
			from = g.resumedAt
		}
		if now.After(from) {
			g.resumedAt = g.resumedAt.Add(now.Sub(from))
		}
	}
}

// Held reports that the clock is held (see Hold).
func (g *Game) Held() bool { return g.held }

// Paused reports whether the timer is stopped by the player.
func (g *Game) Paused() bool {
	return g.resumedAt.IsZero() && !g.won && !g.editing && g.broken == nil
}

// Pause stops the timer; Resume starts it again.
func (g *Game) Pause() {
	if g.resumedAt.IsZero() {
		return
	}
	g.elapsed = g.Elapsed()
	g.resumedAt = time.Time{}
	g.changed()
}

func (g *Game) Resume() {
	if !g.resumedAt.IsZero() || g.locked() || g.editing {
		return
	}
	g.resumedAt = g.now()
	g.changed()
}

// EditStatus says, while editing, whether the givens make a proper puzzle:
// see CheckPuzzle.
func (g *Game) EditStatus(ctx context.Context) error { return CheckPuzzle(ctx, g.Givens()) }

// CheckPuzzle says whether givens make a proper puzzle: the error for an
// invalid board, for no solution or several, ctx's error if it ends first,
// or nil.
func CheckPuzzle(ctx context.Context, givens solver.Board) error {
	if err := givens.Validate(); err != nil {
		return err
	}
	if givens.Givens() == 0 && !givens.Geo.Killer() { // a killer's cages may be all it needs
		return fmt.Errorf("type the givens of your puzzle")
	}
	if givens.Givens() == len(givens.Cells) {
		return fmt.Errorf("every cell is given: leave some empty to solve")
	}
	r := solver.SolveBoard(ctx, givens, solver.Options{Limit: 2})
	switch {
	case r.Status == solver.Cancelled:
		return ctx.Err()
	case r.Solutions == 0:
		if why := logic.CageTotal(givens.Geo); why != "" {
			// No given is to blame: "more than one given is wrong" was
			// said of a killer with none.
			return &NoSolutionError{Why: strings.TrimSuffix(why, "."), geo: givens.Geo}
		}
		e := &NoSolutionError{Fixes: solver.OneSolutionChanges(ctx, givens, 8), geo: givens.Geo}
		if len(e.Fixes) == 0 || len(e.Fixes) > 8 {
			e.Fixes = nil
			e.Suspects = solver.SolvableWithout(ctx, givens)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(e.Fixes) == 0 && len(e.Suspects) == 0 {
			// A killer's: where the cages break, lit (a sum or a cage's
			// cells is wrong, not only the givens).
			e.Why, e.Where = logic.KillerWhy(givens)
		}
		return e
	case r.Solutions > 1:
		if other, ok := solver.OtherBoardSolution(ctx, givens, r.Solution); ok {
			e := &SeveralError{}
			for i := range other.Cells {
				if other.Cells[i] != r.Solution.Cells[i] {
					e.Differ = append(e.Differ, i)
				}
			}
			return e
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &SeveralError{} // none of its cells found to light
	}
	return nil
}

// NoSolutionError is CheckPuzzle's error for givens with no solution:
// Fixes are the changes of one given that make a puzzle with one solution
// (a typo, and what it should be), when one to eight do; else Suspects
// are the givens that, taken out alone, leave a solution (one wrong given
// is among them). An author typing a newspaper's puzzle was told "no
// solution" and had to find the typo among 30 givens.
type NoSolutionError struct {
	Suspects []int
	Fixes    []solver.Change
	// Why says why a killer has none when no given is to blame (its
	// sums do not add up, or a cage breaks a unit), and Where are the
	// cells it names.
	Why   string
	Where []int
	geo   *solver.Geometry // names the cells
}

func (e *NoSolutionError) Error() string {
	if e.Why != "" {
		return "no solution: " + e.Why
	}
	switch lit := e.Lit(); {
	case len(e.Fixes) == 1 && e.geo != nil:
		f := e.Fixes[0]
		return fmt.Sprintf("no solution: a typo? %c in %s (lit) would give one", solver.Symbol(f.Digit), e.geo.CellName(f.Cell))
	case len(e.Fixes) > 1 && len(lit) == 1 && e.geo != nil:
		return fmt.Sprintf("no solution: a typo? %s (lit), changed, would give one", e.geo.CellName(lit[0]))
	case len(e.Fixes) > 1:
		return fmt.Sprintf("no solution: a typo? One of the %d givens lit, changed, would give one", len(lit))
	case len(e.Suspects) == 1:
		return "no solution: check the given lit"
	case len(e.Suspects) > 1:
		return fmt.Sprintf("no solution: check the %d givens lit", len(e.Suspects))
	}
	return "no solution: more than one given is wrong"
}

// Lit are the cells the editor lights for e: the typo's, or the suspects.
func (e *NoSolutionError) Lit() []int {
	if len(e.Fixes) == 0 && len(e.Suspects) == 0 {
		return e.Where
	}
	if len(e.Fixes) == 0 {
		return e.Suspects
	}
	var cells []int
	for _, f := range e.Fixes {
		if !slices.Contains(cells, f.Cell) {
			cells = append(cells, f.Cell)
		}
	}
	return cells
}

// SeveralError is CheckPuzzle's error for givens with several solutions,
// where it found two: Differ are the cells where they differ, one of which
// wants a given.
type SeveralError struct {
	Differ []int
}

func (e *SeveralError) Error() string {
	if len(e.Differ) == 0 {
		return "more than one solution: add givens"
	}
	return fmt.Sprintf("more than one solution: give one of the %d cells lit", len(e.Differ))
}

// Finish ends editing and starts the game on the typed givens.
func (g *Game) Finish() error {
	if !g.editing {
		return nil
	}
	if err := g.EditStatus(context.Background()); err != nil {
		return err
	}
	ng, err := New(g.Name, g.Givens())
	if err != nil {
		return err // (CheckPuzzle said yes: cannot happen, and no panic if it does)
	}
	onChange, onWin := g.OnChange, g.OnWin
	now := g.now
	*g = *ng
	g.OnChange, g.OnWin = onChange, onWin
	g.SetClock(now)
	g.changed()
	return nil
}

// Deduction is a step found by the logical solver, as the game applies it:
// digits to place and candidates to remove.
type Deduction struct {
	Place  [][2]uint8 // cell, digit
	Remove [][2]uint8 // cell, digit
}

// Apply makes a deduction one move: placements as entries (clearing their
// digit from peers' marks), eliminations as removed pencil marks. A cell
// the player has not pencilled gets its candidates first, so that the
// removal shows.
//
// A step applied for the player is help: the win then does not count as
// a best time, as after Reveal.
func (g *Game) Apply(d Deduction) bool {
	if g.locked() || g.editing {
		return false
	}
	next := map[int]Cell{}
	cur := func(i int) Cell {
		if c, ok := next[i]; ok {
			return c
		}
		return g.Cell(i)
	}
	cands := g.candidates()
	for _, r := range d.Remove {
		i, digit := int(r[0]), r[1]
		c := cur(i)
		if c.Digit != 0 {
			continue
		}
		if c.Marks == 0 {
			c.Marks = cands[i]
		}
		c.Marks &^= 1 << digit
		next[i] = c
	}
	for _, p := range d.Place {
		i, digit := int(p[0]), p[1]
		if g.IsGiven(i) {
			continue
		}
		next[i] = Cell{digit, 0}
		for _, q := range g.geo.Peers(i) {
			if c := cur(int(q)); c.Digit == 0 && c.Marks.Has(digit) {
				c.Marks &^= 1 << digit
				next[int(q)] = c
			}
		}
	}
	var m Move
	for i := range g.cells { // in cell order, so a move is the same every time
		if c, ok := next[i]; ok && c != g.Cell(i) {
			m = append(m, Change{i, g.Cell(i), c})
		}
	}
	if len(m) > 0 {
		g.setHelp(HelpHint)
	}
	// A digit the deduction takes out that the player's marks had left
	// out already counts as taken out by it too: the hints, which reason
	// from all the candidates of a cell whose marks leave out its digit,
	// gave it back, and offered the same step again, for ever (a killer's
	// cage combinations, applied to marks without the digit, changed
	// nothing).
	for _, r := range d.Remove {
		i, digit := int(r[0]), r[1]
		if c := g.Cell(i); c.Digit == 0 && c.Marks != 0 && !c.Marks.Has(digit) && cands[i].Has(digit) {
			g.helped[i] |= 1 << digit
		}
	}
	// Recorded before apply notifies (a save reads it); set() keeps only
	// what stays out.
	for _, c := range m {
		if out := c.From.Marks &^ c.To.Marks; c.To.Digit == 0 && c.To.Marks != 0 {
			if c.From.Marks == 0 {
				out = cands[c.Cell] &^ c.To.Marks
			}
			g.helped[c.Cell] |= out
		}
	}
	return g.apply(m)
}

// Position returns the board and the candidates as the player knows them:
// a cell's pencil marks where it has some (less any symbol a peer already
// holds), the full candidates where it has none.
func (g *Game) Position() (solver.Board, []Marks) {
	c := g.candidates()
	for i := range c {
		if g.cells[i] == 0 && g.marks[i] != 0 {
			c[i] &= g.marks[i]
		}
	}
	return g.Board(), c
}

// MarkMistakes returns the empty cells whose pencil marks leave out the
// solution's digit (when the puzzle has one solution).
func (g *Game) MarkMistakes() []int {
	var out []int
	if g.solutions != 1 {
		return nil
	}
	for i := range g.cells {
		if g.cells[i] == 0 && g.marks[i] != 0 && !g.marks[i].Has(g.solution[i]) {
			out = append(out, i)
		}
	}
	return out
}

// UndoToCorrect takes back moves until no digit contradicts the
// solution, and reports how many moves it took back. Pencil marks are the
// player's notes, not mistakes (as the hints take them): a mark that left
// out a cell's digit sent it back past every correct move made since.
func (g *Game) UndoToCorrect() int {
	n := 0
	for len(g.Mistakes()) > 0 && g.Undo() {
		n++
	}
	return n
}
