package parse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Summary tables as people write them in blog posts and docs:
//
//	**v3.0**
//
//	| Threads |    QPS    | 95% latency(ms) |
//	| :------- | :-------- | :-------------- |
//	| 150     | 334219.04 |            0.64 |
//
// A header row names a threads column (threads, thds, n_threads,
// concurrency, clients, 线程, 并发, ...) and at least one throughput (TPS,
// QPS) or latency column; cells are separated by pipes (markdown, with an
// optional |---| rule), tabs, commas or spaces (a space header is split
// into words, and words that belong together, such as "95% latency(ms)"
// or "avg latency", are joined again). Data rows follow until a blank line
// or a line that is not a row of the table.
//
// Every row becomes a Run with Tool ToolTable and Layout LayoutT: its
// threads (ThreadsFrom "table"), TPS or QPS as the column is named, a
// latency column naming a percentile ("95% latency(ms)", "p99") as
// Latency.Percentiles, an average/min/max latency column as Latency.Avg,
// Min, Max, in ms (a unit named in the header, "(s)" or "(us)", or as a
// cell suffix, is converted; a latency column naming no unit is taken as
// ms, as sysbench prints). Every cell is kept in Columns. A latency column
// naming neither a percentile nor avg/min/max is kept in Columns only,
// with a warning. Absent cells (N/A, -, empty) are nil.
//
// Labels come from the nearest unclaimed lines above the table (at most
// headingReach lines up), nearest first:
//   - workload: the first heading that names a sysbench test
//     (oltp_read_write, point_select, ...) or contains test, select,
//     insert, update, delete, read, write (or 测试, 读, 写). If it is a
//     test name, the run's Test is set too.
//   - system: the first other heading of at most 40 characters that ends
//     with ':', looks like a version ("v3.0", "TiDB 2.1", "MySQL 8.0.32")
//     or names a database or storage engine ("InnoDB results").
//
// Headings are kept as printed, without markdown '#', '*' and a final ':'.
// Tables inside an HTML comment ("<!-- plan cache enabled" ... "-->") are
// not on the page: their rows are consumed and skipped. Summary tables
// do not take the command line before them: a table summarises many runs,
// and one command rarely describes them all.

// headingReach bounds how far above a table a heading may be.
const headingReach = 40

// table separators
const (
	sepPipe = iota
	sepTab
	sepComma
	sepSpace
)

// Column kinds.
const (
	colOther = iota
	colThreads
	colTPS
	colQPS
	colLatency
)

type tableCol struct {
	name   string
	kind   int
	pct    string  // latency percentile as printed ("95", "99.9")
	stat   string  // "avg", "min", "max" for latency
	factor float64 // ms per header unit for latency
}

type summaryTable struct {
	sep      int
	cols     []tableCol
	header   Line
	rows     int
	runs     []*Run
	skip     bool // commented out: read the rows, emit nothing
	ruleOK   bool // a markdown rule may still follow the header
	system   string
	workload string
	test     string // the test the workload heading or the command above names
	cmdEng   string // the engine the command above names
	errs     []*Error
	threadsI int
	// mismatch is set when the rows have another number of cells than the
	// header names and no other table of the input tells which columns
	// they hold: the rows are consumed, nothing is read, and one error says
	// why.
	mismatch     bool
	ruleCells    int   // cells of the markdown rule under the header, 0 when none
	width        int   // cells per row when they differ from the header's columns
	colIdx       []int // for each row cell, its header column (when width is set)
	workloadLine int
	ctx          *ctx
	note         string // a warning every row carries
}

var threadWords = map[string]bool{
	"threads": true, "thread": true, "thds": true, "thd": true, "n_threads": true, "num_threads": true,
	"nthreads": true, "#threads": true, "# threads": true, "threads(n)": true, "concurrency": true,
	"clients": true, "client": true, "conc": true, "线程": true, "线程数": true, "并发": true, "并发数": true,
	"并发线程": true, "并发线程数": true,
}

// threadStems are the stems every threadWords entry contains.
var threadStems = []string{"thread", "thd", "conc", "client", "线程", "并发"}

// mentionsThreads reports whether t may hold a threads column name.
func mentionsThreads(t string) bool {
	low := strings.ToLower(t)
	for _, s := range threadStems {
		if strings.Contains(low, s) {
			return true
		}
	}
	return false
}

