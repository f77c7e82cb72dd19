package parse

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sbreport/sbreport/parse/tabular"
)

// A pipe or tab table whose header the words of summary tables do not
// recognise (no threads or name column they know, no metric header they
// know) is read by the table model of parse/tabular, as harness blocks
// are: every column is a measurement named by its header, with the unit
// its header or cells give (bold cells, thousands separators, units
// glued on), or a dimension of identity. The table is results when a
// column maps to a headline (tps, qps, eps, a latency statistic, the
// elapsed time, a transfer rate) and every row is told apart by a
// dimension column or a threads column; each row is then a Run as a
// harness row is (harness.go), with the system and workload the lines
// above name (as for summary tables) and the label "table", "line N" of
// the header. Any other such table is left to what summary tables do with
// it: reported when it looks like results they cannot read, else context.

// generalTable reads a table through tabular, falling back to the block
// summary tables would have made of it.
type generalTable struct {
	sep      int
	aligned  bool // a space-aligned table: cells as tabular.Cells splits them
	indent   bool // its header is indented: it may lack the rows' name column
	h        *harnessTable
	fallback block // an unreadTable, or nil
	lines    []Line
	ruled    bool
	st       *summaryTable
	gap      bool // a blank line was passed after the rows: only a row like them goes on
	// oneColumn: the table listed one run's measurements as rows in a
	// single value column ("Sysbench Metric | Result"), transposed
	oneColumn bool
	// shifted: the header ends with an empty cell, perhaps its corner
	// moved to the end; settled by the first row
	shifted bool
	// cornerThr is the thread count the corner of a transposed table
	// names ("sysbench mutex (64threads)"), 0 for none
	cornerThr int
	// assumed holds, by input line, the unit a row naming a sysbench
	// test was read in though none of its cells gives one (withTestUnits)
	assumed map[int]string
}

// detectGeneral wraps the block detectSummaryTable would return for a
// pipe or tab header it does not read.
func detectGeneral(l *Line, c *ctx, sep int, names []string, fallback block) block {
	if sep != sepPipe && sep != sepTab || len(names) < 2 {
		return fallback
	}
	if u, ok := fallback.(*unreadTable); fallback != nil && (!ok || !u.metric || u.seconds || u.unitless) {
		// Seconds by statistic, a throughput without its unit, thread
		// counts without a metric: what summary tables report stays
		// theirs. A metric with no column they know to say what each row
		// is may be read here.
		return fallback
	}
	// "DigitalOcean | Linode | |" over "Number of Events | 10000 | 10000 |":
	// the header lost its empty corner and closes on an empty cell; the
	// first row says whether it is shifted (feed).
	shifted := len(names) >= 3 && strings.TrimSpace(names[len(names)-1]) == ""
	for i, n := range names {
		if shifted && i == len(names)-1 {
			continue
		}
		if _, ok := tabular.ParseValue(n); ok && !pctRE.MatchString(n) || !strings.ContainsFunc(n, unicode.IsLetter) || timeCol(n) {
			// ("95th Latency" begins with a number and names a column.)
			return nil // a row of numbers, a rule, an unnamed column, a monitor's time series
		}
	}
	h := &harnessTable{first: *l}
	h.tab.Header = names
	h.command(c)
	st := &summaryTable{header: *l, threadsI: -1, groups: []string{""}, ctx: c}
	st.labels(c)
	st.takeContextTest(c)
	return &generalTable{sep: sep, h: h, fallback: fallback, st: st, shifted: shifted}
}

func (b *generalTable) feed(l *Line) status {
	st := rejected
	if b.fallback != nil {
		st = b.fallback.feed(l)
	}
	if l.Text == "" && l.Prompt == "" && b.aligned && b.fallback == nil && len(b.h.tab.Rows) > 0 && !b.gap {
		// Rows grouped by a blank line ("100000/10/main  32766" … then
		// "100000/10/dev  19015" …): the table goes on if a row like its
		// rows follows.
		b.gap = true
		return skipped
	}
	if l.Text == "" || l.Prompt != "" {
		return st
	}
	cells := splitCells(l.Text, b.sep)
	if b.aligned {
		if strings.ContainsAny(l.Text, ":=[]|") {
			return st // a field line, a record, another table's row
		}
		cells, _ = tabular.Cells(l.Text)
	}
	if b.gap {
		if len(cells) != len(b.h.tab.Header) || !sameShape(cells, b.h.tab.Rows[0].Cells) {
			return st
		}
		b.gap = false
	}
	if b.aligned && len(b.h.tab.Rows) == 0 && b.indent && len(cells) == len(b.h.tab.Header)+1 {
		// The header is indented over the rows' names: its first column
		// has no name, and says what each row is, as in summary tables.
		b.h.tab.Header = append([]string{"system"}, b.h.tab.Header...)
		b.indent = false
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(strings.Trim(withoutFootnote(cells[i]), "*`"))
	}
	if b.shifted && len(b.h.tab.Rows) == 0 && len(cells) == len(b.h.tab.Header) && !isRule(cells) {
		// A first row of a name then values, under names and an empty
		// last cell: the header's corner is its missing first cell.
		b.shifted = false
		if _, num := tabular.ParseValue(cells[0]); num || !strings.ContainsFunc(cells[0], unicode.IsLetter) {
			return st
		}
		if _, num := tabular.ParseValue(cells[len(cells)-1]); !num {
			return st
		}
		hd := b.h.tab.Header
		b.h.tab.Header = append([]string{"system"}, hd[:len(hd)-1]...)
	}
	switch {
	case len(b.h.tab.Rows) == 0 && !b.ruled && isRule(cells):
		b.ruled = true
	case len(cells) == len(b.h.tab.Header):
		b.h.tab.Rows = append(b.h.tab.Rows, tabular.Row{Line: l.No, Cells: cells})
	default:
		return st
	}
	b.lines = append(b.lines, *l)
	return consumed
}

