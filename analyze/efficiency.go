package analyze

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse"
)

// Efficiency is what one unit of a run's work (a transaction, or an event
// or query for runs without transactions) cost the host, from the system
// statistics captured while the run went on (vmstat, iostat, mpstat, or
// /proc snapshots). Values that cannot be had are NaN (null in JSON).
//
// Formulas, with rate the run's throughput per second, cpus the host's
// CPU count and each share or per-second figure the duration-weighted mean
// over the samples used:
//
//	CPU µs per unit        = busy share × cpus × 1e6 / rate
//	  busy share           = user share + system share (idle, iowait and steal are not busy)
//	  user share           = user + nice + guest + guest nice
//	  system share         = system + irq + softirq
//	disk reads per unit    = Σ devices reads/s / rate
//	disk KB read per unit  = Σ devices bytes read/s / 1024 / rate        (KB = KiB, as iostat's kB)
//	context switches/unit  = context switches/s / rate
//	CPU saturation rate    = cpus × 1e6 / CPU µs per unit = rate / busy share
//
// The saturation rate is the throughput at which the CPUs would be busy
// all the time if every unit kept costing what it cost here: a ceiling
// for capacity planning, next to the USL fit's.
type Efficiency struct {
	Run  string  // the run's parse.CaptureID
	Unit string  // "transaction", "event" or "query"
	Rate float64 // units per second
	CPUs int     // 0 when unknown

	CPUUsPerTxn       float64 // CPU microseconds (user + system) per unit
	CPUUserUsPerTxn   float64
	CPUSysUsPerTxn    float64
	DiskReadsPerTxn   float64 // completed reads per unit, summed over the disks counted
	DiskWritesPerTxn  float64
	DiskReadKBPerTxn  float64 // KiB per unit
	DiskWriteKBPerTxn float64
	CtxSwitchesPerTxn float64
	SaturationRate    float64 // units per second at which the CPUs saturate
	BusyShare         float64 // mean share of CPU time busy, 0..1

	// Sources says, for "cpu", "disk" and "ctx", which capture gave the
	// figure and which of its samples (by line) were used.
	Sources  map[string]EfficiencySource
	Devices  []string // the block devices counted for disk figures
	Warnings Warnings
}

// An EfficiencySource names the capture and samples behind a figure.
type EfficiencySource struct {
	Capture string `json:"capture"` // parse.CaptureID of the SysStat
	Tool    string `json:"tool"`
	Samples []int  `json:"samples"` // first line of each sample used
}

// MarshalJSON writes the figures under the names results.json uses.
func (e *Efficiency) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Run               string                      `json:"run"`
		Unit              string                      `json:"unit"`
		Rate              *float64                    `json:"rate"`
		CPUs              int                         `json:"cpus"`
		CPUUsPerTxn       *float64                    `json:"cpu_us_per_txn"`
		CPUUserUsPerTxn   *float64                    `json:"cpu_user_us_per_txn"`
		CPUSysUsPerTxn    *float64                    `json:"cpu_sys_us_per_txn"`
		DiskReadsPerTxn   *float64                    `json:"disk_reads_per_txn"`
		DiskWritesPerTxn  *float64                    `json:"disk_writes_per_txn"`
		DiskReadKBPerTxn  *float64                    `json:"disk_read_kb_per_txn"`
		DiskWriteKBPerTxn *float64                    `json:"disk_write_kb_per_txn"`
		CtxSwitchesPerTxn *float64                    `json:"ctx_switches_per_txn"`
		SaturationRate    *float64                    `json:"cpu_saturation_rate"`
		BusyShare         *float64                    `json:"cpu_busy_share"`
		Sources           map[string]EfficiencySource `json:"sources"`
		Devices           []string                    `json:"devices"`
		Warnings          Warnings                    `json:"warnings"`
	}{e.Run, e.Unit, num(e.Rate), e.CPUs, num(e.CPUUsPerTxn), num(e.CPUUserUsPerTxn), num(e.CPUSysUsPerTxn),
		num(e.DiskReadsPerTxn), num(e.DiskWritesPerTxn), num(e.DiskReadKBPerTxn), num(e.DiskWriteKBPerTxn),
		num(e.CtxSwitchesPerTxn), num(e.SaturationRate), num(e.BusyShare), e.Sources, e.Devices, e.Warnings})
}

