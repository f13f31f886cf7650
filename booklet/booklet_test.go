package booklet

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"unicode"

	"example.com/sudoku/solver"
)

// unsolvable follows the rules but has no solution (cli's solve tests use
// it too).
const unsolvable = "1..2..89..4......79....6.3....39.1.........6..7..8..49...7.42.........84.6...83.."

// seedEntries reads the five named boards of ../testdata/seeds.txt.
func seedEntries(t testing.TB) []Entry {
	t.Helper()
	ps, err := solver.ReadFile("../testdata/seeds.txt")
	if err != nil {
		t.Fatal(err)
	}
	es := make([]Entry, len(ps))
	for i, p := range ps {
		es[i] = Entry{Grid: p.Grid, Name: p.Name}
	}
	return es
}

func writePDF(t testing.TB, es []Entry, opt Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WritePDF(&b, es, opt); err != nil {
		t.Fatalf("WritePDF: %v", err)
	}
	return b.Bytes()
}

func TestPageCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		opt  Options
		want int
	}{
		{5, Options{}, 2},
		{5, Options{PerPage: 1}, 5},
		{5, Options{PerPage: 6, Solutions: true}, 2},
		{13, Options{PerPage: 6, Solutions: true}, 3 + 2},
		{1465, Options{PerPage: 6, Solutions: true}, 245 + 123},
		{0, Options{}, 0},
		{5, Options{PerPage: 3}, 0},
	} {
		if got := PageCount(c.n, c.opt); got != c.want {
			t.Errorf("PageCount(%d, %+v) = %d, want %d", c.n, c.opt, got, c.want)
		}
	}
}

func TestParsePaper(t *testing.T) {
	for name, want := range map[string]Paper{"a4": A4, "A4": A4, "letter": Letter, "LETTER": Letter} {
		if got, err := ParsePaper(name); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := ParsePaper("legal"); err == nil || !strings.Contains(err.Error(), "legal") {
		t.Errorf("ParsePaper(legal): %v", err)
	}
}

func TestWritePDFRefuses(t *testing.T) {
	es := seedEntries(t)
	var b bytes.Buffer
	if err := WritePDF(&b, nil, Options{}); !errors.Is(err, ErrNoPuzzles) {
		t.Errorf("no entries: %v", err)
	}
	if err := WritePDF(&b, es, Options{PerPage: 3}); err == nil || !strings.Contains(err.Error(), "3 puzzles a page") {
		t.Errorf("3 a page: %v", err)
	}
	if err := WritePDF(&b, es, Options{Paper: Paper{"A6", 297.64, 419.53}}); err == nil || !strings.Contains(err.Error(), "smaller than A5") {
		t.Errorf("an A6 page: %v", err)
	}
	const mm = 72 / 25.4
	for perPage, cell := range map[int]float64{1: 10 * mm, 2: 7 * mm, 4: 5 * mm, 6: 4.5 * mm, SolutionsPerPage: 3.4 * mm} {
		if l := layoutPage(minPaper, true, perPage); l.boards[0].side/9 < cell {
			t.Errorf("A5, %d a page: cells of %.1f mm, want %.1f", perPage, l.boards[0].side/9/mm, cell/mm)
		}
	}

	bad := append([]Entry(nil), es...)
	bad[2].Grid[1] = bad[2].Grid[3] // row 1 gets two of the same digit
	err := WritePDF(&b, bad, Options{})
	var pe *PuzzleError
	var conflict *solver.ConflictError
	if !errors.As(err, &pe) || pe.Index != 2 || pe.Name != "devil" || !errors.As(err, &conflict) {
		t.Fatalf("invalid givens: %v", err)
	}
	if want := `puzzle 3 (devil): digit 2 twice in row 1`; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want prefix %q", err, want)
	}

	withUnsolvable := append(append([]Entry(nil), es...), Entry{Grid: solver.MustParse(unsolvable)})
	err = WritePDF(&b, withUnsolvable, Options{Solutions: true})
	if !errors.As(err, &pe) || pe.Index != 5 || !errors.Is(err, ErrUnsolvable) || err.Error() != "puzzle 6: has no solution" {
		t.Errorf("unsolvable with solutions: %v", err)
	}
	b.Reset()
	if err := WritePDF(&b, withUnsolvable, Options{}); err != nil || !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) {
		t.Errorf("unsolvable without solutions: %v", err)
	}

	// Check says the same before any work, one puzzle at a time.
	isConflict := func(err error) bool { return errors.As(err, &conflict) }
	isUnsolvable := func(err error) bool { return errors.Is(err, ErrUnsolvable) }
	for _, c := range []struct {
		e        Entry
		solution bool
		want     func(error) bool // nil: no error
	}{
		{es[0], true, nil},
		{bad[2], false, isConflict},
		{withUnsolvable[5], true, isUnsolvable},
		{withUnsolvable[5], false, nil},
	} {
		err := Check(c.e, c.solution)
		if c.want == nil && err != nil || c.want != nil && (!errors.As(err, &pe) || pe.Index != 0 || !c.want(err)) {
			t.Errorf("Check(%q, %v) = %v", c.e.Name, c.solution, err)
		}
	}
}

