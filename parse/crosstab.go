package parse

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/sbreport/sbreport/parse/tabular"
)

// Crossed tables put a dimension in the columns and the things compared
// in the rows, as people print a scaling sweep:
//
//	| concurrent clients | 16 | 32 | 64 | 128 |
//	| --- | --- | --- | --- | --- |
//	| thread per connection | 3944 | 4725 | 4878 | 4863 |
//	| threadpool | 3822 | 4955 | 4991 | 5017 |
//
// The header after its first cell is a row of numbers (pipe, tab or
// space-aligned; the first cell may be empty, or the numbers stand alone
// over rows that begin with a name). parse/tabular reads the table
// (tabular.Table.Crossed and Unroll): every number under the header's
// numbers is one Run with Tool ToolTable and Layout LayoutT. The column
// is the run's thread count (ThreadsFrom "table") when the header's
// first cell names threads, clients or concurrency, or is empty, and the
// header's numbers are whole; otherwise it is a label named by that first
// cell, and the threads come from the sysbench command above (as for
// summary tables). The header printed again under the rule is no row,
// and absent cells (—, N/A, -) make no run.
//
// What each number measures comes from the row's name when it names a
// metric and unit (a row "TPS", "QPS", "avg latency (ms)", as tabular
// classifies a column's header); the row is then no system. Otherwise the
// row names the system compared (label "system"), and the metric is the
// one rate a caption or sentence above names ("The results are in
// queries-per-second (QPS).", the nearest such line of the text, with a
// warning naming it). A crossed table of thread counts whose numbers
// nothing names is read only when its test is one whose transaction is
// one query (SingleQuery: oltp_point_select prints "tps: 105193.50 qps:
// 105193.50"), so that its one rate is both TPS and QPS, with a warning
// saying so; otherwise it is not read: one error names its lines, as for
// any summary table whose unit is not in the text. A pipe row cut before
// its closing pipe and its last columns loses its last cell, which may
// be cut inside a number; an error names it. Other crossed tables that
// name nothing ("| MySQL | 5.7 | 8.0 |" over settings) are no results:
// their lines stay context for what follows. The test, the heading label and the engine come
// from the text above as for summary tables; every run carries the label
// "table", "line N" of the header.

// crossTable is a block of a crossed table.
type crossTable struct {
	header Line
	pipe   bool
	// nameLast is set when the header's numbers come first and the cell
	// naming the rows ends it ("1  2  4  concurrency/engine"): every row
	// then ends with its name, and is read with the name moved first.
	nameLast bool
	// bare is set when the header is the numbers alone ("1 2 4 8 16"):
	// a row may then begin or end with its name.
	bare  bool
	cut   []nameCutRow // rows that end before their name
	short []nameCutRow // pipe rows cut before their last columns
	tab   tabular.Table
	path  []int // the Markdown headings the table stands under
	lines []Line
	ruled bool
	st    *summaryTable // the labels and command above, as a summary table takes them
}

