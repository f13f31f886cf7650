package gui

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"example.com/sudoku/booklet"
	"example.com/sudoku/generator"
	"example.com/sudoku/gui/store"
	"example.com/sudoku/internal/filekind"
	"example.com/sudoku/solver/logic"
)

// exportRequest is what the Print/Export dialog asks for.
type exportRequest struct {
	all     bool              // puzzles of the open file (sel), not just this one
	sel     booklet.Selection // which of them: the zero Selection is all
	format  string            // "pdf", "png" or "svg"
	name    string            // the file name to offer, without extension ("": the open file's)
	options booklet.Options
	fresh   int // new puzzles made for it, lost unless saved
}

// exportChoices name the formats in the dialog.
var exportChoices = []string{"PDF booklet", "PNG image (this puzzle)", "SVG image (this puzzle)"}

// ShowPrintDialog asks what to print and how, then where to save it.
func (u *UI) ShowPrintDialog() {
	thisOne := "This puzzle"
	what := []string{thisOne}
	// A file's puzzles: all of them up to maxWindowBooklet, and any run
	// of them by number (a million-puzzle file's "All" made a 258,080-page
	// PDF in 7 minutes and 2.5 GB).
	allOnes, someOnes, fileLen := "", "", 0
	if u.coll != nil && u.coll.Len() > 1 {
		fileLen = u.coll.Len()
		if fileLen <= maxWindowBooklet {
			allOnes = fmt.Sprintf("All %s puzzles of %s", groupDigits(fileLen), u.coll.Base())
			what = append(what, allOnes)
		}
		someOnes = fmt.Sprintf("Puzzles of %s by number", u.coll.Base())
		if allOnes == "" {
			// "All" is not offered: say why rather than leave it out
			// (the file's name gives way: the dialog grew too wide).
			someOnes = fmt.Sprintf("Puzzles by number, %s at most", groupDigits(maxWindowBooklet))
		}
		what = append(what, someOnes)
	}
	// The puzzles the browser shows, found or filtered (an organizer
	// with 91 insane puzzles shown had to type their numbers).
	shownOnes, shownSel := "", ""
	if b := u.browse; b != nil && b.showing && len(b.view) > 0 && len(b.view) <= maxWindowBooklet {
		shownOnes = fmt.Sprintf("The %s shown", count(int64(len(b.view)), "puzzle"))
		shownSel = selectionOf(b.view)
		what = append(what, shownOnes)
	}
	newOnes := "New puzzles"
	what = append(what, newOnes)
	whatRadio := widget.NewRadioGroup(what, nil)
	whatRadio.SetSelected(what[len(what)-2])
	if allOnes != "" {
		whatRadio.SetSelected(allOnes)
	}
	switch u.settings.Print.What { // as last used, where it still applies
	case "this":
		whatRadio.SetSelected(thisOne)
	case "new":
		whatRadio.SetSelected(newOnes)
	case "some":
		if someOnes != "" {
			whatRadio.SetSelected(someOnes)
		}
	}
	pp := &u.settings.Print // the choices as last used
	or := func(s, def string) string {
		if s == "" {
			return def
		}
		return s
	}
	// New puzzles are of the shape and level on the board, or of those
	// printed last while the board has the game it had then; the shape
	// is chosen here too (a booklet of 6×6 puzzles needed a 6×6 game
	// started first).
	sh, wantLevel := u.lastShape(), u.lastLevel().String()
	board := sh.String() + "/" + wantLevel
	if pp.Board == board {
		if s, ok := shapeNamed(pp.Shape); ok {
			sh = s
		}
		wantLevel = or(pp.Level, wantLevel)
	}
	var shapeNames []string
	for _, s := range madeShapes() {
		shapeNames = append(shapeNames, s.String())
	}
	newShape := u.newDialogSelect(shapeNames, nil)
	newShape.SetSelected(sh.String())
	newLevel := u.newDialogSelect(nil, nil)
	// The levels the shape comes in, the nearest to the one wanted
	// (Extreme last time, on a killer: Insane, not Easy).
	levelsOf := func(want string) {
		var names []string // "Easy", as New Puzzle names them
		for _, l := range generator.Levels(sh.variant, sh.size) {
			names = append(names, titleCase(l.String()))
		}
		newLevel.SetOptions(names)
		newLevel.SetSelected(nearestLevel(names, titleCase(want)))
	}
	levelsOf(wantLevel)
	format := u.newDialogSelect(exportChoices, nil)
	format.SetSelected(or(pp.Format, exportChoices[0]))
	newCount := u.newDialogEntry()
	newCount.SetText(or(pp.Count, "12"))
	// How many: checked as typed, which keeps Save off while it is not a
	// number from 1 to 1000 (an error after Save closed the dialog).
	countOf := func() (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(newCount.Text))
		if err != nil || n < 1 || n > 1000 {
			return 0, errors.New("a number from 1 to 1000")
		}
		return n, nil
	}
	// Which of the file's puzzles: "101-200", "-50", "101-" or "7",
	// checked as typed (Save stays off while it is wrong).
	numbers := u.newDialogEntry()
	if fileLen > 0 {
		numbers.SetText(fmt.Sprintf("%d-%d", u.coll.Index+1, min(fileLen, u.coll.Index+12)))
		if pp.NumbersOf == u.coll.Path && pp.Numbers != "" {
			// The numbers printed last from this file: they went back
			// to the twelve from here each time, and Enter, Enter made a
			// 3-page booklet over the 490-page one of the same name.
			numbers.SetText(pp.Numbers)
		}
	}
	rangeOf := func() (sel booklet.Selection, err error) {
		sel, err = booklet.ParseSelection(strings.TrimSpace(numbers.Text))
		switch {
		case err != nil:
		case sel.First() > fileLen:
			err = fmt.Errorf("the file has %s puzzles", groupDigits(fileLen))
		case len(sel.Numbers(fileLen, maxWindowBooklet+1)) > maxWindowBooklet:
			err = fmt.Errorf("at most %s a booklet (sudoku print --range makes larger ones)", groupDigits(maxWindowBooklet))
		}
		return sel, err
	}
	numbers.Validator = func(string) error {
		if whatRadio.Selected != someOnes || someOnes == "" {
			return nil
		}
		_, err := rangeOf()
		return err
	}
	newCount.Validator = func(string) error {
		if whatRadio.Selected != newOnes || format.Selected != exportChoices[0] {
			return nil
		}
		_, err := countOf()
		return err
	}
	perPage := u.newDialogSelect([]string{"1", "2", "4", "6"}, nil)
	perPage.SetSelected(or(pp.PerPage, fmt.Sprint(booklet.DefaultPerPage)))
	paper := widget.NewRadioGroup([]string{"A4", "Letter"}, nil)
	paper.Horizontal = true
	paper.SetSelected(or(pp.Paper, "A4"))
	title := u.newDialogEntry()
	// The player's own, kept for what it was typed for; else one is
	// suggested.
	titleKey := func() string { // what a typed title is kept for
		if u.coll != nil {
			return u.coll.Path + "\n" + sh.String()
		}
		return sh.String()
	}
	if pp.TitleOf == titleKey() {
		title.SetText(pp.Title)
	}
	// The check is the booklet's solutions section, or an image's
	// solution filled in: each kept on its own.
	sections, fill := pp.Solutions, pp.Fill
	solutions := u.newDialogCheck("Add a solutions section", nil)
	// A class's sheets carried "easy 1.2 seed 1551115765072453" under
	// every puzzle: numbers alone there, the rest with the solutions.
	plain := u.newDialogCheck("Puzzles captioned by number alone", nil)
	plain.SetChecked(pp.NumbersOnly)
	solutions.Checked = sections

	// The title says what is printed, until the player types their own;
	// the page options are for a booklet only.
	suggested := ""
	suggest := func() {
		s := u.exportTitle()
		switch whatRadio.Selected {
		case thisOne:
			s = u.game.Name
		case newOnes:
			count := "New"
			n, err := countOf()
			if format.Selected != exportChoices[0] {
				n, err = 1, nil // an image shows one
			}
			if err == nil {
				count = fmt.Sprint(n)
			}
			s = fmt.Sprintf("%s %s puzzle", count, strings.ToLower(newLevel.Selected))
			if sh != classic {
				s = fmt.Sprintf("%s %s %s puzzle", count, strings.ToLower(newLevel.Selected), sh)
			}
			if n != 1 {
				s += "s"
			}
		}
		if title.Text == suggested {
			title.SetText(s)
		}
		suggested = s
	}
	wasPDF := true
	var form *widget.Form
	// The form greys a disabled field's label but never the other way
	// by itself: its labels follow their fields only on a refresh.
	refreshForm := func() {
		if form != nil {
			form.Refresh()
		}
	}
	// Puzzles a page: for a booklet of more than one puzzle (one fills
	// its page whatever the choice, saveExport).
	perPageOn := func() {
		enable(perPage, format.Selected == exportChoices[0] && whatRadio.Selected != thisOne)
	}
	pageOptions := func() {
		pdf := format.Selected == exportChoices[0]
		for _, w := range []interface {
			Enable()
			Disable()
		}{perPage, paper, title, solutions} {
			enable(w, pdf)
		}
		perPageOn()
		// Keep each use of the check apart when the format changes.
		if wasPDF {
			sections = solutions.Checked
		} else {
			fill = solutions.Checked
		}
		wasPDF = pdf
		// An image shows one puzzle: how many new ones is for a booklet.
		enable(newCount, pdf && whatRadio.Selected == newOnes)
		newCount.Validate()
		suggest()
		if !pdf {
			solutions.Enable() // an image can show the solution filled in
			solutions.SetText("Fill the solution in")
			solutions.SetChecked(fill)
			enable(plain, false) // (an image's caption is its name)
			if whatRadio.Selected != thisOne && whatRadio.Selected != newOnes {
				whatRadio.SetSelected(thisOne) // an image shows one puzzle
			}
			enable(numbers, false)
		} else {
			solutions.SetText("Add a solutions section")
			solutions.SetChecked(sections)
			enable(plain, true)
			enable(numbers, whatRadio.Selected == someOnes)
		}
		refreshForm()
	}
	whatRadio.OnChanged = func(s string) {
		if (s == allOnes || s == someOnes || s == shownOnes) && s != "" && format.Selected != exportChoices[0] {
			// Several puzzles make a booklet: with PNG chosen, "by
			// number" printed this puzzle alone, without a word.
			format.SetSelected(exportChoices[0])
		}
		perPageOn()
		enable(numbers, s == someOnes)
		numbers.Validate()
		enable(newLevel, s == newOnes)
		enable(newShape, s == newOnes) // (refreshForm below greys the pair's label with them)
		enable(newCount, s == newOnes && format.Selected == exportChoices[0])
		newCount.Validate() // the count matters for new puzzles only
		suggest()
		refreshForm()
	}
	newLevel.OnChanged = func(string) { suggest() }
	restored := "" // a title brought back with its shape (newShape)
	newShape.OnChanged = func(name string) {
		if s, ok := shapeNamed(name); ok && s != sh {
			sh = s
			levelsOf(newLevel.Selected)
			if restored != "" && title.Text == restored {
				title.SetText(suggested) // another shape's title, not typed here: suggested anew
			}
			restored = ""
			if title.Text == suggested && pp.Title != "" && pp.TitleOf == titleKey() {
				// The title typed for this shape's booklets comes back
				// ("Leo's puzzles" went once the board had another shape).
				title.SetText(pp.Title)
				restored = pp.Title
			}
			suggest()
		}
	}
	newCount.OnChanged = func(string) { suggest() }
	format.OnChanged = func(string) { pageOptions() }
	u.dialogRadio(whatRadio)
	u.dialogRadio(paper)
	whatRadio.OnChanged(whatRadio.Selected)
	pageOptions()
	items := []*widget.FormItem{
		widget.NewFormItem("Print", whatRadio),
	}
	// A hint under each checked field, where its error shows while what
	// is typed is wrong: without one, the error's line came and went as a
	// range was typed ("1460-1" on the way to "1460-1465"), and every
	// field below jumped.
	if someOnes != "" {
		item := widget.NewFormItem("Numbers", numbers)
		item.HintText = fmt.Sprintf("as 1-12, 101- or 5,17,42 (1 to %s)", groupDigits(fileLen))
		items = append(items, item)
	}
	howMany := widget.NewFormItem("How many", newCount)
	howMany.HintText = "1 to 1000"
	items = append(items,
		// Shape and level side by side: the dialog is tall already.
		widget.NewFormItem("Shape, level", newFieldPair(newShape, newLevel)),
		// A row of its own: the form checks its items' own fields only,
		// and keeps Save off while one is wrong.
		howMany,
		widget.NewFormItem("As", format),
		widget.NewFormItem("Puzzles a page", perPage),
		widget.NewFormItem("Paper", paper),
		widget.NewFormItem("Title", title),
		widget.NewFormItem("", solutions),
		widget.NewFormItem("", plain),
	)
	var d dialog.Dialog
	var submit func()
	form, d, submit = u.newFormDialog("Print / Export", "Save…", "Cancel", items, fyne.NewSize(520, 420), func(ok bool) {
		if !ok {
			return
		}
		pageOptions() // takes the check's state into sections or fill
		kept := ""
		if title.Text != suggested {
			kept = title.Text // typed by the player
		}
		whatKept := "all"
		switch whatRadio.Selected {
		case thisOne:
			whatKept = "this"
		case newOnes:
			whatKept = "new"
		case someOnes:
			whatKept = "some"
		}
		titleOf := titleKey()
		*pp = store.PrintPrefs{Format: format.Selected, PerPage: perPage.Selected, Paper: paper.Selected,
			Solutions: sections, Fill: fill, Count: newCount.Text, Level: newLevel.Selected, Shape: sh.String(), Board: board,
			Title: kept, TitleOf: titleOf, What: whatKept,
			Numbers: pp.Numbers, NumbersOf: pp.NumbersOf, NumbersOnly: plain.Checked}
		if whatKept == "some" {
			pp.Numbers, pp.NumbersOf = strings.TrimSpace(numbers.Text), u.coll.Path
		}
		u.save()
		req := exportRequest{all: whatRadio.Selected != thisOne, format: "pdf"}
		if whatRadio.Selected == shownOnes && shownOnes != "" {
			sel, err := booklet.ParseSelection(shownSel)
			if err != nil {
				u.showError("Which puzzles?", err)
				return
			}
			req.sel = sel // (the captions keep the file's numbers)
			req.name = u.exportTitle() + " shown"
		}
		if whatRadio.Selected == someOnes {
			sel, err := rangeOf()
			if err != nil { // Save is off then; this is only a safeguard
				u.showError("Which puzzles?", err)
				return
			}
			req.sel = sel // (the captions keep the file's numbers)
			// Named for its numbers: the whole file's booklet was offered
			// for every part of it, and Enter, Enter replaced it.
			req.name = u.exportTitle() + " " + selectionName(sel, fileLen)
		}
		switch format.Selected {
		case exportChoices[1]:
			req.format, req.all = "png", false
		case exportChoices[2]:
			req.format, req.all = "svg", false
		}
		fmt.Sscan(perPage.Selected, &req.options.PerPage)
		req.options.Paper = booklet.A4
		if paper.Selected == "Letter" {
			req.options.Paper = booklet.Letter
		}
		req.options.Title = title.Text
		req.options.Solutions = solutions.Checked
		req.options.NumbersOnly = plain.Checked
		if whatRadio.Selected != newOnes {
			if !req.all && u.coll != nil && u.coll.Len() > 1 {
				// this puzzle of a file: named for its number, as
				// each of the file's images was offered the same name
				req.name = fmt.Sprintf("%s-%d", u.exportTitle(), u.coll.Index+1)
			}
			u.saveExport(u.exportEntries(req), req)
			return
		}
		level, _ := logic.ParseLevel(newLevel.Selected)
		// New puzzles are not the open file's: the file is named for
		// them (an image of a new puzzle was offered as the file's).
		req.name = title.Text
		n, err := countOf()
		if err != nil { // Save is off then; this is only a safeguard
			u.showError("How many new puzzles?", fmt.Errorf("%q: give a number from 1 to 1000", newCount.Text))
			return
		}
		if req.format != "pdf" {
			n, err = 1, nil
		}
		use := func(ps []generator.BoardPuzzle) {
			req.fresh = len(ps)
			if k := len(ps); k < n && kept == "" {
				// Stopped with those made: the title suggested, and the
				// file's name, say how many there are ("20 extreme
				// puzzles" headed five, and its name offered to replace
				// a whole booklet of twenty).
				req.options.Title = recount(req.options.Title, n, k)
				req.name = recount(req.name, n, k)
			}
			u.saveExport(newEntries(ps), req)
		}
		u.newForBooklet(sh, level, n, use)
	})
	u.showModal(d, submit, nil)
}

