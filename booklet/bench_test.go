package booklet

import (
	"bytes"
	"io"
	"os"
	"testing"

	"example.com/sudoku/solver"
)

// magictour is the shared set of 1,465 hard puzzles; benchmarks that use
// it skip when the shared data is not beside the repository.
const magictour = "../../shared/data/puzzles/puzzles3_magictour_top1465.txt"

// BenchmarkBooklet1465 prints the whole magictour set six a page with
// solutions (368 pages), solving included: the target is under 2
// s and a mailable file. Run it on one core: taskset -c 1 go test
// -run '^$' -bench Booklet1465 ./booklet
func BenchmarkBooklet1465(b *testing.B) {
	if _, err := os.Stat(magictour); err != nil {
		b.Skipf("shared data not found: %v", err)
	}
	ps, err := solver.ReadFile(magictour)
	if err != nil {
		b.Fatal(err)
	}
	es := make([]Entry, len(ps))
	for i, p := range ps {
		es[i] = Entry{Grid: p.Grid}
	}
	opt := Options{PerPage: 6, Solutions: true, Title: "Magictour top 1465"}
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := WritePDF(&out, es, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len()), "pdf-bytes")
	b.ReportMetric(float64(PageCount(len(es), opt)), "pages")
}

// BenchmarkBookletSeeds is the cost of a small booklet: five puzzles and
// their solutions on two pages, mostly the fonts' parsing and subsetting.
func BenchmarkBookletSeeds(b *testing.B) {
	es := seedEntries(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePDF(io.Discard, es, Options{PerPage: 6, Solutions: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNG(b *testing.B) {
	e := seedEntries(b)[0]
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePNG(io.Discard, e, ImageOptions{Solution: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	e := seedEntries(b)[0]
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteSVG(io.Discard, e, ImageOptions{Solution: true}); err != nil {
			b.Fatal(err)
		}
	}
}
