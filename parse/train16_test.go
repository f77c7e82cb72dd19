package parse

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/tabular"
)

// The texts of testdata/public/train16 (SOURCES.md there): result tables
// of reports.

const (
	t108 = "../testdata/public/train16/t108-md-qps-tables-threads-by-four-systems-three-read-write-mixes-latency-and-improvement-tables-html-tables-front-matter.txt"
	t110 = "../testdata/public/train16/t110-md-tables-tests-by-three-systems-bold-best-comma-thousands-then-grouped-rows-with-blank-test-cells-thread-columns-prose-restating-and-earlier-pass-figures.txt"
)

// TestCaptionNamesTheMetricOfSystemColumns: a table whose columns are
// systems and whose cells are bare numbers takes its metric from the
// caption above it, across the blank line between them: "**QPS**" over
// threads by four MySQL deployments (t108, whose names are longer than a
// version: "Operator for Percona Server for MySQL"), "## TABLE_SIZE=10K
// (sysbench default), 4 threads, TPS" over tests by three servers (t110,
// "MariaDB 11.8": a version, not a percentile). "**QPS improvement**" over
// percentages and "**Latency (ms)**" name no rate of their cells.
func TestCaptionNamesTheMetricOfSystemColumns(t *testing.T) {
	d := readDoc(t, t108)
	type cell struct {
		line   int
		system string
	}
	qps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.QPS == nil || r.Threads == nil {
			t.Errorf("line %d: qps %v threads %v", r.Line, r.QPS, r.Threads)
			continue
		}
		qps[cell{r.Line, r.Labels["system"]}] = *r.QPS
	}
	if len(d.Runs) != 60 {
		t.Errorf("%d runs, want 60: three mixes, five thread counts, four systems", len(d.Runs))
	}
	checkCells(t, "qps", qps, map[cell]float64{
		{167, "Apecloud MySQL Paxos Group"}: 10516.35, {167, "* RDS MySQL Operator"}: 13761.06,
		{169, "Operator for Percona Server for MySQL"}: 3302.07, {171, "MySQL Operator for Kubernetes"}: 1318.18,
	})
	mixes := map[string]bool{}
	for _, r := range d.Runs {
		if r.Line >= 175 && r.Line <= 197 {
			t.Errorf("line %d: a run of the latency or improvement tables", r.Line)
		}
		// "point_select:update_index 4:1" over each table names a mix
		// of two tests, none of them the runs' test: the workload of its
		// table's runs, so that the four deployments are four systems
		// measured on three workloads.
		if r.Test != "" || r.Labels["heading"] != "" {
			t.Errorf("line %d: test %q, heading %q; want none", r.Line, r.Test, r.Labels["heading"])
		}
		mixes[r.Labels["workload"]] = true
	}
	if len(mixes) != 3 || !mixes["point_select:update_index 1:1"] {
		t.Errorf("the tables' workloads %v, want the three mixes", mixes)
	}
	if HeadingTest("point_select:update_index 4:1") != "" || !HeadingMix("point_select:update_index 4:1") ||
		HeadingTest("Update Non-Index") != "oltp_update_non_index" || HeadingMix("Update Non-Index") {
		t.Error("a heading naming two tests names a mix, one whose words hold another test's names that test")
	}

	d = readDoc(t, t110)
	tps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.Line < 35 || r.Line > 44 {
			continue
		}
		if r.TPS == nil || r.Threads == nil || *r.Threads != 4 || r.Test == "" {
			t.Errorf("line %d: tps %v threads %v test %q, want a test at 4 threads", r.Line, r.TPS, r.Threads, r.Test)
			continue
		}
		tps[cell{r.Line, r.Labels["system"]}] = *r.TPS
	}
	if len(tps) != 30 {
		t.Errorf("%d runs in lines 35-44, want 30: ten tests, three systems", len(tps))
	}
	checkCells(t, "tps", tps, map[cell]float64{
		{35, "MariaDB 11.8"}: 56498, {38, "Firebird 6.0.0.2012"}: 5047, {44, "PostgreSQL 17.10"}: 343105,
	})
}