// newForBooklet hands use n new puzzles of shape sh and the level: those
// made last for a booklet not written yet, if they were asked for so (a
// save that failed, a dialog cancelled: minutes of work were made again,
// with other seeds), else new ones, kept until written.
func (u *UI) newForBooklet(sh shape, level logic.Level, n int, use func([]generator.BoardPuzzle)) {
	if m := u.madeNew; m != nil && m.shape == sh && m.level == level && m.asked == n {
		use(m.puzzles)
		return
	}
	u.generate(sh, level, n, func(ps []generator.BoardPuzzle) {
		u.madeNew = &madeBatch{shape: sh, level: level, asked: n, puzzles: ps}
		use(ps)
	})
}

// fileChosen is the save dialog's answer: the writer of the file
// chosen, nil when cancelled, or the error of a file that cannot be
// written (a folder not there).
func (u *UI) fileChosen(w fyne.URIWriteCloser, err error, save func(w fyne.URIWriteCloser)) {
	n := u.unsavedNew
	if w == nil && err == nil && n > 0 {
		if u.madeNew != nil {
			u.setStatus("Not saved: " + keptNote(n) + ".")
		} else {
			u.setStatus(fmt.Sprintf("Not saved: the %s made for the booklet are dropped.", count(int64(n), "new puzzle")))
		}
	}
	u.unsavedNew = 0 // cancelled, or written (while it is, Quit asks too), or asked for again
	if err != nil {
		if m := u.madeNew; m != nil {
			// (A folder not there, or one not to be written in: the
			// puzzles made seemed lost with the save.)
			err = fmt.Errorf("%w; %s", err, keptNote(cmp.Or(n, len(m.puzzles))))
		}
		u.showError("Could not save", err)
		return
	}
	if w != nil {
		u.settings.SaveDir = filepath.Dir(w.URI().Path())
		save(w)
	}
}

