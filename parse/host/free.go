package host

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// free output (FORMATS.md §7): a header naming the columns, then "Mem:"
// and "Swap:" rows, with "-/+ buffers/cache:", "Low:", "High:" and
// "Total:" rows in old procps and toybox.
//
// The unit is not printed, so it is decided in this order:
//  1. a suffix on the cell itself (-h: "5.7G", "424K", "1.9Gi", "0B"),
//     always a binary multiple unless --si was given;
//  2. the unit option of the free command line just above the header
//     (typed at a prompt, or a bare "free -m -s 3" line): -b, -k, -m, -g,
//     --tebi, ..., with --si or --kilo/--mega/... for powers of 1000;
//  3. bytes for toybox (OpenHarmony, Android), recognised by its layout: a
//     "buffers" column without "cached" and a "-/+ buffers/cache:" row
//     (busybox prints "-/+ buffers:"); the dispatcher strips the
//     "OHOS:/$" prompt, so the layout is what identifies it;
//  4. otherwise KiB, the procps and busybox default, unless the Mem total
//     is below 1024: less than 1 MiB of memory is not a machine free runs
//     on, so such a paste is free -g output whose command line was not
//     copied (GiB is the unit where small totals are common; a free -m
//     paste of a sub-GiB machine without its command line is misread).
//
// free -s N repeats the block; blank lines between blocks are tolerated
// and the last complete block (one with Mem and Swap rows) gives the Host.
// MemAvailableBytes is the "available" column, else the free column of the
// "-/+ buffers/cache:" row, else free + buffers + cached of old procps.

// freeColumns are the words of a free header.
var freeColumns = map[string]bool{"total": true, "used": true, "free": true, "shared": true,
	"buffers": true, "cached": true, "buff/cache": true, "cache": true, "available": true}

type freeSnap struct {
	header   int
	cols     []string
	mem      []string
	memLine  int
	swap     []string
	swapLine int
	plus     []string // "-/+ buffers/cache:" used, free
	plusLine int
	plusWide bool // the row says "buffers/cache" (procps, toybox), not "buffers" (busybox)
}

type freeBlock struct {
	c      model.Sink
	snaps  []*freeSnap
	pow    int // exponent of the unit option, -1 when none
	si     bool
	tera   bool // "-t" given: tera for toybox, --total for procps
	errs   []lineErr
	line   int
	hasCmd bool
}

// freeHeader returns the columns of a free header line, or nil.
func freeHeader(text string) []string {
	if !strings.HasPrefix(text, "total") {
		return nil
	}
	f := strings.Fields(text)
	if len(f) < 3 || f[0] != "total" {
		return nil
	}
	used, free := false, false
	for _, w := range f {
		if !freeColumns[w] {
			return nil
		}
		used = used || w == "used"
		free = free || w == "free"
	}
	if !used || !free {
		return nil
	}
	return f
}

// DetectFree starts at a free header ("total used free shared ...").
func DetectFree(l *model.Line, c model.Sink) model.Block {
	cols := freeHeader(l.Text)
	if cols == nil {
		return nil
	}
	b := &freeBlock{c: c, line: l.No, pow: -1}
	if cmd, ok := c.Command(); ok && cmd.Tool == "free" && l.No-cmd.Line <= 3 {
		b.options(scan.SplitArgs(cmd.Raw))
		c.TakeCommand(l.No)
	} else {
		// A command written without a prompt ("free -m -s 3") is a heading.
		hs := c.Headings()
		for i := len(hs) - 1; i >= 0; i-- {
			hd := hs[i]
			if l.No-hd.No > 3 {
				break
			}
			if args := scan.SplitArgs(hd.Text); len(args) > 0 && path.Base(args[0]) == "free" {
				b.options(args)
				break
			}
		}
	}
	b.snaps = append(b.snaps, &freeSnap{header: l.No, cols: cols})
	return b
}

// freeUnitOptions are free's long unit options: the power of 1024 (or
// of 1000, si) its figures are printed in.
var freeUnitOptions = map[string]struct {
	pow int
	si  bool
}{
	"--bytes": {0, false}, "--kibi": {1, false}, "--mebi": {2, false}, "--gibi": {3, false},
	"--tebi": {4, false}, "--pebi": {5, false},
	"--kilo": {1, true}, "--mega": {2, true}, "--giga": {3, true}, "--tera": {4, true}, "--peta": {5, true},
}

// options reads the unit options of a free command line.
func (b *freeBlock) options(args []string) {
	b.hasCmd = true
	start := 0
	for start < len(args) && path.Base(args[start]) != "free" {
		start++
	}
	for i := start + 1; i < len(args); i++ {
		a := args[i]
		if u, ok := freeUnitOptions[a]; ok {
			b.pow = u.pow
			b.si = b.si || u.si
			continue
		}
		switch a {
		case "|", ">", ">>", "&&", ";", "2>&1":
			i = len(args)
			continue
		case "--si":
			b.si = true
		case "-s", "-c", "--seconds", "--count":
			i++ // its value
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") {
			for _, ch := range a[1:] {
				switch ch {
				case 'b':
					b.pow = 0
				case 'k':
					b.pow = 1
				case 'm':
					b.pow = 2
				case 'g':
					b.pow = 3
				case 't':
					b.tera = true
				}
				if ch == 's' || ch == 'c' {
					break // the rest is the interval or count
				}
			}
		}
	}
}

func (b *freeBlock) cur() *freeSnap { return b.snaps[len(b.snaps)-1] }

