// Package gui is the desktop window: a board bound to a game and the menus
// and panels around it. It never imports fyne's app package, so tests drive
// it with fyne.io/fyne/v2/test and no display.
package gui

import (
	_ "example.com/sudoku/gui/localefix" // before Fyne initialises
	"image/color"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/gui/levels"
	"example.com/sudoku/gui/library"
	"example.com/sudoku/gui/store"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Version is the program's version as sudoku --version prints it; main
// sets it (the About box shows it).
var Version = "devel"

// Options configure a window.
type Options struct {
	// StatePath is the file the game in progress is saved to; empty means
	// games/session.json in the app's storage.
	StatePath string
	// SaveDelay is how long after a change the state is written (at most a
	// second; default 300ms).
	SaveDelay time.Duration
}

// openAtStart opens the puzzle file named on the command line, as File →
// Open does: a restored game that no file keeps is not thrown away
// without a word (sudoku FILE lost the last run's game).
func (u *UI) openAtStart(args []string) {
	if len(args) > 0 {
		u.openAsking(args[0])
	}
}

// Run builds the window for a, opens the puzzle file named in args (or
// restores the last game) and runs the app until the window closes. It
// returns the exit status: 2 when the game's last write failed (its moves
// since the last save are lost; stderr says why), else 128 plus the
// signal's number when one stopped the app (as the commands exit), else
// 0.
func Run(a fyne.App, args []string) int {
	// A soft bound on the heap: with a million puzzles open the garbage
	// collector works a little harder rather than let the heap double.
	debug.SetMemoryLimit(256 << 20)
	u := New(a, Options{})
	u.openAtStart(args)
	u.startClock()
	stopOnSignals(u)
	u.win.ShowAndRun()
	u.afterRun()
	dropEmptyPreferences(a)
	return u.exitStatus()
}

// exitStatus is Run's exit status.
func (u *UI) exitStatus() int {
	switch {
	case u.lastSaveFailed.Load():
		return 2
	case u.signalled.Load() != 0:
		return 128 + int(u.signalled.Load())
	}
	return 0
}

// afterRun writes the game one last time when the app ended without
// shutdown: Fyne's own handler of SIGTERM and SIGINT quits the app too,
// and when it came first the moves of the last 300 ms were lost (12 of
// 14 times for a move 100 ms before a SIGTERM), and shutdown, run later,
// asked GLFW, no longer there, where the window was (a panic).
func (u *UI) afterRun() {
	u.stopping.Store(true)
	u.glfwGone = true
	if u.quitting {
		return
	}
	u.keepWindow() // its size; its place needs GLFW
	u.saveForGood()
}

// stopOnSignals quits as the Quit menu does when the program is told to
// stop (SIGTERM at logout, SIGHUP when its terminal closes, Ctrl-C, Ctrl-\): the
// game is written one last time, so the moves of the last second are not
// lost. If the window does not answer within a few seconds, the program
// exits anyway (what was saved by then stays).
func stopOnSignals(u *UI) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	go func() {
		sig := <-sigs
		u.signalled.Store(int32(sig.(syscall.Signal)))
		u.stopping.Store(true) // the clock and the rest hand the UI nothing more
		go func() {
			time.Sleep(5 * time.Second)
			os.Exit(u.exitStatus())
		}()
		fyne.DoAndWait(func() {
			if !u.quitting {
				u.shutdown()
			}
		})
	}()
}

// dropEmptyPreferences removes the empty preferences file Fyne writes on
// quit. The app keeps its settings in its own file; with no preferences
// file, Fyne has nothing to reload on the next start, and so no reason to
// rewrite the file in place while its file watcher may read it half
// written (which it logs as an error).
func dropEmptyPreferences(a fyne.App) {
	path := filepath.Join(a.Storage().RootURI().Path(), "preferences.json")
	// Also one left empty (Fyne writes it in place: a full disk left 0
	// bytes, and every start said "Preferences load error: EOF").
	if b, err := os.ReadFile(path); err == nil && (strings.TrimSpace(string(b)) == "{}" || strings.TrimSpace(string(b)) == "") {
		os.Remove(path)
	}
}

// UI is the main window and everything in it.
type UI struct {
	app  fyne.App
	win  fyne.Window
	opts Options

	game  *game.Game
	board *Board
	coll  *library.Collection

	*panel // the side panel's widgets

	// puzzle browser
	browse  *browser
	split   *container.Split
	content *fyne.Container

	algo  solver.Algorithm
	speed int // index in speeds
	run   *solveRun

	// hints and the walkthrough
	hint *hint
	walk *walkthrough
	// lastWalk is the walkthrough closed last, with its step, kept for the
	// same game while no move is made (a click on the board closed it, and
	// Ctrl+I started again at step 1).
	lastWalk *walkthrough
	// givingUp is the game the player agreed to leave (askFirst): it
	// counts as given up when another takes its place.
	givingUp *game.Game
	// editShape chooses the shape of the puzzle being typed in, and
	// editShapes are its choices' geometries.
	editShape *widget.Select
	// missedPath is the path Open Path was given last when it named no
	// file: the next Open Path starts with it.
	missedPath string
	editShapes map[string]*solver.Geometry
	// draw is the killer's cages being drawn in the editor (nil when the
	// digits type givens), drawCheck its switch (cagedraw.go).
	draw      *game.CageDraft
	drawCheck *widget.Check
	// regionDraft is a jigsaw's regions being drawn, regionCheck its
	// switch, paint the region a drag carries cells into (regiondraw.go).
	regionDraft *game.RegionDraft
	regionCheck *widget.Check
	paint       int
	drawn       bool    // cages or regions were drawn in this editor
	regionStart []uint8 // the regions drawing started from
	editSaved   string  // the puzzle typed in as last saved to a file (editState)
	peersWere   bool    // the board's NoPeers before the regions were drawn
	shownShape  string  // the editor's shape as its list shows it
	// narrow is set while the window is too narrow for the puzzle list
	// (contentSized).
	narrow bool

	gen      *generating   // puzzles being made
	genDone  chan struct{} // closed when the latest puzzles asked for are made (for tests)
	lastGen  *generating   // the latest puzzles asked for, kept once made (for tests)
	workGen  int           // the latest slow work asked for (see work)
	workDone chan struct{} // closed when it is over
	modals   []*modal      // the dialogs open, the top one last: they own the keyboard

	levelSaves sync.WaitGroup // level caches being written (Close waits for them)
	puzzleAdds sync.WaitGroup // puzzles being added to a file's end (Close waits for them)
	rater      *levels.Rater
	rated      *library.Collection // the collection the rater has, nil for a single puzzle
	// rateClock is when the header first saw the rater at work on a
	// file, and how many it had rated then: the pace that says how long
	// the rest will take (hours on the forum's hardest, which it did not
	// say).
	rateClock struct {
		c     *library.Collection
		start time.Time
		from  int
	}

	loadCancel context.CancelFunc // stops the file being read, if any
	// loadKeeps is the game on the board whose file is being read (a big
	// file's game restored at the start): the file keeps it, though its
	// collection is not there yet.
	loadKeeps *game.Game
	loadPath  string // the file being read
	// interrupted is the read of loadKeeps's file that another file's
	// opening stopped: done again if that file cannot be opened.
	interrupted keptLoad
	// orphan is the game restored at the start whose file could not be
	// read (moved away, a disk not mounted): the session and the file's
	// progress keep it as the file's, for when the file is back (it said
	// so, and the game's later moves were lost: the session forgot the
	// file, and reopening it brought back the moves of before).
	orphan orphanGame
	// glfwGone: the app's loop has ended, and GLFW with it (withGLFW).
	glfwGone     bool
	onFirstShown func() // a file read off the UI goroutine shows its first puzzle (benchmarks)
	// reread reads a restored game's file again (see interrupted): openAsync,
	// or in tests what records the call.
	reread func(path string, keep *game.Game)
	score  float64 // the current puzzle's rating score, 0 until rated

	prevGame *game.Game // the game to go back to when editing is cancelled
	labRuns  int        // Algorithm Lab runs under way (UI goroutine)
	labKept  *labKept   // the Lab's last whole-file run, shown again when it opens on the same boards
	// inGameFile is the game last saved in or opened from a game file.
	inGameFile gameFileMark
	// waitingToOwn: another window owned the session when this one
	// started; this one takes it over once that one has gone (tookOver),
	// filesAtStart telling the progress in files it has not touched.
	waitingToOwn atomic.Bool
	filesAtStart map[string]string
	prevPaused   bool // whether it was paused before
	editCheck    int  // generation of the latest edit check
	editCancel   context.CancelFunc

	files       map[string]library.Place // the place and progress in every file opened
	filesJSON   []byte                   // files marshalled, nil when they changed since
	lastContent int                      // the game revision the panel shows

	saver     *store.Saver
	statePath string
	settings  store.Settings
	menus     *menus
	quitting  bool
	exporting *exportJob // a booklet or image being written, or nil
	// unsavedNew counts the new puzzles made for a booklet whose save
	// dialog is open: Quit asks before they go.
	unsavedNew int
	// madeNew is the last new puzzles made for a booklet, until written.
	madeNew *madeBatch
	// exportsRunning counts the booklets and images being made and
	// written (tests wait for them).
	exportsRunning sync.WaitGroup
	// stopping is set once the app begins to stop (Quit, a signal, the
	// run loop's end): background work then hands the UI nothing more.
	// Fyne runs a fyne.Do'ne function on the caller's own goroutine once
	// its loop has ended, where it raced the last save (and Fyne said
	// "should have been called in fyne.Do").
	stopping atomic.Bool
	// signalled is the signal that stopped the app (0: none), and
	// lastSaveFailed that the last write of the game failed: Run's exit
	// status says so (a window killed by SIGTERM whose last save failed
	// exited 0, as a clean quit).
	signalled      atomic.Int32
	lastSaveFailed atomic.Bool
	// startGame and startMoves are the game at the start and its moves
	// (undo history): while they are the game's, quitting loses no move
	// of the player's (a pause or the clock changes no move).
	startGame  *game.Game
	startMoves int
	lastFocus  fyne.Focusable // the focus keepFocusInView saw last
	// keyDigit is the digit on the key last pressed (digitKey), keyKnown
	// whether its scan code came: the character it types, next, may be a
	// pencil mark's (markKey).
	keyDigit uint8
	keyKnown bool
}

// do runs f on the UI goroutine (fyne.Do), unless the app is stopping.
func (u *UI) do(f func()) {
	if u.stopping.Load() {
		return
	}
	fyne.Do(func() {
		if !u.stopping.Load() {
			f()
		}
	})
}

// doAndWait is do that waits for f (fyne.DoAndWait).
func (u *UI) doAndWait(f func()) {
	if u.stopping.Load() {
		return
	}
	fyne.DoAndWait(func() {
		if !u.stopping.Load() {
			f()
		}
	})
}

