// Package store keeps the window's session on disk: the game in
// progress, the place and progress in every file opened, and the player's
// settings and records. It writes atomically from its own goroutine, only
// what changed, and keeps a damaged file aside rather than overwrite it.
// It does not import Fyne and is tested without a window.
package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/internal/atomicfile"
)

// Session is what is saved between runs: the game in progress (and the
// one to go back to while the player types a puzzle of their own), the
// file it came from, and for every file the player has opened, the place in
// it and the progress made on its puzzles.
type Session struct {
	Version  int         `json:"version"`
	Game     *game.State `json:"game,omitempty"`
	Previous *game.State `json:"previous,omitempty"`
	// GameFile is the game file the game was last saved in or opened
	// from, with its position then: a game restored as it was saved
	// there loses nothing when left (it was asked about after a restart,
	// and counted as played).
	GameFile *GameFileRef `json:"game_file,omitempty"`
	// Drawing is what the editor was drawing: a quit in the middle of
	// it lost a jigsaw's regions not yet whole and the cage under way.
	Drawing  *Drawing                 `json:"drawing,omitempty"`
	File     string                   `json:"file,omitempty"`
	Files    map[string]library.Place `json:"files,omitempty"`
	Settings Settings                 `json:"settings"`

	// Raw is the file as read, kept aside if part of it is damaged.
	Raw []byte `json:"-"`
	// Damaged names the parts that did not read (left at their
	// defaults), and where the file was kept; empty when all read.
	Damaged []string `json:"-"`
}

// Drawing is the editor's drawing of cages or regions (Session.Drawing).
type Drawing struct {
	// Regions are a jigsaw's regions as drawn, a symbol a cell (1-9,
	// then A-G), when regions were drawn.
	Regions string `json:"regions,omitempty"`
	// Cages is set when cages were drawn; Cage and Sum are the cage under
	// way: its cells as picked and its sum as typed.
	Cages bool   `json:"cages,omitempty"`
	Cage  []int  `json:"cage,omitempty"`
	Sum   string `json:"sum,omitempty"`
}

// GameFileRef is where a game is saved (Session.GameFile): the file's
// path, and the game's digits and marks as written there.
type GameFileRef struct {
	Path  string `json:"path"`
	State string `json:"state"`
}

// Settings are the player's choices and records. They are kept in the
// session file, written atomically, rather than in Fyne's preferences: Fyne
// rewrites preferences.json in place on every start while its own file
// watcher may read it half-written, and a crash then could lose them.
type Settings struct {
	Recent    []string `json:"recent,omitempty"`
	Algorithm string   `json:"algorithm,omitempty"`
	Speed     *int     `json:"speed,omitempty"`
	Level     string   `json:"level,omitempty"` // of the last new puzzle
	// Variant and Size are the shape of the last new puzzle: "jigsaw",
	// 9 (empty and 0 for classic 9×9).
	Variant string           `json:"variant,omitempty"`
	Size    int              `json:"size,omitempty"`
	Best    map[string]int64 `json:"best_ms,omitempty"`
	// Window is the window's size, Divider the browser's share of its
	// width, as they were when the window was last closed.
	Window  [2]float32 `json:"window,omitempty"`
	Divider float64    `json:"divider,omitempty"`
	// WindowScale is the scale (FYNE_SCALE, or the screen's) Window was
	// kept at: Window is in its units, so a run at another scale opens
	// the window as many pixels wide, not as many units.
	WindowScale float32 `json:"window_scale,omitempty"`
	// Pos is the window's top-left corner on the desktop, in screen
	// pixels (nil when the desktop does not say, as under Wayland).
	Pos *[2]int `json:"pos,omitempty"`

	Prefs   Prefs             `json:"prefs"`
	OpenDir string            `json:"open_dir,omitempty"` // the folder the Open dialog was last in
	SaveDir string            `json:"save_dir,omitempty"` // the folder the last booklet or export was saved in
	Print   PrintPrefs        `json:"print"`
	Stats   map[string]*Stats `json:"stats,omitempty"` // by level
}

