package parse

import "testing"

// TestLeadInLineNamesNoTable: a Chinese post (train5/t83) runs
// oltp_point_select at 8 threads, then writes "进一步增加测试线程，可以得到如下
// thread 与 tps 的关系：" ("raising the threads further gives the following
// relation of threads and tps:") over a table of 8 to 126 threads. The
// line introduces the table; it is no heading that sets the table's runs
// apart from the output above, so the seven rows and the output are one
// series. A short title ("Results below") is no lead-in.
func TestLeadInLineNamesNoTable(t *testing.T) {
	d := readDoc(t, "../testdata/public/train5/t83-oltp-point-select-output-then-threads-tps-table-restating-it-ycsb-tpcc-tables-and-approximate-prose-beside-zh.txt")
	var first map[string]string
	n := 0
	for _, r := range d.Runs {
		if r.Test != "oltp_point_select" {
			continue
		}
		n++
		if first == nil {
			first = r.Labels
			continue
		}
		if r.Labels["heading"] != first["heading"] {
			t.Errorf("line %d: heading %q, the output's %q", r.Line, r.Labels["heading"], first["heading"])
		}
	}
	if n != 7 {
		t.Errorf("%d oltp_point_select runs, want 7 (the output and six table rows)", n)
	}
	for text, want := range map[string]bool{
		"进一步增加测试线程，可以得到如下 thread 与 tps 的关系":          true,
		"The results of both servers are as follows": true,
		"Results below":              false,
		"以下":                         false,
		"MySQL 8.0 vs MariaDB 10.11": false,
	} {
		if got := leadIn(text); got != want {
			t.Errorf("leadIn(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestScriptSummaryMarksAndMemoryCaption: a VPS benchmark script's README
// (train20/t126) shows its final summary: "CPU Performance (sysbench):"
// over "  Single-Thread        [✓]:  1500.57 events/sec", then "Memory
// Performance:" over "  Bandwidth            [✓]: 20026.91 MiB/s". The
// padding and check marks are no part of a result's name, and the
// caption names the memory test: the bandwidth is a memory run's MiB/s.
func TestScriptSummaryMarksAndMemoryCaption(t *testing.T) {
	d := readDoc(t, "../testdata/public/train20/t126-sysbench-cpu-single-and-multi-thread-events-sec-and-memory-mib-s-in-a-results-summary-then-fio-disk-and-speedtest-lines-vps-benchmark-script-readme.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		v := r.Test + " " + intText(r.Threads) + " " + r.Labels["heading"]
		switch {
		case r.EPS != nil:
			v += " eps " + ftoa(*r.EPS)
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			v += " MiB/s " + ftoa(*r.Memory.TransferMiBs)
		}
		got[r.Line] = v
	}
	for line, want := range map[int]string{213: "cpu 1  eps 1500.57", 214: "cpu - Multi-Thread eps 5669.13", 217: "memory - Bandwidth MiB/s 20026.91"} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
	if !memoryTestPhrase("Memory Performance:") || memoryTestPhrase("memory performance improved") {
		t.Errorf("memoryTestPhrase: a caption names the test, a sentence does not")
	}
}

// TestDecimalCommaResultsUnderCommands: a blog post (train19/t120) shows
// a sysbench 0.4 command, then one line a machine with its result in a
// decimal comma: "$ sysbench --test=fileio … run" over "Host:
// 1,8424 MB/sec", "Guest (before):  1,5591 MB/sec", "Guest (now):
// 1,5912 MB/sec". Each is a fileio run's 1.8424 MiB/s, not 18,424, and no
// restatement of an earlier memory output's "1.52 MB/sec" (which
// "1,8424" read as a whole number was within half a unit of). The
// command above opens no clause for "Host:", and sets no thread count:
// sysbench's default, one thread.
func TestDecimalCommaResultsUnderCommands(t *testing.T) {
	d := readDoc(t, "../testdata/public/train19/t120-sb0.4.12-memory-mutex-cpu-fileio-threads-host-and-guest-before-now-label-lines-under-each-command-results-as-single-lines-decimal-commas-clocksource-change-blog-post.txt")
	got := map[int]string{}
	for _, r := range d.Runs {
		v := r.Test + " " + intText(r.Threads) + " " + r.Labels["heading"]
		switch {
		case r.FileIO != nil && r.FileIO.TotalMiBs != nil:
			v += " " + ftoa(*r.FileIO.TotalMiBs)
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			v += " " + ftoa(*r.Memory.TransferMiBs)
		}
		got[r.Line] = v
	}
	for line, want := range map[int]string{142: "fileio 1 Host 1.8424", 143: "fileio 1 Guest (before) 1.5591", 144: "fileio 1 Guest (now) 1.5912",
		147: "memory 1 Host 3959.78", 149: "memory 1 Guest (now) 3821.89"} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
	for s, want := range map[string]float64{"35,3049 sec": 35.3049, "1,8424 MB/sec": 1.8424, "9,938 tps": 9938, "0,5 ms": 0.5, "12,345,678 events": 12345678} {
		if _, _, v, ok := scanNumber(s, 0); !ok || v != want {
			t.Errorf("scanNumber(%q) = %v, %v; want %v", s, v, ok, want)
		}
	}
	for i := 0; i < len("1,2,4 threads"); {
		_, end, v, ok := scanNumber("1,2,4 threads", i)
		if !ok {
			break
		}
		if v != 1 && v != 2 && v != 4 {
			t.Errorf("scanNumber in 1,2,4 read %v, a list's numbers are 1, 2 and 4", v)
		}
		i = end
	}
	if tol := writtenTolerance("1,8424"); tol != 0.00005 {
		t.Errorf("writtenTolerance(1,8424) = %v, want 0.00005", tol)
	}
}

// TestTablesOfAMysqlslapText: a Taiwanese comparison of MySQL+ProxySQL
// and TiDB+TiProxy (train16/t107) says once, in a list item, that its
// figures are mysqlslap's ("以 mysqlslap 的 AVG_QPS 視為 RPS"), never names
// sysbench and shows no output, then tables "| threads | RPS(A) MySQL |
// RPS(B) TiDB | …". Its tables' runs are mysqlslap's; a table of a text
// that names sysbench takes no such test.
func TestTablesOfAMysqlslapText(t *testing.T) {
	d := readDoc(t, "../testdata/public/train16/t107-mysqlslap-select-one-avg-qps-as-rps-tables-threads-by-two-configurations-percent-column-legend-bullets-zh-tw-excerpt.txt")
	n := 0
	for _, r := range d.Runs {
		if r.Test != "mysqlslap" {
			t.Errorf("line %d: test %q, want mysqlslap", r.Line, r.Test)
		}
		n++
	}
	if n != 24 {
		t.Errorf("%d runs, want 24", n)
	}
	d = readDoc(t, "../testdata/public/train23/t146-sysbench-eight-kinds-qps-glued-unit-29832qps-threads-column-mysql-four-flush-settings-mariadb-postgresql-tables-header-without-leading-pipe-no-command-docker-db-benchmark-readme.md")
	for _, r := range d.Runs {
		if r.Test == "mysqlslap" {
			t.Errorf("line %d: a sysbench text's table run taken as mysqlslap's", r.Line)
		}
	}
}

// TestResultsHeadingNamesTheSystem: a lab report (train10/t89) heads two
// tables "#### SQL Server Results" and "#### MySQL Results", each right
// over its table of TPS by concurrent users. Each heading names the
// system whose results its table holds: "SQL Server", a name the reader
// does not know, as well as "MySQL". A title whose other words name
// nothing ("Benchmark Results") names no system.
func TestResultsHeadingNamesTheSystem(t *testing.T) {
	d := readDoc(t, "../testdata/public/train10/t89-gfm-tables-concurrent-users-column-two-databases-under-headings-lab-report-excerpt.txt")
	got := map[int]string{}
	for _, r := range d.Runs {
		got[r.Line] = r.Labels["system"]
	}
	for line, want := range map[int]string{8: "SQL Server", 12: "SQL Server", 17: "MySQL", 21: "MySQL"} {
		if got[line] != want {
			t.Errorf("line %d: system %q, want %q", line, got[line], want)
		}
	}
	for title, want := range map[string]string{"SQL Server Results": "SQL Server", "MySQL 8.0 output": "MySQL 8.0", "Benchmark Results": "", "The sysbench results": "", "Results": ""} {
		if got := resultsOf(title); got != want {
			t.Errorf("resultsOf(%q) = %q, want %q", title, got, want)
		}
	}
}

// TestServerVariableColumns: the names of server variables a results
// table shows beside its rates (train23/t146's innodb_flush_method and
// innodb_doublewrite) give a configuration; SHOW GLOBAL STATUS counters
// that share their prefixes are measurements, and test names are
// neither.
func TestServerVariableColumns(t *testing.T) {
	for name, want := range map[string]bool{
		"innodb_flush_method": true, "innodb_doublewrite": true, "innodb_buffer_pool_size": true, "sync_binlog": true,
		"innodb_read_io_threads": true, "tidb_ddl_reorg_worker_cnt": true, "innodb_lock_wait_timeout": true,
		"innodb_rows_read": false, "innodb_buffer_pool_reads": false, "innodb_data_writes": false,
		"innodb_buffer_pool_pages_dirty": false, "innodb_log_waits": false,
		"oltp_read_write": false, "avg_lat_ms": false, "threads": false,
	} {
		if got := serverVariableColumn(name); got != want {
			t.Errorf("serverVariableColumn(%q) = %v, want %v", name, got, want)
		}
	}
}
