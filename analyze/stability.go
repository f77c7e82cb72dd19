package analyze

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"gonum.org/v1/gonum/stat"

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
	Mean       float64 `json:"-"` // steady-state mean
	StdDev     float64 `json:"-"` // of the steady-state intervals
	CV         float64 `json:"-"` // StdDev / Mean
	Median     float64 `json:"-"` // of the whole series (the stall reference)
	Stalls     []Stall `json:"stalls"`
	// Batch is the steady-state mean with a Student-t interval over
	// Batches non-overlapping batch means.
	Batch   Summary      `json:"batch_ci"`
	Batches int          `json:"batches"`
	Little  *LittleCheck `json:"little"` // nil when threads, throughput or average latency are absent
	// DeclinedS is set when the automatic rule found a start that did
	// better than the rest (a decline, not a warm-up, so nothing was
	// trimmed): the end of that start, with HeadMean and RestMean the
	// means before and after it.
	DeclinedS float64 `json:"declined_s,omitempty"`
	HeadMean  float64 `json:"head_mean,omitempty"`
	RestMean  float64 `json:"rest_mean,omitempty"`
	// Short marks a series of fewer than Thresholds.MinIntervals points:
	// its CV and stalls are computed, its warm-up and batch means are not.
	Short    bool     `json:"short_series"`
	Warnings Warnings `json:"warnings"`
}

// Steady analyses run r's interim series of metric m (a throughput:
// tps, qps or eps). skip trims that much time from the start; 0 detects the
// warm-up with MSER-5 (White 1997: the truncation point d, a multiple of
// Thresholds.MSERBatch points, that minimises the squared standard error
// of the mean of the rest, Σ(xᵢ−x̄_d)²/(n−d)², searched over the first
// MaxWarmupFraction of the series, and kept only when the dropped points'
// mean differs from the rest's by more than MinWarmupShift); NoSkip trims
// nothing. Batch means: the
// steady series is cut into b = min(MaxBatches, n/MinBatchSize) contiguous
// batches of m = n/b points (the leftover points at the start are
// dropped), and the interval is x̄ ± t(b−1)·s_b/√b over the batch means.
// Confidence is the interval's level. The result has Total 0 and a warning
// when the run has fewer than Thresholds.MinIntervals points.
func Steady(r *parse.Run, m Metric, skip time.Duration, confidence float64, th Thresholds) *Stability {
	return steadyOf(r, r.Interim(), m, skip, confidence, th)
}

