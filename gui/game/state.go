package game

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/solver"
)

// State is a game written down: everything needed to carry on exactly
// where the player left off, undo history included.
type State struct {
	Name  string `json:"name"`
	Level string `json:"level,omitempty"`
	// Shape is the board's shape as the Solo game ID of an empty board
	// ("3x2:z1j", "9j:i9i…,regions"); empty for classic 9×9.
	Shape  string   `json:"shape,omitempty"`
	Givens string   `json:"givens"` // N² symbols, '.' for blanks
	Cells  string   `json:"cells"`
	Marks  []uint32 `json:"marks"`
	// Helped: per cell, the digits hints took out of its marks (Game.Helped);
	// absent when none.
	Helped []uint32 `json:"helped,omitempty"`
	// StartMarks: the pencil marks the puzzle came with (Game.StartMarks);
	// absent when none.
	StartMarks []uint32    `json:"start_marks,omitempty"`
	Elapsed    float64     `json:"elapsed_seconds"`
	Selected   int         `json:"selected"`
	Pencil     bool        `json:"pencil,omitempty"`
	Editing    bool        `json:"editing,omitempty"`
	Won        bool        `json:"won,omitempty"`
	WonBefore  bool        `json:"won_before,omitempty"` // completed once already: a win counts once
	Assisted   bool        `json:"assisted,omitempty"`
	Help       Help        `json:"help,omitempty"` // which help (Game.Help)
	Paused     bool        `json:"paused,omitempty"`
	Undo       [][][5]uint `json:"undo,omitempty"` // moves of [cell, from digit, from marks, to digit, to marks]
	Redo       [][][5]uint `json:"redo,omitempty"`
	Solutions  int         `json:"solutions,omitempty"`
	Solution   string      `json:"solution,omitempty"`
}

// State captures the game.
func (g *Game) State() State {
	marks := make([]uint32, len(g.marks))
	for i, m := range g.marks {
		marks[i] = uint32(m)
	}
	s := State{
		Name: g.Name, Level: g.Level,
		Givens: g.Givens().String(), Cells: g.board().String(), Marks: marks,
		Elapsed: g.Elapsed().Seconds(), Selected: g.selected, Pencil: g.pencil,
		Editing: g.editing, Won: g.won, WonBefore: g.wonBefore, Assisted: g.assisted, Help: g.help, Paused: g.Paused(),
		Undo: encodeMoves(lastMoves(g.undo)), Redo: encodeMoves(lastMoves(g.redo)),
	}
	if slices.ContainsFunc(g.helped, func(m Marks) bool { return m != 0 }) {
		s.Helped = make([]uint32, len(g.helped))
		for i, m := range g.helped {
			s.Helped[i] = uint32(m)
		}
	}
	if g.startMarks != nil {
		s.StartMarks = make([]uint32, len(g.startMarks))
		for i, m := range g.startMarks {
			s.StartMarks[i] = uint32(m)
		}
	}
	if !g.geo.IsClassic() {
		s.Shape = solver.NewBoard(g.geo).SoloID()
	}
	if !g.editing && g.solution != nil {
		s.Solutions, s.Solution = g.solutions, solver.Board{Geo: g.geo, Cells: g.solution}.String()
	}
	return s
}

// MaxSavedMoves is how much of the undo (and of the redo) history a saved
// game keeps: the latest 2,000 moves, far more than a game takes, while a
// session with a long-running history stays small.
const MaxSavedMoves = 2000

// lastMoves is the latest MaxSavedMoves of ms.
func lastMoves(ms []Move) []Move {
	return ms[max(0, len(ms)-MaxSavedMoves):]
}

// MaxElapsed bounds the time a saved game says was played.
const MaxElapsed = 10000 * time.Hour

func encodeMoves(ms []Move) [][][5]uint {
	out := make([][][5]uint, len(ms))
	for k, m := range ms {
		out[k] = make([][5]uint, len(m))
		for j, c := range m {
			out[k][j] = [5]uint{uint(c.Cell), uint(c.From.Digit), uint(c.From.Marks), uint(c.To.Digit), uint(c.To.Marks)}
		}
	}
	return out
}

