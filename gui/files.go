package gui

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/internal/filekind"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// puzzleExtensions are offered by the Open dialog.
var puzzleExtensions = []string{".txt", ".sdm", ".sdk", ".ss", ".sudoku", ".opensudoku", ".xml", ".csv"}

// notPuzzleExtensions are files File → Open leaves out: images,
// documents, archives, media and programs. Every other file is listed,
// puzzle files of other programs' names among them (.dat, .sud, none).
var notPuzzleExtensions = map[string]bool{}

func init() {
	for _, e := range strings.Fields(`.pdf .png .jpg .jpeg .gif .bmp .svg .webp .ico .tif .tiff .heic
		.zip .gz .tgz .bz2 .xz .zst .7z .rar .tar .deb .rpm .iso .dmg .jar .apk
		.doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp .rtf .epub
		.mp3 .mp4 .m4a .ogg .oga .wav .flac .mkv .avi .mov .webm
		.exe .dll .so .o .a .bin .class .pyc .db .sqlite .ttf .otf .woff .woff2
		.pprof .prof .out .lock .log .swp .tmp .part`) {
		notPuzzleExtensions[e] = true
	}
}

// openFilter lists the files File → Open offers: the puzzle files (every
// format is read whatever its name), and others but for those that are
// plainly something else. The puzzle extensions alone hid collections
// named .dat or with no extension, and Fyne's dialog has no "All files".
type openFilter struct{}

func (openFilter) Matches(u fyne.URI) bool {
	return !notPuzzleExtensions[strings.ToLower(u.Extension())]
}

