//go:build nogui

package main

import "errors"

// This build (make cli) has every command but no window, so it needs no X11
// or OpenGL libraries.

func openWindow([]string) int { return 2 }

func displayError() error {
	return errors.New("this build has no window (built with 'make cli'); use a command such as 'sudoku help'")
}
