package doc

import (
	"strconv"
	"strings"
	"unicode"
)

// Counter splits a label into its shape and the one number in it:
// "Take 2" → ("take #", 2), "第2次" → ("第#次", 2), "r3" → ("r#", 3),
// "run #2" → ("run ##", 2). ok is false when the label holds no number
// or more than one, or a number that is part of a larger figure
// ("1.5", "2,000").
func Counter(label string) (shape string, n int, ok bool) {
	start, end := -1, -1
	for i := 0; i < len(label); i++ {
		c := label[i]
		if c >= '0' && c <= '9' {
			if end >= 0 && end < i {
				return "", 0, false // a second number
			}
			if start < 0 {
				start = i
			}
			end = i + 1
		}
	}
	if start < 0 || end-start > 4 {
		return "", 0, false
	}
	if start > 0 && strings.ContainsRune(".,:/x", rune(label[start-1])) && start > 1 && isDigit(label[start-2]) {
		return "", 0, false
	}
	if end < len(label) && strings.ContainsRune(".,", rune(label[end])) && end+1 < len(label) && isDigit(label[end+1]) {
		return "", 0, false
	}
	v, err := strconv.Atoi(label[start:end])
	if err != nil {
		return "", 0, false
	}
	return strings.ToLower(label[:start]) + "#" + strings.ToLower(label[end:]), v, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Enumerates reports whether labels, one for each of several runs that
// are otherwise alike, count them: every label has one shape (Counter)
// and their numbers are 1 to n, each once, in any order; a label "" (no
// counter, the first run shown before "Take 2") stands for 1. At least
// two labels, and one of them not "".
func Enumerates(labels []string) bool {
	if len(labels) < 2 {
		return false
	}
	shape := ""
	seen := map[int]bool{}
	implicit := false
	for _, l := range labels {
		if l == "" {
			if implicit {
				return false
			}
			implicit = true
			continue
		}
		s, n, ok := Counter(l)
		if !ok || n < 1 || n > len(labels) || seen[n] {
			return false
		}
		if shape == "" {
			shape = s
		} else if s != shape {
			return false
		}
		seen[n] = true
	}
	if shape == "" {
		return false
	}
	if implicit {
		if seen[1] {
			return false
		}
		seen[1] = true
	}
	for k := 1; k <= len(labels); k++ {
		if !seen[k] {
			return false
		}
	}
	return true
}

// CountsOnly reports whether the text of a counter's shape, beside its
// number, is at most a short word or two of letters and marks ("take #",
// "run ##", "第#次", "#回目", "r#", "#.", "test #"): a number that names
// something larger ("server #: xeon e5", "node # of 3 at 2.4 ghz") is
// not only a count.
func CountsOnly(shape string) bool {
	words := 0
	inWord := false
	for _, r := range shape {
		switch {
		case unicode.IsLetter(r):
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = false
		}
	}
	return words <= 2 && len([]rune(shape)) <= 16
}
