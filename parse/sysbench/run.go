package sysbench

import (
	"strconv"

	"github.com/sbreport/sbreport/parse/model"
)

// What the grammar is given: the lines of parse's reader (model.Line),
// the input's Sink, and the runs the Sink starts, whose figures the
// grammar writes in place.

// Line is a line of the input as parse gives it.
type Line = model.Line

type status = model.Status

const (
	consumed = model.Consumed
	skipped  = model.Skipped
	rejected = model.Rejected
	done     = model.Done
)

// A Sink is what the grammar sees of the input being read: model.Sink,
// the runs it starts, and what parse knows of the text around them.
type Sink interface {
	model.Sink
	// StartRun starts the run of a block at line, with what parse gives a
	// run there: the sysbench command typed before it, the headings,
	// host and captures above it.
	StartRun(line int) *Run
	// PendingAction returns the action ("run", "prepare", "cleanup",
	// "help", "") of the sysbench command the next run would take; ok is
	// false when none is pending.
	PendingAction() (action string, ok bool)
	// Filtered reports whether the output is filtered (a grep or the like
	// on the command line), so that a transactions line alone is the
	// filtered output's, not a run's.
	Filtered() bool
	// Restated reports whether an earlier run printed count and rate (-1
	// for a field without one): a line quoting them measures nothing
	// again. NotePrinted records them.
	Restated(count, rate float64) bool
	NotePrinted(count, rate float64)
	// HookStart reports whether text starts report-hook output
	// (report_csv, report_json), which replaces sysbench's own reports.
	HookStart(text string) bool
}

// A Run is the run a block fills: parse's run, reached through pointers
// to the fields the grammar reads and writes (they stay parse's, read by
// the rest of parse while the block is open) and the Owner's methods for
// what parse decides.
type Run struct {
	Version, Test, Command, ThreadsFrom, Layout *string
	Threads                                     **int
	TPS, QPS, EPS, CPUSpeedEPS, TotalTimeS      **float64
	Events                                      **int64
	Latency                                     *model.Latency
	Options                                     *model.Options
	SQL                                         **model.SQLStats
	Fairness                                    **model.Fairness
	FileIO                                      **model.FileIO
	Memory                                      **model.Memory
	Histogram                                   *[]model.Bucket
	Warnings                                    *[]string
	Complete                                    *bool
	EndLine                                     *int
	Line                                        int // where the run starts
	Owner
}

// An Owner is parse's side of a run.
type Owner interface {
	// Warn adds a warning tied to a line (none when line is 0).
	Warn(line int, msg string)
	// HeaderLine and HeaderLabel give parse a line of the banner and
	// options header, and a "label: value" line of it (memBlock: inside
	// 1.0's memory parameters), for the settings they print.
	HeaderLine(text string)
	HeaderLabel(label, val string, memBlock bool)
	// DropCommand forgets the command the run took and its settings: the
	// output names another test than the command did.
	DropCommand()
	// Checkpoint starts the run of a "[ Ns ] Checkpoint report:" block
	// inside this run, at line, labelled by its time t as printed.
	Checkpoint(line int, t string) *Run
	// SetIntervals keeps the run's interim lines (copied).
	SetIntervals(ivs []model.Interval)
	// PrintedEPS returns the rate a memory or fileio run printed, as its
	// events per second; nil when it printed none.
	PrintedEPS() *float64
	// Emit emits the finished run.
	Emit()
	// HandOver gives the banner and header read so far to the report-hook
	// output that follows them.
	HandOver()
}

// Bounds (parse's bounds.go): a run keeps so much of an input that
// repeats without end, and says what it dropped.
const (
	// MaxIntervals is the number of interim reports a run keeps (sysbench
	// prints at most one a second: 100,000 is 27 hours of them). Later
	// ones are dropped.
	MaxIntervals = 100_000
	// MaxHistogramBuckets is the number of --histogram rows a run keeps
	// (sysbench prints at most 1024).
	MaxHistogramBuckets = 4096
	// maxRepeatLookback is how far back an interim line that repeats a
	// timestamp is compared with the lines kept, to tell a repeated line
	// (a paste made twice) from one out of order. Unbounded, a log of one
	// timestamp repeated took time quadratic in its length.
	maxRepeatLookback = 1024
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

// Ptr helpers for optional values.
func fptr(v float64) *float64 { return &v }
func iptr(v int) *int         { return &v }
func i64ptr(v int64) *int64   { return &v }