// detectSummaryTable starts a block at a header row naming a threads
// column and a throughput or latency column.
func detectSummaryTable(l *Line, c *ctx) block {
	t := l.Text
	if strings.HasPrefix(t, "<!--") && !strings.Contains(t, "-->") {
		return &htmlComment{}
	}
	if len(t) < 5 || len(t) > 400 || strings.ContainsAny(t, ":=[]") && !strings.Contains(t, "|") {
		return nil
	}
	if !mentionsThreads(t) {
		return nil // cheap test first: most lines reaching here are prose
	}
	sep := sepSpace
	switch {
	case strings.Contains(t, "|"):
		sep = sepPipe
	case strings.Contains(t, "\t"):
		sep = sepTab
	case strings.Contains(t, ","):
		sep = sepComma
	}
	names := splitHeader(t, sep)
	if len(names) < 2 || len(names) > 30 {
		return nil
	}
	b := &summaryTable{sep: sep, header: *l, threadsI: -1, ruleOK: sep == sepPipe || sep == sepSpace}
	metric := false
	for i, n := range names {
		if n == "" || strings.Contains(n, ":") {
			return nil
		}
		if _, err := parseNum(strings.ReplaceAll(n, ",", "")); err == nil {
			return nil // a number: a data row or prose, not a header
		}
		col := classifyColumn(n)
		if col.kind == colThreads {
			if b.threadsI >= 0 {
				return nil
			}
			b.threadsI = i
		}
		if col.kind == colTPS || col.kind == colQPS || col.kind == colLatency {
			metric = true
		}
		b.cols = append(b.cols, col)
	}
	if b.threadsI < 0 || !metric {
		return nil
	}
	b.labels(c)
	b.command(c)
	b.ctx = c
	return b
}

// command takes the test and engine of a sysbench command line typed
// between the table's workload heading and the table
// ("sysbench /usr/share/sysbench/oltp_update_non_index.lua \ ..."): it
// names what every row measured. Threads stay the rows' own.
func (b *summaryTable) command(c *ctx) {
	cmd := c.command
	if cmd == nil || cmd.Tool != ToolSysbench || b.header.No-c.cmdLine > headingReach {
		return
	}
	if b.workloadLine > c.cmdLine {
		return // the heading is nearer: it names this table
	}
	if cmd.Test != "" {
		b.test = cmd.Test
	}
	b.cmdEng = cmd.Labels["engine"]
}

// splitHeader splits a header row into column names.
func splitHeader(t string, sep int) []string {
	switch sep {
	case sepPipe, sepTab, sepComma:
		return splitCells(t, sep)
	}
	if strings.Contains(t, "  ") {
		// An aligned header: columns are two or more spaces apart.
		var names []string
		for _, f := range spacesRE.Split(t, -1) {
			if f = strings.TrimSpace(f); f != "" {
				names = append(names, f)
			}
		}
		if len(names) >= 2 {
			return names
		}
	}
	return joinWords(strings.Fields(t))
}

var (
	spacesRE    = regexp.MustCompile(`\s{2,}`)
	tabsRE      = regexp.MustCompile(`\t+`)
	qualifierRE = regexp.MustCompile(`(?i)^(p?\d{1,2}(\.\d+)?(%|th)?|avg|average|mean|min|max|平均|最大|最小)$`)
	latWordRE   = regexp.MustCompile(`(?i)^(lat|latency|rt|response|percentile|延迟|响应时间)`)
)

// joinWords joins the words of a space-separated header that name one
// column: "95%" "latency(ms)" → "95% latency(ms)", "avg" "latency" "(ms)"
// → "avg latency (ms)", "response" "time" → "response time".
func joinWords(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case len(out) > 0 && strings.HasPrefix(w, "("):
			out[len(out)-1] += " " + w
			continue
		case len(out) > 0 && qualifierRE.MatchString(out[len(out)-1]) && latWordRE.MatchString(w):
			out[len(out)-1] += " " + w
			continue
		case len(out) > 0 && strings.EqualFold(out[len(out)-1], "response") && strings.HasPrefix(strings.ToLower(w), "time"):
			out[len(out)-1] += " " + w
			continue
		}
		out = append(out, w)
	}
	return out
}

