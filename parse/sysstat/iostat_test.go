package sysstat_test

import (
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/scan"
	"github.com/sbreport/sbreport/parse/sysstat"
)

func TestIostatFixtures(t *testing.T) {
	t.Run("sysstat 10 default then -dmx beside sysbench", func(t *testing.T) {
		ss, errs := sysStats(t, sysstatDir+"iostat-sysstat-10.1.5-default-then-dmx-1s-during-sysbench-prompt.txt")
		if len(ss) != 2 || len(errs) != 0 {
			t.Fatalf("%d captures, errors %v; want 2, none", len(ss), errs)
		}
		a, b := ss[0], ss[1]
		if a.Command != "iostat 1" || a.Layout != sysstat.IostatDefault || a.CPUs == nil || *a.CPUs != 4 || a.Host != "voice" ||
			a.Kernel != "Linux 3.10.0-1160.31.1.el7.x86_64" || a.Date != "10/15/2021" {
			t.Errorf("first: %q %s cpus %v host %q kernel %q date %q", a.Command, a.Layout, a.CPUs, a.Host, a.Kernel, a.Date)
		}
		if len(a.Samples) != 12 || a.Samples[0].Excluded != parse.ExcludedSinceBoot || excludedCount(a) != 1 {
			t.Fatalf("first: %d samples, %d excluded", len(a.Samples), excludedCount(a))
		}
		// Report at lines 11-16: avg-cpu 20.45 0.00 10.35 67.68 0.00 1.52, sda 1534.00 tps 49088.00 kB_read/s 6948.00 kB_wrtn/s.
		x := a.Samples[1]
		checkNear(t, "user", x.User, 0.2045)
		checkNear(t, "iowait", x.IOWait, 0.6768)
		if len(x.Devices) != 2 || x.Devices[1].Name != "sda" {
			t.Fatalf("devices %v", x.Devices)
		}
		checkNear(t, "sda read B/s", x.Devices[1].ReadBytesPS, 49088*1024)
		checkNear(t, "sda write B/s", x.Devices[1].WriteBytesPS, 6948*1024)
		checkNear(t, "sda r/s", x.Devices[1].ReadsPS, math.NaN()) // tps only
		if b.Command != "iostat -dmx 1" || b.Layout != sysstat.IostatOldX || len(b.Samples) != 11 || excludedCount(b) != 1 {
			t.Fatalf("second: %q %s %d samples", b.Command, b.Layout, len(b.Samples))
		}
		// sda 0.00 0.00 732.00 855.00 47.94 9.70 ... 100.00
		d := b.Samples[1].Devices[1]
		checkNear(t, "r/s", d.ReadsPS, 732)
		checkNear(t, "w/s", d.WritesPS, 855)
		checkNear(t, "rMB/s", d.ReadBytesPS, 47.94*(1<<20))
		checkNear(t, "%util", d.Util, 1)
	})
	t.Run("layouts by version", func(t *testing.T) {
		for _, c := range []struct{ file, layout string }{
			{"iostat-sysstat-10.1.5-x-kB-avgrq-sz-once.txt", sysstat.IostatOldX},
			{"iostat-sysstat-11.6.1-x-rareq-sz-svctm-once.txt", sysstat.IostatNewX},
			{"iostat-sysstat-12.4-x-discard-flush-once.txt", sysstat.IostatX12},
			{"iostat-sysstat-12.7-x-two-reports.txt", sysstat.IostatX12},
			{"iostat-sysstat-12-c-t-timestamps-cpu-only.txt", sysstat.IostatCPUOnly},
			{"iostat-sysstat-12-y-m-no-since-boot-report.txt", sysstat.IostatDefault},
		} {
			ss, errs := sysStats(t, sysstatDir+c.file)
			if len(ss) != 1 || len(errs) != 0 || ss[0].Layout != c.layout {
				t.Errorf("%s: %d captures %v, want 1 of layout %s", c.file, len(ss), errs, c.layout)
			}
		}
	})
	t.Run("sysstat 12 -x: second report", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"iostat-sysstat-12.7-x-two-reports.txt")
		x := ss[0].Samples[1]
		// sdr 3.21 4.81 3.21 50.00 3.00 1.50 1.60 16.04 ... 6.42
		d := x.Devices[3]
		if d.Name != "sdr" {
			t.Fatalf("device 3 is %s", d.Name)
		}
		checkNear(t, "r/s", d.ReadsPS, 3.21)
		checkNear(t, "rkB/s", d.ReadBytesPS, 4.81*1024)
		checkNear(t, "w/s", d.WritesPS, 1.60)
		checkNear(t, "wkB/s", d.WriteBytesPS, 16.04*1024)
		checkNear(t, "%util", d.Util, 0.0642)
		checkNear(t, "nice", x.Nice, 0.125)
	})
	t.Run("-t time stamps", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"iostat-sysstat-12-c-t-timestamps-cpu-only.txt")
		x := ss[0].Samples[1]
		if x.Clock != "06/01/20 12:53:21" || x.Excluded != "" {
			t.Errorf("clock %q excluded %q", x.Clock, x.Excluded)
		}
		checkNear(t, "T", x.T, 1591016001)
		checkNear(t, "duration", x.DurationS, 1)
	})
	t.Run("device name with a slash", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"iostat-sysstat-12-cciss-slash-device-name.txt")
		if d := ss[0].Samples[1].Devices; len(d) != 1 || d[0].Name != "cciss/c0d0p2" {
			t.Errorf("devices %v", d)
		}
	})
	t.Run("pasted tables without banner", func(t *testing.T) {
		ss, errs := sysStats(t, sysstatDir+"iostat-sysstat-12-x-sysbench-oltp_read_only-nvme-no-banner-sysstat-issue187.txt")
		if len(ss) != 2 || len(errs) != 0 {
			t.Fatalf("%d captures %v, want 2", len(ss), errs)
		}
		for i, want := range []float64{13526, 4380} {
			s := ss[i]
			if excludedCount(s) != 0 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "no banner") {
				t.Errorf("capture %d: excluded %d, warnings %v", i, excludedCount(s), s.Warnings)
			}
			checkNear(t, "r/s", s.Samples[0].Devices[0].ReadsPS, want)
		}
	})
	t.Run("real sysstat 12.6.1 -dxkt", func(t *testing.T) {
		ss, _ := sysStats(t, "../../testdata/real/iostat-sysstat-12.6.1-dxkt-1s-during-oltp_read_write-innodb-4thr-10s.txt")
		s := ss[0]
		if s.Command != "iostat -dxkt 1 11" || len(s.Samples) != 11 || excludedCount(s) != 1 {
			t.Fatalf("%q %d samples", s.Command, len(s.Samples))
		}
		// 11/30/26 18:04:04, vda 64.00 r/s 16916.00 rkB/s ... 856.00 w/s 3136.00 wkB/s ... 8.00 %util
		x := s.Samples[1]
		checkNear(t, "T", x.T, 1796061844)
		d := x.Devices[0]
		checkNear(t, "r/s", d.ReadsPS, 64)
		checkNear(t, "rkB/s", d.ReadBytesPS, 16916*1024)
		checkNear(t, "w/s", d.WritesPS, 856)
		checkNear(t, "wkB/s", d.WriteBytesPS, 3136*1024)
		checkNear(t, "util", d.Util, 0.08)
	})
}

