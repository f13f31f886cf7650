package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
)

// Fyne's save dialog hands over a writer to the chosen file before there is
// anything to write; through useAtomicFiles that writer leaves the old file
// as it was until Close, and abortWrite drops what was written.
func TestSaveDialogWriterKeepsOldFile(t *testing.T) {
	test.NewTempApp(t)
	useAtomicFiles()
	path := filepath.Join(t.TempDir(), "booklet.pdf")
	os.WriteFile(path, []byte("my old booklet"), 0o644)
	w, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "my old booklet" {
		t.Fatalf("opening the writer changed the file to %q", b)
	}
	w.Write([]byte("half a render"))
	abortWrite(w)
	if b, _ := os.ReadFile(path); string(b) != "my old booklet" {
		t.Errorf("a failed export left %q", b)
	}
	w, _ = storage.Writer(storage.NewFileURI(path))
	w.Write([]byte("new booklet"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new booklet" {
		t.Errorf("export wrote %q", b)
	}
	if es, _ := os.ReadDir(filepath.Dir(path)); len(es) != 1 {
		t.Errorf("%d files left in the folder", len(es))
	}
}
