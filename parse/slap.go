package parse

import (
	"strconv"
	"strings"

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
	for i := range c.serverSet {
		// A server variable set above the block (SET GLOBAL): runs of
		// one command either side of a change are different
		// experiments, named by the setting. It was set on the server
		// of the first run after it, and says nothing of another
		// host's (a prompt naming another machine).
		v := &c.serverSet[i]
		host := r.Labels["host"]
		if !v.bound {
			v.host, v.bound = host, true
		}
		if _, ok := r.Labels[v.name]; !ok && v.host == host {
			r.SetLabelFrom(v.name, v.value, "the SET GLOBAL statement at line "+strconv.Itoa(v.line))
		}
	}
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

// A serverSetting is a server variable a SET GLOBAL statement of the
// text set, with its value and line.
type serverSetting struct {
	name, value string
	line        int
	host        string // the host of the first run after it (bound)
	bound       bool
}

// setGlobalPrefixes open a statement that sets a server variable for
// every session after it: "SET GLOBAL x=1", "SET @@global.x=1" and MySQL
// 8's "SET PERSIST x=1", in lower case. A session's own SET changes
// nothing of a benchmark's connections and is not one.
var setGlobalPrefixes = []string{"set global ", "set persist ", "set @@global."}

// noteServerSet records the server variables a SET GLOBAL statement in
// text sets: "set global innodb_thread_concurrency=4;", with its
// assignments separated by commas. Other text is left alone; a value
// must be one word (a number, ON, a quoted word), so that prose about
// SET GLOBAL sets nothing.
func (c *ctx) noteServerSet(text string, line int) {
	if len(text) < 14 || text[0]|0x20 != 's' || text[1]|0x20 != 'e' {
		return
	}
	rest := ""
	for _, p := range setGlobalPrefixes {
		if len(text) > len(p) && strings.EqualFold(text[:len(p)], p) {
			rest = text[len(p):]
			break
		}
	}
	if rest == "" {
		return
	}
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), ";"))
	var set []serverSetting
	for _, a := range strings.Split(rest, ",") {
		name, val, ok := strings.Cut(a, "=")
		name = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), "@@global."))
		val = strings.Trim(strings.TrimSpace(val), "'\"`")
		if !ok || !variableName(name) || val == "" || strings.ContainsAny(val, " \t;") {
			return
		}
		set = append(set, serverSetting{name: name, value: val, line: line})
	}
	for _, v := range set {
		found := false
		for i := range c.serverSet {
			if c.serverSet[i].name == v.name {
				c.serverSet[i], found = v, true
			}
		}
		if !found {
			c.serverSet = append(c.serverSet, v)
		}
	}
}

// variableName reports a server variable's name: letters, digits and
// underscores, starting with a letter.
func variableName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
