// Package sysstat reads the system statistics kept beside benchmark
// output: vmstat (procps and busybox layouts, with -t time stamps), iostat
// and mpstat of the sysstat suite (the banner "Linux 6.1.0 (host)
// 01/02/2026 _x86_64_ (2 CPU)", the CPU and device reports of every
// release, time stamps in the locale's form, decimal commas), and series
// of /proc/stat and /proc/diskstats snapshots. Each capture becomes one
// model.SysStat of per-interval samples. /work/shared/FORMATS.md has no
// section on these tools; each layout is described where it is read
// (vmstat.go, iostat.go, mpstat.go, procstat.go), with the public
// captures it was checked on in testdata/public/SOURCES.md. The package
// reads lines given by parse through the contract of parse/model and
// imports neither parse nor any other reader.
package sysstat

import (
	"strings"

	"github.com/sbreport/sbreport/parse/model"
)

func intPtr(v int) *int           { return &v }
func floatPtr(v float64) *float64 { return &v }

// appendFields appends the fields of s, as strings.Fields splits them,
// to dst: a reader splitting many lines reuses one slice. A line of
// printable ASCII and tabs, as the tools print them, is split here on
// spaces and tabs; any other by strings.FieldsSeq.
func appendFields(dst []string, s string) []string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' && c != '\t') || c >= 0x7f {
			for f := range strings.FieldsSeq(s) {
				dst = append(dst, f)
			}
			return dst
		}
	}
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			dst = append(dst, s[i:j])
		}
		i = j
	}
	return dst
}

// layoutOf decides a header's layout from its CPU columns: base, raised
// to mid when the header has midCol and to top when it has topCol (the
// later column of the tool's releases wins: vmstat's st then gu,
// mpstat's %guest then %gnice).
func layoutOf(cols []string, base, midCol, mid, topCol, top string) string {
	layout := base
	for _, c := range cols {
		switch c {
		case midCol:
			if layout == base {
				layout = mid
			}
		case topCol:
			layout = top
		}
	}
	return layout
}

// setLayout gives s the layout a header decided, with a warning at line
// when an earlier header of the same capture decided another (what names
// the header in the warning: "vmstat: header").
func setLayout(s *model.SysStat, what, layout string, line int) {
	if s.Layout != "" && s.Layout != layout {
		s.Warn(line, what+" changes the columns from "+s.Layout+" to "+layout)
	}
	s.Layout = layout
}
