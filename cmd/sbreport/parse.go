package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

func init() {
	register("parse", "parse [--json] INPUT...",
		"Read sysbench, mysqlslap and summary-table results and host and server captures; print one row a run, or with --json one JSON document.",
		runParse)
}

func runParse(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("parse", stderr)
	asJSON := fs.Bool("json", false, "print one JSON document with every run, host, variable capture, table and error")
	var in inputFlags
	in.register(fs)
	inputs, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(inputs) == 0 && in.db == "" {
		return fmt.Errorf("parse: no input given: %w", errUsage)
	}
	if os.Getenv("GOGC") == "" {
		// parse holds little (a directory's runs at most) and allocates
		// much: collecting garbage half as often is 6 to 10 % faster on
		// interim-heavy logs, for 35 to 60 % more peak memory, still
		// bounded by the files in flight (BENCH.md). GOGC set by the
		// user wins.
		defer debug.SetGCPercent(debug.SetGCPercent(200))
	}
	bw := bufio.NewWriterSize(stdout, 256<<10)
	var p sink
	if *asJSON {
		p = newJSONSink(bw, stdout)
	} else {
		p = newTableSink(bw)
	}
	var walkErr error
	if in.db != "" || !in.empty() {
		// Selected or stored runs: read them whole, then print them.
		var doc *parse.Document
		if doc, _, walkErr = in.read("parse", fs, inputs); walkErr == nil {
			for _, it := range doc.Items() {
				p.add(it)
			}
		}
	} else {
		// --json only encodes the status snapshots: their values are read
		// straight into JSON, no map of them made (MySQLStatusJSON).
		rs := &readStatus{}
		st := newStatus(stderr, rs.line)
		walkErr = collect.WalkWith(inputs, collect.Options{StatusJSON: *asJSON, FileRead: rs.fileRead}, func(it parse.Item) {
			if _, ok := it.(*parse.Run); ok {
				rs.runs.Add(1)
			}
			p.add(it)
		})
		st.close()
	}
	if err := p.close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	lines := parse.ProblemLines(p.errors())
	for _, l := range lines {
		fmt.Fprintln(stderr, l)
	}
	if walkErr != nil {
		return walkErr
	}
	if len(lines) > 0 {
		return fmt.Errorf("%s in the input; the rest was read: %w", count(len(lines), "problem", "problems"), errPartial)
	}
	return nil
}

// A sink prints items as they arrive.
type sink interface {
	add(parse.Item)
	close() error
	errors() []*parse.Error
}

// jsonSink streams runs into the "runs" array as they arrive. The
// document's other members come after the runs: each capture is encoded
// as it arrives into a spool, kept in memory up to a bound and in a
// temporary file beyond it, so that memory does not grow with the input.
// Errors are also kept, to be listed on standard error. Runs are encoded
// by parse.AppendRunJSON into one buffer that is reused from run to run.
type jsonSink struct {
	w       *bufio.Writer
	out     io.Writer // under w: large runs are written to it directly
	buf     []byte
	nruns   int
	hosts   spool
	vars    spool
	tables  spool
	stats   spool
	facts   spool
	nfacts  int
	errSp   spool
	errs    []*parse.Error
	werr    error
	started bool
	order   parse.KeyOrder // of the snapshots' values
}

func newJSONSink(w *bufio.Writer, out io.Writer) *jsonSink { return &jsonSink{w: w, out: out} }

// directWrite is the size from which an encoded run is written to the
// output directly, after what w holds, rather than copied into w.
const directWrite = 32 << 10

// write writes b after what was written before.
func (s *jsonSink) write(b []byte) {
	if len(b) < directWrite || s.out == nil {
		s.w.Write(b)
		return
	}
	if s.w.Flush() != nil {
		return // w keeps the error for the last Flush
	}
	if _, err := s.out.Write(b); err != nil {
		s.fail(err)
	}
}

func (s *jsonSink) add(it parse.Item) {
	switch v := it.(type) {
	case *parse.Run:
		if !s.started {
			s.w.WriteString(`{"format": "` + parse.Format + `", "runs": [`)
			s.started = true
		}
		if s.nruns > 0 {
			s.w.WriteString(",")
		}
		s.w.WriteString("\n  ")
		b, err := marshalRun(s.buf[:0], v)
		if err != nil {
			// Write nothing of the run, as json.Marshal would.
			b = b[:0]
			s.fail(fmt.Errorf("%s:%d: %v", v.Source, v.Line, err))
		}
		s.write(b)
		s.keep(b)
		s.nruns++
	case *parse.Host:
		s.marshal(&s.hosts, v)
	case *parse.Variables:
		b := parse.AppendVariablesJSONOrder(s.buf[:0], v, &s.order)
		s.vars.add(b)
		s.keep(b)
		v.ReleaseJSON() // written: its buffer is reused for a snapshot read next
	case *parse.TableStatus:
		s.marshal(&s.tables, v)
	case *parse.SysStat:
		b, err := parse.AppendSysStatJSON(s.buf[:0], v)
		if err != nil {
			s.fail(fmt.Errorf("%s:%d: %v", v.Source, v.Line, err))
			return
		}
		s.stats.add(b)
		s.keep(b)
	case *parse.Fact:
		s.marshal(&s.facts, v)
		s.nfacts++
	case *parse.Error:
		s.errs = append(s.errs, v)
		s.marshal(&s.errSp, v)
	}
}

