package parse

import (
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A sysbench 1.0 cpu report, as printed, for the synthetic cases below.
const cpuReport = `sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

Running the test with following options:
Number of threads: %THREADS%
Initializing random number generator from current time

Prime numbers limit: 10000

Initializing worker threads...

Threads started!

CPU speed:
    events per second:  %EPS%

General statistics:
    total time:                          10.0002s
    total number of events:              12345

Latency (ms):
         min:                                    0.65
         avg:                                    0.67
         max:                                    1.33
         95th percentile:                        0.69
         sum:                                 9998.20

Threads fairness:
    events (avg/stddev):           12345.0000/0.00
    execution time (avg/stddev):   9.9982/0.00
`

func cpu(threads, eps string) string {
	return strings.NewReplacer("%THREADS%", threads, "%EPS%", eps).Replace(cpuReport)
}

// A mysqlslap block.
func slap(engine, clients, avg string) string {
	return "Benchmark\n\tRunning for engine " + engine + "\n" +
		"\tAverage number of seconds to run all queries: " + avg + " seconds\n" +
		"\tMinimum number of seconds to run all queries: " + avg + " seconds\n" +
		"\tMaximum number of seconds to run all queries: " + avg + " seconds\n" +
		"\tNumber of clients running queries: " + clients + "\n" +
		"\tAverage number of queries per client: 0\n\n"
}

func runsOf(t *testing.T, in string) []*Run {
	t.Helper()
	d, err := All(strings.NewReader(in), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	return d.Runs
}

func TestLoopExpanded(t *testing.T) {
	in := "$ for t in 1 2 4; do sysbench cpu --threads=$t run; done\n" +
		cpu("1", "1000.00") + cpu("2", "1990.00") + cpu("4", "3900.00")
	runs := runsOf(t, in)
	if len(runs) != 3 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, want := range []string{"sysbench cpu --threads=1 run", "sysbench cpu --threads=2 run", "sysbench cpu --threads=4 run"} {
		r := runs[i]
		if r.Command != want || r.Test != "cpu" || r.LabelFrom["loop"] != "shell loop at lines 1-1, iteration "+strconv.Itoa(i+1)+" of 3" {
			t.Errorf("run %d: command %q test %q from %v", i, r.Command, r.Test, r.LabelFrom)
		}
	}
}

// TestLoopNestedMysqlslap: the loop of the issue — write number × repeat
// × engine — gives each block its engine and write number; the repeat
// variable, unused by the command, tells nothing apart.
func TestLoopNestedMysqlslap(t *testing.T) {
	in := "# for wn in 1 5000; do for n in 1 2; do for db in tokudb innodb; do echo \"$wn $n $db\"; mysqlslap --engine=$db --auto-generate-sql --auto-generate-sql-write-number=$wn --concurrency=4; done; done; done\n"
	var want []string
	avg := 1.0
	for _, wn := range []string{"1", "5000"} {
		for n := 0; n < 2; n++ {
			for _, db := range []string{"tokudb", "innodb"} {
				in += slap(db, "4", strconv.FormatFloat(avg, 'f', 3, 64))
				want = append(want, db+"/"+wn)
				avg += 0.5
			}
		}
	}
	runs := runsOf(t, in)
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, r := range runs {
		got := r.Labels["engine"] + "/" + r.Settings["auto-generate-sql-write-number"]
		if got != want[i] || len(r.Warnings) != 0 {
			t.Errorf("run %d: %s, want %s (warnings %v)", i, got, want[i], r.Warnings)
		}
	}
}

// TestLoopMismatch: a loop of three iterations followed by two blocks
// keeps its command unexpanded, warns, and keeps the blocks apart.
func TestLoopMismatch(t *testing.T) {
	in := "$ for t in 1 2 4; do sysbench cpu --threads=$t run; done\n" + cpu("1", "1000.00") + cpu("2", "1990.00")
	runs := runsOf(t, in)
	if len(runs) != 2 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, r := range runs {
		if r.Command != "sysbench cpu --threads=$t run" || r.Labels["loop_run"] != strconv.Itoa(i+1) ||
			len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0], "runs 3 result blocks but 2 follow it") {
			t.Errorf("run %d: command %q labels %v warnings %v", i, r.Command, r.Labels, r.Warnings)
		}
	}
}

func TestPromptHosts(t *testing.T) {
	tests := []struct{ line, host string }{
		{"[root@db1 ~]# sysbench cpu run", "db1"},
		{"user@db2:~$ sysbench cpu run", "db2"},
		{"pi@mins-gate ~ $ sysbench cpu run", "mins-gate"},
		{"db3:~ alice$ sysbench cpu run", "db3"},
		{"-bash-4.2$ sysbench cpu run", ""},
		{"bench $ sysbench cpu run", ""},
	}
	for _, tt := range tests {
		runs := runsOf(t, tt.line+"\n"+cpu("1", "1000.00"))
		if len(runs) != 1 || runs[0].Command != "sysbench cpu run" || runs[0].Labels["host"] != tt.host {
			t.Errorf("%q: %d runs, command %q, host %q, want %q", tt.line, len(runs), runs[0].Command, runs[0].Labels["host"], tt.host)
		}
	}
}

func TestProseIsNoCommand(t *testing.T) {
	for _, line := range []string{
		"sysbench is a scriptable multi-threaded benchmark tool.",
		"sysbench with the following options gave the numbers below:",
		"mysqlslap is a diagnostic program designed to emulate client load",
	} {
		if c := commandIn(line); c != nil {
			t.Errorf("%q taken for a command: %+v", line, c)
		}
	}
	// The same words in a code span are a command.
	in := "The command was `sysbench cpu --threads=2 run` on every machine.\n" + cpu("2", "1990.00")
	if runs := runsOf(t, in); len(runs) != 1 || runs[0].Command != "sysbench cpu --threads=2 run" {
		t.Errorf("inline code command not taken: %+v", runs)
	}
}

func TestScriptPaths(t *testing.T) {
	tests := []struct{ cmd, test string }{
		{"sysbench --test=tests/db/oltp.lua --oltp-table-size=1000 run", "oltp"},
		{"sysbench --test=/usr/share/doc/sysbench/tests/db/select.lua run", "select"},
		{"sysbench /usr/share/sysbench/oltp_read_only.lua --threads=4 run", "oltp_read_only"},
		{"/usr/local/share/sysbench/oltp_update_index.lua --threads=4 run", "oltp_update_index"},
		{"./oltp_point_select.lua --threads=4 run", "oltp_point_select"},
		{"sysbench oltp_read_only --threads=4 run # the read-only case, as a reader wrote it", "oltp_read_only"},
		{"sysbench /usr/share/sysbench/tests/include/oltp_legacy/oltp.lua run", "oltp"},
		{"docker run -it img /usr/local/bin/sysbench --test=/sb/tests/db/oltp_simple.lua run", "oltp_simple"},
	}
	for _, tt := range tests {
		c := ParseCommand(tt.cmd)
		if c.Tool != ToolSysbench || c.Test != tt.test {
			t.Errorf("%q: tool %q test %q, want sysbench %q", tt.cmd, c.Tool, c.Test, tt.test)
		}
	}
}

