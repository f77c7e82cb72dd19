// Package model holds what the tool grammars beside parse return and what
// they are given: the items (Host, SysStat, TableStatus, a run's Mysqlslap
// figures, and the Item interface that parse's own Run, Variables and
// Error also implement), the blocks of a sysbench run that parse/sysbench
// fills in (sysbench.go: Options, Latency, SQLStats, Fairness, FileIO,
// Memory, Interval, Bucket) and the contract of a grammar (reader.go): lines
// in, a Block that feeds on them, items and errors out through a Sink. It
// imports no other package of sbreport; parse re-exports its types under
// their old names.
package model

import (
	"encoding/json"
	"math"
	"strconv"
)

// An Item is one thing found in an input: *Host, *SysStat and
// *TableStatus of this package; parse.Run, parse.Variables, parse.Fact
// and parse.Error.
type Item interface{ IsItem() }

func (*Host) IsItem()        {}
func (*SysStat) IsItem()     {}
func (*TableStatus) IsItem() {}

// CaptureID names a capture (or run) by the input and line it starts at:
// "results/page.html:120".
func CaptureID(source string, line int) string {
	return source + ":" + strconv.Itoa(line)
}

// A Host describes the machine a benchmark ran on, from lscpu, lsblk, free
// or /proc/meminfo captures. A single capture fills only its own fields;
// collect merges the captures that belong together.
type Host struct {
	Source         string   `json:"source"`
	Line           int      `json:"line"`
	Captures       []string `json:"captures"` // "lscpu", "lsblk", "free", "meminfo", with their lines
	Name           string   `json:"name"`     // a heading naming the machine, when one precedes the capture
	Architecture   string   `json:"architecture"`
	CPUModel       string   `json:"cpu_model"` // several groups joined with " + "
	Vendor         string   `json:"vendor"`
	CPUs           *int     `json:"cpus"`
	OnlineCPUs     string   `json:"online_cpus"`
	Sockets        *int     `json:"sockets"`
	CoresPerSocket *int     `json:"cores_per_socket"`
	ThreadsPerCore *int     `json:"threads_per_core"`
	Cores          *int     `json:"cores"` // physical cores, all groups
	NUMANodes      *int     `json:"numa_nodes"`
	MHz            *float64 `json:"mhz"`
	MaxMHz         *float64 `json:"max_mhz"`
	Hypervisor     string   `json:"hypervisor"`
	Kernel         string   `json:"kernel"` // from uname -a: "Linux 6.1.0-18-amd64"
	// Caches maps "L1d", "L1i", "L2", "L3" to the value as printed.
	Caches            map[string]string `json:"caches"`
	MemTotalBytes     *int64            `json:"mem_total_bytes"`
	MemAvailableBytes *int64            `json:"mem_available_bytes"`
	SwapTotalBytes    *int64            `json:"swap_total_bytes"`
	Disks             []Disk            `json:"disks"`
	// Fields keeps every lscpu label with its value as printed.
	Fields map[string]string `json:"fields"`
	Labels map[string]string `json:"labels"` // set by collect: path and campaign labels
}

// A Disk is one lsblk device.
type Disk struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	SizeBytes  *int64 `json:"size_bytes"`
	Model      string `json:"model"`
	Mountpoint string `json:"mountpoint"`
	FSType     string `json:"fstype"`
	Parent     string `json:"parent"`
	Rotational *bool  `json:"rotational"`
	Line       int    `json:"line"`
}

// Tools that produce system statistics (SysStat.Tool).
const (
	ToolVmstat   = "vmstat"
	ToolIostat   = "iostat"
	ToolMpstat   = "mpstat"
	ToolProcstat = "procstat" // /proc/stat + /proc/diskstats snapshot series
)

// Reasons a SysSample is left out of per-interval figures
// (SysSample.Excluded).
const (
	ExcludedSinceBoot = "average since boot" // vmstat's first line, iostat's first report without -y
	ExcludedAverage   = "average over the capture"
)

// A SysStat is one system-statistics capture kept beside benchmark
// output: a vmstat, iostat or mpstat log, or a series of /proc snapshots.
// Rates are per second, CPU shares are fractions of all CPU time (0..1,
// summed over every CPU), byte rates are bytes per second. Values the
// capture does not have are NaN (null in JSON), never 0.
type SysStat struct {
	Source  string `json:"source"`
	Line    int    `json:"line"`     // 1-based line where the capture starts
	EndLine int    `json:"end_line"` // its last line
	Tool    string `json:"tool"`     // ToolVmstat, ToolIostat, ToolMpstat, ToolProcstat
	// Layout names the column layout as decided from the header, e.g.
	// "procps-st", "sysstat-12-x" (see the parser of each tool).
	Layout  string `json:"layout"`
	Command string `json:"command"` // the command line that produced it, when seen
	// Kernel and Host come from the sysstat banner
	// ("Linux 3.10.0 (voice) 10/15/2021 _x86_64_ (4 CPU)").
	Kernel    string   `json:"kernel"`
	Host      string   `json:"host"`
	Date      string   `json:"date"`       // banner date as printed
	IntervalS *float64 `json:"interval_s"` // from the command line or the time stamps
	CPUs      *int     `json:"cpus"`       // from the banner or the per-CPU lines
	// Zone is the time zone the time stamps are in, when the capture says
	// ("UTC", "PDT"); "" when unknown.
	Zone     string            `json:"zone"`
	Samples  []SysSample       `json:"samples"`
	Warnings []string          `json:"warnings"`
	Labels   map[string]string `json:"labels"` // set by collect: path and campaign labels
}

