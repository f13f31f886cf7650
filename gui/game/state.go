package game

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/solver"
)

// State is a game written down: everything needed to carry on exactly
// where the player left off, undo history included.
type State struct {
	Name      string      `json:"name"`
	Level     string      `json:"level,omitempty"`
	Givens    string      `json:"givens"`
	Cells     string      `json:"cells"`
	Marks     []uint16    `json:"marks"`
	Elapsed   float64     `json:"elapsed_seconds"`
	Selected  int         `json:"selected"`
	Pencil    bool        `json:"pencil,omitempty"`
	Editing   bool        `json:"editing,omitempty"`
	Won       bool        `json:"won,omitempty"`
	Assisted  bool        `json:"assisted,omitempty"`
	Paused    bool        `json:"paused,omitempty"`
	Undo      [][][5]uint `json:"undo,omitempty"` // moves of [cell, from digit, from marks, to digit, to marks]
	Redo      [][][5]uint `json:"redo,omitempty"`
	Solutions int         `json:"solutions,omitempty"`
	Solution  string      `json:"solution,omitempty"`
}

// State captures the game.
func (g *Game) State() State {
	marks := make([]uint16, 81)
	for i, m := range g.marks {
		marks[i] = uint16(m)
	}
	s := State{
		Name: g.Name, Level: g.Level,
		Givens: g.givens.String(), Cells: g.cells.String(), Marks: marks,
		Elapsed: g.Elapsed().Seconds(), Selected: g.selected, Pencil: g.pencil,
		Editing: g.editing, Won: g.won, Assisted: g.assisted, Paused: g.Paused(),
		Undo: encodeMoves(lastMoves(g.undo)), Redo: encodeMoves(lastMoves(g.redo)),
	}
	if !g.editing {
		s.Solutions, s.Solution = g.solutions, g.solution.String()
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
func decodeMoves(in [][][5]uint, givens solver.Grid, editing bool) ([]Move, error) {
	out := make([]Move, len(in))
	for k, m := range in {
		if len(m) == 0 {
			return nil, fmt.Errorf("move %d is empty", k+1)
		}
		out[k] = make(Move, len(m))
		for j, c := range m {
			if c[0] > 80 || c[1] > 9 || c[3] > 9 || c[2]&^uint(solver.All) != 0 || c[4]&^uint(solver.All) != 0 {
				return nil, fmt.Errorf("move %d: bad change %v", k+1, c)
			}
			if !editing && givens[c[0]] != 0 {
				return nil, fmt.Errorf("move %d changes the given %s", k+1, solver.CellName(int(c[0])))
			}
			out[k][j] = Change{int(c[0]), Cell{uint8(c[1]), solver.Set(c[2])}, Cell{uint8(c[3]), solver.Set(c[4])}}
		}
	}
	return out, nil
}

// Restore rebuilds a game from its State, checking everything it reads.
func Restore(s State) (*Game, error) {
	givens, err := solver.Parse(s.Givens)
	if err != nil {
		return nil, fmt.Errorf("givens: %w", err)
	}
	cells, err := solver.Parse(s.Cells)
	if err != nil {
		return nil, fmt.Errorf("cells: %w", err)
	}
	if len(s.Marks) != 81 {
		return nil, fmt.Errorf("marks: %d cells, want 81", len(s.Marks))
	}
	g, err := restoreGame(s, givens)
	if err != nil {
		return nil, err
	}
	if !s.Editing {
		for i := range givens {
			if givens[i] != 0 && cells[i] != givens[i] {
				return nil, fmt.Errorf("cells: %s changes a given", solver.CellName(i))
			}
		}
		g.cells = cells
	}
	for i, m := range s.Marks {
		if m&^uint16(solver.All) != 0 {
			return nil, fmt.Errorf("marks: bad set %#x", m)
		}
		g.marks[i] = solver.Set(m)
	}
	if g.undo, err = decodeMoves(s.Undo, givens, s.Editing); err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	if g.redo, err = decodeMoves(s.Redo, givens, s.Editing); err != nil {
		return nil, fmt.Errorf("redo: %w", err)
	}
	g.Level = s.Level
	if s.Selected >= 0 && s.Selected <= 80 {
		g.selected = s.Selected
	}
	// A win is only taken for a finished board, and the time played only
	// within bounds: nonsense in the file neither locks a game nor shows
	// as a negative clock.
	g.pencil, g.won, g.assisted = s.Pencil, s.Won && !s.Editing && g.complete(), s.Assisted
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
func restoreGame(s State, givens solver.Grid) (*Game, error) {
	switch {
	case s.Editing:
		g := NewEditor()
		g.givens, g.cells = givens, givens
		g.Name = s.Name
		return g, nil
	case s.Solution != "" && (s.Solutions == 1 || s.Solutions == 2):
		if err := givens.Validate(); err != nil {
			return nil, fmt.Errorf("givens: %w", err)
		}
		sol, err := solver.Parse(s.Solution)
		if err != nil || !sol.Full() || sol.Validate() != nil {
			return nil, fmt.Errorf("solution: not a full valid grid")
		}
		for i, d := range givens {
			if d != 0 && sol[i] != d {
				return nil, fmt.Errorf("solution: %s differs from its given", solver.CellName(i))
			}
		}
		return &Game{Name: s.Name, givens: givens, solution: sol, solutions: s.Solutions, now: time.Now}, nil
	}
	g, err := New(s.Name, givens)
	if err != nil {
		g = NewUnplayable(s.Name, givens, err)
	}
	return g, nil
}

// WriteFileAtomic writes data to path so that a reader (or a crash) sees
// either the old file or the new one, never a mix: it writes a temporary
// file in the same directory, syncs it and renames it over path.
func WriteFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data)
}