// Stats are the player's record at one level. A win with help (Show
// Solution, Reveal) counts as played, not won, and ends a streak, as does
// a game left unfinished.
type Stats struct {
	Played     int   `json:"played"`
	Won        int   `json:"won"`
	TotalMs    int64 `json:"total_ms"` // of the wins
	Streak     int   `json:"streak"`   // wins in a row, now
	BestStreak int   `json:"best_streak"`
}

// Average is the mean time of the wins.
func (s *Stats) Average() time.Duration {
	if s.Won == 0 {
		return 0
	}
	return time.Duration(s.TotalMs/int64(s.Won)) * time.Millisecond
}

func (s *Settings) stats(level string) *Stats {
	if s.Stats == nil {
		s.Stats = map[string]*Stats{}
	}
	if s.Stats[level] == nil {
		s.Stats[level] = &Stats{}
	}
	return s.Stats[level]
}

// RecordWin keeps a game of the level solved in elapsed, and returns the
// best time before it (0 if none) and whether this one beat it.
func (s *Settings) RecordWin(level string, elapsed time.Duration, assisted bool) (was time.Duration, best bool) {
	st := s.stats(level)
	st.Played++
	if assisted {
		st.Streak = 0
		return time.Duration(s.Best[level]) * time.Millisecond, false
	}
	st.Won++
	st.TotalMs += elapsed.Milliseconds()
	st.Streak++
	st.BestStreak = max(st.BestStreak, st.Streak)
	was = time.Duration(s.Best[level]) * time.Millisecond
	if was == 0 || elapsed < was {
		if s.Best == nil {
			s.Best = map[string]int64{}
		}
		s.Best[level] = elapsed.Milliseconds()
		return was, true
	}
	return was, false
}

// RecordGiveUp keeps a game of the level left unfinished.
func (s *Settings) RecordGiveUp(level string) {
	st := s.stats(level)
	st.Played++
	st.Streak = 0
}

// PrintPrefs are the Print / Export dialog's choices, as last used.
type PrintPrefs struct {
	Format    string `json:"format,omitempty"` // one of the dialog's choices
	PerPage   string `json:"per_page,omitempty"`
	Paper     string `json:"paper,omitempty"`
	Solutions bool   `json:"solutions,omitempty"` // a booklet's solutions section
	Fill      bool   `json:"fill,omitempty"`      // an image's solution filled in
	Count     string `json:"count,omitempty"`     // of new puzzles
	Level     string `json:"level,omitempty"`     // of new puzzles
	Shape     string `json:"shape,omitempty"`     // of new puzzles ("6×6 jigsaw")
	// Board is the shape and level of the game on the board when the
	// booklet was printed: while it is the same, new puzzles come of the
	// shape and level printed last; another game chosen since, of its own
	// (a parent who had just started an easy 9×9 was offered 12 hard
	// killers, the last booklet's).
	Board string `json:"board,omitempty"`
	What  string `json:"what,omitempty"` // "this", "all", "some" or "new": what was printed
	// Numbers are the puzzles printed by number ("1460-1470") from the
	// file NumbersOf: offered again for that file.
	Numbers   string `json:"numbers,omitempty"`
	NumbersOf string `json:"numbers_of,omitempty"`
	// NumbersOnly: a booklet's puzzles captioned by number alone.
	NumbersOnly bool `json:"numbers_only,omitempty"`
	// Title is a title the player typed ("" while the dialog suggests
	// one from what is printed), for what TitleOf names (the file open
	// and the shape of new puzzles): offered again for that alone ("Killer
	// night" headed a later booklet of another file's classic puzzles).
	Title   string `json:"title,omitempty"`
	TitleOf string `json:"title_of,omitempty"`
}

