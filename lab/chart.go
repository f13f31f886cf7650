package lab

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"example.com/sudoku/internal/filekind"
	"example.com/sudoku/solver"
)

// The charts' text is sans-serif. gonum/plot reads the default font when a
// plot is made, so it is set once, here, not per chart (two labs may draw at
// once).
func init() { plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"} }

// MaxBarBoards is the most boards drawn as grouped bars; with more, the
// chart shows each algorithm's spread of times as a box plot instead.
const MaxBarBoards = 40

// algoColors gives each algorithm a colour that stays the same across
// charts (colour-blind safe: the Okabe-Ito palette, and for seed 002's
// searches its sky blue and Paul Tol's wine and olive; they were
// drawn black, bars and legend, one like the other).
var algoColors = map[solver.Algorithm]color.Color{
	solver.DFS:        color.NRGBA{0xD5, 0x5E, 0x00, 0xFF},
	solver.MRV:        color.NRGBA{0x00, 0x72, 0xB2, 0xFF},
	solver.LCV:        color.NRGBA{0xE6, 0x9F, 0x00, 0xFF},
	solver.CP:         color.NRGBA{0x00, 0x9E, 0x73, 0xFF},
	solver.Fast:       color.NRGBA{0xCC, 0x79, 0xA7, 0xFF},
	solver.DFSSingles: color.NRGBA{0x56, 0xB4, 0xE9, 0xFF},
	solver.MRVSingles: color.NRGBA{0x88, 0x22, 0x55, 0xFF},
	solver.LCVSingles: color.NRGBA{0x99, 0x99, 0x33, 0xFF},
}

// Chart draws the report: time per board and algorithm on a log scale
// (grouped bars), or with more than MaxBarBoards boards, each algorithm's
// distribution of times (box plots). Timed-out runs are drawn at the
// timeout and marked. width and height are in pixels.
func (rep *Report) Chart(width, height int) (image.Image, error) {
	return rep.ChartIn(width, height, color.White, color.Black)
}

// ChartIn draws the chart in the given background and text colours (a
// window's theme; exports stay black on white).
func (rep *Report) ChartIn(width, height int, bg, fg color.Color) (image.Image, error) {
	p := plot.New()
	p.BackgroundColor = bg
	p.Title.TextStyle.Color = fg
	p.Legend.TextStyle.Color = fg
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Color = fg
		ax.Label.TextStyle.Color = fg
		ax.Tick.Color = fg
		ax.Tick.Label.Color = fg
	}
	p.Title.TextStyle.Font.Size = 15
	p.Title.Padding = vg.Points(8)
	p.Y.Label.Text = "time (log scale)"
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = 11

	// Times are plotted as log10(µs) above a floor a decade under the
	// fastest run, so every bar has a height and the axis reads in time.
	// A box plot (more boards than bars) leaves the runs cut off by the
	// timeout out of its boxes, and so out of the axis's range.
	boxes := len(rep.Runs) > MaxBarBoards
	minUS, maxUS := math.Inf(1), 1.0
	noneRan := true
	for _, row := range rep.Runs {
		for _, r := range row {
			if r.Result.Status == solver.Invalid {
				continue // nothing ran: no bar (it was drawn at 0.1µs)
			}
			noneRan = false
			if boxes && r.TimedOut() {
				continue
			}
			us := max(float64(r.Result.Duration.Nanoseconds())/1e3, 0.1)
			minUS, maxUS = min(minUS, us), max(maxUS, us)
		}
	}
	if math.IsInf(minUS, 1) {
		minUS = 1
	}
	floor := math.Floor(math.Log10(minUS))
	height10 := func(d time.Duration) float64 {
		return math.Log10(max(float64(d.Nanoseconds())/1e3, 0.1)) - floor
	}
	top := math.Ceil(math.Log10(maxUS)) - floor
	var ticks []plot.Tick
	for k := 0.0; k <= top; k++ {
		ticks = append(ticks, plot.Tick{Value: k, Label: decade(floor + k)})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	// Room above the tallest bar for the legend, one line an algorithm:
	// the share of the plot's height it takes (about 16 points a line of
	// a plot some 80 % of the image high), in decades.
	legend := min(0.6, float64(len(rep.Algorithms)*16+12)/(0.8*float64(height)))
	p.Y.Min, p.Y.Max = 0, top+max(0.7, top*legend/(1-legend))
	if boxes {
		// No legend: the boxes are named under them. The room kept for
		// one left the axis a third of a short chart's height (the
		// window's Lab: 1 µs to 10 s in 90 pixels, the top half empty).
		p.Y.Max = top + 0.3
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = mix(bg, fg, 0.2), mix(bg, fg, 0.2)
	p.Add(grid)

	nb := len(rep.Runs)
	if nb <= MaxBarBoards {
		p.Title.Text = "Solving time per board"
		names := make([]string, nb)
		for b := range names {
			names[b] = shorten(rep.Boards[rep.Runs[b][0].Board].Name, 18)
			names[b] += boardNote(rep.Runs[b])
		}
		barW := vg.Points(min(float64(width)*0.6/float64(max(nb, 1)*len(rep.Algorithms)), 18))
		anyTimeout := false
		for a, al := range rep.Algorithms {
			// A timed-out run is drawn at the timeout, pale, in a bar
			// chart of its own at the same place: one chart for all of
			// them drew an outlined bar of no height at every other board
			// (a sliver under an invalid board, which has no bar).
			done := make(plotter.Values, nb)
			off := barW * vg.Length(float64(a)-float64(len(rep.Algorithms)-1)/2)
			for b := range done {
				r := rep.Runs[b][a]
				switch {
				case r.Result.Status == solver.Invalid:
				case r.TimedOut():
					cut, err := plotter.NewBarChart(plotter.Values{height10(r.Result.Duration)}, barW)
					if err != nil {
						return nil, err
					}
					cut.Color, cut.Offset, cut.XMin = pale(algoColors[al]), off, float64(b)
					cut.LineStyle.Color, cut.LineStyle.Width = algoColors[al], vg.Points(1)
					cut.LineStyle.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
					p.Add(cut)
					anyTimeout = true
				default:
					done[b] = height10(r.Result.Duration)
				}
			}
			bars, err := plotter.NewBarChart(done, barW)
			if err != nil {
				return nil, err
			}
			bars.Color, bars.LineStyle.Width, bars.Offset = algoColors[al], 0, off
			p.Add(bars)
			p.Legend.Add(string(al), bars)
		}
		p.NominalX(names...)
		// Half a slot of room either side, so the outer groups of bars
		// (and their labels) are not cut at the edges.
		p.X.Min, p.X.Max = -0.5, float64(nb)-0.5
		if nb > 6 {
			p.X.Tick.Label.Rotation = math.Pi / 5
			p.X.Tick.Label.XAlign = draw.XRight
			p.X.Tick.Label.YAlign = draw.YCenter
		}
		if anyTimeout {
			key, err := plotter.NewBarChart(plotter.Values{0}, barW)
			if err != nil {
				return nil, err
			}
			key.Color = color.NRGBA{0xEE, 0xEE, 0xEE, 0xFF}
			key.LineStyle.Color = color.NRGBA{0x66, 0x66, 0x66, 0xFF}
			key.LineStyle.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
			p.Legend.Add("stopped at the "+rep.Timeout.String()+" timeout", key)
		}
		if float64(width) >= 2.5*float64(height) {
			// A wide, short chart (the window's Lab) keeps its legend in
			// room on the right, not above the bars: there it took a
			// third of the height, and the bars were squat.
			longest := 0
			for _, al := range rep.Algorithms {
				longest = max(longest, len(al))
			}
			if anyTimeout {
				longest = max(longest, len("stopped at the "+rep.Timeout.String()+" timeout"))
			}
			frac := min(0.4, (float64(longest)*6.5+36)/(0.9*float64(width)))
			p.X.Max += float64(nb) * frac / (1 - frac)
			p.Y.Max = top + 0.7
		}
	} else {
		// The boards that break the rules ran nothing: no point of theirs
		// (they were 0µs outliers under every box, and counted).
		var valid []int
		for b := range rep.Runs {
			if rep.Runs[b][0].Result.Status != solver.Invalid {
				valid = append(valid, b)
			}
		}
		p.Title.Text = fmt.Sprintf("Solving times over %s boards", Thousands(int64(len(valid))))
		if invalid := nb - len(valid); invalid > 0 {
			p.Title.Text += fmt.Sprintf(" (%s invalid, not run)", Thousands(int64(invalid)))
		}
		names := make([]string, len(rep.Algorithms))
		for a, al := range rep.Algorithms {
			// The runs that finished: a timed-out run's time is only a
			// floor, and the box and its median are of the finished
			// runs, as the table's median is (the box's median sat at
			// 8 ms where the table said 6.61 ms, and a floor above the
			// time limit was drawn as an outlier). Those cut off are
			// counted under the name.
			var vals plotter.Values
			timedOut := 0
			for _, b := range valid {
				if rep.Runs[b][a].TimedOut() {
					timedOut++
					continue
				}
				vals = append(vals, height10(rep.Runs[b][a].Result.Duration))
			}
			if len(vals) > 0 {
				box, err := plotter.NewBoxPlot(vg.Points(40), float64(a), vals)
				if err != nil {
					return nil, err
				}
				box.FillColor = algoColors[al]
				p.Add(box)
			}
			names[a] = string(al)
			if timedOut > 0 {
				names[a] += fmt.Sprintf("\n%d timed out", timedOut)
			}
		}
		p.NominalX(names...)
		p.X.Min, p.X.Max = -0.6, float64(len(rep.Algorithms))-0.4
	}

	if noneRan && len(rep.Runs) > 0 {
		// Every board breaks the rules: said, not an empty chart titled
		// as times.
		p.Title.Text = "No board was run: every one breaks the rules"
	}
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(width)*vg.Inch/96, vg.Length(height)*vg.Inch/96), vgimg.UseDPI(96), vgimg.UseBackgroundColor(bg))
	// A margin all round: the title and legend do not touch the edges.
	m := vg.Points(6)
	p.Draw(draw.Crop(draw.New(c), m, -m, m, -m))
	return c.Image(), nil
}

