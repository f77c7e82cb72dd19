package parse

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Results stated in a sentence or a list item, as a reader reports them
// when no output is pasted:
//
//	- i7 3770k (WSL2): 7547 e/s
//	Proxmox VE produced 1,716.69 events/sec
//	threads 4: 1208.10 events/s
//
// A number is a result only when it carries a throughput unit
// (resultunits.go: events, transactions or queries per second, a MiB/s
// transfer rate) and is bound to a subject: the words before a colon that
// it follows ("<subject>: <n> <unit>"), or before a verb that it follows
// ("<subject> gets <n> <unit>"); a pronoun subject ("I got 8669 e/s on
// m1") is replaced by the place the sentence names after "on". Ratios
// ("1,400x", "99% scaling") and option values ("--cpu-max-prime=10000")
// carry no such unit and are not results. A subject that is a thread
// count ("threads 4", "8 threads") gives the run its threads; any other
// subject, unless it only names what was measured ("Result:",
// "Throughput:"), labels the run as a heading does, so that two subjects
// are two systems. The test and threads are those of the sysbench command
// shown above (within headingReach lines), else the test the prose names;
// what the sentence does not give stays missing. Each result is one Run
// with Tool ToolTable and Layout LayoutP, at its line.

// A proseResult is one number with its unit and subject, as a line
// states it.
type proseResult struct {
	subject  string
	threads  int
	value    float64
	tol      float64 // half a unit of the last digit written: "2103" restates 2103.44
	unit     resultUnit
	labelled bool // the unit named before the number ("QPS: 12765")
	// respective: one of a list of results after "分别为" (respectively),
	// in the sentence starting at byte sentence of the line
	respective bool
	sentence   int
}

// proseBlock holds the results of one line.
type proseBlock struct {
	line    Line
	results []proseResult
	test    string
	threads int
	from    string   // where threads came from: "command" or "context"
	cmd     *Command // the sysbench command that gave them, nil when none
	cmdLine int
	last    int // the last line read: a list of conclusions may go on below
}

// detectProse reads a line no other detector claimed for results stated
// in prose.
func detectProse(l *Line, c *ctx) block {
	if l.Cmd != nil || l.Prompt != "" || len(l.Text) < 5 || len(l.Text) > 400 && utf8.RuneCountInString(l.Text) > 400 {
		return nil
	}
	if !c.sysbenchNear(l) {
		return nil
	}
	rs := proseResults(l.Text, c.carriedClause(l))
	if len(rs) == 0 {
		return nil
	}
	c.proseNo, c.proseText = l.No, l.Text
	b := &proseBlock{line: *l, results: rs, last: l.No}
	b.context(c)
	if t := namedTest(l.Text); t != "" && b.cmdLine == 0 {
		b.test = t // "How can sysbench fileio throughput be only 6.92MiB/s"
	} else if t := leadingTest(l.Text); t != "" {
		b.test = t // "oltp_delete:           tps:  367635": the line's own test
	}
	if b.test == "" && b.databaseRates() && containsFoldASCII(l.Text, "sysbench") {
		b.test = HeadingTest(l.Text) // "i have made a read only test by sysbench, the tps is 700 per sec"
	}
	if b.test == "" && !containsFoldASCII(l.Text, "sysbench") {
		// A rate named as a label ("qps = 5779") says what it measures
		// but not of what: with no test the text gives, nor the tool
		// named in the line, it is no result a reader could place.
		kept := rs[:0]
		for _, pr := range rs {
			if !pr.labelled {
				kept = append(kept, pr)
			}
		}
		if b.results = kept; len(kept) == 0 {
			return nil
		}
	}
	c.noteTestWord(l)
	if namedTest(l.Text) != "" {
		// "QPS regression in benchmark sysbench (oltp_point_select)
		// compared to baseline 191277.98" over a table of the runs: the
		// test the sentence names is context for the blocks below it too.
		c.remember(l)
	}
	return b
}

// feed looks at the line after the result: a sysbench command there,
// when none was shown above, is the one the sentence ran ("run this
// command on my PC and got a result 47634.81 MiB/sec" over the command).
// The line is not the block's either way.
func (b *proseBlock) feed(l *Line) status {
	if cmd := l.Cmd; cmd != nil && cmd.Tool == ToolSysbench && b.cmdLine == 0 && l.No == b.line.No+1 {
		b.take(cmd, l.No)
		return rejected
	}
	// The next conclusion of a list, naming another rate of the same
	// run: "1) … QPS: 12765;" over "2) … TPS: 911".
	if l.No == b.last+1 && l.Cmd == nil && l.Prompt == "" && len(l.Text) <= 400 && b.oneRun() {
		if rs := proseResults(l.Text, ""); len(rs) > 0 {
			more := &proseBlock{results: append(append([]proseResult{}, b.results...), rs...)}
			if more.oneRun() {
				b.results, b.last = more.results, l.No
				return consumed
			}
		}
	}
	return rejected
}

// databaseRates reports whether every result is in transactions or
// queries per second: the rates of the database tests a section title
// may name in words ("读写", "read-only").
func (b *proseBlock) databaseRates() bool {
	for _, pr := range b.results {
		if pr.unit.metric != unitTPS && pr.unit.metric != unitQPS {
			return false
		}
	}
	return len(b.results) > 0
}

// oneRun reports whether the block's results are rates of one run: no
// subject or thread count of their own, each a different measure.
func (b *proseBlock) oneRun() bool {
	seen := map[string]bool{}
	for _, pr := range b.results {
		if pr.subject != "" || pr.threads != 0 || seen[pr.unit.metric] {
			return false
		}
		seen[pr.unit.metric] = true
	}
	return true
}

// take gives the block the test and threads of cmd.
func (b *proseBlock) take(cmd *Command, line int) {
	b.test, b.threads, b.cmd, b.cmdLine = "", 0, cmd, line
	if cmd.Test != "" && cmd.Test != "oltp_common" {
		b.test = cmd.Test
	}
	if n, err := atoiStrict(cmd.Labels["threads"]); err == nil && n > 0 {
		b.threads, b.from = n, "command"
	}
}

// sysbenchNear reports whether the text around l is about sysbench: a
// sysbench command, a run, or a line naming sysbench or one of its tests
// within headingReach lines above (or l itself). A rate in a text about
// something else ("Event ingestion: 10,000 events/sec" in a design note)
// is no result of sysbench.
func (c *ctx) sysbenchNear(l *Line) bool {
	near := func(at int) bool { return at > 0 && l.No-at <= headingReach }
	last := max(c.toolWordLine, c.lastRunStart) // what last named or ran sysbench
	if cmd := c.command; cmd != nil && cmd.Tool == ToolSysbench {
		last = max(last, c.cmdLine)
		if near(c.cmdLine) && c.otherToolLine < c.cmdLine {
			return true
		}
	}
	// A line naming another benchmark tool after that starts the tool's
	// part of the text (a harness log of several tools, a review that
	// goes on to the disk's fio or dd figures): a test's word there
	// ("CPU Model : …") says nothing of sysbench.
	if c.otherToolLine <= last && (c.testWord != "" && near(c.testWordLine) || near(c.lastRunStart) || near(c.toolWordLine)) {
		return true
	}
	return containsFoldASCII(l.Text, "sysbench") || leadingTest(l.Text) != ""
}

// othersPart reports whether line at lies in another benchmark tool's
// part of the text: a line naming that tool (otherToolIn), within
// headingReach lines above, comes after every line that named or ran
// sysbench. A table there ("### 顺序写 (fio, 1M blocks, …)" over
// runtimes and MB/s, then a network table under a heading naming no
// tool) holds that tool's figures, in sysbench's units.
func (c *ctx) othersPart(at int) bool {
	last := max(c.toolWordLine, c.lastRunStart)
	if cmd := c.command; cmd != nil && cmd.Tool == ToolSysbench {
		last = max(last, c.cmdLine)
	}
	return c.otherToolLine > last && at-c.otherToolLine <= headingReach
}

