package collect

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestCompactSharesMaps: the demo campaign copied twice, as nightly
// campaigns are kept, read with Compact gives the document read without
// it, byte for byte as JSON, while the copies' runs share one map of
// labels per run of the campaign (180 for 360 runs), their status
// snapshots one per run too (180 for 720), and the six SHOW VARIABLES
// captures one map of values (the demo's three systems are engines of
// one server).
func TestCompactSharesMaps(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []string{"night1", "night2"} {
		if err := os.CopyFS(filepath.Join(dir, c), os.DirFS("../examples/demo-campaign")); err != nil {
			t.Fatal(err)
		}
	}
	keep := []string{"Questions", "Handler_write", "Innodb_os_log_written"}
	plain, err := LoadWith([]string{dir}, Options{StatusKeep: keep})
	if err != nil {
		t.Fatal(err)
	}
	compact, err := LoadWith([]string{dir}, Options{StatusKeep: keep, Compact: true})
	if err != nil {
		t.Fatal(err)
	}
	a, err := json.Marshal(plain)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(compact)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("Compact changes the document: %d bytes of JSON, %d without", len(b), len(a))
	}
	maps := func(ms ...map[string]string) (n int, distinct int) {
		seen := map[uintptr]bool{}
		for _, m := range ms {
			seen[reflect.ValueOf(m).Pointer()] = true
		}
		return len(ms), len(seen)
	}
	var runLabels, statusLabels, variables []map[string]string
	for _, r := range compact.Runs {
		runLabels = append(runLabels, r.Labels)
	}
	for _, v := range compact.Variables {
		switch {
		case v.Kind == "status":
			statusLabels = append(statusLabels, v.Labels)
		case len(v.Values) > 600:
			variables = append(variables, v.Values)
		}
	}
	for _, c := range []struct {
		what        string
		ms          []map[string]string
		n, wantMaps int
	}{
		{"runs' labels", runLabels, 360, 180},
		{"status snapshots' labels", statusLabels, 720, 180},
		{"SHOW VARIABLES values", variables, 6, 1},
	} {
		if n, d := maps(c.ms...); n != c.n || d != c.wantMaps {
			t.Errorf("%s: %d maps, %d distinct, want %d and %d", c.what, n, d, c.n, c.wantMaps)
		}
	}
	// The first run of each copy: innodb's oltp_insert at 16 threads,
	// its first repeat.
	first := compact.Runs[0]
	want := map[string]string{"campaign": "demo", "db_driver": "mysql", "engine": "InnoDB", "repeat": "1",
		"server": "127.0.0.1:3307", "system": "innodb", "threads": "16", "workload": "oltp_insert"}
	if !reflect.DeepEqual(first.Labels, want) {
		t.Errorf("first run's labels %v, want %v", first.Labels, want)
	}
	for _, r := range compact.Runs[1:] {
		if filepath.Base(r.Source) == filepath.Base(first.Source) && filepath.Base(filepath.Dir(r.Source)) == "oltp_insert" &&
			r.Labels["system"] == "innodb" && reflect.ValueOf(r.Labels).Pointer() != reflect.ValueOf(first.Labels).Pointer() {
			t.Errorf("%s: labels not shared with %s", r.Source, first.Source)
		}
	}
}
