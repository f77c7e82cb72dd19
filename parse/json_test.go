package parse

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestUnrecognisedJSONLines checks that a script printing its results as
// JSON lines, one object a line (centminmod-sysbench, see
// testdata/public/centminmod/SOURCES.md), gets one report for each run of
// such lines, not one a line, in its place among the other problems.
func TestUnrecognisedJSONLines(t *testing.T) {
	const f = "../testdata/public/centminmod/centminmod-sysbench-1.0.20-cpu-condensed-json-lines-metric-csv-markdown-restated.md"
	text, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := Stream(strings.NewReader(string(text)), "in", func(it Item) {
		if e, ok := it.(*Error); ok && strings.Contains(e.Message, "JSON") {
			got = append(got, e.Error())
		}
	}); err != nil {
		t.Fatal(err)
	}
	const expect = " (expected lscpu -J, lsblk -J or sysbench report_json output)"
	want := []string{
		"in:93: 8 JSON documents not recognised at lines 93-100" + expect,
		"in:135: 8 JSON documents not recognised at lines 135-142" + expect,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// A lone document is reported as before, and two apart twice.
	got = nil
	Stream(strings.NewReader("{\"a\":1}\ntext\nmore text\n{\"b\":2}\n"), "in", func(it Item) {
		if e, ok := it.(*Error); ok && strings.Contains(e.Message, "JSON") {
			got = append(got, e.Error())
		}
	})
	want = []string{"in:1: JSON document not recognised" + expect, "in:4: JSON document not recognised" + expect}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
