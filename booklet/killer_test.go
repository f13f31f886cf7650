package booklet

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// killerEntry is classic 9×9 cut into dominoes along the rows (a single
// cell at each row's end), its sums from a solution, no givens.
func killerEntry(t *testing.T) Entry {
	t.Helper()
	sol := solver.MustParse("483921657967345821251876493548132976729564138136798245372689514814253769695417382")
	var cages []solver.Cage
	for i := 0; i < 81; i++ {
		if i%9 < 8 {
			cages = append(cages, solver.Cage{Cells: []int16{int16(i), int16(i + 1)}, Sum: int(sol[i] + sol[i+1])})
			i++
		} else {
			cages = append(cages, solver.Cage{Cells: []int16{int16(i)}, Sum: int(sol[i])})
		}
	}
	geo, err := solver.NewKiller(solver.Classic, cages)
	if err != nil {
		t.Fatal(err)
	}
	return Entry{Board: solver.NewBoard(geo), Name: "dominoes"}
}

// A killer's cages are outlined by dashed lines inset in their cells, and
// each sum is written in its cage's first cell.
func TestKillerCagesAreDrawn(t *testing.T) {
	e := killerEntry(t)
	g, left, right := grayBoard(t, e, 600)
	mid := g.Bounds().Dy() / 2
	cell := float64(right-left) / 9
	// The left outline of the domino r5c1-r5c2 runs down at 0.1 cell in:
	// dark and light in turn, a dash pattern.
	x := left + int(cell*cageInset+0.5)
	dark, light := 0, 0
	for y := int(float64(mid) - cell*0.3); y < int(float64(mid)+cell*0.3); y++ {
		if g.GrayAt(x, y).Y < 160 {
			dark++
		} else {
			light++
		}
	}
	if dark == 0 || light == 0 {
		t.Errorf("the cage's left outline is not dashed: %d dark, %d light pixels", dark, light)
	}
	var svg bytes.Buffer
	if err := WriteSVG(&svg, e, ImageOptions{}); err != nil {
		t.Fatal(err)
	}
	if s := svg.String(); !strings.Contains(s, `stroke="#464646"`) || !strings.Contains(s, ">12<") || !strings.Contains(s, "9×9 killer") {
		t.Errorf("the SVG lacks the dashed cages, the first sum (4+8) or the shape:\n%.600s", s)
	}
	var pdf bytes.Buffer
	if err := WritePDF(&pdf, []Entry{e}, Options{PerPage: 1}); err != nil {
		t.Fatal(err)
	}
}

// A cage's hollow corner where both lines end (the cell outside it up
// and to the left) is closed: with the dash pattern run from each line's
// start, both could stop short of it, and the cage looked like two.
func TestKillerHollowCornersClosed(t *testing.T) {
	// r1c2, r2c1, r2c2: lines end at the hollow corner by r1c1.
	geo, err := solver.NewKiller(solver.Classic, []solver.Cage{{Sum: 10, Cells: []int16{1, 9, 10}}})
	if err != nil {
		t.Fatal(err)
	}
	g, left, right := grayBoard(t, Entry{Board: solver.NewBoard(geo)}, 900)
	top := 0
	for g.GrayAt(g.Bounds().Dx()/2, top).Y > 100 {
		top++
	}
	cell := float64(right-left) / 9
	at := func(k float64) int { return int(k*cell + 0.5) }
	// The corner at (1+inset, 1+inset) cells, and a dash's length back
	// along each line: ink within a pixel or two of the corner on both.
	cx, cy := left+at(1+cageInset), top+at(1+cageInset)
	inked := func(x, y int) bool {
		for dx := -2; dx <= 2; dx++ {
			for dy := -2; dy <= 2; dy++ {
				if g.GrayAt(x+dx, y+dy).Y < 160 {
					return true
				}
			}
		}
		return false
	}
	if !inked(cx-3, cy) || !inked(cx, cy-3) {
		t.Errorf("the hollow corner at (%d, %d) is open: horizontal line inked %v, vertical %v", cx, cy, inked(cx-3, cy), inked(cx, cy-3))
	}
}

// cageLog records a surface's dashes and fills.
type cageLog struct {
	textLog
	dashes []solver.Segment
	width  float64
	fills  [][4]float64
}

func (l *cageLog) cageLines(d []solver.Segment, width float64, _ int) {
	l.dashes, l.width = append(l.dashes, d...), width
}
func (l *cageLog) fill(x, y, w, h float64, _ int) { l.fills = append(l.fills, [4]float64{x, y, w, h}) }

