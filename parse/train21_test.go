package parse

import (
	"strconv"
	"strings"
	"testing"
)

// TestThreadsWrittenWithT: notes on single-board computers and virtual
// machines write a thread count as a number and a T in the label of a
// result (train21: t128 "Sysbench CPU 4T", t130 "sysbench cpu
// A55(cpu0) 1T" and "sysbench memory 8T", t132 "sysbench 8t prime-20K
// events/s", t133 "sysbench cpu (4T)", t134 "Sysbench CPU (1T, 60s)",
// t129 "sysbench cpu 4T x 60s"). "1/2/4/8T" lists several; a size in
// terabytes beside storage, "95th" and a processor's "8C/16T" are no
// thread count.
func TestThreadsWrittenWithT(t *testing.T) {
	for _, c := range []struct {
		line    string
		n       int
		several bool
	}{
		{"| Sysbench CPU 4T | 3191 | 4186 | +31.2% |", 4, false},
		{"| sysbench cpu A55(cpu0) 1T | 344.6 ev/s |", 1, false},
		{"| sysbench memory 8T | 56236 MiB/s |", 8, false},
		{"sysbench 8t prime-20K events/s", 8, false}, // a cell of its row, which says "Multi-thread CPU" beside it
		{"| sysbench cpu (4T) | 35,588,252 ev/s | 25,404 ev/s | 25,628 ev/s | ~1,401x |", 4, false},
		{"| Sysbench CPU (1T, 60s) | 2,569 events/sec [^1533^] |", 1, false},
		{"## 6E. Host CPU 开销 (sysbench cpu 4T x 60s, /proc/stat delta)", 4, false},
		{"| mem_bw2 1/2/4/8T | 34.1 / 67.9 / 139.2 / 189.0 GB/s |", 0, true},
		{"As simple as it gets: it has a 8C/16T CPU, 16GB Ram and 500GB SSD.", 0, false},
		{"sysbench fileio --file-total-size=1T prepare", 0, false},
		{"95th percentile:                        0.20", 0, false},
	} {
		n, several := threadsNamed(c.line)
		if n != c.n || several != c.several {
			t.Errorf("threadsNamed(%q) = %d, %v; want %d, %v", c.line, n, several, c.n, c.several)
		}
	}
	if s := "As simple as it gets: it has a 8C/16T CPU, 16GB Ram and 500GB SSD."; !storageRE.MatchString(s) {
		t.Errorf("storageRE does not match %q", s)
	}
}

// TestTestsAsRowsSystemsAsColumns: train21/t133 compares three systems
// in columns ("Native macOS", "gVisor (lisafs)", "gVisor (directfs)")
// over rows naming sysbench's tests ("sysbench cpu (1T)", "sysbench
// memory", "sysbench mutex", "fileio seqwr"), with an "Overhead" column
// of ratios. Each cell of a system is a run of its row: cpu at 1 and 4
// threads two runs, each fileio mode a run whose MiB/s is read or
// written as its mode says, mutex's seconds its total time; the ratios
// are no run.
func TestTestsAsRowsSystemsAsColumns(t *testing.T) {
	d := readDoc(t, "../testdata/public/train21/t133-sysbench-cpu-1t-4t-memory-mutex-fileio-rows-native-macos-vs-gvisor-lisafs-vs-directfs-columns-comma-thousands-ev-s-overhead-column-sentry-readme-excerpt.md")
	type key struct {
		line   int
		system string
	}
	got := map[key]string{}
	for _, r := range d.Runs {
		got[key{r.Line, r.Labels["system"]}] = figureText(r)
	}
	for k, want := range map[key]string{
		{14, "Native macOS"}:      "eps 10450465 threads 1",
		{15, "gVisor (lisafs)"}:   "eps 25404 threads 4",
		{16, "gVisor (directfs)"}: "memory 5990",
		{17, "Native macOS"}:      "mutex 0.2 s",
		{18, "gVisor (lisafs)"}:   "seqwr written 802",
		{19, "Native macOS"}:      "seqrd read 10186",
	} {
		if got[k] != want {
			t.Errorf("line %d, %s: %q, want %q", k.line, k.system, got[k], want)
		}
	}
	for k := range got {
		if k.system == "Overhead" {
			t.Errorf("line %d: a run of the Overhead column", k.line)
		}
	}
}

