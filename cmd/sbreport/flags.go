package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// skipHelp is the help text of every verb's --skip flag.
const skipHelp = "warm-up to trim from each run's interim series: a `duration` (30s), auto (detected, MSER-5) or none (0 works too)"

// parseSkip reads --skip: "auto" (or "") detects the warm-up, "none" or 0
// trims nothing, a duration trims that much.
func parseSkip(s string) (time.Duration, error) {
	switch s {
	case "auto", "":
		return 0, nil
	case "none", "0":
		return analyze.NoSkip, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--skip: want a duration such as 30s, auto or none, not %q: %w", s, errUsage)
	}
	if d == 0 {
		return analyze.NoSkip, nil
	}
	return d, nil
}

// commonFlags are the analysis flags of compare, scale, report and demo.
// Each verb registers --metric itself, with help that fits it.
type commonFlags struct {
	by, metric, center, skip string
	confidence               float64
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.by, "by", "", "label naming the system (`key`, e.g. engine, version, source); default: the label that differs between inputs")
	fs.StringVar(&c.center, "center", "mean", "summary of repeats: `mean` (Student-t interval) or median (order-statistic interval)")
	fs.Float64Var(&c.confidence, "confidence", 0.95, "confidence `level` of the intervals")
	fs.StringVar(&c.skip, "skip", "auto", skipHelp)
}

// check validates the shared flags.
func (c *commonFlags) check() (metric analyze.Metric, center analyze.Center, skip time.Duration, err error) {
	if c.metric != "" {
		if metric, err = analyze.ParseMetric(c.metric); err != nil {
			return "", "", 0, fmt.Errorf("--metric: %v: %w", err, errUsage)
		}
	}
	switch c.center {
	case "mean", "median":
		center = analyze.Center(c.center)
	default:
		return "", "", 0, fmt.Errorf("--center: want mean or median, not %q: %w", c.center, errUsage)
	}
	if !(c.confidence > 0 && c.confidence < 1) {
		return "", "", 0, fmt.Errorf("--confidence: want a level between 0 and 1, not %v: %w", c.confidence, errUsage)
	}
	if skip, err = parseSkip(c.skip); err != nil {
		return "", "", 0, err
	}
	return metric, center, skip, nil
}

// load reads the inputs and prints their errors to stderr.
func load(verb string, fs *flag.FlagSet, inputs []string, stderr io.Writer) (*parse.Document, error) {
	if len(inputs) == 0 {
		fs.Usage()
		return nil, fmt.Errorf("%s: no input given: %w", verb, errUsage)
	}
	doc, err := collect.Load(inputs)
	if err != nil {
		return nil, err
	}
	for _, e := range doc.Errors {
		fmt.Fprintln(stderr, e.Error())
	}
	return doc, nil
}

// partial returns the exit error for inputs that had errors.
func partial(doc *parse.Document) error {
	if len(doc.Errors) > 0 {
		return fmt.Errorf("%d problem(s) in the input; the rest was analysed: %w", len(doc.Errors), errPartial)
	}
	return nil
}

// checkAlpha validates --alpha.
func checkAlpha(a float64) error {
	if !(a > 0 && a < 1) {
		return fmt.Errorf("--alpha: want a level between 0 and 1, not %g: %w", a, errUsage)
	}
	return nil
}

// parseSLO reads --slo ("p95=20ms"); nil when none was given.
func parseSLO(text string) (*analyze.SLO, error) {
	if text == "" {
		return nil, nil
	}
	s, err := analyze.ParseSLO(text)
	if err != nil {
		return nil, fmt.Errorf("--slo: %v: %w", err, errUsage)
	}
	return &s, nil
}
