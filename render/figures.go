package render

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

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
			v: b.Value, lo: b.Lo, hi: b.Hi, color: pal.Color(b.System)})
	}
	p.Add(set)
	p.NominalX(groups...)
	p.X.Min, p.X.Max = -0.5, float64(len(groups))-0.5
	p.Y.Min = 0
	p.Y.Max = headroom(p.Y.Max)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	for _, s := range order {
		f.Legend = append(f.Legend, LegendEntry{Label: s, Thumbs: []plot.Thumbnailer{swatch{pal.Color(s)}}})
	}
	return f
}

// headroom leaves a little space above the highest value.
func headroom(max float64) float64 {
	if max <= 0 || !finite(max) {
		return 1
	}
	return max * 1.08
}

// A Series is one system's curve against threads: measured points, their
// intervals, and optionally a fitted curve and its peak.
type Series struct {
	System string
	X, Y   []float64 // threads, value; same length
	Lo, Hi []float64 // optional interval per point (NaN: none)
	Fit    func(x float64) float64
	PeakX  float64 // NaN or 0: no peak to mark
	PeakY  float64
}

// ScalingChart draws values against thread counts: the measured points
// joined by thin lines, interval whiskers, the fitted curve dashed, and the
// peak of each fit marked with a diamond when it lies in the measured
// range. The y axis starts at zero.
func ScalingChart(name, title, ylabel, caption string, threads []float64, pal *Palette, ss []Series) *Figure {
	p := newPlot(title, "threads (log2 scale when the counts double)", ylabel)
	if !geometric(threads) {
		p.X.Label.Text = "threads"
	}
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	ymax := 0.0
	hasFit, hasPeak := false, false
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
			fit := fitLine(s.Fit, threads, col)
			if fit != nil {
				p.Add(fit)
				hasFit = true
			}
		}
		if finite(s.PeakX, s.PeakY) && s.PeakX > 0 && len(threads) > 0 &&
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
	p.Y.Min, p.Y.Max = 0, headroom(ymax)
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
	return f
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
		x := tx(w.x)
		c.StrokeLine2(sty, x, ty(w.lo), x, ty(w.hi))
		c.StrokeLine2(sty, x-vg.Points(3), ty(w.lo), x+vg.Points(3), ty(w.lo))
		c.StrokeLine2(sty, x-vg.Points(3), ty(w.hi), x+vg.Points(3), ty(w.hi))
	}
}

// A Trace is one run's per-second values.
type Trace struct {
	System string
	T, Y   []float64 // seconds since start, value per second
	Stalls []float64 // times of stalled seconds, marked with a cross
}