// Prefs are the player's preferences (Preferences, Ctrl+,). The zero
// value is the default.
type Prefs struct {
	Theme         string `json:"theme,omitempty"` // "", "light" or "dark"; "" follows the system, light when it says nothing
	HideClock     bool   `json:"hide_clock,omitempty"`
	NoPeers       bool   `json:"no_peers,omitempty"`        // no highlight of the selected cell's row, column and box
	NoSameDigit   bool   `json:"no_same_digit,omitempty"`   // no highlight of the selected digit elsewhere
	LiveCheck     bool   `json:"live_check,omitempty"`      // wrong digits show at once, not only rule clashes
	KeepPeerMarks bool   `json:"keep_peer_marks,omitempty"` // placing a digit leaves the peers' pencil marks
	NoEditAdvance bool   `json:"no_edit_advance,omitempty"` // typing a given stays on its cell
	NoPopPad      bool   `json:"no_pop_pad,omitempty"`      // a click on a cell only selects it (no number pad by the cell)
	NoCoords      bool   `json:"no_coords,omitempty"`       // no row and column numbers around the board
}

// Version is the session format's.
const Version = 2

// MaxSessionSize bounds the session file read at start: a real one is a
// few hundred KB (moves and progress are capped), so anything far larger
// is damage, and reading it whole could stop the app from starting.
const MaxSessionSize = 64 << 20

// Load reads the session file. One that cannot be understood is
// kept aside as session.json.bad-TIME (see keepBad), so that the next save
// does not overwrite what might still be rescued by hand. A path that is
// not a regular file (a FIFO would block the start) is refused.
func Load(path string) (*Session, error) {
	RemoveStaleTemps(path)
	name := filepath.Base(path)
	fi, err := os.Stat(path)
	if errors.Is(err, syscall.ENOTDIR) {
		// A file where the session's folder goes, or the app's folder
		// above it (both ours): kept aside, so that the folder can be
		// made (saving stayed off on every start, and a file in the
		// app's folder's place started a new game without a word).
		for dir, up := filepath.Dir(path), 0; up < 2; dir, up = filepath.Dir(dir), up+1 {
			if di, derr := os.Lstat(dir); derr == nil && !di.IsDir() {
				bad := KeepBad(dir, nil)
				return nil, fmt.Errorf("%s, where the saved game's folder goes, was a file (kept as %s)", filepath.Base(dir), filepath.Base(bad))
			}
		}
	}
	if os.IsNotExist(err) {
		if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&os.ModeSymlink != 0 {
			// A link to nowhere: every save failed ("no such file"),
			// start after start.
			bad := KeepBad(path, nil)
			return nil, fmt.Errorf("%s was a link to nothing (kept as %s)", name, filepath.Base(bad))
		}
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		// A folder, a FIFO, a device or a link to one: kept aside, and
		// the game saved afresh (it was left in place, and saving stayed
		// off on every start without a word of what to do).
		bad := KeepBad(path, nil)
		return nil, fmt.Errorf("%s was not a file but %s (kept as %s)", name, fileKindOf(fi.Mode()), filepath.Base(bad))
	}
	if fi.Size() > MaxSessionSize {
		bad := KeepBad(path, nil)
		return nil, fmt.Errorf("%s is %d MB, too large to be a saved game (kept as %s)", name, fi.Size()>>20, filepath.Base(bad))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Session
	err = json.Unmarshal(b, &s)
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	read, lost, salvaged := b, []string(nil), false
	if errors.As(err, &syntaxErr) {
		// Not JSON as a whole (cut short by a full disk or a crash, a
		// comma gone): every member that still reads is kept. A file cut
		// three bytes short, or one comma gone from the game, had cost
		// the statistics of weeks, the progress in every file and the
		// settings.
		if closed, ok := closeCut(b); ok {
			// Cut short after its last value, only closing brackets
			// gone: all of it reads (it said "back to defaults" of
			// nothing).
			read, salvaged = closed, true
		} else if repaired, l := salvage(b, ""); repaired != nil && string(repaired) != "{}" {
			read, lost, salvaged = repaired, l, true
			var top map[string]json.RawMessage
			if json.Unmarshal(repaired, &top) == nil && top["settings"] == nil {
				// Written last, and cut off: said in words, not as
				// "the end" of the file.
				lost = append(lost, "the statistics and settings (cut off)")
			}
		}
	}
	if errors.As(err, &typeErr) || salvaged {
		// Well-formed, but a value of the wrong kind somewhere ("window":
		// "big", a negative number in the undo history): every part that
		// reads is kept, the rest is left at its default, and the file is
		// kept aside as it was. One bad setting threw the whole session
		// away, the game, the open file and the progress in files.
		s = Session{}
		s.Damaged = append(lost, lenient(read, reflect.ValueOf(&s).Elem(), "")...)
		err = nil
		if s.Version == 0 && (slices.Contains(s.Damaged, "version") || salvaged) {
			s.Version = Version // unreadable: the fields say whether they read
		}
		bad := KeepBad(path, b)
		s.Damaged = append(s.Damaged, "kept as "+filepath.Base(bad))
	}
	if err == nil && s.Version != Version {
		err = fmt.Errorf("version %d, want %d", s.Version, Version)
	}
	if err != nil {
		// The reason first and the file's own name: the whole path came
		// first, and the reason fell off the end of the status line.
		bad := KeepBad(path, nil)
		return nil, fmt.Errorf("%w (the file is kept as %s)", err, filepath.Base(bad))
	}
	s.Raw = b
	return &s, nil
}

// closeCut is b, JSON cut short after a whole value, with the brackets
// it leaves open closed; ok is false when b is cut elsewhere (inside a
// string, after a comma or a colon) or does not read so.
func closeCut(b []byte) ([]byte, bool) {
	var open []byte
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			if i = stringEnd(b, i); i < 0 {
				return nil, false
			}
			i--
		case '{':
			open = append(open, '}')
		case '[':
			open = append(open, ']')
		case '}', ']':
			if len(open) == 0 {
				return nil, false
			}
			open = open[:len(open)-1]
		}
	}
	t := bytes.TrimRight(b, " \t\r\n")
	if len(open) == 0 || len(t) == 0 || !strings.ContainsRune(`}]"el`, rune(t[len(t)-1])) {
		return nil, false // (a number may have been cut: 30000 read as 300)
	}
	out := append([]byte(nil), t...)
	for k := len(open) - 1; k >= 0; k-- {
		out = append(out, open[k])
	}
	return out, json.Valid(out)
}