// othersRow reports a row of a table in another tool's part of the
// text (summaryTable.others) that names no sysbench test: not read, the
// table reported once, at its first such row, as another tool's.
func (b *summaryTable) othersRow(c *ctx, r *Run) bool {
	if !b.others || r.Test != "" {
		return false
	}
	if !b.othersSaid {
		b.othersSaid = true
		c.add(&Error{Source: c.name, Line: r.Line, Message: fmt.Sprintf(
			"table (%s) not read as sysbench's: line %d above names %s, another benchmark tool, and the table names no sysbench test (its results; expected a heading, row or column naming sysbench or its tests)",
			columnNames(r), b.othersAt, b.othersTool)})
	}
	return true
}

// leadingTest returns the sysbench test a line begins with when the name
// is sysbench's own (oltp_delete, select_random_points: not cpu or
// memory, words of any text), as a harness prints one result a line
// ("oltp_delete:           tps:  367635"); "" otherwise.
func leadingTest(s string) string {
	s = strings.TrimLeft(s, " \t*-+`|")
	end := strings.IndexAny(s, " \t:`*|")
	if end <= 0 || strings.IndexByte(s[:end], '_') < 0 {
		return ""
	}
	if t, ok := LookupTest(strings.ToLower(s[:end])); ok && t.Family != FamilyBuiltin {
		return t.Name
	}
	return ""
}

// namedTest returns the test a line names right after the word sysbench
// ("sysbench fileio", "sysbench oltp_read_write", "(sysbench memory, 1M
// blocks)"), "" when none.
func namedTest(s string) string {
	w := strings.Fields(strings.ToLower(s))
	for i := 0; i+1 < len(w); i++ {
		if strings.Trim(w[i], "`*\"'([") != "sysbench" {
			continue
		}
		t := strings.Trim(w[i+1], "`*\"',.:;()")
		if _, known := sysbenchTests[t]; known {
			return t
		}
	}
	return ""
}

// noteToolWord remembers the last line naming sysbench (or one of its
// tests by its own name), mysqlslap, or another benchmark tool.
func (c *ctx) noteToolWord(l *Line) {
	if containsFoldASCII(l.Text, "mysqlslap") {
		c.slapWordLine = l.No
	}
	if containsFoldASCII(l.Text, "sysbench") {
		c.toolWordLine, c.toolWordTest = l.No, namedTest(l.Text)
		if c.toolWordTest == "" {
			c.toolWordTest = HeadingTest(l.Text) // "a huge decrease of sysbench read_only qps"
		}
		return
	}
	if t := c.otherToolOf(l); t != "" {
		c.otherToolLine, c.otherTool = l.No, t
	}
	if t := ownTestNamed(l.Text); t != "" {
		// "experiments on testname:oltp_read_only, testing the mysql db":
		// a test named by sysbench's own name says as much as the word.
		c.toolWordLine, c.toolWordTest = l.No, t
	}
}

// otherTools are benchmark tools other than sysbench and mysqlslap whose
// results a text reports in the same units (MB/s, IOPS, operations per
// second): disk, network, memory and whole-system benchmarks, and the
// scripts that run them (nench, yabs, SuperBench.sh; bench.sh,
// otherToolIn).
var otherTools = []string{"fio", "dd", "hdparm", "ioping", "iozone", "bonnie++", "iperf", "iperf3", "speedtest",
	"geekbench", "7-zip", "7zip", "p7zip", "stress-ng", "mbw", "unixbench", "pgbench", "tinymembench", "nench", "yabs", "superbench",
	"swingbench", "hammerdb", "benchbase", "ycsb", "go-tpc", "coremark"}

// otherToolIn returns the one of otherTools s names as a word of its
// own ("FIO", "Running DD WRITE test", "hdparm -t", "nench.sh"), not
// inside another ("add", "streaming"), or teddysun's bench.sh ("A
// Bench.sh Script By Teddysun", not "iobench.sh"), as s spells it; ""
// when none.
func otherToolIn(s string) string {
	if containsFoldASCII(s, "bench.sh") {
		for i := 0; i+len("bench.sh") <= len(s); i++ {
			// bench.sh as a name of its own, not the end of another
			// ("iobench.sh", a fileio harness's).
			if strings.EqualFold(s[i:i+len("bench.sh")], "bench.sh") && (i == 0 || !toolWordAt(s, i-1)) {
				return s[i : i+len("bench.sh")]
			}
		}
	}
	// Every line of prose passes here: its words are compared where
	// they stand, with no lower-cased copy.
	for i := 0; i < len(s); {
		for i < len(s) && !toolWordAt(s, i) {
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
		}
		j := i
		for j < len(s) && toolWordAt(s, j) {
			_, n := utf8.DecodeRuneInString(s[j:])
			j += n
		}
		w := strings.Trim(s[i:j], "-")
		for _, t := range otherTools {
			if len(w) == len(t) && strings.EqualFold(w, t) {
				return w
			}
		}
		i = j
	}
	return ""
}

// otherToolOf is otherToolIn of l's text, scanned once a line: the
// context of a line (noteContextLine) and its tool words (noteToolWord)
// both ask.
func (c *ctx) otherToolOf(l *Line) string {
	if c.toolOfNo != l.No {
		c.toolOfNo, c.toolOf = l.No, otherToolIn(l.Text)
	}
	return c.toolOf
}

