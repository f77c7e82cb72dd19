package parse

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sbreport/sbreport/parse/tabular"
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
// concurrency, clients, 线程, 并发, "sysbench threads", ...) and at least
// one throughput (TPS, QPS, events/s) or latency column; cells are
// separated by pipes (markdown, with an optional |---| rule), tabs, commas
// or spaces (a space header is split into words, and words that belong
// together, such as "95% latency(ms)" or "avg latency", are joined
// again). A pipe or tab table without a threads column is read too when a
// column says what each row is (a name column, below) and a value can be
// read from a metric column. Data rows follow until a blank line or a line
// that is not a row of the table; in a pipe or tab table, a line with the
// table's cells under its rule is a row even when its threads cell is bad
// (an error, and the rows after it are read).
//
// Every row becomes a Run with Tool ToolTable and Layout LayoutT: its
// threads (ThreadsFrom "table"; a cell "64 * 4", 64 threads in each of 4
// sysbench processes, is 256 with the label "clients" 4, as analyze
// labels the runs it merges from several clients), TPS, QPS or EPS as the
// column is named ("events per second", "cpu speed" and cells such as
// "2724.77 ev/sec" are events per second; "cpu speed" also names the test
// cpu), a latency
// column naming a percentile ("95% latency(ms)", "p99") as
// Latency.Percentiles, an average/min/max latency column as Latency.Avg,
// Min, Max, in ms (a unit named in the header, "(s)" or "(us)", or as a
// cell suffix, is converted; a latency column naming no unit is taken as
// ms, as sysbench prints). A latency column naming several statistics
// ("latency(avg / .95)") holds as many values separated by "/" ("67.04 ms
// / 110.88 ms"). Every cell is kept in Columns. A latency column naming
// neither a percentile nor avg/min/max is kept in Columns only, with a
// warning. Columns that compare (a header with 提升, improvement, diff,
// ratio, vs, ...) are derived figures, kept in Columns only. Absent cells
// (N/A, -, empty) are nil.
//
// Name columns say what each row is, and win over the headings above:
//   - system: version, 版本, system, database, server, config, ..., and a
//     first column whose header is "-" or empty ("| - | threads | tps |"
//     with TiDB and MySQL rows); label "system";
//   - machine: machine, host, device name, 머신, 机器, ...; labels "host"
//     and, when no system column is given, "system";
//   - engine: engine, storage engine, 存储引擎; label "engine";
//   - test: test, workload, 测试, 场景; the cell names the test as a
//     heading would;
//   - "sysbench version": the row's Run.Version.
//
// Setting columns ("table count", "table size", 表数量, ...) are workload
// settings: Run.Settings "tables" and "table-size", counts as plain
// numbers ("100 万" is 1000000; K, M, 万, 亿 are understood), so that rows
// that differ only there are different experiments.
//
// A wide table holds several systems in each row: when every throughput
// and latency column begins with a system ("v4.0 QPS", "v4.0 95% latency
// (ms)", "v5.0 QPS", ...: a version or a database or engine name), each
// row gives one run per system, all with the row's line. So does a table
// that prints one measurement in several columns, each followed by a
// name ("tps no-fix | tps fix"): the names are the systems, whatever
// they are, unless one is a statistic, an operation, a unit or a number.
//
// Labels come from the nearest unclaimed lines above the table (at most
// headingReach lines up), nearest first, within the table's own section:
// the search for the workload stops at the nearest markdown heading ("#",
// "##", ...), and above it only headings of enclosing sections (fewer
// '#') may name the system. Rows of other markdown tables, command
// continuation lines ("--opt \") and image captions are never labels.
//   - workload: the first heading that names a sysbench test
//     (oltp_read_write, point_select, ...; a 0.4/0.5 test written as
//     sysbench takes it, "标准 oltp 测试", "标准 insert 测试", names oltp and
//     insert) or contains test, select, insert, update, delete, read,
//     write (or 测试, 读, 写). If it names a test, the run's Test is set
//     too. A prose sentence (one ending with 。 or a period) is never the
//     workload, but names the test when it names exactly one ("我们分别在
//     两种网络模式下做了 Point Select 测试。"); one naming several ends the
//     search.
//   - system: the first other heading of at most 40 characters that ends
//     with ':', looks like a version ("v3.0", "TiDB 2.1", "MySQL 8.0.32")
//     or names a database or storage engine ("InnoDB results").
//
// A sysbench command line typed above the table (within headingReach
// lines), or written in an inline code span of the text above it
// ("Command was the same `sysbench cpu --threads=2 run`"), names the test
// when no heading nearer the table does, and the engine; when the table
// has no threads column, its threads are the rows' threads (ThreadsFrom
// "command"). A prepare, prewarm or cleanup command names no test (its
// test is oltp_common). A row whose system names MySQL, MariaDB or
// Percona takes the storage engine the nearest capture states (a CREATE
// TABLE ... ENGINE=InnoDB above) when its test uses tables, as runs do;
// other systems (TiDB, ...) do not choose their storage by ENGINE=.
//
// Every row also carries the label "table", "line N" of its header: two
// tables of one input that show the same system and workload are
// different measurements, and the label keeps them apart (analyze splits
// a cell only when the label differs between runs of one system, and
// never takes table, heading or clients as the system).
//
// A line of comma-separated values below a table with a name column that
// has exactly that table's columns, with numbers where the table has its
// throughput and latency ("MBP 2020 , 2.3 GHz ..., 8 Cores , 1.0.20 ,
// 7487274.56" in a comment under the table), is one more row of it: it
// takes the table's columns and test, not the threads of the command
// above the table (it was run by someone else), and a warning says so.
//
// Tables inside an HTML comment ("<!-- plan cache enabled" ... "-->") are
// not on the page: their rows are consumed and skipped. Summary tables
// do not take the command line before them as Run.Command: a table
// summarises many runs, and one command rarely describes them all.
//
// A table that looks like results but cannot be read is reported, never
// dropped: a header naming a throughput or latency but no threads and no
// name column, and a header under a rule whose columns name systems,
// engines, versions or thread counts with rows of numbers but no metric
// ("|myisam_1W行|innodb_1W行|" over "无binlog+无索引|20833|5353": the unit
// of the cells is not in the table) give one *Error at the header naming
// the lines; so does a table header and rule whose first line is no row.
// Monitor output (a time or date column) and tables of settings are not
// results and are left alone.

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
	colEPS
	colLatency
	colMiBs    // a transfer rate in MiB/s: memory, or one file test mode of fileio (mode)
	colLabel   // says what the row is; label names the label it sets
	colSetting // a workload setting; label names the setting
	colVersion // the sysbench version of the row's run
	colEvents  // the run's total number of events ("Total Events")
)

