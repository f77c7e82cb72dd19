package analyze

import (
	"math"
	"os"
	"path/filepath"
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

// TestImplicitClientGroup reads two real 4-thread oltp_read_only runs laid
// out as one directory per client (client=1/run.log, client=2/run.log):
// they are merged into one 8-thread run whose tps is the sum of the
// printed 1421.59 and 1627.73, while a run of another file stays apart.
func TestImplicitClientGroup(t *testing.T) {
	dir := t.TempDir()
	place := func(src, dst string) {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, dst)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt", "system=db/client=1/run.log")
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr-percentile0.txt", "system=db/client=2/run.log")
	place("../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr-rate50.txt", "system=db/client=1/other.log")
	doc, err := collect.Load([]string{dir})
	if err != nil || len(doc.Errors) > 0 || len(doc.Runs) != 3 {
		t.Fatalf("load: %v %v %d runs", err, doc.Errors, len(doc.Runs))
	}
	ds := Group(doc.Runs, GroupOptions{})
	var merged, single *Cell
	for _, c := range ds.Cells {
		switch c.Threads {
		case 8:
			merged = c
		case 4:
			single = c
		}
	}
	if merged == nil || single == nil || len(merged.Runs) != 1 || merged.Merged[0] != 2 || len(single.Runs) != 1 {
		t.Fatalf("cells: %+v", ds.Cells)
	}
	if tps := *merged.Runs[0].TPS; math.Abs(tps-(1421.59+1627.73)) > 1e-9 {
		t.Errorf("merged tps %v", tps)
	}
}
