package analyze

import (
	"math"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

// TestCountersRealSweep pairs the SHOW GLOBAL STATUS snapshots that
// sbreport run took around each of the 42 runs of the real sweep campaign.
// oltp_read_only sends 16 statements a transaction (BEGIN, 10 point
// selects, 4 range selects, COMMIT), so Questions per transaction is 16
// plus the status queries themselves spread over thousands of
// transactions.
func TestCountersRealSweep(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/real/sweep-campaign"})
	if err != nil || len(doc.Errors) > 0 {
		t.Fatalf("load: %v %v", err, doc.Errors)
	}
	ds := Group(doc.Runs, GroupOptions{})
	rows, warns := Counters(doc.Variables, ds)
	if len(warns) != 0 || len(rows) != 2 {
		t.Fatalf("rows %+v warnings %v", rows, warns)
	}
	for i, sys := range []string{"innodb", "rocksdb"} {
		r := rows[i]
		if r.System != sys || r.Workload != "oltp_read_only" || r.Runs != 21 {
			t.Errorf("row %d: %s %s %d runs", i, r.System, r.Workload, r.Runs)
		}
		if q := r.PerTx["Questions"]; !(q >= 16 && q < 16.01) {
			t.Errorf("%s: Questions per transaction %v, want 16 and a little", sys, q)
		}
	}
	if rows[0].PerTx["Innodb_buffer_pool_read_requests"] <= 0 || rows[1].PerTx["Rocksdb_rows_read"] <= 0 {
		t.Errorf("engine counters: innodb %v, rocksdb %v", rows[0].PerTx, rows[1].PerTx)
	}
}

// TestCountersOfReducedSnapshots: the demo campaign's 360 status
// snapshots reduced as a report reads them (collect.Options.StatusKeep,
// Compact: the counters' values in one string a snapshot, its labels
// shared) give the counters the whole snapshots give. InnoDB's
// oltp_insert, 15 runs: one Handler_write and one Question a row
// inserted, 392 bytes of redo log (Innodb_os_log_written).
func TestCountersOfReducedSnapshots(t *testing.T) {
	demo := []string{"../examples/demo-campaign"}
	whole, err := collect.Load(demo)
	if err != nil {
		t.Fatal(err)
	}
	reduced, err := collect.LoadWith(demo, collect.Options{StatusKeep: ServerCounters, Compact: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Variables) != len(reduced.Variables) {
		t.Fatalf("%d captures whole, %d reduced", len(whole.Variables), len(reduced.Variables))
	}
	snapshots := 0
	for i, w := range whole.Variables {
		r := reduced.Variables[i]
		if w.Kind != "status" {
			continue
		}
		snapshots++
		if r.Values != nil {
			t.Fatalf("%s:%d: reduced snapshot holds a map of %d values", r.Source, r.Line, len(r.Values))
		}
		for _, name := range ServerCounters {
			x, ok := r.Value(name)
			if y, had := w.Values[name]; ok != had || x != y {
				t.Errorf("%s:%d: %s = %q (%v) reduced, %q (%v) whole", r.Source, r.Line, name, x, ok, y, had)
			}
		}
		if x, ok := r.Value("Uptime"); ok {
			t.Errorf("%s:%d: Uptime %q kept", r.Source, r.Line, x)
		}
	}
	if snapshots != 360 {
		t.Errorf("%d status snapshots, want 360", snapshots)
	}
	want, wantWarns := Counters(whole.Variables, Group(whole.Runs, GroupOptions{}))
	got, warns := Counters(reduced.Variables, Group(reduced.Runs, GroupOptions{}))
	if !reflect.DeepEqual(warns, wantWarns) || len(got) != len(want) {
		t.Fatalf("reduced snapshots give %d rows, warnings %v; whole ones %d, %v", len(got), warns, len(want), wantWarns)
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("row %d: reduced snapshots give\n%+v\nwhole ones\n%+v", i, got[i], want[i])
		}
	}
	if len(got) != 12 {
		t.Fatalf("%d rows, want 12 (3 systems, 4 workloads)", len(got))
	}
	r := got[0]
	if r.System != "innodb" || r.Workload != "oltp_insert" || r.Runs != 15 {
		t.Fatalf("first row %s %s, %d runs", r.System, r.Workload, r.Runs)
	}
	for name, want := range map[string]float64{"Handler_write": 1, "Questions": 1.0000601955491615, "Innodb_os_log_written": 392.08659788143797} {
		if x := r.PerTx[name]; math.Abs(x-want) > 1e-9*want {
			t.Errorf("innodb oltp_insert: %s per transaction %v, want %v", name, x, want)
		}
	}
}
