package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCrossedTableThreadpool: the MariaDB threadpool benchmark page puts
// concurrent clients in the columns and the two schedulers in the rows;
// the unit is said once, in the prose above ("The results are in
// queries-per-second (QPS)."). Every cell is one run: its threads from
// the column, its system from the row, its section from the heading (a
// label, never its test), so that the same scheduler on two machines is
// two experiments.
func TestCrossedTableThreadpool(t *testing.T) {
	d := readHarness(t, "mariadb-threadpool-benchmarks-crossed-excerpt.md", "")
	if len(d.Runs) != 36 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 36 runs (2 tables of 2 rows of 9 cells)", len(d.Runs), d.Errors)
	}
	type key struct {
		system, heading string
		threads         int
	}
	got := map[key]float64{}
	for _, r := range d.Runs {
		if r.Threads == nil || r.QPS == nil || r.TPS != nil || r.ThreadsFrom != "table" {
			t.Fatalf("line %d: threads %v from %q, qps %v, tps %v", r.Line, r.Threads, r.ThreadsFrom, r.QPS, r.TPS)
		}
		k := key{r.Labels["system"], r.Labels["heading"], *r.Threads}
		if _, dup := got[k]; dup {
			t.Fatalf("two runs %+v", k)
		}
		got[k] = *r.QPS
		if len(r.Warnings) != 1 {
			t.Errorf("line %d: warnings %v, want the one naming line 43 as the unit's source", r.Line, r.Warnings)
		}
	}
	for k, want := range map[key]float64{
		{"thread per connection", "OLTP_RO facebook-maria1", 16}:  3944,
		{"threadpool", "OLTP_RO facebook-maria1", 4096}:           2962,
		{"thread per connection", "OLTP_RO pitbull", 1024}:        5313,
		{"threadpool", "OLTP_RO pitbull", 2048}:                   6523,
		{"thread per connection", "OLTP_RO facebook-maria1", 128}: 4863,
	} {
		if got[k] != want {
			t.Errorf("%+v: qps %v, want %v", k, got[k], want)
		}
	}
	if r := d.Runs[0]; r.Line != 56 || r.Labels["table"] != "line 53" {
		t.Errorf("first run at line %d, table %q; want 56, line 53", r.Line, r.Labels["table"])
	}
}

// TestCrossedTableNoUnit: thread counts as columns over counts that
// nothing in the text names as TPS, QPS or events per second are not
// guessed: one error names the table.
func TestCrossedTableNoUnit(t *testing.T) {
	d := readHarness(t, "windows-file-io-threads-crossed-comma-dash-excerpt.md", "")
	if len(d.Runs) != 0 || len(d.Errors) == 0 || d.Errors[0].Line != 3 ||
		!strings.Contains(d.Errors[0].Message, "12 values (lines 3-8) are left out") {
		t.Fatalf("%d runs, errors %v; want no run and an error at line 3 naming the 12 values", len(d.Runs), d.Errors)
	}
}

// TestGeneralTableCells: a pipe table whose header names the rows by a
// word no summary-table list holds ("Cell") is read by the table model:
// the text column is the rows' identity and names their system, Events/sec the events per
// second (comma thousands), and the row whose rate is "—" is a run with
// its value missing and a warning naming its line, not a zero.
func TestGeneralTableCells(t *testing.T) {
	d := readHarness(t, "virtual-time-cells-events-per-sec-comma-dash-excerpt.md", "")
	if len(d.Runs) != 2 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 2 runs", len(d.Runs), d.Errors)
	}
	few, many := d.Runs[0], d.Runs[1]
	if few.Line != 7 || few.Labels["cell"] != "few-events-long-span" || few.EPS != nil || len(few.Warnings) != 1 ||
		!strings.Contains(few.Warnings[0], `no value in column "Events/sec"`) {
		t.Errorf("first row: line %d, labels %v, eps %v, warnings %v", few.Line, few.Labels, few.EPS, few.Warnings)
	}
	if many.Line != 8 || many.Labels["cell"] != "many-events-short-span" || many.EPS == nil || *many.EPS != 2531300 {
		t.Errorf("second row: line %d, labels %v, eps %v", many.Line, many.Labels, many.EPS)
	}
	if many.Labels["table"] != "line 5" {
		t.Errorf("table label %q, want line 5", many.Labels["table"])
	}
	// No column, heading or command names a system: the first text
	// column that names every row apart does.
	if few.Labels["system"] != "few-events-long-span" || many.Labels["system"] != "many-events-short-span" ||
		!strings.Contains(many.LabelFrom["system"], `column "Cell"`) {
		t.Errorf("systems %q, %q (from %q); want each row's Cell", few.Labels["system"], many.Labels["system"], many.LabelFrom["system"])
	}
}

