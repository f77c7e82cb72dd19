// Package mysqlslap reads mysqlslap's output (FORMATS.md §4): one
// "Benchmark" block per engine and concurrency, in engine-major order,
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
// Each block becomes a run (parse's Run, with Tool "mysqlslap" and Layout
// "mysqlslap-benchmark") whose Threads are the clients. The run has no
// TPS or QPS: mysqlslap prints none, and deriving clients ×
// queries-per-client / avg would invent precision (queries per client is
// an integer division that is often 0, and seconds are rounded to 1 ms,
// so 0.000 is common). Analysis can derive a rate from the
// model.Mysqlslap fields, saying so.
//
// The package reads lines given by parse through the contract of
// parse/model; the runs it fills are parse's, reached through the small
// Sink and Run interfaces below, so it imports neither parse nor any other
// reader. The words it looks for are in words.go.
package mysqlslap

import (
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// A Sink is what the grammar sees of the input being read: model.Sink,
// and the runs it starts.
type Sink interface {
	model.Sink
	// NewRun starts the run of a block at line, with what parse gives a
	// run there: the mysqlslap command typed before it, the headings,
	// host and captures above it.
	NewRun(line int) Run
	// Unclaimed gives back a line that began no block after all
	// ("Benchmark" alone is a word), as context for what follows.
	Unclaimed(line int, text string)
}

// A Run is the run a block becomes, as the grammar fills it.
type Run interface {
	// Figures returns the run's mysqlslap figures, for the grammar to fill.
	Figures() *model.Mysqlslap
	// Label returns a label the run already has (from its command).
	Label(k string) (string, bool)
	SetLabel(k, v string)
	// SetLabelFrom sets a label and records where it came from.
	SetLabelFrom(k, v, from string)
	// SetThreads sets the run's threads and what gave them ("clients",
	// "command").
	SetThreads(n int, from string)
	// SetEnd sets the last line that belonged to the run.
	SetEnd(line int)
	// Warn adds a warning tied to a line (none when line is 0).
	Warn(line int, msg string)
	// Emit emits the finished run; complete says every figure was read.
	Emit(complete bool)
	// KeepCommand gives the command the run took back to the blocks that
	// follow, when no other command is pending: one mysqlslap command
	// prints a block per engine and concurrency.
	KeepCommand()
}

type block struct {
	s        Sink
	run      Run
	m        *model.Mysqlslap
	line     int  // the block's first line
	seen     bool // a labelled line was read
	cut      *model.Line
	cutLine  model.Line // the line that is a cut-off label, when cut is set
	finished bool
}

// newBlock starts a block at line.
func newBlock(s Sink, line int) *block {
	r := s.NewRun(line)
	return &block{s: s, run: r, m: r.Figures(), line: line}
}

// Detect starts a block at "Benchmark", at an average line standing
// alone, at a --csv line, or at the --debug-info trailer.
func Detect(l *model.Line, s Sink) model.Block {
	t := l.Text
	if listed := unlisted(t); len(listed) != len(t) && (listed == benchmark || strings.HasPrefix(listed, labelAvg)) {
		// A block quoted as a list, a line an item ("- Benchmark",
		// "* Average number of seconds ..."): read as the lines it lists.
		t = listed
		if t == benchmark {
			return newBlock(s, l.No)
		}
		ll := *l
		ll.Text = t
		l = &ll
	}
	switch {
	case t == benchmark:
		return newBlock(s, l.No)
	case strings.HasPrefix(t, labelAvg):
		// A block's average line standing alone, without "Benchmark"
		// above it (results quoted one a line, or glued on one line by
		// inline HTML breaks): a run of what it gives.
		if _, _, ok := scan.LeadingNum(strings.TrimSpace(t[len(labelAvg):])); !ok {
			return nil
		}
		b := newBlock(s, l.No)
		b.Feed(l)
		return b
	case strings.HasPrefix(t, debugFirst) && strings.Contains(t, debugFirstOn):
		return &debugBlock{}
	case strings.Count(t, ",") == 6:
		if r := csvLine(l, s); r != nil {
			return &csvBlock{run: r}
		}
	}
	return nil
}

// Feed reads a line of the block.
func (b *block) Feed(l *model.Line) model.Status {
	if b.finished {
		return model.Rejected
	}
	t := l.Text
	if t == "" {
		if !b.seen && b.cut == nil && openingFence(l.Raw) {
			// "Benchmark" written above the fence that holds the rest of
			// the block (a note whose page put the word outside the code).
			return model.Skipped
		}
		return model.Rejected
	}
	if c := t[0]; c == '-' || c == '*' || c == '+' || c >= '0' && c <= '9' {
		t = unlisted(t) // a block quoted as a list
	}
	m := b.m
	if strings.HasPrefix(t, labelEngine) {
		m.Engine = strings.TrimSpace(t[len(labelEngine):])
		b.seen = true
		b.run.SetEnd(l.No)
		return model.Consumed
	}
	for _, lab := range valueLabels {
		if !strings.HasPrefix(t, lab) {
			continue
		}
		if lab == labelAvg && m.AvgS != nil {
			return model.Rejected // a second average: the next block's, its "Benchmark" not shown
		}
		b.seen = true
		b.run.SetEnd(l.No)
		val := strings.TrimSpace(t[len(lab):])
		v, rest, ok := scan.LeadingNum(val)
		if ok && lab != labelAvg && lab != labelMin && lab != labelMax && strings.Contains(val[:len(val)-len(rest)], ".") {
			ok = false // counts are integers
		}
		if !ok || v < 0 {
			b.run.Warn(l.No, "mysqlslap: bad value "+strconv.Quote(val)+" after "+strconv.Quote(strings.TrimSuffix(lab, ":"))+" (expected a number)")
			return model.Consumed
		}
		switch lab {
		case labelAvg:
			m.AvgS = floatPtr(v)
			if on := ranOn(rest); on != "" {
				b.run.SetLabelFrom("system", on, "the text after the average at line "+strconv.Itoa(l.No))
			}
		case labelMin:
			m.MinS = floatPtr(v)
		case labelMax:
			m.MaxS = floatPtr(v)
		case labelClients:
			m.Clients = intPtr(int(v))
		case labelQPC:
			m.QueriesPerClient = int64Ptr(int64(v))
			b.finished = true
			return model.Done
		}
		return model.Consumed
	}
	// A label cut short by a truncated paste: "Average number of que".
	if len(t) >= 8 {
		for _, lab := range cutLabels {
			if strings.HasPrefix(lab, t) {
				b.cutLine = *l
				b.cut = &b.cutLine
				b.run.SetEnd(l.No)
				return model.Consumed
			}
		}
	}
	if !b.seen {
		// "Benchmark" followed by prose is a word, not a block.
		return model.Rejected
	}
	// Drizzle-era forks add lines ("Load: ...", "Average Time took to
	// generate schema ..."); unknown lines are tolerated.
	return model.Skipped
}

// End emits the block's run, or gives "Benchmark" back as a word when no
// value followed it.
func (b *block) End(model.Sink) {
	r, m := b.run, b.m
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
		b.s.Unclaimed(b.line, benchmark)
		return
	}
	complete := len(missing) == 0
	if !complete {
		r.Warn(0, "mysqlslap block incomplete: missing "+strings.Join(missing, ", "))
	}
	label(r, m)
	r.Emit(complete)
	r.KeepCommand()
}

