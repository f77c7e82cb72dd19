package render

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/sbreport/sbreport/analyze"
)

// TestStreamIsMarshalIndent writes the demo campaign's analysis, report
// view and efficiencies a part at a time and compares the bytes with
// json.MarshalIndent's, then values that take encoding/json's other
// paths: omitted and nil fields, methods on values and on pointers,
// embedded fields, options stream does not follow, maps and bytes.
func TestStreamIsMarshalIndent(t *testing.T) {
	d := demoFigures(t)
	rp := analyze.NewReport(d.doc, d.an)
	check := func(name string, v any) {
		t.Helper()
		want, err := json.MarshalIndent(v, " ", " ")
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		o := &jsonObject{w: &buf}
		o.stream(reflect.ValueOf(v), " ", 0)
		if o.err != nil {
			t.Fatalf("%s: %v", name, o.err)
		}
		if got := buf.Bytes(); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: streamed JSON differs from json.MarshalIndent's at byte %d of %d: %.80q, want %.80q", name, i, len(want), got[min(i, len(got)):], want[i:])
		}
	}
	if len(d.an.Stability) < 100 {
		t.Fatalf("demo analysis: %d runs' stability, want 100 or more", len(d.an.Stability))
	}
	check("analysis", d.an)
	check("report", rp)
	check("efficiency", analyze.Efficiencies(d.doc, d.an.Dataset))

	type inner struct {
		A int     `json:"a,omitempty"`
		B *string `json:"b"`
	}
	type embeds struct {
		inner
		C int `json:"c"`
	}
	type options struct {
		N int       `json:"n,string"`
		Z time.Time `json:"z,omitzero"`
	}
	s := "x<y>&"
	check("values", struct {
		Ptr      *inner           `json:"ptr"`
		NilPtr   *inner           `json:"nil_ptr"`
		Empty    []inner          `json:"empty"`
		Nil      []inner          `json:"nil"`
		Omitted  []int            `json:"omitted,omitempty"`
		List     []*inner         `json:"list"`
		Map      map[string]inner `json:"map"`
		Bytes    []byte           `json:"bytes"`
		Array    [2]byte          `json:"array"`
		Any      any              `json:"any"`
		NilAny   any              `json:"nil_any"`
		Time     time.Time        `json:"time"`
		Embeds   embeds           `json:"embeds"`
		Options  options          `json:"options"`
		Summary  analyze.Summary  `json:"summary"`
		Warnings analyze.Warnings `json:"warnings"`
		Nested   [][]inner        `json:"nested"`
		NoTag    float64
		private  int
		Skipped  int               `json:"-"`
		Strs     map[string]string `json:"strs,omitempty"`
	}{
		Ptr: &inner{1, &s}, Empty: []inner{}, List: []*inner{{2, nil}, nil, {0, &s}},
		Map: map[string]inner{"k<": {3, &s}}, Bytes: []byte("hi"), Array: [2]byte{1, 2},
		Any: inner{4, nil}, Time: time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC),
		Embeds: embeds{inner{5, nil}, 6}, Options: options{N: 7},
		Summary: analyze.Summary{Center: 1.5, Lo: math.Inf(-1), Hi: 2},
		Nested:  [][]inner{{{8, nil}}, {}}, NoTag: 0.1, private: 9,
	})
}
