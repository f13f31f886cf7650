package gui

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// generating is a batch of puzzles being made off the UI goroutine.
type generating struct {
	cancel  context.CancelFunc
	dialog  dialog.Dialog
	spinner *widget.ProgressBarInfinite // stopped with the dialog
	done    chan struct{}               // closed once the result is shown
	// useMade is the progress box's "Stop, Use Those Made" (several
	// puzzles), pressed by the tests from madeHook, which the progress's
	// update calls once a puzzle is made.
	useMade  *widget.Button
	madeHook atomic.Pointer[func()]
}

// shape is a kind of board the generator makes: a variant and a size.
type shape struct {
	variant generator.Variant
	size    int
}

var classic = shape{generator.Classic, 9}

// variantTitles name the variants in the window.
var variantTitles = map[generator.Variant]string{
	generator.Classic: "Classic",
	generator.X:       "X (diagonals)",
	generator.Jigsaw:  "Jigsaw",
	generator.JigsawX: "Jigsaw X",
	generator.Killer:  "Killer (cages)",
	generator.KillerX: "Killer X",
}

// variants are the shapes New Puzzle offers, in its order.
var variants = []generator.Variant{generator.Classic, generator.X, generator.Jigsaw, generator.JigsawX, generator.Killer, generator.KillerX}

// String names the shape for the player: "9×9", "6×6 jigsaw", "9×9 X".
func (s shape) String() string {
	name := fmt.Sprintf("%d×%d", s.size, s.size)
	switch s.variant {
	case generator.X:
		name += " X"
	case generator.Jigsaw:
		name += " jigsaw"
	case generator.JigsawX:
		name += " jigsaw X"
	case generator.Killer:
		name += " killer"
	case generator.KillerX:
		name += " killer X"
	}
	return name
}

// shapeOf is the shape of a board's geometry.
func shapeOf(geo *solver.Geometry) shape {
	v := generator.Classic
	switch {
	case geo.Killer() && geo.X:
		v = generator.KillerX
	case geo.Killer():
		v = generator.Killer
	case geo.Jigsaw() && geo.X:
		v = generator.JigsawX
	case geo.Jigsaw():
		v = generator.Jigsaw
	case geo.X:
		v = generator.X
	}
	return shape{v, geo.N}
}

// shapeLabel names a board's shape in the title and the browser: its
// shape's name, but a jigsaw killer (read from Solo's "jk" game IDs; the
// generator makes none) says so, where it read "9×9 killer X".
func shapeLabel(geo *solver.Geometry) string {
	name := shapeOf(geo).String()
	if geo.Killer() && geo.Jigsaw() {
		name = strings.Replace(name, " killer", " jigsaw killer", 1)
	}
	return name
}

// makes reports whether the generator makes puzzles of this shape at
// level.
func (s shape) makes(level logic.Level) bool {
	return slices.Contains(generator.Levels(s.variant, s.size), level)
}

// recordKey is what the statistics and best times of a game are kept
// under: its level, and its shape unless classic ("easy", "6×6 easy").
func recordKey(g *game.Game) string {
	if g.Level == "" {
		return ""
	}
	if sh := shapeOf(g.Geometry()); sh != classic {
		return sh.String() + " " + g.Level
	}
	return g.Level
}

// NewGame makes a puzzle of the level, of the shape last chosen, off the
// UI goroutine, with a spinner and Cancel, and starts it. It returns a
// channel closed when the new game is on the board or the making was
// cancelled.
func (u *UI) NewGame(level logic.Level) <-chan struct{} {
	if g := u.game; g != nil && !g.Editing() {
		if geo := g.Geometry(); !generated(geo) {
			// A board the generator makes none of (Solo's 7×7 jigsaw, a
			// jigsaw killer): Ctrl+N made a puzzle of the last shape
			// chosen, or a plain killer, without a word.
			var sizes []string
			sh := shapeOf(geo)
			for _, n := range generator.Sizes(sh.variant) {
				sizes = append(sizes, fmt.Sprintf("%d×%d", n, n))
			}
			kind := cmp.Or(strings.TrimSpace(strings.TrimPrefix(sh.String(), fmt.Sprintf("%d×%d", geo.N, geo.N))), "classic") // "jigsaw", "X"
			what := fmt.Sprintf("%s puzzles are made in %s", kind, andWords(sizes))
			if geo.Killer() && geo.Jigsaw() {
				what = "jigsaw killers are not made here (the generator makes killers and jigsaws, not both at once)"
			}
			u.showMessage(fmt.Sprintf("No new %s puzzles", shapeLabel(geo)),
				messageBody(nil, capitalize(what)+": choose a shape in Game → New Puzzle → Shape and Level."), "OK")
			done := make(chan struct{})
			close(done)
			return done
		}
	}
	return u.NewGameOf(u.lastShape(), level)
}

