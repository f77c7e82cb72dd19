package render

import (
	"fmt"
	"strings"

	"github.com/sbreport/sbreport/analyze"
)

// summarize states the findings in plain words: for every workload and
// system, the comparison with the baseline at the largest thread count
// both measured, with its verdict, interval, p-value and repeats (the
// ratio and "no test (1 run)" when a side has a single run), and how the
// other thread counts went; then each system's peak where a USL fit
// found one inside the trusted range.
func summarize(v *View) []string {
	var out []string
	for _, w := range v.Workloads {
		bySys := map[string][]RatioRow{}
		var order []string
		for _, r := range w.Ratios {
			if bySys[r.System] == nil {
				order = append(order, r.System)
			}
			bySys[r.System] = append(bySys[r.System], r)
		}
		for _, sys := range order {
			rs := bySys[sys]
			out = append(out, ratioSentence(v, w, rs[len(rs)-1], rs))
		}
		for _, sc := range w.Scaling {
			if s := peakSentence(v, w, sc); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func ratioSentence(v *View, w *WorkloadView, r RatioRow, all []RatioRow) string {
	at := ""
	if len(w.Threads) > 1 && r.Threads > 0 {
		at = fmt.Sprintf(" at %d %s", r.Threads, plural(r.Threads, "thread", "threads"))
	}
	runs := fmt.Sprintf("%d %s each", r.N, plural(r.N, "run", "runs"))
	if r.BaseN != r.N {
		runs = fmt.Sprintf("%d and %d runs", r.N, r.BaseN)
	}
	metric := ""
	if v.Metric != "" && v.Metric != "tps" {
		metric = " (" + v.Metric + ")"
	}
	ci := "unbounded interval"
	if r.Lo != nil && r.Hi != nil {
		ci = fmt.Sprintf("[%s, %s]", FormatFixed(*r.Lo, 2), FormatFixed(*r.Hi, 2))
	}
	p := ""
	if r.P != nil {
		p = ", p=" + FormatP(*r.P)
		if strings.HasPrefix(p, ", p=<") {
			p = ", p<" + p[len(", p=<"):]
		}
	}
	var s string
	switch {
	case r.Ratio == nil:
		s = fmt.Sprintf("%s vs %s on %s%s%s: no ratio (%s)", r.System, v.Base, w.Name, at, metric, runs)
	case r.Verdict == string(analyze.VerdictOneRun) || r.Verdict == string(analyze.VerdictNoTest):
		s = fmt.Sprintf("%s vs %s on %s%s%s: %s, %s", r.System, v.Base, w.Name, at, metric, FormatRatio(*r.Ratio), r.Verdict)
		if r.N != r.BaseN {
			s += " (" + runs + ")"
		}
	case r.Significant:
		s = fmt.Sprintf("%s: %s %s on %s%s%s %s%s, %s", r.System, FormatRatio(*r.Ratio), v.Base, w.Name, at, metric, ci, p, runs)
	default:
		s = fmt.Sprintf("%s ~ %s on %s%s%s: no significant difference (%s %s%s, %s)", r.System, v.Base, w.Name, at, metric,
			FormatRatio(*r.Ratio), ci, p, runs)
	}
	if len(all) > 1 {
		counts := map[string]int{}
		for _, x := range all {
			verdict := x.Verdict
			if verdict == "" {
				verdict = string(analyze.VerdictNoRatio)
			}
			counts[verdict]++
		}
		var parts []string
		for _, vd := range []analyze.Verdict{analyze.VerdictBetter, analyze.VerdictWorse, analyze.VerdictSame,
			analyze.VerdictOneRun, analyze.VerdictNoTest, analyze.VerdictNoRatio} {
			n := counts[string(vd)]
			if n == 0 {
				continue
			}
			if vd == analyze.VerdictSame {
				parts = append(parts, fmt.Sprintf("not significantly different at %d", n))
			} else {
				parts = append(parts, fmt.Sprintf("%s at %d", vd, n))
			}
		}
		s += fmt.Sprintf("; over all %d thread counts: %s", len(all), strings.Join(parts, ", "))
	}
	return s + "."
}

// poorFitR2 is the coefficient of determination below which the summary
// does not quote a USL peak: the curve explains too little of the
// measured throughput for its maximum to mean much.
const poorFitR2 = 0.8

func peakSentence(v *View, w *WorkloadView, sc ScalingRow) string {
	if sc.Lambda == nil {
		return ""
	}
	unit := strings.TrimPrefix(v.Unit, "/")
	if unit == "s" {
		unit = v.Metric
	}
	if sc.R2 != nil && *sc.R2 < poorFitR2 {
		return fmt.Sprintf("%s on %s does not follow the Universal Scalability Law closely (R²=%s): its fitted peak is not a reliable figure.",
			sc.System, w.Name, FormatFixed(*sc.R2, 3))
	}
	switch {
	case sc.PeakThreads != nil && !sc.PeakExtrapolated && sc.PeakThroughput != nil:
		return fmt.Sprintf("%s on %s peaks near %s threads at %s %s (USL fit, R²=%s).", sc.System, w.Name,
			FormatFixed(*sc.PeakThreads, 0), FormatNum(*sc.PeakThroughput), unit, FormatFixed(deref(sc.R2), 3))
	case sc.PeakThreads != nil && sc.PeakExtrapolated:
		return fmt.Sprintf("%s on %s still scales at %d threads: the USL fit puts its peak at %s threads, beyond the measured range.",
			sc.System, w.Name, sc.MaxMeasured, FormatFixed(*sc.PeakThreads, 0))
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// VerdictText is the verdict as the ratio tables print it: "better",
// "worse", "~ no significant difference", "no test (1 run)", ...
func (r RatioRow) VerdictText() string {
	switch {
	case r.Verdict == string(analyze.VerdictSame):
		return "~ " + r.Verdict
	case r.Verdict == "" && r.Ratio == nil:
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
