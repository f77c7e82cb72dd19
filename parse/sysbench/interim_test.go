package sysbench

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// ivWant lists the fields an interim line sets; every other field must
// stay absent (NaN).
type ivWant map[string]float64

// ivFields returns the named fields of iv.
func ivFields(iv model.Interval) map[string]float64 {
	return map[string]float64{
		"t": iv.T, "threads": iv.Threads, "tps": iv.TPS, "qps": iv.QPS,
		"reads": iv.Reads, "writes": iv.Writes, "other": iv.Other,
		"lat": iv.LatMs, "pct": iv.LatPct, "err": iv.ErrS, "reconn": iv.ReconnS,
		"eps": iv.EPS, "readmib": iv.ReadMiBs, "writemib": iv.WriteMiBs, "fsync": iv.FsyncS,
		"mib": iv.MiBs, "queue": iv.QueueLength, "conc": iv.Concurrency,
	}
}

func checkInterval(t *testing.T, name string, iv model.Interval, want ivWant) {
	t.Helper()
	for k, got := range ivFields(iv) {
		w, ok := want[k]
		switch {
		case !ok && !math.IsNaN(got):
			t.Errorf("%s: %s = %v, want absent", name, k, got)
		case ok && got != w:
			t.Errorf("%s: %s = %v, want %v", name, k, got, w)
		}
	}
	for k := range want {
		if _, ok := ivFields(iv)[k]; !ok {
			t.Fatalf("%s: test names unknown field %q", name, k)
		}
	}
}