// generated reports whether the generator makes boards of geo's shape.
func generated(geo *solver.Geometry) bool {
	return !(geo.Killer() && geo.Jigsaw()) && shapeOf(geo).made()
}

// made reports whether the generator makes boards of this variant and
// size (at some level).
func (s shape) made() bool { return slices.Contains(generator.Sizes(s.variant), s.size) }

// NewGameOf is NewGame of shape sh. A level the shape does not come in
// is refused with a message.
func (u *UI) NewGameOf(sh shape, level logic.Level) <-chan struct{} {
	if !sh.makes(level) {
		var names []string
		for _, l := range generator.Levels(sh.variant, sh.size) {
			names = append(names, l.String())
		}
		// Information, not an error (it was titled "Error"), and the
		// status line keeps nothing of it.
		u.showMessage(fmt.Sprintf("No %s %s puzzles", level, sh),
			messageBody(nil, capitalize(fmt.Sprintf("%s puzzles come in %s: choose another level, or another shape in Game → New Puzzle → Shape and Level.", sh, andWords(names)))), "OK")
		done := make(chan struct{})
		close(done)
		return done
	}
	asked := u.game
	return u.generate(sh, level, 1, func(ps []generator.BoardPuzzle) {
		if u.game != asked { // the player went to another puzzle meanwhile
			u.setStatus("The new puzzle was not opened: you had moved on to another.")
			return
		}
		p := ps[0]
		// Named as sudoku generate names it, "hard 3.5 seed 123": the name
		// goes on the window's title and on what is printed of it, and
		// the seed makes the puzzle again (the shape is the board's).
		g, err := game.New(fmt.Sprintf("%s %.1f seed %d", level, p.Rating.Score, p.Seed), p.Board)
		if err != nil { // cannot happen: the generator proves one solution
			u.showError("The new puzzle could not be played", err)
			return
		}
		g.Level = level.String()
		closed := u.playAlone(g)
		u.score = p.Rating.Score
		u.refreshPanel()
		u.showBrowser()
		u.settings.Level = level.String()
		u.settings.Variant, u.settings.Size = sh.variant.String(), sh.size
		u.save()
		what, scale := level.String(), "ER"
		if sh != classic {
			what, scale = what+" "+sh.String(), "score"
		}
		// the file's closing first: after the new puzzle's line, it ran
		// past the window's width; and with it the puzzle's line short
		// (the two together were cut off). Not the hardest step: it gave
		// away what the puzzle hides ("hardest step BUG type 1").
		line := fmt.Sprintf("A new %s puzzle: %s %.1f, seed %d. Good luck!", what, scale, p.Rating.Score, p.Seed)
		if closed != "" {
			line = fmt.Sprintf("A new %s puzzle, %s %.1f, seed %d.", what, scale, p.Rating.Score, p.Seed)
		}
		u.setStatus(strings.TrimSpace(closed + " " + line))
	})
}

// playAlone puts g, a game of no file (a new puzzle, a game file's), on
// the board: the open file's progress kept and the file closed. It
// returns what the status line says of the file (closedFileNote).
func (u *UI) playAlone(g *game.Game) (closed string) {
	u.stashProgress()
	closed = u.closedFileNote()
	u.coll = nil
	u.setGame(g)
	return closed
}

// closedFileNote is what the status line adds when a game not from the
// open file takes the board: the puzzle list goes with the file (it went
// without a word), and Open Recent brings it back where it was.
func (u *UI) closedFileNote() string {
	if u.coll == nil || !u.coll.IsFile || u.coll.Len() < 2 {
		return ""
	}
	return fmt.Sprintf(" %s is closed: File → Open Recent brings it back at puzzle #%d.", filepath.Base(u.coll.Path), u.coll.Index+1)
}

// andWords joins words as "a", "a and b", "a, b and c".
func andWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// lastShape is the shape a new puzzle takes: the one on the board, else
// the last asked for (classic at first).
func (u *UI) lastShape() shape {
	if u.game != nil && !u.game.Editing() {
		if sh := shapeOf(u.game.Geometry()); sh.made() {
			return sh // the shape on the board, when the generator makes it
		}
	}
	v, err := generator.ParseVariant(u.settings.Variant)
	sh := shape{v, u.settings.Size}
	if err != nil || !sh.made() {
		return classic
	}
	return sh
}

