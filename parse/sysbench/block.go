package sysbench

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// This file reads one sysbench run of any generation (FORMATS.md §1–§3):
// where runs start and end, interim report lines (read by ParseInterim,
// interim.go), --histogram rows, and what a run is once read. One input
// may hold many runs; a run ends at a new banner, options header or
// interim line once its cumulative report has begun, and at the first
// foreign line once that report is finished. The banner and options
// header are read in header.go, the blocks of the cumulative report by
// the section readers of report.go, and the layout is decided from what
// they saw in layout.go.

// impossible is the bound above which a printed rate or latency can only be
// unsigned-underflow garbage (≈2^64 scaled, FORMATS.md §0.5, §2.1, §3.2).
const impossible = 1e12

// runStage is how far a run has got.
type runStage int

const (
	stPrelude runStage = iota // banner and options header
	stInterim                 // interim report lines
	stReport                  // cumulative report
)

// section is the cumulative-report block a line belongs to.
type section int

const (
	secNone       section = iota
	secSQL                // "OLTP test statistics:" / "SQL statistics:"
	secGeneral            // "General statistics:" / "Test execution summary:"
	secLatency            // "Latency (ms):", "response time:", "per-request statistics:"
	secFairness           // "Threads fairness:"
	secFileOps            // "File operations:" (1.0)
	secThroughput         // "Throughput:" (1.0 fileio MiB/s, 1.1 eps or IOPS)
	secCPU                // "CPU speed:"
	secHistogram          // "Latency histogram (values are in milliseconds)"
	secMemParams          // 1.0 "Running memory speed test with the following options:"
)

// A Block reads one run. What it has seen is in marks; the section
// readers of its report are in report.go, the layout decision in
// layout.go.
type Block struct {
	s     Sink
	r     *Run
	stage runStage
	sec   section
	marks Marks // what the run has shown so far

	toHook     bool   // report-hook output follows the header
	checkpoint bool   // this run is a "[ Ns ] Checkpoint report:" block
	cp         *Block // checkpoint report being read inside this run
	finished   bool   // the cumulative report's last block was read
	fatal      bool   // FATAL/ALERT or Lua error seen
	luaErr     bool
	prepare    bool   // started after a prepare/cleanup/help command
	fieldRun   bool   // started at a result field line, no block heading above it
	prefix     string // the thread count glued before its field lines ("16 "), threadsPrefix

	maxThds  float64          // largest interim thread count
	ivs      []model.Interval // interim lines, in a pooled buffer until end
	ivCut    cut              // interim lines dropped beyond MaxIntervals
	histCut  cut              // histogram rows dropped beyond MaxHistogramBuckets
	cutLine  int              // a value line with its value missing
	cutLabel string
	cutSeen  bool // a value line with its value missing was reported
	sideSeen bool // a second value beside a headline value was reported
	// textAfterInterim: a line of other text was skipped since the last
	// interim line; captionAfterInterim: that line was a caption, a
	// label with no value ("percona on nvme:").
	textAfterInterim, captionAfterInterim bool
}

// Detect starts a run at a banner, an options header, an interim
// line or the first line of a cumulative-report block. A line that only
// occurs in the tail of a report starts a fragment, reported and skipped.
func Detect(l *Line, s Sink) model.Block {
	t := l.Text
	if t == "" {
		return nil
	}
	switch StartKind(t, s) {
	case StartRun:
		b := newBlock(l, s)
		b.feedLine(l)
		return b
	case StartFragment:
		f := &fragment{first: l.No, last: l.No, label: t}
		return f
	case StartField:
		// A result field kept without the block heading above it: the
		// run opens the block the field belongs to, and ends where a
		// field of it repeats (the next fragment's).
		b := newBlock(l, s)
		b.fieldRun = true
		label, _, _ := CutLabel(t)
		if n, field, ok := threadsPrefix(label); ok {
			b.prefix = label[:len(label)-len(field)]
			*b.r.Threads, *b.r.ThreadsFrom = iptr(n), "column"
			label = field
		}
		if label == "events per second" {
			b.openCPU("")
		} else {
			b.startBlock(secSQL, MarkSQL)
		}
		b.feedLine(l)
		return b
	}
	return nil
}

