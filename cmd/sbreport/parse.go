package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
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
		fs.Usage()
		return fmt.Errorf("parse: no input given: %w", errUsage)
	}
	bw := bufio.NewWriterSize(stdout, 256<<10)
	var p sink
	if *asJSON {
		p = newJSONSink(bw)
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
		walkErr = collect.Walk(inputs, p.add)
	}
	if err := p.close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	errs := p.errors()
	for _, e := range errs {
		fmt.Fprintln(stderr, e.Error())
	}
	if walkErr != nil {
		return walkErr
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s in the input; the rest was read: %w", count(len(errs), "problem", "problems"), errPartial)
	}
	return nil
}

// A sink prints items as they arrive.
type sink interface {
	add(parse.Item)
	close() error
	errors() []*parse.Error
}

// jsonSink streams runs into the "runs" array as they arrive and keeps the
// (small) captures and errors for the end, so memory does not grow with the
// number of runs. Runs are encoded by parse.AppendRunJSON into one buffer
// that is reused from run to run.
type jsonSink struct {
	w       *bufio.Writer
	buf     []byte
	nruns   int
	hosts   []*parse.Host
	vars    []*parse.Variables
	tables  []*parse.TableStatus
	stats   []*parse.SysStat
	errs    []*parse.Error
	werr    error
	started bool
}

func newJSONSink(w *bufio.Writer) *jsonSink { return &jsonSink{w: w} }

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
			if s.werr == nil {
				s.werr = fmt.Errorf("%s:%d: %v", v.Source, v.Line, err)
			}
		}
		s.w.Write(b)
		if cap(b) <= maxReusedBuf {
			s.buf = b
		}
		s.nruns++
	case *parse.Host:
		s.hosts = append(s.hosts, v)
	case *parse.Variables:
		s.vars = append(s.vars, v)
	case *parse.TableStatus:
		s.tables = append(s.tables, v)
	case *parse.SysStat:
		s.stats = append(s.stats, v)
	case *parse.Error:
		s.errs = append(s.errs, v)
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
	if !s.started {
		s.w.WriteString(`{"format": "` + parse.Format + `", "runs": [`)
	}
	s.w.WriteString("\n ],\n")
	// The object's other members, as json.Marshal writes a struct of them;
	// system statistics (long series) by parse.AppendSysStatJSON.
	b := append(s.buf[:0], ` "hosts":`...)
	b, err := appendMarshal(b, nonNil(s.hosts))
	if err != nil {
		return err
	}
	b = append(b, `,"variables":`...)
	if b, err = appendMarshal(b, nonNil(s.vars)); err != nil {
		return err
	}
	b = append(b, `,"tables":`...)
	if b, err = appendMarshal(b, nonNil(s.tables)); err != nil {
		return err
	}
	b = append(b, `,"sysstats":[`...)
	for i, st := range s.stats {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = parse.AppendSysStatJSON(b, st); err != nil {
			return fmt.Errorf("%s:%d: %v", st.Source, st.Line, err)
		}
	}
	b = append(b, `],"errors":`...)
	if b, err = appendMarshal(b, nonNil(s.errs)); err != nil {
		return err
	}
	b = append(b, "}\n"...)
	s.w.Write(b)
	return s.werr
}

func appendMarshal(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	return append(b, j...), err
}

func (s *jsonSink) errors() []*parse.Error { return s.errs }

func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

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