// A latStat is one latency statistic: a percentile rank as printed ("95")
// or "avg", "min", "max".
type latStat struct{ pct, stat string }

type tableCol struct {
	name   string
	kind   int
	lat    []latStat // latency: one per "/"-separated value of a cell; empty when the header names none
	factor float64   // ms per header unit for latency
	system string    // the system a metric column's name begins with ("v4.0" of "v4.0 QPS")
	label  string    // colLabel: "system", "host", "engine" or "workload"; colSetting: the setting
	test   string    // the test the column's name implies ("cpu speed": cpu)
	mode   string    // colMiBs: the fileio test mode the column's name begins with ("seqrd speed MiB/s")
	// pair are the two systems a column names before its metric
	// ("current_branch/master(TPS)"): each cell holds both values, "a/b".
	pair []string
	// pairSep joins the two values of a pair column's cells: "/", or
	// the arrow of its header ("783.54 → 830.14").
	pairSep string
	// again marks a column that measures what an earlier column of its
	// system already gives (a second "Latency (ms) - avg", of one query
	// beside one transaction): kept under its own name, not as the run's.
	again bool
}

// isMetric reports whether the column holds a result.
func (col *tableCol) isMetric() bool {
	return col.kind == colTPS || col.kind == colQPS || col.kind == colEPS || col.kind == colLatency || col.kind == colMiBs ||
		col.kind == colEvents
}

