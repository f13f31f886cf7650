package solver

import "testing"

// A digit three times in a unit is said so, with all its cells: "twice"
// and two cells undercounted a row with three 1s.
func TestConflictNamesEveryCell(t *testing.T) {
	g, err := Parse("11..5.1...57..42..2..3.6.....392.8..8.......7..1.639.....7.9..5..65..49...5.4..8.")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err == nil || err.Error() != "digit 1 three times in row 1 (r1c1, r1c2, r1c7)" {
		t.Errorf("%v", err)
	}
	g[1] = 0
	if err := g.Validate(); err == nil || err.Error() != "digit 1 twice in row 1 (r1c1, r1c7)" {
		t.Errorf("%v", err)
	}
	// A board of any shape says it alike (solve --format text had said
	// "twice" where every other command said "three times").
	g[1] = 1
	if err := BoardOf(g).Validate(); err == nil || err.Error() != "digit 1 three times in row 1 (r1c1, r1c2, r1c7)" {
		t.Errorf("board: %v", err)
	}
}
