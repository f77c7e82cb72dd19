package parse

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegexpPrefilters checks the cheap tests that let lines skip
// promptRE and testWordRE: on every line of the fixtures, and on the
// prompt forms promptRE documents, a line either regular expression
// matches passes its prefilter.
func TestRegexpPrefilters(t *testing.T) {
	lines := []string{
		"user@host ~ $ sysbench cpu run", "host:~ user$ sysbench cpu run", "-bash-4.2$ sysbench cpu run",
		"~/bench $ sysbench cpu run", "bench $ ls", "➜  bench git:(main) ✗ sysbench cpu run",
		"user@host \ue0b0 ~ \ue0b0 sysbench cpu run", "user@host ~/bench  sysbench cpu run",
		"### CPU test", "Mutex benchmarking", "cpu", "MUTEX", "cPu-bound",
	}
	err := filepath.WalkDir("../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".gz") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		s.Buffer(nil, 1<<20)
		for s.Scan() {
			lines = append(lines, strings.TrimSpace(s.Text()))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	prompts, words := 0, 0
	for _, l := range lines {
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 {
			prompts++
			if !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
				t.Errorf("promptRE matches %q, which its prefilter passes over", l)
			}
		}
		if testWordRE.MatchString(l) {
			words++
			if !containsFoldASCII(l, "cpu") && !containsFoldASCII(l, "mutex") {
				t.Errorf("testWordRE matches %q, which its prefilter passes over", l)
			}
		}
	}
	if prompts < 8 || words < 5 {
		t.Errorf("only %d prompt lines and %d test-word lines checked", prompts, words)
	}
}

// FuzzRegexpPrefilters checks the same on any line.
func FuzzRegexpPrefilters(f *testing.F) {
	f.Add("user@host ~ $ sysbench cpu run")
	f.Add("➜  bench git:(main) ✗ sysbench")
	f.Add("### CPU test")
	f.Fuzz(func(t *testing.T, l string) {
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 && !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
			t.Errorf("promptRE matches %q, which its prefilter passes over", l)
		}
		if testWordRE.MatchString(l) && !containsFoldASCII(l, "cpu") && !containsFoldASCII(l, "mutex") {
			t.Errorf("testWordRE matches %q, which its prefilter passes over", l)
		}
	})
}
