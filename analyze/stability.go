package analyze

import (
	"time"

	"github.com/sbreport/sbreport/parse"
)

// NoSkip, as a skip duration, keeps the whole interim series (no warm-up
// trimming). A skip of 0 detects the warm-up automatically.
const NoSkip time.Duration = -1

// A Stall is a stretch of consecutive intervals whose throughput fell
// below Thresholds.StallFraction of the run's median.
type Stall struct {
	StartS    float64 `json:"start_s"` // interval end time of the first stalled interval, as printed
	EndS      float64 `json:"end_s"`   // interval end time of the last one
	Intervals int     `json:"intervals"`
	Min       float64 `json:"min"` // lowest throughput in the stall
}

// LittleCheck compares the configured threads with the concurrency implied
// by Little's law, L = X·R (X events per second, R average latency).
type LittleCheck struct {
	Threads    float64 `json:"threads"`
	Throughput float64 `json:"throughput"`     // events (transactions) per second
	AvgLatency float64 `json:"avg_latency_ms"` // ms
	Implied    float64 `json:"implied"`        // X·R
	Ratio      float64 `json:"ratio"`          // Implied / Threads
	OK         bool    `json:"ok"`             // |Ratio − 1| ≤ Thresholds.LittleTolerance
}

// Stability describes one run's interim series.
type Stability struct {
	Source string `json:"source"`
	Line   int    `json:"line"`
	Metric Metric `json:"metric"`
	Total  int    `json:"intervals"` // interim points with the metric
	N      int    `json:"steady_intervals"`
	// WarmupS is the time trimmed from the start (the end time of the
	// last trimmed interval), 0 when nothing was trimmed.
	WarmupS float64 `json:"warmup_s"`
	// WarmupAuto says the warm-up was detected (MSER-5) rather than given.
	WarmupAuto bool    `json:"warmup_auto"`
	Mean       float64 `json:"mean"`   // steady-state mean
	StdDev     float64 `json:"stddev"` // of the steady-state intervals
	CV         float64 `json:"cv"`     // StdDev / Mean
	Median     float64 `json:"median"` // of the whole series (the stall reference)
	Stalls     []Stall `json:"stalls"`
	// Batch is the steady-state mean with a Student-t interval over
	// Batches non-overlapping batch means.
	Batch    Summary      `json:"batch_ci"`
	Batches  int          `json:"batches"`
	Little   *LittleCheck `json:"little"` // nil when threads, throughput or average latency are absent
	Warnings Warnings     `json:"warnings"`
}

// Steady analyses run r's interim series of metric m (a throughput:
// tps, qps or eps). skip trims that much time from the start; 0 detects the
// warm-up with MSER-5 (White 1997: the truncation point d, a multiple of
// Thresholds.MSERBatch points, that minimises the squared standard error
// of the mean of the rest, Σ(xᵢ−x̄_d)²/(n−d)², searched over the first
// MaxWarmupFraction of the series); NoSkip trims nothing. Batch means: the
// steady series is cut into b = min(MaxBatches, n/MinBatchSize) contiguous
// batches of m = n/b points (the leftover points at the start are
// dropped), and the interval is x̄ ± t(b−1)·s_b/√b over the batch means.
// Confidence is the interval's level. The result has Total 0 and a warning
// when the run has fewer than Thresholds.MinIntervals points.
func Steady(r *parse.Run, m Metric, skip time.Duration, confidence float64, th Thresholds) *Stability {
	panic("todo")
}

// MSER returns the MSER-b truncation point of xs (the number of leading
// points to drop), searched over the first maxFrac of the series.
func MSER(xs []float64, batch int, maxFrac float64) int { panic("todo") }

// BatchMeans returns the mean of xs with a Student-t interval at the given
// confidence over contiguous batch means (rule as in Steady).
func BatchMeans(xs []float64, confidence float64, th Thresholds) (s Summary, batches int) {
	panic("todo")
}

// Little checks a run's configured threads against Little's law. The
// throughput is tps (one event is one transaction) or else eps; the
// latency is the printed average. In rate mode (--rate) the threads are not
// all busy, so only an implied concurrency above the threads fails.
func Little(r *parse.Run, th Thresholds) *LittleCheck { panic("todo") }