type summaryTable struct {
	// captioned is set when a caption right over the table names its
	// rate and a workload of no sysbench test ("QPS for increment"): no
	// test is taken from further up.
	captioned bool
	// mix is set when the workload is a heading naming two tests or more
	// (HeadingMix): a workload of its own, of no one test.
	mix bool
	// prevCells are the cells of the row read last, for the label cell
	// a row leaves empty (ditto).
	prevCells []string
	// short holds the rows that stopped before the last columns (line:
	// the columns they lack): dropShortRows reports those that measured
	// nothing.
	short   map[int][]string
	sep     int
	cols    []tableCol
	header  Line
	rows    int
	lastRow int // line of the last row read
	runs    []*Run
	skip    bool // commented out: read the rows, emit nothing
	// others is set for a table in another benchmark tool's part of the
	// text (othersPart, othersTool named at line othersAt) naming no
	// sysbench test: of its rows, only those that name one are read as
	// runs (othersRow); othersSaid once the table is reported.
	others     bool
	othersAt   int
	othersTool string
	othersSaid bool
	ruleOK     bool // a markdown rule may still follow the header
	system     string
	workload   string
	test       string // the test the workload heading or the command above names
	cpuTitle   bool   // a title in the table's section names the CPU as a word
	cmdEng     string // the engine the command above names
	cmdThr     int    // the threads the command above names, 0 when none
	headThr    int    // the threads the table's section heading names, 0 when none
	kvThr      int    // the threads a setting line of its context names (kvThreads), 0 when none
	kvLine     int
	headLine   int // the line of that heading
	cmdLine    int // the line of the command above, 0 when none
	errs       []*Error
	threadsI   int
	// groups are the systems of a wide table's metric columns, in order;
	// one "" for an ordinary table. When modes is set they are the file
	// test modes of its MiB/s columns instead: each row holds one run of
	// each mode.
	groups []string
	modes  bool
	// memOps is set when the groups are the operations of a memory
	// table's MiB/s columns ("Read (MiB/s) | Write (MiB/s)"): each row
	// holds one memory run of each (memoryOps).
	memOps bool
	named  bool // a name column says what each row is
	// mismatch is set when the rows have another number of cells than the
	// header names and no other table of the input tells which columns
	// they hold: the rows are consumed, nothing is read, and one error says
	// why.
	mismatch     bool
	ruleCells    int // cells of the markdown rule under the header, 0 when none
	badLine      int // the first line under the rule, when it is no row of the table
	badWhy       string
	width        int   // cells per row when they differ from the header's columns
	colIdx       []int // for each row cell, its header column (when width is set)
	workloadLine int
	ctxNote      string // why the context gave the table no test, "" when it named none
	testFrom     string // where the context named the test, "" when it gave none
	ctx          *ctx
	note         string // a warning every row carries
	single       bool   // a comma row read as one more row of an earlier table
	tableLabel   string // the "table" label of the rows
}

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

// deviceColumns are the columns of sysstat's device reports (sar -d,
// iostat -x) that no benchmark's results table has.
var deviceColumns = map[string]bool{"rkb/s": true, "wkb/s": true, "dkb/s": true, "rmb/s": true, "wmb/s": true,
	"rd_sec/s": true, "wr_sec/s": true, "areq-sz": true, "aqu-sz": true, "avgrq-sz": true, "avgqu-sz": true,
	"await": true, "r_await": true, "w_await": true, "svctm": true, "%util": true, "rrqm/s": true, "wrqm/s": true,
	"rareq-sz": true, "wareq-sz": true}

// deviceStats reports a header of a device report copied into a table
// ("| Time | Device | tps | rkB/s | wkB/s | … | await | %util |"): two of
// its columns or more are sysstat's own, and its tps is the disk's
// transfers per second, not transactions.
func deviceStats(names []string) bool {
	n := 0
	for _, name := range names {
		if deviceColumns[strings.ToLower(strings.Trim(strings.TrimSpace(name), "*`"))] {
			n++
		}
	}
	return n >= 2
}

// speedTestHeader reports the header of a network speed test's table,
// which bench.sh and the VPS test scripts print beside sysbench's
// results ("Node Name  Upload Speed  Download Speed  Latency", "位置  上传速度
// 下载速度  延迟  丢包率"): a column of upload or download speed.
func speedTestHeader(names []string) bool {
	for _, name := range names {
		n := strings.ToLower(name)
		if strings.Contains(n, "upload") || strings.Contains(n, "download") || strings.Contains(n, "上传") || strings.Contains(n, "下载") {
			return true
		}
	}
	return false
}

