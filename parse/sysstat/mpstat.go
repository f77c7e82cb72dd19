package sysstat

import (
	"fmt"
	"math"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// mpstat (sysstat) prints, after the banner, one report per interval: a
// header that starts with the interval's start time, then one line for all
// CPUs and, with -P, one per CPU, each starting with the end time:
//
//	03:16:15 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
//	03:16:17 PM  all    0.00    0.00    0.50    0.00    0.00    0.00    0.00    0.00    0.00   99.50
//
// The time is 12-hour ("03:16:15 PM", sometimes followed by a zone name)
// or 24-hour ("18:04:04") depending on the locale. Columns are read by
// name: sysstat before 9.1 writes %user and has no %guest, 9.1 has %guest,
// 10+ adds %gnice, 8.x appends intr/s. -A and -I add interrupt tables
// ("CPU intr/s" gives the interrupts of the "all" line; the per-IRQ
// tables are model.Skipped) and -N node tables (model.Skipped). "Average:" lines close
// the capture; they are kept as samples marked model.ExcludedAverage. mpstat
// without an interval prints one report averaged since boot, whose lines
// carry the header's own time: that one is marked model.ExcludedSinceBoot.

// Mpstat layouts, decided from the CPU header.
const (
	mpstatUser  = "sysstat-user"  // %user ... %idle (before 9.1), maybe intr/s
	mpstatGuest = "sysstat-guest" // %usr ... %guest %idle (9.1)
	mpstatGnice = "sysstat-gnice" // %usr ... %guest %gnice %idle (10+)
)

type mpstatSection int

const (
	mpNone mpstatSection = iota
	mpUtil
	mpIntr
	mpSkip
)

type mpstatBlock struct {
	s         *model.SysStat
	banner    bool
	section   mpstatSection
	cols      []string // columns after CPU
	timeWords int      // words of the time stamp before CPU
	headClock string   // the header's time
	perCPU    map[string]bool
	errs      []lineErr
}

func newMpstatBlock(name string, line int, cmd *model.Cmd) *mpstatBlock {
	b := &mpstatBlock{s: &model.SysStat{Source: name, Line: line, EndLine: line, Tool: model.ToolMpstat}, perCPU: map[string]bool{}}
	if cmd != nil {
		b.s.Command = cmd.Masked
		b.s.IntervalS = sysArgs(cmd).interval
	}
	return b
}

// mpstatHeader finds "CPU" (or "NODE") in a header line and returns the
// number of time-stamp words before it and the columns after it.
func mpstatHeader(t string) (timeWords int, cols []string, ok bool) {
	if !strings.Contains(t, "CPU") && !strings.Contains(t, "NODE") {
		return 0, nil, false // most lines: no need to split them
	}
	f := strings.Fields(t)
	for i, w := range f {
		if w != "CPU" && w != "NODE" {
			continue
		}
		if i == 0 || i > 3 || i+1 >= len(f) || !isClock(f[0]) && f[0] != "Average:" {
			return 0, nil, false
		}
		for _, c := range f[i+1:] {
			if !strings.HasPrefix(c, "%") && !strings.HasSuffix(c, "/s") {
				return 0, nil, false
			}
		}
		return i, f[i+1:], true
	}
	return 0, nil, false
}

// isClock reports "12:53:20".
func isClock(w string) bool {
	return len(w) == 8 && w[2] == ':' && w[5] == ':' && scan.IsDigit(w[0]) && scan.IsDigit(w[7])
}

// clockSeconds reads "03:16:17 PM" or "18:04:04" as seconds after midnight.
func clockSeconds(clock string) (float64, bool) {
	f := strings.Fields(clock)
	if len(f) == 0 || !isClock(f[0]) {
		return 0, false
	}
	h, err1 := scan.Atoi(f[0][0:2])
	m, err2 := scan.Atoi(f[0][3:5])
	s, err3 := scan.Atoi(f[0][6:8])
	if err1 != nil || err2 != nil || err3 != nil || h > 23 || m > 59 || s > 60 {
		return 0, false
	}
	if len(f) > 1 {
		switch f[1] {
		case "AM":
			if h == 12 {
				h = 0
			}
		case "PM":
			if h != 12 {
				h += 12
			}
		}
	}
	return float64(h*3600 + m*60 + s), true
}

// DetectMpstat starts at a CPU header without a banner before it (the
// banner is read by DetectIostat, which hands the block over).
func DetectMpstat(l *model.Line, c model.Sink) model.Block {
	_, cols, ok := mpstatHeader(l.Text)
	if !ok || !isMpstatUtil(cols) || strings.HasPrefix(l.Text, "Average:") {
		return nil
	}
	b := newMpstatBlock(c.Source(), l.No, sysCommand(c, l.No, model.ToolMpstat))
	if b.Feed(l) == model.Rejected {
		return nil
	}
	return b
}

func isMpstatUtil(cols []string) bool {
	has := map[string]bool{}
	for _, c := range cols {
		has[c] = true
	}
	return (has["%usr"] || has["%user"]) && has["%idle"]
}

func (b *mpstatBlock) Feed(l *model.Line) model.Status {
	t := l.Text
	if t == "" {
		if b.section == mpSkip {
			b.section = mpNone
		}
		return model.Consumed
	}
	if l.Prompt != "" {
		return model.Rejected
	}
	f := strings.Fields(t)
	if tw, cols, ok := mpstatHeader(t); ok {
		b.timeWords, b.cols = tw, cols
		b.headClock = strings.Join(f[:tw], " ")
		switch {
		case f[tw] == "NODE":
			b.section = mpSkip
		case isMpstatUtil(cols):
			b.section = mpUtil
			b.setLayout(cols, l.No)
		case len(cols) == 1 && cols[0] == "intr/s":
			b.section = mpIntr
		default:
			b.section = mpSkip
		}
		return b.ok(l)
	}
	if b.section == mpNone {
		return model.Rejected
	}
	tw := b.timeWords
	average := f[0] == "Average:"
	if average {
		tw = 1
	}
	if len(f) <= tw || (!average && !isClock(f[0])) {
		return model.Rejected
	}
	if b.section == mpSkip {
		return b.ok(l)
	}
	cpu, vals := f[tw], f[tw+1:]
	clock := strings.Join(f[:tw], " ")
	if len(vals) != len(b.cols) {
		b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("mpstat: CPU %s has %d values (expected %d, one per header column)", cpu, len(vals), len(b.cols))})
		return b.ok(l)
	}
	nums := make([]float64, len(vals))
	for i, v := range vals {
		x, err := scan.SysstatNum(v)
		if err != nil {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("mpstat: CPU %s %s: bad value %q (expected a number)", cpu, b.cols[i], v)})
			return b.ok(l)
		}
		nums[i] = x
	}
	if cpu != "all" {
		if b.section == mpUtil {
			b.perCPU[cpu] = true
		}
		return b.ok(l)
	}
	if b.section == mpIntr {
		// The interrupts of the sample with the same time stamp.
		for i := len(b.s.Samples) - 1; i >= 0; i-- {
			if b.s.Samples[i].Clock == clock || average && b.s.Samples[i].Excluded == model.ExcludedAverage {
				b.s.Samples[i].InterruptsPS = nums[0]
				break
			}
		}
		return b.ok(l)
	}
	x := model.NewSysSample(l.No)
	x.Clock = clock
	for i, col := range b.cols {
		v := nums[i] / 100
		switch col {
		case "%usr", "%user":
			x.User = v
		case "%nice":
			x.Nice = v
		case "%sys":
			x.System = v
		case "%iowait":
			x.IOWait = v
		case "%irq":
			x.IRQ = v
		case "%soft":
			x.SoftIRQ = v
		case "%steal":
			x.Steal = v
		case "%guest":
			x.Guest = v
		case "%gnice":
			x.GuestNice = v
		case "%idle":
			x.Idle = v
		case "intr/s":
			x.InterruptsPS = nums[i]
		}
	}
	switch {
	case average:
		x.Excluded = model.ExcludedAverage
	default:
		end, ok1 := clockSeconds(clock)
		start, ok2 := clockSeconds(b.headClock)
		if ok1 && ok2 {
			d := end - start
			if d < 0 {
				d += 24 * 3600
			}
			if d == 0 {
				x.Excluded = model.ExcludedSinceBoot
			} else {
				x.DurationS = d
			}
		} else if b.s.IntervalS != nil {
			x.DurationS = *b.s.IntervalS
		}
	}
	b.s.Samples = append(b.s.Samples, x)
	return b.ok(l)
}

func (b *mpstatBlock) ok(l *model.Line) model.Status {
	b.s.EndLine = l.No
	if k := len(b.s.Samples); k > 0 {
		b.s.Samples[k-1].EndLine = l.No
	}
	return model.Consumed
}

func (b *mpstatBlock) setLayout(cols []string, line int) {
	setLayout(b.s, "mpstat: header", layoutOf(cols, mpstatUser, "%guest", mpstatGuest, "%gnice", mpstatGnice), line)
}

func (b *mpstatBlock) End(c model.Sink) {
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	if len(b.s.Samples) == 0 {
		c.Errorf(b.s.Line, "mpstat: no line for all CPUs (expected a CPU \"all\" line after the header)")
		return
	}
	if b.s.CPUs == nil && len(b.perCPU) > 0 {
		b.s.CPUs = intPtr(len(b.perCPU))
	}
	fillInterval(b.s)
	for i := range b.s.Samples {
		if x := &b.s.Samples[i]; x.Excluded == "" && math.IsNaN(x.DurationS) && b.s.IntervalS != nil {
			x.DurationS = *b.s.IntervalS
		}
	}
	c.Add(b.s)
}
