package parse

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/sysbench"
	"github.com/sbreport/sbreport/parse/tabular"
)

// Blocks harnesses print around benchmark results, read by the table
// model of parse/tabular:
//
//	['threads', 'mode', 'speed', 'total time', 'avg']
//	['1', 'seqwr', '47.7Mb/sec', '64.36s', '0.22ms']
//
//	Threads=1 : TotalQueries=330240 TransactionsPerSec=55.04 Latency95Percentile_ms=36.24
//	Threads=2 : TotalQueries=456080 TransactionsPerSec=76.01 Latency95Percentile_ms=43.39
//
// List rows follow a header list of quoted texts and have its number of
// cells; key=value records follow one another and name the same keys in
// the same order. Every row becomes a Run with Tool ToolTable and Layout
// LayoutT, as a summary table's row does, when the block has a column
// tabular maps to a headline (tps, qps, eps, a latency statistic, the
// elapsed time, a transfer rate), or a threads column and another
// measurement (a label line "threads=8 engine=innodb" measures nothing,
// and stays context for the lines below it): its threads from the
// threads column (else from the sysbench command above the block), its
// headline fields from those columns, every other measurement in
// Run.Metrics under its column's name, and every other column a dimension
// of identity: a fileio mode cell as the run's file-test-mode, any other
// cell as a label named by its column. The test is the one the nearest
// sysbench command above the block names (within headingReach lines);
// every row carries the label "table", "line N" of the block's first
// line. A row with an empty cell is read with a warning naming the
// column; a list row with another number of cells than its header is an
// error at its line.

// A harness may also print one record a field a line, "KEY : value",
// bare or as list items, the value followed by its spread or a comparison
// with an earlier run:
//
//	test-1: < oltp_read_write >
//	    * QPS : 34080.48 ± 0.0000% (std=0.00) delta: -4.06% (p=nan)
//	    * TPS : 1695.92 ± 0.0000% (std=0.00) delta: -4.05%
//
//	VUSER : 50
//	TPS : 42033
//	RESULT : SUCCEED
//
// The fields of such a record are the columns of a one-row table; it is
// a run when one of them is a rate (tps, qps, eps) and it has two fields
// at least (a single "TPS: 911" is a sentence's business). Its test, when no
// command above names one, is the one the nearest label line above it or
// the title of a section it is under names (HeadingTest).

// harnessTable is a block of list rows or key=value records.
type harnessTable struct {
	list     bool   // list rows under a header list; else key=value records
	vertical bool   // one record, a "KEY : value" field a line
	lines    []Line // a record's lines after the first, given back as context when it is no run
	first    Line   // the header list, or the first record
	keys     []tabular.Field
	tab      tabular.Table
	errs     []*Error

	test    string // the test the command above names
	cmdThr  int    // the threads the command above gives
	cmdLine int
}

// detectListRows starts a block at a header list: a list of at least two
// quoted texts, none of them a number.
func detectListRows(l *Line, c *ctx) block {
	t := l.Text
	if len(t) < 6 || t[0] != '[' && t[0] != '(' && t[0] != '@' {
		return nil
	}
	cells, quoted, ok := tabular.ListRow(t)
	if !ok || !quoted || !allText(cells) {
		return nil
	}
	b := &harnessTable{list: true, first: *l}
	b.tab.Header = cells
	b.command(c)
	return b
}

// detectKeyValues starts a block at a line of key=value pairs of which
// at least one holds a number.
func detectKeyValues(l *Line, c *ctx) block {
	if strings.Count(l.Text, "=") < 2 {
		return nil // a record holds two pairs at least
	}
	fields, ok := tabular.KeyValues(l.Text)
	if !ok {
		return nil
	}
	numeric := false
	for _, f := range fields {
		if _, ok := tabular.ParseValue(f.Text); ok {
			numeric = true
			break
		}
	}
	if !numeric {
		return nil
	}
	b := &harnessTable{first: *l, keys: fields}
	b.tab.Header = tabular.Names(fields)
	b.tab.Rows = append(b.tab.Rows, tabular.Row{Line: l.No, Cells: tabular.Texts(fields)})
	b.command(c)
	return b
}

