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
	// again marks a column that measures what an earlier column of its
	// system already gives (a second "Latency (ms) - avg", of one query
	// beside one transaction): kept under its own name, not as the run's.
	again bool
}

// isMetric reports whether the column holds a result.
func (col *tableCol) isMetric() bool {
	return col.kind == colTPS || col.kind == colQPS || col.kind == colEPS || col.kind == colLatency || col.kind == colMiBs
}

type summaryTable struct {
	// short holds the rows that stopped before the last columns (line:
	// the columns they lack): dropShortRows reports those that measured
	// nothing.
	short    map[int][]string
	sep      int
	cols     []tableCol
	header   Line
	rows     int
	lastRow  int // line of the last row read
	runs     []*Run
	skip     bool // commented out: read the rows, emit nothing
	ruleOK   bool // a markdown rule may still follow the header
	system   string
	workload string
	test     string // the test the workload heading or the command above names
	cpuTitle bool   // a title in the table's section names the CPU as a word
	cmdEng   string // the engine the command above names
	cmdThr   int    // the threads the command above names, 0 when none
	headThr  int    // the threads the table's section heading names, 0 when none
	headLine int    // the line of that heading
	cmdLine  int    // the line of the command above, 0 when none
	errs     []*Error
	threadsI int
	// groups are the systems of a wide table's metric columns, in order;
	// one "" for an ordinary table. When modes is set they are the file
	// test modes of its MiB/s columns instead: each row holds one run of
	// each mode.
	groups []string
	modes  bool
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
		}
		switch col.kind {
		case colThreads:
			if b.threadsI >= 0 {
				return nil
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
	if !metric && b.threadsI >= 0 {
		metric = b.systemColumns(c)
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
		if b.test == "" && col.test != "" {
			b.test = col.test
		}
	}
	if b.test == "" && b.cpuTitle && b.onlyEvents() {
		b.test = "cpu"
	}
	b.takeContextTest(c)
	return b
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
// under a caption line right above it that names what every cell
// measures ("simplified OLTP – queries per second"): each column becomes
// that metric of its system. It returns false, changing nothing, when
// the header or the caption is not of that form.
func (b *summaryTable) systemColumns(c *ctx) bool {
	if len(b.cols) < 2 || len(c.headings) == 0 {
		return false
	}
	h := c.headings[len(c.headings)-1]
	if h.No != b.header.No-1 {
		return false
	}
	kind := captionMetric(h.Text)
	if kind == colOther {
		return false
	}
	for i, col := range b.cols {
		if i != b.threadsI && (col.kind != colOther || !looksLikeSystem(strings.Fields(col.name))) {
			return false
		}
	}
	for i := range b.cols {
		if i != b.threadsI {
			b.cols[i].kind, b.cols[i].system = kind, b.cols[i].name
		}
	}
	return true
}

// captionMetric returns the rate a caption names as what a table holds
// ("... – queries per second", "TPS:"), colOther when it names none or
// more than one.
func captionMetric(text string) int {
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
		if !col.isMetric() && col.kind != colOther || col.system != "" || col.pair != nil || derived(strings.ToLower(col.name)) {
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
// fix", "QPS master | QPS patched"): two columns or more of the same
// measurement (the same rate, or latency statistic) whose headers are
// that measurement followed by names that differ. The layout says that
// these are the things compared, whatever the names: one run cannot
// have two TPS. A name that is a statistic, an operation, a unit, a
// number or a thread count ("TPS avg", "QPS read", "latency (ms)") is no
// system, and such columns are left as they are.
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
		words := strings.Fields(strings.Trim(strings.TrimSpace(col.name), "*`"))
		for k := 1; k < len(words) && k <= 3; k++ {
			m := classifyMetric(strings.Join(words[:k], " "))
			if !m.isMetric() || m.kind != col.kind || fmt.Sprint(m.lat) != fmt.Sprint(col.lat) {
				continue
			}
			if rest := words[k:]; suffixName(rest) {
				cands = append(cands, cand{i, strings.Join(rest, " "), strings.ToLower(strings.Join(words[:k], " "))})
			}
			break
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

// suffixName reports whether the words after a measurement in a header
// may name a system: none is a statistic, a unit, an operation, a thread
// count, a number or a sysbench test.
func suffixName(words []string) bool {
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	for _, w := range words {
		lw := strings.ToLower(w)
		if qualifierRE.MatchString(w) || latWordRE.MatchString(w) || measureQualifiers[lw] || threadWords[lw] ||
			strings.HasPrefix(w, "(") || strings.HasPrefix(w, "/") || unitRE.MatchString(w) || derived(lw) {
			return false
		}
		if _, err := parseNum(w); err == nil {
			return false
		}
		if _, ok := LookupTest(lw); ok {
			return false // "QPS point_select | QPS read_only": workloads, not systems
		}
	}
	return true
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

// rateSuffixes are the units a cell of a TPS or QPS column may carry.
var rateSuffixes = map[int][]string{
	colTPS: {"tps", "trx/s", "txn/s", "/s"},
	colQPS: {"qps", "queries/s", "/s"},
}

// splitCSV splits a comma-separated row, a double-quoted cell kept whole
// with its commas ("\"24,690\"" is one cell, 24,690; a doubled quote in it is
// one quote).
func splitCSV(t string) []string {
	if strings.IndexByte(t, '"') < 0 {
		return strings.Split(t, ",")
	}
	var parts []string
	var cell strings.Builder
	quoted := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case quoted && c == '"' && i+1 < len(t) && t[i+1] == '"':
			cell.WriteByte('"')
			i++
		case c == '"' && (quoted || strings.TrimSpace(cell.String()) == ""):
			if !quoted {
				cell.Reset()
			}
			quoted = !quoted
		case c == ',' && !quoted:
			parts = append(parts, cell.String())
			cell.Reset()
		default:
			cell.WriteByte(c)
		}
	}
	return append(parts, cell.String())
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
		case len(out) > 0 && isVersion(w) && !strings.Contains(out[len(out)-1], " ") && namesSystem(out[len(out)-1]):
			// "MySQL" "5.7.9" → "MySQL 5.7.9": a server and its version.
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
		parts = splitCSV(t)
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
		"transactions per sec": true, "transactions/sec": true, "事务/秒": true,
		"transacciones/s": true, "transações/s": true, "transaktionen/s": true, "giao dịch/giây": true}
	qpsWords = map[string]bool{"qps": true, "queries/s": true, "queries per sec": true, "queries/sec": true, "查询/秒": true,
		"consultas/s": true, "abfragen/s": true, "truy vấn/giây": true}
	epsWords = map[string]bool{"eps": true, "events/s": true, "events/sec": true, "events per second": true,
		"events per sec": true, "ev/s": true, "ev/sec": true, "events/s (eps)": true, "事件/秒": true,
		"eventos/s": true, "eventos/seg": true, "eventos por segundo": true, "ereignisse/s": true, "sự kiện/giây": true}
	// cpuSpeedWords name the cpu test's "CPU speed: events per second".
	cpuSpeedWords = map[string]bool{"cpu speed": true, "cpu 속도": true, "cpu속도": true, "cpu 速度": true, "cpu速度": true}
	// latQualRE reads one part of a combined latency header: "avg", ".95",
	// "95%", "p99".
	latQualRE = regexp.MustCompile(`(?i)^(?:p?(\d{1,2}(?:\.\d+)?)(?:%|th)?|0?\.(\d{1,4}))$`)
)

// classifyColumn names what a header cell measures or says.
func classifyColumn(name string) tableCol {
	bare := strings.Join(strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(name), "*`"))), " ")
	col := tableCol{name: name}
	if k, ok := nameCols[bare]; ok {
		col.kind, col.label = colLabel, k
		return col
	}
	if s, ok := settingCols[bare]; ok {
		col.kind, col.label = colSetting, s
		return col
	}
	if bare == "sysbench version" || bare == "sysbench 版本" || bare == "sysbench ver" {
		col.kind = colVersion
		return col
	}
	if t := toolTestHeader(bare); t != "" {
		// "cpu sysbench" over "1.0.20": the tool and its test name the
		// column, its cells the tool's version.
		col.kind, col.test = colVersion, t
		return col
	}
	if derived(bare) {
		return col
	}
	if a, b, rest, ok := pairHeader(name); ok {
		if m := classifyMetric(rest); m.isMetric() {
			m.name, m.pair = name, []string{a, b}
			return m
		}
	}
	if sys, rest := systemPrefix(name); sys != "" {
		m := classifyMetric(rest)
		m.name, m.system = name, sys
		return m
	}
	return classifyMetric(name)
}