// TestParseInterim reads one real line of every interim shape. The lines
// are copied verbatim from the fixture named in each case.
func TestParseInterim(t *testing.T) {
	tests := []struct {
		name, in string // in is the raw line; its text is read (lineText)
		want     ivWant
	}{
		{
			name: "0.5 2011 no comma before response time (sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt)",
			in:   "[  10s] threads: 16, tps: 4892.45, reads/s: 68507.32, writes/s: 19569.90 response time: 9.14ms (99%)",
			want: ivWant{"t": 10, "threads": 16, "tps": 4892.45, "reads": 68507.32, "writes": 19569.90, "lat": 9.14, "pct": 99},
		},
		{
			name: "0.5 4-digit timestamp (sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt)",
			in:   "[3600s] threads: 32, tps: 4516.40, reads/s: 63229.58, writes/s: 18065.99 response time: 117.69ms (99%)",
			want: ivWant{"t": 3600, "threads": 32, "tps": 4516.40, "reads": 63229.58, "writes": 18065.99, "lat": 117.69, "pct": 99},
		},
		{
			name: "0.5 2012 comma before response time (sb0.5-2012-oltp-ro-128thr-comma-p99.txt)",
			in:   "[   5s] threads: 128, tps: 4258.62, reads/s: 59881.88, writes/s: 0.00, response time: 39.76ms (99%)",
			want: ivWant{"t": 5, "threads": 128, "tps": 4258.62, "reads": 59881.88, "writes": 0, "lat": 39.76, "pct": 99},
		},
		{
			name: "0.5 2014 reads/writes labels, errors, two-space reconnects (sb0.5-2014-oltp-rw-32thr-errors-reconnects.txt)",
			in:   "[   2s] threads: 32, tps: 1601.94, reads: 22603.16, writes: 90083.66, response time: 31.85ms (95%), errors: 0.00, reconnects:  0.00",
			want: ivWant{"t": 2, "threads": 32, "tps": 1601.94, "reads": 22603.16, "writes": 90083.66, "lat": 31.85, "pct": 95, "err": 0, "reconn": 0},
		},
		{
			name: "0.5 4-digit timestamp with errors (sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt)",
			in:   "[1000s] threads: 10, tps: 515.30, reads: 7216.22, writes: 2062.21, response time: 44.14ms (99%), errors: 0.00, reconnects:  0.00",
			want: ivWant{"t": 1000, "threads": 10, "tps": 515.30, "reads": 7216.22, "writes": 2062.21, "lat": 44.14, "pct": 99, "err": 0, "reconn": 0},
		},
		{
			name: "0.5 unsigned-underflow garbage kept as printed (sb0.5-uint64-underflow-impossible-tps-issue14.txt)",
			in:   "[  11s] threads: 16, tps: 18446842801212211200.00, reads: 18446842801212035072.00, writes: 18446842801212170240.00, response time: 60.10ms (95%), errors: 0.00, reconnects:  0.00",
			want: ivWant{"t": 11, "threads": 16, "tps": 18446842801212211200.00, "reads": 18446842801212035072.00,
				"writes": 18446842801212170240.00, "lat": 60.10, "pct": 95, "err": 0, "reconn": 0},
		},
		{
			name: "1.0.19 err/s without colon (sb1.0.19-oltp-8thr-errs-no-colon-err-s.log)",
			in:   "[ 5s ] thds: 8 tps: 355.03 qps: 9952.34 (r/w/o: 4550.27/4687.20/714.87) lat (ms,95%): 48.34 err/s 1.20 reconn/s: 0.00",
			want: ivWant{"t": 5, "threads": 8, "tps": 355.03, "qps": 9952.34, "reads": 4550.27, "writes": 4687.20, "other": 714.87,
				"lat": 48.34, "pct": 95, "err": 1.20, "reconn": 0},
		},
		{
			name: "1.0 tpcc multi-second latency (sb1.0-tpcc-lua-interim-err-s-no-colon-multi-second-lat-sysbench-tpcc-issue48.txt)",
			in:   "[ 93s ] thds: 56 tps: 43.01 qps: 1397.23 (r/w/o: 645.10/662.11/90.01) lat (ms,95%): 2680.11 err/s 1.00 reconn/s: 0.00",
			want: ivWant{"t": 93, "threads": 56, "tps": 43.01, "qps": 1397.23, "reads": 645.10, "writes": 662.11, "other": 90.01,
				"lat": 2680.11, "pct": 95, "err": 1, "reconn": 0},
		},
		{
			name: "1.0 line prefixed with SQL comment dashes (sb1.0-pkg-interim-lines-prefixed-with-sql-comment-dashes-readyset-issue1268.txt)",
			in:   "-- [ 2s ] thds: 32 tps: 105193.50 qps: 105193.50 (r/w/o: 105193.50/0.00/0.00) lat (ms,95%): 0.44 err/s: 0.00 reconn/s: 0.00",
			want: ivWant{"t": 2, "threads": 32, "tps": 105193.50, "qps": 105193.50, "reads": 105193.50, "writes": 0, "other": 0,
				"lat": 0.44, "pct": 95, "err": 0, "reconn": 0},
		},
		{
			name: "1.0.20 3-digit timestamp (sb1.0.20-oltp_read_write-8thr.log)",
			in:   "[ 3s ] thds: 8 tps: 2857.00 qps: 57138.07 (r/w/o: 39999.05/11424.01/5715.01) lat (ms,95%): 3.96 err/s: 0.00 reconn/s: 0.00",
			want: ivWant{"t": 3, "threads": 8, "tps": 2857.00, "qps": 57138.07, "reads": 39999.05, "writes": 11424.01, "other": 5715.01,
				"lat": 3.96, "pct": 95, "err": 0, "reconn": 0},
		},
		{
			name: "1.1 terminal paste (sb1.1.0-nosha-oltp-update-non-index-4thr-terminal-paste.txt)",
			in:   "[ 10s ] thds: 4 tps: 458.71 qps: 458.71 (r/w/o: 0.00/458.71/0.00) lat (ms,95%): 15.00 err/s: 0.00 reconn/s: 0.00",
			want: ivWant{"t": 10, "threads": 4, "tps": 458.71, "qps": 458.71, "reads": 0, "writes": 458.71, "other": 0,
				"lat": 15, "pct": 95, "err": 0, "reconn": 0},
		},
		{
			name: "1.0.20 real capture, p99 (testdata/real/sysbench-1.0.20-oltp_read_write-aria-4thr.txt)",
			in:   "[ 1s ] thds: 4 tps: 754.14 qps: 15140.66 (r/w/o: 10608.85/3018.54/1513.27) lat (ms,99%): 8.13 err/s: 0.00 reconn/s: 0.00",
			want: ivWant{"t": 1, "threads": 4, "tps": 754.14, "qps": 15140.66, "reads": 10608.85, "writes": 3018.54, "other": 1513.27,
				"lat": 8.13, "pct": 99, "err": 0, "reconn": 0},
		},
		{
			name: "1.1 fileio MiB/s and 3-decimal latency (sb1.1.0-dcde0d9-2017-fileio-rndrw-warmup-interim-truncated-issue167.txt)",
			in:   "[ 5s ] reads: 1.78 MiB/s writes: 1.19 MiB/s fsyncs: 241.26/s latency (ms,95%): 9.560",
			want: ivWant{"t": 5, "readmib": 1.78, "writemib": 1.19, "fsync": 241.26, "lat": 9.560, "pct": 95},
		},
		{
			name: "1.0.20 fileio rndrd (sb1.0.20-fileio-rndrd-direct-interim-reports-deprecated-test-warning.txt)",
			in:   "[ 1s ] reads: 28.78 MiB/s writes: 0.00 MiB/s fsyncs: 0.00/s latency (ms,95%): 1.319",
			want: ivWant{"t": 1, "readmib": 28.78, "writemib": 0, "fsync": 0, "lat": 1.319, "pct": 95},
		},
		{
			// A sysbench 0.5 fileio paste from a public blog post (search corpus), tab-indented.
			name: "0.5 fileio MB/s and response time",
			in:   "\t[   3s] reads: 1.70 MB/s writes: 0.00 MB/s fsyncs: 0.00/s response time: 54.416ms (95%)",
			want: ivWant{"t": 3, "readmib": 1.70, "writemib": 0, "fsync": 0, "lat": 54.416, "pct": 95},
		},
		{
			name: "1.0.20 cpu eps (testdata/real/sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt)",
			in:   "[ 2s ] thds: 1 eps: 2055.98 lat (ms,95%): 10.65",
			want: ivWant{"t": 2, "threads": 1, "eps": 2055.98, "lat": 10.65, "pct": 95},
		},
		{
			name: "1.0.20 non-DB rate mode queue length without comma (testdata/real/sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt)",
			in:   "[ 1s ] queue length: 1 concurrency: 1",
			want: ivWant{"t": 1, "queue": 1, "conc": 1},
		},
		{
			name: "1.0.20 threads eps (testdata/real/sysbench-1.0.20-threads-2thr-interim.txt)",
			in:   "[ 3s ] thds: 2 eps: 832.98 lat (ms,95%): 6.43",
			want: ivWant{"t": 3, "threads": 2, "eps": 832.98, "lat": 6.43, "pct": 95},
		},
		{
			name: "1.0.20 memory MiB/sec (testdata/real/sysbench-1.0.20-memory-1thr-interim.txt)",
			in:   "[ 1s ] 6238.25 MiB/sec",
			want: ivWant{"t": 1, "mib": 6238.25},
		},
		// Shapes with no public sample, written as FORMATS.md §2 documents
		// them, with numbers from real lines above.
		{
			name: "0.5 memory MB/sec with trailing comma (FORMATS.md §2.2)",
			in:   "[   1s] 6238.25 MB/sec,",
			want: ivWant{"t": 1, "mib": 6238.25},
		},
		{
			name: "DB rate mode queue length with comma (FORMATS.md §2.1)",
			in:   "[ 1s ] queue length: 0, concurrency: 0",
			want: ivWant{"t": 1, "queue": 0, "conc": 0},
		},
		{
			name: "decimal timestamp of forks (FORMATS.md §2)",
			in:   "[ 54.0s ] thds: 8 tps: 355.03 qps: 9952.34 (r/w/o: 4550.27/4687.20/714.87) lat (ms,95%): 48.34 err/s: 1.20 reconn/s: 0.00",
			want: ivWant{"t": 54, "threads": 8, "tps": 355.03, "qps": 9952.34, "reads": 4550.27, "writes": 4687.20, "other": 714.87,
				"lat": 48.34, "pct": 95, "err": 1.20, "reconn": 0},
		},
		{
			name: "5-digit timestamp overflowing the 0.5 bracket (FORMATS.md §2)",
			in:   "[12345s] threads: 10, tps: 515.30, reads: 7216.22, writes: 2062.21, response time: 44.14ms (99%), errors: 0.00, reconnects:  0.00",
			want: ivWant{"t": 12345, "threads": 10, "tps": 515.30, "reads": 7216.22, "writes": 2062.21, "lat": 44.14, "pct": 99, "err": 0, "reconn": 0},
		},
		{
			name: "trailing note after the last field",
			in:   "[ 5s ] thds: 8 tps: 355.03 qps: 9952.34 (r/w/o: 4550.27/4687.20/714.87) lat (ms,95%): 48.34 err/s 1.20 reconn/s: 0.00  <- errors start",
			want: ivWant{"t": 5, "threads": 8, "tps": 355.03, "qps": 9952.34, "reads": 4550.27, "writes": 4687.20, "other": 714.87,
				"lat": 48.34, "pct": 95, "err": 1.20, "reconn": 0},
		},
	}
	for _, tt := range tests {
		iv, kind, err := ParseInterim(lineText(tt.in), 7)
		if err != nil || kind != InterimReport {
			t.Errorf("%s: kind %v, err %v; want a report", tt.name, kind, err)
			continue
		}
		if iv.Line != 7 {
			t.Errorf("%s: Line = %d, want 7", tt.name, iv.Line)
		}
		checkInterval(t, tt.name, iv, tt.want)
	}
}

