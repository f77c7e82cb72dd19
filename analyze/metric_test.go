package analyze

import (
	"math"
	"path/filepath"
	"testing"
)

// TestTransferRateMetric: a coursework report (train22/t143) compares a
// VM before and after tuning in a table whose sysbench rows carry their
// unit in each cell: cpu in events/s, memory's "Throughput" and fileio's
// "Write speed" in MiB/s. Memory and fileio, which give no events a
// second, are compared in MiB a second (their transfer rate; fileio's
// written rate, the one it printed), named "MiB/s" in sentences and
// "mib_s" on the command line and in JSON; cpu stays in events a second.
func TestTransferRateMetric(t *testing.T) {
	doc := load(t, "../testdata/public/train22/t143-sysbench-cpu-memory-fileio-rows-tool-in-own-column-baseline-vs-after-optimisation-columns-units-in-cells-beside-free-df-iperf3-curl-rows-coursework-report-excerpt.md")
	an := Analyze(doc, Options{})
	rp := NewReport(doc, an)
	want := map[string]struct {
		metric      Metric
		base, after float64
	}{
		"cpu": {EPS, 801.10, 820.35}, "memory": {MiBs, 4486.40, 4650.95}, "fileio": {MiBs, 350.25, 380.10},
	}
	for _, w := range rp.Workloads {
		exp, ok := want[w.Name]
		if !ok {
			continue
		}
		delete(want, w.Name)
		if w.Metric != exp.metric {
			t.Errorf("%s: compared in %s, want %s", w.Name, w.Metric, exp.metric)
			continue
		}
		b, a := w.Cell("Baseline Result", 0), w.Cell("After Optimisation", 0)
		if b == nil || a == nil || b.Compared.Center == nil || a.Compared.Center == nil ||
			*b.Compared.Center != exp.base || *a.Compared.Center != exp.after {
			t.Errorf("%s: cells %+v %+v, want %v and %v", w.Name, b, a, exp.base, exp.after)
		}
	}
	for name := range want {
		t.Errorf("%s: no section", name)
	}
	if MiBs.String() != "MiB/s" || string(MiBs) != "mib_s" || EPS.String() != "eps" {
		t.Errorf("names: %q %q %q", MiBs.String(), string(MiBs), EPS.String())
	}
	if m, err := ParseMetric("mib_s"); err != nil || m != MiBs {
		t.Errorf("ParseMetric(mib_s): %v %v", m, err)
	}
}

// TestTablesOfOneSweep: train22/t137 tabulates the same four hosts at 1
// thread under "### Single-Thread" and at 6 (and 12) threads under "###
// Multi-Thread", one table each. The tables' marks (table=line N) tell
// apart no runs that would share a cell, so the hosts are four systems,
// each measured at 1 and 6 threads: one curve, not two systems a table.
func TestTablesOfOneSweep(t *testing.T) {
	doc := load(t, "../testdata/public/train22/t137-sysbench-cpu-single-and-multi-thread-and-memory-read-write-hosts-as-rows-threads-in-headings-or-column-comma-thousands-bold-cells-result-in-prose-proxmox-homelab-blog-excerpt.md")
	ds := Group(doc.Runs, GroupOptions{})
	if len(ds.Systems) != 4 {
		t.Fatalf("systems %q, want pve1 to pve4", ds.Systems)
	}
	threads := map[int]bool{}
	for _, c := range ds.Cells {
		if c.System == "pve1" && c.Workload == "cpu" {
			threads[c.Threads] = true
		}
	}
	if !threads[1] || !threads[6] {
		t.Errorf("pve1's cpu cells at %v threads, want 1 and 6", threads)
	}
}

// TestLittleAnomaly: a storage engine's results CSV (train24/t153) gives
// "engine,workload,threads,tps,avg_lat_ms,p95_ms" rows such as
// "bytecaskdb,oltp_point_select,1,381723,0.03,0.03": by Little's law
// 381,723 a second at 0.03 ms keeps 11.45 requests in flight from one
// thread, which no run can (the "tps" is a count of transactions). Each
// such cell is an anomaly with its figures. A run at --rate, whose
// latency counts sysbench's queue (testdata/real's rate-2000 cpu run, 4.4
// in flight from 1 thread), is none.
func TestLittleAnomaly(t *testing.T) {
	doc := load(t, "../testdata/public/train24/t153-sysbench-oltp-four-workloads-1-and-16-threads-three-engines-wide-csv-engine-workload-threads-tps-avg-lat-p95-one-row-without-values-mariadb-engine-plugin-results.csv")
	an := Analyze(doc, Options{})
	fs := littleFindings(an.Dataset, "oltp_point_select", Thresholds{})
	if len(fs) != 6 {
		t.Fatalf("%d little findings on oltp_point_select, want 6 (3 engines at 1 and 16 threads)", len(fs))
	}
	for _, f := range fs {
		if f.System == "bytecaskdb" && f.Threads == 1 &&
			(f.Value("throughput") != 381723 || f.Value("avg_latency_ms") != 0.03 || math.Abs(f.Value("ratio")-11.45169) > 1e-6) {
			t.Errorf("bytecaskdb at 1 thread: %+v", f.Evidence)
		}
	}
	real := load(t, filepath.Join(realDir, "sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt"))
	ran := Analyze(real, Options{})
	for _, w := range ran.Dataset.Workloads {
		if fs := littleFindings(ran.Dataset, w, Thresholds{}); len(fs) > 0 {
			t.Errorf("%s: a run at --rate flagged: %+v", w, fs[0].Evidence)
		}
	}
}
