package analyze

import (
	"errors"
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
