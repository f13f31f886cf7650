package game

import (
	"fmt"
	"slices"
	"strconv"

	"example.com/sudoku/solver"
)

// CageDraft is a killer's cages being drawn in the editor: the cages made
// so far on a board without cages, and the cage under way, its cells as
// they were picked and its sum as it is typed. A cage taken up again (a
// click on it) is under way until made again or let go. The editor could
// add givens to a killer read from a file, but not draw one.
type CageDraft struct {
	base  *solver.Geometry
	cages []solver.Cage
	cells []int  // the cage under way, in the order picked
	sum   string // its sum, as typed
	again int    // the index in cages of the cage taken up again, or -1
	// retype is set when Make refused the sum: the next digit starts a
	// new one ("99" refused, then "11" typed, read "991").
	retype bool
	undo   [][]solver.Cage // the cages made before each change, to go back to
}

// NewCageDraft starts drawing cages on geo: a killer's cages are kept, to
// change or add to; another board starts with none.
func NewCageDraft(geo *solver.Geometry) *CageDraft {
	d := &CageDraft{base: geo.Uncaged(), again: -1}
	for _, c := range geo.Cages() {
		d.cages = append(d.cages, solver.Cage{Cells: slices.Clone(c.Cells), Sum: c.Sum})
	}
	return d
}

// Geometry is the board with the cages made so far (the one under way
// left out).
func (d *CageDraft) Geometry() *solver.Geometry {
	g, err := solver.NewKiller(d.base, d.made())
	if err != nil {
		// The cages were each checked as they were made; a killer
		// read from a file was whole.
		panic(err)
	}
	return g
}

// made is the cages made, without the one taken up again.
func (d *CageDraft) made() []solver.Cage {
	if d.again < 0 {
		return slices.Clip(d.cages)
	}
	return slices.Concat(d.cages[:d.again], d.cages[d.again+1:])
}

// Cells is the cage under way's cells, as picked.
func (d *CageDraft) Cells() []int { return d.cells }

// Sum is its sum as typed so far ("" for none).
func (d *CageDraft) Sum() string { return d.sum }

// Busy reports a cage under way: cells picked or a sum typed, or a cage
// taken up again (emptied, it was still the one the next cage replaced).
func (d *CageDraft) Busy() bool { return len(d.cells) > 0 || d.sum != "" || d.again >= 0 }

// cageAt is the index in cages of the cage of cell i, or -1.
func (d *CageDraft) cageAt(i int) int {
	for k, c := range d.cages {
		if k != d.again && slices.Contains(c.Cells, int16(i)) {
			return k
		}
	}
	return -1
}

// Pick takes cell i into the cage under way, or out of it if it is in
// it; a cell of a cage made takes that cage up again (when none is under
// way). It returns what to tell the player when it did nothing.
func (d *CageDraft) Pick(i int) string {
	d.retype = false
	if k := slices.Index(d.cells, i); k >= 0 {
		d.cells = slices.Delete(d.cells, k, k+1)
		return ""
	}
	if k := d.cageAt(i); k >= 0 {
		if d.Busy() {
			return fmt.Sprintf("%s is in the %s: Enter makes the cage under way first, Esc lets it go.",
				d.base.CellName(i), cageName(d.base, d.cages[k]))
		}
		d.again = k
		for _, c := range d.cages[k].Cells {
			d.cells = append(d.cells, int(c))
		}
		d.sum = strconv.Itoa(d.cages[k].Sum)
		d.retype = true // a sum typed replaces it ("17", then 8, read "178")
		return ""
	}
	d.cells = append(d.cells, i)
	return ""
}

// Add takes cell i into the cage under way, as a drag over it does: a
// cell already in it, or in a cage made, stays as it is.
func (d *CageDraft) Add(i int) {
	d.retype = false
	if !slices.Contains(d.cells, i) && d.cageAt(i) < 0 {
		d.cells = append(d.cells, i)
	}
}

// Type adds a digit to the sum (three at most: 136 is the most a cage of
// 16×16 adds up to).
func (d *CageDraft) Type(digit int) {
	if d.retype {
		d.sum, d.retype = "", false
	}
	if len(d.sum) < 3 && (d.sum != "" || digit != 0) {
		d.sum += strconv.Itoa(digit)
	}
}

// Back takes back the last digit of the sum, or with none the last cell
// picked.
func (d *CageDraft) Back() {
	d.retype = false
	switch {
	case d.sum != "":
		d.sum = d.sum[:len(d.sum)-1]
	case len(d.cells) > 0:
		d.cells = d.cells[:len(d.cells)-1]
	}
}

