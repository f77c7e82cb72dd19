package parse

import (
	"testing"
)

const (
	train8Kernels  = "../testdata/public/train8/t84-pipe-rows-without-outer-pipes-two-kernels-as-column-systems.txt"
	train8Workload = "../testdata/public/train8/t85-pipe-rows-without-outer-pipes-workload-column-two-kernels.txt"
)

// TestSuffixSystems reads the Meltdown results: "threads | tps no-fix |
// tps fix | ratio no-fix/fix" names the two kernels after the rate, so
// every row gives one run of each, and the ratio is no result.
func TestSuffixSystems(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train8Kernels))
	if len(errs) > 0 || len(runs) != 32 {
		t.Fatalf("%d runs, errors %v; want 32 and none", len(runs), errs)
	}
	want := []struct {
		line, threads int
		system        string
		tps           float64
	}{
		{22, 1, "no-fix", 967.92}, {22, 1, "fix", 911.20},
		{29, 256, "no-fix", 24501.57}, {29, 256, "fix", 23766.12},
		{36, 1, "no-fix", 487.30}, {43, 256, "fix", 20580.03},
	}
	for _, w := range want {
		found := false
		for _, r := range runs {
			if r.Line == w.line && r.Label("system") == w.system {
				found = true
				if r.Threads == nil || *r.Threads != w.threads || r.TPS == nil || *r.TPS != w.tps || r.Test != "oltp_read_only" {
					t.Errorf("line %d %s: %s", w.line, w.system, rowText(r))
				}
			}
		}
		if !found {
			t.Errorf("no run of %s at line %d", w.system, w.line)
		}
	}
	for _, r := range runs {
		if r.QPS != nil || r.EPS != nil || len(r.Metrics) > 0 {
			t.Errorf("the ratio column read as a result: %s %+v", rowText(r), r.Metrics)
		}
	}
}

// TestSuffixSystemsWorkloadColumn reads the later table, whose rows name
// their test in a column: both kernels of each row, the test the row's.
func TestSuffixSystemsWorkloadColumn(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train8Workload))
	if len(errs) > 0 || len(runs) != 24 {
		t.Fatalf("%d runs, errors %v; want 24 and none", len(runs), errs)
	}
	if r := runs[0]; r.Line != 9 || r.Test != "oltp_read_only" || r.Label("system") != "no-fix" || *r.TPS != 810.76 || *r.Threads != 1 {
		t.Errorf("first run: %s", rowText(r))
	}
	if r := runs[23]; r.Line != 20 || r.Test != "oltp_point_select" || r.Label("system") != "fix" || *r.TPS != 414495.64 || *r.Threads != 128 {
		t.Errorf("last run: %s", rowText(r))
	}
}