// OpenFile loads a puzzle file. A file with many puzzles opens the puzzle
// browser, where the player was in it last time. If the file cannot be
// read, or its only puzzle cannot be played, an error dialog names the
// line and the problem and the game in progress stays as it was.
//
// A file over asyncSize is read off the UI goroutine (see openAsync) and
// OpenFile returns at once, true.
func (u *UI) OpenFile(path string) bool {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	u.rememberDir(path) // Open starts here next time, even if this file fails
	u.keepOrphan()      // its moves, for its file if that is the one
	if isGameFile(path) {
		return u.openGameFile(path)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() > asyncSize {
		switch c := u.coll; {
		case c == nil || c.Path != path:
			u.openAsync(path, nil)
		case c.Cut && u.loadCancel == nil:
			// Its read was stopped: read whole this time, the game on
			// the board kept (it did nothing, and the puzzles past the
			// stop stayed out of reach until a restart).
			u.stashProgress()
			if u.reread != nil {
				u.reread(path, u.game)
			} else {
				u.openAsync(path, u.game)
			}
		}
		return true
	}
	var ps library.Puzzles
	var bad skipped
	read, err := readPuzzlesKeyed(path, nil, &ps, func() error { return nil }, bad.add)
	err = bad.result(err)
	if err != nil {
		// The file being read, if any, reads on (a restored game's
		// big file lost its game when a bad file was named after it).
		u.showError("Could not open the puzzle file", err)
		return false
	}
	u.cancelLoad()
	// What the status said was about the file before (its skipped lines,
	// say): this one's own come after.
	u.setStatus("")
	defer func() {
		if msg := bad.message(); msg != "" {
			u.setStatus(msg)
		}
		if read.changed {
			u.setStatus(changedWhileRead(path))
		}
	}()
	if u.coll != nil && u.coll.Path == path && u.coll.Len() == ps.Len() {
		u.addRecent(path)
		return true // already open: keep the position and progress
	}
	if c := u.coll; c != nil && c.IsFile && c.Path == path {
		// The same file, changed since it was opened: the moves on the
		// board go with their puzzle (they were lost without a word:
		// the place kept was from before them).
		u.stashProgress()
	}
	c := readCollection(path, ps, read)
	place, _ := library.Relocate(ps, u.files[path]) // the file may have changed since
	c.Resume(place)
	return u.openCollection(c, c.Index)
}

// openAsking opens the file at path, first asking whether to leave the
// game in progress when it would be lost; a file that cannot be opened
// (missing, a folder, not puzzles: read in full when small) says so
// without the question, and the game stays.
func (u *UI) openAsking(path string) {
	if !u.losesGame() && len(u.editLoss()) == 0 {
		u.OpenFile(path)
		return
	}
	if err := checkOpenable(path); err != nil {
		u.showError("Could not open the puzzle file", err)
		return
	}
	u.askFirst("Open", func() { u.OpenFile(path) })
}

// checkOpenable reports what would stop OpenFile at once: a file that is
// missing or a folder, or, for a file small enough to read at once
// (asyncSize), one that holds no puzzle it can open. Of a bigger file it
// reads the first asyncSize bytes: one too large, binary, or with only
// bad lines there and no puzzle is refused now. "Leave this game?" was
// asked first, and only then did 200 MB of one line say "line longer than
// 64 KB".
func checkOpenable(path string) error {
	if isGameFile(path) {
		_, err := readGameFile(path)
		return err
	}
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() || !fi.Mode().IsRegular() || fi.Size() <= asyncSize {
		var ps library.Puzzles
		var bad skipped
		return bad.result(readPuzzles(path, nil, &ps, func() error { return nil }, bad.add))
	}
	if err := solver.SizeError(path, fi.Size()); err != nil {
		return err
	}
	if isBoardFile(path) {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	errFound := errors.New("a puzzle")
	var bad skipped
	err = solver.ScanPuzzlesSkipping(io.LimitReader(f, asyncSize), path, func(solver.Puzzle) error { return errFound }, bad.add)
	switch {
	case errors.Is(err, errFound):
		return nil
	case bad.n == 0:
		return nil // no puzzle yet, nothing wrong either (comments): the reading will tell
	}
	return bad.result(err)
}

// readCollection makes the collection of a file read whole, ps its
// puzzles: loaded, with the key its levels are kept under (none when the
// file changed while it was read: its levels are worked out, not kept).
func readCollection(path string, ps library.Puzzles, read fileRead) *library.Collection {
	c := library.New(path, true, ps)
	c.Loaded = true
	c.Key = read.key
	c.Stamp = read.stamp
	return c
}

// changedWhileRead is the status of a file that changed while it was
// read.
func changedWhileRead(path string) string {
	return filepath.Base(path) + " changed while it was read: the list holds what was read then, and its levels are not kept; open it again to read it as it is now."
}

// asyncSize is the size of file read off the UI goroutine: a file of
// 12,000 puzzles reads in about 10 ms; bigger ones stream.
const asyncSize = 1 << 20

// publishEvery is how often a file being read hands its puzzles so far to
// the window.
const publishEvery = 250 * time.Millisecond

// firstWait is how long the first show waits for a page of puzzles.
const firstWait = 100 * time.Millisecond

// openAsync reads the file at path on its own goroutine. The first puzzles
// (up to the one the player was at) are shown as soon as they are read;
// the rest join the browser four times a second, with progress in its
// header. Opening another file or Esc stops the reading; the puzzles read
// so far stay open. An error before any puzzle leaves the game as it was.
//
// With keep set (the game restored at start), the file's puzzles join
// the browser but the game on the board stays.
func (u *UI) openAsync(path string, keep *game.Game) {
	u.cancelLoad()
	ctx, cancel := context.WithCancel(context.Background())
	u.loadCancel = cancel
	u.loadKeeps, u.loadPath = keep, path
	want := u.files[path].Index
	// Read by the reader's goroutine once the file is read, to follow
	// the puzzles of a file changed since (copies: the UI goroutine goes
	// on changing its own).
	place := library.Place{Index: want, Progress: maps.Clone(u.files[path].Progress)}
	var keepGivens solver.Board
	if keep != nil {
		keepGivens = keep.Givens()
	}
	base := filepath.Base(path)
	u.setStatus("Opening " + base + "…")
	go func() {
		var ps library.Puzzles
		var c *library.Collection // the UI goroutine's, in fyne.Do only
		last := time.Now()
		publish := func(final bool, err error, moved *relocation) {
			snap := ps.Snapshot()
			u.doAndWait(func() {
				if ctx.Err() != nil && (!final || c == nil) {
					// Stopped before anything was shown (another file
					// opened meanwhile): nothing of it may show now.
					return
				}
				if c != nil && final && ctx.Err() != nil {
					c.Cut = true // before loaded's header
				}
				c = u.loaded(c, path, snap, keep, final, err, moved)
			})
		}
		var bad skipped
		read, err := readPuzzlesKeyed(path, func(n int64) {
			ps = library.NewPuzzles(int(min(n/82+1, 1<<20)))
		}, &ps, func() error {
			if c == nil && (ps.Len() <= want || ps.Len() < 2000 && time.Since(last) < firstWait) {
				return ctx.Err() // not yet: the first show has the player's puzzle and a page of the rest
			}
			if c == nil || time.Since(last) >= publishEvery {
				last = time.Now()
				publish(false, nil, nil)
			}
			return ctx.Err()
		}, bad.add)
		err = bad.result(err)
		if ctx.Err() != nil && err == ctx.Err() {
			err = nil // stopped by the user: what was read stays open
		}
		var moved *relocation
		if err == nil && ctx.Err() == nil {
			moved = &relocation{keepAt: -1}
			moved.place, moved.n = library.Relocate(ps, place)
			if keep != nil {
				moved.keepAt = ps.Find(keepGivens, want)
			}
		}
		publish(true, err, moved)
		if err != nil || ps.Len() == 0 {
			return
		}
		if msg := bad.message(); msg != "" {
			u.do(func() {
				if c != nil && u.coll == c {
					u.setStatus(msg)
				}
			})
		}
		if read.changed {
			u.do(func() {
				if c != nil && u.coll == c {
					u.setStatus(changedWhileRead(path))
				}
			})
		}
		if read.key != nil {
			u.do(func() {
				if c != nil && u.coll == c {
					c.Key, c.Stamp = read.key, read.stamp
					u.loadCachedLevels(c)
				}
			})
		}
	}()
}

// relocation is where the puzzles of a file read whole are now, for a
// file changed since the player was last in it: the place and progress
// kept for it (library.Relocate; n moved), and the index of the restored
// game's puzzle (-1: not in the file).
type relocation struct {
	place  library.Place
	n      int
	keepAt int
}

// loaded takes the puzzles read so far from the file at path into the
// collection c (nil before the first), making it if need be, and returns
// it. It runs on the UI goroutine. With the last (final), moved says where
// puzzles of a file changed since went, nil when it was not read whole.
//
// A game restored at start (keep) takes its file back at the first show
// when the file holds its puzzle where it was; else, once the file is read
// whole, where the puzzle is now, and the status says so (the status said
// "Opening…" for good, the list never came and the session forgot the
// file).
func (u *UI) loaded(c *library.Collection, path string, ps library.Puzzles, keep *game.Game, final bool, err error, moved *relocation) *library.Collection {
	base := filepath.Base(path)
	if c == nil {
		if ps.Len() == 0 {
			u.loadCancel = nil
			if err != nil {
				u.showError("Could not open the puzzle file", err)
			}
			if k := u.interrupted; k.game != nil && u.game == k.game {
				// The file opened instead could not be: the restored
				// game's own file is read again, and takes it back.
				if u.reread != nil {
					u.reread(k.path, k.game)
				} else {
					u.openAsync(k.path, k.game)
				}
			}
			return nil
		}
		u.interrupted = keptLoad{}
		c = library.New(path, true, ps)
		c.Resume(u.files[path])
		c.Index = min(c.Index, ps.Len()-1)
		if keep != nil {
			// The restored game, if still on the board, takes its file
			// back (not once another game has taken its place).
			if u.game == keep && (keep.Editing() || sameBoard(ps.Board(c.Index), keep.Givens())) {
				u.coll = c
				u.addRecent(path)
				u.showBrowser()
				u.rateAll()
			}
		} else if !u.openCollection(c, c.Index) {
			return nil
		}
		if u.onFirstShown != nil {
			u.onFirstShown()
		}
	} else if ps.Len() > c.Len() {
		before := c.Len()
		c.Extend(ps)
		if u.rated == c {
			u.rater.Extend(ps)
		}
		switch {
		case u.coll == c && before <= 1:
			u.showBrowser() // there is a list to show now
		case u.coll == c:
			u.browse.more() // the rows in view only
		}
	}
	if final {
		c.Loaded = true
		u.loadCancel = nil
		if moved != nil {
			u.relocated(c, path, keep, moved)
		}
		if u.loadKeeps == keep {
			u.loadKeeps = nil // read: the game is the file's now, or it is not
		}
		if err != nil && u.coll == c {
			u.setStatus(fmt.Sprintf("Read the first %s of %s; the rest could not be read: %v", count(int64(ps.Len()), "puzzle"), base, err))
		} else if u.coll == c && strings.HasPrefix(u.status.Text, "Opening ") || u.status.Text == "Opening "+base+"…" {
			u.setStatus("") // (also when the file did not take the board: it is read)
		}
	}
	if u.coll == c {
		u.showLoadState()
		if u.menus != nil {
			u.menus.refreshSteps()
		}
	}
	return c
}

// relocated makes the progress kept for c's puzzles follow them to where
// they are in the file now, and gives the game restored at start (keep)
// its file back where its puzzle is now, or says that the file no longer
// holds it.
func (u *UI) relocated(c *library.Collection, path string, keep *game.Game, moved *relocation) {
	if moved.n > 0 {
		// What the player did while the file was read stays.
		for i, st := range c.Progress {
			if g, err := game.Restore(st); err == nil && sameBoard(c.Puzzles().Board(i), g.Givens()) {
				moved.place.Progress[i] = st
			}
		}
		c.Progress = moved.place.Progress
		if u.coll != c {
			c.Index = moved.place.Index
		}
		u.files[path] = c.Place()
	}
	if keep == nil || u.coll == c || u.game != keep || keep.Editing() {
		return
	}
	u.setStatus(fileChanged(path, moved.keepAt))
	if moved.keepAt < 0 {
		return
	}
	c.Index = moved.keepAt
	u.coll = c
	u.browse.reset()
	u.addRecent(path)
	u.showBrowser()
	u.rateAll()
	u.save()
}

// cancelLoad stops reading a file, if one is being read. A game restored
// at start whose big file was still being read (loadKeeps) is kept in that
// file's progress, and the read is remembered (interrupted), to be done
// again if the file opened instead cannot be: sudoku BAD-FILE over a
// million-puzzle file's game left the game with no file and its progress
// nowhere but on the board.
func (u *UI) cancelLoad() {
	if u.loadCancel != nil {
		u.loadCancel()
		u.loadCancel = nil
	}
	if k := u.loadKeeps; k != nil && u.game == k && !k.Editing() {
		f := u.files[u.loadPath]
		if f.Progress == nil {
			f.Progress = map[int]game.State{}
		}
		if k.Started() || k.Won() {
			f.Progress[f.Index] = k.State()
		}
		u.files[u.loadPath] = f
		u.interrupted = keptLoad{u.loadPath, k}
	}
	u.loadKeeps = nil
}

// keptLoad is the read of a restored game's file that another file's
// opening stopped (see cancelLoad).
type keptLoad struct {
	path string
	game *game.Game
}

// showLoadState puts the open file's size, and how far reading and rating
// have come, in the browser's header.
func (u *UI) showLoadState() {
	c := u.coll
	if c == nil {
		return
	}
	state := ""
	if !c.Loaded {
		state = "reading…"
	} else if c.Cut {
		state = "read stopped: open it again for the rest"
	} else if rated, total := u.rater.Progress(); u.rated == c && rated < total {
		state = ratingState(rated, total)
		if rc := &u.rateClock; rc.c != c || rated < rc.from {
			rc.c, rc.start, rc.from = c, time.Now(), rated
		} else {
			state += timeLeft(time.Since(rc.start), rated-rc.from, total-rc.from)
		}
	} else if u.rated == c && total > 0 {
		state = "levels worked out" // the filter below is complete (the line stood empty); "every level rated" over a file of "—" (several solutions each) misled
	}
	// Three lines at most (cut in the middle): a name of 244 characters
	// took twelve, and pushed the list down.
	if name := breakable(lab.FitWidth(c.Base(), 72)); u.browse.head.Text != name {
		u.browse.head.SetText(name)
		u.browse.countBox.reset() // another file: its count's own height
	}
	if text := u.browse.header(c.Len(), state); u.browse.count.Text != text {
		u.browse.count.SetText(text)
	}
	u.showTitle()
}

// groupDigits writes n with commas between thousands: 1,000,000.
func groupDigits(n int) string { return lab.Thousands(int64(n)) }

// openCollection shows puzzle i of c (or, when it cannot be played, the
// next one that can). When none of c's first thousand can be played, it
// keeps the current game if puzzle i breaks the rules (bad input), and
// shows it if it keeps them but has no solution, for a solver to show why
// (seed 002's UNSOLVED boards: a file of one could not be opened at all).
func (u *UI) openCollection(c *library.Collection, i int) bool {
	first := i
	g := c.Game(i)
	for k := 1; g.Unplayable() != nil && k < min(c.Len(), 1000); k++ {
		if h := c.Game((first + k) % c.Len()); h.Unplayable() == nil {
			g, i = h, (first+k)%c.Len()
		}
	}
	if why := g.Unplayable(); why != nil && !errors.Is(why, game.ErrNoSolution) {
		u.showError("Could not play the puzzle", why)
		return false
	}
	u.showCollection(c, i, g)
	if why := g.Unplayable(); why != nil {
		u.setStatus(fmt.Sprintf("%s cannot be played: %v. Solve shows why.", c.Name(first), why))
	} else if i != first {
		u.setStatus(fmt.Sprintf("%s cannot be played: %v", c.Name(first), c.Game(first).Unplayable()))
	}
	return true
}

// showCollection puts puzzle i of c (game g) on the board.
func (u *UI) showCollection(c *library.Collection, i int, g *game.Game) {
	u.stashProgress()
	if u.coll != c {
		u.coll = c
		u.browse.reset()
	}
	c.Index = i
	if c.IsFile {
		u.addRecent(c.Path)
	}
	u.setGame(g) // and rates the file's puzzles, from this one on
	u.showBrowser()
	switch why := g.Unplayable(); {
	case why != nil:
		u.setStatus(fmt.Sprintf("This puzzle cannot be played: %v. Solve shows why.", why))
	case g.Solutions() > 1:
		// A draft saved from the editor opened again had no word of
		// how to go on with it.
		u.setStatus("This puzzle has more than one solution: Enter Puzzle (Ctrl+E) takes it up to add givens, or cages and regions.")
	}
}

// stashProgress keeps the current puzzle's progress in its collection (a
// puzzle without moves keeps none: a restart sticks), and the collection's
// place in the session.
func (u *UI) stashProgress() {
	c := u.coll
	if c == nil {
		return
	}
	if c.Stash(u.game) {
		u.filesJSON = nil
	}
	if c.IsFile {
		u.files[c.Path] = c.Place()
		u.filesJSON = nil
	}
}

// GoTo opens puzzle i of the open file (one that cannot be played shows
// as such, so the solver can show why).
func (u *UI) GoTo(i int) {
	if u.coll == nil || i < 0 || i >= u.coll.Len() || i == u.coll.Index {
		return
	}
	c := u.coll
	if u.game.Editing() {
		// Page Down, a click in the list or Go to over a puzzle being
		// typed in threw it away without a word.
		u.askEditor("Go to #"+strconv.Itoa(i+1), func() {
			if u.coll == c && i < c.Len() {
				u.showCollection(c, i, c.Game(i))
			}
		}, u.browse.selectCurrent)
		return
	}
	// What the status said was of the puzzle left ("#1 cannot be
	// played" stayed on #5: the new game's revision was the old one's).
	u.setStatusText("")
	u.showCollection(c, i, c.Game(i))
}

// Next and Previous move through the puzzles of the open file.
func (u *UI) Next()     { u.step(+1) }
func (u *UI) Previous() { u.step(-1) }

// firstOrLast goes to the first puzzle of the open file, or the last
// (of those the list shows).
func (u *UI) firstOrLast(last bool) {
	c := u.coll
	if c == nil || c.Len() < 2 {
		return
	}
	i := 0
	switch {
	case u.browse.showing && last:
		i = u.browse.index(u.browse.rows() - 1)
	case u.browse.showing:
		i = u.browse.index(0)
	case last:
		i = c.Len() - 1
	}
	if i >= 0 && i != c.Index {
		u.GoTo(i)
	}
}

func (u *UI) step(d int) {
	if i := u.browse.step(d); i >= 0 {
		u.GoTo(i)
		return
	}
	// Nothing to go to: said, where the key had seemed broken.
	c, which := u.coll, "last"
	if d < 0 {
		which = "first"
	}
	switch {
	case c == nil || c.Len() < 2:
		u.setStatus("Page Down and Page Up go through the puzzles of a file: open a file of several (Ctrl+O).")
	case u.browse.showing:
		u.setStatus(fmt.Sprintf("This is the %s of the puzzles the list shows (Show and Find choose them).", which))
	default:
		u.setStatus(fmt.Sprintf("#%s is the %s puzzle of the file.", groupDigits(c.Index+1), which))
	}
}

// showBrowser shows the puzzle list beside the board when the open file
// has more than one puzzle.
func (u *UI) showBrowser() {
	many := u.coll != nil && u.coll.Len() > 1
	var want fyne.CanvasObject = u.split.Trailing
	if many && !u.narrow { // narrow: the board keeps the room (contentSized)
		want = u.split
	}
	if len(u.content.Objects) != 1 || u.content.Objects[0] != want {
		u.content.Objects = []fyne.CanvasObject{want}
		u.content.Refresh() // lays the list out before it scrolls
	}
	if many {
		u.browse.refreshAll()
	}
	if u.menus != nil {
		u.menus.refresh()
	}
}

// ShowOpenDialog lets the player pick a puzzle file.
func (u *UI) ShowOpenDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.showError("Could not open the puzzle file", err)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		u.rememberDir(path)
		u.openAsking(path)
	}, u.win)
	d.SetFilter(openFilter{})
	u.startIn(d)
	d.Resize(fyne.NewSize(820, 560))
	u.showModal(d, nil, nil)
}

