package parse

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/sysbench"
)

// The context of a run decides its test when its own output and command
// do not name one. The context is what a reader reads above a run: the
// titles of the sections it stands in, and the label lines, list items,
// captions, prose and commands above it in those sections. The nearest
// line of that context naming a test gives it when it names exactly one;
// a line naming two or more gives none, and the run says so rather than
// guess. A section is a Markdown one (ATX, setext, HTML headings): the
// lighter forms of heading (a bold line, a line ending in ':', a banner,
// a numbered step) are lines of their section's context. An earlier
// subsection of an enclosing section is part of the context when no run
// was read in it ("### Test environment" with its list of what ran, above
// "### Result Compare"); one that holds runs is theirs.
//
// Only what sbreport's catalogue knows is a test (catalog.go): a
// catalogue name, a script path, or the words a title names one by
// (HeadingTest); a heading's prose ("Test result", "性能测试") never is.

// A mention is a line of context that names a test or a thread count.
type mention struct {
	line int
	// path holds the lines of the Markdown headings the line stands
	// under, outermost first (its own, when it is one).
	path  []int
	test  string // the test it names, "" when it names several or none
	what  string // "heading", "line" or "command"
	tests int    // how many tests it names (0, 1, or 2 for several)
	// prose is set for a sentence that is no list item or heading: what
	// it names by words is context in its own section and those
	// enclosing it only.
	prose bool
	// weak is set for cpu, mutex or threads named by a word (testWord,
	// noteHeadingTest): a run whose output cannot be theirs looks past
	// it.
	weak bool
	// spelled is set when the test is written as sysbench spells it
	// (oltp_read_only, a script path): context even in prose.
	spelled bool
	threads int  // the thread count it names, 0 when none
	several bool // it names several thread counts
	// kv is set for a line that is a thread count written as a setting
	// and nothing more ("Threads: 1", "- threads=8"), as a method block
	// above a table of results lists its runs' settings
	kv bool
	// among lists the tests a line naming several names as sysbench
	// spells them ("[oltp_write_only | oltp_read_only]"); a nearer
	// heading or label may choose one of them (chooseAmong).
	among []string
	// label is the lower-cased text of a heading or short label line
	// that names no test ("### Write test results without PGO"): a
	// chooser among the tests a line above names.
	label string
}

// maxMentions bounds the mentions kept: the oldest are dropped.
const maxMentions = 256

// runContext is the context of the runs of one input read so far.
type runContext struct {
	mentions []mention // in line order
	// ranCmds holds the last sysbench run command shown for each test,
	// with its line: a run shown without its command under a heading
	// naming a test takes that test's command (ctx.commandForTitle).
	ranCmds map[string]shownCommand
	// ranIn holds the lines of the Markdown headings whose sections hold
	// a run.
	ranIn map[int]bool
	// labelled holds the last run commands shown under a label line of
	// their own ("# 单核性能" over "sysbench cpu … --threads=1 run"), for
	// a table whose columns the same labels name (labelThreads).
	labelled []labelCmd
}

// A labelCmd is a run command and the words of the label line
// right above it.
type labelCmd struct {
	key     string
	test    string
	threads int
}

// maxLabelled bounds runContext.labelled.
const maxLabelled = 32

// mdPath returns the lines of the Markdown headings the current line
// stands under.
func (c *ctx) mdPath() []int {
	var p []int
	for _, h := range c.outline.Path() {
		if h.Level <= 6 {
			p = append(p, h.Line)
		}
	}
	return p
}

// noteMention keeps a line of context that names tests or thread
// counts (see mention).
func (c *ctx) noteMention(m mention) {
	if m.tests == 0 && m.threads == 0 && !m.several && m.label == "" {
		return
	}
	m.path = c.mdPath()
	ms := c.rc.mentions
	if len(ms) == maxMentions {
		copy(ms, ms[1:])
		ms = ms[:maxMentions-1]
	}
	i := len(ms)
	for i > 0 && ms[i-1].line > m.line {
		i--
	}
	ms = append(ms, mention{})
	copy(ms[i+1:], ms[i:])
	ms[i] = m
	c.rc.mentions = ms
}

