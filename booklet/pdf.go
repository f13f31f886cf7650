package booklet

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"codeberg.org/go-pdf/fpdf"

	"example.com/sudoku/solver"
)

// pdfDate is the creation date every booklet carries, so that the same
// puzzles give the same bytes.
var pdfDate = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// pdfFamily is the name the Go fonts are registered under in fpdf.
const pdfFamily = "go"

// WritePDF writes a booklet of the entries to w: opt.PerPage puzzles a page
// in reading order, each numbered from 1 with its caption, the title and
// "Page N of M" on every page, then, with opt.Solutions, the solutions
// twelve a page.
//
// The givens of every entry are checked first and, with opt.Solutions,
// every puzzle is solved before anything is written: a board that breaks
// the rules or has no solution stops the print with a *PuzzleError naming
// it. (Without solutions an unsolvable puzzle is printed as given.)
//
// Cost: the fast solver's time per puzzle (about 0.1 ms for a hard one),
// then about 50 µs and 300 to 450 bytes of PDF a board, plus about 20 KB
// for the two font subsets: 1,000 puzzles with solutions make 334 pages
// and 0.8 MB. fpdf holds the whole document in memory, each page's
// content uncompressed (some 60 KB a page of twelve solutions) until the
// end, and allocates a deflate writer (about 1 MB) per page as it
// finishes. Boards of other shapes solve with cp (a few milliseconds for
// a 16×16).
//
// Boards larger than 9×9 go fewer a page when the layout asked for would
// make their cells smaller than 18 pt (solutions: 11 pt); see
// PageCountOf.
func WritePDF(w io.Writer, entries []Entry, opt Options) error {
	return WritePDFContext(context.Background(), w, entries, opt)
}

// WritePDFContext is WritePDF that stops with ctx's error, writing
// nothing, once ctx ends: it looks between puzzles solved and pages drawn.
func WritePDFContext(ctx context.Context, w io.Writer, entries []Entry, opt Options) error {
	opt, err := opt.normalized()
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return ErrNoPuzzles
	}
	if err := checkGivens(entries); err != nil {
		return err
	}
	var solutions [][]uint8
	if opt.Solutions {
		solutions = make([][]uint8, len(entries))
		for i := range entries {
			if i%64 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if solutions[i], err = solve(entries, i, opt.Several); err != nil {
				return err
			}
		}
	}

	plan := planPages(entries, opt)
	d := newDocument(opt)
	number := 0 // of the page
	// section prints every entry on its pages, under the heading of
	// title and suffix (the title is what a long heading loses).
	section := func(title, suffix, mark string, pages []page, draw func(b boardGeom, captionSize float64, i int)) {
		heading := title + suffix
		layouts := map[int]pageLayout{}
		for k, p := range pages {
			if ctx.Err() != nil {
				return
			}
			l, ok := layouts[p.perPage]
			if !ok {
				l = layoutPage(opt.Paper, heading != "", p.perPage)
				layouts[p.perPage] = l
			}
			if opt.Progress != nil {
				opt.Progress(number, plan.total())
			}
			number++
			d.startPage(title, suffix, number, plan.total())
			// The outline a viewer shows beside the pages: where the
			// solutions start, and which numbers each page holds (a
			// teacher searched 95 pages for "— Solutions").
			if k == 0 {
				d.pdf.Bookmark(mark, 0, 0)
			}
			d.pdf.Bookmark(pageNumbers(entries, opt.FirstNumber, p.first, p.count), 1, 0)
			for k := range p.count {
				draw(l.boards[k], l.captionSize, p.first+k)
			}
		}
	}
	section(opt.Title, "", "Puzzles", plan.puzzles, func(b boardGeom, captionSize float64, i int) {
		c := makeCaption(entries[i], entryNumber(entries[i], opt.FirstNumber+i))
		if opt.NumbersOnly {
			c.name, c.right = "", ""
		}
		drawCaption(d, b, captionSize, c)
		geo, givens := entries[i].puzzle()
		d.gridLines(b, geo)
		drawCages(d, b, geo)
		drawSymbols(d, b, geo, givens, nil, true)
	})
	if opt.Solutions {
		title, suffix := solutionsHeading(opt.Title)
		section(title, suffix, "Solutions", plan.solutions, func(b boardGeom, captionSize float64, i int) {
			c := makeCaption(entries[i], entryNumber(entries[i], opt.FirstNumber+i))
			if !opt.NumbersOnly {
				c.right = "" // the level is on the puzzle's page; the label only has to match it
			}
			drawCaption(d, b, captionSize, c)
			geo, givens := entries[i].puzzle()
			d.gridLines(b, geo)
			drawCages(d, b, geo) // a killer's sums, to check the solution by
			// The digits clear of the sums, as on the puzzle's page: centred,
			// a solution's 7 touched the 16 above it.
			drawSymbols(d, b, geo, givens, solutions[i], true)
		})
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	d.flush()
	if opt.Progress != nil {
		opt.Progress(plan.total(), plan.total()) // then the file is written
	}
	return d.pdf.Output(w)
}

