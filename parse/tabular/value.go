package tabular

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Value is a cell read as a number: Num as printed, scaled by a k or M
// suffix (Suffix) and with thousands separators removed, and the unit
// printed after it ("ms", "Mb/sec", "ops/sec", "qps", "%"; "" for a bare
// number).
type Value struct {
	Num    float64
	Unit   string
	Suffix string // "k", "K" or "M" when the number was written with one
}

// Absent reports a cell that marks a missing value: empty, N/A, -, —,
// null, "unavailable" ("Temp. unavailable" in a VPS comparison).
func Absent(cell string) bool {
	return absent[strings.ToLower(strings.TrimSpace(cell))]
}

var absent = map[string]bool{"": true, "-": true, "--": true, "—": true, "–": true, "n/a": true, "na": true,
	"null": true, "none": true, "nan": true, "n.a.": true, "unavailable": true, "not available": true, "temp. unavailable": true}

// ParseValue reads a cell as a number with an optional unit. Quotes,
// backticks and bold markers around the cell are dropped. ok is false for
// an absent cell and for text that does not begin with a number.
func ParseValue(cell string) (v Value, ok bool) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "'\"`*"))
	if Absent(s) {
		return Value{}, false
	}
	if label, rest, ok := strings.Cut(s, ":"); ok && len(s) > 0 && (s[0] < '0' || s[0] > '9') {
		// The output's own line copied into the cell: "events per
		// second:  874.78" is 874.78 events/s.
		if u, ok := labelUnits[strings.ToLower(strings.TrimSpace(label))]; ok {
			v, ok := ParseValue(rest)
			if !ok || v.Unit != "" {
				return Value{}, false
			}
			v.Unit = u
			return v, true
		}
	}
	// The number: digits with an optional sign, decimal point and
	// thousands separators (groups of exactly three digits).
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	start := i
	digits, group, sep := 0, 0, false
	for i < len(s) {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			group++
			i++
			continue
		case c == ',' && digits > 0 && threeDigits(s[i+1:]) && (!sep && group <= 3 || sep && group == 3):
			sep, group = true, 0
			i++
			continue
		}
		break
	}
	if sep && group != 3 {
		return Value{}, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			digits++
			i++
		}
	}
	if digits == 0 {
		return Value{}, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > j {
			i = k
		}
	}
	num, err := strconv.ParseFloat(strings.ReplaceAll(s[start:i], ",", ""), 64)
	if err != nil {
		return Value{}, false
	}
	if s[0] == '-' {
		num = -num
	}
	unit := strings.TrimSpace(s[i:])
	// A count suffix glued to the number or alone after it: 133k, 1.2M.
	if m, ok := countSuffix[unit]; ok {
		return Value{Num: num * m, Suffix: unit}, true
	}
	// A count suffix then a unit after a space: "203.11M ops/sec".
	if len(unit) > 2 && unit[1] == ' ' {
		if m, ok := countSuffix[unit[:1]]; ok {
			if r, _ := utf8.DecodeRuneInString(unit[2:]); unitStart(r) {
				return Value{Num: num * m, Suffix: unit[:1], Unit: strings.TrimSpace(unit[2:])}, true
			}
		}
	}
	// A unit in parentheses after the number: "214313.30 (Events/sec)",
	// "33.2165 (Sec)", " 8.3887  (ms)". Only a unit: "12 (+5%)" or
	// "3 (of 4)" are not read as one.
	if len(unit) > 2 && unit[0] == '(' && unit[len(unit)-1] == ')' {
		if in := strings.TrimSpace(unit[1 : len(unit)-1]); in != "" && !strings.ContainsAny(in, "()") {
			if r, _ := utf8.DecodeRuneInString(in); unitStart(r) && !strings.Contains(in, " ") {
				unit = in
			}
		}
	}
	if unit != "" {
		r, _ := utf8.DecodeRuneInString(unit)
		if !unitStart(r) {
			return Value{}, false
		}
	}
	return Value{Num: num, Unit: unit}, true
}

// labelUnits are the labels of sysbench's output lines that give a rate
// and nothing else, and the unit a cell holding such a line is read in.
var labelUnits = map[string]string{"events per second": "events/s", "events/s (eps)": "events/s"}

// countSuffix are the multipliers a count may be written with.
var countSuffix = map[string]float64{"k": 1e3, "K": 1e3, "M": 1e6}

func threeDigits(s string) bool {
	if len(s) < 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) == 3 || s[3] < '0' || s[3] > '9'
}

// unitStart reports a rune a unit may begin with: a letter, %, µ, /.
func unitStart(r rune) bool {
	return unicode.IsLetter(r) || r == '%' || r == '/' || r == 'µ'
}
