package warehouse

import (
	"context"
	"testing"

	"github.com/sbreport/sbreport/collect/warehouse/whtest"
)

// BenchmarkStore100kIntervals stores one real 1.0.20 oltp_read_write run
// whose interim lines are repeated to 100,000 (a 28-hour run at one
// report a second): 100k interim points, 100k source lines, one
// transaction. The tables are emptied between iterations.
func BenchmarkStore100kIntervals(b *testing.B) {
	d := whtest.New(b)
	dir := b.TempDir()
	longRuns(b, dir, 1, 100000)
	cfg, err := ParseURL(d.URL(), d.Password)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	w, err := Open(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for _, t := range []string{"sources", "source_lines", "runs", "run_labels", "intervals", "captures", "input_errors"} {
			if _, err := w.DB.Exec("DELETE FROM " + t); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		st, err := w.Store(ctx, []string{dir}, StoreOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if st.Intervals != 100000 {
			b.Fatalf("stored %d interim points", st.Intervals)
		}
	}
	b.ReportMetric(float64(b.N)*100000/b.Elapsed().Seconds(), "points/s")
}

// BenchmarkLoad100kIntervals reads the same run back.
func BenchmarkLoad100kIntervals(b *testing.B) {
	d := whtest.New(b)
	dir := b.TempDir()
	longRuns(b, dir, 1, 100000)
	cfg, err := ParseURL(d.URL(), d.Password)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	w, err := Open(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Store(ctx, []string{dir}, StoreOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l, err := w.Load(ctx, Filter{})
		if err != nil {
			b.Fatal(err)
		}
		if len(l.Doc.Runs) != 1 || len(l.Doc.Runs[0].Intervals) != 100000 {
			b.Fatal("wrong run read back")
		}
	}
}
