// What the text above a summary table says of it: the test a heading or
// a caption names, the thread count of its section, the system.

package parse

import (
	"regexp"
	"strconv"
	"strings"
)

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
	case leadIn(text):
		return true
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

// leadInWords mark a line that introduces what follows it ("…, we get
// the following relation of threads and tps:", "…可以得到如下 thread 与 tps
// 的关系：", "結果は以下の通り"): a sentence about the table, not its name.
var leadInWords = []string{"如下", "以下", "下面", "下表", "次の", "the following", "as follows", "shown below", "listed below", "see below"}

// leadIn reports whether text introduces what follows: it holds a
// leadInWords phrase and is longer than a short title.
func leadIn(text string) bool {
	if len([]rune(text)) < 12 {
		return false
	}
	low := strings.ToLower(text)
	for _, l := range leadInWords {
		if strings.Contains(low, l) {
			return true
		}
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
	// gluedVersionRE matches a name with its version glued to it
	// ("MySQL5.1", "MariaDB10.6"): a system, as "MySQL 5.1" is.
	gluedVersionRE = regexp.MustCompile(`^[A-Za-z][A-Za-z-]*[A-Za-z]\d+(\.\d+)+$`)
	systemRE       = regexp.MustCompile(`(?i)\b(innodb|myisam|rocksdb|myrocks|tokudb|aria|memory|mysql|mariadb|percona|tidb|postgres(ql)?|oceanbase|polardb|aurora)\b`)
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
	if b.headThr == 0 && b.threadsI < 0 {
		b.kvThr, b.kvLine = c.kvThreads(b.header.No, c.mdPath())
	}
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
		if h.No == b.header.No-1 && b.workload == "" && b.test == "" && !stopTest {
			if w := rateCaptionWorkload(text); w != "" && titleTestOf(w) == "" {
				// "QPS for increment" right over the table names its
				// workload, one of no sysbench test: a test named
				// further up ("TPS for read-write") is another table's.
				b.workload, b.workloadLine, b.captioned, stopTest = w, h.No, true, true
				continue
			}
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
		short := len([]rune(text)) <= 40
		isWorkload := workloadRE.MatchString(text)
		if !isWorkload && (b.workload == "" && b.test == "" && inSection && !stopTest || short && b.system == "") {
			isWorkload = HeadingMix(text) // "point_select:update_index 4:1"
		}
		if isWorkload && len([]rune(text)) <= 60 && b.workload == "" && b.test == "" && inSection && !stopTest {
			b.workload, b.workloadLine, b.mix = text, h.No, HeadingMix(text)
			continue
		}
		if !isWorkload && short && b.system == "" && !genericCaption(text) && !repeatMarkRE.MatchString(text) {
			switch {
			case lv > 0 && h.No == b.header.No-1 && resultsOf(text) != "":
				// "#### SQL Server Results" right over its table: the
				// system whose results they are.
				b.system = resultsOf(text)
			case strings.HasSuffix(strings.TrimSpace(strings.Trim(raw, "#* ")), ":") || versionRE.MatchString(text) || systemRE.MatchString(text) ||
				gluedVersionRE.MatchString(text):
				b.system = text
			}
		}
		if b.system != "" && (b.workload != "" || b.test != "" || stopTest) {
			return
		}
	}
}

// titleLabel gives r what the table's title names when it names no test:
// the workload, when a caption right over the table names the rate of
// one ("QPS for 1in10 test": two such tables of the same builds are two
// workloads of them, not eight systems) or the title is a mix of tests
// ("point_select:update_index 4:1"), and the row names none of its own;
// else a "heading" that tells the tables apart.
func (b *summaryTable) titleLabel(r *Run) {
	if (b.captioned || b.mix) && r.Labels["workload"] == "" {
		r.SetLabelFrom("workload", b.workload, b.titleFrom())
		return
	}
	r.SetLabelFrom("heading", b.workload, b.titleFrom())
}

// titleFrom says where the table's title is: "caption at line 11",
// "heading at line 162".
func (b *summaryTable) titleFrom() string {
	if b.captioned {
		return "caption at line " + strconv.Itoa(b.workloadLine)
	}
	return "heading at line " + strconv.Itoa(b.workloadLine)
}

// rateCaptionWorkload returns what a caption naming a rate "for" or "of"
// names ("increment" of "QPS for increment", "point-query" of "QPS for
// point-query"), "" for any other line, and for one naming threads ("TPS
// for 1 to 64 threads") or a system ("TPS of MySQL 8.0").
func rateCaptionWorkload(text string) string {
	f := strings.Fields(text)
	if len(f) < 3 || len(f) > 6 || captionMetric(f[0]) == colOther {
		return ""
	}
	if p := strings.ToLower(f[1]); p != "for" && p != "of" {
		return ""
	}
	w := strings.Join(f[2:], " ")
	if mentionsThreads(w) || namesSystem(w) || versionRE.MatchString(w) {
		return ""
	}
	return w
}

// resultsOf returns what a short title ending in a result word names
// ("SQL Server" of "SQL Server Results"; endsWithResultWord), "" for any
// other title and for one whose other words name nothing ("Test
// Results", "The sysbench results").
func resultsOf(text string) string {
	w := strings.Fields(text)
	if len(w) < 2 || len(w) > 5 || !endsWithResultWord(text) {
		return ""
	}
	name := strings.Join(w[:len(w)-1], " ")
	if genericCaption(name) || isSentence(name) {
		return ""
	}
	return name
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
