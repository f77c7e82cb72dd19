package analyze

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// mixedInputs are real public logs of five kinds: a mysqlslap run of two
// engines at three concurrencies, sysbench 0.4.12 cpu, memory and fileio
// runs, a sysbench 0.5 sequence test that made no transactions
// ("transactions: 0", 2356.85 read/write requests a second) and a 0.4.12
// OLTP run.
var mixedInputs = []string{
	"../testdata/public/mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt",
	"../testdata/public/nondb/sb0.4.12-cpu-1thr.txt",
	"../testdata/public/nondb/sb0.4.12-memory-write-1thr.txt",
	"../testdata/public/nondb/sb0.4.12-fileio-rndrd.txt",
	"../testdata/public/legacy-archive/mdev13491-sequence/res01",
	"../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt",
}

// workloadOf returns the workload of the first run whose test is one of
// tests ("" for a mysqlslap run).
func workloadOf(t *testing.T, an *Analysis, doc *parse.Document, tool, test string) string {
	t.Helper()
	for _, r := range doc.Runs {
		if r.Tool == tool && (test == "" || r.Test == test) {
			return an.Dataset.KeyOf(r).Workload
		}
	}
	t.Fatalf("no %s %s run", tool, test)
	return ""
}

// TestEachWorkloadItsMetric analyses the mixed real inputs in one go:
// OLTP in tps, cpu, memory and fileio in events a second, the sequence
// test (no transactions) in queries a second and mysqlslap in its average
// seconds, where a lower time is better; mysqlslap, which the report's
// base never ran, is compared against the engine that ran it most.
func TestEachWorkloadItsMetric(t *testing.T) {
	doc := load(t, mixedInputs...)
	an := Analyze(doc, Options{})
	if an.Metric != "" {
		t.Errorf("analysis metric %q, want none (each workload its own)", an.Metric)
	}
	for _, tc := range []struct {
		tool, test string
		want       Metric
	}{
		{"mysqlslap", "", SlapAvgS},
		{"sysbench", "cpu", EPS},
		{"sysbench", "memory", EPS},
		{"sysbench", "fileio", EPS},
	} {
		w := workloadOf(t, an, doc, tc.tool, tc.test)
		if got := an.Metrics[w]; got != tc.want {
			t.Errorf("%s %s (workload %s): metric %s, want %s", tc.tool, tc.test, w, got, tc.want)
		}
	}
	// The 0.4.12 OLTP run; the 0.5 sequence log is named oltp too, by
	// its "OLTP test statistics" heading, and is found by its file.
	seq, oltp := "", ""
	for _, r := range doc.Runs {
		switch filepath.Base(r.Source) {
		case "sysbench.8.res":
			seq = an.Dataset.KeyOf(r).Workload
		case "sb0.4.12-oltp-simple-ro-1thr.txt":
			oltp = an.Dataset.KeyOf(r).Workload
		}
	}
	if oltp == "" || an.Metrics[oltp] != TPS {
		t.Errorf("0.4.12 oltp (workload %q): metric %s, want tps", oltp, an.Metrics[oltp])
	}
	if an.Metrics[seq] != QPS {
		t.Errorf("sequence test (transactions: 0): metric %s, want qps", an.Metrics[seq])
	}
	slap := workloadOf(t, an, doc, "mysqlslap", "")
	if an.Bases[slap] != "myisam" {
		t.Errorf("mysqlslap base %q, want myisam (the report's base %q never ran it)", an.Bases[slap], an.Comparison.Base)
	}
	// innodb against myisam at 50 clients: 0.112 s against 0.015 s,
	// 7.47 times the time, which is worse.
	var row *Row
	for i := range an.Comparison.Rows {
		r := &an.Comparison.Rows[i]
		if r.Workload == slap && r.System == "innodb" && r.Threads != nil && *r.Threads == 50 {
			row = r
		}
	}
	if row == nil || row.Metric != SlapAvgS || row.Ratio == nil || math.Abs(*row.Ratio-0.112/0.015) > 1e-9 {
		t.Fatalf("innodb at 50 clients: %+v", row)
	}
	if row.Verdict != VerdictOneRun {
		t.Errorf("verdict %q, want %q", row.Verdict, VerdictOneRun)
	}

	rp := NewReport(doc, an)
	if rp.Metric != "" || len(rp.Metrics) != 4 {
		t.Errorf("report metric %q, metrics %v: want none and four", rp.Metric, rp.Metrics)
	}
	var wr *WorkloadReport
	for _, w := range rp.Workloads {
		if w.Name == slap {
			wr = w
		}
	}
	if wr == nil || wr.Metric != SlapAvgS || wr.Unit != "s" || !wr.LowerIsBetter || wr.Base != "myisam" {
		t.Fatalf("mysqlslap section: %+v", wr)
	}
	c := wr.Cell("myisam", 200)
	if c == nil || c.Compared.Center == nil || *c.Compared.Center != 0.028 {
		t.Errorf("myisam at 200 clients: %+v, want 0.028 s", c)
	}
	if c := wr.Cell("innodb", 200); c == nil || c.Ratio == nil || c.Ratio.Better {
		t.Errorf("innodb at 200 clients (0.105 s against 0.028 s) is not better: %+v", c)
	}
	for _, h := range rp.Headline {
		if h.Workload == slap && h.Base != "myisam" {
			t.Errorf("headline row of %s against %q, want myisam", slap, h.Base)
		}
	}
}

