package analyze

// Verdicts, intervals and warnings on real campaigns read through
// collect, the way the CLI reads them.

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

func load(t *testing.T, inputs ...string) *parse.Document {
	t.Helper()
	doc, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) > 0 {
		t.Fatalf("errors: %v", doc.Errors)
	}
	return doc
}

// demoRepeats returns the first two repeats (r1, r2) of every cell of the
// demo campaign: 120 real runs, two per cell.
func demoRepeats(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../examples/demo-campaign/*/*/*-r[12].txt")
	if err != nil || len(files) != 120 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	return files
}

func rowOf(t *testing.T, c *Comparison, system, workload string, threads int) Row {
	t.Helper()
	for _, r := range c.Rows {
		if r.System == system && r.Workload == workload && r.Threads != nil && *r.Threads == threads {
			return r
		}
	}
	t.Fatalf("no row %s %s %d", system, workload, threads)
	return Row{}
}

// TestCompareTwoRepeatsReal compares the demo campaign's first two
// repeats: every interval of a cell and of a ratio is above zero (the
// arithmetic t interval of two repeats reached below zero in 9 of the 60
// cells, Fieller's ratio interval in 4 of the 40 rows), and every verdict
// agrees with its interval.
func TestCompareTwoRepeatsReal(t *testing.T) {
	doc := load(t, demoRepeats(t)...)
	d := Group(doc.Runs, GroupOptions{})
	c := Compare(d, CompareOptions{})
	if c.Base != "aria" || len(c.Rows) != 60 {
		t.Fatalf("base %q, %d rows", c.Base, len(c.Rows))
	}
	negT, negFieller := 0, 0
	verdicts := map[Verdict]int{}
	for _, r := range c.Rows {
		name := r.System + " " + r.Workload
		if r.N != 2 || r.Lo == nil || !(*r.Lo > 0) || !(*r.Lo <= *r.Center && *r.Center <= *r.Hi) {
			t.Errorf("%s: n %d, interval %v %v %v", name, r.N, r.Lo, r.Center, r.Hi)
		}
		if SummarizeMean(r.Values, 0.95).Lo < 0 {
			negT++
		}
		if r.Base {
			continue
		}
		verdicts[r.Verdict]++
		if r.RatioLo == nil || !(*r.RatioLo > 0) || r.PValue == nil {
			t.Errorf("%s: ratio interval %v %v, p %v", name, r.RatioLo, r.RatioHi, r.PValue)
			continue
		}
		if excludes := *r.RatioLo > 1 || *r.RatioHi < 1; excludes != r.Significant || r.Significant != (*r.PValue <= 0.05) {
			t.Errorf("%s: p %v, interval [%v, %v], significant %v", name, *r.PValue, *r.RatioLo, *r.RatioHi, r.Significant)
		}
		base := rowOf(t, c, "aria", r.Workload, *r.Threads)
		if _, lo, _, ok := Fieller(base.Values, r.Values, 0.95); ok && lo < 0 {
			negFieller++
		}
	}
	if negT != 9 || negFieller != 4 {
		t.Errorf("arithmetic intervals below zero: %d cells, %d Fieller ratios; want 9 and 4", negT, negFieller)
	}
	if verdicts[VerdictBetter] != 7 || verdicts[VerdictWorse] != 2 || verdicts[VerdictSame] != 31 {
		t.Errorf("verdicts %v", verdicts)
	}

	// rocksdb oltp_insert at 2 threads against aria: the steady-state
	// means (warm-up trimmed) of the two runs each.
	r := rowOf(t, c, "rocksdb", "oltp_insert", 2)
	checkRow(t, "rocksdb oltp_insert 2", r, VerdictWorse, 0.744, 0.605, 0.916, 0.033)

	// rocksdb oltp_read_write at 1 thread: 327.78 and 196.20 tps, a 1.67×
	// spread where the other 59 cells' median is 1.06×: flagged.
	r = rowOf(t, c, "rocksdb", "oltp_read_write", 1)
	if !r.SpreadWarning || r.Spread == nil || math.Abs(*r.Spread-1.67) > 0.005 {
		t.Errorf("spread %v %v", r.SpreadWarning, r.Spread)
	}
	want := "repeats differ 1.67× (max/min; the other 59 cells: median 1.06×): tps 327.8 at ../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r1.txt:2, 196.2 at ../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r2.txt:2"
	if !hasWarning(r.Warnings, want) {
		t.Errorf("warnings %v, want %q", r.Warnings, want)
	}
	flagged := 0
	for _, r := range c.Rows {
		if r.SpreadWarning {
			flagged++
		}
	}
	if flagged != 1 {
		t.Errorf("%d cells flagged, want 1", flagged)
	}
}

// checkRow compares a row with the values compare prints (3 decimals).
func checkRow(t *testing.T, name string, r Row, v Verdict, ratio, lo, hi, p float64) {
	t.Helper()
	near := func(a *float64, b float64) bool { return a != nil && math.Abs(*a-b) <= 0.0005 }
	if r.Verdict != v || !near(r.Ratio, ratio) || !near(r.RatioLo, lo) || !near(r.RatioHi, hi) || !near(r.PValue, p) {
		t.Errorf("%s: %s %v [%v, %v] p %v, want %s %v [%v, %v] p %v", name, r.Verdict, deref(r.Ratio), deref(r.RatioLo),
			deref(r.RatioHi), deref(r.PValue), v, ratio, lo, hi, p)
	}
}

