// Command sudoku is a Sudoku game, solver, generator and printer. With a
// subcommand it works headless (sudoku help lists them); without one it opens
// the window, on the puzzle file given if any.
package main

import (
	"fmt"
	"io"
	"os"

	"example.com/sudoku/cli"
)

func main() {
	os.Exit(start(os.Args[1:], os.Stderr))
}

// start runs a command, or opens the window when args name none (or name a
// file), and returns the exit status. A first argument that is neither a
// command nor a file is a mistyped command, not a file to open; and with no
// display the window is not even tried, since GLFW would panic.
func start(args []string, stderr io.Writer) int {
	if len(args) > 0 {
		if cli.IsCommand(args[0]) {
			return cli.Main(args, os.Stdin, os.Stdout, stderr)
		}
		if _, err := os.Stat(args[0]); err != nil {
			return cli.Unknown(args[0], stderr)
		}
	}
	if err := displayError(); err != nil {
		fmt.Fprintf(stderr, "sudoku: %v\n", err)
		return cli.ExitUsage
	}
	return openWindow(args)
}
