package parse

import (
	"fmt"
	"strings"
	"testing"
)

// TestTablesNamingSysbenchBesideOtherTools: generated hardware reports
// (train12 t96, an Intel N100; t97, a ROG Ally) tabulate sysbench beside
// other tools. A "Metric | Score" table whose rows name sysbench's tests
// ("Sysbench (RAM Throughput) | 9,320.09 MiB/sec", "Sysbench (CPU
// Events/Sec) | 8,436.38") is read as one machine's memory and cpu runs,
// each at the row that printed it, not as rows of one measurement named
// by their metric; a table of settings by "Stream Memory (Copy) | Sysbench
// RAM | Sysbench CPU" gives a memory and a cpu run a setting, the Stream
// column, another tool's, left out. The report's other tables (kernel
// and LLVM builds, Whisper, sqlite by "4 Threads", c-ray, git: times of
// other tools, one under prose saying "on the CPU") are not read as
// sysbench's runs; each is reported at its first row.
func TestTablesNamingSysbenchBesideOtherTools(t *testing.T) {
	type want struct {
		line         int
		test, system string
		value        float64
	}
	for path, wants := range map[string][]want{
		"../testdata/public/train12/t96-sb-cpu-memory-metric-score-rows-naming-sysbench-and-epp-setting-rows-by-test-columns-comma-thousands-bold-intel-n100-report.txt": {
			{15, "memory", "", 9320.09}, {16, "cpu", "", 8436.38},
			{22, "memory", "performance", 9244.25}, {22, "cpu", "performance", 8632.25},
			{23, "memory", "balance_performance", 9167.55}, {23, "cpu", "balance_performance", 8645.61},
			{24, "memory", "balance_power", 7271.13}, {24, "cpu", "balance_power", 6762.43},
			{25, "memory", "power", 3336.52}, {25, "cpu", "power", 3334.48},
		},
		"../testdata/public/train12/t97-sb-cpu-memory-metric-result-rows-naming-sysbench-beside-pts-tests-threads-rows-of-sqlite-rog-ally-report.txt": {
			{21, "cpu", "", 36404}, {22, "memory", "", 22807.26},
		},
	} {
		d := readDoc(t, path)
		if len(d.Runs) != len(wants) {
			t.Errorf("%s: %d runs, want %d", path[len(path)-20:], len(d.Runs), len(wants))
		}
		if strings.Contains(path, "/t97-") {
			var lines []int
			for _, e := range d.Errors {
				if strings.Contains(e.Message, "not read as sysbench's") {
					lines = append(lines, e.Line)
				}
			}
			if fmt.Sprint(lines) != "[42 51 72 82 91 111]" {
				t.Errorf("t97: other tools' tables reported at lines %v, want [42 51 72 82 91 111]", lines)
			}
		}
		got := map[want]bool{}
		for _, r := range d.Runs {
			if v := testFigure(r, r.Test); v != nil {
				got[want{r.Line, r.Test, r.Labels["system"], *v}] = true
			}
		}
		for _, w := range wants {
			if !got[w] {
				t.Errorf("%s: no %s run of %v at line %d for %q; runs: %v", path[len(path)-20:], w.test, w.value, w.line, w.system, got)
			}
		}
	}
}

// TestDeviceReportTableIsNoResult: sar -d's report copied into a Markdown
// table (a Linux notebook, testdata/public/tables) has a tps column, the
// disk's transfers per second; with sysstat's own columns beside it
// (rkB/s, aqu-sz, await, %util) it is no benchmark's results table.
func TestDeviceReportTableIsNoResult(t *testing.T) {
	d := readDoc(t, "../testdata/public/tables/sar-d-sample-output-as-markdown-table-tps-column-of-transfers-io-notebook-excerpt.md")
	if len(d.Runs) != 0 {
		t.Errorf("%d runs, want none: %s", len(d.Runs), rowText(d.Runs[0]))
	}
}
