// Package gui is the desktop window: a board bound to a game and the menus
// around it. It never imports fyne's app package, so tests drive it with
// fyne.io/fyne/v2/test and no display.
package gui

import (
	_ "example.com/sudoku/gui/localefix" // before Fyne initialises

	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"

	"example.com/sudoku/solver"
)

// Run builds the window for app a, loads the puzzle file named in args if
// any, and runs the app until the window closes.
func Run(a fyne.App, args []string) {
	w := NewWindow(a, args)
	w.ShowAndRun()
}

// NewWindow builds the main window without showing it.
func NewWindow(a fyne.App, args []string) fyne.Window {
	w := a.NewWindow("Sudoku")
	var g solver.Grid
	title := "Sudoku"
	var loadErr error
	if len(args) > 0 {
		ps, err := solver.ReadFile(args[0])
		if err != nil {
			loadErr = err
		} else {
			g = ps[0].Grid
			title = "Sudoku — " + ps[0].Name
		}
	}
	w.SetTitle(title)
	cells := make([]fyne.CanvasObject, 0, 81)
	for i := 0; i < 81; i++ {
		txt := ""
		if g[i] != 0 {
			txt = fmt.Sprint(g[i])
		}
		t := canvas.NewText(txt, theme.Color(theme.ColorNameForeground))
		t.TextSize = 24
		t.Alignment = fyne.TextAlignCenter
		bg := canvas.NewRectangle(color.Transparent)
		bg.StrokeWidth = 1
		bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
		cells = append(cells, container.NewStack(bg, container.NewCenter(t)))
	}
	board := container.NewGridWithColumns(9, cells...)
	w.SetContent(container.NewPadded(container.New(layout.NewGridWrapLayout(fyne.NewSize(450, 450)), board)))
	w.Resize(fyne.NewSize(520, 520))
	if loadErr != nil {
		dialog.ShowError(loadErr, w)
	}
	return w
}