// memTransferLine reports the memory test's result line: "102400.00
// MiB transferred (12481.33 MiB/sec)" (1.0+), "… MB transferred (… MB/sec)"
// (0.4/0.5); the space before the parenthesis may be lost in a copy
// ("5315.42 MiB transferred(531.38 MiB/sec)").
func memTransferLine(t string) bool {
	_, rest, ok := scan.LeadingNum(t)
	rest = strings.TrimSpace(rest)
	for _, u := range []string{"MiB", "MB"} {
		if r, found := strings.CutPrefix(rest, u+" transferred"); found && ok {
			r, open := strings.CutPrefix(strings.TrimLeft(r, " "), "(")
			_, tail, num := scan.LeadingNum(r)
			return open && num && strings.TrimSpace(tail) == u+"/sec)"
		}
	}
	return false
}

// fileio04Line reports 0.4's fileio result line, "Read 515.62Mb  Written
// 343.75Mb  Total transferred 859.38Mb  (2.8644Mb/sec)".
func fileio04Line(t string) bool {
	return strings.HasPrefix(t, "Read ") && strings.Contains(t, " Written ") && strings.Contains(t, " Total transferred ") &&
		strings.HasSuffix(t, "/sec)")
}

// What a line no block holds starts (StartKind).
const (
	StartNone = iota
	StartRun
	StartFragment
	StartField // a result field line alone (see Detect)
)

// StartKind classifies a line no block holds.
func StartKind(t string, s Sink) int {
	switch t[0] {
	case '[':
		if _, kind, err := ParseInterim(t, 0); kind != InterimNone || err != nil {
			return StartRun
		}
		return StartNone
	case 's':
		if IsBanner(t) {
			return StartRun
		}
	}
	if IsHistogramRow(t) {
		return StartRun
	}
	label, val, ok := CutLabel(t)
	if ok && label != "" && label[0] >= '0' && label[0] <= '9' {
		if _, _, ok := threadsPrefix(label); ok {
			return StartField
		}
	}
	if !ok {
		switch {
		case t == "Threads started!", t == "Latency histogram (values are in milliseconds)",
			t == "Initializing worker threads...":
			return StartRun
		case t[0] >= '0' && t[0] <= '9' && memTransferLine(t), fileio04Line(t):
			// "102400.00 MiB transferred (12481.33 MiB/sec)" kept after
			// the command with the rest of the output elided, "Read
			// 515.62Mb Written 343.75Mb Total transferred 859.38Mb
			// (2.8644Mb/sec)" copied under a label: the memory or fileio
			// test's result, wherever it stands.
			return StartRun
		}
		return StartNone
	}
	switch {
	case runHeading(label):
		if strings.TrimSpace(val) == "" {
			return StartRun
		}
		return StartNone
	case fragmentValue(label):
		if _, _, ok := scan.LeadingNum(val); ok {
			return StartFragment
		}
		return StartNone
	case fragmentHeading(label):
		if strings.TrimSpace(val) == "" {
			return StartFragment
		}
		return StartNone
	}
	switch label {
	case "FATAL":
		// A run refused at start ("FATAL: --histogram cannot be used with
		// --percentile=0") right after its command line.
		if s == nil {
			break
		}
		if action, ok := s.PendingAction(); ok && action == "run" {
			return StartRun
		}
	case "Number of threads":
		if _, err := scan.Atoi(strings.TrimSpace(val)); err == nil {
			return StartRun
		}
	case "total time":
		if v, rest, ok := scan.LeadingNum(val); ok && v >= 0 && strings.HasPrefix(rest, "s") {
			return StartRun
		}
	case "Total operations", "Operations performed":
		if _, _, ok := scan.LeadingNum(val); ok {
			return StartRun
		}
	case "transactions", "queries", "events per second":
		// A field line kept alone (grep-filtered, quoted in prose) is
		// a run's result wherever it stands: "transactions: 89778
		// (1496.01 per sec.)", "events per second: 337.06".
		if v, rest, ok := scan.LeadingNum(val); ok && (label == "events per second" || strings.Contains(rest, "per sec")) {
			rate := -1.0
			if label != "events per second" {
				rate, _ = PerSec(rest)
			}
			if s != nil && (label == "transactions" && s.Filtered() || s.Restated(v, rate)) {
				// a filtered transactions line is parse's (txline.go); a value an
				// earlier run printed is quoted, not measured again
				return StartNone
			}
			return StartField
		}
	default:
		if _, ok := PercentileRank(label); ok {
			if _, _, ok := scan.LeadingNum(val); ok {
				return StartFragment
			}
		}
	}
	return StartNone
}

