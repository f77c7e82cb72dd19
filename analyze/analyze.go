package analyze

import (
	"slices"
	"time"

	"github.com/sbreport/sbreport/parse"
)

// Options controls Analyze.
type Options struct {
	Group      GroupOptions
	Metric     Metric        // "" = DefaultMetric
	Base       string        // "" = first system
	Center     Center        // "" = GeoMean
	Alpha      float64       // 0 = 0.05
	Confidence float64       // 0 = 0.95
	Skip       time.Duration // 0 = automatic warm-up, NoSkip = none
	SLO        *SLO
	Thresholds Thresholds // zero value = DefaultThresholds
	// History, when set, adds the runs' history by its Order key, or by
	// the first key AutoOrder finds when Order is ""; it is kept when
	// some series has MinPoints points (0 = 8).
	History *HistoryOptions
}

// An Analysis holds everything package render reports.
type Analysis struct {
	Options Options `json:"-"`
	// Metric is the metric every workload is compared in (--metric, or
	// the one all workloads share); "" when each workload has its own,
	// given by Metrics.
	Metric  Metric            `json:"metric"`
	Metrics map[string]Metric `json:"metrics"` // by workload
	// Bases are the systems each workload is compared against: the
	// report's base, or where it has no cell with the workload's metric,
	// the system with the most (WorkloadBases).
	Bases      map[string]string `json:"bases"`
	Dataset    *Dataset          `json:"dataset"`
	Stability  []*Stability      `json:"stability"` // one per run with an interim series, in dataset order
	Comparison *Comparison       `json:"comparison"`
	Scaling    *Scaling          `json:"scaling"`
	Config     *ConfigDiff       `json:"config"`
	Counters   []CounterRow      `json:"counters"` // server counters per transaction, from SHOW GLOBAL STATUS around each run
	History    *History          `json:"history,omitempty"`
	Warnings   Warnings          `json:"warnings"`
}

// Analyze groups the document's runs and computes stability, comparison,
// scaling and configuration differences in one go.
func Analyze(doc *parse.Document, opts Options) *Analysis {
	opts.Thresholds = opts.Thresholds.orDefault()
	if opts.Center == "" {
		opts.Center = GeoMean
	}
	if opts.Alpha == 0 {
		opts.Alpha = 0.05
	}
	if opts.Confidence == 0 {
		opts.Confidence = 0.95
	}
	a := &Analysis{Options: opts}
	a.Dataset = Group(doc.Runs, opts.Group)
	// Each workload in its own metric unless --metric names one for all.
	a.Metrics = WorkloadMetrics(a.Dataset, opts.Metric)
	a.Metric = opts.Metric
	if a.Metric == "" {
		for i, w := range a.Dataset.Workloads {
			if i == 0 {
				a.Metric = a.Metrics[w]
			} else if a.Metrics[w] != a.Metric {
				a.Metric = ""
				break
			}
		}
		if len(a.Dataset.Workloads) == 0 {
			a.Metric = DefaultMetric(doc.Runs)
		}
	}
	if opts.Base != "" && !slices.Contains(a.Dataset.Systems, opts.Base) && len(a.Dataset.Systems) > 0 {
		b := DefaultBase(a.Dataset, a.Metrics)
		a.Warnings.addf("no system %q: comparing with %q", opts.Base, b)
		opts.Base = b
	}
	if opts.Base == "" {
		opts.Base = DefaultBase(a.Dataset, a.Metrics)
	}
	a.Options = opts
	// Stability is about throughput, whatever metric is compared: the
	// workload's rate.
	rates := map[string]Metric{}
	for _, c := range a.Dataset.Cells {
		tm, ok := rates[c.Workload]
		if !ok {
			tm = a.Metrics[c.Workload]
			if !tm.Throughput() {
				var runs []*parse.Run
				for _, d := range a.Dataset.Cells {
					if d.Workload == c.Workload {
						runs = append(runs, d.Runs...)
					}
				}
				tm = WorkloadMetric(runs)
			}
			rates[c.Workload] = tm
		}
		for _, r := range c.Runs {
			if tm.Series(r) == nil && Little(r, opts.Thresholds) == nil {
				continue
			}
			a.Stability = append(a.Stability, Steady(r, tm, opts.Skip, opts.Confidence, opts.Thresholds))
		}
	}
	a.Bases = WorkloadBases(a.Dataset, a.Metrics, opts.Base)
	a.Comparison = compareEach(a.Dataset, a.Metrics, a.Bases, CompareOptions{
		Metric: opts.Metric, Base: opts.Base, Center: opts.Center, Alpha: opts.Alpha,
		Confidence: opts.Confidence, Skip: opts.Skip, Thresholds: opts.Thresholds,
	})
	a.Scaling = scaleEach(a.Dataset, doc.Hosts, a.Metrics, ScaleOptions{
		Center: opts.Center, Confidence: opts.Confidence, Skip: opts.Skip, SLO: opts.SLO, Thresholds: opts.Thresholds,
	})
	a.Config = DiffConfig(doc.Variables, a.Dataset)
	var cw Warnings
	a.Counters, cw = Counters(doc.Variables, a.Dataset)
	if opts.History != nil {
		a.History = history(doc.Runs, *opts.History, opts)
	}
	a.Warnings = append(a.Warnings, a.Dataset.Warnings...)
	a.Warnings = append(a.Warnings, cw...)
	return a
}