// TestDeterministic also writes concurrently, for the race detector: the
// fonts are shared between writers.
func TestDeterministic(t *testing.T) {
	es := seedEntries(t)
	opt := Options{PerPage: 2, Solutions: true, Title: "Same every time"}
	want := writePDF(t, es, opt)
	var wg sync.WaitGroup
	got := make([][]byte, 3)
	for i := range got {
		wg.Go(func() { got[i] = writePDF(t, es, opt) })
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want) {
			t.Errorf("write %d differs from the first (%d and %d bytes)", i+1, len(g), len(want))
		}
	}
}

// TestLayoutFits checks every page layout on both papers: boards and
// captions inside the frame, none overlapping, all the same size, the
// block centred across, and as large as the frame allows.
func TestLayoutFits(t *testing.T) {
	const eps = 1e-6
	for _, paper := range []Paper{A4, Letter} {
		for _, perPage := range append(append([]int(nil), PerPageChoices...), SolutionsPerPage) {
			for _, title := range []bool{false, true} {
				l := layoutPage(paper, title, perPage)
				top := margin
				if title {
					top += titleBand
				}
				if len(l.boards) != perPage {
					t.Fatalf("%s %d: %d boards", paper.Name, perPage, len(l.boards))
				}
				side := l.boards[0].side
				left, right := math.Inf(1), math.Inf(-1)
				for k, b := range l.boards {
					capTop := b.captionBaseline(l.captionSize) - l.captionSize
					if b.side != side || b.x < margin-eps || b.x+b.side > paper.Width-margin+eps ||
						capTop < top-eps || b.y+b.side > paper.Height-margin+eps {
						t.Errorf("%s %d title=%v: board %d %+v leaves the frame", paper.Name, perPage, title, k, b)
					}
					for _, o := range l.boards[:k] {
						oTop := o.captionBaseline(l.captionSize) - l.captionSize
						if b.x < o.x+o.side && o.x < b.x+b.side && capTop < o.y+o.side && oTop < b.y+b.side {
							t.Errorf("%s %d: boards %+v and %+v overlap", paper.Name, perPage, o, b)
						}
					}
					left, right = min(left, b.x), max(right, b.x+b.side)
				}
				if d := (left - margin) - (paper.Width - margin - right); math.Abs(d) > eps {
					t.Errorf("%s %d: off centre by %g pt", paper.Name, perPage, d/2)
				}
			}
		}
	}
	// The big layouts are as large as they go: one more point and they
	// would not fit across (two columns) or down.
	for _, perPage := range []int{4, 6} {
		l := layoutPage(A4, true, perPage)
		b := l.boards[len(l.boards)-1]
		if spare := A4.Width - margin - (b.x + b.side); spare > 1 && A4.Height-margin-(b.y+b.side) > 1 {
			t.Errorf("%d a page: %g pt spare across and down", perPage, spare)
		}
	}
}

