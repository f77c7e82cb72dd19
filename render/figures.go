package render

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// A Bar is one bar of a grouped bar chart: the centre of a system's
// measurements in one group, with its interval (Lo, Hi NaN when there is
// none).
type Bar struct {
	Group         int // index into the chart's groups
	System        string
	Value, Lo, Hi float64
}

// BarChart draws one bar per system in each group, with interval whiskers.
// The value axis starts at zero.
func BarChart(name, title, ylabel, caption string, groups []string, pal *Palette, bs []Bar) *Figure {
	return barChart(name, title, ylabel, caption, groups, pal, bs, 0)
}

// barChart draws bars from the value from (0, or 1 for ratios).
func barChart(name, title, ylabel, caption string, groups []string, pal *Palette, bs []Bar, from float64) *Figure {
	p := newPlot(title, "", ylabel)
	systems := map[string]bool{}
	for _, b := range bs {
		systems[b.System] = true
	}
	var order []string
	for _, s := range pal.Systems() {
		if systems[s] {
			order = append(order, s)
		}
	}
	slot := map[string]int{}
	for i, s := range order {
		slot[s] = i
	}
	set := make(barSet, 0, len(bs))
	for _, b := range bs {
		if !finite(b.Value) {
			continue
		}
		set = append(set, bars{group: b.Group, slot: slot[b.System], slots: len(order),
			v: b.Value, lo: b.Lo, hi: b.Hi, from: from, color: pal.Color(b.System)})
	}
	p.Add(set)
	p.NominalX(groups...)
	p.X.Min, p.X.Max = -0.5, float64(len(groups))-0.5
	p.Y.Min = 0
	p.Y.Max = niceMax(p.Y.Max)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	for _, s := range order {
		f.Legend = append(f.Legend, LegendEntry{Label: s, Thumbs: []plot.Thumbnailer{swatch{pal.Color(s)}}})
	}
	return f
}

// A Series is one system's curve against threads: measured points, their
// intervals, and optionally a fitted curve and its peak.
type Series struct {
	System string
	X, Y   []float64 // threads, value; same length
	Lo, Hi []float64 // optional interval per point (NaN: none)
	Fit    func(x float64) float64
	// PoorFit, when not empty, says why the fit describes the points
	// badly ("R² 0.52 < 0.8"): the curve is drawn faded, its peak is not
	// marked, and the legend gives the reason.
	PoorFit string
	PeakX   float64 // NaN or 0: no peak to mark
	PeakY   float64
}

// Faded colours: translucent versions of the palette, for poor fits and
// the spread of repeats.
const (
	fadeAlpha = 0x66
	bandAlpha = 0x38
)

