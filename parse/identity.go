package parse

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/doc"
	"github.com/sbreport/sbreport/parse/sysbench"
)

// What a run is: the parts of its identity that the text around it gives
// (its command line, the options header it printed, the prompt it was typed
// at, the loop that ran it, the captures before it). Package collect adds
// what paths, directories and manifests give.

// promptHost returns the machine a shell prompt names: "db1" for
// "[root@db1 ~]#", "user@db1:~$", "user@db1 ~ $" or "db1:~ user$"; "" for
// a prompt that names none ("$", "#", "mysql>").
func promptHost(p string) string {
	if p == "" || p == "$" || p == "#" || p == "%" || p == ">>>" || strings.HasSuffix(p, ">") && !strings.HasSuffix(p, ">>>") {
		return ""
	}
	p = strings.TrimPrefix(p, "[")
	if i := strings.IndexByte(p, '@'); i >= 0 {
		h := p[i+1:]
		if j := strings.IndexAny(h, ": ]$#%"); j >= 0 {
			h = h[:j]
		}
		return cleanHost(h)
	}
	// macOS: "db1:~ user$"
	if i := strings.IndexByte(p, ':'); i > 0 && strings.Contains(p[i:], " ") {
		return cleanHost(p[:i])
	}
	return ""
}

// cleanHost keeps a host name that looks like one.
func cleanHost(h string) string {
	if h == "" || len(h) > 64 {
		return ""
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(isWordChar(c) || c == '-' || c == '.') {
			return ""
		}
	}
	return h
}

// loopLine watches the lines of a transcript for shell for loops. The
// lines are still read as usual (loopLine never claims one); once a loop
// is complete its expanded commands wait for the result blocks that
// follow (see loopQueue).
func (c *ctx) loopLine(l *Line) bool {
	t := l.Text
	if c.loop == nil {
		if t == "" || !startsLoop(t) {
			return false
		}
		c.loop = &loopParser{start: l.No}
	}
	if c.loop.add(t) {
		c.endLoop(l.No)
	}
	return false
}

// endLoop turns a complete loop into the queue of commands for the blocks
// that follow; a loop still open at the end of the input is dropped.
func (c *ctx) endLoop(line int) {
	lp := c.loop
	if lp == nil {
		return
	}
	c.loop = nil
	if line == 0 || lp.depth > 0 {
		return
	}
	q := newLoopQueue(lp, line)
	if q == nil {
		return
	}
	c.resolveLoop()
	c.queue = q
	c.command = nil // the body's commands, as written, belong to the loop
}

// resolveLoop gives the runs after a loop their commands: the n-th
// expanded command to the n-th run when the counts agree, else the loop's
// command as written to each, with a warning. Items held meanwhile are
// emitted in order.
func (c *ctx) resolveLoop() {
	q := c.queue
	if q == nil {
		return
	}
	c.queue = nil
	match := !q.mismatch && len(q.taken) == len(q.cmds)
	for i, r := range q.taken {
		r.loopPending = false
		if match {
			r.applyCommand(q.cmds[i])
			c.attachPrepare(r, q.cmds[i])
			r.LabelFrom = setFrom(r.LabelFrom, "loop", fmt.Sprintf("shell loop at lines %d-%d, iteration %d of %d", q.line, q.end, i+1, len(q.cmds)))
		} else {
			if q.raw != nil {
				r.applyCommand(q.raw)
			}
			r.Warn(q.line, fmt.Sprintf("shell loop at lines %d-%d runs %d result blocks but %d follow it: every block keeps the loop's command unexpanded",
				q.line, q.end, len(q.cmds), len(q.taken)))
			if q.raw != nil && q.usesVars() {
				// The command changes from one iteration to the next:
				// the blocks are different experiments, though which
				// value each ran with is not known.
				r.SetLabelFrom("loop_run", strconv.Itoa(i+1), fmt.Sprintf("block %d after the shell loop at lines %d-%d", i+1, q.line, q.end))
			}
		}
		r.settle()
	}
	held := c.held
	c.held = nil
	for _, it := range held {
		c.emit(it)
	}
}

func setFrom(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}

// Capture kinds, in the order Run.Captures lists them.
var captureKinds = []string{"host", "variables", "status", "table_status"}

// noteCapture records a capture for the runs that follow it, and the
// storage engine it states.
func (c *ctx) noteCapture(it Item) {
	var kind string
	var line int
	switch v := it.(type) {
	case *Host:
		kind, line = "host", v.Line
	case *Variables:
		kind, line = v.Kind, v.Line
		if kind == "" {
			kind = "variables"
		}
		for _, k := range []string{"default_storage_engine", "storage_engine"} {
			if e := v.Values[k]; e != "" && kind == "variables" {
				c.setEngine(e, fmt.Sprintf("%s at line %d", k, v.Line))
				break
			}
		}
	case *TableStatus:
		kind, line = "table_status", v.Line
		if v.Engine != "" && !strings.EqualFold(v.Engine, "NULL") {
			what := "SHOW TABLE STATUS"
			if strings.Contains(strings.ToLower(v.Source), "information_schema") {
				what = "information_schema.TABLES"
			}
			c.setEngine(v.Engine, fmt.Sprintf("%s at line %d", what, v.Line))
		}
	default:
		return
	}
	if c.captures == nil {
		c.captures = map[string]string{}
	}
	id := CaptureID(c.name, line)
	// Consecutive rows of one table-status result describe the same runs.
	if kind == "table_status" && c.captures[kind] != "" && c.capRuns == c.runs {
		c.captures[kind] += "\n" + id
		return
	}
	c.captures[kind] = id
	c.capRuns = c.runs
}

// captureIDs returns the captures that precede a run starting now.
func (c *ctx) captureIDs() []string {
	c.runs++
	var out []string
	for _, k := range captureKinds {
		if v := c.captures[k]; v != "" {
			out = append(out, strings.Split(v, "\n")...)
		}
	}
	return out
}

func (c *ctx) setEngine(e, from string) {
	e = strings.ToLower(strings.TrimSpace(e))
	if e == "" || !isIdentifier(e) {
		return
	}
	c.engine, c.engineFrom = e, from
	c.engineLine = c.lineNo
}

var createEngineRE = regexp.MustCompile(`(?i)(?:^\)|\bCREATE\s+TABLE\b.*\))\s*ENGINE\s*=\s*([A-Za-z][A-Za-z0-9_]*)`)

var indexDDLRE = regexp.MustCompile(`(?i)^(?:CREATE\s+(?:UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+)?INDEX|DROP\s+INDEX|ALTER\s+TABLE\s+\S+\s+(?:ADD|DROP)\s+(?:UNIQUE\s+)?(?:INDEX|KEY))(?:\s|\()`)

