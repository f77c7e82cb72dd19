package sysstat

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// vmstat (procps 3.2, procps-ng 3.3 and 4.x, toybox) prints a group
// header, a column header and one line per interval:
//
//	procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
//	 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
//	 2  0      0 2794468   2108 741208    0    0     1     3   29   57  0  0 99  0  0
//
// Columns are read by name, so every layout reads the same way: -a shows
// inact/active instead of buff/cache, -w widens the columns, -t adds
// "-----timestamp-----" over a zone name and two fields (date, time) on
// each line, procps 3.2 before st has no st column, procps-ng 4 adds gu,
// -S k/K/m/M changes only the memory columns, which are not kept. The
// headers are repeated every screenful unless -n is given; a repeated
// header directly after a line belongs to the same run of vmstat.
//
// The first line of a run of vmstat is an average since boot (unless -y),
// and is kept as a sample marked model.ExcludedSinceBoot. bi and bo are 1 KiB
// blocks per second on Linux; in and cs are interrupts and context
// switches per second; us, sy, id, wa, st and gu are percentages.

// Vmstat layouts, decided from the CPU columns of the header.
const (
	vmstatNoSteal = "procps-no-st" // us sy id wa (procps 3.2 before st, toybox)
	vmstatSteal   = "procps-st"    // us sy id wa st (procps 3.2.7+, procps-ng 3.3)
	vmstatGuest   = "procps-st-gu" // us sy id wa st gu (procps-ng 4.0.5+)
)

type vmstatBlock struct {
	s          *model.SysStat
	cols       []string // column names of the current header
	stamp      bool     // the header ends with a time zone: lines end with date and time
	lastData   bool     // the previous line was a data line (a header after it repeats)
	expectCols bool     // the previous line was the group header
	started    bool     // a data line has been seen: the next is not the since-boot line
	noFirst    bool     // -y: no since-boot line
	errs       []lineErr
}

// isVmstatGroupHeader reports a "procs ---memory--- ..." line.
func isVmstatGroupHeader(t string) bool {
	return (strings.HasPrefix(t, "procs -") || strings.HasPrefix(t, "--procs--")) && strings.Contains(t, "memory") &&
		strings.Contains(t, "cpu")
}

// vmstatColumns returns the column names of a " r  b   swpd ..." header.
func vmstatColumns(t string) ([]string, bool) {
	if !strings.Contains(t, "swpd") {
		return nil, false // most lines: no need to split them
	}
	f := strings.Fields(t)
	if len(f) < 14 || f[0] != "r" || f[1] != "b" || f[2] != "swpd" {
		return nil, false
	}
	has := map[string]bool{}
	for _, c := range f {
		has[c] = true
	}
	if !has["us"] || !has["sy"] || !has["id"] || !has["cs"] || !has["in"] {
		return nil, false
	}
	return f, true
}

// DetectVmstat starts at the group header or, in pastes that lost it, at
// the column header.
func DetectVmstat(l *model.Line, c model.Sink) model.Block {
	t := l.Text
	if !isVmstatGroupHeader(t) {
		if _, ok := vmstatColumns(t); !ok {
			return nil
		}
	}
	s := &model.SysStat{Source: c.Source(), Line: l.No, EndLine: l.No, Tool: model.ToolVmstat}
	b := &vmstatBlock{s: s}
	if cmd := sysCommand(c, l.No, model.ToolVmstat); cmd != nil {
		s.Command = cmd.Masked
		sc := sysArgs(cmd)
		s.IntervalS = sc.interval
		b.noFirst = sc.flags['y'] || sc.long["no-first"]
	}
	if b.Feed(l) == model.Rejected {
		return nil
	}
	return b
}

