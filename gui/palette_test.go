package gui

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"example.com/sudoku/gui/game"
	"example.com/sudoku/solver"
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
		bgs["diagonal peer"] = tintBy(tint(p.board, p.diagonal, p.board), p.peer, p.board, 1)
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

// The selection's peers on an X board's diagonal stand out from the
// diagonal's other cells about as much as peers do from other cells: the
// peer shade went on at half strength over the diagonal's colour, and a
// player could not see which diagonal cells the selection sees.
func TestDiagonalPeersShow(t *testing.T) {
	dist := func(a, b color.Color) int {
		x, y := color.NRGBAModel.Convert(a).(color.NRGBA), color.NRGBAModel.Convert(b).(color.NRGBA)
		abs := func(v int) int { return max(v, -v) }
		return abs(int(x.R)-int(y.R)) + abs(int(x.G)-int(y.G)) + abs(int(x.B)-int(y.B))
	}
	for name, p := range map[string]*palette{"light": &lightPalette, "dark": &darkPalette} {
		geo, err := solver.NewBoxes(3, 3, true)
		if err != nil {
			t.Fatal(err)
		}
		g := game.NewEditor(geo)
		v := cellView{b: &Board{}, g: g, geo: geo, pal: p, board: make([]uint8, 81), sel: 0, cands: make([]uint32, 81), conflicts: make([]bool, 81)}
		plain := dist(v.background(1), v.background(13)) // r1c2 sees r1c1; r2c5 does not
		diag := dist(v.background(10), v.background(24)) // r2c2, on r1c1's diagonal, sees it; r3c7, on the other, does not
		if 4*diag < 3*plain {
			t.Errorf("%s: a diagonal peer differs from another diagonal cell by %d, a peer from another cell by %d", name, diag, plain)
		}
	}
}
