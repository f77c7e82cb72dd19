package parse

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// This file reads one sysbench run of any generation (FORMATS.md §1–§3):
// the banner, the options header, interim report lines (parsed by
// parseInterim), the cumulative report in every layout, --histogram tables
// and the non-OLTP result lines. One input may hold many runs; a run ends
// at a new banner, options header or interim line once its cumulative
// report has begun, and at the first foreign line once that report is
// finished.

// impossible is the bound above which a printed rate or latency can only be
// unsigned-underflow garbage (≈2^64 scaled, FORMATS.md §0.5, §2.1, §3.2).
const impossible = 1e12

// sbStage is how far a run has got.
type sbStage int

const (
	stPrelude sbStage = iota // banner and options header
	stInterim                // interim report lines
	stReport                 // cumulative report
)

// sbSection is the cumulative-report block a line belongs to.
type sbSection int

const (
	secNone       sbSection = iota
	secSQL                  // "OLTP test statistics:" / "SQL statistics:"
	secGeneral              // "General statistics:" / "Test execution summary:"
	secLatency              // "Latency (ms):", "response time:", "per-request statistics:"
	secFairness             // "Threads fairness:"
	secFileOps              // "File operations:" (1.0)
	secThroughput           // "Throughput:" (1.0 fileio MiB/s, 1.1 eps or IOPS)
	secCPU                  // "CPU speed:"
	secHistogram            // "Latency histogram (values are in milliseconds)"
	secMemParams            // 1.0 "Running memory speed test with the following options:"
)

// sbBlock reads one run.
type sbBlock struct {
	toHook bool // report-hook output follows the header
	c      *ctx
	r      *Run
	stage  sbStage
	sec    sbSection

	checkpoint bool     // this run is a "[ Ns ] Checkpoint report:" block
	cp         *sbBlock // checkpoint report being read inside this run

	sawHeader     bool // options header or test parameter lines
	sawOptions    bool // "Running the test with following options:"
	sawBanner     bool
	sawSQL        bool
	sawSQLName    string // "OLTP test statistics" or "SQL statistics"
	sawGeneral    bool   // "General statistics:" or "total time:"
	sawTES        bool   // "Test execution summary:"
	sawRespTime   bool   // "response time:" / "per-request statistics:"
	sawLatencyMs  bool   // "Latency (ms):"
	sawSeconds    bool   // a latency printed with an "s" suffix (gen A)
	latMin        bool   // latency min/avg/max read
	latAvg        bool
	latMax        bool
	sawFairness   bool
	fairEvents    bool
	fairExec      bool
	sawFileOps    bool
	sawThroughput bool
	sawEPS        bool // 1.1 "events/s (eps):" or "time elapsed:"
	sawIOPS       bool // 1.1 fileio "read:  IOPS=..."
	sawCPU        bool
	sawMemory     bool
	sawFileIO04   bool
	sawHistogram  bool
	hint04        bool // labels only 0.4/0.5 print
	hint10        bool // labels only 1.0+ print
	finished      bool // the cumulative report's last block was read
	fatal         bool // FATAL/ALERT or Lua error seen
	luaErr        bool
	prepare       bool // started after a prepare/cleanup/help command
	sawInterim    bool // an interim line, kept or dropped

	maxThds   float64    // largest interim thread count
	latUnit   float64    // multiplier for unsuffixed latencies in the current block
	ivs       []Interval // interim lines, in a pooled buffer until end
	ivCut     cut        // interim lines dropped beyond MaxIntervals
	histCut   cut        // histogram rows dropped beyond MaxHistogramBuckets
	cutLine   int        // a value line with its value missing
	cutLabel  string
	fragStart int
}

// detectSysbench starts a run at a banner, an options header, an interim
// line or the first line of a cumulative-report block. A line that only
// occurs in the tail of a report starts a fragment, reported and skipped.
func detectSysbench(l *Line, c *ctx) block {
	t := l.Text
	if t == "" {
		return nil
	}
	switch sbStartKind(t, c) {
	case startRun:
		b := newSbBlock(l, c)
		b.feedLine(l)
		return b
	case startFragment:
		f := &sbFragment{first: l.No, last: l.No, label: t}
		return f
	}
	return nil
}

const (
	startNone = iota
	startRun
	startFragment
)

// sbStartKind classifies a line no block holds.
func sbStartKind(t string, c *ctx) int {
	switch t[0] {
	case '[':
		if _, kind, err := parseInterim(t, 0); kind != interimNone || err != nil {
			return startRun
		}
		return startNone
	case 's':
		if isBanner(t) {
			return startRun
		}
	}
	if isHistogramRow(t) {
		return startRun
	}
	label, val, ok := cutLabel(t)
	if !ok {
		switch {
		case t == "Threads started!", t == "Latency histogram (values are in milliseconds)",
			t == "Initializing worker threads...":
			return startRun
		}
		return startNone
	}
	switch label {
	case "FATAL":
		// A run refused at start ("FATAL: --histogram cannot be used with
		// --percentile=0") right after its command line.
		if c == nil {
			break
		}
		if cmd := c.peekCommand(ToolSysbench); cmd != nil && cmd.Tool == ToolSysbench && cmd.Action == "run" {
			return startRun
		}
	case "Running the test with following options", "OLTP test statistics", "SQL statistics",
		"General statistics", "Test execution summary", "Throughput", "Latency (ms)",
		"File operations", "CPU speed":
		if strings.TrimSpace(val) == "" {
			return startRun
		}
	case "Number of threads":
		if _, err := atoiStrict(strings.TrimSpace(val)); err == nil {
			return startRun
		}
	case "total time":
		if v, rest, ok := leadingNum(val); ok && v >= 0 && strings.HasPrefix(rest, "s") {
			return startRun
		}
	case "Total operations", "Operations performed":
		if _, _, ok := leadingNum(val); ok {
			return startRun
		}
	case "sum", "min", "avg", "max", "total number of events", "total time taken by event execution",
		"events (avg/stddev)", "execution time (avg/stddev)":
		if _, _, ok := leadingNum(val); ok {
			return startFragment
		}
	case "Threads fairness", "response time", "per-request statistics":
		if strings.TrimSpace(val) == "" {
			return startFragment
		}
	default:
		if _, ok := percentileRank(label); ok {
			if _, _, ok := leadingNum(val); ok {
				return startFragment
			}
		}
	}
	return startNone
}

func newSbBlock(l *Line, c *ctx) *sbBlock {
	prep := false
	if cmd := c.peekCommand(ToolSysbench); cmd != nil && cmd.Tool == ToolSysbench {
		prep = cmd.Action == "prepare" || cmd.Action == "cleanup" || cmd.Action == "help"
	}
	r := c.newRun(ToolSysbench, l.No)
	b := &sbBlock{c: c, r: r, latUnit: 1, prepare: prep}
	// A "WARNING: ..." printed just before the banner belongs to the run.
	for _, h := range c.headings {
		if h.No >= l.No-4 && h.No < l.No && strings.HasPrefix(h.Text, "WARNING:") {
			r.Warn(h.No, "sysbench: "+h.Text)
		}
	}
	return b
}

