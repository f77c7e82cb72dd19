package parse

import (
	"strconv"
	"strings"
	"testing"
)

// checkRunTexts compares what the reader read, a text by key ("line
// system"), with what a reader of the text writes down; with exact, the
// counts must agree too.
func checkRunTexts(t *testing.T, got, want map[string]string, exact bool) {
	t.Helper()
	if exact && len(got) != len(want) {
		t.Errorf("%d runs, want %d: %v", len(got), len(want), got)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("line %s: %q, want %q", k, got[k], w)
		}
	}
}

const t141 = "../testdata/public/train22/t141-sysbench-balanced-read-write-qps-tables-threads-4.00-8.00-to-200-two-systems-as-column-groups-split-disabled-and-enabled-cpu-memory-tables-with-threads-column-proxy-blog.md"

// TestColumnGroupsOfKnownAndUnknownSystems: train22/t141 compares a
// proxy with the database behind it in tables whose columns come in
// groups, one a system: "Threads | WeSQL WeScale QPS | WeSQL WeScale
// Latency | MySQL QPS | MySQL Latency". "MySQL" is a name the reader
// knows, "WeSQL WeScale" one it does not; the layout says both are
// systems. Each row is two runs, one a system, at the row's thread
// count, and the first rows' "4.00" and "8.00" are 4 and 8 threads.
func TestColumnGroupsOfKnownAndUnknownSystems(t *testing.T) {
	d := readDoc(t, t141)
	got := map[string]string{}
	for _, r := range d.Runs {
		if r.Line < 40 || r.Line > 50 || r.QPS == nil {
			continue
		}
		got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = intText(r.Threads) + " " + ftoa(*r.QPS)
	}
	checkRunTexts(t, got, map[string]string{
		"40 WeSQL WeScale": "4 2858.98", "40 MySQL": "4 4638.01",
		"41 WeSQL WeScale": "8 4386.4", "41 MySQL": "8 7508.5",
		"44 WeSQL WeScale": "50 11576.21", "44 MySQL": "50 12440.1",
		"50 WeSQL WeScale": "200 12612.59", "50 MySQL": "200 11686.86",
	}, false)
	if len(got) != 22 {
		t.Errorf("%d runs at lines 40-50, want 22 (11 rows, 2 systems)", len(got))
	}
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "bad threads value") {
			t.Errorf("line %d: %s", e.Line, e.Message)
		}
	}
}

// TestThreadsWithZeroDecimals: a whole count printed with decimals of
// zeros is that count; any other fraction is still no thread count.
func TestThreadsWithZeroDecimals(t *testing.T) {
	b := &summaryTable{}
	for cell, want := range map[string]int{"4.00": 4, "8.0": 8, "16": 16, "4.50": 0, "4.": 0, ".00": 0} {
		n, ok := b.threadsCell(cell)
		if !ok {
			n = 0
		}
		if n != want {
			t.Errorf("%q: %d, want %d", cell, n, want)
		}
	}
}

const t138 = "../testdata/public/train22/t138-sysbench-cpu-1-and-4-threads-and-memory-read-write-method-key-value-fences-results-tables-then-vm-on-two-nodes-comparison-table-restating-rounded-homelab-doc.md"

// TestTestRowsBesideAnotherToolsRows: train22/t138 compares one VM on two
// nodes ("Test | `lab-core01` on `pve` | `lab-core01` on `pve02` |
// Change") over rows "CPU 1T | 1,120.76 events/s | …", "Memory read |
// 23,835.9 MiB/s | …", "Memory write", then fio's "4K random read | 232K
// IOPS". The rows naming sysbench's tests are runs, each with its test;
// memory's read and write rows are two runs, one an operation; the fio
// rows are no run's. Above, "Benchmark: sysbench CPU" in a method fence
// names the cpu test, however it is capitalised.
func TestTestRowsBesideAnotherToolsRows(t *testing.T) {
	d := readDoc(t, t138)
	got := map[string]string{}
	for _, r := range d.Runs {
		v := r.Test
		switch {
		case r.EPS != nil:
			v += " eps " + ftoa(*r.EPS) + " threads " + intText(r.Threads)
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			v += " " + r.Settings["memory-oper"] + " " + ftoa(*r.Memory.TransferMiBs)
		}
		got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = v
	}
	checkRunTexts(t, got, map[string]string{
		"131 ":                        "cpu eps 1436.78 threads 1",
		"226 `lab-core01` on `pve`":   "cpu eps 1120.76 threads 1",
		"227 `lab-core01` on `pve02`": "cpu eps 5559.86 threads 4",
		"228 `lab-core01` on `pve`":   "memory read 23835.9",
		"229 `lab-core01` on `pve02`": "memory write 25108.7",
	}, false)
	for k := range got {
		if strings.HasPrefix(k, "230 ") || strings.HasPrefix(k, "231 ") {
			t.Errorf("line %s: a run of fio's row (%s)", k, got[k])
		}
	}
}

