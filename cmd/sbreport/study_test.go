package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStudyReport reports on the real study campaign: configurations of
// several labels (engine, bound, clients) laid out as columns, the table
// of every configuration against the base, and the CPU and IO per
// transaction from the /proc samples, in report.md and per run in
// results.json.
func TestStudyReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	var out, errOut bytes.Buffer
	if err := run([]string{"report", "-o", dir, "../../testdata/real/study-campaign"}, &out, &errOut); err != nil {
		t.Fatalf("report: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "32 runs, 8 systems, 2 workloads") {
		t.Errorf("stdout %q", out.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	for _, want := range []string{
		"32 runs of 2 workloads on 8 systems: innodb/cpu/1, innodb/cpu/4, innodb/io/1, innodb/io/4, aria/cpu/1, aria/cpu/4, aria/io/1 and aria/io/4.",
		"| system | bound | clients | oltp_point_select (4 threads) | oltp_read_only (4 threads) |",
		"### CPU and IO per transaction at 4 threads",
		"| system | bound | clients | runs | CPU µs | disk reads | KiB read | KiB written | context switches | CPU saturates at |",
		"![tps relative to innodb/cpu/1 at 4 threads](charts/relative.png)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// The variables a level sets are named by the level: no system name
	// spells innodb_buffer_pool_size out.
	if strings.Contains(md, "innodb_buffer_pool_size=") {
		t.Errorf("a configuration is named by the variables its level sets")
	}
	// results.json: an efficiency object per run (merged clients: one per
	// merged run), IO-bound InnoDB reading from disk on oltp_read_only
	// where CPU-bound InnoDB does not.
	jb, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Efficiency map[string]struct {
			CPU   *float64 `json:"cpu_us_per_txn"`
			Reads *float64 `json:"disk_reads_per_txn"`
			KBR   *float64 `json:"disk_read_kb_per_txn"`
			KBW   *float64 `json:"disk_write_kb_per_txn"`
			Ctx   *float64 `json:"ctx_switches_per_txn"`
		} `json:"efficiency"`
	}
	if err := json.Unmarshal(jb, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Efficiency) != 32 {
		t.Errorf("%d efficiency objects, want one per run (32)", len(res.Efficiency))
	}
	reads := func(name string) float64 {
		for k, e := range res.Efficiency {
			if strings.Contains(k, "innodb/oltp_read_only/"+name+".") {
				if e.CPU == nil || e.Reads == nil || e.KBR == nil || e.KBW == nil || e.Ctx == nil {
					t.Fatalf("%s: incomplete efficiency %+v", k, e)
				}
				return *e.Reads
			}
		}
		t.Fatalf("no efficiency for innodb %s", name)
		return 0
	}
	if io, cpu := reads("io-1cl-4thr-r1"), reads("cpu-1cl-4thr-r1"); !(io > 1 && cpu < 0.5) {
		t.Errorf("disk reads per transaction: IO-bound %.3f, CPU-bound %.3f", io, cpu)
	}
}
