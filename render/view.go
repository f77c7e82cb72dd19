package render

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// A View is what a report template sees: the analysis arranged for
// reading, with numbers left as numbers (the template formats them with
// the helper funcs of Funcs). Slices are in a deliberate order — systems
// as in the dataset with the baseline first, workloads in input order,
// thread counts ascending — so that a report is the same byte for byte
// for the same inputs.
type View struct {
	Title      string
	Command    string   // the sbreport command line that made the report
	Systems    []string // baseline first
	Base       string
	By         string // the label that names systems ("" when there is one)
	Metric     string // compared metric, "tps"
	Unit       string // its unit, "/s"
	Center     string // "geometric mean" or "median"
	Confidence float64
	Alpha      float64
	// Dual is set when Alpha = 1 − Confidence: a verdict is then
	// significant exactly when its ratio interval excludes 1.
	Dual bool
	// The thresholds behind "repeats differ" (analyze.Thresholds).
	SpreadAlpha, MinSpread, MaxSpread float64
	Runs                              int      // runs analysed, a run merged from several clients counting once
	Summary                           []string // plain-word findings, one sentence each
	Setup                             Setup
	Workloads                         []*WorkloadView
	Stability                         StabilityView
	Warnings                          []string     // from the analysis and the runs
	Errors                            []string     // input that could not be read
	Appendix                          []RunRef     // every run in input order
	Tools                             []string     // tool versions seen, "sysbench 1.0.20"
	History                           *HistoryView // runs ordered by a key, with change points; nil when none
}