// ScalingChart draws values against thread counts: the measured points
// joined by thin lines, interval whiskers, the fitted curve dashed, and the
// peak of each fit marked with a triangle when it lies in the measured
// range. A poor fit is drawn faded, without its peak. The y axis starts
// at zero.
func ScalingChart(name, title, ylabel, caption string, threads []float64, pal *Palette, ss []Series) *Figure {
	p := newPlot(title, "threads (log2 scale when the counts double)", ylabel)
	if !geometric(threads) {
		p.X.Label.Text = "threads"
	}
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	ymax := 0.0
	hasFit, hasPeak := false, false
	var poor []LegendEntry
	for _, s := range ss {
		col := pal.Color(s.System)
		var pts plotter.XYs
		for i := range s.X {
			if i < len(s.Y) && finite(s.X[i], s.Y[i]) {
				pts = append(pts, plotter.XY{X: s.X[i], Y: s.Y[i]})
				ymax = math.Max(ymax, s.Y[i])
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, _ := plotter.NewLine(pts)
		line.Color, line.Width = col, vg.Points(1)
		sc, _ := plotter.NewScatter(pts)
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
		p.Add(line, sc)
		var ws whiskers
		for i := range s.X {
			if i < len(s.Lo) && i < len(s.Hi) && finite(s.X[i], s.Lo[i], s.Hi[i]) {
				ws = append(ws, whisker{x: s.X[i], lo: s.Lo[i], hi: s.Hi[i], color: col})
				ymax = math.Max(ymax, s.Hi[i])
			}
		}
		if len(ws) > 0 {
			p.Add(ws)
		}
		thumbs := []plot.Thumbnailer{line, sc}
		if s.Fit != nil && len(threads) > 0 {
			fc := col
			if s.PoorFit != "" {
				fc = fade(col, fadeAlpha)
			}
			if fit := fitLine(s.Fit, threads, fc); fit != nil {
				p.Add(fit)
				if s.PoorFit == "" {
					hasFit = true
				} else {
					poor = append(poor, LegendEntry{Label: s.System + ": poor fit\n(" + s.PoorFit + ")", Thumbs: []plot.Thumbnailer{fit}})
				}
			}
		}
		if s.PoorFit == "" && finite(s.PeakX, s.PeakY) && s.PeakX > 0 && len(threads) > 0 &&
			s.PeakX >= threads[0] && s.PeakX <= threads[len(threads)-1] {
			pk, _ := plotter.NewScatter(plotter.XYs{{X: s.PeakX, Y: s.PeakY}})
			pk.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(6), Shape: draw.PyramidGlyph{}}
			p.Add(pk)
			ymax = math.Max(ymax, s.PeakY)
			hasPeak = true
		}
		f.Legend = append(f.Legend, LegendEntry{Label: s.System, Thumbs: thumbs})
	}
	threadAxis(p, threads)
	p.Y.Min, p.Y.Max = 0, niceMax(ymax)
	if hasFit {
		l := plotter.NewFunction(func(float64) float64 { return 0 })
		l.Color, l.Dashes, l.Width = textColor, []vg.Length{vg.Points(5), vg.Points(3)}, vg.Points(1.5)
		f.Legend = append(f.Legend, LegendEntry{Label: "USL fit", Thumbs: []plot.Thumbnailer{l}})
	}
	if hasPeak {
		pk, _ := plotter.NewScatter(plotter.XYs{{}})
		pk.GlyphStyle = draw.GlyphStyle{Color: textColor, Radius: vg.Points(5), Shape: draw.PyramidGlyph{}}
		f.Legend = append(f.Legend, LegendEntry{Label: "USL peak", Thumbs: []plot.Thumbnailer{pk}})
	}
	f.Legend = append(f.Legend, poor...)
	return f
}

// fade returns c with opacity a.
func fade(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(uint16(n.A) * uint16(a) / 0xFF)
	return n
}

// fitLine samples fn evenly on the axis scale (log-spaced when the thread
// axis is logarithmic) between the first and last thread counts.
func fitLine(fn func(float64) float64, threads []float64, col color.Color) *plotter.Line {
	lo, hi := threads[0], threads[len(threads)-1]
	if hi <= lo {
		return nil
	}
	const n = 120
	pts := make(plotter.XYs, 0, n+1)
	logx := geometric(threads)
	for i := 0; i <= n; i++ {
		var x float64
		if logx {
			x = lo * math.Pow(hi/lo, float64(i)/n)
		} else {
			x = lo + (hi-lo)*float64(i)/n
		}
		if y := fn(x); finite(y) && y >= 0 {
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
	}
	if len(pts) < 2 {
		return nil
	}
	l, _ := plotter.NewLine(pts)
	l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	l.Width = vg.Points(1.5)
	l.Color = col
	return l
}

type whisker struct {
	x, lo, hi float64
	color     color.Color
}

type whiskers []whisker

func (ws whiskers) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, w := range ws {
		sty := draw.LineStyle{Color: w.color, Width: vg.Points(1)}
		drawWhisker(c, sty, tx(w.x), vg.Points(3), ty(w.lo), ty(w.hi))
	}
}

// A Trace is one run's per-second values.
type Trace struct {
	System string
	T, Y   []float64 // seconds since start, value per second
	Stalls []float64 // times of stalled seconds, marked with a cross
}

// TimeChart draws per-second values of runs over time: for each system
// the median over its runs at each second as a line and the range from
// its lowest to its highest run as a band around it, the warm-up
// (seconds before warmupS) shaded and every run's stalls marked where the
// run was. The y axis starts at zero.
func TimeChart(name, title, ylabel, caption string, warmupS float64, pal *Palette, ts []Trace) *Figure {
	p := newPlot(title, "time since start (s)", ylabel)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	if warmupS > 0 {
		p.Add(shade{0, warmupS})
	}
	ymax, tmax := 0.0, 0.0
	var stalls plotter.XYs
	for _, tr := range ts {
		for _, t := range tr.Stalls {
			if y, ok := valueAt(tr, t); ok {
				stalls = append(stalls, plotter.XY{X: t, Y: y})
			}
		}
	}
	spread := false
	var lines []plot.Plotter
	for _, s := range spreads(ts) {
		col := pal.Color(s.System)
		med := make(plotter.XYs, len(s.T))
		for i, t := range s.T {
			med[i] = plotter.XY{X: t, Y: s.Median[i]}
			ymax, tmax = math.Max(ymax, s.Hi[i]), math.Max(tmax, t)
		}
		l, _ := plotter.NewLine(med)
		l.Color, l.Width = col, vg.Points(1.5)
		thumbs := []plot.Thumbnailer{l}
		label := s.System
		if s.Runs > 1 {
			b := band{x: s.T, lo: s.Lo, hi: s.Hi, color: fade(col, bandAlpha)}
			p.Add(b)
			spread = true
			thumbs = []plot.Thumbnailer{swatch{b.color}, l}
			label += fmt.Sprintf(" (%d runs)", s.Runs)
		}
		lines = append(lines, l)
		f.Legend = append(f.Legend, LegendEntry{Label: label, Thumbs: thumbs})
	}
	p.Add(lines...) // over every band
	if len(stalls) > 0 {
		sc, _ := plotter.NewScatter(stalls)
		sc.GlyphStyle = draw.GlyphStyle{Color: stallColor, Radius: vg.Points(4), Shape: draw.CrossGlyph{}}
		p.Add(sc)
	}
	if spread {
		f.Legend = append(f.Legend, LegendEntry{Label: "line: median run\nband: all runs"})
	}
	if warmupS > 0 {
		f.Legend = append(f.Legend, LegendEntry{Label: "warm-up", Thumbs: []plot.Thumbnailer{shade{}}})
	}
	if len(stalls) > 0 {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = draw.GlyphStyle{Color: stallColor, Radius: vg.Points(4), Shape: draw.CrossGlyph{}}
		f.Legend = append(f.Legend, LegendEntry{Label: "stall", Thumbs: []plot.Thumbnailer{sc}})
	}
	p.X.Min, p.X.Max = 0, math.Max(tmax, 1)
	p.Y.Min, p.Y.Max = 0, niceMax(ymax)
	return f
}

// spreads gathers traces by system (analyze.Spreads).
func spreads(ts []Trace) []analyze.Spread {
	in := make([]analyze.Trace, len(ts))
	for i, tr := range ts {
		in[i] = analyze.Trace{System: tr.System, T: tr.T, Y: tr.Y}
	}
	return analyze.Spreads(in)
}

// band fills the area between lo and hi over x, in data coordinates.
type band struct {
	x, lo, hi []float64
	color     color.Color
}

func (b band) Plot(c draw.Canvas, p *plot.Plot) {
	if len(b.x) < 2 {
		return
	}
	tx, ty := p.Transforms(&c)
	poly := make([]vg.Point, 0, 2*len(b.x))
	for i := range b.x {
		poly = append(poly, vg.Point{X: tx(b.x[i]), Y: ty(b.hi[i])})
	}
	for i := len(b.x) - 1; i >= 0; i-- {
		poly = append(poly, vg.Point{X: tx(b.x[i]), Y: ty(b.lo[i])})
	}
	c.FillPolygon(b.color, c.ClipPolygonXY(poly))
}

func valueAt(tr Trace, t float64) (float64, bool) {
	for i, x := range tr.T {
		if x == t && i < len(tr.Y) && finite(tr.Y[i]) {
			return tr.Y[i], true
		}
	}
	return 0, false
}

// A Histogram is one system's latency distribution: sysbench --histogram
// buckets, summed over the system's runs when there are several.
type Histogram struct {
	System  string
	Buckets []parse.Bucket
	// Runs, when Buckets is nil, are the runs whose buckets are summed,
	// read one run at a time (parse.Run.Buckets) rather than put together.
	Runs []*parse.Run
}

// HistogramTail is the share of each system's events left out at each
// end of a histogram's latency axis: the axis spans the fastest to the
// slowest of the middle 99.8%, so that a few outliers a hundred times
// slower than the rest do not squeeze the distribution into a sliver.
const HistogramTail = analyze.HistogramTail

// HistogramChart draws latency distributions as the share of events per
// bucket against latency on a log axis (sysbench's buckets are
// log-spaced), one step line per system. The latency axis spans the
// buckets between each system's HistogramTail and 1−HistogramTail
// quantiles.
func HistogramChart(name, title, caption string, pal *Palette, hs []Histogram) *Figure {
	p := newPlot(title, "latency (ms, log scale)", "share of events (%)")
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	xmin, xmax, ymax := math.Inf(1), 0.0, 0.0
	for _, h := range hs {
		pts := h.shares()
		if len(pts) == 0 {
			continue
		}
		lo, hi := tailBuckets(pts, 100*HistogramTail)
		xmin, xmax = math.Min(xmin, pts[lo].X), math.Max(xmax, pts[hi].X)
		for _, pt := range pts {
			ymax = math.Max(ymax, pt.Y)
		}
		l, _ := plotter.NewLine(pts)
		l.StepStyle = plotter.MidStep
		l.Color, l.Width = pal.Color(h.System), vg.Points(1.5)
		p.Add(l) // drawn clipped to the fitted axis
		f.Legend = append(f.Legend, LegendEntry{Label: h.System, Thumbs: []plot.Thumbnailer{l}})
	}
	if xmax > 0 {
		if xmax <= xmin {
			xmin, xmax = xmin/1.5, xmax*1.5
		}
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
		p.X.Min, p.X.Max = xmin/1.08, xmax*1.08
	}
	p.Y.Min, p.Y.Max = 0, niceMax(ymax)
	return f
}

// shares returns h's share of events (in percent) at each bucket label,
// in latency order, leaving out labels that are not positive and finite;
// nil when h has no event.
func (h Histogram) shares() plotter.XYs {
	if h.Buckets == nil && h.Runs != nil {
		if pts, ok := runShares(h.Runs); ok {
			return pts
		}
		for _, r := range h.Runs {
			h.Buckets = append(h.Buckets, r.Buckets()...)
		}
	}
	var total int64
	for _, b := range h.Buckets {
		total += b.Count
	}
	if total == 0 {
		return nil
	}
	bs := append([]parse.Bucket(nil), h.Buckets...)
	// A system's runs' buckets one after the other (70 copies of a
	// campaign: 70 times each label), ordered without sort.SliceStable's
	// reflection; the order, and so each point's sum, is the same.
	slices.SortStableFunc(bs, func(a, b parse.Bucket) int {
		switch {
		case a.ValueMs < b.ValueMs:
			return -1
		case b.ValueMs < a.ValueMs:
			return 1
		}
		return 0
	})
	pts := make(plotter.XYs, 0, len(bs))
	for _, b := range bs {
		if b.ValueMs <= 0 || !finite(b.ValueMs) {
			continue
		}
		y := 100 * float64(b.Count) / float64(total)
		if n := len(pts); n > 0 && pts[n-1].X == b.ValueMs { // repeated bucket label: one bucket
			pts[n-1].Y += y
		} else {
			pts = append(pts, plotter.XY{X: b.ValueMs, Y: y})
		}
	}
	return pts
}

// runShares is shares of the runs' buckets put one after the other,
// summed a label at a time as the runs are read: the same additions in
// the same order (the stable sort keeps a label's buckets in the runs'
// order), with memory for the labels rather than for every run's
// buckets. A label that is NaN, which the sort cannot place, leaves the
// runs to be put together (ok false).
func runShares(runs []*parse.Run) (pts plotter.XYs, ok bool) {
	var total int64
	for _, r := range runs {
		for _, b := range r.Buckets() {
			if b.ValueMs != b.ValueMs {
				return nil, false
			}
			total += b.Count
		}
	}
	if total == 0 {
		return nil, true
	}
	at := map[float64]int{} // label -> index in pts
	for _, r := range runs {
		for _, b := range r.Buckets() {
			if b.ValueMs <= 0 || !finite(b.ValueMs) {
				continue
			}
			y := 100 * float64(b.Count) / float64(total)
			if i, seen := at[b.ValueMs]; seen {
				pts[i].Y += y
			} else {
				at[b.ValueMs] = len(pts)
				pts = append(pts, plotter.XY{X: b.ValueMs, Y: y})
			}
		}
	}
	slices.SortFunc(pts, func(a, b plotter.XY) int {
		switch {
		case a.X < b.X:
			return -1
		case b.X < a.X:
			return 1
		}
		return 0
	})
	return pts, true
}

// tailBuckets returns the indexes of the first and last buckets of pts
// (shares in percent, in latency order) once tail percent of the events
// is left out at each end.
func tailBuckets(pts plotter.XYs, tail float64) (lo, hi int) {
	var sum float64
	for _, pt := range pts {
		sum += pt.Y
	}
	lo, hi = 0, len(pts)-1
	for acc := 0.0; lo < hi; lo++ {
		if acc += pts[lo].Y; acc > tail*sum/100 {
			break
		}
	}
	for acc := 0.0; hi > lo; hi-- {
		if acc += pts[hi].Y; acc > tail*sum/100 {
			break
		}
	}
	return lo, hi
}

// logTicks label a log axis at 1, 2 and 5 times powers of ten, or more
// finely (1, 2, 3, 5, then 7, then more) when a short range would get
// fewer than minTickLabels labels, with unlabelled ticks at the
// integer mantissas between.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	if min <= 0 || max <= min || !finite(min, max) {
		return ts
	}
	lo, hi := math.Floor(math.Log10(min)), math.Ceil(math.Log10(max))
	sets := [][]float64{{1, 2, 5}, {1, 2, 3, 5}, {1, 2, 3, 5, 7}, {1, 1.5, 2, 3, 4, 5, 7}, {1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9}}
	labelled := sets[len(sets)-1]
	for _, set := range sets {
		n := 0
		for e := lo; e <= hi; e++ {
			for _, m := range set {
				if v := m * math.Pow(10, e); v >= min && v <= max {
					n++
				}
			}
		}
		if n >= minTickLabels {
			labelled = set
			break
		}
	}
	// A label near each end, when the chosen steps leave an end bare
	// (0.022 to 5 ms gets 0.03 before 0.05).
	var ends []float64
	var first, last float64
	for e := lo; e <= hi; e++ {
		for _, m := range labelled {
			if v := m * math.Pow(10, e); v >= min && v <= max {
				if first == 0 {
					first = v
				}
				last = v
			}
		}
	}
	if first > 0 && first/min > 1.6 {
		for m := 1.0; m < 10; m++ {
			if v := m * math.Pow(10, math.Floor(math.Log10(min))); v >= min && v/first <= 0.7 {
				ends = append(ends, v)
				break
			}
		}
	}
	if last > 0 && max/last > 1.6 {
		for m := 9.0; m >= 1; m-- {
			if v := m * math.Pow(10, math.Floor(math.Log10(max))); v <= max && v/last >= 1.4 {
				ends = append(ends, v)
				break
			}
		}
	}
	for e := lo; e <= hi; e++ {
		for m := 1.0; m < 10; m += 0.5 {
			v := m * math.Pow(10, e)
			if v < min || v > max {
				continue
			}
			label := false
			for _, x := range labelled {
				label = label || x == m
			}
			for _, x := range ends {
				label = label || math.Abs(x-v) < 1e-9*v
			}
			if m != math.Trunc(m) && !label {
				continue
			}
			t := plot.Tick{Value: v}
			if label {
				t.Label = trimZeros(strconv.FormatFloat(v, 'f', max0(-int(e)+1), 64))
			}
			ts = append(ts, t)
		}
	}
	return ts
}