// boardNote is what a board's bars do not say: that it has no solution
// (they looked like solves), or breaks the rules and none ran.
func boardNote(runs []Run) string {
	for _, r := range runs {
		switch r.Result.Status {
		case solver.Unsolvable:
			return " (no solution)"
		case solver.Invalid:
			return " (invalid)"
		}
	}
	return ""
}

// mix is a, with the fraction f of b.
func mix(a, b color.Color, f float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	m := func(x, y uint32) uint8 { return uint8((float64(x)*(1-f) + float64(y)*f) / 257) }
	return color.NRGBA{m(ar, br), m(ag, bg), m(ab, bb), 0xFF}
}

// pale mixes c with three parts of white.
func pale(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{uint8((r>>8 + 3*0xFF) / 4), uint8((g>>8 + 3*0xFF) / 4), uint8((b>>8 + 3*0xFF) / 4), 0xFF}
}

// WriteChartPNG draws the chart and writes it as PNG.
func (rep *Report) WriteChartPNG(w io.Writer, width, height int) error {
	img, err := rep.Chart(width, height)
	if err != nil {
		return err
	}
	// Marked as a chart of ours: a chart replaces only such a PNG (a
	// photo named chart.png was replaced).
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	_, err = w.Write(filekind.WithPNGText(b.Bytes(), "Software", filekind.MarkChart))
	return err
}

// decade names 10^e microseconds: "1µs", "10µs", "100µs", "1ms" …
func decade(e float64) string {
	d := time.Duration(math.Pow(10, e) * float64(time.Microsecond))
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%gµs", math.Pow(10, e))
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%gs", d.Seconds())
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Thousands writes n with commas between groups of three digits, as the
// window and the charts write counts: 10,000.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
