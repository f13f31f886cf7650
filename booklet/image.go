package booklet

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"example.com/sudoku/internal/filekind"
	"example.com/sudoku/solver"
)

// Image widths, in pixels, that WritePNG and WriteSVG accept.
const (
	DefaultImageSize = 600
	MinImageSize     = 120
	MaxImageSize     = 4000
)

// ImageOptions configure WritePNG and WriteSVG. The zero value draws the
// puzzle 600 pixels wide.
type ImageOptions struct {
	// Size is the image's width in pixels; the image is square, and
	// taller by a caption line when the entry has a name, level or score.
	// 0 means DefaultImageSize.
	Size int
	// Solution fills in the digits of the solution in regular grey; the
	// givens stay bold black.
	Solution bool
	// Several, when not nil, is called (with index 0) when the solution
	// is filled in and the puzzle has more than one.
	Several func(index int)
	// Mark, when set, is written into the image (a PNG's text chunk, an
	// SVG's comment): sudoku print marks there the files it drew from,
	// to know its own image again.
	Mark string
}

// imagePlan is the geometry of a lone board image, in pixels: the board's
// side is a multiple of its cells across (9 for classic) on whole pixels,
// so every line falls on a pixel.
type imagePlan struct {
	width, height int
	board         boardGeom
	caption       caption
	captionSize   float64
	geo           *solver.Geometry
	givens        []uint8
	solution      []uint8 // nil unless asked for
}

// planImage checks the entry (and solves it for opt.Solution) and places
// its board; errors are a *PuzzleError with Index 0, or bad options.
func planImage(e Entry, opt ImageOptions) (imagePlan, error) {
	w := opt.Size
	if w == 0 {
		w = DefaultImageSize
	}
	if w < MinImageSize || w > MaxImageSize {
		return imagePlan{}, fmt.Errorf("image width %d is out of range (%d to %d pixels)", w, MinImageSize, MaxImageSize)
	}
	entries := []Entry{e}
	if err := checkGivens(entries); err != nil {
		return imagePlan{}, err
	}
	p := imagePlan{width: w, caption: makeCaption(e, 0)}
	p.geo, p.givens = e.puzzle()
	if opt.Solution {
		s, err := solve(entries, 0, opt.Several)
		if err != nil {
			return imagePlan{}, err
		}
		p.solution = s
		// Said on the image: its caption was the puzzle's.
		p.caption.right = strings.TrimPrefix(p.caption.right+" · solution", " · ")
	}
	n := p.geo.N
	side := (w - 2*int(math.Round(float64(w)*0.04))) / n * n
	pad := (w - side) / 2
	top := pad
	if !p.caption.empty() {
		p.captionSize = math.Round(float64(w) * 0.032)
		top += int(math.Round(1.7 * p.captionSize))
	}
	p.board = boardGeom{x: float64(pad), y: float64(top), side: float64(side)}
	p.height = top + side + (w - side - pad) // the odd pixel, if any, goes below
	return p, nil
}

// imageLineWidths returns the widths, in whole pixels, of the thin lines
// and of the box lines and border of a board side pixels wide.
func imageLineWidths(side int) (thin, thick int) {
	return max(1, side/480), max(2, (side+75)/150)
}

// imageBoardLineWidths is imageLineWidths for a board of n cells across:
// a board smaller than 9×9 has the lines of a classic board with cells as
// large.
func imageBoardLineWidths(side, n int) (thin, thick int) {
	if n < 9 {
		side = side * 9 / n
	}
	return imageLineWidths(side)
}