// TestTraditionalChineseHeaders: a zh-TW report's table (train16/t105)
// names its rows' column 類型 (类型, the test) and stands under a heading
// giving the threads ("OLTP 比較（16 threads TPS 對照）"); its rows name
// tests in the short forms of 1.x's (random_points). Traditional
// characters are matched as the simplified ones of the word lists.
func TestTraditionalChineseHeaders(t *testing.T) {
	d := readDoc(t, "../testdata/public/train16/t105-crossed-tps-tables-two-systems-arrow-cells-before-after-scale-out-percent-lists-tl-dr-zh-tw-excerpt.txt")
	type cell struct {
		test, system string
	}
	tps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.Line < 39 || r.Line > 44 {
			continue
		}
		if r.TPS == nil || r.Threads == nil || *r.Threads != 16 {
			t.Errorf("line %d: tps %v threads %v, want 16 threads", r.Line, r.TPS, r.Threads)
			continue
		}
		tps[cell{r.Test, r.Labels["system"]}] = *r.TPS
	}
	checkCells(t, "tps", tps, map[cell]float64{
		{"oltp_read_only", "MySQL"}: 1812.85, {"select_random_points", "TiDB"}: 3403.69,
		{"select_random_ranges", "MySQL"}: 18309.55, {"oltp_read_write", "TiDB"}: 354.22,
	})
	if len(tps) != 12 {
		t.Errorf("%d runs in lines 39-44, want 12", len(tps))
	}
	for _, w := range [][2]string{{"類型", "类型"}, {"延遲", "延迟"}, {"執行緒數", "执行绪数"}, {"MySQL 8.0", "MySQL 8.0"}} {
		if got := tabular.FoldHan(w[0]); got != w[1] {
			t.Errorf("FoldHan(%q) = %q, want %q", w[0], got, w[1])
		}
	}
}

// TestCrossedTableWithTwoNameColumns: t110's second table names each row
// by a test and a system (| Benchmark | DB | 1t | 2t | 4t |), prints the
// test once over its group ("| **oltp_read_only** | Firebird 6 |" then
// "| | MariaDB |"), its columns thread counts written with a glued t, its
// metric in the heading above ("…, scaling 1 → 2 → 4 threads, TPS").
func TestCrossedTableWithTwoNameColumns(t *testing.T) {
	d := readDoc(t, t110)
	type cell struct {
		test, system string
		threads      int
	}
	tps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.Line < 53 || r.Line > 76 {
			continue
		}
		if r.TPS == nil || r.Threads == nil {
			t.Errorf("line %d: tps %v threads %v", r.Line, r.TPS, r.Threads)
			continue
		}
		tps[cell{r.Test, r.Labels["system"], *r.Threads}] = *r.TPS
	}
	if len(tps) != 72 {
		t.Errorf("%d runs, want 72: eight tests, three systems, three thread counts", len(tps))
	}
	checkCells(t, "tps", tps, map[cell]float64{
		{"oltp_point_select", "Firebird 6", 1}: 1000, {"oltp_point_select", "PostgreSQL", 4}: 25515,
		{"oltp_read_only", "MariaDB", 2}: 332, {"oltp_delete", "PostgreSQL", 4}: 380,
	})
}

// TestArrowPairCells: "TPS（單 SQL 多 KV → 多 SQL 單 KV）" heads cells holding
// both configurations' values, before and after the arrow ("783.54 →
// 830.14", train16/t105), as "a/b (TPS)" heads "a/b" cells.
func TestArrowPairCells(t *testing.T) {
	d := readDoc(t, "../testdata/public/train16/t105-crossed-tps-tables-two-systems-arrow-cells-before-after-scale-out-percent-lists-tl-dr-zh-tw-excerpt.txt")
	got := map[string][]float64{}
	for _, r := range d.Runs {
		if r.Line >= 72 && r.Line <= 77 && r.TPS != nil {
			got[r.Labels["system"]] = append(got[r.Labels["system"]], *r.TPS)
		}
	}
	want := map[string][]float64{
		"單 SQL 多 KV": {783.54, 5097.07, 5598.35, 3371.89, 1500.30, 503.92},
		"多 SQL 單 KV": {830.14, 5538.02, 7026.91, 3946.03, 1782.03, 561.45},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tps by configuration %v, want %v", got, want)
	}
	for _, h := range []string{"QPS (v1 -> v2)", "before → after (TPS)"} {
		if a, b, rest, sep, ok := arrowPairHeader(h); !ok || a == "" || b == "" || classifyMetric(rest).kind == colOther || sep == "" {
			t.Errorf("arrowPairHeader(%q) = %q, %q, %q, %q, %v", h, a, b, rest, sep, ok)
		}
	}
}