// detectRecord starts a block at a "KEY : value" line whose value is a
// number: the first field of a record printed a field a line.
func detectRecord(l *Line, c *ctx) block {
	if l.Prompt != "" {
		return nil // typed at a prompt, or a shell comment: not printed by a harness
	}
	k, v, ok := recordField(l.Text, 1)
	if !ok {
		return nil
	}
	if _, num := tabular.ParseValue(v); !num || unitRated(v) {
		return nil
	}
	b := &harnessTable{vertical: true, first: *l}
	b.tab.Header = []string{k}
	b.tab.Rows = []tabular.Row{{Line: l.No, Cells: []string{v}}}
	b.command(c)
	if b.test == "" {
		b.test = c.labelTest(l.No)
	}
	return b
}

// recordField splits a line "KEY : value" or "KEY: value", bare or as a
// list item ("* QPS : 34080.48 ± 0.0000% (std=0.00)"): the key at most
// words words (recordKey), the value cut before a spread ("±") or a
// parenthesis, and not empty.
func recordField(t string, words int) (key, value string, ok bool) {
	if len(t) > 2 && (t[0] == '*' || t[0] == '-' || t[0] == '+') && t[1] == ' ' {
		t = strings.TrimLeft(t[2:], " ")
	}
	i := strings.IndexByte(t, ':')
	if i <= 0 || i > 40 || i+1 < len(t) && t[i+1] != ' ' && t[i+1] != '\t' {
		return "", "", false
	}
	key = strings.TrimRight(t[:i], " \t")
	if !recordKey(key, words) {
		return "", "", false
	}
	value = t[i+1:]
	if j := strings.Index(value, "±"); j >= 0 {
		value = value[:j]
	}
	if j := strings.Index(value, " ("); j >= 0 {
		value = value[:j]
	}
	value = strings.TrimSpace(value)
	return key, value, value != ""
}

// unitRated reports a value that is a number followed by a rate's unit
// ("3,600 e/s", "1,716.69 events/sec"): its key is the subject of a
// result ("i7-10700 : 3,600 e/s"), not a harness's field, which the key
// names and whose value is the number alone ("TPS : 42033").
func unitRated(v string) bool {
	i := 0
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == ',' || v[i] == '.') {
		i++
	}
	if i == 0 {
		return false
	}
	_, _, ok := proseUnit(v, i)
	return ok
}

