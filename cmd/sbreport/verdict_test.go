package main

// What compare, scale and report print about verdicts, intervals,
// repeats and merged runs, on real campaigns.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// demoRepeats lists the first two repeats of every cell of the demo
// campaign (120 real runs, two per cell).
func demoRepeats(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../examples/demo-campaign/*/*/*-r[12].txt")
	if err != nil || len(files) != 120 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	return files
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("%q: %v\n%s", args, err, errOut.String())
	}
	return out.String()
}

func reportOf(t *testing.T, args ...string) (dir, md string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "rep")
	runOK(t, append([]string{"report", "-o", dir}, args...)...)
	b, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, string(b)
}

// section returns the text of a "## name" section of a report.
func section(md, name string) string {
	_, s, ok := strings.Cut(md, "\n## "+name+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(s, "\n## "); i >= 0 {
		s = s[:i]
	}
	return s
}

// negative matches a number below zero inside an interval: "[-3,537",
// ", -0.36]".
var negative = regexp.MustCompile(`(\[|, )-[0-9]`)

// TestTwoRepeatsReal: with two repeats a cell, compare and report print
// no interval below zero, every verdict agrees with its interval, and
// the cell whose repeats differ 1.67× is flagged beside it.
func TestTwoRepeatsReal(t *testing.T) {
	files := demoRepeats(t)
	out := runOK(t, append([]string{"compare"}, files...)...)
	for _, want := range []string{
		"tps (higher is better): geometric mean ± 95% interval; systems named by the label system, compared with aria",
		"oltp_insert        2        5444 ± 34%             5857 ± 18%             ~ (p=0.139 n=2)         1.076× [0.929, 1.247]  4052 ± 10%               -25.56% (p=0.033 n=2)  0.744× [0.605, 0.916]",
		"oltp_insert        4        6969 [3453, 14065]",
		"253.6 [9.715, 6620] (!)",
		"  oltp_read_write/1 threads/rocksdb: repeats differ 1.67× (max/min; the other 59 cells: median 1.06×): tps 327.8 at ../../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r1.txt:2, 196.2 at ../../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r2.txt:2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compare lacks %q:\n%s", want, out)
		}
	}
	if negative.MatchString(out) || strings.Contains(out, "± ?") {
		t.Errorf("compare prints an interval below zero:\n%s", out)
	}

	dir, md := reportOf(t, files...)
	if m := negative.FindString(md); m != "" {
		t.Errorf("report.md has an interval below zero: %q", m)
	}
	for _, want := range []string{
		"| 1 | rocksdb | 2 | 254 [10,\u00a06,620] **repeats differ 1.67×** | 5.00 | 0.82× [0.13,\u00a05.03] no significant difference |",
		"Against aria: innodb is better on oltp_insert and oltp_read_only (2.34× and 1.14×) and not significantly different on oltp_point_select and oltp_read_write; rocksdb is better on oltp_insert (1.42×) and not significantly different on oltp_point_select, oltp_read_only and oltp_read_write.",
		"| oltp_insert | 16 | 2.34× [1.69,\u00a03.23] better | 1.42× [1.13,\u00a01.78] better |",
		"| 2 | rocksdb | 2 | 4,052 [3,694,\u00a04,445] | 0.61 | 0.74× [0.61,\u00a00.92] worse |",
		"| 1 | innodb | 2 | 4,137 [2,141,\u00a07,996] | 0.31 | 1.07× [0.56,\u00a02.07] no significant difference |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// Every line compare warns with is in the report's Warnings.
	warnings := section(md, "Warnings")
	_, cw, _ := strings.Cut(out, "\nwarnings:\n")
	for _, l := range strings.Split(strings.TrimSpace(cw), "\n") {
		if l = strings.TrimSpace(l); !strings.Contains(warnings, "- "+l+"\n") {
			t.Errorf("the report's Warnings lack compare's %q", l)
		}
	}

	// results.json and the workbook: no bound below zero.
	b, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	bounds := 0
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if f, ok := e.(float64); ok && strings.Contains("lo hi ratio_lo ratio_hi within_run_ratio_lo within_run_ratio_hi", k) {
					bounds++
					if f < 0 {
						t.Errorf("results.json %s.%s = %v", path, k, f)
					}
				}
				walk(e, path+"."+k)
			}
		case []any:
			for _, e := range x {
				walk(e, path+"[]")
			}
		}
	}
	walk(doc, "")
	if bounds < 200 {
		t.Errorf("only %d bounds in results.json", bounds)
	}
	f, err := excelize.OpenFile(filepath.Join(dir, "report.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, sheet := range []string{"Comparisons", "Scaling"} {
		rows, err := f.GetRows(sheet)
		if err != nil || len(rows) < 2 {
			t.Fatalf("%s: %v", sheet, err)
		}
		for _, r := range rows[1:] {
			for i, h := range rows[0] {
				if (strings.HasSuffix(h, "lo") || strings.HasSuffix(h, "hi")) && i < len(r) && strings.HasPrefix(r[i], "-") {
					t.Errorf("%s %s = %s in %v", sheet, h, r[i], r)
				}
			}
		}
	}
}

