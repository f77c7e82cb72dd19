package analyze

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
	"gonum.org/v1/gonum/stat"
)

func fp(v float64) *float64 { return &v }
func ip(v int) *int         { return &v }

// seriesRun builds a run whose interim tps series is xs, one per second.
func seriesRun(xs []float64) *parse.Run {
	r := &parse.Run{Source: "synthetic", Tool: parse.ToolSysbench, Test: "oltp_read_write"}
	for i, x := range xs {
		iv := parse.NewInterval(i+1, float64(i+1))
		iv.TPS = x
		r.Intervals = append(r.Intervals, iv)
	}
	return r
}

// sb8 is sb1.0.20-oltp_read_write-8thr.log (testdata/public/sysbench-1.0):
// the 30 interim tps values and the cumulative block, as printed.
func sb8() *parse.Run {
	r := seriesRun([]float64{2846.23, 2812.50, 2857.00, 2884.01, 2895.97, 2955.99, 3000.04, 2950.99, 2907.01, 2955.01,
		2902.00, 2844.99, 2886.98, 2957.03, 2966.98, 2972.33, 2942.65, 2922.03, 2932.99, 2934.70,
		2822.27, 2785.02, 2960.01, 2790.98, 2983.00, 2787.99, 2919.98, 2881.02, 2968.01, 2954.88})
	r.Source = "sb1.0.20-oltp_read_write-8thr.log"
	r.Threads = ip(8)
	r.TPS = fp(2905.92)
	r.QPS = fp(58118.47)
	r.Latency.Avg = fp(2.75)
	r.Latency.Sum = fp(239971.55)
	return r
}

func TestSteadyRealRun(t *testing.T) {
	st := Steady(sb8(), TPS, NoSkip, 0.95, DefaultThresholds)
	if st.Total != 30 || st.N != 30 || st.WarmupS != 0 || len(st.Stalls) != 0 {
		t.Fatalf("got %+v", st)
	}
	// Little: 2905.92 tps × 2.75 ms = 7.99 busy threads of 8.
	if st.Little == nil || !st.Little.OK || !approx(st.Little.Implied, 2905.92*2.75/1000, 1e-12) {
		t.Errorf("Little = %+v", st.Little)
	}
	// 30 points: 6 batches of 5.
	if st.Batches != 6 || st.Batch.N != 30 || !st.Batch.Finite() || !(st.Batch.Lo < st.Mean && st.Mean < st.Batch.Hi) {
		t.Errorf("batch means %+v (%d batches)", st.Batch, st.Batches)
	}
	if st.CV > 0.03 || len(st.Warnings) != 0 {
		t.Errorf("CV %v warnings %v", st.CV, st.Warnings)
	}
	// Automatic: this run starts at its steady throughput (the first ten
	// seconds average within 1% of the rest), so MSER's cut is not kept.
	st = Steady(sb8(), TPS, 0, 0.95, DefaultThresholds)
	if st.N != 30 || st.WarmupS != 0 || !st.WarmupAuto {
		t.Errorf("auto: N %d warm-up %v auto %v", st.N, st.WarmupS, st.WarmupAuto)
	}
	// A fixed skip of 5 s drops the first five intervals.
	st = Steady(sb8(), TPS, 5*time.Second, 0.95, DefaultThresholds)
	if st.N != 25 || st.WarmupS != 5 || st.WarmupAuto {
		t.Errorf("skip 5s: N %d warm-up %v", st.N, st.WarmupS)
	}
}

