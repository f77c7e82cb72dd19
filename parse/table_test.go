package parse

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// rowWant is what a test expects of one summary-table run; NaN: absent.
type rowWant struct {
	line             int
	threads          int
	tps, qps         float64
	pct              map[string]float64
	avg              float64
	system, workload string
}

func checkRows(t *testing.T, runs []*Run, want []rowWant) {
	t.Helper()
	if len(runs) != len(want) {
		t.Fatalf("got %d runs, want %d", len(runs), len(want))
	}
	eq := func(p *float64, w float64) bool {
		if math.IsNaN(w) {
			return p == nil
		}
		return p != nil && math.Abs(*p-w) < 1e-9
	}
	for i, w := range want {
		r := runs[i]
		if r.Tool != ToolTable || r.Layout != LayoutT || !r.Complete || r.ThreadsFrom != "table" {
			t.Errorf("run %d: tool %q layout %q complete %v threads from %q", i, r.Tool, r.Layout, r.Complete, r.ThreadsFrom)
		}
		if r.Line != w.line || r.Threads == nil || *r.Threads != w.threads {
			t.Errorf("run %d: line %d threads %v, want line %d threads %d", i, r.Line, r.Threads, w.line, w.threads)
		}
		if !eq(r.TPS, w.tps) || !eq(r.QPS, w.qps) || !eq(r.Latency.Avg, w.avg) {
			t.Errorf("run %d: tps %v qps %v avg %v, want %v %v %v", i, r.TPS, r.QPS, r.Latency.Avg, w.tps, w.qps, w.avg)
		}
		if len(r.Latency.Percentiles) != len(w.pct) || len(w.pct) > 0 && !reflect.DeepEqual(r.Latency.Percentiles, w.pct) {
			t.Errorf("run %d: percentiles %v, want %v", i, r.Latency.Percentiles, w.pct)
		}
		// The workload as a reader names it: the test a heading names,
		// with the heading, or the heading alone.
		wl := r.Labels["workload"]
		if wl == "" && r.Test != "" {
			wl = r.Test
			if h := r.Labels["heading"]; h != "" {
				wl += " (" + h + ")"
			}
		}
		if r.Labels["system"] != w.system || wl != w.workload {
			t.Errorf("run %d: system %q workload %q, want %q %q", i, r.Labels["system"], wl, w.system, w.workload)
		}
	}
}

// TestSummaryTableTiDBDocs reads the TiDB v3.0 vs v2.1 report: eight
// markdown tables under "**v2.1**"/"**v3.0**" and "### ... 测试" headings,
// and two tables commented out with <!-- -->.
func TestSummaryTableTiDBDocs(t *testing.T) {
	d := checkGolden(t, filepath.Join("..", "testdata", "public", "tables",
		"tidb-3.0-vs-2.1-sysbench-markdown-tables-bold-version-headings-commented-table.md"))
	if len(d.Errors) != 0 || len(d.Variables) != 0 || len(d.Tables) != 0 || len(d.Hosts) != 0 {
		t.Errorf("errors %v; %d variables, %d tables, %d hosts", d.Errors, len(d.Variables), len(d.Tables), len(d.Hosts))
	}
	nan := math.NaN()
	p95 := func(v float64) map[string]float64 { return map[string]float64{"95": v} }
	type tbl struct {
		firstLine        int
		system, workload string
		qps, lat         [6]float64
	}
	tables := []tbl{
		{150, "v2.1", "oltp_point_select (Point Select 测试)", [6]float64{240304.06, 276635.75, 307838.06, 323667.93, 330925.73, 336250.38}, [6]float64{1.61, 2.97, 5.18, 7.30, 9.39, 11.65}},
		{172, "v3.0", "oltp_point_select (Point Select 测试)", [6]float64{334219.04, 456444.86, 512177.48, 525945.13, 534577.36, 533944.64}, [6]float64{0.64, 1.10, 2.11, 3.13, 4.18, 5.28}},
		{187, "v2.1", "oltp_update_non_index (Update Non-Index 测试)", [6]float64{21785.37, 28979.27, 34629.72, 36410.06, 37174.15, 37408.88}, [6]float64{8.58, 13.70, 24.83, 43.39, 62.19, 87.56}},
		{198, "v3.0", "oltp_update_non_index (Update Non-Index 测试)", [6]float64{28045.75, 39237.77, 49536.56, 55963.73, 59904.02, 62247.95}, [6]float64{6.67, 9.91, 16.71, 22.69, 29.72, 42.61}},
		{213, "v2.1", "oltp_update_index (Update Index 测试)", [6]float64{14378.24, 16916.43, 17636.11, 17740.92, 17929.24, 18012.80}, [6]float64{13.22, 24.38, 57.87, 95.81, 130.13, 161.51}},
		{224, "v3.0", "oltp_update_index (Update Index 测试)", [6]float64{19047.32, 24467.64, 28882.66, 30298.41, 30419.40, 30643.55}, [6]float64{10.09, 16.71, 31.94, 57.87, 92.42, 125.52}},
		{239, "v2.1", "oltp_read_write (Read Write 测试)", [6]float64{85140.60, 96773.01, 105139.81, 110041.83, 113242.70, 114542.19}, [6]float64{44.98, 82.96, 153.02, 215.44, 277.21, 337.94}},
		{261, "v3.0", "oltp_read_write (Read Write 测试)", [6]float64{105692.08, 129769.69, 141430.86, 144371.76, 143344.37, 144567.91}, [6]float64{35.59, 58.92, 114.72, 170.48, 223.34, 277.21}},
	}
	var want []rowWant
	for _, tb := range tables {
		for i, th := range []int{150, 300, 600, 900, 1200, 1500} {
			want = append(want, rowWant{tb.firstLine + i, th, nan, tb.qps[i], p95(tb.lat[i]), nan, tb.system, tb.workload})
		}
	}
	checkRows(t, d.Runs, want)
	r := d.Runs[0]
	wantCols := []Column{{"Threads", "150"}, {"QPS", "240304.06"}, {"95% latency(ms)", "1.61"}}
	if !reflect.DeepEqual(r.Columns, wantCols) || r.Command != "" {
		t.Errorf("columns %v command %q, want %v and no command", r.Columns, r.Command, wantCols)
	}
}