// decodeMoves reads moves back; a move may not be empty, nor change a
// given (unless the givens are being typed).
func decodeMoves(in [][][5]uint, givens solver.Board, editing bool) ([]Move, error) {
	n, all := uint(givens.Geo.N), uint(allMarks(givens.Geo.N))
	out := make([]Move, len(in))
	for k, m := range in {
		if len(m) == 0 {
			return nil, fmt.Errorf("move %d is empty", k+1)
		}
		out[k] = make(Move, len(m))
		for j, c := range m {
			if c[0] >= uint(len(givens.Cells)) || c[1] > n || c[3] > n || c[2]&^all != 0 || c[4]&^all != 0 {
				return nil, fmt.Errorf("move %d: bad change %v", k+1, c)
			}
			if !editing && givens.Cells[c[0]] != 0 {
				return nil, fmt.Errorf("move %d changes the given %s", k+1, givens.Geo.CellName(int(c[0])))
			}
			out[k][j] = Change{int(c[0]), Cell{uint8(c[1]), Marks(c[2])}, Cell{uint8(c[3]), Marks(c[4])}}
		}
	}
	return out, nil
}

// Restore rebuilds a game from its State, checking everything it reads.
func Restore(s State) (*Game, error) {
	geo := solver.Classic
	if s.Shape != "" {
		b, err := solver.ParseSoloID(s.Shape)
		if err != nil {
			return nil, fmt.Errorf("shape: %w", err)
		}
		geo = b.Geo
	}
	givens, err := parseBoard(geo, s.Givens)
	if err != nil {
		return nil, fmt.Errorf("givens: %w", err)
	}
	if s.Cells == "" {
		s.Cells = s.Givens // none (a damaged session lost them): the givens alone
	}
	cells, err := parseBoard(geo, s.Cells)
	if err != nil {
		return nil, fmt.Errorf("cells: %w", err)
	}
	if len(s.Marks) == 0 {
		s.Marks = make([]uint32, geo.Cells()) // none: no pencil marks
	}
	if len(s.Marks) != geo.Cells() {
		return nil, fmt.Errorf("marks: %d cells, want %d", len(s.Marks), geo.Cells())
	}
	g, err := restoreGame(s, givens)
	if err != nil {
		return nil, err
	}
	if !s.Editing {
		for i, d := range givens.Cells {
			if d != 0 && cells.Cells[i] != d {
				return nil, fmt.Errorf("cells: %s changes a given", geo.CellName(i))
			}
		}
		g.cells = cells.Cells
	}
	all := uint32(allMarks(geo.N))
	for i, m := range s.Marks {
		if m&^all != 0 {
			return nil, fmt.Errorf("marks: bad set %#x", m)
		}
		g.marks[i] = Marks(m)
	}
	if len(s.StartMarks) != 0 && !s.Editing {
		if len(s.StartMarks) != geo.Cells() {
			return nil, fmt.Errorf("start marks: %d cells, want %d", len(s.StartMarks), geo.Cells())
		}
		g.startMarks = make([]Marks, len(s.StartMarks))
		for i, m := range s.StartMarks {
			if m&^all != 0 {
				return nil, fmt.Errorf("start marks: bad set %#x", m)
			}
			if givens.Cells[i] == 0 {
				g.startMarks[i] = Marks(m)
			}
		}
	}
	if len(s.Helped) != 0 && len(s.Helped) != geo.Cells() {
		return nil, fmt.Errorf("helped: %d cells, want %d", len(s.Helped), geo.Cells())
	}
	for i, m := range s.Helped {
		if m&^all != 0 {
			return nil, fmt.Errorf("helped: bad set %#x", m)
		}
		if g.cells[i] == 0 && g.marks[i] != 0 {
			g.helped[i] = Marks(m) &^ g.marks[i]
		}
	}
	// A history that does not read costs the history alone (the whole
	// game, and the file it was of, went with it): the board stays as
	// it was left, and LostHistory says why.
	if g.undo, err = decodeMoves(s.Undo, givens, s.Editing); err != nil {
		g.undo, g.lostHistory = nil, fmt.Errorf("undo: %w", err)
	}
	if g.redo, err = decodeMoves(s.Redo, givens, s.Editing); err != nil {
		g.redo, g.lostHistory = nil, cmp.Or(g.lostHistory, fmt.Errorf("redo: %w", err))
	}
	g.Level = s.Level
	if s.Selected >= 0 && s.Selected < len(g.cells) {
		g.selected = s.Selected
	}
	// A win is only taken for a finished board, and the time played only
	// within bounds: nonsense in the file neither locks a game nor shows
	// as a negative clock.
	g.pencil, g.won, g.assisted = s.Pencil, s.Won && !s.Editing && g.complete(), s.Assisted
	if g.assisted {
		g.help = s.Help
	}
	g.wonBefore = s.WonBefore || g.won
	g.elapsed = 0
	if e := s.Elapsed; e > 0 { // not negative, not NaN
		g.elapsed = time.Duration(min(e, MaxElapsed.Seconds()) * float64(time.Second))
	}
	if !g.won && !g.editing && !s.Paused && g.broken == nil {
		g.resumedAt = g.now()
	} else {
		g.resumedAt = time.Time{}
	}
	return g, nil
}

