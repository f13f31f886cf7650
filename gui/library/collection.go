package library

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/levels"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// NoLevel is the level shown for a puzzle that cannot be rated: it has
// several solutions, none, or breaks the rules. It is never a game's level
// (and so never a key for best times).
const NoLevel = "—"

// Place is the player's place and progress in one puzzle file, as the
// session keeps it.
type Place struct {
	Index    int                `json:"index"`
	Progress map[int]game.State `json:"progress,omitempty"`
	// Board is the givens of the puzzle at Index (Board.String): the
	// place follows it when the file changes, as progress does (a puzzle
	// added at the top opened the file at the same number, another
	// puzzle).
	Board string `json:"board,omitempty"`
}

// Collection is an open file of puzzles: where the player is in it, the
// progress kept for each puzzle they touched and the puzzles' ratings.
// Pasted puzzles make a collection that is not a file: it is neither
// remembered nor saved. A Collection belongs to the UI goroutine; Find
// and Puzzles hand out what other goroutines may read.
type Collection struct {
	Path     string
	IsFile   bool
	Index    int                // the puzzle on the board
	Progress map[int]game.State // of the puzzles touched, by index

	Loaded      bool      // the whole file is read, or its read is over (see Cut)
	Cut         bool      // its read was stopped (Esc) before the file's end: opening it again reads it whole
	Key         *[32]byte // the content's hash, for the levels cache, once known
	Stamp       string    // the file's size and time as read whole, when known (the UI's)
	LevelsDirty bool      // ratings came in since the cache was written
	LevelsSaved time.Time // when the cache was last written

	puzzles Puzzles
	ratings []uint32 // per puzzle (see rating); atomic: Find reads them
}

// New returns a collection of ps (a snapshot the caller no longer adds
// to) at its first puzzle.
func New(path string, isFile bool, ps Puzzles) *Collection {
	return &Collection{Path: path, IsFile: isFile, puzzles: ps, Progress: map[int]game.State{},
		ratings: make([]uint32, ps.Len())}
}

// Len is the number of puzzles.
func (c *Collection) Len() int { return c.puzzles.Len() }

// Puzzles returns the puzzles, safe to read on any goroutine.
func (c *Collection) Puzzles() Puzzles { return c.puzzles }

// Extend takes the puzzles read since: ps holds the earlier ones too, in
// the same order. It costs nothing that grows with the file, but now and
// then (like append) what grows with the puzzles added.
func (c *Collection) Extend(ps Puzzles) {
	if n := ps.Len() - c.puzzles.Len(); n > 0 {
		c.ratings = append(c.ratings, make([]uint32, n)...)
		c.puzzles = ps
	}
}

// Base is the file's name without its folder.
func (c *Collection) Base() string { return filepath.Base(c.Path) }

// Name is puzzle i's name: its own, or "FILE #N".
func (c *Collection) Name(i int) string {
	if n, ok := c.puzzles.Name(i); ok {
		return n
	}
	return fmt.Sprintf("%s #%d", c.Base(), i+1)
}

// Resume carries on where the player was in the file, if anywhere. The
// progress kept for puzzles not read yet stays, for when they are: a big
// file shows its first puzzles while the rest is read, and the progress
// in every puzzle past them was dropped, then saved so.
func (c *Collection) Resume(p Place) {
	if p.Index >= 0 && p.Index < c.Len() {
		c.Index = p.Index
	}
	for i, st := range p.Progress {
		if i >= 0 {
			c.Progress[i] = st
		}
	}
}

// Place is where the player is in the file, for the session.
func (c *Collection) Place() Place {
	p := Place{Index: c.Index, Progress: c.Progress}
	if c.Index >= 0 && c.Index < c.puzzles.Len() {
		p.Board = c.puzzles.Board(c.Index).String()
	}
	return p
}

// Game returns puzzle i with the progress kept for it, or a view of it
// that cannot be played when its givens break the rules or have no
// solution (the reason names the file and line).
func (c *Collection) Game(i int) *game.Game {
	board := c.puzzles.Board(i)
	level, _ := c.Rating(i)
	if level == NoLevel {
		level = ""
	}
	if st, ok := c.Progress[i]; ok {
		if g, err := game.Restore(st); err == nil && sameBoard(g.Givens(), board) {
			if g.Level == "" {
				g.Level = level
			}
			return g
		}
	}
	g, err := game.New(c.Name(i), board)
	if err != nil {
		where := c.Base()
		if line := c.puzzles.Line(i); line > 0 {
			where = fmt.Sprintf("%s:%d", where, line)
		}
		return game.NewUnplayable(c.Name(i), board, fmt.Errorf("%s: %w", where, err))
	}
	g.StartMarks(c.puzzles.StartMarks(i))
	g.TakeUp(c.puzzles.Saved(i))
	g.Level = level
	return g
}

// Stash keeps g's progress as the current puzzle's: a puzzle without
// moves keeps none, so a restart sticks. It reports whether anything
// changed.
func (c *Collection) Stash(g *game.Game) bool {
	if g == nil || g.Editing() || g.Unplayable() != nil || !sameBoard(g.Givens(), c.puzzles.Board(c.Index)) {
		return false
	}
	if g.Started() || g.Won() {
		c.Progress[c.Index] = g.State()
		return true
	}
	_, had := c.Progress[c.Index]
	delete(c.Progress, c.Index)
	return had
}