// named fills in the test of a mention: one test, or several
// when test is "".
func (m *mention) named(test string, several bool) {
	switch {
	case several:
		m.test, m.tests = "", 2
	case test != "":
		m.test, m.tests = test, 1
	}
}

// noteRanIn records that a run was read in the sections it started in
// (the current ones for a table's row).
func (c *ctx) noteRanIn(r *Run) {
	path := r.ctxPath
	if path == nil {
		path = c.mdPath()
	}
	for _, h := range path {
		if c.rc.ranIn == nil {
			c.rc.ranIn = map[int]bool{}
		}
		c.rc.ranIn[h] = true
	}
}

// noteContextLine reads an unclaimed line for the tests it names: a
// heading, or a short line (a label, list item or caption, at most
// maxLabelRunes), by the words a title names a test by; a longer one
// only by a test written as sysbench spells it (oltp_read_only, a
// script path) or an inline command.
func (c *ctx) noteContextLine(l *Line, heading bool, headingTest string) {
	t := strings.TrimSpace(l.Text)
	if t == "" || l.Cmd != nil || strings.HasPrefix(t, "![") || strings.HasPrefix(t, "<!--") || strings.HasPrefix(t, "|") {
		return
	}
	m := mention{line: l.No, what: "line"}
	if heading {
		m.what = "heading"
	}
	if cmd := inlineCommand(t); cmd != nil {
		c.noteContextCommand(cmd, l.No)
		return
	}
	short := utf8.RuneCountInString(t) <= maxLabelRunes
	item := strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "+ ")
	m.prose = !heading && !item && (!short || isSentence(t))
	names := spelledTestNames(t)
	n := len(names)
	if n == 0 && c.otherToolOf(l) != "" && !containsFoldASCII(t, "sysbench") {
		// "### 随机读写 (fio, 4K blocks, 64M, 4 jobs, direct=1, 30s)": the
		// words and counts of another tool's run name no test or thread
		// count of sysbench's.
		c.noteMention(m)
		return
	}
	if short || mayNameThreads(t) || strings.Contains(t, "thread") || strings.Contains(t, "Thread") {
		m.threads, m.several = threadsNamed(t)
		m.kv = m.threads > 0 && !m.several && threadsSetting(t)
	}
	if n > 0 {
		m.named(names[0], n > 1)
	}
	if n > 1 {
		m.among = names
	}
	m.spelled = n > 0
	if n == 0 && heading {
		// "## 6B. 内存带宽 (sysbench memory, 1M blocks, 10G total, 4
		// threads)": the tool's name, then a built-in test by its name
		// (a word of any text: "memory" alone names none).
		if nt := namedTest(t); builtinTest(nt) {
			m.named(nt, false)
			n, m.spelled = 1, true
		}
	}
	if n == 0 && (short || heading) {
		if test, named := sentenceTest(t); named {
			m.named(test, test == "")
		} else if !isSentence(t) {
			m.named(titleTestOf(strings.Trim(t, "#*_:：+- ")), false)
		}
	}
	if m.tests == 0 {
		// "CPU benchmarking", "### Mutex", "* threads benchmark"
		if headingTest == "" {
			headingTest = testWord(t)
		}
		if headingTest == "" && memoryTestPhrase(t) {
			headingTest = "memory" // "-> 内存测试 Test (Fast Mode, 1-Pass @ 5sec)", "Memory Performance Test"
		}
		if headingTest == "" && (heading || item) {
			// A heading or item that is a built-in test's name and
			// nothing more ("### Memory", "- fileio").
			headingTest = builtinTitle(t)
		}
		if headingTest == "" && short {
			headingTest = threadsTestLabel(t)
		}
		m.named(headingTest, false)
		m.weak = m.tests > 0
	}
	if m.tests == 0 && !m.prose && mayChoose(t) {
		m.label = strings.ToLower(t)
	}
	c.noteMention(m)
}

// testNameWords are the words of the 1.x tests' names but the one they
// all share ("write", "only", "point", …; not "oltp").
var testNameWords = sync.OnceValue(func() map[string]bool {
	w := map[string]bool{}
	for _, name := range TestNames() {
		if sysbenchTests[name].Family != FamilyLua1 {
			continue
		}
		for _, p := range strings.Split(name, "_") {
			w[p] = true
		}
	}
	delete(w, "oltp")
	return w
})

