package collect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// sbreport reads its own JSON back: the document parse --json prints and
// the results.json of a report. A user can fix what sbreport inferred
// (a label, a test) by editing the JSON and reading it again; the runs
// keep the sources and lines they came from.

// sniffJSONDoc reports whether the text starts a JSON document that
// names an sbreport format ("format": "sbreport/..."), and which.
func sniffJSONDoc(head []byte) (format string, ok bool) {
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(t) == 0 || t[0] != '{' {
		return "", false
	}
	i := bytes.Index(t, []byte(`"format"`))
	if i < 0 || i > 64 {
		return "", false
	}
	rest := bytes.TrimLeft(t[i+len(`"format"`):], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return "", false
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	var f string
	dec := json.NewDecoder(bytes.NewReader(rest))
	if err := dec.Decode(&f); err != nil || !strings.HasPrefix(f, "sbreport/") {
		return "", false
	}
	return f, true
}

// readJSONDoc reads an sbreport JSON document and passes its items to
// emit, in the order the document lists them.
func readJSONDoc(r io.Reader, name, format string, emit func(parse.Item, string)) {
	if format != parse.Format {
		emit(&parse.Error{Source: name, Line: 1, Message: fmt.Sprintf(
			"JSON document of format %q: this sbreport reads %q (expected a document it wrote, or text output)", format, parse.Format)}, "")
		return
	}
	// The analysis of a results.json is computed again, not read.
	var d parse.Document
	dec := json.NewDecoder(bufio.NewReader(r))
	if err := dec.Decode(&d); err != nil {
		emit(&parse.Error{Source: name, Message: "sbreport JSON document not read: " + err.Error() + " (expected the JSON that parse --json or report wrote)"}, "")
		return
	}
	for _, it := range d.Items() {
		if r, ok := it.(*parse.Run); ok && r.Labels == nil {
			r.Labels = map[string]string{}
		}
		emit(it, "")
	}
}

// jsonDoc reads a JSON document of sbreport's: its runs and captures keep
// their labels, over which NAME=PATH and --set still have the last word
// (labels holds those, from says where they came from).
func (w *walker) jsonDoc(out fileOut, r io.Reader, p, name, format string, labels, from map[string]string, scope string) {
	readJSONDoc(r, name, format, func(it parse.Item, _ string) {
		switch v := it.(type) {
		case *parse.Run:
			for k, f := range from {
				v.SetLabelFrom(k, labels[k], f)
			}
		case *parse.Host:
			v.Labels = overLabels(v.Labels, labels, from)
		case *parse.Variables:
			v.Labels = overLabels(v.Labels, labels, from)
			v.KeepStatus(w.opts.StatusKeep)
		case *parse.TableStatus:
			v.Labels = overLabels(v.Labels, labels, from)
		case *parse.SysStat:
			v.Labels = overLabels(v.Labels, labels, from)
		}
		out.holdDoc(it, p, scope)
	})
}

// overLabels sets the labels the user gave (those named in from).
func overLabels(dst, labels, from map[string]string) map[string]string {
	for k := range from {
		if dst == nil {
			dst = map[string]string{}
		}
		dst[k] = labels[k]
	}
	return dst
}
