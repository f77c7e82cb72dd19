package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// A chartPlan is a chart decided but not drawn yet.
type chartPlan struct {
	build func() *Figure
}

// planCharts decides the charts of every workload, records their links
// in v, and returns how to draw them.
func planCharts(doc *parse.Document, an *analyze.Analysis, v *View, pal *Palette) []chartPlan {
	var plans []chartPlan
	ds := an.Dataset
	if ds == nil {
		return nil
	}
	stab := map[runKey]*analyze.Stability{}
	for _, st := range an.Stability {
		if st != nil {
			stab[runKey{st.Source, st.Line}] = st
		}
	}
	curves := map[string][]*analyze.Curve{}
	if an.Scaling != nil {
		for _, c := range an.Scaling.Curves {
			curves[c.Workload] = append(curves[c.Workload], c)
		}
	}
	rows := map[string][]analyze.Row{}
	if an.Comparison != nil {
		for _, r := range an.Comparison.Rows {
			rows[r.Workload] = append(rows[r.Workload], r)
		}
	}
	cellsOf := map[string][]*analyze.Cell{}
	for _, c := range ds.Cells {
		cellsOf[c.Workload] = append(cellsOf[c.Workload], c)
	}
	center := analyze.GeoMean.Describe()
	if an.Comparison != nil && an.Comparison.Center != "" {
		center = an.Comparison.Center.Describe()
	}
	confPct := "95%"
	if an.Comparison != nil && an.Comparison.Confidence > 0 {
		confPct = trimZeros(fmt.Sprintf("%.1f", 100*an.Comparison.Confidence)) + "%"
	}

	names := make([]string, len(v.Workloads))
	for i, w := range v.Workloads {
		names[i] = w.Name
	}
	bases := chartBases(names)
	for _, w := range v.Workloads {
		w := w
		add := func(kind, name, title, caption string, build func() *Figure) {
			ref := ChartRef{Kind: kind, PNG: ChartDir + "/" + name + ".png", PNG2x: ChartDir + "/" + name + HiDPISuffix + ".png",
				SVG: ChartDir + "/" + name + ".svg", Title: title, Caption: caption}
			w.Charts = append(w.Charts, ref)
			plans = append(plans, chartPlan{build: func() *Figure {
				f := build()
				f.Name, f.Title, f.Caption = name, title, caption
				f.Plot.Title.Text = title
				return f
			}})
		}
		base := bases[w.Name]
		// Each workload in its own metric; its curves and timelines in
		// the rate they were fitted in (the metric itself unless that is
		// a latency or mysqlslap's seconds).
		metric := metricID(w.Metric)
		unitLabel := metricLabel(metric)
		rate := metric
		for _, c := range curves[w.Name] {
			rate = c.Metric
			break
		}
		if !rate.Throughput() {
			rate = analyze.TPS
		}
		rateLabel := metricLabel(rate)

		// Grouped bars: one group per thread count, one bar per system.
		if rs := rows[w.Name]; len(rs) > 0 {
			groups := make([]string, len(w.Threads))
			gi := map[int]int{}
			for i, t := range w.Threads {
				groups[i] = threadsLabel(t)
				gi[t] = i
			}
			shown := map[string]bool{}
			for _, r := range w.Results {
				shown[r.System] = true
			}
			var bs []Bar
			for _, r := range rs {
				if !shown[r.System] {
					continue
				}
				t := 0
				if r.Threads != nil {
					t = *r.Threads
				}
				bs = append(bs, Bar{Group: gi[t], System: r.System, Value: deref(r.Center), Lo: deref(r.Lo), Hi: deref(r.Hi)})
			}
			whiskers := false
			for _, b := range bs {
				whiskers = whiskers || (!math.IsNaN(b.Lo) && !math.IsNaN(b.Hi))
			}
			title := fmt.Sprintf("%s: %s by system", w.Name, metric)
			caption := fmt.Sprintf("%s of %s per system and thread count over the repeats; whiskers: %s confidence interval (within-run batch means when there is one run).",
				capitalize(center), metric, confPct)
			if !whiskers {
				caption = fmt.Sprintf("%s of %s per system and thread count over the repeats; no whiskers: every bar is a single run without an interval (no repeats, and no interim series long enough for batch means).",
					capitalize(center), metric)
			}
			if metric.LowerIsBetter() {
				caption += " Lower is better."
			}
			add("bars", "bars-"+base, title, caption, func() *Figure {
				return BarChart("", "", unitLabel, "", groups, pal, bs)
			})
		}

		// Scaling curves with the USL fit, p95 against threads, latency
		// against throughput.
		if cs := curves[w.Name]; len(cs) > 0 && len(w.Threads) >= 2 {
			threads := make([]float64, len(w.Threads))
			for i, t := range w.Threads {
				threads[i] = float64(t)
			}
			var tput, p95 []Series
			var lt []Curve
			fitted, poor, spread, repeats := false, false, false, false
			var hidden []string // fits not drawn: a refused peak above every point
			cellAt := map[analyze.Key]*analyze.Cell{}
			for _, c := range cellsOf[w.Name] {
				cellAt[c.Key] = c
			}
			for _, c := range orderCurves(cs, v.Systems) {
				s := Series{System: c.System, PeakX: math.NaN(), PeakY: math.NaN()}
				l := Series{System: c.System, PeakX: math.NaN(), PeakY: math.NaN()}
				var cv Curve
				cv.System = c.System
				for _, p := range c.Points {
					s.X = append(s.X, float64(p.Threads))
					s.Y = append(s.Y, p.Throughput.Center)
					lo, hi := math.NaN(), math.NaN()
					// The interval the text quotes: over the repeats, or
					// within a single run from its interim series.
					if p.Throughput.Finite() && !math.IsNaN(p.Throughput.Lo) && !math.IsNaN(p.Throughput.Hi) {
						lo, hi = p.Throughput.Lo, p.Throughput.Hi
						repeats = repeats || p.Throughput.N > 1
					}
					s.Lo, s.Hi = append(s.Lo, lo), append(s.Hi, hi)
					if p.P95Ms != nil {
						lo, hi, n := p95Range(cellAt[analyze.Key{System: c.System, Workload: w.Name, Threads: p.Threads}])
						spread = spread || n > 1
						l.X = append(l.X, float64(p.Threads))
						l.Y = append(l.Y, *p.P95Ms)
						l.Lo, l.Hi = append(l.Lo, lo), append(l.Hi, hi)
						cv.Threads = append(cv.Threads, p.Threads)
						cv.X = append(cv.X, p.Throughput.Center)
						cv.Y = append(cv.Y, *p.P95Ms)
					}
				}
				if c.Lambda != nil && c.Sigma != nil && c.Kappa != nil && humpAbove(v.Report, w.Name, c.System, threads, s.Y,
					analyze.Model{Lambda: *c.Lambda, Sigma: *c.Sigma, Kappa: *c.Kappa}) {
					hidden = append(hidden, c.System)
				} else if c.Lambda != nil && c.Sigma != nil && c.Kappa != nil {
					m := analyze.Model{Lambda: *c.Lambda, Sigma: *c.Sigma, Kappa: *c.Kappa}
					s.Fit = m.ThroughputAt
					fitted = true
					if c.R2 != nil && *c.R2 < poorFitR2 {
						s.PoorFit = "R² " + FormatFixed(*c.R2, 2) + " < " + trimZeros(FormatFixed(poorFitR2, 2))
						poor = true
					} else if quotedPeak(v.Report, w.Name, c.System) && c.PeakThreads != nil && c.PeakThroughput != nil {
						s.PeakX, s.PeakY = *c.PeakThreads, *c.PeakThroughput
					}
				}
				tput = append(tput, s)
				if len(l.X) > 0 {
					p95 = append(p95, l)
					lt = append(lt, cv)
				}
			}
			caption := fmt.Sprintf("Points: %s of %s over the repeats at each measured thread count, with %s intervals.", center, rate, confPct)
			if whiskered(tput) && !repeats {
				caption = fmt.Sprintf("Points: %s of each single run at each measured thread count, with %s intervals within the run (batch means of its interim series).", rate, confPct)
			}
			if !whiskered(tput) {
				caption = fmt.Sprintf("Points: %s of %s over the repeats at each measured thread count; no intervals: every point is a single run without one (no repeats, and no interim series long enough for batch means).", center, rate)
			}
			if fitted {
				caption += " Dashed: Universal Scalability Law fit X(N) = λN/(1+σ(N−1)+κN(N−1)); triangle: its peak N* = √((1−σ)/κ) where the data locate it (the text says why a peak is not marked)."
			}
			if len(hidden) > 0 {
				if len(hidden) == 1 && hidden[0] == "all" {
					caption += " The fit is not drawn: between the measured thread counts it rises above every measured point, to a peak the text does not quote."
				} else if len(hidden) == 1 {
					caption += fmt.Sprintf(" The fit of %s is not drawn: between the measured thread counts it rises above every measured point, to a peak the text does not quote.", hidden[0])
				} else {
					caption += fmt.Sprintf(" The fits of %s are not drawn: between the measured thread counts they rise above every measured point, to peaks the text does not quote.", joinAnd(hidden))
				}
			}
			if poor {
				caption += fmt.Sprintf(" A fit with R² below %s is faded and its peak left out: the law does not describe those points well enough for the peak to mean much.", trimZeros(FormatFixed(poorFitR2, 2)))
			}
			add("scaling", "scaling-"+base, fmt.Sprintf("%s: %s vs threads", w.Name, rate), caption, func() *Figure {
				return ScalingChart("", "", rateLabel, "", threads, pal, tput)
			})
			if len(p95) > 0 {
				caption := fmt.Sprintf("Points: %s over the repeats of the p95 latency sysbench printed for each whole run.", center)
				if spread {
					caption += " Whiskers: the lowest and highest p95 of the repeats."
				}
				add("latency", "p95-"+base, fmt.Sprintf("%s: p95 latency vs threads", w.Name), caption,
					func() *Figure {
						return ScalingChart("", "", "p95 latency (ms)", "", threads, pal, p95)
					})
				add("latency-throughput", "latency-throughput-"+base, fmt.Sprintf("%s: p95 latency vs %s", w.Name, rate),
					fmt.Sprintf("One point per thread count, labelled with it and joined in increasing thread order: where the line turns upward, extra threads add queueing, not throughput; where it turns back, they cost throughput. x: %s of %s; y: %s of the p95 latency.", center, rate, center),
					func() *Figure {
						return LatencyThroughputChart("", "", rateLabel, "p95 latency (ms)", "", pal, lt)
					})
			}
		}

		// Per-second series and histograms, one chart per thread count.
		byThreads := map[int][]*analyze.Cell{}
		for _, c := range cellsOf[w.Name] {
			byThreads[c.Threads] = append(byThreads[c.Threads], c)
		}
		for _, t := range w.Threads {
			cells := byThreads[t]
			suffix := fmt.Sprintf("%s-%dthr", base, t)
			// The runs' series are read again when the chart is drawn
			// (timeTraces), not held from now until then: every run's
			// times and values (24 MB of the demo ×361).
			warm := 0.0
			nruns := 0
			hasHistogram := false
			for _, c := range cells {
				for _, r := range c.Runs {
					hasHistogram = hasHistogram || r.NumBuckets() > 0
					if rate.Series(r) == nil {
						continue
					}
					if st := stab[runKey{r.Source, r.Line}]; st != nil {
						warm = math.Max(warm, st.WarmupS)
					}
					nruns++
				}
			}
			if nruns > 0 {
				caption := fmt.Sprintf("Per-second %s from sysbench's interim reports (%d %s).", rate, nruns, plural(nruns, "run", "runs"))
				if nruns > len(cells) {
					caption += " Line: each system's median run at each second; band: its lowest to its highest run."
				}
				if warm > 0 {
					caption += fmt.Sprintf(" Shaded: warm-up trimmed before the steady-state statistics (the longest among these runs, %s s).", FormatNum(warm))
				}
				caption += " Crosses: stalls, intervals below a tenth of the run's median."
				add("timeline", "timeline-"+suffix, fmt.Sprintf("%s, %s: %s over time", w.Name, threadsLabel(t), rate), caption, func() *Figure {
					return TimeChart("", "", rateLabel, "", warm, pal, timeTraces(cells, rate, stab))
				})
			}
			if hasHistogram {
				// The runs' buckets are put together when the chart is
				// drawn, not held from now until then: a copy of every
				// run's histogram (2.8 KB a run, 36 MB of the demo x70).
				add("histogram", "histogram-"+suffix, fmt.Sprintf("%s, %s: latency distribution", w.Name, threadsLabel(t)),
					fmt.Sprintf("Share of events per latency bucket from sysbench --histogram, summed over each system's runs. The latency axis spans the middle %s of each system's events, so that rare outliers do not squeeze the rest into a sliver.", FormatFixed(100-200*HistogramTail, 1)+"%"),
					func() *Figure { return HistogramChart("", "", "", pal, cellHistograms(cells)) })
			}
		}
	}
	return plans
}

