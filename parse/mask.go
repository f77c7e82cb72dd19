package parse

import (
	"sort"
	"strings"
)

// MaskPasswords returns a command line or DSN with its passwords replaced
// by "***". It is the one masking function: every command line or DSN
// that sbreport keeps or prints goes through it.
//
// The line is read as a shell reads it: words split at white space,
// 'single' and "double" quotes, backslash escapes (SEC\ RET is one word),
// and a word starting with # begins a comment that runs to the end. It
// masks:
//
//   - the value of a long option whose name holds a password word
//     (password, passwd, pwd, pass, secret), in every spelling sysbench,
//     mysql and mysqlslap accept: --mysql-password=X, --mysql_password=X,
//     --pgsql-password=X, --password='a b'. The value may hold anything,
//     "/", ":", "@", "-" and spaces included. The separate form
//     --password X is masked too (the next word, unless it is another
//     long option or a shell operator), although these programs read a
//     value only after "=": mysql's --password X prompts and takes X as
//     the database, so masking X errs on the safe side;
//   - -pX, mysql's and mysqlslap's short form, whatever X starts with
//     (-p-secret). The value must be attached: a lone -p prompts, and the
//     word after it is the database, which is left as it is;
//   - NAME=X and name=X where NAME holds PWD, PASSWORD, PASSWD or PASS:
//     MYSQL_PWD=X, PGPASSWORD=X, and password=X in a DSN's parameters;
//   - the password of a DSN: user:X@tcp(host:3306)/db (Go's driver: X
//     runs from the first ":" to the last "@" before the address), and
//     scheme://user:X@host/db (X up to the last "@");
//   - every occurrence of a masked password in the comment
//     ("--mysql-password=X run  # X is the test password").
//
// A quote that is never closed is read as a plain character.
//
// An empty password is masked too (that a server takes an empty password
// is worth hiding), and takes nothing from what follows:
// "--mysql-password= --mysql-socket=/tmp/mysql.sock" becomes
// "--mysql-password=*** --mysql-socket=/tmp/mysql.sock".
func MaskPasswords(s string) string {
	if !mayHoldPassword(s) {
		return s
	}
	toks := shellWords(s)
	var spans []span
	var secrets []string
	add := func(sp span, secret string) {
		spans = append(spans, sp)
		if secret != "" {
			secrets = append(secrets, secret, s[sp.start:sp.end])
		}
	}
	// params masks the password parameters of value, which starts at
	// byte base of token t; whole skips a parameter that is all of t
	// (NAME=X, masked as a key and value already).
	params := func(t word, value string, base int, whole bool) {
		for _, kv := range paramPasswords(value) {
			if whole && kv.off == len(kv.key)+1 {
				continue
			}
			sp := t.at(s, base+kv.off, len(kv.val))
			if sp == t.span {
				sp = t.after(s, "=") // keep the option's or parameter's name
			}
			add(sp, kv.val)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		v := t.val
		switch {
		case strings.HasPrefix(v, "--"):
			name, val, hasVal := strings.Cut(v[2:], "=")
			if !secretName(name) {
				// A value may hold parameters: --pgsql-dsn='host=db
				// password=x', --url='...?user=u&password=x'.
				params(t, val, 2+len(name)+1, false)
				break
			}
			if hasVal {
				add(t.after(s, "="), val)
				break
			}
			if i+1 < len(toks) && takesSeparateValue(toks[i+1]) {
				i++
				add(toks[i].span, toks[i].val)
			}
		case strings.HasPrefix(v, "-p") && len(v) > 2:
			add(t.after(s, "-p"), v[2:])
		case !strings.HasPrefix(v, "-") && strings.Contains(v, "="):
			for _, kv := range keyValues(v) {
				if secretName(kv.key) {
					add(t.at(s, kv.off, len(kv.val)), kv.val)
				}
			}
			params(t, v, 0, true)
		}
		if off, n := dsnPassword(v); n > 0 {
			add(t.at(s, off, n), v[off:off+n])
		}
	}
	if len(spans) == 0 {
		return s
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	at := 0
	for _, sp := range spans {
		if sp.start < at {
			// Nested in one already masked, the same, or overlapping it:
			// the union is masked.
			at = max(at, sp.end)
			continue
		}
		b.WriteString(s[at:sp.start])
		b.WriteString("***")
		at = sp.end
	}
	b.WriteString(s[at:])
	out := b.String()
	// The comment, if any, loses every occurrence of a password.
	if c := commentStart(out); c >= 0 {
		comment := out[c:]
		sort.Slice(secrets, func(i, j int) bool { return len(secrets[i]) > len(secrets[j]) })
		for _, sec := range secrets {
			comment = strings.ReplaceAll(comment, sec, "***")
		}
		out = out[:c] + comment
	}
	return out
}

// mayHoldPassword is the fast path: a line without any of these holds
// nothing MaskPasswords masks.
func mayHoldPassword(s string) bool {
	if strings.Contains(s, "-p") || strings.IndexByte(s, '@') >= 0 {
		return true
	}
	// The words in any case: ASCII case folding finds what
	// strings.ToLower would (no other letter lowers to one of theirs).
	for i := 0; i+3 <= len(s); i++ {
		switch s[i] | 0x20 {
		case 'p':
			if hasPrefixFoldASCII(s[i:], "pass") || hasPrefixFoldASCII(s[i:], "pwd") {
				return true
			}
		case 's':
			if hasPrefixFoldASCII(s[i:], "secret") {
				return true
			}
		}
	}
	return false
}

// secretName reports whether an option, variable or parameter name names
// a password: one of its parts (split at "-", "_" and ".") ends with
// password, passwd or pwd, or is pass or secret.
func secretName(name string) bool {
	// ASCII case folding gives what strings.ToLower gives here: no
	// non-ASCII letter lowers to a letter of these words.
	for len(name) > 0 {
		i := 0
		for i < len(name) && name[i] != '-' && name[i] != '_' && name[i] != '.' {
			i++
		}
		if part := name[:i]; part != "" && (len(part) == 4 && equalFoldASCII(part, "pass") || len(part) == 6 && equalFoldASCII(part, "secret") ||
			hasSuffixFoldASCII(part, "password") || hasSuffixFoldASCII(part, "passwd") || hasSuffixFoldASCII(part, "pwd")) {
			return true
		}
		if i == len(name) {
			break
		}
		name = name[i+1:]
	}
	return false
}

// hasSuffixFoldASCII is strings.HasSuffix(strings.ToLower(s), lower) for
// an ASCII lower-case suffix.
func hasSuffixFoldASCII(s, lower string) bool {
	return len(s) >= len(lower) && equalFoldASCII(s[len(s)-len(lower):], lower)
}

// takesSeparateValue reports whether the word after a bare password
// option is its value: not another long option, a shell operator or the
// comment.
func takesSeparateValue(t word) bool {
	if t.comment || strings.HasPrefix(t.val, "--") {
		return false
	}
	switch t.val {
	case "|", "||", "&&", "&", ";", ">", ">>", "<", "2>&1", "|&", "":
		return false
	}
	return true
}

// A keyValue is NAME=VALUE; off is where VALUE starts in the word.
type keyValue struct {
	key, val string
	off      int
}

// keyValues splits NAME=VALUE, or a DSN's parameters
// ("...?tls=true&password=x&charset=utf8"), into pairs.
func keyValues(v string) []keyValue {
	if i := strings.IndexByte(v, '?'); i >= 0 && strings.Contains(v[i:], "=") {
		var kvs []keyValue
		for off := i + 1; off < len(v); {
			end := strings.IndexAny(v[off:], "&;")
			if end < 0 {
				end = len(v)
			} else {
				end += off
			}
			if k, val, ok := strings.Cut(v[off:end], "="); ok {
				kvs = append(kvs, keyValue{k, val, off + len(k) + 1})
			}
			off = end + 1
		}
		return kvs
	}
	k, val, _ := strings.Cut(v, "=")
	if strings.ContainsAny(k, " /:@") {
		return nil
	}
	return []keyValue{{k, val, len(k) + 1}}
}

// paramPasswords returns the password parameters written anywhere in a
// value, NAME=X after the start or after one of "?&;," or a blank
// (libpq's "host=db password=x", a URL's "?password=x", ODBC's
// "Server=db;Pwd=x"), NAME a password word (secretName). X runs to the
// next "&", ";" or blank, or is 'quoted' (libpq).
func paramPasswords(v string) []keyValue {
	var kvs []keyValue
	for i := 0; i < len(v); i++ {
		if i > 0 && strings.IndexByte("?&;, \t", v[i-1]) < 0 {
			continue
		}
		j := i
		for j < len(v) && (isWordChar(v[j]) || v[j] == '-' || v[j] == '.') {
			j++
		}
		if j == i || j >= len(v) || v[j] != '=' || !secretName(v[i:j]) {
			continue
		}
		off := j + 1
		end := off
		if end < len(v) && v[end] == '\'' {
			if q := strings.IndexByte(v[end+1:], '\''); q >= 0 {
				end += q + 2
			} else {
				end = len(v)
			}
		}
		for end < len(v) && strings.IndexByte("&; \t", v[end]) < 0 {
			end++
		}
		kvs = append(kvs, keyValue{v[i:j], v[off:end], off})
		i = end
	}
	return kvs
}

// dsnPassword returns where the password of a DSN in the word v starts
// and its length (0 when there is none): scheme://user:pw@host/db, or
// Go's user:pw@proto(addr)/db.
func dsnPassword(v string) (off, n int) {
	if i := strings.Index(v, "://"); i > 0 {
		rest := v[i+3:]
		at := strings.LastIndexByte(rest, '@')
		if at < 0 {
			return 0, 0
		}
		if c := strings.IndexByte(rest[:at], ':'); c >= 0 {
			return i + 3 + c + 1, at - c - 1
		}
		return 0, 0
	}
	// Go: the address is "@proto(...)": take the last such "@".
	at := -1
	for j := strings.IndexByte(v, '@'); j >= 0; {
		k := j + 1
		for k < len(v) && (v[k] >= 'a' && v[k] <= 'z' || v[k] >= '0' && v[k] <= '9') {
			k++
		}
		if k < len(v) && v[k] == '(' {
			at = j
		}
		n := strings.IndexByte(v[j+1:], '@')
		if n < 0 {
			break
		}
		j += 1 + n
	}
	if at < 0 {
		return 0, 0
	}
	start := 0
	if strings.HasPrefix(v, "-") {
		// --dsn=user:pw@tcp(...) written as one word
		if eq := strings.IndexByte(v[:at], '='); eq >= 0 {
			start = eq + 1
		}
	}
	if c := strings.IndexByte(v[start:at], ':'); c >= 0 {
		return start + c + 1, at - start - c - 1
	}
	return 0, 0
}

// A span is a byte range [start, end) of the line.
type span struct{ start, end int }

// A word is one shell word of the line: its bytes and its value once
// quotes and escapes are removed.
type word struct {
	span
	val     string
	comment bool // the word is in the trailing comment
}

// after returns the span of the word's bytes after the first occurrence
// of sep, less a closing quote that ends the word.
func (w word) after(s, sep string) span {
	raw := s[w.start:w.end]
	i := strings.Index(raw, sep)
	if i < 0 {
		return w.span
	}
	sp := span{w.start + i + len(sep), w.end}
	if q := raw[0]; (q == '\'' || q == '"') && len(raw) > 1 && raw[len(raw)-1] == q && sp.end-1 >= sp.start {
		sp.end--
	}
	return sp
}

// at returns the span of the bytes that hold val[off:off+n] of the word:
// the same bytes when the word is written plainly or in one pair of
// quotes, or the rest of the word when the value ends it; else the whole
// word.
func (w word) at(s string, off, n int) span {
	raw := s[w.start:w.end]
	switch {
	case raw == w.val:
		return span{w.start + off, w.start + off + n}
	case len(raw) == len(w.val)+2 && (raw[0] == '\'' || raw[0] == '"') && raw[len(raw)-1] == raw[0] && raw[1:len(raw)-1] == w.val:
		return span{w.start + 1 + off, w.start + 1 + off + n}
	case off+n == len(w.val) && strings.HasPrefix(raw, w.val[:off]):
		// NAME='a b', NAME=a\ b: written plainly up to the value, which
		// runs to the end of the word.
		return span{w.start + off, w.end}
	}
	return w.span
}

// shellWords splits s as a POSIX shell does.
func shellWords(s string) []word {
	var words []word
	comment := false
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		if s[i] == '#' {
			comment = true
		}
		start := i
		// A word without quotes or backslashes is a piece of s.
		j := i
		for j < len(s) && !isSpace(s[j]) && s[j] != '\'' && s[j] != '"' && s[j] != '\\' {
			j++
		}
		if j == len(s) || isSpace(s[j]) {
			words = append(words, word{span{start, j}, s[start:j], comment})
			i = j
			continue
		}
		var b strings.Builder
		for i < len(s) && !isSpace(s[i]) {
			switch c := s[i]; c {
			case '\'':
				j := strings.IndexByte(s[i+1:], '\'')
				if j < 0 {
					// Never closed: a plain character (a shell would wait
					// for more; what was captured is all there is).
					b.WriteByte(c)
					i++
					continue
				}
				b.WriteString(s[i+1 : i+1+j])
				i += j + 2
			case '"':
				if !closedQuote(s, i+1) {
					b.WriteByte(c) // never closed, as above
					i++
					continue
				}
				i++
				for i < len(s) && s[i] != '"' {
					if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
						i++
					}
					b.WriteByte(s[i])
					i++
				}
				i++
			case '\\':
				if i+1 < len(s) {
					i++
				}
				b.WriteByte(s[i])
				i++
			default:
				b.WriteByte(c)
				i++
			}
		}
		words = append(words, word{span{start, i}, b.String(), comment})
	}
	return words
}

// closedQuote reports whether a double quote opened before s[i] is closed.
func closedQuote(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return true
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// commentStart returns where the trailing comment of s begins, or -1.
func commentStart(s string) int {
	for _, w := range shellWords(s) {
		if w.comment {
			return w.start
		}
	}
	return -1
}
