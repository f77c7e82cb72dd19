package sysbench

import (
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// The cumulative report. Each block of it (FORMATS.md §1–§3) has a
// section reader: the labels of its value lines and a function that reads
// them. A "label: value" line goes first to the reader of the block the
// run is in, then, if that reader does not know the label, to the
// headings that open blocks and to the labels read anywhere in a run
// (header.go). The dialect is not decided here: readers set
// marks (layout.go) and the run's layout is named at its end.

// A sectionReader reads the value lines of one block of the report.
type sectionReader struct {
	// isValue reports whether label names a value line of the block: one
	// printed without its value is input cut short, one holding a negative
	// number is refused. Nil for a block without values.
	isValue func(label string) bool
	// read reads a line of the block; ok is false when label is not one of
	// its lines.
	read func(b *Block, l *Line, label, val string) (st status, ok bool)
}

// sectionReaders are the readers of the report's blocks, by section.
var sectionReaders = [...]sectionReader{
	secSQL:        {isSQLValue, (*Block).sqlLine},
	secGeneral:    {isGeneralValue, (*Block).generalLine},
	secLatency:    {isLatencyValue, (*Block).latencyLine},
	secFairness:   {isFairnessValue, (*Block).fairnessLine},
	secFileOps:    {isFileOpsValue, (*Block).fileOpsLine},
	secThroughput: {isGeneralValue, (*Block).throughputLine},
	secCPU:        {isCPUValue, (*Block).cpuLine},
	secHistogram:  {},
	secMemParams:  {nil, (*Block).memParamsLine},
}

// reportHeading returns how the heading label, printed with no value,
// opens a block of the report; nil for a label that is no heading.
func reportHeading(label string) func(b *Block, label string) status {
	switch label {
	case "OLTP test statistics", "SQL statistics":
		return (*Block).openSQL
	case "General statistics", "Test execution summary":
		return (*Block).openGeneral
	case "Latency (ms)":
		return (*Block).openLatency
	case "Threads fairness":
		return (*Block).openFairness
	case "File operations":
		return (*Block).openFileOps
	case "Throughput":
		return (*Block).openThroughput
	case "CPU speed":
		return (*Block).openCPU
	}
	return nil
}

// labelled handles "label: value" lines.
func (b *Block) labelled(l *Line, label, val string) status {
	empty := strings.TrimSpace(val) == ""
	if !empty && (b.stage == stPrelude || label == "Maximum prime number checked in CPU test") {
		b.r.HeaderLabel(label, val, b.sec == secMemParams)
	}
	sr := &sectionReaders[b.sec]
	if sr.isValue != nil && 'A' <= label[0] && label[0] <= 'Z' {
		// A field of the open block retyped with a capital ("CPU
		// speed:" over "Events per second: 1453.98"): sysbench prints
		// every value label in lower case, so the block's own field.
		if low := string(label[0]|0x20) + label[1:]; sr.isValue(low) {
			label = low
		}
	}
	if sr.isValue != nil && sr.isValue(label) {
		if empty {
			b.cutLine, b.cutLabel = l.No, label
			return consumed
		}
		if b.refuseNegative(l, label, val) {
			return consumed
		}
	}
	if sr.read != nil {
		if st, ok := sr.read(b, l, label, val); ok {
			return st
		}
	}
	if empty {
		if open := reportHeading(label); open != nil {
			return open(b, label)
		}
	}
	if read := runLabel(label); read != nil {
		return read(b, l, label, val)
	}
	if empty && b.stage == stInterim {
		// A caption among interim lines ("aws rds mysql on gp ssd:"
		// over "[ 9s ] thds: 10 …"): the lines under it are another
		// run's, which it names.
		b.captionAfterInterim = true
	}
	return b.unknown()
}

// startBlock enters a cumulative-report block. It returns false when the
// block was already read in this run (the line starts a new run).
func (b *Block) startBlock(sec section, seen Marks) bool {
	if b.has(seen) || b.finished {
		return false
	}
	b.mark(seen)
	b.sec = sec
	b.stage = stReport
	return true
}

// --- OLTP test statistics (0.4, 0.5), SQL statistics (1.0+) ------------------

func (b *Block) openSQL(label string) status {
	if !b.startBlock(secSQL, MarkSQL) {
		return rejected
	}
	if label == "SQL statistics" {
		b.mark(Mark10)
	} else {
		b.mark(Mark04)
		// 0.4 and 0.5 print "OLTP test statistics" for their OLTP test
		// (0.5 for every database script): the name a reader gives a
		// run no command or banner names.
		b.setTest("oltp")
	}
	return consumed
}

func (b *Block) sqlLine(l *Line, label, val string) (status, bool) {
	switch {
	case label == "queries performed": // the heading of read, write, other, total
		return consumed, true
	case isSQLValue(label):
		return b.sqlCount(l, label, val), true
	}
	return 0, false
}

// --- General statistics (0.5+), Test execution summary (0.4) -----------------

func (b *Block) openGeneral(label string) status {
	if label == "Test execution summary" {
		b.mark(MarkTES)
	}
	if !b.startBlock(secGeneral, MarkGeneral) {
		return rejected
	}
	return consumed
}

func (b *Block) generalLine(l *Line, label, val string) (status, bool) {
	switch label {
	case "total time", "time elapsed":
		return b.totalTime(l, label, val), true
	case "total number of events":
		return b.events(l, label, val), true
	case "total time taken by event execution":
		v, _, ok := scan.LeadingNum(val)
		if !ok || math.IsInf(v*1000, 0) {
			return b.bad(l, label, val, "seconds"), true
		}
		b.r.Latency.Sum = fptr(v * 1000)
		return consumed, true
	case "response time", "per-request statistics":
		// The latency sub-block of 0.4 and 0.5 (and of 1.0 pre-releases).
		if strings.TrimSpace(val) != "" {
			return 0, false
		}
		b.mark(MarkRespTime)
		b.sec = secLatency
		return consumed, true
	case "min", "avg", "max", "sum":
		// The latency block with its heading filtered out: a script
		// that keeps "total time|min|avg|max" of each output prints
		// "min: 1.39" right under "total time: 10.0014s". No other block
		// of a report has these lines, so the run's latency begins here
		// (once: a run with latency read already ends, and the line
		// starts the next report's fragment).
		if b.marks&(MarkLatencyMs|MarkRespTime|MarkLatMin|MarkLatAvg|MarkLatMax) != 0 {
			return 0, false
		}
		if _, _, ok := scan.LeadingNum(val); !ok {
			return 0, false
		}
		b.sec = secLatency
		return b.latency(l, label, val), true
	}
	return 0, false
}

// totalTime reads "total time: 60.0003s" and 1.1's "time elapsed: 10.0001s".
func (b *Block) totalTime(l *Line, label, val string) status {
	if label == "time elapsed" {
		b.mark(MarkEPS)
	}
	v, rest, ok := scan.LeadingNum(val)
	if !ok || v < 0 || !strings.HasPrefix(rest, "s") {
		return b.bad(l, label, val, "seconds such as 60.0003s")
	}
	*b.r.TotalTimeS = fptr(v)
	return consumed
}

// events reads "total number of events: 12345".
func (b *Block) events(l *Line, label, val string) status {
	n, ok := LeadingInt(val)
	if !ok {
		return b.bad(l, label, val, "an integer")
	}
	*b.r.Events = i64ptr(n)
	return consumed
}

// headlessTotalTime reads a total time outside the general and throughput
// blocks: a report whose heading was lost ("General" / "statistics:"
// broken over two lines) starts its general block here.
func (b *Block) headlessTotalTime(l *Line, label, val string) status {
	if label == "time elapsed" {
		b.mark(MarkEPS)
	}
	if !b.startBlock(secGeneral, MarkGeneral) {
		return rejected
	}
	return b.totalTime(l, label, val)
}

// --- Latency (ms) (1.0+), response time / per-request statistics (0.4, 0.5) --

func (b *Block) openLatency(string) status {
	if b.has(MarkLatencyMs) || b.has(MarkRespTime) || b.finished {
		return rejected
	}
	b.mark(MarkLatencyMs)
	b.sec, b.stage = secLatency, stReport
	return consumed
}

func (b *Block) latencyLine(l *Line, label, val string) (status, bool) {
	switch label {
	case "min", "avg", "max", "sum":
		return b.latency(l, label, val), true
	case "percentile stats":
		b.r.Latency.PercentileDisabled = true
		return consumed, true
	}
	if rank, ok := PercentileRank(label); ok {
		return b.latencyPct(l, rank, val), true
	}
	return 0, false
}

// --- Threads fairness --------------------------------------------------------

func (b *Block) openFairness(string) status {
	if b.has(MarkFairness) {
		return rejected
	}
	b.mark(MarkFairness)
	b.sec, b.stage = secFairness, stReport
	return consumed
}

func (b *Block) fairnessLine(l *Line, label, val string) (status, bool) {
	if !isFairnessValue(label) {
		return 0, false
	}
	return b.fairness(l, label, val), true
}

// --- File operations (1.0 fileio) --------------------------------------------

func (b *Block) openFileOps(string) status {
	if !b.startBlock(secFileOps, MarkFileOps) {
		return rejected
	}
	b.mark(Mark10)
	b.setTest("fileio")
	return consumed
}

func (b *Block) fileOpsLine(l *Line, label, val string) (status, bool) {
	if !isFileOpsValue(label) {
		return 0, false
	}
	v, _, ok := scan.LeadingNum(val)
	if !ok {
		return b.bad(l, "fileio "+label, val, "a number of operations per second"), true
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
	return consumed, true
}

// --- Throughput (1.0 fileio MiB/s; 1.1 eps, IOPS) ----------------------------

func (b *Block) openThroughput(string) status {
	if !b.startBlock(secThroughput, MarkThroughput) {
		return rejected
	}
	b.mark(Mark10)
	return consumed
}

func (b *Block) throughputLine(l *Line, label, val string) (status, bool) {
	switch label {
	case "read", "write", "fsync":
		return b.iops(l, label, val), true
	case "read, MiB/s", "written, MiB/s":
		v, _, ok := scan.LeadingNum(val)
		if !ok {
			return b.bad(l, "fileio "+label, val, "a number of MiB per second"), true
		}
		if label == "read, MiB/s" {
			b.fio().ReadMiBs = fptr(v)
		} else {
			b.fio().WrittenMiBs = fptr(v)
		}
		b.setTest("fileio")
		return consumed, true
	case "events/s (eps)":
		v, rest, ok := scan.LeadingNum(val)
		if !ok {
			return b.bad(l, label, val, "a number of events per second"), true
		}
		b.sideBySide(l, rest)
		b.mark(MarkEPS)
		*b.r.EPS = fptr(v)
		return consumed, true
	case "total time", "time elapsed":
		return b.totalTime(l, label, val), true
	case "total number of events":
		return b.events(l, label, val), true
	}
	return 0, false
}

// sideBySide warns, once a run, when what follows a headline value on
// its line (rest) is another value of its kind after a gap of two
// spaces or more: "transactions:  159889(22.20 per sec.)    171598(23.83
// per sec.)", two outputs printed side by side in columns, as a mail
// comparing two kernels does. The run takes the first column's; the
// others are not read as runs, and the warning says so instead of
// losing them without a word. A comment after the value ("# 总事务数",
// "-- 每秒事务数", "300s执行了…") is no value.
func (b *Block) sideBySide(l *Line, rest string) {
	if b.sideSeen {
		return
	}
	t := strings.TrimLeft(rest, " \t")
	if len(rest)-len(t) < 2 || t == "" || t[0] < '0' || t[0] > '9' {
		return
	}
	tok, _, _ := strings.Cut(t, " ")
	j := 0
	for j < len(tok) && (tok[j] >= '0' && tok[j] <= '9' || tok[j] == '.' || tok[j] == ',') {
		j++
	}
	if j < len(tok) && tok[j] != '(' {
		return
	}
	b.sideSeen = true
	b.r.Warn(l.No, "a second value ("+tok+") follows this run's on its line: outputs printed side by side; only the first column is read")
}

// --- CPU speed (1.0+ cpu) ----------------------------------------------------

func (b *Block) openCPU(string) status {
	if !b.startBlock(secCPU, MarkCPU) {
		return rejected
	}
	b.mark(Mark10)
	b.setTest("cpu")
	return consumed
}

func (b *Block) cpuLine(l *Line, label, val string) (status, bool) {
	if label != "events per second" {
		return 0, false
	}
	v, rest, ok := scan.LeadingNum(val)
	if !ok {
		return b.bad(l, "cpu "+label, val, "a number of events per second"), true
	}
	if b.fieldRun && *b.r.CPUSpeedEPS != nil {
		return rejected, true // a field repeats: the next run's fragment
	}
	b.sideBySide(l, rest)
	b.s.NotePrinted(v, -1)
	*b.r.CPUSpeedEPS = fptr(v)
	if *b.r.EPS == nil {
		*b.r.EPS = fptr(v)
	}
	return consumed, true
}

// --- 1.0 memory parameters: "Running memory speed test with the following options:"

func (b *Block) memParamsLine(_ *Line, label, _ string) (status, bool) {
	if isMemParam(label) {
		return consumed, true
	}
	return 0, false
}

// --- Report lines without a colon ---------------------------------------------

// reportText reads a report line without a label: the histogram heading,
// the 0.4 fileio and memory results, a heading broken over two lines. ok
// is false for a line that is none of them.
func (b *Block) reportText(l *Line, t string) (st status, ok bool) {
	switch {
	case t == "Latency histogram (values are in milliseconds)":
		if !b.startBlock(secHistogram, MarkHistogram) {
			return rejected, true
		}
		b.mark(Mark10)
		if *b.r.Histogram == nil {
			*b.r.Histogram = []model.Bucket{}
		}
		return consumed, true
	case strings.HasSuffix(t, "Requests/sec executed"):
		if j := strings.IndexByte(t, ')'); t[0] == '(' && j > 0 && strings.Contains(t[:j], "/sec") {
			// "(7.2762Mb/sec) 465.67 Requests/sec executed": a re-flowed
			// page moved the transfer rate to the start of this line.
			if v, ok := ByteSize(t[1:j]); ok && b.fio().TotalMiBs == nil {
				b.fio().TotalMiBs = fptr(v / (1 << 20))
			}
			t = strings.TrimSpace(t[j+1:])
		}
		v, _, ok := scan.LeadingNum(t)
		if !ok {
			return b.bad(l, "fileio requests", t, "a number of requests per second"), true
		}
		b.fio().RequestsPS = fptr(v)
		b.mark(Mark04)
		b.stage = stReport
		return consumed, true
	case (strings.HasPrefix(t, "Read ") || strings.HasPrefix(t, "Total Read ")) && strings.Contains(t, "Written ") && strings.Contains(t, "Total transferred"):
		// "Total Read …": the "Total" ending the line above, moved here by a re-flow.
		return b.fileio04Bytes(l, t), true
	case strings.Contains(t, " transferred (") || strings.Contains(t, " transferred(") && memTransferLine(t):
		return b.memTransferred(l, t), true
	case t == "General":
		// A heading broken over two lines by a web page ("General" / "statistics:").
		return consumed, true
	}
	return 0, false
}

// --- Value lines shared by blocks, and the 0.4 fileio and memory results -----

func (b *Block) fio() *model.FileIO {
	if *b.r.FileIO == nil {
		*b.r.FileIO = &model.FileIO{}
	}
	return *b.r.FileIO
}

func (b *Block) sql() *model.SQLStats {
	if *b.r.SQL == nil {
		*b.r.SQL = &model.SQLStats{}
	}
	return *b.r.SQL
}

func (b *Block) mem() *model.Memory {
	if *b.r.Memory == nil {
		*b.r.Memory = &model.Memory{}
	}
	return *b.r.Memory
}

// fileio04Bytes reads "Read 9.8451Gb  Written 0b  Total transferred 9.8451Gb  (33.604Mb/sec)".
func (b *Block) fileio04Bytes(l *Line, t string) status {
	f := strings.Fields(t)
	fio := b.fio()
	b.mark(Mark04)
	b.stage = stReport
	b.setTest("fileio") // only fileio reports bytes read, written and transferred
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "Read":
			v, ok := ByteSize(f[i+1])
			if !ok {
				return b.bad(l, "fileio read", f[i+1], "a size such as 9.8451Gb")
			}
			fio.ReadBytes = fptr(v)
		case "Written":
			v, ok := ByteSize(f[i+1])
			if !ok {
				return b.bad(l, "fileio written", f[i+1], "a size such as 320.31Mb")
			}
			fio.WrittenBytes = fptr(v)
		}
	}
	if i := strings.LastIndexByte(t, '('); i >= 0 {
		v, ok := ByteSize(t[i+1:])
		if !ok || !strings.Contains(t[i:], "/sec") {
			return b.bad(l, "fileio transfer rate", t[i:], "a rate such as (33.604Mb/sec)")
		}
		fio.TotalMiBs = fptr(v / (1 << 20))
	}
	return consumed
}