// WritePNG draws one puzzle as an 8-bit greyscale PNG: the board with its
// lines on whole pixels, the digits antialiased in the Go fonts, and the
// caption over it when the entry has a name, level or score, or is not
// classic 9×9 (the caption then says its shape). An entry that
// breaks the rules, or (with opt.Solution) has no solution, gives a
// *PuzzleError with Index 0. Cost: about 10 ms for 600 pixels, half of
// it compressing the PNG.
func WritePNG(w io.Writer, e Entry, opt ImageOptions) error {
	p, err := planImage(e, opt)
	if err != nil {
		return err
	}
	img := image.NewGray(image.Rect(0, 0, p.width, p.height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	s := &pngSurface{img: img, faces: map[pngFaceKey]font.Face{}}
	defer s.close()
	s.gridLines(p.board, p.geo)
	drawCages(s, p.board, p.geo)
	drawSymbols(s, p.board, p.geo, p.givens, p.solution, true)
	if !p.caption.empty() {
		drawCaption(s, p.board, p.captionSize, p.caption)
	}
	if opt.Mark == "" {
		return png.Encode(w, img)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	_, err = w.Write(filekind.WithPNGText(b.Bytes(), "Software", opt.Mark))
	return err
}

type pngFaceKey struct {
	f    *face
	size float64
}

// pngSurface draws onto a greyscale image.
type pngSurface struct {
	img   *image.Gray
	faces map[pngFaceKey]font.Face
}

func (s *pngSurface) text(f *face, size float64, ink int, x, y float64, str string, flushRight bool) {
	if flushRight {
		x -= f.width(str, size)
	}
	key := pngFaceKey{f, size}
	fc, ok := s.faces[key]
	if !ok {
		var err error
		// No hinting: glyphs keep the outlines' metrics, which the layout
		// was computed from.
		fc, err = opentype.NewFace(f.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			panic(fmt.Sprintf("booklet: the Go font at %g px: %v", size, err)) // only for a size <= 0
		}
		s.faces[key] = fc
	}
	d := font.Drawer{
		Dst:  s.img,
		Src:  image.NewUniform(color.Gray{Y: uint8(ink)}),
		Face: fc,
		Dot:  fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))},
	}
	d.DrawString(str)
}

// gridLines fills the lines of board b, of geometry geo, as rectangles
// of whole pixels, centred on the lines' positions: the shaded cells of
// an X board's diagonals first, then the thin lines, so that the region
// lines and the border cover their ends. A jigsaw's region lines reach
// half their width past each end, as a square cap does, so that they
// meet in full corners.
func (s *pngSurface) gridLines(b boardGeom, geo *solver.Geometry) {
	x0, y0, side := int(b.x), int(b.y), int(b.side)
	n := geo.N
	thin, thick := imageBoardLineWidths(side, n)
	fill := func(r image.Rectangle, ink uint8) {
		draw.Draw(s.img, r, image.NewUniform(color.Gray{Y: ink}), image.Point{}, draw.Src)
	}
	if geo.X {
		for r := range n {
			for _, c := range diagonalCells(n, r) {
				fill(image.Rect(x0+c*side/n, y0+r*side/n, x0+(c+1)*side/n, y0+(r+1)*side/n), inkDiagonal)
			}
		}
	}
	for k := 1; k < n; k++ {
		at := k*side/n - thin/2
		if geo.Jigsaw() || k%geo.BoxW != 0 {
			fill(image.Rect(x0+at, y0, x0+at+thin, y0+side), inkThin)
		}
		if geo.Jigsaw() || k%geo.BoxH != 0 {
			fill(image.Rect(x0, y0+at, x0+side, y0+at+thin), inkThin)
		}
	}
	lo, hi := -thick/2, side-thick/2+thick // the border's outer edges
	for k := 0; k <= n; k++ {
		at := k*side/n - thick/2
		if k == 0 || k == n || !geo.Jigsaw() && k%geo.BoxW == 0 {
			fill(image.Rect(x0+at, y0+lo, x0+at+thick, y0+hi), inkBlack)
		}
		if k == 0 || k == n || !geo.Jigsaw() && k%geo.BoxH == 0 {
			fill(image.Rect(x0+lo, y0+at, x0+hi, y0+at+thick), inkBlack)
		}
	}
	if geo.Jigsaw() {
		at := func(k int) int { return k*side/n - thick/2 }
		for _, e := range geo.RegionEdges() {
			fill(image.Rect(x0+at(e.X0), y0+at(e.Y0), x0+at(e.X1)+thick, y0+at(e.Y1)+thick), inkBlack)
		}
	}
}

// cageLines fills each dash as a whole-pixel rectangle.
func (s *pngSurface) cageLines(dashes []solver.Segment, width float64, ink int) {
	src := image.NewUniform(color.Gray{Y: uint8(ink)})
	w := max(1, int(math.Round(width)))
	for _, d := range dashes {
		var r image.Rectangle
		if d.Y0 == d.Y1 {
			r = image.Rect(int(math.Round(d.X0)), int(math.Round(d.Y0))-w/2, int(math.Round(d.X1)), int(math.Round(d.Y0))-w/2+w)
		} else {
			r = image.Rect(int(math.Round(d.X0))-w/2, int(math.Round(d.Y0)), int(math.Round(d.X0))-w/2+w, int(math.Round(d.Y1)))
		}
		draw.Draw(s.img, r, src, image.Point{}, draw.Src)
	}
}

