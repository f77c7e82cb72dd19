package render

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// demoDir is the example campaign of sbreport demo: real sysbench 1.0.20
// runs of three MariaDB engines, 4 workloads × 5 thread counts × 3 repeats.
const demoDir = "../examples/demo-campaign"

type demoData struct {
	doc  *parse.Document
	an   *analyze.Analysis
	figs map[string]*Figure
}

var (
	demoOnce sync.Once
	demo     demoData
)

// demoFigures draws every chart of the demo campaign once per test binary.
func demoFigures(t *testing.T) demoData {
	t.Helper()
	demoOnce.Do(func() {
		doc := load(t, demoDir)
		an := analyzeDoc(t, doc)
		v := newView(doc, an, Options{})
		figs := map[string]*Figure{}
		for _, p := range planCharts(doc, an, v, NewPalette(v.Systems)) {
			f := p.build()
			figs[f.Name] = f
		}
		demo = demoData{doc, an, figs}
	})
	if demo.figs == nil {
		t.Fatal("demo campaign not loaded")
	}
	return demo
}

func labels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

func TestNiceTicks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		min, max float64
		want     string
	}{
		// The y axes of the demo's bars before this change had two labels.
		{"tps to 2,700 (oltp_read_only bars)", 0, 2700, "0 500 1,000 1,500 2,000 2,500"},
		{"tps to 21,000", 0, 21000, "0 5,000 10,000 15,000 20,000"},
		{"tps to 84,000 with 2.5 steps kept whole", 0, 84000, "0 25,000 50,000 75,000"},
		{"p95 ms to 0.66 at one precision", 0, 0.66, "0.0 0.2 0.4 0.6"},
		{"p95 ms to 4.9", 0, 4.9, "0 1 2 3 4"},
		{"seconds to 10, no 2.5 steps", 0, 10, "0 2 4 6 8 10"},
		{"seconds to 30", 0, 30, "0 10 20 30"},
		{"share of events to 14%", 0, 14, "0 2 4 6 8 10 12 14"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(labels(niceTicks{}.Ticks(tc.min, tc.max)), " ")
			if got != tc.want {
				t.Errorf("labels %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNiceMax(t *testing.T) {
	for _, tc := range []struct{ v, want float64 }{
		{18700, 20000}, // next label within 15%
		{4.5, 5},
		{80500, 80500 * 1.08}, // 100,000 would leave a fifth empty
		{0, 1},
	} {
		if got := niceMax(tc.v); math.Abs(got-tc.want) > 1e-9*tc.want {
			t.Errorf("niceMax(%g) = %g, want %g", tc.v, got, tc.want)
		}
	}
}

func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		min, max float64
		want     string
	}{
		// oltp_point_select at 16 threads: data from 0.022 ms, where the
		// 1-2-5 labels began at 0.05.
		{"point_select 16 threads", 0.0205, 5.6, "0.03 0.05 0.1 0.2 0.5 1 2 5"},
		{"point_select 2 threads", 0.0232, 0.174, "0.03 0.05 0.07 0.1"},
		{"read_only 1 thread", 0.69, 4.6, "0.7 1 2 3"},
		{"three decades", 0.1, 120, "0.1 0.2 0.5 1 2 5 10 20 50 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(labels(logTicks{}.Ticks(tc.min, tc.max)), " ")
			if got != tc.want {
				t.Errorf("labels %q, want %q", got, tc.want)
			}
		})
	}
}

// TestWhiskerClipped draws an interval whose lower end is below the data
// area (a throughput interval reaching below zero) and one inside it: the
// first stops at the area's edge without a cap, the second has both caps.
func TestWhiskerClipped(t *testing.T) {
	rec := &recorder.Canvas{}
	c := draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Min: vg.Point{X: 50, Y: 40}, Max: vg.Point{X: 550, Y: 360}}}
	sty := draw.LineStyle{Color: textColor, Width: 1}
	drawWhisker(c, sty, 100, 5, -30, 200)
	var strokes []vg.Path
	for _, a := range rec.Actions {
		if s, ok := a.(*recorder.Stroke); ok {
			strokes = append(strokes, s.Path)
		}
	}
	if len(strokes) != 2 {
		t.Fatalf("clipped whisker: %d strokes, want 2 (the line and the upper cap)", len(strokes))
	}
	for _, p := range strokes {
		for _, comp := range p {
			if comp.Pos.Y < c.Min.Y || comp.Pos.Y > c.Max.Y {
				t.Errorf("whisker drawn at y=%v, outside the data area %v–%v", comp.Pos.Y, c.Min.Y, c.Max.Y)
			}
		}
	}
	rec.Reset()
	drawWhisker(c, sty, 100, 5, 60, 200)
	n := 0
	for _, a := range rec.Actions {
		if _, ok := a.(*recorder.Stroke); ok {
			n++
		}
	}
	if n != 3 {
		t.Errorf("whisker inside the area: %d strokes, want 3", n)
	}
}

