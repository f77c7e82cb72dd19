package render

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// A View is what the report templates see: the view model of package
// analyze (Report, where every number comes from) laid out for reading —
// rows in order, properties as text, charts linked. It computes nothing:
// numbers are copied from the Report and formatted by the helper funcs of
// Funcs. Slices are in a deliberate order — systems as in the dataset
// with the baseline first, workloads in input order, thread counts
// ascending — so that a report is the same byte for byte for the same
// inputs.
type View struct {
	// Trimmed says a centre somewhere is a steady state after a trimmed
	// warm-up rather than what the runs printed (ResultRow.Trim).
	Trimmed bool
	Title   string
	Command string          // the sbreport command line that made the report
	Report  *analyze.Report // the numbers behind everything below
	Systems []string        // baseline first
	Base    string
	By      string // the label(s) that name systems ("" when there is one system)
	// Factors are the labels of By whose values differ between systems;
	// a table of systems shows one column per factor.
	Factors []string
	Metric  string // compared metric, "tps"; the workloads' metrics joined by " / " when they differ
	Unit    string // its unit, "/s"; "" when the workloads' metrics differ
	// LeftOut names, once each, the systems and workloads without their
	// metric: "X (no tps)".
	LeftOut    []string
	Center     string // "geometric mean" or "median"
	Confidence float64
	Alpha      float64
	// Dual is set when Alpha = 1 − Confidence: a verdict is then
	// significant exactly when its ratio interval excludes 1.
	Dual bool
	// The thresholds behind "repeats differ" (analyze.Thresholds).
	SpreadAlpha, MinSpread, MaxSpread float64
	Runs                              int // runs analysed, a run merged from several clients counting once
	// Headline is the opening paragraph, one sentence each.
	Headline []string
	// Relative is the headline table: every system against the base on
	// every workload. RelativeByWorkload lays it out one row per
	// workload (else one row per system).
	Relative           []RelativeRow
	RelativeCols       []string // column headings of the ratio columns
	RelativeByWorkload bool
	RelativeChart      *ChartRef
	// NotCompared are the systems with no thread count in common with
	// the base on any workload: no ratio, so no column.
	NotCompared []string
	// OwnBases is set when some workload is compared against its own
	// base (one the report's base did not run): each row names it.
	OwnBases  bool
	Caveats   string   // one line: host, run length, data size, repeats
	Anomalies string   // one sentence: the workloads with anomalies, said in their sections
	Summary   []string // plain-word findings, one sentence each (the workbook's Summary sheet)
	Setup     Setup
	Workloads []*WorkloadView
	Stability StabilityView
	Warnings  []string // from the analysis and the inputs
	Errors    []string // input that could not be read
	Tools     []string // tool versions seen, "sysbench 1.0.20"
	Commands  []analyze.CommandPattern
	History   *HistoryView // runs ordered by a key, with change points; nil when none
	Files     Files
}

// Files are the other files of a report, linked from the Markdown.
type Files struct {
	Appendix, Workbook, JSON, CSV string
}

// A RelativeRow is one row of the headline table: a workload (Name, with
// its thread count) or a system (Name, with its factor values); Cells in
// the order of View.RelativeCols.
type RelativeRow struct {
	Name    string
	Threads int
	Factors []string
	Cells   []RatioRow
}

// Setup is the test setup: hardware, server settings, differing
// variables, table sizes.
type Setup struct {
	HostSystems []string // columns of Hosts; one column "all systems" when the hosts agree
	Hosts       []KVRow  // one row per hardware property
	// Same lists the server settings that every system has with one
	// value; Servers those that differ, one column per VarSystems.
	Same       []KVRow
	Servers    []KVRow
	VarSystems []string // columns of Servers and Differ
	Differ     []KVRow  // variables whose values differ
	SameVars   int      // variables captured on every system with equal values
	Only       []KVRow  // variables captured for only some systems
	Tables     []TableRow
	// RowsEstimated is set when a row count of Tables is the engine's
	// estimate.
	RowsEstimated bool
	// Facts are what the inputs say about the setup (versions, data
	// size, run length, threads, clients, hosts, caches), one line each.
	Facts []string
}

// A KVRow is one property with a value per column ("" when absent).
// A numeric property also has its numbers, in Unit ("bytes", "MHz", ""
// for a count), nil where absent, for the workbook.
type KVRow struct {
	Name   string
	Values []string
	Nums   []*float64
	Unit   string
}

// A TableRow is the size of one system's tables of one engine.
type TableRow = analyze.TableSize

