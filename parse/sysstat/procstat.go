package sysstat

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// A /proc snapshot series, as `sbreport run` captures it during a measured
// run: one block per sample, a line "# t=<Unix seconds with fraction>"
// followed by the verbatim contents of /proc/stat and then /proc/diskstats:
//
//	# t=1796061843.639457426
//	cpu  49838 0 19734 50089 342 0 4903 174 0 0
//	cpu0 24619 0 9873 25065 50 0 2394 84 0 0
//	...
//	ctxt 14884422
//	btime 1796061211
//	...
//	 254       0 vda 73521 8878 3855002 20997 32708 49263 6061184 42458 0 9552 64949 ...
//
// /proc/stat (proc(5)): the cpu lines count clock ticks in user, nice,
// system, idle, iowait, irq, softirq, steal, guest and guest_nice (user and
// nice include guest and guest_nice); ctxt and the first number of intr are
// totals since boot. /proc/diskstats (Documentation/admin-guide/iostats.rst):
// major, minor, name, then reads completed, reads merged, sectors read,
// ms reading, writes completed, writes merged, sectors written, ms writing,
// I/Os in progress, ms doing I/O, ... (sectors are 512 bytes whatever the
// device). Each sample is the difference between two snapshots over the
// time between their stamps; the first snapshot against boot (btime)
// gives a sample marked model.ExcludedSinceBoot. Devices that never did any I/O
// are left out.

const procstatLayout = "proc-stat-diskstats"

type procSnap struct {
	line, endLine int
	t             float64   // Unix seconds
	sec           int64     // t's whole seconds and fraction, kept apart so that
	frac          float64   // differences keep the stamps' nanoseconds
	cpu           []float64 // the aggregate cpu line
	cpus          int
	ctxt, intr    float64 // NaN when absent
	btime         float64
	disks         map[string][]float64
	diskOrder     []string
}

type procstatBlock struct {
	s     *model.SysStat
	snaps []*procSnap
	cur   *procSnap
	errs  []lineErr
}

// procstatStamp reads "# t=1796061843.639457426" as whole seconds and
// fraction.
func procstatStamp(raw string) (sec int64, frac float64, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(raw), "# t=")
	if !found {
		return 0, 0, false
	}
	rest = strings.TrimSpace(rest)
	if _, err := scan.Num(rest); err != nil {
		return 0, 0, false
	}
	whole, fr, _ := strings.Cut(rest, ".")
	sec, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || sec <= 0 || sec > 1<<40 {
		return 0, 0, false
	}
	if fr != "" {
		if frac, err = strconv.ParseFloat("0."+fr, 64); err != nil {
			return 0, 0, false
		}
	}
	return sec, frac, true
}

func DetectProcstat(l *model.Line, c model.Sink) model.Block {
	if _, _, ok := procstatStamp(l.Raw); !ok {
		return nil
	}
	b := &procstatBlock{s: &model.SysStat{Source: c.Source(), Line: l.No, EndLine: l.No, Tool: model.ToolProcstat, Layout: procstatLayout, Zone: "UTC"}}
	b.Feed(l)
	return b
}

// procStatKeys are the /proc/stat lines besides cpu, intr, ctxt, btime.
var procStatKeys = map[string]bool{"processes": true, "procs_running": true, "procs_blocked": true,
	"softirq": true, "page": true, "swap": true, "disk_io:": true}

