package booklet

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Boards of other shapes, as Solo game IDs: Solo's own (sgt-solo
// --generate) and the generator's (sudoku generate --format solo).
var shapeIDs = map[string]string{
	"6x6":         "2x3:6a2a4_5_5b2e6d4e5b6_4_3a1a2",
	"6x6 tall":    "3x2:4b1b1_3e6_5f2_3e4_2b1b6",
	"9x9 jigsaw":  "9j:f2b5d8c7b8a5a2e3b5_6a9b2b8a6_5b9e6a4a2b1c3d9b4f,ba_cbaaaba_c_a___a____ba__c_ctaaba___ab_baa_ba_aaab__d__aab_e___",
	"9x9 X":       "3x3x:4i2_9_6a7_3e4_3h4_2_7a9b5_3a1_2b1a2_9_6h2_4e7_8a6_5_3i6",
	"8x8 jigsawX": "8jx:b8_1_4_6h7c6d8g3_7g8d2c6h1_3_6_5b,cc_aaabbcbcc_ab_badbb_b_b_caabaaab_bb_ca___cc",
	"16x16": "4x4:a3c16_5_1_10c12_13a14_1_14b2_4e15_8a6_16j4b11a9_15b11b13a3_16_8c2_1b13_16d7e4d7_4_11_16c2_14g15_7_2a5a1_12f8" +
		"_11_2_3b12_13a5c10b10c3a15_6b1_4_16_11f5_8a14a15_3_10g9_13c7_10_5_6d12e7d1_15b13_5c10_7_4a6b2b11_8a14b15j12_2a1_16e7_8b13_10_10a16_6c8_15_2_3c1a",
	"16x16 X": "4x4x:a3b11_16_5a10c12_13a14_1a7a2f15_8a6_16j4d9_15e13a3_16_8b4_2d14c2_7e1d9a3b11b14b5_2c8_7_1a14d4_12d2_6_15b16_13a10c14b10c15a7" +
		"_9b13_6_14d11_15d12a14_6_2c3_6b10b12b7a11d2e4_16c1d12_9b14_7_3a4e5_5d8j7_4a3_6f5a16a8_8a14_13c15a12_1_11b3a",
}

func shapeEntry(t testing.TB, name string) Entry {
	t.Helper()
	b, err := solver.ParseSoloID(shapeIDs[name])
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return Entry{Board: b}
}

func TestShapeNames(t *testing.T) {
	for name, want := range map[string]string{
		"6x6": "6×6", "6x6 tall": "6×6 (2×3 boxes)", "9x9 jigsaw": "9×9 jigsaw", "9x9 X": "9×9 X",
		"8x8 jigsawX": "8×8 jigsaw X", "16x16": "16×16", "16x16 X": "16×16 X",
	} {
		e := shapeEntry(t, name)
		if c := makeCaption(e, 3); c.shape != want || c.number != "No. 3" {
			t.Errorf("%s: caption %+v, want shape %q", name, c, want)
		}
	}
	// A classic board, as a Grid or a Board, says no shape.
	g := seedEntries(t)[0].Grid
	if c := makeCaption(Entry{Board: solver.BoardOf(g)}, 1); c.shape != "" {
		t.Errorf("classic board: shape %q", c.shape)
	}
	// The number and the right part stay whole; the shape gives way first
	// (the board shows it), then the name is cut.
	bold, regular := boldFace(), regularFace()
	mb, mr := func(s string) float64 { return bold.width(s, 10) }, func(s string) float64 { return regular.width(s, 10) }
	c := makeCaption(Entry{Board: shapeEntry(t, "8x8 jigsawX").Board, Name: strings.Repeat("long ", 30), Level: "Hard"}, 7)
	fit := fitCaption(c, 200, mb, mr)
	if fit.shape != "" || fit.right != "Hard" || !strings.HasSuffix(fit.name, "…") {
		t.Errorf("fitted %+v", fit)
	}
	if w := mb(fit.number) + mr(" · "+fit.name+"   "+fit.right); w > 200 {
		t.Errorf("fitted caption %g wide, want at most 200", w)
	}
	// A generator's name that fits once the shape is gone keeps its seed.
	c = makeCaption(Entry{Board: shapeEntry(t, "8x8 jigsawX").Board, Name: "medium 3.2 seed 1420425042045548", Level: "medium", Score: "3.2"}, 10)
	if c.right != "" {
		t.Errorf("the level and score said twice: %q after %q", c.right, c.name)
	}
	if fit := fitCaption(c, mb("No. 10")+mr(" · "+c.name)+1, mb, mr); fit.name != c.name || fit.shape != "" {
		t.Errorf("fitted %+v, want the name whole and no shape", fit)
	}
	if fit := fitCaption(c, 1000, mb, mr); fit != c {
		t.Errorf("a caption with room changed: %+v", fit)
	}
}

