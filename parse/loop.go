package parse

import (
	"regexp"
	"strconv"
	"strings"
)

// Shell for loops in transcripts. A write-up often shows the loop that
// made its results rather than each command:
//
//	for wn in 1 5000; do for db in tokudb innodb; do
//	  mysqlslap --engine=$db --auto-generate-sql-write-number=$wn ...
//	done; done
//
// followed by the result blocks. The loop is expanded over its literal
// lists (and brace ranges, seq), the loop variables are substituted into
// each sysbench or mysqlslap command of its body, and the n-th expanded
// command goes to the n-th result block of its tool when the counts agree.
// When they do not, every block keeps the loop's command unexpanded, with
// a warning (resolveLoop).

// maxLoopRuns bounds the expansion of one loop.
const maxLoopRuns = 10000

// loopParser collects the statements of a loop from its "for" line to the
// "done" that closes it.
type loopParser struct {
	start int      // line of the outermost "for"
	stmts []string // statements in order, split at ';' and line ends
	depth int      // open for loops
	lines int
}

var forRE = regexp.MustCompile(`^for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+(.*)$`)

// startsLoop reports whether a normalised line opens a for loop.
func startsLoop(text string) bool {
	return strings.HasPrefix(text, "for ") && forRE.MatchString(firstStatement(text))
}

// add feeds one line; it returns true when the loop is complete.
func (lp *loopParser) add(text string) bool {
	lp.lines++
	for _, st := range splitStatements(text) {
		// "do" and "done" may share a statement with a command:
		// "do mysqlslap ...", "done | tee out.log".
		for st != "" {
			word, rest, _ := strings.Cut(st, " ")
			switch {
			case word == "do":
				st = strings.TrimSpace(rest)
				continue
			case word == "done":
				lp.depth--
				lp.stmts = append(lp.stmts, "done")
				if lp.depth <= 0 {
					return true
				}
				st = ""
				continue
			case forRE.MatchString(st):
				lp.depth++
			}
			lp.stmts = append(lp.stmts, st)
			st = ""
		}
	}
	return lp.lines > 200 // a loop that never closes ends here
}

// firstStatement returns text up to its first unquoted ';'.
func firstStatement(text string) string {
	sts := splitStatements(text)
	if len(sts) == 0 {
		return ""
	}
	return sts[0]
}

// splitStatements splits a shell line at unquoted ';' (and "&&"), trimming
// each statement and dropping empty ones.
func splitStatements(text string) []string {
	var out []string
	var quote byte
	start := 0
	push := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '\\':
			i++
		case ch == ';':
			push(i)
			start = i + 1
		case ch == '&' && i+1 < len(text) && text[i+1] == '&':
			push(i)
			start = i + 2
			i++
		case ch == '#' && (i == 0 || text[i-1] == ' '):
			push(i) // a comment ends the line
			return out
		}
	}
	push(len(text))
	return out
}

// A loopNode is a statement of a loop body: a command or a nested loop.
type loopNode struct {
	cmd    string
	varN   string
	values []string
	body   []*loopNode
}

// tree builds the loop's statement tree; ok is false when the loop is not
// well formed.
func (lp *loopParser) tree() (*loopNode, bool) {
	i := 0
	var parse func() ([]*loopNode, bool)
	parse = func() ([]*loopNode, bool) {
		var out []*loopNode
		for i < len(lp.stmts) {
			st := lp.stmts[i]
			i++
			if st == "done" {
				return out, true
			}
			if m := forRE.FindStringSubmatch(st); m != nil {
				vals, ok := loopValues(m[2])
				if !ok {
					return nil, false
				}
				body, closed := parse()
				if !closed {
					return nil, false
				}
				out = append(out, &loopNode{varN: m[1], values: vals, body: body})
				continue
			}
			out = append(out, &loopNode{cmd: st})
		}
		return out, false
	}
	nodes, _ := parse()
	if len(nodes) != 1 || nodes[0].varN == "" {
		return nil, false
	}
	return nodes[0], true
}

var (
	braceRange = regexp.MustCompile(`^\{(-?\d+)\.\.(-?\d+)(?:\.\.(\d+))?\}$`)
	seqRE      = regexp.MustCompile("^(?:\\$\\(|`)seq\\s+(-?\\d+)(?:\\s+(-?\\d+))?(?:\\s+(-?\\d+))?\\s*(?:\\)|`)$")
)

// loopValues expands the word list of "for x in LIST": literal words
// (quotes removed), brace ranges {1..8} and $(seq A [STEP] B). Anything
// else (a variable, a glob, a command) cannot be expanded.
func loopValues(list string) ([]string, bool) {
	list = strings.TrimSpace(list)
	if m := seqRE.FindStringSubmatch(list); m != nil {
		a, _ := strconv.Atoi(m[1])
		step, b := 1, a
		switch {
		case m[3] != "":
			step, _ = strconv.Atoi(m[2])
			b, _ = strconv.Atoi(m[3])
		case m[2] != "":
			b, _ = strconv.Atoi(m[2])
		default:
			a, b = 1, a
		}
		return intRange(a, b, step)
	}
	var out []string
	for _, w := range splitArgs(list) {
		if m := braceRange.FindStringSubmatch(w); m != nil {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			step := 1
			if m[3] != "" {
				step, _ = strconv.Atoi(m[3])
			}
			vs, ok := intRange(a, b, step)
			if !ok {
				return nil, false
			}
			out = append(out, vs...)
			continue
		}
		if strings.ContainsAny(w, "$`*?[{(") {
			return nil, false
		}
		out = append(out, w)
	}
	return out, len(out) > 0
}

