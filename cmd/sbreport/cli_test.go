package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"
)

// TestHelpAndVersion: help asked for goes to standard output with no
// error, at every level; a missing command is a usage error on standard
// error; --version names the build.
func TestHelpAndVersion(t *testing.T) {
	tests := []struct {
		args           []string
		stdout, stderr string // what each must start with ("" = empty)
		wantErr        error
	}{
		{[]string{"-h"}, "usage: sbreport <command>", "", nil},
		{[]string{"--help"}, "usage: sbreport <command>", "", nil},
		{[]string{"help"}, "usage: sbreport <command>", "", nil},
		{[]string{"help", "report"}, "usage: sbreport report", "", flag.ErrHelp},
		{[]string{"report", "-h"}, "usage: sbreport report", "", flag.ErrHelp},
		{[]string{"compare", "--help"}, "usage: sbreport compare", "", flag.ErrHelp},
		{[]string{"--version"}, "sbreport ", "", nil},
		{nil, "", "usage: sbreport <command>", errUsage},
		{[]string{"frobnicate"}, "", "", errUsage}, // the reason alone: see TestUsageErrors
	}
	for _, tt := range tests {
		var out, errw bytes.Buffer
		err := run(tt.args, &out, &errw)
		if tt.wantErr == nil && err != nil || tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
			t.Errorf("%q: error %v, want %v", tt.args, err, tt.wantErr)
		}
		if !strings.HasPrefix(out.String(), tt.stdout) || tt.stdout == "" && out.Len() > 0 {
			t.Errorf("%q: stdout %.60q, want %q…", tt.args, out.String(), tt.stdout)
		}
		if !strings.HasPrefix(errw.String(), tt.stderr) || tt.stderr == "" && errw.Len() > 0 {
			t.Errorf("%q: stderr %.60q, want %q…", tt.args, errw.String(), tt.stderr)
		}
	}
}

// TestParseListsWarnings: the parse table says which warnings a run has,
// not only how many.
func TestParseListsWarnings(t *testing.T) {
	var out, errw bytes.Buffer
	in := "../../testdata/public/identity/sb1.0.9-cpu-threads-only-in-headings-no-command-truncated-issue286.txt"
	run([]string{"parse", in}, &out, &errw)
	s := out.String()
	if !strings.Contains(s, "\nwarnings:\n") || !strings.Contains(s, in+":35: line 34: 16 threads taken from line 34 above the run") {
		t.Errorf("parse table:\n%s", s)
	}
}

var updateUsage = flag.Bool("update-usage", false, "rewrite testdata/usage-errors.golden")

// TestUsageErrors: a usage error prints its reason on the first line and
// where help is on the second, nothing more, and exits 2; a slip of a
// command or flag name is answered with the nearest one.
func TestUsageErrors(t *testing.T) {
	cases := [][]string{
		{"reprot"},
		{"frobnicate"},
		{"help", "comapre"},
		{"report", "mine/"},
		{"report", "--titel", "x", "-o", "out", "mine/"},
		{"report", "-x", "-o", "out", "mine/"},
		{"compare", "--bse", "innodb", "mine/"},
		{"compare"},
		{"scale", "--confidence", "high", "mine/"},
		{"run", "plan.yaml"},
		{"demo"},
		{"history", "mine/"},
	}
	var got bytes.Buffer
	for _, args := range cases {
		var out, errw bytes.Buffer
		code := exit(run(args, &out, &errw), &errw)
		if out.Len() > 0 {
			t.Errorf("%q: stdout %q", args, out.String())
		}
		if lines := strings.Split(strings.TrimSuffix(errw.String(), "\n"), "\n"); code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[1], "run 'sbreport ") {
			t.Errorf("%q: exit %d, stderr\n%s\nwant exit 2, the reason and a pointer to help", args, code, errw.String())
		}
		got.WriteString("$ sbreport " + strings.Join(args, " ") + "\n" + errw.String() + "\n")
	}
	const golden = "testdata/usage-errors.golden"
	if *updateUsage {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("usage errors differ from %s (-update-usage rewrites it):\n%s", golden, got.String())
	}
}
