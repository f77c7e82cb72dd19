package parse

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
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
			}, nil, nil},
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
		{"thousands separator in a csv table is not a number",
			"threads,qps\n8,\"1,234\"\n", nil,
			[]Error{{Source: "in.txt", Line: 2, Message: "summary table: the header at line 1 names 2 columns (threads, qps) but the row has 3 values: the table is not read (expected one value per column)"}}, nil},
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
			if r.Tool == ToolTable {
				t.Errorf("%q: claimed as a summary table (line %d)", in, r.Line)
			}
		}
	}
}

// FuzzSummaryTable checks that no input makes the table parser panic and
// that every value it keeps is finite and non-negative.
func FuzzSummaryTable(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "public", "tables", "*"))
	for _, p := range files {
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
			if r.Threads == nil || *r.Threads <= 0 || bad(r.TPS) || bad(r.QPS) || bad(r.Latency.Avg) || bad(r.Latency.Min) || bad(r.Latency.Max) {
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