// memTransferred reads "102400.00 MB transferred (582.47 MB/sec)" (0.4/0.5,
// MB = MiB) and "87104.43 MiB transferred (8710.36 MiB/sec)" (1.0+).
func (b *Block) memTransferred(l *Line, t string) status {
	v, rest, ok := scan.LeadingNum(t)
	rest = strings.TrimSpace(rest)
	if !ok || !(strings.HasPrefix(rest, "MB ") || strings.HasPrefix(rest, "MiB ")) {
		return b.unknown()
	}
	if test := *b.r.Test; test != "" && test != "memory" {
		// A memory result below another test's output that never
		// finished (a cpu output cut after "events per second:", then
		// the memory command and its result line): the memory run's own.
		return rejected
	}
	if b.has(MarkGeneral) {
		// sysbench prints the transfer line above its general
		// statistics: one below them (a script's filtered output,
		// "total time" then the next test's "3072.00 MiB transferred")
		// is the next run's.
		return rejected
	}
	m := b.mem()
	b.mark(MarkMemory)
	b.stage = stReport
	b.setTest("memory")
	m.TransferMiB = fptr(v)
	i := strings.IndexByte(rest, '(')
	if i < 0 {
		return b.bad(l, "memory transferred", t, "a rate such as (582.47 MB/sec)")
	}
	s, _, ok := scan.LeadingNum(rest[i+1:])
	if !ok {
		return b.bad(l, "memory transferred", rest[i:], "a rate such as (582.47 MB/sec)")
	}
	m.TransferMiBs = fptr(s)
	return consumed
}

