package analyze

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat/distuv"
)

// ErrTooFewLevels is returned by FitUSL for fewer than three distinct
// concurrency levels.
var ErrTooFewLevels = errors.New("analyze: need at least 3 concurrency levels to fit the USL")

// A Model is Gunther's Universal Scalability Law, after codahale/usl
// model.go:
//
//	X(N) = λN / (1 + σ(N−1) + κN(N−1))
//
// (Gunther, Guerrilla Capacity Planning, 2007, eq. 4.31 with X(1) = λ).
type Model struct {
	Sigma  float64 `json:"sigma"`  // σ, contention: the serial fraction (eq. 4.31)
	Kappa  float64 `json:"kappa"`  // κ, coherency: crosstalk penalty (eq. 4.31)
	Lambda float64 `json:"lambda"` // λ, throughput of one unit of concurrency
}

// ThroughputAt returns the modelled throughput at concurrency n, X(n).
func (m Model) ThroughputAt(n float64) float64 {
	return m.Lambda * n / (1 + m.Sigma*(n-1) + m.Kappa*n*(n-1))
}

// LatencyAt returns the modelled mean latency at concurrency n by
// Little's law, R(n) = n / X(n), in the time unit of 1/λ (seconds for a
// per-second throughput).
func (m Model) LatencyAt(n float64) float64 { return n / m.ThroughputAt(n) }

// Peak returns the concurrency of maximum throughput,
// N* = √((1−σ)/κ) (Gunther 2007, eq. 4.33), +Inf when κ = 0.
func (m Model) Peak() float64 {
	if m.Kappa <= 0 {
		return math.Inf(1)
	}
	return math.Sqrt(math.Max(0, 1-m.Sigma) / m.Kappa)
}

// MaxThroughput returns X(N*), the highest modelled throughput; when
// κ = 0 it is the asymptote Ceiling.
func (m Model) MaxThroughput() float64 {
	if m.Kappa <= 0 {
		return m.Ceiling()
	}
	return m.ThroughputAt(m.Peak())
}

// Ceiling returns the asymptotic throughput λ/σ of an Amdahl system
// (κ = 0; eq. 4.16), +Inf when σ = 0 too, NaN when κ > 0 (the curve
// turns retrograde instead).
func (m Model) Ceiling() float64 {
	switch {
	case m.Kappa > 0:
		return math.NaN()
	case m.Sigma <= 0:
		return math.Inf(1)
	}
	return m.Lambda / m.Sigma
}

// ContentionConstrained reports whether contention dominates (σ > κ).
func (m Model) ContentionConstrained() bool { return m.Sigma > m.Kappa }

// CoherencyConstrained reports whether coherency dominates (κ > σ).
func (m Model) CoherencyConstrained() bool { return m.Kappa > m.Sigma }

// Limitless reports whether the model has no throughput limit (σ = κ = 0).
func (m Model) Limitless() bool { return m.Sigma == 0 && m.Kappa == 0 }

// A Measurement is one point of a scaling curve, after codahale/usl
// measurement.go.
type Measurement struct {
	Concurrency float64 `json:"concurrency"`
	Throughput  float64 `json:"throughput"`
}

// FromConcurrencyAndLatency returns the measurement implied by Little's
// law, X = N / R (latency in seconds).
func FromConcurrencyAndLatency(n, latencyS float64) Measurement {
	return Measurement{Concurrency: n, Throughput: n / latencyS}
}

// FromThroughputAndLatency returns the measurement implied by Little's
// law, N = X·R (latency in seconds).
func FromThroughputAndLatency(x, latencyS float64) Measurement {
	return Measurement{Concurrency: x * latencyS, Throughput: x}
}

// A Fit is a Model fitted by nonlinear least squares with its
// uncertainty.
type Fit struct {
	Model
	// Standard errors from the Jacobian at the optimum,
	// Cov = (JᵀJ)⁻¹·s², s² = RSS/(n−3), computed by jacobianCov from the
	// SVD of the column-scaled Jacobian (the parameters are up to ten
	// orders of magnitude apart, so JᵀJ itself is numerically singular on
	// curves that start far from one thread). NaN when the fit has no
	// residual degrees of freedom or the Jacobian has rank < 3. A
	// parameter on its bound (κ = 0, σ = 0) keeps its SE, with a warning:
	// the interval is then one-sided.
	SigmaSE, KappaSE, LambdaSE float64
	// Intervals: estimate ± t(n−3)·SE, clipped to the parameter bounds.
	SigmaLo, SigmaHi, KappaLo, KappaHi, LambdaLo, LambdaHi float64
	Confidence                                             float64
	Residuals                                              []float64 // measured − fitted, in the order of the input
	RSS                                                    float64
	// Cov is the parameters' covariance (λ, σ, κ), s²·(JᵀJ)⁻¹; NaN
	// where the standard errors are.
	Cov      [3][3]float64
	DF       int     // n − 3
	RSE      float64 // residual standard error √(RSS/DF)
	R2       float64
	Warnings Warnings
}

