package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReportDirectory(t *testing.T) {
	in := filepath.Join("..", "..", "render", "testdata", "engines")
	tmp := t.TempDir()
	out := filepath.Join(tmp, "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, in}, &so, &se); err != nil {
		t.Fatalf("first report: %v\n%s", err, se.String())
	}
	for _, f := range []string{"report.md", "report.xlsx", "results.json", "runs.csv", "charts/bars-oltp_insert.png", "charts/bars-oltp_insert.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	// An existing directory is refused without --force.
	if err := run([]string{"report", "-o", out, in}, &so, &se); !errors.Is(err, errUsage) {
		t.Errorf("second report without --force: err %v, want a usage error", err)
	}
	// A template that fails while executing leaves the old report intact
	// and no temporary directory behind.
	bad := filepath.Join(tmp, "bad.md.tmpl")
	os.WriteFile(bad, []byte("{{.NoSuchField}}"), 0o644)
	if err := run([]string{"report", "--force", "--template", bad, "-o", out, in}, &so, &se); err == nil {
		t.Error("report with a failing template succeeded")
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "## How to read these numbers") {
		t.Errorf("old report.md damaged: %v", err)
	}
	ents, _ := os.ReadDir(tmp)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary directory %s left behind", e.Name())
		}
	}
	// --force replaces it, with a user template.
	good := filepath.Join(tmp, "good.md.tmpl")
	os.WriteFile(good, []byte("# {{.Title}}\n{{range .Workloads}}- {{.Name}}: {{len .Results}} rows\n{{end}}"), 0o644)
	if err := run([]string{"report", "--force", "--template", good, "--title", "Mine", "-o", out, in}, &so, &se); err != nil {
		t.Fatalf("report --force: %v", err)
	}
	md, _ = os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.HasPrefix(string(md), "# Mine\n- oltp_insert: 3 rows\n") {
		t.Errorf("user template output:\n%s", md)
	}
}