// label sets threads and labels from the block. The command's engine and
// concurrency may be lists ("myisam,innodb", "50,100,200"): the block says
// which one it ran.
func label(r Run, m *model.Mysqlslap) {
	if m.Clients != nil {
		r.SetThreads(*m.Clients, "clients")
		if _, ok := r.Label("concurrency"); ok {
			r.SetLabel("concurrency", strconv.Itoa(*m.Clients))
		}
	} else if c, _ := r.Label("concurrency"); c != "" {
		if n, err := scan.Atoi(c); err == nil && n > 0 {
			// A block without its clients line (an average quoted
			// alone): the command's one concurrency.
			r.SetThreads(n, "command")
		}
	}
	if m.Engine != "" {
		r.SetLabel("engine", m.Engine)
	}
}

// csvLine reads a --csv line as a run, or returns nil when l is not one.
func csvLine(l *model.Line, s Sink) Run {
	f := strings.Split(l.Text, ",")
	if len(f) != 7 || !loadTypes[f[1]] || strings.ContainsAny(f[0], " \t") {
		return nil
	}
	var secs [3]float64
	for i := range secs {
		v, err := scan.Num(f[2+i])
		if err != nil || v < 0 || !strings.Contains(f[2+i], ".") {
			return nil
		}
		secs[i] = v
	}
	clients, err := scan.Atoi(f[5])
	if err != nil || clients < 0 {
		return nil
	}
	qpc, err := strconv.ParseInt(f[6], 10, 64)
	if err != nil || qpc < 0 {
		return nil
	}
	r := s.NewRun(l.No)
	m := r.Figures()
	*m = model.Mysqlslap{AvgS: floatPtr(secs[0]), MinS: floatPtr(secs[1]), MaxS: floatPtr(secs[2]),
		Clients: intPtr(clients), QueriesPerClient: int64Ptr(qpc), Engine: f[0], LoadType: f[1]}
	label(r, m)
	return r
}