// detectSummaryTable starts a block at a header row naming a threads
// column and a throughput or latency column, or, in a pipe or tab table,
// a name column and a throughput or latency column. A comma-separated
// line below an earlier table may be one more row of it (commaRow); a
// header that looks like results but cannot be read starts an unreadTable.
func detectSummaryTable(l *Line, c *ctx) block {
	t := l.Text
	if strings.HasPrefix(t, "<!--") && !strings.Contains(t, "-->") {
		return &htmlComment{}
	}
	if len(t) < 5 || len(t) > 400 || strings.ContainsAny(t, ":=[]") && !strings.Contains(t, "|") {
		return nil
	}
	threads := mentionsThreads(t)
	pipeOrTab := strings.Count(t, "|") >= 2 || strings.Count(t, "\t") >= 1
	if !threads && !pipeOrTab {
		if strings.Contains(t, ",") && len(c.tables) > 0 {
			return commaRow(l, c)
		}
		if strings.Contains(t, "  ") {
			return detectAligned(l, c)
		}
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
	if deviceStats(names) {
		return nil // sar -d or iostat: its tps counts a disk's transfers
	}
	if speedTestHeader(names) {
		// A network speed test's nodes (upload and download speeds,
		// latency): its rows are consumed, and neither read nor reported.
		if sep == sepPipe || sep == sepTab {
			return &unreadTable{sep: sep, header: *l, cols: len(names), names: names, quiet: true}
		}
		return nil
	}
	if sep == sepPipe && c.orphanHeader != nil {
		if b := orphanRows(l, c, names); b != nil {
			return b
		}
	}
	for i, n := range names {
		// A header cell ending in a colon names its column as a label
		// line does ("threads:", "events/s:").
		if strings.HasSuffix(n, ":") && strings.Count(n, ":") == 1 {
			names[i] = strings.TrimSpace(strings.TrimSuffix(n, ":"))
		}
	}
	if sep == sepPipe && len(names) >= 3 && names[len(names)-1] == "" && !slices.Contains(names[:len(names)-1], "") {
		// "DigitalOcean | Linode | |": names closing on an empty cell,
		// perhaps the corner moved to the end (generalTable.shifted).
		return detectGeneral(l, c, sep, names, nil)
	}
	b := &summaryTable{sep: sep, header: *l, threadsI: -1, ruleOK: sep == sepPipe || sep == sepSpace}
	metric := false
	readable := false // a metric column a value can be read from
	for i, n := range names {
		if n == "" && i > 0 || strings.Contains(n, ":") {
			return unreadHeader(l, c, sep, names)
		}
		if _, err := parseNum(strings.ReplaceAll(n, ",", "")); err == nil {
			return unreadHeader(l, c, sep, names) // a number: a data row or prose, not a header
		}
		col := classifyColumn(n)
		if i == 0 && (n == "" || n == "-") {
			col.kind, col.label = colLabel, "system"
			if sep == sepComma && n == "" {
				// A CSV's unnamed first column is a data frame's row
				// index (0, 1, 2 … as pandas writes it), no name.
				col.kind, col.label = colOther, ""
			}
		}
		switch col.kind {
		case colThreads:
			if b.threadsI >= 0 {
				// Two columns named for clients: "client" (the client
				// program, "sysbench 1.1.0") beside "clients" (the count).
				// A singular name gives way to a plural one.
				prev := strings.ToLower(strings.TrimSpace(names[b.threadsI]))
				switch {
				case singularThreadWord(prev) && !singularThreadWord(strings.ToLower(strings.TrimSpace(n))):
					b.cols[b.threadsI].kind = colOther
				case singularThreadWord(strings.ToLower(strings.TrimSpace(n))) && !singularThreadWord(prev):
					col.kind = colOther
					b.cols = append(b.cols, col)
					continue
				default:
					return nil
				}
			}
			b.threadsI = i
		case colLabel:
			b.named = true
		}
		if col.isMetric() {
			metric = true
			readable = readable || col.kind != colLatency || len(col.lat) > 0
		}
		b.cols = append(b.cols, col)
	}
	if !metric && (b.threadsI >= 0 || b.named) && b.systemColumns(c) {
		metric, readable = true, true
	}
	if !metric || b.threadsI < 0 && (!b.named || !readable || sep != sepPipe && sep != sepTab) {
		return detectGeneral(l, c, sep, names, unreadHeader(l, c, sep, names))
	}
	b.wide()
	b.firstOfEach()
	b.ctx = c
	b.tableLabel = "line " + strconv.Itoa(l.No)
	b.labels(c)
	b.command(c)
	for _, col := range b.cols {
		if b.test == "" && col.test != "" && (col.kind != colVersion || b.fits(col.test)) {
			// ("sysbench CPU" over a container's CPU limit, beside a
			// column of qps, names no test of the rows.)
			b.test = col.test
		}
	}
	if b.test == "" && b.cpuTitle && b.onlyEvents() {
		b.test = "cpu"
	}
	b.takeContextTest(c)
	b.memoryOps()
	return b
}

// singularThreadWord reports a column name that is a singular of a word
// naming the clients ("client", "thread", "connection"): it may name the
// client program or one thread rather than their count.
func singularThreadWord(n string) bool {
	switch n {
	case "client", "thread", "connection", "conn", "user":
		return true
	}
	return false
}

// memOper returns the memory operation a MiB/s column names ("Read
// (MiB/s)": "read", "Write MiB/s": "write"), "" for none.
func memOper(name string) string {
	switch fileDirection(tabular.Words(name)) {
	case "read":
		return "read"
	case "written":
		return "write"
	}
	return ""
}

// memoryColumns reports whether a table's metric columns can hold what
// the memory test reports: one transfer rate, or one for each operation
// ("Read (MiB/s) | Write (MiB/s)", the test run once with
// --memory-oper=read and once with write).
func (b *summaryTable) memoryColumns() bool {
	n := 0
	ops := map[string]bool{}
	for _, col := range b.cols {
		if !col.isMetric() {
			continue
		}
		if col.kind != colMiBs || col.system != "" || col.mode != "" {
			return false
		}
		n++
		if op := memOper(col.name); op != "" {
			ops[op] = true
		}
	}
	return n == 1 || n >= 2 && len(ops) == n
}

// memoryOps makes a memory table whose MiB/s columns each name an
// operation a table of one run per operation a row.
func (b *summaryTable) memoryOps() {
	if b.test != "memory" || b.modes || len(b.groups) != 1 || b.groups[0] != "" || !b.memoryColumns() {
		return
	}
	var ops []string
	for _, col := range b.cols {
		if col.isMetric() {
			ops = append(ops, memOper(col.name))
		}
	}
	if len(ops) >= 2 {
		b.groups, b.memOps = ops, true
	}
}

// firstOfEach keeps the first column of each rate and latency statistic
// of a system as the run's; a later one is read as the table model reads
// a column no word names (modelColumns), under its own name.
func (b *summaryTable) firstOfEach() {
	type key struct {
		system    string
		kind      int
		pct, stat string
	}
	seen := map[key]bool{}
	for i := range b.cols {
		col := &b.cols[i]
		if col.pair != nil || col.mode != "" {
			continue
		}
		k := key{system: col.system, kind: col.kind}
		switch {
		case col.kind == colTPS, col.kind == colQPS, col.kind == colEPS:
		case col.kind == colLatency && len(col.lat) == 1:
			k.pct, k.stat = col.lat[0].pct, col.lat[0].stat
		default:
			continue
		}
		if seen[k] {
			col.kind, col.again = colOther, true
			continue
		}
		seen[k] = true
	}
}

// captionTest returns the built-in test a caption names by itself,
// beside at most a thread count and the word test or benchmark ("Memory",
// "Fileio", "CPU 4 threads", "fileio test"), else "". A longer title
// ("MEMORY engine results") names no test so.
func captionTest(text string) string {
	t := strings.ToLower(headThreadsRE.ReplaceAllString(text, " "))
	test := ""
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == ':' || r == ',' }) {
		switch w {
		case "test", "tests", "benchmark":
			continue
		case "mem":
			w = "memory" // "## Mem" beside "## CPU"
		}
		info, ok := LookupTest(w)
		if test != "" || !ok || info.Family != FamilyBuiltin {
			return ""
		}
		test = info.Name
	}
	return test
}

