package solver

import (
	"cmp"
	"math"
	"slices"
)

// The lines a board of any shape is drawn with, for the booklets and the
// window alike: region borders along cell edges, and a killer's cage
// outlines inset within the cells.

// Edge is a straight run of border along cell edges, from (X0, Y0) to
// (X1, Y1) in cells from the board's top left corner: X0 == X1 for a
// vertical run, Y0 == Y1 for a horizontal one.
type Edge struct{ X0, Y0, X1, Y1 int }

// RegionEdges returns the lines between cells of different regions (the
// box lines of a board with boxes, a jigsaw's outlines), each as long as
// it runs straight: the vertical ones first, left to right, then the
// horizontal ones, top to bottom. The board's border is not among them.
// O(N²).
func (g *Geometry) RegionEdges() []Edge { return RegionEdgesOf(g.N, g.region) }

// RegionEdgesOf is RegionEdges for the regions region (cell by cell in
// reading order) of an N×N board, a jigsaw's as they are drawn: they
// need not make a board yet.
func RegionEdgesOf(n int, region []uint8) []Edge {
	var out []Edge
	// runs walks line k (between cells k-1 and k across it) and appends
	// its runs of border: differs(k, j) says whether the border passes at
	// position j along the line.
	runs := func(k int, differs func(k, j int) bool, make func(k, from, to int) Edge) {
		start := -1
		for j := 0; j <= n; j++ {
			on := j < n && differs(k, j)
			switch {
			case on && start < 0:
				start = j
			case !on && start >= 0:
				out = append(out, make(k, start, j))
				start = -1
			}
		}
	}
	for k := 1; k < n; k++ {
		runs(k, func(k, r int) bool { return region[r*n+k-1] != region[r*n+k] },
			func(k, from, to int) Edge { return Edge{k, from, k, to} })
	}
	for k := 1; k < n; k++ {
		runs(k, func(k, c int) bool { return region[(k-1)*n+c] != region[k*n+c] },
			func(k, from, to int) Edge { return Edge{from, k, to, k} })
	}
	return out
}

// OnDiagonal reports a cell on an X board's diagonals.
func (g *Geometry) OnDiagonal(i int) bool {
	n := g.N
	return g.X && (i/n == i%n || i/n+i%n == n-1)
}

// Segment is a straight line in cells from the board's top left corner
// (fractions of a cell allowed): one of X0 == X1 or Y0 == Y1.
type Segment struct{ X0, Y0, X1, Y1 float64 }

// CageLines returns the outlines of a killer's cages, inset by e (a
// fraction of a cell, below one half) from the cell edges on the cage's
// side, as newspapers draw them: each cage a closed outline inside its
// cells, the lines of two cells of one cage joined across their common
// edge, a corner of the cage turned at the inset. Runs along one line are
// merged, so a dash pattern flows along them. Nil for a board without
// cages. O(N²).
func (g *Geometry) CageLines(e float64) []Segment {
	if !g.Killer() {
		return nil
	}
	n := g.N
	in := func(r, c, k int) bool { return r >= 0 && c >= 0 && r < n && c < n && g.CageOf(r*n+c) == k }
	// end says where a line along a side stops, toward a neighbour
	// (dr, dc) of the cell along the line and the cell diagonal to it
	// across the side (or, er, ec).
	end := func(r, c, k, dr, dc, or, oc int, at float64) float64 {
		switch {
		case !in(r+dr, c+dc, k):
			return at + float64(dr+dc)*-e // stop short: the cage turns here
		case in(r+dr+or, c+dc+oc, k):
			return at + float64(dr+dc)*e // a hollow corner: meet the line across
		}
		return at // run on into the neighbour's line
	}
	var h, v []Segment
	for i := 0; i < n*n; i++ {
		k := g.CageOf(i)
		if k < 0 {
			continue
		}
		r, c := i/n, i%n
		x0, x1, y0, y1 := float64(c), float64(c+1), float64(r), float64(r+1)
		if !in(r-1, c, k) { // top
			h = append(h, Segment{end(r, c, k, 0, -1, -1, 0, x0), y0 + e, end(r, c, k, 0, 1, -1, 0, x1), y0 + e})
		}
		if !in(r+1, c, k) { // bottom
			h = append(h, Segment{end(r, c, k, 0, -1, 1, 0, x0), y1 - e, end(r, c, k, 0, 1, 1, 0, x1), y1 - e})
		}
		if !in(r, c-1, k) { // left
			v = append(v, Segment{x0 + e, end(r, c, k, -1, 0, 0, -1, y0), x0 + e, end(r, c, k, 1, 0, 0, -1, y1)})
		}
		if !in(r, c+1, k) { // right
			v = append(v, Segment{x1 - e, end(r, c, k, -1, 0, 0, 1, y0), x1 - e, end(r, c, k, 1, 0, 0, 1, y1)})
		}
	}
	return append(mergeRuns(sortAlong(h, false), false), mergeRuns(sortAlong(v, true), true)...)
}