// csvBlock is one --csv line, read whole by Detect.
type csvBlock struct{ run Run }

func (b *csvBlock) Feed(*model.Line) model.Status { return model.Rejected }
func (b *csvBlock) End(model.Sink)                { b.run.Emit(true) }

// debugBlock consumes the --debug-info trailer that mysqlslap prints once
// after all blocks ("User time 0.05, System time 0.06", "Maximum resident
// set size ...", ...). Its values describe the client, not the benchmark,
// so they are skipped.
type debugBlock struct{}

func (b *debugBlock) Feed(l *model.Line) model.Status {
	for _, p := range debugPrefixes {
		if strings.HasPrefix(l.Text, p) {
			return model.Consumed
		}
	}
	return model.Rejected
}

// End forgets the command not taken yet when it ran mysqlslap: the
// trailer closes the command's output.
func (b *debugBlock) End(s model.Sink) {
	if cmd, ok := s.Command(); ok && cmd.Tool == "mysqlslap" {
		s.TakeCommand(cmd.Line)
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

// ranOn returns what the text after an average names it ran on, set off
// by a dash: "seconds - db.t2.small" gives "db.t2.small"; a note of more
// than one word, or none, gives "".
func ranOn(rest string) string {
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimPrefix(rest, unitSeconds))
	for _, dash := range onDashes {
		if strings.HasPrefix(rest, dash) {
			on := strings.TrimSpace(rest[len(dash):])
			if on != "" && !strings.ContainsAny(on, " \t") {
				return on
			}
		}
	}
	return ""
}

func intPtr(v int) *int           { return &v }
func int64Ptr(v int64) *int64     { return &v }
func floatPtr(v float64) *float64 { return &v }

// unlisted returns t without the marker of a list item it may start
// with ("- ", "* ", "+ ", "1. ", "2) "), t itself when it has none.
func unlisted(t string) string {
	if len(t) < 3 {
		return t
	}
	switch t[0] {
	case '-', '*', '+':
		if t[1] == ' ' {
			return strings.TrimLeft(t[2:], " ")
		}
		return t
	}
	i := 0
	for i < len(t) && i < 3 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 || i+1 >= len(t) || (t[i] != '.' && t[i] != ')') || t[i+1] != ' ' {
		return t
	}
	return strings.TrimLeft(t[i+2:], " ")
}
