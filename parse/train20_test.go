package parse

import (
	"os"
	"strings"
	"testing"
)

// TestThreadsTestLabel: train20/t123 and t124, two outputs of a
// Raspberry Pi benchmark script, keep of sysbench's cpu, threads and
// memory tests only "total time", "min", "avg", "max" (and memory's
// transfer line), each under the label the script prints before it:
// "Running CPU test...", "Running THREADS test...", "Running MEMORY
// test...". The threads run takes its test from its own label, not from
// the cpu label above it; "16 threads" or "threads: 4" would name no test.
func TestThreadsTestLabel(t *testing.T) {
	for _, c := range []struct {
		file  string
		lines [3]int
		times [2]float64
	}{
		{"../testdata/public/train20/t123-sysbench-cpu-threads-memory-grep-filtered-total-time-min-avg-max-under-running-x-test-labels-then-hdparm-and-dd-raspberry-pi-3b-harness-result-file.txt",
			[3]int{18, 25, 32}, [2]float64{10.0014, 10.0133}},
		{"../testdata/public/train20/t124-sysbench-cpu-threads-memory-grep-filtered-under-running-x-test-labels-commented-command-header-hdparm-dd-raspi-echelon-harness-result-file.txt",
			[3]int{21, 28, 35}, [2]float64{10.0001, 10.0042}},
	} {
		d := readDoc(t, c.file)
		var got []string
		for _, r := range d.Runs {
			got = append(got, r.Test)
			if r.Line == c.lines[1] && !strings.Contains(r.LabelFrom["test"], "line "+itoa(c.lines[1]-1)) {
				t.Errorf("%s: the threads run's test from %q, want its own label's line %d", c.file, r.LabelFrom["test"], c.lines[1]-1)
			}
		}
		if strings.Join(got, " ") != "cpu threads memory" {
			t.Fatalf("%s: tests %q, want cpu, threads, memory", c.file, got)
		}
		for i, want := range c.times {
			r := d.Runs[i]
			if r.Line != c.lines[i] || r.TotalTimeS == nil || *r.TotalTimeS != want {
				t.Errorf("%s: run %d at line %d, total time %v; want line %d, %v", c.file, i, r.Line, r.TotalTimeS, c.lines[i], want)
			}
		}
	}
	for _, s := range []string{"16 threads test", "Threads: 4", "Number of threads", "threads fairness"} {
		if got := threadsTestLabel(s); got != "" {
			t.Errorf("threadsTestLabel(%q) = %q, want none", s, got)
		}
	}
}

// TestOtherToolLines: a line naming another benchmark tool after what
// last named sysbench starts that tool's part of the text, where rates
// in prose are its own. train20/t126, a VPS script's README, sums up its
// run under "CPU Performance (sysbench):", "Memory Performance:" and
// "Disk Performance (FIO):": FIO's "Write (Buffered) [✓]: 807 MB/s"
// and two more lines are no sysbench runs. t127, a guide to Linux
// benchmark tools, shows nench's dd runs ("1st run: 613.21 MiB/s") and
// CDN speeds under its "CPU: SHA256-hashing" lines, and bench.sh's "I/O
// Speed(average) : 1433.6 MB/s" under its "CPU Model" lines: a test's
// word there says nothing of sysbench, whose section shows a command
// and no output.
func TestOtherToolLines(t *testing.T) {
	for _, c := range []struct {
		file  string
		lines string
	}{
		{"../testdata/public/train20/t126-sysbench-cpu-single-and-multi-thread-events-sec-and-memory-mib-s-in-a-results-summary-then-fio-disk-and-speedtest-lines-vps-benchmark-script-readme.md",
			"213 214 217"},
		{"../testdata/public/train20/t127-nench-dd-and-speedtest-mib-s-lines-bench-sh-io-speed-geekbench-then-sysbench-command-only-linux-benchmark-guide-readme-zh.md",
			""},
	} {
		d := readDoc(t, c.file)
		var lines []string
		for _, r := range d.Runs {
			lines = append(lines, itoa(r.Line))
		}
		if got := strings.Join(lines, " "); got != c.lines {
			t.Errorf("%s: runs at lines %q, want %q", c.file, got, c.lines)
		}
	}
	for _, s := range []string{"-------------------- A Bench.sh Script By Teddysun -------------------", "dd: sequential write speed",
		"Disk Performance (FIO):", " nench.sh v2019.07.20 -- https://git.io/nench.sh"} {
		if otherToolIn(s) == "" {
			t.Errorf("otherToolIn(%q) = \"\"", s)
		}
	}
	for _, s := range []string{"Memory Performance:", "add the streaming option", "CPU Performance (sysbench):"} {
		if otherToolIn(s) != "" {
			t.Errorf("otherToolIn(%q) names a tool", s)
		}
	}
	// Every line of prose is asked: it costs no allocation.
	if n := testing.AllocsPerRun(100, func() { otherToolIn("  Write (Buffered)     [✓]: 807 MB/s, 通过 sysbench 测试") }); n != 0 {
		t.Errorf("otherToolIn allocates %v times a line", n)
	}
}