func TestIostatEdgeCases(t *testing.T) {
	// sysstat 9/10 print a long device name alone and its values on the
	// next line, and "Time:" stamps; lines shaped as sysstat 9.0 prints them.
	in := "Linux 2.6.32-358.el6.x86_64 (db1) \t12/06/2016 \t_x86_64_\t(8 CPU)\n\n" +
		"Time: 03:16:15 PM\n" +
		"Device:         rrqm/s   wrqm/s     r/s     w/s   rsec/s   wsec/s avgrq-sz avgqu-sz   await  svctm  %util\n" +
		"VolGroup00-LogVol00\n" +
		"                  0.00     0.00    1.00    2.00     8.00    16.00     8.00     0.00    0.50   0.20   0.04\n\n" +
		"Time: 03:16:16 PM\n" +
		"Device:         rrqm/s   wrqm/s     r/s     w/s   rsec/s   wsec/s avgrq-sz avgqu-sz   await  svctm  %util\n" +
		"VolGroup00-LogVol00\n" +
		"                  0.00     0.00   10.00   20.00    80.00   160.00     8.00     0.00    0.50   0.20   1.50\n"
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 || len(ss[0].Samples) != 2 {
		t.Fatalf("%v %v", ss, errs)
	}
	x := ss[0].Samples[1]
	if x.Clock != "03:16:16 PM" || !math.IsNaN(x.T) || x.Excluded != "" || ss[0].Samples[0].Excluded != parse.ExcludedSinceBoot {
		t.Errorf("clock %q T %v excluded %q", x.Clock, x.T, x.Excluded)
	}
	d := x.Devices[0]
	if d.Name != "VolGroup00-LogVol00" {
		t.Errorf("name %q", d.Name)
	}
	checkNear(t, "rsec/s", d.ReadBytesPS, 80*512)
	checkNear(t, "wsec/s", d.WriteBytesPS, 160*512)
	checkNear(t, "%util", d.Util, 0.015)

	// -y on the command line: the first report is an interval.
	ss, _ = sysStatsText(t, "$ iostat -xy 1 1\n"+strings.SplitN(in, "\n\n", 2)[0]+"\n\n"+
		"avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n           2.15   12.50    2.35    0.12    0.00   82.89\n")
	if len(ss) != 1 || excludedCount(ss[0]) != 0 || ss[0].IntervalS == nil || *ss[0].IntervalS != 1 {
		t.Errorf("-y: %+v", ss)
	}

	// A device line with a value missing is an error naming the line.
	_, errs = sysStatsText(t, "Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util\n"+
		"loop0            0.24    0.00      0.79      0.00     0.00     0.00   0.00   0.00   20.12    0.00   0.00     3.27     0.00   0.00\n")
	want := []*parse.Error{{Source: "in", Line: 2, Message: "iostat: device loop0 has 14 values (expected 15, one per header column)"}}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors %v, want %v", errs, want)
	}
}

