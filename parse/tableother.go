// Tables a summary does not read: commented out, comma-separated rows,
// rows without a header, headers of no known metric.

package parse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// htmlComment consumes the table lines of an HTML comment ("<!--" to
// "-->"): a table commented out of a page is not a result, and its rows
// must not crowd out the headings of the tables that follow. Other lines
// in the comment are left to the other detectors.
type htmlComment struct{ n int }

func (b *htmlComment) feed(l *Line) status {
	b.n++
	switch {
	case strings.Contains(l.Text, "-->"):
		return done
	case b.n > 1000:
		return rejected
	case strings.HasPrefix(l.Text, "|"):
		return consumed
	}
	return skipped
}

func (b *htmlComment) end(c *ctx) {}

// A tableShape is the header of a table read earlier in the same input.
type tableShape struct {
	line     int
	names    []string
	cols     []tableCol
	sep      int
	test     string
	workload string
	lastRow  int
	named    bool // a name column says what each row is
	threads  bool // a threads column
}

// commaRow reads a comma-separated line as one more row of the last
// table of the input when that table has a name column and no threads
// column, its last row is at most headingReach lines up, the line has
// exactly its number of columns, and every throughput and latency value
// is a number. The row takes the table's columns and test, not the
// command's threads: it was written apart from the table.
func commaRow(l *Line, c *ctx) block {
	sh := c.tables[len(c.tables)-1]
	if !sh.named || sh.threads || l.No-sh.lastRow > headingReach || sh.sep == sepComma {
		return nil
	}
	cells := splitCells(l.Text, sepComma)
	if len(cells) != len(sh.cols) {
		return nil
	}
	b := &summaryTable{sep: sepComma, header: *l, threadsI: -1, cols: sh.cols, named: true, single: true,
		test: sh.test, workload: sh.workload, ctx: c, tableLabel: "line " + strconv.Itoa(l.No)}
	metric := 0
	for i, col := range sh.cols {
		if col.system != "" {
			return nil // a wide table: the systems are in its header, not on this line
		}
		if !col.isMetric() {
			continue
		}
		metric++
		s := cells[i]
		if len(col.lat) > 1 {
			s = strings.Split(s, "/")[0]
		}
		if _, ok, msg := b.cellValue(s, col); !ok || msg != "" {
			return nil
		}
	}
	if metric == 0 {
		return nil
	}
	b.groups = []string{""}
	b.note = fmt.Sprintf("comma-separated line read as a row of the table at line %d (%s)", sh.line, strings.Join(sh.names, ", "))
	b.rows, b.lastRow = 1, l.No
	b.readRow(l, cells, 0)
	return b
}

// orphanRows reads a pipe row that begins with a number and has no
// header of its own as the first row of the last header read without rows
// (c.orphanHeader), when it has that header's number of cells and is at
// most headingReach lines below it: a review thread quotes a table's
// header in one comment and its rows in the next. Every run says so in
// a warning. nil when the row is not such a row.
func orphanRows(l *Line, c *ctx, cells []string) block {
	h := c.orphanHeader
	if l.No-h.No > headingReach || len(cells) != c.orphanCols {
		return nil
	}
	if _, err := parseNum(strings.ReplaceAll(cells[0], ",", "")); err != nil {
		return nil
	}
	c.orphanHeader = nil
	b, ok := detectSummaryTable(h, c).(*summaryTable)
	if !ok || len(b.cols) != len(cells) {
		return nil
	}
	b.ruleOK = false
	b.note = fmt.Sprintf("row read under the table header at line %d, printed apart from its rows", h.No)
	if b.feed(l) != consumed {
		return nil
	}
	return b
}

// unreadHeader starts an unreadTable at a pipe or tab header that looks
// like results but that no reading of summary tables applies to: a
// throughput or latency column with neither a threads nor a name column,
// or columns that name systems, engines or versions (or thread counts)
// over rows of numbers. It returns nil for other lines.
func unreadHeader(l *Line, c *ctx, sep int, names []string) block {
	if sep != sepPipe && sep != sepTab || len(names) < 2 {
		return nil
	}
	// Cheap test first: most lines reaching here are rows of tables, and
	// a header does not start with a number.
	if _, err := parseNum(names[0]); err == nil {
		return nil
	}
	metric, configs, threadCols := false, 0, 0
	threads, secs, bare, comp := false, 0, 0, 0
	for i, n := range names {
		if n == "" {
			if i == 0 {
				continue
			}
			return nil
		}
		col := classifyColumn(n)
		if derived(strings.ToLower(n)) {
			comp++
		}
		switch {
		case col.kind == colThreads:
			threads = true
			continue
		case secondsStat(n) != "":
			secs++
			continue
		case unitless(n):
			bare++
			continue
		case col.kind != colLatency && timeCol(n):
			return nil // a monitor's time series (orzdba, mysqladmin), not a summary
		case col.isMetric():
			metric = true
		}
		if threadCount(n) > 0 {
			threadCols++
			configs++
		} else if namesSystem(n) || isVersion(n) {
			configs++
		} else if k, err := atoiStrict(n); err == nil && k > 0 {
			configs++
		}
	}
	if threads {
		switch {
		case secs > 0 && secs == len(names)-1:
			if b := detectSlapTable(l, c, sep, names); b != nil {
				return b
			}
			return &unreadTable{sep: sep, header: *l, cols: len(names), metric: true, names: names, seconds: true}
		case bare > 0 && bare+comp == len(names)-1:
			return &unreadTable{sep: sep, header: *l, cols: len(names), metric: true, names: names, unitless: true}
		}
		return nil // a monitor's time series (orzdba, mysqladmin), not a summary
	}
	if !metric && configs < 2 {
		return nil
	}
	return &unreadTable{sep: sep, header: *l, cols: len(names), metric: metric, names: names, threadCols: threadCols == configs}
}