// A WorkloadView is everything about one workload.
type WorkloadView struct {
	Name string
	// Metric is what the workload is compared in ("tps", "slap_avg_s"),
	// MetricLabel it in words with its unit; LowerIsBetter flips what a
	// ratio below 1 means.
	Metric        string
	MetricLabel   string
	Rate          string // the rate its scaling curves are fitted in ("tps"), "" without curves
	Unit          string
	LowerIsBetter bool
	// Base is the system its ratios are against (View.Base unless that
	// did not run it).
	Base string
	// LeftOut are the systems that ran the workload without its metric.
	LeftOut         []string
	Threads         []int    // measured thread counts, ascending
	Percentiles     []string // latency percentile ranks printed by the runs ("95")
	HeadlineThreads int
	Results         []ResultRow
	Ratios          []RatioRow
	Scaling         []ScalingRow
	Charts          []ChartRef // every chart; Post and Appendix split them
	// Counter columns are systems (CounterSystems); rows the server
	// counters that moved, per transaction.
	CounterSystems []string
	CounterRuns    []int
	Counters       []KVNumRow
	// Efficiency lists CPU and IO per transaction, by threads then
	// system, for the cells with system statistics.
	Efficiency []EfficiencyRow
	// Notes are the post's sentences about this workload's scaling.
	Notes []string
	// Prec gives the decimals of each numeric column, one precision per
	// column: "center" (the compared metric and its interval), "tps",
	// "qps", "lat" (latencies), and each efficiency figure by name.
	Prec map[string]int
}

// PostCharts are the charts that carry a workload's story: bars,
// scaling, p95.
func (w *WorkloadView) PostCharts() []ChartRef { return w.chartsOf(true) }

// AppendixCharts are the others: latency against throughput, timelines,
// histograms.
func (w *WorkloadView) AppendixCharts() []ChartRef { return w.chartsOf(false) }

func (w *WorkloadView) chartsOf(post bool) []ChartRef {
	var out []ChartRef
	for _, c := range w.Charts {
		if (c.Kind == "bars" || c.Kind == "scaling" || c.Kind == "latency") == post {
			out = append(out, c)
		}
	}
	return out
}

// HeadlineEfficiency is Efficiency at the headline thread count.
func (w *WorkloadView) HeadlineEfficiency() []EfficiencyRow {
	var out []EfficiencyRow
	for _, e := range w.Efficiency {
		if e.Threads == w.HeadlineThreads {
			out = append(out, e)
		}
	}
	return out
}

// A KVNumRow is a named row of numbers (nil: not captured).
type KVNumRow struct {
	Name   string
	Values []*float64
	Prec   int // decimals for the whole row
}

// A ResultRow is one system at one thread count: the centre of each
// metric over the repeats, and the compared metric's interval.
type ResultRow struct {
	System      string
	Factors     []string // the system's values of View.Factors
	Threads     int
	N           int
	TPS, QPS    *float64
	LatAvg      *float64
	Percentiles []*float64 // in the order of WorkloadView.Percentiles
	Center      *float64   // the compared metric
	Lo, Hi      *float64
	Within      bool // the interval is within one run (batch means)
	// Note is "repeats differ 3.60×" when they differ more than the
	// other cells' repeats, and says when the centre is not the printed
	// figure because a warm-up was trimmed (TrimPhrase of its caveat).
	Note string
	// Trim says the centre is the steady state after a trimmed warm-up,
	// how much was trimmed and what was printed; "" when nothing was.
	Trim  string
	Ratio *RatioRow
}

// A RatioRow compares one system with the baseline at one thread count.
type RatioRow struct {
	System   string
	Threads  int
	N, BaseN int
	Ratio    *float64
	Lo, Hi   *float64
	// LoOpen and HiOpen mark an end that is not in the interval.
	LoOpen, HiOpen bool
	P              *float64
	Test           string
	Significant    bool
	Better         bool
	Verdict        string // analyze.Verdict: "better", "worse", "no significant difference", "no test (1 run)", ...
	// WithinLo and WithinHi bound the within-run comparison of two single
	// runs (batch means); never a verdict.
	WithinLo, WithinHi *float64
}

// A ScalingRow is one system's USL fit on one workload.
type ScalingRow struct {
	System               string
	Lambda, Sigma, Kappa *float64
	LambdaLo, LambdaHi   *float64
	SigmaLo, SigmaHi     *float64
	KappaLo, KappaHi     *float64
	R2                   *float64
	GoodFit              bool
	PeakThreads          *float64
	PeakThroughput       *float64
	Ceiling              *float64
	PeakExtrapolated     bool
	MaxMeasured          int
	CPUs                 *int
	CPUSaturation        *float64 // throughput at which the CPUs saturate
	SaturationThreads    int
	Notes                []string // one sentence each
}