// New builds the window (not shown) and restores the saved game, if any.
func New(a fyne.App, opts Options) *UI {
	u := &UI{app: a, opts: opts, algo: solver.CP, speed: len(speeds) - 1, files: map[string]library.Place{}, panel: &panel{}}
	useAtomicFiles()
	u.win = a.NewWindow("Sudoku")
	u.statePath = opts.StatePath
	if u.statePath == "" {
		// Not beside preferences.json: Fyne reloads preferences whenever
		// anything in that folder changes, and we save often.
		u.statePath = filepath.Join(a.Storage().RootURI().Path(), "games", "session.json")
	}
	delay := opts.SaveDelay
	if delay <= 0 || delay > time.Second {
		delay = 300 * time.Millisecond
	}
	u.saver = store.NewSaver(u.statePath, delay)
	u.rater = levels.NewRater()
	u.saver.OnError = func(err error) {
		if errors.Is(err, store.ErrOtherWindow) {
			// Said as at the start (a second window's first save said
			// "Could not save" before a move was made).
			u.do(func() { u.setStatus(capitalize(err.Error()) + ".") })
			return
		}
		u.do(func() { u.setStatus(saveFailed + err.Error()) })
	}
	u.saver.OnSaved = func() {
		u.do(func() {
			if strings.HasPrefix(u.status.Text, saveFailed) {
				u.setStatus("The game is saved again.")
			}
		})
	}
	saved, loadErr := store.Load(u.statePath)
	var badValues []string // settings that read but mean nothing
	if saved != nil {
		u.settings = saved.Settings
		// The menu shows maxRecent: a million recent files in the file
		// froze the window at File → Open Recent, and were saved again
		// with every move.
		u.settings.Recent = u.settings.Recent[:min(len(u.settings.Recent), maxRecent)]
		// A value of the right kind that means nothing goes back to its
		// default, said as the damaged parts are: a theme of "dbrk" was
		// light with no word, and Preferences showed no theme chosen.
		if al, err := solver.ParseAlgorithm(u.settings.Algorithm); err == nil {
			u.algo = al
		} else if u.settings.Algorithm != "" {
			badValues = append(badValues, fmt.Sprintf("the algorithm (%q)", u.settings.Algorithm))
			u.settings.Algorithm = ""
		}
		if th := u.settings.Prefs.Theme; th != "" && th != "light" && th != "dark" {
			badValues = append(badValues, fmt.Sprintf("the theme (%q)", th))
			u.settings.Prefs.Theme = ""
		}
		if sp := u.settings.Speed; sp != nil {
			u.speed = min(max(*sp, 0), len(speeds)-1)
		}
	}
	u.applyTheme()
	u.build()
	u.applyGamePrefs()
	restored := true
	if err := u.restore(saved, loadErr); err != nil {
		restored = false
		u.startDefault()
		if saved != nil && saved.File != "" {
			// The file open, at the place it was, comes back with the
			// rest of the session: a damaged game cost them too, and the
			// player found a new puzzle and no file.
			if fi, err := os.Stat(saved.File); err == nil && fi.Mode().IsRegular() {
				u.OpenFile(saved.File)
			}
		}
		switch {
		case err == store.ErrNoSession && saved != nil && len(saved.Damaged) > 0:
			// The game itself was in the damaged part (cut off): a new
			// puzzle came without a word.
			kept := saved.Damaged[len(saved.Damaged)-1]
			u.setStatus(fmt.Sprintf("The saved game could not be read (the session was damaged: %s); %s (file %s).",
				strings.Join(damagedParts(saved.Damaged[:len(saved.Damaged)-1]), ", "), sessionBack(saved), kept))
		case os.IsNotExist(err) || err == store.ErrNoSession:
		case saved == nil:
			// The whole session: said so, the statistics and settings
			// start afresh too (the line spoke of the game alone).
			u.setStatus("The saved session could not be read, so the game, statistics and settings start afresh: " + err.Error())
		case u.coll != nil && u.game != nil && u.game.Started():
			// The file came back at its place, and its progress there
			// had the game: "could not be restored" was said over it.
			u.setStatus("The saved game did not read, but its file's progress had it: it is back on the board. " + capitalize(err.Error()) + ".")
		default:
			u.setStatus("The saved game could not be restored: " + err.Error())
		}
	}
	switch {
	case saved != nil && len(saved.Damaged) > 0 && restored:
		// (Where the game did not restore, the line above says so: "the
		// rest restored" was said over a new puzzle.)
		n := len(saved.Damaged) - 1 // the last says where the file was kept
		parts := append(damagedParts(saved.Damaged[:n]), badValues...)
		if len(parts) == 0 {
			u.setStatus(fmt.Sprintf("The saved session was damaged, but all of it read (file %s).", saved.Damaged[n]))
		} else {
			u.setStatus(fmt.Sprintf("Back to defaults, unreadable: %s; the rest restored (file %s).", strings.Join(parts, ", "), saved.Damaged[n]))
		}
	case len(badValues) > 0 && restored:
		u.setStatus(fmt.Sprintf("Back to defaults, unreadable: %s; the rest restored.", strings.Join(badValues, ", ")))
	}
	if err := u.game.LostHistory(); err != nil && restored {
		u.setStatus(fmt.Sprintf("The undo history saved could not be read (%v): it is dropped; the board is as you left it.", err))
	}
	u.startGame, u.startMoves = u.game, u.game.History()
	if !u.saver.Owner() {
		// Said at once, not at the first failed save: two windows had
		// overwritten each other's game, the last to save winning.
		u.setStatus(capitalize(store.ErrOtherWindow.Error()) + ".")
		// Once that window has gone, this one takes the session up
		// (tookOver): until then, what it had of the progress in files.
		u.filesAtStart = map[string]string{}
		for path, f := range u.files {
			b, _ := json.Marshal(f)
			u.filesAtStart[path] = string(b)
		}
		u.waitingToOwn.Store(true)
	}
	u.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			u.openAsking(uris[0].Path())
		}
	})
	u.win.SetCloseIntercept(u.Quit)
	u.app.Lifecycle().SetOnExitedForeground(func() { u.background = true; u.holdClock() })
	u.app.Lifecycle().SetOnEnteredForeground(func() { u.background = false; u.holdClock() })
	u.win.Resize(u.startSize())
	u.win.CenterOnScreen()
	u.fitScreenLater()
	return u
}

func (u *UI) build() {
	u.board = NewBoard(nil)
	u.board.OnTypedRune = u.typedRune
	u.board.OnTypedKey = u.typedKey
	u.board.OnTapped = func(i int) {
		if u.drawing() {
			u.drawTap(i) // a cage's cell, not a given's (no pad)
			return
		}
		if u.drawingRegions() {
			u.regionLit()
			u.setStatus(u.regionDraft.Text(i)) // which region it is in
			return
		}
		u.leaveOverlay()
		u.tapPad(i, false)
	}
	u.board.OnDragged = u.drawDrag
	u.board.OnTappedSecondary = func(i int) { u.leaveOverlay(); u.tapPad(i, true) }
	u.board.OnTappedBeside = u.closePad
	u.board.OnPausedTap = func() {
		if !u.covered() {
			u.TogglePause()
		}
	}
	u.win.Canvas().SetOnTypedRune(u.typedRune)
	u.win.Canvas().SetOnTypedKey(u.typedKey)

	// The level line wraps rather than run past the panel where it is
	// too narrow for it.
	u.levelSeg = &widget.TextSegment{Style: widget.RichTextStyle{
		SizeName:  theme.SizeNameSubHeadingText,
		ColorName: theme.ColorNameForeground,
		TextStyle: fyne.TextStyle{Bold: true},
	}}
	u.levelText = widget.NewRichText(u.levelSeg)
	u.levelText.Wrapping = fyne.TextWrapWord
	u.timerText = canvas.NewText("00:00", theme.Color(theme.ColorNameForeground))
	u.timerText.TextSize = 30
	u.timerText.TextStyle = fyne.TextStyle{Monospace: true}
	u.pauseBtn = u.button("", theme.MediaPauseIcon(), func() { u.TogglePause(); u.focusBoard() })
	u.undoBtn = u.button("Undo", theme.ContentUndoIcon(), u.Undo)
	u.redoBtn = u.button("Redo", theme.ContentRedoIcon(), u.Redo)
	u.pencilBtn = u.button("Pencil", theme.DocumentCreateIcon(), func() {
		u.game.TogglePencil()
		u.focusBoard()
	})

	for d := 1; d <= solver.MaxSide; d++ {
		d := uint8(d)
		u.pad[d] = newPadKey(string(solver.Symbol(d)), func() {
			// Over the pencil-marks pad by a cell, the side pad's key
			// sets a mark there, as the digit's key typed does (it
			// placed the digit, and the pad went).
			if !u.padRune(rune(solver.Symbol(d)), d) {
				u.closePad()
				u.enter(d)
			}
			u.focusBoard()
		})
	}
	u.padGrid = container.New(layout.NewGridLayoutWithColumns(3))
	u.fitPad(9)
	u.pad[0] = newPadKey("Erase", func() { u.closePad(); u.clear(); u.focusBoard() })
	u.autoBtn = u.button("Auto marks", nil, func() { u.playMove(u.game.AutoCandidates) })
	u.checkBtn = u.button("Check", nil, u.Check) // Check gives the focus back itself
	u.revealBtn = u.button("Reveal", nil, u.Reveal)
	u.hintBtn = u.button("Hint", theme.HelpIcon(), u.Hint)
	u.hintTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.hintTitle.Wrapping = fyne.TextWrapWord // a long name ("Dynamic contradiction forcing chains") widened the compact panel past the window
	u.hintText = widget.NewLabel("")
	u.hintText.Wrapping = fyne.TextWrapWord
	u.hintUndo = u.button("Undo to the last correct position", theme.ContentUndoIcon(), u.undoToCorrect)
	u.hintClose = u.button("", theme.CancelIcon(), func() { u.clearHint(); u.focusBoard() })
	u.hintClose.Importance = widget.LowImportance
	// What the hint's technique is, for a learner who has not met it.
	u.hintAbout = u.button("", theme.InfoIcon(), func() { u.showTechnique(u.hintTech) })
	u.hintAbout.Importance = widget.LowImportance
	u.hintAbout.Hide()
	// The lines that part the solver and a hint from the play controls
	// above them (hidden when they stand in a column of their own).
	u.toolLines = [2]*widget.Separator{widget.NewSeparator(), widget.NewSeparator()}
	u.hintScroll = container.NewVScroll(u.hintText)
	u.hintBox = container.NewBorder(
		// The close button at the title's top: centred, it moved with
		// each title of one line or two.
		container.NewVBox(u.toolLines[0], container.NewBorder(nil, nil, nil, container.NewVBox(container.NewHBox(u.hintAbout, u.hintClose)), u.hintTitle)),
		u.hintUndo, nil, nil,
		u.hintScroll)
	u.hintBox.Hide()

	names := make([]string, len(solver.AllAlgorithms))
	for i, a := range solver.AllAlgorithms {
		names[i] = algoTitle(a)
	}
	u.algoSelect = u.newPanelSelect(names, func(s string) {
		for _, a := range solver.AllAlgorithms {
			if algoTitle(a) == s {
				u.SetAlgorithm(a)
			}
		}
		u.focusBoard() // keys go on working the board
	})
	speedNames := make([]string, len(speeds))
	for i, s := range speeds {
		speedNames[i] = s.name
	}
	u.speedSel = u.newPanelSelect(speedNames, func(s string) {
		for i := range speeds {
			if speeds[i].name == s {
				u.SetSpeed(i)
			}
		}
		u.focusBoard()
	})
	u.algoSelect.Selected = algoTitle(u.algo)
	u.speedSel.Selected = speeds[u.speed].name
	u.solveBtn = u.button("Solve", theme.MediaPlayIcon(), func() {
		if u.run == nil && time.Since(u.runEnded) < stopGrace {
			// A click on Stop as the run ended: the button had just
			// become Solve under the pointer, and a new run began.
			u.focusBoard()
			return
		}
		u.ToggleSolve()
		u.focusBoard()
	})
	u.solveBtn.Importance = widget.HighImportance
	u.stepBtn = u.button("Step", theme.MediaSkipNextIcon(), func() { u.Step(); u.focusBoard() })
	u.stepBtn.Disable() // until a solver waits for it
	u.solveStats = widget.NewLabel("")
	u.solveStats.Wrapping = fyne.TextWrapWord
	// Three lines kept for the figures, as a run shows them: they came
	// with the run and fell below the panel's fold.
	statsLines := canvas.NewRectangle(color.Transparent)
	statsLines.SetMinSize(fyne.NewSize(0, 3*fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height+2*theme.InnerPadding()))
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis
	// A message cut short by the window's width gets a button that shows
	// it whole: "Could not save the game: write …: permission denied: its
	// folder /tmp/h38…" hid what was wrong.
	u.statusMore = u.button("", theme.MoreHorizontalIcon(), func() {
		u.showMessage("Message", messageBody(nil, u.status.Text), "OK")
	})
	u.statusMore.Importance = widget.LowImportance
	u.statusMore.Hide()
	u.statusRow = container.New(&statusLayout{label: u.status, more: u.statusMore}, u.status, u.statusMore)

	u.timerRow = container.NewBorder(nil, nil, nil, u.pauseBtn, u.timerText)
	u.cageInfo = widget.NewLabel("")
	u.cageInfo.Wrapping = fyne.TextWrapWord
	// As high as the puzzle's longest cage text, up to three lines, for
	// every cage (a longer text scrolls): moving from cage to cage, the pad
	// below jumped by a line or two (fitCageBox).
	u.cageLines = canvas.NewRectangle(color.Transparent)
	u.cageLines.SetMinSize(fyne.NewSize(0, 3*fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height+2*theme.InnerPadding()))
	u.cageBox = container.NewStack(u.cageLines, container.NewVScroll(u.cageInfo))
	u.cageBox.Hide()
	u.solverBox = container.NewVBox(
		u.toolLines[1],
		u.algoSelect,
		u.speedSel,
		container.NewGridWithColumns(2, u.solveBtn, u.stepBtn),
		container.NewStack(statsLines, u.solveStats),
	)
	u.editText = widget.NewLabel("")
	u.editText.Wrapping = fyne.TextWrapWord
	u.editStart = u.button("Start", theme.ConfirmIcon(), u.finishEdit)
	u.editStart.Importance = widget.HighImportance
	// The shape to type a puzzle into: the board's, or classic or X in
	// boxes at any size (a 9×9 newspaper puzzle while a 16×16 was on the
	// board needed a classic game made first).
	u.editShape = widget.NewSelect(nil, nil)
	u.drawCheck = widget.NewCheck("Draw cages", u.setDrawing)
	u.regionCheck = widget.NewCheck("Draw regions", u.setRegionDrawing)
	// Two lines kept for the editor's word on the givens: Cancel, Start
	// and the pad dropped by a line whenever it wrapped ("more than one
	// solution: add givens") and rose again.
	editLines := canvas.NewRectangle(color.Transparent)
	editLines.SetMinSize(fyne.NewSize(0, 2*fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height+2*theme.InnerPadding()))
	// The editor's controls take the clock's and the play buttons' place
	// in the panel: as a bar above the board they moved the board down
	// and made it smaller, and the panel kept a clock, Undo, Hint and
	// Solve that did nothing while a puzzle was typed in.
	u.editBar = container.NewVBox(u.editShape, u.drawCheck, u.regionCheck, container.NewStack(editLines, u.editText),
		container.NewGridWithColumns(2, u.button("Cancel", theme.CancelIcon(), u.cancelEdit), u.editStart))
	u.editBar.Hide()
	u.undoRow = container.NewGridWithColumns(3, u.undoBtn, u.redoBtn, u.pencilBtn)
	u.helpRow = container.NewGridWithColumns(3, u.hintBtn, u.checkBtn, u.revealBtn)
	u.padArea = container.NewVBox(u.padGrid, container.NewGridWithColumns(2, u.pad[0], u.autoBtn))
	// Hint, Check and Reveal above the pad: in one column a hint takes
	// the pad's and the solver's place below them (UI.showHint), and the
	// Hint button, pressed again to go on, stays where it was.
	play := container.NewVBox(
		u.levelText,
		u.editBar,
		u.timerRow,
		u.cageBox,
		u.undoRow,
		u.helpRow,
		container.New(keepTallest{}, u.padArea), // keeps its height while a hint hides the pad
	)
	// The solver's controls keep their height while a hint hides them:
	// nothing moves when it goes.
	u.tools = container.New(keepTallest{}, u.solverBox)
	// Under the play controls, or beside them on a window too low for
	// both and wide enough (UI.fitPanel); a hint over the solver's
	// column, or in one column over the pad and the solver.
	u.panelCols = &panelColumns{hintFrom: play.Objects[len(play.Objects)-1], view: func() float32 { return u.playPanel.Size().Height }}
	panel := container.New(u.panelCols, play, u.tools, u.hintBox)
	// The panel scrolls when the window is too low to show it whole (an
	// 800×600 screen), rather than make the window taller than the screen.
	// Room on the right for the scroll bar, which otherwise lay over the
	// right-hand buttons and the pause button once the panel scrolled (a
	// hint's text is enough at the first window size).
	u.playPanel = container.NewVScroll(container.New(layout.NewCustomPaddedLayout(0, 0, 0, scrollRoom), panel))

	// The walkthrough takes the panel's place, not a bar above the board:
	// the board keeps its size and place (a bar pushed it down and made it
	// smaller, and the panel beside it then lost its last buttons), and the
	// explanation has the panel's height to itself (a chain's explanation
	// runs to a dozen lines at this width).
	u.walkTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.walkTitle.Wrapping = fyne.TextWrapWord
	u.walkCount = widget.NewLabel("")
	u.walkText = widget.NewLabel("")
	u.walkText.Wrapping = fyne.TextWrapWord
	u.walkBack = u.button("Back", theme.NavigateBackIcon(), func() { u.WalkStep(-1) })
	u.walkNext = u.button("Next", theme.NavigateNextIcon(), func() { u.WalkStep(+1) })
	u.walkNext.IconPlacement = widget.ButtonIconTrailingText
	u.walkNext.Importance = widget.HighImportance
	u.walkPanel = container.NewBorder(
		container.NewVBox(
			container.NewBorder(nil, nil, widget.NewLabelWithStyle("Logical solution", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), u.walkCount),
			widget.NewSeparator(), u.walkTitle),
		container.NewVBox(
			widget.NewSeparator(),
			container.NewGridWithColumns(2, u.walkBack, u.walkNext),
			u.button("Back to the game", theme.CancelIcon(), u.closeWalkthrough)),
		nil, nil,
		container.NewVScroll(u.walkText))
	u.walkPanel.Hide()
	u.sideWidth = &fixedWidth{width: panelWidth}
	side := container.NewPadded(container.New(u.sideWidth, u.playPanel, u.walkPanel))

	u.browse = newBrowser(u)

	main := container.New(&besideLayout{fit: u.fitPanel}, container.NewPadded(u.board), side)
	u.mainBox = main
	u.split = container.NewHSplit(u.browse.box, main)
	u.split.Offset = 0.2
	if d := u.settings.Divider; d > 0.05 && d < 0.6 {
		u.split.Offset = d
	}
	u.content = container.New(&sizeWatch{onSize: u.contentSized}, main)
	// The pad by a cell lies in a layer above the content (padHost), and a
	// click on nothing else closes it (padCatch, below the content).
	u.padHost = container.NewWithoutLayout()
	u.padCatch = newTapCatcher(u.closePad)
	u.padCatch.Hide()
	u.win.SetContent(container.NewStack(u.padCatch, container.NewBorder(nil, u.statusRow, nil, nil, u.content), u.padHost))
	u.menus = u.buildMenus()
}