// pageNumbers names the puzzles of a page in the outline: "No. 5-8", or
// "No. 5, 17, 42" for puzzles picked here and there ("No. 5-42" read as
// 38 of them).
func pageNumbers(entries []Entry, firstNumber, first, count int) string {
	nums := make([]int, count)
	run := true
	for k := range count {
		nums[k] = entryNumber(entries[first+k], firstNumber+first+k)
		if k > 0 && nums[k] != nums[k-1]+1 {
			run = false
		}
	}
	switch {
	case count == 1:
		return fmt.Sprintf("No. %d", nums[0])
	case run:
		return fmt.Sprintf("No. %d-%d", nums[0], nums[count-1])
	}
	parts := make([]string, count)
	for k, n := range nums {
		parts[k] = strconv.Itoa(n)
	}
	return "No. " + strings.Join(parts, ", ")
}

// solutionsHeading is the heading of the solutions pages, as a title and
// a suffix that a long title never cuts off.
func solutionsHeading(title string) (string, string) {
	if title != "" {
		return title, " — Solutions"
	}
	return "", "Solutions"
}

// solutionChoices are the layouts of a solutions page, most boards first.
var solutionChoices = []int{SolutionsPerPage, 6, 4, 2, 1}

// pagePlan is how a booklet's boards fall on its pages.
type pagePlan struct{ puzzles, solutions []page }

func (p pagePlan) total() int { return len(p.puzzles) + len(p.solutions) }

// planPages splits the entries into the puzzle pages and, with
// opt.Solutions, the solutions pages (opt normalized).
func planPages(entries []Entry, opt Options) pagePlan {
	// most remembers the answer for each size: one layout per size and
	// section, however many boards.
	most := func(title bool, perPage int, choices []int, minCell float64) func(i int) int {
		bySide := map[int]int{}
		return func(i int) int {
			n := entries[i].side()
			m, ok := bySide[n]
			if !ok {
				m = mostPerPage(opt.Paper, title, perPage, n, choices, minCell)
				bySide[n] = m
			}
			return m
		}
	}
	var p pagePlan
	p.puzzles = paginate(len(entries), opt.PerPage, most(opt.Title != "", opt.PerPage, PerPageChoices, minPuzzleCell))
	if opt.Solutions {
		// One or two solutions fill their page as their puzzles do: one
		// puzzle's solution sat small in a corner of an empty page.
		per := SolutionsPerPage
		if len(entries) <= 2 {
			per = len(entries)
		}
		p.solutions = paginate(len(entries), per, most(true, per, solutionChoices, minSolutionCell))
	}
	return p
}

// document wraps fpdf, remembers the graphics state it has set so that
// each change is written once rather than per board, and writes the digits
// of a board as one text object.
//
// fpdf's Text writes a text object per call ("BT x y Td (…) Tj ET", about
// 35 bytes a digit, absolute coordinates). A board's digits instead go
// out as one object of relative moves, which is half the size and
// compresses twice as well. fpdf embeds only the characters its own text
// calls have used, so the first use of each digit in each font goes
// through Text; the rest are written raw.
type document struct {
	pdf   *fpdf.Fpdf
	paper Paper

	font     *face
	fontSize float64
	ink      int // grey level of text and fills

	grids map[gridKey]string // the operators of a board's lines, by side and shape

	seen map[*face]*[solver.MaxSide + 1]bool // symbols fpdf has set in each font, so embeds (see symbolIndex)
	run  []byte                              // the open text object of digits, or empty
	// runX and runY are the last digit's origin in the run, in tenths of
	// a point (0.035 mm, too little to see) in PDF space: relative moves
	// between rounded positions do not drift, and few distinct moves
	// compress well.
	runX, runY int
}