// TestLabelledInterimLines: results quoted as one interim report each,
// behind a label in a comment (train16/t106: "# aws rds mysql on gp ssd:
// [ 9s ] thds: 10 tps: 484.00 …"): each line is a run of its own, named
// by its label, its threads its report's; a caption between interim
// lines ends the run above it.
func TestLabelledInterimLines(t *testing.T) {
	d := readDoc(t, "../testdata/public/train16/t106-sh-script-then-trailing-comment-lines-each-a-labelled-single-interim-report-line-storage-backends.txt")
	type run struct {
		line    int
		label   string
		threads int
		tps     float64
	}
	var got []run
	for _, r := range d.Runs {
		iv := r.Interim()
		if len(iv) != 1 || r.Threads == nil {
			t.Errorf("line %d: %d interim reports, threads %v; want one report", r.Line, len(iv), r.Threads)
			continue
		}
		got = append(got, run{r.Line, r.Labels["heading"], *r.Threads, iv[0].TPS})
	}
	want := []run{
		{32, "percona-mysql on openebs jiva / hd", 100, 159.03},
		{33, "percona-mysql on openebs localpv / nvme / qcow", 100, 276.10},
		{34, "percona-mysql on openebs localpv / nvme / raw", 10, 175.99},
		{35, "percona-mysql on openebs cstor / hdd / qcow", 20, 205.56},
		{36, "aws rds mysql on gp ssd", 10, 484.00},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("runs\n%v\nwant\n%v", got, want)
	}
}

// TestSettingsTableIsNoResults: a table of server settings by system
// (t108: "innodb_buffer_pool_size | 9G | 11G | …") is not read, and the
// error says what its rows are rather than that results were left out
// of a table naming no threads.
func TestSettingsTableIsNoResults(t *testing.T) {
	d := readDoc(t, t108)
	found := false
	for _, e := range d.Errors {
		if e.Line == 91 {
			found = true
			if !strings.Contains(e.Message, "server settings (innodb_buffer_pool_size, …) by configuration, not results") {
				t.Errorf("line 91: %s", e.Message)
			}
		}
	}
	if !found {
		t.Error("no error for the settings table at line 91")
	}
}

// TestMeasurementThenSystemHeaders: t107's tables (a zh-TW report of
// mysqlslap runs) name each rate column by its measurement, a tag and a
// system, glued ("RPS(A) MySQL | RPS(B) TiDB"): each row is a run of
// each system at its threads, RPS (requests, here queries, per second)
// read as QPS. A name after a measurement may stand in parentheses, after
// a dash or with its version ("TPS (MySQL 5.7)", "TPS - InnoDB", "MySQL
// 5.7 TPS"); a statistic or a unit there is no name.
func TestMeasurementThenSystemHeaders(t *testing.T) {
	d := readDoc(t, "../testdata/public/train16/t107-mysqlslap-select-one-avg-qps-as-rps-tables-threads-by-two-configurations-percent-column-legend-bullets-zh-tw-excerpt.txt")
	type cell struct {
		line    int
		system  string
		threads int
	}
	qps := map[cell]float64{}
	for _, r := range d.Runs {
		if r.QPS == nil || r.Threads == nil {
			t.Errorf("line %d: qps %v threads %v", r.Line, r.QPS, r.Threads)
			continue
		}
		qps[cell{r.Line, r.Labels["system"], *r.Threads}] = *r.QPS
	}
	if len(d.Runs) != 24 || len(qps) != 24 {
		t.Errorf("%d runs (%d cells), want 24: two tables of six thread counts, two systems", len(d.Runs), len(qps))
	}
	checkCells(t, "qps", qps, map[cell]float64{
		{24, "(A) MySQL", 10}: 22394.74, {24, "(B) TiDB", 10}: 15395.67,
		{29, "(B) TiDB", 1000}: 19677.29, {57, "(B) TiDB", 10}: 96774.19, {62, "(A) MySQL", 1000}: 6944.28,
	})
	for h, want := range map[string]string{"TPS (MySQL 5.7)": "MySQL 5.7", "TPS - InnoDB": "InnoDB", "RPS(B) TiDB": "(B) TiDB"} {
		words := strings.Fields(parenSpacer.Replace(h))
		if got, ok := suffixName(words[1:]); !ok || got != want {
			t.Errorf("suffixName of %q = %q, %v; want %q", h, got, ok, want)
		}
	}
	for _, h := range []string{"TPS (median)", "Latency (ms)", "TPS (95%)", "QPS read"} {
		if got, ok := suffixName(strings.Fields(parenSpacer.Replace(h))[1:]); ok {
			t.Errorf("suffixName of %q = %q, want no name", h, got)
		}
	}
	if sys, _ := systemPrefix("TiDB 2.1 QPS"); sys != "TiDB 2.1" {
		t.Errorf("systemPrefix(TiDB 2.1 QPS) = %q, want the name with its version", sys)
	}
	if sys, _ := systemPrefix("MySQL 99.9 latency"); sys == "MySQL 99.9" {
		t.Error("99.9 beside a name is a percentile rank, not a version")
	}
}
