package parse

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/doc"
	"github.com/sbreport/sbreport/parse/host"
	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/sysstat"
)

// status is what a block says of a line offered to it: model.Status,
// which the grammars of their own packages answer too.
type status = model.Status

const (
	consumed = model.Consumed // the line belongs to the block
	skipped  = model.Skipped  // noise the block tolerates; another detector may claim it, ending the block
	rejected = model.Rejected // the line is not the block's: the block ends, the line is offered again
	done     = model.Done     // the line belongs to the block, and the block is complete
)

// A block parses one record (a sysbench run, an lscpu capture, a table)
// line by line.
type block interface {
	// feed offers the next line.
	feed(l *Line) status
	// end finishes the block at its last line (or at the end of input) and
	// emits what it found through c.
	end(c *ctx)
}

// A detector looks at a line that no block holds and returns a block that
// starts with it (having consumed it), or nil.
type detector func(l *Line, c *ctx) block

// A format is what one reader looks for: the detectors that may start a
// block, tried in order (earlier ones win), the JSON documents it decodes,
// and what it expects, said when an input holds none of it.
type format struct {
	detectors []detector
	json      []jsonHandler
	expect    string // "no ... found in N lines (expected EXPECT)"
	binary    string // "binary data, not text (expected BINARY)"; expect when ""
	jsonDoc   string // "JSON document not recognised (expected JSONDOC)"
}

// sniffing is Stream's format: every detector, for text of unknown kind.
var sniffing = &format{
	detectors: []detector{
		detectBareRule,
		detectSysbench,
		detectTxLine,
		grammars(detectMysqlslap, detectMySQL, host.DetectLscpu, host.DetectLsblk, host.DetectFree, host.DetectMeminfo, host.DetectUname,
			sysstat.DetectVmstat, sysstat.DetectIostat, sysstat.DetectMpstat, sysstat.DetectProcstat),
		detectHTMLTable,
		detectJSON,
		detectReportCSV,
		detectBenchstat,
		detectListRows,
		detectKeyValues,
		detectRecord,
		detectBars,
		detectCrossed,
		detectSummaryTable,
		detectProse,
	},
	json:    []jsonHandler{sysbenchJSON, grammarJSON(host.LscpuJSON), grammarJSON(host.LsblkJSON)},
	expect:  "sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output",
	binary:  "sysbench, mysqlslap, lscpu, lsblk, free or mysql client output",
	jsonDoc: "lscpu -J, lsblk -J or sysbench report_json output",
}