// An EfficiencyRow is the CPU and IO one transaction cost in one cell:
// a value and its ratio to the base for each of analyze.EfficiencyFigures.
type EfficiencyRow struct {
	System     string
	Factors    []string
	Threads    int
	Runs       int
	Values     []EfficiencyValue
	Saturation *float64
}

// An EfficiencyValue is one per-transaction figure of a cell.
type EfficiencyValue struct {
	Value, Lo, Hi *float64
	Ratio         *RatioRow
}

// A ChartRef links a chart from the report.
type ChartRef struct {
	Kind    string // "bars", "scaling", "latency", "latency-throughput", "timeline", "histogram", "relative"
	PNG     string // relative path, "charts/bars-oltp_insert.png"
	PNG2x   string // the same at twice the resolution, "charts/bars-oltp_insert@2x.png"
	SVG     string
	Title   string
	Caption string
}

// StabilityView summarises the runs' interim series.
type StabilityView struct {
	Analysed     int // runs with an analysed series
	Short        int // of those, series too short for warm-up detection and batch means
	MinIntervals int
	Groups       []analyze.StabilityGroup
	Notable      []StabilityRun // runs with stalls, a noisy steady state or a Little's-law mismatch
	CVWarn       float64
}

// A StabilityRun is one run worth a look.
type StabilityRun struct {
	Ref      string // source:line
	System   string
	Workload string
	Threads  int
	WarmupS  float64
	CV       float64
	Stalls   []string // "12–14 s"
	Notes    []string // one sentence each
}

// runKey identifies a run across parse and analyze.
type runKey struct {
	source string
	line   int
}

// newView lays the view model of doc and an out for reading.
func newView(doc *parse.Document, an *analyze.Analysis, opts Options) *View {
	rp := analyze.NewReport(doc, an)
	v := &View{Title: opts.Title, Command: opts.Command, Report: rp, Runs: rp.Runs,
		Systems: rp.Systems, Base: rp.Base, By: rp.By, Factors: rp.Factors, Metric: metricName(rp.Metric), Unit: rp.Unit,
		Center: rp.CenterName, Confidence: rp.Confidence, Alpha: rp.Alpha, Dual: rp.Dual,
		SpreadAlpha: rp.Thresholds.SpreadAlpha, MinSpread: rp.Thresholds.MinSpread, MaxSpread: rp.Thresholds.MaxSpread,
		Warnings: rp.Warnings, Errors: rp.Errors, Tools: rp.Tools, Commands: rp.Commands,
		Files: Files{Appendix: AppendixFile, Workbook: WorkbookFile, JSON: JSONFile, CSV: CSVFile}}
	if v.Title == "" {
		v.Title = "Benchmark report"
	}
	if rp.Metric == "" {
		var ms []string
		for _, m := range rp.Metrics {
			ms = append(ms, metricName(m))
		}
		v.Metric = strings.Join(ms, " / ")
	}
	v.LeftOut = leftOutText(rp.Findings)
	v.Setup = newSetup(rp)
	for _, w := range rp.Workloads {
		wv := newWorkload(rp, w)
		for _, r := range wv.Results {
			v.Trimmed = v.Trimmed || r.Trim != ""
		}
		v.Workloads = append(v.Workloads, wv)
	}
	v.Stability = newStability(rp.Stability)
	v.Relative, v.RelativeCols, v.RelativeByWorkload, v.NotCompared = relative(rp)
	for _, h := range rp.Headline {
		v.OwnBases = v.OwnBases || h.Base != "" && h.Base != rp.Base
	}
	v.Caveats = caveatLine(rp)
	v.Anomalies = anomalyCaveat(rp)
	v.Headline = headline(v)
	v.Summary = summarize(v)
	return v
}

func ratioRow(r *analyze.RatioReport) *RatioRow {
	if r == nil {
		return nil
	}
	return &RatioRow{System: r.System, Threads: r.Threads, N: r.N, BaseN: r.BaseN, Ratio: r.Ratio, Lo: r.Lo, Hi: r.Hi,
		P: r.P, Test: r.Test, Significant: r.Significant, Better: r.Better, Verdict: string(r.Verdict),
		WithinLo: r.WithinLo, WithinHi: r.WithinHi, LoOpen: r.LoOpen, HiOpen: r.HiOpen}
}

