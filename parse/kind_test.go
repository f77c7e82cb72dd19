package parse

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A typedReader is a typed entry point with the item types it emits.
type typedReader struct {
	name  string
	read  func(r io.Reader, name string, emit func(Item)) error
	kinds func(Item) bool
}

func isSysStat(tool string) func(Item) bool {
	return func(it Item) bool { s, ok := it.(*SysStat); return ok && s.Tool == tool }
}
func isMySQL(it Item) bool {
	switch it.(type) {
	case *Variables, *TableStatus:
		return true
	}
	return false
}

var typedReaders = []typedReader{
	{"Sysbench", Sysbench, func(it Item) bool { r, ok := it.(*Run); return ok && r.Tool == ToolSysbench }},
	{"MysqlslapOutput", MysqlslapOutput, func(it Item) bool { r, ok := it.(*Run); return ok && r.Tool == ToolMysqlslap }},
	{"MySQLCapture", MySQLCapture, isMySQL},
	{"Lscpu", Lscpu, hostOf("lscpu")},
	{"Lsblk", Lsblk, hostOf("lsblk")},
	{"Free", Free, hostOf("free")},
	{"Meminfo", Meminfo, hostOf("meminfo")},
	{"Uname", Uname, hostOf("uname")},
	{"Vmstat", Vmstat, isSysStat(ToolVmstat)},
	{"Iostat", Iostat, isSysStat(ToolIostat)},
	{"Mpstat", Mpstat, isSysStat(ToolMpstat)},
	{"Procstat", Procstat, isSysStat(ToolProcstat)},
}

// hostOf matches the hosts of one capture kind.
func hostOf(kind string) func(Item) bool {
	return func(it Item) bool {
		h, ok := it.(*Host)
		return ok && len(h.Captures) > 0 && strings.HasPrefix(h.Captures[0], kind)
	}
}

// kindFixtures are the real and public captures of one kind each, by the
// reader that reads them.
var kindFixtures = map[string][]string{
	"Sysbench":        {"../testdata/real/sysbench-*", "../testdata/public/sysbench-*/*", "../testdata/public/nondb/sb*"},
	"MysqlslapOutput": {"../testdata/public/mysqlslap/*"},
	"MySQLCapture":    {"../testdata/real/mariadb-*", "../testdata/public/server/*"},
	"Lscpu":           {"../testdata/real/lscpu*", "../testdata/public/hw/lscpu*"},
	"Lsblk":           {"../testdata/real/lsblk*", "../testdata/public/hw/lsblk*"},
	"Free":            {"../testdata/real/free*", "../testdata/public/hw/free*"},
	"Meminfo":         {"../testdata/real/proc-meminfo*"},
	"Uname":           {"../testdata/real/uname*"},
	"Vmstat":          {"../testdata/real/vmstat*", "../testdata/public/sysstat/vmstat*"},
	"Iostat":          {"../testdata/real/iostat*", "../testdata/public/sysstat/iostat*"},
	"Mpstat":          {"../testdata/real/mpstat*", "../testdata/public/sysstat/mpstat*"},
	"Procstat":        {"../testdata/real/procstat*", "../testdata/public/sysstat/procstat*"},
}