// TestLatencyWithoutHeading: the script of train20/t123 and t124 keeps
// of each output "total time", "min", "avg", "max" and memory's transfer
// line: the latency block's heading is filtered out, its lines follow
// "total time" directly. They are the run's latency, not the fragment of
// a report whose beginning is missing; the memory test's transfer line
// below the threads run's latency is the next run's (sysbench prints it
// above its general statistics), as is a "Total operations" line below a
// cpu run's general statistics (a page that keeps of a cpu and a memory
// output only those lines, cut here from train2/t63).
func TestLatencyWithoutHeading(t *testing.T) {
	d := readDoc(t, "../testdata/public/train20/t123-sysbench-cpu-threads-memory-grep-filtered-total-time-min-avg-max-under-running-x-test-labels-then-hdparm-and-dd-raspberry-pi-3b-harness-result-file.txt")
	if len(d.Errors) != 0 {
		t.Errorf("errors %v, want none", d.Errors)
	}
	want := []struct {
		line          int
		test          string
		min, avg, max float64
	}{{18, "cpu", 1.39, 1.41, 2.02}, {25, "threads", 54.33, 54.75, 56.02}, {32, "memory", 0, 0, 0.34}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		l := r.Latency
		if r.Line != w.line || r.Test != w.test || l.Min == nil || *l.Min != w.min || l.Avg == nil || *l.Avg != w.avg || l.Max == nil || *l.Max != w.max {
			t.Errorf("run %d: line %d test %q latency %v/%v/%v; want line %d %s %v/%v/%v", i, r.Line, r.Test, l.Min, l.Avg, l.Max, w.line, w.test, w.min, w.avg, w.max)
		}
	}
	if m := d.Runs[2].Memory; m == nil || m.TransferMiBs == nil || *m.TransferMiBs != 2070.30 {
		t.Errorf("memory run's transfer rate %+v, want 2070.30 MiB/s", m)
	}

	src, err := os.ReadFile("../testdata/public/train2/t63-machines-by-label-lines-cpu-memory-fileio.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	page := "DigitalOcean\n\n" + strings.Join(lines[23:26], "\n") + "\n\nMemory\n\nDigitalOcean\n\n" + strings.Join(lines[135:138], "\n") + "\n"
	d, err = All(strings.NewReader(page), "cut.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 || d.Runs[0].Test == "memory" || d.Runs[0].Memory != nil || d.Runs[1].Test != "memory" ||
		d.Runs[1].Memory == nil || d.Runs[1].Memory.Operations == nil || *d.Runs[1].Memory.Operations != 34087979 ||
		d.Runs[1].Memory.TransferMiBs == nil || *d.Runs[1].Memory.TransferMiBs != 3327.92 {
		for _, r := range d.Runs {
			t.Logf("run at %d: test %q memory %+v", r.Line, r.Test, r.Memory)
		}
		t.Errorf("%d runs, want a cpu run's general statistics and a memory run of 34087979 operations, 3327.92 MiB/s:\n%s", len(d.Runs), page)
	}
}

// TestRecordUnderArrowLabels: train20/t125, a README's example output of
// a benchmark script, prints each sysbench cpu run as two fields a line,
// "Events/sec: 842.45" and "Avg latency: 1.19ms", under an arrow label
// naming its threads ("→ Single thread...", "→ 8 threads (all
// cores)..."), below "[2/4] Running Sysbench CPU Benchmark...". The
// record's first field is one word ("Events/sec"), the next may be words
// ("Avg latency"); each record is one run, which takes its test and
// threads from the lines above it as an output does. "(all cores)" says
// which cores the 8 threads ran on, not how many a machine has.
func TestRecordUnderArrowLabels(t *testing.T) {
	d := readDoc(t, "../testdata/public/train20/t125-sysbench-cpu-prime-20000-1-8-16-threads-events-sec-lines-under-arrow-thread-labels-harness-example-output-then-network-speed-and-json-restatement-readme-excerpt.txt")
	want := []struct {
		line, threads int
		eps           float64
	}{{59, 1, 842.45}, {63, 8, 6234.78}, {67, 16, 11453.12}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Line != w.line || r.Test != "cpu" || r.Threads == nil || *r.Threads != w.threads || r.EPS == nil || *r.EPS != w.eps {
			t.Errorf("run %d: line %d test %q threads %s eps %v; want line %d cpu %d threads %v eps", i, r.Line, r.Test, intText(r.Threads), r.EPS, w.line, w.threads, w.eps)
		}
	}
	for _, s := range []string{"Number of threads: 8", "Avg latency: 1.19ms"} {
		if _, _, ok := recordField(s, 1); ok {
			t.Errorf("recordField(%q, 1) is a record's first field", s)
		}
	}
	if n, _ := threadsNamed("  → 8 threads (all cores)..."); n != 8 {
		t.Errorf("threadsNamed(8 threads (all cores)) = %d, want 8", n)
	}
	if n, _ := threadsNamed("8 cores / 16 threads"); n != 0 {
		t.Errorf("threadsNamed(8 cores / 16 threads) = %d, want none (a machine)", n)
	}
}