// startIn opens a file dialog in the folder of the last puzzle file opened
// (even if that file failed): where the player keeps puzzles, and where a
// booklet or chart of them belongs (saving started in the home folder).
func (u *UI) startIn(d *dialog.FileDialog) {
	if dir := u.settings.OpenDir; dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
}

// startSavingIn points a save dialog at saveDirFor's folder, and returns
// it ("" for none).
func (u *UI) startSavingIn(d *dialog.FileDialog) string {
	dir := u.saveDirFor()
	if dir != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
	return dir
}

// saveDirFor is the folder a save dialog starts in, where a file can be
// made: the one the last export went to, else the last puzzle file's
// (a club printing every week from a shared collection was sent back to
// it at every save), else home (a booklet of a file from a read-only
// collection offered its folder, where no save could go); "" for none.
func (u *UI) saveDirFor() string {
	for _, dir := range []string{u.settings.SaveDir, u.settings.OpenDir} {
		if dir != "" && writableDir(dir) {
			return dir
		}
	}
	if home, err := os.UserHomeDir(); err == nil && writableDir(home) {
		return home
	}
	return ""
}

// writableDir reports whether a file can be made in dir: one is made and
// removed again.
func writableDir(dir string) bool {
	f, err := os.CreateTemp(dir, ".sudoku-can-write-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

const maxRecent = 8

func (u *UI) recent() []string { return u.settings.Recent }

func (u *UI) addRecent(path string) {
	list := []string{path}
	for _, p := range u.recent() {
		if p != path && len(list) < maxRecent {
			list = append(list, p)
		}
	}
	u.settings.Recent = list
	u.save()
	if u.menus != nil {
		u.menus.refresh()
	}
}

// showError shows err in a dialog under a title.
func (u *UI) showError(title string, err error) {
	err = readableError(err)
	u.setStatus(title + ": " + err.Error())
	if title != "" && !strings.ContainsAny(title[len(title)-1:], ".?!") {
		title += "."
	}
	u.showMessage("Error", messageBody(theme.ErrorIcon(), fmt.Sprintf("%s\n\n%s", title, capitalize(err.Error()))), "OK")
}

// readableError says what went wrong with a file the way a person would:
// "PATH: there is no such file" rather than the system call's words.
func readableError(err error) error {
	var perr *solver.ParseError
	if errors.As(err, &perr) && strings.HasSuffix(perr.Msg, stdinAdvice) {
		// The command line's advice: no standard input in a window.
		e := *perr
		e.Msg = strings.TrimSuffix(e.Msg, stdinAdvice)
		return &e
	}
	var le *os.LinkError
	if errors.As(err, &le) && errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%s: you may not replace it (permission denied)", le.New)
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if target, lerr := os.Readlink(pe.Path); lerr == nil {
			return fmt.Errorf("%s is a link to %s, which is not there", pe.Path, target)
		}
		if dir := filepath.Dir(pe.Path); dir != pe.Path {
			if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
				// A save into a folder that is not there said "there is
				// no such file" of the file it was to make.
				return fmt.Errorf("%s: there is no folder %s", pe.Path, dir)
			}
		}
		return fmt.Errorf("%s: there is no such file", pe.Path)
	case errors.Is(err, syscall.ELOOP):
		return fmt.Errorf("%s: its symbolic links go round in a loop", pe.Path)
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("%s: part of the path is a file, not a folder", pe.Path)
	case errors.Is(err, fs.ErrPermission):
		// (Saving a file that may be read but not changed said "you may
		// not read it".)
		what := "change"
		switch pe.Op {
		case "open":
			what = "open"
		case "read":
			what = "read"
		}
		return fmt.Errorf("%s: you may not %s it (permission denied)", pe.Path, what)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Errorf("%s is a folder: choose a file in it", pe.Path)
	}
	return err
}

// stdinAdvice ends the readers' word on a FIFO or a device.
const stdinAdvice = " (use - to read standard input)"

// capitalize starts s with a capital letter, for a dialog's sentence.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	if first, _, _ := strings.Cut(s, " "); strings.ContainsAny(first, ".:/\\") {
		return s // a file's name ("nosol.txt:1: …" read "Nosol.txt")
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// rememberDir makes the folder of path the Open dialogs' start, when that
// folder is there (a mistyped path leaves the last good one).
func (u *UI) rememberDir(path string) {
	if fi, err := os.Stat(filepath.Dir(path)); err == nil && fi.IsDir() {
		u.settings.OpenDir = filepath.Dir(path)
	}
}

// Copy puts the puzzle on the clipboard: an 81-character line, or the
// Solo game ID of a board of another shape.
func (u *UI) Copy() {
	b := u.game.Givens()
	if b.Geo.IsClassic() {
		u.app.Clipboard().SetContent(b.String())
		u.setStatus("The puzzle is on the clipboard as an 81-character line.")
		return
	}
	u.app.Clipboard().SetContent(b.SoloGameID())
	u.setStatus("The puzzle is on the clipboard as a Solo game ID.")
}

// CopyPosition puts the position on the clipboard as a grid of
// candidates, as HoDoKu copies one and forums share it: the digits on
// the board, and each empty cell's pencil marks (its candidates where it
// has none). Paste, Open and explain read it back, marks and all.
//
// During the walkthrough the position shown is copied, that of the step
// on the board (the game's was, with nothing said).
func (u *UI) CopyPosition() {
	b, marks := u.game.Position()
	what := "The position"
	if w := u.walk; w != nil {
		b = w.board[w.k]
		marks = make([]game.Marks, len(w.cands[w.k]))
		for i, m := range w.cands[w.k] {
			marks[i] = game.Marks(m)
		}
		what = fmt.Sprintf("The position before step %d of %d", w.k+1, len(w.steps))
		if w.k == len(w.steps) {
			what = "The solved position"
		}
	}
	g, ok := b.ToGrid()
	if !ok {
		u.showError("Nothing copied", fmt.Errorf("a grid of candidates is written for classic 9×9 boards only; Copy Puzzle copies this one's givens"))
		return
	}
	var c solver.Candidates
	for i, m := range marks {
		if g[i] == 0 {
			c[i] = solver.Set(m)
		}
	}
	u.app.Clipboard().SetContent(solver.CandidateGrid(g, c))
	msg := what + " is on the clipboard with its candidates, as HoDoKu's grid."
	var single []string // cells left with one pencil mark of the player's
	for i := range c {
		if u.walk == nil && g[i] == 0 && c[i].Count() == 1 && u.game.Cell(i).Marks != 0 {
			single = append(single, solver.CellName(i))
		}
	}
	if len(single) > 0 {
		// The grid writes a cell of one candidate as its digit, which
		// reads back as a given: a wrong last pencil mark pasted back as
		// a puzzle with no solution, without a word at the copy.
		which := single[0] + " has"
		if len(single) > 1 {
			which = fmt.Sprintf("%s and %d more cells have", single[0], len(single)-1)
		}
		msg = fmt.Sprintf("Copied with its candidates, as HoDoKu's grid. %s one pencil mark left: it reads back as a digit placed.", which)
	}
	if err := b.Validate(); err != nil {
		// A clash copied without a word did not paste back. (Short: a
		// long line was cut at the window's edge.)
		msg = fmt.Sprintf("Copied, but it breaks the rules: %v.", err)
	}
	u.setStatus(msg)
}

// puzzleFileText is the puzzle on the board, its givens and name, as a
// puzzle file named path holds it: by the extension, .sdk (SadMan), .ss
// (Simple Sudoku), .xml or .opensudoku (OpenSudoku), else our named block
// (seed 002's name line and nine rows); a board of another shape in our
// text format, with its regions, cages and sums.
//
// progress, when not nil, is a game saved with the puzzle (Save Game As):
// OpenSudoku's files keep its digits and marks, SadMan's its digits; the
// other formats have no place for it.
func puzzleFileText(b solver.Board, name, path string, progress *solver.Progress) (string, error) {
	if !b.Geo.IsClassic() {
		return b.Text(name), nil
	}
	f := solver.FormatNamed
	switch strings.ToLower(filepath.Ext(path)) {
	case ".sdk":
		f = solver.FormatSDK
	case ".ss":
		f = solver.FormatSS
	case ".xml", ".opensudoku":
		f = solver.FormatXML
	}
	if f == solver.FormatNamed && name == "" {
		f = solver.FormatGrid // no name to give: the nine rows alone ("board1" was made up)
	}
	var g solver.Grid
	copy(g[:], b.Cells)
	var w strings.Builder
	err := solver.WritePuzzles(&w, []solver.Puzzle{{Name: name, Named: true, Grid: g, Progress: progress}}, f)
	return w.String(), err
}

