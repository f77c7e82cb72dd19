package parse

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/sysbench"
)

// Tools that produce runs.
const (
	ToolSysbench  = "sysbench"
	ToolMysqlslap = "mysqlslap"
	ToolTable     = "table" // a row of a hand-made summary table
)

// Layouts name the sysbench report dialects of FORMATS.md §1 (decided by
// parse/sysbench from the block labels, never from the version string)
// and the other shapes a run is read from.
const (
	LayoutA = sysbench.LayoutA      // gen A: "Test execution summary", latencies in s
	LayoutB = sysbench.LayoutB      // gen B: "Test execution summary", latencies in ms
	LayoutC = sysbench.LayoutC      // gen C: "General statistics" + "response time:"
	LayoutD = sysbench.LayoutD      // gen D: 1.0 blocks with "response time:" latencies
	LayoutE = sysbench.LayoutE      // gen E/F: "General statistics" + "Latency (ms):"
	LayoutG = sysbench.LayoutG      // gen G: "Throughput:" block
	LayoutH = sysbench.LayoutH      // report_csv / report_json hook output
	LayoutT = "summary-table"       // hand-made summary table
	LayoutS = "mysqlslap-benchmark" // mysqlslap "Benchmark" block
	LayoutP = "prose"               // a result stated in a sentence or list item (prose.go)
)

// A Run is one benchmark execution (or one row of a summary table) with
// every number as printed. Latencies are milliseconds, rates are per second,
// times are seconds. Absent values are nil (NaN inside an Interval) and
// marshal as JSON null; they are never 0.
type Run struct {
	Source   string            `json:"source"`   // input name, for messages and traceability
	Line     int               `json:"line"`     // 1-based line where the run starts
	EndLine  int               `json:"end_line"` // last line that belonged to the run
	Tool     string            `json:"tool"`     // ToolSysbench, ToolMysqlslap, ToolTable
	Version  string            `json:"version"`  // from the banner ("1.0.20"), "" when absent
	Layout   string            `json:"layout"`   // one of the Layout constants
	Test     string            `json:"test"`     // oltp_read_only, cpu, fileio, ... "" when unknown
	Threads  *int              `json:"threads"`  // configured threads (see ThreadsFrom)
	Labels   map[string]string `json:"labels"`   // derived labels: engine, system, workload, ...
	Command  string            `json:"command"`  // command line that produced the run, passwords masked
	Complete bool              `json:"complete"` // the cumulative report was read to its end
	// warnDropped counts the warnings beyond MaxWarnings (Warn); beside
	// Complete it takes no room of its own.
	warnDropped int32
	// Restates is the line of the output whose figures this run only
	// copies (a line of it set apart under a label): listed, but no
	// measurement of its own (copiedOutput).
	Restates int `json:"restates,omitempty"`

	TPS *float64 `json:"tps"` // transactions/s (cumulative block)
	QPS *float64 `json:"qps"` // queries/s (1.x) or read/write requests/s (0.4/0.5)
	EPS *float64 `json:"eps"` // events/s (non-OLTP): 1.1 "events/s (eps)", else cpu "events per second"
	// CPUSpeedEPS is cpu's "CPU speed: events per second" (1.0.8+), which
	// 1.1 prints beside its own "events/s (eps)".
	CPUSpeedEPS *float64 `json:"cpu_speed_eps"`
	TotalTimeS  *float64 `json:"total_time_s"` // "total time" / "time elapsed"
	Events      *int64   `json:"events"`       // "total number of events"

	Latency   Latency    `json:"latency_ms"`
	Intervals []Interval `json:"intervals"`
	Histogram []Bucket   `json:"histogram"`
	Mysqlslap *Mysqlslap `json:"mysqlslap"`
	Warnings  []string   `json:"warnings"`

	// Fields beyond the headline numbers.
	ThreadsFrom string    `json:"threads_from"` // "header", "command", "interim", "fairness", "table"
	Options     Options   `json:"options"`
	SQL         *SQLStats `json:"sql"`
	Fairness    *Fairness `json:"fairness"`
	FileIO      *FileIO   `json:"fileio"`
	Memory      *Memory   `json:"memory"`
	Columns     []Column  `json:"columns"` // summary-table row: every cell as printed
	// Metrics holds what a table row measured beyond the fields above: a
	// column no headline field certainly means (requests per second, a
	// connection time, iops), under its header's name, in its own unit.
	Metrics []Metric `json:"metrics,omitempty"`

	// Settings holds every option of the run's command line and options
	// header that shapes the workload (Catalog: classes workload, scale,
	// concurrency), by canonical name ("oltp-read-only", "table-size"),
	// with its value as given. Options that do not change the experiment
	// (connection, credentials, duration, reporting, seeds) are left out.
	// Two runs whose Settings differ are different experiments.
	Settings map[string]string `json:"settings"`
	// LabelFrom says where a derived label came from, for the labels not
	// read from the run's own command line: "engine": "SHOW TABLE STATUS
	// at line 12 (inferred)", "host": "prompt at line 3"; and for a
	// setting inferred from the output rather than read from a command or
	// header, where it came from ("file-test-mode").
	LabelFrom map[string]string `json:"label_from"`
	// Captures lists the captures that describe the run (host, variables,
	// table status, status snapshots, system statistics) by CaptureID:
	// those that precede it in its input, or share its directory or
	// campaign entry.
	Captures []string `json:"captures"`
	// MeasuredFrom and MeasuredTo are when the run's measurement began
	// and ended (UTC), when a campaign manifest records them; a system
	// statistics log kept beside several runs is cut to each run by them.
	MeasuredFrom *time.Time `json:"measured_from,omitempty"`
	MeasuredTo   *time.Time `json:"measured_to,omitempty"`
	// Started is when the run began (UTC), when a campaign manifest
	// records it: the order in which runs were made, which the order of
	// their files does not give.
	Started *time.Time `json:"started,omitempty"`
	// Away, when not nil, holds the run's interim reports and latency
	// histogram away from memory: they were let go as the run was read
	// (Intervals and Histogram are nil), and Interim and Buckets read
	// them back.
	Away Away `json:"-"`

	// reading holds what the parser keeps on a run while it reads the
	// text around it; letGo drops it once the input is read. In the run
	// itself it took 320 of the 896 bytes (the allocator's size class)
	// of every run a year of campaigns keeps; a Run is 576 bytes now.
	*reading
}

