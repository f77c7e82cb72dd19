package render

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"io"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"text/template"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/templates"
)

// Options control a report.
type Options struct {
	Title   string // "" = "Benchmark report"
	Command string // the command line that made the report, for the appendix
	// Template is the text of a user template replacing the embedded
	// report.md.tmpl; it sees a *View and the helpers of Funcs.
	Template string
	// Formats lists the chart formats; nil means png and svg.
	Formats []string
	// Progress, when set, is called before each chart is drawn with how
	// many are drawn and how many there are, and with total, total
	// before the tables and documents.
	Progress func(done, total int)
	// Counts, when set, is told the runs, systems and workloads report.md
	// states, for a summary of it that says the same.
	Counts func(runs, systems, workloads int)
}

// A Sink creates the files of a report by relative name
// ("charts/bars-oltp_insert.png"). Report closes every file it creates
// and checks the error.
type Sink interface {
	Create(name string) (io.WriteCloser, error)
}

// Report files.
const (
	MarkdownFile = "report.md"
	AppendixFile = "appendix.md"
	WorkbookFile = "report.xlsx"
	JSONFile     = "results.json"
	CSVFile      = "runs.csv"
	ChartDir     = "charts"
)

// Report writes the whole report through s: report.md (the post),
// appendix.md (everything else), report.xlsx, results.json, runs.csv and
// the charts. Charts are drawn and written one
// at a time, so memory grows with the data, not with the number of
// charts.
func Report(s Sink, doc *parse.Document, an *analyze.Analysis, opts Options) error {
	tmpl, err := Template(opts.Template)
	if err != nil {
		return err
	}
	v := newView(doc, an, opts)
	if opts.Counts != nil {
		opts.Counts(v.Runs, len(v.Systems), len(v.Workloads))
	}
	pal := NewPalette(v.Systems)
	plans := planRelative(v, pal)
	plans = append(plans, planCharts(doc, an, v, pal)...)
	plans = append(plans, planHistory(an, v)...)
	formats := opts.Formats
	if formats == nil {
		formats = []string{"png", "svg"}
	}
	for _, f := range formats {
		if f != "png" || len(plans) == 0 {
			continue
		}
		names := append([]string{}, v.Systems...)
		for _, w := range v.Report.Workloads {
			names = append(names, w.Name)
		}
		if msg := pngTextWarning(names); msg != "" {
			v.Warnings = append(append([]string{}, v.Warnings...), msg)
		}
	}
	// The workbook, and results.json with runs.csv, are written on
	// goroutines of their own while the charts and the write-up are:
	// they only read doc, an and v, and for a year of campaigns the
	// workbook was a fifth of a report's time, results.json and runs.csv
	// (every run whole) most of the rest after the charts.
	s = &lockedSink{s: s}
	wbDone, dataDone := make(chan error, 1), make(chan error, 1)
	go func() {
		wbDone <- create(s, WorkbookFile, func(w io.Writer) error { return Workbook(w, doc, an, v, pal) })
	}()
	go func() {
		err := create(s, JSONFile, func(w io.Writer) error { return JSON(w, doc, an, v.Report) })
		if err == nil {
			err = create(s, CSVFile, func(w io.Writer) error { return CSV(w, doc, an) })
		}
		dataDone <- err
	}()
	err = writeAllBut(s, plans, formats, opts, tmpl, v)
	for _, done := range []chan error{wbDone, dataDone} {
		if werr := <-done; err == nil {
			err = werr
		}
	}
	return err
}

// lockedSink creates one file at a time, whichever goroutine asks.
type lockedSink struct {
	mu sync.Mutex
	s  Sink
}

func (l *lockedSink) Create(name string) (io.WriteCloser, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.s.Create(name)
}

// writeAllBut writes the charts, the write-up and its appendix: every
// file of Report but the workbook, results.json and runs.csv.
func writeAllBut(s Sink, plans []chartPlan, formats []string, opts Options, tmpl *template.Template, v *View) error {
	if err := writeCharts(s, plans, formats, opts.Progress); err != nil {
		return err
	}
	if err := create(s, MarkdownFile, func(w io.Writer) error { return Markdown(w, tmpl, v) }); err != nil {
		return err
	}
	return create(s, AppendixFile, func(w io.Writer) error { return tmpl.ExecuteTemplate(w, AppendixFile+".tmpl", v) })
}