// toolWordAt reports whether the rune at s[i] belongs to a word of a
// tool's name: a letter, a digit, '-' or '+' ("stress-ng", "bonnie++").
func toolWordAt(s string, i int) bool {
	if c := s[i]; c < utf8.RuneSelf {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+'
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// context takes the test and threads of the sysbench command above the
// line, else those the line's context names (runcontext.go) below the
// last output read: "## 1. Anatomia da CPU" over the list of results,
// "2. run sysbench select_random_points", "Sysbench CPU (Single Thread,
// 10s)".
func (b *proseBlock) context(c *ctx) {
	if cmd := c.command; cmd != nil && cmd.Tool == ToolSysbench && b.line.No-c.cmdLine <= headingReach {
		b.take(cmd, c.cmdLine)
		return
	}
	// Context above the last output read is that output's: prose after
	// it speaks of it ("The TPS is only about 2,800"). A plain line
	// naming a test by a word ("[sysbench oltp]") does not name the test
	// of a sentence's figures.
	path := c.mdPath()
	if t, at, _, _ := c.contextTestOf(b.line.No, path, nil, strongMention); at > c.lastRunStart {
		b.test = t
	}
	if n, at, _ := c.contextThreads(b.line.No, path); at > c.lastRunStart {
		b.threads, b.from = n, "context"
	}
}

func (b *proseBlock) end(c *ctx) {
	if b.restates(c) {
		return
	}
	var merged *Run // the run of rates that are one run's (oneRun)
	for k, pr := range b.results {
		test := b.test
		if !unitFits(pr.unit.metric, test) {
			test = "" // "CPU L3 cache" above a MiB/s figure: not the cpu test's result
		}
		r := &Run{reading: &reading{}, Source: c.name, Line: b.line.No, EndLine: b.last, Tool: ToolTable, Layout: LayoutP,
			Complete: true, Test: test}
		if len(b.results) > 1 && b.oneRun() {
			if merged != nil {
				r = merged
			}
			merged = r
		}
		if b.cmd != nil {
			r.Command = b.cmd.Masked()
		}
		switch n := subjectThreads(pr.subject); {
		case pr.threads > 0:
			r.Threads, r.ThreadsFrom = iptr(pr.threads), "table"
		case n > 0:
			// "单线程读测试: 72883.15 MB/s": the subject's thread count.
			r.Threads, r.ThreadsFrom = iptr(n), "table"
		case b.threads > 0:
			r.Threads, r.ThreadsFrom = iptr(b.threads), b.from
		}
		v := pr.value * pr.unit.scale
		switch pr.unit.metric {
		case unitEPS:
			r.EPS = fptr(v)
		case unitTPS:
			r.TPS = fptr(v)
		case unitQPS:
			r.QPS = fptr(v)
		case unitMiBs:
			switch test {
			case "memory":
				r.Memory = &Memory{TransferMiBs: fptr(v)}
				if op := memoryOperOf(pr.subject); op != "" {
					// "单线程读测试" (single-thread read test): the
					// operation the subject names.
					r.Settings = setFrom(r.Settings, "memory-oper", op)
					r.LabelFrom = setFrom(r.LabelFrom, "memory-oper", "line "+strconv.Itoa(b.line.No))
				}
				if mode := memoryAccessOf(pr.subject); mode != "" {
					// "random read", "单线程顺序写速度" (sequential write)
					r.Settings = setFrom(r.Settings, "memory-access-mode", mode)
					r.LabelFrom = setFrom(r.LabelFrom, "memory-access-mode", "line "+strconv.Itoa(b.line.No))
				}
			case "fileio":
				// "Host: 1,8424 MB/sec" under a fileio command: the
				// run's transfer rate, 0.4's "Total transferred (X/sec)".
				r.FileIO = &FileIO{TotalMiBs: fptr(v)}
			default:
				r.Metrics = append(r.Metrics, Metric{Name: "transfer", Unit: "MiB/s", Value: v})
			}
		}
		if pr.subject != "" {
			r.SetLabelFrom("heading", pr.subject, "line "+strconv.Itoa(b.line.No))
		} else if merged == nil || k == len(b.results)-1 {
			c.keepBareApart(r, b)
		}
		if merged != nil && k < len(b.results)-1 {
			continue // the run's other rates follow
		}
		r.Warn(b.line.No, "a result stated in prose: what the sentence does not give is missing")
		c.emitRun(r)
	}
}

// carriedClause returns the end of the sentence the line above left
// open, for a paragraph wrapped inside a subject ("…, while VMware" over
// "Workstation produced 1,364.78 events/sec"): the words after its last
// punctuation, "" when it ended a sentence or is not the line right above.
func (c *ctx) carriedClause(l *Line) string {
	if isListItem(l.Text) {
		return "" // a list item starts a clause of its own
	}
	prev := ""
	switch {
	case c.proseNo == l.No-1 && c.proseNo > 0:
		prev = c.proseText
	case len(c.headings) > 0 && c.headings[len(c.headings)-1].No == l.No-1:
		prev = c.headings[len(c.headings)-1].Text
	}
	if isListItem(prev) || bannerLine(prev) {
		return ""
	}
	if strings.Contains(prev, "sysbench") && commandIn(strings.TrimSpace(prev)) != nil {
		return "" // a command ("$ sysbench --test=memory … run") opens no clause
	}
	prev = strings.TrimSpace(strings.NewReplacer("**", "", "__", "", "`", "").Replace(prev))
	if prev == "" || strings.ContainsAny(prev[len(prev)-1:], ".!?:;") {
		return ""
	}
	// The clause begins after the last punctuation that is no decimal
	// point or thousands separator ("72883.15 MB/s": not "15 MB/s").
	for i := len(prev); ; {
		i = strings.LastIndexAny(prev[:i], ".,;:!?)")
		if i < 0 {
			break
		}
		if (prev[i] == '.' || prev[i] == ',') && i > 0 && i+1 < len(prev) && isDigit(prev[i-1]) && isDigit(prev[i+1]) {
			continue
		}
		prev = prev[i+1:]
		break
	}
	// A line ending in a result ("单线程读测试:\t\t72883.15 MB/s")
	// closed its clause: the line below begins one of its own.
	for i := 0; i < len(prev); {
		_, end, _, ok := scanNumber(prev, i)
		if !ok {
			break
		}
		if _, _, ok := proseUnit(prev, end); ok {
			return ""
		}
		i = end
	}
	return strings.TrimSpace(prev)
}

// bannerLine reports a title between runs of dashes or equals signs, as
// test scripts print one over each part ("-----内存测试-通过sysbench测试-----",
// "=== FINAL RESULTS ==="): it opens no clause for the line below.
func bannerLine(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "---") || strings.HasPrefix(s, "===")
}

// proseResults returns the results a line states, in order; carry is the
// start of a clause the line above left open (carriedClause).
func proseResults(text, carry string) []proseResult {
	s := strings.TrimSpace(stripListMarker(text))
	item := isListItem(text)
	s = strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
	s = unlink(s)
	var out []proseResult
	last := 0 // where the last result ended: a subject is bound after it
	prevVerb, prevSentence := "", -1
	for i := 0; i < len(s); {
		start, end, v, ok := scanNumber(s, i)
		if !ok {
			break
		}
		i = end
		u, after, ok := proseUnit(s, end)
		if !ok && prevVerb != "" && sentenceStart(s, start) == prevSentence && verbBefore(s[last:start]) == prevVerb &&
			endsClause(s[end:]) && !ratioOrBound(s[end:]) {
			// "I get ~10k events per second on cores 0+2+4+6, but on
			// cores 8-11 I get ~13k.": the same verb in the same
			// sentence, the unit of the result before it elided.
			u, after, ok = out[len(out)-1].unit, end, true
		}
		if !ok {
			// A count per second in words: "每秒约 2300 次事务".
			if cu, after, ok := perSecondCount(s, last, start, end); ok {
				i, last = after, after
				out = append(out, proseResult{value: v, unit: cu, tol: writtenTolerance(s[start:end])})
				continue
			}
			// The unit named before the number, as a label: "QPS: 12765",
			// "the eps is about 2100", "MariaDB TPS = 911"; or named earlier
			// in the sentence, the number a reference it is compared to
			// ("QPS regression … compared to baseline 191277.98").
			if pair, ok := changedResults(s, last, start); ok {
				i, last = pair.end, pair.end
				out = append(out, pair.results...)
				continue
			}
			if pair, ok := arrowedResults(s, start, end); ok {
				i, last = pair.end, pair.end
				out = append(out, pair.results...)
				continue
			}
			lu, subject, ok := labelledResult(s, last, start, end, item)
			if !ok {
				lu, subject, ok = comparedResult(s, last, start, end)
			}
			if ok {
				i, last = end, end
				pr := proseResult{value: v, unit: lu, labelled: true, tol: writtenTolerance(s[start:end])}
				if n, ok := threadsSubject(subject); ok {
					pr.threads = n
				} else if !genericSubject(subject) {
					pr.subject = subject
				}
				out = append(out, pr)
			}
			continue
		}
		if strings.Count(s[:start], "(") > strings.Count(s[:start], ")") {
			continue // "NVMe disk (read: 3600 MB/s, ...)": a figure annotating the words before it
		}
		before := s[last:start]
		if last == 0 && carry != "" {
			before = carry + " " + before
		}
		subject, ok := boundSubject(before, s[after:])
		if !ok {
			// "吞吐量分别为 172,781 QPS 和 155,387 QPS": a list of results
			// after a word saying they are, in order, of the things named.
			if subject, ok = respectiveSubject(s, last, start, len(out) > 0 && out[len(out)-1].respective); !ok {
				continue
			}
		}
		i, last = after, after
		pr := proseResult{value: v, unit: u, respective: strings.HasSuffix(subject, " ("), tol: writtenTolerance(s[start:end])}
		if pr.respective {
			n := 1
			for k := len(out) - 1; k >= 0 && out[k].respective && out[k].sentence == sentenceStart(s, start); k-- {
				n++
			}
			subject += string(rune('a'+(n-1)%26)) + ")"
			pr.sentence = sentenceStart(s, start)
		}
		if n, ok := threadsSubject(subject); ok {
			pr.threads = n
		} else if !genericSubject(subject) {
			pr.subject = subject
		}
		if pr.threads == 0 {
			pr.threads = sentenceThreads(s, start) // "with 4 threads I get ~10k events per second"
		}
		if prevVerb = verbBefore(s[:start]); prevVerb != "" {
			prevSentence = sentenceStart(s, start)
		}
		out = append(out, pr)
	}
	return out
}

// isListItem reports a line that starts with a list marker.
func isListItem(s string) bool { return stripListMarker(s) != strings.TrimLeft(s, " \t") }

// stripListMarker removes a list marker ("- ", "* ", "+ ", "1. ", "2) ").
func stripListMarker(s string) string {
	t := strings.TrimLeft(s, " \t")
	if len(t) > 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' {
		return t[2:]
	}
	if strings.HasPrefix(t, "• ") {
		return t[len("• "):]
	}
	j := 0
	for j < len(t) && j < 3 && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j > 0 && j+1 < len(t) && (t[j] == '.' || t[j] == ')') && t[j+1] == ' ' {
		return t[j+2:]
	}
	return t
}

