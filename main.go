// Command sudoku is a Sudoku game, solver, generator and printer. With a
// subcommand it works headless (sudoku help lists them); without one it opens
// the window, on the puzzle file given if any.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"example.com/sudoku/assets"
	"example.com/sudoku/cli"
	"example.com/sudoku/gui"
)

func main() {
	if len(os.Args) > 1 && cli.IsCommand(os.Args[1]) {
		os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	a := app.NewWithID("io.github.sudoku.app")
	a.SetIcon(assets.Icon)
	gui.Run(a, os.Args[1:])
}