func (b *generalTable) end(c *ctx) {
	b.ditto()
	b.mergeNameColumns()
	// A table keyed by tests reads as rows of measurements before it
	// reads as a column of one.
	keyed := b.keyedByTests()
	rowsNamedTests := keyed && b.transpose(true)
	if rowsNamedTests || b.results() || !keyed && b.transpose(false) {
		cols := b.h.tab.Columns()
		if b.st.testFrom != "" && !sqlTestFits(b.st.test, cols) {
			// "cpu %" above a table of tps and qps names no test of it.
			b.st.test, b.st.testFrom = "", ""
		}
		if b.st.test == "" && transfersOnly(cols) {
			// "## 6B. 内存带宽 (sysbench memory, 1M blocks, …)" over
			// runtimes and "Avg MiB/sec": the memory test, which a table
			// of transfer rates alone can hold (takeContextTest left it
			// to the table's columns).
			if t, _, from, _ := c.contextTest(b.h.first.No, c.mdPath(), nil); t == "memory" {
				b.st.test, b.st.testFrom = t, from+" above the table"
			}
		}
		names := b.nameColumn(cols)
		tests := columnTests(cols, rowsNamedTests)
		if t := oneTestNamed(cols); tests == nil && t != "" && t != b.st.test {
			// Every measurement names one test ("Sysbench RAM rand read
			// (Mb/s)", "… write"): the table's own words, over a test
			// a line above names.
			b.st.test, b.st.testFrom = t, "the names of the table's measurements"
		}
		named := b.namesSysbench()
		if metric, idx := b.h.tab.RateColumns(); tests == nil && idx != nil {
			b.rateColumns(c, cols, names, metric, idx)
			return
		}
		if idx := memoryOps(cols); tests == nil && (b.st.test == "memory" || b.st.test == "fileio") && idx != nil {
			// "Sysbench RAM rand read (Mb/s)" beside "… write": one
			// memory (or fileio) run a column, read and write two
			// experiments.
			b.rateColumns(c, cols, names, tabular.Transfer, idx)
			return
		}
		for _, row := range b.h.tab.Rows {
			for _, r := range eachRun(row, cols, func(sub tabular.Row) []*Run { return b.rowRuns(sub, cols, tests) }) {
				r.tableNamed, r.tableTest = named, tests != nil
				b.finish(c, r, row, cols, names)
				if u := b.assumed[r.Line]; u != "" {
					// The row's name as printed, without the unit given it.
					if col, ok := strings.CutSuffix(r.Labels["column"], " ("+u+")"); ok {
						r.Labels["column"] = col
					}
					r.Warn(r.Line, "no unit in the table: read as "+u+", the unit sysbench "+r.Test+" prints its result in")
				}
			}
		}
		return
	}
	if b.fallback != nil {
		b.fallback.end(c)
		return
	}
	c.remember(&b.h.first)
	for i := range b.lines {
		c.remember(&b.lines[i])
	}
}

// rateColumns reads a table measuring one rate in several columns, each
// under its own qualifier (tabular.Table.RateColumns): every cell of those
// columns is a run of its row, labelled by its column's header, with the
// thread count the header names when it names one ("8 threads events/s").
func (b *generalTable) rateColumns(c *ctx, cols []tabular.Column, names int, metric string, idx []int) {
	named := b.namesSysbench()
	for _, row := range b.h.tab.Rows {
		for _, j := range idx {
			var sub tabular.Row
			var subCols []tabular.Column
			sub.Line = row.Line
			if j < len(row.Lines) && row.Lines[j] > 0 {
				sub.Line = row.Lines[j] // a transposed table's: the row that printed the value
			}
			for i, col := range cols {
				if i == j {
					col.Kind, col.Metric = tabular.Measurement, metric
				} else if slices.Contains(idx, i) {
					continue
				}
				if i < len(row.Cells) {
					sub.Cells = append(sub.Cells, row.Cells[i])
					subCols = append(subCols, col)
				}
			}
			if j >= len(row.Cells) || tabular.Absent(row.Cells[j]) {
				continue
			}
			for _, r := range eachRun(sub, subCols, func(sub tabular.Row) []*Run { return []*Run{b.h.run(sub, subCols)} }) {
				r.tableNamed = named
				header := strings.TrimSpace(cols[j].Name)
				r.SetLabelFrom("column", header, "the header of the column the value is in")
				if n, several := threadsNamed(header); n > 0 && !several && r.Threads == nil {
					r.Threads, r.ThreadsFrom = iptr(n), "table"
				} else if r.Threads == nil {
					// The column is named as a command shown above is
					// labelled ("单核 CPU speed", "# 单核性能").
					if n := c.labelThreads(header, r.Test); n > 0 {
						r.Threads, r.ThreadsFrom = iptr(n), "command"
					}
				}
				b.finish(c, r, row, cols, names)
			}
		}
	}
}

// sqlTestFits reports whether test, taken from the text above a table,
// can have measured its columns: a built-in test (cpu, memory, fileio,
// threads, mutex) prints no transactions or queries per second, and cpu,
// threads and mutex no transfer rate.
func sqlTestFits(test string, cols []tabular.Column) bool {
	if !builtinTest(test) {
		return true
	}
	for _, col := range cols {
		if col.Metric == tabular.TPS || col.Metric == tabular.QPS {
			return false
		}
		if (col.Metric == tabular.Transfer || col.Kind == tabular.Measurement && col.Unit == "MiB/s") && (test == "cpu" || test == "threads" || test == "mutex") {
			return false // "CPU Benchmarks" above a table of MB/s
		}
	}
	return true
}

// transfersOnly reports a table whose rates are transfer rates alone
// (MiB/s), no transactions, queries or events.
func transfersOnly(cols []tabular.Column) bool {
	transfer := false
	for _, col := range cols {
		switch {
		case col.Metric == tabular.TPS || col.Metric == tabular.QPS || col.Metric == tabular.EPS || col.Metric == tabular.Events:
			return false
		case col.Kind == tabular.Measurement && (col.Metric == tabular.Transfer || col.Unit == "MiB/s"):
			transfer = true
		}
	}
	return transfer
}

