package analyze

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// Codes of the workload findings.
const (
	CodeRatio          = "ratio"             // comparison: one cell against the base's
	CodeMeasuredCurve  = "measured_curve"    // scaling: highest measured, where it flattens
	CodeCPUSaturation  = "cpu_saturation"    // scaling: throughput at which the CPUs would be busy
	CodeUSLPeak        = "usl_peak"          // peak: the fit's N* and X(N*)
	CodeUSLCeiling     = "usl_ceiling"       // ceiling: the fit's λ/σ
	CodeUSLPoorFit     = "usl_poor_fit"      // scaling: the law does not describe the points
	CodeSuperlinear    = "superlinear_step"  // anomaly: per-thread throughput rises
	CodeIgnoredErrors  = "ignored_errors"    // anomaly: errors sysbench ignored and retried
	CodeErrorShareDiff = "error_share_diff"  // anomaly: a comparison's sides differ in errors
	CodeRepeatsDiffer  = "repeats_differ"    // anomaly: repeats disagree more than elsewhere
	CodeNoEvents       = "no_events"         // anomaly: a run counted no events at all
	CodeStartOnly      = "start_only"        // anomaly: at most one event per thread over the run
	CodeLittle         = "little"            // anomaly: throughput × average latency exceeds the threads run
	CodeLittleFactor   = "little_factor"     // anomaly: those runs exceed the threads by one common factor
	CodeLittleFactors  = "little_factors"    // caveat: every such workload's common factors agree
	CodeScope          = "scope"             // setup: runs, workloads, systems, method
	CodeOneRunSide     = "single_run_sides"  // caveat: comparisons without a test
	CodeFewPoints      = "too_few_for_a_fit" // scaling: fewer thread counts than a fit needs
	CodeTrimmedWarmup  = "trimmed_warmup"    // caveat: a cell's value is the steady state after a trimmed warm-up
)

// The guards' thresholds. A fitted peak or ceiling is quoted only from a
// fit with residual degrees of freedom to spare (MinFitPoints thread
// counts for three parameters), and never further than MaxExtrapolation
// times the best measured throughput.
const (
	MinFitPoints     = 5
	MaxExtrapolation = 1.5
	// SuperlinearStep is how far above linear the throughput per thread
	// must rise between consecutive thread counts to be flagged (10%).
	SuperlinearStep = 1.10
	// ErrorShareNote is the share of ignored errors per transaction from
	// which a cell's errors are said beside it (1%).
	ErrorShareNote = 0.01
	// HistogramTail is the share of each system's events a latency
	// histogram chart leaves out at each end.
	HistogramTail = 0.001
)

// workloadFindings are the claims about each workload: comparisons with
// the base, the shape of each system's scaling curve and its fit, and
// the anomalies of its cells.
func workloadFindings(doc *parse.Document, an *Analysis, rp *Report) Findings {
	var out Findings
	out = append(out, scopeFinding(rp))
	for _, w := range rp.Workloads {
		out = append(out, comparisonFindings(rp, w)...)
		if an != nil && an.Scaling != nil {
			for _, cu := range an.Scaling.Curves {
				if cu.Workload != w.Name {
					continue
				}
				var sat *Estimate
				satThreads := 0
				for _, c := range w.Curves {
					if c.System == cu.System && c.CPUSaturation.Center != nil {
						sat, satThreads = &c.CPUSaturation, c.SaturationThreads
					}
				}
				out = append(out, CurveFindings(withinIntervals(cu, w), sat, satThreads, unitOf(cu.Metric))...)
				if an.Dataset != nil {
					if f := superlinearFinding(cu, an.Dataset); f != nil {
						out = append(out, *f)
					}
				}
			}
		}
		if an != nil && an.Dataset != nil {
			out = append(out, errorFindings(an.Dataset, baseOf(rp, w), w.Name, tableCenter(w))...)
			out = append(out, noWorkFindings(an.Dataset, w.Name)...)
			out = append(out, littleFindings(an.Dataset, w.Name, an.Options.Thresholds)...)
		}
		for _, c := range w.Cells {
			if f := TrimFinding(w.Name, c.System, c.Threads, c.N, c.Trimmed); f != nil {
				out = append(out, *f)
			}
			if c.SpreadWarning && c.Spread != nil {
				f := Finding{Kind: KindAnomaly, Code: CodeRepeatsDiffer, Workload: w.Name, System: c.System, Threads: c.Threads,
					Guard: Guard{Rule: "the repeats' max/min is beyond what the other cells' repeats show", Passed: true}}
				f.add("spread", *c.Spread, "×", nil, nil)
				f.add("n", float64(c.N), "", nil, nil)
				out = append(out, f)
			}
		}
	}
	if f := littleFactorsCaveat(out); f != nil {
		out = append(out, *f)
	}
	return out
}

// TrimFinding is the caveat of one cell (workload, system, threads, of
// runs runs) whose compared value is the steady state after a warm-up
// trimmed from the interim series of the runs in trims, not the figure
// sysbench printed; nil when nothing was trimmed. Its evidence: the runs
// trimmed, the seconds trimmed and the interim samples dropped (median
// with their range), and for a single run the samples in all, the value
// compared and the printed figure.
func TrimFinding(workload, system string, threads, runs int, trims []Trim) *Finding {
	if len(trims) == 0 {
		return nil
	}
	f := Finding{Kind: KindCaveat, Code: CodeTrimmedWarmup, Workload: workload, System: system, Threads: threads,
		Guard: Guard{Rule: "a warm-up is trimmed from a run's interim series (--skip, or detected with --skip auto) and the steady state after it compared instead of the printed figure", Passed: true}}
	var ws, ds []float64
	var refs []string
	auto := true
	for _, t := range trims {
		ws = append(ws, t.WarmupS)
		ds = append(ds, float64(t.Dropped))
		refs = append(refs, t.Run)
		auto = auto && t.Auto
	}
	f.add("runs_trimmed", float64(len(trims)), "", nil, nil)
	f.add("runs", float64(runs), "", nil, nil)
	lo, hi := minMax(ws)
	f.add("warmup_s", median(ws), "s", &lo, &hi, refs...)
	lo, hi = minMax(ds)
	f.add("dropped_intervals", median(ds), "", &lo, &hi, refs...)
	if len(trims) == 1 {
		t := trims[0]
		f.add("intervals", float64(t.Intervals), "", nil, nil, t.Run)
		f.add("value", t.Value, "", nil, nil, t.Run)
		if t.Printed != nil {
			f.add("printed", *t.Printed, "", nil, nil, t.Run)
		}
	}
	if auto {
		f.word("skip", "auto")
	} else {
		f.word("skip", "given")
	}
	return &f
}

