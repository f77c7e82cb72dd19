package analyze

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// A Metric names a per-run number that can be compared: "tps", "qps",
// "eps", "latency_avg_ms", "latency_min_ms", "latency_max_ms",
// "latency_pNN_ms" for any printed percentile ("latency_p95_ms",
// "latency_p99.9_ms"), and the mysqlslap seconds "slap_avg_s",
// "slap_min_s", "slap_max_s".
type Metric string

// Metrics with fixed names.
const (
	TPS Metric = "tps"
	QPS Metric = "qps"
	EPS Metric = "eps"
	// MiBs is a transfer rate in MiB a second: memory's, or fileio's
	// read and written together (TransferRate); the rate of memory and
	// fileio runs that give no events a second (a table of MiB/s).
	MiBs         Metric = "mib_s"
	LatencyAvgMs Metric = "latency_avg_ms"
	LatencyMinMs Metric = "latency_min_ms"
	LatencyMaxMs Metric = "latency_max_ms"
	LatencyP95Ms Metric = "latency_p95_ms"
	SlapAvgS     Metric = "slap_avg_s"
	SlapMinS     Metric = "slap_min_s"
	SlapMaxS     Metric = "slap_max_s"
)

// ParseMetric checks a metric name as given on the command line.
func ParseMetric(s string) (Metric, error) {
	m := Metric(strings.ToLower(strings.TrimSpace(s)))
	switch m {
	case TPS, QPS, EPS, MiBs, LatencyAvgMs, LatencyMinMs, LatencyMaxMs, SlapAvgS, SlapMinS, SlapMaxS:
		return m, nil
	}
	if rank := m.Percentile(); rank != "" {
		if v, err := strconv.ParseFloat(rank, 64); err == nil && v > 0 && v <= 100 {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown metric %q (want tps, qps, eps, mib_s, latency_avg_ms, latency_min_ms, latency_max_ms, latency_pNN_ms, slap_avg_s, slap_min_s or slap_max_s)", s)
}

// String returns the metric as a sentence or a table names it: its name
// ("tps", "latency_p95_ms"), "MiB/s" for a transfer rate. Its value as a
// string (string(m)) stays its name on the command line and in JSON.
func (m Metric) String() string {
	if m == MiBs {
		return "MiB/s"
	}
	return string(m)
}

// LatencyPercentile returns the metric for a printed percentile rank
// ("95" → "latency_p95_ms").
func LatencyPercentile(rank string) Metric { return Metric("latency_p" + rank + "_ms") }

// Percentile returns the rank of a latency_pNN_ms metric ("95"), or "".
func (m Metric) Percentile() string {
	s := string(m)
	if !strings.HasPrefix(s, "latency_p") || !strings.HasSuffix(s, "_ms") || len(s) <= len("latency_p_ms") {
		return ""
	}
	return s[len("latency_p") : len(s)-len("_ms")]
}

// LowerIsBetter reports whether smaller values are better (latencies and
// mysqlslap seconds).
func (m Metric) LowerIsBetter() bool {
	return strings.HasPrefix(string(m), "latency_") || strings.HasPrefix(string(m), "slap_")
}

// Unit returns the unit of the metric: "/s", "MiB/s", "ms" or "s".
func (m Metric) Unit() string {
	switch {
	case m == MiBs:
		return "MiB/s"
	case strings.HasPrefix(string(m), "latency_"):
		return "ms"
	case strings.HasPrefix(string(m), "slap_"):
		return "s"
	}
	return "/s"
}

// Value returns the run's value of the metric, as printed.
func (m Metric) Value(r *parse.Run) (float64, bool) {
	get := func(p *float64) (float64, bool) {
		if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
			return 0, false
		}
		return *p, true
	}
	switch m {
	case TPS:
		if noTransactions(r) {
			return 0, false
		}
		return get(r.TPS)
	case QPS:
		return get(r.QPS)
	case EPS:
		return get(r.EPS)
	case MiBs:
		return TransferRate(r)
	case LatencyAvgMs:
		return get(r.Latency.Avg)
	case LatencyMinMs:
		return get(r.Latency.Min)
	case LatencyMaxMs:
		return get(r.Latency.Max)
	case SlapAvgS, SlapMinS, SlapMaxS:
		if r.Mysqlslap == nil {
			return 0, false
		}
		switch m {
		case SlapAvgS:
			return get(r.Mysqlslap.AvgS)
		case SlapMinS:
			return get(r.Mysqlslap.MinS)
		}
		return get(r.Mysqlslap.MaxS)
	}
	if rank := m.Percentile(); rank != "" {
		v, ok := r.LatencyPct(rank)
		if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false
		}
		return v, true
	}
	return 0, false
}

