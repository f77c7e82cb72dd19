package analyze

import (
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sbreport/sbreport/parse"
)

// GroupOptions controls how runs are grouped.
type GroupOptions struct {
	// By is the label key that names the system ("engine", "version").
	// Besides labels it may be "version" (the sysbench banner), "source"
	// (the input name) or "tool". Empty: chosen by ChooseBy.
	By string
	// ClientGroup is the label key marking runs that drove one system at
	// the same time from several sysbench processes; runs sharing a value
	// are merged into one (MergeClients). Empty means "client_group".
	// Runs with a "client" label and no group label (one input directory
	// per client: results/client=1/..., results/client=2/...) are merged
	// when all their other labels, their test, their threads and their
	// file name (client=1/run2.log goes with client=2/run2.log) agree.
	ClientGroup string
	// Variables are the SHOW VARIABLES captures the runs may name in
	// Run.Captures: runs of one system whose captures disagree on a
	// variable are different experiments (variantsOf).
	Variables []*parse.Variables
}

// ReadsHistogram reports whether the analysis reads r's latency
// histogram: only to merge it with the other clients of one run (Group,
// with opts' ClientGroup), for the merged run's percentiles. A command
// that draws no histogram may let the others go as the runs are read:
// they are most of what a run holds (some 85 buckets).
func ReadsHistogram(r *parse.Run, opts GroupOptions) bool {
	cg := opts.ClientGroup
	if cg == "" {
		cg = "client_group"
	}
	return r.Labels[cg] != "" || implicitClientGroup(r) != ""
}

