package analyze

import (
	"os"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

func testRun(src string, line int, test string, threads int, labels, settings map[string]string, cmd string) *parse.Run {
	th := threads
	return &parse.Run{Source: src, Line: line, Tool: parse.ToolSysbench, Version: "0.4.12", Test: test, Threads: &th,
		Labels: labels, Settings: settings, Command: cmd}
}

// TestIdentitySplitsExperiments: runs of one system that differ in an
// option that shapes the workload are different cells; runs that differ
// only in repeat labels or a connection option are repeats.
func TestIdentitySplitsExperiments(t *testing.T) {
	l := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	runs := []*parse.Run{
		// 0.4 oltp, read-only on and off, one engine (the 891.58 vs 245.33 tps).
		testRun("a", 1, "oltp", 8, l("engine", "innodb"), l("oltp-read-only", "on"), "sysbench --test=oltp --oltp-read-only=on run"),
		testRun("a", 50, "oltp", 8, l("engine", "innodb"), l("oltp-read-only", "off"), "sysbench --test=oltp --oltp-read-only=off run"),
		// The default of --oltp-read-only is off: a run that does not give it is a repeat of the off run.
		testRun("a", 100, "oltp", 8, l("engine", "innodb"), nil, "sysbench --test=oltp run"),
		// A repeat label tells nothing apart.
		testRun("a", 150, "oltp", 8, l("engine", "innodb", "repeat", "2"), l("oltp-read-only", "on"), "sysbench --test=oltp --oltp-read-only=on run"),
	}
	d := Group(runs, GroupOptions{})
	want := []string{"oltp (oltp-read-only=on)", "oltp (oltp-read-only=off)", "oltp (oltp-read-only=off)", "oltp (oltp-read-only=on)"}
	for i, r := range runs {
		if k := d.KeyOf(r); k.Workload != want[i] || k.System != "all" {
			t.Errorf("run %d: cell %+v, want workload %q", i, k, want[i])
		}
	}
	if len(d.Cells) != 2 {
		t.Errorf("%d cells, want 2", len(d.Cells))
	}
}

// TestIdentitySystemSide: labels that tell runs of one system apart
// (a host, a label line) extend the system's name; across systems a
// differing setting is named in a warning.
func TestIdentitySystemSide(t *testing.T) {
	runs := []*parse.Run{
		testRun("a", 1, "cpu", 1, map[string]string{"engine": "x", "host": "pi4"}, nil, ""),
		testRun("a", 40, "cpu", 1, map[string]string{"engine": "x", "host": "nuc"}, nil, ""),
		testRun("b", 1, "oltp_read_only", 8, map[string]string{"engine": "innodb"}, map[string]string{"table-size": "1000000"}, "c"),
		testRun("b", 40, "oltp_read_only", 8, map[string]string{"engine": "rocksdb"}, map[string]string{"table-size": "10000"}, "c"),
	}
	d := Group(runs, GroupOptions{By: "engine"})
	if a, b := d.KeyOf(runs[0]).System, d.KeyOf(runs[1]).System; a != "x (host=pi4)" || b != "x (host=nuc)" {
		t.Errorf("systems %q, %q", a, b)
	}
	found := false
	for _, w := range d.Warnings {
		if w.Error() == "oltp_read_only: systems differ in --table-size (innodb: 1000000; rocksdb: 10000): the comparison is between these configurations" {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings %v", d.Warnings)
	}
}

func withMix(r *parse.Run, read, write int64) *parse.Run {
	r.SQL = &parse.SQLStats{Read: &read, Write: &write}
	return r
}

// TestIdentityQueryMix: runs that show neither test nor options (a legacy
// log named sysbench.ro.8.res) are told apart by their counts of
// queries; the mix is named once when an option already says it, and
// leaves the identity alone when a run does not show its counts.
func TestIdentityQueryMix(t *testing.T) {
	// Query counts of real logs: series15 res01 sysbench.ro.8.res and
	// sysbench.rw.8.res (testdata/public/legacy-archive), and of
	// hgxl64/mariadb-benchmarks MDEV-13845 RocksDB-10.3.10 res01
	// sysbench.ro.8.res, rw.100.8, rw.50.8 and res02 rw.22.8.
	runs := []*parse.Run{
		withMix(testRun("ro", 1, "", 8, nil, nil, ""), 9778832, 0),
		withMix(testRun("rw", 1, "", 8, nil, nil, ""), 14807324, 4230664),
		withMix(testRun("ro2", 1, "", 8, nil, nil, ""), 4035738, 0),
		withMix(testRun("wo", 1, "", 8, nil, nil, ""), 0, 4129884),
		// Another script's share of writes (rw.50), and another
		// server's run of the 22 % one.
		withMix(testRun("rw50", 1, "", 8, nil, nil, ""), 2772854, 2772854),
		withMix(testRun("rw2", 1, "", 8, nil, nil, ""), 2579430, 736980),
	}
	d := Group(runs, GroupOptions{})
	want := []string{"? (read-only)", "? (read-write, ~20% writes)", "? (read-only)", "? (write-only)",
		"? (read-write, ~50% writes)", "? (read-write, ~20% writes)"}
	for i, r := range runs {
		if k := d.KeyOf(r); k.Workload != want[i] {
			t.Errorf("run %d: workload %q, want %q", i, k.Workload, want[i])
		}
	}
	// --oltp-read-only says what the counts say: one name for the variant.
	on, off := map[string]string{"oltp-read-only": "on"}, map[string]string{"oltp-read-only": "off"}
	runs = []*parse.Run{
		withMix(testRun("a", 1, "", 8, nil, on, "sysbench --test=tests/db/custom.lua --oltp-read-only=on run"), 9778832, 0),
		withMix(testRun("a", 50, "", 8, nil, off, "sysbench --test=tests/db/custom.lua --oltp-read-only=off run"), 14807324, 4230664),
	}
	d = Group(runs, GroupOptions{})
	if a, b := d.KeyOf(runs[0]).Workload, d.KeyOf(runs[1]).Workload; a != "? (oltp-read-only=on)" || b != "? (oltp-read-only=off)" {
		t.Errorf("workloads %q, %q", a, b)
	}
	// A run without counts (a table row) does not split its workload, nor
	// does the share of writes of a known test: aborted transactions grow
	// with concurrency (examples/demo-campaign rocksdb oltp_read_write:
	// 22.2 % of queries write at 1 thread, 1thr-r2; 19.7 % at 16, 16thr-r1).
	runs = []*parse.Run{
		withMix(testRun("a", 1, "", 8, nil, nil, ""), 14807324, 4230664),
		testRun("a", 50, "", 8, nil, nil, ""),
	}
	d = Group(runs, GroupOptions{})
	if len(d.Cells) != 1 || d.KeyOf(runs[0]).Workload != "?" {
		t.Errorf("cells %d, workload %q", len(d.Cells), d.KeyOf(runs[0]).Workload)
	}
	runs = []*parse.Run{
		withMix(testRun("a", 1, "oltp_read_write", 1, nil, nil, ""), 27482, 7852),
		withMix(testRun("a", 50, "oltp_read_write", 16, nil, nil, ""), 111608, 27411),
	}
	d = Group(runs, GroupOptions{})
	if a, b := d.KeyOf(runs[0]).Workload, d.KeyOf(runs[1]).Workload; a != "oltp_read_write" || b != a {
		t.Errorf("known test: workloads %q, %q", a, b)
	}
}

// TestChooseByDirectory: runs that only their inputs (directories) tell
// apart are systems named by them; any other label that names systems wins.
func TestChooseByDirectory(t *testing.T) {
	runs := []*parse.Run{
		testRun("res01/a", 1, "cpu", 1, map[string]string{"input": "res01"}, nil, ""),
		testRun("res02/a", 1, "cpu", 1, map[string]string{"input": "res02"}, nil, ""),
	}
	if by := ChooseBy(runs); by != "input" {
		t.Errorf("by %q, want input", by)
	}
	runs[0].Labels["engine"], runs[1].Labels["engine"] = "innodb", "rocksdb"
	if by := ChooseBy(runs); by != "engine" {
		t.Errorf("by %q, want engine", by)
	}
	// By engine, the directories of one engine's runs are repeats.
	runs = append(runs, testRun("res03/a", 1, "cpu", 1, map[string]string{"input": "res03", "engine": "innodb"}, nil, ""))
	d := Group(runs, GroupOptions{})
	if len(d.Cells) != 2 || d.KeyOf(runs[2]) != d.KeyOf(runs[0]) {
		t.Errorf("cells %d; %+v vs %+v", len(d.Cells), d.KeyOf(runs[2]), d.KeyOf(runs[0]))
	}
}

// TestDefaultMetricNoTransactions: a run that made no transactions has no
// tps (its "transactions: 0" measures nothing); when some runs are such,
// queries a second are compared, which every run has.
func TestDefaultMetricNoTransactions(t *testing.T) {
	zero, q, qps, tps := int64(0), int64(120214), 2356.85, 0.0
	noTrx := testRun("a", 1, "", 8, nil, nil, "")
	noTrx.SQL = &parse.SQLStats{Transactions: &zero, RWRequests: &q}
	noTrx.TPS, noTrx.QPS = &tps, &qps
	trx := testRun("b", 1, "", 8, nil, nil, "")
	n, tps2, qps2 := int64(22787), 446.66, 9826.54
	trx.SQL = &parse.SQLStats{Transactions: &n}
	trx.TPS, trx.QPS = &tps2, &qps2
	if _, ok := TPS.Value(noTrx); ok {
		t.Error("tps of a run without transactions")
	}
	if m := DefaultMetric([]*parse.Run{noTrx, trx}); m != QPS {
		t.Errorf("metric %s, want qps", m)
	}
	if m := DefaultMetric([]*parse.Run{trx}); m != TPS {
		t.Errorf("metric %s, want tps", m)
	}
}

// TestIdentityRunLength: two cpu runs of one test and thread count, one
// of a single event and one of 60 s (sysbench 1.0.15, each shown with its
// command), are two experiments named by what tells them apart; two runs
// of the same length are repeats.
func TestIdentityRunLength(t *testing.T) {
	one := testRun("guide.txt", 45, "cpu", 1, nil, map[string]string{"cpu-max-prime": "8000000", "events": "1"}, "sysbench cpu run --threads=1 --events=1 --cpu-max-prime=8000000")
	minute := testRun("guide.txt", 82, "cpu", 1, nil, map[string]string{"cpu-max-prime": "8000000", "time": "60"}, "sysbench cpu run --threads=1 --time=60 --cpu-max-prime=8000000")
	again := testRun("guide.txt", 120, "cpu", 1, nil, map[string]string{"cpu-max-prime": "8000000", "time": "60"}, "sysbench cpu run --threads=1 --time=60 --cpu-max-prime=8000000")
	for _, r := range []*parse.Run{one, minute, again} {
		r.Version = "1.0.15"
	}
	d := Group([]*parse.Run{one, minute, again}, GroupOptions{})
	if len(d.Cells) != 2 {
		t.Fatalf("%d cells, want 2: %+v", len(d.Cells), d.Cells)
	}
	if k := d.KeyOf(one); k.Workload != "cpu (events=1, time=10)" {
		t.Errorf("one event: workload %q", k.Workload)
	}
	if k := d.KeyOf(minute); k.Workload != "cpu (events=0, time=60)" || d.KeyOf(again) != k {
		t.Errorf("60 s: workload %q, again %q", k.Workload, d.KeyOf(again).Workload)
	}
}

// A run that copies an output's figures (parse.Run.Restates: a line of
// it set apart under a label) is not another repeat: the real sysbench
// 1.0.20 memory run of two threads with its transfer line copied below it
// is one cell of one run.
func TestCopiedLineNotARepeat(t *testing.T) {
	b, err := os.ReadFile("../testdata/real/sysbench-1.0.20-memory-2thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	i := strings.Index(out, "MiB transferred")
	line := out[strings.LastIndex(out[:i], "\n")+1 : i+strings.Index(out[i:], "\n")+1]
	d, err := parse.All(strings.NewReader(out+"\nRecorded result:\n\n\t"+line), "notes.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 || d.Runs[1].Restates == 0 {
		t.Fatalf("%d runs read, the copy not marked", len(d.Runs))
	}
	ds := Group(d.Runs, GroupOptions{})
	if len(ds.Cells) != 1 || len(ds.Cells[0].Runs) != 1 || ds.Cells[0].Runs[0] != d.Runs[0] {
		t.Errorf("%d cells, want one of the output alone", len(ds.Cells))
	}
}
