package collect

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// sameAsUnmarshal checks that decodeManifest gives what yaml.Unmarshal
// gives, and returns whether blockYAML read the text.
func sameAsUnmarshal(t *testing.T, name string, data []byte) bool {
	t.Helper()
	var want Manifest
	werr := yaml.Unmarshal(data, &want)
	got, err := decodeManifest(data)
	if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("%s: error %v, yaml.Unmarshal's %v", name, err, werr)
	}
	if err == nil && !reflect.DeepEqual(*got, want) {
		t.Fatalf("%s: decoded manifest differs from yaml.Unmarshal's", name)
	}
	doc, ok := blockYAML(data)
	if ok {
		var m Manifest
		if err := doc.Decode(&m); err != nil || !reflect.DeepEqual(m, want) {
			t.Fatalf("%s: blockYAML's tree decodes to another manifest (%v)", name, err)
		}
	}
	return ok
}

// TestBlockYAMLManifests: every campaign manifest of the repository is
// read by blockYAML, into what yaml.Unmarshal reads.
func TestBlockYAMLManifests(t *testing.T) {
	files, _ := filepath.Glob("../testdata/real/*/campaign.yaml")
	files = append(files, "../examples/demo-campaign/campaign.yaml")
	if len(files) < 5 {
		t.Fatalf("%d manifests", len(files))
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !sameAsUnmarshal(t, p, data) {
			t.Errorf("%s: not read by blockYAML", p)
		}
	}
}

// TestBlockYAMLWritten: manifests with awkward strings, written by
// yaml.Marshal as sbreport run writes them, decode as yaml.Unmarshal
// decodes them.
func TestBlockYAMLWritten(t *testing.T) {
	awkward := []string{"", " lead", "trail ", "a: b", "a:", "- x", "-1", "007", "1e3", "0x1F", "true", "yes",
		"no", "null", "~", "#hash", "a #b", "a#b", "'single'", `"double"`, `back\slash`, "tab\there", "line\nbreak",
		"ünïcödé", "中文", "\x01ctl", "[flow]", "{map}", "&anchor", "*alias", "!tag", "|block", ">fold", "%pct",
		"@at", "`tick", "key: value: more", "2026-11-30", "2026-11-30T01:18:32Z", "1:20", "<<", "? q", ",comma",
		strings.Repeat("long words ", 20), "\u2028sep", "a\u00a0nbsp"}
	started := time.Date(2026, 11, 30, 1, 18, 32, 0, time.UTC)
	hw := 0.013
	m := &Manifest{Format: ManifestFormat, Status: CampaignComplete, Started: started, Ended: &started,
		Host:     Captures{Files: map[string]string{"lscpu": "host/lscpu.txt"}, Errors: awkward},
		Plan:     map[string]any{"labels": map[string]any{"campaign": "x"}, "threads": []any{1, 2}, "list": awkward},
		Cells:    []CellRepeats{{Cell: "a/b/1thr", Runs: []string{"a/b/1thr-r1"}, Repeats: 1, Max: 5, HalfWidth: &hw, Until: 0.02}},
		Settings: []ServerSetting{{Server: "127.0.0.1:3307", Name: "innodb_flush_log_at_trx_commit", Original: "1"}},
	}
	for i, s := range awkward {
		m.Systems = append(m.Systems, SystemEntry{Name: "s" + string(rune('a'+i%26)), Engine: s, Address: s,
			Labels: map[string]string{s: s, "k": s}, Endpoints: []string{s}})
		m.Runs = append(m.Runs, &RunEntry{ID: "r/" + s, Status: RunOK, Labels: map[string]string{"v": s},
			Command: s, Started: &started, Error: s})
	}
	data, err := yaml.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	sameAsUnmarshal(t, "written", data)
	// One string at a time: the ones blockYAML reads it must read right.
	read := 0
	for _, s := range awkward {
		one := &Manifest{Format: ManifestFormat, Runs: []*RunEntry{{ID: s, Labels: map[string]string{s: s}}}, Plan: map[string]any{"x": s}}
		data, err := yaml.Marshal(one)
		if err != nil {
			t.Fatal(err)
		}
		if sameAsUnmarshal(t, s, data) {
			read++
		}
	}
	if read < len(awkward)*3/4 {
		t.Errorf("blockYAML read %d of %d manifests", read, len(awkward))
	}
}

// TestBlockYAMLRefuses: YAML beyond what yaml.Marshal writes for a
// manifest is left to yaml.Unmarshal, and decodes as it decodes it.
func TestBlockYAMLRefuses(t *testing.T) {
	head := "format: sbreport-campaign/1\nstatus: complete\n"
	for _, tail := range []string{
		"error: |\n    two\n    lines\n",
		"error: >\n    folded\n",
		"error: a plain\n    continued scalar\n",
		"error: \"a double\n    quoted one\"\n",
		"tools: &t\n    sysbench: x\nerror: *t\n",
		"error: !!str 5\n",
		"error: x # a comment\n",
		"runs: [{id: a}]\n",
		"---\nerror: x\n",
		"error:\ttab\n",
		"? complex\n: key\n",
	} {
		data := []byte(head + tail)
		if _, ok := blockYAML(data); ok {
			t.Errorf("%q: read by blockYAML", tail)
		}
		var want Manifest
		werr := yaml.Unmarshal(data, &want)
		got, err := decodeManifest(data)
		if (err == nil) != (werr == nil) || err == nil && !reflect.DeepEqual(*got, want) {
			t.Errorf("%q: %v %v, yaml.Unmarshal: %v %v", tail, got, err, want, werr)
		}
	}
}