// TestSettings: options that shape the workload are settings, in the
// catalogue's spelling and form; the rest are not.
func TestSettings(t *testing.T) {
	in := "$ sysbench --test=memory --memory_block_size=1M --memory-total-size=10G --num-threads=2 --max-time=60 --mysql-password=x run\n" +
		"sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\n" +
		"Running the test with following options:\nNumber of threads: 2\n\n" +
		"Doing memory operations speed test\nMemory block size: 1024K\n\nMemory transfer size: 10240M\n\n" +
		"Memory operations type: write\nMemory scope type: global\nThreads started!\nDone.\n\n" +
		"Operations performed: 10240 (3875.99 ops/sec)\n\n10240.00 MB transferred (3875.99 MB/sec)\n\n\n" +
		"Test execution summary:\n    total time:                          2.6419s\n    total number of events:              10240\n" +
		"    total time taken by event execution: 2.6377\n    per-request statistics:\n" +
		"         min:                                  0.25ms\n         avg:                                  0.26ms\n" +
		"         max:                                  0.65ms\n         approx.  95 percentile:               0.28ms\n\n" +
		"Threads fairness:\n    events (avg/stddev):           5120.0000/0.00\n    execution time (avg/stddev):   1.3188/0.00\n"
	runs := runsOf(t, in)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	want := map[string]string{"memory-block-size": "1MiB", "memory-oper": "write", "memory-scope": "global",
		"memory-total-size": "10GiB", "max-time": "60"}
	if got := runs[0].Settings; !reflect.DeepEqual(got, want) {
		t.Errorf("settings %v, want %v", got, want)
	}
	if eps := runs[0].EPS; eps == nil || *eps != 3875.99 {
		t.Errorf("eps %v, want 3875.99 as printed", eps)
	}
}

// TestEngineFromCapture: a run without engine option takes the engine the
// nearest table status states, marked inferred; a cpu run does not.
func TestEngineFromCapture(t *testing.T) {
	in := "mysql> show table status like 'sbtest1'\\G\n" +
		"*************************** 1. row ***************************\n" +
		"           Name: sbtest1\n         Engine: InnoDB\n           Rows: 10000\n1 row in set (0.00 sec)\n\n" +
		"$ sysbench oltp_read_only --threads=4 run\n" +
		"sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nRunning the test with following options:\nNumber of threads: 4\n\n" +
		"SQL statistics:\n    queries performed:\n        read:                            14000\n        write:                           0\n" +
		"        other:                           2000\n        total:                           16000\n" +
		"    transactions:                        1000   (99.98 per sec.)\n    queries:                             16000  (1599.68 per sec.)\n\n" +
		"General statistics:\n    total time:                          10.0018s\n    total number of events:              1000\n" +
		"$ sysbench cpu run\n" + cpu("1", "1000.00")
	runs := runsOf(t, in)
	if len(runs) != 2 {
		t.Fatalf("%d runs", len(runs))
	}
	if r := runs[0]; r.Labels["engine"] != "innodb" || r.LabelFrom["engine"] != "SHOW TABLE STATUS at line 2 (inferred)" ||
		!reflect.DeepEqual(r.Captures, []string{"in.txt:2"}) {
		t.Errorf("oltp run: engine %q from %q, captures %v", r.Labels["engine"], r.LabelFrom["engine"], r.Captures)
	}
	if r := runs[1]; r.Labels["engine"] != "" {
		t.Errorf("cpu run given engine %q", r.Labels["engine"])
	}
}

// TestPrepareOptions: a run inherits the table size and engine of its
// test's prepare command.
func TestPrepareOptions(t *testing.T) {
	in := "$ sysbench oltp_point_select --tables=4 --table-size=1000000 --mysql-storage-engine=rocksdb prepare\n" +
		"Creating table 'sbtest1'...\n\n" +
		"$ sysbench oltp_point_select --threads=8 run\n" + strings.Replace(cpu("8", "1000.00"), "CPU speed:\n    events per second:  1000.00\n", "", 1)
	runs := runsOf(t, in)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	r := runs[0]
	if r.Settings["table-size"] != "1000000" || r.Settings["tables"] != "4" || r.Labels["engine"] != "rocksdb" ||
		r.LabelFrom["engine"] != "prepare command at line 1" {
		t.Errorf("settings %v labels %v from %v", r.Settings, r.Labels, r.LabelFrom)
	}
}

// TestLabelLines: the label line above a run labels it, unless it only
// numbers a repeat.
func TestLabelLines(t *testing.T) {
	in := "disk:\n" + cpu("1", "1000.00") + "\ntmpfs:\n" + cpu("1", "3000.00") + "\nSecond run:\n" + cpu("1", "3001.00")
	runs := runsOf(t, in)
	if len(runs) != 3 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, want := range []string{"disk", "tmpfs", ""} {
		if got := runs[i].Labels["heading"]; got != want {
			t.Errorf("run %d: heading %q, want %q", i, got, want)
		}
	}
}

// TestWrappedOption reads a command cut inside an option by the width of
// the window it was copied from, as in akopytov/sysbench#311
// (https://github.com/akopytov/sysbench/issues/311): the test name and the
// action are on the second line. A command cut elsewhere, or followed by
// output, is not joined.
func TestWrappedOption(t *testing.T) {
	in := " sysbench --db-driver=mysql --report-interval=3 --mysql-storage-engine=innodb --threads=2 --time=120 --mysql-\n" +
		"host=mysql80 --mysql-port=3306 --mysql-user=sbtest --mysql-password=xxx cpu run\n" + cpu("2", "1990.00")
	runs := runsOf(t, in)
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	r := runs[0]
	if r.Test != "cpu" || r.Labels["server"] != "mysql80:3306" || strings.Contains(r.Command, "xxx") {
		t.Errorf("wrapped command read as test %q, server %q, command %q", r.Test, r.Labels["server"], r.Command)
	}
	if !strings.Contains(r.Command, "--mysql-host=mysql80") {
		t.Errorf("command %q: the option cut by the wrap is not joined", r.Command)
	}
	// A complete command is not continued by the banner of its output.
	in = "sysbench --threads=2 cpu run\n" + cpu("2", "1990.00")
	if runs := runsOf(t, in); len(runs) != 1 || runs[0].Command != "sysbench --threads=2 cpu run" {
		t.Errorf("complete command changed: %+v", runs)
	}
	// An option ending in '-' above output is left as it is.
	in = "sysbench --threads=2 cpu --mysql-\n" + cpu("2", "1990.00")
	if runs := runsOf(t, in); len(runs) != 1 || runs[0].Command != "sysbench --threads=2 cpu --mysql-" {
		t.Errorf("command joined with its output: %+v", runs)
	}
}