// TrimFindings are the trimmed-warm-up caveats of a comparison's rows,
// for the commands that build no whole report (compare).
func TrimFindings(c *Comparison) Findings {
	var out Findings
	for _, r := range c.Rows {
		th := 0
		if r.Threads != nil {
			th = *r.Threads
		}
		if f := TrimFinding(r.Workload, r.System, th, r.N, r.Trimmed); f != nil {
			out = append(out, *f)
		}
	}
	return out
}

// tableCenter returns the workload's cell centres as its results table
// prints them, when its metric is a throughput (nil otherwise).
func tableCenter(w *WorkloadReport) func(Key) (*float64, Metric) {
	if !w.Metric.Throughput() {
		return nil
	}
	return func(k Key) (*float64, Metric) {
		if c := w.Cell(k.System, k.Threads); c != nil {
			return c.Compared.Center, w.Metric
		}
		return nil, ""
	}
}

// withinIntervals returns the curve with each single-run point's missing
// interval taken from its cell's within-run (batch-means) interval, when
// the curve and the cells measure the same metric: a single run's
// interim samples say how flat a curve is where repeats cannot.
func withinIntervals(cu *Curve, w *WorkloadReport) *Curve {
	if cu.Metric != w.Metric {
		return cu
	}
	c := *cu
	c.Points = append([]ScalePoint(nil), cu.Points...)
	for i := range c.Points {
		p := &c.Points[i]
		if p.Throughput.N > 1 && !math.IsInf(p.Throughput.Lo, 0) && !math.IsNaN(p.Throughput.Lo) {
			continue
		}
		cell := w.Cell(cu.System, p.Threads)
		if cell == nil || !cell.Within || cell.Compared.Lo == nil || cell.Compared.Hi == nil {
			continue
		}
		p.Throughput.Lo, p.Throughput.Hi = *cell.Compared.Lo, *cell.Compared.Hi
	}
	return &c
}

// AnomalyFindings are the anomalies of a grouped dataset, each workload
// compared with its base in bases, for commands that do not build a
// whole report (compare): ignored errors per cell and per comparison,
// runs that did no work, rates and latencies that put more requests in
// flight than threads (Little's law, at the default tolerance), and
// superlinear steps of the scaling curves of
// sc (nil: none). The order the runs were made in is read from the runs
// themselves (Run.Started).
func AnomalyFindings(ds *Dataset, bases map[string]string, sc *Scaling) Findings {
	var out Findings
	for _, w := range ds.Workloads {
		if sc != nil {
			for _, cu := range sc.Curves {
				if cu.Workload != w {
					continue
				}
				if f := superlinearFinding(cu, ds); f != nil {
					out = append(out, *f)
				}
			}
		}
		out = append(out, errorFindings(ds, bases[w], w, nil)...)
		out = append(out, noWorkFindings(ds, w)...)
		out = append(out, littleFindings(ds, w, Thresholds{})...)
	}
	return out
}

// sameHeadlineThreads returns the headline's thread count when every
// row compares at the same one.
func sameHeadlineThreads(rows []HeadlineRow) (int, bool) {
	if len(rows) == 0 {
		return 0, false
	}
	for _, h := range rows[1:] {
		if h.Threads != rows[0].Threads {
			return 0, false
		}
	}
	return rows[0].Threads, true
}

// baseOf is the system a workload's ratios are taken against.
func baseOf(rp *Report, w *WorkloadReport) string {
	if w.Base != "" {
		return w.Base
	}
	return rp.Base
}

// scopeFinding states what the report covers and how it compares.
func scopeFinding(rp *Report) Finding {
	f := Finding{Kind: KindSetup, Code: CodeScope, Guard: Guard{Rule: "counted from the inputs", Passed: true}}
	f.add("runs", float64(rp.Runs), "", nil, nil)
	f.add("workloads", float64(len(rp.Workloads)), "", nil, nil)
	f.add("systems", float64(len(rp.Systems)), "", nil, nil)
	f.add("confidence", rp.Confidence, "", nil, nil)
	f.add("confidence_pct", 100*rp.Confidence, "%", nil, nil)
	f.add("alpha", rp.Alpha, "", nil, nil)
	f.add("warnings", float64(len(rp.Warnings)), "", nil, nil)
	f.add("errors", float64(len(rp.Errors)), "", nil, nil)
	f.add("poor_fit_r2", PoorFitR2, "", nil, nil)
	f.add("min_fit_points", MinFitPoints, "", nil, nil)
	f.add("max_extrapolation", MaxExtrapolation, "×", nil, nil)
	f.add("histogram_span_pct", 100-200*HistogramTail, "%", nil, nil)
	th := rp.Thresholds
	f.add("spread_alpha", th.SpreadAlpha, "", nil, nil)
	f.add("min_spread", th.MinSpread, "×", nil, nil)
	f.add("max_spread", th.MaxSpread, "×", nil, nil)
	f.add("error_share_note_pct", 100*ErrorShareNote, "%", nil, nil)
	f.add("superlinear_step_pct", 100*(SuperlinearStep-1), "%", nil, nil)
	if cd := rp.Config; cd != nil {
		f.add("variables_compared", float64(cd.Compared), "", nil, nil)
		f.add("variables_same", float64(cd.Compared-len(cd.Differ)), "", nil, nil)
		f.add("variables_differ", float64(len(cd.Differ)), "", nil, nil)
	}
	// One thread count for the whole headline is said in its sentence.
	if t, one := sameHeadlineThreads(rp.Headline); one && t > 0 {
		f.add("headline_threads", float64(t), "threads", nil, nil)
	}
	f.word("center", rp.CenterName)
	f.word("metric", string(rp.Metric))
	f.word("base", rp.Base)
	return f
}