// TestHeaderBeginningWithPercentile: train22/t136 tabulates two services
// of one cluster ("Service Type | TPS | QPS | 95th Latency | Avg
// CPU/tserver", rows "Headless (`yb-tservers`) | 213.32 | 7,587 |
// 1,304ms | …"). The header cell "95th Latency" begins with a number, and
// the whole table was taken for a row of numbers and dropped without a
// word. It is a header: each row is a run of its service, with its tps,
// qps and 95th percentile, at the 180 threads the configuration above
// names.
func TestHeaderBeginningWithPercentile(t *testing.T) {
	d := readDoc(t, "../testdata/public/train22/t136-sysbench-oltp-read-write-yugabytedb-metric-value-vertical-tables-then-tservers-and-service-types-as-rows-threads-in-config-bullets-same-runs-in-three-tables-rounded-summary-readme.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		if r.Line != 85 && r.Line != 86 || r.TPS == nil || r.QPS == nil {
			continue
		}
		p95 := "-"
		if v, ok := r.Latency.Percentiles["95"]; ok {
			p95 = ftoa(v)
		}
		got[r.Line] = r.Labels["system"] + " " + intText(r.Threads) + " " + ftoa(*r.TPS) + " " + ftoa(*r.QPS) + " " + p95
	}
	for line, want := range map[int]string{
		85: "Headless (`yb-tservers`) 180 213.32 7587 1304",
		86: "ClusterIP (`yb-tserver-service`) 180 321.63 11481 877",
	} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
}

// TestArrowedPairInAChangelog: train22/t139, an Android kernel's
// changelog, gives its cpu results only in list items, in sysbench's
// abbreviation "ev/s": "- 1363 MHz: **1106 ev/s** (half of 1209 MHz
// baseline)", and a tuning's effect as "- Sysbench CPU: 2286 → **2373
// ev/s** (+3.8%)", the unit written once after the second figure. The
// pair is two runs, before and after; the percentage after it is no run.
func TestArrowedPairInAChangelog(t *testing.T) {
	d := readDoc(t, "../testdata/public/train22/t139-sysbench-cpu-ev-s-results-only-in-changelog-bullets-arrow-before-after-vs-in-parentheses-tilde-value-frequencies-and-governors-as-systems-android-kernel-excerpt.md")
	got := map[int][]string{}
	for _, r := range d.Runs {
		if r.EPS != nil {
			got[r.Line] = append(got[r.Line], r.Test+" "+ftoa(*r.EPS))
		}
	}
	for line, want := range map[int]string{21: "cpu 1106", 41: "cpu 2286,cpu 2373"} {
		if g := strings.Join(got[line], ","); g != want {
			t.Errorf("line %d: %q, want %q", line, g, want)
		}
	}
	for _, c := range []struct {
		s    string
		want int
	}{
		{"Sysbench CPU: 2286 → 2373 ev/s", 2},
		{"QPS: 1340 -> 1452 qps", 2},
		{"2286 → 2373 ev/s (+3.8%)", 2},
		{"2286 → 2373", 0},    // no unit
		{"2 -> 4 threads", 0}, // not a rate
		{"100 → 50% ev/s", 0}, // a percentage
	} {
		if n := len(proseResults(c.s, "")); n != c.want {
			t.Errorf("%q: %d results, want %d", c.s, n, c.want)
		}
	}
}

