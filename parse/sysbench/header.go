package sysbench

import (
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/scan"
)

// runLabel returns the reader of a "label: value" line a run may print
// outside any block of its report: the options header and test parameters
// (FORMATS.md §1.1), diagnostics, and the result lines that stand alone
// (0.4 memory and fileio operations, forced-shutdown transactions, a total
// time whose heading was lost). Nil for any other label.
func runLabel(label string) func(b *Block, l *Line, label, val string) status {
	switch label {
	case "Running the test with following options":
		return (*Block).optionsHeading
	case "Number of threads":
		return (*Block).numThreads
	case "Target transaction rate":
		return (*Block).rateTarget
	case "Warmup time":
		return (*Block).warmupTime

	case "Running memory speed test with the following options":
		return (*Block).memParams

	// Diagnostics. YugabyteDB fork endpoints and debug prints are context,
	// not results.
	case "Server Endpoint", "DEBUG":
		return (*Block).context
	case "WARNING":
		return (*Block).warning
	case "FATAL", "ALERT":
		return (*Block).fatalLine

	// Result lines outside the blocks.
	case "Number of unfinished transactions on forced shutdown":
		return (*Block).unfinished
	case "total time", "time elapsed":
		return (*Block).headlessTotalTime
	case "Total operations":
		return (*Block).memOps
	case "Operations performed":
		return (*Block).operations
	}
	if testOfParam(label) != "" {
		// A test parameter: the test it belongs to (words.go).
		return (*Block).testParam
	}
	return nil
}

func (b *Block) optionsHeading(*Line, string, string) status {
	if !b.headerOK() || b.has(MarkOptions) {
		return rejected
	}
	b.mark(MarkHeader | MarkOptions)
	return consumed
}

func (b *Block) numThreads(l *Line, _, val string) status {
	r := b.r
	if !b.headerOK() || *r.ThreadsFrom == "header" {
		return rejected
	}
	n, err := scan.Atoi(strings.TrimSpace(val))
	if err != nil || n < 0 {
		return b.bad(l, "number of threads", val, "an integer")
	}
	b.mark(MarkHeader)
	*r.Threads, *r.ThreadsFrom = iptr(n), "header"
	return consumed
}

func (b *Block) rateTarget(l *Line, _, val string) status {
	v, _, ok := scan.LeadingNum(val)
	if !ok {
		return b.bad(l, "target transaction rate", val, "a number of transactions per second")
	}
	b.mark(MarkHeader | Mark10)
	b.r.Options.RateTarget = fptr(v)
	return consumed
}

func (b *Block) warmupTime(l *Line, _, val string) status {
	v, _, ok := scan.LeadingNum(val)
	if !ok {
		return b.bad(l, "warmup time", val, "a number of seconds")
	}
	b.mark(MarkHeader)
	b.r.Options.WarmupS = fptr(v)
	return consumed
}

// testParam reads a parameter line of a test's header (testOfParam).
func (b *Block) testParam(_ *Line, label, _ string) status {
	b.setTest(testOfParam(label))
	b.mark(MarkHeader)
	return consumed
}

// memParams reads the heading of 1.0's memory parameters, an indented
// list read by its own section (memParamsLine).
func (b *Block) memParams(*Line, string, string) status {
	b.setTest("memory")
	b.mark(MarkHeader)
	b.sec = secMemParams
	return consumed
}

func (b *Block) context(*Line, string, string) status { return consumed }

func (b *Block) warning(l *Line, _, _ string) status {
	b.r.Warn(l.No, "sysbench: "+l.Text)
	return consumed
}

func (b *Block) fatalLine(l *Line, _, _ string) status {
	b.fatal = true
	b.r.Warn(l.No, "sysbench: "+l.Text)
	return consumed
}

func (b *Block) unfinished(l *Line, _, val string) status {
	n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
	if err != nil {
		return b.bad(l, "unfinished transactions", val, "an integer")
	}
	b.sql().Unfinished = i64ptr(n)
	return consumed
}

// operations reads 0.4's "Operations performed:" line, of the fileio test
// ("645210 Read, 0 Write, ...") or of the memory test.
func (b *Block) operations(l *Line, label, val string) status {
	if strings.Contains(strings.ToLower(val), "read") {
		return b.fileio04Ops(l, val)
	}
	return b.memOps(l, label, val)
}

