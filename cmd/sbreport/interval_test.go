package main

// An interval has both bounds or none, in every output; a value that is
// not the printed one because a warm-up was trimmed says so beside it.

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// medianCaseLogs writes ten single-run sysbench 1.0.20 summaries, five
// per server, with tps 100, 102, 102, 105, 107 (base-db) and 102, 106,
// 107, 108, 110 (other-db): a synthetic case, the numbers of the
// Mann–Whitney example with ties, in the layout of
// testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log.
func medianCaseLogs(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "n5")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, side := range []struct {
		server string
		tps    []int
	}{{"base-db", []int{100, 102, 102, 105, 107}}, {"other-db", []int{102, 106, 107, 108, 110}}} {
		for i, v := range side.tps {
			log := fmt.Sprintf(`$ sysbench oltp_read_write --threads=8 --mysql-host=%s run
sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

Running the test with following options:
Number of threads: 8

Threads started!

SQL statistics:
    transactions:                        %d (%d.00 per sec.)
    queries:                             %d (%d.00 per sec.)

General statistics:
    total time:                          30.0001s
    total number of events:              %d

Latency (ms):
         min:                                    1.58
         avg:                                    4.59
         max:                                   21.55
         95th percentile:                        7.43
         sum:                               479980.77
`, side.server, v*30, v, v*600, v*20, v*30)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.log", side.server, i+1)), []byte(log), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// hiKey returns the partner of an interval's lower-bound key ("lo" →
// "hi", "ratio_lo" → "ratio_hi", "LambdaLo" → "LambdaHi"), or "".
func hiKey(k string) string {
	switch {
	case k == "lo":
		return "hi"
	case strings.HasSuffix(k, "_lo"):
		return strings.TrimSuffix(k, "_lo") + "_hi"
	case strings.HasSuffix(k, "Lo"):
		return strings.TrimSuffix(k, "Lo") + "Hi"
	}
	return ""
}

// halfIntervalsJSON returns the places in v where an interval has one
// bound: a lower-bound key and its upper-bound key of which one is null
// or missing and the other a number.
func halfIntervalsJSON(v any, at string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, lo := range x {
			if h := hiKey(k); h != "" {
				hi, ok := x[h]
				if (lo == nil) != (!ok || hi == nil) {
					out = append(out, fmt.Sprintf("%s: %s=%v %s=%v", at, k, lo, h, hi))
				}
			}
			out = append(out, halfIntervalsJSON(lo, at+"."+k)...)
		}
	case []any:
		for i, e := range x {
			out = append(out, halfIntervalsJSON(e, fmt.Sprintf("%s[%d]", at, i))...)
		}
	}
	return out
}

// halfIntervalsTable returns the rows of a table (a header row first)
// where a lower-bound column and its upper-bound column are not both
// empty or both filled.
func halfIntervalsTable(rows [][]string, at string) []string {
	if len(rows) == 0 {
		return nil
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	var out []string
	for _, h := range rows[0] {
		hk := hiKey(h)
		j, ok := col[hk]
		if hk == "" || !ok {
			continue
		}
		i := col[h]
		for r, row := range rows[1:] {
			cell := func(k int) string {
				if k < len(row) {
					return row[k]
				}
				return ""
			}
			if (cell(i) == "") != (cell(j) == "") {
				out = append(out, fmt.Sprintf("%s row %d: %s=%q %s=%q", at, r+2, h, cell(i), hk, cell(j)))
			}
		}
	}
	return out
}

// halfText matches an interval printed with one bound: "[–, 107]",
// "[, 107]", "[-∞, 107]", "[102, ]", "[null, 1.2]".
var halfText = regexp.MustCompile(`\[\s*(|–|-|−|∞|-∞|−∞|null|NaN|\?)\s*, |, \s*(|–|∞|\+∞|null|NaN|\?)\s*[\])]`)

// checkNoHalfIntervals runs compare (table and JSON, both centres) and
// report on the inputs and checks every output.
func checkNoHalfIntervals(t *testing.T, inputs ...string) {
	t.Helper()
	for _, center := range []string{"geomean", "median"} {
		table := runOK(t, append([]string{"compare", "--center", center}, inputs...)...)
		if m := halfText.FindString(table); m != "" {
			t.Errorf("compare --center %s prints %q:\n%s", center, m, table)
		}
		var v any
		if err := json.Unmarshal([]byte(runOK(t, append([]string{"compare", "--json", "--center", center}, inputs...)...)), &v); err != nil {
			t.Fatal(err)
		}
		for _, h := range halfIntervalsJSON(v, "compare --json --center "+center) {
			t.Error(h)
		}
		dir, _ := reportOf(t, append([]string{"--center", center}, inputs...)...)
		for _, name := range []string{"report.md", "appendix.md"} {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if m := halfText.FindString(string(b)); m != "" {
				t.Errorf("%s (--center %s) prints %q", name, center, m)
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, "results.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		for _, h := range halfIntervalsJSON(v, "results.json") {
			t.Error(h)
		}
		f, err := os.Open(filepath.Join(dir, "runs.csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range halfIntervalsTable(rows, "runs.csv") {
			t.Error(h)
		}
		x, err := excelize.OpenFile(filepath.Join(dir, "report.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		for _, sheet := range x.GetSheetList() {
			rows, err := x.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range halfIntervalsTable(rows, "report.xlsx "+sheet) {
				t.Error(h)
			}
		}
		x.Close()
	}
}

// TestNoHalfIntervalMedianCase: n = 5 a side with --center median has no
// order-statistic interval at 95% (one bound would be the 5th value,
// 107, the other −∞): both bounds are null, with the reason; the ratio's
// interval is [1, 110/102] and p = 28/252.
func TestNoHalfIntervalMedianCase(t *testing.T) {
	dir := medianCaseLogs(t)
	checkNoHalfIntervals(t, dir)
	var c struct {
		Rows []struct {
			System   string   `json:"system"`
			Center   *float64 `json:"center"`
			Lo       *float64 `json:"lo"`
			Hi       *float64 `json:"hi"`
			RatioLo  *float64 `json:"ratio_lo"`
			RatioHi  *float64 `json:"ratio_hi"`
			P        *float64 `json:"p_value"`
			Warnings []string `json:"warnings"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "compare", "--json", "--center", "median", dir)), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 2 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	for _, r := range c.Rows {
		if r.Lo != nil || r.Hi != nil || len(r.Warnings) == 0 || r.Warnings[0] != "need >= 6 samples for confidence interval at level 0.95" {
			t.Errorf("%s: lo %v hi %v %q", r.System, r.Lo, r.Hi, r.Warnings)
		}
	}
	b, o := c.Rows[0], c.Rows[1]
	if *b.Center != 102 || *o.Center != 107 || o.P == nil || !approx(*o.P, 28.0/252) || o.RatioLo == nil || *o.RatioLo != 1 ||
		!approx(*o.RatioHi, 110.0/102) {
		t.Errorf("base %+v, other %+v", b, o)
	}
}

// TestNoHalfIntervalDemo: the same on the demo campaign (180 real runs).
func TestNoHalfIntervalDemo(t *testing.T) {
	checkNoHalfIntervals(t, demo)
}

// TestTrimmedValueSaysSo: a real sysbench 0.5 run of 1800 s at 10
// threads printed 503.42 tps; its start is lower than what follows, so
// with --skip auto its first 450 s (35 of its 170 interim lines) are
// trimmed as warm-up and the steady state, 515.37, is compared. Every
// output that shows 515.4 says it is trimmed, by how much, and what was
// printed; with --skip none the printed figure is compared and nothing
// is said.
func TestTrimmedValueSaysSo(t *testing.T) {
	const in = "../../testdata/public/sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt"
	const note = "warm-up of 450 s trimmed (35 of 170 interim samples, --skip auto): printed 503.42"
	table := runOK(t, "compare", in)
	for _, want := range []string{
		"oltp      10       515.4 ± 0% (1 run, within-run) (trimmed)",
		"trimmed (the steady state after the warm-up, not the printed figure):\n  oltp/10 threads/all: " + note + "\n",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("compare lacks %q:\n%s", want, table)
		}
	}
	var c struct {
		Rows []struct {
			Center  float64 `json:"center"`
			Trimmed []struct {
				Run       string   `json:"run"`
				Value     float64  `json:"value"`
				Printed   *float64 `json:"printed"`
				WarmupS   float64  `json:"warmup_s"`
				Dropped   int      `json:"dropped_intervals"`
				Intervals int      `json:"intervals"`
				Auto      bool     `json:"warmup_auto"`
			} `json:"trimmed"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "compare", "--json", in)), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 1 || len(c.Rows[0].Trimmed) != 1 {
		t.Fatalf("rows %+v", c.Rows)
	}
	tr := c.Rows[0].Trimmed[0]
	if !approx(tr.Value, 515.3671111111111) || tr.Value != c.Rows[0].Center || tr.Printed == nil || *tr.Printed != 503.42 ||
		tr.WarmupS != 450 || tr.Dropped != 35 || tr.Intervals != 170 || !tr.Auto || tr.Run != in+":121" {
		t.Errorf("trimmed %+v", tr)
	}
	dir, md := reportOf(t, in)
	if !strings.Contains(md, "| 10 | all | 1 | 515.4 [513.1,\u00a0517.7] within the run **"+note+"** | 48.04 |") {
		t.Errorf("report.md does not say 515.4 is trimmed:\n%s", md)
	}
	if !strings.Contains(md, "Where a warm-up was trimmed, the tps is the steady state after it instead, as marked.") {
		t.Error("report.md does not say what the figures are")
	}
	app, err := os.ReadFile(filepath.Join(dir, "appendix.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(app), "| 10 | all | 515.4 | 9,062 | 19.86 | 48.04 |\n\n- 10 threads, all: the tps is the steady state, not the printed figure: "+note+".\n") {
		t.Errorf("appendix.md does not say 515.4 is trimmed:\n%s", app)
	}
	x, err := excelize.OpenFile(filepath.Join(dir, "report.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows("Comparisons")
	if err != nil || len(rows) != 2 {
		t.Fatalf("Comparisons: %v %q", err, rows)
	}
	for i, h := range rows[0] {
		if h == "trimmed" && (i >= len(rows[1]) || rows[1][i] != note) {
			t.Errorf("workbook trimmed cell %q, want %q", rows[1][i:], note)
		}
	}
	if !strings.Contains(strings.Join(rows[0], ","), "within_run,trimmed,") {
		t.Errorf("workbook header %q", rows[0])
	}
	// --skip none: the printed figure, nothing trimmed.
	none := runOK(t, "compare", "--skip", "none", "--json", in)
	if !strings.Contains(none, `"center": 503.42`) || !strings.Contains(none, `"trimmed": null`) {
		t.Errorf("--skip none:\n%s", none)
	}
}
