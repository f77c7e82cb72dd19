package render

import (
	"fmt"
	"slices"
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
	if nw == 0 {
		// "5 runs of 0 workloads on X" would claim a comparison of
		// nothing: every run lacks the metric (a fragment, a table of
		// other figures), and the line below says what each lacks.
		m := "a result"
		if v.Metric != "" {
			m = "the metric compared (" + v.Metric + ")"
		}
		return []string{fmt.Sprintf("%s %s read, and none has %s: nothing is compared.",
			FormatFixed(float64(v.Runs), 0), plural(v.Runs, "run", "runs"), m)}
	}
	// "?" groups the runs the text gives no system name for: said so in
	// words, not as a name.
	unnamed := "runs with no " + v.By
	if v.By == "" {
		unnamed = "runs with no system named"
	}
	names := make([]string, len(v.Systems))
	for i, n := range v.Systems {
		names[i] = n
		if n == "?" {
			names[i] = "? (" + unnamed + ")"
		}
	}
	what := fmt.Sprintf("%s %s of %s on %s: %s",
		FormatFixed(float64(v.Runs), 0), plural(v.Runs, "run", "runs"),
		countOf(nw, "workload", "workloads"), countOf(len(v.Systems), "system", "systems"), joinAnd(names))
	if len(v.Systems) == 1 {
		what = fmt.Sprintf("%s %s of %s", FormatFixed(float64(v.Runs), 0), plural(v.Runs, "run", "runs"), countOf(nw, "workload", "workloads"))
		switch v.Systems[0] {
		case "all":
		case "?":
			what += "; the text names no system for the runs compared"
		default:
			what += " on " + v.Systems[0]
		}
	}
	if len(rp.Headline) == 0 {
		return []string{capitalize(what) + "."}
	}
	threads := map[int]bool{}
	common, all := true, true
	for _, h := range rp.Headline {
		threads[h.Threads] = true
		common = common && h.Common
		for _, r := range h.Ratios {
			all = all && r != nil
		}
	}
	at := "the highest thread count every system measured"
	switch {
	case common && !all && len(rp.Headline) == 1:
		at = "the highest thread count every system running the workload measured"
	case common && !all:
		at = "the highest thread count every system running each workload measured"
	case !common:
		at = "the thread count the base measured that the most systems share"
	}
	if len(threads) == 1 {
		for t := range threads {
			if t > 0 {
				at += " (" + threadsLabel(t) + ")"
			}
		}
	}
	// Each workload's base: the report's, or the system that ran a
	// workload the report's base did not.
	baseOf := func(h analyze.HeadlineRow) string {
		if h.Base != "" {
			return h.Base
		}
		return v.Base
	}
	var bases []string
	for _, h := range rp.Headline {
		if b := baseOf(h); !slices.Contains(bases, b) {
			bases = append(bases, b)
		}
	}
	metric := v.Center + " " + v.Metric
	if rp.Metric == "" {
		metric = v.Center + " of its workload's metric (" + strings.ReplaceAll(v.Metric, " / ", ", ") + ")"
	}
	with := v.Base + "'s"
	if len(bases) == 1 {
		with = bases[0] + "'s"
	}
	if len(bases) > 1 {
		with = "the base's of each workload (" + joinAnd(bases) + ")"
	}
	out = append(out, fmt.Sprintf("%s. Each system's %s is compared with %s at %s, with %s intervals.",
		capitalize(what), metric, with, at, FormatFixed(100*v.Confidence, 0)+"%"))
	cmp := comparisonsAt(rp)
	var errNotes []string
	for _, base := range bases {
		out = append(out, againstBase(v, rp, cmp, base, baseOf, &errNotes)...)
	}
	out = append(out, errNotes...)
	return out
}

