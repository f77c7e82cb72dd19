package sysstat_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/internal/fixture"
	"github.com/sbreport/sbreport/parse/sysstat"
)

const sysstatDir = "../../testdata/public/sysstat/"

// sysStats parses a fixture and returns its system-statistics captures
// and errors.
func sysStats(t *testing.T, path string) ([]*parse.SysStat, []*parse.Error) {
	t.Helper()
	d := parseFile(t, path)
	return d.SysStats, d.Errors
}

func sysStatsText(t *testing.T, in string) ([]*parse.SysStat, []*parse.Error) {
	t.Helper()
	d, err := parse.All(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	return d.SysStats, d.Errors
}

// near compares floats, NaN equal to NaN.
func near(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))
}

func checkNear(t *testing.T, what string, got, want float64) {
	t.Helper()
	if !near(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func excludedCount(s *parse.SysStat) int {
	n := 0
	for _, x := range s.Samples {
		if x.Excluded != "" {
			n++
		}
	}
	return n
}

func TestVmstatFixtures(t *testing.T) {
	t.Run("procps-ng 3.3 -S m beside mysqlslap", func(t *testing.T) {
		ss, errs := sysStats(t, sysstatDir+"vmstat-procps-ng-3.3.10-S-m-1s-prompt-beside-mysqlslap.txt")
		if len(ss) != 1 || len(errs) != 0 {
			t.Fatalf("%d captures, errors %v; want 1, none", len(ss), errs)
		}
		s := ss[0]
		if s.Tool != parse.ToolVmstat || s.Layout != sysstat.VmstatSteal || s.Command != "vmstat -S m 1" || s.Line != 3 || s.EndLine != 47 {
			t.Errorf("got %s %s %q lines %d-%d", s.Tool, s.Layout, s.Command, s.Line, s.EndLine)
		}
		if len(s.Samples) != 43 || s.Samples[0].Excluded != parse.ExcludedSinceBoot || excludedCount(s) != 1 {
			t.Fatalf("%d samples, %d excluded (first %q); want 43, 1 (the first, since boot)", len(s.Samples), excludedCount(s), s.Samples[0].Excluded)
		}
		// line 8: "10  0      0  11777      2   2695    0    0     0     0 3160 31951 18 24 58  0  0"
		x := s.Samples[3]
		if x.Line != 8 {
			t.Fatalf("sample 3 at line %d, want 8", x.Line)
		}
		checkNear(t, "us", x.User, 0.18)
		checkNear(t, "sy", x.System, 0.24)
		checkNear(t, "id", x.Idle, 0.58)
		checkNear(t, "in", x.InterruptsPS, 3160)
		checkNear(t, "cs", x.CtxSwitchesPS, 31951)
		checkNear(t, "bi", x.ReadBytesPS, 0)
		checkNear(t, "interval", x.DurationS, 1)
		checkNear(t, "nice", x.Nice, math.NaN()) // vmstat's us includes nice
	})
	t.Run("repeated header is the same run", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"vmstat-procps-ng-3.3.12-1s-repeated-header.txt")
		if len(ss) != 1 || len(ss[0].Samples) != 37 || excludedCount(ss[0]) != 1 {
			t.Fatalf("got %d captures; want 1 with 37 samples, 1 excluded", len(ss))
		}
		for _, x := range ss[0].Samples {
			if x.Line == 38 && x.Excluded != "" {
				t.Errorf("line 38 (after the repeated header) excluded: %q", x.Excluded)
			}
		}
	})
	t.Run("-a -t time stamps", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"vmstat-procps-ng-3.3.10-a-t-5s-timestamps-pdt.txt")
		s := ss[0]
		if s.Zone != "PDT" || len(s.Samples) != 4 || s.IntervalS == nil || *s.IntervalS != 5 {
			t.Fatalf("zone %q, %d samples, interval %v; want PDT, 4, 5", s.Zone, len(s.Samples), s.IntervalS)
		}
		x := s.Samples[1]
		if x.Clock != "2021-09-16 20:33:18" {
			t.Errorf("clock %q", x.Clock)
		}
		checkNear(t, "T", x.T, 1631824398)
		checkNear(t, "duration", x.DurationS, 5)
		checkNear(t, "id", x.Idle, 1)
		checkNear(t, "cs", x.CtxSwitchesPS, 84)
	})
	t.Run("procps 3.2 without st", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"vmstat-procps-3.2-no-st-a-then-default-sensu-pr22.txt")
		if len(ss) != 2 {
			t.Fatalf("%d captures, want 2 (vmstat -a, then vmstat)", len(ss))
		}
		for _, s := range ss {
			x := s.Samples[0]
			if s.Layout != sysstat.VmstatNoSteal || x.Excluded != parse.ExcludedSinceBoot {
				t.Errorf("layout %s, first %q", s.Layout, x.Excluded)
			}
			checkNear(t, "us", x.User, 0.47)
			checkNear(t, "wa", x.IOWait, 0.01)
			checkNear(t, "st", x.Steal, math.NaN())
		}
	})
	t.Run("procps-ng 4 gu", func(t *testing.T) {
		ss, _ := sysStats(t, sysstatDir+"vmstat-procps-ng-4.0.5-gu-column-uutils-issue379.txt")
		if len(ss) != 1 || ss[0].Layout != sysstat.VmstatGuest || ss[0].Command != "vmstat" {
			t.Fatalf("got %v", ss)
		}
		checkNear(t, "gu", ss[0].Samples[0].Guest, 0)
		checkNear(t, "bi", ss[0].Samples[0].ReadBytesPS, 499*1024)
	})
}

