package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// palette is the board's colours for the light or the dark theme: calm
// greys for givens, one blue for the selection and its lighter shades for
// what it relates to, red only for mistakes.
type palette struct {
	board, given, peer, same, selected, conflict, wrong, hint, hintArea, hintTarget color.Color
	givenText, entryText, solverText, markText, markHint, markOther, markTarget     color.Color
	errorText, thin, thick, cover                                                   color.Color
	diagonal                                                                        color.Color // the cells of an X board's diagonals
	cage                                                                            color.Color // a killer's cage outlines and sums
}

var (
	lightPalette = palette{
		board:    rgb(0xFF, 0xFF, 0xFF),
		given:    rgb(0xE8, 0xEA, 0xED),
		peer:     rgb(0xEC, 0xF3, 0xFC),
		same:     rgb(0xD6, 0xE5, 0xF9),
		selected: rgb(0xB0, 0xCE, 0xF4), // stronger than the selected digit's givens (BF D0 E7)
		conflict: rgb(0xFB, 0xDD, 0xDD),
		wrong:    rgb(0xFD, 0xEC, 0xD2),
		// A hint's cells, its area and its target at 1.29, 1.16 and 1.26
		// to 1 against the board (1.15, 1.09: on a classroom's projector
		// the area was not to be seen).
		hint:       rgb(0xCF, 0xEA, 0xC6),
		hintArea:   rgb(0xE4, 0xF2, 0xDD),
		hintTarget: rgb(0xFB, 0xE3, 0xA6),
		givenText:  rgb(0x1F, 0x23, 0x28),
		entryText:  rgb(0x17, 0x4E, 0xA6),
		solverText: rgb(0x1B, 0x5E, 0x20),
		markText:   rgb(0x4A, 0x50, 0x57),
		markHint:   rgb(0x1B, 0x5E, 0x20),
		markOther:  rgb(0x17, 0x4E, 0xA6),
		markTarget: rgb(0xA3, 0x1A, 0x1A),
		errorText:  rgb(0xA3, 0x1A, 0x1A),
		thin:       rgb(0xBF, 0xC4, 0xCA),
		thick:      rgb(0x3C, 0x41, 0x47),
		cover:      rgb(0xEB, 0xED, 0xF0),
		diagonal:   rgb(0xE9, 0xE2, 0xF6),
		cage:       rgb(0x4A, 0x50, 0x57),
	}
	darkPalette = palette{
		board: rgb(0x23, 0x25, 0x29),
		given: rgb(0x30, 0x33, 0x39),
		// The selected cell's row, column and box, its digit elsewhere and
		// the cell itself at 1.27, 1.55 and 1.81 to 1 against the board
		// (the row was hard to see at 1.14).
		peer:       rgb(0x2B, 0x37, 0x47),
		same:       rgb(0x2D, 0x44, 0x63),
		selected:   rgb(0x2F, 0x4C, 0x82),
		conflict:   rgb(0x55, 0x26, 0x26),
		wrong:      rgb(0x4A, 0x38, 0x18),
		hint:       rgb(0x25, 0x45, 0x2A),
		hintArea:   rgb(0x26, 0x38, 0x2A),
		hintTarget: rgb(0x46, 0x3C, 0x18),
		givenText:  rgb(0xF2, 0xF3, 0xF5),
		entryText:  rgb(0xAE, 0xCB, 0xFA),
		solverText: rgb(0xA5, 0xD6, 0xA7),
		markText:   rgb(0xC4, 0xC9, 0xCF),
		markHint:   rgb(0xA5, 0xD6, 0xA7),
		markOther:  rgb(0xAE, 0xCB, 0xFA),
		markTarget: rgb(0xFF, 0xAB, 0xA5),
		errorText:  rgb(0xFF, 0xAB, 0xA5),
		thin:       rgb(0x4A, 0x4F, 0x57),
		thick:      rgb(0xB8, 0xBD, 0xC4),
		cover:      rgb(0x2B, 0x2E, 0x33),
		diagonal:   rgb(0x36, 0x2F, 0x47),
		cage:       rgb(0xC4, 0xC9, 0xCF),
	}
)

func rgb(r, g, b uint8) color.Color { return color.NRGBA{r, g, b, 0xFF} }

// paletteFor picks the palette that matches th's background, so the board
// follows the light/dark setting and custom themes alike.
func paletteFor(th fyne.Theme) *palette {
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r, g, b, _ := th.Color(theme.ColorNameBackground, v).RGBA()
	if (299*r+587*g+114*b)/1000 < 0x8000 {
		return &darkPalette
	}
	return &lightPalette
}
