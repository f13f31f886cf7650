package gui

import (
	"image/color"
	"os"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/rymdport/portal/settings/appearance"
)

// variantTheme is Fyne's theme in one variant, whatever the system says.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// systemSaysNothing reports a desktop without a colour-scheme setting
// (no portal, or no preference): Fyne then picks dark, and we pick light,
// as most desktops and GNOME Sudoku do.
func systemSaysNothing() bool {
	quietOnce.Do(func() {
		scheme, err := appearance.GetColorScheme()
		quiet = err != nil || scheme == appearance.NoPreference
	})
	return quiet
}

var (
	quietOnce sync.Once
	quiet     bool
)

// applyTheme sets the theme the preferences ask for. FYNE_THEME, when
// set, has the last word, as Fyne documents.
func (u *UI) applyTheme() {
	var th fyne.Theme
	switch u.settings.Prefs.Theme {
	case "light":
		th = variantTheme{theme.DefaultTheme(), theme.VariantLight}
	case "dark":
		th = variantTheme{theme.DefaultTheme(), theme.VariantDark}
	default:
		if os.Getenv("FYNE_THEME") == "" && systemSaysNothing() {
			th = variantTheme{theme.DefaultTheme(), theme.VariantLight}
		}
	}
	if th == nil {
		th = theme.DefaultTheme()
	}
	u.app.Settings().SetTheme(focusTheme{th})
}

// focusTheme shows where the keyboard focus is: Fyne's focus colour is its
// primary colour at 16 %, a ring on a check box of 1.17:1 against a dark
// dialog, which a keyboard user could not find; at 40 % it shows in both
// variants.
//
// It also gives the outlines of entries, check boxes and radio buttons,
// and disabled text, a contrast that can be read: Fyne's are 1.27:1
// against a light background (an unselected radio button was a pale
// circle with no outline, a disabled field's label nearly invisible) and
// 1.6:1 against a dark one. Now about 3:1 and 2.5:1.
type focusTheme struct{ fyne.Theme }

func (t focusTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	c := t.Theme.Color(n, v)
	dark := isDark(t.Theme.Color(theme.ColorNameBackground, v))
	switch {
	case n == theme.ColorNameInputBorder && dark:
		return color.NRGBA{0x7a, 0x7f, 0x86, 0xff}
	case n == theme.ColorNameInputBorder:
		return color.NRGBA{0x8c, 0x91, 0x97, 0xff}
	case n == theme.ColorNameDisabled && dark:
		return color.NRGBA{0x6e, 0x73, 0x7a, 0xff}
	case n == theme.ColorNameDisabled:
		return color.NRGBA{0xa0, 0xa5, 0xab, 0xff}
	case n != theme.ColorNameFocus:
		return c
	}
	f := color.NRGBAModel.Convert(c).(color.NRGBA)
	f.A = max(f.A, 0x66)
	return f
}

// isDark reports a dark background colour.
func isDark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x8000
}

// applyGamePrefs hands the preferences to the game and the board.
func (u *UI) applyGamePrefs() {
	p := u.settings.Prefs
	if g := u.game; g != nil {
		g.KeepPeerMarks, g.LiveCheck, g.EditAdvance = p.KeepPeerMarks, p.LiveCheck, !p.NoEditAdvance
	}
	if u.board != nil {
		u.board.NoPeers, u.board.NoSameDigit = p.NoPeers, p.NoSameDigit
		u.board.Coords = !p.NoCoords
		u.board.Refresh()
	}
	if u.timerText != nil {
		if p.HideClock {
			u.timerText.Hide()
		} else {
			u.timerText.Show()
		}
	}
}

// themeChoices are the Theme choices of Preferences, by setting.
var themeChoices = []struct{ setting, label string }{
	{"", "As the system"}, {"light", "Light"}, {"dark", "Dark"},
}

