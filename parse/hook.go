package parse

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/scan"
)

// Report hooks (FORMATS.md §2.3). A Lua script can replace sysbench's
// human-readable reports with sysbench.report_csv or sysbench.report_json:
//
//	1,2,5753.59,0.00,0.00,0.00,0.00,3.13,0.00,0.00
//	{ "time": 1, "threads": 2, "tps": 9327.12, "qps": {"total": 0.00, ...}, "latency": 0.45, ... }
//
// Each report is time, threads running, tps, qps, reads/s, writes/s,
// other/s, latency at the --percentile rank (ms), errors/s and
// reconnects/s. The final (cumulative) report has the same shape with
// threads 0. Neither format says which percentile the latency is: it is
// --percentile from the command line when one precedes the output, and
// otherwise taken as 95, sysbench's default, with a warning on the run.

// The fields of a hook report, in CSV order.
const (
	hookTime = iota
	hookThreads
	hookTPS
	hookQPS
	hookReads
	hookWrites
	hookOther
	hookLatency
	hookErrors
	hookReconnects
	hookFields
)

// hookRun is a run being built from hook reports.
type hookRun struct {
	run  *Run
	rank string // percentile rank of the latency values
	// assumed says why rank is sysbench's default 95 rather than the
	// command line's --percentile; "" when the command line gives it.
	assumed string
	ivCut   cut // interim reports dropped beyond MaxIntervals
}

// startHookRun starts a run at line. A header handed over by the sysbench
// parser (see handOverHeader) becomes the run; otherwise the run takes
// the command line that precedes it, and the header lines left unclaimed
// just above (the banner, "Number of threads:"). The command line decides
// the percentile rank.
func startHookRun(c *ctx, line int) *hookRun {
	st := hookStateOf(c)
	var r *Run
	var cmd *Command
	if hd := st.header; hd != nil {
		st.header = nil
		if line-hd.EndLine <= 3 {
			r = hd
			if r.Command != "" {
				cmd = ParseCommand(r.Command)
			}
		} else {
			c.emitRun(hd) // a header whose hook output never came
		}
	}
	if r == nil {
		cmd = c.command
		r = c.newRun(ToolSysbench, line)
		if r.Command == "" {
			cmd = nil
		}
		r.headerFrom(c, line)
	}
	r.Layout = LayoutH
	h := &hookRun{run: r, rank: "95", assumed: "no command line shows --percentile"}
	if cmd != nil {
		h.assumed = "the command line sets no --percentile"
		if p, ok := cmd.Opts["percentile"]; ok {
			if _, err := parseNum(p); err == nil {
				h.rank, h.assumed = p, ""
			} else {
				h.assumed = "the command line's --percentile is not a number"
			}
		}
	}
	return h
}

// headerFrom takes the version and threads from header lines that no
// parser claimed, when they are close above line.
func (r *Run) headerFrom(c *ctx, line int) {
	for _, hd := range c.headings {
		if line-hd.No > 30 {
			continue // too far above to belong to this run
		}
		if v, ok := bannerVersion(hd.Text); ok {
			r.Version = v
		}
		if rest, ok := strings.CutPrefix(hd.Text, "Number of threads:"); ok && r.Threads == nil {
			if n, err := atoiStrict(strings.TrimSpace(rest)); err == nil && n > 0 {
				r.Threads, r.ThreadsFrom = iptr(n), "header"
			}
		}
	}
}

// hookStart reports whether text starts report-hook output: a report_csv
// line, or a line opening report_json ("[" or "{" alone).
func hookStart(text string) bool {
	if text == "[" || text == "{" {
		return true
	}
	var f [hookFields]float64
	return parseHookCSV(text, &f)
}

// handOverHeader keeps r, a sysbench run that has only its banner and
// options header, for the report-hook output that follows it: the hook
// reports replace sysbench's own, and the header gives the hook run its
// command line (so the --percentile rank), version, threads and options.
// The sysbench parser calls it, instead of emitting r, when the line that
// ends the header is a hookStart line. A header that no hook run takes is
// emitted when the next hook run starts or at the end of the input.
func handOverHeader(c *ctx, r *Run) {
	st := hookStateOf(c)
	if st.header != nil {
		c.emitRun(st.header)
	}
	st.header = r
}

