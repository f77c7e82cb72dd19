package render

import "testing"

// TestPeakSentence uses the USL fit of the public 1-128 thread sweep
// (λ 794.0, peak near 54 threads at 3,763.8 tps, R² 0.984) and the same
// fit with the R² of a noisy demo cell (0.457).
func TestPeakSentence(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	v := &View{Metric: "tps", Unit: "/s"}
	w := &WorkloadView{Name: "oltp_read_write"}
	sc := ScalingRow{System: "all", Lambda: f(794.0), R2: f(0.984), PeakThreads: f(54.2), PeakThroughput: f(3763.8), MaxMeasured: 128}
	if got, want := peakSentence(v, w, sc), "all on oltp_read_write peaks near 54 threads at 3,763.8 tps (USL fit, R²=0.984)."; got != want {
		t.Errorf("good fit:\n got %q\nwant %q", got, want)
	}
	sc.R2 = f(0.457)
	if got, want := peakSentence(v, w, sc), "all on oltp_read_write does not follow the Universal Scalability Law closely (R²=0.457): its fitted peak is not a reliable figure."; got != want {
		t.Errorf("poor fit:\n got %q\nwant %q", got, want)
	}
}