// noteSchemaText remembers the last index change the text shows
// ("CREATE INDEX idx_salary ON salaries(salary);", "ALTER TABLE t ADD
// INDEX ...") and the last Lua event function it shows ("function
// event()"): runs after them ran against another schema, or another
// script, than runs before them, though their command is the same
// (schemaLabels).
func (c *ctx) noteSchemaText(l *Line) {
	t := l.Text
	if len(t) < 12 {
		return
	}
	switch t[0] | 0x20 {
	case 'c', 'd', 'a':
		// The words first: "avg-cpu:" and "Device:" open every iostat report.
		if (hasPrefixFoldASCII(t, "create") || hasPrefixFoldASCII(t, "drop") || hasPrefixFoldASCII(t, "alter")) &&
			indexDDLRE.MatchString(t) {
			c.schema, c.schemaLine = strings.TrimSpace(strings.TrimSuffix(t, ";")), l.No
		}
	case 'f':
		if strings.HasPrefix(t, "function event(") {
			c.scriptLine = l.No
		}
	}
}

// schemaLabels labels a sysbench or mysqlslap run with the last index
// change shown above it ("schema") and, for a run of a script of the author's own
// (not a test of the catalogue), with the Lua script shown last above it
// ("script"): the same command run before and after "CREATE INDEX", or
// after the script was edited, measures different things, not repeats.
func (r *Run) schemaLabels() {
	if r.schemaHint != "" && (r.Tool == ToolSysbench || r.Tool == ToolMysqlslap) {
		r.SetLabelFrom("schema", r.schemaHint, "statement at line "+strconv.Itoa(r.schemaLine))
	}
	if r.Tool != ToolSysbench {
		return
	}
	if r.scriptLine > 0 && r.Test != "" {
		if _, ok := LookupTest(r.Test); !ok {
			at := strconv.Itoa(r.scriptLine)
			r.SetLabelFrom("script", "Lua script at line "+at, "the event function shown at line "+at)
		}
	}
}

// noteEngineText takes the engine of a CREATE TABLE statement ("...)
// ENGINE=InnoDB DEFAULT CHARSET=...") that no block claimed.
func (c *ctx) noteEngineText(l *Line) {
	// Cheap tests first: this runs on every line.
	// createEngineRE needs a ')' before ENGINE=: a sysbench command line
	// with --mysql-storage-engine=InnoDB holds none.
	if l.win.lacks(needleEq) || strings.IndexByte(l.Text, '=') < 0 || !strings.Contains(l.Text, "NGINE") && !strings.Contains(l.Text, "ngine") ||
		strings.IndexByte(l.Text, ')') < 0 {
		return
	}
	if m := createEngineRE.FindStringSubmatch(l.Text); m != nil {
		c.setEngine(m[1], "CREATE TABLE at line "+strconv.Itoa(l.No))
	}
}

// pickCandidate gives a fileio run shown without its command, after
// several run commands of its test typed together ("--file-test-mode=seqrd
// run", "--file-test-mode=seqwr run", then cleanup, then the outputs), the
// one command whose test mode did what the output shows: only reads
// (seqrd, rndrd), only writes (seqwr, seqrewr, rndwr) or both (rndrw).
// With none or several fitting, the run keeps no command.
func (r *Run) pickCandidate() {
	cands := r.candidates
	r.candidates = nil
	f := r.FileIO
	if len(cands) == 0 || r.Command != "" || f == nil || f.ReadsPS == nil || f.WritesPS == nil ||
		r.Test != "" && r.Test != cands[0].Test {
		return
	}
	reads, writes := *f.ReadsPS > 0, *f.WritesPS > 0
	var pick *Command
	for _, cmd := range cands {
		var fits bool
		switch cmd.Opts["file-test-mode"] {
		case "seqrd", "rndrd":
			fits = reads && !writes
		case "seqwr", "seqrewr", "rndwr":
			fits = writes && !reads
		case "rndrw":
			fits = reads && writes
		}
		if fits {
			if pick != nil {
				return
			}
			pick = cmd
		}
	}
	if pick == nil {
		return
	}
	r.applyCommand(pick)
	mode := pick.Opts["file-test-mode"]
	r.LabelFrom = setFrom(r.LabelFrom, "command", "the run command typed above the cleanup at line "+strconv.Itoa(r.candLine)+" whose mode does what the output shows")
	r.Warn(r.Line, fmt.Sprintf("%d run commands typed together above the cleanup at line %d: this output is taken for the %s one, the only mode that does what it shows",
		len(cands), r.candLine, mode))
}

// checkTakenCommand weighs the command a sysbench run took (typed above
// it, often among others) against what its output says it did: the
// output's thread count (total events over the events of a thread,
// exact in the fairness block) and the test its options header names
// (the prime limit is cpu's, the block size memory's). When the command
// was typed apart from the output the output wins, with a warning:
// "sysbench cpu run" and "sysbench --threads=16 cpu run" typed one after
// the other, then the one-thread output, is a run of one thread; a cpu
// output after a list of memory commands is cpu. A command right above
// its output keeps its thread count, the disagreement said.
func (r *Run) checkTakenCommand() {
	if r.Tool != ToolSysbench || r.Command == "" {
		return
	}
	if f := r.Fairness; r.ThreadsFrom == "command" && r.Threads != nil && f != nil && f.EventsAvg != nil && r.Events != nil {
		if n, ok := sysbench.FairnessThreads(float64(*r.Events), *f.EventsAvg); ok && n != *r.Threads {
			if r.cmdAt > 0 && r.Line-r.cmdAt <= 3 {
				// The command right above its output: what was typed
				// is kept, the disagreement said.
				r.Warn(r.Line, fmt.Sprintf("the output's fairness block implies %s (%d events, %g a thread), the command at line %d says %d: the command's count is kept",
					plural(n, "thread", "threads"), *r.Events, *f.EventsAvg, r.cmdAt, *r.Threads))
			} else {
				r.Warn(r.Line, fmt.Sprintf("%s as the output's fairness block says (%d events, %g a thread), not the %d of the command at line %d, typed apart from the output: %s",
					plural(n, "thread", "threads"), *r.Events, *f.EventsAvg, *r.Threads, r.cmdAt, r.Command))
				r.Threads, r.ThreadsFrom = iptr(n), "fairness"
			}
		}
	}
	if r.Test == "" || outputFits(r)(r.Test) {
		return
	}
	t, from := headerTest(r.hdrSettings), "the output's options header"
	if t == "" && r.CPUSpeedEPS != nil {
		// No header, but the cpu test's own section ("CPU speed:
		// events per second:"), which no other test prints.
		t, from = "cpu", `the output's "CPU speed:" section`
	}
	if t != "" && t != r.Test {
		r.Warn(r.Line, fmt.Sprintf("test %s as %s says, not the %s of the command it was given: %s", t, from, r.Test, r.Command))
		r.Test, r.Command, r.cmdOpts = t, "", nil
		r.LabelFrom = setFrom(r.LabelFrom, "test", from)
		delete(r.LabelFrom, "command")
	}
}

// headerTest returns the built-in test whose settings an options header
// printed: the prime limit is cpu's, a block size or operation memory's,
// a file count or mode fileio's.
func headerTest(h map[string]string) string {
	for k := range h {
		switch {
		case k == "cpu-max-prime":
			return "cpu"
		case strings.HasPrefix(k, "memory-"):
			return "memory"
		case strings.HasPrefix(k, "file-"):
			return "fileio"
		}
	}
	return ""
}

