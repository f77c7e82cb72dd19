package parse

import (
	"strings"
)

// /proc/meminfo: "MemTotal:       16269468 kB" lines ("kB" is KiB), and a
// few counts without a unit (HugePages_Total). MemTotal, MemAvailable and
// SwapTotal fill the Host; the other lines are read and left.

type meminfoBlock struct {
	h    *Host
	errs []lineErr
}

// detectMeminfo starts at a "MemTotal: N kB" line.
func detectMeminfo(l *Line, c *ctx) block {
	if !strings.HasPrefix(l.Text, "MemTotal:") || !strings.HasSuffix(l.Text, "kB") {
		return nil
	}
	b := &meminfoBlock{h: &Host{Source: c.name, Line: l.No, Captures: []string{"meminfo"}, Name: hostName(c, l.No)}}
	if c.command != nil && l.No-c.cmdLine <= 2 && (c.command.Tool == "cat" || c.command.Tool == "grep" || c.command.Tool == "head") {
		c.takeCommand(l.No)
	}
	if b.feed(l) != consumed {
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
	n, err := atoiStrict(f[0])
	if err != nil || n < 0 || int64(n) > (1<<62)/mult {
		return k, 0, mult == 1024, mult == 1024
	}
	return k, int64(n) * mult, true, false
}

func (b *meminfoBlock) feed(l *Line) status {
	if l.Prompt != "" {
		return rejected
	}
	key, v, ok, bad := meminfoLine(l.Text)
	if bad {
		b.errs = append(b.errs, lineErr{l.No, "meminfo: " + key + ": bad value (expected a whole number of kB)"})
		return consumed
	}
	if !ok {
		return rejected
	}
	switch key {
	case "MemTotal":
		if b.h.MemTotalBytes != nil {
			return rejected // the next capture
		}
		b.h.MemTotalBytes = i64ptr(v)
	case "MemAvailable":
		b.h.MemAvailableBytes = i64ptr(v)
	case "SwapTotal":
		b.h.SwapTotalBytes = i64ptr(v)
	}
	return consumed
}

func (b *meminfoBlock) end(c *ctx) {
	for _, e := range b.errs {
		c.errorf(e.line, "%s", e.msg)
	}
	c.add(b.h)
}