func TestParseInterimCheckpoint(t *testing.T) {
	for _, in := range []string{"[ 10s ] Checkpoint report:", "[  10s] Checkpoint report:"} {
		iv, kind, err := ParseInterim(in, 3)
		if err != nil || kind != InterimCheckpoint || iv.T != 10 || iv.Line != 3 {
			t.Errorf("%q: got %v %v t=%v line=%d, want a checkpoint at 10 s on line 3", in, kind, err, iv.T, iv.Line)
		}
	}
}

// TestParseInterimNone checks that bracketed lines that are not interim
// reports are left alone.
func TestParseInterimNone(t *testing.T) {
	for _, in := range []string{
		"[code]", "[root@h ~]# sysbench cpu run", "[1] 12345", "[ OK ]", "[  OK  ] Started MariaDB",
		"[ 1.5e3s ] thds: 1", "[ -1s ] thds: 1", "[s] thds: 1", "[ 10 s ] thds: 1", "[ 10s thds: 1",
		"[mysqld]", "[", "[ ]", "[    5.123456] kernel: eth0 up", "[CFQ Wiki](https://en.wikipedia.org/wiki/CFQ)",
		"thds: 4 tps: 754.14", "", "1,2,5753.59,0.00,0.00,0.00,0.00,3.13,0.00,0.00",
	} {
		iv, kind, err := ParseInterim(in, 1)
		if kind != InterimNone || err != nil {
			t.Errorf("%q: got kind %v, err %v; want InterimNone", in, kind, err)
		}
		if iv.Line != 0 {
			t.Errorf("%q: got an interval", in)
		}
	}
}

