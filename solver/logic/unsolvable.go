package logic

import (
	"context"
	"fmt"
	"slices"

	"example.com/sudoku/solver"
)

// Unsolvable says why a board of geo with no solution has none, as a
// sentence (no "Why: ", a full stop at its end), from the cells and
// candidates the singles that follow from its givens leave
// (solver.PropagatedBoard, a search's BoardResult.Candidates): the first
// empty cell left with no candidate, or the first symbol with no place
// left in a unit; else that every guess from there fails. It also
// returns the cells the sentence names (the cell, or the unit's), to
// light on the board. The command line's UNSOLVED report and the
// window's "No solution" both say it.
func Unsolvable(geo *solver.Geometry, cells []uint8, cands []uint32) (why string, where []int) {
	if s := CageTotal(geo); s != "" {
		// The cause, first: a cell left empty by the singles is only
		// where the mistyped sum showed ("no digit can go in r4c7" came
		// before the sums' total, which was the reason).
		return s, nil
	}
	for i, d := range cells {
		if d == 0 && cands[i] == 0 {
			return fmt.Sprintf("no digit can go in %s once %s placed.", geo.CellName(i), forced(geo)), []int{i}
		}
	}
	for u := range geo.NumUnits() {
		var placed, possible uint32
		for _, i := range geo.Unit(u) {
			placed |= 1 << cells[i]
			possible |= cands[i]
		}
		for d := 1; d <= geo.N; d++ {
			if placed&(1<<d) == 0 && possible&(1<<d) == 0 {
				for _, i := range geo.Unit(u) {
					where = append(where, int(i))
				}
				return fmt.Sprintf("%s has no place left in %s once %s placed.", string(solver.Symbol(uint8(d))), geo.UnitName(u), forced(geo)), where
			}
		}
	}
	if geo.Killer() {
		return "what the puzzle forces breaks nothing, but every guess from there leads to a contradiction: a cage's sum or cells, or a given, is wrong.", nil
	}
	return "the singles that follow from the givens break nothing, but every guess from there leads to a contradiction.", nil
}

// forced names what a board's propagation places, for Unsolvable: a
// killer's cages force digits as much as its givens (it may have none).
func forced(geo *solver.Geometry) string {
	if geo.Killer() {
		return "what the puzzle forces is" // (its cages, and givens if any: a killer may have none)
	}
	return "the singles that follow from the givens are"
}

// Typo names the givens of board b, which has no solution, that changed
// to another symbol give a puzzle with one solution: where a mistyped
// given most likely is, and what it should be (solver.OneSolutionChanges;
// "every guess fails" left the user to find it among 30). "" for a killer
// whose cage sums do not add up to a full board's (Unsolvable says so:
// no given is to blame), when no
// one change does (two givens or more are wrong), when more than eight
// do, or when ctx ends first. The sentence ends with a full stop. cells
// are the givens it names, each once.
func Typo(ctx context.Context, b solver.Board) (text string, cells []int) {
	if CageTotal(b.Geo) != "" {
		return "", nil
	}
	found := solver.OneSolutionChanges(ctx, b, 8)
	if len(found) == 0 || len(found) > 8 {
		return "", nil
	}
	var changes []string
	for _, f := range found {
		changes = append(changes, fmt.Sprintf("%s's %c to %c", b.Geo.CellName(f.Cell), solver.Symbol(b.Cells[f.Cell]), solver.Symbol(f.Digit)))
		if !slices.Contains(cells, f.Cell) {
			cells = append(cells, f.Cell)
		}
	}
	if len(found) == 1 {
		return "A typo? Changing " + changes[0] + " gives a puzzle with one solution.", cells
	}
	return fmt.Sprintf("A typo? Changing any one of these %d gives a puzzle with one solution: %s.", len(found), OrList(changes)), cells
}

// CageTotal says when a killer's cages cover the board and their sums do
// not add up to its digits' (405 on 9×9): a mistyped sum, as a sentence
// for after "Why: ". "" otherwise.
func CageTotal(geo *solver.Geometry) string {
	if !geo.Killer() {
		return ""
	}
	cells, total := 0, 0
	for _, c := range geo.Cages() {
		cells += len(c.Cells)
		total += c.Sum
	}
	want := geo.N * geo.N * (geo.N + 1) / 2
	if cells != geo.N*geo.N || total == want {
		return ""
	}
	return fmt.Sprintf("the cage sums add up to %d, where a full board's digits add up to %d: a sum is mistyped.", total, want)
}