func newDocument(opt Options) *document {
	pdf := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "pt",
		Size:           fpdf.SizeType{Wd: opt.Paper.Width, Ht: opt.Paper.Height},
	})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCreationDate(pdfDate)
	pdf.SetModificationDate(pdfDate)
	pdf.SetCatalogSort(true)
	pdf.SetCreator("Sudoku", true)
	pdf.SetProducer("Sudoku", true)
	title := opt.docTitle
	if title == "" {
		title = "Sudoku"
	}
	pdf.SetTitle(utf16BE(title), false)
	if opt.Keywords != "" {
		pdf.SetKeywords(opt.Keywords, false)
	}
	pdf.AddUTF8FontFromBytes(pdfFamily, regularFace().style, regularFace().ttf)
	pdf.AddUTF8FontFromBytes(pdfFamily, boldFace().style, boldFace().ttf)
	return &document{pdf: pdf, paper: opt.Paper, seen: map[*face]*[solver.MaxSide + 1]bool{boldFace(): {}, regularFace(): {}},
		grids: map[gridKey]string{}}
}

// TitleCut reports whether a booklet's title is too long for its pages'
// headings and is shortened there, and how the heading shows it: the
// puzzle pages' ("The Grand Weekly Puzzle Supplement of the Sunday Herald
// and Ev…"), or, when only the solutions pages' is cut, theirs ("… —
// Solutions"). An editor learned of it only at the proof. False for bad
// options or no title.
func TitleCut(opt Options) (shown string, cut bool) {
	opt, err := opt.normalized()
	if err != nil || opt.Title == "" {
		return "", false
	}
	if shown = heading(opt.Paper.Width, opt.Title, ""); shown != opt.Title {
		return shown, true
	}
	if opt.Solutions {
		title, suffix := solutionsHeading(opt.Title)
		if shown = heading(opt.Paper.Width, title, suffix); shown != title+suffix {
			return shown, true
		}
	}
	return opt.Title, false
}

// heading is a page's heading on paper of that width: the title, cut to
// fit with the suffix kept whole ("— Solutions" was lost), and the suffix.
func heading(paperWidth float64, title, suffix string) string {
	bold := boldFace()
	room := paperWidth - 2*margin - bold.width(suffix, titleSize)
	return ellipsize(title, room, func(s string) float64 { return bold.width(s, titleSize) }) + suffix
}

// utf16BE is s as a PDF text string in UTF-16BE with its byte-order
// mark, characters beyond the first 65,536 (an emoji) as surrogate pairs:
// fpdf's own conversion wrote two wrong characters for each, so the
// title was mapped to "�" before.
func utf16BE(s string) string {
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}

// startPage adds a page with the heading, title and suffix, centred at
// the top (a title too long is cut, the suffix kept: "— Solutions" was
// lost) and the page number centred at the bottom. A page is a new
// content stream, so the remembered font and ink are forgotten rather than
// trusted to carry over.
func (d *document) startPage(title, suffix string, page, total int) {
	d.flush()
	d.pdf.AddPage()
	d.font, d.fontSize, d.ink = nil, 0, -1
	if title+suffix != "" {
		bold := boldFace()
		h := heading(d.paper.Width, title, suffix)
		d.text(bold, titleSize, inkBlack, (d.paper.Width-bold.width(h, titleSize))/2, margin+0.72*titleSize, h, false)
	}
	regular := regularFace()
	footer := fmt.Sprintf("Page %d of %d", page, total)
	d.text(regular, footerSize, inkCaption, (d.paper.Width-regular.width(footer, footerSize))/2, d.paper.Height-margin+footerOffset, footer, false)
}

// gridLines draws the lines of board b, of geometry geo. They are the
// same on every board of a size and shape, so their operators are worked
// out once per size and shape and each board writes them again, moved into
// place (q … cm … Q): the page's deflate stream finds the repeats, so a
// board's lines cost a few bytes. They are not a form XObject (fpdf's
// template), which would be smaller still: fpdf gives a form every font of
// the document as a resource, and poppler (Evince, Okular, pdftoppm, CUPS'
// filters) loads a form's fonts again at each placement, which made a page
// of twelve boards five times as slow to show.
func (d *document) gridLines(b boardGeom, geo *solver.Geometry) {
	d.flush()
	_, thick := boardLineWidths(b.side, geo.N)
	pad := thick // the border's stroke reaches half its width outside the board
	key := gridKey{side: b.side, shape: shapeKey(geo)}
	ops, ok := d.grids[key]
	if !ok {
		r := &pathRecorder{height: b.side + 2*pad}
		strokeGrid(r, boardGeom{x: pad, y: pad, side: b.side}, geo)
		ops = r.buf.String()
		d.grids[key] = ops
	}
	d.pdf.RawWriteStr(fmt.Sprintf("q 1 0 0 1 %.2f %.2f cm\n%sQ\n", b.x-pad, d.paper.Height-b.y-b.side-pad, ops))
}

