package analyze

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Center selects the summary statistic of repeats.
type Center string

// Centers.
const (
	// GeoMean is the geometric mean, the mean on the log scale: rates and
	// latencies are positive and compared as ratios, so their repeats are
	// summarised, and systems compared, where a ratio is a difference.
	// Intervals are Student-t on the logarithms (SummarizeGeoMean) and
	// never leave (0, ∞); comparisons are LogRatio.
	GeoMean Center = "geomean"
	// Median is the median, with the order-statistic interval
	// (SummarizeMedian); comparisons are RankRatio.
	Median Center = "median"
	// Mean is the name --center has always accepted for GeoMean.
	Mean = GeoMean
)

// ParseCenter reads a --center value: "geomean" (or "mean") or "median".
func ParseCenter(s string) (Center, error) {
	switch s {
	case "geomean", "mean", "":
		return GeoMean, nil
	case "median":
		return Median, nil
	}
	return "", fmt.Errorf("want geomean (or mean) or median, not %q", s)
}

// Describe names the centre in words: "geometric mean", "median".
func (c Center) Describe() string {
	if c == Median {
		return "median"
	}
	return "geometric mean"
}

// Summarize summarises repeats with the centre c: SummarizeGeoMean or
// SummarizeMedian. Every centre and interval of repeats that sbreport
// shows comes from here.
func Summarize(xs []float64, c Center, confidence float64) Summary {
	if c == Median {
		return SummarizeMedian(xs, confidence)
	}
	return SummarizeGeoMean(xs, confidence)
}

// A Summary summarises a sample, after golang.org/x/perf benchmath.Summary.
type Summary struct {
	N      int     `json:"n"`
	Center float64 `json:"-"` // JSON "center", null when undefined
	// Lo and Hi bound the confidence interval; ±Inf (JSON null) when the
	// sample is too small for a finite interval.
	Lo, Hi float64 `json:"-"`
	// Confidence is the actual level of [Lo, Hi]: the requested one for
	// the mean, ≥ the requested one for the median (order statistics).
	Confidence float64 `json:"confidence"`
	// Method says how the interval was made: "log-t" (Student-t over the
	// logarithms of the repeats: geometric mean), "t" (Student-t over
	// values), "order" (order statistics of the median), "batch-means"
	// (within one run), "none" (n = 1, no series, or a value that is not
	// positive).
	Method   string   `json:"method"`
	Warnings Warnings `json:"warnings"`
}

// MarshalJSON writes infinite bounds as null.
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	lo, hi := bothBounds(s.Lo, s.Hi)
	return json.Marshal(struct {
		plain
		Center *float64 `json:"center"`
		Lo     *float64 `json:"lo"`
		Hi     *float64 `json:"hi"`
	}{plain(s), num(s.Center), lo, hi})
}

// Finite reports whether the interval is finite.
func (s Summary) Finite() bool { return !math.IsInf(s.Lo, 0) && !math.IsInf(s.Hi, 0) }

