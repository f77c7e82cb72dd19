package parse

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestSideBySideOutputsRead: two sysbench 0.4 outputs printed side by
// side under "Without zcache" and "With zcache" (a linux-mm mail, train12
// t94, once at the top, three of its lines wrapped by the mail client,
// and once quoted) are read as four runs, a column each, named by their
// column, with the second column's figures (23.83 and 3.31 tps) and the
// label whose values stand on the line below ("total time taken by event
// execution:") read without a problem.
func TestSideBySideOutputsRead(t *testing.T) {
	d := readDoc(t, "../testdata/public/train12/t94-sb0.4-oltp-complex-16-threads-without-vs-with-columns-side-by-side-wrapped-lines-quoted-reply-linux-mm-mail.txt")
	type want struct {
		line   int
		column string
		tps    float64
		p95    float64
	}
	wants := []want{{32, "Without zcache", 22.20, 1678.39}, {32, "With zcache", 23.83, 1699.62},
		{193, "Without zcache", 2.47, 25139.93}, {193, "With zcache", 3.31, 21794.82}}
	if len(d.Runs) != len(wants) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(wants))
	}
	for i, w := range wants {
		r := d.Runs[i]
		if r.Line != w.line || r.Labels["heading"] != w.column || r.TPS == nil || *r.TPS != w.tps ||
			r.Threads == nil || *r.Threads != 16 || r.Latency.Percentiles["95"] != w.p95 {
			t.Errorf("run %d: line %d %q tps %v p95 %v, want %+v", i, r.Line, r.Labels["heading"], r.TPS, r.Latency.Percentiles["95"], w)
		}
	}
	if len(d.Errors) != 0 {
		t.Errorf("problems: %v", d.Errors)
	}
}

// TestSideBySideWithoutNamesWarned: the same top output without the line
// naming its columns (t94's lines 32 to 57) cannot be read as columns: the
// run takes the first column's figures and warns that a second value
// stands beside its transactions, instead of losing it without a word.
// Outputs whose lines carry a comment after the value (a Chinese post's
// "# 总事务数", a Korean post's parenthesised note) are not taken for
// columns.
func TestSideBySideWithoutNamesWarned(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train12/t94-sb0.4-oltp-complex-16-threads-without-vs-with-columns-side-by-side-wrapped-lines-quoted-reply-linux-mm-mail.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	d, err := All(strings.NewReader(strings.Join(lines[31:57], "\n")+"\n"), "t94-32-57")
	if err != nil {
		t.Fatal(err)
	}
	want := "line 7: a second value (171598(23.83) follows this run's on its line: outputs printed side by side; only the first column is read"
	if len(d.Runs) != 1 || d.Runs[0].TPS == nil || *d.Runs[0].TPS != 22.20 || !slices.Contains(d.Runs[0].Warnings, want) {
		t.Fatalf("runs %v, want one of 22.20 tps warning %q", d.Runs, want)
	}
	for _, path := range []string{
		"../testdata/public/train/t43-oltp-hash-notes-glued-zh.txt",
		"../testdata/public/identity/sb1.1.0-cpu-fileio-memory-mutex-graviton2-vs-x64-bullet-labels-no-banner-prose-results-ko.txt",
	} {
		d := readDoc(t, path)
		if len(d.Runs) == 0 {
			t.Fatalf("%s: no run", path)
		}
		for _, r := range d.Runs {
			for _, w := range r.Warnings {
				if strings.Contains(w, "side by side") {
					t.Errorf("%s run at line %d: %q", path, r.Line, w)
				}
			}
		}
	}
}

// readDoc reads a file through All.
func readDoc(t *testing.T, path string) *Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := All(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkRunsAt calls check with each run of runs standing at a line of
// want and what is wanted of it, and reports each line of want where not
// exactly one run stands.
func checkRunsAt[W any](t *testing.T, runs []*Run, want map[int]W, check func(*Run, W)) {
	t.Helper()
	at := map[int]int{}
	for _, r := range runs {
		if w, ok := want[r.Line]; ok {
			at[r.Line]++
			check(r, w)
		}
	}
	for line := range want {
		if at[line] != 1 {
			t.Errorf("%d runs at line %d, want 1", at[line], line)
		}
	}
}

// checkCells reports each cell of want whose value got does not hold:
// the metric's value read for it, or none.
func checkCells[K comparable](t *testing.T, metric string, got, want map[K]float64) {
	t.Helper()
	for c, w := range want {
		if g, ok := got[c]; !ok || g != w {
			t.Errorf("%+v: %s %v (read %v), want %v", c, metric, g, ok, w)
		}
	}
}

// TestQuotedOutputsUnderInstanceTable: a README (train12 t95) quotes a
// cpu output and a memory result line ("5315.42 MiB transferred(531.38
// MiB/sec)", no space before the parenthesis) in indented block quotes,
// each under its own command, then tabulates three instances whose CPU
// cells keep the output's label ("events per second:  874.78"). Each
// quoted output is its own run (the memory line no longer joins the cpu
// output left unfinished above it), each table row gives a cpu and a
// memory run, and the t2.micro row, which restates the quoted outputs,
// is read once, naming their machine.
func TestQuotedOutputsUnderInstanceTable(t *testing.T) {
	d := readDoc(t, "../testdata/public/train12/t95-sb1.0-cpu-memory-quoted-outputs-indented-in-list-items-then-table-of-three-ec2-instances-label-in-cells-assignment-readme.txt")
	type want struct {
		line         int
		test, system string
		value        float64
	}
	wants := []want{{39, "cpu", "t2.micro", 874.78}, {72, "memory", "t2.micro", 531.38},
		{86, "cpu", "t2.medium", 883.85}, {86, "memory", "t2.medium", 532.87},
		{87, "cpu", "c5d.large", 2476.53}, {87, "memory", "c5d.large", 6035.30}}
	if len(d.Runs) != len(wants) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(wants))
	}
	for i, w := range wants {
		r := d.Runs[i]
		v := testFigure(r, r.Test)
		if r.Line != w.line || r.Test != w.test || r.Labels["system"] != w.system || v == nil || *v != w.value {
			t.Errorf("run %d: line %d %s %q %v, want %+v", i, r.Line, r.Test, r.Labels["system"], v, w)
		}
	}
}

// TestSideBySideUnevenGivenAsPrinted: when a line of the block does not
// give one value a column (t94's top output with its "write:" line cut
// after the first column's value), the block is read as printed: one
// run, the first column's, which warns of the second value.
func TestSideBySideUnevenGivenAsPrinted(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train12/t94-sb0.4-oltp-complex-16-threads-without-vs-with-columns-side-by-side-wrapped-lines-quoted-reply-linux-mm-mail.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")[30:57]
	lines[4] = lines[4][:strings.Index(lines[4], "799445")+len("799445")]
	d, err := All(strings.NewReader(strings.Join(lines, "\n")+"\n"), "t94-31-57")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || d.Runs[0].Line != 2 || d.Runs[0].TPS == nil || *d.Runs[0].TPS != 22.20 || len(d.Runs[0].Warnings) == 0 {
		t.Fatalf("runs %+v, want one at line 2 of 22.20 tps with a warning", d.Runs)
	}
}
