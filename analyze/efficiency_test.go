package analyze

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/parse"
)

const realDir = "../testdata/real/"

// The real capture: sysbench 1.0.20 oltp_read_write, 4 threads, 10 s,
// 569.83 tps on a 2-CPU VM, with vmstat, iostat, mpstat and /proc
// snapshots taken once a second alongside (scripts/make-sysstat-testdata.sh).
const (
	realRun  = "sysbench-1.0.20-oltp_read_write-innodb-4thr-10s-with-sysstat.txt"
	realTag  = "-1s-during-oltp_read_write-innodb-4thr-10s.txt"
	realTPS  = 569.83
	realCPUs = 2
)

// loadReal parses the real run and the named captures into one Document
// and sets the run's Captures to them, as collect does for files of one
// directory.
func loadReal(t *testing.T, captures ...string) (*parse.Document, *parse.Run) {
	t.Helper()
	doc := &parse.Document{}
	for _, name := range append([]string{realRun}, captures...) {
		f, err := os.Open(filepath.Join(realDir, name))
		if err != nil {
			t.Fatal(err)
		}
		err = parse.Stream(f, name, doc.Add)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(doc.Runs) != 1 || len(doc.Errors) != 0 {
		t.Fatalf("%d runs, errors %v", len(doc.Runs), doc.Errors)
	}
	r := doc.Runs[0]
	for _, s := range doc.SysStats {
		r.Captures = append(r.Captures, s.ID())
	}
	return doc, r
}

func effApprox(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(want) != math.IsNaN(got) || !math.IsNaN(want) && math.Abs(got-want) > tol*math.Abs(want) {
		t.Errorf("%s = %.6g, want %.6g (±%g relative)", what, got, want, tol)
	}
}

// TestEfficiencyProcstat checks the /proc snapshot series against figures
// computed by hand from the file: over the ten intervals between the 11
// snapshots (weighted by their lengths) the CPUs were busy 0.998534 of the
// time, 0.708247 user (user+nice ticks over all ticks) and 0.290287 system
// (system+irq+softirq); vda did 0.0271792 reads, 2.08884 writes,
// 15.1061 KiB read and 29.6714 KiB written per transaction; 60.0213
// context switches per transaction.
//
//	CPU µs/txn   = 0.998534 × 2 × 1e6 / 569.83 = 3504.67
//	user µs/txn  = 0.708247 × 2 × 1e6 / 569.83 = 2485.82
//	sys µs/txn   = 0.290287 × 2 × 1e6 / 569.83 = 1018.85
//	saturation   = 569.83 / 0.998534           = 570.667 tps
func TestEfficiencyProcstat(t *testing.T) {
	doc, r := loadReal(t, "procstat"+realTag)
	stats := RunSysStats(doc, r)
	if len(stats) != 1 {
		t.Fatalf("%d captures", len(stats))
	}
	e, w := PerTransaction(r, stats, 0)
	if e == nil || e.CPUs != realCPUs || e.Unit != "transaction" || e.Rate != realTPS {
		t.Fatalf("got %+v %v", e, w)
	}
	const tol = 1e-6
	effApprox(t, "busy", e.BusyShare, 0.9985335454156641, tol)
	effApprox(t, "cpu µs", e.CPUUsPerTxn, 3504.6717281142237, tol)
	effApprox(t, "user µs", e.CPUUserUsPerTxn, 2485.8185808504923, tol)
	effApprox(t, "sys µs", e.CPUSysUsPerTxn, 1018.8531472637312, tol)
	effApprox(t, "saturation", e.SaturationRate, 570.6668570286182, tol)
	effApprox(t, "ctx", e.CtxSwitchesPerTxn, 60.02134204136224, tol)
	effApprox(t, "reads", e.DiskReadsPerTxn, 0.02717921598800652, tol)
	effApprox(t, "writes", e.DiskWritesPerTxn, 2.088843162926349, tol)
	effApprox(t, "KB read", e.DiskReadKBPerTxn, 15.106139437992281, tol)
	effApprox(t, "KB written", e.DiskWriteKBPerTxn, 29.671446881894102, tol)
	if len(e.Devices) != 1 || e.Devices[0] != "vda" {
		t.Errorf("devices %v, want [vda]", e.Devices)
	}
	if src := e.Sources["cpu"]; src.Tool != parse.ToolProcstat || len(src.Samples) != 10 || src.Samples[0] != 23 {
		t.Errorf("cpu source %+v, want procstat, 10 samples from line 23", src)
	}
	if len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
}

// TestEfficiencyTools checks each tool's capture of the same run on its
// own, against the means of the printed values over the ten interval lines
// (the since-boot line or report left out):
//
//	vmstat: mean us+sy 100.2 %  → 1.002 × 2e6 / 569.83 = 3516.84 µs; mean cs 34521.9 → 60.5814;
//	        mean bi 8795.2 KiB/s → 15.4348 KiB; mean bo 17208.8 → 30.1999 KiB
//	iostat: vda mean r/s 16.9 → 0.0296580; rkB/s 8802.0 → 15.4467; w/s 1194.5 → 2.09624; wkB/s 17189.7 → 30.1662
//	mpstat: mean %usr+%nice+%guest+%gnice 70.699, %sys+%irq+%soft 29.103 → 3502.87 µs
func TestEfficiencyTools(t *testing.T) {
	const tol = 1e-6
	t.Run("vmstat", func(t *testing.T) {
		doc, r := loadReal(t, "vmstat-procps-ng-4.0.2-t"+realTag)
		e, w := PerTransaction(r, RunSysStats(doc, r), realCPUs)
		effApprox(t, "cpu µs", e.CPUUsPerTxn, 3516.8383552989485, tol)
		effApprox(t, "ctx", e.CtxSwitchesPerTxn, 60.58140147061403, tol)
		effApprox(t, "KB read", e.DiskReadKBPerTxn, 15.434778793675306, tol)
		effApprox(t, "KB written", e.DiskWriteKBPerTxn, 30.19988417598231, tol)
		effApprox(t, "reads", e.DiskReadsPerTxn, math.NaN(), 0)
		if !warnedOf(w, "vmstat bi/bo") {
			t.Errorf("warnings %v, want one saying disk KB come from vmstat bi/bo", w)
		}
	})
	t.Run("iostat", func(t *testing.T) {
		doc, r := loadReal(t, "iostat-sysstat-12.6.1-dxkt"+realTag)
		e, w := PerTransaction(r, RunSysStats(doc, r), 0)
		effApprox(t, "reads", e.DiskReadsPerTxn, 0.029657968165944223, tol)
		effApprox(t, "KB read", e.DiskReadKBPerTxn, 15.44671217731604, tol)
		effApprox(t, "writes", e.DiskWritesPerTxn, 2.0962392292438095, tol)
		effApprox(t, "KB written", e.DiskWriteKBPerTxn, 30.16618991629082, tol)
		// iostat -d has no CPU: no CPU figures, said so.
		effApprox(t, "cpu µs", e.CPUUsPerTxn, math.NaN(), 0)
		if !warnedOf(w, "no CPU samples") {
			t.Errorf("warnings %v", w)
		}
	})
	t.Run("mpstat", func(t *testing.T) {
		doc, r := loadReal(t, "mpstat-sysstat-12.6.1-P-ALL"+realTag)
		e, _ := PerTransaction(r, RunSysStats(doc, r), 0)
		effApprox(t, "cpu µs", e.CPUUsPerTxn, 3502.8692768018527, tol)
		effApprox(t, "user µs", e.CPUUserUsPerTxn, 0.70699*2e6/realTPS, tol)
		effApprox(t, "ctx", e.CtxSwitchesPerTxn, math.NaN(), 0)
	})
	t.Run("all four: /proc counters win", func(t *testing.T) {
		doc, r := loadReal(t, "vmstat-procps-ng-4.0.2-t"+realTag, "iostat-sysstat-12.6.1-dxkt"+realTag,
			"mpstat-sysstat-12.6.1-P-ALL"+realTag, "procstat"+realTag)
		e, _ := PerTransaction(r, RunSysStats(doc, r), 0)
		for _, k := range []string{"cpu", "ctx", "disk"} {
			if e.Sources[k].Tool != parse.ToolProcstat {
				t.Errorf("%s from %s, want procstat", k, e.Sources[k].Tool)
			}
		}
		effApprox(t, "cpu µs", e.CPUUsPerTxn, 3504.6717281142237, tol)
	})
}

func warnedOf(w Warnings, sub string) bool {
	for _, s := range w.Strings() {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestRunSysStats picks a run's captures by r.Captures, in that order,
// and ignores IDs of other kinds or of captures not in the document.
func TestRunSysStats(t *testing.T) {
	doc, r := loadReal(t, "vmstat-procps-ng-4.0.2-t"+realTag, "mpstat-sysstat-12.6.1-P-ALL"+realTag)
	vm, mp := doc.SysStats[0].ID(), doc.SysStats[1].ID()
	if vm != "vmstat-procps-ng-4.0.2-t"+realTag+":2" {
		t.Fatalf("vmstat ID %q", vm)
	}
	r.Captures = []string{mp, "elsewhere.txt:7", vm}
	got := RunSysStats(doc, r)
	if len(got) != 2 || got[0].Tool != parse.ToolMpstat || got[1].Tool != parse.ToolVmstat {
		t.Fatalf("got %d captures", len(got))
	}
	r.Captures = nil
	if RunSysStats(doc, r) != nil {
		t.Error("a run without captures has system statistics")
	}
	// A host capture listed among the run's captures gives the CPU count.
	doc.Hosts = []*parse.Host{{Source: "lscpu.txt", Line: 1, CPUs: func() *int { n := 8; return &n }()}}
	r.Captures = []string{"lscpu.txt:1"}
	if n := RunCPUs(doc, r); n != 8 {
		t.Errorf("RunCPUs = %d, want 8", n)
	}
}

// TestEfficiencyBetween selects samples by time stamp: the vmstat lines
// are stamped 18:04:04 … 18:04:13 UTC (1796061844 … 1796061853); a window
// over the first five seconds uses the five lines whose interval midpoint
// is inside: us+sy 100, 101, 100, 101, 100 → busy 1.004.
func TestEfficiencyBetween(t *testing.T) {
	doc, r := loadReal(t, "vmstat-procps-ng-4.0.2-t"+realTag, "mpstat-sysstat-12.6.1-P-ALL"+realTag)
	e, w := PerTransactionBetween(r, RunSysStats(doc, r), realCPUs, 1796061843, 1796061848)
	if e.Sources["cpu"].Tool != parse.ToolVmstat || len(e.Sources["cpu"].Samples) != 5 {
		t.Fatalf("cpu source %+v", e.Sources["cpu"])
	}
	effApprox(t, "busy", e.BusyShare, 1.004, 1e-9)
	if !warnedOf(w, "mpstat capture has no time stamps") {
		t.Errorf("warnings %v", w)
	}
}

// TestEfficiencyNoRate: a run without tps, eps or qps gets no figures.
func TestEfficiencyNoRate(t *testing.T) {
	e, w := PerTransaction(&parse.Run{Source: "x", Line: 3}, nil, 2)
	if e != nil || len(w) != 1 || !strings.Contains(w[0].Error(), "x:3: no tps") {
		t.Errorf("got %v %v", e, w)
	}
}

// TestEfficiencyJSON checks the names results.json uses and that absent
// figures are null.
func TestEfficiencyJSON(t *testing.T) {
	doc, r := loadReal(t, "iostat-sysstat-12.6.1-dxkt"+realTag)
	effs := Efficiencies(doc, nil)
	e := effs[parse.CaptureID(r.Source, r.Line)]
	if e == nil {
		t.Fatalf("no efficiency for the run: %v", effs)
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"cpu_us_per_txn", "cpu_user_us_per_txn", "cpu_sys_us_per_txn", "disk_reads_per_txn",
		"disk_writes_per_txn", "disk_read_kb_per_txn", "disk_write_kb_per_txn", "ctx_switches_per_txn", "sources"} {
		if _, ok := m[k]; !ok {
			t.Errorf("%s missing from %s", k, b)
		}
	}
	if m["cpu_us_per_txn"] != nil || m["disk_read_kb_per_txn"] == nil {
		t.Errorf("cpu_us_per_txn %v (want null), disk_read_kb_per_txn %v", m["cpu_us_per_txn"], m["disk_read_kb_per_txn"])
	}
}

// TestCountedDevices: whole disks count; partitions, device-mapper, md,
// loop and ram devices do not (their I/O is a disk's, or no disk's).
func TestCountedDevices(t *testing.T) {
	var x parse.SysSample
	for _, n := range []string{"sda", "sda1", "dm-0", "nvme0n1", "nvme0n1p2", "loop3", "md127", "vda", "xvda1", "cciss/c0d0p2", "mmcblk0", "mmcblk0p1", "zram0"} {
		x.Devices = append(x.Devices, parse.DeviceSample{Name: n})
	}
	got := strings.Join(countedDevices([]parse.SysSample{x}), " ")
	if got != "sda nvme0n1 vda mmcblk0" {
		t.Errorf("counted %q", got)
	}
}

// TestRunEfficiencyCut: a run that says when it was measured (from a
// campaign manifest) uses only the samples of that time, mpstat's too,
// whose lines have a time of day only (the banner, 11/30/26, gives the
// date). 18:04:05 to 18:04:08 UTC holds the intervals ending at :06, :07
// and :08.
func TestRunEfficiencyCut(t *testing.T) {
	doc, r := loadReal(t, "mpstat-sysstat-12.6.1-P-ALL"+realTag, "iostat-sysstat-12.6.1-dxkt"+realTag)
	from := time.Date(2026, 11, 30, 18, 4, 5, 0, time.UTC)
	to := from.Add(3 * time.Second)
	r.MeasuredFrom, r.MeasuredTo = &from, &to
	stats := RunSysStats(doc, r)
	e, w := RunEfficiency(r, stats, realCPUs)
	if e == nil {
		t.Fatalf("no figures: %v", w)
	}
	clocks := func(what string) []string {
		var out []string
		src := e.Sources[what]
		for _, s := range stats {
			if s.ID() != src.Capture {
				continue
			}
			for _, x := range s.Samples {
				if slices.Contains(src.Samples, x.Line) {
					out = append(out, x.Clock)
				}
			}
		}
		return out
	}
	if got := clocks("cpu"); e.Sources["cpu"].Tool != parse.ToolMpstat || !reflect.DeepEqual(got, []string{"18:04:06", "18:04:07", "18:04:08"}) {
		t.Errorf("cpu from %s samples %v", e.Sources["cpu"].Tool, got)
	}
	if got := clocks("disk"); e.Sources["disk"].Tool != parse.ToolIostat || !reflect.DeepEqual(got, []string{"11/30/26 18:04:06", "11/30/26 18:04:07", "11/30/26 18:04:08"}) {
		t.Errorf("disk from %s samples %v", e.Sources["disk"].Tool, got)
	}
	// Without the times, every sample.
	r.MeasuredFrom, r.MeasuredTo = nil, nil
	e, _ = RunEfficiency(r, stats, realCPUs)
	if n := len(e.Sources["cpu"].Samples); n != 10 {
		t.Errorf("%d mpstat samples without measured times, want all 10", n)
	}
}