// TestMetricOverride keeps --metric for all workloads: asked for tps, the
// workloads without it are left out once each, not shown as dashes.
func TestMetricOverride(t *testing.T) {
	doc := load(t, mixedInputs...)
	an := Analyze(doc, Options{Metric: TPS})
	for w, m := range an.Metrics {
		if m != TPS {
			t.Errorf("%s: metric %s under --metric tps", w, m)
		}
	}
	rp := NewReport(doc, an)
	if len(rp.Workloads) != 1 || rp.Workloads[0].Metric != TPS {
		t.Fatalf("%d workloads shown, want the OLTP one alone", len(rp.Workloads))
	}
	left := map[string]bool{}
	for _, lo := range rp.LeftOut {
		if lo.Workload != "" {
			left[lo.Workload] = true
		}
	}
	if len(left) != 5 {
		t.Errorf("workloads left out: %v, want the five without tps", rp.LeftOut)
	}
}

// TestMixedPublicLogs reads a directory's worth of unrelated public logs
// (one system per input): the default base is a system with its
// workload's metric in the most cells, and the input whose only run has
// no tps (sysbench 0.5's uint64 underflow) is left out once, not given a
// column.
func TestMixedPublicLogs(t *testing.T) {
	files, _ := filepath.Glob("../testdata/public/sysbench-0.5/*.txt")
	slaps, _ := filepath.Glob("../testdata/public/mysqlslap/*.txt")
	doc := load(t, append(append(files, slaps...), "../testdata/public/nondb/sb0.4.12-cpu-1thr.txt")...)
	an := Analyze(doc, Options{})
	rp := NewReport(doc, an)
	count := map[string]int{} // cells with their workload's metric, by system
	for _, c := range an.Dataset.Cells {
		for _, r := range c.Runs {
			if hasMetric(an.Metrics[c.Workload], r) {
				count[c.System]++
				break
			}
		}
	}
	for s, n := range count {
		if n > count[rp.Base] {
			t.Errorf("base %s has its metric in %d cells, %s in %d", rp.Base, count[rp.Base], s, n)
		}
	}
	if count[rp.Base] != 3 {
		t.Errorf("base %s has its metric in %d cells, want 3 (the mysqlslap run at 50, 100, 200 clients)", rp.Base, count[rp.Base])
	}
	var underflow string
	for _, r := range doc.Runs {
		if filepath.Base(r.Source) == "sb0.5-uint64-underflow-impossible-tps-issue14.txt" && !hasMetric(TPS, r) {
			underflow = an.Dataset.KeyOf(r).System
		}
	}
	found := false
	for _, lo := range rp.LeftOut {
		found = found || lo.System == underflow && len(lo.Metrics) == 1 && lo.Metrics[0] == TPS
	}
	if underflow == "" || !found {
		t.Errorf("system of the underflow run %q not left out once for no tps: %+v", underflow, rp.LeftOut)
	}
	for _, s := range rp.Systems {
		if s == underflow {
			t.Errorf("%s still a column of the report", s)
		}
	}
	// Each input is its own system: most share no thread count with the
	// base, and each of those is one not_compared caveat with no ratio.
	// The underflow input's quoted interim line is a fragment, not a
	// result: its system is left out, not one of the not compared.
	nc := rp.Findings.Select(KindCaveat, "", CodeNotCompared)
	lo := 0
	for _, l := range rp.LeftOut {
		if l.System != "" {
			lo++
		}
	}
	if len(nc)+lo < 10 || 2*len(nc) <= len(rp.Systems) {
		t.Errorf("%d not_compared findings and %d systems left out, want most of the %d systems not compared", len(nc), lo, len(rp.Systems))
	}
	for _, f := range nc {
		for _, h := range rp.Headline {
			for _, r := range h.Ratios {
				if r != nil && r.System == f.System && r.Ratio != nil {
					t.Errorf("%s is not_compared but has a ratio on %s", f.System, h.Workload)
				}
			}
		}
	}
}

