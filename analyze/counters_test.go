package analyze

import (
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
