package game

import (
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Cages drawn one by one: cells picked (or dragged over), a sum typed,
// Enter; wrong cages are refused with the reason and stay under way; a
// cage taken up again is changed or taken away.
func TestCageDraft(t *testing.T) {
	d := NewCageDraft(solver.Classic)
	if d.Geometry().Killer() && len(d.Geometry().Cages()) != 0 {
		t.Fatal("a new draft has cages")
	}
	if _, err := d.Make(); err == nil || !strings.Contains(err.Error(), "no cells picked") {
		t.Errorf("Make with nothing: %v", err)
	}
	d.Pick(0)
	d.Add(1)
	d.Add(1) // dragged over again: still one
	if _, err := d.Make(); err == nil || !strings.Contains(err.Error(), "type the sum of the 2 cells (3 to 17)") {
		t.Errorf("Make without a sum: %v", err)
	}
	d.Type(1)
	d.Type(8)
	if _, err := d.Make(); err == nil || !strings.Contains(err.Error(), "not 18") {
		t.Errorf("a sum two cells cannot make: %v", err)
	}
	// The sum typed again after a refusal starts afresh ("18" refused,
	// then "10" read "1810").
	d.Type(1)
	if d.Sum() != "1" {
		t.Errorf("typed again after a refusal: %q", d.Sum())
	}
	d.Type(0)
	g, err := d.Make()
	if err != nil || len(g.Cages()) != 1 || g.Cages()[0].Sum != 10 || d.Busy() {
		t.Fatalf("r1c1-r1c2 sum 10: %v, %v, busy %v", err, g.Cages(), d.Busy())
	}
	// Cells in pieces are refused; the cage stays under way.
	d.Pick(2)
	d.Pick(20)
	d.Type(9)
	if _, err := d.Make(); err == nil || !strings.Contains(err.Error(), "in pieces") || !d.Busy() {
		t.Errorf("a cage in pieces: %v, busy %v", err, d.Busy())
	}
	d.Pick(20) // picked again: out
	d.Pick(11)
	if g, err = d.Make(); err != nil || len(g.Cages()) != 2 {
		t.Fatalf("r1c3-r2c3 sum 9: %v", err)
	}
	// A click on a made cage while another is under way says so.
	d.Pick(30)
	if msg := d.Pick(0); !strings.Contains(msg, "r1c1 is in the cage of r1c1 (sum 10)") {
		t.Errorf("a made cage clicked while busy: %q", msg)
	}
	d.Drop()
	// Taken up again: its sum changed.
	d.Pick(1)
	if d.Sum() != "10" || len(d.Cells()) != 2 || len(d.Geometry().Cages()) != 1 {
		t.Fatalf("taken up again: sum %q, cells %v, %d cages drawn", d.Sum(), d.Cells(), len(d.Geometry().Cages()))
	}
	d.Back()
	d.Back()
	d.Type(4)
	if g, err = d.Make(); err != nil || g.Cages()[0].Sum != 4 || len(g.Cages()) != 2 {
		t.Fatalf("sum changed to 4: %v, %v", err, g.Cages())
	}
	// Let go: it stays as it was.
	d.Pick(0)
	d.Pick(0)
	d.Drop()
	if len(d.Geometry().Cages()) != 2 {
		t.Errorf("a cage let go was lost")
	}
	// Taken away.
	if g, ok := d.Remove(11); !ok || len(g.Cages()) != 1 || d.Uncovered() != 79 {
		t.Errorf("removed: %v, %d cages, %d uncovered", ok, len(g.Cages()), d.Uncovered())
	}
	if _, ok := d.Remove(40); ok {
		t.Error("a cell in no cage removed something")
	}
	// Undo takes back the last change of the cages made: the removal.
	if g, ok := d.Undo(); !ok || len(g.Cages()) != 2 {
		t.Errorf("undo the removal: %v, %d cages", ok, len(d.Geometry().Cages()))
	}
	// A cage taken up and emptied is still under way: the next cells
	// and sum make it anew, not replace it unseen by another.
	d.Pick(0) // the cage of r1c1, taken up
	for d.Sum() != "" || len(d.Cells()) > 0 {
		d.Back()
	}
	if !d.Busy() {
		t.Error("a cage taken up and emptied is not under way")
	}
	d.Drop()
	// Delete on another cage keeps the new cage under way.
	d.Pick(50)
	d.Type(5)
	if _, ok := d.Remove(0); !ok || len(d.Cells()) != 1 || d.Sum() != "5" {
		t.Errorf("removing another cage: the one under way is %v, sum %q", d.Cells(), d.Sum())
	}
	d.Undo()
	// A killer's own cages are kept, to go on from.
	k := NewCageDraft(d.Geometry())
	if len(k.Geometry().Cages()) != 2 || k.Geometry().Uncaged().Killer() {
		t.Errorf("from a killer: %d cages", len(k.Geometry().Cages()))
	}
}

// Reshape gives the puzzle being typed in the cages drawn, keeping its
// givens; a game being played keeps its board.
func TestReshape(t *testing.T) {
	g := NewEditor(solver.Classic)
	g.Select(40)
	g.Enter(5)
	d := NewCageDraft(g.Geometry())
	d.Pick(0)
	d.Pick(1)
	d.Type(3)
	geo, err := d.Make()
	if err != nil {
		t.Fatal(err)
	}
	g.Reshape(geo)
	if !g.Geometry().Killer() || g.Givens().Cells[40] != 5 {
		t.Errorf("reshaped: killer %v, r5c5 %d", g.Geometry().Killer(), g.Givens().Cells[40])
	}
}
