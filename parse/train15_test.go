package parse

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The texts of testdata/public/train15 (SOURCES.md there): two pages of a
// tutorial site.

// TestHeadingChoosesAmongTestsNamedAbove: a script's command names two
// tests ("./run_sysbench.sh [MySQL-server-ip] [oltp_write_only |
// oltp_read_only]"), and each section below is headed "Write test results
// …" or "Read test results …" over fences of sysbench 1.1's Throughput
// blocks alone: the heading's word that one test's name has and the
// other's lacks chooses it. A Throughput block cut from its output may be
// of any test, an OLTP one too.
func TestHeadingChoosesAmongTestsNamedAbove(t *testing.T) {
	d := readDoc(t, "../testdata/public/train15/t104-sb-1.x-throughput-eps-blocks-three-rounds-per-fence-under-without-with-pgo-headings-learning-path-excerpt.txt")
	type want struct {
		test string
		eps  float64
	}
	checkRunsAt(t, d.Runs, map[int]want{
		44: {"oltp_write_only", 7837.0387}, 60: {"oltp_write_only", 7893.9496},
		76: {"oltp_read_only", 3768.8060}, 92: {"oltp_read_only", 3774.9087},
		109: {"oltp_write_only", 8891.5023}, 157: {"oltp_read_only", 4395.7754},
	}, func(r *Run, w want) {
		if r.Test != w.test || r.EPS == nil || *r.EPS != w.eps {
			t.Errorf("line %d: %q, eps %s; want %s, %v", r.Line, r.Test, fmtFloat(r.EPS), w.test, w.eps)
		}
		if from := r.LabelFrom["test"]; !strings.Contains(from, "of the tests line 4 names") {
			t.Errorf("line %d: test from %q, want the heading choosing among line 4's tests", r.Line, from)
		}
	})
	if len(d.Runs) != 12 {
		t.Errorf("%d runs, want 12", len(d.Runs))
	}

	for _, c := range []struct {
		tests []string
		label string
		want  string
		ok    bool
	}{
		{[]string{"oltp_write_only", "oltp_read_only"}, "### write test results without pgo", "oltp_write_only", true},
		{[]string{"oltp_write_only", "oltp_read_only"}, "### read test results (+25.9%, +20.9%, +16.4%) with pgo", "oltp_read_only", true},
		{[]string{"oltp_write_only", "oltp_read_only"}, "## test results", "", false},
		// Words both names share choose nothing; a label naming both
		// chooses neither.
		{[]string{"oltp_read_only", "oltp_read_write"}, "### read test results", "", false},
		{[]string{"oltp_write_only", "oltp_read_only"}, "read and write results", "", true},
	} {
		if got, ok := chooseAmong(c.tests, c.label); got != c.want || ok != c.ok {
			t.Errorf("chooseAmong(%v, %q) = %q, %v; want %q, %v", c.tests, c.label, got, ok, c.want, c.ok)
		}
	}
}

// TestKeyedTablesOfConfigurations: tables keyed by Metric whose columns
// are configurations run on workloads ("Regular BOLT R+W (No Merge,
// system libssl)": R+W is read+write); "Second run:" above a table counts
// a repeat, it names no system; the Hugo shortcodes after the tables
// ("{{% notice Note %}}") are template markup, no JSON document.
func TestKeyedTablesOfConfigurations(t *testing.T) {
	d := readDoc(t, "../testdata/public/train15/t103-sb-oltp-ro-wo-rw-keyed-metric-tables-configs-as-columns-second-run-label-hugo-shortcodes-bolt-learning-path.txt")
	if len(d.Errors) != 0 {
		t.Errorf("errors %v, want none", d.Errors)
	}
	type run struct {
		line int
		tps  float64
	}
	byTPS := map[run]*Run{}
	for _, r := range d.Runs {
		if r.TPS != nil {
			byTPS[run{r.Line, *r.TPS}] = r
		}
	}
	for _, w := range []struct {
		run
		test string
	}{
		{run{15, 1006.33}, "oltp_read_only"}, {run{15, 2113.03}, "oltp_write_only"}, {run{15, 649.15}, "oltp_read_write"},
		{run{27, 850.32}, "oltp_read_write"}, {run{27, 879.18}, "oltp_read_write"},
		{run{37, 853.16}, "oltp_read_write"}, {run{37, 887.14}, "oltp_read_write"},
		{run{49, 1348.47}, "oltp_read_only"}, {run{49, 3170.92}, "oltp_write_only"},
	} {
		r := byTPS[w.run]
		if r == nil {
			t.Errorf("line %d: no run of %v tps", w.line, w.tps)
			continue
		}
		if r.Test != w.test {
			t.Errorf("line %d, %v tps: test %q, want %s", w.line, w.tps, r.Test, w.test)
		}
		if s := r.Labels["system"]; s != "" {
			t.Errorf("line %d, %v tps: system %q, want none: its column names it", w.line, w.tps, s)
		}
	}
	if a, b := byTPS[run{27, 850.32}], byTPS[run{37, 853.16}]; a != nil && b != nil && a.Labels["metric"] != b.Labels["metric"] {
		t.Errorf("the second run's column %q, the first's %q: one configuration", b.Labels["metric"], a.Labels["metric"])
	}
}

