package parse

import (
	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/mysqlslap"
)

// The mysqlslap grammar (parse/mysqlslap) fills runs of this package
// through its Sink and Run interfaces, implemented here.

// detectMysqlslap is the mysqlslap grammar's detector, given this
// package's sink.
func detectMysqlslap(l *model.Line, s model.Sink) model.Block {
	return mysqlslap.Detect(l, s.(*sink))
}

// NewRun starts a mysqlslap run at line (mysqlslap.Sink).
func (s *sink) NewRun(line int) mysqlslap.Run {
	c := (*ctx)(s)
	cmd := c.command
	r := c.newRun(ToolMysqlslap, line)
	r.Layout = LayoutS
	r.Mysqlslap = &Mysqlslap{}
	sr := &slapRun{Run: r, c: c}
	if r.Command != "" {
		sr.cmd = cmd
	}
	return sr
}

// Unclaimed keeps a line that began no block as context (mysqlslap.Sink).
func (s *sink) Unclaimed(line int, text string) {
	(*ctx)(s).remember(&Line{No: line, Text: text})
}

// slapRun is a run as the mysqlslap grammar fills it (mysqlslap.Run).
type slapRun struct {
	*Run
	c   *ctx
	cmd *Command // the command the run took, for KeepCommand
}

func (r *slapRun) Figures() *model.Mysqlslap { return r.Mysqlslap }
func (r *slapRun) SetEnd(line int)           { r.EndLine = line }

func (r *slapRun) Label(k string) (string, bool) {
	v, ok := r.Labels[k]
	return v, ok
}

func (r *slapRun) SetThreads(n int, from string) {
	r.Threads, r.ThreadsFrom = iptr(n), from
}

func (r *slapRun) Emit(complete bool) {
	r.Complete = complete
	r.c.emitRun(r.Run)
}

func (r *slapRun) KeepCommand() {
	if r.cmd != nil && r.c.command == nil {
		r.c.command = r.cmd
	}
}
