package analyze

import (
	"math"
	"testing"
)

// TestMannWhitney checks p-values published by golang.org/x/perf
// (benchmath TestCompareNone) and go-moremath (stats/utest_test.go, the
// large samples checked there against R's wilcox.test).
func TestMannWhitney(t *testing.T) {
	l1 := make([]float64, 500)
	for i := range l1 {
		l1[i] = float64(i * 2)
	}
	l2 := make([]float64, 600)
	for i := range l2 {
		l2[i] = float64(i*2 - 41)
	}
	l3 := append([]float64{}, l2...)
	copy(l3[:30], l1[:30])
	tests := []struct {
		name   string
		xs, ys []float64
		p      float64
		warn   []string
	}{
		{"too small", []float64{-1, -1, -1}, []float64{1, 1, 1}, 0.1,
			[]string{"need >= 4 samples to detect a difference at alpha level 0.05"}},
		{"separated", []float64{-1, -1, -1, -1}, []float64{1, 1, 1, 1}, 0.02857142857142857, nil},
		{"overlapping ties", []float64{1, -1, -1, -1}, []float64{-1, 1, 1, 1}, 0.4857142857142857, nil},
		{"all equal", []float64{1, 1, 1, 1}, []float64{1, 1, 1, 1}, 1, []string{"all samples are equal"}},
		{"no ties", []float64{2, 1, 3, 5}, []float64{12, 11, 13, 15}, 0.028571428571428577, nil},
		{"interleaved", []float64{2, 1, 3, 5}, []float64{0, 4, 6, 7}, 0.48571428571428577, nil},
		{"ties with constant", []float64{2, 1, 3, 5}, []float64{2, 2, 2, 2}, 0.7142857142857143, nil},
		{"large", l1, l2, 0.0049335360814172224, nil},
		{"large identical", l1, l1, 1, nil},
		{"large ties", l1, l3, 0.0038703814239617884, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := MannWhitney(tt.xs, tt.ys, 0.05)
			if !approx(r.P, tt.p, 1e-7) || !sameStrings(warnText(r.Warnings), tt.warn) {
				t.Errorf("P = %v %q, want %v %q", r.P, warnText(r.Warnings), tt.p, tt.warn)
			}
		})
	}
}

func TestUTestSamples(t *testing.T) {
	// benchmath TestUTestSamples.
	tests := []struct {
		alpha float64
		op    string
		n     int
	}{{1, ">=", 1}, {0.05, ">=", 4}, {0.01, ">=", 5}, {1e-50, ">", 10}, {0, ">", 10}}
	for _, tt := range tests {
		if op, n := uTestSamples(tt.alpha); op != tt.op || n != tt.n {
			t.Errorf("uTestSamples(%v) = %s %d, want %s %d", tt.alpha, op, n, tt.op, tt.n)
		}
	}
}

func TestWelchTTest(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []float64
		p      float64
		warn   []string
	}{
		// Equal variances and sizes, so Welch's df is n1+n2−2 = 4: means
		// 2 and 5, s² = 1 each, t = −3/√(1/3+1/3) = −3.6742346141747673;
		// for 4 df the two-sided p is 1 − t(t²+6)/(t²+4)^1.5 in closed form.
		{"equal variances", []float64{1, 2, 3}, []float64{4, 5, 6}, 0.021311641128756, nil},
		{"identical", []float64{1, 2, 3}, []float64{1, 2, 3}, 1, nil},
		{"zero variance differ", []float64{1, 1}, []float64{2, 2}, 0, []string{"zero variance on both sides"}},
		{"zero variance equal", []float64{1, 1}, []float64{1, 1}, 1, []string{"zero variance on both sides"}},
		{"n=1", []float64{1}, []float64{2, 3}, 1, []string{"need >= 2 runs per side for a t-test"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := WelchTTest(tt.xs, tt.ys)
			if !approx(r.P, tt.p, 1e-6) || !sameStrings(warnText(r.Warnings), tt.warn) {
				t.Errorf("P = %.15g %q, want %v %q", r.P, warnText(r.Warnings), tt.p, tt.warn)
			}
		})
	}
}

func TestFieller(t *testing.T) {
	const t3 = 3.182446305284263 // t(0.975, 3)
	const t2 = 4.302652729911275 // t(0.975, 2)
	tests := []struct {
		name    string
		xs, ys  []float64
		ratio   float64
		lo, hi  float64
		bounded bool
	}{
		// Exact denominator: the interval is the t interval of ȳ over x̄,
		// df = n_y − 1: (20 ± t3·√(2/3))/10.
		{"exact base", []float64{10, 10, 10}, []float64{18, 20, 22, 20}, 2,
			(20 - t3*math.Sqrt(2.0/3)) / 10, (20 + t3*math.Sqrt(2.0/3)) / 10, true},
		// Exact numerator: θ = ȳ/(x̄ ± t·√v_x), df = n_x − 1.
		{"exact other", []float64{9, 10, 11}, []float64{20, 20}, 2,
			20 / (10 + t2*math.Sqrt(1.0/3)), 20 / (10 - t2*math.Sqrt(1.0/3)), true},
		{"both constant", []float64{4, 4}, []float64{6, 6, 6}, 1.5, 1.5, 1.5, true},
		// The base's mean is not significantly away from zero.
		{"unbounded", []float64{1, -1, 2}, []float64{5, 6, 7}, 9, -inf, inf, false},
		{"single runs", []float64{4}, []float64{6}, 1.5, -inf, inf, false},
		{"zero base", []float64{0, 0}, []float64{1, 2}, math.NaN(), -inf, inf, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, lo, hi, ok := Fieller(tt.xs, tt.ys, 0.95)
			if !approx(r, tt.ratio, 1e-12) || !approx(lo, tt.lo, 1e-9) || !approx(hi, tt.hi, 1e-9) || ok != tt.bounded {
				t.Errorf("Fieller = %v [%v, %v] %v, want %v [%v, %v] %v", r, lo, hi, ok, tt.ratio, tt.lo, tt.hi, tt.bounded)
			}
		})
	}
	// Both samples noisy: the bounds solve (ȳ − θx̄)² = t²(v_y + θ²v_x).
	xs, ys := []float64{100, 104, 98, 102, 101}, []float64{150, 161, 149, 155}
	r, lo, hi, ok := Fieller(xs, ys, 0.95)
	if !ok || !(lo < r && r < hi) {
		t.Fatalf("Fieller = %v [%v, %v] %v", r, lo, hi, ok)
	}
}
