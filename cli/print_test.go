package cli

import (
	"bytes"
	"encoding/xml"
	"example.com/sudoku/solver"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pdfPages returns the page count and the page size fpdf wrote.
func pdfPages(t *testing.T, data []byte) (pages int, size string) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", data[:min(len(data), 20)])
	}
	m := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+ [\d.]+)\]`).FindSubmatch(data)
	if m == nil {
		t.Fatal("no /MediaBox")
	}
	return bytes.Count(data, []byte("<</Type /Page\n")), string(m[1])
}

func TestPrintPDF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "seeds.pdf")
	// Flags after the operand, as everywhere.
	stdout, errs, code := run(t, "", "print", "--per-page", "2", seeds, "--solutions", "--paper", "letter", "--title", "Seeds", "-o", out)
	if code != ExitOK || stdout != "" || errs != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if pages, size := pdfPages(t, data); pages != 3+1 || size != "612.00 792.00" {
		t.Errorf("%d pages of %s, want 4 Letter pages", pages, size)
	}

	// The defaults: four a page on A4, no solutions.
	_, _, code = run(t, "", "print", "-o", out, seeds)
	data, _ = os.ReadFile(out)
	if pages, size := pdfPages(t, data); code != ExitOK || pages != 2 || size != "595.28 841.89" {
		t.Errorf("defaults: exit %d, %d pages of %s", code, pages, size)
	}
}

func TestPrintStdinToStdout(t *testing.T) {
	in, _ := os.ReadFile(seeds)
	stdout, errs, code := run(t, string(in), "print", "--per-page", "6", "-o", "-", "-")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if pages, _ := pdfPages(t, []byte(stdout)); pages != 1 {
		t.Errorf("%d pages, want 1", pages)
	}
}

func TestPrintUsageErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdf")
	missing := filepath.Join(dir, "missing.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{seeds}, "no output file (use -o FILE.pdf)"},
		{[]string{"-o", out, "--per-page", "3", seeds}, "cannot print 3 puzzles a page (want 1, 2, 4 or 6)"},
		{[]string{"-o", out, "--paper", "legal", seeds}, `unknown paper "legal" (want a4 or letter)`},
		{[]string{"-o", out, "--format", "gif", seeds}, `unknown format "gif" (want pdf, png or svg)`},
		{[]string{"-o", out}, "no input files"},
		{[]string{"-o", out, "--index", "0", seeds}, "--index counts from 1"},
		{[]string{"-o", out, "--size", "20", seeds}, "--size 20 is out of range"},
		{[]string{"-o", "board.png", "--index", "6", seeds}, "--index 6: there are only 5 puzzles"},
		{[]string{"-o", out, "--per-page", "six", seeds}, `invalid value "six" for flag -per-page`},
		{[]string{"-o", out, seeds, missing}, missing + ": no such file or directory"},
	} {
		_, errs, code := run(t, "", append([]string{"print"}, c.args...)...)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("print %s: exit %d, stderr %q, want %d and %q", strings.Join(c.args, " "), code, errs, ExitUsage, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed print left %s behind", out)
	}
	if _, errs, code := run(t, "", "print", "-o", filepath.Join(dir, "no", "such", "dir.pdf"), seeds); code != ExitUsage || !strings.Contains(errs, "dir.pdf") {
		t.Errorf("unwritable output: exit %d, %q", code, errs)
	}
}

// TestPrintBadPuzzles: a board that breaks the rules, or has no solution
// when solutions are asked for, fails the print naming file, line and
// puzzle, and writes nothing.
func TestPrintBadPuzzles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdf")
	file := filepath.Join(dir, "mixed.txt")
	os.WriteFile(file, []byte("# two boards\n"+
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"+
		"1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83..\n"), 0o644)
	_, errs, code := run(t, "", "print", "--solutions", "-o", out, file)
	if want := file + `:3: puzzle "mixed.txt #2" has no solution`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("unsolvable: exit %d, stderr %q, want %q", code, errs, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a failed print left its output behind")
	}
	if _, errs, code := run(t, "", "print", "-o", out, file); code != ExitOK {
		t.Errorf("without solutions an unsolvable puzzle prints as given: exit %d, %s", code, errs)
	}

	invalid := "easy1\n5.6918.25\n7136.2.49\n.8.....51\n6.4.....2\n.2786....\n.....41..\n3..14.2..\n...5.63.8\n.7......6\n"
	_, errs, code = run(t, invalid, "print", "-o", out, "-")
	if want := `stdin:2: puzzle "easy1" is invalid: digit 5 twice in row 1 (r1c1, r1c9)`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("invalid: exit %d, stderr %q, want %q", code, errs, want)
	}
	_, errs, code = run(t, invalid, "print", "-o", filepath.Join(dir, "b.svg"), "-")
	if code != ExitPuzzles || !strings.Contains(errs, `stdin:2: puzzle "easy1" is invalid`) {
		t.Errorf("invalid, svg: exit %d, stderr %q", code, errs)
	}
}

func TestPrintImages(t *testing.T) {
	dir := t.TempDir()
	pngPath := filepath.Join(dir, "board.png")
	// The format follows -o's extension.
	if _, errs, code := run(t, "", "print", "-o", pngPath, "--size", "300", seeds); code != ExitOK {
		t.Fatalf("png: exit %d: %s", code, errs)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 300 || b.Dy() <= 300 {
		t.Errorf("png %v, want 300 wide with a caption line (the puzzle is named)", b)
	}

	var doc struct {
		Title string `xml:"title"`
		Texts []struct {
			Weight string `xml:"font-weight,attr"`
			Body   string `xml:",chardata"`
		} `xml:"text"`
	}
	stdout, errs, code := run(t, "", "print", "--format", "svg", "--index", "5", "--solutions", "-o", "-", seeds)
	if code != ExitOK {
		t.Fatalf("svg: exit %d: %s", code, errs)
	}
	if err := xml.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Title != "easy1" || len(doc.Texts) != 82 || doc.Texts[81].Body != "easy1" {
		t.Errorf("svg of puzzle 5 with its solution: title %q, %d texts", doc.Title, len(doc.Texts))
	}

	// A puzzle the reader named "FILE #N" has no caption of its own.
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	stdout, _, code = run(t, line, "print", "--format", "svg", "-o", "-", "-")
	doc.Texts = nil
	if err := xml.Unmarshal([]byte(stdout), &doc); code != ExitOK || err != nil || doc.Title != "Sudoku" || len(doc.Texts) != 17 {
		t.Errorf("unnamed puzzle: exit %d, %v, title %q, %d texts (want the 17 givens alone)", code, err, doc.Title, len(doc.Texts))
	}
}

func TestCaptionName(t *testing.T) {
	if got := captionName(solver.Puzzle{Name: "top.txt #3"}); got != "" {
		t.Errorf("made-up name printed: %q", got)
	}
	if got := captionName(solver.Puzzle{Name: "evil", Named: true}); got != "evil" {
		t.Errorf("file's name dropped: %q", got)
	}
}

func TestPrintHelp(t *testing.T) {
	out, _, code := run(t, "", "help", "print")
	if code != ExitOK || !strings.Contains(out, "-per-page") || !strings.Contains(out, "-solutions") || !strings.Contains(out, "-index") {
		t.Errorf("help print: exit %d\n%s", code, out)
	}
	if out, _, _ := run(t, "", "--help"); !strings.Contains(out, "print") {
		t.Errorf("the command list lacks print:\n%s", out)
	}
}
