package sysstat_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/sysstat"
)

func TestMpstatFixtures(t *testing.T) {
	t.Run("sysstat 10 -A 12-hour", func(t *testing.T) {
		ss, errs := sysStats(t, sysstatDir+"mpstat-sysstat-10.1.5-A-2s-12h-average-irq-tables.txt")
		if len(ss) != 1 || len(errs) != 0 {
			t.Fatalf("%d captures %v", len(ss), errs)
		}
		s := ss[0]
		if s.Layout != sysstat.MpstatGnice || s.CPUs == nil || *s.CPUs != 1 || len(s.Samples) != 6 {
			t.Fatalf("layout %s cpus %v samples %d", s.Layout, s.CPUs, len(s.Samples))
		}
		x := s.Samples[0]
		if x.Clock != "03:16:17 PM" || x.Excluded != "" {
			t.Errorf("clock %q excluded %q", x.Clock, x.Excluded)
		}
		checkNear(t, "duration", x.DurationS, 2)
		checkNear(t, "sys", x.System, 0.005)
		checkNear(t, "idle", x.Idle, 0.995)
		checkNear(t, "intr/s", x.InterruptsPS, 55.5)
		if last := s.Samples[5]; last.Excluded != parse.ExcludedAverage || last.Clock != "Average:" {
			t.Errorf("last sample %q %q, want the Average line", last.Clock, last.Excluded)
		}
	})
	t.Run("sysstat 12 -A 24-hour", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"mpstat-sysstat-12-A-24h-nodes-irq-tables.txt")
		s := ss[0]
		if *s.CPUs != 9 || len(s.Samples) != 5 || excludedCount(s) != 1 {
			t.Fatalf("cpus %v samples %d", *s.CPUs, len(s.Samples))
		}
		x := s.Samples[0]
		checkNear(t, "usr", x.User, 0.0215)
		checkNear(t, "nice", x.Nice, 0.125)
		checkNear(t, "irq", x.IRQ, 0.0034)
		checkNear(t, "soft", x.SoftIRQ, 0.0019)
		checkNear(t, "intr/s", x.InterruptsPS, 35525.06)
	})
	t.Run("without interval: since boot", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"mpstat-sysstat-10.1.5-no-interval-since-boot.txt")
		if len(ss) != 1 || len(ss[0].Samples) != 1 || ss[0].Samples[0].Excluded != parse.ExcludedSinceBoot {
			t.Fatalf("%+v", ss)
		}
	})
	t.Run("sysstat 9 %guest, line cut short", func(t *testing.T) {
		ss, errs := sysStats(t, sysstatDir+"mpstat-sysstat-9-P-ALL-2s-12h-guest-no-gnice-truncated-naarad-issue188.txt")
		want := []*parse.Error{{Source: "mpstat-sysstat-9-P-ALL-2s-12h-guest-no-gnice-truncated-naarad-issue188.txt", Line: 14,
			Message: "mpstat: CPU 10 has 3 values (expected 9, one per header column)"}}
		if !reflect.DeepEqual(errs, want) {
			t.Errorf("errors %v, want %v", errs, want)
		}
		s := ss[0]
		if s.Layout != sysstat.MpstatGuest || s.Command != "" || *s.CPUs != 10 || len(s.Samples) != 1 {
			t.Fatalf("layout %s cpus %v samples %d", s.Layout, *s.CPUs, len(s.Samples))
		}
		checkNear(t, "usr", s.Samples[0].User, 0.0688)
		checkNear(t, "gnice", s.Samples[0].GuestNice, math.NaN())
	})
	t.Run("real sysstat 12.6.1 -P ALL", func(t *testing.T) {
		ss, _ := sysStats(t, "../../testdata/real/mpstat-sysstat-12.6.1-P-ALL-1s-during-oltp_read_write-innodb-4thr-10s.txt")
		s := ss[0]
		if s.Command != "mpstat -P ALL 1 10" || *s.CPUs != 2 || len(s.Samples) != 11 || excludedCount(s) != 1 {
			t.Fatalf("%q cpus %v samples %d", s.Command, *s.CPUs, len(s.Samples))
		}
		// 18:04:04     all   72.50    0.00   21.50    0.00    0.00    6.00 ...
		checkNear(t, "usr", s.Samples[0].User, 0.725)
		checkNear(t, "sys", s.Samples[0].System, 0.215)
		checkNear(t, "soft", s.Samples[0].SoftIRQ, 0.06)
	})
}

func TestMpstatEdgeCases(t *testing.T) {
	// sysstat 8: %user and intr/s on the CPU line (columns as sysstat 8.1 prints them).
	in := "10:44:01 PM  CPU   %user   %nice    %sys %iowait    %irq   %soft  %steal   %idle    intr/s\n" +
		"10:44:03 PM  all    2.00    0.00    1.00    0.50    0.00    0.00    0.00   96.50   1043.50\n"
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 || ss[0].Layout != sysstat.MpstatUser {
		t.Fatalf("%v %v", ss, errs)
	}
	x := ss[0].Samples[0]
	checkNear(t, "user", x.User, 0.02)
	checkNear(t, "intr/s", x.InterruptsPS, 1043.5)
	checkNear(t, "duration", x.DurationS, 2)
	// Midnight between the header and the line.
	ss, _ = sysStatsText(t, "23:59:59     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"+
		"00:00:01     all    1.49   39.91    0.83    0.94    0.43    0.40    0.00    0.00    0.00   56.00\n")
	checkNear(t, "duration over midnight", ss[0].Samples[0].DurationS, 2)
}

func FuzzMpstat(f *testing.F) {
	sysFuzzSeeds(f, "mpstat")
	f.Fuzz(checkSysItems)
}
