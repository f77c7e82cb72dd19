package parse

import "testing"

// benchstat tables of a pull request (train t02): two files, a table per
// unit; each file is a system with one run of the benchmark, its qps from
// the queries/sec table and its tps from the txns/sec table.
func TestBenchstatTables(t *testing.T) {
	d := parseFile(t, "../testdata/public/train/t02-benchstat.txt")
	want := []struct {
		system   string
		qps, tps float64
		avg      float64
	}{{"benchstat_old.txt", 22990, 1150, 55.67}, {"benchstat.txt", 22430, 1121, 57.07}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		avg := -1.0
		for _, m := range r.Metrics {
			if m.Name == "ms/avg" {
				avg = m.Value
			}
		}
		if r.Line != 11 || r.Test != "oltp_read_write" || r.Threads == nil || *r.Threads != 64 ||
			r.Labels["system"] != w.system || r.Labels["nodes"] != "3" ||
			r.QPS == nil || *r.QPS != w.qps || r.TPS == nil || *r.TPS != w.tps || avg != w.avg {
			t.Errorf("run %d: line %d test %q threads %v system %q nodes %q qps %v tps %v ms/avg %v; want 11 oltp_read_write 64 %s 3 %v %v %v",
				i, r.Line, r.Test, r.Threads, r.Labels["system"], r.Labels["nodes"], r.QPS, r.TPS, avg, w.system, w.qps, w.tps, w.avg)
		}
	}
	for _, s := range []string{"±", "k", "~", "-1.5", "NaN"} {
		if _, ok := suffixedNumber(s); ok {
			t.Errorf("suffixedNumber(%q) reads a number", s)
		}
	}
}
