package main

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// regexRun is what the regular-expression baseline keeps of a run: the
// headline numbers and the interim series.
type regexRun struct {
	threads            int
	tps, qps           float64
	latAvg, latPct     float64
	totalTimeS         float64
	intervalT, interTP []float64
}

// The baseline reads sysbench output the way a short script does: each
// line is tried against a regular expression per number, in the style of
// the Python parsers that circulate with sysbench (re.search per line).
var (
	reThreads  = regexp.MustCompile(`Number of threads:\s*(\d+)`)
	reInterim  = regexp.MustCompile(`^\[\s*(\d+)s\s*\]\s*(?:thds|threads):\s*(\d+),?\s*tps:\s*([\d.]+)`)
	reTPS      = regexp.MustCompile(`transactions:\s+\d+\s+\(([\d.]+) per sec\.\)`)
	reQPS      = regexp.MustCompile(`(?:queries|read/write requests):\s+\d+\s+\(([\d.]+) per sec\.\)`)
	reAvg      = regexp.MustCompile(`^\s*avg:\s+([\d.]+)(ms)?`)
	rePct      = regexp.MustCompile(`(?:approx\.\s+\d+ percentile|\d+th percentile):\s+([\d.]+)(ms)?`)
	reTotal    = regexp.MustCompile(`total time:\s+([\d.]+)s`)
	reNewBlock = regexp.MustCompile(`^sysbench \d|^(?:SQL|OLTP test) statistics:`)
)

// regexParse reads r line by line with the regular expressions above.
func regexParse(r io.Reader) ([]regexRun, error) {
	var runs []regexRun
	var cur *regexRun
	num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	s := bufio.NewScanner(r)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		line := s.Text()
		if m := reNewBlock.FindStringSubmatch(line); m != nil && (cur == nil || cur.tps != 0) {
			runs = append(runs, regexRun{})
			cur = &runs[len(runs)-1]
		}
		if cur == nil {
			runs = append(runs, regexRun{})
			cur = &runs[len(runs)-1]
		}
		if m := reInterim.FindStringSubmatch(line); m != nil {
			cur.intervalT = append(cur.intervalT, num(m[1]))
			cur.interTP = append(cur.interTP, num(m[3]))
			if cur.threads == 0 {
				cur.threads, _ = strconv.Atoi(m[2])
			}
			continue
		}
		if m := reThreads.FindStringSubmatch(line); m != nil {
			cur.threads, _ = strconv.Atoi(m[1])
		}
		if m := reTPS.FindStringSubmatch(line); m != nil {
			cur.tps = num(m[1])
		}
		if m := reQPS.FindStringSubmatch(line); m != nil {
			cur.qps = num(m[1])
		}
		if m := reAvg.FindStringSubmatch(line); m != nil {
			cur.latAvg = num(m[1])
		}
		if m := rePct.FindStringSubmatch(line); m != nil {
			cur.latPct = num(m[1])
		}
		if m := reTotal.FindStringSubmatch(line); m != nil {
			cur.totalTimeS = num(m[1])
		}
	}
	return runs, s.Err()
}

// TestRegexBaselineSameNumbers: on the interim-heavy logs the benchmarks
// use, the baseline finds the headline numbers parse finds, so that the
// two are compared on the same work.
func TestRegexBaselineSameNumbers(t *testing.T) {
	unit := interimHeavyUnit(t)
	got, err := regexParse(bytes.NewReader(unit))
	if err != nil {
		t.Fatal(err)
	}
	var runs []*parse.Run
	if err := parse.Stream(bytes.NewReader(unit), "unit", func(it parse.Item) {
		if r, ok := it.(*parse.Run); ok {
			runs = append(runs, r)
		}
	}); err != nil {
		t.Fatal(err)
	}
	var withTPS []regexRun
	for _, r := range got {
		if r.tps != 0 {
			withTPS = append(withTPS, r)
		}
	}
	if len(runs) != 2 || len(withTPS) != 2 {
		t.Fatalf("parse: %d runs, baseline: %d runs with tps", len(runs), len(withTPS))
	}
	same := func(what string, a float64, b *float64) {
		t.Helper()
		if b == nil || math.Abs(a-*b) > 1e-9*math.Abs(a) {
			t.Errorf("%s: baseline %v, parse %v", what, a, b)
		}
	}
	n, want := 0, 0
	for i, r := range runs {
		b := withTPS[i]
		same("tps", b.tps, r.TPS)
		same("qps", b.qps, r.QPS)
		same("latency avg", b.latAvg, r.Latency.Avg)
		if p, ok := r.LatencyPct("99"); ok {
			same("latency p99", b.latPct, &p)
		} else {
			t.Errorf("parse: no p99 in %v", r.Latency.Percentiles)
		}
		same("total time", b.totalTimeS, r.TotalTimeS)
		if r.Threads == nil || b.threads != *r.Threads {
			t.Errorf("threads: baseline %d, parse %v", b.threads, r.Threads)
		}
		want += len(r.Intervals)
	}
	for _, x := range got {
		n += len(x.intervalT)
	}
	if n != want || n < 500 {
		t.Errorf("interim lines: baseline %d, parse %d", n, want)
	}
}

// BenchmarkRegexBaseline reads the 8 MiB file of
// BenchmarkParseJSONInterimHeavy with the regular-expression baseline.
func BenchmarkRegexBaseline(b *testing.B) {
	p := interimHeavyFile(b, 8<<20)
	startBench(b, p)
	for i := 0; i < b.N; i++ {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		runs, err := regexParse(f)
		f.Close()
		if err != nil || len(runs) < 200 {
			b.Fatalf("%d runs, %v", len(runs), err)
		}
	}
}

// BenchmarkStreamInterimHeavy reads the same file through parse.Stream
// alone: the parsing that parse --json adds reading, labelling and
// encoding to.
func BenchmarkStreamInterimHeavy(b *testing.B) {
	p := interimHeavyFile(b, 8<<20)
	startBench(b, p)
	for i := 0; i < b.N; i++ {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		runs := 0
		err = parse.Stream(f, p, func(it parse.Item) {
			if _, ok := it.(*parse.Run); ok {
				runs++
			}
		})
		f.Close()
		if err != nil || runs < 200 {
			b.Fatalf("%d runs, %v", runs, err)
		}
	}
}

// interimHeavyFile writes the interim-heavy unit repeated to about size
// bytes into a temporary file.
func interimHeavyFile(b testing.TB, size int) string {
	unit := interimHeavyUnit(b)
	var file []byte
	for len(file)+len(unit) <= size {
		file = append(file, unit...)
	}
	p := filepath.Join(b.TempDir(), "heavy.txt")
	if err := os.WriteFile(p, file, 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}