// ID names the capture as Run.Captures does.
func (s *SysStat) ID() string { return CaptureID(s.Source, s.Line) }

// A SysSample is one interval of a capture: one vmstat line, one iostat
// report, one mpstat report, or the difference between two snapshots.
type SysSample struct {
	Line    int `json:"line"`     // first line of the sample
	EndLine int `json:"end_line"` // last line
	// Clock is the time stamp as printed ("2021-09-16 20:31:30",
	// "03:16:17 PM"), "" when there is none. T is the end of the interval in
	// seconds since 1970-01-01 of the printed wall clock (read as UTC; see
	// SysStat.Zone) when the stamp has a date, NaN otherwise. For procstat T
	// is the snapshot's Unix time.
	Clock string
	T     float64
	// DurationS is the interval the sample covers, NaN when unknown.
	DurationS float64
	// Excluded says why the sample is not a per-interval figure
	// (ExcludedSinceBoot, ExcludedAverage); "" for a usable sample.
	Excluded string
	// CPU shares as the tool splits them. vmstat's User includes nice and
	// its System includes irq and softirq time; iostat's avg-cpu System
	// includes irq and softirq time.
	User, Nice, System, IOWait, IRQ, SoftIRQ, Steal, Guest, GuestNice, Idle float64
	CtxSwitchesPS                                                           float64 // context switches per second
	InterruptsPS                                                            float64 // interrupts per second
	// ReadBytesPS and WriteBytesPS are vmstat's bi and bo (1 KiB blocks),
	// for all block devices together. Per-device figures are in Devices.
	ReadBytesPS, WriteBytesPS float64
	Devices                   []DeviceSample
}

// A DeviceSample is one block device in one sample.
type DeviceSample struct {
	Name         string
	ReadsPS      float64 // completed reads per second
	WritesPS     float64
	ReadBytesPS  float64
	WriteBytesPS float64
	Util         float64 // share of the interval the device was busy (0..1)
}

// NewSysSample returns a sample with every value absent.
func NewSysSample(line int) SysSample {
	n := math.NaN()
	return SysSample{Line: line, EndLine: line, T: n, DurationS: n, User: n, Nice: n, System: n, IOWait: n,
		IRQ: n, SoftIRQ: n, Steal: n, Guest: n, GuestNice: n, Idle: n, CtxSwitchesPS: n, InterruptsPS: n,
		ReadBytesPS: n, WriteBytesPS: n}
}

// NewDeviceSample returns a device sample with every value absent.
func NewDeviceSample(name string) DeviceSample {
	n := math.NaN()
	return DeviceSample{Name: name, ReadsPS: n, WritesPS: n, ReadBytesPS: n, WriteBytesPS: n, Util: n}
}

