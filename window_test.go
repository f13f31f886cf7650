//go:build !nogui

package main

import (
	"os"
	"testing"
)

// The window's environment is mended before the toolkit reads it: a
// FYNE_SCALE past any screen is held to maxScale (100 made a window 34,464
// pixels wide that crashed), and a missing HOME comes from the user
// database (the game went into a folder under the current one).
func TestSaneEnvironment(t *testing.T) {
	t.Setenv("FYNE_SCALE", "100")
	t.Setenv("HOME", "")
	saneEnvironment()
	if got := os.Getenv("FYNE_SCALE"); got != "10" {
		t.Errorf("FYNE_SCALE %q", got)
	}
	if os.Getenv("HOME") == "" {
		t.Error("no HOME")
	}
	t.Setenv("FYNE_SCALE", "0.01")
	saneEnvironment()
	if got := os.Getenv("FYNE_SCALE"); got != "0.5" {
		t.Errorf("FYNE_SCALE 0.01 became %q", got)
	}
	t.Setenv("FYNE_SCALE", "1.5")
	saneEnvironment()
	if got := os.Getenv("FYNE_SCALE"); got != "1.5" {
		t.Errorf("FYNE_SCALE 1.5 became %q", got)
	}
}