// TestGeneralTableAligned: a kernel patch mail prints a space-aligned
// table under the sysbench command it ran, its header indented over the
// rows' names ("tps  qps" over "w/o patch" and "w/  patch") and a change
// line under it. Each row is a run of the command's test and threads,
// named by the row; the change line is no row.
func TestGeneralTableAligned(t *testing.T) {
	d := readHarness(t, "lkml-wakeup-sysbench-aligned-tps-qps-excerpt.txt", "")
	if len(d.Runs) != 2 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 2 runs", len(d.Runs), d.Errors)
	}
	want := []struct {
		line     int
		system   string
		tps, qps float64
	}{{21, "w/o patch", 31748.22, 507971.56}, {22, "w/ patch", 35075.20, 561203.13}}
	for i, w := range want {
		r := d.Runs[i]
		if r.Line != w.line || r.Labels["system"] != w.system || r.TPS == nil || *r.TPS != w.tps || r.QPS == nil || *r.QPS != w.qps {
			t.Errorf("run %d: line %d, labels %v, tps %v, qps %v; want %+v", i, r.Line, r.Labels, r.TPS, r.QPS, w)
		}
		if r.Test != "oltp_read_only" || r.Threads == nil || *r.Threads != 128 || r.ThreadsFrom != "command" {
			t.Errorf("run %d: test %q, threads %v from %q; want oltp_read_only, 128 from the command", i, r.Test, r.Threads, r.ThreadsFrom)
		}
	}
}

// TestGeneralTableGroupedRows: a Korean README's table names its columns
// with words no summary-table list holds (워크로드 "workload", 모드
// "mode"), prints each test once in bold over its two modes, and writes
// rates with thousands separators. Every row is a run: the test from the
// bold cell above when its own is empty, the mode as a label, TPS, QPS,
// average and 95th-percentile latency; the "-" in the overhead column is
// missing, with a warning.
func TestGeneralTableGroupedRows(t *testing.T) {
	d := readHarness(t, "dbgate-sysbench-proxy-ko-bold-comma-ditto-excerpt.md", "")
	if len(d.Runs) != 4 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 4 runs", len(d.Runs), d.Errors)
	}
	want := []struct {
		line           int
		test, mode     string
		tps, qps, p95  float64
		avg            float64
		overheadMissed bool
	}{
		{15, "oltp_read_only", "직접연결", 2561, 40973, 1.93, 1.56, true},
		{16, "oltp_read_only", "프록시", 442, 7071, 9.73, 9.05, false},
		{17, "oltp_read_write", "직접연결", 1686, 33722, 2.61, 2.37, true},
		{18, "oltp_read_write", "프록시", 392, 7837, 11.04, 10.21, false},
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Line != w.line || r.Test != w.test || r.Labels["모드"] != w.mode {
			t.Errorf("run %d: line %d, test %q, labels %v; want %+v", i, r.Line, r.Test, r.Labels, w)
			continue
		}
		if r.TPS == nil || *r.TPS != w.tps || r.QPS == nil || *r.QPS != w.qps || r.Latency.Avg == nil || *r.Latency.Avg != w.avg ||
			r.Latency.Percentiles["95"] != w.p95 {
			t.Errorf("run %d: tps %v qps %v avg %v pct %v; want %+v", i, r.TPS, r.QPS, r.Latency.Avg, r.Latency.Percentiles, w)
		}
		if (len(r.Warnings) == 1) != w.overheadMissed {
			t.Errorf("run %d: warnings %v", i, r.Warnings)
		}
	}
}