func (s *pngSurface) fill(x, y, w, h float64, ink int) {
	r := image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x+w)), int(math.Ceil(y+h)))
	draw.Draw(s.img, r, image.NewUniform(color.Gray{Y: uint8(ink)}), image.Point{}, draw.Src)
}

func (s *pngSurface) close() {
	for _, fc := range s.faces {
		fc.Close()
	}
}

// WriteSVG draws one puzzle as an SVG document, by hand and as text: a
// path for the thin lines, one for the box lines and border, a text
// element per digit. The text names the Go font with fallbacks (Arial,
// Liberation Sans, DejaVu Sans, sans-serif), so a machine without it still shows a clean
// board, with digits placed by the Go font's metrics. Errors are as for
// WritePNG. Cost: about 0.1 ms and under 10 KB of text.
func WriteSVG(w io.Writer, e Entry, opt ImageOptions) error {
	p, err := planImage(e, opt)
	if err != nil {
		return err
	}
	// The viewer's fonts draw what the embedded ones lack (CJK, Arabic):
	// the name as it is, not as U+FFFD.
	p.caption.name = plainText(strings.Join(strings.Fields(e.Name), " "))
	s := &svgSurface{w: bufio.NewWriter(w)}
	s.printf(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" `+
		`font-family="Go, 'Go Regular', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif">`+"\n",
		p.width, p.height, p.width, p.height)
	title := e.Name
	if title == "" {
		title = "Sudoku"
	}
	s.printf("<title>%s</title>\n", escapeXML(title))
	if opt.Mark != "" {
		s.printf("<!-- %s -->\n", escapeXML(opt.Mark))
	}
	s.printf(`<rect width="%d" height="%d" fill="#fff"/>`+"\n", p.width, p.height)
	s.gridLines(p.board, p.geo)
	drawCages(s, p.board, p.geo)
	drawSymbols(s, p.board, p.geo, p.givens, p.solution, true)
	if !p.caption.empty() {
		drawCaption(s, p.board, p.captionSize, p.caption)
	}
	s.printf("</svg>\n")
	return s.w.Flush()
}

// svgSurface writes SVG elements; write errors are left to the final
// Flush, which reports the first.
type svgSurface struct{ w *bufio.Writer }

func (s *svgSurface) printf(format string, args ...any) { fmt.Fprintf(s.w, format, args...) }

// cageLines writes the cage outlines' dashes as one path, a piece a dash.
func (s *svgSurface) cageLines(dashes []solver.Segment, width float64, ink int) {
	var d []byte
	for _, sg := range dashes {
		d = fmt.Appendf(d, "M%s %sL%s %s", num(sg.X0), num(sg.Y0), num(sg.X1), num(sg.Y1))
	}
	s.printf(`<path d="%s" stroke="%s" stroke-width="%s" fill="none"/>`+"\n", d, greyHex(ink), num(width))
}

func (s *svgSurface) fill(x, y, w, h float64, ink int) {
	s.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", num(x), num(y), num(w), num(h), greyHex(ink))
}

// text anchors flush-right text at its end, so that it stays flush with
// the board in whatever font the viewer falls back to.
func (s *svgSurface) text(f *face, size float64, ink int, x, y float64, str string, flushRight bool) {
	anchor := ""
	if flushRight {
		anchor = ` text-anchor="end"`
	}
	weight := ""
	if f == boldFace() {
		weight = ` font-weight="bold"`
	}
	fill := ""
	if ink != inkBlack {
		fill = fmt.Sprintf(` fill="%s"`, greyHex(ink))
	}
	length := ""
	if !flushRight && utf8.RuneCountInString(str) > 3 {
		// A caption held to the Go fonts' width, as textRun's (a digit
		// is centred, and the right-hand label ends flush anyway).
		length = fmt.Sprintf(` textLength="%s" lengthAdjust="spacingAndGlyphs"`, num(f.width(str, size)))
	}
	s.printf(`<text x="%s" y="%s" font-size="%s"%s%s%s%s>%s</text>`+"\n",
		num(x), num(y), num(size), weight, fill, anchor, length, escapeXML(str))
}

