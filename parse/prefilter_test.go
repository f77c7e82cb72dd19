package parse

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// testWordRE is what testWord finds without a regular expression: the
// built-in tests whose names a prose line may give.
var testWordRE = regexp.MustCompile(`(?i)\b(cpu|mutex)\b`)

// testWordByRE is testWord by testWordRE, as the reader did it before:
// the word all matches name, lower-cased, or "" when they name two.
func testWordByRE(s string) string {
	m := testWordRE.FindAllString(s, -1)
	if len(m) == 0 {
		return ""
	}
	w := strings.ToLower(m[0])
	for _, o := range m[1:] {
		if strings.ToLower(o) != w {
			return ""
		}
	}
	return w
}

// TestRegexpPrefilters checks the cheap tests that let lines skip
// promptRE and headThreadsRE, and testWord, which replaces testWordRE: on
// every line of the fixtures, and on the prompt forms promptRE
// documents, a line either regular expression matches passes its
// prefilter, and testWord finds what testWordRE finds.
func TestRegexpPrefilters(t *testing.T) {
	lines := []string{
		"user@host ~ $ sysbench cpu run", "host:~ user$ sysbench cpu run", "-bash-4.2$ sysbench cpu run",
		"~/bench $ sysbench cpu run", "bench $ ls", "➜  bench git:(main) ✗ sysbench cpu run",
		"user@host \ue0b0 ~ \ue0b0 sysbench cpu run", "user@host ~/bench  sysbench cpu run",
		"### CPU test", "Mutex benchmarking", "cpu", "MUTEX", "cPu-bound", "%Cpu0  : 16.3 us", "cpu and mutex",
		"cpu, CPU and Cpu", "mutexes", "_cpu", "cpu_", "é cpu é", "mcpu", "cpumutex", "mutex.cpu", "mute",
		"### 2. Test with 16 threads", "16 THDS", "8 个线程", "32 clients", "64 connections", "4 thdſ", "4 ThreadS",
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
	prompts, words, heads := 0, 0, 0
	for _, l := range lines {
		if got, want := testWord(l), testWordByRE(l); got != want {
			t.Errorf("testWord(%q) = %q, want %q", l, got, want)
		}
		if headThreadsRE.MatchString(l) {
			heads++
			if !mayNameThreads(l) {
				t.Errorf("headThreadsRE matches %q, which its prefilter passes over", l)
			}
		}
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 {
			prompts++
			if !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
				t.Errorf("promptRE matches %q, which its prefilter passes over", l)
			}
		}
		if testWordRE.MatchString(l) {
			words++
		}
	}
	if prompts < 8 || words < 5 || heads < 10 {
		t.Errorf("only %d prompt lines, %d test-word lines and %d thread-heading lines checked", prompts, words, heads)
	}
}

// FuzzRegexpPrefilters checks the same on any line.
func FuzzRegexpPrefilters(f *testing.F) {
	f.Add("user@host ~ $ sysbench cpu run")
	f.Add("➜  bench git:(main) ✗ sysbench")
	f.Add("### CPU test")
	f.Add("cpu, Mutex and CPU")
	f.Add("4 thdſ")
	f.Fuzz(func(t *testing.T, l string) {
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 && !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
			t.Errorf("promptRE matches %q, which its prefilter passes over", l)
		}
		if got, want := testWord(l), testWordByRE(l); got != want {
			t.Errorf("testWord(%q) = %q, want %q", l, got, want)
		}
		if headThreadsRE.MatchString(l) && !mayNameThreads(l) {
			t.Errorf("headThreadsRE matches %q, which its prefilter passes over", l)
		}
	})
}