func FuzzIostat(f *testing.F) {
	sysFuzzSeeds(f, "iostat")
	f.Fuzz(checkSysItems)
}

// TestIostatDecimalComma reads iostat printed under a locale whose
// decimal mark is a comma: the first two reports of
// testdata/public/legacy-archive/series15/res01/iostat.ro.8.res
// (hgxl64/mariadb-benchmarks, a German date in the banner). sysbench's
// own numbers never take a comma.
func TestIostatDecimalComma(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/public/legacy-archive/series15/res01/iostat.ro.8.res")
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join(strings.SplitAfter(string(raw), "\n")[:13], "")
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 || len(ss[0].Samples) != 2 {
		t.Fatalf("%d captures, errors %v", len(ss), errs)
	}
	x := ss[0].Samples[1]
	checkNear(t, "%user", x.User, 0.3456)
	checkNear(t, "%idle", x.Idle, 0.5622)
	d := x.Devices[0]
	checkNear(t, "w/s", d.WritesPS, 1.40)
	checkNear(t, "wMB/s", d.WriteBytesPS, 0.01*(1<<20))
	checkNear(t, "%util", ss[0].Samples[0].Devices[0].Util, 0.0031)
	for _, s := range []string{"1,2,3", ",5", "5,", "1.5,2", "a,1"} {
		if _, err := scan.SysstatNum(s); err == nil {
			t.Errorf("%q read as a number", s)
		}
	}
}