// figureText describes a run by its headline figure: "eps 25404
// threads 4", "memory 5990", "mutex 0.2 s", "seqrd read 10186"; "?" for
// none of these.
func figureText(r *Run) string {
	switch {
	case r.EPS != nil:
		return "eps " + ftoa(*r.EPS) + " threads " + intText(r.Threads)
	case r.Memory != nil && r.Memory.TransferMiBs != nil:
		return "memory " + ftoa(*r.Memory.TransferMiBs)
	case r.TotalTimeS != nil:
		return r.Test + " " + ftoa(*r.TotalTimeS) + " s"
	case r.FileIO != nil && r.FileIO.ReadMiBs != nil:
		return r.Settings["file-test-mode"] + " read " + ftoa(*r.FileIO.ReadMiBs)
	case r.FileIO != nil && r.FileIO.WrittenMiBs != nil:
		return r.Settings["file-test-mode"] + " written " + ftoa(*r.FileIO.WrittenMiBs)
	}
	return "?"
}

// TestOneTestAtTwoThreadCounts: train21/t134 lists one board's figures
// ("Benchmark | Orange Pi 5 Max (16GB)"), two rows of them sysbench cpu
// at 1 and 4 threads ("Sysbench CPU (1T, 60s) | 2,569 events/sec
// [^1533^]"), beside Geekbench and 7-Zip; the cells end in footnote
// references. Each sysbench row is a run at its line. The board's NVMe
// table below ("Sequential Read | 2,100-5,700 MB/s", under "NVMe Storage
// Benchmarks") and a sentence of a drive's MB/s name no sysbench test:
// no run of the cpu test the first table's label names.
func TestOneTestAtTwoThreadCounts(t *testing.T) {
	d := readDoc(t, "../testdata/public/train21/t134-sysbench-cpu-1t-60s-and-4t-60s-events-sec-rows-with-footnote-markers-comma-thousands-beside-geekbench-7zip-orange-pi-5-max-sbc-research-notes-excerpt.md")
	want := []struct {
		line, threads int
		eps           float64
	}{{8, 1, 2569}, {9, 4, 13988}}
	if len(d.Runs) != len(want) {
		for _, r := range d.Runs {
			t.Logf("run at %d: test %q", r.Line, r.Test)
		}
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Line != w.line || r.Test != "cpu" || r.Threads == nil || *r.Threads != w.threads || r.EPS == nil || *r.EPS != w.eps {
			t.Errorf("run %d: line %d test %q threads %s eps %v; want line %d cpu %d threads %v", i, r.Line, r.Test, intText(r.Threads), r.EPS, w.line, w.threads, w.eps)
		}
	}
	if got := withoutFootnote("2,569 events/sec [^1533^]"); got != "2,569 events/sec " {
		t.Errorf("withoutFootnote = %q", got)
	}
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// TestSameFigureTwiceIsTwoRuns: train21/t130's probe table lists for one
// system "sysbench cpu A55(cpu0) 1T" and "sysbench cpu A76(cpu4) 1T",
// the same test at the same threads pinned to two kinds of core: two
// events-per-second figures are two runs, each labelled by its row; the
// row "sysbench memory 8T" is a run at 8 threads.
func TestSameFigureTwiceIsTwoRuns(t *testing.T) {
	d := readDoc(t, "../testdata/public/train21/t130-sysbench-cpu-a55-a76-1t-and-8t-mutex-memory-8t-probe-tables-linux-vs-starryos-ranges-orange-pi-rk3588-ablation-running-log.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		if r.Line > 24 {
			continue
		}
		v := r.Test + " threads " + intText(r.Threads)
		if r.EPS != nil {
			v += " eps " + ftoa(*r.EPS) + " " + r.Labels["column"]
		}
		got[r.Line] = v
	}
	for line, want := range map[int]string{
		20: "cpu threads 1 eps 344.6 sysbench cpu A55(cpu0) 1T",
		21: "cpu threads 1 eps 964.1 sysbench cpu A76(cpu4) 1T",
		22: "cpu threads 8 eps 5227.3 sysbench cpu 8T",
		24: "memory threads 8",
	} {
		if got[line] != want {
			t.Errorf("line %d: %q, want %q", line, got[line], want)
		}
	}
}

