package parse

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"
)

// floodInterim writes a sysbench header and n interim lines.
func floodInterim(w io.Writer, n int) {
	fmt.Fprint(w, "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nRunning the test with following options:\nNumber of threads: 16\n\nThreads started!\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(w, "[ %ds ] thds: 16 tps: 3325.76 qps: 66720.01 (r/w/o: 46735.47/13317.04/6667.51) lat (ms,95%%): 7.84 err/s: 0.00 reconn/s: 0.00\n", i)
	}
}

// floodJSON writes an unclosed report_json array of n reports.
func floodJSON(w io.Writer, n int) {
	fmt.Fprint(w, "[\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(w, `{ "time": %d, "threads": 16, "tps": 3325.76, "qps": {"total": 66720.01, "reads": 46735.47, "writes": 13317.04, "other": 6667.51}, "latency": 7.84, "errors": 0.00, "reconnects": 0.00 },`+"\n", i)
	}
}

func TestIntervalCap(t *testing.T) {
	var buf bytes.Buffer
	floodInterim(&buf, MaxIntervals+25)
	d, err := All(&buf, "flood.log")
	if err != nil || len(d.Runs) != 1 {
		t.Fatalf("%v, %d runs", err, len(d.Runs))
	}
	r := d.Runs[0]
	if len(r.Intervals) != MaxIntervals || r.Intervals[MaxIntervals-1].T != MaxIntervals {
		t.Errorf("%d intervals kept", len(r.Intervals))
	}
	first := MaxIntervals + 8 // 7 header lines, then the first dropped
	want := fmt.Sprintf("line %d: 25 interim lines from here on dropped: a run keeps at most %d", first, MaxIntervals)
	if !containsString(r.Warnings, want) {
		t.Errorf("warnings %q, want %q", r.Warnings, want)
	}
}

func TestReportJSONCaps(t *testing.T) {
	var buf bytes.Buffer
	n := maxJSONLines + 30
	floodJSON(&buf, n)
	d, err := All(&buf, "flood.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs", len(d.Runs))
	}
	r := d.Runs[0]
	if len(r.Intervals) != MaxIntervals {
		t.Errorf("%d intervals kept, want %d", len(r.Intervals), MaxIntervals)
	}
	want := fmt.Sprintf("line %d: %d interim reports from here on dropped: a run keeps at most %d", MaxIntervals+2, n-MaxIntervals, MaxIntervals)
	if !containsString(r.Warnings, want) {
		t.Errorf("warnings %q, want %q", r.Warnings, want)
	}
	cut := fmt.Sprintf("JSON document longer than %d lines or 32 MiB: read up to line %d, the rest as further documents or text", maxJSONLines, maxJSONLines)
	if len(d.Errors) != 1 || d.Errors[0].Line != 1 || d.Errors[0].Message != cut {
		t.Errorf("errors %v, want %q at line 1", d.Errors, cut)
	}
}

func TestJSONByteCap(t *testing.T) {
	// One document of long lines: cut by size before the line cap.
	var buf bytes.Buffer
	buf.WriteString("{\n")
	line := `"k": "` + strings.Repeat("x", 1<<19) + `",` + "\n"
	for buf.Len() < MaxJSONBytes+2*len(line) {
		buf.WriteString(line)
	}
	d, _ := All(&buf, "big.json")
	if len(d.Errors) == 0 || !strings.HasPrefix(d.Errors[0].Message, "JSON document longer than") {
		t.Errorf("errors %v", d.Errors)
	}
}

func TestWarningCap(t *testing.T) {
	var r Run
	for i := 1; i <= MaxWarnings+5; i++ {
		r.Warn(i, "w")
	}
	if len(r.Warnings) != MaxWarnings || r.Warnings[MaxWarnings-1] != "… and 6 more warnings (a run keeps at most 100)" {
		t.Errorf("%d warnings, last %q", len(r.Warnings), r.Warnings[len(r.Warnings)-1])
	}
}

// Binary data without a line break (/dev/zero through standard input)
// ends the input at its first buffer, not at its end.
func TestBinaryWithoutLineBreaks(t *testing.T) {
	zeros := io.LimitReader(zeroReader{}, 1<<40) // a terabyte: never read to its end
	d, err := All(zeros, "stdin")
	if err != nil {
		t.Fatal(err)
	}
	want := Error{Source: "stdin", Line: 1, Message: "binary data, not text (expected sysbench, mysqlslap, lscpu, lsblk, free or mysql client output)"}
	if len(d.Errors) != 1 || *d.Errors[0] != want {
		t.Errorf("errors %v", d.Errors)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// gzFlood returns about size bytes of gzip holding what write writes.
func gzFlood(size int, write func(w io.Writer, n int)) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	for buf.Len() < size {
		write(gz, 1000)
		gz.Flush()
	}
	gz.Close()
	return buf.Bytes()
}

// benchFlood parses the gzipped input once per op. B/op is the memory
// the parse allocates; kept reports what the run holds.
func benchFlood(b *testing.B, gz []byte) {
	b.SetBytes(int64(len(gz)))
	b.ReportAllocs()
	kept := 0
	for b.Loop() {
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			b.Fatal(err)
		}
		kept = 0
		Stream(zr, "flood", func(it Item) {
			if r, ok := it.(*Run); ok {
				kept += len(r.Intervals)
			}
		})
	}
	b.ReportMetric(float64(kept), "intervals-kept")
}

// BenchmarkInterimFlood: a 1.25 MB gzip of interim lines (about 430,000
// lines, 55 MB of text).
func BenchmarkInterimFlood(b *testing.B) {
	t := 0
	gz := gzFlood(1_250_000, func(w io.Writer, n int) {
		for i := 0; i < n; i++ {
			t++
			fmt.Fprintf(w, "[ %ds ] thds: 16 tps: 3325.76 qps: 66720.01 (r/w/o: 46735.47/13317.04/6667.51) lat (ms,95%%): 7.84 err/s: 0.00 reconn/s: 0.00\n", t)
		}
	})
	benchFlood(b, gz)
}

// BenchmarkUnclosedReportJSON: a 984 KB gzip of one report_json array that
// never closes (about 320,000 reports, 60 MB of text).
func BenchmarkUnclosedReportJSON(b *testing.B) {
	t := 0
	gz := gzFlood(984_000, func(w io.Writer, n int) {
		if t == 0 {
			fmt.Fprint(w, "[\n")
		}
		for i := 0; i < n; i++ {
			t++
			fmt.Fprintf(w, `{ "time": %d, "threads": 16, "tps": 3325.76, "qps": {"total": 66720.01, "reads": 46735.47, "writes": 13317.04, "other": 6667.51}, "latency": 7.84, "errors": 0.00, "reconnects": 0.00 },`+"\n", t)
		}
	})
	benchFlood(b, gz)
}
