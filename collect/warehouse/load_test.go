package warehouse

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestDecodeRun: decodeRun reads every run document of the real and
// public inputs as json.Unmarshal does, and documents whose histogram is
// not in json.Marshal's form (empty, null, reordered fields, a count
// json.Unmarshal refuses) as json.Unmarshal does too, error for error.
func TestDecodeRun(t *testing.T) {
	d, err := collect.Load(roundTripInputs)
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	withHist := 0
	for _, r := range d.Runs {
		doc, err := runDoc(r)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
		if len(r.Histogram) > 0 {
			withHist++
		}
	}
	if withHist < 180 {
		t.Fatalf("%d runs with a histogram, want at least the demo campaign's 180", withHist)
	}
	// Edited forms of a real document.
	doc := docs[0]
	i := strings.Index(doc, `"histogram":[`)
	if i < 0 {
		t.Fatalf("%s has no histogram", d.Runs[0].Source)
	}
	first := doc[i:]
	first = first[:strings.IndexByte(first, '}')+1] // "histogram":[{"value_ms":0.147,"count":1}
	docs = append(docs,
		strings.Replace(doc, `"histogram":[`, `"histogram":[],"x":[`, 1),
		strings.Replace(doc, first, `"histogram":null,"x":[{"value_ms":1,"count":1}`, 1),
		strings.Replace(doc, first, `"histogram":[{"count":1,"value_ms":0.147}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":1e-07,"count":12}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":0.147,"count":1e3}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":0.147,"count":+1}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":0x1p-2,"count":1}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":0.147, "count":1}`, 1),
		strings.Replace(doc, first, `"histogram":[{"value_ms":0.147,"count":1,"x":2}`, 1),
	)
	for n, doc := range docs {
		var a, b parse.Run
		errA := json.Unmarshal([]byte(doc), &a)
		errB := decodeRun([]byte(doc), &b)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("document %d: json.Unmarshal: %v, decodeRun: %v", n, errA, errB)
		}
		if errA != nil {
			continue
		}
		ja, _ := json.Marshal(&a)
		jb, _ := json.Marshal(&b)
		if !bytes.Equal(ja, jb) || (a.Histogram == nil) != (b.Histogram == nil) {
			t.Fatalf("document %d (%s) read differently:\n%s\n%s", n, a.Source, ja, jb)
		}
	}
}