// mayChoose reports a line holding a word of a test's name: only such a
// line can choose among tests named above it (chooseAmong), and only
// such lines are kept for it, so that a long text's labels do not push
// the lines naming tests out of the mentions kept.
func mayChoose(t string) bool {
	for w := range headingWords(strings.ToLower(t)) {
		if testNameWords()[w] {
			return true
		}
	}
	return false
}

// builtinTitle returns the built-in test a title is the name of, in any
// case, with its Markdown markers ("### Memory", "**FileIO**"); "" for
// any other title.
func builtinTitle(t string) string {
	name := strings.ToLower(strings.Trim(t, "#*_:：+-` "))
	switch name {
	case "memory", "fileio", "threads", "mutex", "cpu":
		return name
	}
	return ""
}

// threadsTestLabel returns "threads" for a label that names the test by
// the word followed by "test" or "benchmark", as a script announces each
// test it runs ("Running THREADS test...", "threads benchmark:"): the
// word alone is a count's noun more often than the test ("16 threads",
// "threads: 4"), so a label with a digit names none.
func threadsTestLabel(t string) string {
	if strings.ContainsAny(t, "0123456789") {
		return ""
	}
	words := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) })
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "threads" && (words[i+1] == "test" || words[i+1] == "benchmark") {
			return "threads"
		}
	}
	return ""
}

// maxLabelRunes is the longest line read as a label for the tests it
// names in words; a longer line is prose.
const maxLabelRunes = 60

// spelledTestNames returns the sysbench tests a line of prose names as
// sysbench spells them (a 1.x script name, a script path), each once,
// in the catalogue's order.
func spelledTestNames(t string) []string {
	if !strings.Contains(t, "_") && !strings.Contains(t, ".lua") {
		return nil
	}
	low := strings.ToLower(t)
	var found []string
	for _, name := range TestNames() {
		if ct := sysbenchTests[name]; ct.Family != FamilyLua1 || !strings.Contains(name, "_") {
			continue
		}
		if containsWord(low, name) {
			found = append(found, name)
			low = strings.ReplaceAll(low, name, " ")
		}
	}
	return found
}

// chooseAmong returns the one of tests (named together on a line: "run
// [oltp_write_only | oltp_read_only]") that a heading or label below it
// names by a word of its own name that the others' names lack ("Write
// test results" chooses oltp_write_only; "Read test" chooses nothing
// between oltp_read_only and oltp_read_write). ok is false when the label
// names none of them by such a word; test is "" when it names several.
func chooseAmong(tests []string, label string) (test string, ok bool) {
	words := headingWords(label)
	count := map[string]int{}
	for _, t := range tests {
		for _, w := range strings.Split(t, "_") {
			count[w]++
		}
	}
	for _, t := range tests {
		for _, w := range strings.Split(t, "_") {
			if count[w] < len(tests) && words[w] {
				if ok && test != t {
					return "", true
				}
				test, ok = t, true
				break
			}
		}
	}
	return test, ok
}

// noteContextCommand keeps a sysbench command's test and thread count
// as context: a prepare or cleanup command names the test of the runs
// near it as a run command does, but its threads are its own.
func (c *ctx) noteContextCommand(cmd *Command, line int) {
	if cmd == nil || cmd.Tool != ToolSysbench {
		return
	}
	if cmd.Action == "run" && cmd.Test != "" {
		// Copied on write: the runs read so far keep the map they saw.
		m := make(map[string]shownCommand, len(c.rc.ranCmds)+1)
		for k, v := range c.rc.ranCmds {
			m[k] = v
		}
		m[cmd.Test] = shownCommand{cmd, line}
		c.rc.ranCmds = m
	}
	if cmd.Action == "run" {
		c.noteLabelled(cmd, line)
	}
	m := mention{line: line, what: "command"}
	if cmd.Test != "oltp_common" {
		m.named(cmd.Test, false)
	}
	if cmd.Action != "prepare" && cmd.Action != "cleanup" {
		if n, err := atoiStrict(cmd.Labels["threads"]); err == nil && n > 0 {
			m.threads = n
		}
	}
	c.noteMention(m)
}

