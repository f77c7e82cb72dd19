package parse

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// proseRuns reads a public text and returns its runs read from prose.
func proseRuns(t *testing.T, file string) []*Run {
	t.Helper()
	b, err := os.ReadFile("../testdata/public/prose/" + file)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), file)
	var out []*Run
	for _, r := range d.Runs {
		if r.Layout == LayoutP {
			out = append(out, r)
		}
	}
	return out
}

// TestProseResultVerbPlace: "run this command on my PC and got a result
// 47634.81 MiB/sec" over the command it ran (sysbench PR #417): one
// memory result on "my PC", with the command's 12 threads; "about 15G/s"
// (no unit of a result) and "300% deviation" are not results.
func TestProseResultVerbPlace(t *testing.T) {
	rs := proseRuns(t, "sb-memory-result-in-prose-on-my-pc-command-after-pr417-excerpt.txt")
	if len(rs) != 1 {
		t.Fatalf("%d prose runs, want 1: %+v", len(rs), rs)
	}
	r := rs[0]
	if r.Line != 14 || r.Test != "memory" || r.Threads == nil || *r.Threads != 12 || r.Labels["heading"] != "my PC" {
		t.Errorf("line %d test %q threads %v heading %q, want 14 memory 12 \"my PC\"", r.Line, r.Test, r.Threads, r.Labels["heading"])
	}
	if r.Memory == nil || r.Memory.TransferMiBs == nil || *r.Memory.TransferMiBs != 47634.81 {
		t.Errorf("memory %+v, want 47634.81 MiB/s", r.Memory)
	}
	if r.Command == "" || r.EPS != nil || r.TPS != nil {
		t.Errorf("command %q eps %v tps %v: want the command below, no other rate", r.Command, r.EPS, r.TPS)
	}
}

// TestProseNoRateUnit: "- 6.65 million operations on 1.0.20" (sysbench
// issue #374) gives a count with no rate unit: not a result, and the
// grep-filtered commands above it are not outputs.
func TestProseNoRateUnit(t *testing.T) {
	if rs := proseRuns(t, "sb-cpu-memory-million-operations-list-items-no-rate-unit-issue374-excerpt.txt"); len(rs) != 0 {
		t.Errorf("%d prose runs, want none: %+v", len(rs), rs[0])
	}
}

// TestProseResults checks the binding rules on lines of the public texts
// above and of the design notes a rate appears in.
func TestProseResults(t *testing.T) {
	for _, tt := range []struct {
		in      string
		subject string
		threads int
		value   float64
		metric  string
	}{
		{"Orignally, run this command on my PC and got a result 47634.81 MiB/sec", "my PC", 0, 47634.81, unitMiBs},
		{"- Data ingestion: >1000 events/sec", "", 0, 0, ""},            // a bound, not a result
		{"In face, the real performance is about 15G/s.", "", 0, 0, ""}, // no unit of a result
		{"- 6.65 million operations on 1.0.20", "", 0, 0, ""},
		{"the test result gets about 300% deviation", "", 0, 0, ""},
		{"[ 10s ] thds: 8 eps: 7410.46 lat (ms,95%): 2.07", "", 0, 0, ""}, // "eps:" labels what follows
		{"operaciones de E/S", "", 0, 0, ""},
		{"to benchmark an NVMe disk (read: 3600 MB/s, write: 2830 MB/s) on a desktop", "", 0, 0, ""}, // rated speeds
		{"16 threads gave 100 QPS", "", 16, 100, unitQPS},
		// The rate named before the number (train t03, php.cn; t08, sysbench
		// issue #363), "=" binding a subject (t09, a Portuguese lab report).
		{"2) 60 秒以内に合計 54721 のトランザクション操作が実行されました、TPS: 911、成功率 100%", "", 0, 911, unitTPS},
		{"In one container, its cpu limit is 4, cpuset is 5-6,37-38 ,and eps is about 2100. ", "", 0, 2100, unitEPS},
		{"However, in another container, its cpu limit is still 4, but cpuset is not set so it's 0-3,9-34,41-63. The eps is 3100", "", 0, 3100, unitEPS},
		{"- single core = 2145.51 events/s", "", 1, 2145.51, unitEPS},
		{"- multi core = 11530.15 events/s", "multi core", 0, 11530.15, unitEPS},
		{"- fator de escala = 11530.15 / 2145.51 ≈ 5.38", "", 0, 0, ""}, // a ratio of the two
		{"TPS : 42033", "", 0, 0, ""},                                          // a key-value record's field (train t06)
		{"target TPS: 5000", "", 0, 0, ""}, {"QPS: 100 threads", "", 0, 0, ""}, // a bound; a count
		{"TPS: 20% lower", "", 0, 0, ""},
	} {
		rs := proseResults(tt.in, "")
		if tt.metric == "" {
			if len(rs) != 0 {
				t.Errorf("%q: %+v, want no result", tt.in, rs)
			}
			continue
		}
		if len(rs) != 1 || rs[0].subject != tt.subject || rs[0].threads != tt.threads || rs[0].value != tt.value || rs[0].unit.metric != tt.metric {
			t.Errorf("%q: %+v, want one %s %g of %q threads %d", tt.in, rs, tt.metric, tt.value, tt.subject, tt.threads)
		}
	}
}

