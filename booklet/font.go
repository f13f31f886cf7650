package booklet

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"example.com/sudoku/solver"
)

// face is one of the two Go fonts every output uses, with the metrics of
// the symbols a board holds (digits 1-9, then the letters A-G of boards
// larger than 9×9) that the layout needs, in ems (font units divided by
// units per em; y up).
type face struct {
	ttf   []byte
	font  *sfnt.Font
	style string // fpdf's style letter: "" or "B"
	// inkMidX[d] is the horizontal middle of the ink of symbol d (the
	// digit d up to 9, then A for 10 to G for 16), measured from its
	// origin. Centring the ink rather than the advance keeps a narrow "1"
	// from leaning right of the cell's middle.
	inkMidX [solver.MaxSide + 1]float64
	// ascii[r] is the advance of ASCII rune r, so that measuring captions
	// needs no glyph lookups.
	ascii [128]float64
	// capMid is the height of the middle of the digits above the baseline:
	// every symbol sits on one baseline, so a row of them lines up, and the
	// digits' common height (the letters' too) is centred in the cell.
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
	for d := range fc.inkMidX {
		r := symbolRune(uint8(d))
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			panic(fmt.Sprintf("booklet: the Go font lacks the symbol %c", r))
		}
		b, _, err := f.GlyphBounds(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			panic(fmt.Sprintf("booklet: the Go font's symbol %c: %v", r, err))
		}
		fc.inkMidX[d] = float64(b.Min.X+b.Max.X) / 2 / 64 / upem
		if d <= 9 {
			top = min(top, -float64(b.Min.Y)/64/upem) // sfnt's y points down
		}
	}
	fc.capMid = top / 2
	for r := range fc.ascii {
		fc.ascii[r] = fc.advance(&buf, rune(r))
	}
	return fc
}

// symbolOrigin returns where to put the baseline origin of symbol d (see
// inkMidX), drawn at size (the em, in the caller's units), so that it
// looks centred on (cx, cy); y grows downwards.
func (fc *face) symbolOrigin(d uint8, size, cx, cy float64) (x, y float64) {
	return cx - fc.inkMidX[d]*size, cy + fc.capMid*size
}

// symbolRune is the character of symbol d: the digit d up to 9, then A
// for 10 to G for 16, as solver.Symbol writes them (but '0' for 0).
func symbolRune(d uint8) rune {
	if d <= 9 {
		return rune('0' + d)
	}
	return rune(solver.Symbol(d))
}

// symbolIndex is the symbol that the one-character text r shows (see
// symbolRune), or -1.
func symbolIndex(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'A' && r < 'A'+solver.MaxSide-9:
		return int(r-'A') + 10
	}
	return -1
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
	// The longest prefix that fits with the ellipsis, by bisection: the
	// width grows with the prefix, and a rune at a time was quadratic (a
	// title of 100 KB took minutes).
	r := []rune(s)
	cut := func(k int) string { return strings.TrimRight(string(r[:k]), " ") + "…" }
	lo, hi := 0, len(r)-1 // cut(lo) fits, or lo is 0
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if measure(cut(mid)) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 && measure(cut(0)) > width {
		return ""
	}
	// A number is kept whole or left out, not cut: "seed 56024103587…"
	// named another puzzle than the one printed (a seed makes it again).
	inNumber := func(k int) bool {
		return unicode.IsDigit(r[k]) || r[k] == '.' && k > 0 && k+1 < len(r) && unicode.IsDigit(r[k-1]) && unicode.IsDigit(r[k+1])
	}
	// without is where to cut to leave out the number that ends at k, and
	// the word that names it ("seed…" said nothing), where words remain
	// before them; 0 when nothing would.
	without := func(k int) int {
		for k > 0 && inNumber(k-1) {
			k--
		}
		w := k
		for w > 0 && r[w-1] == ' ' {
			w--
		}
		for w > 0 && unicode.IsLetter(r[w-1]) {
			w--
		}
		if w > 0 && w < k && r[w-1] == ' ' && unicode.IsLetter(r[w]) {
			return w
		}
		return k
	}
	if lo > 0 && inNumber(lo-1) && inNumber(lo) {
		if k := without(lo); k > 0 {
			lo = k
		}
	} else if j := lo; lo > 0 && r[lo-1] == ' ' {
		// Cut right before a number: its label goes with it.
		for j < len(r) && r[j] == ' ' {
			j++
		}
		if j < len(r) && unicode.IsDigit(r[j]) {
			if k := without(j); k > 0 && k < lo {
				lo = k
			}
		}
	}
	for {
		out := cut(lo)
		kept := []rune(strings.TrimSuffix(out, "…"))
		n := len(kept)
		if n == 0 || !unicode.IsDigit(kept[n-1]) {
			return out
		}
		// After a whole number, a space: "seed 8956394434121790…" read
		// as a number cut short. Where that does not fit, the number
		// goes too.
		if spaced := string(kept) + " …"; measure(spaced) <= width {
			return spaced
		}
		k := without(n)
		if k == 0 || k >= lo {
			return out
		}
		lo = k
	}
}

// Drawable reports whether the booklet's fonts draw every character of s
// (control characters aside, which are dropped): those they do not print
// as U+FFFD in a PDF or PNG (an SVG keeps them, for the viewer's fonts).
func Drawable(s string) bool {
	return strings.Count(printable(s), "\uFFFD") == strings.Count(s, "\uFFFD")
}

// Undrawable says where a booklet's text holds characters its fonts cannot
// draw: "the title and 2 puzzles' names", "a puzzle's name", or "" for
// none. title counts only when withTitle (a PDF prints it; an image does
// not).
func Undrawable(title string, withTitle bool, entries []Entry) string {
	names := 0
	for _, e := range entries {
		if !Drawable(e.Name) {
			names++
		}
	}
	var what []string
	if withTitle && !Drawable(title) {
		what = append(what, "the title")
	}
	switch {
	case names == 1:
		what = append(what, "a puzzle's name")
	case names > 1:
		what = append(what, fmt.Sprintf("%d puzzles' names", names))
	}
	return strings.Join(what, " and ")
}

// plainText is s as an SVG sets it: valid UTF-8 without control
// characters; the viewer's fonts draw what the embedded ones lack.
func plainText(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// printable makes s safe to set in the embedded fonts: bytes that are not
// UTF-8 and runes the fonts lack (past U+FFFF, which the PDF writer's
// font subsetting cannot take, or CJK, Arabic and the like, which the Go
// fonts do not draw) become U+FFFD, and control characters (an escape in
// a name) are dropped.
func printable(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c < 0x20 || c == 0x7f {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	var buf sfnt.Buffer
	f := regularFace().font
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case unicode.IsControl(r):
			continue
		case r >= 0x80:
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 || r > 0xFFFF {
				r = '\uFFFD'
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