// onlyEvents reports a table whose rates are events per second, with no
// transactions, queries or bytes per second beside them (latencies may
// be): under a title naming the CPU ("Top 10 Performers (Single-Thread
// CPU)", "## CPU Benchmark Results"), those are the cpu test's events,
// the one sysbench test that measures a processor in events per second.
func (b *summaryTable) onlyEvents() bool {
	events := false
	for i := range b.cols {
		switch b.cols[i].kind {
		case colEPS:
			events = true
		case colTPS, colQPS, colMiBs:
			return false
		}
	}
	return events
}

// systemColumns reads a header whose columns other than the threads are
// all systems ("clients MariaDB 10.0.21 MariaDB 10.1.8 MySQL 5.6.27"),
// under a caption that names what every cell measures ("simplified OLTP
// – queries per second", "**QPS**", "## …, 4 threads, TPS"): each column
// becomes that metric of its system. The caption is the line right above
// the header or above the blank lines before it. Without a threads
// column the first column must name each row's test ("Benchmark", over
// oltp_point_select, oltp_read_only, …), the thread count coming from
// the caption or the context. A caption that compares ("QPS
// improvement") names no rate of the cells. It returns false, changing
// nothing, when the header or the caption is not of that form.
func (b *summaryTable) systemColumns(c *ctx) bool {
	if len(b.cols) < 2 || len(c.headings) == 0 {
		return false
	}
	h := c.headings[len(c.headings)-1]
	if h.No != b.header.No-1 && (c.blankRun == 0 || h.No+c.blankRun != b.header.No-1) {
		return false
	}
	kind := captionMetric(h.Text)
	if kind == colOther || derived(strings.ToLower(h.Text)) {
		return false
	}
	rowsI := b.threadsI
	if rowsI < 0 {
		if b.cols[0].kind != colLabel || b.cols[0].label != "workload" || len(b.cols) < 3 {
			return false
		}
		rowsI = 0
	}
	for i, col := range b.cols {
		if i != rowsI && (col.kind != colOther || !captionSystem(col.name)) {
			return false
		}
	}
	for i := range b.cols {
		if i != rowsI {
			b.cols[i].kind, b.cols[i].system = kind, b.cols[i].name
		}
	}
	return true
}