// TestPaginate: large boards go fewer a page, a page takes the smaller
// layout when its boards so far fit it, and classic booklets are paged
// as PageCount says.
func TestPaginate(t *testing.T) {
	most := func(caps ...int) func(int) int { return func(i int) int { return caps[i] } }
	for _, c := range []struct {
		caps    []int
		perPage int
		want    []page
	}{
		{[]int{6, 6, 6, 6, 6, 6, 6}, 6, []page{{0, 6, 6}, {6, 1, 6}}},
		{[]int{6, 6, 6, 2, 2, 2}, 6, []page{{0, 3, 6}, {3, 2, 2}, {5, 1, 2}}},
		{[]int{6, 2, 2, 6, 6}, 6, []page{{0, 2, 2}, {2, 2, 2}, {4, 1, 6}}},
		{[]int{4, 4, 6, 6, 6}, 6, []page{{0, 4, 4}, {4, 1, 6}}},
		{[]int{2, 2, 2}, 1, []page{{0, 1, 1}, {1, 1, 1}, {2, 1, 1}}},
	} {
		if got := paginate(len(c.caps), c.perPage, most(c.caps...)); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("paginate(%v, %d) = %v, want %v", c.caps, c.perPage, got, c.want)
		}
	}

	// On A4 and Letter, with or without a title: 12×12 at most 4 a page,
	// 16×16 at most 2; their cells then at least 18 pt, and one layout
	// more would make them smaller.
	for _, paper := range []Paper{A4, Letter} {
		for _, title := range []bool{false, true} {
			for _, c := range []struct{ n, perPage, want int }{
				{16, 6, 2}, {16, 4, 2}, {16, 2, 2}, {16, 1, 1}, {12, 6, 4}, {12, 4, 4}, {12, 2, 2},
				{9, 6, 6}, {8, 6, 6}, {4, 6, 6},
			} {
				got := mostPerPage(paper, title, c.perPage, c.n, PerPageChoices, minPuzzleCell)
				if got != c.want {
					t.Errorf("%s title=%v: %d×%d at %d a page: %d, want %d", paper.Name, title, c.n, c.n, c.perPage, got, c.want)
				}
			}
			if got := mostPerPage(paper, true, SolutionsPerPage, 16, solutionChoices, minSolutionCell); got != 6 {
				t.Errorf("%s: 16×16 solutions %d a page, want 6", paper.Name, got)
			}
			if got := mostPerPage(paper, true, SolutionsPerPage, 12, solutionChoices, minSolutionCell); got != SolutionsPerPage {
				t.Errorf("%s: 12×12 solutions %d a page, want %d", paper.Name, got, SolutionsPerPage)
			}
		}
	}

	classic := seedEntries(t)
	for _, opt := range []Options{{}, {PerPage: 6, Solutions: true}, {PerPage: 1, Title: "x"}} {
		if a, b := PageCountOf(classic, opt), PageCount(len(classic), opt); a != b {
			t.Errorf("%+v: PageCountOf %d, PageCount %d", opt, a, b)
		}
	}
	// Two classic boards, three 16×16, one 6×6, four a page with
	// solutions: the classic pair and the first 16×16 would make three on
	// a page of four, so the 16×16 start a page of two; the last one
	// shares its page with the 6×6. The solutions: five on a page of six
	// (16×16 solutions go six a page), then the sixth.
	sixteen, six := shapeEntry(t, "16x16"), shapeEntry(t, "6x6")
	mixed := []Entry{classic[0], classic[1], sixteen, sixteen, sixteen, six}
	opt := Options{PerPage: 4, Solutions: true}
	if got := PageCountOf(mixed, opt); got != 3+1 {
		t.Errorf("mixed booklet: %d pages, want 4", got)
	}
	plan := planPages(mixed, Options{Paper: A4, PerPage: 4, Solutions: true})
	if fmt.Sprint(plan.puzzles) != "[{0 2 4} {2 2 2} {4 2 2}]" || fmt.Sprint(plan.solutions) != "[{0 6 6}]" {
		t.Errorf("mixed booklet: pages %v, solutions %v", plan.puzzles, plan.solutions)
	}
	// One or two solutions fill their page as their puzzles do (one sat
	// small in a corner of an empty page).
	for n, want := range map[int]string{1: "[{0 1 1}]", 2: "[{0 2 2}]", 3: "[{0 3 12}]"} {
		if p := planPages(classic[:n], Options{Paper: A4, PerPage: 1, Solutions: true}); fmt.Sprint(p.solutions) != want {
			t.Errorf("%d puzzles: solutions %v, want %s", n, p.solutions, want)
		}
	}
	if PageCountOf(nil, opt) != 0 || PageCountOf(mixed, Options{PerPage: 5}) != 0 {
		t.Error("PageCountOf counts pages for nothing, or for bad options")
	}
}

