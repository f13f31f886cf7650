package game

import (
	"fmt"
	"slices"
	"strings"

	"example.com/sudoku/solver"
)

// RegionDraft is a jigsaw's regions being drawn in the editor: every cell
// belongs to one of the N regions at all times, starting from the board's
// boxes (or its regions), and cells are moved from one region into
// another until each has N cells joined side to side. The editor could
// type givens into a jigsaw read from a file, but not draw one.
type RegionDraft struct {
	n      int
	x      bool
	region []uint8
	undo   [][]uint8 // the regions before each drag or cell moved, to go back to
	moving bool      // a drag under way: its moves are one change
}

// NewRegionDraft starts from geo's boxes or regions (and keeps its
// diagonals).
func NewRegionDraft(geo *solver.Geometry) *RegionDraft {
	d := &RegionDraft{n: geo.N, x: geo.X, region: make([]uint8, geo.Cells())}
	for i := range d.region {
		d.region[i] = uint8(geo.Region(i))
	}
	return d
}

// SetRegions takes the regions given cell by cell (0..N-1, as Regions
// gives them), as a session kept them; it reports whether they fit.
func (d *RegionDraft) SetRegions(region []uint8) bool {
	if len(region) != len(d.region) || slices.ContainsFunc(region, func(r uint8) bool { return int(r) >= d.n }) {
		return false
	}
	copy(d.region, region)
	return true
}

// Regions is each cell's region (0..N-1), in reading order: the board
// draws their borders as they are.
func (d *RegionDraft) Regions() []uint8 { return d.region }

// Region is cell i's region (0..N-1).
func (d *RegionDraft) Region(i int) int { return int(d.region[i]) }

// Move puts cell i into region k (0..N-1); it reports whether that
// changed anything.
func (d *RegionDraft) Move(i, k int) bool {
	if k < 0 || k >= d.n || int(d.region[i]) == k {
		return false
	}
	if !d.moving || len(d.undo) == 0 {
		d.undo = append(d.undo, slices.Clone(d.region))
	}
	d.region[i] = uint8(k)
	return true
}

// StartDrag makes the moves of a drag, until the next, one change for
// Undo; EndDrag ends that.
func (d *RegionDraft) StartDrag() {
	d.moving = true
	d.undo = append(d.undo, slices.Clone(d.region))
}

// EndDrag ends a drag's change.
func (d *RegionDraft) EndDrag() { d.moving = false }

// CanUndo reports a change to take back.
func (d *RegionDraft) CanUndo() bool { return len(d.undo) > 0 }

// Undo takes back the last cell moved, or the last drag's.
func (d *RegionDraft) Undo() bool {
	d.moving = false
	for len(d.undo) > 0 {
		last := d.undo[len(d.undo)-1]
		d.undo = d.undo[:len(d.undo)-1]
		if !slices.Equal(last, d.region) { // (a drag that moved nothing)
			d.region = last
			return true
		}
	}
	return false
}

// Size is how many cells region k has.
func (d *RegionDraft) Size(k int) int {
	n := 0
	for _, r := range d.region {
		if int(r) == k {
			n++
		}
	}
	return n
}

// Geometry is the jigsaw the regions make, or why they make none yet
// (a region of 10 cells, one in pieces).
func (d *RegionDraft) Geometry() (*solver.Geometry, error) {
	return solver.NewJigsaw(d.n, d.region, d.x)
}

// Text says where the drawing is: what is left to do, or that the
// regions are done; sel is the selected cell.
func (d *RegionDraft) Text(sel int) string {
	var off []string
	for k := 0; k < d.n; k++ {
		if s := d.Size(k); s != d.n {
			off = append(off, fmt.Sprintf("%d has %d", k+1, s))
		}
	}
	here := fmt.Sprintf("r%dc%d is in region %d.", sel/d.n+1, sel%d.n+1, d.region[sel]+1)
	how := " Drag from a region into the cells it is to take, or type a region's number into a cell."
	switch {
	case len(off) > 0:
		return here + fmt.Sprintf(" Each region wants %d cells: region %s.", d.n, strings.Join(off, ", region ")) + how
	}
	if _, err := d.Geometry(); err != nil {
		return here + " " + upperFirst(err.Error()) + "." + how
	}
	return here + " The regions are done: type the givens (turn Draw regions off), or go on reshaping."
}

// upperFirst starts s with a capital.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