// pathRecorder is a pathDrawer that writes PDF path operators, with y
// running down from the top of a box height high as fpdf's does.
type pathRecorder struct {
	buf    strings.Builder
	height float64
}

func (r *pathRecorder) SetLineWidth(w float64) { fmt.Fprintf(&r.buf, "%.2f w\n", w) }
func (r *pathRecorder) SetDrawColor(g, _, _ int) {
	fmt.Fprintf(&r.buf, "%.3f G\n", float64(g)/255)
}
func (r *pathRecorder) SetFillColor(g, _, _ int) {
	fmt.Fprintf(&r.buf, "%.3f g\n", float64(g)/255)
}
func (r *pathRecorder) SetLineCapStyle(style string) {
	cap := map[string]int{"butt": 0, "round": 1, "square": 2}[style]
	fmt.Fprintf(&r.buf, "%d J\n", cap)
}
func (r *pathRecorder) MoveTo(x, y float64) { fmt.Fprintf(&r.buf, "%.2f %.2f m\n", x, r.height-y) }
func (r *pathRecorder) LineTo(x, y float64) { fmt.Fprintf(&r.buf, "%.2f %.2f l\n", x, r.height-y) }
func (r *pathRecorder) ClosePath()          { r.buf.WriteString("h\n") }
func (r *pathRecorder) DrawPath(style string) {
	r.buf.WriteString(map[string]string{"F": "f", "D": "S", "S": "S", "FD": "B", "DF": "B"}[strings.ToUpper(style)] + "\n")
}
func (r *pathRecorder) Rect(x, y, w, h float64, style string) {
	fmt.Fprintf(&r.buf, "%.2f %.2f %.2f %.2f re ", x, r.height-y-h, w, h)
	r.DrawPath(style)
}

// gridKey names the lines of a board: its side and its shape.
type gridKey struct {
	side  float64
	shape string
}

// shapeKey is the same for two geometries exactly when their boards have
// the same lines and shading: size, boxes, X, and a jigsaw's regions.
func shapeKey(g *solver.Geometry) string {
	k := fmt.Sprintf("%d %d×%d %v", g.N, g.BoxW, g.BoxH, g.X)
	if g.Jigsaw() {
		r := make([]byte, g.Cells())
		for i := range r {
			r[i] = byte('a' + g.Region(i))
		}
		k += " " + string(r)
	}
	return k
}

// pathDrawer is what strokeGrid needs of fpdf's document or template.
type pathDrawer interface {
	SetLineWidth(width float64)
	SetDrawColor(r, g, b int)
	SetFillColor(r, g, b int)
	SetLineCapStyle(style string)
	MoveTo(x, y float64)
	LineTo(x, y float64)
	ClosePath()
	DrawPath(style string)
	Rect(x, y, w, h float64, style string)
}

// strokeGrid draws board b of geometry geo: on an X board the cells of
// the diagonals shaded light grey; the thin cell lines as one path; then
// the region lines and the closed border (mitred corners) as another.
// Boxes' lines run across the board; a jigsaw's are the segments between
// cells of different regions, with square ends so that they meet in full
// corners.
func strokeGrid(p pathDrawer, b boardGeom, geo *solver.Geometry) {
	thin, thick := boardLineWidths(b.side, geo.N)
	n := geo.N
	cell := b.side / float64(n)
	right, bottom := b.x+b.side, b.y+b.side
	if geo.X {
		p.SetFillColor(inkDiagonal, inkDiagonal, inkDiagonal)
		for r := range n {
			for _, c := range diagonalCells(n, r) {
				p.Rect(b.x+float64(c)*cell, b.y+float64(r)*cell, cell, cell, "F")
			}
		}
	}
	p.SetLineWidth(thin)
	p.SetDrawColor(inkThin, inkThin, inkThin)
	for k := 1; k < n; k++ {
		x, y := b.x+float64(k)*cell, b.y+float64(k)*cell
		if geo.Jigsaw() || k%geo.BoxW != 0 {
			p.MoveTo(x, b.y)
			p.LineTo(x, bottom)
		}
		if geo.Jigsaw() || k%geo.BoxH != 0 {
			p.MoveTo(b.x, y)
			p.LineTo(right, y)
		}
	}
	p.DrawPath("S")
	p.SetLineWidth(thick)
	p.SetDrawColor(inkBlack, inkBlack, inkBlack)
	if geo.Jigsaw() {
		p.SetLineCapStyle("square")
		for _, e := range geo.RegionEdges() {
			p.MoveTo(b.x+float64(e.X0)*cell, b.y+float64(e.Y0)*cell)
			p.LineTo(b.x+float64(e.X1)*cell, b.y+float64(e.Y1)*cell)
		}
	} else {
		for k := 1; k < n; k++ {
			x, y := b.x+float64(k)*cell, b.y+float64(k)*cell
			if k%geo.BoxW == 0 {
				p.MoveTo(x, b.y)
				p.LineTo(x, bottom)
			}
			if k%geo.BoxH == 0 {
				p.MoveTo(b.x, y)
				p.LineTo(right, y)
			}
		}
	}
	p.MoveTo(b.x, b.y)
	p.LineTo(right, b.y)
	p.LineTo(right, bottom)
	p.LineTo(b.x, bottom)
	p.ClosePath()
	p.DrawPath("S")
}

