package booklet

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// face is one of the two Go fonts every output uses, with the digit metrics
// the layout needs, in ems (font units divided by units per em; y up).
type face struct {
	ttf   []byte
	font  *sfnt.Font
	style string // fpdf's style letter: "" or "B"
	// inkMidX[d] is the horizontal middle of digit d's ink, measured from
	// its origin. Centring the ink rather than the advance keeps a narrow
	// "1" from leaning right of the cell's middle.
	inkMidX [10]float64
	// ascii[r] is the advance of ASCII rune r, so that measuring captions
	// needs no glyph lookups.
	ascii [128]float64
	// capMid is the height of the middle of the digits above the baseline:
	// every digit sits on one baseline, so a row of them lines up, and the
	// digits' common height is centred in the cell.
	capMid float64
}

var (
	boldFace    = sync.OnceValue(func() *face { return loadFace(gobold.TTF, "B") })
	regularFace = sync.OnceValue(func() *face { return loadFace(goregular.TTF, "") })
)

// loadFace parses a TrueType font and measures its digits; about a
// millisecond, done once per font per process.
func loadFace(ttf []byte, style string) *face {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		panic(fmt.Sprintf("booklet: the embedded Go font does not parse: %v", err))
	}
	var buf sfnt.Buffer
	upem := float64(f.UnitsPerEm())
	ppem := fixed.I(int(f.UnitsPerEm())) // one pixel per font unit: exact metrics
	fc := &face{ttf: ttf, font: f, style: style}
	top := 1.0 // the lowest digit top: the flat-topped 4, 5 and 7, without the round ones' overshoot
	for d := 0; d <= 9; d++ {
		gi, err := f.GlyphIndex(&buf, rune('0'+d))
		if err != nil || gi == 0 {
			panic(fmt.Sprintf("booklet: the Go font lacks the digit %d", d))
		}
		b, _, err := f.GlyphBounds(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			panic(fmt.Sprintf("booklet: the Go font's digit %d: %v", d, err))
		}
		fc.inkMidX[d] = float64(b.Min.X+b.Max.X) / 2 / 64 / upem
		top = min(top, -float64(b.Min.Y)/64/upem) // sfnt's y points down
	}
	fc.capMid = top / 2
	for r := range fc.ascii {
		fc.ascii[r] = fc.advance(&buf, rune(r))
	}
	return fc
}

// digitOrigin returns where to put the baseline origin of digit d, drawn
// at size (the em, in the caller's units), so that it looks centred on
// (cx, cy); y grows downwards.
func (fc *face) digitOrigin(d uint8, size, cx, cy float64) (x, y float64) {
	return cx - fc.inkMidX[d]*size, cy + fc.capMid*size
}

// width returns the advance of s set at size, without kerning (as fpdf
// sets text).
func (fc *face) width(s string, size float64) float64 {
	var buf *sfnt.Buffer // only for runes past ASCII
	w := 0.0
	for _, r := range s {
		if r < 128 {
			w += fc.ascii[r]
			continue
		}
		if buf == nil {
			buf = new(sfnt.Buffer)
		}
		w += fc.advance(buf, r)
	}
	return w * size
}

// advance returns the advance of r in ems; a rune the font lacks counts as
// its missing-glyph box.
func (fc *face) advance(buf *sfnt.Buffer, r rune) float64 {
	upem := fixed.I(int(fc.font.UnitsPerEm()))
	gi, _ := fc.font.GlyphIndex(buf, r)
	adv, err := fc.font.GlyphAdvance(buf, gi, upem, font.HintingNone)
	if err != nil {
		return 0
	}
	return float64(adv) / float64(upem)
}

// ellipsize shortens s, ending it with "…", until measure says it fits
// width; it returns "" when not even the ellipsis fits.
func ellipsize(s string, width float64, measure func(string) float64) string {
	if measure(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if t := strings.TrimRight(string(r), " ") + "…"; measure(t) <= width {
			return t
		}
	}
	return ""
}