// reading is what the parser keeps on a run while it reads its input
// (Run.reading): set while parsing, read by settle.
type reading struct {
	cmdOpts     map[string]string // the command line's options (Command.Opts)
	shellEnv    map[string]string // the shell variables the text assigned before the run
	hdrSettings map[string]string // settings the options header printed
	engineHint  string            // the engine the nearest capture states
	engineFrom  string            // where engineHint was read
	engineLine  int               // and on which line
	// cnfEngine is the engine the server configurations listed before
	// the run belong to (configEngine), for an engine the command gives
	// as a variable the text never sets; cnfNamed lists the engines
	// they name when they disagree.
	cnfEngine, cnfFrom string
	cnfNamed           []string
	prevRunLine        int    // where the run before this one began
	prepLine           int    // where the prepare command of its test was
	ctxTest            string // the test the context of the run names where it starts (runcontext.go)
	ctxTestLine        int
	ctxPath            []int  // the Markdown headings the run starts under (runcontext.go)
	labelSec           string // the section its label line stood in (ctx.qualifyLabel)
	cmdAt              int    // the line of the command it took when read (checkTakenCommand)
	// The flags sit together, with no padding between them.
	oneColumn   bool              // a table row of one run's measurements in one value column (generalTable.oneColumn)
	tableNamed  bool              // a table row whose table names sysbench in a column or row name
	tableTest   bool              // a table row whose test its table's own columns or rows name
	rankAssumed bool              // its interim latencies' percentile rank is sysbench's default, assumed (a report_csv run)
	record      bool              // one run's result a harness printed a field a line (harnessTable.vertical)
	loopPending bool              // the run waits for its loop's command
	prepOpts    map[string]string // options of the prepare command of the run's test
	inherit     *Command          // the last command shown before the run, for a run shown without one
	inheritLine int
	inheritWhy  string     // why inherit is not the last command shown ("of the test line 102 names"), "" when it is
	candidates  []*Command // run commands typed together before the output, one of which it ran
	candLine    int        // the line of the cleanup command that closed them
	schemaHint  string     // the last index change shown above the run (schemaLabels)
	schemaLine  int
	scriptLine  int // the last Lua event function shown above the run

}

// SetLabelFrom sets a derived label and records where it came from.
func (r *Run) SetLabelFrom(k, v, from string) {
	r.SetLabel(k, v)
	if r.LabelFrom == nil {
		r.LabelFrom = map[string]string{}
	}
	r.LabelFrom[k] = from
}