// settle finishes a run's identity once its output is read: the engine
// inferred from a capture when nothing else gave one, and Settings from
// the command line and the options header (the header wins: it says what
// sysbench did).
func (r *Run) settle() {
	r.captureEngine()
	r.checkTakenCommand()
	// A heading or line naming another test between the last command and
	// this run ("THREADS BENCHMARKS" after the mutex run's command) says
	// the command is not this run's: the run's context gives its test
	// (takeContextTest).
	renamed := r.inherit != nil && r.ctxTest != "" && r.ctxTestLine > r.inheritLine && r.ctxTest != r.inherit.Test &&
		r.Tool == ToolSysbench && builtinTest(r.ctxTest)
	if cmd := r.inherit; cmd != nil && r.Command == "" && (r.Test == "" || r.Test == cmd.Test) && !renamed {
		own, ownFrom := r.Threads, r.ThreadsFrom
		r.applyCommand(cmd)
		if r.inheritWhy != "" {
			r.LabelFrom = setFrom(r.LabelFrom, "command", "the command at line "+strconv.Itoa(r.inheritLine)+", the one shown "+r.inheritWhy)
			r.Warn(r.Line, "no command line right above this run: the one at line "+strconv.Itoa(r.inheritLine)+", "+r.inheritWhy+", is taken for it")
		} else {
			r.LabelFrom = setFrom(r.LabelFrom, "command", "the command at line "+strconv.Itoa(r.inheritLine)+", the last shown before this run")
			r.Warn(r.Line, "no command line right above this run: the one at line "+strconv.Itoa(r.inheritLine)+" is taken for it")
		}
		if own != nil && r.Threads != nil && *own != *r.Threads {
			// The output counts its own threads ("thds: 10"): the command
			// shown for another run does not say this one's.
			r.Warn(r.Line, fmt.Sprintf("%d threads as the output's %s lines say, not the %d of the command at line %d",
				*own, ownFrom, *r.Threads, r.inheritLine))
			r.Threads, r.ThreadsFrom = own, ownFrom
		}
	} else if cmd != nil {
		r.prepOpts = nil // the prepare options of another test
	}
	r.inherit = nil
	r.pickCandidate()
	r.schemaLabels()
	if r.Labels["engine"] == "" && r.engineHint != "" && r.usesTables() {
		r.SetLabelFrom("engine", r.engineHint, r.engineFrom+" (inferred)")
	}
	tool := r.Tool
	if tool == ToolTable {
		tool = ToolSysbench
	}
	// In the order of their names: a warning each option's value may
	// give (expand) is written in an order that does not change.
	names := make([]string, 0, len(r.cmdOpts))
	for name := range r.cmdOpts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := r.cmdOpts[name]
		o, known := LookupOption(tool, name)
		if !o.Split || o.Label != "" || !known && (len(name) == 1 || CredentialValue(v)) {
			if name == "config-file" {
				r.Warn(0, "options were read from "+v+" (--config-file): the command line does not show them all")
			}
			continue
		}
		v, ok := r.expand("--"+o.Name, v)
		if !ok {
			continue
		}
		if r.Settings == nil {
			r.Settings = map[string]string{}
		}
		r.Settings[o.Name] = NormalizeOption(tool, r.Version, o.Name, v)
	}
	for name, v := range r.prepOpts {
		o, known := LookupOption(tool, name)
		if !o.Split || o.Label != "" || !known && CredentialValue(v) {
			continue
		}
		v, ok := r.expand("--"+o.Name, v)
		if !ok {
			continue
		}
		if r.Settings == nil {
			r.Settings = map[string]string{}
		}
		if _, ok := r.Settings[o.Name]; !ok {
			r.Settings[o.Name] = NormalizeOption(tool, r.Version, o.Name, v)
		}
	}
	for k, v := range r.hdrSettings {
		if r.Settings == nil {
			r.Settings = map[string]string{}
		}
		r.Settings[k] = v
	}
	if tool == ToolSysbench {
		foldRunLength(r.Settings, r.Version)
	}
	r.fileioModeFromOutput()
	r.slapWorkFromOutput()
}

// slapWorkFromOutput gives a mysqlslap run whose command, if shown, sets
// no --number-of-queries the amount of work its output prints ("Average
// number of queries per client: 10000") as a setting: 100 queries a
// client and 10,000 are two experiments, as two --time of sysbench are.
func (r *Run) slapWorkFromOutput() {
	m := r.Mysqlslap
	if m == nil || m.QueriesPerClient == nil || *m.QueriesPerClient <= 0 || r.Settings["number-of-queries"] != "" {
		return
	}
	if r.Settings == nil {
		r.Settings = map[string]string{}
	}
	r.Settings["queries-per-client"] = strconv.FormatInt(*m.QueriesPerClient, 10)
}

// fileioModeFromOutput gives a fileio run that shows no test mode (no
// command, no "Doing random read test" header) the modes its output allows,
// so that a read test and a write test are never taken for repeats of one
// experiment: reads and writes both, rndrw; reads only, "rndrd/seqrd";
// writes only, "rndwr/seqrewr/seqwr". The order of the sequential and
// random modes is not in the output; the slash says the mode is one of
// these, not which.
func (r *Run) fileioModeFromOutput() {
	f := r.FileIO
	if f == nil || r.Settings["file-test-mode"] != "" {
		return
	}
	reads, readsKnown := fileioDid(f.ReadsPS, f.ReadMiBs, f.ReadOps)
	writes, writesKnown := fileioDid(f.WritesPS, f.WrittenMiBs, f.WriteOps)
	if !readsKnown || !writesKnown {
		return
	}
	var mode, did string
	switch {
	case reads && writes:
		mode, did = "rndrw", "both reads and writes"
	case reads:
		mode, did = "rndrd/seqrd", "only reads"
	case writes:
		mode, did = "rndwr/seqrewr/seqwr", "only writes"
	default:
		return
	}
	if r.Settings == nil {
		r.Settings = map[string]string{}
	}
	r.Settings["file-test-mode"] = mode
	r.LabelFrom = setFrom(r.LabelFrom, "file-test-mode", "the output, which does "+did+" (inferred)")
	r.Warn(r.Line, "no --file-test-mode shown for this fileio run: its output does "+did+", so its mode is taken as "+mode)
}

// fileioDid says whether a fileio run did any operation of one kind, by
// its rate, its throughput or its count; known is false when the output
// gives none of them.
func fileioDid(ps, mibs *float64, ops *int64) (did, known bool) {
	for _, v := range []*float64{ps, mibs} {
		if v != nil {
			known = true
			did = did || *v > 0
		}
	}
	if ops != nil {
		known = true
		did = did || *ops > 0
	}
	return did, known
}

// setHeader records a setting the options header printed.
func (r *Run) setHeader(name, value string) {
	if r.hdrSettings == nil {
		r.hdrSettings = map[string]string{}
	}
	r.hdrSettings[name] = NormalizeOption(ToolSysbench, r.Version, name, value)
}

// fileioModes maps "Doing random r/w test" to --file-test-mode.
var fileioModes = map[string]string{
	"sequential write (creation)": "seqwr", "sequential rewrite": "seqrewr", "sequential read": "seqrd",
	"random read": "rndrd", "random write": "rndwr", "random r/w": "rndrw",
}