// scanNumber finds the next number at or after i that stands as a word:
// digits with an optional decimal part and comma thousands (groups of
// three), not glued to a letter, digit, '.', '-', '=', '/' or ':' before
// it (a version, a range, an option value, a ratio "1:2"); a letter of a
// script written without spaces ends the word before it ("QPS为51594.39").
// A count suffix k or M glued to it multiplies it ("133k qps").
func scanNumber(s string, i int) (start, end int, v float64, ok bool) {
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		if i > 0 {
			p, _ := utf8.DecodeLastRuneInString(s[:i])
			if unicode.IsLetter(p) && !spacelessScript(p) || unicode.IsDigit(p) || strings.ContainsRune(".-=/:_#$<>≤≥", p) {
				for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == ',') {
					i++
				}
				i--
				continue
			}
		}
		start = i
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j-start <= 3 {
			for j+3 < len(s)+0 && s[j] == ',' && threeDigitsAt(s, j+1) {
				j += 4
			}
		}
		decimalComma := false
		if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
			j++
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
		} else if k := decimalCommaEnd(s, start, j); k > j {
			j, decimalComma = k, true
		}
		num := strings.ReplaceAll(s[start:j], ",", "")
		if decimalComma {
			num = strings.Replace(s[start:j], ",", ".", 1)
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil {
			i = j
			continue
		}
		if j < len(s) && (s[j] == '.' || s[j] == ',') && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' {
			i = j // "1.2.3", "12,34": not one number
			continue
		}
		if j < len(s) && (s[j] == 'k' || s[j] == 'K' || s[j] == 'M') && (j+1 == len(s) || !isWordChar(s[j+1])) {
			if s[j] == 'M' {
				f *= 1e6
			} else {
				f *= 1e3
			}
			j++
		}
		return start, j, f, true
	}
	return 0, 0, 0, false
}

// decimalCommaEnd returns the end of a number written with a decimal
// comma whose integer part is s[start:j] ("35,3049 sec", "1,8424
// MB/sec"): a comma right after the digits, then one or two digits, or
// four or more, which no comma thousands can be, and no further comma or
// point with a digit. It returns j when there is none ("9,938" is
// thousands, "1,2,4" a list).
func decimalCommaEnd(s string, start, j int) int {
	if j >= len(s) || s[j] != ',' || strings.ContainsRune(s[start:j], ',') ||
		start >= 2 && s[start-1] == ',' && s[start-2] >= '0' && s[start-2] <= '9' {
		return j // thousands, or a number of a list ("1,2,4")
	}
	k := j + 1
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if n := k - j - 1; n == 0 || n == 3 {
		return j
	}
	if k+1 < len(s) && (s[k] == ',' || s[k] == '.') && s[k+1] >= '0' && s[k+1] <= '9' {
		return j
	}
	return k
}

// threeDigitsAt reports three digits at s[i:], not followed by a fourth.
func threeDigitsAt(s string, i int) bool {
	if i+3 > len(s) {
		return false
	}
	for k := i; k < i+3; k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return i+3 == len(s) || s[i+3] < '0' || s[i+3] > '9'
}

// proseUnit reads a result unit at s[i:], after optional spaces: it must
// end as a word does. after is where the unit ends.
func proseUnit(s string, i int) (u resultUnit, after int, ok bool) {
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	best := -1
	for k, ru := range resultUnits {
		n := len(ru.spelling)
		if j+n > len(s) || !strings.EqualFold(s[j:j+n], ru.spelling) || ru.exact && s[j:j+n] != ru.spelling {
			continue
		}
		if j+n < len(s) && (isWordChar(s[j+n]) || s[j+n] == '/') {
			continue
		}
		if best < 0 || n > len(resultUnits[best].spelling) {
			best = k
		}
	}
	if best < 0 {
		return resultUnit{}, 0, false
	}
	after = j + len(resultUnits[best].spelling)
	if rest := strings.TrimLeft(s[after:], " \t"); strings.HasPrefix(rest, ":") {
		return resultUnit{}, 0, false // "thds: 8 eps: 7410.46": a label, not a unit
	}
	return resultUnits[best], after, true
}

// boundSubject returns the subject a number is bound to, given the text
// before it and after its unit: "<subject>: " right before the number
// (after optional fillers), or "<subject> <verb> " with fillers between
// the verb and the number. ok is false for a number bound to nothing (a
// figure in a sentence about something else).
func boundSubject(before, after string) (string, bool) {
	b := strings.TrimRight(before, " \t")
	// The colon form: the subject is the clause before the colon, a few
	// words ("m1 pro: 26,021,936 e/s", "…, MySQL 8.0: 1,234 tps").
	if strings.HasSuffix(b, ":") || strings.HasSuffix(b, "：") || strings.HasSuffix(b, " =") {
		subj := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(b, ":"), "："), "="))
		if i := strings.LastIndexAny(subj, ",;|"); i >= 0 {
			subj = strings.TrimSpace(subj[i+1:])
		}
		if w := strings.Fields(subj); len(w) > 1 && isConjunction(w[0]) || len(w) > 1 && strings.EqualFold(w[0], "vs") {
			subj = strings.Join(w[1:], " ")
		}
		if subjectWords(subj) {
			return cleanSubject(subj), true
		}
		return "", false
	}
	// The verb form: the clause before the number ends in a verb,
	// fillers allowed between them.
	words := strings.Fields(b)
	k := len(words)
	for k > 0 && (resultFillers[strings.ToLower(words[k-1])] || rateWord(words[k-1])) {
		k-- // "got the QPS result 133k QPS"
	}
	if k == 0 || !resultVerbs[strings.ToLower(strings.Trim(words[k-1], ",;"))] {
		return "", false
	}
	clause := words[:k-1]
	for i := len(clause) - 1; i >= 0; i-- {
		if w := clause[i]; strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ".") {
			clause = clause[i+1:]
			break
		}
	}
	elided := false
	for len(clause) > 0 && isConjunction(clause[len(clause)-1]) {
		clause, elided = clause[:len(clause)-1], true
	}
	for len(clause) > 0 && isConjunction(clause[0]) {
		clause, elided = clause[1:], true
	}
	if len(clause) == 0 {
		// "I ran … on 1 PC. and got 133k QPS": the subject of the
		// sentence before, a result of no named system.
		return "", elided && words[k-1] != "is" && words[k-1] != "was"
	}
	if len(clause) == 1 && backReferences[strings.ToLower(clause[0])] {
		return "", false // "That is 1860 QPS": a figure derived from a result shown above
	}
	if len(clause) == 1 && pronouns[strings.ToLower(clause[0])] {
		if p := placeAfter(after); p != "" {
			return p, true
		}
		return "", true // a result of no named system
	}
	// "run this command on my PC and got ...": the place the clause names.
	for i := len(clause) - 2; i >= 0; i-- {
		if placeWords[strings.ToLower(clause[i])] {
			return cleanSubject(strings.Join(clause[i+1:], " ")), true
		}
	}
	subj := strings.Join(clause, " ")
	if !subjectWords(subj) {
		return "", false
	}
	return cleanSubject(subj), true
}

func isConjunction(w string) bool {
	switch strings.ToLower(w) {
	case "and", "but", "then", "so", "while", "whereas":
		return true
	}
	return false
}

// placeAfter returns the words after "on" that follow a result, up to the
// end of the clause: "on Ubuntu in Parallels on m1." → "Ubuntu in
// Parallels on m1".
func placeAfter(after string) string {
	words := strings.Fields(after)
	for i, w := range words {
		if !placeWords[strings.ToLower(w)] {
			if i > 0 {
				return ""
			}
			continue
		}
		var out []string
		for _, x := range words[i+1:] {
			end := strings.IndexAny(x, ".,;!?")
			if end >= 0 {
				if x = x[:end]; x != "" {
					out = append(out, x)
				}
				break
			}
			out = append(out, x)
			if len(out) == 6 {
				break
			}
		}
		return cleanSubject(strings.Join(out, " "))
	}
	return ""
}