// keepTallest stacks its objects, shown or hidden, and is as large as the
// largest: what takes turns in one place (the solver's controls and a
// hint) moves nothing around it.
type keepTallest struct{}

func (keepTallest) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

func (keepTallest) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// sizeWatch stacks its objects as container.NewStack does and tells
// onSize the size it lays them out at.
type sizeWatch struct{ onSize func(fyne.Size) }

func (l *sizeWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return layout.NewStackLayout().MinSize(objs)
}

func (l *sizeWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	layout.NewStackLayout().Layout(objs, size)
	l.onSize(size)
}

// narrowWidth is the narrowest window (in Fyne's units) that shows the
// puzzle list beside the board and the compact panel: narrower, the list
// left the board some 150 px (800×600 at FYNE_SCALE=1.5 is 533 wide).
const narrowWidth = 720

// narrowText says why the puzzle list is hidden.
const narrowText = "Too narrow for the puzzle list: widen the window to see it."

// contentSized hides the puzzle list when the window is too narrow for
// it beside a board worth playing on, and shows it again when the window
// is widened.
func (u *UI) contentSized(size fyne.Size) {
	if narrow := size.Width < narrowWidth; narrow != u.narrow {
		u.narrow = narrow
		if u.game != nil {
			u.showLevel() // the puzzle's number, when the list is hidden
		}
		if u.coll != nil && u.coll.Len() > 1 {
			u.showBrowser()
			if narrow {
				// Short enough for the status line of such a window;
				// Page Up and Page Down still move through the file.
				u.setStatus(narrowText)
			} else if u.status.Text == narrowText {
				u.setStatus("")
			}
		}
	}
}

// besideLayout puts the panel (the second object) right beside the
// board (the first), and centres the two together: on a wide window the
// spare width goes to both sides of the pair, not between the board and
// its controls. Both start at the top, so the board's first row lines up
// with the level and clock.
type besideLayout struct {
	// fit, when set, lets the panel choose its width for the size about
	// to be laid out (UI.fitPanel) before the board takes what is left.
	fit func(fyne.Size)
}

// MinSize counts the panel at its compact width, the least it takes: a
// window made that narrow gets the compact panel (fitPanel), where the
// full panel's width had kept a window at FYNE_SCALE=1.5 wider than an
// 800×600 screen.
func (l *besideLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	b, p := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(b.Width+min(p.Width, compactWidth), max(b.Height, p.Height))
}

func (l *besideLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.fit != nil {
		l.fit(size)
	}
	pw := objs[1].MinSize().Width
	side := min(size.Width-pw, size.Height)
	x := (size.Width - side - pw) / 2
	objs[0].Move(fyne.NewPos(x, 0))
	objs[0].Resize(fyne.NewSize(side, side))
	objs[1].Move(fyne.NewPos(x+side, 0))
	objs[1].Resize(fyne.NewSize(pw, size.Height))
}

// The side panel's width: the full panel's, and the compact panel's for a
// window too narrow for the board beside the full one (the puzzle
// browser open at 800×600 or on a laptop's 1366×768). Compact, the
// undo, redo and pencil buttons show their icons only; every row fits
// (TestCompactPanel).
const (
	panelWidth   = 300
	compactWidth = 226
	// compactGain is how much bigger the board must get for the panel to
	// go compact: a few pixels are not worth the buttons' words.
	compactGain = 56
)

// scrollRoom is the room kept on the panel's right for its scroll bar.
const scrollRoom = 6

// fitPanel makes the side panel compact when the full one would take
// compactGain pixels or more from the board at the size given to the
// board and panel together, and lays it out in two columns (the solver
// and hints beside the play controls) when it is too tall for that size
// and the window is wide enough for two columns beside a board of the
// full height: a laptop's screen at 150 % (1366×768 is 910×512 units)
// hid Solve below the fold and left a third of the width empty. It
// depends on the size and the panel's rows alone, so it cannot flip back
// and forth.
func (u *UI) fitPanel(size fyne.Size) {
	col2 := u.panelCols.second(compactWidth)
	two := u.panelCols.oneColumnHeight() > size.Height-2*theme.Padding() &&
		size.Width-(compactWidth+col2+panelGap+2*theme.Padding()) >= size.Height-compactGain
	if u.panelCols.fitted && u.game != nil && u.game.Editing() {
		// The editor hides rows and the solver's column: the panel keeps
		// its columns, so that the board stays where it was (in two
		// columns it moved when the panel became one). Its width still
		// follows the window (an editor brought back with the session
		// kept the width of the window's first size).
		two = u.panelCols.two
	}
	u.panelCols.fitted = true
	compact := size.Width-panelWidth < size.Height-compactGain
	width := float32(panelWidth)
	if two {
		// The first column full when there is room for it.
		compact = size.Width-(panelWidth+col2+panelGap+2*theme.Padding()) < size.Height
		width = compactWidth + col2 + panelGap
		if !compact {
			width = panelWidth + col2 + panelGap
		}
	} else if compact {
		width = compactWidth
	}
	if compact != u.compact {
		u.setCompact(compact)
	}
	u.fitCageBox() // its column's width follows compact
	if two != u.panelCols.two || width != u.sideWidth.width {
		u.panelCols.two, u.panelCols.col2 = two, col2
		u.padArea.Hidden = u.hintBox.Visible() && !two // a hint covers the pad in one column only
		u.sideWidth.width = width
		for _, l := range u.toolLines {
			l.Hidden = two
		}
		u.playPanel.Content.Refresh()
	}
}

// panelGap is the room between the side panel's two columns.
const panelGap = 12

// panelColumns lays the side panel out: the play controls (the first
// object) above the solver and hints (the second), or, with two, the
// second in a column of width col2 on the right.
type panelColumns struct {
	two    bool
	col2   float32
	fitted bool                // UI.fitPanel has chosen the panel's form once
	objs   []fyne.CanvasObject // as last laid out or measured
	// hintFrom is the part of the play controls (the pad) that a hint, the
	// third object, lies over in one column, down to the panel's foot or
	// the foot of the view (view: the scroll's height), whichever is
	// higher: a chain's dozen lines had a box the solver's height and
	// scrolled, and the panel scrolled the clock out of sight to show it.
	hintFrom fyne.CanvasObject
	// hintBelow lays the hint, in one column, in the solver's place
	// only, the pad kept above it: where the view leaves it room
	// (hintRoom) under the pad (UI.showHint). On a 1920×1080 screen a
	// hint hid the pad, Erase and Auto marks, though the room was there.
	hintBelow bool
	view      func() float32
}

// second is the second column's width for a panel whose columns are
// compact (the solver's controls fit any width the play controls do).
func (p *panelColumns) second(compact float32) float32 { return compact - scrollRoom }

// oneColumnHeight is the panel's height in one column.
func (p *panelColumns) oneColumnHeight() float32 {
	if len(p.objs) < 2 {
		return 0
	}
	a, b := p.sizes(p.objs)
	return a.Height + theme.Padding() + b.Height
}

// sizes are the two parts' least sizes; the second's is nothing while it
// is hidden (the editor hides the solver and hints).
func (p *panelColumns) sizes(objs []fyne.CanvasObject) (a, b fyne.Size) {
	a = objs[0].MinSize()
	if objs[1].Visible() {
		b = objs[1].MinSize()
	}
	return a, b
}

func (p *panelColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	p.objs = objs
	a, b := p.sizes(objs)
	if p.two {
		return fyne.NewSize(a.Width+panelGap+max(b.Width, p.col2), max(a.Height, b.Height))
	}
	return fyne.NewSize(max(a.Width, b.Width), a.Height+theme.Padding()+b.Height)
}

