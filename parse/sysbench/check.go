package sysbench

import (
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/scan"
)

// negativeNumber reports whether val holds a number with a minus sign at
// the start of a token: "-5", "100  (-2.00 per sec.)", "8.0/-1".
func negativeNumber(val string) bool {
	for i := 0; i+1 < len(val); i++ {
		if val[i] == '-' && scan.IsDigit(val[i+1]) && (i == 0 || strings.IndexByte(" \t(/", val[i-1]) >= 0) {
			return true
		}
	}
	return false
}

// refuseNegative warns and returns true when a value line of the
// cumulative report holds a negative number.
func (b *Block) refuseNegative(l *Line, label, val string) bool {
	if !negativeNumber(val) {
		return false
	}
	b.r.Warn(l.No, "sysbench "+label+": impossible negative value "+strconv.Quote(strings.TrimSpace(val))+
		" (counts, rates and times are never negative); left absent")
	return true
}

// checkHeadline makes a run that read its report to the end incomplete,
// with a warning, when the line its result rests on is missing or was
// refused: "transactions:" in an OLTP statistics block, "events per
// second:" under CPU speed, "events/s (eps):", the fileio rates, the
// memory operations; for any other test some rate or "total time:" with
// "total number of events:" to derive one.
func (b *Block) checkHeadline() {
	r := b.r
	if !*r.Complete {
		return
	}
	missing := ""
	switch {
	case b.has(MarkSQL):
		if *r.SQL == nil || (*r.SQL).TransactionsPS == nil {
			missing = `"transactions:"`
		}
	case b.has(MarkCPU):
		if *r.CPUSpeedEPS == nil {
			missing = `"events per second:"`
		}
	case b.has(MarkEPS) && *r.FileIO == nil && *r.Memory == nil:
		if *r.EPS == nil {
			missing = `"events/s (eps):"`
		}
	case b.has(MarkFileOps):
		if f := *r.FileIO; f == nil || f.ReadsPS == nil && f.WritesPS == nil && f.FsyncsPS == nil {
			missing = `"reads/s:", "writes/s:" or "fsyncs/s:"`
		}
	case b.has(MarkMemory):
		if m := *r.Memory; m == nil || m.OpsPS == nil && m.TransferMiBs == nil {
			missing = `"Total operations:" or "MiB transferred"`
		}
	case *r.TPS == nil && *r.QPS == nil && *r.EPS == nil && *r.FileIO == nil && *r.Memory == nil:
		missing = `a rate, or "total time:" and "total number of events:"`
	}
	if missing != "" {
		*r.Complete = false
		r.Warn(0, "run incomplete: its result line "+missing+" is missing or unreadable")
	}
}

// threadsPrefix splits "16 transactions" into 16 and "transactions"
// when the rest is a field label; ok is false otherwise.
func threadsPrefix(label string) (n int, field string, ok bool) {
	i := strings.IndexByte(label, ' ')
	if i <= 0 || i > 5 {
		return 0, "", false
	}
	v, err := scan.Atoi(label[:i])
	if err != nil || v <= 0 {
		return 0, "", false
	}
	field = strings.TrimSpace(label[i+1:])
	if !fieldLabel(field) {
		return 0, "", false
	}
	return v, field, true
}