// transpose turns a table with measurements as rows and systems as
// columns (tabular.Table.Transposed) into one with a row per system, and
// reports whether it did. A table whose rows are tests ("cpu | 1234
// events/s", "memory | 5000 MiB/s") lists runs, not measurements of one
// run, and is left as it is.
func (b *generalTable) transpose(keyed bool) bool {
	headline := func(col tabular.Column) bool { return headlines[col.Metric] }
	tab := b.h.tab
	if keyed {
		// A column comparing the others ("Overhead", "vs Stock", "Δ")
		// holds ratios, no measurement of its rows: left out, lest its
		// "~1,636x" make a row no measurement.
		tab = withoutDerived(tab)
		tab, b.assumed = withTestUnits(tab)
	}
	tr, generic, ok := tab.Transposed(headline)
	if !ok && keyed {
		tr, generic, ok = tab.TransposedKeyed(headline, func(name string) bool { t, _ := nameTest(name); return t != "" })
	}
	if !ok {
		return false
	}
	for _, name := range tr.Header[1:] {
		if _, test := LookupTest(strings.ToLower(strings.TrimSpace(name))); test {
			return false
		}
	}
	// One value column ("Metric | Result", "Metric | Value") is one
	// run's figures; when it restates an output or another table's row
	// (a lab report's per-machine table, then a comparison of the
	// machines), restatements keeps the other (restate.go).
	b.oneColumn = generic
	// A column that compares the others ("Difference", "Improvement")
	// is no system: its numbers are no run's.
	kept := tr.Rows[:0]
	for _, r := range tr.Rows {
		if !derived(strings.ToLower(r.Cells[0])) {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 {
		return false
	}
	tr.Rows = kept
	if t, sb := nameTest(tab.Header[0]); sb && builtinTest(t) {
		// "sysbench mutex (64threads) | 6-Core 2CCX | 6-Thread 1CCX" over
		// an output's figures as rows: the corner names the test and its
		// thread count, over any the text above names.
		b.st.test, b.st.testFrom = t, "the table's corner cell"
		if n, several := threadsNamed(tab.Header[0]); n > 0 && !several {
			b.cornerThr = n
		}
	}
	b.h.tab = tr
	return b.results()
}

// testUnits are the units sysbench prints the result of a built-in test
// in, for the tests whose result has one customary figure: cpu's events
// a second (1.0 on; 0.4 printed its total time, which a table names),
// memory's transfer rate.
var testUnits = map[string]string{"cpu": "events/s", "memory": "MiB/s"}

// withTestUnits returns a table keyed by tests whose rows are named by a
// sysbench test and thread count alone ("Sysbench CPU 1T | 1008 | 1307",
// "Sysbench Memory | 8584 | 11713") and whose cells are bare numbers,
// with each such row's name given the unit sysbench prints that test's
// result in (testUnits), and, by line, what was assumed. A row whose name
// says anything more (a statistic, a unit, a time) keeps it as it is.
func withTestUnits(t tabular.Table) (tabular.Table, map[int]string) {
	var assumed map[int]string
	out := t
	out.Rows = slices.Clone(t.Rows)
	for i, r := range t.Rows {
		if len(r.Cells) < 2 {
			continue
		}
		test, _ := nameTest(r.Cells[0])
		unit := testUnits[test]
		if unit == "" || !onlyTestAndThreads(r.Cells[0]) {
			continue
		}
		bare := 0
		for _, cell := range r.Cells[1:] {
			if tabular.Absent(cell) {
				continue
			}
			v, ok := tabular.ParseValue(withoutFootnote(cell))
			if !ok || v.Unit != "" {
				bare = -1
				break
			}
			bare++
		}
		if bare <= 0 {
			continue
		}
		cells := slices.Clone(r.Cells)
		cells[0] += " (" + unit + ")"
		out.Rows[i].Cells = cells
		if assumed == nil {
			assumed = map[int]string{}
		}
		assumed[r.Line] = unit
	}
	return out, assumed
}

// onlyTestAndThreads reports a row name made of sysbench's name, a
// test's and a thread count or duration alone: "Sysbench CPU 1T",
// "sysbench memory (4 threads)", "Sysbench CPU (1T, 60s)".
func onlyTestAndThreads(name string) bool {
	w := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, x := range w {
		switch {
		case x == "sysbench" || x == "cpu" || x == "memory" || x == "ram" || x == "mem",
			x == "threads" || x == "thread" || x == "t" || x == "s",
			strings.TrimRight(x, "0123456789") == "",
			strings.TrimLeft(x, "0123456789") == "t" || strings.TrimLeft(x, "0123456789") == "s":
		default:
			return false
		}
	}
	return true
}

// withoutFootnote returns a cell without the footnote references that
// end it ("2,569 events/sec [^1533^]", "12.5 ms[^2]").
func withoutFootnote(cell string) string {
	for {
		t := strings.TrimRight(cell, " ")
		j := strings.LastIndex(t, "[^")
		if j <= 0 || !strings.HasSuffix(t, "]") || strings.ContainsAny(t[j+2:len(t)-1], "[] ") {
			return cell
		}
		cell = t[:j]
	}
}

// modeDirection returns "read" for a fileio mode that only reads,
// "written" for one that only writes, "" for rndrw and no mode.
func modeDirection(mode string) string {
	switch mode {
	case "seqrd", "rndrd":
		return "read"
	case "seqwr", "seqrewr", "rndwr":
		return "written"
	}
	return ""
}

// withoutDerived returns t without its columns after the first whose
// header names a comparison (derived).
func withoutDerived(t tabular.Table) tabular.Table {
	var keep []int
	for i, h := range t.Header {
		if i == 0 || !derived(strings.ToLower(strings.TrimSpace(h))) {
			keep = append(keep, i)
		}
	}
	if len(keep) == len(t.Header) {
		return t
	}
	out := tabular.Table{Header: make([]string, 0, len(keep))}
	for _, i := range keep {
		out.Header = append(out.Header, t.Header[i])
	}
	for _, r := range t.Rows {
		nr := tabular.Row{Line: r.Line}
		for _, i := range keep {
			if i < len(r.Cells) {
				nr.Cells = append(nr.Cells, r.Cells[i])
			}
			if i < len(r.Lines) {
				nr.Lines = append(nr.Lines, r.Lines[i])
			}
		}
		out.Rows = append(out.Rows, nr)
	}
	return out
}

// keyedByTests reports a table whose first column names measurements of
// two sysbench tests or more, or of one at two thread counts, one a row
// ("Metric | Score" with rows "Sysbench (RAM Throughput) | 9,320.09
// MiB/sec" and "Sysbench (CPU Events/Sec) | 8,436.38"): the rows are
// what was measured, the value column the one machine measured, however
// alike its cells read down.
func (b *generalTable) keyedByTests() bool {
	t := b.h.tab
	if len(t.Header) < 2 {
		return false
	}
	seen := map[string]bool{}
	threads := map[int]bool{} // the thread counts rows name
	for _, r := range t.Rows {
		if len(r.Cells) == len(t.Header) {
			if test, _ := nameTest(r.Cells[0]); test != "" {
				seen[test] = true
				if n, several := threadsNamed(r.Cells[0]); n > 0 && !several {
					threads[n] = true
				}
			}
		}
	}
	// Two tests, or one at two thread counts ("Sysbench CPU (1T, 60s)",
	// "Sysbench CPU (4T, 60s)").
	return len(seen) >= 2 || len(seen) == 1 && len(threads) >= 2
}

// namesSysbench reports a table whose header or first column names
// sysbench ("Sysbench CPU", "Sysbench (RAM Throughput)").
func (b *generalTable) namesSysbench() bool {
	has := func(s string) bool { return strings.Contains(strings.ToLower(s), "sysbench") }
	for _, h := range b.h.tab.Header {
		if has(h) {
			return true
		}
	}
	for _, r := range b.h.tab.Rows {
		if len(r.Cells) > 0 && has(r.Cells[0]) {
			return true
		}
	}
	return false
}

// nameTest returns the built-in sysbench test a column or row name names
// by its first word ("CPU (Events/sec)", "Memory (MB/s)"), after the
// tool's own name ("Sysbench RAM", "Sysbench (CPU Events/Sec)"; RAM is
// the memory test), and whether the name begins with sysbench's name.
func nameTest(name string) (test string, sysbench bool) {
	w := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(w) > 0 && w[0] == "sysbench" {
		w, sysbench = w[1:], true
	}
	if len(w) == 0 {
		return "", sysbench
	}
	if w[0] == "ram" {
		return "memory", sysbench
	}
	if w[0] == "file" && sysbench {
		return "fileio", true // "Sysbench file rand read (Mb/s)"
	}
	if t, ok := LookupTest(w[0]); ok && t.Family == FamilyBuiltin {
		return t.Name, sysbench
	}
	return "", sysbench
}

// sameShape reports whether a row has a number (or an absent cell)
// where row has one, and text where it has text.
func sameShape(cells, row []string) bool {
	for i, c := range cells {
		if i >= len(row) {
			return false
		}
		_, a := tabular.ParseValue(strings.TrimSpace(c))
		_, b := tabular.ParseValue(strings.TrimSpace(row[i]))
		if a != b {
			return false
		}
	}
	return true
}

// columnTests returns, for a table whose measurement columns name two
// sysbench tests or more ("CPU (Events/sec) | Memory (MB/s) | Read
// Throughput(MiB/s) | Write Throughput (MiB/s)"), the test of each
// measurement column; nil for any other table. A column names a test by
// its first word (a built-in test: cpu, memory, fileio, threads, mutex).
// A transfer rate naming none but reads or writes, beside columns of
// other tests, is fileio's: it is the only test that reports read and
// written MiB/s apart (memory reports one transfer rate).
func columnTests(cols []tabular.Column, rowsNamedTests bool) []string {
	tests := make([]string, len(cols))
	seen := map[string]bool{}
	var pending []int
	named := false // a column names sysbench itself ("Sysbench CPU")
	for i, col := range cols {
		if col.Kind != tabular.Measurement {
			continue
		}
		t, sb := nameTest(col.Name)
		named = named || sb && t != ""
		if t != "" {
			tests[i], seen[t] = t, true
			continue
		}
		pending = append(pending, i)
	}
	for _, i := range pending {
		w := strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) {
				return r
			}
			return ' '
		}, cols[i].Name)))
		if cols[i].Metric == tabular.Transfer && !seen["fileio"] && len(w) > 0 && fileDirection(w) != "" {
			tests[i] = "fileio"
			continue
		}
		if rowsNamedTests {
			// "4K random read | 232K IOPS" among rows named "CPU 1T" and
			// "Memory read": in a table whose rows name sysbench's tests,
			// a row naming none is another tool's (fio), no run's figure.
			continue
		}
		if named && (len(w) == 0 || w[0] != "sysbench") {
			// "Stream Memory (Copy)" beside "Sysbench RAM" and
			// "Sysbench CPU": where the columns name sysbench, one
			// that does not is another tool's, no run's figure.
			continue
		}
		return nil // a measurement of no test: the columns are not tests
	}
	n := len(seen)
	for _, i := range pending {
		if tests[i] == "fileio" && !seen["fileio"] {
			n++
			break
		}
	}
	if n < 2 {
		return nil
	}
	return tests
}