func TestEndsWithResultWord(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"MariaDB 10.1.2 Result", true},
		{"MySQL 5.6.22 Result", true},
		{"InnoDB results", true},
		{"TokuDB 测试结果", true},
		{"Here is the output", false},
		{"Here's the sysbench output", false},
		{"Test results", false},
		{"Results", false},
		{"Oltp test results", true},
		{"The result", false},
		{"throughput", false},
		{"Benchmarkresults", false},
	} {
		if got := endsWithResultWord(tt.in); got != tt.want {
			t.Errorf("endsWithResultWord(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// A label line set wholly in bold or italics is a heading the author made,
// also when it is longer than a short label (the bold lines of a sysbench-tpcc
// homework, testdata/public/identity/sb1.0.x-tpcc-lua-pgsql-default-vs-tuned-...).
func TestEmphasised(t *testing.T) {
	for s, want := range map[string]bool{
		"__Результат теста с параметрами по умолчанию:__": true,
		"**With tmpfs:**":                     true,
		"**With tmpfs**:":                     true,
		"  __Result after tuning:__  ":        true,
		"Result after tuning:":                false,
		"**InnoDB** and **MyRocks** results:": false,
		"****":                                false,
	} {
		if got := emphasised(s); got != want {
			t.Errorf("emphasised(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestReportIntervalFromCommand: a paste without the options header keeps
// the interval its command gives; a header, when shown, says it.
func TestReportIntervalFromCommand(t *testing.T) {
	in := "$ sysbench oltp_read_write --threads=2 --report-interval=10 run\n" + cpu("2", "1990.00")
	runs := runsOf(t, strings.Replace(in, "Number of threads: 2\n", "Number of threads: 2\nReport intermediate results every 5 second(s)\n", 1))
	if len(runs) != 1 || runs[0].Options.ReportIntervalS == nil || *runs[0].Options.ReportIntervalS != 5 {
		t.Errorf("header shown: %+v", runs)
	}
	runs = runsOf(t, in)
	if len(runs) != 1 || runs[0].Options.ReportIntervalS == nil || *runs[0].Options.ReportIntervalS != 10 {
		t.Errorf("no header: %+v", runs[0].Options)
	}
}

// realCPU is a real sysbench 1.0.20 cpu run with its command, for the
// label rules below (testdata/real: MariaDB's machine, 2 threads).
func realCPU(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/real/sysbench-1.0.20-cpu-2thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A label line made only of words that say an output follows ("Result:",
// "Resultado:", "Kết quả:", "结果：", "#### Run:") names no system: two
// identical runs, one of them under it, were two systems of one run each.
// A name above it still labels the run.
func TestGenericLabelNamesNothing(t *testing.T) {
	for _, lab := range []string{"Result:", "Resultado:", "Kết quả:", "结果：", "#### Run:", "Here is the output:", "测试结果:",
		"Thành công:", "Done:", "成功:"} {
		runs := runsOf(t, lab+"\n"+realCPU(t)+"\n"+realCPU(t))
		if len(runs) != 2 || runs[0].Labels["heading"] != "" || runs[1].Labels["heading"] != "" {
			t.Errorf("%q above the first of two runs: %d runs, headings %q, %q; want 2 runs without one", lab, len(runs),
				runs[0].Labels["heading"], runs[len(runs)-1].Labels["heading"])
		}
	}
	runs := runsOf(t, "MariaDB 10.6:\nResult:\n"+realCPU(t)+"\nMySQL 8.0:\nResult:\n"+realCPU(t))
	if len(runs) != 2 || runs[0].Labels["heading"] != "MariaDB 10.6" || runs[1].Labels["heading"] != "MySQL 8.0" {
		t.Errorf("names above a Result: line: %d runs, headings %q, %q; want MariaDB 10.6, MySQL 8.0", len(runs),
			runs[0].Labels["heading"], runs[len(runs)-1].Labels["heading"])
	}
	if !namesNothing("Test results") || namesNothing("InnoDB results") || namesNothing("Ergebnis mit tmpfs") {
		t.Errorf("namesNothing: Test results %v, InnoDB results %v, Ergebnis mit tmpfs %v; want true, false, false",
			namesNothing("Test results"), namesNothing("InnoDB results"), namesNothing("Ergebnis mit tmpfs"))
	}
}

// TestListItemLabels: a markdown list item that is only a short name,
// right above the code fence of an output, labels it; an output pasted
// right after it, nothing between, carries the same label; list items
// that are sentences, commands or repeat markers label nothing.
func TestListItemLabels(t *testing.T) {
	in := "- graviton2\n```\n" + cpu("1", "114.02") + "```\n\n* X64\n```\n" + cpu("1", "45.36") + "\n" + cpu("1", "45.40") + "```\n\n" +
		"* 추가테스트 (쓰레드 갯수가 32 인 경우)\n```\n" + cpu("1", "46.00") + "```\n" +
		"- sysbench cpu run\n```\n" + cpu("1", "47.00") + "```\n" +
		"- second run\n```\n" + cpu("1", "48.00") + "```\n"
	runs := runsOf(t, in)
	want := []string{"graviton2", "X64", "X64", "", "", ""}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		if got := runs[i].Labels["heading"]; got != w {
			t.Errorf("run %d (line %d): heading %q, want %q", i, runs[i].Line, got, w)
		}
	}
}

// fileioOut is a sysbench 1.x fileio report cut to its rates, as posts
// often show it.
func fileioOut(reads, writes string) string {
	return "Throughput:\n         read:  IOPS=" + reads + " 1.00 MiB/s (1.05 MB/s)\n" +
		"         write: IOPS=" + writes + " 1.00 MiB/s (1.05 MB/s)\n         fsync: IOPS=0.00\n\n" +
		"Latency (ms):\n         min:                                  0.00\n         avg:                                  0.02\n" +
		"         max:                                 36.78\n         95th percentile:                      0.02\n" +
		"         sum:                             118855.52\n"
}

// TestRunCommandAboveCleanup: prepare, run and cleanup typed together
// before the output: the output is the run's. Two run commands of one
// test typed together: each output takes the one whose file test mode
// does what it shows, and none when the modes do not tell.
func TestRunCommandAboveCleanup(t *testing.T) {
	const p = "$ sysbench fileio --file-total-size=8G "
	in := p + "prepare\n" + p + "--file-test-mode=rndrw run\n" + p + "cleanup\n\n" + fileioOut("2366.91", "1577.94") + "\n" +
		p + "prepare\n" + p + "--file-test-mode=seqrd run\n" + p + "--file-test-mode=seqwr run\n" + p + "cleanup\n\n" +
		fileioOut("41755.70", "0.00") + "\n" + fileioOut("0.00", "25128.68") + "\n" +
		p + "--file-test-mode=rndrd run\n" + p + "--file-test-mode=seqrd run\n" + p + "cleanup\n\n" + fileioOut("100.00", "0.00")
	runs := runsOf(t, in)
	want := []string{"rndrw", "seqrd", "seqwr", ""}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		got := ""
		if r := runs[i]; r.Command != "" {
			got = ParseCommand(r.Command).Opts["file-test-mode"]
		}
		if got != w {
			t.Errorf("run %d (line %d): mode %q (command %q), want %q", i, runs[i].Line, got, runs[i].Command, w)
		}
	}
}

// TestSchemaAndScriptLabels: one command typed once, its output shown
// again after "CREATE INDEX" and after the author's Lua script is shown
// edited: different experiments, told apart by the labels "schema" and
// "script". A test of the catalogue takes no script label.
func TestSchemaAndScriptLabels(t *testing.T) {
	sql := func(tps string) string {
		return "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 4\n\n" +
			"Threads started!\n\nSQL statistics:\n    queries performed:\n        read:                            136\n" +
			"        write:                           0\n        other:                           0\n        total:                           136\n" +
			"    transactions:                        136    (" + tps + " per sec.)\n    queries:                             136    (" + tps + " per sec.)\n" +
			"    ignored errors:                      0      (0.00 per sec.)\n    reconnects:                          0      (0.00 per sec.)\n\n" +
			"General statistics:\n    total time:                          10.1197s\n    total number of events:              136\n"
	}
	in := "```lua\nfunction event()\n  con:query(\"SELECT 1\")\nend\n```\n$ sysbench test.lua --threads=4 run\n" + sql("13.44") +
		"\nCREATE INDEX idx_salary ON salaries(salary);\n\n" + sql("32235.99") +
		"\n```lua\nfunction event()\n  con:query(\"SELECT 2\")\nend\n```\n\n" + sql("45.94") +
		"\n$ sysbench cpu --threads=4 run\n" + cpu("4", "1000.00")
	runs := runsOf(t, in)
	want := []struct{ schema, script string }{
		{"", "Lua script at line 2"},
		{"CREATE INDEX idx_salary ON salaries(salary)", "Lua script at line 2"},
		{"CREATE INDEX idx_salary ON salaries(salary)", "Lua script at line 54"},
		{"CREATE INDEX idx_salary ON salaries(salary)", ""},
	}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		if got := runs[i].Labels["schema"]; got != w.schema {
			t.Errorf("run %d (line %d): schema %q, want %q", i, runs[i].Line, got, w.schema)
		}
		if got := runs[i].Labels["script"]; got != w.script {
			t.Errorf("run %d (line %d): script %q, want %q", i, runs[i].Line, got, w.script)
		}
	}
}

// Every section heading labels the runs of its section with the path of
// titles above them, whatever words it uses ("## MariaDB 10.6" and "## MySQL
// 8.0" above their outputs were pooled as repeats; "## my laptop" named
// nothing): whether a title restates the run ("### Memory") or counts its
// repeats ("## Test 2") is decided with every run in view
// (analyze.headingIdentity). Titles that name only the output
// ("## Results"), a repeat in words ("## Second run") or a section's
// number ("## 2. CPU Benchmark") are left out here.
func TestSectionHeadingPath(t *testing.T) {
	prose := "\nThe server ran with the defaults of its package.\nWe ran it twice.\n\n```\n"
	runs := runsOf(t, "## MariaDB 10.6\n"+prose+realCPU(t)+"```\n\n## MySQL 8.0\n"+prose+realCPU(t)+"```\n")
	if len(runs) != 2 || runs[0].Labels["heading"] != "MariaDB 10.6" || runs[1].Labels["heading"] != "MySQL 8.0" {
		t.Fatalf("%d runs, headings %q, %q; want MariaDB 10.6, MySQL 8.0", len(runs), runs[0].Labels["heading"],
			runs[len(runs)-1].Labels["heading"])
	}
	for _, c := range [][2]string{{"## 并发测试", "并发测试"}, {"### Memory", "Memory"}, {"## Results", ""},
		{"## Test 2", "Test 2"}, {"## 2. CPU Benchmark", "CPU Benchmark"}, {"## Second run", ""},
		{"## my laptop", "my laptop"}, {"my laptop\n---------", "my laptop"}, {"<h2>my laptop</h2>", "my laptop"},
		{"**my laptop**", "my laptop"}, {"MY LAPTOP", "MY LAPTOP"},
		// A title framed by two-mark rules, a colon and more than sixty
		// characters in it, as a mail reply sets one apart.
		{"==\nWithout 1a2b3c4d5e (\"sched: keep the wakeup latency of the runqueue\")\n==",
			"Without 1a2b3c4d5e (\"sched: keep the wakeup latency of the runqueue\")"}} {
		runs := runsOf(t, c[0]+"\n"+prose+realCPU(t)+"```\n")
		if len(runs) != 1 || runs[0].Labels["heading"] != c[1] {
			t.Errorf("%q: %d runs, heading %q; want %q", c[0], len(runs), runs[0].Labels["heading"], c[1])
		}
	}
	// Every run of a section takes its path; a subsection adds to it, the
	// next section of the level replaces it.
	runs = runsOf(t, "## MariaDB 10.6\n"+prose+realCPU(t)+"```\n### Read-only\n"+prose+realCPU(t)+
		"```\n## Conclusion\n"+prose+realCPU(t)+"```\n")
	if len(runs) != 3 || runs[0].Labels["heading"] != "MariaDB 10.6" || runs[1].Labels["heading"] != "MariaDB 10.6 / Read-only" ||
		runs[2].Labels["heading"] != "Conclusion" {
		t.Errorf("runs of one section: %d runs, headings %q, %q, %q", len(runs),
			runs[0].Labels["heading"], runs[1].Labels["heading"], runs[len(runs)-1].Labels["heading"])
	}
}

// One post's labels that differ only in case name one system: "- X64"
// above one output and "- x64" above the next (a Korean EC2 write-up).
func TestHeadingSpelling(t *testing.T) {
	runs := runsOf(t, "- X64\n"+realCPU(t)+"\nsome prose between\n\n- x64\n"+realCPU(t))
	if len(runs) != 2 || runs[0].Labels["heading"] != "X64" || runs[1].Labels["heading"] != "X64" {
		t.Errorf("%d runs, headings %q, %q; want X64 twice", len(runs), runs[0].Labels["heading"], runs[len(runs)-1].Labels["heading"])
	}
}

// TestLabelsNotFromOutput: the labels of runs come from the lines that
// label them, never from the output's own words or a transcript. In the
// public 0.4 paste of two cpu runs under "**VM:**" and "**Hardware:**",
// the first run's "General statistics:" is broken over two lines ("General",
// " statistics:"): the run is the VM's, not "statistics". In the
// Vietnamese PostgreSQL write-up, psql's "CREATE DATABASE" tag and its
// "Password for user sbtest:" prompt label no run.
func TestLabelsNotFromOutput(t *testing.T) {
	for _, c := range []struct {
		file     string
		lines    []int
		headings []string
	}{
		{"../testdata/public/sysbench-0.4/sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt", []int{7, 22}, []string{"VM", "Hardware"}},
		{"../testdata/public/identity/sb1.0-pgsql-oltp-legacy-lua-by-path-parallel-prepare-run-oltp-select-under-ket-qua-indented-no-banner-vi.txt",
			[]int{52, 132, 180}, []string{"", "Kiểm tra lại", "Kiểm tra lại"}},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		runs := runsOf(t, string(b))
		if len(runs) != len(c.lines) {
			t.Fatalf("%s: %d runs, want %d", c.file, len(runs), len(c.lines))
		}
		for i, r := range runs {
			if r.Line != c.lines[i] || r.Labels["heading"] != c.headings[i] {
				t.Errorf("%s: run at line %d heading %q, want line %d %q", c.file, r.Line, r.Labels["heading"], c.lines[i], c.headings[i])
			}
		}
	}
	for _, s := range []string{"statistics", " statistics:", "Test execution summary", "execution summary:", "Latency (ms):"} {
		if !outputTitle(s, false) {
			t.Errorf("outputTitle(%q) false", s)
		}
	}
	for _, s := range []string{"CPU:", "VM", "Hardware:", "InnoDB statistics", "tmpfs"} {
		if outputTitle(s, false) {
			t.Errorf("outputTitle(%q) true", s)
		}
	}
	if !outputTitle("General", true) || outputTitle("General:", false) {
		t.Errorf("a title's first word left alone is output only when the colon is on the next line")
	}
}

// A note on MySQL partitioning (testdata/public/train/t15) prints two
// mysqlslap blocks a fence, each under an SQL comment naming the state of
// the table ("-- パーティショニング前", "-- パーティショニング後"): the comment
// labels the block below it, so before and after are two experiments.
// The same comments under the results of the second and third query
// ("２の実行結果") are named by that section too.
func TestIdentityCommentLabel(t *testing.T) {
	doc := parseFile(t, "../testdata/public/train/t15-mysqlslap-before-after-ja.txt")
	want := map[float64]string{
		0.397: "パーティショニング前", 0.063: "パーティショニング後",
		3.309: "２の実行結果 / パーティショニング前", 0.682: "２の実行結果 / パーティショニング後",
		33.19: "３の実行結果 / パーティショニング前", 6.686: "３の実行結果 / パーティショニング後",
	}
	seen := 0
	for _, r := range doc.Runs {
		if r.Mysqlslap == nil || r.Mysqlslap.AvgS == nil || r.Line < 20 {
			continue
		}
		w, ok := want[*r.Mysqlslap.AvgS]
		if !ok {
			t.Errorf("line %d: unexpected run of %v s", r.Line, *r.Mysqlslap.AvgS)
			continue
		}
		seen++
		if got := r.Labels["heading"]; got != w {
			t.Errorf("line %d (%v s): heading %q, want %q", r.Line, *r.Mysqlslap.AvgS, got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("%d runs read below the conditions table, want %d", seen, len(want))
	}
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"    -- パーティショニング前", "パーティショニング前", true},
		{"// after tuning", "after tuning", true},
		{"-- run 2", "", true},
		{"-- result", "", true},
		{"-- mysqlslap --concurrency=10", "", false},
		{"SELECT 1; -- note", "", false},
		{"# heading", "", false},
		// A shell comment naming the machine of the output below it
		// (train4 t73), never a command typed at a root prompt.
		{"# R4.2XLARGE", "R4.2XLARGE", true},
		{"# R5.2XLARGE:", "R5.2XLARGE", true},
		{"# free -m", "", false},
		{"# lscpu", "", false},
		{"# cat /proc/cpuinfo", "", false},
		{"# sysbench cpu --cpu-max-prime=20000 --threads=8 --time=60 run", "", false},
		{"# 单核性能", "单核性能", true},
		// A harness's header lines (testdata/public/legacy-archive): no name.
		{"# 2026-04-03T14:49:53+09:00", "", false},
		{"# run=1/10", "", false},
		{"# cmd: taskset -c 1-15 sysbench oltp_read_write run", "", false},
	} {
		got, ok := commentLabel(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("commentLabel(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestCaptionLabel: a bare short line of its own right above the fence of
// an output names it. A public README benchmarking cloud servers names each
// machine only so ("DigitalOcean" over a fence with "# sysbench cpu …" and
// its output, then "OVH", then "Vultr"; "Scaleway" over an empty fence),
// under "### CPU", "### Memory" and "### Disk".
func TestCaptionLabel(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train2/t63-machines-by-label-lines-cpu-memory-fileio.txt")
	if err != nil {
		t.Fatal(err)
	}
	runs := runsOf(t, string(b))
	want := []string{"DigitalOcean", "OVH", "Vultr"}
	if len(runs) != 9 {
		t.Fatalf("%d runs, want 9 (three tests on three machines)", len(runs))
	}
	for i, r := range runs {
		if r.Labels["heading"] != want[i%3] {
			t.Errorf("run at line %d: heading %q, want %q", r.Line, r.Labels["heading"], want[i%3])
		}
	}
	for _, s := range []string{"DigitalOcean", "Raspberry Pi 4", "my laptop"} {
		if captionLabel(s) != s {
			t.Errorf("captionLabel(%q) = %q, want the line", s, captionLabel(s))
		}
	}
	// A sentence, a prompt, a command, a heading, a repeat counter or a
	// line of four words or more is no caption.
	for _, s := range []string{"测试结果如下：", "Run 2", "# sysbench cpu run", "sysbench", "$ ls", "Then we ran it again.", "This is the output here", "| a | b |"} {
		if c := captionLabel(s); c != "" {
			t.Errorf("captionLabel(%q) = %q, want none", s, c)
		}
	}
}

// TestNamedConditionLabel: a Chinese post on a small MySQL server cuts
// each output to its statistics and names it only by the line above its
// fence: the client machine and its condition ("韩国测试机器：180ms ping、…",
// "纽约测试机器：32 threads、…") or the table size ("1w 数据：", "10w 条数据").
// Each run takes its own line, so that the New York client at 32 threads
// under the latency heading and under the thread-count heading, and the
// five table sizes, stay apart.
func TestNamedConditionLabel(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train2/t64-annotated-output-then-outputs-under-label-lines-zh.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{
		80:  "韩国测试机器:180ms ping、CPU 10% 使用率、Mem 65%/500MB 使用率",
		112: "纽约测试机器:1ms ping、CPU 85% 使用率、Mem 65%/500MB 使用率",
		215: "纽约测试机器:32 threads、CPU 83% 使用率、Mem 62% 使用率",
		296: "10w 条数据",
		328: "100w 条数据",
		360: "500w 条数据",
	}
	checkRunsAt(t, runsOf(t, string(b)), want, func(r *Run, w string) {
		if r.Labels["heading"] != w {
			t.Errorf("run at line %d: heading %q, want %q", r.Line, r.Labels["heading"], w)
		}
	})
	// A prompt ("sean@Teleprompter:~"), a repeat counter, an option and a
	// long sentence are no such label.
	for _, s := range []string{"sean@Teleprompter:~", "第二次测试:180ms ping", "参数: --threads=8", "Result: " + strings.Repeat("x", 90)} {
		if l := namedConditionLabel(s); l != "" {
			t.Errorf("namedConditionLabel(%q) = %q, want none", s, l)
		}
	}
}

// TestRunLengthSettings: the run length a command gives is part of what
// the run is (a cpu run of one event and one of 60 s, as in a guide that
// first sizes --cpu-max-prime on one event, then runs a minute), and
// 1.x's deprecated --max-time is read as the --time it sets.
func TestRunLengthSettings(t *testing.T) {
	in := "$ sysbench cpu --threads=1 --events=1 run\n" + cpu("1", "0.09") +
		"\n$ sysbench cpu --threads=1 --time=60 run\n" + cpu("1", "0.09") +
		"\n$ sysbench cpu --threads=1 --max-time=30 run\n" + cpu("1", "0.09")
	runs := runsOf(t, in)
	if len(runs) != 3 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, want := range []map[string]string{
		{"events": "1", "cpu-max-prime": "10000"},
		{"time": "60", "cpu-max-prime": "10000"},
		{"time": "30", "cpu-max-prime": "10000"},
	} {
		if got := runs[i].Settings; !reflect.DeepEqual(got, want) {
			t.Errorf("run %d: settings %v, want %v", i, got, want)
		}
	}
	for _, c := range []struct{ version, name, want string }{
		{"1.0.15", "time", "10"}, {"1.0.15", "events", "0"}, {"0.4.12", "max-requests", "10000"},
		{"0.4.12", "time", ""}, {"0.5", "max-time", "0"},
	} {
		if got := OptionDefault(ToolSysbench, c.version, c.name); got != c.want {
			t.Errorf("default of --%s in %s: %q, want %q", c.name, c.version, got, c.want)
		}
	}
}

// TestLongLabelLines: a line ending in a colon right above an output
// labels it however long, as the reply of a kernel thread names each of
// two fileio outputs by the commit it ran without and with; a paragraph
// that only ends by pointing at the output (a sentence stops inside it)
// labels nothing.
func TestLongLabelLines(t *testing.T) {
	in := "without 6a3afb6ac6 (\"jbd2: remove journal_clean_one_cp_list()\"):\n" + cpu("128", "7680.00") +
		"\nwith 6a3afb6ac6 (\"jbd2: remove journal_clean_one_cp_list()\"):\n" + cpu("128", "9100.00") +
		"\nThe schema is dropped at the end, so nothing is left behind. Run it once more with the same settings:\n" + cpu("128", "9101.00")
	runs := runsOf(t, in)
	if len(runs) != 3 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, want := range []string{
		"without 6a3afb6ac6 (\"jbd2: remove journal_clean_one_cp_list()\")",
		"with 6a3afb6ac6 (\"jbd2: remove journal_clean_one_cp_list()\")",
		"",
	} {
		if got := runs[i].Labels["heading"]; got != want {
			t.Errorf("run %d: heading %q, want %q", i, got, want)
		}
	}
}

// TestDecoratedCaptions: a caption set between rules on a line of its own
// ("=== without patch ===", "[tmpfs]") labels the output below it as the
// bare caption would; a line marked on one side only, an HTML tag or a
// rule alone is no caption.
func TestDecoratedCaptions(t *testing.T) {
	in := "=== without 6a3afb6ac6 ===\n\n" + cpu("128", "7680.00") + "\n--- with 6a3afb6ac6 ---\n\n" + cpu("128", "9100.00") +
		"\n[tmpfs]\n\n" + cpu("128", "9500.00")
	runs := runsOf(t, in)
	if len(runs) != 3 {
		t.Fatalf("%d runs", len(runs))
	}
	for i, want := range []string{"without 6a3afb6ac6", "with 6a3afb6ac6", "tmpfs"} {
		if got := runs[i].Labels["heading"]; got != want {
			t.Errorf("run %d: heading %q, want %q", i, got, want)
		}
	}
	for _, s := range []string{"<pre>", "=====", "- item", "# sysbench cpu run", "[1]"} {
		if c := captionLabel(s); c != "" {
			t.Errorf("captionLabel(%q) = %q, want none", s, c)
		}
	}
}

// TestRunLengthFromPublicText: the run length a VPS review's commands give
// (testdata/public/train9/t91: cpu at 4 and 1 threads for 60 s, memory
// for 30 s with a 200G total size) is in each run's settings, beside the
// options that shape the workload.
func TestRunLengthFromPublicText(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train9/t91-cpu-4-and-1-threads-60s-memory-30s-total-size-reached-lead-in-sentences-vps-review-zh.txt")
	if err != nil {
		t.Fatal(err)
	}
	runs := runsOf(t, string(b))
	if len(runs) != 3 {
		t.Fatalf("%d runs, want 3", len(runs))
	}
	for i, want := range []map[string]string{
		{"cpu-max-prime": "20000", "time": "60"},
		{"cpu-max-prime": "20000", "time": "60"},
		{"memory-block-size": "1KiB", "memory-oper": "read", "memory-scope": "global", "memory-total-size": "200GiB", "time": "30"},
	} {
		if got := runs[i].Settings; !reflect.DeepEqual(got, want) {
			t.Errorf("run at line %d: settings %v, want %v", runs[i].Line, got, want)
		}
	}
	if eps := runs[0].EPS; eps == nil || *eps != 4686.45 {
		t.Errorf("first cpu run: eps %v, want 4686.45", eps)
	}
}

// TestSettingItemLabelsRun: a README tuning haproxy's maxconn
// (testdata/public/holdout6, already scored) puts "* maxconn=80" and
// "* maxconn=90" over two mysqlslap blocks of the same command: two
// experiments named by their setting, not repeats.
func TestSettingItemLabelsRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/holdout6/mysqlslap-300-clients-haproxy-maxconn-readme.txt")
	got := map[int]string{}
	for _, r := range d.Runs {
		got[r.Line] = r.Labels["heading"]
	}
	if got[72] != "maxconn=80" || got[82] != "maxconn=90" || got[120] != "maxconn=200" {
		t.Errorf("labels of the runs at lines 72, 82, 120: %q, %q, %q", got[72], got[82], got[120])
	}
}

// TestCommandForTitledOutput: a write-up that shows each command in a
// section of its own, some with their output and some without, and pastes
// the other outputs later under a heading naming their test, is read as a
// reader matches them: the output under "### memory", shown after the
// cpu run, is the memory command's, not the last command's. The outputs
// are real sysbench 1.0.20 captures (testdata/real) pasted from their
// results on, as such write-ups paste them; the commands are the ones
// that made them.
func TestCommandForTitledOutput(t *testing.T) {
	part := func(name, from string) string {
		b, err := os.ReadFile("../testdata/real/" + name)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		return s[strings.Index(s, from):]
	}
	const cpuCmd = "sysbench cpu --threads=2 --time=5 --report-interval=1 --histogram=on --percentile=99 run"
	const memCmd = "sysbench memory --threads=2 --time=5 --report-interval=1 --histogram=on --percentile=99 run"
	text := "## Memory\n\n```\n" + memCmd + "\n```\n\n## CPU\n\n```\n" + cpuCmd + "\n" +
		part("sysbench-1.0.20-cpu-2thr.txt", "CPU speed:") + "```\n\n### memory\n\n```\n" +
		part("sysbench-1.0.20-memory-2thr.txt", "Total operations:") + "```\n"
	d, err := All(strings.NewReader(text), "writeup.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 {
		t.Fatalf("%d runs, want 2", len(d.Runs))
	}
	for i, want := range []struct{ test, cmd string }{{"cpu", cpuCmd}, {"memory", memCmd}} {
		r := d.Runs[i]
		if r.Test != want.test || r.Command != want.cmd || r.Threads == nil || *r.Threads != 2 {
			t.Errorf("run %d at line %d: test %q command %q threads %v; want %s with %q", i, r.Line, r.Test, r.Command, r.Threads, want.test, want.cmd)
		}
	}
}

// TestSentenceItemLabelsRun: a README on a federated MariaDB setup
// (testdata/public/holdout7, already scored) names each mysqlslap block
// by the list item above it, a sentence of several words ending in dots
// ("- md5 against department instance..", "- md5 against employee
// instance.."): the blocks are four experiments named by their items,
// the dots no part of the name.
func TestSentenceItemLabelsRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/holdout7/mysqlslap-md5-1-client-federatedx-two-instances-readme-excerpt.txt")
	var got []string
	for _, r := range d.Runs {
		got = append(got, r.Labels["heading"])
	}
	want := []string{"md5 against department instance", "md5 against employee instance",
		"10 iteration of md5 against department instance", "10 iteration md5 against employee instance"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}

// A caption names the fence below it even when the output before it
// took in the blank lines and fences around the caption: the second of
// two real outputs, each under a short line naming its system, is named
// by its own. The second output is the first two lines of a real 0.4.12
// summary (testdata/public/sysbench-0.4), as a note keeps them.
func TestCaptionAfterOutput(t *testing.T) {
	summary := strings.Join(strings.SplitAfter(readText(t, "../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt"), "\n")[27:29], "")
	if !strings.HasPrefix(summary, "Test execution summary:\n    total time:") {
		t.Fatalf("the fixture's summary moved: %q", summary)
	}
	for _, out := range []string{realCPU(t), summary} {
		runs := runsOf(t, "qemu-1.0.1 (--enable-kvm)\n\n```\n"+out+"```\n\nqemu-kvm-1.0\n\n```\n"+out+"```\n")
		if len(runs) != 2 || runs[1].Labels["heading"] != "qemu-kvm-1.0" {
			t.Errorf("%d runs, second named %q; want qemu-kvm-1.0", len(runs), runs[len(runs)-1].Labels["heading"])
		}
	}
}

// reStructuredText sets an output as a literal block: a line ending in
// "::" (or "::" alone), a blank line, the output indented. The label line
// above "::" names the run, its escaped underscores as the page shows
// them; two runs under "sync\_binlog = 1 …：" and "sync\_binlog = 0 …："
// are two experiments. The output is a real mysqlslap block
// (testdata/public/mysqlslap).
func TestLiteralBlockLabel(t *testing.T) {
	out := readText(t, "../testdata/public/mysqlslap/mysqlslap-5.7-tab-indented-single-run.txt")
	runs := runsOf(t, "The settings matter:\n\n sync\\_binlog = 1(default)：\n\n::\n\n"+out+"\n sync\\_binlog = 0(changed)：\n\n::\n\n"+out)
	if len(runs) != 2 || runs[0].Labels["heading"] != "sync_binlog = 1(default)" || runs[1].Labels["heading"] != "sync_binlog = 0(changed)" {
		t.Errorf("%d runs, labels %q, %q", len(runs), runs[0].Labels["heading"], runs[len(runs)-1].Labels["heading"])
	}
}

// A comment line names the runs of the command typed below it, the same
// command typed again included: "# NFS volume", then two runs of one command,
// then "# Local disk" and the command once more are two runs on nfs and
// one on the local disk (the section above names none of them). In
// lower case too: two or three words right above the command are a
// comment, not a root prompt's command, which would have printed
// something. The outputs are a real sysbench 1.0.20 cpu run shown under
// its command.
func TestLabelOverRepeatedCommand(t *testing.T) {
	out := realCPU(t) // its command line first
	for _, c := range [][2]string{{"NFS volume", "Local disk"}, {"nfs volume", "local disk"}} {
		runs := runsOf(t, "## Benchmark\n\n```\n# "+c[0]+"\n"+out+"\n"+out+"\n# "+c[1]+"\n"+out+"```\n")
		var got []string
		for _, r := range runs {
			got = append(got, r.Labels["heading"])
		}
		if !slices.Equal(got, []string{c[0], c[0], c[1]}) {
			t.Errorf("labels %q, want %s twice, %s", got, c[0], c[1])
		}
	}
	// At a bare root prompt the same line is a command: "# systemctl
	// restart mysql" over "# sysbench …" names no run.
	body := out[strings.Index(out, "\n")+1:]
	runs := runsOf(t, "```\n# systemctl restart mysql\n# sysbench cpu --threads=2 run\n"+body+"```\n")
	if len(runs) != 1 || runs[0].Labels["heading"] != "" {
		t.Errorf("root prompt commands: %d runs, heading %q", len(runs), runs[0].Labels["heading"])
	}
}

// The context of a run beyond its headings, each with real outputs (a
// sysbench 1.0.20 cpu run, a mysqlslap 5.7 block of testdata/public):
// a setting logged right above an output, an index added between two
// runs of one mysqlslap command, a tutorial's "Output" label glued to
// the block, a line that only introduces what follows, level-1 headings
// that are sections, and a caption naming the test repeated under each
// machine's section.
func TestRunContextBeyondHeadings(t *testing.T) {
	slapOut := readText(t, "../testdata/public/mysqlslap/mysqlslap-5.7-tab-indented-single-run.txt")
	slapOut = strings.TrimLeft(slapOut[strings.Index(slapOut, "Benchmark"):], " \t") // from its Benchmark line
	heading := func(runs []*Run) []string {
		var got []string
		for _, r := range runs {
			got = append(got, r.Labels["heading"])
		}
		return got
	}
	// A harness logging the socket it uses before the second block.
	runs := runsOf(t, "Create table using MYSQL_SOCK=/tmp/node1.sock\nInserting rows\n"+slapOut+"\nMYSQL_SOCK=/tmp/node2.sock\n"+slapOut)
	if got := heading(runs); !slices.Equal(got, []string{"", "MYSQL_SOCK=/tmp/node2.sock"}) {
		t.Errorf("setting above the output: %q", got)
	}
	// The same command before and after "alter table b2 add index(via)".
	cmd := "$ mysqlslap --create-schema kk -i 3 --number-of-queries 500 -q \"insert into b2(via) select 1\"\n"
	runs = runsOf(t, cmd+slapOut+"\nmysql> alter table b2 add index(via);\nQuery OK, 0 rows affected (0.57 sec)\n\n"+cmd+slapOut)
	if len(runs) != 2 || runs[0].Labels["schema"] != "" || runs[1].Labels["schema"] != "alter table b2 add index(via)" {
		t.Errorf("index added between mysqlslap runs: %d runs, schema %q", len(runs), runs[len(runs)-1].Labels["schema"])
	}
	// "Output" glued to the block's first line; a lead-in names nothing.
	runs = runsOf(t, "You will get output similar to the following:\n\n```\nOutput"+slapOut+"```\n")
	if len(runs) != 1 || runs[0].Mysqlslap.AvgS == nil || *runs[0].Mysqlslap.AvgS != 465.992 || runs[0].Labels["heading"] != "" {
		t.Errorf("glued Output label: %d runs, heading %q", len(runs), heading(runs))
	}
	// A level-1 heading after a run is a section (an excerpt that begins
	// mid-document); the first one above every run is the title.
	out := realCPU(t)
	runs = runsOf(t, "# Notes on my servers\n\n```\n"+out+"```\n\n# Step 4 — Testing with the cache\n\n```\n"+out+"```\n")
	if got := heading(runs); !slices.Equal(got, []string{"", "Step 4 — Testing with the cache"}) {
		t.Errorf("level-1 headings: %q", got)
	}
	// A caption naming the test, under each machine's item: the second
	// time it is named by its item too.
	mem := readText(t, "../testdata/real/sysbench-1.0.20-memory-2thr.txt")
	runs = runsOf(t, "1. small: 1 vCPU\n\n```\nMemory Sequential Read\n"+mem+"```\n\n2. large: 8 vCPU\n\n```\nMemory Sequential Read\n"+mem+"```\n")
	if got := heading(runs); !slices.Equal(got, []string{"Memory Sequential Read", "large: 8 vCPU / Memory Sequential Read"}) {
		t.Errorf("caption repeated under two machines: %q", got)
	}
	// The same list of cases under two sections of one test.
	cases := "* rules with flags\n" + slapOut + "\n* rules without flags\n" + slapOut + "\n"
	runs = runsOf(t, "### Normal Distribution\n\n"+cases+"### Exponential Distribution\n\n"+cases)
	if got := heading(runs); !slices.Equal(got, []string{"rules with flags", "rules without flags",
		"Exponential Distribution / rules with flags", "Exponential Distribution / rules without flags"}) {
		t.Errorf("cases repeated under two sections: %q", got)
	}
}

// A command typed apart from the output it is taken for is weighed
// against what the output says (a real sysbench 1.0.20 cpu run of two
// threads): its statistics alone, under "sysbench cpu run" and "sysbench
// --threads=16 cpu run" typed one after the other, are a run of two
// threads as the fairness block says; the whole output after a list of
// memory commands is a cpu run, as its options header says. A command
// right above its output keeps its count, the disagreement warned.
func TestTakenCommandWeighed(t *testing.T) {
	out := realCPU(t)
	body := out[strings.Index(out, "\n")+1:]        // without its command line
	stats := out[strings.Index(out, "CPU speed:"):] // from its statistics
	runs := runsOf(t, "sudo apt-get install sysbench\nsysbench cpu run\nsysbench --threads=16 cpu run\n\n\nmy laptop\n\n"+stats)
	if len(runs) != 1 || runs[0].Threads == nil || *runs[0].Threads != 2 || runs[0].ThreadsFrom != "fairness" ||
		!strings.Contains(strings.Join(runs[0].Warnings, "\n"), "2 threads as the output's fairness block says") {
		t.Errorf("statistics under two commands: %d runs, threads %v from %q, warnings %q", len(runs), intText(runs[0].Threads), runs[0].ThreadsFrom, runs[0].Warnings)
	}
	runs = runsOf(t, "```\nsysbench memory --threads=4 --memory-oper=read run\nsysbench memory --threads=4 --memory-oper=write run\n```\n\nResults:\n\n```\n"+body+"```\n")
	if len(runs) != 1 || runs[0].Test != "cpu" || runs[0].Settings["memory-oper"] != "" {
		t.Errorf("cpu output after memory commands: %d runs, test %q, settings %v", len(runs), runs[0].Test, runs[0].Settings)
	}
	runs = runsOf(t, "$ sysbench --threads=16 cpu run\n"+stats)
	if len(runs) != 1 || runs[0].Threads == nil || *runs[0].Threads != 16 ||
		!strings.Contains(strings.Join(runs[0].Warnings, "\n"), "implies 2 threads") {
		t.Errorf("command right above: threads %v, warnings %q", intText(runs[0].Threads), runs[0].Warnings)
	}
}

// A command given in an inline code span, typed again in the next
// section, is the same command again only when nothing stood between:
// under "### Stock" and "### Overclocked", each with the command and
// "Result:" above a real sysbench 1.0.20 cpu output, the runs are named
// by their sections.
func TestInlineCommandAgainUnderNewSection(t *testing.T) {
	out := realCPU(t)
	body := out[strings.Index(out, "\n")+1:]
	part := func(title string) string {
		return "### " + title + "\n`sysbench cpu --threads=2 run`\n\nResult:\n```\n" + body + "```\n"
	}
	runs := runsOf(t, part("Stock")+part("Overclocked"))
	if len(runs) != 2 || runs[0].Labels["heading"] == runs[1].Labels["heading"] || !strings.Contains(runs[1].Labels["heading"], "Overclocked") {
		t.Errorf("%d runs, headings %q, %q", len(runs), runs[0].Labels["heading"], runs[len(runs)-1].Labels["heading"])
	}
}