// TestMemoryReadWriteColumns: train22/t137, a homelab post, measures
// memory "with `sysbench` with 1MB blocks and 10GB total transfer" under
// "## Memory Bandwidth", in tables of hosts by "Read (MiB/s) | Write
// (MiB/s)" under "### Single-Thread" and "### Multi-Thread (6 threads)".
// The heading names the memory test; each row is two memory runs of its
// host, one an operation (--memory-oper), at the thread count of its
// section. The rates had been kept in columns only, as no test's.
func TestMemoryReadWriteColumns(t *testing.T) {
	d := readDoc(t, "../testdata/public/train22/t137-sysbench-cpu-single-and-multi-thread-and-memory-read-write-hosts-as-rows-threads-in-headings-or-column-comma-thousands-bold-cells-result-in-prose-proxmox-homelab-blog-excerpt.md")
	got := map[string]string{}
	for _, r := range d.Runs {
		if r.Test != "memory" || r.Memory == nil || r.Memory.TransferMiBs == nil {
			continue
		}
		got[strconv.Itoa(r.Line)+" "+r.Settings["memory-oper"]] = r.Labels["system"] + " " + intText(r.Threads) + " " + ftoa(*r.Memory.TransferMiBs)
	}
	checkRunTexts(t, got, map[string]string{
		"55 read": "pve1 1 21656", "55 write": "pve1 1 18658",
		"58 read": "pve4 1 26425", "58 write": "pve4 1 21698",
		"66 read": "pve1 6 112164", "69 write": "pve4 6 89026",
	}, false)
	if len(got) != 16 {
		t.Errorf("%d memory runs, want 16 (8 rows, read and write)", len(got))
	}
}

// TestMemoryColumnsFit: a memory test named above a table fits it when
// its measurements are one transfer rate, or one rate for each operation;
// not with a rate of transactions beside them, nor two rates that name
// no operation.
func TestMemoryColumnsFit(t *testing.T) {
	for header, want := range map[string]bool{
		"| Host | Read (MiB/s) | Write (MiB/s) |": true,
		"| Host | MiB/s |":                        true,
		"| Host | TPS | MiB/s |":                  false,
		"| Host | A (MiB/s) | B (MiB/s) |":        false,
	} {
		b := &summaryTable{}
		for _, n := range splitHeader(header, sepPipe) {
			b.cols = append(b.cols, classifyColumn(n))
		}
		if got := b.memoryColumns(); got != want {
			t.Errorf("%s: %v, want %v", header, got, want)
		}
	}
}

// TestCornerNamesTestAndThreads: train22/t140, a Japanese post, copies
// the threads and mutex tests' outputs into Markdown tables with two CPU
// layouts as columns: "| sysbench threads | 6-Core 2CCX | 6-Thread 1CCX
// |" over "| events/s (eps) | 26374.6090 | 25598.8243 |", and "| sysbench
// mutex (64threads) | …". The corner names each table's test, and the
// second's thread count, over the cpu test the text above names.
func TestCornerNamesTestAndThreads(t *testing.T) {
	d := readDoc(t, "../testdata/public/train22/t140-sysbench-threads-and-mutex-64threads-outputs-transposed-into-markdown-tables-two-core-layouts-as-columns-emsp-indented-latency-rows-beside-unixbench-ryzen-blog-ja.md")
	got := map[string]string{}
	for _, r := range d.Runs {
		if r.EPS != nil {
			got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = r.Test + " " + intText(r.Threads) + " " + ftoa(*r.EPS)
		}
	}
	checkRunTexts(t, got, map[string]string{
		"97 6-Core 2CCX":    "threads - 26374.609",
		"97 6-Thread 1CCX":  "threads - 25598.8243",
		"106 6-Core 2CCX":   "mutex 64 21.2456",
		"106 6-Thread 1CCX": "mutex 64 21.2207",
	}, false)
}