// recordKey reports words that may name a record's field: at most max
// words apart by single spaces ("Avg latency"), each of letters, digits,
// '_', '.', '-' or '/' ("Events/sec"), the first starting with a letter.
func recordKey(k string, max int) bool {
	if k == "" || !('a' <= k[0]|0x20 && k[0]|0x20 <= 'z') {
		return false
	}
	words := 1
	for i := 1; i < len(k); i++ {
		c := k[i]
		switch {
		case isWordChar(c) || c == '.' || c == '-' || c == '/':
		case c == ' ' && k[i-1] != ' ' && i+1 < len(k) && ('a' <= k[i+1]|0x20 && k[i+1]|0x20 <= 'z'):
			if words++; words > max {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// labelTest returns the sysbench test named by the nearest unclaimed
// short line at most three lines above line ("test-1: < oltp_read_write
// >"), else by the innermost section title above it that names one
// ("# Profiling of sysbench point select with prepared statement"); ""
// when none does.
func (c *ctx) labelTest(line int) string {
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if line-h.No > 3 {
			break
		}
		if t := HeadingTest(h.Text); t != "" && utf8.RuneCountInString(h.Text) <= 80 {
			return t
		}
	}
	path := c.outline.Path()
	for k := len(path) - 1; k >= 0; k-- {
		if t := HeadingTest(path[k].Title); t != "" {
			return t
		}
	}
	return ""
}

// allText reports cells none of which is a number: a header, not a row.
func allText(cells []string) bool {
	for _, s := range cells {
		if _, ok := tabular.ParseValue(s); ok {
			return false
		}
	}
	return true
}

// command takes the test and threads of the sysbench command above the
// block.
func (b *harnessTable) command(c *ctx) {
	cmd, line := c.command, c.cmdLine
	if cmd == nil || b.first.No-line > headingReach {
		return
	}
	if cmd.Test != "" && cmd.Test != "oltp_common" {
		b.test = cmd.Test
	}
	if n, err := atoiStrict(cmd.Labels["threads"]); err == nil && n > 0 {
		b.cmdThr, b.cmdLine = n, line
	}
}

func (b *harnessTable) feed(l *Line) status {
	if b.vertical {
		// A field after the first may be named in words ("Avg latency"
		// under "Events/sec"); the first is one word, lest a header line
		// ("Number of threads: 8") start a record.
		k, v, ok := recordField(l.Text, 3)
		if !ok || l.Prompt != "" || unitRated(v) {
			return rejected
		}
		if kind := sysbench.StartKind(l.Text, nil); kind != sysbench.StartNone {
			// A line of sysbench's own report starts its own block, but
			// for its latency lines under a record that has its rate
			// ("events/s: 1618.30", "time: 10.0002s", "min: 0.60"): the
			// fields of a script's condensed output.
			if kind != sysbench.StartFragment || !rate(b.tab.Columns()) {
				return rejected
			}
		}
		for _, h := range b.tab.Header {
			if strings.EqualFold(h, k) {
				return rejected // the same field again: the next record
			}
		}
		b.tab.Header = append(b.tab.Header, k)
		b.tab.Rows[0].Cells = append(b.tab.Rows[0].Cells, v)
		b.lines = append(b.lines, *l)
		return consumed
	}
	if !b.list {
		fields, ok := tabular.KeyValues(l.Text)
		if !ok || !tabular.SameNames(b.keys, fields) {
			return rejected
		}
		b.tab.Rows = append(b.tab.Rows, tabular.Row{Line: l.No, Cells: tabular.Texts(fields)})
		return consumed
	}
	cells, quoted, ok := tabular.ListRow(l.Text)
	if !ok || quoted && allText(cells) {
		return rejected // not a list, or the header of the next block
	}
	if len(cells) != len(b.tab.Header) {
		b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
			"list row with %d cells under the header list at line %d, which names %d (%s): row not read",
			len(cells), b.first.No, len(b.tab.Header), strings.Join(b.tab.Header, ", "))})
		return consumed
	}
	b.tab.Rows = append(b.tab.Rows, tabular.Row{Line: l.No, Cells: cells})
	return consumed
}

// headlines are the metrics that make a block a table of results.
var headlines = map[string]bool{tabular.TPS: true, tabular.QPS: true, tabular.EPS: true,
	tabular.Latency: true, tabular.TotalTime: true, tabular.Transfer: true, tabular.Events: true}

func (b *harnessTable) end(c *ctx) {
	for _, e := range b.errs {
		e.Source = c.name
		c.add(e)
	}
	cols := b.tab.Columns()
	headline, threads, measured := false, false, false
	for _, col := range cols {
		headline = headline || headlines[col.Metric]
		threads = threads || col.Metric == tabular.Threads
		measured = measured || col.Kind == tabular.Measurement
	}
	if b.vertical && (!rate(cols) || len(b.tab.Header) < 2) {
		// A record is a result by its throughput: times alone ("time:
		// 10.0002s", "min: 0.60", "avg: 0.62") are the tail of an output
		// whose rate line was not read as a field.
		c.remember(&b.first)
		for i := range b.lines {
			c.remember(&b.lines[i])
		}
		return
	}
	if !headline && !(threads && measured) || len(b.tab.Rows) == 0 {
		// Not results ("threads=8 engine=innodb" is a label line): the
		// lines stay context for what follows.
		c.remember(&b.first)
		return
	}
	for _, row := range b.tab.Rows {
		for _, r := range eachRun(row, cols, func(row tabular.Row) []*Run { return []*Run{b.run(row, cols)} }) {
			r.Source = c.name
			if b.vertical {
				// One run's result, as an output is: what its context
				// says of the test and threads is taken as for one.
				r.record, r.ctxPath = true, c.mdPath()
			}
			c.emitRun(r)
		}
	}
}

