package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/render"
)

func init() {
	register("compare", "compare [--by LABEL] [--base NAME] [--center geomean|median] [--alpha 0.05] [--confidence 0.95] [--metric tps] [--skip 30s] [--json] INPUT...",
		"Compare systems workload by workload and thread count: center ± interval, ratio to the base with its interval, verdict, geomean, warnings.",
		runCompare)
}

func runCompare(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("compare", stderr)
	var cf commonFlags
	cf.register(fs)
	var in inputFlags
	in.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON document instead of the table")
	fs.StringVar(&cf.metric, "metric", "", "`metric` to compare for all workloads: tps, qps, eps, mib_s, latency_avg_ms, latency_p95_ms (any printed percentile), latency_max_ms, slap_avg_s, ...; default each workload's own (tps, else qps; eps for cpu, memory, fileio, else mib_s; slap_avg_s for mysqlslap)")
	base := fs.String("base", "", "baseline `system`; default the one with its workload's metric in the most cells (a workload it has no value of is compared with the system that has the most)")
	alpha := fs.Float64("alpha", 0.05, "significance `level` of the tests")
	failOn := fs.String("fail-on-regression", "", "exit with status 4 when a cell is significantly worse than the base by more than `PCT` percent (lower throughput, or higher latency), listing those cells on stderr")
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	metric, center, skip, err := cf.check()
	if err != nil {
		return err
	}
	if err := checkAlpha(*alpha); err != nil {
		return err
	}
	gate, err := parsePct(*failOn)
	if err != nil {
		return err
	}
	defer collectLess()()
	doc, spool, err := load("compare", fs, &in, inputs, stderr)
	if err != nil {
		return err
	}
	defer spool.Close()
	if len(doc.Runs) == 0 {
		return errors.Join(errors.New("compare: no benchmark results in the input"), partial(doc))
	}
	if err := checkBy(doc, cf.by); err != nil {
		return err
	}
	d := analyze.Group(doc.Runs, analyze.GroupOptions{By: cf.by})
	if *base != "" && !slices.Contains(d.Systems, *base) {
		return fmt.Errorf("--base: no system %q (systems by %q: %s): %w", *base, d.By, strings.Join(d.Systems, ", "), errUsage)
	}
	c := analyze.CompareWorkloads(d, analyze.CompareOptions{
		Metric: metric, Base: *base, Center: center, Alpha: *alpha, Confidence: cf.confidence, Skip: skip,
	})
	sm := metric
	if sm.LowerIsBetter() {
		sm = "" // each workload's rate
	}
	c.Findings = analyze.AnomalyFindings(d, c.Bases, analyze.ScaleWorkloads(d, doc.Hosts, analyze.ScaleOptions{
		Metric: sm, Center: center, Confidence: cf.confidence, Skip: skip}))
	c.Findings = append(c.Findings, analyze.TrimFindings(c)...)
	if err := spool.Err(); err != nil {
		return err
	}
	bw := bufio.NewWriter(stdout)
	if *asJSON {
		enc := json.NewEncoder(bw)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c); err != nil {
			return err
		}
	} else {
		printComparison(bw, c)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if gate != nil {
		if bad := regressions(c, *gate); len(bad) > 0 {
			for _, l := range bad {
				fmt.Fprintln(stderr, l)
			}
			return errors.Join(fmt.Errorf("%d cell(s) worse than %s by more than %g%%: %w", len(bad), strings.Join(comparisonBases(c), ", "), *gate, errRegression), partial(doc))
		}
	}
	return partial(doc)
}

// errRegression marks a comparison that found a regression beyond
// --fail-on-regression (exit status 4).
var errRegression = errors.New("regression")

// parsePct reads --fail-on-regression ("5" or "5%"); nil when not given.
func parsePct(s string) (*float64, error) {
	if s == "" {
		return nil, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
	if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil, fmt.Errorf("--fail-on-regression: want a percentage such as 5, not %q: %w", s, errUsage)
	}
	return &v, nil
}

