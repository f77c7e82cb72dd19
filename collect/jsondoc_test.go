package collect

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// docJSON writes a document as parse --json does.
func docJSON(t *testing.T, d *parse.Document) []byte {
	t.Helper()
	d.Format = parse.Format
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJSONRoundTrip reads real inputs, writes their JSON, reads that back
// and requires the same document: a user may edit the JSON and report
// again without losing anything.
func TestJSONRoundTrip(t *testing.T) {
	for _, in := range []string{
		"../examples/demo-campaign/rocksdb/oltp_insert",
		"../testdata/public/identity/sb0.4.12-and-1.0-cpu-fileio-seven-hosts-prompts-korean-table.txt",
		"../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt",
		"../testdata/real/sysbench-1.0.20-oltp_read_write-innodb-4thr-10s-with-sysstat.txt",
	} {
		t.Run(filepath.Base(in), func(t *testing.T) {
			d1, err := Load([]string{in})
			if err != nil || len(d1.Runs) == 0 {
				t.Fatalf("%v, %d runs", err, len(d1.Runs))
			}
			b1 := docJSON(t, d1)
			p := filepath.Join(t.TempDir(), "doc.json")
			if err := os.WriteFile(p, b1, 0o644); err != nil {
				t.Fatal(err)
			}
			d2, err := Load([]string{p})
			if err != nil {
				t.Fatal(err)
			}
			if b2 := docJSON(t, d2); !bytes.Equal(b1, b2) {
				t.Errorf("read back differs: %d runs → %d runs\n%s\n%s", len(d1.Runs), len(d2.Runs), b1[:min(400, len(b1))], b2[:min(400, len(b2))])
			}
		})
	}
}

// TestJSONEditedLabelWins: a label fixed in the JSON by hand is what the
// next reading sees, and --set still has the last word over it.
func TestJSONEditedLabelWins(t *testing.T) {
	d, err := Load([]string{"../examples/demo-campaign/aria/oltp_insert/1thr-r1.txt"})
	if err != nil || len(d.Runs) != 1 || d.Runs[0].Labels["engine"] != "Aria" {
		t.Fatalf("%v %d runs", err, len(d.Runs))
	}
	d.Runs[0].Labels["engine"] = "aria-tuned"
	p := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(p, docJSON(t, d), 0o644); err != nil {
		t.Fatal(err)
	}
	d2, _ := Load([]string{p})
	if got := d2.Runs[0].Labels["engine"]; got != "aria-tuned" {
		t.Errorf("engine %q after editing the JSON", got)
	}
	d3, _ := LoadWith([]string{p}, Options{Set: map[string]string{"engine": "aria2"}})
	if r := d3.Runs[0]; r.Labels["engine"] != "aria2" || r.LabelFrom["engine"] != "--set engine=aria2" {
		t.Errorf("--set: engine %q from %q", r.Labels["engine"], r.LabelFrom["engine"])
	}
}

// TestJSONUnknownFormat: a document of a format this sbreport does not
// read is named as such, not guessed at.
func TestJSONUnknownFormat(t *testing.T) {
	p := filepath.Join(t.TempDir(), "future.json")
	os.WriteFile(p, []byte(`{"format": "sbreport/2", "runs": []}`), 0o644)
	d, _ := Load([]string{p})
	if len(d.Errors) != 1 || !strings.Contains(d.Errors[0].Message, `format "sbreport/2": this sbreport reads "sbreport/1"`) {
		t.Errorf("errors %v", d.Errors)
	}
}

// TestNameAndSetInsideCampaign: NAME=PATH and --set win over a campaign
// manifest's labels.
func TestNameAndSetInsideCampaign(t *testing.T) {
	d, err := LoadWith([]string{"old=../examples/demo-campaign/innodb/oltp_insert"}, Options{Set: map[string]string{"build": "b1"}})
	if err != nil || len(d.Runs) == 0 {
		t.Fatal(err)
	}
	for _, r := range d.Runs {
		want := map[string]string{"system": "old", "build": "b1"}
		got := map[string]string{"system": r.Labels["system"], "build": r.Labels["build"]}
		if !reflect.DeepEqual(got, want) || r.LabelFrom["system"] != "old=../examples/demo-campaign/innodb/oltp_insert argument" {
			t.Fatalf("%s:%d: labels %v from %v", r.Source, r.Line, r.Labels, r.LabelFrom)
		}
	}
}