func newBlock(l *Line, s Sink) *Block {
	prep := false
	if action, ok := s.PendingAction(); ok {
		prep = action == "prepare" || action == "cleanup" || action == "help"
	}
	r := s.StartRun(l.No)
	b := &Block{s: s, r: r, prepare: prep}
	// A "WARNING: ..." printed just before the banner belongs to the run.
	for _, h := range s.Headings() {
		if h.No >= l.No-4 && h.No < l.No && strings.HasPrefix(h.Text, "WARNING:") {
			r.Warn(h.No, "sysbench: "+h.Text)
		}
	}
	return b
}

func (b *Block) feed(l *Line) status {
	if b.cp != nil {
		st := b.cp.feed(l)
		if st != rejected {
			if b.cp.finished {
				b.cp.end()
				b.cp = nil
			}
			return consumed
		}
		b.cp.end()
		b.cp = nil
	}
	st := b.feedLine(l)
	if st == consumed || st == done {
		if l.Text != "" {
			*b.r.EndLine = l.No
		}
	}
	return st
}

// feedLine does the work of feed for this run's own lines.
func (b *Block) feedLine(l *Line) status {
	if b.prefix != "" {
		// "16 queries: ..." after "16 transactions: ...": the prefix
		// is read off; another count is another run.
		if !strings.HasPrefix(l.Text, b.prefix) {
			if l.Text == "" {
				return consumed
			}
			return rejected
		}
		cp := *l
		cp.Text = l.Text[len(b.prefix):]
		l = &cp
	}
	t := l.Text
	r := b.r
	if t == "" {
		if b.sec == secHistogram || b.sec == secMemParams {
			b.sec = secNone
		}
		return consumed
	}
	if b.cutLine != 0 {
		b.s.Errorf(b.cutLine, "sysbench %s: value missing (expected a number)", b.cutLabel)
		b.cutLine, b.cutSeen = 0, true
	}
	if t[0] == '[' {
		// Interim lines first: most lines of a long run are. No interim
		// line is report-hook output ("[" alone opens report_json).
		if st, ok := b.interim(l); ok {
			return st
		}
	}
	// Report-hook output (report_csv, report_json) replaces sysbench's own
	// reports: the header read so far is handed to the hook run (parse's
	// hook.go).
	if b.marks&(MarkInterim|MarkHistogram) == 0 && b.stage != stReport && b.s.HookStart(t) {
		b.toHook = true
		return rejected
	}
	if b.sec == secHistogram {
		if bk, cut, ok := HistogramRow(t); ok {
			if cut {
				b.cutLine, b.cutLabel = l.No, "histogram row"
				return consumed
			}
			if len(*r.Histogram) >= MaxHistogramBuckets {
				b.histCut.add(l.No)
				return consumed
			}
			*r.Histogram = append(*r.Histogram, bk)
			return consumed
		}
		if strings.HasPrefix(t, "value") && strings.HasSuffix(t, "count") {
			return consumed
		}
		b.sec = secNone
	} else if IsHistogramRow(t) {
		if b.finished || b.has(MarkHistogram) && len(*r.Histogram) > 0 {
			return rejected
		}
		b.mark(MarkHistogram)
		b.sec = secHistogram
		b.stage = stReport
		return b.feedLine(l)
	}
	if t[0] == 's' && strings.HasPrefix(t, "sysbench ") {
		return b.plain(l, t)
	}
	label, val, hasColon := CutLabel(t)
	if !hasColon {
		return b.plain(l, t)
	}
	return b.labelled(l, label, val)
}