// ChooseShape asks for the shape, size and level of a new puzzle, and
// makes it: Enter starts, Esc cancels.
func (u *UI) ChooseShape() {
	cur := u.lastShape()
	var names []string
	for _, v := range variants {
		names = append(names, variantTitles[v])
	}
	variantSel := u.newDialogSelect(names, nil)
	sizeSel := u.newDialogSelect(nil, nil)
	levelSel := u.newDialogSelect(nil, nil)
	chosen := func() shape {
		sh := cur
		for _, v := range variants {
			if variantTitles[v] == variantSel.Selected {
				sh.variant = v
			}
		}
		fmt.Sscanf(sizeSel.Selected, "%d", &sh.size)
		return sh
	}
	levels := func() {
		sh := chosen()
		var ls []string
		for _, l := range generator.Levels(sh.variant, sh.size) {
			ls = append(ls, titleCase(l.String()))
		}
		keep := levelSel.Selected
		if keep == "" {
			keep = titleCase(u.lastLevel().String())
		}
		levelSel.SetOptions(ls)
		levelSel.SetSelected(nearestLevel(ls, keep))
	}
	sizes := func() {
		sh := chosen()
		var ss []string
		for _, n := range generator.Sizes(sh.variant) {
			ss = append(ss, fmt.Sprintf("%d×%d", n, n))
		}
		keep := sizeSel.Selected
		if keep == "" {
			keep = fmt.Sprintf("%d×%d", cur.size, cur.size)
		}
		sizeSel.SetOptions(ss)
		if !slices.Contains(ss, keep) {
			keep = "9×9"
		}
		sizeSel.SetSelected(keep)
	}
	// After a choice the lists let go of the keyboard, so that Enter
	// starts the puzzle (a focused list would take it).
	unfocus := func() { u.win.Canvas().Unfocus() }
	variantSel.OnChanged = func(string) { sizes(); levels(); unfocus() }
	sizeSel.OnChanged = func(string) { levels(); unfocus() }
	levelSel.OnChanged = func(string) { unfocus() }
	variantSel.SetSelected(variantTitles[cur.variant])
	form := widget.NewForm(
		widget.NewFormItem("Shape", variantSel),
		widget.NewFormItem("Size", sizeSel),
		widget.NewFormItem("Level", levelSel),
	)
	var d *dialog.CustomDialog
	start := func() {
		d.Hide()
		sh := chosen()
		level, err := logic.ParseLevel(strings.ToLower(levelSel.Selected))
		if err != nil {
			return
		}
		u.askFirst("New Puzzle", func() { u.NewGameOf(sh, level) })
	}
	d = dialog.NewCustomWithoutButtons("New Puzzle", form, u.win)
	startBtn := u.newDialogButton("Start", theme.ConfirmIcon(), func() { d.Hide(); start() })
	startBtn.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{u.newDialogButton("Cancel", theme.CancelIcon(), func() { d.Hide() }), startBtn})
	d.Resize(fyne.NewSize(360, 0))
	u.showModal(d, func() { d.Hide(); start() }, nil)
}

// timeLeft is how long the rest of n items will take, at the pace of
// the first done in elapsed: ", about 12 min left" (nothing before a few
// are done, nor under ten seconds).
func timeLeft(elapsed time.Duration, done, n int) string {
	if done < 3 || done >= n {
		return ""
	}
	left := time.Duration(float64(elapsed) / float64(done) * float64(n-done))
	switch {
	case left < 10*time.Second:
		return ""
	case left < 90*time.Second:
		return fmt.Sprintf(", about %d s left", int(left.Seconds()+0.5))
	case left < 90*time.Minute:
		return fmt.Sprintf(", about %d min left", int(left.Minutes()+0.5))
	}
	return fmt.Sprintf(", about %.1f h left", left.Hours())
}