// TestWriteupCPUMemoryOLTP reads a public write-up that benchmarks cpu,
// memory, fileio and eleven OLTP scripts in one text (Raspberry Pi 5,
// AWS r7g.2xlarge, MacBook Pro 2020; sysbench 1.0.20): cpu is compared
// in events a second (2726.31 against 3024.99), the OLTP scripts in tps,
// and memory, whose table gives MiB/s only, in MiB a second (3636.61 on
// the Pi, 4777.81 on AWS), not left out for no eps.
func TestWriteupCPUMemoryOLTP(t *testing.T) {
	doc := load(t, "../testdata/public/identity/sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt")
	an := Analyze(doc, Options{})
	rp := NewReport(doc, an)
	byName := map[string]*WorkloadReport{}
	for _, w := range rp.Workloads {
		byName[w.Name] = w
	}
	cpu := byName["cpu"]
	if cpu == nil || cpu.Metric != EPS {
		t.Fatalf("cpu section: %+v", cpu)
	}
	pi, aws := cpu.Cell("Raspberrypi 5b/?", 1), cpu.Cell("AWS r7g.2xlarge/?", 1)
	if pi == nil || aws == nil || *pi.Compared.Center != 2726.31 || *aws.Compared.Center != 3024.99 {
		t.Fatalf("cpu cells: %+v %+v", pi, aws)
	}
	if aws.Ratio == nil || math.Abs(*aws.Ratio.Ratio-3024.99/2726.31) > 1e-9 {
		t.Errorf("AWS against the Pi: %+v, want 3024.99/2726.31", aws.Ratio)
	}
	if w := byName["oltp_read_write"]; w == nil || w.Metric != TPS {
		t.Errorf("oltp_read_write section: %+v", w)
	}
	mem := byName["memory"]
	if mem == nil || mem.Metric != MiBs {
		t.Fatalf("memory section: %+v", mem)
	}
	pi, aws = mem.Cell("Raspberrypi 5b/?", 1), mem.Cell("AWS r7g.2xlarge/?", 1)
	if pi == nil || aws == nil || *pi.Compared.Center != 3636.61 || *aws.Compared.Center != 4777.81 {
		t.Errorf("memory cells: %+v %+v, want 3636.61 and 4777.81 MiB/s", pi, aws)
	}
}

// TestMetricFindings checks the findings that carry the metric choices
// on the mixed real inputs: one workload_metric per section with its
// metric and direction, a workload_base for mysqlslap (myisam, which has
// its metric in 3 cells where the report's base has none) and, under
// --metric tps, one left_out caveat per workload without tps and per
// system that has it nowhere.
func TestMetricFindings(t *testing.T) {
	doc := load(t, mixedInputs...)
	an := Analyze(doc, Options{})
	rp := NewReport(doc, an)
	slap := workloadOf(t, an, doc, "mysqlslap", "")
	ms := rp.Findings.Select(KindSetup, slap, CodeWorkloadMetric)
	if len(ms) != 1 || ms[0].Word("metric") != "slap_avg_s" || ms[0].Word("better") != "lower" || ms[0].Value("cells") != 6 || !ms[0].Guard.Passed {
		t.Errorf("mysqlslap workload_metric: %+v", ms)
	}
	if n := len(rp.Findings.Select(KindSetup, "", CodeWorkloadMetric)); n != len(rp.Workloads) {
		t.Errorf("%d workload_metric findings for %d sections", n, len(rp.Workloads))
	}
	bs := rp.Findings.Select(KindSetup, slap, CodeWorkloadBase)
	if len(bs) != 1 || bs[0].System != "myisam" || bs[0].Value("base_cells") != 3 || bs[0].Value("report_base_cells") != 0 {
		t.Errorf("mysqlslap workload_base: %+v", bs)
	}
	an = Analyze(doc, Options{Metric: TPS})
	rp = NewReport(doc, an)
	lo := rp.Findings.Select(KindCaveat, "", CodeLeftOut)
	systems, workloads := map[string]bool{}, 0
	for _, f := range lo {
		if f.Workload == "" {
			systems[f.System] = true
		} else {
			workloads++
		}
	}
	// The five workloads without tps, and the two mysqlslap engines,
	// which ran nothing else.
	if workloads != 5 || len(systems) != 2 || !systems["myisam"] || !systems["innodb"] {
		t.Fatalf("left_out under --metric tps: %d workloads, systems %v; want 5 and myisam, innodb", workloads, systems)
	}
	for _, f := range lo {
		if f.Word("metrics") != "tps" || f.Value("cells_with_metric") != 0 || f.Value("cells") < 1 {
			t.Errorf("left_out %s: %+v", f.Workload, f)
		}
	}
}
