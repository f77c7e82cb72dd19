package collect

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestPastedPageMarksTakenOff: a paste page whose every line is a list
// item (train17 t111, t112) or stands behind its line number (t113) is
// read once the marks are off, every line at its number: t111's one
// output at its banner (line 5), t112's under its prompt's command, t113's
// from "SQL statistics:" (line 19) under the oltp_read_only.lua command.
func TestPastedPageMarksTakenOff(t *testing.T) {
	for path, want := range map[string]struct {
		line, threads int
		test          string
		tps           float64
	}{
		"../testdata/public/train17/t111-sb1.0.9-oltp-4-threads-300s-output-every-line-a-dash-list-item-paste-page-excerpt.txt":                                  {5, 4, "", 1960.68},
		"../testdata/public/train17/t112-sb0.4.12-oltp-8-threads-800-requests-root-prompt-command-and-output-every-line-a-dash-list-item-paste-page-excerpt.txt": {6, 8, "oltp", 245.84},
		"../testdata/public/train17/t113-sb1.0-oltp-read-only-2-threads-10s-install-prepare-run-every-line-numbered-paste-page-cut-in-latency-excerpt.txt":       {19, 2, "oltp_read_only", 2340.37},
	} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, kind := cleanString(t, string(b))
		if kind != "the list marks or line numbers of a pasted page" {
			t.Errorf("%s: cleaned as %q", path[len(path)-40:], kind)
		}
		if got, was := strings.Count(text, "\n"), strings.Count(string(b), "\n"); got != was {
			t.Errorf("%s: %d lines, %d before", path[len(path)-40:], got, was)
		}
		d, err := parse.All(strings.NewReader(text), "t")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != 1 {
			t.Errorf("%s: %d runs, want 1", path[len(path)-40:], len(d.Runs))
			continue
		}
		r := d.Runs[0]
		if r.Line != want.line || r.Threads == nil || *r.Threads != want.threads || r.Test != want.test || r.TPS == nil || *r.TPS != want.tps {
			t.Errorf("%s: line %d, threads %v, test %q, tps %v; want %+v", path[len(path)-40:], r.Line, r.Threads, r.Test, r.TPS, want)
		}
	}
	// t113's numbers go; the output's own indentation stays.
	b, _ := os.ReadFile("../testdata/public/train17/t113-sb1.0-oltp-read-only-2-threads-10s-install-prepare-run-every-line-numbered-paste-page-cut-in-latency-excerpt.txt")
	if text, _ := cleanString(t, string(b)); !strings.Contains(text, "\n    transactions:                        23409  (2340.37 per sec.)\n") {
		t.Error("t113: the transactions line is not the output's own")
	}
}

// TestListsAndStepsKeepTheirMarks: lists of results and numbered steps
// that hold no tool's output, or too few lines in a row, are not a paste.
func TestListsAndStepsKeepTheirMarks(t *testing.T) {
	for _, s := range []string{
		// t111's headline lines, quoted as a list of results.
		"Results:\n- transactions: 588212 (1960.68 per sec.)\n- queries: 9411392 (31370.93 per sec.)\n- total time: 300.0019s\n",
		"- graviton2\n- c6g.xlarge\n- 4 vCPU\n- 8 GiB\n- gp3\n- Ubuntu 22.04\n",
		"1. Install sysbench\n2. Prepare the tables\n3. Run the test\n4. Clean up\n5. Compare the results\n6. Repeat\n",
		"  1. a\n  2. b\n  4. SQL statistics:\n  5. c\n  6. d\n  7. e\n",
	} {
		if pasteMarked([]byte(s)) || !bytes.Equal(stripPasteMarks([]byte(s)), []byte(s)) {
			t.Errorf("taken for a paste:\n%s", s)
		}
	}
}