// salvage reads what it can of the JSON object that b starts with, when
// b is not JSON as a whole: every member whose value reads, an object
// that does not read salvaged member by member in turn, a comma missing
// between members taken as there, the reading stopping where nothing more
// makes sense (a file cut short). It returns the object made of them,
// nil when b does not start an object, and the paths of the members left
// out ("game.cells"; past where the reading stopped, "the rest from
// stats" when it stopped at member stats, "the rest after theme" when
// after member theme, else "the rest").
func salvage(b []byte, at string) (json.RawMessage, []string) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, nil
	}
	i++
	out := map[string]json.RawMessage{}
	var lost []string
	path := func(key string) string { return strings.TrimPrefix(at+"."+key, ".") }
	complete := false
	rest := "the rest" // what is lost if the reading stops here
	for {
		i = skipSpace(b, i)
		if i < len(b) && b[i] == '}' {
			complete = true
			break
		}
		end := stringEnd(b, i)
		var key string
		if end < 0 || json.Unmarshal(b[i:end], &key) != nil {
			break
		}
		rest = "the rest from " + key
		if i = skipSpace(b, end); i >= len(b) || b[i] != ':' {
			break
		}
		i = skipSpace(b, i+1)
		dec := json.NewDecoder(bytes.NewReader(b[i:]))
		var raw json.RawMessage
		if dec.Decode(&raw) == nil {
			out[key] = raw
			i += int(dec.InputOffset())
		} else {
			if sub, l := salvage(b[i:], path(key)); sub != nil {
				out[key] = sub
				lost = append(lost, l...)
			} else {
				lost = append(lost, path(key))
			}
			if i = valueEnd(b, i); i < 0 {
				i = len(b) // it runs to the end
				break
			}
		}
		rest = "the rest after " + key
		if i = skipSpace(b, i); i < len(b) && b[i] == ',' {
			i++
		} else if i >= len(b) || b[i] != '"' && b[i] != '}' {
			break
		}
	}
	switch {
	case complete:
	case skipSpace(b, i) < len(b):
		lost = append(lost, path(rest)) // what follows does not read
	case at == "":
		lost = append(lost, "the end (the file was cut short)")
	}
	m, err := json.Marshal(out)
	if err != nil {
		return nil, nil
	}
	return m, lost
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd is the index past the JSON string that starts at b[i], -1
// when none does or it does not end.
func stringEnd(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// valueEnd is the index past the JSON value (an object, an array, a
// string or a word) that starts at b[i], found by its brackets alone
// (what is inside need not read), -1 when it does not end.
func valueEnd(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			if i = stringEnd(b, i); i < 0 {
				return -1
			}
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // (the end of the object around a word)
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return -1
}

// fileKindOf names what a path that is not a regular file is.
func fileKindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "something else"
}

