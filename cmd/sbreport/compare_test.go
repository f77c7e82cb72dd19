package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/analyze"
)

// realInsert are single oltp_insert runs at 4 threads against MariaDB
// 10.11 made on this machine (testdata/real); tps as printed: innodb
// 5002.67, rocksdb 6280.14, aria 7034.92.
var realInsert = []string{
	"innodb=../../testdata/real/sysbench-1.0.20-oltp_insert-innodb-4thr.txt",
	"rocksdb=../../testdata/real/sysbench-1.0.20-oltp_insert-rocksdb-4thr.txt",
	"aria=../../testdata/real/sysbench-1.0.20-oltp_insert-aria-4thr.txt",
}

// decodeCompare reads the output of compare --json.
func decodeCompare(t *testing.T, b []byte) compareJSON {
	t.Helper()
	var c compareJSON
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// compareJSON is what the tests read of compare --json.
type compareJSON struct {
	Metric  string   `json:"metric"`
	Base    string   `json:"base"`
	By      string   `json:"by"`
	Systems []string `json:"systems"`
	Rows    []struct {
		Workload    string    `json:"workload"`
		Threads     *int      `json:"threads"`
		Metric      string    `json:"metric"`
		System      string    `json:"system"`
		N           int       `json:"n"`
		Center      *float64  `json:"center"`
		Lo          *float64  `json:"lo"`
		Hi          *float64  `json:"hi"`
		Ratio       *float64  `json:"ratio"`
		RatioLo     *float64  `json:"ratio_lo"`
		RatioHi     *float64  `json:"ratio_hi"`
		PValue      *float64  `json:"p_value"`
		Significant bool      `json:"significant"`
		Verdict     string    `json:"verdict"`
		Values      []float64 `json:"values"`
	} `json:"rows"`
	Geomean []struct {
		System string   `json:"system"`
		Ratio  *float64 `json:"ratio"`
	} `json:"geomean"`
}

func TestCompareRealJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	args := append([]string{"compare", "--json", "--skip", "0"}, realInsert...)
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("run: %v\n%s", err, errOut.String())
	}
	c := decodeCompare(t, out.Bytes())
	if c.Metric != "tps" || c.Base != "innodb" || len(c.Rows) != 3 {
		t.Fatalf("%+v", c)
	}
	want := map[string]float64{"innodb": 5002.67, "rocksdb": 6280.14, "aria": 7034.92}
	for _, r := range c.Rows {
		if r.Workload != "oltp_insert" || r.Threads == nil || *r.Threads != 4 || r.N != 1 || *r.Center != want[r.System] {
			t.Errorf("row %+v", r)
		}
		// One run each without an interim series: no interval, no test.
		if r.Lo != nil || r.PValue != nil || r.RatioLo != nil || r.Significant {
			t.Errorf("row %+v has an interval or a test", r)
		}
		if r.System != "innodb" && (!approx(*r.Ratio, want[r.System]/5002.67) || r.Verdict != "no test (1 run)") {
			t.Errorf("%s ratio %v, verdict %q", r.System, *r.Ratio, r.Verdict)
		}
	}
}

func approx(a, b float64) bool { d := a - b; return d < 1e-12*b && -d < 1e-12*b }

func TestCompareRealTable(t *testing.T) {
	var out, errOut bytes.Buffer
	args := append([]string{"compare", "--base", "rocksdb", "--skip", "0"}, realInsert...)
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("run: %v\n%s", err, errOut.String())
	}
	s := out.String()
	for _, want := range []string{"tps (higher is better): geometric mean ± 95% interval", "compared with rocksdb", "oltp_insert", "6280 (1 run)", "5003 (1 run)",
		"-20.34% no test (1 run)", "0.797× (no interval)", "+12.02% no test (1 run)", "1.120× (no interval)", "geomean",
		"warnings:", `3 of 3 cells have a single run: no interval, and ratios with them are untested ("no test (1 run)")`} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "~") || strings.Contains(s, "no significant difference") {
		t.Errorf("single runs get a verdict:\n%s", s)
	}
}

func TestCompareUsage(t *testing.T) {
	tests := [][]string{
		{"compare"},
		{"compare", "--center", "mode", "x"},
		{"compare", "--alpha", "2", "x"},
		{"compare", "--metric", "bogus", "x"},
		{"compare", "--skip", "soon", "x"},
		append([]string{"compare", "--base", "nosuch"}, realInsert...),
		{"scale", "--slo", "p95", "x"},
		{"scale", "--metric", "latency_avg_ms", "x"},
	}
	for _, args := range tests {
		var out, errOut bytes.Buffer
		if err := run(args, &out, &errOut); !errors.Is(err, errUsage) {
			t.Errorf("%q: err = %v, want a usage error", args, err)
		}
	}
}