// isBanner recognises "sysbench 1.0.20 (using ...)", "sysbench 0.4.12:  multi-...",
// "sysbench v0.4.8:" and "sysbench 1.1.0-ead2689".
func isBanner(t string) bool {
	_, ok := sysbenchBanner(t)
	return ok
}

func sysbenchBanner(t string) (string, bool) {
	if !strings.HasPrefix(t, "sysbench ") {
		return "", false
	}
	rest := strings.TrimLeft(t[len("sysbench "):], " ")
	tok := rest
	after := ""
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		tok, after = rest[:i], strings.TrimSpace(rest[i:])
	}
	colon := strings.HasSuffix(tok, ":")
	tok = strings.TrimSuffix(tok, ":")
	v := strings.TrimPrefix(tok, "v")
	if v == "" || v[0] < '0' || v[0] > '9' || !strings.Contains(v, ".") {
		return "", false
	}
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if !(ch >= '0' && ch <= '9' || ch == '.' || ch == '-' || ch >= 'a' && ch <= 'z') {
			return "", false
		}
	}
	if after != "" && !strings.HasPrefix(after, "(") && !strings.HasPrefix(after, "multi") {
		return "", false
	}
	if after == "" && !colon && strings.Count(v, ".") < 1 {
		return "", false
	}
	return v, true
}

// cutLabel splits "label:  value" at the first colon.
func cutLabel(t string) (label, val string, ok bool) {
	i := strings.IndexByte(t, ':')
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimRight(t[:i], " \t"), t[i+1:], true
}

// percentileRank reads the rank of "95th percentile", "approx.  95 percentile",
// "99.9th percentile".
func percentileRank(label string) (string, bool) {
	if !strings.HasSuffix(label, "percentile") {
		return "", false
	}
	s := strings.TrimSpace(strings.TrimSuffix(label, "percentile"))
	if strings.HasPrefix(s, "approx.") {
		s = strings.TrimSpace(s[len("approx."):])
	} else if strings.HasSuffix(s, "th") {
		s = strings.TrimSpace(strings.TrimSuffix(s, "th"))
	} else {
		return "", false
	}
	if _, err := parseNum(s); err != nil || s[0] == '-' || s[0] == '+' {
		return "", false
	}
	return s, true
}

// isHistogramRow matches "       0.009 |************      1526".
func isHistogramRow(t string) bool {
	_, _, ok := histogramRow(t)
	return ok
}

// histogramRow parses a --histogram row; cut is true when the row ends
// before its count (input cut short).
func histogramRow(t string) (b Bucket, cut bool, ok bool) {
	i := strings.IndexByte(t, '|')
	if i <= 0 {
		return b, false, false
	}
	v, err := parseNum(strings.TrimSpace(t[:i]))
	if err != nil || v < 0 {
		return b, false, false
	}
	j := i + 1
	for j < len(t) && t[j] == '*' {
		j++
	}
	if j == len(t) {
		return Bucket{ValueMs: v}, true, true
	}
	if t[j] != ' ' {
		return b, false, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t[j:]), 10, 64)
	if err != nil || n < 0 {
		return b, false, false
	}
	return Bucket{ValueMs: v, Count: n}, false, true
}

func (b *sbBlock) feed(l *Line) status {
	if b.cp != nil {
		st := b.cp.feed(l)
		if st != rejected {
			if b.cp.finished {
				b.cp.end(b.c)
				b.cp = nil
			}
			return consumed
		}
		b.cp.end(b.c)
		b.cp = nil
	}
	st := b.feedLine(l)
	if st == consumed || st == done {
		if l.Text != "" {
			b.r.EndLine = l.No
		}
	}
	return st
}

// feedLine does the work of feed for this run's own lines.
func (b *sbBlock) feedLine(l *Line) status {
	t := l.Text
	r := b.r
	if t == "" {
		if b.sec == secHistogram || b.sec == secMemParams {
			b.sec = secNone
		}
		return consumed
	}
	if b.cutLine != 0 {
		b.c.errorf(b.cutLine, "sysbench %s: value missing (expected a number)", b.cutLabel)
		b.cutLine = 0
	}
	// Report-hook output (report_csv, report_json) replaces sysbench's own
	// reports: the header read so far is handed to the hook run (hook.go).
	if !b.sawInterim && b.stage != stReport && !b.sawHistogram && hookStart(t) {
		b.toHook = true
		return rejected
	}
	if t[0] == '[' {
		if st, ok := b.interim(l); ok {
			return st
		}
	}
	if b.sec == secHistogram {
		if bk, cut, ok := histogramRow(t); ok {
			if cut {
				b.cutLine, b.cutLabel = l.No, "histogram row"
				return consumed
			}
			if len(r.Histogram) >= MaxHistogramBuckets {
				b.histCut.add(l.No)
				return consumed
			}
			r.Histogram = append(r.Histogram, bk)
			return consumed
		}
		if strings.HasPrefix(t, "value") && strings.HasSuffix(t, "count") {
			return consumed
		}
		b.sec = secNone
	} else if isHistogramRow(t) {
		if b.finished || b.sawHistogram && len(r.Histogram) > 0 {
			return rejected
		}
		b.sawHistogram = true
		b.sec = secHistogram
		b.stage = stReport
		return b.feedLine(l)
	}
	if t[0] == 's' && strings.HasPrefix(t, "sysbench ") {
		return b.plain(l, t)
	}
	label, val, hasColon := cutLabel(t)
	if !hasColon {
		return b.plain(l, t)
	}
	return b.labelled(l, label, val)
}