// splitCells splits a row at its separators; pipes at both ends of a
// markdown row are dropped.
func splitCells(t string, sep int) []string {
	var parts []string
	switch sep {
	case sepPipe:
		t = strings.TrimSpace(t)
		t = strings.TrimPrefix(t, "|")
		t = strings.TrimSuffix(t, "|")
		parts = strings.Split(t, "|")
	case sepTab:
		parts = tabsRE.Split(t, -1)
	case sepComma:
		parts = strings.Split(t, ",")
	default:
		parts = strings.Fields(t)
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

var (
	pctRE    = regexp.MustCompile(`(?i)(?:^|[^0-9.])(\d{1,2}(?:\.\d+)?)\s*(?:%|th\b|th |\s*percentile)`)
	pPctRE   = regexp.MustCompile(`(?i)(?:^|[^a-z])p(\d{1,2}(?:\.\d+)?)\b`)
	unitRE   = regexp.MustCompile(`(?i)\(\s*(ms|s|sec|us|µs|μs|毫秒|秒)\s*\)|\b(ms|us|sec)\b`)
	tpsWords = map[string]bool{"tps": true, "trx/s": true, "txn/s": true, "tx/s": true, "transactions/s": true,
		"transactions per sec": true, "transactions/sec": true, "事务/秒": true}
	qpsWords = map[string]bool{"qps": true, "queries/s": true, "queries per sec": true, "queries/sec": true, "查询/秒": true}
)

// classifyColumn names what a header cell measures.
func classifyColumn(name string) tableCol {
	col := tableCol{name: name}
	low := strings.ToLower(strings.TrimSpace(name))
	bare := strings.TrimSpace(strings.Trim(low, "*`"))
	switch {
	case threadWords[bare]:
		col.kind = colThreads
		return col
	case tpsWords[bare] || strings.HasSuffix(bare, " tps") || strings.HasPrefix(bare, "tps "):
		col.kind = colTPS
		return col
	case qpsWords[bare] || strings.HasSuffix(bare, " qps") || strings.HasPrefix(bare, "qps "):
		col.kind = colQPS
		return col
	}
	isLat := latWordRE.MatchString(bare) || strings.Contains(bare, "latency") || strings.Contains(bare, "延迟") ||
		strings.Contains(bare, "response time") || strings.Contains(bare, "响应时间")
	if m := pctRE.FindStringSubmatch(bare); m != nil && (isLat || bare == m[1]+"%" || strings.HasSuffix(bare, "percentile")) {
		col.pct = m[1]
	} else if m := pPctRE.FindStringSubmatch(bare); m != nil && (isLat || bare == "p"+m[1]) {
		col.pct = m[1]
	}
	if col.pct == "" && !isLat {
		return col
	}
	if col.pct == "" {
		switch {
		case strings.Contains(bare, "avg") || strings.Contains(bare, "average") || strings.Contains(bare, "mean") || strings.Contains(bare, "平均"):
			col.stat = "avg"
		case strings.Contains(bare, "min") || strings.Contains(bare, "最小"):
			col.stat = "min"
		case strings.Contains(bare, "max") || strings.Contains(bare, "最大"):
			col.stat = "max"
		}
	}
	col.kind = colLatency
	col.factor = 1
	if m := unitRE.FindStringSubmatch(bare); m != nil {
		u := m[1] + m[2]
		switch u {
		case "s", "sec", "秒":
			col.factor = 1000
		case "us", "µs", "μs":
			col.factor = 0.001
		}
	}
	return col
}

// knownTests are sysbench test names a heading may carry.
var knownTests = map[string]bool{
	"oltp_read_write": true, "oltp_read_only": true, "oltp_write_only": true, "oltp_point_select": true,
	"oltp_update_index": true, "oltp_update_non_index": true, "oltp_insert": true, "oltp_delete": true,
	"select_random_points": true, "select_random_ranges": true, "bulk_insert": true, "point_select": true,
	"update_index": true, "update_non_index": true, "read_only": true, "read_write": true, "write_only": true,
}

var (
	workloadRE = regexp.MustCompile(`(?i)(test|select|insert|update|delete|read|write|oltp|测试|读|写)`)
	versionRE  = regexp.MustCompile(`(?i)^(v?\d+(\.\d+)+\S*|[a-z][\w-]*\s+v?\d+(\.\d+)+\S*)$`)
	systemRE   = regexp.MustCompile(`(?i)\b(innodb|myisam|rocksdb|myrocks|tokudb|aria|memory|mysql|mariadb|percona|tidb|postgres(ql)?|oceanbase|polardb|aurora)\b`)
)

// labels takes system and workload from the headings above the table.
func (b *summaryTable) labels(c *ctx) {
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if b.header.No-h.No > headingReach {
			break
		}
		text := strings.TrimSpace(strings.Trim(strings.TrimSpace(h.Text), "#*"))
		if i == len(c.headings)-1 && h.No == b.header.No-1 && strings.HasPrefix(text, "<!--") && !strings.Contains(text, "-->") {
			b.skip = true
			return
		}
		text = strings.TrimSpace(strings.TrimSuffix(text, ":"))
		if text == "" || strings.HasPrefix(text, "<!--") || strings.HasPrefix(text, "-->") || strings.HasPrefix(text, "![") {
			continue
		}
		if b.workload == "" {
			if t := HeadingTest(text); t != "" && len([]rune(text)) <= 80 {
				b.workload, b.test, b.workloadLine = text, t, h.No
				continue
			}
		}
		isWorkload := workloadRE.MatchString(text)
		if isWorkload && len([]rune(text)) <= 60 && b.workload == "" {
			b.workload, b.workloadLine = text, h.No
			continue
		}
		short := len([]rune(text)) <= 40
		if !isWorkload && short && b.system == "" &&
			(strings.HasSuffix(strings.TrimSpace(strings.Trim(h.Text, "#* ")), ":") || versionRE.MatchString(text) || systemRE.MatchString(text)) {
			b.system = text
		}
		if b.system != "" && b.workload != "" {
			return
		}
	}
}

func (b *summaryTable) feed(l *Line) status {
	t := l.Text
	if t == "" || l.Prompt != "" {
		return rejected
	}
	cells := splitCells(t, b.sep)
	if b.ruleOK && b.rows == 0 {
		b.ruleOK = false
		if isRule(cells) {
			b.ruleCells = len(cells)
			return consumed
		}
	}
	if len(cells) != len(b.cols) {
		if b.rows > 0 && b.width == 0 || b.width > 0 && len(cells) != b.width || !b.fitRow(l, cells) {
			return rejected
		}
	}
	threadsAt := b.threadsI
	if b.width > 0 {
		threadsAt = b.cellOf(b.threadsI)
	}
	if threadsAt < 0 {
		return rejected
	}
	th, ok := b.threadsCell(cells[threadsAt])
	if !ok {
		return rejected
	}
	b.rows++
	if b.skip || b.mismatch {
		return consumed
	}
	r := &Run{Source: "", Line: l.No, EndLine: l.No, Tool: ToolTable, Layout: LayoutT, Complete: true,
		Threads: iptr(th), ThreadsFrom: "table"}
	if b.system != "" {
		r.SetLabel("system", b.system)
	}
	switch {
	case b.test != "" && b.workload != "" && b.test != b.workload:
		r.Test = b.test
		r.SetLabelFrom("heading", b.workload, "heading at line "+strconv.Itoa(b.workloadLine))
	case b.test != "":
		r.Test = b.test
	case b.workload != "":
		r.SetLabel("workload", b.workload)
	}
	if b.cmdEng != "" {
		r.SetLabel("engine", b.cmdEng)
	}
	for j := range cells {
		i := j
		if b.width > 0 {
			i = b.colIdx[j]
		}
		if i < 0 {
			continue
		}
		col := b.cols[i]
		cell := cells[j]
		r.Columns = append(r.Columns, Column{Name: col.name, Value: cell})
		if col.kind == colThreads || col.kind == colOther {
			continue
		}
		if col.kind == colLatency && col.pct == "" && col.stat == "" {
			r.Warn(l.No, "column "+strconv.Quote(col.name)+" names no percentile or average: kept in columns only")
			continue
		}
		v, ok, msg := b.cellValue(cell, col)
		if msg != "" {
			b.errs = append(b.errs, &Error{Line: l.No, Message: "summary table " + strconv.Quote(col.name) + ": " + msg})
			continue
		}
		if !ok {
			continue
		}
		switch col.kind {
		case colTPS:
			r.TPS = fptr(v)
		case colQPS:
			r.QPS = fptr(v)
		case colLatency:
			switch {
			case col.pct != "":
				if r.Latency.Percentiles == nil {
					r.Latency.Percentiles = map[string]float64{}
				}
				r.Latency.Percentiles[col.pct] = v
			case col.stat == "avg":
				r.Latency.Avg = fptr(v)
			case col.stat == "min":
				r.Latency.Min = fptr(v)
			case col.stat == "max":
				r.Latency.Max = fptr(v)
			}
		}
	}
	if b.note != "" {
		r.Warn(l.No, b.note)
	}
	b.runs = append(b.runs, r)
	return consumed
}

// isRule reports a markdown rule row ("|---|:---:|") or a dashed
// underline of a space-separated header.
func isRule(cells []string) bool {
	if len(cells) == 0 {
		return false
	}
	for _, c := range cells {
		c = strings.Trim(c, ":")
		if c == "" || strings.Trim(c, "-=") != "" {
			return false
		}
	}
	return true
}

// thousandsRE matches "1,234.5".
var thousandsRE = regexp.MustCompile(`^\d{1,3}(,\d{3})+(\.\d+)?$`)

func (b *summaryTable) plain(s string) string {
	if b.sep != sepComma && thousandsRE.MatchString(s) {
		return strings.ReplaceAll(s, ",", "")
	}
	return s
}

func (b *summaryTable) threadsCell(s string) (int, bool) {
	s = strings.Trim(s, "*`")
	n, err := atoiStrict(b.plain(s))
	return n, err == nil && n > 0
}

// absentCells are how tables mark a missing value.
var absentCells = map[string]bool{"": true, "-": true, "--": true, "—": true, "–": true, "n/a": true, "na": true,
	"null": true, "none": true}

// cellValue parses a numeric cell. ok is false for an absent cell; msg
// says what is wrong with a malformed one.
func (b *summaryTable) cellValue(cell string, col tableCol) (v float64, ok bool, msg string) {
	s := strings.TrimSpace(strings.Trim(cell, "*`"))
	if absentCells[strings.ToLower(s)] {
		return 0, false, ""
	}
	factor := 1.0
	if col.kind == colLatency {
		factor = col.factor
		low := strings.ToLower(s)
		for _, u := range []struct {
			suffix string
			f      float64
		}{{"ms", 1}, {"us", 0.001}, {"µs", 0.001}, {"μs", 0.001}, {"s", 1000}} {
			if strings.HasSuffix(low, u.suffix) {
				s = strings.TrimSpace(s[:len(s)-len(u.suffix)])
				factor = u.f
				break
			}
		}
	}
	f, err := parseNum(b.plain(s))
	if err != nil {
		if _, rest, ok := leadingNum(s); ok && rest != "" {
			return 0, false, "value " + strconv.Quote(cell) + " has an unknown suffix (expected a plain number; latency may end in ms, s or us)"
		}
		return 0, false, "bad value " + strconv.Quote(cell) + " (expected a number, N/A or -)"
	}
	if f < 0 {
		return 0, false, "negative value " + strconv.Quote(cell) + " (expected a number, N/A or -)"
	}
	return f * factor, true, ""
}

func (b *summaryTable) end(c *ctx) {
	if b.rows == 0 {
		// A header without rows is prose that happens to name columns.
		c.remember(&b.header)
		return
	}
	if b.width == 0 && !b.skip {
		names := make([]string, len(b.cols))
		for i, col := range b.cols {
			names[i] = col.name
		}
		c.tables = append(c.tables, tableShape{line: b.header.No, names: names})
	}
	for _, e := range b.errs {
		e.Source = c.name
		c.add(e)
	}
	for _, r := range b.runs {
		r.Source = c.name
		c.emitRun(r)
	}
}

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
	line  int
	names []string
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
	if _, ok := b.threadsCell(cells[0]); !ok && (b.threadsI >= len(cells) || !b.threadsOK(cells[b.threadsI])) {
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
	names := make([]string, len(b.cols))
	for i, c := range b.cols {
		names[i] = c.name
	}
	b.mismatch = true
	for j := range b.colIdx {
		b.colIdx[j] = -1
	}
	if b.threadsI < len(cells) {
		b.colIdx[b.threadsI] = b.threadsI
	}
	b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
		"summary table: the header at line %d names %d columns (%s) but the row has %d values: the table is not read (expected one value per column)",
		b.header.No, len(b.cols), strings.Join(names, ", "), len(cells))})
	return true
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