// subjectWords reports a subject of one to eight words holding a letter.
func subjectWords(s string) bool {
	n := len(strings.Fields(s))
	if n == 0 || n > 8 {
		return false
	}
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// cleanSubject is a result's subject without emphasis and quotes, and
// without the padding and status marks a script's aligned summary puts
// before the colon ("Single-Thread        [✓]:  1500.57 events/sec").
func cleanSubject(s string) string {
	for _, m := range statusMarks {
		s = strings.ReplaceAll(s, m, " ")
	}
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimSpace(strings.Trim(s, "*_\"'"))
}

// statusMarks are the check marks a script's summary prints beside a
// result.
var statusMarks = []string{"[✓]", "[✔]", "[√]", "[ok]", "[OK]", "[x]", "[X]", "[+]", "✓", "✔", "✅"}

// subjectThreads returns the thread count a result's subject names
// ("单线程读测试", "1 Thread - Read Test"), 0 when it names none or
// several.
func subjectThreads(s string) int {
	if s == "" {
		return 0
	}
	if n, several := threadsNamed(s); n > 0 && !several {
		return n
	}
	return 0
}

// memoryOperOf returns the memory operation a result's subject names:
// "read" or "write" ("单线程读测试", "1 Thread - Write Test"), "" when it
// names neither or both.
func memoryOperOf(s string) string {
	low := strings.ToLower(s)
	read := containsWord(low, "read") || strings.Contains(s, "读") || strings.Contains(s, "讀")
	write := containsWord(low, "write") || strings.Contains(s, "写") || strings.Contains(s, "寫")
	switch {
	case read && !write:
		return "read"
	case write && !read:
		return "write"
	}
	return ""
}

// memoryAccessOf returns the memory access mode a result's subject
// names: "rnd" or "seq" ("random read", "单线程顺序写速度"), "" when it
// names neither or both.
func memoryAccessOf(s string) string {
	low := strings.ToLower(s)
	rnd := containsWord(low, "random") || containsWord(low, "rnd") || strings.Contains(s, "随机") || strings.Contains(s, "隨機")
	seq := containsWord(low, "sequential") || containsWord(low, "seq") || strings.Contains(s, "顺序") || strings.Contains(s, "順序")
	switch {
	case rnd && !seq:
		return "rnd"
	case seq && !rnd:
		return "seq"
	}
	return ""
}

// threadsSubject reads a subject that is only a thread count: "threads
// 4", "4 threads", "1 thread", "threads=4".
func threadsSubject(s string) (int, bool) {
	if singleThreadWords[strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' }), " "))] {
		return 1, true // "single core", "single-threaded": one thread
	}
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '=' || r == '-' || r == '\t' })
	if len(f) != 2 {
		return 0, false
	}
	num, word := f[0], f[1]
	if threadWordsProse[num] {
		num, word = word, num
	}
	if !threadWordsProse[word] {
		return 0, false
	}
	n, err := atoiStrict(num)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// genericSubject reports a subject that names what was measured, not a
// system.
func genericSubject(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if !genericSubjects[strings.Trim(w, "()")] {
			return false
		}
	}
	return true
}

// labelledResult reads a number whose unit is named before it, as a
// label bound by a colon, "=", or a verb ("QPS: 12765", "TPS = 911", "the
// eps is about 2100", "a TPS of 911"), s[start:end] being the number and
// s[from:start] the text since the last result. The words before the
// label, back to the start of the clause, are its subject. Only the
// rates of events, transactions and queries are read so: a transfer
// rate named before a figure is as often a device's rating. The number
// must end its clause ("QPS: 100 threads" counts threads, "TPS: 20%"
// is a share), and an interim report line ("thds: 8 eps: 7410.46") or
// a bound ("target TPS: 5000", "max qps = 100") is no result.
func labelledResult(s string, from, start, end int, item bool) (resultUnit, string, bool) {
	if strings.Contains(s, "thds:") || strings.HasPrefix(strings.TrimSpace(s), "[") {
		return resultUnit{}, "", false
	}
	if !endsAfterTail(s[end:]) || ratioOrBound(s[end:]) {
		return resultUnit{}, "", false
	}
	words := strings.Fields(s[from:start])
	k := len(words)
	for k > 0 && resultFillers[strings.ToLower(words[k-1])] && words[k-1] != "of" {
		k--
	}
	if k == 0 {
		return resultUnit{}, "", false
	}
	// The binder: a colon or "=" glued to the label or standing alone, or a verb.
	adjacent := false
	w := words[k-1]
	switch {
	case w == ":" || w == "=" || w == "：":
		k--
	case strings.HasSuffix(w, ":") || strings.HasSuffix(w, "：") || strings.HasSuffix(w, "="):
		words = append(append([]string{}, words[:k-1]...), strings.TrimRight(w, ":：="))
	case labelVerbs[strings.ToLower(w)]:
		k--
	default:
		cut, ok := cutSpacelessBinder(w)
		switch {
		case ok && cut == "":
			k-- // "QPS 在 22000 左右"
		case ok:
			words = append(append([]string{}, words[:k-1]...), cut) // "QPS为51594.39"
		default:
			// No binder: the label right before the number, when it is a
			// unit of several words no other reading has ("Server 1: CPU
			// Speed/events per second 337.06").
			adjacent = true
		}
	}
	words = words[:k]
	if len(words) == 0 {
		return resultUnit{}, "", false
	}
	if last := words[len(words)-1]; strings.ContainsAny(last, "、，。；") {
		// "…されました、TPS: 911": a label glued to the clause before it
		i := strings.LastIndexAny(last, "、，。；")
		_, size := utf8.DecodeRuneInString(last[i:])
		words = append(append([]string{}, words[:len(words)-1]...), last[:i+size], last[i+size:])
	} else if i := gluedLabelAt(last); i > 0 {
		// "访问数据库的QPS": a label glued to words written without spaces
		words = append(append([]string{}, words[:len(words)-1]...), last[:i], last[i:])
	}
	// The label: the last one to three words name a rate's unit.
	var u resultUnit
	n := 0
	for m := 3; m >= 1 && n == 0; m-- {
		if m > len(words) {
			continue
		}
		label := strings.Trim(strings.Join(words[len(words)-m:], " "), "*_`\"'(、，,")
		if adjacent {
			label = label[strings.LastIndexByte(label, '/')+1:] // "Speed/events per second"
		}
		for _, ru := range resultUnits {
			if adjacent && !strings.Contains(ru.spelling, " ") {
				continue
			}
			if ru.metric != unitMiBs && (strings.EqualFold(label, ru.spelling) && !ru.exact || label == ru.spelling) {
				u, n = ru, m
				break
			}
		}
	}
	if n == 0 {
		return resultUnit{}, "", false
	}
	lead := strings.TrimSpace(strings.Join(words[:len(words)-n], " "))
	if lead == "" && from == 0 && !(item && n > 1) {
		// "TPS : 42033" alone on its line: a field of a key-value record
		// (a harness summary), whose other fields say what ran; not prose.
		// A list item of sysbench's own label ("- Events per second:
		// 3636.93" under its command) is a figure copied from its output.
		return resultUnit{}, "", false
	}
	label := strings.TrimLeft(words[len(words)-n], "*_`\"'(、，,")
	if r, size := utf8.DecodeRuneInString(label); !unicode.IsLetter(r) || size > 1 {
		return resultUnit{}, "", false // "x-qps: 10", "平均QPS": part of another word
	}
	if glued := strings.TrimSuffix(words[len(words)-n], label); glued != "" {
		lead += " " + glued // "、QPS: 12765": the punctuation before it ends the clause
	}
	if adjacent {
		// The words between a list item's head and the label qualify
		// the label ("CPU Speed/"); the head is the subject.
		i := strings.LastIndexAny(lead, ":：")
		if i < 0 || len(strings.Fields(lead[i:])) > 4 {
			return resultUnit{}, "", false
		}
		lead = lead[:i]
	}
	// The subject: the words of the clause before the label.
	if i := strings.LastIndexAny(lead, ",;.:!?。，、；：|"); i >= 0 {
		_, size := utf8.DecodeRuneInString(lead[i:])
		lead = lead[i+size:]
	}
	sw := strings.Fields(lead)
	for len(sw) > 0 && (isConjunction(sw[0]) || labelDeterminers[strings.ToLower(sw[0])]) {
		sw = sw[1:]
	}
	for len(sw) > 0 && labelDeterminers[strings.ToLower(sw[len(sw)-1])] {
		sw = sw[:len(sw)-1]
	}
	for _, x := range sw {
		if resultBounds[strings.ToLower(strings.Trim(x, "*_`"))] {
			return resultUnit{}, "", false
		}
	}
	subject := strings.Join(sw, " ")
	if subject != "" && !subjectWords(subject) {
		return resultUnit{}, "", false
	}
	return u, cleanSubject(subject), true
}