// eachRun makes the runs of a row whose measurement cells may list one
// number per run ("181878.66, 187166.71": tabular.Unlist): one row's runs
// (by runs) per item, each told what the row held that it does not.
func eachRun(row tabular.Row, cols []tabular.Column, runs func(tabular.Row) []*Run) []*Run {
	rows, dropped, ok := tabular.Unlist(row, cols)
	var out []*Run
	for _, sub := range rows {
		for _, r := range runs(sub) {
			switch {
			case !ok:
				r.Warn(row.Line, "cells list different numbers of values: which goes with which is not said, so none is read")
			case len(rows) > 1:
				msg := "the row lists " + strconv.Itoa(len(rows)) + " runs in one cell: each is a run of the row, repeats of one another"
				if len(dropped) > 0 {
					msg += "; column " + strings.Join(quoteAll(dropped), ", ") + " holds one value for them all (a mean, perhaps): given to none"
				}
				r.Warn(row.Line, msg)
			}
			out = append(out, r)
		}
	}
	return out
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

// rate reports a column of transactions, queries or events per second.
func rate(cols []tabular.Column) bool {
	for _, col := range cols {
		if col.Metric == tabular.TPS || col.Metric == tabular.QPS || col.Metric == tabular.EPS {
			return true
		}
	}
	return false
}

// run reads one row.
func (b *harnessTable) run(row tabular.Row, cols []tabular.Column) *Run {
	r := &Run{reading: &reading{}, Line: row.Line, EndLine: row.Line, Tool: ToolTable, Layout: LayoutT, Complete: true, Test: b.test}
	if n := cellThreads(row.Cells, func(i int) bool { return cols[i].Kind == tabular.Dimension }); n > 0 {
		// The row's own cells say ("`thread 100`"), over the command
		// above the table; a threads column still wins.
		r.Threads, r.ThreadsFrom = iptr(n), "table"
	} else if b.cmdThr > 0 {
		r.Threads, r.ThreadsFrom = iptr(b.cmdThr), "command"
	}
	mode := ""
	for i, col := range cols {
		if v := row.Cells[i]; col.Kind == tabular.Dimension && fileModes[strings.ToLower(strings.TrimSpace(v))] {
			mode = strings.ToLower(strings.TrimSpace(v))
		}
	}
	test := b.test
	if mode != "" && test == "" {
		test, r.Test = "fileio", "fileio"
	}
	var empty []string
	for i, col := range cols {
		cell := row.Cells[i]
		r.Columns = append(r.Columns, Column{Name: col.Name, Value: cell})
		if tabular.Absent(cell) {
			empty = append(empty, strconv.Quote(col.Name))
			continue
		}
		cell = strings.TrimSpace(cell)
		switch {
		case col.Metric == tabular.Threads:
			if n, err := atoiStrict(cell); err == nil && n > 0 {
				r.Threads, r.ThreadsFrom = iptr(n), "table"
			}
			continue
		case col.Metric == tabular.Ordinal:
			continue // a rank or row number: kept in Columns, no label
		case col.Kind == tabular.Dimension:
			if mode != "" && strings.EqualFold(cell, mode) {
				if r.Settings == nil {
					r.Settings = map[string]string{}
				}
				r.Settings["file-test-mode"] = mode
			} else {
				r.SetLabelFrom(strings.ToLower(col.Name), cell, "column "+strconv.Quote(col.Name))
			}
			continue
		}
		v, ok := tabular.ParseValue(cell)
		if !ok {
			continue // a list Unlist could not pair: eachRun says so
		}
		measure(r, col, v, test, mode)
	}
	if len(empty) > 0 {
		r.Warn(row.Line, "no value in column "+strings.Join(empty, ", ")+": missing, not zero")
	}
	r.SetLabel("table", "line "+strconv.Itoa(b.first.No))
	return r
}