// comparisonFindings are the workload's ratios to the base, one per
// cell that has one. The guard is the test: a ratio is called better or
// worse only when p ≤ α.
func comparisonFindings(rp *Report, w *WorkloadReport) Findings {
	var out Findings
	for _, c := range w.Cells {
		r := c.Ratio
		if r == nil || r.Ratio == nil {
			continue
		}
		f := Finding{Kind: KindComparison, Code: CodeRatio, Workload: w.Name, System: c.System, Threads: c.Threads}
		f.add("ratio", *r.Ratio, "×", r.Lo, r.Hi)
		if r.WithinLo != nil && r.WithinHi != nil {
			f.add("within_run", *r.Ratio, "×", r.WithinLo, r.WithinHi)
		}
		if r.P != nil {
			f.add("p", *r.P, "", nil, nil)
		}
		f.add("n", float64(r.N), "runs", nil, nil)
		f.add("base_n", float64(r.BaseN), "runs", nil, nil)
		f.add("alpha", rp.Alpha, "", nil, nil)
		f.word("verdict", string(r.Verdict))
		f.word("test", r.Test)
		f.word("base", baseOf(rp, w))
		switch r.Verdict {
		case VerdictBetter, VerdictWorse:
			f.Guard = Guard{Rule: fmt.Sprintf("%s: p ≤ α", r.Test), Passed: true}
		case VerdictSame:
			f.Guard = Guard{Rule: fmt.Sprintf("%s: p ≤ α", r.Test), Passed: false, Reason: "p > α: no significant difference"}
		default:
			f.Guard = Guard{Rule: "a test needs two runs on each side", Passed: false, Reason: string(r.Verdict)}
		}
		out = append(out, f)
	}
	return out
}