var (
	distRE    = regexp.MustCompile(`^Using (Uniform|Normal|Special) distribution(?: \((\d+) iterations(?:,\s+(\d+) pct of values are returned in (\d+) pct cases)?\))?`)
	filesRE   = regexp.MustCompile(`^(\d+) files, (\S+) each$`)
	fsyncRE   = regexp.MustCompile(`^Periodic FSYNC enabled, calling fsync\(\) each (\d+) requests`)
	yieldsRE  = regexp.MustCompile(`^Thread yields per test: (\d+) Locks used: (\d+)`)
	ioModeRE  = regexp.MustCompile(`^Using (synchronous|asynchronous|slow mmaped|fast mmaped) I/O mode`)
	blockSzRE = regexp.MustCompile(`^Block size (\S+)$`)
	totalSzRE = regexp.MustCompile(`^(\S+) total file size$`)
)

// headerLine reads the settings a line of sysbench's options header (or
// test block) reveals (SYSBENCH-OPTIONS.md §9.2) into r.
func (r *Run) headerLine(t string) {
	switch {
	case t == "Doing read-only test":
		r.setHeader("oltp-read-only", "on")
	case t == "Doing write-only test":
		r.setHeader("oltp-write-only", "on")
	case strings.HasPrefix(t, "Running simple OLTP test"):
		r.setHeader("oltp-test-mode", "simple")
	case strings.HasPrefix(t, "Running mixed OLTP test"), strings.HasPrefix(t, "Running complex OLTP test"):
		r.setHeader("oltp-test-mode", "complex")
	case strings.HasPrefix(t, "Running non-transactional test"), strings.HasPrefix(t, "Running nontrx OLTP test"):
		r.setHeader("oltp-test-mode", "nontrx")
	case strings.HasPrefix(t, "Running stored procedure test"):
		r.setHeader("oltp-test-mode", "sp")
	case t == "Skipping BEGIN/COMMIT":
		r.setHeader("oltp-skip-trx", "on")
	case strings.HasPrefix(t, "Using ") && strings.Contains(t, "distribution"):
		if m := distRE.FindStringSubmatch(t); m != nil {
			r.setHeader("oltp-dist-type", map[string]string{"Uniform": "uniform", "Normal": "gaussian", "Special": "special"}[m[1]])
			if m[2] != "" {
				r.setHeader("oltp-dist-iter", m[2])
			}
			if m[3] != "" {
				r.setHeader("oltp-dist-pct", m[3])
				r.setHeader("oltp-dist-res", m[4])
			}
		}
	case strings.HasPrefix(t, "Doing ") && strings.HasSuffix(t, " test"):
		if mode, ok := fileioModes[strings.TrimSuffix(strings.TrimPrefix(t, "Doing "), " test")]; ok {
			r.setHeader("file-test-mode", mode)
		}
	case strings.HasPrefix(t, "Using ") && strings.HasSuffix(t, "I/O mode"):
		if m := ioModeRE.FindStringSubmatch(t); m != nil {
			mode := map[string]string{"synchronous": "sync", "asynchronous": "async"}[m[1]]
			if mode == "" {
				mode = "mmap"
			}
			r.setHeader("file-io-mode", mode)
		}
	case strings.HasPrefix(t, "Block size "):
		if m := blockSzRE.FindStringSubmatch(t); m != nil {
			r.setHeader("file-block-size", m[1])
		}
	case strings.HasSuffix(t, "total file size"):
		if m := totalSzRE.FindStringSubmatch(t); m != nil {
			r.setHeader("file-total-size", m[1])
		}
	case strings.Contains(t, " files, ") && strings.HasSuffix(t, " each"):
		if m := filesRE.FindStringSubmatch(t); m != nil {
			r.setHeader("file-num", m[1])
		}
	case strings.HasPrefix(t, "Periodic FSYNC enabled"):
		if m := fsyncRE.FindStringSubmatch(t); m != nil {
			r.setHeader("file-fsync-freq", m[1])
		}
	case strings.HasPrefix(t, "Calling fsync() after each write operation"):
		r.setHeader("file-fsync-all", "on")
	case strings.HasPrefix(t, "Thread yields per test"):
		if m := yieldsRE.FindStringSubmatch(t); m != nil {
			r.setHeader("thread-yields", m[1])
			r.setHeader("thread-locks", m[2])
		}
	}
}

// headerLabel reads the settings a labelled line of the options header
// reveals ("Prime numbers limit: 20000", "Memory block size: 1K",
// "block size: 1KiB" in 1.0's memory block).
func (r *Run) headerLabel(label, val string, memBlock bool) {
	v := strings.TrimSpace(val)
	switch label {
	case "Primer numbers limit", "Prime numbers limit", "Maximum prime number checked in CPU test":
		r.setHeader("cpu-max-prime", v)
	case "Memory block size":
		r.setHeader("memory-block-size", v)
	case "Memory operations type":
		r.setHeader("memory-oper", v)
	case "Memory scope type":
		r.setHeader("memory-scope", v)
	case "Read/Write ratio for combined random IO test":
		r.setHeader("file-rw-ratio", v)
	}
	if memBlock {
		switch label {
		case "block size":
			r.setHeader("memory-block-size", v)
		case "operation":
			r.setHeader("memory-oper", v)
		case "scope":
			r.setHeader("memory-scope", v)
		case "access mode":
			r.setHeader("memory-access-mode", v)
		}
	}
}

// usesTables reports whether the run works on database tables, so that a
// storage engine means something for it: mysqlslap, the OLTP tests and
// scripts, and runs that printed SQL statistics; not cpu, memory, fileio,
// threads or mutex.
func (r *Run) usesTables() bool {
	if r.Tool == ToolMysqlslap || r.SQL != nil {
		return true
	}
	if t, ok := LookupTest(r.Test); ok {
		return t.Family != FamilyBuiltin
	}
	return r.Test != "" // a script of the user's own
}

// inlineCommand returns the sysbench or mysqlslap command of an inline
// code span in prose ("Command was `sysbench cpu --threads=2 run`"), or
// nil: a code span is where a command can be, the sentence around it is
// not.
func inlineCommand(text string) *Command {
	if !strings.Contains(text, "`") {
		return nil
	}
	rest := text
	for {
		i := strings.IndexByte(rest, '`')
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		j := strings.IndexByte(rest, '`')
		if j < 0 {
			break
		}
		if cmd := commandIn(strings.TrimSpace(rest[:j])); cmd != nil {
			return cmd
		}
		rest = rest[j+1:]
	}
	if strings.Contains(text, "``") {
		return fencedSpanCommand(text)
	}
	return nil
}

