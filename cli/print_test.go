package cli

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"example.com/sudoku/booklet"
	"example.com/sudoku/solver"
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

// pdfText is the text of the PDF at path (pdftotext, of poppler-utils,
// which make test installs).
func pdfText(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func TestPrintPDF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "seeds.pdf")
	// Flags after the operand, as everywhere.
	stdout, errs, code := run(t, "", "print", "--per-page", "2", seeds, "--solutions", "--paper", "letter", "--title", "Seeds", "-o", out)
	// The seeds' fifth puzzle has several solutions: the print says so.
	if code != ExitOK || stdout != "" || errs != "sudoku print: "+seeds+":35: puzzle \"custom\" has more than one solution; its solution shows one of them\n" {
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
	_, errs, code = run(t, invalid, "print", "--force", "-o", out, "-")
	if want := `stdin:2: puzzle "easy1" is invalid: digit 5 twice in row 1 (r1c1, r1c9)`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("invalid: exit %d, stderr %q, want %q", code, errs, want)
	}
	_, errs, code = run(t, invalid, "print", "-o", filepath.Join(dir, "b.svg"), "-")
	if code != ExitPuzzles || !strings.Contains(errs, `stdin:2: puzzle "easy1" is invalid`) {
		t.Errorf("invalid, svg: exit %d, stderr %q", code, errs)
	}

	// A puzzle with several solutions prints, with its solution one of
	// them, and the print says so (it used to say nothing).
	several := filepath.Join(dir, "several.txt")
	os.WriteFile(several, []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"+strings.Repeat(".", 81)+" empty\n"), 0o644)
	_, errs, code = run(t, "", "print", "--force", "--solutions", "-o", out, several)
	if want := several + `:2: puzzle "empty" has more than one solution; its solution shows one of them`; code != ExitOK || !strings.Contains(errs, want) || strings.Contains(errs, ":1:") {
		t.Errorf("several solutions: exit %d, stderr %q, want %q", code, errs, want)
	}
	_, errs, code = run(t, "", "print", "--solutions", "--index", "2", "-o", filepath.Join(dir, "e.png"), several)
	if code != ExitOK || !strings.Contains(errs, `:2: puzzle "empty" has more than one solution`) {
		t.Errorf("several solutions, png: exit %d, stderr %q", code, errs)
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
	// The name, and on the right that it is the solution (its caption
	// was the puzzle's).
	if doc.Title != "easy1" || len(doc.Texts) != 83 || doc.Texts[81].Body != "easy1" || doc.Texts[82].Body != "solution" {
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

// shapeBoards is a board file of other shapes: a named 6×6 from Solo, an
// unnamed jigsaw and an X, then two 16×16 from the generator.
const shapeBoards = "# boards of other shapes\n" +
	"2x3:6a2a4_5_5b2e6d4e5b6_4_3a1a2 six\n" +
	"9j:f2b5d8c7b8a5a2e3b5_6a9b2b8a6_5b9e6a4a2b1c3d9b4f,ba_cbaaaba_c_a___a____ba__c_ctaaba___ab_baa_ba_aaab__d__aab_e___\n" +
	"3x3x:4i2_9_6a7_3e4_3h4_2_7a9b5_3a1_2b1a2_9_6h2_4e7_8a6_5_3i6 ex\n" +
	"4x4:a3c16_5_1_10c12_13a14_1_14b2_4e15_8a6_16j4b11a9_15b11b13a3_16_8c2_1b13_16d7e4d7_4_11_16c2_14g15_7_2a5a1_12f8" +
	"_11_2_3b12_13a5c10b10c3a15_6b1_4_16_11f5_8a14a15_3_10g9_13c7_10_5_6d12e7d1_15b13_5c10_7_4a6b2b11_8a14b15j12_2a1_16e7_8b13_10_10a16_6c8_15_2_3c1a\n" +
	"4x4x:a3b11_16_5a10c12_13a14_1a7a2f15_8a6_16j4d9_15e13a3_16_8b4_2d14c2_7e1d9a3b11b14b5_2c8_7_1a14d4_12d2_6_15b16_13a10c14b10c15a7" +
	"_9b13_6_14d11_15d12a14_6_2c3_6b10b12b7a11d2e4_16c1d12_9b14_7_3a4e5_5d8j7_4a3_6f5a16a8_8a14_13c15a12_1_11b3a\n"

// TestPrintShapes prints boards of every shape, mixed with a classic
// file: the 16×16 boards go two a page (four were asked for) and their
// solutions six a page; images of any shape say it in their caption and
// show the board's symbols, and a puzzle the reader named "FILE #N" has
// no name of its own in the caption.
func TestPrintShapes(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "shapes.txt")
	if err := os.WriteFile(boards, []byte(shapeBoards), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "shapes.pdf")
	if _, errs, code := run(t, "", "print", "--solutions", "-o", out, boards, seeds); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(out)
	// Puzzles: the 6×6, the jigsaw and the X; the two 16×16; four and
	// one of the seeds. Solutions: six (16×16 among them), then four.
	if pages, _ := pdfPages(t, data); pages != 4+2 {
		t.Errorf("%d pages, want 6", pages)
	}
	// Standard input, alone.
	stdout, errs, code := run(t, shapeBoards, "print", "--per-page", "1", "-o", "-", "-")
	if pages, _ := pdfPages(t, []byte(stdout)); code != ExitOK || pages != 5 {
		t.Errorf("stdin: exit %d, %d pages, %s", code, pages, errs)
	}

	type svgDoc struct {
		Title string `xml:"title"`
		Texts []struct {
			Weight string   `xml:"font-weight,attr"`
			Body   string   `xml:",chardata"`
			Spans  []string `xml:"tspan"` // a caption of two faces: one run
		} `xml:"text"`
	}
	lines := strings.Split(shapeBoards, "\n")[1:]
	for _, c := range []struct {
		index   int
		title   string
		caption []string // the texts after the board's symbols
	}{
		{1, "six", []string{"six", " · 6×6"}},
		{2, "Sudoku", []string{"9×9 jigsaw"}},
		{4, "Sudoku", []string{"16×16"}},
	} {
		stdout, errs, code := run(t, "", "print", "--format", "svg", "--index", strconv.Itoa(c.index), "-o", "-", boards)
		var doc svgDoc
		if err := xml.Unmarshal([]byte(stdout), &doc); code != ExitOK || err != nil {
			t.Fatalf("svg %d: exit %d, %v, %s", c.index, code, err, errs)
		}
		b, err := solver.ParseSoloID(strings.Fields(lines[c.index-1])[0])
		if err != nil {
			t.Fatal(err)
		}
		givens := strings.ReplaceAll(b.String(), ".", "")
		var symbols strings.Builder
		var caption []string
		for k, tx := range doc.Texts {
			switch {
			case k < len(givens):
				symbols.WriteString(tx.Body)
			case len(tx.Spans) > 0:
				caption = append(caption, tx.Spans...)
			default:
				caption = append(caption, tx.Body)
			}
		}
		if doc.Title != c.title || symbols.String() != givens || !slices.Equal(caption, c.caption) {
			t.Errorf("svg %d: title %q, symbols %q, caption %q; want %q, %q, %q", c.index, doc.Title, symbols.String(), caption, c.title, givens, c.caption)
		}
	}
}

// TestPrintShapeErrors: a board file's errors name the file and line as
// a classic file's do, and nothing is written.
func TestPrintShapeErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdf")
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// A 6×6 with 6 twice in its first row; one whose r1c1 can take
	// nothing (1 and 2 in its row, 3 in its box, 4 to 6 in its column).
	twins := "66" + strings.Repeat(".", 34)
	nosol := ".12...3.....4.....5.....6..........."
	file := write("six.txt", "# 6×6\n2x3:6a2a4_5_5b2e6d4e5b6_4_3a1a2\n"+twins+" twins\n")
	_, errs, code := run(t, "", "print", "-o", out, file)
	if want := file + `:3: puzzle "twins" is invalid: digit 6 twice in row 1 (r1c1, r1c2)`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("invalid: exit %d, stderr %q, want %q", code, errs, want)
	}
	file = write("nosol.txt", nosol+"\n")
	if _, errs, code := run(t, "", "print", "-o", out, file); code != ExitOK {
		t.Errorf("without solutions an unsolvable 6×6 prints as given: exit %d, %s", code, errs)
	}
	os.Remove(out)
	_, errs, code = run(t, "", "print", "--solutions", "-o", out, seeds, file)
	if want := file + `:1: puzzle "nosol.txt #1" has no solution`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("unsolvable: exit %d, stderr %q, want %q", code, errs, want)
	}
	_, errs, code = run(t, nosol+"\n", "print", "--solutions", "-o", filepath.Join(dir, "b.png"), "-")
	if want := `stdin:1: puzzle "stdin #1" has no solution`; code != ExitPuzzles || !strings.Contains(errs, want) {
		t.Errorf("unsolvable png: exit %d, stderr %q, want %q", code, errs, want)
	}
	file = write("bad.txt", "2x3:6a2a4_5_5b2e6d4e5b6_4_3a1a2\n"+strings.Repeat("1", 35)+"\n")
	_, errs, code = run(t, "", "print", "-o", out, seeds, file)
	if want := file + ":2: 35 symbols"; code != ExitUsage || !strings.Contains(errs, want) {
		t.Errorf("bad line: exit %d, stderr %q, want %q", code, errs, want)
	}
	for _, p := range []string{out, filepath.Join(dir, "b.png")} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("a failed print left %s behind", p)
		}
	}
}