// TestProseTwoResultsOneSentence: the conclusion of a lab report (code
// index file id 68775101275) gives two systems' results in one sentence
// wrapped over two lines, bold, with comma thousands: "Proxmox VE
// produced **1,716.69 events/sec**, while VMware" / "Workstation produced
// **1,364.78 events/sec**". Both restate the report's side-by-side table
// (metrics as rows, the two systems and a "Difference" as columns, line
// 146), which restates in turn the tables of each system's figures in a
// "Metric | Result" column (lines 118 and 131), where the runs are read,
// named by the comparison's columns: each result of the sentence, bound
// to its own system, is found restating its run (one warning each) and
// adds no run; "approximately **25.78%**", the latencies in ms beside them and
// the table's Difference column are not results.
func TestProseTwoResultsOneSentence(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/prose/sb-cpu-proxmox-vs-vmware-lab-report-conclusion-two-systems-one-sentence-bold-comma-thousands.md")
	if err != nil {
		t.Fatal(err)
	}
	d, err := All(strings.NewReader(string(b)), "report.md")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		system string
		eps    float64
		line   int
	}{{"Proxmox VE", 1716.69, 120}, {"VMware Workstation", 1364.78, 133}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Labels["system"] != w.system || r.EPS == nil || *r.EPS != w.eps || r.Test != "cpu" || r.Line != w.line {
			t.Errorf("run %d: system %q eps %v test %q line %d, want %q %g cpu at line %d", i+1, r.Labels["system"], r.EPS, r.Test, r.Line, w.system, w.eps, w.line)
		}
		restated := false
		for _, msg := range r.Warnings {
			restated = restated || strings.Contains(msg, "restated in prose at line "+strconv.Itoa(311+i))
		}
		if !restated {
			t.Errorf("run %d: warnings %v, want one saying line %d restates it", i+1, r.Warnings, 311+i)
		}
	}
}

