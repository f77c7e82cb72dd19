package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetupPhrases phrases the setup and caveat findings of real inputs:
// what the caveat line and the appendix's setup list say, and what they
// must no longer say.
func TestSetupPhrases(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		caveat      []string // in the caveat line
		notCaveat   []string
		facts       []string // lines of the setup list
	}{
		{
			// Real sysbench 1.0.20 runs given --time=60 --events=10000:
			// they end at the cap after 3.3 to 5.3 s.
			"cap", "../testdata/real/transcript-sysbench-1.0.20-oltp_point_select-time-60-events-10000-1-2-threads-x2.txt",
			[]string{"Runs stopped at 10,000 events after 3.3–5.3 s; the 60 s limit was a cap; 1 table of 10,000 rows; 2 runs per system and thread count."},
			[]string{"runs of 60 s", "Runs of 60 s"},
			[]string{"sysbench 1.0.20", "1 to 2 threads (2 thread counts)"},
		},
		{
			// sysbench 0.4.12 cpu at its default cap of 10,000 requests.
			"default cap", "../testdata/public/nondb/sb0.4.12-cpu-1thr.txt",
			[]string{"Runs stopped at 10,000 requests (sysbench's default cap) after 31.2 s"},
			nil, nil,
		},
		{
			"caches", "../testdata/real/transcript-innodb-prepared-twice-vs-aria-600000-rows-cache-variables-table-status.txt",
			[]string{"Runs of 5 s; 1 table of 600,000 rows;",
				"Data and indexes fit the engine's cache for innodb (138 MiB in 256 MiB) but not for aria (134 MiB in 128 MiB): the comparison measures the configuration as much as the engines."},
			nil,
			[]string{"server: 10.11.19-MariaDB-0+deb12u1", "innodb: 138 MiB of data and indexes, innodb_buffer_pool_size 256 MiB",
				"aria: 134 MiB of data and indexes, aria_pagecache_buffer_size 128 MiB"},
		},
		{
			"prose", "../testdata/public/writeups/tidb-3.0-vs-2.1-sysbench-1.0.17-prose-setup-16-tables-lasts-5-minutes-en.md",
			[]string{"Runs of 300 s (as the text says); 16 tables of 10,000,000 rows (as the text says); 1 run per system and thread count."},
			nil,
			[]string{"sysbench 1.0.17 (stated in the text)", "server: TiDB v3.0.0-rc.2 vs. v2.1.8 (stated in the text)",
				"16 tables of 10,000,000 rows (as the text says)", "runs of 300 s (as the text says)",
				"150 to 1,500 threads (6 thread counts)", "3 sysbench clients at once (stated in the text)"},
		},
		{
			// One of 17 public sysbench 1.0 runs gives --max-time=1800 and
			// --oltp-tables-count=10 --oltp-table-size=5000000
			// (sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt);
			// the others ran 10 to 300 s with no limit shown.
			"one file's setup", "../testdata/public/sysbench-1.0",
			[]string{"Runs of 10–1800.5 s (14 of 17 runs); 1 run to a 1800 s limit; 13 runs with no limit shown took 10–300 s; 10 tables of 5,000,000 rows (1 of 17 runs);"},
			[]string{"Runs of 1800 s", "10 tables of 5,000,000 rows;"},
			[]string{"10 tables of 5,000,000 rows (1 of 17 runs)", "runs of 10–1800.5 s (14 of 17 runs)", "1 run to a 1800 s limit",
				"sysbench 1.0.20 (8 of 17 runs)", "sysbench 1.0.7 (1 of 17 runs)"},
		},
		{
			// sysbench 0.5: 15 tables of 2,000,000 rows in one file, 500
			// of 1,000,000 in another; the pairs stay as the files give them.
			"pairs", "../testdata/public/sysbench-0.5",
			[]string{"Runs of 51–3600.2 s (7 of 9 runs);", "15 tables of 2,000,000 rows (1 of 9 runs), 500 tables of 1,000,000 rows (1 of 9 runs);"},
			[]string{"Runs of 1800 s", " or "},
			nil,
		},
		{
			// sysbench 0.4: one cpu run ended at the default cap; the
			// web-table and OLTP pastes ran 18.3 to 60 s.
			"one capped run", "../testdata/public/sysbench-0.4",
			[]string{"Runs of 3.6–60 s (7 runs); 1 run stopped at 10,000 requests (sysbench's default cap) after 3.6 s; 6 runs with no limit shown took 18.3–60 s;"},
			[]string{"Runs stopped"},
			nil,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := load(t, tc.input)
			v := newView(doc, analyzeDoc(t, doc), Options{})
			for _, w := range tc.caveat {
				if !strings.Contains(v.Caveats, w) {
					t.Errorf("caveats %q lack %q", v.Caveats, w)
				}
			}
			for _, w := range tc.notCaveat {
				if strings.Contains(v.Caveats, w) {
					t.Errorf("caveats %q say %q", v.Caveats, w)
				}
			}
			have := map[string]bool{}
			for _, f := range v.Setup.Facts {
				have[f] = true
			}
			for _, w := range tc.facts {
				if !have[w] {
					t.Errorf("setup facts %q lack %q", v.Setup.Facts, w)
				}
			}
		})
	}
}

