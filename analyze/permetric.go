package analyze

import (
	"slices"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// A metricGroup is the workloads compared in one metric against one
// base, in dataset order.
type metricGroup struct {
	metric    Metric
	base      string
	workloads []string
}

// metricGroups groups the dataset's workloads by their metric and base
// (bases nil: one base for all), the groups in the order of their first
// workload.
func metricGroups(d *Dataset, metrics map[string]Metric, bases map[string]string) []metricGroup {
	var out []metricGroup
	type gk struct {
		m Metric
		b string
	}
	idx := map[gk]int{}
	for _, w := range d.Workloads {
		k := gk{metrics[w], bases[w]}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, metricGroup{metric: k.m, base: k.b})
		}
		out[i].workloads = append(out[i].workloads, w)
	}
	return out
}

// WorkloadBases gives every workload the system its ratios are taken
// against: base where base has the workload's metric in some cell, else
// the system that has it in the most cells of the workload (the first
// in dataset order among equals), so that a workload the base never ran
// (mysqlslap beside sysbench runs) is still compared.
func WorkloadBases(d *Dataset, metrics map[string]Metric, base string) map[string]string {
	out := map[string]string{}
	if d == nil {
		return out
	}
	count := map[Key]int{} // System, Workload → cells with the metric
	for _, c := range d.Cells {
		m := metrics[c.Workload]
		for _, r := range c.Runs {
			if hasMetric(m, r) {
				count[Key{System: c.System, Workload: c.Workload}]++
				break
			}
		}
	}
	for _, w := range d.Workloads {
		out[w] = base
		if count[Key{System: base, Workload: w}] > 0 {
			continue
		}
		best, n := "", 0
		for _, s := range d.Systems {
			if k := count[Key{System: s, Workload: w}]; k > n {
				best, n = s, k
			}
		}
		if best != "" {
			out[w] = best
		}
	}
	return out
}

// only returns the dataset restricted to the workloads: the same
// systems, the cells of those workloads, the dataset's warnings left to
// the whole.
func (d *Dataset) only(workloads []string) *Dataset {
	keep := map[string]bool{}
	for _, w := range workloads {
		keep[w] = true
	}
	sub := &Dataset{keys: d.keys, By: d.By, Systems: d.Systems, Workloads: workloads}
	for _, c := range d.Cells {
		if keep[c.Workload] {
			sub.Cells = append(sub.Cells, c)
		}
	}
	return sub
}

// compareEach compares every workload in its own metric against its own
// base: one Compare per metric and base, rows merged in workload order.
// The comparison's Metric is the common metric, or "" when the workloads
// differ (each row names its own); its Base is the report's.
func compareEach(d *Dataset, metrics map[string]Metric, bases map[string]string, opts CompareOptions) *Comparison {
	groups := metricGroups(d, metrics, bases)
	if len(groups) <= 1 {
		if len(groups) == 1 {
			opts.Metric, opts.Base = groups[0].metric, groups[0].base
		}
		return Compare(d, opts)
	}
	var parts []*Comparison
	metric := groups[0].metric
	for _, g := range groups {
		o := opts
		o.Metric, o.Base = g.metric, g.base
		parts = append(parts, Compare(d.only(g.workloads), o))
		if g.metric != metric {
			metric = ""
		}
	}
	c := *parts[0]
	c.Base = opts.Base
	c.Metric, c.LowerIsBetter, c.Rows, c.Geomeans, c.Warnings = metric, metric.LowerIsBetter(), nil, nil, nil
	c.oneRun, c.withinRun = 0, 0
	byWorkload := map[string][]Row{}
	var rest Warnings
	for _, p := range parts {
		for _, r := range p.Rows {
			byWorkload[r.Workload] = append(byWorkload[r.Workload], r)
		}
		c.Geomeans = append(c.Geomeans, p.Geomeans...)
		// Each part's cell counts are summed and said once below.
		counts := map[string]bool{}
		for _, w := range p.cellCountWarnings() {
			counts[w.Error()] = true
		}
		for _, w := range p.Warnings {
			if !counts[w.Error()] {
				rest = append(rest, w)
			}
		}
		c.oneRun += p.oneRun
		c.withinRun += p.withinRun
	}
	for _, w := range d.Workloads {
		c.Rows = append(c.Rows, byWorkload[w]...)
	}
	c.Warnings = dedupeWarnings(append(c.cellCountWarnings(), rest...))
	return &c
}