// interim handles a line starting with '['. ok is false when the line is
// not an interim line.
func (b *Block) interim(l *Line) (status, bool) {
	// The line is read into the slot after the kept intervals, which
	// becomes theirs when the line is kept.
	if b.ivs == nil {
		b.ivs = (*intervalPool.Get().(*[]model.Interval))[:0]
	}
	n := len(b.ivs)
	if n == cap(b.ivs) {
		b.ivs = slices.Grow(b.ivs, 1)
	}
	iv := &b.ivs[:n+1][n]
	kind, err := ParseInterimInto(l.Text, l.No, iv)
	if kind == InterimNone && err == nil {
		return 0, false
	}
	if b.checkpoint || b.finished || b.stage == stReport {
		return rejected, true
	}
	if err != nil {
		b.s.Errorf(l.No, "%v", err)
		return consumed, true
	}
	r := b.r
	if kind == InterimCheckpoint {
		b.cp = &Block{s: b.s, checkpoint: true, stage: stReport,
			r: r.Checkpoint(l.No, strconv.FormatFloat(iv.T, 'f', -1, 64))}
		return consumed, true
	}
	if n > 0 && (b.captionAfterInterim || b.textAfterInterim && iv.T < b.ivs[n-1].T) {
		// A caption, or a line of text and an interim line whose time
		// starts over ("db two on nvme:" then "[ 2s ] ..." after
		// "[ 50s ] ..."): another run's, under that line.
		return rejected, true
	}
	b.textAfterInterim, b.captionAfterInterim = false, false
	b.stage = stInterim
	b.mark(MarkInterim)
	if name, v := impossibleValue(iv); name != "" {
		r.Warn(l.No, "interim line dropped: impossible "+name+" "+strconv.FormatFloat(v, 'f', 2, 64)+" (unsigned underflow in sysbench)")
		return consumed, true
	}
	if !math.IsNaN(iv.Threads) && iv.Threads > b.maxThds {
		b.maxThds = iv.Threads
	}
	if n > 0 && iv.T <= b.ivs[n-1].T {
		// Rate-mode "queue length" lines share the timestamp of a report line.
		for i := n - 1; i >= 0 && i >= n-4; i-- {
			p := &b.ivs[i]
			if p.T != iv.T {
				continue
			}
			if rateOnly(iv) && math.IsNaN(p.QueueLength) {
				p.QueueLength, p.Concurrency = iv.QueueLength, iv.Concurrency
				return consumed, true
			}
			if rateOnly(p) && math.IsNaN(iv.QueueLength) {
				iv.QueueLength, iv.Concurrency = p.QueueLength, p.Concurrency
				iv.Line = p.Line
				*p = *iv
				return consumed, true
			}
		}
		dup := 0
		for i := n - 1; i >= 0 && i >= n-maxRepeatLookback; i-- {
			if sameInterval(&b.ivs[i], iv) {
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
	if n >= MaxIntervals {
		b.ivCut.add(l.No)
		return consumed, true
	}
	b.ivs = b.ivs[:n+1]
	return consumed, true
}

func fmtSec(t float64) string { return strconv.FormatFloat(t, 'f', -1, 64) + "s" }

// intervalPool holds the buffers interim lines are collected in, so that a
// long run costs one exact-size allocation instead of a growing slice.
var intervalPool = sync.Pool{New: func() any { s := make([]model.Interval, 0, 512); return &s }}

// impossibleValue returns the name and value of the first field of iv that
// no real run can print. NaN (absent) fields compare false and pass.
func impossibleValue(iv *model.Interval) (string, float64) {
	// Nearly every line has none: the fields are first compared one by
	// one, without gathering them.
	if possibleValue(iv.Threads) && possibleValue(iv.TPS) && possibleValue(iv.QPS) &&
		possibleValue(iv.Reads) && possibleValue(iv.Writes) && possibleValue(iv.Other) &&
		possibleValue(iv.LatMs) && possibleValue(iv.ErrS) && possibleValue(iv.ReconnS) &&
		possibleValue(iv.EPS) && possibleValue(iv.ReadMiBs) && possibleValue(iv.WriteMiBs) &&
		possibleValue(iv.FsyncS) && possibleValue(iv.MiBs) && possibleValue(iv.QueueLength) &&
		possibleValue(iv.Concurrency) {
		return "", 0
	}
	vals := [...]float64{iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.ErrS,
		iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs, iv.QueueLength, iv.Concurrency}
	for i, v := range vals {
		if v > impossible || v < 0 {
			return intervalFieldNames[i], v
		}
	}
	return "", 0
}

// possibleValue reports whether v, an interim value, is one a real run
// can print, or absent (NaN).
func possibleValue(v float64) bool { return !(v > impossible || v < 0) }

var intervalFieldNames = [...]string{"threads", "tps", "qps", "reads", "writes", "other", "latency",
	"errors", "reconnects", "eps", "read MiB/s", "write MiB/s", "fsyncs", "MiB/s", "queue length", "concurrency"}

func rateOnly(iv *model.Interval) bool {
	return !math.IsNaN(iv.QueueLength) && math.IsNaN(iv.Threads) && math.IsNaN(iv.TPS) &&
		math.IsNaN(iv.EPS) && math.IsNaN(iv.ReadMiBs) && math.IsNaN(iv.MiBs)
}

func sameInterval(a, b *model.Interval) bool {
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

// header reports whether a header line may still belong to this run.
func (b *Block) headerOK() bool {
	return b.stage == stPrelude && !b.checkpoint
}

// plain handles a line without a colon: a line of the banner and header
// (headerText), of the report (reportText), or of a Lua error.
func (b *Block) plain(l *Line, t string) status {
	if b.stage == stPrelude {
		b.r.HeaderLine(t)
	}
	if st, ok := b.headerText(l, t); ok {
		return st
	}
	if st, ok := b.reportText(l, t); ok {
		return st
	}
	if strings.HasPrefix(t, "stack traceback") || strings.HasPrefix(t, "[C]") || strings.HasPrefix(t, "[string ") ||
		strings.Contains(t, ".lua:") {
		b.luaError(l)
		return consumed
	}
	if l.Cmd && b.begun() {
		return rejected
	}
	return b.unknown()
}

// begun reports whether the run has read more than its banner.
func (b *Block) begun() bool {
	return b.has(MarkHeader) || b.stage != stPrelude || b.has(MarkBanner)
}

// unknown handles a line the run does not know: noise inside a run, the
// end of the run once its report is finished.
func (b *Block) unknown() status {
	if b.finished {
		return rejected
	}
	// Unknown text inside a run (prose, tool noise, Lua prints) is skipped.
	if b.stage == stInterim {
		b.textAfterInterim = true
	}
	return skipped
}

func (b *Block) luaError(l *Line) {
	b.fatal = true
	if !b.luaErr {
		b.luaErr = true
		b.r.Warn(l.No, "sysbench Lua error: "+l.Text)
	}
}

// bad reports a malformed value inside a known block.
func (b *Block) bad(l *Line, what, val, expected string) status {
	b.s.Errorf(l.No, "sysbench %s: bad value %q (expected %s)", what, strings.TrimSpace(val), expected)
	return consumed
}

func (b *Block) setTestFromBanner(no int, t string) {
	test := ""
	for _, d := range doingTests {
		if strings.HasPrefix(t, d.prefix) {
			test = d.test
			break
		}
	}
	if r := b.r; test != "" && test != "oltp" && *r.Test != "" && *r.Test != test && *r.Command != "" {
		// "Doing thread subsystem performance test" under a fileio
		// command: the output is of another run than the command shown
		// (pasted again under the next step). What it did wins; the
		// command's options are not this run's.
		r.Warn(no, "the output's own line "+strconv.Quote(t)+" names the "+test+" test, not the "+*r.Test+
			" test of the command above ("+strconv.Quote(*r.Command)+"): the command is not this run's, its options are not counted")
		*r.Test = test
		r.DropCommand()
		if *r.ThreadsFrom == "command" {
			*r.Threads, *r.ThreadsFrom = nil, ""
		}
		return
	}
	b.setTest(test)
}

func (b *Block) setTest(test string) {
	if test != "" && *b.r.Test == "" {
		*b.r.Test = test
	}
}

// has reports whether every mark of m is set.
func (b *Block) has(m Marks) bool { return b.marks&m == m }

// mark sets the marks of m.
func (b *Block) mark(m Marks) { b.marks |= m }

// Feed offers the next line (model.Block).
func (b *Block) Feed(l *Line) status { return b.feed(l) }

// End finishes the run (model.Block), through the Sink it started with.
func (b *Block) End(model.Sink) { b.end() }

// end finishes the run: fallbacks, layout, completeness, then emits it.
func (b *Block) end() {
	s := b.s
	if b.cp != nil {
		b.cp.end()
		b.cp = nil
	}
	r := b.r
	hasResult := b.has(MarkInterim) || b.stage == stReport || b.has(MarkHistogram)
	if b.toHook && !hasResult {
		r.HandOver()
		return
	}
	if !hasResult && (b.prepare || !b.has(MarkHeader) && !b.fatal) && !b.checkpoint {
		// A banner alone, or prepare, cleanup or help output (also when it
		// failed): not a run.
		s.Recognised()
		if b.cutLine != 0 {
			s.Errorf(b.cutLine, "sysbench %s: value missing (expected a number)", b.cutLabel)
		}
		return
	}
	if b.fatal && !hasResult && !b.checkpoint {
		// A run that failed before it measured anything is no result.
		s.Recognised()
		msg := "sysbench run failed before reporting any result"
		for _, w := range *r.Warnings {
			if strings.Contains(w, "FATAL") || strings.Contains(w, "Lua error") {
				msg += " (" + w + ")"
				break
			}
		}
		s.Errorf(r.Line, "%s: not counted (expected a report)", msg)
		return
	}
	if (b.cutLine != 0 || b.cutSeen) && !b.has(MarkHeader) && !b.has(MarkInterim) && !b.has(MarkHistogram) && b.measuredNothing() {
		// A block title and its field with the value left out ("CPU
		// speed:" over "events per second:" alone, the field a note
		// goes on to report in a table): what the fragment lacks is
		// missing, and a fragment that measured nothing is no run.
		s.Recognised()
		if b.cutLine != 0 {
			s.Errorf(b.cutLine, "sysbench %s: value missing (expected a number)", b.cutLabel)
		}
		return
	}
	if b.cutLine != 0 {
		r.Warn(b.cutLine, "input cut short: no value after "+b.cutLabel)
	}
	b.finish()
	r.Emit()
}

// measuredNothing reports a run that holds no measurement at all: no
// rate, time, count, latency or block of figures.
func (b *Block) measuredNothing() bool {
	r := b.r
	l := r.Latency
	return *r.TPS == nil && *r.QPS == nil && *r.EPS == nil && *r.CPUSpeedEPS == nil && *r.TotalTimeS == nil &&
		*r.Events == nil && l.Min == nil && l.Avg == nil && l.Max == nil && l.Sum == nil && len(l.Percentiles) == 0 &&
		*r.SQL == nil && *r.Fairness == nil && *r.FileIO == nil && *r.Memory == nil && len(b.ivs) == 0
}

func (b *Block) finish() {
	r := b.r
	if b.ivs != nil {
		// Keep a copy of the size needed (not cleared first); the growing
		// buffer goes back to the pool.
		if len(b.ivs) > 0 {
			r.SetIntervals(b.ivs)
		}
		buf := b.ivs[:0]
		b.ivs = nil
		intervalPool.Put(&buf)
	}
	// Headline rates: TPS and QPS from the statistics block, EPS as printed.
	if s := *r.SQL; s != nil {
		if s.TransactionsPS != nil {
			*r.TPS = fptr(*s.TransactionsPS)
		}
		switch {
		case s.QueriesPS != nil:
			*r.QPS = fptr(*s.QueriesPS)
		case s.RWRequestsPS != nil:
			*r.QPS = fptr(*s.RWRequestsPS)
		}
	}
	if *r.EPS == nil && *r.SQL == nil {
		*r.EPS = r.PrintedEPS()
	}
	if *r.EPS == nil && *r.SQL == nil &&
		*r.Events != nil && *r.TotalTimeS != nil && **r.TotalTimeS > 0 {
		// cpu, threads, mutex and custom scripts print no rate before 1.0.8/1.1
		// (FORMATS.md §9): derived, and said so.
		if eps := float64(**r.Events) / **r.TotalTimeS; !math.IsInf(eps, 0) && eps >= 0 {
			*r.EPS = fptr(eps)
			r.Warn(0, "eps derived as total number of events / total time (not printed)")
		}
	}
	// Threads: header, command, interim maximum, fairness ratio.
	if *r.Threads == nil && b.maxThds > 0 {
		*r.Threads, *r.ThreadsFrom = iptr(int(b.maxThds)), "interim"
	}
	if *r.Threads == nil && *r.Fairness != nil && (*r.Fairness).EventsAvg != nil && *r.Events != nil {
		if n, ok := FairnessThreads(float64(**r.Events), *(*r.Fairness).EventsAvg); ok {
			*r.Threads, *r.ThreadsFrom = iptr(n), "fairness"
		}
	}
	*r.Layout = b.marks.Layout()
	// Completeness.
	*r.Complete = b.finished && !b.fatal
	if !b.finished {
		var missing []string
		switch {
		case b.stage != stReport:
			if b.has(MarkInterim) {
				missing = append(missing, "cumulative report (interim lines only)")
			} else {
				missing = append(missing, "interim lines and cumulative report (header only)")
			}
		default:
			if b.has(MarkSQL) && (*r.SQL == nil || (*r.SQL).TransactionsPS == nil) {
				missing = append(missing, "statistics block (cut short)")
			}
			if b.marks&(MarkGeneral|MarkEPS|MarkIOPS) == 0 {
				missing = append(missing, "general statistics")
			}
			if !b.has(MarkLatMin | MarkLatAvg | MarkLatMax) {
				missing = append(missing, "latency")
			}
			if !b.has(MarkFairEvents | MarkFairExec) {
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

// fragment is the tail of a report whose beginning is not in the input
// (FORMATS.md §0.4): reported once and skipped.
type fragment struct {
	first, last int
	label       string
}

func (f *fragment) Feed(l *Line) status {
	t := l.Text
	if t == "" {
		return consumed
	}
	if StartKind(t, nil) == StartFragment {
		f.last = l.No
		return consumed
	}
	return rejected
}

func (f *fragment) End(s model.Sink) {
	s.Errorf(f.first, "sysbench report fragment without its beginning (lines %d-%d) skipped: expected a banner, options header or statistics heading before %q",
		f.first, f.last, f.label)
}
