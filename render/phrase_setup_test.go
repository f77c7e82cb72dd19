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
