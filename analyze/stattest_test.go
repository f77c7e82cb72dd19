package analyze

import (
	"math/rand/v2"

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

// TestLogRatio checks LogRatio against closed forms. With logarithms
// {1, 3} and {4, 6} (values e¹, e³ and e⁴, e⁶) both variances of the mean
// are 1, so d = 3, se = √2 and Welch's ν = (1+1)²/(1+1) = 2; for 2
// degrees of freedom the two-sided p is 1 − |t|/√(t²+2), here
// 1 − 3/√13, and the interval is exp(3 ± t(0.975, 2)·√2).
func TestLogRatio(t *testing.T) {
	const t2 = 4.302652729911275 // t(0.975, 2)
	e := math.Exp
	tests := []struct {
		name    string
		xs, ys  []float64
		ratio   float64
		lo, hi  float64
		p       float64
		bounded bool
		tested  bool
		warn    []string
	}{
		{"closed form", []float64{e(1), e(3)}, []float64{e(4), e(6)}, e(3),
			e(3 - t2*math.Sqrt2), e(3 + t2*math.Sqrt2), 1 - 3/math.Sqrt(13), true, true, nil},
		// d = 8, t = 8/√2: p = 1 − 8/√68; the interval excludes 1.
		{"significant", []float64{e(1), e(3)}, []float64{e(9), e(11)}, e(8),
			e(8 - t2*math.Sqrt2), e(8 + t2*math.Sqrt2), 1 - 8/math.Sqrt(68), true, true, nil},
		{"one run a side", []float64{10}, []float64{20}, 2, -inf, inf, math.NaN(), false, false, nil},
		{"one run on one side", []float64{10, 12}, []float64{20}, 20 / math.Sqrt(120), -inf, inf, math.NaN(), false, false, nil},
		{"constant", []float64{4, 4}, []float64{6, 6, 6}, 1.5, 1.5, 1.5, 0, true, true,
			[]string{"no variation on either side: the ratio is exact"}},
		{"zero", []float64{0, 10}, []float64{20, 30}, 5, -inf, inf, math.NaN(), false, false,
			[]string{"a value is not positive (0): no interval or test on the log scale; the ratio is of arithmetic means"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := LogRatio(tt.xs, tt.ys, 0.95)
			if !approx(r.Ratio, tt.ratio, 1e-12) || !approx(r.Lo, tt.lo, 1e-9) || !approx(r.Hi, tt.hi, 1e-9) ||
				!approx(r.P, tt.p, 1e-12) || r.Bounded != tt.bounded || r.Tested != tt.tested || !sameStrings(warnText(r.Warnings), tt.warn) {
				t.Errorf("LogRatio = %+v, want %v [%v, %v] p=%v bounded=%v tested=%v %q", r, tt.ratio, tt.lo, tt.hi, tt.p, tt.bounded, tt.tested, tt.warn)
			}
		})
	}
}

// TestUPMFUntied checks the exact null distribution of the Mann–Whitney
// count with no ties (every tie group of size 1) for 4 against 4: the
// coefficients of the Gaussian binomial [8 4]_q are
// 1 1 2 3 5 5 7 7 8 7 7 5 5 3 2 1 1 (70 in all). uPMF gives 2U, so the
// odd entries are zero.
func TestUPMFUntied(t *testing.T) {
	ones := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = 1
		}
		return s
	}
	coef := []float64{1, 1, 2, 3, 5, 5, 7, 7, 8, 7, 7, 5, 5, 3, 2, 1, 1}
	pmf := uPMF(4, 4, ones(8))
	if len(pmf) != 2*len(coef)-1 {
		t.Fatalf("support of 2U: %d values, want %d", len(pmf), 2*len(coef)-1)
	}
	for w, q := range pmf {
		want := 0.0
		if w%2 == 0 {
			want = coef[w/2] / 70
		}
		if !approx(q, want, 1e-12) {
			t.Errorf("P(2U = %d) = %v, want %v", w, q, want)
		}
	}
	// 3 against 2: [5 2]_q = 1 1 2 2 2 1 1 (10 in all); P(U ≤ 2) = 4/10.
	pmf = uPMF(3, 2, ones(5))
	if got := pmf[0] + pmf[2] + pmf[4]; !approx(got, 4.0/10, 1e-12) {
		t.Errorf("P(U ≤ 2) for 3 and 2 = %v, want 0.4", got)
	}
}

