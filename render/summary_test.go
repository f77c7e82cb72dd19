package render

import (
	"strings"
	"testing"
)

// TestScalingNotes renders the scaling sentences of the public 1-128
// thread sweep (one sysbench 1.0.20 oltp_read_write run each): the
// measured curve first, flat within the within-run intervals from 64
// threads, and the fit's peak near 54 threads at 3,764 tps refused.
func TestScalingNotes(t *testing.T) {
	rp := findingsOf(t, "testdata/sweep")
	w := &WorkloadView{Name: "oltp_read_write"}
	got := strings.Join(scalingNotes(rp, w), " ")
	for _, want := range []string{
		"The highest measured tps is 3,646 [3,607, 3,684] at 128 threads, flat within the intervals from 64 threads to 128 threads.",
		"No fitted peak is quoted: the measured throughput does not fall below its best point's interval at a higher thread count, so the data show no peak.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("notes %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "54") {
		t.Errorf("notes quote the refused peak: %q", got)
	}
}

// TestUnnamedSystemInWords: runs the text gives no system name for are
// grouped as "?"; the opening sentence says so in words instead of
// printing "on ?." (the public sysbench 0.5 outputs) or listing "?" as if
// it were a name (the public mysqlslap outputs, where the others are
// named by their engine).
func TestUnnamedSystemInWords(t *testing.T) {
	for dir, want := range map[string]string{
		"../testdata/public/sysbench-0.5": "9 runs of 7 workloads; the text names no system for the runs compared.",
		"../testdata/public/mysqlslap":    "13 runs of 7 workloads on 3 systems: ? (runs with no engine), innodb and myisam.",
	} {
		md := reportOf(t, dir)[MarkdownFile].String()
		if !strings.Contains(md, want) {
			t.Errorf("%s: report.md lacks %q:\n%.300s", dir, want, md)
		}
	}
}