func (p *panelColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	p.objs = objs
	a, b := p.sizes(objs)
	if p.two {
		w2 := max(b.Width, p.col2)
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(size.Width-panelGap-w2, a.Height))
		objs[1].Move(fyne.NewPos(size.Width-w2, 0))
		objs[1].Resize(fyne.NewSize(w2, max(b.Height, size.Height)))
		if len(objs) > 2 {
			objs[2].Move(objs[1].Position())
			objs[2].Resize(objs[1].Size())
		}
		return
	}
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, a.Height))
	objs[1].Move(fyne.NewPos(0, a.Height+theme.Padding()))
	objs[1].Resize(fyne.NewSize(size.Width, max(b.Height, size.Height-a.Height-theme.Padding())))
	if len(objs) > 2 {
		top := objs[1].Position().Y
		if p.hintFrom != nil && !p.hintBelow {
			top = p.hintFrom.Position().Y // within the play controls, which start at 0
		}
		// Down to the view's foot when that leaves it the solver's room at
		// least (no scrolling then), else to the panel's, scrolled into
		// view by UI.showHint.
		foot := size.Height
		if p.view != nil {
			if v := p.view(); v-top >= max(objs[1].Size().Height, objs[2].MinSize().Height) {
				foot = min(foot, v)
			}
		}
		objs[2].Move(fyne.NewPos(0, top))
		objs[2].Resize(fyne.NewSize(size.Width, max(foot-top, objs[2].MinSize().Height)))
	}
}

// hintRoom is the height a hint needs under the pad for the pad to stay
// in one column: a chain's dozen lines, its buttons and title.
const hintRoom = 330

// roomBelowPad reports whether the panel's view leaves a hint hintRoom
// under the pad, where the solver is.
func (p *panelColumns) roomBelowPad() bool {
	if p.two || len(p.objs) < 3 || p.view == nil {
		return false
	}
	return p.view()-p.objs[1].Position().Y >= max(hintRoom, p.objs[2].MinSize().Height)
}

// setCompact switches the side panel between its full and compact forms.
func (u *UI) setCompact(on bool) {
	u.compact = on
	undo, redo, back := "Undo", "Redo", "Undo to the last correct position"
	if on {
		undo, redo, back = "", "", "Undo the mistakes"
	}
	u.undoBtn.SetText(undo)
	u.redoBtn.SetText(redo)
	u.hintUndo.SetText(back)
	if u.game != nil {
		u.showPencil()
	}
}

// showPencil shows on its button whether pencil mode is on: lit when it
// is. (Its word stays the same: "Pencil on" did not fit the button.)
func (u *UI) showPencil() {
	b := u.pencilBtn
	b.Importance, b.Text = widget.MediumImportance, "Pencil"
	if u.game.Pencil() {
		b.Importance = widget.HighImportance
	}
	if u.compact {
		b.Text = "" // the icon alone
	}
	b.Refresh()
}

// fixedWidth lays its objects out in a column of a fixed width.
type fixedWidth struct{ width float32 }

func (f *fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(f.width, h)
}

