package parse

import (
	"strings"
	"testing"
)

const (
	train8Kernels  = "../testdata/public/train8/t84-pipe-rows-without-outer-pipes-two-kernels-as-column-systems.txt"
	train8Workload = "../testdata/public/train8/t85-pipe-rows-without-outer-pipes-workload-column-two-kernels.txt"
)

// TestSuffixSystems reads the Meltdown results: "threads | tps no-fix |
// tps fix | ratio no-fix/fix" names the two kernels after the rate, so
// every row gives one run of each, and the ratio is no result.
func TestSuffixSystems(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train8Kernels))
	if len(errs) > 0 || len(runs) != 32 {
		t.Fatalf("%d runs, errors %v; want 32 and none", len(runs), errs)
	}
	want := []struct {
		line, threads int
		system        string
		tps           float64
	}{
		{22, 1, "no-fix", 967.92}, {22, 1, "fix", 911.20},
		{29, 256, "no-fix", 24501.57}, {29, 256, "fix", 23766.12},
		{36, 1, "no-fix", 487.30}, {43, 256, "fix", 20580.03},
	}
	for _, w := range want {
		found := false
		for _, r := range atLine(runs, w.line) {
			if r.Label("system") != w.system {
				continue
			}
			found = true
			if r.Threads == nil || *r.Threads != w.threads || r.TPS == nil || *r.TPS != w.tps || r.Test != "oltp_read_only" {
				t.Errorf("line %d %s: %s", w.line, w.system, rowText(r))
			}
		}
		if !found {
			t.Errorf("no run of %s at line %d", w.system, w.line)
		}
	}
	for _, r := range runs {
		if r.QPS != nil || r.EPS != nil || len(r.Metrics) > 0 {
			t.Errorf("the ratio column read as a result: %s %+v", rowText(r), r.Metrics)
		}
	}
}

// TestSuffixSystemsWorkloadColumn reads the later table, whose rows name
// their test in a column: both kernels of each row, the test the row's.
func TestSuffixSystemsWorkloadColumn(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train8Workload))
	if len(errs) > 0 || len(runs) != 24 {
		t.Fatalf("%d runs, errors %v; want 24 and none", len(runs), errs)
	}
	if r := runs[0]; r.Line != 9 || r.Test != "oltp_read_only" || r.Label("system") != "no-fix" || *r.TPS != 810.76 || *r.Threads != 1 {
		t.Errorf("first run: %s", rowText(r))
	}
	if r := runs[23]; r.Line != 20 || r.Test != "oltp_point_select" || r.Label("system") != "fix" || *r.TPS != 414495.64 || *r.Threads != 128 {
		t.Errorf("last run: %s", rowText(r))
	}
}

const train48 = "../testdata/public/train/t48-pipe-rows-without-outer-pipes-two-builds.txt"

// t48Cut returns the TiDB pull request with its table (lines 21-24:
// header, rule "-- | -- | -- | -- ", two rows, written without outer
// pipes) cut to the columns cols, written back without outer pipes, or
// with them when outer is set; corner empties the header's first cell,
// as a spreadsheet's empty corner is pasted ("  | thread | QPS").
func t48Cut(t *testing.T, cols []int, outer, corner bool) string {
	t.Helper()
	lines := strings.Split(htmlText(t, train48), "\n")
	for i := 20; i < 24; i++ {
		all := strings.Split(strings.TrimSpace(lines[i]), "|")
		var cells []string
		for _, j := range cols {
			cells = append(cells, strings.TrimSpace(all[j]))
		}
		if i == 21 && len(cells) > 0 && cells[len(cells)-1] == "" {
			t.Fatalf("rule %q: fewer cells than expected", lines[i])
		}
		s := strings.Join(cells, " | ")
		switch {
		case outer:
			s = "| " + s + " |"
		case corner && i == 20:
			s = "  | " + strings.Join(cells[1:], " | ")
		}
		lines[i] = s
	}
	return strings.Join(lines, "\n")
}

