package analyze

import (
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
