package render

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"text/template"

	"github.com/sbreport/sbreport/parse"
)

const dash = "–" // shown for an absent value

// FormatNum formats a measured value for reading: thousands separators,
// two decimals below 100, one below 10,000, none above; "–" when absent.
func FormatNum(v float64) string {
	if !finite(v) {
		return dash
	}
	switch a := math.Abs(v); {
	case a >= 10000:
		return thousands(v, 0)
	case a >= 100:
		return thousands(v, 1)
	case a >= 0.01 || a == 0:
		return thousands(v, 2)
	default:
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
}

// FormatFixed formats v with exactly prec decimals and thousands
// separators.
func FormatFixed(v float64, prec int) string {
	if !finite(v) {
		return dash
	}
	return thousands(v, prec)
}

// numLen is len(FormatNum(v)) without making the string: the workbook
// sizes its columns by the widest value, and a year of runs has some two
// million.
func numLen(v float64) int {
	if !finite(v) {
		return len(dash)
	}
	var buf [32]byte
	prec := 2
	switch a := math.Abs(v); {
	case a >= 10000:
		prec = 0
	case a >= 100:
		prec = 1
	case a >= 0.01 || a == 0:
	default:
		return len(strconv.AppendFloat(buf[:0], v, 'g', 2, 64))
	}
	s := strconv.AppendFloat(buf[:0], math.Abs(v), 'f', prec, 64)
	n, whole := len(s), len(s)
	if i := bytes.IndexByte(s, '.'); i >= 0 {
		whole = i
	}
	n += (whole - 1) / 3 // the thousands separators
	if v < 0 && len(bytes.Trim(s, "0.")) > 0 {
		n++
	}
	return n
}

func thousands(v float64, prec int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', prec, 64)
	intPart, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	b.WriteString(frac)
	return b.String()
}

// FormatBytes formats a size with IEC units: "1.5 GiB".
func FormatBytes(v float64) string {
	if !finite(v) {
		return dash
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	i := 0
	for math.Abs(v) >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return strconv.FormatFloat(v, 'f', 0, 64) + " B"
	}
	prec := 1
	if math.Abs(v) >= 100 {
		prec = 0
	}
	return trimZeros(strconv.FormatFloat(v, 'f', prec, 64)) + " " + units[i]
}

// FormatRatio formats a ratio as "3.25×".
func FormatRatio(v float64) string {
	if !finite(v) {
		return dash
	}
	return strconv.FormatFloat(v, 'f', 2, 64) + "×"
}

// FormatP formats a p-value: three decimals, "<0.001" below.
func FormatP(v float64) string {
	if !finite(v) {
		return dash
	}
	if v < 0.001 {
		return "<0.001"
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// deref turns the numbers a template may hold (float64, *float64, int,
// *int, *int64) into a float64, NaN when absent.
func deref(x any) float64 {
	switch v := x.(type) {
	case float64:
		return v
	case *float64:
		if v != nil {
			return *v
		}
	case int:
		return float64(v)
	case *int:
		if v != nil {
			return float64(*v)
		}
	case int64:
		return float64(v)
	case *int64:
		if v != nil {
			return float64(*v)
		}
	}
	return math.NaN()
}

// Funcs are the helpers a report template may call. Every one accepts
// float64, int, int64 or a pointer to one, and prints "–" for nil or NaN.
//
//	num      measured value: "5,531.66", "12,345"
//	fixed    value with N decimals: {{fixed 3 .Sigma}}
//	int      whole number with separators: "27,675"
//	ms       latency in ms, two decimals: "0.72"
//	pct      fraction as a percentage: 0.034 → "3.4%"
//	ratio    ratio: "3.25×"
//	ci       interval: {{ci .Lo .Hi}} → "[3.10, 3.41]" (ratios: ci2)
//	cif      interval with N decimals: {{cif 1 .Lo .Hi}}
//	p        p-value: "0.008", "<0.001"
//	bytes    size: "1.5 GiB"
//	join     strings.Join
//	md       escapes text from the input for Markdown prose and headings
//	nb       joins words with no-break spaces, so that a table cell does not wrap inside
//	cell     escapes a string for a Markdown table cell
//	code     a code span of text from the input: {{code .Command}}
//	codecell a code span inside a table cell
//	anchor   GitHub heading anchor of a text
//	add      integer sum
//	present  reports whether a value is present
//	threads  a thread count for a table cell, "?" when unknown (0)
//	threadsText a thread count in words, "threads unknown" for 0
func Funcs() template.FuncMap {
	return template.FuncMap{
		"num":   func(x any) string { return FormatNum(deref(x)) },
		"fixed": func(prec int, x any) string { return FormatFixed(deref(x), prec) },
		"int":   func(x any) string { return FormatFixed(deref(x), 0) },
		"ms":    func(x any) string { return FormatFixed(deref(x), 2) },
		"pct": func(x any) string {
			v := deref(x)
			if !finite(v) {
				return dash
			}
			return trimZeros(strconv.FormatFloat(100*v, 'f', 1, 64)) + "%"
		},
		"ratio": func(x any) string { return FormatRatio(deref(x)) },
		"ci": func(lo, hi any) string {
			l, h := deref(lo), deref(hi)
			if !finite(l) || !finite(h) {
				return dash
			}
			return "[" + FormatNum(l) + ", " + FormatNum(h) + "]"
		},
		"cif": func(prec int, lo, hi any) string {
			l, h := deref(lo), deref(hi)
			if !finite(l) || !finite(h) {
				return dash
			}
			return "[" + FormatFixed(l, prec) + ", " + FormatFixed(h, prec) + "]"
		},
		"ci2": func(lo, hi any) string {
			l, h := deref(lo), deref(hi)
			if !finite(l) || !finite(h) {
				return "unbounded"
			}
			return "[" + FormatFixed(l, 2) + ", " + FormatFixed(h, 2) + "]"
		},
		"p":        func(x any) string { return FormatP(deref(x)) },
		"bytes":    func(x any) string { return FormatBytes(deref(x)) },
		"join":     strings.Join,
		"cell":     cell,
		"md":       inline,
		"nb":       func(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") },
		"code":     code,
		"codecell": codeCell,
		"anchor":   anchor,
		"add":      func(a, b int) int { return a + b },
		// A thread count in a table cell: "?" when the run did not say
		// (0), never "0".
		"present": func(x any) bool { return finite(deref(x)) },
		"threads": func(t int) string {
			if t <= 0 {
				return "?"
			}
			return strconv.Itoa(t)
		},
		"threadsText": threadsLabel,
	}
}

// cell escapes text for a Markdown table cell (see inline); empty cells
// are shown as "–".
func cell(s string) string {
	s = inline(s)
	if strings.TrimSpace(s) == "" {
		return dash
	}
	return s
}

// inline escapes text taken from the input (labels, file names, messages)
// for Markdown prose, headings, link text and table cells, so that it is
// shown as it reads and can add no structure, while text that opens
// nothing is left as it is (generated sentences hold "[1.13, 1.78]" and
// "p<0.001"):
//
//   - line breaks become spaces (no heading or list can start), terminal
//     escapes and control characters are dropped (parse.CleanText);
//   - "<" before a letter, "/", "!" or "?" becomes "&lt;": no HTML tag,
//     comment or autolink (<script>, <a href=...>, <javascript:...>);
//   - "]" before "(" or "[" is escaped: no link or image
//     ([x](javascript:...)); reference definitions need a line of their
//     own, which no label gets;
//   - \ ` * | are always escaped: no code span, emphasis or table cell.
//
// Underscores are left: GitHub Markdown does not read them inside words,
// and names are full of them.
func inline(s string) string {
	s = parse.CleanText(lineBreaks.Replace(s))
	if !strings.ContainsAny(s, "<\\`*]|") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch {
		case c == '<' && (next >= 'a' && next <= 'z' || next >= 'A' && next <= 'Z' || next == '/' || next == '!' || next == '?'):
			b.WriteString("&lt;")
		case c == ']' && (next == '(' || next == '['),
			c == '\\' || c == '`' || c == '*' || c == '|':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// lineBreaks turns line breaks and tabs into spaces.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")

// code returns text taken from the input as a Markdown code span: a fence
// of backticks longer than any run of them in the text, line breaks and
// control characters gone. Inside a code span nothing else is read as
// Markdown or HTML, and backslashes show as they are, so a pipe is not
// escaped: use codeCell inside a table.
func code(s string) string {
	s = parse.CleanText(lineBreaks.Replace(s))
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// codeCell is code for a table cell: GitHub Markdown splits table rows at
// unescaped pipes even inside code spans, and shows "\|" there as "|".
func codeCell(s string) string { return strings.ReplaceAll(code(s), "|", `\|`) }

// anchor returns GitHub's anchor for a heading.
func anchor(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ' || r == '-':
			b.WriteByte('-')
		case r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}