// TestParseInterimErrors checks the messages for damaged lines.
func TestParseInterimErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bad tps", "[ 5s ] thds: 8 tps: 1.2.3 qps: 9952.34", `interim line: bad value "1.2.3" for tps`},
		{"letters for qps", "[ 5s ] thds: 8 tps: 355.03 qps: abc", `interim line: bad value "abc" for qps`},
		{"missing value at the end", "[ 5s ] thds: 8 tps:", `interim line: missing value for tps`},
		{"truncated after label", "[ 1s ] thds: 4 tps: 754.14 qps", `interim line: expected ":" after qps`},
		{"truncated label", "[ 1s ] thds: 4 tps: 754.14 qps: 15140.66 (r/w/o: 10608.85/3018.54/1513.27) lat (ms,99%): 8.13 err/s: 0.00 reconn",
			`interim line: unknown field "reconn" (expected thds, tps, qps, reads, writes, lat, eps, queue length, ...)`},
		{"truncated r/w/o", "[ 1s ] thds: 4 tps: 754.14 qps: 15140.66 (r/w/o: 10608.85/3018.54", `interim line: bad value "10608.85/3018.54" for r/w/o`},
		{"r/w/o with two values", "[ 1s ] thds: 4 tps: 754.14 qps: 15140.66 (r/w/o: 10608.85/3018.54) lat (ms,99%): 8.13",
			`interim line: bad value "10608.85/3018.54)" for r/w/o`},
		{"bad percentile", "[ 1s ] thds: 4 lat (ms,x%): 8.13", `interim line: bad percentile "x%):" in lat`},
		{"lat without unit", "[ 1s ] thds: 4 lat: 8.13", `interim line: expected "lat (ms,NN%):"`},
		{"response time without ms", "[  10s] threads: 16, tps: 4892.45, response time: 9.14 (99%)", `interim line: bad value "9.14" for response time`},
		{"fsyncs without /s", "[ 5s ] reads: 1.78 MiB/s writes: 1.19 MiB/s fsyncs: 241.26 latency (ms,95%): 9.560", `interim line: bad value "241.26" for fsyncs`},
		{"memory without unit", "[ 1s ] 6238.25 apples", `interim line: expected "MiB/sec" after "6238.25"`},
		{"timestamp only", "[ 1s ]", "interim line: expected report fields after the timestamp"},
		{"prose after timestamp", "[ 10s ] something happened", `interim line: unknown field "something" (expected thds, tps, qps, reads, writes, lat, eps, queue length, ...)`},
		{"checkpoint with more text", "[ 10s ] Checkpoint report: now", `interim line: expected "Checkpoint report:"`},
		{"queue without length", "[ 1s ] queue: 1", `interim line: expected "queue length:"`},
		{"negative value", "[ 1s ] thds: 4 tps: -754.14", `interim line: bad value "-754.14" for tps`},
		{"NaN value", "[ 1s ] thds: 4 tps: NaN", `interim line: bad value "NaN" for tps`},
		{"lone dot", "[ 1s ] thds: 4 tps: .", `interim line: bad value "." for tps`},
	}
	for _, tt := range tests {
		_, kind, err := ParseInterim(tt.in, 1)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%s: error %q, want %q", tt.name, err, tt.want)
		}
		if kind != InterimReport {
			t.Errorf("%s: kind %v, want InterimReport", tt.name, kind)
		}
	}
}

