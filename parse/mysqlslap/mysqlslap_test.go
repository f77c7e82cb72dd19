package mysqlslap_test

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/internal/fixture"
)

var parseFile = fixture.File

var checkGolden = fixture.Golden

// slapWant is what a test expects of one mysqlslap run.
type slapWant struct {
	line          int
	engine        string
	avg, min, max float64 // NaN: absent
	clients       int     // -1: absent
	qpc           int64   // -1: absent
	complete      bool
	warnings      []string
}

func checkSlap(t *testing.T, runs []*parse.Run, want []slapWant) {
	t.Helper()
	if len(runs) != len(want) {
		t.Fatalf("got %d runs, want %d", len(runs), len(want))
	}
	for i, w := range want {
		r := runs[i]
		m := r.Mysqlslap
		if r.Tool != parse.ToolMysqlslap || r.Layout != parse.LayoutS || m == nil {
			t.Fatalf("run %d: tool %q layout %q mysqlslap %v", i, r.Tool, r.Layout, m)
		}
		if r.Line != w.line {
			t.Errorf("run %d: line %d, want %d", i, r.Line, w.line)
		}
		if m.Engine != w.engine || r.Labels["engine"] != w.engine && w.engine != "" {
			t.Errorf("run %d: engine %q label %q, want %q", i, m.Engine, r.Labels["engine"], w.engine)
		}
		for _, f := range []struct {
			name string
			got  *float64
			want float64
		}{{"avg", m.AvgS, w.avg}, {"min", m.MinS, w.min}, {"max", m.MaxS, w.max}} {
			switch {
			case math.IsNaN(f.want) && f.got != nil:
				t.Errorf("run %d: %s = %v, want absent", i, f.name, *f.got)
			case !math.IsNaN(f.want) && (f.got == nil || *f.got != f.want):
				t.Errorf("run %d: %s = %v, want %v", i, f.name, f.got, f.want)
			}
		}
		if w.clients < 0 {
			if m.Clients != nil || r.Threads != nil {
				t.Errorf("run %d: clients %v threads %v, want absent", i, m.Clients, r.Threads)
			}
		} else if m.Clients == nil || *m.Clients != w.clients || r.Threads == nil || *r.Threads != w.clients || r.ThreadsFrom != "clients" {
			t.Errorf("run %d: clients %v threads %v (%s), want %d", i, m.Clients, r.Threads, r.ThreadsFrom, w.clients)
		}
		if w.qpc < 0 {
			if m.QueriesPerClient != nil {
				t.Errorf("run %d: queries per client %d, want absent", i, *m.QueriesPerClient)
			}
		} else if m.QueriesPerClient == nil || *m.QueriesPerClient != w.qpc {
			t.Errorf("run %d: queries per client %v, want %d", i, m.QueriesPerClient, w.qpc)
		}
		if r.Complete != w.complete {
			t.Errorf("run %d: complete %v, want %v", i, r.Complete, w.complete)
		}
		if !reflect.DeepEqual(r.Warnings, w.warnings) {
			t.Errorf("run %d: warnings %q, want %q", i, r.Warnings, w.warnings)
		}
		if r.TPS != nil || r.QPS != nil {
			t.Errorf("run %d: tps %v qps %v, want none (mysqlslap prints no rate)", i, r.TPS, r.QPS)
		}
	}
}

