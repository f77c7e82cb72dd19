package sysbench_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/sysbench"
)

// TestSysbenchLayouts reads the report blocks that tell each dialect
// (FORMATS.md §1) and checks the layout each row of the dialects names,
// with the latency read in milliseconds whatever unit it was printed in.
func TestSysbenchLayouts(t *testing.T) {
	const fairness = `
Threads fairness:
    events (avg/stddev):           10000.0000/0.00
    execution time (avg/stddev):   112.9054/0.00
`
	tests := []struct {
		name   string
		report string
		want   string
		avgMs  float64
	}{
		{"gen A: test execution summary, seconds", `sysbench v0.4.8:  multi-threaded system evaluation benchmark

Test execution summary:
    total time:                          112.9141s
    total number of events:              10000
    total time taken by event execution: 112.9054
    per-request statistics:
         min:                            0.0110s
         avg:                            0.0113s
         max:                            0.0190s
         approx.  95 percentile:         0.0116s
` + fairness, sysbench.LayoutA, 11.3},
		{"gen B: test execution summary, ms", `sysbench 0.4.12:  multi-threaded system evaluation benchmark

Test execution summary:
    total time:                          112.9141s
    total number of events:              10000
    total time taken by event execution: 112.9054
    per-request statistics:
         min:                                 11.00ms
         avg:                                 11.29ms
         max:                                 19.00ms
         approx.  95 percentile:              11.60ms
` + fairness, sysbench.LayoutB, 11.29},
		{"gen C: general statistics, response time", `sysbench 0.5:  multi-threaded system evaluation benchmark

General statistics:
    total time:                          112.9141s
    total number of events:              10000
    total time taken by event execution: 112.9054s
    response time:
         min:                                 11.00ms
         avg:                                 11.29ms
         max:                                 19.00ms
         approx.  95 percentile:              11.60ms
` + fairness, sysbench.LayoutC, 11.29},
		{"gen D: 1.0 blocks, response time", `sysbench 1.0:  multi-threaded system evaluation benchmark

File operations:
    reads/s:                      2366.91
    writes/s:                     0.00
    fsyncs/s:                     0.00

General statistics:
    total time:                          112.9141s
    total number of events:              10000
    total time taken by event execution: 112.9054s
    response time:
         min:                                 11.00ms
         avg:                                 11.29ms
         max:                                 19.00ms
         approx.  95 percentile:              11.60ms
` + fairness, sysbench.LayoutD, 11.29},
		{"gen E: latency (ms)", `sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

General statistics:
    total time:                          112.9141s
    total number of events:              10000

Latency (ms):
         min:                                   11.00
         avg:                                   11.29
         max:                                   19.00
         95th percentile:                       11.60
         sum:                               112905.40
` + fairness, sysbench.LayoutE, 11.29},
		{"gen G: throughput", `sysbench 1.1.0-ead2689 (using bundled LuaJIT 2.1.0-beta3)

Throughput:
    events/s (eps):                      88.5611
    time elapsed:                        112.9141s
    total number of events:              10000

Latency (ms):
         min:                                   11.00
         avg:                                   11.29
         max:                                   19.00
         95th percentile:                       11.60
         sum:                               112905.40
` + fairness, sysbench.LayoutG, 11.29},
		{"0.4 statistics without a latency heading", `OLTP test statistics:
    queries performed:
        read:                            140000
        write:                           50000
        other:                           20000
        total:                           210000
    transactions:                        10000  (88.56 per sec.)
    deadlocks:                           0      (0.00 per sec.)
    read/write requests:                 190000 (1682.66 per sec.)
    other operations:                    20000  (177.12 per sec.)

General statistics:
    total time:                          112.9141s
    total number of events:              10000
`, sysbench.LayoutC, 0},
		{"1.0 statistics without a latency heading", `SQL statistics:
    queries performed:
        read:                            140000
        write:                           40000
        other:                           20000
        total:                           200000
    transactions:                        10000  (88.56 per sec.)
    queries:                             200000 (1771.26 per sec.)
    ignored errors:                      0      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

General statistics:
    total time:                          112.9141s
    total number of events:              10000
`, sysbench.LayoutE, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &parse.Document{}
			if err := parse.Sysbench(strings.NewReader(tt.report), "in", d.Add); err != nil {
				t.Fatal(err)
			}
			if len(d.Runs) != 1 || len(d.Errors) != 0 {
				t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
			}
			r := d.Runs[0]
			if r.Layout != tt.want {
				t.Errorf("layout %q, want %q", r.Layout, tt.want)
			}
			if tt.avgMs != 0 && (r.Latency.Avg == nil || math.Abs(*r.Latency.Avg-tt.avgMs) > 1e-9) {
				t.Errorf("latency avg %v ms, want %v", r.Latency.Avg, tt.avgMs)
			}
		})
	}
}