func (b *vmstatBlock) Feed(l *model.Line) model.Status {
	t := l.Text
	if t == "" {
		if b.lastData || b.cols == nil {
			return model.Rejected
		}
		return model.Consumed
	}
	if isVmstatGroupHeader(t) {
		if b.cols != nil && !b.lastData {
			return model.Rejected // headers with no line in between: another run of vmstat
		}
		b.s.EndLine = l.No
		b.lastData, b.expectCols = false, true
		return model.Consumed
	}
	if cols, ok := vmstatColumns(t); ok {
		if b.cols != nil && !b.lastData && !b.expectCols {
			return model.Rejected
		}
		b.setColumns(cols, l.No)
		b.s.EndLine = l.No
		b.lastData, b.expectCols = false, false
		return model.Consumed
	}
	if b.cols == nil || l.Prompt != "" {
		return model.Rejected
	}
	f := strings.Fields(t)
	n := len(b.cols)
	if b.stamp {
		n++ // the zone column holds two fields: date and time
	}
	if len(f) == 0 || !scan.IsDigit(f[0][0]) {
		return model.Rejected
	}
	if len(f) != n {
		// A line cut short (a paste) or another table: report it if it
		// starts like a vmstat line, else end the block.
		if len(f) > 4 && allInts(f[:4]) {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("vmstat: line has %d fields (expected %d, one per header column)", len(f), n)})
			b.s.EndLine = l.No
			b.lastData = true
			return model.Consumed
		}
		return model.Rejected
	}
	x := model.NewSysSample(l.No)
	if b.s.IntervalS != nil {
		x.DurationS = *b.s.IntervalS
	}
	for i, name := range b.cols {
		if b.stamp && i == len(b.cols)-1 {
			x.Clock = f[i] + " " + f[i+1]
			if tm, err := time.Parse("2006-01-02 15:04:05", x.Clock); err == nil {
				x.T = float64(tm.Unix())
			} else {
				b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("vmstat: bad time stamp %q (expected YYYY-MM-DD hh:mm:ss)", x.Clock)})
			}
			break
		}
		v, err := scan.Num(f[i])
		if err != nil {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("vmstat: %s: bad value %q (expected a number)", name, f[i])})
			b.s.EndLine = l.No
			b.lastData = true
			return model.Consumed
		}
		switch name {
		case "us":
			x.User = v / 100
		case "sy":
			x.System = v / 100
		case "id":
			x.Idle = v / 100
		case "wa":
			x.IOWait = v / 100
		case "st":
			x.Steal = v / 100
		case "gu":
			x.Guest = v / 100
		case "in":
			x.InterruptsPS = v
		case "cs":
			x.CtxSwitchesPS = v
		case "bi":
			x.ReadBytesPS = v * 1024
		case "bo":
			x.WriteBytesPS = v * 1024
		}
	}
	if !b.started && !b.noFirst {
		x.Excluded = model.ExcludedSinceBoot
	}
	b.started = true
	if k := len(b.s.Samples); k > 0 && math.IsNaN(x.DurationS) && !math.IsNaN(x.T) && !math.IsNaN(b.s.Samples[k-1].T) {
		x.DurationS = x.T - b.s.Samples[k-1].T
	}
	b.s.Samples = append(b.s.Samples, x)
	b.s.EndLine = l.No
	b.lastData = true
	return model.Consumed
}

func (b *vmstatBlock) setColumns(cols []string, line int) {
	b.cols = cols
	last := cols[len(cols)-1]
	b.stamp = false
	switch last {
	case "st", "gu", "wa", "id":
	default:
		// -t: the last header word is the time zone of the stamps.
		b.stamp = true
		b.s.Zone = last
	}
	setLayout(b.s, "vmstat: header", layoutOf(cols, vmstatNoSteal, "st", vmstatSteal, "gu", vmstatGuest), line)
}

func (b *vmstatBlock) End(c model.Sink) {
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	if len(b.s.Samples) == 0 {
		c.Errorf(b.s.Line, "vmstat: header without lines (expected one line per interval)")
		return
	}
	fillInterval(b.s)
	c.Add(b.s)
}

// fillInterval sets s.IntervalS from the samples' durations when the
// command line did not give it, and the durations from the interval.
func fillInterval(s *model.SysStat) {
	if s.IntervalS == nil {
		for _, x := range s.Samples {
			if x.Excluded == "" && !math.IsNaN(x.DurationS) && x.DurationS > 0 {
				s.IntervalS = floatPtr(x.DurationS)
				break
			}
		}
	}
}

func allInts(f []string) bool {
	for _, s := range f {
		if _, err := strconv.Atoi(s); err != nil {
			return false
		}
	}
	return true
}

// --- shared by the system-statistics parsers ---------------------------------

// sysCommand returns the pending command if it ran tool and was typed at
// most a few lines above line, and forgets it.
func sysCommand(c model.Sink, line int, tool string) *model.Cmd {
	cmd, ok := c.Command()
	if !ok || cmd.Tool != tool || line-cmd.Line > 3 {
		return nil
	}
	if cmd, ok = c.TakeCommand(line); !ok {
		return nil
	}
	return &cmd
}

// sysCmd is what the system-statistics parsers read from a command line.
type sysCmd struct {
	flags    map[byte]bool   // single-letter flags, including those in clusters ("-dxkt")
	long     map[string]bool // --long options
	interval *float64        // the first number after the options
	count    *int            // the second
}

// sysArgs reads the flags and the interval of a vmstat, iostat or mpstat
// command line. Option arguments ("-S M", "-P ALL", "-p sda") are model.Skipped.
func sysArgs(cmd *model.Cmd) sysCmd {
	sc := sysCmd{flags: map[byte]bool{}, long: map[string]bool{}}
	args := scan.SplitArgs(cmd.Raw)
	i := 0
	for i < len(args) && !strings.HasSuffix(args[i], cmd.Tool) {
		i++
	}
	takesArg := map[byte]bool{'S': true, 'P': true, 'p': true, 'c': false, 'I': true, 'N': true, 'o': true, 'j': true, 'g': true, 'e': true}
	if cmd.Tool == model.ToolIostat {
		takesArg['c'] = false
	}
	var nums []string
	for i++; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a[2:], "=")
			sc.long[name] = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				sc.flags[a[j]] = true
				if takesArg[a[j]] {
					if j == len(a)-1 {
						i++ // the argument is the next word
					}
					break
				}
			}
		default:
			if _, err := scan.Num(a); err == nil {
				nums = append(nums, a)
			}
		}
	}
	if len(nums) > 0 {
		if v, err := scan.Num(nums[0]); err == nil && v > 0 {
			sc.interval = floatPtr(v)
		}
	}
	if len(nums) > 1 {
		if n, err := scan.Atoi(nums[1]); err == nil {
			sc.count = intPtr(n)
		}
	}
	return sc
}

// lineErr is a malformed line found while a block cannot report it yet.
type lineErr struct {
	line int
	msg  string
}
