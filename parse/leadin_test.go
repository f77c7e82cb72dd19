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
