package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestParseTable checks the readable table on a real transcript: one row
// with source:line, version, test, threads, labels, tps, qps and latency.
func TestParseTable(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run([]string{"parse", "innodb=../../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt"}, &out, &errOut)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want a header and one row, got:\n%s", out.String())
	}
	f := strings.Fields(lines[1])
	want := []string{"../../testdata/real/sysbench-1.0.20-oltp_read_only-innodb-4thr.txt:2", "sysbench", "1.0.20", "oltp_read_only", "4"}
	for i, w := range want {
		if i >= len(f) || f[i] != w {
			t.Errorf("field %d = %q, want %q (row %q)", i, f[i], w, lines[1])
		}
	}
	if !strings.Contains(lines[1], "system=innodb") || !strings.Contains(lines[1], "p99=") {
		t.Errorf("row lacks the NAME=PATH label or the percentile: %q", lines[1])
	}
}

// TestParseExitStatus: a missing input and a file with nothing in it are
// reported on stderr with their names, the rest is still printed, and the
// error says input was skipped (exit status 3).
func TestParseExitStatus(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(empty, []byte("nothing to see\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	err := run([]string{"parse", "--json", filepath.Join(dir, "missing.log"), empty,
		"../../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log"}, &out, &errOut)
	if !errors.Is(err, errPartial) {
		t.Fatalf("err = %v, want errPartial", err)
	}
	var doc struct {
		Runs   []map[string]any `json:"runs"`
		Errors []map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out.String())
	}
	if len(doc.Runs) != 1 || doc.Runs[0]["tps"] != 2905.92 || len(doc.Errors) != 2 {
		t.Errorf("runs %v errors %v", len(doc.Runs), doc.Errors)
	}
	for _, name := range []string{"missing.log: cannot read input", "notes.txt: no benchmark output"} {
		if !strings.Contains(errOut.String(), name) {
			t.Errorf("stderr lacks %q:\n%s", name, errOut.String())
		}
	}
}

// TestParseStdin reads a real log from standard input.
func TestParseStdin(t *testing.T) {
	f, err := os.Open("../../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = old }()
	var out, errOut bytes.Buffer
	if err := run([]string{"parse", "--json", "-"}, &out, &errOut); err != nil {
		t.Fatalf("parse -: %v\n%s", err, errOut.String())
	}
	var doc struct{ Runs []map[string]any }
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.Runs) != 1 {
		t.Fatalf("doc %v err %v", doc, err)
	}
	if r := doc.Runs[0]; r["source"] != "stdin" || r["tps"] != 3535.5 || r["version"] != "0.4.12" {
		t.Errorf("run = %v", r)
	}
}

// TestMarshalRunSameBytes: the fast path writes exactly what json.Marshal
// writes, on a real run with 360 interim lines.
func TestMarshalRunSameBytes(t *testing.T) {
	f, err := os.Open("../../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := parse.All(f, "x")
	if err != nil || len(d.Runs) != 1 || len(d.Runs[0].Intervals) != 360 {
		t.Fatalf("runs %v err %v", d.Runs, err)
	}
	d.Runs[0].SetLabel("intervals", "null")
	want, err := json.Marshal(d.Runs[0])
	if err != nil {
		t.Fatal(err)
	}
	got, err := marshalRun(nil, d.Runs[0])
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("marshalRun differs from json.Marshal (err %v)", err)
	}
}

