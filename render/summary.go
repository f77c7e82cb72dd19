package render

import (
	"fmt"
	"strings"
)

// summarize states the findings in plain words: for every workload and
// system, the comparison with the baseline at the largest thread count
// both measured, with its interval, p-value and repeats, and how the
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
	if r.Ratio == nil {
		s = fmt.Sprintf("%s vs %s on %s%s%s: no ratio (%s)", r.System, v.Base, w.Name, at, metric, runs)
	} else if r.Significant {
		s = fmt.Sprintf("%s: %s %s on %s%s%s %s%s, %s", r.System, FormatRatio(*r.Ratio), v.Base, w.Name, at, metric, ci, p, runs)
	} else {
		s = fmt.Sprintf("%s ~ %s on %s%s%s: no significant difference (%s %s%s, %s)", r.System, v.Base, w.Name, at, metric,
			FormatRatio(*r.Ratio), ci, p, runs)
	}
	if len(all) > 1 {
		better, worse, same := 0, 0, 0
		for _, x := range all {
			switch {
			case x.Significant && x.Better:
				better++
			case x.Significant:
				worse++
			default:
				same++
			}
		}
		var parts []string
		if better > 0 {
			parts = append(parts, fmt.Sprintf("better at %d", better))
		}
		if worse > 0 {
			parts = append(parts, fmt.Sprintf("worse at %d", worse))
		}
		if same > 0 {
			parts = append(parts, fmt.Sprintf("not significantly different at %d", same))
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
