package analyze

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// repeat returns runs of one system, workload and thread count with the
// given tps (and avg latency = 1000·threads/tps, so Little's law holds).
func repeat(engine, workload string, threads int, tps ...float64) []*parse.Run {
	var out []*parse.Run
	for i, x := range tps {
		r := &parse.Run{Source: fmt.Sprintf("%s/%s-%d-%d.log", engine, workload, threads, i), Tool: parse.ToolSysbench,
			Test: workload, Threads: ip(threads), TPS: fp(x)}
		r.Latency.Avg = fp(1000 * float64(threads) / x)
		r.Latency.Percentiles = map[string]float64{"95": 2 * 1000 * float64(threads) / x}
		r.SetLabel("engine", engine)
		out = append(out, r)
	}
	return out
}

func join(rs ...[]*parse.Run) []*parse.Run {
	var out []*parse.Run
	for _, r := range rs {
		out = append(out, r...)
	}
	return out
}

func TestCompareMeans(t *testing.T) {
	inno := []float64{1000, 1010, 990, 1005, 995}
	rocks := []float64{3200, 3150, 3260, 3190, 3210}
	d := Group(join(repeat("innodb", "oltp_insert", 8, inno...), repeat("rocksdb", "oltp_insert", 8, rocks...)), GroupOptions{})
	if d.By != "engine" || len(d.Cells) != 2 {
		t.Fatalf("grouping: by %q, %d cells", d.By, len(d.Cells))
	}
	c := Compare(d, CompareOptions{})
	if c.Metric != TPS || c.Base != "innodb" || len(c.Rows) != 2 {
		t.Fatalf("comparison %+v", c)
	}
	base, row := c.Rows[0], c.Rows[1]
	// The geometric mean of 1000, 1010, 990, 1005, 995: exp of the mean
	// logarithm, 999.974999249956 (a hair below the arithmetic 1000).
	if !base.Base || base.Ratio != nil || base.PValue != nil || base.N != 5 || !approx(*base.Center, 999.974999249956, 1e-12) {
		t.Errorf("base row %+v", base)
	}
	rt := LogRatio(inno, rocks, 0.95)
	p := WelchTTest(logsOf(inno), logsOf(rocks)).P
	if *row.Ratio != rt.Ratio || *row.RatioLo != rt.Lo || *row.RatioHi != rt.Hi || *row.PValue != rt.P || !approx(rt.P, p, 1e-12) ||
		!row.Significant || !row.Better || row.Verdict != VerdictBetter || row.Test != "log-welch" {
		t.Errorf("row %+v", row)
	}
	if !approx(rt.Ratio, *row.Center / *base.Center, 1e-12) || !(rt.Lo < rt.Ratio && rt.Ratio < rt.Hi) {
		t.Errorf("ratio %v [%v, %v]", rt.Ratio, rt.Lo, rt.Hi)
	}
	r := rt.Ratio
	if len(c.Geomeans) != 1 || !approx(*c.Geomeans[0].Ratio, r, 1e-12) || len(c.Geomeans[0].Warnings) != 0 {
		t.Errorf("geomean %+v", c.Geomeans)
	}
	// JSON: the field names, null where undefined.
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"workload":"oltp_insert"`, `"threads":8`, `"metric":"tps"`, `"system":"rocksdb"`, `"n":5`,
		`"center":`, `"lo":`, `"hi":`, `"ratio":`, `"ratio_lo":`, `"ratio_hi":`, `"p_value":`, `"significant":true`, `"ratio":null`,
		`"verdict":"better"`, `"verdict":""`, `"center":"geomean"`, `"test":"log-welch"`} {
		if !strings.Contains(string(b), f) {
			t.Errorf("JSON lacks %s: %s", f, b)
		}
	}
}

func TestCompareLatencyLowerIsBetter(t *testing.T) {
	d := Group(join(repeat("a", "w", 4, 100, 101, 99, 100), repeat("b", "w", 4, 200, 202, 198, 201)), GroupOptions{})
	c := Compare(d, CompareOptions{Metric: LatencyAvgMs})
	row := c.Rows[1]
	if !c.LowerIsBetter || *row.Ratio >= 1 || !row.Significant || !row.Better {
		t.Errorf("row %+v", row)
	}
	// The other way round: b as base, a is significantly worse.
	c = Compare(d, CompareOptions{Metric: LatencyP95Ms, Base: "b"})
	if row := c.Rows[1]; row.System != "a" || *row.Ratio <= 1 || !row.Significant || row.Better {
		t.Errorf("row %+v", row)
	}
}

func TestCompareMedians(t *testing.T) {
	a := []float64{10, 11, 12, 13}
	b := []float64{20, 21, 22, 23}
	d := Group(join(repeat("a", "w", 1, a...), repeat("b", "w", 1, b...)), GroupOptions{})
	c := Compare(d, CompareOptions{Center: Median})
	row := c.Rows[1]
	// 4 against 4, fully separated: exact two-sided p = 2/70. The 95%
	// interval of the ratio is [min, max] of the pairwise ratios, since
	// P(U ≤ 0) = 1/70 ≤ 0.025 < P(U ≤ 1) = 2/70.
	if row.Test != "mann-whitney" || !approx(*row.PValue, 2.0/70, 1e-12) || !approx(*row.Ratio, 21.5/11.5, 1e-12) ||
		!approx(*row.RatioLo, 20.0/13, 1e-12) || !approx(*row.RatioHi, 23.0/10, 1e-12) {
		t.Errorf("row %+v lo %v hi %v", row, *row.RatioLo, *row.RatioHi)
	}
	// The base row's median interval: 4 samples are too few at 95%.
	if base := c.Rows[0]; base.Lo != nil || len(base.Warnings) == 0 {
		t.Errorf("base %+v", base)
	}
	// 3 against 3 cannot reach α = 0.05: the smallest p is 2/20.
	d = Group(join(repeat("a", "w", 1, 1, 2, 3), repeat("b", "w", 1, 7, 8, 9)), GroupOptions{})
	row = Compare(d, CompareOptions{Center: Median}).Rows[1]
	if row.Significant || row.RatioLo != nil || !approx(*row.PValue, 0.1, 1e-12) || row.Verdict != VerdictSame ||
		!hasWarning(row.Warnings, "need >= 4 runs per side for a 0.95 interval of the ratio of medians") {
		t.Errorf("row %+v", row)
	}
}

func TestCompareEdges(t *testing.T) {
	t.Run("noisy base: wide but positive interval", func(t *testing.T) {
		// Fieller's interval of the ratio of arithmetic means was
		// unbounded here; on the log scale it is finite and positive:
		// the mean logs are log(200)/3 and log(132600)/3.
		d := Group(join(repeat("a", "w", 1, 1, 100, 2), repeat("b", "w", 1, 50, 51, 52)), GroupOptions{})
		row := Compare(d, CompareOptions{}).Rows[1]
		if row.Ratio == nil || !approx(*row.Ratio, math.Cbrt(132600.0/200), 1e-12) || row.RatioLo == nil || !(*row.RatioLo > 0) ||
			row.Significant || row.Verdict != VerdictSame {
			t.Errorf("row %+v", row)
		}
	})
	t.Run("single runs without series", func(t *testing.T) {
		d := Group(join(repeat("a", "w", 1, 10), repeat("b", "w", 1, 20)), GroupOptions{})
		c := Compare(d, CompareOptions{})
		row := c.Rows[1]
		if *row.Ratio != 2 || row.PValue != nil || row.Lo != nil || row.Significant || row.Verdict != VerdictOneRun ||
			row.RatioLo != nil || row.WithinRatioLo != nil || len(row.Warnings) != 0 {
			t.Errorf("row %+v", row)
		}
		if !hasWarning(c.Warnings, `2 of 2 cells have a single run: no interval, and ratios with them are untested ("no test (1 run)")`) {
			t.Errorf("warnings %v", c.Warnings)
		}
	})
	t.Run("single runs with series: within-run", func(t *testing.T) {
		ra := sb8()
		ra.SetLabel("engine", "a")
		rb := seriesRun([]float64{3000, 3010, 2990, 3005, 2995, 3000, 3010, 2990, 3005, 2995, 3000, 3010, 2990, 3005, 2995})
		rb.SetLabel("engine", "b")
		rb.Threads, rb.TPS = ip(8), fp(3000)
		d := Group([]*parse.Run{ra, rb}, GroupOptions{})
		c := Compare(d, CompareOptions{Skip: NoSkip})
		row := c.Rows[1]
		// The within-run comparison is kept under its own name; the
		// verdict about run-to-run differences stays "no test (1 run)".
		if !row.Within || !c.Rows[0].Within || row.PValue != nil || row.RatioLo != nil || row.Significant ||
			row.Verdict != VerdictOneRun || row.WithinPValue == nil || row.WithinRatioLo == nil ||
			!(*row.WithinRatioLo > 1) || !approx(*row.Ratio, 3000/2905.92, 1e-12) {
			t.Errorf("row %+v", row)
		}
	})
	t.Run("a 3.6x spread", func(t *testing.T) {
		// Two repeats 3.6× apart are flagged even without other cells to
		// compare with; the steady other system is not.
		d := Group(join(repeat("a", "w", 1, 100, 360), repeat("b", "w", 1, 200, 201)), GroupOptions{})
		c := Compare(d, CompareOptions{})
		a, b := c.Rows[0], c.Rows[1]
		want := "repeats differ 3.60× (max/min; the other 1 cells: median 1.00×): tps 100 at a/w-1-0.log, 360 at a/w-1-1.log"
		if !a.SpreadWarning || !approx(*a.Spread, 3.6, 1e-12) || !hasWarning(a.Warnings, want) || b.SpreadWarning || !approx(*b.Spread, 1.005, 1e-12) {
			t.Errorf("rows %+v\n%+v", a, b)
		}
		d = Group(repeat("a", "w", 1, 100, 360), GroupOptions{})
		if r := Compare(d, CompareOptions{}).Rows[0]; !hasWarning(r.Warnings, "repeats differ 3.60× (max/min; no other cell has repeats): tps 100 at a/w-1-0.log, 360 at a/w-1-1.log") {
			t.Errorf("alone: %v", r.Warnings)
		}
	})
	t.Run("a spread over many repeats", func(t *testing.T) {
		// Seven repeats name the lowest and highest, not every run: a
		// cell of a year of nightly runs would list thousands.
		d := Group(join(repeat("a", "w", 1, 100, 110, 360, 120, 105, 115, 108), repeat("b", "w", 1, 200, 201)), GroupOptions{})
		want := "repeats differ 3.60× (max/min; the other 1 cells: median 1.00×): tps 7 repeats, the lowest 100 at a/w-1-0.log, the highest 360 at a/w-1-2.log"
		if a := Compare(d, CompareOptions{}).Rows[0]; !a.SpreadWarning || !hasWarning(a.Warnings, want) {
			t.Errorf("warnings %q, want %q", a.Warnings, want)
		}
	})
	t.Run("workloads differ", func(t *testing.T) {
		d := Group(join(repeat("a", "w1", 1, 10, 11), repeat("a", "w2", 1, 10, 11),
			repeat("b", "w1", 1, 20, 21)), GroupOptions{})
		c := Compare(d, CompareOptions{})
		if len(c.Geomeans) != 1 || !hasWarning(c.Geomeans[0].Warnings, "workloads differ") {
			t.Errorf("geomeans %+v", c.Geomeans)
		}
		// The w2 cell has no b row; the b row of w1 exists.
		if len(c.Rows) != 3 {
			t.Errorf("%d rows", len(c.Rows))
		}
	})
	t.Run("unknown base", func(t *testing.T) {
		d := Group(join(repeat("a", "w", 1, 10, 11), repeat("b", "w", 1, 20, 21)), GroupOptions{})
		c := Compare(d, CompareOptions{Base: "zzz"})
		if c.Base != "a" || len(c.Warnings) == 0 {
			t.Errorf("base %q warnings %v", c.Base, c.Warnings)
		}
	})
	t.Run("NaN-free JSON", func(t *testing.T) {
		d := Group(join(repeat("a", "w", 1, 0, 0), repeat("b", "w", 1, 1, 1)), GroupOptions{})
		if _, err := json.Marshal(Compare(d, CompareOptions{})); err != nil {
			t.Error(err)
		}
	})
}

func logsOf(xs []float64) []float64 {
	ls, _, ok := logs(xs)
	if !ok {
		panic("logsOf: a value is not positive")
	}
	return ls
}

func hasWarning(ws Warnings, prefix string) bool {
	for _, w := range ws {
		if strings.Contains(w.Error(), prefix) {
			return true
		}
	}
	return false
}

// BenchmarkCompare10000 compares 10,000 runs: 5 engines × 10 workloads
// × 8 thread counts × 25 repeats.
func BenchmarkCompare10000(b *testing.B) {
	var runs []*parse.Run
	for e := 0; e < 5; e++ {
		for w := 0; w < 10; w++ {
			for th := 1; th <= 128; th *= 2 {
				var xs []float64
				for i := 0; i < 25; i++ {
					xs = append(xs, 1000*float64(e+1)+10*math.Sin(float64(i*7+w+th)))
				}
				runs = append(runs, repeat(fmt.Sprint("engine", e), fmt.Sprint("w", w), th, xs...)...)
			}
		}
	}
	if len(runs) != 10000 {
		b.Fatalf("%d runs", len(runs))
	}
	b.ResetTimer()
	for b.Loop() {
		Compare(Group(runs, GroupOptions{}), CompareOptions{})
	}
}
