package sysbench

import (
	"errors"
	"math"
	"strconv"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// InterimKind says what a line starting with a timestamp bracket is.
type InterimKind int

const (
	InterimNone       InterimKind = iota // not an interim line
	InterimReport                        // a report line (also rate-mode "queue length" lines)
	InterimCheckpoint                    // "[ 10s ] Checkpoint report:"
)

// ParseInterim reads one interim report line (FORMATS.md §2.1 and §2.2).
// text is a normalised line (Line.Text); line is its number, stored in
// the Interval. Every shape sysbench 0.5 to 1.1 prints is accepted:
//
//	[  10s] threads: 16, tps: 4892.45, reads/s: 68507.32, writes/s: 19569.90 response time: 9.14ms (99%)
//	[   2s] threads: 32, tps: 1601.94, reads: 22603.16, writes: 90083.66, response time: 31.85ms (95%), errors: 0.00, reconnects:  0.00
//	[ 10s ] thds: 16 tps: 133.55 qps: 2686.42 (r/w/o: 1883.31/534.40/268.70) lat (ms,99%): 861.95 err/s: 0.00 reconn/s: 0.00
//	[ 1s ] thds: 1 eps: 2947.44 lat (ms,95%): 0.74
//	[ 5s ] reads: 1.78 MiB/s writes: 1.19 MiB/s fsyncs: 241.26/s latency (ms,95%): 9.560
//	[   5s] reads: 0.00 MB/s writes: 4.23 MB/s fsyncs: 54.00/s response time: 9.140ms (99%)
//	[ 1s ] 1962.01 MiB/sec
//	[ 1s ] queue length: 925 concurrency: 1
//	[ 10s ] Checkpoint report:
//
// The timestamp is "[", optional spaces, seconds (an integer or a decimal),
// "s", optional spaces, "]". A line without one ("[code]", "[ OK ]",
// "[1] 12345") is InterimNone with a nil error. A line with one whose
// fields do not read as a report gives an error naming what was expected;
// iv then holds the fields read before the fault. Values are kept as
// printed, unsigned-underflow garbage (≈1.8e19) included: judging them is
// the caller's job. MB in 0.5 fileio and memory lines is 2^20 bytes, so it
// is stored as MiB unchanged.
//
// The scanner is hand-written and does not allocate unless it fails: it
// runs on every line of interim-heavy logs.
func ParseInterim(text string, line int) (iv model.Interval, kind InterimKind, err error) {
	kind, err = ParseInterimInto(text, line, &iv)
	if kind == InterimNone && err == nil {
		return model.Interval{}, InterimNone, nil
	}
	return iv, kind, err
}

// ParseInterimInto is ParseInterim writing the interval into *iv, which
// it may change even when the line is not an interim line: interim lines
// are read into the slot they are kept in, without a copy.
func ParseInterimInto(text string, line int, iv *model.Interval) (InterimKind, error) {
	t, i, ok := scanTimestamp(text)
	if !ok {
		return InterimNone, nil
	}
	*iv = model.NewInterval(line, t)
	if commonInterim(text, i, iv) {
		return InterimReport, nil
	}
	var kind InterimKind
	var err error
	*iv, kind, err = interimFields(text, i, model.NewInterval(line, t))
	return kind, err
}

// commonInterim reads the report lines sysbench prints most, after the
// timestamp at text[i:], in one pass: each shape is its labels as
// constants with the numbers between them, read by scan.ScanNum as
// interimFields reads them. It reports false, iv partly filled, when the
// line is not exactly one of them (another spacing, a field more or
// less, a trailing note), for interimFields to read. A line it takes
// is one interimFields reads to the same values (TestCommonInterim,
// FuzzInterim):
//
//	thds: N tps: N qps: N (r/w/o: N/N/N) lat (ms,N%): N err/s: N reconn/s: N
//	thds: N eps: N lat (ms,N%): N
//	threads: N, tps: N, reads/s: N, writes/s: N response time: Nms (N%)
//	threads: N, tps: N, reads: N, writes: N, response time: Nms (N%), errors: N, reconnects:  N
//
// and the 0.5 lines with either reads/s or reads, writes/s or writes,
// with or without a comma before "response time", and with or without
// errors and reconnects.
func commonInterim(s string, i int, iv *model.Interval) bool {
	var j int
	var ok bool
	switch {
	case hasPrefixAt(s, i, " thds: "):
		if iv.Threads, j, ok = scan.ScanNum(s, i+len(" thds: ")); !ok || !hasPrefixAt(s, j, " ") {
			return false
		}
		i = j + len(" ")
		if hasPrefixAt(s, i, "eps: ") {
			if iv.EPS, j, ok = scan.ScanNum(s, i+len("eps: ")); !ok || !hasPrefixAt2(s, j, " lat (ms", ",") {
				return false
			}
			i = j + len(" lat (ms,")
			if iv.LatPct, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "%): ") {
				return false
			}
			i = j + len("%): ")
			iv.LatMs, ok = numEnd(s, i)
			return ok
		}
		if !hasPrefixAt(s, i, "tps: ") {
			return false
		}
		if iv.TPS, j, ok = scan.ScanNum(s, i+len("tps: ")); !ok || !hasPrefixAt(s, j, " qps: ") {
			return false
		}
		i = j + len(" qps: ")
		if iv.QPS, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt2(s, j, " (r/w/o:", " ") {
			return false
		}
		i = j + len(" (r/w/o: ")
		if iv.Reads, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "/") {
			return false
		}
		i = j + len("/")
		if iv.Writes, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "/") {
			return false
		}
		i = j + len("/")
		if iv.Other, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt2(s, j, ") lat (", "ms,") {
			return false
		}
		i = j + len(") lat (ms,")
		if iv.LatPct, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "%): ") {
			return false
		}
		i = j + len("%): ")
		if iv.LatMs, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, " err/s: ") {
			return false
		}
		i = j + len(" err/s: ")
		if iv.ErrS, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt2(s, j, " reconn", "/s: ") {
			return false
		}
		i = j + len(" reconn/s: ")
		iv.ReconnS, ok = numEnd(s, i)
		return ok
	case hasPrefixAt2(s, i, " threads", ": "):
		if iv.Threads, j, ok = scan.ScanNum(s, i+len(" threads: ")); !ok || !hasPrefixAt(s, j, ", tps: ") {
			return false
		}
		i = j + len(", tps: ")
		if iv.TPS, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, ", reads") {
			return false
		}
		i = j + len(", reads")
		if i, ok = perSecond(s, i); !ok {
			return false
		}
		if iv.Reads, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, ", writes") {
			return false
		}
		i = j + len(", writes")
		if i, ok = perSecond(s, i); !ok {
			return false
		}
		if iv.Writes, j, ok = scan.ScanNum(s, i); !ok {
			return false
		}
		switch {
		case hasPrefixAt2(s, j, " respons", "e time: "):
			i = j + len(" response time: ")
		case hasPrefixAt(s, j, ",") && hasPrefixAt2(s, j+1, " respons", "e time: "):
			i = j + len(", response time: ")
		default:
			return false
		}
		if iv.LatMs, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "ms (") {
			return false
		}
		i = j + len("ms (")
		if iv.LatPct, j, ok = scan.ScanNum(s, i); !ok || !hasPrefixAt(s, j, "%)") {
			return false
		}
		i = j + len("%)")
		if i == len(s) {
			return true
		}
		if !hasPrefixAt2(s, i, ", errors", ": ") {
			return false
		}
		if iv.ErrS, j, ok = scan.ScanNum(s, i+len(", errors: ")); !ok || !hasPrefixAt2(s, j, ", reconn", "ects:  ") {
			return false
		}
		iv.ReconnS, ok = numEnd(s, j+len(", reconnects:  "))
		return ok
	}
	return false
}