// toolTestHeader returns the sysbench test a header names beside the
// word sysbench and nothing else ("cpu sysbench", "sysbench memory"), "".
func toolTestHeader(bare string) string {
	w := strings.Fields(bare)
	if len(w) != 2 || w[0] != "sysbench" && w[1] != "sysbench" {
		return ""
	}
	t := w[0]
	if t == "sysbench" {
		t = w[1]
	}
	if _, ok := LookupTest(t); !ok || threadWords[t] {
		return "" // "sysbench threads" is the threads column, not the threads test
	}
	return t
}

// pairRE matches a header naming two systems and then what both
// measured: "current_branch/master(TPS)", "before/after TPS".
var pairRE = regexp.MustCompile(`^\s*([^\s/()|]+)\s*/\s*([^\s/()|]+)\s*(?:\((.+)\)|\s+(\S.*))\s*$`)

// pairHeader splits a header naming two systems and a metric.
func pairHeader(name string) (a, b, rest string, ok bool) {
	m := pairRE.FindStringSubmatch(strings.Trim(strings.TrimSpace(name), "*`"))
	if m == nil {
		return "", "", "", false
	}
	rest = m[3] + m[4]
	if _, err := parseNum(m[1]); err == nil {
		return "", "", "", false // "1/2 TPS": a fraction, not two systems
	}
	return m[1], m[2], rest, true
}

// derived reports a lower-case header naming a comparison.
func derived(bare string) bool {
	for _, w := range derivedWords {
		if strings.Contains(bare, w) {
			return true
		}
	}
	return containsWord(bare, "vs")
}

// systemPrefix splits a metric column named after its system ("v4.0
// QPS", "MySQL 8.0 avg latency", "InnoDB TPS") into the system and the
// metric; "" when the name does not begin with a system.
func systemPrefix(name string) (system, rest string) {
	words := strings.Fields(name)
	for k := len(words) - 1; k >= 1; k-- {
		p := strings.Join(words[:k], " ")
		if !looksLikeSystem(words[:k]) {
			continue
		}
		rest = strings.Join(words[k:], " ")
		if m := classifyMetric(rest); m.isMetric() {
			return p, rest
		}
	}
	return "", ""
}

// looksLikeSystem reports whether words name a version ("v4.0", "TiDB
// 2.1") or a database or engine ("MySQL", "InnoDB"), and no statistic.
func looksLikeSystem(words []string) bool {
	if len(words) > 3 {
		return false
	}
	p := strings.Join(words, " ")
	if !(isVersion(words[0]) || len(words) == 2 && isVersion(words[1]) || namesSystem(p)) {
		return false // cheap test first: the regular expressions below are costly
	}
	for _, w := range words {
		if qualifierRE.MatchString(w) || latWordRE.MatchString(w) || threadWords[strings.ToLower(w)] {
			return false
		}
	}
	return versionRE.MatchString(p) || systemRE.MatchString(p)
}

// isVersion reports a version word: "4.0", "v2.1.0-rc.2".
func isVersion(w string) bool {
	w = strings.TrimLeft(w, "vV")
	i, dots := 0, 0
	for i < len(w) && (w[i] >= '0' && w[i] <= '9' || w[i] == '.' && i > 0) {
		if w[i] == '.' {
			dots++
		}
		i++
	}
	return dots > 0 && i > 0 && w[i-1] != '.'
}

// namesSystem reports whether s holds one of systemWords as a word
// ("myisam_1W行" does: '_' separates words here).
func namesSystem(s string) bool {
	return anyLetterWord(s, func(w string) bool { return systemWords[w] })
}

// anyLetterWord reports whether f holds for one of the words of s, its
// runs of ASCII letters lowered.
func anyLetterWord(s string, f func(string) bool) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	}) {
		if f(w) {
			return true
		}
	}
	return false
}

