package parse

import (
	"strconv"
	"strings"
	"unicode/utf8"
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

// A mention is a line of context that names a test.
type mention struct {
	line int
	// path holds the lines of the Markdown headings the line stands
	// under, outermost first (its own, when it is one).
	path  []int
	test  string // the test it names, "" when it names several
	what  string // "heading", "line" or "command"
	tests int    // how many tests it names (1, or 2 for several)
}

// maxMentions bounds the mentions kept: the oldest are dropped.
const maxMentions = 256

// runContext is the context of the runs of one input read so far.
type runContext struct {
	mentions []mention // in line order
	// ranIn holds the lines of the Markdown headings whose sections hold
	// a run.
	ranIn map[int]bool
}

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

// noteMention keeps a line of context that names tests.
func (c *ctx) noteMention(line int, test string, several bool, what string) {
	m := mention{line: line, path: c.mdPath(), test: test, what: what, tests: 1}
	if several {
		m.test, m.tests = "", 2
	}
	ms := c.rc.mentions
	if len(ms) == maxMentions {
		copy(ms, ms[1:])
		ms = ms[:maxMentions-1]
	}
	i := len(ms)
	for i > 0 && ms[i-1].line > line {
		i--
	}
	ms = append(ms, mention{})
	copy(ms[i+1:], ms[i:])
	ms[i] = m
	c.rc.mentions = ms
}

// noteRanIn records that a run was read in the current sections.
func (c *ctx) noteRanIn() {
	for _, h := range c.outline.Path() {
		if h.Level <= 6 {
			if c.rc.ranIn == nil {
				c.rc.ranIn = map[int]bool{}
			}
			c.rc.ranIn[h.Line] = true
		}
	}
}

// noteContextLine reads an unclaimed line for the tests it names: a
// short line (a title, label, list item or caption, at most
// maxLabelRunes) by the words a title names a test by; a longer one
// only by a test written as sysbench spells it (oltp_read_only, a
// script path) or an inline command.
func (c *ctx) noteContextLine(l *Line, heading bool) {
	t := strings.TrimSpace(l.Text)
	if t == "" || l.Cmd != nil || strings.HasPrefix(t, "![") || strings.HasPrefix(t, "<!--") || strings.HasPrefix(t, "|") {
		return
	}
	what := "line"
	if heading {
		what = "heading"
	}
	if cmd := inlineCommand(t); cmd != nil {
		if cmd.Tool == ToolSysbench && cmd.Test != "" {
			c.noteMention(l.No, cmd.Test, false, "command")
		}
		return
	}
	if utf8.RuneCountInString(t) > maxLabelRunes {
		if test, n := spelledTests(t); n > 0 {
			c.noteMention(l.No, test, n > 1, what)
		}
		return
	}
	test, named := sentenceTest(t)
	if named {
		c.noteMention(l.No, test, test == "", what)
		return
	}
	if !isSentence(t) {
		if test := titleTestOf(strings.Trim(t, "#*_:：+- ")); test != "" {
			c.noteMention(l.No, test, false, what)
		}
	}
}

// maxLabelRunes is the longest line read as a label for the tests it
// names in words; a longer line is prose.
const maxLabelRunes = 60

// spelledTests returns the sysbench test a line of prose names as
// sysbench spells it (a 1.x script name, a script path), and how many
// distinct ones it names.
func spelledTests(t string) (string, int) {
	if !strings.Contains(t, "_") && !strings.Contains(t, ".lua") {
		return "", 0
	}
	low := strings.ToLower(t)
	found, n := "", 0
	for _, name := range TestNames() {
		if ct := sysbenchTests[name]; ct.Family != FamilyLua1 || !strings.Contains(name, "_") {
			continue
		}
		if containsWord(low, name) && !strings.Contains(found, name) {
			if found == "" {
				found = name
			}
			n++
			low = strings.ReplaceAll(low, name, " ")
		}
	}
	return found, n
}

// noteContextCommand keeps a sysbench command's test as context: a
// prepare command names the test of the runs below it as a run command
// does.
func (c *ctx) noteContextCommand(cmd *Command, line int) {
	if cmd == nil || cmd.Tool != ToolSysbench || cmd.Test == "" || cmd.Test == "oltp_common" {
		return
	}
	c.noteMention(line, cmd.Test, false, "command")
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
	return !rc.ranIn[m.path[k]]
}

// contextTest returns the test the context of a run starting at line
// names (see above), the line that names it, and a note when the
// nearest line naming tests names several or one that fits is false
// for (the run's output says it ran another kind of test). fits may be
// nil.
func (c *ctx) contextTest(line int, fits func(string) bool) (test string, at int, note string) {
	path := c.mdPath()
	ms := c.rc.mentions
	for i := len(ms) - 1; i >= 0; i-- {
		m := &ms[i]
		if m.line >= line || !c.rc.visible(m, path) {
			continue
		}
		if m.tests > 1 {
			return "", m.line, "line " + strconv.Itoa(m.line) + " above names several tests: no test taken from it"
		}
		if fits != nil && !fits(m.test) {
			return "", m.line, "line " + strconv.Itoa(m.line) + " above names test " + m.test + ", which this output did not run: no test taken from it"
		}
		return m.test, m.line, ""
	}
	return "", 0, ""
}

// takeContextTest gives a sysbench output that names no test, and took
// none from a command, the test of its context, when that test is one
// its output can have run: an OLTP script for SQL statistics, fileio
// for file operations, memory for a memory transfer, cpu, threads or
// mutex for events alone.
func (c *ctx) takeContextTest(r *Run) {
	if r.Test != "" || r.Tool != ToolSysbench {
		return
	}
	test, at, note := c.contextTest(r.Line, outputFits(r))
	if test == "" {
		if note != "" {
			r.Warn(at, note)
		}
		return
	}
	r.Test = test
	r.LabelFrom = setFrom(r.LabelFrom, "test", "the context of the run, line "+strconv.Itoa(at))
	r.Warn(at, "test "+test+" taken from line "+strconv.Itoa(at)+" above the run, which names no test itself")
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
		}
		return t == "cpu" || t == "threads" || t == "mutex"
	}
}

// takeContextTest gives a table the test of its context when neither
// the headings of its own section, the command above it nor its columns
// name one.
func (b *summaryTable) takeContextTest(c *ctx) {
	if b.test != "" {
		return
	}
	test, at, note := c.contextTest(b.header.No, nil)
	if test == "" {
		b.ctxNote = note
		return
	}
	b.test = test
	b.testFrom = "the context of the table, line " + strconv.Itoa(at)
	if b.workload == "" {
		b.workloadLine = at
	}
}
