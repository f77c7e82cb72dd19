package collect

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// campaignDirs are the campaigns sbreport run wrote in this repository.
func campaignDirs(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../testdata/real/*campaign*")
	if err != nil {
		t.Fatal(err)
	}
	dirs = append([]string{"../examples/demo-campaign"}, dirs...)
	if len(dirs) < 3 {
		t.Fatalf("campaigns %v: want the demo and testdata/real's", dirs)
	}
	return dirs
}

// TestCampaignsReadByKind checks that every campaign in the repository
// reads the same through the typed entry points, chosen by the kinds its
// manifest lists, as through sniffing: same items, same JSON. Every file
// the ingest reads has a kind with a reader, so none of them is sniffed.
func TestCampaignsReadByKind(t *testing.T) {
	for _, dir := range campaignDirs(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			m, err := ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			skip := m.SkipFiles()
			files, outputs := 0, 0
			check := func(fs map[string]string) {
				for kind, p := range fs {
					if skip[p] {
						continue
					}
					files++
					if base, _ := SplitKind(kind); base == FileOutput {
						outputs++
					}
					if readerOf(kind) == nil {
						t.Errorf("%s: kind %q has no reader", p, kind)
					}
				}
			}
			check(m.Host.Files)
			for _, s := range m.Systems {
				check(s.Files)
			}
			for _, r := range m.Runs {
				check(r.Files)
			}
			typed, err := LoadWith([]string{dir}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sniffed, err := LoadWith([]string{dir}, Options{sniff: true})
			if err != nil {
				t.Fatal(err)
			}
			a, err := json.Marshal(typed)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(sniffed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("typed and sniffed reads differ:\ntyped   %.2000s\nsniffed %.2000s", a, b)
			}
			if len(typed.Runs) != outputs || len(typed.Errors) != 0 || len(typed.Hosts) != 1 || len(typed.Variables) == 0 || len(typed.Tables) == 0 {
				t.Errorf("%d runs (outputs %d), %d hosts, %d variables, %d tables, errors %v", len(typed.Runs), outputs,
					len(typed.Hosts), len(typed.Variables), len(typed.Tables), typed.Errors)
			}
			t.Logf("%d files, %d runs, %d variables, %d tables, %d system statistics", files, len(typed.Runs), len(typed.Variables), len(typed.Tables), len(typed.SysStats))
		})
	}
}

// misSniffed is sysbench 1.0.20 output in which a custom script printed
// lines of its own between "Threads started!" and the report: a table
// border and the header free prints. Sniffed, each starts a record of
// another kind and ends the run there, so the report becomes a second,
// headless run; read as sysbench output, they are noise inside one run.
const misSniffed = `$ sysbench oltp_point_select --threads=4 --time=10 --tables=4 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_demo_innodb run
sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

Running the test with following options:
Number of threads: 4
Initializing random number generator from current time


Initializing worker threads...

Threads started!

+----------+----------+
              total        used        free      shared  buff/cache   available
SQL statistics:
    queries performed:
        read:                            231740
        write:                           0
        other:                           0
        total:                           231740
    transactions:                        231740 (23170.43 per sec.)
    queries:                             231740 (23170.43 per sec.)
    ignored errors:                      0      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

General statistics:
    total time:                          10.0003s
    total number of events:              231740

Latency (ms):
         min:                                    0.08
         avg:                                    0.17
         max:                                   10.15
         95th percentile:                        0.30
         sum:                                39867.42

Threads fairness:
    events (avg/stddev):           57935.0000/331.64
    execution time (avg/stddev):   9.9669/0.00

`

// TestCampaignOutputReadByKind checks that a run's output, listed as such
// in a campaign manifest, is read as sysbench output even where sniffing
// takes its lines for other formats.
func TestCampaignOutputReadByKind(t *testing.T) {
	dir := t.TempDir()
	manifest := `format: sbreport-campaign/1
status: complete
started: 2026-11-30T18:10:46Z
runs:
    - id: innodb/oltp_point_select/4thr-r1
      status: ok
      labels: {system: innodb, workload: oltp_point_select, threads: "4", repeat: "1"}
      attempts: 1
      files:
        output: innodb/oltp_point_select/4thr-r1.txt
`
	out := filepath.Join(dir, "innodb", "oltp_point_select", "4thr-r1.txt")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(misSniffed), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := LoadWith([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || len(d.Errors) != 0 || len(d.Hosts) != 0 {
		t.Fatalf("by kind: %d runs, %d hosts, errors %v; want 1 run", len(d.Runs), len(d.Hosts), d.Errors)
	}
	r := d.Runs[0]
	if !r.Complete || r.Line != 2 || r.EndLine != 39 || r.Threads == nil || *r.Threads != 4 || r.TPS == nil || *r.TPS != 23170.43 ||
		r.Labels["workload"] != "oltp_point_select" || r.Command == "" {
		t.Errorf("by kind: run %d-%d complete %v threads %v tps %v labels %v command %q", r.Line, r.EndLine, r.Complete,
			r.Threads, r.TPS, r.Labels, r.Command)
	}
	// Sniffed, the same file splits: a header-only run, then a report
	// without its header.
	s, err := LoadWith([]string{dir}, Options{sniff: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 2 || s.Runs[0].Complete || s.Runs[0].EndLine != 11 || !s.Runs[1].Complete || s.Runs[1].Line != 15 {
		for _, r := range s.Runs {
			t.Logf("sniffed run %d-%d complete %v", r.Line, r.EndLine, r.Complete)
		}
		t.Errorf("sniffed: %d runs, want the split this test guards against", len(s.Runs))
	}
}