// TestTypedMatchesStream checks every capture of a known kind: its typed
// reader gives what Stream gives of that kind, item for item (same JSON),
// and nothing else but errors. In a file that holds other records too,
// a run names only the captures its reader read (Run.Captures): there,
// the runs are compared without them.
func TestTypedMatchesStream(t *testing.T) {
	for _, tr := range typedReaders {
		var files []string
		for _, g := range kindFixtures[tr.name] {
			m, err := filepath.Glob(g)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range m {
				if !strings.HasSuffix(f, ".golden") && !strings.HasSuffix(f, ".md") && !strings.HasSuffix(f, ".yaml") {
					files = append(files, f)
				}
			}
		}
		if len(files) == 0 {
			t.Errorf("%s: no fixtures", tr.name)
		}
		for _, f := range files {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var want, got []Item
			mixed := false
			if err := Stream(bytes.NewReader(in), f, func(it Item) {
				if tr.kinds(it) {
					want = append(want, it)
				} else if _, isErr := it.(*Error); !isErr {
					mixed = true
				}
			}); err != nil {
				t.Fatal(err)
			}
			if err := tr.read(bytes.NewReader(in), f, func(it Item) {
				if _, isErr := it.(*Error); !isErr {
					got = append(got, it)
					if !tr.kinds(it) {
						t.Errorf("%s %s: emitted a %T", tr.name, f, it)
					}
				}
			}); err != nil {
				t.Fatal(err)
			}
			if mixed {
				for _, it := range append(want[:len(want):len(want)], got...) {
					if r, ok := it.(*Run); ok {
						r.Captures = nil
					}
				}
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if !bytes.Equal(a, b) {
				t.Errorf("%s %s: typed and sniffed differ:\ntyped   %.600s\nsniffed %.600s", tr.name, f, a, b)
			}
		}
	}
}

// TestTypedNothingFound checks what a typed reader says of an input that
// holds none of its format, and that it reads no other format there.
func TestTypedNothingFound(t *testing.T) {
	const sb = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 4\n"
	tests := []struct {
		name string
		read func(io.Reader, string, func(Item)) error
		in   string
		want Error
	}{
		{"free given sysbench", Free, sb, Error{Source: "in", Message: "no benchmark output or capture found in 4 lines (expected free output)"}},
		{"lscpu given free", Lscpu, "              total        used        free      shared  buff/cache   available\nMem:        24683652      700028    23166404        8956     1108456    23983624\n",
			Error{Source: "in", Message: "no benchmark output or capture found in 2 lines (expected lscpu output)"}},
		{"sysbench given variables", Sysbench, "Variable_name\tValue\nmax_connections\t151\n",
			Error{Source: "in", Message: "no benchmark output or capture found in 2 lines (expected sysbench output)"}},
		{"mysql given binary", MySQLCapture, "\x00\x01\x02", Error{Source: "in", Line: 1, Message: "binary data, not text (expected mysql or mariadb client output)"}},
		{"lsblk given lscpu -J", Lsblk, "{\n   \"lscpu\": [\n      {\"field\": \"Architecture:\", \"data\": \"x86_64\"}\n   ]\n}\n",
			Error{Source: "in", Line: 1, Message: "JSON document not recognised (expected lsblk -J output)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []Error
			err := tt.read(strings.NewReader(tt.in), "in", func(it Item) {
				e, ok := it.(*Error)
				if !ok {
					t.Errorf("emitted a %T", it)
					return
				}
				got = append(got, *e)
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 || got[0] != tt.want {
				t.Errorf("errors %+v, want first %+v", got, tt.want)
			}
		})
	}
}

// TestSysbenchByKindKeepsRunWhole checks a run whose script printed lines
// that look like other tools' output (an lscpu label, a uname line) in
// the middle of it: Stream takes them for captures and splits the run;
// Sysbench skips them as noise and reads one complete run.
func TestSysbenchByKindKeepsRunWhole(t *testing.T) {
	in := `sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

Running the test with following options:
Number of threads: 2
Initializing random number generator from current time

Threads started!

Architecture: x86_64
Linux db1 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01) x86_64 GNU/Linux
CPU speed:
    events per second:  2521.74

General statistics:
    total time:                          5.0006s
    total number of events:              12611

Latency (ms):
         min:                                    0.76
         avg:                                    0.79
         max:                                    8.74
         95th percentile:                        0.81
         sum:                                 9984.83

Threads fairness:
    events (avg/stddev):           6305.5000/7.50
    execution time (avg/stddev):   4.9924/0.00
`
	d := &Document{}
	if err := Sysbench(strings.NewReader(in), "in", d.Add); err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || len(d.Hosts) != 0 || len(d.Errors) != 0 {
		t.Fatalf("Sysbench: %d runs, %d hosts, errors %v; want 1 run", len(d.Runs), len(d.Hosts), d.Errors)
	}
	r := d.Runs[0]
	if !r.Complete || r.Line != 1 || r.EndLine != 27 || r.Test != "cpu" || r.EPS == nil || *r.EPS != 2521.74 || r.Layout != LayoutE {
		t.Errorf("run %d-%d complete %v test %q eps %v layout %q", r.Line, r.EndLine, r.Complete, r.Test, r.EPS, r.Layout)
	}
	s, err := All(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 2 || len(s.Hosts) != 2 || s.Runs[0].Complete {
		t.Errorf("Stream: %d runs, %d hosts; want the split run this reader avoids", len(s.Runs), len(s.Hosts))
	}
}

// FuzzTyped feeds arbitrary text to every typed reader. None may panic,
// every item must marshal to JSON, and each reader emits only its own
// kinds and errors. It is seeded with the fixtures of every kind.
func FuzzTyped(f *testing.F) {
	for _, globs := range kindFixtures {
		for _, g := range globs {
			m, _ := filepath.Glob(g)
			for _, p := range m {
				if b, err := os.ReadFile(p); err == nil && len(b) < 8<<10 && !strings.HasSuffix(p, ".md") {
					f.Add(b)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tr := range typedReaders {
			err := tr.read(bytes.NewReader(data), "fuzz", func(it Item) {
				if _, err := json.Marshal(it); err != nil {
					t.Fatalf("%s: %T does not marshal: %v", tr.name, it, err)
				}
				if _, isErr := it.(*Error); !isErr && !tr.kinds(it) {
					t.Fatalf("%s: emitted a %T", tr.name, it)
				}
			})
			if err != nil {
				t.Fatalf("%s: %v", tr.name, err)
			}
		}
	})
}
