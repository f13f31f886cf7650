package booklet

import (
	"bytes"
	"image"
	"image/png"
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
	var buf bytes.Buffer
	if err := WritePNG(&buf, e, ImageOptions{Size: 600}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	g := img.(*image.Gray)
	// Find the board: the first black pixel of the middle row from the left.
	mid := g.Bounds().Dy() / 2
	left := 0
	for g.GrayAt(left, mid).Y > 100 {
		left++
	}
	right := g.Bounds().Dx() - 1
	for g.GrayAt(right, mid).Y > 100 {
		right--
	}
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
	if s := svg.String(); !strings.Contains(s, "stroke-dasharray") || !strings.Contains(s, ">12<") || !strings.Contains(s, "9×9 killer") {
		t.Errorf("the SVG lacks the dashed cages, the first sum (4+8) or the shape:\n%.600s", s)
	}
	var pdf bytes.Buffer
	if err := WritePDF(&pdf, []Entry{e}, Options{PerPage: 1}); err != nil {
		t.Fatal(err)
	}
}

// textLog records where a surface is asked to set text.
type textLog struct {
	texts []struct{ x, y, size float64 }
}

func (l *textLog) text(_ *face, size float64, _ int, x, y float64, _ string, _ bool) {
	l.texts = append(l.texts, struct{ x, y, size float64 }{x, y, size})
}
func (l *textLog) cageLines(boardGeom, float64, []solver.Segment, float64, int) {}
func (l *textLog) fill(float64, float64, float64, float64, int)                 {}

// On a killer drawn with its cages, a symbol in a cell that carries a
// sum sits lower, to the right and smaller, clear of the sum (centred, a
// 20 sat on an 8); without the cages (the PDF's solutions) it is centred.
func TestKillerSymbolsClearOfSums(t *testing.T) {
	geo, err := solver.NewKiller(solver.Classic, []solver.Cage{{Sum: 9, Cells: []int16{0, 1}}})
	if err != nil {
		t.Skip(err)
	}
	givens := make([]uint8, 81)
	givens[0], givens[1] = 4, 5 // the sum's cell, and the next one
	b := boardGeom{x: 0, y: 0, side: 270}
	var caged, plain textLog
	drawSymbols(&caged, b, geo, givens, nil, true)
	drawSymbols(&plain, b, geo, givens, nil, false)
	if len(caged.texts) != 2 || len(plain.texts) != 2 {
		t.Fatalf("%d and %d texts", len(caged.texts), len(plain.texts))
	}
	sum, next := caged.texts[0], caged.texts[1]
	if !(sum.y > plain.texts[0].y && sum.x > plain.texts[0].x && sum.size < next.size) || next != plain.texts[1] {
		t.Errorf("the sum's cell: %+v (centred %+v); the next cell: %+v (centred %+v)", sum, plain.texts[0], next, plain.texts[1])
	}
}