// bannerVersion reads "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)"
// or "sysbench 0.5:  multi-threaded system evaluation benchmark".
func bannerVersion(text string) (string, bool) {
	rest, ok := strings.CutPrefix(text, "sysbench ")
	if !ok || rest == "" || (rest[0] != 'v' && !isDigit(rest[0])) {
		return "", false
	}
	v, after, _ := strings.Cut(rest, " ")
	v = strings.TrimSuffix(strings.TrimPrefix(v, "v"), ":")
	if v == "" || !isDigit(v[0]) || (after != "" && !strings.HasPrefix(after, "(using") && !strings.HasPrefix(after, " multi-threaded")) {
		return "", false
	}
	return v, true
}

// add records one report read at line. It reports whether the report was
// the cumulative one (threads 0), which completes the run.
func (h *hookRun) add(line int, f *[hookFields]float64) bool {
	r := h.run
	r.EndLine = line
	if f[hookThreads] == 0 {
		r.TPS, r.QPS = optNum(f[hookTPS]), optNum(f[hookQPS])
		r.Complete = true
		lat := f[hookLatency]
		switch {
		case math.IsNaN(lat):
		case h.rank == "0":
			r.Latency.PercentileDisabled = true
		default:
			r.Latency.Percentiles = map[string]float64{h.rank: lat}
			if h.assumed != "" {
				r.Warn(line, "report hook latency "+strconv.FormatFloat(lat, 'f', -1, 64)+
					" ms taken as the 95th percentile, sysbench's default ("+h.assumed+")")
			}
		}
		return true
	}
	if len(r.Intervals) >= MaxIntervals {
		h.ivCut.add(line)
		return false
	}
	iv := NewInterval(line, f[hookTime])
	iv.Threads, iv.TPS, iv.QPS = f[hookThreads], f[hookTPS], f[hookQPS]
	iv.Reads, iv.Writes, iv.Other = f[hookReads], f[hookWrites], f[hookOther]
	iv.ErrS, iv.ReconnS = f[hookErrors], f[hookReconnects]
	if h.rank != "0" {
		iv.LatMs = f[hookLatency]
		iv.LatPct, _ = parseNum(h.rank)
	}
	r.Intervals = append(r.Intervals, iv)
	if r.Threads == nil && f[hookThreads] >= 1 && f[hookThreads] < 1e6 {
		r.Threads, r.ThreadsFrom = iptr(int(f[hookThreads])), "interim"
	}
	return false
}

// optNum returns nil for NaN.
func optNum(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	return fptr(v)
}

// --- CSV ---------------------------------------------------------------------

// csvHookBlock is a run of report_csv lines.
type csvHookBlock struct {
	c    *ctx
	h    *hookRun
	full bool // the cumulative line was read
}

// detectReportCSV starts a block at a report_csv line: exactly ten
// comma-separated numbers, the first two integers (time, threads), the
// others printed with two decimals. A line just below a comma-separated
// header row belongs to a hand-made table and is left to it.
func detectReportCSV(l *Line, c *ctx) block {
	var f [hookFields]float64
	if !parseHookCSV(l.Text, &f) {
		return nil
	}
	if n := len(c.headings); n > 0 {
		if hd := c.headings[n-1]; hd.No == l.No-1 && strings.Count(hd.Text, ",") >= hookFields-1 {
			return nil
		}
	}
	b := &csvHookBlock{c: c, h: startHookRun(c, l.No)}
	b.full = b.h.add(l.No, &f)
	return b
}

func (b *csvHookBlock) feed(l *Line) status {
	var f [hookFields]float64
	if b.full || !parseHookCSV(l.Text, &f) {
		return rejected
	}
	if b.h.add(l.No, &f) {
		b.full = true
		return done
	}
	return consumed
}

func (b *csvHookBlock) end(c *ctx) {
	r := b.h.run
	b.h.ivCut.warn(r, "interim reports", MaxIntervals)
	if !r.Complete {
		// A script replacing only the interim reports
		// (sysbench.hooks.report_intermediate = sysbench.report_csv)
		// prints sysbench's own final report below them: the run is
		// kept for it (finalReport) until something else is read.
		st := hookStateOf(c)
		st.flushTail(c)
		st.tail, r.rankAssumed = r, b.h.assumed != "" && b.h.rank != "0"
		return
	}
	c.emitRun(r)
}

// flushTail emits the report_csv run kept for a final report that did
// not come.
func (st *hookState) flushTail(c *ctx) {
	if r := st.tail; r != nil {
		st.tail = nil
		r.Warn(r.EndLine, "report_csv output ends without the cumulative line (threads 0): tps, qps and latency missing")
		c.emitRun(r)
	}
}

