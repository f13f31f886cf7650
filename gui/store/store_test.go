package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
)

func sample() *Session {
	speed := 3
	return &Session{Version: Version, File: "/p/f.txt",
		Files: map[string]library.Place{"/p/f.txt": {Index: 4,
			Progress: map[int]game.State{4: {Won: true}}}},
		Settings: Settings{Recent: []string{"/p/f.txt"}, Speed: &speed, Best: map[string]int64{"hard": 61000}}}
}

func TestEncodeAndLoadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	s := sample()
	files, err := json.Marshal(s.Files)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []json.RawMessage{nil, files} {
		b, err := Encode(s, raw)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if got.File != s.File || got.Files["/p/f.txt"].Index != 4 || !got.Files["/p/f.txt"].Progress[4].Won ||
			*got.Settings.Speed != 3 || got.Settings.Best["hard"] != 61000 || string(got.Raw) != string(b) {
			t.Errorf("loaded %+v from %s", got, b)
		}
	}
}

func TestLoadKeepsADamagedSessionAside(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":     "\x00\xffnot json",
		"cut short":   `{"vers`,
		"old version": `{"version":1}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "session.json")
			os.WriteFile(path, []byte(content), 0o600)
			_, err := Load(path)
			if err == nil || !strings.Contains(err.Error(), "kept as session.json.bad-") {
				t.Fatalf("Load = %v, want an error naming the kept file", err)
			}
			kept, _ := filepath.Glob(path + ".bad-*")
			if len(kept) != 1 {
				t.Fatalf("kept %v", kept)
			}
			if b, _ := os.ReadFile(kept[0]); string(b) != content {
				t.Errorf("the kept file holds %q", b)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Error("the damaged file is still where the next save would overwrite it")
			}
		})
	}
}

func TestKeepBadNeverOverwrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	a := KeepBad(path, []byte("first"))
	b := KeepBad(path, []byte("second"))
	if a == b {
		t.Fatalf("both kept as %s", a)
	}
	if x, _ := os.ReadFile(a); string(x) != "first" {
		t.Errorf("%s holds %q", a, x)
	}
}

func TestLoadRefusesHugeAndSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxSessionSize + 1) // sparse: costs no disk
	f.Close()
	if _, err := Load(huge); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("a %d MB session: %v", (MaxSessionSize+1)>>20, err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(fifo); done <- err }()
	select {
	case err := <-done:
		// Kept aside, so that the next save makes the file afresh (it
		// was left, and saving stayed off on every start).
		if err == nil || !strings.Contains(err.Error(), "was not a file but a FIFO (kept as fifo.json.bad-") {
			t.Errorf("a FIFO: %v", err)
		}
		if _, err := os.Lstat(fifo); !os.IsNotExist(err) {
			t.Errorf("the FIFO is still in the session's place: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Load blocked on a FIFO")
	}
	if _, err := Load(filepath.Join(dir, "none.json")); !os.IsNotExist(err) {
		t.Errorf("a missing session: %v", err)
	}
	// A link to nothing.
	dangling := filepath.Join(dir, "dangling.json")
	os.Symlink(filepath.Join(dir, "nowhere", "x"), dangling)
	if _, err := Load(dangling); err == nil || !strings.Contains(err.Error(), "was a link to nothing (kept as dangling.json.bad-") {
		t.Errorf("a dangling link: %v", err)
	}
	if _, err := os.Lstat(dangling); !os.IsNotExist(err) {
		t.Errorf("the link is still in the session's place: %v", err)
	}
	// A folder in the session's place, and a file in its folder's.
	folder := filepath.Join(dir, "folder.json")
	os.Mkdir(folder, 0o755)
	if _, err := Load(folder); err == nil || !strings.Contains(err.Error(), "was not a file but a folder") {
		t.Errorf("a folder: %v", err)
	}
	games := filepath.Join(dir, "games")
	os.WriteFile(games, []byte("x"), 0o644)
	if _, err := Load(filepath.Join(games, "session.json")); err == nil || !strings.Contains(err.Error(), "games, where the saved game's folder goes, was a file (kept as games.bad-") {
		t.Errorf("a file in the folder's place: %v", err)
	}
	if _, err := os.Lstat(games); !os.IsNotExist(err) {
		t.Errorf("the file is still in the folder's place: %v", err)
	}
	// So is one in the place of the app's folder above it.
	app := filepath.Join(dir, "io.github.sudoku.app")
	os.WriteFile(app, []byte("x"), 0o644)
	if _, err := Load(filepath.Join(app, "games", "session.json")); err == nil || !strings.Contains(err.Error(), "io.github.sudoku.app, where the saved game's folder goes, was a file (kept as io.github.sudoku.app.bad-") {
		t.Errorf("a file in the app folder's place: %v", err)
	}
	if _, err := os.Lstat(app); !os.IsNotExist(err) {
		t.Errorf("the file is still in the app folder's place: %v", err)
	}
}

func TestSaverWritesOnlyWhatChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	s := NewSaver(path, time.Hour) // never on its own: the test flushes
	defer s.Close()
	s.Store([]byte("one"))
	s.Store([]byte("two"))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Fatalf("wrote %q, want the latest", b)
	}
	os.Remove(path)
	s.Store([]byte("two")) // as written: nothing to do
	s.Flush()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("an unchanged session was written again")
	}
	s.Store([]byte("three"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "three" {
		t.Errorf("Close left %q, want the pending state written", b)
	}
}

func TestSaverWritesInTheBackground(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	s := NewSaver(path, time.Millisecond)
	defer s.Close()
	s.Store([]byte("soon"))
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, _ := os.ReadFile(path); string(b) == "soon" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the saver never wrote")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A write that fails is reported, kept and tried again; the first that
// works after it is reported too, and the file never holds half a state.
func TestSaverReportsFailureAndRecovery(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "session.json")
	os.WriteFile(filepath.Join(dir, "sub"), nil, 0o600) // a file where the folder should be
	s := NewSaver(path, time.Hour)
	defer s.Close()
	var mu sync.Mutex
	var events []string
	s.OnError = func(err error) { mu.Lock(); events = append(events, "error"); mu.Unlock() }
	s.OnSaved = func() { mu.Lock(); events = append(events, "saved"); mu.Unlock() }
	s.Store([]byte("kept"))
	if err := s.Save(); err == nil {
		t.Fatal("a write under a regular file worked")
	}
	os.Remove(filepath.Join(dir, "sub"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o700)
	if err := s.Save(); err != nil { // the same state, tried again
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "kept" {
		t.Errorf("wrote %q after the failure", b)
	}
	s.Store([]byte("next"))
	s.Save()
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(events, " ") != "error saved" {
		t.Errorf("events %v, want an error then one saved", events)
	}
}

func TestSaverToAFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	s := NewSaver("/dev/full", time.Hour)
	s.Store([]byte("x"))
	if err := s.Close(); err == nil {
		t.Error("writing to /dev/full reported no error")
	}
}

func TestRemoveStaleTempsKeepsFreshOnes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session.json")
	old := filepath.Join(dir, ".session.json.123.tmp")
	fresh := filepath.Join(dir, ".session.json.456.tmp")
	os.WriteFile(old, nil, 0o600)
	os.WriteFile(fresh, nil, 0o600)
	past := time.Now().Add(-time.Hour)
	os.Chtimes(old, past, past)
	RemoveStaleTemps(path)
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Error("an hour-old temporary file was left")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a temporary file of a save under way was removed")
	}
}

func TestStats(t *testing.T) {
	var s Settings
	if _, best := s.RecordWin("easy", 90*time.Second, false); !best {
		t.Error("a first win is not a best")
	}
	if was, best := s.RecordWin("easy", 60*time.Second, false); !best || was != 90*time.Second {
		t.Errorf("a faster win: best %v, was %v", best, was)
	}
	if _, best := s.RecordWin("easy", 30*time.Second, true); best {
		t.Error("a win with help made a best time")
	}
	s.RecordWin("easy", 120*time.Second, false)
	s.RecordGiveUp("easy")
	st := s.Stats["easy"]
	if st.Played != 5 || st.Won != 3 || st.Streak != 0 || st.BestStreak != 2 || st.Average() != 90*time.Second || s.Best["easy"] != 60000 {
		t.Errorf("stats %+v, average %v, best %d", st, st.Average(), s.Best["easy"])
	}
}

// A second window on the same session writes nothing (the last to save
// won, and the other's moves were lost), even once the first is closed:
// it would write over the game the first saved as it closed. A window
// started after that owns the session again.
func TestSecondWindowWaitsForTheFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games", "session.json")
	first := NewSaver(path, time.Hour)
	first.Pause()
	second := NewSaver(path, time.Hour)
	second.Pause()
	first.Store([]byte(`{"first":1}`))
	if err := first.Save(); err != nil {
		t.Fatal(err)
	}
	if !first.Owner() || second.Owner() {
		t.Fatalf("owners: first %v, second %v", first.Owner(), second.Owner())
	}
	second.Store([]byte(`{"second":1}`))
	if err := second.Save(); !errors.Is(err, ErrOtherWindow) {
		t.Errorf("the second window's save: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"first":1}` {
		t.Errorf("the session holds %s", b)
	}
	first.Close()
	if err := second.Save(); !errors.Is(err, ErrOtherWindow) {
		t.Errorf("once the first closed: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"first":1}` {
		t.Errorf("the session holds %s", b)
	}
	second.Close()
	third := NewSaver(path, time.Hour)
	third.Pause()
	third.Store([]byte(`{"third":1}`))
	if err := third.Save(); err != nil {
		t.Errorf("a window started after: %v", err)
	}
	third.Close()
}

// A session with a value of the wrong kind keeps every part that reads:
// one bad setting threw the whole session away (the game, the open file,
// the progress in files, the recent list).
func TestLoadKeepsWhatReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.json")
	good := `{"version":` + strconv.Itoa(Version) + `,"game":{"name":"g","givens":"` + strings.Repeat(".", 81) + `","cells":"` + strings.Repeat(".", 81) + `","marks":[],"elapsed_seconds":1,"selected":0,"undo":[[[500,99,-3,7,7]]]},` +
		`"file":"/x.txt","files":{"/x.txt":{"index":3},"/y.txt":{"index":"three","progress":{"4":{"name":"p"},"5":7}}},` +
		`"settings":{"recent":["/x.txt"],"window":"big","prefs":{"theme":5,"live_check":true}}}`
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Game == nil || s.Game.Name != "g" || s.Game.Undo != nil {
		t.Errorf("game %+v", s.Game)
	}
	if s.File != "/x.txt" || s.Files["/x.txt"].Index != 3 || len(s.Settings.Recent) != 1 || !s.Settings.Prefs.LiveCheck {
		t.Errorf("session %+v", s)
	}
	// One file's bad index costs its index alone, one puzzle's bad
	// progress that puzzle's alone.
	if y := s.Files["/y.txt"]; y.Progress[4].Name != "p" {
		t.Errorf("y.txt's record %+v", y)
	}
	want := []string{"game.undo", "files./y.txt.index", "files./y.txt.progress.5", "settings.window", "settings.prefs.theme"}
	for _, w := range want {
		if !slices.Contains(s.Damaged, w) {
			t.Errorf("damaged %q, want %q among them", s.Damaged, w)
		}
	}
	if kept, _ := filepath.Glob(path + ".bad-*"); len(kept) != 1 {
		t.Errorf("kept aside: %v", kept)
	}
}