// TestSummaryTableVariants covers the table shapes of blog posts with
// inline tables (synthetic: each exercises one rule).
func TestSummaryTableVariants(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name     string
		in       string
		want     []rowWant
		errors   []Error
		warnings []string // of the first run
	}{
		{"space separated with version and workload headings",
			"Point Select test\n\nv2.1:\nThreads QPS 95% latency(ms)\n150 240304.06 1.61\n300 276635.75 2.97\n\n" +
				"v3.0:\nThreads QPS 95% latency(ms)\n150 334219.04 0.64\n300 456444.86 1.10\n",
			[]rowWant{
				{5, 150, nan, 240304.06, map[string]float64{"95": 1.61}, nan, "v2.1", "oltp_point_select (Point Select test)"},
				{6, 300, nan, 276635.75, map[string]float64{"95": 2.97}, nan, "v2.1", "oltp_point_select (Point Select test)"},
				{10, 150, nan, 334219.04, map[string]float64{"95": 0.64}, nan, "v3.0", "oltp_point_select (Point Select test)"},
				{11, 300, nan, 456444.86, map[string]float64{"95": 1.10}, nan, "v3.0", "oltp_point_select (Point Select test)"},
			}, nil, nil},
		{"markdown with rule, N/A and thousands separators",
			"## TiDB 2.1\n\n### oltp_read_only\n\n| threads | TPS | QPS | p99 |\n|---|---:|---:|---:|\n| 16 | 1,234.5 | 19,752.96 | N/A |\n| 32 | - | 20,001 | 17.32ms |\n",
			[]rowWant{
				{7, 16, 1234.5, 19752.96, nil, nan, "TiDB 2.1", "oltp_read_only"},
				{8, 32, nan, 20001, map[string]float64{"99": 17.32}, nan, "TiDB 2.1", "oltp_read_only"},
			}, nil, []string{`line 7: no value in column "p99": missing, not zero`}},
		{"csv n_threads, qps",
			"InnoDB results\nn_threads, qps, avg latency\n1, 3535.50, 0.28\n8, 22522.33, 1.42\n",
			[]rowWant{
				{3, 1, nan, 3535.50, nil, 0.28, "InnoDB results", ""},
				{4, 8, nan, 22522.33, nil, 1.42, "InnoDB results", ""},
			}, nil, nil},
		{"tab separated, latency in seconds and microseconds",
			"concurrency\ttps\tavg latency(s)\tp95 latency (us)\n4\t139.27\t0.02869\t52890\n",
			[]rowWant{{2, 4, 139.27, nan, map[string]float64{"95": 52.89}, 28.69, "", ""}}, nil, nil},
		{"chinese header",
			"线程数 | TPS | 95%延迟(ms)\n--- | --- | ---\n64 | 1528.57 | 33.93\n",
			[]rowWant{{3, 64, 1528.57, nan, map[string]float64{"95": 33.93}, nan, "", ""}}, nil, nil},
		{"bad cell",
			"| Threads | QPS |\n|---|---|\n| 8 | fast |\n",
			[]rowWant{{3, 8, nan, nan, nil, nan, "", ""}},
			[]Error{{Source: "in.txt", Line: 3, Message: `summary table "QPS": bad value "fast" (expected a number, N/A or -)`}}, nil},
		{"ambiguous suffix",
			"| Threads | QPS |\n|---|---|\n| 8 | 1.2k |\n",
			[]rowWant{{3, 8, nan, nan, nil, nan, "", ""}},
			[]Error{{Source: "in.txt", Line: 3, Message: `summary table "QPS": value "1.2k" has an unknown suffix (expected a plain number; latency may end in ms, s or us)`}}, nil},
		{"thousands separator in a quoted csv cell is one number",
			"threads,qps\n8,\"1,234\"\n",
			[]rowWant{{2, 8, nan, 1234, nil, nan, "", ""}}, nil, nil},
		{"latency column naming no statistic",
			"Threads TPS latency(ms)\n8 100.5 12.3\n",
			[]rowWant{{2, 8, 100.5, nan, nil, nan, "", ""}}, nil,
			[]string{`line 2: column "latency(ms)" names no percentile or average: kept in columns only`}},
		{"table ends at prose",
			"Threads QPS\n8 100\n16 200\nThe rest is prose.\n32 300\n",
			[]rowWant{{2, 8, nan, 100, nil, nan, "", ""}, {3, 16, nan, 200, nil, nan, "", ""}}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := All(strings.NewReader(tt.in), "in.txt")
			if err != nil {
				t.Fatal(err)
			}
			checkRows(t, d.Runs, tt.want)
			var errs []Error
			for _, e := range d.Errors {
				if e.Line > 0 {
					errs = append(errs, *e)
				}
			}
			if !reflect.DeepEqual(errs, tt.errors) {
				t.Errorf("errors %v, want %v", errs, tt.errors)
			}
			if len(d.Runs) > 0 && !reflect.DeepEqual(d.Runs[0].Warnings, tt.warnings) {
				t.Errorf("warnings %q, want %q", d.Runs[0].Warnings, tt.warnings)
			}
		})
	}
}

// TestSummaryTableStrict checks that the detector leaves other formats
// alone.
func TestSummaryTableStrict(t *testing.T) {
	for _, in := range []string{
		"[ 10s ] thds: 16 tps: 133.55 qps: 2686.42 (r/w/o: 1883.31/534.40/268.70) lat (ms,95%): 861.95 err/s: 0.00 reconn/s: 0.00\n",
		"Number of threads: 16\n",
		"              total        used        free      shared  buff/cache   available\nMem:       65536000    1234567    7654321       12345     2345678    60000000\n",
		"NAME   MAJ:MIN RM   SIZE RO TYPE MOUNTPOINT\nsda      8:0    0    40G  0 disk\n",
		"Thread(s) per core:  2\nCore(s) per socket:  8\n",
		"We ran 16 threads and report QPS and 95% latency below.\n16 threads gave 100 QPS\n",
		"Threads QPS\nnot a number here\n",
		"Threads  Comment\n8        fine\n",
		"+---------+-----+\n| Threads | QPS |\n+---------+-----+\n| 8       | 100 |\n+---------+-----+\n",
		"innodb,mixed,0.412,0.398,0.431,4,250\n",
	} {
		d, _ := All(strings.NewReader(in), "in.txt")
		for _, r := range d.Runs {
			if r.Tool == ToolTable && r.Layout != LayoutP {
				t.Errorf("%q: claimed as a summary table (line %d)", in, r.Line)
			}
		}
	}
}

// FuzzSummaryTable checks that no input makes the table parser panic and
// that every value it keeps is finite and non-negative, and threads, when
// known, positive.
func FuzzSummaryTable(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "public", "tables", "*"))
	ids, _ := filepath.Glob(filepath.Join("..", "testdata", "public", "identity", "*tables*.txt"))
	for _, p := range append(files, ids...) {
		if strings.HasSuffix(p, "SOURCES.md") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("v3.0:\nThreads QPS 95% latency(ms)\n150 334219.04 0.64\n"))
	f.Add([]byte("n_threads, qps\n1, 3535.50\n"))
	f.Add([]byte("concurrency\ttps\tavg latency(s)\n4\t139.27\t0.02869\n"))
	f.Add([]byte("| - | table size | sysbench threads | tps | latency(avg / .95) |\n|---|---|---|---|---|\n| TiDB | 100 万 | 64 * 4 | 3834 | 67.04 ms / 110.88 ms |\n"))
	f.Add([]byte("`sysbench cpu --threads=2 run`\n|Device Name|sysbench version|events per second|\n|-|-|-|\n|MBP|1.0.20|1441.71|\n\nMBP 2020 , 1.0.20 , 7487274.56\n"))
	f.Add([]byte("|머신|cpu 속도|\n|---|---|\n|Pi | 26  ev/sec |\n"))
	f.Add([]byte("| Threads | v4.0 QPS | v5.0 QPS | QPS 提升 |\n|:--|:--|:--|:--|\n| 150 | 159451.19 | 177876.25 | 11.56% |\n"))
	f.Add([]byte("   |myisam_1W行|innodb_1W行\n---|---\n无binlog|20833|5353\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := All(strings.NewReader(string(b)), "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		bad := func(p *float64) bool { return p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0) || *p < 0) }
		for _, r := range d.Runs {
			if r.Tool != ToolTable {
				continue
			}
			if r.Threads != nil && *r.Threads <= 0 || bad(r.TPS) || bad(r.QPS) || bad(r.EPS) || bad(r.Latency.Avg) || bad(r.Latency.Min) || bad(r.Latency.Max) {
				t.Fatalf("bad run %+v", r)
			}
			for k, v := range r.Latency.Percentiles {
				if bad(&v) {
					t.Fatalf("percentile %s = %v", k, v)
				}
			}
		}
	})
}