func TestCaptions(t *testing.T) {
	c := makeCaption(Entry{Name: "  evil \n one ", Level: "Hard", Score: "4.5"}, 12)
	if c.number != "No. 12" || c.name != "evil one" || c.right != "Hard · score 4.5" {
		t.Errorf("caption %+v", c)
	}
	if c := makeCaption(Entry{Level: "Easy"}, 0); c.number != "" || c.name != "" || c.right != "Easy" || c.empty() {
		t.Errorf("caption without number %+v", c)
	}
	if !makeCaption(Entry{}, 0).empty() {
		t.Error("an entry without name, level or score has a caption")
	}

	bold, regular := boldFace(), regularFace()
	measureB := func(s string) float64 { return bold.width(s, 10) }
	measureR := func(s string) float64 { return regular.width(s, 10) }
	long := makeCaption(Entry{Name: strings.Repeat("a long name ", 20), Level: "Diabolical", Score: "9.9"}, 1465)
	fit := fitCaption(long, 200, measureB, measureR)
	if fit.number != long.number || fit.right != long.right || !strings.HasSuffix(fit.name, "…") || len(fit.name) < 10 {
		t.Fatalf("fitted caption %+v", fit)
	}
	if w := measureB(fit.number) + measureR(" · "+fit.name) + measureR("   "+fit.right); w > 200 {
		t.Errorf("fitted caption is %g wide, want at most 200", w)
	}
	if short := makeCaption(Entry{Name: "easy1"}, 5); fitCaption(short, 200, measureB, measureR) != short {
		t.Error("a short caption was changed")
	}
	// A seed a little too long for its caption is set a little smaller,
	// whole; a name far too long is cut at the caption's own size.
	seed := makeCaption(Entry{Name: "hard 4.2 seed 9223372036854775807", Level: "Hard"}, 1)
	whole := measureB(seed.number) + measureR(" · "+seed.name) + measureR("   "+seed.right)
	widths := func(s string, sz float64) float64 { return bold.width(s, sz) }
	widthsR := func(s string, sz float64) float64 { return regular.width(s, sz) }
	if c, sz := fitCaptionSize(seed, whole*0.9, 10, widths, widthsR); c != seed || sz >= 10 || sz < 10*5/6 {
		t.Errorf("a caption 10 %% too wide: %+v at %g", c, sz)
	}
	if c, sz := fitCaptionSize(seed, whole*1.01, 10, widths, widthsR); c != seed || sz != 10 {
		t.Errorf("a caption that fits: %+v at %g", c, sz)
	}
	if c, sz := fitCaptionSize(long, 200, 10, widths, widthsR); c != fit || sz != 10 {
		t.Errorf("a caption far too wide: %+v at %g, want %+v at 10", c, sz, fit)
	}
	// A killer's solution, its shape in the caption: the seed whole without
	// the shape, a little smaller, rather than cut ("easy 1.7 …").
	killer := caption{number: "No. 10", shape: "4×4 killer", name: "easy 1.7 seed 8281588339916936"}
	noShape := measureB(killer.number) + measureR(" · "+killer.name)
	if c, sz := fitCaptionSize(killer, noShape*0.95, 10, widths, widthsR); c.name != killer.name || c.shape != "" || sz >= 10 || sz < 10*5/6 {
		t.Errorf("a killer's caption: %+v at %g", c, sz)
	}
	// Narrower still: the seed whole, the score dropped, then the level
	// (on Letter paper "No. 9 · medium 2.6 seed 3294759586979908" lost
	// its whole seed).
	gen := caption{number: "No. 9", name: "medium 2.6 seed 3294759586979908"}
	for _, want := range []string{"medium seed 3294759586979908", "seed 3294759586979908"} {
		w := measureB(gen.number) + measureR(" · "+want)
		if c, _ := fitCaptionSize(gen, w*0.9, 10, widths, widthsR); c.name != want {
			t.Errorf("room for %q: %q", want, c.name)
		}
	}
	// A number is never cut: "seed 56024103587…" named another puzzle
	// (the window's solutions captions cut seeds so).
	for _, name := range []string{"medium 2.9 seed 5602410358758017", "hard 12.25 x", "12345678901234567890", "easy 1.7 seed 99999999999999999 givens 20"} {
		for w := 10.0; w < measureR(name); w += 2 {
			got := ellipsize(name, w, measureR)
			cut := []rune(strings.TrimSuffix(got, "…"))
			if k := len(cut); k > 0 && got != name && k < len([]rune(name)) && unicode.IsDigit(cut[k-1]) && unicode.IsDigit([]rune(name)[k]) && strings.ContainsRune(name, ' ') {
				t.Errorf("ellipsize(%q, %g) = %q: a number cut", name, w, got)
			}
			// Nor does a whole number touch the ellipsis (it read as cut),
			// or its label stay without it ("seed…").
			if k := len(cut); strings.ContainsRune(name, ' ') && strings.HasSuffix(got, "…") && k > 0 && unicode.IsDigit(cut[k-1]) || strings.HasSuffix(got, "seed…") {
				t.Errorf("ellipsize(%q, %g) = %q", name, w, got)
			}
		}
	}
	if got := ellipsize("abc", 1, measureR); got != "" {
		t.Errorf("ellipsize into 1 pt = %q", got)
	}
	// A name of 100,000 letters is cut in a few dozen measures: a letter
	// at a time, a 100-KB title took minutes.
	calls := 0
	counted := func(s string) float64 { calls++; return measureR(s) }
	huge := strings.Repeat("n", 100000)
	got := ellipsize(huge, 200, counted)
	if calls > 40 || !strings.HasSuffix(got, "…") || measureR(got) > 200 || measureR(got+"n") <= 200 && len(got) < 20 {
		t.Errorf("ellipsize of 100,000 letters: %d measures, %q", calls, got)
	}
	for _, w := range []float64{0, 3, 6, 10, 30, 55} { // the same as a letter at a time
		want := ""
		r := []rune("ab cd efgh")
		for len(r) > 0 {
			r = r[:len(r)-1]
			if t := strings.TrimRight(string(r), " ") + "…"; measureR(t) <= w {
				want = t
				break
			}
		}
		if measureR("ab cd efgh") <= w {
			want = "ab cd efgh"
		}
		if got := ellipsize("ab cd efgh", w, measureR); got != want {
			t.Errorf("ellipsize into %g pt = %q, want %q", w, got, want)
		}
	}
}