// interim handles a line starting with '['. ok is false when the line is
// not an interim line.
func (b *sbBlock) interim(l *Line) (status, bool) {
	iv, kind, err := parseInterim(l.Text, l.No)
	if kind == interimNone && err == nil {
		return 0, false
	}
	if b.checkpoint || b.finished || b.stage == stReport {
		return rejected, true
	}
	if err != nil {
		b.c.errorf(l.No, "%v", err)
		return consumed, true
	}
	r := b.r
	if kind == interimCheckpoint {
		cp := &sbBlock{c: b.c, latUnit: 1, checkpoint: true, stage: stReport}
		cr := &Run{Source: r.Source, Line: l.No, EndLine: l.No, Tool: r.Tool, Version: r.Version,
			Test: r.Test, Command: r.Command, Options: r.Options, ThreadsFrom: r.ThreadsFrom}
		if r.Threads != nil {
			cr.Threads = iptr(*r.Threads)
		}
		for k, v := range r.Labels {
			cr.SetLabel(k, v)
		}
		cr.SetLabel("checkpoint", strconv.FormatFloat(iv.T, 'f', -1, 64))
		cp.r = cr
		b.cp = cp
		return consumed, true
	}
	b.stage, b.sawInterim = stInterim, true
	if name, v := impossibleValue(&iv); name != "" {
		r.Warn(l.No, "interim line dropped: impossible "+name+" "+strconv.FormatFloat(v, 'f', 2, 64)+" (unsigned underflow in sysbench)")
		return consumed, true
	}
	if !math.IsNaN(iv.Threads) && iv.Threads > b.maxThds {
		b.maxThds = iv.Threads
	}
	n := len(b.ivs)
	if n > 0 && iv.T <= b.ivs[n-1].T {
		// Rate-mode "queue length" lines share the timestamp of a report line.
		for i := n - 1; i >= 0 && i >= n-4; i-- {
			p := &b.ivs[i]
			if p.T != iv.T {
				continue
			}
			if rateOnly(&iv) && math.IsNaN(p.QueueLength) {
				p.QueueLength, p.Concurrency = iv.QueueLength, iv.Concurrency
				return consumed, true
			}
			if rateOnly(p) && math.IsNaN(iv.QueueLength) {
				iv.QueueLength, iv.Concurrency = p.QueueLength, p.Concurrency
				iv.Line = p.Line
				*p = iv
				return consumed, true
			}
		}
		dup := 0
		for i := n - 1; i >= 0 && i >= n-maxRepeatLookback; i-- {
			if sameInterval(&b.ivs[i], &iv) {
				dup = b.ivs[i].Line
				break
			}
		}
		switch {
		case dup != 0:
			r.Warn(l.No, "interim line repeats line "+strconv.Itoa(dup))
		case iv.T < b.ivs[n-1].T:
			r.Warn(l.No, "interim line out of order: "+fmtSec(iv.T)+" after "+fmtSec(b.ivs[n-1].T))
		default:
			r.Warn(l.No, "interim timestamp "+fmtSec(iv.T)+" repeated with other values")
		}
	}
	if len(b.ivs) >= MaxIntervals {
		b.ivCut.add(l.No)
		return consumed, true
	}
	if b.ivs == nil {
		b.ivs = (*intervalPool.Get().(*[]Interval))[:0]
	}
	b.ivs = append(b.ivs, iv)
	return consumed, true
}

func fmtSec(t float64) string { return strconv.FormatFloat(t, 'f', -1, 64) + "s" }

// intervalPool holds the buffers interim lines are collected in, so that a
// long run costs one exact-size allocation instead of a growing slice.
var intervalPool = sync.Pool{New: func() any { s := make([]Interval, 0, 512); return &s }}

// impossibleValue returns the name and value of the first field of iv that
// no real run can print. NaN (absent) fields compare false and pass.
func impossibleValue(iv *Interval) (string, float64) {
	vals := [...]float64{iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.ErrS,
		iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs, iv.QueueLength, iv.Concurrency}
	for i, v := range vals {
		if v > impossible || v < 0 {
			return intervalFieldNames[i], v
		}
	}
	return "", 0
}

var intervalFieldNames = [...]string{"threads", "tps", "qps", "reads", "writes", "other", "latency",
	"errors", "reconnects", "eps", "read MiB/s", "write MiB/s", "fsyncs", "MiB/s", "queue length", "concurrency"}

func rateOnly(iv *Interval) bool {
	return !math.IsNaN(iv.QueueLength) && math.IsNaN(iv.Threads) && math.IsNaN(iv.TPS) &&
		math.IsNaN(iv.EPS) && math.IsNaN(iv.ReadMiBs) && math.IsNaN(iv.MiBs)
}

func sameInterval(a, b *Interval) bool {
	x := [...]float64{a.T, a.Threads, a.TPS, a.QPS, a.Reads, a.Writes, a.Other, a.LatMs, a.LatPct,
		a.ErrS, a.ReconnS, a.EPS, a.ReadMiBs, a.WriteMiBs, a.FsyncS, a.MiBs, a.QueueLength, a.Concurrency}
	y := [...]float64{b.T, b.Threads, b.TPS, b.QPS, b.Reads, b.Writes, b.Other, b.LatMs, b.LatPct,
		b.ErrS, b.ReconnS, b.EPS, b.ReadMiBs, b.WriteMiBs, b.FsyncS, b.MiBs, b.QueueLength, b.Concurrency}
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}

// startBlock enters a cumulative-report block. It returns false when the
// block was already read in this run (the line starts a new run).
func (b *sbBlock) startBlock(sec sbSection, seen *bool) bool {
	if *seen || b.finished {
		return false
	}
	*seen = true
	b.sec = sec
	b.stage = stReport
	return true
}

// header reports whether a header line may still belong to this run.
func (b *sbBlock) headerOK() bool {
	return b.stage == stPrelude && !b.checkpoint
}

