package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// padKey is one key of the number pad: a large digit with, underneath, how
// many of it are still to place, or a tick once all nine are in.
type padKey struct {
	widget.BaseWidget
	label    string
	sub      string
	done     bool
	pencil   bool // pencil mode: the digit is drawn small, like a mark
	hovered  bool
	disabled bool    // while paused or after a win: nothing to do
	height   float32 // the key's height, when not the usual 52 (a pad of four rows)
	OnTapped func()
}

func newPadKey(label string, tapped func()) *padKey {
	k := &padKey{label: label, OnTapped: tapped}
	k.ExtendBaseWidget(k)
	return k
}

// set updates what the key shows.
func (k *padKey) set(sub string, done, pencil bool) {
	if k.sub == sub && k.done == done && k.pencil == pencil {
		return
	}
	k.sub, k.done, k.pencil = sub, done, pencil
	k.Refresh()
}

// setDisabled greys the key out and makes taps do nothing.
func (k *padKey) setDisabled(off bool) {
	if k.disabled != off {
		k.disabled = off
		k.Refresh()
	}
}

func (k *padKey) Tapped(*fyne.PointEvent) {
	if k.OnTapped != nil && !k.disabled {
		k.OnTapped()
	}
}

func (k *padKey) MouseIn(*desktop.MouseEvent)    { k.hovered = true; k.Refresh() }
func (k *padKey) MouseMoved(*desktop.MouseEvent) {}
func (k *padKey) MouseOut()                      { k.hovered = false; k.Refresh() }
func (k *padKey) Cursor() desktop.Cursor         { return desktop.PointerCursor }

func (k *padKey) MinSize() fyne.Size {
	if k.height > 0 {
		return fyne.NewSize(52, k.height)
	}
	return fyne.NewSize(52, 52)
}

func (k *padKey) CreateRenderer() fyne.WidgetRenderer {
	r := &padRenderer{k: k,
		bg:    canvas.NewRectangle(color.Transparent),
		label: canvas.NewText(k.label, color.Black),
		sub:   canvas.NewText("", color.Black),
	}
	r.bg.CornerRadius = 6
	r.label.Alignment = fyne.TextAlignCenter
	r.sub.Alignment = fyne.TextAlignCenter
	r.Refresh()
	return r
}

type padRenderer struct {
	k          *padKey
	bg         *canvas.Rectangle
	label, sub *canvas.Text
}

func (r *padRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.label, r.sub}
}
func (r *padRenderer) Destroy()           {}
func (r *padRenderer) MinSize() fyne.Size { return r.k.MinSize() }

func (r *padRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	h := size.Height
	r.label.TextSize = h * 0.42
	if r.k.pencil {
		r.label.TextSize = h * 0.26
	}
	if len(r.k.label) > 1 {
		r.label.TextSize = min(h*0.26, size.Width/float32(len(r.k.label))*1.1)
	}
	r.sub.TextSize = h * 0.18
	lh := fyne.MeasureText(r.k.label, r.label.TextSize, r.label.TextStyle).Height
	sh := fyne.MeasureText("9", r.sub.TextSize, r.sub.TextStyle).Height
	top := (h - lh - sh*0.8) / 2
	if r.k.sub == "" {
		top = (h - lh) / 2
	}
	r.label.Move(fyne.NewPos(0, top))
	r.label.Resize(fyne.NewSize(size.Width, lh))
	r.sub.Move(fyne.NewPos(0, top+lh-sh*0.2))
	r.sub.Resize(fyne.NewSize(size.Width, sh))
}

func (r *padRenderer) Refresh() {
	th := r.k.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.bg.FillColor = th.Color(theme.ColorNameButton, v)
	if r.k.hovered {
		r.bg.FillColor = th.Color(theme.ColorNameHover, v)
	}
	r.label.Text = r.k.label
	r.label.Color = th.Color(theme.ColorNameForeground, v)
	r.label.TextStyle = fyne.TextStyle{Bold: !r.k.pencil}
	r.sub.Text = r.k.sub
	r.sub.Color = th.Color(theme.ColorNameForeground, v) // small, so at full contrast
	if r.k.done {
		// All placed: the tick says so, in the digit's usual colour
		// (greyed, it looked disabled, yet a tap still enters it: a
		// wrong one may be moved), drawn lighter.
		r.label.TextStyle.Bold = false
		r.sub.Color = th.Color(theme.ColorNameSuccess, v)
	}
	if r.k.disabled {
		r.bg.FillColor = th.Color(theme.ColorNameDisabledButton, v)
		r.label.Color = th.Color(theme.ColorNameDisabled, v)
		r.sub.Color = th.Color(theme.ColorNameDisabled, v)
	}
	r.Layout(r.k.Size())
	canvas.Refresh(r.bg)
	canvas.Refresh(r.label)
	canvas.Refresh(r.sub)
}
