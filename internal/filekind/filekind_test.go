package filekind

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"testing"
	"time"
)

// What a file holds, told from its head, and which outputs may take its
// place.
func TestNotAnother(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	puzzles := write("p.pdf", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n")
	game := write("g.txt", "{\n \"sudoku_game\": 1,\n \"game\": {}\n}\n")
	notes := write("notes.txt", "shopping: eggs\n")
	pdf := write("b.pdf", "%PDF-1.4\n")
	empty := write("e.pdf", "")
	rated := write("r.csv", "puzzle,level,er,technique,ep,ed,name\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,insane,9.0,x,1,1,a\n")
	mine := write("mine.csv", "name,age\nbob,3\n")
	solved := write("s.csv", "name,shape,algorithm,givens,status\n")
	compared := write("c.csv", "board,algorithm,status,iterations\n")
	kaggle := write("k.csv", "puzzle,solution\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,0\n")
	for _, c := range []struct {
		path, kind, err string
	}{
		{puzzles, PDF, "holds puzzles, not a PDF: not replaced"},
		{puzzles, Puzzles, ""},
		{game, Puzzles, "holds a saved game, not puzzles"},
		{game, Game, ""},
		{notes, Game, ""},
		{notes, Puzzles, ""},
		{notes, PDF, "holds text, not a PDF"},
		{pdf, PDF, ""},
		{pdf, Puzzles, "holds a PDF, not puzzles"},
		{empty, PNG, ""},
		{rated, CSV, ""}, // rate's table, replaced by another (it held "puzzles")
		{rated, Puzzles, "holds a table, not puzzles"},
		{kaggle, CSV, "holds puzzles, not a table"},
		// A table replaces ours only: solve --csv README.md replaced it.
		{notes, CSV, "holds text that is not a table of this program's"},
		{mine, CSV, "holds text that is not a table of this program's"},
		{solved, CSV, ""},
		{compared, CSV, ""},
		{filepath.Join(dir, "missing"), PDF, ""},
	} {
		err := NotAnother(c.path, c.kind)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s as %s: %v, want %q", filepath.Base(c.path), c.kind, err, c.err)
		}
	}
}

// A PDF or an image is replaced by an output that made it (its mark),
// not a photo or a booklet from elsewhere; the window's puzzles and
// games never replace other text.
func TestNotUnmarkedAndNotText(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var img bytes.Buffer
	png.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 4)))
	photo := write("photo.png", img.Bytes())
	chart := write("chart.png", WithPNGText(img.Bytes(), "Software", MarkChart))
	if _, err := png.Decode(bytes.NewReader(WithPNGText(img.Bytes(), "Software", MarkChart))); err != nil {
		t.Fatalf("the marked PNG does not read: %v", err)
	}
	theirs := write("theirs.pdf", []byte("%PDF-1.4\n"))
	ours := write("ours.pdf", []byte("%PDF-1.4\n/Keywords (sudoku-export)\n"))
	notes := write("notes.txt", []byte("shopping: eggs\n"))
	puzzles := write("p.txt", []byte("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"))
	for _, c := range []struct {
		path, kind, mark, err string
	}{
		{photo, PNG, MarkChart, "holds a PNG image with no mark of this program"},
		{chart, PNG, MarkChart, ""},
		{chart, PNG, MarkExport, ""}, // any of ours: made again at will
		{theirs, PDF, MarkExport, "holds a PDF with no mark of this program"},
		{ours, PDF, MarkExport, ""},
		{notes, CSV, MarkChart, "holds text that is not a table of this program's"},
		{filepath.Join(dir, "missing.png"), PNG, MarkChart, ""},
	} {
		err := NotUnmarked(c.path, c.kind)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s as %s: %v, want %q", filepath.Base(c.path), c.kind, err, c.err)
		}
	}
	if err := NotOtherText(notes, Puzzles); err == nil || !strings.Contains(err.Error(), "holds text, not puzzles") {
		t.Errorf("puzzles over notes: %v", err)
	}
	if err := NotOtherText(puzzles, Puzzles); err != nil {
		t.Errorf("puzzles over puzzles: %v", err)
	}
}

// A CPU profile is told from other gzip data (a .tar.gz backup was
// replaced by a profile), and a named pipe is never opened to be read
// (it waits for a writer).
func TestProfilesAndPipes(t *testing.T) {
	var prof bytes.Buffer
	if err := pprof.StartCPUProfile(&prof); err != nil {
		t.Fatal(err)
	}
	pprof.StopCPUProfile()
	if got := Of(prof.Bytes()); got != Profile {
		t.Errorf("a profile: %q", got)
	}
	var tgz bytes.Buffer
	z := gzip.NewWriter(&tgz)
	tw := tar.NewWriter(z)
	tw.WriteHeader(&tar.Header{Name: "notes.md", Mode: 0o644, Size: 6})
	tw.Write([]byte("hello\n"))
	tw.Close()
	z.Close()
	var named bytes.Buffer
	z = gzip.NewWriter(&named)
	z.Name = "notes.txt"
	z.Write([]byte("H\x01P\x02Z\x00"))
	z.Close()
	for what, data := range map[string][]byte{"a tar.gz": tgz.Bytes(), "a file gzipped": named.Bytes()} {
		if got := Of(data); got == Profile {
			t.Errorf("%s taken for a profile", what)
		}
	}
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() {
		NotUnmarked(fifo, PNG)
		NotOtherText(fifo, Puzzles)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a named pipe was opened to be read")
	}
}
