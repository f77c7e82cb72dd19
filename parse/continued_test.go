package parse

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// A Russian homework (holdout4) lists its sysbench commands in three
// fences, each continued over lines with backslashes: prepare, run
// (--threads=2) and cleanup, whose first line "sysbench oltp_read_write \"
// names the run's test before its last line says cleanup. The output
// follows in a fourth fence under "Результат теста:", and it is the run
// command's: oltp_read_write with 2 threads, 441.52 transactions per
// second. Read line by line, the cleanup's first line had been filed as a
// second run of the test stacked on the first, and the output then took
// neither command.
func TestContinuedCleanupAfterRunCommand(t *testing.T) {
	d := parseFile(t, "../testdata/public/holdout4/sb1.x-oltp-read-write-2-threads-result-fragment-from-sql-statistics-no-fairness-under-multiline-command-mysql-docker-homework-ru.txt")
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	r := d.Runs[0]
	if r.Line != 176 || r.Test != "oltp_read_write" || r.Threads == nil || *r.Threads != 2 ||
		r.TPS == nil || *r.TPS != 441.52 || r.Command == "" {
		t.Errorf("line %d test %q threads %v tps %v command %q; want 176 oltp_read_write 2 441.52 and the run command",
			r.Line, r.Test, r.Threads, r.TPS, r.Command)
	}
}

// A Chinese note (train4 t71) quotes five outputs under headings naming
// their setup; the last is quoted with '>' and no space, its fields pulled
// to the left. It is read as the others are: oltp_read_write, 128 threads,
// 1188.39 transactions per second, on port 3309.
func TestQuoteMarkerGluedToText(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t71-quoted-outputs-under-headings-mysql-builds-and-ceph-zh.txt")
	if len(d.Runs) != 5 {
		t.Fatalf("%d runs, want 5", len(d.Runs))
	}
	r := d.Runs[4]
	if r.Line != 192 || r.Test != "oltp_read_write" || r.Threads == nil || *r.Threads != 128 ||
		r.TPS == nil || *r.TPS != 1188.39 || r.QPS == nil || *r.QPS != 23767.96 || r.Labels["server"] != "localhost:3309" {
		t.Errorf("line %d test %q threads %v tps %v qps %v server %q; want 192 oltp_read_write 128 1188.39 23767.96 localhost:3309",
			r.Line, r.Test, r.Threads, r.TPS, r.QPS, r.Labels["server"])
	}
}

// A Chinese note (train4 t73) shows, per test, one fence with the command
// at a '#' prompt and two outputs, each under a line "# R4.2XLARGE" or
// "# R5.2XLARGE" naming the AWS instance type it ran on: the two outputs
// of a test are two machines, not repeats. Above them, a table gives the
// cpu figures of both ("events per second | 2172.20 | 2920.17", with the
// 95th percentile): it restates the outputs below it, which are read
// once, each with a warning naming the row.
func TestHashLabelInsideFence(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t73-two-instance-types-by-hash-label-lines-inside-fences-tables-restate-zh.txt")
	want := []struct {
		line  int
		test  string
		label string
	}{{14, "cpu", "R4.2XLARGE"}, {48, "cpu", "R5.2XLARGE"}, {93, "memory", "R4.2XLARGE"}, {133, "memory", "R5.2XLARGE"}}
	var runs []*Run
	for _, r := range d.Runs {
		if r.Tool == ToolSysbench {
			runs = append(runs, r)
		} else if r.Line == 5 {
			t.Errorf("the table row at line 5 is a run of its own (%v eps); it restates the outputs", r.EPS)
		}
	}
	if len(runs) != len(want) {
		t.Fatalf("%d sysbench runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		r := runs[i]
		if r.Line != w.line || r.Test != w.test || r.Labels["heading"] != w.label {
			t.Errorf("run %d: line %d test %q heading %q; want %d %s %s", i, r.Line, r.Test, r.Labels["heading"], w.line, w.test, w.label)
		}
		if restated := slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, "restated by the table row at line 5") }); restated != (w.test == "cpu") {
			t.Errorf("run at line %d: warnings %q; want the cpu runs restated by the table row at line 5", r.Line, r.Warnings)
		}
	}
}