// CurveFindings describes one system's scaling curve: what was measured
// first (the highest measured point, where the curve is flat within its
// intervals, whether it still rises at the highest count), then the
// fit's peak or ceiling with the guards that allow quoting it. sat is
// the CPU-saturation estimate at satThreads, nil without one; unit is
// the throughput's ("/s").
func CurveFindings(cu *Curve, sat *Estimate, satThreads int, unit string) Findings {
	if len(cu.Points) == 0 {
		return nil
	}
	var out Findings
	pts := cu.Points
	best := 0
	for i, p := range pts {
		if p.Throughput.Center > pts[best].Throughput.Center {
			best = i
		}
	}
	bp, last := pts[best], pts[len(pts)-1]
	bLo, bHi := bounds(bp.Throughput)
	m := Finding{Kind: KindScaling, Code: CodeMeasuredCurve, Workload: cu.Workload, System: cu.System,
		Guard: Guard{Rule: "what was measured", Passed: true}}
	m.add("best", bp.Throughput.Center, unit, bLo, bHi)
	m.add("best_threads", float64(bp.Threads), "threads", nil, nil)
	m.add("points", float64(len(pts)), "", nil, nil)
	m.add("min_threads", float64(pts[0].Threads), "threads", nil, nil)
	m.add("max_threads", float64(last.Threads), "threads", nil, nil)
	// Flat: every point from flat on overlaps the best point's interval.
	flat := best
	for flat > 0 && overlaps(pts[flat-1].Throughput, bp.Throughput) {
		flat--
	}
	tail := true
	for _, p := range pts[best:] {
		tail = tail && overlaps(p.Throughput, bp.Throughput)
	}
	var shape string
	switch {
	case len(pts) == 1:
		shape = "single"
	case best == len(pts)-1 && flat == best:
		shape = "rising" // still rising at the highest count
	case tail && flat < len(pts)-1:
		shape = "flat"
	default:
		shape = "falling"
	}
	if shape == "flat" {
		m.add("flat_from", float64(pts[flat].Threads), "threads", nil, nil)
		// Flat says the intervals overlap the best point's; whether each
		// point's own value lies inside that interval is another fact.
		inside := bLo != nil
		for _, p := range pts[flat:] {
			inside = inside && p.Throughput.Center >= *bLo && p.Throughput.Center <= *bHi
		}
		if inside {
			m.word("flat_values", "inside")
		} else {
			m.word("flat_values", "overlap")
		}
	}
	if shape == "rising" && len(pts) > 1 {
		// The count measured before the best one, so that a rise between
		// single runs (no intervals) is stated with both values.
		prev := pts[len(pts)-2]
		lo, hi := bounds(prev.Throughput)
		m.add("prev", prev.Throughput.Center, unit, lo, hi)
		m.add("prev_threads", float64(prev.Threads), "threads", nil, nil)
	}
	if shape == "falling" {
		for _, p := range pts[best+1:] {
			if !overlaps(p.Throughput, bp.Throughput) {
				lo, hi := bounds(p.Throughput)
				m.add("below", p.Throughput.Center, unit, lo, hi)
				m.add("below_threads", float64(p.Threads), "threads", nil, nil)
				break
			}
		}
		lLo, lHi := bounds(last.Throughput)
		m.add("last", last.Throughput.Center, unit, lLo, lHi)
	}
	m.word("shape", shape)
	m.word("metric", string(cu.Metric))
	out = append(out, m)

	if sat != nil && sat.Center != nil {
		s := Finding{Kind: KindScaling, Code: CodeCPUSaturation, Workload: cu.Workload, System: cu.System,
			Guard: SaturationGuard(*sat.Center, bp.Throughput.Center)}
		s.add("saturation", *sat.Center, unit, sat.Lo, sat.Hi)
		s.add("threads", float64(satThreads), "threads", nil, nil)
		if cu.CPUs != nil {
			s.add("cpus", float64(*cu.CPUs), "", nil, nil)
		}
		s.add("best", bp.Throughput.Center, unit, bLo, bHi)
		s.add("best_threads", float64(bp.Threads), "threads", nil, nil)
		for _, p := range pts {
			if p.Threads == satThreads && *sat.Center > 0 {
				// How busy the CPUs were at the thread count the CPU time
				// was measured at: its throughput over the saturation's.
				s.add("at", p.Throughput.Center, unit, nil, nil)
				s.add("busy", 100*p.Throughput.Center / *sat.Center, "%", nil, nil)
			}
		}
		s.word("metric", string(cu.Metric))
		out = append(out, s)
	}

	f := cu.Fit
	if f == nil {
		if len(pts) >= 2 {
			p := Finding{Kind: KindScaling, Code: CodeFewPoints, Workload: cu.Workload, System: cu.System,
				Guard: Guard{Rule: "a Universal Scalability Law fit needs 3 thread counts", Passed: false, Reason: "too few thread counts"}}
			p.add("points", float64(len(pts)), "", nil, nil)
			out = append(out, p)
		}
		return out
	}
	r2 := f.R2
	fitEv := func(g *Finding) {
		g.word("metric", string(cu.Metric))
		g.add("r2", r2, "", nil, nil)
		g.add("points", float64(len(pts)), "", nil, nil)
		g.add("df", float64(f.DF), "", nil, nil)
		g.add("best", bp.Throughput.Center, unit, bLo, bHi)
		g.add("best_threads", float64(bp.Threads), "threads", nil, nil)
		g.add("max_threads", float64(last.Threads), "threads", nil, nil)
	}
	poor := !(r2 >= PoorFitR2)
	if poor {
		p := Finding{Kind: KindScaling, Code: CodeUSLPoorFit, Workload: cu.Workload, System: cu.System,
			Guard: Guard{Rule: fmt.Sprintf("R² ≥ %g", PoorFitR2), Passed: false, Reason: "the law does not describe the points closely"}}
		fitEv(&p)
		out = append(out, p)
		return out
	}
	switch {
	case f.Kappa > 0:
		n := f.Peak()
		x := f.MaxThroughput()
		lo, hi := f.PeakInterval()
		p := Finding{Kind: KindPeak, Code: CodeUSLPeak, Workload: cu.Workload, System: cu.System}
		fitEv(&p)
		var plo, phi *float64
		if !math.IsNaN(lo) && lo > 0 {
			plo, phi = num(lo), num(hi)
		}
		p.add("peak_threads", n, "threads", plo, phi)
		p.add("peak", x, unit, nil, nil)
		if sat != nil && sat.Center != nil {
			p.add("saturation", *sat.Center, unit, nil, nil)
		}
		beyond := n > float64(last.Threads)
		p.Guard = PeakGuard(len(pts), n, x, lo, hi, float64(pts[0].Threads), float64(last.Threads), bp.Throughput, sat, shape)
		if beyond {
			p.word("range", "beyond")
		} else {
			p.word("range", "inside")
		}
		out = append(out, p)
	case f.Sigma > 0:
		c := f.Ceiling()
		lo, hi := f.CeilingInterval()
		p := Finding{Kind: KindCeiling, Code: CodeUSLCeiling, Workload: cu.Workload, System: cu.System}
		fitEv(&p)
		var clo, chi *float64
		if !math.IsNaN(lo) && lo > 0 {
			clo, chi = num(lo), num(hi)
		}
		p.add("ceiling", c, unit, clo, chi)
		p.Guard = CeilingGuard(len(pts), c, lo, hi, bp.Throughput, sat)
		out = append(out, p)
	}
	return out
}

// SaturationGuard allows quoting the throughput at which the CPUs would
// saturate (the CPU time a transaction took, over the host's CPUs) when
// it is at most MaxExtrapolation times the best measured throughput.
// Further out it is a bound the runs come nowhere near, which a reader
// takes for capacity: the sentence says how busy the CPUs were instead.
func SaturationGuard(sat, best float64) Guard {
	g := Guard{Rule: fmt.Sprintf("CPU time per transaction from the system statistics captured during the runs; "+
		"the saturation at most %g× the best measured throughput", MaxExtrapolation)}
	if sat <= MaxExtrapolation*best {
		g.Passed = true
	} else {
		g.Reason = fmt.Sprintf("it would lie at more than %g× the best measured throughput, beyond what the runs show", MaxExtrapolation)
	}
	return g
}

// PeakGuard allows quoting a fitted peak N* with throughput x when the
// fit has residual degrees of freedom to spare, the measured curve
// itself turns down after its best point (else the data show no peak,
// whatever the curve through them does), the peak's interval is bounded
// and lies inside the measured range, its throughput is within the
// interval of the best measured point, and it does not exceed the
// CPU-saturation estimate. A peak beyond the measured range may be said
// as an extrapolation when its interval is bounded and holds no measured
// thread count (else the data do not put it beyond them), and its
// throughput is above the best measured (else the data show no peak
// there) and within MaxExtrapolation of it.
func PeakGuard(points int, n, x, lo, hi, minT, maxT float64, best Summary, sat *Estimate, shape string) Guard {
	g := Guard{Rule: fmt.Sprintf("at least %d thread counts; inside the measured range: the measured throughput falls "+
		"after its best point, N*'s interval lies inside the measured range, X(N*) is within the best measured "+
		"point's interval and not above the CPU-saturation estimate; beyond it: an extrapolation with a bounded "+
		"interval above the highest measured thread count, X(N*) above the best measured and at most %g× it", MinFitPoints, MaxExtrapolation)}
	bLo, bHi := best.Lo, best.Hi
	single := math.IsInf(bLo, 0) || math.IsNaN(bLo) || math.IsInf(bHi, 0) || math.IsNaN(bHi)
	if single {
		bLo, bHi = best.Center, best.Center
	}
	switch {
	case points < MinFitPoints:
		g.Reason = fmt.Sprintf("%d thread counts for 3 parameters", points)
	case math.IsNaN(lo) || lo <= 0 || math.IsInf(hi, 0):
		g.Reason = "the peak's interval is not bounded"
	case sat != nil && sat.Center != nil && x > *sat.Center:
		g.Reason = "the fitted peak is above the CPU-saturation estimate"
	case n > maxT:
		switch {
		case lo <= maxT:
			g.Reason = "the peak's interval holds measured thread counts, so the data do not put it beyond them"
		case !(x > best.Center):
			g.Reason = "the fitted peak's throughput is not above the best measured, so the data show no peak beyond them"
		case x > MaxExtrapolation*best.Center:
			g.Reason = fmt.Sprintf("the peak lies beyond the measured range at more than %g× the best measured", MaxExtrapolation)
		default:
			g.Passed = true
		}
	case shape == "rising":
		g.Reason = "the best measured point is at the highest thread count measured, so the data show no peak"
	case shape != "falling":
		g.Reason = "the measured throughput does not fall below its best point's interval at a higher thread count, so the data show no peak"
	case lo < minT || hi > maxT:
		g.Reason = "the peak's interval reaches outside the measured range, so the data do not locate it"
	case single && x != best.Center:
		g.Reason = "the best measured point has no interval (a single run), so nothing says the fitted peak's throughput is within its uncertainty"
	case x > bHi || x < bLo:
		g.Reason = "the peak's throughput is outside the best measured point's interval"
	default:
		g.Passed = true
	}
	return g
}

// CeilingGuard allows quoting a ceiling λ/σ (an asymptote, so beyond the
// data) with a bounded interval from a fit with points to spare, the
// whole interval above the best measured throughput (else the data do
// not show a ceiling above them), at most MaxExtrapolation times it.
func CeilingGuard(points int, c, lo, hi float64, best Summary, sat *Estimate) Guard {
	g := Guard{Rule: fmt.Sprintf("at least %d thread counts, a bounded interval above the best measured, at most %g× "+
		"the best measured and not above the CPU-saturation estimate", MinFitPoints, MaxExtrapolation)}
	switch {
	case points < MinFitPoints:
		g.Reason = fmt.Sprintf("%d thread counts for 3 parameters", points)
	case math.IsNaN(lo) || lo <= 0 || math.IsInf(hi, 0):
		g.Reason = "the ceiling's interval is not bounded"
	case lo < best.Center:
		g.Reason = "the ceiling's interval reaches below the best measured, so the data show no ceiling above them"
	case c > MaxExtrapolation*best.Center:
		g.Reason = fmt.Sprintf("the ceiling is more than %g× the best measured", MaxExtrapolation)
	case sat != nil && sat.Center != nil && c > *sat.Center:
		g.Reason = "the ceiling is above the CPU-saturation estimate"
	default:
		g.Passed = true
	}
	return g
}

func bounds(s Summary) (lo, hi *float64) {
	lo, hi = num(s.Lo), num(s.Hi)
	if lo == nil || hi == nil {
		return nil, nil
	}
	return lo, hi
}

// overlaps reports whether two points' intervals overlap; a point
// without an interval is its centre.
func overlaps(a, b Summary) bool {
	alo, ahi := a.Lo, a.Hi
	if math.IsInf(alo, 0) || math.IsNaN(alo) || math.IsInf(ahi, 0) || math.IsNaN(ahi) {
		alo, ahi = a.Center, a.Center
	}
	blo, bhi := b.Lo, b.Hi
	if math.IsInf(blo, 0) || math.IsNaN(blo) || math.IsInf(bhi, 0) || math.IsNaN(bhi) {
		blo, bhi = b.Center, b.Center
	}
	return alo <= bhi && blo <= ahi
}

// superlinearFinding flags the largest step between consecutive thread
// counts at which throughput per thread rises more than SuperlinearStep
// above linear, with a hint from what else the inputs say: fewer threads
// than CPUs (idle CPUs sleep and clock down), every fewer-thread run
// measured before every more-thread run (cold caches), or fewer-thread
// repeats measured after more-thread runs that agree with the earlier
// ones (cold caches ruled out), or none of these. Only a throughput, where
// higher is better, can scale superlinearly: seconds and latencies that
// rise with threads are the work taking longer, not a signal.
func superlinearFinding(cu *Curve, ds *Dataset) *Finding {
	if !cu.Metric.Throughput() {
		return nil
	}
	var f *Finding
	worst := 0.0
	for i := 1; i < len(cu.Points); i++ {
		a, b := cu.Points[i-1], cu.Points[i]
		if a.Threads <= 0 || !(a.Throughput.Center > 0) {
			continue
		}
		step := b.Throughput.Center / a.Throughput.Center
		lin := float64(b.Threads) / float64(a.Threads)
		if step/lin <= SuperlinearStep || step/lin <= worst {
			continue
		}
		worst = step / lin
		g := Finding{Kind: KindAnomaly, Code: CodeSuperlinear, Workload: cu.Workload, System: cu.System, Threads: b.Threads,
			Guard: Guard{Rule: fmt.Sprintf("throughput per thread rises more than %.0f%% above linear between consecutive thread counts",
				100*(SuperlinearStep-1)), Passed: true}}
		g.add("from_threads", float64(a.Threads), "threads", nil, nil)
		g.add("to_threads", float64(b.Threads), "threads", nil, nil)
		g.add("from", a.Throughput.Center, "", nil, nil)
		g.add("to", b.Throughput.Center, "", nil, nil)
		g.add("step", step, "×", nil, nil)
		g.word("metric", string(cu.Metric))
		g.add("linear", lin, "×", nil, nil)
		if a.P95Ms != nil && b.P95Ms != nil {
			g.add("from_p95_ms", *a.P95Ms, "ms", nil, nil)
			g.add("to_p95_ms", *b.P95Ms, "ms", nil, nil)
		}
		var hints []string
		if cu.CPUs != nil && a.Threads < *cu.CPUs {
			g.add("cpus", float64(*cu.CPUs), "", nil, nil)
			hints = append(hints, "idle_cpus")
		}
		switch o := runsInOrder(ds, cu, a.Threads, b.Threads); {
		case o.first:
			hints = append(hints, "measured_first")
		case o.warmAgree:
			g.add("cold", o.cold, "", nil, nil)
			g.add("cold_runs", float64(o.coldRuns), "runs", nil, nil)
			g.add("warm", o.warm, "", nil, nil)
			g.add("warm_runs", float64(o.warmRuns), "runs", nil, nil)
			hints = append(hints, "warm_repeats_agree")
		}
		if len(hints) == 0 {
			hints = append(hints, "unexplained")
		}
		g.Hint = strings.Join(hints, ",")
		f = &g
	}
	return f
}

// runOrder is what the times the runs began say about a step from t1
// to t2 threads: first, every run at t1 began before every run at t2
// (the t1 runs may have met cold caches); warmAgree, some t1 runs began
// after a t2 run, on warm caches, and their mean (warm) is within
// SuperlinearStep of the mean of the t1 runs before (cold), so cold
// caches do not explain the step. Runs without a start time (read from
// files, whose order is their names') say neither.
type runOrder struct {
	first, warmAgree   bool
	cold, warm         float64
	coldRuns, warmRuns int
}

func runsInOrder(ds *Dataset, cu *Curve, t1, t2 int) runOrder {
	var o runOrder
	type timed struct {
		at    int64
		value float64
	}
	var r1 []timed
	first2 := int64(math.MaxInt64)
	n2 := 0
	for _, c := range ds.Cells {
		if c.System != cu.System || c.Workload != cu.Workload || c.Threads != t1 && c.Threads != t2 {
			continue
		}
		for _, r := range c.Runs {
			if r.Started == nil {
				return o
			}
			at := r.Started.UnixNano()
			if c.Threads == t2 {
				first2, n2 = min(first2, at), n2+1
				continue
			}
			v, ok := cu.Metric.Value(r)
			if !ok {
				return o
			}
			r1 = append(r1, timed{at, v})
		}
	}
	if len(r1) == 0 || n2 == 0 {
		return o
	}
	var cold, warm float64
	for _, r := range r1 {
		if r.at < first2 {
			cold, o.coldRuns = cold+r.value, o.coldRuns+1
		} else {
			warm, o.warmRuns = warm+r.value, o.warmRuns+1
		}
	}
	if o.warmRuns == 0 {
		o.first = true
		return o
	}
	if o.coldRuns == 0 {
		return o
	}
	o.cold, o.warm = cold/float64(o.coldRuns), warm/float64(o.warmRuns)
	o.warmAgree = math.Abs(o.warm/o.cold-1) < SuperlinearStep-1
	return o
}

// cellErrors are the errors sysbench ignored (and the reconnects it
// made) over a cell's runs, against the transactions they completed.
type cellErrors struct {
	errors, reconnects, txns int64
	seconds                  float64
	runs                     int
	sources                  []string
}

// share is the errors' share of the attempts: an ignored error is an
// attempt that did not commit, so errors / (transactions + errors).
func (e cellErrors) share() float64 {
	if e.txns+e.errors <= 0 {
		return math.NaN()
	}
	return float64(e.errors) / float64(e.txns+e.errors)
}

func errorsOf(c *Cell) cellErrors {
	var e cellErrors
	for _, r := range c.Runs {
		if r.SQL == nil || r.SQL.Transactions == nil {
			continue
		}
		e.runs++
		e.txns += *r.SQL.Transactions
		if r.SQL.IgnoredErrors != nil {
			e.errors += *r.SQL.IgnoredErrors
		}
		if r.SQL.Reconnects != nil {
			e.reconnects += *r.SQL.Reconnects
		}
		if r.TotalTimeS != nil {
			e.seconds += *r.TotalTimeS
		}
		if r.SQL.IgnoredErrors != nil && *r.SQL.IgnoredErrors > 0 {
			e.sources = append(e.sources, RunRef(r))
		}
	}
	return e
}

// errorFindings say, per cell, the errors sysbench ignored when they
// reach ErrorShareNote of the attempts (or any reconnect), as a rate and
// as a share of the attempts (errors / (transactions + errors)); and,
// per cell compared with the base's at the same thread count, when the
// two differ in error share by that much: the ratio then partly
// measures ignored errors. center returns the cell's throughput as its
// table prints it and its metric (nil: none, or not a throughput), said
// beside the errors so that the two figures are the same.
func errorFindings(ds *Dataset, base, workload string, center func(Key) (*float64, Metric)) Findings {
	var out Findings
	byKey := map[Key]cellErrors{}
	var keys []Key
	for _, c := range ds.Cells {
		if c.Workload == workload {
			byKey[c.Key] = errorsOf(c)
			keys = append(keys, c.Key)
		}
	}
	for _, k := range keys {
		e := byKey[k]
		sh := e.share()
		if e.runs == 0 || !(sh >= ErrorShareNote) && e.reconnects == 0 {
			continue
		}
		f := Finding{Kind: KindAnomaly, Code: CodeIgnoredErrors, Workload: workload, System: k.System, Threads: k.Threads,
			Guard: Guard{Rule: fmt.Sprintf("ignored errors at least %.0f%% of the attempts (transactions + errors), or any reconnect", 100*ErrorShareNote), Passed: true}}
		f.add("errors", float64(e.errors), "", nil, nil, e.sources...)
		f.add("transactions", float64(e.txns), "", nil, nil)
		f.add("runs", float64(e.runs), "", nil, nil)
		if e.seconds > 0 {
			f.add("errors_per_s", float64(e.errors)/e.seconds, "/s", nil, nil)
		}
		if center != nil {
			if c, m := center(k); c != nil {
				f.add("tps", *c, "/s", nil, nil)
				f.word("metric", string(m))
			}
		}
		f.add("share", sh, "", nil, nil)
		f.add("share_pct", 100*sh, "%", nil, nil)
		if e.reconnects > 0 {
			f.add("reconnects", float64(e.reconnects), "", nil, nil)
		}
		out = append(out, f)
		if k.System == base {
			continue
		}
		be, ok := byKey[Key{System: base, Workload: workload, Threads: k.Threads}]
		bs := be.share()
		if !ok || be.runs == 0 || math.IsNaN(bs) || !(math.Abs(sh-bs) >= ErrorShareNote) {
			continue
		}
		d := Finding{Kind: KindAnomaly, Code: CodeErrorShareDiff, Workload: workload, System: k.System, Threads: k.Threads,
			Guard: Guard{Rule: fmt.Sprintf("the sides' shares of ignored errors differ by at least %.0f percentage point", 100*ErrorShareNote), Passed: true}}
		d.add("share_pct", 100*sh, "%", nil, nil)
		d.add("base_share_pct", 100*bs, "%", nil, nil)
		d.word("base", base)
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Threads < out[j].Threads })
	return out
}

// noWorkFindings flag, per cell of workload, the runs whose rate
// measures no work: a run that counted no events at all (0 events, a
// rate of 0), and a run whose threads completed at most one event each
// over the whole run (64 transactions over 205 s from 64 threads: each
// thread's first, so the rate is the run's start, not a throughput).
func noWorkFindings(ds *Dataset, workload string) Findings {
	var out Findings
	for _, c := range ds.Cells {
		if c.Workload != workload {
			continue
		}
		var none, start []*parse.Run
		for _, r := range c.Runs {
			ev, ok := runEvents(r)
			switch {
			case !ok:
			case ev == 0:
				none = append(none, r)
			case c.Threads > 0 && ev <= int64(c.Threads) && r.TotalTimeS != nil && *r.TotalTimeS > 0:
				start = append(start, r)
			}
		}
		for _, g := range []struct {
			code string
			runs []*parse.Run
			rule string
		}{
			{CodeNoEvents, none, "the run counted no events"},
			{CodeStartOnly, start, "the run's threads completed at most one event each"},
		} {
			if len(g.runs) == 0 {
				continue
			}
			f := Finding{Kind: KindAnomaly, Code: g.code, Workload: workload, System: c.System, Threads: c.Threads,
				Guard: Guard{Rule: g.rule, Passed: true}}
			var refs []string
			var events int64
			seconds := 0.0
			for _, r := range g.runs {
				refs = append(refs, RunRef(r))
				ev, _ := runEvents(r)
				events += ev
				if r.TotalTimeS != nil {
					seconds += *r.TotalTimeS
				}
			}
			f.add("runs", float64(len(g.runs)), "runs", nil, nil, refs...)
			f.add("n", float64(len(c.Runs)), "runs", nil, nil)
			f.add("events", float64(events), "", nil, nil)
			if g.code == CodeStartOnly {
				f.add("seconds", seconds, "s", nil, nil)
				f.add("threads", float64(c.Threads), "threads", nil, nil)
			}
			out = append(out, f)
		}
	}
	return out
}

// littleFindings flag, per cell of workload, the runs whose throughput
// and average latency put more requests in flight than the threads they
// ran, by Little's law (in flight = throughput × latency), even with the
// latency at the low end of its rounding (two printed decimals, or a
// tenth of the figure): no
// run can, outside --rate (whose latency counts the queue), so one of the
// figures is not what its label says (a table's "tps" that is a count of
// transactions, a latency in other units), and the rate is no throughput
// to compare. The finding carries the worst run's figures.
func littleFindings(ds *Dataset, workload string, th Thresholds) Findings {
	th = th.orDefault()
	var out Findings
	var excess []littleExcess // every flagged run's ratio, for the common factor
	for _, c := range ds.Cells {
		if c.Workload != workload {
			continue
		}
		var bad []*parse.Run
		var worst *LittleCheck // the largest ratio
		for _, r := range c.Runs {
			l := Little(r, th)
			if l == nil || l.OK || l.AvgLatency <= 0 || l.Throughput <= 0 || noTransactions(r) {
				continue // no rate to check (a count of 0, a script without transactions)
			}
			if r.Options.RateTarget != nil && *r.Options.RateTarget > 0 {
				continue // --rate: the latency counts the time in sysbench's queue
			}
			// The ratio with the latency at the low end of its rounding.
			// Fewer requests in flight than threads is what a busy client
			// gives (its threads spend time between requests); more than
			// the threads is no concurrency the run could have.
			// (The rounding: two decimals of ms as sysbench prints it, or
			// a tenth of the figure, as a table in seconds may round it.)
			slack := math.Max(0.005, 0.1*l.AvgLatency)
			if lo := l.Ratio * math.Max(l.AvgLatency-slack, 0) / l.AvgLatency; lo <= 1+th.LittleTolerance {
				continue
			}
			bad = append(bad, r)
			excess = append(excess, littleExcess{ratio: l.Ratio,
				lo: l.Ratio * math.Max(l.AvgLatency-0.005, 0) / l.AvgLatency, hi: l.Ratio * (l.AvgLatency + 0.005) / l.AvgLatency, ref: RunRef(r)})
			if worst == nil || l.Ratio > worst.Ratio {
				worst = l
			}
		}
		if len(bad) == 0 {
			continue
		}
		f := Finding{Kind: KindAnomaly, Code: CodeLittle, Workload: workload, System: c.System, Threads: c.Threads,
			Guard: Guard{Rule: fmt.Sprintf("throughput × average latency exceeds the threads run by more than %.0f%%, the latency at the low end of its printed rounding", 100*th.LittleTolerance), Passed: true}}
		var refs []string
		for _, r := range bad {
			refs = append(refs, RunRef(r))
		}
		f.add("runs", float64(len(bad)), "runs", nil, nil, refs...)
		f.add("n", float64(len(c.Runs)), "runs", nil, nil)
		f.add("threads", worst.Threads, "threads", nil, nil)
		f.add("throughput", worst.Throughput, "/s", nil, nil)
		f.add("avg_latency_ms", worst.AvgLatency, "ms", nil, nil)
		f.add("implied", worst.Implied, "threads", nil, nil)
		f.add("ratio", worst.Ratio, "x", nil, nil)
		out = append(out, f)
	}
	if f := littleFactorFinding(workload, excess); f != nil {
		out = append(out, *f)
	}
	return out
}

