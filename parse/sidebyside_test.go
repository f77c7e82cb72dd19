package parse

import (
	"os"
	"strings"
	"testing"
)

// TestSideBySideOutputsWarned: two sysbench 0.4 outputs printed side by
// side under "Without zcache" and "With zcache" (a linux-mm mail, train12
// t94, once at the top and once quoted) are read as one run each, the
// first column's, and each says that a second value stands beside its
// transactions instead of losing it without a word. Outputs whose lines
// carry a comment after the value (a Chinese post's "# 总事务数", a Korean
// post's parenthesised note) are not taken for columns.
func TestSideBySideOutputsWarned(t *testing.T) {
	read := func(path string) *Document {
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
	d := read("../testdata/public/train12/t94-sb0.4-oltp-complex-16-threads-without-vs-with-columns-side-by-side-wrapped-lines-quoted-reply-linux-mm-mail.txt")
	want := map[int]struct {
		tps  float64
		warn string
	}{
		32:  {22.20, "line 38: a second value (171598(23.83) follows this run's on its line: outputs printed side by side; only the first column is read"},
		193: {2.47, "line 199: a second value (11924(3.31) follows this run's on its line: outputs printed side by side; only the first column is read"},
	}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for _, r := range d.Runs {
		w, ok := want[r.Line]
		if !ok || r.TPS == nil || *r.TPS != w.tps {
			t.Errorf("run at line %d: tps %v, want a run at line 32 or 193", r.Line, r.TPS)
			continue
		}
		if len(r.Warnings) != 1 || r.Warnings[0] != w.warn {
			t.Errorf("run at line %d: warnings %q, want %q", r.Line, r.Warnings, w.warn)
		}
	}
	for _, path := range []string{
		"../testdata/public/train/t43-oltp-hash-notes-glued-zh.txt",
		"../testdata/public/identity/sb1.1.0-cpu-fileio-memory-mutex-graviton2-vs-x64-bullet-labels-no-banner-prose-results-ko.txt",
	} {
		d := read(path)
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
	path := "../testdata/public/train12/t95-sb1.0-cpu-memory-quoted-outputs-indented-in-list-items-then-table-of-three-ec2-instances-label-in-cells-assignment-readme.txt"
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := All(f, path)
	if err != nil {
		t.Fatal(err)
	}
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
		var v *float64
		if r.Test == "cpu" {
			v = r.EPS
		} else if r.Memory != nil {
			v = r.Memory.TransferMiBs
		}
		if r.Line != w.line || r.Test != w.test || r.Labels["system"] != w.system || v == nil || *v != w.value {
			t.Errorf("run %d: line %d %s %q %v, want %+v", i, r.Line, r.Test, r.Labels["system"], v, w)
		}
	}
}
