package analyze

import (
	"strings"
	"testing"
)

// TestSaturationGuard: the throughput at which the host's CPUs would
// saturate is quoted only within MaxExtrapolation of the best measured
// throughput. testdata/real's InnoDB read-only curve on this 2-CPU
// machine: 1,729.74 tps at the CPU time of a transaction at 64 threads,
// against a best of 2,521.70 tps at 2 threads (the runs at 64 threads did
// 1,727 tps: the CPUs were saturated). The read-only curve of a public
// MariaDB/RocksDB series (hgxl64/mariadb-benchmarks,
// Archive/Sysbench-0.5/MDEV-13845/RocksDB-10.3.10/res01): 57,950 tps at
// 256 threads against a best of 7,418.78 tps at 32, 7.8 times the data.
func TestSaturationGuard(t *testing.T) {
	if g := SaturationGuard(1729.7424521309592, 2521.701907172771); !g.Passed {
		t.Errorf("testdata/real InnoDB: guard %+v, want passed", g)
	}
	g := SaturationGuard(57950.46159527326, 7418.78)
	if g.Passed || !strings.Contains(g.Reason, "more than 1.5×") {
		t.Errorf("public RocksDB series: guard %+v, want failed beyond 1.5× the best measured", g)
	}
}
