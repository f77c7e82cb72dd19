package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSummaryCountsAsReport: the line report prints counts the runs,
// systems and workloads report.md states. On the public legacy archive
// the dataset holds 24 runs of 6 workloads on 10 systems, report.md 8
// systems: two are left out of it, and the line said 10. The inputs have
// lines sbreport cannot read, so report ends partial.
func TestSummaryCountsAsReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rep")
	var out, errOut bytes.Buffer
	err := run([]string{"report", "-o", dir, "../../testdata/public/legacy-archive"}, &out, &errOut)
	if err != nil && !errors.Is(err, errPartial) {
		t.Fatalf("report: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "(24 runs, 8 systems, 6 workloads)") {
		t.Errorf("report printed %q, want 24 runs, 8 systems, 6 workloads", out.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\n24 runs of 6 workloads on 8 systems: ") {
		t.Errorf("report.md: %.300s", b)
	}
}