// sqlCount reads a line of the OLTP/SQL statistics block.
func (b *Block) sqlCount(l *Line, label, val string) status {
	n, ok := LeadingInt(val)
	if !ok {
		return b.bad(l, "statistics "+label, val, "an integer count")
	}
	s := b.sql()
	if b.fieldRun && (label == "transactions" && s.Transactions != nil || label == "queries" && s.Queries != nil) {
		return rejected // a field repeats: the next run's fragment
	}
	if label == "transactions" || label == "queries" {
		if ps, ok := PerSec(val); ok {
			b.s.NotePrinted(float64(n), ps)
		}
	}
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
	ps, ok := PerSec(val)
	if !ok {
		return b.bad(l, "statistics "+label, val, "a count and a rate such as 12701  (845.49 per sec.)")
	}
	if label == "transactions" || label == "queries" {
		if i := strings.Index(val, "per sec.)"); i >= 0 {
			b.sideBySide(l, val[i+len("per sec.)"):])
		}
	}
	switch label {
	case "transactions":
		s.Transactions, s.TransactionsPS = i64ptr(n), fptr(ps)
	case "deadlocks":
		s.Deadlocks, s.DeadlocksPS = i64ptr(n), fptr(ps)
		b.mark(Mark04)
	case "read/write requests":
		s.RWRequests, s.RWRequestsPS = i64ptr(n), fptr(ps)
		b.mark(Mark04)
	case "other operations":
		s.OtherOps, s.OtherOpsPS = i64ptr(n), fptr(ps)
		b.mark(Mark04)
	case "ignored errors":
		s.IgnoredErrors, s.IgnoredErrPS = i64ptr(n), fptr(ps)
	case "reconnects":
		s.Reconnects, s.ReconnectsPS = i64ptr(n), fptr(ps)
	case "queries":
		s.Queries, s.QueriesPS = i64ptr(n), fptr(ps)
		b.mark(Mark10)
	}
	return consumed
}