// textRun writes the pieces as one <text>, a <tspan> each, so that they
// follow one another in the viewer's font.
//
// The run is held to the width the Go fonts give it (textLength): a
// viewer without them that falls back to a wider font (DejaVu Sans) ran a
// long name past the image's edge, or over the "solution" label.
func (s *svgSurface) textRun(size, x, y float64, pieces []textPiece) {
	width := 0.0
	for _, p := range pieces {
		width += p.f.width(p.str, size)
	}
	s.printf(`<text x="%s" y="%s" font-size="%s" textLength="%s" lengthAdjust="spacingAndGlyphs" xml:space="preserve">`, num(x), num(y), num(size), num(width))
	for _, p := range pieces {
		attrs := ""
		if p.f == boldFace() {
			attrs += ` font-weight="bold"`
		}
		if p.ink != inkBlack {
			attrs += fmt.Sprintf(` fill="%s"`, greyHex(p.ink))
		}
		s.printf(`<tspan%s>%s</tspan>`, attrs, escapeXML(p.str))
	}
	s.printf("</text>\n")
}

// gridLines writes the lines of board b, of geometry geo, as two paths,
// with the PNG's whole-pixel widths and on the PNG's pixels: a line of odd
// width is centred on a pixel's middle, so it is as crisp as the PNG's.
// An X board's diagonal cells come first, as one filled path. A jigsaw's
// region lines have square ends, so that they meet in full corners.
func (s *svgSurface) gridLines(b boardGeom, geo *solver.Geometry) {
	x0, y0, side := int(b.x), int(b.y), int(b.side)
	n := geo.N
	thin, thick := imageBoardLineWidths(side, n)
	if geo.X {
		var d []byte
		for r := range n {
			for _, c := range diagonalCells(n, r) {
				d = fmt.Appendf(d, "M%d %dH%dV%dH%dZ", x0+c*side/n, y0+r*side/n, x0+(c+1)*side/n, y0+(r+1)*side/n, x0+c*side/n)
			}
		}
		s.printf(`<path d="%s" fill="%s"/>`+"\n", d, greyHex(inkDiagonal))
	}
	// centre is where a line of width w drawn at pixel offset k*side/n
	// has its middle, as the PNG fills it.
	centre := func(k, w int) float64 { return float64(k*side/n-w/2) + float64(w)/2 }
	// lines draws full lines across the board: vertical ones where
	// vertical(k), horizontal ones where horizontal(k).
	lines := func(w int, vertical, horizontal func(k int) bool) []byte {
		var d []byte
		for k := 1; k < n; k++ {
			at := centre(k, w)
			if vertical(k) {
				d = fmt.Appendf(d, "M%s %dV%d", num(float64(x0)+at), y0, y0+side)
			}
			if horizontal(k) {
				d = fmt.Appendf(d, "M%d %sH%d", x0, num(float64(y0)+at), x0+side)
			}
		}
		return d
	}
	thinV := func(k int) bool { return geo.Jigsaw() || k%geo.BoxW != 0 }
	thinH := func(k int) bool { return geo.Jigsaw() || k%geo.BoxH != 0 }
	s.printf(`<path d="%s" stroke="%s" stroke-width="%d" fill="none"/>`+"\n", lines(thin, thinV, thinH), greyHex(inkThin), thin)
	var regions []byte
	linecap := ""
	if geo.Jigsaw() {
		linecap = ` stroke-linecap="square"`
		for _, e := range geo.RegionEdges() {
			regions = fmt.Appendf(regions, "M%s %sL%s %s",
				num(float64(x0)+centre(e.X0, thick)), num(float64(y0)+centre(e.Y0, thick)),
				num(float64(x0)+centre(e.X1, thick)), num(float64(y0)+centre(e.Y1, thick)))
		}
	} else {
		regions = lines(thick, func(k int) bool { return !thinV(k) }, func(k int) bool { return !thinH(k) })
	}
	lo, hi := centre(0, thick), centre(n, thick)
	border := fmt.Sprintf("M%s %sH%sV%sH%sZ", num(float64(x0)+lo), num(float64(y0)+lo), num(float64(x0)+hi), num(float64(y0)+hi), num(float64(x0)+lo))
	s.printf(`<path d="%s%s" stroke="#000" stroke-width="%d" fill="none"%s/>`+"\n", regions, border, thick, linecap)
}

// num writes a coordinate with at most two decimals and no trailing zeros.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

func greyHex(ink int) string { return fmt.Sprintf("#%02x%02x%02x", ink, ink, ink) }

func escapeXML(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