// TestScanNum compares the fast path with strconv on printed values.
func TestScanNum(t *testing.T) {
	for _, s := range []string{"0", "0.00", "4892.45", "68507.32", "9.560", "18446842801212211200.00",
		"0.000000000000000000000001", "123456789012345.6", "1234567890123456.7", "54.", ".5", "000123.4500"} {
		v, j, ok := scan.ScanNum(s, 0)
		want, err := scan.Num(s)
		if !ok || err != nil || j != len(s) || v != want {
			t.Errorf("scan.ScanNum(%q) = %v, %d, %v; want %v", s, v, j, ok, want)
		}
	}
}

// interimFixtures are the inputs whose interim lines the tests read.
var interimFixtures = []string{
	"../../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt",
	"../../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt",
	"../../testdata/public/sysbench-0.5/sb0.5-2012-oltp-ro-128thr-comma-p99.txt",
	"../../testdata/public/sysbench-0.5/sb0.5-2014-oltp-rw-32thr-errors-reconnects.txt",
	"../../testdata/public/sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt",
	"../../testdata/public/sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt",
	"../../testdata/public/sysbench-1.0/sb1.0.19-oltp-8thr-errs-no-colon-err-s.log",
	"../../testdata/public/sysbench-1.0/sb1.0-tpcc-lua-interim-err-s-no-colon-multi-second-lat-sysbench-tpcc-issue48.txt",
	"../../testdata/public/sysbench-1.0/sb1.0-pkg-interim-lines-prefixed-with-sql-comment-dashes-readyset-issue1268.txt",
	"../../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log",
	"../../testdata/public/sysbench-1.1/sb1.1.0-nosha-oltp-update-non-index-4thr-terminal-paste.txt",
	"../../testdata/public/nondb/sb1.1.0-dcde0d9-2017-fileio-rndrw-warmup-interim-truncated-issue167.txt",
	"../../testdata/public/nondb/sb1.0.20-fileio-rndrd-direct-interim-reports-deprecated-test-warning.txt",
	"../../testdata/real/sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt",
	"../../testdata/real/sysbench-1.0.20-memory-1thr-interim.txt",
	"../../testdata/real/sysbench-1.0.20-threads-2thr-interim.txt",
}

