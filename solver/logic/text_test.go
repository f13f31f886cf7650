package logic

import (
	"os"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Eliminations in words: digits that leave the same cells go together
// (a unique rectangle said "1 can be removed from r5c4, and 5 from r5c4").
func TestRemovalWords(t *testing.T) {
	c := func(cell int, d uint8) Candidate { return Candidate{cell, d} }
	for _, tc := range []struct {
		elims []Candidate
		want  string
	}{
		{nil, "nothing can be removed"},
		{[]Candidate{c(36, 7), c(43, 7)}, "7 can be removed from r5c1 and r5c8"},
		{[]Candidate{c(39, 1), c(39, 5)}, "1 and 5 can be removed from r5c4"},
		{[]Candidate{c(19, 2), c(26, 2), c(19, 7)}, "2 can be removed from r3c2 and r3c9, and 7 from r3c2"},
		{[]Candidate{c(0, 3), c(0, 1), c(1, 2), c(0, 2)}, "1 and 3 can be removed from r1c1, and 2 from r1c2 and r1c1"},
		// Three groups and more between semicolons: "5 from r8c2 and r8c8
		// and 6 from r6c7" read as if 6 were one of the cells.
		{[]Candidate{c(30, 2), c(76, 3), c(64, 5), c(70, 5), c(51, 6)}, "2 can be removed from r4c4; 3 from r9c5; 5 from r8c2 and r8c8; and 6 from r6c7"},
	} {
		if got := removal(tc.elims); got != tc.want {
			t.Errorf("removal(%v) = %q, want %q", tc.elims, got, tc.want)
		}
	}
}

// A fish says which lines it clears ("elsewhere in those rows"), and a
// unique rectangle's premise has no double negative.
func TestFishAndRectangleWords(t *testing.T) {
	seen := map[Technique]bool{}
	data, err := os.ReadFile("../../testdata/samples/puzzles1_unbiased_first1000.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		g, err := solver.Parse(line)
		if err != nil {
			continue
		}
		steps, err := Solve(g)
		if err != nil {
			continue
		}
		for _, st := range steps {
			switch st.Technique {
			case XWing, Swordfish, Jellyfish:
				seen[XWing] = true
				if !strings.Contains(st.Text, "elsewhere in those rows:") && !strings.Contains(st.Text, "elsewhere in those columns:") {
					t.Errorf("%s", st.Text)
				}
			case UniqueRectangle:
				seen[UniqueRectangle] = true
				if strings.Contains(st.Text, "none of") || !strings.Contains(st.Text, " held only ") {
					t.Errorf("%s", st.Text)
				}
			}
		}
	}
	if !seen[XWing] || !seen[UniqueRectangle] {
		t.Errorf("no fish or no unique rectangle on the sample: %v", seen)
	}
}