// RunSysStats returns the system-statistics captures of d that r lists in
// r.Captures, in the order of r.Captures.
func RunSysStats(d *parse.Document, r *parse.Run) []*parse.SysStat {
	byID := map[string]*parse.SysStat{}
	for _, s := range d.SysStats {
		byID[s.ID()] = s
	}
	var out []*parse.SysStat
	for _, id := range r.Captures {
		if s, ok := byID[id]; ok {
			out = append(out, s)
		}
	}
	return out
}

// RunCPUs returns the CPU count of the first host capture r lists in
// r.Captures that has one, or 0.
func RunCPUs(d *parse.Document, r *parse.Run) int {
	byID := map[string]*parse.Host{}
	for _, h := range d.Hosts {
		byID[parse.CaptureID(h.Source, h.Line)] = h
	}
	for _, id := range r.Captures {
		if h, ok := byID[id]; ok && h.CPUs != nil && *h.CPUs > 0 {
			return *h.CPUs
		}
	}
	return 0
}

// Efficiencies computes PerTransaction for every run that has system
// statistics among its captures, keyed by the run's CaptureID: the runs of
// ds's cells when ds is not nil (a run merged from several clients is
// divided by their summed rate, and keyed by its first client), else
// those of d. It returns nil when no run has any.
func Efficiencies(d *parse.Document, ds *Dataset) map[string]*Efficiency {
	runs := d.Runs
	if ds != nil {
		runs = nil
		for _, c := range ds.Cells {
			runs = append(runs, c.Runs...)
		}
	}
	var out map[string]*Efficiency
	for _, r := range runs {
		stats := RunSysStats(d, r)
		if len(stats) == 0 {
			continue
		}
		e, w := RunEfficiency(r, stats, RunCPUs(d, r))
		if e == nil {
			continue
		}
		e.Warnings = append(e.Warnings, w...)
		if out == nil {
			out = map[string]*Efficiency{}
		}
		out[e.Run] = e
	}
	return out
}

// RunEfficiency is PerTransaction for a run that may say when it was
// measured (Run.MeasuredFrom and MeasuredTo, from a campaign manifest):
// then only the samples of time-stamped captures whose interval lies
// within that time are used, so that one vmstat, iostat or mpstat log
// kept beside several runs gives each run its own samples. Captures
// without time stamps are used whole, with a warning. A run that does
// not say when it was measured uses every sample (PerTransaction).
func RunEfficiency(r *parse.Run, stats []*parse.SysStat, cpus int) (*Efficiency, Warnings) {
	if r.MeasuredFrom == nil || r.MeasuredTo == nil {
		return PerTransaction(r, stats, cpus)
	}
	from := float64(r.MeasuredFrom.UnixNano()) / 1e9
	to := float64(r.MeasuredTo.UnixNano()) / 1e9
	var w Warnings
	stamped := map[*parse.SysStat]bool{}
	at := map[*parse.SysStat]map[int]float64{} // sample line → its end, Unix seconds
	for _, s := range stats {
		at[s] = sampleTimes(s)
		for _, t := range at[s] {
			if !math.IsNaN(t) {
				stamped[s] = true
				break
			}
		}
		if !stamped[s] {
			w.addf("%s: %s capture has no time stamps, so it cannot be cut to the run's time; used whole", s.ID(), s.Tool)
		} else if s.Zone != "" && !strings.EqualFold(s.Zone, "UTC") && !strings.EqualFold(s.Zone, "GMT") {
			w.addf("%s: %s capture's time stamps are in %s; the run's times are UTC", s.ID(), s.Tool, s.Zone)
		}
	}
	inside := func(s *parse.SysStat, x parse.SysSample) bool {
		if !stamped[s] {
			return true
		}
		t := at[s][x.Line]
		if math.IsNaN(t) {
			return false
		}
		mid := t
		if !math.IsNaN(x.DurationS) {
			mid -= x.DurationS / 2
		}
		return mid >= from && mid <= to
	}
	return perTransaction(r, stats, cpus, inside, w)
}

