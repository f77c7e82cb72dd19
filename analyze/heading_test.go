package analyze

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

func runsOfFile(t *testing.T, path string) []*parse.Run {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := parse.All(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return d.Runs
}

// The caprice-j course notes (testdata/public/identity/SOURCES.md):
// "### CPU" over three cpu runs and "#### Take 2" over two more, "###
// Memory" with "#### 16MB" and "#### 128MB" over runs of
// --memory-block-size=16M and 128M. The titles restate the test and the
// block size, and "Take 2" counts repeats: no heading tells any of them
// apart.
func TestHeadingIdentityRestatesAndCounts(t *testing.T) {
	runs := runsOfFile(t, "../testdata/public/identity/sb1.1.0-memory-block-size-32M-16M-8M-128M-repeats-cpu-fileio-rndrw-takes.txt")
	ids, warn := headingIdentity(runs, "")
	if len(warn) > 0 {
		t.Errorf("warnings: %v", warn)
	}
	seen := map[string]bool{}
	for _, r := range runs {
		if r.Labels["heading"] != "" {
			seen[r.Labels["heading"]] = true
		}
		want := ""
		if r.Labels["heading"] == "Appendix" {
			want = "Appendix" // a 300 s run reported apart, not a fifth repeat (its expect file)
		}
		if v := ids[r]; v != want {
			t.Errorf("line %d (%s, heading %q): identity %q, want %q", r.Line, r.Test, r.Labels["heading"], v, want)
		}
	}
	for _, h := range []string{"CPU", "Memory / 16MB", "Memory / 128MB"} {
		if !seen[h] {
			t.Errorf("no run under heading %q (parse gave %v)", h, seen)
		}
	}
}

func TestRestates(t *testing.T) {
	mem := &parse.Run{Test: "memory", Threads: ip(16), Settings: map[string]string{"memory-block-size": "16M"}}
	ro := &parse.Run{Test: "oltp_read_only", Threads: ip(64)}
	fio := &parse.Run{Test: "fileio"}
	for _, c := range []struct {
		title string
		r     *parse.Run
		want  bool
	}{
		{"16MB", mem, true},
		{"Memory", mem, true},
		{"sysbench memory test, 16 threads", mem, true},
		{"128MB", mem, false},
		{"Read-only", ro, true},
		{"64线程", ro, true},
		{"64 threads", ro, true},
		{"32 threads", ro, false},
		{"File I/O", fio, true},
		{"并发测试", ro, true},
		{"MariaDB 10.6", ro, false},
		{"my laptop", ro, false},
		{"AMD 7900", ro, false},
	} {
		if got := restates(c.title, c.r); got != c.want {
			t.Errorf("restates(%q, %s) = %v, want %v", c.title, c.r.Test, got, c.want)
		}
	}
}

// Headings that count runs otherwise alike: a count of repeats pools
// them, a count of anything else keeps them apart with a warning.
func TestHeadingIdentityCounters(t *testing.T) {
	mk := func(h string, line int) *parse.Run {
		return &parse.Run{Source: "f", Line: line, Test: "cpu", Threads: ip(1), Labels: map[string]string{"heading": h}}
	}
	rep := []*parse.Run{mk("Ubuntu 22.04 / TEST 1", 10), mk("Ubuntu 22.04 / TEST 2", 40), mk("Ubuntu 22.04 / TEST 3", 70)}
	ids, warn := headingIdentity(rep, "")
	for _, r := range rep {
		if ids[r] != "Ubuntu 22.04" {
			t.Errorf("line %d: %q, want the counter dropped", r.Line, ids[r])
		}
	}
	if len(warn) != 0 {
		t.Errorf("warnings %v", warn)
	}
	srv := []*parse.Run{mk("Server 1", 10), mk("Server 2", 40)}
	ids, warn = headingIdentity(srv, "")
	if ids[srv[0]] != "Server 1" || ids[srv[1]] != "Server 2" || len(warn) != 1 {
		t.Errorf("servers: %q, %q, warnings %v", ids[srv[0]], ids[srv[1]], warn)
	}
}

// A Chinese note on mysqlslap (testdata/public/train/t26) shows two
// examples under "**实例1**" and "**实例2**", each with its command against
// -h127.0.0.1 at 100 clients, mixed load: examples of one workload on one
// server are repeats. The same count over commands naming two ports (two
// MySQL instances, also "实例") stays apart with a warning.
func TestHeadingIdentityExamples(t *testing.T) {
	runs := runsOfFile(t, "../testdata/public/train/t26-mysqlslap-bold-commands-tab-notes-zh.txt")
	var ex []*parse.Run
	for _, r := range runs {
		if r.Line == 179 || r.Line == 189 {
			ex = append(ex, r)
		}
	}
	if len(ex) != 2 {
		t.Fatalf("runs at lines 179 and 189 not read (%d runs)", len(runs))
	}
	if ex[0].Labels["heading"] == ex[1].Labels["heading"] {
		t.Fatalf("both runs carry the heading %q: nothing to decide", ex[0].Labels["heading"])
	}
	ids, warn := headingIdentity(runs, "")
	if ids[ex[0]] != ids[ex[1]] {
		t.Errorf("examples kept apart: %q and %q", ids[ex[0]], ids[ex[1]])
	}
	if len(warn) != 0 {
		t.Errorf("warnings %v", warn)
	}
	mk := func(h, cmd string, line int) *parse.Run {
		return &parse.Run{Source: "f", Line: line, Test: "cpu", Threads: ip(1), Command: cmd, Labels: map[string]string{"heading": h}}
	}
	inst := []*parse.Run{mk("实例1", "mysqlslap -uroot -P3306 -a", 10), mk("实例2", "mysqlslap -uroot -P3307 -a", 40)}
	ids, warn = headingIdentity(inst, "")
	if ids[inst[0]] == ids[inst[1]] || len(warn) != 1 {
		t.Errorf("instances on two ports: %q, %q, warnings %v", ids[inst[0]], ids[inst[1]], warn)
	}
	if got, _ := commandTarget("mysqlslap -h127.0.0.1 -uroot --port 3307 --socket=/tmp/s.sock -a"); got != "h=127.0.0.1 port=3307 socket=/tmp/s.sock" {
		t.Errorf("commandTarget = %q", got)
	}
}

// A mysqlslap how-to (testdata/public/train/t22) shows a 50-client mixed
// load under "## Running a Simple Benchmark" and again, in a sweep, under
// "## Testing Multiple Concurrency Levels" / "Sample output (repeated for
// each concurrency level):": the titles tell how the text shows the runs,
// not what they are, so the two are repeats. A title naming something
// else beside those words still tells runs apart.
func TestHeadingIdentityHowToSteps(t *testing.T) {
	runs := runsOfFile(t, "../testdata/public/train/t22-mysqlslap-howto-samples.txt")
	var a, b *parse.Run
	for _, r := range runs {
		switch r.Line {
		case 34:
			a = r
		case 114:
			b = r
		}
	}
	if a == nil || b == nil {
		t.Fatalf("runs at lines 34 and 114 not read (%d runs)", len(runs))
	}
	if a.Labels["heading"] == b.Labels["heading"] {
		t.Fatalf("both runs carry the heading %q: nothing to decide", a.Labels["heading"])
	}
	ids, _ := headingIdentity(runs, "")
	if ids[a] != "" || ids[b] != "" {
		t.Errorf("how-to steps kept as identity: %q and %q", ids[a], ids[b])
	}
	r := &parse.Run{Test: "cpu", Threads: ip(4)}
	for title, want := range map[string]bool{
		"Running a Simple Benchmark": true, "Testing Multiple Concurrency Levels": true,
		"Sample output (repeated for each concurrency level)": true,
		"Running on the laptop":                               false, "Simple queries on NVMe": false,
	} {
		if got := restates(title, r); got != want {
			t.Errorf("restates(%q) = %v, want %v", title, got, want)
		}
	}
}

// TestHeadingRestatingOneRunNamesNone: a post (train/t33) puts two fileio
// runs under one heading "## fsync": one at --file-fsync-mode=fsync, the
// other at fdatasync. The title restates the first run's setting; it is
// about that setting, not a system, and names neither run: both runs are
// of the one system, in two workloads told apart by the mode.
func TestHeadingRestatingOneRunNamesNone(t *testing.T) {
	d := load(t, "../testdata/public/train/t33-fileio-fsync-modes.txt")
	an := Analyze(d, Options{})
	if got := an.Dataset.Systems; len(got) != 1 || got[0] != "all" {
		t.Errorf("systems %q, want the one system", got)
	}
	if n := len(an.Dataset.Workloads); n != 2 {
		t.Errorf("%d workloads, want 2 (fsync and fdatasync modes)", n)
	}
	ids, _ := headingIdentity(d.Runs, "")
	for r, id := range ids {
		if id != "" {
			t.Errorf("line %d: heading identity %q, want none", r.Line, id)
		}
	}
}

// TestRestatingRowNameNamesNoSystem: a German overclocking post
// (train21/t128) tabulates "| Sysbench CPU 1T | 1008 | 1307 |" and "|
// Sysbench CPU 4T | 3191 | 4186 |" under "Stock 2400 | OC 3100". The row
// names restate what each run carries (the cpu test at 1 or 4 threads);
// they name no system, so the two settings are the systems and each is
// compared at both thread counts (1,307 against 1,008, 4,186 against
// 3,191).
func TestRestatingRowNameNamesNoSystem(t *testing.T) {
	d := load(t, "../testdata/public/train21/t128-sysbench-cpu-1t-4t-and-memory-rows-without-unit-stock-2400-vs-oc-3100-columns-beside-7zip-raspberry-pi-5-overclocking-memory-note-de.md")
	an := Analyze(d, Options{})
	if got := strings.Join(an.Dataset.Systems, " | "); got != "Stock 2400 | OC 3100" {
		t.Errorf("systems %q, want Stock 2400 | OC 3100", got)
	}
	cells := map[string]float64{}
	for _, c := range an.Dataset.Cells {
		if c.Workload == "cpu" && len(c.Runs) == 1 && c.Runs[0].EPS != nil {
			cells[fmt.Sprintf("%s %d", c.System, c.Threads)] = *c.Runs[0].EPS
		}
	}
	for k, want := range map[string]float64{"Stock 2400 1": 1008, "OC 3100 1": 1307, "Stock 2400 4": 3191, "OC 3100 4": 4186} {
		if cells[k] != want {
			t.Errorf("cell %s: %v, want %v (cells %v)", k, cells[k], want, cells)
		}
	}
}