// The thread sweep of plantegg/sysbench_report (testdata/public): 1 to
// 128 threads, p95 13.95 ms at 32 threads and 32.53 ms at 64.
func TestScaleSweep(t *testing.T) {
	var args []string
	for _, n := range []string{"1", "8", "16", "32", "64", "128"} {
		args = append(args, "../../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-"+n+"thr.log")
	}
	var out, errOut bytes.Buffer
	if err := run(append([]string{"scale", "--json", "--slo", "p95=20ms", "--skip", "0"}, args...), &out, &errOut); err != nil {
		t.Fatalf("run: %v\n%s", err, errOut.String())
	}
	var sc struct {
		Curves []struct {
			System         string          `json:"system"`
			Workload       string          `json:"workload"`
			Lambda         *float64        `json:"lambda"`
			Sigma          *float64        `json:"sigma"`
			Kappa          *float64        `json:"kappa"`
			SigmaSE        *float64        `json:"sigma_se"`
			KappaSE        *float64        `json:"kappa_se"`
			LambdaSE       *float64        `json:"lambda_se"`
			PeakThreads    *float64        `json:"peak_threads"`
			PeakThroughput *float64        `json:"peak_throughput"`
			SLOThreads     *int            `json:"slo_threads"`
			Points         json.RawMessage `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal(out.Bytes(), &sc); err != nil {
		t.Fatal(err)
	}
	if len(sc.Curves) != 1 {
		t.Fatalf("%d curves:\n%s", len(sc.Curves), out.String())
	}
	c := sc.Curves[0]
	if c.Lambda == nil || c.Sigma == nil || c.Kappa == nil || c.SigmaSE == nil || c.PeakThreads == nil || c.PeakThroughput == nil {
		t.Errorf("curve %+v", c)
	}
	if c.SLOThreads == nil || *c.SLOThreads != 32 {
		t.Errorf("slo threads %v", c.SLOThreads)
	}
	// The plateau is about 3650 tps; the modelled peak lies near it.
	if *c.PeakThroughput < 3500 || *c.PeakThroughput > 4000 {
		t.Errorf("peak throughput %v", *c.PeakThroughput)
	}
	out.Reset()
	if err := run(append([]string{"scale", "--slo", "p95=20ms"}, args...), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"peak N*", "p95=20ms met up to 32 threads", "efficiency"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestParseSkip(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  bool
	}{
		{"auto", 0, false}, {"", 0, false}, {"none", analyze.NoSkip, false}, {"0", analyze.NoSkip, false},
		{"0s", analyze.NoSkip, false}, {"30s", 30 * time.Second, false}, {"-1s", 0, true}, {"soon", 0, true},
	}
	for _, tt := range tests {
		got, err := parseSkip(tt.in)
		if (err != nil) != tt.err || (err == nil && got != tt.want) {
			t.Errorf("parseSkip(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// mixedTools is a Chinese write-up's section on load tools (see
// testdata/public/holdout/SOURCES.md): mysqlslap read, write and mixed
// loads (one mixed load run for engine myisam and innodb), then sysbench
// 0.4.12 cpu, threads, fileio and one oltp run on a myisam table.
const mixedTools = "../../testdata/public/holdout/mysqlslap-and-sb0.4.12-full-width-colons-load-types-engines-cpu-threads-fileio-oltp-excerpt-zh.txt"

// TestCompareEachWorkloadMetric: compare, like report, compares each
// workload in its own metric against a base that has it, names them in
// its JSON, and lists once what has none; --metric still overrides.
func TestCompareEachWorkloadMetric(t *testing.T) {
	out, errOut, err := sbreport(t, "compare", "--json", mixedTools)
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, errOut)
	}
	var c struct {
		compareJSON
		Metrics map[string]string `json:"metrics"`
		Bases   map[string]string `json:"bases"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	// The workloads differ in metric: none for all.
	if c.Metric != "" {
		t.Errorf("metric %q, want none for all", c.Metric)
	}
	for w, m := range map[string]string{"oltp": "tps", "cpu": "eps", "threads": "eps", "fileio": "eps",
		"read": "slap_avg_s", "write": "slap_avg_s", "mixed (number-of-queries=1000)": "slap_avg_s"} {
		if c.Metrics[w] != m {
			t.Errorf("%s: metric %q, want %s (all: %v)", w, c.Metrics[w], m, c.Metrics)
		}
	}
	// Only myisam ran oltp: it is oltp's base, "?" (the most cells) the
	// others'.
	if c.Base != "?" || c.Bases["oltp"] != "myisam" || c.Bases["cpu"] != "?" {
		t.Errorf("base %q, bases %v", c.Base, c.Bases)
	}
	// The values as printed: "(689.49 per sec.)", "0.527 seconds" (innodb,
	// 50 clients), "0.080 seconds" (myisam, 50 clients).
	type cell struct {
		w, s string
		th   int
	}
	want := map[cell]float64{{"oltp", "myisam", 1}: 689.49, {"mixed (number-of-queries=1000)", "innodb", 50}: 0.527,
		{"mixed (number-of-queries=1000)", "myisam", 50}: 0.080}
	for _, r := range c.Rows {
		if r.Metric != c.Metrics[r.Workload] {
			t.Errorf("row %s/%s in %s, workload in %s", r.Workload, r.System, r.Metric, c.Metrics[r.Workload])
		}
		if r.Threads == nil {
			continue
		}
		if v, ok := want[cell{r.Workload, r.System, *r.Threads}]; ok {
			if r.Center == nil || math.Abs(*r.Center-v) > 1e-9 {
				t.Errorf("%s/%s/%d: %v, want %v", r.Workload, r.System, *r.Threads, r.Center, v)
			}
			delete(want, cell{r.Workload, r.System, *r.Threads})
		}
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %v", want)
	}
	text, _, err := sbreport(t, "compare", mixedTools)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"slap_avg_s (lower is better)", "eps (higher is better)", "tps (higher is better)", "compared with myisam"} {
		if !strings.Contains(text, s) {
			t.Errorf("table lacks %q:\n%s", s, text)
		}
	}
	// --metric tps for all: the systems without it are listed once, not
	// shown as columns of dashes, and the base is the one that has it.
	text, _, err = sbreport(t, "compare", "--metric", "tps", mixedTools)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "compared with myisam") || !strings.Contains(text, "  ?: no tps\n") ||
		!strings.Contains(text, "  innodb: no tps\n") || !strings.Contains(text, "  cpu: no system has tps\n") {
		t.Errorf("--metric tps:\n%s", text)
	}
	if strings.Contains(text, "innodb  ") {
		t.Errorf("--metric tps: a column for innodb:\n%s", text)
	}
	// --base still names the base of every workload it has the metric in.
	out, _, err = sbreport(t, "compare", "--json", "--base", "innodb", mixedTools)
	if err != nil {
		t.Fatal(err)
	}
	c.Bases = nil
	json.Unmarshal([]byte(out), &c)
	if c.Base != "innodb" || c.Bases["mixed (number-of-queries=1000)"] != "innodb" || c.Bases["oltp"] != "myisam" {
		t.Errorf("--base innodb: base %q, bases %v", c.Base, c.Bases)
	}
}