// rowText writes what a summary-table run says of itself, for tests that
// check every field a rule sets: line, threads (and where they came from),
// test, version, the numbers, settings and labels (sorted).
func rowText(r *Run) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", r.Line)
	if r.Threads != nil {
		fmt.Fprintf(&b, " threads=%d(%s)", *r.Threads, r.ThreadsFrom)
	}
	if r.Test != "" {
		b.WriteString(" test=" + r.Test)
	}
	if r.Version != "" {
		b.WriteString(" version=" + r.Version)
	}
	num := func(k string, p *float64) {
		if p != nil {
			fmt.Fprintf(&b, " %s=%g", k, *p)
		}
	}
	num("tps", r.TPS)
	num("qps", r.QPS)
	num("eps", r.EPS)
	num("avg", r.Latency.Avg)
	num("min", r.Latency.Min)
	num("max", r.Latency.Max)
	for _, k := range sortedKeys(r.Latency.Percentiles) {
		fmt.Fprintf(&b, " p%s=%g", k, r.Latency.Percentiles[k])
	}
	for _, k := range sortedKeys(r.Settings) {
		fmt.Fprintf(&b, " %s=%s", k, r.Settings[k])
	}
	for _, k := range sortedKeys(r.Labels) {
		fmt.Fprintf(&b, " [%s:%s]", k, r.Labels[k])
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// tableRows parses in and returns rowText of every summary-table run and
// every error, "line: message".
func tableRows(t *testing.T, in string) (rows, errs []string, runs []*Run) {
	t.Helper()
	d, err := All(strings.NewReader(in), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range d.Runs {
		if r.Tool == ToolTable {
			rows = append(rows, rowText(r))
			runs = append(runs, r)
		}
	}
	for _, e := range d.Errors {
		if e.Line > 0 {
			errs = append(errs, fmt.Sprintf("%d: %s", e.Line, e.Message))
		}
	}
	return rows, errs, runs
}

// TestSummaryTableIdentity covers the rules that say what each row of a
// summary table is (synthetic: each case exercises one rule).
func TestSummaryTableIdentity(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		rows     []string
		errs     []string
		warnings []string // of the last run
	}{
		{"version column names the system, not a table row above",
			"| 机器 IP | 部署实例 |\n| :-: | :-: |\n| 10.0.0.4 | 1\\*TiDB 1\\*TiKV |\n\n### Point Select 测试\n\n" +
				"| 版本 | threads | qps | 95% latency(ms) |\n| :-: | :-: | :-: | :-: |\n| v2.1 | 64 | 111481.09 | 1.16 |\n| v2.0 | 64 | 75285.87 | 1.93 |\n",
			[]string{
				"9 threads=64(table) test=oltp_point_select qps=111481.09 p95=1.16 [heading:Point Select 测试] [system:v2.1] [table:line 7]",
				"10 threads=64(table) test=oltp_point_select qps=75285.87 p95=1.93 [heading:Point Select 测试] [system:v2.0] [table:line 7]",
			}, nil, nil},
		{"dash column names the system; table count and size are settings; threads per process; avg and p95 in one cell",
			"* 标准 oltp 测试\n\n| - | table count | table size | sysbench threads | tps | qps | latency(avg / .95) |\n" +
				"| :---: | :---: | :---: | :---: | :---: | :---: | :---: |\n" +
				"| TiDB | 32 | 100 万 | 64 * 4 | 3834 | 76692 | 67.04 ms / 110.88 ms |\n" +
				"| Mysql | 32 | 1000 万 | 256 | 1770 | 35416 | 144.55 ms / 383.33 ms  |\n",
			[]string{
				"5 threads=256(table) test=oltp tps=3834 qps=76692 avg=67.04 p95=110.88 table-size=1000000 tables=32 [clients:4] [heading:标准 oltp 测试] [system:TiDB] [table:line 3]",
				"6 threads=256(table) test=oltp tps=1770 qps=35416 avg=144.55 p95=383.33 table-size=10000000 tables=32 [heading:标准 oltp 测试] [system:Mysql] [table:line 3]",
			}, nil, nil},
		{"counts written with K, M, 亿 and thousands separators",
			"| engine | table size | threads | tps |\n|---|---|---|---|\n| innodb | 10K | 8 | 1 |\n| innodb | 1.5M | 8 | 2 |\n| innodb | 1亿 | 8 | 3 |\n| innodb | 5,000,000 rows | 8 | 4 |\n| innodb | lots | 8 | 5 |\n",
			[]string{
				"3 threads=8(table) tps=1 table-size=10000 [engine:innodb] [table:line 1]",
				"4 threads=8(table) tps=2 table-size=1500000 [engine:innodb] [table:line 1]",
				"5 threads=8(table) tps=3 table-size=100000000 [engine:innodb] [table:line 1]",
				"6 threads=8(table) tps=4 table-size=5000000 [engine:innodb] [table:line 1]",
				"7 threads=8(table) tps=5 [engine:innodb] [table:line 1]",
			},
			[]string{`7: summary table "table size": bad count "lots" (expected a number, optionally with K, M, 万 or 亿)`}, nil},
		{"0.4 test names in lower case under bullets; a capitalised Insert is oltp_insert",
			"* 标准 select 测试\n\n| threads | qps |\n|---|---|\n| 64 | 1 |\n\n* 标准 insert 测试\n\n| threads | qps |\n|---|---|\n| 64 | 2 |\n\n" +
				"### Insert 测试\n\n| threads | qps |\n|---|---|\n| 64 | 3 |\n",
			[]string{
				"5 threads=64(table) test=select qps=1 [heading:标准 select 测试] [table:line 3]",
				"11 threads=64(table) test=insert qps=2 [heading:标准 insert 测试] [table:line 9]",
				"17 threads=64(table) test=oltp_insert qps=3 [heading:Insert 测试] [table:line 15]",
			}, nil, nil},
		{"machine column and cpu speed: no threads column",
			"|머신|cpu 속도| 추가 정보  |\n|------|---|---|\n|RaspberryPi5 | 2724.77 ev/sec | Cortex-A76, 4core |\n|RaspberryPi Zero   | 26  ev/sec | * |\n",
			[]string{
				"3 test=cpu eps=2724.77 [host:RaspberryPi5] [system:RaspberryPi5] [table:line 1]",
				"4 test=cpu eps=26 [host:RaspberryPi Zero] [system:RaspberryPi Zero] [table:line 1]",
			}, nil, nil},
		{"command in a code span gives test and threads; sysbench version column gives the version",
			"Command was the same `sysbench cpu --threads=2 run`\n\n|Device Name|CPU|sysbench version|events per second|\n|-|-|-|-|\n" +
				"|MBP 15 2015|Intel(R) Core(TM) i7-4770HQ|1.0.20|1441.71|\n|Mac Mini 2011|Core(TM)2 Duo|1.0.18|1954.95|\n",
			[]string{
				"5 threads=2(command) test=cpu version=1.0.20 eps=1441.71 [host:MBP 15 2015] [system:MBP 15 2015] [table:line 3]",
				"6 threads=2(command) test=cpu version=1.0.18 eps=1954.95 [host:Mac Mini 2011] [system:Mac Mini 2011] [table:line 3]",
			}, nil, nil},
		{"a comma line under a named table is one more row, without the command's threads",
			"Command was `sysbench cpu --threads=2 run`\n\n|Device Name|Cores|sysbench version|events per second|\n|-|-|-|-|\n|MBP 15|8|1.0.20|1441.71|\n\n" +
				"Mine:\n\nMBP 2020 , 8 Cores , 1.0.20 , 7487274.56\n",
			[]string{
				"5 threads=2(command) test=cpu version=1.0.20 eps=1441.71 [host:MBP 15] [system:MBP 15] [table:line 3]",
				"9 test=cpu version=1.0.20 eps=7.48727456e+06 [host:MBP 2020] [system:MBP 2020] [table:line 9]",
			}, nil,
			[]string{"line 9: comma-separated line read as a row of the table at line 3 (Device Name, Cores, sysbench version, events per second)"}},
		{"a comma line with other columns is prose",
			"|Device Name|events per second|\n|-|-|\n|MBP 15|1441.71|\n\nWe tried a, b and c, then d.\nMBP 2020 , fast\n",
			[]string{"3 eps=1441.71 [host:MBP 15] [system:MBP 15] [table:line 1]"}, nil, nil},
		{"columns naming configurations over rows of numbers are reported",
			"最终写性能测试的结果如下表：\n   |myisam_1W行|myisam_10W行|innodb_1W行\n---|---\n无binlog+无索引|20833|20533|5353\n有binlog+无索引|17182|16806|3381\n\nnext\n",
			nil,
			[]string{"2: summary table (myisam_1W行, myisam_10W行, innodb_1W行) not read: the columns name configurations and none names threads or a metric with its unit, so 6 values in 2 rows (lines 2-5) are left out (expected a header naming threads and TPS, QPS, events/s or latency)"}, nil},
		{"seconds by statistic per concurrency (mysqlslap timings) are reported, not read as latency",
			"MySQL5.1\n並列数 | average | min | max(sec) |\n---|---|---|---|\n50 | 5.980 | 5.889 | 6.054 |\n60 | 7.050 | 6.991 | 7.169 |\n",
			nil,
			[]string{"2: summary table (並列数, average, min, max(sec)) not read: its columns are seconds by statistic per thread count (mysqlslap's average, min and max), which summary tables do not carry, so 8 values in 2 rows (lines 2-5) are left out (expected mysqlslap's own output, or a header naming TPS, QPS, events/s or latency)"}, nil},
		{"a throughput without unit per thread count is reported; a monitor's threads series is not",
			"MySQL 5.7.25 | MySQL 8.0.15 | ||\n---|---|---|---|\nthreads | throughput | throughput | throughput ratio |\n1 | 1241.18 | 1114.4 | 1.11 |\n\n" +
				"| threads | running | connected |\n|---|---|---|\n| 8 | 3 | 10 |\n",
			nil,
			[]string{"3: summary table (threads, throughput, throughput, throughput ratio) not read: its columns name a throughput but not its unit (transactions, queries or events per second), so 4 values in 1 rows (lines 3-4) are left out (expected a header or caption naming TPS, QPS or events/s)"}, nil},
		{"Japanese and Korean threads headers",
			"| スレッド数 | TPS |\n|---|---|\n| 8 | 100.5 |\n\n| 쓰레드 수 | QPS |\n|---|---|\n| 16 | 2000.5 |\n",
			[]string{"3 threads=8(table) tps=100.5 [table:line 1]", "7 threads=16(table) qps=2000.5 [table:line 5]"}, nil, nil},
		{"a metric beside a text column no word list knows: the column says what the row is",
			"| item | TPS | QPS |\n|---|---|---|\n| run one | 100 | 2000 |\n",
			[]string{"3 tps=100 qps=2000 [item:run one] [table:line 1]"},
			nil, nil},
		{"a metric with no column saying what each row is is reported",
			"| TPS | QPS |\n|---|---|\n| 100 | 2000 |\n| 110 | 2100 |\n",
			nil,
			[]string{"1: summary table (TPS, QPS) not read: no column names the threads or what each row is, so 4 values in 2 rows (lines 1-4) are left out (expected a threads column, or a system, machine, version or test column)"}, nil},
		{"a name column and a latency naming no statistic are no results table",
			"| host | latency |\n|---|---|\n| db1 | 0.5 ms |\n",
			nil, nil, nil},
		{"a monitor's time series and a table of settings are not results",
			"| Time | QPS | TPS |\n|---|---|---|\n| 08:52:32 | 6547 | 0 |\n\n| MySQL | 5.7 | 8.0 |\n| buffer pool | 128 | 256 |\n\n| 组件 | 实例类型 | 数量 |\n| :--- | :--- | :--- |\n| PD | n1-standard-4 | 3 |\n",
			nil, nil, nil},
		{"a sentence is not the workload but names the one test it names",
			"#### Pod Network vs Host Network\n\n我们分别在两种网络模式下做了 Point Select 测试。\n\n此次测试中，操作系统为 COS。\n\nPod Network:\n\n" +
				"| Threads | QPS |\n| :--- | :--- |\n| 150 | 246386.44 |\n\n此次测试中操作系统为 Ubuntu，我们做了 Read Write 和 Point Select 测试。\n\nUbuntu:\n\n| Threads | QPS |\n| :--- | :--- |\n| 150 | 290690.51 |\n",
			[]string{
				"11 threads=150(table) test=oltp_point_select qps=246386.44 [system:Pod Network] [table:line 9]",
				"19 threads=150(table) qps=290690.51 [system:Ubuntu] [table:line 17]",
			}, nil, []string{"line 19: line 13 above names several tests: no test taken from it"}},
		{"the workload search stops at the section heading; enclosing headings may name the system",
			"## TiDB 2.1\n\n#### OLTP Read Write\n\n| Threads | QPS |\n|---|---|\n| 150 | 60732.84 |\n\n![OLTP Read Write](/rw.png)\n\n### 单可用区与多可用区对比\n\n单可用区：\n\n| Threads | QPS |\n|---|---|\n| 150 | 203879.49 |\n",
			[]string{
				"7 threads=150(table) test=oltp_read_write qps=60732.84 [heading:OLTP Read Write] [system:TiDB 2.1] [table:line 5]",
				"17 threads=150(table) qps=203879.49 [system:单可用区] [table:line 15]",
			}, nil, nil},
		{"two tables with the same system and workload are kept apart by the table label",
			"### oltp_read_only\n\n| threads | tps |\n|---|---|\n| 8 | 100 |\n\nafter tuning\n\n| threads | tps |\n|---|---|\n| 8 | 150 |\n",
			[]string{
				"5 threads=8(table) test=oltp_read_only tps=100 [table:line 3]",
				"11 threads=8(table) test=oltp_read_only tps=150 [table:line 9]",
			}, nil, nil},
		{"a wide table holds two systems in each row; a comparison column is no result",
			"### Point Select 性能\n\n| Threads | v4.0 QPS | v4.0 95% latency (ms) | v5.0 QPS | v5.0 95% latency (ms) | QPS 提升 |\n|:--|:--|:--|:--|:--|:--|\n" +
				"| 150 | 159451.19 | 1.32 | 177876.25 | 1.23 | 11.56% |\n",
			[]string{
				"5 threads=150(table) test=oltp_point_select qps=159451.19 p95=1.32 [heading:Point Select 性能] [system:v4.0] [table:line 3]",
				"5 threads=150(table) test=oltp_point_select qps=177876.25 p95=1.23 [heading:Point Select 性能] [system:v5.0] [table:line 3]",
			}, nil, nil},
		{"the engine of a CREATE TABLE above goes to MySQL rows, not to TiDB rows",
			"CREATE TABLE `sbtest` (\n  `id` int\n) ENGINE=InnoDB\n\n### oltp_read_write\n\n| - | threads | tps |\n|---|---|---|\n| TiDB | 64 | 3834 |\n| Mysql | 64 | 2392 |\n",
			[]string{
				"9 threads=64(table) test=oltp_read_write tps=3834 [system:TiDB] [table:line 7]",
				"10 threads=64(table) test=oltp_read_write tps=2392 [engine:innodb] [system:Mysql] [table:line 7]",
			}, nil, nil},
		{"a combined latency cell with another number of values",
			"| threads | tps | latency(avg / .95) |\n|---|---|---|\n| 8 | 100 | 12.5 ms |\n",
			[]string{"3 threads=8(table) tps=100 [table:line 1]"},
			[]string{`3: summary table "latency(avg / .95)": value "12.5 ms" has 1 parts (expected 2 values separated by /)`}, nil},
		{"threads in a command line or an option are no workload heading",
			"Command was the same --threads=2 everywhere\nsysbench --test=cpu run\n\n| threads | eps |\n|---|---|\n| 2 | 1441.71 |\n",
			[]string{"6 threads=2(table) test=cpu eps=1441.71 [table:line 4]"}, nil, nil},
		{"a prepare command does not name the table's test",
			"sysbench oltp_common --tables=16 --threads=16 prepare\n\n| threads | tps |\n|---|---|\n| 8 | 100 |\n",
			[]string{"5 threads=8(table) tps=100 [table:line 3]"}, nil, nil},
		{"a version cell that is no version",
			"|host|sysbench version|eps|\n|-|-|-|\n|a|1.0.20|10|\n|b|latest|20|\n",
			[]string{"3 version=1.0.20 eps=10 [host:a] [system:a] [table:line 1]", "4 eps=20 [host:b] [system:b] [table:line 1]"},
			[]string{`4: summary table "sysbench version": bad version "latest" (expected a version such as 1.0.20)`}, nil},
		{"a bad threads cell inside a markdown table is an error, and the rows after it are read",
			"| threads | tps |\n|---|---|\n| 8 | 100 |\n| 1k | 150 |\n| 32 | 300 |\n",
			[]string{"3 threads=8(table) tps=100 [table:line 1]", "5 threads=32(table) tps=300 [table:line 1]"},
			[]string{`4: summary table "threads": bad threads value "1k" (expected a positive whole number, or threads times processes such as 64 * 4): row skipped`}, nil},
		{"a header and rule whose first line is no row are reported",
			"| threads | tps |\n|---|---|\n| many | fast |\n\n|머신|cpu 속도|\n|---|---|\n|pi|slow|\n",
			nil,
			[]string{
				`3: summary table "threads": bad threads value "many" (expected a positive whole number, or threads times processes such as 64 * 4): row skipped`,
				"7: summary table (머신, cpu 속도) at line 5 not read: the line under its rule holds no value in a throughput or latency column",
			}, nil},
		{"a test column names each row's test",
			"| test | threads | tps |\n|---|---|---|\n| oltp_read_only | 8 | 100 |\n| Point Select | 8 | 200 |\n| my_script | 8 | 300 |\n",
			[]string{
				"3 threads=8(table) test=oltp_read_only tps=100 [table:line 1]",
				"4 threads=8(table) test=oltp_point_select tps=200 [heading:Point Select] [table:line 1]",
				"5 threads=8(table) tps=300 [table:line 1] [workload:my_script]",
			}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, errs, runs := tableRows(t, tt.in)
			if !reflect.DeepEqual(rows, tt.rows) {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(tt.rows, "\n"))
			}
			if !reflect.DeepEqual(errs, tt.errs) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tt.errs, "\n"))
			}
			if len(runs) > 0 {
				if w := runs[len(runs)-1].Warnings; !reflect.DeepEqual(w, tt.warnings) {
					t.Errorf("warnings %q, want %q", w, tt.warnings)
				}
			}
		})
	}
}