// ctx is the state shared by the blocks of one input.
type ctx struct {
	name     string
	f        *format // what this input is read as
	emit     func(Item)
	found    int         // items emitted, errors excluded
	headings []Heading   // recent unclaimed non-blank lines, oldest first (at most maxHeadings)
	line     model.Line  // the line offered to the tool grammars (grammar.go)
	outline  doc.Outline // the sections of the text (section); Unfenced: claimed lines are not given

	yamlArgv []string // the words of a command given as a YAML list so far (yamlArgs)
	yamlLine int      // the line of its last item

	// spacingKnown is set once the input is known to be a reprint with a
	// blank line after every line (reprint) or not; textBefore: the last
	// line read held text.
	spacingKnown, reprint, textBefore bool
	// diff is set inside a ```diff fence (a review thread quoting a
	// change): its lines are read without their +/space markers.
	diff bool
	// inFence: the lines are inside a ``` code fence (a "# note" there
	// is a shell comment, not a Markdown heading).
	inFence bool
	printed map[[2]float64]bool // counts and rates of the runs read (fragment.go)
	// spellings maps a heading label in lower case to its first spelling:
	// one post writing "X64" and "x64" names one machine.
	spellings map[string]string
	blankRun  int      // blank lines since the last non-blank line
	command   *Command // the last command line seen, until a run takes it
	cmdLine   int      // last line of the command (continuations included)
	cmdStart  int      // its first line
	// A command continued on the next line (a trailing backslash) is
	// parsed once it is complete: pendRaw holds its text so far, for
	// pendOf, the command its first line gave.
	pendRaw, pendPrompt string
	pendOf              *Command

	// orphanHeader is the last summary-table header read with no row
	// under it (a header quoted alone in a review thread), orphanCols
	// its number of columns: rows printed apart from it may be its.
	orphanHeader *Line
	orphanCols   int

	// saidRate is the one rate (colTPS, colQPS, colEPS) the last line
	// naming exactly one said, at saidRateLine: what a crossed table
	// naming no unit holds.
	saidRate, saidRateLine int

	// tableRows are the table rows read so far, by what they measured
	// (restatement): a row of a later table that measured the same is
	// that row printed again.
	tableRows map[string]*Run

	stmt     string // the last SQL statement typed at a client prompt
	stmtLine int
	hook     any      // state kept across blocks by the report-hook parsers (hook.go)
	atEnd    []func() // run once the whole input is read, before Stream returns

	// started is the line the current block began with (cornerRule).
	started Line

	// serverSet are the server variables the text set so far ("SET
	// GLOBAL innodb_thread_concurrency=4;"), in the order first set, each
	// with its last value (noteServerSet).
	serverSet []serverSetting

	loop  *loopParser // a shell for loop being read
	queue *loopQueue  // the expanded commands of the last loop, for the blocks after it
	held  []Item      // items held until the loop queue is resolved, in order

	promptHost     string // the host the last shell prompt named, "" when it named none
	promptHostLine int
	engine         string // the storage engine the nearest capture states (inferEngine)
	engineFrom     string
	engineLine     int
	// cnfBlocks are the server configurations listed so far (my.cnf
	// lines), cnfOpen set while the last one goes on (configengine.go).
	cnfBlocks    []cnfBlock
	cnfOpen      bool
	lineNo       int    // the line being read
	lastRunStart int    // where the last run began
	lastRunCmd   string // its command's tool and options (commandKey), "" when it showed none
	// lastText is the last line no block claimed that was not blank;
	// textBeforeCmd, its value when the last command began
	lastText, textBeforeCmd int
	outputsRead             []*Run // the complete sysbench outputs read so far (markCopied)
	cmdPrompt               string // the prompt the last command was typed at
	titleAfterRun           int    // the line of a first level-1 heading read after a run (documentTitle)
	// labelSections holds, by label line (lower case), tool and test, the
	// section the first run under it stood in (qualifyLabel)
	labelSections map[string]string
	lastLabel     string // the label line of the last run, "" when it had none
	lastLabelAt   int
	// stackedRuns is set when a second run command of a test was typed
	// before the first one's output appeared: the output that follows a
	// cleanup command then belongs to neither by position.
	stackedRuns bool
	schema      string // the last index change the text shows (noteSchemaText)
	schemaLine  int
	scriptLine  int        // the line of the last Lua event function the text shows
	pendingRuns []*Command // the run commands of one test typed one after another, waiting for output
	// candidates are those commands once a cleanup closed them: each
	// output after it ran one of them (settle picks by what it did).
	candidates   []*Command
	testWord     string // the built-in test the last prose line naming one named
	testWordLine int
	toolWordLine int // the last line naming sysbench (prose.go)
	slapWordLine int // the last line naming mysqlslap (slaptable.go)
	// otherToolLine is the last line naming another benchmark tool and
	// not sysbench ("[3/4] Running Storage Benchmarks (… via FIO)..."):
	// prose below it reports that tool's results (prose.go).
	otherToolLine int
	otherTool     string // the tool it names, as spelled there
	// toolOfNo and toolOf are the last line otherToolOf scanned and what
	// it named: remember asks twice of one line.
	toolOfNo     int
	toolOf       string
	toolWordTest string // the sysbench test that line names ("run sysbench select_random_points"), "" when none
	proseNo      int    // the last line read for results in prose, and its text
	proseText    string
	shown        []shownRate    // the rates of the runs read so far (prose restatements)
	proseBare    map[string]int // the first line of a result in prose with no subject, by test, threads and rates (proseBlock.end)
	// reruns maps the options of each command a run took, those that only
	// repeat the measurement left out, to the first run that took them
	// (noteRerun).
	reruns      map[string]rerunOf
	captures    map[string]string   // kind → CaptureIDs (one per line) of the last capture of that kind
	runs        int                 // runs started so far
	capRuns     int                 // runs started when the last capture was noted
	errors      int                 // problems reported so far (errorf)
	tables      []tableShape        // headers of the summary tables read so far
	prepared    map[string]*Command // the last prepare command of each test
	prepLines   map[string]int      // and its line
	toolCmd     *Command            // the last sysbench or mysqlslap run command not taken yet
	toolCmdLine int
	// toolCmdBefore is toolCmd as it was when the command being read
	// began: a command continued over lines is filed as a run until its
	// last line says prepare or cleanup, and then gives it back.
	toolCmdBefore     *Command
	toolCmdBeforeLine int
	// stackedBefore and pendingBefore are stackedRuns and pendingRuns as
	// they were then: the first line of a command continued over lines
	// ("sysbench oltp_read_write \") names no action yet and is filed as
	// a run, which makes the run typed before it look stacked.
	stackedBefore bool
	pendingBefore []*Command
	takenLine     int      // the line of the command takeRunCommand returned last
	lastRun       *Command // the last command a run took
	lastRunLine   int
	// hdrThreads are the threads of the last sysbench options header
	// printed without results, at line hdrLine: the threads of the
	// table of results that follows it.
	hdrThreads, hdrLine int
	badJSON             *badJSON // unrecognised JSON documents not reported yet
	// shellVars are the shell variables assigned so far ("engine=rocksdb"),
	// for the commands that use them; replaced, never changed, so that a
	// run keeps the map it was read under.
	shellVars map[string]string
	// rc is the context of the runs: the lines above them that name
	// tests (runcontext.go).
	rc runContext
}

const maxHeadings = 6

func (c *ctx) add(it Item) {
	if c.badJSON != nil {
		c.flushBadJSON()
	}
	if _, isErr := it.(*Error); !isErr {
		c.found++
	}
	c.noteCapture(it)
	if c.queue != nil {
		c.held = append(c.held, it)
		return
	}
	c.emit(it)
}

// recognised counts input that was understood but yields no item (the
// output of sysbench prepare or cleanup), so that the input is not
// reported as holding nothing.
func (c *ctx) recognised() { c.found++ }

// errorf reports a malformed line.
func (c *ctx) errorf(line int, format string, args ...any) {
	c.errors++
	switch {
	case c.errors < MaxErrors:
		c.add(&Error{Source: c.name, Line: line, Message: fmt.Sprintf(format, args...)})
	case c.errors == MaxErrors:
		c.add(&Error{Source: c.name, Line: line, Message: fmt.Sprintf(
			"%d problems in this input: the rest are not listed (expected text sbreport reads; is it the right file?)", MaxErrors)})
	}
}

// MaxErrors bounds the problems reported for one input: past it, one
// error says that more were left unlisted.
const MaxErrors = 1000

// takeCommand returns the pending command if it is no more than maxGap
// lines above line, and forgets it.
func (c *ctx) takeCommand(line int) *Command {
	cmd := c.command
	c.command = nil
	if cmd == nil || line-c.cmdLine > 400 {
		return nil
	}
	return cmd
}

// nothingSince reports whether no line other than blank ones and the
// lines of runs was read after line: no text, no command.
func (c *ctx) nothingSince(line int) bool {
	if line == 0 || c.cmdLine > line {
		return false
	}
	n := len(c.headings)
	return n == 0 || c.headings[n-1].No < line
}