// A shownCommand is a command and the line it was shown at.
type shownCommand struct {
	cmd  *Command
	line int
}

// commandForTitle gives a run that took the last command shown before it
// (no command right above it) the command shown for the test its heading
// names instead, when the two differ: "#### Read-Write results" after
// the read-only command is the output of the read-write command shown
// further up, as a reader matches them.
func (c *ctx) commandForTitle(r *Run) {
	if r.inherit == nil || r.ctxTest == "" || r.ctxTestLine <= r.inheritLine || r.ctxTest == r.inherit.Test {
		return
	}
	if sc, ok := c.rc.ranCmds[r.ctxTest]; ok && sc.cmd.Tool == r.Tool && sc.line < r.Line {
		r.inherit, r.inheritLine = sc.cmd, sc.line
		r.inheritWhy = "of the test line " + strconv.Itoa(r.ctxTestLine) + " names"
	}
}

// visible reports whether a mention is part of the context of a run
// whose Markdown path is path.
func (rc *runContext) visible(m *mention, path []int) bool {
	k := 0
	for k < len(m.path) && k < len(path) && m.path[k] == path[k] {
		k++
	}
	if k == len(m.path) {
		return true // in the run's section or one enclosing it
	}
	return (!m.prose || m.spelled) && !rc.ranIn[m.path[k]]
}

// contextTest returns the test the context of a run starting at line,
// under the Markdown headings path, names (see above), the line that
// names it and what that line is ("heading at line 54"), and a note
// when the nearest line naming tests names several, or one fits is
// false for (the run's output says it ran another kind of test). fits
// may be nil.
func (c *ctx) contextTest(line int, path []int, fits func(string) bool) (test string, at int, from, note string) {
	return c.contextTestOf(line, path, fits, anyMention)
}

// Which mentions a search reads (contextTestOf).
const (
	anyMention    = iota
	titleMention  // headings and commands
	strongMention // headings, commands, tests spelled as sysbench spells them, cpu or mutex named
)

// titledTest is contextTest with headings and commands alone: the
// nearest of them naming a test says which test the output below it
// ran, over the last command typed before it for another.
func (c *ctx) titledTest(line int, path []int) (string, int) {
	test, at, _, _ := c.contextTestOf(line, path, nil, titleMention)
	return test, at
}

func (c *ctx) contextTestOf(line int, path []int, fits func(string) bool, which int) (test string, at int, from, note string) {
	ms := c.rc.mentions
	var labels []*mention // lines naming no test between the run and the mention looked at, nearest first
	for i := len(ms) - 1; i >= 0; i-- {
		m := &ms[i]
		if m.line >= line || !c.rc.visible(m, path) {
			continue
		}
		if m.tests == 0 {
			if m.label != "" {
				labels = append(labels, m)
			}
			continue
		}
		if which == titleMention && m.what == "line" ||
			which == strongMention && m.what == "line" && !m.spelled && !m.weak {
			continue
		}
		if m.tests > 1 {
			for _, l := range labels {
				t, ok := chooseAmong(m.among, l.label)
				if !ok {
					continue
				}
				if t != "" && (fits == nil || fits(t)) {
					return t, l.line, l.what + " at line " + strconv.Itoa(l.line) + " (of the tests line " + strconv.Itoa(m.line) + " names)", ""
				}
				break
			}
			return "", m.line, "", "line " + strconv.Itoa(m.line) + " above names several tests: no test taken from it"
		}
		if fits != nil && !fits(m.test) {
			if m.weak {
				continue
			}
			return "", m.line, "", "line " + strconv.Itoa(m.line) + " above names test " + m.test + ", which this output did not run: no test taken from it"
		}
		from = "line " + strconv.Itoa(m.line)
		if m.what != "line" {
			from = m.what + " at " + from
		}
		return m.test, m.line, from, ""
	}
	return "", 0, "", ""
}

