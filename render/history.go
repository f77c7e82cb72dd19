package render

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sbreport/sbreport/analyze"
)

// HistoryView is the report's History section: the series of the runs
// ordered by a key, with their change points.
type HistoryView struct {
	Order     string // the order key ("version", "campaign_time")
	OrderKind string // how its values were ordered
	Metric    string
	Series    []HistorySeriesView
	Warnings  []string
}

// A HistorySeriesView is one series: its name, span, change points and
// chart.
type HistorySeriesView struct {
	Name        string // "oltp_read_write, 16 threads, engine=InnoDB"
	Metric      string // its workload's, when the series differ in theirs
	Points      int
	First, Last string   // order-key values of the first and last points
	Changes     []string // one sentence per change point
	Chart       ChartRef
}

var (
	historyLine   = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	historyChange = color.RGBA{R: 200, A: 255}
)

// planHistory records the History section in v and returns its charts:
// one per series with enough points to search.
func planHistory(an *analyze.Analysis, v *View) []chartPlan {
	h := an.History
	if h == nil {
		return nil
	}
	hv := &HistoryView{Order: h.Order, OrderKind: h.OrderKind, Metric: string(h.Metric), Warnings: h.Warnings.Strings()}
	if h.Metric == "" {
		hv.Metric = "Each workload's own metric"
	}
	var plans []chartPlan
	for i, s := range h.Series {
		if len(s.Points) < 2 || (len(s.ChangePoints) == 0 && len(s.Warnings) > 0) {
			continue // too short to search: nothing to show
		}
		name := s.Name()
		sv := HistorySeriesView{Name: name, Points: len(s.Points), First: s.Points[0].Key, Last: s.Points[len(s.Points)-1].Key}
		if h.Metric == "" {
			sv.Metric = string(s.Metric)
		}
		for _, c := range s.ChangePoints {
			sv.Changes = append(sv.Changes, changeSentence(c, h.Order))
		}
		file := fmt.Sprintf("history-%d-%s", i+1, boundedName(s.Labels["workload"]))
		title := s.Labels["workload"] + " by " + h.Order
		if t := s.Labels["threads"]; t != "" {
			title = s.Labels["workload"] + ", " + t + " threads, by " + h.Order
		}
		unit := metricLabel(s.Metric)
		caption := fmt.Sprintf("%s. %s of each point (mean of its runs) by %s, in %s order; red lines mark change points (E-Divisive means with a permutation test), grey lines the mean of each segment.", name, s.Metric, h.Order, h.OrderKind)
		sv.Chart = ChartRef{Kind: "history", PNG: ChartDir + "/" + file + ".png", PNG2x: ChartDir + "/" + file + HiDPISuffix + ".png",
			SVG: ChartDir + "/" + file + ".svg", Title: title, Caption: caption}
		s := s
		plans = append(plans, chartPlan{build: func() *Figure {
			f := HistoryChart(file, title, unit, caption, s)
			f.Plot.Title.Text = title
			return f
		}})
		hv.Series = append(hv.Series, sv)
	}
	if len(hv.Series) > 0 {
		v.History = hv
	}
	return plans
}

// changeSentence is "from 1.0.20 on: 0.902× [0.889, 0.915] of before, p = 0.005 (worse)".
func changeSentence(c analyze.HistoryChange, order string) string {
	s := fmt.Sprintf("from %s = %s on (after %s)", order, c.After, c.Before)
	if c.Ratio != nil {
		s += fmt.Sprintf(": %.3f× the segment before", *c.Ratio)
		if c.Lo != nil && c.Hi != nil {
			s += fmt.Sprintf(" [%.3f, %.3f]", *c.Lo, *c.Hi)
		}
	}
	s += fmt.Sprintf(", p = %.3f", c.P)
	if c.Worse {
		s += ", worse"
	} else {
		s += ", better"
	}
	return s + fmt.Sprintf(" (%d runs before, %d after)", len(c.RunsBefore), len(c.RunsAfter))
}

// HistoryChart draws a series' points in order, the change points as
// vertical lines between the points they separate, and the mean of each
// segment.
func HistoryChart(name, title, ylabel, caption string, s analyze.Series) *Figure {
	p := newPlot(title, "", ylabel)
	f := &Figure{Name: name, Title: title, Caption: caption, Plot: p}
	pts := make(plotter.XYs, 0, len(s.Points))
	ymax := 0.0
	for i, pt := range s.Points {
		if finite(pt.Value) {
			pts = append(pts, plotter.XY{X: float64(i), Y: pt.Value})
			ymax = math.Max(ymax, pt.Value)
		}
	}
	l, sc, err := plotter.NewLinePoints(pts)
	if err == nil {
		l.Color, l.Width = historyLine, vg.Points(1)
		sc.GlyphStyle = draw.GlyphStyle{Color: historyLine, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
		p.Add(l, sc)
		f.Legend = append(f.Legend, LegendEntry{Label: "point", Thumbs: []plot.Thumbnailer{l, sc}})
	}
	bounds := []int{0}
	for _, c := range s.ChangePoints {
		bounds = append(bounds, c.Index)
	}
	bounds = append(bounds, len(s.Points))
	for i := 0; i+1 < len(bounds); i++ {
		sum, n := 0.0, 0
		for _, pt := range s.Points[bounds[i]:bounds[i+1]] {
			for _, v := range pt.Values {
				sum += v
				n++
			}
		}
		if n == 0 {
			continue
		}
		m := sum / float64(n)
		ml, err := plotter.NewLine(plotter.XYs{{X: float64(bounds[i]) - 0.4, Y: m}, {X: float64(bounds[i+1]-1) + 0.4, Y: m}})
		if err == nil {
			ml.Color, ml.Width = color.Gray{Y: 110}, vg.Points(1.5)
			p.Add(ml)
			if i == 0 {
				f.Legend = append(f.Legend, LegendEntry{Label: "segment mean", Thumbs: []plot.Thumbnailer{ml}})
			}
		}
	}
	for i, c := range s.ChangePoints {
		x := float64(c.Index) - 0.5
		vl, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: niceMax(ymax)}})
		if err != nil {
			continue
		}
		vl.Color, vl.Width, vl.Dashes = historyChange, vg.Points(1.5), []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(vl)
		if i == 0 {
			f.Legend = append(f.Legend, LegendEntry{Label: "change point", Thumbs: []plot.Thumbnailer{vl}})
		}
	}
	keys := make([]string, len(s.Points))
	for i, pt := range s.Points {
		keys[i] = pt.Key
	}
	p.X.Tick.Marker = keyTicks(keys)
	p.X.Min, p.X.Max = -0.5, float64(len(s.Points))-0.5
	p.Y.Min, p.Y.Max = 0, niceMax(ymax)
	return f
}

// keyTicks labels the x axis with the order-key values of at most eight
// evenly spaced points.
type keyTicks []string

func (k keyTicks) Ticks(min, max float64) []plot.Tick {
	step := 1
	for len(k)/step > 8 {
		step++
	}
	var out []plot.Tick
	for i := 0; i < len(k); i++ {
		t := plot.Tick{Value: float64(i)}
		if i%step == 0 {
			t.Label = k[i]
			if len(t.Label) > 12 {
				t.Label = t.Label[:12]
			}
		}
		out = append(out, t)
	}
	return out
}
