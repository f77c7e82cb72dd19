package render

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sbreport/sbreport/analyze"
)

// This file phrases the workload findings of package analyze: the shape
// of each scaling curve, a fitted peak or ceiling only where its guard
// passed, and the anomalies beside the cells. Every number in these
// sentences is one a finding carries.

// num formats a throughput or any count the way the tables do: no
// decimals from 100 on, else two significant decimals.
func numText(v float64) string {
	switch {
	case v >= 100 || v <= -100:
		return FormatFixed(v, 0)
	case v >= 10 || v <= -10:
		return FormatFixed(v, 1)
	}
	return FormatFixed(v, 2)
}

func threadsOf(f *analyze.Finding, name string) string {
	t := int(f.Value(name))
	if t == 0 {
		return threadsLabel(0)
	}
	return FormatFixed(float64(t), 0) + " " + plural(t, "thread", "threads")
}

// metricOf is the metric a finding names (its word "metric"), else
// unit: a sentence never leaves its metric out.
func metricOf(f *analyze.Finding, unit string) string {
	if m := f.Word("metric"); m != "" {
		return metricName(analyze.Metric(m))
	}
	if unit == "" {
		return "throughput"
	}
	return unit
}

// interval formats an evidence's interval, "[2.7, 11.4]", "" without.
func interval(e analyze.Evidence, format func(float64) string) string {
	if e.Lo == nil || e.Hi == nil {
		return ""
	}
	return "[" + format(*e.Lo) + ", " + format(*e.Hi) + "]"
}

