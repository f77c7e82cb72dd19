package analyze

// Tests over real captures read through collect, the way the CLI reads
// them.

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestImplicitClientGroup reads two real 4-thread oltp_read_only runs laid
// out as one directory per client (client=1/run.log, client=2/run.log):
// they are merged into one 8-thread run whose tps is the sum of the
// printed 1421.59 and 1627.73, while a run of another file stays apart.
func TestImplicitClientGroup(t *testing.T) {
	dir := t.TempDir()
	place := func(src, dst string) {
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
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt", "system=db/client=1/run.log")
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr-percentile0.txt", "system=db/client=2/run.log")
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr-rate50.txt", "system=db/client=1/other.log")
	doc, err := collect.Load([]string{dir})
	if err != nil || len(doc.Errors) > 0 || len(doc.Runs) != 3 {
		t.Fatalf("load: %v %v %d runs", err, doc.Errors, len(doc.Runs))
	}
	ds := Group(doc.Runs, GroupOptions{})
	var merged, single *Cell
	for _, c := range ds.Cells {
		switch c.Threads {
		case 8:
			merged = c
		case 4:
			single = c
		}
	}
	if merged == nil || single == nil || len(merged.Runs) != 1 || merged.Merged[0] != 2 || len(single.Runs) != 1 {
		t.Fatalf("cells: %+v", ds.Cells)
	}
	if tps := *merged.Runs[0].TPS; math.Abs(tps-(1421.59+1627.73)) > 1e-9 {
		t.Errorf("merged tps %v", tps)
	}
}

// TestCompareLeavesOutWorkloadsWithoutMetric compares tps over a real
// oltp_read_only run and a real cpu run: the cpu workload has no tps, so
// it is left out with one warning that names eps.
func TestCompareLeavesOutWorkloadsWithoutMetric(t *testing.T) {
	doc, err := collect.Load([]string{
		"../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt",
		"../testdata/real/sysbench-1.0.20-cpu-2thr.txt",
	})
	if err != nil || len(doc.Runs) != 2 {
		t.Fatalf("load: %v, %d runs", err, len(doc.Runs))
	}
	c := Compare(Group(doc.Runs, GroupOptions{}), CompareOptions{Metric: TPS})
	for _, r := range c.Rows {
		if r.Workload == "cpu" {
			t.Errorf("cpu row: %+v", r)
		}
	}
	want := "cpu: no run has tps, left out (compare it with --metric eps)"
	found := false
	for _, w := range c.Warnings {
		found = found || w.Error() == want
	}
	if !found || len(c.Rows) != 1 || c.Rows[0].Center == nil || *c.Rows[0].Center != 1421.59 {
		t.Errorf("rows %+v warnings %v", c.Rows, c.Warnings)
	}
}

// TestLeftOutNamesOnlyAMetricRunsHave: train19/t121 tabulates a cpu
// test's total time and a memory test's MiB/s across six VPS plans; no
// run has eps, and none has the tps the default falls back to, so the
// warnings name no metric to compare with.
func TestLeftOutNamesOnlyAMetricRunsHave(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/public/train19/t121-sysbench-cpu-memory-fileio-oltp-org-mode-tables-vps-plans-as-columns-test-and-unit-in-row-label-empty-and-temp-unavailable-cells-iops-rows-beside-plot-directives-vps-comparison-readme-excerpt.txt"})
	if err != nil || len(doc.Runs) == 0 {
		t.Fatalf("load: %v, %d runs", err, len(doc.Runs))
	}
	c := Compare(Group(doc.Runs, GroupOptions{}), CompareOptions{Metric: EPS})
	found := false
	for _, w := range c.Warnings {
		found = found || w.Error() == "cpu: no run has eps, left out"
		if strings.Contains(w.Error(), "--metric") {
			t.Errorf("warning %q suggests a metric no run has", w.Error())
		}
	}
	if !found || len(c.Rows) != 0 {
		t.Errorf("rows %+v warnings %v", c.Rows, c.Warnings)
	}
}

// TestFileioModesNotRepeats reads a public paste of two sysbench 1.1
// fileio reports with no command and no header, a sequential read test
// (read IOPS=41755.70) and a sequential write test (write IOPS=25128.68,
// fsync IOPS=32164.91): they are two workloads, each of one run, not two
// repeats of one averaged to their geometric mean (48,911) at "0 threads".
func TestFileioModesNotRepeats(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/public/nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt"})
	if err != nil || len(doc.Runs) != 2 {
		t.Fatalf("load: %v, %d runs", err, len(doc.Runs))
	}
	want := []struct {
		mode string
		eps  float64
	}{{"rndrd/seqrd", 41755.70}, {"rndwr/seqrewr/seqwr", 25128.68 + 32164.91}}
	for i, r := range doc.Runs {
		if m := r.Settings["file-test-mode"]; m != want[i].mode {
			t.Errorf("run %d: file-test-mode %q, want %q", i, m, want[i].mode)
		}
		if r.EPS == nil || math.Abs(*r.EPS-want[i].eps) > 1e-6 {
			t.Errorf("run %d: eps %v, want %v", i, r.EPS, want[i].eps)
		}
	}
	ds := Group(doc.Runs, GroupOptions{})
	if len(ds.Cells) != 2 {
		t.Fatalf("%d cells, want 2: %+v", len(ds.Cells), ds.Cells)
	}
	a, b := ds.KeyOf(doc.Runs[0]), ds.KeyOf(doc.Runs[1])
	if a.Workload == b.Workload {
		t.Errorf("both runs in workload %q", a.Workload)
	}
	for _, c := range ds.Cells {
		if len(c.Runs) != 1 || c.Threads != 0 {
			t.Errorf("cell %+v: want one run of unknown threads", c)
		}
	}
}

// TestSingleInterimLineIsFragment reads the public sysbench 0.5 report of
// an unsigned underflow: after the command, "Normal data looks like:" and
// one quoted 1-second interim line of the --tx-rate=1500 run ("[  12s]
// threads: 16, tps: 1385.03"). That line is a fragment of a run, not its
// result: it gives the run no tps, and no cell is made of it.
func TestSingleInterimLineIsFragment(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/public/sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt"})
	if err != nil || len(doc.Runs) != 2 {
		t.Fatalf("load: %v, %d runs", err, len(doc.Runs))
	}
	r := doc.Runs[1]
	if r.Line != 9 || len(r.Intervals) != 1 || r.Intervals[0].TPS != 1385.03 || r.TPS != nil {
		t.Fatalf("run at line %d: %d interim lines, tps %v", r.Line, len(r.Intervals), r.TPS)
	}
	if !TPS.Fragment(r) || hasMetric(TPS, r) || TPS.Series(r) != nil {
		t.Errorf("one interim line taken for a result: fragment %v, has tps %v", TPS.Fragment(r), hasMetric(TPS, r))
	}
	an := Analyze(doc, Options{})
	for _, row := range an.Comparison.Rows {
		if row.Center != nil {
			t.Errorf("row %+v has a value", row)
		}
	}
	var said bool
	for _, w := range an.Comparison.Warnings {
		said = said || strings.Contains(w.Error(), "oltp: 1 of 1 run is a single interim line and no cumulative report: a fragment, not a result (../testdata/public/sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt:9)")
	}
	if !said {
		t.Errorf("no warning names the fragment: %v", an.Comparison.Warnings)
	}
	// A run of two interim lines and no cumulative report still has its
	// series.
	two := *r
	two.Intervals = append(append([]parse.Interval{}, r.Intervals...), r.Intervals[0])
	two.Intervals[1].T++
	if TPS.Fragment(&two) || TPS.Series(&two) == nil {
		t.Errorf("two interim lines taken for a fragment")
	}
}

// systemsOf groups the runs of public inputs as sbreport report does and
// returns the system and workload name of each run.
func systemsOf(t *testing.T, inputs ...string) ([]*parse.Run, []Key) {
	t.Helper()
	doc, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	ds := Group(doc.Runs, GroupOptions{Variables: doc.Variables})
	keys := make([]Key, len(doc.Runs))
	for i, r := range doc.Runs {
		keys[i] = ds.KeyOf(r)
	}
	return doc.Runs, keys
}

// TestSystemLabelsFromLabelLines: systems are named by the lines that
// label runs, and by nothing else of the text. The public 0.4 paste of
// two cpu runs under "**VM:**" and "**Hardware:**" gives the systems
// "? (VM)" and "? (Hardware)" (the titles, not "heading=VM"); a run under
// no heading in the same workload is named without one, never "? (-)"; the file
// label of a run from a file of its own keeps the whole name; in the
// Korean write-up that runs one custom Lua script before and after
// "CREATE INDEX", the statements and the script's place tell workloads
// apart and name no system; the rows of two tables of one write-up are
// told apart as "table at line 111", not "table=line 111".
func TestSystemLabelsFromLabelLines(t *testing.T) {
	runs, keys := systemsOf(t, "../testdata/public/sysbench-0.4")
	got := map[string]Key{}
	for i, r := range runs {
		got[fmt.Sprintf("%s:%d", filepath.Base(r.Source), r.Line)] = keys[i]
	}
	for ref, want := range map[string]Key{
		"sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt:7":  {System: "? (VM)", Workload: "cpu"},
		"sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt:22": {System: "? (Hardware)", Workload: "cpu"},
		"sb0.4.12-oltp-simple-ro-32thr-repeated-msg.txt:1": {System: "?",
			Workload: "oltp (file=sb0.4.12-oltp-simple-ro-32thr-repeated-msg.txt, oltp-dist-type=uniform, oltp-skip-trx=on, oltp-test-mode=simple)"},
	} {
		if k := got[ref]; k.System != want.System || k.Workload != want.Workload {
			t.Errorf("%s: %q | %q, want %q | %q", ref, k.System, k.Workload, want.System, want.Workload)
		}
	}
	for _, in := range []string{
		"../testdata/public/sysbench-0.4",
		"../testdata/public/identity/sb1.0.20-custom-lua-three-queries-before-after-create-index-one-command-zsh-prompt-ko.txt",
		"../testdata/public/identity/sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt",
	} {
		runs, keys := systemsOf(t, in)
		schema, tables := 0, 0
		for i, k := range keys {
			for _, bad := range []string{"heading=", "(-)", "()", "(statistics)", "CREATE", "Lua script", "table=line"} {
				if strings.Contains(k.System, bad) {
					t.Errorf("%s:%d: system %q", filepath.Base(runs[i].Source), runs[i].Line, k.System)
				}
			}
			if strings.Contains(k.Workload, "(after CREATE INDEX idx_salary ON salaries(salary), Lua script at line 43)") {
				schema++
			}
			if strings.HasSuffix(k.System, "(table at line 111)") || strings.HasSuffix(k.System, "(table at line 136)") {
				tables++
			}
		}
		switch filepath.Base(in) {
		case "sb1.0.20-custom-lua-three-queries-before-after-create-index-one-command-zsh-prompt-ko.txt":
			if schema != 1 || keys[0].Workload != "test (Lua script at line 43)" {
				t.Errorf("%s: no workload after CREATE INDEX idx_salary: %v", in, keys)
			}
		case "sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt":
			if tables != 18 {
				t.Errorf("%s: %d runs of the two OLTP tables told apart by their table, want 18", in, tables)
			}
		}
	}
}
