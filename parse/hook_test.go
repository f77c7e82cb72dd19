package parse

import (
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// hookOnly parses text with only the report-hook detectors, so that the
// tests see what the hook parsers make of the whole input.
func hookOnly(t testing.TB, name, text string) *Document {
	t.Helper()
	d := &Document{}
	err := stream(strings.NewReader(text), name, &format{detectors: []detector{detectJSON, detectReportCSV}, json: sniffing.json}, d.Add)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func readText(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// hookIv is an interval of a hook run: time, threads, tps, qps, reads,
// writes, other, latency, percentile, errors, reconnects.
type hookIv [11]float64

func ivOf(iv Interval) hookIv {
	return hookIv{iv.T, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.LatPct, iv.ErrS, iv.ReconnS}
}

// hookWant is what a hook run must hold.
type hookWant struct {
	line, endLine int
	version       string
	test          string
	command       string
	threads       int
	threadsFrom   string
	tps, qps      float64 // NaN: absent
	pcts          map[string]float64
	complete      bool
	intervals     []hookIv
	lines         []int // interval lines
	warnings      []string
}

func checkHookRun(t *testing.T, name string, r *Run, w hookWant) {
	t.Helper()
	if r.Tool != ToolSysbench || r.Layout != LayoutH {
		t.Errorf("%s: tool %q layout %q", name, r.Tool, r.Layout)
	}
	if r.Line != w.line || r.EndLine != w.endLine {
		t.Errorf("%s: lines %d-%d, want %d-%d", name, r.Line, r.EndLine, w.line, w.endLine)
	}
	if r.Version != w.version || r.Test != w.test || r.Command != w.command {
		t.Errorf("%s: version %q test %q command %q, want %q %q %q", name, r.Version, r.Test, r.Command, w.version, w.test, w.command)
	}
	if r.Threads == nil || *r.Threads != w.threads || r.ThreadsFrom != w.threadsFrom {
		t.Errorf("%s: threads %v from %q, want %d from %q", name, r.Threads, r.ThreadsFrom, w.threads, w.threadsFrom)
	}
	eqOpt := func(p *float64, v float64) bool {
		if math.IsNaN(v) {
			return p == nil
		}
		return p != nil && *p == v
	}
	if !eqOpt(r.TPS, w.tps) || !eqOpt(r.QPS, w.qps) {
		t.Errorf("%s: tps %v qps %v, want %v %v", name, r.TPS, r.QPS, w.tps, w.qps)
	}
	if !reflect.DeepEqual(r.Latency.Percentiles, w.pcts) {
		t.Errorf("%s: percentiles %v, want %v", name, r.Latency.Percentiles, w.pcts)
	}
	if r.Complete != w.complete {
		t.Errorf("%s: complete %v, want %v", name, r.Complete, w.complete)
	}
	if len(r.Intervals) != len(w.intervals) {
		t.Fatalf("%s: %d intervals, want %d", name, len(r.Intervals), len(w.intervals))
	}
	for i, iv := range r.Intervals {
		got := ivOf(iv)
		for k := range got {
			if got[k] != w.intervals[i][k] && !(math.IsNaN(got[k]) && math.IsNaN(w.intervals[i][k])) {
				t.Errorf("%s: interval %d = %v, want %v", name, i, got, w.intervals[i])
				break
			}
		}
		if iv.Line != w.lines[i] {
			t.Errorf("%s: interval %d on line %d, want %d", name, i, iv.Line, w.lines[i])
		}
	}
	if !reflect.DeepEqual(r.Warnings, w.warnings) {
		t.Errorf("%s: warnings %q, want %q", name, r.Warnings, w.warnings)
	}
}

var nan = math.NaN()

func TestReportCSV(t *testing.T) {
	const path = "../testdata/real/sysbench-1.0.20-hook-csv.txt"
	d := hookOnly(t, "hook-csv", readText(t, path))
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	checkHookRun(t, path, d.Runs[0], hookWant{
		line: 14, endLine: 18, test: "hook-csv",
		command: "sysbench testdata/hook-csv.lua --threads=2 --time=4 --report-interval=1 --percentile=99 run",
		threads: 2, threadsFrom: "command", tps: 8008.38, qps: 0, pcts: map[string]float64{"99": 3.96}, complete: true,
		intervals: []hookIv{
			{1, 2, 5753.59, 0, 0, 0, 0, 3.13, 99, 0, 0},
			{2, 2, 7987.42, 0, 0, 0, 0, 4.10, 99, 0, 0},
			{3, 2, 9127.24, 0, 0, 0, 0, 4.10, 99, 0, 0},
			{4, 2, 9221.54, 0, 0, 0, 0, 3.75, 99, 0, 0},
		},
		lines: []int{14, 15, 16, 17},
	})
}

// TestReportCSVInterimOnly: a script that replaces only the interim
// reports (sysbench.hooks.report_intermediate = sysbench.report_csv, the
// hook's common use) gets sysbench's own final report below its CSV
// lines (testdata/real, sysbench 1.0.20): one run, its interim series
// from the CSV lines at the rank the final report names, its figures
// from the final report; no warning of a missing cumulative line.
func TestReportCSVInterimOnly(t *testing.T) {
	const path = "../testdata/real/sysbench-1.0.20-hook-csv-interim-only.txt"
	d, err := All(strings.NewReader(readText(t, path)), "hook-csv-interim-only.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	r := d.Runs[0]
	if r.Line != 1 || r.EndLine != 31 || r.Threads == nil || *r.Threads != 2 || r.Events == nil || *r.Events != 109372 ||
		r.Latency.Percentiles["99"] != 0.12 || r.Latency.Avg == nil || *r.Latency.Avg != 0.07 || !r.Complete {
		t.Errorf("run lines %d-%d threads %v events %v latency %+v complete %v", r.Line, r.EndLine, r.Threads, r.Events, r.Latency, r.Complete)
	}
	var got []hookIv
	for _, iv := range r.Intervals {
		got = append(got, ivOf(iv))
	}
	want := []hookIv{
		{1, 2, 27355.98, 0, 0, 0, 0, 0.12, 99, 0, 0},
		{2, 2, 28107.46, 0, 0, 0, 0, 0.11, 99, 0, 0},
		{3, 2, 26943.01, 0, 0, 0, 0, 0.12, 99, 0, 0},
		{4, 2, 26936.25, 0, 0, 0, 0, 0.12, 99, 0, 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("intervals %v, want %v", got, want)
	}
	for _, w := range r.Warnings {
		if strings.Contains(w, "cumulative") {
			t.Errorf("warning %q", w)
		}
	}
	// Without its final report the CSV run stands alone, as before,
	// with the warning; a banner below starts a run of its own.
	text := readText(t, path)
	cut := text[:strings.Index(text, "General statistics:")] + "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n"
	d, err = All(strings.NewReader(cut), "cut.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) == 0 || len(d.Runs[0].Intervals) != 4 || d.Runs[0].Complete ||
		!strings.Contains(strings.Join(d.Runs[0].Warnings, " "), "without the cumulative line") {
		t.Errorf("CSV lines without a final report: %d runs, first %+v", len(d.Runs), d.Runs)
	}
}

// TestReportCSVLines covers report_csv lines that are not in a capture:
// the 1.0.19 fixture's "[ 5s ]" line as FORMATS.md §2.3 writes it in CSV,
// and lines that must not be taken for hook output.
func TestReportCSVLines(t *testing.T) {
	const line5s = "5,8,355.03,9952.34,4550.27,4687.20,714.87,48.34,1.20,0.00"
	tests := []struct {
		name, in string
		runs     int
		want     []hookIv
	}{
		{"one interim line, no command", line5s, 1, []hookIv{{5, 8, 355.03, 9952.34, 4550.27, 4687.20, 714.87, 48.34, 95, 1.20, 0}}},
		{"nan rates of an empty interval", "5,8,-nan,nan,inf,-inf,714.87,48.34,1.20,0.00", 1,
			[]hookIv{{5, 8, nan, nan, nan, nan, 714.87, 48.34, 95, 1.20, 0}}},
		{"header row above: a hand-made table",
			"time,threads,tps,qps,reads/s,writes/s,other/s,latency_pct_ms,errors/s,reconnects/s\n" + line5s, 0, nil},
		{"nine fields", "5,8,355.03,9952.34,4550.27,4687.20,714.87,48.34,1.20", 0, nil},
		{"eleven fields", line5s + ",0.00", 0, nil},
		{"one decimal", "5,8,355.0,9952.34,4550.27,4687.20,714.87,48.34,1.20,0.00", 0, nil},
		{"decimal time", "5.0,8,355.03,9952.34,4550.27,4687.20,714.87,48.34,1.20,0.00", 0, nil},
		{"spaces after commas", "5, 8, 355.03, 9952.34, 4550.27, 4687.20, 714.87, 48.34, 1.20, 0.00", 0, nil},
		{"empty field", "5,8,,9952.34,4550.27,4687.20,714.87,48.34,1.20,0.00", 0, nil},
	}
	for _, tt := range tests {
		d := hookOnly(t, "csv", tt.in+"\n")
		if len(d.Runs) != tt.runs {
			t.Errorf("%s: %d runs, want %d", tt.name, len(d.Runs), tt.runs)
			continue
		}
		if tt.runs == 0 {
			continue
		}
		r := d.Runs[0]
		if len(r.Intervals) != len(tt.want) {
			t.Fatalf("%s: %d intervals", tt.name, len(r.Intervals))
		}
		for i, iv := range r.Intervals {
			got := ivOf(iv)
			for k := range got {
				if got[k] != tt.want[i][k] && !(math.IsNaN(got[k]) && math.IsNaN(tt.want[i][k])) {
					t.Errorf("%s: interval %v, want %v", tt.name, got, tt.want[i])
					break
				}
			}
		}
		if r.Complete || len(r.Warnings) != 1 ||
			r.Warnings[0] != "line 1: report_csv output ends without the cumulative line (threads 0): tps, qps and latency missing" {
			t.Errorf("%s: complete %v warnings %q", tt.name, r.Complete, r.Warnings)
		}
	}
}

func TestReportJSON(t *testing.T) {
	const path = "../testdata/real/sysbench-1.0.20-hook-json.txt"
	d := hookOnly(t, "hook-json", readText(t, path))
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	checkHookRun(t, path, d.Runs[0], hookWant{
		line: 14, endLine: 73, test: "hook-json",
		command: "sysbench testdata/hook-json.lua --threads=2 --time=3 --report-interval=1 run",
		threads: 2, threadsFrom: "command", tps: 14228.91, qps: 0, pcts: map[string]float64{"95": 0.11}, complete: true,
		intervals: []hookIv{
			{1, 2, 9327.12, 0, 0, 0, 0, 0.45, 95, 0, 0},
			{2, 2, 13915.28, 0, 0, 0, 0, 0.07, 95, 0, 0},
			{3, 2, 19480.65, 0, 0, 0, 0, 0.08, 95, 0, 0},
		},
		lines:    []int{16, 30, 44},
		warnings: []string{"line 60: report hook latency 0.11 ms taken as the 95th percentile, sysbench's default (the command line sets no --percentile)"},
	})
}

// TestReportJSONCumulativeOnly reads the pre-1.0.14 cumulative object of
// sysbench issue 194: one object followed by a comma, threads 0.
func TestReportJSONCumulativeOnly(t *testing.T) {
	const path = "../testdata/public/sysbench-1.0/sb1.0.11-report-json-hook-cumulative-invalid-json-threads0-issue194.txt"
	d := hookOnly(t, "issue194", readText(t, path))
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	r := d.Runs[0]
	if r.Threads != nil {
		t.Errorf("threads %v, want none (the cumulative object says 0)", *r.Threads)
	}
	r.Threads = iptr(0) // checkHookRun wants a value
	checkHookRun(t, path, r, hookWant{
		line: 1, endLine: 14, tps: 5440.06, qps: 0, pcts: map[string]float64{"95": 1.89}, complete: true, threads: 0,
		warnings: []string{"line 2: report hook latency 1.89 ms taken as the 95th percentile, sysbench's default (no command line shows --percentile)"},
	})
}

// hookJSONLines returns lines [from, to] (1-based) of the real JSON capture.
func hookJSONLines(t testing.TB, from, to int) string {
	lines := strings.Split(readText(t, "../testdata/real/sysbench-1.0.20-hook-json.txt"), "\n")
	return strings.Join(lines[from-1:to], "\n") + "\n"
}

// TestReportJSONPre1014 rewrites the real capture in the pre-1.0.14 shape
// (no brackets, a comma after every object): the objects make one run.
func TestReportJSONPre1014(t *testing.T) {
	obj := func(from, to int) string { return strings.Replace(hookJSONLines(t, from, to), "  }\n", "},\n", 1) }
	text := "$ sysbench hook-json.lua --percentile=95 run\n" +
		obj(15, 28) + obj(29, 42) + obj(43, 56) + obj(59, 72) + "\nDone.\n"
	d := hookOnly(t, "pre-1.0.14", text)
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	checkHookRun(t, "pre-1.0.14", d.Runs[0], hookWant{
		line: 2, endLine: 57, test: "hook-json", command: "sysbench hook-json.lua --percentile=95 run",
		threads: 2, threadsFrom: "interim", tps: 14228.91, qps: 0, pcts: map[string]float64{"95": 0.11}, complete: true,
		intervals: []hookIv{
			{1, 2, 9327.12, 0, 0, 0, 0, 0.45, 95, 0, 0},
			{2, 2, 13915.28, 0, 0, 0, 0, 0.07, 95, 0, 0},
			{3, 2, 19480.65, 0, 0, 0, 0, 0.08, 95, 0, 0},
		},
		lines: []int{3, 17, 31},
	})
}

// TestReportJSONKilled cuts the real capture inside the third interim
// object, as a killed run leaves it: the first two reports are kept.
func TestReportJSONKilled(t *testing.T) {
	d := hookOnly(t, "killed", hookJSONLines(t, 1, 50))
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run", len(d.Runs), d.Errors)
	}
	checkHookRun(t, "killed", d.Runs[0], hookWant{
		line: 14, endLine: 50, test: "hook-json",
		command: "sysbench testdata/hook-json.lua --threads=2 --time=3 --report-interval=1 run",
		threads: 2, threadsFrom: "command", tps: nan, qps: nan,
		intervals: []hookIv{
			{1, 2, 9327.12, 0, 0, 0, 0, 0.45, 95, 0, 0},
			{2, 2, 13915.28, 0, 0, 0, 0, 0.07, 95, 0, 0},
		},
		lines: []int{16, 30},
		warnings: []string{
			"line 50: report_json array cut short: the reports before the cut are kept",
			"line 50: report_json output ends without the cumulative report (threads 0): tps, qps and latency missing",
		},
	})
}

// TestReportJSONNotOurs checks that other JSON is left to its handlers.
func TestReportJSONNotOurs(t *testing.T) {
	for _, in := range []string{
		`{"lscpu": [{"field": "Architecture:", "data": "x86_64"}]}`,
		`{"time": 1, "threads": 2, "tps": 9327.12, "qps": {"total": 0.00}, "latency": 0.45, "extra": 1}`,
		`{"time": 1, "threads": 2, "tps": 9327.12, "latency": 0.45}`,
		`{"time": 1, "threads": 2, "tps": -1, "qps": {"total": 0.00}, "latency": 0.45}`,
		`{"time": 1, "threads": 2, "tps": 1e3, "qps": {"total": 0.00}, "latency": 0.45}`,
		`{"time": 1, "threads": 2, "tps": 93.27, "qps": {"total": 0.00}, "latency": 4.5E-1}`,
		`[]`,
		`[{"time": 1, "threads": 2, "tps": 9327.12, "qps": {"total": 0.00}, "latency": 0.45}] trailing`,
	} {
		lines := []Line{{No: 1, Raw: in, Text: in}}
		c := &ctx{name: "x", emit: func(Item) { t.Errorf("%q: an item was emitted", in) }}
		if sysbenchJSON(lines, c) {
			t.Errorf("%q: accepted", in)
		}
		for _, f := range c.atEnd {
			f()
		}
	}
}

// FuzzHook feeds the hook captures and mutations of them to the hook
// parsers: no panic, and runs hold finite values.
func FuzzHook(f *testing.F) {
	for _, p := range []string{
		"../testdata/real/sysbench-1.0.20-hook-csv.txt",
		"../testdata/real/sysbench-1.0.20-hook-json.txt",
		"../testdata/public/sysbench-1.0/sb1.0.11-report-json-hook-cumulative-invalid-json-threads0-issue194.txt",
	} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := hookOnly(t, "fuzz", s)
		for _, r := range d.Runs {
			for _, p := range []*float64{r.TPS, r.QPS} {
				if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0)) {
					t.Fatalf("run value %v", *p)
				}
			}
			for _, v := range r.Latency.Percentiles {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("percentile %v", v)
				}
			}
			for _, iv := range r.Intervals {
				for _, v := range ivOf(iv) {
					if math.IsInf(v, 0) {
						t.Fatalf("interval value %v", v)
					}
				}
			}
			if r.EndLine < r.Line {
				t.Fatalf("run lines %d-%d", r.Line, r.EndLine)
			}
		}
	})
}