// regressions lists the cells significantly worse than the base by more
// than pct percent: the difference is significant at --alpha and the
// ratio is below 1 − pct/100 (a throughput) or above 1 + pct/100 (a
// latency or a time).
func regressions(c *analyze.Comparison, pct float64) []string {
	var out []string
	for _, r := range c.Rows {
		if r.Base || !r.Significant || r.Better || r.Ratio == nil {
			continue
		}
		worse := *r.Ratio < 1-pct/100
		if r.Metric.LowerIsBetter() {
			worse = *r.Ratio > 1+pct/100
		}
		if !worse {
			continue
		}
		t := "?"
		if r.Threads != nil {
			t = strconv.Itoa(*r.Threads)
		}
		p := ""
		if r.PValue != nil {
			p = fmt.Sprintf(", p=%.3f", *r.PValue)
		}
		out = append(out, fmt.Sprintf("regression: %s, %s threads, %s: %s %+.2f%% against %s (%s%s)",
			r.Workload, t, r.System, r.Metric, 100*(*r.Ratio-1), baseOf(c, r.Workload), ratioText(r), p))
	}
	return out
}

// printComparison writes a benchstat-style table for each metric and
// base the workloads are compared in: one line per workload × threads, a
// column per system, and for each other system its change against the
// base with the verdict ("~" when not significant, "no test (1 run)"
// when a side has one run) and the ratio with its interval, then
// geomeans; then the systems left out for want of their metric, the
// trimmed cells and the warnings.
func printComparison(w io.Writer, c *analyze.Comparison) {
	for i, g := range comparisonGroups(c) {
		if i > 0 {
			fmt.Fprintln(w)
		}
		printGroup(w, c, g)
	}
	printLeftOut(w, c)
	printTrims(w, c)
	printWarnings(w, c)
}

// A compareGroup is the workloads compared in one metric against one
// base, in row order.
type compareGroup struct {
	metric    analyze.Metric
	base      string
	workloads []string
}

// metricOf is the metric workload w is compared in.
func metricOf(c *analyze.Comparison, w string) analyze.Metric {
	if m, ok := c.Metrics[w]; ok {
		return m
	}
	return c.Metric
}

// baseOf is the system workload w's ratios are taken against.
func baseOf(c *analyze.Comparison, w string) string {
	if b, ok := c.Bases[w]; ok {
		return b
	}
	return c.Base
}

// comparisonBases lists the bases of the compared workloads, each once.
func comparisonBases(c *analyze.Comparison) []string {
	var out []string
	for _, g := range comparisonGroups(c) {
		if !slices.Contains(out, g.base) {
			out = append(out, g.base)
		}
	}
	if len(out) == 0 {
		out = append(out, c.Base)
	}
	return out
}

func comparisonGroups(c *analyze.Comparison) []compareGroup {
	var out []compareGroup
	for _, r := range c.Rows {
		m, b := metricOf(c, r.Workload), baseOf(c, r.Workload)
		i := slices.IndexFunc(out, func(g compareGroup) bool { return g.metric == m && g.base == b })
		if i < 0 {
			i = len(out)
			out = append(out, compareGroup{metric: m, base: b})
		}
		if !slices.Contains(out[i].workloads, r.Workload) {
			out[i].workloads = append(out[i].workloads, r.Workload)
		}
	}
	if len(out) == 0 {
		out = append(out, compareGroup{metric: c.Metric, base: c.Base})
	}
	return out
}