// gameExtensions are the files a game is saved in, with its progress.
var gameExtensions = []string{".opensudoku", ".xml", ".sdk", game.GameFileExt}

// ShowSaveGame saves the game on the board, the puzzle with the digits
// and pencil marks entered, as other programs save one: OpenSudoku's file
// (.opensudoku or .xml: digits and marks) or SadMan's .sdk (digits). Open
// takes it up again where it was, as it does theirs. The game had no way
// out of the window but the clipboard's grid of candidates, where a digit
// entered reads back as a given.
func (u *UI) ShowSaveGame() {
	g := u.game
	switch {
	case g.Editing():
		u.showError("No game yet", errors.New("a puzzle being typed in is saved with Save Puzzle As (Ctrl+S)"))
		return
	case g.Unplayable() != nil:
		u.showError("No game to save", errors.New("this puzzle cannot be played: Save Puzzle As (Ctrl+S) saves its givens"))
		return
	case !g.Geometry().IsClassic():
		// OpenSudoku's and SadMan's files hold classic 9×9 puzzles: a
		// killer's or a jigsaw's game goes into our own game file (it had
		// no way into a file at all).
		u.showFileSave(fileSlug(u.saveSuggestion(g.Name))+game.GameFileExt, []string{game.GameFileExt}, func(w fyne.URIWriteCloser) { u.saveGameFile(w, g) })
		return
	}
	var p solver.Progress
	for i := range p.Placed {
		if c := g.Cell(i); !g.IsGiven(i) {
			p.Placed[i], p.Marks[i] = c.Digit, solver.Set(c.Marks)
		}
	}
	b, name := g.Givens(), g.Name
	u.showFileSave(fileSlug(u.saveSuggestion(name))+".opensudoku", gameExtensions, func(w fyne.URIWriteCloser) {
		if strings.EqualFold(filepath.Ext(w.URI().Path()), game.GameFileExt) {
			u.saveGameFile(w, g) // the whole game: its moves and clock too
			return
		}
		u.savePuzzleWith(w, b, name, &p)
	})
}

// saveGameFile writes the game g through w, the save dialog's writer, as
// our game file (game.GameFileExt), whatever its shape: the givens, the
// digits and marks entered, its clock and its moves to undo.
func (u *UI) saveGameFile(w fyne.URIWriteCloser, g *game.Game) {
	var err error
	if filepath.Ext(w.URI().Path()) == "" {
		if w, err = exportWriter(w, game.GameFileExt[1:]); err != nil {
			u.showError("Not saved", err)
			return
		}
	}
	path := w.URI().Path()
	if !strings.EqualFold(filepath.Ext(path), game.GameFileExt) {
		abortWrite(w)
		u.showError("Not saved", fmt.Errorf("%s would not be known as a saved game: a %s's game is saved as %s (digits, pencil marks, the clock and the moves to undo)", filepath.Base(path), shapeLabel(g.Geometry()), game.GameFileExt))
		return
	}
	if err := notOverAnotherKind(w, filekind.Game); err != nil {
		u.showError("Not saved", err)
		return
	}
	data, err := g.GameFile()
	if err == nil {
		_, err = w.Write(data)
	}
	if err != nil {
		abortWrite(w)
	} else {
		err = w.Close()
	}
	if err != nil {
		u.showError("Could not save", err)
		return
	}
	u.rememberDir(path)
	u.inGameFile = gameFileOf(g, path)
	u.setStatus(fmt.Sprintf("Saved the game in %s: File → Open takes it up where it is now, its moves and clock too.", path))
}

// gameFileMark is a game as it was saved in (or opened from) a game
// file: leaving it unchanged loses nothing, and is no game given up (the
// statistics counted a game saved, opened and left again as played
// twice, and "Leave this game?" said its saved moves would be lost).
type gameFileMark struct {
	g     *game.Game
	path  string
	state string // its cells and marks then
}

func gameFileOf(g *game.Game, path string) gameFileMark {
	return gameFileMark{g: g, path: path, state: cellsAndMarks(g)}
}

// cellsAndMarks is what a game file keeps of g's position.
func cellsAndMarks(g *game.Game) string {
	st := g.State()
	return st.Cells + "|" + fmt.Sprint(st.Marks)
}

// savedAsIs reports whether g is the game last saved in (or opened from)
// a game file, as it was then.
func (u *UI) savedAsIs(g *game.Game) bool {
	return g != nil && u.inGameFile.g == g && u.inGameFile.state == cellsAndMarks(g)
}

// ShowSavePuzzle saves the puzzle on the board, its givens and name, as a
// puzzle file (a puzzle typed in or pasted had no way into a file but
// the clipboard; Print / Export writes images).
func (u *UI) ShowSavePuzzle() {
	if u.game.Editing() {
		// A draft of several solutions is saved all the same, to go on
		// with (a setter's killer half drawn had no way into a file);
		// one that breaks the rules or has none is to be mended first.
		// A check too long to wait for is a draft's too (an all but empty
		// jigsaw froze the window here, unbounded).
		// Regions or cages drawn with no givens yet are a draft too.
		var several *game.SeveralError
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := game.CheckPuzzle(ctx, u.game.Givens())
		cancel()
		if err != nil && !errors.As(err, &several) && !errors.Is(err, context.DeadlineExceeded) && !(u.drawn && u.game.Givens().Givens() == 0) {
			u.showError("Not a puzzle yet", err)
			return
		}
	}
	b, name := u.game.Givens(), u.game.Name
	u.showFileSave(fileSlug(u.saveSuggestion(name))+".txt", puzzleExtensions, func(w fyne.URIWriteCloser) { u.savePuzzle(w, b, name) })
}

// saveSuggestion is the file name (without extension) a save offers for
// the puzzle named name.
func (u *UI) saveSuggestion(name string) string {
	suggest := cmp.Or(name, "puzzle")
	if u.coll != nil {
		// An unnamed puzzle of drafts.txt, "drafts.txt #3": drafts-3.txt,
		// not drafts.txt-3.txt.
		base := filepath.Base(u.coll.Path)
		if n, ok := strings.CutPrefix(name, base+" #"); ok {
			suggest = strings.TrimSuffix(base, filepath.Ext(base)) + "-" + n
		}
	}
	return suggest
}

// savePuzzle writes b, named name, through w, the save dialog's writer:
// a file of other puzzles is replaced only when the player says so, or
// added to.
func (u *UI) savePuzzle(w fyne.URIWriteCloser, b solver.Board, name string) {
	u.savePuzzleWith(w, b, name, nil)
}

