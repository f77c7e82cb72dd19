package parse

import (
	"strconv"
	"strings"
)

// mysqlslap output (FORMATS.md §4): one "Benchmark" block per engine and
// concurrency, in engine-major order,
//
//	Benchmark
//		Running for engine innodb
//		Average number of seconds to run all queries: 0.522 seconds
//		Minimum number of seconds to run all queries: 0.407 seconds
//		Maximum number of seconds to run all queries: 1.165 seconds
//		Number of clients running queries: 100
//		Average number of queries per client: 0
//
// or, with --csv, one line per block:
// "engine,load-type,avg,min,max,clients,queries-per-client".
//
// Each block becomes a Run with Tool ToolMysqlslap and Layout LayoutS. Its
// Threads are the clients. The run has no TPS or QPS: mysqlslap prints none,
// and deriving clients × queries-per-client / avg would invent precision
// (queries per client is an integer division that is often 0, and seconds
// are rounded to 1 ms, so 0.000 is common). Analysis can derive a rate from
// the Mysqlslap fields, saying so.

// mysqlslap block labels, after normalisation (indentation is stripped and
// the fullwidth colon is already ':').
const (
	slapEngine  = "Running for engine "
	slapAvg     = "Average number of seconds to run all queries:"
	slapMin     = "Minimum number of seconds to run all queries:"
	slapMax     = "Maximum number of seconds to run all queries:"
	slapClients = "Number of clients running queries:"
	slapQPC     = "Average number of queries per client:"
)

var slapLabels = []string{slapAvg, slapMin, slapMax, slapClients, slapQPC}

type slapBlock struct {
	run      *Run
	cmd      *Command // the command that produced the run, kept for the next block
	seen     bool     // a labelled line was read
	cut      *Line    // a line that is a cut-off label
	finished bool
}

// newSlapBlock starts a mysqlslap block at line: its run takes the
// command shown before it, if any.
func (c *ctx) newSlapBlock(line int) *slapBlock {
	cmd := c.command
	r := c.newRun(ToolMysqlslap, line)
	r.Layout = LayoutS
	r.Mysqlslap = &Mysqlslap{}
	b := &slapBlock{run: r}
	if r.Command != "" {
		b.cmd = cmd
	}
	return b
}

func detectMysqlslap(l *Line, c *ctx) block {
	t := l.Text
	switch {
	case t == "Benchmark":
		return c.newSlapBlock(l.No)
	case strings.HasPrefix(t, slapAvg):
		// A block's average line standing alone, without "Benchmark"
		// above it (results quoted one a line, or glued on one line by
		// inline HTML breaks): a run of what it gives.
		if _, _, ok := leadingNum(strings.TrimSpace(t[len(slapAvg):])); !ok {
			return nil
		}
		b := c.newSlapBlock(l.No)
		b.feed(l)
		return b
	case strings.HasPrefix(t, "User time ") && strings.Contains(t, ", System time "):
		return &slapDebugBlock{}
	case strings.Count(t, ",") == 6:
		if r := slapCSV(l, c); r != nil {
			return &slapCSVBlock{run: r}
		}
	}
	return nil
}

func (b *slapBlock) feed(l *Line) status {
	if b.finished {
		return rejected
	}
	t := l.Text
	if t == "" {
		if !b.seen && b.cut == nil && openingFence(l.Raw) {
			// "Benchmark" written above the fence that holds the rest of
			// the block (a note whose page put the word outside the code).
			return skipped
		}
		return rejected
	}
	m := b.run.Mysqlslap
	if strings.HasPrefix(t, slapEngine) {
		m.Engine = strings.TrimSpace(t[len(slapEngine):])
		b.seen = true
		b.run.EndLine = l.No
		return consumed
	}
	for _, lab := range slapLabels {
		if !strings.HasPrefix(t, lab) {
			continue
		}
		if lab == slapAvg && m.AvgS != nil {
			return rejected // a second average: the next block's, its "Benchmark" not shown
		}
		b.seen = true
		b.run.EndLine = l.No
		val := strings.TrimSpace(t[len(lab):])
		v, rest, ok := leadingNum(val)
		if ok && lab != slapAvg && lab != slapMin && lab != slapMax && strings.Contains(val[:len(val)-len(rest)], ".") {
			ok = false // counts are integers
		}
		if !ok || v < 0 {
			b.run.Warn(l.No, "mysqlslap: bad value "+strconv.Quote(val)+" after "+strconv.Quote(strings.TrimSuffix(lab, ":"))+" (expected a number)")
			return consumed
		}
		switch lab {
		case slapAvg:
			m.AvgS = fptr(v)
			if on := slapOn(rest); on != "" {
				b.run.SetLabelFrom("system", on, "the text after the average at line "+strconv.Itoa(l.No))
			}
		case slapMin:
			m.MinS = fptr(v)
		case slapMax:
			m.MaxS = fptr(v)
		case slapClients:
			m.Clients = iptr(int(v))
		case slapQPC:
			m.QueriesPerClient = i64ptr(int64(v))
			b.finished = true
			return done
		}
		return consumed
	}
	// A label cut short by a truncated paste: "Average number of que".
	if len(t) >= 8 {
		for _, lab := range append(slapLabels, strings.TrimSpace(slapEngine)) {
			if strings.HasPrefix(lab, t) {
				b.cut = l
				b.run.EndLine = l.No
				return consumed
			}
		}
	}
	if !b.seen {
		// "Benchmark" followed by prose is a word, not a block.
		return rejected
	}
	// Drizzle-era forks add lines ("Load: ...", "Average Time took to
	// generate schema ..."); unknown lines are tolerated.
	return skipped
}

