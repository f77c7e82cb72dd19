package collect

import (
	"path/filepath"
	"testing"
)

// TestTreeRelAsFilepath: tree.rel of the OS gives what filepath.Abs then
// filepath.Rel give, for names under the directory (read without
// cleaning them again) and others.
func TestTreeRelAsFilepath(t *testing.T) {
	tr := newTree(nil)
	if !tr.os {
		t.Fatal("newTree(nil) is not the OS tree")
	}
	dirs := []string{"/tmp/perf2-x70/c1", "/tmp/c", "/a/./b", "/a/../b", "/a/b/", "/"}
	tails := []string{"innodb/oltp_insert/16thr-r1.status.txt.gz", "x", "campaign.yaml", "a/b", "a//b", "a/./b",
		"a/../b", "..", ".", "a/", "../x", "./x", "a/..", "a/.", ".hidden/x", "...", "a..b/c"}
	slow := func(dir, p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			return ""
		}
		rel, err := filepath.Rel(dir, abs)
		if err != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	for _, d := range dirs {
		for _, tail := range tails {
			for _, p := range []string{d + "/" + tail, d + tail, d, "/elsewhere/" + tail, tail} {
				if got, want := tr.rel(d, p), slow(d, p); got != want {
					t.Errorf("rel(%q, %q) = %q, want %q", d, p, got, want)
				}
			}
		}
	}
}
