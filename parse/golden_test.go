package parse

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// parseFile parses a fixture with parse.All, naming it by its base name.
func parseFile(t testing.TB, path string) *Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := All(f, filepath.Base(path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return d
}

// goldenPath maps a fixture path to its golden file:
// ../testdata/public/sysbench-1.0/x.log → ../testdata/golden/public/sysbench-1.0/x.log.json.
func goldenPath(fixture string) string {
	rel := fixture
	if i := strings.Index(fixture, "testdata/"); i >= 0 {
		rel = fixture[i+len("testdata/"):]
	}
	return filepath.Join("..", "testdata", "golden", rel+".json")
}

// checkGolden parses fixture and compares the JSON of what it yields with
// its golden file (rewritten with -update). It returns the document.
func checkGolden(t *testing.T, fixture string) *Document {
	t.Helper()
	d := parseFile(t, fixture)
	got, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatalf("%s: marshal: %v", fixture, err)
	}
	got = append(got, '\n')
	gp := goldenPath(fixture)
	if *update {
		if err := os.MkdirAll(filepath.Dir(gp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(gp, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return d
	}
	want, err := os.ReadFile(gp)
	if err != nil {
		t.Fatalf("%s: %v (run go test ./parse -update to create it)", fixture, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: output differs from %s (run go test ./parse -update after checking the change):\n%s", fixture, gp, firstDiff(string(want), string(got)))
	}
	return d
}

// firstDiff shows the first differing line of two texts with context.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + itoa(i+1) + ":\n- " + wl + "\n+ " + gl
		}
	}
	return ""
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestGoldenFixtures checks the golden JSON of every fixture under
// testdata/public and testdata/real.
func TestGoldenFixtures(t *testing.T) {
	var files []string
	for _, root := range []string{"../testdata/public", "../testdata/real"} {
		filepath.WalkDir(root, func(p string, de os.DirEntry, err error) error {
			if err == nil && de.IsDir() && strings.HasSuffix(de.Name(), "-campaign") {
				return filepath.SkipDir // campaign directories are read through collect (cmd/sbreport tests)
			}
			if err == nil && de.IsDir() && (strings.HasPrefix(de.Name(), "holdout") || strings.HasPrefix(de.Name(), "train")) {
				return filepath.SkipDir // holdout…, train…: scored against their expectations (cmd/sbreport TestHoldoutScore), not frozen
			}
			if err != nil || de.IsDir() || strings.EqualFold(de.Name(), "SOURCES.md") || strings.EqualFold(de.Name(), "README.md") ||
				strings.HasSuffix(de.Name(), ".expect.yaml") {
				return nil
			}
			files = append(files, p)
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatal("no fixtures under testdata/public or testdata/real")
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, "../testdata/"), func(t *testing.T) { checkGolden(t, f) })
	}
}
