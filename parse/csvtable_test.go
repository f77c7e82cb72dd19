package parse

import (
	"strings"
	"testing"
)

// TestCSVQuotedAndGluedCells rewrites the first row of a sysbench issue's
// CSV sample (train7/t83) as harnesses print cells: the TPS with its unit
// glued on, the QPS with a thousands separator in a quoted cell. The row
// reads as before; a QPS glued to the TPS column is no TPS.
func TestCSVQuotedAndGluedCells(t *testing.T) {
	const path = "../testdata/public/train7/t83-csv-rows-under-header-in-inline-code-threads-sweep-issue480-excerpt.txt"
	text := htmlText(t, path)
	row := "4,118244,0,8446,844.07,135136,13505.10,"
	for _, c := range []struct {
		row       string
		tps, qps  float64
		errorLine int
	}{
		{"4,118244,0,8446,844.07tps,135136,\"13,505.10\",", 844.07, 13505.10, 0},
		{"4,118244,0,8446,844.07 TPS,135136,\"13,505.10 qps\",", 844.07, 13505.10, 0},
		{"4,118244,0,8446,844.07qps,135136,13505.10,", 0, 13505.10, 15},
	} {
		cut := strings.Replace(text, row, c.row, 1)
		if cut == text {
			t.Fatal("row not found")
		}
		runs, errs := tableRuns(t, cut)
		if len(runs) != 4 {
			t.Fatalf("%q: %d runs, want 4", c.row, len(runs))
		}
		r := runs[0]
		if r.Line != 15 || r.Threads == nil || *r.Threads != 4 || r.QPS == nil || *r.QPS != c.qps ||
			c.tps == 0 && r.TPS != nil || c.tps != 0 && (r.TPS == nil || *r.TPS != c.tps) {
			t.Errorf("%q: %s", c.row, rowText(r))
		}
		if c.errorLine > 0 && (len(errs) != 1 || errs[0].Line != c.errorLine) || c.errorLine == 0 && len(errs) > 0 {
			t.Errorf("%q: errors %v", c.row, errs)
		}
		if *runs[3].TPS != 2035.80 {
			t.Errorf("%q: last row %s", c.row, rowText(runs[3]))
		}
	}
}