// headerBlock stands for the sysbench parser in TestHandOverHeader: it
// holds a run from its banner to the line that starts hook output, and
// then hands the run over as handOverHeader asks.
type headerBlock struct {
	c *ctx
	r *Run
}

func detectHeader(l *Line, c *ctx) block {
	v, ok := bannerVersion(l.Text)
	if !ok {
		return nil
	}
	r := c.newRun(ToolSysbench, l.No)
	r.Version = v
	return &headerBlock{c: c, r: r}
}

func (b *headerBlock) feed(l *Line) status {
	if hookStart(l.Text) {
		return rejected
	}
	if rest, ok := strings.CutPrefix(l.Text, "Number of threads: "); ok && b.r.Threads == nil {
		n, _ := atoiStrict(rest)
		b.r.Threads, b.r.ThreadsFrom = iptr(n), "header"
	}
	if l.Text != "" {
		b.r.EndLine = l.No
	}
	return consumed
}

func (b *headerBlock) end(c *ctx) { handOverHeader(c, b.r) }

// TestHandOverHeader checks that a header handed over by the sysbench
// parser becomes the hook run, with its command line, version and
// threads, for both hook formats.
func TestHandOverHeader(t *testing.T) {
	f := &format{detectors: []detector{detectHeader, detectJSON, detectReportCSV}, json: sniffing.json}
	parse := func(path string) *Run {
		d := &Document{}
		err := stream(strings.NewReader(readText(t, path)), path, f, d.Add)
		if err != nil || len(d.Runs) != 1 || len(d.Errors) != 0 {
			t.Fatalf("%s: %v, %d runs, errors %v; want 1 run", path, err, len(d.Runs), d.Errors)
		}
		return d.Runs[0]
	}
	const csvPath = "../testdata/real/sysbench-1.0.20-hook-csv.txt"
	checkHookRun(t, csvPath, parse(csvPath), hookWant{
		line: 2, endLine: 18, version: "1.0.20", test: "hook-csv",
		command: "sysbench testdata/hook-csv.lua --threads=2 --time=4 --report-interval=1 --percentile=99 run",
		threads: 2, threadsFrom: "command", tps: 8008.38, qps: 0, pcts: map[string]float64{"99": 3.96}, complete: true,
		intervals: []hookIv{
			{1, 2, 5753.59, 0, 0, 0, 0, 3.13, 99, 0, 0},
			{2, 2, 7987.42, 0, 0, 0, 0, 4.10, 99, 0, 0},
			{3, 2, 9127.24, 0, 0, 0, 0, 4.10, 99, 0, 0},
			{4, 2, 9221.54, 0, 0, 0, 0, 3.75, 99, 0, 0},
		},
		lines: []int{14, 15, 16, 17},
	})
	const jsonPath = "../testdata/real/sysbench-1.0.20-hook-json.txt"
	checkHookRun(t, jsonPath, parse(jsonPath), hookWant{
		line: 2, endLine: 73, version: "1.0.20", test: "hook-json",
		command: "sysbench testdata/hook-json.lua --threads=2 --time=3 --report-interval=1 run",
		threads: 2, threadsFrom: "command", tps: 14228.91, qps: 0, pcts: map[string]float64{"95": 0.11}, complete: true,
		intervals: []hookIv{
			{1, 2, 9327.12, 0, 0, 0, 0, 0.45, 95, 0, 0},
			{2, 2, 13915.28, 0, 0, 0, 0, 0.07, 95, 0, 0},
			{3, 2, 19480.65, 0, 0, 0, 0, 0.08, 95, 0, 0},
		},
		lines:    []int{16, 30, 44},
		warnings: []string{"line 60: report hook latency 0.11 ms taken as the 95th percentile, sysbench's default (the command line sets no --percentile)"},
	})
	// A header whose hook output never comes is still emitted.
	d, _ := All(strings.NewReader("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\nNumber of threads: 2\n{\n"), "x")
	if len(d.Runs) != 1 || d.Runs[0].Version != "1.0.20" || d.Runs[0].Layout != "" {
		t.Errorf("header without hook output: %d runs", len(d.Runs))
	}
}

// TestReportJSONKilledThenRun: a report_json run cut short (the real
// capture's first 50 lines) followed by a real 1.0.20 run comes out first,
// in input order, ended by the run that follows it.
func TestReportJSONKilledThenRun(t *testing.T) {
	text := hookJSONLines(t, 1, 50) + readText(t, "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log")
	d, err := All(strings.NewReader(text), "killed-then-run")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 || d.Runs[0].Layout != LayoutH || d.Runs[0].Complete || d.Runs[1].TPS == nil || *d.Runs[1].TPS != 2905.92 {
		for _, r := range d.Runs {
			t.Logf("run at %d: layout %s tps %v", r.Line, r.Layout, r.TPS)
		}
		t.Fatalf("want the cut report_json run, then the 8-thread run")
	}
}
