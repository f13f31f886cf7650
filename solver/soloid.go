package solver

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Simon Tatham's Solo (sgt-puzzles) names a puzzle by a game ID,
// PARAMS:DESC, which its "Specific" dialog and `sgt-solo --generate`
// write:
//
//	2x3:2b4a5b3a1a1a2f2a1a2a5b5a4b3        6×6, boxes 3 wide and 2 high
//	3x3x:...                              9×9 X
//	9j:<grid>,<regions>                   9×9 jigsaw
//
// PARAMS is C or CxR, then flags: j (jigsaw), x (X), k (killer) and
// Solo's symmetry and difficulty letters, which a puzzle does not need
// and which are skipped. With C×R, the board is C·R wide, its boxes R
// cells wide and C high; with Cj it is a C×C jigsaw. DESC is the grid:
// numbers for givens, letters a-z for runs of 1-26 blanks, and _ between
// two numbers. A jigsaw adds its regions as the pattern of lines between
// cells: the N(N-1) inside vertical lines in reading order, then the
// N(N-1) horizontal ones column by column, written as the count of
// places without a line before each line (_ for none, a-y for 1-25, z
// for 25 with no line after).
//
// A killer (flag k: 3x3k, 3x3xk, 2x3k, 9jk) adds, after the grid (and a
// jigsaw's regions), its cages as lines between cells in the same way,
// then ',' and the sums: a grid as the givens' grid, each cage's sum at
// its first cell in reading order.

// IsSoloID reports whether s looks like a Solo game ID (PARAMS:DESC, PARAMS
// starting with a digit), as opposed to a line of symbols.
func IsSoloID(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon > 16 || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i := 0; i < colon; i++ {
		if b := s[i]; !(b >= '0' && b <= '9' || b >= 'a' && b <= 'z') {
			return false
		}
	}
	return true
}

// ParseSoloID reads a Solo game ID. Errors say which part is wrong.
func ParseSoloID(s string) (Board, error) {
	s = strings.TrimSpace(s)
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return Board{}, fmt.Errorf("game ID %q has no ':' between its parameters and its grid", clip(s))
	}
	params, desc := s[:colon], s[colon+1:]
	geo, killer, err := parseSoloParams(params)
	if err != nil {
		return Board{}, err
	}
	parts := strings.Split(desc, ",")
	n := geo.n
	want := 1
	if geo.jigsaw {
		want++
	}
	if killer {
		want += 2
	}
	switch {
	case len(parts) == want:
	case killer && len(parts) < want:
		return Board{}, fmt.Errorf("game ID %s: a killer's grid is followed by ',' and its cages, then ',' and their sums", params)
	case geo.jigsaw && len(parts) < want:
		return Board{}, fmt.Errorf("game ID %s: a jigsaw's grid is followed by ',' and its regions", params)
	default:
		return Board{}, fmt.Errorf("game ID %s: unexpected ',' after the grid", params)
	}
	cells, err := decodeSoloGrid[uint8](parts[0], n, n)
	if err != nil {
		return Board{}, fmt.Errorf("game ID %s: grid: %w", params, err)
	}
	var g *Geometry
	if geo.jigsaw {
		region, err := decodeSoloRegions(parts[1], n)
		if err != nil {
			return Board{}, fmt.Errorf("game ID %s: regions: %w", params, err)
		}
		if g, err = NewJigsaw(n, region, geo.x); err != nil {
			return Board{}, fmt.Errorf("game ID %s: %w", params, err)
		}
	} else if g, err = NewBoxes(geo.boxW, geo.boxH, geo.x); err != nil {
		return Board{}, fmt.Errorf("game ID %s: %w", params, err)
	}
	if killer {
		cages, err := decodeSoloCages(parts[len(parts)-2], parts[len(parts)-1], n)
		if err != nil {
			return Board{}, fmt.Errorf("game ID %s: %w", params, err)
		}
		if g, err = NewKiller(g, cages); err != nil {
			return Board{}, fmt.Errorf("game ID %s: %w", params, err)
		}
	}
	b := Board{Geo: g, Cells: cells}
	return b, nil
}

