package parse

import (
	"strings"
	"testing"
)

const t121 = "../testdata/public/train19/t121-sysbench-cpu-memory-fileio-oltp-org-mode-tables-vps-plans-as-columns-test-and-unit-in-row-label-empty-and-temp-unavailable-cells-iops-rows-beside-plot-directives-vps-comparison-readme-excerpt.txt"

// TestOneMeasurementAcrossSystems: train19/t121, a README in Org mode,
// tabulates six VPS plans as columns ("| Plan | OVH VPS SSD 1 | Linode
// 1024 | …") over one row, "Sysbench CPU (seconds)": the seconds of the
// cpu test, its total time, one run per plan. The table's rules are
// Org's ("|-----+-----|"), and the "[[./img/sysbench_cpu.png]]" links
// between the tables are no JSON arrays.
func TestOneMeasurementAcrossSystems(t *testing.T) {
	d := readDoc(t, t121)
	secs := map[string]float64{}
	for _, r := range d.Runs {
		if r.Line != 40 {
			continue
		}
		if r.Test != "cpu" || r.TotalTimeS == nil {
			t.Errorf("line 40, %s: test %q, total time %v", r.Labels["system"], r.Test, r.TotalTimeS)
			continue
		}
		secs[r.Labels["system"]] = *r.TotalTimeS
	}
	if len(secs) != 6 {
		t.Errorf("%d plans read at line 40, want 6", len(secs))
	}
	checkCells(t, "total time", secs, map[string]float64{
		"OVH VPS SSD 1": 31.922, "Linode 1024": 37.502, "DO 5bucks": 39.080, "Scaleway VC1S": 46.130,
		"Vultr 20GB SSD": 30.222, "Vultr 25GB SSD": 30.544,
	})
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "JSON") {
			t.Errorf("line %d: %s", e.Line, e.Message)
		}
	}
}

// TestMemoryOperationsAcrossSystems: t121's memory table, under the Org
// heading "**** Sysbench memory", has two rows, "Sysbench RAM rand read
// (Mb/s)" and "… write": every measurement names sysbench's memory test
// (RAM), over "threads, mutex and MySQL" in a sentence above, and each
// row is a run of its own for each plan, read and write two experiments
// (--memory-oper), each at its row. A plan's empty cells are no run. The OLTP table takes
// its test from its Org heading, "**** Sysbench oltp (database)".
func TestMemoryOperationsAcrossSystems(t *testing.T) {
	d := readDoc(t, t121)
	type cell struct{ system, op string }
	mib := map[cell]float64{}
	oltp := 0
	for _, r := range d.Runs {
		switch r.Line {
		case 70, 71:
			// Each run stands at its row: read at 70, write at 71.
			if r.Test != "memory" || r.Memory == nil || r.Memory.TransferMiBs == nil || (r.Settings["memory-oper"] == "write") != (r.Line == 71) {
				t.Errorf("line %d, %s: test %q, memory %+v, operation %q", r.Line, r.Labels["system"], r.Test, r.Memory, r.Settings["memory-oper"])
				continue
			}
			mib[cell{r.Labels["system"], r.Settings["memory-oper"]}] = *r.Memory.TransferMiBs
			if r.Labels["column"] != "" {
				t.Errorf("line 70, %s: label column %q beside the setting that says it", r.Labels["system"], r.Labels["column"])
			}
		case 195:
			if r.Test != "oltp" {
				t.Errorf("line 195, %s: test %q, want oltp", r.Labels["system"], r.Test)
			}
			oltp++
		}
	}
	if len(mib) != 10 || oltp != 6 {
		t.Errorf("%d memory runs, %d oltp runs; want 10 (five plans with figures, read and write) and 6", len(mib), oltp)
	}
	checkCells(t, "MiB/s", mib, map[cell]float64{
		{"OVH VPS SSD 1", "read"}: 2279.750, {"OVH VPS SSD 1", "write"}: 2196.174,
		{"Vultr 25GB SSD", "read"}: 2146.132, {"Vultr 25GB SSD", "write"}: 2062.046,
	})
	for c := range mib {
		if c.system == "Vultr 20GB SSD" {
			t.Errorf("a run of %s, whose memory cells are empty", c.system)
		}
	}
}

// TestHeaderWithoutItsCorner: train19/t122, a blog page's tables as the
// pages corpus stores them, heads two providers' columns with
// "DigitalOcean | Linode | |": the header lost its empty corner and
// closes on an empty cell, while each row is "Execution Time | 19.5259s |
// 11.9861s |". The header is shifted by its first row; the table lists
// one cpu run's figures a row, each provider a run, with sysbench 0.4's
// per-request times ("Avg. Request | 1.95ms") as its latencies.
func TestHeaderWithoutItsCorner(t *testing.T) {
	d := readDoc(t, "../testdata/public/train19/t122-sb-cpu-default-options-digitalocean-vs-linode-as-columns-header-row-shifted-one-cell-execution-time-row-among-request-latency-rows-memory-command-cut-before-its-table-blog-page-excerpt.txt")
	type figures struct{ total, min, avg, max float64 }
	got := map[string]figures{}
	for _, r := range d.Runs {
		if r.Test != "cpu" || r.TotalTimeS == nil || r.Latency.Min == nil || r.Latency.Avg == nil || r.Latency.Max == nil {
			t.Errorf("line %d, %s: test %q, total time %v, latency %+v", r.Line, r.Labels["system"], r.Test, r.TotalTimeS, r.Latency)
			continue
		}
		got[r.Labels["system"]] = figures{*r.TotalTimeS, *r.Latency.Min, *r.Latency.Avg, *r.Latency.Max}
	}
	want := map[string]figures{"DigitalOcean": {19.5259, 1.30, 1.95, 103.26}, "Linode": {11.9861, 1.16, 1.20, 1.61}}
	if len(got) != len(want) || len(d.Runs) != 2 {
		t.Errorf("%d runs: %v, want %v", len(d.Runs), got, want)
	}
	for s, w := range want {
		if got[s] != w {
			t.Errorf("%s: %+v, want %+v", s, got[s], w)
		}
	}
}

