package parse

import (
	"regexp"
	"strconv"
	"strings"
)

// A transactions line on its own ("    transactions:   2641   (44.01 per
// sec.)") is what `sysbench ... run | grep transactions:` leaves of a
// report, often once per iteration of a loop. It is a run with its
// transaction count and rate and nothing else: incomplete, and said so.

var txLineRE = regexp.MustCompile(`^transactions:\s+(\d+)\s+\(\s*(\d+(?:\.\d+)?) per sec\.\)$`)

type txLineBlock struct{}

func detectTxLine(l *Line, c *ctx) block {
	t := l.Text
	if len(t) < 13 || t[0] != 't' {
		return nil
	}
	m := txLineRE.FindStringSubmatch(t)
	if m == nil || !c.filtered() {
		return nil
	}
	n, err1 := strconv.ParseInt(m[1], 10, 64)
	ps, err2 := strconv.ParseFloat(m[2], 64)
	if err1 != nil || err2 != nil {
		return nil
	}
	r := c.newRun(ToolSysbench, l.No)
	r.SQL = &SQLStats{Transactions: i64ptr(n), TransactionsPS: fptr(ps)}
	r.TPS = fptr(ps)
	r.Warn(l.No, "only the transactions line of the report is shown (the output was filtered, e.g. by grep): no latency, no queries")
	c.emitRun(r)
	return txLineBlock{}
}

func (txLineBlock) feed(l *Line) status { return rejected }
func (txLineBlock) end(c *ctx)          {}

// filtered reports whether the command whose output comes next pipes it
// through a filter (grep, awk, sed, tail): only then is a transactions
// line on its own a run rather than a line quoted in prose.
func (c *ctx) filtered() bool {
	var raw string
	switch {
	case c.queue != nil:
		raw = c.queue.loopText
	case c.toolCmd != nil:
		raw = c.toolCmd.raw
	case c.lastRun != nil:
		raw = c.lastRun.raw
	}
	for _, f := range []string{"| grep", "|grep", "| egrep", "| awk", "|awk", "| sed", "| tail", "| head"} {
		if strings.Contains(raw, f) {
			return true
		}
	}
	return false
}
