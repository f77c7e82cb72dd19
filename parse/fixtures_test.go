package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eachFixture calls fn with the path and content of every text fixture
// under testdata (compressed files left out).
func eachFixture(t *testing.T, fn func(path string, data []byte) error) {
	t.Helper()
	err := filepath.WalkDir("../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".gz") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return fn(p, data)
	})
	if err != nil {
		t.Fatal(err)
	}
}
