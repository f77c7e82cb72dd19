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
// "0.35  --注释" → 0.35) and the rest of s after it.
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
	if err != nil {
		return 0, s, false
	}
	return f, s[j:], true
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