// A fixtureLine is a line of a fixture: its number and its text.
type fixtureLine struct {
	No   int
	Text string
}

// lineText is the text parse's reader gives the grammar for a raw line
// of these fixtures: without the blanks around it and the SQL comment
// mark ("-- [ 2s ] thds: ...") in front of it, the only marks their
// interim lines carry.
func lineText(raw string) string {
	t := strings.TrimSpace(raw)
	if strings.HasPrefix(t, "-- ") {
		t = strings.TrimSpace(t[len("-- "):])
	}
	return t
}

// fixtureLines returns the lines of a file as lineText reads them.
func fixtureLines(t testing.TB, path string) []fixtureLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []fixtureLine
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for no := 1; s.Scan(); no++ {
		lines = append(lines, fixtureLine{No: no, Text: lineText(s.Text())})
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestParseInterimFixtures reads every timestamped line of the fixtures:
// each must parse without error, and the counts must match the files.
func TestParseInterimFixtures(t *testing.T) {
	want := map[string]int{ // interim report lines per file, counted with grep
		"sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt":                         countLines(t, interimFixtures[0]),
		"sb1.0.20-fileio-rndrd-direct-interim-reports-deprecated-test-warning.txt":         10,
		"sb1.1.0-dcde0d9-2017-fileio-rndrw-warmup-interim-truncated-issue167.txt":          5,
		"sb1.0-pkg-interim-lines-prefixed-with-sql-comment-dashes-readyset-issue1268.txt":  3,
		"sb0.5-uint64-underflow-impossible-tps-issue14.txt":                                2,
		"sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt":                               4,
		"sysbench-1.0.20-memory-1thr-interim.txt":                                          2,
		"sysbench-1.0.20-threads-2thr-interim.txt":                                         3,
		"sb1.0-tpcc-lua-interim-err-s-no-colon-multi-second-lat-sysbench-tpcc-issue48.txt": 10,
		"sb1.0.19-oltp-8thr-errs-no-colon-err-s.log":                                       countLines(t, interimFixtures[6]),
		"sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt":                       countLines(t, interimFixtures[1]),
		"sb0.5-2012-oltp-ro-128thr-comma-p99.txt":                                          countLines(t, interimFixtures[2]),
		"sb0.5-2014-oltp-rw-32thr-errors-reconnects.txt":                                   countLines(t, interimFixtures[3]),
		"sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt":                          countLines(t, interimFixtures[4]),
		"sb1.0.20-oltp_read_write-8thr.log":                                                countLines(t, interimFixtures[9]),
		"sb1.1.0-nosha-oltp-update-non-index-4thr-terminal-paste.txt":                      countLines(t, interimFixtures[10]),
	}
	for _, path := range interimFixtures {
		name := filepath.Base(path)
		n := 0
		for _, l := range fixtureLines(t, path) {
			iv, kind, err := ParseInterim(l.Text, l.No)
			if err != nil {
				t.Errorf("%s:%d: %v", name, l.No, err)
				continue
			}
			if kind == InterimNone {
				continue
			}
			n++
			for k, v := range ivFields(iv) {
				if math.IsInf(v, 0) || v < 0 {
					t.Errorf("%s:%d: %s = %v", name, l.No, k, v)
				}
			}
		}
		if w, ok := want[name]; !ok || n != w {
			t.Errorf("%s: %d interim lines, want %d", name, n, w)
		}
	}
}

// countLines counts the lines that contain an interim timestamp bracket,
// by a different method than the parser (substring search).
func countLines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimLeft(line, " \t-")
		if strings.HasPrefix(line, "[") && (strings.Contains(line, "s] ") || strings.Contains(line, "s ] ")) &&
			(strings.Contains(line, "tps:") || strings.Contains(line, "eps:") || strings.Contains(line, "MiB/s")) {
			n++
		}
	}
	return n
}