// classifyMetric names the threads, throughput or latency a header cell
// holds (colOther when none).
func classifyMetric(name string) tableCol {
	col := tableCol{name: name}
	bare := strings.Join(strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(name), "*`"))), " ")
	switch {
	case threadWords[bare] || threadPhrase(bare) || concurrencyPhrase(bare):
		col.kind = colThreads
		return col
	case tpsWords[bare] || strings.HasSuffix(bare, " tps") || strings.HasPrefix(bare, "tps "):
		col.kind = colTPS
		return col
	case qpsWords[bare] || strings.HasSuffix(bare, " qps") || strings.HasPrefix(bare, "qps "):
		switch w := strings.Fields(bare); {
		case len(w) == 2 && (w[0] == "read" || w[0] == "write" || w[0] == "reads" || w[0] == "writes"):
			return col // the reads or writes alone, not the queries: kept in columns
		case len(w) == 2 && (w[0] == "transaction" || w[0] == "transactions" || w[0] == "trx"):
			col.kind = colTPS // "Transaction QPS": transactions per second
			return col
		}
		col.kind = colQPS
		return col
	case epsWords[bare]:
		col.kind = colEPS
		return col
	case cpuSpeedWords[bare]:
		col.kind, col.test = colEPS, "cpu"
		return col
	case mibsUnit(bare):
		col.kind = colMiBs
		if w := strings.Fields(bare); fileModes[w[0]] {
			col.mode, col.test = w[0], "fileio"
		}
		return col
	}
	isLat := strings.HasPrefix(bare, "lat") || strings.HasPrefix(bare, "rt") || strings.HasPrefix(bare, "response") ||
		strings.HasPrefix(bare, "percentile") || strings.Contains(bare, "latency") || strings.Contains(bare, "延迟") ||
		strings.Contains(bare, "response time") || strings.Contains(bare, "响应时间")
	if m := unitRE.FindStringSubmatch(bare); !isLat && m != nil && (m[1]+m[2] == "ms" || m[1]+m[2] == "us" || m[1] == "µs" || m[1] == "μs") {
		// Only a statistic and a unit of request times ("P95(ms)",
		// "avg (ms)", "95th (ms)"): a latency statistic, as tabular reads
		// it. In seconds ("max(sec)" beside mysqlslap's average and min)
		// the statistic is of whole runs, not of requests.
		isLat = qualifierRE.MatchString(strings.TrimSpace(unitRE.ReplaceAllString(bare, "")))
	}
	var st latStat
	// Cheap tests first: a percentile needs a '%', "th", "percentile" or
	// a 'p'.
	if !isLat && !strings.ContainsAny(bare, "%pt") {
		return col
	}
	if m := pctRE.FindStringSubmatch(bare); m != nil && (isLat || bare == m[1]+"%" || strings.HasSuffix(bare, "percentile")) {
		st.pct = m[1]
	} else if m := pPctRE.FindStringSubmatch(bare); m != nil && (isLat || bare == "p"+m[1]) {
		st.pct = m[1]
	}
	if st.pct == "" && !isLat {
		return col
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
	if parts := latParts(bare); len(parts) >= 2 {
		col.lat = parts
		return col
	}
	if st.pct == "" {
		switch {
		case strings.Contains(bare, "avg") || strings.Contains(bare, "average") || strings.Contains(bare, "mean") || strings.Contains(bare, "平均"):
			st.stat = "avg"
		case strings.Contains(bare, "min") || strings.Contains(bare, "最小"):
			st.stat = "min"
		case strings.Contains(bare, "max") || strings.Contains(bare, "最大"):
			st.stat = "max"
		}
	}
	if st != (latStat{}) {
		col.lat = []latStat{st}
	}
	return col
}

// mibsUnit reports a lower-case header that ends in a rate of MiB
// ("transfer speed mib/s", "seqrd (mib/sec)"): what sysbench prints for
// memory and fileio. MB/s is not taken for MiB/s.
func mibsUnit(bare string) bool {
	if !strings.Contains(bare, "mib") {
		return false // cheap test first
	}
	b := strings.TrimRight(strings.TrimSuffix(bare, ")"), " ")
	return strings.HasSuffix(b, "mib/s") || strings.HasSuffix(b, "mib/sec")
}

// threadPhrase reports a header of two or three words ending in a threads
// word ("sysbench threads", "number of threads").
func threadPhrase(bare string) bool {
	w := strings.Fields(bare)
	if len(w) < 2 || len(w) > 3 || !threadWords[w[len(w)-1]] {
		return false
	}
	for _, x := range w[:len(w)-1] {
		if tpsWords[x] || qpsWords[x] || latWordRE.MatchString(x) || qualifierRE.MatchString(x) {
			return false
		}
	}
	return true
}

// concurrencyPhrase reports a header naming concurrent connections,
// sessions, users or clients in words, whatever else it says of them:
// "concurrent users", "동시접속", "단일 클라이언트 동시 접속 수"
// (concurrent connections per client), "并发连接数". A word for
// concurrent alone is a threads word or none ("并发", "concurrency"); a
// header naming a rate or latency ("concurrent users tps") is that
// measurement's.
func concurrencyPhrase(bare string) bool {
	if !containsAny(bare, concurrentWords) || !containsAny(bare, connectedWords) {
		return false
	}
	for _, x := range strings.Fields(bare) {
		if tpsWords[x] || qpsWords[x] || latWordRE.MatchString(x) {
			return false
		}
	}
	return true
}

// containsAny reports whether s contains one of words.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// latParts reads the statistics of a combined latency header
// ("latency(avg / .95)", "avg/95% latency"): one per "/"-separated part,
// nil unless every part names one.
func latParts(bare string) []latStat {
	if !strings.Contains(bare, "/") {
		return nil
	}
	q := bare
	if i := strings.Index(bare, "("); i >= 0 {
		if j := strings.Index(bare[i:], ")"); j > 0 && strings.Contains(bare[i:i+j], "/") {
			q = bare[i+1 : i+j]
		}
	}
	for _, w := range []string{"latency", "延迟", "response time", "响应时间", "lat", "(ms)", "ms", ","} {
		q = strings.ReplaceAll(q, w, " ")
	}
	var out []latStat
	for _, p := range strings.Split(q, "/") {
		p = strings.TrimSpace(p)
		switch p {
		case "avg", "average", "mean", "平均":
			out = append(out, latStat{stat: "avg"})
			continue
		case "min", "最小":
			out = append(out, latStat{stat: "min"})
			continue
		case "max", "最大":
			out = append(out, latStat{stat: "max"})
			continue
		}
		m := latQualRE.FindStringSubmatch(p)
		if m == nil {
			return nil
		}
		if m[1] != "" {
			out = append(out, latStat{pct: m[1]})
			continue
		}
		f, err := parseNum("0." + m[2])
		if err != nil || f <= 0 {
			return nil
		}
		out = append(out, latStat{pct: strconv.FormatFloat(f*100, 'f', -1, 64)})
	}
	return out
}

