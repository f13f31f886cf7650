package booklet

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

func writePNG(t *testing.T, e Entry, opt ImageOptions) *image.Gray {
	t.Helper()
	var b bytes.Buffer
	if err := WritePNG(&b, e, opt); err != nil {
		t.Fatalf("WritePNG: %v", err)
	}
	img, ok := decodePNG(t, b.Bytes()).(*image.Gray)
	if !ok {
		t.Fatal("the PNG is not greyscale")
	}
	return img
}

// inkBox returns the bounds of the pixels darker than mid-grey inside r,
// and the darkest level there.
func inkBox(img *image.Gray, r image.Rectangle) (box image.Rectangle, darkest uint8) {
	darkest = 255
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			v := img.GrayAt(x, y).Y
			darkest = min(darkest, v)
			if v < 160 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box, darkest
}

// TestPNG checks the drawing pixel by pixel: its size, the black box
// lines and border and grey cell lines on whole pixels, empty cells white,
// every given's ink centred in its cell, and, with the solution, the
// filled digits grey where the givens are black.
func TestPNG(t *testing.T) {
	es := seedEntries(t)
	e := es[0] // "basic"
	e.Level = "Easy"
	plan, err := planImage(e, ImageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, withSolution := range []bool{false, true} {
		img := writePNG(t, e, ImageOptions{Solution: withSolution})
		if b := img.Bounds(); b.Dx() != DefaultImageSize || b.Dy() != plan.height || plan.height <= DefaultImageSize {
			t.Fatalf("image %v, want 600 wide and taller by a caption", b)
		}
		x0, y0, side := int(plan.board.x), int(plan.board.y), int(plan.board.side)
		cell := side / 9
		if side%9 != 0 || x0+side+x0 < DefaultImageSize-1 || x0+side+x0 > DefaultImageSize {
			t.Fatalf("board at %d,%d side %d: not centred on whole cells", x0, y0, side)
		}
		thin, thick := imageLineWidths(side)
		for k := 0; k <= 9; k++ {
			want, w := uint8(inkThin), thin
			if k%3 == 0 {
				want, w = inkBlack, thick
			}
			at := k*cell - w/2
			for _, along := range []int{cell / 2, side / 2, side - cell/2} {
				v := img.GrayAt(x0+at, y0+along).Y     // a vertical line
				h := img.GrayAt(x0+along, y0+at+w-1).Y // a horizontal one, its last pixel row
				if v != want || h != want {
					t.Errorf("line %d: pixels %d and %d, want %d", k, v, h, want)
				}
			}
			if before := img.GrayAt(x0+at-1, y0+cell/2).Y; before != 255 {
				t.Errorf("line %d is wider than %d pixels: %d next to it", k, w, before)
			}
		}
		sol := solver.Solve(t.Context(), e.Grid, solver.Options{}).Solution
		for i := range 81 {
			r := image.Rect(x0+i%9*cell+thick, y0+i/9*cell+thick, x0+(i%9+1)*cell-thick, y0+(i/9+1)*cell-thick)
			box, darkest := inkBox(img, r)
			switch {
			case e.Grid[i] != 0 || withSolution:
				if e.Grid[i] != 0 && darkest > 40 {
					t.Errorf("given at %s: darkest pixel %d, want black", solver.CellName(i), darkest)
				}
				if e.Grid[i] == 0 && (darkest < inkFilled-10 || darkest > inkFilled+30) {
					t.Errorf("filled %d at %s: darkest pixel %d, want grey %d", sol[i], solver.CellName(i), darkest, inkFilled)
				}
				cx, cy := float64(x0)+(float64(i%9)+0.5)*float64(cell), float64(y0)+(float64(i/9)+0.5)*float64(cell)
				mx, my := float64(box.Min.X+box.Max.X)/2, float64(box.Min.Y+box.Max.Y)/2
				if math.Abs(mx-cx) > 1.5 || math.Abs(my-cy) > 2 || box.Dy() < cell/3 {
					t.Errorf("digit at %s: ink %v centred at (%g, %g), cell centre (%g, %g)", solver.CellName(i), box, mx, my, cx, cy)
				}
			default:
				if darkest != 255 {
					t.Errorf("empty cell %s has ink %d", solver.CellName(i), darkest)
				}
			}
		}
		// The caption: the name at the left over the board, the level at
		// the right, nothing in between.
		band := image.Rect(x0, 0, x0+side, y0-thick)
		box, _ := inkBox(img, band)
		if box.Min.X > x0+2 || box.Max.X < x0+side-2 || box.Dy() < 10 {
			t.Errorf("caption ink %v, want it across the board's width %d-%d", box, x0, x0+side)
		}
	}
}

func TestPNGSizes(t *testing.T) {
	es := seedEntries(t)
	bare := Entry{Grid: es[1].Grid} // no name: no caption, a square image
	for _, size := range []int{MinImageSize, 300, 1001} {
		img := writePNG(t, bare, ImageOptions{Size: size})
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("size %d: image %v", size, b)
		}
		plan, _ := planImage(bare, ImageOptions{Size: size})
		border := img.GrayAt(int(plan.board.x), int(plan.board.y+plan.board.side/2)).Y
		if centre := img.GrayAt(size/2, size/2).Y; border != inkBlack || centre != 255 {
			t.Errorf("size %d: border pixel %d, centre (an empty cell) %d", size, border, centre)
		}
	}
	var b bytes.Buffer
	for _, size := range []int{MinImageSize - 1, MaxImageSize + 1, -5} {
		if err := WritePNG(&b, bare, ImageOptions{Size: size}); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("size %d: %v", size, err)
		}
	}
}