// memoryOps returns the transfer columns of a memory or fileio table that
// each name an operation ("rand read (Mb/s)", "rand write (Mb/s)"), when
// two or more do; nil otherwise.
func memoryOps(cols []tabular.Column) []int {
	var idx []int
	for i, col := range cols {
		if col.Kind == tabular.Measurement && col.Metric == tabular.Transfer && fileDirection(tabular.Words(col.Name)) != "" {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return nil
	}
	return idx
}

// oneTestNamed returns the built-in test every measurement column's name
// names after sysbench's ("Sysbench RAM …", nameTest), "" when one names
// none, another or no sysbench.
func oneTestNamed(cols []tabular.Column) string {
	test := ""
	for _, col := range cols {
		if col.Kind != tabular.Measurement {
			continue
		}
		t, sb := nameTest(col.Name)
		if t == "" || !sb || test != "" && t != test {
			return ""
		}
		test = t
	}
	return test
}

// fileDirection returns "read" or "written" for the words of a header
// naming one direction of file transfer, "" otherwise.
func fileDirection(w []string) string {
	for _, x := range w {
		switch x {
		case "read", "reads", "rd":
			return "read"
		case "write", "writes", "written", "wr":
			return "written"
		}
	}
	return ""
}

// rowRuns makes the runs of one row: one, or one per test when the
// columns are tests (columnTests), each with the dimension columns and
// its own measurements. A test's columns are one run's figures ("CPU
// (Events/Sec)", "CPU (Total Time)") unless they name other thread
// counts ("sysbench cpu (1T)", "sysbench cpu (4T)") or fileio modes
// ("fileio seqwr", "fileio rndrd"), or measure the same figure again
// ("sysbench cpu A55(cpu0) 1T", "sysbench cpu A76(cpu4) 1T"): each such
// column is a run of its own, with the threads and mode its name gives
// and its name as the label "column".
func (b *generalTable) rowRuns(row tabular.Row, cols []tabular.Column, tests []string) []*Run {
	if tests == nil {
		return []*Run{b.h.run(row, cols)}
	}
	type group struct {
		test    string
		threads int
		mode    string // the fileio mode the column names ("fileio seqwr")
		oper    string // the memory operation it names ("Memory read")
		first   int    // the group's first column
		cols    []int
		metrics map[string]bool
	}
	var groups []*group
	split := map[string]bool{} // a test read as several runs
	// Each column as its own header and cells say, before the table kept
	// one column of each headline: a column of a run of its own measures
	// its headline.
	raw := b.h.tab.Classified()
	for i, t := range tests {
		if t == "" || cols[i].Kind != tabular.Measurement {
			continue
		}
		if i < len(raw) && raw[i].Kind == tabular.Measurement && headlines[raw[i].Metric] {
			cols[i].Metric = raw[i].Metric
		}
		n, _ := threadsNamed(cols[i].Name)
		mode := ""
		for _, w := range strings.Fields(strings.ToLower(cols[i].Name)) {
			if fileModes[w] {
				mode = w
			}
		}
		oper := ""
		if t == "memory" && cols[i].Metric == tabular.Transfer {
			oper = memOper(cols[i].Name)
		}
		var g *group
		for _, h := range groups {
			if h.test == t {
				g = h // the test's last group
			}
		}
		// Transfer rates and times may stand side by side in one run's
		// figures (fileio's read and written MiB/s), as Columns keeps them.
		again := headlines[cols[i].Metric] && cols[i].Metric != tabular.Transfer && cols[i].Metric != tabular.TotalTime &&
			g != nil && g.metrics[cols[i].Metric]
		if g == nil || g.threads != n || g.mode != mode || g.oper != oper || again {
			if g != nil {
				split[t] = true
			}
			g = &group{test: t, threads: n, mode: mode, oper: oper, first: i, metrics: map[string]bool{}}
			groups = append(groups, g)
		}
		g.cols = append(g.cols, i)
		g.metrics[cols[i].Metric] = true
	}
	var out []*Run
	saved := b.h.test
	defer func() { b.h.test = saved }()
	for _, g := range groups {
		t := g.test
		var sub tabular.Row
		var subCols []tabular.Column
		sub.Line = row.Line
		placed := false
		for i, col := range cols {
			mine := slices.Contains(g.cols, i)
			if mine || col.Kind != tabular.Measurement {
				sub.Cells = append(sub.Cells, row.Cells[i])
				subCols = append(subCols, col)
			}
			if mine && !placed && i < len(row.Lines) && row.Lines[i] > 0 {
				placed = true
				// A transposed table's test stands at the row that
				// printed it ("Sysbench (CPU Events/Sec) | 8,436.38").
				sub.Line = row.Lines[i]
			}
		}
		b.h.test = t
		r := b.h.run(sub, subCols)
		r.Test = t
		if split[t] {
			name := strings.TrimSpace(cols[g.first].Name)
			r.SetLabelFrom("column", name, "the name of the measurement")
		}
		if g.threads > 0 && r.Threads == nil {
			r.Threads, r.ThreadsFrom = iptr(g.threads), "table" // "sysbench memory 8T"
		}
		if g.mode != "" {
			if r.Settings == nil {
				r.Settings = map[string]string{}
			}
			r.Settings["file-test-mode"] = g.mode
		}
		if g.oper != "" {
			// "Memory read | 23,835.9 MiB/s" beside "Memory write": one
			// memory run an operation, its rate the run's transfer rate.
			if r.Settings == nil {
				r.Settings = map[string]string{}
			}
			r.Settings["memory-oper"] = g.oper
			if r.Memory == nil && len(r.Metrics) == 1 && r.Metrics[0].Unit == "MiB/s" {
				r.Memory, r.Metrics = &Memory{TransferMiBs: fptr(r.Metrics[0].Value)}, nil
			}
		}
		if (t == "mutex" || t == "threads") && r.TotalTimeS == nil && len(r.Metrics) == 1 && r.Metrics[0].Unit == "s" {
			// "sysbench mutex | 0.20s": the one figure these tests
			// report is the time they took.
			r.TotalTimeS, r.Metrics = fptr(r.Metrics[0].Value), nil
		}
		if t == "fileio" {
			// Read and written MiB/s, as fileio reports them.
			var kept []Metric
			for _, m := range r.Metrics {
				w := strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
					if unicode.IsLetter(r) {
						return r
					}
					return ' '
				}, m.Name)))
				dir := fileDirection(w)
				if dir == "" && len(r.Metrics) == 1 {
					// "fileio seqrd | 10,186 MiB/s": a mode that only
					// reads, or only writes, says which.
					dir = modeDirection(g.mode)
				}
				if m.Unit != "MiB/s" || dir == "" {
					kept = append(kept, m)
					continue
				}
				if r.FileIO == nil {
					r.FileIO = &FileIO{}
				}
				if dir == "read" {
					r.FileIO.ReadMiBs = fptr(m.Value)
				} else {
					r.FileIO.WrittenMiBs = fptr(m.Value)
				}
			}
			r.Metrics = kept
		}
		out = append(out, r)
	}
	return out
}