// headingTestOf returns the test a heading above a table names. A 0.4/0.5
// test written as sysbench takes it on its command line, in lower case
// ("标准 oltp 测试", "标准 select 测试", "标准 insert 测试": the oltp, select
// and insert tests of 0.4 and 0.5) names that test when it is the only
// one and HeadingTest reads no more specific 1.x test in the heading (its
// "insert" is oltp_insert, "Point Select" is oltp_point_select). Otherwise
// HeadingTest decides.
func headingTestOf(text string) string {
	ht := HeadingTest(text)
	if strings.HasPrefix(ht, "oltp_") && legacyOLTPOption(text) {
		// "read-only" beside --oltp-range-size: the mode of 0.4/0.5's
		// oltp test, whose options alone begin with "oltp-".
		return "oltp"
	}
	lit := ""
	for _, w := range tableTestWords {
		if containsWord(text, w) {
			if lit != "" {
				return ht
			}
			lit = w
		}
	}
	if lit != "" && (ht == "" || ht == "oltp_"+lit) {
		if _, ok := LookupTest(lit); ok {
			return lit
		}
	}
	return ht
}

// titleTestOf is headingTestOf for a heading or label above a table
// (never a sentence): there a 0.4/0.5 test may also be written
// capitalized, as titles are ("### Select Result Compare", "Simple
// `Select` test"), when HeadingTest reads no test in the title.
func titleTestOf(text string) string {
	if t := headingTestOf(text); t != "" {
		return t // "Insert" is 1.x's oltp_insert, as HeadingTest reads it
	}
	lit := ""
	for _, w := range []string{"Select", "Insert", "Delete"} {
		if containsWord(text, w) {
			if lit != "" {
				return ""
			}
			lit = strings.ToLower(w)
		}
	}
	if _, ok := LookupTest(lit); !ok {
		return ""
	}
	return lit
}

// legacyOLTPOption reports a text naming an option of the 0.4/0.5 oltp
// test, in full or its first words ("--oltp-range-size=10000",
// "oltp-range=size=1000"): only that test's options begin with "oltp-".
func legacyOLTPOption(text string) bool {
	low := strings.ToLower(text)
	for i := 0; ; {
		j := strings.Index(low[i:], "oltp-")
		if j < 0 {
			return false
		}
		j += i
		k := j + len("oltp-")
		for k < len(low) && (low[k] >= 'a' && low[k] <= 'z' || low[k] == '-' || low[k] == '_') {
			k++
		}
		word := strings.TrimRight(strings.ReplaceAll(low[j:k], "_", "-"), "-")
		if (j == 0 || !isWordChar(low[j-1])) && word != "oltp" {
			for name := range sysbenchOptions {
				if name == word || strings.HasPrefix(name, word+"-") {
					return true
				}
			}
		}
		i = k
	}
}

// sentenceTest returns the test a prose sentence names when it names
// exactly one: each clause (between 。，,;、, 和, 与, "and", "vs" and the
// like) is read as a heading, and the clauses must agree. named is true
// when some clause names a test, even if they disagree.
func sentenceTest(text string) (test string, named bool) {
	text = clauseRE.ReplaceAllString(text, "。")
	for _, cl := range strings.FieldsFunc(text, func(r rune) bool {
		return strings.ContainsRune("。，,;；、！？!?：:", r)
	}) {
		t := headingTestOf(cl)
		if t == "" || t == test {
			continue
		}
		if test != "" {
			return "", true
		}
		test = t
	}
	return test, test != ""
}

// clauseRE matches the conjunctions that join the clauses of a sentence.
var clauseRE = regexp.MustCompile(`(?i)和|与|及|或|\s(and|or|vs\.?|versus)\s`)

// isSentence reports a line of prose: it ends with 。, ！ or ？, or with a
// period after a word and has at least three words, or after a number
// and has at least six ("… compared to baseline 64507.04 after #57641.").
func isSentence(text string) bool {
	switch {
	case strings.HasSuffix(text, "。"), strings.HasSuffix(text, "！"), strings.HasSuffix(text, "？"):
		return true
	case strings.HasSuffix(text, "."):
		t := strings.TrimSuffix(text, ".")
		if t == "" {
			return false
		}
		last := t[len(t)-1]
		n := len(strings.Fields(t))
		return (last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z') && n >= 3 || last >= '0' && last <= '9' && n >= 6
	}
	return false
}

// mdLevel returns the level of a markdown heading ("## x" is 2), 0 for
// another line.
func mdLevel(t string) int {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n == len(t) || t[n] == '!' {
		return 0
	}
	return n
}

var (
	workloadRE = regexp.MustCompile(`(?i)(\b(test\w*|select|insert|update|delete|read|write|oltp\w*)\b|测试|读|写)`)
	versionRE  = regexp.MustCompile(`(?i)^(v?\d+(\.\d+)+\S*|[a-z][\w-]*\s+v?\d+(\.\d+)+\S*)$`)
	systemRE   = regexp.MustCompile(`(?i)\b(innodb|myisam|rocksdb|myrocks|tokudb|aria|memory|mysql|mariadb|percona|tidb|postgres(ql)?|oceanbase|polardb|aurora)\b`)
	// mysqlFamilyRE names servers whose tables choose their storage
	// engine with ENGINE=.
	mysqlFamilyRE = regexp.MustCompile(`(?i)\b(mysql|mariadb|percona)\b`)
)

// sectionThreads takes the thread count the headings of the table's own
// section name ("### Single-Thread", "### Multi-Thread (6 threads)"):
// the lines above the table up to and including its nearest markdown
// heading, within headingReach lines, the nearest that names exactly one.
//
// Past that heading, the Markdown headings it is nested in (the
// outline's path) are its section's too ("## 4.1 Thread Group:
// threads=1" over "### 4.1.2 Main Comparison"): the innermost that names
// exactly one thread count gives it.
func (b *summaryTable) sectionThreads(c *ctx) {
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if b.header.No-h.No > headingReach || strings.HasPrefix(strings.TrimSpace(h.Text), "|") {
			break
		}
		if n := headingThreadCount(h.Text); n > 0 {
			b.headThr, b.headLine = n, h.No
			return
		}
		if mdLevel(strings.TrimSpace(h.Text)) > 0 {
			break
		}
	}
	path := c.outline.Path()
	for i := len(path) - 1; i >= 0; i-- {
		if h := path[i]; h.Level <= 6 {
			if n := headingThreadCount(h.Title); n > 0 {
				b.headThr, b.headLine = n, h.Line
				return
			}
		}
	}
}

