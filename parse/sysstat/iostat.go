package sysstat

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// iostat (sysstat 9 to 12) prints a banner, then one report per interval:
// an optional time stamp (-t), the avg-cpu block (unless -d) and the device
// table (unless -c):
//
//	Linux 3.10.0-1160.31.1.el7.x86_64 (voice) 	10/15/2021 	_x86_64_	(4 CPU)
//
//	avg-cpu:  %user   %nice %system %iowait  %steal   %idle
//	          20.45    0.00   10.35   67.68    0.00    1.52
//
//	Device:         rrqm/s   wrqm/s     r/s     w/s    rMB/s    wMB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util
//	sda               0.00     0.00  732.00  855.00    47.94     9.70    74.38    32.33   20.32   43.18    0.74   0.63 100.00
//
// Device columns are read by name, whatever their order: before 11.5 the
// header is "Device:" with rsec/s (or rkB/s with -k, rMB/s with -m) and
// avgrq-sz/avgqu-sz/await/svctm; 11.5+ writes "Device" with r/s first,
// rareq-sz, aqu-sz; 12 adds %rrqm, d/s (discards) and f/s (flushes). The
// default report has tps, kB_read/s (or Blk_read/s, MB_read/s). A device
// name too long for its column is printed alone, its values on the next
// line. The first report is an average since boot unless -y was given;
// it is kept as a sample marked model.ExcludedSinceBoot. Without the banner (a
// pasted table) that cannot be told, and the capture says so.

// Iostat layouts, decided from the device header.
const (
	iostatDefault = "sysstat-tps"    // tps kB_read/s ...
	iostatOldX    = "sysstat-x-old"  // Device: rrqm/s wrqm/s r/s w/s rsec/s ... avgrq-sz ... svctm %util
	iostatNewX    = "sysstat-x-11.5" // Device r/s w/s rkB/s ... rareq-sz wareq-sz ... %util
	iostatX12     = "sysstat-x-12"   // Device r/s rkB/s rrqm/s %rrqm ... d/s (12.1+) ... f/s (12.2+) ... %util
	iostatShort   = "sysstat-s"      // -s: tps kB/s rqm/s await areq-sz aqu-sz %util
	iostatCPUOnly = "sysstat-c"      // -c: avg-cpu blocks only
)

// byteUnits maps a device column to what it counts and its unit in bytes.
var iostatColumns = map[string]struct {
	field string  // "r", "w", "rb", "wb", "util"
	mult  float64 // bytes per unit
}{
	"r/s": {"r", 1}, "w/s": {"w", 1},
	"rkB/s": {"rb", 1024}, "wkB/s": {"wb", 1024},
	"rMB/s": {"rb", 1 << 20}, "wMB/s": {"wb", 1 << 20},
	"rsec/s": {"rb", 512}, "wsec/s": {"wb", 512},
	"kB_read/s": {"rb", 1024}, "kB_wrtn/s": {"wb", 1024},
	"MB_read/s": {"rb", 1 << 20}, "MB_wrtn/s": {"wb", 1 << 20},
	"Blk_read/s": {"rb", 512}, "Blk_wrtn/s": {"wb", 512},
	"%util": {"util", 0.01},
}

// sysstatBanner reads "Linux 3.10.0 (voice) \t10/15/2021 \t_x86_64_\t(4 CPU)".
func sysstatBanner(t string) (kernel, host, date string, cpus int, ok bool) {
	if !strings.HasPrefix(t, "Linux ") || !strings.HasSuffix(t, "CPU)") {
		return "", "", "", 0, false
	}
	f := strings.Fields(t)
	if len(f) < 5 || f[len(f)-1] != "CPU)" || !strings.HasPrefix(f[len(f)-2], "(") {
		return "", "", "", 0, false
	}
	n, err := scan.Atoi(strings.TrimPrefix(f[len(f)-2], "("))
	if err != nil || n <= 0 {
		return "", "", "", 0, false
	}
	kernel = "Linux " + f[1]
	for _, w := range f[2 : len(f)-2] {
		switch {
		case strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") && host == "":
			host = strings.Trim(w, "()")
		case strings.Count(w, "/") == 2 || strings.Count(w, "-") == 2:
			date = w
		}
	}
	return kernel, host, date, n, true
}

// bannerBlock holds a sysstat banner until the first header says which
// tool printed it.
type bannerBlock struct {
	name                 string
	line                 int
	kernel, host, date   string
	cpus                 int
	inner                model.Block
	iostatCmd, mpstatCmd *model.Cmd
	only                 string // the one tool whose output may follow (Iostat, Mpstat), "" for either
}