// TestToolColumnNamesTheTest: train22/t143, a coursework report, lists
// measurements as rows under "| Category | Metric | Tool Used | Baseline
// Result | After Optimisation | Notes |": "| CPU | Events per second |
// sysbench cpu | 801.10 events/s | 820.35 events/s | Minor improvement
// … |", beside rows of free, df, iperf3 and curl. The text columns
// together name each row, the tool column its test; the two result
// columns are the systems compared, the notes no system. The other
// tools' rows are no runs.
func TestToolColumnNamesTheTest(t *testing.T) {
	d := readDoc(t, "../testdata/public/train22/t143-sysbench-cpu-memory-fileio-rows-tool-in-own-column-baseline-vs-after-optimisation-columns-units-in-cells-beside-free-df-iperf3-curl-rows-coursework-report-excerpt.md")
	got := map[string]string{}
	for _, r := range d.Runs {
		v := r.Test
		switch {
		case r.EPS != nil:
			v += " eps " + ftoa(*r.EPS)
			if r.Latency.Avg != nil {
				v += " avg " + ftoa(*r.Latency.Avg)
			}
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			v += " " + ftoa(*r.Memory.TransferMiBs)
		case r.FileIO != nil && r.FileIO.WrittenMiBs != nil:
			v += " written " + ftoa(*r.FileIO.WrittenMiBs)
		}
		got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = v
	}
	want := map[string]string{
		"19 Baseline Result": "cpu eps 801.1 avg 1.25", "19 After Optimisation": "cpu eps 820.35 avg 1.2",
		"21 Baseline Result": "memory 4486.4", "21 After Optimisation": "memory 4650.95",
		"23 Baseline Result": "fileio written 350.25", "23 After Optimisation": "fileio written 380.1",
	}
	checkRunTexts(t, got, want, true)
}

// TestMethodBlockThreads: train22/t138 describes each benchmark in a
// "### Method" fence of settings ("Benchmark: sysbench memory", "Block
// size: 1 MiB", "Threads: 1") above a "### Results" table with no
// threads column ("| Operation | Throughput |"). The setting line gives
// the rows their thread count, and says so. A line naming a thread
// count that is no setting ("CPU: 4 cores, 8 threads") or naming
// several ("Threads: 1 and 4") gives none.
func TestMethodBlockThreads(t *testing.T) {
	d := readDoc(t, t138)
	for _, r := range d.Runs {
		if r.Line != 154 && r.Line != 155 {
			continue
		}
		if r.Threads == nil || *r.Threads != 1 || r.ThreadsFrom != "context" || !strings.Contains(r.LabelFrom["threads"], "line 146") {
			t.Errorf("line %d: threads %s from %q (%q), want 1 from line 146", r.Line, intText(r.Threads), r.ThreadsFrom, r.LabelFrom["threads"])
		}
	}
	for line, want := range map[string]bool{
		"Threads: 1": true, "- threads = 8": true, "--threads=4": true, "`threads: 16`": true,
		"Threads: 1 and 4": false, "CPU: 4 cores, 8 threads": false, "Threads: 4 (one per core)": false,
	} {
		if got := threadsSetting(line); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// TestGluedRateUnitNamesTheRate: train23/t146, a README of Docker
// database benchmarks, tabulates "| Version | Kind | Transaction qps |
// MySQL CPU | sysbench CPU | sysbench Threads | …" over "| 8.0.31 |
// Select Simple | 29832qps | 4 | 4 | 8 | …". The cells' glued "qps"
// names the rate over the header's "Transaction"; "sysbench CPU" is the
// tool's CPU limit (4), neither a version nor the cpu test; the "sysbench
// result." line above names no test. "Kind" names each row's workload
// ("Update Non-Index" is sysbench's oltp_update_non_index), and the
// server variables' columns ("innodb_flush_method | innodb_doublewrite"
// over "fsync | ON") the configuration each row ran with.
func TestGluedRateUnitNamesTheRate(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t146-sysbench-eight-kinds-qps-glued-unit-29832qps-threads-column-mysql-four-flush-settings-mariadb-postgresql-tables-header-without-leading-pipe-no-command-docker-db-benchmark-readme.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		if r.Line > 18 {
			continue
		}
		v := r.Test + " " + intText(r.Threads) + " " + r.Labels["workload"]
		if r.QPS != nil {
			v += " qps " + ftoa(*r.QPS)
		}
		if r.TPS != nil {
			v += " tps " + ftoa(*r.TPS)
		}
		got[r.Line] = v
	}
	for line, want := range map[int]string{11: " 8 Select Simple qps 29832", 16: "oltp_update_non_index 8  qps 17600", 18: " 8 ReadWrite qps 2510"} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
	configs := map[int]string{}
	for _, r := range d.Runs {
		configs[r.Line] = r.Labels["config"]
	}
	for line, want := range map[int]string{11: "innodb_flush_method=fsync innodb_doublewrite=ON", 22: "innodb_flush_method=O_DIRECT_NO_FSYNC innodb_doublewrite=ON"} {
		if configs[line] != want {
			t.Errorf("line %d: config %q, want %q", line, configs[line], want)
		}
	}
	if len(d.Errors) != 0 {
		t.Errorf("errors: %v", d.Errors)
	}
	if c := ParseCommand("sysbench result."); c.Test != "" {
		t.Errorf("\"sysbench result.\": test %q", c.Test)
	}
}

// TestStatisticRowsAreNoRuns: train23/t149, a coursework README, follows
// its cpu scalability table (1 to 8 threads) with "## CPU Statistics",
// "| Statistic | Events/sec |" over "| Mean | 220.86 |", "| Median |
// 238.085 |", "| Minimum | 122.98 |", "| Maximum | 284.29 |", "| Standard
// Deviation | 70.61 |": figures computed from the runs above, which had
// become five runs of systems named Mean, Median and so on. Each such row
// is reported, not read as a run.
func TestStatisticRowsAreNoRuns(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t149-sysbench-cpu-1-2-4-8-threads-vm-rows-and-memory-1-thread-total-time-and-events-only-container-row-then-scalability-table-restating-range-and-statistics-tables-coursework-readme-excerpt.md")
	for _, r := range d.Runs {
		if statisticName(r.Labels["system"]) {
			t.Errorf("line %d: a run of %q", r.Line, r.Labels["system"])
		}
	}
	reported := map[int]bool{}
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "is a statistic of runs") {
			reported[e.Line] = true
		}
	}
	for _, line := range []int{249, 250, 251, 252, 253} {
		if !reported[line] {
			t.Errorf("line %d: statistic row not reported", line)
		}
	}
	scal := 0
	for _, r := range d.Runs {
		if r.Line >= 193 && r.Line <= 196 && r.EPS != nil {
			scal++
		}
	}
	if scal != 4 {
		t.Errorf("%d runs of the scalability table, want 4", scal)
	}
}