// PctRange returns the interval's half-width as a fraction of the center
// (the larger side), as benchstat's "± x%"; +Inf when not finite, NaN when
// the bounds and center differ in sign.
func (s Summary) PctRange() float64 {
	if !s.Finite() {
		return math.Inf(1)
	}
	sign := func(x float64) int {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	if c := sign(s.Center); c != sign(s.Lo) || c != sign(s.Hi) {
		return math.NaN()
	}
	if s.Center == 0 {
		return 0
	}
	return math.Max(s.Hi/s.Center-1, 1-s.Lo/s.Center)
}

// SummarizeMean returns the mean of xs with a Student-t interval
// x̄ ± t(n−1, (1+c)/2)·s/√n. With n = 1 the interval is infinite (with a
// warning); with zero variance it is the point itself.
func SummarizeMean(xs []float64, confidence float64) Summary {
	n := len(xs)
	s := Summary{N: n, Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Confidence: confidence, Method: "t"}
	switch n {
	case 0:
		s.Method = "none"
		s.Warnings.addf("no values")
		return s
	case 1:
		s.Center = xs[0]
		s.Method = "none"
		s.Warnings.addf("need >= 2 runs for a confidence interval of the mean")
		return s
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	s.Center = mean
	if sd == 0 || math.IsNaN(sd) {
		s.Lo, s.Hi = mean, mean
		return s
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile((1 + confidence) / 2)
	h := t * sd / math.Sqrt(float64(n))
	s.Lo, s.Hi = mean-h, mean+h
	return s
}

// SummarizeGeoMean returns the geometric mean of xs, exp(ȳ) with
// y = log x, and the interval exp(ȳ ± t(n−1, (1+c)/2)·s_y/√n): the
// Student-t interval on the log scale, which is never below zero and is
// wider above the centre than below. With n = 1 the interval is infinite
// (with a warning); with no variation it is the point itself. A value
// that is not positive (a failed run's 0 tps, a latency printed as 0.00)
// has no logarithm: the centre is then the arithmetic mean, with no
// interval and a warning.
func SummarizeGeoMean(xs []float64, confidence float64) Summary {
	n := len(xs)
	s := Summary{N: n, Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Confidence: confidence, Method: "log-t"}
	if n == 0 {
		s.Method = "none"
		s.Warnings.addf("no values")
		return s
	}
	ls, bad, ok := logs(xs)
	if !ok {
		s.Center = stat.Mean(xs, nil)
		s.Method = "none"
		s.Warnings.addf("a value is not positive (%v): no geometric mean or interval; the arithmetic mean is shown", bad)
		return s
	}
	mean, sd := stat.MeanStdDev(ls, nil)
	s.Center = math.Exp(mean)
	if n == 1 {
		s.Center = xs[0]
		s.Method = "none"
		s.Warnings.addf("need >= 2 runs for a confidence interval")
		return s
	}
	if sd == 0 || math.IsNaN(sd) {
		s.Lo, s.Hi = s.Center, s.Center
		return s
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile((1 + confidence) / 2)
	h := t * sd / math.Sqrt(float64(n))
	s.Lo, s.Hi = math.Exp(mean-h), math.Exp(mean+h)
	return s
}

// SummarizeMedian returns the median of xs with the distribution-free
// order-statistic interval exactly as golang.org/x/perf benchmath's
// AssumeNothing (go-moremath stats.QuantileCI): under Binomial(n, ½), start
// at the lower mode ⌈(n+1)/2⌉−1, add the larger neighbouring probability
// (the left one on ties) until the confidence is reached; n > 30 uses the
// normal approximation with continuity correction. Fewer than 6 samples
// give no finite 95% interval and a warning saying how many are needed.
func SummarizeMedian(xs []float64, confidence float64) Summary {
	n := len(xs)
	s := Summary{N: n, Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Confidence: 1, Method: "order"}
	if n == 0 {
		s.Method = "none"
		s.Warnings.addf("no values")
		return s
	}
	sorted := append([]float64(nil), xs...)
	sort.Float64s(sorted)
	if n%2 == 1 {
		s.Center = sorted[n/2]
	} else {
		s.Center = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	lo, hi, actual := QuantileCI(n, 0.5, confidence)
	s.Confidence = actual
	if lo >= 1 {
		s.Lo = sorted[lo-1]
	}
	if hi <= n {
		s.Hi = sorted[hi-1]
	}
	if !s.Finite() {
		// One order statistic can be in range while the other is not
		// (n = 5 at 95%: [−∞, x₍₅₎]): an interval has both bounds or none.
		s.Lo, s.Hi, s.Confidence = math.Inf(-1), math.Inf(1), 1
		op, need := medianSamples(confidence)
		s.Warnings = append(s.Warnings, fmt.Errorf("need %s %d samples for confidence interval at level %v", op, need, confidence))
	}
	return s
}

// medianSamples returns the least sample size with a finite median
// interval at the given confidence (as benchmath's medianSamples).
func medianSamples(confidence float64) (op string, n int) {
	const limit = 50
	for n = 2; n <= limit; n++ {
		lo, hi, _ := QuantileCI(n, 0.5, confidence)
		if 0 < lo && hi <= n {
			return ">=", n
		}
	}
	return ">", limit
}

// quantileCIApproxThreshold is the sample size above which QuantileCI uses
// the normal approximation (as go-moremath).
const quantileCIApproxThreshold = 30

// QuantileCI returns the 1-based order statistics [lo, hi] bounding the
// confidence interval of quantile q in a sample of n, and the actual
// confidence (lo < 1 or hi > n mean an infinite bound).
//
// The result is the half-open band [lo, hi) of the binomial distribution,
// so the interval runs from the lo-th to the hi-th order statistic.
func QuantileCI(n int, q, confidence float64) (lo, hi int, actual float64) {
	if confidence >= 1 {
		return 0, n + 1, 1
	}
	b := distuv.Binomial{N: float64(n), P: q}
	pmf := func(k int) float64 {
		if k < 0 || k > n {
			return 0
		}
		return b.Prob(float64(k))
	}
	var l, r int
	if n <= quantileCIApproxThreshold {
		// Start at the lower mode and accumulate probabilities in
		// decreasing order, preferring the left neighbour on ties.
		x := int(math.Ceil(float64(n+1)*q) - 1)
		if q == 0 {
			x = 0
		}
		accum := pmf(x)
		l, r = x, x+1
		lp, rp := pmf(l-1), pmf(r)
		for accum < confidence && (lp > 0 || rp > 0) {
			if lp >= rp {
				accum += lp
				l--
				lp = pmf(l - 1)
			} else {
				accum += rp
				r++
				rp = pmf(r)
			}
		}
		actual = accum
	} else {
		mu := float64(n) * q
		sd := math.Sqrt(float64(n) * q * (1 - q))
		norm := distuv.Normal{Mu: mu, Sigma: sd}
		alpha := (1 - confidence) / 2
		l1 := norm.Quantile(alpha)
		r1 := 2*mu - l1
		l = int(math.Floor(math.Floor(l1-0.5)+0.5)) + 1
		r = int(math.Floor(math.Ceil(r1-0.5)+0.5)) + 1
		cdf := func(l, r int) float64 { return norm.CDF(float64(r)-0.5) - norm.CDF(float64(l)-0.5) }
		actual = cdf(l, r)
		if biased := cdf(l, r-1); biased >= confidence && biased < actual {
			actual = biased
			r--
		}
		if l <= 0 && r >= n+1 {
			actual = 1
		}
	}
	if l < 0 {
		l = 0
	}
	if r > n+1 {
		r = n + 1
	}
	return l, r, actual
}
