package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"example.com/sudoku/solver"
)

// Killer sudoku (solver.NewKiller: cages whose symbols differ and add up
// to a sum) adds these techniques to the board rater, tried among the
// others by score:
//
//   - Last cell of a cage: the one empty cell of a cage takes what the
//     sum still lacks.
//   - Cage combinations: the symbols a cage can still hold are those of
//     the combinations of its size and sum that fit its cells'
//     candidates; every other candidate leaves its cells.
//   - Rule of 45: a unit holds 1..N once, so it adds up to N(N+1)/2 (45
//     on 9×9). Take away the cages wholly inside it: the cells of the
//     other cages that stick in (innies) have a known sum, and so do the
//     cells of those cages sticking out (outies). One such cell takes
//     that sum.
//   - Cage and unit: a symbol every combination left of a cage holds,
//     whose places in the cage all see a cell outside it, leaves that
//     cell (a cage inside a unit takes its symbols from the rest of the
//     unit); and a unit whose places for a symbol all lie in one cage
//     makes that cage hold it.
//   - Cage splitting: when the innies (or outies) of a unit are part of
//     one cage, the cage splits in two parts of known sums, each with its
//     own combinations.
//   - Rule of 45 (cells with a known sum): two to four innies or outies
//     of a unit make a cage of their own, without a line around it.
//   - Rule of 45 (several units): the same over two to four rows or
//     columns side by side, or neighbouring boxes.
//
// The candidates the rater starts from on a killer are the symbols no
// peer holds: the sums come in only through these steps.

// killerBase numbers the killer techniques apart from the classic table.
const killerBase Technique = 128

// The killer techniques.
const (
	CageLastCell    Technique = killerBase + iota // the last empty cell of a cage
	CageCombination                               // candidates no combination of a cage allows
	Rule45                                        // one innie or outie of a unit
	CageUnit                                      // a cage's required symbol and a unit
	CageSplit                                     // a cage split by a unit into parts of known sums
	Rule45Sum                                     // two to four innies or outies of a unit
	Rule45Units                                   // innies or outies of several units
	killerEnd
)

var killerTable = [killerEnd - killerBase]techInfo{
	CageLastCell - killerBase:    {"Last cell of a cage", 11},
	CageCombination - killerBase: {"Cage combinations", 17},
	Rule45 - killerBase:          {"Rule of 45", 20},
	CageUnit - killerBase:        {"Cage and unit", 21},
	Rule45Sum - killerBase:       {"Rule of 45 (cells with a known sum)", 29},
	CageSplit - killerBase:       {"Cage splitting", 28},
	Rule45Units - killerBase:     {"Rule of 45 (several units)", 35},
}

// KillerTechniques lists the techniques killer boards add, in increasing
// score.
func KillerTechniques() []Technique {
	out := make([]Technique, 0, killerEnd-killerBase)
	for t := killerBase; t < killerEnd; t++ {
		out = append(out, t)
	}
	return out
}

// comboCache holds solver.Combinations per side, size and sum.
var comboCache [solver.MaxSide + 1]struct {
	once sync.Once
	t    [][][]uint32
}

// combosOf lists the sets of k different symbols 1..n adding up to sum.
func combosOf(n, k, sum int) []uint32 {
	e := &comboCache[n]
	e.once.Do(func() {
		max := n * (n + 1) / 2
		e.t = make([][][]uint32, n+1)
		for k := range e.t {
			e.t[k] = make([][]uint32, max+1)
			for s := range e.t[k] {
				e.t[k][s] = solver.Combinations(n, k, s)
			}
		}
	})
	if k < 0 || k > n || sum < 0 || sum >= len(e.t[k]) {
		return nil
	}
	return e.t[k][sum]
}

// plainCandidates gives each empty cell the symbols no peer (unit or
// cage mate) holds: solver.Board.Candidates, which on a killer leaves
// the sums out.
func plainCandidates(b solver.Board) []uint32 { return b.Candidates() }

// cageState is what a cage still needs: its empty cells, the symbols
// placed and the sum left.
type cageState struct {
	empty  []int
	placed uint32
	left   int
}

