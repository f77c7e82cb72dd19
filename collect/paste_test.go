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
		"Results:\n- transactions: 800 (245.84 per sec.)\n- queries: 16800 (5162.30 per sec.)\n- total time: 3.2541s\n",
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
