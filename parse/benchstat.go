package parse

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// benchstat (golang.org/x/perf) compares the results of two files of Go
// benchmark lines, a table per unit. Its current form frames the columns
// with box-drawing bars, the files in the first header line and the unit
// in the second:
//
//	                                                 │ benchstat_old.txt │         benchstat.txt         │
//	                                                 │    queries/sec    │ queries/sec  vs base          │
//	Sysbench/a=oltp_read_write/nodes=3/cpu=8/conc=64         22.99k ± 4%   22.43k ± 2%  ~ (p=0.314 n=20)
//
// Its older form names both in one header line:
//
//	name                       old qps      new qps      delta
//	Sysbench/oltp_read_write   22.99k ± 4%  22.43k ± 2%  ~     (p=0.314 n=20+10)
//
// Each value is the centre of the runs of its file ("n=20" of each, or
// "n=20+10" for the old and the new), its spread after "±", with a k, M or
// G suffix for thousands, millions, billions. Each file is a system and
// each benchmark name under it one run (Tool ToolTable, Layout LayoutT),
// whatever number of tables follow one another (queries/sec, then
// txns/sec, then latencies: blank lines between them): a rate unit gives
// the run's qps, tps or eps, any other unit a metric named by it. The
// test is the segment of the name that is a sysbench test
// ("a=oltp_read_write"), the threads those of a segment whose key is a
// client count ("conc=64"); the other "key=value" segments are labels.
type benchstatBlock struct {
	first   int
	files   []string // the systems, in column order
	unit    string   // the unit of the table being read
	old     bool     // the older form: one header line
	blank   bool     // a blank line after a table: the next must be a header
	names   []string // benchmark names, in order of first row
	runs    map[string][]*Run
	lastRow int
}

// detectBenchstat starts a block at a header line naming the two files.
func detectBenchstat(l *Line, c *ctx) block {
	if files, ok := benchstatFiles(l.Text); ok {
		return &benchstatBlock{first: l.No, files: files, runs: map[string][]*Run{}}
	}
	if unit, ok := benchstatOldHeader(l.Text); ok {
		return &benchstatBlock{first: l.No, files: []string{"old", "new"}, unit: unit, old: true, runs: map[string][]*Run{}}
	}
	return nil
}

// benchstatFiles reads "│ old.txt │ new.txt │": nothing before the first
// bar, two cells at least, each one word.
func benchstatFiles(t string) ([]string, bool) {
	if !strings.HasPrefix(t, "│") || strings.Count(t, "│") < 3 {
		return nil, false
	}
	var files []string
	for _, cell := range strings.Split(t, "│")[1:] {
		cell = strings.TrimSpace(cell)
		if cell == "" {
			continue
		}
		if strings.ContainsAny(cell, " \t") {
			return nil, false
		}
		files = append(files, cell)
	}
	return files, len(files) >= 2
}

// benchstatOldHeader reads "name  old qps  new qps  delta" and returns the
// unit.
func benchstatOldHeader(t string) (string, bool) {
	f := strings.Fields(t)
	if len(f) < 6 || !strings.EqualFold(f[0], "name") || f[1] != "old" || f[len(f)-1] != "delta" {
		return "", false
	}
	n := (len(f) - 2) / 2 // old UNIT... new UNIT...
	if len(f) != 2*n+2 || f[1+n] != "new" {
		return "", false
	}
	unit := strings.Join(f[2:1+n], " ")
	if unit != strings.Join(f[2+n:len(f)-1], " ") {
		return "", false
	}
	return unit, true
}

func (b *benchstatBlock) feed(l *Line) status {
	t := l.Text
	if t == "" {
		if b.blank {
			return rejected
		}
		b.blank = true
		return consumed
	}
	if files, ok := benchstatFiles(t); ok {
		if len(files) != len(b.files) || b.old {
			return rejected
		}
		b.blank, b.unit = false, ""
		return consumed
	}
	if !b.old && b.unit == "" && strings.HasPrefix(t, "│") {
		// the unit line: the first column's unit
		for _, cell := range strings.Split(t, "│")[1:] {
			if cell = strings.TrimSpace(cell); cell != "" {
				b.unit = strings.Fields(cell)[0]
				break
			}
		}
		return consumed
	}
	if b.old {
		if unit, ok := benchstatOldHeader(t); ok {
			b.blank, b.unit = false, unit
			return consumed
		}
	}
	if b.blank || b.unit == "" {
		return rejected
	}
	name, vals, ok := benchstatRow(t, len(b.files))
	if !ok {
		return rejected
	}
	b.row(l.No, name, vals)
	return consumed
}