// threadsKVRE is a thread count written as a setting in a heading
// ("Thread Group: threads=1", "threads: 8").
var threadsKVRE = regexp.MustCompile(`(?i)\b(?:threads|thds|clients|concurrency)\s*[=:]\s*(\d{1,5})\b`)

// singleThreadRE names one thread in words: "Single-Thread",
// "single-threaded", "one thread", 单线程, シングルスレッド.
var singleThreadRE = regexp.MustCompile(`(?i)\bsingle[- ]?thread(ed)?\b|\bone thread\b|单线程|單線程|シングルスレッド`)

// headingThreadCount returns the thread count a heading names: one
// number before a thread word ("(6 threads)"), or one thread in words;
// 0 when it names none or several.
func headingThreadCount(text string) int {
	if mayNameThreads(text) {
		m := headThreadsRE.FindAllStringSubmatch(text, -1)
		if len(m) > 1 {
			return 0
		}
		if len(m) == 1 {
			n, err := strconv.Atoi(m[0][1])
			if err != nil || n <= 0 {
				return 0
			}
			return n
		}
	}
	if singleThreadRE.MatchString(text) {
		return 1
	}
	if strings.ContainsAny(text, "=:") {
		if m := threadsKVRE.FindAllStringSubmatch(text, -1); len(m) == 1 {
			if n, _ := strconv.Atoi(m[0][1]); n > 0 {
				return n
			}
		}
	}
	return 0
}

// labels takes system and workload from the headings above the table.
func (b *summaryTable) labels(c *ctx) {
	b.sectionThreads(c)
	level := 0 // of the nearest markdown heading passed, 0 before the first
	stopTest := false
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if b.header.No-h.No > headingReach {
			break
		}
		raw := strings.TrimSpace(h.Text)
		if i == len(c.headings)-1 && h.No == b.header.No-1 && strings.HasPrefix(raw, "<!--") && !strings.Contains(raw, "-->") {
			b.skip = true
			return
		}
		if strings.HasPrefix(raw, "|") || strings.HasPrefix(raw, "--") || strings.HasSuffix(raw, "\\") {
			continue // a row of another table, a line of a command
		}
		if strings.Contains(raw, "sysbench") && commandIn(strings.TrimLeft(raw, "-*+ ")) != nil {
			continue // a command line: the table takes it through command
		}
		lv := mdLevel(raw)
		if level > 0 && (lv == 0 || lv >= level) {
			continue // above the table's section only enclosing headings count
		}
		text := strings.TrimSpace(strings.Trim(raw, "#*"))
		if !isSentence(text) && testWord(text) == "cpu" {
			b.cpuTitle = true
		}
		if strings.HasPrefix(text, "- ") || strings.HasPrefix(text, "+ ") {
			text = strings.TrimSpace(text[2:])
		}
		text = strings.TrimSpace(strings.TrimSuffix(text, ":"))
		inSection := level == 0
		if lv > 0 {
			level = lv
		}
		if text == "" || strings.HasPrefix(text, "<!--") || strings.HasPrefix(text, "-->") || strings.HasPrefix(text, "![") {
			continue
		}
		if isSentence(text) {
			if inSection && b.workload == "" && b.test == "" && !stopTest {
				// A sentence naming several tests ends the search: the
				// text names tests here, and no one of them.
				t, named := sentenceTest(text)
				b.test, stopTest = t, named
				if named {
					b.workloadLine = h.No
				}
			}
			continue
		}
		if b.workload == "" && b.test == "" && inSection && !stopTest {
			if t := captionTest(text); t != "" {
				b.test, b.workloadLine = t, h.No // the caption is the test's name, no label of its own
				continue
			}
			if t := titleTestOf(text); t != "" && len([]rune(text)) <= 80 {
				b.workload, b.test, b.workloadLine = text, t, h.No
				continue
			}
		}
		isWorkload := workloadRE.MatchString(text)
		if isWorkload && len([]rune(text)) <= 60 && b.workload == "" && b.test == "" && inSection && !stopTest {
			b.workload, b.workloadLine = text, h.No
			continue
		}
		short := len([]rune(text)) <= 40
		if !isWorkload && short && b.system == "" && !genericCaption(text) &&
			(strings.HasSuffix(strings.TrimSpace(strings.Trim(raw, "#* ")), ":") || versionRE.MatchString(text) || systemRE.MatchString(text)) {
			b.system = text
		}
		if b.system != "" && (b.workload != "" || b.test != "" || stopTest) {
			return
		}
	}
}

// genericCaption reports a label line made only of genericWords
// ("benchmark result:", "Results"): it names no system.
func genericCaption(text string) bool {
	w := strings.Fields(strings.ToLower(text))
	for _, x := range w {
		if !genericWords[x] {
			return false
		}
	}
	return len(w) > 0
}