// TestMysqlslapFixtures checks the SOURCES.md values of every public
// mysqlslap fixture.
func TestMysqlslapFixtures(t *testing.T) {
	tests := []struct {
		file string
		want []slapWant
	}{
		{"mysqlslap-4space-indent-inline-chinese-annotations.txt", []slapWant{
			{1, "", 30.556, 30.556, 30.556, 10, 100000, true, nil}}},
		{"mysqlslap-5.7-running-for-engine-innodb-queries-per-client-zero-bingoohuang-issue118.txt", []slapWant{
			{2, "innodb", 0.522, 0.407, 1.165, 100, 0, true, nil}}},
		{"mysqlslap-5.7-tab-indented-single-run.txt", []slapWant{
			{2, "", 465.992, 465.992, 465.992, 6, 50000, true, nil}}},
		{"mysqlslap-8.0-iterations100-min-max-differ-unknown-variable-warning.txt", []slapWant{
			{3, "", 0.858, 0.832, 0.968, 10, 1, true, nil}}},
		{"mysqlslap-mariadb-spaces-then-tab-indent-zero-seconds-truncated-flynn-issue3291.txt", []slapWant{
			{1, "", 0.000, 0.000, 0.001, 1, -1, false, []string{
				`line 6: mysqlslap: line cut short: "Average number of que"`,
				"mysqlslap block incomplete: missing queries per client"}}}},
		{"mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt", []slapWant{
			{2, "myisam", 0.015, 0.015, 0.015, 50, 4, true, nil},
			{10, "myisam", 0.024, 0.024, 0.024, 100, 2, true, nil},
			{18, "myisam", 0.028, 0.028, 0.028, 200, 1, true, nil},
			{26, "innodb", 0.112, 0.112, 0.112, 50, 4, true, nil},
			{34, "innodb", 0.042, 0.042, 0.042, 100, 2, true, nil},
			{42, "innodb", 0.105, 0.105, 0.105, 200, 1, true, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			d := checkGolden(t, filepath.Join("..", "..", "testdata", "public", "mysqlslap", tt.file))
			if len(d.Errors) != 0 {
				t.Errorf("errors: %v", d.Errors)
			}
			if len(d.Variables)+len(d.Tables)+len(d.Hosts) != 0 {
				t.Errorf("unexpected captures: %d variables, %d tables, %d hosts", len(d.Variables), len(d.Tables), len(d.Hosts))
			}
			checkSlap(t, d.Runs, tt.want)
		})
	}
}

// TestMysqlslapCommand checks that every block of one invocation keeps the
// command, and that the block's engine and clients replace the command's
// lists.
func TestMysqlslapCommand(t *testing.T) {
	d := parseFile(t, filepath.Join("..", "..", "testdata", "public", "mysqlslap",
		"mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt"))
	for i, r := range d.Runs {
		if !strings.HasPrefix(r.Command, "mysqlslap --defaults-file=/etc/my.cnf --concurrency=50,100,200") {
			t.Errorf("run %d: command %q", i, r.Command)
		}
		if r.Labels["concurrency"] != strconv.Itoa(*r.Mysqlslap.Clients) || r.Labels["host"] != "Betty" {
			t.Errorf("run %d: labels %v", i, r.Labels)
		}
		// The query count shapes the experiment: a setting, not a label.
		if r.Settings["number-of-queries"] != "200" || r.LabelFrom["host"] != "prompt at line 1" {
			t.Errorf("run %d: settings %v, label sources %v", i, r.Settings, r.LabelFrom)
		}
	}
}

// TestMysqlslapVariants covers the indentation and layout variants of
// FORMATS.md §4 that have no fixture of their own.
func TestMysqlslapVariants(t *testing.T) {
	nan := math.NaN()
	block := func(indent, colon string) string {
		s := "Benchmark\n" +
			"\tRunning for engine rocksdb\n" +
			"\tAverage number of seconds to run all queries" + colon + " 0.412 seconds\n" +
			"\tMinimum number of seconds to run all queries" + colon + " 0.398 seconds\n" +
			"\tMaximum number of seconds to run all queries" + colon + " 0.431 seconds\n" +
			"\tNumber of clients running queries" + colon + " 4\n" +
			"\tAverage number of queries per client" + colon + " 250\n"
		return strings.ReplaceAll(s, "\t", indent)
	}
	full := []slapWant{{1, "rocksdb", 0.412, 0.398, 0.431, 4, 250, true, nil}}
	tests := []struct {
		name   string
		in     string
		want   []slapWant
		errors []parse.Error
	}{
		{"one tab", block("\t", ":"), full, nil},
		{"eight spaces", block("        ", ":"), full, nil},
		{"no indent", block("", ":"), full, nil},
		{"seven spaces and a tab", block("       \t", ":"), full, nil},
		{"markdown quote", strings.TrimSuffix(strings.ReplaceAll("> "+block("    ", ":"), "\n", "\n> "), "> "), full, nil},
		{"fullwidth colon", block("\t", "\uFF1A"), full, nil},
		{"drizzle load line tolerated",
			"Benchmark\n\tAverage number of seconds to run all queries: 0.412 seconds\n\tLoad: mixed\n" +
				"\tMinimum number of seconds to run all queries: 0.398 seconds\n\tMaximum number of seconds to run all queries: 0.431 seconds\n" +
				"\tNumber of clients running queries: 4\n\tAverage number of queries per client: 250\n",
			[]slapWant{{1, "", 0.412, 0.398, 0.431, 4, 250, true, nil}}, nil},
		{"bad value",
			"Benchmark\n\tAverage number of seconds to run all queries: abc seconds\n\tMinimum number of seconds to run all queries: 0.398 seconds\n" +
				"\tMaximum number of seconds to run all queries: 0.431 seconds\n\tNumber of clients running queries: 4\n\tAverage number of queries per client: 250\n",
			[]slapWant{{1, "", nan, 0.398, 0.431, 4, 250, false, []string{
				`line 2: mysqlslap: bad value "abc seconds" after "Average number of seconds to run all queries" (expected a number)`,
				"mysqlslap block incomplete: missing average seconds"}}}, nil},
		{"fractional clients",
			"Benchmark\n\tAverage number of seconds to run all queries: 0.412 seconds\n\tMinimum number of seconds to run all queries: 0.398 seconds\n" +
				"\tMaximum number of seconds to run all queries: 0.431 seconds\n\tNumber of clients running queries: 4.5\n\tAverage number of queries per client: 250\n",
			[]slapWant{{1, "", 0.412, 0.398, 0.431, -1, 250, false, []string{
				`line 5: mysqlslap: bad value "4.5" after "Number of clients running queries" (expected a number)`,
				"mysqlslap block incomplete: missing clients"}}}, nil},
		{"cut after the average",
			"Benchmark\n\tAverage number of seconds to run all queries: 0.412 seconds\n",
			[]slapWant{{1, "", 0.412, nan, nan, -1, -1, false, []string{
				"mysqlslap block incomplete: missing minimum seconds, maximum seconds, clients, queries per client"}}}, nil},
		{"csv",
			"innodb,mixed,0.412,0.398,0.431,4,250\n,query,1.000,0.900,1.100,8,12\n",
			[]slapWant{{1, "innodb", 0.412, 0.398, 0.431, 4, 250, true, nil}, {2, "", 1.0, 0.9, 1.1, 8, 12, true, nil}}, nil},
		{"benchmark as a word", "Benchmark\nWe ran the following.\n", nil,
			[]parse.Error{{Source: "in.txt", Line: 0, Message: "no benchmark output or capture found in 2 lines (expected sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output)"}}},
		{"debug-info trailer alone is skipped",
			block("\t", ":") + "\nUser time 0.05, System time 0.06\nMaximum resident set size 8332, Integral resident set size 0\n" +
				"Non-physical pagefaults 5388, Physical pagefaults 0, Swaps 0\nBlocks in 0 out 0, Messages in 0 out 0, Signals 0\n" +
				"Voluntary context switches 7484, Involuntary context switches 2839\n", full, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := parse.All(strings.NewReader(tt.in), "in.txt")
			if err != nil {
				t.Fatal(err)
			}
			checkSlap(t, d.Runs, tt.want)
			var errs []parse.Error
			for _, e := range d.Errors {
				errs = append(errs, *e)
			}
			if !reflect.DeepEqual(errs, tt.errors) {
				t.Errorf("errors %v, want %v", errs, tt.errors)
			}
		})
	}
}