func (s *bstate) cageState(k int) cageState {
	c := s.geo.Cages()[k]
	st := cageState{left: c.Sum}
	for _, i := range c.Cells {
		if d := s.cells[i]; d != 0 {
			st.placed |= 1 << d
			st.left -= int(d)
		} else {
			st.empty = append(st.empty, int(i))
		}
	}
	return st
}

// fits reports whether cells (with candidates cands) can take the
// symbols of m, one each, with cell at taking d when at >= 0.
func fits(cands []uint32, m uint32, at int, d uint8) bool {
	if len(cands) != bits.OnesCount32(m) {
		return false
	}
	var match [solver.MaxSide + 1]int8 // symbol -> cell+1
	if at >= 0 {
		if cands[at]&(1<<d)&m == 0 {
			return false
		}
		match[d] = int8(at + 1)
		m &^= 1 << d
	}
	var try func(c int, seen *uint32) bool
	try = func(c int, seen *uint32) bool {
		for x := cands[c] & m &^ *seen; x != 0; x &= x - 1 {
			e := bits.TrailingZeros32(x)
			*seen |= 1 << e
			if match[e] == 0 || try(int(match[e])-1, seen) {
				match[e] = int8(c + 1)
				return true
			}
		}
		return false
	}
	for c := range cands {
		if c == at {
			continue
		}
		var seen uint32
		if !try(c, &seen) {
			return false
		}
	}
	return true
}

// cageOptions works out, for a cage's empty cells, the combinations that
// can still complete it (among those in need, when need is not 0: the
// ones holding every symbol of need) and each cell's symbols in some
// completion.
func (s *bstate) cageOptions(cs cageState, need uint32) (combos []uint32, can []uint32) {
	cands := make([]uint32, len(cs.empty))
	var union uint32
	for j, i := range cs.empty {
		cands[j] = s.cand[i]
		union |= s.cand[i]
	}
	can = make([]uint32, len(cs.empty))
	for _, m := range combosOf(s.n, len(cs.empty), cs.left) {
		if m&cs.placed != 0 || m&^union != 0 || m&need != need || !fits(cands, m, -1, 0) {
			continue
		}
		combos = append(combos, m)
		for j := range cands {
			for x := cands[j] & m &^ can[j]; x != 0; x &= x - 1 {
				d := uint8(bits.TrailingZeros32(x))
				if fits(cands, m, j, d) {
					can[j] |= 1 << d
				}
			}
		}
	}
	return combos, can
}

// cageBrokenAt reports that no combination can complete cage k.
func (s *bstate) cageBrokenAt(k int) bool {
	cs := s.cageState(k)
	if cs.left < 0 {
		return true
	}
	if len(cs.empty) == 0 {
		return cs.left != 0
	}
	var union uint32
	for _, i := range cs.empty {
		union |= s.cand[i]
	}
	for _, m := range combosOf(s.n, len(cs.empty), cs.left) {
		if m&cs.placed == 0 && m&^union == 0 {
			return false
		}
	}
	return true
}

// comboWords writes combinations as "1+2+7 or 1+3+6", smallest first.
func comboWords(ms []uint32) string {
	w := make([]string, len(ms))
	for k, m := range ms {
		var parts []string
		for ; m != 0; m &= m - 1 {
			parts = append(parts, sym(uint8(bits.TrailingZeros32(m))))
		}
		w[k] = strings.Join(parts, "+")
	}
	slices.Sort(w)
	return OrList(w)
}

// cageCells lists the cells of cage k.
func (s *bstate) cageCells(k int) []int {
	c := s.geo.Cages()[k]
	out := make([]int, len(c.Cells))
	for j, i := range c.Cells {
		out[j] = int(i)
	}
	return out
}