// decodeSoloCages reads a killer's cages (lines between cells) and sums
// (a grid with each cage's sum at its first cell). A piece without a sum
// is cells in no cage.
func decodeSoloCages(lines, sums string, n int) ([]Cage, error) {
	piece, err := decodeSoloLines(lines, n)
	if err != nil {
		return nil, fmt.Errorf("cages: %w", err)
	}
	total, err := decodeSoloGrid[int](sums, n, n*(n+1)/2)
	if err != nil {
		return nil, fmt.Errorf("sums: %w", err)
	}
	var cages []Cage
	index := map[int]int{} // piece -> cage
	for i, p := range piece {
		k, ok := index[p]
		if !ok {
			k = -1
			if total[i] != 0 {
				k = len(cages)
				cages = append(cages, Cage{Sum: total[i]})
			}
			index[p] = k
		} else if total[i] != 0 {
			return nil, fmt.Errorf("sums: %s holds a sum but is not its cage's first cell", cellName(n, i))
		}
		if k >= 0 {
			cages[k].Cells = append(cages[k].Cells, int16(i))
		}
	}
	return cages, nil
}

type soloParams struct {
	n, boxW, boxH int
	jigsaw, x     bool
}

func parseSoloParams(p string) (soloParams, bool, error) {
	var sp soloParams
	bad := func(why string) (soloParams, bool, error) {
		return sp, false, fmt.Errorf("game ID parameters %q: %s", clip(p), why)
	}
	i := 0
	num := func() int {
		j := i
		for i < len(p) && p[i] >= '0' && p[i] <= '9' {
			i++
		}
		v, err := strconv.Atoi(p[j:i])
		if err != nil || v > 1000 {
			return -1
		}
		return v
	}
	c := num()
	if c < 0 {
		return bad("they start with the board's size, a number")
	}
	r, seenR := c, false
	if i < len(p) && p[i] == 'x' && i+1 < len(p) && p[i+1] >= '0' && p[i+1] <= '9' {
		i++
		r, seenR = num(), true
		if r < 0 {
			return bad("a number must follow 'x'")
		}
	}
	killer := false
	for i < len(p) {
		switch p[i] {
		case 'j':
			if seenR {
				c *= r
			}
			r = 1
			sp.jigsaw = true
			i++
		case 'x':
			sp.x = true
			i++
		case 'k':
			killer = true
			i++
		case 'r', 'm', 'a': // symmetry: r2, r4, m2, md2, m4, md4, m8, a
			i++
			if i < len(p) && p[i] == 'd' {
				i++
			}
			for i < len(p) && p[i] >= '0' && p[i] <= '9' {
				i++
			}
		case 'd': // difficulty: dt, db, di, da, de, du
			i += 2
		default:
			return bad(fmt.Sprintf("unknown flag %q", p[i]))
		}
	}
	if sp.jigsaw || r == 1 {
		sp.jigsaw, sp.n = true, c
	} else {
		// C×R: R rows of boxes, each box R cells wide and C high.
		sp.n, sp.boxW, sp.boxH = c*r, r, c
	}
	if sp.n < 4 || sp.n > MaxSide {
		return bad(fmt.Sprintf("a %d×%d board; sizes from 4×4 to %d×%d are supported", sp.n, sp.n, MaxSide, MaxSide))
	}
	return sp, killer, nil
}