// An IBM performance report (train t18) measures fileio under two headings
// "### HDD performance of RM server measured using the fileio workload"
// and "### SSD performance of …", 62 characters each: two disks, two
// experiments. A Markdown heading is a title however long; a heading that
// spells out the command ("Using the CPU workload: sysbench --test=cpu …")
// restates the run and names nothing.
func TestLongMarkdownHeadingNamesItsRuns(t *testing.T) {
	d := parseFile(t, "../testdata/public/train/t18-reflowed-outputs.txt")
	var fileio []*Run
	for i := range d.Runs {
		r := d.Runs[i]
		if r.Test == "fileio" {
			fileio = append(fileio, r)
		}
		if r.Test == "cpu" && r.Labels["heading"] != "Appendix H: Server performance benchmarks" {
			t.Errorf("cpu run at line %d: heading %q, want the appendix alone", r.Line, r.Labels["heading"])
		}
	}
	if len(fileio) != 2 {
		t.Fatalf("%d fileio runs, want 2", len(fileio))
	}
	for i, disk := range []string{"HDD", "SSD"} {
		want := "Appendix I: Hard disk performance benchmarks / " + disk + " performance of RM server measured using the fileio workload"
		if got := fileio[i].Labels["heading"]; got != want {
			t.Errorf("fileio run at line %d: heading %q, want %q", fileio[i].Line, got, want)
		}
	}
}

// A Chinese note (train4 t77) shows which field it reports before its
// tables: "CPU speed:" over "events per second:" with no value. What the
// fragment lacks is missing: it is reported, and it is no run.
func TestFieldWithoutValueIsNoRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t77-cpu-eps-tables-per-environment-same-names-under-two-architecture-sections-empty-template-fragment-zh.txt")
	for _, r := range d.Runs {
		if r.Tool == ToolSysbench && r.Line >= 49 && r.Line <= 52 {
			t.Errorf("a run at line %d from the field shown without its value", r.Line)
		}
	}
	found := false
	for _, e := range d.Errors {
		if e.Line == 51 && strings.Contains(e.Message, "value missing") {
			found = true
		}
	}
	if !found {
		t.Errorf("no error at line 51 for the missing value; errors: %v", d.Errors)
	}
}

// A lab report (train4 t74) cuts a cpu output into one fence per block and
// retypes its fields; under "CPU speed:" the field reads "Events per
// second: 1453.98". sysbench prints its value labels in lower case: the
// capital changes nothing.
func TestFieldRetypedWithCapital(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t74-cpu-output-split-into-fences-by-block-under-headings-fields-renamed-table-restates.txt")
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	r := d.Runs[0]
	if r.Line != 18 || r.Test != "cpu" || r.EPS == nil || *r.EPS != 1453.98 {
		t.Errorf("line %d test %q eps %v; want 18 cpu 1453.98", r.Line, r.Test, r.EPS)
	}
}

// A results page of a sysbench Docker image (train4 t79) gives its cpu
// figures in a table under "## CPU Benchmark Results" and "###
// Single-Threaded Performance", its command only as the image's default
// named in a comment: a table of events per second under a title naming
// the CPU holds the cpu test's results. A table of transactions under such
// a title would not (the title then describes the machine).
func TestCPUTitleNamesEventsTable(t *testing.T) {
	d := parseFile(t, "../testdata/public/train4/t79-cpu-single-thread-table-under-cpu-heading-docker-image-default-command-in-comment-wiki.md")
	if len(d.Runs) != 15 {
		t.Fatalf("%d runs, want 15", len(d.Runs))
	}
	for _, r := range d.Runs {
		if r.Test != "cpu" || r.Threads == nil || *r.Threads != 1 || r.EPS == nil {
			t.Errorf("line %d: test %q threads %s eps %v; want cpu, 1 thread, events per second", r.Line, r.Test, intText(r.Threads), r.EPS)
		}
	}
	if r := d.Runs[0]; r.EPS == nil || *r.EPS != 4046.19 {
		t.Errorf("first row: eps %v, want 4046.19", r.EPS)
	}
	// The same page with its rate column headed TPS (the figures as the
	// page prints them): transactions are no cpu test's.
	b, err := os.ReadFile("../testdata/public/train4/t79-cpu-single-thread-table-under-cpu-heading-docker-image-default-command-in-comment-wiki.md")
	if err != nil {
		t.Fatal(err)
	}
	d2, err := All(strings.NewReader(strings.Replace(string(b), "| Events/sec |", "| TPS |", 1)), "tps.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d2.Runs) != 15 {
		t.Fatalf("TPS header: %d runs, want the 15 rows", len(d2.Runs))
	}
	for _, r := range d2.Runs {
		if r.Test == "cpu" {
			t.Errorf("line %d: a table of transactions per second under a CPU title read as the cpu test", r.Line)
		}
	}
}