func TestBatchMeans(t *testing.T) {
	xs := make([]float64, 30)
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	// Batches of 5: means 3, 8, …, 28; their sd is 5·√3.5; t(0.975, 5) =
	// 2.570581835636314.
	s, b := BatchMeans(xs, 0.95, DefaultThresholds)
	half := 2.570581835636314 * 5 * math.Sqrt(3.5) / math.Sqrt(6)
	if b != 6 || !approx(s.Center, 15.5, 1e-12) || !approx(s.Lo, 15.5-half, 1e-9) || !approx(s.Hi, 15.5+half, 1e-9) {
		t.Errorf("BatchMeans = %+v, %d", s, b)
	}
	// 100 points: 10 batches of 10.
	if _, b := BatchMeans(make([]float64, 100), 0.95, DefaultThresholds); b != 10 {
		t.Errorf("100 points: %d batches, want 10", b)
	}
	// 33 points: 6 batches of 5, the first 3 points dropped.
	xs = append([]float64{1000, 1000, 1000}, xs...)
	if s, b := BatchMeans(xs, 0.95, DefaultThresholds); b != 6 || s.Center != 15.5 {
		t.Errorf("33 points: %+v, %d", s, b)
	}
	// Too short, and constant.
	if s, b := BatchMeans([]float64{1, 2, 3}, 0.95, DefaultThresholds); b != 0 || s.Finite() || len(s.Warnings) != 1 {
		t.Errorf("short: %+v %d", s, b)
	}
	c := make([]float64, 20)
	for i := range c {
		c[i] = 7
	}
	if s, _ := BatchMeans(c, 0.95, DefaultThresholds); s.Lo != 7 || s.Hi != 7 || s.Center != 7 {
		t.Errorf("constant: %+v", s)
	}
}

