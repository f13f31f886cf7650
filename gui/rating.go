package gui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"example.com/sudoku/gui/levels"
	"example.com/sudoku/gui/library"
)

// ratingsPerPoll bounds the ratings the UI takes in one poll (four times
// a second), so a burst of easy puzzles never holds up a frame.
const ratingsPerPoll = 20000

// rateAll has the open file's puzzles rated (the current one and those
// around it first, then the rest from here on) or, without a file, the
// current puzzle. The rater keeps its place in a file it has: moving to
// another puzzle costs nothing that grows with the file.
func (u *UI) rateAll() {
	switch {
	case u.coll != nil:
		if u.rated != u.coll {
			if old := u.rated; old != nil && old.LevelsDirty {
				old.LevelsDirty = false
				u.saveLevels(old, false)
			}
			u.rated = u.coll
			u.rater.Open(u.coll.Puzzles(), u.coll.Index)
			u.loadCachedLevels(u.coll)
		}
		i := u.coll.Index
		prefer := []int{i}
		for d := 1; d <= 30; d++ { // the rows in view, about
			prefer = append(prefer, i+d, i-d)
		}
		u.rater.Prefer(prefer...)
	case u.game != nil && !u.game.Editing() && u.score == 0:
		u.rated = nil
		u.rater.Open(levels.Slice{u.game.Givens()}, 0)
	case u.rated != nil && !u.rated.IsFile:
		// A pasted list closed: no file keeps its levels, and a core
		// went on rating it for minutes.
		u.rated = nil
		u.rater.Open(levels.Slice{}, 0)
	}
}

// pollRatings shows the ratings that came in: a bounded batch, and one
// refresh of the rows in view.
func (u *UI) pollRatings() {
	got := u.rater.Take(ratingsPerPoll)
	if len(got) == 0 {
		u.saveLevelsWhenDone()
		return
	}
	defer u.saveLevelsWhenDone()
	c := u.rated
	for _, d := range got {
		level := d.Level.String()
		if !d.OK {
			level = library.NoLevel
		}
		switch {
		case c == nil && u.coll == nil && d.Index == 0:
			if d.OK && (u.game.Level == "" || u.game.Level == level) {
				u.game.Level, u.score = level, d.Score
				u.refreshPanel()
			}
		case c != nil && c == u.coll && d.Index < c.Len():
			c.SetRating(d)
			if d.Index == c.Index && d.OK && (u.game.Level == "" || u.game.Level == level) {
				u.game.Level, u.score = level, d.Score
				u.refreshPanel()
			}
		}
	}
	if c != nil && c == u.coll {
		u.browse.changed() // the rows in view only
		u.showLoadState()
	}
}

// levelCache is where ratings of files are kept.
func (u *UI) levelCache() levels.Cache {
	return levels.Cache{Dir: filepath.Join(filepath.Dir(u.statePath), "levels"), MaxBytes: levels.DefaultMaxBytes}
}

// loadCachedLevels fills in the ratings kept for c's file, once it is
// read whole and its hash known (off the UI goroutine).
func (u *UI) loadCachedLevels(c *library.Collection) {
	if !c.IsFile || !c.Loaded || c.Key == nil {
		return
	}
	key, n, cache, rts := *c.Key, c.Len(), u.levelCache(), c.Ratings()
	gen := -1 // the rater's generation for c, if it has c (else it is opened for c later, and this runs again)
	if u.rated == c {
		gen = u.rater.Gen()
	}
	go func() {
		// The ratings go straight into the collection's (atomic) table:
		// nothing on the UI goroutine grows with the file.
		if !cache.Each(key, n, rts.Store) {
			return
		}
		if gen >= 0 {
			u.rater.KnownIf(gen, rts.Known)
		}
		u.do(func() {
			if u.rated != c {
				return
			}
			if level, score := c.Rating(c.Index); level != "" && level != library.NoLevel &&
				u.game != nil && (u.game.Level == "" || u.game.Level == level) {
				u.game.Level, u.score = level, score
				u.refreshPanel()
			}
			c.LevelsDirty = false // they are the cache's
			u.browse.changed()
			u.showLoadState()
		})
	}()
}

// saveLevelsWhenDone writes the open file's ratings to the cache once
// they are all in, and every five seconds while they come (off the UI
// goroutine; 3 bytes a puzzle), so a restart rates nothing twice: after a
// crash, the ratings of up to half a minute were rated again (on the
// forum's hardest, a few puzzles of some seconds each).
func (u *UI) saveLevelsWhenDone() {
	c := u.rated
	if c == nil || c != u.coll || !c.LevelsDirty || !c.Loaded || c.Key == nil {
		return
	}
	if !u.rater.Idle() && time.Since(c.LevelsSaved) < levelSaveEvery {
		return
	}
	c.LevelsDirty = false
	u.saveLevels(c, false)
}

// levelSaveEvery is how often ratings still coming are saved.
const levelSaveEvery = 5 * time.Second

// saveLevels writes c's ratings to the cache, off the UI goroutine unless
// wait is set (on quit).
func (u *UI) saveLevels(c *library.Collection, wait bool) {
	c.LevelsSaved = time.Now()
	if c.Key == nil {
		return
	}
	key, n, rs, cache := *c.Key, c.Len(), c.Ratings(), u.levelCache()
	save := func() { cache.Save(key, n, rs.Results()) }
	if wait {
		save()
		return
	}
	u.levelSaves.Add(1)
	go func() {
		defer u.levelSaves.Done()
		save()
	}()
}

// levelLine is the panel's level line: in a window too narrow for the
// puzzle list, the puzzle's number in its file first ("#3 · Level: easy
// · 2.0"), as the list would show it (only the title said which puzzle
// Page Down had brought).
func (u *UI) levelLine() string {
	line := u.levelOnly()
	if c := u.coll; u.narrow && c != nil && c.Len() > 1 && !u.game.Editing() && sameBoard(u.game.Givens(), c.Puzzles().Board(c.Index)) {
		line = "#" + groupDigits(c.Index+1) + " · " + line
	}
	// Without "Level: " where the line would wrap in the panel: it broke
	// as "#1 · Level: medium ·" over a lone "2.9" (150 % and 200 %).
	column := float32(panelWidth)
	if u.compact {
		column = compactWidth
	}
	room := column - scrollRoom - 4*theme.InnerPadding()
	if short := strings.Replace(line, "Level: ", "", 1); short != line &&
		fyne.MeasureText(line, theme.Size(theme.SizeNameSubHeadingText), fyne.TextStyle{Bold: true}).Width > room {
		line = short
	}
	return line
}

// showLevel puts levelLine in the panel.
func (u *UI) showLevel() {
	if level := u.levelLine(); u.levelSeg.Text != level {
		u.levelSeg.Text = level
		u.levelText.Refresh()
	}
}

// levelOnly is the level line without the puzzle's number.
func (u *UI) levelOnly() string {
	g := u.game
	switch {
	case g.Editing():
		return "Enter your puzzle"
	case g.Unplayable() != nil:
		// One line, as the levels are: "…: Solve shows why" wrapped to
		// two in the panel, which then scrolled and moved Solve (the
		// status line says why, and Solve shows it).
		return "Cannot be played"
	case g.Solutions() > 1:
		// No level (the browser's "—"), and why; "Level: — · several
		// solutions" wrapped in the compact panel and made it scroll.
		return "Several solutions"
	case g.Level == "":
		return "Level: rating…"
	case u.score > 0:
		return fmt.Sprintf("Level: %s · %.1f", g.Level, u.score)
	}
	return "Level: " + g.Level
}