func deref(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// TestCompareSingleRunsReal compares the TiDB tables (one published row
// per system and thread count): every ratio is the quotient of the
// printed figures, with "no test (1 run)" and no interval or p-value.
func TestCompareSingleRunsReal(t *testing.T) {
	doc := load(t, "../testdata/public/tables")
	c := Compare(Group(doc.Runs, GroupOptions{}), CompareOptions{Metric: QPS})
	others := 0
	for _, r := range c.Rows {
		if r.Base {
			continue
		}
		others++
		if r.Verdict != VerdictOneRun || r.PValue != nil || r.RatioLo != nil || r.Significant || r.Test != "" || r.Ratio == nil {
			t.Errorf("%s %s %v: %+v", r.System, r.Workload, r.Threads, r)
		}
	}
	if others != 24 {
		t.Errorf("%d rows against the base, want 24", others)
	}
	// Point Select at 1500 threads: v3.0 533944.64 qps, v2.1 336250.38
	// (divided as float64s, not as exact constants).
	v30, v21 := 533944.64, 336250.38
	if r := rowOf(t, c, "v3.0", "oltp_point_select", 1500); *r.Ratio != v30/v21 {
		t.Errorf("ratio %v", *r.Ratio)
	}
	if !hasWarning(c.Warnings, `48 of 48 cells have a single run: no interval, and ratios with them are untested ("no test (1 run)")`) {
		t.Errorf("warnings %v", c.Warnings)
	}
}

// TestWithinRunIsNotAVerdict backs the decision that a within-run
// comparison of two single runs makes no verdict: comparing the batch
// means of two repeats of the same system and cell of the demo campaign
// (which differ only by chance), LogRatio calls 18 of the 160 pairs
// significant at α = 0.05, more than twice the 5% a valid test of
// run-to-run differences would.
func TestWithinRunIsNotAVerdict(t *testing.T) {
	doc := load(t, "../examples/demo-campaign")
	d := Group(doc.Runs, GroupOptions{})
	pairs, significant := 0, 0
	for _, c := range d.Cells {
		var batches [][]float64
		for _, r := range c.Runs {
			st := Steady(r, TPS, 0, 0.95, DefaultThresholds)
			if st.Batches < 2 {
				batches = append(batches, nil)
				continue
			}
			batches = append(batches, batchMeansOf(steadySeries(r, TPS, st), st.Batches))
		}
		for i := range batches {
			for j := i + 1; j < len(batches); j++ {
				if batches[i] == nil || batches[j] == nil {
					continue
				}
				pairs++
				if LogRatio(batches[i], batches[j], 0.95).P <= 0.05 {
					significant++
				}
			}
		}
	}
	if pairs != 160 || significant != 18 {
		t.Errorf("%d of %d pairs significant, want 18 of 160", significant, pairs)
	}
}

// TestMergedClientsCountOnce reads the real two-client campaign: 12
// output files are 6 runs, each named by both of its clients' files.
func TestMergedClientsCountOnce(t *testing.T) {
	doc := load(t, "../testdata/real/clients-campaign")
	d := Group(doc.Runs, GroupOptions{})
	if len(doc.Runs) != 12 || d.RunCount() != 6 || len(d.Cells) != 2 {
		t.Fatalf("%d files, %d runs, %d cells", len(doc.Runs), d.RunCount(), len(d.Cells))
	}
	c := d.Cells[0]
	want := "../testdata/real/clients-campaign/innodb/oltp_read_only/2thr-r1.c1.txt:2 + ../testdata/real/clients-campaign/innodb/oltp_read_only/2thr-r1.c2.txt:2"
	if c.System != "innodb" || c.Threads != 2 || c.Ref(0) != want || len(c.Parts(0)) != 2 {
		t.Errorf("cell %s %d: ref %q", c.System, c.Threads, c.Ref(0))
	}
}

func TestCheckByReal(t *testing.T) {
	demo := load(t, "../examples/demo-campaign").Runs
	tables := load(t, "../testdata/public/tables").Runs
	tests := []struct {
		runs []*parse.Run
		by   string
		want string
	}{
		{demo, "engine", ""},
		{demo, "version", ""}, // the sysbench banner
		{demo, "source", ""},
		{demo, "engin", `no run has the label "engin": the runs have the labels campaign, db_driver, engine, repeat, server, system, threads, workload (or use version, source, tool)`},
		{tables, "version", `no run has a version (neither a "version" label nor a sysbench banner): the runs have the labels file, heading, input, system, table (or use source, tool)`},
	}
	for _, tt := range tests {
		err := CheckBy(tt.runs, tt.by)
		if got := fmt.Sprint(err); (err == nil) != (tt.want == "") || err != nil && got != tt.want {
			t.Errorf("CheckBy(%q) = %v, want %q", tt.by, err, tt.want)
		}
	}
}
