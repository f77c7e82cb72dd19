package parse

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

var errNotNumber = errors.New("not a number")

// parseNum parses a plain decimal as sysbench prints it. It rejects NaN,
// infinities, exponents and empty text.
func parseNum(s string) (float64, error) {
	// Most numbers are plain digits with a decimal point, which scanNum
	// reads to the value strconv gives without its checks and rounding
	// machinery.
	if v, j, ok := scanNum(s, 0); ok && j == len(s) {
		return v, nil
	}
	return parseNumStrconv(s)
}

// parseSysstatNum is parseNum for the values of sysstat's tools (iostat,
// mpstat), which follow the locale's LC_NUMERIC: under de_DE, fr_FR and
// many others they print "0,49" for 0.49. sysstat prints no thousands
// separators, so one comma between digits, and no point, is the decimal
// mark. sysbench and the mysql client never print such numbers: their
// values go through parseNum, which refuses them.
func parseSysstatNum(s string) (float64, error) {
	v, err := parseNum(s)
	if err == nil {
		return v, nil
	}
	i := strings.IndexByte(s, ',')
	if i <= 0 || i == len(s)-1 || strings.IndexByte(s[i+1:], ',') >= 0 || strings.IndexByte(s, '.') >= 0 {
		return 0, err
	}
	if s[i-1] < '0' || s[i-1] > '9' || s[i+1] < '0' || s[i+1] > '9' {
		return 0, err
	}
	return parseNum(s[:i] + "." + s[i+1:])
}

// parseNumStrconv is parseNum through strconv.ParseFloat.
func parseNumStrconv(s string) (float64, error) {
	if s == "" {
		return 0, errNotNumber
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && c != '.' && !(i == 0 && (c == '-' || c == '+')) {
			return 0, errNotNumber
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, errNotNumber
	}
	return f, nil
}

// atoiStrict parses a plain non-negative or negative integer.
func atoiStrict(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, errNotNumber
	}
	return n, nil
}

// leadingNum returns the leading numeric token of s ("12.5ms" → 12.5,
// "0.35  --注释" → 0.35) and the rest of s after it. ok is false when the
// token goes on into something that is not a number (see numEnds):
// "12abc", "3,96", "1e3", "0x10".
func leadingNum(s string) (v float64, rest string, ok bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	digits := 0
	for j < len(s) && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.') {
		if s[j] != '.' {
			digits++
		}
		j++
	}
	if digits == 0 {
		return 0, s, false
	}
	f, err := parseNum(s[i:j])
	if err != nil || !numEnds(s[j:]) {
		return 0, s, false
	}
	return f, s[j:], true
}

// numEnds reports whether rest, the text right after a number, lets the
// number stand as sysbench printed it: the end of the text, white space,
// punctuation ("/161.19", "(", ")"), or a unit such as "ms", "s", "Mb",
// "MiB". It refuses what makes the token something other than the number
// read so far: a decimal comma or thousands separator ("3,96",
// "12,345"), an exponent ("1e3", "1e309"), hex ("0x10"), an underscore,
// or letters that are no unit ("12abc"). sysbench prints none of these.
func numEnds(rest string) bool {
	if rest == "" {
		return true
	}
	switch c := rest[0]; {
	case c == ',':
		return len(rest) == 1 || !isDigit(rest[1])
	case c == '_':
		return false
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := 1
		for j < len(rest) && (rest[j] >= 'a' && rest[j] <= 'z' || rest[j] >= 'A' && rest[j] <= 'Z') {
			j++
		}
		return numUnits[rest[:j]] && (j == len(rest) || !isDigit(rest[j]))
	}
	return true
}

// numUnits are the units that may follow a number with no space: times
// (sysbench 0.4 prints "12.34ms", "60.0003s"), sizes ("9.8451Gb",
// "58.2G", "1024MiB") and frequencies.
var numUnits = map[string]bool{
	"s": true, "ms": true, "us": true, "ns": true,
	"b": true, "B": true, "k": true, "K": true, "M": true, "G": true, "T": true, "P": true,
	"Kb": true, "Mb": true, "Gb": true, "Tb": true, "kB": true, "KB": true, "MB": true, "GB": true, "TB": true,
	"Ki": true, "Mi": true, "Gi": true, "Ti": true, "KiB": true, "MiB": true, "GiB": true, "TiB": true,
	"Hz": true, "MHz": true, "GHz": true,
}

// sizePrefix reads the number at the start of a size cell ("58.2G",
// "1,9Gi", "0B"), accepting a decimal comma, and returns the rest (the
// unit).
func sizePrefix(s string) (v float64, unit string, ok bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == ',') {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	f, err := parseNum(strings.Replace(s[:i], ",", ".", 1))
	if err != nil {
		return 0, s, false
	}
	return f, s[i:], true
}
