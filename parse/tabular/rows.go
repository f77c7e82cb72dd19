package tabular

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ListRow reads a line printed as a list literal into its cells: a
// Python list or tuple (['1', 20000, '7.47ms'], ("a", "b")) or a
// PowerShell array (@('a', 'b')), optionally followed by a comma. Quoted
// strings lose their quotes, other items are kept as printed. quoted
// reports whether every cell was a quoted string (a header list). ok is
// false for a line that is not one list of at least two items.
func ListRow(line string) (cells []string, quoted, ok bool) {
	s := strings.TrimSpace(line)
	s = strings.TrimSuffix(s, ",")
	s = strings.TrimPrefix(s, "@")
	if len(s) < 4 || !(s[0] == '[' && s[len(s)-1] == ']' || s[0] == '(' && s[len(s)-1] == ')') {
		return nil, false, false
	}
	s = s[1 : len(s)-1]
	quoted = true
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i == len(s) {
			return nil, false, false // a trailing comma or an empty item
		}
		var cell string
		if q := s[i]; q == '\'' || q == '"' {
			j := i + 1
			for j < len(s) && s[j] != q {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, false, false
			}
			cell = s[i+1 : j]
			i = j + 1
		} else {
			j := strings.IndexByte(s[i:], ',')
			if j < 0 {
				j = len(s) - i
			}
			cell = strings.TrimSpace(s[i : i+j])
			if cell == "" || strings.ContainsAny(cell, "[]{}()'\"") {
				return nil, false, false
			}
			i += j
			quoted = false
		}
		cells = append(cells, cell)
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i < len(s) {
			if s[i] != ',' {
				return nil, false, false
			}
			i++
		}
	}
	if len(cells) < 2 {
		return nil, false, false
	}
	return cells, quoted, true
}

// A Field is one named value of a record.
type Field struct {
	Name, Text string
}

// KeyValues reads a line of key=value pairs separated by spaces, with
// " : " or "," between groups of them:
//
//	Threads=1 : TotalQueries=330240 TransactionsPerSec=55.04
//	Mode=randwrite : block_size=16K q_depth=4096 iops=47596.628564
//
// One word that is no pair may end the line after a " : " (a status,
// "Completed"); it is not a field. ok is false unless the line holds at
// least two pairs and nothing else.
func KeyValues(line string) (fields []Field, ok bool) {
	words := strings.Fields(line)
	for i, w := range words {
		if w == ":" || w == "," || w == "|" {
			continue
		}
		w = strings.TrimSuffix(w, ",")
		k, v, found := strings.Cut(w, "=")
		if !found || !isKey(k) || v == "" || strings.Contains(v, "=") {
			if i == len(words)-1 && i > 0 && words[i-1] == ":" && len(fields) >= 2 && isKey(w) {
				break // a trailing status word
			}
			return nil, false
		}
		fields = append(fields, Field{Name: k, Text: v})
	}
	return fields, len(fields) >= 2
}

// isKey reports a word that may name a field: a letter, then letters,
// digits, '_', '.', '-'.
func isKey(k string) bool {
	r, size := utf8.DecodeRuneInString(k)
	if size == 0 || !unicode.IsLetter(r) {
		return false
	}
	for _, r := range k[size:] {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' && r != '-' {
			return false
		}
	}
	return true
}
