package analyze

import (
	"math"
	"testing"
)

// approx reports whether got equals want to a relative tolerance (both
// infinite with the same sign also count as equal).
func approx(got, want, rel float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || math.IsNaN(got) && math.IsNaN(want)
	}
	if want == 0 {
		return math.Abs(got) <= rel
	}
	return math.Abs(got-want) <= rel*math.Abs(want)
}

func warnText(w Warnings) []string { return w.Strings() }

func sameStrings(a, b []string) bool {
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

// TestSummarizeMedian checks the values of golang.org/x/perf benchmath's
// TestSummaryNone (benchmath/assumption_test.go), which our median
// interval must reproduce.
func TestSummarizeMedian(t *testing.T) {
	tests := []struct {
		name           string
		xs             []float64
		conf           float64
		center, lo, hi float64
		actual         float64
		warn           []string
	}{
		{"n=6 at 95%", []float64{-10, 2, 3, 4, 5, 6}, 0.95, 3.5, -10, 6, 1 - 0.03125, nil},
		{"n=6 at 99%", []float64{-10, 2, 3, 4, 5, 6}, 0.99, 3.5, -inf, inf, 1,
			[]string{"need >= 8 samples for confidence interval at level 0.99"}},
		{"n=6 at 100%", []float64{-10, 2, 3, 4, 5, 6}, 1, 3.5, -inf, inf, 1,
			[]string{"need > 50 samples for confidence interval at level 1"}},
		{"n=2 at 0%", []float64{1, 2}, 0, 1.5, 1, 2, 0.5, nil},
		{"n=1", []float64{1}, 0.95, 1, -inf, inf, 1,
			[]string{"need >= 6 samples for confidence interval at level 0.95"}},
		// Left-biased growth reaches [0, 5): the lower bound would be
		// infinite, and an interval has both bounds or none.
		{"n=5 too few for 95%", []float64{5, 1, 4, 2, 3}, 0.95, 3, -inf, inf, 1,
			[]string{"need >= 6 samples for confidence interval at level 0.95"}},
		// Textbook: for n = 10 the 95% interval of the median runs from
		// the 2nd to the 9th order statistic, confidence 1 − 2·11/1024.
		{"n=10 unsorted", []float64{10, 1, 9, 2, 8, 3, 7, 4, 6, 5}, 0.95, 5.5, 2, 9, 1 - 22.0/1024, nil},
		{"constant", []float64{7, 7, 7, 7, 7, 7}, 0.95, 7, 7, 7, 1 - 0.03125, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SummarizeMedian(tt.xs, tt.conf)
			if s.N != len(tt.xs) || !approx(s.Center, tt.center, 1e-12) || !approx(s.Lo, tt.lo, 1e-12) ||
				!approx(s.Hi, tt.hi, 1e-12) || !approx(s.Confidence, tt.actual, 1e-9) ||
				!sameStrings(warnText(s.Warnings), tt.warn) {
				t.Errorf("got %+v %q, want center %v [%v, %v] @%v %q", s, warnText(s.Warnings), tt.center, tt.lo, tt.hi, tt.actual, tt.warn)
			}
		})
	}
}

// TestQuantileCI checks the order statistics of go-moremath's
// TestQuantileCI (stats/quantileci_test.go), which benchmath uses.
func TestQuantileCI(t *testing.T) {
	tests := []struct {
		n          int
		q, conf    float64
		lo, hi     int
		wantActual float64
	}{
		{4, 0.5, 0.001, 2, 3, 0.375},
		{4, 0.25, 0.001, 1, 2, 0.421875},
		{4, 0.5, 0.375, 2, 3, 0.375},
		{4, 0.5, 0.3750001, 1, 3, 0.375 + 0.25}, // left bias
		{4, 0.5, 1, 0, 5, 1},
		{4, 0.5, 0.99, 0, 5, 1},
		{4, 0.5, 0.99 - 0.0625, 0, 4, 0.375 + 2*0.25 + 0.0625},
		{5, 0.5, 0.001, 2, 3, 0.3125},
		{5, 0.5, 0.3125001, 2, 4, 0.3125 * 2},
		{5, 0.5, 1, 0, 6, 1},
		{5, 0.5, 0.99 - 0.03125, 0, 5, 1 - 0.03125},
	}
	for _, tt := range tests {
		lo, hi, actual := QuantileCI(tt.n, tt.q, tt.conf)
		if lo != tt.lo || hi != tt.hi || !approx(actual, tt.wantActual, 1e-9) {
			t.Errorf("QuantileCI(%d, %v, %v) = [%d,%d)@%v, want [%d,%d)@%v", tt.n, tt.q, tt.conf, lo, hi, actual, tt.lo, tt.hi, tt.wantActual)
		}
	}
	// Above 30 samples the normal approximation is used; the interval
	// must still be nested in the sample and reach the confidence.
	for _, n := range []int{31, 50, 100, 1000} {
		lo, hi, actual := QuantileCI(n, 0.5, 0.95)
		if lo < 1 || hi > n || actual < 0.95 || actual > 1 {
			t.Errorf("QuantileCI(%d, 0.5, 0.95) = [%d,%d)@%v", n, lo, hi, actual)
		}
	}
}