func TestCaptionMetric(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"simplified OLTP – queries per second", colQPS},
		{"TPS:", colTPS},
		{"sysbench cpu, events per second", colEPS},
		{"QPS and TPS", colOther},
		{"relative results", colOther},
		{"tpsx", colOther},
	} {
		if got := captionMetric(tt.in); got != tt.want {
			t.Errorf("captionMetric(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestSummaryTableThreadColumnsNoMetric reads tables whose columns are
// thread counts ("1线程 | 8线程") under a caption that names the test but
// not the metric, from https://plantegg.github.io/2025/11/29/mysql_sysbench_v2
// ("MySQL Sysbench 性能测试综合报告", as stored by the pages search corpus,
// excerpt cut inside the second table): cells written with thousands
// separators, seven environments. The unit is nowhere in the text. The
// point-select table is read all the same: a transaction of
// oltp_point_select is one query, so its one rate is both TPS and QPS.
// The write-only table, whose rate could be either, is reported as not
// read (never dropped in silence), and its last row, cut inside a cell,
// is read without that cell.
func TestSummaryTableThreadColumnsNoMetric(t *testing.T) {
	in := "🏆 性能排名\n" +
		"点查询性能对比 (oltp_point_select)\n" +
		"| 环境 | 1线程 | 8线程 | 16线程 | 32线程 | 64线程 | 128线程 |\n" +
		"|---|---|---|---|---|---|---|\n" +
		"| idc | 24,725 | 159,877 | 252,082 | 304,631 | 299,555 | 287,407 |\n" +
		"| idc.trx1 | 15,153 | 129,671 | 231,142 | 296,421 | 297,696 | 285,109 |\n" +
		"| huawei | 6,019 | 45,989 | 86,219 | 155,542 | 196,915 | 190,484 |\n" +
		"| aliyun | 15,750 | 109,914 | 196,497 | 301,160 | 328,098 | 309,373 |\n" +
		"| aliyun.trx1 | 15,625 | 113,189 | 195,783 | 302,140 | 326,549 | 310,429 |\n" +
		"| aws.gp3 | 2,316 | 60,437 | 162,670 | 232,535 | 228,321 | 217,381 |\n" +
		"| aws.io1 | 1,835 | 56,871 | 170,296 | 251,905 | 249,718 | 236,283 |\n" +
		"只写性能对比 (oltp_write_only)\n" +
		"| 环境 | 1线程 | 8线程 | 16线程 | 32线程 | 64线程 | 128线程 |\n" +
		"|---|---|---|---|---|---|---|\n" +
		"| idc | 19,282 | 77,540 | 94,457 | 88,015 | 103,249 | 115,778 |\n" +
		"| idc.trx1 | 15,367 | 61,477 | 7\n"
	rows, errs, runs := tableRows(t, in)
	if len(rows) != 42 {
		t.Fatalf("%d rows, want the point-select table's 42: %v", len(rows), rows)
	}
	wantRows := map[int]string{
		0:  "5 threads=1(table) test=oltp_point_select tps=24725 qps=24725 [system:idc] [table:line 3]",
		5:  "5 threads=128(table) test=oltp_point_select tps=287407 qps=287407 [system:idc] [table:line 3]",
		6:  "6 threads=1(table) test=oltp_point_select tps=15153 qps=15153 [system:idc.trx1] [table:line 3]",
		41: "11 threads=128(table) test=oltp_point_select tps=236283 qps=236283 [system:aws.io1] [table:line 3]",
	}
	for i, w := range wantRows {
		if rows[i] != w {
			t.Errorf("row %d: %s\nwant   %s", i, rows[i], w)
		}
	}
	if w := runs[0].Warnings; len(w) != 1 || !strings.Contains(w[0], "one query each (TPS = QPS)") {
		t.Errorf("warnings %v, want one saying why TPS = QPS", w)
	}
	want := []string{
		`16: crossed table at line 13: the row stops after 3 of 6 values without its closing "|": it was cut, so its last cell "7" is left out`,
		"13: crossed table (环境, 1线程, 8线程, 16线程, 32线程, 64线程, 128线程) not read: neither its rows nor a caption above name the metric and its unit, so 8 values (lines 13-16) are left out (expected a row or caption naming TPS, QPS, events/s or latency)",
	}
	if fmt.Sprint(errs) != fmt.Sprint(want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}

// TestSummaryTableOtherLanguages reads tables whose headers are Spanish,
// Portuguese, German or Vietnamese: the threads column ("Hilos", "Số
// luồng"), the column naming each row's system or machine ("Entorno",
// "Ambiente", "Umgebung", "Máy") and the rate columns ("Eventos/s",
// "Transações/s", "Consultas/s", "Giao dịch/giây").
func TestSummaryTableOtherLanguages(t *testing.T) {
	type want struct {
		line, threads int
		label, value  string
		rate          string // "eps", "tps" or "qps"
		v             float64
	}
	tests := []struct {
		name, in string
		want     []want
	}{
		{"spanish environment, threads and events per second",
			"| Entorno         | Hilos | Eventos/s | Total Eventos |\n| --- | --- | --- | --- |\n" +
				"| VM (VirtualBox) | 2     | 6721      | 200,999       |\n| Docker          | 2     | 6535      | 196,175       |\n",
			[]want{{3, 2, "system", "VM (VirtualBox)", "eps", 6721}, {4, 2, "system", "Docker", "eps", 6535}}},
		{"portuguese environment, transactions and queries per second",
			"| Ambiente | Threads | Transações/s | Consultas/s |\n|---|---|---|---|\n| padrão | 8 | 69.19 | 1383.8 |\n| ajustado | 8 | 333.67 | 6673.4 |\n",
			[]want{{3, 8, "system", "padrão", "tps", 69.19}, {4, 8, "system", "ajustado", "qps", 6673.4}}},
		{"german environment and transactions per second",
			"| Umgebung | Threads | Transaktionen/s |\n|---|---|---|\n| Standard | 16 | 512.5 |\n",
			[]want{{3, 16, "system", "Standard", "tps", 512.5}}},
		{"vietnamese machine, thread count and transactions per second",
			"| Máy | Số luồng | Giao dịch/giây |\n|---|---|---|\n| db1 | 64 | 133.88 |\n| db2 | 64 | 140.02 |\n",
			[]want{{3, 64, "host", "db1", "tps", 133.88}, {4, 64, "host", "db2", "tps", 140.02}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := All(strings.NewReader(tt.in), "in.txt")
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Errors) > 0 || len(d.Runs) != len(tt.want) {
				t.Fatalf("%d runs, errors %v; want %d runs", len(d.Runs), d.Errors, len(tt.want))
			}
			for i, w := range tt.want {
				r := d.Runs[i]
				if r.Line != w.line || r.Threads == nil || *r.Threads != w.threads || r.Labels[w.label] != w.value {
					t.Errorf("run %d: line %d threads %v %s %q, want %d %d %q", i, r.Line, r.Threads, w.label, r.Labels[w.label], w.line, w.threads, w.value)
				}
				got := map[string]*float64{"eps": r.EPS, "tps": r.TPS, "qps": r.QPS}[w.rate]
				if got == nil || *got != w.v {
					t.Errorf("run %d: %s %v, want %v", i, w.rate, got, w.v)
				}
			}
		})
	}
}

// TestColonHeadersToolTestRestated: the centminmod-sysbench README
// (testdata/public/centminmod) prints both runs in a markdown table
// whose header cells end in colons ("threads:", "events/s:") under a
// first column "cpu sysbench" holding the version, once inside its fence
// and again under it. The colons end the column names; "cpu sysbench"
// names the test and its cells the version. Each run is read where its
// command shows it first, as the README's script prints it a field a
// line ("threads: 1", "events/s: 1618.30", "time: 10.0002s", "min:
// 0.60"), with the test of its command and the version the restating
// rows give; the "Metric | Value" table and the rows of the two tables
// below restate it and add no run.
func TestColonHeadersToolTestRestated(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/centminmod/centminmod-sysbench-1.0.20-cpu-condensed-json-lines-metric-csv-markdown-restated.md")
	if err != nil {
		t.Fatal(err)
	}
	d, err := All(strings.NewReader(string(b)), "readme.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 {
		t.Fatalf("%d runs, want the two the script printed", len(d.Runs))
	}
	for i, want := range []struct {
		line, threads int
		eps, min      float64
		restatedAt    [2]int
	}{{84, 1, 1618.30, 0.60, [2]int{108, 160}}, {126, 12, 14701.35, 0.73, [2]int{150, 161}}} {
		r := d.Runs[i]
		if r.Line != want.line || r.Test != "cpu" || r.Version != "1.0.20" || r.Threads == nil || *r.Threads != want.threads ||
			r.EPS == nil || *r.EPS != want.eps {
			t.Errorf("run %d: line %d test %q version %q threads %v eps %v; want line %d cpu 1.0.20 %d threads %v eps",
				i, r.Line, r.Test, r.Version, intText(r.Threads), r.EPS, want.line, want.threads, want.eps)
		}
		w := strings.Join(r.Warnings, "\n")
		for _, at := range want.restatedAt {
			if !strings.Contains(w, "restated by the table row at line "+itoa(at)+": read once") {
				t.Errorf("run %d: warnings %v, want one naming the row at line %d", i, r.Warnings, at)
			}
		}
		if len(r.Metrics) < 2 || r.Metrics[1].Name != "min" || r.Metrics[1].Value != want.min {
			t.Errorf("run %d: metrics %v, want min %v after prime", i, r.Metrics, want.min)
		}
	}
}

// TestPairCells: a TiDB pull request (tabular/testdata, tidb #3148)
// compares its branch with master in one table: each TPS cell holds both
// builds' values under a header naming both ("current_branch/master(TPS)"
// over "802.09/642.63"), beside percent columns that compare them. Each
// row gives one run per build; the comparison columns are no result and
// no error.
func TestPairCells(t *testing.T) {
	b, err := os.ReadFile("tabular/testdata/tidb-3148-sysbench-insert-branch-slash-master-pair-cells-excerpt.md")
	if err != nil {
		t.Fatal(err)
	}
	d, err := All(strings.NewReader(string(b)), "pr.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 12 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 12 runs (6 rows x 2 builds), no error", len(d.Runs), d.Errors)
	}
	type key struct {
		system  string
		threads int
	}
	got := map[key]float64{}
	for _, r := range d.Runs {
		if r.TPS == nil || r.Threads == nil {
			t.Fatalf("line %d: tps %v threads %v", r.Line, r.TPS, r.Threads)
		}
		got[key{r.Labels["system"], *r.Threads}] = *r.TPS
	}
	for k, want := range map[key]float64{
		{"current_branch", 2}: 802.09, {"master", 2}: 642.63,
		{"current_branch", 64}: 6593.62, {"master", 64}: 6350.73, {"master", 16}: 3055.95,
	} {
		if got[k] != want {
			t.Errorf("%+v: tps %v, want %v", k, got[k], want)
		}
	}
}

// TestStatOnlyLatencyHeaders: a header that is only a statistic and a time
// unit names that latency statistic in a summary table as in the table
// model ("Avg(ms)", "P95(ms)" of the dbgate README in tabular/testdata);
// a statistic without a unit, in seconds, or a unit after another word,
// does not.
func TestStatOnlyLatencyHeaders(t *testing.T) {
	for name, want := range map[string]latStat{
		"Avg(ms)": {stat: "avg"}, "P95(ms)": {pct: "95"}, "95th (ms)": {pct: "95"}, "min (us)": {stat: "min"},
	} {
		col := classifyColumn(name)
		if col.kind != colLatency || len(col.lat) != 1 || col.lat[0] != want {
			t.Errorf("%q: kind %d lat %v, want latency %v", name, col.kind, col.lat, want)
		}
		if name == "min (us)" && col.factor != 0.001 {
			t.Errorf("%q: factor %v, want 0.001 ms per us", name, col.factor)
		}
	}
	// max(sec) beside "average" and "min": mysqlslap's run times (the
	// Qiita memo of testdata/public/identity), not request latencies.
	for _, name := range []string{"avg", "95th", "Time (ms)", "Events (ms)", "max(sec)"} {
		if col := classifyColumn(name); col.kind == colLatency {
			t.Errorf("%q read as a latency", name)
		}
	}
}

// TestSectionHeadingThreads: a homelab post (tabular/testdata) prints
// sysbench cpu and memory tables with no threads column under section
// headings that name the thread count: "### Single-Thread (...)" and
// "### Single-Thread" give 1, "### Multi-Thread (6 threads)" gives 6.
// A threads column wins over its heading ("### Multi-Thread (all
// available threads)" over 6 and 12). The memory tables' "Read (MiB/s) |
// Write (MiB/s)" rows are two runs each (TestMemoryReadWriteColumns).
func TestSectionHeadingThreads(t *testing.T) {
	d := readHarness(t, "homelab-proxmox-sysbench-cpu-memory-single-multi-thread-headings-bold-comma.md", "")
	if len(d.Runs) != 24 {
		t.Fatalf("%d runs, want 24 (4 tables of 4 hosts, a memory row a run for read and one for write)", len(d.Runs))
	}
	want := map[int]struct {
		threads int
		from    string
	}{9: {1, "heading"}, 12: {1, "heading"}, 20: {6, "table"}, 23: {12, "table"}, 35: {1, "heading"}, 46: {6, "heading"}, 49: {6, "heading"}}
	for _, r := range d.Runs {
		w, ok := want[r.Line]
		if !ok {
			continue
		}
		if r.Threads == nil || *r.Threads != w.threads || r.ThreadsFrom != w.from {
			t.Errorf("line %d: threads %s from %q, want %d from %q", r.Line, intText(r.Threads), r.ThreadsFrom, w.threads, w.from)
		}
	}
	if r := d.Runs[3]; r.Labels["system"] != "pve4" || r.EPS == nil || *r.EPS != 1243 || r.Latency.Avg == nil || *r.Latency.Avg != 0.80 {
		t.Errorf("line %d: system %q eps %v avg %v; want pve4, 1243 events/s, 0.80 ms", r.Line, r.Labels["system"], r.EPS, r.Latency.Avg)
	}
	for text, n := range map[string]int{"### Multi-Thread (all available threads)": 0, "Single-threaded results": 1,
		"## 2 threads vs 4 threads": 0, "### 16 clients": 16} {
		if got := headingThreadCount(text); got != n {
			t.Errorf("%q: %d threads, want %d", text, got, n)
		}
	}
}

// TestCapitalizedTitleTest: TiDB's v1.0 sysbench report (pingcap/docs,
// tabular/testdata) titles its tables "Simple `Select` test" and "Simple
// `Insert` test". A capitalized 0.4/0.5 test name in a title names that
// test when nothing more specific is read there (select); "Insert" stays
// 1.x's oltp_insert, as HeadingTest reads it. Table sizes written with
// a word ("1 million") are counts.
func TestCapitalizedTitleTest(t *testing.T) {
	d := readHarness(t, "tidb-1.0-sysbench-simple-select-insert-capitalized-titles-excerpt.md", "")
	if len(d.Runs) != 20 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 20 runs, no error", len(d.Runs), d.Errors)
	}
	for _, r := range d.Runs {
		want := "select"
		if r.Line > 20 {
			want = "oltp_insert"
		}
		if r.Test != want {
			t.Errorf("line %d: test %q, want %q", r.Line, r.Test, want)
		}
	}
	if r := d.Runs[4]; r.Settings["table-size"] != "10000000" || r.QPS == nil || *r.QPS != 187440 {
		t.Errorf("line %d: table size %q qps %v; want 10000000, 187440", r.Line, r.Settings["table-size"], r.QPS)
	}
	if got := titleTestOf("The Select statement"); got != "select" {
		t.Errorf("title naming Select: %q", got)
	}
}

// TestSummaryTableShortRow: a pipe row with fewer cells than the header,
// among full rows, is read as Markdown renders it (GitHub Flavored
// Markdown: "empty cells are inserted"): its missing cells are empty,
// and every metric cell without a value is reported at its line.
func TestSummaryTableShortRow(t *testing.T) {
	d, err := All(strings.NewReader("| Threads | TPS | QPS |\n|---|---|---|\n| 8 | 100 | 2000 |\n| 16 | | 4000 |\n| 64 | 400 |\n"), "in.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 3 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 3 runs", len(d.Runs), d.Errors)
	}
	if r := d.Runs[2]; r.Line != 5 || r.Threads == nil || *r.Threads != 64 || r.TPS == nil || *r.TPS != 400 || r.QPS != nil ||
		len(r.Warnings) != 1 || r.Warnings[0] != `line 5: no value in column "QPS": missing, not zero` {
		t.Errorf("short row: line %d threads %s tps %v qps %v warnings %q", r.Line, intText(r.Threads), r.TPS, r.QPS, r.Warnings)
	}
	if r := d.Runs[1]; len(r.Warnings) != 1 || r.Warnings[0] != `line 4: no value in column "TPS": missing, not zero` {
		t.Errorf("empty cell: warnings %q", r.Warnings)
	}
}