// benchstatRow splits a row into the benchmark name and the first n
// values ("22.99k ± 4%" is 22990), before the comparison ("~", "+2.5%",
// "(p=0.314 n=20)").
func benchstatRow(t string, n int) (string, []float64, bool) {
	f := strings.Fields(t)
	if len(f) < n+1 {
		return "", nil, false
	}
	var vals []float64
	for i := 1; i < len(f) && len(vals) < n; i++ {
		if f[i] == "±" {
			i++ // the spread
			continue
		}
		v, ok := suffixedNumber(f[i])
		if !ok {
			break
		}
		vals = append(vals, v)
	}
	return f[0], vals, len(vals) == n
}

// suffixedNumber reads "22.99k", "1.150k", "13.82", "2.5M".
func suffixedNumber(s string) (float64, bool) {
	mul := 1.0
	switch s[len(s)-1] {
	case 'k':
		mul = 1e3
	case 'M':
		mul = 1e6
	case 'G':
		mul = 1e9
	}
	if mul != 1 {
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	// 1.150k is 1150 exactly, not 1150.0000000000002.
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v*mul, 'g', 12, 64), 64)
	return v, true
}

// row gives each file's value to that file's run of the benchmark.
func (b *benchstatBlock) row(no int, name string, vals []float64) {
	b.lastRow = no
	runs, ok := b.runs[name]
	if !ok {
		b.names = append(b.names, name)
		test, threads, labels := benchstatName(name)
		for _, file := range b.files {
			r := &Run{reading: &reading{}, Line: no, EndLine: no, Tool: ToolTable, Layout: LayoutT, Complete: true, Test: test}
			if threads > 0 {
				r.Threads, r.ThreadsFrom = iptr(threads), "benchmark name"
			}
			r.SetLabelFrom("system", file, "benchstat column")
			for _, kv := range labels {
				r.SetLabelFrom(kv[0], kv[1], "benchmark name")
			}
			r.SetLabel("table", "line "+strconv.Itoa(b.first))
			runs = append(runs, r)
		}
		b.runs[name] = runs
	}
	for i, r := range runs {
		r.EndLine = no
		v := vals[i]
		switch strings.ToLower(b.unit) {
		case "queries/sec", "queries/s", "qps", "queries/op":
			r.QPS = fptr(v)
		case "txns/sec", "txns/s", "transactions/sec", "tps":
			r.TPS = fptr(v)
		case "events/sec", "events/s", "eps":
			r.EPS = fptr(v)
		default:
			r.Metrics = append(r.Metrics, Metric{Name: b.unit, Unit: b.unit, Value: v})
		}
	}
}

// benchstatName reads a benchmark name
// "Sysbench/a=oltp_read_write/nodes=3/cpu=8/conc=64": the test, the client
// count and the other key=value segments.
func benchstatName(name string) (test string, threads int, labels [][2]string) {
	for _, seg := range strings.Split(name, "/") {
		k, v, kv := strings.Cut(seg, "=")
		if !kv {
			k, v = "", seg
		}
		if _, ok := sysbenchTests[v]; ok && test == "" {
			test = v
			continue
		}
		switch strings.ToLower(k) {
		case "conc", "concurrency", "threads", "thread", "clients", "connections":
			if n, err := atoiStrict(v); err == nil && n > 0 {
				threads = n
				continue
			}
		}
		if kv && k != "" && utf8.RuneCountInString(v) <= 40 {
			labels = append(labels, [2]string{strings.ToLower(k), v})
		}
	}
	return test, threads, labels
}

func (b *benchstatBlock) end(c *ctx) {
	for _, name := range b.names {
		for _, r := range b.runs[name] {
			if r.QPS == nil && r.TPS == nil && r.EPS == nil && len(r.Metrics) == 0 {
				continue
			}
			r.Source = c.name
			c.emitRun(r)
		}
	}
}
