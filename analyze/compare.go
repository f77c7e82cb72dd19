package analyze

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse"
)

// CompareOptions controls Compare.
type CompareOptions struct {
	Metric     Metric        // "" = DefaultMetric of the runs
	Base       string        // baseline system; "" = the first system
	Center     Center        // Mean (default) or Median
	Alpha      float64       // significance level, default 0.05
	Confidence float64       // interval level, default 0.95
	Skip       time.Duration // warm-up handling, as in Steady
	Thresholds Thresholds    // zero value = DefaultThresholds
}

// A Row is one system in one workload × threads cell. Its JSON is the
// compare --json row.
type Row struct {
	Workload string `json:"workload"`
	Threads  *int   `json:"threads"` // null when unknown
	Metric   Metric `json:"metric"`
	System   string `json:"system"`
	Base     bool   `json:"base"`
	N        int    `json:"n"`
	// Center, Lo and Hi summarise the repeats (null where undefined or
	// infinite). With one run that has an interim series, the interval is
	// the within-run batch-means interval and Within is set.
	Center *float64 `json:"center"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
	Within bool     `json:"within_run"`
	// Ratio is center(system)/center(base); RatioLo and RatioHi are its
	// Fieller interval (null when unbounded). Null on the base row.
	Ratio   *float64 `json:"ratio"`
	RatioLo *float64 `json:"ratio_lo"`
	RatioHi *float64 `json:"ratio_hi"`
	// PValue is Welch's t-test (mean) or the Mann–Whitney U test (median)
	// against the base; null on the base row or when untestable.
	PValue      *float64 `json:"p_value"`
	Test        string   `json:"test"` // "welch", "mann-whitney", ""
	Significant bool     `json:"significant"`
	// Better is set when the difference is significant and in the good
	// direction (higher throughput, lower latency).
	Better   bool      `json:"better"`
	Values   []float64 `json:"values"` // the per-run values, in input order
	Summary  Summary   `json:"-"`
	Warnings Warnings  `json:"warnings"`
}

// A Geomean is the geometric mean of one system's ratios to the base over
// the cells both have.
type Geomean struct {
	System string   `json:"system"`
	Metric Metric   `json:"metric"`
	Ratio  *float64 `json:"ratio"`
	Cells  int      `json:"cells"`
	// Workloads lists the workloads that entered the mean.
	Workloads []string `json:"workloads"`
	Warnings  Warnings `json:"warnings"`
}

// A Comparison is the result of Compare; its JSON is compare --json.
type Comparison struct {
	Metric        Metric    `json:"metric"`
	LowerIsBetter bool      `json:"lower_is_better"`
	By            string    `json:"by"`
	Base          string    `json:"base"`
	Center        Center    `json:"center"`
	Alpha         float64   `json:"alpha"`
	Confidence    float64   `json:"confidence"`
	Systems       []string  `json:"systems"`
	Rows          []Row     `json:"rows"` // cell by cell, base first within a cell
	Geomeans      []Geomean `json:"geomean"`
	Warnings      Warnings  `json:"warnings"`
}

// Compare compares every system with the base, cell by cell.
//
// Each run contributes one value: the printed figure, except for a
// throughput metric (tps, qps, eps) when a warm-up was trimmed from the
// run's interim series (see Steady), where the steady-state mean stands in
// for the printed cumulative figure, which includes the warm-up. A cell
// with one run and an interim series gets the within-run batch-means
// interval (Row.Within); when both sides are such single runs, the batch
// means are the samples of the ratio interval and the test.
//
// With Center Median the ratio is of the medians and its interval is the
// distribution-free one from the pairwise log ratios (Hodges–Lehmann,
// inverting the exact Mann–Whitney test; Bauer 1972).
func Compare(d *Dataset, opts CompareOptions) *Comparison {
	opts = opts.withDefaults(d)
	th := opts.Thresholds
	c := &Comparison{
		Metric: opts.Metric, LowerIsBetter: opts.Metric.LowerIsBetter(), By: d.By, Base: opts.Base,
		Center: opts.Center, Alpha: opts.Alpha, Confidence: opts.Confidence, Systems: d.Systems,
	}
	if !slices.Contains(d.Systems, c.Base) {
		if c.Base != "" {
			c.Warnings.addf("no system %q: comparing with %q", c.Base, first(d.Systems))
		}
		c.Base = first(d.Systems)
	}
	type sample struct {
		vals    []float64
		batches []float64 // within-run batch means of a single run
		within  Summary
		warn    Warnings
	}
	collect := func(cell *Cell) sample {
		var s sample
		for _, r := range cell.Runs {
			v, ok := opts.Metric.Value(r)
			var st *Stability
			if opts.Metric.Series(r) != nil {
				st = Steady(r, opts.Metric, opts.Skip, opts.Confidence, th)
				if st.N > 0 && (st.WarmupS > 0 || !ok) {
					v, ok = st.Mean, true
				}
			}
			if !ok {
				s.warn.addf("%s:%d: no %s", r.Source, r.Line, opts.Metric)
				continue
			}
			s.vals = append(s.vals, v)
			if len(cell.Runs) == 1 && st != nil && st.Batches >= 2 {
				s.within = st.Batch
				s.batches = batchMeansOf(steadySeries(r, opts.Metric, st), st.Batches)
			}
		}
		return s
	}
	type gk struct {
		w string
		t int
	}
	// A workload none of whose runs has the metric (cpu runs when tps is
	// compared) is left out with one warning naming a metric it has.
	has := map[string]bool{}
	others := map[string][]*parse.Run{}
	for _, cell := range d.Cells {
		for _, r := range cell.Runs {
			if _, ok := opts.Metric.Value(r); ok || opts.Metric.Series(r) != nil {
				has[cell.Workload] = true
			}
			others[cell.Workload] = append(others[cell.Workload], r)
		}
	}
	for _, w := range d.Workloads {
		if !has[w] {
			if alt := DefaultMetric(others[w]); alt != opts.Metric {
				c.Warnings.addf("%s: no run has %s, left out (compare it with --metric %s)", w, opts.Metric, alt)
			} else {
				c.Warnings.addf("%s: no run has %s, left out", w, opts.Metric)
			}
		}
	}
	var order []gk
	cells := map[gk][]*Cell{}
	for _, cell := range d.Cells {
		if !has[cell.Workload] {
			continue
		}
		k := gk{cell.Workload, cell.Threads}
		if _, ok := cells[k]; !ok {
			order = append(order, k)
		}
		cells[k] = append(cells[k], cell)
	}
	for _, k := range order {
		group := cells[k]
		var base *Cell
		for _, cell := range group {
			if cell.System == c.Base {
				base = cell
			}
		}
		// Base first, then the others in dataset order.
		sort.SliceStable(group, func(i, j int) bool { return group[i] == base && group[j] != base })
		var bs sample
		if base != nil {
			bs = collect(base)
		}
		for _, cell := range group {
			s := bs
			if cell != base {
				s = collect(cell)
			}
			row := Row{Workload: k.w, Metric: opts.Metric, System: cell.System, Base: cell == base, N: len(s.vals), Values: s.vals}
			if k.t > 0 {
				t := k.t
				row.Threads = &t
			}
			row.Warnings = append(row.Warnings, cell.Warnings...)
			row.Warnings = append(row.Warnings, s.warn...)
			if cell.PercentileUpperBound && opts.Metric.Percentile() != "" {
				row.Warnings.addf("merged clients: %s is an upper bound", opts.Metric)
			}
			row.Summary = summarize(s.vals, opts.Center, opts.Confidence)
			if len(s.vals) == 1 && s.within.Method == "batch-means" {
				w := s.within
				w.Center = s.vals[0]
				row.Summary, row.Within = w, true
				row.Warnings.addf("one run: the interval is within-run (batch means) and ignores run-to-run variation")
			} else {
				row.Warnings = append(row.Warnings, row.Summary.Warnings...)
			}
			row.Center, row.Lo, row.Hi = num(row.Summary.Center), num(row.Summary.Lo), num(row.Summary.Hi)
			if len(s.vals) == 0 {
				row.Center = nil
			}
			if base == nil {
				row.Warnings.addf("no %s run for %s at %s: no ratio", c.Base, k.w, threadsText(k.t))
			}
			if cell != base && base != nil && len(s.vals) > 0 && len(bs.vals) > 0 {
				compareRow(&row, bs.vals, s.vals, bs.batches, s.batches, opts)
			}
			c.Rows = append(c.Rows, row)
		}
	}
	c.Geomeans = geomeans(c, d)
	c.Warnings = append(c.Warnings, d.Warnings...)
	return c
}

// compareRow fills the ratio, its interval and the test of row against
// the base sample.
func compareRow(row *Row, base, vals, baseBatches, batches []float64, opts CompareOptions) {
	xs, ys := base, vals
	within := len(xs) == 1 && len(ys) == 1 && len(baseBatches) >= 2 && len(batches) >= 2
	if within {
		xs, ys = baseBatches, batches
	}
	var ratio, lo, hi float64
	var bounded bool
	var test TestResult
	if opts.Center == Median && !within {
		ratio = median(ys) / median(xs)
		lo, hi, bounded = ratioCIMedian(xs, ys, opts.Confidence)
		test = MannWhitney(xs, ys, opts.Alpha)
		row.Test = "mann-whitney"
	} else {
		ratio, lo, hi, bounded = Fieller(xs, ys, opts.Confidence)
		if within {
			ratio = vals[0] / base[0]
		}
		test = WelchTTest(xs, ys)
		row.Test = "welch"
	}
	if within {
		row.Test += " (within-run batch means)"
	}
	row.Ratio = num(ratio)
	if bounded {
		row.RatioLo, row.RatioHi = num(lo), num(hi)
	} else if len(xs) > 1 || len(ys) > 1 {
		row.Warnings.addf("ratio interval unbounded: the baseline is too noisy (or too small a sample) to bound it")
	}
	testable := len(xs) >= 2 && len(ys) >= 2
	if opts.Center == Median && !within {
		testable = !(len(test.Warnings) > 0 && strings.HasPrefix(test.Warnings[0].Error(), "no values"))
	}
	if testable {
		row.Warnings = append(row.Warnings, test.Warnings...)
		p := test.P
		row.PValue = &p
		row.Significant = p <= opts.Alpha
		row.Better = row.Significant && (ratio > 1) != opts.Metric.LowerIsBetter() && ratio != 1
	} else {
		row.Warnings.addf("need >= 2 runs per side (or an interim series) to test the difference")
	}
}

// ratioCIMedian returns the distribution-free interval of the ratio of
// two positive samples: exp of the Hodges–Lehmann interval of the shift
// of their logarithms, [D(k), D(mn+1−k)] over the sorted pairwise
// differences D, k the largest with P(U ≤ k−1) ≤ (1−confidence)/2.
func ratioCIMedian(xs, ys []float64, confidence float64) (lo, hi float64, ok bool) {
	m, n := len(xs), len(ys)
	if m < 2 || n < 2 {
		return math.Inf(-1), math.Inf(1), false
	}
	var d []float64
	for _, x := range xs {
		for _, y := range ys {
			if x <= 0 || y <= 0 {
				return math.Inf(-1), math.Inf(1), false
			}
			d = append(d, math.Log(y)-math.Log(x))
		}
	}
	sort.Float64s(d)
	ones := make([]int, m+n)
	for i := range ones {
		ones[i] = 1
	}
	a := (1 - confidence) / 2
	k := 0
	for u := 0; u < m*n/2; u++ {
		if uCDF(m, n, ones, float64(u)) > a {
			break
		}
		k = u + 1
	}
	if k < 1 {
		return math.Inf(-1), math.Inf(1), false
	}
	return math.Exp(d[k-1]), math.Exp(d[m*n-k]), true
}

func geomeans(c *Comparison, d *Dataset) []Geomean {
	baseWL := map[string]bool{}
	for _, row := range c.Rows {
		if row.Base && row.Center != nil {
			baseWL[row.Workload] = true
		}
	}
	var out []Geomean
	for _, sys := range d.Systems {
		if sys == c.Base {
			continue
		}
		g := Geomean{System: sys, Metric: c.Metric}
		sum := 0.0
		wl := map[string]bool{}
		for _, row := range c.Rows {
			if row.System != sys || row.Ratio == nil || *row.Ratio <= 0 {
				continue
			}
			sum += math.Log(*row.Ratio)
			g.Cells++
			if !wl[row.Workload] {
				wl[row.Workload] = true
				g.Workloads = append(g.Workloads, row.Workload)
			}
		}
		if g.Cells == 0 {
			g.Warnings.addf("no cell shared with %s", c.Base)
			out = append(out, g)
			continue
		}
		g.Ratio = num(math.Exp(sum / float64(g.Cells)))
		if len(wl) != len(baseWL) || !subset(wl, baseWL) {
			g.Warnings.addf("workloads differ: %s has %s, %s has %s: the geomeans are not comparable",
				sys, setText(wl), c.Base, setText(baseWL))
		}
		out = append(out, g)
	}
	return out
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func setText(m map[string]bool) string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	sort.Strings(s)
	return "{" + strings.Join(s, ", ") + "}"
}

func threadsText(t int) string {
	if t == 0 {
		return "unknown threads"
	}
	return fmt.Sprintf("%d threads", t)
}

func first(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

func summarize(xs []float64, c Center, confidence float64) Summary {
	if c == Median {
		return SummarizeMedian(xs, confidence)
	}
	return SummarizeMean(xs, confidence)
}

// steadySeries returns the run's metric series after the warm-up st found.
func steadySeries(r *parse.Run, m Metric, st *Stability) []float64 {
	var xs []float64
	for i, v := range m.Series(r) {
		if !math.IsNaN(v) && (st.WarmupS == 0 || r.Intervals[i].T > st.WarmupS) {
			xs = append(xs, v)
		}
	}
	return xs
}

// batchMeansOf returns the means of b contiguous batches of xs (leftovers
// at the start dropped), as BatchMeans cuts them.
func batchMeansOf(xs []float64, b int) []float64 {
	m := len(xs) / b
	xs = xs[len(xs)-b*m:]
	out := make([]float64, b)
	for i := range out {
		s := 0.0
		for _, v := range xs[i*m : (i+1)*m] {
			s += v
		}
		out[i] = s / float64(m)
	}
	return out
}

func (o CompareOptions) withDefaults(d *Dataset) CompareOptions {
	if o.Metric == "" {
		var runs []*parse.Run
		for _, c := range d.Cells {
			runs = append(runs, c.Runs...)
		}
		o.Metric = DefaultMetric(runs)
	}
	if o.Base == "" {
		o.Base = first(d.Systems)
	}
	if o.Center == "" {
		o.Center = Mean
	}
	if o.Alpha == 0 {
		o.Alpha = 0.05
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	o.Thresholds = o.Thresholds.orDefault()
	return o
}
