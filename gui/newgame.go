package gui

import (
	"context"
	"fmt"
	"math/rand/v2"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/generator"
	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver/logic"
)

// generating is a batch of puzzles being made off the UI goroutine.
type generating struct {
	cancel context.CancelFunc
	dialog dialog.Dialog
	done   chan struct{} // closed once the result is shown
}

// NewGame makes a puzzle of the level off the UI goroutine, with a
// spinner and Cancel, and starts it. It returns a channel closed when the
// new game is on the board or the making was cancelled.
func (u *UI) NewGame(level logic.Level) <-chan struct{} {
	asked := u.game
	return u.generate(level, 1, func(ps []generator.Puzzle) {
		if u.game != asked { // the player went to another puzzle meanwhile
			u.setStatus("The new puzzle was not opened: you had moved on to another.")
			return
		}
		p := ps[0]
		g, err := game.New(titleCase(level.String())+" puzzle", p.Grid)
		if err != nil { // cannot happen: the generator proves one solution
			u.showError("The new puzzle could not be played", err)
			return
		}
		g.Level = level.String()
		u.stashProgress()
		u.coll = nil
		u.setGame(g)
		u.score = p.Rating.Score
		u.refreshPanel()
		u.showBrowser()
		u.settings.Level = level.String()
		u.save()
		u.setStatus(fmt.Sprintf("A new %s puzzle: ER %.1f, hardest step %s, seed %d. Good luck!", level, p.Rating.Score, p.Rating.Name, p.Seed))
	})
}

// generate makes n puzzles of the level in a goroutine, showing progress,
// and hands them to use on the UI goroutine unless cancelled.
func (u *UI) generate(level logic.Level, n int, use func([]generator.Puzzle)) <-chan struct{} {
	if u.gen != nil {
		return u.gen.done
	}
	ctx, cancel := context.WithCancel(context.Background())
	gen := &generating{cancel: cancel, done: make(chan struct{})}
	u.gen = gen
	bar := widget.NewProgressBar()
	var body fyne.CanvasObject = widget.NewProgressBarInfinite()
	if n > 1 {
		body = bar
	}
	what := fmt.Sprintf("Making %s %s puzzle…", article(level.String()), level)
	if n > 1 {
		what = fmt.Sprintf("Making %d %s puzzles…", n, level)
	}
	cancelBtn := widget.NewButton("Cancel", cancel)
	gen.dialog = dialog.NewCustomWithoutButtons("New puzzle", container.NewVBox(widget.NewLabel(what), body, cancelBtn), u.win)
	u.showModal(gen.dialog, nil, cancel) // Esc cancels
	seed := rand.Int64N(1 << 53)         // any seed; the puzzle's name tells it
	go func() {
		ps := make([]generator.Puzzle, 0, n)
		var err error
		for k := 0; k < n && err == nil; k++ {
			var p generator.Puzzle
			p, err = generator.Generate(ctx, generator.Options{Level: level, Seed: generator.BatchSeed(seed, k)})
			if err == nil {
				ps = append(ps, p)
				if n > 1 {
					done := k + 1
					fyne.DoAndWait(func() { bar.SetValue(float64(done) / float64(n)) })
				}
			}
		}
		fyne.DoAndWait(func() {
			gen.dialog.Hide()
			u.gen = nil
			if err != nil {
				u.setStatus("Cancelled.")
			} else {
				use(ps)
			}
		})
		cancel()
		close(gen.done)
	}()
	return gen.done
}

// lastLevel is the level of the last new puzzle asked for (medium at first).
func (u *UI) lastLevel() logic.Level {
	l, err := logic.ParseLevel(u.settings.Level)
	if err != nil {
		return logic.Medium
	}
	return l
}