// TestToolColumn: train23/t144, a Chinese progress document, checks four
// databases end to end in "| 数据库 | 工具 | TPS | 平均延迟 | 状态 |": MySQL
// and PostgreSQL rows ran "sysbench oltp_read_write", Oracle's
// "swingbench charbench", SQL Server's "hammerdb TPROC-C". The tool
// column gives the sysbench rows their test; the other tools' rows are
// no runs, each reported.
func TestToolColumn(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t144-sysbench-oltp-read-write-mysql-and-postgresql-rows-tool-column-beside-swingbench-hammerdb-rows-tps-no-threads-e2e-check-table-in-progress-doc-zh.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		if r.Line >= 145 && r.Line <= 148 && r.TPS != nil {
			got[r.Line] = r.Test + " " + r.Labels["system"] + " " + ftoa(*r.TPS)
		}
	}
	want := map[int]string{145: "oltp_read_write MySQL 5.7.44 73.86", 147: "oltp_read_write PostgreSQL 13.14 70.18"}
	if len(got) != len(want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	for line, w := range want {
		if got[line] != w {
			t.Errorf("line %d: %q, want %q", line, got[line], w)
		}
	}
	reported := 0
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "another benchmark tool (its tool column says)") && (e.Line == 146 || e.Line == 148) {
			reported++
		}
	}
	if reported != 2 {
		t.Errorf("%d of the two other tools' rows reported: %v", reported, d.Errors)
	}
}