// Dashes lays a dash pattern along a line of length l: n dashes of length
// d, dash k starting at k·step, the first at the line's start and the last
// ending at its end, the dashes and gaps within a quarter or so of dash and
// gap. Two cage lines that meet at a corner then both reach it (a pattern
// run from each line's start ended wherever it fell, and left a corner
// where two lines end open: a cage looked like two). A line under about
// one and a half dashes is one dash; none has n = 0.
func Dashes(l, dash, gap float64) (n int, d, step float64) {
	if l <= 0 || dash <= 0 {
		return 0, 0, 0
	}
	n = max(1, int(math.Round((l+gap)/(dash+gap))))
	s := l / (float64(n)*dash + float64(n-1)*gap)
	return n, dash * s, (dash + gap) * s
}

// DashesAlong lays the dashes of each line of segs (in cells, as
// CageLines gives them) on a board whose cells are cell wide, its corner
// at (x, y): Dashes along each line, dash and gap given in cells. It
// returns the dashes as segments in the board's units, for the window and
// the booklets alike.
//
// Each line is dashed cell by cell, from one grid line it crosses to the
// next: a dash ends on each side of every grid line, so a cage that
// crosses a box's thick line is seen to go on (on paper a gap fell on the
// thick line, and the cage looked like two, one without its sum).
func DashesAlong(segs []Segment, cell, x, y, dash, gap float64) []Segment {
	var out []Segment
	for _, sg := range segs {
		horizontal := sg.Y0 == sg.Y1
		from, to := sg.Y0, sg.Y1
		if horizontal {
			from, to = sg.X0, sg.X1
		}
		for a := from; a < to; {
			b := min(to, math.Floor(a)+1) // the next grid line, or the end
			n, l, step := Dashes((b-a)*cell, dash*cell, gap*cell)
			for k := range n {
				t := a*cell + float64(k)*step
				if horizontal {
					out = append(out, Segment{x + t, y + sg.Y0*cell, x + t + l, y + sg.Y0*cell})
				} else {
					out = append(out, Segment{x + sg.X0*cell, y + t, x + sg.X0*cell, y + t + l})
				}
			}
			a = b
		}
	}
	return out
}

// mergeRuns joins pieces that continue one another along a line.
func mergeRuns(s []Segment, vertical bool) []Segment {
	var out []Segment
	for _, p := range s {
		if m := len(out) - 1; m >= 0 {
			last := &out[m]
			if !vertical && last.Y0 == p.Y0 && last.X1 == p.X0 {
				last.X1 = p.X1
				continue
			}
			if vertical && last.X0 == p.X0 && last.Y1 == p.Y0 {
				last.Y1 = p.Y1
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// sortAlong orders pieces line by line, and along each line from its
// start: horizontal ones by y then x, vertical ones by x then y.
func sortAlong(s []Segment, vertical bool) []Segment {
	out := slices.Clone(s)
	slices.SortStableFunc(out, func(a, b Segment) int {
		if vertical {
			a.X0, a.Y0, b.X0, b.Y0 = a.Y0, a.X0, b.Y0, b.X0
		}
		return cmp.Or(cmp.Compare(a.Y0, b.Y0), cmp.Compare(a.X0, b.X0))
	})
	return out
}