// takeRunCommand returns the command a run of tool starting at line
// takes: the pending command line when it ran tool, else the last command
// of tool not taken yet, though other commands (iostat, mount) were typed
// after it, at most 400 lines up.
func (c *ctx) takeRunCommand(tool string, line int) *Command {
	if cmd := c.command; cmd != nil && cmd.Tool == tool && tool != ToolTable && cmd.Action == "cleanup" {
		// "prepare; run; cleanup" typed together, then the output: it is
		// the run's, when one run command was typed.
		c.command = nil
		run, stacked := c.toolCmd, c.stackedRuns
		c.toolCmd, c.stackedRuns = nil, false
		if stacked {
			c.lastRun = nil // the output is of one of several commands, not of the last one taken
			c.candidates = c.pendingRuns
			return nil
		}
		if run != nil && run.Tool == tool && sameTables(run.Test, cmd.Test) && line-c.toolCmdLine <= 400 {
			c.takenLine = c.toolCmdLine
			return run
		}
		c.takenLine = c.cmdLine
		return cmd
	}
	if c.command != nil && (c.command.Tool == tool || tool == ToolTable) {
		c.toolCmd, c.stackedRuns = nil, false
		c.takenLine = c.cmdLine
		return c.takeCommand(line)
	}
	cmd := c.toolCmd
	if cmd == nil || cmd.Tool != tool || line-c.toolCmdLine > 400 {
		return nil
	}
	c.takenLine = c.toolCmdLine
	c.toolCmd, c.stackedRuns = nil, false
	if c.command == cmd {
		c.command = nil
	}
	return cmd
}

// sameTables reports whether a cleanup of test cleaned reaches the data
// a run of test ran on: the same test, or oltp_common, whose cleanup
// drops the tables every Lua OLTP test of sysbench 1.0 shares
// ("oltp_read_write.lua … run >> /tmp/sysbench.log", then "oltp_common.lua
// … cleanup", then the log).
func sameTables(ran, cleaned string) bool {
	if ran == cleaned {
		return true
	}
	if cleaned != "oltp_common" {
		return false
	}
	t, ok := LookupTest(ran)
	return ok && t.Family == FamilyLua1 && t.Rate == "tps"
}

// peekCommand returns the command the next run of tool would take: the
// next one of a loop, else the pending command line.
func (c *ctx) peekCommand(tool string) *Command {
	if q := c.queue; q != nil && q.next < len(q.cmds) && q.cmds[q.next].Tool == tool {
		return q.cmds[q.next]
	}
	return c.command
}

// Stream reads r, the input called name, and emits every run, capture
// and error it finds, in input order. It returns an error only when r
// fails: an *Error naming the input and the last line read, wrapping r's
// error. Problems with the text are emitted as *Error items and the rest
// of the input is still read.
func Stream(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, sniffing, emit)
}

// stream reads r as Stream does, with the detectors of f only.
func stream(r io.Reader, name string, f *format, emit func(Item)) error {
	// Once the input is read, its runs let go of what reading it needed
	// (letGo): the maps and strings cut from the text that a reader
	// keeping thousands of runs would otherwise keep, with the text.
	var runs []*Run
	out := emit
	emit = func(it Item) {
		if r, ok := it.(*Run); ok {
			runs = append(runs, r)
		}
		out(it)
	}
	defer func() {
		for _, r := range runs {
			r.letGo()
		}
	}()
	// Deferred after letGo, so run before it: the runs held to be
	// checked against the outputs below them are emitted first.
	rs := &restatements{out: emit}
	emit = rs.emit
	defer rs.flush()
	c := &ctx{name: name, f: f, emit: emit}
	lr := newLineReader(r)
	defer lr.release()
	var cur block
	finish := func() {
		if cur != nil {
			cur.end(c)
			cur = nil
		}
	}
	var l Line
	longIdx := 0
	for {
		no, raw, ok := lr.next()
		if !ok {
			break
		}
		for ; longIdx < len(lr.long); longIdx++ {
			c.errorf(lr.long[longIdx], "line longer than %d bytes skipped (expected text lines)", MaxLineBytes)
		}
		if lr.binary {
			c.errorf(no, "binary data, not text (expected %s)", f.binaryExpect())
			return nil
		}
		if !c.spacingKnown || c.reprint {
			// A reprint with a blank line after every line (doc.Spaced)
			// is read without them, decided at the first blank line
			// after text from the lines ahead.
			blank := doc.Blank(raw)
			if !c.spacingKnown && blank && c.textBefore {
				c.spacingKnown = true
				c.reprint = lr.winOff <= len(lr.win) && doc.Spaced(lr.win[lr.winOff:])
			}
			if c.reprint && blank && c.textBefore {
				c.textBefore = false
				continue
			}
			c.textBefore = !blank
		}
		l = Line{No: no, Raw: raw}
		if lr.plain {
			l.win = lr.w
		}
		if c.diff {
			var skip bool
			if l.Raw, skip = c.diffLine(raw); skip {
				continue
			}
			if len(l.Raw) != len(raw) {
				l.win = nil // Raw is no longer the window's line
			}
		}
		c.lineNo = no
		normalizeKnown(&l, lr.plain)
		if fenceLine(raw) && strings.HasPrefix(strings.TrimLeft(raw, " "), "```") {
			c.inFence = !c.inFence
		}
		if l.Text == "" && !c.diff && len(raw) > 6 && fenceLine(raw) {
			c.diffLine(raw) // a fence (normalised to nothing) may open a diff
		}
		if c.pendRaw != "" && !c.continuesPending(&l) {
			c.settleCommand()
		}
		if c.loopLine(&l) {
			continue
		}
		c.noteAssignment(&l)
		l.Cmd = commandInLine(l.Text, &l)
		if l.Cmd != nil && l.Prompt == "#" && markdownTitle(l.Cmd) {
			// "# sysbench scaling issue": a Markdown title, not a root
			// prompt's command; the outline reads it from Raw.
			l.Cmd, l.Prompt = nil, ""
		}
		if l.Prompt != "" || l.Cmd != nil || c.continuesCommand(&l) {
			c.noteCommand(&l)
		} else if l.win.lacks(needleBacktick) {
			// no inline command: no backquote
		} else if cmd := inlineCommand(l.Text); cmd != nil {
			c.command, c.cmdLine, c.textBeforeCmd = cmd, l.No, c.lastText
		}
		if l.Cmd == nil && l.Prompt == "" {
			if cmd := c.yamlArgs(&l); cmd != nil {
				c.command, c.cmdLine, c.textBeforeCmd = cmd, l.No, c.lastText // a command given as a YAML list (yamlargs.go)
			}
		}
		c.noteEngineText(&l)
		c.noteConfigLine(&l)
		c.noteSchemaText(&l)
		if cur != nil {
			if nb := c.cornerRule(&l); nb != nil {
				// The block began at a header the rule shows a cell
				// short: the table is read from its header again.
				cur = nb
				c.blankRun = 0
				continue
			}
			switch cur.feed(&l) {
			case consumed:
				c.blankRun = 0
				if t := trimBlank(l.Raw); t == "" || fenceLine(l.Raw) {
					// A blank line or a fence an output took in still
					// shapes the text: a caption names the fence below it.
					c.outline.Add(l.No, l.Raw)
				}
				continue
			case done:
				finish()
				continue
			case skipped:
				if nb := c.detect(&l); nb != nil {
					finish()
					cur = nb
					continue
				}
				c.remember(&l)
				continue
			case rejected:
				finish()
			}
		}
		if nb := c.detect(&l); nb != nil {
			cur = nb
			continue
		}
		c.remember(&l)
	}
	for ; longIdx < len(lr.long); longIdx++ {
		c.errorf(lr.long[longIdx], "line longer than %d bytes skipped (expected text lines)", MaxLineBytes)
	}
	if c.pendRaw != "" {
		c.settleCommand()
	}
	finish()
	c.flushBadJSON()
	c.endLoop(0)
	for _, f := range c.atEnd {
		f()
	}
	c.resolveLoop()
	if lr.err != nil {
		return &Error{Source: name, Message: fmt.Sprintf("read error after line %d: %v", lr.no, lr.err), err: lr.err}
	}
	if lr.no == 0 && lr.err == nil {
		c.errorf(0, NothingFound+": the input is empty (0 bytes)")
	}
	if c.found == 0 && lr.no > 0 {
		lines := "lines"
		if lr.no == 1 {
			lines = "line"
		}
		c.errorf(0, NothingFound+" in %d %s (expected %s)", lr.no, lines, f.expect)
	}
	return nil
}

