package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// examples/myrocks-innodb-plan.yaml, the MyRocks vs InnoDB study as one
// plan: --dry-run lists its 180 possible runs (3 systems × 3 workloads ×
// 5 repeats × 2 bounds × the 2 scales only keeps), each client's command
// of the 8-process scale, the ALTER TABLE of the compressed system only,
// each engine's own cache per bound, and the binary log turned off
// through the option file.
func TestRunDryRunMyRocksInnoDB(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", "--dry-run", "../../examples/myrocks-innodb-plan.yaml"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "# 3 system(s) × 3 workload(s) × 5 repeat(s) × 2 bound × 2 tables × 2 clients × 2 threads, only the combinations listed = 180 runs, 3h30m0s of measurement\n") {
		t.Errorf("header:\n%.300s", out)
	}
	measured := regexp.MustCompile(`(?m)^(.*) run  # (\S+)\.txt$`)
	got := map[string]string{} // output file → command
	for _, m := range measured.FindAllStringSubmatch(out, -1) {
		got[m[2]] = m[1]
	}
	want := map[string]bool{}
	for _, sys := range []string{"innodb", "innodb-zlib", "myrocks"} {
		for _, w := range []string{"oltp_point_select", "oltp_read_only", "oltp_update_index"} {
			for _, b := range []string{"cpu", "io"} {
				for r := 1; r <= 5; r++ {
					want[fmt.Sprintf("%s/%s/%s-1tab-1cl-1thr-r%d", sys, w, b, r)] = true
					for k := 1; k <= 8; k++ {
						want[fmt.Sprintf("%s/%s/%s-8tab-8cl-8thr-r%d.c%d", sys, w, b, r, k)] = true
					}
				}
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d measured commands, want %d (180 runs: 90 of 1 client, 90 of 8)", len(got), len(want))
	}
	for f := range want {
		c, ok := got[f]
		if !ok {
			t.Errorf("no command writes %s.txt", f)
			continue
		}
		engine := "--mysql-storage-engine=InnoDB"
		if strings.HasPrefix(f, "myrocks/") {
			engine = "--mysql-storage-engine=ROCKSDB"
		}
		if !strings.Contains(c, " --threads=1 ") || !strings.Contains(c, " --tables=1 ") || !strings.Contains(c, " --table-size=50000 ") ||
			!strings.Contains(c, " --time=60 ") || !strings.Contains(c, engine) {
			t.Errorf("%s: %s", f, c)
		}
	}
	// Each engine's cache, per bound; never the other engine's variable.
	for _, l := range regexp.MustCompile(`(?m)^# (\S+): SET GLOBAL (.*) \(or a restart\)`).FindAllStringSubmatch(out, -1) {
		wantVar := "innodb_buffer_pool_size = "
		if l[1] == "myrocks" {
			wantVar = "rocksdb_block_cache_size = "
		}
		if !strings.HasPrefix(l[2], wantVar) || strings.Contains(l[2], ",") {
			t.Errorf("%s sets %s", l[1], l[2])
		}
	}
	for _, s := range []string{
		"# myrocks: SET GLOBAL rocksdb_block_cache_size = 8M (or a restart); read back into myrocks/oltp_point_select/io-1tab-1cl-1thr-r1.settings.txt\n",
		"# innodb: SET GLOBAL innodb_buffer_pool_size = 256M (or a restart); read back into innodb/oltp_point_select/cpu-1tab-1cl-1thr-r1.settings.txt\n",
		"# innodb: /tmp/sbreport-mariadb/conf.d/sbreport.cnf ends with [mysqld] skip-log-bin, then scripts/restart-db.sh\n",
		"# innodb-zlib: table options ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8: --create_table_options at prepare where sysbench has it (1.1), else ALTER TABLE `sbtest_mi_zlib_1x50000`.`sbtest1` ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8\n",
		"# adaptive repeats: every cell runs 3 times, then again (interleaved as listed) until the 95% interval of its geometric mean is within ±2%, at most 5 times",
		"# at the end (or when interrupted): every option file back as it was, and its server restarted\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("the dry run lacks %q", s)
		}
	}
	if n, m := strings.Count(out, ": table options "), strings.Count(out, "# innodb-zlib: table options "); n != 2 || m != 2 || strings.Count(out, "ALTER TABLE") != 9 {
		t.Errorf("%d table options lines, %d of innodb-zlib, want 2 (its two layouts: 1 + 8 tables)", n, m)
	}
	if n := strings.Count(out, "ALTER TABLE `sbtest_mi_zlib_8x50000_c"); n != 8 {
		t.Errorf("ALTER TABLE for %d client databases of the 8-process layout, want 8", n)
	}
}