// implicitClientGroup returns the group of a run that names its client but
// no group: its labels other than client, test, threads and file name.
func implicitClientGroup(r *parse.Run) string {
	if r.Labels["client"] == "" {
		return ""
	}
	keys := make([]string, 0, len(r.Labels))
	for k := range r.Labels {
		if k != "client" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("clients of " + r.Test + "/" + strconv.Itoa(threadsOf(r)) + "/" + path.Base(strings.ReplaceAll(r.Source, "\\", "/")))
	for _, k := range keys {
		b.WriteString("\x00" + k + "=" + r.Labels[k])
	}
	return b.String()
}

// A Key identifies a cell: the runs in one cell are repeats.
type Key struct {
	System   string `json:"system"`
	Workload string `json:"workload"`
	// Threads is the configured thread count (summed over the clients of
	// a merged run); 0 when unknown.
	Threads int `json:"threads"`
}

// A Cell holds the repeats of one system × workload × threads.
type Cell struct {
	Key
	Runs []*parse.Run `json:"-"`
	// Merged counts, for each run of Runs, how many client runs it was
	// merged from (1 for an ordinary run).
	Merged []int `json:"merged"`
	// Clients holds, for each run of Runs, the client runs it was merged
	// from (nil for an ordinary run); see Parts.
	Clients [][]*parse.Run `json:"-"`
	// PercentileUpperBound is set when a merged run's percentiles are the
	// maximum of its clients' (no histograms to merge): an upper bound.
	PercentileUpperBound bool     `json:"percentile_upper_bound"`
	Warnings             Warnings `json:"warnings"`
}

// A Dataset is the grouped runs of an analysis.
type Dataset struct {
	keys   map[*parse.Run]Key // every run's cell, merged clients included
	capIdx *captureIndex      // built on first use (CaptureSystems), once
	capOne sync.Once

	// By is the key that named the systems ("" when every run belongs to
	// one system, which is then called "all").
	By        string   `json:"by"`
	Systems   []string `json:"systems"`   // in order of first appearance
	Workloads []string `json:"workloads"` // in order of first appearance
	// Cells are ordered by workload, then threads, then system (each in
	// the orders above).
	Cells    []*Cell  `json:"cells"`
	Warnings Warnings `json:"warnings"`
}

// ByAutoKeys lists the label keys tried first, in order, when choosing
// the system key automatically.
var ByAutoKeys = []string{"system", "engine", "version", "build", "config", "host", "server"}

// nonSystemKeys are labels that vary within one system's campaign and
// never name it.
var nonSystemKeys = map[string]bool{
	"workload": true, "test": true, "threads": true, "run": true, "repeat": true,
	"rep": true, "iteration": true, "client": true, "client_group": true, "time": true,
	"date": true, "seed": true, "tables": true, "table_size": true, "db_driver": true,
	"concurrency": true, "number_of_queries": true, "phase": true, "checkpoint": true,
	"status": true, "table": true, "heading": true, "clients": true, "input": true,
	"file": true, "schema": true, "script": true, "loop_run": true,
}

// ChooseBy returns the key that names systems when none is given: the
// first of ByAutoKeys whose label takes two or more values among the runs,
// else another label (not a workload, thread or repeat label) that does,
// the one with the fewest values, ties broken by name; else "version"
// when banners differ; else "" (one system).
func ChooseBy(runs []*parse.Run) string {
	// A label the clients of one run disagree on (the endpoint or host
	// each drove) varies within a system: it never names one.
	inGroup := map[string]bool{}
	first := map[string]*parse.Run{}
	for _, r := range runs {
		g := r.Labels["client_group"]
		if g == "" {
			continue
		}
		f, ok := first[g]
		if !ok {
			first[g] = r
			continue
		}
		for k, v := range r.Labels {
			if f.Labels[k] != v {
				inGroup[k] = true
			}
		}
		for k := range f.Labels {
			if _, ok := r.Labels[k]; !ok {
				inGroup[k] = true
			}
		}
	}
	values := map[string]map[string]bool{}
	for _, r := range runs {
		for k, v := range r.Labels {
			if nonSystemKeys[k] || inGroup[k] {
				continue
			}
			if values[k] == nil {
				values[k] = map[string]bool{}
			}
			values[k][v] = true
		}
	}
	// A key that some runs lack still names systems: the others are "?".
	distinct := func(k string) int {
		n := len(values[k])
		for _, r := range runs {
			if _, ok := r.Labels[k]; !ok {
				return n + 1
			}
		}
		return n
	}
	for _, k := range ByAutoKeys {
		if values[k] != nil && distinct(k) >= 2 {
			return withInputs(runs, k)
		}
	}
	var keys []string
	for k := range values {
		if distinct(k) >= 2 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		di, dj := distinct(keys[i]), distinct(keys[j])
		if di != dj {
			return di < dj
		}
		return keys[i] < keys[j]
	})
	if len(keys) > 0 {
		return withInputs(runs, keys[0])
	}
	versions := map[string]bool{}
	for _, r := range runs {
		if r.Version != "" {
			versions[r.Version] = true
		}
	}
	if len(versions) >= 2 {
		return "version"
	}
	// Runs of different inputs, nothing else labelling them (see
	// collect.InputLabel), that would share a cell: the inputs are what
	// is compared. Inputs that only add thread counts to each other (a
	// sweep kept a file a thread count) are one system.
	inputs := map[Key]string{}
	for _, r := range runs {
		in, ok := r.Labels["input"]
		if !ok {
			continue
		}
		k := Key{Workload: WorkloadOf(r), Threads: threadsOf(r)}
		if prev, ok := inputs[k]; ok && prev != in {
			return "input"
		}
		inputs[k] = in
	}
	return ""
}

// withInputs returns by, or by and "input" when the runs that lack the
// label by were read from different inputs and would share a cell: a few
// runs naming their engine must not pool all the others, kept one
// configuration a directory, as repeats of one system "?".
func withInputs(runs []*parse.Run, by string) string {
	inputs := map[Key]string{}
	for _, r := range runs {
		if _, ok := r.Labels[by]; ok {
			continue
		}
		in, ok := r.Labels["input"]
		if !ok {
			continue
		}
		k := Key{Workload: WorkloadOf(r), Threads: threadsOf(r)}
		if prev, ok := inputs[k]; ok && prev != in {
			return by + ",input"
		}
		inputs[k] = in
	}
	return by
}

