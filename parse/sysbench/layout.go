package sysbench

// The layout decision. A sysbench run's dialect (FORMATS.md §1) is told by
// its labels, never by its version string: each reader that meets a label
// telling one generation from another sets a mark, and at the end of the
// run the first dialect in dialects whose marks the run carries names
// its layout. A new dialect is a new row here, and a new section reader
// (report.go) when it prints a block of its own.

// Layouts name the sysbench report dialects of FORMATS.md §1. They are
// decided from the block labels, never from the version string.
const (
	LayoutA = "0.4-seconds"    // gen A: "Test execution summary", latencies in s
	LayoutB = "0.4-summary"    // gen B: "Test execution summary", latencies in ms
	LayoutC = "0.5-general"    // gen C: "General statistics" + "response time:"
	LayoutD = "1.0-prerelease" // gen D: 1.0 blocks with "response time:" latencies
	LayoutE = "1.0-latency"    // gen E/F: "General statistics" + "Latency (ms):"
	LayoutG = "1.1-throughput" // gen G: "Throughput:" block
	LayoutH = "report-hook"    // report_csv / report_json hook output
)

// Marks is what a run has shown so far: the blocks of its report, the
// labels that tell its dialect, and the values that make it complete.
type Marks uint32

const (
	// The prelude.
	MarkBanner  Marks = 1 << iota // "sysbench 1.0.20 (using ...)"
	MarkHeader                    // an options header or test parameter line
	MarkOptions                   // "Running the test with following options:"
	MarkInterim                   // an interim line, kept or dropped

	// Blocks of the cumulative report; each is read once per run, and a
	// second one starts the next run.
	MarkSQL        // "OLTP test statistics:" / "SQL statistics:"
	MarkGeneral    // "General statistics:" / "Test execution summary:" (or its lines without it)
	MarkLatencyMs  // "Latency (ms):"
	MarkRespTime   // "response time:" / "per-request statistics:" inside the general block
	MarkFairness   // "Threads fairness:"
	MarkFileOps    // "File operations:"
	MarkThroughput // "Throughput:"
	MarkCPU        // "CPU speed:"
	MarkHistogram  // "Latency histogram (values are in milliseconds)" or its rows
	MarkMemory     // memory test results

	// Labels that tell the dialect.
	MarkTES     // "Test execution summary:" (0.4)
	MarkSeconds // a latency printed with an "s" suffix (gen A)
	MarkEPS     // "events/s (eps):" or "time elapsed:" (1.1 Throughput block)
	MarkIOPS    // 1.1 fileio "read:  IOPS=..."
	Mark04      // a label only 0.4 and 0.5 print
	Mark10      // a label only 1.0 and later print

	// Values whose absence makes the report incomplete.
	MarkLatMin
	MarkLatAvg
	MarkLatMax
	MarkFairEvents
	MarkFairExec
)

// Has reports whether every mark of m is set.
func (ms Marks) Has(m Marks) bool { return ms&m == m }

// A dialect is a report layout and the marks that tell it: all of all,
// and at least one of any when any is not 0.
type dialect struct {
	layout   string
	all, any Marks
}

// dialects are tried in order; the first the run's marks match names its
// layout. The order settles mixtures: a 1.0 pre-release prints 1.0 blocks
// with the old "response time:" latencies (gen D), and a 0.4 or 0.5 block
// without its latency heading still tells its generation by a label only
// it prints.
var dialects = []dialect{
	{LayoutA, MarkTES | MarkSeconds, 0},
	{LayoutB, MarkTES, 0},
	{LayoutG, 0, MarkEPS | MarkIOPS},
	{LayoutD, MarkRespTime | Mark10, 0},
	{LayoutC, MarkRespTime, 0},
	{LayoutE, MarkLatencyMs, 0},
	{LayoutC, Mark04, MarkGeneral | MarkSQL},
	{LayoutE, Mark10, MarkGeneral | MarkSQL},
}

// Layout names the report dialect from the marks seen; "" when no dialect
// matches (a run cut short before its report).
func (ms Marks) Layout() string {
	for _, d := range dialects {
		if ms.Has(d.all) && (d.any == 0 || ms&d.any != 0) {
			return d.layout
		}
	}
	return ""
}