func TestShapeRefuses(t *testing.T) {
	b := shapeEntry(t, "6x6").Board.Clone()
	b.Cells[1] = b.Cells[0] // 6 twice in row 1
	if b.Cells[0] == 0 {
		t.Fatal("the 6×6 has no given in r1c1")
	}
	var pe *PuzzleError
	err := WritePDF(io.Discard, []Entry{shapeEntry(t, "9x9 X"), {Board: b, Name: "twins"}}, Options{})
	if !errors.As(err, &pe) || pe.Index != 1 || pe.Name != "twins" || !errors.Is(err, solver.ErrConflict) ||
		!strings.Contains(err.Error(), "6 twice in row 1 (r1c1, r1c2)") {
		t.Errorf("invalid 6×6: %v", err)
	}
	// Givens that follow the rules but leave r1c1 nothing: 1 and 2 in its
	// row, 3 in its box, 4, 5 and 6 in its column.
	nosol := solver.NewBoard(shapeEntry(t, "6x6").Board.Geo)
	nosol.Cells[1], nosol.Cells[2], nosol.Cells[6] = 1, 2, 3
	nosol.Cells[12], nosol.Cells[18], nosol.Cells[24] = 4, 5, 6
	for name, write := range map[string]func() error{
		"pdf": func() error { return WritePDF(io.Discard, []Entry{{Board: nosol}}, Options{Solutions: true}) },
		"png": func() error { return WritePNG(io.Discard, Entry{Board: nosol}, ImageOptions{Solution: true}) },
		"svg": func() error { return WriteSVG(io.Discard, Entry{Board: nosol}, ImageOptions{Solution: true}) },
	} {
		if err := write(); !errors.Is(err, ErrUnsolvable) {
			t.Errorf("%s, unsolvable 6×6: %v", name, err)
		}
	}
	if err := WritePDF(io.Discard, []Entry{{Board: nosol}}, Options{}); err != nil {
		t.Errorf("an unsolvable 6×6 without solutions: %v", err)
	}
}

// borderBetween reports whether the line between cells i and j of g (side
// by side) is a region border.
func borderBetween(g *solver.Geometry, i, j int) bool { return g.Region(i) != g.Region(j) }