// plain handles a line without a colon.
func (b *sbBlock) plain(l *Line, t string) status {
	r := b.r
	if b.stage == stPrelude {
		r.headerLine(t)
	}
	switch {
	case strings.HasPrefix(t, "sysbench "):
		if v, ok := sysbenchBanner(t); ok {
			if b.sawBanner || b.sawHeader || b.stage != stPrelude || b.checkpoint {
				return rejected
			}
			b.sawBanner = true
			r.Version = v
			return consumed
		}
		if l.Cmd != nil && b.begun() {
			return rejected
		}
		return b.unknown()
	case t == "Threads started!" || t == "Initializing worker threads...":
		if !b.headerOK() {
			return rejected
		}
		b.sawHeader = true
		return consumed
	case t == "Latency histogram (values are in milliseconds)":
		if !b.startBlock(secHistogram, &b.sawHistogram) {
			return rejected
		}
		b.hint10 = true
		if r.Histogram == nil {
			r.Histogram = []Bucket{}
		}
		return consumed
	case strings.HasPrefix(t, "Doing "):
		if !b.headerOK() {
			return b.unknown()
		}
		b.sawHeader = true
		b.setTestFromBanner(t)
		return consumed
	case strings.HasPrefix(t, "Report intermediate results every "):
		if !b.headerOK() {
			return rejected
		}
		b.sawHeader = true
		if v, _, ok := leadingNum(t[len("Report intermediate results every "):]); ok {
			r.Options.ReportIntervalS = fptr(v)
		}
		return consumed
	case strings.HasPrefix(t, "Initializing random number generator from "):
		if !b.headerOK() {
			return rejected
		}
		b.sawHeader = true
		src := strings.TrimSuffix(t[len("Initializing random number generator from "):], ".")
		if strings.HasPrefix(src, "seed (") {
			if n, err := strconv.ParseInt(strings.TrimSuffix(src[len("seed ("):], ")"), 10, 64); err == nil {
				r.Options.Seed = i64ptr(n)
			}
			src = "seed"
		}
		r.Options.RandomSource = src
		return consumed
	case strings.HasPrefix(t, "Forcing shutdown in "):
		b.sawHeader = true
		if v, _, ok := leadingNum(t[len("Forcing shutdown in "):]); ok {
			r.Options.ForcedShutdownS = fptr(v)
		}
		return consumed
	case strings.HasPrefix(t, "Warming up for "):
		if v, _, ok := leadingNum(t[len("Warming up for "):]); ok && r.Options.WarmupS == nil {
			r.Options.WarmupS = fptr(v)
		}
		return consumed
	case strings.HasPrefix(t, "Random number generator seed is"),
		strings.HasPrefix(t, "Running mixed OLTP test"), strings.HasPrefix(t, "Running simple OLTP test"),
		strings.HasPrefix(t, "Running complex OLTP test"), strings.HasPrefix(t, "Running nontrx OLTP test"),
		strings.HasPrefix(t, "Using "), strings.HasPrefix(t, "Skipping BEGIN/COMMIT"),
		strings.HasPrefix(t, "No DB drivers specified"), strings.HasPrefix(t, "Periodic FSYNC"),
		strings.HasPrefix(t, "Calling fsync()"), strings.HasPrefix(t, "Block size "),
		strings.HasPrefix(t, "Report checkpoint"), strings.HasSuffix(t, "total file size"),
		strings.Contains(t, " files, ") && strings.HasSuffix(t, " each"):
		if b.stage != stPrelude {
			return b.unknown()
		}
		b.sawHeader = true
		return consumed
	case t == "Time limit exceeded, exiting...", t == "Done.", strings.HasPrefix(t, "(last message repeated"):
		if b.finished {
			return b.unknown()
		}
		return consumed
	case strings.HasSuffix(t, "Requests/sec executed"):
		v, _, ok := leadingNum(t)
		if !ok {
			return b.bad(l, "fileio requests", t, "a number of requests per second")
		}
		b.fio().RequestsPS = fptr(v)
		b.sawFileIO04, b.hint04, b.stage = true, true, stReport
		return consumed
	case strings.HasPrefix(t, "Read ") && strings.Contains(t, "Written ") && strings.Contains(t, "Total transferred"):
		return b.fileio04Bytes(l, t)
	case strings.Contains(t, " transferred ("):
		return b.memTransferred(l, t)
	case t == "General":
		// A heading broken over two lines by a web page ("General" / "statistics:").
		return consumed
	case strings.HasPrefix(t, "stack traceback"), strings.HasPrefix(t, "[C]"), strings.HasPrefix(t, "[string "):
		b.luaError(l)
		return consumed
	}
	if strings.Contains(t, ".lua:") {
		b.luaError(l)
		return consumed
	}
	if l.Cmd != nil && b.begun() {
		return rejected
	}
	return b.unknown()
}

// begun reports whether the run has read more than its banner.
func (b *sbBlock) begun() bool {
	return b.sawHeader || b.stage != stPrelude || b.sawBanner
}

// unknown handles a line the run does not know: noise inside a run, the
// end of the run once its report is finished.
func (b *sbBlock) unknown() status {
	if b.finished {
		return rejected
	}
	// Unknown text inside a run (prose, tool noise, Lua prints) is skipped.
	return skipped
}

func (b *sbBlock) luaError(l *Line) {
	b.fatal = true
	if !b.luaErr {
		b.luaErr = true
		b.r.Warn(l.No, "sysbench Lua error: "+l.Text)
	}
}

// bad reports a malformed value inside a known block.
func (b *sbBlock) bad(l *Line, what, val, expected string) status {
	b.c.errorf(l.No, "sysbench %s: bad value %q (expected %s)", what, strings.TrimSpace(val), expected)
	return consumed
}

func (b *sbBlock) setTestFromBanner(t string) {
	test := ""
	switch {
	case strings.HasPrefix(t, "Doing OLTP test"):
		test = "oltp"
	case strings.HasPrefix(t, "Doing CPU performance benchmark"):
		test = "cpu"
	case strings.HasPrefix(t, "Doing memory operations speed test"):
		test = "memory"
	case strings.HasPrefix(t, "Doing thread subsystem performance test"):
		test = "threads"
	case strings.HasPrefix(t, "Doing mutex performance test"):
		test = "mutex"
	case strings.HasPrefix(t, "Doing random "), strings.HasPrefix(t, "Doing sequential "),
		strings.HasPrefix(t, "Doing async "):
		test = "fileio"
	}
	b.setTest(test)
}

func (b *sbBlock) setTest(test string) {
	if test != "" && b.r.Test == "" {
		b.r.Test = test
	}
}

func (b *sbBlock) fio() *FileIO {
	if b.r.FileIO == nil {
		b.r.FileIO = &FileIO{}
	}
	return b.r.FileIO
}

func (b *sbBlock) sql() *SQLStats {
	if b.r.SQL == nil {
		b.r.SQL = &SQLStats{}
	}
	return b.r.SQL
}

func (b *sbBlock) mem() *Memory {
	if b.r.Memory == nil {
		b.r.Memory = &Memory{}
	}
	return b.r.Memory
}

// byteSize reads a 0.4 fileio size such as "9.8451Gb" or "0b" (binary
// multiples, FORMATS.md §3.4) and returns bytes.
func byteSize(s string) (float64, bool) {
	v, rest, ok := leadingNum(s)
	if !ok {
		return 0, false
	}
	switch {
	case math.Abs(v) > 1e200:
		return 0, false
	case strings.HasPrefix(rest, "Tb"):
		return v * (1 << 40), true
	case strings.HasPrefix(rest, "Gb"):
		return v * (1 << 30), true
	case strings.HasPrefix(rest, "Mb"):
		return v * (1 << 20), true
	case strings.HasPrefix(rest, "Kb"):
		return v * (1 << 10), true
	case strings.HasPrefix(rest, "b"):
		return v, true
	}
	return 0, false
}

// fileio04Bytes reads "Read 9.8451Gb  Written 0b  Total transferred 9.8451Gb  (33.604Mb/sec)".
func (b *sbBlock) fileio04Bytes(l *Line, t string) status {
	f := strings.Fields(t)
	fio := b.fio()
	b.sawFileIO04, b.hint04, b.stage = true, true, stReport
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "Read":
			v, ok := byteSize(f[i+1])
			if !ok {
				return b.bad(l, "fileio read", f[i+1], "a size such as 9.8451Gb")
			}
			fio.ReadBytes = fptr(v)
		case "Written":
			v, ok := byteSize(f[i+1])
			if !ok {
				return b.bad(l, "fileio written", f[i+1], "a size such as 320.31Mb")
			}
			fio.WrittenBytes = fptr(v)
		}
	}
	if i := strings.LastIndexByte(t, '('); i >= 0 {
		v, ok := byteSize(t[i+1:])
		if !ok || !strings.Contains(t[i:], "/sec") {
			return b.bad(l, "fileio transfer rate", t[i:], "a rate such as (33.604Mb/sec)")
		}
		fio.TotalMiBs = fptr(v / (1 << 20))
	}
	return consumed
}

