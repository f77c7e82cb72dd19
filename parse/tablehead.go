// The header of a summary table: its cells split, each column classified
// by its words (a dimension, a thread count, a rate, a latency statistic).

package parse

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/sbreport/sbreport/parse/tabular"
)

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
	qpsWords = map[string]bool{"qps": true, "rps": true, "queries/s": true, "queries per sec": true, "queries/sec": true, "查询/秒": true,
		"consultas/s": true, "abfragen/s": true, "truy vấn/giây": true}
	epsWords = map[string]bool{"eps": true, "events/s": true, "events/sec": true, "events per second": true,
		"events per sec": true, "ev/s": true, "ev/sec": true, "events/s (eps)": true, "事件/秒": true,
		"eventos/s": true, "eventos/seg": true, "eventos por segundo": true, "ereignisse/s": true, "sự kiện/giây": true}
	// eventsWords name sysbench's "total number of events": the count of
	// a run of fixed length (the threads and mutex tests' result), not a
	// rate, and not the events a thread ran ("events (avg/stddev)").
	eventsWords = map[string]bool{"total events": true, "total number of events": true, "number of events": true,
		"events total": true, "事件总数": true, "总事件数": true}
	// cpuSpeedWords name the cpu test's "CPU speed: events per second".
	cpuSpeedWords = map[string]bool{"cpu speed": true, "cpu 속도": true, "cpu속도": true, "cpu 速度": true, "cpu速度": true}
	// latQualRE reads one part of a combined latency header: "avg", ".95",
	// "95%", "p99".
	latQualRE = regexp.MustCompile(`(?i)^(?:p?(\d{1,2}(?:\.\d+)?)(?:%|th)?|0?\.(\d{1,4}))$`)
)

// classifyColumn names what a header cell measures or says.
func classifyColumn(name string) tableCol {
	bare := tabular.FoldHan(strings.Join(strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(name), "*`"))), " "))
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
			m.name, m.pair, m.pairSep = name, []string{a, b}, "/"
			return m
		}
	}
	if a, b, rest, sep, ok := arrowPairHeader(name); ok {
		if m := classifyMetric(rest); m.isMetric() {
			m.name, m.pair, m.pairSep = name, []string{a, b}, sep
			return m
		}
	}
	if sys, rest := systemPrefix(name); sys != "" {
		m := classifyMetric(rest)
		m.name, m.system = name, sys
		return m
	}
	m := classifyMetric(name)
	if m.kind == colOther {
		// "RunningThreads", "latencyPct95": a harness's names, words
		// joined in camel case.
		if sp := camelSplit(name); sp != name {
			if m2 := classifyColumn(sp); m2.kind != colOther {
				m2.name = name
				return m2
			}
		}
		if serverVariableColumn(bare) {
			// "innodb_flush_method" over "fsync" and "O_DIRECT": the
			// server's configuration of each row.
			m.kind, m.label = colLabel, "config"
		}
	}
	return m
}

// serverVariablePrefixes begin the names of MySQL-family server variables
// a results table shows beside its rates ("innodb_flush_method",
// "sync_binlog", "tidb_enable_async_commit").
var serverVariablePrefixes = []string{"innodb_", "rocksdb_", "tokudb_", "aria_", "myisam_", "binlog_", "sync_binlog",
	"tidb_", "tikv_", "wsrep_", "gtid_", "query_cache_", "thread_cache", "thread_pool", "table_open_cache",
	"max_connections", "transaction_isolation", "tx_isolation", "log_bin", "performance_schema", "key_buffer",
	"sort_buffer", "join_buffer", "read_buffer", "tmp_table", "default_storage_engine"}

// statusCounterParts are words of SHOW GLOBAL STATUS counters that share
// the variables' prefixes (innodb_rows_read, innodb_data_writes,
// innodb_buffer_pool_pages_dirty, innodb_log_waits): a column of them is
// a measurement, not a configuration.
var statusCounterParts = map[string]bool{"rows": true, "reads": true, "writes": true, "requests": true,
	"pages": true, "waits": true, "written": true, "fsyncs": true, "pending": true, "dblwr": true}

// serverVariableColumn reports whether a column header is a server
// variable's name, lower-case words joined by '_' that begin as one does.
func serverVariableColumn(bare string) bool {
	if !serverVariableRE.MatchString(bare) && !variableName(bare) {
		return false
	}
	for _, part := range strings.Split(bare, "_") {
		if statusCounterParts[part] {
			return false // "innodb_rows_read", "innodb_buffer_pool_reads": a counter, per row a measurement
		}
	}
	for _, p := range serverVariablePrefixes {
		if strings.HasPrefix(bare, p) {
			return true
		}
	}
	return false
}

