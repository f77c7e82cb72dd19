package render

import "testing"

// TestPeakSentence uses the USL fit of the public 1-128 thread sweep as
// `sbreport scale --json` gives it, then the same fit with the R² of the
// demo campaign's innodb oltp_point_select curve (0.5729).
func TestPeakSentence(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	v := &View{Metric: "tps", Unit: "/s"}
	w := &WorkloadView{Name: "oltp_read_write"}
	sc := ScalingRow{System: "all", Lambda: f(793.9683526728359), R2: f(0.9842030878262668),
		PeakThreads: f(54.35686628623958), PeakThroughput: f(3763.8481749532925), MaxMeasured: 128}
	if got, want := peakSentence(v, w, sc), "all on oltp_read_write peaks near 54 threads at 3,763.8 tps (USL fit, R²=0.984)."; got != want {
		t.Errorf("good fit:\n got %q\nwant %q", got, want)
	}
	sc.R2 = f(0.5728917426963056)
	if got, want := peakSentence(v, w, sc), "all on oltp_read_write does not follow the Universal Scalability Law closely (R²=0.573): its fitted peak is not a reliable figure."; got != want {
		t.Errorf("poor fit:\n got %q\nwant %q", got, want)
	}
}
