package sysbench

import "strings"

// The words of sysbench's output the grammar looks for that are lists,
// in one place.

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