func intRange(a, b, step int) ([]string, bool) {
	if step == 0 {
		return nil, false
	}
	if step < 0 {
		step = -step
	}
	var out []string
	if a <= b {
		for v := a; v <= b && len(out) <= maxLoopRuns; v += step {
			out = append(out, strconv.Itoa(v))
		}
	} else {
		for v := a; v >= b && len(out) <= maxLoopRuns; v -= step {
			out = append(out, strconv.Itoa(v))
		}
	}
	return out, len(out) > 0 && len(out) <= maxLoopRuns
}

// expand returns every command of the loop's body for every iteration, in
// execution order, with the loop variables substituted. Only sysbench and
// mysqlslap commands are kept; echo and the rest are hints at most.
func (n *loopNode) expand(env map[string]string, out *[]*Command) bool {
	if n.varN == "" {
		text := substitute(n.cmd, env)
		if cmd := commandIn(text); cmd != nil {
			if len(*out) >= maxLoopRuns {
				return false
			}
			*out = append(*out, cmd)
		}
		return true
	}
	for _, v := range n.values {
		env[n.varN] = v
		for _, b := range n.body {
			if !b.expand(env, out) {
				return false
			}
		}
	}
	delete(env, n.varN)
	return true
}

var shellVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// substitute replaces $x and ${x} of the loop variables in env.
func substitute(s string, env map[string]string) string {
	return shellVar.ReplaceAllStringFunc(s, func(m string) string {
		name := strings.Trim(m, "${}")
		if v, ok := env[name]; ok {
			return v
		}
		return m
	})
}

// unexpanded returns the first sysbench or mysqlslap command of the body
// as written, variables and all: what every result block gets when the
// loop cannot be matched to the blocks.
func (n *loopNode) unexpanded() *Command {
	if n.varN == "" {
		return commandIn(n.cmd)
	}
	for _, b := range n.body {
		if c := b.unexpanded(); c != nil {
			return c
		}
	}
	return nil
}

// blocks returns how many result blocks a command prints: one for a
// sysbench run, none for prepare and cleanup, one per engine × concurrency
// value for mysqlslap.
func (c *Command) blocks() int {
	switch c.Tool {
	case ToolSysbench:
		if c.Action == "" || c.Action == "run" {
			return 1
		}
		return 0
	case ToolMysqlslap:
		n := 1
		for _, k := range []string{"engine", "concurrency"} {
			if v := c.Opts[k]; v != "" {
				n *= len(strings.Split(v, ","))
			}
		}
		return n
	}
	return 0
}

// A loopQueue holds the expanded commands of a loop for the result blocks
// that follow it.
type loopQueue struct {
	line     int        // line of the loop's "for"
	end      int        // line of its "done"
	cmds     []*Command // one per expected result block, in order
	raw      *Command   // the loop's command as written
	next     int        // index of the next command to give
	taken    []*Run     // runs that took a command, in order
	mismatch bool       // a block of another tool, or more blocks than commands
	vars     []string   // the loop variables
	loopText string     // the loop's statements, as written
}

// newLoopQueue expands a complete loop; nil when it holds no sysbench or
// mysqlslap command.
func newLoopQueue(lp *loopParser, end int) *loopQueue {
	root, ok := lp.tree()
	if !ok {
		return nil
	}
	q := &loopQueue{line: lp.start, end: end, raw: root.unexpanded()}
	if q.raw == nil {
		return nil
	}
	root.varNames(&q.vars)
	q.loopText = strings.Join(lp.stmts, "; ")
	var cmds []*Command
	if !root.expand(map[string]string{}, &cmds) {
		q.mismatch = true
		return q
	}
	for _, c := range cmds {
		for k := c.blocks(); k > 0; k-- {
			q.cmds = append(q.cmds, c)
		}
	}
	return q
}

// varNames lists the loop variables of n and its nested loops.
func (n *loopNode) varNames(out *[]string) {
	if n.varN == "" {
		return
	}
	*out = append(*out, n.varN)
	for _, b := range n.body {
		b.varNames(out)
	}
}

// usesVars reports whether the loop's command, as written, uses a loop
// variable: then its iterations are different experiments.
func (q *loopQueue) usesVars() bool {
	for _, v := range q.vars {
		if strings.Contains(q.raw.raw, "$"+v) || strings.Contains(q.raw.raw, "${"+v+"}") {
			return true
		}
	}
	return false
}
