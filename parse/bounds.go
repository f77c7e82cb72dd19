package parse

import (
	"strconv"

	"github.com/sbreport/sbreport/parse/sysbench"
)

// Bounds. Memory grows with what is kept, and what is kept is bounded, so
// that a hostile or broken input (a log of millions of interim lines, an
// unclosed JSON array) cannot take the machine: each cap is far above
// what any real run prints, and input cut by a cap is said in a warning.
// BENCH.md shows the memory the caps hold on such inputs.
const (
	// MaxIntervals is the number of interim reports a run keeps (sysbench
	// prints at most one a second: 100,000 is 27 hours of them). Later
	// ones are dropped (parse/sysbench).
	MaxIntervals = sysbench.MaxIntervals
	// MaxHistogramBuckets is the number of --histogram rows a run keeps
	// (sysbench prints at most 1024).
	MaxHistogramBuckets = sysbench.MaxHistogramBuckets
	// MaxWarnings is the number of warnings a run keeps.
	MaxWarnings = 100
	// MaxJSONBytes bounds one JSON document (lscpu -J, lsblk -J,
	// report_json): a report_json array of MaxIntervals reports takes
	// about 17 MB. A longer document is cut there; what follows is read
	// as further documents or text.
	MaxJSONBytes = 32 << 20
)

// A cut counts the lines a cap dropped from a run, and the first of them.
type cut struct{ n, first int }

func (c *cut) add(line int) {
	if c.n == 0 {
		c.first = line
	}
	c.n++
}

// warn adds to r a warning saying what the cap dropped, if anything.
func (c *cut) warn(r *Run, what string, max int) {
	if c.n == 0 {
		return
	}
	r.Warn(c.first, strconv.Itoa(c.n)+" "+what+" from here on dropped: a run keeps at most "+strconv.Itoa(max))
	*c = cut{}
}
