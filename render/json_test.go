package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// TestJSONAsOneEncoding: results.json, written a field and an element at
// a time, is byte for byte what json.Encoder writes of the whole object,
// for the demo campaign (runs, hosts, status and variables captures,
// tables, efficiency) and for a document with no runs.
func TestJSONAsOneEncoding(t *testing.T) {
	for _, inputs := range [][]string{{"../examples/demo-campaign"}, {"testdata/sweep"},
		// Setup facts read from a page's prose.
		{"../testdata/public/writeups/tidb-3.0-vs-2.1-sysbench-1.0.17-prose-setup-16-tables-lasts-5-minutes-en.md"}} {
		doc := load(t, inputs...)
		an := analyze.Analyze(doc, analyze.Options{})
		check := func(doc *parse.Document, an *analyze.Analysis) {
			var got, want bytes.Buffer
			if err := JSON(&got, doc, an, nil); err != nil {
				t.Fatal(err)
			}
			rp := analyze.NewReport(doc, an)
			var ds *analyze.Dataset
			if an != nil {
				ds = an.Dataset
			}
			d := *doc
			d.Format = parse.Format
			enc := json.NewEncoder(&want)
			enc.SetIndent("", " ")
			if err := enc.Encode(struct {
				*parse.Document
				Analysis   *analyze.Analysis              `json:"analysis"`
				Efficiency map[string]*analyze.Efficiency `json:"efficiency,omitempty"`
				Report     *analyze.Report                `json:"report"`
			}{&d, an, analyze.Efficiencies(doc, ds), rp}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.Bytes(), want.Bytes()
				i := 0
				for i < len(g) && i < len(w) && g[i] == w[i] {
					i++
				}
				lo := max(0, i-200)
				t.Fatalf("%v: differs at byte %d of %d (want %d):\n got: %q\nwant: %q", inputs, i, len(g), len(w), g[lo:min(len(g), i+100)], w[lo:min(len(w), i+100)])
			}
			if got.Len() < 1000 {
				t.Fatalf("%v: %d bytes", inputs, got.Len())
			}
		}
		check(doc, an)
		empty := &parse.Document{Errors: doc.Errors, Tables: []*parse.TableStatus{}}
		check(empty, analyze.Analyze(empty, analyze.Options{}))
	}
}