// FuzzProse checks that no line makes the prose reader panic and that
// every result it binds is a finite, non-negative number with a unit.
func FuzzProse(f *testing.F) {
	for _, s := range []string{
		"- i7 3770k (WSL2): 7547 e/s",
		"Orignally, run this command on my PC and got a result 47634.81 MiB/sec",
		"For the recorded runs, Proxmox VE produced **1,716.69 events/sec**, while VMware",
		"threads 4: 1208.10 events/s, threads 8: 2,401 events/s",
		"to benchmark an NVMe disk (read: 3600 MB/s, write: 2830 MB/s)",
		"I got 133k QPS on 1 PC",
		"、QPS: 12765;",
		"and eps is about 2100. ",
		"访问数据库的QPS为51594.39 per sec 。",
		"每秒约 2300 次事务和每秒约 33000 次读/写请求",
		"qps increase from 1340.92 => 1452.11 , **8.29%**",
		"compared to baseline 191277.98 after #57945.",
		"* Server 1: `CPU Speed/events per second 337.06`",
		"通过 [从库IP](../x.log) 访问数据库的QPS为27541.42 per sec。",
	} {
		f.Add(s, "Workstation")
	}
	f.Fuzz(func(t *testing.T, line, carry string) {
		for _, r := range proseResults(line, carry) {
			if math.IsNaN(r.value) || math.IsInf(r.value, 0) || r.value < 0 || r.unit.metric == "" || r.threads < 0 {
				t.Fatalf("%q: %+v", line, r)
			}
		}
	})
}

// TestProseListItemsUnderLabels: a Raspberry Pi 5 review (zbotic.in,
// pages excerpt) lists results as "- Pi 4 (1.8GHz): 812 events/second"
// under "Sysbench CPU (Single Thread, 10s)" and "Sysbench CPU
// (Multi-Thread, 4 cores, 60s)", with comma thousands; "- Improvement:
// +128%" is no result, and a list item takes nothing from the item above.
// "Single Thread" is one thread; "Multi-Thread, 4 cores" names more
// than one without a count (4 is the machine's cores): threads stay
// missing there.
func TestProseListItemsUnderLabels(t *testing.T) {
	rs := proseRuns(t, "sb-cpu-pi4-vs-pi5-list-items-comma-thousands-single-and-multi-thread-labels-zbotic-excerpt.txt")
	want := []struct {
		line   int
		system string
		eps    float64
		one    bool // one thread
	}{{26, "Pi 4 (1.8GHz)", 812, true}, {27, "Pi 5 (2.4GHz)", 1847, true}, {30, "Pi 4", 3180, false}, {31, "Pi 5", 7290, false}}
	if len(rs) != len(want) {
		t.Fatalf("%d prose runs, want %d", len(rs), len(want))
	}
	for i, w := range want {
		r := rs[i]
		threadsOK := r.Threads == nil
		if w.one {
			threadsOK = r.Threads != nil && *r.Threads == 1
		}
		if r.Line != w.line || r.Labels["heading"] != w.system || r.EPS == nil || *r.EPS != w.eps || r.Test != "cpu" || !threadsOK {
			t.Errorf("run %d: line %d heading %q eps %v test %q threads %v, want line %d %q %g cpu, one thread %v",
				i+1, r.Line, r.Labels["heading"], r.EPS, r.Test, r.Threads, w.line, w.system, w.eps, w.one)
		}
	}
}

// TestProseNumberedConclusions: a Japanese article on sysbench 0.4 oltp
// (train t03, php.cn) shows its output only as a picture and states the
// result as numbered conclusions, one rate each: "1) … QPS: 12765;" over
// "2) … TPS: 911、成功率 100%". A reader takes one run with both rates, of
// the oltp command above; the request and transaction counts beside them
// ("766,094 件", "54721 の") are no rates.
func TestProseNumberedConclusions(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train/t03-prose-ja.txt")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), "t03-prose-ja.txt")
	var rs []*Run
	for _, r := range d.Runs {
		if r.Layout == LayoutP {
			rs = append(rs, r)
		}
	}
	if len(rs) != 1 {
		t.Fatalf("%d prose runs, want 1: %+v", len(rs), rs)
	}
	r := rs[0]
	if r.Line != 11 || r.EndLine != 12 || r.Test != "oltp" || r.QPS == nil || *r.QPS != 12765 || r.TPS == nil || *r.TPS != 911 {
		t.Errorf("line %d-%d test %q qps %v tps %v, want lines 11-12 oltp qps 12765 tps 911", r.Line, r.EndLine, r.Test, r.QPS, r.TPS)
	}
	// The run command above is wrapped between two options, the second
	// line's first dashes spaced apart ("- - mysql-user=root … --num-threads=8 run").
	if r.Threads == nil || *r.Threads != 8 || !strings.Contains(r.Command, "--mysql-user=root") {
		t.Errorf("threads %v command %q, want 8 threads from the wrapped command", r.Threads, r.Command)
	}
}

