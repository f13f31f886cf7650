//go:build !nogui

package main

import (
	"fmt"
	"math"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/app"

	"example.com/sudoku/assets"
	"example.com/sudoku/cli"
	"example.com/sudoku/gui"
)

func openWindow(args []string) (status int) {
	defer func() {
		// The display answered displayError but X11 then refused it (an X
		// server resetting as its last client left): GLFW panics with a
		// goroutine dump. One sentence, as when there is no display.
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if !strings.Contains(msg, "GLFW") && !strings.Contains(msg, "PlatformError") {
				panic(r)
			}
			fmt.Fprintf(os.Stderr, "sudoku: cannot open a window on the display %q (%s); try again, or use a command such as 'sudoku help'\n", os.Getenv("DISPLAY"), msg)
			status = cli.ExitUsage
		}
	}()
	saneEnvironment()
	dropEmptyPreferencesFile()
	a := app.NewWithID(appID)
	a.SetIcon(assets.Icon)
	gui.Version = cli.Version()
	return gui.Run(a, args)
}

const appID = "io.github.sudoku.app"

// dropEmptyPreferencesFile removes an empty preferences file of Fyne's
// before the app reads it (at its start, which said "Preferences load
// error: EOF" on standard error): the app keeps its settings in its own
// file, and Fyne, which writes its own in place, can leave it empty when
// the program ends as it writes. Where XDG puts Fyne's files only.
func dropEmptyPreferencesFile() {
	dir, err := os.UserConfigDir()
	if err != nil || runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return
	}
	path := filepath.Join(dir, "fyne", appID, "preferences.json")
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() < 16 {
		if b, err := os.ReadFile(path); err == nil && (strings.TrimSpace(string(b)) == "" || strings.TrimSpace(string(b)) == "{}") {
			os.Remove(path)
		}
	}
}

// displayError says why no window can be opened, or nil if an X display
// answers. The window needs X11 (through GLFW), which panics with a
// goroutine dump when it finds none; one sentence is kinder.
func displayError() error {
	d := os.Getenv("DISPLAY")
	if d == "" {
		return fmt.Errorf("no display to open the window on (DISPLAY is not set); use a command such as 'sudoku help'")
	}
	network, addr, ok := xAddress(d)
	if !ok {
		return nil // a form we do not know: let X11 try it
	}
	c, err := net.DialTimeout(network, addr, 2*time.Second)
	if err != nil && network == "unix" {
		// Linux X servers also listen in the abstract namespace, which is
		// all a container without the socket file may share.
		c, err = net.DialTimeout(network, "@"+addr, 2*time.Second)
	}
	if err != nil {
		return fmt.Errorf("cannot reach the display %q (%v); use a command such as 'sudoku help'", d, err)
	}
	c.Close()
	return nil
}

// xAddress is where an X display listens: ":N" and "unix:N" on the socket
// /tmp/.X11-unix/XN, "HOST:N" on TCP port 6000+N.
func xAddress(display string) (network, addr string, ok bool) {
	host, rest, found := strings.Cut(display, ":")
	if !found || strings.HasPrefix(host, "/") {
		return "", "", false
	}
	num, _, _ := strings.Cut(rest, ".")
	var n int
	if _, err := fmt.Sscanf(num, "%d", &n); err != nil || n < 0 {
		return "", "", false
	}
	if host == "" || host == "unix" {
		return "unix", fmt.Sprintf("/tmp/.X11-unix/X%d", n), true
	}
	return "tcp", net.JoinHostPort(host, fmt.Sprint(6000+n)), true
}

// saneEnvironment mends what the window's toolkit reads from the
// environment before it starts. Without HOME, Fyne keeps the game in a
// folder under the current one, and a start from another folder did not
// find it: HOME comes from the user database. A FYNE_SCALE of 100 made a
// window 34,464 pixels wide, off the screen, that grew to 2 GB and
// crashed: the scale is held to 0.5-10.
func saneEnvironment() {
	if os.Getenv("HOME") == "" {
		if u, err := user.Current(); err == nil && u.HomeDir != "" {
			os.Setenv("HOME", u.HomeDir)
		}
	}
	if v := os.Getenv("FYNE_SCALE"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil || f <= 0 || math.IsNaN(f):
			// Fyne takes these for its default scale.
		case f > maxScale:
			fmt.Fprintf(os.Stderr, "sudoku: FYNE_SCALE=%s is more than any screen takes; using %d\n", v, maxScale)
			os.Setenv("FYNE_SCALE", strconv.Itoa(maxScale))
		case f < minScale:
			// 0.01 panicked in Fyne before the window opened, 0.1 made one
			// 100 pixels wide.
			fmt.Fprintf(os.Stderr, "sudoku: FYNE_SCALE=%s is too small to read; using %g\n", v, minScale)
			os.Setenv("FYNE_SCALE", strconv.FormatFloat(minScale, 'g', -1, 64))
		}
	}
}

// maxScale and minScale bound the FYNE_SCALE the window takes.
const (
	maxScale = 10
	minScale = 0.5
)