// A Column is one cell of a summary-table row.
type Column struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// A Metric is one named measurement of a run, as its column or key names
// it: Value in Unit ("ms", "s", "/s", "%", "ops/sec"; "" for a count or a
// number printed bare).
type Metric struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
}

// A Bucket is one row of a --histogram table (parse/model).
type Bucket = model.Bucket

// An Interval is one interim report line (parse/model). Absent values are
// NaN and marshal as null. Rates are per second over the interval. It is
// model's Interval as a type of this package, which writes its JSON.
type Interval model.Interval

// NewInterval returns an Interval at time t with every value absent.
func NewInterval(line int, t float64) Interval { return Interval(model.NewInterval(line, t)) }

// MarshalJSON writes absent (NaN) values as null.
func (iv Interval) MarshalJSON() ([]byte, error) {
	return iv.appendJSON(make([]byte, 0, 256)), nil
}

// AppendIntervalsJSON appends the JSON array of ivs to b, as json.Marshal
// would write it but without its per-value validation, which costs more
// than the rest of parsing for long interim series.
func AppendIntervalsJSON(b []byte, ivs []Interval) []byte {
	if ivs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range ivs {
		if i > 0 {
			b = append(b, ',')
		}
		b = ivs[i].appendJSON(b)
	}
	return append(b, ']')
}

// appendJSON writes the interval; the names are constants, which the
// compiler copies without a call, a name and null as one.
func (iv *Interval) appendJSON(b []byte) []byte {
	b = append(b, `{"line":`...)
	b = appendInt(b, iv.Line)
	b = appendNullable(b, `,"t_s":`, `,"t_s":null`, iv.T, false)
	b = appendNullable(b, `,"threads":`, `,"threads":null`, iv.Threads, false)
	b = appendNullable(b, `,"tps":`, `,"tps":null`, iv.TPS, false)
	b = appendNullable(b, `,"qps":`, `,"qps":null`, iv.QPS, false)
	b = appendNullable(b, `,"reads_ps":`, `,"reads_ps":null`, iv.Reads, false)
	b = appendNullable(b, `,"writes_ps":`, `,"writes_ps":null`, iv.Writes, false)
	b = appendNullable(b, `,"other_ps":`, `,"other_ps":null`, iv.Other, false)
	b = appendNullable(b, `,"lat_ms":`, `,"lat_ms":null`, iv.LatMs, false)
	b = appendNullable(b, `,"lat_pct":`, `,"lat_pct":null`, iv.LatPct, false)
	b = appendNullable(b, `,"err_s":`, `,"err_s":null`, iv.ErrS, false)
	b = appendNullable(b, `,"reconn_s":`, `,"reconn_s":null`, iv.ReconnS, false)
	// The last seven are absent but in fileio, memory, cpu and rate-mode
	// runs: one constant for all seven, as one copy.
	if iv.EPS != iv.EPS && iv.ReadMiBs != iv.ReadMiBs && iv.WriteMiBs != iv.WriteMiBs && iv.FsyncS != iv.FsyncS &&
		iv.MiBs != iv.MiBs && iv.QueueLength != iv.QueueLength && iv.Concurrency != iv.Concurrency {
		return append(b, `,"eps":null,"read_mib_s":null,"write_mib_s":null,"fsyncs_ps":null,"mib_s":null,`+
			`"queue_length":null,"concurrency":null}`...)
	}
	b = appendNullable(b, `,"eps":`, `,"eps":null`, iv.EPS, false)
	b = appendNullable(b, `,"read_mib_s":`, `,"read_mib_s":null`, iv.ReadMiBs, false)
	b = appendNullable(b, `,"write_mib_s":`, `,"write_mib_s":null`, iv.WriteMiBs, false)
	b = appendNullable(b, `,"fsyncs_ps":`, `,"fsyncs_ps":null`, iv.FsyncS, false)
	b = appendNullable(b, `,"mib_s":`, `,"mib_s":null`, iv.MiBs, false)
	b = appendNullable(b, `,"queue_length":`, `,"queue_length":null`, iv.QueueLength, false)
	b = appendNullable(b, `,"concurrency":`, `,"concurrency":null`, iv.Concurrency, false)
	return append(b, '}')
}