// TestProseRespectively: a Chinese translation of "The Art of
// Problem-Solving in Software Engineering" (train t11) gives two MySQL
// instances' throughput in one sentence after "分别为" (respectively),
// comma thousands, then their sum, then the two again when run together:
// four results, each a system of its own (the clause before the word and
// its place in the list); the sums "总吞吐量为 328,168 QPS" and "组合吞吐量为
// 546,429 QPS" are no results. The section title "SysBench 读写测试" names
// the test.
func TestProseRespectively(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train/t11-prose-comma-thousands-zh.txt")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), "t11.txt")
	want := []float64{172781, 155387, 271232, 275197}
	var got []float64
	systems := map[string]bool{}
	for _, r := range d.Runs {
		if r.Layout != LayoutP {
			continue
		}
		if r.QPS != nil {
			got = append(got, *r.QPS)
		}
		systems[r.Labels["heading"]] = true
		if r.Test != "oltp_read_write" || r.Line != 9 {
			t.Errorf("run at line %d: test %q, want oltp_read_write at line 9", r.Line, r.Test)
		}
	}
	if len(got) != len(want) || len(systems) != len(want) {
		t.Fatalf("qps %v in %d systems %v, want %v in 4", got, len(systems), systems, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("qps %v, want %v", got, want)
			break
		}
	}
}

// TestProseRestatedRounded: a blog post on disk throughput (train t36,
// cyberdemon.org) says after its outputs "Sysbench’s throughput is 178 MB/s
// like before", the first output's 178.04 MiB/s rounded: the earlier run
// stands, read once, with a warning naming the line, and the sentence is
// no run of its own.
func TestProseRestatedRounded(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train/t36-blog-prose-beside-outputs.txt")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), "t36.txt")
	warned := false
	for _, r := range d.Runs {
		if r.Layout == LayoutP {
			t.Errorf("prose run at line %d: %+v, want none", r.Line, r)
		}
		for _, w := range r.Warnings {
			warned = warned || r.Line == 6 && strings.Contains(w, "restated in prose at line 146")
		}
	}
	if !warned {
		t.Error("the run at line 6 carries no warning that line 146 restates it")
	}
	if got := writtenTolerance("2103"); got != 0.5 {
		t.Errorf("tolerance of 2103: %g, want 0.5", got)
	}
	if got := writtenTolerance("178.04"); math.Abs(got-0.005) > 1e-12 {
		t.Errorf("tolerance of 178.04: %g, want 0.005", got)
	}
}

// Result lines a harness prints one per test, the test's own name first
// ("oltp_delete:           tps:  367635", a PostgreSQL write-up,
// testdata/public/train/t49 lines 15-24), with no other word of sysbench
// near: the name is sysbench's own, and each line is a run of its test.
// The crossed table above, whose cells pair a number with a latency
// ("41215 / 20µs") and name no metric, stays reported, not guessed.
func TestResultLinesLedBySysbenchTest(t *testing.T) {
	d, err := All(strings.NewReader(readText(t, "../testdata/public/train/t49-mode-by-threads-tps-slash-latency-and-test-tps-lines.txt")), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]any{15: {"oltp_delete", 367635.0}, 17: {"oltp_point_select", 1014092.0}, 24: {"select_random_ranges", 24746.0}}
	if len(d.Runs) != 10 {
		t.Fatalf("%d runs, want the 10 result lines", len(d.Runs))
	}
	for _, r := range d.Runs {
		if w, ok := want[r.Line]; ok && (r.Test != w[0] || r.TPS == nil || *r.TPS != w[1]) {
			t.Errorf("line %d: test %q tps %v, want %v %v", r.Line, r.Test, r.TPS, w[0], w[1])
		}
		if r.Line < 15 || r.Line > 24 {
			t.Errorf("run at line %d: only lines 15-24 are result lines", r.Line)
		}
	}
	if len(d.Errors) != 2 || d.Errors[0].Line != 5 {
		t.Errorf("errors %v, want the two tables whose metric no header names reported (lines 5, 27)", d.Errors)
	}
	for _, c := range []struct{ line, test string }{
		{"oltp_delete:           tps:  367635", "oltp_delete"},
		{"- select_random_points: 214814 tps", "select_random_points"},
		{"cpu: 1234 events/s", ""}, // a word of any text
		{"my_table: 12 rows", ""},  // not a test
		{"oltp_read_write", ""},    // a name alone
	} {
		if got := leadingTest(c.line); got != c.test {
			t.Errorf("leadingTest(%q) = %q, want %q", c.line, got, c.test)
		}
	}
}

