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

// TestContextThreads reads public texts whose runs print no thread count
// of their own: a row's cells that are no measurement ("`thread 100`"
// under "구분") give it over the command above the table, and a sysbench
// fragment takes the thread count of the nearest line of its context
// naming one.
func TestContextThreads(t *testing.T) {
	tests := []struct {
		file    string
		line    int
		threads int
		from    string // ThreadsFrom
		warn    string // in a warning, "" for none asked
	}{
		// "--threads=50" is the run command above both tables; the rows
		// name their own thread counts.
		{"../testdata/public/holdout3/sb-oltp-read-write-mysql8-community-vs-enterprise-indented-pipe-tables-backticked-thread-rows-tps-cpu-cells-korean-khkwon01-ko.txt", 60, 100, "table", ""},
		{"../testdata/public/holdout3/sb-oltp-read-write-mysql8-community-vs-enterprise-indented-pipe-tables-backticked-thread-rows-tps-cpu-cells-korean-khkwon01-ko.txt", 59, 50, "table", ""},
		// "- sysbench cpu --threads=4 run을 실행하여 CPU벤치 마크 수행하였다."
		// under "## CPU", over the "General statistics" fragments of its
		// "### t3.xlarge" and "### t3a.xlarge" subsections.
		{"../testdata/public/holdout6/sb-cpu-memory-fragments-t3-t3a-t4g-comparison-ko.txt", 57, 4, "context", "4 threads taken from line 50"},
		{"../testdata/public/holdout6/sb-cpu-memory-fragments-t3-t3a-t4g-comparison-ko.txt", 103, 4, "context", "4 threads taken from line 80"},
	}
	for _, tt := range tests {
		d := parseFile(t, tt.file)
		var r *Run
		for _, x := range d.Runs {
			if x.Line == tt.line {
				r = x
				break
			}
		}
		switch {
		case r == nil:
			t.Errorf("%s: no run at line %d", tt.file, tt.line)
		case r.Threads == nil || *r.Threads != tt.threads || r.ThreadsFrom != tt.from:
			t.Errorf("%s:%d: threads %s from %q, want %d from %q", tt.file, tt.line, intText(r.Threads), r.ThreadsFrom, tt.threads, tt.from)
		case tt.warn != "" && !strings.Contains(strings.Join(r.Warnings, "\n"), tt.warn):
			t.Errorf("%s:%d: warnings %q, want one saying %q", tt.file, tt.line, r.Warnings, tt.warn)
		}
	}
}

// TestThreadsNamed checks the thread counts lines of public texts name.
func TestThreadsNamed(t *testing.T) {
	tests := []struct {
		text    string
		n       int
		several bool
	}{
		{"- sysbench cpu --threads=4 run을 실행하여 CPU벤치 마크 수행하였다.", 4, false},
		{"thread 100", 100, false},
		{"Run the `point-select`benchmark, 64 threads:", 64, false},
		{"### Single-Thread", 1, false},
		{"**Result 3 (8 个线程):**", 8, false},
		{"# 指定8个线程 混合随机读写 1秒间隔输出信息", 8, false},
		// "Results are computed at 1 core and 4 cores.": cores, no threads.
		{"Results are computed at 1 core and 4 cores.", 0, false},
		// "memory bandwidth run with 4 threads and 8 threads go down"
		{"memory bandwidth run with 4 threads and 8 threads go down", 0, true},
		{"Test result:", 0, false},
		{"- 并发级别: 1, 8, 16, 32, 64, 128 线程", 0, true},
	}
	for _, tt := range tests {
		n, several := threadsNamed(tt.text)
		if n != tt.n || several != tt.several {
			t.Errorf("threadsNamed(%q) = %d, %v; want %d, %v", tt.text, n, several, tt.n, tt.several)
		}
	}
}
