package analyze

import (
	"time"
)

// CompareOptions controls Compare.
type CompareOptions struct {
	Metric     Metric        // "" = DefaultMetric of the runs
	Base       string        // baseline system; "" = the first system
	Center     Center        // Mean (default) or Median
	Alpha      float64       // significance level, default 0.05
	Confidence float64       // interval level, default 0.95
	Skip       time.Duration // warm-up handling, as in Steady
	Thresholds Thresholds    // zero value = DefaultThresholds
}

// A Row is one system in one workload × threads cell. Its JSON is the
// compare --json row.
type Row struct {
	Workload string `json:"workload"`
	Threads  *int   `json:"threads"` // null when unknown
	Metric   Metric `json:"metric"`
	System   string `json:"system"`
	Base     bool   `json:"base"`
	N        int    `json:"n"`
	// Center, Lo and Hi summarise the repeats (null where undefined or
	// infinite). With one run that has an interim series, the interval is
	// the within-run batch-means interval and Within is set.
	Center *float64 `json:"center"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
	Within bool     `json:"within_run"`
	// Ratio is center(system)/center(base); RatioLo and RatioHi are its
	// Fieller interval (null when unbounded). Null on the base row.
	Ratio   *float64 `json:"ratio"`
	RatioLo *float64 `json:"ratio_lo"`
	RatioHi *float64 `json:"ratio_hi"`
	// PValue is Welch's t-test (mean) or the Mann–Whitney U test (median)
	// against the base; null on the base row or when untestable.
	PValue      *float64 `json:"p_value"`
	Test        string   `json:"test"` // "welch", "mann-whitney", ""
	Significant bool     `json:"significant"`
	// Better is set when the difference is significant and in the good
	// direction (higher throughput, lower latency).
	Better   bool      `json:"better"`
	Values   []float64 `json:"values"` // the per-run values, in input order
	Summary  Summary   `json:"-"`
	Warnings Warnings  `json:"warnings"`
}

// A Geomean is the geometric mean of one system's ratios to the base over
// the cells both have.
type Geomean struct {
	System string   `json:"system"`
	Metric Metric   `json:"metric"`
	Ratio  *float64 `json:"ratio"`
	Cells  int      `json:"cells"`
	// Workloads lists the workloads that entered the mean.
	Workloads []string `json:"workloads"`
	Warnings  Warnings `json:"warnings"`
}

// A Comparison is the result of Compare; its JSON is compare --json.
type Comparison struct {
	Metric        Metric    `json:"metric"`
	LowerIsBetter bool      `json:"lower_is_better"`
	By            string    `json:"by"`
	Base          string    `json:"base"`
	Center        Center    `json:"center"`
	Alpha         float64   `json:"alpha"`
	Confidence    float64   `json:"confidence"`
	Systems       []string  `json:"systems"`
	Rows          []Row     `json:"rows"` // cell by cell, base first within a cell
	Geomeans      []Geomean `json:"geomean"`
	Warnings      Warnings  `json:"warnings"`
}

// Compare compares every system with the base, cell by cell.
func Compare(d *Dataset, opts CompareOptions) *Comparison { panic("todo") }