// benchLines holds one real line of every interim shape.
var benchLines = []string{
	"[  10s] threads: 16, tps: 4892.45, reads/s: 68507.32, writes/s: 19569.90 response time: 9.14ms (99%)",
	"[   5s] threads: 128, tps: 4258.62, reads/s: 59881.88, writes/s: 0.00, response time: 39.76ms (99%)",
	"[   2s] threads: 32, tps: 1601.94, reads: 22603.16, writes: 90083.66, response time: 31.85ms (95%), errors: 0.00, reconnects:  0.00",
	"[ 5s ] thds: 8 tps: 355.03 qps: 9952.34 (r/w/o: 4550.27/4687.20/714.87) lat (ms,95%): 48.34 err/s 1.20 reconn/s: 0.00",
	"[ 3s ] thds: 8 tps: 2857.00 qps: 57138.07 (r/w/o: 39999.05/11424.01/5715.01) lat (ms,95%): 3.96 err/s: 0.00 reconn/s: 0.00",
	"[ 93s ] thds: 56 tps: 43.01 qps: 1397.23 (r/w/o: 645.10/662.11/90.01) lat (ms,95%): 2680.11 err/s 1.00 reconn/s: 0.00",
	"[ 5s ] reads: 1.78 MiB/s writes: 1.19 MiB/s fsyncs: 241.26/s latency (ms,95%): 9.560",
	"[   3s] reads: 1.70 MB/s writes: 0.00 MB/s fsyncs: 0.00/s response time: 54.416ms (95%)",
	"[ 2s ] thds: 1 eps: 2055.98 lat (ms,95%): 10.65",
	"[ 1s ] queue length: 1 concurrency: 1",
	"[ 1s ] 6238.25 MiB/sec",
	"[  11s] threads: 16, tps: 18446842801212211200.00, reads: 18446842801212035072.00, writes: 18446842801212170240.00, response time: 60.10ms (95%), errors: 0.00, reconnects:  0.00",
}

// BenchmarkParseInterim parses one line of each shape per iteration
// group; ns/op is per line.
func BenchmarkParseInterim(b *testing.B) {
	b.ReportAllocs()
	var size int64
	for _, l := range benchLines {
		size += int64(len(l) + 1)
	}
	b.SetBytes(size / int64(len(benchLines)))
	for i := 0; i < b.N; i++ {
		if _, _, err := ParseInterim(benchLines[i%len(benchLines)], i); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseInterimThds is the common 1.x OLTP line alone.
func BenchmarkParseInterimThds(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchLines[4]) + 1))
	for i := 0; i < b.N; i++ {
		if _, _, err := ParseInterim(benchLines[4], i); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzInterim feeds lines of the interim fixtures, and mutations of them,
// to ParseInterim: it must not panic, and a line it reads must give finite,
// non-negative values.
func FuzzInterim(f *testing.F) {
	for _, path := range interimFixtures {
		for _, l := range fixtureLines(f, path) {
			if strings.HasPrefix(l.Text, "[") {
				f.Add(l.Text)
			}
		}
	}
	for _, l := range benchLines {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, s string) {
		iv, kind, err := ParseInterim(s, 1)
		assertSameInterim(t, s, iv, kind, err)
		if kind == InterimNone {
			if err != nil {
				t.Fatalf("%q: InterimNone with error %v", s, err)
			}
			return
		}
		if math.IsNaN(iv.T) || math.IsInf(iv.T, 0) || iv.T < 0 {
			t.Fatalf("%q: timestamp %v", s, iv.T)
		}
		if err != nil {
			return
		}
		for k, v := range ivFields(iv) {
			if math.IsInf(v, 0) || v < 0 {
				t.Fatalf("%q: %s = %v", s, k, v)
			}
		}
	})
}

