package analyze

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// sweep is the plantegg/sysbench_report thread sweep in
// testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-{N}thr.log: the
// cumulative tps and p95 (ms) as printed (SOURCES.md).
var sweep = []struct {
	threads  int
	tps, p95 float64
}{
	{1, 568.75, 1.89}, {8, 2905.92, 3.96}, {16, 3482.24, 7.43},
	{32, 3580.95, 13.95}, {64, 3630.66, 32.53}, {128, 3645.61, 75.82},
}

func sweepRuns() []*parse.Run {
	var runs []*parse.Run
	for _, s := range sweep {
		r := &parse.Run{Source: "sysbench-1.0/sweep.log", Tool: parse.ToolSysbench, Test: "oltp_read_write",
			Threads: ip(s.threads), TPS: fp(s.tps)}
		r.Latency.Percentiles = map[string]float64{"95": s.p95}
		runs = append(runs, r)
	}
	return runs
}

func TestScaleSweep(t *testing.T) {
	slo, err := ParseSLO("p95=20ms")
	if err != nil {
		t.Fatal(err)
	}
	cpus := 16
	hosts := []*parse.Host{{Source: "sysbench-1.0/lscpu.txt", CPUs: &cpus}}
	sc := Scale(Group(sweepRuns(), GroupOptions{}), hosts, ScaleOptions{SLO: &slo})
	if len(sc.Curves) != 1 {
		t.Fatalf("%d curves", len(sc.Curves))
	}
	cu := sc.Curves[0]
	if cu.Fit == nil || len(cu.Points) != 6 || cu.MaxMeasured != 128 {
		t.Fatalf("curve %+v", cu)
	}
	// The SLO holds up to 32 threads (p95 13.95 ms) and fails at 64.
	if cu.SLOThreads == nil || *cu.SLOThreads != 32 || *cu.SLOThroughput != 3580.95 {
		t.Errorf("SLO threads %v", cu.SLOThreads)
	}
	// Efficiency against the one-thread point: 2905.92/(8·568.75).
	if e := cu.Points[1].Efficiency; e == nil || !approx(*e, 2905.92/(8*568.75), 1e-12) || *cu.Points[0].Efficiency != 1 {
		t.Errorf("efficiency %v", e)
	}
	if p := cu.Points[5].PerCPU; p == nil || !approx(*p, 3645.61/16, 1e-12) || *cu.CPUs != 16 {
		t.Errorf("per CPU %v", p)
	}
	// The fit reproduces the plateau within a few percent (the 1-thread
	// point lies below the curve: 8 threads give only 5.1× one thread).
	t.Logf("λ=%.4g σ=%.4g κ=%.4g N*=%v X(N*)=%v", *cu.Lambda, *cu.Sigma, *cu.Kappa, cu.PeakThreads, cu.PeakThroughput)
	for _, p := range cu.Points[1:] {
		if !approx(*p.Fitted, p.Throughput.Center, 0.08) {
			t.Errorf("%d threads: fitted %v, measured %v", p.Threads, *p.Fitted, p.Throughput.Center)
		}
	}
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"system":"all"`, `"workload":"oltp_read_write"`, `"lambda":`, `"sigma":`, `"kappa":`,
		`"sigma_se":`, `"kappa_se":`, `"lambda_se":`, `"peak_threads":`, `"peak_throughput":`, `"points":[`} {
		if !strings.Contains(string(b), f) {
			t.Errorf("JSON lacks %s", f)
		}
	}
}

func TestScaleTooFewLevels(t *testing.T) {
	runs := sweepRuns()[:2]
	sc := Scale(Group(runs, GroupOptions{}), nil, ScaleOptions{})
	cu := sc.Curves[0]
	if cu.Fit != nil || cu.Lambda != nil || cu.PeakThreads != nil || !hasWarning(cu.Warnings, "need >= 3") {
		t.Errorf("curve %+v", cu)
	}
	if _, err := json.Marshal(sc); err != nil {
		t.Error(err)
	}
}

func TestParseSLO(t *testing.T) {
	tests := []struct {
		in   string
		want SLO
		err  bool
	}{
		{"p95=20ms", SLO{"95", 20}, false},
		{"p99.9=1.5s", SLO{"99.9", 1500}, false},
		{"avg=500us", SLO{"avg", 0.5}, false},
		{"P95 = 20", SLO{"95", 20}, false},
		{"p95", SLO{}, true},
		{"p0=1ms", SLO{}, true},
		{"x=1ms", SLO{}, true},
		{"p95=-1ms", SLO{}, true},
	}
	for _, tt := range tests {
		got, err := ParseSLO(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseSLO(%q) = %+v, %v", tt.in, got, err)
		}
	}
}