func (b *slapBlock) end(c *ctx) {
	r, m := b.run, b.run.Mysqlslap
	if b.cut != nil {
		r.Warn(b.cut.No, "mysqlslap: line cut short: "+strconv.Quote(b.cut.Text))
	}
	var missing []string
	if m.AvgS == nil {
		missing = append(missing, "average seconds")
	}
	if m.MinS == nil {
		missing = append(missing, "minimum seconds")
	}
	if m.MaxS == nil {
		missing = append(missing, "maximum seconds")
	}
	if m.Clients == nil {
		missing = append(missing, "clients")
	}
	if m.QueriesPerClient == nil {
		missing = append(missing, "queries per client")
	}
	if len(missing) == 5 && b.cut == nil {
		// "Benchmark" alone is a word, not a mysqlslap block.
		c.remember(&Line{No: r.Line, Text: "Benchmark"})
		return
	}
	r.Complete = len(missing) == 0
	if !r.Complete {
		r.Warn(0, "mysqlslap block incomplete: missing "+strings.Join(missing, ", "))
	}
	b.label(r)
	c.emitRun(r)
	if b.cmd != nil && c.command == nil {
		// One mysqlslap command prints a block per engine and concurrency.
		c.command = b.cmd
	}
}

// label sets threads and labels from the block. The command's engine and
// concurrency may be lists ("myisam,innodb", "50,100,200"): the block says
// which one it ran.
func (b *slapBlock) label(r *Run) {
	m := r.Mysqlslap
	if m.Clients != nil {
		r.Threads, r.ThreadsFrom = iptr(*m.Clients), "clients"
		if _, ok := r.Labels["concurrency"]; ok {
			r.SetLabel("concurrency", strconv.Itoa(*m.Clients))
		}
	} else if n, err := atoiStrict(r.Labels["concurrency"]); err == nil && n > 0 {
		// A block without its clients line (an average quoted alone):
		// the command's one concurrency.
		r.Threads, r.ThreadsFrom = iptr(n), "command"
	}
	if m.Engine != "" {
		r.SetLabel("engine", m.Engine)
	}
}

// slapLoadTypes are the load types mysqlslap --csv prints.
var slapLoadTypes = map[string]bool{"mixed": true, "update": true, "write": true, "key": true, "read": true, "query": true}

// slapCSV parses a --csv line, or returns nil when l is not one.
func slapCSV(l *Line, c *ctx) *Run {
	f := strings.Split(l.Text, ",")
	if len(f) != 7 || !slapLoadTypes[f[1]] || strings.ContainsAny(f[0], " \t") {
		return nil
	}
	var secs [3]float64
	for i := range secs {
		v, err := parseNum(f[2+i])
		if err != nil || v < 0 || !strings.Contains(f[2+i], ".") {
			return nil
		}
		secs[i] = v
	}
	clients, err := atoiStrict(f[5])
	if err != nil || clients < 0 {
		return nil
	}
	qpc, err := strconv.ParseInt(f[6], 10, 64)
	if err != nil || qpc < 0 {
		return nil
	}
	r := c.newRun(ToolMysqlslap, l.No)
	r.Layout = LayoutS
	r.Complete = true
	r.Mysqlslap = &Mysqlslap{AvgS: fptr(secs[0]), MinS: fptr(secs[1]), MaxS: fptr(secs[2]),
		Clients: iptr(clients), QueriesPerClient: i64ptr(qpc), Engine: f[0], LoadType: f[1]}
	(&slapBlock{}).label(r)
	return r
}

type slapCSVBlock struct{ run *Run }

func (b *slapCSVBlock) feed(l *Line) status { return rejected }
func (b *slapCSVBlock) end(c *ctx)          { c.emitRun(b.run) }

// slapDebugBlock consumes the --debug-info trailer that mysqlslap prints
// once after all blocks ("User time 0.05, System time 0.06", "Maximum
// resident set size ...", ...). Its values describe the client, not the
// benchmark, so they are skipped.
type slapDebugBlock struct{}

var slapDebugPrefixes = []string{"Maximum resident set size ", "Non-physical pagefaults ",
	"Blocks in ", "Voluntary context switches "}

func (b *slapDebugBlock) feed(l *Line) status {
	for _, p := range slapDebugPrefixes {
		if strings.HasPrefix(l.Text, p) {
			return consumed
		}
	}
	return rejected
}

func (b *slapDebugBlock) end(c *ctx) {
	if c.command != nil && c.command.Tool == ToolMysqlslap {
		c.command = nil // the trailer closes the command's output
	}
}

// openingFence reports a line that is a code fence of its own ("```",
// "~~~", "```text"), not text that starts with backquotes.
func openingFence(raw string) bool {
	t := strings.TrimSpace(raw)
	if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
		return false
	}
	return !strings.ContainsAny(strings.TrimLeft(t, "`~"), " \t`")
}

// slapOn returns what the text after an average names it ran on, set off
// by a dash: "seconds - db.t2.small" gives "db.t2.small"; a note of more
// than one word, or none, gives "".
func slapOn(rest string) string {
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "seconds"))
	for _, dash := range []string{"- ", "– ", "— "} {
		if strings.HasPrefix(rest, dash) {
			on := strings.TrimSpace(rest[len(dash):])
			if on != "" && !strings.ContainsAny(on, " \t") {
				return on
			}
		}
	}
	return ""
}
