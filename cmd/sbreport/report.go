package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/render"
)

func init() {
	register("report", "report [flags] -o DIR INPUT...",
		"Write DIR/report.md (the post), DIR/appendix.md (setup, fits, timelines, commands), DIR/charts/ (PNG and SVG), DIR/report.xlsx, DIR/results.json and DIR/runs.csv from the inputs.",
		runReport)
}

// reportFlags are the flags report and demo share.
type reportFlags struct {
	commonFlags
	out, template, title string
	force                bool
	base, slo            string
	alpha                float64
}

func addReportFlags(fs *flag.FlagSet) *reportFlags {
	f := &reportFlags{}
	fs.StringVar(&f.out, "o", "", "write the report into `directory` (must not exist unless --force; never inside an input)")
	fs.BoolVar(&f.force, "force", false, "replace a report directory that sbreport wrote (nothing else is ever replaced)")
	fs.StringVar(&f.template, "template", "", "use the Markdown template in `file` instead of the built-in one")
	fs.StringVar(&f.title, "title", "", "report `title`")
	f.commonFlags.register(fs)
	fs.StringVar(&f.base, "base", "", "baseline `system` of the ratios (default: the one with its workload's metric in the most cells; a workload it did not run is compared with the system that ran it most)")
	fs.StringVar(&f.metric, "metric", "", "compared `metric`: tps, qps, eps, mib_s, latency_avg_ms, latency_p95_ms, ... (default: each workload its own: tps, qps for runs without transactions, eps for cpu, memory and fileio, mib_s for memory and fileio runs that give only MiB/s, slap_avg_s for mysqlslap)")
	fs.Float64Var(&f.alpha, "alpha", 0.05, "significance `level` of the tests")
	fs.StringVar(&f.slo, "slo", "", "latency `target` for the scaling tables, e.g. p95=20ms")
	return f
}

// options turns the flags into analysis and render options; errors name
// the flag.
func (f *reportFlags) options() (analyze.Options, render.Options, error) {
	var ao analyze.Options
	ao.Group.By = f.by
	ao.Base = f.base
	metric, center, skip, err := f.check()
	if err != nil {
		return ao, render.Options{}, err
	}
	ao.Metric, ao.Center, ao.Skip = metric, center, skip
	if err := checkAlpha(f.alpha); err != nil {
		return ao, render.Options{}, err
	}
	ao.Confidence, ao.Alpha = f.confidence, f.alpha
	if ao.SLO, err = parseSLO(f.slo); err != nil {
		return ao, render.Options{}, err
	}
	ro := render.Options{Title: f.title}
	if f.template != "" {
		t, err := readTemplate(f.template)
		if err != nil {
			return ao, ro, err
		}
		ro.Template = t
		if _, err := render.Template(ro.Template); err != nil {
			return ao, ro, fmt.Errorf("--template %s: %w", f.template, err)
		}
	}
	return ao, ro, nil
}

func runReport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", stderr)
	f := addReportFlags(fs)
	var in inputFlags
	in.register(fs)
	order := fs.String("order", "", "add a History section ordered by the label `KEY` (or campaign_time); default: the first of date, commit, build, version, release or campaign_time with 8 points in a series")
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if f.out == "" {
		return fmt.Errorf("report: -o DIR is required: the directory to write the report into (sbreport report -o DIR %s): %w", strings.Join(inputs, " "), errUsage)
	}
	ao, ro, err := f.options()
	if err != nil {
		return err
	}
	ro.Command = parse.MaskPasswords(commandLine(append([]string{"sbreport", "report"}, args...)...))
	in.stderr = stderr
	defer collectLess()()
	if in.spool, err = collect.NewSpool(); err != nil {
		return err
	}
	defer in.spool.Close()
	doc, timeOf, err := in.read("report", fs, inputs)
	if err != nil {
		return err
	}
	ao.History = &analyze.HistoryOptions{Order: *order, TimeOf: timeOf}
	return writeReport(doc, ao, ro, f.out, f.force, inputs, in.spool, stdout, stderr)
}

// writeReport analyses doc and writes the report into dir, all at once or
// not at all (see writeDir; inputs are the input arguments, which dir may
// not overlap; spool, when not nil, holds runs' histograms, and a report
// some of which could not be read back is not written). Input errors are printed and reported as errPartial after
// the report is written.
func writeReport(doc *parse.Document, ao analyze.Options, ro render.Options, dir string, force bool, inputs []string, spool *collect.Spool, stdout, stderr io.Writer) error {
	if len(doc.Runs) == 0 {
		for _, l := range parse.ProblemLines(doc.Errors) {
			fmt.Fprintln(stderr, l)
		}
		return errors.New("report: no benchmark run found in the input")
	}
	if err := checkBy(doc, ao.Group.By); err != nil {
		return err
	}
	an := analyze.Analyze(doc, ao)
	var drawn, charts atomic.Int64
	st := newStatus(stderr, func() string {
		if n := charts.Load(); drawn.Load() < n {
			return fmt.Sprintf("charts: %d of %d drawn", drawn.Load(), n)
		}
		return "writing the report, workbook and results"
	})
	ro.Progress = func(done, total int) { drawn.Store(int64(done)); charts.Store(int64(total)) }
	// The summary says what report.md says: its runs, systems and
	// workloads, not the dataset's (which hold the systems and workloads
	// left out of the report).
	runs, systems, workloads := an.Dataset.RunCount(), len(an.Dataset.Systems), len(an.Dataset.Workloads)
	ro.Counts = func(r, s, w int) { runs, systems, workloads = r, s, w }
	err := writeDir(dir, force, inputs, stderr, func(s render.Sink) error {
		if err := render.Report(s, doc, an, ro); err != nil {
			return err
		}
		if spool != nil {
			return spool.Err()
		}
		return nil
	})
	st.close()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %s, %s)\n", filepath.Join(dir, render.MarkdownFile),
		count(runs, "run", "runs"), count(systems, "system", "systems"),
		count(workloads, "workload", "workloads"))
	lines := parse.ProblemLines(doc.Errors)
	for _, l := range lines {
		fmt.Fprintln(stderr, l)
	}
	if len(lines) > 0 {
		return fmt.Errorf("%s in the input; the report covers the rest: %w", count(len(lines), "problem", "problems"), errPartial)
	}
	return nil
}

// count says n things, singular or plural: "1 run", "2 runs".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprint(n) + " " + many
}
