package collect

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestSpoolGivesBackTheHistograms keeps the histograms of real sysbench
// runs in a spool and reads them back: the same buckets, bit for bit, and
// the same JSON for the run whole.
func TestSpoolGivesBackTheHistograms(t *testing.T) {
	var runs []*parse.Run
	err := WalkWith([]string{"../testdata/real"}, Options{}, func(it parse.Item) {
		if r, ok := it.(*parse.Run); ok {
			runs = append(runs, r)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var want [][]parse.Bucket
	var wantJSON [][]byte
	kept := 0
	for _, r := range runs {
		want = append(want, r.Histogram)
		b, err := parse.AppendRunJSON(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON = append(wantJSON, b)
		s.Keep(r)
		if r.Away != nil {
			kept++
			if r.Histogram != nil {
				t.Fatalf("%s:%d: histogram kept in memory after Keep", r.Source, r.Line)
			}
		}
	}
	if kept < 5 {
		t.Fatalf("%d runs of testdata/real had a histogram to keep, want at least 5", kept)
	}
	for i, r := range runs {
		if got := r.Buckets(); !reflect.DeepEqual(got, want[i]) {
			t.Errorf("%s:%d: buckets read back %v, want %v", r.Source, r.Line, got, want[i])
		}
		if r.NumBuckets() != len(want[i]) {
			t.Errorf("%s:%d: NumBuckets %d, want %d", r.Source, r.Line, r.NumBuckets(), len(want[i]))
		}
		b, err := parse.AppendRunJSON(nil, r.WithSeries())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, wantJSON[i]) {
			t.Errorf("%s:%d: JSON of the run read back differs", r.Source, r.Line)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}
