package analyze

import (
	"strings"

	"errors"
	"github.com/sbreport/sbreport/collect"
	"math"
	"testing"
)

// specSDM91 is R usl's specsdm91 data set (a Sun SPARCcenter 2000 in the
// SPEC SDM91 benchmark, from Gunther, Guerrilla Capacity Planning, 2007).
// The package ships it as binary data/specsdm91.rda; the values here are
// reconstructed from its published outputs in github.com/smoeding/usl
// tests/*.Rout.save and agree with all of them to the printed digits:
// fitted + residuals (tests/fitted.Rout.save, tests/residuals.Rout.save)
// and efficiency × load × γ (tests/efficiency.Rout.save, γ = 89.995).
var specSDM91 = []Measurement{
	{1, 64.9}, {18, 995.9}, {36, 1652.4}, {72, 1853.2},
	{108, 1828.9}, {144, 1775.0}, {216, 1702.2},
}

func TestFitUSLSpecSDM91(t *testing.T) {
	f, err := FitUSL(specSDM91, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	// smoeding/usl tests/summary.Rout.save: alpha 2.773e-02 (SE 9.122e-03),
	// beta 1.044e-04 (SE 1.988e-05), gamma 9.000e+01 (SE 1.421e+01),
	// residual standard error 82.85 on 4 degrees of freedom,
	// R² 0.9896; the issue quotes λ ≈ 89.995, σ ≈ 0.02773, κ ≈ 0.0001044.
	checks := []struct {
		name      string
		got, want float64
		rel       float64
	}{
		{"sigma", f.Sigma, 0.0277285, 2e-3},
		{"kappa", f.Kappa, 0.0001044, 2e-3},
		{"lambda", f.Lambda, 89.995, 1e-3},
		{"sigma SE", f.SigmaSE, 9.122e-03, 2e-3},
		{"kappa SE", f.KappaSE, 1.988e-05, 3e-3},
		{"lambda SE", f.LambdaSE, 14.21, 2e-3},
		{"RSE", f.RSE, 82.85, 1e-3},
		{"R2", f.R2, 0.9896, 1e-4},
		// tests/peak-scalability.Rout.save: signif(peak, 2) = 97; the
		// issue: N* ≈ 96.5.
		{"peak", f.Peak(), 96.5, 5e-3},
	}
	for _, c := range checks {
		if !approx(c.got, c.want, c.rel) {
			t.Errorf("%s = %.6g, want %.6g (±%g)", c.name, c.got, c.want, c.rel)
		}
	}
	if f.DF != 4 {
		t.Errorf("DF = %d, want 4", f.DF)
	}
	// tests/residuals.Rout.save (3 significant digits).
	wantRes := []float64{-25.10, -81.66, 111.09, 3.05, -49.99, -46.60, 56.00}
	for i, r := range f.Residuals {
		if math.Abs(r-wantRes[i]) > 0.1 {
			t.Errorf("residual %d = %.2f, want %.2f", i, r, wantRes[i])
		}
	}
}

func TestFitUSLNoOnePoint(t *testing.T) {
	// Data made from a known model, without N = 1: λ is still recovered.
	m := Model{Sigma: 0.05, Kappa: 0.001, Lambda: 500}
	var ms []Measurement
	for _, n := range []float64{4, 8, 16, 32, 64} {
		ms = append(ms, Measurement{n, m.ThroughputAt(n)})
	}
	f, err := FitUSL(ms, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !approx(f.Sigma, 0.05, 1e-5) || !approx(f.Kappa, 0.001, 1e-5) || !approx(f.Lambda, 500, 1e-6) {
		t.Errorf("fit = %+v, want %+v", f.Model, m)
	}
}

func TestFitUSLEdges(t *testing.T) {
	t.Run("too few levels", func(t *testing.T) {
		_, err := FitUSL([]Measurement{{1, 10}, {2, 19}, {2, 18}}, 0.95)
		if !errors.Is(err, ErrTooFewLevels) {
			t.Errorf("err = %v, want ErrTooFewLevels", err)
		}
	})
	t.Run("linear: sigma and kappa zero", func(t *testing.T) {
		f, err := FitUSL([]Measurement{{1, 100}, {2, 200}, {4, 400}, {8, 800}}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if f.Sigma > 1e-9 || f.Kappa > 1e-9 || !approx(f.Lambda, 100, 1e-9) {
			t.Errorf("fit = %+v", f.Model)
		}
		if !math.IsInf(f.Peak(), 1) || !math.IsInf(f.MaxThroughput(), 1) {
			t.Errorf("peak %v max %v, want +Inf", f.Peak(), f.MaxThroughput())
		}
		checkFinite(t, f)
	})
	t.Run("amdahl: kappa zero, ceiling", func(t *testing.T) {
		m := Model{Sigma: 0.1, Lambda: 100}
		var ms []Measurement
		for _, n := range []float64{1, 2, 4, 8, 16} {
			ms = append(ms, Measurement{n, m.ThroughputAt(n)})
		}
		f, err := FitUSL(ms, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if f.Kappa > 1e-9 || !approx(f.Sigma, 0.1, 1e-6) {
			t.Errorf("fit = %+v", f.Model)
		}
		if !approx(f.Ceiling(), 1000, 1e-5) || !math.IsInf(f.Peak(), 1) {
			t.Errorf("ceiling %v peak %v, want 1000 and +Inf", f.Ceiling(), f.Peak())
		}
	})
	t.Run("constant throughput", func(t *testing.T) {
		f, err := FitUSL([]Measurement{{1, 50}, {2, 50}, {4, 50}, {8, 50}}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		// X(N) = λN/(1+σ(N−1)) with σ = 1 is flat at λ.
		if !approx(f.Sigma, 1, 1e-6) || !approx(f.Lambda, 50, 1e-6) {
			t.Errorf("fit = %+v", f.Model)
		}
	})
	t.Run("three points", func(t *testing.T) {
		f, err := FitUSL([]Measurement{{1, 100}, {4, 300}, {16, 500}}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if !math.IsNaN(f.SigmaSE) || len(f.Warnings) == 0 {
			t.Errorf("SE %v warnings %v: want NaN and a warning", f.SigmaSE, f.Warnings)
		}
	})
	t.Run("zeros and bad points", func(t *testing.T) {
		f, err := FitUSL([]Measurement{{1, 0}, {2, 0}, {4, 0}, {math.NaN(), 3}}, 0.95)
		if err == nil {
			t.Errorf("all-zero fit = %+v, want an error", f)
		}
	})
}

func TestModel(t *testing.T) {
	m := Model{Sigma: 0.0277285, Kappa: 0.0001044, Lambda: 89.995}
	// Peak N* = √((1−σ)/κ) (Gunther 2007, eq. 4.33).
	if got := m.Peak(); !approx(got, math.Sqrt((1-0.0277285)/0.0001044), 1e-12) {
		t.Errorf("Peak = %v", got)
	}
	if !math.IsNaN(m.Ceiling()) {
		t.Errorf("Ceiling with κ > 0 = %v, want NaN", m.Ceiling())
	}
	if !m.ContentionConstrained() || m.CoherencyConstrained() || m.Limitless() {
		t.Error("predicates")
	}
	if got := m.LatencyAt(10); !approx(got, 10/m.ThroughputAt(10), 1e-12) {
		t.Errorf("LatencyAt = %v", got)
	}
	if ms := FromThroughputAndLatency(100, 0.02); ms.Concurrency != 2 {
		t.Errorf("FromThroughputAndLatency = %+v", ms)
	}
	if ms := FromConcurrencyAndLatency(2, 0.02); ms.Throughput != 100 {
		t.Errorf("FromConcurrencyAndLatency = %+v", ms)
	}
}

func checkFinite(t *testing.T, f *Fit) {
	t.Helper()
	for _, v := range []float64{f.Sigma, f.Kappa, f.Lambda, f.RSS} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("non-finite value in %+v", f.Model)
		}
	}
	for _, r := range f.Residuals {
		if math.IsNaN(r) || math.IsInf(r, 0) {
			t.Errorf("non-finite residual")
		}
	}
}

func BenchmarkFitUSL20(b *testing.B) {
	m := Model{Sigma: 0.03, Kappa: 0.0002, Lambda: 600}
	var ms []Measurement
	for i := 1; i <= 20; i++ {
		n := float64(i * 4)
		// Deterministic ±2% noise.
		ms = append(ms, Measurement{n, m.ThroughputAt(n) * (1 + 0.02*math.Sin(float64(i)*1.7))})
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := FitUSL(ms, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}

// gnRef is an independent reference for FitUSL on curves that start far
// from one thread: the linearised USL N/X = 1/λ + (σ/λ)(N−1) + (κ/λ)N(N−1)
// (Gunther 2007, §5.6) fitted by ordinary least squares for a start, then
// damped Gauss–Newton steps on the throughput residuals, each step solved
// by Householder QR of the Jacobian (never forming JᵀJ), and the
// covariance (JᵀJ)⁻¹ = R⁻¹R⁻ᵀ from the same factorisation. With fixKappa
// the model is Amdahl's (κ = 0, two parameters).
type gnRef struct {
	lambda, sigma, kappa   float64
	lambdaSE, sigmaSE, kSE float64
	rss                    float64
	converged              bool
}

// householderQR returns R (p×p, upper triangular) and Qᵀb of the m×p
// matrix a (columns copied), by Householder reflections.
func householderQR(a [][]float64, b []float64) (r [][]float64, qtb []float64) {
	m, p := len(a), len(a[0])
	w := make([][]float64, m)
	for i := range a {
		w[i] = append([]float64(nil), a[i]...)
	}
	qtb = append([]float64(nil), b...)
	for k := 0; k < p; k++ {
		norm := 0.0
		for i := k; i < m; i++ {
			norm = math.Hypot(norm, w[i][k])
		}
		if norm == 0 {
			continue
		}
		if w[k][k] > 0 {
			norm = -norm
		}
		v := make([]float64, m)
		for i := k; i < m; i++ {
			v[i] = w[i][k]
		}
		v[k] -= norm
		vv := 0.0
		for i := k; i < m; i++ {
			vv += v[i] * v[i]
		}
		apply := func(col func(i int) *float64) {
			dot := 0.0
			for i := k; i < m; i++ {
				dot += v[i] * *col(i)
			}
			f := 2 * dot / vv
			for i := k; i < m; i++ {
				*col(i) -= f * v[i]
			}
		}
		for j := k; j < p; j++ {
			apply(func(i int) *float64 { return &w[i][j] })
		}
		apply(func(i int) *float64 { return &qtb[i] })
	}
	r = make([][]float64, p)
	for i := range r {
		r[i] = append([]float64(nil), w[i][:p]...)
		for j := 0; j < i; j++ {
			r[i][j] = 0
		}
	}
	return r, qtb[:p]
}

// backSolve solves R x = y for upper-triangular R.
func backSolve(r [][]float64, y []float64) []float64 {
	p := len(y)
	x := make([]float64, p)
	for i := p - 1; i >= 0; i-- {
		s := y[i]
		for j := i + 1; j < p; j++ {
			s -= r[i][j] * x[j]
		}
		x[i] = s / r[i][i]
	}
	return x
}

// refCov returns the diagonal of (JᵀJ)⁻¹ = R⁻¹R⁻ᵀ.
func refCovDiag(jac [][]float64) []float64 {
	p := len(jac[0])
	r, _ := householderQR(jac, make([]float64, len(jac)))
	// Columns of R⁻¹: solve R x = e_k.
	rinv := make([][]float64, p)
	for k := 0; k < p; k++ {
		e := make([]float64, p)
		e[k] = 1
		rinv[k] = backSolve(r, e) // column k of R⁻¹
	}
	diag := make([]float64, p)
	for i := 0; i < p; i++ {
		for k := 0; k < p; k++ {
			diag[i] += rinv[k][i] * rinv[k][i] // (R⁻¹R⁻ᵀ)_ii = Σ_k (R⁻¹)_ik²
		}
	}
	return diag
}

func uslJacobian(ns []float64, l, s, k float64, fixKappa bool) [][]float64 {
	jac := make([][]float64, len(ns))
	for i, n := range ns {
		d := 1 + s*(n-1) + k*n*(n-1)
		row := []float64{n / d, -l * n * (n - 1) / (d * d)}
		if !fixKappa {
			row = append(row, -l*n*n*(n-1)/(d*d))
		}
		jac[i] = row
	}
	return jac
}

func fitGNRef(ns, xs []float64, fixKappa bool) gnRef {
	// Start: least squares of N/X on 1, N−1 (and N(N−1)).
	cols := 3
	if fixKappa {
		cols = 2
	}
	a := make([][]float64, len(ns))
	y := make([]float64, len(ns))
	for i, n := range ns {
		a[i] = []float64{1, n - 1, n * (n - 1)}[:cols]
		y[i] = n / xs[i]
	}
	r, qty := householderQR(a, y)
	c := backSolve(r, qty)
	p := []float64{1 / c[0], c[1] / c[0], 0}
	if !fixKappa {
		p[2] = c[2] / c[0]
	}
	rss := func(p []float64) float64 {
		s := 0.0
		for i, n := range ns {
			e := xs[i] - Model{p[1], p[2], p[0]}.ThroughputAt(n)
			s += e * e
		}
		return s
	}
	ref := gnRef{}
	cur := rss(p)
	for iter := 0; iter < 500; iter++ {
		jac := uslJacobian(ns, p[0], p[1], p[2], fixKappa)
		res := make([]float64, len(ns))
		for i, n := range ns {
			res[i] = xs[i] - Model{p[1], p[2], p[0]}.ThroughputAt(n)
		}
		r, qtr := householderQR(jac, res)
		step := backSolve(r, qtr)
		t := 1.0
		improved := false
		for h := 0; h < 60; h++ {
			next := []float64{p[0] + t*step[0], p[1] + t*step[1], p[2]}
			if !fixKappa {
				next[2] = p[2] + t*step[2]
			}
			if v := rss(next); v <= cur {
				rel := (cur - v) / cur
				p, cur, improved = next, v, true
				if rel < 1e-15 {
					ref.converged = true
				}
				break
			}
			t /= 2
		}
		if !improved || ref.converged {
			ref.converged = true
			break
		}
	}
	ref.lambda, ref.sigma, ref.kappa, ref.rss = p[0], p[1], p[2], cur
	diag := refCovDiag(uslJacobian(ns, p[0], p[1], p[2], fixKappa))
	s2 := cur / float64(len(ns)-cols)
	ref.lambdaSE, ref.sigmaSE = math.Sqrt(diag[0]*s2), math.Sqrt(diag[1]*s2)
	if !fixKappa {
		ref.kSE = math.Sqrt(diag[2] * s2)
	}
	return ref
}

// TestFitUSLFarFromOneThread fits the eight TiDB curves of
// testdata/public/tables (150 to 1500 threads, no one-thread point: λ is
// about 10¹⁰ times κ). Every curve gets standard errors, and they agree
// with the independent Gauss–Newton/QR reference: where the optimum is
// inside the bounds (κ > 0), the reference fits all three parameters from
// its own start; where κ sits on its bound 0, the reference fits Amdahl's
// two-parameter model for λ and σ, and its QR covariance evaluated at
// FitUSL's optimum checks all three standard errors.
func TestFitUSLFarFromOneThread(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/public/tables"})
	if err != nil {
		t.Fatal(err)
	}
	sc := Scale(Group(doc.Runs, GroupOptions{}), nil, ScaleOptions{Metric: QPS})
	if len(sc.Curves) != 8 {
		t.Fatalf("%d curves, want 8", len(sc.Curves))
	}
	atBound := 0
	for _, cu := range sc.Curves {
		name := cu.System + " " + cu.Workload
		f := cu.Fit
		if f == nil || len(cu.Points) != 6 || cu.Points[0].Threads != 150 {
			t.Fatalf("%s: fit %v, %d points", name, f, len(cu.Points))
		}
		for _, w := range f.Warnings {
			if strings.Contains(w.Error(), "standard errors") {
				t.Errorf("%s: %v", name, w)
			}
		}
		var ns, xs []float64
		for _, p := range cu.Points {
			ns, xs = append(ns, float64(p.Threads)), append(xs, p.Throughput.Center)
		}
		if f.Kappa > 0 {
			ref := fitGNRef(ns, xs, false)
			if !ref.converged {
				t.Fatalf("%s: reference did not converge", name)
			}
			for _, c := range []struct {
				what      string
				got, want float64
				rel       float64
			}{
				{"lambda", f.Lambda, ref.lambda, 1e-6}, {"sigma", f.Sigma, ref.sigma, 1e-6}, {"kappa", f.Kappa, ref.kappa, 1e-6},
				{"RSS", f.RSS, ref.rss, 1e-9},
				{"lambda SE", f.LambdaSE, ref.lambdaSE, 1e-5}, {"sigma SE", f.SigmaSE, ref.sigmaSE, 1e-5}, {"kappa SE", f.KappaSE, ref.kSE, 1e-5},
			} {
				if !approx(c.got, c.want, c.rel) {
					t.Errorf("%s: %s = %.10g, reference %.10g (±%g)", name, c.what, c.got, c.want, c.rel)
				}
			}
			continue
		}
		atBound++
		amdahl := fitGNRef(ns, xs, true)
		if !approx(f.Lambda, amdahl.lambda, 1e-6) || !approx(f.Sigma, amdahl.sigma, 1e-6) || !approx(f.RSS, amdahl.rss, 1e-9) {
			t.Errorf("%s: κ = 0 fit λ=%.10g σ=%.10g RSS=%.10g, Amdahl reference λ=%.10g σ=%.10g RSS=%.10g",
				name, f.Lambda, f.Sigma, f.RSS, amdahl.lambda, amdahl.sigma, amdahl.rss)
		}
		diag := refCovDiag(uslJacobian(ns, f.Lambda, f.Sigma, f.Kappa, false))
		s2 := f.RSS / float64(f.DF)
		for i, se := range []float64{f.LambdaSE, f.SigmaSE, f.KappaSE} {
			if want := math.Sqrt(diag[i] * s2); !approx(se, want, 1e-6) {
				t.Errorf("%s: SE %d = %.10g, QR reference %.10g", name, i, se, want)
			}
		}
	}
	if atBound != 3 {
		t.Errorf("%d curves with κ on its bound, want 3 (v2.1 Point Select, v2.1 Read Write, v3.0 Update Non-Index)", atBound)
	}
}