// keptNote says that the n new puzzles made for a booklet not written
// are kept, and how to write them.
func keptNote(n int) string {
	return fmt.Sprintf("the %s made for the booklet %s kept: Print / Export of as many new puzzles of that level writes %s", count(int64(n), "new puzzle"), plural(n, "is", "are"), plural(n, "it", "them"))
}

// madeBatch is the new puzzles made for a booklet not saved yet: Print /
// Export with the same shape, level and count writes them, rather than
// making others.
type madeBatch struct {
	shape   shape
	level   logic.Level
	asked   int // the count asked for (fewer made when stopped)
	puzzles []generator.BoardPuzzle
}

// recount is a suggested title of n new puzzles ("20 extreme puzzles")
// said of k.
func recount(title string, n, k int) string {
	rest, ok := strings.CutPrefix(title, fmt.Sprint(n)+" ")
	if !ok {
		return title
	}
	if k == 1 {
		rest = strings.Replace(rest, "puzzles", "puzzle", 1)
	}
	return fmt.Sprint(k) + " " + rest
}

// fileSlug makes a file name of a title: lower case, a dash for each run
// of spaces, dashes or characters a file name had better not hold, and
// no apostrophes ("Leo's Sudoku - 6x6" is leos-sudoku-6x6, not
// leo-s-sudoku---6x6).
func fileSlug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(title)) {
		if r == '×' {
			r = 'x' // "4×4" is 4x4, not 44
		}
		if r == '\'' || r == '’' {
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return cmp.Or(strings.TrimRight(b.String(), "-."), "sudoku")
}

// exportTitle suggests a title: the file's name or the puzzle's.
func (u *UI) exportTitle() string {
	if u.coll != nil && (u.coll.Len() > 1 || u.coll.IsFile) { // (a file of one puzzle was "sudoku.pdf")
		return strings.TrimSuffix(u.coll.Base(), filepath.Ext(u.coll.Path))
	}
	return "Sudoku"
}

// newEntries captions generated puzzles with their level, score and seed
// as `sudoku generate` names them ("easy 2.3 seed 123"): the booklet is
// the only place the puzzles are kept, and the seed makes each again.
func newEntries(ps []generator.BoardPuzzle) []booklet.Entry {
	out := make([]booklet.Entry, len(ps))
	for i, p := range ps {
		level, score := p.Rating.Level.String(), fmt.Sprintf("%.1f", p.Rating.Score)
		out[i] = booklet.Entry{Board: p.Board, Name: fmt.Sprintf("%s %s seed %d", level, score, p.Seed), Level: level, Score: score}
	}
	return out
}

// selectionOf writes the puzzles view (indexes from 0, in file order) as
// a selection of their numbers, runs as ranges: "3-5,9,12-40".
func selectionOf(view []int32) string {
	var b strings.Builder
	for k := 0; k < len(view); {
		j := k
		for j+1 < len(view) && view[j+1] == view[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j == k {
			fmt.Fprint(&b, view[k]+1)
		} else {
			fmt.Fprintf(&b, "%d-%d", view[k]+1, view[j]+1)
		}
		k = j + 1
	}
	return b.String()
}

// fieldPair is two fields of a form side by side, on and off together,
// so that the form greys their label with them (a container of the two
// left "New puzzles" black over two greyed fields).
type fieldPair struct {
	widget.BaseWidget
	a, b interface {
		fyne.CanvasObject
		Enable()
		Disable()
		Disabled() bool
	}
}

func newFieldPair(a, b *dialogSelect) *fieldPair {
	p := &fieldPair{a: a, b: b}
	p.ExtendBaseWidget(p)
	return p
}

func (p *fieldPair) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewGridWithColumns(2, p.a, p.b))
}

func (p *fieldPair) Enable()        { p.a.Enable(); p.b.Enable() }
func (p *fieldPair) Disable()       { p.a.Disable(); p.b.Disable() }
func (p *fieldPair) Disabled() bool { return p.a.Disabled() }

// madeShapes are the shapes the generator makes, variant by variant,
// smallest first.
func madeShapes() []shape {
	var out []shape
	for _, v := range variants {
		for _, n := range generator.Sizes(v) {
			out = append(out, shape{v, n})
		}
	}
	return out
}

// shapeNamed is the shape the generator makes named name (shape.String).
func shapeNamed(name string) (shape, bool) {
	for _, s := range madeShapes() {
		if s.String() == name {
			return s, true
		}
	}
	return shape{}, false
}

// saveExport asks where to save, then renders off the UI goroutine.
func (u *UI) saveExport(entries []booklet.Entry, req exportRequest) {
	if len(entries) == 1 {
		// One puzzle fills its page: at four a page it sat small in a
		// corner of an empty sheet.
		req.options.PerPage = 1
	}
	if req.fresh == 0 {
		if err := u.exportProblem(entries, req); err != nil {
			u.showError("Cannot export", err)
			return
		}
	}
	u.unsavedNew = req.fresh
	u.showFileSave(fileSlug(cmp.Or(req.name, u.exportTitle()))+"."+req.format, []string{"." + req.format}, func(w fyne.URIWriteCloser) {
		u.exportTo(w, entries, req)
	})
}