func TestMSER(t *testing.T) {
	// Ten seconds of ramp-up at half speed, then steady: MSER-5 trims the
	// two ramp batches.
	var xs []float64
	for i := 0; i < 10; i++ {
		xs = append(xs, 50)
	}
	for i := 0; i < 40; i++ {
		xs = append(xs, 100+float64(i%3))
	}
	if d := MSER(xs, 5, 0.5); d != 10 {
		t.Errorf("MSER = %d, want 10", d)
	}
	st := Steady(seriesRun(xs), TPS, 0, 0.95, DefaultThresholds)
	if !st.WarmupAuto || st.WarmupS != 10 || st.N != 40 || !approx(st.Mean, stat.Mean(xs[10:], nil), 1e-12) {
		t.Errorf("Steady auto: %+v", st)
	}
	// A constant series trims nothing.
	if d := MSER([]float64{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, 5, 0.5); d != 0 {
		t.Errorf("constant: MSER = %d", d)
	}
}

func TestStalls(t *testing.T) {
	xs := []float64{100, 100, 100, 0, 0, 100, 100, 9, 100, 100, 100, 100}
	st := Steady(seriesRun(xs), TPS, NoSkip, 0.95, DefaultThresholds)
	want := []Stall{{StartS: 4, EndS: 5, Intervals: 2, Min: 0}, {StartS: 8, EndS: 8, Intervals: 1, Min: 9}}
	if len(st.Stalls) != 2 || st.Stalls[0] != want[0] || st.Stalls[1] != want[1] {
		t.Errorf("stalls = %+v, want %+v", st.Stalls, want)
	}
	if len(st.Warnings) == 0 {
		t.Error("no stall warning")
	}
}

func TestSteadyEdges(t *testing.T) {
	// No series at all (a summary-table row).
	r := &parse.Run{TPS: fp(10), Threads: ip(4), Latency: parse.Latency{Avg: fp(400)}}
	st := Steady(r, TPS, 0, 0.95, DefaultThresholds)
	if st.Total != 0 || st.Little == nil || !st.Little.OK {
		t.Errorf("no series: %+v %+v", st, st.Little)
	}
	// Little's law broken: 4 threads but X·R = 1.
	r.Latency.Avg = fp(100)
	if st := Steady(r, TPS, 0, 0.95, DefaultThresholds); st.Little.OK || len(st.Warnings) == 0 {
		t.Errorf("Little broken: %+v", st.Little)
	}
	// Rate mode: fewer busy threads are fine.
	r.Options.RateTarget = fp(10)
	if st := Steady(r, TPS, 0, 0.95, DefaultThresholds); !st.Little.OK {
		t.Errorf("rate mode: %+v", st.Little)
	}
	// All-zero series: every interval is a stall, nothing is NaN.
	st = Steady(seriesRun(make([]float64, 12)), TPS, 0, 0.95, DefaultThresholds)
	if len(st.Stalls) != 1 || st.Stalls[0].Intervals != 12 || math.IsNaN(st.CV) || math.IsNaN(st.Mean) {
		t.Errorf("zeros: %+v", st)
	}
}

// TestSteadyShortSeries: a real 5 s run (five interim points) is too short
// for warm-up detection and batch means, but its CV and stalls are judged.
func TestSteadyShortSeries(t *testing.T) {
	f, err := os.Open("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := parse.All(f, "x")
	if err != nil || len(d.Runs) != 1 {
		t.Fatalf("runs %v err %v", d.Runs, err)
	}
	st := Steady(d.Runs[0], TPS, 0, 0.95, DefaultThresholds)
	if !st.Short || st.Total != 5 || st.N != 5 || st.WarmupS != 0 || st.Batch.Finite() || math.IsNaN(st.CV) || st.CV <= 0 || len(st.Stalls) != 0 {
		t.Errorf("got %+v", st)
	}
	// tps falls from 1771.88 to 853.22 over the five seconds: CV 30.5%.
	if len(st.Warnings) != 2 || st.Warnings[0].Error() != "5 interim points: need >= 10 for warm-up detection and a within-run interval" ||
		st.Warnings[1].Error() != "noisy steady state: coefficient of variation 30.5% (> 10%)" ||
		!errors.Is(st.Warnings[0], ErrShortSeries) || errors.Is(st.Warnings[1], ErrShortSeries) {
		t.Errorf("warnings %v", st.Warnings)
	}
}

// TestStallsRealRun finds the write stalls of the public one-hour 0.5 run
// (32 threads, median 3901.14 tps): tps is 4626.27 at 510 s, 0.00 from
// 520 s (106.10 at 560 s, still under a tenth of the median) to 820 s,
// and 3003.02 again at 830 s; four later stalls follow.
func TestStallsRealRun(t *testing.T) {
	f, err := os.Open("../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := parse.All(f, "x")
	if err != nil || len(d.Runs) != 1 {
		t.Fatalf("runs %v err %v", d.Runs, err)
	}
	st := Steady(d.Runs[0], TPS, NoSkip, 0.95, DefaultThresholds)
	if st.Median != 3901.145 || len(st.Stalls) != 5 {
		t.Fatalf("median %v, %d stalls: %+v", st.Median, len(st.Stalls), st.Stalls)
	}
	if want := (Stall{StartS: 520, EndS: 820, Intervals: 31, Min: 0}); st.Stalls[0] != want {
		t.Errorf("first stall %+v, want %+v", st.Stalls[0], want)
	}
}

// TestSteadyDeclineIsNoWarmup: the public 30-minute sysbench 1.0.20 run
// on host "voice" (sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt,
// 16 threads, 180 interim reports of 10 s) starts at 39.90 tps (70 s),
// reaches 128.90 at 370 s and then declines to the 80s. MSER's cut at
// 850 s is a start better than the rest, not a warm-up: nothing is
// trimmed and the run keeps its printed 91.56 tps.
func TestSteadyDeclineIsNoWarmup(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/public/sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt"})
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReport(doc, Analyze(doc, Options{}))
	var run *parse.Run
	for _, r := range doc.Runs {
		if r.Threads != nil && *r.Threads == 16 && len(r.Intervals) > 100 {
			run = r
		}
	}
	if run == nil {
		t.Fatal("no 16-thread run with its interim series")
	}
	st := Steady(run, TPS, 0, 0.95, DefaultThresholds)
	if st.Total != 180 || st.N != 180 || st.WarmupS != 0 || st.DeclinedS != 850 || !(st.HeadMean > st.RestMean) {
		t.Errorf("auto warm-up on a declining run: total %d steady %d warm-up %v declined at %v (%.2f then %.2f)",
			st.Total, st.N, st.WarmupS, st.DeclinedS, st.HeadMean, st.RestMean)
	}
	if math.Abs(st.RestMean-86.5) > 0.05 {
		t.Errorf("mean after 850 s %.3f, want 86.5", st.RestMean)
	}
	cells := 0
	for _, w := range rp.Workloads {
		for _, c := range w.Cells {
			cells++
			if c.Threads == 16 && (len(c.Trimmed) > 0 || c.Compared.Center == nil || *c.Compared.Center != 91.56) {
				t.Errorf("%s at 16 threads: %+v, want the printed 91.56 untrimmed", w.Name, c)
			}
		}
	}
	if cells != 1 {
		t.Errorf("%d cells, want the one run's", cells)
	}
	said := false
	for _, w := range rp.Warnings {
		said = said || strings.Contains(w, "tps declined, 97.25 on average in the first 850 s and 86.50 after: not a warm-up, nothing trimmed")
	}
	if !said {
		t.Errorf("the report does not say the run declined: %q", rp.Warnings)
	}
}