// spacelessScript reports a letter of a script written without spaces
// between words (Han, kana, Hangul is written with spaces but glues its
// particles): a number right after one stands as a word of its own.
func spacelessScript(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// endsClause reports whether the text after a number ends its clause:
// the end of the line, punctuation, a letter of a script written without
// spaces, or a word that starts another clause ("on", "with", "and").
func endsClause(rest string) bool {
	t := strings.TrimLeft(rest, " \t*_`")
	if t == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(t)
	switch {
	case strings.ContainsRune(",;.!?)]。，、；！？）", r):
		return !(r == '.' || r == ',') || len(t) == 1 || t[1] == ' '
	case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r):
		return true
	case unicode.IsLetter(r) && rest != t:
		w := strings.ToLower(strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })[0])
		return clauseStarts[w]
	}
	return false
}

// keepBareApart keeps a result stated with no subject apart from an
// earlier one of another sentence with the same test, thread count and
// rates: "cpuset is 5-6,37-38, and eps is about 2100" and, two lines on,
// "The eps is 3100" (train t08) are two setups the words around them tell
// apart, not two samples of one. The text does not say which it is; a
// wrong split shows two systems of one result each, a wrong pool invents
// a variance, so the later one is named by its line and a warning says
// why.
func (c *ctx) keepBareApart(r *Run, b *proseBlock) {
	var key strings.Builder
	key.WriteString(r.Test + "|" + intText(r.Threads) + "|" + r.Command)
	for _, p := range []*float64{r.TPS, r.QPS, r.EPS} {
		key.WriteString(strconv.FormatBool(p != nil))
	}
	key.WriteString(strconv.FormatBool(r.Memory != nil) + strconv.Itoa(len(r.Metrics)))
	k := key.String()
	first, seen := c.proseBare[k]
	if !seen {
		if c.proseBare == nil {
			c.proseBare = map[string]int{}
		}
		c.proseBare[k] = b.line.No
		return
	}
	if first == b.line.No {
		return
	}
	r.SetLabelFrom("heading", "line "+strconv.Itoa(b.line.No), "line "+strconv.Itoa(b.line.No))
	r.Warn(b.line.No, fmt.Sprintf("kept apart from the result stated at line %d: the text does not say whether they are one experiment", first))
}

// respectiveWords say that the results after them are, in order, those of
// the things the sentence names before ("each instance's throughput is
// respectively …").
var respectiveWords = []string{"分别为", "分别是", "分別為", "分別是", "分别达到", "それぞれ", "각각"}

// sentenceStart returns where the sentence holding s[i] starts.
func sentenceStart(s string, i int) int {
	j := strings.LastIndexAny(s[:i], "。！？!?;；")
	if k := strings.LastIndex(s[:i], ". "); k > j {
		j = k
	}
	if j < 0 {
		return 0
	}
	_, size := utf8.DecodeRuneInString(s[j:])
	return j + size
}

// respectiveAt returns where a respective word stands in the sentence of
// s[start] before it and after from, -1 when none does.
func respectiveAt(s string, from, start int) int {
	lo := sentenceStart(s, start)
	if from > lo {
		lo = from
	}
	best := -1
	for _, w := range respectiveWords {
		if i := strings.LastIndex(s[lo:start], w); i >= 0 && lo+i > best {
			best = lo + i + len(w)
		}
	}
	return best
}

// respectiveSubject binds a number to a respective word before it in its
// sentence: right after the word, or after the previous result of the
// list and a connective ("和", "and", "、", ","). Its subject is the
// clause before the word, marked "(…)": the ordinal is added by the
// caller, so that each result of the list is a system of its own. The
// sum or ratio a sentence adds after the list ("总吞吐量为 328,168 QPS")
// is bound to nothing.
func respectiveSubject(s string, from, start int, afterListed bool) (string, bool) {
	at := respectiveAt(s, 0, start)
	if at < 0 {
		return "", false
	}
	gap := strings.TrimSpace(s[at:start])
	if at < from {
		if !afterListed {
			return "", false
		}
		gap = strings.TrimSpace(s[from:start])
		if !respectiveConnectives[gap] {
			return "", false
		}
	} else if gap != "" {
		return "", false
	}
	// The clause before the word: back to the punctuation before it,
	// else the clause before that ("吞吐量都相当适中，分别为").
	at -= len(matchedRespective(s[:at]))
	head := strings.TrimSpace(s[sentenceStart(s, at):at])
	head = strings.TrimRight(head, "，,、 ")
	if i := strings.LastIndexAny(head, "，,、"); i >= 0 {
		_, size := utf8.DecodeRuneInString(head[i:])
		if rest := strings.TrimSpace(head[i+size:]); rest != "" {
			head = rest
		}
	}
	if head == "" {
		head = "respectively"
	}
	if utf8.RuneCountInString(head) > 40 {
		r := []rune(head)
		head = string(r[len(r)-40:])
	}
	return head + " (", true
}

// matchedRespective returns the respective word s ends with.
func matchedRespective(s string) string {
	for _, w := range respectiveWords {
		if strings.HasSuffix(s, w) {
			return w
		}
	}
	return ""
}

// respectiveConnectives join the results of a respective list.
var respectiveConnectives = map[string]bool{"和": true, "与": true, "與": true, "及": true, "、": true, ",": true,
	"，": true, "and": true, ", and": true, "と": true, "및": true, "vs": true}

// A shownRate is a rate of a run read earlier in the input, for the
// prose that restates it.
type shownRate struct {
	metric string
	value  float64
	run    *Run
}

// noteShownRates keeps the rates r reports (emitRun).
func (c *ctx) noteShownRates(r *Run) {
	for _, m := range []struct {
		metric string
		p      *float64
	}{{unitTPS, r.TPS}, {unitQPS, r.QPS}, {unitEPS, r.EPS}, {unitEPS, r.CPUSpeedEPS}} {
		if m.p != nil {
			c.shown = append(c.shown, shownRate{m.metric, *m.p, r})
		}
	}
	if r.SQL != nil && r.SQL.RWRequestsPS != nil {
		c.shown = append(c.shown, shownRate{unitQPS, *r.SQL.RWRequestsPS, r})
	}
	if r.Memory != nil && r.Memory.TransferMiBs != nil {
		c.shown = append(c.shown, shownRate{unitMiBs, *r.Memory.TransferMiBs, r})
	}
	if r.FileIO != nil {
		for _, p := range []*float64{r.FileIO.ReadMiBs, r.FileIO.WrittenMiBs} {
			if p != nil {
				c.shown = append(c.shown, shownRate{unitMiBs, *p, r})
			}
		}
	}
}

// restates reports whether the block's results only restate rates of runs
// read above, to the digits written ("TPS … 2103.44" under the output
// that printed it, "QPS: 12765" after a conclusion that gave it): the
// earlier run stands, read once, and carries a warning naming the line.
// A figure that agrees with none is a result of its own.
func (b *proseBlock) restates(c *ctx) bool {
	var of *Run
	for _, pr := range b.results {
		v := pr.value * pr.unit.scale
		tol := pr.tol * pr.unit.scale
		var found *Run
		for i := len(c.shown) - 1; i >= 0; i-- {
			sr := c.shown[i]
			if sr.metric == pr.unit.metric && math.Abs(sr.value-v) <= tol+1e-9 {
				found = sr.run
				break
			}
		}
		if found == nil || of != nil && found != of {
			return false
		}
		of = found
	}
	if of == nil {
		return false
	}
	of.Warn(of.Line, fmt.Sprintf("restated in prose at line %d: read once", b.line.No))
	if of.Test == "" && b.test != "" {
		// The sentence says what test the restated figures are of
		// (the command it follows), which their table did not.
		of.Test = b.test
		of.LabelFrom = setFrom(of.LabelFrom, "test", "prose at line "+strconv.Itoa(b.line.No)+", which restates the run")
	}
	return true
}