// marshal adds a capture to its spool as json.Marshal writes it.
func (s *jsonSink) marshal(sp *spool, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.fail(err)
		return
	}
	sp.add(b)
}

func (s *jsonSink) fail(err error) {
	if s.werr == nil {
		s.werr = err
	}
}

// keep reuses an encoding buffer for the next item, unless it grew large.
func (s *jsonSink) keep(b []byte) {
	if cap(b) <= maxReusedBuf {
		s.buf = b
	}
}

// A spool holds the encoded items of one member of the document, comma
// separated: in memory up to spoolMemory bytes, in chunks that are never
// copied to grow, then in a temporary file (removed by close).
type spool struct {
	limit  int // bytes kept in memory; 0 for spoolMemory
	n      int // items
	chunks [][]byte
	cur    int // the chunk being filled
	size   int // bytes in chunks
	f      *os.File
	err    error
}

// spoolMemory is how much of a member is kept in memory, spoolChunk the
// size of one piece of it.
const (
	spoolMemory = 4 << 20
	spoolChunk  = 64 << 10
)

func (sp *spool) add(b []byte) {
	if sp.n > 0 {
		sp.write([]byte{','})
	}
	sp.n++
	sp.write(b)
	limit := sp.limit
	if limit == 0 {
		limit = spoolMemory
	}
	if sp.size < limit || sp.err != nil {
		return
	}
	if sp.f == nil {
		if sp.f, sp.err = os.CreateTemp("", "sbreport-parse-*.json"); sp.err != nil {
			sp.err = fmt.Errorf("parse: spooling captures: %w", sp.err)
			return
		}
	}
	for _, c := range sp.chunks {
		if _, err := sp.f.Write(c); err != nil {
			sp.err = fmt.Errorf("parse: spooling captures: %w", err)
			break
		}
	}
	// The chunks are reused for what comes next.
	for i := range sp.chunks {
		sp.chunks[i] = sp.chunks[i][:0]
	}
	sp.size, sp.cur = 0, 0
}

// write appends b to the chunks, filling each before starting the next.
func (sp *spool) write(b []byte) {
	sp.size += len(b)
	for len(b) > 0 {
		if sp.cur == len(sp.chunks) {
			sp.chunks = append(sp.chunks, make([]byte, 0, spoolChunk))
		}
		c := sp.chunks[sp.cur]
		if len(c) == cap(c) {
			sp.cur++
			continue
		}
		n := min(len(b), cap(c)-len(c))
		sp.chunks[sp.cur] = append(c, b[:n]...)
		b = b[n:]
	}
}

// writeTo writes the member's JSON array.
func (sp *spool) writeTo(w *bufio.Writer) error {
	if sp.err != nil {
		return sp.err
	}
	w.WriteByte('[')
	if sp.f != nil {
		// Flushed first, so that the copy goes straight to the output
		// (copy_file_range or splice when it is a file or a pipe), not
		// through w's buffer.
		if err := w.Flush(); err != nil {
			return err
		}
		if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("parse: reading spooled captures: %w", err)
		}
		if _, err := io.Copy(w, sp.f); err != nil {
			return fmt.Errorf("parse: reading spooled captures: %w", err)
		}
	}
	for _, c := range sp.chunks {
		w.Write(c)
	}
	w.WriteByte(']')
	return nil
}

// close removes the temporary file.
func (sp *spool) close() {
	if sp.f != nil {
		sp.f.Close()
		os.Remove(sp.f.Name())
		sp.f = nil
	}
}

// maxReusedBuf bounds the encoding buffer kept from one run to the next,
// so that one huge run does not hold its memory to the end.
const maxReusedBuf = 4 << 20

// marshalRun appends the JSON of a run to b: the bytes json.Marshal
// writes (parse.AppendRunJSON).
func marshalRun(b []byte, r *parse.Run) ([]byte, error) {
	return parse.AppendRunJSON(b, r)
}

func (s *jsonSink) close() error {
	defer func() {
		for _, sp := range []*spool{&s.hosts, &s.vars, &s.tables, &s.stats, &s.facts, &s.errSp} {
			sp.close()
		}
	}()
	if !s.started {
		s.w.WriteString(`{"format": "` + parse.Format + `", "runs": [`)
	}
	s.w.WriteString("\n ],\n")
	// The other members, as json.Marshal writes a struct of them.
	for _, m := range []struct {
		key string
		sp  *spool
	}{{` "hosts":`, &s.hosts}, {`,"variables":`, &s.vars}, {`,"tables":`, &s.tables},
		{`,"sysstats":`, &s.stats}, {`,"facts":`, &s.facts}, {`,"errors":`, &s.errSp}} {
		if m.sp == &s.facts && s.nfacts == 0 {
			continue // omitted when empty, as in parse.Document
		}
		s.w.WriteString(m.key)
		if err := m.sp.writeTo(s.w); err != nil {
			return err
		}
	}
	s.w.WriteString("}\n")
	return s.werr
}

