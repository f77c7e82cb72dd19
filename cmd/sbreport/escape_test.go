package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A report over inputs whose names carry formulas, Markdown, HTML,
// terminal escapes and colliding or very long workload names: every
// sink keeps them as text.
func TestReportHostileLabels(t *testing.T) {
	log, err := os.ReadFile(filepath.Join("..", "..", "testdata", "public", "sysbench-1.0", "sb1.0.20-oltp_read_write-16thr.log"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	logs := filepath.Join(tmp, "logs")
	long := strings.Repeat("w", 240)
	dirs := []string{
		"system=rocksdb/workload=a:b",
		"system=\x1b[1mrocksdb\x1b[0m/workload=a-b",
		`system==HYPERLINK("http:\\x","y")/workload=a-b`,
		"system=a\n# owned/workload=a:b",
		"system=<img src=x onerror=alert(1)>/workload=" + long,
		"system=[x](javascript:alert(1))/workload=" + long,
		"system=-2+3|pipe`tick/workload=a:b",
	}
	for _, d := range dirs {
		p := filepath.Join(logs, d)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Skipf("file system refuses %q: %v", d, err)
		}
		os.WriteFile(filepath.Join(p, "run.log"), log, 0o644)
	}
	out := filepath.Join(tmp, "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, logs}, &so, &se); err != nil {
		t.Fatalf("report: %v\n%s", err, se.String())
	}
	if !strings.Contains(so.String(), "(7 runs, 6 systems, 3 workloads)") {
		t.Errorf("summary line: %s (the coloured rocksdb must be rocksdb)", so.String())
	}

	// runs.csv: no cell a spreadsheet would evaluate.
	f, _ := os.Open(filepath.Join(out, "runs.csv"))
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	number := regexp.MustCompile(`^[-+]?[0-9]+(\.[0-9]+)?$`)
	formulas := 0
	for _, rec := range recs {
		for _, c := range rec {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) && !number.MatchString(c) {
				t.Errorf("runs.csv cell %q would be evaluated", c)
			}
			if strings.HasPrefix(c, "'=HYPERLINK") || strings.HasPrefix(c, "'-2+3") {
				formulas++
			}
		}
	}
	if formulas < 2 {
		t.Errorf("the formula labels are not in runs.csv as text (%d found)", formulas)
	}

	// report.md: no structure from the labels.
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	for i, l := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(l, "# ") && i > 0 {
			t.Errorf("report.md line %d: a heading from a label: %q", i+1, l)
		}
	}
	// Outside code spans, no tag and no link made of a label.
	codeSpan := regexp.MustCompile("(`+)[^`].*?[^`]?(`+)")
	text := codeSpan.ReplaceAllString(string(md), "")
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`<(img|script)`), regexp.MustCompile(`(^|[^\\])\[x\]\(javascript:`), regexp.MustCompile("\x1b")} {
		if m := bad.FindString(text); m != "" {
			t.Errorf("report.md holds %q", m)
		}
	}
	if !strings.Contains(text, `\[x\](javascript:alert(1))`) || !strings.Contains(text, "&lt;img src=x") {
		t.Errorf("the hostile labels are not shown as text")
	}
	// Every chart it links to exists, once per name.
	links := regexp.MustCompile(`\]\((charts/[^)]+)\)`).FindAllStringSubmatch(string(md), -1)
	seen := map[string]bool{}
	for _, m := range links {
		if seen[m[1]] {
			t.Errorf("two charts link to %s", m[1])
		}
		seen[m[1]] = true
		if _, err := os.Stat(filepath.Join(out, m[1])); err != nil {
			t.Errorf("linked chart: %v", err)
		}
	}
	if len(seen) < 6 {
		t.Errorf("%d charts linked, want bars and timeline of 3 workloads", len(seen))
	}

	// Every SVG is well-formed XML.
	svgs, _ := filepath.Glob(filepath.Join(out, "charts", "*.svg"))
	for _, p := range svgs {
		b, _ := os.ReadFile(p)
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(p), err)
				break
			}
		}
		if len(filepath.Base(p)) > 100 {
			t.Errorf("chart file name of %d bytes: %s", len(filepath.Base(p)), filepath.Base(p))
		}
	}
}
