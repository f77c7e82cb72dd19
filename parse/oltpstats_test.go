package parse

import "testing"

// TestOLTPStatisticsNamesTest reads sysbench 0.5 logs printed without
// their command ("sysbench 0.5: multi-threaded system evaluation
// benchmark", interim lines, then "OLTP test statistics:"): the heading
// names the test, oltp, as a reader calls it. A command naming a script
// (select.lua, insert.lua, …) keeps its test.
func TestOLTPStatisticsNamesTest(t *testing.T) {
	for _, c := range []struct {
		path  string
		tests []string
	}{
		{"../testdata/public/sysbench-0.5/sb0.5-2012-oltp-ro-128thr-comma-p99.txt", []string{"oltp"}},
		{"../testdata/public/sysbench-0.5/sb0.5-oltp-ro-16thr-2s-interval.txt", []string{"oltp"}},
		{"../testdata/public/identity/sb0.5-lua-scripts-by-relative-path-select-insert-update-oltp-root-prompts-1024-threads-fatal-zh-tw.txt",
			[]string{"select", "insert", "update_index", "update_non_index", "oltp"}},
	} {
		runs, _ := tableRuns(t, htmlText(t, c.path))
		if len(runs) != len(c.tests) {
			t.Errorf("%s: %d runs, want %d", c.path, len(runs), len(c.tests))
			continue
		}
		for i, r := range runs {
			if r.Test != c.tests[i] {
				t.Errorf("%s: run %d at line %d: test %q, want %q", c.path, i, r.Line, r.Test, c.tests[i])
			}
		}
	}
}