// TestGFMTwoColumns reads t48's table cut to its version and QPS columns:
// one pipe a line, "version | QPS" over "-- | --". The rule makes the
// line above it a header; the rows are the two builds.
func TestGFMTwoColumns(t *testing.T) {
	text := t48Cut(t, []int{0, 3}, false, false)
	if !strings.Contains(text, "\nversion | QPS\n-- | --\nmaster | 83498\nThis PR | 83800\n") {
		t.Fatalf("cut table not as meant:\n%s", text)
	}
	runs, errs := tableRuns(t, text)
	if len(errs) > 0 || len(runs) != 2 {
		t.Fatalf("%d runs, errors %v; want 2 and none", len(runs), errs)
	}
	for i, w := range []struct {
		line   int
		system string
		qps    float64
	}{{23, "master", 83498}, {24, "This PR", 83800}} {
		r := runs[i]
		if r.Line != w.line || r.Label("system") != w.system || r.QPS == nil || *r.QPS != w.qps || r.Label("table") != "line 21" {
			t.Errorf("run %d: %s", i, rowText(r))
		}
	}
	// The same cut with outer pipes is the same table.
	outer, _ := tableRuns(t, t48Cut(t, []int{0, 3}, true, false))
	if len(outer) != len(runs) {
		t.Fatalf("with outer pipes %d runs, without %d", len(outer), len(runs))
	}
	for i := range runs {
		if a, b := rowText(runs[i]), rowText(outer[i]); a != b {
			t.Errorf("run %d without outer pipes %s, with them %s", i, a, b)
		}
	}
}

// TestGFMTwoColumnsTest cuts t48's table to its workload and QPS: the
// rows name their test.
func TestGFMTwoColumnsTest(t *testing.T) {
	runs, errs := tableRuns(t, t48Cut(t, []int{1, 3}, false, false))
	if len(errs) > 0 || len(runs) != 2 {
		t.Fatalf("%d runs, errors %v; want 2 and none", len(runs), errs)
	}
	if r := runs[1]; r.Line != 24 || r.Test != "oltp_point_select" || *r.QPS != 83800 {
		t.Errorf("second run: %s", rowText(r))
	}
}

// TestGFMEmptyCorner cuts the name of t48's version column, leaving its
// header "  | workload | thread | QPS" a cell short of its rule: the
// leading pipe closes an empty corner cell, and the unnamed first column
// says what each row is, as in a pipe table.
func TestGFMEmptyCorner(t *testing.T) {
	text := t48Cut(t, []int{0, 1, 2, 3}, false, true)
	if !strings.Contains(text, "\n  | workload | thread | QPS\n-- | -- | -- | --\n") {
		t.Fatalf("cut table not as meant:\n%s", text)
	}
	runs, errs := tableRuns(t, text)
	if len(errs) > 0 || len(runs) != 2 {
		t.Fatalf("%d runs, errors %v; want 2 and none", len(runs), errs)
	}
	for i, system := range []string{"master", "This PR"} {
		r := runs[i]
		if r.Line != 23+i || r.Label("system") != system || r.Test != "oltp_point_select" || r.Threads == nil || *r.Threads != 100 {
			t.Errorf("run %d: %s", i, rowText(r))
		}
	}
}

// TestGFMNoRuleIsProse takes the rule out of t48's two-column cut: lines
// with a pipe and no delimiter row under the first are no table.
func TestGFMNoRuleIsProse(t *testing.T) {
	text := strings.Replace(t48Cut(t, []int{0, 3}, false, false), "\n-- | --\n", "\n", 1)
	if runs, _ := tableRuns(t, text); len(runs) != 0 {
		t.Errorf("%d runs without a rule; first %s", len(runs), rowText(runs[0]))
	}
}

// TestGFMRuleLine keeps a delimiter row whose first cell is "--" whole:
// "-- " before anything else is an SQL comment's marker.
func TestGFMRuleLine(t *testing.T) {
	for raw, want := range map[string]string{
		"-- | -- | -- | -- ": "-- | -- | -- | --",
		"-- | --":            "-- | --",
		":-- | --:":          ":-- | --:",
		"-- select 1":        "select 1",
		"-- a | b":           "a | b",
	} {
		l := Line{Raw: raw}
		normalize(&l)
		if l.Text != want {
			t.Errorf("%q: text %q, want %q", raw, l.Text, want)
		}
	}
	for s, n := range map[string]int{"-- | --": 2, "|:---|--:|": 2, "---|---|---": 3, "| --- |": 1, "---": 0, "-- | x": 0, "a | b": 0, "|  |": 0} {
		if got := gfmRuleCells(s); got != n {
			t.Errorf("gfmRuleCells(%q) = %d, want %d", s, got, n)
		}
	}
}