// numEnd reads a number that ends s at s[i:].
func numEnd(s string, i int) (float64, bool) {
	v, j, ok := scan.ScanNum(s, i)
	return v, ok && j == len(s)
}

// perSecond skips the ": " or "/s: " after "reads" or "writes".
func perSecond(s string, i int) (int, bool) {
	switch {
	case hasPrefixAt(s, i, ": "):
		return i + 2, true
	case hasPrefixAt(s, i, "/s: "):
		return i + 4, true
	}
	return i, false
}

// interimFields reads the fields of an interim line after its timestamp,
// text[i:], into iv, field by field: every shape ParseInterim accepts.
func interimFields(text string, i int, iv model.Interval) (model.Interval, InterimKind, error) {
	var err error
	s := text
	n := len(s)
	fields := 0
	for {
		for i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
			i++
		}
		if i >= n {
			break
		}
		if scan.IsDigit(s[i]) && fields == 0 {
			// memory: "1962.01 MiB/sec" (1.x), "1234.56 MB/sec," (0.5)
			if i, err = memoryField(s, i, &iv); err != nil {
				return iv, InterimReport, err
			}
			fields++
			continue
		}
		j := i
		for j < n && s[j] != ' ' && s[j] != ':' && s[j] != ',' && s[j] != '\t' {
			j++
		}
		word := s[i:j]
		i = j
		switch word {
		case "threads", "thds":
			iv.Threads, i, err = colonValue(s, i, word, true)
		case "tps":
			iv.TPS, i, err = colonValue(s, i, word, true)
		case "qps":
			iv.QPS, i, err = colonValue(s, i, word, true)
		case "eps":
			iv.EPS, i, err = colonValue(s, i, word, true)
		case "errors":
			iv.ErrS, i, err = colonValue(s, i, word, true)
		case "err/s":
			iv.ErrS, i, err = colonValue(s, i, word, false) // the Lua report_default hook prints no colon
		case "reconnects", "reconn/s":
			iv.ReconnS, i, err = colonValue(s, i, word, true)
		case "concurrency":
			iv.Concurrency, i, err = colonValue(s, i, word, true)
		case "reads", "reads/s":
			var mib bool
			var v float64
			v, mib, i, err = rateField(s, i, word)
			if mib {
				iv.ReadMiBs = v
			} else {
				iv.Reads = v
			}
		case "writes", "writes/s":
			var mib bool
			var v float64
			v, mib, i, err = rateField(s, i, word)
			if mib {
				iv.WriteMiBs = v
			} else {
				iv.Writes = v
			}
		case "fsyncs":
			var start int
			iv.FsyncS, start, i, err = colonNum(s, i, word, true)
			if err == nil {
				if !hasPrefixAt(s, i, "/s") {
					iv.FsyncS = math.NaN()
					return iv, InterimReport, badValue(s, start, "fsyncs")
				}
				i += 2
			}
		case "(r/w/o":
			i, err = rwoField(s, i, &iv)
		case "lat", "latency":
			i, err = pctLatency(s, i, word, &iv)
		case "response":
			i, err = responseTime(s, i, &iv)
		case "queue":
			if !hasPrefixAt(s, i, " length") {
				return iv, InterimReport, errors.New(`interim line: expected "queue length:"`)
			}
			iv.QueueLength, i, err = colonValue(s, i+len(" length"), "queue length", true)
		case "Checkpoint":
			if fields == 0 && s[i:] == " report:" {
				return iv, InterimCheckpoint, nil
			}
			return iv, InterimReport, errors.New(`interim line: expected "Checkpoint report:"`)
		default:
			if fields > 0 && !isLetter(word) {
				// A trailing note ("<- spike", "-- 注释", "# x"): the report is complete.
				return iv, InterimReport, nil
			}
			return iv, InterimReport, errors.New("interim line: unknown field " + strconv.Quote(word) +
				" (expected thds, tps, qps, reads, writes, lat, eps, queue length, ...)")
		}
		if err != nil {
			return iv, InterimReport, err
		}
		fields++
	}
	if fields == 0 {
		return iv, InterimReport, errors.New("interim line: expected report fields after the timestamp")
	}
	return iv, InterimReport, nil
}

