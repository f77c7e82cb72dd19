package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// parse /dev/zero ends at once with an error naming it, and so does
// /dev/zero on standard input.
func TestParseDevZero(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/zero")
	}
	var so, se bytes.Buffer
	err := run([]string{"parse", "/dev/zero"}, &so, &se)
	if !errors.Is(err, errPartial) || !strings.Contains(se.String(), "/dev/zero: not read: a character device (expected a regular file)") {
		t.Errorf("parse /dev/zero: %v\n%s", err, se.String())
	}
	cmd := asMain("parse", "-")
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer zero.Close()
	cmd.Stdin = zero
	out, err := cmd.CombinedOutput()
	if !strings.Contains(string(out), "stdin:1: binary data, not text") {
		t.Errorf("parse - < /dev/zero: %v\n%s", err, out)
	}
}

func TestTemplateBounds(t *testing.T) {
	tmp := t.TempDir()
	big := filepath.Join(tmp, "big.md.tmpl")
	os.WriteFile(big, bytes.Repeat([]byte("{{.Title}}\n"), maxTemplateBytes/10), 0o644)
	tests := []struct{ name, template, want string }{
		{"too long", big, "longer than 1024 KiB"},
		{"a directory", tmp, "not a regular file"},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct{ name, template, want string }{"a device", "/dev/zero", "not a regular file"})
	}
	for _, tt := range tests {
		var so, se bytes.Buffer
		err := run([]string{"report", "--template", tt.template, "-o", filepath.Join(tmp, "rep"), engines}, &so, &se)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want a usage error saying %q", tt.name, err, tt.want)
		}
	}
}