// unitless reports a column named throughput and nothing else
// ("throughput", "スループット", "처리량", "吞吐量"): a rate whose unit
// (transactions, queries or events per second) the header does not say.
func unitless(n string) bool {
	switch strings.ToLower(strings.TrimSpace(n)) {
	case "throughput", "スループット", "처리량", "吞吐量", "吞吐":
		return true
	}
	return false
}

// secondsStat returns the statistic a column of seconds holds, as
// mysqlslap prints them per concurrency ("average", "min", "max(sec)",
// "平均(秒)"): "avg", "min" or "max", "" for any other column. Seconds by
// statistic are no latency per event, and no rate.
func secondsStat(n string) string {
	t := strings.ToLower(strings.TrimSpace(n))
	for _, u := range []string{"(sec)", "(s)", "(秒)", "(초)", "[sec]", "[s]", " sec", " seconds"} {
		t = strings.TrimSpace(strings.TrimSuffix(t, u))
	}
	return secondsStats[t]
}

// secondsStats are the names of secondsStat's statistics.
var secondsStats = map[string]string{"average": "avg", "avg": "avg", "平均": "avg", "평균": "avg",
	"min": "min", "minimum": "min", "最小": "min", "최소": "min",
	"max": "max", "maximum": "max", "最大": "max", "최대": "max"}

// threadCount reads a column named after its thread count ("8线程",
// "64 threads"), 0 for any other name.
func threadCount(n string) int {
	t := strings.TrimSpace(n)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 {
		return 0
	}
	if w := strings.ToLower(strings.TrimSpace(t[i:])); threadWords[w] {
		k, _ := strconv.Atoi(t[:i])
		return k
	}
	return 0
}

// timeCol reports a column of timestamps.
func timeCol(n string) bool {
	low := strings.ToLower(n)
	return containsWord(low, "time") || containsWord(low, "date") || strings.Contains(low, "timestamp") ||
		strings.Contains(low, "时间") || strings.Contains(low, "日期")
}

// An unreadTable consumes a table that looks like results but cannot be
// read, and reports it once, when its rows hold numbers.
type unreadTable struct {
	sep    int
	header Line
	cols   int
	metric bool // the header names a metric (but no threads or name column)
	// threadCols is set when the columns are thread counts ("8线程"): the
	// metric is what is missing.
	threadCols bool
	// seconds is set when the columns other than the threads are seconds
	// by statistic (mysqlslap's average, min and max): no rate to read.
	seconds bool
	// unitless is set when they are rates named "throughput" only.
	unitless bool
	names    []string
	lines    []Line
	rows     int // rows holding at least two numbers
	values   int
	rule     bool
	// settings counts the rows led by a server variable's name
	// ("innodb_buffer_pool_size | 9G | 11G"), firstCells the rows led by
	// any text.
	settings, firstCells int
	setting              string // the first of those names
	// quiet is set for another tool's table (speedTestHeader): its rows
	// are no results of sysbench's, and nothing is reported of them.
	quiet bool
}

func (b *unreadTable) feed(l *Line) status {
	if l.Text == "" || l.Prompt != "" || len(b.lines) > 10000 {
		return rejected
	}
	cells := splitCells(l.Text, b.sep)
	if len(b.lines) == 0 && (isRule(cells) || len(cells) >= 2 && isRule(cells[:2])) {
		b.rule = true
		b.lines = append(b.lines, *l)
		return consumed
	}
	if len(cells) < 2 || len(cells) < b.cols-1 || len(cells) > b.cols+1 {
		return rejected
	}
	nums := 0
	for _, cell := range cells {
		v := strings.Trim(cell, "*` ")
		if thousandsRE.MatchString(v) {
			v = strings.ReplaceAll(v, ",", "") // "24,725"
		}
		if _, _, ok := leadingNum(v); ok {
			nums++
		}
	}
	if nums >= 2 {
		b.rows++
		b.values += nums
	}
	if first := strings.Trim(strings.TrimSpace(cells[0]), "*`"); first != "" {
		b.firstCells++
		if _, test := LookupTest(first); serverVariableRE.MatchString(first) && !test && HeadingTest(first) == "" {
			if b.settings++; b.setting == "" {
				b.setting = first
			}
		}
	}
	b.lines = append(b.lines, *l)
	return consumed
}