// TestMarshalRunSameBytesEverywhere: every run of every fixture and of
// the demo campaign, labelled as collect labels them, is written exactly
// as json.Marshal writes it.
func TestMarshalRunSameBytesEverywhere(t *testing.T) {
	runs := 0
	var buf []byte
	err := collect.Walk([]string{"../../testdata", "../../examples/demo-campaign"}, func(it parse.Item) {
		r, ok := it.(*parse.Run)
		if !ok {
			return
		}
		runs++
		want, werr := json.Marshal(r)
		got, gerr := marshalRun(buf[:0], r)
		buf = got
		if werr != nil || gerr != nil {
			t.Fatalf("%s:%d: json.Marshal error %v, marshalRun error %v", r.Source, r.Line, werr, gerr)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s:%d: marshalRun differs from json.Marshal:\n got  %s\n want %s", r.Source, r.Line, got, want)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if runs < 400 {
		t.Fatalf("only %d runs read", runs)
	}
	t.Logf("%d runs", runs)
}

// TestParseJSONSameDocument: parse --json writes, for every fixture and
// the demo campaign, the document that encoding/json gives for the same
// items (each run by json.Marshal, the captures and errors as one struct).
func TestParseJSONSameDocument(t *testing.T) {
	inputs := []string{"../../testdata", "../../examples/demo-campaign"}
	var want bytes.Buffer
	want.WriteString(`{"format": "` + parse.Format + `", "runs": [`)
	var d parse.Document
	n := 0
	if err := collect.Walk(inputs, func(it parse.Item) {
		if r, ok := it.(*parse.Run); ok {
			if n > 0 {
				want.WriteString(",")
			}
			want.WriteString("\n  ")
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			want.Write(b)
			n++
			return
		}
		d.Add(it)
	}); err != nil {
		t.Fatal(err)
	}
	want.WriteString("\n ],\n")
	rest, err := json.Marshal(struct {
		Hosts     []*parse.Host        `json:"hosts"`
		Variables []*parse.Variables   `json:"variables"`
		Tables    []*parse.TableStatus `json:"tables"`
		SysStats  []*parse.SysStat     `json:"sysstats"`
		Facts     []*parse.Fact        `json:"facts,omitempty"`
		Errors    []*parse.Error       `json:"errors"`
	}{nonNil(d.Hosts), nonNil(d.Variables), nonNil(d.Tables), nonNil(d.SysStats), d.Facts, nonNil(d.Errors)})
	if err != nil {
		t.Fatal(err)
	}
	want.WriteString(" ")
	want.Write(rest[1:])
	want.WriteString("\n")
	if len(d.SysStats) == 0 || n < 400 {
		t.Fatalf("%d runs, %d system-statistics captures", n, len(d.SysStats))
	}

	var got, stderr bytes.Buffer
	err = run(append([]string{"parse", "--json"}, inputs...), &got, &stderr)
	if err != nil && !errors.Is(err, errPartial) {
		t.Fatalf("parse --json: %v\n%s", err, stderr.Bytes())
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		g, w := got.Bytes(), want.Bytes()
		i := 0
		for i < len(g) && i < len(w) && g[i] == w[i] {
			i++
		}
		t.Fatalf("parse --json differs from encoding/json at byte %d of %d:\n got  %q\n want %q",
			i, len(w), g[max(0, i-100):min(len(g), i+100)], w[max(0, i-100):min(len(w), i+100)])
	}
}

// nonNil is what encoding/json needs to write [] for no items.
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// TestParseJSONSpooled: with captures spooled to temporary files after a
// few bytes, parse --json writes the same document.
func TestParseJSONSpooled(t *testing.T) {
	inputs := []string{"../../testdata/real", "../../examples/demo-campaign"}
	write := func(limit int) []byte {
		var out bytes.Buffer
		bw := bufio.NewWriter(&out)
		s := newJSONSink(bw, &out)
		for _, sp := range []*spool{&s.hosts, &s.vars, &s.tables, &s.stats, &s.errSp} {
			sp.limit = limit
		}
		if err := collect.Walk(inputs, s.add); err != nil {
			t.Fatal(err)
		}
		if err := s.close(); err != nil {
			t.Fatal(err)
		}
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	want := write(0)
	if !bytes.Contains(want, []byte(`"sysstats":[{`)) || !bytes.Contains(want, []byte(`"hosts":[{`)) {
		t.Fatalf("no captures in %.200s", want)
	}
	if got := write(100); !bytes.Equal(got, want) {
		t.Errorf("spooled document differs (%d bytes, want %d)", len(got), len(want))
	}
}

// TestSpoolChunks writes items across chunk boundaries, in memory and
// spilled to a file at several limits, and reads back the same array.
func TestSpoolChunks(t *testing.T) {
	var items [][]byte
	var want bytes.Buffer
	want.WriteByte('[')
	for i := 0; i < 400; i++ {
		item := bytes.Repeat([]byte{byte('a' + i%26)}, 1+i*i%9000)
		items = append(items, item)
		if i > 0 {
			want.WriteByte(',')
		}
		want.Write(item)
	}
	want.WriteByte(']')
	for _, limit := range []int{0, 1, 1000, spoolChunk - 1, spoolChunk, 3*spoolChunk + 7} {
		sp := spool{limit: limit}
		for _, item := range items {
			sp.add(item)
		}
		var out bytes.Buffer
		bw := bufio.NewWriter(&out)
		if err := sp.writeTo(bw); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		sp.close()
		if !bytes.Equal(out.Bytes(), want.Bytes()) {
			t.Errorf("limit %d: %d bytes back, want %d", limit, out.Len(), want.Len())
		}
	}
}

// TestLegacyArchive compares two configurations of a team's archive
// (testdata/public/legacy-archive/SOURCES.md): logs with no command, test
// name or label, one configuration a directory, read-only and read-write
// runs told apart only by their file names and query counts. They are
// two systems named by their directories and two workloads, one run a
// cell, not repeats of one experiment; the iostat captures, printed with
// decimal commas, are read.
func TestLegacyArchive(t *testing.T) {
	dir := "../../testdata/public/legacy-archive/series15"
	var out, stderr bytes.Buffer
	err := run([]string{"compare", "--json", dir}, &out, &stderr)
	if !errors.Is(err, errPartial) {
		t.Fatalf("compare: %v (want DESC and README reported, the script passed over)\n%s", err, stderr.Bytes())
	}
	// One report for the directory's two files that hold no output; the
	// script is passed over.
	if n := strings.Count(stderr.String(), "no benchmark output or capture found in 2 files (DESC, README;"); n != 1 ||
		strings.Count(stderr.String(), "\n") != 1 || strings.Contains(stderr.String(), "iostat") || strings.Contains(stderr.String(), "run.sysbench") {
		t.Errorf("problems:\n%s", stderr.Bytes())
	}
	doc := decodeCompare(t, out.Bytes())
	if doc.By != "input" || strings.Join(doc.Systems, ",") != "res01,res02" {
		t.Fatalf("systems %v by %q, want res01,res02 by input", doc.Systems, doc.By)
	}
	cells := map[string]float64{}
	for _, r := range doc.Rows {
		if r.N != 1 {
			t.Errorf("%s %s %s threads: %d runs, want 1", r.System, r.Workload, intText(r.Threads), r.N)
		}
		if r.System == "res02" && r.Verdict != "no test (1 run)" {
			t.Errorf("%s %s threads: verdict %q", r.Workload, intText(r.Threads), r.Verdict)
		}
		cells[r.System+" "+r.Workload+" "+intText(r.Threads)] = r.Values[0]
	}
	if len(cells) != 8 {
		t.Errorf("%d cells, want 2 systems × 2 mixes × 2 thread counts: %v", len(cells), cells)
	}
	// Two files compared as benchstat compares them: by their names.
	out.Reset()
	stderr.Reset()
	if err := run([]string{"compare", "--json", dir + "/res01/sysbench.rw.8.res", dir + "/res02/sysbench.rw.8.res"}, &out, &stderr); err != nil {
		t.Fatalf("compare two files: %v\n%s", err, stderr.Bytes())
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if strings.Join(doc.Systems, ",") != "res01/sysbench.rw.8.res,res02/sysbench.rw.8.res" {
		t.Errorf("two files compared as %v", doc.Systems)
	}
	// res02/sysbench.ro.64.res: its interim tps after the first 30 s.
	if v, ok := cells["res02 oltp (read-only) 64"]; !ok || math.Abs(v-5013.95) > 0.005 {
		t.Errorf("res02 read-only 64 threads: %v (present %v), want 5013.95", v, ok)
	}
	if _, ok := cells["res01 oltp (read-write, ~20% writes) 8"]; !ok {
		t.Errorf("no read-write cell: %v", cells)
	}
}

// TestLegacyArchiveFileNames compares two configurations of another
// series of that archive (testdata/public/legacy-archive/SOURCES.md):
// in each directory, sysbench.ro.short.N.res and sysbench.ro.long.N.res
// are read-only runs of one script with ranges of 10 and 100 rows. Their
// logs say nothing of it and their query counts are alike: only the
// words of the file names tell the two experiments apart, which were
// pooled as repeats 3× apart.
func TestLegacyArchiveFileNames(t *testing.T) {
	dir := "../../testdata/public/legacy-archive/mdev16413-utf8-general"
	var out, stderr bytes.Buffer
	if err := run([]string{"compare", "--json", dir}, &out, &stderr); !errors.Is(err, errPartial) {
		t.Fatalf("compare: %v (want DESC reported)\n%s", err, stderr.Bytes())
	}
	doc := decodeCompare(t, out.Bytes())
	if strings.Join(doc.Systems, ",") != "res01,res02" {
		t.Fatalf("systems %v, want res01,res02", doc.Systems)
	}
	// transactions per second as each log prints them.
	want := map[string]float64{
		"res01 oltp (file=sysbench.ro.long.res) 8": 1475.63, "res01 oltp (file=sysbench.ro.short.res) 8": 4327.42,
		"res01 oltp (file=sysbench.ro.long.res) 64": 3986.98, "res01 oltp (file=sysbench.ro.short.res) 64": 10555.16,
		"res02 oltp (file=sysbench.ro.long.res) 8": 1551.46, "res02 oltp (file=sysbench.ro.short.res) 8": 5131.69,
		"res02 oltp (file=sysbench.ro.long.res) 64": 4072.81, "res02 oltp (file=sysbench.ro.short.res) 64": 12167.21,
	}
	got := map[string]float64{}
	for _, r := range doc.Rows {
		if r.N != 1 || len(r.Values) != 1 {
			t.Errorf("%s %s %s threads: %d runs %v, want 1", r.System, r.Workload, intText(r.Threads), r.N, r.Values)
			continue
		}
		got[r.System+" "+r.Workload+" "+intText(r.Threads)] = r.Values[0]
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cells\n%v\nwant\n%v", got, want)
	}
}

// TestNoTransactions compares a run that made no transactions (a script
// without BEGIN: "transactions: 0" beside 2,356.85 read/write requests a
// second) with one that did (testdata/public/legacy-archive SOURCES.md,
// mdev13491-sequence): tps would compare 0 with 446.66; queries a second
// are compared instead, as the series' own chart does.
func TestNoTransactions(t *testing.T) {
	dir := "../../testdata/public/legacy-archive/mdev13491-sequence"
	var out, stderr bytes.Buffer
	err := run([]string{"compare", "--json", dir}, &out, &stderr)
	if err != nil && !errors.Is(err, errPartial) {
		t.Fatalf("compare: %v\n%s", err, stderr.Bytes())
	}
	doc := decodeCompare(t, out.Bytes())
	if doc.Metric != "qps" || strings.Join(doc.Systems, ",") != "res01,res02" || len(doc.Rows) != 2 {
		t.Fatalf("metric %q, systems %v, %d rows", doc.Metric, doc.Systems, len(doc.Rows))
	}
	for _, r := range doc.Rows {
		if len(r.Values) != 1 || r.Values[0] <= 0 {
			t.Errorf("%s: values %v", r.System, r.Values)
		}
	}
	// tps asked for: the run without transactions has none.
	out.Reset()
	stderr.Reset()
	err = run([]string{"compare", "--metric", "tps", dir}, &out, &stderr)
	if err != nil && !errors.Is(err, errPartial) {
		t.Fatalf("compare --metric tps: %v\n%s", err, stderr.Bytes())
	}
	if strings.Contains(out.String(), " 0 ") || !strings.Contains(out.String(), "446.7") {
		t.Errorf("tps of a run without transactions shown:\n%s", out.Bytes())
	}
}

// A repository of logs kept one server setting a directory
// (testdata/public/legacy-archive/SOURCES.md, spin-multiplier): the
// command is only in a comment line "# cmd: ... sysbench oltp_read_write
// ... run", and a test file of sysbench itself kept beside the results
// names engines. The two settings are two systems of two repeats each,
// not four repeats of one system "?" of an unknown workload.
func TestLegacyArchiveSettingDirs(t *testing.T) {
	dir := "../../testdata/public/legacy-archive/spin-multiplier"
	var out, stderr bytes.Buffer
	if err := run([]string{"compare", "--json", dir}, &out, &stderr); !errors.Is(err, errPartial) {
		t.Fatalf("compare: %v (want the globs of the .t file reported)\n%s", err, stderr.Bytes())
	}
	doc := decodeCompare(t, out.Bytes())
	want := map[string][]float64{
		"?/ann/default":        {347.15, 378.25},
		"?/ann/multiplier_500": {389.06, 393.92},
	}
	seen := 0
	for _, r := range doc.Rows {
		w, ok := want[r.System]
		if !ok || r.N == 0 {
			continue
		}
		seen++
		if r.Workload != "oltp_read_write" || intText(r.Threads) != "32" || r.N != 2 {
			t.Errorf("%s: %s at %s threads, %d runs; want oltp_read_write at 32, 2 runs", r.System, r.Workload, intText(r.Threads), r.N)
			continue
		}
		got := append([]float64(nil), r.Values...)
		sort.Float64s(got)
		for i := range w {
			if math.Abs(got[i]-w[i]) > 0.005 {
				t.Errorf("%s: tps %v, want %v", r.System, got, w)
				break
			}
		}
	}
	if seen != 2 {
		t.Errorf("systems %v by %q: want the two setting directories apart", doc.Systems, doc.By)
	}
}
