package parse

import "testing"

// TestColumnsNamedAsLabelledCommands: a Chinese post (train4 t77) shows
// two cpu commands in one fence, each under a comment naming it ("# 单核
// 性能" over --threads=1, "# 多核性能" over --threads=4), then tables of
// environments whose two columns are named the same way ("单核 CPU
// speed", "多核 CPU speed"): each column's runs take the thread count of
// the command its name matches.
func TestColumnsNamedAsLabelledCommands(t *testing.T) {
	d := readDoc(t, "../testdata/public/train4/t77-cpu-eps-tables-per-environment-same-names-under-two-architecture-sections-empty-template-fragment-zh.txt")
	want := map[float64]int{4310.26: 1, 15665.61: 4, 2630.40: 1, 9911.70: 4, 13933446.12: 1, 51587964.89: 4}
	seen := 0
	for _, r := range d.Runs {
		if r.EPS == nil {
			continue
		}
		n, ok := want[*r.EPS]
		if !ok {
			continue
		}
		seen++
		if r.Threads == nil || *r.Threads != n || r.ThreadsFrom != "command" {
			t.Errorf("line %d, %v events/s: threads %s from %q, want %d from the labelled command", r.Line, *r.EPS, intText(r.Threads), r.ThreadsFrom, n)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d cells read", seen, len(want))
	}
	for in, key := range map[string]string{"单核性能": "单核", "单核 CPU speed": "单核", "多核 CPU speed": "多核",
		"macOS host": "macos host"} { // t77 lines 39, 57 and 59
		if got := labelKey(in); got != key {
			t.Errorf("labelKey(%q) = %q, want %q", in, got, key)
		}
	}
}