// publicProseRuns reads a public text under testdata/public and returns its
// runs read from prose.
func publicProseRuns(t *testing.T, path string) []*Run {
	t.Helper()
	b, err := os.ReadFile("../testdata/public/" + path)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), path)
	var out []*Run
	for _, r := range d.Runs {
		if r.Layout == LayoutP {
			out = append(out, r)
		}
	}
	return out
}

// TestProseSpacelessLabels: a QingCloud document (holdout4) gives sysbench
// QPS only in Chinese sentences, "QPS 在 22000 左右" (about 22000) and,
// through two Markdown links, "访问数据库的QPS为51594.39 per sec" and
// "…QPS为27541.42 per sec。": three results, the two of one line told apart
// by the words before them (the link targets are no words); "800万" rows,
// the ratio "3:1" and the TPC-C figures beside them are no rates.
func TestProseSpacelessLabels(t *testing.T) {
	rs := publicProseRuns(t, "holdout4/sb-oltp-qps-only-in-chinese-prose-sentences-rough-22000-and-read-ip-vs-slave-ip-per-sec-beside-tpcc-tpmc-qingcloud-docs-excerpt-zh.txt")
	want := []struct {
		line int
		qps  float64
	}{{19, 22000}, {33, 51594.39}, {33, 27541.42}}
	if len(rs) != len(want) {
		t.Fatalf("%d prose runs, want %d", len(rs), len(want))
	}
	for i, w := range want {
		if r := rs[i]; r.Line != w.line || r.QPS == nil || *r.QPS != w.qps || r.TPS != nil {
			t.Errorf("run %d: line %d qps %v tps %v, want line %d qps %g", i+1, r.Line, r.QPS, r.TPS, w.line, w.qps)
		}
	}
	if a, b := rs[1].Labels["heading"], rs[2].Labels["heading"]; a == b || strings.Contains(a, "_static") || !strings.Contains(b, "从库IP") {
		t.Errorf("systems %q and %q: want two, named by the words before each figure, without link targets", a, b)
	}
}

// TestProsePerSecondCounts: a Chinese translation of a MariaDB book
// (holdout4) states the result of the oltp command above only as "每秒约
// 2300 次事务和每秒约 33000 次读/写请求": one run of 8 threads with both
// rates. A count of transactions without "每秒" before it is a total.
func TestProsePerSecondCounts(t *testing.T) {
	rs := publicProseRuns(t, "holdout4/sb0.4.12.14-oltp-read-only-8-threads-result-only-a-screenshot-rough-2300-tps-33000-rw-requests-in-prose-mariadb-book-translation-excerpt-zh.txt")
	if len(rs) != 1 {
		t.Fatalf("%d prose runs, want 1", len(rs))
	}
	r := rs[0]
	if r.Line != 41 || r.Test != "oltp" || r.Threads == nil || *r.Threads != 8 || r.TPS == nil || *r.TPS != 2300 || r.QPS == nil || *r.QPS != 33000 {
		t.Errorf("line %d test %q threads %v tps %v qps %v, want 41 oltp 8 2300 33000", r.Line, r.Test, r.Threads, r.TPS, r.QPS)
	}
	if got := proseResults("共完成 2300 次事务", ""); len(got) != 0 {
		t.Errorf("a total of transactions read as a rate: %+v", got)
	}
}