// exportProblem says, before a file is asked for, why the puzzles cannot
// be exported: givens that break the rules, or no solution where the
// solutions are wanted. The error came only once a name was chosen and
// the booklet begun. One puzzle is checked here; a part of the file by
// the levels worked out so far (a puzzle not rated yet is checked as the
// booklet is made, and named then by puzzleError).
func (u *UI) exportProblem(entries []booklet.Entry, req exportRequest) error {
	solutions := req.options.Solutions
	if len(entries) == 1 {
		return u.puzzleError(booklet.Check(entries[0], solutions), req)
	}
	nums := u.exportNumbers(req)
	if nums == nil {
		return nil
	}
	for k := range entries {
		switch u.coll.Why(nums[k] - 1) {
		case "invalid":
			if err := booklet.Check(entries[k], false); err != nil {
				return u.puzzleError(&booklet.PuzzleError{Index: k, Name: entries[k].Name, Err: errors.Unwrap(err)}, req)
			}
		case "unsolvable":
			if solutions {
				return u.puzzleError(&booklet.PuzzleError{Index: k, Name: entries[k].Name, Err: booklet.ErrUnsolvable}, req)
			}
		}
	}
	return nil
}

// exportNumbers are the file's numbers (from 1) of the puzzles exported,
// as exportEntries picks them, or nil when they are not the file's.
func (u *UI) exportNumbers(req exportRequest) []int {
	if !req.all || u.coll == nil {
		return nil
	}
	nums := req.sel.Numbers(u.coll.Len(), maxWindowBooklet)
	if len(nums) == 0 {
		nums = booklet.Selection{}.Numbers(u.coll.Len(), maxWindowBooklet)
	}
	return nums
}

// selectionName is a booklet's file name for the puzzles sel picks from
// a file of n: "101-200", "5,17,42", or "12 from 5-980" where the list is
// long.
func selectionName(sel booklet.Selection, n int) string {
	nums := sel.Numbers(n, maxWindowBooklet)
	if len(nums) == 0 {
		return ""
	}
	first, last := nums[0], nums[len(nums)-1]
	if last-first+1 == len(nums) {
		return fmt.Sprintf("%d-%d", first, last)
	}
	if s := sel.String(); len(s) <= 24 {
		return s
	}
	return fmt.Sprintf("%d from %d-%d", len(nums), first, last)
}

// puzzleError says what a booklet's *booklet.PuzzleError means for the
// player, naming the puzzle as the file numbers it ("#103"), not by its
// place in the booklet; other errors are returned as they are.
func (u *UI) puzzleError(err error, req exportRequest) error {
	var pe *booklet.PuzzleError
	if !errors.As(err, &pe) {
		return err
	}
	which, i := "This puzzle", -1
	if nums := u.exportNumbers(req); nums != nil && pe.Index < len(nums) {
		i = nums[pe.Index] - 1
	} else if u.coll != nil && u.coll.Len() > 1 {
		i = u.coll.Index
	}
	if i >= 0 {
		which = "#" + groupDigits(i+1)
		if name, ok := u.coll.Puzzles().Name(i); ok {
			which += " (" + name + ")"
		}
	}
	if errors.Is(pe.Err, booklet.ErrUnsolvable) {
		return fmt.Errorf("%s has no solution, so there is none to print: untick Solutions, or leave it out", which)
	}
	return fmt.Errorf("%s breaks the rules (%v): it cannot be printed", which, pe.Err)
}

// isOpenFile reports whether path names the puzzle file open (through a
// link too): an export saved over it replaced the puzzles with a PDF.
func (u *UI) isOpenFile(path string) bool {
	return u.coll != nil && u.coll.IsFile && sameFile(u.coll.Path, path)
}

// notOverOpenFile refuses an export's writer w over the puzzle file open,
// as sudoku print refuses an output that is an input: it drops w and
// says why.
func (u *UI) notOverOpenFile(w fyne.URIWriteCloser) error {
	if !u.isOpenFile(w.URI().Path()) {
		return nil
	}
	abortWrite(w)
	return fmt.Errorf("%s is the puzzle file open: choose another name", filepath.Base(w.URI().Path()))
}

// notOverAnotherKind refuses the save dialog's writer w over a file of
// another kind than kind (filekind): Print / Export replaced a collection
// of 1,465 puzzles named .pdf after Fyne's "Overwrite?", which said
// nothing of what it held, where sudoku print refuses it. It drops w and
// says why.
//
// A PDF or an image is replaced only when this program made it (its
// mark: a picture of the user's named pic.png was replaced by an export
// after Enter twice); puzzles and a game never replace other text
// (notes.txt held a puzzle after Save Puzzle As).
func notOverAnotherKind(w fyne.URIWriteCloser, kind string) error {
	path := w.URI().Path()
	err := filekind.NotUnmarked(path, kind)
	if err == nil && (kind == filekind.Puzzles || kind == filekind.Game) {
		err = filekind.NotOtherText(path, kind)
	}
	if err != nil {
		abortWrite(w)
		return err
	}
	return nil
}

// exportKind is what an export of format writes, in filekind's words.
func exportKind(format string) string {
	switch format {
	case "png":
		return filekind.PNG
	case "svg":
		return filekind.SVG
	case "csv":
		return filekind.CSV
	}
	return filekind.PDF
}