// threadsSetting reports a line that is a thread count written as a
// setting and nothing more: "Threads: 1", "- threads = 8", "--threads=4"
// alone, "Threads: 1 and 4" not (several), "CPU: 4 cores, 8 threads" not.
func threadsSetting(t string) bool {
	t = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(t), "-*+>#`"))
	t = strings.TrimLeft(t, "-")
	m := threadsKVRE.FindStringSubmatchIndex(t)
	return m != nil && m[0] == 0 && strings.TrimSpace(strings.Trim(t[m[1]:], "`*")) == ""
}

// kvThreads returns the thread count a table with no threads column takes
// from its context: the nearest line of the context naming a thread
// count, when that line is a setting (threadsSetting: a method block's
// "Threads: 1" above the results), and its line; 0 when the nearest names
// several, or names one otherwise (a machine's "8 threads").
func (c *ctx) kvThreads(line int, path []int) (n, at int) {
	if m := c.threadsMention(line, path); m != nil && !m.several && m.kv {
		return m.threads, m.line
	}
	return 0, 0
}

// contextThreads is contextTest for the thread count: the nearest line
// of the run's context naming one gives it, a line naming several gives
// none.
func (c *ctx) contextThreads(line int, path []int) (n, at int, note string) {
	m := c.threadsMention(line, path)
	switch {
	case m == nil:
		return 0, 0, ""
	case m.several:
		return 0, m.line, "line " + strconv.Itoa(m.line) + " above names several thread counts: none taken from it"
	}
	return m.threads, m.line, ""
}

// threadsMention returns the nearest line of the context of line, under
// the Markdown headings path, that names a thread count or several; nil
// when none does.
func (c *ctx) threadsMention(line int, path []int) *mention {
	ms := c.rc.mentions
	for i := len(ms) - 1; i >= 0; i-- {
		m := &ms[i]
		if (m.threads > 0 || m.several) && m.line < line && c.rc.visible(m, path) {
			return m
		}
	}
	return nil
}

// threadCountRE matches a thread count written before its word ("4
// threads", "16线程", "8 スレッド", "64 clients") or after it ("thread
// 50", "threads=8", "--num-threads=60", "Threads: 4").
var threadCountRE = regexp.MustCompile(`(?i)(?:^|[^0-9.,])(\d{1,5})\s*(?:(threads?|thds|clients?|connections?)\b|个?线程|個?線程|スレッド|스레드)|\b(?:num-)?threads?\s*[=:]?\s*(\d{1,5})\b`)

// multiThreadRE names more than one thread without a count.
var multiThreadRE = regexp.MustCompile(`(?i)\bmulti[- ]?thread(ed|s)?\b|多线程|多線程|マルチスレッド|멀티 ?스레드`)

// hardwareRE marks a line describing a machine ("8 cores / 16 threads",
// "4 vCPU", "8C/16T"): its thread count is the processor's, not a run's.
var hardwareRE = regexp.MustCompile(`(?i)\d\s*(?:physical\s+|logical\s+)?cores?\b|\bcores?\s*(?:[:=(/]|and\b)|\bv?cpus\b|\d\s*v?cpus?\b|vcpu|\d\s*c\s*/\s*\d+\s*t\b|核|コア|코어|hyper|\bsmt\b`)

// threadsNamed returns the thread count a line names, or several when it
// names more than one; one thread in words ("single-threaded", 单线程)
// is 1. A line describing a machine names none.
func threadsNamed(t string) (n int, several bool) {
	if multiThreadRE.MatchString(t) {
		return 0, true // "Multi-Thread, 4 cores": more than one, and no count
	}
	if singleThreadRE.MatchString(t) {
		n = 1
	}
	for _, m := range threadCountRE.FindAllStringSubmatchIndex(t, -1) {
		var v string
		if m[2] >= 0 {
			v = t[m[2]:m[3]]
			if listedBefore(t[:m[2]]) {
				return 0, true // "1, 8, 16, 32, 64, 128 线程", "1/2/4 threads"
			}
		} else {
			v = t[m[6]:m[7]]
		}
		k, err := strconv.Atoi(v)
		if err != nil || k <= 0 {
			continue
		}
		if n != 0 && k != n {
			return 0, true
		}
		n = k
	}
	if ks, listed := countsT(t); len(ks) > 0 && !storageRE.MatchString(t) {
		if listed {
			return 0, true // "mem_bw2 1/2/4/8T"
		}
		for _, k := range ks {
			if n != 0 && k != n {
				return 0, true // "Sysbench CPU 1T/4T"
			}
			n = k
		}
	}
	if n != 0 && hardwareRE.MatchString(t) {
		return 0, false
	}
	return n, false
}