// TestOtherToolsTablesBesideSysbench: train21/t129 tabulates three
// container runtimes under headings naming the tool of each table:
// "(sysbench cpu, 4 threads, prime=20000)" over events per second,
// "(sysbench memory, 1M blocks, 10G total, 4 threads)" over "Avg
// MiB/sec", then "### 顺序写 (fio, 1M blocks, …)" over MB/s and latency
// and a network table under a heading that names no tool. The memory
// table is the memory test's (a table of transfer rates alone under a
// heading naming sysbench memory); the fio and network tables, below a
// line naming fio and after every line naming sysbench, are fio's and
// the network's, not read and each reported once at its first row; the
// words of a fio heading ("随机读写", random read/write) name no test of
// sysbench's.
func TestOtherToolsTablesBesideSysbench(t *testing.T) {
	d := readDoc(t, "../testdata/public/train21/t129-sysbench-cpu-4-threads-and-memory-avg-tables-runc-vs-kata-qemu-vs-kata-clh-rows-then-cpu-4t-x-60s-host-overhead-table-nested-virtualization-summary-zh.md")
	got := map[int]string{}
	for _, r := range d.Runs {
		v := "?"
		switch {
		case r.Test == "cpu" && r.EPS != nil:
			v = ftoa(*r.EPS)
		case r.Test == "memory" && r.Memory != nil && r.Memory.TransferMiBs != nil:
			v = ftoa(*r.Memory.TransferMiBs)
		}
		got[r.Line] = r.Test + " " + intText(r.Threads) + " " + r.Labels["system"] + " " + v
	}
	want := map[int]string{
		12: "cpu 4 runc 5160.61", 13: "cpu 4 kata-qemu 5109.91", 14: "cpu 4 kata-clh 5109.44",
		20: "memory 4 runc 59430.63", 21: "memory 4 kata-qemu 60492.19", 22: "memory 4 kata-clh 56792.34",
	}
	if len(got) != len(want) {
		t.Errorf("runs at %v, want %v", got, want)
	}
	for line, w := range want {
		if got[line] != w {
			t.Errorf("line %d: %q, want %q", line, got[line], w)
		}
	}
	var reported []string
	for _, e := range d.Errors {
		reported = append(reported, strconv.Itoa(e.Line)+": "+e.Message)
	}
	wantErrs := []string{
		"30: table (Runtime, Avg BW (MB/s), Avg Latency (us), vs runc BW) not read as sysbench's: line 26 above names fio, another benchmark tool,",
		"46: table (Runtime, Avg Throughput (Gbps), Avg Latency (ms), vs runc Throughput) not read as sysbench's: line 34 above names fio, another benchmark tool,",
	}
	if len(reported) != len(wantErrs) {
		t.Fatalf("errors %q, want %d", reported, len(wantErrs))
	}
	for i, w := range wantErrs {
		if !strings.HasPrefix(reported[i], w) {
			t.Errorf("error %q, want it to begin %q", reported[i], w)
		}
	}
}