// captionSystem reports a column name that may be a system under a
// caption naming the table's metric: a version or a database ("MySQL
// 8.0", "TiDB 2.1"), a name and its version ("MariaDB 11.8", whose
// version reads as a percentile rank elsewhere), or a longer name holding
// a database's ("Operator for Percona Server for MySQL", "* RDS MySQL
// Operator"), with no statistic, latency or threads word.
func captionSystem(name string) bool {
	words := strings.Fields(name)
	if looksLikeSystem(words) {
		return true
	}
	if len(words) < 2 || len(words) > 8 || !namesSystem(name) && !isVersion(words[len(words)-1]) {
		return false
	}
	return !namesStatistic(words, true)
}

// captionMetric returns the rate a caption names as what a table holds
// ("... – queries per second", "TPS:"), colOther when it names none or
// more than one.
func captionMetric(text string) int {
	// Every word below holds "ps", "per" or "/s" in some case: a line
	// with none of them (most lines of a log) names no rate.
	if !containsFoldASCII(text, "ps") && !containsFoldASCII(text, "per") && !containsFoldASCII(text, "/s") {
		return colOther
	}
	t := " " + strings.Join(strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '/')
	}), " ") + " "
	kind := colOther
	for _, m := range []struct {
		k     int
		words []string
	}{
		{colQPS, []string{" qps ", " queries per second ", " queries per sec ", " queries/s ", " queries/sec "}},
		{colTPS, []string{" tps ", " transactions per second ", " transactions per sec ", " transactions/s ", " transactions/sec "}},
		{colEPS, []string{" eps ", " events per second ", " events/s "}},
	} {
		for _, w := range m.words {
			if strings.Contains(t, w) {
				if kind != colOther && kind != m.k {
					return colOther
				}
				kind = m.k
			}
		}
	}
	return kind
}

// wide decides whether the table holds several systems per row: every
// metric column names its system. Otherwise the systems the columns name
// are ignored.
func (b *summaryTable) wide() {
	if b.pairs() {
		return
	}
	b.gridSystems()
	b.suffixSystems()
	all := true
	var groups []string
	seen := map[string]bool{}
	for _, col := range b.cols {
		if !col.isMetric() {
			continue
		}
		if col.system == "" {
			all = false
			break
		}
		if !seen[col.system] {
			seen[col.system] = true
			groups = append(groups, col.system)
		}
	}
	if !all || len(groups) == 0 {
		if modes := b.modeGroups(); len(modes) > 1 {
			b.groups, b.modes = modes, true
			return
		}
		for i := range b.cols {
			b.cols[i].system = ""
		}
		groups = []string{""}
	}
	b.groups = groups
}

// gridSystems names the systems of metric columns whose headers are a
// grid of names by measurements: the same first words (a name no list
// knows, "DSv5", "DSv6") before each of at least two measurements, each
// measurement under at least two names ("DSv5 QPS | DSv6 QPS | … | DSv5
// TPS | DSv6 TPS"). What the headers share tells the measurement; what
// differs between them is the system, decided by the layout rather than
// by the name. A name that itself names a measurement, a statistic, an
// operation (measureQualifiers) or a thread count ("read QPS | write
// QPS") is no system. Columns the grid
// does not hold are left as they are.
func (b *summaryTable) gridSystems() {
	type split struct {
		prefix, rest string
		m            tableCol
	}
	splits := make([][]split, len(b.cols))
	for i, col := range b.cols {
		if col.system != "" && col.pair == nil {
			// "MySQL QPS" beside "WeSQL WeScale QPS": a name a list
			// knows is one of the grid's too.
			if rest, ok := strings.CutPrefix(strings.Trim(strings.TrimSpace(col.name), "*`"), col.system+" "); ok {
				splits[i] = append(splits[i], split{col.system, strings.ToLower(strings.TrimSpace(rest)), col})
			}
			continue
		}
		if !col.isMetric() && col.kind != colOther || col.pair != nil || derived(strings.ToLower(col.name)) {
			continue
		}
		words := strings.Fields(strings.Trim(strings.TrimSpace(col.name), "*`"))
		for k := 1; k < len(words) && k <= 3; k++ {
			p, rest := strings.Join(words[:k], " "), strings.Join(words[k:], " ")
			if pc := classifyColumn(p); pc.kind != colOther || qualifierRE.MatchString(words[k-1]) ||
				latWordRE.MatchString(words[k-1]) || measureQualifiers[strings.ToLower(words[k-1])] || threadWords[strings.ToLower(words[k-1])] {
				break
			}
			if m := classifyMetric(rest); m.isMetric() && (m.kind == col.kind || col.kind == colOther) {
				splits[i] = append(splits[i], split{p, strings.ToLower(rest), m})
			}
		}
	}
	// names[rest] are the names each measurement is printed under.
	names := map[string]map[string]bool{}
	for _, ss := range splits {
		for _, sp := range ss {
			if names[sp.rest] == nil {
				names[sp.rest] = map[string]bool{}
			}
			names[sp.rest][sp.prefix] = true
		}
	}
	// A name counts when it stands before two measurements that are each
	// printed under two names or more.
	count := map[string]int{}
	for _, ps := range names {
		if len(ps) < 2 {
			continue
		}
		for p := range ps {
			count[p]++
		}
	}
	for i, ss := range splits {
		for _, sp := range ss {
			if count[sp.prefix] >= 2 && len(names[sp.rest]) >= 2 {
				if b.cols[i].kind == colOther {
					// "DSv5 avg(ms)": the measurement its name ends with.
					sp.m.name = b.cols[i].name
					b.cols[i] = sp.m
				}
				b.cols[i].system = sp.prefix
				break
			}
		}
	}
}

