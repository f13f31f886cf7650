package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
)

// session is what is saved between runs: the game in progress and, when
// it came from a file, that file, the position in it and the progress made
// on its other puzzles.
type session struct {
	Version  int                `json:"version"`
	Game     *game.State        `json:"game,omitempty"`
	File     string             `json:"file,omitempty"`
	Index    int                `json:"index,omitempty"`
	Progress map[int]game.State `json:"progress,omitempty"`
	Settings settings           `json:"settings"`
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

const sessionVersion = 1

func loadSession(path string) (*session, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s session
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if s.Version != sessionVersion {
		return nil, fmt.Errorf("%s: version %d, want %d", path, s.Version, sessionVersion)
	}
	return &s, nil
}

// collection is an open file of puzzles: where the player is in it and
// the progress kept for each puzzle they touched.
type collection struct {
	path     string
	puzzles  []solver.Puzzle
	index    int
	progress map[int]game.State
	levels   []string  // per puzzle, "" until rated
	scores   []float64 // per puzzle, with levels
}

func newCollection(path string, ps []solver.Puzzle) *collection {
	return &collection{path: path, puzzles: ps, progress: map[int]game.State{},
		levels: make([]string, len(ps)), scores: make([]float64, len(ps))}
}

// saver writes the session file atomically, a short while after the last
// change, from its own goroutine, so typing never waits for the disk.
type saver struct {
	path    string
	delay   time.Duration
	mu      sync.Mutex
	data    []byte // the latest state not yet written
	kick    chan struct{}
	stop    chan struct{}
	stopped chan struct{}
	// OnError, when set, hears about a failed write (from the saver's
	// goroutine).
	OnError func(error)
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
		if err := s.flush(); err != nil && s.OnError != nil {
			s.OnError(err)
		}
	}
}

// flush writes the pending state now, if there is one.
func (s *saver) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.data == nil {
		return nil
	}
	err := game.WriteFileAtomic(s.path, s.data)
	if err == nil {
		s.data = nil
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
