//go:build unix

package cli

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// stdoutClosed reports whether standard output was closed when the
// program started (`sudoku rate f.txt >&-`): the Go runtime then opens
// /dev/null in its place, for reading and writing, where a shell's
// `> /dev/null` opens it for writing only. The results went nowhere
// without a word.
func stdoutClosed(w io.Writer) bool {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	if !ok || !isDevNull(f) {
		return false
	}
	fl, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	return err == nil && fl&unix.O_ACCMODE == unix.O_RDWR
}
