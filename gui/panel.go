package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// panel holds the side panel's widgets: the level and clock, the play
// buttons and pad, the solver's controls, the status line, the bar of the
// puzzle editor and the boxes of hints and the walkthrough. They read the
// game (UI.refreshPanel); the UI wires their actions.
type panel struct {
	levelText  *canvas.Text
	timerText  *canvas.Text
	pauseBtn   *widget.Button
	undoBtn    *widget.Button
	redoBtn    *widget.Button
	pencilBtn  *widget.Button
	pad        [10]*padKey // 1-9, and 0 for erase
	algoSelect *widget.Select
	speedSel   *widget.Select
	solveBtn   *widget.Button
	stepBtn    *widget.Button
	solveStats *widget.Label
	status     *widget.Label
	editBar    *fyne.Container
	editText   *widget.Label
	editStart  *widget.Button
	hintBox    *fyne.Container
	hintTitle  *widget.Label
	hintText   *widget.Label
	hintUndo   *widget.Button
	walkBar    *fyne.Container
	walkText   *widget.Label
	walkBack   *widget.Button
	walkNext   *widget.Button
}
