package parse

import "testing"

// TestCPUWordOverQPSTable: train18/t117, an issue whose commit message
// above the table says "Shard level CPU stats", tabulates QPS of three
// builds at 1, 8 and 48 clients ("1  8  48  clients" over rows named
// last). The cpu test prints no queries: the runs take no test from that
// line, and keep their QPS, clients and builds.
func TestCPUWordOverQPSTable(t *testing.T) {
	d := readDoc(t, "../testdata/public/train18/t117-qps-prose-caption-fenced-table-header-ending-clients-build-label-last-command-below-fb-mysql56-658-excerpt.txt")
	type cell struct {
		system  string
		threads int
	}
	qps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.Test != "" || r.QPS == nil || r.Threads == nil {
			t.Errorf("line %d: test %q, qps %v, threads %v; want no test", r.Line, r.Test, r.QPS, r.Threads)
			continue
		}
		qps[cell{r.Labels["system"], *r.Threads}] = *r.QPS
	}
	if len(d.Runs) != 9 {
		t.Errorf("%d runs, want 9", len(d.Runs))
	}
	checkCells(t, "qps", qps, map[cell]float64{
		{"myrocks.feb10", 1}: 16333, {"myrocks.apr14", 8}: 118656, {"myrocks.jul14", 48}: 192247,
	})
}

// TestRateCaptionWorkload: a caption naming a rate "for" a workload
// names that workload; one naming threads, or no rate, names none.
func TestRateCaptionWorkload(t *testing.T) {
	for text, want := range map[string]string{
		"QPS for increment": "increment", "TPS for read-write": "read-write", "QPS for point-query": "point-query",
		"TPS for 1 to 64 threads": "", "Results for increment": "", "QPS": "", "TPS of MySQL 8.0": "", "QPS for v2.1.0": "",
	} {
		if got := rateCaptionWorkload(text); got != want {
			t.Errorf("rateCaptionWorkload(%q) = %q, want %q", text, got, want)
		}
	}
	if HeadingTest("QPS for point-query") != "oltp_point_select" {
		t.Error("a point query is oltp_point_select")
	}
}