// SystemOf returns the run's system under key by ("all" when by is "",
// "?" when the run lacks the key). by may name several keys separated by
// commas ("engine,clients"): the system is then their values joined by
// "/" ("innodb/8").
func SystemOf(r *parse.Run, by string) string {
	if by == "" {
		return "all"
	}
	if strings.Contains(by, ",") {
		var parts []string
		for _, k := range strings.Split(by, ",") {
			if k = strings.TrimSpace(k); k != "" {
				parts = append(parts, SystemOf(r, k))
			}
		}
		return strings.Join(parts, "/")
	}
	if v, ok := r.Labels[by]; ok && v != "" {
		return v
	}
	switch by {
	case "version":
		if r.Version != "" {
			return r.Version
		}
	case "source":
		return r.Source
	case "tool":
		return r.Tool
	}
	return "?"
}

// WorkloadOf returns the run's workload: the "workload" label, else the
// test, else the mysqlslap load type, else "?".
func WorkloadOf(r *parse.Run) string {
	if v := r.Labels["workload"]; v != "" {
		return v
	}
	if r.Test != "" {
		return r.Test
	}
	if r.Mysqlslap != nil && r.Mysqlslap.LoadType != "" {
		return r.Mysqlslap.LoadType
	}
	if r.Tool == parse.ToolMysqlslap {
		// The generated load's type names the workload; a run of the
		// user's own --query is "mysqlslap".
		if lt := r.Settings["auto-generate-sql-load-type"]; lt != "" {
			return lt
		}
		if r.Settings["auto-generate-sql"] == "on" {
			return "mixed"
		}
		return "mysqlslap"
	}
	return "?"
}

// threadsOf returns the configured threads (mysqlslap: clients), 0 when
// unknown.
func threadsOf(r *parse.Run) int {
	if r.Threads != nil {
		return *r.Threads
	}
	if r.Mysqlslap != nil && r.Mysqlslap.Clients != nil {
		return *r.Mysqlslap.Clients
	}
	return 0
}

// Group merges multi-client runs, then sorts the runs into cells.
func Group(runs []*parse.Run, opts GroupOptions) *Dataset {
	runs = measured(runs)
	d := &Dataset{By: opts.By}
	if d.By == "" {
		d.By = ChooseBy(runs)
	}
	cg := opts.ClientGroup
	if cg == "" {
		cg = "client_group"
	}
	// Merge the clients of a group: same system, workload and group value.
	type gkey struct{ system, workload, group string }
	type unit struct {
		run   *parse.Run
		n     int
		upper bool
		warn  Warnings
		parts []*parse.Run
	}
	var units []*unit
	groups := map[gkey]*unit{}
	members := map[*unit][]*parse.Run{}
	for _, r := range runs {
		g := r.Labels[cg]
		if g == "" {
			g = implicitClientGroup(r)
		}
		if g != "" {
			k := gkey{SystemOf(r, d.By), WorkloadOf(r), g}
			u := groups[k]
			if u == nil {
				u = &unit{}
				groups[k] = u
				units = append(units, u)
			}
			members[u] = append(members[u], r)
			continue
		}
		units = append(units, &unit{run: r, n: 1})
	}
	for u, rs := range members {
		u.n = len(rs)
		u.run, u.upper, u.warn = MergeClients(rs)
		if len(rs) > 1 {
			u.parts = rs
		}
	}

	cells := map[Key]*Cell{}
	sysIdx, wlIdx := map[string]int{}, map[string]int{}
	unitRuns := make([]*parse.Run, len(units))
	for i, u := range units {
		unitRuns[i] = u.run
	}
	variants, sysVariants, splitLabels, vw := variantsOf(unitRuns, d.By, opts.Variables)
	if opts.By == "" && len(splitLabels) > 0 {
		// Labels that tell runs of one system apart are part of the
		// configuration compared: the system key takes them
		// ("innodb/cpu/4" by system, bound and clients).
		if keys := configurationKeys(unitRuns, d.By, splitLabels); len(keys) > 0 {
			if d.By != "" {
				keys = append([]string{d.By}, keys...)
			}
			d.By = strings.Join(keys, ",")
			variants, sysVariants, _, vw = variantsOf(unitRuns, d.By, opts.Variables)
		}
	}
	d.Warnings = append(d.Warnings, vw...)
	d.keys = map[*parse.Run]Key{}
	for i, u := range units {
		k := Key{System: SystemOf(u.run, d.By), Workload: WorkloadOf(u.run), Threads: threadsOf(u.run)}
		if v := variants[i]; v != "" {
			k.Workload += " (" + v + ")"
		}
		if v := sysVariants[i]; v != "" {
			if d.By == "" {
				k.System = v
			} else {
				k.System += " (" + v + ")"
			}
		}
		d.keys[u.run] = k
		for _, m := range members[u] {
			d.keys[m] = k
		}
		if _, ok := sysIdx[k.System]; !ok {
			sysIdx[k.System] = len(d.Systems)
			d.Systems = append(d.Systems, k.System)
		}
		if _, ok := wlIdx[k.Workload]; !ok {
			wlIdx[k.Workload] = len(d.Workloads)
			d.Workloads = append(d.Workloads, k.Workload)
		}
		c := cells[k]
		if c == nil {
			c = &Cell{Key: k}
			cells[k] = c
			d.Cells = append(d.Cells, c)
		}
		c.Runs = append(c.Runs, u.run)
		c.Merged = append(c.Merged, u.n)
		c.Clients = append(c.Clients, u.parts)
		c.PercentileUpperBound = c.PercentileUpperBound || u.upper
		c.Warnings = append(c.Warnings, u.warn...)
	}
	sort.SliceStable(d.Cells, func(i, j int) bool {
		a, b := d.Cells[i].Key, d.Cells[j].Key
		if a.Workload != b.Workload {
			return wlIdx[a.Workload] < wlIdx[b.Workload]
		}
		if a.Threads != b.Threads {
			return a.Threads < b.Threads
		}
		return sysIdx[a.System] < sysIdx[b.System]
	})
	if _, ok := sysIdx["?"]; ok && d.By != "" {
		d.Warnings.addf("some runs have no %q: they are grouped as system \"?\"", d.By)
	}
	return d
}

