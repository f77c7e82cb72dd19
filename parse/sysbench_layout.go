package parse

// The layout decision. A sysbench run's dialect (FORMATS.md §1) is told by
// its labels, never by its version string: each reader that meets a label
// telling one generation from another sets a mark, and at the end of the
// run the first dialect in sbDialects whose marks the run carries names
// its layout. A new dialect is a new row here, and a new section reader
// (sysbench_report.go) when it prints a block of its own.

// sbMarks is what a run has shown so far: the blocks of its report, the
// labels that tell its dialect, and the values that make it complete.
type sbMarks uint32

const (
	// The prelude.
	markBanner  sbMarks = 1 << iota // "sysbench 1.0.20 (using ...)"
	markHeader                      // an options header or test parameter line
	markOptions                     // "Running the test with following options:"
	markInterim                     // an interim line, kept or dropped

	// Blocks of the cumulative report; each is read once per run, and a
	// second one starts the next run.
	markSQL        // "OLTP test statistics:" / "SQL statistics:"
	markGeneral    // "General statistics:" / "Test execution summary:" (or its lines without it)
	markLatencyMs  // "Latency (ms):"
	markRespTime   // "response time:" / "per-request statistics:" inside the general block
	markFairness   // "Threads fairness:"
	markFileOps    // "File operations:"
	markThroughput // "Throughput:"
	markCPU        // "CPU speed:"
	markHistogram  // "Latency histogram (values are in milliseconds)" or its rows
	markMemory     // memory test results

	// Labels that tell the dialect.
	markTES     // "Test execution summary:" (0.4)
	markSeconds // a latency printed with an "s" suffix (gen A)
	markEPS     // "events/s (eps):" or "time elapsed:" (1.1 Throughput block)
	markIOPS    // 1.1 fileio "read:  IOPS=..."
	mark04      // a label only 0.4 and 0.5 print
	mark10      // a label only 1.0 and later print

	// Values whose absence makes the report incomplete.
	markLatMin
	markLatAvg
	markLatMax
	markFairEvents
	markFairExec
)

// has reports whether every mark of m is set.
func (b *sbBlock) has(m sbMarks) bool { return b.marks&m == m }

// mark sets the marks of m.
func (b *sbBlock) mark(m sbMarks) { b.marks |= m }

// An sbDialect is a report layout and the marks that tell it: all of all,
// and at least one of any when any is not 0.
type sbDialect struct {
	layout   string
	all, any sbMarks
}

// sbDialects are tried in order; the first the run's marks match names its
// layout. The order settles mixtures: a 1.0 pre-release prints 1.0 blocks
// with the old "response time:" latencies (gen D), and a 0.4 or 0.5 block
// without its latency heading still tells its generation by a label only
// it prints.
var sbDialects = []sbDialect{
	{LayoutA, markTES | markSeconds, 0},
	{LayoutB, markTES, 0},
	{LayoutG, 0, markEPS | markIOPS},
	{LayoutD, markRespTime | mark10, 0},
	{LayoutC, markRespTime, 0},
	{LayoutE, markLatencyMs, 0},
	{LayoutC, mark04, markGeneral | markSQL},
	{LayoutE, mark10, markGeneral | markSQL},
}

// layout names the report dialect from the marks seen; "" when no dialect
// matches (a run cut short before its report).
func (b *sbBlock) layout() string {
	for _, d := range sbDialects {
		if b.has(d.all) && (d.any == 0 || b.marks&d.any != 0) {
			return d.layout
		}
	}
	return ""
}