// TestSummaryTableGridSystems reads a table whose header is a grid of
// names by measurements, "DSv5 QPS | DSv6 QPS | … | DSv5 avg(ms) | DSv6
// avg(ms) | … | DSv5 TPS | DSv6 TPS", from a TiDB cluster comparison
// report ("TiDB DSv5 与 DSv6 集群 sysbench 压测对比报告", code index file id
// 57100694114; testdata/public/train/t10-two-systems-per-row-zh.txt). No
// list knows "DSv5" or "DSv6": the layout says they are the systems, and
// every row gives one run of each. The comparison columns ("QPS 提升",
// "延迟降低") are no measurement.
func TestSummaryTableGridSystems(t *testing.T) {
	in := "### 3.1 oltp_read_only（只读）\n\n" +
		"| 并发 | DSv5 QPS | DSv6 QPS | QPS 提升 | DSv5 avg(ms) | DSv6 avg(ms) | 延迟降低 | DSv5 TPS | DSv6 TPS |\n" +
		"|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n" +
		"| 50  | 43481.73 | 47601.27 | **+9.47%**  | 18.40 | 16.80 | **-8.70%** | 2717.61 | 2975.08 |\n" +
		"| 100 | 60454.05 | 67126.49 | **+11.04%** | 26.46 | 23.83 | **-9.94%** | 3778.38 | 4195.41 |\n"
	_, errs, runs := tableRows(t, in)
	if len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
	type got struct {
		line, threads int
		system        string
		qps, tps, avg float64
	}
	want := []got{
		{5, 50, "DSv5", 43481.73, 2717.61, 18.40},
		{5, 50, "DSv6", 47601.27, 2975.08, 16.80},
		{6, 100, "DSv5", 60454.05, 3778.38, 26.46},
		{6, 100, "DSv6", 67126.49, 4195.41, 23.83},
	}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, r := range runs {
		if r.Threads == nil || r.QPS == nil || r.TPS == nil || r.Latency.Avg == nil {
			t.Errorf("run %d: missing values: %+v", i, r)
			continue
		}
		g := got{r.Line, *r.Threads, r.Labels["system"], *r.QPS, *r.TPS, *r.Latency.Avg}
		if g != want[i] || r.Test != "oltp_read_only" {
			t.Errorf("run %d: %+v test %q, want %+v oltp_read_only", i, g, r.Test, want[i])
		}
	}

	// Names before one measurement only, or names that are themselves
	// measurements, are no grid.
	for _, h := range []string{
		"| threads | read QPS | write QPS | read TPS | write TPS |",
		"| threads | DSv5 QPS | DSv6 QPS | TPS |",
	} {
		in := h + "\n|---|---|---|---|---|\n| 8 | 1 | 2 | 3 | 4 |\n"
		_, _, runs := tableRows(t, in)
		for _, r := range runs {
			if s := r.Labels["system"]; s != "" {
				t.Errorf("%s: system %q", h, s)
			}
		}
	}
}

