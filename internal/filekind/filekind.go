// Package filekind tells what a file holds from its first bytes, so that
// an output never takes the place of a file of another kind the user has:
// a chart over a puzzle file, a booklet over a collection named .pdf.
// The command line and the window both ask it.
package filekind

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
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
// replaced; so may puzzles or a game over other text (generate needs
// --force for it, and the window asks NotOtherText). A table replaces a
// table of ours only (Of tells one by its header).
func NotAnother(path, kind string) error {
	f := openKept(path)
	if f == nil {
		return nil
	}
	defer f.Close()
	has := Of(headOf(f))
	switch {
	case has == kind:
		return nil
	case (kind == Puzzles || kind == Game) && has == "text":
		// (generate replaces a file only with --force; the window asks
		// NotText first.) A table never replaces text: solve --csv
		// README.md replaced the README.
		return nil
	}
	if kind == CSV && has == "text" {
		// (people.csv "holds text, not a table" was a table: not ours.)
		return fmt.Errorf("%s holds text that is not a table of this program's: not replaced (remove it first, or name another file)", path)
	}
	return fmt.Errorf("%s holds %s, not %s: not replaced (remove it first, or name another file)", path, has, kind)
}

// openKept opens the file at path to tell what it holds, or returns nil
// when there is nothing to keep there: no file, an empty one, or no
// regular file (missing, or the write says why; a named pipe is written
// to, and opened to be read it waited for a writer: -o to a pipe with a
// reader at its other end hung both).
func openKept(path string) *os.File {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		f.Close()
		return nil
	}
	return f
}

// headOf reads the first 64 KB of f, what Of looks at.
func headOf(f *os.File) []byte {
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}

// Marks of this program's own files, in a PDF's keywords, a PNG's text
// chunk or an SVG's comment: an output replaces a PDF or an image of its
// kind only when it carries one of them (NotUnmarked). A photo named
// chart.png, or a booklet from elsewhere, stays.
const (
	MarkPrint  = "sudoku-print-" // sudoku print's, a hash of its files after it
	MarkExport = "sudoku-export" // the window's Print / Export
	MarkChart  = "sudoku-chart"  // compare --chart's and the Lab's chart
)

var marks = []string{MarkPrint, MarkExport, MarkChart}

// NotUnmarked is NotAnother, and for a PDF or an image of the kind, the
// refusal of one that carries no mark of this program: compare --chart
// replaced a photo named chart.png, and the window's export a picture of
// the user's after Fyne's "Overwrite?" (Enter twice). Any of the marks
// will do: a chart, a booklet and an export are all made again at will.
func NotUnmarked(path, kind string) error {
	if err := NotAnother(path, kind); err != nil {
		return err
	}
	if kind != PNG && kind != PDF && kind != SVG {
		return nil
	}
	f := openKept(path)
	if f == nil {
		return nil
	}
	defer f.Close()
	if marked(f) {
		return nil
	}
	return fmt.Errorf("%s holds %s with no mark of this program (made elsewhere, or by a version before the marks): not replaced (remove it first, or name another file)", path, kind)
}

// marked reports whether r holds one of the marks within its first 64 MB
// (a booklet of 1,000 puzzles is a few MB), read a block at a time.
func marked(r io.Reader) bool {
	const block, most = 1 << 20, 64 << 20
	overlap := 0
	for _, m := range marks {
		overlap = max(overlap, len(m)-1)
	}
	buf := make([]byte, overlap+block)
	have := 0 // the last block's tail, kept at the front
	for read := 0; read < most; {
		n, err := io.ReadFull(r, buf[have:])
		window := buf[:have+n]
		for _, m := range marks {
			if bytes.Contains(window, []byte(m)) {
				return true
			}
		}
		if err != nil {
			return false
		}
		read += n
		have = copy(buf, window[len(window)-overlap:])
	}
	return false
}

// NotOtherText refuses to replace, at path, text that is not of the kind
// the window saves (puzzles, a game): Save Puzzle As over notes.txt
// replaced the notes with a puzzle after Fyne's "Overwrite?" (Enter
// twice).
func NotOtherText(path, kind string) error {
	f := openKept(path)
	if f == nil {
		return nil
	}
	defer f.Close()
	if Of(headOf(f)) == "text" {
		return fmt.Errorf("%s holds text, not %s: not replaced (remove it first, or name another file)", path, kind)
	}
	return nil
}

// WithPNGText is the PNG file data with a tEXt chunk of keyword and text
// put before its last chunk (IEND): where this program marks its images.
func WithPNGText(data []byte, keyword, text string) []byte {
	body := append([]byte("tEXt"+keyword+"\x00"), text...)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(body)-4))
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	end := len(data) - 12 // IEND: its length, type and CRC
	return slices.Concat(data[:end], chunk, data[end:])
}

// Of says what the first bytes of a file hold, in a few words.
func Of(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		// gzip: what a CPU profile is written as, and a backup too (a
		// .tar.gz was replaced by a profile).
		if isProfile(head) {
			return Profile
		}
		return "gzip-compressed data"
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
	case ourTable(head):
		return CSV
	}
	return "text"
}

// ourTable reports the header of a table of ours: solve's (with a
// shape column or without) and compare's. A user's own table ("name,age")
// is text, which no table replaces.
func ourTable(head []byte) bool {
	for _, h := range []string{"name,shape,algorithm,", "name,algorithm,givens,", "board,algorithm,status,"} {
		if bytes.HasPrefix(head, []byte(h)) {
			return true
		}
	}
	return false
}

// isProfile reports a gzip stream as Go's pprof writes a profile: no
// name or comment in its header (gzip FILE names its file), and inside
// a protocol buffer of pprof's Profile, whose fields are numbered 1 to
// 14, each a number or a record; a tar archive or a text file does not
// read so for long.
func isProfile(head []byte) bool {
	if len(head) < 10 || head[3]&(0x08|0x10) != 0 {
		return false
	}
	z, err := gzip.NewReader(bytes.NewReader(head))
	if err != nil {
		return false
	}
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(z, buf)
	buf = buf[:n]
	fields := 0
	for len(buf) > 0 && fields < 64 {
		tag, k := binary.Uvarint(buf)
		if k <= 0 || tag>>3 < 1 || tag>>3 > 14 || tag&7 != 0 && tag&7 != 2 {
			return false
		}
		buf = buf[k:]
		v, k := binary.Uvarint(buf)
		if k <= 0 {
			break // cut by the end of what was read
		}
		buf = buf[k:]
		if tag&7 == 2 {
			if v > uint64(len(buf)) {
				break
			}
			buf = buf[v:]
		}
		fields++
	}
	return fields >= 3 || len(buf) == 0 && fields > 0
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
