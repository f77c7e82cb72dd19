package parse

import "testing"

// TestLeadInLineNamesNoTable: a Chinese post (train5/t83) runs
// oltp_point_select at 8 threads, then writes "进一步增加测试线程，可以得到如下
// thread 与 tps 的关系：" ("raising the threads further gives the following
// relation of threads and tps:") over a table of 8 to 126 threads. The
// line introduces the table; it is no heading that sets the table's runs
// apart from the output above, so the seven rows and the output are one
// series. A short title ("Results below") is no lead-in.
func TestLeadInLineNamesNoTable(t *testing.T) {
	d := readDoc(t, "../testdata/public/train5/t83-oltp-point-select-output-then-threads-tps-table-restating-it-ycsb-tpcc-tables-and-approximate-prose-beside-zh.txt")
	var first map[string]string
	n := 0
	for _, r := range d.Runs {
		if r.Test != "oltp_point_select" {
			continue
		}
		n++
		if first == nil {
			first = r.Labels
			continue
		}
		if r.Labels["heading"] != first["heading"] {
			t.Errorf("line %d: heading %q, the output's %q", r.Line, r.Labels["heading"], first["heading"])
		}
	}
	if n != 7 {
		t.Errorf("%d oltp_point_select runs, want 7 (the output and six table rows)", n)
	}
	for text, want := range map[string]bool{
		"进一步增加测试线程，可以得到如下 thread 与 tps 的关系":          true,
		"The results of both servers are as follows": true,
		"Results below":              false,
		"以下":                         false,
		"MySQL 8.0 vs MariaDB 10.11": false,
	} {
		if got := leadIn(text); got != want {
			t.Errorf("leadIn(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestScriptSummaryMarksAndMemoryCaption: a VPS benchmark script's README
// (train20/t126) shows its final summary: "CPU Performance (sysbench):"
// over "  Single-Thread        [✓]:  1500.57 events/sec", then "Memory
// Performance:" over "  Bandwidth            [✓]: 20026.91 MiB/s". The
// padding and check marks are no part of a result's name, and the
// caption names the memory test: the bandwidth is a memory run's MiB/s.
func TestScriptSummaryMarksAndMemoryCaption(t *testing.T) {
	d := readDoc(t, "../testdata/public/train20/t126-sysbench-cpu-single-and-multi-thread-events-sec-and-memory-mib-s-in-a-results-summary-then-fio-disk-and-speedtest-lines-vps-benchmark-script-readme.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		v := r.Test + " " + intText(r.Threads) + " " + r.Labels["heading"]
		switch {
		case r.EPS != nil:
			v += " eps " + ftoa(*r.EPS)
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			v += " MiB/s " + ftoa(*r.Memory.TransferMiBs)
		}
		got[r.Line] = v
	}
	for line, want := range map[int]string{213: "cpu 1  eps 1500.57", 214: "cpu - Multi-Thread eps 5669.13", 217: "memory - Bandwidth MiB/s 20026.91"} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
	if !memoryTestPhrase("Memory Performance:") || memoryTestPhrase("memory performance improved") {
		t.Errorf("memoryTestPhrase: a caption names the test, a sentence does not")
	}
}