// finish gives a run of a row what the table and the lines above say.
func (b *generalTable) finish(c *ctx, r *Run, row tabular.Row, cols []tabular.Column, names int) {
	{
		{
			if r.Threads == nil && b.cornerThr > 0 {
				r.Threads, r.ThreadsFrom = iptr(b.cornerThr), "table"
			}
			if r.Threads == nil && b.st.headThr > 0 {
				r.Threads, r.ThreadsFrom = iptr(b.st.headThr), "heading" // "### Single-Thread" over the table
			}
			if r.Threads == nil && b.st.kvThr > 0 && !b.threadsColumn(cols) {
				// "Threads: 1" in a method block above the table.
				r.Threads, r.ThreadsFrom = iptr(b.st.kvThr), "context"
				r.LabelFrom = setFrom(r.LabelFrom, "threads", "line "+strconv.Itoa(b.st.kvLine)+" above the table")
			}
			if names >= 0 && r.Labels["system"] == "" {
				r.SetLabelFrom("system", strings.TrimSpace(row.Cells[names]),
					"column "+strconv.Quote(cols[names].Name)+", the first that names every row apart")
			}
			for i, col := range cols {
				if t := headingTestOf(row.Cells[i]); col.Kind == tabular.Dimension && r.Test == "" && t != "" {
					r.Test = t // a test named in a column: the row's test, as a test column says
				}
			}
			if r.Labels["system"] == "" && b.st.system != "" {
				r.SetLabel("system", b.st.system)
			}

			if r.Test == "" && b.st.test != "" {
				r.Test = b.st.test
				if b.st.testFrom != "" {
					r.LabelFrom = setFrom(r.LabelFrom, "test", b.st.testFrom)
				}
			} else if r.Test == "" && b.st.workload != "" {
				// A title's prose names the table, never its test.
				b.st.titleLabel(r)
			}
			memoryTransfer(r)
			fileTransfer(r)
			r.SetLabel("table", "line "+strconv.Itoa(b.h.first.No))
			if b.oneColumn {
				// The value column's header ("Result", "Value") names no system.
				k := strings.ToLower(cols[0].Name)
				delete(r.Labels, k)
				delete(r.LabelFrom, k)
				r.oneColumn = true
			}
			if b.st.othersRow(c, r) {
				return
			}
			r.Source = c.name
			c.emitRun(r)
		}
	}
}