// detectCrossed starts a crossTable at a header whose cells after the
// first are numbers; nil for any other line.
func detectCrossed(l *Line, c *ctx) block {
	t := l.Text
	if len(t) < 5 || len(t) > 400 || !strings.ContainsAny(t, "0123456789") ||
		strings.ContainsAny(t, ":=[]") && !strings.Contains(t, "|") {
		return nil // cheap tests first: most lines reaching here are prose
	}
	cells, ok := tabular.Cells(t)
	if !ok || len(cells) < 3 {
		return nil
	}
	pipe := strings.Contains(t, "|")
	nameLast, bare := false, false
	if _, _, ok := tabular.HeaderNumber(cells[0]); ok {
		last := cells[len(cells)-1]
		if _, err := strconv.ParseFloat(strings.Trim(last, "*` "), 64); err != nil && strings.ContainsFunc(last, unicode.IsLetter) {
			// The numbers first, the rows' name last: the corner cell
			// ends the header, as each row's name ends the row.
			cells = append([]string{last}, cells[:len(cells)-1]...)
			nameLast = true
		} else if pipe {
			return nil // a row of numbers under a pipe header is a row
		} else {
			cells = append([]string{""}, cells...) // numbers alone over named rows
			bare = true
		}
	}
	tab := tabular.Table{Header: cells}
	cols, ok := tab.Crossed()
	if !ok && pipe && !nameLast && len(cells) >= 4 && classifyColumn(cells[1]).kind == colLabel {
		// | Benchmark | DB | 1t | 2t | 4t |: a second column names the
		// rows too (their system, machine or engine).
		tab.Lead = 2
		cols, ok = tab.Crossed()
	}
	if !ok || len(cols) < 3 && !pipe && !(nameLast && tab.Dimension() == tabular.Threads) {
		// Two numbers on a line are often prose or a pair of values; a
		// corner naming a thread count after them says what they are.
		return nil
	}
	// The numbers of a dimension grow from left to right.
	prev := -1.0
	for _, i := range cols {
		v, _ := tabular.HeaderValue(cells[i])
		if v <= prev || v < 0 {
			return nil
		}
		prev = v
	}
	st := &summaryTable{header: *l, threadsI: -1, groups: []string{""}, ctx: c}
	st.labels(c)
	st.command(c)
	st.takeContextTest(c)
	return &crossTable{header: *l, pipe: pipe, nameLast: nameLast, bare: bare, tab: tab, st: st, path: c.mdPath()}
}

// A nameCutRow is a row of a name-last table that ends before its name: the
// text was cut, so its last value may be cut too and is left out.
type nameCutRow struct {
	line    int
	dropped string // the last cell, not read
	values  int    // the values read
}

func (b *crossTable) feed(l *Line) status {
	if l.Text == "" || l.Prompt != "" || len(b.lines) > 10000 {
		return rejected
	}
	cells, ok := tabular.Cells(l.Text)
	if !ok || strings.Contains(l.Text, "|") != b.pipe {
		return rejected
	}
	if len(b.tab.Rows) == 0 && !b.ruled && tabular.IsRule(cells) {
		b.ruled = true
		b.lines = append(b.lines, *l)
		return consumed
	}
	if len(cells) > len(b.tab.Header) || len(cells) < 2 {
		return rejected
	}
	unnamed := false
	if b.pipe && !b.nameLast && len(cells) > 2 && len(cells) < len(b.tab.Header) &&
		strings.HasSuffix(strings.TrimSpace(b.header.Text), "|") && !strings.HasSuffix(strings.TrimSpace(l.Text), "|") {
		// A pipe row that stops short of its closing pipe and of the
		// header's columns was cut, its last cell perhaps inside a
		// number ("| idc.trx1 | 15,367 | 61,477 | 7"): that cell is
		// left out.
		b.short = append(b.short, nameCutRow{line: l.No, dropped: cells[len(cells)-1], values: len(cells) - 2})
		cells = cells[:len(cells)-1]
	}
	if b.nameLast {
		last := cells[len(cells)-1]
		if _, ok := tabular.ParseValue(last); !ok && !tabular.Absent(last) {
			cells = append([]string{last}, cells[:len(cells)-1]...)
		} else if b.numbers(cells) {
			// A row of numbers alone: its name is missing. A row
			// shorter than the header was cut, and its last number may
			// be cut with it.
			if len(cells) < len(b.tab.Header)-1 {
				b.cut = append(b.cut, nameCutRow{line: l.No, dropped: last, values: len(cells) - 1})
				cells = cells[:len(cells)-1]
			}
			cells = append([]string{""}, cells...)
			unnamed = true
		}
	}
	if b.bare && len(cells) == len(b.tab.Header) {
		// Under numbers alone, a row of as many cells that begins with
		// a number and ends with a name is named last ("2250 3944 …
		// myrocks.8may18.none").
		last := cells[len(cells)-1]
		if _, ok := tabular.ParseValue(cells[0]); ok && strings.ContainsFunc(last, unicode.IsLetter) {
			if _, ok := tabular.ParseValue(last); !ok {
				cells = append([]string{last}, cells[:len(cells)-1]...)
			}
		}
	}
	grouped := b.tab.Lead > 1 && strings.TrimSpace(cells[0]) == "" && len(b.tab.Rows) > 0 && len(cells) > 1
	if _, ok := tabular.ParseValue(cells[0]); !unnamed && !grouped && (ok || tabular.Absent(cells[0])) {
		return rejected // a row of the table begins with what it measured
	}
	nums := 0
	for _, cell := range cells[1:] {
		if _, ok := tabular.ParseValue(cell); ok {
			nums++
		}
	}
	if nums == 0 {
		return rejected
	}
	b.tab.Rows = append(b.tab.Rows, tabular.Row{Line: l.No, Cells: cells})
	b.lines = append(b.lines, *l)
	return consumed
}