// A lock file that cannot be opened for writing (another user's, or a
// folder in its place) still keeps a second window out: each window had
// taken the session for its own, and the last to quit wrote over the
// other's game.
func TestSecondWindowWithABrokenLockFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games", "session.json")
	os.MkdirAll(path+".lock", 0o755) // a folder in its place
	first, second := NewSaver(path, time.Hour), NewSaver(path, time.Hour)
	first.Pause()
	second.Pause()
	if !first.Owner() || second.Owner() {
		t.Errorf("owners: first %v, second %v", first.Owner(), second.Owner())
	}
	first.Close()
	second.Close()
}

// A session that is not JSON as a whole (cut short, a comma gone) keeps
// every part that still reads: it had cost the statistics of weeks, the
// progress in every file and the settings, for three bytes.
func TestLoadSalvagesBrokenJSON(t *testing.T) {
	board := strings.Repeat(".", 81)
	good := `{"version":` + strconv.Itoa(Version) + `,"game":{"name":"g","level":"hard","givens":"` + board + `","cells":"` + board + `","marks":[],"elapsed_seconds":61,"selected":5},` +
		`"file":"/x.txt","files":{"/x.txt":{"index":3}},` +
		`"settings":{"recent":["/x.txt"],"stats":{"easy":{"played":4,"won":3,"total_ms":30000,"streak":2,"best_streak":2},"hard":{"played":1,"won":1,"total_ms":9000,"streak":1,"best_streak":1}}}}`
	if _, err := Load(writeSession(t, good)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, text string
		lost       string
	}{
		{"cut three bytes short", good[:len(good)-3], ""},
		{"a comma gone in the game", strings.Replace(good, `"level":"hard",`, `"level":"hard"`, 1), ""},
		{"cut in the game", good[:strings.Index(good, `"elapsed`)], "the statistics and settings (cut off)"},
		{"garbage after it", good + "}}xx", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeSession(t, c.text)
			s, err := Load(path)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if c.lost != "" && !slices.Contains(s.Damaged, c.lost) || c.lost == "" && len(s.Damaged) != 1 {
				t.Errorf("damaged %q, want %q among them", s.Damaged, c.lost)
			}
			if kept, _ := filepath.Glob(path + ".bad-*"); len(kept) != 1 {
				t.Errorf("kept aside: %v", kept)
			}
			if s.Game == nil || s.Game.Name != "g" || s.Game.Givens != board {
				t.Errorf("game %+v", s.Game)
			}
			if strings.Contains(c.text, `"stats"`) {
				if st := s.Settings.Stats["easy"]; st == nil || st.Won != 3 || st.Streak != 2 {
					t.Errorf("easy's statistics %+v", st)
				}
				if s.File != "/x.txt" || s.Files["/x.txt"].Index != 3 || len(s.Settings.Recent) != 1 {
					t.Errorf("session %+v", s)
				}
			}
		})
	}
}