// FitUSL fits X(N) = λN/(1+σ(N−1)+κN(N−1)) to the measurements by
// nonlinear least squares on throughput, λ fitted (no N = 1 point is
// needed), under λ ≥ 0, 0 ≤ σ ≤ 1, 0 ≤ κ ≤ 1 (a bounded transform, several
// starting points). Several measurements at one concurrency are repeats.
// It returns ErrTooFewLevels for fewer than three distinct concurrencies.
//
// Measurements that are not finite or not positive are dropped with a
// warning.
func FitUSL(ms []Measurement, confidence float64) (*Fit, error) {
	f := &Fit{Confidence: confidence}
	var ns, xs []float64
	levels := map[float64]bool{}
	for _, m := range ms {
		if !(m.Concurrency > 0) || !(m.Throughput >= 0) || math.IsInf(m.Concurrency, 0) || math.IsInf(m.Throughput, 0) {
			f.Warnings.addf("dropped measurement (%v, %v): not a positive finite point", m.Concurrency, m.Throughput)
			continue
		}
		ns, xs = append(ns, m.Concurrency), append(xs, m.Throughput)
		levels[m.Concurrency] = true
	}
	if len(levels) < 3 {
		return nil, ErrTooFewLevels
	}
	scale := 0.0 // largest throughput, to fit on a unit scale
	for _, x := range xs {
		scale = math.Max(scale, x)
	}
	if scale == 0 {
		return nil, errors.New("analyze: every throughput is zero")
	}
	y := make([]float64, len(xs))
	for i, x := range xs {
		y[i] = x / scale
	}
	rss := func(l, s, k float64) float64 {
		sum := 0.0
		for i, n := range ns {
			r := y[i] - Model{s, k, l}.ThroughputAt(n)
			sum += r * r
		}
		return sum
	}

	// Starting points: λ from the best per-thread throughput, σ and κ on
	// a small grid. The bounded parameters are transformed: σ = (1−cos a)/2,
	// κ = (1−cos b)/2, λ = c² (gonum BFGS on the unconstrained a, b, c).
	lam0 := 0.0
	for i, n := range ns {
		lam0 = math.Max(lam0, y[i]/n)
	}
	best := [3]float64{lam0, 0, 0}
	bestRSS := rss(lam0, 0, 0)
	for _, s0 := range []float64{0, 0.01, 0.1, 0.5} {
		for _, k0 := range []float64{0, 1e-5, 1e-3, 0.05} {
			p, v := fitTransformed(ns, y, lam0, s0, k0)
			if v < bestRSS {
				best, bestRSS = p, v
			}
		}
	}
	// Polish on the original parameters with projected
	// Levenberg–Marquardt steps.
	best = polishLM(ns, y, best)

	f.Lambda, f.Sigma, f.Kappa = best[0]*scale, best[1], best[2]
	n := len(ns)
	f.Residuals = make([]float64, n)
	mean := 0.0
	for _, x := range xs {
		mean += x / float64(n)
	}
	tss := 0.0
	for i, nn := range ns {
		f.Residuals[i] = xs[i] - f.ThroughputAt(nn)
		f.RSS += f.Residuals[i] * f.Residuals[i]
		tss += (xs[i] - mean) * (xs[i] - mean)
	}
	f.R2 = math.NaN()
	if tss > 0 {
		f.R2 = 1 - f.RSS/tss
	}
	f.DF = n - 3
	nan := math.NaN()
	for i := range f.Cov {
		f.Cov[i] = [3]float64{nan, nan, nan}
	}
	f.SigmaSE, f.KappaSE, f.LambdaSE = nan, nan, nan
	f.RSE = nan
	f.SigmaLo, f.SigmaHi, f.KappaLo, f.KappaHi, f.LambdaLo, f.LambdaHi = nan, nan, nan, nan, nan, nan
	if f.DF <= 0 {
		f.Warnings.addf("%d points for 3 parameters: no residual degrees of freedom, no standard errors", n)
		return f, nil
	}
	f.RSE = math.Sqrt(f.RSS / float64(f.DF))
	J := mat.NewDense(n, 3, nil)
	for i, nn := range ns {
		d := 1 + f.Sigma*(nn-1) + f.Kappa*nn*(nn-1)
		J.Set(i, 0, nn/d)
		J.Set(i, 1, -f.Lambda*nn*(nn-1)/(d*d))
		J.Set(i, 2, -f.Lambda*nn*nn*(nn-1)/(d*d))
	}
	cov, ok := jacobianCov(J)
	if !ok {
		f.Warnings.addf("the Jacobian has rank < 3 at the optimum (the points cannot tell the parameters apart): no standard errors")
		return f, nil
	}
	s2 := f.RSS / float64(f.DF)
	se := func(i int) float64 {
		v := cov[i][i] * s2
		if v < 0 || math.IsNaN(v) {
			return nan
		}
		return math.Sqrt(v)
	}
	f.LambdaSE, f.SigmaSE, f.KappaSE = se(0), se(1), se(2)
	for i := range cov {
		for j := range cov[i] {
			f.Cov[i][j] = cov[i][j] * s2
		}
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(f.DF)}.Quantile((1 + confidence) / 2)
	clip := func(v, lo, hi float64) float64 { return math.Min(math.Max(v, lo), hi) }
	f.LambdaLo, f.LambdaHi = clip(f.Lambda-t*f.LambdaSE, 0, inf), clip(f.Lambda+t*f.LambdaSE, 0, inf)
	f.SigmaLo, f.SigmaHi = clip(f.Sigma-t*f.SigmaSE, 0, 1), clip(f.Sigma+t*f.SigmaSE, 0, 1)
	f.KappaLo, f.KappaHi = clip(f.Kappa-t*f.KappaSE, 0, 1), clip(f.Kappa+t*f.KappaSE, 0, 1)
	if f.Kappa == 0 {
		f.Warnings.addf("κ is at its bound 0: no retrograde region in the data, its interval is one-sided")
	}
	if f.Sigma == 0 {
		f.Warnings.addf("σ is at its bound 0: its interval is one-sided")
	}
	return f, nil
}

