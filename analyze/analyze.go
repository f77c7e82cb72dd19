package analyze

import (
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
	Options    Options      `json:"-"`
	Metric     Metric       `json:"metric"`
	Dataset    *Dataset     `json:"dataset"`
	Stability  []*Stability `json:"stability"` // one per run with an interim series, in dataset order
	Comparison *Comparison  `json:"comparison"`
	Scaling    *Scaling     `json:"scaling"`
	Config     *ConfigDiff  `json:"config"`
	Counters   []CounterRow `json:"counters"` // server counters per transaction, from SHOW GLOBAL STATUS around each run
	History    *History     `json:"history,omitempty"`
	Warnings   Warnings     `json:"warnings"`
}

// Analyze groups the document's runs and computes stability, comparison,
// scaling and configuration differences in one go.
func Analyze(doc *parse.Document, opts Options) *Analysis {
	opts.Thresholds = opts.Thresholds.orDefault()
	if opts.Metric == "" {
		opts.Metric = DefaultMetric(doc.Runs)
	}
	if opts.Center == "" {
		opts.Center = GeoMean
	}
	if opts.Alpha == 0 {
		opts.Alpha = 0.05
	}
	if opts.Confidence == 0 {
		opts.Confidence = 0.95
	}
	a := &Analysis{Options: opts, Metric: opts.Metric}
	a.Dataset = Group(doc.Runs, opts.Group)
	if opts.Base == "" {
		opts.Base = first(a.Dataset.Systems)
	}
	// Stability is about throughput, whatever metric is compared.
	tm := opts.Metric
	if tm != TPS && tm != QPS && tm != EPS {
		tm = DefaultMetric(doc.Runs)
	}
	for _, c := range a.Dataset.Cells {
		for _, r := range c.Runs {
			if tm.Series(r) == nil && Little(r, opts.Thresholds) == nil {
				continue
			}
			a.Stability = append(a.Stability, Steady(r, tm, opts.Skip, opts.Confidence, opts.Thresholds))
		}
	}
	a.Comparison = Compare(a.Dataset, CompareOptions{
		Metric: opts.Metric, Base: opts.Base, Center: opts.Center, Alpha: opts.Alpha,
		Confidence: opts.Confidence, Skip: opts.Skip, Thresholds: opts.Thresholds,
	})
	sm := opts.Metric
	if sm.LowerIsBetter() {
		sm = tm
	}
	a.Scaling = Scale(a.Dataset, doc.Hosts, ScaleOptions{
		Metric: sm, Center: opts.Center, Confidence: opts.Confidence, Skip: opts.Skip, SLO: opts.SLO, Thresholds: opts.Thresholds,
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
