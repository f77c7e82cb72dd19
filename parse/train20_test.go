package parse

import (
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
		if !namesOtherTool(s) {
			t.Errorf("namesOtherTool(%q) = false", s)
		}
	}
	for _, s := range []string{"Memory Performance:", "add the streaming option", "CPU Performance (sysbench):"} {
		if namesOtherTool(s) {
			t.Errorf("namesOtherTool(%q) = true", s)
		}
	}
	// Every line of prose is asked: it costs no allocation.
	if n := testing.AllocsPerRun(100, func() { namesOtherTool("  Write (Buffered)     [✓]: 807 MB/s, 通过 sysbench 测试") }); n != 0 {
		t.Errorf("namesOtherTool allocates %v times a line", n)
	}
}