// finalReport returns the report_csv run that sysbench's own final
// report starting at line completes: the run of interim CSV reports
// ending at most three lines above (blank or comment lines between), when
// text opens a final report ("SQL statistics:", "General
// statistics:"); nil otherwise. Any other run emits the kept one first.
func finalReport(c *ctx, line int, text string) *Run {
	st, ok := c.hook.(*hookState)
	if !ok || st.tail == nil {
		return nil
	}
	r := st.tail
	if line-r.EndLine <= 3 && (strings.HasPrefix(text, "SQL statistics:") || strings.HasPrefix(text, "General statistics:")) {
		st.tail = nil
		return r
	}
	st.flushTail(c)
	return nil
}

// parseHookCSV reads a report_csv line into f. sysbench prints the rates
// with "%4.2f", so a rate is digits, '.', two digits; "nan" and "inf"
// (a zero-length interval) are read as absent.
func parseHookCSV(s string, f *[hookFields]float64) bool {
	if len(s) < 30 || !isDigit(s[0]) {
		return false
	}
	k := 0
	for start := 0; k < hookFields; k++ {
		end := strings.IndexByte(s[start:], ',')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		if k == hookFields-1 && end != len(s) || k < hookFields-1 && end == len(s) {
			return false
		}
		tok := s[start:end]
		switch {
		case k <= hookThreads:
			v, j, ok := scan.ScanNum(tok, 0)
			if !ok || j != len(tok) || strings.IndexByte(tok, '.') >= 0 {
				return false
			}
			f[k] = v
		case tok == "nan" || tok == "-nan" || tok == "inf" || tok == "-inf":
			f[k] = math.NaN()
		default:
			v, j, ok := scan.ScanNum(tok, 0)
			if !ok || j != len(tok) || len(tok) < 4 || tok[len(tok)-3] != '.' {
				return false
			}
			f[k] = v
		}
		start = end + 1
	}
	return true
}

// --- JSON --------------------------------------------------------------------

// hookObject is one report_json object.
type hookObject struct {
	Time    *float64 `json:"time"`
	Threads *float64 `json:"threads"`
	TPS     *float64 `json:"tps"`
	QPS     *struct {
		Total  *float64 `json:"total"`
		Reads  *float64 `json:"reads"`
		Writes *float64 `json:"writes"`
		Other  *float64 `json:"other"`
	} `json:"qps"`
	Latency    *float64 `json:"latency"`
	Errors     *float64 `json:"errors"`
	Reconnects *float64 `json:"reconnects"`
}

// fields returns the object's values in CSV order, absent ones NaN. ok is
// false when a key every report has is missing.
func (o *hookObject) fields(f *[hookFields]float64) bool {
	if o.Time == nil || o.Threads == nil || o.TPS == nil || o.QPS == nil || o.QPS.Total == nil || o.Latency == nil {
		return false
	}
	get := func(p *float64) float64 {
		if p == nil {
			return math.NaN()
		}
		return *p
	}
	*f = [hookFields]float64{get(o.Time), get(o.Threads), get(o.TPS), get(o.QPS.Total), get(o.QPS.Reads),
		get(o.QPS.Writes), get(o.QPS.Other), get(o.Latency), get(o.Errors), get(o.Reconnects)}
	for _, v := range f {
		if v < 0 {
			return false
		}
	}
	return true
}

// hookState is what the hook parsers keep in ctx.hook: a header handed
// over by the sysbench parser, and the report_json run being read. Up to
// sysbench 1.0.13 every JSON report is a separate object followed by ",",
// and from 1.0.14 the interim reports and the cumulative one are two
// arrays, so one run spans several documents.
type hookState struct {
	header  *Run     // see handOverHeader
	tail    *Run     // a report_csv run without its cumulative line, see finalReport
	h       *hookRun // the report_json run being read, nil when none
	endLine int      // last line of the last document
	found   int      // c.found after the last document
}

// hookStateOf returns the state in c.hook, creating it and registering
// its flush at the end of the input.
func hookStateOf(c *ctx) *hookState {
	if st, ok := c.hook.(*hookState); ok {
		return st
	}
	st := &hookState{}
	c.hook = st
	c.atEnd = append(c.atEnd, func() {
		st.flushTail(c)
		st.flush(c)
		if st.header != nil {
			c.emitRun(st.header)
			st.header = nil
		}
	})
	return st
}