// Drop lets the cage under way go: a cage taken up again stays as it was.
func (d *CageDraft) Drop() {
	d.cells, d.sum, d.again, d.retype = nil, "", -1, false
}

// keep remembers the cages made, before a change, for Undo.
func (d *CageDraft) keep() {
	d.undo = append(d.undo, slices.Clone(d.cages))
}

// CanUndo reports a change of the cages made to take back.
func (d *CageDraft) CanUndo() bool { return len(d.undo) > 0 }

// Undo takes back the last cage made, changed or taken away (the cage
// under way is let go), and returns the board as it was.
func (d *CageDraft) Undo() (*solver.Geometry, bool) {
	if len(d.undo) == 0 {
		return nil, false
	}
	d.cages = d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.Drop()
	return d.Geometry(), true
}

// Make makes the cage under way, and returns the board with it; a cage
// taken up again with all its cells let go is taken away. The error says
// what is wrong (no sum, cells not joined, a sum out of reach), and the
// cage stays under way.
func (d *CageDraft) Make() (*solver.Geometry, error) {
	n := d.base.N
	if len(d.cells) == 0 {
		if d.again >= 0 {
			d.keep()
			d.cages = slices.Delete(d.cages, d.again, d.again+1)
			d.Drop()
			return d.Geometry(), nil
		}
		return nil, fmt.Errorf("no cells picked: click the cage's cells (or drag over them), then type its sum")
	}
	if d.sum == "" {
		lo, hi := solver.SumRange(n, len(d.cells))
		return nil, fmt.Errorf("no sum: type the sum of the %d cells (%d to %d), then Enter", len(d.cells), lo, hi)
	}
	sum, _ := strconv.Atoi(d.sum)
	cage := solver.Cage{Sum: sum}
	for _, c := range d.cells {
		cage.Cells = append(cage.Cells, int16(c))
	}
	cages := append(d.made(), cage)
	g, err := solver.NewKiller(d.base, cages)
	if err != nil {
		d.retype = true
		return nil, err
	}
	d.keep()
	if d.again >= 0 {
		d.cages[d.again] = cage
	} else {
		d.cages = append(d.cages, cage)
	}
	d.Drop()
	return g, nil
}

// Remove takes away the cage of cell i, and returns the board without
// it; ok is false when i is in no cage made.
func (d *CageDraft) Remove(i int) (g *solver.Geometry, ok bool) {
	k := d.cageAt(i)
	if d.again >= 0 && slices.Contains(d.cages[d.again].Cells, int16(i)) {
		k = d.again
	}
	if k < 0 {
		return nil, false
	}
	d.keep()
	d.cages = slices.Delete(d.cages, k, k+1)
	// A new cage under way stays (Delete on another cage threw it away).
	switch {
	case d.again == k:
		d.Drop()
	case d.again > k:
		d.again--
	}
	return d.Geometry(), true
}

// Uncovered counts the cells in no cage made.
func (d *CageDraft) Uncovered() int {
	n := d.base.Cells()
	for _, c := range d.made() {
		n -= len(c.Cells)
	}
	return n
}

// Text says where the drawing is, for the editor's panel.
func (d *CageDraft) Text() string {
	n := d.base.N
	switch {
	case len(d.cells) == 0 && d.sum == "":
		cages := fmt.Sprintf("%d cages", len(d.made()))
		if len(d.made()) == 1 {
			cages = "1 cage"
		}
		return fmt.Sprintf("%s, %d cells in none. Pick a cage's cells (click, drag or Space), type its sum, Enter. Click a cage to change it; Delete removes it; Ctrl+Z takes back.",
			cages, d.Uncovered())
	case len(d.cells) == 0:
		return "Sum " + d.sum + ": click the cage's cells."
	}
	lo, hi := solver.SumRange(n, len(d.cells))
	what := fmt.Sprintf("%d cells", len(d.cells))
	if len(d.cells) == 1 {
		what = "1 cell"
	}
	if d.sum == "" {
		return fmt.Sprintf("A cage of %s: type its sum (%d to %d), then Enter. Esc lets it go.", what, lo, hi)
	}
	return fmt.Sprintf("A cage of %s, sum %s: Enter makes it. Esc lets it go.", what, d.sum)
}

// cageName names a cage as the solver does: "cage of r1c1 (sum 12)".
func cageName(geo *solver.Geometry, c solver.Cage) string {
	return fmt.Sprintf("cage of %s (sum %d)", geo.CellName(int(slices.Min(c.Cells))), c.Sum)
}
