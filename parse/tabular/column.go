package tabular

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind says what a column holds.
type Kind int

const (
	// Dimension columns say which experiment a row is: a name, a mode, a
	// size, a thread count, a setting printed on every row.
	Dimension Kind = iota
	// Measurement columns hold what a run measured.
	Measurement
)

// Metrics a measurement column may be mapped to; "" keeps its own name.
const (
	TPS       = "tps"        // transactions per second
	QPS       = "qps"        // queries per second
	EPS       = "eps"        // events per second
	Latency   = "latency"    // a latency statistic (Column.Stat), in ms by ToMs
	TotalTime = "total_time" // the run's elapsed time, in seconds by ToSeconds
	Transfer  = "transfer"   // a transfer rate, in MiB/s by ToMiBs
	Events    = "events"     // the run's total number of events, a count
	Threads   = "threads"    // a dimension: the run's client threads
	// Ordinal is a dimension numbering the rows 1, 2, 3, ... in order (a
	// rank, a row number): it tells rows apart and says nothing else.
	Ordinal = "ordinal"
)

// Words splits a header into the lower-case words Classify reads it by
// ("rdIOps": "rd", "iops").
func Words(h string) []string { return words(h) }

// A Column is what Classify makes of a header and its cells.
type Column struct {
	Name   string
	Kind   Kind
	Metric string // one of the constants above, or ""
	Stat   string // for Latency: "min", "avg", "max", or a percentile rank ("95")
	// Unit is the unit the header names ("ms" of "Latency_ms"), else the
	// unit the cells carry ("s" of "149.37s"); "" for bare numbers.
	Unit string
}

