package booklet

import (
	"strconv"

	"example.com/sudoku/solver"
)

// surface is what the PDF, PNG and SVG writers share: text set in one of
// the Go fonts at a size (an em, in the surface's unit) and a grey level,
// on the baseline y (growing downwards), starting at x or, with
// flushRight, ending there.
type surface interface {
	text(f *face, size float64, ink int, x, y float64, s string, flushRight bool)
	// cageLines strokes the dashes of a killer's cage outlines, each a
	// straight piece in the surface's units, in the given width and grey.
	cageLines(dashes []solver.Segment, width float64, ink int)
	// fill paints a rectangle in grey ink.
	fill(x, y, w, h float64, ink int)
}

// Killer cages, drawn as newspapers draw them: each cage outlined by a
// dashed line inset in its cells, its sum small in the top left corner of
// its first cell, on a patch of the cell's colour that breaks the line.
const (
	cageInset = 0.1  // of a cell, from its edges
	cageDash  = 0.12 // a cage outline's dash, of a cell (about: solver.Dashes)
	cageGap   = 0.08 // and the gap between two
	cageInk   = 70   // the dashed outline: dark, thinner than the box lines
	cageSum   = 0.24 // the sum's em, of a cell
)

// drawCages outlines the cages of a killer board b and writes their sums.
func drawCages(s surface, b boardGeom, geo *solver.Geometry) {
	if !geo.Killer() {
		return
	}
	n := geo.N
	cell := b.side / float64(n)
	thin, _ := boardLineWidths(b.side, n)
	width := max(thin, cell*0.025)
	bold := boldFace()
	size := cell * cageSum
	type patch struct{ x, y, w, h float64 }
	cages := geo.Cages()
	patches := make([]patch, len(cages))
	for k, c := range cages {
		i := int(c.Cells[0])
		x := b.x + float64(i%n)*cell + cell*cageInset*0.8
		top := b.y + float64(i/n)*cell + cell*cageInset*0.8
		patches[k] = patch{x, top, bold.width(strconv.Itoa(c.Sum), size) + size*0.3, size * 0.95}
	}
	// Each line starts and ends with a dash (solver.Dashes: lines that end
	// at one corner both reach it); a dash that meets a sum's patch is
	// left out whole, as the window does (a stub of one by a sum read as
	// a dot, "10·").
	var dashes []solver.Segment
dash:
	for _, d := range solver.DashesAlong(geo.CageLines(cageInset), cell, b.x, b.y, cageDash, cageGap) {
		for _, p := range patches {
			if d.X1+width/2 > p.x && d.X0-width/2 < p.x+p.w && d.Y1+width/2 > p.y && d.Y0-width/2 < p.y+p.h {
				continue dash
			}
		}
		dashes = append(dashes, d)
	}
	s.cageLines(dashes, width, cageInk)
	for k, c := range cages {
		i := int(c.Cells[0])
		bg := inkPaper
		if geo.OnDiagonal(i) {
			bg = inkDiagonal
		}
		p := patches[k]
		s.fill(p.x, p.y, p.w, p.h, bg)
		s.text(bold, size, cageInk, p.x+size*0.15, p.y+size*0.78, strconv.Itoa(c.Sum), false)
	}
}

// textRunner is a surface that sets pieces of text one after another
// itself (an SVG, whose viewer picks the font).
type textRunner interface {
	textRun(size, x, y float64, pieces []textPiece)
}

// textPiece is one piece of a run of text: its face, ink and words.
type textPiece struct {
	f   *face
	ink int
	str string
}

// drawCaption writes c over board b: the number in bold, then the shape
// and the name, from the board's left edge, and the level and score flush
// with its right edge. A caption without a number (a lone image) sets the
// name in bold, then the shape; without a name, the shape in bold.
func drawCaption(s surface, b boardGeom, size float64, c caption) {
	bold, regular := boldFace(), regularFace()
	x, y := b.x, b.captionBaseline(size)
	room := b.side
	if _, ok := s.(*svgSurface); ok {
		// A viewer without the Go fonts sets an SVG's text in its own,
		// up to an eighth wider (DejaVu Sans): a long name ran past the
		// image's edge, or over the "solution" label.
		room *= svgCaptionRoom
	}
	c, size = fitCaptionSize(c, room, size, bold.width, regular.width)
	if lead := c.lead(); lead != "" {
		var rest string
		if c.shape != "" && (c.number != "" || c.name != "") {
			rest += " · " + c.shape
		}
		if c.number != "" && c.name != "" {
			rest += " · " + c.name
		}
		if r, ok := s.(textRunner); ok && rest != "" {
			// One run of text, which the viewer sets in whatever font
			// it has: the rest placed by the Go fonts' widths overlapped
			// the lead in a wider font.
			r.textRun(size, x, y, []textPiece{{bold, inkNumber, lead}, {regular, inkCaption, rest}})
		} else {
			s.text(bold, size, inkNumber, x, y, lead, false)
			if rest != "" {
				s.text(regular, size, inkCaption, x+bold.width(lead, size), y, rest, false)
			}
		}
	}
	if c.right != "" {
		s.text(regular, size, inkCaption, b.x+b.side, y, c.right, true)
	}
}

// svgCaptionRoom is the share of a board's width an SVG's caption is
// fitted to by the Go fonts' widths.
const svgCaptionRoom = 0.86

// symbolText holds the one-character strings of the symbols, so drawing
// one allocates nothing.
var symbolText = func() (t [solver.MaxSide + 1]string) {
	for d := range t {
		t[d] = string(symbolRune(uint8(d)))
	}
	return t
}()

// drawSymbols writes the givens of a board of geometry geo in bold black
// and, when solution is not nil, the symbols it fills in regular grey,
// each centred in its cell.
//
// With caged (a killer's cages drawn on the board), every symbol is a
// little smaller and a little lower, alike in every cell, so that those
// under a cage's sum clear it: a magazine's killer, not a grid where some
// digits shrink and slide aside.
func drawSymbols(s surface, b boardGeom, geo *solver.Geometry, givens, solution []uint8, caged bool) {
	n := geo.N
	size := symbolSize(b.side, n)
	cell := b.side / float64(n)
	drop := 0.0
	if caged && geo.Killer() {
		size, drop = size*0.9, cell*0.03
	}
	at := func(i int) (float64, float64) {
		return b.x + (float64(i%n)+0.5)*cell, b.y + (float64(i/n)+0.5)*cell + drop
	}
	sizeAt := func(int) float64 { return size }
	bold := boldFace()
	for i, v := range givens {
		if v != 0 {
			cx, cy := at(i)
			x, y := bold.symbolOrigin(v, sizeAt(i), cx, cy)
			s.text(bold, sizeAt(i), inkBlack, x, y, symbolText[v], false)
		}
	}
	if solution == nil {
		return
	}
	regular := regularFace()
	for i, v := range solution {
		if givens[i] == 0 {
			cx, cy := at(i)
			x, y := regular.symbolOrigin(v, sizeAt(i), cx, cy)
			s.text(regular, sizeAt(i), inkFilled, x, y, symbolText[v], false)
		}
	}
}