func (b *summaryTable) feed(l *Line) status {
	t := l.Text
	if t == "" || l.Prompt != "" || b.single {
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
	if b.sep == sepPipe && b.rows > 0 && b.width == 0 && len(cells) >= 2 && len(cells) < len(b.cols) && strings.HasPrefix(strings.TrimSpace(t), "|") {
		// A short row among full ones: as Markdown renders it, the
		// missing cells at its end are empty (and reported missing).
		// A row that also lacks the closing pipe its header has was cut,
		// perhaps inside its last number ("| 1200 | 347200.2366 |
		// 8.092 | 40892"): that cell is left out, with an error.
		if strings.HasSuffix(strings.TrimSpace(b.header.Text), "|") && !strings.HasSuffix(strings.TrimSpace(t), "|") && len(cells) > 2 {
			b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
				"summary table at line %d: the row stops after %d of %d cells without its closing \"|\": it was cut, so its last cell %q is left out",
				b.header.No, len(cells), len(b.cols), cells[len(cells)-1])})
			cells = cells[:len(cells)-1]
		}
		for len(cells) < len(b.cols) {
			cells = append(cells, "")
		}
	}
	if b.sep != sepPipe && b.rows > 0 && b.width == 0 && len(cells) >= 1 && len(cells) < len(b.cols) && b.leadingOnly(len(cells)) {
		// A short row among full ones of a space- or tab-separated table
		// that gives what the run is and no measurement ("4k  rndrw  1"
		// under "blockSize  testMode  threads  rdIOps …"): a run that
		// printed nothing, its missing cells reported on its line.
		if b.short == nil {
			b.short = map[int][]string{}
		}
		for i := len(cells); i < len(b.cols); i++ {
			b.short[l.No] = append(b.short[l.No], strconv.Quote(b.cols[i].name))
			cells = append(cells, "")
		}
	}
	if len(cells) != len(b.cols) {
		if b.rows > 0 && b.width == 0 || b.width > 0 && len(cells) != b.width || !b.fitRow(l, cells) {
			b.notRow(l, fmt.Sprintf("has %d cells (expected %d, one per column)", len(cells), len(b.cols)))
			return rejected
		}
	}
	th, ok := 0, true
	if b.threadsI >= 0 {
		at := b.threadsI
		if b.width > 0 {
			at = b.cellOf(b.threadsI)
		}
		if at < 0 {
			return rejected
		}
		th, ok = b.threadsCell(cells[at])
		if !ok && b.headThr > 0 && absentCells[strings.ToLower(strings.Trim(cells[at], "*` "))] && b.hasValue(cells) {
			// The row leaves its threads cell empty ("-") under a section
			// heading naming the thread count ("## Thread Group:
			// threads=1"): the heading says, as for a table without a
			// threads column (th 0 takes it, with its line).
			th, ok = 0, true
		} else if !ok && b.cellsTable() && (b.rows > 0 || b.ruleCells > 0) {
			// A line of the table's shape under its rule or rows is a row
			// of it: a bad threads cell is an error, not the table's end.
			b.rows++
			b.lastRow = l.No
			if !b.skip && !b.mismatch {
				b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
					"summary table %q: bad threads value %q (expected a positive whole number, or threads times processes such as 64 * 4): row skipped",
					b.cols[b.threadsI].name, cells[at])})
			}
			return consumed
		}
	} else if !b.mismatch {
		ok = b.hasValue(cells)
	}
	if !ok {
		b.notRow(l, "holds no value in a throughput or latency column")
		return rejected
	}
	b.rows++
	b.lastRow = l.No
	if b.skip || b.mismatch {
		return consumed
	}
	b.readRow(l, cells, th)
	return consumed
}

// cellsTable reports a table whose rows are delimited cell by cell (pipes
// or tabs): a line with its number of cells is one of its rows.
func (b *summaryTable) cellsTable() bool { return b.sep == sepPipe || b.sep == sepTab }

// notRow notes why the first line under a markdown rule is no row of the
// table: a header and rule with no readable row are reported at end.
func (b *summaryTable) notRow(l *Line, why string) {
	if b.rows == 0 && b.ruleCells > 0 && b.badLine == 0 {
		b.badLine, b.badWhy = l.No, why
	}
}

// leadingOnly reports whether the first n columns say what a row is and
// none of them is a measurement, known (isMetric) or unnamed (colOther
// columns are measurements or text only the rows tell).
func (b *summaryTable) leadingOnly(n int) bool {
	for _, col := range b.cols[:n] {
		if col.isMetric() {
			return false
		}
	}
	for _, col := range b.cols[n:] {
		if col.kind == colThreads || col.kind == colLabel {
			return false // a short row that lacks what the row is, not what it measured
		}
	}
	return true
}

// hasValue reports whether a row of a table without threads column holds
// a number in one of its throughput or latency cells: without it the line
// is no row of the table.
func (b *summaryTable) hasValue(cells []string) bool {
	for j, cell := range cells {
		i := j
		if b.width > 0 {
			i = b.colIdx[j]
		}
		if i < 0 || !b.cols[i].isMetric() {
			continue
		}
		if _, _, ok := leadingNum(b.plain(strings.Trim(cell, "*` "))); ok {
			return true
		}
	}
	return false
}