// againstBase is the headline's sentence on every system against one
// base, over the workloads compared with it.
func againstBase(v *View, rp *analyze.Report, cmp map[cmpKey]*analyze.Finding, base string, baseOf func(analyze.HeadlineRow) string, errNotes *[]string) []string {
	var out, findings, phrases []string
	bySame := map[string][]string{} // finding → the systems it is true of
	for _, sys := range v.Systems {
		if sys == base {
			continue
		}
		var better, worse, same, untested, erred []string
		ratioOf := map[string]float64{}
		for _, h := range rp.Headline {
			if baseOf(h) != base {
				continue
			}
			f := cmp[cmpKey{h.Workload, sys, h.Threads}]
			if f == nil || !f.Has("ratio") {
				continue
			}
			ratioOf[h.Workload] = f.Value("ratio")
			if d := rp.Findings.Select(analyze.KindAnomaly, h.Workload, analyze.CodeErrorShareDiff); len(d) > 0 {
				for _, e := range d {
					if e.System == sys && e.Threads == h.Threads {
						erred = append(erred, fmt.Sprintf("On %s, %s of %s's attempted transactions ended in an ignored error (%s of %s's): that ratio partly measures them.",
							h.Workload, pctText(e.Value("share_pct")), sys, pctText(e.Value("base_share_pct")), base))
					}
				}
			}
			switch analyze.Verdict(f.Word("verdict")) {
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
		span := func(ws []string) string {
			var xs []float64 // in the order of ws
			for _, w := range ws {
				xs = append(xs, ratioOf[w])
			}
			r := FormatRatio(xs[0])
			if len(xs) == 2 {
				r += " and " + FormatRatio(xs[1])
			} else if len(xs) > 2 {
				sort.Float64s(xs)
				r = FormatRatio(xs[0]) + " to " + FormatRatio(xs[len(xs)-1])
			}
			if len(ws) == n && n > 1 {
				return fmt.Sprintf("on %s (%s)", allWorkloads(n), r)
			}
			if len(ws) > 2 {
				return fmt.Sprintf("on %d of %d workloads (%s)", len(ws), n, r)
			}
			return fmt.Sprintf("on %s (%s)", joinAnd(ws), r)
		}
		if len(worse) > 0 {
			parts = append(parts, "worse "+span(worse))
		}
		if len(better) > 0 {
			parts = append(parts, "better "+span(better))
		}
		if len(same) > 0 {
			switch {
			case len(same) == n && n == 2:
				parts = append(parts, "not significantly different on either workload")
			case len(same) == n && n > 2:
				parts = append(parts, fmt.Sprintf("not significantly different on any of the %d workloads", n))
			default:
				parts = append(parts, "not significantly different on "+joinAnd(same))
			}
		}
		switch {
		case len(untested) == n && n > 1:
			parts = append(parts, "untested on "+allWorkloads(n)+" (a single run on a side)")
		case len(untested) > 0:
			parts = append(parts, "untested (a single run on a side) on "+joinAnd(untested))
		}
		phrase := joinAnd(parts)
		*errNotes = append(*errNotes, erred...)
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
		// A colon, not a comma: "Against A, B and C are untested" reads as
		// three systems untested.
		out = append(out, "Against "+base+": "+strings.Join(findings, "; ")+".")
	}
	return out
}

// allWorkloads says "both workloads" or "all 4 workloads".
func allWorkloads(n int) string {
	if n == 2 {
		return "both workloads"
	}
	return fmt.Sprintf("all %d workloads", n)
}

type cmpKey struct {
	workload, system string
	threads          int
}

// comparisonsAt indexes the report's comparison findings by cell.
func comparisonsAt(rp *analyze.Report) map[cmpKey]*analyze.Finding {
	out := map[cmpKey]*analyze.Finding{}
	for _, f := range rp.Findings.Select(analyze.KindComparison, "", analyze.CodeRatio) {
		out[cmpKey{f.Workload, f.System, f.Threads}] = f
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

// IntervalText is the ratio's interval over the runs, "[0.47, 0.95]"
// ("(1.00, 1.20]" when an end is not in it);
// for two single runs the within-run interval, labelled so; "–" when a
// side has one run and there is none; "unbounded" when the runs cannot
// bound it.
func (r RatioRow) IntervalText() string {
	switch {
	case r.Lo != nil && r.Hi != nil:
		l, h := "[", "]"
		if r.LoOpen {
			l = "("
		}
		if r.HiOpen {
			h = ")"
		}
		return l + FormatFixed(*r.Lo, 2) + ", " + FormatFixed(*r.Hi, 2) + h
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