// TestMysqlslapCSVStrict checks that comma lines of other kinds are not
// taken for mysqlslap --csv output.
func TestMysqlslapCSVStrict(t *testing.T) {
	for _, in := range []string{
		"a,b,c,d,e,f,g",
		"innodb,mixed,0.412,0.398,0.431,4",
		"innodb,other,0.412,0.398,0.431,4,250",
		"innodb,mixed,0.412,0.398,NaN,4,250",
		"innodb,mixed,1,0.398,0.431,4,250",
	} {
		d, _ := parse.All(strings.NewReader(in+"\n"), "in.txt")
		if len(d.Runs) != 0 {
			t.Errorf("%q: got %d runs", in, len(d.Runs))
		}
	}
}

// FuzzMysqlslap checks that no input makes the parser panic and that
// every value it keeps is finite.
func FuzzMysqlslap(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "public", "mysqlslap", "*.txt"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("innodb,mixed,0.412,0.398,0.431,4,250\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := parse.All(strings.NewReader(string(b)), "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Runs {
			if m := r.Mysqlslap; m != nil {
				for _, p := range []*float64{m.AvgS, m.MinS, m.MaxS} {
					if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0) || *p < 0) {
						t.Fatalf("bad seconds %v", *p)
					}
				}
				if m.Clients != nil && (r.Threads == nil || *r.Threads != *m.Clients) {
					t.Fatalf("threads %v != clients %d", r.Threads, *m.Clients)
				}
			}
		}
	})
}