// scanTimestamp reads "[ 10s ]", "[  10s]", "[3600s]" or "[ 54.0s ]" at the
// start of s and returns the seconds and the index after "]".
func scanTimestamp(s string) (t float64, i int, ok bool) {
	if len(s) < 4 || s[0] != '[' {
		return 0, 0, false
	}
	i = 1
	for i < len(s) && s[i] == ' ' {
		i++
	}
	t, j, ok := scan.ScanNum(s, i)
	if !ok || j >= len(s) || s[j] != 's' {
		return 0, 0, false
	}
	j++
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j >= len(s) || s[j] != ']' {
		return 0, 0, false
	}
	return t, j + 1, true
}

// colonValue reads ":" (optional when colon is false), spaces and a number
// at s[i:]. The number must end the line or be followed by a space or a
// comma that is not followed by a digit.
func colonValue(s string, i int, name string, colon bool) (float64, int, error) {
	v, start, j, err := colonNum(s, i, name, colon)
	if err != nil {
		return v, j, err
	}
	if j < len(s) && s[j] == ',' && j+1 < len(s) && scan.IsDigit(s[j+1]) {
		// "3,96" is a decimal comma, not 3 and a field separator.
		k := j + 1
		for k < len(s) && scan.IsDigit(s[k]) {
			k++
		}
		return math.NaN(), start, errors.New("interim line: bad value " + strconv.Quote(s[start:k]) + " for " + name + " (expected a number with a decimal point)")
	}
	if j < len(s) && s[j] != ' ' && s[j] != ',' && s[j] != '\t' {
		return math.NaN(), start, badValue(s, start, name)
	}
	return v, j, nil
}