// scaleEach fits every workload's curves in its own throughput metric;
// a workload whose metric is not a rate (mysqlslap seconds, a latency)
// is fitted in the rate its runs have, and left out when they have none.
func scaleEach(d *Dataset, hosts []*parse.Host, metrics map[string]Metric, opts ScaleOptions) *Scaling {
	rates := map[string]Metric{}
	runs := map[string][]*parse.Run{}
	for _, c := range d.Cells {
		runs[c.Workload] = append(runs[c.Workload], c.Runs...)
	}
	var fitted []string
	for _, w := range d.Workloads {
		m := metrics[w]
		if !m.Throughput() {
			m = WorkloadMetric(runs[w])
		}
		if !m.Throughput() {
			continue
		}
		rates[w] = m
		fitted = append(fitted, w)
	}
	groups := metricGroups(d.only(fitted), rates, nil)
	if len(groups) == 0 {
		return &Scaling{Metric: opts.Metric, By: d.By}
	}
	if len(groups) == 1 && len(fitted) == len(d.Workloads) {
		opts.Metric = groups[0].metric
		return Scale(d, hosts, opts)
	}
	sc := &Scaling{By: d.By}
	if len(groups) == 1 {
		sc.Metric = groups[0].metric
	}
	byWorkload := map[string][]*Curve{}
	for _, g := range groups {
		o := opts
		o.Metric = g.metric
		p := Scale(d.only(g.workloads), hosts, o)
		for _, cu := range p.Curves {
			byWorkload[cu.Workload] = append(byWorkload[cu.Workload], cu)
		}
		sc.Warnings = append(sc.Warnings, p.Warnings...)
	}
	// Curves are by system, then workload, as Scale orders them.
	for _, s := range d.Systems {
		for _, w := range d.Workloads {
			for _, cu := range byWorkload[w] {
				if cu.System == s {
					sc.Curves = append(sc.Curves, cu)
				}
			}
		}
	}
	sc.Warnings = dedupeWarnings(sc.Warnings)
	return sc
}

func dedupeWarnings(ws Warnings) Warnings {
	seen := map[string]bool{}
	var out Warnings
	for _, w := range ws {
		if s := w.Error(); !seen[s] {
			seen[s] = true
			out = append(out, w)
		}
	}
	return out
}

// A LeftOut is a system (or, System "", a whole workload) that has no
// value of its workload's metric: listed once instead of shown as
// dashes. Workload is "" for a system left out of every workload.
type LeftOut struct {
	System   string   `json:"system,omitempty"`
	Workload string   `json:"workload,omitempty"`
	Metrics  []Metric `json:"metrics"` // what it lacks
}