// memTransferred reads "102400.00 MB transferred (582.47 MB/sec)" (0.4/0.5,
// MB = MiB) and "87104.43 MiB transferred (8710.36 MiB/sec)" (1.0+).
func (b *sbBlock) memTransferred(l *Line, t string) status {
	v, rest, ok := leadingNum(t)
	rest = strings.TrimSpace(rest)
	if !ok || !(strings.HasPrefix(rest, "MB ") || strings.HasPrefix(rest, "MiB ")) {
		return b.unknown()
	}
	m := b.mem()
	b.sawMemory, b.stage = true, stReport
	b.setTest("memory")
	m.TransferMiB = fptr(v)
	i := strings.IndexByte(rest, '(')
	if i < 0 {
		return b.bad(l, "memory transferred", t, "a rate such as (582.47 MB/sec)")
	}
	s, _, ok := leadingNum(rest[i+1:])
	if !ok {
		return b.bad(l, "memory transferred", rest[i:], "a rate such as (582.47 MB/sec)")
	}
	m.TransferMiBs = fptr(s)
	return consumed
}

// labelled handles "label: value" lines.
func (b *sbBlock) labelled(l *Line, label, val string) status {
	r := b.r
	empty := strings.TrimSpace(val) == ""
	if !empty && (b.stage == stPrelude || label == "Maximum prime number checked in CPU test") {
		r.headerLabel(label, val, b.sec == secMemParams)
	}
	if empty && b.isValueLabel(label) {
		b.cutLine, b.cutLabel = l.No, label
		return consumed
	}
	if b.isValueLabel(label) && b.refuseNegative(l, label, val) {
		return consumed
	}
	switch label {
	case "Running the test with following options":
		if !b.headerOK() || b.sawOptions {
			return rejected
		}
		b.sawHeader, b.sawOptions = true, true
		return consumed
	case "Number of threads":
		if !b.headerOK() || r.ThreadsFrom == "header" {
			return rejected
		}
		n, err := atoiStrict(strings.TrimSpace(val))
		if err != nil || n < 0 {
			return b.bad(l, "number of threads", val, "an integer")
		}
		b.sawHeader = true
		r.Threads, r.ThreadsFrom = iptr(n), "header"
		return consumed
	case "Target transaction rate":
		v, _, ok := leadingNum(val)
		if !ok {
			return b.bad(l, "target transaction rate", val, "a number of transactions per second")
		}
		b.sawHeader, b.hint10 = true, true
		r.Options.RateTarget = fptr(v)
		return consumed
	case "Warmup time":
		v, _, ok := leadingNum(val)
		if !ok {
			return b.bad(l, "warmup time", val, "a number of seconds")
		}
		b.sawHeader = true
		r.Options.WarmupS = fptr(v)
		return consumed
	case "Maximum prime number checked in CPU test", "Primer numbers limit", "Prime numbers limit":
		b.setTest("cpu")
		b.sawHeader = true
		return consumed
	case "Memory block size", "Memory transfer size", "Memory operations type", "Memory scope type":
		b.setTest("memory")
		b.sawHeader = true
		return consumed
	case "Running memory speed test with the following options":
		b.setTest("memory")
		b.sawHeader = true
		b.sec = secMemParams
		return consumed
	case "block size", "total size", "operation", "scope", "access mode":
		if b.sec == secMemParams {
			return consumed
		}
	case "Thread yields per test":
		b.setTest("threads")
		b.sawHeader = true
		return consumed
	case "Extra file open flags", "Number of IO requests", "Number of random requests for random IO",
		"Read/Write ratio for combined random IO test":
		b.setTest("fileio")
		b.sawHeader = true
		return consumed
	case "Server Endpoint", "DEBUG":
		// YugabyteDB fork endpoints and debug prints: context, not results.
		return consumed
	case "WARNING":
		r.Warn(l.No, "sysbench: "+l.Text)
		return consumed
	case "FATAL", "ALERT":
		b.fatal = true
		r.Warn(l.No, "sysbench: "+l.Text)
		return consumed

	case "OLTP test statistics", "SQL statistics":
		if !empty {
			break
		}
		if !b.startBlock(secSQL, &b.sawSQL) {
			return rejected
		}
		b.sawSQLName = label
		if label == "SQL statistics" {
			b.hint10 = true
		} else {
			b.hint04 = true
		}
		return consumed
	case "queries performed":
		if b.sec == secSQL {
			return consumed
		}
	case "read", "write", "other", "total":
		if b.sec == secThroughput && (label == "read" || label == "write") {
			return b.iops(l, label, val)
		}
		if b.sec == secSQL {
			return b.sqlCount(l, label, val)
		}
	case "transactions", "deadlocks", "read/write requests", "other operations", "ignored errors",
		"reconnects", "queries":
		if b.sec == secSQL {
			return b.sqlCount(l, label, val)
		}
	case "Number of unfinished transactions on forced shutdown":
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil {
			return b.bad(l, "unfinished transactions", val, "an integer")
		}
		b.sql().Unfinished = i64ptr(n)
		return consumed

	case "General statistics", "Test execution summary":
		if !empty {
			break
		}
		seen := &b.sawGeneral
		if label == "Test execution summary" {
			b.sawTES = true
		}
		if !b.startBlock(secGeneral, seen) {
			return rejected
		}
		return consumed
	case "total time", "time elapsed":
		if label == "time elapsed" {
			b.sawEPS = true
		}
		if b.sec != secGeneral && b.sec != secThroughput {
			// A report whose heading was lost ("General" / "statistics:" broken over lines).
			if !b.startBlock(secGeneral, &b.sawGeneral) {
				return rejected
			}
		}
		v, rest, ok := leadingNum(val)
		if !ok || v < 0 || !strings.HasPrefix(rest, "s") {
			return b.bad(l, label, val, "seconds such as 60.0003s")
		}
		r.TotalTimeS = fptr(v)
		return consumed
	case "total number of events":
		if b.sec != secGeneral && b.sec != secThroughput {
			break
		}
		n, ok := leadingInt(val)
		if !ok {
			return b.bad(l, label, val, "an integer")
		}
		r.Events = i64ptr(n)
		return consumed
	case "total time taken by event execution":
		if b.sec != secGeneral {
			break
		}
		v, _, ok := leadingNum(val)
		if !ok || math.IsInf(v*1000, 0) {
			return b.bad(l, label, val, "seconds")
		}
		r.Latency.Sum = fptr(v * 1000)
		return consumed
	case "response time", "per-request statistics":
		if !empty || b.sec != secGeneral {
			break
		}
		b.sawRespTime = true
		b.sec, b.latUnit = secLatency, 1
		return consumed
	case "Latency (ms)":
		if !empty {
			break
		}
		if b.sawLatencyMs || b.sawRespTime || b.finished {
			return rejected
		}
		b.sawLatencyMs = true
		b.sec, b.stage, b.latUnit = secLatency, stReport, 1
		return consumed
	case "min", "avg", "max", "sum":
		if b.sec == secLatency {
			return b.latency(l, label, val)
		}
	case "percentile stats":
		if b.sec == secLatency {
			r.Latency.PercentileDisabled = true
			return consumed
		}
	case "Threads fairness":
		if !empty {
			break
		}
		if b.sawFairness {
			return rejected
		}
		b.sawFairness = true
		b.sec, b.stage = secFairness, stReport
		return consumed
	case "events (avg/stddev)", "execution time (avg/stddev)":
		if b.sec == secFairness {
			return b.fairness(l, label, val)
		}
	case "File operations":
		if !empty {
			break
		}
		if !b.startBlock(secFileOps, &b.sawFileOps) {
			return rejected
		}
		b.hint10 = true
		b.setTest("fileio")
		return consumed
	case "reads/s", "writes/s", "fsyncs/s":
		if b.sec == secFileOps {
			v, _, ok := leadingNum(val)
			if !ok {
				return b.bad(l, "fileio "+label, val, "a number of operations per second")
			}
			f := b.fio()
			switch label {
			case "reads/s":
				f.ReadsPS = fptr(v)
			case "writes/s":
				f.WritesPS = fptr(v)
			default:
				f.FsyncsPS = fptr(v)
			}
			return consumed
		}
	case "Throughput":
		if !empty {
			break
		}
		if !b.startBlock(secThroughput, &b.sawThroughput) {
			return rejected
		}
		b.hint10 = true
		return consumed
	case "read, MiB/s", "written, MiB/s":
		if b.sec == secThroughput {
			v, _, ok := leadingNum(val)
			if !ok {
				return b.bad(l, "fileio "+label, val, "a number of MiB per second")
			}
			if label == "read, MiB/s" {
				b.fio().ReadMiBs = fptr(v)
			} else {
				b.fio().WrittenMiBs = fptr(v)
			}
			b.setTest("fileio")
			return consumed
		}
	case "fsync":
		if b.sec == secThroughput {
			return b.iops(l, label, val)
		}
	case "events/s (eps)":
		if b.sec == secThroughput {
			v, _, ok := leadingNum(val)
			if !ok {
				return b.bad(l, label, val, "a number of events per second")
			}
			b.sawEPS = true
			r.EPS = fptr(v)
			return consumed
		}
	case "CPU speed":
		if !empty {
			break
		}
		if !b.startBlock(secCPU, &b.sawCPU) {
			return rejected
		}
		b.hint10 = true
		b.setTest("cpu")
		return consumed
	case "events per second":
		if b.sec == secCPU {
			v, _, ok := leadingNum(val)
			if !ok {
				return b.bad(l, "cpu "+label, val, "a number of events per second")
			}
			r.CPUSpeedEPS = fptr(v)
			if r.EPS == nil {
				r.EPS = fptr(v)
			}
			return consumed
		}
	case "Total operations":
		return b.memOps(l, label, val)
	case "Operations performed":
		if strings.Contains(strings.ToLower(val), "read") {
			return b.fileio04Ops(l, val)
		}
		return b.memOps(l, label, val)
	}
	if percentile, ok := percentileRank(label); ok && b.sec == secLatency {
		return b.latencyPct(l, percentile, val)
	}
	return b.unknown()
}

