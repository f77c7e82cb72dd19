package parse

import "testing"

// TestCaptionOverFence reads the sysbench 1.1.0 walk-through whose steps
// are captioned by a short line between blank lines right above the
// fence of their commands and output ("read only", "write only", "select
// random points", "select random ranges"): the caption names the run of
// that fence, and no run of a later fence.
func TestCaptionOverFence(t *testing.T) {
	runs, _ := tableRuns(t, htmlText(t, "../testdata/public/identity/sb1.1.0-lua-scripts-by-path-cleanup-prepare-run-one-result.txt"))
	want := map[int]string{
		534:  "", // oltp_point_select: its fence has no caption
		597:  "read only",
		674:  "", // oltp_read_write, the next fence: the caption above does not reach it
		880:  "write only",
		948:  "select random points",
		1013: "select random ranges",
	}
	checkRunsAt(t, runs, want, func(r *Run, h string) {
		if got := r.Label("heading"); got != h {
			t.Errorf("run at line %d (%s): heading %q, want %q", r.Line, r.Test, got, h)
		}
	})
}