// savePuzzleWith is savePuzzle with a game saved with the puzzle when
// progress is not nil (Save Game As).
func (u *UI) savePuzzleWith(w fyne.URIWriteCloser, b solver.Board, name string, progress *solver.Progress) {
	var err error
	if filepath.Ext(w.URI().Path()) == "" {
		ext := "txt"
		if progress != nil {
			ext = "opensudoku"
		}
		if w, err = exportWriter(w, ext); err != nil {
			u.showError("Not saved", err)
			return
		}
	}
	path := w.URI().Path()
	if strings.EqualFold(filepath.Ext(path), game.GameFileExt) && progress == nil {
		abortWrite(w)
		u.showError("Not saved", fmt.Errorf("%s files hold a game: Save Game As (Ctrl+Shift+S) saves one; a puzzle file is .txt, .sdk, .ss or .xml", game.GameFileExt))
		return
	}
	if ext := strings.ToLower(filepath.Ext(path)); progress != nil && !slices.Contains(gameExtensions, ext) {
		abortWrite(w)
		u.showError("Not saved", fmt.Errorf("%s would keep the puzzle alone: a game is saved in OpenSudoku's .opensudoku or .xml (digits and pencil marks), SadMan's .sdk (digits) or our .sudoku (all of it, its moves and clock too); Save Puzzle As (Ctrl+S) saves the puzzle alone", filepath.Base(path)))
		return
	}
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".pdf" || ext == ".png" || ext == ".svg" {
		abortWrite(w)
		u.showError("Not saved", fmt.Errorf("%s is named as an image or a booklet: a puzzle file is .txt, .sdk, .ss or .xml (Print / Export makes images)", filepath.Base(path)))
		return
	}
	if ext := strings.ToLower(filepath.Ext(path)); !b.Geo.IsClassic() && (ext == ".sdk" || ext == ".ss" || ext == ".xml" || ext == ".opensudoku") {
		// Those formats hold classic 9×9 puzzles: our text in a file of
		// that name was read by no program (the command line refuses
		// it too).
		abortWrite(w)
		u.showError("Not saved", fmt.Errorf("%s files hold classic 9×9 puzzles; a %s is saved as .txt (our text, or its Solo game ID in a file of those)", ext, shapeLabel(b.Geo)))
		return
	}
	if err := notOverAnotherKind(w, filekind.Puzzles); err != nil {
		// A file of another kind (a booklet, an image, 1 MB of binary
		// named photo.txt) was replaced by one puzzle after Fyne's
		// "Overwrite?", which said nothing of what it held.
		u.showError("Not saved", err)
		return
	}
	if name == game.EditorName {
		// A puzzle typed in is named after the file it is saved in
		// ("Your puzzle" was its name in the file and in booklets).
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if u.game.Name == game.EditorName && slices.Equal(u.game.Givens().Cells, b.Cells) {
			u.game.Name = name
			u.showTitle()
		}
	}
	// put writes the file: the puzzle alone, or added to the file's
	// puzzles (read and written off the UI goroutine).
	// A puzzle of the open file unnamed there is "drafts.txt #3": no
	// name of its own to save with it (it read back as "#4 drafts.txt
	// #3", a file and number that meant nothing there).
	if u.coll != nil && u.coll.IsFile {
		if n, ok := strings.CutPrefix(name, filepath.Base(u.coll.Path)+" #"); ok && strings.Trim(n, "0123456789") == "" {
			name = ""
		}
	}
	put := func(add bool) error {
		text, err := puzzleFileText(b, name, path, progress)
		if err == nil && add {
			text, err = addedPuzzle(path, text, b, name)
		}
		if err == nil {
			_, err = io.WriteString(w, text)
		}
		if err != nil {
			abortWrite(w)
			return err
		}
		return w.Close()
	}
	done := func(err error, added bool) {
		if err != nil {
			u.showError("Could not save", err)
			return
		}
		u.rememberDir(path)
		msg := fmt.Sprintf("Saved the puzzle in %s.", path)
		if u.game.Editing() && u.editStart.Disabled() {
			msg = fmt.Sprintf("Saved the draft in %s: not a puzzle of one solution yet; opened again, Enter Puzzle (Ctrl+E) takes it up.", path)
		}
		if u.drawing() && u.draw.Busy() {
			msg += " The cage under way is not in it: Enter makes it."
		}
		if _, err := u.regionDraftGeometry(); err != nil {
			msg += " The regions drawn are not whole: the file has the last whole ones."
		}
		if u.game.Editing() {
			u.editSaved = editState(u.game) // leaving it as it is loses nothing now
		}
		if progress != nil {
			// Save Game As: the game is in it, as much as the format holds
			// ("Saved the puzzle" said its digits were not).
			msg = fmt.Sprintf("Saved the game in %s: File → Open takes it up with its digits", path)
			if hasMarks(progress) && strings.EqualFold(filepath.Ext(path), ".sdk") {
				msg += "; .sdk keeps no pencil marks (.opensudoku and .sudoku do)"
			} else if hasMarks(progress) {
				msg += " and pencil marks"
			}
			msg += "."
		}
		if added {
			msg = fmt.Sprintf("Added the puzzle to the end of %s.", path)
		}
		if u.coll != nil && u.coll.IsFile && sameFile(u.coll.Path, path) {
			msg += " The list shows the file as it was opened: open it again to see it as it is now."
		}
		u.setStatus(msg)
	}
	write := func(add bool) {
		if !add {
			done(put(false), false)
			return
		}
		u.setStatus(fmt.Sprintf("Adding the puzzle to %s…", filepath.Base(path)))
		u.puzzleAdds.Add(1)
		go func() {
			defer u.puzzleAdds.Done()
			err := put(true)
			u.do(func() { done(err, true) })
		}()
	}
	n, other := puzzlesIn(path, u.coll, b)
	if !other {
		write(false)
		return
	}
	// Replacing a file of other puzzles with this one lost them (the
	// drafts of a collection, saved over with one corrected; a setter's
	// one puzzle saved over with the next). The save dialog has asked
	// "Overwrite?" already: this says what that loses, and offers to add
	// the puzzle instead.
	holds := "holds other puzzles"
	switch {
	case n == 1:
		holds = "holds another puzzle"
	case n > 0:
		holds = fmt.Sprintf("holds %s puzzles", groupDigits(n))
	}
	base := filepath.Base(path)
	// SadMan's .sdk of one puzzle is not made one of two: its program
	// reads no second (a file of many is .sdm). One of several, ours,
	// takes one more.
	canAdd := canAddTo(path) && !(n == 1 && strings.EqualFold(filepath.Ext(path), ".sdk"))
	msg := fmt.Sprintf("%s %s: overwritten, it keeps only this one.", base, holds)
	if canAdd {
		msg += " Add this puzzle to the end of the file instead?"
	}
	var d *dialog.CustomDialog
	answered := false
	answer := func(how string) {
		if answered {
			return
		}
		answered = true
		d.Hide()
		switch how {
		case "add":
			write(true)
		case "replace":
			write(false)
		default:
			abortWrite(w)
			u.setStatus(fmt.Sprintf("Not saved: %s is as it was.", base))
		}
	}
	cancel := u.newDialogButton("Cancel", theme.CancelIcon(), func() { answer("") })
	replace := u.newDialogButton("Overwrite", nil, func() { answer("replace") })
	replace.Importance = widget.DangerImportance
	buttons := []fyne.CanvasObject{cancel, replace}
	enter := func() { answer("") }
	if canAdd {
		add := u.newDialogButton("Add to the File", theme.ContentAddIcon(), func() { answer("add") })
		add.Importance = widget.HighImportance
		buttons = append(buttons, add)
		enter = func() { answer("add") }
	} else {
		cancel.Importance = widget.HighImportance
	}
	d = dialog.NewCustomWithoutButtons(base+" "+holds, messageBody(theme.WarningIcon(), msg), u.win)
	d.SetButtons(buttons)
	u.showModal(d, enter, func() { answer("") })
}

// puzzlesIn tells whether the file at path holds a puzzle other than b
// (more than one, or one that is not b), and how many when it is the
// collection open or holds one (0 when not known): only its first two
// are read, so a file of a million costs no more.
func puzzlesIn(path string, open *library.Collection, b solver.Board) (n int, other bool) {
	if open != nil && open.IsFile && sameFile(open.Path, path) && open.Loaded && open.Stamp != "" && open.Stamp == fileStamp(path) {
		// The count read, while the file is as it was read: cut to two
		// lines since, it was still said to hold 1,465 puzzles.
		return open.Len(), open.Len() > 1 || open.Len() == 1 && !sameBoard(open.Puzzles().Board(0), b)
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	if fi.Size() > solver.MaxFileSize {
		return 0, true // too large to read: it holds more than this puzzle (it was overwritten without a word)
	}
	if isBoardFile(path) {
		bps, err := solver.ReadBoardFile(path)
		return len(bps), err == nil && (len(bps) > 1 || len(bps) == 1 && !sameBoard(bps[0].Board, b))
	}
	stop := errors.New("two read")
	count := 0
	var first solver.Board
	solver.ScanFileSkipping(path, nil, func(p solver.Puzzle) error { // (its error: stop, or too few read)
		if count++; count == 1 {
			first = solver.BoardOf(p.Grid)
		}
		if count == 2 {
			return stop
		}
		return nil
	}, func(*solver.ParseError) bool { return true })
	if count == 1 {
		return 1, !sameBoard(first, b)
	}
	return 0, count == 2
}

// canAddTo reports whether a puzzle can be added to the file at path: one
// of text blocks (ours, .sdk, .ss), or OpenSudoku's XML with a folder to
// add a game to.
func canAddTo(path string) bool {
	if fi, err := os.Stat(path); err != nil || fi.Size() > solver.MaxFileSize {
		return false
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xml", ".opensudoku":
		// Its end only: the closing tags (the whole file was read on the
		// UI goroutine, and again to add to it).
		f, err := os.Open(path)
		if err != nil {
			return false
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			return false
		}
		tail := make([]byte, min(fi.Size(), 4096))
		_, err = f.ReadAt(tail, fi.Size()-int64(len(tail)))
		return err == nil && bytes.Contains(tail, []byte("</folder>"))
	}
	return true
}

// addedPuzzle is the file at path with text, a puzzle as puzzleFileText
// writes it for path, added at its end: after a blank line, or for
// OpenSudoku's XML its game at the end of the last folder.
//
// A file of one puzzle a line (81 characters) gets the puzzle as a line
// of its own, its name after it as the line's comment: a block of ten
// lines among them broke the file's one-puzzle-a-line for every script
// reading it.
func addedPuzzle(path, text string, b solver.Board, name string) (string, error) {
	head, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if len(head) > solver.MaxFileSize {
		return "", fmt.Errorf("%s is larger than %d MB, too large to add to", filepath.Base(path), solver.MaxFileSize>>20)
	}
	if solver.NotText(head[:min(len(head), solver.BoardHead)]) {
		// Changed meanwhile (while the question was open) into another
		// kind of file: a puzzle added to it made junk with a puzzle.
		return "", fmt.Errorf("%s is no longer a text file of puzzles", filepath.Base(path))
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xml", ".opensudoku":
		end := bytes.LastIndex(head, []byte("</folder>"))
		start, stop := strings.Index(text, "<game "), strings.Index(text, "/>")
		if end < 0 || start < 0 || stop < start {
			return "", fmt.Errorf("%s has no folder to add a puzzle to", filepath.Base(path))
		}
		game := text[start : stop+2]
		if line := bytes.LastIndexByte(head[:end], '\n') + 1; len(bytes.TrimSpace(head[line:end])) == 0 {
			// The closing tag on a line of its own: a line before it.
			return string(head[:line]) + "    " + game + "\n" + string(head[line:]), nil
		}
		return string(head[:end]) + game + string(head[end:]), nil
	}
	eol := "\n"
	if bytes.Contains(head[:min(len(head), 4096)], []byte("\r\n")) {
		eol = "\r\n" // a file of Windows line ends keeps them
	}
	last := lastPuzzleLine(head)
	if kind := linesKind(last); kind != noLines {
		// One puzzle a line: a classic one as its 81 cells in a file of
		// those, any other as its Solo game ID (as Copy gives it).
		var line string
		switch {
		case b.Geo.IsClassic() && kind == classicLines:
			var g solver.Grid
			copy(g[:], b.Cells)
			line = g.String()
			if blank := blankOf(last); blank != '.' {
				line = strings.ReplaceAll(line, ".", string(blank)) // the file's own blanks ('0', '_')
			}
		case kind == classicLines && len(head) > solver.BoardHead:
			// Read as classic puzzles, a board of another shape past
			// the file's first 64 KB is an error: the file would no
			// longer open.
			return "", fmt.Errorf("%s holds classic puzzles only, and a %s at its end would not be read (a file that mixes shapes shows one in its first %d KB): save it in a file of its own", filepath.Base(path), shapeLabel(b.Geo), solver.BoardHead>>10)
		default:
			line = b.SoloGameID()
		}
		if name = solver.CleanName(name); name != "" {
			line += " " + name
		}
		if len(head) > 0 && !bytes.HasSuffix(head, []byte("\n")) {
			head = append(head, eol...)
		}
		return string(head) + line + eol, nil
	}
	if b.Geo.IsClassic() {
		text = classicBlock(head, text, b, name)
	}
	switch {
	case len(head) == 0:
	case !bytes.HasSuffix(head, []byte("\n")):
		head = append(head, eol+eol...)
	case !bytes.HasSuffix(head, []byte("\n\n")) && !bytes.HasSuffix(head, []byte("\n\r\n")):
		head = append(head, eol...) // a blank line before the board
	}
	return string(head) + strings.ReplaceAll(text, "\n", eol), nil
}

// prettyBorder is the line that frames a board drawn +-------+ (qqwing's,
// Grid.Pretty's).
const prettyBorder = "+-------+-------+-------+"

// classicBlock is a classic puzzle to add to a file of boards in the
// layout of the file's last board: drawn +-------+ with its blanks, and
// named only when it has a name (text, as puzzleFileText wrote it, named
// every unnamed puzzle "board1" and drew every board as nine plain rows).
func classicBlock(head []byte, text string, b solver.Board, name string) string {
	var g solver.Grid
	copy(g[:], b.Cells)
	tail := head[max(0, len(head)-2048):]
	if k := bytes.LastIndex(tail, []byte(prettyBorder)); k >= 0 {
		// The blank the file writes: the first cell of its last rows
		// that is neither a digit nor a frame.
		blank := byte('.')
		lines := bytes.Split(tail[:k], []byte("\n"))
	rows:
		for i := len(lines) - 1; i >= 0 && i >= len(lines)-12; i-- {
			row := bytes.TrimSpace(lines[i])
			if !bytes.HasPrefix(row, []byte("|")) {
				continue // a border, or the line the last border is on
			}
			for _, c := range row {
				if c != ' ' && c != '|' && (c < '1' || c > '9') {
					blank = c
					break rows
				}
			}
		}
		out := strings.ReplaceAll(g.Pretty(), ".", string(blank))
		if line := solver.NameLine(name); line != "" {
			out = line + "\n" + out
		}
		return out
	}
	if bytes.Contains(bytes.ToLower(tail), []byte("[puzzle]")) && !strings.HasPrefix(text, "[Puzzle]") {
		// SadMan's sections: the board in one of its own (after a
		// [State], it read as part of that).
		text = "[Puzzle]\n" + text
	}
	return text
}

// lastPuzzleLine is the first field of head's last line that is not
// blank or a comment, nil when there is none.
func lastPuzzleLine(head []byte) []byte {
	rest := bytes.TrimRight(head, " \t\r\n")
	for len(rest) > 0 {
		i := bytes.LastIndexByte(rest, '\n')
		line := bytes.TrimSpace(rest[i+1:])
		rest = bytes.TrimRight(rest[:max(i, 0)], " \t\r\n")
		if len(line) > 0 && line[0] != '#' {
			return bytes.Fields(line)[0]
		}
	}
	return nil
}

// blankOf is the character a line of 81 cells writes its blanks with,
// '.' when it has none.
func blankOf(cells []byte) byte {
	for _, c := range cells {
		if c < '1' || c > '9' {
			return c
		}
	}
	return '.'
}

// lineKinds: what a file holds one a line, if it does.
const (
	noLines      = iota
	classicLines // 81 cells a line
	boardLines   // Solo game IDs, or lines of N² symbols
)

// linesKind tells a file of puzzles one a line from one of blocks by the
// first field of its last puzzle line (lastPuzzleLine): 81 cells, a Solo
// game ID or a line of N² symbols.
func linesKind(last []byte) int {
	f := string(last)
	if _, err := solver.Parse(f); len(f) == 81 && err == nil {
		return classicLines
	}
	if f != "" && (solver.IsSoloID(f) || solver.IsBoardFile(last)) {
		return boardLines
	}
	return noLines
}

// notAFile refuses a save over something there that is not a file: a
// named pipe froze the window (reading it to see what it held waited for
// a writer), and a device or a socket is no place for a puzzle either.
func notAFile(path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().IsRegular() {
		return nil // nothing there yet, or a file
	}
	what := "not a file"
	switch {
	case fi.IsDir():
		what = "a folder"
	case fi.Mode()&os.ModeNamedPipe != 0:
		what = "a named pipe, not a file"
	case fi.Mode()&os.ModeDevice != 0:
		what = "a device, not a file"
	case fi.Mode()&os.ModeSocket != 0:
		what = "a socket, not a file"
	}
	return fmt.Errorf("%s is %s: choose another name", filepath.Base(path), what)
}

// sameFile reports whether two paths name one file.
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// Paste opens the puzzle (or puzzles) on the clipboard, in any format a
// file may have.
func (u *UI) Paste() {
	u.setStatus("") // a failed paste's message is not this paste's
	text := u.app.Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		u.showError("Nothing to paste", fmt.Errorf("the clipboard is empty"))
		return
	}
	var ps library.Puzzles
	var err error
	var bad skipped
	if solver.IsBoardFile([]byte(text)) {
		var bps []solver.BoardPuzzle
		bps, err = solver.ReadBoardsSkipping(strings.NewReader(text), "clipboard", bad.add)
		err = bad.result(err)
		for _, p := range bps {
			ps.AddBoard(p)
		}
	} else {
		// Lines that do not read are skipped, as in a file opened (one
		// odd character after the puzzle refused the whole paste).
		var cps []solver.Puzzle
		err = bad.result(solver.ScanPuzzlesSkipping(strings.NewReader(text), "clipboard", func(p solver.Puzzle) error {
			cps = append(cps, p)
			return nil
		}, bad.add))
		ps = library.FromSlice(cps)
	}
	if err != nil {
		u.showError("The clipboard does not hold a puzzle", err)
		return
	}
	then := func(paste func()) func() {
		return func() {
			paste()
			if msg := bad.message(); msg != "" {
				u.setStatus(strings.TrimSpace(u.status.Text + " " + msg))
			}
		}
	}
	if u.game.Editing() && ps.Len() == 1 {
		// Into the editor: a puzzle to correct or finish there (a pasted
		// puzzle with a clash could be neither played nor mended).
		name, _ := ps.Name(0) // its own, kept (it became "Your puzzle")
		into := func() {
			u.setGame(game.NewEditorOf(strings.TrimSpace(name), ps.Board(0)))
			u.offerEditShapes(ps.Board(0).Geo)
			u.checkEdit()
			u.focusBoard()
		}
		if u.game.Givens().Givens() == 0 {
			into()
			return
		}
		u.showRisky("Replace the givens you typed?", "The pasted puzzle's givens take their place.", "Paste", "Keep Typing", func(ok bool) {
			if ok {
				into()
			}
		})
		return
	}
	if ps.Len() == 1 {
		// A puzzle that cannot be played says so before "Leave this
		// game?" (the game was given up for an error).
		g, err := pastedGame(ps)
		if err != nil {
			u.showError("Could not play the pasted puzzle", err)
			return
		}
		u.askFirst("Paste", then(func() { u.paste(ps, g) }))
		return
	}
	u.askFirst("Paste", then(func() { u.paste(ps, nil) }))
}

