package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
	"unicode/utf8"

	"example.com/sudoku/solver"

	"example.com/sudoku/internal/atomicfile"
)

// output is where a command writes a result: standard output for "-",
// else a file that takes the place of the old one only once complete (see
// atomicfile), so an error or a full disk leaves what the user had.
type output struct {
	io.Writer
	file *atomicfile.File // nil for standard output
	// replaces is set (by generate) when the file held something before:
	// an interrupt then leaves it as it was.
	replaces bool
}

// createOutput opens path ("-": standard output) for writing. It refuses a
// path that names one of the inputs (also through a link): writing there
// would destroy what is being read.
func createOutput(e *env, path string, inputs []string) (*output, error) {
	if path == "-" {
		return &output{Writer: e.stdout}, nil
	}
	if err := notAnInput(e, path, inputs); err != nil {
		return nil, err
	}
	// The temporary files of an earlier write of this output that was
	// killed (kill -9, a crash) go: an hour old, no write still under way
	// made them.
	atomicfile.RemoveStale(path, time.Hour)
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	return &output{Writer: f, file: f}, nil
}

// notAnInput refuses an output path that names one of the inputs (also
// through a link), before anything is read or written. An input of "-" is
// standard input, which may be that file too (sudoku print -o in.txt - <
// in.txt).
func notAnInput(e *env, path string, inputs []string) error {
	if path == "-" || path == "" {
		return nil
	}
	for _, in := range inputs {
		switch {
		case in == "-" && isFileAt(e.stdin, path):
			return fmt.Errorf("%s is also an input (standard input): choose another output file", path)
		case in != "-" && atomicfile.SameFile(path, in):
			return fmt.Errorf("%s is also an input: choose another output file", path)
		}
	}
	return nil
}

// commit finishes the output: the file takes its place. Errors on standard
// output are reported by Run.
func (o *output) commit() error {
	if o.file == nil {
		return nil
	}
	return o.file.Commit()
}

// abort drops a file output, leaving the old file as it was; safe to defer
// and after commit.
func (o *output) abort() {
	if o.file != nil {
		o.file.Abort()
	}
}

// recordWriter buffers what a command writes to standard output and lets
// it out whole records at a time (a line, a puzzle's report): when 32 KB
// are waiting, or 200 ms after it last did. A slow run (a hard puzzle a
// second) then shows each result as it comes, where 4 KB buffers held
// forty ratings to the end; and Ctrl-C leaves whole lines, where a buffer
// that filled in the middle of one had written half of it.
type recordWriter struct {
	*bufio.Writer
	last time.Time
}

func newRecordWriter(w io.Writer) *recordWriter {
	return &recordWriter{Writer: bufio.NewWriterSize(w, 256<<10), last: time.Now()}
}

// done ends a record, and lets the waiting ones out if it is time. It
// returns the writer's error, if any write so far failed.
func (r *recordWriter) done() error {
	if r.Buffered() >= 32<<10 || time.Since(r.last) >= 200*time.Millisecond {
		r.last = time.Now()
		return r.Flush()
	}
	return nil
}

// What an output writes, for notAnotherKind.
const (
	kindCSV     = "a table"
	kindPNG     = "a PNG image"
	kindProfile = "a CPU profile"
	kindPuzzles = "puzzles"
	kindPDF     = "a PDF"
	kindSVG     = "an SVG image"
)

// notAnotherKind refuses an output path that names a file the user has of
// another kind than the output (kind): a table over a puzzle file, a
// chart or a profile over anything but a chart or a profile. Swapped
// arguments (compare --chart puzzles.txt in.txt) replaced a puzzle file
// with a PNG. A missing or empty file, or one of the kind, may be
// replaced; so may a table over another text file.
func notAnotherKind(path, kind string) error {
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
	has := fileKind(head)
	switch {
	case has == kind:
		return nil
	case (kind == kindCSV || kind == kindPuzzles) && has == "text":
		return nil
	}
	return fmt.Errorf("%s holds %s, not %s: not replaced (remove it first, or name another file)", path, has, kind)
}

// notAnotherKindOut is notAnotherKind for an output that may be "-",
// standard output.
func notAnotherKindOut(path, kind string) error {
	if path == "-" {
		return nil
	}
	return notAnotherKind(path, kind)
}

// fileKind says what the first bytes of a file hold, in a few words.
func fileKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return kindPNG
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return kindProfile // gzip: what a CPU profile is written as
	case bytes.HasPrefix(head, []byte("%PDF")):
		return kindPDF
	case svgHead(head):
		return kindSVG
	case bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimPartialRune(head)):
		return "binary data"
	case holdsPuzzles(head):
		return "puzzles"
	case bytes.HasPrefix(head, []byte("name,")) || bytes.HasPrefix(head, []byte("board,")):
		return kindCSV // the header of a table of ours
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
