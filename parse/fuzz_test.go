package parse

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzStream feeds arbitrary text through the whole dispatcher and every
// format parser. It is seeded with every real fixture. Whatever the input,
// Stream must not panic, every item must marshal to JSON (so no NaN or
// infinity escaped into a pointer field), and line numbers must lie inside
// the input.
func FuzzStream(f *testing.F) {
	for _, root := range []string{"../testdata/public", "../testdata/real"} {
		filepath.WalkDir(root, func(p string, de os.DirEntry, err error) error {
			if err == nil && de.IsDir() && strings.HasSuffix(de.Name(), "-campaign") {
				return filepath.SkipDir
			}
			if err != nil || de.IsDir() || strings.HasSuffix(p, ".md") {
				return nil
			}
			if b, err := os.ReadFile(p); err == nil && len(b) < 256<<10 {
				f.Add(b)
			}
			return nil
		})
	}
	// The table model's texts: crossed, aligned and general tables.
	if ents, err := os.ReadDir("tabular/testdata"); err == nil {
		for _, e := range ents {
			if b, err := os.ReadFile(filepath.Join("tabular/testdata", e.Name())); err == nil && !e.IsDir() && e.Name() != "SOURCES.md" {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte{'\n'}) + 1
		err := Stream(bytes.NewReader(data), "fuzz", func(it Item) {
			if _, err := json.Marshal(it); err != nil {
				t.Fatalf("%T does not marshal: %v", it, err)
			}
			switch v := it.(type) {
			case *Run:
				if v.Line < 1 || v.Line > lines || v.EndLine < v.Line || v.EndLine > lines {
					t.Fatalf("run lines %d-%d outside 1-%d", v.Line, v.EndLine, lines)
				}
				for _, iv := range v.Intervals {
					if iv.Line < 1 || iv.Line > lines {
						t.Fatalf("interval line %d outside 1-%d", iv.Line, lines)
					}
				}
			case *Error:
				if v.Line < 0 || v.Line > lines {
					t.Fatalf("error line %d outside 0-%d", v.Line, lines)
				}
			}
		})
		if err != nil {
			t.Fatalf("Stream: %v", err)
		}
	})
}
