package scan

import "strings"

// SplitArgs splits a command line on white space, honouring single and
// double quotes and backslash escapes outside single quotes.
func SplitArgs(s string) []string {
	args := make([]string, 0, 16)
	i := 0
	for i < len(s) {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		// A word of plain ASCII with no quote or backslash is a piece of
		// s; any other is built by splitWord.
		j := i
		for j < len(s) && plainArgByte[s[j]] {
			j++
		}
		if j == len(s) || s[j] == ' ' || s[j] == '\t' {
			args = append(args, s[i:j])
			i = j
			continue
		}
		var w string
		var ok bool
		w, ok, i = splitWord(s, i)
		if ok {
			args = append(args, w)
		}
	}
	return args
}

// plainArgByte marks the bytes a word can hold and still be a piece of
// the command line as it is: printable ASCII but blanks, quotes and '\\'.
var plainArgByte = func() (t [256]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = c != '\'' && c != '"' && c != '\\'
	}
	return t
}()

// splitWord reads the word starting at s[i] as a shell does: quotes and
// backslashes removed, runes as they are. It returns the word, whether
// there was one (a lone backslash at the end is none), and where the
// next word may start.
func splitWord(s string, i int) (string, bool, int) {
	var b strings.Builder
	var quote rune
	inArg := false
	escaped := false
	for k, r := range s[i:] {
		switch {
		case escaped:
			b.WriteRune(r)
			escaped = false
			inArg = true
		case r == '\\' && quote != '\'':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				b.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote = r
			inArg = true
		case r == ' ' || r == '\t':
			if inArg {
				return b.String(), true, i + k
			}
		default:
			b.WriteRune(r)
			inArg = true
		}
	}
	return b.String(), inArg, len(s)
}
