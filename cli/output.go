package cli

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/internal/filekind"
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
	// fresh is set (by generate without --force) when the file was not
	// there: one that appears meanwhile is not replaced.
	fresh bool
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
	if o.fresh {
		return o.file.CommitNew()
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

// What an output writes, for notAnotherKind (filekind's words).
const (
	kindCSV     = filekind.CSV
	kindPNG     = filekind.PNG
	kindProfile = filekind.Profile
	kindPuzzles = filekind.Puzzles
	kindPDF     = filekind.PDF
	kindSVG     = filekind.SVG
)

// notAnotherKind is filekind.NotAnother: an output never takes the place
// of a file the user has of another kind.
func notAnotherKind(path, kind string) error { return filekind.NotAnother(path, kind) }

// notUnmarkedOut is filekind.NotUnmarked for an output that may be "-",
// standard output.
func notUnmarkedOut(path, kind string) error {
	if path == "-" {
		return nil
	}
	return filekind.NotUnmarked(path, kind)
}

// notAnotherKindOut is notAnotherKind for an output that may be "-",
// standard output.
func notAnotherKindOut(path, kind string) error {
	if path == "-" {
		return nil
	}
	return notAnotherKind(path, kind)
}
