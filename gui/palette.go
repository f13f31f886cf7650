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
}

var (
	lightPalette = palette{
		board:      rgb(0xFF, 0xFF, 0xFF),
		given:      rgb(0xE3, 0xE6, 0xEA),
		peer:       rgb(0xE6, 0xEF, 0xFB),
		same:       rgb(0xC6, 0xDB, 0xF7),
		selected:   rgb(0x9D, 0xC3, 0xF2),
		conflict:   rgb(0xF8, 0xCB, 0xCB),
		wrong:      rgb(0xFB, 0xE3, 0xC0),
		hint:       rgb(0xD9, 0xF0, 0xD3),
		hintArea:   rgb(0xF0, 0xF8, 0xEC),
		hintTarget: rgb(0xFC, 0xE8, 0xB2),
		givenText:  rgb(0x1F, 0x23, 0x28),
		entryText:  rgb(0x1D, 0x5C, 0xC4),
		solverText: rgb(0x2E, 0x7D, 0x32),
		markText:   rgb(0x5F, 0x66, 0x6D),
		markHint:   rgb(0x1B, 0x7F, 0x2A),
		markOther:  rgb(0x1D, 0x5C, 0xC4),
		markTarget: rgb(0xC6, 0x28, 0x28),
		errorText:  rgb(0xD3, 0x2F, 0x2F),
		thin:       rgb(0xBF, 0xC4, 0xCA),
		thick:      rgb(0x3C, 0x41, 0x47),
		cover:      rgb(0xEB, 0xED, 0xF0),
	}
	darkPalette = palette{
		board:      rgb(0x23, 0x25, 0x29),
		given:      rgb(0x32, 0x35, 0x3B),
		peer:       rgb(0x26, 0x31, 0x40),
		same:       rgb(0x2D, 0x48, 0x6B),
		selected:   rgb(0x3A, 0x6A, 0xA8),
		conflict:   rgb(0x63, 0x2B, 0x2B),
		wrong:      rgb(0x5C, 0x45, 0x1E),
		hint:       rgb(0x27, 0x46, 0x2C),
		hintArea:   rgb(0x26, 0x32, 0x28),
		hintTarget: rgb(0x57, 0x4A, 0x1E),
		givenText:  rgb(0xEC, 0xEE, 0xF1),
		entryText:  rgb(0x8A, 0xB4, 0xF8),
		solverText: rgb(0x81, 0xC9, 0x95),
		markText:   rgb(0xA9, 0xAF, 0xB6),
		markHint:   rgb(0x81, 0xC9, 0x95),
		markOther:  rgb(0x8A, 0xB4, 0xF8),
		markTarget: rgb(0xFF, 0x8A, 0x80),
		errorText:  rgb(0xFF, 0x6B, 0x6B),
		thin:       rgb(0x4A, 0x4F, 0x57),
		thick:      rgb(0xB8, 0xBD, 0xC4),
		cover:      rgb(0x2B, 0x2E, 0x33),
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