// lenient decodes the JSON object b into the struct v field by field: a
// field that does not decode is left as it was and named in the result
// (by its JSON path, "settings.window"), and a struct field is decoded
// the same way, so that one bad value costs that value alone.
func lenient(b []byte, v reflect.Value, at string) []string {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return []string{strings.TrimPrefix(at, ".")}
	}
	var bad []string
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		raw, ok := fields[name]
		if !ok {
			continue
		}
		fv := v.Field(i)
		if err := json.Unmarshal(raw, fv.Addr().Interface()); err == nil {
			continue
		}
		fv.Set(reflect.Zero(f.Type))
		switch {
		case f.Type.Kind() == reflect.Struct:
			bad = append(bad, lenient(raw, fv, at+"."+name)...)
		case f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct:
			fv.Set(reflect.New(f.Type.Elem()))
			bad = append(bad, lenient(raw, fv.Elem(), at+"."+name)...)
		case f.Type.Kind() == reflect.Map && (f.Type.Key().Kind() == reflect.String || f.Type.Key().Kind() == reflect.Int):
			// Entry by entry: one file's progress that does not read
			// costs that file's alone.
			var entries map[string]json.RawMessage
			if json.Unmarshal(raw, &entries) != nil {
				bad = append(bad, strings.TrimPrefix(at+"."+name, "."))
				continue
			}
			fv.Set(reflect.MakeMap(f.Type))
			for k, e := range entries {
				ev := reflect.New(f.Type.Elem())
				if json.Unmarshal(e, ev.Interface()) != nil {
					where := at + "." + name + "." + k
					if f.Type.Elem().Kind() != reflect.Struct {
						bad = append(bad, strings.TrimPrefix(where, "."))
						continue
					}
					// A file's record with one bad value: the rest of it
					// (its place, its other puzzles' progress) stays.
					ev = reflect.New(f.Type.Elem())
					bad = append(bad, lenient(e, ev.Elem(), where)...)
				}
				key := reflect.ValueOf(k)
				if f.Type.Key().Kind() == reflect.Int {
					n, err := strconv.Atoi(k)
					if err != nil {
						bad = append(bad, strings.TrimPrefix(at+"."+name+"."+k, "."))
						continue
					}
					key = reflect.ValueOf(n)
				}
				fv.SetMapIndex(key.Convert(f.Type.Key()), ev.Elem())
			}
		default:
			bad = append(bad, strings.TrimPrefix(at+"."+name, "."))
		}
	}
	return bad
}

