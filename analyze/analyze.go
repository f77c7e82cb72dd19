package analyze

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	a.Bases = WorkloadBases(a.Dataset, a.Metrics, opts.Base)
	// What follows reads the dataset and the runs and changes neither:
	// the stability of each run, the comparisons, the scaling fits, the
	// configurations and counters and the history are computed at once,
	// each into its own field (a year of campaigns is 65,000 runs whose
	// interim series are read back from a spool).
	var wg sync.WaitGroup
	wg.Go(func() { a.Stability = stabilityEach(a.Dataset, a.Metrics, opts) })
	wg.Go(func() {
		a.Comparison = compareEach(a.Dataset, a.Metrics, a.Bases, CompareOptions{
			Metric: opts.Metric, Base: opts.Base, Center: opts.Center, Alpha: opts.Alpha,
			Confidence: opts.Confidence, Skip: opts.Skip, Thresholds: opts.Thresholds,
		})
	})
	wg.Go(func() {
		a.Scaling = scaleEach(a.Dataset, doc.Hosts, a.Metrics, ScaleOptions{
			Center: opts.Center, Confidence: opts.Confidence, Skip: opts.Skip, SLO: opts.SLO, Thresholds: opts.Thresholds,
		})
	})
	var cw Warnings
	wg.Go(func() {
		a.Config = DiffConfig(doc.Variables, a.Dataset)
		a.Counters, cw = Counters(doc.Variables, a.Dataset)
	})
	if opts.History != nil {
		wg.Go(func() { a.History = history(doc.Runs, *opts.History, opts) })
	}
	wg.Wait()
	a.Warnings = append(a.Warnings, a.Dataset.Warnings...)
	a.Warnings = append(a.Warnings, cw...)
	return a
}

// stabilityEach is the stability of every run of the dataset's cells
// that has an interim series of its workload's rate or can be checked
// against Little's law, in the order of the cells and their runs. Runs
// are taken a share at a time by as many goroutines as there are cores.
func stabilityEach(ds *Dataset, metrics map[string]Metric, opts Options) []*Stability {
	// Stability is about throughput, whatever metric is compared: the
	// workload's rate.
	rates := map[string]Metric{}
	type job struct {
		r *parse.Run
		m Metric
	}
	var jobs []job
	for _, c := range ds.Cells {
		tm, ok := rates[c.Workload]
		if !ok {
			tm = metrics[c.Workload]
			if !tm.Throughput() {
				var runs []*parse.Run
				for _, d := range ds.Cells {
					if d.Workload == c.Workload {
						runs = append(runs, d.Runs...)
					}
				}
				tm = WorkloadMetric(runs)
			}
			rates[c.Workload] = tm
		}
		for _, r := range c.Runs {
			jobs = append(jobs, job{r, tm})
		}
	}
	out := make([]*Stability, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for {
				i := int(next.Add(64)) - 64
				if i >= len(jobs) {
					return
				}
				for j := i; j < min(i+64, len(jobs)); j++ {
					out[j] = steadyIf(jobs[j].r, jobs[j].m, opts)
				}
			}
		})
	}
	wg.Wait()
	return slices.DeleteFunc(out, func(st *Stability) bool { return st == nil })
}

// steadyIf is Steady of r, or nil when r has no series of m and cannot
// be checked against Little's law. The run's interim reports are read
// once (from a spool, for a report).
func steadyIf(r *parse.Run, m Metric, opts Options) *Stability {
	ivs := r.Interim()
	if Little(r, opts.Thresholds) == nil && m.SeriesOf(r, ivs) == nil {
		return nil
	}
	return steadyOf(r, ivs, m, opts.Skip, opts.Confidence, opts.Thresholds)
}
