package analyze

import (
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
	TPS          Metric = "tps"
	QPS          Metric = "qps"
	EPS          Metric = "eps"
	LatencyAvgMs Metric = "latency_avg_ms"
	LatencyMinMs Metric = "latency_min_ms"
	LatencyMaxMs Metric = "latency_max_ms"
	LatencyP95Ms Metric = "latency_p95_ms"
	SlapAvgS     Metric = "slap_avg_s"
	SlapMinS     Metric = "slap_min_s"
	SlapMaxS     Metric = "slap_max_s"
)

// ParseMetric checks a metric name as given on the command line.
func ParseMetric(s string) (Metric, error) { panic("todo") }

// LatencyPercentile returns the metric for a printed percentile rank
// ("95" → "latency_p95_ms").
func LatencyPercentile(rank string) Metric { return Metric("latency_p" + rank + "_ms") }

// Percentile returns the rank of a latency_pNN_ms metric ("95"), or "".
func (m Metric) Percentile() string { panic("todo") }

// LowerIsBetter reports whether smaller values are better (latencies and
// mysqlslap seconds).
func (m Metric) LowerIsBetter() bool { panic("todo") }

// Unit returns the unit of the metric: "/s", "ms" or "s".
func (m Metric) Unit() string { panic("todo") }

// Value returns the run's value of the metric, as printed.
func (m Metric) Value(r *parse.Run) (float64, bool) { panic("todo") }

// Series returns the metric's interim series of the run (NaN where an
// interval lacks it), or nil when the metric has none (averages and
// maxima of latency, mysqlslap).
func (m Metric) Series(r *parse.Run) []float64 { panic("todo") }

// DefaultMetric returns the throughput metric most runs carry: tps when
// any run has it, else eps, else qps, else the mysqlslap average.
func DefaultMetric(runs []*parse.Run) Metric { panic("todo") }
