// Package filekind tells what a file holds from its first bytes, so that
// an output never takes the place of a file of another kind the user has:
// a chart over a puzzle file, a booklet over a collection named .pdf.
// The command line and the window both ask it.
package filekind

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"example.com/sudoku/solver"
)

// What an output writes, for NotAnother.
const (
	CSV     = "a table"
	PNG     = "a PNG image"
	Profile = "a CPU profile"
	Puzzles = "puzzles"
	PDF     = "a PDF"
	SVG     = "an SVG image"
	Game    = "a saved game" // the window's Save Game As file
)

// NotAnother refuses an output path that names a file the user has of
// another kind than the output (kind): a table over a puzzle file, a
// chart or a profile over anything but a chart or a profile. Swapped
// arguments (compare --chart puzzles.txt in.txt) replaced a puzzle file
// with a PNG. A missing or empty file, or one of the kind, may be
// replaced; so may a table over another text file.
func NotAnother(path, kind string) error {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		// Missing, or the write says why; a named pipe is written to, and
		// opened to be read it waited for a writer: -o to a pipe with a
		// reader at its other end hung both.
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil // missing, or the write says why
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return nil
	}
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	has := Of(head)
	switch {
	case has == kind:
		return nil
	case (kind == CSV || kind == Puzzles || kind == Game) && has == "text":
		return nil
	}
	return fmt.Errorf("%s holds %s, not %s: not replaced (remove it first, or name another file)", path, has, kind)
}

// Of says what the first bytes of a file hold, in a few words.
func Of(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return Profile // gzip: what a CPU profile is written as
	case IsGame(head):
		return Game
	case bytes.HasPrefix(head, []byte("%PDF")):
		return PDF
	case svgHead(head):
		return SVG
	case bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)):
		return "binary data"
	case bytes.HasPrefix(head, []byte("puzzle,level,er,")):
		// rate --format csv's table: its puzzles are data of a table
		// ("holds puzzles, not a table" refused solve --csv over it).
		// Only ours: Kaggle's "puzzle,solution" is a puzzle file.
		return CSV
	case holdsPuzzles(head):
		return "puzzles"
	case bytes.HasPrefix(head, []byte("name,")) || bytes.HasPrefix(head, []byte("board,")):
		return CSV // the header of a table of ours
	}
	return "text"
}

// svgHead reports the start of an SVG image: its <svg tag first, after
// an XML declaration, comments and a doctype maybe.
func svgHead(head []byte) bool {
	h := bytes.TrimSpace(head)
	for bytes.HasPrefix(h, []byte("<?")) || bytes.HasPrefix(h, []byte("<!")) {
		end := bytes.IndexByte(h, '>')
		if end < 0 {
			return false
		}
		h = bytes.TrimSpace(h[end+1:])
	}
	return bytes.HasPrefix(h, []byte("<svg"))
}

// trimPartialRune drops a UTF-8 sequence cut by the end of b.
func trimPartialRune(b []byte) []byte {
	for k := 1; k <= 3 && k <= len(b); k++ {
		if utf8.RuneStart(b[len(b)-k]) {
			if !utf8.FullRune(b[len(b)-k:]) {
				return b[:len(b)-k]
			}
			break
		}
	}
	return b
}

// holdsPuzzles reports text whose whole lines hold a puzzle that reads.
func holdsPuzzles(head []byte) bool {
	if k := bytes.LastIndexByte(head, '\n'); k >= 0 {
		head = head[:k+1]
	}
	if solver.IsBoardFile(head) {
		return true
	}
	found := errors.New("found")
	err := solver.ScanPuzzles(bytes.NewReader(head), "", func(solver.Puzzle) error { return found })
	return err == found
}

// IsGame reports the head of the window's saved game ({"sudoku_game": …),
// after a byte-order mark and blanks maybe. (The solver's readers, which
// use the standard library alone, look for the same head to say what
// such a file is.)
func IsGame(head []byte) bool {
	h := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	return bytes.HasPrefix(h, []byte("{")) && bytes.HasPrefix(bytes.TrimLeft(h[1:], " \t\r\n"), []byte(`"sudoku_game"`))
}