func (c *ctx) detect(l *Line) block {
	if l.Text == "" {
		return nil
	}
	for _, d := range c.f.detectors {
		if b := d(l, c); b != nil {
			c.started = *l
			if _, isJSON := b.(*jsonBlock); !isJSON {
				c.flushHook()
			}
			return b
		}
	}
	return nil
}

// flushHook emits a report_json run still open (one killed before its
// cumulative report) before another record starts, keeping input order.
func (c *ctx) flushHook() {
	if st, ok := c.hook.(*hookState); ok && st.h != nil {
		st.flush(c)
	}
}

// fenceLine reports a line whose first byte after spaces is a backquote:
// perhaps a code fence.
func fenceLine(raw string) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != ' ' {
			return raw[i] == '`'
		}
	}
	return false
}

// diffLine reads a line of a ```diff fence as the text it adds: an added
// ("+") or context (" ") line without its marker; a removed line ("-")
// and a hunk header ("@@") are not on the page (skip). The fence's own
// lines open and close it.
func (c *ctx) diffLine(raw string) (text string, skip bool) {
	t := strings.TrimLeft(raw, " ")
	if strings.HasPrefix(t, "```") {
		rest := strings.TrimLeft(t, "`")
		switch {
		case !c.diff && strings.TrimSpace(rest) == "diff":
			c.diff = true
		case c.diff && strings.TrimSpace(rest) == "":
			c.diff = false
		}
		return raw, false
	}
	if !c.diff || raw == "" {
		return raw, false
	}
	switch raw[0] {
	case '+', ' ':
		return raw[1:], false
	case '-':
		return raw, true
	case '@':
		return raw, strings.HasPrefix(raw, "@@")
	}
	return raw, false
}

// atxTitle reports a Markdown ATX heading that the prompt reader took for
// a root prompt with no command: "# [Subtask]: Profiling of sysbench point
// select" at the start of the line, outside a code fence, its title
// starting with a capital, a bracket or a character no command begins
// with ("# 🧠 Memory Experiment", "# 测试结果"). "# free -m" stays a
// prompt.
func atxTitle(raw string) bool {
	i := 0
	for i < len(raw) && i < 6 && raw[i] == '#' {
		i++
	}
	if i == 0 || i+1 >= len(raw) || raw[i] != ' ' {
		return false
	}
	c := raw[i+1]
	return c >= 'A' && c <= 'Z' || c == '[' || c >= 0x80
}

// remember keeps an unclaimed line as context for the blocks that follow.
func (c *ctx) remember(l *Line) {
	if l.Prompt == "" || l.Prompt == "#" && l.Cmd == nil && !c.inFence && atxTitle(l.Raw) {
		c.outline.Unfenced = true
		h, ok := c.outline.Add(l.No, l.Raw)
		test := ""
		if ok {
			test = c.noteHeadingTest(h)
			if c.lastRunStart > 0 && c.outline.DocumentTitle(h) {
				c.titleAfterRun = h.Line
			}
		}
		c.noteContextLine(l, ok, test)
	}
	if l.Text == "" {
		c.blankRun++
		return
	}
	if c.blankRun >= 3 {
		c.headings = c.headings[:0]
	}
	c.blankRun = 0
	c.lastText = l.No
	c.noteTestWord(l)
	c.noteToolWord(l)
	c.noteFacts(l)
	c.noteServerSet(l.Text, l.No)
	if k := captionMetric(l.Text); k != colOther {
		c.saidRate, c.saidRateLine = k, l.No
	}
	if len(c.headings) == maxHeadings {
		copy(c.headings, c.headings[1:])
		c.headings = c.headings[:maxHeadings-1]
	}
	c.headings = append(c.headings, Heading{No: l.No, Text: l.Text, Raw: l.Raw})
}