// FuzzStripPasteMarks: taking marks off never fails, keeps every line
// break, and changes nothing where pasteMarked sees no paste.
func FuzzStripPasteMarks(f *testing.F) {
	for _, s := range []string{
		"- sysbench 1.0.9 (using bundled LuaJIT 2.1.0-beta2)\n- Threads started!\n- SQL statistics:\n- a\n- b\n-\n",
		"  1. x\n  2. SQL statistics:\n  3.\n  4. y\n  5.  \n  6. z",
		"1. 1.0.20\n2. Benchmark\n3. a\n4. b\n5. c\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out := stripPasteMarks(b)
		if got, want := bytes.Count(out, []byte{'\n'}), bytes.Count(b, []byte{'\n'}); got != want {
			t.Errorf("%d line breaks after, %d before", got, want)
		}
		if !pasteMarked(b) && !bytes.Equal(out, b) {
			t.Errorf("changed with no paste seen:\n%q\n%q", b, out)
		}
	})
}

// TestGistMatrices: gists as the docs corpus stores them end every line
// with empty table cells (" | |", train18 t114, t115); with those off,
// t114's four matrices of six client counts (8 … 48, the header ending
// with its label columns' names "test engine") under captions naming
// the rate and the workload ("QPS for point-query", "TPS for read-only",
// "TPS for read-write", "QPS for increment") are 102 runs; each row's
// name splits by the corner "test engine" into the test's short name and
// the system; the last table's workload ("incupd2") is no test, and it
// takes none from the captions above it. t115's matrices name no unit anywhere and
// are not read: an error names each.
func TestGistMatrices(t *testing.T) {
	read := func(path string) *parse.Document {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, kind := cleanString(t, string(b))
		if kind != "the list marks or line numbers of a pasted page" {
			t.Errorf("%s: cleaned as %q", path[len(path)-30:], kind)
		}
		d, err := parse.All(strings.NewReader(text), "t")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := read("../testdata/public/train18/t114-qps-tps-captions-space-rows-thread-header-ending-test-engine-two-labels-last-gist-cell-bars-docs-excerpt.txt")
	type cell struct {
		test, system string
		threads      int
	}
	got := map[cell]float64{}
	for _, r := range d.Runs {
		v := r.QPS
		if r.TPS != nil {
			v = r.TPS
		}
		if v == nil || r.Threads == nil {
			t.Errorf("line %d: no rate or threads", r.Line)
			continue
		}
		test := r.Test
		if test == "" {
			test = r.Labels["workload"]
		}
		got[cell{test, r.Labels["system"], *r.Threads}] = *v
		if r.Test == "" && r.Labels["heading"] != "increment" {
			t.Errorf("line %d: no test and heading %q, want the caption's words", r.Line, r.Labels["heading"])
		}
	}
	if len(d.Runs) != 102 || len(got) != 102 {
		t.Errorf("%d runs (%d cells), want 102", len(d.Runs), len(got))
	}
	for c, want := range map[cell]float64{
		{"oltp_point_select", "inno56.c0", 8}: 83463, {"oltp_point_select", "myrocks.def", 48}: 235620,
		{"oltp_read_only", "inno57.c1", 24}: 5972, {"oltp_read_write", "myrocks.def", 48}: 7846,
		{"incupd2", "inno56.c1", 40}: 32234,
	} {
		if v, ok := got[c]; !ok || v != want {
			t.Errorf("%+v: %v (read %v), want %v", c, v, ok, want)
		}
	}
	d = read("../testdata/public/train18/t115-bare-thread-header-space-rows-build-label-last-test-captions-no-unit-scan-pre-post-table-duplicate-label-gist-cell-bars-docs-excerpt.txt")
	unit := 0
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "crossed table (, 1, 2, 4, 8, 16, 24, 32, 40, 48, 64) not read: neither its rows nor a caption above name the metric and its unit") {
			unit++
		}
	}
	if len(d.Runs) != 0 || unit != 2 {
		t.Errorf("t115: %d runs, %d errors naming a matrix without unit; want 0 and 2", len(d.Runs), unit)
	}
}