// fencedSpanCommand reads the code spans of text as CommonMark does: a
// run of backticks opens one and the next run of as many closes it (two
// backticks on each side of "SysBenchCpu: sysbench cpu --threads=64 run"
// on a generated report's bold line), and returns the first span's
// command.
func fencedSpanCommand(text string) *Command {
	for rest := text; ; {
		i := strings.IndexByte(rest, '`')
		if i < 0 {
			return nil
		}
		n := i
		for n < len(rest) && rest[n] == '`' {
			n++
		}
		open := rest[i:n]
		rest = rest[n:]
		for k := 0; ; {
			j := strings.Index(rest[k:], open)
			if j < 0 {
				break
			}
			j += k
			end := j + len(open)
			if end < len(rest) && rest[end] == '`' { // a longer run
				for end < len(rest) && rest[end] == '`' {
					end++
				}
				k = end
				continue
			}
			if len(open) > 1 {
				if cmd := commandIn(strings.TrimSpace(rest[:j])); cmd != nil {
					return cmd
				}
			}
			rest = rest[end:]
			break
		}
	}
}

func setLine(m map[string]int, k string, v int) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	m[k] = v
	return m
}

// attachPrepare gives a run the options of the prepare command of its
// test that its own command does not show (table count and size, engine,
// secondary index: SYSBENCH-OPTIONS.md phase P), for settle.
func (c *ctx) attachPrepare(r *Run, cmd *Command) {
	p := c.prepared[cmd.Test]
	if p == nil {
		return
	}
	line := c.prepLines[cmd.Test]
	r.prepLine = line
	for k, v := range p.Opts {
		if !prepareOptions[k] {
			continue
		}
		if _, ok := cmd.Opts[k]; ok {
			continue
		}
		if r.prepOpts == nil {
			r.prepOpts = map[string]string{}
		}
		r.prepOpts[k] = v
	}
	if e := p.Labels["engine"]; e != "" && cmd.Labels["engine"] == "" && r.Labels["engine"] == "" {
		r.SetLabelFrom("engine", e, "prepare command at line "+strconv.Itoa(line))
	}
	if len(r.prepOpts) > 0 {
		r.LabelFrom = setFrom(r.LabelFrom, "settings", "options of the prepare command at line "+strconv.Itoa(line))
	}
}

var headThreadsRE = regexp.MustCompile(`(?i)(?:^|[^0-9.])(\d{1,5})\s*(?:(?:threads?|thds|clients?|connections?)\b|个?线程|스레드|쓰레드|スレッド)`)

// mayNameThreads is the cheap test a line headThreadsRE matches passes:
// a digit, then maybe spaces, then one of its words, those letters that
// only ASCII letters fold to (not s, which ſ folds to) in any ASCII case.
// ("WARNING: --num-threads is deprecated" above most 1.0 runs names a
// word but no number.)
func mayNameThreads(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]-'0' >= 10 {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
			j++
		}
		r := s[j:]
		if hasPrefixFoldASCII(r, "thread") || hasPrefixFoldASCII(r, "thd") || hasPrefixFoldASCII(r, "client") ||
			hasPrefixFoldASCII(r, "connection") || strings.HasPrefix(r, "线程") || strings.HasPrefix(r, "个线程") ||
			strings.HasPrefix(r, "스레드") || strings.HasPrefix(r, "쓰레드") || strings.HasPrefix(r, "スレッド") {
			return true
		}
	}
	return false
}

// hasPrefixFoldASCII reports whether s starts with word, a lower-case
// ASCII word, in any ASCII case.
func hasPrefixFoldASCII(s, word string) bool {
	return len(s) >= len(word) && equalFoldASCII(s, word)
}

var repeatMarkRE = regexp.MustCompile(`(?i)\b(run|try|attempt|round|pass|iteration|repeat|rep|take|trial)\s*#?\s*\d+|\b(first|second|third|fourth|fifth|1st|2nd|3rd|[4-9]th|again|once more)\b|第.{1,3}[次轮遍]|再次|重复`)

// labelAbove returns the short label line that introduces a run's output
// ("磁盘:", "InnoDB results:", "With tmpfs:", "MariaDB 10.1.2 Result"):
// the nearest unclaimed line at most three lines above it, or above the
// command typed just before it, that ends with a colon or with a word
// saying that a result follows, is at most 40 characters long (80 when
// the author set the whole line in bold or italics, "__Результат теста с
// параметрами по умолчанию:__": emphasis makes it a heading, not prose),
// and is no repeat marker ("Second run:", "第二次:"), which tells repeats
// apart, not experiments.
func (c *ctx) labelAbove(line int) (string, int) {
	top := line
	if c.cmdLine > 0 && line-c.cmdLine <= 3 {
		top = c.cmdStart // the label introduces the command and its output
	}
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if top-h.No > 3 {
			break
		}
		if h.No > c.cmdStart && h.No < c.cmdLine {
			continue // inside a command continued over several lines
		}
		if strings.TrimSpace(h.Text) == "::" {
			// reStructuredText's mark of the literal block below: the
			// label is above it, as above a fence.
			top = h.No
			continue
		}
		if outputTitle(strings.Trim(h.Text, "#*_ "), !strings.HasSuffix(strings.TrimSpace(h.Text), ":")) {
			// The output's own block title, broken off by a paste
			// (" statistics:"): part of the output, no label; the label
			// line is above it.
			top = h.No
			continue
		}
		if top-h.No <= 2 {
			if t := listLabel(h.Text); t != "" && !namesNothing(t) {
				return t, h.No
			}
			if t := strings.TrimSpace(h.Text); top-h.No == 1 && t == strings.TrimSpace(h.Raw) && doc.Assignment(t) && !strings.HasPrefix(t, "-") {
				// "MYSQL_SOCK=/tmp/PS_NODE_2.sock" on the line right above
				// the output: the setting it ran with, as a harness logs it.
				return t, h.No
			}
			if t, ok := commentLabel(h.Raw); ok {
				if t == "" {
					return "", 0 // "-- run 2": a repeat, not an experiment
				}
				return t, h.No
			}
			if c.cmdLine > 0 && c.cmdStart == h.No+1 && line-c.cmdLine <= 3 && c.cmdPrompt != "#" {
				// "# local disk" right above the command of the output: a
				// root prompt's command would have printed something;
				// unless the command itself is typed at a bare "#" prompt
				// ("# systemctl restart mysql" over "# sysbench … run").
				if t, ok := lowerHashLabel(h.Raw); ok {
					return t, h.No
				}
			}
		}
		if top-h.No <= 3 && (i == 0 || c.headings[i-1].No < h.No-1) && (i == len(c.headings)-1 || c.headings[i+1].No >= top) {
			// A line of its own with nothing but blank lines and a fence
			// between it and the output.
			if t := captionLabel(h.Raw); t != "" && !namesNothing(t) && !namesTestOnly(t) {
				return t, h.No // "DigitalOcean" alone over the fence of its output
			}
			if t := namedConditionLabel(h.Text); t != "" {
				return t, h.No // "纽约测试机器：32 threads、CPU 83% 使用率。" over the fence
			}
		}
		t := strings.TrimSpace(strings.Trim(h.Text, "#*_ "))
		limit := 40
		if emphasised(h.Text) {
			limit = 80
		}
		switch {
		case strings.HasSuffix(t, ":"):
			t = strings.TrimSpace(strings.TrimSuffix(t, ":"))
			// A line that ends in a colon right above the output
			// introduces it, however long: "without 6a3afb6ac6 ("jbd2:
			// …"):" over one output, "with 6a3afb6ac6 (…):" over the
			// next. Whether its words tell the runs apart or only
			// restate them is decided with every run in view (analyze).
			limit = labelLineLimit
		case !endsWithResultWord(t):
			continue
		}
		if namesNothing(t) {
			continue // "Result:", "Output:", "Resultado:", "结果:" above the output
		}
		n := utf8.RuneCountInString(t)
		if n > limit || n > 40 && limit == labelLineLimit && holdsSentenceEnd(t) || repeatMarkRE.MatchString(t) {
			return "", 0 // a paragraph that ends by pointing at the output names nothing
		}
		return t, h.No
	}
	return "", 0
}

