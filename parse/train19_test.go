package parse

import (
	"strings"
	"testing"
)

const t121 = "../testdata/public/train19/t121-sysbench-cpu-memory-fileio-oltp-org-mode-tables-vps-plans-as-columns-test-and-unit-in-row-label-empty-and-temp-unavailable-cells-iops-rows-beside-plot-directives-vps-comparison-readme-excerpt.txt"

// TestOneMeasurementAcrossSystems: train19/t121, a README in Org mode,
// tabulates six VPS plans as columns ("| Plan | OVH VPS SSD 1 | Linode
// 1024 | …") over one row, "Sysbench CPU (seconds)": the seconds of the
// cpu test, its total time, one run per plan. The table's rules are
// Org's ("|-----+-----|"), and the "[[./img/sysbench_cpu.png]]" links
// between the tables are no JSON arrays.
func TestOneMeasurementAcrossSystems(t *testing.T) {
	d := readDoc(t, t121)
	secs := map[string]float64{}
	for _, r := range d.Runs {
		if r.Line != 40 {
			continue
		}
		if r.Test != "cpu" || r.TotalTimeS == nil {
			t.Errorf("line 40, %s: test %q, total time %v", r.Labels["system"], r.Test, r.TotalTimeS)
			continue
		}
		secs[r.Labels["system"]] = *r.TotalTimeS
	}
	if len(secs) != 6 {
		t.Errorf("%d plans read at line 40, want 6", len(secs))
	}
	checkCells(t, "total time", secs, map[string]float64{
		"OVH VPS SSD 1": 31.922, "Linode 1024": 37.502, "DO 5bucks": 39.080, "Scaleway VC1S": 46.130,
		"Vultr 20GB SSD": 30.222, "Vultr 25GB SSD": 30.544,
	})
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "JSON") {
			t.Errorf("line %d: %s", e.Line, e.Message)
		}
	}
}