// TestPNGShapes checks each shape's drawing pixel by pixel: the board on
// whole cells, every line between two cells black and thick exactly
// where the cells are in different regions (thin and grey elsewhere),
// full corners where region lines meet, the diagonal cells of an X
// board shaded and the others white, and every given's ink in the middle
// of its cell, letters included; the solution fills every cell.
func TestPNGShapes(t *testing.T) {
	for name := range shapeIDs {
		e := shapeEntry(t, name)
		g := e.Board.Geo
		n := g.N
		for _, withSolution := range []bool{false, true} {
			opt := ImageOptions{Size: 640, Solution: withSolution}
			plan, err := planImage(e, opt)
			if err != nil {
				t.Fatal(err)
			}
			img := writePNG(t, e, opt)
			x0, y0, side := int(plan.board.x), int(plan.board.y), int(plan.board.side)
			if side%n != 0 || img.Bounds().Dx() != 640 || img.Bounds().Dy() <= 640 {
				t.Fatalf("%s: image %v, board side %d", name, img.Bounds(), side)
			}
			cell := side / n
			thin, thick := imageBoardLineWidths(side, n)
			// The line left of cell (r, c) for c >= 1, and the one above
			// cell (c, r) for r >= 1 (transposed), each across the middle
			// of the cell's side.
			for r := 0; r < n; r++ {
				for k := 1; k < n; k++ {
					for _, vertical := range []bool{true, false} {
						i, j := r*n+k-1, r*n+k
						at := func(d int) uint8 { return img.GrayAt(x0+k*cell+d, y0+r*cell+cell/4).Y }
						if !vertical {
							i, j = (k-1)*n+r, k*n+r
							at = func(d int) uint8 { return img.GrayAt(x0+r*cell+cell/4, y0+k*cell+d).Y }
						}
						want, w := uint8(inkThin), thin
						if borderBetween(g, i, j) {
							want, w = inkBlack, thick
						}
						first := -w / 2
						if at(first) != want || at(first+w-1) != want || at(first-1) == want || at(first+w) == want {
							t.Errorf("%s: line between %s and %s: pixels %d %d|%d %d, want %d pixels of %d",
								name, g.CellName(i), g.CellName(j), at(first-1), at(first), at(first+w-1), at(first+w), w, want)
						}
					}
				}
			}
			// Where region lines meet, the corner is full: the square
			// where the lines' widths cross is black.
			for y := 1; y < n; y++ {
				for x := 1; x < n; x++ {
					tl, tr, bl, br := (y-1)*n+x-1, (y-1)*n+x, y*n+x-1, y*n+x
					if !(borderBetween(g, tl, tr) || borderBetween(g, bl, br) || borderBetween(g, tl, bl) || borderBetween(g, tr, br)) {
						continue
					}
					for _, d := range [][2]int{{0, 0}, {thick - 1, 0}, {0, thick - 1}, {thick - 1, thick - 1}} {
						px, py := x0+x*cell-thick/2+d[0], y0+y*cell-thick/2+d[1]
						if v := img.GrayAt(px, py).Y; v != inkBlack {
							t.Errorf("%s: corner at row %d column %d: pixel %d,%d is %d, want black", name, y, x, px, py, v)
						}
					}
				}
			}
			// Shading: a cell's corner, inside its lines, away from its
			// symbol.
			for i := range n * n {
				r, c := i/n, i%n
				want := uint8(255)
				if g.X && (r == c || r+c == n-1) {
					want = inkDiagonal
				}
				if v := img.GrayAt(x0+c*cell+thick, y0+r*cell+thick).Y; v != want {
					t.Errorf("%s: the corner of %s is %d, want %d", name, g.CellName(i), v, want)
				}
			}
			var sol []uint8
			if withSolution {
				sol = solver.SolveBoard(t.Context(), e.Board, solver.Options{}).Solution.Cells
			}
			for i, v := range e.Board.Cells {
				r := image.Rect(x0+i%n*cell+thick, y0+i/n*cell+thick, x0+(i%n+1)*cell-thick, y0+(i/n+1)*cell-thick)
				box, darkest := inkBox(img, r)
				switch {
				case v != 0 && darkest > 40, v == 0 && withSolution && (darkest < inkFilled-10 || darkest > inkFilled+30):
					t.Errorf("%s: symbol %c at %s: darkest pixel %d", name, solver.Symbol(max(v, at(sol, i))), g.CellName(i), darkest)
				case v == 0 && !withSolution:
					if darkest < inkDiagonal {
						t.Errorf("%s: empty cell %s has ink %d", name, g.CellName(i), darkest)
					}
					continue
				}
				cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
				mx, my := float64(box.Min.X+box.Max.X)/2, float64(box.Min.Y+box.Max.Y)/2
				if math.Abs(mx-cx) > 1.5 || math.Abs(my-cy) > 2 || box.Dy() < cell/3 {
					t.Errorf("%s: symbol at %s: ink %v centred at (%g, %g), cell centre (%g, %g)", name, g.CellName(i), box, mx, my, cx, cy)
				}
			}
		}
	}
}