// labelLineLimit is the longest line, in characters, ending in a colon
// that labelAbove takes for the label of the output below it: longer, it
// is a paragraph that ends by pointing at the output.
const labelLineLimit = 100

// holdsSentenceEnd reports whether a sentence ends inside t: a full stop,
// question or exclamation mark followed by a space ("… no trace. If we
// run …"), or an ideographic one anywhere ("…痕迹。假如…").
func holdsSentenceEnd(t string) bool {
	if strings.ContainsAny(t, "。！？") {
		return true
	}
	for _, p := range []string{". ", "! ", "? "} {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// section returns the path of sections (doc.Outline) the current line
// is under, as the titles a reader would name the runs below by, outer
// first and joined by " / ", and the line of the innermost: every form of
// heading but a document's title (ATX level 1, also a root prompt) and
// short list items (labelAbove reads those right above a run), without
// titles that name nothing but the output ("Results", "测试结果") or run
// on as prose. Whether a title tells runs apart, restates what they
// carry or counts their repeats is decided with the other runs in view
// (analyze).
func (c *ctx) section() (string, int) {
	var b strings.Builder
	at := 0
	for k, h := range c.outline.Path() {
		if h.Form == doc.Item || c.documentTitle(h) {
			continue // a document's one title names none of its runs; several "# Step n" are sections
		}
		t := stripSectionNumber(c.outline.Name(k)) // a title used twice is told apart by its text
		if namesNothing(t) || utf8.RuneCountInString(t) > titleLimit(h.Form, t) || repeatMarkRE.MatchString(t) || outputTitle(h.Title, false) {
			continue // "Second run", "第二次": a repeat, not an experiment
		}
		if b.Len() > 0 {
			b.WriteString(" / ")
		}
		b.WriteString(t)
		at = h.Line
	}
	return b.String(), at
}

// titleLimit is the longest title, in characters, a heading of form f
// names its runs by. A line only taken for a heading (in bold, ending in
// ':', an item, a step) that runs on is prose; a heading the author marked
// as one ("### HDD performance of RM server measured using the fileio
// workload" over "### SSD performance of …", a title framed by "=="
// rules) is a title however long, and
// two sections whose titles differ in one word are two experiments,
// unless it spells out a command ("Using the CPU workload: sysbench
// --test=cpu …"): that restates the run's own command.
func titleLimit(f doc.Form, t string) int {
	switch f {
	case doc.ATX, doc.Setext, doc.HTML, doc.Banner:
		if !strings.Contains(t, "--") && !mentionsTool(t) {
			return 120
		}
	}
	return 60
}

// stripSectionNumber removes the number of a numbered section ("2. CPU
// Benchmark", "3.1. Read-only", "2) fileio", "01. sysbench 1.0.20安装"): the place of a
// section in the text is no part of what its runs are.
func stripSectionNumber(t string) string {
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.' && i > 0) {
		i++
	}
	if i == 0 || i == len(t) || t[i] != ' ' && t[i] != ')' || t[i-1] != '.' && t[i] != ')' {
		return t // "1.5 GHz", "16 threads": a figure, not a section's number
	}
	if r := strings.TrimSpace(strings.TrimLeft(t[i:], ") ")); r != "" {
		return r
	}
	return t
}

// outputWords, with fillerWords, make a label line that names nothing
// but the output (or the success) below it, in the languages of the
// write-ups read so far.
var outputWords = map[string]bool{"result": true, "results": true, "output": true, "outputs": true,
	"resultado": true, "resultados": true, "résultat": true, "résultats": true, "resultat": true, "resultate": true,
	"ergebnis": true, "ergebnisse": true, "ausgabe": true, "salida": true, "saída": true, "kết": true, "quả": true,
	"결과": true, "результат": true, "результаты": true, "вывод": true, "risultato": true, "risultati": true,
	// status words: "Success:", "Done:", "Thành công:"
	"success": true, "successful": true, "done": true, "finished": true, "ok": true, "thành": true, "công": true,
	"éxito": true, "sucesso": true, "erfolgreich": true}

// leadInEnds end a line that only introduces what follows it.
var leadInEnds = []string{"the following", "as follows", "like this", "similar to this", "something like"}

// cjkGenericWords are outputWords written without spaces around them
// ("测试结果", "測定結果").
var cjkGenericWords = []string{"测试", "測試", "測定", "结果", "結果", "输出", "輸出", "出力", "결과", "成功", "完成", "성공"}

// namesNothing reports whether a label is made only of words that name
// no system: an empty one, "Result", "Test results", "Kết quả".
func namesNothing(t string) bool {
	rest := strings.ToLower(t)
	for _, end := range leadInEnds {
		if strings.HasSuffix(strings.TrimRight(rest, " :："), end) {
			return true // "You will get output similar to the following:" introduces, names nothing
		}
	}
	for _, w := range cjkGenericWords {
		rest = strings.ReplaceAll(rest, w, " ")
	}
	for _, f := range strings.Fields(rest) {
		if f = strings.Trim(f, ",.-–()"); f != "" && !fillerWords[f] && !outputWords[f] {
			return false
		}
	}
	return true
}

// listLabel returns the name a markdown list item gives when the item is
// nothing but a short name ("- graviton2", "* X64", "* MySQL 8.0"): at
// most three words and 40 characters, no sentence, command or link; ""
// otherwise. Right above a run's output, or above the code fence (a blank
// line once normalized) that holds it, such an item labels the output as
// a heading would.
func listLabel(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 3 || !strings.ContainsRune("-*+", rune(s[0])) || s[1] != ' ' {
		return ""
	}
	t := strings.TrimSpace(strings.Trim(s[2:], "*_` "))
	if doc.Assignment(t) {
		return t // "* maxconn=80": the setting the run below was made with
	}
	// A sentence's full stops ("- md5 against department instance..")
	// end the item, not its name; so does a Markdown line break (a
	// backslash ending the line).
	t = strings.TrimSpace(strings.TrimRight(strings.TrimSuffix(t, "\\"), ".:： "))
	if t == "" || len([]rune(t)) > 80 || len(strings.Fields(t)) > 10 ||
		strings.ContainsAny(t, "。!?()（）=$#/") || strings.Contains(t, "--") || repeatMarkRE.MatchString(t) ||
		strings.Contains(strings.ToLower(t), "sysbench") || strings.Contains(strings.ToLower(t), "mysqlslap") {
		return ""
	}
	return t
}

// captionLabel returns the name a bare short line gives the block right
// below it ("DigitalOcean", "OVH", "Raspberry Pi 4"): a line of its own,
// after a blank line or a block (the caller checks), of at most three words
// and 40 characters, that is no heading, list item, quote, prompt, table
// row, sentence, option or command, and no repeat marker; "" otherwise.
// Right above a run's output, or above the fence that holds it, such a
// line is the caption a reader names the output by.
func captionLabel(raw string) string {
	t := undecorate(strings.TrimSpace(raw))
	if t == "" || len([]rune(t)) > 40 || len(strings.Fields(t)) > 3 {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsLetter(r) && !(unicode.IsDigit(r) && strings.IndexFunc(t, unicode.IsLetter) > 0) {
		return "" // "# …", "> …", "- …", "| … |", "$ …", "[root@…", a figure
	}
	lower := strings.ToLower(t)
	if strings.ContainsAny(t, "。.!?:：;；,，=$#/`|<>()（）@~") || strings.Contains(t, "--") ||
		strings.Contains(lower, "sysbench") || strings.Contains(lower, "mysqlslap") || repeatMarkRE.MatchString(t) {
		return ""
	}
	return t
}

// decorationChars draw the rules an author sets around a caption to make
// it stand out: "=== without patch ===", "--- node 2 ---", "[tmpfs]".
const decorationChars = "=-~*_#[]"

// undecorate returns a caption without the rules drawn on both sides of
// it ("=== without patch ===" is "without patch"); a line marked on one
// side only ("- item", "# title", "> quote") is returned as it is.
func undecorate(t string) string {
	inner := strings.Trim(t, decorationChars+" ")
	if inner == "" || inner == t || !strings.ContainsAny(t[:1], decorationChars) || !strings.ContainsAny(t[len(t)-1:], decorationChars) {
		return t
	}
	return inner
}

// namedConditionLabel returns the label a line of its own gives the
// output right below it when it names a subject and then its condition
// after a colon ("韩国测试机器：180ms ping、CPU 10% 使用率。", "Node 2: after
// the restart."): a subject of at most three words and 20 characters that
// names something, then the condition, 80 characters in all; the whole
// line, without its final stop, is the label, so that two outputs of one
// subject under different conditions stay apart. "" otherwise: a repeat
// counter, a command or an option is no such line.
func namedConditionLabel(text string) string {
	t := strings.TrimSpace(text)
	name, cond, ok := strings.Cut(t, ":")
	name, cond = strings.TrimSpace(name), strings.TrimSpace(cond)
	if !ok || name == "" || strings.IndexFunc(cond, unicode.IsLetter) < 0 || utf8.RuneCountInString(t) > 80 || utf8.RuneCountInString(name) > 20 ||
		len(strings.Fields(name)) > 3 || captionLabel(name) == "" || namesNothing(name) ||
		repeatMarkRE.MatchString(t) || strings.Contains(t, "--") || strings.ContainsAny(t, "=$`|") {
		return ""
	}
	return strings.TrimRight(t, "。. ")
}

// namesTestOnly reports whether a caption says no more than the test
// its output runs ("cpu test", "memory", "oltp_read_only benchmark"): a
// restatement of what the run carries, not a name.
func namesTestOnly(t string) bool {
	named := false
	for _, f := range strings.Fields(strings.ToLower(t)) {
		if _, ok := sysbenchTests[strings.TrimSuffix(f, ".lua")]; ok {
			named = true
		} else if !fillerWords[f] {
			return false
		}
	}
	return named
}

// commentLabel returns the name an SQL or C-style comment line gives
// the output right below it ("-- パーティショニング前", "// after tuning"):
// a short comment alone on its line, no command, option or sentence, in
// the block that holds the output, labels it as a heading would. ok is
// false when the line is no such comment; t is "" (ok true) when the
// comment only counts a repeat ("-- run 2") or names nothing ("-- result").
func commentLabel(s string) (t string, ok bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "-- "), strings.HasPrefix(s, "// "):
		t = strings.TrimSpace(s[3:])
	case strings.HasPrefix(s, "# "):
		return hashLabel(strings.TrimSpace(s[2:]))
	default:
		return "", false
	}
	if t == "" || utf8.RuneCountInString(t) > 40 || len(strings.Fields(t)) > 4 ||
		strings.ContainsAny(t, "。.!?=$`") || strings.Contains(t, "--") ||
		strings.Contains(strings.ToLower(t), "sysbench") || strings.Contains(strings.ToLower(t), "mysqlslap") {
		return "", false
	}
	if repeatMarkRE.MatchString(t) || namesNothing(t) {
		return "", true
	}
	return t, true
}