// TestRankRatio checks RankRatio against the exact distribution.
func TestRankRatio(t *testing.T) {
	// 4 against 4, separated: P₀(U ≤ 0) = 1/70 ≤ 0.025 < P₀(U ≤ 1) = 2/70,
	// so k = 1 and the interval runs from the least to the largest
	// pairwise ratio; p = 2/70.
	r := RankRatio([]float64{10, 11, 12, 13}, []float64{20, 21, 22, 23}, 0.95)
	if !approx(r.Ratio, 21.5/11.5, 1e-12) || !approx(r.Lo, 20.0/13, 1e-12) || !approx(r.Hi, 23.0/10, 1e-12) ||
		!approx(r.P, 2.0/70, 1e-12) || !approx(r.Confidence, 1-2.0/70, 1e-12) {
		t.Errorf("separated: %+v", r)
	}
	// A tie between the systems (4 and 4): at ratio 1 the two 4s tie, the
	// least mid-rank U is ½ (x = 1, 2, 3 and one of the 4s: 2 of the 70
	// splits), so p = 2·2/70 = 4/70 > 0.05, as benchmath's Mann–Whitney
	// gives; the interval's lower end is that ratio 1 and includes it.
	r = RankRatio([]float64{1, 2, 3, 4}, []float64{4, 5, 6, 7}, 0.95)
	if !approx(r.P, 4.0/70, 1e-12) || r.Lo != 1 || r.LoOpen || !approx(r.Hi, 7, 1e-12) {
		t.Errorf("tie: %+v", r)
	}
	if mw := MannWhitney([]float64{1, 2, 3, 4}, []float64{4, 5, 6, 7}, 0.05); !approx(mw.P, r.P, 1e-12) {
		t.Errorf("MannWhitney %v, RankRatio %v", mw.P, r.P)
	}
	r = RankRatio([]float64{1, 2, 3}, []float64{7, 8, 9}, 0.95)
	if r.Bounded || !approx(r.P, 0.1, 1e-12) || !sameStrings(warnText(r.Warnings), []string{"need >= 4 runs per side for a 0.95 interval of the ratio of medians"}) {
		t.Errorf("3 against 3: %+v", r)
	}
	if r := RankRatio([]float64{5}, []float64{10, 11}, 0.95); r.Tested || r.Bounded || r.Ratio != 10.5/5 {
		t.Errorf("one run: %+v", r)
	}
}

// TestVerdictMatchesInterval draws 2,000 pairs of samples (2 to 12 runs
// a side, lognormal, with and without a real difference) and checks that
// at α = 1 − confidence a p-value ≤ α goes with an interval that excludes
// 1, and only then, for both pivots.
func TestVerdictMatchesInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(n int, mu, sigma float64) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = math.Round(100*math.Exp(mu+sigma*rng.NormFloat64())) / 100 // two decimals, as sysbench prints
		}
		return xs
	}
	checked := [2]int{}
	for i := 0; i < 2000; i++ {
		shift := []float64{0, 0.05, 0.3}[i%3]
		sigma := []float64{0.01, 0.1, 0.5}[(i/3)%3]
		xs := draw(2+rng.IntN(11), 7, sigma)
		ys := draw(2+rng.IntN(11), 7+shift, sigma*(0.5+rng.Float64()))
		for k, rt := range []RatioTest{LogRatio(xs, ys, 0.95), RankRatio(xs, ys, 0.95)} {
			if !rt.Tested {
				continue
			}
			checked[k]++
			excludes := rt.Bounded && (rt.Lo > 1 || rt.Hi < 1 || rt.Lo == 1 && rt.LoOpen || rt.Hi == 1 && rt.HiOpen)
			if (rt.P <= 0.05) != excludes {
				t.Fatalf("pivot %d: p = %v but interval [%v, %v] for %v vs %v", k, rt.P, rt.Lo, rt.Hi, xs, ys)
			}
			if rt.Bounded && !(rt.Lo > 0) {
				t.Fatalf("pivot %d: interval [%v, %v] reaches 0", k, rt.Lo, rt.Hi)
			}
		}
	}
	if checked[0] != 2000 || checked[1] != 2000 {
		t.Errorf("tested %v pairs, want 2000 each", checked)
	}
}