// sampleTimes returns when each sample of s ended, by its first line, in
// Unix seconds of the printed wall clock (read as UTC, as SysSample.T):
// T where the capture has it, else, for stamps that are a time of day
// only (mpstat's "18:04:04", "03:16:17 PM"), the banner's date with that
// time, a day later after each time the clock goes back. NaN for none.
func sampleTimes(s *parse.SysStat) map[int]float64 {
	out := map[int]float64{}
	var day time.Time
	haveDay := false
	for _, layout := range []string{"01/02/06", "01/02/2006", "2006-01-02"} {
		if d, err := time.Parse(layout, strings.TrimSpace(s.Date)); err == nil {
			day, haveDay = d, true
			break
		}
	}
	prev := -1.0
	for _, x := range s.Samples {
		out[x.Line] = x.T
		if !math.IsNaN(x.T) || !haveDay {
			continue
		}
		secs, ok := clockOfDay(x.Clock)
		if !ok {
			continue
		}
		if prev >= 0 && secs < prev {
			day = day.AddDate(0, 0, 1)
		}
		prev = secs
		out[x.Line] = float64(day.Unix()) + secs
	}
	return out
}

// clockOfDay reads "18:04:04" or "03:16:17 PM" (a zone name after it
// ignored) as seconds after midnight.
func clockOfDay(clock string) (float64, bool) {
	f := strings.Fields(clock)
	if len(f) == 0 {
		return 0, false
	}
	t, err := time.Parse("15:04:05", f[0])
	if err != nil {
		return 0, false
	}
	h := t.Hour()
	if len(f) > 1 {
		switch strings.ToUpper(f[1]) {
		case "AM":
			if h == 12 {
				h = 0
			}
		case "PM":
			if h < 12 {
				h += 12
			}
		}
	}
	return float64(h*3600 + t.Minute()*60 + t.Second()), true
}

// PerTransaction computes the run's Efficiency from the captures that
// describe it, using every per-interval sample of each (the captures are
// the run's own: taken while it ran and only then). cpus is the host's CPU
// count; 0 takes it from the captures. It returns nil when the run has no
// rate to divide by.
func PerTransaction(r *parse.Run, stats []*parse.SysStat, cpus int) (*Efficiency, Warnings) {
	return perTransaction(r, stats, cpus, func(*parse.SysStat, parse.SysSample) bool { return true }, nil)
}

// PerTransactionBetween is PerTransaction over the samples whose interval
// lies within [from, to] (Unix seconds of the same clock as the samples'
// time stamps): a sample is used when its midpoint is inside. Captures
// whose samples have no time stamps are left out, with a warning.
func PerTransactionBetween(r *parse.Run, stats []*parse.SysStat, cpus int, from, to float64) (*Efficiency, Warnings) {
	var w Warnings
	inside := func(s *parse.SysStat, x parse.SysSample) bool {
		if math.IsNaN(x.T) {
			return false
		}
		mid := x.T
		if !math.IsNaN(x.DurationS) {
			mid -= x.DurationS / 2
		}
		return mid >= from && mid <= to
	}
	var kept []*parse.SysStat
	for _, s := range stats {
		stamped := false
		for _, x := range s.Samples {
			if !math.IsNaN(x.T) {
				stamped = true
				break
			}
		}
		if !stamped {
			w.addf("%s: %s capture has no time stamps, so it cannot be matched to the run's time; left out", s.ID(), s.Tool)
			continue
		}
		kept = append(kept, s)
	}
	return perTransaction(r, kept, cpus, inside, w)
}

// Unit names and the order in which captures are preferred per figure:
// counters read from /proc first, then the tool that measures the figure
// most directly.
var (
	cpuOrder  = []string{parse.ToolProcstat, parse.ToolMpstat, parse.ToolVmstat, parse.ToolIostat}
	diskOrder = []string{parse.ToolProcstat, parse.ToolIostat, parse.ToolVmstat}
	ctxOrder  = []string{parse.ToolProcstat, parse.ToolVmstat}
)