func at(s []uint8, i int) uint8 {
	if s == nil {
		return 0
	}
	return s[i]
}

// TestSVGShapes reads the SVG of each shape back: the shaded cells of an
// X board, the lines on the PNG's pixels (thin ones where cells share a
// region, region lines where they do not, square ends on a jigsaw's), the
// symbols in their cells in bold, and the caption saying the shape.
func TestSVGShapes(t *testing.T) {
	type svgShapeDoc struct {
		Paths []struct {
			D       string `xml:"d,attr"`
			Fill    string `xml:"fill,attr"`
			Stroke  string `xml:"stroke,attr"`
			Linecap string `xml:"stroke-linecap,attr"`
		} `xml:"path"`
		Texts []struct {
			X      float64 `xml:"x,attr"`
			Y      float64 `xml:"y,attr"`
			Weight string  `xml:"font-weight,attr"`
			Body   string  `xml:",chardata"`
		} `xml:"text"`
	}
	for name := range shapeIDs {
		e := shapeEntry(t, name)
		g, n := e.Board.Geo, e.Board.Geo.N
		var b bytes.Buffer
		if err := WriteSVG(&b, e, ImageOptions{}); err != nil {
			t.Fatal(err)
		}
		var doc svgShapeDoc
		if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("%s: not XML: %v", name, err)
		}
		plan, _ := planImage(e, ImageOptions{})
		paths := doc.Paths
		if g.X {
			// 2N cells, or 2N-1 when the diagonals cross in one.
			if len(paths) == 0 || paths[0].Fill != greyHex(inkDiagonal) || strings.Count(paths[0].D, "Z") != 2*n-n%2 {
				t.Errorf("%s: no shading of the %d diagonal cells: %+v", name, 2*n-n%2, paths)
				continue
			}
			paths = paths[1:]
		}
		if len(paths) != 2 || paths[1].Stroke != "#000" {
			t.Fatalf("%s: paths %+v, want the thin lines then the region lines", name, paths)
		}
		// Every region line is a run of cells in different regions; count
		// the cell sides they cover against the geometry's.
		covered, want := 0, 0
		for k := 1; k < n; k++ {
			for r := range n {
				if borderBetween(g, r*n+k-1, r*n+k) {
					want++
				}
				if borderBetween(g, (k-1)*n+r, k*n+r) {
					want++
				}
			}
		}
		cell := plan.board.side / float64(n)
		x0, y0 := plan.board.x, plan.board.y
		for _, seg := range strings.Split(paths[1].D, "M")[1:] {
			if strings.Contains(seg, "Z") {
				continue // the border
			}
			f := strings.FieldsFunc(seg, func(r rune) bool { return r == ' ' || r == 'L' || r == 'V' || r == 'H' })
			var v []float64
			for _, s := range f {
				x, err := strconv.ParseFloat(s, 64)
				if err != nil {
					t.Fatalf("%s: path %q", name, seg)
				}
				v = append(v, x)
			}
			var from, to [2]float64
			switch {
			case strings.Contains(seg, "L"):
				from, to = [2]float64{v[0], v[1]}, [2]float64{v[2], v[3]}
			case strings.Contains(seg, "V"):
				from, to = [2]float64{v[0], v[1]}, [2]float64{v[0], v[2]}
			default:
				from, to = [2]float64{v[0], v[1]}, [2]float64{v[2], v[1]}
			}
			// Cells along the run, each checked against the regions.
			steps := int(math.Round((math.Abs(to[0]-from[0]) + math.Abs(to[1]-from[1])) / cell))
			for s := range steps {
				if from[0] == to[0] { // vertical: between columns k-1 and k
					k := int(math.Round((from[0] - x0) / cell))
					r := int(math.Round((min(from[1], to[1])-y0)/cell)) + s
					if !borderBetween(g, r*n+k-1, r*n+k) {
						t.Errorf("%s: a region line between %s and %s, in one region", name, g.CellName(r*n+k-1), g.CellName(r*n+k))
					}
				} else {
					k := int(math.Round((from[1] - y0) / cell))
					c := int(math.Round((min(from[0], to[0])-x0)/cell)) + s
					if !borderBetween(g, (k-1)*n+c, k*n+c) {
						t.Errorf("%s: a region line between %s and %s, in one region", name, g.CellName((k-1)*n+c), g.CellName(k*n+c))
					}
				}
				covered++
			}
		}
		if covered != want {
			t.Errorf("%s: region lines cover %d cell sides, want %d", name, covered, want)
		}
		if g.Jigsaw() != (paths[1].Linecap == "square") {
			t.Errorf("%s: region lines' ends %q", name, paths[1].Linecap)
		}
		// The symbols, then the caption: the shape alone, in bold.
		givens := e.Board.Givens()
		if len(doc.Texts) != givens+1 {
			t.Fatalf("%s: %d texts, want %d givens and a caption", name, len(doc.Texts), givens)
		}
		cells := bytes.Repeat([]byte{'.'}, n*n)
		for _, tx := range doc.Texts[:givens] {
			c, r := int((tx.X-x0)/cell), int((tx.Y-y0)/cell)
			if c < 0 || c >= n || r < 0 || r >= n || cells[r*n+c] != '.' || tx.Weight != "bold" {
				t.Fatalf("%s: symbol %q at (%g, %g)", name, tx.Body, tx.X, tx.Y)
			}
			cells[r*n+c] = tx.Body[0]
		}
		if string(cells) != e.Board.String() {
			t.Errorf("%s: board reads %s, want %s", name, cells, e.Board.String())
		}
		if c := doc.Texts[givens]; c.Body != shapeName(g) || c.Weight != "bold" {
			t.Errorf("%s: caption %+v", name, c)
		}
	}
}

