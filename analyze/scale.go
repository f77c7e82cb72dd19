package analyze

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
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
func ParseSLO(s string) (SLO, error) {
	k, v, ok := strings.Cut(strings.TrimSpace(s), "=")
	if !ok {
		return SLO{}, fmt.Errorf("latency target %q: want pNN=VALUE, e.g. p95=20ms", s)
	}
	k = strings.ToLower(strings.TrimSpace(k))
	var slo SLO
	switch {
	case k == "avg":
		slo.Percentile = "avg"
	case strings.HasPrefix(k, "p"):
		r, err := strconv.ParseFloat(k[1:], 64)
		if err != nil || !(r > 0 && r <= 100) {
			return SLO{}, fmt.Errorf("latency target %q: bad percentile %q", s, k)
		}
		slo.Percentile = k[1:]
	default:
		return SLO{}, fmt.Errorf("latency target %q: want pNN or avg before '='", s)
	}
	v = strings.ToLower(strings.TrimSpace(v))
	mult := 1.0
	switch {
	case strings.HasSuffix(v, "ms"):
		v = v[:len(v)-2]
	case strings.HasSuffix(v, "us"), strings.HasSuffix(v, "µs"):
		v, mult = strings.TrimSuffix(strings.TrimSuffix(v, "us"), "µs"), 1e-3
	case strings.HasSuffix(v, "s"):
		v, mult = v[:len(v)-1], 1000
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || !(x > 0) || math.IsInf(x, 0) {
		return SLO{}, fmt.Errorf("latency target %q: bad value", s)
	}
	slo.LimitMs = x * mult
	return slo, nil
}

// metric returns the latency metric the SLO constrains.
func (s SLO) metric() Metric {
	if s.Percentile == "avg" {
		return LatencyAvgMs
	}
	return LatencyPercentile(s.Percentile)
}

// String returns the target as ParseSLO reads it.
func (s SLO) String() string {
	k := "p" + s.Percentile
	if s.Percentile == "avg" {
		k = "avg"
	}
	return k + "=" + strconv.FormatFloat(s.LimitMs, 'g', -1, 64) + "ms"
}

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
	// Within marks a single run's within-run (batch-means) interval of
	// its interim samples, as the report's tables give it: how flat a
	// curve is where repeats cannot say.
	Within bool `json:"within_run"`
	// P95Ms is the printed p95 latency summarised over the repeats with
	// the curve's centre (ScaleOptions.Center, as the throughput and every
	// other cell figure); null when absent.
	P95Ms *float64 `json:"p95_ms"`
	// LatencyMs is the SLO's percentile (or the average) summarised the
	// same way, null without an SLO or value.
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
	// Findings describe the measured curve and say whether the fit's
	// peak or ceiling may be quoted (CurveFindings, without a CPU
	// saturation estimate).
	Findings Findings `json:"findings"`
	Fit      *Fit     `json:"-"`
	Warnings Warnings `json:"warnings"`
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
	// Metrics names the rate each workload is fitted in
	// (ScaleWorkloads); a workload without one is absent.
	Metrics map[string]Metric `json:"metrics,omitempty"`
}

