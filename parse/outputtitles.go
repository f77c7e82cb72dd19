package parse

import "strings"

// outputTitles are the titles of the blocks sysbench prints in its own
// output. A line holding one of them, or the part of one left on its line
// when a paste broke it ("General" then " statistics:"), belongs to the
// output: it is never a label of the run (labelAbove, section).
var outputTitles = []string{
	"Running the test with following options", "OLTP test statistics", "SQL statistics",
	"General statistics", "Test execution summary", "Throughput", "Latency (ms)", "Latency",
	"File operations", "CPU speed", "Threads fairness", "response time", "per-request statistics",
	"queries performed", "Latency histogram (values are in milliseconds)", "Operations performed",
}

// outputTitle reports whether t (a line, its marks and final colon
// trimmed) is the title of one of sysbench's output blocks, or the end of
// one ("statistics", "execution summary"); with prefix set, also its
// beginning ("General"), which a broken line leaves without its colon.
func outputTitle(t string, prefix bool) bool {
	t = strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimSpace(t), ":")), " ")
	if t == "" {
		return false
	}
	for _, title := range outputTitles {
		if strings.EqualFold(t, title) {
			return true
		}
		n := len(t)
		if n >= len(title) {
			continue
		}
		if strings.EqualFold(title[len(title)-n:], t) && title[len(title)-n-1] == ' ' {
			return true
		}
		if prefix && strings.EqualFold(title[:n], t) && title[n] == ' ' {
			return true
		}
	}
	return false
}