// BannerFor starts a block at a sysstat banner ("Linux 6.1.0 (host)
// 01/02/2026 _x86_64_ (2 CPU)") that only tool's output may follow: iostat
// and mpstat print the same banner, and parse lets the first header after
// it decide.
func BannerFor(tool string) model.Detector {
	return func(l *model.Line, c model.Sink) model.Block {
		kernel, host, date, cpus, ok := sysstatBanner(l.Text)
		if !ok {
			return nil
		}
		b := &bannerBlock{name: c.Source(), line: l.No, kernel: kernel, host: host, date: date, cpus: cpus, only: tool}
		if tool == model.ToolIostat {
			b.iostatCmd = sysCommand(c, l.No, model.ToolIostat)
		} else {
			b.mpstatCmd = sysCommand(c, l.No, model.ToolMpstat)
		}
		return b
	}
}

// DetectIostat starts at a sysstat banner (for iostat or mpstat), at an
// avg-cpu block or at a device table header.
func DetectIostat(l *model.Line, c model.Sink) model.Block {
	if kernel, host, date, cpus, ok := sysstatBanner(l.Text); ok {
		b := &bannerBlock{name: c.Source(), line: l.No, kernel: kernel, host: host, date: date, cpus: cpus}
		b.iostatCmd = sysCommand(c, l.No, model.ToolIostat)
		if b.iostatCmd == nil {
			b.mpstatCmd = sysCommand(c, l.No, model.ToolMpstat)
		}
		return b
	}
	if !isAvgCPU(l.Text) {
		if _, ok := iostatDeviceHeader(l.Text); !ok {
			return nil
		}
	}
	b := newIostatBlock(c.Source(), l.No, sysCommand(c, l.No, model.ToolIostat))
	if b.Feed(l) == model.Rejected {
		return nil
	}
	return b
}

func (b *bannerBlock) Feed(l *model.Line) model.Status {
	if b.inner != nil {
		return b.inner.Feed(l)
	}
	if l.Text == "" {
		return model.Consumed
	}
	if l.Prompt != "" {
		return model.Rejected
	}
	if b.only == model.ToolIostat {
		return b.iostat(l)
	}
	if _, _, ok := mpstatHeader(l.Text); ok && b.iostatCmd == nil {
		m := newMpstatBlock(b.name, b.line, b.mpstatCmd)
		m.s.Kernel, m.s.Host, m.s.Date, m.s.CPUs = b.kernel, b.host, b.date, intPtr(b.cpus)
		m.banner = true
		b.inner = m
		return m.Feed(l)
	}
	if b.only == model.ToolMpstat {
		return model.Rejected
	}
	return b.iostat(l)
}

// iostat starts the iostat block the banner heads, at its first line.
func (b *bannerBlock) iostat(l *model.Line) model.Status {
	if isAvgCPU(l.Text) || isIostatStamp(l.Text) {
		b.inner = b.newIostat()
		return b.inner.Feed(l)
	}
	if _, ok := iostatDeviceHeader(l.Text); ok {
		b.inner = b.newIostat()
		return b.inner.Feed(l)
	}
	return model.Rejected
}

func (b *bannerBlock) newIostat() *iostatBlock {
	ib := newIostatBlock(b.name, b.line, b.iostatCmd)
	ib.s.Kernel, ib.s.Host, ib.s.Date, ib.s.CPUs = b.kernel, b.host, b.date, intPtr(b.cpus)
	ib.banner = true
	return ib
}

func (b *bannerBlock) End(c model.Sink) {
	if b.inner != nil {
		b.inner.End(c)
		return
	}
	c.Recognised() // a banner alone (sar, pidstat, or a cut paste): nothing to keep
}

type iostatSection int

const (
	ioNone iostatSection = iota
	ioCPUValues
	ioDevices
)

type iostatBlock struct {
	s         *model.SysStat
	banner    bool // the capture starts with the sysstat banner
	noFirst   bool // -y
	section   iostatSection
	cpuCols   []string
	cpuHeader string // the avg-cpu line cpuCols come from
	devCols   []string
	devHeader string           // the device header line devCols come from
	devMap    []iostatCol      // what each of devCols holds
	fields    []string         // the fields of the line read, reused
	cur       *model.SysSample // the report being read: &curVal, or nil
	curVal    model.SysSample
	devs      int // devices in the last report, to size the next one's
	hasCPU    bool
	hasDev    bool
	pendName  string // a device name printed alone on its line
	pendLine  int
	reports   int
	errs      []lineErr
}