// TestPDFShapes has poppler read and draw a booklet of every shape, one a
// page: the symbols in each board, the caption with the shape, and in
// the drawing thick lines exactly at region borders, thin ones elsewhere,
// and the diagonals of an X board shaded.
func TestPDFShapes(t *testing.T) {
	var es []Entry
	var names []string
	for name := range shapeIDs {
		names = append(names, name)
	}
	slices.Sort(names)
	names = append(names, "classic")
	for _, name := range names {
		if name == "classic" {
			es = append(es, seedEntries(t)[0])
			continue
		}
		e := shapeEntry(t, name)
		e.Name = name
		es = append(es, e)
	}
	opt := Options{PerPage: 1, Solutions: true, Title: "Shapes"}
	data := writePDF(t, es, opt)
	path := writeTemp(t, data)
	// One puzzle a page; the solutions of the 16×16 boards go six a page.
	pages := PageCountOf(es, opt)
	if len(readPDF(t, data).pages) != pages || pages != len(es)+2 {
		t.Fatalf("%d pages, PageCountOf says %d, want %d", len(readPDF(t, data).pages), pages, len(es)+2)
	}
	const dpi = 108
	dir := t.TempDir()
	runTool(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-gray", "-png", "-f", "1", "-l", strconv.Itoa(len(es)), path, filepath.Join(dir, "p"))
	l := layoutPage(A4, true, 1)
	b := l.boards[0]
	for p, e := range es {
		geo, givens := e.puzzle()
		n := geo.N
		// The caption's line, then the board's rows.
		lines := strings.Split(strings.TrimSpace(textIn(t, path, p+1, b.x, b.y-2*l.captionSize, b.side, b.side+2*l.captionSize)), "\n")
		var want strings.Builder
		for _, v := range givens {
			if v != 0 {
				want.WriteByte(solver.Symbol(v))
			}
		}
		if got := strings.Join(strings.Fields(strings.Join(lines[1:], " ")), ""); got != want.String() {
			t.Errorf("%s: board reads %s, want %s", names[p], got, want.String())
		}
		capText := strings.Join(strings.Fields(lines[0]), " ")
		wantCap := fmt.Sprintf("No. %d · %s · %s", p+1, shapeName(geo), e.Name)
		if geo.IsClassic() {
			wantCap = fmt.Sprintf("No. %d · %s", p+1, e.Name)
		}
		if capText != wantCap {
			t.Errorf("caption %q, want %q", capText, wantCap)
		}

		png, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("p-%0*d.png", len(strconv.Itoa(pages)), p+1)))
		if err != nil {
			t.Fatal(err)
		}
		src := decodePNG(t, png)
		img := image.NewGray(src.Bounds())
		draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
		grey := func(x, y int) uint8 { return img.GrayAt(x, y).Y }
		scale := dpi / 72.0
		cell := b.side / float64(n)
		px := func(x, y float64) (int, int) { return int(math.Floor(x * scale)), int(math.Floor(y * scale)) } // the pixel holding (x, y)
		// dark counts the pixels darker than mid-grey across the line
		// between cells, at a quarter of the way along it.
		_, thickPt := boardLineWidths(b.side, n)
		reach := int(math.Ceil(thickPt * scale))
		dark := func(k, r int, vertical bool) int {
			count := 0
			for d := -reach; d <= reach; d++ {
				var x, y int
				if vertical {
					x, y = px(b.x+float64(k)*cell, b.y+(float64(r)+0.25)*cell)
					x += d
				} else {
					x, y = px(b.x+(float64(r)+0.25)*cell, b.y+float64(k)*cell)
					y += d
				}
				if grey(x, y) < 128 {
					count++
				}
			}
			return count
		}
		minThick := int(thickPt*scale) - 1
		for k := 1; k < n; k++ {
			for r := range n {
				for _, vertical := range []bool{true, false} {
					i, j := r*n+k-1, r*n+k
					if !vertical {
						i, j = (k-1)*n+r, k*n+r
					}
					got := dark(k, r, vertical)
					if borderBetween(geo, i, j) && got < minThick || !borderBetween(geo, i, j) && got > 2 {
						t.Errorf("%s: line between %s and %s is %d dark pixels wide (region border %v, thick is %d)",
							names[p], geo.CellName(i), geo.CellName(j), got, borderBetween(geo, i, j), minThick+1)
					}
				}
			}
		}
		// Where region lines meet, the corner is full.
		for y := 1; y < n; y++ {
			for x := 1; x < n; x++ {
				tl, tr, bl, br := (y-1)*n+x-1, (y-1)*n+x, y*n+x-1, y*n+x
				if !(borderBetween(geo, tl, tr) || borderBetween(geo, bl, br) || borderBetween(geo, tl, bl) || borderBetween(geo, tr, br)) {
					continue
				}
				for _, d := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
					cx, cy := px(b.x+float64(x)*cell+d[0]*0.3*thickPt, b.y+float64(y)*cell+d[1]*0.3*thickPt)
					if v := grey(cx, cy); v >= 128 {
						t.Errorf("%s: the corner at row %d column %d has a notch: pixel %d,%d is %d", names[p], y, x, cx, cy, v)
					}
				}
			}
		}
		for i := range n * n {
			r, c := i/n, i%n
			x, y := px(b.x+(float64(c)+0.15)*cell, b.y+(float64(r)+0.15)*cell)
			v := int(grey(x, y))
			shaded := geo.X && (r == c || r+c == n-1)
			if shaded && (v < inkDiagonal-6 || v > inkDiagonal+6) || !shaded && v != 255 {
				t.Errorf("%s: %s is %d (shaded %v)", names[p], geo.CellName(i), v, shaded)
			}
		}
	}
}

