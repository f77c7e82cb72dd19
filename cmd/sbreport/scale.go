package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/render"
)

func init() {
	register("scale", "scale [--by LABEL] [--metric tps] [--slo p95=20ms] [--center geomean|median] [--skip 30s] [--json] INPUT...",
		"Fit the Universal Scalability Law to each system's thread sweep: σ, κ, λ with their errors, peak threads N*, X(N*), efficiency, the thread count meeting a latency target.",
		runScale)
}

func runScale(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("scale", stderr)
	var cf commonFlags
	cf.register(fs)
	var in inputFlags
	in.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON document instead of the table")
	fs.StringVar(&cf.metric, "metric", "", "throughput `metric` to fit for all workloads: tps, qps or eps; default each workload's own rate (tps, else qps; eps for cpu, memory, fileio)")
	sloText := fs.String("slo", "", "latency `target` such as p95=20ms, p99=1s or avg=5ms: report the largest thread count meeting it")
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	metric, center, skip, err := cf.check()
	if err != nil {
		return err
	}
	if metric != "" && metric.LowerIsBetter() {
		return fmt.Errorf("--metric: %s is not a throughput: %w", metric, errUsage)
	}
	slo, err := parseSLO(*sloText)
	if err != nil {
		return err
	}
	doc, spool, err := load("scale", fs, &in, inputs, stderr)
	if err != nil {
		return err
	}
	defer spool.Close()
	if len(doc.Runs) == 0 {
		return errors.Join(errors.New("scale: no benchmark results in the input"), partial(doc))
	}
	if err := checkBy(doc, cf.by); err != nil {
		return err
	}
	d := analyze.Group(doc.Runs, analyze.GroupOptions{By: cf.by})
	sc := analyze.ScaleWorkloads(d, doc.Hosts, analyze.ScaleOptions{
		Metric: metric, Center: center, Confidence: cf.confidence, Skip: skip, SLO: slo,
	})
	if err := spool.Err(); err != nil {
		return err
	}
	bw := bufio.NewWriter(stdout)
	if *asJSON {
		enc := json.NewEncoder(bw)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sc); err != nil {
			return err
		}
	} else {
		printScaling(bw, sc, cf.confidence)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return partial(doc)
}

func optNum(p *float64) string {
	if p == nil {
		return "-"
	}
	return fmtNum(*p)
}

func withSE(v, se *float64) string {
	if v == nil {
		return "-"
	}
	if se == nil {
		return fmtNum(*v)
	}
	return fmtNum(*v) + " ± " + fmtNum(*se)
}

// printScaling writes the fitted parameters of every curve, then each
// curve's points.
func printScaling(w io.Writer, sc *analyze.Scaling, confidence float64) {
	what := string(sc.Metric)
	if what == "" {
		what = "Each workload's rate (its metric column)"
	}
	fmt.Fprintf(w, "%s against threads, USL X(N) = λN/(1+σ(N−1)+κN(N−1)), parameters ± standard error\n\n", what)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if sc.Metric == "" {
		fmt.Fprintln(tw, "system\tworkload\tmetric\tλ\tσ\tκ\tR²\tpeak N*\tX(N*)\tceiling\t")
	} else {
		fmt.Fprintln(tw, "system\tworkload\tλ\tσ\tκ\tR²\tpeak N*\tX(N*)\tceiling\t")
	}
	for _, c := range sc.Curves {
		peak, xpeak, ceiling := optNum(c.PeakThreads), optNum(c.PeakThroughput), optNum(c.Ceiling)
		if c.Lambda != nil && c.PeakThreads == nil {
			peak = "∞"
		}
		if c.PeakExtrapolated {
			peak += " (extrapolated)"
		}
		workload := c.Workload
		if sc.Metric == "" {
			workload += "\t" + string(c.Metric)
		}
		// A figure whose guard failed is not printed: the sentences
		// below say what was measured and why.
		if c.Findings.Refused(c.Workload, c.System, analyze.CodeUSLPeak) {
			peak, xpeak = "not quoted", "-"
		}
		if c.Findings.Refused(c.Workload, c.System, analyze.CodeUSLCeiling) {
			if c.Ceiling != nil {
				ceiling = "not quoted"
			}
			if c.PeakThreads == nil { // no peak: X(N*) is the ceiling
				xpeak = "-"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", c.System, workload,
			withSE(c.Lambda, c.LambdaSE), withSE(c.Sigma, c.SigmaSE), withSE(c.Kappa, c.KappaSE),
			optNum(c.R2), peak, xpeak, ceiling)
	}
	tw.Flush()
	for _, c := range sc.Curves {
		fmt.Fprintf(w, "\n%s %s", c.System, c.Workload)
		if c.CPUs != nil {
			fmt.Fprintf(w, " (%d CPUs)", *c.CPUs)
		}
		if c.SLO != nil {
			if c.SLOThreads != nil {
				fmt.Fprintf(w, ": %s met up to %d threads (%s %s)", c.SLO, *c.SLOThreads, fmtNum(*c.SLOThroughput), c.Metric)
			} else {
				fmt.Fprintf(w, ": %s never met", c.SLO)
			}
		}
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "  threads\tn\t%s\t%.0f%% interval\tefficiency\tp95 ms\tfitted\tresidual\tper CPU\t\n", c.Metric, 100*confidence)
		for _, p := range c.Points {
			fmt.Fprintf(tw, "  %d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", p.Threads, p.N, fmtNum(p.Throughput.Center),
				intervalText(p.Throughput), optNum(p.Efficiency), optNum(p.P95Ms), optNum(p.Fitted), optNum(p.Residual), optNum(p.PerCPU))
		}
		tw.Flush()
		for _, l := range render.CurveSentences(c.Findings, string(c.Metric)) {
			fmt.Fprintln(w, "  "+l)
		}
		for _, e := range c.Warnings {
			fmt.Fprintln(w, "  warning: "+e.Error())
		}
	}
	for _, e := range sc.Warnings {
		fmt.Fprintln(w, "warning: "+e.Error())
	}
}