func max0(n int) int { return max(n, 0) }

// A Curve is one system's latency against throughput, one point per
// thread count.
type Curve struct {
	System  string
	Threads []int // thread count of each point, written beside it
	X, Y    []float64
}

// LatencyThroughputChart draws latency against throughput: each system's
// points joined in increasing thread order and labelled with their thread
// counts, so the knee where latency climbs while throughput stalls shows
// and a curve that turns back (more threads, less throughput) reads as
// such. Both axes start at zero.
func LatencyThroughputChart(name, title, xlabel, ylabel, caption string, pal *Palette, cs []Curve) *Figure {
	p := newPlot(title, xlabel, ylabel)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	xmax, ymax := 0.0, 0.0
	var labels pointLabels
	for _, c := range cs {
		col := pal.Color(c.System)
		type pt struct {
			t    int
			x, y float64
		}
		var ps []pt
		for i := range c.X {
			if i < len(c.Y) && finite(c.X[i], c.Y[i]) {
				t := 0
				if i < len(c.Threads) {
					t = c.Threads[i]
				}
				ps = append(ps, pt{t, c.X[i], c.Y[i]})
				xmax, ymax = math.Max(xmax, c.X[i]), math.Max(ymax, c.Y[i])
			}
		}
		if len(ps) == 0 {
			continue
		}
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].t < ps[j].t })
		pts := make(plotter.XYs, len(ps))
		for i, q := range ps {
			pts[i] = plotter.XY{X: q.x, Y: q.y}
			if q.t > 0 {
				labels.labels = append(labels.labels, pointLabel{x: q.x, y: q.y, text: strconv.Itoa(q.t), color: col})
			}
		}
		labels.curves = append(labels.curves, pts)
		l, _ := plotter.NewLine(pts)
		l.Color, l.Width = col, vg.Points(1)
		sc, _ := plotter.NewScatter(pts)
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
		p.Add(l, sc)
		f.Legend = append(f.Legend, LegendEntry{Label: c.System, Thumbs: []plot.Thumbnailer{l, sc}})
	}
	if len(labels.labels) > 0 {
		p.Add(labels)
		f.Legend = append(f.Legend, LegendEntry{Label: "numbers: threads"})
	}
	p.X.Min, p.X.Max = 0, niceMax(xmax)
	p.Y.Min, p.Y.Max = 0, niceMax(ymax)
	return f
}