// TestMemoryTableRestatesItsOutputs: train4/t73's memory section, a
// transposed table under "## Mem" (`OPS | 857068.80 per second | …`, `带宽
// | 13391.70 MiB/sec | …`) above the two memory outputs it restates, as its
// cpu section's table restates the cpu outputs. "Mem" is the memory test,
// a cell "N per second" is a rate, and the table's one MiB/s figure is a
// memory run's transfer rate: the rows are those outputs, read once, and
// no row makes a run of its own labelled by its rate.
func TestMemoryTableRestatesItsOutputs(t *testing.T) {
	d := readDoc(t, "../testdata/public/train4/t73-two-instance-types-by-hash-label-lines-inside-fences-tables-restate-zh.txt")
	want := map[int]float64{93: 13391.70, 133: 19204.03}
	for _, r := range d.Runs {
		if r.Labels["ops"] != "" {
			t.Errorf("line %d: a run labelled by the OPS row's %q", r.Line, r.Labels["ops"])
		}
		mib, ok := want[r.Line]
		if !ok {
			continue
		}
		delete(want, r.Line)
		if r.Test != "memory" || r.Memory == nil || r.Memory.TransferMiBs == nil || *r.Memory.TransferMiBs != mib {
			t.Errorf("line %d: %s, memory %+v; want memory at %v MiB/s", r.Line, r.Test, r.Memory, mib)
		}
		if !slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, "restated by the table row at line 86") }) {
			t.Errorf("line %d: warnings %q, want the table row at line 86 restating it", r.Line, r.Warnings)
		}
	}
	if len(want) > 0 || len(d.Runs) != 4 {
		t.Errorf("%d runs, memory outputs not read: %v", len(d.Runs), want)
	}
}

// TestTotalEventsRowIsTheRunsEvents: the keyed tables of a kernel review
// (train9/t90) give each kernel's "Total Events" row beside its latency
// rows; the count is the run's events, not a metric of its own name.
func TestTotalEventsRowIsTheRunsEvents(t *testing.T) {
	d := readDoc(t, "../testdata/public/train9/t90-threads-optimized-vs-standard-kernel-metric-rows-under-test-n-threads-headings-freebsd-review.txt")
	want := map[string][]int64{"Optimized": {850074, 506721, 595346}, "Standard": {811952, 500707, 583812}}
	got := map[string][]int64{}
	for _, r := range d.Runs {
		if r.Events == nil {
			t.Errorf("line %d (%s): no events", r.Line, r.Labels["system"])
			continue
		}
		got[r.Labels["system"]] = append(got[r.Labels["system"]], *r.Events)
		for _, m := range r.Metrics {
			if m.Name == "Total Events" {
				t.Errorf("line %d: the events kept as metric %q too", r.Line, m.Name)
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("events by system %v, want %v", got, want)
	}
	// A comparison table of the same shape read as a summary table
	// (train3/t76: comma thousands, rates and times beside).
	d = readDoc(t, "../testdata/public/train3/t76-cpu-vmware-vs-proxmox-transposed-results-comparison-aligned-pipe-table-comma-thousands-lab-report-excerpt.md")
	events := map[float64]int64{}
	for _, r := range d.Runs {
		if r.EPS != nil && r.Events != nil {
			events[*r.EPS] = *r.Events
		}
	}
	if want := map[float64]int64{684.51: 6846, 1716.69: 17169}; !reflect.DeepEqual(events, want) {
		t.Errorf("t76: events by events per second %v, want %v", events, want)
	}
	// An HTML table of fileio runs, a row a system, with a "total number
	// of events" column (train7/t82); 21822.8 in the first row is no
	// count, and stays in the row's columns only.
	d = readDoc(t, "../testdata/public/train7/t82-html-tables-header-in-first-body-row-colspan-latency-three-systems-cpu-memory-fileio.txt")
	bySystem := map[string]int64{}
	for _, r := range d.Runs {
		if r.Test == "fileio" && r.Events != nil {
			bySystem[r.Labels["system"]] = *r.Events
		}
	}
	if want := map[string]int64{"Ubuntu Server": 25833, "Experiment OS": 23298}; !reflect.DeepEqual(bySystem, want) {
		t.Errorf("t82: fileio events by system %v, want %v", bySystem, want)
	}
	// Crossed tables read their events cells by the same rule.
	if n := eventCount(21822.8); n != nil {
		t.Errorf("eventCount(21822.8) = %d, want none", *n)
	}
	if n := eventCount(25833); n == nil || *n != 25833 {
		t.Errorf("eventCount(25833) = %v, want 25833", n)
	}
}
