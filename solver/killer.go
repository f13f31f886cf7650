package solver

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Cage is a killer cage: cells (in reading order) whose symbols are all
// different and add up to Sum.
type Cage struct {
	Cells []int16
	Sum   int
}

// NewKiller returns base (boxes or jigsaw, with or without X) with the
// cages added: every cell in at most one cage (killer puzzles from Solo
// and ours cover every cell; a partial cover is allowed), each cage
// joined side to side, of 1..N cells, with a sum a cage of its size can
// make. Cells of a cage see each other: they are peers. The cages are
// kept in order of their first cell, each cage's cells in reading order.
func NewKiller(base *Geometry, cages []Cage) (*Geometry, error) {
	if base == nil {
		return nil, fmt.Errorf("killer: no base geometry")
	}
	if base.Killer() {
		return nil, fmt.Errorf("killer: the base %s already has cages", base.Name())
	}
	n := base.N
	cageOf := make([]int16, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	own := make([]Cage, len(cages))
	for k, c := range cages {
		cells := slices.Clone(c.Cells)
		slices.Sort(cells)
		if len(cells) == 0 {
			return nil, fmt.Errorf("killer: cage %d (sum %d) has no cells", k+1, c.Sum)
		}
		for j, i := range cells {
			if i < 0 || int(i) >= n*n {
				return nil, fmt.Errorf("killer: cage %d: cell %d is off a %d×%d board", k+1, i, n, n)
			}
			if j > 0 && cells[j-1] == i {
				return nil, fmt.Errorf("killer: cage %d: %s twice", k+1, cellName(n, int(i)))
			}
		}
		own[k] = Cage{Cells: cells, Sum: c.Sum}
	}
	slices.SortStableFunc(own, func(a, b Cage) int { return int(a.Cells[0]) - int(b.Cells[0]) })
	for k, c := range own {
		what := func() string { return cageName(n, c) }
		if len(c.Cells) > n {
			return nil, fmt.Errorf("%s has %d cells: a cage holds at most %d on a %d×%d board", what(), len(c.Cells), n, n, n)
		}
		if why := sumOutOfReach(n, len(c.Cells), c.Sum); why != "" {
			return nil, fmt.Errorf("%s: %s, not %d", what(), why, c.Sum)
		}
		for _, i := range c.Cells {
			if cageOf[i] >= 0 {
				return nil, fmt.Errorf("%s: %s is already in the %s", what(), cellName(n, int(i)), cageName(n, own[cageOf[i]]))
			}
			cageOf[i] = int16(k)
		}
		if !cageJoined(n, c.Cells, cageOf, int16(k)) {
			return nil, fmt.Errorf("%s is in pieces: its cells are not all joined side to side", what())
		}
	}
	g := &Geometry{N: n, BoxW: base.BoxW, BoxH: base.BoxH, X: base.X, region: base.region,
		units: base.units, cellUnits: base.cellUnits, cages: own, cageOf: cageOf}
	// Each cell's peers: its units' (in reading order) merged with its
	// cage mates, in one backing array.
	g.peers = make([][]int16, n*n)
	size := 0
	for i := range g.peers {
		size += len(base.peers[i])
		if k := cageOf[i]; k >= 0 {
			size += len(own[k].Cells)
		}
	}
	backing := make([]int16, 0, size)
	for i := range g.peers {
		start := len(backing)
		a := base.peers[i]
		var b []int16
		if k := cageOf[i]; k >= 0 {
			b = own[k].Cells
		}
		for len(a) > 0 || len(b) > 0 {
			var next int16
			switch {
			case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
				next, a = a[0], a[1:]
			case len(a) == 0 || b[0] < a[0]:
				next, b = b[0], b[1:]
			default:
				next, a, b = a[0], a[1:], b[1:]
			}
			if int(next) != i {
				backing = append(backing, next)
			}
		}
		g.peers[i] = backing[start:len(backing):len(backing)]
	}
	g.combos = combinations(n)
	g.sums = sumConstraints(g)
	return g, nil
}

// sumCon is a set of cells whose symbols add up to a known sum: the
// innies or outies of a unit or of a few neighbouring units (the rule of
// 45), which the solvers use besides the cages.
type sumCon struct {
	cells []int16
	sum   int
}

// maxSumCon is the largest set of cells the solvers keep a sum for.
const maxSumCon = 6

// sumConstraints works out the rule of 45 over each unit and each run of
// rows or of columns (up to N-1 of them): the cells of the cages that
// cross the border of the run, inside it and outside, add up to known
// sums. Only small sets are kept, each once.
func sumConstraints(g *Geometry) []sumCon {
	n := g.N
	total := n * (n + 1) / 2
	var out []sumCon
	in := make([]bool, n*n)
	cageSeen := make([]bool, len(g.cages))
	add := func(cells []int16, sum int) {
		if len(cells) == 0 || len(cells) > maxSumCon {
			return
		}
		slices.Sort(cells)
		for _, o := range out {
			if o.sum == sum && slices.Equal(o.cells, cells) {
				return
			}
		}
		out = append(out, sumCon{cells: slices.Clone(cells), sum: sum})
	}
	innies := make([]int16, 0, n*n)
	outies := make([]int16, 0, n*n)
	region := func(units []int) {
		clear(in)
		clear(cageSeen)
		for _, u := range units {
			for _, c := range g.units[u] {
				in[c] = true
			}
		}
		inside, crossing := 0, 0
		innies, outies = innies[:0], outies[:0]
		uncaged := false
		for _, u := range units {
			for _, i16 := range g.units[u] {
				i := int(i16)
				k := g.cageOf[i]
				if k < 0 {
					innies = append(innies, int16(i))
					uncaged = true
					continue
				}
				if cageSeen[k] {
					continue
				}
				cageSeen[k] = true
				c := g.cages[k]
				whole := true
				for _, j := range c.Cells {
					whole = whole && in[j]
				}
				if whole {
					inside += c.Sum
					continue
				}
				crossing += c.Sum
				for _, j := range c.Cells {
					if in[j] {
						innies = append(innies, j)
					} else {
						outies = append(outies, j)
					}
				}
			}
		}
		want := len(units) * total
		add(innies, want-inside)
		if !uncaged {
			add(outies, crossing-(want-inside))
		}
	}
	for u := range g.units {
		region([]int{u})
	}
	for span := 2; span < n; span++ {
		for first := 0; first+span <= n; first++ {
			rows, cols := make([]int, span), make([]int, span)
			for j := range span {
				rows[j], cols[j] = first+j, n+first+j
			}
			region(rows)
			region(cols)
		}
	}
	return out
}

// cageJoined reports whether the cells of cage k are one piece side to
// side.
func cageJoined(n int, cells []int16, cageOf []int16, k int16) bool {
	seen := map[int]bool{int(cells[0]): true}
	stack := []int{int(cells[0])}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range neighbours(n, i) {
			if j >= 0 && !seen[j] && cageOf[j] == k {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return len(seen) == len(cells)
}

// cageName names a cage by its first cell and sum: "cage of r1c1 (sum 14)".
func cageName(n int, c Cage) string {
	return fmt.Sprintf("cage of %s (sum %d)", cellName(n, int(c.Cells[0])), c.Sum)
}

// CageName names cage k for a person: "cage of r1c1 (sum 14)", by its
// first cell and its sum.
func (g *Geometry) CageName(k int) string { return cageName(g.N, g.cages[k]) }

// Uncaged is a killer's board without its cages: its boxes or regions
// and diagonals (the shape its cages were drawn on); any other board is
// its own.
func (g *Geometry) Uncaged() *Geometry {
	if !g.Killer() {
		return g
	}
	b := &Geometry{N: g.N, BoxW: g.BoxW, BoxH: g.BoxH, X: g.X, region: g.region}
	b.build()
	return b
}

// Killer reports whether the geometry has cages.
func (g *Geometry) Killer() bool { return g.cages != nil }

// Cages lists the cages in order of their first cell. The slice belongs
// to the geometry: do not change it.
func (g *Geometry) Cages() []Cage { return g.cages }

// CageOf is the index (in Cages) of the cage of cell i, or -1 for none.
func (g *Geometry) CageOf(i int) int {
	if g.cageOf == nil {
		return -1
	}
	return int(g.cageOf[i])
}

// sumOutOfReach says why k different symbols 1..n cannot add up to sum
// ("3 different symbols 1-6 add up to 6 to 15"), or "" when they can.
func sumOutOfReach(n, k, sum int) string {
	lo, hi := SumRange(n, k)
	if sum >= lo && sum <= hi {
		return ""
	}
	span := fmt.Sprintf("%d to %d", lo, hi)
	if lo == hi {
		span = fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d different symbols 1-%d add up to %s", k, n, span)
}

// SumRange is the least and the greatest sum of k different symbols 1..n.
func SumRange(n, k int) (lo, hi int) {
	return k * (k + 1) / 2, k * (2*n - k + 1) / 2
}

// comboTable lists, for one board side n, every set of symbols (bit d
// for symbol d) by its size and sum.
type comboTable struct {
	n     int
	start []int32 // index into masks of (size, sum): start[size*(maxSum+2)+sum]
	masks []uint32
	max   int // the largest sum, n(n+1)/2
}

var comboTables [MaxSide + 1]struct {
	once sync.Once
	t    *comboTable
}

// combinations returns the shared table of symbol sets for side n.
func combinations(n int) *comboTable {
	e := &comboTables[n]
	e.once.Do(func() {
		maxSum := n * (n + 1) / 2
		t := &comboTable{n: n, max: maxSum}
		stride := maxSum + 2
		count := make([]int32, (n+1)*stride+1)
		for m := uint32(0); m < 1<<n; m++ {
			k, s := setSize(m<<1), setSum(m<<1)
			count[k*stride+s+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		t.start = count
		t.masks = make([]uint32, 1<<n)
		next := slices.Clone(count)
		for m := uint32(0); m < 1<<n; m++ {
			k, s := setSize(m<<1), setSum(m<<1)
			t.masks[next[k*stride+s]] = m << 1
			next[k*stride+s]++
		}
		e.t = t
	})
	return e.t
}

// of lists the sets of size k with sum s (empty when there are none).
func (t *comboTable) of(k, s int) []uint32 {
	if k < 0 || k > t.n || s < 0 || s > t.max {
		return nil
	}
	stride := t.max + 2
	return t.masks[t.start[k*stride+s]:t.start[k*stride+s+1]]
}

func setSize(m uint32) int { return bits.OnesCount32(m) }

func setSum(m uint32) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros32(m)
	}
	return s
}

// Combinations lists every set of k different symbols 1..n that adds up
// to sum, as a bit mask (bit d for symbol d), in increasing order of the
// masks: the combinations a killer cage of k cells and that sum can hold.
func Combinations(n, k, sum int) []uint32 {
	if n < 1 || n > MaxSide {
		return nil
	}
	return slices.Clone(combinations(n).of(k, sum))
}

// CageCombinations lists the combinations (as Combinations gives them)
// that cage k of b can still hold: those that contain the symbols already
// in the cage, avoid the candidates its empty cells have lost, and give
// each empty cell one of its candidates. cands holds each cell's
// candidates (bit d for symbol d; nil means every symbol no peer holds).
func (b Board) CageCombinations(k int, cands []uint32) []uint32 {
	g := b.Geo
	c := g.cages[k]
	if cands == nil {
		cands = b.Candidates()
	}
	var placed, union uint32
	var empty []uint32
	for _, i := range c.Cells {
		if d := b.Cells[i]; d != 0 {
			placed |= 1 << d
		} else {
			empty = append(empty, cands[i])
			union |= cands[i]
		}
	}
	var out []uint32
	for _, m := range combinations(g.N).of(len(c.Cells), c.Sum) {
		if m&placed != placed {
			continue
		}
		if rest := m &^ placed; rest&^union == 0 && cellsCanHold(empty, rest) {
			out = append(out, m)
		}
	}
	return out
}

// cellsCanHold reports whether the cells, with candidates cands, can
// take the symbols of m, one each (len(cands) symbols in m): a matching
// of cells to symbols.
func cellsCanHold(cands []uint32, m uint32) bool {
	if len(cands) != bits.OnesCount32(m) {
		return false
	}
	var match [MaxSide + 1]int8 // symbol -> cell+1
	var try func(c int, seen *uint32) bool
	try = func(c int, seen *uint32) bool {
		for x := cands[c] & m &^ *seen; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(x)
			*seen |= 1 << d
			if match[d] == 0 || try(int(match[d])-1, seen) {
				match[d] = int8(c + 1)
				return true
			}
		}
		return false
	}
	for c := range cands {
		var seen uint32
		if !try(c, &seen) {
			return false
		}
	}
	return true
}

// CageConflict is a cage whose givens break its rule: a symbol twice, or
// symbols that add up to more than its sum (or, all filled, to another
// sum). errors.Is(err, ErrConflict) holds.
type CageConflict struct {
	Cage   string // "cage of r1c1 (sum 14)"
	Symbol uint8  // the symbol twice, or 0 for a sum
	Cells  []string
	Total  int  // the filled cells' sum, for a sum conflict
	Full   bool // every cell of the cage is filled
	Sum    int
}

// Error reads "cage of r1c1 (sum 14): 6 twice (r1c1, r1c2)", "cage of
// r1c1 (sum 14): its symbols add up to 17, more than 14" or "…: full,
// its symbols add up to 12, not 14".
func (e *CageConflict) Error() string {
	switch {
	case e.Symbol != 0:
		return fmt.Sprintf("%s: %c twice (%s, %s)", e.Cage, Symbol(e.Symbol), e.Cells[0], e.Cells[1])
	case e.Full:
		return fmt.Sprintf("%s: full, its symbols add up to %d, not %d", e.Cage, e.Total, e.Sum)
	}
	return fmt.Sprintf("%s: its symbols add up to %d, more than %d", e.Cage, e.Total, e.Sum)
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *CageConflict) Is(target error) bool { return target == ErrConflict }

// validateCages is Validate's part for the cages.
func (b Board) validateCages() error {
	g := b.Geo
	for k, c := range g.cages {
		var clash *CageConflict
		total, full := b.cageTally(c, func(first, again int16) {
			if clash == nil {
				clash = &CageConflict{Cage: g.CageName(k), Symbol: b.Cells[again], Cells: []string{g.CellName(int(first)), g.CellName(int(again))}, Sum: c.Sum}
			}
		})
		if clash != nil {
			return clash
		}
		if total > c.Sum || full && total != c.Sum {
			return &CageConflict{Cage: g.CageName(k), Total: total, Full: full, Sum: c.Sum}
		}
	}
	return nil
}

// cageClashes marks the cells of out whose symbol repeats in their cage,
// and every filled cell of a cage whose symbols add up past its sum (or,
// full, to another).
func (b Board) cageClashes(out []bool) {
	for _, c := range b.Geo.cages {
		total, full := b.cageTally(c, func(first, again int16) { out[first], out[again] = true, true })
		if total > c.Sum || full && total != c.Sum {
			for _, i := range c.Cells {
				if b.Cells[i] != 0 {
					out[i] = true
				}
			}
		}
	}
}

// cageTally adds up the symbols of cage c's filled cells (symbols past
// the board's last are left out) and says whether every cell is filled;
// it calls repeat with the earlier cell and the later one for each symbol
// that a cell of the cage already holds.
func (b Board) cageTally(c Cage, repeat func(first, again int16)) (total int, full bool) {
	var seen [MaxSide + 1]int16
	full = true
	for _, i := range c.Cells {
		d := b.Cells[i]
		if d == 0 {
			full = false
			continue
		}
		if int(d) > b.Geo.N {
			continue
		}
		if seen[d] != 0 {
			repeat(seen[d]-1, i)
		}
		seen[d] = i + 1
		total += int(d)
	}
	return total, full
}