func newWorkload(rp *analyze.Report, w *analyze.WorkloadReport) *WorkloadView {
	wv := &WorkloadView{Name: w.Name, Metric: metricName(w.Metric), MetricLabel: metricLabel(w.Metric), Unit: w.Unit,
		LowerIsBetter: w.LowerIsBetter, Base: w.Base, LeftOut: leftOutOf(rp.Findings, w.Name), Threads: w.Threads, Percentiles: w.Percentiles, HeadlineThreads: w.HeadlineThreads,
		CounterSystems: w.CounterSystems, CounterRuns: w.CounterRuns}
	for _, c := range w.Cells {
		rr := ResultRow{System: c.System, Factors: rp.SystemFactors[c.System], Threads: c.Threads, N: c.N,
			TPS: c.TPS.Center, QPS: c.QPS.Center, LatAvg: c.LatencyAvgMs.Center,
			Center: c.Compared.Center, Lo: c.Compared.Lo, Hi: c.Compared.Hi, Within: c.Within}
		for _, p := range c.Percentiles {
			rr.Percentiles = append(rr.Percentiles, p.Center)
		}
		rr.Note = cellNotes(rp, w.Name, c.System, c.Threads)
		for _, f := range rp.Findings.Select(analyze.KindCaveat, w.Name, analyze.CodeTrimmedWarmup) {
			if f.System != c.System || f.Threads != c.Threads {
				continue
			}
			rr.Trim = TrimPhrase(f)
			if rr.Note != "" {
				rr.Note += "; "
			}
			rr.Note += rr.Trim
		}
		if r := ratioRow(c.Ratio); r != nil {
			rr.Ratio = r
			wv.Ratios = append(wv.Ratios, *r)
		}
		wv.Results = append(wv.Results, rr)
		if e := c.Efficiency; e != nil {
			er := EfficiencyRow{System: c.System, Factors: rp.SystemFactors[c.System], Threads: c.Threads, Runs: e.Runs, Saturation: e.Saturation.Center}
			for _, f := range analyze.EfficiencyFigures {
				var ev EfficiencyValue
				if fig := e.Figure(f.Name); fig != nil {
					ev = EfficiencyValue{Value: fig.Estimate.Center, Lo: fig.Estimate.Lo, Hi: fig.Estimate.Hi, Ratio: ratioRow(fig.Ratio)}
				}
				er.Values = append(er.Values, ev)
			}
			wv.Efficiency = append(wv.Efficiency, er)
		}
	}
	for _, c := range w.Counters {
		wv.Counters = append(wv.Counters, KVNumRow{Name: c.Name, Values: c.Values, Prec: rowPrec(c.Values...)})
	}
	wv.Prec = map[string]int{}
	var center, tps, qps, lat []*float64
	for _, r := range wv.Results {
		center = append(center, r.Center)
		tps, qps = append(tps, r.TPS), append(qps, r.QPS)
		lat = append(lat, r.LatAvg)
		lat = append(lat, r.Percentiles...)
	}
	wv.Prec["center"], wv.Prec["tps"], wv.Prec["qps"] = colPrec(center...), colPrec(tps...), colPrec(qps...)
	if w.Unit == "s" {
		wv.Prec["center"] = 3 // mysqlslap prints milliseconds
	}
	wv.Prec["lat"] = max(2, colPrec(lat...))
	for i, f := range analyze.EfficiencyFigures {
		var xs []*float64
		for _, e := range wv.Efficiency {
			xs = append(xs, e.Values[i].Value)
		}
		wv.Prec[f.Name] = colPrec(xs...)
	}
	for _, c := range w.Curves {
		// A peak or ceiling whose guard failed is left out of the table;
		// the notes say what was measured and why.
		c := c
		if rp.Findings.Refused(w.Name, c.System, analyze.CodeUSLPeak) {
			c.PeakThreads, c.PeakThroughput, c.PeakExtrapolated = nil, nil, false
		}
		if rp.Findings.Refused(w.Name, c.System, analyze.CodeUSLCeiling) {
			c.Ceiling = nil
			if c.PeakThreads == nil { // no peak: X(N*) is the ceiling
				c.PeakThroughput = nil
			}
		}
		wv.Scaling = append(wv.Scaling, ScalingRow{System: c.System, Lambda: c.Lambda, Sigma: c.Sigma, Kappa: c.Kappa,
			LambdaLo: c.LambdaLo, LambdaHi: c.LambdaHi, SigmaLo: c.SigmaLo, SigmaHi: c.SigmaHi,
			KappaLo: c.KappaLo, KappaHi: c.KappaHi, R2: c.R2, GoodFit: c.GoodFit,
			PeakThreads: c.PeakThreads, PeakThroughput: c.PeakThroughput, Ceiling: c.Ceiling,
			PeakExtrapolated: c.PeakExtrapolated, MaxMeasured: c.MaxMeasured, CPUs: c.CPUs,
			CPUSaturation: c.CPUSaturation.Center, SaturationThreads: c.SaturationThreads, Notes: fitNotes(rp, w.Name, c.System, metricName(c.Metric))})
	}
	if len(w.Curves) > 0 {
		wv.Rate = metricName(w.Curves[0].Metric)
	}
	wv.Notes = append(scalingNotes(rp, wv), anomalyNotes(rp, wv)...)
	return wv
}

