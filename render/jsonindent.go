package render

import (
	"encoding/json"

	"github.com/sbreport/sbreport/parse"
)

// appendIndent appends src, compact JSON (no white space outside
// strings, as json.Marshal writes it), indented as json.Indent indents
// it: json.MarshalIndent is json.Marshal and then this. json.Indent runs
// its validating scanner over every byte; the runs of results.json at
// x70 are 248 MB, and their input is known to be valid.
func appendIndent(dst, src []byte, prefix, indent string) []byte {
	depth := 0
	needIndent := false // after '{' or '[': an empty one stays "{}" / "[]"
	for i := 0; i < len(src); i++ {
		c := src[i]
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			dst = appendNewline(dst, prefix, indent, depth)
		}
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				j = len(src) - 1
			}
			dst = append(dst, src[i:j+1]...)
			i = j
		case '{', '[':
			needIndent = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			dst = appendNewline(dst, prefix, indent, depth)
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				dst = appendNewline(dst, prefix, indent, depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func appendNewline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for i := 0; i < depth; i++ {
		dst = append(dst, indent...)
	}
	return dst
}

// marshalIndent is json.MarshalIndent(v, prefix, indent), byte for
// byte, appended to dst: runs, snapshots and system statistics are
// encoded without reflection (parse.AppendRunJSON and its siblings,
// checked against json.Marshal in package parse), the rest by
// encoding/json. order keeps the snapshots' key order.
func marshalIndent(dst []byte, v any, prefix, indent string, order *parse.KeyOrder, scratch *[]byte) ([]byte, error) {
	var b []byte
	var err error
	switch x := v.(type) {
	case *parse.Run:
		b, err = parse.AppendRunJSON((*scratch)[:0], x.WithSeries())
	case *parse.Variables:
		b = parse.AppendVariablesJSONOrder((*scratch)[:0], x, order)
	case *parse.SysStat:
		b, err = parse.AppendSysStatJSON((*scratch)[:0], x)
	default:
		m, err := json.MarshalIndent(v, prefix, indent)
		return append(dst, m...), err
	}
	*scratch = b
	if err != nil {
		return dst, err
	}
	return appendIndent(dst, b, prefix, indent), nil
}