// serverVariableRE matches the name of a server variable as SHOW VARIABLES
// prints it: lower-case words joined by '_' ("innodb_buffer_pool_size",
// "max_connections"); a test's name ("oltp_point_select") is none.
var serverVariableRE = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)+$`)

func (b *unreadTable) end(c *ctx) {
	if b.quiet && b.rows > 0 {
		return
	}
	// A configuration header is a results table only under its rule line.
	if b.rows > 0 && (b.metric || b.rule) {
		last := b.lines[len(b.lines)-1].No
		why := "no column names the threads or what each row is"
		want := "a threads column, or a system, machine, version or test column"
		switch {
		case b.unitless:
			why = "its columns name a throughput but not its unit (transactions, queries or events per second)"
			want = "a header or caption naming TPS, QPS or events/s"
		case b.seconds:
			why = "its columns are seconds by statistic per thread count (mysqlslap's average, min and max), which summary tables do not carry"
			want = "mysqlslap's own output, or a header naming TPS, QPS, events/s or latency"
		case !b.metric && b.settings >= 2 && b.settings == b.firstCells:
			why = "its rows are server settings (" + b.setting + ", …) by configuration, not results"
			want = "SHOW VARIABLES output for settings, or a header naming threads and TPS, QPS, events/s or latency for results"
		case !b.metric && b.threadCols:
			why = "the columns name thread counts but neither they nor a caption above name the metric and its unit"
			want = "a caption or header naming TPS, QPS, events/s or latency"
		case !b.metric:
			why = "the columns name configurations and none names threads or a metric with its unit"
			want = "a header naming threads and TPS, QPS, events/s or latency"
		}
		c.add(&Error{Source: c.name, Line: b.header.No, Message: fmt.Sprintf(
			"summary table (%s) not read: %s, so %d values in %d rows (lines %d-%d) are left out (expected %s)",
			strings.Join(b.names, ", "), why, b.values, b.rows, b.header.No, last, want)})
		return
	}
	// Not results: the lines are context for what follows, as if no block
	// had held them.
	c.remember(&b.header)
	for i := range b.lines {
		c.remember(&b.lines[i])
	}
}

// fitRow decides how to read a first row whose number of cells differs
// from the header's columns (a header cell lost or a row value dropped in
// copying). When an earlier table of the same input had exactly as many
// columns, all of them named in this header in the same order, the rows
// are read as those columns, with a warning. Otherwise nothing can tell
// which column a value belongs to: the rows are consumed (so the headings
// above stay with the tables that follow), none is read, and an error
// names the lines. It returns false when cells is no row of this table.
func (b *summaryTable) fitRow(l *Line, cells []string) bool {
	if len(cells) < 2 || len(cells) == len(b.cols) {
		return false
	}
	if b.threadsI >= 0 {
		if _, ok := b.threadsCell(cells[0]); !ok && (b.threadsI >= len(cells) || !b.threadsOK(cells[b.threadsI])) {
			return false
		}
	} else if !numericCells(cells) {
		return false
	}
	b.width = len(cells)
	b.colIdx = make([]int, len(cells))
	if b.ctx != nil {
		for k := len(b.ctx.tables) - 1; k >= 0; k-- {
			sh := b.ctx.tables[k]
			if len(sh.names) != len(cells) {
				continue
			}
			if idx, ok := b.subsequence(sh.names); ok {
				copy(b.colIdx, idx)
				b.note = fmt.Sprintf("summary table header at line %d names %d columns but its rows have %d values: read as the columns of the table at line %d (%s)",
					b.header.No, len(b.cols), len(cells), sh.line, strings.Join(sh.names, ", "))
				return true
			}
		}
	}
	names := b.names()
	b.mismatch = true
	for j := range b.colIdx {
		b.colIdx[j] = -1
	}
	if b.threadsI >= 0 && b.threadsI < len(cells) {
		b.colIdx[b.threadsI] = b.threadsI
	}
	b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
		"summary table: the header at line %d names %d columns (%s) but the row has %d values: the table is not read (expected one value per column)",
		b.header.No, len(b.cols), strings.Join(names, ", "), len(cells))})
	return true
}

// numericCells reports whether a row holds a number in some cell.
func numericCells(cells []string) bool {
	for _, cell := range cells {
		s := strings.Trim(cell, "*` ")
		if thousandsRE.MatchString(s) {
			s = strings.ReplaceAll(s, ",", "")
		}
		if _, _, ok := leadingNum(s); ok {
			return true
		}
	}
	return false
}

func (b *summaryTable) threadsOK(s string) bool {
	_, ok := b.threadsCell(s)
	return ok
}

// subsequence maps each of names to a header column of the same name, in
// order.
func (b *summaryTable) subsequence(names []string) ([]int, bool) {
	idx := make([]int, 0, len(names))
	i := 0
	for _, n := range names {
		for i < len(b.cols) && !strings.EqualFold(b.cols[i].name, n) {
			i++
		}
		if i == len(b.cols) {
			return nil, false
		}
		idx = append(idx, i)
		i++
	}
	return idx, true
}

// cellOf returns the row cell that holds header column i, or -1.
func (b *summaryTable) cellOf(i int) int {
	for j, c := range b.colIdx {
		if c == i {
			return j
		}
	}
	return -1
}
