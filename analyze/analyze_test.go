package analyze

import (
	"encoding/json"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

func TestAnalyzeAndConfig(t *testing.T) {
	runs := join(repeat("innodb", "oltp_insert", 8, 1000, 1010, 990), repeat("rocksdb", "oltp_insert", 8, 3200, 3150, 3260))
	doc := &parse.Document{Runs: runs, Variables: []*parse.Variables{
		{Source: "innodb/vars.txt", Kind: "variables", Values: map[string]string{"version": "10.11.6-MariaDB", "innodb_buffer_pool_size": "134217728", "default_storage_engine": "InnoDB"}},
		{Source: "rocksdb/vars.txt", Kind: "variables", Values: map[string]string{"version": "10.11.6-MariaDB", "rocksdb_block_cache_size": "536870912", "default_storage_engine": "ROCKSDB"}},
	}}
	a := Analyze(doc, Options{})
	if a.Metric != TPS || a.Comparison == nil || len(a.Comparison.Rows) != 2 || a.Scaling == nil || len(a.Stability) != 6 {
		t.Fatalf("analysis %+v", a)
	}
	cd := a.Config
	if len(cd.Systems) != 2 || len(cd.Differ) != 1 || cd.Differ[0].Name != "default_storage_engine" ||
		cd.Differ[0].Values["rocksdb"] != "ROCKSDB" || len(cd.Only) != 2 || cd.Only[0].Name != "innodb_buffer_pool_size" {
		t.Errorf("config diff %+v", cd)
	}
	if _, err := json.Marshal(a); err != nil {
		t.Error(err)
	}
}

func TestGroupAndMerge(t *testing.T) {
	// Two clients of one group: summed throughput, latency from sums,
	// percentiles the maximum (no histograms).
	mk := func(src string, tps, sum float64, events int64, p95 float64) *parse.Run {
		r := &parse.Run{Source: src, Test: "oltp_read_only", Threads: ip(4), TPS: fp(tps), Events: &events}
		r.Latency.Sum, r.Latency.Percentiles = fp(sum), map[string]float64{"95": p95}
		r.SetLabel("client_group", "g1")
		r.SetLabel("engine", "innodb")
		return r
	}
	a, b := mk("c1.log", 100, 3000, 1000, 5), mk("c2.log", 200, 3000, 2000, 7)
	d := Group([]*parse.Run{a, b, repeat("aria", "oltp_read_only", 8, 150)[0]}, GroupOptions{})
	if d.By != "engine" || len(d.Cells) != 2 {
		t.Fatalf("dataset %+v", d)
	}
	c := d.Cell(Key{"innodb", "oltp_read_only", 8})
	if c == nil || len(c.Runs) != 1 || c.Merged[0] != 2 || !c.PercentileUpperBound {
		t.Fatalf("cell %+v", c)
	}
	m := c.Runs[0]
	if *m.TPS != 300 || *m.Latency.Avg != 2 || m.Latency.Percentiles["95"] != 7 || *m.Events != 3000 {
		t.Errorf("merged %+v", m)
	}
	// With histograms the percentile comes from the merged buckets.
	a.Histogram = []parse.Bucket{{ValueMs: 1, Count: 90}, {ValueMs: 10, Count: 10}}
	b.Histogram = []parse.Bucket{{ValueMs: 2, Count: 100}}
	m, upper, _ := MergeClients([]*parse.Run{a, b})
	if upper || m.Latency.Percentiles["95"] != 2 {
		t.Errorf("histogram merge: p95 %v upper %v", m.Latency.Percentiles["95"], upper)
	}
}

func TestChooseBy(t *testing.T) {
	r := func(labels map[string]string, version string) *parse.Run {
		return &parse.Run{Labels: labels, Version: version}
	}
	tests := []struct {
		name string
		runs []*parse.Run
		want string
	}{
		{"engine", []*parse.Run{r(map[string]string{"engine": "a", "run": "1"}, ""), r(map[string]string{"engine": "b", "run": "2"}, "")}, "engine"},
		{"other label", []*parse.Run{r(map[string]string{"fs": "xfs"}, ""), r(map[string]string{"fs": "ext4"}, "")}, "fs"},
		{"version banner", []*parse.Run{r(nil, "1.0.20"), r(nil, "1.1.0")}, "version"},
		{"one system", []*parse.Run{r(map[string]string{"run": "1"}, "1.0.20"), r(map[string]string{"run": "2"}, "1.0.20")}, ""},
		{"summary tables' own labels", []*parse.Run{r(map[string]string{"table": "line 3", "heading": "Point Select", "clients": "4"}, ""), r(map[string]string{"table": "line 9", "heading": "Read Write", "clients": "2"}, "")}, ""},
	}
	for _, tt := range tests {
		if got := ChooseBy(tt.runs); got != tt.want {
			t.Errorf("%s: ChooseBy = %q, want %q", tt.name, got, tt.want)
		}
	}
}