func writeSession(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "session.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// salvage never panics and makes JSON; what it keeps of a whole object
// is all of it.
func FuzzSalvage(f *testing.F) {
	f.Add([]byte(`{"version":2,"game":{"name":"g","marks":[1,2]},"settings":{"stats":{"easy":{"won":3}}}}`))
	f.Add([]byte(`{"version":2,"game":{"name":"g" "level":"hard"},"file":"/x"`))
	f.Add([]byte(`{"a":[1,{"b":"}"}],"c":tru}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, _ := salvage(b, "")
		if m == nil {
			return
		}
		if !json.Valid(m) {
			t.Fatalf("salvage(%q) = %q, not JSON", b, m)
		}
		var whole map[string]any
		if json.Unmarshal(b, &whole) == nil {
			var got map[string]any
			json.Unmarshal(m, &got)
			if !reflect.DeepEqual(got, whole) {
				t.Fatalf("salvage of a whole object %q: %q", b, m)
			}
		}
	})
}

// A write that failed is tried again a while later with nothing new to
// write: a win on a full disk stayed unwritten once space was freed,
// until the next move, and a kill then lost it.
func TestSaverRetriesAFailedWrite(t *testing.T) {
	old := retryAfter
	retryAfter = 20 * time.Millisecond
	defer func() { retryAfter = old }()
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "session.json")
	os.WriteFile(filepath.Join(dir, "sub"), nil, 0o600) // a file where the folder should be
	s := NewSaver(path, 10*time.Millisecond)
	defer s.Close()
	failed := make(chan struct{}, 1)
	s.OnError = func(error) {
		select {
		case failed <- struct{}{}:
		default:
		}
	}
	s.Store([]byte("the win"))
	select {
	case <-failed:
	case <-time.After(5 * time.Second):
		t.Fatal("the write did not fail")
	}
	os.Remove(filepath.Join(dir, "sub"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o700)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if b, _ := os.ReadFile(path); string(b) == "the win" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("not written again once the folder could take it")
		}
	}
}

// Where the reading of a damaged session stops, what is lost is named
// by the member it stopped at, or after ("the rest" said nothing).
func TestSalvageNamesWhereItStopped(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{"version":2,"settings":{"theme":"dark","stats";{"easy":{"won":1}}},"file":"/x"}`, "settings.the rest from stats"},
		{`{"version":2,"settings":{"theme":"dark" x "stats":{}}}`, "settings.the rest after theme"},
		{`{"version":2,"settings":{x}}`, "settings.the rest"},
	} {
		_, lost := salvage([]byte(c.text), "")
		if !slices.Contains(lost, c.want) {
			t.Errorf("%s: lost %q, want %q among them", c.text, lost, c.want)
		}
	}
}