// EfficiencyLabels are the column headings of the per-transaction table.
func (v *View) EfficiencyLabels() []string {
	var out []string
	for _, f := range analyze.EfficiencyFigures {
		out = append(out, f.Label)
	}
	return out
}

// EfficiencyNames are the results.json names of the per-transaction
// figures, in the order of EfficiencyLabels.
func (v *View) EfficiencyNames() []string {
	var out []string
	for _, f := range analyze.EfficiencyFigures {
		out = append(out, f.Name)
	}
	return out
}

// relative lays the headline comparison out: one row per workload when
// there are no more systems than workloads, else one row per system. A
// system with no ratio on any workload (no thread count in common with
// the base) gets no column of dashes: it is listed in NotCompared. When
// the workloads' metrics differ, each workload names its own.
func relative(rp *analyze.Report) ([]RelativeRow, []string, bool, []string) {
	if len(rp.Headline) == 0 {
		return nil, nil, false, nil
	}
	var others []string
	var idx []int
	var notCompared []string
	isBase := map[string]bool{}
	for _, h := range rp.Headline {
		isBase[h.Base] = true
	}
	for i, s := range rp.Systems[1:] {
		any := false
		for _, h := range rp.Headline {
			any = any || h.Ratios[i] != nil && h.Ratios[i].Ratio != nil
		}
		if !any && isBase[s] {
			continue // a workload's own base: named in that workload's row
		}
		if any {
			others = append(others, s)
			idx = append(idx, i)
		}
	}
	for _, f := range rp.Findings.Select(analyze.KindCaveat, "", analyze.CodeNotCompared) {
		notCompared = append(notCompared, f.System)
	}
	named := func(h analyze.HeadlineRow, threads bool) string { return headlineName(rp, h, true, threads) }
	if len(others) <= len(rp.Headline) {
		var rows []RelativeRow
		for _, h := range rp.Headline {
			row := RelativeRow{Name: named(h, false), Threads: h.Threads}
			for _, i := range idx {
				row.Cells = append(row.Cells, derefRatio(h.Ratios[i]))
			}
			rows = append(rows, row)
		}
		return rows, others, true, notCompared
	}
	var cols []string
	for _, h := range rp.Headline {
		cols = append(cols, named(h, true))
	}
	var rows []RelativeRow
	for j, s := range others {
		row := RelativeRow{Name: s, Factors: rp.SystemFactors[s]}
		for _, h := range rp.Headline {
			row.Cells = append(row.Cells, derefRatio(h.Ratios[idx[j]]))
		}
		rows = append(rows, row)
	}
	return rows, cols, false, notCompared
}

func derefRatio(r *analyze.RatioReport) RatioRow {
	if rr := ratioRow(r); rr != nil {
		return *rr
	}
	return RatioRow{}
}

// allSystems heads a column that stands for every system.
const allSystems = "all systems"

