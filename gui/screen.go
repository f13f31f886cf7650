package gui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// fitScreenLater shrinks the window, once it is on screen, to the screen
// it opens on when it is larger (a small screen, a large FYNE_SCALE or a
// size remembered from a larger screen). Fyne has no call for the
// screen's size: it asks GLFW, on the main goroutine (fyne.Do), and only
// under the desktop driver.
func (u *UI) fitScreenLater() {
	if !strings.Contains(fmt.Sprintf("%T", u.app.Driver()), "glfw") {
		return
	}
	go func() {
		time.Sleep(50 * time.Millisecond) // the window is shown and scaled
		fyne.Do(u.fitScreen)
	}()
}

func (u *UI) fitScreen() {
	mon := glfw.GetPrimaryMonitor()
	if mon == nil {
		return
	}
	vm := mon.GetVideoMode()
	scale := u.win.Canvas().Scale()
	if vm == nil || scale <= 0 {
		return
	}
	// Room for the window's frame and the desktop's panels.
	avail := fyne.NewSize(float32(vm.Width-16)/scale, float32(vm.Height-72)/scale)
	size := u.win.Canvas().Size()
	if size.Width > avail.Width || size.Height > avail.Height {
		u.win.Resize(fyne.NewSize(min(size.Width, avail.Width), min(size.Height, avail.Height)))
		u.win.CenterOnScreen()
	}
}
