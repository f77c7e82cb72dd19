package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

func init() {
	register("history", "history [--db URL] [INPUT...] --order KEY [--metric tps] [--alpha 0.05] [--min-size 3] [--permutations 199] [--seed 1] [--json]",
		"Order runs by a label (dates, versions in version order, commits as listed) or by campaign time, and find where each series changed: E-Divisive means with a permutation test, each change point with its ratio, Fieller interval and p-value.",
		runHistory)
}

func runHistory(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("history", stderr)
	var in inputFlags
	in.register(fs)
	order := fs.String("order", "", "order runs by the label `KEY` (a date, version or commit label), or by campaign_time; KEY=V1,V2,... gives the order of the values (commits)")
	metric := fs.String("metric", "", "`metric` of every series: tps, qps, eps, mib_s, latency_avg_ms, latency_p95_ms, ...; default each workload's own (tps, else qps; eps for cpu, memory, fileio, else mib_s; slap_avg_s for mysqlslap)")
	skip := fs.String("skip", "auto", skipHelp)
	alpha := fs.Float64("alpha", 0.05, "significance `level` of the permutation test")
	confidence := fs.Float64("confidence", 0.95, "confidence `level` of the ratio intervals")
	minSize := fs.Int("min-size", 3, "fewest `points` on either side of a change point")
	perms := fs.Int("permutations", 199, "`number` of permutations of each test")
	seed := fs.Uint64("seed", 1, "`seed` of the permutations (the same seed gives the same change points)")
	asJSON := fs.Bool("json", false, "print one JSON document instead of the text")
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *order == "" {
		return fmt.Errorf("history: --order KEY is required: %w", errUsage)
	}
	key, list, hasList := strings.Cut(*order, "=")
	var values []string
	if hasList {
		for _, v := range strings.Split(list, ",") {
			if v = strings.TrimSpace(v); v != "" {
				values = append(values, v)
			}
		}
		if len(values) == 0 {
			return fmt.Errorf("--order %s: no values after =: %w", *order, errUsage)
		}
	}
	if err := checkAlpha(*alpha); err != nil {
		return err
	}
	if !(*confidence > 0 && *confidence < 1) {
		return fmt.Errorf("--confidence: want a level between 0 and 1, not %v: %w", *confidence, errUsage)
	}
	if *minSize < 2 {
		return fmt.Errorf("--min-size: want 2 or more, not %d: %w", *minSize, errUsage)
	}
	if *perms < 1 {
		return fmt.Errorf("--permutations: want 1 or more, not %d: %w", *perms, errUsage)
	}
	var m analyze.Metric
	if *metric != "" {
		if m, err = analyze.ParseMetric(*metric); err != nil {
			return fmt.Errorf("--metric: %v: %w", err, errUsage)
		}
	}
	sk, err := parseSkip(*skip)
	if err != nil {
		return err
	}
	in.stderr = stderr
	doc, timeOf, err := in.read("history", fs, inputs)
	if err != nil {
		return err
	}
	for _, l := range parse.ProblemLines(doc.Errors) {
		fmt.Fprintln(stderr, l)
	}
	if len(doc.Runs) == 0 {
		return errors.Join(errors.New("history: no benchmark results in the input"), partial(doc))
	}
	h := analyze.BuildHistory(doc.Runs, analyze.HistoryOptions{
		Order: key, Values: values, TimeOf: timeOf, Metric: m, Skip: sk, Confidence: *confidence,
		ChangePoints: analyze.ChangePointOptions{Alpha: *alpha, Permutations: *perms, MinSize: *minSize, Seed: *seed},
	})
	bw := bufio.NewWriter(stdout)
	if *asJSON {
		enc := json.NewEncoder(bw)
		enc.SetIndent("", "  ")
		if err := enc.Encode(h); err != nil {
			return err
		}
	} else {
		printHistory(bw, h, *alpha, *perms, *minSize, *seed)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return partial(doc)
}

// printHistory writes one block per series: its labels, its points, and
// each change point with the segments it separates.
func printHistory(w io.Writer, h *analyze.History, alpha float64, perms, minSize int, seed uint64) {
	sense := "higher is better"
	if h.LowerIsBetter {
		sense = "lower is better"
	}
	what := fmt.Sprintf("%s (%s)", h.Metric, sense)
	if h.Metric == "" {
		what = "Each workload's own metric (named on its series)"
	}
	fmt.Fprintf(w, "%s by %s (%s order); change points: E-Divisive means, permutation test at α = %g (%d permutations, seed %d), segments of %d points or more\n",
		what, h.Order, h.OrderKind, alpha, perms, seed, minSize)
	for _, s := range h.Series {
		fmt.Fprintf(w, "\n%s: %d point(s)", s.Name(), len(s.Points))
		if h.Metric == "" {
			lib := "higher is better"
			if s.LowerIsBetter {
				lib = "lower is better"
			}
			fmt.Fprintf(w, " of %s (%s)", s.Metric, lib)
		}
		if n := len(s.Points); n > 0 {
			fmt.Fprintf(w, ", %s … %s", s.Points[0].Key, s.Points[n-1].Key)
		}
		fmt.Fprintln(w)
		cps := map[int]analyze.HistoryChange{}
		for _, c := range s.ChangePoints {
			cps[c.Index] = c
		}
		for i, p := range s.Points {
			mark := ""
			if c, ok := cps[i]; ok {
				mark = "  ← " + changeText(c, s.LowerIsBetter)
			}
			fmt.Fprintf(w, "  %-24s %12s  n=%d%s\n", p.Key, fmtNum(p.Value), len(p.Values), mark)
		}
		if len(s.ChangePoints) == 0 && len(s.Warnings) == 0 {
			fmt.Fprintln(w, "  no change point")
		}
		for _, e := range s.Warnings {
			fmt.Fprintln(w, "  "+e.Error())
		}
	}
	if len(h.Warnings) > 0 {
		fmt.Fprintln(w, "\nwarnings:")
		for _, e := range h.Warnings {
			fmt.Fprintln(w, "  "+e.Error())
		}
	}
}

// changeText describes a change point: "-9.8% (0.902× [0.889, 0.915], p=0.005), worse".
func changeText(c analyze.HistoryChange, lowerIsBetter bool) string {
	if c.Ratio == nil {
		return fmt.Sprintf("change (p=%.3f)", c.P)
	}
	s := fmt.Sprintf("change %+.1f%% (%.3f×", 100*(*c.Ratio-1), *c.Ratio)
	if c.Lo != nil && c.Hi != nil {
		s += fmt.Sprintf(" [%.3f, %.3f]", *c.Lo, *c.Hi)
	} else {
		s += " [unbounded]"
	}
	s += fmt.Sprintf(", p=%.3f)", c.P)
	if c.Worse {
		s += ", worse"
	} else {
		s += ", better"
	}
	return s
}