func (b *crossTable) end(c *ctx) {
	entries, bad := b.tab.Unroll()
	if len(entries) == 0 || !b.named(c, entries) && b.tab.Dimension() != tabular.Threads {
		// Numbers under numbers nothing names, in columns that are no
		// thread counts ("| MySQL | 5.7 | 8.0 |" over settings): not
		// results; the lines are context for what follows.
		b.remember(c)
		return
	}
	for _, e := range bad {
		c.add(&Error{Source: c.name, Line: e.Line, Message: fmt.Sprintf(
			"crossed table at line %d: cell %q of row %q under %q is not a number: left out", b.header.No, e.Text, e.Row, e.Key)})
	}
	for _, r := range b.cut {
		c.add(&Error{Source: c.name, Line: r.line, Message: fmt.Sprintf(
			"crossed table at line %d: the row ends after %d values without the name its header puts last: it was cut, so its last cell %q is left out and the row is named by its line",
			b.header.No, r.values, r.dropped)})
	}
	for _, r := range b.short {
		c.add(&Error{Source: c.name, Line: r.line, Message: fmt.Sprintf(
			"crossed table at line %d: the row stops after %d of %d values without its closing \"|\": it was cut, so its last cell %q is left out",
			b.header.No, r.values+1, len(b.tab.Header)-1, r.dropped)})
	}
	dim := b.tab.Dimension()
	dimName := strings.TrimSpace(strings.Trim(b.tab.Header[0], "*`_ "))
	if dimName == "" || dimName == "-" {
		dimName = "threads"
		if dim != tabular.Threads {
			dimName = dim // the sizes' dimension
		}
	}
	rows := map[string]tabular.Column{}
	b.byteRateTest(c, entries)
	said, saidLine := colOther, 0
	if c.saidRateLine > 0 && b.header.No > c.saidRateLine {
		said, saidLine = c.saidRate, c.saidRateLine
	}
	var runs []*Run
	for _, e := range entries {
		col, seen := rows[e.Row]
		if !seen {
			col = b.tab.RowColumn(entries, e.Row)
			rows[e.Row] = col
		}
		r := &Run{reading: &reading{}, Line: e.Line, EndLine: e.Line, Tool: ToolTable, Layout: LayoutT, Complete: true, Test: b.st.test}
		r.Columns = []Column{{Name: dimName, Value: e.Key}, {Name: e.Row, Value: e.Text}}
		if dim == tabular.Threads {
			n, _ := strconv.Atoi(e.Key)
			r.Threads, r.ThreadsFrom = iptr(n), "table"
		} else {
			if b.st.cmdThr > 0 {
				r.Threads, r.ThreadsFrom = iptr(b.st.cmdThr), "command"
			}
			r.SetLabelFrom(strings.ToLower(dimName), e.Key, "column "+strconv.Quote(e.Key))
		}
		system := b.st.system
		if b.tab.Lead > 1 {
			// The row's names: a test in a test column, the others their
			// columns' labels (system, host, engine).
			if first := classifyColumn(b.tab.Header[0]); first.kind == colLabel && first.label == "workload" {
				if t := titleTestOf(e.Row); t != "" {
					r.Test = t
				} else {
					r.SetLabelFrom("workload", e.Row, "column "+strconv.Quote(b.tab.Header[0]))
				}
			} else if e.Row != "" {
				system = e.Row
			}
			for k, n := range e.Names {
				lc := classifyColumn(b.tab.Header[k+1])
				switch {
				case n == "":
				case lc.label == "system":
					system = n
				case lc.label != "":
					r.SetLabelFrom(lc.label, n, "column "+strconv.Quote(b.tab.Header[k+1]))
				}
			}
		} else if !headlines[col.Metric] || !tabular.NamesMetric(e.Row) {
			system = e.Row
			if test, sys, ok := cornerParts(b.tab.Header[0], e.Row); ok {
				// "siac inno56.c0" under "test engine": the test's
				// short name, then the system.
				system = sys
				if r.Test == "" {
					if t := titleTestOf(test); t != "" {
						r.Test = t
					} else {
						r.SetLabelFrom("workload", test, "the row's name under "+strconv.Quote(b.tab.Header[0]))
					}
				}
			}
			if system == "" {
				system = "row at line " + strconv.Itoa(e.Line) // its name was cut
			}
			if b.st.system != "" && b.st.system != e.Row && !strings.EqualFold(b.st.system, r.Test) {
				r.SetLabelFrom("heading", b.st.system, "heading above the table at line "+strconv.Itoa(b.header.No))
			}
		}
		if headlines[col.Metric] {
			measure(r, col, e.Value, r.Test, "")
		} else {
			switch said {
			case colTPS:
				r.TPS = fptr(e.Value.Num)
			case colQPS:
				r.QPS = fptr(e.Value.Num)
			case colEPS:
				r.EPS = fptr(e.Value.Num)
			default:
				if dim != tabular.Threads || !SingleQuery(r.Test) || e.Value.Unit != "" || e.Value.Num <= 0 {
					b.unread(c, len(entries))
					return
				}
				// A rate of a test whose transaction is one query is
				// the same number as TPS and as QPS.
				r.TPS, r.QPS = fptr(e.Value.Num), fptr(e.Value.Num)
				r.Warn(e.Line, fmt.Sprintf("crossed table at line %d names no unit: its numbers read as the rate of %s, whose transactions are one query each (TPS = QPS)",
					b.header.No, r.Test))
			}
			if said != colOther {
				r.Warn(e.Line, fmt.Sprintf("crossed table at line %d names no unit: its numbers read as the %s line %d names",
					b.header.No, map[int]string{colTPS: "TPS", colQPS: "QPS", colEPS: "events per second"}[said], saidLine))
			}
		}
		if system != "" {
			r.SetLabel("system", system)
		}
		if b.st.workload != "" && (r.Test == "" || b.st.testFrom != "" && !strings.EqualFold(b.st.workload, r.Test)) {
			// A title's prose names the table, never its test; under
			// a test named further up ("### Memory" over "- read
			// seq") it tells the tables apart.
			b.st.titleLabel(r)
		}
		if b.st.testFrom != "" && r.Test == b.st.test && (r.TPS != nil || r.QPS != nil) && builtinTest(r.Test) {
			// "CPU stats" above a table of QPS names no test of it.
			r.Test = ""
		}
		if r.Test != "" && b.st.testFrom != "" {
			r.LabelFrom = setFrom(r.LabelFrom, "test", b.st.testFrom)
		}
		if b.st.cmdEng != "" {
			r.SetLabel("engine", b.st.cmdEng)
		}
		if b.st.othersRow(c, r) {
			continue
		}
		r.SetLabel("table", "line "+strconv.Itoa(b.header.No))
		r.Source = c.name
		runs = append(runs, r)
	}
	for _, r := range runs {
		c.emitRun(r)
	}
}

