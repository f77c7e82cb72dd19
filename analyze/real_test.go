package analyze

// Tests over real captures read through collect, the way the CLI reads
// them.

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

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

// TestCompareLeavesOutWorkloadsWithoutMetric compares tps over a real
// oltp_read_only run and a real cpu run: the cpu workload has no tps, so
// it is left out with one warning that names eps.
func TestCompareLeavesOutWorkloadsWithoutMetric(t *testing.T) {
	doc, err := collect.Load([]string{
		"../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt",
		"../testdata/real/sysbench-1.0.20-cpu-2thr.txt",
	})
	if err != nil || len(doc.Runs) != 2 {
		t.Fatalf("load: %v, %d runs", err, len(doc.Runs))
	}
	c := Compare(Group(doc.Runs, GroupOptions{}), CompareOptions{Metric: TPS})
	for _, r := range c.Rows {
		if r.Workload == "cpu" {
			t.Errorf("cpu row: %+v", r)
		}
	}
	want := "cpu: no run has tps, left out (compare it with --metric eps)"
	found := false
	for _, w := range c.Warnings {
		found = found || w.Error() == want
	}
	if !found || len(c.Rows) != 1 || c.Rows[0].Center == nil || *c.Rows[0].Center != 1421.59 {
		t.Errorf("rows %+v warnings %v", c.Rows, c.Warnings)
	}
}