// No dash of a cage's outline meets a sum's patch: the patch would cut it
// to a stub, which by the sum reads as a dot ("10·"). Every cage's top
// line keeps dashes all the same.
func TestKillerSumsStandClear(t *testing.T) {
	e := killerEntry(t)
	var l cageLog
	const side = 540.0
	drawCages(&l, boardGeom{x: 20, y: 30, side: side}, e.Board.Geo)
	if len(l.fills) != 45 || len(l.dashes) == 0 {
		t.Fatalf("%d patches, %d dashes", len(l.fills), len(l.dashes))
	}
	for _, d := range l.dashes {
		for _, f := range l.fills {
			if d.X1+l.width/2 > f[0] && d.X0-l.width/2 < f[0]+f[2] && d.Y1+l.width/2 > f[1] && d.Y0-l.width/2 < f[1]+f[3] {
				t.Fatalf("the dash %v meets the patch %v", d, f)
			}
		}
	}
	// The top line of r1c1-r1c2 (the first cage) still has dashes right of its sum.
	top := 30 + side/9*cageInset
	n := 0
	for _, d := range l.dashes {
		if d.Y0 == top && d.Y1 == top && d.X1 < 20+side/9*2 {
			n++
		}
	}
	if n < 3 {
		t.Errorf("the first cage's top line has %d dashes", n)
	}
}

// grayBoard draws e as a PNG of the given size and returns it with the
// board's left and right edges: the first black pixels of the middle row
// from either side.
func grayBoard(t *testing.T, e Entry, size int) (g *image.Gray, left, right int) {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePNG(&buf, e, ImageOptions{Size: size}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	g = img.(*image.Gray)
	mid := g.Bounds().Dy() / 2
	for g.GrayAt(left, mid).Y > 100 {
		left++
	}
	right = g.Bounds().Dx() - 1
	for g.GrayAt(right, mid).Y > 100 {
		right--
	}
	return g, left, right
}

// textLog records where a surface is asked to set text.
type textLog struct {
	texts []struct{ x, y, size float64 }
}

func (l *textLog) text(_ *face, size float64, _ int, x, y float64, _ string, _ bool) {
	l.texts = append(l.texts, struct{ x, y, size float64 }{x, y, size})
}
func (l *textLog) cageLines([]solver.Segment, float64, int)     {}
func (l *textLog) fill(float64, float64, float64, float64, int) {}

// On a killer drawn with its cages, every symbol is the same size and
// sits the same way in its cell, lower than centred, so that one under a
// sum clears it: the helper who printed killers saw the sums' cells'
// digits smaller and aside, unlike the rest. Without the cages (the
// image's plain solutions) they are centred.
func TestKillerSymbolsClearOfSums(t *testing.T) {
	geo, err := solver.NewKiller(solver.Classic, []solver.Cage{{Sum: 29, Cells: []int16{0, 1, 2, 9}}})
	if err != nil {
		t.Skip(err)
	}
	givens := make([]uint8, 81)
	givens[0], givens[1] = 8, 8 // the sum's cell, and the next one
	b := boardGeom{x: 0, y: 0, side: 270}
	cell := b.side / 9
	var caged, plain textLog
	drawSymbols(&caged, b, geo, givens, nil, true)
	drawSymbols(&plain, b, geo, givens, nil, false)
	if len(caged.texts) != 2 || len(plain.texts) != 2 {
		t.Fatalf("%d and %d texts", len(caged.texts), len(plain.texts))
	}
	sum, next := caged.texts[0], caged.texts[1]
	if sum.size != next.size || sum.y != next.y || math.Abs(next.x-sum.x-cell) > 1e-9 {
		t.Errorf("the sum's cell: %+v; the next cell: %+v: not alike", sum, next)
	}
	if !(sum.y > plain.texts[0].y && sum.size < plain.texts[0].size) {
		t.Errorf("caged %+v, plain %+v: want smaller and lower", sum, plain.texts[0])
	}
	inkTop := sum.y - 2*boldFace().capMid*sum.size
	sumBottom := cell*cageInset*0.8 + cell*cageSum*0.95
	if inkTop <= sumBottom {
		t.Errorf("the digit's ink starts at %.2f, above the sum's bottom %.2f", inkTop, sumBottom)
	}
}

// A killer's solution in a booklet has its cages and sums, so that the
// sums can be checked against it (the solutions were plain grids; Solo
// prints its killers' solutions with their cages).
func TestKillerSolutionsHaveTheirCages(t *testing.T) {
	e := killerEntry(t)
	path := writeTemp(t, writePDF(t, []Entry{e}, Options{Paper: A4, PerPage: 1, Solutions: true}))
	solutions := runTool(t, "pdftotext", "-f", "2", "-l", "2", path, "-")
	for _, c := range e.Board.Geo.Cages()[:3] {
		if !strings.Contains(solutions, strconv.Itoa(c.Sum)) {
			t.Errorf("the solutions page lacks the sum %d:\n%s", c.Sum, solutions)
		}
	}
	if got := strings.Count(solutions, "12"); got == 0 {
		t.Errorf("no sum 12 (r1c1-r1c2's) on the solutions page:\n%s", solutions)
	}
}