// UnmarshalJSON reads what MarshalJSON writes.
func (iv *Interval) UnmarshalJSON(data []byte) error {
	var m map[string]*float64
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*iv = NewInterval(0, math.NaN())
	get := func(k string) float64 {
		if p := m[k]; p != nil {
			return *p
		}
		return math.NaN()
	}
	if p := m["line"]; p != nil {
		iv.Line = int(*p)
	}
	iv.T, iv.Threads, iv.TPS, iv.QPS = get("t_s"), get("threads"), get("tps"), get("qps")
	iv.Reads, iv.Writes, iv.Other = get("reads_ps"), get("writes_ps"), get("other_ps")
	iv.LatMs, iv.LatPct, iv.ErrS, iv.ReconnS = get("lat_ms"), get("lat_pct"), get("err_s"), get("reconn_s")
	iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS = get("eps"), get("read_mib_s"), get("write_mib_s"), get("fsyncs_ps")
	iv.MiBs, iv.QueueLength, iv.Concurrency = get("mib_s"), get("queue_length"), get("concurrency")
	return nil
}

// Variables is one SHOW [GLOBAL] VARIABLES or SHOW GLOBAL STATUS capture.
type Variables struct {
	Source    string `json:"source"`
	Line      int    `json:"line"`
	Statement string `json:"statement"` // the statement before the result, when seen
	Kind      string `json:"kind"`      // "variables" or "status"
	// Values are the captured values, nil for a status snapshot reduced
	// by KeepStatus: Value reads those.
	Values map[string]string `json:"values"`
	Labels map[string]string `json:"labels"` // set by collect: path and campaign labels
	// valuesJSON, when Values is nil, is the values as
	// AppendVariablesJSON writes them, "{...}": a snapshot read by
	// MySQLStatusJSON for a caller that only encodes it (ReleaseJSON).
	valuesJSON []byte
	// kept, when not nil, is the sorted names a snapshot was reduced to
	// (KeepStatus), one slice for every snapshot reduced to the same
	// names, and keptValues their values, each after its length plus one
	// as a uvarint (0: the snapshot has no such counter).
	kept       []string
	keptValues string
}

// MarshalJSON writes what encoding/json writes of the fields, with the
// values of a snapshot reduced by KeepStatus as a map.
func (v *Variables) MarshalJSON() ([]byte, error) {
	type fields Variables
	if v.kept == nil {
		return json.Marshal((*fields)(v))
	}
	c := *v
	c.Values = v.keptMap()
	return json.Marshal((*fields)(&c))
}

// An Error reports input that could not be read as what it claimed to be.
// The readers also return one when their io.Reader fails: then it wraps
// that reader's error (errors.Is(err, io.ErrUnexpectedEOF)).
type Error struct {
	Source  string `json:"source"`
	Line    int    `json:"line"`
	Message string `json:"message"`
	err     error  // the io.Reader's error, for a read error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return e.Source + ":" + strconv.Itoa(e.Line) + ": " + e.Message
	}
	return e.Source + ": " + e.Message
}

// Unwrap returns the io.Reader's error of a read error, else nil.
func (e *Error) Unwrap() error { return e.err }

// Is reports whether e is the one Error of an input in which nothing was
// found (target ErrNothingFound), also when read back from JSON.
func (e *Error) Is(target error) bool {
	return target == ErrNothingFound && e.Line == 0 && strings.HasPrefix(e.Message, NothingFound)
}

// Format names the layout of sbreport's JSON documents (parse --json,
// results.json); a reader refuses a format it does not know.
const Format = "sbreport/1"

// Document gathers every item of one or more inputs, in input order.
type Document struct {
	Format    string         `json:"format,omitempty"` // Format when written by sbreport
	Runs      []*Run         `json:"runs"`
	Hosts     []*Host        `json:"hosts"`
	Variables []*Variables   `json:"variables"`
	Tables    []*TableStatus `json:"tables"`
	SysStats  []*SysStat     `json:"sysstats,omitempty"`
	// Facts are the setup facts the inputs' prose states.
	Facts  []*Fact  `json:"facts,omitempty"`
	Errors []*Error `json:"errors"`
}