func TestImageRefuses(t *testing.T) {
	bad := Entry{Grid: solver.MustParse("11" + strings.Repeat(".", 79)), Name: "twins"}
	for name, write := range map[string]func(io.Writer, Entry, ImageOptions) error{"png": WritePNG, "svg": WriteSVG} {
		var pe *PuzzleError
		var conflict *solver.ConflictError
		if err := write(io.Discard, bad, ImageOptions{}); !errors.As(err, &pe) || pe.Index != 0 || !errors.As(err, &conflict) {
			t.Errorf("%s, invalid givens: %v", name, err)
		}
		nosol := Entry{Grid: solver.MustParse(unsolvable)}
		if err := write(io.Discard, nosol, ImageOptions{Solution: true}); !errors.Is(err, ErrUnsolvable) {
			t.Errorf("%s, unsolvable: %v", name, err)
		}
		if err := write(io.Discard, nosol, ImageOptions{}); err != nil {
			t.Errorf("%s, unsolvable without its solution: %v", name, err)
		}
	}
}

// svgDoc is the part of WriteSVG's output the tests read.
type svgDoc struct {
	XMLName    xml.Name `xml:"svg"`
	Width      int      `xml:"width,attr"`
	Height     int      `xml:"height,attr"`
	ViewBox    string   `xml:"viewBox,attr"`
	FontFamily string   `xml:"font-family,attr"`
	Title      string   `xml:"title"`
	Paths      []struct {
		D           string `xml:"d,attr"`
		Stroke      string `xml:"stroke,attr"`
		StrokeWidth string `xml:"stroke-width,attr"`
	} `xml:"path"`
	Texts []struct {
		X          float64 `xml:"x,attr"`
		Y          float64 `xml:"y,attr"`
		Weight     string  `xml:"font-weight,attr"`
		Fill       string  `xml:"fill,attr"`
		Anchor     string  `xml:"text-anchor,attr"`
		Body       string  `xml:",chardata"`
		FontSizeAt string  `xml:"font-size,attr"`
	} `xml:"text"`
}

func TestSVG(t *testing.T) {
	es := seedEntries(t)
	e := es[4] // "easy1"
	e.Name = `easy <1> & "friends"`
	e.Level, e.Score = "Easy", "1.5"
	sol := solver.Solve(t.Context(), e.Grid, solver.Options{}).Solution
	var b bytes.Buffer
	if err := WriteSVG(&b, e, ImageOptions{Size: 450, Solution: true}); err != nil {
		t.Fatal(err)
	}
	var doc svgDoc
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b.String())
	}
	plan, _ := planImage(e, ImageOptions{Size: 450})
	if doc.Width != 450 || doc.Height != plan.height || doc.ViewBox != "0 0 450 "+strconv.Itoa(plan.height) {
		t.Errorf("svg %d x %d, viewBox %q", doc.Width, doc.Height, doc.ViewBox)
	}
	if !strings.HasPrefix(doc.FontFamily, "Go,") || !strings.HasSuffix(doc.FontFamily, "sans-serif") {
		t.Errorf("font-family %q: want Go first and a generic fallback last", doc.FontFamily)
	}
	if doc.Title != e.Name {
		t.Errorf("title %q", doc.Title)
	}
	if len(doc.Paths) != 2 || doc.Paths[1].Stroke != "#000" || strings.Count(doc.Paths[0].D, "M") != 12 || strings.Count(doc.Paths[1].D, "M") != 5 {
		t.Errorf("paths %+v: want the 12 thin lines, then the 4 box lines and the border", doc.Paths)
	}
	// 81 digits in reading order, then the caption's two parts.
	if len(doc.Texts) != 83 {
		t.Fatalf("%d text elements, want 81 digits and 2 caption parts", len(doc.Texts))
	}
	checkSVGDigits(t, doc, plan, e, sol)
	name, right := doc.Texts[81], doc.Texts[82]
	// The solution says so on the right (its caption was the puzzle's).
	if name.Body != e.Name || name.Weight != "bold" || right.Body != "Easy · score 1.5 · solution" || right.Anchor != "end" || right.X != plan.board.x+plan.board.side {
		t.Errorf("caption %+v %+v", name, right)
	}
	if !strings.Contains(b.String(), "easy &lt;1&gt; &amp; &#34;friends&#34;") {
		t.Error("the name is not escaped")
	}
}

