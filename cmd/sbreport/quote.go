package main

import "strings"

// commandLine writes a command and its arguments as a POSIX shell would
// read them back: a word of only safe characters as it is, any other in
// single quotes (a single quote inside closed, escaped and reopened), an
// empty word as a pair of single quotes. The "made by" line of a report
// re-runs as printed: --base 'MariaDB 10.3'.
func commandLine(words ...string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
	}
	return strings.Join(out, " ")
}

// shellQuote quotes one word for a POSIX shell.
func shellQuote(w string) string {
	if w == "" {
		return "''"
	}
	safe := true
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-+=:,./@%", r)) {
			safe = false
			break
		}
	}
	if safe {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