// KeepBad keeps a damaged session for the user as PATH.bad-TIME: the file
// itself is moved there when data is nil, else data is written there. The
// time in the name keeps a second damage from overwriting the first.
func KeepBad(path string, data []byte) string {
	stamp := time.Now().Format("20060102-150405")
	bad := path + ".bad-" + stamp
	for k := 2; ; k++ {
		if _, err := os.Lstat(bad); os.IsNotExist(err) {
			break
		}
		bad = fmt.Sprintf("%s.bad-%s-%d", path, stamp, k)
	}
	if data == nil {
		os.Rename(path, bad)
	} else {
		atomicfile.WriteFile(bad, data)
	}
	return bad
}

// RemoveStaleTemps removes the temporary files of saves that were killed
// before they finished (a minute old at least, so a save under way in
// another window is left alone).
func RemoveStaleTemps(path string) {
	atomicfile.RemoveStale(path, time.Minute)
	// The names an earlier version used.
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp"))
	for _, f := range old {
		if fi, err := os.Stat(f); err == nil && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(f)
		}
	}
}

// Saver writes the session file atomically, a short while after the last
// change, from its own goroutine, so typing never waits for the disk.
type Saver struct {
	path    string
	delay   time.Duration
	mu      sync.Mutex // guards data, written and failing
	write   sync.Mutex // serialises writes
	data    []byte     // the latest state not yet written
	written []byte     // the state written last
	kick    chan struct{}
	stop    chan struct{}
	stopped chan struct{}
	// OnError, when set, hears about a failed write, and OnSaved about the
	// first write that worked after one failed (from the saver's
	// goroutine).
	OnError func(error)
	OnSaved func()
	failing bool // the last write failed (guarded by mu)
	// lock is the session's lock file while this saver owns the session
	// (under write): a second window on the same session writes nothing
	// until the first has gone, where the last to write had won and the
	// other's moves were lost.
	lock *os.File
	// second says another window owned the session when this saver
	// first looked: it never writes it (under write). Taking the session
	// over once that window closed would write over the game it saved as
	// it closed.
	second bool
}

// ErrOtherWindow is the error of every save of a window that started
// while another (another run of the program) owned the session file.
var ErrOtherWindow = errors.New("another Sudoku window saves the game: this window's moves are not saved (play in that one)")

// own takes the session's lock if no other process holds it (under
// write), and reports whether this saver owns the session. The system
// drops the lock when the program ends, killed or not.
func (s *Saver) own() bool {
	if s.lock != nil {
		return true
	}
	if s.second {
		return false
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return true // the write will say what is wrong
	}
	f, err := os.OpenFile(s.path+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		// A lock file of another user's (a run as root left it 0644),
		// or something else in its place: a lock taken on it read only,
		// or else on the folder, works as well. Two windows had each
		// taken the session for its own when the lock could not be
		// opened, and the last to quit wrote over the other's game.
		if f, err = os.Open(s.path + ".lock"); err != nil {
			if f, err = os.Open(filepath.Dir(s.path)); err != nil {
				return true // a folder without rights: the write will say so
			}
		}
	}
	switch err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); {
	case err == nil:
		s.lock = f
		return true
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		s.second = true
		return false
	default:
		f.Close()
		return true // a system without the locks: as before
	}
}

// TryOwn takes the session once the window that owned it when this one
// started has gone, and reports whether this saver owns it now. A second
// window had never saved, even after the first one closed: everything
// played in it was lost at its quit, "play in that one" said of a window
// no longer there. The caller takes up what that window saved last
// before this one saves (see the window's tookOver).
func (s *Saver) TryOwn() bool {
	s.write.Lock()
	defer s.write.Unlock()
	if s.lock != nil {
		return true
	}
	s.second = false
	return s.own()
}

// Owner reports whether this saver owns the session file, taking it if
// no other window does.
func (s *Saver) Owner() bool {
	s.write.Lock()
	defer s.write.Unlock()
	return s.own()
}