var inf = math.Inf(1)

// deltaInterval is the interval g ± t·SE of a function g of the
// parameters whose gradient (∂g/∂λ, ∂g/∂σ, ∂g/∂κ) is grad, by the delta
// method on the fit's covariance; NaN bounds without one.
func (f *Fit) deltaInterval(g float64, grad [3]float64) (lo, hi float64) {
	if f.DF <= 0 {
		return math.NaN(), math.NaN()
	}
	v := 0.0
	for i := range grad {
		for j := range grad {
			v += grad[i] * f.Cov[i][j] * grad[j]
		}
	}
	if !(v >= 0) {
		return math.NaN(), math.NaN()
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(f.DF)}.Quantile((1 + f.Confidence) / 2)
	return g - t*math.Sqrt(v), g + t*math.Sqrt(v)
}

// PeakInterval is the interval of the peak concurrency N* = √((1−σ)/κ)
// by the delta method; NaN bounds without a peak or standard errors,
// and a lower bound of at most 0 means the data do not bound it.
func (f *Fit) PeakInterval() (lo, hi float64) {
	n := f.Peak()
	if f.Kappa <= 0 || math.IsInf(n, 0) || n <= 0 {
		return math.NaN(), math.NaN()
	}
	// ∂N/∂σ = −1/(2κN), ∂N/∂κ = −N/(2κ).
	return f.deltaInterval(n, [3]float64{0, -1 / (2 * f.Kappa * n), -n / (2 * f.Kappa)})
}

// CeilingInterval is the interval of the ceiling λ/σ (κ = 0) by the
// delta method; NaN bounds without a ceiling or standard errors.
func (f *Fit) CeilingInterval() (lo, hi float64) {
	c := f.Ceiling()
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return math.NaN(), math.NaN()
	}
	return f.deltaInterval(c, [3]float64{1 / f.Sigma, -f.Lambda / (f.Sigma * f.Sigma), 0})
}

// jacobianCov returns (JᵀJ)⁻¹ for a Jacobian J of full column rank
// without forming JᵀJ, whose condition number is the square of J's: the
// columns are scaled to unit length, J·D⁻¹ = U·S·Vᵀ (thin SVD), and
// (JᵀJ)⁻¹ = D⁻¹·V·S⁻²·Vᵀ·D⁻¹. ok is false when a column is zero or the
// scaled Jacobian's condition number s_max/s_min exceeds 1/(n·ε), that
// is when the data cannot determine every parameter.
func jacobianCov(J *mat.Dense) (cov [3][3]float64, ok bool) {
	n, p := J.Dims()
	if p != 3 {
		panic("analyze: jacobianCov needs 3 columns")
	}
	var d [3]float64
	js := mat.DenseCopyOf(J)
	for j := 0; j < p; j++ {
		d[j] = mat.Norm(J.ColView(j), 2)
		if !(d[j] > 0) || math.IsInf(d[j], 0) {
			return cov, false
		}
		for i := 0; i < n; i++ {
			js.Set(i, j, J.At(i, j)/d[j])
		}
	}
	var svd mat.SVD
	if !svd.Factorize(js, mat.SVDThin) {
		return cov, false
	}
	s := svd.Values(nil)
	if len(s) < p || !(s[p-1] > s[0]*float64(n)*2.220446049250313e-16) {
		return cov, false
	}
	var v mat.Dense
	svd.VTo(&v)
	for a := 0; a < p; a++ {
		for b := 0; b < p; b++ {
			sum := 0.0
			for k := 0; k < p; k++ {
				sum += v.At(a, k) * v.At(b, k) / (s[k] * s[k])
			}
			cov[a][b] = sum / (d[a] * d[b])
		}
	}
	return cov, true
}