// storageRE marks a line about storage or sizes, where "2T" is two
// terabytes ("2T NVMe", "--file-total-size=1T"), not two threads.
var storageRE = regexp.MustCompile(`(?i)\b(?:nvme|ssd|hdd|disks?|raid|storage|tb|tib|drive)\b|total-size|block-size`)

// countsT returns the thread counts a line writes as a number and a T
// ("1T", "(8T, prime=20000)", "sysbench 8t prime-20K", "memory 8T",
// "1T/4T"): the number stands alone before the T, which ends its word.
// listed is set when a count ends a list of numbers ("1/2/4/8T").
func countsT(t string) (ks []int, listed bool) {
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c < '0' || c > '9' || i > 0 && !tBoundary(t[i-1], true) {
			continue
		}
		j := i
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j-i <= 4 && j < len(t) && t[j]|0x20 == 't' && (j+1 == len(t) || tBoundary(t[j+1], false)) {
			if k, err := strconv.Atoi(t[i:j]); err == nil && k > 0 {
				ks = append(ks, k)
				listed = listed || listedBefore(t[:i])
			}
		}
		i = j
	}
	return ks, listed
}

// tBoundary reports a byte that may stand before (before) or after a
// count written with a T: a space, a bracket or a separator.
func tBoundary(c byte, before bool) bool {
	switch c {
	case ' ', '\t', '(', '[', ',', '/', '|':
		return true
	case ')', ']', ':', ';', 'x', '*':
		return !before
	}
	return false
}

// takeContextTest gives a sysbench output that names no test, and took
// none from a command, the test of its context, when that test is one
// its output can have run: an OLTP script for SQL statistics, fileio
// for file operations, memory for a memory transfer, cpu, threads or
// mutex for events alone.
func (c *ctx) takeContextTest(r *Run) {
	if r.Test != "" || r.Tool != ToolSysbench && !r.record {
		return
	}
	test, at, from, note := c.contextTest(r.Line, r.ctxPath, outputFits(r))
	if test == "" {
		if note != "" {
			r.Warn(at, note)
		}
		return
	}
	r.Test = test
	r.LabelFrom = setFrom(r.LabelFrom, "test", from+" above the run")
	r.Warn(at, "test "+test+" taken from the text above the run, which names no test itself")
}

// outputFits returns whether a test can have printed r's output.
func outputFits(r *Run) func(string) bool {
	return func(t string) bool {
		ct, known := LookupTest(t)
		switch {
		case r.SQL != nil:
			return !known || ct.Rate == "tps"
		case r.FileIO != nil:
			return t == "fileio"
		case r.Memory != nil:
			return t == "memory"
		case !r.Complete && r.Layout == sysbench.LayoutG:
			// Only the Throughput block of sysbench 1.1 (events/s, time
			// elapsed, events), which every test prints: a paste cut to
			// it may be of any test.
			return true
		}
		return t == "cpu" || t == "threads" || t == "mutex"
	}
}

// memoryTestPhrase reports a line naming a memory test as such ("内存测试",
// "内存性能测试", "Memory Test", "Memory Performance Test"), as the VPS
// test scripts title their sysbench memory runs, or what it measures
// ("## Memory Bandwidth", "Memory Throughput"); "memory" alone names no
// test (a word of any text).
func memoryTestPhrase(s string) bool {
	if strings.Contains(s, "内存测试") || strings.Contains(s, "内存性能测试") || strings.Contains(s, "記憶體測試") {
		return true
	}
	if !containsFoldASCII(s, "memory") {
		return false // most lines: no copy made of them
	}
	w := strings.Fields(strings.ToLower(s))
	if t := strings.TrimSpace(s); strings.HasSuffix(t, ":") && len(w) == 2 && w[0] == "memory" && w[1] == "performance:" {
		return true // a summary's caption over its memory results ("Memory Performance:")
	}
	for i := 0; i+1 < len(w); i++ {
		if strings.Trim(w[i], "-*#:>") != "memory" {
			continue
		}
		next := strings.Trim(w[i+1], "-*#:,.()")
		if next == "test" || next == "benchmark" || next == "bandwidth" || next == "throughput" ||
			next == "performance" && i+2 < len(w) && strings.Trim(w[i+2], "-*#:,.()") == "test" {
			return true
		}
	}
	return false
}