func perTransaction(r *parse.Run, stats []*parse.SysStat, cpus int, use func(*parse.SysStat, parse.SysSample) bool, w Warnings) (*Efficiency, Warnings) {
	rate, unit := runRate(r)
	if math.IsNaN(rate) || rate <= 0 {
		w.addf("%s: no tps, eps or qps to divide by; no per-transaction figures", parse.CaptureID(r.Source, r.Line))
		return nil, w
	}
	nan := math.NaN()
	e := &Efficiency{Run: parse.CaptureID(r.Source, r.Line), Unit: unit, Rate: rate, CPUs: cpus,
		CPUUsPerTxn: nan, CPUUserUsPerTxn: nan, CPUSysUsPerTxn: nan, DiskReadsPerTxn: nan, DiskWritesPerTxn: nan,
		DiskReadKBPerTxn: nan, DiskWriteKBPerTxn: nan, CtxSwitchesPerTxn: nan, SaturationRate: nan, BusyShare: nan,
		Sources: map[string]EfficiencySource{}}
	if e.CPUs <= 0 {
		for _, s := range stats {
			if s.CPUs != nil && *s.CPUs > 0 {
				e.CPUs = *s.CPUs
				break
			}
		}
	}
	samples := func(s *parse.SysStat, has func(parse.SysSample) bool) []parse.SysSample {
		var out []parse.SysSample
		for _, x := range s.Samples {
			if x.Excluded == "" && use(s, x) && has(x) {
				out = append(out, x)
			}
		}
		return out
	}
	pick := func(order []string, has func(parse.SysSample) bool) (*parse.SysStat, []parse.SysSample) {
		for _, tool := range order {
			for _, s := range stats {
				if s.Tool != tool {
					continue
				}
				if xs := samples(s, has); len(xs) > 0 {
					return s, xs
				}
			}
		}
		return nil, nil
	}
	source := func(s *parse.SysStat, xs []parse.SysSample) EfficiencySource {
		src := EfficiencySource{Capture: s.ID(), Tool: s.Tool}
		for _, x := range xs {
			src.Samples = append(src.Samples, x.Line)
		}
		return src
	}

	// CPU.
	if s, xs := pick(cpuOrder, func(x parse.SysSample) bool { return !math.IsNaN(x.User) && !math.IsNaN(x.System) }); s != nil {
		user := weightedMean(xs, func(x parse.SysSample) float64 {
			return x.User + nz(x.Nice) + nz(x.Guest) + nz(x.GuestNice)
		})
		sys := weightedMean(xs, func(x parse.SysSample) float64 { return x.System + nz(x.IRQ) + nz(x.SoftIRQ) })
		e.BusyShare = user + sys
		e.Sources["cpu"] = source(s, xs)
		if e.CPUs > 0 {
			per := float64(e.CPUs) * 1e6 / rate
			e.CPUUserUsPerTxn, e.CPUSysUsPerTxn = user*per, sys*per
			e.CPUUsPerTxn = e.CPUUserUsPerTxn + e.CPUSysUsPerTxn
			if e.BusyShare > 0 {
				e.SaturationRate = rate / e.BusyShare
			}
		} else {
			w.addf("%s: CPU count unknown (no host capture and none in the statistics); no CPU time per %s", e.Run, unit)
		}
		if len(xs) < 3 {
			w.addf("%s: CPU figures rest on %d sample(s) of %s", e.Run, len(xs), s.ID())
		}
	} else {
		w.addf("%s: no CPU samples in the run's system statistics", e.Run)
	}

	// Context switches.
	if s, xs := pick(ctxOrder, func(x parse.SysSample) bool { return !math.IsNaN(x.CtxSwitchesPS) }); s != nil {
		e.CtxSwitchesPerTxn = weightedMean(xs, func(x parse.SysSample) float64 { return x.CtxSwitchesPS }) / rate
		e.Sources["ctx"] = source(s, xs)
	}

	// Disks.
	if s, xs := pick(diskOrder, func(x parse.SysSample) bool {
		return len(x.Devices) > 0 || !math.IsNaN(x.ReadBytesPS)
	}); s != nil {
		e.Sources["disk"] = source(s, xs)
		if len(xs[0].Devices) > 0 {
			devs := countedDevices(xs)
			if len(devs) == 0 {
				w.addf("%s: only stacked or virtual block devices in %s; counting all of them", e.Run, s.ID())
				devs = allDevices(xs)
			}
			e.Devices = devs
			sum := func(get func(parse.DeviceSample) float64) float64 {
				return weightedMean(xs, func(x parse.SysSample) float64 {
					t := 0.0
					for _, d := range x.Devices {
						if contains(devs, d.Name) {
							t += get(d)
						}
					}
					return t
				})
			}
			e.DiskReadsPerTxn = sum(func(d parse.DeviceSample) float64 { return d.ReadsPS }) / rate
			e.DiskWritesPerTxn = sum(func(d parse.DeviceSample) float64 { return d.WritesPS }) / rate
			e.DiskReadKBPerTxn = sum(func(d parse.DeviceSample) float64 { return d.ReadBytesPS }) / 1024 / rate
			e.DiskWriteKBPerTxn = sum(func(d parse.DeviceSample) float64 { return d.WriteBytesPS }) / 1024 / rate
			if math.IsNaN(e.DiskReadsPerTxn) {
				w.addf("%s: %s has no reads/s or writes/s per device (the default iostat report has tps only); KB only", e.Run, s.ID())
			}
		} else {
			e.DiskReadKBPerTxn = weightedMean(xs, func(x parse.SysSample) float64 { return x.ReadBytesPS }) / 1024 / rate
			e.DiskWriteKBPerTxn = weightedMean(xs, func(x parse.SysSample) float64 { return x.WriteBytesPS }) / 1024 / rate
			w.addf("%s: disk KB from vmstat bi/bo (all block devices); no reads or writes per %s", e.Run, unit)
		}
	}
	return e, w
}