// latency reads min/avg/max/sum in milliseconds, converting a value
// printed in seconds (an "s" suffix, gen A).
func (b *Block) latency(l *Line, label, val string) status {
	v, ok := b.latValue(l, label, val)
	if !ok {
		return consumed
	}
	lat := b.r.Latency
	switch label {
	case "min":
		b.mark(MarkLatMin)
		if v > impossible {
			b.r.Warn(l.No, "latency min "+strings.TrimSpace(val)+" is unsigned-underflow garbage (no events); left absent")
			return consumed
		}
		lat.Min = fptr(v)
	case "avg":
		b.mark(MarkLatAvg)
		if b.garbageLatency(l, label, val, v) {
			return consumed
		}
		lat.Avg = fptr(v)
	case "max":
		b.mark(MarkLatMax)
		if b.garbageLatency(l, label, val, v) {
			return consumed
		}
		lat.Max = fptr(v)
	case "sum":
		lat.Sum = fptr(v)
		if b.has(MarkIOPS) {
			// 1.1 fileio prints no Threads fairness: the latency block ends the report.
			b.finished = true
		}
	}
	return consumed
}

// garbageLatency warns and returns true when a latency is
// unsigned-underflow garbage: sysbench 0.4 counts an operation whose
// clock went backwards as 2^64 ns less a little ("max:
// 18446744073688.26ms", after "WARNING: Operation time
// (18446744073688156160.000000) is greater than maximal counted value").
func (b *Block) garbageLatency(l *Line, label, val string, v float64) bool {
	if v <= impossible {
		return false
	}
	b.r.Warn(l.No, "latency "+label+" "+strings.TrimSpace(val)+" is unsigned-underflow garbage (an operation timed with a clock that went backwards); left absent")
	return true
}