// Setup is the test setup: hardware, server versions, differing
// variables, table sizes.
type Setup struct {
	HostSystems []string // columns of Hosts
	Hosts       []KVRow  // one row per hardware property
	Servers     []KVRow  // version, version_comment per system
	VarSystems  []string // columns of Differ
	Differ      []KVRow  // variables whose values differ
	SameVars    int      // variables captured on every system with equal values
	Only        []KVRow  // variables captured for only some systems
	Tables      []TableRow
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

// A TableRow is the size of one system's tables of one engine, summed
// over the SHOW TABLE STATUS rows.
type TableRow struct {
	System      string
	Engine      string
	Tables      int
	Rows        *int64
	DataBytes   *int64
	IndexBytes  *int64
	BytesPerRow *float64 // (data + index) / rows
}

// A WorkloadView is everything about one workload.
type WorkloadView struct {
	Name        string
	Threads     []int    // measured thread counts, ascending
	Percentiles []string // latency percentile ranks printed by the runs ("95")
	Results     []ResultRow
	Ratios      []RatioRow
	Scaling     []ScalingRow
	Points      []PointRow
	Charts      []ChartRef
	Geomeans    []string
	// Counter columns are systems (CounterSystems); rows the server
	// counters that moved, per transaction.
	CounterSystems []string
	CounterRuns    []int
	Counters       []KVNumRow
}

// A KVNumRow is a named row of numbers (nil: not captured).
type KVNumRow struct {
	Name   string
	Values []*float64
}

// A ResultRow is one system at one thread count: the centre of each
// metric over the repeats, and the compared metric's interval.
type ResultRow struct {
	System      string
	Threads     int
	N           int
	TPS, QPS    *float64
	LatAvg      *float64
	Percentiles []*float64 // in the order of WorkloadView.Percentiles
	Center      *float64   // the compared metric
	Lo, Hi      *float64
	Within      bool   // the interval is within one run (batch means)
	Note        string // "repeats differ 3.60×" when they differ more than the other cells' repeats
}

// A RatioRow compares one system with the baseline at one thread count.
type RatioRow struct {
	System      string
	Threads     int
	N, BaseN    int
	Ratio       *float64
	Lo, Hi      *float64
	P           *float64
	Test        string
	Significant bool
	Better      bool
	Verdict     string // analyze.Verdict: "better", "worse", "no significant difference", "no test (1 run)", ...
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
	PeakThreads          *float64
	PeakThroughput       *float64
	Ceiling              *float64
	PeakExtrapolated     bool
	MaxMeasured          int
	CPUs                 *int
	Warnings             []string
}

// A PointRow is one measured point of a scaling curve.
type PointRow struct {
	System     string
	Threads    int
	N          int
	Throughput float64
	Lo, Hi     *float64
	P95        *float64
	Efficiency *float64
	Fitted     *float64
}

// A ChartRef links a chart from the report.
type ChartRef struct {
	Kind    string // "bars", "scaling", "latency", "latency-throughput", "timeline", "histogram"
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
	Groups       []StabilityGroup
	Notable      []StabilityRun // runs with stalls, a noisy steady state or a Little's-law mismatch
	CVWarn       float64
}

// A StabilityGroup summarises the runs of one system × workload.
type StabilityGroup struct {
	System, Workload string
	Runs             int
	WarmupMedianS    float64
	CVMedian, CVMax  float64
	Stalls           int
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
	Little   string   // "" when fine
	Notes    []string
}

// A RunRef traces one run to its source. A run merged from several
// clients is one RunRef naming every client's file and command.
type RunRef struct {
	Ref      string // source:line, "a.c1.txt:2 + a.c2.txt:2" for a merged run
	System   string
	Workload string
	Threads  string
	Tool     string   // "sysbench 1.0.20"
	Command  string   // passwords masked; the first client's for a merged run
	Commands []string // every client's command (one for an ordinary run)
}

// runKey identifies a run across parse and analyze.
type runKey struct {
	source string
	line   int
}

// newView arranges doc and an for reading.
func newView(doc *parse.Document, an *analyze.Analysis, opts Options) *View {
	v := &View{Title: opts.Title, Command: opts.Command, Runs: len(doc.Runs)}
	if an.Dataset != nil {
		v.Runs = an.Dataset.RunCount()
	}
	if v.Title == "" {
		v.Title = "Benchmark report"
	}
	ds := an.Dataset
	cmp := an.Comparison
	v.Metric = string(an.Metric)
	if cmp != nil {
		v.Base, v.Center, v.Confidence, v.Alpha = cmp.Base, cmp.Center.Describe(), cmp.Confidence, cmp.Alpha
		v.Dual = math.Abs(cmp.Alpha-(1-cmp.Confidence)) <= 1e-9
		v.Unit = unitOf(cmp.Metric)
	}
	if ds != nil {
		v.By = ds.By
		v.Systems = baseFirst(ds.Systems, v.Base)
	}
	th := an.Options.Thresholds
	if th == (analyze.Thresholds{}) {
		th = analyze.DefaultThresholds
	}
	v.SpreadAlpha, v.MinSpread, v.MaxSpread = th.SpreadAlpha, th.MinSpread, th.MaxSpread
	v.Setup = newSetup(doc, an, v.Systems)
	v.Workloads = newWorkloads(an, v.Systems)
	v.Stability = newStability(an)
	v.Summary = summarize(v)
	v.Warnings = append(v.Warnings, an.Warnings.Strings()...)
	if cmp != nil {
		// Every line compare prints for the same input.
		v.Warnings = append(v.Warnings, cmp.WarningLines()...)
	}
	if ds != nil {
		v.Warnings = append(v.Warnings, ds.Warnings.Strings()...)
	}
	for _, r := range doc.Runs {
		for _, w := range r.Warnings {
			v.Warnings = append(v.Warnings, ref(r.Source, r.Line)+": "+w)
		}
	}
	v.Warnings = dedupe(v.Warnings)
	for _, e := range doc.Errors {
		v.Errors = append(v.Errors, e.Error())
	}
	v.Appendix, v.Tools = appendix(doc, an)
	return v
}

func unitOf(m analyze.Metric) string {
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

func ref(source string, line int) string {
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

// systemOfLabels names the system a capture belongs to, from its labels.
func systemOfLabels(labels map[string]string, by string) string {
	if by == "" {
		return "all"
	}
	if v, ok := labels[by]; ok {
		return v
	}
	return ""
}

// captureSystems returns the systems a capture belongs to, as analyze
// assigns them (Dataset.CaptureSystems); a capture of every system is
// "all", one of none is "all" too.
func captureSystems(ds *analyze.Dataset, id string, labels map[string]string, source string) []string {
	if ds == nil {
		return []string{"all"}
	}
	ss := ds.CaptureSystems(id, labels, source)
	if len(ss) == 0 || len(ss) > 1 && len(ss) == len(ds.Systems) {
		return []string{"all"}
	}
	return ss
}

func newSetup(doc *parse.Document, an *analyze.Analysis, systems []string) Setup {
	var s Setup
	// Hardware: one column per system with a host capture; a single host
	// shared by everything gets one column "all".
	hosts := map[string]*parse.Host{}
	var order []string
	for _, h := range doc.Hosts {
		sys := captureSystems(an.Dataset, parse.CaptureID(h.Source, h.Line), h.Labels, h.Source)[0]
		if prev, ok := hosts[sys]; ok {
			hosts[sys] = mergeHost(prev, h)
			continue
		}
		hosts[sys] = h
		order = append(order, sys)
	}
	order = orderLike(order, systems)
	s.HostSystems = order
	if len(order) > 0 {
		cols := make([]*parse.Host, len(order))
		for i, sys := range order {
			cols[i] = hosts[sys]
		}
		s.Hosts = hostRows(cols)
	}

	// Server versions and differing variables.
	vars, vorder := variablesBySystem(doc, an.Dataset, systems)
	for _, name := range serverVariables {
		row := KVRow{Name: name}
		any := false
		for _, sys := range vorder {
			val := vars[sys][name]
			any = any || val != ""
			row.Values = append(row.Values, withSize(name, val))
		}
		if any {
			s.Servers = append(s.Servers, row)
		}
	}
	if cd := an.Config; cd != nil {
		s.VarSystems = baseFirstOf(cd.Systems, systems)
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
	}
	if len(s.Servers) > 0 && len(s.VarSystems) == 0 {
		s.VarSystems = vorder
	}
	if len(s.Servers) > 0 && !equalStrings(s.VarSystems, vorder) {
		// Server rows follow the variable columns.
		idx := map[string]int{}
		for i, sys := range vorder {
			idx[sys] = i
		}
		for i := range s.Servers {
			vals := make([]string, len(s.VarSystems))
			for j, sys := range s.VarSystems {
				if k, ok := idx[sys]; ok {
					vals[j] = s.Servers[i].Values[k]
				}
			}
			s.Servers[i].Values = vals
		}
	}

	// Table sizes per system and engine.
	type tkey struct{ sys, engine string }
	sums := map[tkey]*TableRow{}
	var tkeys []tkey
	for _, t := range doc.Tables {
		sys := captureSystems(an.Dataset, parse.CaptureID(t.Source, t.Line), t.Labels, t.Source)[0]
		k := tkey{sys, t.Engine}
		row := sums[k]
		if row == nil {
			row = &TableRow{System: sys, Engine: t.Engine}
			sums[k] = row
			tkeys = append(tkeys, k)
		}
		row.Tables++
		row.Rows = addPtr(row.Rows, t.Rows)
		row.DataBytes = addPtr(row.DataBytes, t.DataLength)
		row.IndexBytes = addPtr(row.IndexBytes, t.IndexLength)
	}
	rank := map[string]int{}
	for i, sys := range systems {
		rank[sys] = i + 1
	}
	sort.SliceStable(tkeys, func(i, j int) bool {
		ri, rj := rank[tkeys[i].sys], rank[tkeys[j].sys]
		if ri != rj {
			return ri != 0 && (rj == 0 || ri < rj)
		}
		if tkeys[i].sys != tkeys[j].sys {
			return tkeys[i].sys < tkeys[j].sys
		}
		return tkeys[i].engine < tkeys[j].engine
	})
	for _, k := range tkeys {
		row := sums[k]
		if row.Rows != nil && *row.Rows > 0 && row.DataBytes != nil {
			total := float64(*row.DataBytes)
			if row.IndexBytes != nil {
				total += float64(*row.IndexBytes)
			}
			bpr := total / float64(*row.Rows)
			row.BytesPerRow = &bpr
		}
		s.Tables = append(s.Tables, *row)
	}
	return s
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

// orderLike sorts names in the order of ref, unknown names last in their
// own order.
func orderLike(names, ref []string) []string {
	rank := map[string]int{}
	for i, s := range ref {
		rank[s] = i + 1
	}
	out := append([]string(nil), names...)
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank[out[i]], rank[out[j]]
		return ri != 0 && (rj == 0 || ri < rj)
	})
	return out
}

func baseFirstOf(names, systems []string) []string { return orderLike(names, systems) }

func addPtr(sum, v *int64) *int64 {
	if v == nil {
		return sum
	}
	if sum == nil {
		x := *v
		return &x
	}
	x := *sum + *v
	return &x
}

// mergeHost fills the empty fields of a with those of b (lscpu, lsblk and
// free are separate captures of one machine).
func mergeHost(a, b *parse.Host) *parse.Host {
	m := *a
	if m.CPUModel == "" {
		m.CPUModel = b.CPUModel
	}
	if m.Architecture == "" {
		m.Architecture = b.Architecture
	}
	if m.Vendor == "" {
		m.Vendor = b.Vendor
	}
	if m.CPUs == nil {
		m.CPUs = b.CPUs
	}
	if m.Sockets == nil {
		m.Sockets = b.Sockets
	}
	if m.CoresPerSocket == nil {
		m.CoresPerSocket = b.CoresPerSocket
	}
	if m.ThreadsPerCore == nil {
		m.ThreadsPerCore = b.ThreadsPerCore
	}
	if m.NUMANodes == nil {
		m.NUMANodes = b.NUMANodes
	}
	if m.MaxMHz == nil {
		m.MaxMHz = b.MaxMHz
	}
	if m.MHz == nil {
		m.MHz = b.MHz
	}
	if m.Hypervisor == "" {
		m.Hypervisor = b.Hypervisor
	}
	if len(m.Caches) == 0 {
		m.Caches = b.Caches
	}
	if m.MemTotalBytes == nil {
		m.MemTotalBytes = b.MemTotalBytes
	}
	if m.SwapTotalBytes == nil {
		m.SwapTotalBytes = b.SwapTotalBytes
	}
	if len(m.Disks) == 0 {
		m.Disks = b.Disks
	}
	return &m
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
		{"logical CPUs", func(h *parse.Host) string { return intStr(h.CPUs) }, func(h *parse.Host) *float64 { return intNum(h.CPUs) }, ""},
		{"sockets × cores × threads", func(h *parse.Host) string {
			if h.Sockets == nil && h.CoresPerSocket == nil && h.ThreadsPerCore == nil {
				return ""
			}
			return intStrOr(h.Sockets, "?") + " × " + intStrOr(h.CoresPerSocket, "?") + " × " + intStrOr(h.ThreadsPerCore, "?")
		}, nil, ""},
		{"NUMA nodes", func(h *parse.Host) string { return intStr(h.NUMANodes) }, func(h *parse.Host) *float64 { return intNum(h.NUMANodes) }, ""},
		{"max MHz", func(h *parse.Host) string { return floatStr(h.MaxMHz) }, func(h *parse.Host) *float64 { return h.MaxMHz }, "MHz"},
		{"hypervisor", func(h *parse.Host) string { return h.Hypervisor }, nil, ""},
		{"caches", func(h *parse.Host) string {
			var parts []string
			for _, k := range sortedKeys(h.Caches) {
				parts = append(parts, k+" "+h.Caches[k])
			}
			return strings.Join(parts, ", ")
		}, nil, ""},
		{"memory", func(h *parse.Host) string { return bytesPtr(h.MemTotalBytes) }, func(h *parse.Host) *float64 { return int64Num(h.MemTotalBytes) }, "bytes"},
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

// newWorkloads builds one WorkloadView per workload in dataset order.
func newWorkloads(an *analyze.Analysis, systems []string) []*WorkloadView {
	ds := an.Dataset
	if ds == nil {
		return nil
	}
	center := analyze.GeoMean
	conf := 0.95
	if an.Comparison != nil {
		center, conf = an.Comparison.Center, an.Comparison.Confidence
	}
	byName := map[string]*WorkloadView{}
	var out []*WorkloadView
	for _, w := range ds.Workloads {
		wv := &WorkloadView{Name: w}
		byName[w] = wv
		out = append(out, wv)
	}
	sysRank := map[string]int{}
	for i, s := range systems {
		sysRank[s] = i
	}
	// Percentile ranks printed in each workload.
	pcts := map[string]map[string]bool{}
	for _, c := range ds.Cells {
		for _, r := range c.Runs {
			if pcts[c.Workload] == nil {
				pcts[c.Workload] = map[string]bool{}
			}
			for k := range r.Latency.Percentiles {
				pcts[c.Workload][k] = true
			}
		}
	}
	for w, set := range pcts {
		if wv := byName[w]; wv != nil {
			wv.Percentiles = sortRanks(sortedKeys(set))
		}
	}
	addCounters(an.Counters, byName, sysRank)
	rows := map[analyze.Key]*analyze.Row{}
	if an.Comparison != nil {
		for i := range an.Comparison.Rows {
			r := &an.Comparison.Rows[i]
			k := analyze.Key{System: r.System, Workload: r.Workload}
			if r.Threads != nil {
				k.Threads = *r.Threads
			}
			rows[k] = r
		}
	}
	threads := map[string]map[int]bool{}
	for _, c := range ds.Cells {
		wv := byName[c.Workload]
		if wv == nil {
			continue
		}
		if threads[c.Workload] == nil {
			threads[c.Workload] = map[int]bool{}
		}
		threads[c.Workload][c.Threads] = true
		rr := ResultRow{System: c.System, Threads: c.Threads, N: len(c.Runs)}
		rr.TPS = centerOf(c.Runs, analyze.TPS, center, conf)
		rr.QPS = centerOf(c.Runs, analyze.QPS, center, conf)
		rr.LatAvg = centerOf(c.Runs, analyze.LatencyAvgMs, center, conf)
		for _, p := range wv.Percentiles {
			rr.Percentiles = append(rr.Percentiles, centerOf(c.Runs, analyze.LatencyPercentile(p), center, conf))
		}
		if row := rows[c.Key]; row != nil {
			rr.Center, rr.Lo, rr.Hi, rr.Within, rr.N = row.Center, row.Lo, row.Hi, row.Within, row.N
			if row.SpreadWarning && row.Spread != nil {
				rr.Note = fmt.Sprintf("repeats differ %.2f×", *row.Spread)
			}
			if !row.Base {
				base := rows[analyze.Key{System: an.Comparison.Base, Workload: c.Workload, Threads: c.Threads}]
				rt := RatioRow{System: c.System, Threads: c.Threads, N: row.N, Ratio: row.Ratio,
					Lo: row.RatioLo, Hi: row.RatioHi, P: row.PValue, Test: row.Test,
					Significant: row.Significant, Better: row.Better, Verdict: string(row.Verdict),
					WithinLo: row.WithinRatioLo, WithinHi: row.WithinRatioHi}
				if base != nil {
					rt.BaseN = base.N
				}
				wv.Ratios = append(wv.Ratios, rt)
			}
		}
		wv.Results = append(wv.Results, rr)
	}
	for w, set := range threads {
		wv := byName[w]
		for t := range set {
			wv.Threads = append(wv.Threads, t)
		}
		sort.Ints(wv.Threads)
	}
	for _, wv := range out {
		sort.SliceStable(wv.Results, func(i, j int) bool {
			a, b := wv.Results[i], wv.Results[j]
			if a.Threads != b.Threads {
				return a.Threads < b.Threads
			}
			return sysRank[a.System] < sysRank[b.System]
		})
		sort.SliceStable(wv.Ratios, func(i, j int) bool {
			a, b := wv.Ratios[i], wv.Ratios[j]
			if a.Threads != b.Threads {
				return a.Threads < b.Threads
			}
			return sysRank[a.System] < sysRank[b.System]
		})
	}
	if an.Scaling != nil {
		for _, c := range an.Scaling.Curves {
			wv := byName[c.Workload]
			if wv == nil {
				continue
			}
			if c.Lambda != nil || len(c.Points) >= 3 {
				wv.Scaling = append(wv.Scaling, ScalingRow{System: c.System,
					Lambda: c.Lambda, Sigma: c.Sigma, Kappa: c.Kappa,
					LambdaLo: c.LambdaLo, LambdaHi: c.LambdaHi, SigmaLo: c.SigmaLo, SigmaHi: c.SigmaHi,
					KappaLo: c.KappaLo, KappaHi: c.KappaHi, R2: c.R2,
					PeakThreads: c.PeakThreads, PeakThroughput: c.PeakThroughput, Ceiling: c.Ceiling,
					PeakExtrapolated: c.PeakExtrapolated, MaxMeasured: c.MaxMeasured, CPUs: c.CPUs,
					Warnings: c.Warnings.Strings()})
			}
			if len(c.Points) < 2 {
				continue
			}
			for _, p := range c.Points {
				pr := PointRow{System: c.System, Threads: p.Threads, N: p.N, Throughput: p.Throughput.Center,
					P95: p.P95Ms, Efficiency: p.Efficiency, Fitted: p.Fitted}
				if p.Throughput.Finite() && p.Throughput.N > 1 {
					lo, hi := p.Throughput.Lo, p.Throughput.Hi
					pr.Lo, pr.Hi = &lo, &hi
				}
				wv.Points = append(wv.Points, pr)
			}
		}
		for _, wv := range out {
			sort.SliceStable(wv.Scaling, func(i, j int) bool { return sysRank[wv.Scaling[i].System] < sysRank[wv.Scaling[j].System] })
			sort.SliceStable(wv.Points, func(i, j int) bool {
				a, b := wv.Points[i], wv.Points[j]
				if a.Threads != b.Threads {
					return a.Threads < b.Threads
				}
				return sysRank[a.System] < sysRank[b.System]
			})
		}
	}
	return out
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

// centerOf summarises a metric over repeats with analyze's summary of the
// chosen centre; nil when no run has the metric.
func centerOf(runs []*parse.Run, m analyze.Metric, c analyze.Center, conf float64) *float64 {
	var xs []float64
	for _, r := range runs {
		if v, ok := m.Value(r); ok && finite(v) {
			xs = append(xs, v)
		}
	}
	if len(xs) == 0 {
		return nil
	}
	s := analyze.Summarize(xs, c, conf)
	if !finite(s.Center) {
		return nil
	}
	return &s.Center
}

func newStability(an *analyze.Analysis) StabilityView {
	th := an.Options.Thresholds
	if th == (analyze.Thresholds{}) {
		th = analyze.DefaultThresholds
	}
	sv := StabilityView{CVWarn: th.CVWarn, MinIntervals: th.MinIntervals}
	ds := an.Dataset
	if ds == nil {
		return sv
	}
	cellOf := map[runKey]*analyze.Cell{}
	refOf := map[runKey]string{} // a merged run names all its clients
	for _, c := range ds.Cells {
		for i, r := range c.Runs {
			cellOf[runKey{r.Source, r.Line}] = c
			refOf[runKey{r.Source, r.Line}] = c.Ref(i)
		}
	}
	type gkey struct{ sys, w string }
	groups := map[gkey][]*analyze.Stability{}
	var gorder []gkey
	for _, st := range an.Stability {
		if st == nil || st.Total == 0 {
			continue
		}
		sv.Analysed++
		if st.Short {
			sv.Short++
		}
		c := cellOf[runKey{st.Source, st.Line}]
		k := gkey{"?", "?"}
		threads := 0
		if c != nil {
			k = gkey{c.System, c.Workload}
			threads = c.Threads
		}
		if groups[k] == nil {
			gorder = append(gorder, k)
		}
		groups[k] = append(groups[k], st)
		sr := StabilityRun{Ref: ref(st.Source, st.Line), System: k.sys, Workload: k.w, Threads: threads,
			WarmupS: st.WarmupS, CV: st.CV}
		if r, ok := refOf[runKey{st.Source, st.Line}]; ok {
			sr.Ref = r
		}
		for _, s := range st.Stalls {
			if s.StartS == s.EndS {
				sr.Stalls = append(sr.Stalls, FormatNum(s.StartS)+" s")
			} else {
				sr.Stalls = append(sr.Stalls, FormatNum(s.StartS)+"–"+FormatNum(s.EndS)+" s")
			}
		}
		if l := st.Little; l != nil && !l.OK {
			sr.Little = fmt.Sprintf("X·R = %s vs %s threads", FormatNum(l.Implied), FormatNum(l.Threads))
		}
		for _, w := range st.Warnings {
			if !errors.Is(w, analyze.ErrShortSeries) { // counted once for all runs instead
				sr.Notes = append(sr.Notes, w.Error())
			}
		}
		if len(sr.Stalls) > 0 || st.CV > sv.CVWarn || sr.Little != "" || len(sr.Notes) > 0 {
			sv.Notable = append(sv.Notable, sr)
		}
	}
	for _, k := range gorder {
		sts := groups[k]
		g := StabilityGroup{System: k.sys, Workload: k.w, Runs: len(sts)}
		var warm, cvs []float64
		for _, st := range sts {
			warm = append(warm, st.WarmupS)
			cvs = append(cvs, st.CV)
			g.CVMax = math.Max(g.CVMax, st.CV)
			g.Stalls += len(st.Stalls)
		}
		g.WarmupMedianS = analyze.SummarizeMedian(warm, 0.95).Center
		g.CVMedian = analyze.SummarizeMedian(cvs, 0.95).Center
		sv.Groups = append(sv.Groups, g)
	}
	return sv
}

// appendix lists the analysed runs in input order, a run merged from
// several clients once, where its first client appears.
func appendix(doc *parse.Document, an *analyze.Analysis) ([]RunRef, []string) {
	type place struct {
		cell *analyze.Cell
		i    int
	}
	merged := map[*parse.Run]place{} // client run → its merged run
	if an.Dataset != nil {
		for _, c := range an.Dataset.Cells {
			for i := range c.Runs {
				if parts := c.Parts(i); len(parts) > 1 {
					for _, r := range parts {
						merged[r] = place{c, i}
					}
				}
			}
		}
	}
	var refs []RunRef
	tools := map[string]bool{}
	done := map[place]bool{}
	for _, r := range doc.Runs {
		tool := r.Tool
		if r.Version != "" {
			tool += " " + r.Version
		}
		tools[tool] = true
		k := keyOf(an.Dataset, r)
		rr := RunRef{Ref: ref(r.Source, r.Line), System: k.System,
			Workload: k.Workload, Tool: tool, Command: r.Command}
		if r.Command != "" {
			rr.Commands = []string{r.Command}
		}
		if r.Threads != nil {
			rr.Threads = strconv.Itoa(*r.Threads)
		}
		if pl, ok := merged[r]; ok {
			if done[pl] {
				continue
			}
			done[pl] = true
			m := pl.cell.Runs[pl.i]
			rr.Ref, rr.System, rr.Workload = pl.cell.Ref(pl.i), pl.cell.System, pl.cell.Workload
			rr.Threads = ""
			if m.Threads != nil {
				rr.Threads = strconv.Itoa(*m.Threads)
			}
			rr.Commands = nil
			for _, p := range pl.cell.Parts(pl.i) {
				if p.Command != "" {
					rr.Commands = append(rr.Commands, p.Command)
				}
			}
		}
		refs = append(refs, rr)
	}
	return refs, sortedKeys(tools)
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

// variablesBySystem gathers the SHOW VARIABLES captures by the system they
// belong to ("all" when none), names lower-cased, and returns the systems
// in the order of systems.
func variablesBySystem(doc *parse.Document, ds *analyze.Dataset, systems []string) (map[string]map[string]string, []string) {
	vars := map[string]map[string]string{}
	var order []string
	for _, vs := range doc.Variables {
		if vs.Kind != "" && vs.Kind != "variables" {
			continue
		}
		for _, sys := range captureSystems(ds, parse.CaptureID(vs.Source, vs.Line), vs.Labels, vs.Source) {
			if vars[sys] == nil {
				vars[sys] = map[string]string{}
				order = append(order, sys)
			}
			for k, val := range vs.Values {
				vars[sys][strings.ToLower(k)] = val
			}
		}
	}
	return vars, orderLike(order, systems)
}

// addCounters fills each workload's table of server counters per
// transaction: one column per system, one row per counter that moved.
func addCounters(rows []analyze.CounterRow, byName map[string]*WorkloadView, sysRank map[string]int) {
	per := map[string][]analyze.CounterRow{}
	for _, r := range rows {
		per[r.Workload] = append(per[r.Workload], r)
	}
	for w, rs := range per {
		wv := byName[w]
		if wv == nil {
			continue
		}
		sort.SliceStable(rs, func(i, j int) bool { return sysRank[rs[i].System] < sysRank[rs[j].System] })
		for _, r := range rs {
			wv.CounterSystems = append(wv.CounterSystems, r.System)
			wv.CounterRuns = append(wv.CounterRuns, r.Runs)
		}
		for _, name := range analyze.ServerCounters {
			row := KVNumRow{Name: name}
			moved := false
			for _, r := range rs {
				v, ok := r.PerTx[name]
				if !ok {
					row.Values = append(row.Values, nil)
					continue
				}
				moved = moved || v != 0
				row.Values = append(row.Values, &v)
			}
			if moved {
				wv.Counters = append(wv.Counters, row)
			}
		}
	}
}

// keyOf returns the cell of a run: its system, its workload with the
// variant that tells it from other experiments, and its threads.
func keyOf(ds *analyze.Dataset, r *parse.Run) analyze.Key {
	if ds == nil {
		return analyze.Key{System: analyze.SystemOf(r, ""), Workload: analyze.WorkloadOf(r)}
	}
	return ds.KeyOf(r)
}