func (b *freeBlock) Feed(l *model.Line) model.Status {
	if l.Text == "" {
		return model.Skipped // between the blocks of free -s
	}
	if l.Prompt != "" {
		return model.Rejected
	}
	if cols := freeHeader(l.Text); cols != nil {
		b.snaps = append(b.snaps, &freeSnap{header: l.No, cols: cols})
		return model.Consumed
	}
	f := strings.Fields(l.Text)
	s := b.cur()
	switch {
	case f[0] == "Mem:":
		if s.mem != nil {
			return model.Rejected
		}
		s.mem, s.memLine = f[1:], l.No
		if len(s.mem) != len(s.cols) {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("free: Mem row has %d values (expected %d, one per header column)", len(s.mem), len(s.cols))})
		}
		return model.Consumed
	case f[0] == "Swap:":
		s.swap, s.swapLine = f[1:], l.No
		return model.Consumed
	case f[0] == "-/+" && len(f) >= 2 && strings.HasPrefix(f[1], "buffers"):
		s.plus, s.plusLine = f[2:], l.No
		s.plusWide = f[1] == "buffers/cache:"
		if len(s.plus) != 2 {
			b.errs = append(b.errs, lineErr{l.No, fmt.Sprintf("free: -/+ buffers/cache row has %d values (expected used and free)", len(s.plus))})
		}
		return model.Consumed
	case f[0] == "Low:" || f[0] == "High:" || f[0] == "Total:":
		return model.Consumed
	}
	return model.Rejected
}

func (s *freeSnap) col(name string) int {
	for i, c := range s.cols {
		if c == name {
			return i
		}
	}
	return -1
}

func (s *freeSnap) toybox() bool {
	return s.col("buffers") >= 0 && s.col("cached") < 0 && s.col("buff/cache") < 0 && s.col("cache") < 0 &&
		s.plus != nil && s.plusWide
}

func (b *freeBlock) End(c model.Sink) {
	var s *freeSnap
	for i := len(b.snaps) - 1; i >= 0; i-- {
		if b.snaps[i].mem != nil && b.snaps[i].swap != nil {
			s = b.snaps[i]
			break
		}
	}
	if s == nil {
		for i := len(b.snaps) - 1; i >= 0; i-- {
			if b.snaps[i].mem != nil {
				s = b.snaps[i]
				break
			}
		}
	}
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	if s == nil {
		c.Errorf(b.line, "free: header without a Mem row (expected \"Mem:\" and \"Swap:\" rows)")
		return
	}
	// The unit of cells without a suffix.
	base := 1024.0
	if b.si {
		base = 1000
	}
	unit := 1024.0
	switch {
	case b.pow >= 0:
		unit = math.Pow(base, float64(b.pow))
	case s.toybox() && b.tera:
		unit = math.Pow(base, 4)
	case s.toybox():
		unit = 1
	case b.si:
		unit = 1000
	}
	if b.pow < 0 && !s.toybox() && unit == 1024 && tooSmallForKiB(s) {
		unit = 1 << 30 // free -g with its command line cut off
	}
	h := &model.Host{Source: c.Source(), Line: s.header, Captures: []string{"free"}, Name: hostName(c, b.line)}
	cell := func(row []string, i, line int, what string) *int64 {
		if i < 0 || i >= len(row) {
			return nil
		}
		v, ok := freeCell(row[i], unit, base)
		if !ok {
			c.Errorf(line, "free: %s %q (expected a number, with a unit suffix under -h)", what, row[i])
			return nil
		}
		return int64Ptr(v)
	}
	h.MemTotalBytes = cell(s.mem, s.col("total"), s.memLine, "Mem total")
	switch {
	case s.col("available") >= 0:
		h.MemAvailableBytes = cell(s.mem, s.col("available"), s.memLine, "Mem available")
	case len(s.plus) == 2:
		h.MemAvailableBytes = cell(s.plus, 1, s.plusLine, "-/+ buffers/cache free")
	case s.col("buffers") >= 0 && s.col("cached") >= 0:
		fr := cell(s.mem, s.col("free"), s.memLine, "Mem free")
		bu := cell(s.mem, s.col("buffers"), s.memLine, "Mem buffers")
		ca := cell(s.mem, s.col("cached"), s.memLine, "Mem cached")
		if fr != nil && bu != nil && ca != nil {
			h.MemAvailableBytes = int64Ptr(*fr + *bu + *ca)
		}
	}
	if s.swap != nil {
		h.SwapTotalBytes = cell(s.swap, 0, s.swapLine, "Swap total")
	}
	c.Add(h)
}

// freeCell converts one cell to bytes: a plain number is in unit, a
// suffixed one (-h) in its own unit (B, K/Ki, M/Mi, ...; base 1024, or
// 1000 with --si). A decimal comma is accepted.
func freeCell(s string, unit, base float64) (int64, bool) {
	f, suf, ok := scan.SizePrefix(s)
	if !ok {
		return 0, false
	}
	if suf != "" {
		if strings.HasSuffix(suf, "i") {
			suf = strings.TrimSuffix(suf, "i")
			base = 1024
		}
		p := strings.Index("BKMGTPE", suf)
		if len(suf) != 1 || p < 0 {
			return 0, false
		}
		unit = math.Pow(base, float64(p))
	}
	v := math.Round(f * unit)
	if v < 0 || v >= math.MaxInt64 {
		return 0, false
	}
	return int64(v), true
}

// tooSmallForKiB reports a Mem total printed without a suffix that is
// below 1024.
func tooSmallForKiB(s *freeSnap) bool {
	i := s.col("total")
	if i < 0 || i >= len(s.mem) {
		return false
	}
	v, err := scan.Num(s.mem[i])
	return err == nil && v < 1024
}