// writeCharts draws the charts on every core, each into files of its own
// (a report's 57 charts took some 4.5 s on one goroutine, whatever the
// runs), and reports progress as they are done. The first error stops
// the charts not started yet.
func writeCharts(s Sink, plans []chartPlan, formats []string, progress func(done, total int)) error {
	var (
		mu    sync.Mutex
		next  int
		done  int
		first error
		wg    sync.WaitGroup
	)
	if progress != nil {
		progress(0, len(plans))
	}
	for range min(runtime.GOMAXPROCS(0), len(plans)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil || i >= len(plans)
				mu.Unlock()
				if stop {
					return
				}
				err := writeChart(s, plans[i], formats)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				done++
				if progress != nil && first == nil && done < len(plans) {
					progress(done, len(plans))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	if progress != nil && len(plans) > 0 {
		progress(len(plans), len(plans))
	}
	return nil
}

// create writes one file through s, keeping the error from Close.
func create(s Sink, name string, write func(io.Writer) error) (err error) {
	f, err := s.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%s: %w", name, cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return bw.Flush()
}

// writeChart draws one chart in every format; a PNG gets its high-DPI
// twin beside it ("x@2x.png").
func writeChart(s Sink, p chartPlan, formats []string) error {
	fig := p.build()
	for _, format := range formats {
		name := ChartDir + "/" + fig.Name + "." + format
		if format != "png" {
			write := func(w io.Writer) error { return fig.WriteTo(w, format) }
			if format == "svg" {
				write = func(w io.Writer) error { return writeXML(w, func(w io.Writer) error { return fig.WriteTo(w, format) }) }
			}
			if err := create(s, name, write); err != nil {
				return err
			}
			continue
		}
		// Drawn once, at HiDPI; the 1× PNG is that image halved. The
		// images are those of a chart written before on this core: 8 MB
		// a chart of garbage otherwise (half of all a report of the demo
		// x70 allocated).
		imgs, _ := chartImages.Get().(*chartImage)
		if imgs == nil {
			imgs = new(chartImage)
		}
		imgs.big = fig.imageOn(imgs.big, HiDPI)
		imgs.small = halveInto(imgs.small, imgs.big)
		err := create(s, name, func(w io.Writer) error { return encodePNG(w, imgs.small) })
		if err == nil {
			name = ChartDir + "/" + fig.Name + HiDPISuffix + ".png"
			err = create(s, name, func(w io.Writer) error { return encodePNG(w, imgs.big) })
		}
		chartImages.Put(imgs)
		if err != nil {
			return err
		}
	}
	return nil
}

// A chartImage is the images of one chart's PNGs, at HiDPI and halved,
// reused from chart to chart.
type chartImage struct{ big, small *image.RGBA }

var chartImages sync.Pool

// writeXML writes what write produces, made well-formed XML text: invalid
// UTF-8 replaced, and the control characters XML 1.0 forbids (all below
// U+0020 but tab, line feed and carriage return) dropped. The SVG writer
// escapes markup but passes these through, and one in a label (a file
// name, a terminal escape) makes the whole chart unreadable.
func writeXML(w io.Writer, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	b := bytes.ToValidUTF8(buf.Bytes(), []byte("\uFFFD"))
	out := b[:0]
	for _, c := range b {
		if c >= 0x20 || c == '\t' || c == '\n' || c == '\r' {
			out = append(out, c)
		}
	}
	_, err := w.Write(out)
	return err
}

// Template parses the report templates: the embedded report.md.tmpl
// (the post), appendix.md.tmpl and history.md.tmpl, with text, when
// given, in place of report.md.tmpl. A reference to a missing map key
// fails the execution.
func Template(text string) (*template.Template, error) {
	t := template.New("report.md.tmpl").Option("missingkey=error").Funcs(Funcs())
	if _, err := t.ParseFS(templates.FS, "*.md.tmpl"); err != nil {
		return nil, err
	}
	if text != "" {
		// A user template may call the built-in sections.
		return t.Parse(text)
	}
	return t, nil
}

// Markdown executes the report template on v.
func Markdown(w io.Writer, t *template.Template, v *View) error {
	return t.Execute(w, v)
}

// JSON writes the parsed document and its analysis as one JSON object
// {"runs", "hosts", "variables", "tables", "sysstats", "errors",
// "analysis", "efficiency", "report"}: "report" is the view model every
// number of report.md comes from (nil: built from doc and an).
func JSON(w io.Writer, doc *parse.Document, an *analyze.Analysis, rp *analyze.Report) error {
	if rp == nil && an != nil {
		rp = analyze.NewReport(doc, an)
	}
	var ds *analyze.Dataset
	if an != nil {
		ds = an.Dataset
	}
	// Written a field and an element at a time, as json.Encoder with a
	// one-space indent writes the whole object: the runs of a year of
	// campaigns are never one buffer, nor indented as one.
	o := &jsonObject{w: w}
	o.field("format", parse.Format)
	writeArray(o, "runs", doc.Runs)
	writeArray(o, "hosts", doc.Hosts)
	writeArray(o, "variables", doc.Variables)
	writeArray(o, "tables", doc.Tables)
	if len(doc.SysStats) > 0 {
		writeArray(o, "sysstats", doc.SysStats)
	}
	if len(doc.Facts) > 0 {
		writeArray(o, "facts", doc.Facts)
	}
	writeArray(o, "errors", doc.Errors)
	o.streamField("analysis", an)
	// Efficiency holds each run's CPU and disk use per transaction, by
	// the run's source:line, for runs with system statistics.
	if eff := analyze.Efficiencies(doc, ds); len(eff) > 0 {
		o.streamField("efficiency", eff)
	}
	o.streamField("report", rp)
	o.write("\n}\n")
	return o.err
}

// jsonObject writes one JSON object a field at a time, indented by one
// space a level.
type jsonObject struct {
	w   io.Writer
	n   int // fields written
	err error
	// buf and scratch are reused from one element to the next; order
	// keeps the key order of the status snapshots.
	buf, scratch []byte
	order        parse.KeyOrder
}

func (o *jsonObject) write(s string) {
	if o.err == nil {
		_, o.err = io.WriteString(o.w, s)
	}
}

// name starts the next field.
func (o *jsonObject) name(name string) {
	if o.n == 0 {
		o.write("{\n \"")
	} else {
		o.write(",\n \"")
	}
	o.n++
	o.write(name + "\": ")
}

// value writes v indented as at depth levels.
func (o *jsonObject) value(v any, prefix string) {
	if o.err != nil {
		return
	}
	b, err := marshalIndent(o.buf[:0], v, prefix, " ", &o.order, &o.scratch)
	if err != nil {
		o.err = err
		return
	}
	_, o.err = o.w.Write(b)
	if cap(b) <= 1<<20 {
		o.buf = b // else let go: the analysis, not a run
	}
}

func (o *jsonObject) field(name string, v any) {
	o.name(name)
	o.value(v, " ")
}

// streamField writes a field a part at a time (stream).
func (o *jsonObject) streamField(name string, v any) {
	o.name(name)
	o.stream(reflect.ValueOf(v), " ", 0)
}

// writeArray writes the field name holding xs, an element at a time.
func writeArray[T any](o *jsonObject, name string, xs []T) {
	o.name(name)
	switch {
	case xs == nil:
		o.write("null")
		return
	case len(xs) == 0:
		o.write("[]")
		return
	}
	o.write("[\n  ")
	for i, x := range xs {
		if i > 0 {
			o.write(",\n  ")
		}
		o.value(x, "  ")
	}
	o.write("\n ]")
}

// maxChartBase bounds the part of a chart's file name that names its
// workload, so that the longest name ("latency-throughput-" + base +
// ".svg") stays far below the 255 bytes file systems allow.
const maxChartBase = 64

// chartBases returns the file-name part of each workload's charts: its
// safeName, unless that is longer than maxChartBase or shared with
// another workload (letter case aside: "a:b" and "a-b" both give "a-b",
// and "A" and "a" are one file on some file systems); then it is cut and
// ends with 8 hex digits of the SHA-256 of the full name. The full name
// stays in the chart's title.
func chartBases(names []string) map[string]string {
	safe := make([]string, len(names))
	count := map[string]int{}
	for i, n := range names {
		safe[i] = safeName(n)
		count[strings.ToLower(safe[i])]++
	}
	out := make(map[string]string, len(names))
	for i, n := range names {
		s := safe[i]
		if count[strings.ToLower(s)] > 1 || len(s) > maxChartBase {
			s = hashedName(s, n)
		}
		out[n] = s
	}
	return out
}

// boundedName is safeName(name), cut and suffixed as in chartBases when
// it is longer than maxChartBase.
func boundedName(name string) string {
	if s := safeName(name); len(s) <= maxChartBase {
		return s
	}
	return hashedName(safeName(name), name)
}

// hashedName cuts the safe name s of name and appends 8 hex digits of the
// SHA-256 of name.
func hashedName(s, name string) string {
	h := sha256.Sum256([]byte(name))
	return s[:min(len(s), maxChartBase-9)] + "-" + hex.EncodeToString(h[:4])
}

// safeName turns a workload or system name into a file-name part.
func safeName(s string) string {
	var b strings.Builder
	if strings.HasPrefix(s, "?") {
		b.WriteString("unknown") // a workload whose test is not known: "? (read-only)"
	}
	dash := false // a '-' waits to be written before the next character
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '.':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			// Runs of other characters, '-' included, become one '-'
			// between words: "? (read-write, ~20% writes)" is
			// unknown-read-write-20-writes.
			dash = true
		}
	}
	if b.Len() == 0 {
		return "unknown"
	}
	return b.String()
}