// TestDemoAxes checks every chart of the demo: at least four labels on
// each linear axis, and a value axis that holds all its data.
func TestDemoAxes(t *testing.T) {
	d := demoFigures(t)
	if len(d.figs) != 56 {
		t.Errorf("%d charts, want 56 (4 workloads × (bars, scaling, p95, latency-throughput) + 20 timelines + 20 histograms)", len(d.figs))
	}
	for name, f := range d.figs {
		for _, ax := range []struct {
			name string
			a    *plot.Axis
		}{{"y", &f.Plot.Y}, {"x", &f.Plot.X}} {
			if _, ok := ax.a.Tick.Marker.(plot.ConstantTicks); ok {
				continue // thread counts or groups, one label each
			}
			n := len(labels(ax.a.Tick.Marker.Ticks(ax.a.Min, ax.a.Max)))
			if n < minTickLabels {
				t.Errorf("%s: %s axis has %d labels, want at least %d", name, ax.name, n, minTickLabels)
			}
		}
	}
}

// TestPoorFitsFaded checks the scaling charts of the demo against the
// fits: a fit with R² below the report's threshold gets a legend entry
// giving its R², unless it is not drawn at all because it rises above
// every measured point (aria on oltp_read_only, R² 0.708), and no peak is
// marked unless a good fit has one.
func TestPoorFitsFaded(t *testing.T) {
	d := demoFigures(t)
	rp := analyze.NewReport(d.doc, d.an)
	poorSeen, hiddenSeen := 0, 0
	for _, c := range d.an.Scaling.Curves {
		var threads, ys []float64
		for _, p := range c.Points {
			threads, ys = append(threads, float64(p.Threads)), append(ys, p.Throughput.Center)
		}
		hidden := humpAbove(rp, c.Workload, c.System, threads, ys, analyze.Model{Lambda: *c.Lambda, Sigma: *c.Sigma, Kappa: *c.Kappa})
		f := d.figs["scaling-"+safeName(c.Workload)]
		if f == nil {
			t.Fatalf("no scaling chart for %s", c.Workload)
		}
		var legend []string
		for _, e := range f.Legend {
			legend = append(legend, e.Label)
		}
		all := strings.Join(legend, "|")
		entry := c.System + ": poor fit\n(R² " + FormatFixed(*c.R2, 2) + " < 0.8)"
		poor := *c.R2 < poorFitR2
		if hidden {
			hiddenSeen++
			if c.System == "aria" && c.Workload == "oltp_read_only" && !poor {
				t.Errorf("aria on oltp_read_only: R² %.3f, want a poor fit", *c.R2)
			}
			poor = false
		}
		if poor != strings.Contains(all, entry) {
			t.Errorf("%s on %s (R² %.3f): legend %q, poor-fit entry expected: %v", c.System, c.Workload, *c.R2, legend, poor)
		}
		if poor {
			poorSeen++
		}
	}
	if poorSeen == 0 || hiddenSeen == 0 {
		t.Fatalf("%d poor fits drawn, %d fits not drawn in the demo: the test checks too little", poorSeen, hiddenSeen)
	}
	// oltp_point_select: every engine's fit is poor in these runs, so
	// there is neither a "USL fit" nor a "USL peak" entry.
	for _, e := range d.figs["scaling-oltp_point_select"].Legend {
		if e.Label == "USL peak" || e.Label == "USL fit" {
			t.Errorf("scaling-oltp_point_select: legend has %q though every fit is poor", e.Label)
		}
	}
	// oltp_insert and oltp_read_write: good fits, but no peak passes its
	// guard (aria's oltp_insert peak near 12 threads has an interval of
	// 4 to 20 threads, past the measured 16; the read-write curves are
	// flat within their intervals), so none is marked.
	for _, w := range []string{"scaling-oltp_insert", "scaling-oltp_read_write"} {
		for _, e := range d.figs[w].Legend {
			if e.Label == "USL peak" {
				t.Errorf("%s: a peak is marked that its guard does not allow", w)
			}
		}
	}
}