// sysbenchJSON reads report_json output: one object (possibly followed by
// a comma) or an array of objects. It returns false for any other JSON.
func sysbenchJSON(lines []Line, c *ctx) bool {
	if len(lines) == 0 {
		return false
	}
	objs, truncated, ok := decodeHookJSON(lines)
	if !ok {
		return false
	}
	st := hookStateOf(c)
	first, last := lines[0].No, lines[len(lines)-1].No
	if st.h != nil && !st.continues(c, first) {
		st.flush(c)
	}
	at := objectLines(lines, len(objs))
	for i := range objs {
		var f [hookFields]float64
		objs[i].fields(&f)
		if st.h == nil {
			start := at[i]
			if i == 0 {
				start = first
			}
			st.h = startHookRun(c, start)
		}
		if st.h.add(at[i], &f) {
			st.h.run.EndLine = last
			st.flush(c)
		}
	}
	if truncated && st.h != nil {
		st.h.run.Warn(last, "report_json array cut short: the reports before the cut are kept")
	}
	if st.h != nil {
		st.h.run.EndLine = last
	}
	st.endLine, st.found = last, c.found
	return true
}

// objectLines returns the line of each of the n objects of a document:
// the line of its "time" key, or the document's first line when the
// objects do not have one such line each.
func objectLines(lines []Line, n int) []int {
	at := make([]int, 0, n)
	for _, l := range lines {
		switch strings.Count(l.Raw, `"time"`) {
		case 0:
		case 1:
			at = append(at, l.No)
		default:
			at = at[:0]
			for len(at) < n {
				at = append(at, lines[0].No)
			}
			return at
		}
	}
	for len(at) < n {
		at = append(at, lines[0].No)
	}
	return at[:n]
}

// continues reports whether a document starting at line continues the run
// in st: nothing was emitted since, and at most one unclaimed blank or
// noise line lies between.
func (st *hookState) continues(c *ctx, line int) bool {
	if c.found != st.found || line-st.endLine > 2 {
		return false
	}
	for _, hd := range c.headings {
		if hd.No > st.endLine && hd.No < line {
			return false
		}
	}
	return true
}

// flush emits the run in st, if any.
func (st *hookState) flush(c *ctx) {
	if st.h == nil {
		return
	}
	r := st.h.run
	st.h.ivCut.warn(r, "interim reports", MaxIntervals)
	st.h = nil
	if !r.Complete {
		r.Warn(r.EndLine, "report_json output ends without the cumulative report (threads 0): tps, qps and latency missing")
	}
	c.emitRun(r)
	st.found = c.found
}

// decodeHookJSON decodes the lines of one document as report_json
// objects. A document that is an array cut short (a killed run) is
// repaired by closing it after its last complete object.
func decodeHookJSON(lines []Line) (objs []hookObject, truncated bool, ok bool) {
	text := bytes.TrimSpace([]byte(joinRaw(lines)))
	text = bytes.TrimSuffix(text, []byte(","))
	if len(text) == 0 || (text[0] != '{' && text[0] != '[') {
		return nil, false, false
	}
	if !bytes.Contains(text, []byte(`"tps"`)) {
		return nil, false, false // not ours; spare the decoder
	}
	if jsonExponent(text) {
		return nil, false, false // sysbench prints "%4.2f": 1e3 is not its number
	}
	if text[0] == '{' {
		var o hookObject
		if !decodeStrict(text, &o) {
			return nil, false, false
		}
		objs = []hookObject{o}
	} else if open, closed := bytes.Count(text, []byte("["))+bytes.Count(text, []byte("{")),
		bytes.Count(text, []byte("]"))+bytes.Count(text, []byte("}")); open <= closed {
		if !decodeStrict(text, &objs) {
			return nil, false, false
		}
	} else {
		// Unbalanced, so cut short: decoding it whole can only fail, after
		// reading all of it.
		i := bytes.LastIndexByte(text, '}')
		if i < 0 {
			return nil, false, false
		}
		repaired := append(append([]byte(nil), text[:i+1]...), ']')
		objs = nil
		if !decodeStrict(repaired, &objs) {
			return nil, false, false
		}
		truncated = true
	}
	if len(objs) == 0 {
		return nil, false, false
	}
	for i := range objs {
		var f [hookFields]float64
		if !objs[i].fields(&f) {
			return nil, false, false
		}
	}
	return objs, truncated, true
}

// decodeStrict decodes one JSON value with no unknown keys and nothing
// after it.
func decodeStrict(text []byte, v any) bool {
	d := json.NewDecoder(bytes.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return false
	}
	_, err := d.Token()
	return err == io.EOF // nothing follows
}

// jsonExponent reports whether a number of the JSON text has an exponent
// ("1e3", "2.5E-1"), which sysbench's report_json never prints.
func jsonExponent(text []byte) bool {
	inString, escaped := false, false
	for i, c := range text {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case (c == 'e' || c == 'E') && i > 0 && (isDigit(text[i-1]) || text[i-1] == '.'):
			return true
		}
	}
	return false
}