// TestHostWithoutCPUCount: a host whose captures give no CPU count (a
// real `free -m` beside a real sysbench 1.0.20 run, 24105 MiB total) is
// described by what they do give, saying the count is missing.
func TestHostWithoutCPUCount(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"../testdata/real/free-m.txt", "../testdata/real/sysbench-1.0.20-oltp_insert-innodb-4thr.txt"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := load(t, dir)
	v := newView(doc, analyzeDoc(t, doc), Options{})
	if want := "A host with 23.5 GiB of memory (no CPU count captured)"; !strings.HasPrefix(v.Caveats, want) {
		t.Errorf("caveats %q, want them to open with %q", v.Caveats, want)
	}
}

// TestHeadlineNamesItsBase: the headline's sentence names the base the
// compared row is against and a thread count that base measured. The
// public sysbench 1.0 logs compare one workload, against ? (磁盘) at 10
// threads, not against the report's base ? (-), which ran
// 32, 56, 1, 8, 4 and 15 threads; the mysqlslap logs compare mixed at 200
// threads against innodb, not ? (which ran 10, 6, 10 and 1).
func TestHeadlineNamesItsBase(t *testing.T) {
	for _, tc := range []struct{ input, want, not string }{
		{"../testdata/public/sysbench-1.0",
			"is compared with ? (磁盘)'s at the highest thread count every system running the workload measured (10 threads)",
			"compared with ? (-)'s"},
		{"../testdata/public/mysqlslap",
			"is compared with innodb's at the highest thread count every system running the workload measured (200 threads)",
			"compared with ?'s"},
	} {
		doc := load(t, tc.input)
		v := newView(doc, analyzeDoc(t, doc), Options{})
		s := strings.Join(headline(v), " ")
		if !strings.Contains(s, tc.want) || strings.Contains(s, tc.not) {
			t.Errorf("%s: headline %q, want %q and not %q", tc.input, s, tc.want, tc.not)
		}
	}
}

// TestSetupUntiedCapturesPhrased: the demo campaign given with two
// public pastes of other machines says its own host in the caveats and
// lists the pastes apart in the setup.
func TestSetupUntiedCapturesPhrased(t *testing.T) {
	doc := load(t, "../examples/demo-campaign",
		"../testdata/public/hw/lscpu-x86-intel-n100-utillinux-2.38.txt", "../testdata/public/hw/free-m-ol8-with-prompt.txt")
	v := newView(doc, analyzeDoc(t, doc), Options{})
	if !strings.Contains(v.Caveats, "2 logical CPUs (AMD EPYC) in a KVM virtual machine with 23.5 GiB of memory") ||
		strings.Contains(v.Caveats, "different hosts") || strings.Contains(v.Caveats, "N100") {
		t.Errorf("caveats %q", v.Caveats)
	}
	have := strings.Join(v.Setup.Facts, "\n")
	for _, w := range []string{
		"capture not tied to any run (../testdata/public/hw/lscpu-x86-intel-n100-utillinux-2.38.txt:1): 4 logical CPUs (Intel(R) N100)",
		"capture not tied to any run (../testdata/public/hw/free-m-ol8-with-prompt.txt:2): a host with 1.9 GiB of memory (no CPU count captured)",
	} {
		if !strings.Contains(have, w) {
			t.Errorf("setup facts %q lack %q", v.Setup.Facts, w)
		}
	}
	if len(v.Setup.HostSystems) != 1 || v.Setup.HostSystems[0] != "all systems" {
		t.Errorf("hardware columns %q, want the demo's host only", v.Setup.HostSystems)
	}
}

// TestCellLegendNamesTheRowsBase: on the public mysqlslap logs the one
// compared row is against innodb, not the report's base ? (which ran
// none of it), so the legend under the table points at the row's own
// base instead of naming ?.
func TestCellLegendNamesTheRowsBase(t *testing.T) {
	md := reportOf(t, "../testdata/public/mysqlslap")[MarkdownFile].String()
	if !strings.Contains(md, "Each cell: the ratio to the base its row names (geometric mean slap_avg_s)") ||
		strings.Contains(md, "the ratio to **?**") {
		_, legend, _ := strings.Cut(md, "Each cell:")
		legend, _, _ = strings.Cut(legend, "\n")
		t.Errorf("legend %q", legend)
	}
}
