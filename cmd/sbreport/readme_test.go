package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/cmpimg"
)

var updateREADME = flag.Bool("update-readme", false, "rewrite the demo excerpt and chart of README.md from the demo")

// TestREADMEShowsTheDemo keeps the README's excerpt of the demo report
// (its headline paragraph, table and caveats) and its chart equal to what
// sbreport demo writes.
func TestREADMEShowsTheDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	var out, errOut bytes.Buffer
	if err := run([]string{"demo", "-o", dir}, &out, &errOut); err != nil {
		t.Fatalf("demo: %v\n%s", err, errOut.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	// From the headline to the caveats: the lines before "More:".
	lines := strings.Split(string(md), "\n")
	var ex []string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "More:") {
			break
		}
		ex = append(ex, l)
	}
	excerpt := strings.TrimSpace(strings.Join(ex, "\n"))
	if len(ex) < 5 || !strings.Contains(excerpt, "**Caveats:**") {
		t.Fatalf("the demo's post no longer opens with headline, table and caveats:\n%s", excerpt)
	}
	const open, close = "<!-- demo-headline -->\n", "<!-- /demo-headline -->"
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	i, j := strings.Index(s, open), strings.Index(s, close)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the %q ... %q markers", open, close)
	}
	chart, err := os.ReadFile(filepath.Join(dir, "charts", "relative.png"))
	if err != nil {
		t.Fatal(err)
	}
	if *updateREADME {
		s = s[:i+len(open)] + excerpt + "\n" + s[j:]
		if err := os.WriteFile("../../README.md", []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../../docs/demo-relative.png", chart, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := strings.TrimSpace(s[i+len(open) : j]); got != excerpt {
		t.Errorf("README.md's demo excerpt differs from the demo's report.md (go test ./cmd/sbreport -run READMEShowsTheDemo -update-readme):\n--- README\n%s\n--- demo\n%s", got, excerpt)
	}
	want, err := os.ReadFile("../../docs/demo-relative.png")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := cmpimg.EqualApprox("png", chart, want, 0.01); err != nil || !ok {
		t.Errorf("docs/demo-relative.png differs from the demo's charts/relative.png (%v); -update-readme rewrites it", err)
	}
}
