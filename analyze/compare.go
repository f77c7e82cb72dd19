package analyze

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/sbreport/sbreport/parse"
)

// CompareOptions controls Compare.
type CompareOptions struct {
	Metric     Metric        // "" = DefaultMetric of the runs
	Base       string        // baseline system; "" = the first system (CompareWorkloads: DefaultBase)
	Center     Center        // GeoMean (default) or Median
	Alpha      float64       // significance level, default 0.05
	Confidence float64       // interval level, default 0.95
	Skip       time.Duration // warm-up handling, as in Steady
	Thresholds Thresholds    // zero value = DefaultThresholds
}

// A Verdict is what a comparison row concludes, in the words every
// output uses.
type Verdict string

// Verdicts. Better and Worse need a significant difference (P ≤ α,
// which at α = 1 − confidence is the ratio interval excluding 1); a side
// with a single run gets the ratio and VerdictOneRun, never
// VerdictSame.
const (
	VerdictBetter  Verdict = "better"
	VerdictWorse   Verdict = "worse"
	VerdictSame    Verdict = "no significant difference"
	VerdictOneRun  Verdict = "no test (1 run)"
	VerdictNoTest  Verdict = "no test"  // values that cannot be tested (not positive)
	VerdictNoRatio Verdict = "no ratio" // no base value to divide by
)