// Mark is the browser's progress mark for puzzle i: "◐" started, "✓"
// solved, "" untouched. The current puzzle's comes from cur, the game on
// the board.
//
// A puzzle finished with help (the solution shown, cells revealed) is
// marked "helped", not ✓: the list could not tell the puzzles solved from
// those whose solution was looked at.
func (c *Collection) Mark(i int, cur *game.Game) string {
	if i == c.Index && cur != nil && !cur.Editing() { // (a puzzle typed in is no puzzle of the file: #3 showed ◐)
		switch {
		case cur.Won() && cur.Assisted():
			return Helped
		case cur.Won():
			return "✓"
		case cur.Started():
			return "◐"
		}
		return ""
	}
	if st, ok := c.progress(i); ok {
		switch {
		case st.Won && st.Assisted:
			return Helped
		case st.Won:
			return "✓"
		}
		return "◐"
	}
	return ""
}

// progress is the progress kept for puzzle i, if it is that puzzle's:
// progress kept for a puzzle a changed file no longer holds stays at its
// index, for when the file comes back, and marked the puzzle there now
// as started ("#1 hard ◐" on a puzzle never played).
func (c *Collection) progress(i int) (game.State, bool) {
	st, ok := c.Progress[i]
	if !ok || i < 0 || i >= c.Len() {
		return st, false
	}
	return st, st.Givens == c.puzzles.Board(i).String()
}

// Helped is the mark of a puzzle finished with help.
const Helped = "helped"

// A rating is held in 32 bits: the level plus one in the low byte (0 not
// rated yet, 255 cannot be rated) and the score in hundredths above.
const unrateable = 255

func packRating(r levels.Result) uint32 {
	lv := uint32(unrateable) - uint32(r.Why) // unrateable, less why (levels.Why is below 4)
	if r.OK {
		lv = uint32(r.Level) + 1
	}
	return lv | uint32(min(max(r.Score, 0)*100, 65535))<<16
}

func unpackRating(v uint32) (lv uint8, score float64) {
	return uint8(v), float64(v>>16) / 100
}

// SetRating takes a puzzle's rating.
func (c *Collection) SetRating(r levels.Result) {
	if r.Index >= 0 && r.Index < len(c.ratings) {
		c.Ratings().Store(r)
		c.LevelsDirty = true
	}
}

// Rating is puzzle i's level ("" not rated yet, NoLevel cannot be rated)
// and score.
func (c *Collection) Rating(i int) (level string, score float64) {
	if i < 0 || i >= len(c.ratings) {
		return "", 0
	}
	lv, score := unpackRating(atomic.LoadUint32(&c.ratings[i]))
	switch lv {
	case 0:
		return "", 0
	}
	if lv > unrateable-4 {
		return NoLevel, 0
	}
	return logic.Level(lv - 1).String(), score
}

// Why says why puzzle i cannot be rated ("multiple", "unsolvable",
// "invalid", as rate says it), or "" when it can or is not rated yet.
func (c *Collection) Why(i int) string {
	if i < 0 || i >= len(c.ratings) {
		return ""
	}
	if lv, _ := unpackRating(atomic.LoadUint32(&c.ratings[i])); lv > unrateable-4 {
		return levels.Why(unrateable - lv).String()
	}
	return ""
}

// Ratings returns the ratings as they are now, safe to read on any
// goroutine (ratings taken later may or may not show in it).
func (c *Collection) Ratings() Ratings { return Ratings(c.ratings[:len(c.ratings):len(c.ratings)]) }

// Ratings are a file's ratings, one per puzzle.
type Ratings []uint32

// Level is puzzle i's level: 0 not rated yet, unrateable, or a
// logic.Level plus one.
func (r Ratings) level(i int) uint8 { return uint8(atomic.LoadUint32(&r[i])) }

// Known reports that puzzle i is rated (or cannot be).
func (r Ratings) Known(i int) bool { return r.level(i) != 0 }

// Store takes a rating, on any goroutine (the cache's are taken off the
// UI goroutine).
func (r Ratings) Store(res levels.Result) {
	if res.Index >= 0 && res.Index < len(r) {
		atomic.StoreUint32(&r[res.Index], packRating(res))
	}
}

// Results are the ratings in, for the cache.
func (r Ratings) Results() []levels.Result {
	var out []levels.Result
	for i := range r {
		lv, score := unpackRating(atomic.LoadUint32(&r[i]))
		switch lv {
		case 0:
		case unrateable, unrateable - 1, unrateable - 2, unrateable - 3:
			out = append(out, levels.Result{Index: i, Why: levels.Why(unrateable - lv)})
		default:
			out = append(out, levels.Result{Index: i, Level: logic.Level(lv - 1), Score: score, OK: true})
		}
	}
	return out
}

// sameBoard reports two boards of the same shape and symbols.
func sameBoard(a, b solver.Board) bool {
	return a.Geo.Equal(b.Geo) && slices.Equal(a.Cells, b.Cells)
}
