package solver

import (
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