// cageLastCell: a cage with one empty cell.
func (s *bstate) cageLastCell() (Step, bool) {
	for k := range s.geo.Cages() {
		cs := s.cageState(k)
		if len(cs.empty) != 1 || cs.left < 1 || cs.left > s.n {
			continue
		}
		i, d := cs.empty[0], uint8(cs.left)
		if s.cand[i]&(1<<d) == 0 {
			continue
		}
		st := Step{Placements: []Candidate{{i, d}}, Cells: s.cageCells(k)}
		if s.describe {
			st.Text = fmt.Sprintf("%s is the last empty cell of the %s: it takes what the sum still lacks, %s.",
				s.geo.CellName(i), s.geo.CageName(k), sym(d))
		}
		return st, true
	}
	return Step{}, false
}

// cageNeed returns the symbols that some unit confines to cage k's empty
// cells, which the cage therefore holds ("Cage and unit": "In column 5, 5
// can only go in the cage of r1c5"), and for each the unit that says so.
func (s *bstate) cageNeed(k int, cs cageState) (need uint32, unitOf [solver.MaxSide + 1]int) {
	g := s.geo
	for _, i := range cs.empty {
		for _, u := range g.CellUnits(i) {
			for x := s.cand[i] &^ cs.placed &^ need; x != 0; x &= x - 1 {
				d := uint8(bits.TrailingZeros32(x))
				confined := true
				for _, c := range g.Unit(int(u)) {
					if s.cells[c] == d || s.cells[c] == 0 && s.cand[c]&(1<<d) != 0 && g.CageOf(int(c)) != k {
						confined = false
						break
					}
				}
				if confined {
					need |= 1 << d
					unitOf[d] = int(u)
				}
			}
		}
	}
	return need, unitOf
}

