package parse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A slapTable is a summary table of mysqlslap's results: a column of
// concurrencies and columns of its seconds to run all queries by
// statistic ("並列数 | average | min | max(sec)"), under text that names
// mysqlslap. Each row is a mysqlslap run: its clients, and its average,
// minimum and maximum seconds. The heading above names its load type and
// engine when it says them ("write(InnoDB)"), a label line its system
// ("MySQL5.1"), as for any summary table. Without mysqlslap named above,
// such a table stays unread, with the error that says why.
type slapTable struct {
	sep     int
	header  Line
	threadI int
	names   []string // the header's cells
	stat    []string // by column: "avg", "min", "max", or "" for the threads column
	st      *summaryTable
	runs    []*Run
}

// detectSlapTable starts a slapTable at a header of a threads column and
// columns of seconds by statistic, when a line above names mysqlslap;
// nil otherwise.
func detectSlapTable(l *Line, c *ctx, sep int, names []string) block {
	if c.slapWordLine == 0 || c.slapWordLine >= l.No {
		return nil
	}
	b := &slapTable{sep: sep, header: *l, threadI: -1, names: names, stat: make([]string, len(names))}
	for i, n := range names {
		if classifyColumn(n).kind == colThreads {
			if b.threadI >= 0 {
				return nil
			}
			b.threadI = i
			continue
		}
		b.stat[i] = secondsStat(n)
		if b.stat[i] == "" {
			return nil
		}
	}
	if b.threadI < 0 {
		return nil
	}
	b.st = &summaryTable{header: *l, threadsI: -1, groups: []string{""}, ctx: c}
	b.st.labels(c)
	b.st.command(c)
	return b
}

func (b *slapTable) feed(l *Line) status {
	if l.Text == "" || l.Prompt != "" || len(b.runs) > 10000 {
		return rejected
	}
	cells := splitCells(l.Text, b.sep)
	if len(b.runs) == 0 && isRule(cells) {
		return consumed
	}
	if len(cells) != len(b.stat) {
		return rejected
	}
	n, err := atoiStrict(strings.Trim(cells[b.threadI], "*` "))
	if err != nil || n <= 0 {
		return rejected
	}
	m := &Mysqlslap{Clients: iptr(n)}
	for i, cell := range cells {
		if i == b.threadI {
			continue
		}
		v, err := parseNum(strings.Trim(cell, "*` "))
		if err != nil || v < 0 {
			return rejected
		}
		switch b.stat[i] {
		case "avg":
			m.AvgS = fptr(v)
		case "min":
			m.MinS = fptr(v)
		case "max":
			m.MaxS = fptr(v)
		}
	}
	r := &Run{reading: &reading{}, Line: l.No, EndLine: l.No, Tool: ToolTable, Layout: LayoutT, Complete: true,
		Threads: iptr(n), ThreadsFrom: "table", Mysqlslap: m}
	r.Columns = make([]Column, len(cells))
	for i, cell := range cells {
		r.Columns[i] = Column{Name: b.names[i], Value: cell}
	}
	b.runs = append(b.runs, r)
	return consumed
}

// slapLoadRE finds a load type mysqlslap names (--auto-generate-sql-
// load-type) as a word of a heading ("write(InnoDB)"), and an engine in
// parentheses after it.
var slapLoadRE = regexp.MustCompile(`(?i)\b(read|write|update|mixed|key)\b\s*(?:\(\s*([a-z]+)\s*\))?`)

func (b *slapTable) end(c *ctx) {
	load, engine := "", b.st.cmdEng
	if w := b.st.workload; w != "" {
		if m := slapLoadRE.FindStringSubmatch(w); m != nil {
			load = strings.ToLower(m[1])
			if e := strings.ToLower(m[2]); e != "" && systemWords[e] && engine == "" {
				engine = e
			}
		}
	}
	for _, r := range b.runs {
		r.Source = c.name
		r.Mysqlslap.LoadType, r.Mysqlslap.Engine = load, engine
		if b.st.system != "" {
			r.SetLabel("system", b.st.system)
		}
		if b.st.workload != "" {
			r.SetLabelFrom("heading", b.st.workload, "heading at line "+strconv.Itoa(b.st.workloadLine))
		}
		if engine != "" {
			r.SetLabel("engine", engine)
		}
		r.SetLabel("table", "line "+strconv.Itoa(b.header.No))
		r.Warn(r.Line, fmt.Sprintf("mysqlslap's seconds to run all queries, read from a table at line %d: mysqlslap is named at line %d above it", b.header.No, c.slapWordLine))
		c.emitRun(r)
	}
}