// TestP95Spread checks the whiskers of the p95 charts against the p95
// the runs printed.
func TestP95Spread(t *testing.T) {
	d := demoFigures(t)
	n := 0
	for _, c := range d.an.Dataset.Cells {
		lo, hi, k := p95Range(c)
		var ps []float64
		for _, r := range c.Runs {
			if v, ok := r.Latency.Percentiles["95"]; ok {
				ps = append(ps, v)
			}
		}
		sort.Float64s(ps)
		if k != len(ps) || len(ps) < 2 {
			t.Fatalf("%v: %d p95 values, range over %d", c.Key, len(ps), k)
		}
		if lo != ps[0] || hi != ps[len(ps)-1] {
			t.Errorf("%v: range %g–%g, want %g–%g", c.Key, lo, hi, ps[0], ps[len(ps)-1])
		}
		n++
	}
	if n != 60 {
		t.Errorf("%d cells, want 60", n)
	}
	// demo-campaign/innodb/oltp_read_write/16thr-r{1,2,3}.txt printed
	// 95th percentiles of 18.95, 19.29 and 17.63 ms.
	lo, hi, _ := p95Range(cellOf(t, d, "innodb", "oltp_read_write", 16))
	if lo != 17.63 || hi != 19.29 {
		t.Errorf("innodb oltp_read_write 16 threads: p95 range %g–%g, want 17.63–19.29", lo, hi)
	}
}

func cellOf(t *testing.T, d demoData, sys, w string, threads int) *analyze.Cell {
	t.Helper()
	for _, c := range d.an.Dataset.Cells {
		if c.System == sys && c.Workload == w && c.Threads == threads {
			return c
		}
	}
	t.Fatalf("no cell %s/%s/%d", sys, w, threads)
	return nil
}

// TestLatencyThroughputLabels draws the latency-against-throughput chart
// and reads back the thread counts written beside the points: each
// system's in increasing order.
func TestLatencyThroughputLabels(t *testing.T) {
	d := demoFigures(t)
	rec := &recorder.Canvas{}
	d.figs["latency-throughput-oltp_read_only"].Draw(draw.NewCanvas(rec, ChartWidth, ChartHeight))
	var got []string
	for _, a := range rec.Actions {
		if s, ok := a.(*recorder.FillString); ok && s.Size == vg.Points(9) {
			got = append(got, s.String)
		}
	}
	want := strings.Repeat("1 2 4 8 16 ", 3)
	if strings.Join(got, " ")+" " != want {
		t.Errorf("point labels %q, want %q", got, want)
	}
}

// TestTimelineSpread checks the median and band of a timeline against
// the per-second values of the runs.
func TestTimelineSpread(t *testing.T) {
	d := demoFigures(t)
	c := cellOf(t, d, "rocksdb", "oltp_point_select", 2)
	var ts []Trace
	for _, r := range c.Runs {
		tr := Trace{System: c.System}
		for _, iv := range r.Intervals {
			tr.T, tr.Y = append(tr.T, iv.T), append(tr.Y, iv.TPS)
		}
		ts = append(ts, tr)
	}
	ss := spreads(ts)
	if len(ss) != 1 || ss[0].Runs != 3 {
		t.Fatalf("spreads: %+v", ss)
	}
	s := ss[0]
	// The first second of rocksdb/oltp_point_select/2thr-r{1,2,3}.txt,
	// a warm-up the band shows: "[ 1s ] thds: 2 tps: 51580.10",
	// "19839.34" and "44219.23".
	if s.T[0] != 1 || s.Lo[0] != 19839.34 || s.Median[0] != 44219.23 || s.Hi[0] != 51580.10 {
		t.Errorf("at %gs: %g < %g < %g, want 19839.34 < 44219.23 < 51580.10", s.T[0], s.Lo[0], s.Median[0], s.Hi[0])
	}
	f := d.figs["timeline-oltp_point_select-2thr"]
	if f == nil || !strings.Contains(f.Legend[1].Label, "rocksdb (3 runs)") {
		t.Errorf("timeline legend: %+v", f.Legend)
	}
}