// decodeSoloGrid reads Solo's run-length grid of n×n cells, each number
// 1..max.
func decodeSoloGrid[T uint8 | int](s string, n, max int) ([]T, error) {
	cells := make([]T, 0, n*n)
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z':
			run := int(b-'a') + 1
			if len(cells)+run > n*n {
				return nil, fmt.Errorf("more than %d cells (at character %d)", n*n, i+1)
			}
			for k := 0; k < run; k++ {
				cells = append(cells, 0)
			}
			i++
		case b == '_':
			i++
		case b >= '0' && b <= '9':
			j := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			v, err := strconv.Atoi(s[j:i])
			if err != nil || v < 1 || v > max {
				if max == n {
					return nil, fmt.Errorf("%q at character %d is not a symbol 1-%d", s[j:i], j+1, n)
				}
				return nil, fmt.Errorf("%q at character %d is not a number 1-%d", s[j:i], j+1, max)
			}
			if len(cells) == n*n {
				return nil, fmt.Errorf("more than %d cells (at character %d)", n*n, j+1)
			}
			cells = append(cells, T(v))
		default:
			return nil, fmt.Errorf("%q at character %d is neither a number nor a run of blanks (a-z)", rune(b), i+1)
		}
	}
	if len(cells) != n*n {
		return nil, fmt.Errorf("%s, want %d", cellCount(len(cells), "cell"), n*n)
	}
	return cells, nil
}

// soloEdge returns the two cells either side of inside line e of an n×n
// board, in Solo's order: vertical lines in reading order, then
// horizontal lines column by column.
func soloEdge(n, e int) (int, int) {
	if e < n*(n-1) {
		y, x := e/(n-1), e%(n-1)
		return y*n + x, y*n + x + 1
	}
	x, y := e/(n-1)-n, e%(n-1)
	return y*n + x, (y+1)*n + x
}

// decodeSoloRegions reads Solo's line pattern into a region per cell,
// numbered in order of each region's first cell.
func decodeSoloRegions(s string, n int) ([]uint8, error) {
	piece, err := decodeSoloLines(s, n)
	if err != nil {
		return nil, err
	}
	region := make([]uint8, n*n)
	regions := 0
	for i, p := range piece {
		if p >= n {
			return nil, fmt.Errorf("the lines part the board into more than %d regions", n)
		}
		region[i] = uint8(p)
		regions = max(regions, p+1)
	}
	if regions != n {
		return nil, fmt.Errorf("the lines part the board into %d regions, want %d", regions, n)
	}
	return region, nil
}