// RatioChart draws ratios to a base as bars from 1× on a logarithmic
// axis centred on 1×, so that a ratio and its reciprocal (0.29× and
// 3.4×) lie as far from 1× and a halving looks as large as a doubling;
// 1× is marked with a solid line. Whiskers are the ratios' intervals.
func RatioChart(name, title, ylabel, caption string, groups []string, pal *Palette, bs []Bar) *Figure {
	f := barChart(name, title, ylabel, caption, groups, pal, bs, 1)
	p := f.Plot
	reach := 1.0 // the farthest any bar or whisker lies from 1×, as a factor
	for _, b := range bs {
		for _, v := range []float64{b.Value, b.Lo, b.Hi} {
			if v > 0 && finite(v) {
				reach = math.Max(reach, math.Max(v, 1/v))
			}
		}
	}
	top := ratioAxisTop(reach)
	p.Y.Scale = plot.LogScale{}
	p.Y.Min, p.Y.Max = 1/top, top
	p.Y.Tick.Marker = ratioTicks{}
	one, _ := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: 1}, {X: p.X.Max, Y: 1}})
	one.Color = textColor
	one.Width = vg.Points(1.2)
	p.Add(one)
	return f
}

// ratioAxisTop is the top of a ratio axis whose data reach a factor of
// reach from 1×: a little beyond it, and at least 1.25× so that a chart
// of ratios near 1 is not a magnified blur.
func ratioAxisTop(reach float64) float64 {
	return math.Max(1.25, reach*1.12)
}