// readRow makes the runs of one row: one, or one per system of a wide
// table.
func (b *summaryTable) readRow(l *Line, cells []string, th int) {
	for gi, g := range b.groups {
		// A cell every run of the row shares reports its error once.
		errf := func(msg string) {
			if gi == 0 {
				b.errs = append(b.errs, &Error{Line: l.No, Message: msg})
			}
		}
		r := &Run{Source: "", Line: l.No, EndLine: l.No, Tool: ToolTable, Layout: LayoutT, Complete: true}
		rowThr := 0
		if th <= 0 {
			rowThr = b.rowThreads(cells)
		}
		switch {
		case th > 0:
			r.Threads, r.ThreadsFrom = iptr(th), "table"
		case rowThr > 0:
			// The row's own cells say ("`thread 100`"), over the
			// command above the table.
			r.Threads, r.ThreadsFrom = iptr(rowThr), "table"
		case b.cmdThr > 0:
			r.Threads, r.ThreadsFrom = iptr(b.cmdThr), "command"
		case b.headThr > 0:
			// The table's section heading says ("### Single-Thread").
			r.Threads, r.ThreadsFrom = iptr(b.headThr), "heading"
		case b.threadsI < 0 && b.hdrAbove():
			// The options header sysbench printed alone above the table
			// says.
			r.Threads, r.ThreadsFrom = iptr(b.ctx.hdrThreads), "header"
		}
		system, host, engine := g, "", ""
		if b.modes {
			system = ""
			r.Settings = map[string]string{"file-test-mode": g}
		}
		if system == "" {
			system = b.system
		}
		var missing []string // metric columns with no value in this row
		test, workload, heading := b.test, b.workload, ""
		headingFrom := "heading at line " + strconv.Itoa(b.workloadLine)
		if b.workload != "" && b.test != b.workload {
			// The heading names the table, not its test: a title's prose
			// ("Test result") is never a test.
			heading, workload = b.workload, ""
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
			if col.system != "" && col.system != g || b.modes && col.isMetric() && col.mode != g {
				continue // another system's (or file test mode's) column of a wide table
			}
			cell := cells[j]
			r.Columns = append(r.Columns, Column{Name: col.name, Value: cell})
			v := strings.TrimSpace(strings.Trim(cell, "*`"))
			absent := absentCells[strings.ToLower(v)]
			switch col.kind {
			case colThreads:
				if m := processesRE.FindStringSubmatch(v); m != nil {
					r.SetLabelFrom("clients", m[2], fmt.Sprintf("threads cell %q: %s threads in each of %s sysbench processes", cell, m[1], m[2]))
				}
				continue
			case colOther:
				continue
			case colLabel:
				if absent {
					continue
				}
				switch col.label {
				case "system":
					if g == "" {
						system = v
					}
				case "host":
					host = v
				case "engine":
					engine = v
				case "workload":
					if t := headingTestOf(v); t != "" {
						test, workload, heading = t, "", ""
						if t != v {
							heading, headingFrom = v, "column "+strconv.Quote(col.name)
						}
					} else {
						test, workload, heading = "", v, ""
					}
				}
				continue
			case colVersion:
				if !absent {
					if m := sbVersionRE.FindStringSubmatch(v); m != nil {
						r.Version = m[1]
					} else {
						errf("summary table " + strconv.Quote(col.name) + ": bad version " + strconv.Quote(cell) + " (expected a version such as 1.0.20)")
					}
				}
				continue
			case colSetting:
				if absent {
					continue
				}
				n, ok := countValue(v)
				if !ok {
					errf("summary table " + strconv.Quote(col.name) + ": bad count " + strconv.Quote(cell) + " (expected a number, optionally with K, M, 万 or 亿)")
					continue
				}
				if r.Settings == nil {
					r.Settings = map[string]string{}
				}
				r.Settings[col.label] = NormalizeOption(ToolSysbench, "", col.label, n)
				continue
			}
			if col.kind == colLatency && len(col.lat) == 0 {
				r.Warn(l.No, "column "+strconv.Quote(col.name)+" names no percentile or average: kept in columns only")
				continue
			}
			if absent {
				missing = append(missing, strconv.Quote(col.name))
				continue
			}
			if col.pair != nil {
				parts := strings.Split(cell, "/")
				if len(parts) != len(col.pair) {
					if !absent {
						errf(fmt.Sprintf("summary table %q: value %q is not two values separated by / (one for %s, one for %s)",
							col.name, cell, col.pair[0], col.pair[1]))
					}
					continue
				}
				cell = parts[gi]
			}
			b.readValue(r, l, cell, col)
		}
		if len(missing) > 0 {
			r.Warn(l.No, "no value in column "+strings.Join(missing, ", ")+": missing, not zero")
		}
		if host != "" {
			r.SetLabel("host", host)
			if system == "" || system == b.system && !b.hasSystemCol() {
				system = host
			}
		}
		if system != "" {
			r.SetLabel("system", system)
		}
		switch {
		case heading != "":
			r.Test = test
			r.SetLabelFrom("heading", heading, headingFrom)
		case test != "":
			r.Test = test
		case workload != "":
			r.SetLabel("workload", workload)
		}
		if engine == "" {
			engine = b.cmdEng
		}
		if engine != "" {
			r.SetLabel("engine", engine)
		} else if mysqlFamilyRE.MatchString(system) && b.ctx != nil && b.ctx.engine != "" {
			r.engineHint, r.engineFrom = b.ctx.engine, b.ctx.engineFrom
		}
		r.SetLabel("table", b.tableLabel)
		if b.note != "" {
			r.Warn(l.No, b.note)
		}
		if r.Test == "" && b.ctxNote != "" {
			r.Warn(l.No, b.ctxNote)
		}
		if r.Test != "" && r.Test == b.test && b.testFrom != "" {
			r.LabelFrom = setFrom(r.LabelFrom, "test", b.testFrom)
		}
		b.runs = append(b.runs, r)
	}
}

// sbVersionRE matches a sysbench version cell ("1.0.20", "v1.1.0").
var sbVersionRE = regexp.MustCompile(`^[vV]?(\d+(?:\.\d+)+(?:[-+~][\w.]+)?)$`)

// hasSystemCol reports whether a column names each row's system.
func (b *summaryTable) hasSystemCol() bool {
	for _, col := range b.cols {
		if col.kind == colLabel && col.label == "system" {
			return true
		}
	}
	return false
}

// readValue reads a throughput or latency cell into r.
func (b *summaryTable) readValue(r *Run, l *Line, cell string, col tableCol) {
	parts := []string{cell}
	if len(col.lat) > 1 {
		s := strings.TrimSpace(strings.Trim(cell, "*`"))
		if absentCells[strings.ToLower(s)] {
			return
		}
		parts = strings.Split(cell, "/")
		if len(parts) != len(col.lat) {
			b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf("summary table %q: value %q has %d parts (expected %d values separated by /)", col.name, cell, len(parts), len(col.lat))})
			return
		}
	}
	for k, p := range parts {
		v, ok, msg := b.cellValue(p, col)
		if msg != "" {
			if len(parts) > 1 {
				msg += " in " + strconv.Quote(cell)
			}
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
		case colEPS:
			r.EPS = fptr(v)
		case colMiBs:
			b.readMiBs(r, l, v, col)
		case colLatency:
			st := col.lat[k]
			switch {
			case st.pct != "":
				if r.Latency.Percentiles == nil {
					r.Latency.Percentiles = map[string]float64{}
				}
				r.Latency.Percentiles[st.pct] = v
			case st.stat == "avg":
				r.Latency.Avg = fptr(v)
			case st.stat == "min":
				r.Latency.Min = fptr(v)
			case st.stat == "max":
				r.Latency.Max = fptr(v)
			}
		}
	}
}

// readMiBs reads a MiB/s cell: the transfer rate of a memory run, or the
// read or written rate of a fileio run whose mode reads or writes only.
// A rate whose direction the table does not say is kept in the columns,
// with a warning.
func (b *summaryTable) readMiBs(r *Run, l *Line, v float64, col tableCol) {
	test := b.test
	if col.test != "" {
		test = col.test
	}
	switch {
	case test == "memory" && col.mode == "":
		r.Memory = &Memory{TransferMiBs: fptr(v)}
	case test == "fileio" && (col.mode == "seqrd" || col.mode == "rndrd"):
		r.FileIO = &FileIO{ReadMiBs: fptr(v)}
	case test == "fileio" && (col.mode == "seqwr" || col.mode == "seqrewr" || col.mode == "rndwr"):
		r.FileIO = &FileIO{WrittenMiBs: fptr(v)}
	default:
		r.Warn(l.No, "column "+strconv.Quote(col.name)+": a rate in MiB/s of no memory test and no fileio mode that only reads or writes: kept in columns only")
	}
}

// countValue reads a row count as people write it in a table ("100 万",
// "1M", "10,000", "10000000") as a plain number ("1000000").
func countValue(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, suf := range []string{"rows", "row", "行", "条"} {
		s = strings.TrimSpace(strings.TrimSuffix(s, suf))
	}
	if thousandsRE.MatchString(s) {
		s = strings.ReplaceAll(s, ",", "")
	}
	v, rest, ok := leadingNum(s)
	if !ok || v < 0 {
		return "", false
	}
	m, ok := countMults[strings.TrimSpace(rest)]
	if !ok {
		return "", false
	}
	n := v * m
	if n != float64(int64(n)) || n > 1e15 {
		return "", false
	}
	return strconv.FormatInt(int64(n), 10), true
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
	// A comma-separated row's cell holds a comma only when it was quoted
	// ("24,690"): splitCSV keeps it whole.
	if thousandsRE.MatchString(s) {
		return strings.ReplaceAll(s, ",", "")
	}
	return s
}