// decodeSoloLines reads Solo's line pattern into the piece of each cell,
// numbered in order of each piece's first cell.
func decodeSoloLines(s string, n int) ([]int, error) {
	total := 2 * n * (n - 1)
	line := make([]bool, total+1)
	pos := 0
	for i := 0; i < len(s); i++ {
		b := s[i]
		var gap int
		wall := true
		switch {
		case b == '_':
		case b >= 'a' && b <= 'y':
			gap = int(b-'a') + 1
		case b == 'z':
			gap, wall = 25, false
		default:
			return nil, fmt.Errorf("%q at character %d is not a run (_ or a-z)", rune(b), i+1)
		}
		pos += gap
		if wall {
			if pos > total {
				return nil, fmt.Errorf("more than the %d lines inside a %d×%d board (at character %d)", total, n, n, i+1)
			}
			line[pos] = true
			pos++
		}
	}
	if pos != total+1 {
		return nil, fmt.Errorf("they describe %d of the %d line places", max(pos-1, 0), total)
	}
	// Cells not parted by a line are in one region.
	parent := make([]int, n*n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for e := 0; e < total; e++ {
		if !line[e] {
			a, b := soloEdge(n, e)
			parent[find(a)] = find(b)
		}
	}
	piece := make([]int, n*n)
	number := map[int]int{}
	for i := range piece {
		root := find(i)
		k, ok := number[root]
		if !ok {
			k = len(number)
			number[root] = k
		}
		piece[i] = k
	}
	return piece, nil
}

// SoloID writes b as a Solo game ID, which Solo's Game → Specific opens
// (a killer with a cage of one cell aside: see SoloGameID). ParseSoloID
// reads it back to b exactly.
func (b Board) SoloID() string {
	return b.soloID(b.Cells, b.Geo.cageOf, nil)
}

// SoloGameID is SoloID as Solo itself takes it. Solo's killer cages have
// two cells at least (it refused a tenth of our killers' IDs, "A jigsaw
// block is too small"), so a cage of one cell is written as a given (its
// sum is its digit) that joins a cage beside it, whose sum grows by the
// digit and whose solution does not hold it: the puzzle keeps its one
// solution. A cell without a cage that holds a given joins one the same
// way. Every other board's ID is SoloID's.
func (b Board) SoloGameID() string {
	g := b.Geo
	if !g.Killer() {
		return b.SoloID()
	}
	n := g.N
	size := make([]int, len(g.cages))
	for k, c := range g.cages {
		size[k] = len(c.Cells)
	}
	alone := func(i int) bool {
		k := g.cageOf[i]
		return k < 0 && b.Cells[i] != 0 || k >= 0 && size[k] == 1
	}
	some := false
	for i := range b.Cells {
		some = some || alone(i)
	}
	if !some {
		return b.SoloID()
	}
	res := SolveBoard(context.Background(), b, Options{Algorithm: CP, Limit: 1})
	if res.Status != Solved {
		return b.SoloID()
	}
	sol := res.Solution.Cells
	cells := slices.Clone(b.Cells)
	cageOf := slices.Clone(g.cageOf)
	sums := make([]int, len(g.cages))
	for k, c := range g.cages {
		sums[k] = c.Sum
	}
	holds := func(k int16, d uint8) bool {
		for i, c := range cageOf {
			if c == k && sol[i] == d {
				return true
			}
		}
		return false
	}
	neighbours := func(i int) []int {
		var qs []int
		for _, q := range [4]int{i - n, i + n, i - 1, i + 1} {
			if q >= 0 && q < len(cells) && ((q != i-1 && q != i+1) || q/n == i/n) {
				qs = append(qs, q)
			}
		}
		return qs
	}
	// connectedWithout reports whether cage k stays in one piece without
	// its cell q.
	connectedWithout := func(k int16, q int) bool {
		seen := map[int]bool{}
		var stack []int
		total := 0
		for i, c := range cageOf {
			if c == k && i != q {
				total++
				if len(stack) == 0 {
					stack = append(stack, i)
					seen[i] = true
				}
			}
		}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, r := range neighbours(i) {
				if r != q && cageOf[r] == k && !seen[r] {
					seen[r] = true
					stack = append(stack, r)
				}
			}
		}
		return len(seen) == total
	}
	for i := range cells {
		if !alone(i) {
			continue
		}
		d := sol[i]
		own := cageOf[i]
		joined := false
		// First a cage whose every cell sees this one: with its digit
		// given, none of them could hold it anyway, so the joined cage's
		// rule that its digits differ adds nothing and the puzzle stays
		// the same, its rating too. Only then any cage beside it whose
		// solution lacks the digit: the puzzle keeps its one solution,
		// but the new rule may make it easier (an insane 6×6 killer read
		// back as easy).
		for pass := 0; pass < 2 && !joined; pass++ {
			for _, q := range neighbours(i) {
				k := cageOf[q]
				if k < 0 || k == own || size[k] >= n || holds(k, d) || pass == 0 && !allSee(g, cageOf, k, i) {
					continue
				}
				if own >= 0 {
					size[own]--
				}
				cells[i], cageOf[i] = d, k
				sums[k] += int(d)
				size[k]++
				joined = true
				break
			}
		}
		if joined {
			continue
		}
		// No cage beside it can take the digit (a small board's cages are
		// full or hold it): the cell and a neighbour of a cage of three
		// or more, which stays in one piece, make a cage of two. Its sum
		// then tells the neighbour's digit too: the puzzle gains that
		// digit.
		// The bigger cage loses its rule that the neighbour's digit is not
		// in its other cells: kept only when the puzzle, read back, still
		// has one solution.
		for _, q := range neighbours(i) {
			k := cageOf[q]
			if k < 0 || k == own || size[k] < 3 || !connectedWithout(k, q) {
				continue
			}
			was := struct {
				cells  []uint8
				cageOf []int16
				sums   []int
				size   []int
			}{slices.Clone(cells), slices.Clone(cageOf), slices.Clone(sums), slices.Clone(size)}
			if own >= 0 {
				size[own]--
			}
			pair := int16(len(sums))
			sums = append(sums, int(d+sol[q]))
			size = append(size, 2)
			sums[k] -= int(sol[q])
			size[k]--
			cells[i], cageOf[i], cageOf[q] = d, pair, pair
			back, err := ParseSoloID(b.soloID(cells, cageOf, sums))
			if err == nil && CountBoard(context.Background(), back, 2) == 1 {
				break
			}
			cells, cageOf, sums, size = was.cells, was.cageOf, was.sums, was.size
		}
	}
	return b.soloID(cells, cageOf, sums)
}

