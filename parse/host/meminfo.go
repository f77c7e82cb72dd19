package host

import (
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// /proc/meminfo: "MemTotal:       16269468 kB" lines ("kB" is KiB), and a
// few counts without a unit (HugePages_Total). MemTotal, MemAvailable and
// SwapTotal fill the Host; the other lines are read and left.

type meminfoBlock struct {
	h    *model.Host
	errs []lineErr
}

// DetectMeminfo starts at a "MemTotal: N kB" line.
func DetectMeminfo(l *model.Line, c model.Sink) model.Block {
	if !strings.HasPrefix(l.Text, "MemTotal:") || !strings.HasSuffix(l.Text, "kB") {
		return nil
	}
	b := &meminfoBlock{h: &model.Host{Source: c.Source(), Line: l.No, Captures: []string{"meminfo"}, Name: hostName(c, l.No)}}
	if typed(c, "cat", l.No, 2) || typed(c, "grep", l.No, 2) || typed(c, "head", l.No, 2) {
		c.TakeCommand(l.No)
	}
	if b.Feed(l) != model.Consumed {
		return nil
	}
	return b
}

// meminfoLine splits "Key: N kB" into its key and value in bytes. ok is
// false when the line is not shaped like a meminfo line; bad is set when
// it is, but its number is not one.
func meminfoLine(text string) (key string, v int64, ok, bad bool) {
	k, rest, found := strings.Cut(text, ":")
	if !found || k == "" || len(k) > 40 {
		return "", 0, false, false
	}
	for i := 0; i < len(k); i++ {
		ch := k[i]
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '_' || ch == '(' || ch == ')') {
			return "", 0, false, false
		}
	}
	f := strings.Fields(rest)
	mult := int64(1)
	switch {
	case len(f) == 2 && f[1] == "kB":
		mult = 1024
	case len(f) == 1:
	default:
		return "", 0, false, false
	}
	n, err := scan.Atoi(f[0])
	if err != nil || n < 0 || int64(n) > (1<<62)/mult {
		return k, 0, mult == 1024, mult == 1024
	}
	return k, int64(n) * mult, true, false
}

func (b *meminfoBlock) Feed(l *model.Line) model.Status {
	if l.Prompt != "" {
		return model.Rejected
	}
	key, v, ok, bad := meminfoLine(l.Text)
	if bad {
		b.errs = append(b.errs, lineErr{l.No, "meminfo: " + key + ": bad value (expected a whole number of kB)"})
		return model.Consumed
	}
	if !ok {
		return model.Rejected
	}
	switch key {
	case "MemTotal":
		if b.h.MemTotalBytes != nil {
			return model.Rejected // the next capture
		}
		b.h.MemTotalBytes = int64Ptr(v)
	case "MemAvailable":
		b.h.MemAvailableBytes = int64Ptr(v)
	case "SwapTotal":
		b.h.SwapTotalBytes = int64Ptr(v)
	}
	return model.Consumed
}

func (b *meminfoBlock) End(c model.Sink) {
	for _, e := range b.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	c.Add(b.h)
}