// cageCombination: candidates of a cage's cells that no combination left
// allows there. The combinations hold every symbol a unit confines to the
// cage: after "the cage holds 5", a list of combinations without it read
// as if it might not.
func (s *bstate) cageCombination() (Step, bool) {
	for k := range s.geo.Cages() {
		cs := s.cageState(k)
		if len(cs.empty) == 0 {
			continue
		}
		need, unitOf := s.cageNeed(k, cs)
		combos, can := s.cageOptions(cs, need)
		var elim []Candidate
		for j, i := range cs.empty {
			for x := s.cand[i] &^ can[j]; x != 0; x &= x - 1 {
				elim = append(elim, Candidate{i, uint8(bits.TrailingZeros32(x))})
			}
		}
		if len(elim) == 0 || len(combos) == 0 {
			continue
		}
		st := Step{Eliminations: elim, Cells: s.cageCells(k)}
		if s.describe {
			what := fmt.Sprintf("its %d cells", len(cs.empty))
			if cs.placed != 0 {
				what = fmt.Sprintf("its %d empty cells, which need %d more,", len(cs.empty), cs.left)
			}
			holds := ""
			if all, _ := s.cageOptions(cs, 0); len(all) > len(combos) {
				// Say what ruled the others out: the symbols the cage holds.
				var parts []string
				for x := need; x != 0; x &= x - 1 {
					d := uint8(bits.TrailingZeros32(x))
					parts = append(parts, fmt.Sprintf("%s (%s has no other place for it)", sym(d), s.unitName(unitOf[d])))
				}
				holds = ", which holds " + AndList(parts) + ","
			}
			st.Text = fmt.Sprintf("In the %s%s %s can only hold %s, so %s.",
				s.geo.CageName(k), holds, what, comboWords(combos), leaveWords(elim, s.geo.CellName))
		}
		return st, true
	}
	return Step{}, false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// cellsOf lists the cells of candidates, each once, in order.
func cellsOf(cs []Candidate) []int {
	var out []int
	for _, c := range cs {
		if len(out) == 0 || out[len(out)-1] != c.Cell {
			out = append(out, c.Cell)
		}
	}
	return out
}

// cageUnit: (a) a symbol every combination of a cage holds leaves the
// cells outside the cage that see all its places in the cage; (b) a unit
// whose places for a symbol all lie in one cage makes the cage hold it.
func (s *bstate) cageUnit() (Step, bool) {
	g := s.geo
	for k := range g.Cages() {
		cs := s.cageState(k)
		if len(cs.empty) < 2 {
			continue
		}
		need, _ := s.cageNeed(k, cs) // as cageCombination lists them
		combos, _ := s.cageOptions(cs, need)
		if len(combos) == 0 {
			continue
		}
		must := ^uint32(0)
		for _, m := range combos {
			must &= m
		}
		for x := must; x != 0; x &= x - 1 {
			d := uint8(bits.TrailingZeros32(x))
			var places []int
			for _, i := range cs.empty {
				if s.cand[i]&(1<<d) != 0 {
					places = append(places, i)
				}
			}
			if len(places) == 0 {
				continue
			}
			var elim []Candidate
			for _, p := range g.Peers(places[0]) {
				pi := int(p)
				if s.cells[pi] != 0 || s.cand[pi]&(1<<d) == 0 || g.CageOf(pi) == k {
					continue
				}
				all := true
				for _, q := range places[1:] {
					all = all && s.sees(pi, q)
				}
				if all {
					elim = append(elim, Candidate{pi, d})
				}
			}
			if len(elim) == 0 {
				continue
			}
			st := Step{Eliminations: elim, Cells: s.cageCells(k)}
			for _, u := range g.CellUnits(places[0]) {
				in := true
				for _, q := range places[1:] {
					in = in && inUnit(g, q, int(u))
				}
				if in {
					st.Units = append(st.Units, s.unit(int(u)))
				}
			}
			if s.describe {
				for _, p := range places {
					st.Pattern = append(st.Pattern, Candidate{p, d})
				}
				// Every unit that holds them all: the cells that see them
				// all are those units' other cells ("the rest of row 1"
				// alone, where box 3 lost the digit too, left a later
				// single unexplained).
				where := "every cell that sees them all"
				if len(st.Units) > 0 {
					names := make([]string, len(st.Units))
					for j, un := range st.Units {
						names[j] = s.unitName(g.UnitNumber(un))
					}
					where = "the rest of " + AndList(names)
				}
				st.Text = fmt.Sprintf("Every combination left in the %s (%s) holds %s, and it can only go in %s there: so %s leaves %s.",
					g.CageName(k), comboWords(combos), sym(d), s.cellNames(places), sym(d), where)
			}
			return st, true
		}
	}
	// (b) A unit's symbol confined to one cage.
	for u := 0; u < g.NumUnits(); u++ {
		for d := uint8(1); int(d) <= s.n; d++ {
			cage, places := -1, 0
			for _, c := range g.Unit(u) {
				if s.cells[c] == d {
					places = -1
					break
				}
				if s.cand[c]&(1<<d) == 0 {
					continue
				}
				k := g.CageOf(int(c))
				if k < 0 || cage >= 0 && k != cage {
					places = -1
					break
				}
				cage = k
				places++
			}
			if places <= 0 || cage < 0 {
				continue
			}
			cs := s.cageState(cage)
			if cs.placed&(1<<d) != 0 || len(cs.empty) < 2 {
				continue
			}
			combos, can := s.cageOptions(cs, 1<<d)
			if len(combos) == 0 {
				continue
			}
			var elim []Candidate
			for j, i := range cs.empty {
				for x := s.cand[i] &^ can[j]; x != 0; x &= x - 1 {
					elim = append(elim, Candidate{i, uint8(bits.TrailingZeros32(x))})
				}
			}
			if len(elim) == 0 {
				continue
			}
			st := Step{Eliminations: elim, Cells: s.cageCells(cage), Units: []solver.Unit{s.unit(u)}}
			if s.describe {
				for _, c := range g.Unit(u) {
					if s.cand[c]&(1<<d) != 0 {
						st.Pattern = append(st.Pattern, Candidate{int(c), d})
					}
				}
				st.Text = fmt.Sprintf("In %s, %s can only go in the %s, so the cage holds %s: only %s remain, and %s lose%s the rest.",
					s.unitName(u), sym(d), g.CageName(cage), sym(d), comboWords(combos), s.cellNames(cellsOf(elim)), plural(len(cellsOf(elim)), "s", ""))
			}
			return st, true
		}
	}
	return Step{}, false
}

// region45 is a set of whole units for the rule of 45.
type region45 struct {
	units []int
	in    []bool // per cell
}

// regions45 lists single units (units true) or unions of neighbouring
// units (units false): two to four rows or columns side by side, and
// neighbouring boxes or regions.
func (s *bstate) regions45(single bool) []region45 {
	g, n := s.geo, s.n
	var out []region45
	add := func(us ...int) {
		r := region45{units: us, in: make([]bool, n*n)}
		for _, u := range us {
			for _, c := range g.Unit(u) {
				r.in[c] = true
			}
		}
		out = append(out, r)
	}
	if single {
		for u := 0; u < g.NumUnits(); u++ {
			add(u)
		}
		return out
	}
	for span := 2; span <= 4 && span < n; span++ {
		for first := 0; first+span <= n; first++ {
			rows, cols := make([]int, span), make([]int, span)
			for j := range span {
				rows[j], cols[j] = first+j, n+first+j
			}
			add(rows...)
			add(cols...)
		}
	}
	// Regions that touch side to side.
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			touch := false
			for _, c := range g.Unit(2*n + a) {
				r, col := int(c)/n, int(c)%n
				for _, nb := range [][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
					if nb[0] >= 0 && nb[0] < n && nb[1] >= 0 && nb[1] < n && g.Region(nb[0]*n+nb[1]) == b {
						touch = true
					}
				}
			}
			if touch {
				add(2*n+a, 2*n+b)
			}
		}
	}
	return out
}