// TestBarChart reads text bar charts from a generated sysbench comparison
// report (code index file id 23499867792, "Sysbench Comparison Report",
// 2026-02-02; testdata/public/train/t05-generated-report.txt): a TPS
// chart by thread count is one run per bar, its label "threads=N" the
// thread count and its title the metric; the p95 chart beside it, whose
// values carry "ms", is not read as throughput.
func TestBarChart(t *testing.T) {
	in := "#### TPS vs Threads (run summary mean)\n" +
		"```text\n" +
		"threads=1  |████                                               63.93\n" +
		"threads=2  |███████                                            116.84\n" +
		"threads=4  |█████████████████                                  255.63\n" +
		"threads=8  |████████████████████████████████████████           608.50\n" +
		"threads=16 |██████████████████████████████████████████████████ 751.37\n" +
		"```\n\n" +
		"#### p95 Latency vs Threads (run summary mean)\n" +
		"```text\n" +
		"threads=1  |██████████████████████████████████████████████████ 33.72ms\n" +
		"threads=2  |████████████████████████████████████████           27.17ms\n" +
		"```\n"
	rows, errs, _ := tableRows(t, in)
	want := []string{
		"3 threads=1(table) tps=63.93 [chart:line 3]",
		"4 threads=2(table) tps=116.84 [chart:line 3]",
		"5 threads=4(table) tps=255.63 [chart:line 3]",
		"6 threads=8(table) tps=608.5 [chart:line 3]",
		"7 threads=16(table) tps=751.37 [chart:line 3]",
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) || len(errs) != 0 {
		t.Errorf("rows:\n%s\nwant:\n%s\nerrors: %v", strings.Join(rows, "\n"), strings.Join(want, "\n"), errs)
	}
}