// spelling returns the first spelling the input gave a heading label
// that differs from h only in case.
func (c *ctx) spelling(h string) string {
	h = unescapeMarkup(h)
	k := strings.ToLower(h)
	if first, ok := c.spellings[k]; ok {
		return first
	}
	if c.spellings == nil {
		c.spellings = map[string]string{}
	}
	c.spellings[k] = h
	return h
}

// unescapeMarkup drops the backslash of a Markdown or reStructuredText
// escape ("innodb\_flush\_log" is innodb_flush_log as the page shows it):
// a backslash before ASCII punctuation. Other backslashes stay.
func unescapeMarkup(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("_*#[]()<>`|~!-+.{}", s[i+1]) >= 0 {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// windowsPrompt reports a Windows command prompt ("C:\Users\me>"): a
// shell, not a database client.
func windowsPrompt(p string) bool {
	return len(p) > 3 && p[1] == ':' && p[2] == '\\'
}

// noteCommand records a command line typed at a prompt, or a sysbench or
// mysqlslap invocation written out, for the run that follows.
func (c *ctx) noteCommand(l *Line) {
	text := l.Text
	if clientPrompt(l.Prompt) && !toolCommand(l.Cmd) {
		if l.Prompt == "->" && c.stmt != "" {
			c.stmt += " " + text
		} else if text != "" {
			c.stmt, c.stmtLine = text, l.No
		}
		c.noteServerSet(text, l.No)
		return
	}
	if h := promptHost(l.Prompt); h != "" {
		c.promptHost, c.promptHostLine = h, l.No
	}
	if text == "" {
		return
	}
	if c.continuesCommand(l) {
		raw, prompt := c.pendRaw, c.pendPrompt
		if raw == "" {
			raw, prompt = strings.TrimSpace(c.command.raw), c.command.Prompt
		}
		if strings.HasSuffix(raw, "\\") || strings.HasPrefix(text, "-") {
			raw = strings.TrimSuffix(raw, "\\") + " " // the next option starts the line
			if strings.HasPrefix(text, "- - ") {
				text = "--" + text[len("- - "):] // "- - mysql-user=root": its dashes spaced apart
			}
		} // else wrapped inside an option: joined as it was before the wrap
		c.cmdLine = l.No
		if joined := strings.TrimSpace(raw + text); strings.HasSuffix(joined, "\\") {
			// More follows: parsing every prefix of a long command cost
			// time quadratic in its lines.
			c.pendRaw, c.pendPrompt, c.pendOf = joined, prompt, c.command
			return
		}
		c.pendRaw, c.pendOf = "", nil
		c.continued(raw+text, prompt)
		return
	}
	if l.Cmd != nil {
		c.command = l.Cmd
	} else {
		c.command = ParseCommand(text)
	}
	c.command.Prompt = l.Prompt
	c.cmdLine, c.cmdStart, c.cmdPrompt = l.No, l.No, l.Prompt
	c.textBeforeCmd = c.lastText
	c.commandSeen(true)
}

// clientPrompt reports the prompts of a SQL client and its continuation
// lines ("mysql>", "->", "MariaDB [db]>"), not a Windows shell's "C:\>".
// toolCommand reports a sysbench or mysqlslap command: typed after a
// client's continuation prompt ("-> mysqlslap --query=..."), it is the
// shell's, not a statement's next line.
func toolCommand(cmd *Command) bool {
	return cmd != nil && (cmd.Tool == ToolSysbench || cmd.Tool == ToolMysqlslap)
}

func clientPrompt(p string) bool {
	return p == "mysql>" || p == "->" || strings.HasSuffix(p, "]>") || strings.HasSuffix(p, ">") && !windowsPrompt(p) && !strings.HasSuffix(p, ">>>") && !manualShellPrompt(p)
}

// manualShellPrompt reports the shell prompts of the MySQL manual
// ("shell>", "$>"), which end in '>' as a client's do.
func manualShellPrompt(p string) bool { return p == "shell>" || p == "$>" }

// continued files the command made of the lines from c.cmdStart to
// c.cmdLine, joined as text.
func (c *ctx) continued(text, prompt string) {
	if c.toolCmd != nil && c.toolCmdLine >= c.cmdStart && c.toolCmdLine < c.cmdLine {
		// The command's earlier lines named the run command; commandSeen
		// tells a continuation by the line before it.
		c.toolCmdLine = c.cmdLine - 1
	}
	c.command = ParseCommand(text)
	c.command.Prompt = prompt
	c.commandSeen(false)
}

// continuesPending reports whether l goes on with the command held in
// c.pendRaw: the next line, with text, not in a loop or at a client
// prompt, while nothing has taken or replaced the command.
func (c *ctx) continuesPending(l *Line) bool {
	return l.No == c.cmdLine+1 && l.Text != "" && c.command == c.pendOf && c.loop == nil &&
		!startsLoop(l.Text) && !clientPrompt(l.Prompt)
}

// settleCommand parses the command held in c.pendRaw when the line after
// it does not continue it, or the input ends.
func (c *ctx) settleCommand() {
	raw, prompt, of := c.pendRaw, c.pendPrompt, c.pendOf
	c.pendRaw, c.pendOf = "", nil
	if c.command != of {
		return // taken or replaced meanwhile
	}
	c.continued(raw, prompt)
}

// commandSeen files the command just read (or just continued): a run
// command waits for its output even across other commands, a prepare
// command for the runs of its test, and a new command closes the output
// of the loop before it.
func (c *ctx) commandSeen(first bool) {
	cmd := c.command
	if first {
		c.toolCmdBefore, c.toolCmdBeforeLine = c.toolCmd, c.toolCmdLine
		c.stackedBefore, c.pendingBefore = c.stackedRuns, c.pendingRuns
	}
	// unfile gives back the run command typed before a continued command
	// that was filed as a run until its last line said otherwise, and
	// unstacks it: "sysbench oltp_read_write \ … cleanup" after the
	// run command is that run's cleanup, not a second run of its test
	// waiting for output.
	unfile := func() {
		if c.toolCmdLine == c.cmdLine-1 && !first {
			c.toolCmd, c.toolCmdLine = c.toolCmdBefore, c.toolCmdBeforeLine
			c.stackedRuns, c.pendingRuns = c.stackedBefore, c.pendingBefore
		}
	}
	if cmd.Tool != ToolSysbench && cmd.Tool != ToolMysqlslap {
		if c.toolCmd != nil {
			unfile() // a continued command that turned out not to run sysbench
		}
		return
	}
	c.noteContextCommand(cmd, c.cmdStart)
	switch {
	case cmd.Action == "prepare" && cmd.Tool == ToolSysbench:
		if c.prepared == nil {
			c.prepared = map[string]*Command{}
		}
		c.prepared[cmd.Test] = cmd
		c.prepLines = setLine(c.prepLines, cmd.Test, c.cmdLine)
		unfile()
	case cmd.Action == "cleanup":
		unfile()
	default:
		// A run command still waiting for its output when another one
		// is typed (not the same command continued over lines).
		c.stackedRuns = c.toolCmd != nil && c.toolCmdLine < c.cmdStart && c.toolCmdLine > c.lastRunStart &&
			c.toolCmd.Tool == cmd.Tool && c.toolCmd.Test == cmd.Test
		if c.stackedRuns {
			c.pendingRuns = append(c.pendingRuns, cmd)
		} else {
			c.pendingRuns = []*Command{cmd}
		}
		c.toolCmd, c.toolCmdLine = cmd, c.cmdLine
	}
	if first && cmd.Action != "cleanup" {
		c.candidates = nil
	}
	if first {
		// A command typed after a loop closes the loop's output.
		c.resolveLoop()
	}
}

// continuesCommand reports whether l continues a command line that ended
// with a backslash.
func (c *ctx) continuesCommand(l *Line) bool {
	if c.pendRaw != "" {
		return c.continuesPending(l)
	}
	if c.command == nil || l.No != c.cmdLine+1 {
		return false
	}
	raw := strings.TrimSpace(c.command.raw)
	return strings.HasSuffix(raw, "\\") || wrappedOption(c.command, raw, l)
}

// wrappedOption reports a sysbench command cut inside an option by the
// width of a terminal or a page ("... --mysql-" above "host=db1
// --threads=4 oltp_read_only run"): the command names no action yet, its
// last word is an option ending in '-' or '=', and the next line goes on
// with a word, not with output or another prompt.
func wrappedOption(cmd *Command, raw string, l *Line) bool {
	if cmd.Tool != ToolSysbench || cmd.Action != "" || l.Prompt != "" || l.Text == "" {
		return false
	}
	last := raw[strings.LastIndexAny(raw, " \t")+1:]
	if !strings.HasPrefix(last, "-") {
		return false
	}
	c := l.Text[0]
	if c == '-' {
		// Wrapped between two options, no backslash ("… --mysql-db=cbusdb"
		// over "- - mysql-user=root … --num-threads=8 run", a page's
		// width): the line goes on with options and ends with the action.
		words := strings.Fields(l.Text)
		return len(words) > 1 && sysbenchActions[words[len(words)-1]] && strings.Contains(l.Text, "--")
	}
	if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') || strings.HasPrefix(l.Text, "sysbench ") {
		return false
	}
	if strings.HasSuffix(last, "-") || strings.HasSuffix(last, "=") {
		return true
	}
	// Cut inside a value ("--mysql-host=0.0.0." over "0 --mysql-port=3309
	// ... oltp.lua run"): the line below goes on with options and ends
	// with the action the command lacks.
	words := strings.Fields(l.Text)
	return strings.Contains(last, "=") && len(words) > 1 && sysbenchActions[words[len(words)-1]] &&
		strings.Contains(l.Text, " --")
}

// NothingFound starts the message of the Error that Stream emits for an
// input in which it found nothing at all.
const NothingFound = "no benchmark output or capture found"

// ErrNothingFound matches (errors.Is) the Error emitted for an input in
// which nothing was found.
var ErrNothingFound = errors.New("parse: " + NothingFound)

// All reads every item of r into a Document.
func All(r io.Reader, name string) (*Document, error) {
	d := &Document{}
	err := Stream(r, name, d.Add)
	return d, err
}

// newRun starts a run of tool at line, taking the command line that
// preceded it (if any, and if it invoked the same tool), or the next
// command of the loop before it. It also takes the host the last prompt
// named, the storage engine the nearest capture states when the command
// names none (both recorded in LabelFrom), and the captures that precede
// it (Captures).
func (c *ctx) newRun(tool string, line int) *Run {
	r := &Run{Source: c.name, Line: line, EndLine: line, Tool: tool, reading: &reading{shellEnv: c.shellVars}}
	if len(c.cnfBlocks) > 0 {
		r.cnfEngine, r.cnfFrom, r.cnfNamed = c.configEngine()
	}
	if q := c.queue; q != nil && tool != ToolTable {
		// The loop's commands are given out when the loop is resolved,
		// once it is known whether they match the blocks.
		if q.next < len(q.cmds) && q.cmds[q.next].Tool == tool {
			q.next++
		} else {
			q.mismatch = true
		}
		q.taken = append(q.taken, r)
		r.loopPending = true
	} else if cmd := c.takeRunCommand(tool, line); cmd != nil && cmd.Action != "prepare" && cmd.Action != "cleanup" {
		r.applyCommand(cmd)
		r.cmdAt = c.takenLine
		c.attachPrepare(r, cmd)
		if tool != ToolTable {
			c.lastRun, c.lastRunLine = cmd, c.takenLine
		}
	} else if len(c.candidates) > 0 && c.candidates[0].Tool == tool {
		r.candidates, r.candLine = c.candidates, c.cmdLine
	} else if last := c.lastRun; last != nil && last.Tool == tool && tool != ToolTable {
		// Output shown without its command after a run that showed one
		// ("the same again, on tmpfs:"): a reader takes it for the same
		// command, unless the output says otherwise (settle).
		r.inherit, r.inheritLine = last, c.lastRunLine
		c.attachPrepare(r, last)
	}
	if tool != ToolTable {
		h, at := c.labelAbove(line)
		if p := c.outline.Path(); h != "" && len(p) > 0 && p[len(p)-1].Line == at {
			// The label is the heading of the run's own section; a title
			// repeated under another section is named by it too.
			if parent := c.outline.RepeatParent(len(p) - 1); parent != "" {
				h = parent + " / " + h
			}
		}
		if h != "" && at != 0 {
			if sec := c.innerSection(); sec != "" && !strings.EqualFold(sec, h) {
				r.labelSec = sec // qualifyLabel, once the run's test is known
			}
		}
		if h == "" && c.lastLabel != "" && (c.nothingSince(c.lastRunStart) || c.sameCommandAgain(r)) {
			// Output right after output, nothing between: two results
			// pasted under one label line; or the same command typed
			// again with nothing else between, under the label of the
			// first ("# k8s nfs", then three runs of one command).
			h, at = c.lastLabel, c.lastLabelAt
		}
		if h == "" {
			h, at = c.section()
		}
		if h != "" {
			r.SetLabelFrom("heading", c.spelling(h), "line "+strconv.Itoa(at))
		}
		c.lastLabel, c.lastLabelAt = h, at
		if r.cmdOpts != nil {
			c.noteRerun(r)
		}
	}
	if c.promptHost != "" {
		r.SetLabelFrom("host", c.promptHost, "prompt at line "+strconv.Itoa(c.promptHostLine))
	}
	r.Captures = c.captureIDs()
	if tool != ToolTable {
		r.ctxPath = c.mdPath()
		r.ctxTest, r.ctxTestLine = c.titledTest(line, r.ctxPath)
		c.commandForTitle(r)
		r.engineHint, r.engineFrom, r.engineLine = c.engine, c.engineFrom, c.engineLine
		r.schemaHint, r.schemaLine, r.scriptLine = c.schema, c.schemaLine, c.scriptLine
		r.prevRunLine = c.lastRunStart
		c.lastRunStart = line
		c.lastRunCmd = ""
		if r.cmdOpts != nil {
			c.lastRunCmd = commandKey(tool, r.cmdOpts)
		}
	}
	return r
}

// qualifyLabel names a run's label line by the section it stands in
// when the same label stood over a run of the same tool and test in
// another section before: under "1. t2.micro", "2. t2.medium" and "3.
// c5d.large", the caption "Memory Sequential Read" over each output is
// "t2.medium: … / Memory Sequential Read" the second time; under "###
// Normal Distribution" and "### Exponential Distribution", the same list
// of cases. A label over runs of different tests ("DigitalOcean" under
// "## CPU", then under "## Memory") names a system in every section alike.
func (c *ctx) qualifyLabel(r *Run) {
	h := r.Labels["heading"]
	if r.labelSec == "" || h == "" {
		return
	}
	k := strings.ToLower(h) + "\x00" + r.Tool + "\x00" + r.Test
	first, seen := c.labelSections[k]
	if !seen {
		if c.labelSections == nil {
			c.labelSections = map[string]string{}
		}
		c.labelSections[k] = r.labelSec
		return
	}
	if !strings.EqualFold(first, r.labelSec) {
		r.Labels["heading"] = r.labelSec + " / " + h
	}
}

// documentTitle reports a heading that is the document's title and so
// names none of its runs: the first level-1 heading, unless runs were
// read above it (then an excerpt begins mid-document, and "# Step 4 …"
// is a section like those before it).
func (c *ctx) documentTitle(h doc.Heading) bool {
	return c.outline.DocumentTitle(h) && h.Line != c.titleAfterRun
}

// innerSection is the title of the innermost section section names the
// runs by, "" when none.
func (c *ctx) innerSection() string {
	p := c.outline.Path()
	for k := len(p) - 1; k >= 0; k-- {
		h := p[k]
		if h.Form == doc.Item || c.documentTitle(h) {
			continue
		}
		t := stripSectionNumber(c.outline.Name(k))
		if namesNothing(t) || utf8.RuneCountInString(t) > titleLimit(h.Form, t) || repeatMarkRE.MatchString(t) || outputTitle(h.Title, false) {
			continue
		}
		return t
	}
	return ""
}

// sameCommandAgain reports a run whose command, typed after the last run
// began, is that run's command again (the same tool and options), with no
// line between the last run and it but the command's own.
func (c *ctx) sameCommandAgain(r *Run) bool {
	if r.cmdOpts == nil || c.lastRunCmd == "" || c.lastRunStart == 0 || c.cmdLine <= c.lastRunStart ||
		commandKey(r.Tool, r.cmdOpts) != c.lastRunCmd {
		return false
	}
	return c.textBeforeCmd < c.lastRunStart && c.lastText <= c.cmdLine
}

// commandKey is a tool and its options, in order.
func commandKey(tool string, opts map[string]string) string {
	key, _ := optionsKey(tool, opts, nil)
	return key
}

// applyCommand takes what a command line says of the run: the command
// (masked), its test, threads, time limit, labels and options. Threads
// printed by the run itself (its options header, mysqlslap's clients) win
// over the command's.
func (r *Run) applyCommand(cmd *Command) {
	r.Command = cmd.Masked()
	for k, v := range cmd.Labels {
		if k == "test" || k == "threads" || k == "concurrency" && r.Tool != ToolMysqlslap {
			continue
		}
		var ok bool
		if k == "engine" && !(r.Tool == ToolMysqlslap && r.Labels["engine"] != "") {
			v, ok = r.expandEngine(v) // the text's server configuration tells an unset $engine
		} else {
			v, ok = r.expand("label "+k, v)
		}
		if !ok {
			continue
		}
		if _, ok := r.Labels[k]; ok && k == "engine" && r.Tool == ToolMysqlslap {
			continue // the block's "Running for engine" wins over a list
		}
		r.SetLabel(k, v)
	}
	if cmd.Test != "" {
		r.Test = cmd.Test
	}
	if v, ok := cmd.Labels["threads"]; ok && (r.Threads == nil || r.ThreadsFrom == "interim" || r.ThreadsFrom == "fairness") {
		if out, _, ok := r.resolveVars(v); ok {
			v = out // "--threads=$sbthreads" after "export sbthreads=4"
		}
		if n, err := atoiStrict(v); err == nil && n > 0 {
			r.Threads, r.ThreadsFrom = iptr(n), "command"
		}
	}
	for _, k := range []string{"time", "max-time"} {
		if v, ok := cmd.Opts[k]; ok {
			if f, err := parseNum(v); err == nil {
				r.Options.TimeLimitS = fptr(f)
			}
		}
	}
	// The options header sysbench prints says it too, and wins when
	// shown; a paste without it keeps the command's.
	if v, ok := cmd.Opts["report-interval"]; ok && r.Options.ReportIntervalS == nil {
		if f, err := parseNum(v); err == nil && f > 0 {
			r.Options.ReportIntervalS = fptr(f)
		}
	}
	r.cmdOpts = cmd.Opts
}

// emitRun emits a finished run, its impossible values refused.
func (c *ctx) emitRun(r *Run) {
	refuseImpossible(r)
	if r.Tool == ToolTable && c.restatedRow(r) {
		return
	}
	if name := r.Labels["system"]; r.Tool == ToolTable && statisticName(name) {
		// "| Mean | 220.86 |" under "| Statistic | Events/sec |": a
		// figure computed from runs, no run of its own.
		c.add(&Error{Source: c.name, Line: r.Line, Message: fmt.Sprintf(
			"table row %q is a statistic of runs (a mean, a median, a spread), not a run: not read as one", name)})
		return
	}
	if r.Labels == nil {
		r.Labels = map[string]string{}
	}
	if !r.loopPending {
		r.settle()
		c.takeContextTest(r)
		c.takeContextThreads(r)
		takeDefaultThreads(r)
		c.qualifyLabel(r)
		c.markCopied(r)
	}
	c.noteRanIn(r)
	if r.Tool == ToolSysbench && r.Threads != nil && r.TPS == nil && r.EPS == nil && r.Events == nil &&
		r.FileIO == nil && r.Memory == nil {
		c.hdrThreads, c.hdrLine = *r.Threads, r.Line
	}
	c.add(r)
	c.noteShownRates(r)
}

// statisticNames are the names of a table row that summarises the runs of
// other rows or repeats.
var statisticNames = map[string]bool{"mean": true, "median": true, "average": true, "avg": true, "min": true,
	"minimum": true, "max": true, "maximum": true, "std": true, "stddev": true, "std dev": true, "std. dev.": true,
	"stdev": true, "standard deviation": true, "variance": true, "cv": true, "coefficient of variation": true,
	"range": true, "geomean": true, "geometric mean": true, "平均": true, "平均值": true, "中位数": true,
	"最小": true, "最小值": true, "最大": true, "最大值": true, "标准差": true, "方差": true, "中央値": true,
	"標準偏差": true, "평균": true, "중앙값": true, "표준편차": true}

// statisticName reports a row name that is a statistic of runs ("Mean",
// "**Average**", "Std Dev").
func statisticName(name string) bool {
	n := strings.ToLower(strings.TrimSpace(strings.Trim(strings.TrimSpace(name), "*_`:")))
	return statisticNames[n]
}

// restatedRow reports a table row that restates a row of an earlier table
// of the input: the same test, threads, system, engine, host and
// settings, and every value it measured equal (a summary table printed again under its raw output, a
// README's table repeated in its own format). The earlier row stands and
// carries a warning naming the line that restates it.
func (c *ctx) restatedRow(r *Run) bool {
	var b strings.Builder
	n := 0
	for _, v := range restatedValues(r) {
		fmt.Fprintf(&b, "%s=%g;", v.name, v.v)
		n++
	}
	for _, m := range r.Metrics {
		fmt.Fprintf(&b, "%s=%g;", m.Name, m.Value)
		n++
	}
	if n == 0 {
		return false
	}
	fmt.Fprintf(&b, "test=%s;threads=%s;system=%s;engine=%s;host=%s", r.Test, intText(r.Threads),
		r.Labels["system"], r.Labels["engine"], r.Labels["host"])
	keys := make([]string, 0, len(r.Settings))
	for k := range r.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, ";%s=%s", k, r.Settings[k])
	}
	key := b.String()
	if first, ok := c.tableRows[key]; ok && first.Labels["table"] != r.Labels["table"] {
		first.Warn(first.Line, fmt.Sprintf("restated by the table row at line %d: read once", r.Line))
		return true
	}
	if c.tableRows == nil {
		c.tableRows = map[string]*Run{}
	}
	c.tableRows[key] = r
	return false
}
