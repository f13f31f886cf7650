package booklet

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

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
// then about 50 µs and 250 to 400 bytes of PDF a board, plus about 20 KB
// for the two font subsets: 1,465 puzzles with solutions make 368 pages
// and 0.96 MB in about 0.3 s. fpdf holds the whole document in memory and
// allocates a deflate writer (about 1 MB) per page as it finishes.
func WritePDF(w io.Writer, entries []Entry, opt Options) error {
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
	var solutions []solver.Grid
	if opt.Solutions {
		solutions = make([]solver.Grid, len(entries))
		for i := range entries {
			if solutions[i], err = solve(entries, i); err != nil {
				return err
			}
		}
	}

	d := newDocument(opt)
	total := PageCount(len(entries), opt)
	page := 0
	// section prints every entry, perPage a page under heading.
	section := func(heading string, perPage int, draw func(b boardGeom, captionSize float64, i int)) {
		l := layoutPage(opt.Paper, heading != "", perPage)
		for first := 0; first < len(entries); first += perPage {
			page++
			d.startPage(heading, page, total)
			for k, b := range l.boards {
				if first+k >= len(entries) {
					break
				}
				draw(b, l.captionSize, first+k)
			}
		}
	}
	section(opt.Title, opt.PerPage, func(b boardGeom, captionSize float64, i int) {
		drawCaption(d, b, captionSize, makeCaption(entries[i], i+1))
		d.gridLines(b)
		drawDigits(d, b, entries[i].Grid, nil)
	})
	if opt.Solutions {
		heading := "Solutions"
		if opt.Title != "" {
			heading = opt.Title + " — Solutions"
		}
		section(heading, SolutionsPerPage, func(b boardGeom, captionSize float64, i int) {
			c := makeCaption(entries[i], i+1)
			c.right = "" // the level is on the puzzle's page; the label only has to match it
			drawCaption(d, b, captionSize, c)
			d.gridLines(b)
			drawDigits(d, b, entries[i].Grid, &solutions[i])
		})
	}
	d.flush()
	return d.pdf.Output(w)
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

	grids map[float64]fpdf.Template // the lines of a board, by side

	seen map[*face]*[10]bool // digits fpdf has set in each font, so embeds
	run  []byte              // the open text object of digits, or empty
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
	title := opt.Title
	if title == "" {
		title = "Sudoku"
	}
	pdf.SetTitle(title, true)
	pdf.AddUTF8FontFromBytes(pdfFamily, regularFace().style, regularFace().ttf)
	pdf.AddUTF8FontFromBytes(pdfFamily, boldFace().style, boldFace().ttf)
	return &document{pdf: pdf, paper: opt.Paper, seen: map[*face]*[10]bool{boldFace(): {}, regularFace(): {}},
		grids: map[float64]fpdf.Template{}}
}

// startPage adds a page with the heading centred at the top and the page
// number centred at the bottom. A page is a new content stream, so the
// remembered font and ink are forgotten rather than trusted to carry over.
func (d *document) startPage(heading string, page, total int) {
	d.flush()
	d.pdf.AddPage()
	d.font, d.fontSize, d.ink = nil, 0, -1
	if heading != "" {
		bold := boldFace()
		heading = ellipsize(heading, d.paper.Width-2*margin, func(s string) float64 { return bold.width(s, titleSize) })
		d.text(bold, titleSize, inkBlack, (d.paper.Width-bold.width(heading, titleSize))/2, margin+0.72*titleSize, heading, false)
	}
	regular := regularFace()
	footer := fmt.Sprintf("Page %d of %d", page, total)
	d.text(regular, footerSize, inkCaption, (d.paper.Width-regular.width(footer, footerSize))/2, d.paper.Height-margin+footerOffset, footer, false)
}

// gridLines draws the lines of board b. They are the same on every board
// of a size, so they are drawn once into a form XObject (fpdf's template)
// per size and each board places it: one short operator line a board
// instead of forty path segments.
func (d *document) gridLines(b boardGeom) {
	d.flush()
	_, thick := lineWidths(b.side)
	pad := thick // the border's stroke reaches half its width outside the board; the form clips to its box
	outer := fpdf.SizeType{Wd: b.side + 2*pad, Ht: b.side + 2*pad}
	t, ok := d.grids[b.side]
	if !ok {
		t = d.pdf.CreateTemplateCustom(fpdf.PointType{}, outer, func(tpl *fpdf.Tpl) {
			strokeGrid(tpl, boardGeom{x: pad, y: pad, side: b.side})
		})
		d.grids[b.side] = t
	}
	d.pdf.UseTemplateScaled(t, fpdf.PointType{X: b.x - pad, Y: b.y - pad}, outer)
}

// pathDrawer is what strokeGrid needs of fpdf's document or template.
type pathDrawer interface {
	SetLineWidth(width float64)
	SetDrawColor(r, g, b int)
	MoveTo(x, y float64)
	LineTo(x, y float64)
	ClosePath()
	DrawPath(style string)
}

// strokeGrid draws the lines of board b: the thin cell lines as one path,
// then the box lines and the closed border (mitred corners) as another.
func strokeGrid(p pathDrawer, b boardGeom) {
	thin, thick := lineWidths(b.side)
	cell := b.cell()
	right, bottom := b.x+b.side, b.y+b.side
	p.SetLineWidth(thin)
	p.SetDrawColor(inkThin, inkThin, inkThin)
	for k := 1; k < 9; k++ {
		if k%3 != 0 {
			x, y := b.x+float64(k)*cell, b.y+float64(k)*cell
			p.MoveTo(x, b.y)
			p.LineTo(x, bottom)
			p.MoveTo(b.x, y)
			p.LineTo(right, y)
		}
	}
	p.DrawPath("S")
	p.SetLineWidth(thick)
	p.SetDrawColor(inkBlack, inkBlack, inkBlack)
	for k := 3; k < 9; k += 3 {
		x, y := b.x+float64(k)*cell, b.y+float64(k)*cell
		p.MoveTo(x, b.y)
		p.LineTo(x, bottom)
		p.MoveTo(b.x, y)
		p.LineTo(right, y)
	}
	p.MoveTo(b.x, b.y)
	p.LineTo(right, b.y)
	p.LineTo(right, bottom)
	p.LineTo(b.x, bottom)
	p.ClosePath()
	p.DrawPath("S")
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
	if len(s) == 1 && s[0] >= '0' && s[0] <= '9' && d.seen[f][s[0]-'0'] {
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
		if r >= '0' && r <= '9' {
			d.seen[f][r-'0'] = true
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