func printGroup(w io.Writer, c *analyze.Comparison, g compareGroup) {
	sense := "higher is better"
	if g.metric.LowerIsBetter() {
		sense = "lower is better"
	}
	switch {
	case c.By == "":
		fmt.Fprintf(w, "%s (%s): %s ± %.0f%% interval; one system\n\n", g.metric, sense, c.Center.Describe(), 100*c.Confidence)
	default:
		fmt.Fprintf(w, "%s (%s): %s ± %.0f%% interval; systems named by the label %s, compared with %s\n\n",
			g.metric, sense, c.Center.Describe(), 100*c.Confidence, c.By, g.base)
	}
	type gk struct {
		w string
		t string
	}
	var order []gk
	rows := map[gk]map[string]analyze.Row{}
	has := map[string]bool{} // systems with a row in the group
	for _, r := range c.Rows {
		if !slices.Contains(g.workloads, r.Workload) {
			continue
		}
		has[r.System] = true
		k := gk{r.Workload, "?"}
		if r.Threads != nil {
			k.t = strconv.Itoa(*r.Threads)
		}
		if rows[k] == nil {
			rows[k] = map[string]analyze.Row{}
			order = append(order, k)
		}
		rows[k][r.System] = r
	}
	others := make([]string, 0, len(c.Systems))
	for _, s := range c.Systems {
		if s != g.base && has[s] {
			others = append(others, s)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	hdr := []string{"workload", "threads", g.base}
	for _, s := range others {
		hdr = append(hdr, s, "vs base", "ratio [interval]")
	}
	fmt.Fprintln(tw, strings.Join(hdr, "\t")+"\t")
	for _, k := range order {
		cols := []string{k.w, k.t}
		if b, ok := rows[k][g.base]; ok {
			cols = append(cols, centerText(b))
		} else {
			cols = append(cols, "-")
		}
		for _, s := range others {
			r, ok := rows[k][s]
			if !ok {
				cols = append(cols, "-", "", "")
				continue
			}
			cols = append(cols, centerText(r), deltaText(r), ratioText(r))
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t")+"\t")
	}
	var gms []analyze.Geomean
	for _, gm := range c.Geomeans {
		if gm.Ratio != nil && gm.Metric == g.metric && (len(gm.Workloads) == 0 || slices.Contains(g.workloads, gm.Workloads[0])) {
			gms = append(gms, gm)
		}
	}
	cols, any := []string{"geomean", "", ""}, false
	for _, s := range others {
		gm := geomeanOf(gms, s)
		if gm == nil {
			cols = append(cols, "", "", "")
			continue
		}
		any = true
		cols = append(cols, "", fmt.Sprintf("%+.2f%%", 100*(*gm.Ratio-1)), fmt.Sprintf("%.3f× (%s)", *gm.Ratio, count(gm.Cells, "cell", "cells")))
	}
	if any {
		fmt.Fprintln(tw, strings.Join(cols, "\t")+"\t")
	}
	tw.Flush()
}

// printLeftOut lists once each system (or workload) left out of the
// tables because it has no value of its workload's metric.
func printLeftOut(w io.Writer, c *analyze.Comparison) {
	if len(c.LeftOut) == 0 {
		return
	}
	fmt.Fprintln(w, "\nleft out (no value of the metric):")
	for _, lo := range c.LeftOut {
		var ms []string
		for _, m := range lo.Metrics {
			ms = append(ms, string(m))
		}
		switch {
		case lo.System == "":
			fmt.Fprintf(w, "  %s: no system has %s\n", lo.Workload, strings.Join(ms, ", "))
		case lo.Workload == "":
			fmt.Fprintf(w, "  %s: no %s\n", lo.System, strings.Join(ms, ", "))
		default:
			fmt.Fprintf(w, "  %s on %s: no %s\n", lo.System, lo.Workload, strings.Join(ms, ", "))
		}
	}
}

func geomeanOf(gs []analyze.Geomean, s string) *analyze.Geomean {
	for i := range gs {
		if gs[i].System == s {
			return &gs[i]
		}
	}
	return nil
}

// fmtNum prints a value with about four significant digits and no
// exponent for the usual benchmark magnitudes.
func fmtNum(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 4-len(strconv.Itoa(int(a))), 64)
	case a == 0:
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

func centerText(r analyze.Row) string {
	if r.Center == nil {
		return "-"
	}
	s := fmtNum(*r.Center)
	switch {
	case r.N == 1 && !r.Within && math.IsInf(r.Summary.PctRange(), 0):
		// One run and no interim series: no interval at all.
		s += " (1 run)"
	case r.N > 0:
		s += " " + intervalText(r.Summary)
	}
	if r.Within {
		s += " (1 run, within-run)"
	}
	if r.SpreadWarning {
		s += " (!)"
	}
	if len(r.Trimmed) > 0 {
		s += " (trimmed)"
	}
	return s
}

// intervalText is "± x%", the larger side of the interval relative to the
// centre, while that side is at most 100%; a wider interval, which a
// log-scale interval makes lopsided, is printed as its bounds.
func intervalText(s analyze.Summary) string {
	p := s.PctRange()
	switch {
	case math.IsInf(p, 0):
		return "± ∞"
	case math.IsNaN(p):
		return "± ?"
	case p > 1:
		return "[" + fmtNum(s.Lo) + ", " + fmtNum(s.Hi) + "]"
	}
	return fmt.Sprintf("± %.0f%%", 100*p)
}

// deltaText is benchstat's "vs base" cell: the change in percent with
// the p-value and sample size, "~" when not significant, or the change
// and "no test (1 run)" when a side has one run.
func deltaText(r analyze.Row) string {
	if r.Ratio == nil {
		return "?"
	}
	change := fmt.Sprintf("%+.2f%%", 100*(*r.Ratio-1))
	n := strconv.Itoa(r.N)
	switch r.Verdict {
	case analyze.VerdictOneRun, analyze.VerdictNoTest:
		return change + " " + string(r.Verdict)
	case analyze.VerdictSame:
		return fmt.Sprintf("~ (p=%.3f n=%s)", *r.PValue, n)
	}
	if r.PValue == nil {
		return change
	}
	return fmt.Sprintf("%s (p=%.3f n=%s)", change, *r.PValue, n)
}

// ratioText is the ratio with its interval over runs, or, for two single
// runs, the within-run interval labelled as such.
func ratioText(r analyze.Row) string {
	if r.Ratio == nil {
		return ""
	}
	s := fmt.Sprintf("%.3f×", *r.Ratio)
	switch {
	case r.RatioLo != nil && r.RatioHi != nil:
		l, h := "[", "]"
		if r.RatioLoOpen {
			l = "("
		}
		if r.RatioHiOpen {
			h = ")"
		}
		return s + fmt.Sprintf(" %s%.3f, %.3f%s", l, *r.RatioLo, *r.RatioHi, h)
	case r.WithinRatioLo != nil && r.WithinRatioHi != nil:
		return s + fmt.Sprintf(" (within-run [%.3f, %.3f])", *r.WithinRatioLo, *r.WithinRatioHi)
	case r.Verdict == analyze.VerdictOneRun:
		return s + " (no interval)"
	}
	return s + " [unbounded]"
}

// printTrims lists, under the table, the cells marked "(trimmed)": whose
// centre is not what sysbench printed because a warm-up was trimmed, and
// how much was.
func printTrims(w io.Writer, c *analyze.Comparison) {
	first := true
	for _, r := range c.Rows {
		if len(r.Trimmed) == 0 {
			continue
		}
		if first {
			fmt.Fprintln(w, "\ntrimmed (the steady state after the warm-up, not the printed figure):")
			first = false
		}
		t := "?"
		if r.Threads != nil {
			t = strconv.Itoa(*r.Threads)
		}
		th := 0
		if r.Threads != nil {
			th = *r.Threads
		}
		for _, f := range c.Findings.Select(analyze.KindCaveat, r.Workload, analyze.CodeTrimmedWarmup) {
			if f.System == r.System && f.Threads == th {
				fmt.Fprintf(w, "  %s/%s threads/%s: %s\n", r.Workload, t, r.System, render.TrimPhrase(f))
			}
		}
		if len(r.Trimmed) > 1 || r.N > 1 {
			for _, tr := range r.Trimmed {
				fmt.Fprintf(w, "    %s: %s, %s\n", tr.Run, fmtNum(tr.Value), render.TrimRunPhrase(tr))
			}
		}
	}
}

// printWarnings lists the warnings once each, saying where they apply.
func printWarnings(w io.Writer, c *analyze.Comparison) {
	var notes []string
	var seen []string
	for _, f := range c.Findings {
		if f.Kind != analyze.KindAnomaly || slices.Contains(seen, f.Workload) {
			continue
		}
		seen = append(seen, f.Workload)
		for _, l := range render.AnomalySentences(c.Findings, string(metricOf(c, f.Workload)), f.Workload) {
			notes = append(notes, f.Workload+": "+l)
		}
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nnotes:")
		for _, l := range notes {
			fmt.Fprintln(w, "  "+l)
		}
	}
	lines := c.WarningLines()
	if len(lines) == 0 {
		return
	}
	fmt.Fprintln(w, "\nwarnings:")
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
}
