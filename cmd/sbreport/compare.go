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
	fs.StringVar(&cf.metric, "metric", "", "`metric` to compare: tps, qps, eps, latency_avg_ms, latency_p95_ms (any printed percentile), latency_max_ms, slap_avg_s, ...; default tps (else eps, qps)")
	base := fs.String("base", "", "baseline `system`; default the first")
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
	doc, err := load("compare", fs, &in, inputs, stderr)
	if err != nil {
		return err
	}
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
	c := analyze.Compare(d, analyze.CompareOptions{
		Metric: metric, Base: *base, Center: center, Alpha: *alpha, Confidence: cf.confidence, Skip: skip,
	})
	sm := metric
	if sm == "" || sm.LowerIsBetter() {
		sm = analyze.DefaultMetric(doc.Runs)
	}
	c.Findings = analyze.AnomalyFindings(doc, d, c.Base, analyze.Scale(d, doc.Hosts, analyze.ScaleOptions{
		Metric: sm, Center: center, Confidence: cf.confidence, Skip: skip}))
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
			return errors.Join(fmt.Errorf("%d cell(s) worse than %s by more than %g%%: %w", len(bad), c.Base, *gate, errRegression), partial(doc))
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
		if c.LowerIsBetter {
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
			r.Workload, t, r.System, c.Metric, 100*(*r.Ratio-1), c.Base, ratioText(r), p))
	}
	return out
}

// printComparison writes a benchstat-style table: one line per workload ×
// threads, a column per system, and for each other system its change
// against the base with the verdict ("~" when not significant, "no test
// (1 run)" when a side has one run) and the ratio with its interval, then
// geomeans and warnings.
func printComparison(w io.Writer, c *analyze.Comparison) {
	sense := "higher is better"
	if c.LowerIsBetter {
		sense = "lower is better"
	}
	switch {
	case c.By == "":
		fmt.Fprintf(w, "%s (%s): %s ± %.0f%% interval; one system\n\n", c.Metric, sense, c.Center.Describe(), 100*c.Confidence)
	default:
		fmt.Fprintf(w, "%s (%s): %s ± %.0f%% interval; systems named by the label %s, compared with %s\n\n",
			c.Metric, sense, c.Center.Describe(), 100*c.Confidence, c.By, c.Base)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	others := make([]string, 0, len(c.Systems))
	for _, s := range c.Systems {
		if s != c.Base {
			others = append(others, s)
		}
	}
	hdr := []string{"workload", "threads", c.Base}
	for _, s := range others {
		hdr = append(hdr, s, "vs base", "ratio [interval]")
	}
	fmt.Fprintln(tw, strings.Join(hdr, "\t")+"\t")
	type gk struct {
		w string
		t string
	}
	var order []gk
	rows := map[gk]map[string]analyze.Row{}
	for _, r := range c.Rows {
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
	for _, k := range order {
		cols := []string{k.w, k.t}
		if b, ok := rows[k][c.Base]; ok {
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
	if len(c.Geomeans) > 0 {
		cols := []string{"geomean", "", ""}
		for _, s := range others {
			g := geomeanOf(c.Geomeans, s)
			if g == nil || g.Ratio == nil {
				cols = append(cols, "", "", "")
				continue
			}
			cols = append(cols, "", fmt.Sprintf("%+.2f%%", 100*(*g.Ratio-1)), fmt.Sprintf("%.3f× (%s)", *g.Ratio, count(g.Cells, "cell", "cells")))
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t")+"\t")
	}
	tw.Flush()
	printTrims(w, c)
	printWarnings(w, c)
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
		fmt.Fprintf(w, "  %s/%s threads/%s: %s\n", r.Workload, t, r.System, r.TrimNote())
		if len(r.Trimmed) > 1 || r.N > 1 {
			for _, tr := range r.Trimmed {
				fmt.Fprintf(w, "    %s: %s, %s\n", tr.Run, fmtNum(tr.Value), tr.Text())
			}
		}
	}
}

// printWarnings lists the warnings once each, saying where they apply.
func printWarnings(w io.Writer, c *analyze.Comparison) {
	if notes := render.AnomalySentences(c.Findings, string(c.Metric), ""); len(notes) > 0 {
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
