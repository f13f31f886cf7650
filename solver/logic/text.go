package logic

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"example.com/sudoku/solver"
)

// Helpers that write steps in words. They run only when a step is
// described for a person.

func name(i int) string { return solver.CellName(i) }

// AndList joins words as "a", "a and b", "a, b and c".
func AndList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// OrList joins words as "a", "a or b", "a, b or c".
func OrList(words []string) string {
	if len(words) < 2 {
		return AndList(words)
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func cellWords(cells []int) []string {
	out := make([]string, len(cells))
	for k, c := range cells {
		out[k] = name(c)
	}
	return out
}

// cellList writes cells as "r1c1, r1c2 and r3c4".
func cellList(cells []int) string { return AndList(cellWords(cells)) }

// cellOrList writes cells as "r1c1, r1c2 or r3c4".
func cellOrList(cells []int) string { return OrList(cellWords(cells)) }

func digitWords(ds solver.Set) []string {
	var out []string
	for d := uint8(1); d <= 9; d++ {
		if ds.Has(d) {
			out = append(out, strconv.Itoa(int(d)))
		}
	}
	return out
}

// digitList writes a digit set as "2, 7 and 9".
func digitList(ds solver.Set) string { return AndList(digitWords(ds)) }

// digitOrList writes a digit set as "2, 7 or 9".
func digitOrList(ds solver.Set) string { return OrList(digitWords(ds)) }

func unitName(u int) string { return unitOf[u].String() }

// unitNames writes units as "rows 4 and 7" when they are of one kind,
// else as "row 4 and box 5".
func unitNames(us []int) string {
	w := make([]string, len(us))
	same := true
	for k, u := range us {
		w[k] = unitName(u)
		same = same && unitOf[u].Kind == unitOf[us[0]].Kind
	}
	if !same || len(us) < 2 {
		return AndList(w)
	}
	for k, u := range us {
		w[k] = strconv.Itoa(unitOf[u].Index + 1)
	}
	return unitOf[us[0]].Kind.String() + "s " + AndList(w)
}

// removal writes eliminations grouped by digit, digits that leave the
// same cells together: "7 can be removed from r4c1 and r4c8", "2 can be
// removed from r3c2 and r3c9, and 7 from r3c2", "1 and 5 can be removed
// from r5c4" (not "1 from r5c4, and 5 from r5c4"); three and more groups
// go between semicolons ("2 can be removed from r2c4; 5 from r8c2 and
// r8c8; and 6 from r6c7").
func removal(elims []Candidate) string {
	var order []uint8
	byDigit := map[uint8][]int{}
	for _, e := range elims {
		if _, ok := byDigit[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		byDigit[e.Digit] = append(byDigit[e.Digit], e.Cell)
	}
	sortDigits(order)
	var parts []string
	done := map[uint8]bool{}
	for _, d := range order {
		if done[d] {
			continue
		}
		ds := []string{strconv.Itoa(int(d))}
		for _, o := range order {
			if o != d && !done[o] && slices.Equal(byDigit[o], byDigit[d]) {
				ds = append(ds, strconv.Itoa(int(o)))
				done[o] = true
			}
		}
		done[d] = true
		parts = append(parts, AndList(ds)+" from "+cellList(byDigit[d]))
	}
	if len(parts) == 0 {
		return "nothing can be removed"
	}
	first := strings.Replace(parts[0], " from ", " can be removed from ", 1)
	if len(parts) == 1 {
		return first
	}
	if len(parts) == 2 {
		return first + ", and " + parts[1]
	}
	// Semicolons between three and more: "… 5 from r8c2 and r8c8 and 6
	// from r6c7" read as if 6 were among the cells.
	return first + "; " + strings.Join(parts[1:len(parts)-1], "; ") + "; and " + parts[len(parts)-1]
}

func removalByCell(elims []Candidate) string {
	var cells []int
	byCell := map[int]solver.Set{}
	for _, e := range elims {
		if _, ok := byCell[e.Cell]; !ok {
			cells = append(cells, e.Cell)
		}
		byCell[e.Cell] |= 1 << e.Digit
	}
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = name(c) + " loses " + digitList(byCell[c])
	}
	return AndList(parts)
}

func sortDigits(ds []uint8) {
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0 && ds[j] < ds[j-1]; j-- {
			ds[j], ds[j-1] = ds[j-1], ds[j]
		}
	}
}

// pattern lists candidate d of each cell of cs.
func pattern(cs cellSet, d uint8) []Candidate {
	var out []Candidate
	for t := cs; !t.empty(); {
		out = append(out, Candidate{t.pop(), d})
	}
	return out
}

// patternAll lists every candidate of each cell in cells that is in ds.
func patternAll(s *state, cells []int, ds solver.Set) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for m := s.cand[c] & ds; m != 0; m &= m - 1 {
			out = append(out, Candidate{c, lowDigit(m)})
		}
	}
	return out
}

func units(us ...int) []solver.Unit {
	out := make([]solver.Unit, len(us))
	for k, u := range us {
		out[k] = unitOf[u]
	}
	return out
}

func itoa(d uint8) string { return strconv.Itoa(int(d)) }

// leaveWords says which digits the eliminations take from which cells:
// "1 and 3 leave r7c5 and r8c5" when every cell loses the same digits,
// else cell by cell, cells that lose the same digits together: "r7c5
// loses 1, 3 and 6, and r8c5 loses 4 and 6". cellName names a cell.
func leaveWords(elims []Candidate, cellName func(int) string) string {
	type group struct {
		lost  uint32
		cells []string
	}
	var cells []int
	lost := map[int]uint32{}
	for _, e := range elims {
		if _, ok := lost[e.Cell]; !ok {
			cells = append(cells, e.Cell)
		}
		lost[e.Cell] |= 1 << e.Digit
	}
	var groups []group
	for _, c := range cells {
		k := slices.IndexFunc(groups, func(g group) bool { return g.lost == lost[c] })
		if k < 0 {
			groups = append(groups, group{lost: lost[c]})
			k = len(groups) - 1
		}
		groups[k].cells = append(groups[k].cells, cellName(c))
	}
	if len(groups) == 1 {
		g := groups[0]
		verb := "leave"
		if bits.OnesCount32(g.lost) == 1 {
			verb = "leaves"
		}
		return syms(g.lost) + " " + verb + " " + AndList(g.cells)
	}
	parts := make([]string, len(groups))
	for k, g := range groups {
		verb := "lose"
		if len(g.cells) == 1 {
			verb = "loses"
		}
		parts[k] = AndList(g.cells) + " " + verb + " " + syms(g.lost)
	}
	if len(parts) == 2 {
		return parts[0] + ", and " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], "; ") + "; and " + parts[len(parts)-1]
}