// TestSummaryTableThreadsFromParentHeading: the same report prints each
// thread group under "## 4.1 Thread Group: threads=1", its table two
// headings down, with "-" in the row's threads cell. The thread count is
// the enclosing section's; a "-" with no heading naming one stays an
// error.
func TestSummaryTableThreadsFromParentHeading(t *testing.T) {
	table := "|                          threads |  N | TPS mean±sd | TPS min..max | QPS mean±sd | Lat avg mean±sd | Lat p95 mean±sd | Errors | Reconnects |\n" +
		"| -------------------------------: | -: | ----------: | -----------: | ----------: | --------------: | --------------: | -----: | ---------: |\n" +
		"|                              - | 1 | 63.93 | 63.93 | 1286.67 | 15.57 | 33.72 | 0 | 0 |\n"
	in := "## 4.1 Thread Group: threads=1\n\n" +
		"### 4.1.1 Experiment Matrix\n\n" +
		"| threads | N | date_span | tags |\n" +
		"|-------:|-:|----------|------|\n" +
		"| 1 | 1 | 2026-02-02 01:14 to 2026-02-02 01:14 | - |\n\n" +
		"### 4.1.2 Main Comparison (Run Summary Metrics)\n\n" +
		"> Source: sysbench tail summary (SQL statistics / General statistics / Latency)\n\n" + table
	_, errs, runs := tableRows(t, in)
	if len(runs) != 1 || len(errs) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run, no error", len(runs), errs)
	}
	r := runs[0]
	if r.Line != 15 || r.Threads == nil || *r.Threads != 1 || r.ThreadsFrom != "heading" || r.TPS == nil || *r.TPS != 63.93 || r.QPS == nil || *r.QPS != 1286.67 {
		t.Errorf("run %s, want line 15, 1 thread from the heading, TPS 63.93, QPS 1286.67", rowText(r))
	}
	_, errs, runs = tableRows(t, "## Main Comparison\n\n"+table)
	if len(runs) != 0 || len(errs) != 1 || !strings.Contains(errs[0], `bad threads value "-"`) {
		t.Errorf("without a heading naming threads: runs %d, errors %v; want the row reported", len(runs), errs)
	}
}

