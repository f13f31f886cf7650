package solver

import (
	"math"
	"slices"
	"testing"
)

// Region edges of a 6×6 with 3×2 boxes are its box lines; a jigsaw's
// follow its regions.
func TestRegionEdges(t *testing.T) {
	g := mustBoxes(3, 2, false)
	want := []Edge{{3, 0, 3, 6}, {0, 2, 6, 2}, {0, 4, 6, 4}}
	if got := g.RegionEdges(); !slices.Equal(got, want) {
		t.Errorf("6×6 box lines %v, want %v", got, want)
	}
}

// An L-shaped cage is one closed outline of six lines, inset, its hollow
// corner turned at the inset.
func TestCageLinesOutlineACage(t *testing.T) {
	g, err := NewKiller(mustBoxes(2, 2, false), []Cage{{Cells: []int16{0, 1, 4}, Sum: 7}})
	if err != nil {
		t.Fatal(err)
	}
	got := g.CageLines(0.125)
	want := []Segment{
		{0.125, 0.125, 1.875, 0.125}, // top of r1c1-r1c2
		{0.875, 0.875, 1.875, 0.875}, // bottom of r1c2, from the hollow corner
		{0.125, 1.875, 0.875, 1.875}, // bottom of r2c1
		{0.125, 0.125, 0.125, 1.875}, // left of r1c1-r2c1
		{0.875, 0.875, 0.875, 1.875}, // right of r2c1, from the hollow corner
		{1.875, 0.125, 1.875, 0.875}, // right of r1c2
	}
	if !slices.Equal(got, want) {
		t.Errorf("cage lines\n%v\nwant\n%v", got, want)
	}
	if (&Geometry{}).CageLines(0.1) != nil {
		t.Error("a board without cages has cage lines")
	}
}

// A dash pattern starts and ends each line with a dash, close to the
// asked-for lengths: two lines that end at one corner both reach it.
func TestDashesFillTheLine(t *testing.T) {
	for _, l := range []float64{0.05, 0.12, 0.2, 0.3, 0.75, 1, 1.8, 2.6, 7.8} {
		n, d, step := Dashes(l, 0.12, 0.08)
		if n < 1 {
			t.Fatalf("length %v: no dash", l)
		}
		if end := float64(n-1)*step + d; end < l-1e-9 || end > l+1e-9 {
			t.Errorf("length %v: %d dashes end at %v", l, n, end)
		}
		if n > 1 && (d < 0.12*0.7 || d > 0.12*1.45 || step-d < 0.08*0.7 || step-d > 0.08*1.45) {
			t.Errorf("length %v: dash %v gap %v, far from 0.12 and 0.08", l, d, step-d)
		}
	}
	if n, _, _ := Dashes(0, 0.12, 0.08); n != 0 {
		t.Error("a line of no length has dashes")
	}
}

// A cage line is dashed cell by cell: a dash ends on each side of every
// grid line it crosses, so that no gap falls on a box's thick line (on
// paper the cage looked like two, one without its sum).
func TestDashesMeetAtGridLines(t *testing.T) {
	segs := DashesAlong([]Segment{{0.1, 0.1, 2.9, 0.1}, {0.9, 0.1, 0.9, 1.9}}, 10, 0, 0, 0.12, 0.08)
	for _, at := range []float64{10, 20} { // the grid lines x = 1 and 2
		ends, starts := false, false
		for _, s := range segs {
			if s.Y0 == 1 && s.Y1 == 1 {
				ends = ends || math.Abs(s.X1-at) < 1e-9
				starts = starts || math.Abs(s.X0-at) < 1e-9
			}
		}
		if !ends || !starts {
			t.Errorf("at x = %v: a dash ends there %v, one starts %v", at, ends, starts)
		}
	}
	ends, starts := false, false
	for _, s := range segs {
		if s.X0 == 9 && s.X1 == 9 {
			ends = ends || math.Abs(s.Y1-10) < 1e-9
			starts = starts || math.Abs(s.Y0-10) < 1e-9
		}
	}
	if !ends || !starts {
		t.Errorf("down at y = 10: a dash ends there %v, one starts %v", ends, starts)
	}
}
