package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/solver"
)

// session is what is saved between runs: the game in progress (and the
// one to go back to while the player types a puzzle of their own), the
// file it came from, and for every file the player has opened, the place in
// it and the progress made on its puzzles.
type session struct {
	Version  int                  `json:"version"`
	Game     *game.State          `json:"game,omitempty"`
	Previous *game.State          `json:"previous,omitempty"`
	File     string               `json:"file,omitempty"`
	Files    map[string]fileState `json:"files,omitempty"`
	Settings settings             `json:"settings"`

	raw []byte // the file as read, kept aside if part of it is damaged
}

// fileState is the player's place and progress in one puzzle file.
type fileState struct {
	Index    int                `json:"index"`
	Progress map[int]game.State `json:"progress,omitempty"`
}

// settings are the player's choices and records. They are kept in the
// session file, written atomically, rather than in Fyne's preferences: Fyne
// rewrites preferences.json in place on every start while its own file
// watcher may read it half-written, and a crash then could lose them.
type settings struct {
	Recent    []string         `json:"recent,omitempty"`
	Algorithm string           `json:"algorithm,omitempty"`
	Speed     *int             `json:"speed,omitempty"`
	Level     string           `json:"level,omitempty"` // of the last new puzzle
	Best      map[string]int64 `json:"best_ms,omitempty"`
}

const sessionVersion = 2

// MaxSessionSize bounds the session file read at start: a real one is a
// few hundred KB (moves and progress are capped), so anything far larger
// is damage, and reading it whole could stop the app from starting.
const MaxSessionSize = 64 << 20

// loadSession reads the session file. One that cannot be understood is
// kept aside as session.json.bad-TIME (see keepBad), so that the next save
// does not overwrite what might still be rescued by hand. A path that is
// not a regular file (a FIFO would block the start) is refused.
func loadSession(path string) (*session, error) {
	removeStaleTemps(path)
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file; it is left alone and nothing is saved there", path)
	}
	if fi.Size() > MaxSessionSize {
		bad := keepBad(path, nil)
		return nil, fmt.Errorf("%s is %d MB, too large to be a saved game (kept as %s)", path, fi.Size()>>20, filepath.Base(bad))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s session
	err = json.Unmarshal(b, &s)
	if err == nil && s.Version != sessionVersion {
		err = fmt.Errorf("version %d, want %d", s.Version, sessionVersion)
	}
	if err != nil {
		bad := keepBad(path, nil)
		return nil, fmt.Errorf("%s (kept as %s): %w", path, filepath.Base(bad), err)
	}
	s.raw = b
	return &s, nil
}

// keepBad keeps a damaged session for the user as PATH.bad-TIME: the file
// itself is moved there when data is nil, else data is written there. The
// time in the name keeps a second damage from overwriting the first.
func keepBad(path string, data []byte) string {
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

// removeStaleTemps removes the temporary files of saves that were killed
// before they finished (a minute old at least, so a save under way in
// another window is left alone).
func removeStaleTemps(path string) {
	atomicfile.RemoveStale(path, time.Minute)
	// The names an earlier version used.
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp"))
	for _, f := range old {
		if fi, err := os.Stat(f); err == nil && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(f)
		}
	}
}

// collection is an open file of puzzles: where the player is in it and
// the progress kept for each puzzle they touched. Pasted puzzles make a
// collection that is not a file: it is neither remembered nor saved.
type collection struct {
	path     string
	isFile   bool
	puzzles  []solver.Puzzle
	index    int
	progress map[int]game.State
	levels   []string  // per puzzle, "" until rated
	scores   []float64 // per puzzle, with levels

	loaded      bool      // the whole file is read
	key         *[32]byte // the content's hash, for the levels cache, once known
	levelsDirty bool      // ratings came in since the cache was written
	levelsSaved time.Time // when the cache was last written
}

func newCollection(path string, isFile bool, ps []solver.Puzzle) *collection {
	return &collection{path: path, isFile: isFile, puzzles: ps, progress: map[int]game.State{},
		levels: make([]string, len(ps)), scores: make([]float64, len(ps))}
}

// resume carries on where the player was in the file, if anywhere.
func (c *collection) resume(f fileState) {
	if f.Index >= 0 && f.Index < len(c.puzzles) {
		c.index = f.Index
	}
	for i, st := range f.Progress {
		if i >= 0 && i < len(c.puzzles) {
			c.progress[i] = st
		}
	}
}

// saver writes the session file atomically, a short while after the last
// change, from its own goroutine, so typing never waits for the disk.
type saver struct {
	path    string
	delay   time.Duration
	mu      sync.Mutex // guards data
	write   sync.Mutex // serialises writes
	data    []byte     // the latest state not yet written
	kick    chan struct{}
	stop    chan struct{}
	stopped chan struct{}
	// OnError, when set, hears about a failed write, and OnSaved about the
	// first write that worked after one failed (from the saver's
	// goroutine).
	OnError func(error)
	OnSaved func()
	failing bool // the last write failed (the saver's goroutine's)
}

func newSaver(path string, delay time.Duration) *saver {
	s := &saver{path: path, delay: delay, kick: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.loop()
	return s
}

// store hands over the latest state; it is written within delay.
func (s *saver) store(b []byte) {
	s.mu.Lock()
	s.data = b
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

func (s *saver) loop() {
	defer close(s.stopped)
	for {
		select {
		case <-s.kick:
		case <-s.stop:
			return
		}
		select {
		case <-time.After(s.delay):
		case <-s.stop:
			return
		}
		s.report(s.flush())
	}
}

// report tells OnError about a failed flush, and OnSaved about the first
// one that worked after a failure.
func (s *saver) report(err error) {
	switch {
	case err != nil:
		s.failing = true
		if s.OnError != nil {
			s.OnError(err)
		}
	case s.failing:
		s.failing = false
		if s.OnSaved != nil {
			s.OnSaved()
		}
	}
}

// flush writes the pending state now, if there is one. The disk is
// written outside the lock, so the UI's store never waits for it.
func (s *saver) flush() error {
	s.write.Lock() // one write at a time, in order
	defer s.write.Unlock()
	s.mu.Lock()
	data := s.data
	s.data = nil
	s.mu.Unlock()
	if data == nil {
		return nil
	}
	err := game.WriteFileAtomic(s.path, data)
	if err != nil {
		s.mu.Lock()
		if s.data == nil { // nothing newer came: try this again next time
			s.data = data
		}
		s.mu.Unlock()
	}
	return err
}

// close stops the goroutine and writes what is pending.
func (s *saver) close() error {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.stopped
	return s.flush()
}

// errNoSession is returned by restore when there is nothing to restore.
var errNoSession = errors.New("no saved game")