// generate makes n puzzles of shape sh and the level in a goroutine,
// showing progress, and hands them to use on the UI goroutine unless
// cancelled.
func (u *UI) generate(sh shape, level logic.Level, n int, use func([]generator.BoardPuzzle)) <-chan struct{} {
	if u.gen != nil {
		return u.gen.done
	}
	ctx, cancel := context.WithCancel(context.Background())
	gen := &generating{cancel: cancel, done: make(chan struct{})}
	u.gen, u.genDone, u.lastGen = gen, gen.done, gen
	bar := widget.NewProgressBar()
	spinner := widget.NewProgressBarInfinite()
	gen.spinner = spinner
	var body fyne.CanvasObject = spinner
	if n > 1 {
		spinner.Stop()
		body = bar
	}
	kind := level.String()
	if sh != classic {
		kind += " " + sh.String()
	}
	what := fmt.Sprintf("Making %s puzzle…", withArticle(kind))
	if n > 1 {
		what = fmt.Sprintf("Making %s %s puzzles…", groupDigits(n), kind)
	}
	cancelBtn := widget.NewButton("Cancel", cancel)
	title := "New puzzle"
	if n > 1 {
		title = "New puzzles"
	}
	label := widget.NewLabel(what)
	buttons := fyne.CanvasObject(cancelBtn)
	// Several: the ones made so far can be kept, the rest not made (Cancel
	// threw away eight extreme puzzles with the rest).
	var keepMade atomic.Bool
	useBtn := widget.NewButton("Stop, Use Those Made", func() { keepMade.Store(true); cancel() })
	useBtn.Disable()
	if n > 1 {
		buttons = container.NewGridWithColumns(2, cancelBtn, useBtn)
	}
	gen.useMade = useBtn
	gen.dialog = dialog.NewCustomWithoutButtons(title, container.NewVBox(label, body, buttons), u.win)
	// Esc cancels; Enter does nothing (it hid the box while the puzzles
	// were still made, and their save dialog came later, unasked).
	u.showModal(gen.dialog, func() {}, cancel)
	seed := rand.Int64N(1 << 53) // any seed; the puzzle's name tells it
	go func() {
		// On every core (one at a time, a thousand extreme puzzles took
		// the quarter of an hour), each puzzle from its own seed of the
		// batch, so the booklet is the same in any order of finishing.
		ps := make([]generator.BoardPuzzle, n) // (one not made has no board)
		var (
			mu    sync.Mutex
			err   error
			next  int
			done  int
			shown time.Time
		)
		began := time.Now()
		work, stop := context.WithCancel(ctx)
		defer stop()
		var wg sync.WaitGroup
		for range min(n, max(1, runtime.NumCPU())) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					mu.Lock()
					k := next
					next++
					mu.Unlock()
					if k >= n || work.Err() != nil {
						return
					}
					p, e := generator.GenerateBoard(work, generator.BoardOptions{Variant: sh.variant, Size: sh.size, Level: level, Seed: generator.BatchSeed(seed, k)})
					mu.Lock()
					if e != nil {
						if err == nil {
							err = e
						}
						mu.Unlock()
						stop()
						return
					}
					ps[k] = p
					done++
					d, now := done, time.Now()
					update := n > 1 && (d == n || now.Sub(shown) > 100*time.Millisecond)
					if update {
						shown = now
					}
					mu.Unlock()
					if update {
						text := fmt.Sprintf("%s %s of %s made%s", what, groupDigits(d), groupDigits(n), timeLeft(now.Sub(began), d, n))
						u.do(func() {
							bar.SetValue(float64(d) / float64(n))
							label.SetText(text)
							useBtn.Enable()
							if h := gen.madeHook.Load(); h != nil {
								(*h)()
							}
						})
					}
				}
			}()
		}
		wg.Wait()
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		u.doAndWait(func() {
			// Its animation went on after the dialog went, repainting
			// the window for a minute (a core of a laptop without a
			// GPU, after every new puzzle and every Cancel).
			spinner.Stop()
			gen.dialog.Hide()
			u.gen = nil
			var kept []generator.BoardPuzzle
			for _, p := range ps {
				if p.Board.Geo != nil {
					kept = append(kept, p)
				}
			}
			switch {
			case err != nil && ctx.Err() == nil:
				u.showError("No puzzle was made", err)
			case err != nil && keepMade.Load() && len(kept) > 0:
				u.setStatus(fmt.Sprintf("Stopped: %s of %s made.", groupDigits(len(kept)), groupDigits(n)))
				use(kept)
			case err != nil:
				u.setStatus("Cancelled.")
			default:
				use(ps)
			}
		})
		cancel()
		close(gen.done)
	}()
	return gen.done
}

// lastLevel is the level a new puzzle takes: the one on the board, else
// the last asked for (medium at first).
func (u *UI) lastLevel() logic.Level {
	if u.game != nil {
		if l, err := logic.ParseLevel(u.game.Level); err == nil {
			return l // the level on the board
		}
	}
	l, err := logic.ParseLevel(u.settings.Level)
	if err != nil {
		return logic.Medium
	}
	return l
}

// nearestLevel is the level of ls (names, easiest first) nearest to want:
// itself when offered, else the hardest below it or, with none, the
// easiest above (Extreme on a shape that goes up to Insane is Insane, not
// Easy).
func nearestLevel(ls []string, want string) string {
	if slices.Contains(ls, want) {
		return want
	}
	w, err := logic.ParseLevel(want)
	best := ls[0]
	if err != nil {
		return best
	}
	for _, name := range ls {
		if l, err := logic.ParseLevel(name); err == nil && l <= w {
			best = name
		}
	}
	return best
}
