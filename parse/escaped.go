package parse

import "strings"

// Output kept in a string literal. A program that keeps sysbench's stdout
// (a test's input, a deploy script's example log, a JSON result's
// "stdout") writes it on one line, each line break as the two characters
// \n:
//
//	let t = "Running the test with following options:\nNumber of threads: 2\n\nCPU speed:\n ...";
//
// The line reader gives such a line as the lines of the string, every one
// with the number of the line it stands on, when the string holds one of
// sysbench's own lines: the code before the string's opening quote and
// after its closing one is left out, and the string's escapes (\t, \",
// \', \\) are decoded. An input that is all escaped text (a page's JSON
// source) is decoded whole before it is read (collect.Clean).

// minEscapedBreaks is the fewest \n escapes a line must hold to be read
// as the lines of a string.
const minEscapedBreaks = 3

// escapedMarks are lines of sysbench's stdout, one of which the string
// must hold.
var escapedMarks = []string{"Number of threads:", "SQL statistics:", "OLTP test statistics:", "CPU speed:",
	"General statistics:", "Test execution summary:", "Threads fairness:", "Running the test with following options:"}

// EscapedOutput reports a line the reader gives as the lines of a string
// literal holding sysbench's output (see escapedOutput).
func EscapedOutput(line string) bool { return len(escapedOutput(line)) > 0 }

// escapedOutput returns the lines of the string literal holding
// sysbench's output that s is, or nil.
func escapedOutput(s string) []string {
	first := strings.Index(s, `\n`)
	if first < 0 || strings.Count(s, `\n`) < minEscapedBreaks {
		return nil
	}
	marked := false
	for _, m := range escapedMarks {
		if strings.Contains(s, m) {
			marked = true
			break
		}
	}
	if !marked {
		return nil
	}
	// The string opens at the last quote before its first break.
	open := strings.LastIndexAny(s[:first], `"'`)
	if open < 0 {
		return nil
	}
	q := s[open]
	body := s[open+1:]
	// It closes at the first quote of its kind not escaped.
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' {
			i++
			continue
		}
		if body[i] == q {
			body = body[:i]
			break
		}
	}
	body = strings.ReplaceAll(body, `\r\n`, `\n`)
	parts := strings.Split(body, `\n`)
	for i, p := range parts {
		parts[i] = unescapeLiteral(p)
	}
	for len(parts) > 0 && strings.TrimSpace(parts[len(parts)-1]) == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// unescapeLiteral decodes a string literal's \t, \", \', \\ and \r.
func unescapeLiteral(p string) string {
	if !strings.Contains(p, `\`) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '\\' || i+1 == len(p) {
			b.WriteByte(p[i])
			continue
		}
		i++
		switch p[i] {
		case 't':
			b.WriteByte('\t')
		case 'r':
		case '"', '\'', '\\', '/':
			b.WriteByte(p[i])
		default:
			b.WriteByte('\\')
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// escaped queues the lines of the string literal s holds (line no), and
// returns the first; ok is false when s holds none.
func (lr *lineReader) escaped(no int, s string) (int, string, bool) {
	parts := escapedOutput(s)
	if len(parts) == 0 {
		return 0, "", false
	}
	q := make([]piece, len(parts)-1, len(parts)-1+len(lr.reflowed))
	for i, p := range parts[1:] {
		q[i] = piece{no, p}
	}
	lr.reflowed = append(q, lr.reflowed...)
	lr.plain = false
	return no, parts[0], true
}