// suffixSystems names the systems of metric columns that print one
// measurement under several names written after it ("tps no-fix | tps
// fix", "QPS master | QPS patched", "TPS (MySQL 5.7) | TPS (MySQL 8.0)",
// "RPS(A) MySQL | RPS(B) TiDB", "TPS - InnoDB"): two columns or more of
// the same measurement (the same rate, or latency statistic) whose
// headers are that measurement followed by names that differ. The layout
// says that these are the things compared, whatever the names: one run
// cannot have two TPS. A name that is a statistic, an operation, a unit,
// a number or a thread count ("TPS avg", "QPS read", "latency (ms)", "TPS
// (median)") is no system, and such columns are left as they are.
func (b *summaryTable) suffixSystems() {
	type cand struct {
		i          int
		name, meas string
	}
	var cands []cand
	for i, col := range b.cols {
		if !col.isMetric() || col.system != "" || col.pair != nil || col.mode != "" {
			continue
		}
		words := strings.Fields(parenSpacer.Replace(fullWidthParens.Replace(strings.Trim(strings.TrimSpace(col.name), "*`"))))
		for k := 1; k < len(words) && k <= 3; k++ {
			m := classifyMetric(strings.Join(words[:k], " "))
			if !m.isMetric() || m.kind != col.kind || fmt.Sprint(m.lat) != fmt.Sprint(col.lat) {
				continue
			}
			if name, ok := suffixName(words[k:]); ok {
				cands = append(cands, cand{i, name, strings.ToLower(strings.Join(words[:k], " "))})
				break
			}
			// "Latency (ms) KubeBlocks PG": the unit is the
			// measurement's; the name follows it.
		}
	}
	names := map[string]map[string]bool{}
	for _, c := range cands {
		if names[c.meas] == nil {
			names[c.meas] = map[string]bool{}
		}
		names[c.meas][strings.ToLower(c.name)] = true
	}
	for _, c := range cands {
		if len(names[c.meas]) >= 2 {
			b.cols[c.i].system = c.name
		}
	}
}

// parenSpacer sets parentheses glued to a word apart ("RPS(A)" is "RPS
// (A)").
var parenSpacer = strings.NewReplacer("(", " (", ")", ") ")

// suffixStats are statistics a header writes after its measurement,
// beside those qualifierRE knows ("TPS (median)", "TPS (mean±std)").
var suffixStats = map[string]bool{"median": true, "stddev": true, "std": true, "sd": true, "mean±std": true,
	"est": true, "est.": true, "estimated": true, "p50": true, "中位数": true}