// isValueLabel reports whether label names a value of the current block.
func (b *sbBlock) isValueLabel(label string) bool {
	switch b.sec {
	case secSQL:
		switch label {
		case "read", "write", "other", "total", "transactions", "deadlocks", "read/write requests",
			"other operations", "ignored errors", "reconnects", "queries":
			return true
		}
	case secGeneral, secThroughput:
		switch label {
		case "total time", "time elapsed", "total number of events", "total time taken by event execution",
			"events/s (eps)", "read, MiB/s", "written, MiB/s", "read", "write", "fsync":
			return true
		}
	case secLatency:
		switch label {
		case "min", "avg", "max", "sum":
			return true
		}
		_, ok := percentileRank(label)
		return ok
	case secFairness:
		return label == "events (avg/stddev)" || label == "execution time (avg/stddev)"
	case secFileOps:
		return label == "reads/s" || label == "writes/s" || label == "fsyncs/s"
	case secCPU:
		return label == "events per second"
	}
	return false
}

// leadingInt reads the leading integer of s ("212131", "-12", "41229  --注释").
func leadingInt(s string) (int64, bool) {
	s = strings.TrimLeft(s, " \t")
	j := 0
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 0 || j < len(s) && s[j] == '.' || !numEnds(s[j:]) {
		return 0, false
	}
	n, err := strconv.ParseInt(s[:j], 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

// perSec reads the "(845.49 per sec.)" part of a count line.
func perSec(s string) (float64, bool) {
	i := strings.IndexByte(s, '(')
	if i < 0 {
		return 0, false
	}
	v, rest, ok := leadingNum(s[i+1:])
	if !ok || !strings.HasPrefix(strings.TrimLeft(rest, " "), "per sec") {
		return 0, false
	}
	return v, true
}

// sqlCount reads a line of the OLTP/SQL statistics block.
func (b *sbBlock) sqlCount(l *Line, label, val string) status {
	n, ok := leadingInt(val)
	if !ok {
		return b.bad(l, "statistics "+label, val, "an integer count")
	}
	s := b.sql()
	switch label {
	case "read":
		s.Read = i64ptr(n)
		return consumed
	case "write":
		s.Write = i64ptr(n)
		return consumed
	case "other":
		s.Other = i64ptr(n)
		return consumed
	case "total":
		s.Total = i64ptr(n)
		return consumed
	}
	ps, ok := perSec(val)
	if !ok {
		return b.bad(l, "statistics "+label, val, "a count and a rate such as 12701  (845.49 per sec.)")
	}
	switch label {
	case "transactions":
		s.Transactions, s.TransactionsPS = i64ptr(n), fptr(ps)
	case "deadlocks":
		s.Deadlocks, s.DeadlocksPS = i64ptr(n), fptr(ps)
		b.hint04 = true
	case "read/write requests":
		s.RWRequests, s.RWRequestsPS = i64ptr(n), fptr(ps)
		b.hint04 = true
	case "other operations":
		s.OtherOps, s.OtherOpsPS = i64ptr(n), fptr(ps)
		b.hint04 = true
	case "ignored errors":
		s.IgnoredErrors, s.IgnoredErrPS = i64ptr(n), fptr(ps)
	case "reconnects":
		s.Reconnects, s.ReconnectsPS = i64ptr(n), fptr(ps)
	case "queries":
		s.Queries, s.QueriesPS = i64ptr(n), fptr(ps)
		b.hint10 = true
	}
	return consumed
}

// latency reads min/avg/max/sum, converting by suffix ("ms", "s") or else
// by the block heading.
func (b *sbBlock) latency(l *Line, label, val string) status {
	v, ok := b.latValue(l, label, val)
	if !ok {
		return consumed
	}
	lat := &b.r.Latency
	switch label {
	case "min":
		b.latMin = true
		if v > impossible {
			b.r.Warn(l.No, "latency min "+strings.TrimSpace(val)+" is unsigned-underflow garbage (no events); left absent")
			return consumed
		}
		lat.Min = fptr(v)
	case "avg":
		b.latAvg = true
		lat.Avg = fptr(v)
	case "max":
		b.latMax = true
		lat.Max = fptr(v)
	case "sum":
		lat.Sum = fptr(v)
		if b.sawIOPS {
			// 1.1 fileio prints no Threads fairness: the latency block ends the report.
			b.finished = true
		}
	}
	return consumed
}

func (b *sbBlock) latValue(l *Line, label, val string) (float64, bool) {
	v, rest, ok := leadingNum(val)
	if !ok || v < 0 {
		b.bad(l, "latency "+label, val, "a number of milliseconds")
		return 0, false
	}
	rest = strings.TrimLeft(rest, " ")
	switch {
	case strings.HasPrefix(rest, "ms"):
	case strings.HasPrefix(rest, "s"):
		v *= 1000
		b.sawSeconds = true
	default:
		v *= b.latUnit
	}
	if math.IsInf(v, 0) {
		b.bad(l, "latency "+label, val, "a number of milliseconds")
		return 0, false
	}
	return v, true
}

func (b *sbBlock) latencyPct(l *Line, rank, val string) status {
	v, ok := b.latValue(l, rank+" percentile", val)
	if !ok {
		return consumed
	}
	if b.r.Latency.Percentiles == nil {
		b.r.Latency.Percentiles = map[string]float64{}
	}
	if v > impossible {
		b.r.Warn(l.No, "latency percentile "+strings.TrimSpace(val)+" is unsigned-underflow garbage; left absent")
		return consumed
	}
	b.r.Latency.Percentiles[rank] = v
	return consumed
}

// fairness reads "events (avg/stddev): 8646.9375/161.19" and
// "execution time (avg/stddev): 180.9905/0.01".
func (b *sbBlock) fairness(l *Line, label, val string) status {
	avg, rest, ok := leadingNum(val)
	if !ok || !strings.HasPrefix(rest, "/") {
		return b.bad(l, "threads fairness "+label, val, "avg/stddev such as 8646.9375/161.19")
	}
	sd, _, ok := leadingNum(rest[1:])
	if !ok {
		return b.bad(l, "threads fairness "+label, val, "avg/stddev such as 8646.9375/161.19")
	}
	f := b.r.Fairness
	if f == nil {
		f = &Fairness{}
		b.r.Fairness = f
	}
	if label == "events (avg/stddev)" {
		f.EventsAvg, f.EventsStddev = fptr(avg), fptr(sd)
		b.fairEvents = true
	} else {
		f.ExecAvgS, f.ExecStddevS = fptr(avg), fptr(sd)
		b.fairExec = true
	}
	if b.fairEvents && b.fairExec {
		b.finished = true
	}
	return consumed
}

// iops reads 1.1 fileio "read:  IOPS=2366.91 36.98 MiB/s (38.78 MB/s)" and
// "fsync: IOPS=5050.32".
func (b *sbBlock) iops(l *Line, label, val string) status {
	s := strings.TrimSpace(val)
	if !strings.HasPrefix(s, "IOPS=") {
		return b.bad(l, "fileio "+label, val, "IOPS=<n> <n> MiB/s")
	}
	v, rest, ok := leadingNum(s[len("IOPS="):])
	if !ok {
		return b.bad(l, "fileio "+label, val, "IOPS=<n> <n> MiB/s")
	}
	f := b.fio()
	b.sawIOPS = true
	b.setTest("fileio")
	var mib *float64
	if label != "fsync" {
		m, r2, ok := leadingNum(rest)
		if !ok || !strings.HasPrefix(strings.TrimLeft(r2, " "), "MiB/s") {
			return b.bad(l, "fileio "+label, val, "IOPS=<n> <n> MiB/s")
		}
		mib = fptr(m)
	}
	switch label {
	case "read":
		f.ReadsPS, f.ReadMiBs = fptr(v), mib
	case "write":
		f.WritesPS, f.WrittenMiBs = fptr(v), mib
	default:
		f.FsyncsPS = fptr(v)
	}
	return consumed
}

// memOps reads "Operations performed: 104857600 (596447.76 ops/sec)" (0.4)
// and "Total operations: 89194940 (8919408.08 per second)" (1.0+).
func (b *sbBlock) memOps(l *Line, label, val string) status {
	if b.sawMemory && b.r.Memory != nil && b.r.Memory.Operations != nil || b.finished {
		return rejected
	}
	n, ok := leadingInt(val)
	if !ok {
		return b.bad(l, "memory "+label, val, "an operation count")
	}
	i := strings.IndexByte(val, '(')
	if i < 0 {
		return b.bad(l, "memory "+label, val, "a count and a rate such as 10240 (3875.99 ops/sec)")
	}
	ps, _, ok := leadingNum(val[i+1:])
	if !ok {
		return b.bad(l, "memory "+label, val, "a count and a rate such as 10240 (3875.99 ops/sec)")
	}
	m := b.mem()
	m.Operations, m.OpsPS = i64ptr(n), fptr(ps)
	b.sawMemory, b.stage = true, stReport
	b.setTest("memory")
	if label == "Total operations" {
		b.hint10 = true
	} else {
		b.hint04 = true
	}
	return consumed
}

// fileio04Ops reads "Operations performed:  645210 Read, 0 Write, 0 Other = 645210 Total"
// (0.4.12 release) or "... 10980 reads, 7320 writes, 23307 Other = ..." (0.4.12.x, 0.5).
func (b *sbBlock) fileio04Ops(l *Line, val string) status {
	if b.finished || b.r.FileIO != nil && b.r.FileIO.ReadOps != nil {
		return rejected
	}
	f := strings.Fields(strings.ReplaceAll(val, ",", " "))
	fio := b.fio()
	b.sawFileIO04, b.hint04, b.stage = true, true, stReport
	b.setTest("fileio")
	for i := 0; i+1 < len(f); i++ {
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			continue
		}
		switch strings.ToLower(f[i+1]) {
		case "read", "reads":
			fio.ReadOps = i64ptr(n)
		case "write", "writes":
			fio.WriteOps = i64ptr(n)
		case "other":
			fio.OtherOps = i64ptr(n)
		}
	}
	if fio.ReadOps == nil || fio.WriteOps == nil {
		return b.bad(l, "fileio operations performed", val, "<n> Read, <n> Write, <n> Other = <n> Total")
	}
	return consumed
}

// end finishes the run: fallbacks, layout, completeness, then emits it.
func (b *sbBlock) end(c *ctx) {
	if b.cp != nil {
		b.cp.end(c)
		b.cp = nil
	}
	r := b.r
	hasResult := b.sawInterim || b.stage == stReport || b.sawHistogram
	if b.toHook && !hasResult {
		handOverHeader(c, r)
		return
	}
	if !hasResult && (b.prepare || !b.sawHeader && !b.fatal) && !b.checkpoint {
		// A banner alone, or prepare, cleanup or help output (also when it
		// failed): not a run.
		c.recognised()
		if b.cutLine != 0 {
			c.errorf(b.cutLine, "sysbench %s: value missing (expected a number)", b.cutLabel)
		}
		return
	}
	if b.fatal && !hasResult && !b.checkpoint {
		// A run that failed before it measured anything is no result.
		c.recognised()
		msg := "sysbench run failed before reporting any result"
		for _, w := range r.Warnings {
			if strings.Contains(w, "FATAL") || strings.Contains(w, "Lua error") {
				msg += " (" + w + ")"
				break
			}
		}
		c.errorf(r.Line, "%s: not counted (expected a report)", msg)
		return
	}
	if b.cutLine != 0 {
		r.Warn(b.cutLine, "input cut short: no value after "+b.cutLabel)
	}
	b.finish()
	c.emitRun(r)
}

func (b *sbBlock) finish() {
	r := b.r
	if b.ivs != nil {
		// Keep an exact-size copy; the growing buffer goes back to the pool.
		r.Intervals = append(make([]Interval, 0, len(b.ivs)), b.ivs...)
		buf := b.ivs[:0]
		b.ivs = nil
		intervalPool.Put(&buf)
	}
	// Headline rates: TPS and QPS from the statistics block, EPS as printed.
	if s := r.SQL; s != nil {
		if s.TransactionsPS != nil {
			r.TPS = fptr(*s.TransactionsPS)
		}
		switch {
		case s.QueriesPS != nil:
			r.QPS = fptr(*s.QueriesPS)
		case s.RWRequestsPS != nil:
			r.QPS = fptr(*s.RWRequestsPS)
		}
	}
	if r.EPS == nil && r.SQL == nil {
		r.EPS = printedEPS(r)
	}
	if r.EPS == nil && r.SQL == nil &&
		r.Events != nil && r.TotalTimeS != nil && *r.TotalTimeS > 0 {
		// cpu, threads, mutex and custom scripts print no rate before 1.0.8/1.1
		// (FORMATS.md §9): derived, and said so.
		if eps := float64(*r.Events) / *r.TotalTimeS; !math.IsInf(eps, 0) && eps >= 0 {
			r.EPS = fptr(eps)
			r.Warn(0, "eps derived as total number of events / total time (not printed)")
		}
	}
	// Threads: header, command, interim maximum, fairness ratio.
	if r.Threads == nil && b.maxThds > 0 {
		r.Threads, r.ThreadsFrom = iptr(int(b.maxThds)), "interim"
	}
	if r.Threads == nil && r.Fairness != nil && r.Fairness.EventsAvg != nil && r.Events != nil && *r.Fairness.EventsAvg > 0 {
		ratio := float64(*r.Events) / *r.Fairness.EventsAvg
		if n := math.Round(ratio); n >= 1 && math.Abs(ratio-n) < 0.01 {
			r.Threads, r.ThreadsFrom = iptr(int(n)), "fairness"
		}
	}
	r.Layout = b.layout()
	// Completeness.
	r.Complete = b.finished && !b.fatal
	if !b.finished {
		var missing []string
		switch {
		case b.stage != stReport:
			if b.sawInterim {
				missing = append(missing, "cumulative report (interim lines only)")
			} else {
				missing = append(missing, "interim lines and cumulative report (header only)")
			}
		default:
			if b.sawSQL && (r.SQL == nil || r.SQL.TransactionsPS == nil) {
				missing = append(missing, "statistics block (cut short)")
			}
			if !b.sawGeneral && !b.sawEPS && !b.sawIOPS {
				missing = append(missing, "general statistics")
			}
			if !(b.latMin && b.latAvg && b.latMax) {
				missing = append(missing, "latency")
			}
			if !b.fairEvents || !b.fairExec {
				missing = append(missing, "threads fairness")
			}
		}
		if len(missing) > 0 {
			r.Warn(0, "run incomplete: missing "+strings.Join(missing, ", "))
		}
	}
	if b.fatal {
		r.Warn(0, "run incomplete: sysbench reported an error")
	}
	b.checkHeadline()
	b.ivCut.warn(r, "interim lines", MaxIntervals)
	b.histCut.warn(r, "histogram rows", MaxHistogramBuckets)
}

// layout names the report dialect from the block labels seen (FORMATS.md §1).
func (b *sbBlock) layout() string {
	switch {
	case b.sawTES:
		if b.sawSeconds {
			return LayoutA
		}
		return LayoutB
	case b.sawEPS || b.sawIOPS:
		return LayoutG
	case b.sawRespTime:
		if b.hint10 {
			return LayoutD
		}
		return LayoutC
	case b.sawLatencyMs:
		return LayoutE
	case b.sawGeneral || b.sawSQL:
		if b.hint04 {
			return LayoutC
		}
		if b.hint10 {
			return LayoutE
		}
	}
	return ""
}

// sbFragment is the tail of a report whose beginning is not in the input
// (FORMATS.md §0.4): reported once and skipped.
type sbFragment struct {
	first, last int
	label       string
}

func (f *sbFragment) feed(l *Line) status {
	t := l.Text
	if t == "" {
		return consumed
	}
	if sbStartKind(t, nil) == startFragment {
		f.last = l.No
		return consumed
	}
	return rejected
}

func (f *sbFragment) end(c *ctx) {
	c.errorf(f.first, "sysbench report fragment without its beginning (lines %d-%d) skipped: expected a banner, options header or statistics heading before %q",
		f.first, f.last, f.label)
}
