package collect

import (
	"bytes"
	"math"
	"os"
	"reflect"
	"runtime"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestSpoolGivesBackTheSeries keeps the interim reports and histograms
// of real sysbench runs in a spool and reads them back: the same values,
// bit for bit (NaN for a value an interim line lacks), and the same JSON
// for the run whole.
func TestSpoolGivesBackTheSeries(t *testing.T) {
	if n := reflect.TypeOf(parse.Interval{}).NumField(); n != intervalSize/8 {
		t.Fatalf("parse.Interval has %d fields, the spool writes %d", n, intervalSize/8)
	}
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
	if _, err := os.Stat(s.f.Name()); runtime.GOOS != "windows" && !os.IsNotExist(err) {
		t.Errorf("spool file %s still named while open (stat: %v): an interrupted report would leave it", s.f.Name(), err)
	}
	var want [][]parse.Bucket
	var wantIvs [][]parse.Interval
	var wantJSON [][]byte
	kept := 0
	for _, r := range runs {
		want = append(want, r.Histogram)
		wantIvs = append(wantIvs, r.Intervals)
		b, err := parse.AppendRunJSON(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON = append(wantJSON, b)
		s.Keep(r)
		if r.Away != nil {
			kept++
			if len(r.Histogram) > 0 || len(r.Intervals) > 0 {
				t.Fatalf("%s:%d: series kept in memory after Keep", r.Source, r.Line)
			}
		}
	}
	if kept < 5 {
		t.Fatalf("%d runs of testdata/real had a series to keep, want at least 5", kept)
	}
	nivs := 0
	for i, r := range runs {
		if got := r.Buckets(); !reflect.DeepEqual(got, want[i]) {
			t.Errorf("%s:%d: buckets read back %v, want %v", r.Source, r.Line, got, want[i])
		}
		got := r.Interim()
		if len(got) != len(wantIvs[i]) || (got == nil) != (wantIvs[i] == nil) {
			t.Fatalf("%s:%d: %d interim reports read back, want %d", r.Source, r.Line, len(got), len(wantIvs[i]))
		}
		for j := range got {
			a, b := reflect.ValueOf(got[j]), reflect.ValueOf(wantIvs[i][j])
			for f := 1; f < a.NumField(); f++ {
				if math.Float64bits(a.Field(f).Float()) != math.Float64bits(b.Field(f).Float()) {
					t.Errorf("%s:%d: interim report %d, %s: %v read back, want %v", r.Source, r.Line, j, a.Type().Field(f).Name, a.Field(f), b.Field(f))
				}
			}
			if got[j].Line != wantIvs[i][j].Line {
				t.Errorf("%s:%d: interim report %d at line %d, want %d", r.Source, r.Line, j, got[j].Line, wantIvs[i][j].Line)
			}
		}
		nivs += len(got)
		if r.NumIntervals() != len(wantIvs[i]) {
			t.Errorf("%s:%d: NumIntervals %d, want %d", r.Source, r.Line, r.NumIntervals(), len(wantIvs[i]))
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
	if nivs < 20 {
		t.Fatalf("%d interim reports read back, want at least 20", nivs)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestSpoolKeepsARunInParts keeps a run's histogram, then its interim
// reports once they are read (as a run is read from the warehouse), and
// reads both back.
func TestSpoolKeepsARunInParts(t *testing.T) {
	var r *parse.Run
	err := WalkWith([]string{"../testdata/real/sysbench-1.0.20-oltp_read_write-innodb-4thr.txt"}, Options{}, func(it parse.Item) {
		if x, ok := it.(*parse.Run); ok && r == nil {
			r = x
		}
	})
	if err != nil || r == nil {
		t.Fatalf("no run read: %v", err)
	}
	ivs, h := r.Intervals, r.Histogram
	if len(ivs) == 0 || len(h) == 0 {
		t.Fatalf("%s: %d interim reports, %d buckets: want both", r.Source, len(ivs), len(h))
	}
	s, err := NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r.Intervals = nil
	s.Keep(r)
	if r.Histogram != nil || r.Interim() != nil || r.NumBuckets() != len(h) {
		t.Fatalf("after the histogram is kept: %d buckets in memory, %d interim reports, NumBuckets %d", len(r.Histogram), len(r.Interim()), r.NumBuckets())
	}
	r.Intervals = append([]parse.Interval(nil), ivs...)
	s.Keep(r)
	if r.Intervals != nil || r.NumIntervals() != len(ivs) {
		t.Fatalf("after the interim reports are kept: %d in memory, NumIntervals %d, want nil and %d", len(r.Intervals), r.NumIntervals(), len(ivs))
	}
	if got := r.Buckets(); !reflect.DeepEqual(got, h) {
		t.Errorf("buckets read back %v, want %v", got, h)
	}
	if got := r.Interim(); len(got) != len(ivs) || got[0].Line != ivs[0].Line || got[len(got)-1].T != ivs[len(ivs)-1].T {
		t.Errorf("interim reports read back differ: %d of them", len(got))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestSpoolBeyondItsCache keeps the runs of the demo campaign (real
// sysbench 1.0.20 runs) 20 times over, some 11 MB of series: more than
// the spool writes at once and more than its cache of blocks holds. Runs
// are read back while others are still being kept (a block read at the
// file's end, bytes not yet written), then all of them in reverse order:
// each gives back the JSON it had.
func TestSpoolBeyondItsCache(t *testing.T) {
	s, err := NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var runs []*parse.Run
	var want [][]byte
	check := func(i int) {
		t.Helper()
		b, err := parse.AppendRunJSON(nil, runs[i].WithSeries())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, want[i]) {
			t.Fatalf("run %d (%s:%d) read back differs", i, runs[i].Source, runs[i].Line)
		}
	}
	for pass := 0; pass < 20; pass++ {
		err := WalkWith([]string{"../examples/demo-campaign"}, Options{SkipStatus: true}, func(it parse.Item) {
			r, ok := it.(*parse.Run)
			if !ok || len(r.Intervals) == 0 {
				return
			}
			b, err := parse.AppendRunJSON(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			runs, want = append(runs, r), append(want, b)
			s.Keep(r)
			if len(runs)%97 == 0 {
				check(len(runs) - 1) // pending, not yet written
				check(len(runs) / 2)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if s.off < spoolBlock*spoolBlocks || s.off < 4*spoolWrite {
		t.Fatalf("%d runs kept %d bytes: not enough to go past the cache", len(runs), s.off)
	}
	for i := len(runs) - 1; i >= 0; i-- {
		check(i)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if len(s.cache.blks) != spoolBlocks {
		t.Errorf("%d blocks cached, want the bound %d", len(s.cache.blks), spoolBlocks)
	}
}
