package parse

import (
	"strings"
	"testing"
)

// TestContextTest reads public texts whose runs name no test themselves:
// the test comes from the nearest line of their context that names one,
// or from none when that line names several.
func TestContextTest(t *testing.T) {
	tests := []struct {
		file string
		line int
		test string // "" when no test may be taken
		from string // in LabelFrom["test"], or in a warning when test is ""
	}{
		// A list item of "### Test environment" (" * insert `sysbench`,
		// each run 1000 seconds."), a subsection holding no run, names
		// the test of the table under "### Result Compare".
		{"../testdata/public/holdout5/sb-insert-tidb3148-excerpt.txt", 55, "insert", "line 13"},
		// "Run the `point-select`benchmark, 64 threads:" heads the notes;
		// the table under "**Benchmark result**:" 53 lines below names
		// no test, nor does anything between.
		{"../testdata/public/holdout5/sb-oltp-point-select-read-only-course-notes-excerpt.txt", 54, "oltp_point_select", "line 1"},
		// Under "#### Read only benchmark", the prepare command names the
		// test; "Test result:" right above the table is prose, no test.
		{"../testdata/public/holdout5/sb-oltp-point-select-read-only-course-notes-excerpt.txt", 190, "oltp_read_only", "line 183"},
		// A threads/TPS table under a sentence, below the output of the
		// command "sysbench ... oltp_point_select ... run".
		{"../testdata/public/train5/t83-oltp-point-select-output-then-threads-tps-table-restating-it-ycsb-tpcc-tables-and-approximate-prose-beside-zh.txt", 70, "oltp_point_select", "line 32"},
		// A 1.0 output (which never prints its test) after the prepare,
		// run and cleanup commands of oltp_read_write shown above it: the
		// nearest, the cleanup at line 18, names the test as well.
		{"../testdata/public/holdout6/sb1.0.20-oltp-rw-60-threads-notes.txt", 29, "oltp_read_write", "line 18"},
		// "我们选择了 oltp_point_select、oltp_update_index、…、oltp_read_write
		// 这几种": four tests named by one line, none taken.
		{"../testdata/public/identity/tidb-3.0.1-k8s-sysbench-1.0.17-tables-under-labels-same-table-reused-zh.txt", 293, "", "line 197 above names several tests"},
	}
	docs := map[string]*Document{}
	for _, tt := range tests {
		d := docs[tt.file]
		if d == nil {
			d = parseFile(t, tt.file)
			docs[tt.file] = d
		}
		var r *Run
		for _, x := range d.Runs {
			if x.Line == tt.line {
				r = x
				break
			}
		}
		if r == nil {
			t.Errorf("%s: no run at line %d", tt.file, tt.line)
			continue
		}
		if r.Test != tt.test {
			t.Errorf("%s:%d: test %q, want %q", tt.file, tt.line, r.Test, tt.test)
			continue
		}
		if tt.test != "" {
			if !strings.Contains(r.LabelFrom["test"], tt.from) {
				t.Errorf("%s:%d: test from %q, want it from %s", tt.file, tt.line, r.LabelFrom["test"], tt.from)
			}
			continue
		}
		if !strings.Contains(strings.Join(r.Warnings, "\n"), tt.from) {
			t.Errorf("%s:%d: warnings %q, want one saying %q", tt.file, tt.line, r.Warnings, tt.from)
		}
	}
}