// allSee reports whether every cell of cage k (in cageOf) is a peer of
// cell i.
func allSee(g *Geometry, cageOf []int16, k int16, i int) bool {
	peers := g.Peers(i)
	for j, c := range cageOf {
		if c == k && j != i && !slices.Contains(peers, int16(j)) {
			return false
		}
	}
	return true
}

// soloID writes the ID of b's shape with the symbols cells and the
// killer cages cageOf, of sums sums (nil: the geometry's).
func (b Board) soloID(cells []uint8, cageOf []int16, sums []int) string {
	g := b.Geo
	var sb strings.Builder
	if g.Jigsaw() {
		fmt.Fprintf(&sb, "%dj", g.N)
	} else {
		fmt.Fprintf(&sb, "%dx%d", g.BoxH, g.BoxW)
	}
	if g.X {
		sb.WriteByte('x')
	}
	if g.Killer() {
		sb.WriteByte('k')
	}
	sb.WriteByte(':')
	writeSoloGrid(&sb, len(cells), func(i int) int { return int(cells[i]) })
	n := g.N
	if g.Jigsaw() {
		sb.WriteByte(',')
		writeSoloLines(&sb, n, func(a, c int) bool { return g.region[a] != g.region[c] })
	}
	if g.Killer() {
		// A cell in no cage is a piece of its own, without a sum.
		sb.WriteByte(',')
		writeSoloLines(&sb, n, func(a, c int) bool { return cageOf[a] != cageOf[c] || cageOf[a] < 0 })
		sb.WriteByte(',')
		// Each cage's sum at its first cell.
		first := make(map[int16]int)
		for i := len(cells) - 1; i >= 0; i-- {
			if k := cageOf[i]; k >= 0 {
				first[k] = i
			}
		}
		writeSoloGrid(&sb, len(cells), func(i int) int {
			if k := cageOf[i]; k >= 0 && first[k] == i {
				if sums != nil {
					return sums[k]
				}
				return g.cages[k].Sum
			}
			return 0
		})
	}
	return sb.String()
}

// writeSoloGrid writes cells numbers (0 for none) as Solo's run-length
// grid.
func writeSoloGrid(sb *strings.Builder, cells int, at func(i int) int) {
	run := 0
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			sb.WriteByte(byte('a' + k - 1))
			run -= k
		}
	}
	for i := 0; i < cells; i++ {
		d := at(i)
		if d == 0 {
			run++
			continue
		}
		if run > 0 {
			flush()
		} else if i > 0 {
			sb.WriteByte('_')
		}
		sb.WriteString(strconv.Itoa(d))
	}
	flush()
}

// writeSoloLines writes the lines between cells of an n×n board that
// wall says part, in Solo's line pattern.
func writeSoloLines(sb *strings.Builder, n int, wall func(a, c int) bool) {
	gap := 0
	for e := 0; e <= 2*n*(n-1); e++ {
		line := true
		if e < 2*n*(n-1) {
			line = wall(soloEdge(n, e))
		}
		if !line {
			gap++
			continue
		}
		for gap > 25 {
			sb.WriteByte('z')
			gap -= 25
		}
		if gap == 0 {
			sb.WriteByte('_')
		} else {
			sb.WriteByte(byte('a' + gap - 1))
		}
		gap = 0
	}
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