// TestBenchScriptsByName: teddysun's bench.sh and oldking's SuperBench.sh
// are other tools' scripts; a script whose name only ends in "bench.sh"
// need not be: iobench.sh runs sysbench fileio (its README, code index
// id 20618658872). Lines from public texts: a VPS setup note (id
// 39223303617), the README of a benchmark-script collection (id
// 23036987712).
func TestBenchScriptsByName(t *testing.T) {
	for line, want := range map[string]string{
		"## Usage: `iobench.sh <fileNum>/<fileTotalSize>`": "",
		"wget -qO- git.io/superbench.sh | bash":            "superbench",
		"基础信息查询--感谢[bench.sh](https://github.com/teddysun/across/blob/master/bench.sh)、[superbench.sh](https://www.oldking.net/350.html)": "bench.sh",
	} {
		if got := otherToolIn(line); got != want {
			t.Errorf("otherToolIn(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestSpeedTestTableIsNoResult: VPS test scripts print a network speed
// test's nodes beside sysbench's figures: "位置 上传速度 下载速度 延迟 丢包率"
// (location, upload, download, latency, packet loss), tab-separated. Its
// latency column made it look like a table of results that could not be
// read, reported at every such post (61 of one blog's 252). Lines 148-160
// of src/content/posts/google-cloud.md of Yuri-NagaSaki/Mizuki (commit
// b2773f556ed19d4cfd6a8cbfe5817bca85aa6b1a): no run, no error.
func TestSpeedTestTableIsNoResult(t *testing.T) {
	text := "--------------------自动更新测速节点列表--本脚本原创--------------------\n位置\t\t 上传速度\t 下载速度\t 延迟\t  丢包率\nSpeedtest.net\t 979.85 Mbps\t 7501.93 Mbps\t 3.69\t  NULL\n中国香港\t 980.47 Mbps\t 5853.00 Mbps\t 14.51\t  0.0%\n日本东京\t 951.94 Mbps\t 6887.00 Mbps\t 39.19\t  0.0%\n联通Fuzhou\t 981.03 Mbps\t 4495.35 Mbps\t 37.83\t  0.0%\n联通WuXi\t 891.89 Mbps\t 2986.14 Mbps\t 42.96\t  0.0%\n电信合肥5G\t 270.56 Mbps\t 372.36 Mbps\t 88.90\t  6.3%\n电信天津\t 232.59 Mbps\t 3932.39 Mbps\t 55.29\t  NULL\n移动杭州5G\t 410.02 Mbps\t 3942.40 Mbps\t 187.47\t  0.0%\n移动Beijing\t 430.30 Mbps\t 2117.74 Mbps\t 186.76\t  NULL\n------------------------------------------------------------------------\n 总共花费      : 8 分 51 秒\n"
	d, err := All(strings.NewReader(text), "google-cloud.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 0 {
		t.Errorf("%d runs, want none", len(d.Runs))
	}
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "上传速度") {
			t.Errorf("error at line %d: %s", e.Line, e.Message)
		}
	}
}

// TestTestRowsWithoutUnit: train21/t128 compares a board at its stock
// clock and overclocked ("Benchmark | Stock 2400 | OC 3100 | vs Stock")
// over rows "Sysbench CPU 1T | 1008 | 1307 | +29.6%" and "Sysbench
// Memory | 8584 | 11713 | +36.4%": no cell or name gives a unit. A row
// named by a sysbench test and thread count alone is read in the unit
// sysbench prints that test's result in (cpu's events a second,
// memory's MiB/s), each run warning that the unit was not printed; the
// 7-Zip row and the comparison column are no runs.
func TestTestRowsWithoutUnit(t *testing.T) {
	d := readDoc(t, "../testdata/public/train21/t128-sysbench-cpu-1t-4t-and-memory-rows-without-unit-stock-2400-vs-oc-3100-columns-beside-7zip-raspberry-pi-5-overclocking-memory-note-de.md")
	got := map[string]string{}
	for _, r := range d.Runs {
		v := figureText(r)
		warned := false
		for _, w := range r.Warnings {
			warned = warned || strings.Contains(w, "no unit in the table")
		}
		if !warned {
			v += " (no warning)"
		}
		if c := r.Labels["column"]; strings.Contains(c, "/s") {
			v += " (column " + c + ")"
		}
		got[strconv.Itoa(r.Line)+" "+r.Labels["system"]] = v
	}
	want := map[string]string{
		"13 Stock 2400": "eps 1008 threads 1", "13 OC 3100": "eps 1307 threads 1",
		"14 Stock 2400": "eps 3191 threads 4", "14 OC 3100": "eps 4186 threads 4",
		"15 Stock 2400": "memory 8584", "15 OC 3100": "memory 11713",
	}
	checkRunTexts(t, got, want, true)
}

// TestTestRowsWithoutUnitNeedPlainNames: a row naming more than a test
// and a thread count ("Sysbench CPU score") or a test whose result has no
// one customary unit (mutex) gets none.
func TestTestRowsWithoutUnitNeedPlainNames(t *testing.T) {
	for _, name := range []string{"Sysbench CPU score", "Sysbench CPU 1T time", "Sysbench Mutex 1T"} {
		if onlyTestAndThreads(name) {
			if test, _ := nameTest(name); testUnits[test] != "" {
				t.Errorf("%q: given a unit", name)
			}
		}
	}
	for _, name := range []string{"Sysbench CPU 1T", "Sysbench CPU (1T, 60s)", "sysbench memory (4 threads)", "Sysbench RAM"} {
		if !onlyTestAndThreads(name) {
			t.Errorf("%q: not read as a test and thread count alone", name)
		}
	}
}