// Items returns the document's items: runs, hosts, variables, tables,
// system statistics, errors, each kind in its order (nil ones left out).
func (d *Document) Items() []Item {
	out := make([]Item, 0, len(d.Runs)+len(d.Hosts)+len(d.Variables)+len(d.Tables)+len(d.SysStats)+len(d.Facts)+len(d.Errors))
	out = appendItems(out, d.Runs)
	out = appendItems(out, d.Hosts)
	out = appendItems(out, d.Variables)
	out = appendItems(out, d.Tables)
	out = appendItems(out, d.SysStats)
	out = appendItems(out, d.Facts)
	return appendItems(out, d.Errors)
}

func appendItems[T interface {
	comparable
	Item
}](out []Item, xs []T) []Item {
	var none T
	for _, x := range xs {
		if x != none {
			out = append(out, x)
		}
	}
	return out
}

// Add appends an item to the slice it belongs to.
func (d *Document) Add(it Item) {
	switch v := it.(type) {
	case *Run:
		d.Runs = append(d.Runs, v)
	case *Host:
		d.Hosts = append(d.Hosts, v)
	case *Variables:
		d.Variables = append(d.Variables, v)
	case *TableStatus:
		d.Tables = append(d.Tables, v)
	case *SysStat:
		d.SysStats = append(d.SysStats, v)
	case *Fact:
		d.Facts = append(d.Facts, v)
	case *Error:
		d.Errors = append(d.Errors, v)
	}
}

// Ptr helpers for optional values.
func fptr(v float64) *float64 { return &v }
func iptr(v int) *int         { return &v }
func i64ptr(v int64) *int64   { return &v }

// eventCount returns v as a run's count of events, or nil when v is no
// whole number of them (an average over runs): not a count sysbench
// printed, and no number is rounded into one.
func eventCount(v float64) *int64 {
	n := int64(v)
	if float64(n) != v || n < 0 {
		return nil
	}
	return &n
}

// LatencyPct returns the cumulative latency at the given rank ("95").
func (r *Run) LatencyPct(rank string) (float64, bool) {
	v, ok := r.Latency.Percentiles[rank]
	return v, ok
}

// Label returns a label value, or "".
func (r *Run) Label(k string) string { return r.Labels[k] }

// SetLabel sets a label, creating the map. Key and value are cleaned of
// terminal escapes and control characters (CleanText): labels come from
// file names and command lines.
func (r *Run) SetLabel(k, v string) {
	if r.Labels == nil {
		r.Labels = map[string]string{}
	}
	r.Labels[CleanText(k)] = CleanText(v)
}

// Warn adds a warning tied to a source line.
//
// A run keeps at most MaxWarnings warnings: the last one then counts
// those dropped (a log of repeated lines would otherwise keep one
// warning per line).
func (r *Run) Warn(line int, msg string) {
	if len(r.Warnings) >= MaxWarnings {
		r.warnDropped++
		r.Warnings[MaxWarnings-1] = "… and " + strconv.Itoa(int(r.warnDropped)+1) + " more warnings (a run keeps at most " +
			strconv.Itoa(MaxWarnings) + ")"
		return
	}
	if line > 0 {
		msg = "line " + strconv.Itoa(line) + ": " + msg
	}
	r.Warnings = append(r.Warnings, msg)
}

// The items of the tool grammars beside this package, the interface
// every item implements and the blocks of a sysbench report (as
// parse/sysbench reads them) are declared in parse/model.
type (
	Options      = model.Options
	Latency      = model.Latency
	SQLStats     = model.SQLStats
	Fairness     = model.Fairness
	FileIO       = model.FileIO
	Memory       = model.Memory
	Item         = model.Item
	Host         = model.Host
	Disk         = model.Disk
	SysStat      = model.SysStat
	SysSample    = model.SysSample
	DeviceSample = model.DeviceSample
	Mysqlslap    = model.Mysqlslap
	TableStatus  = model.TableStatus
)

// Tools that produce system statistics (SysStat.Tool).
const (
	ToolVmstat   = model.ToolVmstat
	ToolIostat   = model.ToolIostat
	ToolMpstat   = model.ToolMpstat
	ToolProcstat = model.ToolProcstat
)

// Reasons a SysSample is left out of per-interval figures
// (SysSample.Excluded).
const (
	ExcludedSinceBoot = model.ExcludedSinceBoot
	ExcludedAverage   = model.ExcludedAverage
)

func (*Run) IsItem()       {}
func (*Variables) IsItem() {}
func (*Error) IsItem()     {}

// CaptureID names a capture (or run) by the input and line it starts at:
// "results/page.html:120".
func CaptureID(source string, line int) string { return model.CaptureID(source, line) }