// NewSaver starts a saver of the file at path, writing delay after
// the latest change.
func NewSaver(path string, delay time.Duration) *Saver {
	s := &Saver{path: path, delay: delay, kick: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.loop()
	return s
}

// Store hands over the latest state; it is written within delay,
// unless it is what was written last.
func (s *Saver) Store(b []byte) {
	s.mu.Lock()
	if s.data == nil && bytes.Equal(b, s.written) {
		s.mu.Unlock()
		return // nothing changed
	}
	s.data = b
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// retryAfter is how long a saver waits to write again after a write
// failed, with nothing new to write: a win on a full disk stayed unwritten
// once space was freed, until the next move (a kill then lost it).
var retryAfter = 5 * time.Second

func (s *Saver) loop() {
	defer close(s.stopped)
	for {
		s.mu.Lock()
		failing := s.failing
		s.mu.Unlock()
		var retry <-chan time.Time
		if failing {
			retry = time.After(retryAfter)
		}
		select {
		case <-s.kick:
		case <-retry:
		case <-s.stop:
			return
		}
		select {
		case <-time.After(s.delay):
		case <-s.stop:
			return
		}
		s.report(s.Flush())
	}
}

// report tells OnError about a failed flush, and OnSaved about the first
// one that worked after a failure.
func (s *Saver) report(err error) {
	s.mu.Lock()
	was := s.failing
	s.failing = err != nil
	s.mu.Unlock()
	switch {
	case err != nil:
		if s.OnError != nil {
			s.OnError(err)
		}
	case was:
		if s.OnSaved != nil {
			s.OnSaved()
		}
	}
}

// Now writes the latest state at once, not after the delay, off the
// caller's goroutine; a failure is heard as the delayed writes' are. A
// win killed the moment after its "Well done!" had been lost with its
// last digit.
func (s *Saver) Now() {
	go func() { s.report(s.Flush()) }()
}

// Flush writes the pending state now, if there is one. The disk is
// written outside the lock, so the UI's store never waits for it.
func (s *Saver) Flush() error {
	s.write.Lock() // one write at a time, in order
	defer s.write.Unlock()
	s.mu.Lock()
	data := s.data
	s.data = nil
	s.mu.Unlock()
	if data == nil {
		return nil
	}
	err := ErrOtherWindow
	if s.own() {
		err = game.WriteFileAtomic(s.path, data)
	}
	if err == nil {
		s.mu.Lock()
		s.written = data
		s.mu.Unlock()
	} else {
		s.mu.Lock()
		if s.data == nil { // nothing newer came: try this again next time
			s.data = data
		}
		s.mu.Unlock()
	}
	return err
}

// Close stops the goroutine and writes what is pending.
func (s *Saver) Close() error {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.stopped
	err := s.Flush()
	s.write.Lock()
	if s.lock != nil {
		s.lock.Close() // the session is the next window's
		s.lock = nil
	}
	s.write.Unlock()
	return err
}

// ErrNoSession is returned when there is nothing to restore.
var ErrNoSession = errors.New("no saved game")

// Encode is s as the file holds it, with the per-file part already
// marshalled (files, when not nil, stands for s.Files): the window marshals
// that part only when it changes, not with every move.
func Encode(s *Session, files json.RawMessage) ([]byte, error) {
	type plain Session
	out := struct {
		*plain
		Files json.RawMessage `json:"files,omitempty"`
	}{plain: (*plain)(s), Files: files}
	if files == nil && len(s.Files) > 0 {
		b, err := json.Marshal(s.Files)
		if err != nil {
			return nil, err
		}
		out.Files = b
	}
	return json.Marshal(out)
}

// Pause stops the writes in the background; Save still writes. Tests use
// it to write at a moment of their choosing.
func (s *Saver) Pause() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.stopped
}

// Save writes what is pending now and reports the outcome as the
// background writes do (OnError, OnSaved).
func (s *Saver) Save() error {
	err := s.Flush()
	s.report(err)
	return err
}
