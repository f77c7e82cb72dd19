package parse

import (
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/tabular"
)

// A fileio wrapper's space-aligned results table (iobench.sh's README in
// two versions, testdata/public/train/t41 and t42): blockSize, testMode
// and threads say what each run is, rdIOps … latMs95th what it measured.
// Every row is a fileio run of its mode and thread count, its rates read
// by the direction each column's name says (rd, wr); rows that differ by
// block size alone are told apart by it. The prepare and cleanup outputs
// above the table (banner, "2 files, 524288Kb each, 1024Mb total",
// "Creating files for the test...") are no runs.
func TestSpaceTableDimensionsAndAbbreviatedMeasurements(t *testing.T) {
	type row struct {
		line, threads  int
		mode, block    string
		reads, writes  float64
		readMiB, wrMiB float64
		avg, p95       float64
	}
	for _, c := range []struct {
		file string
		rows int
		want []row
	}{
		{"t41-fileio-space-table-block-mode-threads.txt", 20, []row{
			{82, 1, "rndrd", "4k", 1008748.32, 0, 3940.42, 0, 0, 0},
			{86, 1, "rndrd", "64k", 118493.54, 0, 7405.85, 0, 0.01, 0.01},
			{93, 16, "rndrw", "64k", 4668.42, 3112.28, 291.78, 194.52, 2.02, 0.03},
			{101, 16, "seqwr", "64k", 0, 3201.00, 0, 200.06, 4.90, 0.09},
		}},
		{"t42-fileio-space-table-column-t.txt", 18, []row{
			{38, 1, "seqrd", "4k", 29923.57, 0, 116.89, 0, 0.03, 0},
			{46, 16, "rndrw", "4k", 20299.72, 13532.52, 79.30, 52.86, 0.46, 0.80},
			{55, 16, "rndrw", "1m", 123.42, 82.19, 123.42, 82.19, 73.21, 231.53},
		}},
	} {
		d, err := All(strings.NewReader(readText(t, "../testdata/public/train/"+c.file)), "in.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != c.rows || len(d.Errors) != 0 {
			t.Fatalf("%s: %d runs, errors %v; want %d table rows, no error", c.file, len(d.Runs), d.Errors, c.rows)
		}
		byLine := map[int]*Run{}
		for _, r := range d.Runs {
			byLine[r.Line] = r
		}
		for _, w := range c.want {
			r := byLine[w.line]
			if r == nil {
				t.Errorf("%s: no run at line %d", c.file, w.line)
				continue
			}
			f := r.FileIO
			if r.Test != "fileio" || r.Settings["file-test-mode"] != w.mode || r.Labels["blocksize"] != w.block ||
				r.Threads == nil || *r.Threads != w.threads {
				t.Errorf("%s:%d: test %q settings %v labels %v threads %v, want fileio %s %s %d threads",
					c.file, w.line, r.Test, r.Settings, r.Labels, r.Threads, w.mode, w.block, w.threads)
			}
			if f == nil || f.ReadsPS == nil || *f.ReadsPS != w.reads || f.WritesPS == nil || *f.WritesPS != w.writes ||
				f.ReadMiBs == nil || *f.ReadMiBs != w.readMiB || f.WrittenMiBs == nil || *f.WrittenMiBs != w.wrMiB {
				t.Errorf("%s:%d: fileio %+v, want reads/s %v writes/s %v read %v written %v MiB/s", c.file, w.line, f, w.reads, w.writes, w.readMiB, w.wrMiB)
			}
			if r.Latency.Avg == nil || *r.Latency.Avg != w.avg || r.Latency.Percentiles["95"] != w.p95 {
				t.Errorf("%s:%d: latency %+v, want avg %v p95 %v", c.file, w.line, r.Latency, w.avg, w.p95)
			}
			if _, ok := r.Labels["workload"]; ok {
				t.Errorf("%s:%d: workload label %q: the line above the table is sysbench's cleanup message", c.file, w.line, r.Labels["workload"])
			}
		}
	}
}

// A space-separated table whose rows a blank line splits into groups
// (a MatrixOne bug report's 'case  qps' comment, testdata/public/train/t47,
// main's rows then 1.0-dev's): one table, eight runs, each told apart by
// its free-form case label; the prose after the table is no row.
func TestSpaceTableGroupsSplitByBlankLine(t *testing.T) {
	runs := runsOf(t, readText(t, "../testdata/public/train/t47-space-table-free-form-case-labels.txt"))
	want := []struct {
		line int
		cse  string
		qps  float64
	}{{36, "100000/10/main", 32766}, {37, "100000/100/main", 35141}, {38, "1000000/10/main", 16363}, {39, "1000000/100/main", 15620},
		{41, "100000/10/dev", 19015}, {42, "100000/100/dev", 17791}, {43, "1000000/10/dev", 15884}, {44, "1000000/100/dev", 16312}}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		r := runs[i]
		if r.Line != w.line || r.Labels["case"] != w.cse || r.QPS == nil || *r.QPS != w.qps || r.Labels["table"] != "line 35" {
			t.Errorf("run %d: line %d case %q qps %v table %q, want line %d %q %v of the table at line 35",
				i, r.Line, r.Labels["case"], r.QPS, r.Labels["table"], w.line, w.cse, w.qps)
		}
	}
}