// pastedGame is the game of the one puzzle pasted, or why it cannot be
// played.
func pastedGame(ps library.Puzzles) (*game.Game, error) {
	name := "Pasted puzzle"
	if n, ok := ps.Name(0); ok && strings.TrimSpace(n) != "" {
		name = n // its own (an .sdk's #D, a named block): it was dropped
	}
	g, err := game.New(name, ps.Board(0))
	if err != nil {
		how := "To correct it, choose Game → Enter Puzzle (Ctrl+E) and paste it there"
		if ps.StartMarks(0) != nil {
			how += " (the editor keeps its digits, not its candidates)"
		}
		return nil, fmt.Errorf("%w. %s", err, how)
	}
	g.StartMarks(ps.StartMarks(0)) // a position pasted with its candidates
	g.TakeUp(ps.Saved(0))          // or a game saved (a HoDoKu library line)
	return g, nil
}

// paste opens the puzzles read from the clipboard: g, the game of the one
// puzzle, or a browser of several.
func (u *UI) paste(ps library.Puzzles, g *game.Game) {
	if g != nil {
		closed := u.playAlone(g)
		u.showBrowser()
		if closed != "" {
			u.setStatus(strings.TrimSpace(closed) + " The pasted puzzle is on the board.")
		}
		return
	}
	c := library.New("clipboard", false, ps)
	c.Loaded = true // read whole: the header said "reading…" for good
	u.openCollection(c, 0)
}

// EnterPuzzle clears the board for the player to type a puzzle's givens.
// The game it replaces is kept (in the session too), its clock stopped,
// until the new puzzle starts or editing is cancelled.
func (u *UI) EnterPuzzle() {
	if u.game.Editing() {
		return
	}
	u.stashProgress()
	u.prevGame = u.game
	u.prevPaused = u.game.Paused()
	u.prevGame.Pause()
	if g := u.prevGame; g.Unplayable() != nil || g.Solutions() > 1 {
		// A puzzle that cannot be played (a draft saved with several
		// solutions, a typo) comes into the editor to be mended.
		u.setGame(game.NewEditorOf(g.Name, g.Givens()))
		geo := g.Geometry()
		u.drawn = geo.Killer() && len(geo.Cages()) > 0 || geo.Jigsaw() // leaving them asks
		u.offerEditShapes(g.Geometry())
		u.setStatus(editStartText)
		return
	}
	u.setGame(game.NewEditor(u.prevGame.Geometry()))
	u.offerEditShapes(u.prevGame.Geometry())
	u.setStatus(editStartText)
}

// editStartText is the status line's word as a puzzle is typed in.
const editStartText = "Type the givens, then press Start. Arrows move, 0 or Delete clears, Backspace takes back the last."

// offerEditShapes fills the editor's shape list: the board's shape first
// (a jigsaw's regions and a killer's cages are kept from it), then classic
// and X boards with boxes at every size.
func (u *UI) offerEditShapes(cur *solver.Geometry) {
	u.editShapes = map[string]*solver.Geometry{}
	var names []string
	add := func(name string, g *solver.Geometry) {
		if _, dup := u.editShapes[name]; !dup {
			u.editShapes[name] = g
			names = append(names, name)
		}
	}
	add(editShapeName(cur), cur)
	for _, x := range []bool{false, true} {
		for _, n := range []int{4, 6, 8, 9, 12, 16} {
			w, h, _ := solver.DefaultBoxes(n)
			if g, err := solver.NewBoxes(w, h, x); err == nil {
				add(editShapeName(g), g)
			}
		}
	}
	// Jigsaws and killers to draw: regions and cages are drawn on the
	// board (regiondraw.go, cagedraw.go); on an X board of the list, Draw
	// regions and Draw cages make X ones. (Names no longer than the
	// others': the list is as wide as its longest, and at 150 % on
	// 800×600 the panel ran off the window.)
	for _, n := range []int{6, 8, 9, 12} {
		if g := emptyJigsaw(n, false); g != nil {
			add(drawJigsawName(g), g)
		}
	}
	for _, n := range []int{4, 6, 8, 9} {
		w, h, _ := solver.DefaultBoxes(n)
		if g := emptyKiller(w, h, false); g != nil {
			add(drawKillerName(g), g)
		}
	}
	u.editShape.OnChanged = nil
	u.editShape.Options = names
	// The list is as wide as its longest name ("Classic 16×16" was cut):
	// a drop-down's width comes from its placeholder, never shown here.
	longest := ""
	for _, n := range names {
		if len(n) > len(longest) {
			longest = n
		}
	}
	u.editShape.PlaceHolder = longest
	u.editShape.SetSelected(names[0])
	u.shownShape = names[0]
	u.editShape.OnChanged = u.chooseEditShape
}