// camelSplit writes a name of words joined in camel case with spaces
// between them ("RunningThreads": "Running Threads"); any other name as
// it is.
func camelSplit(name string) string {
	if strings.ContainsAny(name, " \t") || len(name) < 4 {
		return name
	}
	var b strings.Builder
	prev := rune(0)
	for _, r := range name {
		if prev != 0 && unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
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

// arrowPairRE matches a header naming what two configurations measured,
// before and after an arrow: "TPS（單 SQL 多 KV → 多 SQL 單 KV）", "QPS
// (v1 -> v2)", "before → after (TPS)".
var arrowPairRE = regexp.MustCompile(`^\s*(?:([^()]+?)\s*\(\s*([^()]+?)\s*(→|->)\s*([^()]+?)\s*\)|([^()]+?)\s*(→|->)\s*([^()]+?)\s*\(\s*([^()]+?)\s*\))\s*$`)

// fullWidthParens writes full-width parentheses as ASCII ones.
var fullWidthParens = strings.NewReplacer("（", "(", "）", ")")

// arrowPairHeader splits a header naming a metric and two configurations
// joined by an arrow; each cell under it holds both values, joined by
// the same arrow ("783.54 → 830.14"), returned as sep.
func arrowPairHeader(name string) (a, b, rest, sep string, ok bool) {
	if !strings.Contains(name, "→") && !strings.Contains(name, "->") {
		return "", "", "", "", false // cheap test first
	}
	n := fullWidthParens.Replace(strings.Trim(strings.TrimSpace(name), "*`"))
	m := arrowPairRE.FindStringSubmatch(n)
	switch {
	case m == nil:
		return "", "", "", "", false
	case m[1] != "":
		return m[2], m[4], m[1], m[3], true
	default:
		return m[5], m[7], m[8], m[6], true
	}
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
	if namesStatistic(words, len(words) > 1 && namesSystem(p)) {
		return false
	}
	return versionRE.MatchString(p) || systemRE.MatchString(p)
}

// namesStatistic reports a word of words that names a statistic, a
// latency or the threads rather than a system. With named (the words
// name a database or engine as well), a version below 50 ("5.7", "2.1",
// "11.8") is none: "MySQL 5.7" and "TiDB 2.1" name systems, while a
// percentile rank printed bare ("95", "99.9") is 50 or more.
func namesStatistic(words []string, named bool) bool {
	for _, w := range words {
		if named && isVersion(w) && versionMajor(w) < 50 {
			continue
		}
		if qualifierRE.MatchString(w) || latWordRE.MatchString(w) || threadWords[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// versionMajor returns the number before the first dot of a version word
// ("11.8" gives 11).
func versionMajor(w string) int {
	w = strings.TrimLeft(w, "vV")
	n := 0
	for i := 0; i < len(w) && w[i] >= '0' && w[i] <= '9' && n < 1000; i++ {
		n = n*10 + int(w[i]-'0')
	}
	return n
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

// leadWord returns the first word of a header before what follows it ("tps"
// of "tps no-fix" and of "rps(a) mysql"), or "" for a header of one word.
func leadWord(bare string) string {
	if i := strings.IndexAny(bare, " ("); i > 0 {
		return bare[:i]
	}
	return ""
}

// classifyMetric names the threads, throughput or latency a header cell
// holds (colOther when none).
func classifyMetric(name string) tableCol {
	col := tableCol{name: name}
	bare := tabular.FoldHan(strings.Join(strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(name), "*`"))), " "))
	switch {
	case threadWords[bare] || threadPhrase(bare) || concurrencyPhrase(bare):
		col.kind = colThreads
		return col
	case tpsWords[bare] || strings.HasSuffix(bare, " tps") || tpsWords[leadWord(bare)]:
		col.kind = colTPS
		return col
	case qpsWords[bare] || strings.HasSuffix(bare, " qps") || qpsWords[leadWord(bare)]:
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
	case eventsWords[bare]:
		col.kind = colEvents
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
	if strings.Contains(bare, "_") {
		// "95th_latency", "latency_p99": a CSV's name, words joined by
		// underscores.
		bare = strings.ReplaceAll(bare, "_", " ")
	}
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
