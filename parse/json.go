package parse

import "strings"

// A jsonHandler decodes a JSON document (lines of a balanced or truncated
// JSON text) into items. It returns false when the document is not of its
// kind; of a format's handlers (format.json), the first that accepts it
// wins.
type jsonHandler func(lines []Line, c *ctx) bool

// maxJSONLines bounds a JSON block so that an unbalanced brace cannot
// swallow the rest of a large input.
const maxJSONLines = 100000

// jsonBlock collects the lines of one JSON document: from a line starting
// with '{' or '[' until the brackets balance again.
type jsonBlock struct {
	lines    []Line
	bytes    int  // length of the lines' raw text
	cut      bool // the document reached maxJSONLines or MaxJSONBytes
	depth    int
	inString bool
	escaped  bool
	started  bool
}

// detectJSON starts a block at a line that opens a JSON object or array.
// Interim report lines ("[ 1s ] ...", "[  10s] ...") are not JSON.
func detectJSON(l *Line, c *ctx) block {
	t := l.Text
	if t == "" || (t[0] != '{' && t[0] != '[') {
		return nil
	}
	if t[0] == '{' && len(t) > 1 && (t[1] == '%' || t[1] == ':' || t[1] == '{') {
		// A template tag ("{% highlight bash %}", Jekyll's Liquid; Hugo's
		// shortcodes "{{% notice Note %}}", "{{< tab >}}"; "{{ .Values }}")
		// or a kramdown attribute list ("{:toc}"): an object's first
		// member is a string, so no JSON starts so.
		return nil
	}
	if t[0] == '[' {
		rest := strings.TrimLeft(t[1:], " \t")
		if rest != "" && rest[0] != '{' && rest[0] != '[' && rest[0] != '"' && rest[0] != ']' {
			return nil
		}
		if inner := strings.TrimLeft(strings.TrimPrefix(rest, "["), " \t"); rest != "" && rest[0] == '[' && inner != "" &&
			!strings.ContainsRune("{[]\"-0123456789tfn", rune(inner[0])) {
			return nil // an Org link "[[./img/cpu.png]]", a wiki link "[[Page]]": no array holds that
		}
	}
	b := &jsonBlock{}
	if b.feed(l) == done {
		b.depth = -1 // already complete
	}
	return b
}

func (b *jsonBlock) feed(l *Line) status {
	if b.depth < 0 {
		return rejected
	}
	if len(b.lines) >= maxJSONLines || b.bytes+len(l.Raw) > MaxJSONBytes {
		b.cut = true
		return rejected
	}
	if b.started && !jsonLine(l.Text) {
		// A document cut short (a killed run, a truncated paste) must not
		// swallow the text that follows it.
		return rejected
	}
	b.lines = append(b.lines, *l)
	b.bytes += len(l.Raw) + 1
	s := l.Raw
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if b.inString {
			switch {
			case b.escaped:
				b.escaped = false
			case ch == '\\':
				b.escaped = true
			case ch == '"':
				b.inString = false
			}
			continue
		}
		switch ch {
		case '"':
			b.inString = true
		case '{', '[':
			b.depth++
			b.started = true
		case '}', ']':
			b.depth--
		}
	}
	b.inString = false // a JSON string never spans lines
	if b.started && b.depth <= 0 {
		return done
	}
	return consumed
}

func (b *jsonBlock) end(c *ctx) {
	if b.cut {
		last := b.lines[len(b.lines)-1].No
		c.errorf(b.lines[0].No, "JSON document longer than %d lines or %d MiB: read up to line %d, the rest as further documents or text",
			maxJSONLines, MaxJSONBytes>>20, last)
	}
	for _, h := range c.f.json {
		if h(b.lines, c) {
			return
		}
	}
	first, last := b.lines[0].No, b.lines[len(b.lines)-1].No
	if p := c.badJSON; p != nil && first <= p.last+2 {
		p.last = last
		p.n++
		return
	}
	c.flushBadJSON()
	c.badJSON = &badJSON{first: first, last: last, n: 1}
}

// badJSON spans documents that no handler recognised, one after the
// other (a blank line between them at most): a script that prints its
// results as JSON lines ({"key":"threads:","value":"1"}, ...) gets one
// report for the lines, not one a line.
type badJSON struct{ first, last, n int }

// flushBadJSON reports the unrecognised documents held, if any.
func (c *ctx) flushBadJSON() {
	p := c.badJSON
	if p == nil {
		return
	}
	c.badJSON = nil
	if p.n == 1 {
		c.errorf(p.first, "JSON document not recognised (expected %s)", c.f.jsonDoc)
		return
	}
	c.errorf(p.first, "%d JSON documents not recognised at lines %d-%d (expected %s)", p.n, p.first, p.last, c.f.jsonDoc)
}

// jsonLine reports whether a line inside a document can be JSON: blank,
// or starting with a bracket, a quote, a comma, a number or a literal.
func jsonLine(t string) bool {
	if t == "" {
		return true
	}
	switch c := t[0]; {
	case strings.IndexByte("{}[]\",-", c) >= 0, c >= '0' && c <= '9':
		return true
	case strings.HasPrefix(t, "true"), strings.HasPrefix(t, "false"), strings.HasPrefix(t, "null"):
		return true
	}
	return false
}

// joinRaw returns the raw text of lines joined by newlines.
func joinRaw(lines []Line) string {
	var sb strings.Builder
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l.Raw)
	}
	return sb.String()
}