func (b *Block) latValue(l *Line, label, val string) (float64, bool) {
	v, rest, ok := scan.LeadingNum(val)
	if !ok || v < 0 {
		b.bad(l, "latency "+label, val, "a number of milliseconds")
		return 0, false
	}
	rest = strings.TrimLeft(rest, " ")
	switch {
	case strings.HasPrefix(rest, "ms"):
	case strings.HasPrefix(rest, "s"):
		v *= 1000
		b.mark(MarkSeconds)
	}
	if math.IsInf(v, 0) {
		b.bad(l, "latency "+label, val, "a number of milliseconds")
		return 0, false
	}
	return v, true
}

func (b *Block) latencyPct(l *Line, rank, val string) status {
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
func (b *Block) fairness(l *Line, label, val string) status {
	avg, rest, ok := scan.LeadingNum(val)
	if !ok || !strings.HasPrefix(rest, "/") {
		return b.bad(l, "threads fairness "+label, val, "avg/stddev such as 8646.9375/161.19")
	}
	sd, _, ok := scan.LeadingNum(rest[1:])
	if !ok {
		return b.bad(l, "threads fairness "+label, val, "avg/stddev such as 8646.9375/161.19")
	}
	f := *b.r.Fairness
	if f == nil {
		f = &model.Fairness{}
		*b.r.Fairness = f
	}
	if label == "events (avg/stddev)" {
		f.EventsAvg, f.EventsStddev = fptr(avg), fptr(sd)
		b.mark(MarkFairEvents)
	} else {
		f.ExecAvgS, f.ExecStddevS = fptr(avg), fptr(sd)
		b.mark(MarkFairExec)
	}
	if b.has(MarkFairEvents | MarkFairExec) {
		b.finished = true
	}
	return consumed
}

// iops reads 1.1 fileio "read:  IOPS=2366.91 36.98 MiB/s (38.78 MB/s)" and
// "fsync: IOPS=5050.32".
func (b *Block) iops(l *Line, label, val string) status {
	s := strings.TrimSpace(val)
	if !strings.HasPrefix(s, "IOPS=") {
		return b.bad(l, "fileio "+label, val, "IOPS=<n> <n> MiB/s")
	}
	v, rest, ok := scan.LeadingNum(s[len("IOPS="):])
	if !ok {
		return b.bad(l, "fileio "+label, val, "IOPS=<n> <n> MiB/s")
	}
	f := b.fio()
	b.mark(MarkIOPS)
	b.setTest("fileio")
	var mib *float64
	if label != "fsync" {
		m, r2, ok := scan.LeadingNum(rest)
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
func (b *Block) memOps(l *Line, label, val string) status {
	if b.has(MarkMemory) && *b.r.Memory != nil && (*b.r.Memory).Operations != nil || b.finished || b.has(MarkGeneral) {
		// A second count, or one below the general statistics that
		// sysbench prints after it: the next run's.
		return rejected
	}
	n, ok := LeadingInt(val)
	if !ok {
		return b.bad(l, "memory "+label, val, "an operation count")
	}
	i := strings.IndexByte(val, '(')
	if i < 0 {
		return b.bad(l, "memory "+label, val, "a count and a rate such as 10240 (3875.99 ops/sec)")
	}
	ps, _, ok := scan.LeadingNum(val[i+1:])
	if !ok {
		return b.bad(l, "memory "+label, val, "a count and a rate such as 10240 (3875.99 ops/sec)")
	}
	m := b.mem()
	m.Operations, m.OpsPS = i64ptr(n), fptr(ps)
	b.mark(MarkMemory)
	b.stage = stReport
	b.setTest("memory")
	if label == "Total operations" {
		b.mark(Mark10)
	} else {
		b.mark(Mark04)
	}
	return consumed
}

// fileio04Ops reads "Operations performed:  645210 Read, 0 Write, 0 Other = 645210 Total"
// (0.4.12 release) or "... 10980 reads, 7320 writes, 23307 Other = ..." (0.4.12.x, 0.5).
func (b *Block) fileio04Ops(l *Line, val string) status {
	if b.finished || *b.r.FileIO != nil && (*b.r.FileIO).ReadOps != nil {
		return rejected
	}
	f := strings.Fields(strings.ReplaceAll(val, ",", " "))
	fio := b.fio()
	b.mark(Mark04)
	b.stage = stReport
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
