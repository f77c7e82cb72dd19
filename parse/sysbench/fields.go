package sysbench

import (
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// The readers of single lines and values of sysbench's output that need
// nothing of the run they belong to: the banner, a "label: value" line,
// a percentile's rank, a --histogram row, 0.4's byte sizes, counts and
// their "(N per sec.)" rates.

// IsBanner recognises "sysbench 1.0.20 (using ...)", "sysbench 0.4.12:  multi-...",
// "sysbench v0.4.8:" and "sysbench 1.1.0-ead2689".
func IsBanner(t string) bool {
	_, ok := Banner(t)
	return ok
}

func Banner(t string) (string, bool) {
	if !strings.HasPrefix(t, "sysbench ") {
		return "", false
	}
	rest := strings.TrimLeft(t[len("sysbench "):], " ")
	tok := rest
	after := ""
	if i := strings.IndexByte(rest, ' '); i >= 0 {
		tok, after = rest[:i], strings.TrimSpace(rest[i:])
	}
	colon := strings.HasSuffix(tok, ":")
	tok = strings.TrimSuffix(tok, ":")
	v := strings.TrimPrefix(tok, "v")
	if v == "" || v[0] < '0' || v[0] > '9' || !strings.Contains(v, ".") {
		return "", false
	}
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if !(ch >= '0' && ch <= '9' || ch == '.' || ch == '-' || ch >= 'a' && ch <= 'z') {
			return "", false
		}
	}
	if after != "" && !strings.HasPrefix(after, "(") && !strings.HasPrefix(after, "multi") {
		return "", false
	}
	if after == "" && !colon && strings.Count(v, ".") < 1 {
		return "", false
	}
	return v, true
}

// CutLabel splits "label:  value" at the first colon.
func CutLabel(t string) (label, val string, ok bool) {
	i := strings.IndexByte(t, ':')
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimRight(t[:i], " \t"), t[i+1:], true
}

// PercentileRank reads the rank of "95th percentile", "approx.  95 percentile",
// "99.9th percentile".
func PercentileRank(label string) (string, bool) {
	if !strings.HasSuffix(label, "percentile") {
		return "", false
	}
	s := strings.TrimSpace(strings.TrimSuffix(label, "percentile"))
	if strings.HasPrefix(s, "approx.") {
		s = strings.TrimSpace(s[len("approx."):])
	} else if strings.HasSuffix(s, "th") {
		s = strings.TrimSpace(strings.TrimSuffix(s, "th"))
	} else {
		return "", false
	}
	if _, err := scan.Num(s); err != nil || s[0] == '-' || s[0] == '+' {
		return "", false
	}
	return s, true
}

// IsHistogramRow matches "       0.009 |************      1526".
func IsHistogramRow(t string) bool {
	_, _, ok := HistogramRow(t)
	return ok
}

// HistogramRow parses a --histogram row; cut is true when the row ends
// before its count (input cut short).
func HistogramRow(t string) (b model.Bucket, cut bool, ok bool) {
	i := strings.IndexByte(t, '|')
	if i <= 0 {
		return b, false, false
	}
	v, err := scan.Num(strings.TrimSpace(t[:i]))
	if err != nil || v < 0 {
		return b, false, false
	}
	j := i + 1
	for j < len(t) && t[j] == '*' {
		j++
	}
	if j == len(t) {
		return model.Bucket{ValueMs: v}, true, true
	}
	if t[j] != ' ' {
		return b, false, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t[j:]), 10, 64)
	if err != nil || n < 0 {
		return b, false, false
	}
	return model.Bucket{ValueMs: v, Count: n}, false, true
}

// ByteSize reads a 0.4 fileio size such as "9.8451Gb" or "0b" (binary
// multiples, FORMATS.md §3.4) and returns bytes.
func ByteSize(s string) (float64, bool) {
	v, rest, ok := scan.LeadingNum(s)
	if !ok {
		return 0, false
	}
	switch {
	case math.Abs(v) > 1e200:
		return 0, false
	case strings.HasPrefix(rest, "Tb"):
		return v * (1 << 40), true
	case strings.HasPrefix(rest, "Gb"):
		return v * (1 << 30), true
	case strings.HasPrefix(rest, "Mb"):
		return v * (1 << 20), true
	case strings.HasPrefix(rest, "Kb"):
		return v * (1 << 10), true
	case strings.HasPrefix(rest, "b"):
		return v, true
	}
	return 0, false
}

// LeadingInt reads the leading integer of s ("212131", "-12", "41229  --注释").
func LeadingInt(s string) (int64, bool) {
	s = strings.TrimLeft(s, " \t")
	j := 0
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 0 || j < len(s) && s[j] == '.' || !scan.NumEnds(s[j:]) {
		return 0, false
	}
	n, err := strconv.ParseInt(s[:j], 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

// PerSec reads the "(845.49 per sec.)" part of a count line.
func PerSec(s string) (float64, bool) {
	i := strings.IndexByte(s, '(')
	if i < 0 {
		return 0, false
	}
	v, rest, ok := scan.LeadingNum(s[i+1:])
	if !ok || !strings.HasPrefix(strings.TrimLeft(rest, " "), "per sec") {
		return 0, false
	}
	return v, true
}

// FairnessThreads is the thread count a fairness block implies: the
// total events over the average a thread, when that is a whole number
// (within 0.01) of at least one.
func FairnessThreads(events, avg float64) (int, bool) {
	if avg <= 0 {
		return 0, false
	}
	ratio := events / avg
	n := math.Round(ratio)
	return int(n), n >= 1 && math.Abs(ratio-n) < 0.01
}
