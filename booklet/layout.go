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
	inkThin    = 64  // thin cell lines: lighter than the box lines they cross
	inkNumber  = 51  // the puzzle's number in a caption
	inkCaption = 102 // the rest of a caption, the footer
	inkFilled  = 110 // digits a solution fills in
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

func (b boardGeom) cell() float64 { return b.side / 9 }

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
	return clamp(side*0.0016, 0.4, 0.9), clamp(side*0.0062, 1.1, 2.8)
}

// digitSize is the em of the digits in a board of the given side: their
// height is about 45% of the cell.
func digitSize(side float64) float64 { return side / 9 * 0.62 }

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }
