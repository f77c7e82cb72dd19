package render

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/analyze"
)

// headline states the report's findings in a few sentences: what is
// compared, then for every system how it did against the base over the
// workloads, at the thread counts of the headline table.
func headline(v *View) []string {
	rp := v.Report
	var out []string
	nw := len(v.Workloads)
	what := fmt.Sprintf("%s %s of %s on %s: %s",
		FormatFixed(float64(v.Runs), 0), plural(v.Runs, "run", "runs"),
		countOf(nw, "workload", "workloads"), countOf(len(v.Systems), "system", "systems"), joinAnd(v.Systems))
	if len(v.Systems) == 1 {
		what = fmt.Sprintf("%s %s of %s", FormatFixed(float64(v.Runs), 0), plural(v.Runs, "run", "runs"), countOf(nw, "workload", "workloads"))
		if v.Systems[0] != "all" {
			what += " on " + v.Systems[0]
		}
	}
	if len(rp.Headline) == 0 {
		return []string{capitalize(what) + "."}
	}
	threads := map[int]bool{}
	for _, h := range rp.Headline {
		threads[h.Threads] = true
	}
	at := "the highest thread count every system measured"
	if len(threads) == 1 {
		for t := range threads {
			if t > 0 {
				at += " (" + threadsLabel(t) + ")"
			}
		}
	}
	out = append(out, fmt.Sprintf("%s. Each system's %s %s is compared with %s's at %s, with %s intervals.",
		capitalize(what), v.Center, v.Metric, v.Base, at, FormatFixed(100*v.Confidence, 0)+"%"))
	var findings, phrases []string
	bySame := map[string][]string{} // finding → the systems it is true of
	for i, sys := range v.Systems[1:] {
		var better, worse, same, untested []string
		for _, h := range rp.Headline {
			r := h.Ratios[i]
			if r == nil || r.Ratio == nil {
				continue
			}
			switch r.Verdict {
			case analyze.VerdictBetter:
				better = append(better, h.Workload)
			case analyze.VerdictWorse:
				worse = append(worse, h.Workload)
			case analyze.VerdictSame:
				same = append(same, h.Workload)
				continue
			default:
				untested = append(untested, h.Workload)
			}
		}
		n := len(better) + len(worse) + len(same) + len(untested)
		if n == 0 {
			continue
		}
		var parts []string
		span := func(ws []string, ratios func() []float64) string {
			xs := ratios() // in the order of ws
			r := FormatRatio(xs[0])
			if len(xs) == 2 {
				r += " and " + FormatRatio(xs[1])
			} else if len(xs) > 2 {
				sort.Float64s(xs)
				r = FormatRatio(xs[0]) + " to " + FormatRatio(xs[len(xs)-1])
			}
			if len(ws) == n && n > 1 {
				return fmt.Sprintf("on all %d workloads (%s)", n, r)
			}
			if len(ws) > 2 {
				return fmt.Sprintf("on %d of %d workloads (%s)", len(ws), n, r)
			}
			return fmt.Sprintf("on %s (%s)", joinAnd(ws), r)
		}
		pick := func(ws []string) func() []float64 {
			return func() []float64 {
				var xs []float64
				for _, h := range rp.Headline {
					for _, w := range ws {
						if h.Workload == w && h.Ratios[i] != nil && h.Ratios[i].Ratio != nil {
							xs = append(xs, *h.Ratios[i].Ratio)
						}
					}
				}
				return xs
			}
		}
		if len(worse) > 0 {
			parts = append(parts, "worse "+span(worse, pick(worse)))
		}
		if len(better) > 0 {
			parts = append(parts, "better "+span(better, pick(better)))
		}
		if len(same) > 0 {
			if len(same) == n && n > 1 {
				parts = append(parts, fmt.Sprintf("not significantly different on any of the %d workloads", n))
			} else {
				parts = append(parts, "not significantly different on "+joinAnd(same))
			}
		}
		switch {
		case len(untested) == n && n > 1:
			parts = append(parts, fmt.Sprintf("untested on all %d workloads (a single run on a side)", n))
		case len(untested) > 0:
			parts = append(parts, "untested (a single run on a side) on "+joinAnd(untested))
		}
		phrase := joinAnd(parts)
		if _, ok := bySame[phrase]; !ok {
			phrases = append(phrases, phrase)
		}
		bySame[phrase] = append(bySame[phrase], sys)
	}
	// Systems of the same finding share one clause.
	for _, p := range phrases {
		ss := bySame[p]
		verb := " is "
		if len(ss) > 1 {
			verb = " are "
		}
		findings = append(findings, joinAnd(ss)+verb+p)
	}
	if len(findings) > 0 {
		out = append(out, "Against "+v.Base+", "+strings.Join(findings, "; ")+".")
	}
	return out
}

func countOf(n int, one, many string) string {
	return strconv.Itoa(n) + " " + plural(n, one, many)
}

// joinAnd joins words as prose: "a", "a and b", "a, b and c".
func joinAnd(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// scalingNotes are the post's sentences on a workload's scaling: each
// good fit's peak or ceiling (next to the CPU saturation point when
// there is one), and one sentence for all the poor fits.
func scalingNotes(rp *analyze.Report, w *WorkloadView) []string {
	var out, poor []string
	var r2s []float64
	unit := analyze.Metric(w.Rate) // the rate the curves were fitted in
	if unit == "" {
		unit = rp.Metric
	}
	for _, sc := range w.Scaling {
		if sc.Lambda == nil {
			continue
		}
		if !sc.GoodFit {
			poor = append(poor, sc.System)
			r2s = append(r2s, deref(sc.R2))
			continue
		}
		var s string
		switch {
		case sc.PeakThreads != nil && !sc.PeakExtrapolated && sc.PeakThroughput != nil:
			s = fmt.Sprintf("%s peaks near %s threads at %s %s (Universal Scalability Law fit, R² %s).", sc.System,
				FormatFixed(*sc.PeakThreads, 0), FormatFixed(*sc.PeakThroughput, 0), unit, FormatFixed(deref(sc.R2), 3))
		case sc.PeakThreads != nil && sc.PeakExtrapolated:
			s = fmt.Sprintf("%s still scales at %d threads: its fitted peak, at %s threads, lies beyond the measured range.",
				sc.System, sc.MaxMeasured, FormatFixed(*sc.PeakThreads, 0))
		case sc.Ceiling != nil:
			s = fmt.Sprintf("%s approaches a ceiling of %s %s without a peak (Universal Scalability Law fit, R² %s).", sc.System,
				FormatFixed(*sc.Ceiling, 0), unit, FormatFixed(deref(sc.R2), 3))
		}
		if sc.CPUSaturation != nil {
			s += fmt.Sprintf(" At the CPU time one transaction took at %s, the host's CPUs would saturate at %s %s.",
				threadsLabel(sc.SaturationThreads), FormatFixed(*sc.CPUSaturation, 0), unit)
		}
		if s != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	if len(poor) > 0 {
		sort.Float64s(r2s)
		r2 := FormatFixed(r2s[0], 3)
		if len(r2s) > 1 {
			r2 += " to " + FormatFixed(r2s[len(r2s)-1], 3)
		}
		out = append(out, fmt.Sprintf("The Universal Scalability Law does not describe %s closely (R² %s): no peak is quoted.", joinAnd(poor), r2))
	}
	return out
}

// summarize lists the findings one sentence each (the workbook's Summary
// sheet): every system against the base on every workload at the
// headline thread count, then the scaling notes.
func summarize(v *View) []string {
	var out []string
	for _, w := range v.Workloads {
		for _, r := range w.Ratios {
			if r.Threads == w.HeadlineThreads {
				out = append(out, ratioSentence(v, w, r))
			}
		}
		for _, n := range w.Notes {
			out = append(out, w.Name+": "+n)
		}
	}
	return out
}

func ratioSentence(v *View, w *WorkloadView, r RatioRow) string {
	at := ""
	if len(w.Threads) > 1 && r.Threads > 0 {
		at = " at " + threadsLabel(r.Threads)
	}
	runs := fmt.Sprintf("%d %s each", r.N, plural(r.N, "run", "runs"))
	if r.BaseN != r.N {
		runs = fmt.Sprintf("%d and %d runs", r.N, r.BaseN)
	}
	head := fmt.Sprintf("%s on %s%s, %s %s against %s", r.System, w.Name, at, v.Center, v.Metric, v.Base)
	switch {
	case r.Ratio == nil:
		return head + ": no ratio (" + runs + ")."
	case r.Verdict == string(analyze.VerdictOneRun) || r.Verdict == string(analyze.VerdictNoTest):
		return fmt.Sprintf("%s: %s, %s.", head, FormatRatio(*r.Ratio), r.Verdict)
	}
	p := ""
	if r.P != nil {
		if *r.P < 0.001 {
			p = ", p < 0.001"
		} else {
			p = ", p = " + FormatP(*r.P)
		}
	}
	return fmt.Sprintf("%s: %s %s, %s%s, %s.", head, FormatRatio(*r.Ratio), r.IntervalText(), r.VerdictText(), p, runs)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// VerdictText is the verdict as the tables print it: "better", "worse",
// "no significant difference", "no test (1 run)", ...
func (r RatioRow) VerdictText() string {
	if r.Verdict == "" && r.Ratio == nil {
		return string(analyze.VerdictNoRatio)
	}
	return r.Verdict
}

// IntervalText is the ratio's interval over the runs, "[0.47, 0.95]";
// for two single runs the within-run interval, labelled so; "–" when a
// side has one run and there is none; "unbounded" when the runs cannot
// bound it.
func (r RatioRow) IntervalText() string {
	switch {
	case r.Lo != nil && r.Hi != nil:
		return "[" + FormatFixed(*r.Lo, 2) + ", " + FormatFixed(*r.Hi, 2) + "]"
	case r.WithinLo != nil && r.WithinHi != nil:
		return "within-run [" + FormatFixed(*r.WithinLo, 2) + ", " + FormatFixed(*r.WithinHi, 2) + "]"
	case r.Verdict == string(analyze.VerdictOneRun) || r.Ratio == nil:
		return dash
	}
	return "unbounded"
}

// Text is the ratio with its interval and verdict in one cell:
// "0.62× [0.53, 0.74] worse"; "–" without a ratio.
func (r RatioRow) Text() string {
	if r.Ratio == nil {
		return dash
	}
	s := FormatRatio(*r.Ratio)
	if it := r.IntervalText(); it != dash {
		s += " " + it
	}
	return s + " " + r.VerdictText()
}

// CellText is Text for a table cell: the interval kept on one line.
func (r RatioRow) CellText() string {
	if r.Ratio == nil {
		return dash
	}
	s := FormatRatio(*r.Ratio)
	if it := r.IntervalText(); it != dash {
		s += " " + strings.ReplaceAll(it, " ", "\u00a0")
	}
	return s + " " + r.VerdictText()
}

// poorFitR2 is analyze.PoorFitR2: below it a fit is drawn faded and its
// peak is not quoted.
const poorFitR2 = analyze.PoorFitR2