// reportMetrics lists the workloads' metrics, each once, in workload
// order.
func reportMetrics(an *Analysis) []Metric {
	var out []Metric
	seen := map[Metric]bool{}
	if an.Dataset != nil {
		for _, w := range an.Dataset.Workloads {
			m := an.Metrics[w]
			if m == "" {
				m = an.Metric
			}
			if !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	if len(out) == 0 && an.Metric != "" {
		out = append(out, an.Metric)
	}
	return out
}

// metricCells returns, for each system × workload, whether some run of
// its cells has the workload's metric.
func metricCells(an *Analysis) map[Key]bool {
	has := map[Key]bool{}
	if an.Dataset == nil {
		return has
	}
	for _, c := range an.Dataset.Cells {
		k := Key{System: c.System, Workload: c.Workload}
		if has[k] {
			continue
		}
		m := an.Metrics[c.Workload]
		if m == "" {
			m = an.Metric
		}
		for _, r := range c.Runs {
			if hasMetric(m, r) {
				has[k] = true
				break
			}
		}
	}
	return has
}

// leaveOut removes from systems those that have their workload's metric
// in no cell (the base stays, as asked for), and lists each once; a
// workload where no system has its metric is listed too.
func leaveOut(an *Analysis, systems []string, base string) ([]string, []LeftOut) {
	ds := an.Dataset
	has := metricCells(an)
	ran := map[string][]string{} // system → workloads it ran
	for _, c := range ds.Cells {
		ws := ran[c.System]
		if len(ws) == 0 || ws[len(ws)-1] != c.Workload {
			found := false
			for _, w := range ws {
				found = found || w == c.Workload
			}
			if !found {
				ran[c.System] = append(ws, c.Workload)
			}
		}
	}
	metricOf := func(w string) Metric {
		if m := an.Metrics[w]; m != "" {
			return m
		}
		return an.Metric
	}
	var kept []string
	var out []LeftOut
	for _, s := range systems {
		any := false
		for _, w := range ran[s] {
			any = any || has[Key{System: s, Workload: w}]
		}
		if any || s == base || len(systems) == 1 {
			kept = append(kept, s)
			continue
		}
		lo := LeftOut{System: s}
		for _, w := range ran[s] {
			m := metricOf(w)
			dup := false
			for _, x := range lo.Metrics {
				dup = dup || x == m
			}
			if !dup {
				lo.Metrics = append(lo.Metrics, m)
			}
		}
		out = append(out, lo)
	}
	for _, w := range ds.Workloads {
		any := false
		for _, s := range ds.Systems {
			any = any || has[Key{System: s, Workload: w}]
		}
		if !any {
			out = append(out, LeftOut{Workload: w, Metrics: []Metric{metricOf(w)}})
		}
	}
	return kept, out
}

// shownCells returns the system × workload pairs a report shows: the
// kept systems' workloads where they have the metric (the comparison
// has a value), and every one of a workload where no system has it is
// dropped.
func shownCells(an *Analysis, systems []string) map[Key]bool {
	has := metricCells(an)
	keep := map[string]bool{}
	for _, s := range systems {
		keep[s] = true
	}
	out := map[Key]bool{}
	for k, ok := range has {
		if ok && keep[k.System] {
			out[k] = true
		}
	}
	// A single system is shown whatever it has: there is nothing to
	// leave it out of.
	if len(systems) == 1 && an.Dataset != nil {
		for _, c := range an.Dataset.Cells {
			if has[Key{System: c.System, Workload: c.Workload}] || len(an.Dataset.Systems) == 1 {
				out[Key{System: c.System, Workload: c.Workload}] = true
			}
		}
	}
	return out
}

// leftOutOf lists the report's systems that ran workload w without its
// metric.
func leftOutOf(w string, systems []string, ds *Dataset, shown map[Key]bool) []string {
	ran := map[string]bool{}
	for _, c := range ds.Cells {
		if c.Workload == w {
			ran[c.System] = true
		}
	}
	var out []string
	for _, s := range systems {
		if ran[s] && !shown[Key{System: s, Workload: w}] {
			out = append(out, s)
		}
	}
	return out
}

// dropEmpty removes the workloads with no cell shown (no system has
// their metric; Report.LeftOut names them).
func dropEmpty(ws []*WorkloadReport) []*WorkloadReport {
	out := ws[:0]
	for _, w := range ws {
		if len(w.Cells) > 0 {
			out = append(out, w)
		}
	}
	return out
}

// Codes of the metric findings.
const (
	CodeWorkloadMetric = "workload_metric" // setup: the metric a workload is compared in
	CodeWorkloadBase   = "workload_base"   // setup: a workload's own base, not the report's
	CodeLeftOut        = "left_out"        // caveat: a system or workload without its metric
	CodeNotCompared    = "not_compared"    // caveat: a system with no ratio in the headline
)

// Rules of the metric findings.
const (
	ruleWorkloadMetric = "each workload is compared in the rate its runs print (tps; qps without transactions; eps for cpu, memory and fileio; mysqlslap's average seconds, lower is better) unless --metric names one for all"
	ruleWorkloadBase   = "a workload the report's base did not run with its metric is compared against the system that has the metric in the most of its cells"
	ruleLeftOut        = "a system (or workload) with its metric in no cell is listed once as left out, never shown as a column of dashes"
	ruleNotCompared    = "a system with no ratio on any workload of the headline (no thread count in common with the base) gets no column of it"
)

// metricFindings are the setup facts of what each workload is compared
// in and against, and the caveats of what was left out for want of its
// metric: the cells that have the metric are their evidence.
func metricFindings(an *Analysis, rp *Report) Findings {
	var out Findings
	if an.Dataset == nil {
		return out
	}
	cells := map[Key]int{} // System, Workload → cells; with the metric
	ran := map[Key]int{}
	runs, fragments := map[Key]int{}, map[Key]int{} // runs; of them single interim lines
	for _, c := range an.Dataset.Cells {
		k := Key{System: c.System, Workload: c.Workload}
		ran[k]++
		m := an.Metrics[c.Workload]
		if m == "" {
			m = an.Metric
		}
		for _, r := range c.Runs {
			runs[k]++
			if m.Fragment(r) {
				fragments[k]++
			}
		}
		for _, r := range c.Runs {
			if hasMetric(m, r) {
				cells[k]++
				break
			}
		}
	}
	for _, w := range rp.Workloads {
		f := Finding{Kind: KindSetup, Code: CodeWorkloadMetric, Workload: w.Name,
			Guard: Guard{Rule: ruleWorkloadMetric, Passed: true}}
		n := 0
		for _, c := range w.Cells {
			if c.Compared.Center != nil {
				n++
			}
		}
		f.add("cells", float64(n), "", nil, nil)
		f.word("metric", string(w.Metric))
		f.word("unit", w.Unit)
		if w.LowerIsBetter {
			f.word("better", "lower")
		} else {
			f.word("better", "higher")
		}
		out = append(out, f)
		if w.Base != rp.Base {
			b := Finding{Kind: KindSetup, Code: CodeWorkloadBase, Workload: w.Name, System: w.Base,
				Guard: Guard{Rule: ruleWorkloadBase, Passed: true}}
			b.add("base_cells", float64(cells[Key{System: w.Base, Workload: w.Name}]), "", nil, nil)
			b.add("report_base_cells", float64(cells[Key{System: rp.Base, Workload: w.Name}]), "", nil, nil)
			b.word("report_base", rp.Base)
			out = append(out, b)
		}
	}
	for _, lo := range rp.LeftOut {
		f := Finding{Kind: KindCaveat, Code: CodeLeftOut, System: lo.System, Workload: lo.Workload,
			Guard: Guard{Rule: ruleLeftOut, Passed: true}}
		n, nr, nf := 0, 0, 0
		for k, c := range ran {
			if lo.System != "" && k.System == lo.System || lo.System == "" && k.Workload == lo.Workload {
				n += c
				nr += runs[k]
				nf += fragments[k]
			}
		}
		f.add("cells", float64(n), "", nil, nil)
		f.add("cells_with_metric", 0, "", nil, nil)
		f.add("runs", float64(nr), "", nil, nil)
		// Runs that are a single interim line with no cumulative report.
		f.add("fragments", float64(nf), "", nil, nil)
		var ms []string
		for _, m := range lo.Metrics {
			ms = append(ms, string(m))
		}
		f.word("metrics", strings.Join(ms, ", "))
		out = append(out, f)
	}
	out = append(out, notCompared(rp)...)
	for _, w := range rp.Workloads {
		for _, s := range w.LeftOut {
			f := Finding{Kind: KindCaveat, Code: CodeLeftOut, System: s, Workload: w.Name,
				Guard: Guard{Rule: ruleLeftOut, Passed: true}}
			f.add("cells", float64(ran[Key{System: s, Workload: w.Name}]), "", nil, nil)
			f.add("cells_with_metric", 0, "", nil, nil)
			f.word("metrics", string(w.Metric))
			out = append(out, f)
		}
	}
	return out
}

// notCompared are the caveats of the systems that have no ratio on any
// workload of the headline and are not a workload's own base there: the
// headline gives them no column.
func notCompared(rp *Report) Findings {
	if len(rp.Headline) == 0 || len(rp.Systems) < 2 {
		return nil
	}
	isBase := map[string]bool{}
	for _, h := range rp.Headline {
		isBase[h.Base] = true
	}
	var out Findings
	for i, s := range rp.Systems[1:] {
		n := 0
		for _, h := range rp.Headline {
			if r := h.Ratios[i]; r != nil && r.Ratio != nil {
				n++
			}
		}
		if n > 0 || isBase[s] {
			continue
		}
		f := Finding{Kind: KindCaveat, Code: CodeNotCompared, System: s, Guard: Guard{Rule: ruleNotCompared, Passed: true}}
		f.add("headline_ratios", 0, "", nil, nil)
		f.word("base", rp.Base)
		out = append(out, f)
	}
	return out
}

// CompareWorkloads compares every workload as a report does: each in its
// own metric (opts.Metric for all when set) against its own base
// (opts.Base, else DefaultBase; a workload the base has no cell of with
// its metric against the system that has the most), the systems with
// their metric in no cell left out of the rows and listed once.
func CompareWorkloads(d *Dataset, opts CompareOptions) *Comparison {
	metrics := WorkloadMetrics(d, opts.Metric)
	var missing string
	if opts.Base != "" && !slices.Contains(d.Systems, opts.Base) && len(d.Systems) > 0 {
		missing = opts.Base
		opts.Base = ""
	}
	if opts.Base == "" {
		opts.Base = DefaultBase(d, metrics)
	}
	bases := WorkloadBases(d, metrics, opts.Base)
	c := compareEach(d, metrics, bases, opts)
	if missing != "" {
		c.Warnings.addf("no system %q: comparing with %q", missing, opts.Base)
	}
	c.Metrics, c.Bases = metrics, bases
	an := &Analysis{Dataset: d, Metrics: metrics, Metric: opts.Metric}
	kept, out := leaveOut(an, d.Systems, opts.Base)
	c.LeftOut = out
	shown := shownCells(an, kept)
	keep := map[string]bool{}
	for _, s := range kept {
		keep[s] = true
	}
	none := map[string]bool{} // workloads no system has the metric of
	for _, lo := range out {
		if lo.System == "" {
			none[lo.Workload] = true
		}
	}
	c.Systems = kept
	rows := c.Rows[:0:0]
	for _, r := range c.Rows {
		if !keep[r.System] || none[r.Workload] {
			continue
		}
		if !shown[Key{System: r.System, Workload: r.Workload}] && !r.Base {
			// A kept system that ran this workload without its metric:
			// listed once, not a row of dashes.
			c.LeftOut = appendLeftOut(c.LeftOut, r.System, r.Workload, metrics[r.Workload])
			continue
		}
		rows = append(rows, r)
	}
	c.Rows = rows
	gs := c.Geomeans[:0:0]
	for _, g := range c.Geomeans {
		if keep[g.System] {
			gs = append(gs, g)
		}
	}
	c.Geomeans = gs
	return c
}

// appendLeftOut adds system's lack of metric on workload once.
func appendLeftOut(los []LeftOut, system, workload string, m Metric) []LeftOut {
	for _, lo := range los {
		if lo.System == system && (lo.Workload == workload || lo.Workload == "") {
			return los
		}
	}
	return append(los, LeftOut{System: system, Workload: workload, Metrics: []Metric{m}})
}

// ScaleWorkloads fits every workload's curves in its own rate
// (opts.Metric for all when set), as a report does: a workload whose
// metric is not a rate (mysqlslap seconds) is fitted in the rate its
// runs have, and left out when they have none.
func ScaleWorkloads(d *Dataset, hosts []*parse.Host, opts ScaleOptions) *Scaling {
	metrics := WorkloadMetrics(d, opts.Metric)
	sc := scaleEach(d, hosts, metrics, opts)
	sc.Metrics = map[string]Metric{}
	for _, cu := range sc.Curves {
		sc.Metrics[cu.Workload] = cu.Metric
	}
	return sc
}
