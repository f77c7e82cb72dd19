package analyze

import (
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse"
)

// A Report is the view model of a report: every number a report shows —
// each cell's centre and interval of every metric, the ratios, the fits,
// the medians of the stability summary, the hosts merged per system, the
// captures assigned to systems, the caveats — computed once, here, from
// a document and its analysis. Package render lays it out as Markdown,
// charts, workbook and JSON and computes nothing; results.json carries
// the Report under "report", so that a number in the Markdown is the
// number in the JSON.
//
// Slices are in a deliberate order: systems as in the dataset with the
// base first, workloads in input order, thread counts ascending.
type Report struct {
	// Metric is the metric every workload is compared in, "" when each
	// workload has its own (WorkloadReport.Metric); Metrics lists the
	// workloads' metrics, in workload order.
	Metric  Metric   `json:"metric"`
	Metrics []Metric `json:"metrics"`
	// Unit is the compared metric's unit: "/s", "ms" or "s"; "" when
	// the workloads' metrics differ.
	Unit string `json:"unit"`
	// LeftOut are the systems (or whole workloads) without their
	// workload's metric, each listed once instead of a column of dashes.
	LeftOut []LeftOut `json:"left_out"`
	// Center is the statistic that summarises repeats, CenterName its
	// name in words ("geometric mean", "median").
	Center     Center  `json:"center"`
	CenterName string  `json:"center_name"`
	Confidence float64 `json:"confidence"`
	Alpha      float64 `json:"alpha"`
	// Dual is set when Alpha = 1 − Confidence: a verdict is then
	// significant exactly when its ratio interval excludes 1.
	Dual       bool       `json:"dual"`
	Thresholds Thresholds `json:"-"`

	// By is the label (or comma-separated labels) that names systems;
	// Factors are those of its labels whose values differ between
	// systems, and SystemFactors gives each system's values of them.
	By            string              `json:"by"`
	Factors       []string            `json:"factors"`
	SystemFactors map[string][]string `json:"system_factors"`
	Base          string              `json:"base"`
	Systems       []string            `json:"systems"` // base first
	Runs          int                 `json:"runs"`    // a run merged from several clients counts once

	Workloads []*WorkloadReport `json:"workloads"`
	// Headline compares every system with the base on every workload at
	// its highest common thread count.
	Headline []HeadlineRow `json:"headline"`

	Hosts []SystemHost `json:"hosts"` // one merged host per system that has host captures
	// UntiedHosts are host captures no run can be tied to (not named by
	// a run or campaign entry, not of a run's file or directory, no label
	// naming a system), one merged host per machine: listed apart, never
	// a system's host nor in the caveats.
	UntiedHosts []*parse.Host     `json:"untied_hosts"`
	Servers     []SystemVariables `json:"servers"` // the SHOW VARIABLES of each system
	Config      *ConfigDiff       `json:"config"`
	Tables      []TableSize       `json:"tables"`

	Stability StabilityReport `json:"stability"`
	Caveats   Caveats         `json:"caveats"`
	// Findings are the report's claims, each with its evidence and the
	// guard that allowed it: every sentence of the report phrases one.
	Findings Findings         `json:"findings"`
	Commands []CommandPattern `json:"commands"` // one per tool
	Tools    []string         `json:"tools"`    // "sysbench 1.0.20"
	Warnings []string         `json:"warnings"`
	Errors   []string         `json:"errors"`
}

