package gui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// fitScreenLater puts the window back where it was last closed, once it
// is on screen, and shrinks it to the screen
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
		u.do(u.fitScreen)
	}()
}

// screenRoom is the room a window has on the primary screen, in units of
// the main window's scale, less its frame and the desktop's panels; ok is
// false when it cannot be known (another driver, no monitor). Call it on
// the main goroutine.
func (u *UI) screenRoom() (avail fyne.Size, ok bool) {
	if !strings.Contains(fmt.Sprintf("%T", u.app.Driver()), "glfw") {
		return avail, false
	}
	mon := glfw.GetPrimaryMonitor()
	if mon == nil {
		return avail, false
	}
	vm := mon.GetVideoMode()
	scale := u.win.Canvas().Scale()
	if vm == nil || scale <= 0 {
		return avail, false
	}
	// Room for the window's frame and the desktop's panels.
	return fyne.NewSize(float32(vm.Width-16)/scale, float32(vm.Height-72)/scale), true
}

func (u *UI) fitScreen() {
	avail, ok := u.screenRoom()
	if !ok {
		return
	}
	size := u.win.Canvas().Size()
	tooBig := size.Width > avail.Width || size.Height > avail.Height
	grow := false
	if tooBig {
		u.win.Resize(fyne.NewSize(min(size.Width, avail.Width), min(size.Height, avail.Height)))
	} else if ws := u.settings.WindowScale; !u.sizeRemembered() || ws > 0 && math.Abs(float64(ws-u.win.Canvas().Scale())) > 0.01 {
		// A first start opens at 1000×680 units where the screen has room
		// (startSize scaled it down, not knowing the screen): at
		// FYNE_SCALE=1.5 on 1400×900 the window takes most of the screen
		// rather than a third of it. So does one kept at another scale
		// (most likely on another screen), at least: kept at 500×400
		// pixels at scale 1, it opened at 1.5 with Solve off the panel.
		want := fyne.NewSize(min(defaultSize.Width, avail.Width), min(defaultSize.Height, avail.Height))
		if grow = want.Width > size.Width || want.Height > size.Height; grow {
			u.win.Resize(fyne.NewSize(max(want.Width, size.Width), max(want.Height, size.Height)))
		}
	}
	if p := u.settings.Pos; p != nil && u.placeWindow(p[0], p[1]) {
		return // where it was last closed
	}
	if tooBig || grow {
		u.win.CenterOnScreen()
		u.keepTopLeftOnScreen()
	}
}

// keepTopLeftOnScreen moves a window larger than the screen (its least
// size at FYNE_SCALE=2 on 800×600), which centring put partly above and
// left of the screen, to the screen's top left: its menu and the board's
// first column stay in sight, where they were cut off.
func (u *UI) keepTopLeftOnScreen() {
	u.withGLFW(func(g *glfw.Window) {
		mon := glfw.GetPrimaryMonitor()
		if mon == nil {
			return
		}
		vm := mon.GetVideoMode()
		if vm == nil {
			return
		}
		mx, my := mon.GetPos()
		x, y := g.GetPos()
		w, h := g.GetSize()
		if nx, ny := fitInto(x, y, w, h, mx, my, vm.Width, vm.Height); nx != x || ny != y {
			g.SetPos(nx, ny)
		}
	})
}

// withGLFW runs f with the window's GLFW window, on the main goroutine.
// Fyne has no call for a window's place on the desktop; its GLFW driver
// makes the window's context current in RunWithContext, and GLFW names
// the window whose context is current. It does nothing under other
// drivers.
func (u *UI) withGLFW(f func(*glfw.Window)) {
	rc, ok := u.win.(interface{ RunWithContext(func()) })
	if !ok || u.glfwGone || !strings.Contains(fmt.Sprintf("%T", u.app.Driver()), "glfw") {
		return
	}
	defer func() {
		// GLFW ended under us (the app quitting as a signal came): a call
		// then panics ("NotInitialized"), where there is nothing to ask.
		if r := recover(); r != nil && !strings.Contains(fmt.Sprint(r), "NotInitialized") {
			panic(r)
		}
	}()
	rc.RunWithContext(func() {
		if g := glfw.GetCurrentContext(); g != nil {
			f(g)
		}
	})
}

// windowPos is the window's top-left corner on the desktop.
func (u *UI) windowPos() (x, y int, ok bool) {
	u.withGLFW(func(g *glfw.Window) {
		x, y = g.GetPos()
		ok = true
	})
	return
}

// placeWindow moves the window to x, y when the window then lies on a
// monitor (at least its top 100×40 pixels, the part the user drags): a
// monitor unplugged since leaves the window where the desktop put it. A
// window larger than it was (a larger FYNE_SCALE since) is moved back as
// far as it takes to fit on that monitor.
func (u *UI) placeWindow(x, y int) (placed bool) {
	u.withGLFW(func(g *glfw.Window) {
		w, h := g.GetSize()
		for _, m := range glfw.GetMonitors() {
			mx, my := m.GetPos()
			vm := m.GetVideoMode()
			if vm == nil {
				continue
			}
			if onScreen(x, y, min(w, 100), 40, mx, my, vm.Width, vm.Height) {
				g.SetPos(fitInto(x, y, w, h, mx, my, vm.Width, vm.Height))
				placed = true
				return
			}
		}
	})
	return
}

// fitInto moves a w×h rectangle at x, y left and up as far as it takes to
// lie within the screen of sw×sh at sx, sy (no further than the screen's
// top-left corner).
func fitInto(x, y, w, h, sx, sy, sw, sh int) (int, int) {
	return max(sx, min(x, sx+sw-w)), max(sy, min(y, sy+sh-h))
}

// onScreen says whether the w×h rectangle at x, y lies within the screen
// of sw×sh at sx, sy.
func onScreen(x, y, w, h, sx, sy, sw, sh int) bool {
	return x >= sx && y >= sy && x+w <= sx+sw && y+h <= sy+sh
}