// hashLabel is commentLabel for a shell comment ("# R4.2XLARGE" alone in
// the fence, right above its output, after the command typed once above
// both outputs): at a root prompt the same line would run a command, so
// only a name is taken, never a command's shape. A name of at most three
// words and 40 characters whose first word is not a lower-case ASCII word
// (commands are: "# free -m", "# lscpu", "# heading") and that starts with
// a letter (not a date or a count), with no option, path, assignment,
// pipe, "key: value" or sentence stop; dots inside a word are part of a
// name ("R4.2XLARGE", "MySQL 8.0.26").
func hashLabel(t string) (string, bool) { return hashName(t, false) }

// lowerHashLabel is hashLabel for a line right above a command: a name of
// two or three lower-case words ("# local disk", "# nfs volume") is taken
// too, as nothing was printed between it and the command below.
func lowerHashLabel(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "# ") || len(strings.Fields(s)) < 3 {
		return "", false
	}
	t, ok := hashName(strings.TrimSpace(s[2:]), true)
	return t, ok && t != ""
}

// hashName is hashLabel, a first word in lower-case ASCII allowed when
// lower is set.
func hashName(t string, lower bool) (string, bool) {
	t = strings.TrimSpace(strings.TrimSuffix(t, ":"))
	fields := strings.Fields(t)
	if len(fields) == 0 || len(fields) > 3 || utf8.RuneCountInString(t) > 40 ||
		strings.ContainsAny(t, "。!?=$`|/\\<>;&'\":+@") || strings.HasSuffix(t, ".") ||
		strings.Contains(strings.ToLower(t), "sysbench") || strings.Contains(strings.ToLower(t), "mysqlslap") {
		return "", false
	}
	for _, f := range fields {
		if strings.HasPrefix(f, "-") {
			return "", false
		}
	}
	if r, _ := utf8.DecodeRuneInString(t); !unicode.IsLetter(r) {
		return "", false // "# 2026-04-03T14:49:53+09:00", "# 1", "# ---": no name
	}
	lowerWord := true
	for _, r := range fields[0] {
		if !('a' <= r && r <= 'z' || r == '_' || r == '-') {
			lowerWord = false
			break
		}
	}
	if lowerWord && !lower {
		return "", false
	}
	if repeatMarkRE.MatchString(t) || namesNothing(t) {
		return "", true
	}
	return t, true
}