func newIostatBlock(name string, line int, cmd *model.Cmd) *iostatBlock {
	b := &iostatBlock{s: &model.SysStat{Source: name, Line: line, EndLine: line, Tool: model.ToolIostat}}
	if cmd != nil {
		b.s.Command = cmd.Masked
		sc := sysArgs(cmd)
		b.s.IntervalS = sc.interval
		b.noFirst = sc.flags['y']
	}
	return b
}

func isAvgCPU(t string) bool {
	return strings.HasPrefix(t, "avg-cpu:") && strings.Contains(t, "%idle")
}

// iostatDeviceHeader returns the columns of a device table header.
func iostatDeviceHeader(t string) ([]string, bool) {
	if !strings.HasPrefix(strings.TrimLeftFunc(t, unicode.IsSpace), "Device") {
		return nil, false // most lines: the first field is not Device: or Device
	}
	f := strings.Fields(t)
	if len(f) < 3 || (f[0] != "Device:" && f[0] != "Device") {
		return nil, false
	}
	known := 0
	for _, c := range f[1:] {
		if _, ok := iostatColumns[c]; ok || c == "tps" || c == "rrqm/s" {
			known++
		}
	}
	if known == 0 {
		return nil, false
	}
	return f[1:], true
}

// iostatStamp reads a -t time stamp line. T is NaN when it has no date.
func iostatStamp(t string) (clock string, ts float64, ok bool) {
	if rest, found := strings.CutPrefix(t, "Time: "); found {
		return strings.TrimSpace(rest), math.NaN(), true
	}
	for _, layout := range []string{"01/02/06 15:04:05", "01/02/2006 15:04:05", "01/02/06 03:04:05 PM",
		"01/02/2006 03:04:05 PM", "2006-01-02T15:04:05-0700", "2006-01-02 15:04:05"} {
		if len(t) != len(layout) {
			continue
		}
		if tm, err := time.Parse(layout, t); err == nil {
			return t, float64(tm.Unix()), true
		}
	}
	return "", math.NaN(), false
}

func isIostatStamp(t string) bool {
	_, _, ok := iostatStamp(t)
	return ok
}

func (b *iostatBlock) Feed(l *model.Line) model.Status {
	t := l.Text
	if t == "" {
		if b.pendName != "" {
			b.errs = append(b.errs, lineErr{b.pendLine, "iostat: device " + b.pendName + " without values (expected them on the next line)"})
			b.pendName = ""
		}
		if b.section == ioDevices {
			b.section = ioNone
		}
		return model.Consumed
	}
	if l.Prompt != "" {
		return model.Rejected
	}
	if clock, ts, ok := iostatStamp(t); ok {
		b.flush()
		b.start(l.No)
		b.cur.Clock, b.cur.T = clock, ts
		b.section = ioNone
		return b.ok(l)
	}
	if isAvgCPU(t) {
		if b.cur == nil || b.hasCPU || b.hasDev {
			b.flush()
			b.start(l.No)
		}
		if t != b.cpuHeader {
			b.cpuCols, b.cpuHeader = strings.Fields(strings.TrimPrefix(t, "avg-cpu:")), t
		}
		b.section = ioCPUValues
		return b.ok(l)
	}
	// The header repeats in every report: the same line has the same
	// columns, and needs no splitting again.
	sameHeader := t == b.devHeader && b.devHeader != ""
	cols, isHeader := b.devCols, sameHeader
	if !sameHeader {
		cols, isHeader = iostatDeviceHeader(t)
	}
	if isHeader {
		if b.cur == nil || b.hasDev {
			b.flush()
			b.start(l.No)
		}
		if !sameHeader {
			b.setDevCols(cols, l.No)
			b.devHeader = t
		}
		b.section = ioDevices
		b.hasDev = true
		return b.ok(l)
	}
	b.fields = appendFields(b.fields[:0], t)
	f := b.fields
	switch b.section {
	case ioCPUValues:
		b.section = ioNone
		if len(f) != len(b.cpuCols) {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("iostat: avg-cpu line has %d values (expected %d, one per header column)", len(f), len(b.cpuCols))})
			return b.ok(l)
		}
		for i, col := range b.cpuCols {
			v, err := scan.SysstatNum(f[i])
			if err != nil {
				b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("iostat: avg-cpu %s: bad value %q (expected a number)", col, f[i])})
				return b.ok(l)
			}
			v /= 100
			switch col {
			case "%user":
				b.cur.User = v
			case "%nice":
				b.cur.Nice = v
			case "%system":
				b.cur.System = v
			case "%iowait":
				b.cur.IOWait = v
			case "%steal":
				b.cur.Steal = v
			case "%idle":
				b.cur.Idle = v
			}
		}
		b.hasCPU = true
		return b.ok(l)
	case ioDevices:
		name, vals := "", f
		switch {
		case b.pendName != "":
			name = b.pendName
			b.pendName = ""
		case len(f) == 1 && !scan.IsDigit(f[0][0]):
			b.pendName, b.pendLine = f[0], l.No
			return b.ok(l)
		default:
			name, vals = f[0], f[1:]
		}
		if len(vals) != len(b.devCols) {
			if len(vals) > 0 && scan.IsDigit(vals[0][0]) {
				b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("iostat: device %s has %d values (expected %d, one per header column)", name, len(vals), len(b.devCols))})
				return b.ok(l)
			}
			return model.Rejected
		}
		d := model.NewDeviceSample(name)
		for i, m := range b.devMap {
			if m.field == "" {
				continue
			}
			v, err := scan.SysstatNum(vals[i])
			if err != nil {
				b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("iostat: device %s %s: bad value %q (expected a number)", name, b.devCols[i], vals[i])})
				return b.ok(l)
			}
			v *= m.mult
			switch m.field {
			case "r":
				d.ReadsPS = v
			case "w":
				d.WritesPS = v
			case "rb":
				d.ReadBytesPS = v
			case "wb":
				d.WriteBytesPS = v
			case "util":
				d.Util = v
			}
		}
		b.cur.Devices = append(b.cur.Devices, d)
		return b.ok(l)
	}
	return model.Rejected
}