// A row of such a table that stops after what the run is, as a wrapper
// prints a run that reported nothing: t42's table with its line 46
// ("4k  rndrw  16  20299.72 …") cut after its first three cells. The row
// is reported with its line and the columns it lacks, and not counted;
// the rows after it are read.
func TestSpaceTableShortRowReported(t *testing.T) {
	lines := strings.Split(readText(t, "../testdata/public/train/t42-fileio-space-table-column-t.txt"), "\n")
	if !strings.HasPrefix(lines[45], "4k         rndrw     16       20299.72") {
		t.Fatalf("line 46 is %q", lines[45])
	}
	lines[45] = strings.Join(strings.Fields(lines[45])[:3], "         ")
	d, err := All(strings.NewReader(strings.Join(lines, "\n")), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 17 || d.Runs[16].Line != 55 {
		t.Fatalf("%d runs (last at line %d), want the 17 full rows through line 55", len(d.Runs), d.Runs[len(d.Runs)-1].Line)
	}
	want := `summary table at line 37: the row stops before "rdIOps", "wrIOps", "rdMiBps", "wrMiBps", "latMsAvg", "latMs95th": no value, not counted (the rows after it are read)`
	if len(d.Errors) != 1 || d.Errors[0].Line != 46 || d.Errors[0].Message != want {
		t.Errorf("errors %v, want line 46: %s", d.Errors, want)
	}
}

// TestSweptThreadsColumn: a script's printf table (testdata/public/headers,
// Korean notes on a cloud database) heads its thread column "thc", which
// names nothing a reader's word list holds; its values double row by row
// (2 … 1024) beside tps and qps columns, the shape of a thread sweep.
func TestSweptThreadsColumn(t *testing.T) {
	d := parseFile(t, "../testdata/public/headers/sb1.0.20-oltp-read-write-thread-sweep-2-to-1024-printf-table-thc-header-x64-notes-excerpt-ko.txt")
	if len(d.Runs) != 10 {
		t.Fatalf("%d runs, want 10", len(d.Runs))
	}
	for i, r := range d.Runs {
		if r.Threads == nil || *r.Threads != 2<<i || r.TPS == nil || r.QPS == nil {
			t.Fatalf("row %d: threads %v tps %v qps %v", i, r.Threads, r.TPS, r.QPS)
		}
	}
	// The latency columns name no unit: kept under their names.
	p95 := func(r *Run) float64 {
		for _, m := range r.Metrics {
			if m.Name == "p95" && m.Unit == "" {
				return m.Value
			}
		}
		return 0
	}
	first, last := d.Runs[0], d.Runs[9]
	if *first.TPS != 559.35 || *first.QPS != 11187.04 || p95(first) != 4.10 ||
		*last.TPS != 4016.95 || *last.QPS != 80347.29 || p95(last) != 369.77 {
		t.Errorf("first %v %v %v, last %v %v %v", *first.TPS, *first.QPS, first.Metrics, *last.TPS, *last.QPS, last.Metrics)
	}
	// Seconds of a time series grow by a step: no thread counts (the
	// interim reports of testdata/real/sysbench-1.0.20-hook-csv-interim-only.txt,
	// its seconds beside its rates).
	tab := tabular.Table{Header: []string{"t", "tps"}, Rows: []tabular.Row{
		{Cells: []string{"1", "27355.98"}}, {Cells: []string{"2", "28107.46"}}, {Cells: []string{"3", "26943.01"}}, {Cells: []string{"4", "26936.25"}}}}
	if cols := tab.Columns(); cols[0].Metric == tabular.Threads {
		t.Error("1, 2, 3, 4 seconds read as thread counts")
	}
}

// TestRateColumnsPerRun: Chinese notes comparing containers on an Apple
// M2 (testdata/public/train4, t77) give each environment its single-core
// and its multi-core result side by side, under "单核 CPU speed" and
// "多核 CPU speed" (sysbench's title of the cpu test's events per
// second). Each cell is a run of its row, labelled by its column; the
// environment with empty cells has none.
func TestRateColumnsPerRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t77-cpu-eps-tables-per-environment-same-names-under-two-architecture-sections-empty-template-fragment-zh.txt")
	type key struct {
		line   int
		column string
	}
	got := map[key]float64{}
	for _, r := range d.Runs {
		if r.EPS == nil || r.Test != "cpu" {
			t.Fatalf("line %d: test %q eps %v", r.Line, r.Test, r.EPS)
		}
		got[key{r.Line, r.Labels["column"]}] = *r.EPS
	}
	if len(got) != 16 {
		t.Errorf("%d runs, want 16 (9 environments, one without figures, two columns each)", len(got))
	}
	for k, want := range map[key]float64{
		{60, "单核 CPU speed"}: 13933446.12, {60, "多核 CPU speed"}: 51587964.89,
		{64, "多核 CPU speed"}: 13827.43, {74, "单核 CPU speed"}: 2630.40, {72, "多核 CPU speed"}: 11755.65,
	} {
		if got[k] != want {
			t.Errorf("%+v: %v, want %v", k, got[k], want)
		}
	}
}

// TestOracleRatesNoRun: an Oracle book's tables of PL/SQL with and
// without a reverse-key index (testdata/public/headers) name transactions
// a second in Chinese ("每秒事务数", "事务数/秒") beside CPU and elapsed
// times, variants as columns: no sysbench run, as before Chinese rates
// were read.
func TestOracleRatesNoRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/headers/oracle-plsql-reverse-key-index-transactions-per-second-rows-two-and-five-users-book-translation-excerpt-zh.md")
	if len(d.Runs) != 0 {
		t.Errorf("%d runs from an Oracle experiment: %+v", len(d.Runs), d.Runs[0])
	}
}