// TimeChart draws per-second values of runs over time, one thin line per
// run in its system's colour, the warm-up (seconds before warmupS) shaded
// and stalls marked. The y axis starts at zero.
func TimeChart(name, title, ylabel, caption string, warmupS float64, pal *Palette, ts []Trace) *Figure {
	p := newPlot(title, "time since start (s)", ylabel)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	if warmupS > 0 {
		p.Add(shade{0, warmupS})
	}
	seen := map[string]bool{}
	ymax, tmax := 0.0, 0.0
	stalls := false
	for _, tr := range ts {
		col := pal.Color(tr.System)
		pts := make(plotter.XYs, 0, len(tr.T))
		for i := range tr.T {
			if i < len(tr.Y) && finite(tr.T[i], tr.Y[i]) {
				pts = append(pts, plotter.XY{X: tr.T[i], Y: tr.Y[i]})
				ymax, tmax = math.Max(ymax, tr.Y[i]), math.Max(tmax, tr.T[i])
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, _ := plotter.NewLine(pts)
		l.Color, l.Width = col, vg.Points(1)
		p.Add(l)
		var sp plotter.XYs
		for _, t := range tr.Stalls {
			if y, ok := valueAt(tr, t); ok {
				sp = append(sp, plotter.XY{X: t, Y: y})
			}
		}
		if len(sp) > 0 {
			sc, _ := plotter.NewScatter(sp)
			sc.GlyphStyle = draw.GlyphStyle{Color: stallColor, Radius: vg.Points(4), Shape: draw.CrossGlyph{}}
			p.Add(sc)
			stalls = true
		}
		if !seen[tr.System] {
			seen[tr.System] = true
			f.Legend = append(f.Legend, LegendEntry{Label: tr.System, Thumbs: []plot.Thumbnailer{l}})
		}
	}
	if warmupS > 0 {
		f.Legend = append(f.Legend, LegendEntry{Label: "warm-up", Thumbs: []plot.Thumbnailer{shade{}}})
	}
	if stalls {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.GlyphStyle = draw.GlyphStyle{Color: stallColor, Radius: vg.Points(4), Shape: draw.CrossGlyph{}}
		f.Legend = append(f.Legend, LegendEntry{Label: "stall", Thumbs: []plot.Thumbnailer{sc}})
	}
	p.X.Min, p.X.Max = 0, math.Max(tmax, 1)
	p.Y.Min, p.Y.Max = 0, headroom(ymax)
	return f
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
}

// HistogramChart draws latency distributions as the share of events per
// bucket against latency on a log axis (sysbench's buckets are
// log-spaced), one step line per system.
func HistogramChart(name, title, caption string, pal *Palette, hs []Histogram) *Figure {
	p := newPlot(title, "latency (ms, log scale)", "share of events (%)")
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	xmin, xmax, ymax := math.Inf(1), 0.0, 0.0
	for _, h := range hs {
		var total int64
		for _, b := range h.Buckets {
			total += b.Count
		}
		if total == 0 {
			continue
		}
		bs := append([]parse.Bucket(nil), h.Buckets...)
		sort.SliceStable(bs, func(i, j int) bool { return bs[i].ValueMs < bs[j].ValueMs })
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
		for _, pt := range pts {
			xmin, xmax, ymax = math.Min(xmin, pt.X), math.Max(xmax, pt.X), math.Max(ymax, pt.Y)
		}
		if len(pts) == 0 {
			continue
		}
		l, _ := plotter.NewLine(pts)
		l.StepStyle = plotter.MidStep
		l.Color, l.Width = pal.Color(h.System), vg.Points(1.5)
		p.Add(l)
		f.Legend = append(f.Legend, LegendEntry{Label: h.System, Thumbs: []plot.Thumbnailer{l}})
	}
	if xmax > 0 {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
		p.X.Min, p.X.Max = xmin/1.1, xmax*1.1
	}
	p.Y.Min, p.Y.Max = 0, headroom(ymax)
	return f
}

// logTicks labels 1-2-5 steps of every decade in range.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	if min <= 0 || max <= min {
		return ts
	}
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= min && v <= max {
				ts = append(ts, plot.Tick{Value: v, Label: trimZeros(fmt.Sprintf("%g", v))})
			}
		}
	}
	return ts
}

// A Curve is one system's latency against throughput, one point per
// thread count in increasing thread order.
type Curve struct {
	System string
	X, Y   []float64
}

// LatencyThroughputChart draws latency against throughput: each system's
// points joined in thread order, so the knee where latency climbs while
// throughput stalls shows. Both axes start at zero.
func LatencyThroughputChart(name, title, xlabel, ylabel, caption string, pal *Palette, cs []Curve) *Figure {
	p := newPlot(title, xlabel, ylabel)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	xmax, ymax := 0.0, 0.0
	for _, c := range cs {
		col := pal.Color(c.System)
		var pts plotter.XYs
		for i := range c.X {
			if i < len(c.Y) && finite(c.X[i], c.Y[i]) {
				pts = append(pts, plotter.XY{X: c.X[i], Y: c.Y[i]})
				xmax, ymax = math.Max(xmax, c.X[i]), math.Max(ymax, c.Y[i])
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, _ := plotter.NewLine(pts)
		l.Color, l.Width = col, vg.Points(1)
		sc, _ := plotter.NewScatter(pts)
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
		p.Add(l, sc)
		f.Legend = append(f.Legend, LegendEntry{Label: c.System, Thumbs: []plot.Thumbnailer{l, sc}})
	}
	p.X.Min, p.X.Max = 0, headroom(xmax)
	p.Y.Min, p.Y.Max = 0, headroom(ymax)
	return f
}