// takeContextTest gives a table the test of its context when neither
// the headings of its own section, the command above it nor its columns
// name one, and marks a table in another tool's part of the text that
// names none (others).
func (b *summaryTable) takeContextTest(c *ctx) {
	defer func() {
		if b.test == "" && c.othersPart(b.header.No) {
			b.others, b.othersAt, b.othersTool = true, c.otherToolLine, c.otherTool
		}
	}()
	if b.test != "" || b.captioned {
		return
	}
	test, at, from, note := c.contextTest(b.header.No, c.mdPath(), b.fits)
	if test == "" && c.slapWordLine > 0 && c.slapWordLine < b.header.No && c.toolWordLine == 0 &&
		c.otherToolLine < c.slapWordLine && c.lastRunStart == 0 {
		// A text that names mysqlslap, never sysbench, and shows no
		// output: its tables' results are mysqlslap's ("以 mysqlslap 的
		// AVG_QPS 視為 RPS" over tables of RPS by threads).
		b.test, b.testFrom = "mysqlslap", "line "+strconv.Itoa(c.slapWordLine)+" above the table, which names mysqlslap (no line names sysbench)"
		return
	}
	if test == "" {
		b.ctxNote = note
		return
	}
	b.test = test
	b.testFrom = from + " above the table"
	if b.workload == "" {
		b.workloadLine = at
	}
}

// takeContextThreads gives a sysbench output that prints no thread
// count, and took none from a command, the thread count of its context.
func (c *ctx) takeContextThreads(r *Run) {
	if r.Threads != nil || r.Tool != ToolSysbench && !r.record {
		return
	}
	n, at, note := c.contextThreads(r.Line, r.ctxPath)
	if n == 0 {
		if note != "" {
			r.Warn(at, note)
		}
		return
	}
	r.Threads, r.ThreadsFrom = iptr(n), "context"
	r.Warn(at, strconv.Itoa(n)+" threads taken from line "+strconv.Itoa(at)+" above the run, which prints no thread count itself")
}

// takeDefaultThreads gives a sysbench output that prints no thread count
// (or a result stated in prose under its command),
// and took none from its command or its context, the one thread sysbench
// runs when its command sets none (--threads, --num-threads: 1 by
// default in every version), when the whole run command is shown: no
// elided part, no variable or config file that could set it elsewhere.
func takeDefaultThreads(r *Run) {
	if r.Threads != nil || r.Tool != ToolSysbench && r.Layout != LayoutP || r.Command == "" ||
		strings.Contains(r.Command, "...") || strings.ContainsAny(r.Command, "$…<>`") {
		return
	}
	cmd := ParseCommand(r.Command)
	if cmd.Tool != "sysbench" || cmd.Action != "run" || cmd.Labels["threads"] != "" {
		return
	}
	if _, ok := cmd.Opts["config-file"]; ok {
		return
	}
	r.Threads, r.ThreadsFrom = iptr(1), "default"
	r.LabelFrom = setFrom(r.LabelFrom, "threads", "sysbench's default: its command sets no thread count")
}

// rowThreads returns the thread count a row's cells that are no
// measurement name ("`thread 100`" under "구분"), when they name exactly
// one; 0 otherwise.
func (b *summaryTable) rowThreads(cells []string) int {
	return cellThreads(cells, func(j int) bool {
		i := j
		if b.width > 0 {
			i = b.colIdx[j]
		}
		return i >= 0 && i < len(b.cols) && b.cols[i].kind == colLabel
	})
}