// byteRateTest gives a table whose cells are byte rates ("26148
// MiB/sec") the test of its context when that is one moving bytes
// (memory, fileio, as "### Memory" above names it); a summary table's
// context names those only with its command.
func (b *crossTable) byteRateTest(c *ctx, entries []tabular.Entry) {
	if b.st.test != "" {
		return
	}
	for _, e := range entries {
		if b.tab.RowColumn(entries, e.Row).Metric != tabular.Transfer {
			return
		}
	}
	test, _, from, _ := c.contextTest(b.header.No, b.path, func(t string) bool { return t == "memory" || t == "fileio" })
	if test != "" {
		b.st.test, b.st.testFrom = test, from+" above the table"
	}
}

// numbers reports a row whose every cell is a number.
func (b *crossTable) numbers(cells []string) bool {
	for _, cell := range cells {
		if _, ok := tabular.ParseValue(cell); !ok {
			return false
		}
	}
	return true
}

// named reports whether a row or a line above names what the numbers
// measure.
func (b *crossTable) named(c *ctx, entries []tabular.Entry) bool {
	if c.saidRateLine > 0 {
		return true
	}
	for _, e := range entries {
		if headlines[b.tab.RowColumn(entries, e.Row).Metric] {
			return true
		}
	}
	return false
}

