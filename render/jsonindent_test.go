package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestAppendIndent indents compact JSON as json.Indent does: empty and
// nested objects and arrays, and strings holding brackets, commas,
// colons, escaped quotes and backslashes.
func TestAppendIndent(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `null`, `1.5`, `"a"`, `{"a":[]}`, `{"a":{},"b":[[],{}]}`,
		`[1,[2,[3,{"x":null}]],true,false]`,
		`{"s":"{[,:]}","t":"\"quoted\" \\ back\\\\","u":"\u003c\u0026\u003e","v":"x\\"}`,
		`{"a":{"b":{"c":[{"d":"e"},{"f":[1,2,3]}]}},"g":""}`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "  ", " "); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := appendIndent([]byte("x"), []byte(src), "  ", " "); string(got) != "x"+want.String() {
			t.Errorf("%s:\ngot  %s\nwant %s", src, got[1:], want.String())
		}
	}
}

// TestMarshalIndentDemo: every run, host, snapshot and table of the demo
// campaign, with every value of its snapshots, is written as
// json.MarshalIndent writes it.
func TestMarshalIndentDemo(t *testing.T) {
	doc, err := collect.Load([]string{"../examples/demo-campaign"})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 180 || len(doc.Variables) < 360 {
		t.Fatalf("%d runs, %d captures of variables", len(doc.Runs), len(doc.Variables))
	}
	var items []any
	for _, r := range doc.Runs {
		items = append(items, r)
	}
	for _, v := range doc.Variables {
		items = append(items, v)
	}
	for _, h := range doc.Hosts {
		items = append(items, h)
	}
	for _, x := range doc.Tables {
		items = append(items, x)
	}
	var order parse.KeyOrder
	var buf, scratch []byte
	for _, it := range items {
		want, err := json.MarshalIndent(it, "  ", " ")
		if err != nil {
			t.Fatal(err)
		}
		buf, err = marshalIndent(buf[:0], it, "  ", " ", &order, &scratch)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf, want) {
			t.Fatalf("%T differs from json.MarshalIndent:\n%.300s\n%.300s", it, buf, want)
		}
	}
}