// onlyMiBs returns the index of the run's one metric in MiB/s, -1 when it
// has none or several.
func onlyMiBs(r *Run) int {
	at := -1
	for i, m := range r.Metrics {
		if m.Unit == "MiB/s" {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// dropMetric removes the run's metric at, now a field of its own.
func dropMetric(r *Run, at int) {
	r.Metrics = slices.Delete(r.Metrics, at, at+1)
	if len(r.Metrics) == 0 {
		r.Metrics = nil
	}
}

// settingOfColumn sets the option a column's name gives the run ("rand
// read (Mb/s)": --memory-oper read), from that column. The column's name,
// when it told the run apart as a label (rateColumns), goes: the setting
// says it now, on the workload's side, not in a system's name.
func settingOfColumn(r *Run, option, value, column string) {
	r.Settings = setFrom(r.Settings, option, value)
	r.LabelFrom = setFrom(r.LabelFrom, option, "column "+strconv.Quote(column))
	if r.Labels["column"] == column {
		delete(r.Labels, "column")
		delete(r.LabelFrom, "column")
	}
}

// fileTransfer makes the one rate in MiB/s of a fileio run whose test was
// known only once its cells were measured, and whose name says its
// direction ("Sysbench file rand read (Mb/s)"), the run's read or written
// rate, with the --file-test-mode its words give (rand read: rndrd, seq
// write: seqwr).
func fileTransfer(r *Run) {
	if r.Test != "fileio" || r.FileIO != nil {
		return
	}
	at := onlyMiBs(r)
	if at < 0 {
		return
	}
	w := tabular.Words(r.Metrics[at].Name)
	dir := fileDirection(w)
	if dir == "" {
		return
	}
	v := fptr(r.Metrics[at].Value)
	r.FileIO = &FileIO{}
	if dir == "read" {
		r.FileIO.ReadMiBs = v
	} else {
		r.FileIO.WrittenMiBs = v
	}
	access := ""
	for _, x := range w {
		switch x {
		case "rand", "random", "rnd":
			access = "rnd"
		case "seq", "sequential":
			access = "seq"
		}
	}
	if access != "" && r.Settings["file-test-mode"] == "" {
		settingOfColumn(r, "file-test-mode", access+map[string]string{"read": "rd", "written": "wr"}[dir], r.Metrics[at].Name)
	}
	dropMetric(r, at)
}

// memoryTransfer makes the one rate in MiB/s of a memory run whose test
// was known only once its cells were measured (the row's test column, or
// the text above the table: "带宽 | 13391.70 MiB/sec" under "## Mem") the
// run's transfer rate, as measure does for a row whose test is known: the
// one figure in MiB/s sysbench's memory test prints, with the operation
// its name gives. Two such rates (reads and writes) stay under their
// names.
func memoryTransfer(r *Run) {
	if r.Test != "memory" || r.Memory != nil {
		return
	}
	at := onlyMiBs(r)
	if at < 0 {
		return
	}
	r.Memory = &Memory{TransferMiBs: fptr(r.Metrics[at].Value)}
	if op := fileDirection(tabular.Words(r.Metrics[at].Name)); op != "" && r.Settings["memory-oper"] == "" {
		// "RAM rand read (Mb/s)": the rate of one operation, a
		// --memory-oper of its own (memoryOps split the columns).
		if op == "written" {
			op = "write"
		}
		settingOfColumn(r, "memory-oper", op, r.Metrics[at].Name)
	}
	dropMetric(r, at)
}

// results reports a table with a headline column whose rows a dimension
// or threads column tells apart.
func (b *generalTable) results() bool {
	if len(b.h.tab.Rows) == 0 {
		return false
	}
	cols := b.h.tab.Columns()
	headline, dims := false, []int{}
	for i, col := range cols {
		headline = headline || headlines[col.Metric]
		if col.Kind == tabular.Dimension {
			dims = append(dims, i)
		}
	}
	if !headline {
		return false
	}
	if len(dims) == 0 {
		return false // nothing says what each row is
	}
	seen := map[string]bool{}
	for _, r := range b.h.tab.Rows {
		var k []string
		for _, i := range dims {
			k = append(k, strings.ToLower(strings.TrimSpace(r.Cells[i])))
		}
		key := strings.Join(k, "\x00")
		if seen[key] {
			return false // rows no column tells apart
		}
		seen[key] = true
	}
	return true
}

// detectAligned starts a generalTable at a space-aligned header whose
// columns are two spaces or more apart, that names no threads column
// (summary tables read those) but names a headline column as tabular
// reads headers ("TPS", "Events/sec", "Avg latency"):
//
//	Engine     TPS      QPS
//	innodb     1,899    37,980
func detectAligned(l *Line, c *ctx) block {
	t := l.Text
	if len(t) > 300 || strings.ContainsAny(t, ":=[]|\t") {
		return nil
	}
	var names []string
	for _, f := range spacesRE.Split(strings.TrimSpace(t), -1) {
		if f = strings.TrimSpace(f); f != "" {
			names = append(names, f)
		}
	}
	if len(names) < 2 || len(names) > 20 {
		return nil
	}
	headline := false
	for _, n := range names {
		if len(n) > 40 || !strings.ContainsFunc(n, unicode.IsLetter) || timeCol(n) {
			return nil
		}
		if _, ok := tabular.ParseValue(n); ok {
			return nil
		}
		headline = headline || headlines[tabular.Classify(n, []string{"1", "2"}).Metric] ||
			tabular.Classify(n, []string{"1ms", "2ms"}).Metric == tabular.Latency
	}
	if !headline {
		return nil
	}
	h := &harnessTable{first: *l}
	h.tab.Header = names
	h.command(c)
	st := &summaryTable{header: *l, threadsI: -1, groups: []string{""}, ctx: c}
	st.labels(c)
	st.takeContextTest(c)
	indent := len(l.Raw)-len(strings.TrimLeft(l.Raw, " ")) >= 4
	return &generalTable{sep: sepSpace, aligned: true, indent: indent, h: h, st: st}
}

// nameColumn returns the column that names the system of each row of a
// table no column, heading or command names it for: the first text
// column (left to right) whose cells differ on every row, no thread
// count, rank, fileio mode or test name; -1 when none does. Rows that
// share a name in every text column are not told apart by a system.
func (b *generalTable) nameColumn(cols []tabular.Column) int {
	if b.st.system != "" || len(b.h.tab.Rows) < 2 {
		return -1
	}
	for _, col := range cols {
		if strings.EqualFold(col.Name, "system") {
			return -1 // a column named so already labels the system
		}
	}
next:
	for i, col := range cols {
		if col.Kind != tabular.Dimension || col.Metric != "" {
			continue
		}
		seen := map[string]bool{}
		for _, r := range b.h.tab.Rows {
			v := strings.ToLower(strings.TrimSpace(r.Cells[i]))
			if v == "" || seen[v] || fileModes[v] || headingTestOf(v) != "" {
				continue next
			}
			if _, ok := tabular.ParseValue(v); ok {
				continue next // a setting printed as a number
			}
			seen[v] = true
		}
		return i
	}
	return -1
}

// threadsColumn reports a table with a column of thread counts.
func (b *generalTable) threadsColumn(cols []tabular.Column) bool {
	for _, col := range cols {
		if col.Metric == tabular.Threads {
			return true
		}
	}
	return false
}

// mergeNameColumns makes the text columns that together name a table's
// rows one name column, when one of them names sysbench's test: "|
// Category | Metric | Tool Used | Baseline Result | After Optimisation |"
// over "| CPU | Events per second | sysbench cpu | 801.10 events/s | …",
// whose rows are then named "sysbench cpu Events per second (CPU)" and
// read as rows of tests (keyedByTests). Rows of other tools ("free -h",
// "iperf3") keep their words and name no test.
func (b *generalTable) mergeNameColumns() {
	t := &b.h.tab
	if len(t.Header) < 4 || len(t.Rows) < 2 {
		return
	}
	k := 0 // the leading columns whose every cell is text
	for j := 0; j < len(t.Header)-2; j++ {
		text := true
		for _, r := range t.Rows {
			if j >= len(r.Cells) {
				return
			}
			if _, num := tabular.ParseValue(r.Cells[j]); num || tabular.Absent(r.Cells[j]) {
				text = false
				break
			}
		}
		if !text {
			break
		}
		k = j + 1
	}
	if k < 2 {
		return
	}
	named := false
	for _, r := range t.Rows {
		for _, cell := range r.Cells[:k] {
			if test, sb := nameTest(cell); sb && test != "" {
				named = true
			}
		}
	}
	if !named {
		return
	}
	header := append([]string{strings.Join(t.Header[:k], " / ")}, t.Header[k:]...)
	rows := make([]tabular.Row, len(t.Rows))
	for i, r := range t.Rows {
		var tool string
		var rest []string
		for _, cell := range r.Cells[:k] {
			if test, sb := nameTest(cell); sb && test != "" && tool == "" {
				tool = strings.TrimSpace(cell)
				continue
			}
			rest = append(rest, strings.TrimSpace(cell))
		}
		name := strings.Join(rest, " ")
		if tool != "" {
			name = tool + " " + rest[len(rest)-1]
			if len(rest) > 1 {
				name += " (" + strings.Join(rest[:len(rest)-1], ", ") + ")"
			}
		}
		rows[i] = tabular.Row{Line: r.Line, Cells: append([]string{name}, r.Cells[k:]...)}
	}
	// A last column of words ("Notes") holds no system's figures.
	for len(header) > 2 {
		last := len(header) - 1
		words := true
		for _, r := range rows {
			if last >= len(r.Cells) {
				words = false // a ragged row: the table is left as it is
				break
			}
			if _, num := tabular.ParseValue(r.Cells[last]); num {
				words = false
				break
			}
		}
		if !words {
			break
		}
		header = header[:last]
		for i := range rows {
			rows[i].Cells = rows[i].Cells[:last]
		}
	}
	t.Header, t.Rows = header, rows
}

// ditto fills an empty cell of a text column from the row above: rows
// grouped under one name print it once ("| **oltp_read_only** | direct |"
// then "| | proxy |"). Group names lead a row: only the text columns
// before its first measurement are filled, never a note after them.
func (b *generalTable) ditto() {
	cols := b.h.tab.Columns()
	rows := b.h.tab.Rows
	for i, col := range cols {
		if col.Kind == tabular.Measurement {
			break
		}
		if col.Kind != tabular.Dimension || col.Metric == tabular.Threads || col.Metric == tabular.Ordinal {
			continue
		}
		for k := 1; k < len(rows); k++ {
			if strings.TrimSpace(rows[k].Cells[i]) == "" && strings.TrimSpace(rows[k-1].Cells[i]) != "" {
				rows[k].Cells[i] = rows[k-1].Cells[i]
			}
		}
	}
}

// measure reads a measurement cell of a table row into r: a headline
// (tps, qps, eps, a latency statistic, the elapsed time), a transfer rate
// as the test moves bytes (memory's rate; fileio's read or written rate,
// by the direction the column's name says or the mode that only reads or
// writes), fileio's reads or writes per second (a rate whose name says
// the direction: "rdIOps", "write IOPS"), or else a metric under the
// column's own name and unit. test and mode are the row's.
func measure(r *Run, col tabular.Column, v tabular.Value, test, mode string) {
	if setMeasure(r, col, v) {
		return
	}
	dir := fileDirection(tabular.Words(col.Name))
	fio := func() *FileIO {
		if r.FileIO == nil {
			r.FileIO = &FileIO{}
		}
		return r.FileIO
	}
	switch col.Metric {
	case tabular.TotalTime:
		r.TotalTimeS = fptr(tabular.ToSeconds(v, col))
		return
	case tabular.Transfer:
		mib, _ := tabular.ToMiBs(v, col)
		switch {
		case test == "memory" && dir == "":
			r.Memory = &Memory{TransferMiBs: fptr(mib)}
		case test == "fileio" && (dir == "read" || dir == "" && (mode == "seqrd" || mode == "rndrd")):
			fio().ReadMiBs = fptr(mib)
		case test == "fileio" && (dir == "written" || dir == "" && (mode == "seqwr" || mode == "seqrewr" || mode == "rndwr")):
			fio().WrittenMiBs = fptr(mib)
		default:
			// Reads and writes together, or no test that moves
			// bytes: the rate keeps its column's name.
			r.Metrics = append(r.Metrics, Metric{Name: col.Name, Unit: "MiB/s", Value: mib})
		}
		return
	}
	if test == "fileio" && dir != "" && col.Unit == "/s" && col.Metric == "" {
		if dir == "read" {
			fio().ReadsPS = fptr(v.Num)
		} else {
			fio().WritesPS = fptr(v.Num)
		}
		return
	}
	r.Metrics = append(r.Metrics, Metric{Name: col.Name, Unit: col.Unit, Value: v.Num})
}

// modelColumns reads the columns of a summary table its words leave
// unnamed (colOther) as the table model does (tabular.Classify), once
// every row is read: a text column whose cells are fileio modes makes
// each row a fileio run of its mode; a numeric column with a unit (from
// its header or its cells) is a measurement read into each row
// (measure), a cell it leaves empty reported on the row as missing. Text columns that tell rows apart stay for
// describedRows.
func (b *summaryTable) modelColumns() {
	if len(b.runs) == 0 {
		return
	}
	missing := map[*Run][]string{}
	for i, col := range b.cols {
		if col.kind != colOther || col.name == "" || i == b.threadsI {
			continue
		}
		cells := make([]string, len(b.runs))
		for k, r := range b.runs {
			cells[k] = b.plain(cellOfColumn(r, col.name))
		}
		tc := tabular.Classify(col.name, cells)
		if col.again {
			tc.Metric, tc.Stat = "", "" // an earlier column gives the run's: this one keeps its name
		}
		if tc.Kind == tabular.Measurement && (tc.Metric == "" && tc.Unit == "" || derived(strings.ToLower(col.name))) {
			// A count without a unit ("Cores", "Total Eventos") may be
			// the machine's or the run's; a comparison ("QPS 提升") is no
			// measurement of a row: both stay in the columns.
			continue
		}
		if tc.Kind == tabular.Dimension {
			modes := 0
			for _, v := range cells {
				if fileModes[strings.ToLower(v)] {
					modes++
				} else if !tabular.Absent(v) {
					modes = -len(cells)
				}
			}
			if modes <= 0 {
				continue
			}
			for k, r := range b.runs {
				if m := strings.ToLower(cells[k]); fileModes[m] && (r.Test == "" || r.Test == "fileio") {
					r.Test = "fileio"
					if r.Settings == nil {
						r.Settings = map[string]string{}
					}
					r.Settings["file-test-mode"] = m
					delete(r.Labels, "workload") // the mode says what ran
				}
			}
			continue
		}
		for k, r := range b.runs {
			if tabular.Absent(cells[k]) {
				missing[r] = append(missing[r], strconv.Quote(col.name))
				continue
			}
			v, _ := tabular.ParseValue(cells[k])
			measure(r, tc, v, r.Test, r.Settings["file-test-mode"])
		}
	}
	for _, r := range b.runs {
		if m := missing[r]; len(m) > 0 {
			r.Warn(r.Line, "no value in column "+strings.Join(m, ", ")+": missing, not zero")
		}
	}
}

// dropShortRows reports, instead of counting, the rows of a space- or
// tab-separated table that stop after what the run is and hold no value
// at all ("4k  rndrw  1" under "blockSize  testMode  threads  rdIOps …"):
// a run that printed nothing, not a run that measured zero; the error
// names the line and the columns it lacks. The rows after it are read.
func (b *summaryTable) dropShortRows(c *ctx) {
	if len(b.short) == 0 {
		return
	}
	kept := b.runs[:0]
	for _, r := range b.runs {
		lacks, short := b.short[r.Line]
		if short && r.TPS == nil && r.QPS == nil && r.EPS == nil && r.TotalTimeS == nil && r.FileIO == nil &&
			r.Memory == nil && len(r.Metrics) == 0 && r.Latency.Avg == nil && len(r.Latency.Percentiles) == 0 {
			c.add(&Error{Source: c.name, Line: r.Line, Message: fmt.Sprintf(
				"summary table at line %d: the row stops before %s: no value, not counted (the rows after it are read)",
				b.header.No, strings.Join(lacks, ", "))})
			continue
		}
		kept = append(kept, r)
	}
	b.runs = kept
}