// Scale builds a curve for every system × workload with at least one
// thread count and fits the USL to those with three or more. hosts gives
// the per-CPU normalisation: a host capture in the same directory as the
// runs (or the only host seen) applies to them.
func Scale(d *Dataset, hosts []*parse.Host, opts ScaleOptions) *Scaling {
	if opts.Metric == "" {
		var runs []*parse.Run
		for _, c := range d.Cells {
			runs = append(runs, c.Runs...)
		}
		opts.Metric = DefaultMetric(runs)
	}
	if opts.Confidence == 0 {
		opts.Confidence = 0.95
	}
	if opts.Center == "" {
		opts.Center = GeoMean
	}
	th := opts.Thresholds.orDefault()
	sc := &Scaling{Metric: opts.Metric, By: d.By}
	type ck struct{ sys, wl string }
	curves := map[ck]*Curve{}
	var order []ck
	for _, cell := range d.Cells {
		k := ck{cell.System, cell.Workload}
		if _, ok := curves[k]; !ok {
			curves[k] = &Curve{System: k.sys, Workload: k.wl, Metric: opts.Metric, SLO: opts.SLO}
			order = append(order, k)
		}
		cu := curves[k]
		if cell.Threads <= 0 {
			cu.Warnings.addf("%d run(s) without a thread count left out", len(cell.Runs))
			continue
		}
		var xs, p95, lat []float64
		var within *Summary
		for _, r := range cell.Runs {
			v, ok := opts.Metric.Value(r)
			if opts.Metric.Series(r) != nil {
				st := Steady(r, opts.Metric, opts.Skip, opts.Confidence, th)
				if st.N > 0 && (st.WarmupS > 0 || !ok) {
					v, ok = st.Mean, true
				}
				if len(cell.Runs) == 1 && st.Batches >= 2 && st.Batch.Method == "batch-means" {
					b := st.Batch
					within = &b
				}
			}
			if ok {
				xs = append(xs, v)
			}
			if v, ok := r.LatencyPct("95"); ok {
				p95 = append(p95, v)
			}
			if opts.SLO != nil {
				if v, ok := opts.SLO.metric().Value(r); ok {
					lat = append(lat, v)
				}
			}
		}
		if len(xs) == 0 {
			cu.Warnings.addf("no %s at %d threads", opts.Metric, cell.Threads)
			continue
		}
		pt := ScalePoint{Threads: cell.Threads, N: len(xs), Throughput: Summarize(xs, opts.Center, opts.Confidence)}
		if len(xs) == 1 && within != nil {
			// The same interval the comparison gives a single run.
			w := *within
			w.Center, w.N = xs[0], 1
			pt.Throughput, pt.Within = w, true
		}
		if len(p95) > 0 {
			pt.P95Ms = num(Summarize(p95, opts.Center, opts.Confidence).Center)
		}
		if len(lat) > 0 {
			l := Summarize(lat, opts.Center, opts.Confidence).Center
			pt.LatencyMs = num(l)
			meets := l <= opts.SLO.LimitMs
			pt.MeetsSLO = &meets
		}
		if cell.PercentileUpperBound {
			cu.Warnings.addf("%d threads: merged clients' percentiles are upper bounds", cell.Threads)
		}
		cu.Points = append(cu.Points, pt)
	}
	for _, k := range order {
		cu := curves[k]
		sort.Slice(cu.Points, func(i, j int) bool { return cu.Points[i].Threads < cu.Points[j].Threads })
		if len(cu.Points) == 0 {
			continue
		}
		finishCurve(cu, d, hosts, opts, th)
		cu.Findings = CurveFindings(cu, nil, 0, unitOf(opts.Metric))
		sc.Curves = append(sc.Curves, cu)
	}
	sort.SliceStable(sc.Curves, func(i, j int) bool {
		a, b := sc.Curves[i], sc.Curves[j]
		if a.System != b.System {
			return indexOf(d.Systems, a.System) < indexOf(d.Systems, b.System)
		}
		return indexOf(d.Workloads, a.Workload) < indexOf(d.Workloads, b.Workload)
	})
	return sc
}

func indexOf(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return len(xs)
}