// An Estimate is a centre over repeats with its interval; nil where
// undefined.
type Estimate struct {
	N      int      `json:"n"`
	Center *float64 `json:"center"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
}

func finiteOnly(xs []float64) []float64 {
	var out []float64
	for _, x := range xs {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			out = append(out, x)
		}
	}
	return out
}

// estimate summarises xs with the report's centre; NaN and infinite
// values are left out.
func estimate(xs []float64, c Center, confidence float64) Estimate {
	ok := finiteOnly(xs)
	if len(ok) == 0 {
		return Estimate{}
	}
	s := Summarize(ok, c, confidence)
	e := Estimate{N: len(ok), Center: num(s.Center)}
	if len(ok) > 1 {
		e.Lo, e.Hi = bothBounds(s.Lo, s.Hi)
	}
	return e
}

// A WorkloadReport is everything about one workload.
type WorkloadReport struct {
	Name string `json:"name"`
	// Metric is what this workload is compared in, Unit its unit; a
	// ratio's Better follows LowerIsBetter.
	Metric        Metric `json:"metric"`
	Unit          string `json:"unit"`
	LowerIsBetter bool   `json:"lower_is_better"`
	// Base is the system this workload's ratios are taken against: the
	// report's, or where that did not run it, the one that ran it most.
	Base string `json:"base"`
	// LeftOut are the report's systems that ran this workload without
	// its metric: their cells are not shown.
	LeftOut     []string `json:"left_out"`
	Threads     []int    `json:"threads"`     // measured thread counts, ascending
	Percentiles []string `json:"percentiles"` // latency percentile ranks the runs printed ("95")
	// HeadlineThreads is the highest thread count every system measured
	// (else the highest with a ratio): where the headline compares.
	HeadlineThreads int           `json:"headline_threads"`
	Cells           []CellReport  `json:"cells"` // by threads, then system
	Curves          []CurveReport `json:"curves"`
	// Counters: one column per system (CounterSystems, with the runs
	// behind each), one row per server counter that moved.
	CounterSystems []string      `json:"counter_systems"`
	CounterRuns    []int         `json:"counter_runs"`
	Counters       []NamedValues `json:"counters"`
	// HasEfficiency is set when some cell has CPU or disk figures.
	HasEfficiency bool `json:"has_efficiency"`
}

// NamedValues is a named row of numbers, nil where absent.
type NamedValues struct {
	Name   string     `json:"name"`
	Values []*float64 `json:"values"`
}

// A CellReport is one system at one thread count.
type CellReport struct {
	System  string `json:"system"`
	Threads int    `json:"threads"`
	N       int    `json:"n"` // repeats
	// Compared is the compared metric exactly as the comparison
	// computed it (the steady-state value when a warm-up was trimmed);
	// Within marks a single run's within-run (batch-means) interval.
	Compared Estimate `json:"compared"`
	Within   bool     `json:"within_run"`
	// Trimmed lists the runs whose value is the steady state after a
	// trimmed warm-up rather than the printed figure (the cell's
	// CodeTrimmedWarmup caveat states it).
	Trimmed []Trim `json:"trimmed"`
	// Spread is max/min over the repeats; SpreadWarning marks repeats
	// that differ more than the other cells' do.
	Spread        *float64 `json:"spread"`
	SpreadWarning bool     `json:"spread_warning"`
	// Throughputs and latencies (ms) as the runs printed them, each
	// summarised with the report's centre. When the compared metric is
	// one of them, it is Compared.
	TPS, QPS, EPS Estimate   `json:"-"`
	LatencyAvgMs  Estimate   `json:"latency_avg_ms"`
	Percentiles   []Estimate `json:"percentiles_ms"` // in the order of WorkloadReport.Percentiles
	// PercentileUpperBound marks merged clients' percentiles: maxima.
	PercentileUpperBound bool `json:"percentile_upper_bound"`
	// Ratio compares the cell with the base's at the same thread count;
	// nil on the base.
	Ratio      *RatioReport      `json:"ratio"`
	Efficiency *EfficiencyReport `json:"efficiency"`
}

// MarshalJSON names the throughputs.
func (c CellReport) MarshalJSON() ([]byte, error) {
	type plain CellReport
	return json.Marshal(struct {
		plain
		TPS Estimate `json:"tps"`
		QPS Estimate `json:"qps"`
		EPS Estimate `json:"eps"`
	}{plain(c), c.TPS, c.QPS, c.EPS})
}

// Percentile returns the cell's estimate of the rank's percentile.
func (w *WorkloadReport) Percentile(c *CellReport, rank string) Estimate {
	for i, p := range w.Percentiles {
		if p == rank && i < len(c.Percentiles) {
			return c.Percentiles[i]
		}
	}
	return Estimate{}
}

// Cell returns the cell of system at threads, or nil.
func (w *WorkloadReport) Cell(system string, threads int) *CellReport {
	for i := range w.Cells {
		if w.Cells[i].System == system && w.Cells[i].Threads == threads {
			return &w.Cells[i]
		}
	}
	return nil
}

// A RatioReport compares a value of one system with the base's.
type RatioReport struct {
	System  string   `json:"system"`
	Threads int      `json:"threads"`
	N       int      `json:"n"`
	BaseN   int      `json:"base_n"`
	Ratio   *float64 `json:"ratio"`
	Lo      *float64 `json:"lo"`
	Hi      *float64 `json:"hi"`
	// LoOpen and HiOpen mark an end that is not in the interval
	// (Row.RatioLoOpen).
	LoOpen      bool     `json:"lo_open,omitempty"`
	HiOpen      bool     `json:"hi_open,omitempty"`
	P           *float64 `json:"p_value"`
	Test        string   `json:"test"`
	Significant bool     `json:"significant"`
	Better      bool     `json:"better"`
	Verdict     Verdict  `json:"verdict"`
	// WithinLo and WithinHi bound the within-run comparison of two
	// single runs (batch means); never a verdict.
	WithinLo *float64 `json:"within_run_lo"`
	WithinHi *float64 `json:"within_run_hi"`
}

// A CurveReport is one system's thread sweep on one workload, with its
// Universal Scalability Law fit.
type CurveReport struct {
	System string `json:"system"`
	Metric Metric `json:"metric"` // the rate fitted: the workload's metric, or its runs' rate when that is seconds or a latency
	// Fit parameters and their intervals, nil without a fit.
	Lambda, Sigma, Kappa *float64 `json:"-"`
	LambdaLo, LambdaHi   *float64 `json:"-"`
	SigmaLo, SigmaHi     *float64 `json:"-"`
	KappaLo, KappaHi     *float64 `json:"-"`
	R2                   *float64 `json:"r2"`
	// GoodFit is set when R² reaches PoorFitR2: only then is the fit's
	// peak or ceiling quoted as a figure.
	GoodFit          bool     `json:"good_fit"`
	PeakThreads      *float64 `json:"peak_threads"`
	PeakThroughput   *float64 `json:"peak_throughput"`
	Ceiling          *float64 `json:"ceiling"`
	PeakExtrapolated bool     `json:"peak_extrapolated"`
	MaxMeasured      int      `json:"max_measured_threads"`
	CPUs             *int     `json:"cpus"`
	// CPUSaturation is the throughput at which the host's CPUs would be
	// busy all the time, from CPU time per transaction at SaturationThreads
	// (the highest thread count with system statistics); empty without.
	CPUSaturation     Estimate `json:"cpu_saturation"`
	SaturationThreads int      `json:"cpu_saturation_threads"`
	// Notes are the fit's findings, one sentence each.
	Notes []string `json:"notes"`
}

// PoorFitR2 is the coefficient of determination below which a USL fit's
// peak is not quoted: the curve explains too little of the measured
// throughput for its maximum to mean much.
const PoorFitR2 = 0.8

// An EfficiencyReport is what one transaction cost the host in one cell,
// over the runs with system statistics: each figure's centre and
// interval over those runs, and its ratio to the base's.
type EfficiencyReport struct {
	Runs    int                `json:"runs"`
	Unit    string             `json:"unit"` // "transaction", "event", "query"
	Figures []EfficiencyFigure `json:"figures"`
	// Saturation is the throughput at which the CPUs would saturate.
	Saturation Estimate `json:"cpu_saturation"`
}

// An EfficiencyFigure is one per-transaction cost.
type EfficiencyFigure struct {
	Name     string       `json:"name"` // a results.json efficiency key: "cpu_us_per_txn"
	Estimate Estimate     `json:"estimate"`
	Ratio    *RatioReport `json:"ratio"`
	samples  []float64    // the runs' values, for the ratio
}

// EfficiencyFigures names the per-transaction figures a report shows, in
// order, with how to read each from an Efficiency.
var EfficiencyFigures = []struct {
	Name  string
	Label string // short column heading
	Get   func(e *Efficiency) float64
}{
	{"cpu_us_per_txn", "CPU µs", func(e *Efficiency) float64 { return e.CPUUsPerTxn }},
	{"disk_reads_per_txn", "disk reads", func(e *Efficiency) float64 { return e.DiskReadsPerTxn }},
	{"disk_read_kb_per_txn", "KiB read", func(e *Efficiency) float64 { return e.DiskReadKBPerTxn }},
	{"disk_write_kb_per_txn", "KiB written", func(e *Efficiency) float64 { return e.DiskWriteKBPerTxn }},
	{"ctx_switches_per_txn", "context switches", func(e *Efficiency) float64 { return e.CtxSwitchesPerTxn }},
}

// Figure returns the named figure, or nil.
func (e *EfficiencyReport) Figure(name string) *EfficiencyFigure {
	if e == nil {
		return nil
	}
	for i := range e.Figures {
		if e.Figures[i].Name == name {
			return &e.Figures[i]
		}
	}
	return nil
}

// A HeadlineRow compares every system with the base on one workload at
// one thread count: Ratios in the order of Report.Systems without the
// base, nil where a system has no ratio.
type HeadlineRow struct {
	Workload string `json:"workload"`
	// Base is the system the row's ratios are against: the report's, or
	// the workload's own when the report's base did not run it.
	Base    string `json:"base"`
	Threads int    `json:"threads"`
	// Common: every system of the workload measured Threads; else only
	// the base and some of them did.
	Common bool           `json:"common"`
	Ratios []*RatioReport `json:"ratios"`
}

// A SystemHost is the host a system ran on, merged from its captures
// (parse.MergeHosts). System is "" for a host every system shares.
type SystemHost struct {
	System string      `json:"system"`
	Host   *parse.Host `json:"host"`
}

// SystemVariables are one system's SHOW VARIABLES, names lower-cased.
type SystemVariables struct {
	System string            `json:"system"`
	Values map[string]string `json:"values"`
}

// A TableSize is the size of one system's tables of one engine, summed
// over its SHOW TABLE STATUS rows.
type TableSize struct {
	System      string   `json:"system"`
	Engine      string   `json:"engine"`
	Tables      int      `json:"tables"`
	Rows        *int64   `json:"rows"`
	DataBytes   *int64   `json:"data_bytes"`
	IndexBytes  *int64   `json:"index_bytes"`
	BytesPerRow *float64 `json:"bytes_per_row"` // (data + index) / rows
	// RowsEstimated marks row counts the engine estimates (InnoDB's
	// SHOW TABLE STATUS rows are a sample's, not a count).
	RowsEstimated bool `json:"rows_estimated"`
}

// estimatedRows are the engines whose SHOW TABLE STATUS row count is an
// estimate.
var estimatedRows = map[string]bool{"innodb": true, "xtradb": true, "rocksdb": true, "tokudb": true}

// A StabilityReport summarises the runs' interim series.
type StabilityReport struct {
	Analysed     int              `json:"analysed"` // runs with an analysed series
	Short        int              `json:"short"`    // of those, too short for warm-up detection and batch means
	MinIntervals int              `json:"min_intervals"`
	CVWarn       float64          `json:"cv_warn"`
	Groups       []StabilityGroup `json:"groups"`
	Notable      []StabilityRun   `json:"notable"` // runs with stalls, a noisy steady state or a Little's-law mismatch
}

// A StabilityGroup summarises the runs of one system × workload: the
// median warm-up and CV over its runs.
type StabilityGroup struct {
	System        string  `json:"system"`
	Workload      string  `json:"workload"`
	Runs          int     `json:"runs"`
	WarmupMedianS float64 `json:"warmup_median_s"`
	CVMedian      float64 `json:"cv_median"`
	CVMax         float64 `json:"cv_max"`
	Stalls        int     `json:"stalls"`
}

// MarshalJSON writes the figures a group's runs could not give (a CV of
// a single interim point) as null.
func (g StabilityGroup) MarshalJSON() ([]byte, error) {
	type plain StabilityGroup
	return json.Marshal(struct {
		plain
		WarmupMedianS *float64 `json:"warmup_median_s"`
		CVMedian      *float64 `json:"cv_median"`
		CVMax         *float64 `json:"cv_max"`
	}{plain(g), num(g.WarmupMedianS), num(g.CVMedian), num(g.CVMax)})
}

// A StabilityRun is one run worth a look.
type StabilityRun struct {
	Ref      string       `json:"ref"` // source:line; a merged run names every client
	System   string       `json:"system"`
	Workload string       `json:"workload"`
	Threads  int          `json:"threads"`
	WarmupS  float64      `json:"warmup_s"`
	CV       float64      `json:"cv"`
	Stalls   []Stall      `json:"stalls"`
	Little   *LittleCheck `json:"little"` // set when it does not fit
	Notes    []string     `json:"notes"`
}

// MarshalJSON writes a CV the run could not give as null.
func (r StabilityRun) MarshalJSON() ([]byte, error) {
	type plain StabilityRun
	return json.Marshal(struct {
		plain
		WarmupS *float64 `json:"warmup_s"`
		CV      *float64 `json:"cv"`
	}{plain(r), num(r.WarmupS), num(r.CV)})
}

// Caveats are what a reader needs to know first about how the numbers
// were made, read from the host captures and the runs' commands.
type Caveats struct {
	// CPUs, CPUModel, Hypervisor and MemoryBytes describe the host when
	// every system ran on hosts that agree on them.
	CPUs        *int   `json:"cpus"`
	CPUModel    string `json:"cpu_model"`
	Hypervisor  string `json:"hypervisor"`
	MemoryBytes *int64 `json:"memory_bytes"`
	// Hosts counts the distinct hosts captured.
	Hosts int `json:"hosts"`
	// RunSeconds are the distinct run lengths (--time), ascending.
	RunSeconds []float64 `json:"run_seconds"`
	// Tables and TableSize are the distinct --tables and --table-size.
	Tables    []int64 `json:"tables"`
	TableSize []int64 `json:"table_size"`
	// Repeats are the fewest and most repeats of a cell.
	MinRepeats int `json:"min_repeats"`
	MaxRepeats int `json:"max_repeats"`
	// Loopback is set when every run connected to the server over the
	// loopback address or a socket: client and server shared the host.
	Loopback bool `json:"loopback"`
}

// A CommandPattern describes the commands of one tool as one template
// and what varies: Template has "{name}" where the runs differ.
type CommandPattern struct {
	Tool     string    `json:"tool"`
	Runs     int       `json:"runs"`
	Template string    `json:"template"`
	Varying  []Varying `json:"varying"`
}

// Varying is one part of a command that differs between runs, with its
// values in order (numbers numerically).
type Varying struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// NewReport builds the view model of doc and its analysis.
func NewReport(doc *parse.Document, an *Analysis) *Report {
	rp := &Report{Metric: an.Metric, Runs: len(doc.Runs)}
	th := an.Options.Thresholds.orDefault()
	rp.Thresholds = th
	ds := an.Dataset
	cmp := an.Comparison
	rp.Center, rp.Confidence, rp.Alpha = GeoMean, 0.95, 0.05
	if o := an.Options; o.Center != "" {
		rp.Center = o.Center
	}
	if an.Options.Confidence > 0 {
		rp.Confidence = an.Options.Confidence
	}
	if an.Options.Alpha > 0 {
		rp.Alpha = an.Options.Alpha
	}
	if cmp != nil {
		rp.Base, rp.Center, rp.Confidence, rp.Alpha = cmp.Base, cmp.Center, cmp.Confidence, cmp.Alpha
	}
	rp.Metrics = reportMetrics(an)
	if rp.Metric != "" {
		rp.Unit = unitOf(rp.Metric)
	}
	rp.CenterName = rp.Center.Describe()
	rp.Dual = math.Abs(rp.Alpha-(1-rp.Confidence)) <= 1e-9
	if ds != nil {
		rp.Runs = ds.RunCount()
		rp.By = ds.By
		rp.Systems = baseFirst(ds.Systems, rp.Base)
		rp.Systems, rp.LeftOut = leaveOut(an, rp.Systems, rp.Base)
		rp.Factors, rp.SystemFactors = factors(ds, rp.Systems)
	}
	rp.Hosts, rp.UntiedHosts = hostsBySystem(doc, ds, rp.Systems)
	rp.Servers = variablesBySystem(doc, ds, rp.Systems)
	rp.Config = an.Config
	rp.Tables = tableSizes(doc, ds, rp.Systems)
	rp.Workloads = workloads(doc, an, rp)
	rp.Headline = headline(rp)
	rp.Stability = stabilityReport(an, th)
	rp.Caveats = caveats(doc, ds, rp)
	rp.Commands, rp.Tools = commandPatterns(doc)

	rp.Warnings = append(rp.Warnings, an.Warnings.Strings()...)
	if cmp != nil {
		rp.Warnings = append(rp.Warnings, cmp.WarningLines()...)
	}
	if ds != nil {
		rp.Warnings = append(rp.Warnings, ds.Warnings.Strings()...)
	}
	for _, r := range doc.Runs {
		for _, w := range r.Warnings {
			rp.Warnings = append(rp.Warnings, RunRef(r)+": "+w)
		}
	}
	for _, t := range doc.Tables {
		for _, w := range t.Warnings {
			rp.Warnings = append(rp.Warnings, refOf(t.Source, t.Line)+": "+t.Name+": "+w)
		}
	}
	rp.Warnings = dedupe(rp.Warnings)
	rp.Errors = parse.ProblemLines(doc.Errors)
	rp.Findings = append(rp.Findings, setupFindings(doc, ds, rp)...)
	rp.Findings = append(rp.Findings, metricFindings(an, rp)...)
	rp.Findings = append(rp.Findings, workloadFindings(doc, an, rp)...)
	return rp
}

func unitOf(m Metric) string {
	switch {
	case strings.HasPrefix(string(m), "latency_") || strings.HasSuffix(string(m), "_ms"):
		return "ms"
	case strings.HasPrefix(string(m), "slap_"):
		return "s"
	}
	return "/s"
}

func baseFirst(systems []string, base string) []string {
	out := make([]string, 0, len(systems))
	for _, s := range systems {
		if s == base {
			out = append(out, s)
		}
	}
	for _, s := range systems {
		if s != base {
			out = append(out, s)
		}
	}
	return out
}

func refOf(source string, line int) string {
	if line > 0 {
		return source + ":" + strconv.Itoa(line)
	}
	return source
}

func dedupe(ss []string) []string {
	seen := map[string]bool{}
	out := ss[:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// factors returns the labels of a multi-label By whose values differ
// between systems, and each system's values of them.
func factors(ds *Dataset, systems []string) ([]string, map[string][]string) {
	if !strings.Contains(ds.By, ",") {
		return nil, nil
	}
	var keys []string
	for _, k := range strings.Split(ds.By, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	first := map[string]*parse.Run{}
	for _, c := range ds.Cells {
		if len(c.Runs) > 0 && first[c.System] == nil {
			first[c.System] = c.Runs[0]
		}
	}
	var differ []string
	for _, k := range keys {
		vals := map[string]bool{}
		for _, s := range systems {
			if r := first[s]; r != nil {
				vals[SystemOf(r, k)] = true
			}
		}
		if len(vals) > 1 {
			differ = append(differ, k)
		}
	}
	if len(differ) == 0 {
		return nil, nil
	}
	out := map[string][]string{}
	for _, s := range systems {
		r := first[s]
		for _, k := range differ {
			v := "?"
			if r != nil {
				v = SystemOf(r, k)
			}
			out[s] = append(out[s], v)
		}
	}
	return differ, out
}

// captureSystems returns the systems a capture belongs to
// (Dataset.CaptureSystems); nil when it fits none. Without a dataset it
// belongs to everything: nil too.
func captureSystems(ds *Dataset, id string, labels map[string]string, source string) []string {
	if ds == nil {
		return nil
	}
	return ds.CaptureSystems(id, labels, source)
}

// hostsBySystem merges the host captures of each system
// (parse.MergeHosts), in the order of systems; a capture that belongs to
// no system in particular (or to all of them) is merged into every one
// it applies to. When every system's merged host is the same capture,
// one SystemHost with System "" stands for all.
func hostsBySystem(doc *parse.Document, ds *Dataset, systems []string) ([]SystemHost, []*parse.Host) {
	if len(doc.Hosts) == 0 {
		return nil, nil
	}
	per := map[string][]*parse.Host{}
	var shared, untied []*parse.Host
	for _, h := range doc.Hosts {
		ss := captureSystems(ds, parse.CaptureID(h.Source, h.Line), h.Labels, h.Source)
		if len(ss) == 0 && ds != nil && len(ds.Cells) > 0 && !oneTranscript(ds, h.Source) {
			untied = append(untied, h)
			continue
		}
		if len(ss) == 0 || len(ss) == len(systems) && len(systems) > 1 || oneTranscript(ds, h.Source) {
			shared = append(shared, h)
			continue
		}
		for _, s := range ss {
			per[s] = append(per[s], h)
		}
	}
	// Captures of no system in particular are merged only when they
	// describe one machine (machines); several machines stay apart.
	sharedM := machines(shared)
	var apart []*parse.Host
	for _, m := range machines(untied) {
		apart = append(apart, parse.MergeHosts(m...))
	}
	if len(per) == 0 {
		var out []SystemHost
		for _, m := range sharedM {
			out = append(out, SystemHost{Host: parse.MergeHosts(m...)})
		}
		return out, apart
	}
	var out []SystemHost
	for _, s := range systems {
		for i, m := range machines(per[s]) {
			if i == 0 && len(sharedM) == 1 {
				m = append(append([]*parse.Host(nil), m...), sharedM[0]...)
			}
			out = append(out, SystemHost{System: s, Host: parse.MergeHosts(m...)})
		}
		if len(per[s]) == 0 && len(sharedM) == 1 {
			out = append(out, SystemHost{System: s, Host: parse.MergeHosts(sharedM[0]...)})
		}
	}
	return out, apart
}

// HostFor returns the merged host of a system ("" or a system without
// its own: the shared one), or nil.
func (rp *Report) HostFor(system string) *parse.Host {
	for _, h := range rp.Hosts {
		if h.System == system {
			return h.Host
		}
	}
	if len(rp.Hosts) == 1 && rp.Hosts[0].System == "" {
		return rp.Hosts[0].Host
	}
	return nil
}

// variablesBySystem gathers the SHOW VARIABLES captures by the systems
// they belong to ("" for those of no system in particular), names
// lower-cased.
func variablesBySystem(doc *parse.Document, ds *Dataset, systems []string) []SystemVariables {
	// A file whose captures give one variable two values shows two
	// servers: its captures stay with the runs they precede.
	conflicting := map[string]bool{}
	seen := map[string]map[string]string{}
	for _, vs := range doc.Variables {
		if vs.Kind != "" && vs.Kind != "variables" {
			continue
		}
		if seen[vs.Source] == nil {
			seen[vs.Source] = map[string]string{}
		}
		for k, v := range vs.Values {
			k = strings.ToLower(k)
			if old, ok := seen[vs.Source][k]; ok && old != v {
				conflicting[vs.Source] = true
			}
			seen[vs.Source][k] = v
		}
	}
	vars := map[string]map[string]string{}
	for _, vs := range doc.Variables {
		if vs.Kind != "" && vs.Kind != "variables" {
			continue
		}
		ss := captureSystems(ds, parse.CaptureID(vs.Source, vs.Line), vs.Labels, vs.Source)
		if len(ss) == 0 || oneTranscript(ds, vs.Source) && !conflicting[vs.Source] {
			ss = []string{""}
		}
		for _, s := range ss {
			if vars[s] == nil {
				vars[s] = map[string]string{}
			}
			for k, v := range vs.Values {
				vars[s][strings.ToLower(k)] = v
			}
		}
	}
	var out []SystemVariables
	for _, s := range append([]string{""}, systems...) {
		if v, ok := vars[s]; ok {
			out = append(out, SystemVariables{System: s, Values: v})
		}
	}
	return out
}

func addPtr(sum, v *int64) *int64 {
	if v == nil {
		return sum
	}
	x := *v
	if sum != nil {
		x += *sum
	}
	return &x
}

// tableSizes sums the SHOW TABLE STATUS rows per system and engine. A
// table read again (a re-prepare, a second capture) is the later
// reading, never a second table.
func tableSizes(doc *parse.Document, ds *Dataset, systems []string) []TableSize {
	type key struct{ sys, engine string }
	type tkey struct{ sys, schema, name string }
	last := map[tkey]*parse.TableStatus{}
	var tables []tkey
	for _, t := range doc.Tables {
		sys := ""
		if ss := captureSystems(ds, parse.CaptureID(t.Source, t.Line), t.Labels, t.Source); len(ss) > 0 {
			sys = ss[0]
		}
		k := tkey{sys, t.Schema, t.Name}
		if t.Name == "" {
			k.name = parse.CaptureID(t.Source, t.Line)
		}
		if _, ok := last[k]; !ok {
			tables = append(tables, k)
		}
		last[k] = t
	}
	sums := map[key]*TableSize{}
	var keys []key
	for _, tk := range tables {
		t := last[tk]
		k := key{tk.sys, t.Engine}
		row := sums[k]
		if row == nil {
			row = &TableSize{System: tk.sys, Engine: t.Engine}
			sums[k] = row
			keys = append(keys, k)
		}
		row.Tables++
		row.Rows = addPtr(row.Rows, t.Rows)
		row.DataBytes = addPtr(row.DataBytes, t.DataLength)
		row.IndexBytes = addPtr(row.IndexBytes, t.IndexLength)
		row.RowsEstimated = row.RowsEstimated || t.Rows != nil && estimatedRows[strings.ToLower(t.Engine)]
	}
	rank := map[string]int{}
	for i, s := range systems {
		rank[s] = i + 1
	}
	sort.SliceStable(keys, func(i, j int) bool {
		ri, rj := rank[keys[i].sys], rank[keys[j].sys]
		if ri != rj {
			return ri != 0 && (rj == 0 || ri < rj)
		}
		if keys[i].sys != keys[j].sys {
			return keys[i].sys < keys[j].sys
		}
		return keys[i].engine < keys[j].engine
	})
	var out []TableSize
	for _, k := range keys {
		row := sums[k]
		if row.Rows != nil && *row.Rows > 0 && row.DataBytes != nil {
			total := float64(*row.DataBytes)
			if row.IndexBytes != nil {
				total += float64(*row.IndexBytes)
			}
			row.BytesPerRow = num(total / float64(*row.Rows))
		}
		out = append(out, *row)
	}
	return out
}

// sortRanks orders percentile ranks numerically ("95" before "99.9").
func sortRanks(set map[string]bool) []string {
	ks := make([]string, 0, len(set))
	for k := range set {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, _ := strconv.ParseFloat(ks[i], 64)
		b, _ := strconv.ParseFloat(ks[j], 64)
		if a != b {
			return a < b
		}
		return ks[i] < ks[j]
	})
	return ks
}

func ratioOf(r *Row, baseN int) *RatioReport {
	rr := &RatioReport{System: r.System, N: r.N, BaseN: baseN, Ratio: r.Ratio, Lo: r.RatioLo, Hi: r.RatioHi,
		P: r.PValue, Test: r.Test, Significant: r.Significant, Better: r.Better, Verdict: r.Verdict,
		WithinLo: r.WithinRatioLo, WithinHi: r.WithinRatioHi, LoOpen: r.RatioLoOpen, HiOpen: r.RatioHiOpen}
	if r.Threads != nil {
		rr.Threads = *r.Threads
	}
	return rr
}

// workloads builds one WorkloadReport per workload of the dataset.
func workloads(doc *parse.Document, an *Analysis, rp *Report) []*WorkloadReport {
	ds := an.Dataset
	if ds == nil {
		return nil
	}
	byName := map[string]*WorkloadReport{}
	var out []*WorkloadReport
	for _, w := range ds.Workloads {
		m := an.Metrics[w]
		if m == "" {
			m = an.Metric
		}
		b := an.Bases[w]
		if b == "" {
			b = rp.Base
		}
		wr := &WorkloadReport{Name: w, Metric: m, Unit: unitOf(m), LowerIsBetter: m.LowerIsBetter(), Base: b}
		byName[w] = wr
		out = append(out, wr)
	}
	sysRank := map[string]int{}
	for i, s := range rp.Systems {
		sysRank[s] = i
	}
	pcts := map[string]map[string]bool{}
	threads := map[string]map[int]bool{}
	for _, c := range ds.Cells {
		if pcts[c.Workload] == nil {
			pcts[c.Workload] = map[string]bool{}
			threads[c.Workload] = map[int]bool{}
		}
		threads[c.Workload][c.Threads] = true
		for _, r := range c.Runs {
			for k := range r.Latency.Percentiles {
				pcts[c.Workload][k] = true
			}
		}
	}
	for w, wr := range byName {
		wr.Percentiles = sortRanks(pcts[w])
		for t := range threads[w] {
			wr.Threads = append(wr.Threads, t)
		}
		sort.Ints(wr.Threads)
	}
	rows := map[Key]*Row{}
	if an.Comparison != nil {
		for i := range an.Comparison.Rows {
			r := &an.Comparison.Rows[i]
			k := Key{System: r.System, Workload: r.Workload}
			if r.Threads != nil {
				k.Threads = *r.Threads
			}
			rows[k] = r
		}
	}
	effs := efficienciesByRun(doc, ds)
	shown := shownCells(an, rp.Systems)
	for _, c := range ds.Cells {
		wr := byName[c.Workload]
		if !shown[Key{System: c.System, Workload: c.Workload}] {
			continue
		}
		cr := CellReport{System: c.System, Threads: c.Threads, N: len(c.Runs), PercentileUpperBound: c.PercentileUpperBound}
		values := func(m Metric) []float64 {
			var xs []float64
			for _, r := range c.Runs {
				if v, ok := m.Value(r); ok {
					xs = append(xs, v)
				}
			}
			return xs
		}
		cr.TPS = estimate(values(TPS), rp.Center, rp.Confidence)
		cr.QPS = estimate(values(QPS), rp.Center, rp.Confidence)
		cr.EPS = estimate(values(EPS), rp.Center, rp.Confidence)
		cr.LatencyAvgMs = estimate(values(LatencyAvgMs), rp.Center, rp.Confidence)
		for _, p := range wr.Percentiles {
			cr.Percentiles = append(cr.Percentiles, estimate(values(LatencyPercentile(p)), rp.Center, rp.Confidence))
		}
		if row := rows[c.Key]; row != nil {
			cr.N = row.N
			cr.Compared = Estimate{N: row.N, Center: row.Center, Lo: row.Lo, Hi: row.Hi}
			cr.Within, cr.Spread, cr.SpreadWarning = row.Within, row.Spread, row.SpreadWarning
			cr.Trimmed = row.Trimmed
			// One number per fact: the compared metric's column is the
			// comparison's value.
			switch wr.Metric {
			case TPS:
				cr.TPS = cr.Compared
			case QPS:
				cr.QPS = cr.Compared
			case EPS:
				cr.EPS = cr.Compared
			case LatencyAvgMs:
				cr.LatencyAvgMs = cr.Compared
			default:
				for i, p := range wr.Percentiles {
					if wr.Metric == LatencyPercentile(p) {
						cr.Percentiles[i] = cr.Compared
					}
				}
			}
			if !row.Base {
				baseN := 0
				if b := rows[Key{System: wr.Base, Workload: c.Workload, Threads: c.Threads}]; b != nil {
					baseN = b.N
				}
				cr.Ratio = ratioOf(row, baseN)
			}
		}
		cr.Efficiency = efficiencyOf(c, effs, rp)
		wr.HasEfficiency = wr.HasEfficiency || cr.Efficiency != nil
		wr.Cells = append(wr.Cells, cr)
	}
	for _, wr := range out {
		sort.SliceStable(wr.Cells, func(i, j int) bool {
			a, b := wr.Cells[i], wr.Cells[j]
			if a.Threads != b.Threads {
				return a.Threads < b.Threads
			}
			return sysRank[a.System] < sysRank[b.System]
		})
		efficiencyRatios(wr, rp)
		wr.HeadlineThreads = headlineThreads(wr, rp.Base)
		wr.LeftOut = leftOutOf(wr.Name, rp.Systems, ds, shown)
	}
	addCounters(an.Counters, byName, sysRank)
	out = dropEmpty(out)
	if an.Scaling != nil {
		for _, cu := range an.Scaling.Curves {
			wr := byName[cu.Workload]
			if wr == nil || cu.Lambda == nil && len(cu.Points) < 3 || !shown[Key{System: cu.System, Workload: cu.Workload}] {
				continue
			}
			wr.Curves = append(wr.Curves, curveReport(cu, wr, rp))
		}
		for _, wr := range out {
			sort.SliceStable(wr.Curves, func(i, j int) bool { return sysRank[wr.Curves[i].System] < sysRank[wr.Curves[j].System] })
		}
	}
	return out
}

// headlineThreads is the highest thread count the workload's base and
// every other system of the workload measured; else the one the base
// measured that the most other systems share (the higher on a tie); else
// the highest with a ratio. Never a thread count the base lacks while it
// has one.
func headlineThreads(wr *WorkloadReport, base string) int {
	if wr.Base != "" {
		base = wr.Base
	}
	has := map[int]map[string]bool{}
	present := map[string]bool{}
	for _, c := range wr.Cells {
		if has[c.Threads] == nil {
			has[c.Threads] = map[string]bool{}
		}
		has[c.Threads][c.System] = true
		present[c.System] = true
	}
	for i := len(wr.Threads) - 1; i >= 0; i-- {
		t := wr.Threads[i]
		if len(has[t]) == len(present) {
			return t
		}
	}
	best, shared := 0, 0
	for _, t := range wr.Threads {
		if has[t][base] && len(has[t])-1 > 0 && len(has[t])-1 >= shared {
			best, shared = t, len(has[t])-1
		}
	}
	if best > 0 {
		return best
	}
	for i := len(wr.Cells) - 1; i >= 0; i-- {
		if r := wr.Cells[i].Ratio; r != nil && r.Ratio != nil {
			return wr.Cells[i].Threads
		}
	}
	for i := len(wr.Threads) - 1; i >= 0; i-- {
		if has[wr.Threads[i]][base] {
			return wr.Threads[i]
		}
	}
	if n := len(wr.Threads); n > 0 {
		return wr.Threads[n-1]
	}
	return 0
}

// headline compares every system with the base on every workload at its
// headline thread count.
func headline(rp *Report) []HeadlineRow {
	if len(rp.Systems) < 2 {
		return nil
	}
	var out []HeadlineRow
	for _, w := range rp.Workloads {
		row := HeadlineRow{Workload: w.Name, Base: w.Base, Threads: w.HeadlineThreads, Common: true}
		for _, s := range w.systemsMeasured() {
			row.Common = row.Common && w.Cell(s, w.HeadlineThreads) != nil
		}
		any := false
		for _, s := range rp.Systems[1:] {
			var r *RatioReport
			if c := w.Cell(s, w.HeadlineThreads); c != nil {
				r = c.Ratio
			}
			any = any || r != nil && r.Ratio != nil
			row.Ratios = append(row.Ratios, r)
		}
		if any {
			out = append(out, row)
		}
	}
	return out
}

func curveReport(cu *Curve, wr *WorkloadReport, rp *Report) CurveReport {
	cr := CurveReport{System: cu.System, Metric: cu.Metric, Lambda: cu.Lambda, Sigma: cu.Sigma, Kappa: cu.Kappa,
		LambdaLo: cu.LambdaLo, LambdaHi: cu.LambdaHi, SigmaLo: cu.SigmaLo, SigmaHi: cu.SigmaHi,
		KappaLo: cu.KappaLo, KappaHi: cu.KappaHi, R2: cu.R2,
		PeakThreads: cu.PeakThreads, PeakThroughput: cu.PeakThroughput, Ceiling: cu.Ceiling,
		PeakExtrapolated: cu.PeakExtrapolated, MaxMeasured: cu.MaxMeasured, CPUs: cu.CPUs}
	cr.GoodFit = cu.Lambda != nil && (cu.R2 == nil || *cu.R2 >= PoorFitR2)
	for i := len(wr.Cells) - 1; i >= 0; i-- {
		c := wr.Cells[i]
		if c.System == cu.System && c.Efficiency != nil && c.Efficiency.Saturation.Center != nil {
			cr.CPUSaturation, cr.SaturationThreads = c.Efficiency.Saturation, c.Threads
			break
		}
	}
	cr.Notes = curveNotes(cu)
	return cr
}

// curveNotes turns a curve's warnings into sentences.
func curveNotes(cu *Curve) []string {
	var out []string
	for _, w := range cu.Warnings.Strings() {
		s := strings.TrimSpace(w)
		if s == "" {
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		s = string(upperASCII(r)) + s[n:]
		if !strings.HasSuffix(s, ".") {
			s += "."
		}
		out = append(out, s)
	}
	return out
}

// addCounters fills each workload's table of server counters per
// transaction.
func addCounters(rows []CounterRow, byName map[string]*WorkloadReport, sysRank map[string]int) {
	per := map[string][]CounterRow{}
	for _, r := range rows {
		per[r.Workload] = append(per[r.Workload], r)
	}
	for w, rs := range per {
		wr := byName[w]
		if wr == nil {
			continue
		}
		kept := rs[:0:0]
		for _, r := range rs {
			if _, ok := sysRank[r.System]; ok {
				kept = append(kept, r)
			}
		}
		rs = kept
		sort.SliceStable(rs, func(i, j int) bool { return sysRank[rs[i].System] < sysRank[rs[j].System] })
		for _, r := range rs {
			wr.CounterSystems = append(wr.CounterSystems, r.System)
			wr.CounterRuns = append(wr.CounterRuns, r.Runs)
		}
		for _, name := range ServerCounters {
			row := NamedValues{Name: name}
			moved := false
			for _, r := range rs {
				v, ok := r.PerTx[name]
				if !ok {
					row.Values = append(row.Values, nil)
					continue
				}
				moved = moved || v != 0
				row.Values = append(row.Values, num(v))
			}
			if moved {
				wr.Counters = append(wr.Counters, row)
			}
		}
	}
}

// efficienciesByRun computes the per-transaction figures of the runs that
// have system statistics, by run (a merged run by its clients' figures,
// which it does not have: merged runs are left out).
func efficienciesByRun(doc *parse.Document, ds *Dataset) map[*parse.Run]*Efficiency {
	if len(doc.SysStats) == 0 {
		return nil
	}
	all := Efficiencies(doc, ds)
	out := map[*parse.Run]*Efficiency{}
	for _, c := range ds.Cells {
		for _, r := range c.Runs {
			if e := all[parse.CaptureID(r.Source, r.Line)]; e != nil {
				out[r] = e
			}
		}
	}
	return out
}

func efficiencyOf(c *Cell, effs map[*parse.Run]*Efficiency, rp *Report) *EfficiencyReport {
	if len(effs) == 0 {
		return nil
	}
	var es []*Efficiency
	for _, r := range c.Runs {
		if e := effs[r]; e != nil {
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return nil
	}
	er := &EfficiencyReport{Runs: len(es), Unit: es[0].Unit}
	for _, f := range EfficiencyFigures {
		var xs []float64
		for _, e := range es {
			xs = append(xs, f.Get(e))
		}
		est := estimate(xs, rp.Center, rp.Confidence)
		if est.Center == nil {
			continue
		}
		er.Figures = append(er.Figures, EfficiencyFigure{Name: f.Name, Estimate: est, samples: finiteOnly(xs)})
	}
	var sat []float64
	for _, e := range es {
		sat = append(sat, e.SaturationRate)
	}
	er.Saturation = estimate(sat, rp.Center, rp.Confidence)
	if len(er.Figures) == 0 {
		return nil
	}
	return er
}

// efficiencyRatios compares each cell's per-transaction figures with the
// base's at the same thread count, as the compared metric is compared:
// the ratio of centres with the interval and test of the report's centre
// (lower is better: a transaction that costs less).
func efficiencyRatios(wr *WorkloadReport, rp *Report) {
	if !wr.HasEfficiency {
		return
	}
	for i := range wr.Cells {
		c := &wr.Cells[i]
		if c.System == wr.Base || c.Efficiency == nil {
			continue
		}
		b := wr.Cell(wr.Base, c.Threads)
		if b == nil || b.Efficiency == nil {
			continue
		}
		for j := range c.Efficiency.Figures {
			f := &c.Efficiency.Figures[j]
			bf := b.Efficiency.Figure(f.Name)
			if bf == nil {
				continue
			}
			f.Ratio = ratioOfSamples(c.System, c.Threads, bf.samples, f.samples, rp, true)
		}
	}
}

// ratioOfSamples compares two samples as Compare does.
func ratioOfSamples(system string, threads int, base, vals []float64, rp *Report, lowerIsBetter bool) *RatioReport {
	if len(base) == 0 || len(vals) == 0 {
		return nil
	}
	m := TPS
	if lowerIsBetter {
		m = LatencyAvgMs
	}
	row := Row{System: system, N: len(vals), Metric: m}
	compareRow(&row, base, vals, nil, nil, CompareOptions{Metric: m, Center: rp.Center, Confidence: rp.Confidence, Alpha: rp.Alpha})
	rr := ratioOf(&row, len(base))
	rr.Threads = threads
	return rr
}

// stabilityReport summarises the runs' interim series.
func stabilityReport(an *Analysis, th Thresholds) StabilityReport {
	sv := StabilityReport{CVWarn: th.CVWarn, MinIntervals: th.MinIntervals}
	ds := an.Dataset
	if ds == nil {
		return sv
	}
	type rk struct {
		source string
		line   int
	}
	cellOf := map[rk]*Cell{}
	refs := map[rk]string{}
	for _, c := range ds.Cells {
		for i, r := range c.Runs {
			cellOf[rk{r.Source, r.Line}] = c
			refs[rk{r.Source, r.Line}] = c.Ref(i)
		}
	}
	type gkey struct{ sys, w string }
	groups := map[gkey][]*Stability{}
	var order []gkey
	for _, st := range an.Stability {
		if st != nil && st.Total == 0 && st.Little != nil && !st.Little.OK && st.Little.Throughput > 0 {
			// No interim series, but its printed figures fail Little's
			// law: worth a look all the same.
			sr := StabilityRun{Ref: refOf(st.Source, st.Line), Little: st.Little, WarmupS: math.NaN(), CV: math.NaN()}
			if c := cellOf[rk{st.Source, st.Line}]; c != nil {
				sr.System, sr.Workload, sr.Threads = c.System, c.Workload, c.Threads
			}
			if r, ok := refs[rk{st.Source, st.Line}]; ok {
				sr.Ref = r
			}
			sv.Notable = append(sv.Notable, sr)
		}
		if st == nil || st.Total == 0 {
			continue
		}
		sv.Analysed++
		if st.Short {
			sv.Short++
		}
		k := gkey{"?", "?"}
		threads := 0
		if c := cellOf[rk{st.Source, st.Line}]; c != nil {
			k = gkey{c.System, c.Workload}
			threads = c.Threads
		}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], st)
		sr := StabilityRun{Ref: refOf(st.Source, st.Line), System: k.sys, Workload: k.w, Threads: threads,
			WarmupS: st.WarmupS, CV: st.CV, Stalls: st.Stalls}
		if r, ok := refs[rk{st.Source, st.Line}]; ok {
			sr.Ref = r
		}
		if l := st.Little; l != nil && !l.OK {
			sr.Little = l
		}
		for _, w := range st.Warnings {
			if errors.Is(w, ErrShortSeries) { // counted once for all runs instead
				continue
			}
			if st.Little != nil && !st.Little.OK && strings.HasPrefix(w.Error(), "Little's law") {
				continue // Little says it
			}
			sr.Notes = append(sr.Notes, w.Error())
		}
		if len(sr.Stalls) > 0 || st.CV > sv.CVWarn || sr.Little != nil || len(sr.Notes) > 0 {
			sv.Notable = append(sv.Notable, sr)
		}
	}
	for _, k := range order {
		sts := groups[k]
		g := StabilityGroup{System: k.sys, Workload: k.w, Runs: len(sts)}
		var warm, cvs []float64
		for _, st := range sts {
			warm = append(warm, st.WarmupS)
			if !math.IsNaN(st.CV) {
				cvs = append(cvs, st.CV)
				g.CVMax = math.Max(g.CVMax, st.CV)
			}
			g.Stalls += len(st.Stalls)
		}
		g.WarmupMedianS = median(warm)
		g.CVMedian = median(cvs)
		sv.Groups = append(sv.Groups, g)
	}
	return sv
}

// caveats reads what a reader needs first from the hosts and commands.
func caveats(doc *parse.Document, ds *Dataset, rp *Report) Caveats {
	var cv Caveats
	cv.Hosts = len(rp.Hosts)
	var hosts []*parse.Host
	for _, h := range rp.Hosts {
		hosts = append(hosts, h.Host)
	}
	if len(hosts) > 0 {
		same := func(get func(h *parse.Host) string) (string, bool) {
			v := get(hosts[0])
			for _, h := range hosts[1:] {
				if get(h) != v {
					return "", false
				}
			}
			return v, v != ""
		}
		if v, ok := same(func(h *parse.Host) string { return intText(h.CPUs) }); ok {
			n, _ := strconv.Atoi(v)
			cv.CPUs = &n
		}
		cv.CPUModel, _ = same(func(h *parse.Host) string { return h.CPUModel })
		cv.Hypervisor, _ = same(func(h *parse.Host) string { return h.Hypervisor })
		if v, ok := same(func(h *parse.Host) string {
			if h.MemTotalBytes == nil {
				return ""
			}
			return strconv.FormatInt(*h.MemTotalBytes, 10)
		}); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			cv.MemoryBytes = &n
		}
	}
	secs := map[float64]bool{}
	tables, sizes := map[int64]bool{}, map[int64]bool{}
	loop, seen := true, 0
	for _, r := range doc.Runs {
		if r.Options.TimeLimitS != nil {
			secs[*r.Options.TimeLimitS] = true
		}
		if n, err := strconv.ParseInt(r.Settings["tables"], 10, 64); err == nil {
			tables[n] = true
		}
		if n, err := strconv.ParseInt(r.Settings["table-size"], 10, 64); err == nil {
			sizes[n] = true
		}
		if r.Command != "" {
			c := parse.ParseCommand(r.Command)
			if c == nil {
				continue
			}
			seen++
			host, hasHost := c.Opts["mysql-host"]
			_, sock := c.Opts["mysql-socket"]
			if !(sock || hasHost && (strings.HasPrefix(host, "127.") || host == "localhost" || host == "::1")) {
				loop = false
			}
		}
	}
	cv.Loopback = loop && seen > 0
	for s := range secs {
		cv.RunSeconds = append(cv.RunSeconds, s)
	}
	sort.Float64s(cv.RunSeconds)
	for n := range tables {
		cv.Tables = append(cv.Tables, n)
	}
	sort.Slice(cv.Tables, func(i, j int) bool { return cv.Tables[i] < cv.Tables[j] })
	for n := range sizes {
		cv.TableSize = append(cv.TableSize, n)
	}
	sort.Slice(cv.TableSize, func(i, j int) bool { return cv.TableSize[i] < cv.TableSize[j] })
	if ds != nil {
		for i, c := range ds.Cells {
			n := len(c.Runs)
			if i == 0 || n < cv.MinRepeats {
				cv.MinRepeats = n
			}
			cv.MaxRepeats = max(cv.MaxRepeats, n)
		}
	}
	return cv
}

func intText(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

// commandPatterns describes the runs' commands, one pattern per tool:
// the options every command gives alike, and "{name}" for an option or
// argument whose value differs, with its values.
func commandPatterns(doc *parse.Document) ([]CommandPattern, []string) {
	type group struct {
		tool string
		cmds [][]string
		runs int
	}
	groups := map[string]*group{}
	var order []string
	tools := map[string]bool{}
	for _, r := range doc.Runs {
		t := r.Tool
		if r.Version != "" {
			t += " " + r.Version
		}
		tools[t] = true
		if r.Command == "" {
			continue
		}
		f := strings.Fields(r.Command)
		if len(f) == 0 {
			continue
		}
		g := groups[f[0]]
		if g == nil {
			g = &group{tool: f[0]}
			groups[f[0]] = g
			order = append(order, f[0])
		}
		g.cmds = append(g.cmds, f[1:])
		g.runs++
	}
	var out []CommandPattern
	for _, name := range order {
		g := groups[name]
		out = append(out, pattern(g.tool, g.cmds))
	}
	var ts []string
	for t := range tools {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	return out, ts
}

// pattern builds one tool's CommandPattern. Options ("--k=v", "--flag")
// are matched by name, other arguments by their place among the
// arguments.
func pattern(tool string, cmds [][]string) CommandPattern {
	type part struct {
		name   string // option name with its dashes, or "" for an argument
		values map[string]bool
		count  int
	}
	var parts []*part
	byName := map[string]*part{}
	get := func(key string) *part {
		p := byName[key]
		if p == nil {
			p = &part{values: map[string]bool{}}
			if strings.HasPrefix(key, "-") {
				p.name = key
			}
			byName[key] = p
			parts = append(parts, p)
		}
		return p
	}
	for _, args := range cmds {
		pos := 0
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				k, v, ok := strings.Cut(a, "=")
				p := get(k)
				if !ok {
					v = "\x00"
				}
				p.values[v] = true
				p.count++
				continue
			}
			pos++
			p := get("\x00arg" + strconv.Itoa(pos))
			p.values[a] = true
			p.count++
		}
	}
	cp := CommandPattern{Tool: tool, Runs: len(cmds)}
	words := []string{tool}
	argNames := map[int]string{1: "test", 2: "command"}
	pos := 0
	for _, p := range parts {
		vals := make([]string, 0, len(p.values))
		for v := range p.values {
			vals = append(vals, v)
		}
		sortNumeric(vals)
		if p.name == "" {
			pos++
		}
		if len(vals) == 1 && p.count == len(cmds) {
			if p.name == "" {
				words = append(words, vals[0])
			} else if vals[0] == "\x00" {
				words = append(words, p.name)
			} else {
				words = append(words, p.name+"="+vals[0])
			}
			continue
		}
		name := strings.TrimLeft(p.name, "-")
		if p.name == "" {
			name = argNames[pos]
			if name == "" {
				name = "argument " + strconv.Itoa(pos)
			}
		}
		for i, v := range vals {
			if v == "\x00" {
				vals[i] = "(set)"
			}
		}
		if p.count < len(cmds) {
			vals = append(vals, "(absent)")
		}
		cp.Varying = append(cp.Varying, Varying{Name: name, Values: vals})
		if p.name == "" {
			words = append(words, "{"+name+"}")
		} else {
			words = append(words, p.name+"={"+name+"}")
		}
	}
	cp.Template = strings.Join(words, " ")
	return cp
}

// sortNumeric sorts strings, numbers numerically before other text.
func sortNumeric(vs []string) {
	sort.SliceStable(vs, func(i, j int) bool {
		a, ea := strconv.ParseFloat(vs[i], 64)
		b, eb := strconv.ParseFloat(vs[j], 64)
		switch {
		case ea == nil && eb == nil:
			return a < b
		case ea == nil:
			return true
		case eb == nil:
			return false
		}
		return vs[i] < vs[j]
	})
}

// upperASCII capitalises an ASCII letter; a symbol such as κ keeps its
// case, which carries meaning.
func upperASCII(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

// systemsMeasured are the systems with a cell of the workload.
func (w *WorkloadReport) systemsMeasured() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range w.Cells {
		if !seen[c.System] {
			seen[c.System] = true
			out = append(out, c.System)
		}
	}
	return out
}