func newSetup(rp *analyze.Report) Setup {
	var s Setup
	// Hardware: one column per system, or one for all when they agree.
	var hosts []*parse.Host
	unnamed := 0
	for _, h := range rp.Hosts {
		if h.System == "" {
			unnamed++
		}
	}
	for _, h := range rp.Hosts {
		name := h.System
		switch {
		case name == "" && unnamed > 1:
			// Several machines, none tied to a system: each by its name,
			// else by the file it was captured in.
			name = h.Host.Name
			if name == "" {
				name = h.Host.Source
			}
		case name == "":
			name = allSystems
		}
		s.HostSystems = append(s.HostSystems, name)
		hosts = append(hosts, h.Host)
	}
	s.Hosts = hostRows(hosts)
	if len(hosts) > 1 && allSame(s.Hosts) {
		s.HostSystems = []string{allSystems}
		for i := range s.Hosts {
			s.Hosts[i].Values = s.Hosts[i].Values[:1]
			if len(s.Hosts[i].Nums) > 0 {
				s.Hosts[i].Nums = s.Hosts[i].Nums[:1]
			}
		}
	}

	// Server settings: those every system has alike in one column.
	var cols []string
	vals := map[string]map[string]string{}
	for _, sv := range rp.Servers {
		if sv.System == "" && len(rp.Servers) > 1 {
			continue
		}
		name := sv.System
		if name == "" {
			name = allSystems
		}
		cols = append(cols, name)
		vals[name] = sv.Values
	}
	for _, name := range serverVariables {
		row := KVRow{Name: name}
		any := false
		for _, c := range cols {
			val := vals[c][name]
			any = any || val != ""
			row.Values = append(row.Values, withSize(name, val))
		}
		if !any {
			continue
		}
		if allSame([]KVRow{row}) {
			s.Same = append(s.Same, KVRow{Name: name, Values: row.Values[:1]})
		} else {
			s.Servers = append(s.Servers, row)
		}
	}
	s.VarSystems = cols
	if cd := rp.Config; cd != nil {
		if len(cd.Differ) > 0 || len(cd.Only) > 0 {
			s.VarSystems = orderLike(cd.Systems, rp.Systems)
		}
		s.SameVars = cd.Compared - len(cd.Differ)
		for _, d := range cd.Differ {
			row := KVRow{Name: d.Name}
			for _, sys := range s.VarSystems {
				row.Values = append(row.Values, d.Values[sys])
			}
			s.Differ = append(s.Differ, row)
		}
		for _, d := range cd.Only {
			row := KVRow{Name: d.Name}
			for _, sys := range s.VarSystems {
				row.Values = append(row.Values, d.Values[sys])
			}
			s.Only = append(s.Only, row)
		}
		// The settings that differ take the variable table's columns.
		if len(s.Servers) > 0 && !equalStrings(s.VarSystems, cols) {
			idx := map[string]int{}
			for i, c := range cols {
				idx[c] = i
			}
			for i := range s.Servers {
				vs := make([]string, len(s.VarSystems))
				for j, sys := range s.VarSystems {
					if k, ok := idx[sys]; ok {
						vs[j] = s.Servers[i].Values[k]
					}
				}
				s.Servers[i].Values = vs
			}
		}
	}
	s.Facts = setupFacts(rp)
	s.Tables = rp.Tables
	for _, t := range s.Tables {
		s.RowsEstimated = s.RowsEstimated || t.RowsEstimated
	}
	return s
}

