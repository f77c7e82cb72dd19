package analyze

import (
	"encoding/json"
	"math"
)

// Center selects the summary statistic of repeats.
type Center string

// Centers.
const (
	Mean   Center = "mean"
	Median Center = "median"
)

// A Summary summarises a sample, after golang.org/x/perf benchmath.Summary.
type Summary struct {
	N      int     `json:"n"`
	Center float64 `json:"center"`
	// Lo and Hi bound the confidence interval; ±Inf (JSON null) when the
	// sample is too small for a finite interval.
	Lo, Hi float64
	// Confidence is the actual level of [Lo, Hi]: the requested one for
	// the mean, ≥ the requested one for the median (order statistics).
	Confidence float64 `json:"confidence"`
	// Method says how the interval was made: "t" (Student-t over repeats),
	// "order" (order statistics of the median), "batch-means" (within one
	// run), "none" (n = 1, no series).
	Method   string   `json:"method"`
	Warnings Warnings `json:"warnings"`
}

// MarshalJSON writes infinite bounds as null.
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	return json.Marshal(struct {
		plain
		Lo *float64 `json:"lo"`
		Hi *float64 `json:"hi"`
	}{plain(s), num(s.Lo), num(s.Hi)})
}

// Finite reports whether the interval is finite.
func (s Summary) Finite() bool { return !math.IsInf(s.Lo, 0) && !math.IsInf(s.Hi, 0) }

// PctRange returns the interval's half-width as a fraction of the center
// (the larger side), as benchstat's "± x%"; +Inf when not finite, NaN when
// the bounds and center differ in sign.
func (s Summary) PctRange() float64 { panic("todo") }

// SummarizeMean returns the mean of xs with a Student-t interval
// x̄ ± t(n−1, (1+c)/2)·s/√n. With n = 1 the interval is infinite (with a
// warning); with zero variance it is the point itself.
func SummarizeMean(xs []float64, confidence float64) Summary { panic("todo") }

// SummarizeMedian returns the median of xs with the distribution-free
// order-statistic interval exactly as golang.org/x/perf benchmath's
// AssumeNothing (go-moremath stats.QuantileCI): under Binomial(n, ½), start
// at the lower mode ⌈(n+1)/2⌉−1, add the larger neighbouring probability
// (the left one on ties) until the confidence is reached; n > 30 uses the
// normal approximation with continuity correction. Fewer than 6 samples
// give no finite 95% interval and a warning saying how many are needed.
func SummarizeMedian(xs []float64, confidence float64) Summary { panic("todo") }

// QuantileCI returns the 1-based order statistics [lo, hi] bounding the
// confidence interval of quantile q in a sample of n, and the actual
// confidence (lo < 1 or hi > n mean an infinite bound).
func QuantileCI(n int, q, confidence float64) (lo, hi int, actual float64) { panic("todo") }