// A Chinese note on MySQL tools, exported with a blank line after every
// line, puts each "Benchmark" above the fence that holds the rest of its
// block (testdata/public/train/t27): the eight blocks of one command
// (--concurrency=1,50,100,200 over myisam and innodb) are read with their
// averages, clients and engines.
func TestMysqlslapBenchmarkAboveFenceInReprint(t *testing.T) {
	d := parseFile(t, "../../testdata/public/train/t27-blank-line-reprint.txt")
	want := []struct {
		line    int
		avg     float64
		clients int
		engine  string
	}{
		{3, 0.017, 1, "myisam"}, {21, 2.206, 50, "myisam"}, {39, 3.641, 100, "myisam"}, {57, 6.584, 200, "myisam"},
		{75, 0.012, 1, "innodb"}, {93, 0.375, 50, "innodb"}, {111, 0.958, 100, "innodb"}, {129, 1.355, 200, "innodb"},
	}
	var got []*parse.Run
	for _, r := range d.Runs {
		if r.Tool == parse.ToolMysqlslap {
			got = append(got, r)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d mysqlslap runs, want %d", len(got), len(want))
	}
	for i, w := range want {
		r := got[i]
		m := r.Mysqlslap
		if r.Line != w.line || m.AvgS == nil || *m.AvgS != w.avg || m.Clients == nil || *m.Clients != w.clients || m.Engine != w.engine {
			t.Errorf("run %d: line %d avg %v clients %v engine %q; want line %d avg %v clients %d engine %q",
				i, r.Line, m.AvgS, m.Clients, m.Engine, w.line, w.avg, w.clients, w.engine)
		}
	}
}

// Two mysqlslap averages glued on one line by an inline HTML break, each
// followed by the instance class it ran on, under a command whose values
// are template placeholders (train t21): two runs of 50 clients, told
// apart by the class.
func TestSlapAveragesGluedByHTMLBreak(t *testing.T) {
	d := parseFile(t, "../../testdata/public/train/t21-inline-results-template.txt")
	want := []struct {
		avg    float64
		system string
	}{{0.739, "db.t2.small"}, {0.485, "db.t2.medium"}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		if r.Line != 9 || r.Tool != parse.ToolMysqlslap || r.Mysqlslap.AvgS == nil || *r.Mysqlslap.AvgS != w.avg ||
			r.Threads == nil || *r.Threads != 50 || r.Labels["system"] != w.system {
			t.Errorf("run %d: line %d tool %s avg %v threads %v system %q; want 9 mysqlslap %v 50 %s",
				i, r.Line, r.Tool, r.Mysqlslap.AvgS, r.Threads, r.Labels["system"], w.avg, w.system)
		}
	}
}

// A label cut short is named by its own line in the warning, also when
// lines the block tolerates follow it (before the grammar had its own
// package, the warning named whichever line the block ended on: "line 7:
// ... cut short: \"Load: mixed\"" here). The block is that of the
// bingoohuang fixture, cut after its maximum.
func TestMysqlslapCutLineNamed(t *testing.T) {
	b, err := os.ReadFile("../../testdata/public/mysqlslap/mysqlslap-5.7-running-for-engine-innodb-queries-per-client-zero-bingoohuang-issue118.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	var in strings.Builder
	n := 0
	for _, l := range lines {
		if strings.Contains(l, "Number of clients running queries") {
			in.WriteString("\tNumber of clients running\n\tLoad: mixed\n")
			break
		}
		in.WriteString(l)
		n++
	}
	d, err := parse.All(strings.NewReader(in.String()), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	checkSlap(t, d.Runs, []slapWant{{2, "innodb", 0.522, 0.407, 1.165, -1, -1, false, []string{
		"line " + strconv.Itoa(n+1) + `: mysqlslap: line cut short: "Number of clients running"`,
		"mysqlslap block incomplete: missing clients, queries per client"}}})
}
