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

// TestRateCaptionsNameWorkloads: train18/t116 tabulates the QPS of the
// same four builds under two captions, "QPS for all test" and "QPS for
// 1in10 test". Each caption names the workload of its table's 28 runs,
// so that the builds are four systems measured on two workloads, not
// eight systems of one.
func TestRateCaptionsNameWorkloads(t *testing.T) {
	d := readDoc(t, "../testdata/public/train18/t116-qps-captions-two-fenced-aligned-tables-bare-indented-thread-header-build-label-first-fb-mysql56-674-excerpt.txt")
	type cell struct {
		workload, system string
		threads          int
	}
	qps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.QPS == nil || r.Threads == nil || r.Labels["heading"] != "" {
			t.Errorf("line %d: qps %v, threads %v, heading %q", r.Line, r.QPS, r.Threads, r.Labels["heading"])
			continue
		}
		qps[cell{r.Labels["workload"], r.Labels["system"], *r.Threads}] = *r.QPS
	}
	if len(d.Runs) != 56 || len(qps) != 56 {
		t.Errorf("%d runs in %d cells, want 56", len(d.Runs), len(qps))
	}
	checkCells(t, "qps", qps, map[cell]float64{
		{"all test", "InnoDB-801", 1}: 554, {"all test", "MyRocks-Jun16", 48}: 20105,
		{"1in10 test", "InnoDB-801", 1}: 2530, {"1in10 test", "MyRocks-Jun16", 48}: 8993,
	})
}

// TestCornerParts: a corner of row-name words splits each row's name
// word for word, when it names a test and a system part and the name has
// as many words.
func TestCornerParts(t *testing.T) {
	for _, c := range []struct{ corner, name, test, system string }{
		{"test engine", "siac inno56.c0", "siac", "inno56.c0"},
		{"engine test", "inno56.c0 ro", "ro", "inno56.c0"},
		{"test engine", "incupd2", "", ""},        // fewer words
		{"engine", "InnoDB", "", ""},              // one word
		{"engine version", "InnoDB 8.0", "", ""},  // no test
		{"test threads", "ro 8", "", ""},          // not a name
		{"test workload engine", "a b c", "", ""}, // two tests
		{"test build host", "rw fb56 h1", "rw", "fb56 h1"},
	} {
		test, system, ok := cornerParts(c.corner, c.name)
		if test != c.test || system != c.system || ok != (c.test != "") {
			t.Errorf("cornerParts(%q, %q) = %q, %q, %v; want %q, %q", c.corner, c.name, test, system, ok, c.test, c.system)
		}
	}
}