// TestProseComparedToBaseline: a TiDB regression bot (train5 t82, tidb
// #57434) writes "#56483 caused QPS regression 5.95% in benchmark sysbench
// (oltp_delete) compared to baseline 64507.04." above its table: one run
// named "baseline", of the test in parentheses; the percentage and the
// pull request number are no rates, and the table below keeps the test
// the sentence names.
func TestProseComparedToBaseline(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train5/t82-oltp-delete-qps-caused-regression-percent-compared-to-baseline-one-value-cells-tidb57434-excerpt.txt")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := All(strings.NewReader(string(b)), "t82.txt")
	var prose, table []*Run
	for _, r := range d.Runs {
		if r.Layout == LayoutP {
			prose = append(prose, r)
		} else {
			table = append(table, r)
		}
	}
	if len(prose) != 1 || prose[0].Line != 18 || prose[0].QPS == nil || *prose[0].QPS != 64507.04 ||
		prose[0].Labels["heading"] != "baseline" || prose[0].Test != "oltp_delete" {
		t.Fatalf("prose runs %+v, want one at line 18: baseline, oltp_delete, qps 64507.04", prose)
	}
	if len(table) != 2 || table[0].Test != "oltp_delete" || table[0].QPS == nil || *table[0].QPS != 62413.90 {
		t.Errorf("table runs %+v, want two of oltp_delete, the first 62413.90", table)
	}
	// A version after a comparison word is no rate.
	if got := proseResults("MySQL TPS is 20% higher than MySQL 8.0", ""); len(got) != 0 {
		t.Errorf("a version read as a rate: %+v", got)
	}
}

// TestProseRatiosAndBounds: figures a careful reader does not take, from
// the public texts of train5: "线程增加256倍，qps增加5倍" (t84, ratios),
// "TPS 能稳定达到 1k 以上" (t83, a bound over the table above); and the
// pair and the sentence forms that are results: "qps increase from
// 1340.92 => 1452.11 , **8.29%**" (t86) and "the tps is 700 per sec,the
// qps is 10000 per sec" (t81).
func TestProseRatiosAndBounds(t *testing.T) {
	for _, s := range []string{
		"- 随着线程数量增加，虽然Qps增加，但是线程增加256倍，qps增加5倍，并且平均延迟逐渐增加。推测上下文切换造成的。",
		"- 8 * 100000 的数据量下，TPS 能稳定达到 1k 以上。与此同时，tokv 的 CPU 使用率维持在 50% 以下",
		"服务端缓存相对 baseline 的平均 QPS 约为 **1.99 倍**。",
	} {
		if got := proseResults(s, ""); len(got) != 0 {
			t.Errorf("%q: %+v, want no result", s, got)
		}
	}
	got := proseResults("qps increase from 1340.92 => 1452.11 , **8.29%**", "")
	if len(got) != 2 || got[0].value != 1340.92 || got[0].subject != "before" || got[1].value != 1452.11 || got[1].subject != "after" || got[1].unit.metric != unitQPS {
		t.Errorf("before => after: %+v", got)
	}
	got = proseResults("i have made a read only test by sysbench,  the tps is 700 per sec,the qps is 10000 per sec. why it has such a big difference in this case", "")
	if len(got) != 2 || got[0].value != 700 || got[0].unit.metric != unitTPS || got[1].value != 10000 || got[1].unit.metric != unitQPS {
		t.Errorf("tps and qps per sec: %+v", got)
	}
}