// cageLines strokes the cage outlines' dashes as one path, a piece a
// dash. A killer's cages are its own, so they are drawn on the page, not
// in the form of the grid.
func (d *document) cageLines(dashes []solver.Segment, width float64, ink int) {
	if len(dashes) == 0 {
		return
	}
	d.flush()
	d.pdf.SetLineWidth(width)
	d.pdf.SetDrawColor(ink, ink, ink)
	for _, sg := range dashes {
		d.pdf.MoveTo(sg.X0, sg.Y0)
		d.pdf.LineTo(sg.X1, sg.Y1)
	}
	d.pdf.DrawPath("S")
}

func (d *document) fill(x, y, w, h float64, ink int) {
	d.flush()
	d.pdf.SetFillColor(ink, ink, ink)
	d.pdf.Rect(x, y, w, h, "F")
	d.ink = -1 // the fill colour no longer follows the text's
}

// text writes s with its baseline origin at (x, y).
func (d *document) text(f *face, size float64, ink int, x, y float64, s string, flushRight bool) {
	if flushRight {
		x -= f.width(s, size)
	}
	if d.font != f || d.fontSize != size || d.ink != ink {
		d.flush()
	}
	if d.font != f || d.fontSize != size {
		d.pdf.SetFont(pdfFamily, f.style, size)
		d.font, d.fontSize = f, size
	}
	if d.ink != ink {
		// fpdf wraps every text in q … Q when the text and fill colours
		// differ; keeping them equal saves that.
		d.pdf.SetTextColor(ink, ink, ink)
		d.pdf.SetFillColor(ink, ink, ink)
		d.ink = ink
	}
	if len(s) == 1 && symbolIndex(rune(s[0])) >= 0 && d.seen[f][symbolIndex(rune(s[0]))] {
		px, py := int(math.Round(x*10)), int(math.Round((d.paper.Height-y)*10))
		if len(d.run) == 0 {
			d.run = append(d.run, "BT "...)
			d.run = appendTenths(d.run, px)
			d.run = append(d.run, ' ')
			d.run = appendTenths(d.run, py)
		} else {
			d.run = appendTenths(d.run, px-d.runX)
			d.run = append(d.run, ' ')
			d.run = appendTenths(d.run, py-d.runY)
		}
		// Identity-H codes of fpdf's UTF-8 fonts are the code points.
		d.run = fmt.Appendf(d.run, " Td <%04X> Tj\n", s[0])
		d.runX, d.runY = px, py
		return
	}
	d.flush()
	d.pdf.Text(x, y, s)
	for _, r := range s {
		if k := symbolIndex(r); k >= 0 {
			d.seen[f][k] = true
		}
	}
}

// flush ends the open text object of digits and writes it to the page.
func (d *document) flush() {
	if len(d.run) > 0 {
		d.run = append(d.run, "ET"...)
		d.pdf.RawWriteBuf(bytes.NewReader(d.run))
		d.run = d.run[:0]
	}
}

// appendTenths appends v/10 with one decimal at most: 123 is "12.3", -5
// is "-0.5", 30 is "3".
func appendTenths(b []byte, v int) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, int64(v/10), 10)
	if v%10 != 0 {
		b = append(b, '.', byte('0'+v%10))
	}
	return b
}