// virtualOptions works out each cell's symbols in some way of filling
// cells (candidates cands) to add up to sum, two cells that see each
// other holding different symbols.
func (s *bstate) virtualOptions(cells []int, sum int) []uint32 {
	can := make([]uint32, len(cells))
	vals := make([]uint8, len(cells))
	var rec func(j, left int) bool
	rec = func(j, left int) bool {
		if j == len(cells) {
			if left != 0 {
				return false
			}
			for k, v := range vals {
				can[k] |= 1 << v
			}
			return true
		}
		rest := len(cells) - j - 1
		any := false
		for x := s.cand[cells[j]]; x != 0; x &= x - 1 {
			d := uint8(bits.TrailingZeros32(x))
			if int(d) > left-rest || left-int(d) > rest*s.n {
				continue
			}
			clash := false
			for k := 0; k < j; k++ {
				if vals[k] == d && s.sees(cells[k], cells[j]) {
					clash = true
					break
				}
			}
			if clash {
				continue
			}
			vals[j] = d
			if rec(j+1, left-int(d)) {
				any = true
			}
		}
		return any
	}
	rec(0, sum)
	return can
}

// splitOptions works out each cell's symbols in the ways of filling the
// empty cells of one cage, all different, the first k adding up to a and
// the others to b.
func (s *bstate) splitOptions(cells []int, k, a, b int) []uint32 {
	can := make([]uint32, len(cells))
	vals := make([]uint8, len(cells))
	var used uint32
	var rec func(j, leftA, leftB int)
	rec = func(j, leftA, leftB int) {
		if j == len(cells) {
			if leftA == 0 && leftB == 0 {
				for i, v := range vals {
					can[i] |= 1 << v
				}
			}
			return
		}
		left, rest := leftA, k-j-1
		if j >= k {
			left, rest = leftB, len(cells)-j-1
		}
		for x := s.cand[cells[j]] &^ used; x != 0; x &= x - 1 {
			d := uint8(bits.TrailingZeros32(x))
			if int(d) > left-rest || left-int(d) > rest*s.n {
				continue
			}
			vals[j] = d
			used |= 1 << d
			if j < k {
				rec(j+1, leftA-int(d), leftB)
			} else {
				rec(j+1, leftA, leftB-int(d))
			}
			used &^= 1 << d
		}
	}
	rec(0, a, b)
	return can
}

// side45 is one side of the rule of 45 over a region: the cells of the
// cages crossing its border that lie inside (innies) or outside
// (outies), and their sum.
type side45 struct {
	cells []int
	sum   int
	inner bool
	cage  int // the one cage holding every cell, or -1
	// inside adds up the cages wholly inside, crossing those crossing the
	// border.
	inside, crossing int
}