// TestListedOutputLabel: train23/t150, a Raspberry Pi 5 report, gives
// its cpu run as the command and the output's figures as list items in
// one fence ("sysbench --test=cpu --cpu-max-prime=20000 --num-threads=4
// run", then "- Events per second: 3636.93"). A list item holding
// sysbench's own label is a figure copied from the output: a cpu run at
// the command's 4 threads. A line "TPS : 42033" alone, as a harness's
// key-value record prints it, is still no prose result.
func TestListedOutputLabel(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t150-sysbench-cpu-4-threads-0.4-style-command-and-dash-bullet-results-in-one-fence-memory-only-in-gb-s-table-rounded-restatement-in-capability-table-raspberry-pi-5-du-report.md")
	var got []string
	for _, r := range d.Runs {
		if r.EPS != nil {
			got = append(got, strconv.Itoa(r.Line)+" "+r.Test+" "+intText(r.Threads)+" "+ftoa(*r.EPS))
		}
	}
	if strings.Join(got, ",") != "26 cpu 4 3636.93" {
		t.Errorf("runs %v, want line 26: cpu at 4 threads, 3636.93 events/s", got)
	}
	if rs := proseResults("TPS : 42033", ""); len(rs) != 0 {
		t.Errorf("\"TPS : 42033\": %v", rs)
	}
	if rs := proseResults("- Events per second: 3636.93", ""); len(rs) != 1 || rs[0].value != 3636.93 {
		t.Errorf("\"- Events per second: 3636.93\": %v", rs)
	}
}

// TestEventsPerSecSpelledOut: train23/t145 tabulates two laptops by
// "Memory Bandwidth (Copy) | Sysbench RAM Throughput | Sysbench CPU |
// VKMark", cells "**14,679.19 MiB/sec**" and "**34,428.88 Events Per
// Sec**". A unit spelled "Events Per Sec" is a rate of events: each row
// is a memory run and a cpu run of its device; STREAM's and VKMark's
// columns are no runs.
func TestEventsPerSecSpelledOut(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t145-sysbench-cpu-and-memory-pts-sprint-devices-as-rows-tools-as-columns-units-events-per-sec-mib-sec-in-bold-cells-beside-stream-vkmark-no-threads-hardware-readme.md")
	got := map[string]string{}
	for _, r := range d.Runs {
		switch {
		case r.EPS != nil:
			got[strconv.Itoa(r.Line)+" cpu"] = ftoa(*r.EPS)
		case r.Memory != nil && r.Memory.TransferMiBs != nil:
			got[strconv.Itoa(r.Line)+" memory"] = ftoa(*r.Memory.TransferMiBs)
		}
	}
	want := map[string]string{"25 cpu": "34428.88", "25 memory": "14679.19", "26 cpu": "5787.14", "26 memory": "722.55"}
	if len(got) != len(d.Runs) || len(got) != len(want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q", k, got[k], w)
		}
	}
}

// TestDataFrameCSV: train24/t157 is a pandas export of a scheduler
// study's sysbench 1.1.0 runs against MongoDB: an unnamed index column
// (0, 1, 2 …), "client" (the client program, "sysbench 1.1.0") beside
// "clients" (the count), latencies named "95th_latency" and
// "avg_latency". Each row is a run at its clients' count, with its p95
// and average latency; the index names no system. (Its "throughput"
// column gives no unit and stays in the row's columns.)
func TestDataFrameCSV(t *testing.T) {
	d := readDoc(t, "../testdata/public/train24/t157-sysbench-1.1.0-mongodb-scheduler-study-wide-csv-pandas-index-column-clients-throughput-latency-columns-file-paths-40-rows-five-client-counts-repeated-shuffled-excerpt.csv")
	if len(d.Runs) != 40 {
		t.Fatalf("%d runs, want 40", len(d.Runs))
	}
	r := d.Runs[0]
	p95, ok := r.Latency.Percentiles["95"]
	if r.Line != 2 || r.Threads == nil || *r.Threads != 128 || !ok || p95 != 21.89 || r.Latency.Avg == nil || *r.Latency.Avg != 17.8 {
		t.Errorf("line %d: threads %s, p95 %v, avg %v; want line 2, 128, 21.89, 17.8", r.Line, intText(r.Threads), p95, r.Latency.Avg)
	}
	for _, r := range d.Runs {
		if s := r.Labels["system"]; s != "" && s != "i80" {
			t.Errorf("line %d: system %q", r.Line, s)
		}
	}
}

