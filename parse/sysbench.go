package parse

import (
	"math"
	"slices"
	"unsafe"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/sysbench"
)

// The sysbench grammar (parse/sysbench) fills runs of this package
// through its Sink and Run, implemented here: the grammar writes a run's
// figures in place, through pointers to its fields, and asks the rest of
// parse through the methods below.

// detectSysbench is the sysbench grammar's detector, given this
// package's sink.
func detectSysbench(l *Line, c *ctx) block {
	if l.Text == "" {
		return nil
	}
	c.line = modelLine(l)
	switch b := sysbench.Detect(&c.line, (*sink)(c)).(type) {
	case nil:
		return nil
	case *sysbench.Block:
		return &sbBlock{b: b}
	default:
		return &grammarBlock{b: b}
	}
}

// sbBlock is a run the grammar reads, fed by a direct call: most lines
// of a long log are a run's.
type sbBlock struct {
	b *sysbench.Block
	l model.Line
}

// feed gives the grammar what it reads of a line: its number, its text
// and whether it runs a command (not Raw or Prompt, which it never
// reads: a long log's lines are given without them).
func (g *sbBlock) feed(l *Line) status {
	g.l.No, g.l.Text, g.l.Cmd = l.No, l.Text, l.Cmd != nil
	return g.b.Feed(&g.l)
}

func (g *sbBlock) end(*ctx) { g.b.End(nil) }

// StartRun starts a sysbench run at line (sysbench.Sink).
func (s *sink) StartRun(line int) *sysbench.Run {
	c := (*ctx)(s)
	if r := finalReport(c, line, c.line.Text); r != nil {
		r.Layout = LayoutH
		return c.sysbenchRun(r)
	}
	return c.sysbenchRun(c.newRun(ToolSysbench, line))
}

// PendingAction returns the action of the sysbench command the next run
// would take (sysbench.Sink).
func (s *sink) PendingAction() (string, bool) {
	if cmd := (*ctx)(s).peekCommand(ToolSysbench); cmd != nil && cmd.Tool == ToolSysbench {
		return cmd.Action, true
	}
	return "", false
}

func (s *sink) Filtered() bool                    { return (*ctx)(s).filtered() }
func (s *sink) Restated(count, rate float64) bool { return (*ctx)(s).restated(count, rate) }
func (s *sink) NotePrinted(count, rate float64)   { (*ctx)(s).notePrintedValue(count, rate) }
func (s *sink) HookStart(text string) bool        { return hookStart(text) }

// sbRun is a run as the sysbench grammar fills it: the view it writes
// through, and the run and input behind it (sysbench.Owner).
type sbRun struct {
	v sysbench.Run
	r *Run
	c *ctx
}

// sysbenchRun returns the grammar's view of r.
func (c *ctx) sysbenchRun(r *Run) *sysbench.Run {
	o := &sbRun{r: r, c: c}
	o.v = sysbench.Run{Version: &r.Version, Test: &r.Test, Command: &r.Command, ThreadsFrom: &r.ThreadsFrom,
		Layout: &r.Layout, Threads: &r.Threads, TPS: &r.TPS, QPS: &r.QPS, EPS: &r.EPS, CPUSpeedEPS: &r.CPUSpeedEPS,
		TotalTimeS: &r.TotalTimeS, Events: &r.Events, Latency: &r.Latency, Options: &r.Options, SQL: &r.SQL,
		Fairness: &r.Fairness, FileIO: &r.FileIO, Memory: &r.Memory, Histogram: &r.Histogram, Warnings: &r.Warnings,
		Complete: &r.Complete, EndLine: &r.EndLine, Line: r.Line, Owner: o}
	return &o.v
}

func (o *sbRun) Warn(line int, msg string)                    { o.r.Warn(line, msg) }
func (o *sbRun) HeaderLine(text string)                       { o.r.headerLine(text) }
func (o *sbRun) HeaderLabel(label, val string, memBlock bool) { o.r.headerLabel(label, val, memBlock) }
func (o *sbRun) PrintedEPS() *float64                         { return printedEPS(o.r) }
func (o *sbRun) Emit() {
	if r := o.r; r.rankAssumed && len(r.Latency.Percentiles) == 1 {
		// The final report below interim CSV reports names the rank
		// they were printed at.
		for k := range r.Latency.Percentiles {
			if p, err := parseNum(k); err == nil {
				for i := range r.Intervals {
					if !math.IsNaN(r.Intervals[i].LatMs) {
						r.Intervals[i].LatPct = p
					}
				}
			}
		}
	}
	o.c.emitRun(o.r)
}
func (o *sbRun) HandOver() { handOverHeader(o.c, o.r) }

// DropCommand forgets the command the run took, with its settings.
func (o *sbRun) DropCommand() {
	r := o.r
	r.Command, r.Settings, r.cmdOpts = "", nil, nil
}

// Checkpoint starts the run of a checkpoint report inside this one: the
// same test, command, options and labels, labelled by its time.
func (o *sbRun) Checkpoint(line int, t string) *sysbench.Run {
	r := o.r
	cr := &Run{reading: &reading{}, Source: r.Source, Line: line, EndLine: line, Tool: r.Tool, Version: r.Version,
		Test: r.Test, Command: r.Command, Options: r.Options, ThreadsFrom: r.ThreadsFrom}
	if r.Threads != nil {
		cr.Threads = iptr(*r.Threads)
	}
	for k, v := range r.Labels {
		cr.SetLabel(k, v)
	}
	cr.SetLabel("checkpoint", t)
	return o.c.sysbenchRun(cr)
}

// SetIntervals keeps a copy of the run's interim lines, of the size
// needed, in one move: Interval is model.Interval as a type of this
// package, the same fields in the same order, so the grammar's buffer
// is read as a slice of it.
func (o *sbRun) SetIntervals(ivs []model.Interval) {
	if len(ivs) == 0 {
		return
	}
	o.r.Intervals = slices.Clone(unsafe.Slice((*Interval)(&ivs[0]), len(ivs)))
}