// restoreGame makes the game of s's givens: an editor, a game with the
// solution s kept (checked against the givens), or one solved afresh.
func restoreGame(s State, givens solver.Board) (*Game, error) {
	if r := []rune(s.Name); len(r) > maxName {
		s.Name = string(r[:maxName-1]) + "…" // (20 MB of it was kept and shown)
	}
	switch {
	case s.Editing:
		g := NewEditor(givens.Geo)
		copy(g.givens, givens.Cells)
		copy(g.cells, givens.Cells)
		g.Name = s.Name
		return g, nil
	case s.Solution != "" && (s.Solutions == 1 || s.Solutions == 2):
		if err := givens.Validate(); err != nil {
			return nil, fmt.Errorf("givens: %w", err)
		}
		sol, err := parseBoard(givens.Geo, s.Solution)
		if err != nil || sol.Givens() != len(sol.Cells) || sol.Validate() != nil {
			return nil, fmt.Errorf("solution: not a full valid grid")
		}
		for i, d := range givens.Cells {
			if d != 0 && sol.Cells[i] != d {
				return nil, fmt.Errorf("solution: %s differs from its given", givens.Geo.CellName(i))
			}
		}
		g := blankGame(s.Name, givens)
		g.solution, g.solutions = sol.Cells, s.Solutions
		return g, nil
	}
	g, err := New(s.Name, givens)
	if err != nil {
		g = NewUnplayable(s.Name, givens, err)
	}
	return g, nil
}

// WriteFileAtomic writes data to path so that a reader (or a crash) sees
// either the old file or the new one, never a mix: it writes a temporary
// file in the same directory, syncs it and renames it over path. A path
// that is not a regular file (a FIFO, a device) is refused: writing the
// program's own state into it could block the saver for ever.
func WriteFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return &os.PathError{Op: "write", Path: path, Err: errors.New("not a regular file")}
	}
	return atomicfile.WriteFile(path, data)
}

// parseBoard reads a board of shape geo from its N² symbols.
func parseBoard(geo *solver.Geometry, s string) (solver.Board, error) {
	b := solver.NewBoard(geo)
	if len(s) != len(b.Cells) {
		return b, fmt.Errorf("%d characters, want %d", len(s), len(b.Cells))
	}
	for i := range b.Cells {
		d, err := solver.ParseSymbol(s[i], geo.N)
		if err != nil {
			return b, fmt.Errorf("column %d: %w", i+1, err)
		}
		b.Cells[i] = d
	}
	return b, nil
}

// allMarks is the set of every symbol of a board of side n.
func allMarks(n int) Marks { return Marks(1)<<(n+1) - 2 }

// maxName bounds a restored game's name: a puzzle file's names are a
// line (64 KB) at most, and a session file may say anything.
const maxName = 4096