// runRate returns tps, else eps, else qps, and what it counts.
func runRate(r *parse.Run) (float64, string) {
	switch {
	case r.TPS != nil && *r.TPS > 0:
		return *r.TPS, "transaction"
	case r.EPS != nil && *r.EPS > 0:
		return *r.EPS, "event"
	case r.QPS != nil && *r.QPS > 0:
		return *r.QPS, "query"
	}
	return math.NaN(), ""
}

// weightedMean is the mean of f over xs weighted by each sample's
// duration, or the plain mean when a duration is unknown. NaN values make
// the result NaN: a figure missing from one sample is missing.
func weightedMean(xs []parse.SysSample, f func(parse.SysSample) float64) float64 {
	weighted := true
	for _, x := range xs {
		if math.IsNaN(x.DurationS) || x.DurationS <= 0 {
			weighted = false
		}
	}
	var sum, wsum float64
	for _, x := range xs {
		wt := 1.0
		if weighted {
			wt = x.DurationS
		}
		sum += f(x) * wt
		wsum += wt
	}
	if wsum == 0 {
		return math.NaN()
	}
	return sum / wsum
}

func nz(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return v
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// partition matches partition names: sda1, vdb2, xvda1, nvme0n1p1,
// mmcblk0p1, cciss/c0d0p2.
var partition = regexp.MustCompile(`^((s|h|v|xv)d[a-z]+[0-9]+|.*[0-9]p[0-9]+)$`)

// countedDevices returns the whole disks of the samples, in first-seen
// order: partitions repeat their disk's I/O, and device-mapper, md, loop,
// ram and zram devices are stacked on a disk or hold no disk at all.
func countedDevices(xs []parse.SysSample) []string {
	var out []string
	for _, name := range allDevices(xs) {
		if partition.MatchString(name) {
			continue
		}
		skip := false
		for _, p := range []string{"dm-", "md", "loop", "ram", "zram", "sr", "fd", "nbd"} {
			if strings.HasPrefix(name, p) {
				skip = true
			}
		}
		if !skip {
			out = append(out, name)
		}
	}
	return out
}

func allDevices(xs []parse.SysSample) []string {
	var out []string
	for _, x := range xs {
		for _, d := range x.Devices {
			if !contains(out, d.Name) {
				out = append(out, d.Name)
			}
		}
	}
	return out
}