// colonNum reads ":" (optional when colon is false), spaces and a number
// at s[i:], and returns the number, where it starts and where it ends.
func colonNum(s string, i int, name string, colon bool) (v float64, start, j int, err error) {
	if i < len(s) && s[i] == ':' {
		i++
	} else if colon {
		return math.NaN(), i, i, errors.New("interim line: expected \":\" after " + name)
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	v, j, ok := scan.ScanNum(s, i)
	if !ok {
		return math.NaN(), i, i, badValue(s, i, name)
	}
	return v, i, j, nil
}

// rateField reads the value of reads/writes: a rate ("reads: 22603.16",
// "reads/s: 68507.32") or, when "MB/s" or "MiB/s" follows, a fileio
// throughput in MiB/s.
func rateField(s string, i int, name string) (v float64, mib bool, j int, err error) {
	v, j, err = colonValue(s, i, name, true)
	if err != nil {
		return v, false, j, err
	}
	switch {
	case hasPrefixAt(s, j, " MiB/s"):
		return v, true, j + len(" MiB/s"), nil
	case hasPrefixAt(s, j, " MB/s"):
		return v, true, j + len(" MB/s"), nil
	}
	return v, false, j, nil
}

// rwoField reads ": 1883.31/534.40/268.70)" after "(r/w/o".
func rwoField(s string, i int, iv *model.Interval) (int, error) {
	v, start, j, err := colonNum(s, i, "r/w/o", true)
	if err != nil {
		return j, err
	}
	vals := [3]float64{v}
	for k := 1; k < 3; k++ {
		if j >= len(s) || s[j] != '/' {
			return j, badValue(s, start, "r/w/o")
		}
		if vals[k], j, err = numAt(s, j+1, "r/w/o"); err != nil {
			return j, badValue(s, start, "r/w/o")
		}
	}
	if j >= len(s) || s[j] != ')' {
		return j, badValue(s, start, "r/w/o")
	}
	iv.Reads, iv.Writes, iv.Other = vals[0], vals[1], vals[2]
	return j + 1, nil
}

// numAt reads a number at s[i:].
func numAt(s string, i int, name string) (float64, int, error) {
	v, j, ok := scan.ScanNum(s, i)
	if !ok {
		return math.NaN(), i, badValue(s, i, name)
	}
	return v, j, nil
}

// pctLatency reads " (ms,95%): 861.95" after "lat" or "latency".
func pctLatency(s string, i int, name string, iv *model.Interval) (int, error) {
	if !hasPrefixAt(s, i, " (ms,") {
		return i, errors.New("interim line: expected \"" + name + " (ms,NN%):\"")
	}
	i += len(" (ms,")
	p, j, ok := scan.ScanNum(s, i)
	if !ok || !hasPrefixAt(s, j, "%)") {
		return i, errors.New("interim line: bad percentile " + strconv.Quote(token(s, i)) + " in " + name)
	}
	iv.LatPct = p
	var err error
	iv.LatMs, j, err = colonValue(s, j+2, name, true)
	return j, err
}

// responseTime reads " time: 9.14ms (99%)" after "response"; the
// percentile is optional.
func responseTime(s string, i int, iv *model.Interval) (int, error) {
	if !hasPrefixAt(s, i, " time:") {
		return i, errors.New(`interim line: expected "response time:"`)
	}
	i += len(" time:")
	for i < len(s) && s[i] == ' ' {
		i++
	}
	v, j, ok := scan.ScanNum(s, i)
	if !ok || !hasPrefixAt(s, j, "ms") {
		return i, badValue(s, i, "response time")
	}
	iv.LatMs = v
	j += 2
	if j < len(s) && s[j] != ' ' && s[j] != ',' {
		return i, badValue(s, i, "response time")
	}
	if hasPrefixAt(s, j, " (") {
		p, k, ok := scan.ScanNum(s, j+2)
		if !ok || !hasPrefixAt(s, k, "%)") {
			return j, errors.New("interim line: bad percentile " + strconv.Quote(token(s, j+1)) + " in response time")
		}
		iv.LatPct = p
		j = k + 2
	}
	return j, nil
}

// memoryField reads "1962.01 MiB/sec" or "1234.56 MB/sec,".
func memoryField(s string, i int, iv *model.Interval) (int, error) {
	v, j, ok := scan.ScanNum(s, i)
	if !ok {
		return i, badValue(s, i, "memory throughput")
	}
	switch {
	case hasPrefixAt(s, j, " MiB/sec"):
		j += len(" MiB/sec")
	case hasPrefixAt(s, j, " MB/sec"):
		j += len(" MB/sec")
	default:
		return i, errors.New("interim line: expected \"MiB/sec\" after " + strconv.Quote(token(s, i)))
	}
	if j < len(s) && s[j] != ',' && s[j] != ' ' {
		return i, errors.New("interim line: expected \"MiB/sec\" after " + strconv.Quote(token(s, i)))
	}
	iv.MiBs = v
	return j, nil
}

// badValue reports the token at s[i:] as a bad value for name.
func badValue(s string, i int, name string) error {
	tok := token(s, i)
	if tok == "" {
		return errors.New("interim line: missing value for " + name)
	}
	return errors.New("interim line: bad value " + strconv.Quote(tok) + " for " + name)
}

// token returns s[i:] up to the next space or comma.
func token(s string, i int) string {
	if i > len(s) {
		return ""
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != ',' && s[j] != '\t' {
		j++
	}
	return s[i:j]
}

// hasPrefixAt reports whether s[i:] starts with p. With p a constant of
// at most 8 bytes, the compiler compares it as one word, in line.
func hasPrefixAt(s string, i int, p string) bool {
	return uint(i) <= uint(len(s)) && len(s)-i >= len(p) && s[i:][:len(p)] == p
}

// hasPrefixAt2 reports whether s[i:] starts with p+q. Split so, a
// constant of 9 to 16 bytes is compared as two words, in line, where
// hasPrefixAt would call memequal.
func hasPrefixAt2(s string, i int, p, q string) bool {
	if uint(i) > uint(len(s)) {
		return false
	}
	t := s[i:]
	return len(t) >= len(p)+len(q) && t[:len(p)] == p && t[len(p):len(p)+len(q)] == q
}

// isLetter reports whether w starts with an ASCII letter or '(' (a field
// label), as opposed to a note marker or non-ASCII text.
func isLetter(w string) bool {
	if w == "" {
		return false
	}
	c := w[0]
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '('
}