// exportTo writes the export of entries through w, the save dialog's
// writer, with its progress and Cancel.
func (u *UI) exportTo(w fyne.URIWriteCloser, entries []booklet.Entry, req exportRequest) {
	var err error
	chosen := w.URI().Path()
	if w, err = exportWriter(w, req.format); err == nil {
		if err = u.notOverOpenFile(w); err != nil {
			chosen = strings.TrimSuffix(chosen, filepath.Ext(chosen)) + "-print." + req.format
		} else if err = notOverAnotherKind(w, exportKind(req.format)); err != nil {
			chosen = strings.TrimSuffix(chosen, filepath.Ext(chosen)) + "-print." + req.format
		}
	}
	if err != nil {
		// The name is refused (another kind's extension, or taken):
		// the save dialog comes again, the puzzles kept (new ones
		// were lost, and "save again" made others).
		u.setStatus("Not saved: " + err.Error())
		again := req
		again.name = strings.TrimSuffix(filepath.Base(chosen), filepath.Ext(chosen))
		u.saveExport(entries, again)
		return
	}
	// Progress, page by page, and Cancel (or Esc): a booklet of a
	// whole large file takes a while, and the dialog had a bar that
	// said nothing and no way out.
	ctx, cancel := context.WithCancel(context.Background())
	what := widget.NewLabel("Preparing…")
	if req.options.Solutions && len(entries) > 1 {
		what.SetText("Working out the solutions…")
	}
	bar := widget.NewProgressBar()
	stop := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() {
		what.SetText("Stopping…")
		cancel()
	})
	job := &exportJob{name: filepath.Base(w.URI().Path()), what: what, cancel: cancel, w: w}
	u.exporting = job
	busy := dialog.NewCustomWithoutButtons("Print / Export", container.NewVBox(what, bar, container.NewCenter(stop)), u.win)
	busy.Resize(fyne.NewSize(380, 0))
	u.showModal(busy, func() {}, stop.OnTapped) // Esc stops; Enter does nothing
	var shown time.Time
	req.options.Progress = func(done, total int) { // on the worker: at most ten redraws a second
		now := time.Now()
		if done < total && now.Sub(shown) < 100*time.Millisecond {
			return
		}
		shown = now
		u.do(func() {
			if ctx.Err() != nil {
				return
			}
			bar.SetValue(float64(done) / float64(max(total, 1)))
			if done < total {
				what.SetText(fmt.Sprintf("Page %s of %s", groupDigits(done+1), groupDigits(total)))
			} else {
				what.SetText("Writing the file…")
			}
		})
	}
	u.exportsRunning.Add(1)
	go func() {
		defer u.exportsRunning.Done()
		data, err := renderExport(ctx, entries, req)
		u.do(func() {
			if u.exporting == job {
				u.exporting = nil
			}
			quitAsked := false
			if job.question != nil {
				// Done while Quit asked whether to stop it: that question
				// is moot. Once the file is written, the player is asked
				// again, whether to quit now (the question had vanished
				// with the progress under it and the quit was dropped;
				// then the window quit unasked, where Keep Working had been
				// the player's likely answer).
				job.question.Hide()
				job.question = nil
				quitAsked = true
			}
			busy.Hide()
			if err == nil && ctx.Err() != nil {
				err = ctx.Err() // Cancel while fpdf wrote the file out: honoured at its end
			}
			cancel()
			if errors.Is(err, context.Canceled) {
				abortWrite(w) // the file that was there stays
				u.setStatus("Print / Export stopped: nothing was written.")
				return
			}
			if err == nil {
				_, err = w.Write(data)
			}
			if err == nil {
				err = w.Close()
			} else {
				abortWrite(w) // the file that was there stays
			}
			if err != nil {
				err = u.puzzleError(err, req)
				if req.fresh > 0 && u.madeNew != nil {
					err = fmt.Errorf("%w; %s", err, keptNote(req.fresh))
				}
				u.showError("Could not export", err)
				return
			}
			if req.fresh > 0 {
				u.madeNew = nil // written
			}
			// How it reaches paper: the window makes the PDF, a viewer
			// prints it (a newspaper solver took "Saved" for a print that
			// failed).
			how := "."
			if req.format == "pdf" {
				how = ": open it in a PDF viewer to print it."
			}
			u.setStatus(fmt.Sprintf("Saved %s (%s)%s", w.URI().Path(), byteSize(len(data)), how) + solutionsNote(req, entries) + undrawableNote(req, entries))
			if quitAsked {
				u.askQuitAfterExport(job.name)
			}
		})
	}()
}

// askQuitAfterExport asks again whether to quit, once the file name that
// Quit's question was about is written. Enter keeps working, as it did in
// the question this one takes the place of, under the player's finger:
// an Enter meant for "Keep Working" had quit.
func (u *UI) askQuitAfterExport(name string) {
	text := widget.NewLabel(name + " is written whole. Quit now?")
	text.Wrapping = fyne.TextWrapWord
	u.ask("Quit?", text, "Quit", "Keep Working", true, func(quit bool) {
		if quit {
			u.Quit()
		}
	}).Resize(fyne.NewSize(440, 0))
}

// solutionsNote says, after a booklet with solutions is saved, on which
// page they start (and that its outline goes there): a teacher who hands
// them out later searched 95 pages for them.
func solutionsNote(req exportRequest, entries []booklet.Entry) string {
	if req.format != "pdf" {
		return ""
	}
	if p := booklet.SolutionsPage(entries, req.options); p > 1 {
		return fmt.Sprintf(" The solutions start on page %s of %s (a viewer's list of bookmarks goes there).", groupDigits(p), groupDigits(booklet.PageCountOf(entries, req.options)))
	}
	return ""
}

// undrawableNote says, after an export, when its title or names hold
// characters the booklet's fonts cannot draw (Chinese, Arabic, emoji),
// which print as "�", as sudoku print notes it: the window said only
// "Saved", and the names came out as "������".
func undrawableNote(req exportRequest, entries []booklet.Entry) string {
	if req.format == "svg" {
		return "" // an SVG keeps every character
	}
	what := booklet.Undrawable(req.options.Title, req.format == "pdf", entries)
	note := ""
	if what != "" {
		note = " Characters its fonts cannot draw (Chinese, Arabic, emoji…) in " + what + " print as \uFFFD; an SVG keeps them."
	}
	if shown, cut := booklet.TitleCut(req.options); req.format == "pdf" && cut {
		note += fmt.Sprintf(" The title is too long for the page's heading and prints as %q.", shown)
	}
	return note
}

// exportJob is an export being written: its file's name, the line that
// says how far it is, and how to stop it.
type exportJob struct {
	name     string
	what     *widget.Label
	cancel   context.CancelFunc
	w        fyne.URIWriteCloser
	question *dialog.CustomDialog // Quit's question over it, while open
}