// finishCurve fits the model and derives efficiency, per-CPU throughput
// and the SLO thread count.
func finishCurve(cu *Curve, d *Dataset, hosts []*parse.Host, opts ScaleOptions, th Thresholds) {
	cu.MaxMeasured = cu.Points[len(cu.Points)-1].Threads
	var ms []Measurement
	for _, p := range cu.Points {
		ms = append(ms, Measurement{Concurrency: float64(p.Threads), Throughput: p.Throughput.Center})
	}
	if len(ms) >= 3 {
		f, err := FitUSL(ms, opts.Confidence)
		if err != nil {
			cu.Warnings.addf("USL fit: %v", err)
		} else {
			cu.Fit = f
			cu.Lambda, cu.Sigma, cu.Kappa = num(f.Lambda), num(f.Sigma), num(f.Kappa)
			cu.LambdaSE, cu.SigmaSE, cu.KappaSE = num(f.LambdaSE), num(f.SigmaSE), num(f.KappaSE)
			cu.LambdaLo, cu.LambdaHi = bothBounds(f.LambdaLo, f.LambdaHi)
			cu.SigmaLo, cu.SigmaHi = bothBounds(f.SigmaLo, f.SigmaHi)
			cu.KappaLo, cu.KappaHi = bothBounds(f.KappaLo, f.KappaHi)
			cu.R2 = num(f.R2)
			cu.PeakThreads = num(f.Peak())
			cu.PeakThroughput = num(f.MaxThroughput())
			if f.Kappa == 0 {
				cu.Ceiling = num(f.Ceiling())
			}
			// Whether the peak or ceiling may be quoted is the findings'
			// to say (CurveFindings); the flag stays for scale --json.
			if cu.PeakThreads != nil && cu.Extrapolated(*cu.PeakThreads, th) {
				cu.PeakExtrapolated = true
			}
			if f.Kappa == 0 && cu.Ceiling == nil {
				cu.Warnings.addf("linear scaling (σ = κ = 0): no peak and no ceiling in the measured range")
			}
			cu.Warnings = append(cu.Warnings, f.Warnings...)
			for i := range cu.Points {
				p := &cu.Points[i]
				fit := f.ThroughputAt(float64(p.Threads))
				p.Fitted = num(fit)
				p.Residual = num(p.Throughput.Center - fit)
			}
		}
	} else {
		cu.Warnings.addf("%d thread count(s): need >= 3 to fit the USL", len(ms))
	}
	// Efficiency against the one-thread point, else λ.
	x1 := math.NaN()
	if cu.Points[0].Threads == 1 {
		x1 = cu.Points[0].Throughput.Center
	} else if cu.Fit != nil {
		x1 = cu.Fit.Lambda
	}
	cpus := cpusFor(cu, d, hosts)
	if cpus > 0 {
		cu.CPUs = &cpus
	}
	for i := range cu.Points {
		p := &cu.Points[i]
		if x1 > 0 {
			p.Efficiency = num(p.Throughput.Center / (float64(p.Threads) * x1))
		}
		if cpus > 0 {
			p.PerCPU = num(p.Throughput.Center / float64(cpus))
		}
	}
	if opts.SLO != nil {
		for _, p := range cu.Points {
			if p.MeetsSLO == nil || !*p.MeetsSLO {
				break
			}
			t, x := p.Threads, p.Throughput.Center
			cu.SLOThreads, cu.SLOThroughput = &t, num(x)
		}
		if cu.SLOThreads == nil {
			cu.Warnings.addf("latency target %s is not met at %d threads", opts.SLO, cu.Points[0].Threads)
		}
	}
}

// cpusFor returns the logical CPU count of the host the curve's system
// ran on: its host captures (Dataset.CaptureSystems) merged
// (parse.MergeHosts), else the only CPU count among the hosts; 0 when
// unknown.
func cpusFor(cu *Curve, d *Dataset, hosts []*parse.Host) int {
	var mine []*parse.Host
	counts := map[int]bool{}
	for _, h := range hosts {
		if h.CPUs != nil && *h.CPUs > 0 {
			counts[*h.CPUs] = true
		}
		for _, s := range d.CaptureSystems(parse.CaptureID(h.Source, h.Line), h.Labels, h.Source) {
			if s == cu.System {
				mine = append(mine, h)
			}
		}
	}
	if m := parse.MergeHosts(mine...); m != nil && m.CPUs != nil && *m.CPUs > 0 {
		return *m.CPUs
	}
	if len(counts) == 1 {
		for n := range counts {
			return n
		}
	}
	if len(counts) > 1 {
		cu.Warnings.addf("hosts with different CPU counts and none captured for %s: no per-CPU throughput", cu.System)
	}
	return 0
}