// TestScaleEachWorkloadMetric: scale fits each workload in its own rate
// and names it.
func TestScaleEachWorkloadMetric(t *testing.T) {
	out, errOut, err := sbreport(t, "scale", "--json", mixedTools)
	if err != nil {
		t.Fatalf("scale: %v\n%s", err, errOut)
	}
	var sc struct {
		Metric  string            `json:"metric"`
		Metrics map[string]string `json:"metrics"`
		Curves  []struct {
			System, Workload, Metric string
			Points                   []struct {
				Threads    int
				Throughput struct{ Center float64 }
			}
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &sc); err != nil {
		t.Fatal(err)
	}
	if sc.Metric != "" || sc.Metrics["oltp"] != "tps" || sc.Metrics["cpu"] != "eps" || len(sc.Metrics) != 4 {
		t.Fatalf("metric %q, metrics %v", sc.Metric, sc.Metrics)
	}
	for _, cu := range sc.Curves {
		if cu.Workload == "oltp" && (cu.Metric != "tps" || len(cu.Points) != 1 || cu.Points[0].Throughput.Center != 689.49) {
			t.Errorf("oltp curve %+v", cu)
		}
	}
	text, _, err := sbreport(t, "scale", mixedTools)
	if err != nil || !strings.Contains(text, "threads  n  tps") || !strings.Contains(text, "threads  n  eps") {
		t.Errorf("%v\n%s", err, text)
	}
}