func TestVmstatEdgeCases(t *testing.T) {
	// procps-ng 4 -y: no since-boot line (lines from the real capture).
	in := "$ vmstat -y 1 2\n" +
		"procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n" +
		" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n" +
		"17  0      0 21108704  30924 2734952    0    0 25040  3136 7312 27363 73 27  0  0  0\n" +
		"18  0      0 21108704  30924 2734952    0    0 46700  2756 3283 18678 80 21  0  0  0\n"
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 || excludedCount(ss[0]) != 0 || len(ss[0].Samples) != 2 {
		t.Fatalf("-y: %v %v", ss, errs)
	}
	// A malformed value is a syntax error naming the line; the rest is read.
	in = strings.Replace(in, "46700", "46x00", 1)
	ss, errs = sysStatsText(t, in)
	want := []*parse.Error{{Source: "in", Line: 5, Message: `vmstat: bi: bad value "46x00" (expected a number)`}}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors %v, want %v", errs, want)
	}
	if len(ss) != 1 || len(ss[0].Samples) != 1 {
		t.Errorf("want the good line kept")
	}
	// A header alone is reported.
	_, errs = sysStatsText(t, " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n")
	if len(errs) < 1 || errs[0].Line != 1 || !strings.Contains(errs[0].Message, "header without lines") {
		t.Errorf("header alone: %v", errs)
	}
}

// sysFuzzSeeds adds every fixture whose name starts with one of prefixes.
func sysFuzzSeeds(f *testing.F, prefixes ...string) {
	for _, dir := range []string{sysstatDir, "../../testdata/real/"} {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			for _, p := range prefixes {
				if strings.HasPrefix(e.Name(), p) {
					if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
						f.Add(b)
					}
				}
			}
		}
	}
}

// checkSysItems parses data and checks the invariants of every capture:
// it marshals, lines lie inside the input and in order, values are finite
// or NaN, shares lie in [0, 1.5] (rounded percentages may sum past 100),
// and nothing is negative but a counter that went backwards.
func checkSysItems(t *testing.T, data []byte) {
	lines := bytes.Count(data, []byte{'\n'}) + 1
	err := parse.Stream(bytes.NewReader(data), "fuzz", func(it parse.Item) {
		if _, err := json.Marshal(it); err != nil {
			t.Fatalf("%T does not marshal: %v", it, err)
		}
		s, ok := it.(*parse.SysStat)
		if !ok {
			return
		}
		if s.Line < 1 || s.EndLine < s.Line || s.EndLine > lines {
			t.Fatalf("capture lines %d-%d outside 1-%d", s.Line, s.EndLine, lines)
		}
		prev := 0
		for _, x := range s.Samples {
			if x.Line < s.Line || x.Line > s.EndLine || x.Line < prev || x.EndLine < x.Line {
				t.Fatalf("sample lines %d-%d outside %d-%d or out of order", x.Line, x.EndLine, s.Line, s.EndLine)
			}
			prev = x.Line
			for _, v := range []float64{x.User, x.Nice, x.System, x.IOWait, x.IRQ, x.SoftIRQ, x.Steal, x.Guest, x.GuestNice, x.Idle} {
				if math.IsInf(v, 0) {
					t.Fatalf("infinite share at line %d", x.Line)
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func FuzzVmstat(f *testing.F) {
	sysFuzzSeeds(f, "vmstat")
	f.Fuzz(checkSysItems)
}

var parseFile = fixture.File

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, wl, gl)
		}
	}
	return "(no difference)"
}

// TestVmstatLayoutChangeWarned: a header repeated after a line belongs to
// the same run of vmstat; one that names other CPU columns (procps-ng
// 3.3.12's "... wa st" header and lines, then procps-ng 4.0.5's "... wa st
// gu" header and its first line, both from the captures under
// testdata/public/sysstat) keeps both readings and says where the
// columns changed.
func TestVmstatLayoutChangeWarned(t *testing.T) {
	in := "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n" +
		" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n" +
		" 0  0    524 763388 147216 819640    0    0   288   108  195 2509  4  3 93  0  0\n" +
		" 0  0    524 763388 147216 819640    0    0     0     0   57   96  0  1 99  0  0\n" +
		" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st gu\n" +
		" 4  0      0 11151708 61044 1767400  0    0   499    74 1401    2  1  0 99  0  0  0\n"
	ss, errs := sysStatsText(t, in)
	if len(ss) != 1 || len(errs) != 0 {
		t.Fatalf("%d captures, errors %v; want one capture, no error", len(ss), errs)
	}
	s := ss[0]
	if s.Layout != "procps-st-gu" || len(s.Samples) != 3 {
		t.Errorf("layout %q, %d samples; want %q and 3", s.Layout, len(s.Samples), "procps-st-gu")
	}
	want := "vmstat: header changes the columns from procps-st to procps-st-gu"
	if !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
		t.Errorf("warnings %q; want one saying %q", s.Warnings, want)
	}
}
