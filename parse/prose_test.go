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
// 146), which is where the runs are read: each result of the sentence,
// bound to its own system, is found restating its run (one warning
// each), gives it the cpu test the report's command names, and adds no
// run; "approximately **25.78%**", the latencies in ms beside them and
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
	}{{"Proxmox VE", 1716.69}, {"VMware Workstation", 1364.78}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Labels["system"] != w.system || r.EPS == nil || *r.EPS != w.eps || r.Test != "cpu" || r.Line != 148 {
			t.Errorf("run %d: system %q eps %v test %q line %d, want %q %g cpu at line 148", i+1, r.Labels["system"], r.EPS, r.Test, r.Line, w.system, w.eps)
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
// The labels name no thread count sbreport reads ("Single Thread", "4
// cores"): threads stay missing.
func TestProseListItemsUnderLabels(t *testing.T) {
	rs := proseRuns(t, "sb-cpu-pi4-vs-pi5-list-items-comma-thousands-single-and-multi-thread-labels-zbotic-excerpt.txt")
	want := []struct {
		line   int
		system string
		eps    float64
	}{{26, "Pi 4 (1.8GHz)", 812}, {27, "Pi 5 (2.4GHz)", 1847}, {30, "Pi 4", 3180}, {31, "Pi 5", 7290}}
	if len(rs) != len(want) {
		t.Fatalf("%d prose runs, want %d", len(rs), len(want))
	}
	for i, w := range want {
		r := rs[i]
		if r.Line != w.line || r.Labels["heading"] != w.system || r.EPS == nil || *r.EPS != w.eps || r.Test != "cpu" || r.Threads != nil {
			t.Errorf("run %d: line %d heading %q eps %v test %q threads %v, want line %d %q %g cpu, no threads",
				i+1, r.Line, r.Labels["heading"], r.EPS, r.Test, r.Threads, w.line, w.system, w.eps)
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