func TestSummarizeMean(t *testing.T) {
	tests := []struct {
		name           string
		xs             []float64
		center, lo, hi float64
		warn           []string
	}{
		// benchmath TestSummaryNormal.
		{"benchmath", []float64{-8, 2, 3, 4, 5, 6}, 2, -3.351092806089359, 7.351092806089359, nil},
		// Textbook: mean 20, s = √(8/3), t(0.975, 3) = 3.182446305284263.
		{"n=4", []float64{18, 20, 22, 20}, 20, 20 - 3.182446305284263*math.Sqrt(8.0/3)/2, 20 + 3.182446305284263*math.Sqrt(8.0/3)/2, nil},
		{"zero variance", []float64{5, 5, 5}, 5, 5, 5, nil},
		{"n=1", []float64{5}, 5, -inf, inf, []string{"need >= 2 runs for a confidence interval of the mean"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SummarizeMean(tt.xs, 0.95)
			if !approx(s.Center, tt.center, 1e-12) || !approx(s.Lo, tt.lo, 1e-9) || !approx(s.Hi, tt.hi, 1e-9) ||
				s.Confidence != 0.95 || !sameStrings(warnText(s.Warnings), tt.warn) {
				t.Errorf("got %+v %q", s, warnText(s.Warnings))
			}
		})
	}
}

func TestPctRange(t *testing.T) {
	s := Summary{Center: 100, Lo: 95, Hi: 103}
	if got := s.PctRange(); !approx(got, 0.05, 1e-12) {
		t.Errorf("PctRange = %v, want 0.05", got)
	}
	if got := (Summary{Center: 1, Lo: -inf, Hi: inf}).PctRange(); !math.IsInf(got, 1) {
		t.Errorf("PctRange of infinite = %v", got)
	}
}

func TestSummarizeGeoMean(t *testing.T) {
	const t1 = 12.706204736174707 // t(0.975, 1)
	const t3 = 3.182446305284263  // t(0.975, 3)
	e := math.Exp
	tests := []struct {
		name           string
		xs             []float64
		center, lo, hi float64
		method         string
		warn           []string
	}{
		// Logarithms 1 and 3: mean 2, s = √2, n = 2: exp(2 ± t1·√2/√2).
		{"two runs", []float64{e(1), e(3)}, e(2), e(2 - t1), e(2 + t1), "log-t", nil},
		// Logarithms 0, 1, 2, 1: mean 1, s = √(2/3), n = 4.
		{"four runs", []float64{1, e(1), e(2), e(1)}, e(1), e(1 - t3*math.Sqrt(2.0/3)/2), e(1 + t3*math.Sqrt(2.0/3)/2), "log-t", nil},
		{"zero variance", []float64{5, 5, 5}, 5, 5, 5, "log-t", nil},
		{"n=1", []float64{5}, 5, -inf, inf, "none", []string{"need >= 2 runs for a confidence interval"}},
		{"a zero", []float64{0, 6}, 3, -inf, inf, "none",
			[]string{"a value is not positive (0): no geometric mean or interval; the arithmetic mean is shown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SummarizeGeoMean(tt.xs, 0.95)
			if !approx(s.Center, tt.center, 1e-12) || !approx(s.Lo, tt.lo, 1e-9) || !approx(s.Hi, tt.hi, 1e-9) ||
				s.Method != tt.method || !sameStrings(warnText(s.Warnings), tt.warn) {
				t.Errorf("got %+v %q", s, warnText(s.Warnings))
			}
		})
	}
}
