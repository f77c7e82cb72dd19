package analyze

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// reportOf loads inputs as the CLI does and builds the report's view
// model, systems named by the label by ("" for the default).
func reportOf(t *testing.T, by string, inputs ...string) *Report {
	t.Helper()
	doc, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	an := Analyze(doc, Options{Group: GroupOptions{By: by}})
	return NewReport(doc, an)
}

func oneFinding(t *testing.T, rp *Report, k FindingKind, code string) *Finding {
	t.Helper()
	fs := rp.Findings.Select(k, "", code)
	if len(fs) != 1 {
		t.Fatalf("%d %s findings %q, want 1: %+v", len(fs), k, code, rp.Findings)
	}
	return fs[0]
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestSetupEventCap: runs that ended by their event cap say so, with the
// measured time, and are not "runs of N s" — on real sysbench 0.4.12
// outputs: the Spider overview's two runs (--max-requests=100000 and 100,
// no time limit), a cpu run at 0.4's default cap of 10,000 requests, and
// the RDS runs that did run to --max-time=60 (--max-requests=0).
func TestSetupEventCap(t *testing.T) {
	rp := reportOf(t, "", "../testdata/public/identity/sb0.4.12-oltp-ro-innodb-node-vs-spider-node-engine-option-says-innodb-create-table-says-spider-hash-prompts.txt")
	caps := rp.Findings.Select(KindCaveat, "", CodeEventCap)
	if len(caps) != 2 {
		t.Fatalf("%d event-cap findings, want 2: %+v", len(caps), rp.Findings)
	}
	for i, want := range []struct{ cap, total float64 }{{100000, 91.2681}, {100, 4.4009}} {
		f := caps[i]
		if f.Value("events_cap") != want.cap || !near(f.Value("total_time_s"), want.total) || f.Has("time_limit_s") ||
			f.Word("cap_from") != "--max-requests" || !f.Guard.Passed {
			t.Errorf("cap %d: %+v, want %v events after %v s from --max-requests", i, f, want.cap, want.total)
		}
	}
	if fs := rp.Findings.Select(KindSetup, "", CodeRunLength); len(fs) != 0 {
		t.Errorf("run-length findings for capped runs: %+v", fs)
	}
	ds := oneFinding(t, rp, KindSetup, CodeDataSize)
	if ds.Value("tables") != 1 || ds.Value("table_size") != 10000000 {
		t.Errorf("data size %+v, want 1 table of 10,000,000 rows (--oltp-table-size)", ds)
	}

	rp = reportOf(t, "", "../testdata/public/nondb/sb0.4.12-cpu-1thr.txt")
	f := oneFinding(t, rp, KindCaveat, CodeEventCap)
	if f.Value("events_cap") != 10000 || f.Word("cap_from") != "default" || f.Word("version") != "0.4.12" || !near(f.Value("total_time_s"), 31.174) {
		t.Errorf("0.4 default cap: %+v", f)
	}

	// A 0.4.12 paste without its command: 212,131 transactions in 60 s is
	// no run stopped at the default cap of 10,000.
	rp = reportOf(t, "", "../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt")
	if fs := rp.Findings.Select(KindCaveat, "", CodeEventCap); len(fs) != 0 {
		t.Errorf("212,131 events said capped: %+v", fs)
	}
	f = oneFinding(t, rp, KindSetup, CodeMeasuredTime)
	if !near(f.Value("total_time_s"), 60.0003) {
		t.Errorf("measured time %+v, want 60.0003 s", f)
	}

	// The Spider overview's first run without its command: the cap its
	// OLTP test prints ("Maximum number of requests for OLTP test is
	// limited to 100000") is the one that ended it.
	spider, err := os.ReadFile("../testdata/public/identity/sb0.4.12-oltp-ro-innodb-node-vs-spider-node-engine-option-says-innodb-create-table-says-spider-hash-prompts.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(spider), "\n")
	out := strings.Join(lines[151:200], "") // from its banner, line 152, through its report
	if strings.Contains(out, "--max-requests") || !strings.Contains(out, "limited to 100000") {
		t.Fatalf("excerpt:\n%s", out)
	}
	p := filepath.Join(t.TempDir(), "spider-run.txt")
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	rp = reportOf(t, "", p)
	f = oneFinding(t, rp, KindCaveat, CodeEventCap)
	if f.Value("events_cap") != 100000 || f.Word("cap_from") != "header" || !near(f.Value("total_time_s"), 91.2681) || f.Has("time_limit_s") {
		t.Errorf("cap from the options header: %+v", f)
	}
	if fs := rp.Findings.Select(KindSetup, "", CodeMeasuredTime); len(fs) != 0 {
		t.Errorf("a capped run said to take its measured time: %+v", fs)
	}

	rp = reportOf(t, "", "../testdata/public/identity/sb0.4.12-oltp-ro-rds-first-second-run-duplicate-paste-read-replica.txt")
	if fs := rp.Findings.Select(KindCaveat, "", CodeEventCap); len(fs) != 0 {
		t.Errorf("--max-requests=0 runs capped: %+v", fs)
	}
	f = oneFinding(t, rp, KindSetup, CodeRunLength)
	if f.Value("time_limit_s") != 60 {
		t.Errorf("run length %+v, want 60 s", f)
	}
	if e, ok := f.Get("total_time_s"); !ok || e.Lo == nil || *e.Lo != 60.0047 || *e.Hi < 60.027 {
		t.Errorf("total time %+v, want 60.0047 to 60.0270 s", e)
	}
}

// TestSetupProseFacts: the TiDB v3.0 vs v2.1 page states its setup in
// prose only; the findings say it, each naming its line.
func TestSetupProseFacts(t *testing.T) {
	const page = "../testdata/public/writeups/tidb-3.0-vs-2.1-sysbench-1.0.17-prose-setup-16-tables-lasts-5-minutes-en.md"
	rp := reportOf(t, "", page)
	v := oneFinding(t, rp, KindSetup, CodeToolVersion)
	if v.Word("tool") != "sysbench" || v.Word("version") != "1.0.17" || v.Word("from") != "prose" || !strings.HasSuffix(v.Word("source"), ".md:30") {
		t.Errorf("sysbench version %+v", v)
	}
	d := oneFinding(t, rp, KindSetup, CodeDataSize)
	if d.Value("tables") != 16 || d.Value("table_size") != 10000000 {
		t.Errorf("data size %+v, want 16 tables of 10,000,000 rows", d)
	}
	if e, _ := d.Get("table_size"); len(e.Sources) != 1 || !strings.HasSuffix(e.Sources[0], ".md:34") {
		t.Errorf("data size sources %v, want line 34", e.Sources)
	}
	l := oneFinding(t, rp, KindSetup, CodeRunLength)
	if l.Value("time_limit_s") != 300 || l.Word("text") != "5 minutes" {
		t.Errorf("run length %+v, want 300 s from \"5 minutes\"", l)
	}
	c := oneFinding(t, rp, KindSetup, CodeClients)
	if c.Value("clients") != 3 {
		t.Errorf("clients %+v, want 3", c)
	}
	s := oneFinding(t, rp, KindSetup, CodeServerVersion)
	if s.Word("server") != "TiDB" || s.Word("version") != "v3.0.0-rc.2 vs. v2.1.8" {
		t.Errorf("server version %+v", s)
	}
	th := oneFinding(t, rp, KindSetup, CodeThreads)
	if th.Value("min_threads") != 150 || th.Value("max_threads") != 1500 || th.Value("thread_counts") != 6 {
		t.Errorf("threads %+v", th)
	}
	doc, err := collect.Load([]string{page})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range doc.Runs {
		for k, v := range r.Labels {
			if strings.Contains(v, "$") {
				t.Errorf("%s: label %s = %q", RunRef(r), k, v)
			}
		}
	}
}

// TestSetupCachesAndReprepare reads a real transcript against MariaDB
// 10.11 (scripts/make-setup-testdata.sh): an InnoDB table of 600,000 rows
// prepared, read with SHOW TABLE STATUS, prepared again and read again,
// then an Aria table of the same size. The InnoDB table is one table of
// ≈591,840 rows (the engine's estimate), not two; its 138 MiB fit the
// 256 MiB buffer pool while Aria's 134 MiB do not fit the 128 MiB page
// cache, and the server's variables are every system's.
func TestSetupCachesAndReprepare(t *testing.T) {
	rp := reportOf(t, "", "../testdata/real/transcript-innodb-prepared-twice-vs-aria-600000-rows-cache-variables-table-status.txt")
	if len(rp.Systems) != 2 || rp.Systems[0] != "innodb" || rp.Systems[1] != "aria" {
		t.Fatalf("systems %v", rp.Systems)
	}
	if len(rp.Tables) != 2 {
		t.Fatalf("tables %+v", rp.Tables)
	}
	in, ar := rp.Tables[0], rp.Tables[1]
	if in.Engine != "InnoDB" || in.Tables != 1 || *in.Rows != 591840 || !in.RowsEstimated || *in.DataBytes != 134889472 {
		t.Errorf("innodb tables %+v rows %v, want 1 table of ≈591,840 rows, 134889472 bytes", in, *in.Rows)
	}
	if ar.Engine != "Aria" || ar.Tables != 1 || *ar.Rows != 600000 || ar.RowsEstimated {
		t.Errorf("aria tables %+v", ar)
	}
	caches := rp.Findings.Select(KindSetup, "", CodeEngineCache)
	if len(caches) != 2 {
		t.Fatalf("cache findings %+v", caches)
	}
	want := map[string][3]float64{"innodb": {268435456, 134889472 + 9977856}, "aria": {134217728, 129359872 + 10903552}}
	for _, f := range caches {
		w := want[f.Word("engine")]
		if f.Value("cache_bytes") != w[0] || f.Value("data_bytes") != w[1] || !f.Guard.Passed {
			t.Errorf("%s cache %+v, want cache %v data %v", f.Word("engine"), f, w[0], w[1])
		}
	}
	fit := oneFinding(t, rp, KindCaveat, CodeCacheFit)
	if fit.Word("fit") != "innodb" || fit.Word("exceed") != "aria" || fit.Value("cache_bytes.aria") != 134217728 {
		t.Errorf("cache fit %+v", fit)
	}
	if len(rp.Servers) != 1 || rp.Servers[0].System != "" {
		t.Errorf("servers %+v, want one capture of every system's server", rp.Servers)
	}
	caps := rp.Findings.Select(KindCaveat, "", CodeEventCap)
	l := oneFinding(t, rp, KindSetup, CodeRunLength)
	if len(caps) != 0 || l.Value("time_limit_s") != 5 || l.Value("runs") != 2 {
		t.Errorf("run length %+v, caps %+v", l, caps)
	}
}

// TestSetupHostsApart: a directory of captures from different machines
// (public lscpu of an Intel N100 and of a dual-socket Xeon E5, a free -m
// of an Oracle Linux 8 box) beside a real run is not one machine
// assembled from the three.
func TestSetupHostsApart(t *testing.T) {
	dir := t.TempDir()
	for src, dst := range map[string]string{
		"../testdata/public/hw/lscpu-x86-intel-n100-utillinux-2.38.txt":   "logs/n100-lscpu.txt",
		"../testdata/public/hw/lscpu-x86-dual-socket-2numa-xeon-e5.txt":   "logs/xeon-lscpu.txt",
		"../testdata/public/hw/free-m-ol8-with-prompt.txt":                "logs/ol8-free.txt",
		"../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt": "logs/run.log",
	} {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, dst)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rp := reportOf(t, "", dir)
	if len(rp.Hosts) != 3 {
		for _, h := range rp.Hosts {
			t.Logf("%q %q %v %v", h.System, h.Host.CPUModel, h.Host.CPUs, h.Host.MemTotalBytes)
		}
		t.Fatalf("%d hosts, want 3 machines", len(rp.Hosts))
	}
	for _, h := range rp.Hosts {
		if h.Host.CPUModel != "" && h.Host.MemTotalBytes != nil {
			t.Errorf("host %q with %v bytes: assembled from several files", h.Host.CPUModel, *h.Host.MemTotalBytes)
		}
	}
	if rp.Caveats.CPUs != nil || rp.Caveats.CPUModel != "" {
		t.Errorf("caveats describe one machine: %+v", rp.Caveats)
	}
	if hs := rp.Findings.Select(KindSetup, "", CodeHost); len(hs) != 3 {
		t.Errorf("%d host findings, want 3", len(hs))
	}
}

var _ = parse.FactDuration

// TestSetupOneHostEveryEngine: a real transcript shows lscpu and free
// once, then InnoDB runs, then Aria runs on the same server. The host is
// every engine's, not InnoDB's only (the Hardware table was headed
// "innodb").
func TestSetupOneHostEveryEngine(t *testing.T) {
	rp := reportOf(t, "", "../testdata/real/transcript-lscpu-free-then-innodb-and-aria-oltp_point_select-3s.txt")
	if len(rp.Systems) != 2 {
		t.Fatalf("systems %v", rp.Systems)
	}
	if len(rp.Hosts) != 1 || rp.Hosts[0].System != "" {
		for _, h := range rp.Hosts {
			t.Logf("host of %q", h.System)
		}
		t.Fatalf("%d hosts, want one of every system", len(rp.Hosts))
	}
	h := oneFinding(t, rp, KindSetup, CodeHost)
	if h.System != "" || h.Value("cpus") != 2 || h.Word("cpu_model") != "AMD EPYC" || h.Word("hypervisor") != "KVM" {
		t.Errorf("host finding %+v", h)
	}
}

// TestSetupClients: the real clients campaign ran two sysbench processes
// a run; the setup says so.
func TestSetupClients(t *testing.T) {
	rp := reportOf(t, "", "../testdata/real/clients-campaign")
	c := oneFinding(t, rp, KindSetup, CodeClients)
	if c.Value("clients") != 2 || c.Has("min_clients") || c.Word("from") != "" {
		t.Errorf("clients %+v, want 2 from the merged runs", c)
	}
}

// TestTrimmedWarmupFinding: a real sysbench 0.5 run of 1800 s at 10
// threads (tail -f into SQL notes) printed 503.42 tps; its start is lower
// than what follows, so --skip auto trims its first 450 s (35 of its 170
// interim samples) and compares the steady state. The cell's caveat
// carries those numbers, the run they come from and how the warm-up was
// found. (A run whose start does better than what follows is a decline,
// not a warm-up: TestSteadyDeclineIsNoWarmup.)
func TestTrimmedWarmupFinding(t *testing.T) {
	const in = "../testdata/public/sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt"
	rp := reportOf(t, "", in)
	f := oneFinding(t, rp, KindCaveat, CodeTrimmedWarmup)
	if f.Threads != 10 || f.Value("runs") != 1 || f.Value("runs_trimmed") != 1 || f.Value("warmup_s") != 450 ||
		f.Value("dropped_intervals") != 35 || f.Value("intervals") != 170 || f.Value("printed") != 503.42 ||
		!near(f.Value("value"), 515.3671111111111) || f.Word("skip") != "auto" {
		t.Errorf("trim caveat %+v", f)
	}
	if e, _ := f.Get("warmup_s"); len(e.Sources) != 1 || e.Sources[0] != in+":121" {
		t.Errorf("warm-up evidence from %v, want %s:121 (the first interim line: the paste has no banner)", e.Sources, in)
	}
	// With --skip none nothing is trimmed, and nothing said.
	doc, err := collect.Load([]string{in})
	if err != nil {
		t.Fatal(err)
	}
	rp = NewReport(doc, Analyze(doc, Options{Skip: NoSkip}))
	if fs := rp.Findings.Select(KindCaveat, "", CodeTrimmedWarmup); len(fs) != 0 {
		t.Errorf("--skip none: %+v", fs)
	}
}

// TestSetupFactsOfSomeRuns: a setup fact one file gives holds for that
// file's runs only. Of the 17 public sysbench 1.0 runs, one
// (sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt) gives
// --max-time=1800 and 10 tables of 5,000,000 rows; of the 9 sysbench 0.5
// runs, one gives 15 tables of 2,000,000 rows and another 500 of
// 1,000,000.
func TestSetupFactsOfSomeRuns(t *testing.T) {
	rp := reportOf(t, "", "../testdata/public/sysbench-1.0")
	l := oneFinding(t, rp, KindSetup, CodeRunLength)
	if l.Value("time_limit_s") != 1800 || l.Value("runs") != 1 || l.Value("of_runs") != 17 {
		t.Errorf("run length %+v, want 1800 s for 1 of 17 runs", l)
	}
	m := oneFinding(t, rp, KindSetup, CodeMeasuredTime)
	if e, _ := m.Get("total_time_s"); m.Value("runs") != 13 || e.Lo == nil || *e.Lo != 10.0005 || *e.Hi != 300.0278 {
		t.Errorf("measured time %+v, want 13 runs of 10.0005 to 300.0278 s", m)
	}
	d := oneFinding(t, rp, KindSetup, CodeDataSize)
	if d.Value("tables") != 10 || d.Value("table_size") != 5000000 || d.Value("runs") != 1 || d.Value("of_runs") != 17 {
		t.Errorf("data size %+v, want 10 × 5,000,000 for 1 of 17 runs", d)
	}

	rp = reportOf(t, "", "../testdata/public/sysbench-0.5")
	got := map[[2]float64]float64{}
	for _, f := range rp.Findings.Select(KindSetup, "", CodeDataSize) {
		got[[2]float64{f.Value("tables"), f.Value("table_size")}] = f.Value("runs")
	}
	want := map[[2]float64]float64{{15, 2000000}: 1, {500, 1000000}: 1}
	if len(got) != len(want) {
		t.Errorf("data sizes %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("data sizes %v, want %v", got, want)
		}
	}
}

// TestHeadlineThreadsOfTheBase: the headline compares at a thread count
// the row's base measured. On the public sysbench 1.0 logs the one
// compared workload is the disk-vs-tmpfs paste, both runs at 10 threads,
// against ? (磁盘), not the report's base (which ran 32, 56, 1, 8,
// 4 and 15 threads); on the mysqlslap logs, mixed at 200 threads against
// innodb.
func TestHeadlineThreadsOfTheBase(t *testing.T) {
	for _, tc := range []struct {
		dir, workload, base string
		threads             int
	}{
		{"../testdata/public/sysbench-1.0", "? (file=sb1.0.20-two-runs-one-paste-disk-vs-tmpfs-labels-truncated.txt)", "? (磁盘)", 10},
		{"../testdata/public/mysqlslap", "mixed", "innodb", 200},
	} {
		rp := reportOf(t, "", tc.dir)
		if len(rp.Headline) != 1 {
			t.Fatalf("%s: headline %+v, want one row", tc.dir, rp.Headline)
		}
		h := rp.Headline[0]
		if h.Workload != tc.workload || h.Base != tc.base || h.Threads != tc.threads || !h.Common {
			t.Errorf("%s: headline row %+v, want %s against %s at %d threads", tc.dir, h, tc.workload, tc.base, tc.threads)
		}
		for _, w := range rp.Workloads {
			if w.Name == h.Workload && w.Cell(h.Base, h.Threads) == nil {
				t.Errorf("%s: base %s has no cell at %d threads", tc.dir, h.Base, h.Threads)
			}
		}
	}
}

// TestSetupUntiedCaptures: host captures no run can be tied to (another
// directory, no campaign entry naming them, no label) are listed apart
// and are no system's host. The embedded demo campaign (2 vCPUs, AMD
// EPYC, KVM) given with the public lscpu of an Intel N100 and a free -m
// of an Oracle Linux 8 box keeps its one host; the public 1.0.20
// read-write sweep given with every public hardware paste has none.
func TestSetupUntiedCaptures(t *testing.T) {
	rp := reportOf(t, "", "../examples/demo-campaign",
		"../testdata/public/hw/lscpu-x86-intel-n100-utillinux-2.38.txt", "../testdata/public/hw/free-m-ol8-with-prompt.txt")
	if len(rp.Hosts) != 1 || rp.Hosts[0].System != "" || rp.Hosts[0].Host.CPUs == nil || *rp.Hosts[0].Host.CPUs != 2 {
		t.Fatalf("hosts %+v, want the demo's one host of 2 CPUs", rp.Hosts)
	}
	if rp.Caveats.Hosts != 1 || rp.Caveats.CPUs == nil || *rp.Caveats.CPUs != 2 {
		t.Errorf("caveats %+v, want one host of 2 CPUs", rp.Caveats)
	}
	u := rp.Findings.Select(KindSetup, "", CodeUntiedHost)
	if len(u) != 2 || u[0].Value("cpus") != 4 || u[0].Word("cpu_model") != "Intel(R) N100" ||
		!strings.HasSuffix(u[1].Word("source"), "free-m-ol8-with-prompt.txt:2") || !u[1].Has("memory_bytes") {
		t.Errorf("untied captures %+v, want the N100's lscpu and the OL8 free", u)
	}

	hw, err := filepath.Glob("../testdata/public/hw/*")
	if err != nil || len(hw) < 20 {
		t.Fatalf("hardware pastes %v: %v", hw, err)
	}
	runs, _ := filepath.Glob("../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-*thr.log")
	rp = reportOf(t, "", append(runs, hw...)...)
	if len(rp.Hosts) != 0 || rp.Caveats.Hosts != 0 {
		t.Errorf("%d hosts (caveats %d) from pastes of other machines", len(rp.Hosts), rp.Caveats.Hosts)
	}
	if n := len(rp.Findings.Select(KindSetup, "", CodeUntiedHost)); n != len(rp.UntiedHosts) || n < 20 {
		t.Errorf("%d untied host findings, %d untied hosts", n, len(rp.UntiedHosts))
	}
}
