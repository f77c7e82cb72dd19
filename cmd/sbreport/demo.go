package main

import (
	"fmt"
	"io"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/examples"
	"github.com/sbreport/sbreport/parse"
)

func init() {
	register("demo", "demo [flags] -o DIR",
		"Write the full report of the example campaign embedded in the binary (real sysbench runs against MariaDB) into DIR, as report does: report.md, appendix.md, charts/, report.xlsx, results.json, runs.csv.",
		runDemo)
}

// demoRoot is the embedded campaign's directory, as examples.Demo names
// it; report sources start with it ("demo-campaign/innodb/...").
const demoRoot = "demo-campaign"

// demoTitle is the demo report's title, unless --title says otherwise.
const demoTitle = "sbreport demo: MariaDB storage engines under sysbench"

func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("demo", stderr)
	f := addReportFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("demo: takes no inputs (got %q): %w", rest[0], errUsage)
	}
	if f.out == "" {
		return fmt.Errorf("demo: -o DIR is required: %w", errUsage)
	}
	ao, ro, err := f.options()
	if err != nil {
		return err
	}
	if ro.Title == "" {
		ro.Title = demoTitle
	}
	ro.Command = parse.MaskPasswords(commandLine(append([]string{"sbreport", "demo"}, args...)...))
	doc, err := loadDemo()
	if err != nil {
		return err
	}
	return writeReport(doc, ao, ro, f.out, f.force, nil, nil, stdout, stderr)
}

// loadDemo reads the campaign embedded in the binary with collect, as it
// reads any campaign directory, straight from the embedded files: sources
// are the campaign's own paths ("demo-campaign/innodb/..."), reduced as
// report reduces what it reads (see inputFlags.read).
func loadDemo() (*parse.Document, error) {
	return collect.LoadWith([]string{demoRoot}, collect.Options{FS: examples.Demo, StatusKeep: analyze.ServerCounters, Compact: true})
}
