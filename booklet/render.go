package booklet

import "example.com/sudoku/solver"

// surface is what the PDF, PNG and SVG writers share: text set in one of
// the Go fonts at a size (an em, in the surface's unit) and a grey level,
// on the baseline y (growing downwards), starting at x or, with
// flushRight, ending there.
type surface interface {
	text(f *face, size float64, ink int, x, y float64, s string, flushRight bool)
}

// drawCaption writes c over board b: the number in bold, then the name,
// from the board's left edge, and the level and score flush with its right
// edge. A caption without a number (a lone image) sets the name in bold.
func drawCaption(s surface, b boardGeom, size float64, c caption) {
	bold, regular := boldFace(), regularFace()
	c = fitCaption(c, b.side,
		func(t string) float64 { return bold.width(t, size) },
		func(t string) float64 { return regular.width(t, size) })
	x, y := b.x, b.captionBaseline(size)
	switch {
	case c.number != "":
		s.text(bold, size, inkNumber, x, y, c.number, false)
		if c.name != "" {
			s.text(regular, size, inkCaption, x+bold.width(c.number, size), y, " · "+c.name, false)
		}
	case c.name != "":
		s.text(bold, size, inkNumber, x, y, c.name, false)
	}
	if c.right != "" {
		s.text(regular, size, inkCaption, b.x+b.side, y, c.right, true)
	}
}

// digitText holds the one-digit strings, so drawing a digit allocates
// nothing.
var digitText = [10]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

// drawDigits writes the givens in bold black and, when solution is not
// nil, the digits it fills in regular grey, each centred in its cell.
func drawDigits(s surface, b boardGeom, givens solver.Grid, solution *solver.Grid) {
	size := digitSize(b.side)
	cell := b.cell()
	centre := func(i int) (float64, float64) {
		return b.x + (float64(i%9)+0.5)*cell, b.y + (float64(i/9)+0.5)*cell
	}
	bold := boldFace()
	for i, v := range givens {
		if v != 0 {
			cx, cy := centre(i)
			x, y := bold.digitOrigin(v, size, cx, cy)
			s.text(bold, size, inkBlack, x, y, digitText[v], false)
		}
	}
	if solution == nil {
		return
	}
	regular := regularFace()
	for i, v := range solution {
		if givens[i] == 0 {
			cx, cy := centre(i)
			x, y := regular.digitOrigin(v, size, cx, cy)
			s.text(regular, size, inkFilled, x, y, digitText[v], false)
		}
	}
}