// editShapeName names a shape in the editor's list.
func editShapeName(g *solver.Geometry) string {
	if g.IsClassic() {
		return "Classic 9×9"
	}
	if !g.Jigsaw() && !g.Killer() {
		if g.X {
			return fmt.Sprintf("X %d×%d", g.N, g.N)
		}
		return fmt.Sprintf("Classic %d×%d", g.N, g.N)
	}
	return titleCase(g.Name()) // the board's jigsaw or killer, with its regions or cages
}

// showEditShape shows name as the editor's shape without choosing it
// again.
func (u *UI) showEditShape(name string) {
	u.editShape.OnChanged = nil
	u.editShape.SetSelected(name)
	u.editShape.OnChanged = u.chooseEditShape
	u.shownShape = name
}

// showSwitch sets a switch without its action.
func showSwitch(c *widget.Check, on bool, action func(bool)) {
	if c.Checked != on {
		c.OnChanged = nil
		c.SetChecked(on)
		c.OnChanged = action
	}
}

// drawKillerName names an empty killer in the editor's list, whose cages
// are drawn: "New killer 9×9".
func drawKillerName(g *solver.Geometry) string {
	x := ""
	if g.X {
		x = " X"
	}
	return fmt.Sprintf("New killer%s %d×%d", x, g.N, g.N)
}

// chooseEditShape types the puzzle into another shape: the givens typed
// so far go, after a question if there are any. A killer of the list
// (none of its cages drawn yet) starts the drawing of its cages.
func (u *UI) chooseEditShape(name string) {
	g, ok := u.editShapes[name]
	if !ok || !u.game.Editing() || u.game.Geometry().Equal(g) {
		return
	}
	change := func() {
		u.setGame(game.NewEditor(g))
		u.shownShape = name
		u.setStatus(editStartText)
		switch {
		case g.Killer() && len(g.Cages()) == 0:
			u.setDrawing(true)
		case name == drawJigsawName(g):
			u.setRegionDrawing(true)
		}
		u.focusBoard() // digits go to the board, not the list
	}
	work := u.editWork()
	if work == "" {
		change()
		return
	}
	// The shape shown before (the board's own name was not in the list
	// once cages were drawn: "Classic 9×9" showed over a killer).
	was := u.shownShape
	// Enter keeps typing: the red answer is the one that loses them.
	// Cages and regions drawn ask too (they went without a word).
	u.showRisky("Start again on another shape?", work, "Start Again", "Keep Typing", func(yes bool) {
		if yes {
			change()
			return
		}
		u.showEditShape(was)
		u.focusBoard()
	})
}

// editCheckSync is how long checkEdit checks on the UI goroutine before
// it goes on in the background (tests that read the answer at once raise
// it: under the race detector a search for a typo took longer).
var editCheckSync = 50 * time.Millisecond

// checkEdit tells, as the player types givens, whether they make a proper
// puzzle. Most checks take microseconds and happen at once; one that takes
// longer goes on off the UI goroutine, and a newer edit supersedes it.
func (u *UI) checkEdit() {
	if u.editCancel != nil {
		u.editCancel() // a check still running is for an older board
		u.editCancel = nil
	}
	u.editCheck++
	gen := u.editCheck
	givens := u.game.Givens()
	ctx, cancel := context.WithTimeout(context.Background(), editCheckSync)
	err := game.CheckPuzzle(ctx, givens)
	cancel()
	if err != context.DeadlineExceeded {
		u.showEditCheck(givens.Givens(), err)
		return
	}
	u.editStart.Disable()
	u.editText.SetText(givensText(givens.Givens()) + " · checking…")
	ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
	u.editCancel = cancel
	go func() {
		defer cancel()
		err := game.CheckPuzzle(ctx, givens)
		u.do(func() {
			if gen == u.editCheck && u.game.Editing() {
				u.showEditCheck(givens.Givens(), err)
			}
		})
	}()
}

// editState is the puzzle being typed in as a file keeps it: its givens
// and its shape (UI.editSaved).
func editState(g *game.Game) string {
	return g.Givens().String() + "|" + solver.NewBoard(g.Geometry()).SoloID()
}

// givensText is "1 given", "25 givens".
func givensText(n int) string {
	if n == 1 {
		return "1 given"
	}
	return fmt.Sprintf("%d givens", n)
}

func (u *UI) showEditCheck(n int, err error) {
	if u.regionsUndone() {
		return // the regions drawn make no board yet: the line says why
	}
	givens := givensText(n)
	// Several solutions: the cells where two differ are lit, one of which
	// wants a given (an author had to work them out by hand).
	// No solution: the given that looks mistyped, or those that may be.
	var several *game.SeveralError
	var none *game.NoSolutionError
	var lit []int
	switch {
	case errors.As(err, &several):
		lit = several.Differ
	case errors.As(err, &none):
		lit = none.Lit()
	}
	if len(lit) > 0 {
		h := newHighlight(len(u.game.Givens().Cells))
		for _, i := range lit {
			h.Target[i] = true
		}
		u.board.SetHighlight(h)
	} else {
		u.board.SetHighlight(nil)
	}
	u.litDraft()  // a cage under way's cells over those
	u.regionLit() // the selected cell's region as drawn
	switch {
	case err == context.DeadlineExceeded:
		u.editText.SetText(givens + " · too slow to check; add givens")
	case several != nil && u.drawing():
		// Cages being drawn: more cages are what a killer wants ("give
		// one of the cells lit" sent the setter to givens).
		lit := ""
		if n := len(several.Differ); n > 0 {
			lit = fmt.Sprintf(" (or give one of the %d cells lit)", n)
		}
		u.editText.SetText(givens + " · more than one solution: draw more cages" + lit)
	case err != nil:
		u.editText.SetText(givens + " · " + err.Error())
	default:
		u.editText.SetText(givens + " · one solution: ready to play")
		u.editStart.Enable()
		u.rateEdit()
		return
	}
	u.editStart.Disable()
}

// rateEdit works out the level of the puzzle typed in, once it has one
// solution, off the UI goroutine, and adds it to the editor's line: an
// author tuning a puzzle's difficulty had to Start it to see its level,
// and enter it again. A change to the givens drops a rating under way.
func (u *UI) rateEdit() {
	gen, givens := u.editCheck, u.game.Givens()
	show := func(r logic.Rating) {
		u.editText.SetText(fmt.Sprintf("%s · %s %.1f", u.editText.Text, r.Level, r.Score))
	}
	// Most puzzles rate in a millisecond or less: at once, as the check.
	quick, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	r, err := logic.RatePuzzle(quick, givens)
	cancel()
	if err == nil {
		show(r)
		return
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	u.editCancel = cancel // (the check's, if it had one, is done)
	go func() {
		defer cancel()
		r, err := logic.RatePuzzle(ctx, givens)
		if err != nil {
			return
		}
		u.do(func() {
			if gen == u.editCheck && u.game.Editing() {
				show(r)
			}
		})
	}()
}

// finishEdit starts the puzzle typed, once it is a proper one, after
// asking when that loses the game the editor replaced, as losesGame
// tells for the game on the board (entering the editor asks nothing:
// Cancel gives that game back).
func (u *UI) finishEdit() {
	if prev := u.prevGame; u.loses(prev) {
		u.showRisky("Leave this game?",
			"The moves you made on the puzzle before would be lost: it is not from a file that keeps them.",
			"Start", "Keep Typing", func(ok bool) {
				if ok && u.game.Editing() && u.prevGame == prev && u.startEdited() {
					if lvl := recordKey(prev); lvl != "" {
						u.settings.RecordGiveUp(lvl) // a streak ends
					}
				}
			})
		return
	}
	u.startEdited()
}

// startEdited plays the puzzle typed in the editor, reporting whether it
// could.
func (u *UI) startEdited() bool {
	if err := u.game.Finish(); err != nil {
		u.showError("This is not a proper puzzle yet", err)
		return false
	}
	u.draw, u.drawn = nil, false // the drawing is the puzzle's now
	u.endRegions()
	u.prevGame = nil
	u.coll = nil
	u.setGame(u.game)
	u.showBrowser()
	u.setStatus("Your puzzle is ready. Good luck!")
	return true
}

// cancelEdit goes back to the game the editor replaced (or, if that was
// lost, to the open file's puzzle or a new one).
func (u *UI) cancelEdit() {
	if !u.game.Editing() {
		return
	}
	if work := u.editWork(); work != "" {
		u.showRisky("Discard this puzzle?", work, "Discard", "Keep Typing", func(ok bool) {
			if ok {
				u.dropEdit()
			}
		})
		return
	}
	u.dropEdit()
}

// dropEdit leaves the editor for the game it replaced.
func (u *UI) dropEdit() {
	if !u.game.Editing() {
		return
	}
	prev := u.prevGame
	u.prevGame = nil
	u.editCheck++
	switch {
	case prev != nil:
		u.setGame(prev)
		if !u.prevPaused {
			prev.Resume()
		}
	case u.coll != nil:
		u.setGame(u.coll.Game(u.coll.Index))
	default:
		u.startDefault()
	}
	u.setStatus("")
}

// Restart clears the player's entries after asking (Enter keeps them).
func (u *UI) Restart() {
	what := "Clear every entry and pencil mark and start the timer again? Undo cannot take it back."
	if u.game.HasStartMarks() {
		what = "Go back to the position as it was opened, with its candidates, and start the timer again? Undo cannot take it back."
	}
	u.showRisky("Restart", what, "Restart", "Keep Playing", func(ok bool) {
		if ok {
			u.leaveOverlay()
			u.game.Restart()
		}
	})
}

// ShowSolution fills the board with the solution after asking.
func (u *UI) ShowSolution() {
	if u.paused() {
		return
	}
	// Enter keeps playing, as in Restart's and New's questions: the
	// spoiling answer is the red one.
	// What it costs, as Reveal says it: the prompt said only "Undo takes
	// it back", and the game was then played, not won, for good.
	cost := "Fill the board with the solution? Undo takes it back, but the game then counts as solved with help, not as a win or a best time" + u.streakLoss(u.game) + "."
	if u.game.Assisted() || u.game.WonBefore() {
		cost = "Fill the board with the solution? Undo takes it back."
	}
	u.showRisky("Show solution", cost, "Show Solution", "Keep Playing", func(ok bool) {
		if ok {
			u.showingSolution = true // no win view for it
			u.playMove(u.game.ShowSolution)
			u.showingSolution = false
			if u.game.Won() {
				// not "Solved in …": the player did not solve it
				u.setStatus("The solution is shown; Undo takes it back.")
			}
		}
	})
}

// ShowOpenPath opens a file by its typed path (~ for the home folder).
func (u *UI) ShowOpenPath() {
	entry := u.newDialogEntry()
	entry.SetPlaceHolder("/path/to/puzzles.txt")
	prefill := ""
	if u.settings.OpenDir != "" {
		// the folder, ready for a file's name typed after it
		prefill = filepath.Join(u.settings.OpenDir, "") + string(filepath.Separator)
		entry.SetText(prefill)
		entry.CursorColumn = utf8.RuneCountInString(entry.Text)
	}
	if u.missedPath != "" {
		// The path typed last named no file: it comes back to be
		// mended (it was gone, to be typed again whole).
		entry.SetText(u.missedPath)
		entry.CursorColumn = utf8.RuneCountInString(entry.Text)
		// A whole path typed after it is meant alone, as after the
		// folder ("…/loop1/tmp/s42/x.txt" was opened as typed).
		prefill = u.missedPath
	}
	open := func(ok bool) {
		path := strings.TrimSpace(entry.Text)
		if !ok || path == "" {
			return
		}
		// A whole path typed or pasted after the folder is meant alone.
		if rest, found := strings.CutPrefix(path, prefill); found && prefill != "" && (strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "~")) {
			path = rest
		}
		if rest, found := strings.CutPrefix(path, "~"); found {
			if home, err := os.UserHomeDir(); err == nil {
				path = home + rest
			}
		}
		u.missedPath = ""
		if _, err := os.Stat(path); err != nil {
			u.missedPath = path
		}
		u.rememberDir(path)
		u.openAsking(path)
	}
	_, d, submit := u.newFormDialog("Open Path", "Open", "Cancel", []*widget.FormItem{widget.NewFormItem("File", entry)}, fyne.NewSize(560, 0), open)
	entry.OnSubmitted = func(string) { submit() }
	u.showModal(d, submit, nil)
	u.win.Canvas().Focus(entry)
}