// scalingNotes are the post's sentences on a workload's scaling: each
// system's measured curve, then a fitted peak or ceiling where its guard
// allows, the fits whose figures are not quoted grouped by the reason,
// and the CPU-saturation estimates; the poor fits share one sentence.
func scalingNotes(rp *analyze.Report, w *WorkloadView) []string {
	var out, poor []string
	var r2s []float64
	unit := w.Rate // the rate the curves were fitted in
	if unit == "" {
		unit = metricName(rp.Metric)
	}
	fs := rp.Findings
	labelled := len(fs.Select(analyze.KindAnomaly, w.Name, analyze.CodeLittleFactor)) > 0
	notQuoted := map[string][]string{} // "peak: reason" → systems
	var reasons []string
	for _, sys := range rp.Systems {
		var s []string
		for _, f := range fs.Select("", w.Name) {
			if f.System != sys {
				continue
			}
			switch f.Code {
			case analyze.CodeMeasuredCurve:
				if f.Value("points") > 1 { // one thread count: the table says it all
					s = append(s, measuredSentenceOf(f, unit, labelled))
				}
			case analyze.CodeUSLPeak, analyze.CodeUSLCeiling:
				if !f.Guard.Passed {
					what := "peak"
					if f.Code == analyze.CodeUSLCeiling {
						what = "ceiling"
					}
					k := what + "\x00" + f.Guard.Reason
					if notQuoted[k] == nil {
						reasons = append(reasons, k)
					}
					notQuoted[k] = append(notQuoted[k], sys)
					continue
				}
				s = append(s, fitSentence(f, unit))
			case analyze.CodeCPUSaturation:
				s = append(s, saturationSentence(f, unit))
			case analyze.CodeUSLPoorFit:
				poor = append(poor, sys)
				r2s = append(r2s, f.Value("r2"))
			}
		}
		if len(s) > 0 {
			out = append(out, strings.Join(s, " "))
		}
	}
	for _, k := range reasons {
		what, why, _ := strings.Cut(k, "\x00")
		who := " for " + joinAnd(notQuoted[k])
		if len(notQuoted[k]) == 1 && notQuoted[k][0] == "all" {
			who = ""
		}
		out = append(out, fmt.Sprintf("No fitted %s is quoted%s: %s.", what, who, why))
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

// saturationSentence says at which throughput the host's CPUs would
// saturate when the finding's guard allows it; else how busy they were at
// the thread count the CPU time was measured at, and why no saturation
// is quoted.
func saturationSentence(f *analyze.Finding, unit string) string {
	m := metricOf(f, unit)
	if f.Guard.Passed {
		return fmt.Sprintf("At the CPU time one transaction took at %s, the host's CPUs would saturate at %s %s.",
			threadsOf(f, "threads"), numText(f.Value("saturation")), m)
	}
	s := ""
	if f.Has("busy") {
		s = fmt.Sprintf("At %s the host's CPUs were %s%% busy (%s %s at the CPU time one transaction took); ",
			threadsOf(f, "threads"), numText(f.Value("busy")), numText(f.Value("at")), m)
	}
	return s + capitalIf(s == "", "no CPU-saturation throughput is quoted: "+f.Guard.Reason+".")
}

// capitalIf returns s with its first letter upper-cased when up is set.
func capitalIf(up bool, s string) string {
	if !up || s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// measuredSentence describes a measured curve: its highest point and
// whether it still rises there, is flat within the intervals from some
// thread count on, or falls after it.
func measuredSentence(f *analyze.Finding, unit string) string {
	return measuredSentenceOf(f, unit, false)
}

// measuredSentenceOf is measuredSentence; with labelled, the figures are
// said to be labelled in the unit, not measured in it: Little's law
// showed them to be no rates of that unit (a CodeLittleFactor finding on
// the workload).
func measuredSentenceOf(f *analyze.Finding, unit string, labelled bool) string {
	unit = metricOf(f, unit)
	best, _ := f.Get("best")
	what := "measured " + unit
	if labelled {
		what = "figure labelled " + unit
	}
	head := fmt.Sprintf("%s's highest %s is %s", f.System, what, numText(best.Value))
	if f.System == "all" {
		head = fmt.Sprintf("The highest %s is %s", what, numText(best.Value))
	}
	if iv := interval(best, numText); iv != "" {
		head += " " + iv
	}
	head += " at " + threadsOf(f, "best_threads")
	switch f.Word("shape") {
	case "rising":
		if f.Value("points") <= 1 {
			break
		}
		if best.Lo == nil {
			// Single runs: a rise between two counts is two values, not
			// a trend the data bound.
			prev, _ := f.Get("prev")
			return head + fmt.Sprintf(", the highest thread count measured (%s at %s; single runs, no intervals).",
				numText(prev.Value), threadsOf(f, "prev_threads"))
		}
		return head + ", still rising at the highest count measured."
	case "flat":
		from := f.Value("flat_from")
		if from == f.Value("min_threads") && f.Word("flat_values") == "inside" {
			return head + fmt.Sprintf("; every thread count from %s to %s measured within that interval.",
				threadsOf(f, "min_threads"), threadsOf(f, "max_threads"))
		}
		if from == f.Value("min_threads") {
			return head + fmt.Sprintf("; the interval of every thread count from %s to %s overlaps it.",
				threadsOf(f, "min_threads"), threadsOf(f, "max_threads"))
		}
		return head + fmt.Sprintf(", flat within the intervals from %s to %s.", threadsOf(f, "flat_from"), threadsOf(f, "max_threads"))
	case "falling":
		b, _ := f.Get("below")
		below := "below that interval"
		if best.Lo == nil {
			below = "lower (single runs, no intervals)"
		}
		s := head + fmt.Sprintf(", and it is %s at %s (%s", below, threadsOf(f, "below_threads"), numText(b.Value))
		if iv := interval(b, numText); iv != "" {
			s += " " + iv
		}
		s += ")"
		if f.Value("below_threads") != f.Value("max_threads") {
			last, _ := f.Get("last")
			s += fmt.Sprintf("; %s at %s", numText(last.Value), threadsOf(f, "max_threads"))
		}
		return s + "."
	}
	return head + "."
}

// fitSentence phrases a peak or ceiling finding whose guard passed: the
// claim, an extrapolation said as one.
func fitSentence(f *analyze.Finding, unit string) string {
	unit = metricOf(f, unit)
	r2 := FormatFixed(f.Value("r2"), 3)
	switch f.Code {
	case analyze.CodeUSLPeak:
		pt, _ := f.Get("peak_threads")
		iv := interval(pt, numText)
		if f.Word("range") == "beyond" {
			return fmt.Sprintf("Extrapolating beyond the measured %s, the Universal Scalability Law fit (R² %s) would peak near %s threads %s at %s %s.",
				threadsOf(f, "max_threads"), r2, FormatFixed(pt.Value, 0), iv, numText(f.Value("peak")), unit)
		}
		return fmt.Sprintf("The Universal Scalability Law fit (R² %s) peaks near %s threads %s at %s %s.",
			r2, FormatFixed(pt.Value, 0), iv, numText(f.Value("peak")), unit)
	case analyze.CodeUSLCeiling:
		c, _ := f.Get("ceiling")
		if b, _ := f.Get("best"); c.Value <= b.Value || b.Hi != nil && c.Value <= *b.Hi {
			return fmt.Sprintf("The Universal Scalability Law fit (R² %s) levels off at a ceiling of %s %s %s, within what was measured at %s.",
				r2, numText(c.Value), unit, interval(c, numText), threadsOf(f, "best_threads"))
		}
		return fmt.Sprintf("Extrapolating beyond the measured %s, the Universal Scalability Law fit (R² %s) approaches a ceiling of %s %s %s.",
			threadsOf(f, "max_threads"), r2, numText(c.Value), unit, interval(c, numText))
	}
	return ""
}

// anomalyNotes are a workload's anomalies, one sentence each: superlinear
// steps (with what may explain them), ignored errors per system, and
// comparisons whose sides differ in errors.
func anomalyNotes(rp *analyze.Report, w *WorkloadView) []string {
	unit := w.Rate
	if unit == "" {
		unit = metricName(rp.Metric)
	}
	return AnomalySentences(rp.Findings, unit, w.Name)
}

// AnomalySentences phrases the anomaly findings of workload w ("" for
// every workload, each sentence then naming its workload) of a metric.
func AnomalySentences(fs analyze.Findings, metric, w string) []string {
	if w == "" {
		var out []string
		seen := map[string]bool{}
		for _, f := range fs.Select(analyze.KindAnomaly, "") {
			if seen[f.Workload] {
				continue
			}
			seen[f.Workload] = true
			for _, s := range AnomalySentences(fs, metric, f.Workload) {
				out = append(out, f.Workload+": "+s)
			}
		}
		return out
	}
	var out []string
	// Steps between the same thread counts with the same reading share
	// one sentence.
	steps := map[string][]*analyze.Finding{}
	var keys []string
	for _, f := range fs.Select(analyze.KindAnomaly, w, analyze.CodeSuperlinear) {
		k := fmt.Sprint(f.Value("from_threads"), f.Value("to_threads"), f.Hint, f.Value("cpus"), f.Value("cold"), f.Value("warm"))
		if steps[k] == nil {
			keys = append(keys, k)
		}
		steps[k] = append(steps[k], f)
	}
	for _, k := range keys {
		out = append(out, superlinearSentence(steps[k], metric))
	}
	bySys := map[string][]*analyze.Finding{}
	var order []string
	for _, f := range fs.Select(analyze.KindAnomaly, w, analyze.CodeIgnoredErrors) {
		if bySys[f.System] == nil {
			order = append(order, f.System)
		}
		bySys[f.System] = append(bySys[f.System], f)
	}
	for _, sys := range order {
		out = append(out, errorSentence(sys, bySys[sys], metric))
	}
	for _, f := range fs.Select(analyze.KindAnomaly, w, analyze.CodeNoEvents, analyze.CodeStartOnly) {
		out = append(out, noWorkSentence(f))
	}
	if ls := fs.Select(analyze.KindAnomaly, w, analyze.CodeLittle); len(ls) > 0 {
		out = append(out, littleSentence(ls, fs.Select(analyze.KindAnomaly, w, analyze.CodeLittleFactor), metric))
	}
	diff := fs.Select(analyze.KindAnomaly, w, analyze.CodeErrorShareDiff)
	if len(diff) > 0 {
		var at []string
		for _, f := range diff {
			at = append(at, fmt.Sprintf("%s (%s against %s)", systemAt(f.System, f.Threads),
				pctText(f.Value("share_pct")), pctText(f.Value("base_share_pct"))))
		}
		out = append(out, fmt.Sprintf("The ratios to %s partly measure ignored errors where the two sides differ this much in them: %s.",
			diff[0].Word("base"), joinAnd(at)))
	}
	return out
}

// pctText formats a percentage with one decimal, "<0.1%" for a small
// share that is not zero.
func pctText(v float64) string {
	if v == 0 {
		return "0%"
	}
	if v > 0 && v < 0.05 {
		return "<0.1%"
	}
	return FormatFixed(v, 1) + "%"
}

func superlinearSentence(fs []*analyze.Finding, unit string) string {
	f := fs[0]
	unit = metricOf(f, unit)
	var each []string
	for _, g := range fs {
		e := fmt.Sprintf("%s %s (%s to %s", g.System, FormatRatio(g.Value("step")), numText(g.Value("from")), numText(g.Value("to")))
		if g.Has("from_p95_ms") {
			e += fmt.Sprintf(", p95 %s to %s ms", FormatFixed(g.Value("from_p95_ms"), 2), FormatFixed(g.Value("to_p95_ms"), 2))
		}
		each = append(each, e+")")
	}
	who := joinAnd(each)
	if len(fs) == 1 && f.System == "all" {
		who = strings.TrimPrefix(who, "all ")
	}
	s := fmt.Sprintf("From %s to %s, %s rises more than the %s of linear scaling: %s. Superlinear scaling is a measurement signal to check, not a result",
		threadsOf(f, "from_threads"), threadsOf(f, "to_threads"), unit, FormatRatio(f.Value("linear")), who)
	var why []string
	for _, h := range strings.Split(f.Hint, ",") {
		switch h {
		case "idle_cpus":
			why = append(why, fmt.Sprintf("at %s the host's %s CPUs were mostly idle, and idle CPUs sleep and clock down between requests",
				threadsOf(f, "from_threads"), FormatFixed(f.Value("cpus"), 0)))
		case "measured_first":
			why = append(why, fmt.Sprintf("every %d-thread run came before every %d-thread run, on colder caches: a warm-up run before them would tell",
				int(f.Value("from_threads")), int(f.Value("to_threads"))))
		case "warm_repeats_agree":
			before := "the first"
			if n := int(f.Value("cold_runs")); n > 1 {
				before = "the " + FormatFixed(float64(n), 0) + " before"
			}
			why = append(why, fmt.Sprintf("%s of the %d-thread repeats ran after %d-thread runs, on warm caches, and measured %s %s on average against %s for %s: cold caches are ruled out",
				FormatFixed(f.Value("warm_runs"), 0), int(f.Value("from_threads")), int(f.Value("to_threads")),
				numText(f.Value("warm")), unit, numText(f.Value("cold")), before))
		}
	}
	if len(why) > 0 {
		s += ": " + strings.Join(why, "; ")
	}
	return s + "."
}

func errorSentence(sys string, fs []*analyze.Finding, unit string) string {
	var parts []string
	for _, f := range fs {
		its := "its"
		if sys == "all" {
			its = "the"
		}
		p := fmt.Sprintf("%s/s %s (%s of %s attempted transactions", numText(f.Value("errors_per_s")), atThreads(f.Threads), pctText(f.Value("share_pct")), its)
		if f.Has("tps") {
			p += fmt.Sprintf(", against %s %s", numText(f.Value("tps")), metricOf(f, unit))
		}
		p += ")"
		if f.Has("reconnects") {
			p += fmt.Sprintf(", with %s reconnects", FormatFixed(f.Value("reconnects"), 0))
		}
		parts = append(parts, p)
	}
	if sys == "all" {
		sys = "The runs" // the one system: no name
	}
	return fmt.Sprintf("%s ignored errors that sysbench retried: %s.", sys, joinAnd(parts))
}

// noWorkSentence says that a cell's rate measures no work: runs that
// counted no events, or whose threads completed at most one event each.
func noWorkSentence(f *analyze.Finding) string {
	runs := "its run"
	if n := int(f.Value("n")); n > 1 {
		runs = fmt.Sprintf("%s of its %d runs", FormatFixed(f.Value("runs"), 0), n)
	}
	if f.Code == analyze.CodeNoEvents {
		return capitalize(fmt.Sprintf("%s: %s counted 0 events, so its rate is no measurement.", systemAt(f.System, f.Threads), runs))
	}
	return capitalize(fmt.Sprintf("%s: %s counted %s events over %s s from %s threads, at most one per thread, so its rate measures the run's start, not a throughput.",
		systemAt(f.System, f.Threads), runs, FormatFixed(f.Value("events"), 0), numText(f.Value("seconds")), FormatFixed(f.Value("threads"), 0)))
}

// littleSentence says which cells' throughput and average latency put
// more requests in flight than the threads they ran (Little's law), with
// the figures of each. When most of those runs exceed their threads by
// one factor (a CodeLittleFactor finding), it says so and what would give
// it, and lists only the cells whose runs do not share the factor.
func littleSentence(fs, factor []*analyze.Finding, metric string) string {
	if metric == "" {
		metric = "per second"
	}
	var f0 *analyze.Finding
	shared := map[string]bool{}
	if len(factor) > 0 {
		f0 = factor[0]
		e, _ := f0.Get("factor")
		for _, ref := range e.Sources {
			shared[ref] = true
		}
	}
	var cells []string
	for _, f := range fs {
		if f0 != nil {
			e, _ := f.Get("runs")
			all := len(e.Sources) > 0
			for _, ref := range e.Sources {
				all = all && shared[ref]
			}
			if all {
				continue
			}
		}
		runs := ""
		if n := int(f.Value("n")); n > 1 {
			runs = fmt.Sprintf("%s of %d runs, ", FormatFixed(f.Value("runs"), 0), n)
		}
		cells = append(cells, fmt.Sprintf("%s (%s%s %s at %s ms on average: %s requests in flight, %s the threads)", systemAt(f.System, f.Threads), runs, numText(f.Value("throughput")), metric, numText(f.Value("avg_latency_ms")),
			FormatFixed(f.Value("implied"), 1), FormatRatio(f.Value("ratio"))))
	}
	if f0 == nil {
		return fmt.Sprintf("By Little's law (requests in flight = rate × latency) the rate and the average latency printed put more requests in flight than there were threads for %s, which no run can: one of the two is not what its label says (a count for a rate, a latency in other units), so those rates are no throughputs to compare.",
			joinAnd(cells))
	}
	e, _ := f0.Get("factor")
	agree, flagged := int(f0.Value("agree")), int(f0.Value("flagged"))
	which := "each of them"
	if agree < flagged {
		which = fmt.Sprintf("%d of them", agree)
	}
	k := twoDigits(e.Value)
	out := fmt.Sprintf("By Little's law (requests in flight = rate × latency) the rate and the average latency printed put more requests in flight than there were threads in %d runs of %s, which no run can; in %s by one factor, %s (%s to %s): a count over runs of about %s s printed as a rate per second would give that (so would a latency %s times its unit), so those figures labelled %s are no throughputs, and ratios among them hold only if every run lasted as long.",
		flagged, f0.Workload, which, FormatRatio(e.Value), FormatRatio(*e.Lo), FormatRatio(*e.Hi), k, k, metric)
	if len(cells) > 0 {
		out += " Not that factor: " + joinAnd(cells) + "."
	}
	return out
}

// systemAt names a cell: "rocksdb at 16 threads", or "at 16 threads"
// when the runs are of one system, which is called "all" and has no name.
func systemAt(system string, threads int) string {
	if system == "all" {
		return atThreads(threads)
	}
	return system + " " + atThreads(threads)
}

// twoDigits writes v to two significant digits, without an exponent:
// 59.97 is "60", 9.775 is "9.8", 1,003 is "1,000".
func twoDigits(v float64) string {
	if v <= 0 || !finite(v) {
		return numText(v)
	}
	e := math.Floor(math.Log10(v)) - 1
	r := math.Round(v/math.Pow(10, e)) * math.Pow(10, e)
	e = math.Floor(math.Log10(r)) - 1 // 9.98 rounds to 10: no decimal
	return FormatFixed(r, max(0, int(-e)))
}

// cellNotes are the short notes beside a cell in a results table, from
// its anomaly findings.
func cellNotes(rp *analyze.Report, w, system string, threads int) string {
	var out []string
	for _, f := range rp.Findings.Select(analyze.KindAnomaly, w) {
		if f.System != system || f.Threads != threads {
			continue
		}
		switch f.Code {
		case analyze.CodeRepeatsDiffer:
			out = append(out, "repeats differ "+FormatFixed(f.Value("spread"), 2)+"×")
		case analyze.CodeIgnoredErrors:
			out = append(out, pctText(f.Value("share_pct"))+" errors")
		case analyze.CodeSuperlinear:
			out = append(out, FormatRatio(f.Value("step"))+" from "+threadsOf(f, "from_threads"))
		case analyze.CodeNoEvents:
			out = append(out, "0 events: no measurement")
		case analyze.CodeStartOnly:
			out = append(out, "at most 1 event per thread: no throughput")
		case analyze.CodeLittle:
			out = append(out, "rate × latency "+FormatRatio(f.Value("ratio"))+" the threads")
		}
	}
	return strings.Join(out, "; ")
}

// anomalyCaveat is the caveats' sentence on anomalies: which workloads
// have superlinear steps or ignored errors, said in their sections.
func anomalyCaveat(rp *analyze.Report) string {
	var sup, errs, idle, little []string
	seenS, seenE, seenI, seenL := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	maxShare := map[string]float64{}
	for _, f := range rp.Findings.Select(analyze.KindAnomaly, "") {
		switch f.Code {
		case analyze.CodeSuperlinear:
			if !seenS[f.Workload] {
				seenS[f.Workload] = true
				sup = append(sup, f.Workload)
			}
		case analyze.CodeNoEvents, analyze.CodeStartOnly:
			if !seenI[f.Workload] {
				seenI[f.Workload] = true
				idle = append(idle, f.Workload)
			}
		case analyze.CodeLittle:
			if !seenL[f.Workload] {
				seenL[f.Workload] = true
				little = append(little, f.Workload)
			}
		case analyze.CodeIgnoredErrors:
			k := f.System + " on " + f.Workload
			if f.System == "all" {
				k = "on " + f.Workload // the one system: no name
			}
			if !seenE[k] {
				seenE[k] = true
				errs = append(errs, k)
			}
			maxShare[k] = max(maxShare[k], f.Value("share_pct"))
		}
	}
	var parts []string
	if len(errs) > 0 {
		var es []string
		for _, k := range errs {
			if strings.HasPrefix(k, "on ") {
				es = append(es, fmt.Sprintf("%s (up to %s of the attempted transactions)", k, pctText(maxShare[k])))
				continue
			}
			es = append(es, fmt.Sprintf("for %s (up to %s of its attempted transactions)", k, pctText(maxShare[k])))
		}
		parts = append(parts, "ignored errors "+joinAnd(es))
	}
	if len(sup) > 0 {
		parts = append(parts, "superlinear steps on "+joinAnd(sup))
	}
	if len(idle) > 0 {
		parts = append(parts, "runs whose rate measures no work (no events, or at most one per thread) on "+joinAnd(idle))
	}
	if len(little) > 0 {
		if fs := rp.Findings.Select(analyze.KindCaveat, "", analyze.CodeLittleFactors); len(fs) == 1 {
			// The flagged runs of every such workload by one factor:
			// the caveat says what the sections do.
			k := twoDigits(fs[0].Value("factor"))
			agree, flagged := int(fs[0].Value("agree")), int(fs[0].Value("flagged"))
			runs := fmt.Sprintf("%d runs (Little's law)", agree)
			if agree < flagged {
				runs = fmt.Sprintf("%d of the %d runs Little's law flags", agree, flagged)
			}
			parts = append(parts, "rates and latencies that put about "+k+"× the threads in flight in "+runs+
				", as counts over runs of about "+k+" s printed as rates would, on "+joinAnd(little))
		} else {
			parts = append(parts, "rates and latencies that put more requests in flight than threads (Little's law) on "+joinAnd(little))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return capitalize(joinAnd(parts)) + ": see their sections."
}

// fitNotes are the appendix's notes on one system's fit, in unit.
func fitNotes(rp *analyze.Report, workload, system, unit string) []string {
	var out []string
	for _, f := range rp.Findings.Select("", workload, analyze.CodeUSLPeak, analyze.CodeUSLCeiling, analyze.CodeUSLPoorFit) {
		if f.System == system {
			out = append(out, fitNote(f, unit))
		}
	}
	return out
}

// fitNote phrases a peak or ceiling finding: the claim as its guard
// allows it, else what was measured and the reason the fit's figure is
// not quoted (the figure itself is not printed).
func fitNote(f *analyze.Finding, unit string) string {
	unit = metricOf(f, unit)
	if f.Guard.Passed {
		return fitSentence(f, unit)
	}
	what := "peak"
	switch f.Code {
	case analyze.CodeUSLCeiling:
		what = "ceiling"
	case analyze.CodeUSLPoorFit:
		what = "peak or ceiling"
	}
	measured := ""
	if best, ok := f.Get("best"); ok {
		measured = fmt.Sprintf(" (highest measured %s %s at %s)", unit, numText(best.Value), threadsOf(f, "best_threads"))
	}
	why := f.Guard.Reason
	if f.Code == analyze.CodeUSLPoorFit {
		why = fmt.Sprintf("at R² %s %s", FormatFixed(f.Value("r2"), 3), why)
	}
	return fmt.Sprintf("The fit's %s is not quoted%s: %s.", what, measured, why)
}

// CurveSentences phrases the findings of one scaling curve (scale's
// output): what was measured, then the fit's peak or ceiling where its
// guard allows, else why it is not quoted.
func CurveSentences(fs analyze.Findings, metric string) []string {
	var out []string
	for i := range fs {
		f := &fs[i]
		switch f.Code {
		case analyze.CodeMeasuredCurve:
			if f.Value("points") > 1 {
				out = append(out, measuredSentence(f, metric))
			}
		case analyze.CodeUSLPeak, analyze.CodeUSLCeiling:
			out = append(out, fitNote(f, metric))
		case analyze.CodeUSLPoorFit:
			out = append(out, fmt.Sprintf("The Universal Scalability Law does not describe these points closely (R² %s): no peak is quoted.", FormatFixed(f.Value("r2"), 3)))
		}
	}
	return out
}
