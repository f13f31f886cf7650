package logic

import (
	"fmt"
	"slices"
	"strings"

	"example.com/sudoku/solver"
)

// MarksNote says when step st builds on pencil marks (or candidates
// given) that leave out digits the board allows in the cells it reasons
// from: a learner who crossed 7 out of r5c5 without a reason was told "1
// is the only candidate left in r5c5", a naked single, as if the board
// said so. The cells and digits a step reasons from depend on its kind: a
// naked single's cell (its every digit); the cells of a naked set or of
// any other pattern of cells (all their digits); the units a digit is
// confined in (the step's digits there): a hidden single's or set's
// unit, pointing's box (not the line it clears), a fish's base lines
// (not its covers). Empty when there are none (and on a killer, whose
// cage sums rule digits out that the board's digits allow).
//
// missing(i) gives the digits the marks leave out in cell i that the
// board's digits allow, and that count (the window leaves out those a
// hint took out: the player was shown why); 0 for a filled cell. whose
// names the marks in the note ("your pencil marks", "the candidates
// given").
func MarksNote(st Step, board solver.Board, missing func(i int) uint32, whose string) string {
	geo := board.Geo
	if geo.Killer() {
		return ""
	}
	left := make(map[int]uint32)
	var digits uint32
	for _, group := range [][]Candidate{st.Placements, st.Eliminations, st.Pattern, st.Other} {
		for _, c := range group {
			digits |= 1 << c.Digit
		}
	}
	// The units the step confines digits in, and whether its pattern's
	// cells count with all their digits.
	units, cellsWhole := st.Units, true
	switch st.Technique {
	case NakedSingle:
		units = nil
	case Pointing, Claiming:
		units, cellsWhole = units[:min(1, len(units))], false
	case DirectPointing, DirectClaiming:
		// The box or line it starts from and the unit of the single; the
		// unit between loses the digit.
		units, cellsWhole = slices.Delete(slices.Clone(units), 1, min(2, len(units))), false
	case XWing, Swordfish, Jellyfish:
		units, cellsWhole = units[:len(units)/2], false
	case NakedPair, NakedTriple, NakedQuad:
		units = nil // the unit's other cells are where its digits go
	case FullHouse, HiddenSingleBox, HiddenSingleRow, HiddenSingleColumn,
		HiddenPair, HiddenTriple, HiddenQuad, DirectHiddenPair, DirectHiddenTriple,
		XCycle, XChain, TurbotFish:
		cellsWhole = false
	}
	if !cellsWhole {
		// The digits confined: not those the step takes out (a hidden
		// pair's cells need not hold their other digits).
		digits = 0
		for _, group := range [][]Candidate{st.Placements, st.Pattern, st.Other} {
			for _, c := range group {
				digits |= 1 << c.Digit
			}
		}
	}
	if st.Technique == NakedSingle {
		for _, p := range st.Placements {
			left[p.Cell] |= missing(p.Cell)
		}
	} else {
		if cellsWhole {
			for _, c := range st.Pattern {
				left[c.Cell] |= missing(c.Cell)
			}
		}
		var cells []int
		for _, un := range units {
			for _, c := range geo.UnitCells(un) {
				cells = append(cells, int(c))
			}
		}
		if cellsWhole {
			cells = append(cells, st.Cells...)
			for _, c := range st.Other {
				cells = append(cells, c.Cell)
			}
		}
		for _, c := range cells {
			left[c] |= missing(c) & digits
		}
	}
	var order []int
	for c, m := range left {
		if m != 0 {
			order = append(order, c)
		}
	}
	if len(order) == 0 {
		return ""
	}
	slices.Sort(order)
	var parts []string
	for k, c := range order {
		if k == 3 {
			parts = append(parts, fmt.Sprintf("and in %d more %s", len(order)-3, plural(len(order)-3, "cell", "cells")))
			break
		}
		var ds []string
		for d := 1; d <= geo.N; d++ {
			if left[c]&(1<<d) != 0 {
				ds = append(ds, string(solver.Symbol(uint8(d))))
			}
		}
		parts = append(parts, strings.Join(ds, " and ")+" in "+geo.CellName(c))
	}
	return " (This step builds on " + whose + ": they leave out " + strings.Join(parts, "; ") +
		", which the digits on the board allow.)"
}