// A file of more puzzles than a booklet takes is refused once the reading
// passes the limit, not after all of it is read (3 million puzzles took
// 2.4 GB and 10 s to be refused).
func TestPrintStopsReadingPastTheLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	line := "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"
	// Past the limit, then a line that does not read: never reached.
	os.WriteFile(big, []byte(strings.Repeat(line, MaxPrintPuzzles+1)+"not a puzzle at all 1234567\n"), 0o644)
	_, errs, code := run(t, "", "print", "-o", filepath.Join(dir, "b.pdf"), big)
	if code != ExitUsage || !strings.Contains(errs, "more than 50000 puzzles in "+big+", more than a booklet takes") || strings.Contains(errs, "big.txt:") {
		t.Errorf("exit %d, %q", code, errs)
	}
	// A range too long says so, and how to split it from where it starts.
	_, errs, code = run(t, "", "print", "--range", "1-", "-o", filepath.Join(dir, "b.pdf"), big)
	if code != ExitUsage || !strings.Contains(errs, "--range 1-: more than 50000 puzzles, more than a booklet takes: print 50000 at most (--range 1-50000, then --range 50001-100000") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// --range prints part of a file: a file past the booklet's limit in
// parts (its refusal says how), a few puzzles of a big file; the reading
// stops past the range (the bad line after it is never reached).
func TestPrintRange(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	line := "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"
	os.WriteFile(big, []byte(strings.Repeat(line, MaxPrintPuzzles+10)+"not a puzzle at all 1234567\n"), 0o644)
	out := filepath.Join(dir, "b.pdf")
	_, errs, _ := run(t, "", "print", "-o", out, big)
	if !strings.Contains(errs, "print part of it (--range 1-50000, then --range 50001-100000, ...)") {
		t.Errorf("the refusal: %q", errs)
	}
	for _, c := range []struct {
		rng   string
		pages int
	}{
		{"1-8", 2},         // four a page
		{"50001-50004", 1}, // 4 of the last 10
		{"49999-50008", 3}, // across the limit
		{"7", 1},           // one puzzle
		{"-4", 1},          // the first four
		// Picked here and there (a teacher's few from a big file).
		{"3,5,50003", 1},
		{"1-4, 50001-50004", 2},
	} {
		_, errs, code := run(t, "", "print", "--per-page", "4", "--range", c.rng, "-o", out, big)
		data, _ := os.ReadFile(out)
		if pages, _ := pdfPages(t, data); code != ExitOK || pages != c.pages {
			t.Errorf("--range %s: exit %d, %d pages, want %d; %q", c.rng, code, pages, c.pages, errs)
		}
	}
	// --numbers-only: the puzzles captioned by their numbers alone, the
	// solutions with their names (a class's sheets carried every seed).
	if _, errs, code := run(t, "", "print", "--force", "--numbers-only", "--solutions", "--range", "2", "-o", out, seeds); code != ExitOK {
		t.Errorf("--numbers-only: exit %d, %q", code, errs)
	} else if text := pdfText(t, out); strings.Count(text, "evil") != 1 {
		t.Errorf("--numbers-only: the name once (on the solution) in\n%s", text)
	}
	// The captions keep the file's numbers, as a run's do.
	if _, errs, code := run(t, "", "print", "--range", "5,2", "-o", out, seeds); code != ExitOK {
		t.Errorf("--range 5,2: exit %d, %q", code, errs)
	} else if text := pdfText(t, out); !strings.Contains(text, "No. 2") || !strings.Contains(text, "No. 5") || strings.Contains(text, "No. 1") {
		t.Errorf("--range 5,2: captions in\n%s", text)
	}
	if _, errs, code := run(t, "", "print", "--range", "2,9", "-o", out, seeds); code != ExitOK || !strings.Contains(errs, "--range 2,9 runs past the end") {
		t.Errorf("--range 2,9: exit %d, %q", code, errs)
	}
	// Past the end: printed, with a note.
	if _, errs, code := run(t, "", "print", "--range", "4-9", "-o", out, seeds); code != ExitOK || !strings.Contains(errs, "--range 4-9 runs past the end: "+seeds+" holds only 5 puzzles") {
		t.Errorf("past the end: exit %d, %q", code, errs)
	}
	for _, c := range []struct{ rng, want string }{
		{"0-5", "want puzzle numbers from 1"},
		{"9-3", "9-3 ends (3) before it starts (9)"},
		{"4,x", "want puzzle numbers from 1"},
		{"x", "want puzzle numbers from 1"},
		{"60000-", "--range 60000-: " + seeds + " holds only 5 puzzles"},
	} {
		file := big
		if strings.HasPrefix(c.rng, "60000") {
			file = seeds
		}
		_, errs, code := run(t, "", "print", "--range", c.rng, "-o", out, file)
		if code != ExitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("--range %s: exit %d, %q", c.rng, code, errs)
		}
	}
}

