package collect

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// blockYAML reads the YAML that yaml.Marshal writes for a Manifest into
// the node tree yaml.Unmarshal would decode: block mappings and
// sequences, plain, single- and double-quoted scalars on one line, and
// the empty flow collections [] and {}. yaml.v3's scanner and parser
// took 16 ms a manifest (1 s of compare's CPU at x70); this reads one
// line at a time. Anything else (comments after a value, anchors, tags,
// block or multi-line scalars, flow collections with content, tabs)
// returns ok false, and the manifest is read by yaml.Unmarshal.
func blockYAML(data []byte) (doc *yaml.Node, ok bool) {
	p := &blockParser{}
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		if bytes.IndexByte(line, '\t') >= 0 || bytes.IndexByte(line, '\r') >= 0 || !utf8.Valid(line) {
			return nil, false
		}
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		text := strings.TrimRight(string(line[n:]), " ")
		if text == "" || text[0] == '#' {
			continue // a blank line, or a comment on a line of its own
		}
		if text == "---" || text == "..." || strings.HasPrefix(text, "--- ") || text[0] == '%' {
			return nil, false
		}
		p.lines = append(p.lines, blockLine{indent: n, text: text})
	}
	if len(p.lines) == 0 || p.lines[0].indent != 0 {
		return nil, false
	}
	root := p.block(0)
	if p.bad || p.i != len(p.lines) || root == nil {
		return nil, false
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}, true
}

type blockLine struct {
	indent int
	text   string
}

type blockParser struct {
	lines []blockLine
	i     int
	bad   bool
}

// block reads the mapping or sequence that starts at the current line,
// indented by at least min.
func (p *blockParser) block(min int) *yaml.Node {
	if p.i >= len(p.lines) || p.lines[p.i].indent < min {
		p.bad = true
		return nil
	}
	l := p.lines[p.i]
	if isSeqItem(l.text) {
		return p.seq(l.indent)
	}
	return p.mapping(l.indent)
}

func isSeqItem(t string) bool { return t == "-" || strings.HasPrefix(t, "- ") }

// seq reads the items of a block sequence at indent ind.
func (p *blockParser) seq(ind int) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for !p.bad && p.i < len(p.lines) && p.lines[p.i].indent == ind && isSeqItem(p.lines[p.i].text) {
		rest := strings.TrimLeft(p.lines[p.i].text[1:], " ")
		if rest == "" {
			p.i++
			n.Content = append(n.Content, p.value(ind, ""))
			continue
		}
		// The item's text is a node of its own, indented where it
		// starts: "- name: x" is a mapping whose next keys line up with
		// "name".
		at := ind + len(p.lines[p.i].text) - len(rest)
		p.lines[p.i] = blockLine{indent: at, text: rest}
		if _, _, isKey := splitKey(rest); isKey || isSeqItem(rest) {
			n.Content = append(n.Content, p.block(at))
			continue
		}
		p.i++
		n.Content = append(n.Content, p.scalar(rest, ind))
	}
	return n
}

// mapping reads the entries of a block mapping at indent ind.
func (p *blockParser) mapping(ind int) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for !p.bad && p.i < len(p.lines) && p.lines[p.i].indent == ind {
		key, rest, ok := splitKey(p.lines[p.i].text)
		if !ok {
			p.bad = true
			return nil
		}
		p.i++
		k := p.scalar(key, -1)
		if k == nil || k.Kind != yaml.ScalarNode || k.Value == "<<" && k.Style == 0 {
			p.bad = true
			return nil
		}
		n.Content = append(n.Content, k, p.value(ind, rest))
	}
	return n
}

