package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/examples"
	"github.com/sbreport/sbreport/parse"
)

func init() {
	register("demo", "demo [flags] -o DIR",
		"Write the full report of the example campaign embedded in the binary (real sysbench runs against MariaDB) into DIR.",
		runDemo)
}

// demoRoot is the embedded campaign's directory; report sources are named
// relative to it ("demo-campaign/innodb/...").
const demoRoot = "demo-campaign"

func runDemo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("demo", stderr)
	f := addReportFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		fs.Usage()
		return fmt.Errorf("demo: takes no inputs (got %q): %w", rest[0], errUsage)
	}
	if f.out == "" {
		fs.Usage()
		return fmt.Errorf("demo: -o DIR is required: %w", errUsage)
	}
	ao, ro, err := f.options()
	if err != nil {
		return err
	}
	if ro.Title == "" {
		ro.Title = "sbreport demo: MariaDB storage engines under sysbench"
	}
	ro.Command = parse.MaskPasswords("sbreport demo " + strings.Join(args, " "))
	doc, err := loadDemo()
	if err != nil {
		return err
	}
	return writeReport(doc, ao, ro, f.out, f.force, nil, stdout, stderr)
}

// loadDemo copies the embedded campaign to a temporary directory, reads it
// with collect like any capture directory, and names the sources relative
// to the campaign.
func loadDemo() (*parse.Document, error) {
	tmp, err := os.MkdirTemp("", "sbreport-demo-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	err = fs.WalkDir(examples.Demo, demoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(tmp, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := examples.Demo.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		return nil, fmt.Errorf("demo: unpack the example campaign: %w", err)
	}
	doc, err := collect.Load([]string{filepath.Join(tmp, demoRoot)})
	if err != nil {
		return nil, err
	}
	rel := func(s string) string {
		if r, err := filepath.Rel(tmp, s); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
		return s
	}
	for _, r := range doc.Runs {
		r.Source = rel(r.Source)
	}
	for _, h := range doc.Hosts {
		h.Source = rel(h.Source)
		for i, c := range h.Captures {
			h.Captures[i] = strings.ReplaceAll(c, tmp+string(filepath.Separator), "")
		}
	}
	for _, v := range doc.Variables {
		v.Source = rel(v.Source)
	}
	for _, t := range doc.Tables {
		t.Source = rel(t.Source)
	}
	for _, e := range doc.Errors {
		e.Source = rel(e.Source)
	}
	return doc, nil
}
