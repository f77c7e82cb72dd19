package render

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestJSONEfficiency: results.json carries, for a run whose captures
// include system statistics, an efficiency object keyed by the run's
// source:line (figures from the real /proc capture of that run).
func TestJSONEfficiency(t *testing.T) {
	doc := &parse.Document{}
	for _, name := range []string{"sysbench-1.0.20-oltp_read_write-innodb-4thr-10s-with-sysstat.txt",
		"procstat-1s-during-oltp_read_write-innodb-4thr-10s.txt"} {
		f, err := os.Open("../testdata/real/" + name)
		if err != nil {
			t.Fatal(err)
		}
		err = parse.Stream(f, name, doc.Add)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	r := doc.Runs[0]
	r.Captures = []string{doc.SysStats[0].ID()}
	var buf bytes.Buffer
	if err := JSON(&buf, doc, nil, nil); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Efficiency map[string]struct {
			CPUUs *float64 `json:"cpu_us_per_txn"`
			KBW   *float64 `json:"disk_write_kb_per_txn"`
		} `json:"efficiency"`
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	e, ok := out.Efficiency[parse.CaptureID(r.Source, r.Line)]
	if !ok || e.CPUUs == nil || e.KBW == nil {
		t.Fatalf("efficiency %+v", out.Efficiency)
	}
	if *e.CPUUs < 3504.67 || *e.CPUUs > 3504.68 || *e.KBW < 29.671 || *e.KBW > 29.672 {
		t.Errorf("cpu µs %v, KB written %v; want 3504.67, 29.671", *e.CPUUs, *e.KBW)
	}
}