func (s *jsonSink) errors() []*parse.Error { return s.errs }

// tableSink prints a readable table, one row a run, then one line per
// capture.
type tableSink struct {
	w        *bufio.Writer
	tw       *tabwriter.Writer
	rows     int
	captures []string
	warnings []string // each run's warnings, "source:line: warning"
	errs     []*parse.Error
}

func newTableSink(w *bufio.Writer) *tableSink {
	s := &tableSink{w: w, tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)}
	fmt.Fprintln(s.tw, "SOURCE:LINE\tTOOL\tVERSION\tTEST\tTHREADS\tLABELS\tTPS\tQPS\tEPS\tLAT AVG ms\tLAT PCT ms\tNOTE")
	return s
}

func (s *tableSink) add(it parse.Item) {
	switch v := it.(type) {
	case *parse.Run:
		note := ""
		if !v.Complete {
			note = "incomplete"
		}
		if n := len(v.Warnings); n > 0 {
			if note != "" {
				note += ", "
			}
			if n == 1 {
				note += "1 warning"
			} else {
				note += strconv.Itoa(n) + " warnings"
			}
			for _, w := range v.Warnings {
				s.warnings = append(s.warnings, fmt.Sprintf("%s:%d: %s", v.Source, v.Line, w))
			}
		}
		fmt.Fprintf(s.tw, "%s:%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			v.Source, v.Line, v.Tool, dash(v.Version), dash(v.Test), intOrDash(v.Threads),
			dash(formatLabels(v.Labels)), numOrDash(v.TPS), numOrDash(v.QPS), numOrDash(v.EPS),
			numOrDash(v.Latency.Avg), pctText(v.Latency), note)
		s.rows++
		if s.rows%1000 == 0 {
			s.tw.Flush()
		}
	case *parse.Host:
		desc := []string{}
		if v.Kernel != "" {
			desc = append(desc, v.Kernel)
		}
		if v.CPUModel != "" {
			desc = append(desc, v.CPUModel)
		}
		if v.CPUs != nil {
			desc = append(desc, strconv.Itoa(*v.CPUs)+" CPUs")
		}
		if v.MemTotalBytes != nil {
			desc = append(desc, fmt.Sprintf("%.1f GiB RAM", float64(*v.MemTotalBytes)/(1<<30)))
		}
		if len(v.Disks) > 0 {
			desc = append(desc, strconv.Itoa(len(v.Disks))+" block devices")
		}
		s.captures = append(s.captures, fmt.Sprintf("host      %s:%d  %s (%s)", v.Source, v.Line, strings.Join(desc, ", "), strings.Join(v.Captures, ", ")))
	case *parse.Variables:
		s.captures = append(s.captures, fmt.Sprintf("%-9s %s:%d  %d values", v.Kind, v.Source, v.Line, len(v.Values)))
	case *parse.TableStatus:
		s.captures = append(s.captures, fmt.Sprintf("table     %s:%d  %s (%s) rows %s, data %s B, index %s B", v.Source, v.Line, v.Name, v.Engine,
			i64OrDash(v.Rows), i64OrDash(v.DataLength), i64OrDash(v.IndexLength)))
		for _, w := range v.Warnings {
			s.warnings = append(s.warnings, fmt.Sprintf("%s:%d: %s", v.Source, v.Line, w))
		}
	case *parse.Error:
		s.errs = append(s.errs, v)
	}
}

func (s *tableSink) close() error {
	if err := s.tw.Flush(); err != nil {
		return err
	}
	if s.rows == 0 {
		fmt.Fprintln(s.w, "(no runs)")
	}
	if len(s.warnings) > 0 {
		fmt.Fprintln(s.w, "\nwarnings:")
		for _, w := range s.warnings {
			fmt.Fprintln(s.w, "  "+w)
		}
	}
	if len(s.captures) > 0 {
		fmt.Fprintln(s.w)
		for _, c := range s.captures {
			fmt.Fprintln(s.w, c)
		}
	}
	return nil
}

func (s *tableSink) errors() []*parse.Error { return s.errs }

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func intOrDash(p *int) string {
	if p == nil {
		return "-"
	}
	return strconv.Itoa(*p)
}

func i64OrDash(p *int64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatInt(*p, 10)
}

func numOrDash(p *float64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

// pctText prints the highest-priority percentile as "p95=17.32".
func pctText(l parse.Latency) string {
	if l.PercentileDisabled {
		return "disabled"
	}
	if len(l.Percentiles) == 0 {
		return "-"
	}
	keys := make([]string, 0, len(l.Percentiles))
	for k := range l.Percentiles {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := strconv.ParseFloat(keys[i], 64)
		b, _ := strconv.ParseFloat(keys[j], 64)
		return a < b
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = "p" + k + "=" + strconv.FormatFloat(l.Percentiles[k], 'f', -1, 64)
	}
	return strings.Join(parts, " ")
}

func formatLabels(m map[string]string) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + m[k]
	}
	return strings.Join(parts, ",")
}