// stopExport stops the export being written, if any, and drops its
// temporary file at once (quitting cannot wait for the worker's own
// clean-up): the file that was there stays.
func (u *UI) stopExport() {
	if job := u.exporting; job != nil {
		u.exporting = nil
		job.cancel()
		abortWrite(job.w)
	}
}

// showFileSave asks where to save, offering name in the folder of the
// last puzzle file and files of the extensions exts, and hands save the
// writer of the file chosen (nothing is written until its Close). The
// dialog takes a name typed at once, Enter and Esc (keysToSaveDialog).
func (u *UI) showFileSave(name string, exts []string, save func(w fyne.URIWriteCloser)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) { u.fileChosen(w, err, save) }, u.win)
	// Never the open file's own name (in.pdf, a puzzle file named so,
	// was offered for its own booklet).
	if dir := u.startSavingIn(d); dir != "" && u.isOpenFile(filepath.Join(dir, name)) {
		ext := filepath.Ext(name)
		name = strings.TrimSuffix(name, ext) + "-print" + ext
	}
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Resize(fyne.NewSize(820, 560))
	u.showModal(d, nil, nil)
	m := u.modals[len(u.modals)-1]
	var entry *widget.Entry
	m.enter, m.esc, entry = keysToSaveDialog(u.win, d, func(err error) { u.showError("Not saved", err) })
	m.typed = typeFileName(entry)
}

// exportWriter is where an export of format goes, given the writer the
// save dialog opened (nothing is written through either until Close): a
// name without an extension gets the format's ("week2" saves week2.pdf,
// unless that file is there already); a name with another extension is
// refused, nothing written ("mine.sdk" held a PNG that no puzzle reader
// could open).
func exportWriter(w fyne.URIWriteCloser, format string) (fyne.URIWriteCloser, error) {
	path := w.URI().Path()
	ext, want := filepath.Ext(path), "."+format
	switch {
	case strings.EqualFold(ext, want):
		return w, nil
	case ext != "":
		abortWrite(w)
		return nil, fmt.Errorf("%s is named as a %s file, and this writes %s: save it again as %s", filepath.Base(path), ext, formatWords(format), strings.TrimSuffix(filepath.Base(path), ext)+want)
	}
	abortWrite(w)
	path += want
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s is there already: save again, and choose it to replace it", filepath.Base(path))
	}
	return storage.Writer(storage.NewFileURI(path))
}

// formatWords names an export format: "a PDF booklet", "a PNG image".
func formatWords(format string) string {
	switch format {
	case "pdf":
		return "a PDF booklet"
	case "svg":
		return "an SVG image"
	case "csv":
		return "a CSV table"
	}
	return "a " + strings.ToUpper(format) + " image"
}