// maxSkipped is how many unreadable lines a file may have and still open
// (its good puzzles): past that it is not a puzzle file with a few typos.
const maxSkipped = 1000

// skipped collects the lines of a file that could not be read.
type skipped struct {
	mu    sync.Mutex
	n     int
	first *solver.ParseError
	some  []string
}

// add takes an unreadable line; false stops the reading.
func (s *skipped) add(e *solver.ParseError) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if s.first == nil {
		s.first = e
	}
	if len(s.some) < 3 {
		where := fmt.Sprintf("%s:%d", filepath.Base(e.File), e.Line)
		if e.Col > 0 {
			where += fmt.Sprintf(":%d", e.Col) // as the command line names it
		}
		s.some = append(s.some, where+": "+e.Msg)
	}
	return s.n <= maxSkipped
}

// result is the reading's error: a file with no good puzzle at all gets
// its first bad line's error, not "no puzzles found".
func (s *skipped) result(err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pe *solver.ParseError
	if s.first != nil && errors.As(err, &pe) && pe.Line == 0 {
		return s.first
	}
	return err
}

// message says which lines were skipped, if any.
func (s *skipped) message() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == 0 {
		return ""
	}
	msg := fmt.Sprintf("Skipped %d %s that could not be read: %s", s.n, plural(s.n, "line", "lines"), strings.Join(s.some, "; "))
	if more := s.n - len(s.some); more > 0 {
		msg += fmt.Sprintf(" (and %d more)", more)
	}
	return msg + "."
}

// readPuzzles reads the puzzle file at path, classic layouts or boards of
// any shape (Solo game IDs, lines of N² symbols), into ps in file order,
// calling after once each puzzle is in; size, when not nil, hears the
// file's size first. A classic file's bad lines go to skip (see
// solver.ScanFileSkipping); a board file is read whole, and its first bad
// line is the error.
func readPuzzles(path string, size func(int64), ps *library.Puzzles, after func() error, skip func(*solver.ParseError) bool) error {
	return readPuzzlesTee(path, size, ps, after, skip, nil)
}

// fileRead is what a reading of a puzzle file saw: the key its levels are
// kept under, SHA-256 of the bytes read, or changed when the file changed
// while it was read (replaced, cut short, written to). The key was the
// hash of a second reading after the first, and a file replaced in
// between kept another file's levels under its content's key: wrong
// levels for any file of those bytes, for good.
type fileRead struct {
	key     *[32]byte
	changed bool
	stamp   string // the file's size and time when read whole, unchanged (fileStamp)
}

// fileStamp is a file's size and modification time, to tell whether it
// changed since it was read; "" when it cannot be told.
func fileStamp(path string) string {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return stampOf(fi)
}

// stampOf is fileStamp of a file's info.
func stampOf(fi os.FileInfo) string { return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano()) }

// readPuzzlesKeyed reads as readPuzzles does, and says what it read.
func readPuzzlesKeyed(path string, size func(int64), ps *library.Puzzles, after func() error, skip func(*solver.ParseError) bool) (fileRead, error) {
	before, err := os.Stat(path)
	if err != nil {
		return fileRead{}, err
	}
	if err := solver.NotRegular(path, before); err != nil {
		return fileRead{}, err // (isBoardFile would wait on a FIFO)
	}
	h := &countingHash{h: sha256.New()}
	rerr := readPuzzlesTee(path, size, ps, after, skip, h)
	now, err := os.Stat(path)
	changed := err != nil || !os.SameFile(before, now) || now.Size() != before.Size() || !now.ModTime().Equal(before.ModTime())
	var perr *solver.ParseError
	switch {
	case rerr != nil && changed && errors.As(rerr, &perr):
		// A line cut by the change ("row has 18 cells") is no mistake
		// of the file's.
		return fileRead{changed: true}, fmt.Errorf("%s changed while it was read; open it again to read it as it is now", path)
	case rerr != nil:
		return fileRead{}, rerr
	case changed || h.n != now.Size():
		return fileRead{changed: true}, nil
	}
	var key [32]byte
	h.h.Sum(key[:0])
	return fileRead{key: &key, stamp: stampOf(now)}, nil
}

// countingHash is a hash that counts the bytes written to it.
type countingHash struct {
	h hash.Hash
	n int64
}

func (c *countingHash) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return c.h.Write(p)
}

// readPuzzlesTee is readPuzzles writing the bytes it reads, the whole
// file when it reads it without an error, to tee when not nil.
func readPuzzlesTee(path string, size func(int64), ps *library.Puzzles, after func() error, skip func(*solver.ParseError) bool, tee io.Writer) error {
	// Not opened unless a regular file: opening a FIFO waits for a writer,
	// and the window froze (Open Path of a FIFO; sudoku FIFO never showed).
	if fi, err := os.Stat(path); err != nil {
		return err
	} else if err := solver.NotRegular(path, fi); err != nil {
		return err
	}
	if isBoardFile(path) {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		var r io.Reader = f
		if tee != nil {
			r = io.TeeReader(f, tee)
		}
		bps, err := solver.ReadBoardsSkipping(r, path, skip)
		if err != nil {
			return err
		}
		for _, p := range bps {
			ps.AddBoard(p)
			if err := after(); err != nil {
				return err
			}
		}
		return nil
	}
	return solver.ScanFileTee(path, size, func(p solver.Puzzle) error {
		ps.Add(p)
		return after()
	}, skip, tee)
}

// isBoardFile reports a file whose first puzzle line is a board of
// another shape than classic 9×9 (solver.IsBoardFile).
// isGameFile reports whether path is a regular file that holds a game
// saved with Save Game As in our own file (game.GameFileExt).
func isGameFile(path string) bool {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	return game.IsGameFile(head[:n])
}

// readGameFile reads the game saved in the game file at path; the error
// names the file.
func readGameFile(path string) (*game.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, game.MaxGameFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	g, err := game.ReadGameFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return g, nil
}

// openGameFile takes up the game saved in the game file at path where it
// was left, as the session takes up the game in progress: its moves to
// undo, its marks and its clock. The file open before is closed (its
// progress kept, as for a new puzzle).
func (u *UI) openGameFile(path string) bool {
	g, err := readGameFile(path)
	if err != nil {
		u.showError("Could not open the saved game", err)
		return false
	}
	u.cancelLoad()
	closed := u.playAlone(g)
	u.inGameFile = gameFileOf(g, path)
	u.refreshPanel()
	u.showBrowser()
	u.addRecent(path)
	u.save()
	u.setStatus(strings.TrimSpace(closed + fmt.Sprintf(" The game saved in %s, where it was left: Save Game As (Ctrl+Shift+S) keeps your moves in it again.", filepath.Base(path))))
	return true
}

func isBoardFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, solver.BoardHead)
	n, _ := io.ReadFull(f, head)
	return solver.IsBoardFile(head[:n])
}

// sameBoard reports two boards of the same shape and symbols.
func sameBoard(a, b solver.Board) bool {
	return a.Geo.Equal(b.Geo) && slices.Equal(a.Cells, b.Cells)
}

// ratingState says how far the levels of a file are worked out: the share
// done, or under 1 % the count ("0 %" stood for minutes on a file of the
// hardest puzzles while the rows showed levels).
func ratingState(rated, total int) string {
	if 100*rated < total {
		return fmt.Sprintf("rating levels: %s of %s", groupDigits(rated), groupDigits(total))
	}
	return fmt.Sprintf("rating levels: %d%%", 100*rated/max(total, 1))
}

// hasMarks reports whether a game's progress has pencil marks.
func hasMarks(p *solver.Progress) bool {
	for _, m := range p.Marks {
		if m != 0 {
			return true
		}
	}
	return false
}
