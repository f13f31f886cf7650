package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"

	"example.com/sudoku/internal/atomicfile"
)

// Fyne's save dialog opens the chosen file for writing before the caller
// has anything to write, which empties an existing file even when the
// export then fails. atomicFiles wraps Fyne's repository for file: URIs so
// that a writer goes to a temporary file that replaces the target only on
// Close; abortWrite drops it, leaving the old file untouched.

// fileRepository is what Fyne's own file: repository does.
type fileRepository interface {
	repository.Repository
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.CopyableRepository
	repository.MovableRepository
}

type atomicFiles struct{ fileRepository }

func (r atomicFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	if err := notAFile(u.Path()); err != nil {
		return nil, err // a named pipe was opened to be written, and the window froze till something read it
	}
	f, err := atomicfile.Create(u.Path())
	if err != nil {
		return nil, err
	}
	return &atomicWriter{File: f, uri: u}, nil
}

// atomicWriter is a file being saved: Close puts it in place.
type atomicWriter struct {
	*atomicfile.File
	uri     fyne.URI
	aborted bool
}

func (w *atomicWriter) URI() fyne.URI { return w.uri }

func (w *atomicWriter) Close() error {
	if w.aborted {
		return nil
	}
	return w.Commit()
}

func (w *atomicWriter) Abort() {
	w.aborted = true
	w.File.Abort()
}

// useAtomicFiles makes every Fyne writer of a file: URI atomic. Fyne's file
// repository is registered when an app starts, so this runs from New (and
// again for each app a test makes).
func useAtomicFiles() {
	r, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, done := r.(atomicFiles); done {
		return
	}
	if fr, ok := r.(fileRepository); ok {
		repository.Register("file", atomicFiles{fr})
	}
}

// abortWrite drops what w has written if it can (an atomicWriter), so
// that the file it names keeps its old content; otherwise it closes w.
func abortWrite(w fyne.URIWriteCloser) {
	if a, ok := w.(interface{ Abort() }); ok {
		a.Abort()
		return
	}
	w.Close()
}