// typedExt reports whether a file name ends in an extension of two to
// four letters (".sdk", ".xml"; not the ".5" of "week 2.5"), or in one of
// the puzzle files' (".opensudoku" had been saved as .opensudoku.txt).
func typedExt(name string) bool {
	ext := filepath.Ext(name)
	if len(ext) < len(name) && slices.ContainsFunc(puzzleExtensions, func(e string) bool { return strings.EqualFold(e, ext) }) {
		return true // ".opensudoku" too, longer than the rule below allows
	}
	if len(ext) < 3 || len(ext) > 5 || len(ext) == len(name) {
		return false
	}
	for _, r := range ext[1:] {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// typeFileName lets the player type a name at once into the file save
// dialog just shown on win, whose name field keysToSaveDialog left
// unfocused (so that Esc and Enter reach the window): the first character
// replaces the name offered, keeping its extension, and the rest go on
// before the extension; Backspace (-1) takes one back. Typed at once, the
// name was lost and the file saved under the one offered.
func typeFileName(e *widget.Entry) func(r rune) {
	if e == nil {
		return nil
	}
	ext := filepath.Ext(e.Text)
	base := []rune(strings.TrimSuffix(e.Text, ext))
	fresh := true
	last := e.Text // the name as this left it
	return func(r rune) {
		if e.Text != last {
			// Set from elsewhere (a click on a file, a folder typed and
			// opened): typing starts afresh from it.
			ext = filepath.Ext(e.Text)
			base, fresh = []rune(strings.TrimSuffix(e.Text, ext)), true
		}
		switch {
		case r < 0 && len(base) > 0:
			base = base[:len(base)-1]
		case r >= ' ':
			if fresh {
				base = nil
			}
			base = append(base, r)
		default:
			return
		}
		fresh = false
		name := string(base)
		switch {
		case name == "":
			// Nothing typed: no name (not the hidden file ".pdf"), and the
			// dialog's Enter saves nothing.
		case strings.HasSuffix(name, "/") || name == "~":
			// A folder, on the way to a name or to be opened (keysToSaveDialog).
		case ext != "" && strings.HasSuffix(strings.ToLower(name), strings.ToLower(ext)):
			// The extension typed too: "x.pdf", not "x.pdf.pdf".
		case typedExt(name):
			// Another extension typed: the name as typed ("sv1.sdk" was
			// saved as sv1.sdk.txt, in the .txt layout, without a word);
			// the save says what it makes of it.
		default:
			name += ext
		}
		e.SetText(name)
		last = name
	}
}

// keysToSaveDialog makes Enter and Esc work in the file save dialog d
// just shown on win. Fyne focuses its name field, and a focused field
// takes every key: Esc did nothing at all. With the field unfocused the
// keys reach the window, which calls save on Enter (it saves under the
// name shown, as the field's own Enter does) and cancel on Esc; a click
// in the field still edits the name. When the dialog asks whether to
// overwrite a file, Enter answers yes and Esc no.
func keysToSaveDialog(win fyne.Window, d dialog.Dialog, fail func(error)) (save, cancel func(), name *widget.Entry) {
	c := win.Canvas()
	own := c.Overlays().Top()
	e, ok := c.Focused().(*widget.Entry)
	if !ok {
		return nil, nil, nil
	}
	c.Unfocus()
	if fd, ok := d.(*dialog.FileDialog); ok {
		// A whole path typed as the name ("/tmp/week2.pdf", "~/week2.pdf")
		// goes there: Fyne put it inside the folder shown, and the save
		// failed on a folder that is not there. A folder typed ("/tmp/",
		// "~/Documents") is opened, the name offered kept: it saved a
		// hidden ".pdf" there.
		offered := e.Text
		whole := func() bool { // whether the save goes on
			dir, base, ok := typedPath(e.Text)
			if !ok {
				return true
			}
			target := filepath.Join(dir, base)
			if fi, err := os.Stat(target); base == "" || err == nil && fi.IsDir() {
				if l, err := storage.ListerForURI(storage.NewFileURI(target)); err == nil {
					fd.SetLocation(l)
					e.SetText(offered)
				} else {
					fail(fmt.Errorf("there is no folder %s", target))
				}
				return false
			}
			l, err := storage.ListerForURI(storage.NewFileURI(dir))
			if err != nil {
				fail(fmt.Errorf("there is no folder %s", dir))
				return false
			}
			fd.SetLocation(l)
			e.SetText(base)
			return true
		}
		if sub := e.OnSubmitted; sub != nil {
			e.OnSubmitted = func(string) {
				if whole() {
					sub(e.Text)
				}
			}
		}
		if yes, _ := dialogButtons(own); yes != nil && yes.OnTapped != nil {
			tap := yes.OnTapped
			yes.OnTapped = func() {
				if whole() {
					tap()
				}
			}
		}
	}
	save = func() {
		if top := c.Overlays().Top(); top != own {
			if yes, _ := dialogButtons(top); yes != nil && yes.OnTapped != nil {
				yes.OnTapped()
			}
			return
		}
		if e.OnSubmitted != nil && strings.TrimSpace(e.Text) != "" {
			e.OnSubmitted(e.Text)
		}
	}
	cancel = func() {
		if top := c.Overlays().Top(); top != own {
			if _, no := dialogButtons(top); no != nil && no.OnTapped != nil {
				no.OnTapped()
			}
			return
		}
		if fd, ok := d.(*dialog.FileDialog); ok {
			fd.Dismiss() // as its Cancel: its callback hears it (Hide said nothing, and Quit went on warning of new puzzles dropped)
			return
		}
		d.Hide()
	}
	return save, cancel, e
}

// typedPath splits a file name typed as a whole path, absolute or from
// home ("~/"), into its folder and name; a path that ends in a slash is
// a folder, its name "". ok is false for a plain name or one relative to
// the folder shown.
func typedPath(text string) (dir, base string, ok bool) {
	p := strings.TrimSpace(text)
	folder := strings.HasSuffix(p, "/") || p == "~"
	if p == "~" || strings.HasPrefix(p, "~/") {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", "", false
		}
		p = filepath.Join(h, strings.TrimPrefix(p, "~"))
	}
	if !filepath.IsAbs(p) {
		return "", "", false
	}
	p = filepath.Clean(p)
	if folder {
		return p, "", true
	}
	return filepath.Dir(p), filepath.Base(p), true
}

// dialogButtons finds the buttons of a Fyne dialog shown as the overlay
// o (as a file dialog's question whether to overwrite): yes is its
// default button, no the other.
func dialogButtons(o fyne.CanvasObject) (yes, no *widget.Button) {
	eachButton(o, func(b *widget.Button) {
		if b.Importance == widget.HighImportance {
			yes = b
		} else {
			no = b
		}
	})
	return yes, no
}

// eachButton calls fn with every button of the dialog o, in order.
func eachButton(o fyne.CanvasObject, fn func(*widget.Button)) {
	switch w := o.(type) {
	case *widget.PopUp:
		eachButton(w.Content, fn)
	case *fyne.Container:
		for _, c := range w.Objects {
			eachButton(c, fn)
		}
	case *widget.Button:
		fn(w)
	case *dialogButton:
		fn(&w.Button)
	}
}

// maxWindowBooklet bounds a booklet made in the window: its entries are
// gathered on the UI goroutine, and the PDF is made in memory beside a
// file the window already holds (10,000 puzzles are 1,667 pages at six a
// page; sudoku print goes to 50,000).
const maxWindowBooklet = 10_000

// exportEntries lists the puzzles to print, with their names and levels:
// the file's that req.sel picks (at most maxWindowBooklet), in the file's
// order and numbered as there, or this one.
func (u *UI) exportEntries(req exportRequest) []booklet.Entry {
	if !req.all || u.coll == nil {
		e := booklet.Entry{Board: u.game.Givens(), Name: u.game.Name, Level: u.game.Level}
		if u.score > 0 {
			e.Score = fmt.Sprintf("%.1f", u.score)
		}
		return []booklet.Entry{e}
	}
	ps := u.coll.Puzzles()
	nums := u.exportNumbers(req)
	out := make([]booklet.Entry, 0, len(nums))
	for _, n := range nums {
		i := n - 1
		level, score := u.coll.Rating(i)
		e := booklet.Entry{Board: ps.Board(i), Level: level, Number: n}
		if score > 0 {
			e.Score = fmt.Sprintf("%.1f", score)
		}
		e.Name, _ = ps.Name(i)
		out = append(out, e)
	}
	return out
}

// byteSize says n bytes for a person: KB up to a megabyte, then MB.
func byteSize(n int) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", (n+1023)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// renderExport writes the booklet or image; a booklet stops with ctx's
// error once ctx ends.
func renderExport(ctx context.Context, entries []booklet.Entry, req exportRequest) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch req.format {
	case "png":
		err = booklet.WritePNG(&buf, entries[0], booklet.ImageOptions{Solution: req.options.Solutions, Mark: filekind.MarkExport})
	case "svg":
		err = booklet.WriteSVG(&buf, entries[0], booklet.ImageOptions{Solution: req.options.Solutions, Mark: filekind.MarkExport})
	default:
		// Marked as the window's, so that an export again replaces it
		// (and nothing else: notOverAnotherKind).
		opt := req.options
		opt.Keywords = filekind.MarkExport
		err = booklet.WritePDFContext(ctx, &buf, entries, opt)
	}
	return buf.Bytes(), err
}