// TestFileOperationsAcrossSystems: t121's fileio table ("Sysbench file
// rand read (Mb/s)", "… write") is a run a plan and row: fileio, its
// mode from the row's words (rand read: rndrd, rand write: rndwr), its
// rate read or written, each at its row. A plan's "Temp. unavailable"
// cells are missing values, no run.
func TestFileOperationsAcrossSystems(t *testing.T) {
	d := readDoc(t, t121)
	type cell struct{ system, mode string }
	mib := map[cell]float64{}
	for _, r := range d.Runs {
		if r.Test != "fileio" {
			continue
		}
		var v *float64
		if r.FileIO != nil {
			v = r.FileIO.ReadMiBs
			if r.Settings["file-test-mode"] == "rndwr" {
				v = r.FileIO.WrittenMiBs
			}
		}
		line := 137 // each run at its row: rand read at 137, rand write at 138
		if r.Settings["file-test-mode"] == "rndwr" {
			line = 138
		}
		if r.Line != line || v == nil || r.Labels["column"] != "" {
			t.Errorf("line %d, %s: %+v, settings %v, column %q", r.Line, r.Labels["system"], r.FileIO, r.Settings, r.Labels["column"])
			continue
		}
		mib[cell{r.Labels["system"], r.Settings["file-test-mode"]}] = *v
	}
	if len(mib) != 10 {
		t.Errorf("%d fileio runs, want 10 (five plans with figures, rndrd and rndwr)", len(mib))
	}
	checkCells(t, "MiB/s", mib, map[cell]float64{
		{"OVH VPS SSD 1", "rndrd"}: 4.813, {"OVH VPS SSD 1", "rndwr"}: 4.315,
		{"DO 5bucks", "rndrd"}: 48.807, {"Vultr 25GB SSD", "rndwr"}: 17.510,
	})
	for c := range mib {
		if c.system == "Vultr 20GB SSD" {
			t.Errorf("a run of %s, whose fileio cells are \"Temp. unavailable\"", c.system)
		}
	}
}

const t120 = "../testdata/public/train19/t120-sb0.4.12-memory-mutex-cpu-fileio-threads-host-and-guest-before-now-label-lines-under-each-command-results-as-single-lines-decimal-commas-clocksource-change-blog-post.txt"

// TestDefaultThreadsOfAWholeCommand: train19/t120 shows each 0.4.12
// command in full ("$ sysbench --test=memory --memory-total-size=32M
// --memory-block-size=64 run") above fragments of its output for the
// host and the guest, which print no thread count. The command sets
// none, so sysbench ran its default, one thread; the run says where
// that came from. A command that elides its options, or sets them
// through a variable, gives no default (TestNoDefaultThreads).
func TestDefaultThreadsOfAWholeCommand(t *testing.T) {
	d := readDoc(t, t120)
	n := 0
	for _, r := range d.Runs {
		if r.Line > 30 {
			continue
		}
		n++
		if r.Test != "memory" || r.Threads == nil || *r.Threads != 1 || r.ThreadsFrom != "default" ||
			!strings.Contains(r.LabelFrom["threads"], "default") {
			t.Errorf("line %d: test %q, threads %s from %q (%q)", r.Line, r.Test, intText(r.Threads), r.ThreadsFrom, r.LabelFrom["threads"])
		}
	}
	if n != 4 {
		t.Errorf("%d runs above line 30, want 4 (host and guest of two commands)", n)
	}
}

// TestNoDefaultThreads: the same fragment under a command whose options
// are elided, set by a variable or read from a config file keeps no
// thread count; a command that sets one keeps it.
func TestNoDefaultThreads(t *testing.T) {
	frag := "\n    Operations performed: 524288 (2988653.44 ops/sec)\n    32.00 MB transferred (182.41 MB/sec)\n"
	for cmd, want := range map[string]string{
		"$ sysbench --test=memory ... run":                         "-",
		"$ sysbench --test=memory $OPTS run":                       "-",
		"$ sysbench --test=memory --config-file=my.cfg run":        "-",
		"$ sysbench --test=memory --memory-total-size=32M run":     "1",
		"$ sysbench --test=memory --num-threads=4 run":             "4",
		"$ sysbench --test=memory --memory-total-size=32M prepare": "-",
	} {
		d, err := All(strings.NewReader(cmd+frag), "frag.txt")
		if err != nil || len(d.Runs) != 1 {
			t.Errorf("%s: %v, %d runs", cmd, err, len(d.Runs))
			continue
		}
		if d.Runs[0].Test != "memory" {
			t.Errorf("%s: test %q, want memory (the --test option)", cmd, d.Runs[0].Test)
		}
		if got := intText(d.Runs[0].Threads); got != want {
			t.Errorf("%s: threads %s (from %q), want %s", cmd, got, d.Runs[0].ThreadsFrom, want)
		}
	}
}