// steadyOf is Steady of r with its interim reports ivs, read once by a
// caller that looks at them first.
func steadyOf(r *parse.Run, ivs []parse.Interval, m Metric, skip time.Duration, confidence float64, th Thresholds) *Stability {
	th = th.orDefault()
	st := &Stability{Source: r.Source, Line: r.Line, Metric: m, Little: Little(r, th)}
	if st.Little != nil && !st.Little.OK {
		st.Warnings.addf("Little's law: %.0f threads but throughput × average latency = %.2f (ratio %.2f): the numbers do not fit together",
			st.Little.Threads, st.Little.Implied, st.Little.Ratio)
	}
	series := m.SeriesOf(r, ivs)
	var ts, xs []float64
	for i, v := range series {
		if !math.IsNaN(v) {
			ts, xs = append(ts, ivs[i].T), append(xs, v)
		}
	}
	st.Total = len(xs)
	if len(xs) == 0 {
		st.Batch = Summary{Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Confidence: confidence, Method: "none"}
		st.Mean, st.CV, st.Median = math.NaN(), math.NaN(), math.NaN()
		return st
	}
	// A short series still shows stalls and noise; too short for a warm-up
	// rule or batch means.
	st.Short = len(xs) < th.MinIntervals
	if st.Short {
		st.Warnings.addf("%d interim points: %w", len(xs), shortSeries(th.MinIntervals))
	}
	// Warm-up.
	cut := 0
	switch {
	case skip == NoSkip || skip < 0:
	case st.Short:
	case skip == 0:
		cut = MSER(xs, th.MSERBatch, th.MaxWarmupFraction)
		st.WarmupAuto = true
		if cut > 0 && cut < len(xs) {
			head, rest := stat.Mean(xs[:cut], nil), stat.Mean(xs[cut:], nil)
			switch {
			case rest == 0 || math.Abs(head-rest) <= th.MinWarmupShift*math.Abs(rest):
				cut = 0 // no warm-up effect worth trimming
			case declined(xs[:cut], xs[cut:], head, rest, m.LowerIsBetter()):
				// The start did better than what follows: the run
				// declined; it did not warm up. Nothing is trimmed, and
				// the run's value stays the one it printed.
				st.DeclinedS, st.HeadMean, st.RestMean = ts[cut-1], head, rest
				st.Warnings.addf("%s declined: %.2f on average in the first %g s, %.2f after; not a warm-up, nothing trimmed",
					string(m), head, ts[cut-1], rest)
				cut = 0
			}
		}
	default:
		limit := skip.Seconds()
		for cut < len(ts) && ts[cut] <= limit+1e-9 {
			cut++
		}
	}
	if cut >= len(xs)-1 {
		st.Warnings.addf("skip of %v leaves fewer than 2 interim points: nothing trimmed", skip)
		cut = 0
	}
	if cut > 0 {
		st.WarmupS = ts[cut-1]
	}
	steady := xs[cut:]
	st.N = len(steady)
	st.Mean, st.StdDev = stat.MeanStdDev(steady, nil)
	st.CV = cv(st.Mean, st.StdDev)
	if st.CV > th.CVWarn {
		st.Warnings.addf("noisy steady state: coefficient of variation %.1f%% (> %.0f%%)", 100*st.CV, 100*th.CVWarn)
	}
	// Stalls: over the whole series, against its median.
	st.Median = median(xs)
	limit := th.StallFraction * st.Median
	for i := 0; i < len(xs); i++ {
		if !(xs[i] < limit || xs[i] == 0) {
			continue
		}
		j := i
		mn := xs[i]
		for j+1 < len(xs) && (xs[j+1] < limit || xs[j+1] == 0) {
			j++
			mn = math.Min(mn, xs[j])
		}
		st.Stalls = append(st.Stalls, Stall{StartS: ts[i], EndS: ts[j], Intervals: j - i + 1, Min: mn})
		i = j
	}
	if n := len(st.Stalls); n > 0 {
		total := 0
		for _, s := range st.Stalls {
			total += s.Intervals
		}
		st.Warnings.addf("%d stall(s): %d interval(s) below %.0f%% of the median %s (first at %gs)",
			n, total, 100*th.StallFraction, string(m), st.Stalls[0].StartS)
	}
	if st.Short {
		st.Batch = Summary{N: 0, Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Confidence: confidence, Method: "none"}
		return st
	}
	st.Batch, st.Batches = BatchMeans(steady, confidence, th)
	st.Warnings = append(st.Warnings, st.Batch.Warnings...)
	return st
}

// declined reports whether a start that MSER would cut did better than
// what follows: its mean, or its best interval, above the rest's (below,
// when lower is better). A warm-up starts lower and rises; a run whose
// best throughput came early and then fell declined.
func declined(head, rest []float64, headMean, restMean float64, lowerIsBetter bool) bool {
	hBest, rBest := head[0], rest[0]
	for _, x := range head {
		hBest = better(x, hBest, lowerIsBetter)
	}
	for _, x := range rest {
		rBest = better(x, rBest, lowerIsBetter)
	}
	if lowerIsBetter {
		return headMean < restMean || hBest < rBest
	}
	return headMean > restMean || hBest > rBest
}

func better(a, b float64, lowerIsBetter bool) float64 {
	if lowerIsBetter == (a < b) {
		return a
	}
	return b
}