// writtenTolerance is half a unit of the last digit of a number as
// written ("2103.44": 0.005, "2103": 0.5, "133k": 500).
func writtenTolerance(num string) float64 {
	scale := 1.0
	switch {
	case strings.HasSuffix(num, "k") || strings.HasSuffix(num, "K"):
		scale, num = 1e3, num[:len(num)-1]
	case strings.HasSuffix(num, "M"):
		scale, num = 1e6, num[:len(num)-1]
	}
	t := 0.5
	if i := strings.IndexByte(num, '.'); i >= 0 {
		t = 0.5 * math.Pow(10, -float64(len(num)-i-1))
	} else if j := strings.IndexByte(num, ','); j >= 0 && decimalCommaEnd(num, 0, j) == len(num) {
		t = 0.5 * math.Pow(10, -float64(len(num)-j-1)) // "1,8424": a decimal comma
	}
	return t * scale
}

// spacelessBinders bind a rate named before a number to it in languages
// written without spaces ("QPS为51594.39", "QPS 在 22000 左右", "TPS は
// 911"), longest first.
var spacelessBinders = []string{"大约为", "约为", "大约", "达到", "達到", "只有", "仅有", "依然", "仍然", "为", "為", "是", "在", "约", "約", "达", "仅", "仍", "は", "が", "：", "="}

// cutSpacelessBinder removes the binders w ends with ("为约"): ok when
// there was one, cut what stands before them.
func cutSpacelessBinder(w string) (cut string, ok bool) {
	for {
		found := false
		for _, b := range spacelessBinders {
			if strings.HasSuffix(w, b) {
				w, found, ok = w[:len(w)-len(b)], true, true
				break
			}
		}
		if !found {
			return w, ok
		}
	}
}

// gluedLabelAt returns where an ASCII label glued to words of a spaceless
// script starts in w ("访问数据库的QPS": the index of "QPS"), 0 when none.
func gluedLabelAt(w string) int {
	i := len(w)
	for i > 0 && (w[i-1] >= 'a' && w[i-1] <= 'z' || w[i-1] >= 'A' && w[i-1] <= 'Z' || w[i-1] == '/') {
		i--
	}
	if i == len(w) || i == 0 {
		return 0
	}
	if r, _ := utf8.DecodeLastRuneInString(w[:i]); spacelessScript(r) {
		return i
	}
	return 0
}

// rateTails may follow a number whose rate was named before it, restating
// that it is per second ("QPS为51594.39 per sec").
var rateTails = []string{"per second", "per sec", "/sec", "/s", "每秒"}

// skipRateTail returns rest past a rate tail, rest when it has none.
func skipRateTail(rest string) string {
	t := strings.TrimLeft(rest, " \t")
	for _, tail := range rateTails {
		if len(t) >= len(tail) && strings.EqualFold(t[:len(tail)], tail) && (len(t) == len(tail) || !isWordChar(t[len(tail)])) {
			return t[len(tail):]
		}
	}
	return rest
}

// perSecondCounts are counts that are rates only after a word saying
// "per second" before the number ("每秒约 2300 次事务": about 2300
// transactions each second; "2300 次事务" alone is a total).
var perSecondCounts = []resultUnit{
	{"次事务", unitTPS, 1, false}, {"个事务", unitTPS, 1, false}, {"次事務", unitTPS, 1, false},
	{"次读/写请求", unitQPS, 1, false}, {"次读写请求", unitQPS, 1, false}, {"次查询", unitQPS, 1, false},
	{"个查询", unitQPS, 1, false}, {"次事件", unitEPS, 1, false}, {"个事件", unitEPS, 1, false},
}

// perSecondWords say that the count after them is one second's.
var perSecondWords = []string{"每秒", "每秒钟", "每秒鐘"}

// perSecondApprox may stand between a per-second word and its count.
var perSecondApprox = []string{"大约", "约", "約", "可达", "达到", "达", "有", "为", "~"}

// perSecondCount reads a count per second stated in words around the
// number s[start:end]: a per-second word before it (fillers between) and
// a count unit after it. The sentence gives no subject of its own: the
// run's system is its context's.
func perSecondCount(s string, from, start, end int) (resultUnit, int, bool) {
	j := end
	for j < len(s) && s[j] == ' ' {
		j++
	}
	best := -1
	for k, cu := range perSecondCounts {
		if strings.HasPrefix(s[j:], cu.spelling) && (best < 0 || len(cu.spelling) > len(perSecondCounts[best].spelling)) {
			best = k
		}
	}
	if best < 0 {
		return resultUnit{}, 0, false
	}
	b := strings.TrimRight(s[from:start], " \t")
	for trimmed := true; trimmed; {
		trimmed = false
		for _, a := range perSecondApprox {
			if strings.HasSuffix(b, a) {
				b, trimmed = strings.TrimRight(b[:len(b)-len(a)], " \t"), true
			}
		}
	}
	for _, w := range perSecondWords {
		if strings.HasSuffix(b, w) {
			return perSecondCounts[best], j + len(perSecondCounts[best].spelling), true
		}
	}
	return resultUnit{}, 0, false
}

// comparisonWords introduce the reference a result is compared to.
var comparisonWords = []string{"compared to", "compared with", "relative to", "than", "versus", "vs.", "vs", "against"}

// comparedResult reads a number the sentence compares a rate to: the
// rate named once as a word earlier in the sentence, the number right
// after a comparison word and one or two words naming the reference
// ("QPS regression <no value> in benchmark sysbench (oltp_point_select)
// compared to baseline 191277.98 after #57945"): the reference is the
// subject. A sentence naming two rates, a number not ending its clause or
// one in parentheses is left alone.
func comparedResult(s string, from, start, end int) (resultUnit, string, bool) {
	if !endsClause(s[end:]) || ratioOrBound(s[end:]) || strings.Count(s[:start], "(") > strings.Count(s[:start], ")") {
		return resultUnit{}, "", false
	}
	lo := sentenceStart(s, start)
	if from > lo {
		lo = from
	}
	head := lowerASCIIBytes(s[lo:start]) // byte for byte: its offsets are s's
	at, cw := -1, ""
	for _, w := range comparisonWords {
		if i := strings.LastIndex(head, " "+w+" "); i > at {
			at, cw = i, w
		}
	}
	if at < 0 {
		return resultUnit{}, "", false
	}
	ref := strings.Fields(s[lo+at+len(cw)+2 : start])
	if len(ref) == 0 || len(ref) > 2 || !referenceWords[strings.ToLower(strings.Trim(ref[0], "*_`'\""))] {
		return resultUnit{}, "", false // "than MySQL 8.0": a version, not a rate
	}
	var u resultUnit
	named := 0
	for _, w := range strings.FieldsFunc(head[:at], func(r rune) bool { return !unicode.IsLetter(r) && r != '/' }) {
		for _, ru := range resultUnits {
			if ru.metric != unitMiBs && !strings.Contains(ru.spelling, " ") && w == strings.ToLower(ru.spelling) {
				if named > 0 && ru.metric != u.metric {
					return resultUnit{}, "", false
				}
				u, named = ru, named+1
			}
		}
	}
	if named == 0 {
		return resultUnit{}, "", false
	}
	return u, cleanSubject(strings.Join(ref, " ")), true
}

// referenceWords name what a result is compared to ("compared to
// baseline 191277.98").
var referenceWords = map[string]bool{"baseline": true, "base": true, "parent": true, "master": true, "main": true,
	"previous": true, "last": true, "reference": true, "upstream": true, "trunk": true, "before": true}

// rateWord reports a word that is a rate's unit (qps, tps, eps).
func rateWord(w string) bool {
	switch strings.ToLower(strings.Trim(w, "*_`")) {
	case "qps", "tps", "eps":
		return true
	}
	return false
}