// TestHistogramFitted checks that the latency axis of every histogram
// leaves out at most HistogramTail of a system's events at each end, and
// that a long tail no longer sets the axis.
func TestHistogramFitted(t *testing.T) {
	d := demoFigures(t)
	trimmed := 0
	for _, c := range d.an.Dataset.Cells {
		f := d.figs["histogram-"+safeName(c.Workload)+"-"+strings.TrimSuffix(threadsLabel(c.Threads), " threads")+"thr"]
		if c.Threads == 1 {
			f = d.figs["histogram-"+safeName(c.Workload)+"-1thr"]
		}
		if f == nil {
			t.Fatalf("no histogram for %v", c.Key)
		}
		var total, below, above int64
		maxMs := 0.0
		for _, r := range c.Runs {
			for _, b := range r.Histogram {
				total += b.Count
				if b.ValueMs < f.Plot.X.Min {
					below += b.Count
				}
				if b.ValueMs > f.Plot.X.Max {
					above += b.Count
				}
				maxMs = math.Max(maxMs, b.ValueMs)
			}
		}
		for _, out := range []int64{below, above} {
			if float64(out) > HistogramTail*float64(total)+1 {
				t.Errorf("%v: %d of %d events outside the axis %g–%g ms", c.Key, out, total, f.Plot.X.Min, f.Plot.X.Max)
			}
		}
		if maxMs > 2*f.Plot.X.Max {
			trimmed++
		}
	}
	if trimmed == 0 {
		t.Error("no histogram has a tail beyond twice its axis: the fitting is not tested")
	}
}