// sides45 works out the innies and outies of region r (the outies only
// when every cell of the region is in a cage).
func (s *bstate) sides45(r region45) []side45 {
	g, n := s.geo, s.n
	total := len(r.units) * n * (n + 1) / 2
	seen := map[int]bool{}
	inside := 0 // sums of the cages wholly inside
	var innies, outies []int
	crossing := 0 // the sums of the cages crossing the border
	uncaged := false
	for i := 0; i < n*n; i++ {
		if !r.in[i] {
			continue
		}
		k := g.CageOf(i)
		if k < 0 {
			innies = append(innies, i)
			uncaged = true
			continue
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		c := g.Cages()[k]
		whole := true
		for _, j := range c.Cells {
			whole = whole && r.in[j]
		}
		if whole {
			inside += c.Sum
			continue
		}
		crossing += c.Sum
		for _, j := range c.Cells {
			if r.in[j] {
				innies = append(innies, int(j))
			} else {
				outies = append(outies, int(j))
			}
		}
	}
	if len(innies) == 0 {
		return nil
	}
	slices.Sort(innies)
	slices.Sort(outies)
	one := func(cells []int) int {
		k := g.CageOf(cells[0])
		for _, c := range cells[1:] {
			if g.CageOf(c) != k {
				return -1
			}
		}
		return k
	}
	out := []side45{{cells: innies, sum: total - inside, inner: true, cage: one(innies), inside: inside, crossing: crossing}}
	if !uncaged {
		out = append(out, side45{cells: outies, sum: crossing - (total - inside), cage: one(outies), inside: inside, crossing: crossing})
	}
	return out
}

// rule45 finds a step of the rule of 45: t is Rule45 (one cell in or out
// of one unit), Rule45Sum (two to four cells of one unit), Rule45Units
// (one to four cells of neighbouring units) or CageSplit (the rest of a
// cage whose part in or out of one or more units has a known sum).
func (s *bstate) rule45(t Technique) (Step, bool) {
	g := s.geo
	for _, r := range s.regions45(t != Rule45Units) {
		for _, side := range s.sides45(r) {
			var empty []int
			left := side.sum
			for _, c := range side.cells {
				if d := s.cells[c]; d != 0 {
					left -= int(d)
				} else {
					empty = append(empty, c)
				}
			}
			if len(empty) == 0 {
				continue
			}
			cells, sum := empty, left
			split := -1
			switch t {
			case Rule45:
				if len(empty) != 1 {
					continue
				}
			case Rule45Sum:
				if len(empty) < 2 || len(empty) > 4 {
					continue
				}
			case Rule45Units:
				if len(empty) > 4 {
					continue
				}
			case CageSplit:
				// The one cage holding the side, split in two parts of
				// known sums: its cells inside and outside.
				if side.cage < 0 || len(side.cells) < 2 {
					continue
				}
				split = side.cage
				c := g.Cages()[split]
				cells, sum = nil, c.Sum-side.sum
				for _, j := range c.Cells {
					if !slices.Contains(side.cells, int(j)) {
						if d := s.cells[j]; d != 0 {
							sum -= int(d)
						} else {
							cells = append(cells, int(j))
						}
					}
				}
				if len(cells) == 0 || len(empty) == 0 {
					continue
				}
			}
			var can []uint32
			var rest []int
			restSum := 0
			if split >= 0 {
				// Both parts at once: the cage's empty cells, the side's
				// with what its sum lacks, the rest with theirs.
				all := append(slices.Clone(empty), cells...)
				can = s.splitOptions(all, len(empty), left, sum)
				rest, restSum = cells, sum
				cells = all
			} else {
				can = s.virtualOptions(cells, sum)
			}
			st := Step{Cells: slices.Clone(side.cells)}
			for _, u := range r.units {
				st.Units = append(st.Units, s.unit(u))
			}
			if len(cells) == 1 {
				if can[0] == 0 || can[0]&(can[0]-1) != 0 || s.cand[cells[0]]&can[0] == 0 {
					continue
				}
				st.Placements = []Candidate{{cells[0], uint8(bits.TrailingZeros32(can[0]))}}
			} else {
				for j, c := range cells {
					for x := s.cand[c] &^ can[j]; x != 0; x &= x - 1 {
						st.Eliminations = append(st.Eliminations, Candidate{c, uint8(bits.TrailingZeros32(x))})
					}
				}
				if len(st.Eliminations) == 0 || slices.Contains(can, 0) {
					continue
				}
			}
			if split >= 0 {
				st.Cells = s.cageCells(split)
			}
			if s.describe {
				if split >= 0 {
					cells, sum = rest, restSum
				}
				st.Text = s.text45(r, side, cells, sum, split, st)
			}
			return st, true
		}
	}
	return Step{}, false
}

// text45 describes a step of the rule of 45.
func (s *bstate) text45(r region45, side side45, cells []int, sum, split int, st Step) string {
	g, n := s.geo, s.n
	names := make([]string, len(r.units))
	for j, u := range r.units {
		names[j] = s.unitName(u)
	}
	// "rows 4 and 5" rather than "row 4 and row 5".
	if len(names) > 1 {
		kind, _, _ := strings.Cut(names[0], " ")
		same := true
		for j, nm := range names {
			k, num, _ := strings.Cut(nm, " ")
			same = same && k == kind
			names[j] = num
		}
		if same {
			if kind == "box" {
				kind = "boxe"
			}
			names[0] = kind + "s " + names[0]
		} else {
			for j, u := range r.units {
				names[j] = s.unitName(u)
			}
		}
	}
	total := len(r.units) * n * (n + 1) / 2
	var b strings.Builder
	fmt.Fprintf(&b, "%s add%s up to %d", upperFirst(AndList(names)), plural(len(r.units), "s", ""), total)
	if side.inner {
		fmt.Fprintf(&b, " and the cages wholly inside to %d, so ", side.inside)
	} else {
		fmt.Fprintf(&b, " and the cages in %s, wholly or in part, to %d, so ", plural(len(r.units), "it", "them"), side.inside+side.crossing)
	}
	what := "sticking out"
	if side.inner {
		what = "left inside"
	}
	if len(side.cells) == 1 && len(st.Placements) == 1 && split < 0 {
		p := st.Placements[0]
		fmt.Fprintf(&b, "the cell %s, %s, is %s.", what, g.CellName(p.Cell), sym(p.Digit))
		return b.String()
	}
	fmt.Fprintf(&b, "the cells %s (%s) add up to %d", what, s.cellNames(side.cells), side.sum)
	if split >= 0 {
		fmt.Fprintf(&b, "; they are part of the %s, so the rest of it (%s) adds up to %d", g.CageName(split), s.cellNames(cells), sum+s.filledSum(g.Cages()[split], side.cells))
	} else if len(cells) < len(side.cells) {
		fmt.Fprintf(&b, ", and the empty ones (%s) to %d", s.cellNames(cells), sum)
	}
	if len(st.Placements) == 1 {
		p := st.Placements[0]
		fmt.Fprintf(&b, ": %s is %s.", g.CellName(p.Cell), sym(p.Digit))
		return b.String()
	}
	fmt.Fprintf(&b, ": %s.", leaveWords(st.Eliminations, g.CellName))
	return b.String()
}

// upperFirst capitalises the first letter of a sentence.
func upperFirst(t string) string {
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return t
	}
	return string(t[0]-'a'+'A') + t[1:]
}

// filledSum adds up the filled cells of cage c outside cells.
func (s *bstate) filledSum(c solver.Cage, cells []int) int {
	t := 0
	for _, j := range c.Cells {
		if !slices.Contains(cells, int(j)) {
			t += int(s.cells[j])
		}
	}
	return t
}

// killerSteps are the killer finders, each at its place among the
// classic ones (see bstate.step): before the finder of the technique
// after which it is tried.
func (s *bstate) killerFinder(t Technique) func() (Step, bool) {
	switch t {
	case CageLastCell:
		return s.cageLastCell
	case CageCombination:
		return s.cageCombination
	case CageUnit:
		return s.cageUnit
	}
	return func() (Step, bool) { return s.rule45(t) }
}
