package analyze

import (
	"math"
	"path/filepath"
	"strings"
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

// TestLittleFactor: a storage engine's results CSV (train24/t154) gives
// "innodb,oltp_write_only,1,9044,6.63" and 23 rows like it whose rate ×
// average latency is 60 times their threads (59.90 to 60.76): the "tps"
// are counts of transactions over 60 s runs. One row is not
// ("bytecaskdb,oltp_write_only,16,21627,50.36": 68.07×). The workload's
// finding carries the common factor and the runs sharing it, and leaves
// that row out. A lab report's tables (train10/t89: 145 tps at 0.8 s
// from 10 users, 1,167 at 9.1 s from 500: 11.6× to 21.2×) share no
// factor and get none.
func TestLittleFactor(t *testing.T) {
	doc := load(t, "../testdata/public/train24/t154-sysbench-oltp-four-workloads-1-8-16-threads-innodb-vs-plugin-engine-wide-csv-tps-avg-lat-p95-rows-interleaved-by-engine-memory-pressure-results.csv")
	an := Analyze(doc, Options{})
	fs := littleFindings(an.Dataset, "oltp_write_only", Thresholds{})
	got := fs.Select(KindAnomaly, "", CodeLittleFactor)
	if len(got) != 1 {
		t.Fatalf("%d factor findings on oltp_write_only, want 1", len(got))
	}
	f := got[0]
	e, _ := f.Get("factor")
	if f.Value("agree") != 5 || f.Value("flagged") != 6 || math.Abs(e.Value-60.02) > 0.01 ||
		math.Abs(*e.Lo-9044*6.63/1000) > 1e-9 || len(e.Sources) != 5 || !f.Guard.Passed {
		t.Errorf("factor finding: %+v", f.Evidence)
	}
	for _, ref := range e.Sources {
		if strings.HasSuffix(ref, ":19") {
			t.Errorf("the 68.07× row (line 19) shares the factor: %v", e.Sources)
		}
	}
	for _, w := range an.Dataset.Workloads {
		if len(littleFindings(an.Dataset, w, Thresholds{}).Select(KindAnomaly, "", CodeLittleFactor)) != 1 {
			t.Errorf("%s: no common factor", w)
		}
	}
	// Over the workloads: 23 of the 24 flagged runs share factors within
	// 5% of 60, the caveat's evidence.
	all := NewReport(doc, an).Findings.Select(KindCaveat, "", CodeLittleFactors)
	if len(all) != 1 || all[0].Value("agree") != 23 || all[0].Value("flagged") != 24 || math.Abs(all[0].Value("factor")-60) > 0.5 {
		t.Errorf("factors caveat: %+v", all)
	}
	lab := load(t, "../testdata/public/train10/t89-gfm-tables-concurrent-users-column-two-databases-under-headings-lab-report-excerpt.txt")
	lan := Analyze(lab, Options{})
	if fs := NewReport(lab, lan).Findings.Select(KindCaveat, "", CodeLittleFactors); len(fs) != 0 {
		t.Errorf("a factors caveat for ratios from 11.6 to 21.2: %+v", fs[0].Evidence)
	}
	for _, w := range lan.Dataset.Workloads {
		fs := littleFindings(lan.Dataset, w, Thresholds{})
		if len(fs.Select(KindAnomaly, "", CodeLittle)) == 0 {
			t.Errorf("%s: the lab report's cells are not flagged", w)
		}
		if len(fs.Select(KindAnomaly, "", CodeLittleFactor)) != 0 {
			t.Errorf("%s: a common factor for ratios from 11.6 to 21.2", w)
		}
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
	if cells := fs.Select(KindAnomaly, "", CodeLittle); len(cells) != 6 {
		t.Fatalf("%d little findings on oltp_point_select, want 6 (3 engines at 1 and 16 threads)", len(cells))
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