func TestFaceMetrics(t *testing.T) {
	for _, f := range []*face{boldFace(), regularFace()} {
		// The Go fonts' digits are tabular: 1139/2048 em wide.
		if w := f.width("0123456789", 2048); math.Abs(w-11390) > 1 {
			t.Errorf("%q digits are %g units wide, want 11390", f.style, w)
		}
		// Cap height 1480/2048 em: the middle 0.361 em up.
		if math.Abs(f.capMid-1480.0/2048/2) > 1e-3 {
			t.Errorf("%q capMid %g", f.style, f.capMid)
		}
		// A "1" has its ink right of its advance's middle; centring the
		// ink moves it left of where the advance would put it.
		if f.inkMidX[1] <= 1139.0/2048/2 {
			t.Errorf("%q: the 1's ink middle %g is not right of the advance middle", f.style, f.inkMidX[1])
		}
	}
}

// Choices of puzzle numbers as print --range and the window's Print take
// them: runs and lists ("5,17,42" was refused, and a teacher's few
// puzzles picked from a big file were one booklet each); a number too
// large for an int says so (it said "want puzzle numbers from 1").
func TestParseSelection(t *testing.T) {
	for _, tc := range []struct {
		in, want    string // want: String() of the choice
		first, last int
		numbers     string // Numbers(50, 6)
		err         string
	}{
		{"", "", 1, 0, "[1 2 3 4 5 6]", ""},
		{"101-200", "101-200", 101, 200, "[]", ""},
		{"9001-", "9001-", 9001, 0, "[]", ""},
		{"-50", "1-50", 1, 50, "[1 2 3 4 5 6]", ""},
		{"7", "7", 7, 7, "[7]", ""},
		{"5,17,42", "5,17,42", 5, 42, "[5 17 42]", ""},
		{" 42, 5 17;3 ", "3,5,17,42", 3, 42, "[3 5 17 42]", ""},
		{"10 - 12, 11-14, 15, 48-", "10-15,48-", 10, 0, "[10 11 12 13 14 15]", ""},
		{"45-,3,46-47", "3,45-", 3, 0, "[3 45 46 47 48 49]", ""},
		{"0-5", "", 0, 0, "", "want puzzle numbers from 1"},
		{"x", "", 0, 0, "", "want puzzle numbers from 1"},
		{"5,x", "", 0, 0, "", "want puzzle numbers from 1"},
		{"9-3", "", 0, 0, "", "9-3 ends (3) before it starts (9)"},
		{"99999999999999999999-", "", 0, 0, "", "99999999999999999999 is more puzzles than a file holds"},
	} {
		sel, err := ParseSelection(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || sel.String() != tc.want || sel.First() != tc.first || sel.Last() != tc.last || fmt.Sprint(sel.Numbers(50, 6)) != tc.numbers {
			t.Errorf("%q: %q first %d last %d numbers %v %v, want %q %d %d %s", tc.in, sel, sel.First(), sel.Last(), sel.Numbers(50, 6), err, tc.want, tc.first, tc.last, tc.numbers)
		}
		if again, _ := ParseSelection(sel.String()); again.String() != sel.String() {
			t.Errorf("%q read back as %q", sel, again)
		}
	}
	if sel, _ := ParseSelection("3,8-9"); !sel.Has(3) || sel.Has(4) || !sel.Has(9) || sel.Has(10) {
		t.Error("3,8-9: Has wrong")
	}
}
