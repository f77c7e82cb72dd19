package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestMadeByReruns makes a report with arguments a shell would split
// (a title with spaces and a quote, a base and a filter) and checks
// that the appendix's "made by" line, split by a POSIX shell, gives the
// arguments back: the line re-runs as printed.
func TestMadeByReruns(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to split the line")
	}
	in := filepath.Join("..", "..", "render", "testdata", "engines")
	out := filepath.Join(t.TempDir(), "rep dir")
	args := []string{"report", "--title", "InnoDB vs RocksDB: it's 4 threads", "--base", "rocksdb",
		"--where", "engine=innodb", "--where", "engine=rocksdb", "-o", out, in}
	var so, se bytes.Buffer
	if err := run(args, &so, &se); err != nil {
		t.Fatalf("report: %v\n%s", err, se.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "appendix.md"))
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "This report was made by `"
	var line string
	for _, l := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(l, prefix) {
			line = strings.TrimSuffix(strings.TrimPrefix(l, prefix), "`.")
		}
	}
	if line == "" {
		t.Fatalf("no made-by line in appendix.md")
	}
	if !strings.Contains(line, "--title 'InnoDB vs RocksDB: it'\\''s 4 threads'") {
		t.Errorf("title not quoted for the shell: %s", line)
	}
	got, err := exec.Command(sh, "-c", `printf '%s\0' `+line).Output()
	if err != nil {
		t.Fatalf("sh could not read %s: %v", line, err)
	}
	words := strings.Split(strings.TrimSuffix(string(got), "\x00"), "\x00")
	if want := append([]string{"sbreport"}, args...); !reflect.DeepEqual(words, want) {
		t.Errorf("made by %s\nsplits into %q\nwant %q", line, words, want)
	}
}

func TestShellQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"MariaDB 10.3", "'MariaDB 10.3'"},
		{"--base=innodb", "--base=innodb"},
		{"engine=innodb", "engine=innodb"},
		{"", "''"},
		{"it's", `'it'\''s'`},
		{"$engine", "'$engine'"},
		{"a*b", "'a*b'"},
	} {
		if got := shellQuote(tc.in); got != tc.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