// value reads what follows "key:" or "-" at indent ind: rest on the
// same line, else the lines below.
func (p *blockParser) value(ind int, rest string) *yaml.Node {
	if rest != "" {
		return p.scalar(rest, ind)
	}
	if p.i < len(p.lines) {
		l := p.lines[p.i]
		if l.indent > ind || l.indent == ind && isSeqItem(l.text) {
			return p.block(l.indent)
		}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
}

// splitKey splits "key: value" or "key:" into key and value; ok false
// when the text is no mapping entry.
func splitKey(t string) (key, rest string, ok bool) {
	if t == "" || t[0] == '?' || isSeqItem(t) {
		return "", "", false
	}
	if t[0] == '"' || t[0] == '\'' {
		end := closingQuote(t)
		if end < 0 || end+1 >= len(t) || t[end+1] != ':' || end+2 < len(t) && t[end+2] != ' ' {
			return "", "", false
		}
		return t[:end+1], strings.TrimLeft(t[end+2:], " "), true
	}
	if i := strings.Index(t, ": "); i >= 0 {
		return t[:i], strings.TrimLeft(t[i+2:], " "), true
	}
	if strings.HasSuffix(t, ":") {
		return t[:len(t)-1], "", true
	}
	return "", "", false
}

// closingQuote returns the index of the '"' that closes the string t
// starts, or -1.
func closingQuote(t string) int {
	if t[0] == '\'' {
		for i := 1; i < len(t); i++ {
			if t[i] == '\'' {
				if i+1 < len(t) && t[i+1] == '\'' {
					i++ // '' is a quote
					continue
				}
				return i
			}
		}
		return -1
	}
	for i := 1; i < len(t); i++ {
		switch t[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// scalar reads a scalar written on one line. A value followed by more
// deeply indented lines (a plain scalar continued) is refused; ind is
// the indent of the line it is the value of (-1 for a key).
func (p *blockParser) scalar(t string, ind int) *yaml.Node {
	if ind >= 0 && p.i < len(p.lines) && p.lines[p.i].indent > ind {
		p.bad = true
		return nil
	}
	switch t[0] {
	case '"':
		if closingQuote(t) != len(t)-1 {
			p.bad = true
			return nil
		}
		v, ok := unquoteDouble(t[1 : len(t)-1])
		if !ok {
			p.bad = true
			return nil
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Style: yaml.DoubleQuotedStyle, Tag: "!!str", Value: v}
	case '\'':
		if closingQuote(t) != len(t)-1 {
			p.bad = true
			return nil
		}
		in := t[1 : len(t)-1]
		return &yaml.Node{Kind: yaml.ScalarNode, Style: yaml.SingleQuotedStyle, Tag: "!!str", Value: strings.ReplaceAll(in, "''", "'")}
	case '[', '{':
		switch t {
		case "[]":
			return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Tag: "!!seq"}
		case "{}":
			return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Tag: "!!map"}
		}
		p.bad = true
		return nil
	case '&', '*', '!', '|', '>', '%', '@', '`', ']', '}', ',', '#', '?':
		p.bad = true
		return nil
	case '-':
		if t == "-" || strings.HasPrefix(t, "- ") {
			p.bad = true
			return nil
		}
	}
	if strings.Contains(t, " #") || strings.Contains(t, ": ") || strings.HasSuffix(t, ":") || t == "<<" {
		p.bad = true
		return nil
	}
	// The tag as yaml.v3's parser resolves a plain scalar's.
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: t}
	n.Tag = n.ShortTag()
	return n
}

// unquoteDouble decodes the escapes of a double-quoted YAML scalar that
// yaml.v3 writes; ok false for any other.
func unquoteDouble(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch s[i] {
		case '0':
			b.WriteByte(0)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case ' ':
			b.WriteByte(' ')
		case '"':
			b.WriteByte('"')
		case '/':
			b.WriteByte('/')
		case '\\':
			b.WriteByte('\\')
		case 'N':
			b.WriteString("\u0085")
		case '_':
			b.WriteString("\u00a0")
		case 'L':
			b.WriteString("\u2028")
		case 'P':
			b.WriteString("\u2029")
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[i]]
			if i+1+n > len(s) {
				return "", false
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
				return "", false
			}
			b.WriteRune(rune(v))
			i += n
		default:
			return "", false
		}
	}
	return b.String(), true
}