// p95Range is analyze.RepeatRange of the p95 latency.
func p95Range(c *analyze.Cell) (lo, hi float64, n int) { return analyze.RepeatRange(c, "95") }

// planRelative decides the headline chart: for each workload, one bar
// per system with its ratio to the base at the headline thread count and
// the ratio's interval, on a log axis centred on 1×. The title names the
// thread count when every workload is compared at the same one; else
// each workload's label does.
func planRelative(v *View, pal *Palette) []chartPlan {
	rp := v.Report
	if len(rp.Headline) == 0 {
		return nil
	}
	sameThreads := true
	for _, h := range rp.Headline {
		sameThreads = sameThreads && h.Threads == rp.Headline[0].Threads
	}
	lower := map[string]bool{}
	for _, w := range rp.Workloads {
		lower[w.Name] = w.LowerIsBetter
	}
	var groups []string
	var bs []Bar
	anyLower := false
	for gi, h := range rp.Headline {
		groups = append(groups, headlineName(rp, h, false, !sameThreads))
		for _, r := range h.Ratios {
			if r == nil || r.Ratio == nil {
				continue
			}
			anyLower = anyLower || lower[h.Workload]
			bs = append(bs, Bar{Group: gi, System: r.System, Value: *r.Ratio, Lo: deref(r.Lo), Hi: deref(r.Hi)})
		}
	}
	confPct := trimZeros(fmt.Sprintf("%.1f", 100*v.Confidence)) + "%"
	name := "relative"
	what, of := v.Metric, v.Metric
	if rp.Metric == "" {
		what, of = "each workload's metric", "of each workload's metric"
	}
	at := " at each workload's thread count"
	if sameThreads {
		at = " " + atThreads(rp.Headline[0].Threads)
	}
	against := v.Base
	for _, h := range rp.Headline {
		if h.Base != "" && h.Base != rp.Base {
			against = "the base of each workload"
		}
	}
	title := fmt.Sprintf("%s relative to %s%s", what, against, at)
	caption := fmt.Sprintf("Ratio of each system's %s %s to that of %s on each workload%s, the thread count of the table above, on a logarithmic axis: 1× (the line) is the same, and a ratio and its reciprocal (half and double) lie equally far from it; whiskers: %s interval of the ratio.",
		v.Center, of, against, at, confPct)
	if anyLower {
		caption += " For seconds and latencies lower is better: a ratio below 1× is the faster system."
	}
	ref := ChartRef{Kind: "relative", PNG: ChartDir + "/" + name + ".png", SVG: ChartDir + "/" + name + ".svg", Title: title, Caption: caption}
	v.RelativeChart = &ref
	return []chartPlan{{build: func() *Figure {
		f := RatioChart("", "", "ratio to "+against, "", groups, pal, bs)
		f.Name, f.Title, f.Caption = name, title, caption
		f.Plot.Title.Text = title
		return f
	}}}
}

