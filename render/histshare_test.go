package render

import (
	"math"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestHistogramSharesFromRuns sums the demo campaign's cells' histograms
// a run at a time, as a report does with the runs' buckets in a spool,
// and finds the points of the buckets put together and sorted: the same
// bits, for the cells as read and with each run given three times (three
// copies of the campaign, whose labels repeat in each run).
func TestHistogramSharesFromRuns(t *testing.T) {
	d := demoFigures(t)
	spool, err := collect.NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer spool.Close()
	checked := 0
	for _, c := range d.an.Dataset.Cells {
		var merged []parse.Bucket
		var runs, copies []*parse.Run
		for _, r := range c.Runs {
			merged = append(merged, r.Histogram...)
			cp := *r
			cp.Histogram = append([]parse.Bucket(nil), r.Histogram...)
			spool.Keep(&cp)
			runs = append(runs, &cp)
		}
		if len(merged) == 0 {
			continue
		}
		for i := 0; i < 3; i++ {
			copies = append(copies, runs...)
		}
		var mergedCopies []parse.Bucket
		for i := 0; i < 3; i++ {
			mergedCopies = append(mergedCopies, merged...)
		}
		for _, tc := range []struct {
			runs    []*parse.Run
			buckets []parse.Bucket
		}{{runs, merged}, {copies, mergedCopies}} {
			want := Histogram{Buckets: tc.buckets}.shares()
			got := Histogram{Runs: tc.runs}.shares()
			if len(want) == 0 || len(got) != len(want) {
				t.Fatalf("%s/%s/%d: %d points from the runs, %d from their buckets", c.System, c.Workload, c.Threads, len(got), len(want))
			}
			for i := range want {
				if math.Float64bits(got[i].X) != math.Float64bits(want[i].X) || math.Float64bits(got[i].Y) != math.Float64bits(want[i].Y) {
					t.Errorf("%s/%s/%d point %d: %v from the runs, %v from their buckets", c.System, c.Workload, c.Threads, i, got[i], want[i])
				}
			}
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("%d demo cells with histograms, want at least 3", checked)
	}
	if err := spool.Err(); err != nil {
		t.Fatal(err)
	}
}