// checkSVGDigits checks the 81 digits of doc: the givens bold in black,
// the others grey, one in each cell, reading as the solution.
func checkSVGDigits(t *testing.T, doc svgDoc, plan imagePlan, e Entry, sol solver.Grid) {
	t.Helper()
	givens := 0
	for _, tx := range doc.Texts[:81] {
		if tx.Weight == "bold" {
			givens++
			if tx.Fill != "" {
				t.Errorf("given %q drawn in %s", tx.Body, tx.Fill)
			}
		} else if tx.Fill != greyHex(inkFilled) {
			t.Errorf("filled digit %q drawn in %q", tx.Body, tx.Fill)
		}
	}
	if givens != e.Grid.Givens() {
		t.Errorf("%d bold digits, want the %d givens", givens, e.Grid.Givens())
	}
	// The digits run givens first, then the filled ones; sort them back
	// into their cells by position.
	cells := make([]byte, 81)
	cell := plan.board.side / 9
	for _, tx := range doc.Texts[:81] {
		c, r := int((tx.X-plan.board.x)/cell), int((tx.Y-plan.board.y)/cell)
		if c < 0 || c > 8 || r < 0 || r > 8 || cells[9*r+c] != 0 {
			t.Fatalf("digit %q at (%g, %g) is not alone in a cell", tx.Body, tx.X, tx.Y)
		}
		cells[9*r+c] = tx.Body[0]
	}
	if string(cells) != sol.Digits() {
		t.Errorf("board reads %s, want the solution %s", cells, sol.Digits())
	}
}

// A caption of two faces is one run of text in an SVG, the lead and the
// rest as tspans: placed apart by the Go fonts' widths, they overlapped
// in a viewer that falls back to a wider font ("hard 3.5 seed ·97×9
// killer"). Its spaces are kept.
func TestSVGCaptionIsOneRun(t *testing.T) {
	geo, err := solver.NewBoxes(3, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	b := solver.NewBoard(geo)
	var out bytes.Buffer
	if err := WriteSVG(&out, Entry{Board: b, Name: "hard 3.5 seed 97"}, ImageOptions{Size: 400}); err != nil {
		t.Fatal(err)
	}
	want := `xml:space="preserve"><tspan font-weight="bold" fill="#333333">hard 3.5 seed 97</tspan><tspan fill="#666666"> · 6×6</tspan></text>`
	if !strings.Contains(out.String(), want) {
		t.Errorf("no caption run %q in\n%s", want, out.String())
	}
}

// An SVG's caption leaves room for a viewer's wider fallback font: fitted
// to svgCaptionRoom of the board by the Go fonts' widths, and held to that
// width where the viewer honours textLength. A long name ran past the
// image's edge, or over "solution", in DejaVu Sans.
func TestSVGCaptionRoom(t *testing.T) {
	g := solver.MustParse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
	var out bytes.Buffer
	name := "A very long puzzle name that goes on and on with a remark about it"
	if err := WriteSVG(&out, Entry{Grid: g, Name: name}, ImageOptions{Size: 600, Solution: true}); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`textLength="([0-9.]+)"[^>]*>([^<]*…)</text>`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no shortened caption held to a length in\n%s", out.String())
	}
	if w, _ := strconv.ParseFloat(m[1], 64); w > svgCaptionRoom*600 {
		t.Errorf("caption %q is %v wide, more than %v of 600", m[2], w, svgCaptionRoom)
	}
}
