package gui

import (
	"fmt"
	"image/color"
	"math"
	"testing"
)

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, b, _ := c.RGBA()
		lin := func(v uint32) float64 {
			x := float64(v) / 0xFFFF
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	}
	x, y := lum(a), lum(b)
	if x < y {
		x, y = y, x
	}
	return (x + 0.05) / (y + 0.05)
}

// Every text on every cell background reads at 4.5:1 at least (WCAG AA),
// in both themes: the selected cell and the hint colours included.
func TestPaletteContrast(t *testing.T) {
	for name, p := range map[string]*palette{"light": &lightPalette, "dark": &darkPalette} {
		bgs := map[string]color.Color{"board": p.board, "given": p.given, "peer": p.peer, "same": p.same,
			"selected": p.selected, "conflict": p.conflict, "wrong": p.wrong, "hint": p.hint, "hint area": p.hintArea,
			"hint target": p.hintTarget, "selected clash": blend(p.selected, p.conflict),
			"diagonal": p.diagonal}
		for _, base := range []color.Color{p.board, p.given, tint(p.board, p.diagonal, p.board), tint(p.given, p.diagonal, p.board)} {
			for k, over := range []color.Color{p.same, p.peer} {
				bgs[fmt.Sprintf("%v shade %d", base, k)] = tint(base, over, p.board)
			}
			bgs[fmt.Sprintf("%v", base)] = base
		}
		fgs := map[string]color.Color{"given": p.givenText, "entry": p.entryText, "solver": p.solverText,
			"error": p.errorText, "mark": p.markText, "hint mark": p.markHint, "other mark": p.markOther, "target mark": p.markTarget, "cage sum": p.cage}
		for bn, bg := range bgs {
			for fn, fg := range fgs {
				if r := contrast(fg, bg); r < 4.5 {
					t.Errorf("%s: %s text on %s is %.2f:1", name, fn, bn, r)
				}
			}
		}
	}
}