// TestSingleRunsReal: the TiDB tables have one published row per system
// and thread count: every comparison is the ratio and "no test (1 run)"
// in compare --json, the summary and the ratio tables, never "~"; and
// the USL fits of these curves, which start at 150 threads, have
// standard errors.
func TestSingleRunsReal(t *testing.T) {
	in := "../../testdata/public/tables"
	var c struct {
		Rows []struct {
			Base    bool     `json:"base"`
			Ratio   *float64 `json:"ratio"`
			PValue  *float64 `json:"p_value"`
			Verdict string   `json:"verdict"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "compare", "--json", in)), &c); err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Rows {
		if !r.Base && (r.Ratio == nil || r.PValue != nil || r.Verdict != "no test (1 run)") {
			t.Errorf("row %+v", r)
		}
	}
	_, md := reportOf(t, in)
	for _, want := range []string{
		"Against v2.1: v3.0 is untested on all 4 workloads (a single run on a side).",
		"| oltp_point_select | 1500 | 1.59× no test (1 run) |",
		"| oltp_read_write | 1500 | 1.26× no test (1 run) |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "|") && (strings.Contains(l, "no significant difference") || strings.Contains(l, "better") || strings.Contains(l, "worse")) {
			t.Errorf("a single-run comparison gets a verdict: %s", l)
		}
	}
	if n := strings.Count(md, "× no test (1 run) |"); n != 24+4 {
		t.Errorf("%d ratios with no test (1 run), want 24 cells and 4 in the headline table", n)
	}
	out := runOK(t, "scale", in)
	if strings.Contains(out, "singular") || strings.Contains(out, "no standard errors") ||
		!strings.Contains(out, "v2.1    oltp_update_non_index  281.0 ± 3.171  0.006233 ± 0.0001135  4.126e-07 ± 2.88e-08") {
		t.Errorf("scale:\n%s", out)
	}
}

// TestMergedClientsReal: the real two-client campaign is 6 runs of 2
// files each; the report counts and lists 6, names both files of a run
// worth a look, and carries compare's warnings.
func TestMergedClientsReal(t *testing.T) {
	in := "../../testdata/real/clients-campaign"
	out := runOK(t, "compare", in)
	dir := filepath.Join(t.TempDir(), "rep")
	stdout := runOK(t, "report", "-o", dir, in)
	if !strings.Contains(stdout, "(6 runs, 2 systems, 1 workload)") {
		t.Errorf("report says %q", stdout)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	md := string(b)
	if !strings.Contains(md, "\n6 runs of 1 workload on 2 systems: innodb and aria.") {
		t.Errorf("run count: %s", md[:200])
	}
	b, _ = os.ReadFile(filepath.Join(dir, "appendix.md"))
	app := string(b)
	if !strings.Contains(section(app, "Runs"), "12 runs of sysbench:") {
		t.Errorf("the appendix's commands do not count the 12 client runs:\n%s", section(app, "Runs"))
	}
	notable := section(app, "Stability")
	if n := strings.Count(notable, "\n| `../../testdata/real/clients-campaign/"); n != 5 {
		t.Errorf("%d runs worth a look, want the 5 noisy ones:\n%s", n, notable)
	}
	for _, l := range strings.Split(notable, "\n") {
		if strings.HasPrefix(l, "| `") && !strings.Contains(l, ".c1.txt:2 + ") {
			t.Errorf("a run worth a look names one client: %s", l)
		}
	}
	warnings := section(md, "Warnings")
	_, cw, ok := strings.Cut(out, "\nwarnings:\n")
	if !ok || strings.Contains(warnings, "None.") {
		t.Fatalf("compare warnings %q, report %q", cw, warnings)
	}
	for _, l := range strings.Split(strings.TrimSpace(cw), "\n") {
		if l = strings.TrimSpace(l); !strings.Contains(warnings, "- "+l+"\n") {
			t.Errorf("the report's Warnings lack compare's %q", l)
		}
	}
}

// A --by label that no run has is a usage error naming the labels the
// runs have, for compare, scale and report alike.
func TestByUnknownLabel(t *testing.T) {
	in := "../../examples/demo-campaign"
	want := `--by: no run has the label "engin": the runs have the labels campaign, db_driver, engine, repeat, server, system, threads, workload (or use version, source, tool)`
	for _, args := range [][]string{
		{"compare", "--by", "engin", in},
		{"scale", "--by", "engin", in},
		{"report", "--by", "engin", "-o", filepath.Join(t.TempDir(), "rep"), in},
	} {
		var out, errOut bytes.Buffer
		err := run(args, &out, &errOut)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", args[0], err)
		}
	}
	if out := runOK(t, "compare", "--by", "engine", in); !strings.Contains(out, "systems named by the label engine, compared with InnoDB") {
		t.Errorf("--by engine:\n%s", out)
	}
}
