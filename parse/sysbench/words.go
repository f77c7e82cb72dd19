package sysbench

import "strings"

// The words of sysbench's output the grammar looks for that are lists,
// in one place: the tests, the lines of a header, the labels of each
// block's values, the lines that start a run or a fragment of one, and
// what prepare and cleanup print. The labels a reader reads one by one
// are in the switch of that reader (runLabel, reportHeading, the section
// readers of report.go).

// prepareMessages begin the lines sysbench prints when it prepares or
// cleans up a test's data, never in a run's output: an output holding
// one is a prepare or cleanup, not a run.
var prepareMessages = []string{
	"Creating files for the test...", "Creating file test_file.", "Reusing existing file test_file.",
	"Extending existing file test_file.", "Removing test files...", "No bytes written.",
	"Creating table '", "Creating a secondary index on '", "Dropping table '",
}

// prepareMessage reports a line sysbench prints only when it prepares or
// cleans up (prepareMessages), or the size the prepare wrote ("1073741824
// bytes written in 8.93 seconds (114.70 MiB/sec).").
func prepareMessage(t string) bool {
	for _, m := range prepareMessages {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	n, rest, ok := strings.Cut(t, " bytes written in ")
	return ok && n != "" && strings.Trim(n, "0123456789") == "" && strings.HasSuffix(rest, "/sec).")
}

// Tests. The line a 0.4 or 0.5 test prints before it starts ("Doing CPU
// performance benchmark"), by its beginning, and the test it names; the
// first that matches names it.
var doingTests = []struct{ prefix, test string }{
	{"Doing OLTP test", "oltp"},
	{"Doing CPU performance benchmark", "cpu"},
	{"Doing memory operations speed test", "memory"},
	{"Doing thread subsystem performance test", "threads"},
	{"Doing mutex performance test", "mutex"},
	{"Doing random ", "fileio"},
	{"Doing sequential ", "fileio"},
	{"Doing async ", "fileio"},
}

// testParams are the "label: value" lines of a test's header, and the
// test they belong to.
var testParams = map[string]string{
	"Maximum prime number checked in CPU test":     "cpu",
	"Primer numbers limit":                         "cpu",
	"Prime numbers limit":                          "cpu",
	"Memory block size":                            "memory",
	"Memory transfer size":                         "memory",
	"Memory operations type":                       "memory",
	"Memory scope type":                            "memory",
	"Thread yields per test":                       "threads",
	"Extra file open flags":                        "fileio",
	"Number of IO requests":                        "fileio",
	"Number of random requests for random IO":      "fileio",
	"Read/Write ratio for combined random IO test": "fileio",
}

// headerNotices begin the sentences of a run's header that hold nothing
// the run keeps ("Random number generator seed is 0 and will be
// ignored", "Using \"BEGIN\" for starting transactions").
var headerNotices = []string{
	"Random number generator seed is",
	"Running mixed OLTP test", "Running simple OLTP test", "Running complex OLTP test", "Running nontrx OLTP test",
	"Using ", "Skipping BEGIN/COMMIT", "No DB drivers specified", "Periodic FSYNC", "Calling fsync()",
	"Block size ", "Report checkpoint",
}

// The labels of each block's values (a label of the block printed
// without its value is input cut short; one holding a negative number is
// refused).
var (
	sqlValues = set("read", "write", "other", "total", "transactions", "deadlocks", "read/write requests",
		"other operations", "ignored errors", "reconnects", "queries")
	// generalValues are the values of the general block and of 1.1's
	// throughput block.
	generalValues = set("total time", "time elapsed", "total number of events", "total time taken by event execution",
		"events/s (eps)", "read, MiB/s", "written, MiB/s", "read", "write", "fsync")
	latencyValues  = set("min", "avg", "max", "sum") // and percentiles (PercentileRank)
	fairnessValues = set("events (avg/stddev)", "execution time (avg/stddev)")
	fileOpsValues  = set("reads/s", "writes/s", "fsyncs/s")
	cpuValues      = set("events per second")
	// memParams are the indented lines under 1.0's "Running memory
	// speed test with the following options:".
	memParams = set("block size", "total size", "operation", "scope", "access mode")
)

// fieldLabels are the result fields that may start a run alone, kept
// without their block's heading (grep-filtered, quoted in prose).
var fieldLabels = set("transactions", "queries", "events per second")

// runHeadings are the headings, printed without a value, that start a
// run where no run is open: the options header and the blocks of a
// cumulative report.
var runHeadings = set("Running the test with following options", "OLTP test statistics", "SQL statistics",
	"General statistics", "Test execution summary", "Throughput", "Latency (ms)", "File operations", "CPU speed")

// fragmentValues and fragmentHeadings are the lines only the tail of a
// report holds: a report fragment whose beginning is not in the input
// starts at one of them (a value line with its number, a heading without
// a value), as a percentile line does.
var (
	fragmentValues = set("sum", "min", "avg", "max", "total number of events", "total time taken by event execution",
		"events (avg/stddev)", "execution time (avg/stddev)")
	fragmentHeadings = set("Threads fairness", "response time", "per-request statistics")
)

// set returns the set of words.
func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// hasAnyPrefix reports whether t begins with one of prefixes.
func hasAnyPrefix(t string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}