// A PDF to standard output on /dev/full is written, and its write error
// reported: any character device counted as a terminal, and the print was
// refused as "standard output is a terminal".
func TestPrintToDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	var errb bytes.Buffer
	code := Run([]string{"print", "-o", "-", seeds}, strings.NewReader(""), full, &errb)
	if code != ExitUsage || strings.Contains(errb.String(), "terminal") || !strings.Contains(errb.String(), "no space") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
}

// One or two puzzles fill their page unless --per-page says otherwise:
// one puzzle sat in a quarter of an empty page (the window's Print did
// fill it).
func TestPrintFewPuzzlesFillThePage(t *testing.T) {
	for _, c := range [][3]int{{1, 4, 1}, {2, 4, 2}, {3, 4, 4}, {5, 6, 6}, {9, 4, 4}, {1, 2, 1}} {
		if got := fewestPerPage(c[0], c[1]); got != c[2] {
			t.Errorf("fewestPerPage(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	dir := t.TempDir()
	one := filepath.Join(dir, "one.txt")
	os.WriteFile(one, []byte("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n"), 0o644)
	pdf := func(args ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, "b.pdf")
		if _, errs, code := run(t, "", append(append([]string{"print", "-o", out}, args...), one)...); code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		data, _ := os.ReadFile(out)
		return data
	}
	plain, alone, four := pdf(), pdf("--per-page", "1"), pdf("--per-page", "4")
	if !bytes.Equal(plain, alone) || bytes.Equal(plain, four) {
		t.Error("one puzzle is not printed alone on its page by default, or --per-page 4 is not honoured")
	}
}

// A title or names the booklet's fonts cannot draw are printed with a
// note on standard error (they were replaced by U+FFFD without a word).
func TestPrintNotesUndrawableText(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := run(t, "", "print", "--title", "数独 每日一题", "-o", filepath.Join(dir, "b.pdf"), seeds)
	if code != ExitOK || !strings.Contains(errs, "in the title print as") {
		t.Errorf("exit %d: %q", code, errs)
	}
	_, errs, _ = run(t, "", "print", "--title", "Ünïcödé", "-o", filepath.Join(dir, "c.pdf"), seeds)
	if errs != "" {
		t.Errorf("a title the fonts draw: %q", errs)
	}
	// An image notes the one puzzle it draws only (it counted them all).
	names := filepath.Join(dir, "names.txt")
	board := "5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n"
	os.WriteFile(names, []byte("Ελληνικά\n"+board+"日本語\n"+board), 0o644)
	if _, errs, code := run(t, "", "print", "--index", "1", "-o", filepath.Join(dir, "a.png"), names); code != ExitOK || errs != "" {
		t.Errorf("an image of a name the fonts draw: exit %d, %q", code, errs)
	}
	if _, errs, _ := run(t, "", "print", "--index", "2", "-o", filepath.Join(dir, "b.png"), names); !strings.Contains(errs, "in a puzzle's name print as") {
		t.Errorf("an image of a name they do not: %q", errs)
	}
}

// A duration flag given a bad value says what a duration looks like ("5"
// said "parse error"); its help still names the kind and the default.
func TestDurationFlagSaysWhat(t *testing.T) {
	for _, args := range [][]string{{"generate", "--difficulty", "easy", "--timeout", "5"}, {"solve", "--timeout", "x", seeds}, {"bench", "--warmup", "1", seeds}} {
		_, errs, code := run(t, "", args...)
		if code != ExitUsage || !strings.Contains(errs, "want a duration such as 10s") {
			t.Errorf("%v: exit %d: %q", args, code, errs)
		}
	}
	out, _, _ := run(t, "", "bench", "-h")
	if !strings.Contains(out, "-warmup duration") || !strings.Contains(out, "(default 1s)") || strings.Contains(out, "-time duration\n    \trepeat whole passes over a file until this long is timed (0: one pass) (a duration such as 10s or 2m) (default") {
		t.Errorf("bench -h:\n%s", out)
	}
	if _, errs, _ := run(t, "", "generate", "--difficulty", "hard", "--timeout", "1ns", "--seed", "1"); !strings.Contains(errs, "made 0 of 1 puzzle\n") {
		t.Errorf("one puzzle asked: %q", errs)
	}
}

// An interrupt during generate -o FILE writes the puzzles made so far
// (they were thrown away; --timeout kept them) and says so.
func TestGenerateInterruptKeepsPuzzles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "made.txt")
	done := make(chan int)
	var errb bytes.Buffer
	go func() {
		done <- Run([]string{"generate", "--difficulty", "easy", "-n", "1000000", "--seed", "3", "-j", "1", "-o", out}, strings.NewReader(""), io.Discard, &errb)
	}()
	for start := time.Now(); interruptHook.Load() == nil; {
		if time.Since(start) > 10*time.Second {
			t.Fatal("generate never took the interrupt")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // some puzzles made
	(*interruptHook.Swap(nil))(os.Interrupt)
	code := <-done
	interruptedBy.Store(0)
	data, err := os.ReadFile(out)
	if code != ExitPuzzles || err != nil || len(data) == 0 || !strings.Contains(errb.String(), "stopped (interrupt)") || !strings.Contains(errb.String(), "written to "+out) {
		t.Fatalf("exit %d, %d bytes (%v): %s", code, len(data), err, errb.String())
	}
	if interruptHook.Load() != nil {
		t.Error("the interrupt is still taken after the command")
	}
	// Over a file that held something, an interrupt leaves it as it was
	// (Ctrl-C, the usual key to abort, replaced 20 puzzles with the 3
	// made), and says how to make what was made again.
	errb.Reset()
	go func() {
		done <- Run([]string{"generate", "--force", "--difficulty", "easy", "-n", "1000000", "--seed", "4", "-j", "1", "-o", out}, strings.NewReader(""), io.Discard, &errb)
	}()
	for start := time.Now(); interruptHook.Load() == nil; {
		if time.Since(start) > 10*time.Second {
			t.Fatal("generate never took the interrupt")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	(*interruptHook.Swap(nil))(os.Interrupt)
	code = <-done
	interruptedBy.Store(0)
	again, _ := os.ReadFile(out)
	if code != ExitPuzzles || !bytes.Equal(again, data) || !strings.Contains(errb.String(), ", not written: "+out+" is left as it was (an interrupt replaces no file; the same command with -n ") || !strings.Contains(errb.String(), " --seed 4 makes them again") {
		t.Fatalf("over a file: exit %d, same %v: %s", code, bytes.Equal(again, data), errb.String())
	}
}

// Flags that do nothing for the format are named on standard error (they
// were taken without a word); the output is still written.
func TestPrintNotesIdleFlags(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "Foo", "--per-page", "6", "-o", filepath.Join(dir, "a.png")}, "--per-page and --title do nothing for a PNG"},
		{[]string{"--size", "300", "-o", filepath.Join(dir, "a.pdf")}, "--size does nothing for a PDF"},
		{[]string{"-o", filepath.Join(dir, "b.pdf")}, ""},
		// a title cut on the page: said (an editor found out at the proof)
		{[]string{"--title", "The Grand Weekly Puzzle Supplement of the Sunday Herald and Evening Chronicle", "-o", filepath.Join(dir, "c.pdf")},
			"note: the title is too long for the page's heading and prints as \"The Grand Weekly Puzzle Supplement of the Sunday Herald and Ev…\""},
		{[]string{"--solutions", "--title", "The Grand Weekly Puzzle Supplement of the Sunday Herald", "-o", filepath.Join(dir, "d.pdf")},
			"prints as \"The Grand Weekly Puzzle Supplement of the Sunday H… — Solutions\""},
	} {
		_, errs, code := run(t, "", append(append([]string{"print"}, c.args...), seeds)...)
		if code != ExitOK || (c.want == "") != (errs == "") || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}

// print --levels puts each puzzle's level and score in its caption, as
// the window's booklets do (the command line's had none); a puzzle that
// cannot be rated (several solutions) keeps its caption.
func TestPrintLevels(t *testing.T) {
	entries := []booklet.Entry{
		{Grid: solver.MustParse("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6")},
		{Grid: solver.MustParse("...............................................................................12")},
	}
	var errb bytes.Buffer
	levelEntries(&env{stderr: &errb}, entries, 2)
	if entries[0].Level != "easy" || entries[0].Score == "" || entries[1].Level != "" {
		t.Errorf("captions %+v", entries)
	}
	out := filepath.Join(t.TempDir(), "b.pdf")
	if _, errs, code := run(t, "", "print", "--levels", "-o", out, seeds); code != ExitOK {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// A position with candidates prints its digits, and says so (rate and
// solve did; print said nothing).
func TestPrintSaysCandidatesAreLeftOut(t *testing.T) {
	dir := t.TempDir()
	pm := filepath.Join(dir, "pm-grid.txt")
	os.WriteFile(pm, []byte(`.---------------.------------------.-------------------.
| 4   1679 12679  | 139  2369  269   | 8     1239 5       |
| 26789 3 1256789 | 14589 24569 245689 | 12679 1249 124679 |
| 2689 15689 125689 | 7 234569 245689 | 12369 12349 123469 |
:-------------------+------------------+-------------------:
| 3789 2 15789 | 3459 34579 4579 | 13579 6 13789 |
| 3679 15679 15679 | 359 8 25679 | 4 12359 12379 |
| 36789 4 56789 | 359 1 25679 | 23579 23589 23789 |
:-------------------+------------------+-------------------:
| 289 89 289 | 6 459 3 | 1259 7 12489 |
| 5 6789 3 | 2 479 1 | 69 489 4689 |
| 2689 6789 4 | 589 579 5789 | 23569 23589 23689 |
'---------------'------------------'-------------------'
`), 0o644)
	_, errs, code := run(t, "", "print", "-o", filepath.Join(dir, "pm.pdf"), pm)
	if code != ExitOK || !strings.Contains(errs, "pm-grid.txt holds 1 position with candidates: the booklet prints their digits, not the candidates") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// A booklet that cannot be printed names every bad puzzle, ten at most
// and a count of the rest: it named one a run.
func TestPrintNamesEveryBadPuzzle(t *testing.T) {
	good := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	bad := "11" + strings.Repeat(".", 79) + "\n"
	var in strings.Builder
	for i := range 14 {
		if i%2 == 1 || i == 0 {
			in.WriteString(bad)
		} else {
			in.WriteString(good)
		}
	}
	_, errs, code := run(t, in.String(), "print", "-o", filepath.Join(t.TempDir(), "b.pdf"), "-")
	if code != ExitPuzzles || strings.Count(errs, "is invalid: digit 1 twice in row 1") != 8 || strings.Contains(errs, "more") {
		t.Errorf("8 bad puzzles: exit %d\n%s", code, errs)
	}
	in.WriteString(bad + bad + bad + bad)
	_, errs, code = run(t, in.String(), "print", "-o", filepath.Join(t.TempDir(), "b.pdf"), "-")
	if strings.Count(errs, "is invalid") != 10 || !strings.Contains(errs, "and 2 more bad puzzles") || !strings.Contains(errs, "stdin:2:") {
		t.Errorf("12 bad puzzles: exit %d\n%s", code, errs)
	}
}

// --skip-bad skips the puzzles that cannot be printed too, and prints
// the rest: it printed nothing over one invalid puzzle.
func TestPrintSkipBadSkipsBadPuzzles(t *testing.T) {
	good := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	bad := "11" + strings.Repeat(".", 79) + "\n"
	pdf := filepath.Join(t.TempDir(), "b.pdf")
	_, errs, code := run(t, good+bad+good, "print", "--skip-bad", "--solutions", "-o", pdf, "-")
	if code != ExitOK || !strings.Contains(errs, `stdin:2: puzzle "stdin #2" is invalid: digit 1 twice in row 1 (r1c1, r1c2) (skipped)`) {
		t.Fatalf("exit %d, %s", code, errs)
	}
	if data, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(data, []byte("%PDF")) {
		t.Fatalf("no booklet: %v", err)
	}
	if _, errs, code := run(t, bad+bad, "print", "--skip-bad", "-o", pdf, "-"); code != ExitUsage || !strings.Contains(errs, "no puzzle of - can be printed") {
		t.Errorf("all bad: exit %d, %s", code, errs)
	}
}

// print replaces a booklet printed from the same files (printing again),
// but not another PDF without --force: a teacher's booklet of three levels
// with its solutions was replaced without a word by one of a single level.
func TestPrintKeepsOtherBooklet(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(a, []byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644)
	os.WriteFile(b, []byte("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n"), 0o644)
	out := filepath.Join(dir, "class.pdf")
	if _, errs, code := run(t, "", "print", "--solutions", "-o", out, a, b); code != ExitOK {
		t.Fatalf("first print: exit %d, %s", code, errs)
	}
	before, _ := os.ReadFile(out)
	_, errs, code := run(t, "", "print", "-o", out, a)
	if code != ExitUsage || !strings.Contains(errs, "class.pdf: a PDF not printed from these files is there already: --force replaces it") {
		t.Errorf("over another booklet: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Error("the booklet was replaced")
	}
	if _, errs, code := run(t, "", "print", "-o", out, a, b); code != ExitOK {
		t.Errorf("printing again from the same files: exit %d, %s", code, errs)
	}
	if _, errs, code := run(t, "", "print", "--force", "-o", out, a); code != ExitOK {
		t.Errorf("--force: exit %d, %s", code, errs)
	}
	// A PDF of someone else's is kept too.
	mine := filepath.Join(dir, "mine.pdf")
	os.WriteFile(mine, []byte("%PDF-1.4\nmy tax return\n"), 0o644)
	if _, _, code := run(t, "", "print", "-o", mine, a); code != ExitUsage {
		t.Errorf("over another PDF: exit %d", code)
	}
	// And images: a photo named .png was replaced by a puzzle. One drawn
	// from the same file is drawn again, and it is still a PNG.
	for _, name := range []string{"p.png", "p.svg"} {
		img := filepath.Join(dir, name)
		if _, errs, code := run(t, "", "print", "-o", img, a); code != ExitOK {
			t.Fatalf("%s: exit %d, %s", name, code, errs)
		}
		if _, errs, code := run(t, "", "print", "-o", img, a); code != ExitOK {
			t.Errorf("%s again from the same file: exit %d, %s", name, code, errs)
		}
		before, _ := os.ReadFile(img)
		if _, _, code := run(t, "", "print", "-o", img, b); code != ExitUsage {
			t.Errorf("%s from another file: exit %d", name, code)
		}
		if after, _ := os.ReadFile(img); !bytes.Equal(before, after) {
			t.Errorf("%s replaced", name)
		}
		if name == "p.png" {
			if _, err := png.Decode(bytes.NewReader(before)); err != nil {
				t.Errorf("the marked PNG does not decode: %v", err)
			}
		}
	}
}
