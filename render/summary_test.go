package render

import (
	"testing"

	"github.com/sbreport/sbreport/analyze"
)

// TestScalingNotes uses the USL fit of the public 1-128 thread sweep as
// `sbreport scale --json` gives it, then two fits with the R² of the demo
// campaign's oltp_point_select curves (0.5729, 0.487): a good fit's peak
// is one sentence, every poor fit of a workload together another.
func TestScalingNotes(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	rp := &analyze.Report{Metric: "tps"}
	w := &WorkloadView{Name: "oltp_read_write", Scaling: []ScalingRow{
		{System: "a", Lambda: f(793.9683526728359), R2: f(0.9842030878262668), GoodFit: true,
			PeakThreads: f(54.35686628623958), PeakThroughput: f(3763.8481749532925), MaxMeasured: 128},
		{System: "b", Lambda: f(27304), R2: f(0.5728917426963056)},
		{System: "c", Lambda: f(23634), R2: f(0.487)},
	}}
	got := scalingNotes(rp, w)
	want := []string{
		"a peaks near 54 threads at 3,764 tps (Universal Scalability Law fit, R² 0.984).",
		"The Universal Scalability Law does not describe b and c closely (R² 0.487 to 0.573): no peak is quoted.",
	}
	if len(got) != len(want) {
		t.Fatalf("notes %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("note %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
}