// TestProseSentenceThreads: "On my local machine with 4 threads I get ~10k
// events per second on cores 0+2+4+6, but on cores 8-11 I get ~13k." (train5
// t87): the sentence gives the thread count; "~10k" is 10000; the second
// figure, bound by the same verb in the same sentence, has the unit of the
// first. A sentence naming two counts gives none.
func TestProseSentenceThreads(t *testing.T) {
	got := proseResults("On my local machine with 4 threads I get ~10k events per second on cores 0+2+4+6, but on cores 8-11 I get ~13k.", "")
	if len(got) != 2 || got[0].value != 10000 || got[0].threads != 4 || got[0].unit.metric != unitEPS ||
		got[1].value != 13000 || got[1].unit.metric != unitEPS || got[0].subject == got[1].subject {
		t.Errorf("%+v, want 10000 and 13000 eps at 4 threads, two systems", got)
	}
	// The verb again with a count of something else is no result.
	if got := proseResults("I get 100 tps with 8 threads but I get 2 errors.", ""); len(got) != 1 {
		t.Errorf("%+v, want only the 100 tps", got)
	}
	if n := sentenceThreads("with 4 threads and then 8 threads I get 10 events per second", 40); n != 0 {
		t.Errorf("two thread counts gave %d, want 0", n)
	}
}

// TestProseOwnTestName: sysbench issue #482 (holdout) names its test only
// as "testname:oltp_read_only" in the sentence above two results, "and got
// the QPS result 133k QPS" (a subject elided after "and") and "I got the
// QPS result 166k QPS": both take that test and stay two runs.
func TestProseOwnTestName(t *testing.T) {
	rs := publicProseRuns(t, "holdout/sb-oltp-ro-qps-in-prose-133k-166k-numbered-scenarios-not-repeats-issue482-excerpt.txt")
	if len(rs) != 2 {
		t.Fatalf("%d prose runs, want 2", len(rs))
	}
	for i, w := range []struct {
		line int
		qps  float64
	}{{7, 133000}, {8, 166000}} {
		if r := rs[i]; r.Line != w.line || r.Test != "oltp_read_only" || r.QPS == nil || *r.QPS != w.qps {
			t.Errorf("run %d: line %d test %q qps %v, want line %d oltp_read_only %g", i+1, r.Line, r.Test, r.QPS, w.line, w.qps)
		}
	}
	if got := ownTestNamed("compare oltp_read_only with oltp_write_only"); got != "" {
		t.Errorf("two tests named: %q, want none", got)
	}
}

// TestClauseNotCarriedFromAFigure: a harness's summary (train20/t126)
// prints one result a line, "Single-Thread [✓]:  1500.57 events/sec" over
// "Multi-Thread [✓]:  5669.13 events/sec". The line above ends in a
// result, so it leaves no clause open for the line below to finish, and
// the decimal point of "1500.57" begins no clause: the second run's label
// is its own words, not "57 events/sec Multi-Thread" (without the padding
// and check mark; the first line's "Single-Thread" is its thread count).
func TestClauseNotCarriedFromAFigure(t *testing.T) {
	d := readDoc(t, "../testdata/public/train20/t126-sysbench-cpu-single-and-multi-thread-events-sec-and-memory-mib-s-in-a-results-summary-then-fio-disk-and-speedtest-lines-vps-benchmark-script-readme.md")
	want := map[int]string{213: "", 214: "Multi-Thread"}
	for _, r := range d.Runs {
		if w, ok := want[r.Line]; ok {
			if r.Labels["heading"] != w {
				t.Errorf("line %d: heading %q, want %q", r.Line, r.Labels["heading"], w)
			}
			delete(want, r.Line)
		}
	}
	if len(want) > 0 {
		t.Errorf("no runs at lines %v", want)
	}
}

