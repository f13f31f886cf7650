package booklet

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// pdfDoc is what the tests read back from a PDF that fpdf wrote, without
// outside tools: the page size and each page's decompressed content.
type pdfDoc struct {
	width, height float64
	pages         [][]byte
}

var (
	objRE      = regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
	mediaBoxRE = regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`)
	contentsRE = regexp.MustCompile(`<</Type /Page\n(?:.*\n)*?/Contents (\d+) 0 R`)
)

func readPDF(t testing.TB, data []byte) pdfDoc {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-1.")) || !bytes.HasSuffix(bytes.TrimSpace(data), []byte("%%EOF")) {
		t.Fatalf("not a complete PDF: %q…", data[:min(len(data), 20)])
	}
	objs := map[int][]byte{}
	locs := objRE.FindAllSubmatchIndex(data, -1)
	for k, l := range locs {
		end := len(data)
		if k+1 < len(locs) {
			end = locs[k+1][0]
		}
		n, _ := strconv.Atoi(string(data[l[2]:l[3]]))
		objs[n] = data[l[1]:end]
	}
	var doc pdfDoc
	m := mediaBoxRE.FindSubmatch(data)
	if m == nil {
		t.Fatal("no /MediaBox")
	}
	doc.width, _ = strconv.ParseFloat(string(m[1]), 64)
	doc.height, _ = strconv.ParseFloat(string(m[2]), 64)
	for _, m := range contentsRE.FindAllSubmatch(data, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		obj := objs[n]
		start := bytes.Index(obj, []byte("stream\n"))
		end := bytes.LastIndex(obj, []byte("\nendstream"))
		if start < 0 || end < start {
			t.Fatalf("page content %d has no stream", n)
		}
		zr, err := zlib.NewReader(bytes.NewReader(obj[start+len("stream\n") : end]))
		if err != nil {
			t.Fatalf("page content %d: %v", n, err)
		}
		content, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("page content %d: %v", n, err)
		}
		doc.pages = append(doc.pages, content)
	}
	return doc
}

// formPlacementRE matches where a page places a board's lines: the
// translation of their box's lower left corner, then the lines.
var formPlacementRE = regexp.MustCompile(`q 1 0 0 1 ([\d.]+) ([\d.]+) cm\n`)

// TestPDFStructure reads the PDF back by itself: page count and size,
// the page numbers, and every board's lines placed where the layout puts
// them.
func TestPDFStructure(t *testing.T) {
	es := seedEntries(t)
	for _, paper := range []Paper{A4, Letter} {
		for _, perPage := range PerPageChoices {
			opt := Options{Paper: paper, PerPage: perPage, Solutions: true, Title: "Structure"}
			doc := readPDF(t, writePDF(t, es, opt))
			name := fmt.Sprintf("%s, %d a page", paper.Name, perPage)
			if doc.width != paper.Width || doc.height != paper.Height {
				t.Errorf("%s: page %gx%g", name, doc.width, doc.height)
			}
			total := PageCount(len(es), opt)
			if len(doc.pages) != total {
				t.Fatalf("%s: %d pages, want %d", name, len(doc.pages), total)
			}
			// Which page and slot each board is on, puzzles then solutions.
			var want [][]boardGeom
			for _, section := range []struct {
				perPage int
				title   bool
			}{{perPage, true}, {SolutionsPerPage, true}} {
				l := layoutPage(paper, section.title, section.perPage)
				for first := 0; first < len(es); first += section.perPage {
					want = append(want, l.boards[:min(section.perPage, len(es)-first)])
				}
			}
			for p, content := range doc.pages {
				if footer := fmt.Sprintf("Page %d of %d", p+1, total); !bytes.Contains(content, []byte("("+asciiUTF16(footer)+") Tj")) {
					t.Errorf("%s: page %d lacks its footer %q", name, p+1, footer)
				}
				got := formPlacementRE.FindAllSubmatch(content, -1)
				if len(got) != len(want[p]) {
					t.Fatalf("%s: page %d places %d boards, want %d", name, p+1, len(got), len(want[p]))
				}
				for k, b := range want[p] {
					_, pad := lineWidths(b.side)
					x, _ := strconv.ParseFloat(string(got[k][1]), 64)
					y, _ := strconv.ParseFloat(string(got[k][2]), 64)
					if math.Abs(x-(b.x-pad)) > 0.01 || math.Abs(y-(paper.Height-b.y-b.side-pad)) > 0.01 {
						t.Errorf("%s: page %d board %d at (%g, %g), want %+v", name, p+1, k+1, x, y, b)
					}
				}
			}
		}
	}
}

// TestPDFCompact guards the size of the content: the digits of a board
// go out as one text object and the lines as the same operators, moved.
func TestPDFCompact(t *testing.T) {
	es := seedEntries(t)
	var many []Entry
	for range 24 {
		many = append(many, es...)
	}
	data := writePDF(t, many, Options{PerPage: 6, Solutions: true})
	// 120 puzzles: 20 + 10 pages, 240 boards, about 11 KB of it fonts.
	if len(data) > 120<<10 {
		t.Errorf("120 puzzles with solutions take %d bytes, want under 120 KB", len(data))
	}
	// No form XObjects: fpdf gives a form every font as a resource, and
	// poppler loads them again at each placement (five times as slow a
	// page of twelve boards in Evince or pdftoppm).
	if bytes.Contains(data, []byte("/Subtype /Form")) {
		t.Error("the booklet places form XObjects")
	}
	doc := readPDF(t, data)
	last := string(doc.pages[len(doc.pages)-1])
	// The last page holds solutions 109 to 120, all their digits by then
	// written as moves in a text object of the board's.
	if n := strings.Count(last, " Td <00"); n != 12*81 {
		t.Errorf("the last solutions page writes %d digits as moves, want %d", n, 12*81)
	}
	// A board's givens are one text object, its filled digits another.
	if n := len(regexp.MustCompile(`BT [\d.]+ [\d.]+ Td <`).FindAllStringIndex(last, -1)); n != 2*12 {
		t.Errorf("the last solutions page writes its digits in %d text objects, want 2 for each of 12 boards", n)
	}
}

// tool returns the path of a poppler-utils program, or skips the test.
func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed (poppler-utils)", name)
	}
	return p
}

func runTool(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(tool(t, name), args...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out)
}

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "booklet.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// digitsOf returns the digits in s, in order.
func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// textIn extracts the text that poppler finds inside a rectangle of a
// page, in points, a point of slack each side.
func textIn(t *testing.T, path string, page int, x, y, w, h float64) string {
	t.Helper()
	return runTool(t, "pdftotext", "-layout", "-r", "72", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page),
		"-x", strconv.Itoa(int(x)-1), "-y", strconv.Itoa(int(y)-1),
		"-W", strconv.Itoa(int(w)+3), "-H", strconv.Itoa(int(h)+3), path, "-")
}

// TestPDFReadBack has poppler read the booklet: the page count and exact
// size, and inside every board's square the digits of its givens (or, on
// the solutions pages, of its solution) in reading order, with the caption
// above it.
// The document's title keeps what the fonts cannot draw: a viewer's own
// font shows it in its title bar (it was "������ �������" there too).
func TestPDFInfoTitleKeepsEveryCharacter(t *testing.T) {
	path := writeTemp(t, writePDF(t, seedEntries(t)[:1], Options{Title: "سودوكو الأسبوع\x07 😀"}))
	// An emoji too, as a surrogate pair (fpdf's own conversion wrote two
	// wrong characters for it, and it was mapped to "�" instead).
	if info := runTool(t, "pdfinfo", path); !strings.Contains(info, "Title:           سودوكو الأسبوع 😀\n") {
		t.Errorf("pdfinfo:\n%s", info)
	}
}

func TestPDFReadBack(t *testing.T) {
	es := seedEntries(t)
	es[4].Level, es[4].Score = "Easy", "1.5"
	base := es
	for _, c := range []struct {
		opt     Options
		size    string
		numbers []int // the entries' own numbers, if any
	}{
		{Options{Paper: A4, PerPage: 4, Solutions: true, Title: "Seeds"}, "595.28 x 841.89 pts (A4)", nil},
		{Options{Paper: Letter, PerPage: 2}, "612 x 792 pts (letter)", nil},
		// A part of a file (print --range 101-105): numbered as in it.
		{Options{Paper: A4, PerPage: 4, Solutions: true, FirstNumber: 101}, "595.28 x 841.89 pts (A4)", nil},
		// Puzzles picked from a file (--range 3,17,42,100-101): each
		// numbered as in it, on the puzzles' pages and the solutions'.
		{Options{Paper: A4, PerPage: 4, Solutions: true}, "595.28 x 841.89 pts (A4)", []int{3, 17, 42, 100, 101}},
	} {
		es := slices.Clone(base)
		for i, n := range c.numbers {
			es[i].Number = n
		}
		path := writeTemp(t, writePDF(t, es, c.opt))
		info := runTool(t, "pdfinfo", path)
		total := PageCount(len(es), c.opt)
		if !strings.Contains(info, fmt.Sprintf("Pages:           %d\n", total)) || !strings.Contains(info, "Page size:       "+c.size) {
			t.Errorf("pdfinfo:\n%s", info)
		}
		puzzles := layoutPage(c.opt.Paper, c.opt.Title != "", c.opt.PerPage)
		small := layoutPage(c.opt.Paper, true, SolutionsPerPage)
		for i, e := range es {
			page, b := i/c.opt.PerPage+1, puzzles.boards[i%c.opt.PerPage]
			if got, want := digitsOf(textIn(t, path, page, b.x, b.y, b.side, b.side)), digitsOf(e.Grid.String()); got != want {
				t.Errorf("%s: page %d board %d shows %s, want the givens %s", c.opt.Paper.Name, page, i+1, got, want)
			}
			capText := textIn(t, path, page, b.x, b.y-2*puzzles.captionSize, b.side, 1.5*puzzles.captionSize)
			want := fmt.Sprintf("No. %d · %s", cmp.Or(e.Number, max(c.opt.FirstNumber, 1)+i), e.Name)
			if e.Level != "" {
				want += " Easy · score 1.5"
			}
			if strings.Join(strings.Fields(capText), " ") != want {
				t.Errorf("%s: caption %q, want %q", c.opt.Paper.Name, capText, want)
			}
			if !c.opt.Solutions {
				continue
			}
			sol := solver.Solve(t.Context(), e.Grid, solver.Options{}).Solution
			page, b = ceilDiv(len(es), c.opt.PerPage)+i/SolutionsPerPage+1, small.boards[i%SolutionsPerPage]
			if got := digitsOf(textIn(t, path, page, b.x, b.y, b.side, b.side)); got != sol.Digits() {
				t.Errorf("solutions page %d board %d shows %s, want %s", page, i+1, got, sol.Digits())
			}
			solCap := textIn(t, path, page, b.x, b.y-2*small.captionSize, b.side, 1.5*small.captionSize)
			if got, want := strings.Join(strings.Fields(solCap), " "), fmt.Sprintf("No. %d", cmp.Or(e.Number, max(c.opt.FirstNumber, 1)+i)); !strings.HasPrefix(got, want+" ") && got != want {
				t.Errorf("solutions page %d board %d: caption %q, want %q first", page, i+1, got, want)
			}
		}
		if head := textIn(t, path, 1, 0, 0, c.opt.Paper.Width, margin+titleSize); c.opt.Title != "" && strings.TrimSpace(head) != c.opt.Title {
			t.Errorf("page 1 heading %q, want %q", head, c.opt.Title)
		}
	}
}

// asciiUTF16 is ASCII text the way fpdf writes it for a UTF-8 font.
func asciiUTF16(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(0)
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestPDFGolden renders the first puzzle page and the first solutions
// page at 40 dpi and compares them with the images in testdata/ (go test
// -run Golden -update rewrites them after a deliberate change; look at
// them before committing).
func TestPDFGolden(t *testing.T) {
	es := seedEntries(t)
	es[0].Level, es[0].Score = "Easy", "1.2"
	path := writeTemp(t, writePDF(t, es, Options{PerPage: 6, Solutions: true, Title: "Golden"}))
	dir := t.TempDir()
	runTool(t, "pdftoppm", "-r", "40", "-gray", "-png", path, filepath.Join(dir, "page"))
	for p, golden := range []string{"testdata/golden-a4-6-page1.png", "testdata/golden-a4-6-solutions.png"} {
		rendered, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("page-%d.png", p+1)))
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(golden, rendered, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -run Golden -update to make it)", err)
		}
		if msg := compareImages(t, decodePNG(t, rendered), decodePNG(t, want)); msg != "" {
			t.Errorf("page %d differs from %s: %s", p+1, golden, msg)
		}
	}
}

func decodePNG(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// compareImages allows what another poppler's antialiasing might change:
// a few pixels off by a lot, or many by a little.
func compareImages(t *testing.T, got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	var far, total int
	var sum float64
	r := got.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g1, _, _, _ := got.At(x, y).RGBA()
			g2, _, _, _ := want.At(x, y).RGBA()
			d := math.Abs(float64(g1)-float64(g2)) / 257
			sum += d
			if d > 64 {
				far++
			}
			total++
		}
	}
	if far > total/200 || sum/float64(total) > 2 {
		return fmt.Sprintf("%d of %d pixels differ by more than 64 levels, %.2f on average", far, total, sum/float64(total))
	}
	return ""
}

// TestPDFUnprintableText checks that titles and names the fonts cannot
// set (past U+FFFF, bytes that are not UTF-8, control characters, scripts
// the Go fonts lack) print as U+FFFD or not at all, rather than stopping
// the PDF writer with a panic (an emoji in a name used to).
func TestPDFUnprintableText(t *testing.T) {
	es := seedEntries(t)[:2]
	es[0].Name = "party 🎉 \x1b[2J 中 é"
	es[1].Name, es[1].Level = "\xff\xfe", "hard 😀"
	path := writeTemp(t, writePDF(t, es, Options{Paper: A4, PerPage: 2, Title: "😀 mine \xff", Solutions: true}))
	text := runTool(t, "pdftotext", path, "-")
	for _, want := range []string{"\uFFFD mine \uFFFD", "party \uFFFD [2J \uFFFD é", "No. 2 · \uFFFD", "hard \uFFFD"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	for in, want := range map[string]string{"plain": "plain", "a\x00b\x7fc": "abc", "x\U0001F600y": "x\uFFFDy", "Ünïcödé ×·—": "Ünïcödé ×·—"} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// WritePDFContext stops once its context ends, during the solutions or
// the pages, and writes nothing: the window's Cancel of a booklet of a
// whole large file (it had no way out).
func TestPDFCancel(t *testing.T) {
	es := seedEntries(t)
	for len(es) < 200 {
		es = append(es, es...)
	}
	for _, stopAt := range []int{0, 1, 3} { // before the solutions, at page 1, at page 3
		ctx, cancel := context.WithCancel(context.Background())
		opt := Options{PerPage: 1, Solutions: true, Progress: func(done, total int) {
			if done == stopAt {
				cancel()
			}
		}}
		if stopAt == 0 {
			cancel()
		}
		var buf bytes.Buffer
		err := WritePDFContext(ctx, &buf, es, opt)
		if !errors.Is(err, context.Canceled) || buf.Len() != 0 {
			t.Errorf("stopped at %d: %v, %d bytes written", stopAt, err, buf.Len())
		}
	}
}

// A title too long for the page is cut on the solutions pages before
// "— Solutions", which stays: the whole heading was cut, and the
// solutions pages lost their label.
func TestPDFLongTitleKeepsSolutions(t *testing.T) {
	es := seedEntries(t)
	title := strings.Repeat("A very long title that goes on and on ", 8)
	doc := readPDF(t, writePDF(t, es, Options{PerPage: 4, Solutions: true, Title: title}))
	last := doc.pages[len(doc.pages)-1]
	if !bytes.Contains(last, []byte(asciiUTF16("Solutions"))) || !bytes.Contains(last, []byte(asciiUTF16("A very long"))) {
		t.Error("the solutions page's heading lost its label or its title")
	}
	if bytes.Contains(doc.pages[0], []byte(asciiUTF16("Solutions"))) {
		t.Error("a puzzle page says Solutions")
	}
}

// Drawable tells the text the fonts cannot draw (the print command's
// note); an SVG keeps such a name as it is, for the viewer's fonts (it
// printed U+FFFD there too, where nothing stops the real text).
func TestUndrawableText(t *testing.T) {
	for in, want := range map[string]bool{"plain": true, "Ünïcödé ×·—": true, "数独": false, "x\U0001F600": false, "a\x07b": true, "\uFFFD already": true} {
		if got := Drawable(in); got != want {
			t.Errorf("Drawable(%q) = %v", in, got)
		}
	}
	e := seedEntries(t)[0]
	e.Name = "数独 困难\x07"
	var buf bytes.Buffer
	if err := WriteSVG(&buf, e, ImageOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), ">数独 困难</text>") {
		t.Errorf("the SVG's caption lost the name:\n%s", buf.String())
	}
}

// The outline beside the pages: the puzzles and the solutions, and the
// numbers each page holds, in order (a teacher searched 95 pages for the
// solutions); SolutionsPage says where they start.
func TestPDFOutline(t *testing.T) {
	es := seedEntries(t)
	opt := Options{Paper: A4, PerPage: 2, Solutions: true}
	data := writePDF(t, es, opt)
	var titles []string
	for _, m := range regexp.MustCompile(`/Title \(((?:[^)\\]|\\.)*)\)`).FindAllSubmatch(data, -1) {
		var b strings.Builder
		for i := 3; i < len(m[1]); i += 2 { // UTF-16BE after its mark: ASCII here
			b.WriteByte(m[1][i])
		}
		titles = append(titles, b.String())
	}
	want := "[Puzzles No. 1-2 No. 3-4 No. 5 Solutions No. 1-5 Sudoku]" // (the last, the document's title)
	if got := fmt.Sprint(titles); got != want {
		t.Errorf("outline %s, want %s", got, want)
	}
	// Picked here and there: each page's numbers, not a range.
	picked := slices.Clone(es)
	for i, n := range []int{3, 17, 42, 43, 101} {
		picked[i].Number = n
	}
	titles = nil
	for _, m := range regexp.MustCompile(`/Title \(((?:[^)\\]|\\.)*)\)`).FindAllSubmatch(writePDF(t, picked, opt), -1) {
		var b strings.Builder
		for i := 3; i < len(m[1]); i += 2 {
			b.WriteByte(m[1][i])
		}
		titles = append(titles, b.String())
	}
	if got, want := fmt.Sprint(titles), "[Puzzles No. 3, 17 No. 42-43 No. 101 Solutions No. 3, 17, 42, 43, 101 Sudoku]"; got != want {
		t.Errorf("picked: outline %s, want %s", got, want)
	}
	if got := SolutionsPage(es, opt); got != 4 {
		t.Errorf("solutions on page %d, want 4", got)
	}
	if got := SolutionsPage(es, Options{Paper: A4, PerPage: 2}); got != 0 {
		t.Errorf("no solutions: page %d", got)
	}
}