func cv(mean, sd float64) float64 {
	if mean == 0 {
		if sd == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return sd / math.Abs(mean)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// orDefault returns DefaultThresholds when th is the zero value.
func (th Thresholds) orDefault() Thresholds {
	if th == (Thresholds{}) {
		return DefaultThresholds
	}
	return th
}

// MSER returns the MSER-b truncation point of xs (the number of leading
// points to drop), searched over the first maxFrac of the series.
func MSER(xs []float64, batch int, maxFrac float64) int {
	if batch < 1 {
		batch = 1
	}
	// Batch means of consecutive groups (a trailing partial batch is
	// dropped, as in MSER-5).
	nb := len(xs) / batch
	if nb < 2 {
		return 0
	}
	z := make([]float64, nb)
	for i := range z {
		z[i] = stat.Mean(xs[i*batch:(i+1)*batch], nil)
	}
	maxD := int(maxFrac * float64(nb))
	best, bestD := math.Inf(1), 0
	for d := 0; d <= maxD && d < nb-1; d++ {
		rest := z[d:]
		mean := stat.Mean(rest, nil)
		ss := 0.0
		for _, v := range rest {
			ss += (v - mean) * (v - mean)
		}
		k := float64(len(rest))
		// Strictly smaller (beyond rounding) so that ties keep less trimming.
		if v := ss / (k * k); d == 0 || v < best-1e-12*math.Abs(best) {
			best, bestD = v, d
		}
	}
	return bestD * batch
}

// BatchMeans returns the mean of xs with a Student-t interval at the given
// confidence over contiguous batch means (rule as in Steady). The series
// is a rate, so an interval reaching below zero says only that the
// batches vary too much for the normal approximation behind it: such an
// interval is dropped (±Inf) with a warning.
func BatchMeans(xs []float64, confidence float64, th Thresholds) (s Summary, batches int) {
	th = th.orDefault()
	n := len(xs)
	b := n / th.MinBatchSize
	if b > th.MaxBatches {
		b = th.MaxBatches
	}
	if b < 2 {
		s = SummarizeMean(xs, confidence)
		s.Lo, s.Hi = math.Inf(-1), math.Inf(1)
		s.Method = "batch-means"
		s.Warnings = Warnings{}
		s.Warnings.addf("%d interim points: need >= %d for a batch-means interval", n, 2*th.MinBatchSize)
		if n > 0 {
			s.Center = stat.Mean(xs, nil)
		}
		return s, 0
	}
	m := n / b
	xs = xs[n-b*m:] // drop the leftovers at the start, nearest the warm-up
	means := make([]float64, b)
	for i := range means {
		means[i] = stat.Mean(xs[i*m:(i+1)*m], nil)
	}
	s = SummarizeMean(means, confidence)
	s.N = len(xs)
	s.Method = "batch-means"
	if s.Lo < 0 {
		s.Warnings.addf("the within-run interval would reach below zero (%.0f): the %d batch means vary too much for one", s.Lo, b)
		s.Lo, s.Hi = math.Inf(-1), math.Inf(1)
	}
	return s, b
}

// Little checks a run's configured threads against Little's law. The
// throughput is tps (one event is one transaction) or else eps; the
// latency is the printed average. In rate mode (--rate) the threads are not
// all busy, so only an implied concurrency above the threads fails.
func Little(r *parse.Run, th Thresholds) *LittleCheck {
	th = th.orDefault()
	if r.Threads == nil || *r.Threads <= 0 || r.Latency.Avg == nil {
		return nil
	}
	x := r.TPS
	if x == nil {
		x = r.EPS
	}
	if x == nil {
		return nil
	}
	c := &LittleCheck{Threads: float64(*r.Threads), Throughput: *x, AvgLatency: *r.Latency.Avg}
	c.Implied = c.Throughput * c.AvgLatency / 1000
	c.Ratio = c.Implied / c.Threads
	if r.Options.RateTarget != nil && *r.Options.RateTarget > 0 {
		c.OK = c.Ratio <= 1+th.LittleTolerance
	} else {
		c.OK = math.Abs(c.Ratio-1) <= th.LittleTolerance
	}
	return c
}

// MarshalJSON writes undefined statistics (a run without a series) as
// null.
func (s *Stability) MarshalJSON() ([]byte, error) {
	type plain Stability
	return json.Marshal(struct {
		*plain
		Mean   *float64 `json:"mean"`
		StdDev *float64 `json:"stddev"`
		CV     *float64 `json:"cv"`
		Median *float64 `json:"median"`
	}{(*plain)(s), num(s.Mean), num(s.StdDev), num(s.CV), num(s.Median)})
}

// ErrShortSeries is wrapped by the warning of a run whose interim series
// is too short for warm-up detection and batch means (Stability.Short), so
// that a report can count those runs instead of listing each.
var ErrShortSeries = errors.New("too few interim points")

// shortSeriesError says how many points were needed.
type shortSeriesError int

func shortSeries(min int) error { return shortSeriesError(min) }

func (e shortSeriesError) Error() string {
	return fmt.Sprintf("need >= %d for warm-up detection and a within-run interval", int(e))
}

func (e shortSeriesError) Is(target error) bool { return target == ErrShortSeries }
