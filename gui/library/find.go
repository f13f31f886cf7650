package library

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"example.com/sudoku/solver/logic"
)

// Show chooses which puzzles the browser lists.
type Show struct {
	// Level is a level's name, NoLevel (cannot be rated), Unrated, or ""
	// for every level.
	Level string
	// Progress is Started, Solved, NotSolved, or "" for all.
	Progress string
	// Text finds puzzles by name (any part, any case) or by number ("42"
	// or "#42").
	Text string
}

// The choices of Show beside the levels.
const (
	Unrated   = "not rated yet"
	Started   = "started"
	Solved    = "solved"
	NotSolved = "not solved"
)

// All reports that s lists every puzzle.
func (s Show) All() bool { return s.Level == "" && s.Progress == "" && strings.TrimSpace(s.Text) == "" }

// Marks are the progress of the touched puzzles: true solved, false
// started.
type Marks map[int]bool

// Marks copies the progress marks, the current game's included (cost: the
// puzzles touched, not the file).
func (c *Collection) Marks(cur func() (started, solved bool)) Marks {
	m := make(Marks, len(c.Progress)+1)
	for i := range c.Progress {
		if st, ok := c.progress(i); ok { // not another puzzle's, kept at its index
			m[i] = st.Won && !st.Assisted // finished with help: not solved
		}
	}
	if cur != nil {
		switch started, solved := cur(); {
		case solved:
			m[c.Index] = true
		case started:
			m[c.Index] = false
		default:
			delete(m, c.Index)
		}
	}
	return m
}

// Find lists, in order, the puzzles of ps that s shows, given their
// ratings r and marks m. It runs off the UI goroutine (a million puzzles
// take a few milliseconds) and stops early, with ctx's error, when ctx is
// done.
func Find(ctx context.Context, ps Puzzles, r Ratings, m Marks, s Show) ([]int32, error) {
	level, err := levelFilter(s.Level)
	if err != nil {
		return nil, err
	}
	text := foldName(strings.TrimSpace(s.Text))
	number := -1
	if n, err := strconv.Atoi(strings.TrimPrefix(text, "#")); err == nil {
		number = n - 1
	}
	byName := text != "" && ps.Named() > 0
	var named map[int]bool
	if byName {
		named = map[int]bool{}
		for k, na := range ps.names {
			if k&0xffff == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if strings.Contains(foldName(na.name), text) {
				named[int(na.i)] = true
			}
		}
	}
	n := min(ps.Len(), len(r))
	var out []int32
	for i := 0; i < n; i++ {
		if i&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if text != "" && i != number && !named[i] {
			continue
		}
		if lv := int(r.level(i)); level >= 0 && lv != level && !(level == unrateable && lv > unrateable-4) {
			continue // (the puzzles that cannot be rated are 252 to 255: see packRating)
		}
		if s.Progress != "" && !progressShown(m, i, s.Progress) {
			continue
		}
		out = append(out, int32(i))
	}
	return out, nil
}

// levelFilter is the rating byte a level shows (see Ratings), or -1 for
// any.
func levelFilter(name string) (int, error) {
	switch name {
	case "":
		return -1, nil
	case Unrated:
		return 0, nil
	case NoLevel:
		return unrateable, nil
	}
	lv, err := logic.ParseLevel(name)
	if err != nil {
		return 0, err
	}
	return int(lv) + 1, nil
}

func progressShown(m Marks, i int, want string) bool {
	solved, touched := m[i]
	switch want {
	case Started:
		return touched && !solved
	case Solved:
		return solved
	case NotSolved:
		return !solved
	}
	return true
}

// foldName is a name as Find compares it: lower case, and without accents,
// so that "ete" and "été" find "Été" whichever way its accents are
// written (a Mac's names, e and a combining accent, were not found by
// "été"). An ASCII name, most of a big file's, costs one lower-casing.
func foldName(s string) string {
	s = strings.ToLower(s)
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			// (A chain of its own: a transformer keeps state, and
			// searches run on several goroutines.)
			unaccent := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
			out, _, err := transform.String(unaccent, s)
			if err != nil {
				return s
			}
			return out
		}
	}
	return s
}