// emphasised reports whether the whole of a line is set in markdown bold
// or italics ("**With tmpfs:**", "__Result after tuning:__", a colon
// outside the marks allowed): the author made it a heading.
func emphasised(s string) bool {
	s = strings.TrimSuffix(strings.TrimSpace(s), ":")
	for _, m := range []string{"**", "__"} {
		if len(s) > 2*len(m) && strings.HasPrefix(s, m) && strings.HasSuffix(s, m) &&
			!strings.Contains(s[len(m):len(s)-len(m)], m) {
			return true
		}
	}
	return false
}

// resultWords end a heading that names whose output follows it, without
// a colon: "MariaDB 10.1.2 Result", "InnoDB results", "MySQL 8.0 output",
// "TokuDB 测试结果".
var resultWords = []string{"result", "results", "output", "结果", "結果"}

// fillerWords say nothing of whose result follows: "Here is the
// output", "The sysbench results", "Test result" label no run.
var fillerWords = map[string]bool{"here": true, "here's": true, "is": true, "are": true, "the": true, "a": true,
	"an": true, "and": true, "my": true, "our": true, "its": true, "of": true, "test": true, "tests": true,
	"benchmark": true, "sysbench": true, "mysqlslap": true, "sample": true, "example": true, "final": true,
	"full": true, "raw": true, "run": true, "command": true, "测试": true}

// endsWithResultWord reports whether t ends with one of resultWords as a
// word, in any ASCII case, after words that are not all fillerWords.
func endsWithResultWord(t string) bool {
	for _, w := range resultWords {
		if len(t) <= len(w) || !strings.EqualFold(t[len(t)-len(w):], w) {
			continue
		}
		head := t[:len(t)-len(w)]
		if w[0] < 0x80 && head[len(head)-1] != ' ' {
			continue
		}
		for _, f := range strings.Fields(strings.ToLower(head)) {
			if !fillerWords[strings.Trim(f, ",.-–")] && strings.Trim(f, ",.-–") != "" {
				return true
			}
		}
	}
	return false
}

// printedEPS returns the rate a memory or fileio run printed, as its
// events per second, so that every test has a rate: memory's "Total
// operations: N (X per second)", fileio's "Requests/sec executed" (0.4) or
// its reads/s + writes/s + fsyncs/s (1.x: each request is an event). nil
// when the run printed none of them.
func printedEPS(r *Run) *float64 {
	if m := r.Memory; m != nil && m.OpsPS != nil {
		return fptr(*m.OpsPS)
	}
	f := r.FileIO
	if f == nil {
		return nil
	}
	if f.RequestsPS != nil {
		return fptr(*f.RequestsPS)
	}
	if f.ReadsPS == nil && f.WritesPS == nil && f.FsyncsPS == nil {
		return nil
	}
	sum := 0.0
	for _, p := range []*float64{f.ReadsPS, f.WritesPS, f.FsyncsPS} {
		if p != nil {
			sum += *p
		}
	}
	// The rates are printed with two decimals: so is their sum.
	return fptr(math.Round(sum*100) / 100)
}

// captureEngine lets a table the text shows after the run's prepare
// command (or, with none, after the previous run) name the run's engine
// over the run command's --mysql-table-engine or --mysql-storage-engine,
// which take effect only when tables are created: the run reads whatever
// table is there (a Spider table made by hand after an InnoDB prepare).
func (r *Run) captureEngine() {
	e := r.Labels["engine"]
	if e == "" || r.engineHint == "" || r.engineHint == e || r.LabelFrom["engine"] != "" {
		return
	}
	opt := ""
	for _, k := range []string{"mysql-table-engine", "mysql-storage-engine"} {
		if _, ok := r.cmdOpts[k]; ok {
			opt = k
		}
	}
	if opt == "" || r.engineLine <= r.prevRunLine || r.engineLine <= r.prepLine {
		return
	}
	r.SetLabelFrom("engine", r.engineHint, r.engineFrom+" (inferred over --"+opt+"="+e+", which applies when tables are created)")
	r.Warn(r.engineLine, "engine "+r.engineHint+" from "+r.engineFrom+", not "+e+" as --"+opt+" says: the table was made after the prepare command")
}

// noteTestWord remembers the built-in test the last prose line naming one
// names ("CPU benchmarking", "### CPU test"), for a run shown without
// command or test (settle): cpu or mutex only, the tests whose output
// names them least.
func (c *ctx) noteTestWord(l *Line) {
	if w := testWord(l.Text); w != "" {
		c.testWord, c.testWordLine = w, l.No
	}
}

// noteHeadingTest returns the test a heading names by a word too common
// in prose to be read from any line: "threads" in "* threads benchmark"
// (Occlum's sysbench demo) or an upper-case banner "THREADS BENCHMARKS";
// not in "16 threads", a count. Short titles only: cpu or mutex
// (testWord) too.
func (c *ctx) noteHeadingTest(h doc.Heading) string {
	words := strings.Fields(strings.ToLower(h.Title))
	if len(words) == 0 || len(words) > 4 || strings.ContainsAny(h.Title, "0123456789") {
		return ""
	}
	if w := testWord(h.Title); w != "" {
		return w
	}
	if len(words) >= 2 && words[0] == "sysbench" {
		// "Sysbench memory", "Sysbench fileio": the tool's name, then
		// one of its tests by the name it runs under.
		if ct, ok := LookupTest(strings.Trim(words[1], ":")); ok {
			c.testWord, c.testWordLine = ct.Name, h.Line
			return ct.Name
		}
	}
	for _, w := range words {
		if w == "threads" || w == "thread" {
			c.testWord, c.testWordLine = "threads", h.Line // the last test named wins
			return "threads"
		}
	}
	return ""
}

// builtinTest reports a test of sysbench's own C code (cpu, threads,
// mutex, memory, fileio): a heading naming one over an output says which
// it ran.
func builtinTest(t string) bool {
	ct, ok := LookupTest(t)
	return ok && ct.Family == FamilyBuiltin
}

// testWord returns "cpu" or "mutex" when s names that test as a word
// (the matches of (?i)\b(cpu|mutex)\b), in any case, and not the other;
// "" when it names neither or both. Case is ASCII case: no other letter
// folds to those of cpu and mutex. A word ends where a byte that is not
// an ASCII letter, digit or '_' is, as \b says.
func testWord(s string) string {
	w := ""
	for i := 0; i+3 <= len(s); i++ {
		if i > 0 && isWordChar(s[i-1]) {
			continue
		}
		var m string
		switch s[i] | 0x20 {
		case 'c':
			m = "cpu"
		case 'm':
			m = "mutex"
		default:
			continue
		}
		if i+len(m) > len(s) || !equalFoldASCII(s[i:i+len(m)], m) || i+len(m) < len(s) && isWordChar(s[i+len(m)]) {
			continue
		}
		if w != "" && w != m {
			return ""
		}
		w = m
		i += len(m) - 1
	}
	return w
}

// equalFoldASCII reports whether s is word, a lower-case ASCII word,
// in any ASCII case.
func equalFoldASCII(s, word string) bool {
	for j := 0; j < len(word); j++ {
		if s[j]|0x20 != word[j] {
			return false
		}
	}
	return true
}

// plural writes a count with its noun: "1 thread", "16 threads".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
