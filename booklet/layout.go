package booklet

import "math"

// The page's frame, in points. The footer sits in the bottom margin, where
// every home printer still prints (they need 3 to 6 mm).
const (
	margin       = 48.0 // about 17 mm on every side
	titleSize    = 15.0
	titleBand    = 36.0 // from the top margin to the first caption
	footerSize   = 9.0
	footerOffset = 22.0 // from the bottom margin down to the footer's baseline
)

// Inks, as grey levels from 0 (black) to 255 (white).
const (
	inkBlack   = 0
	inkPaper   = 255
	inkThin    = 64  // thin cell lines: lighter than the box lines they cross
	inkNumber  = 51  // the puzzle's number in a caption
	inkCaption = 102 // the rest of a caption, the footer
	inkFilled  = 110 // digits a solution fills in
	// inkDiagonal shades the cells of an X board's diagonals, as Solo
	// does: light enough that a pencil mark on it reads as well as on white.
	inkDiagonal = 222
)

// gridShape returns the columns and rows of boards for perPage boards a
// page: one of PerPageChoices or SolutionsPerPage.
func gridShape(perPage int) (cols, rows int) {
	switch perPage {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	case 6:
		return 2, 3
	}
	return 3, 4
}

// pageLayout places the boards of one kind of page: boards[k] is the board
// in slot k, in reading order, with its caption above it.
type pageLayout struct {
	boards      []boardGeom
	captionSize float64
}

// boardGeom is one board on a page: its top-left corner and its side, in
// points, y growing downwards.
type boardGeom struct{ x, y, side float64 }

// captionBaseline is where the caption over b sits, for a caption font of
// the given size.
func (b boardGeom) captionBaseline(size float64) float64 { return b.y - 0.6*size }

// layoutPage fits the boards of perPage (a choice of PerPageChoices or
// SolutionsPerPage) with their captions into the page's frame, as large as
// they go with gutters between them, centred across. The last page of a
// run keeps the same places, filled from the top left.
func layoutPage(paper Paper, title bool, perPage int) pageLayout {
	cols, rows := gridShape(perPage)
	captionSize := 10.0
	switch {
	case perPage <= 2:
		captionSize = 11
	case perPage > 6:
		captionSize = 8
	}
	captionBand := 1.7 * captionSize
	gapX, gapY := 36.0, 24.0
	if cols > 2 {
		gapX, gapY = 24, 18
	}
	top := margin
	if title {
		top += titleBand
	}
	frameW := paper.Width - 2*margin
	frameH := paper.Height - margin - top
	slotW := (frameW - float64(cols-1)*gapX) / float64(cols)
	slotH := (frameH - float64(rows-1)*gapY) / float64(rows)
	side := math.Floor(min(slotW, slotH-captionBand)) // whole points: tidier numbers in the PDF
	blockW := float64(cols)*side + float64(cols-1)*gapX
	x0 := margin + (frameW-blockW)/2
	// Rows share the height left over equally above, between and below
	// them, so two boards a page do not huddle in the middle.
	spare := (frameH - float64(rows)*(side+captionBand) - float64(rows-1)*gapY) / float64(rows+1)
	y0 := top + spare
	gapY += spare
	l := pageLayout{captionSize: captionSize}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			l.boards = append(l.boards, boardGeom{
				x:    x0 + float64(c)*(side+gapX),
				y:    y0 + float64(r)*(side+captionBand+gapY) + captionBand,
				side: side,
			})
		}
	}
	return l
}

// lineWidths returns the widths of the thin cell lines and of the thick box
// lines and border for a board of the given side, in the same unit: thick
// enough to print on a cheap printer, thin enough not to crowd the digits
// of a small board.
func lineWidths(side float64) (thin, thick float64) {
	// (box lines of 1.1-1.4 pt looked as thin as the cell lines on screen
	// at 100 dpi, where a line between pixels is drawn as two pale ones)
	return clamp(side*0.0016, 0.4, 0.9), clamp(side*0.0078, 1.6, 3.0)
}

// symbolSize is the em of the symbols in a board of the given side and n
// cells across: their height is about 45% of the cell.
func symbolSize(side float64, n int) float64 { return side / float64(n) * 0.62 }

// The smallest cells, in points, of a board larger than 9×9: a 16×16 or a
// 12×12 with cells as small as a classic board's at six a page would
// leave no room to write in (puzzles) or read (solutions), so such
// boards go on pages with fewer boards (see paginate). Boards of 9×9 and
// smaller always print as many a page as asked.
const (
	minPuzzleCell   = 18.0 // 6.35 mm
	minSolutionCell = 11.0 // 3.9 mm
)

// page is one page of a section: count boards from entry first, placed
// as on a page of perPage.
type page struct{ first, count, perPage int }

// paginate splits n boards into pages of at most perPage, in order. most
// says how many a page may hold at most when it holds board i (perPage,
// or fewer for a large board): a page holding a board that needs a
// smaller layout takes that layout if its boards so far fit it, else the
// board starts the next page.
func paginate(n, perPage int, most func(i int) int) []page {
	var pages []page
	for first := 0; first < n; {
		p := page{first: first, count: 1, perPage: min(perPage, most(first))}
		for first+p.count < n && p.count < p.perPage {
			if m := most(first + p.count); m < p.perPage {
				if p.count >= m {
					break
				}
				p.perPage = m
			}
			p.count++
		}
		pages = append(pages, p)
		first += p.count
	}
	return pages
}

// mostPerPage returns the most boards of side n (cells across) a page of
// the given layouts may hold: perPage for n up to 9, else the largest of
// choices, not above perPage, whose cells are at least minCell (1 if
// none is).
func mostPerPage(paper Paper, title bool, perPage, n int, choices []int, minCell float64) int {
	if n <= 9 {
		return perPage
	}
	most := 1
	for _, c := range choices {
		if c <= perPage && c > most && layoutPage(paper, title, c).boards[0].side/float64(n) >= minCell {
			most = c
		}
	}
	return most
}

// boardLineWidths is lineWidths for a board of n cells across: a board
// smaller than 9×9 has the lines of a classic board with cells as large,
// so that its large cells keep lines in proportion.
func boardLineWidths(side float64, n int) (thin, thick float64) {
	if n < 9 {
		side = side * 9 / float64(n)
	}
	return lineWidths(side)
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }
