package warehouse

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// A clock that keeps the times only tells every run's time as one that
// keeps the manifests, and keeps neither a manifest nor its bytes.
func TestTimeClockKeepsTheTimesOnly(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "demo-campaign")
	times := NewTimeClock()
	var runs []*parse.Run
	err := collect.WalkWith([]string{dir}, collect.Options{Manifest: times.Know}, func(it parse.Item) {
		if r, ok := it.(*parse.Run); ok {
			runs = append(runs, r)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 180 {
		t.Fatalf("%d runs read, want the demo campaign's 180", len(runs))
	}
	full := NewClock() // reads each manifest itself, and keeps it
	for _, r := range runs {
		got, ok := times.TimeOf(r)
		want, wok := full.TimeOf(r)
		if !ok || !wok || !got.Equal(want) {
			t.Errorf("%s: %v %v, the manifest says %v %v", r.Source, got, ok, want, wok)
		}
		if filepath.ToSlash(r.Source) == filepath.ToSlash(filepath.Join(dir, "innodb/oltp_point_select/16thr-r1.txt")) {
			// campaign.yaml: the run entry of this output, "started: 2026-11-30T01:20:34Z"
			if w := time.Date(2026, 11, 30, 1, 20, 34, 0, time.UTC); !got.Equal(w) {
				t.Errorf("%s: %v, want %v", r.Source, got, w)
			}
		}
	}
	known := map[*campaignInfo]bool{} // each directory under the campaign's maps to it
	for _, ci := range times.dirs {
		known[ci] = true
	}
	if len(known) != 1 {
		t.Fatalf("%d campaigns known, want 1", len(known))
	}
	for d, ci := range times.dirs {
		if ci.Raw != nil || ci.Manifest != nil {
			t.Errorf("%s: the manifest is kept (%d bytes)", d, len(ci.Raw))
		}
		if want := time.Date(2026, 11, 30, 1, 18, 32, 0, time.UTC); !ci.start.Equal(want) {
			t.Errorf("%s: campaign start %v, want %v", d, ci.start, want)
		}
	}
	for d, ci := range full.dirs {
		if ci != nil && (ci.Raw == nil || ci.Manifest == nil) {
			t.Errorf("%s: NewClock kept no manifest", d)
		}
	}
}