// headerText reads a line without a colon that a run prints before its
// results: the banner, the header's sentences (FORMATS.md §1.1), and the
// notices around the run. ok is false for a line that is none of them.
func (b *Block) headerText(l *Line, t string) (st status, ok bool) {
	r := b.r
	switch {
	case strings.HasPrefix(t, "sysbench "):
		if v, ok := Banner(t); ok {
			if b.has(MarkBanner) || b.has(MarkHeader) || b.stage != stPrelude || b.checkpoint {
				return rejected, true
			}
			b.mark(MarkBanner)
			*r.Version = v
			return consumed, true
		}
		if l.Cmd && b.begun() {
			return rejected, true
		}
		return b.unknown(), true
	case t == "Threads started!" || t == "Initializing worker threads...":
		if !b.headerOK() {
			return rejected, true
		}
		b.mark(MarkHeader)
		return consumed, true
	case strings.HasPrefix(t, "Doing "):
		if !b.headerOK() {
			return b.unknown(), true
		}
		b.mark(MarkHeader)
		b.setTestFromBanner(l.No, t)
		return consumed, true
	case strings.HasPrefix(t, "Report intermediate results every "):
		if !b.headerOK() {
			return rejected, true
		}
		b.mark(MarkHeader)
		if v, _, ok := scan.LeadingNum(t[len("Report intermediate results every "):]); ok {
			r.Options.ReportIntervalS = fptr(v)
		}
		return consumed, true
	case strings.HasPrefix(t, "Initializing random number generator from "):
		if !b.headerOK() {
			return rejected, true
		}
		b.mark(MarkHeader)
		src := strings.TrimSuffix(t[len("Initializing random number generator from "):], ".")
		if strings.HasPrefix(src, "seed (") {
			if n, err := strconv.ParseInt(strings.TrimSuffix(src[len("seed ("):], ")"), 10, 64); err == nil {
				r.Options.Seed = i64ptr(n)
			}
			src = "seed"
		}
		r.Options.RandomSource = src
		return consumed, true
	case strings.HasPrefix(t, maxRequestsLine):
		// 0.4 oltp's test block: the event cap in force (--max-requests,
		// default 10000), printed only when there is one.
		if b.stage != stPrelude {
			return b.unknown(), true
		}
		b.mark(MarkHeader)
		if n, err := strconv.ParseInt(strings.TrimSpace(t[len(maxRequestsLine):]), 10, 64); err == nil && n > 0 {
			r.Options.MaxRequests = i64ptr(n)
		}
		return consumed, true
	case strings.HasPrefix(t, "Forcing shutdown in "):
		b.mark(MarkHeader)
		if v, _, ok := scan.LeadingNum(t[len("Forcing shutdown in "):]); ok {
			r.Options.ForcedShutdownS = fptr(v)
		}
		return consumed, true
	case strings.HasPrefix(t, "Warming up for "):
		if v, _, ok := scan.LeadingNum(t[len("Warming up for "):]); ok && r.Options.WarmupS == nil {
			r.Options.WarmupS = fptr(v)
		}
		return consumed, true
	case hasAnyPrefix(t, headerNotices), strings.HasSuffix(t, "total file size"),
		strings.Contains(t, " files, ") && strings.HasSuffix(t, " each"):
		if b.stage != stPrelude {
			return b.unknown(), true
		}
		b.mark(MarkHeader)
		return consumed, true
	case strings.Contains(t, " files, ") && strings.Contains(t, " each, "), prepareMessage(t):
		// "2 files, 524288Kb each, 1024Mb total", "Creating files for the
		// test...": what prepare and cleanup print, no run's output.
		if b.stage != stPrelude {
			return b.unknown(), true
		}
		b.prepare = true
		return consumed, true
	case t == "Time limit exceeded, exiting...", t == "Done.", strings.HasPrefix(t, "(last message repeated"):
		if b.finished {
			return b.unknown(), true
		}
		return consumed, true
	}
	return 0, false
}

// maxRequestsLine opens the line sysbench 0.4's OLTP test prints with
// its event cap.
const maxRequestsLine = "Maximum number of requests for OLTP test is limited to "
