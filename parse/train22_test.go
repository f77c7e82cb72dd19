package parse

import (
	"strconv"
	"strings"
	"testing"
)

const t141 = "../testdata/public/train22/t141-sysbench-balanced-read-write-qps-tables-threads-4.00-8.00-to-200-two-systems-as-column-groups-split-disabled-and-enabled-cpu-memory-tables-with-threads-column-proxy-blog.md"

// TestColumnGroupsOfKnownAndUnknownSystems: train22/t141 compares a
// proxy with the database behind it in tables whose columns come in
// groups, one a system: "Threads | WeSQL WeScale QPS | WeSQL WeScale
// Latency | MySQL QPS | MySQL Latency". "MySQL" is a name the reader
// knows, "WeSQL WeScale" one it does not; the layout says both are
// systems. Each row is two runs, one a system, at the row's thread
// count, and the first rows' "4.00" and "8.00" are 4 and 8 threads.
func TestColumnGroupsOfKnownAndUnknownSystems(t *testing.T) {
	d := readDoc(t, t141)
	got := map[string]string{}
	for _, r := range d.Runs {
		if r.Line < 40 || r.Line > 50 || r.QPS == nil {
			continue
		}
		got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = intText(r.Threads) + " " + ftoa(*r.QPS)
	}
	for k, want := range map[string]string{
		"40 WeSQL WeScale": "4 2858.98", "40 MySQL": "4 4638.01",
		"41 WeSQL WeScale": "8 4386.4", "41 MySQL": "8 7508.5",
		"44 WeSQL WeScale": "50 11576.21", "44 MySQL": "50 12440.1",
		"50 WeSQL WeScale": "200 12612.59", "50 MySQL": "200 11686.86",
	} {
		if got[k] != want {
			t.Errorf("line %s: %q, want %q", k, got[k], want)
		}
	}
	if len(got) != 22 {
		t.Errorf("%d runs at lines 40-50, want 22 (11 rows, 2 systems)", len(got))
	}
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "bad threads value") {
			t.Errorf("line %d: %s", e.Line, e.Message)
		}
	}
}

// TestThreadsWithZeroDecimals: a whole count printed with decimals of
// zeros is that count; any other fraction is still no thread count.
func TestThreadsWithZeroDecimals(t *testing.T) {
	b := &summaryTable{}
	for cell, want := range map[string]int{"4.00": 4, "8.0": 8, "16": 16, "4.50": 0, "4.": 0, ".00": 0} {
		n, ok := b.threadsCell(cell)
		if !ok {
			n = 0
		}
		if n != want {
			t.Errorf("%q: %d, want %d", cell, n, want)
		}
	}
}
