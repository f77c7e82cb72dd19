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

// testOfParam returns the test a "label: value" line of a test's header
// belongs to, "" for another label.
func testOfParam(label string) string {
	switch label {
	case "Maximum prime number checked in CPU test", "Primer numbers limit", "Prime numbers limit":
		return "cpu"
	case "Memory block size", "Memory transfer size", "Memory operations type", "Memory scope type":
		return "memory"
	case "Thread yields per test":
		return "threads"
	case "Extra file open flags", "Number of IO requests", "Number of random requests for random IO",
		"Read/Write ratio for combined random IO test":
		return "fileio"
	}
	return ""
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
// refused). The lists are switches, which read faster than sets.

func isSQLValue(label string) bool {
	switch label {
	case "read", "write", "other", "total", "transactions", "deadlocks", "read/write requests",
		"other operations", "ignored errors", "reconnects", "queries":
		return true
	}
	return false
}

// isGeneralValue names the values of the general block and of 1.1's
// throughput block.
func isGeneralValue(label string) bool {
	switch label {
	case "total time", "time elapsed", "total number of events", "total time taken by event execution",
		"events/s (eps)", "read, MiB/s", "written, MiB/s", "read", "write", "fsync":
		return true
	}
	return false
}

// isLatencyValue names the latency block's values: these and the
// percentiles (PercentileRank).
func isLatencyValue(label string) bool {
	switch label {
	case "min", "avg", "max", "sum":
		return true
	}
	_, ok := PercentileRank(label)
	return ok
}

func isFairnessValue(label string) bool {
	return label == "events (avg/stddev)" || label == "execution time (avg/stddev)"
}

func isFileOpsValue(label string) bool {
	return label == "reads/s" || label == "writes/s" || label == "fsyncs/s"
}

func isCPUValue(label string) bool { return label == "events per second" }

// isMemParam names the indented lines under 1.0's "Running memory speed
// test with the following options:".
func isMemParam(label string) bool {
	switch label {
	case "block size", "total size", "operation", "scope", "access mode":
		return true
	}
	return false
}

// fieldLabel names the result fields that may start a run alone, kept
// without their block's heading (grep-filtered, quoted in prose).
func fieldLabel(label string) bool {
	return label == "transactions" || label == "queries" || label == "events per second"
}

// runHeading names the headings, printed without a value, that start a
// run where no run is open: the options header and the blocks of a
// cumulative report.
func runHeading(label string) bool {
	switch label {
	case "Running the test with following options", "OLTP test statistics", "SQL statistics",
		"General statistics", "Test execution summary", "Throughput", "Latency (ms)", "File operations", "CPU speed":
		return true
	}
	return false
}

// fragmentValue and fragmentHeading name the lines only the tail of a
// report holds: a report fragment whose beginning is not in the input
// starts at one of them (a value line with its number, a heading without
// a value), as a percentile line does.
func fragmentValue(label string) bool {
	switch label {
	case "sum", "min", "avg", "max", "total number of events", "total time taken by event execution",
		"events (avg/stddev)", "execution time (avg/stddev)":
		return true
	}
	return false
}

func fragmentHeading(label string) bool {
	return label == "Threads fairness" || label == "response time" || label == "per-request statistics"
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