func (b *crossTable) remember(c *ctx) {
	c.remember(&b.header)
	for i := range b.lines {
		c.remember(&b.lines[i])
	}
}

// unread reports a crossed table whose numbers nothing names.
func (b *crossTable) unread(c *ctx, n int) {
	last := b.header.No
	if len(b.lines) > 0 {
		last = b.lines[len(b.lines)-1].No
	}
	c.add(&Error{Source: c.name, Line: b.header.No, Message: fmt.Sprintf(
		"crossed table (%s) not read: neither its rows nor a caption above name the metric and its unit, so %d values (lines %d-%d) are left out (expected a row or caption naming TPS, QPS, events/s or latency)",
		strings.Join(b.tab.Header, ", "), n, b.header.No, last)})
}

// setMeasure reads one value into r by the headline metric its column
// names (tps, qps, eps, a latency statistic); false when it names none.
func setMeasure(r *Run, col tabular.Column, v tabular.Value) bool {
	switch col.Metric {
	case tabular.TPS:
		r.TPS = fptr(v.Num)
	case tabular.QPS:
		r.QPS = fptr(v.Num)
	case tabular.EPS:
		r.EPS = fptr(v.Num)
	case tabular.Events:
		r.Events = eventCount(v.Num)
	case tabular.Latency:
		ms := tabular.ToMs(v, col)
		switch col.Stat {
		case "min":
			r.Latency.Min = fptr(ms)
		case "avg":
			r.Latency.Avg = fptr(ms)
		case "max":
			r.Latency.Max = fptr(ms)
		default:
			if r.Latency.Percentiles == nil {
				r.Latency.Percentiles = map[string]float64{}
			}
			r.Latency.Percentiles[col.Stat] = ms
		}
	default:
		return false
	}
	return true
}

// cornerParts splits a row's name by the words of the corner that names
// it, word for word: "siac inno56.c0" under "test engine" is the test
// "siac" of the system "inno56.c0". ok is false unless the corner is two
// or more such words, one of them a test's, and the name as many words.
func cornerParts(corner, name string) (test, system string, ok bool) {
	c, n := strings.Fields(strings.ToLower(corner)), strings.Fields(name)
	if len(c) < 2 || len(c) != len(n) {
		return "", "", false
	}
	var sys []string
	for i, w := range c {
		switch {
		case w == "test" || w == "workload":
			if test != "" {
				return "", "", false
			}
			test = n[i]
		case tabular.RowNameWord(w): // "engine", "build", "host": the system's words
			sys = append(sys, n[i])
		default:
			return "", "", false
		}
	}
	if test == "" || len(sys) == 0 {
		return "", "", false
	}
	return test, strings.Join(sys, " "), true
}