// allSame reports whether every row has one value in all its columns.
func allSame(rows []KVRow) bool {
	for _, r := range rows {
		for _, v := range r.Values[1:] {
			if v != r.Values[0] {
				return false
			}
		}
	}
	return true
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orderLike orders names as ref does, unknown names last in their own
// order.
func orderLike(names, ref []string) []string {
	rank := map[string]int{}
	for i, s := range ref {
		rank[s] = i + 1
	}
	out := append([]string(nil), names...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			ri, rj := rank[out[j]], rank[out[j-1]]
			if !(ri != 0 && (rj == 0 || ri < rj)) {
				break
			}
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func hostRows(hs []*parse.Host) []KVRow {
	props := []struct {
		name string
		get  func(h *parse.Host) string
		num  func(h *parse.Host) *float64
		unit string
	}{
		{"CPU model", func(h *parse.Host) string { return h.CPUModel }, nil, ""},
		{"architecture", func(h *parse.Host) string { return h.Architecture }, nil, ""},
		{"logical CPUs", func(h *parse.Host) string {
			s := intStr(h.CPUs)
			if s != "" && h.OnlineCPUs != "" {
				s += " (online " + h.OnlineCPUs + ")"
			}
			return s
		}, func(h *parse.Host) *float64 { return intNum(h.CPUs) }, ""},
		{"sockets × cores × threads", func(h *parse.Host) string {
			if h.Sockets == nil && h.CoresPerSocket == nil && h.ThreadsPerCore == nil {
				return ""
			}
			return intStrOr(h.Sockets, "?") + " × " + intStrOr(h.CoresPerSocket, "?") + " × " + intStrOr(h.ThreadsPerCore, "?")
		}, nil, ""},
		{"physical cores", func(h *parse.Host) string { return intStr(h.Cores) }, func(h *parse.Host) *float64 { return intNum(h.Cores) }, ""},
		{"NUMA nodes", func(h *parse.Host) string { return intStr(h.NUMANodes) }, func(h *parse.Host) *float64 { return intNum(h.NUMANodes) }, ""},
		{"max MHz", func(h *parse.Host) string { return floatStr(h.MaxMHz) }, func(h *parse.Host) *float64 { return h.MaxMHz }, "MHz"},
		{"hypervisor", func(h *parse.Host) string { return h.Hypervisor }, nil, ""},
		{"kernel", func(h *parse.Host) string { return h.Kernel }, nil, ""},
		{"caches", func(h *parse.Host) string {
			var parts []string
			for _, k := range sortedKeys(h.Caches) {
				parts = append(parts, k+" "+h.Caches[k])
			}
			return strings.Join(parts, ", ")
		}, nil, ""},
		{"memory", func(h *parse.Host) string {
			s := bytesPtr(h.MemTotalBytes)
			if s != "" && h.MemAvailableBytes != nil {
				s += " (" + FormatBytes(float64(*h.MemAvailableBytes)) + " available)"
			}
			return s
		}, func(h *parse.Host) *float64 { return int64Num(h.MemTotalBytes) }, "bytes"},
		{"swap", func(h *parse.Host) string { return bytesPtr(h.SwapTotalBytes) }, func(h *parse.Host) *float64 { return int64Num(h.SwapTotalBytes) }, "bytes"},
		{"disks", func(h *parse.Host) string {
			var parts []string
			for _, d := range h.Disks {
				if d.Type != "" && d.Type != "disk" {
					continue
				}
				p := d.Name
				if d.Model != "" {
					p += " " + d.Model
				}
				if d.SizeBytes != nil {
					p += " " + FormatBytes(float64(*d.SizeBytes))
				}
				if d.Rotational != nil {
					if *d.Rotational {
						p += " (rotational)"
					} else {
						p += " (SSD)"
					}
				}
				parts = append(parts, p)
			}
			return strings.Join(parts, "; ")
		}, nil, ""},
	}
	var rows []KVRow
	for _, p := range props {
		row := KVRow{Name: p.name, Unit: p.unit}
		any := false
		for _, h := range hs {
			val := p.get(h)
			any = any || val != ""
			row.Values = append(row.Values, val)
			if p.num != nil {
				row.Nums = append(row.Nums, p.num(h))
			}
		}
		if any {
			rows = append(rows, row)
		}
	}
	return rows
}

func intStr(p *int) string { return intStrOr(p, "") }

func intNum(p *int) *float64 {
	if p == nil {
		return nil
	}
	x := float64(*p)
	return &x
}

func int64Num(p *int64) *float64 {
	if p == nil {
		return nil
	}
	x := float64(*p)
	return &x
}

func intStrOr(p *int, or string) string {
	if p == nil {
		return or
	}
	return strconv.Itoa(*p)
}

func floatStr(p *float64) string {
	if p == nil {
		return ""
	}
	return trimZeros(strconv.FormatFloat(*p, 'f', 1, 64))
}

func bytesPtr(p *int64) string {
	if p == nil {
		return ""
	}
	return FormatBytes(float64(*p))
}

func newStability(st analyze.StabilityReport) StabilityView {
	sv := StabilityView{Analysed: st.Analysed, Short: st.Short, MinIntervals: st.MinIntervals, CVWarn: st.CVWarn, Groups: st.Groups}
	for _, r := range st.Notable {
		sr := StabilityRun{Ref: r.Ref, System: r.System, Workload: r.Workload, Threads: r.Threads, WarmupS: r.WarmupS, CV: r.CV}
		for _, s := range r.Stalls {
			if s.StartS == s.EndS {
				sr.Stalls = append(sr.Stalls, FormatNum(s.StartS)+" s")
			} else {
				sr.Stalls = append(sr.Stalls, FormatNum(s.StartS)+"–"+FormatNum(s.EndS)+" s")
			}
		}
		if l := r.Little; l != nil {
			sr.Notes = append(sr.Notes, fmt.Sprintf("Throughput × average latency is %s, not the %s threads run.", FormatFixed(l.Implied, 2), FormatFixed(l.Threads, 0)))
		}
		for _, n := range r.Notes {
			sr.Notes = append(sr.Notes, sentence(n))
		}
		sv.Notable = append(sv.Notable, sr)
	}
	return sv
}

// sentence capitalises s and ends it with a period.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(upperASCII(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// serverVariables are the settings the test-setup table shows for every
// system when they were captured: the version, then what most changes a
// MySQL-family benchmark's outcome.
var serverVariables = []string{
	"version", "version_comment", "version_compile_machine", "default_storage_engine",
	"innodb_buffer_pool_size", "innodb_log_file_size", "innodb_flush_log_at_trx_commit",
	"innodb_flush_method", "innodb_io_capacity", "sync_binlog", "log_bin", "binlog_format",
	"transaction_isolation", "tx_isolation", "thread_handling", "max_connections",
	"rocksdb_block_cache_size", "aria_pagecache_buffer_size", "key_buffer_size",
}

// withSize adds the IEC size to a byte-valued variable:
// "268435456" → "256 MiB (268435456)".
func withSize(name, val string) string {
	if !strings.HasSuffix(name, "_size") {
		return val
	}
	n, err := strconv.ParseInt(val, 10, 64)
	if err != nil || n < 1024 {
		return val
	}
	return FormatBytes(float64(n)) + " (" + val + ")"
}

// keyOf returns the cell of a run: its system, its workload with the
// variant that tells it from other experiments, and its threads.
func keyOf(ds *analyze.Dataset, r *parse.Run) analyze.Key {
	if ds == nil {
		return analyze.Key{System: analyze.SystemOf(r, ""), Workload: analyze.WorkloadOf(r)}
	}
	return ds.KeyOf(r)
}

// variablesOf returns the SHOW VARIABLES of each system, as the view
// model assigned them, and the systems in order ("all systems" for those
// of no system in particular).
func variablesOf(rp *analyze.Report) (map[string]map[string]string, []string) {
	vals := map[string]map[string]string{}
	var order []string
	for _, sv := range rp.Servers {
		name := sv.System
		if name == "" {
			name = allSystems
		}
		vals[name] = sv.Values
		order = append(order, name)
	}
	return vals, order
}

func ref(source string, line int) string {
	if line > 0 {
		return source + ":" + strconv.Itoa(line)
	}
	return source
}

// sortRanks orders percentile ranks numerically ("95" before "99.9").
func sortRanks(ks []string) []string {
	sort.SliceStable(ks, func(i, j int) bool {
		a, _ := strconv.ParseFloat(ks[i], 64)
		b, _ := strconv.ParseFloat(ks[j], 64)
		return a < b
	})
	return ks
}

// colPrec chooses the decimals of a column from its largest value: none
// from 1,000, one from 10, two below, more below 0.1 so that the largest
// value keeps two significant digits (at most 6).
func colPrec(xs ...*float64) int {
	m := 0.0
	for _, x := range xs {
		if x != nil && finite(*x) {
			m = math.Max(m, math.Abs(*x))
		}
	}
	switch {
	case m >= 1000:
		return 0
	case m >= 10:
		return 1
	case m >= 0.1 || m == 0:
		return 2
	}
	return min(6, 1-int(math.Floor(math.Log10(m))))
}

// rowPrec chooses the decimals of a row of counters so that its largest
// value shows three significant digits (at most 6).
func rowPrec(xs ...*float64) int {
	m := 0.0
	for _, x := range xs {
		if x != nil && finite(*x) {
			m = math.Max(m, math.Abs(*x))
		}
	}
	if m == 0 {
		return 0
	}
	return max(0, min(6, 2-int(math.Floor(math.Log10(m)))))
}

// upperASCII capitalises an ASCII letter; a symbol such as κ keeps its
// case, which carries meaning.
func upperASCII(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

// leftOutText phrases each left-out finding of the report as a whole
// once: "X (no tps)", "cpu (no tps)". The left-out findings of one
// workload's systems are phrased in its section (leftOutOf).
func leftOutText(fs analyze.Findings) []string {
	var out []string
	for _, f := range fs.Select(analyze.KindCaveat, "", analyze.CodeLeftOut) {
		if f.System != "" && f.Workload != "" {
			continue
		}
		name := f.System
		if name == "" {
			name = f.Workload
		}
		why := "no " + strings.ReplaceAll(f.Word("metrics"), ", ", ", no ")
		if n := f.Value("fragments"); n > 0 && n == f.Value("runs") {
			why = plural(int(n), "a single interim line", "single interim lines") + " and no cumulative report, a fragment: " + why
		}
		out = append(out, name+" ("+why+")")
	}
	return out
}

// leftOutOf lists the systems left out of workload w for want of its
// metric, from the report's findings.
func leftOutOf(fs analyze.Findings, w string) []string {
	var out []string
	for _, f := range fs.Select(analyze.KindCaveat, w, analyze.CodeLeftOut) {
		if f.System != "" {
			out = append(out, f.System)
		}
	}
	return out
}

// headlineName names a headline row as the table and the ratio chart
// show it: its workload, then what a reader needs beside it — its metric
// when the workloads differ in theirs (with sense, which way is better),
// its base when it is not the report's, its thread count when threads.
func headlineName(rp *analyze.Report, h analyze.HeadlineRow, sense, threads bool) string {
	var parts []string
	if rp.Metric == "" {
		for _, w := range rp.Workloads {
			if w.Name != h.Workload {
				continue
			}
			parts = append(parts, metricName(w.Metric))
			if sense && w.LowerIsBetter {
				parts = append(parts, "lower is better")
			}
			break
		}
	}
	if h.Base != "" && h.Base != rp.Base {
		parts = append(parts, "against "+h.Base)
	}
	if threads {
		parts = append(parts, threadsLabel(h.Threads))
	}
	if len(parts) == 0 {
		return h.Workload
	}
	return h.Workload + " (" + strings.Join(parts, ", ") + ")"
}