// fitTransformed minimises the residual sum of squares from one starting
// point with gonum's BFGS over the transformed parameters and returns the
// parameters (λ, σ, κ) and their RSS.
func fitTransformed(ns, y []float64, lam0, s0, k0 float64) ([3]float64, float64) {
	from := func(p []float64) (l, s, k float64) {
		return p[2] * p[2], (1 - math.Cos(p[0])) / 2, (1 - math.Cos(p[1])) / 2
	}
	prob := optimize.Problem{
		Func: func(p []float64) float64 {
			l, s, k := from(p)
			sum := 0.0
			for i, n := range ns {
				r := y[i] - Model{s, k, l}.ThroughputAt(n)
				sum += r * r
			}
			return sum
		},
		Grad: func(g, p []float64) {
			l, s, k := from(p)
			var gl, gs, gk float64
			for i, n := range ns {
				d := 1 + s*(n-1) + k*n*(n-1)
				r := y[i] - l*n/d
				gl += -2 * r * n / d
				gs += 2 * r * l * n * (n - 1) / (d * d)
				gk += 2 * r * l * n * n * (n - 1) / (d * d)
			}
			g[0] = gs * math.Sin(p[0]) / 2
			g[1] = gk * math.Sin(p[1]) / 2
			g[2] = gl * 2 * p[2]
		},
	}
	p0 := []float64{math.Acos(1 - 2*s0), math.Acos(1 - 2*k0), math.Sqrt(lam0)}
	res, err := optimize.Minimize(prob, p0, &optimize.Settings{MajorIterations: 500}, &optimize.BFGS{})
	if res == nil || (err != nil && res.F == 0 && res.X == nil) {
		return [3]float64{lam0, s0, k0}, math.Inf(1)
	}
	l, s, k := from(res.X)
	v := res.F
	if math.IsNaN(v) {
		v = math.Inf(1)
	}
	return [3]float64{l, s, k}, v
}

// polishLM refines (λ, σ, κ) with Levenberg–Marquardt steps projected on
// the bounds λ ≥ 0, 0 ≤ σ ≤ 1, 0 ≤ κ ≤ 1.
func polishLM(ns, y []float64, p [3]float64) [3]float64 {
	rss := func(p [3]float64) float64 {
		sum := 0.0
		for i, n := range ns {
			r := y[i] - Model{p[1], p[2], p[0]}.ThroughputAt(n)
			sum += r * r
		}
		return sum
	}
	project := func(p [3]float64) [3]float64 {
		p[0] = math.Max(p[0], 0)
		p[1] = math.Min(math.Max(p[1], 0), 1)
		p[2] = math.Min(math.Max(p[2], 0), 1)
		return p
	}
	cur := rss(p)
	mu := 1e-3
	for iter := 0; iter < 200; iter++ {
		var jtj [3][3]float64
		var jtr [3]float64
		for i, n := range ns {
			d := 1 + p[1]*(n-1) + p[2]*n*(n-1)
			r := y[i] - p[0]*n/d
			j := [3]float64{n / d, -p[0] * n * (n - 1) / (d * d), -p[0] * n * n * (n - 1) / (d * d)}
			for a := 0; a < 3; a++ {
				jtr[a] += j[a] * r
				for b := 0; b < 3; b++ {
					jtj[a][b] += j[a] * j[b]
				}
			}
		}
		improved := false
		for try := 0; try < 20; try++ {
			a := mat.NewDense(3, 3, nil)
			for i := 0; i < 3; i++ {
				for k := 0; k < 3; k++ {
					a.Set(i, k, jtj[i][k])
				}
				a.Set(i, i, jtj[i][i]*(1+mu)+1e-300)
			}
			var delta mat.VecDense
			if err := delta.SolveVec(a, mat.NewVecDense(3, jtr[:])); err != nil {
				mu *= 10
				continue
			}
			next := project([3]float64{p[0] + delta.AtVec(0), p[1] + delta.AtVec(1), p[2] + delta.AtVec(2)})
			if v := rss(next); v < cur {
				rel := (cur - v) / math.Max(cur, 1e-300)
				p, cur = next, v
				mu = math.Max(mu/10, 1e-12)
				improved = rel > 1e-15
				break
			}
			mu *= 10
		}
		if !improved {
			break
		}
	}
	return p
}