// fieldsOnly parses s as ParseInterim does without its one-pass reader
// of the common shapes (commonInterim): every field by interimFields.
func fieldsOnly(s string, line int) (model.Interval, InterimKind, error) {
	t, i, ok := scanTimestamp(s)
	if !ok {
		return model.Interval{}, InterimNone, nil
	}
	return interimFields(s, i, model.NewInterval(line, t))
}

// assertSameInterim checks ParseInterim's result on s against fieldsOnly:
// the same kind, error and values, bit for bit.
func assertSameInterim(t *testing.T, s string, iv model.Interval, kind InterimKind, err error) {
	t.Helper()
	wiv, wkind, werr := fieldsOnly(s, 1)
	if kind != wkind || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("%q: kind %v, err %v; field by field: kind %v, err %v", s, kind, err, wkind, werr)
	}
	a, b := ivFields(iv), ivFields(wiv)
	for k := range b {
		if math.Float64bits(a[k]) != math.Float64bits(b[k]) {
			t.Fatalf("%q: %s = %v; field by field %v", s, k, a[k], b[k])
		}
	}
	if iv.Line != wiv.Line {
		t.Fatalf("%q: line %d; field by field %d", s, iv.Line, wiv.Line)
	}
}

// TestCommonInterim: the one-pass reader of the common shapes gives what
// the field-by-field reader gives on every interim line of the fixtures
// and on each of them cut, and with one byte changed, dropped or doubled
// at every position, and it does read the lines of the common shapes.
func TestCommonInterim(t *testing.T) {
	var lines []string
	for _, path := range interimFixtures {
		for _, l := range fixtureLines(t, path) {
			if strings.HasPrefix(l.Text, "[") {
				lines = append(lines, l.Text)
			}
		}
	}
	lines = append(lines, benchLines...)
	seen := map[string]bool{}
	common := 0
	rnd := rand.New(rand.NewPCG(9, 10))
	edits := []byte(" ,:./%()0123456789\tse-")
	for _, s := range lines {
		if seen[s] {
			continue
		}
		seen[s] = true
		iv, kind, err := ParseInterim(s, 1)
		assertSameInterim(t, s, iv, kind, err)
		if t0, i, ok := scanTimestamp(s); ok {
			x := model.NewInterval(1, t0)
			if commonInterim(s, i, &x) {
				common++
			}
		}
		for i := 0; i <= len(s); i++ {
			c := edits[rnd.IntN(len(edits))]
			for _, m := range []string{s[:i], s[:i] + string(c) + s[i:], s[:i] + s[min(i+1, len(s)):],
				s[:i] + string(c) + s[min(i+1, len(s)):], s[:i] + s[i:min(i+1, len(s))] + s[i:]} {
				iv, kind, err := ParseInterim(m, 1)
				assertSameInterim(t, m, iv, kind, err)
			}
		}
	}
	if common < len(seen)/2 {
		t.Fatalf("the one-pass reader took %d of %d distinct interim lines", common, len(seen))
	}
}

func TestInterimDecimalComma(t *testing.T) {
	_, _, err := ParseInterim("[ 1s ] thds: 16 tps: 3,96 qps: 66720.01 (r/w/o: 46735.47/13317.04/6667.51) lat (ms,95%): 7.84 err/s: 0.00 reconn/s: 0.00", 1)
	if err == nil || err.Error() != `interim line: bad value "3,96" for tps (expected a number with a decimal point)` {
		t.Errorf("err %v", err)
	}
	for _, v := range []string{"1e3", "12abc", "0x10"} {
		if _, _, err := ParseInterim("[ 1s ] thds: 16 tps: "+v+" qps: 1.00", 1); err == nil {
			t.Errorf("tps %s accepted", v)
		}
	}
}