// suffixName returns the system the words after a measurement in a
// header name, without the dash or parentheses that set it apart ("-
// InnoDB", "(MySQL 5.7)"; a tag before the name stays: "(A) MySQL"). ok
// is false when a word is a statistic, a unit, an operation, a thread
// count, a number or a sysbench test; a version below 50 beside a name
// ("MySQL 5.7") is the name's.
func suffixName(words []string) (string, bool) {
	if len(words) > 0 && (words[0] == "-" || words[0] == "–" || words[0] == "—" || words[0] == ":") {
		words = words[1:]
	}
	if len(words) == 0 || len(words) > 4 {
		return "", false
	}
	name := strings.Join(words, " ")
	if strings.HasPrefix(name, "(") && strings.HasSuffix(name, ")") && strings.Count(name, "(") == 1 {
		name = strings.TrimSpace(name[1 : len(name)-1])
	}
	cores := make([]string, 0, len(words))
	for _, w := range words {
		if c := strings.Trim(w, "()[]"); c != "" {
			cores = append(cores, c)
		}
	}
	named := false
	for _, c := range cores {
		if strings.ContainsFunc(c, unicode.IsLetter) {
			named = true
		}
	}
	for i, c := range cores {
		lc := strings.ToLower(c)
		if isVersion(c) && versionMajor(c) < 50 && i > 0 && named {
			continue // "MySQL 5.7"
		}
		if qualifierRE.MatchString(c) || latWordRE.MatchString(c) || measureQualifiers[lc] || threadWords[lc] ||
			suffixStats[lc] || strings.HasPrefix(c, "/") || unitRE.MatchString(c) || unitRE.MatchString("("+c+")") || derived(lc) {
			return "", false
		}
		if _, err := parseNum(c); err == nil {
			return "", false
		}
		if _, ok := LookupTest(lc); ok {
			return "", false // "QPS point_select | QPS read_only": workloads, not systems
		}
	}
	return name, true
}

// pairs makes a table whose metric columns hold two systems' values in
// each cell ("current_branch/master(TPS)" over "52897.22/54262.81") give
// one run per system of each row. The other metric columns of such a
// table hold one value for the pair, a comparison of the two ("TPS
// impreve" over "-2.51%"): they are kept in Columns only. It returns
// false, changing nothing, when no column names a pair or two name
// different pairs.
func (b *summaryTable) pairs() bool {
	var pair []string
	for _, col := range b.cols {
		switch {
		case col.pair == nil:
		case pair == nil:
			pair = col.pair
		case col.pair[0] != pair[0] || col.pair[1] != pair[1]:
			return false
		}
	}
	if pair == nil {
		return false
	}
	for i, col := range b.cols {
		if col.isMetric() && col.pair == nil {
			b.cols[i] = tableCol{name: col.name}
		}
	}
	b.groups = pair
	return true
}

// hdrAbove reports whether the last options header sysbench printed
// without results is right above the table: below the command the table
// takes (if any), no farther than a heading may be, and with no other
// table in between.
func (b *summaryTable) hdrAbove() bool {
	c := b.ctx
	if c == nil || c.hdrLine == 0 || c.hdrLine >= b.header.No || b.header.No-c.hdrLine > headingReach || c.hdrLine < b.cmdLine {
		return false
	}
	for _, t := range c.tables {
		if t.lastRow > c.hdrLine && t.line < b.header.No {
			return false
		}
	}
	return true
}

// modeGroups returns the file test modes of a table whose every metric
// column is the MiB/s of one mode ("seqrd speed MiB/s | seqwr speed
// MiB/s"), in order, each mode once; nil for any other table.
func (b *summaryTable) modeGroups() []string {
	var modes []string
	seen := map[string]bool{}
	for _, col := range b.cols {
		if !col.isMetric() {
			continue
		}
		if col.kind != colMiBs || col.mode == "" || seen[col.mode] {
			return nil
		}
		seen[col.mode] = true
		modes = append(modes, col.mode)
	}
	return modes
}

// command takes the test and engine of a sysbench command line typed
// between the table's workload heading and the table
// ("sysbench /usr/share/sysbench/oltp_update_non_index.lua \ ..."), or
// written in an inline code span of the text above it (the stream keeps
// either as the last command seen): it names what every row measured.
// Threads stay the rows' own; a table without a threads column takes the
// command's.
func (b *summaryTable) command(c *ctx) {
	cmd, line := c.command, c.cmdLine
	if cmd == nil && c.lastRun != nil {
		// The command was taken by the options header sysbench printed
		// above the table ("benchmark config:"): it still names what the
		// rows measured.
		cmd, line = c.lastRun, c.lastRunLine
	}
	if !runsTest(cmd) || b.header.No-line > headingReach {
		return
	}
	if b.threadsI < 0 {
		if n, err := atoiStrict(cmd.Labels["threads"]); err == nil && n > 0 {
			b.cmdThr = n
		}
		b.cmdLine = line
	}
	if b.workloadLine > line {
		return // the heading is nearer: it names this table
	}
	if cmd.Test != "" {
		b.test = cmd.Test
	}
	b.cmdEng = cmd.Labels["engine"]
}

// runsTest reports a sysbench command that runs its test: not one that
// prepares, warms up or cleans up its tables (their test is oltp_common).
func runsTest(cmd *Command) bool {
	if cmd == nil || cmd.Tool != ToolSysbench {
		return false
	}
	switch cmd.Action {
	case "prepare", "cleanup", "prewarm", "warmup", "help", "version":
		return false
	}
	return true
}