// KeyOf returns the cell of a run of the dataset (a client run of a
// merged run included). A run the dataset does not hold gets the key its
// labels give, without a variant.
func (d *Dataset) KeyOf(r *parse.Run) Key {
	if k, ok := d.keys[r]; ok {
		return k
	}
	return Key{System: SystemOf(r, d.By), Workload: WorkloadOf(r), Threads: threadsOf(r)}
}

// Cell returns the cell with key k, or nil.
func (d *Dataset) Cell(k Key) *Cell {
	for _, c := range d.Cells {
		if c.Key == k {
			return c
		}
	}
	return nil
}

// MergeClients merges runs made at the same time by several sysbench
// processes against one system into one run: throughputs and counts are
// summed, the average latency is the sum of the latency sums over the sum
// of events, min and max are the extremes, and percentiles come from the
// merged histograms when every client printed one; otherwise they are the
// maximum of the clients' percentiles and upperBound is true. Interim
// intervals are summed where every client reported the same time.
func MergeClients(runs []*parse.Run) (merged *parse.Run, upperBound bool, warn Warnings) {
	if len(runs) == 0 {
		panic("analyze: MergeClients of no runs")
	}
	first := runs[0]
	m := &parse.Run{
		Source: first.Source, Line: first.Line, EndLine: first.EndLine, Tool: first.Tool,
		Version: first.Version, Layout: first.Layout, Test: first.Test, Command: first.Command,
		Complete: true, Options: first.Options, ThreadsFrom: first.ThreadsFrom,
	}
	m.Labels = map[string]string{}
	for k, v := range first.Labels {
		m.Labels[k] = v
	}
	m.LabelFrom, m.Captures = first.LabelFrom, first.Captures
	m.Settings = mergedSettings(runs)
	if len(runs) == 1 {
		*m = *first
		return m, false, nil
	}
	m.SetLabel("clients", strconv.Itoa(len(runs)))
	// A label the clients disagree on (the endpoint or host each ran
	// against) says nothing of the merged run.
	for k, v := range first.Labels {
		if k == "client" {
			continue
		}
		for _, r := range runs[1:] {
			if r.Labels[k] != v {
				delete(m.Labels, k)
				break
			}
		}
	}
	// The merged run was measured from the first client's start to the
	// last one's end.
	for _, r := range runs {
		if r.MeasuredFrom != nil && (m.MeasuredFrom == nil || r.MeasuredFrom.Before(*m.MeasuredFrom)) {
			m.MeasuredFrom = r.MeasuredFrom
		}
		if r.MeasuredTo != nil && (m.MeasuredTo == nil || r.MeasuredTo.After(*m.MeasuredTo)) {
			m.MeasuredTo = r.MeasuredTo
		}
	}
	// sum adds pointers; absent in any client makes the sum absent.
	sum := func(get func(r *parse.Run) *float64) *float64 {
		t := 0.0
		for _, r := range runs {
			p := get(r)
			if p == nil {
				return nil
			}
			t += *p
		}
		return &t
	}
	threads, okThreads := 0, true
	var events int64
	okEvents := true
	for _, r := range runs {
		m.Complete = m.Complete && r.Complete
		if r.Threads == nil {
			okThreads = false
		} else {
			threads += *r.Threads
		}
		if r.Events == nil {
			okEvents = false
		} else {
			events += *r.Events
		}
	}
	if okThreads {
		m.Threads = &threads
	}
	if okEvents {
		m.Events = &events
	}
	m.TPS = sum(func(r *parse.Run) *float64 { return r.TPS })
	m.QPS = sum(func(r *parse.Run) *float64 { return r.QPS })
	m.EPS = sum(func(r *parse.Run) *float64 { return r.EPS })
	m.Latency.Sum = sum(func(r *parse.Run) *float64 { return r.Latency.Sum })
	// The longest client's time is the group's wall time.
	for _, r := range runs {
		if r.TotalTimeS != nil && (m.TotalTimeS == nil || *r.TotalTimeS > *m.TotalTimeS) {
			v := *r.TotalTimeS
			m.TotalTimeS = &v
		}
	}
	ext := func(get func(r *parse.Run) *float64, better func(a, b float64) bool) *float64 {
		var out *float64
		for _, r := range runs {
			p := get(r)
			if p == nil {
				return nil
			}
			if out == nil || better(*p, *out) {
				v := *p
				out = &v
			}
		}
		return out
	}
	m.Latency.Min = ext(func(r *parse.Run) *float64 { return r.Latency.Min }, func(a, b float64) bool { return a < b })
	m.Latency.Max = ext(func(r *parse.Run) *float64 { return r.Latency.Max }, func(a, b float64) bool { return a > b })
	// Average: Σ latency sums / Σ events; else the events-weighted mean of
	// the averages (the same thing, rounded as printed).
	if m.Latency.Sum != nil && okEvents && events > 0 {
		v := *m.Latency.Sum / float64(events)
		m.Latency.Avg = &v
	} else if okEvents && events > 0 {
		t := 0.0
		ok := true
		for _, r := range runs {
			if r.Latency.Avg == nil {
				ok = false
				break
			}
			t += *r.Latency.Avg * float64(*r.Events)
		}
		if ok {
			v := t / float64(events)
			m.Latency.Avg = &v
		}
	}
	// Percentiles: from merged histograms when all clients have one.
	allHist := true
	for _, r := range runs {
		if r.NumBuckets() == 0 {
			allHist = false
		}
	}
	ranks := map[string]bool{}
	for _, r := range runs {
		for k := range r.Latency.Percentiles {
			ranks[k] = true
		}
	}
	if len(ranks) > 0 {
		m.Latency.Percentiles = map[string]float64{}
	}
	if allHist {
		var hist []parse.Bucket
		for _, r := range runs {
			hist = append(hist, r.Buckets()...)
		}
		sort.SliceStable(hist, func(i, j int) bool { return hist[i].ValueMs < hist[j].ValueMs })
		m.Histogram = hist
		for rank := range ranks {
			q, err := strconv.ParseFloat(rank, 64)
			if err != nil {
				continue
			}
			m.Latency.Percentiles[rank] = histPercentile(hist, q)
		}
	} else {
		for rank := range ranks {
			mx, ok := math.Inf(-1), true
			for _, r := range runs {
				v, has := r.Latency.Percentiles[rank]
				if !has {
					ok = false
					break
				}
				mx = math.Max(mx, v)
			}
			if ok {
				m.Latency.Percentiles[rank] = mx
				upperBound = true
			}
		}
		if upperBound {
			warn.addf("%d clients merged without histograms: latency percentiles are the clients' maximum, an upper bound", len(runs))
			m.Warn(0, "latency percentiles are the maximum over the clients: an upper bound")
		}
	}
	// Intervals summed where every client reported at the same time.
	byT := map[float64][]parse.Interval{}
	var order []float64
	for _, r := range runs {
		for _, iv := range r.Interim() {
			if _, ok := byT[iv.T]; !ok {
				order = append(order, iv.T)
			}
			byT[iv.T] = append(byT[iv.T], iv)
		}
	}
	sort.Float64s(order)
	for _, t := range order {
		ivs := byT[t]
		if len(ivs) != len(runs) {
			continue
		}
		out := parse.NewInterval(ivs[0].Line, t)
		add := func(get func(iv *parse.Interval) *float64) {
			s := 0.0
			for i := range ivs {
				s += *get(&ivs[i])
			}
			*get(&out) = s
		}
		add(func(iv *parse.Interval) *float64 { return &iv.Threads })
		add(func(iv *parse.Interval) *float64 { return &iv.TPS })
		add(func(iv *parse.Interval) *float64 { return &iv.QPS })
		add(func(iv *parse.Interval) *float64 { return &iv.Reads })
		add(func(iv *parse.Interval) *float64 { return &iv.Writes })
		add(func(iv *parse.Interval) *float64 { return &iv.Other })
		add(func(iv *parse.Interval) *float64 { return &iv.ErrS })
		add(func(iv *parse.Interval) *float64 { return &iv.ReconnS })
		add(func(iv *parse.Interval) *float64 { return &iv.EPS })
		m.Intervals = append(m.Intervals, out)
	}
	if len(order) > 0 && len(m.Intervals) < len(order) {
		warn.addf("%d clients merged: %d interim times were not reported by every client and were left out", len(runs), len(order)-len(m.Intervals))
	}
	for _, r := range runs {
		if r.Version != first.Version || r.Test != first.Test {
			warn.addf("merged clients differ: %s %s (%s) vs %s %s (%s)", first.Test, first.Version, first.Source, r.Test, r.Version, r.Source)
			break
		}
	}
	return m, upperBound, warn
}