func (b *procstatBlock) Feed(l *model.Line) model.Status {
	if sec, frac, ok := procstatStamp(l.Raw); ok {
		b.cur = &procSnap{line: l.No, endLine: l.No, t: float64(sec) + frac, sec: sec, frac: frac, ctxt: math.NaN(), intr: math.NaN(), btime: math.NaN(),
			disks: map[string][]float64{}}
		b.snaps = append(b.snaps, b.cur)
		b.s.EndLine = l.No
		return model.Consumed
	}
	if b.cur == nil {
		return model.Rejected
	}
	// The intr and softirq lines hold hundreds of numbers of which at
	// most the first is read: take the key and that number without
	// splitting the rest.
	head := strings.TrimLeft(l.Raw, " \t")
	key, rest, _ := strings.Cut(head, " ")
	if key == "intr" || procStatKeys[key] {
		rest = strings.TrimLeft(rest, " ")
		first, _, _ := strings.Cut(rest, " ")
		if key == "intr" {
			v, err := scan.Num(first)
			if err != nil {
				b.errs = append(b.errs, lineErr{l.No, "procstat: intr: expected a whole number"})
			} else {
				b.cur.intr = v
			}
		}
		b.cur.endLine = l.No
		b.s.EndLine = l.No
		return model.Consumed
	}
	f := strings.Fields(l.Raw)
	if len(f) == 0 {
		return model.Rejected
	}
	switch {
	case key == "cpu":
		vals, ok := procInts(f[1:])
		if !ok || len(vals) < 4 {
			b.errs = append(b.errs, lineErr{l.No, "procstat: cpu line: expected at least 4 whole numbers of clock ticks"})
		} else {
			b.cur.cpu = vals
		}
	case strings.HasPrefix(key, "cpu") && len(key) > 3 && scan.IsDigit(key[3]):
		b.cur.cpus++
	case key == "ctxt" || key == "btime":
		v, err := scan.Num(valueAt(f, 1))
		if err != nil {
			b.errs = append(b.errs, lineErr{l.No, "procstat: " + key + ": expected a whole number"})
			break
		}
		switch key {
		case "ctxt":
			b.cur.ctxt = v
		case "btime":
			b.cur.btime = v
		}
	case len(f) >= 14 && allInts(f[:2]):
		vals, ok := procInts(f[3:])
		if !ok {
			b.errs = append(b.errs, lineErr{l.No, "procstat: diskstats line for " + f[2] + ": expected whole numbers"})
			break
		}
		if _, dup := b.cur.disks[f[2]]; !dup {
			b.cur.diskOrder = append(b.cur.diskOrder, f[2])
		}
		b.cur.disks[f[2]] = vals
	default:
		return model.Rejected
	}
	b.cur.endLine = l.No
	b.s.EndLine = l.No
	return model.Consumed
}

func valueAt(f []string, i int) string {
	if i < len(f) {
		return f[i]
	}
	return ""
}

func procInts(f []string) ([]float64, bool) {
	out := make([]float64, len(f))
	for i, s := range f {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, false
		}
		out[i] = float64(n)
	}
	return out, true
}

func (b *procstatBlock) End(c model.Sink) {
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	var prev *procSnap
	for _, sn := range b.snaps {
		if sn.cpu == nil {
			c.Errorf(sn.line, "procstat: snapshot without a cpu line (expected /proc/stat after the time stamp)")
			continue
		}
		if sn.cpus > 0 && b.s.CPUs == nil {
			b.s.CPUs = intPtr(sn.cpus)
		}
		if prev == nil {
			if !math.IsNaN(sn.btime) && sn.t > sn.btime {
				boot := &procSnap{t: sn.btime, sec: int64(sn.btime), cpu: make([]float64, len(sn.cpu)), ctxt: 0, intr: 0, disks: map[string][]float64{}}
				x := procSample(boot, sn)
				x.Excluded = model.ExcludedSinceBoot
				b.s.Samples = append(b.s.Samples, x)
			}
			prev = sn
			continue
		}
		if sn.t <= prev.t {
			b.s.Warn(sn.line, fmt.Sprintf("procstat: time stamp %.3f is not after the previous one (%.3f); snapshot model.Skipped", sn.t, prev.t))
			continue
		}
		x := procSample(prev, sn)
		if backwards(prev, sn) {
			b.s.Warn(sn.line, "procstat: counters went backwards since the previous snapshot (a reset or a wrap); sample left out")
			prev = sn
			continue
		}
		if !math.IsNaN(prev.btime) && !math.IsNaN(sn.btime) && prev.btime != sn.btime {
			b.s.Warn(sn.line, "procstat: boot time changed between snapshots (a reboot); sample left out")
			prev = sn
			continue
		}
		b.s.Samples = append(b.s.Samples, x)
		prev = sn
	}
	if len(b.s.Samples) == 0 {
		c.Errorf(b.s.Line, "procstat: no usable snapshot (expected \"# t=\" lines each followed by /proc/stat and /proc/diskstats)")
		return
	}
	if len(b.snaps) > 1 {
		first, last := b.snaps[0], b.snaps[len(b.snaps)-1]
		b.s.IntervalS = floatPtr((last.t - first.t) / float64(len(b.snaps)-1))
	}
	c.Add(b.s)
}