// TestSVGText checks that SVG text names fallback fonts and carries its
// Liberation Sans width, and that the caption is not in the image.
func TestSVGText(t *testing.T) {
	d := demoFigures(t)
	f := d.figs["bars-oltp_insert"]
	var buf bytes.Buffer
	if err := f.WriteTo(&buf, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	texts := regexp.MustCompile(`<text [^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1)
	if len(texts) < 10 {
		t.Fatalf("%d text elements", len(texts))
	}
	for _, m := range texts {
		if m[1] != "" && !strings.Contains(m[0], `lengthAdjust="spacingAndGlyphs"`) {
			t.Errorf("text %q has no textLength", m[1])
		}
		if !strings.Contains(m[0], "font-family:"+SVGFontFamily+";") {
			t.Errorf("text %q does not name the fallback fonts", m[1])
		}
	}
	want := `textLength="` + strings.TrimRight(strings.TrimRight(FormatFixed(legendText.Width("innodb").Points(), 2), "0"), ".") + `"`
	if !regexp.MustCompile(want + `[^>]*>innodb<`).MatchString(svg) {
		t.Errorf("legend text innodb lacks %s", want)
	}
	if f.Caption == "" || strings.Contains(svg, "whiskers") {
		t.Errorf("caption %q: want it set and kept out of the image", f.Caption)
	}
}

// TestHiDPI checks that every PNG of a report has a twin at twice its
// size.
func TestHiDPI(t *testing.T) {
	s := reportOf(t, "testdata/sweep")
	n := 0
	for _, name := range s.names() {
		if !strings.HasSuffix(name, ".png") || strings.HasSuffix(name, HiDPISuffix+".png") {
			continue
		}
		hi := s[strings.TrimSuffix(name, ".png")+HiDPISuffix+".png"]
		if hi == nil {
			t.Errorf("%s has no %s twin", name, HiDPISuffix)
			continue
		}
		lo, err := png.DecodeConfig(bytes.NewReader(s[name].Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		hc, err := png.DecodeConfig(bytes.NewReader(hi.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if lo.Width != 800 || lo.Height != 500 || hc.Width != 1600 || hc.Height != 1000 {
			t.Errorf("%s: %d×%d and %d×%d, want 800×500 and 1600×1000", name, lo.Width, lo.Height, hc.Width, hc.Height)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no PNG in the report")
	}
}

// TestPaletteSecondRound checks that the eighth system gets a lighter,
// opaque blue, the same in charts and in the workbook.
func TestPaletteSecondRound(t *testing.T) {
	p := NewPalette([]string{"a", "b", "c", "d", "e", "f", "g", "h"})
	if got := p.Hex("a"); got != "0072B2" {
		t.Errorf("first system %s, want 0072B2", got)
	}
	// 0x00 + 0.45·0xFF = 0x73, 0x72 + 0.45·0x8D = 0xB1, 0xB2 + 0.45·0x4D = 0xD5
	if got := p.Hex("h"); got != "73B1D5" {
		t.Errorf("eighth system %s, want 73B1D5", got)
	}
	if _, _, _, a := p.Color("h").RGBA(); a != 0xFFFF {
		t.Errorf("eighth system alpha %#x, want opaque", a)
	}
}

// TestWritePNG encodes a chart of the demo with writePNG and decodes it
// with image/png: every pixel comes back.
func TestWritePNG(t *testing.T) {
	d := demoFigures(t)
	img := d.figs["scaling-oltp_insert"].Image(HiDPI)
	var buf bytes.Buffer
	if err := writePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Bounds() != img.Bounds() {
		t.Fatalf("bounds %v, want %v", back.Bounds(), img.Bounds())
	}
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			r, g, b, a := back.At(x, y).RGBA()
			w := img.RGBAAt(x, y)
			if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(b>>8) != w.B || a != 0xFFFF {
				t.Fatalf("pixel %d,%d: %d %d %d %d, want %v", x, y, r>>8, g>>8, b>>8, a>>8, w)
			}
		}
	}
}

// The thread labels of the demo's latency-vs-throughput charts overlap
// no other label and no point's marker, even where three systems'
// single-thread points lie a few pixels apart (oltp_point_select), and
// they stay inside the data area.
func TestThreadLabelsApart(t *testing.T) {
	d := demoFigures(t)
	defer func() { labelsPlaced = nil }()
	for _, w := range []string{"oltp_insert", "oltp_point_select", "oltp_read_only", "oltp_read_write"} {
		f := d.figs["latency-throughput-"+w]
		if f == nil {
			t.Fatalf("no latency-throughput chart for %s", w)
		}
		var labels, markers []vg.Rectangle
		labelsPlaced = func(l, m []vg.Rectangle) { labels, markers = l, m }
		f.Image(1)
		if len(labels) != 15 {
			t.Fatalf("%s: %d thread labels, want 15 (3 engines × 5 thread counts)", w, len(labels))
		}
		for i, a := range labels {
			for j, b := range labels[:i] {
				if overlaps(a, b) {
					t.Errorf("%s: labels %d and %d overlap: %v, %v", w, j, i, b, a)
				}
			}
			for j, m := range markers {
				if overlaps(a, m) {
					t.Errorf("%s: label %d covers the marker of point %d", w, i, j)
				}
			}
		}
	}
}

// Legends keep to a narrow column: at most a fifth of the chart's width
// on every chart of the demo (the poor-fit entries of oltp_point_select's
// scaling chart took 24%), and no legend line ends inside a phrase (the
// timeline's "median of the / runs at each second").
func TestLegendsNarrow(t *testing.T) {
	d := demoFigures(t)
	for name, f := range d.figs {
		if len(f.Legend) == 0 {
			continue
		}
		if frac := float64(legendWidth(f.Legend)+2*vg.Points(8)) / float64(ChartWidth); frac > 0.21 {
			t.Errorf("%s: the legend takes %.1f%% of the width", name, 100*frac)
		}
		for _, e := range f.Legend {
			for _, l := range strings.Split(e.Label, "\n") {
				words := strings.Fields(l)
				switch last := words[len(words)-1]; last {
				case "the", "of", "to", "at", "a", "an", "and", "each":
					t.Errorf("%s: legend line %q ends inside a phrase", name, l)
				}
			}
		}
	}
}

// TestRelativeChartLog checks the demo's relative chart: ratios on a log
// axis centred on 1×, so that the demo's lowest ratio (rocksdb on
// oltp_read_write, 0.44×) lies as far below 1× as its reciprocal would
// above, with 1× labelled and the thread count in the title.
func TestRelativeChartLog(t *testing.T) {
	d := demoFigures(t)
	v := newView(d.doc, d.an, Options{})
	plans := planRelative(v, NewPalette(v.Systems))
	if len(plans) != 1 {
		t.Fatalf("%d relative charts, want 1", len(plans))
	}
	f := plans[0].build()
	if want := "tps relative to innodb at 16 threads"; f.Title != want || v.RelativeChart.Title != want {
		t.Errorf("title %q (link %q), want %q", f.Title, v.RelativeChart.Title, want)
	}
	y := &f.Plot.Y
	if _, ok := y.Scale.(plot.LogScale); !ok {
		t.Fatalf("y scale %T, want plot.LogScale", y.Scale)
	}
	if math.Abs(y.Min*y.Max-1) > 1e-9 {
		t.Errorf("y axis %g..%g is not centred on 1×", y.Min, y.Max)
	}
	lowest := math.Inf(1)
	for _, h := range v.Report.Headline {
		for _, r := range h.Ratios {
			if r != nil && r.Ratio != nil {
				lowest = math.Min(lowest, *r.Ratio)
			}
		}
	}
	if lowest > 0.45 || lowest < 0.43 {
		t.Fatalf("lowest demo ratio %.3f, want rocksdb's 0.44 on oltp_read_write", lowest)
	}
	norm := func(v float64) float64 { return y.Scale.Normalize(y.Min, y.Max, v) }
	below, above := norm(1)-norm(lowest), norm(1/lowest)-norm(1)
	if below <= 0 || math.Abs(below-above) > 1e-9 {
		t.Errorf("%.2f× lies %.4f below 1×, its reciprocal %.4f above: want equal", lowest, below, above)
	}
	// On the linear axis this replaces, 0.44× sat 0.56 below 1 and 2.27×
	// 1.27 above; the 0.29× and 3.4× now lie within 2% of each
	// other's distance.
	if a, b := norm(1)-norm(0.29), norm(3.4)-norm(1); math.Abs(a-b)/b > 0.02 {
		t.Errorf("0.29× at %.4f from 1×, 3.4× at %.4f", a, b)
	}
	var one bool
	for _, tk := range y.Tick.Marker.Ticks(y.Min, y.Max) {
		one = one || tk.Value == 1 && tk.Label == "1×"
	}
	if !one {
		t.Error("no tick labelled 1×")
	}
}

// BenchmarkWritePNG: one demo chart at HiDPI (1600×1000) encoded as the
// report writes it.
func BenchmarkWritePNG(b *testing.B) {
	doc := load(b, demoDir)
	an := analyzeDoc(b, doc)
	v := newView(doc, an, Options{})
	plans := planCharts(doc, an, v, NewPalette(v.Systems))
	if len(plans) == 0 {
		b.Fatal("no demo chart")
	}
	img := plans[0].build().Image(HiDPI)
	b.ResetTimer()
	for b.Loop() {
		if err := writePNG(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}

// TestImageOnReused: a chart drawn on the images of the chart before
// (as writeChart does) has the pixels of one drawn on vgimg's own
// canvas, at HiDPI and halved, for every chart of the demo.
func TestImageOnReused(t *testing.T) {
	d := demoFigures(t)
	names := make([]string, 0, len(d.figs))
	for n := range d.figs {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) < 20 {
		t.Fatalf("%d demo charts", len(names))
	}
	var big, small *image.RGBA
	for _, n := range names {
		f := d.figs[n]
		// The canvas as vgimg makes it for a chart of this size.
		c := vgimg.NewWith(vgimg.UseWH(ChartWidth, ChartHeight), vgimg.UseDPI(vgimg.DefaultDPI*HiDPI))
		f.draw(draw.New(c), false)
		want := c.Image().(*image.RGBA)
		if fresh := f.Image(HiDPI); !bytes.Equal(fresh.Pix, want.Pix) {
			t.Fatalf("%s: Image differs from vgimg's canvas", n)
		}
		big = f.imageOn(big, HiDPI)
		if big.Rect != want.Rect || !bytes.Equal(big.Pix, want.Pix) {
			t.Fatalf("%s: drawn on the image of the chart before, differs from a new image", n)
		}
		small = halveInto(small, big)
		if h := halve(want); small.Rect != h.Rect || !bytes.Equal(small.Pix, h.Pix) {
			t.Fatalf("%s: halved into the image of the chart before, differs", n)
		}
	}
}