func (b *iostatBlock) ok(l *model.Line) model.Status {
	b.s.EndLine = l.No
	if b.cur != nil {
		b.cur.EndLine = l.No
	}
	return model.Consumed
}

func (b *iostatBlock) start(line int) {
	b.curVal = model.NewSysSample(line)
	if b.devs > 0 {
		b.curVal.Devices = make([]model.DeviceSample, 0, b.devs)
	}
	b.cur = &b.curVal
	b.hasCPU, b.hasDev = false, false
}

// An iostatCol says what a device column holds: the field of
// iostatColumns ("" for a column not read) and its unit in bytes.
type iostatCol struct {
	field string
	mult  float64
}

func (b *iostatBlock) setDevCols(cols []string, line int) {
	b.devCols = cols
	b.devMap = b.devMap[:0]
	for _, c := range cols {
		m := iostatColumns[c]
		b.devMap = append(b.devMap, iostatCol{m.field, m.mult})
	}
	has := func(name string) bool { return slices.Contains(cols, name) }
	layout := iostatDefault
	switch {
	case has("f/s") || has("d/s"):
		layout = iostatX12
	case has("rareq-sz") || has("%rrqm"):
		layout = iostatNewX
	case has("avgrq-sz"):
		layout = iostatOldX
	case has("areq-sz"):
		layout = iostatShort
	}
	if b.s.Layout == iostatCPUOnly {
		b.s.Layout = "" // the CPU report alone decided no device columns
	}
	setLayout(b.s, "iostat: device header", layout, line)
}

// flush ends the current report.
func (b *iostatBlock) flush() {
	if b.cur == nil {
		return
	}
	x := *b.cur
	b.cur = nil
	b.devs = len(x.Devices)
	if !b.hasCPU && !b.hasDev && x.Clock == "" {
		return
	}
	if b.reports == 0 && !b.noFirst {
		if b.banner {
			x.Excluded = model.ExcludedSinceBoot
		} else {
			b.s.Warn(x.Line, "iostat: no banner before the first report, so whether it is an average since boot is unknown; it is kept")
		}
	}
	b.reports++
	if b.s.IntervalS != nil {
		x.DurationS = *b.s.IntervalS
	} else if k := len(b.s.Samples); k > 0 && !math.IsNaN(x.T) && !math.IsNaN(b.s.Samples[k-1].T) {
		x.DurationS = x.T - b.s.Samples[k-1].T
	}
	b.s.Samples = append(b.s.Samples, x)
}

func (b *iostatBlock) End(c model.Sink) {
	b.flush()
	if b.pendName != "" {
		b.errs = append(b.errs, lineErr{b.pendLine, "iostat: device " + b.pendName + " without values (expected them on the next line)"})
	}
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	if len(b.s.Samples) == 0 {
		c.Errorf(b.s.Line, "iostat: no report (expected avg-cpu or device lines)")
		return
	}
	if b.s.Layout == "" {
		b.s.Layout = iostatCPUOnly
	}
	fillInterval(b.s)
	c.Add(b.s)
}