// TestBoardEntryClassic: a classic Board prints as its Grid does, and a
// Board that is not a whole board is refused, not printed in part.
func TestBoardEntryClassic(t *testing.T) {
	es := seedEntries(t)
	asBoards := make([]Entry, len(es))
	for i, e := range es {
		asBoards[i] = Entry{Board: solver.BoardOf(e.Grid), Name: e.Name}
	}
	opt := Options{PerPage: 2, Solutions: true}
	if !bytes.Equal(writePDF(t, es, opt), writePDF(t, asBoards, opt)) {
		t.Error("classic Boards print otherwise than their Grids")
	}
	var a, b bytes.Buffer
	if WritePNG(&a, es[2], ImageOptions{Solution: true}) != nil || WritePNG(&b, asBoards[2], ImageOptions{Solution: true}) != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("a classic Board's PNG differs from its Grid's")
	}
	short := Entry{Board: solver.Board{Geo: solver.Classic, Cells: make([]uint8, 80)}}
	var pe *PuzzleError
	if err := WritePDF(io.Discard, []Entry{es[0], short}, Options{}); !errors.As(err, &pe) || pe.Index != 1 || !strings.Contains(err.Error(), "81 cells, not 80") {
		t.Errorf("a board of 80 cells: %v", err)
	}
}