// TransferRate returns the MiB a second a run moved: memory's transfer
// rate; fileio's total (0.4's "Total transferred"), else its read and
// written rates added, else the one it printed.
func TransferRate(r *parse.Run) (float64, bool) {
	ok := func(p *float64) bool { return p != nil && !math.IsNaN(*p) && !math.IsInf(*p, 0) }
	if m := r.Memory; m != nil && ok(m.TransferMiBs) {
		return *m.TransferMiBs, true
	}
	f := r.FileIO
	switch {
	case f == nil:
		return 0, false
	case ok(f.TotalMiBs):
		return *f.TotalMiBs, true
	case ok(f.ReadMiBs) && ok(f.WrittenMiBs):
		return *f.ReadMiBs + *f.WrittenMiBs, true
	case ok(f.ReadMiBs):
		return *f.ReadMiBs, true
	case ok(f.WrittenMiBs):
		return *f.WrittenMiBs, true
	}
	return 0, false
}

// Series returns the metric's interim series of the run (NaN where an
// interval lacks it), or nil when the metric has none (averages and
// maxima of latency, mysqlslap).
func (m Metric) Series(r *parse.Run) []float64 {
	return m.SeriesOf(r, r.Interim())
}

// SeriesOf is Series of r with its interim reports ivs, read once by a
// caller that reads their times as well.
func (m Metric) SeriesOf(r *parse.Run, ivs []parse.Interval) []float64 {
	pick := m.interim()
	if pick == nil || m == TPS && noTransactions(r) {
		return nil
	}
	xs := make([]float64, len(ivs))
	n := 0
	for i := range ivs {
		xs[i] = pick(&ivs[i])
		if !math.IsNaN(xs[i]) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	if _, printed := m.Value(r); !printed && n < 2 {
		return nil // a fragment: one interim line is no run's result
	}
	return xs
}

// Fragment reports whether the run is a single interim line of the
// metric with no cumulative report ("Normal data looks like:" and one
// quoted line): a second of a run, not its result. Such a run has
// neither a value nor a series of the metric.
func (m Metric) Fragment(r *parse.Run) bool {
	if _, printed := m.Value(r); printed {
		return false
	}
	pick := m.interim()
	if pick == nil {
		return false
	}
	n := 0
	ivs := r.Interim()
	for i := range ivs {
		if !math.IsNaN(pick(&ivs[i])) {
			n++
		}
	}
	return n == 1
}

// DefaultMetric returns the throughput metric the runs carry: the first
// of tps, eps, qps and the mysqlslap average that every run has (as a
// value or an interim series), else the first that any run has (cpu runs
// beside OLTP runs: tps, the cpu runs left out with a hint), else tps.
// Runs that made no transactions (a script without BEGIN, "transactions:
// 0") have no tps: when some do, queries a second are compared.
func DefaultMetric(runs []*parse.Run) Metric {
	if m, ok := firstMetric([]Metric{TPS, EPS, QPS, SlapAvgS}, runs); ok {
		return m
	}
	return TPS
}

// firstMetric returns the first of candidates that every run has (as a
// value or an interim series), else the first that any run has.
func firstMetric(candidates []Metric, runs []*parse.Run) (Metric, bool) {
	for _, m := range candidates {
		all := len(runs) > 0
		for _, r := range runs {
			if !hasMetric(m, r) {
				all = false
				break
			}
		}
		if all {
			return m, true
		}
	}
	for _, m := range candidates {
		for _, r := range runs {
			if hasMetric(m, r) {
				return m, true
			}
		}
	}
	return "", false
}

// noTransactions reports a run that printed "transactions: 0" while its
// queries ran: a script without BEGIN/COMMIT (sysbench 0.5 insert.lua,
// oltp.lua with --oltp-skip-trx), whose tps of 0 measures nothing.
func noTransactions(r *parse.Run) bool {
	q := r.SQL
	if q == nil || q.Transactions == nil || *q.Transactions != 0 {
		return false
	}
	return q.Queries != nil && *q.Queries > 0 || q.RWRequests != nil && *q.RWRequests > 0 ||
		q.Total != nil && *q.Total > 0
}

// WorkloadMetric returns the metric one workload's runs are compared in
// when none is given: transactions a second for OLTP, queries a second
// when its runs made no transactions, events a second for cpu, memory
// and fileio (MiB a second for memory and fileio runs that give only
// that), and the mysqlslap average seconds. The first of these that
// every run has (as a value or an interim series) wins, else the first
// that any run has, else the rate its test counts in (the catalogue's:
// eps for memory and fileio runs that printed none, so that a report
// says "no eps" of them, not "no tps"), else tps.
func WorkloadMetric(runs []*parse.Run) Metric {
	if m, ok := firstMetric([]Metric{TPS, QPS, EPS, MiBs, SlapAvgS}, runs); ok {
		return m
	}
	for _, r := range runs {
		if r.Tool == "mysqlslap" {
			return SlapAvgS
		}
		if t, ok := parse.LookupTest(r.Test); ok {
			if m := Metric(t.Rate); m.Throughput() {
				return m
			}
		}
	}
	return TPS
}

// hasMetric reports whether the run has the metric as a value or an
// interim series.
func hasMetric(m Metric, r *parse.Run) bool {
	if _, ok := m.Value(r); ok {
		return true
	}
	return m.Series(r) != nil
}

// Throughput reports whether the metric is a rate (tps, qps, eps, mib_s), the
// kind a scaling curve and a stability series are made of.
func (m Metric) Throughput() bool { return m == TPS || m == QPS || m == EPS || m == MiBs }

// WorkloadMetrics gives every workload of the dataset its metric: m for
// all when set (--metric), else each its WorkloadMetric.
func WorkloadMetrics(d *Dataset, m Metric) map[string]Metric {
	out := map[string]Metric{}
	if d == nil {
		return out
	}
	runs := map[string][]*parse.Run{}
	for _, c := range d.Cells {
		runs[c.Workload] = append(runs[c.Workload], c.Runs...)
	}
	for _, w := range d.Workloads {
		if m != "" {
			out[w] = m
		} else {
			out[w] = WorkloadMetric(runs[w])
		}
	}
	return out
}

// DefaultBase returns the system that has its workload's metric in the
// most cells (the first in dataset order among equals): the one the most
// ratios can be taken against.
func DefaultBase(d *Dataset, metrics map[string]Metric) string {
	if d == nil || len(d.Systems) == 0 {
		return ""
	}
	count := map[string]int{}
	for _, c := range d.Cells {
		m := metrics[c.Workload]
		for _, r := range c.Runs {
			if hasMetric(m, r) {
				count[c.System]++
				break
			}
		}
	}
	best := d.Systems[0]
	for _, s := range d.Systems {
		if count[s] > count[best] {
			best = s
		}
	}
	return best
}

// interim returns the function that reads the metric from an interim
// report line, nil for a metric interim lines do not print.
func (m Metric) interim() func(iv *parse.Interval) float64 {
	switch m {
	case TPS:
		return func(iv *parse.Interval) float64 { return iv.TPS }
	case QPS:
		return func(iv *parse.Interval) float64 { return iv.QPS }
	case EPS:
		return func(iv *parse.Interval) float64 { return iv.EPS }
	}
	return nil
}