// ShowPreferences opens the player's preferences; a change applies at
// once and is kept.
func (u *UI) ShowPreferences() {
	p := &u.settings.Prefs
	changed := func() {
		u.applyGamePrefs()
		u.refreshPanel()
		u.save()
	}
	labels := make([]string, len(themeChoices))
	for i, c := range themeChoices {
		labels[i] = c.label
	}
	themeSel := widget.NewRadioGroup(labels, nil)
	themeSel.Horizontal = true
	for _, c := range themeChoices {
		if c.setting == p.Theme {
			themeSel.Selected = c.label
		}
	}
	themeSel.OnChanged = func(label string) {
		for _, c := range themeChoices {
			if c.label == label {
				p.Theme = c.setting
			}
		}
		u.applyTheme()
		changed()
	}
	check := func(label string, get func() bool, set func(bool)) *dialogCheck {
		c := u.newDialogCheck(label, nil)
		c.Checked = get()
		c.OnChanged = func(on bool) { set(on); changed() }
		return c
	}
	mistakes := widget.NewRadioGroup([]string{"Rule clashes only", "Wrong digits at once (against the solution)"}, nil)
	mistakes.Selected = mistakes.Options[0]
	if p.LiveCheck {
		mistakes.Selected = mistakes.Options[1]
	}
	mistakes.OnChanged = func(s string) { p.LiveCheck = s == mistakes.Options[1]; changed() }
	u.dialogRadio(mistakes)
	u.dialogRadio(themeSel)
	items := []*widget.FormItem{
		widget.NewFormItem("Theme", themeSel),
		widget.NewFormItem("Clock", check("Show the time played", func() bool { return !p.HideClock }, func(on bool) { p.HideClock = !on })),
		widget.NewFormItem("Highlight", check("The selected cell's row, column and box", func() bool { return !p.NoPeers }, func(on bool) { p.NoPeers = !on })),
		widget.NewFormItem("", check("The selected digit everywhere", func() bool { return !p.NoSameDigit }, func(on bool) { p.NoSameDigit = !on })),
		widget.NewFormItem("Board", check("Row and column numbers (r3c2: row 3, column 2)", func() bool { return !p.NoCoords }, func(on bool) { p.NoCoords = !on })),
		widget.NewFormItem("Mistakes", mistakes),
		widget.NewFormItem("Mouse", check("A click on a cell opens a number pad by it", func() bool { return !p.NoPopPad }, func(on bool) { p.NoPopPad = !on })),
		widget.NewFormItem("Pencil marks", check("Remove a digit from the marks it rules out", func() bool { return !p.KeepPeerMarks }, func(on bool) { p.KeepPeerMarks = !on })),
		widget.NewFormItem("Enter Puzzle", check("Move to the next cell after a given", func() bool { return !p.NoEditAdvance }, func(on bool) { p.NoEditAdvance = !on })),
	}
	// On a small window (800×600 at FYNE_SCALE=1.5) the form ran past the
	// window, Close over a row and the last rows out of reach: it scrolls
	// inside a dialog no larger than the window.
	content, size, small := u.scrollingForm(widget.NewForm(items...))
	d := u.showMessage("Preferences", content, "Close")
	if small {
		d.Resize(size)
	}
}

// newFormDialog is dialog.NewForm whose form scrolls in a dialog no larger
// than the window when the window is too small for it (Print / Export at
// 891×600 and FYNE_SCALE=1.5 ran past the window, its buttons over the
// Paper and Title rows and the solutions check out of reach). The confirm
// button is off while a field is wrong, as NewForm's; size is the
// dialog's size when there is room. It returns the form, the dialog and
// what Enter does (confirm, unless the button is off).
func (u *UI) newFormDialog(title, confirm, dismiss string, items []*widget.FormItem, size fyne.Size, callback func(bool)) (*widget.Form, dialog.Dialog, func()) {
	form := widget.NewForm(items...)
	content, fit, small := u.scrollingForm(form)
	win := u.win.Canvas().Size()
	d := dialog.NewCustomWithoutButtons(title, content, u.win)
	cancel := u.newDialogButton(dismiss, theme.CancelIcon(), func() {
		d.Hide()
		callback(false)
	})
	ok := u.newDialogButton(confirm, theme.ConfirmIcon(), nil)
	ok.Importance = widget.HighImportance
	ok.OnTapped = func() {
		d.Hide()
		callback(true)
	}
	valid := func(err error) {
		if err != nil {
			ok.Disable()
		} else {
			ok.Enable()
		}
	}
	valid(form.Validate())
	form.SetOnValidationChanged(valid)
	d.SetButtons([]fyne.CanvasObject{cancel, ok})
	if small {
		// Room for the scroll bar beside the fields, which it covered.
		extra := theme.ScrollBarSize() + 4*theme.Padding()
		d.Resize(fyne.NewSize(min(fit.Width+extra, win.Width-2*theme.Padding()), fit.Height))
	} else {
		pad := 2 * theme.Padding()
		d.Resize(fyne.NewSize(min(max(size.Width, fit.Width), win.Width-pad), min(max(size.Height, fit.Height), win.Height-pad)))
	}
	return form, d, func() {
		if !ok.Disabled() {
			ok.OnTapped()
		}
	}
}

// scrollingForm is a dialog's content for form: the form itself, or, when
// the window is too small for it with the dialog's title and buttons,
// the form in a scroll, small then true. fit is the dialog's size
// (fitDialog).
func (u *UI) scrollingForm(form *widget.Form) (content fyne.CanvasObject, fit fyne.Size, small bool) {
	need := form.MinSize()
	fit = fitDialog(need, u.win.Canvas().Size())
	small = fit.Width < need.Width+8*theme.Padding() || fit.Height < need.Height+dialogChrome
	if small {
		return container.NewScroll(form), fit, true
	}
	return form, fit, false
}

// fitDialog is the size of a dialog whose content needs need, in a window
// of size win: room for the content, the title and the buttons, and no
// more than the window with a margin.
func fitDialog(need, win fyne.Size) fyne.Size {
	w := need.Width + 8*theme.Padding()
	h := need.Height + dialogChrome
	return fyne.NewSize(min(w, win.Width-2*theme.Padding()), min(h, win.Height-2*theme.Padding()))
}

// dialogChrome is a dialog's height besides its content: the title, the
// buttons and the padding.
const dialogChrome = 150