func (f *fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func algoTitle(a solver.Algorithm) string {
	switch a {
	case solver.DFS:
		return "dfs: plain backtracking"
	case solver.MRV:
		return "mrv: fewest candidates first"
	case solver.LCV:
		return "lcv: least constraining digit"
	case solver.CP:
		return "cp: propagate singles"
	case solver.DFSSingles:
		return "dfs+: seed 002's dfs"
	case solver.MRVSingles:
		return "mrv+: seed 002's mrv"
	case solver.LCVSingles:
		return "lcv+: seed 002's lcv"
	}
	return "fast: bitboard solver"
}

// setGame puts g on the board and wires it to the window.
func (u *UI) setGame(g *game.Game) {
	u.keepOrphan()
	if g != u.orphan.game {
		u.orphan = orphanGame{} // its moves are in its file's progress
	}
	u.gaveUp()
	u.closePad() // it belongs to the game that goes
	u.stopSolve()
	u.hint = nil
	u.showHint(false)
	if u.walk != nil {
		u.walk = nil
		u.showWalkPanel(false)
	}
	if g != u.game {
		u.draw, u.drawn, u.editSaved = nil, false, "" // the cages were the other board's, and the regions
		u.endRegions()
	}
	u.game = g
	if !g.Editing() && g != u.prevGame {
		// Another game took the editor's place (a paste, a new puzzle):
		// the game it replaced is not to go back to any more.
		u.prevGame = nil
	}
	u.applyGamePrefs()
	u.score = 0
	u.solveStats.SetText("")
	if u.coll != nil {
		if level, score := u.coll.Rating(u.coll.Index); g.Level == level {
			u.score = score
		}
	}
	g.OnChange = u.changed
	g.OnWin = u.won
	u.board.SetGame(g)
	u.showEditor(g.Editing())
	u.showDrawCheck()
	u.showRegionCheck()
	if g.Editing() && u.editShape.Selected == "" {
		// An editor brought back with the session: its shape list and
		// word as EnterPuzzle gives them ("(Select one)" and nothing).
		u.offerEditShapes(g.Geometry())
		u.setStatus(editStartText)
	}
	if !g.Editing() {
		u.editCheck++ // a check still running is for a board no longer shown
	}
	u.lastContent = -1
	u.changed()
	u.focusBoard()
	u.rateAll()
}

// changed redraws the board; after a change of content (not just the
// selection) it also refreshes the panel and schedules a save.
func (u *UI) changed() {
	g := u.game
	u.board.Refresh()
	u.showCage()
	if g.Revision() == u.lastContent {
		return // only the selection moved
	}
	u.lastContent = g.Revision()
	if g.Revision() != u.statusRev && u.status.Text != "" {
		u.setStatusText("") // what it said is no longer news
	}
	u.showTitle()
	u.showLevel()
	u.updatePlay()
	u.showPencil()
	if u.menus != nil {
		u.menus.refreshPencil()
	}
	u.updatePad()
	if g.Paused() {
		u.pauseBtn.SetIcon(theme.MediaPlayIcon())
	} else {
		u.pauseBtn.SetIcon(theme.MediaPauseIcon())
	}
	u.tick()
	if g.Editing() {
		u.checkEdit()
	}
	if u.browse != nil && u.coll != nil {
		if r, ok := u.browse.row(u.coll.Index); ok {
			u.browse.list.RefreshItem(r)
		}
	}
	if u.hint != nil && u.hint.moves != g.History() || !u.hintBox.Hidden && u.hintAt != g.History() {
		// The board changed under the hint, or under what the box said
		// of it: "r1c1 holds a wrong digit" stayed after Undo took it.
		u.clearHint()
	}
	u.save()
}

// showTitle names the puzzle in the window's title, with its place in
// the open file ("… (12 of 20,000)", which grows as a big file is read).
func (u *UI) showTitle() {
	if u.game == nil {
		return
	}
	title := "Sudoku — " + shortTitle(u.game.Name)
	if geo := u.game.Geometry(); !geo.IsClassic() {
		// The shape, which a new puzzle's name ("insane 20.0 seed 7") does
		// not give: "Sudoku — insane 20.0 seed 7 (16×16 X)".
		title += " (" + shapeLabel(geo) + ")"
	}
	if u.coll != nil && u.coll.Len() > 1 {
		title += fmt.Sprintf(" (%s of %s)", groupDigits(u.coll.Index+1), groupDigits(u.coll.Len()))
	}
	if u.win.Title() != title {
		u.win.SetTitle(title)
	}
}

// shortTitle cuts a name for the window's title at 100 characters: a
// saved game named with 20 MB of text made X refuse the window (BadLength)
// at every start.
func shortTitle(name string) string {
	if r := []rune(name); len(r) > 100 {
		return string(r[:99]) + "…"
	}
	return name
}

// showCage says, on a killer, what the selected cell's cage can still
// hold: its sum, its size and the combinations of symbols left, given
// the symbols placed and the candidates (the player's pencil marks where
// a cell has some).
func (u *UI) showCage() {
	g := u.game
	geo := g.Geometry()
	if !geo.Killer() || g.Editing() || g.Paused() { // paused: the board is hidden, and so are its cages
		if u.cageBox.Visible() {
			u.cageBox.Hide()
		}
		return
	}
	k := geo.CageOf(g.Selected())
	text := "The selected cell is in no cage."
	var combos []uint32
	if k >= 0 {
		board, marks := g.Position()
		cands := make([]uint32, len(marks))
		for i, m := range marks {
			cands[i] = uint32(m)
		}
		combos = board.CageCombinations(k, cands)
		text = cageText(geo.N, geo.Cages()[k], combos, maxCageCombos)
	}
	u.fitCageBox()
	if u.cageInfo.Text != text {
		u.cageInfo.SetText(text)
	}
	// As many combinations as the box's lines hold, then how many there
	// are: a fourth line showed half in a box of three.
	room := u.cageLines.MinSize().Height
	for most := min(len(combos), maxCageCombos) - 1; most >= 1 && u.cageInfo.Size().Width > 0 && u.cageInfo.MinSize().Height > room; most-- {
		u.cageInfo.SetText(cageText(geo.N, geo.Cages()[k], combos, most))
	}
	if !u.cageBox.Visible() {
		u.cageBox.Show()
	}
}

// maxCageCombos is the most combinations the cage line lists.
const maxCageCombos = 12

// cageText says what cage c of a board of side n can hold, given the
// combinations of symbols left to it, the first most of them.
func cageText(n int, c solver.Cage, combos []uint32, most int) string {
	var words []string
	for _, m := range combos {
		w := ""
		for d := uint8(1); int(d) <= n; d++ {
			if m&(1<<d) != 0 {
				w += string(solver.Symbol(d))
			}
		}
		words = append(words, w)
	}
	cells := "cells"
	if len(c.Cells) == 1 {
		cells = "cell"
	}
	text := fmt.Sprintf("Cage %d in %d %s: ", c.Sum, len(c.Cells), cells)
	switch {
	case len(words) == 0:
		text += "no combination fits — a mistake somewhere."
	case len(words) > most:
		text += strings.Join(words[:most], " · ") + fmt.Sprintf(" … (%d combinations)", len(words))
	default:
		text += strings.Join(words, " · ")
	}
	return text
}

// fitCageBox keeps as many lines for the cage's text as the longest any
// cage of the puzzle can show (with all its combinations) takes at the
// box's width, one to three: the same for every cage, so the pad below
// does not move from cage to cage, and no more (a 6×6 killer's one line
// kept two blank, and the solver's figures fell below the panel's fold).
// The box is in the panel's first column, compactWidth or panelWidth wide.
func (u *UI) fitCageBox() {
	if u.game == nil || !u.game.Geometry().Killer() {
		return
	}
	geo := u.game.Geometry()
	column := float32(panelWidth)
	if u.compact {
		column = compactWidth
	}
	w := column - scrollRoom - 4*theme.InnerPadding()
	view := u.playPanel.Size().Height
	if geo == u.cageFitGeo && w == u.cageFitWidth && view == u.cageFitView {
		return
	}
	u.cageFitGeo, u.cageFitWidth, u.cageFitView = geo, w, view
	longest := float32(0)
	for _, c := range geo.Cages() {
		text := cageText(geo.N, c, solver.Combinations(geo.N, len(c.Cells), c.Sum), maxCageCombos)
		longest = max(longest, fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// A cage whose entries fit no combination says so, longer than the
	// combinations of a 6×6's cages ("a mistake somewhere" was cut off
	// in a one-line box).
	if len(geo.Cages()) > 0 {
		text := cageText(geo.N, solver.Cage{Sum: 99, Cells: make([]int16, 9)}, nil, maxCageCombos)
		longest = max(longest, fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// Word wrapping leaves part of each line empty: a fifth to spare.
	lines := min(3, max(1, int(math.Ceil(float64(longest*1.2/w)))))
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height
	u.cageLines.SetMinSize(fyne.NewSize(0, float32(lines)*line+2*theme.InnerPadding()))
	// Fewer where the panel would run past a low window's foot: Erase
	// and Auto marks went below the fold under two blank lines kept for
	// the longest text (a longer one scrolls in its box).
	// (In one column the solver's controls below the pad may go below
	// the fold: the pad's foot is what counts.)
	need := func() float32 {
		h := u.playPanel.Content.MinSize().Height
		if !u.panelCols.two && u.solverBox.Visible() {
			h -= u.solverBox.MinSize().Height + theme.Padding()
		}
		return h
	}
	full := lines
	for lines > 1 && view > 0 && need() > view {
		lines--
		u.cageLines.SetMinSize(fyne.NewSize(0, float32(lines)*line+2*theme.InnerPadding()))
	}
	if view > 0 && need() > view && lines != full {
		// The pad runs past the foot however few lines: the panel
		// scrolls anyway, and the text keeps its lines (at FYNE_SCALE=1.5
		// on 800×600 one line and a half showed, the rest cut off).
		u.cageLines.SetMinSize(fyne.NewSize(0, float32(full)*line+2*theme.InnerPadding()))
	}
	u.cageBox.Refresh()
}

// refreshPanel shows what changed outside the game (its level and score
// came in, say) as well as the game.
func (u *UI) refreshPanel() {
	u.lastContent = -1
	u.changed()
}

// updatePad shows on each pad key how many of its digit are left, and
// ticks the digits whose nine are all placed without a clash.
func (u *UI) updatePad() {
	left, done := u.game.Tally()
	u.fitPad(u.game.Size())
	for d := 1; d <= u.game.Size(); d++ {
		sub := fmt.Sprintf("%d left", left[d])
		if done[d] {
			sub = "✓"
		}
		u.pad[d].set(sub, done[d], u.game.Pencil())
	}
}

// tick shows the time played.
func (u *UI) tick() {
	if u.game == nil {
		return
	}
	txt := formatDuration(u.game.Elapsed())
	if fg := theme.Color(theme.ColorNameForeground); u.timerText.Text != txt || u.timerText.Color != fg {
		u.timerText.Text, u.timerText.Color = txt, fg
		u.timerText.Refresh()
	}
}

// startClock updates the timer every quarter second and saves the time
// played every second, until the window closes.
func (u *UI) startClock() {
	go func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		n := 0
		for range t.C {
			n++
			quit := u.stopping.Load()
			u.doAndWait(func() {
				quit = u.quitting
				if quit {
					return
				}
				u.holdClock()
				u.tick()
				u.keepFocusInView()
				u.keepPadByItsCell()
				u.pollRatings()
				if u.browse != nil {
					u.browse.tick()
				}
				if n%4 == 0 && u.game != nil && !u.game.Paused() && !u.game.Won() {
					u.save()
				}
			})
			if n%8 == 0 && u.waitingToOwn.Load() && u.saver.TryOwn() {
				// (The lock is tried here, off the UI goroutine.)
				u.doAndWait(u.tookOver)
			}
			if quit {
				return
			}
		}
	}()
}

// setStatus shows s in the status line until the game next changes.
func (u *UI) setStatus(s string) {
	u.setStatusText(s)
	if u.game != nil {
		u.statusRev = u.game.Revision()
	}
}

// setStatusText shows s in the status line, with the button that shows
// it whole when it does not fit.
func (u *UI) setStatusText(s string) {
	u.status.SetText(s)
	u.statusRow.Refresh()
}

// statusLayout lays out the status line: the label across the window, or,
// when its text is wider, the label and the button that shows it whole.
type statusLayout struct {
	label *widget.Label
	more  *panelButton
}

// The line is as high as its text and a padding above and below, the
// label (higher by its inner padding) centred on it: a label's height,
// padded, had taken 44 units under the whole window, mostly empty, where
// a laptop's screen cut Solve off the panel above it.
func (l *statusLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	lh := l.label.MinSize().Height
	y := (size.Height - lh) / 2
	need := fyne.MeasureText(l.label.Text, theme.TextSize(), l.label.TextStyle).Width + 2*theme.InnerPadding()
	if need <= size.Width || l.label.Text == "" {
		l.more.Hide()
		l.label.Move(fyne.NewPos(0, y))
		l.label.Resize(fyne.NewSize(size.Width, lh))
		return
	}
	b := l.more.MinSize()
	l.more.Show()
	l.more.Resize(fyne.NewSize(b.Width, size.Height))
	l.more.Move(fyne.NewPos(size.Width-b.Width, 0))
	l.label.Move(fyne.NewPos(0, y))
	l.label.Resize(fyne.NewSize(size.Width-b.Width, lh))
}

func (l *statusLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	line := fyne.MeasureText("Mg", theme.TextSize(), l.label.TextStyle).Height
	return fyne.NewSize(l.more.MinSize().Width, line+2*theme.Padding())
}

// Reveal writes the solution's digit in the selected cell, or says why
// it does not.
func (u *UI) Reveal() {
	g := u.game
	i := g.Selected()
	switch {
	case g.Editing() || g.Unplayable() != nil || g.Won() || u.paused():
		return
	case g.IsGiven(i):
		u.setStatus(solver.CellName(i) + " is a given: there is nothing to reveal.")
	case g.Digit(i) == g.SolutionDigit(i):
		u.setStatus(solver.CellName(i) + " already holds the right digit.")
	case !g.Assisted():
		// The first help of a clean game asks: Ctrl+R (a browser's
		// reload) revealed a cell unasked, and Undo took the digit back
		// but not the help, so the win and the streak were lost.
		u.showRisky("Reveal "+g.Geometry().CellName(i)+"?", "Its digit from the solution: your game would then count as solved with help, not as a win or a best time"+u.streakLoss(g)+".",
			"Reveal", "Keep Playing", func(ok bool) {
				if ok && u.game == g && g.Selected() == i && !g.Won() {
					u.playMove(g.Reveal)
				}
				u.focusBoard()
			})
		return
	default:
		u.playMove(g.Reveal)
	}
	u.focusBoard()
}

// streakLoss is what help would cost the game g beyond its win: ", and
// your easy streak of 3 would end", or "" when there is no streak.
func (u *UI) streakLoss(g *game.Game) string {
	if st := u.settings.Stats[recordKey(g)]; st != nil && st.Streak > 0 && (u.saver == nil || u.saver.Owner()) {
		return fmt.Sprintf(", and your %s streak of %d would end", recordKey(g), st.Streak)
	}
	return ""
}

// A panel button the player focused with Tab keeps the focus while it
// shows (a click never focuses one): Hint pressed with Space, then Space
// again to show its cells, had given the board the focus at the first
// press, and the second switched pencil mode on (the board's Space), the
// next digits going in as marks. Digits and arrows reach the board from
// a focused button all the same. One that its action hid (the hint's
// close button) or disabled cannot take the focus again (Fyne's Focus),
// and the board has it.
func (u *UI) focusBoard() {
	c := u.win.Canvas()
	if b, ok := c.Focused().(*panelButton); ok && !b.Disabled() && b.Visible() {
		c.Unfocus()
		if c.Focus(b); c.Focused() == b {
			return
		}
	}
	c.Focus(u.board)
}

// save hands the session to the saver, which writes it shortly.
func (u *UI) save() {
	if u.game == nil || u.saver == nil {
		return
	}
	st := u.game.State()
	s := store.Session{Version: store.Version, Game: &st, Settings: u.settings}
	if u.prevGame != nil {
		prev := u.prevGame.State()
		s.Previous = &prev
	}
	if m := u.inGameFile; m.g != nil && m.g == u.game {
		s.GameFile = &store.GameFileRef{Path: m.path, State: m.state}
	}
	s.Drawing = u.drawingState()
	if u.coll == nil && u.orphan.game != nil && u.orphan.game == u.game {
		s.File = u.orphan.path // the file is still its, when it is back
	}
	if c := u.coll; c != nil && c.IsFile {
		s.File = c.Path
		if f, ok := u.files[c.Path]; !ok || f.Index != c.Index {
			u.files[c.Path] = c.Place()
			u.filesJSON = nil
		}
	}
	if u.filesJSON == nil {
		// Only when they changed (another puzzle, another file): a
		// move or the clock marshals the game and settings alone.
		b, err := json.Marshal(u.files)
		if err != nil {
			u.setStatus(saveFailed + err.Error())
			return
		}
		u.filesJSON = b
	}
	b, err := store.Encode(&s, u.filesJSON)
	if err != nil {
		u.setStatus(saveFailed + err.Error())
		return
	}
	u.saver.Store(b) // written off the UI goroutine, if it changed
}

// saveFailed starts the status line while the session cannot be written.
const saveFailed = "Could not save the game: "

// solverHasBoard is the status line while a live solver runs and the
// player tries to play; a new game that stops the solver clears it.
const solverHasBoard = "The solver has the board: Stop (Esc) first, then play on."

// restore brings back the saved session s (or reports why it could not
// be loaded). The progress in files comes back even when the game itself
// is damaged: then the file is kept aside (see keepBad) and the error says
// where.
func (u *UI) restore(s *store.Session, err error) error {
	if err != nil {
		return err
	}
	for path, f := range s.Files {
		if f.Progress == nil {
			f.Progress = map[int]game.State{}
		}
		u.files[path] = f
	}
	if s.Game == nil {
		return store.ErrNoSession
	}
	g, err := game.Restore(*s.Game)
	if err != nil {
		kept := ""
		for _, d := range s.Damaged {
			if k, ok := strings.CutPrefix(d, "kept as "); ok {
				kept = k // kept aside already, as it was: not twice
			}
			if d == "game" {
				err = errors.New("the game is unreadable") // not what its empty place lacks
			}
		}
		if kept == "" {
			kept = filepath.Base(store.KeepBad(u.statePath, s.Raw))
		}
		// Short enough for the status line: "(the session is kept as
		// …" ran past its end, the news that progress is back lost.
		// What is back is said as it is: of a session cut to its first
		// 150 bytes, "your progress in files is back" was said while
		// none of it, nor the statistics, had read.
		return fmt.Errorf("%w; %s (session kept as %s)", err, sessionBack(s), kept)
	}
	if s.Previous != nil && g.Editing() {
		if prev, err := game.Restore(*s.Previous); err == nil {
			u.prevGame = prev
		}
	}
	if f := s.GameFile; f != nil {
		if fi, err := os.Stat(f.Path); err == nil && fi.Mode().IsRegular() {
			u.inGameFile = gameFileMark{g: g, path: f.Path, state: f.State} // still there to go on from
		}
	}
	if g.Editing() {
		defer func() {
			// Once the editor is on the board: drawing goes on as it was,
			// and cages or regions drawn before the quit ask before they
			// go, as they did before it (Enter Puzzle over a killer's
			// game asked of cages never drawn when this was set there).
			geo := u.game.Geometry()
			u.drawn = u.game.Editing() && (geo.Killer() && len(geo.Cages()) > 0 || geo.Jigsaw())
			u.resumeDrawing(s.Drawing)
		}()
	}
	missing, changed := "", ""
	if fi, err := os.Stat(s.File); s.File != "" && err == nil && fi.Mode().IsRegular() && fi.Size() > asyncSize {
		// A big file is read off the UI goroutine: the game goes on at
		// once, and the browser fills in.
		u.setGame(g)
		u.openAsync(s.File, g)
		return nil
	}
	if f, ok := u.files[s.File]; ok && s.File != "" {
		var ps library.Puzzles
		var bad skipped // as when it was opened: a few bad lines skipped
		read, err := readPuzzlesKeyed(s.File, nil, &ps, func() error { return nil }, bad.add)
		err = bad.result(err)
		switch {
		case err != nil && !g.Editing():
			// Keep the game, and its progress for when the file is back.
			f.Progress[f.Index] = *s.Game
			missing = s.File
			u.orphan = orphanGame{path: s.File, game: g}
		case err != nil:
		case g.Editing() || f.Index >= 0 && f.Index < ps.Len() && sameBoard(ps.Board(f.Index), g.Givens()):
			// Read whole: loaded (the browser said "reading…" for good,
			// and its levels were not kept), with its levels' key.
			u.coll = readCollection(s.File, ps, read)
			u.coll.Resume(f)
		default:
			// The file has changed since: the game and the progress
			// follow their puzzles to where they are now.
			f, _ = library.Relocate(ps, f)
			u.files[s.File] = f
			i := ps.Find(g.Givens(), f.Index)
			changed = fileChanged(s.File, i)
			if i >= 0 {
				u.coll = readCollection(s.File, ps, read)
				u.coll.Resume(f)
				u.coll.Index = i
			}
		}
	}
	u.setGame(g)
	u.showBrowser()
	switch {
	case missing != "":
		u.setStatus(fmt.Sprintf("%s could not be read; your game goes on, and its progress will be there when the file is back.", missing))
	case changed != "":
		u.setStatus(changed)
	case g.Started() && !g.Won() && !g.Editing():
		// (Nothing said so: a beginner did not know the game was kept.)
		u.setStatus("Your game is back where you left it, its clock too.")
	}
	return nil
}

// orphanGame is a game restored without its file (UI.orphan): the
// puzzle at the file's place (UI.files) kept while it is away.
type orphanGame struct {
	path string
	game *game.Game
}

// keepOrphan writes the orphan game's moves into its file's progress, as
// a file's game is kept when another takes the board, or its file is
// opened again.
func (u *UI) keepOrphan() {
	o := u.orphan
	if o.game == nil || u.game != o.game || u.coll != nil {
		return
	}
	f, ok := u.files[o.path]
	if !ok {
		return
	}
	if f.Progress == nil {
		f.Progress = map[int]game.State{}
	}
	f.Progress[f.Index] = o.game.State()
	u.files[o.path] = f
	u.filesJSON = nil
}

// fileChanged says that the file at path changed since the game on the
// board was taken from it: where its puzzle is now (i), or that the file
// no longer holds it.
func fileChanged(path string, i int) string {
	base := filepath.Base(path)
	if i < 0 {
		return fmt.Sprintf("%s has changed since and no longer holds the puzzle on the board: your game goes on, apart from the file.", base)
	}
	return fmt.Sprintf("%s has changed since: the puzzle on the board is #%s in it now.", base, groupDigits(i+1))
}

// startDefault starts a new easy puzzle when there is nothing to restore
// (a first start): making one takes well under a millisecond.
func (u *UI) startDefault() {
	seed := rand.Int64N(1 << 53)
	p, err := generator.Generate(context.Background(), generator.Options{Level: logic.Easy, Seed: seed})
	if err != nil {
		panic(err) // only bad options fail, and these are fixed
	}
	g, err := game.NewGrid(fmt.Sprintf("easy %.1f seed %d", p.Rating.Score, seed), p.Grid)
	if err != nil {
		panic(err) // the generator proves one solution
	}
	g.Level = logic.Easy.String()
	u.coll = nil
	u.setGame(g)
	u.score = p.Rating.Score
	u.refreshPanel()
	u.showBrowser()
}

// Quit saves everything and closes the app. If the game cannot be
// saved, the window says so and the player chooses: quit anyway, or keep
// playing (and saving is tried again with the next move).
func (u *UI) Quit() {
	if u.quitting {
		return
	}
	if job := u.exporting; job != nil {
		// Ctrl+Q over a booklet's progress closed the window at once:
		// the booklet lost without a word, its temporary file left.
		text := widget.NewLabel("Print / Export is still writing it (" + job.what.Text + "). Quit now and nothing is written; a file that was there stays as it was.")
		text.Wrapping = fyne.TextWrapWord
		job.question = u.ask("Stop writing "+job.name+"?", text, "Stop and Quit", "Keep Working", true, func(quit bool) {
			job.question = nil
			if quit && u.exporting == job {
				u.stopExport()
				u.Quit()
			}
		})
		job.question.Resize(fyne.NewSize(440, 0))
		return
	}
	n := u.unsavedNew
	if m := u.madeNew; n == 0 && m != nil {
		n = len(m.puzzles) // kept after a save that failed or was cancelled
	}
	if n > 0 {
		// Ctrl+Q in the save dialog of puzzles made for a booklet (40
		// insane killers, minutes of work) quit without a word.
		text := widget.NewLabel(fmt.Sprintf("The %s made for the booklet %s not saved yet. Quit now and %s lost.",
			count(int64(n), "new puzzle"), plural(n, "is", "are"), plural(n, "it is", "they are")))
		text.Wrapping = fyne.TextWrapWord
		u.ask("Quit?", text, "Quit", "Keep Working", true, func(quit bool) {
			if quit {
				u.unsavedNew, u.madeNew = 0, nil
				u.Quit()
			}
		}).Resize(fyne.NewSize(440, 0))
		return
	}
	u.ownIfFree()
	u.save()
	if err := u.saver.Flush(); err != nil && u.playedSinceStart() && (!u.savedAsIs(u.game) || u.game.Won()) {
		// Enter and Esc keep playing. (With no move since the start,
		// there is nothing to lose: it asked all the same, over a
		// read-only home or in a second window. Nor with the game saved
		// as it is in a game file: a user who saved it there to rescue
		// it was still told the moves would be lost. A win's time and
		// statistics are the session's alone: a won game still asks.)
		// The way to keep them is named: the question offered none.
		const rescue = "\n\nFile → Save Game As (Ctrl+Shift+S), as a .sudoku file, keeps them all in a file of your choosing; File → Open takes the game up from there."
		title, text := "Could not save the game", err.Error()+rescue+"\n\nQuit anyway and lose the moves since the last save?"
		if u.game.Won() {
			// A win on a full disk: its time, best and streak were
			// what the question did not name.
			text = err.Error() + "\n\nQuit anyway and lose the moves since the last save, and the win's time and statistics with them?"
		}
		if errors.Is(err, store.ErrOtherWindow) {
			// This window never saved: "since the last save" meant none.
			title, text = "This window does not save", capitalize(err.Error())+"."+rescue+"\n\nQuit anyway and lose this window's moves?"
		}
		u.showRisky(title, text,
			"Quit Without Saving", "Keep Playing", func(quit bool) {
				if quit {
					u.shutdown()
				}
			})
		return
	}
	u.shutdown()
}

// playedSinceStart reports whether the board holds another game than at
// the start, or the same with other moves: else a failed save loses
// nothing.
func (u *UI) playedSinceStart() bool {
	return u.game != u.startGame || u.game.History() != u.startMoves
}

// shutdown stops the work under way, writes the session one last time and
// closes the app.
func (u *UI) shutdown() {
	u.stopping.Store(true)
	u.keepWindow()
	u.saveForGood()
	u.app.Quit()
}

// saveForGood stops the work under way and writes the game and the
// levels one last time.
func (u *UI) saveForGood() {
	u.ownIfFree() // (a second window quit at a logout, after the first)
	u.quitting = true
	u.stopExport()
	u.stopSolve()
	u.rater.Close()
	u.levelSaves.Wait()
	u.puzzleAdds.Wait()
	if c := u.rated; c != nil && c.LevelsDirty {
		u.saveLevels(c, true)
	}
	u.save()
	if err := u.saver.Close(); err != nil {
		if errors.Is(err, store.ErrOtherWindow) && u.game != nil && !u.playedSinceStart() {
			return // a second window, left as it came: nothing of it to save, and no error (it quit with status 2)
		}
		u.lastSaveFailed.Store(true)
		fmt.Fprintln(os.Stderr, "sudoku: could not save the game:", err)
	}
}

// Close saves and releases the window without quitting the app (tests).
func (u *UI) Close() {
	u.saveForGood()
	u.win.Close()
}

// typedRune handles keys that type characters.
func (u *UI) typedRune(r rune) {
	mark := markKey(r, u.keyDigit, u.keyKnown) // the key that typed r
	u.keyDigit, u.keyKnown = 0, false
	if u.covered() {
		if n := len(u.modals); n > 0 && u.modals[n-1].typed != nil {
			u.modals[n-1].typed(r) // the save dialog's name, typed at once
		}
		return
	}
	if u.game == nil {
		return
	}
	if u.padRune(r, mark) {
		return
	}
	u.closePad() // a key goes to the board, the pad by the cell goes
	if u.walk != nil || u.run == nil && u.board.overlay != nil {
		// The board shows the walkthrough's position or a solver's, not
		// the game: a digit enters nothing (it went to a cell the player
		// could not see). Over a solver's board it returns to the game;
		// the walkthrough stays where it is (closing it lost the place
		// in it, and the next key went to the board) and says how to
		// leave. Other keys of the walkthrough come as keys (Space comes
		// as both).
		if r >= '0' && r <= '9' || mark > 0 || u.game.Size() > 9 && (r >= 'a' && r <= 'g' || r >= 'A' && r <= 'G') {
			if u.walk != nil {
				u.walkOpen()
				return
			}
			u.leaveOverlay()
			u.setStatus("Back to your game.")
			return
		}
		if u.walk != nil {
			return
		}
	}
	if u.run != nil && r != '?' {
		// A live solver has the board: P paused the game under it (the
		// panel stayed greyed after Stop), N and Space switched pencil
		// mode on unseen, the letters moved the hidden selection.
		u.setStatus(solverHasBoard)
		return
	}
	if u.drawing() && u.drawRune(r) {
		return // a digit of the cage's sum
	}
	if u.drawingRegions() && u.regionRune(r) {
		return // a region's number: the selected cell goes into it
	}
	switch {
	case r >= '1' && r <= '9':
		u.enter(uint8(r - '0'))
	case r >= 'a' && r <= 'g' && u.game.Size() > 9: // symbols 10-16 are A-G
		u.enter(uint8(r-'a') + 10)
	case r >= 'A' && r <= 'G' && u.game.Size() > 9: // Shift: a pencil mark
		if !u.paused() {
			u.leaveOverlay()
			u.game.ToggleMark(uint8(r-'A') + 10)
		}
	case mark > 0 && int(mark) <= u.game.Size(): // a digit's key typing another character: Shift+1 on a US keyboard, & on a French one
		if !u.paused() {
			u.leaveOverlay()
			u.game.ToggleMark(mark)
		}
	case (r == '0' || r == '.') && u.game.Editing():
		u.game.SkipCell() // a blank of a puzzle typed in: on to the next cell
	case r == '0':
		u.clear()
	case (r == 'n' || r == 'N') && !u.game.Editing() && !u.game.Won() && u.game.Unplayable() == nil: // Space is a key (typedKey): one action per press
		u.game.TogglePencil()
	case r == 'h':
		u.moveSel(0, -1)
	case r == 'j':
		u.moveSel(1, 0)
	case r == 'k':
		u.moveSel(-1, 0)
	case r == 'l':
		u.moveSel(0, 1)
	case r == 'p' || r == 'P':
		u.TogglePause()
	case r == '?':
		u.Hint()
	}
}

// typedKey handles keys that do not type characters. An open dialog, then
// a running solver, then the walkthrough get the first say.
func (u *UI) typedKey(e *fyne.KeyEvent) {
	// The key, for the character it may type next (markKey).
	u.keyDigit, u.keyKnown = digitKey(e.Physical.ScanCode), e.Physical.ScanCode != 0
	if e.Name == fyne.KeyF10 && len(u.modals) == 0 && u.win.Canvas().Overlays().Top() == nil {
		// The menus from the keyboard: Statistics, Restart, Show
		// Solution and About had no key, and Alt and F10 did nothing.
		if m := u.menuBar(); m != nil {
			u.closePad()
			m.Toggle()
			if f := u.win.Canvas().Focused(); m.IsActive() && f != nil {
				// The File menu's first item lit, as desktop menus open
				// from F10: Enter did nothing until Down was pressed.
				f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
			}
			return
		}
	}
	if u.covered() {
		u.coveredKey(e)
		return
	}
	if u.numPad != nil {
		if modifierKey(e.Name) {
			// Ctrl of Ctrl+Z, Shift of a mark: the pad stays (Ctrl+Z
			// closed the pencil-marks pad, and the next digit went in
			// big).
			return
		}
		if u.numPadMarks && (u.keyDigit > 0 || len(e.Name) == 1 && (e.Name[0] >= '0' && e.Name[0] <= '9' || e.Name[0] >= 'A' && e.Name[0] <= 'G')) {
			// A symbol's key over the pencil-mark pad: its character,
			// which comes after, sets the mark (padRune). Closed here,
			// the pad let the character enter a big digit.
			return
		}
		u.closePad()
		if e.Name == fyne.KeyEscape {
			return
		}
	}
	if u.game == nil {
		return
	}
	if u.drawing() && u.drawKey(e) {
		return
	}
	switch {
	case e.Name == fyne.KeyEscape && u.loadCancel != nil:
		u.cancelLoad()
		u.setStatus("Stopped reading the file: the puzzles read so far are open; File → Open Recent reads the rest.")
	case u.game.Editing() && e.Name == fyne.KeyEscape:
		u.cancelEdit() // Enter Puzzle: Esc cancels, Enter starts
		return
	case u.game.Editing() && (e.Name == fyne.KeyReturn || e.Name == fyne.KeyEnter):
		if !u.editStart.Disabled() {
			u.finishEdit()
		}
		return
	case u.run != nil && e.Name == fyne.KeyEscape:
		u.StopSolve()
		return
	case u.run != nil && (e.Name == fyne.KeyReturn || e.Name == fyne.KeyEnter):
		u.Step()
		return
	case u.run != nil && e.Name != fyne.KeyF1 && e.Name != fyne.KeyPageUp && e.Name != fyne.KeyPageDown && !modifierKey(e.Name):
		u.setStatus(solverHasBoard) // (the arrows moved the hidden selection; Space switched pencil mode)
		return
	case u.walk != nil:
		switch e.Name {
		case fyne.KeyLeft, fyne.KeyUp, fyne.KeyPageUp:
			u.WalkStep(-1)
		case fyne.KeyRight, fyne.KeyDown, fyne.KeyPageDown, fyne.KeySpace, fyne.KeyReturn, fyne.KeyEnter:
			u.WalkStep(+1)
		case fyne.KeyEscape:
			u.closeWalkthrough()
		case fyne.KeyF1:
			u.showShortcuts()
		}
		return
	}
	switch e.Name {
	case fyne.KeyUp:
		u.moveSel(-1, 0)
	case fyne.KeyDown:
		u.moveSel(1, 0)
	case fyne.KeyLeft:
		u.moveSel(0, -1)
	case fyne.KeyRight:
		u.moveSel(0, 1)
	case fyne.KeyBackspace:
		if u.game.Editing() {
			u.game.BackCell() // back over the given just typed
			return
		}
		u.clear()
	case fyne.KeyDelete:
		u.clear()
	case fyne.KeySpace:
		switch {
		case u.game.Editing():
			u.game.SkipCell() // a blank of a puzzle typed in (pencil marks are for play)
		case !u.game.Won() && u.game.Unplayable() == nil:
			u.game.TogglePencil() // (on a finished game, greyed in the menu, it switched on unseen)
		}
	case fyne.KeyHome: // the row's first cell, End its last
		u.moveSel(0, -(u.game.Selected() % u.game.Size()))
	case fyne.KeyEnd:
		u.moveSel(0, u.game.Size()-1-u.game.Selected()%u.game.Size())
	case fyne.KeyPageDown:
		u.Next()
	case fyne.KeyPageUp:
		u.Previous()
	case fyne.KeyEscape:
		u.leaveOverlay()
		u.clearHint()
	case fyne.KeyF1:
		u.showShortcuts()
	}
}

// paused says, when the game is paused or a solver has the board, that
// play waits: nothing plays on a game the player cannot see.
func (u *UI) paused() bool {
	if u.game.Paused() {
		u.setStatus("Paused: press P or the play button to go on.")
		return true
	}
	if u.run != nil { // the board shows the solver's work, not the game
		u.setStatus(solverHasBoard)
		return true
	}
	return false
}

// moveSel moves the selection, not while the game is paused: the board
// is hidden then (and the arrows moved the hidden selection).
func (u *UI) moveSel(dr, dc int) {
	if u.game.Paused() {
		return
	}
	u.game.MoveSelection(dr, dc)
	if u.drawingRegions() {
		u.regionLit()
		u.setStatus(u.regionDraft.Text(u.game.Selected()))
	}
}

// enter types d in the selected cell (a mark in pencil mode).
func (u *UI) enter(d uint8) {
	if u.drawingRegions() {
		u.regionRune(rune(solver.Symbol(d))) // the pad's key: a region's number
		return
	}
	if u.drawing() {
		if d <= 9 { // a digit of the cage's sum (the pad's too)
			u.drawRune(rune('0' + d))
		}
		return
	}
	if u.paused() {
		return
	}
	u.leaveOverlay()
	u.game.Enter(d)
}

func (u *UI) clear() {
	if u.paused() {
		return
	}
	u.leaveOverlay()
	u.game.Clear()
}

// Undo and Redo take back and redo the last move.
func (u *UI) Undo() {
	if u.undoDrawing() {
		return
	}
	u.padKeptAcross(func() { u.playMove(u.game.Undo) })
}
func (u *UI) Redo() { u.padKeptAcross(func() { u.playMove(u.game.Redo) }) }

// padKeptAcross does move and, when the pad by a cell was open, opens it
// again by its cell, showing the marks as they are now: an undo over the
// pencil-marks pad is one more step of the player's marking.
func (u *UI) padKeptAcross(move func()) {
	open, cell, marks := u.numPad != nil, u.numPadCell, u.numPadMarks
	move()
	if open {
		u.popPad(cell, marks) // its keys showed the marks before the move
	}
}

// modifierKey reports a key that only modifies others (Shift, Ctrl, Alt,
// Super).
func modifierKey(k fyne.KeyName) bool {
	switch k {
	case desktop.KeyShiftLeft, desktop.KeyShiftRight, desktop.KeyControlLeft, desktop.KeyControlRight,
		desktop.KeyAltLeft, desktop.KeyAltRight, desktop.KeySuperLeft, desktop.KeySuperRight:
		return true
	}
	return false
}

// playMove makes a move from the panel or a menu: not while paused, and
// back on the game's board.
func (u *UI) playMove(move func() bool) {
	if u.paused() {
		return
	}
	if u.walk != nil {
		u.walkOpen()
		return
	}
	u.leaveOverlay()
	move()
	u.focusBoard()
}

// TogglePause stops or restarts the timer; the board is hidden while
// paused.
func (u *UI) TogglePause() {
	if u.run != nil {
		u.setStatus(solverHasBoard) // the game under a live solver is on hold already
		return
	}
	if u.game.Paused() {
		u.game.Resume()
	} else {
		u.game.Pause()
	}
}

// Check marks the entries that differ from the solution.
func (u *UI) Check() {
	if u.paused() {
		return
	}
	u.leaveOverlay()
	switch n := u.game.Check(); {
	case u.game.Solutions() > 1:
		u.setStatus("This puzzle has several solutions, so entries cannot be checked against one.")
	case n == 0 && len(u.game.MarkMistakes()) > 0:
		// Pencil marks that leave out a cell's digit lead to a wrong one
		// ("No mistakes so far" was said over them).
		bad := u.game.MarkMistakes()
		u.setStatus(fmt.Sprintf("No wrong digits, but your pencil marks leave out the digit of %d %s: %s. Auto marks (Ctrl+M) gives it back.",
			len(bad), plural(len(bad), "cell", "cells"), cellList(u.game.Geometry(), bad)))
	case n == 0:
		u.setStatus("No mistakes so far.")
	case n == 1:
		u.setStatus("1 entry is wrong; it is marked.")
	default:
		u.setStatus(fmt.Sprintf("%d entries are wrong; they are marked.", n))
	}
	u.focusBoard()
}

// won congratulates the player, keeps the statistics and best time per
// level, and offers the next puzzle.
func (u *UI) won(elapsed time.Duration, assisted bool) {
	msg := fmt.Sprintf("Solved in %s.", formatDuration(elapsed))
	lvl := recordKey(u.game)
	if u.game.WonBefore() {
		// Finished again after undoing: the statistics have this win.
		// ("Solved again" was said after the solution had been shown,
		// undone and the board filled in by hand: never solved before.)
		if u.game.Help()&(game.HelpSolution|game.HelpSolver) != 0 {
			u.setStatus(fmt.Sprintf("Solved in %s; the statistics keep this puzzle's first finish (%s).", formatDuration(elapsed), u.game.Help()))
		} else {
			u.setStatus(fmt.Sprintf("Solved again in %s; the statistics keep this puzzle's first finish.", formatDuration(elapsed)))
		}
		return
	}
	if lvl != "" && !u.saver.Owner() {
		// A second window, which never saves: no best or streak to
		// claim (it announced a new best, then lost it), and the win
		// said lost at once.
		msg += " This window does not save (another one did when it started), so this win is not in your statistics."
	} else if lvl != "" {
		was, best := u.settings.RecordWin(lvl, elapsed, assisted)
		switch {
		case assisted:
			msg += " With help" + whichHelp(u.game.Help()) + ", so it counts as played, not as a win or a best time."
		case best && was == 0:
			msg += fmt.Sprintf(" Your first %s puzzle solved.", lvl)
		case best && formatDuration(was) == formatDuration(elapsed):
			// The same to the second: the tenths show the difference
			// ("a new best (was 00:07)" after "Solved in 00:07").
			msg = fmt.Sprintf("Solved in %s. A new best for %s (was %s).", formatTenths(elapsed), lvl, formatTenths(was))
		case best:
			msg += fmt.Sprintf(" A new best for %s (was %s).", lvl, formatDuration(was))
		default:
			msg += fmt.Sprintf(" Your best for %s is %s.", lvl, formatDuration(was))
		}
		if st := u.settings.Stats[lvl]; st != nil && st.Streak > 1 {
			msg += fmt.Sprintf(" %d in a row.", st.Streak)
		}
		u.save()
		u.saver.Now() // a win is worth its write at once
	} else if assisted {
		msg += " With help" + whichHelp(u.game.Help()) + "."
	}
	u.setStatus(msg)
	if u.coll != nil {
		u.browse.changed()
	}
	if !u.showingSolution {
		// a finish with help gets the way on too (it had only the
		// status line); Show Solution's board is no finish
		u.showWin(msg, assisted)
	}
}

// nextUnsolved is the next puzzle of the list after the one open that is
// not finished, -1 when there is none: a win's Next Puzzle went to a
// puzzle solved before, which showed a finished board and nothing to do.
// Past the last it goes round to the first (on the last puzzle, the way
// on was a new puzzle, which closed the file, though one was left). (It
// looks at 10,000 at most: the UI goroutine walks them.)
func (u *UI) nextUnsolved() int {
	c := u.coll
	if c == nil {
		return -1
	}
	first := 0
	if u.browse.showing {
		first = u.browse.index(0)
	}
	i, wrapped := u.browse.step(+1), false
	for n := 0; n < 10_000; n++ {
		if i < 0 {
			if wrapped || first < 0 {
				return -1
			}
			i, wrapped = first, true
		}
		if i == c.Index {
			return -1 // round to this one
		}
		if m := c.Mark(i, u.game); m != "✓" && m != library.Helped {
			return i
		}
		i = u.browse.stepFrom(i, +1)
	}
	return -1
}

// showWin is the win view: the time and the record, and the way on (the
// next puzzle of the file, a new puzzle of the same level). Enter takes
// the first way on, Esc stays on the solved board.
func (u *UI) showWin(msg string, assisted bool) {
	text := widget.NewLabel(msg)
	text.Wrapping = fyne.TextWrapWord
	var d *dialog.CustomDialog
	var buttons []fyne.CanvasObject
	var first func()
	way := func(label string, icon fyne.Resource, do func()) {
		act := func() { d.Hide(); do() }
		b := u.newDialogButton(label, icon, act)
		if first == nil {
			first = act
			b.Importance = widget.HighImportance
		}
		buttons = append(buttons, b)
	}
	if next := u.nextUnsolved(); next >= 0 {
		way("Next Puzzle", theme.NavigateNextIcon(), func() { u.GoTo(next) })
	}
	level := u.lastLevel()
	if l, err := logic.ParseLevel(u.game.Level); err == nil {
		level = l
	}
	sh := shapeOf(u.game.Geometry())
	label := fmt.Sprintf("New %s Puzzle", titleCase(level.String()))
	if sh != classic {
		label = fmt.Sprintf("New %s %s Puzzle", titleCase(level.String()), sh)
	}
	if sh.makes(level) {
		way(label, theme.ContentAddIcon(), func() { u.NewGameOf(sh, level) })
	}
	close := u.newDialogButton("Close", nil, func() { d.Hide() })
	buttons = append(buttons, close)
	title := "Well done!"
	if assisted {
		title = "Solved, with help"
	}
	d = dialog.NewCustomWithoutButtons(title, text, u.win)
	d.SetButtons(buttons)
	d.Resize(fyne.NewSize(460, d.MinSize().Height))
	u.showModal(d, first, nil)
}

// ShowStatistics shows the player's record per level.
func (u *UI) ShowStatistics() {
	// The levels in a column of their own, as wide as the longest name
	// ("6×6 killer medium"), the figures in equal columns beside them: in
	// one grid, every column took the longest name's width and the dialog
	// jumped to the window's. A row is one line of the table, so that a
	// name stays beside its figures when the window is too short for the
	// table (a column of names beside a grid of figures, the grid's rows
	// squeezed, put the extreme figures on the insane line at 800×600 at
	// 150 %); the rows scroll then.
	var names []*widget.Label
	var rows [][]fyne.CanvasObject
	row := func(name string, figures []string, bold bool) {
		names = append(names, widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		var r []fyne.CanvasObject
		for _, f := range figures {
			r = append(r, widget.NewLabelWithStyle(f, fyne.TextAlignTrailing, fyne.TextStyle{Bold: bold}))
		}
		rows = append(rows, r)
	}
	row("Level", []string{"Played", "Won", "Best", "Average", "Streak", "Longest"}, true)
	played := false
	var keys []string
	for _, l := range logic.Levels() {
		keys = append(keys, l.String())
	}
	var others []string
	for k := range u.settings.Stats {
		if !slices.Contains(keys, k) {
			others = append(others, k)
		}
	}
	slices.Sort(others)
	for _, key := range append(keys, others...) {
		st := u.settings.Stats[key]
		if st == nil {
			st = &store.Stats{}
		}
		played = played || st.Played > 0
		best := "—"
		if ms := u.settings.Best[key]; ms > 0 {
			best = formatDuration(time.Duration(ms) * time.Millisecond)
		}
		avg := "—"
		if st.Won > 0 {
			avg = formatDuration(st.Average())
		}
		name := titleCase(key)
		if len(others) > 0 && slices.Contains(keys, key) {
			name = "Classic " + key // beside "6×6 killer medium"
		}
		row(name, []string{fmt.Sprint(st.Played), fmt.Sprint(st.Won), best, avg, fmt.Sprint(st.Streak), fmt.Sprint(st.BestStreak)}, false)
	}
	// Each column as wide as its widest cell: in equal columns, the
	// last two ran past a window of 800×600 at 150 %.
	var cells []fyne.CanvasObject
	for k, n := range names {
		cells = append(append(cells, n), rows[k]...)
	}
	lines := container.New(&tableLayout{cols: 1 + len(rows[0])}, cells...)
	// The rows scroll where the window is too small for the table
	// (sideways too: at 800×600 at 150 % the last column ran past the
	// window's edge).
	var content fyne.CanvasObject = lines
	if played {
		// What the figures count, which nothing said; under the table,
		// in its scroll (a short window has no room for more).
		note := widget.NewLabel("Played counts puzzles finished and games left with moves. A finish with help (a hint applied, a cell revealed, the solution shown, a solver or the step-by-step solution run to the end) is played, not won. Best and average are times of wins; a streak is wins in a row, and ends with a game left or finished with help. A puzzle counts its first finish only, after a restart too.")
		note.Wrapping = fyne.TextWrapWord
		content = container.NewVBox(lines, note)
	}
	table := container.NewScroll(content)
	want, win := content.MinSize(), u.win.Canvas().Size()
	if played {
		want.Height += 8 * theme.TextSize() // the note, wrapped to the table's width
	}
	table.SetMinSize(fyne.NewSize(min(want.Width, max(300, win.Width-50)), min(want.Height, max(120, win.Height-180))))
	var body fyne.CanvasObject = table
	if !played {
		body = container.NewVBox(body, widget.NewLabel("Nothing played yet: a win counts when the puzzle has a level."))
	}
	u.showMessage("Statistics", body, "Close")
}

// whichHelp is " (a cell revealed)" for the help a game had, or nothing
// where that is not known (a game saved before it was kept).
func whichHelp(h game.Help) string {
	if h == 0 {
		return ""
	}
	return " (" + h.String() + ")"
}

// formatDuration writes a time played as a clock does: 04:12, 1:02:03.
func formatDuration(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%d:%02d:%02d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
	}
	return fmt.Sprintf("%02d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// formatTenths is formatDuration with tenths of a second, rounded down
// as formatDuration's seconds are.
func formatTenths(d time.Duration) string {
	return fmt.Sprintf("%s.%d", formatDuration(d), int(d/(100*time.Millisecond))%10)
}

// startSize is the window's size at start: the size it had when it was
// last closed, else one that fits a 1024×768 screen at FYNE_SCALE (at 1.5
// the window still opens inside a 1400×900 screen).
func (u *UI) startSize() fyne.Size {
	scale := float32(1)
	if f, err := strconv.ParseFloat(os.Getenv("FYNE_SCALE"), 32); err == nil && f >= 1 && f <= 4 {
		scale = float32(f)
	}
	first := fyne.NewSize(defaultSize.Width/scale, defaultSize.Height/scale) // inside a 1024×768 screen
	if u.sizeRemembered() {
		// As many pixels as it had: kept at FYNE_SCALE=1.5, 667×454 units
		// opened at scale 1 as a window of 667×454 pixels.
		w, ratio := u.settings.Window, float32(1)
		if ws := u.settings.WindowScale; ws >= 0.5 && ws <= 4 {
			ratio = ws / scale
		}
		size := fyne.NewSize(w[0]*ratio, w[1]*ratio)
		if ratio != 1 {
			// Another scale, most likely another screen: no smaller than
			// a first start's (half a laptop's screen, 683×740 pixels,
			// opened on a 1920×1080 screen at 1.5 with the list hidden
			// and the board small).
			size = size.Max(first)
		}
		return size
	}
	return first
}

// defaultSize is the window's size at a first start, in units: inside a
// 1024×768 screen.
var defaultSize = fyne.NewSize(1000, 680)

// sizeRemembered reports a window size kept from the last run.
func (u *UI) sizeRemembered() bool {
	w, ws := u.settings.Window, u.settings.WindowScale
	return w[0] >= 400 && w[1] >= 300 && w[0] <= 10000 && w[1] <= 10000 && (ws == 0 || ws >= 0.5 && ws <= 4)
}

// keepWindow remembers the window's size, place and the browser's divider for
// the next start.
func (u *UI) keepWindow() {
	s := u.win.Canvas().Size()
	// Not from a run at an odd scale (FYNE_SCALE=10 kept 612×333 units,
	// and every normal start after opened that small, the list gone).
	if sc := u.win.Canvas().Scale(); s.Width > 0 && s.Height > 0 && sc >= 0.5 && sc <= 4 {
		u.settings.Window = [2]float32{s.Width, s.Height}
		u.settings.WindowScale = sc
	}
	if u.split != nil {
		u.settings.Divider = u.split.Offset
	}
	if x, y, ok := u.windowPos(); ok {
		u.settings.Pos = &[2]int{x, y}
	}
}

// showEditor shows the editor's controls in the panel in place of the
// clock and the play buttons, or the other way round.
func (u *UI) showEditor(on bool) {
	if on == u.editBar.Visible() {
		return
	}
	for _, o := range []*fyne.Container{u.editBar, u.timerRow, u.undoRow, u.helpRow, u.tools} {
		o.Hidden = on != (o == u.editBar)
	}
	u.playPanel.Content.Refresh()
	if u.mainBox != nil {
		u.mainBox.Refresh()
	}
}

// tableLayout lays its objects out in rows of cols, each column as wide as
// its widest object and each row as high as its highest; the columns
// share out any width to spare.
type tableLayout struct{ cols int }

func (t *tableLayout) sizes(objs []fyne.CanvasObject) (ws, hs []float32) {
	ws = make([]float32, t.cols)
	hs = make([]float32, (len(objs)+t.cols-1)/t.cols)
	for i, o := range objs {
		m := o.MinSize()
		ws[i%t.cols] = max(ws[i%t.cols], m.Width)
		hs[i/t.cols] = max(hs[i/t.cols], m.Height)
	}
	return ws, hs
}

func (t *tableLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ws, hs := t.sizes(objs)
	var w, h float32
	for _, x := range ws {
		w += x
	}
	for _, y := range hs {
		h += y
	}
	return fyne.NewSize(w, h)
}

func (t *tableLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	ws, hs := t.sizes(objs)
	min := t.MinSize(objs)
	extra := max(0, size.Width-min.Width) / float32(t.cols)
	var y float32
	for r, h := range hs {
		var x float32
		for c, w := range ws {
			if i := r*t.cols + c; i < len(objs) {
				objs[i].Move(fyne.NewPos(x, y))
				objs[i].Resize(fyne.NewSize(w+extra, h))
			}
			x += w + extra
		}
		y += h
	}
}

// tookOver is called once the window that owned the session when this
// one started has gone and this one owns it (Saver.TryOwn). What that
// window saved last is taken up first, so that this window's save loses
// none of it: its statistics and settings (this window recorded none),
// its progress in the files this one has not touched, and its game, kept
// as that file's progress, or else in a game file of its own beside the
// session. Then this window's game is saved, and the status says so.
func (u *UI) tookOver() {
	u.waitingToOwn.Store(false)
	if u.quitting {
		return
	}
	kept := ""
	if other, err := store.Load(u.statePath); err == nil {
		u.settings = other.Settings
		for path, f := range other.Files {
			if f.Progress == nil {
				f.Progress = map[int]game.State{}
			}
			mine, ok := u.files[path]
			b, _ := json.Marshal(mine)
			if !ok || string(b) == u.filesAtStart[path] {
				u.files[path] = f
			}
		}
		if other.Game != nil {
			kept = u.keepOtherGame(other)
		}
		u.filesJSON = nil
	}
	u.filesAtStart = nil
	u.save()
	u.saver.Now()
	msg := "The other Sudoku window has closed: this one saves your game now."
	if kept != "" {
		msg += " " + kept
	}
	u.setStatus(msg)
}

// damagedParts says the parts of a session that did not read (the
// salvage's paths) in words: "files./home/…/p.txt.progress.1.givens" was
// the status line's, and "the easy.the rest statistics" one of them.
func damagedParts(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p = damagedPart(p); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// gameFields names the saved game's members in words.
var gameFields = map[string]string{"undo": "undo history", "redo": "redo history", "marks": "pencil marks", "cells": "digits", "elapsed_seconds": "clock", "selected": "selected cell"}

// damagedPart says one salvage path in words.
func damagedPart(p string) string {
	p = strings.TrimPrefix(p, "settings.")
	last := p[strings.LastIndex(p, ".")+1:]
	switch {
	case p == "stats" || strings.HasPrefix(p, "stats.the rest"):
		return "the statistics"
	case strings.HasPrefix(p, "stats."):
		level, _, _ := strings.Cut(strings.TrimPrefix(p, "stats."), ".") // part of a level's: that level's
		return "the " + level + " statistics"
	case strings.HasPrefix(p, "the rest from "):
		return sessionPart(strings.TrimPrefix(p, "the rest from ")) + " and all after it in the file"
	case strings.HasPrefix(p, "the rest after "):
		return "all after " + sessionPart(strings.TrimPrefix(p, "the rest after ")) + " in the file"
	case p == "the rest":
		return "all of the settings and statistics from where the file is damaged"
	case strings.HasPrefix(p, "files."):
		rest := strings.TrimPrefix(p, "files.")
		if file, n, ok := strings.Cut(rest, ".progress."); ok {
			k, _, _ := strings.Cut(n, ".")
			if i, err := strconv.Atoi(k); err == nil {
				return fmt.Sprintf("the game of #%d of %s", i+1, filepath.Base(file))
			}
			return "the progress in " + filepath.Base(file)
		}
		return "the place in " + filepath.Base(strings.TrimSuffix(rest, ".index"))
	case strings.HasPrefix(p, "game."):
		if w, ok := gameFields[last]; ok {
			last = w
		}
		return "the game's " + strings.ReplaceAll(last, "_", " ")
	case strings.Contains(p, " "):
		return p // in words already ("the end (the file was cut short)")
	}
	return sessionPart(last)
}

// sessionPart names a member of the session, or of its settings, in
// words.
func sessionPart(key string) string {
	switch key {
	case "stats":
		return "the statistics"
	case "game":
		return "the game"
	case "previous":
		return "the game before it"
	case "files":
		return "the progress in files"
	case "game_file":
		return "the game file the game was saved in"
	case "file":
		return "the file open"
	case "settings":
		return "the settings"
	case "recent":
		return "the recent files"
	case "best_ms":
		return "the best times"
	case "prefs":
		return "the preferences"
	case "print":
		return "the print choices"
	}
	return "the " + strings.ReplaceAll(key, "_", " ")
}

// sessionBack says what of a damaged session s is back, as it is: of a
// session cut to its first 150 bytes, "your progress in files is back"
// was said while none of it, nor the statistics, had read.
func sessionBack(s *store.Session) string {
	var back []string
	games := 0
	for _, f := range s.Files {
		games += len(f.Progress)
	}
	switch {
	case games > 0:
		back = append(back, "your progress in files")
	case len(s.Files) > 0:
		back = append(back, "your place in files")
	}
	if len(s.Settings.Stats) > 0 {
		back = append(back, "your statistics")
	}
	switch len(back) {
	case 0:
		return "nothing else of it read: progress in files and statistics start afresh"
	case 1:
		return back[0] + " is back"
	}
	return back[0] + " and " + back[1] + " are back"
}

// ownIfFree takes the session over now, if this window waits for it and
// the window that owned it has gone: at a quit, the clock's next look
// might come too late.
func (u *UI) ownIfFree() {
	if u.waitingToOwn.Load() && !u.quitting && u.saver.TryOwn() {
		u.tookOver()
	}
}

// keepOtherGame keeps the game another window saved last (other's), which
// this window's save is about to replace: as its file's progress, where it
// came from a file and this window is not on that puzzle, or else in a
// game file beside the session. It returns what the status says of it.
func (u *UI) keepOtherGame(other *store.Session) string {
	g, err := game.Restore(*other.Game)
	if err != nil || !g.Started() {
		return ""
	}
	if st := u.game.State(); sameBoard(g.Givens(), u.game.Givens()) && st.Cells == other.Game.Cells && slices.Equal(st.Marks, other.Game.Marks) {
		return "" // the same game
	}
	if f, ok := other.Files[other.File]; ok && other.File != "" {
		if c := u.coll; c != nil && c.IsFile && c.Path == other.File {
			if c.Index != f.Index {
				c.Progress[f.Index] = *other.Game
				u.filesJSON = nil
				return fmt.Sprintf("The other window's game, #%d of %s, is kept there.", f.Index+1, filepath.Base(other.File))
			}
		} else if p, ok := u.files[other.File]; ok {
			if p.Progress == nil {
				p.Progress = map[int]game.State{}
			}
			p.Progress[f.Index] = *other.Game
			p.Index = f.Index
			u.files[other.File] = p
			return fmt.Sprintf("The other window's game, #%d of %s, is kept there (File → Open Recent).", f.Index+1, filepath.Base(other.File))
		}
	}
	data, err := g.GameFile()
	if err != nil {
		return ""
	}
	path := filepath.Join(filepath.Dir(u.statePath), "other-window-"+time.Now().Format("2006-01-02-150405")+game.GameFileExt)
	if err := game.WriteFileAtomic(path, data); err != nil {
		return "The other window's game could not be kept: " + err.Error() + "."
	}
	return fmt.Sprintf("The other window's game is kept in %s: File → Open takes it up.", path)
}