// nullable turns NaN and infinities into nil for JSON.
func nullable(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

type sysSampleJSON struct {
	Line          int            `json:"line"`
	EndLine       int            `json:"end_line"`
	Clock         string         `json:"clock,omitempty"`
	T             *float64       `json:"t"`
	DurationS     *float64       `json:"duration_s"`
	Excluded      string         `json:"excluded,omitempty"`
	User          *float64       `json:"user"`
	Nice          *float64       `json:"nice"`
	System        *float64       `json:"system"`
	IOWait        *float64       `json:"iowait"`
	IRQ           *float64       `json:"irq"`
	SoftIRQ       *float64       `json:"softirq"`
	Steal         *float64       `json:"steal"`
	Guest         *float64       `json:"guest"`
	GuestNice     *float64       `json:"guest_nice"`
	Idle          *float64       `json:"idle"`
	CtxSwitchesPS *float64       `json:"ctx_switches_ps"`
	InterruptsPS  *float64       `json:"interrupts_ps"`
	ReadBytesPS   *float64       `json:"read_bytes_ps"`
	WriteBytesPS  *float64       `json:"write_bytes_ps"`
	Devices       []DeviceSample `json:"devices,omitempty"`
}

// MarshalJSON writes absent (NaN) values as null.
func (s SysSample) MarshalJSON() ([]byte, error) {
	return json.Marshal(sysSampleJSON{Line: s.Line, EndLine: s.EndLine, Clock: s.Clock, T: nullable(s.T),
		DurationS: nullable(s.DurationS), Excluded: s.Excluded, User: nullable(s.User), Nice: nullable(s.Nice),
		System: nullable(s.System), IOWait: nullable(s.IOWait), IRQ: nullable(s.IRQ), SoftIRQ: nullable(s.SoftIRQ),
		Steal: nullable(s.Steal), Guest: nullable(s.Guest), GuestNice: nullable(s.GuestNice), Idle: nullable(s.Idle),
		CtxSwitchesPS: nullable(s.CtxSwitchesPS), InterruptsPS: nullable(s.InterruptsPS),
		ReadBytesPS: nullable(s.ReadBytesPS), WriteBytesPS: nullable(s.WriteBytesPS), Devices: s.Devices})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *SysSample) UnmarshalJSON(data []byte) error {
	var j sysSampleJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*s = SysSample{Line: j.Line, EndLine: j.EndLine, Clock: j.Clock, T: orNaN(j.T), DurationS: orNaN(j.DurationS),
		Excluded: j.Excluded, User: orNaN(j.User), Nice: orNaN(j.Nice), System: orNaN(j.System),
		IOWait: orNaN(j.IOWait), IRQ: orNaN(j.IRQ), SoftIRQ: orNaN(j.SoftIRQ), Steal: orNaN(j.Steal),
		Guest: orNaN(j.Guest), GuestNice: orNaN(j.GuestNice), Idle: orNaN(j.Idle),
		CtxSwitchesPS: orNaN(j.CtxSwitchesPS), InterruptsPS: orNaN(j.InterruptsPS),
		ReadBytesPS: orNaN(j.ReadBytesPS), WriteBytesPS: orNaN(j.WriteBytesPS), Devices: j.Devices}
	return nil
}

type deviceSampleJSON struct {
	Name         string   `json:"name"`
	ReadsPS      *float64 `json:"reads_ps"`
	WritesPS     *float64 `json:"writes_ps"`
	ReadBytesPS  *float64 `json:"read_bytes_ps"`
	WriteBytesPS *float64 `json:"write_bytes_ps"`
	Util         *float64 `json:"util"`
}

// MarshalJSON writes absent (NaN) values as null.
func (d DeviceSample) MarshalJSON() ([]byte, error) {
	return json.Marshal(deviceSampleJSON{Name: d.Name, ReadsPS: nullable(d.ReadsPS), WritesPS: nullable(d.WritesPS),
		ReadBytesPS: nullable(d.ReadBytesPS), WriteBytesPS: nullable(d.WriteBytesPS), Util: nullable(d.Util)})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *DeviceSample) UnmarshalJSON(data []byte) error {
	var j deviceSampleJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*d = DeviceSample{Name: j.Name, ReadsPS: orNaN(j.ReadsPS), WritesPS: orNaN(j.WritesPS),
		ReadBytesPS: orNaN(j.ReadBytesPS), WriteBytesPS: orNaN(j.WriteBytesPS), Util: orNaN(j.Util)}
	return nil
}

// Usable returns the samples that are per-interval figures, in order.
func (s *SysStat) Usable() []SysSample {
	var out []SysSample
	for _, x := range s.Samples {
		if x.Excluded == "" {
			out = append(out, x)
		}
	}
	return out
}

// Warn adds a warning tied to a source line.
func (s *SysStat) Warn(line int, msg string) {
	if line > 0 {
		msg = "line " + strconv.Itoa(line) + ": " + msg
	}
	s.Warnings = append(s.Warnings, msg)
}

// Mysqlslap holds one mysqlslap "Benchmark" block.
type Mysqlslap struct {
	AvgS             *float64 `json:"avg_s"`
	MinS             *float64 `json:"min_s"`
	MaxS             *float64 `json:"max_s"`
	Clients          *int     `json:"clients"`
	QueriesPerClient *int64   `json:"queries_per_client"`
	Engine           string   `json:"engine"`
	LoadType         string   `json:"load_type"` // --csv output only
}

// TableStatus is one row of SHOW TABLE STATUS or an information_schema
// size query. Sizes are bytes.
type TableStatus struct {
	Source       string            `json:"source"`
	Line         int               `json:"line"`
	Schema       string            `json:"schema"`
	Name         string            `json:"name"`
	Engine       string            `json:"engine"`
	Rows         *int64            `json:"rows"`
	AvgRowLength *int64            `json:"avg_row_length"`
	DataLength   *int64            `json:"data_length"`
	IndexLength  *int64            `json:"index_length"`
	DataFree     *int64            `json:"data_free"`
	RowFormat    string            `json:"row_format"`
	Labels       map[string]string `json:"labels"` // set by collect: path and campaign labels
	// Warnings say what was read but not kept (a wrapped counter).
	Warnings []string `json:"warnings,omitempty"`
}