// isifSG is lines 160-166 of source/_posts/isif-sg.md of
// shirohako/kirisame-house (commit f6a1aad0c8873f52b94cb220a408d8beb99cc98d):
// the ecs script's CPU and memory parts.
const isifSG = "\n```ecshardware\n--------------------------------CPU测试-通过sysbench测试--------------------------------\n1 线程测试(单核)得分:   3444.87\n--------------------------------内存测试-通过sysbench测试---------------------------------\n单线程顺序写速度: 24377.48 MB/s(25.56K IOPS, 5s)\n单线程顺序读速度: 40860.10 MB/s(42.84K IOPS, 5s)\n"

// TestBannerOpensNoClause: a VPS test script prints each part under a
// banner of dashes ("-----内存测试-通过sysbench测试-----", memory test, by
// sysbench), then one figure a line. The banner ends no sentence with
// punctuation, but opens no clause for the line below either: the memory
// line's label is its own words, "单线程顺序写速度" (single-thread
// sequential write speed). Lines 160-166 of source/_posts/isif-sg.md of
// shirohako/kirisame-house (commit f6a1aad0c8873f52b94cb220a408d8beb99cc98d).
func TestBannerOpensNoClause(t *testing.T) {
	text := isifSG
	d, err := All(strings.NewReader(text), "isif-sg.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{6: "单线程顺序写速度", 7: "单线程顺序读速度"}
	for _, r := range d.Runs {
		if w, ok := want[r.Line]; ok && r.Labels["heading"] != w {
			t.Errorf("line %d: heading %q, want %q", r.Line, r.Labels["heading"], w)
		}
		delete(want, r.Line)
	}
	if len(want) > 0 {
		t.Errorf("no runs at lines %v", want)
	}
}

// TestVPSScriptMemoryLines: the VPS test scripts built on LemonBench print
// sysbench's memory runs as one line each under a title naming a memory
// test ("-> 内存测试 Test (Fast Mode, 1-Pass @ 5sec)"), a subject naming
// the threads and the operation ("单线程读测试", single-thread read test;
// LemonBench's source runs `Run_SysBench_Memory "1" "5" "1" "read" "seq"`).
// They are memory runs at 1 thread with their operation; the CPU lines'
// "Scores" (events per second in some versions of the script, events in
// 5 s in others) are not read. Lines 227-234 of
// src/content/posts/aeza-hk-amd-7950x3d.md of Yuri-NagaSaki/Mizuki
// (commit b2773f556ed19d4cfd6a8cbfe5817bca85aa6b1a); the ecs version's
// lines ("单线程顺序写速度", sequential write speed) are
// TestBannerOpensNoClause's.
func TestVPSScriptMemoryLines(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       map[int]string
	}{
		{"aeza-hk-amd-7950x3d.md", "----------------------CPU测试--通过sysbench测试-------------------------\n -> CPU 测试中 (Fast Mode, 1-Pass @ 5sec)\n 1 线程测试(单核)得分: \t\t5636 Scores\n 2 线程测试(多核)得分: \t\t11322 Scores\n---------------------内存测试--感谢lemonbench开源-----------------------\n -> 内存测试 Test (Fast Mode, 1-Pass @ 5sec)\n 单线程读测试:\t\t72883.15 MB/s\n 单线程写测试:\t\t34040.37 MB/s\n", map[int]string{7: "memory 1 read  72883.15", 8: "memory 1 write  34040.37"}},
		{"isif-sg.md", isifSG, map[int]string{6: "memory 1 write seq 24377.48", 7: "memory 1 read seq 40860.1"}},
	} {
		d, err := All(strings.NewReader(c.text), c.name)
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]string{}
		for _, r := range d.Runs {
			v := "?"
			if r.Memory != nil && r.Memory.TransferMiBs != nil {
				v = ftoa(*r.Memory.TransferMiBs)
			}
			got[r.Line] = r.Test + " " + intText(r.Threads) + " " + r.Settings["memory-oper"] + " " + r.Settings["memory-access-mode"] + " " + v
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: runs %v, want %v", c.name, got, c.want)
		}
		for line, w := range c.want {
			if got[line] != w {
				t.Errorf("%s line %d: %q, want %q", c.name, line, got[line], w)
			}
		}
	}
}