// ratioTicks label a logarithmic ratio axis symmetrically about 1×:
// powers of two (0.5×, 2×, 4× …) when the axis spans a factor of two
// or more, else 0.67×, 0.8×, 0.9×, 1.1×, 1.25×, 1.5×.
type ratioTicks struct{}

func (ratioTicks) Ticks(min, max float64) []plot.Tick {
	var vs []float64
	if max >= 2 || min <= 0.5 {
		step := 2.0
		for math.Log(max/min)/math.Log(step) > 8 {
			step *= step
		}
		for v := 1.0; v <= max*(1+1e-9); v *= step {
			vs = append(vs, v)
		}
		for v := 1 / step; v >= min*(1-1e-9); v /= step {
			vs = append(vs, v)
		}
	} else {
		for _, v := range []float64{0.5, 2.0 / 3, 0.8, 0.9, 1, 1.1, 1.25, 1.5} {
			if v >= min && v <= max {
				vs = append(vs, v)
			}
		}
	}
	sort.Float64s(vs)
	ts := make([]plot.Tick, 0, len(vs))
	for _, v := range vs {
		ts = append(ts, plot.Tick{Value: v, Label: ratioTickLabel(v)})
	}
	return ts
}

// ratioTickLabel writes a ratio tick as "0.25×", "1×", "16×".
func ratioTickLabel(v float64) string {
	if v >= 1 {
		return trimZeros(strconv.FormatFloat(v, 'f', 2, 64)) + "×"
	}
	return trimZeros(strconv.FormatFloat(v, 'g', 2, 64)) + "×"
}
