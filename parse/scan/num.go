// Package scan holds the lexical pieces that parse and the tool grammars
// beside it (parse/host, parse/sysstat, parse/mysqlslap, parse/mysqlcli)
// share: numbers as sysbench, sysstat and the size columns of free and
// lsblk print them, command lines split into words as a shell does, and
// the tests of plain text and identifiers (text.go). It reads strings
// only.
package scan

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

var ErrNotNumber = errors.New("not a number")

// Num parses a plain decimal as sysbench prints it. It rejects NaN,
// infinities, exponents and empty text.
func Num(s string) (float64, error) {
	// Most numbers are plain digits with a decimal point, which ScanNum
	// reads to the value strconv gives without its checks and rounding
	// machinery.
	if v, j, ok := ScanNum(s, 0); ok && j == len(s) {
		return v, nil
	}
	return NumStrconv(s)
}

// SysstatNum is Num for the values of sysstat's tools (iostat,
// mpstat), which follow the locale's LC_NUMERIC: under de_DE, fr_FR and
// many others they print "0,49" for 0.49. sysstat prints no thousands
// separators, so one comma between digits, and no point, is the decimal
// mark. sysbench and the mysql client never print such numbers: their
// values go through Num, which refuses them.
func SysstatNum(s string) (float64, error) {
	v, err := Num(s)
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
	return Num(s[:i] + "." + s[i+1:])
}

// NumStrconv is Num through strconv.ParseFloat.
func NumStrconv(s string) (float64, error) {
	if s == "" {
		return 0, ErrNotNumber
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && c != '.' && !(i == 0 && (c == '-' || c == '+')) {
			return 0, ErrNotNumber
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, ErrNotNumber
	}
	return f, nil
}

// Atoi parses a plain non-negative or negative integer.
func Atoi(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, ErrNotNumber
	}
	return n, nil
}

// LeadingNum returns the leading numeric token of s ("12.5ms" → 12.5,
// "0.35  --注释" → 0.35) and the rest of s after it. ok is false when the
// token goes on into something that is not a number (see NumEnds):
// "12abc", "3,96", "1e3", "0x10".
func LeadingNum(s string) (v float64, rest string, ok bool) {
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
	f, err := Num(s[i:j])
	if err != nil || !NumEnds(s[j:]) {
		return 0, s, false
	}
	return f, s[j:], true
}

// NumEnds reports whether rest, the text right after a number, lets the
// number stand as sysbench printed it: the end of the text, white space,
// punctuation ("/161.19", "(", ")"), or a unit such as "ms", "s", "Mb",
// "MiB". It refuses what makes the token something other than the number
// read so far: a decimal comma or thousands separator ("3,96",
// "12,345"), an exponent ("1e3", "1e309"), hex ("0x10"), an underscore,
// or letters that are no unit ("12abc"). sysbench prints none of these.
func NumEnds(rest string) bool {
	if rest == "" {
		return true
	}
	switch c := rest[0]; {
	case c == ',':
		return len(rest) == 1 || !IsDigit(rest[1])
	case c == '_':
		return false
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := 1
		for j < len(rest) && (rest[j] >= 'a' && rest[j] <= 'z' || rest[j] >= 'A' && rest[j] <= 'Z') {
			j++
		}
		return numUnits[rest[:j]] && (j == len(rest) || !IsDigit(rest[j]))
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

// SizePrefix reads the number at the start of a size cell ("58.2G",
// "1,9Gi", "0B"), accepting a decimal comma, and returns the rest (the
// unit).
func SizePrefix(s string) (v float64, unit string, ok bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == ',') {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	f, err := Num(strings.Replace(s[:i], ",", ".", 1))
	if err != nil {
		return 0, s, false
	}
	return f, s[i:], true
}

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ScanNum reads an unsigned plain decimal ("4892.45", "0", "54.") at s[i:]
// and returns its value and the index after it. When the digits fit in
// 2^53 the result is exact without strconv (an exact integer divided by an
// exact power of ten rounds correctly, as in strconv's own fast path);
// longer numbers, such as the unsigned-underflow values, go through
// strconv.ParseFloat. A second '.' ends the number, so the caller sees
// "1.2.3" as "1.2" followed by ".3".
func ScanNum(s string, i int) (v float64, j int, ok bool) {
	var m uint64
	j = i
	for j < len(s) && s[j]-'0' < 10 {
		m = m*10 + uint64(s[j]-'0')
		j++
	}
	nd := j - i
	fd := 0
	if j < len(s) && s[j] == '.' {
		j++
		k := j
		for j < len(s) && s[j]-'0' < 10 {
			m = m*10 + uint64(s[j]-'0')
			j++
		}
		fd = j - k
		nd += fd
	}
	if nd == 0 {
		return 0, i, false // empty or a lone "."
	}
	if nd <= 19 && m <= 1<<53 && fd < len(pow10) {
		return float64(m) / pow10[fd], j, true
	}
	f, err := strconv.ParseFloat(s[i:j], 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, i, false
	}
	return f, j, true
}

// SizeBytes reads a SIZE value: digits with an optional K, M, G or T
// (×1024ⁿ), optionally followed by "B", "b" or "iB" ("16K", "16Kb",
// "16KiB", "2G", "16384").
func SizeBytes(s string) (float64, bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, false
	}
	rest := s[i:]
	mult := 1.0
	if rest != "" {
		switch rest[0] {
		case 'K', 'k':
			mult = 1 << 10
		case 'M', 'm':
			mult = 1 << 20
		case 'G', 'g':
			mult = 1 << 30
		case 'T', 't':
			mult = 1 << 40
		case 'B', 'b':
			mult = 1
			rest = " " + rest
		default:
			return 0, false
		}
		switch rest[1:] {
		case "", "B", "b", "iB", "ib":
		default:
			return 0, false
		}
	}
	return n * mult, true
}
