package parse

import (
	"strings"
	"unicode"
)

// Outputs printed side by side. A mail comparing two kernels prints one
// sysbench report twice, in columns under a line naming them:
//
//	                                Without zcache        With zcache
//	OLTP test statistics:
//	    queries performed:
//	        read:                  2238446                   2402372(+7%)
//	    transactions:               159889(22.20 per sec.)    171598(23.83
//	per sec.) (+7%)
//	...
//
// The line reader gives such a block as the columns one after the other,
// each under a label line naming it ("Without zcache:") and with its own
// values, every line keeping the number of the line it was cut from, so
// that the grammar reads one run a column. A mail client's wrapping is
// undone first: a line that goes on with "per sec.)" or a value alone
// belongs to the line above, and a label whose values stand on the next
// line ("total time taken by event execution:") takes them. A ratio
// after a value ("(+7%)") is dropped. When any line of the block does not
// give one value a column, the block is given as it was printed.

// maxColumnLines bounds the lines of a block read as columns.
const maxColumnLines = 200

// sideColumnNames returns the names a line gives its columns: two or more,
// each with a letter, apart by two spaces or more, no colon (a label) in
// the line; prefix is the quote markers it begins with.
func sideColumnNames(s string) (prefix string, names []string) {
	prefix, rest := quotePrefix(s)
	t := strings.TrimSpace(rest)
	if t == "" || len(rest)-len(strings.TrimLeft(rest, " \t")) < 4 || strings.ContainsAny(t, ":|\t") {
		return "", nil
	}
	for _, f := range splitGaps(t) {
		if !strings.ContainsFunc(f, unicode.IsLetter) {
			return "", nil
		}
		names = append(names, f)
	}
	if len(names) < 2 || len(names) > 4 {
		return "", nil
	}
	return prefix, names
}

// quotePrefix splits the block quote markers off a line ("> ", "> > ").
func quotePrefix(s string) (prefix, rest string) {
	i := 0
	for i < len(s) && s[i] == '>' {
		i++
		if i < len(s) && s[i] == ' ' {
			i++
		}
	}
	return s[:i], s[i:]
}

// splitGaps splits s at runs of two spaces or more.
func splitGaps(s string) []string {
	var out []string
	for _, f := range strings.Split(s, "  ") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// reportOpening reports the first line of a sysbench report's block.
func reportOpening(t string) bool {
	switch strings.TrimSpace(t) {
	case "OLTP test statistics:", "SQL statistics:", "General statistics:", "Test execution summary:", "CPU speed:":
		return true
	}
	return false
}

// peek returns the line after the last one read, when the window holds
// it whole.
func (lr *lineReader) peek() (string, bool) {
	if len(lr.pending) > 0 || lr.winOff >= len(lr.win) {
		return "", false
	}
	rest := lr.win[lr.winOff:]
	i := strings.IndexByte(rest, '\n')
	if i < 0 {
		return "", false
	}
	return strings.TrimSuffix(rest[:i], "\r"), true
}

// columns reads the block under the column header s (line no) and queues
// its columns one after the other (see the top of this file); ok is false
// when s heads no such block, and nothing was read.
func (lr *lineReader) columns(no int, s string) (int, string, bool) {
	prefix, names := sideColumnNames(s)
	if names == nil {
		return 0, "", false
	}
	next, ok := lr.peek()
	if !ok || !strings.HasPrefix(next, prefix) || !reportOpening(next[len(prefix):]) {
		return 0, "", false
	}
	type logical struct {
		no         int
		raw        string // as printed, for a block given back
		indent     string
		label, val string
		colon      bool
	}
	var lines []logical
	var back []piece // the lines read, as printed
	var after []piece
	for len(back) < maxColumnLines {
		n2, s2, ok := lr.next0()
		if !ok {
			break
		}
		p, rest := quotePrefix(s2)
		t := strings.TrimSpace(rest)
		same := strings.TrimRight(p, " ") == strings.TrimRight(prefix, " ")
		if !same || t == "" {
			after = append(after, piece{n2, s2})
			if !same || !lr.reportGoesOn(prefix) {
				break
			}
			back = append(back, after...)
			after = after[:0]
			continue
		}
		back = append(back, piece{n2, s2})
		label, val, colon := strings.Cut(t, ":")
		switch {
		case !colon && len(lines) > 0 && (startsWithDigit(t) || strings.HasPrefix(t, "per sec")):
			// A wrapped line's end, or a label's values on the line below.
			last := &lines[len(lines)-1]
			sep := " "
			if startsWithDigit(t) {
				sep = "    "
			}
			last.val = strings.TrimRight(last.val, " ") + sep + t
			continue
		case !colon:
			back = back[:len(back)-1]
			after = append(after, piece{n2, s2})
		}
		if !colon {
			break
		}
		lines = append(lines, logical{no: n2, raw: s2, indent: rest[:len(rest)-len(strings.TrimLeft(rest, " \t"))], label: label, val: val, colon: true})
	}
	// Each line gives one value a column, or none (a block's heading).
	cols := make([][]piece, len(names))
	for i, name := range names {
		cols[i] = append(cols[i], piece{no, prefix + name + ":"})
	}
	// A block longer than any report is no side-by-side print of one.
	fits := len(lines) > 0 && len(back) < maxColumnLines
	for _, l := range lines {
		vals := columnValues(l.val)
		switch {
		case len(vals) == 0:
			for i := range cols {
				cols[i] = append(cols[i], piece{l.no, prefix + l.indent + l.label + ":"})
			}
		case len(vals) == len(names):
			for i := range cols {
				cols[i] = append(cols[i], piece{l.no, prefix + l.indent + l.label + ":  " + vals[i]})
			}
		default:
			fits = false
		}
	}
	var q []piece
	if fits {
		for i := range cols {
			q = append(q, cols[i]...)
			if i < len(cols)-1 {
				q = append(q, piece{cols[i][len(cols[i])-1].no, prefix})
			}
		}
	} else {
		q = append([]piece{{no, s}}, back...)
	}
	q = append(q, after...)
	lr.reflowed = append(q[1:], lr.reflowed...)
	lr.plain = false
	return q[0].no, q[0].s, true
}

// reportGoesOn reports, after a blank line inside a block read as
// columns, whether the next line is more of the report (a label line
// with the block's prefix) rather than the text after it.
func (lr *lineReader) reportGoesOn(prefix string) bool {
	next, ok := lr.peek()
	p, rest := quotePrefix(next)
	if !ok || strings.TrimRight(p, " ") != strings.TrimRight(prefix, " ") {
		return false
	}
	t := strings.TrimSpace(rest)
	return reportOpening(t) || strings.HasSuffix(t, ":") && len(t) < 40
}

// columnValues splits a line's values into columns at gaps of two spaces
// or more, without the ratios printed after them ("2402372(+7%)",
// "57.80ms (+38%)"); nil when the line has none.
func columnValues(val string) []string {
	var out []string
	for _, f := range splitGaps(val) {
		f = dropRatio(f)
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// dropRatio removes a trailing "(+7%)" or "(-3.5%)".
func dropRatio(f string) string {
	for {
		f = strings.TrimSpace(f)
		i := strings.LastIndexByte(f, '(')
		if i < 0 || !strings.HasSuffix(f, "%)") {
			return f
		}
		in := f[i+1 : len(f)-2]
		if in == "" || in[0] != '+' && in[0] != '-' || strings.Trim(in[1:], "0123456789.") != "" {
			return f
		}
		f = f[:i]
	}
}

func startsWithDigit(t string) bool { return t != "" && t[0] >= '0' && t[0] <= '9' }
