package sysstat

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestAppendFields checks appendFields against strings.Fields on the
// lines of an iostat report and on random lines of spaces, tabs, other
// white space, control bytes and non-ASCII text.
func TestAppendFields(t *testing.T) {
	lines := []string{
		"",
		"   ",
		"Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util",
		"sda              0,49    2,15     17,58     48,31     0,01     1,04   1,45  32,60    0,57    1,18   0,00    36,00    22,44   0,44   0,12",
		"\tavg-cpu:  %user   %nice %system %iowait  %steal   %idle\t",
	}
	pieces := []string{"a", "12.5", " ", "  ", "\t", "\v", "\r", "\x00", "\x01", "\u00a0", "\u3000", "é", "\xff", "%util"}
	r := rand.New(rand.NewSource(1))
	for range 2000 {
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	buf := []string{"left over"}
	for _, s := range lines {
		buf = appendFields(buf[:0], s)
		if want := strings.Fields(s); !slices.Equal(buf, want) {
			t.Fatalf("appendFields(%q) = %q, want %q", s, buf, want)
		}
	}
}