// Classify reads a column from its header and its cells (absent cells
// are ignored; a cell listing several numbers, Several, counts as each of
// them). A column is a measurement when every cell is a number and
// neither its header (a mode, a size, a name: dimensionWords) nor its
// cells (a size such as 3G) say it is a setting, and it is not a bare
// number printed the same on every row (a setting restated). A thread
// count is a dimension with Metric Threads.
//
// A measurement is mapped to a metric only where name and unit agree:
// transactions, queries or events per second (or tps, qps, eps), a
// latency statistic (a header naming a latency and a statistic, or only a
// statistic over times), an elapsed time in seconds, a transfer rate in
// bytes per second. Any other measurement keeps its own name.
func Classify(name string, cells []string) Column {
	col := Column{Name: name}
	w := words(rateSpellings(name))
	nameUnit := ""
	for i, x := range w {
		if u, ok := unitWords[x]; ok && (i == 0 || w[i-1] != "per" && w[i-1] != "por") {
			nameUnit = u
		}
	}
	var vals []Value
	for _, c := range cells {
		if Absent(c) {
			continue
		}
		v, ok := ParseValue(c)
		if !ok {
			// A cell listing one number per run ("208333.40,
			// 207958.31") measures as each of its numbers does.
			several, ok := Several(c)
			if !ok {
				return col // text: a dimension
			}
			vals = append(vals, several...)
			continue
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return col
	}
	// Bare numbers beside cells with a unit take that unit: a row or
	// column often prints it once ("203.11M ops/sec" after "35.58M").
	class, unitAt := "", -1
	for i, v := range vals {
		c := unitClass(v.Unit)
		if c == "other" || c != "" && unitAt >= 0 && c != class {
			return col // units of different kinds, or unknown ones: a label
		}
		if c != "" && unitAt < 0 {
			class, unitAt = c, i
		}
	}
	if has(w, threadWords) && class == "" && integers(vals) {
		col.Metric = Threads
		return col
	}
	hdrRate := headerByteRate(name)
	if class == "" && hdrRate != "" {
		class = "byterate" // "Transfer speed MiB/s" over bare numbers
	}
	headerMeasure := perSecond(w) || has(w, latencyWords) || nameUnit != ""
	perSec := class == "rate" || perSecond(w)
	measureWord := headerMeasure || class == "rate"
	// The same bare number on most rows and a unit on the others is no
	// unit printed once: a normalised table's baseline column ("1" for
	// each test, "100MB/s" for the disk) restates a reference, it
	// measures nothing; its unit is not the bare cells'.
	if unitAt >= 0 && !headerMeasure && hdrRate == "" {
		var bare []Value
		for _, v := range vals {
			if v.Unit == "" {
				bare = append(bare, v)
			}
		}
		if len(bare) >= 2 && 2*len(bare) > len(vals) && same(bare) {
			return col
		}
	}
	switch {
	case class == "size":
		return col
	case has(w, dimensionWords) && !measureWord && statOf(w) == "":
		return col
	case class == "" && !measureWord && len(vals) > 1 && same(vals):
		return col
	case class == "" && !measureWord && len(vals) >= 3 && ordinal(vals):
		col.Metric = Ordinal // 1, 2, 3, ... down the rows: a rank or a row number
		return col
	}
	col.Kind = Measurement
	col.Unit = nameUnit
	if col.Unit == "" && unitAt >= 0 {
		col.Unit = vals[unitAt].Unit
	}
	if col.Unit == "" && class == "byterate" {
		col.Unit = hdrRate
	}
	if col.Unit == "" && perSec {
		col.Unit = "/s"
	}
	unit := ""
	if unitAt >= 0 {
		unit = strings.ToLower(vals[unitAt].Unit)
	}
	bare := onlyRate(words(rateSpellings(outsideParens(name))))
	switch {
	case rateWords[bare] != "":
		col.Metric = rateWords[bare] // "QPS", "tps:", "QPS avg (two runs)"
	case unit == "tps" || perSec && has(w, tpsWords) && !has(w, qpsWords):
		col.Metric = TPS
	case unit == "qps" || perSec && has(w, qpsWords) && !has(w, tpsWords):
		col.Metric = QPS
	case unit == "eps" || strings.HasPrefix(unit, "events/") || strings.HasPrefix(unit, "ev/") || strings.HasPrefix(unit, "events per ") ||
		perSec && has(w, epsWords):
		col.Metric = EPS
	case class == "byterate":
		col.Metric = Transfer
	case class == "" && !perSec && nameUnit == "" && eventCount(w) && integers(vals):
		col.Metric = Events // "Total Events": sysbench's "total number of events"
	case class == "time" || nameUnit != "":
		stat := statOf(w)
		switch {
		case stat != "" && (has(w, latencyWords) || onlyStat(w)):
			col.Metric, col.Stat = Latency, stat
		case stat == "" && has(w, timeWords) && (nameUnit == "s" || nameUnit == "" && unitClassOf(unit) == "s"),
			stat == "" && resultOnly(w) && nameUnit == "" && allSeconds(vals),
			stat == "" && nameUnit == "s" && has(w, []string{"sysbench"}) && has(w, []string{"cpu", "threads", "mutex"}):
			// A time in seconds under "time", or under no more than
			// "Result" with every cell in seconds (a run's result given
			// as its total time: "33.2165 (Sec)" of sysbench mutex; a
			// column of figures in several units lists a run's
			// statistics, one a row), or the seconds of a sysbench test
			// whose result is its total time ("Sysbench CPU (seconds)").
			col.Metric = TotalTime
		}
	}
	return col
}

// eventCount reports a header naming a run's count of events, as sysbench
// prints it ("total number of events"): "Total Events", "Number of
// events", "事件总数". The events a thread ran ("Events (avg/stddev)") or
// ran a second are no such count.
func eventCount(w []string) bool {
	switch strings.Join(w, " ") {
	case "total events", "total number of events", "number of events", "events total", "事件总数", "总事件数":
		return true
	}
	return false
}

// allSeconds reports values that each carry a unit of seconds.
func allSeconds(vals []Value) bool {
	for _, v := range vals {
		if unitClassOf(strings.ToLower(v.Unit)) != "s" {
			return false
		}
	}
	return len(vals) > 0
}

// resultOnly reports a header that says no more than that the column is
// the result: "Result", "Results".
func resultOnly(w []string) bool {
	return len(w) == 1 && (w[0] == "result" || w[0] == "results")
}

// rateSpellings turns "events/s", "MiB/sec" and "ops/second" in a
// header into a word perSecond knows, and "CPU speed" into events per
// second; "/s" must end its word, so that
// "latency/sum" is no rate.
func rateSpellings(h string) string {
	if i := strings.Index(strings.ToLower(h), "cpu speed"); i >= 0 {
		// sysbench's title of the cpu test's events per second
		// ("CPU speed:\n    events per second: 1234.56"), as a
		// header names the column of that figure.
		h = h[:i] + " events persec " + h[i+len("cpu speed"):]
	}
	if !strings.Contains(h, "/") {
		return h
	}
	var b strings.Builder
	for i := 0; i < len(h); i++ {
		if h[i] == '/' {
			j := i + 1
			for j < len(h) && ('a' <= h[j]|0x20 && h[j]|0x20 <= 'z') {
				j++
			}
			switch strings.ToLower(h[i+1 : j]) {
			case "s", "sec", "second":
				b.WriteString(" persec ")
				i = j - 1
				continue
			}
		}
		b.WriteByte(h[i])
	}
	return b.String()
}

// words splits a header into lower-case words: at spaces, punctuation
// and '_', between a lower-case and an upper-case letter, between
// letters and digits, and around '%'. A run of CJK or Hangul is one word.
func words(s string) []string {
	s = FoldHan(s)
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range s {
		switch {
		case r == '%':
			flush()
			out = append(out, "%")
		case !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != 'µ':
			flush()
		case len(cur) > 0 && (unicode.IsUpper(r) && unicode.IsLower(prev) ||
			unicode.IsDigit(r) != unicode.IsDigit(prev) ||
			wide(r) != wide(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// wide reports a CJK, kana or Hangul rune.
func wide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// has reports whether a word of w is one of list: equal for a Latin word,
// contained in a CJK or Hangul word.
func has(w []string, list []string) bool {
	for _, x := range w {
		for _, y := range list {
			if x == y {
				return true
			}
			if r, _ := utf8.DecodeRuneInString(y); wide(r) && strings.Contains(x, y) {
				return true
			}
		}
	}
	return false
}

// onlyRate returns the one word of a header that is nothing but that
// word, units and the statistic that averages it over runs ("QPS",
// "tps:", "QPS avg", "mean TPS"), else "".
func onlyRate(w []string) string {
	word := ""
	for _, x := range w {
		if _, unit := unitWords[x]; unit || statWords[x] == "avg" || x == "median" {
			continue
		}
		if word != "" {
			return ""
		}
		word = x
	}
	return word
}

// outsideParens returns a header without what it says in parentheses
// ("QPS avg (two runs)": "QPS avg "), a note on the column, not its name.
func outsideParens(h string) string {
	if !strings.Contains(h, "(") {
		return h
	}
	var b strings.Builder
	depth := 0
	for _, r := range h {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headerByteRate returns the byte rate a header names as its unit
// ("MiB/s" of "Transfer speed MiB/s", "written, MiB/s"; "MiB/s" of
// "rdMiBps", the unit glued to an abbreviation with "ps" for per
// second), else "".
func headerByteRate(name string) string {
	for _, f := range strings.FieldsFunc(name, func(r rune) bool {
		return r == ' ' || r == '(' || r == ')' || r == ',' || r == '[' || r == ']'
	}) {
		if byteRate(strings.ToLower(f)) > 0 {
			return f
		}
		if u := gluedByteRate(f); u != "" {
			return u
		}
	}
	return ""
}

// gluedByteRate returns the byte rate a word ends with, written with "ps"
// for per second and a capital B for bytes ("wrMiBps", "readMBps",
// "KBps"): "MiB/s", "MB/s", "KB/s"; "" for any other word. "Mbps" is
// megabits, no sysbench figure.
func gluedByteRate(f string) string {
	base, ok := strings.CutSuffix(f, "Bps")
	if !ok || base == "" {
		return ""
	}
	prefix := base[len(base)-1:]
	if prefix == "i" && len(base) >= 2 {
		prefix = base[len(base)-2:]
	}
	switch prefix {
	case "K", "k", "M", "G", "Ki", "Mi", "Gi":
		return prefix + "B/s"
	}
	return ""
}

// perSecond reports a header naming a rate: "per sec", "PerSec", "/s",
// or a rate word (rateUnitWords: "IOPS", "rdIOps").
func perSecond(w []string) bool {
	for i, x := range w {
		if (x == "per" || x == "por") && i+1 < len(w) && contains(perSecondWords, w[i+1]) {
			return true
		}
		if x == "persec" || strings.Contains(x, "每秒") || contains(rateUnitWords, x) {
			return true // "每秒事务数" is one word as words splits it
		}
		if x == "秒" && i > 0 && has(w[:i], cjkCountWords) {
			return true // "事务数(秒)", "查询数/秒": a count in seconds is a rate
		}
	}
	return false
}

// statOf returns the latency statistic a header names, a percentile rank
// before a statistic word.
func statOf(w []string) string {
	for i, x := range w {
		if _, err := strconv.ParseFloat(x, 64); err == nil {
			if i+1 < len(w) && contains(percentileWords, w[i+1]) || i > 0 && w[i-1] == "p" {
				return x
			}
		}
	}
	for _, x := range w {
		if s, ok := statWords[x]; ok {
			return s
		}
	}
	return ""
}

// onlyStat reports a header that is nothing but a statistic and a unit
// ("avg", "95th", "最小", "max(ms)").
func onlyStat(w []string) bool {
	for _, x := range w {
		_, stat := statWords[x]
		_, unit := unitWords[x]
		_, err := strconv.ParseFloat(x, 64)
		if !stat && !unit && err != nil && !contains(percentileWords, x) {
			return false
		}
	}
	return len(w) > 0
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if x == y {
			return true
		}
	}
	return false
}

func integers(vals []Value) bool {
	for _, v := range vals {
		if v.Num != float64(int64(v.Num)) || v.Num <= 0 {
			return false
		}
	}
	return true
}

// ordinal reports values that number their rows: 1, 2, 3, ... in order.
func ordinal(vals []Value) bool {
	for i, v := range vals {
		if v.Num != float64(i+1) || v.Unit != "" || v.Suffix != "" {
			return false
		}
	}
	return true
}

func same(vals []Value) bool {
	for _, v := range vals[1:] {
		if v != vals[0] {
			return false
		}
	}
	return true
}

// unitClass says what kind of quantity a cell's unit is: "" (none),
// "time", "byterate", "rate", "size", "percent" or "other".
func unitClass(u string) string {
	if u == "" {
		return ""
	}
	l := strings.ToLower(u)
	switch {
	case unitClassOf(l) != "":
		return "time"
	case byteRate(l) > 0:
		return "byterate"
	case l == "tps" || l == "qps" || l == "eps" || l == "iops" || strings.HasSuffix(l, "/s") || strings.HasSuffix(l, "/sec") ||
		strings.HasSuffix(l, "/second") || strings.HasSuffix(l, " per sec.") || strings.HasSuffix(l, " per sec") ||
		strings.HasSuffix(l, " per second") || strings.HasSuffix(l, "ps") && len(l) <= 4 ||
		l == "per second" || l == "per sec" || l == "per sec.":
		// "857068.80 per second", as sysbench prints a rate after a count
		// ("Total operations: 786432 (857068.80 per second)").
		return "rate"
	case sizeUnit(l) > 0:
		return "size"
	case l == "%":
		return "percent"
	}
	return "other"
}

// unitClassOf returns the time unit u names ("ms", "us", "s") or "".
func unitClassOf(u string) string {
	switch u {
	case "ms", "msec":
		return "ms"
	case "us", "µs", "μs", "usec":
		return "us"
	case "s", "sec", "secs", "seconds":
		return "s"
	}
	return ""
}

// sizeUnit returns the bytes a size unit stands for (k, KB, KiB, M, G, ...),
// 0 when u is none.
func sizeUnit(u string) float64 {
	u = strings.TrimSuffix(strings.TrimSuffix(u, "b"), "i")
	switch u {
	case "k":
		return 1 << 10
	case "m":
		return 1 << 20
	case "g":
		return 1 << 30
	case "t":
		return 1 << 40
	}
	return 0
}

// byteRate returns the MiB/s one unit of a byte rate stands for
// ("Mb/sec", "MiB/s", "GB/sec", "KB/s"), 0 when u is none. sysbench 0.4
// prints MiB as "Mb" and "MB": all are read as binary megabytes.
func byteRate(u string) float64 {
	base, per, ok := strings.Cut(u, "/")
	if !ok || per != "s" && per != "sec" && per != "second" {
		return 0
	}
	if base == "b" || base == "bytes" {
		return 1.0 / (1 << 20)
	}
	return sizeUnit(base) / (1 << 20)
}

// ToMs converts a time to milliseconds: the cell's unit first, else the
// column's (a bare number under "Latency_ms"), else ms as sysbench prints.
func ToMs(v Value, col Column) float64 {
	u := unitClassOf(strings.ToLower(v.Unit))
	if u == "" {
		u = unitClassOf(strings.ToLower(col.Unit))
	}
	switch u {
	case "us":
		return v.Num / 1000
	case "s":
		return v.Num * 1000
	}
	return v.Num
}

// ToSeconds converts a time to seconds, as ToMs does.
func ToSeconds(v Value, col Column) float64 {
	return ToMs(v, col) / 1000
}

// ToMiBs converts a transfer rate to MiB/s: the cell's unit first, else
// the column's ("MiB/s" of a header over bare numbers); ok is false when
// neither is a byte rate.
func ToMiBs(v Value, col Column) (float64, bool) {
	f := byteRate(strings.ToLower(v.Unit))
	if f == 0 && v.Unit == "" {
		f = byteRate(strings.ToLower(col.Unit))
	}
	return v.Num * f, f > 0
}