// TestHarnessSummaryCSVInFence: train24/t156, a benchmark tool's HOW-TO,
// shows its "_summary.csv" under "ie:" in a ```csv fence:
// "subtest,TotalTime,RunningThreads,totalEvents,Events/s,…,Latency(ms)
// min, Latency(ms) max, Latency(ms) avg, Latency(ms) sum" over rows of a
// custom script at 1 to 1024 threads. "RunningThreads", in camel case,
// is the thread count; "subtest" names the workload; "ie:" names no
// system. Eleven runs, their events a second read.
func TestHarnessSummaryCSVInFence(t *testing.T) {
	d := readDoc(t, "../testdata/public/train24/t156-sysbench-custom-select-subtest-1-to-1024-threads-harness-summary-csv-in-csv-fence-events-s-and-operations-s-columns-after-help-command-and-ls-listings-benchmark-howto-excerpt.md")
	if len(d.Runs) != 11 {
		t.Fatalf("%d runs, want 11", len(d.Runs))
	}
	r := d.Runs[0]
	if r.Line != 157 || r.Threads == nil || *r.Threads != 1 || r.EPS == nil || *r.EPS != 455.49 ||
		r.Labels["workload"] != "select_run_range_simple" || r.Labels["system"] != "" {
		t.Errorf("first run: %s, labels %v", rowText(r), r.Labels)
	}
	if last := d.Runs[10]; last.Threads == nil || *last.Threads != 1024 {
		t.Errorf("last run: %s", rowText(last))
	}
	if got := classifyColumn("RunningThreads").kind; got != colThreads {
		t.Errorf("RunningThreads: kind %d, want the threads column", got)
	}
	if got := camelSplit("MySQL"); classifyColumn("MySQL").kind == colThreads || got != "My SQL" {
		t.Errorf("MySQL: split %q", got)
	}
}

// TestEmojiHeadings: train23/t149 titles its parts "# 🔥 CPU Experiment",
// "# 🧠 Memory Experiment", "# 💾 Disk Experiment". A line "# " followed
// by anything but a capital had been taken for a root prompt, so these
// sections did not exist: the memory table under "## Memory Result" took
// its context from the cpu part, and the fio table of the disk part was
// read as runs. Now the memory rows take the "- Threads: 1" of their own
// part, and the fio table is another tool's. A root prompt's command
// ("# free -m") is still no heading.
func TestEmojiHeadings(t *testing.T) {
	d := readDoc(t, "../testdata/public/train23/t149-sysbench-cpu-1-2-4-8-threads-vm-rows-and-memory-1-thread-total-time-and-events-only-container-row-then-scalability-table-restating-range-and-statistics-tables-coursework-readme-excerpt.md")
	for _, r := range d.Runs {
		switch r.Line {
		case 50:
			if r.Test == "cpu" || r.Threads == nil || *r.Threads != 1 || !strings.Contains(r.LabelFrom["threads"], "line 44") {
				t.Errorf("line 50: test %q, threads %s (%q)", r.Test, intText(r.Threads), r.LabelFrom["threads"])
			}
		case 75:
			t.Errorf("line 75: fio's row read as a run: %s", rowText(r))
		}
	}
	for raw, want := range map[string]bool{"# 🧠 Memory Experiment": true, "# 测试结果": true, "# Results": true, "# free -m": false} {
		if got := atxTitle(raw); got != want {
			t.Errorf("%q: %v, want %v", raw, got, want)
		}
	}
}

// TestMergedNameColumnsCutExcerpt: t143's table with its last row cut
// short (as a page excerpt may end) still has its whole rows read.
func TestMergedNameColumnsCutExcerpt(t *testing.T) {
	text := "| Category | Metric | Tool Used | Baseline Result | After Optimisation | Notes |\n" +
		"|--------|--------|----------|-----------------|-------------------|-------|\n" +
		"| CPU | Events per second | sysbench cpu | 801.10 events/s | 820.35 events/s | Minor improvement after system tuning |\n" +
		"| Memory | Throughput | sysbench memory | 4486.40 MiB/s | 4650.95 MiB/s | Improvement after enabling swap |\n" +
		"| Disk I/O | Write speed | sysbench fileio | 350.25 MiB/s |\n"
	d, err := All(strings.NewReader(text), "t143-cut.md")
	if err != nil {
		t.Fatal(err)
	}
	eps := 0
	for _, r := range d.Runs {
		if r.EPS != nil {
			eps++
		}
	}
	if eps == 0 {
		t.Errorf("no cpu run read: %d runs, errors %v", len(d.Runs), d.Errors)
	}
}