// cellThreads returns the thread count the cells of a row for which
// dim is true name, when they name exactly one; 0 otherwise.
func cellThreads(cells []string, dim func(int) bool) int {
	n := 0
	for j, cell := range cells {
		if !dim(j) {
			continue
		}
		v, several := threadsNamed(strings.Trim(cell, "*` "))
		if several || v > 0 && n > 0 && v != n {
			return 0
		}
		if v > 0 {
			n = v
		}
	}
	return n
}

// listedBefore reports whether the text before a count ends a list of
// numbers it closes: a digit, then a separator (",", "/", "-", "~", "、",
// "and", "or", "to", "和", "或", "到"), then spaces.
func listedBefore(p string) bool {
	p = strings.TrimRight(p, " ")
	for _, sep := range []string{",", "/", "-", "~", "、", "，", " and", " or", " to", "和", "或", "到"} {
		if q, ok := strings.CutSuffix(p, sep); ok {
			q = strings.TrimRight(q, " ")
			return q != "" && q[len(q)-1] >= '0' && q[len(q)-1] <= '9'
		}
	}
	return false
}

// fits reports whether a table's columns can hold what a test measures:
// cpu, threads or mutex no table of transactions, queries or MiB/s;
// memory one of transfer rates alone (memoryColumns); fileio none (its
// figures have columns of their own).
func (b *summaryTable) fits(t string) bool {
	ct, known := LookupTest(t)
	if !known || ct.Family != FamilyBuiltin {
		return true
	}
	if t == "memory" {
		return b.memoryColumns()
	}
	if t == "fileio" {
		return false
	}
	for i := range b.cols {
		switch b.cols[i].kind {
		case colTPS, colQPS, colMiBs:
			return false
		}
	}
	return true
}

// noteLabelled keeps a run command with a thread count under the label
// line right above it (a comment or a short line no block claimed).
func (c *ctx) noteLabelled(cmd *Command, line int) {
	n, err := atoiStrict(cmd.Labels["threads"])
	if err != nil || n <= 0 || cmd.Test == "" {
		return
	}
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if h.No >= line {
			continue
		}
		if line-h.No > 2 {
			return
		}
		key := labelKey(strings.TrimLeft(strings.TrimSpace(h.Text), "#/-* "))
		if key == "" {
			return
		}
		c.rc.labelled = append(c.rc.labelled, labelCmd{key, cmd.Test, n})
		if len(c.rc.labelled) > maxLabelled {
			c.rc.labelled = c.rc.labelled[1:]
		}
		return
	}
}

// labelWords are the words a label or a column header shares with any
// other of its kind: what remains names the setting ("单核性能" and
// "单核 CPU speed" are both 单核, single core).
var labelWords = []string{"cpu", "speed", "性能", "performance", "perf", "test", "测试", "events", "per", "second",
	"sec", "eps", "events/s", "events/sec", "sysbench", "结果", "result", "results", "run", "bench", "benchmark"}

// labelKey returns the words of a label or header that name its setting,
// lower-cased and joined by one space; "" for more than 24 runes or
// nothing left.
func labelKey(t string) string {
	t = strings.ToLower(t)
	if utf8.RuneCountInString(t) > 24 {
		return ""
	}
	for _, w := range labelWords {
		if w[0] >= 0x80 {
			t = strings.ReplaceAll(t, w, " ")
		}
	}
	var kept []string
	for _, f := range strings.FieldsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || r == '(' || r == ')' || r == ':' }) {
		if !slices.Contains(labelWords, f) {
			kept = append(kept, f)
		}
	}
	return strings.Join(kept, " ")
}

// labelThreads returns the thread count of the one run command of test
// shown under a label naming what header names ("单核 CPU speed" and the
// command under "# 单核性能"), 0 when none or several differ.
func (c *ctx) labelThreads(header, test string) int {
	key := labelKey(header)
	if key == "" {
		return 0
	}
	n := 0
	for _, l := range c.rc.labelled {
		if l.key != key || test != "" && l.test != test {
			continue
		}
		if n != 0 && l.threads != n {
			return 0
		}
		n = l.threads
	}
	return n
}
