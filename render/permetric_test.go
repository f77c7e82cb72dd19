package render

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/analyze"
)

// TestMixedMetricsReport renders a report of real public logs of five
// kinds (mysqlslap, sysbench cpu, memory, fileio, a sequence test without
// transactions and OLTP): each section names its metric, mysqlslap's in
// seconds with its three printed decimals against the engine that ran it
// (myisam at 50 clients: 0.015 s; innodb 0.112 s, 7.47×), runs.csv and
// the workbook's runs carry each run's metric and value.
func TestMixedMetricsReport(t *testing.T) {
	doc := load(t,
		"../testdata/public/mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt",
		"../testdata/public/nondb/sb0.4.12-cpu-1thr.txt",
		"../testdata/public/nondb/sb0.4.12-memory-write-1thr.txt",
		"../testdata/public/nondb/sb0.4.12-fileio-rndrd.txt",
		"../testdata/public/legacy-archive/mdev13491-sequence/res01",
		"../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt")
	an := analyze.Analyze(doc, analyze.Options{})
	s := memSink{}
	if err := Report(s, doc, an, Options{Title: "Mixed"}); err != nil {
		t.Fatal(err)
	}
	writeOut(t, "mixed", s)
	md := s[MarkdownFile].String()
	for _, want := range []string{
		"Compared in average seconds to run all queries (mysqlslap), lower is better.",
		"| slap_avg_s [95% interval] | ratio to myisam [interval] and verdict |",
		"| 50 | myisam | 1 | 0.015 | base |",
		"| 50 | innodb | 1 | 0.112 | 7.47× no test (1 run) |",
		"Compared in events per second.",
		"| eps [95% interval] |",
		"Compared in queries per second.",
		"| qps [95% interval] |",
		"Compared in transactions per second.",
		"| tps [95% interval] |",
		"against myisam",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	csv := s[CSVFile].String()
	if !strings.Contains(csv, ",metric,value,") || !strings.Contains(csv, ",slap_avg_s,0.112,") {
		t.Errorf("runs.csv lacks the metric and value columns or innodb's 0.112 s:\n%s", firstLines(csv, 3))
	}
}

// TestNoColumnOfDashes reads a directory's worth of unrelated public
// logs, one system per input: no column of the headline table is
// without a ratio, and the input without tps is listed once.
func TestNoColumnOfDashes(t *testing.T) {
	files, _ := filepath.Glob("../testdata/public/sysbench-0.5/*.txt")
	slaps, _ := filepath.Glob("../testdata/public/mysqlslap/*.txt")
	doc := load(t, append(append(files, slaps...), "../testdata/public/nondb/sb0.4.12-cpu-1thr.txt")...)
	an := analyze.Analyze(doc, analyze.Options{})
	v := newView(doc, an, Options{})
	if len(v.Relative) == 0 {
		t.Fatal("no headline table")
	}
	for j, col := range v.RelativeCols {
		any := false
		for _, row := range v.Relative {
			any = any || row.Cells[j].Ratio != nil
		}
		if !any {
			t.Errorf("column %q has no ratio", col)
		}
	}
	n := 0
	for _, lo := range v.LeftOut {
		if strings.Contains(lo, "sb0.5-uint64-underflow-impossible-tps-issue14.txt (no tps)") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("left out %v: want the underflow input once, for no tps", v.LeftOut)
	}
}

func firstLines(s string, n int) string {
	ls := strings.SplitN(s, "\n", n+1)
	if len(ls) > n {
		ls = ls[:n]
	}
	return strings.Join(ls, "\n")
}