// processesRE matches threads written per sysbench process: "64 * 4".
var processesRE = regexp.MustCompile(`^(\d{1,6})\s*[*x×]\s*(\d{1,4})$`)

// threadsCell reads a threads cell: a count, or threads times sysbench
// processes ("64 * 4" is 256 client threads in all).
func (b *summaryTable) threadsCell(s string) (int, bool) {
	s = strings.TrimSpace(strings.Trim(s, "`"))
	if m := processesRE.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		k, _ := strconv.Atoi(m[2])
		return n * k, n > 0 && k > 0
	}
	s = strings.Trim(s, "*")
	n, err := atoiStrict(b.plain(s))
	if err != nil {
		// A count with the counter of what it counts ("10건", "50명",
		// "8个", "100 users"), as a column of concurrent connections
		// or users writes it.
		for _, c := range countCounters {
			if t, ok := strings.CutSuffix(s, c); ok && t != "" {
				n, err = atoiStrict(b.plain(strings.TrimSpace(t)))
				break
			}
		}
	}
	return n, err == nil && n > 0
}

// cellValue parses a numeric cell. ok is false for an absent cell; msg
// says what is wrong with a malformed one.
func (b *summaryTable) cellValue(cell string, col tableCol) (v float64, ok bool, msg string) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "*`"))
	if absentCells[strings.ToLower(s)] {
		return 0, false, ""
	}
	factor := 1.0
	switch col.kind {
	case colTPS, colQPS:
		// The column's own unit glued on or after a space ("1234tps",
		// "42,004 qps", "844.07/s"), as harnesses print their cells.
		low := strings.ToLower(s)
		for _, u := range rateSuffixes[col.kind] {
			if strings.HasSuffix(low, u) {
				s = strings.TrimSpace(s[:len(s)-len(u)])
				break
			}
		}
	case colLatency:
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
	case colEPS:
		low := strings.ToLower(s)
		for _, u := range epsSuffixes {
			if strings.HasSuffix(low, u) {
				s = strings.TrimSpace(s[:len(s)-len(u)])
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
		if b.badLine > 0 && !b.skip {
			c.add(&Error{Source: c.name, Line: b.badLine, Message: fmt.Sprintf(
				"summary table (%s) at line %d not read: the line under its rule %s",
				strings.Join(b.names(), ", "), b.header.No, b.badWhy)})
			return
		}
		// A header without rows is prose that happens to name columns,
		// or a header quoted apart from its rows (orphanRows).
		if !b.skip && b.width == 0 && b.sep == sepPipe {
			h := b.header
			c.orphanHeader, c.orphanCols = &h, len(b.cols)
		}
		c.remember(&b.header)
		return
	}
	if b.width == 0 && !b.skip && !b.single {
		c.tables = append(c.tables, tableShape{line: b.header.No, names: b.names(), cols: b.cols, sep: b.sep,
			test: b.test, workload: b.workload, lastRow: b.lastRow, named: b.named, threads: b.threadsI >= 0})
	}
	for _, e := range b.errs {
		e.Source = c.name
		c.add(e)
	}
	b.modelColumns()
	b.dropShortRows(c)
	b.describedRows()
	for _, r := range b.runs {
		r.Source = c.name
		c.emitRun(r)
	}
}

// describedRows labels rows that the table's name columns do not tell
// apart by the text columns that do: two rows "Raspberrypi 5b | TF card"
// and "Raspberrypi 5b | HDD" under "Model | Disk type" measured two
// systems, not one twice. The label is the column's name in lower case,
// its value the cell.
func (b *summaryTable) describedRows() {
	if len(b.runs) < 2 {
		return
	}
	key := func(r *Run) string {
		return fmt.Sprint(r.Test, r.Labels, r.Settings, intText(r.Threads))
	}
	rows := map[string][]*Run{}
	for _, r := range b.runs {
		k := key(r)
		rows[k] = append(rows[k], r)
	}
	for _, same := range rows {
		if len(same) < 2 {
			continue
		}
		for _, col := range b.cols {
			if col.kind != colOther || col.name == "" {
				continue
			}
			vals := map[string]bool{}
			text := true
			for _, r := range same {
				v := cellOfColumn(r, col.name)
				if _, err := parseNum(b.plain(v)); err == nil || absentCells[strings.ToLower(v)] {
					text = false
					break
				}
				vals[v] = true
			}
			if !text || len(vals) < 2 {
				continue
			}
			name := strings.ToLower(strings.TrimSpace(strings.Trim(col.name, "*`")))
			for _, r := range same {
				if _, taken := r.Labels[name]; !taken {
					r.SetLabelFrom(name, cellOfColumn(r, col.name), "column "+strconv.Quote(col.name))
				}
			}
		}
	}
}

// cellOfColumn returns the plain text of the row's cell of the named
// column, "" when it has none.
func cellOfColumn(r *Run, name string) string {
	for _, c := range r.Columns {
		if c.Name == name {
			return strings.TrimSpace(strings.Trim(c.Value, "*`"))
		}
	}
	return ""
}

// intText is n as text, "-" when absent.
func intText(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}

// names returns the header's column names.
func (b *summaryTable) names() []string {
	names := make([]string, len(b.cols))
	for i, col := range b.cols {
		names[i] = col.name
	}
	return names
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
		case secondsStat(n):
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

// secondsStat reports a column of seconds by statistic, as mysqlslap
// prints them per concurrency ("average", "min", "max(sec)", "平均(秒)"):
// not a latency per event, and no rate.
func secondsStat(n string) bool {
	t := strings.ToLower(strings.TrimSpace(n))
	for _, u := range []string{"(sec)", "(s)", "(秒)", "(초)", "[sec]", "[s]", " sec", " seconds"} {
		t = strings.TrimSpace(strings.TrimSuffix(t, u))
	}
	switch t {
	case "average", "avg", "min", "max", "minimum", "maximum", "平均", "最小", "最大", "평균", "최소", "최대":
		return true
	}
	return false
}

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
	b.lines = append(b.lines, *l)
	return consumed
}

func (b *unreadTable) end(c *ctx) {
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
