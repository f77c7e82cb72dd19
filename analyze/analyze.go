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
	Center     Center        // "" = Mean
	Alpha      float64       // 0 = 0.05
	Confidence float64       // 0 = 0.95
	Skip       time.Duration // 0 = automatic warm-up, NoSkip = none
	SLO        *SLO
	Thresholds Thresholds // zero value = DefaultThresholds
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
	Warnings   Warnings     `json:"warnings"`
}

// Analyze groups the document's runs and computes stability, comparison,
// scaling and configuration differences in one go.
func Analyze(doc *parse.Document, opts Options) *Analysis { panic("todo") }