// TestCrossedTableNameLast: MyRocks issue #677 prints each crossed table
// with its numbers first and its names last, the header's corner after
// the thread counts ("1  2  concurrency") and each build after its row's
// values ("15093  27471  myrocks.feb10"). The corner names threads, so
// two columns are enough to make the table; the prose above names QPS.
// Every cell is one run of the row's build at the column's threads.
func TestCrossedTableNameLast(t *testing.T) {
	d := readHarness(t, "fb-mysql56-677-point-query-crossed-name-last-excerpt.txt", "")
	if len(d.Runs) != 10 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 10 runs (5 builds at 1 and 2 clients)", len(d.Runs), d.Errors)
	}
	type key struct {
		system  string
		threads int
	}
	got := map[key]float64{}
	for _, r := range d.Runs {
		if r.Threads == nil || r.QPS == nil || r.ThreadsFrom != "table" || r.Line < 22 || r.Line > 26 {
			t.Fatalf("line %d: threads %v from %q, qps %v", r.Line, r.Threads, r.ThreadsFrom, r.QPS)
		}
		got[key{r.Labels["system"], *r.Threads}] = *r.QPS
	}
	for k, want := range map[key]float64{
		{"myrocks.feb10", 1}: 15093, {"myrocks.feb10", 2}: 27471,
		{"inno5635.pt1", 1}: 20783, {"inno801.pt1", 2}: 30360,
	} {
		if got[k] != want {
			t.Errorf("%+v: qps %v, want %v", k, got[k], want)
		}
	}
	// Two numbers with no corner naming threads are no table.
	d = readHarness(t, "pair", "Results below\n\n1       2       total\n15093   27471   myrocks.feb10\n")
	if len(d.Runs) != 0 {
		t.Errorf("numbers under a corner naming no thread count: %d runs, want none", len(d.Runs))
	}
}

// TestLegacyOLTPOptionNamesTest: "read-only" beside an option only the
// 0.4/0.5 oltp test has is that test's mode, not 1.x's oltp_read_only
// (MyRocks issue #343: "sysbench read-only with --oltp-range-size=10000").
func TestLegacyOLTPOptionNamesTest(t *testing.T) {
	for text, want := range map[string]string{
		"I get almost 2X more QPS for sysbench read-only with --oltp-range-size=10000 when update_row_stats is removed": "oltp",
		"sysbench read-only with --range-size=10000": "oltp_read_only",
		"read-only oltp-foo=1":                       "oltp_read_only", // no option of that name
	} {
		if got := headingTestOf(text); got != want {
			t.Errorf("%q: test %q, want %q", text, got, want)
		}
	}
}

// TestCrossedTableBlockSizes: an operating-system project's issue
// (testdata/public/holdout7, asterinas 451) puts memory block sizes in
// the columns (8K … 8M), its kernel and Linux in the rows, and the unit
// in every cell ("26148 MiB/sec"); "### Memory" above names the test and
// a list item over each table its mode ("- read seq"), two of the tables
// GFM without outer pipes. Every cell is one memory run: its block size
// from the column, its system from the row, its mode from the item, so
// that the four tables are four experiments per size and system.
func TestCrossedTableBlockSizes(t *testing.T) {
	name := "sb-memory-seq-rnd-read-write-8K-to-8M-cpu-jinux-vs-linux-tables-without-outer-pipes-asterinas451-excerpt.txt"
	b, err := os.ReadFile(filepath.Join("..", "testdata", "public", "holdout7", name))
	if err != nil {
		t.Fatal(err)
	}
	d := readHarness(t, name, string(b))
	if len(d.Runs) != 48 {
		t.Fatalf("%d runs, want 48 (4 tables of 2 rows of 6 sizes)", len(d.Runs))
	}
	type key struct{ system, mode, size string }
	got := map[key]float64{}
	for _, r := range d.Runs {
		if r.Test != "memory" || r.Memory == nil || r.Memory.TransferMiBs == nil || r.Threads != nil {
			t.Fatalf("line %d: test %q, memory %+v, threads %v", r.Line, r.Test, r.Memory, r.Threads)
		}
		k := key{r.Labels["system"], r.Labels["heading"], r.Labels["block size"]}
		if _, dup := got[k]; dup {
			t.Fatalf("two runs %+v", k)
		}
		got[k] = *r.Memory.TransferMiBs
	}
	for k, want := range map[key]float64{
		{"Jinux", "read seq", "8K"}:    26148,
		{"Linux", "read seq", "8M"}:    24348,
		{"Jinux", "write seq", "128K"}: 20064,
		{"Linux", "read rnd", "2M"}:    2173,
		{"Linux", "write rnd", "8M"}:   2187,
	} {
		if got[k] != want {
			t.Errorf("%+v: %v MiB/s, want %v", k, got[k], want)
		}
	}
}

// TestCrossedTableSizesUnnamed: sizes in the columns over bare numbers
// that nothing names (context lengths over tokens per second, from a
// model's README) are no sysbench results.
func TestCrossedTableSizesUnnamed(t *testing.T) {
	d := readHarness(t, "sizes.md", "**Tokens/second (higher is better):**\n\n| Model | 1K | 4K | 16K | 64K |\n|-------|-----|-----|------|------|\n| FlashAttn-2 | 6500 | 4200 | 1800 | 450 |\n")
	if len(d.Runs) != 0 {
		t.Errorf("%d runs from a table of token rates", len(d.Runs))
	}
}