// histPercentile returns the q-th percentile of a latency histogram as
// sysbench computes it: the value of the bucket where the cumulative count
// first reaches q% of the total.
func histPercentile(hist []parse.Bucket, q float64) float64 {
	var total int64
	for _, b := range hist {
		total += b.Count
	}
	if total == 0 {
		return 0
	}
	need := float64(total) * q / 100
	var cum int64
	for _, b := range hist {
		cum += b.Count
		if float64(cum) >= need {
			return b.ValueMs
		}
	}
	return hist[len(hist)-1].ValueMs
}

// mergedSettings are the settings of a run merged from clients: the
// first client's, with the table counts summed (each client works on its
// share of the tables: 4 clients of 2 tables are one run on 8).
func mergedSettings(runs []*parse.Run) map[string]string {
	first := runs[0]
	if first.Settings == nil {
		return nil
	}
	out := make(map[string]string, len(first.Settings))
	for k, v := range first.Settings {
		out[k] = v
	}
	for _, k := range []string{"tables", "oltp-tables-count"} {
		if _, ok := out[k]; !ok {
			continue
		}
		total := 0
		for _, r := range runs {
			n, err := strconv.Atoi(r.Settings[k])
			if err != nil {
				delete(out, k) // a client that does not say: the sum is unknown
				total = -1
				break
			}
			total += n
		}
		if total >= 0 {
			out[k] = strconv.Itoa(total)
		}
	}
	return out
}

// measured returns runs without those that only copy another's figures
// (parse.Run.Restates: a line of an output set apart under a label): they
// are listed with the runs, but counted, they would make one measurement
// two repeats of it.
func measured(runs []*parse.Run) []*parse.Run {
	for i, r := range runs {
		if r.Restates != 0 {
			out := append([]*parse.Run{}, runs[:i]...)
			for _, r := range runs[i+1:] {
				if r.Restates == 0 {
					out = append(out, r)
				}
			}
			return out
		}
	}
	return runs
}