// unlink replaces each Markdown link "[text](target)" of s by its text:
// a link's target is no word of the sentence ("通过 [从库IP](../x.log) 访问").
func unlink(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '[')
		if open < 0 {
			break
		}
		mid := strings.Index(s[open:], "](")
		if mid < 0 {
			break
		}
		mid += open
		end := strings.IndexByte(s[mid:], ')')
		if end < 0 || strings.IndexByte(s[open+1:mid], '[') >= 0 {
			b.WriteString(s[:open+1])
			s = s[open+1:]
			continue
		}
		b.WriteString(s[:open])
		b.WriteString(s[open+1 : mid])
		s = s[mid+end+1:]
	}
	b.WriteString(s)
	return b.String()
}

// ratioSuffixes after a number make it a ratio or a bound, not a rate:
// "QPS 约为 1.99 倍" (times), "TPS 能稳定达到 1k 以上" (above), "20000+".
var ratioSuffixes = []string{"倍", "以上", "以下", "之上", "多", "余", "+", "x", "X", "×", "%", "％", "times"}

// ratioOrBound reports whether the text after a number starts with a
// ratio or bound suffix (spaces and emphasis marks skipped).
func ratioOrBound(rest string) bool {
	t := strings.TrimLeft(rest, " \t*_`")
	for _, x := range ratioSuffixes {
		if strings.HasPrefix(t, x) {
			if len(x) == 1 && x[0] >= 'a' && x[0] <= 'z' || x == "X" || x == "times" {
				return len(t) == len(x) || !isWordChar(t[len(x)]) // "2x", not "xfs"
			}
			return true
		}
	}
	return false
}

// endsAfterTail reports whether the text after a number ends its clause,
// past a rate tail: after "per sec" even a comma glued to the next word
// ends it ("the tps is 700 per sec,the qps is 10000 per sec"), as no
// digit group can follow a unit.
func endsAfterTail(rest string) bool {
	t := skipRateTail(rest)
	if t != rest && (strings.HasPrefix(t, ",") || strings.HasPrefix(t, "，")) {
		return true
	}
	return endsClause(t)
}

// sentenceThreads returns the thread count the sentence holding s[i]
// gives before it, in the words "<n> threads" ("On my local machine with 4
// threads I get ~10k events per second"): 0 when it gives none or more
// than one.
func sentenceThreads(s string, i int) int {
	words := strings.Fields(s[sentenceStart(s, i):i])
	n := 0
	for k := 0; k+1 < len(words); k++ {
		w := strings.ToLower(strings.Trim(words[k+1], ",;:()"))
		if w != "threads" && w != "thread" {
			continue
		}
		v, err := atoiStrict(strings.Trim(words[k], "("))
		if err != nil || v <= 0 {
			continue
		}
		if n != 0 && n != v {
			return 0
		}
		n = v
	}
	return n
}

// A changedPair is a rate a sentence gives before and after a change.
type changedPair struct {
	results []proseResult
	end     int
}

// changeArrows separate the figure before a change from the one after.
var changeArrows = []string{"=>", "->", "→", "to"}

// changedResults reads "<rate> <verb> from A => B" ("qps increase from
// 1340.92 => 1452.11", "TPS went from 812 to 1,847"), s[start] being A:
// the rate named as a word within the three words before "from", B right
// after an arrow, both ending as numbers do. A is the run before the
// change, B the one after; a percentage or a bound after either makes it
// no pair.
func changedResults(s string, from, start int) (changedPair, bool) {
	head := strings.Fields(s[from:start])
	if len(head) < 2 || !strings.EqualFold(head[len(head)-1], "from") {
		return changedPair{}, false
	}
	var u resultUnit
	found := false
	for k := len(head) - 2; k >= 0 && k >= len(head)-4; k-- {
		w := strings.ToLower(strings.Trim(head[k], "*_`:,"))
		for _, ru := range resultUnits {
			if ru.metric != unitMiBs && !strings.Contains(ru.spelling, " ") && w == strings.ToLower(ru.spelling) {
				u, found = ru, true
			}
		}
		if found {
			break
		}
	}
	if !found {
		return changedPair{}, false
	}
	_, aEnd, a, ok := scanNumber(s, start)
	if !ok || ratioOrBound(s[aEnd:]) {
		return changedPair{}, false
	}
	bStart, bEnd, b, ok := afterArrow(s, aEnd, true)
	if !ok || ratioOrBound(s[bEnd:]) || !endsClause(s[bEnd:]) {
		return changedPair{}, false
	}
	return changedPair{end: bEnd, results: []proseResult{
		{subject: "before", value: a, unit: u, labelled: true, tol: writtenTolerance(s[start:aEnd])},
		{subject: "after", value: b, unit: u, labelled: true, tol: writtenTolerance(s[bStart:bEnd])},
	}}, true
}

// afterArrow reads the figure after a change's arrow that follows s[:aEnd]
// ("1340.92 => 1452.11"; with words, "812 to 1,847" too): its bounds and
// value; ok is false when no arrow and number follow.
func afterArrow(s string, aEnd int, words bool) (bStart, bEnd int, b float64, ok bool) {
	rest := strings.TrimLeft(s[aEnd:], " \t")
	arrow := ""
	for _, x := range changeArrows {
		if strings.HasPrefix(rest, x) && (x != "to" || words && len(rest) > 2 && rest[2] == ' ') {
			arrow = x
			break
		}
	}
	if arrow == "" {
		return 0, 0, 0, false
	}
	bFrom := len(s) - len(rest) + len(arrow)
	bStart, bEnd, b, ok = scanNumber(s, bFrom)
	if !ok || strings.TrimSpace(s[bFrom:bStart]) != "" {
		return 0, 0, 0, false
	}
	return bStart, bEnd, b, true
}

// arrowedResults reads "A → B <unit>" ("Sysbench CPU: 2286 → 2373
// ev/s", "QPS: 1340 -> 1452 qps"), s[start:end] being A, written bare:
// the rate before a change and after it, the unit written once, after
// the second figure. A percentage or a bound after B makes it no pair.
func arrowedResults(s string, start, end int) (changedPair, bool) {
	bStart, bEnd, b, ok := afterArrow(s, end, false)
	if !ok {
		return changedPair{}, false
	}
	_, _, a, _ := scanNumber(s, start)
	u, after, ok := proseUnit(s, bEnd)
	if !ok || ratioOrBound(s[after:]) {
		return changedPair{}, false
	}
	return changedPair{end: after, results: []proseResult{
		{subject: "before", value: a, unit: u, labelled: true, tol: writtenTolerance(s[start:end])},
		{subject: "after", value: b, unit: u, labelled: true, tol: writtenTolerance(s[bStart:bEnd])},
	}}, true
}

// verbBefore returns the result verb that ends the text before a number,
// fillers skipped ("I get ~", "and got the QPS result "), "" when none.
func verbBefore(before string) string {
	words := strings.Fields(before)
	k := len(words)
	for k > 0 && (resultFillers[strings.ToLower(words[k-1])] || rateWord(words[k-1])) {
		k--
	}
	if k == 0 {
		return ""
	}
	if w := strings.ToLower(strings.Trim(words[k-1], ",;")); resultVerbs[w] && w != "is" && w != "was" && w != "are" && w != "were" && w != "be" {
		return w
	}
	return ""
}

// lowerASCIIBytes lowers the ASCII letters of s and leaves every other
// byte as it is, so that an index into the result is one into s
// (strings.ToLower may change the length of invalid UTF-8).
func lowerASCIIBytes(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// ownTestNamed returns the one sysbench test a line names by its own name
// with an underscore (oltp_read_only, select_random_points: names no
// other text uses), as a word; "" when it names none or several.
func ownTestNamed(s string) string {
	if strings.IndexByte(s, '_') < 0 {
		return ""
	}
	low := lowerASCIIBytes(s)
	found := ""
	for _, n := range TestNames() {
		if t := sysbenchTests[n]; t.Family == FamilyBuiltin || strings.IndexByte(n, '_') < 0 || n == "oltp_common" {
			continue
		}
		if containsWord(low, n) {
			if found != "" && found != n && !strings.Contains(n, found) && !strings.Contains(found, n) {
				return ""
			}
			if len(n) > len(found) {
				found = n
			}
		}
	}
	return found
}