// littleFactorsCaveat is the caveat over the workloads Little's law
// flags (CodeLittle in fs) when each has a CodeLittleFactor finding and
// their factors lie within littleFactorsSpread of their median: the
// median, the range of the workloads' factors and how many flagged runs
// share them of how many. Nil otherwise.
func littleFactorsCaveat(fs Findings) *Finding {
	var ws []string
	seen := map[string]bool{}
	for _, f := range fs.Select(KindAnomaly, "", CodeLittle) {
		if !seen[f.Workload] {
			seen[f.Workload] = true
			ws = append(ws, f.Workload)
		}
	}
	if len(ws) == 0 {
		return nil
	}
	var ks []float64
	agree, flagged := 0.0, 0.0
	var refs []string
	for _, w := range ws {
		ff := fs.Select(KindAnomaly, w, CodeLittleFactor)
		if len(ff) != 1 {
			return nil
		}
		e, _ := ff[0].Get("factor")
		ks = append(ks, e.Value)
		refs = append(refs, e.Sources...)
		agree += ff[0].Value("agree")
		flagged += ff[0].Value("flagged")
	}
	sorted := append([]float64(nil), ks...)
	sort.Float64s(sorted)
	med := sorted[len(sorted)/2]
	lo, hi := sorted[0], sorted[len(sorted)-1]
	if lo < med*(1-littleFactorsSpread) || hi > med*(1+littleFactorsSpread) {
		return nil
	}
	f := Finding{Kind: KindCaveat, Code: CodeLittleFactors,
		Guard: Guard{Rule: fmt.Sprintf("every workload with runs flagged by Little's law has a common factor, and the factors lie within %.0f%% of their median", 100*littleFactorsSpread), Passed: true}}
	f.add("factor", med, "x", &lo, &hi, refs...)
	f.add("agree", agree, "runs", nil, nil)
	f.add("flagged", flagged, "runs", nil, nil)
	return &f
}

// littleFactorsSpread is how far the workloads' common factors may lie
// from their median for one caveat to speak of them all (5%).
const littleFactorsSpread = 0.05

// littleExcess is one flagged run's rate × average latency ÷ threads,
// with its bounds when the latency is the printed figure rounded to two
// decimals.
type littleExcess struct {
	ratio, lo, hi float64
	ref           string
}

// Bounds of the common-factor finding: at least littleFactorRuns flagged
// runs, at least two thirds of them agreeing within littleFactorSlack
// (beyond the latency's rounding) on a factor of at least
// littleFactorMin.
const (
	littleFactorRuns  = 3
	littleFactorSlack = 0.02
	littleFactorMin   = 3.0
)

// littleFactorFinding says when the runs Little's law flags on a workload
// exceed their threads by one factor: most of them agree, within 2% and
// the rounding of a latency printed to two decimals, on the median ratio
// k. A count of transactions over runs of k seconds shown as a rate gives
// that (so would a latency k times its unit); a table's figures that no
// one factor explains get no such reading. Nil when the runs disagree,
// too few are flagged, or the factor is too small to be a run's length.
func littleFactorFinding(workload string, ex []littleExcess) *Finding {
	if len(ex) < littleFactorRuns {
		return nil
	}
	ratios := make([]float64, len(ex))
	for i, e := range ex {
		ratios[i] = e.ratio
	}
	sort.Float64s(ratios)
	k := ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		k = (ratios[len(ratios)/2-1] + k) / 2
	}
	if k < littleFactorMin {
		return nil
	}
	var refs []string
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range ex {
		if e.lo*(1-littleFactorSlack) <= k && k <= e.hi*(1+littleFactorSlack) {
			refs = append(refs, e.ref)
			lo, hi = min(lo, e.ratio), max(hi, e.ratio)
		}
	}
	if len(refs) < littleFactorRuns || 3*len(refs) < 2*len(ex) {
		return nil
	}
	f := Finding{Kind: KindAnomaly, Code: CodeLittleFactor, Workload: workload,
		Guard: Guard{Rule: fmt.Sprintf("at least %d runs flagged by Little's law, two thirds of them or more exceeding their threads by one factor of at least %g (within %.0f%% and the rounding of a latency printed to two decimals)",
			littleFactorRuns, littleFactorMin, 100*littleFactorSlack), Passed: true}}
	f.add("factor", k, "x", &lo, &hi, refs...)
	f.add("agree", float64(len(refs)), "runs", nil, nil)
	f.add("flagged", float64(len(ex)), "runs", nil, nil)
	return &f
}

// runEvents returns the events a run counted: sysbench's "total number
// of events", else its transactions.
func runEvents(r *parse.Run) (int64, bool) {
	if r.Events != nil {
		return *r.Events, true
	}
	if r.SQL != nil && r.SQL.Transactions != nil {
		return *r.SQL.Transactions, true
	}
	return 0, false
}
