package sysstat_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/sysstat"
)

func TestProcstatReal(t *testing.T) {
	ss, errs := sysStats(t, "../../testdata/real/procstat-1s-during-oltp_read_write-innodb-4thr-10s.txt")
	if len(ss) != 1 || len(errs) != 0 {
		t.Fatalf("%d captures %v", len(ss), errs)
	}
	s := ss[0]
	if s.Tool != parse.ToolProcstat || *s.CPUs != 2 || len(s.Samples) != 11 || s.Samples[0].Excluded != parse.ExcludedSinceBoot || excludedCount(s) != 1 {
		t.Fatalf("tool %s cpus %v samples %d", s.Tool, s.CPUs, len(s.Samples))
	}
	// Snapshots at lines 2 and 23:
	//   # t=1796061843.639457426  cpu  49838 0 19734 50089 342 0 4903 174 0 0  ctxt 14884422
	//   # t=1796061844.774903443  cpu  50000 0 19783 50089 342 0 4915 174 0 0  ctxt 14912964
	//   vda 73521 8878 3855002 20997 32708 49263 6061184 42458 0 9552 ... → 73580 8879 3935658 21091 33611 49400 6067776 42547 0 9656
	x := s.Samples[1]
	dt := 1.135446017 // 1796061844.774903443 - 1796061843.639457426
	if x.Line != 23 {
		t.Fatalf("sample at line %d, want 23", x.Line)
	}
	checkNear(t, "duration", x.DurationS, dt)
	checkNear(t, "user", x.User, 162.0/223)
	checkNear(t, "system", x.System, 49.0/223)
	checkNear(t, "softirq", x.SoftIRQ, 12.0/223)
	checkNear(t, "idle", x.Idle, 0)
	checkNear(t, "ctxt/s", x.CtxSwitchesPS, (14912964-14884422)/dt)
	var vda *parse.DeviceSample
	for i := range x.Devices {
		if x.Devices[i].Name == "vda" {
			vda = &x.Devices[i]
		}
	}
	if vda == nil {
		t.Fatalf("no vda in %v", x.Devices)
	}
	checkNear(t, "vda r/s", vda.ReadsPS, (73580-73521)/dt)
	checkNear(t, "vda read B/s", vda.ReadBytesPS, (3935658-3855002)*512/dt)
	checkNear(t, "vda w/s", vda.WritesPS, (33611-32708)/dt)
	checkNear(t, "vda write B/s", vda.WriteBytesPS, (6067776-6061184)*512/dt)
	checkNear(t, "vda util", vda.Util, (9656-9552)/1000.0/dt)
	for _, d := range x.Devices {
		if strings.HasPrefix(d.Name, "loop") {
			t.Errorf("idle device %s kept", d.Name)
		}
	}
}

func TestProcstatEdgeCases(t *testing.T) {
	snap := func(ts, cpu, ctxt string) string {
		return "# t=" + ts + "\ncpu  " + cpu + "\ncpu0 " + cpu + "\nctxt " + ctxt + "\nbtime 100\n" +
			" 254       0 vda 10 0 80 5 20 0 160 5 0 100 10 0 0 0 0 0 0\n"
	}
	// A time stamp that goes backwards drops that snapshot with a warning.
	in := snap("200.0", "100 0 50 800 0 0 0 0 0 0", "1000") + snap("199.0", "110 0 55 830 0 0 0 0 0 0", "1100") +
		snap("201.0", "120 0 60 870 0 0 0 0 0 0", "1200")
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 {
		t.Fatalf("%v %v", ss, errs)
	}
	s := ss[0]
	if len(s.Samples) != 2 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "not after the previous") {
		t.Fatalf("samples %d warnings %v", len(s.Samples), s.Warnings)
	}
	// Since boot (btime 100, first stamp 200): 1000 switches over 100 s.
	checkNear(t, "since-boot ctxt/s", s.Samples[0].CtxSwitchesPS, 10)
	checkNear(t, "since-boot user", s.Samples[0].User, 100.0/950)
	// 200 → 201: 200 switches in 1 s; 20+10+70 ticks.
	checkNear(t, "ctxt/s", s.Samples[1].CtxSwitchesPS, 200)
	checkNear(t, "user", s.Samples[1].User, 20.0/100)
	// A bad cpu line is an error naming the line.
	_, errs = sysStatsText(t, "# t=5.5\ncpu  1 2 x 4\nctxt 9\n")
	if len(errs) < 1 || errs[0].Line != 2 || !strings.Contains(errs[0].Message, "cpu line") {
		t.Errorf("errors %v", errs)
	}
}

func FuzzProcstat(f *testing.F) {
	sysFuzzSeeds(f, "procstat")
	f.Fuzz(checkSysItems)
}

// BenchmarkProcstatHour parses an hour of /proc snapshots taken once a
// second: the real 11-snapshot capture repeated with its stamps moved on,
// 3,608 snapshots in all (the counters go back at each of the 327 seams,
// so those samples are left out with a warning).
func BenchmarkProcstatHour(b *testing.B) {
	raw, err := os.ReadFile("../../testdata/real/procstat-1s-during-oltp_read_write-innodb-4thr-10s.txt")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	n := 0
	for rep := 0; rep < 328; rep++ {
		for _, line := range strings.SplitAfter(string(raw), "\n") {
			if strings.HasPrefix(line, "# t=") {
				fmt.Fprintf(&buf, "# t=%d.5\n", 1796061843+n)
				n++
				continue
			}
			if strings.HasPrefix(line, "$ ") {
				continue
			}
			buf.WriteString(line)
		}
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var ss []*parse.SysStat
		if err := parse.Stream(bytes.NewReader(data), "hour", func(it parse.Item) {
			if s, ok := it.(*parse.SysStat); ok {
				ss = append(ss, s)
			}
		}); err != nil {
			b.Fatal(err)
		}
		if len(ss) != 1 || len(ss[0].Samples) != n-327 {
			b.Fatalf("%d captures, %d samples", len(ss), len(ss[0].Samples))
		}
	}
}

// TestSysStatJSONRoundTrip: a capture read back from its JSON writes the
// same JSON (absent values stay absent, not 0).
func TestSysStatJSONRoundTrip(t *testing.T) {
	for _, f := range []string{"../../testdata/real/procstat-1s-during-oltp_read_write-innodb-4thr-10s.txt",
		sysstatDir + "iostat-sysstat-10.1.5-default-then-dmx-1s-during-sysbench-prompt.txt"} {
		ss, _ := sysStats(t, f)
		for _, s := range ss {
			b1, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back parse.SysStat
			if err := json.Unmarshal(b1, &back); err != nil {
				t.Fatal(err)
			}
			b2, _ := json.Marshal(&back)
			if !bytes.Equal(b1, b2) {
				t.Errorf("%s: round trip differs:\n%s", s.ID(), firstDiff(string(b1), string(b2)))
			}
			if !math.IsNaN(back.Samples[1].Nice) && s.Tool == parse.ToolIostat && s.Layout == sysstat.IostatOldX {
				t.Errorf("iostat -dmx nice should stay absent")
			}
		}
	}
}