func orderCurves(cs []*analyze.Curve, systems []string) []*analyze.Curve {
	rank := map[string]int{}
	for i, s := range systems {
		rank[s] = i
	}
	out := append([]*analyze.Curve(nil), cs...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && rank[out[j].System] < rank[out[j-1].System]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// quotedPeak reports whether the system's fitted peak on the workload
// passed its guard and lies inside the measured range: only then is it
// marked on a chart.
func quotedPeak(rp *analyze.Report, workload, system string) bool {
	if rp == nil {
		return false
	}
	for _, f := range rp.Findings.Select(analyze.KindPeak, workload, analyze.CodeUSLPeak) {
		if f.System == system {
			return f.Guard.Passed && f.Word("range") == "inside"
		}
	}
	return false
}

// humpAbove reports whether a fit whose peak the findings refuse (or
// whose fit is poor) rises, between the measured thread counts, above
// every measured value ys: drawn, it would show a peak the data do not.
func humpAbove(rp *analyze.Report, workload, system string, threads, ys []float64, m analyze.Model) bool {
	if rp == nil || len(threads) < 2 || len(ys) == 0 || !rp.Findings.Refused(workload, system, analyze.CodeUSLPeak) {
		return false
	}
	top := math.Inf(-1)
	for _, y := range ys {
		top = math.Max(top, y)
	}
	lo, hi := threads[0], threads[len(threads)-1]
	const n = 120
	for i := 0; i <= n; i++ {
		x := lo + (hi-lo)*float64(i)/n
		if geometric(threads) {
			x = lo * math.Pow(hi/lo, float64(i)/n)
		}
		if y := m.ThroughputAt(x); finite(y) && y > top {
			return true
		}
	}
	return false
}

// atThreads says where a figure was measured: "at 16 threads", or "at
// an unknown thread count" when the text does not give it.
func atThreads(t int) string {
	if t == 0 {
		return "at an unknown thread count"
	}
	return "at " + threadsLabel(t)
}

func threadsLabel(t int) string {
	if t == 0 {
		return "threads unknown"
	}
	return fmt.Sprintf("%d %s", t, plural(t, "thread", "threads"))
}

// metricLabel is the axis title of a metric, with its unit.
func metricLabel(m analyze.Metric) string {
	switch m {
	case analyze.TPS:
		return "transactions per second"
	case analyze.QPS:
		return "queries per second"
	case analyze.EPS:
		return "events per second"
	case analyze.MiBs:
		return "MiB per second"
	case analyze.SlapAvgS:
		return "average seconds to run all queries (mysqlslap)"
	case analyze.SlapMinS:
		return "fewest seconds to run all queries (mysqlslap)"
	case analyze.SlapMaxS:
		return "most seconds to run all queries (mysqlslap)"
	}
	switch unitOf(m) {
	case "ms":
		return string(m) + " (ms)"
	case "s":
		return string(m) + " (s)"
	}
	return string(m) + " (per second)"
}

// metricName is a metric as a sentence or a table names it
// (analyze.Metric.String).
func metricName(m analyze.Metric) string { return m.String() }

// metricID is the metric a view names by metricName.
func metricID(name string) analyze.Metric {
	if name == metricName(analyze.MiBs) {
		return analyze.MiBs
	}
	return analyze.Metric(name)
}

func unitOf(m analyze.Metric) string {
	switch {
	case strings.HasPrefix(string(m), "latency_") || strings.HasSuffix(string(m), "_ms"):
		return "ms"
	case strings.HasPrefix(string(m), "slap_"):
		return "s"
	}
	return "/s"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// whiskered reports whether any point of the series has an interval.
func whiskered(ss []Series) bool {
	for _, s := range ss {
		for i := range s.Lo {
			if !math.IsNaN(s.Lo[i]) && !math.IsNaN(s.Hi[i]) {
				return true
			}
		}
	}
	return false
}

// timeTraces returns the per-second series of metric rate of the runs of
// cells, each with the seconds its stability analysis found stalled; each
// run's interim reports are read once.
func timeTraces(cells []*analyze.Cell, rate analyze.Metric, stab map[runKey]*analyze.Stability) []Trace {
	var traces []Trace
	for _, c := range cells {
		for _, r := range c.Runs {
			ivs := r.Interim()
			ys := rate.SeriesOf(r, ivs)
			if len(ys) == 0 {
				continue
			}
			tr := Trace{System: c.System, T: make([]float64, 0, min(len(ivs), len(ys))), Y: make([]float64, 0, min(len(ivs), len(ys)))}
			for i, iv := range ivs {
				if i < len(ys) {
					tr.T = append(tr.T, iv.T)
					tr.Y = append(tr.Y, ys[i])
				}
			}
			if st := stab[runKey{r.Source, r.Line}]; st != nil {
				for _, s := range st.Stalls {
					for _, x := range tr.T {
						if x >= s.StartS && x <= s.EndS {
							tr.Stalls = append(tr.Stalls, x)
						}
					}
				}
			}
			traces = append(traces, tr)
		}
	}
	return traces
}

// cellHistograms returns a Histogram of each cell's runs for each cell
// that has a histogram: its runs' buckets are read as it is drawn.
func cellHistograms(cells []*analyze.Cell) []Histogram {
	var hs []Histogram
	for _, c := range cells {
		for _, r := range c.Runs {
			if r.NumBuckets() > 0 {
				hs = append(hs, Histogram{System: c.System, Runs: c.Runs})
				break
			}
		}
	}
	return hs
}
