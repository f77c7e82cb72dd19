package analyze

import (
	"time"

	"github.com/sbreport/sbreport/parse"
)

// An SLO is a latency target such as "p95=20ms": the cumulative latency
// percentile Percentile ("95"; "avg" for the average) at or below LimitMs.
type SLO struct {
	Percentile string  `json:"percentile"`
	LimitMs    float64 `json:"limit_ms"`
}

// ParseSLO reads "p95=20ms", "p99.9=1.5s", "avg=5ms" (units ms, s, us).
func ParseSLO(s string) (SLO, error) { panic("todo") }

// String returns the target as ParseSLO reads it.
func (s SLO) String() string { panic("todo") }

// ScaleOptions controls Scale.
type ScaleOptions struct {
	Metric     Metric        // throughput to fit; "" = DefaultMetric
	Center     Center        // summary of repeats at one thread count
	Confidence float64       // default 0.95
	Skip       time.Duration // warm-up handling, as in Steady
	SLO        *SLO          // nil: no latency target
	Thresholds Thresholds    // zero value = DefaultThresholds
}

// A ScalePoint is one thread count of a curve.
type ScalePoint struct {
	Threads    int     `json:"threads"`
	N          int     `json:"n"` // repeats
	Throughput Summary `json:"throughput"`
	// P95Ms is the median over repeats of the printed p95 latency (the SLO
	// percentile when one is given); null when absent.
	P95Ms *float64 `json:"p95_ms"`
	// LatencyMs is the median over repeats of the SLO's percentile (or the
	// average), null without an SLO or value.
	LatencyMs *float64 `json:"latency_ms"`
	// Efficiency is X(N) / (N·X(1)), X(1) the measured one-thread
	// throughput, or the fitted λ when no one-thread point exists.
	Efficiency *float64 `json:"efficiency"`
	// PerCPU is throughput per logical CPU of the host (lscpu "CPU(s)"),
	// null without a host capture.
	PerCPU   *float64 `json:"per_cpu"`
	Fitted   *float64 `json:"fitted"`   // model X(N), null without a fit
	Residual *float64 `json:"residual"` // measured − fitted
	MeetsSLO *bool    `json:"meets_slo"`
}

// A Curve is one system × workload thread sweep. Its JSON is the scale
// --json row.
type Curve struct {
	System   string `json:"system"`
	Workload string `json:"workload"`
	Metric   Metric `json:"metric"`
	// Fit results; null without a fit (fewer than 3 thread counts or a
	// failed fit) or where undefined.
	Lambda   *float64 `json:"lambda"`
	Sigma    *float64 `json:"sigma"`
	Kappa    *float64 `json:"kappa"`
	LambdaSE *float64 `json:"lambda_se"`
	SigmaSE  *float64 `json:"sigma_se"`
	KappaSE  *float64 `json:"kappa_se"`
	LambdaLo *float64 `json:"lambda_lo"`
	LambdaHi *float64 `json:"lambda_hi"`
	SigmaLo  *float64 `json:"sigma_lo"`
	SigmaHi  *float64 `json:"sigma_hi"`
	KappaLo  *float64 `json:"kappa_lo"`
	KappaHi  *float64 `json:"kappa_hi"`
	R2       *float64 `json:"r2"`
	// PeakThreads is N* (null when κ = 0: no peak); PeakThroughput is
	// X(N*); Ceiling is λ/σ when κ = 0 (null otherwise or when σ = 0).
	PeakThreads    *float64 `json:"peak_threads"`
	PeakThroughput *float64 `json:"peak_throughput"`
	Ceiling        *float64 `json:"ceiling"`
	// PeakExtrapolated is set when N* lies beyond ExtrapolationFactor
	// times the largest measured thread count.
	PeakExtrapolated bool `json:"peak_extrapolated"`
	// MaxMeasured is the largest measured thread count; predictions
	// beyond ExtrapolationFactor·MaxMeasured are extrapolation.
	MaxMeasured int  `json:"max_measured_threads"`
	CPUs        *int `json:"cpus"` // logical CPUs of the host, null when unknown
	SLO         *SLO `json:"slo"`
	// SLOThreads is the largest measured thread count meeting the SLO (at
	// every thread count up to it); null when none does.
	SLOThreads    *int         `json:"slo_threads"`
	SLOThroughput *float64     `json:"slo_throughput"`
	Points        []ScalePoint `json:"points"`
	Fit           *Fit         `json:"-"`
	Warnings      Warnings     `json:"warnings"`
}

// Extrapolated reports whether a prediction at n threads lies beyond
// the trusted range (ExtrapolationFactor × the largest measured count).
func (c *Curve) Extrapolated(n float64, th Thresholds) bool {
	return n > th.ExtrapolationFactor*float64(c.MaxMeasured)
}

// A Scaling is the result of Scale; its JSON is scale --json.
type Scaling struct {
	Metric   Metric   `json:"metric"`
	By       string   `json:"by"`
	Curves   []*Curve `json:"curves"` // by system, then workload
	Warnings Warnings `json:"warnings"`
}

// Scale builds a curve for every system × workload with at least one
// thread count and fits the USL to those with three or more. hosts gives
// the per-CPU normalisation: a host capture in the same directory as the
// runs (or the only host seen) applies to them.
func Scale(d *Dataset, hosts []*parse.Host, opts ScaleOptions) *Scaling { panic("todo") }
