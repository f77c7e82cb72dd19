package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
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
	checkOutputsListed(t, dir, s)
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

// checkOutputsListed checks that every file and directory the demo
// wrote into dir is named by each list of a report's outputs: the
// README's, docs/report.md's, and report -h's and demo -h's.
func checkOutputsListed(t *testing.T, dir, readme string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/report.md")
	if err != nil {
		t.Fatal(err)
	}
	help := map[string]string{}
	for _, verb := range []string{"report", "demo"} {
		var out, errOut bytes.Buffer
		run([]string{verb, "-h"}, &out, &errOut)
		help[verb] = out.String()
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") { // the manifest
			continue
		}
		if e.IsDir() {
			name += "/"
		}
		n++
		if !strings.Contains(readme, "`"+name+"`") {
			t.Errorf("README.md's list of outputs lacks %s", name)
		}
		if !strings.Contains(string(doc), "`DIR/"+name) {
			t.Errorf("docs/report.md's list of outputs lacks DIR/%s", name)
		}
		if !strings.Contains(help["report"], "DIR/"+name) {
			t.Errorf("report -h lacks DIR/%s:\n%s", name, help["report"])
		}
		if !strings.Contains(help["demo"], name) {
			t.Errorf("demo -h lacks %s:\n%s", name, help["demo"])
		}
	}
	if n != 6 {
		t.Errorf("the demo wrote %d files and directories, want 6 (report.md, appendix.md, charts/, report.xlsx, results.json, runs.csv)", n)
	}
}

// maxREADMELines bounds the README: what a newcomer needs, the rest in
// docs/.
const maxREADMELines = 250

// TestREADMEForANewcomer keeps the README short and its pointers valid:
// at most maxREADMELines lines; the test command's steps named (six
// platforms, staticcheck); every relative link pointing at a file that
// exists; and the reference material it once held (label rules, formats,
// statistics, plan keys) found in the documents it links to.
func TestREADMEForANewcomer(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if n := strings.Count(readme, "\n"); n > maxREADMELines {
		t.Errorf("README.md has %d lines, want at most %d: move reference material to docs/", n, maxREADMELines)
	}
	script, err := os.ReadFile("../../scripts/test.sh")
	if err != nil {
		t.Fatal(err)
	}
	// What scripts/test.sh does, said in the README.
	targets := regexp.MustCompile(`(?m)^for target in (.*); do`).FindStringSubmatch(string(script))
	if targets == nil || len(strings.Fields(targets[1])) != 6 {
		t.Fatalf("scripts/test.sh no longer builds for six platforms: %q", targets)
	}
	sc := regexp.MustCompile(`go install (honnef\.co/go/tools/cmd/staticcheck@\S+)`).FindStringSubmatch(string(script))
	if sc == nil {
		t.Fatal("scripts/test.sh no longer installs staticcheck")
	}
	for _, want := range []string{"bash scripts/test.sh", "six platforms", sc[1], "SBREPORT_NO_INSTALL=1 bash scripts/test.sh", "sbreport demo -o"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	linked := map[string]bool{}
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)(#[^)]*)?\)`).FindAllStringSubmatch(readme, -1) {
		linked[m[1]] = true
		if _, err := os.Stat(filepath.Join("../..", m[1])); err != nil {
			t.Errorf("README.md links to %s: %v", m[1], err)
		}
	}
	// Where each piece of reference material lives now.
	for file, wants := range map[string][]string{
		"docs/inputs.md":     {"## What a run is", "NAME=PATH", "shell `for` loops"},
		"docs/formats.md":    {`"format": "sbreport/1"`, "`latency_ms`"},
		"docs/statistics.md": {"## How many repeats", "Hodges–Lehmann", "Universal Scalability Law"},
		"docs/campaigns.md":  {"`${NAME:-DEFAULT}`", "password_env", "SBREPORT_DB_DIR"},
		"docs/report.md":     {"`DIR/appendix.md`"},
		"docs/warehouse.md":  {"sbreport store", "--fail-on-regression"},
		"examples/plan.yaml": {"${NAME:-DEFAULT}"},
	} {
		if !linked[file] {
			t.Errorf("README.md does not link to %s", file)
		}
		text, err := os.ReadFile(filepath.Join("../..", file))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(string(text), w) {
				t.Errorf("%s lacks %q", file, w)
			}
		}
	}
}
