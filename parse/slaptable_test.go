package parse

import (
	"strings"
	"testing"
)

// TestMysqlslapSecondsTable: a Qiita memo (identity fixture) that says it
// runs mysqlslap, then under "write(InnoDB)" tabulates the average,
// minimum and maximum seconds per concurrency (並列数 | average | min |
// max(sec)) of MySQL5.1 and of MySQL5.7, each table under its bare label:
// each row is a mysqlslap run of the write load on InnoDB, its clients the
// row's concurrency, its system the label above its table.
func TestMysqlslapSecondsTable(t *testing.T) {
	d := readDoc(t, "../testdata/public/identity/mysqlslap-5.1-vs-5.7-write-innodb-concurrency-tables-under-version-labels-heading-load-engine-excerpt-ja.txt")
	type want struct {
		system        string
		clients       int
		avg, min, max float64
	}
	checkRunsAt(t, d.Runs, map[int]want{
		20: {"MySQL5.1", 50, 5.980, 5.889, 6.054}, 30: {"MySQL5.1", 150, 17.503, 17.382, 17.683},
		34: {"MySQL5.7", 50, 1.051, 0.971, 1.137}, 44: {"MySQL5.7", 150, 2.650, 2.525, 2.783},
	}, func(r *Run, w want) {
		m := r.Mysqlslap
		if m == nil || m.AvgS == nil || *m.AvgS != w.avg || m.MinS == nil || *m.MinS != w.min || m.MaxS == nil || *m.MaxS != w.max ||
			r.Threads == nil || *r.Threads != w.clients || r.Labels["system"] != w.system || m.LoadType != "write" || m.Engine != "innodb" {
			t.Errorf("line %d: %+v, threads %v, labels %v; want %+v of the write load on innodb", r.Line, m, r.Threads, r.Labels, w)
		}
	})
	if len(d.Runs) != 22 {
		t.Errorf("%d runs, want 22", len(d.Runs))
	}
	// The same table under text that names no mysqlslap is not read.
	text := "並列数 | average | min | max(sec) |\n---|---|---|---|\n50 | 5.980 | 5.889 | 6.054 |\n60 | 7.050 | 6.991 | 7.169 |\n"
	d, err := All(strings.NewReader(text), "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 0 || len(d.Errors) == 0 || !strings.Contains(d.Errors[0].Message, "seconds by statistic per thread count") {
		t.Errorf("without mysqlslap named: %d runs, errors %v", len(d.Runs), d.Errors)
	}
}
