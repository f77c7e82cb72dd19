package analyze

import "errors"

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
func (m Model) Peak() float64 { panic("todo") }

// MaxThroughput returns X(N*), the highest modelled throughput; when
// κ = 0 it is the asymptote Ceiling.
func (m Model) MaxThroughput() float64 { panic("todo") }

// Ceiling returns the asymptotic throughput λ/σ of an Amdahl system
// (κ = 0; eq. 4.16), +Inf when σ = 0 too, NaN when κ > 0 (the curve
// turns retrograde instead).
func (m Model) Ceiling() float64 { panic("todo") }

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
	// Cov = (JᵀJ)⁻¹·s², s² = RSS/(n−3). NaN (JSON null) when the fit has no
	// residual degrees of freedom or a parameter sits on its bound.
	SigmaSE, KappaSE, LambdaSE float64
	// Intervals: estimate ± t(n−3)·SE, clipped to the parameter bounds.
	SigmaLo, SigmaHi, KappaLo, KappaHi, LambdaLo, LambdaHi float64
	Confidence                                             float64
	Residuals                                              []float64 // measured − fitted, in the order of the input
	RSS                                                    float64
	DF                                                     int     // n − 3
	RSE                                                    float64 // residual standard error √(RSS/DF)
	R2                                                     float64
	Warnings                                               Warnings
}

// FitUSL fits X(N) = λN/(1+σ(N−1)+κN(N−1)) to the measurements by
// nonlinear least squares on throughput, λ fitted (no N = 1 point is
// needed), under λ ≥ 0, 0 ≤ σ ≤ 1, 0 ≤ κ ≤ 1 (a bounded transform, several
// starting points). Several measurements at one concurrency are repeats.
// It returns ErrTooFewLevels for fewer than three distinct concurrencies.
func FitUSL(ms []Measurement, confidence float64) (*Fit, error) { panic("todo") }