// TestGeneralTableTestsAsColumns reads a table whose columns are tests,
// "CPU (Events/sec) | Memory (MB/s) | Read Throughput(MiB/s) | Write
// Throughput (MiB/s)", one row per instance type
// (testdata/public/train/t28-instances-by-tests-table-ko.txt, SOURCES.md
// there): each row holds three runs, cpu, memory and fileio (the read
// and written rates, as fileio reports them). A table whose measurement
// columns name one test or none stays one run a row.
func TestGeneralTableTestsAsColumns(t *testing.T) {
	in := "| **인스턴스 유형** | **CPU (Events/sec)** | **Memory (MB/s)** | **Read Throughput(MiB/s)** | **Write Throughput (MiB/s)** |\n" +
		"| ----------------- | -------------------- | ----------------- | -------------------------- | ---------------------------- |\n" +
		"| **t3.large**      | 116.74               | 17,925.92         | 44.3                       | 29.61                        |\n" +
		"| **c5.large**      | 135.79               | 20,716.85         | 27.58                      | 18.72                        |\n"
	_, errs, runs := tableRows(t, in)
	if len(errs) != 0 || len(runs) != 6 {
		t.Fatalf("%d runs, errors %v; want 6 runs, no error", len(runs), errs)
	}
	for i, r := range runs {
		sys := []string{"t3.large", "c5.large"}[i/3]
		var got string
		switch {
		case r.Test == "cpu" && r.EPS != nil:
			got = fmt.Sprint("cpu ", *r.EPS)
		case r.Test == "memory" && r.Memory != nil && r.Memory.TransferMiBs != nil:
			got = fmt.Sprint("memory ", *r.Memory.TransferMiBs)
		case r.Test == "fileio" && r.FileIO != nil && r.FileIO.ReadMiBs != nil && r.FileIO.WrittenMiBs != nil:
			got = fmt.Sprint("fileio ", *r.FileIO.ReadMiBs, " ", *r.FileIO.WrittenMiBs)
		}
		want := []string{"cpu 116.74", "memory 17925.92", "fileio 44.3 29.61", "cpu 135.79", "memory 20716.85", "fileio 27.58 18.72"}[i]
		if got != want || r.Labels["system"] != sys {
			t.Errorf("run %d: %q of %q, want %q of %q", i, got, r.Labels["system"], want, sys)
		}
	}
	_, _, runs = tableRows(t, "| Instance | Read Throughput(MiB/s) | Write Throughput (MiB/s) |\n|---|---|---|\n| t3.large | 44.3 | 29.61 |\n")
	if len(runs) > 1 {
		t.Errorf("a table of one kind of measurement: %d runs a row, want 1", len(runs))
	}
}

// TestSummaryTableOrphanHeaderDiffRows: a review thread of
// pingcap/docs-cn pull request #4213 (testdata/public/train/
// t07-diff-review-table-zh.txt) quotes a table's header alone (a diff
// line, then rewritten in a suggestion block) and, in the next thread,
// its rows as lines the diff adds ("+| 600 | 283928.9323| …"), the last
// cut inside a cell. The rows are read under the last header without
// rows, each run saying so; the cut cell is left out with an error.
func TestSummaryTableOrphanHeaderDiffRows(t *testing.T) {
	in := "```diff\n" +
		" ### Point Select 性能\n" +
		" \n" +
		"+| Threads   | v3.0 QPS   | v3.0 95% latency(ms)   | v4.0 QPS   | v4.0 95% latency(ms)   | QPS Improvement   |\n" +
		"```\n" +
		"**TomShawn**:\n" +
		"```suggestion\n" +
		"| Threads   | v3.0 QPS   | v3.0 95% latency (ms)   | v4.0 QPS   | v4.0 95% latency (ms)   | QPS 提升   |\n" +
		"```\n\n" +
		"TomShawn · review thread · 2020-08-06\n" +
		"benchmark/benchmark-sysbench-v4-vs-v3.md:168\n" +
		"```diff\n" +
		"+| 600      | 283928.9323|     4.569     | 320673.342        | 3.304 |     12.94%     |\n" +
		"+| 900  | 343218.2624|     6.686     | 383913.3855        | 4.652 |     11.86%     |\n" +
		"+| 1200  | 347200.2366|     8.092     | 40892"
	rows, errs, runs := tableRows(t, in)
	want := []string{
		"14 threads=600(table) test=oltp_point_select qps=283928.9323 p95=4.569 [heading:Point Select 性能] [system:v3.0] [table:line 8]",
		"14 threads=600(table) test=oltp_point_select qps=320673.342 p95=3.304 [heading:Point Select 性能] [system:v4.0] [table:line 8]",
		"15 threads=900(table) test=oltp_point_select qps=343218.2624 p95=6.686 [heading:Point Select 性能] [system:v3.0] [table:line 8]",
		"15 threads=900(table) test=oltp_point_select qps=383913.3855 p95=4.652 [heading:Point Select 性能] [system:v4.0] [table:line 8]",
		"16 threads=1200(table) test=oltp_point_select qps=347200.2366 p95=8.092 [heading:Point Select 性能] [system:v3.0] [table:line 8]",
		"16 threads=1200(table) test=oltp_point_select [heading:Point Select 性能] [system:v4.0] [table:line 8]",
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	wantErr := []string{`16: summary table at line 8: the row stops after 4 of 6 cells without its closing "|": it was cut, so its last cell "40892" is left out`}
	if fmt.Sprint(errs) != fmt.Sprint(wantErr) {
		t.Errorf("errors %v, want %v", errs, wantErr)
	}
	if len(runs) > 0 && (len(runs[0].Warnings) == 0 || !strings.Contains(runs[0].Warnings[0], "header at line 8, printed apart")) {
		t.Errorf("warnings %v", runs[0].Warnings)
	}
	// A row of numbers far below a lone header, or of another width, is
	// not its row.
	far := "| Threads | QPS |\n" + strings.Repeat("prose\n", 45) + "| 600 | 283928.9 |\n"
	if rows, _, _ := tableRows(t, far); len(rows) != 0 {
		t.Errorf("a row %d lines below a lone header read under it: %v", 46, rows)
	}
}