// procSample is the sample between snapshots a and b.
func procSample(a, b *procSnap) model.SysSample {
	x := model.NewSysSample(b.line)
	x.EndLine = b.endLine
	x.T = b.t
	x.Clock = strconv.FormatFloat(b.t, 'f', -1, 64)
	dt := float64(b.sec-a.sec) + (b.frac - a.frac)
	x.DurationS = dt
	d := make([]float64, 10)
	for i := range d {
		if i < len(a.cpu) && i < len(b.cpu) {
			d[i] = b.cpu[i] - a.cpu[i]
		} else {
			d[i] = math.NaN()
		}
	}
	total := 0.0
	for i := 0; i < 8 && i < len(b.cpu); i++ {
		total += d[i]
	}
	if total > 0 {
		share := func(i int) float64 {
			if math.IsNaN(d[i]) {
				return math.NaN()
			}
			return d[i] / total
		}
		guest, gnice := d[8], d[9]
		x.User, x.Nice = share(0), share(1)
		if !math.IsNaN(guest) {
			x.User = (d[0] - guest) / total
			x.Guest = guest / total
		}
		if !math.IsNaN(gnice) {
			x.Nice = (d[1] - gnice) / total
			x.GuestNice = gnice / total
		}
		x.System, x.Idle, x.IOWait = share(2), share(3), share(4)
		x.IRQ, x.SoftIRQ, x.Steal = share(5), share(6), share(7)
	}
	if dt > 0 {
		x.CtxSwitchesPS = (b.ctxt - a.ctxt) / dt
		x.InterruptsPS = (b.intr - a.intr) / dt
		for _, name := range b.diskOrder {
			v := b.disks[name]
			u, ok := a.disks[name]
			if !ok {
				u = make([]float64, len(v))
			}
			if len(v) < 10 || len(u) < 10 || v[0]+v[4] == 0 {
				continue
			}
			dev := model.NewDeviceSample(name)
			dev.ReadsPS = (v[0] - u[0]) / dt
			dev.ReadBytesPS = (v[2] - u[2]) * 512 / dt
			dev.WritesPS = (v[4] - u[4]) / dt
			dev.WriteBytesPS = (v[6] - u[6]) * 512 / dt
			dev.Util = (v[9] - u[9]) / 1000 / dt
			x.Devices = append(x.Devices, dev)
		}
	}
	return x
}

// backwards reports a counter of b below its value in a.
func backwards(a, b *procSnap) bool {
	for i := 0; i < len(a.cpu) && i < len(b.cpu); i++ {
		if b.cpu[i] < a.cpu[i] {
			return true
		}
	}
	if b.ctxt < a.ctxt || b.intr < a.intr {
		return true
	}
	for name, v := range b.disks {
		if u, ok := a.disks[name]; ok {
			for i := 0; i < len(u) && i < len(v); i++ {
				if v[i] < u[i] && i != 8 { // field 9 is I/Os in progress, not a counter
					return true
				}
			}
		}
	}
	return false
}