// A Row is one system in one workload × threads cell. Its JSON is the
// compare --json row.
type Row struct {
	Workload string `json:"workload"`
	Threads  *int   `json:"threads"` // null when unknown
	Metric   Metric `json:"metric"`
	System   string `json:"system"`
	Base     bool   `json:"base"`
	N        int    `json:"n"`
	// Center, Lo and Hi summarise the repeats (Summarize; null where
	// undefined or infinite). With one run that has an interim series,
	// the interval is the within-run batch-means interval and Within is
	// set.
	Center *float64 `json:"center"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
	Within bool     `json:"within_run"`
	// Ratio is center(system)/center(base). RatioLo and RatioHi are its
	// interval over the runs (LogRatio or RankRatio), null when
	// unbounded or when a side has one run. Null on the base row.
	Ratio   *float64 `json:"ratio"`
	RatioLo *float64 `json:"ratio_lo"`
	RatioHi *float64 `json:"ratio_hi"`
	// RatioLoOpen and RatioHiOpen mark an end of the interval that is
	// not in it (RankRatio: a ratio where pairs tie and the test rejects).
	RatioLoOpen bool `json:"ratio_lo_open,omitempty"`
	RatioHiOpen bool `json:"ratio_hi_open,omitempty"`
	// PValue is the p-value of the test that the ratio interval inverts
	// (Test "log-welch": Welch's t-test on the logarithms; "mann-whitney":
	// the exact Mann–Whitney test); null on the base row or when
	// untested.
	PValue      *float64 `json:"p_value"`
	Test        string   `json:"test"`
	Significant bool     `json:"significant"` // PValue ≤ alpha
	// Better is set when the difference is significant and in the good
	// direction (higher throughput, lower latency).
	Better  bool    `json:"better"`
	Verdict Verdict `json:"verdict"` // "" on the base row
	// Two single runs with interim series are also compared within the
	// runs: LogRatio over their batch means. That interval and p-value
	// measure how steady each run was, not how much a repeat would
	// differ, so they are reported under these names only and never make
	// a verdict (the verdict stays VerdictOneRun).
	WithinRatioLo *float64 `json:"within_run_ratio_lo"`
	WithinRatioHi *float64 `json:"within_run_ratio_hi"`
	WithinPValue  *float64 `json:"within_run_p_value"`
	// Spread is max/min of Values (null with fewer than two positive
	// values); SpreadWarning is set when the repeats differ more than
	// the other cells' repeats do (see Compare).
	Spread        *float64  `json:"spread"`
	SpreadWarning bool      `json:"spread_warning"`
	Values        []float64 `json:"values"` // the per-run values, in input order
	// Trimmed lists the runs whose value is not the figure sysbench
	// printed because a warm-up was trimmed from their interim series
	// (see Compare), with the printed figure and how much was trimmed
	// (TrimFinding states it).
	Trimmed  []Trim   `json:"trimmed"`
	Summary  Summary  `json:"-"`
	Warnings Warnings `json:"warnings"`
}

// A Trim is one run whose compared value is the steady-state mean of its
// interim series after a warm-up was trimmed, not the printed figure.
type Trim struct {
	Run     string   `json:"run"`     // file:line
	Value   float64  `json:"value"`   // the value compared
	Printed *float64 `json:"printed"` // what sysbench printed for the whole run; null when it printed none
	// WarmupS is the time trimmed from the start, Dropped the interim
	// samples in it, of Intervals in all.
	WarmupS   float64 `json:"warmup_s"`
	Dropped   int     `json:"dropped_intervals"`
	Intervals int     `json:"intervals"`
	Auto      bool    `json:"warmup_auto"` // detected (--skip auto), not given
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
	// Metrics and Bases name each workload's metric and the system its
	// ratios are taken against (CompareWorkloads); LeftOut lists once
	// the systems and workloads without their metric.
	Metrics map[string]Metric `json:"metrics,omitempty"`
	Bases   map[string]string `json:"bases,omitempty"`
	LeftOut []LeftOut         `json:"left_out,omitempty"`
	// Findings are the anomalies beside the comparison (AnomalyFindings):
	// ignored errors, sides that differ in them, superlinear steps; and
	// the cells' trimmed warm-ups (TrimFindings).
	Findings Findings `json:"findings"`

	// oneRun and withinRun count the rows with a single run, and those of
	// them with an interim series, so that comparisons of several
	// metrics merged into one say each count once (compareEach).
	oneRun, withinRun int
}

// cellCountWarnings says how many cells have a single run and how many of
// those take their interval within the run.
func (c *Comparison) cellCountWarnings() Warnings {
	var w Warnings
	if c.oneRun > 0 {
		w.addf("%d of %d %s a single run: no interval, and ratios with them are untested (%q)",
			c.oneRun, len(c.Rows), plural(len(c.Rows), "cell has", "cells have"), VerdictOneRun)
	}
	if c.withinRun > 0 {
		w.addf("%d %s a single run with an interim series: %s within the run (batch means) and ignore run-to-run variation",
			c.withinRun, plural(c.withinRun, "cell has", "cells have"), plural(c.withinRun, "its interval is", "their intervals are"))
	}
	return w
}

// Compare compares every system with the base, cell by cell.
//
// Each run contributes one value: the printed figure, except for a
// throughput metric (tps, qps, eps) when a warm-up was trimmed from the
// run's interim series (see Steady), where the steady-state mean stands in
// for the printed cumulative figure, which includes the warm-up.
//
// The repeats of a cell are summarised by Summarize. A system is set
// against the base by LogRatio (GeoMean: ratio of geometric means,
// Welch's interval and t-test on the logarithms) or RankRatio (Median:
// ratio of medians, Hodges–Lehmann interval and the exact Mann–Whitney
// test it inverts): in both the verdict and the interval come from one
// pivot, so at α = 1 − confidence a row is significant exactly when its
// interval excludes 1. With another α the verdicts are at α and the
// intervals at the confidence level, and the comparison says so.
//
// A side with a single run gets the ratio and VerdictOneRun. When both
// are single runs with interim series, the batch means of their steady
// states are compared too (Row.WithinRatioLo, WithinPValue), but that
// comparison is not a verdict: within-run batch means measure how steady
// one run was, not how far a repeat of it would land. On the real
// campaign in examples/demo-campaign, the within-run test calls 18 of the
// 160 pairs of repeats of one system and cell "significant" at α = 0.05,
// more than twice the rate a valid test of run-to-run differences would
// give (TestWithinRunIsNotAVerdict).
//
// A cell whose repeats differ much more than the other cells' repeats is
// flagged (Row.SpreadWarning, with a warning naming its runs): its
// log-variance is tested against the pooled log-variance of the other
// cells (F-test, Bonferroni over the cells at Thresholds.SpreadAlpha) and
// the spread max/min is at least Thresholds.MinSpread; a spread of
// Thresholds.MaxSpread or more is always flagged.
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
	if math.Abs(opts.Alpha-(1-opts.Confidence)) > 1e-9 {
		c.Warnings.addf("verdicts are at alpha %v but intervals at %v confidence: a verdict and its interval may disagree (use confidence %v to match)",
			opts.Alpha, opts.Confidence, 1-opts.Alpha)
	}
	type sample struct {
		vals    []float64
		trims   []Trim
		runs    []int     // index in the cell of each value's run
		batches []float64 // within-run batch means of a single run
		within  Summary
		warn    Warnings
	}
	collect := func(cell *Cell) sample {
		var s sample
		for i, r := range cell.Runs {
			v, ok := opts.Metric.Value(r)
			var st *Stability
			if opts.Metric.Series(r) != nil {
				st = Steady(r, opts.Metric, opts.Skip, opts.Confidence, th)
				if st.DeclinedS > 0 {
					s.warn.addf("%s: %s declined, %.2f on average in the first %g s and %.2f after: not a warm-up, nothing trimmed",
						cell.Ref(i), opts.Metric, st.HeadMean, st.DeclinedS, st.RestMean)
				}
				if st.N > 0 && (st.WarmupS > 0 || !ok) {
					if st.WarmupS > 0 {
						tr := Trim{Run: cell.Ref(i), Value: st.Mean, WarmupS: st.WarmupS, Dropped: st.Total - st.N,
							Intervals: st.Total, Auto: st.WarmupAuto}
						if ok {
							tr.Printed = num(v)
						}
						s.trims = append(s.trims, tr)
					}
					v, ok = st.Mean, true
				}
			}
			if !ok {
				if opts.Metric.Fragment(r) {
					s.warn.addf("%s: a single interim line and no cumulative report: a fragment, not a result (no %s)", cell.Ref(i), opts.Metric)
				} else {
					s.warn.addf("%s: no %s", cell.Ref(i), opts.Metric)
				}
				continue
			}
			s.vals = append(s.vals, v)
			s.runs = append(s.runs, i)
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
			frags := 0
			idx := make([]int, len(others[w]))
			for i, r := range others[w] {
				idx[i] = i
				if opts.Metric.Fragment(r) {
					frags++
				}
			}
			if frags > 0 {
				c.Warnings.addf("%s: %d of %d %s a single interim line and no cumulative report: a fragment, not a result (%s)",
					w, frags, len(others[w]), plural(len(others[w]), "run is", "runs are"),
					runsWith(others[w], idx, opts.Metric.Fragment))
			}
			if alt := DefaultMetric(others[w]); alt != opts.Metric && slices.ContainsFunc(others[w], func(r *parse.Run) bool { return hasMetric(alt, r) }) {
				// Only a metric some run has: DefaultMetric falls back
				// to tps for runs of none.
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
	type origin struct {
		cell *Cell
		runs []int
	}
	var origins []origin // per row, where its values come from
	oneRun, withinRun := 0, 0
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
			row := Row{Workload: k.w, Metric: opts.Metric, System: cell.System, Base: cell == base, N: len(s.vals), Values: s.vals,
				Trimmed: s.trims}
			if k.t > 0 {
				t := k.t
				row.Threads = &t
			}
			row.Warnings = append(row.Warnings, cell.Warnings...)
			row.Warnings = append(row.Warnings, s.warn...)
			if cell.PercentileUpperBound && opts.Metric.Percentile() != "" {
				row.Warnings.addf("merged clients: %s is an upper bound", opts.Metric)
			}
			row.Summary = Summarize(s.vals, opts.Center, opts.Confidence)
			switch {
			case len(s.vals) == 1 && s.within.Method == "batch-means":
				w := s.within
				w.Center = s.vals[0]
				row.Summary, row.Within = w, true
				row.Warnings = append(row.Warnings, w.Warnings...)
				withinRun++
			case len(s.vals) == 1:
				oneRun++ // said once for all such cells
			default:
				row.Warnings = append(row.Warnings, row.Summary.Warnings...)
			}
			row.Center = num(row.Summary.Center)
			row.Lo, row.Hi = bothBounds(row.Summary.Lo, row.Summary.Hi)
			if len(s.vals) == 0 {
				row.Center = nil
			}
			if cell != base {
				row.Verdict = VerdictNoRatio
			}
			if base == nil {
				row.Warnings.addf("no %s run for %s at %s: no ratio", c.Base, k.w, threadsText(k.t))
			}
			if cell != base && base != nil && len(s.vals) > 0 && len(bs.vals) > 0 {
				compareRow(&row, bs.vals, s.vals, bs.batches, s.batches, opts)
			}
			c.Rows = append(c.Rows, row)
			origins = append(origins, origin{cell, s.runs})
		}
	}
	c.oneRun, c.withinRun = oneRun, withinRun
	c.Warnings = append(c.Warnings, c.cellCountWarnings()...)
	flagSpreads(c.Rows, func(row, j int) string { o := origins[row]; return o.cell.Ref(o.runs[j]) }, opts.Metric, th)
	c.Geomeans = geomeans(c, d)
	c.Warnings = append(c.Warnings, d.Warnings...)
	return c
}

// compareRow fills the ratio, its interval, the test and the verdict of
// row against the base sample.
func compareRow(row *Row, base, vals, baseBatches, batches []float64, opts CompareOptions) {
	var rt RatioTest
	if opts.Center == Median {
		rt = RankRatio(base, vals, opts.Confidence)
		row.Test = "mann-whitney"
	} else {
		rt = LogRatio(base, vals, opts.Confidence)
		row.Test = "log-welch"
	}
	row.Ratio = num(rt.Ratio)
	row.Warnings = append(row.Warnings, rt.Warnings...)
	if row.Ratio == nil {
		row.Verdict, row.Test = VerdictNoRatio, ""
		return
	}
	if !rt.Tested {
		row.Test = ""
		row.Verdict = VerdictNoTest
		if len(base) == 1 || len(vals) == 1 {
			row.Verdict = VerdictOneRun
		}
		if len(base) == 1 && len(vals) == 1 && len(baseBatches) >= 2 && len(batches) >= 2 {
			w := LogRatio(baseBatches, batches, opts.Confidence)
			if w.Bounded {
				row.WithinRatioLo, row.WithinRatioHi = bothBounds(w.Lo, w.Hi)
			}
			if w.Tested {
				row.WithinPValue = num(w.P)
			}
		}
		return
	}
	if rt.Bounded {
		row.RatioLo, row.RatioHi = bothBounds(rt.Lo, rt.Hi)
		row.RatioLoOpen, row.RatioHiOpen = rt.LoOpen, rt.HiOpen
	}
	p := rt.P
	row.PValue = &p
	row.Significant = p <= opts.Alpha
	row.Better = row.Significant && (rt.Ratio > 1) != opts.Metric.LowerIsBetter() && rt.Ratio != 1
	switch {
	case !row.Significant:
		row.Verdict = VerdictSame
	case row.Better:
		row.Verdict = VerdictBetter
	default:
		row.Verdict = VerdictWorse
	}
}

// flagSpreads sets Spread on every row with two or more positive values
// and flags the rows whose repeats differ more than the other rows'
// repeats do (see Compare), with a warning naming the runs: ref(i, j)
// is where the j-th value of row i comes from.
func flagSpreads(rows []Row, ref func(row, j int) string, m Metric, th Thresholds) {
	type cellVar struct {
		ss float64 // Σ (log x − mean)²
		df int
	}
	vars := make([]cellVar, len(rows))
	totalSS, totalDF, tested := 0.0, 0, 0
	for i := range rows {
		ls, _, ok := logs(rows[i].Values)
		if !ok || len(ls) < 2 {
			continue
		}
		mean := stat.Mean(ls, nil)
		for _, l := range ls {
			vars[i].ss += (l - mean) * (l - mean)
		}
		vars[i].df = len(ls) - 1
		totalSS += vars[i].ss
		totalDF += vars[i].df
		tested++
		lo, hi := slices.Min(rows[i].Values), slices.Max(rows[i].Values)
		rows[i].Spread = num(hi / lo)
	}
	for i := range rows {
		r := &rows[i]
		if r.Spread == nil {
			continue
		}
		spread := *r.Spread
		otherSS, otherDF := totalSS-vars[i].ss, totalDF-vars[i].df
		flag := th.MaxSpread > 0 && spread >= th.MaxSpread
		if !flag && spread >= th.MinSpread && otherDF > 0 && otherSS > 0 && vars[i].ss > 0 {
			f := (vars[i].ss / float64(vars[i].df)) / (otherSS / float64(otherDF))
			p := distuv.F{D1: float64(vars[i].df), D2: float64(otherDF)}.Survival(f)
			flag = p < th.SpreadAlpha/float64(tested)
		}
		if !flag {
			continue
		}
		r.SpreadWarning = true
		var others []float64
		for j := range rows {
			if j != i && rows[j].Spread != nil {
				others = append(others, *rows[j].Spread)
			}
		}
		ctx := "no other cell has repeats"
		if len(others) > 0 {
			ctx = fmt.Sprintf("the other %d cells: median %.2f×", len(others), median(others))
		}
		r.Warnings.addf("repeats differ %.2f× (max/min; %s): %s %s", spread, ctx, m, spreadRuns(r.Values, func(j int) string { return ref(i, j) }))
	}
}

// maxSpreadListed is the most repeats a "repeats differ" warning lists
// one by one; a cell of more names its lowest and highest, which are
// what the spread is made of.
const maxSpreadListed = 6

// spreadRuns lists a cell's repeats for its "repeats differ" warning,
// each value with the run it came from: all of them up to
// maxSpreadListed, else the lowest and the highest and how many there
// are.
func spreadRuns(vals []float64, ref func(int) string) string {
	if len(vals) <= maxSpreadListed {
		runs := make([]string, len(vals))
		for j, v := range vals {
			runs[j] = fmt.Sprintf("%.4g at %s", v, ref(j))
		}
		return strings.Join(runs, ", ")
	}
	lo, hi := 0, 0
	for j, v := range vals {
		if v < vals[lo] {
			lo = j
		}
		if v > vals[hi] {
			hi = j
		}
	}
	return fmt.Sprintf("%d repeats, the lowest %.4g at %s, the highest %.4g at %s", len(vals), vals[lo], ref(lo), vals[hi], ref(hi))
}

// WarningLines returns every warning of the comparison once, in the
// order compare prints them: the comparison's own, then each row's
// prefixed "workload/threads threads/system: ", then each geomean's.
// The report's Warnings section lists the same lines.
func (c *Comparison) WarningLines() []string {
	seen := map[string]bool{}
	var lines []string
	add := func(where string, ws Warnings) {
		for _, e := range ws {
			l := where + e.Error()
			if !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	add("", c.Warnings)
	for _, r := range c.Rows {
		t := "?"
		if r.Threads != nil {
			t = strconv.Itoa(*r.Threads)
		}
		add(fmt.Sprintf("%s/%s threads/%s: ", r.Workload, t, r.System), r.Warnings)
	}
	for _, g := range c.Geomeans {
		add("geomean "+g.System+": ", g.Warnings)
	}
	return lines
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

// steadySeries returns the run's metric series after the warm-up st found.
func steadySeries(r *parse.Run, m Metric, st *Stability) []float64 {
	var xs []float64
	ivs := r.Interim()
	for i, v := range m.SeriesOf(r, ivs) {
		if !math.IsNaN(v) && (st.WarmupS == 0 || ivs[i].T > st.WarmupS) {
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
		o.Center = GeoMean
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
