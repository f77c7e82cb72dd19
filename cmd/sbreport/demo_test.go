package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestDemo writes the report of the embedded campaign (180 real runs:
// InnoDB, MyRocks and Aria on MariaDB 10.11, four OLTP workloads, 1-16
// threads, three repeats) and checks that every section and every kind of
// chart is there, with nothing skipped.
func TestDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	var out, errOut bytes.Buffer
	if err := run([]string{"demo", "-o", dir}, &out, &errOut); err != nil {
		t.Fatalf("demo: %v\n%s", err, errOut.String())
	}
	if errOut.Len() > 0 {
		t.Errorf("demo printed problems:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "180 runs, 3 systems, 4 workloads") {
		t.Errorf("stdout = %q", out.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The post: headline, one compact table, caveats read from the
	// captures and commands, links, then per workload its results and
	// the three charts that carry the story.
	for _, h := range []string{
		"180 runs of 4 workloads on 3 systems: innodb, rocksdb and aria.",
		"| workload | threads | rocksdb / innodb | aria / innodb |",
		"| oltp_insert | 16 | 0.62× [0.53,\u00a00.74] worse | 0.43× [0.40,\u00a00.46] worse |",
		"**Caveats:** 2 logical CPUs (AMD EPYC) in a KVM virtual machine with 23.5 GiB of memory, sysbench on the same host as the server; runs of 10 s; 4 tables of 10,000 rows; 3 runs per system and thread count.",
		"[appendix](appendix.md)", "[workbook](report.xlsx)", "[results.json](results.json)", "[runs.csv](runs.csv)",
		"## oltp_insert", "## oltp_point_select", "## oltp_read_only", "## oltp_read_write", "## Warnings",
		"| 16 | rocksdb | 3 | 11,678 [9,877,\u00a013,808] | 1.98 | 0.62× [0.53,\u00a00.74] worse |",
		"The Universal Scalability Law does not describe innodb, rocksdb and aria closely (R² 0.481 to 0.563): no peak is quoted.",
	} {
		if !bytes.Contains(md, []byte(h)) {
			t.Errorf("report.md lacks %q", h)
		}
	}
	checkPost(t, string(md), 300, 40)
	for _, w := range []string{"oltp_insert", "oltp_point_select", "oltp_read_only", "oltp_read_write"} {
		for _, kind := range []string{"bars", "scaling", "p95"} {
			if !bytes.Contains(md, []byte("](charts/"+kind+"-"+w+".png)")) {
				t.Errorf("report.md lacks the %s chart of %s", kind, w)
			}
		}
		for _, kind := range []string{"timeline", "histogram", "latency-throughput"} {
			if bytes.Contains(md, []byte("](charts/"+kind+"-"+w)) {
				t.Errorf("report.md shows a %s chart of %s: it belongs in the appendix", kind, w)
			}
		}
	}
	// Everything else: the appendix.
	app, err := os.ReadFile(filepath.Join(dir, "appendix.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"### Hardware", "### Servers", "### Table sizes", "### Server work per transaction",
		"| `Innodb_os_log_written` |", "### Scaling", "## Stability", "## Methodology", "## Runs",
		"| `version` | 10.11.19-MariaDB-0+deb12u1 |", "| innodb | InnoDB | 4 |", "| `mysql-storage-engine` | Aria, InnoDB, ROCKSDB |",
		"sysbench {test} --threads={threads} --time=10 ", "](charts/timeline-oltp_insert-16thr.png)",
		"| `demo-campaign/innodb/oltp_point_select/4thr-r1.txt:2` |"} {
		if !bytes.Contains(app, []byte(h)) {
			t.Errorf("appendix.md lacks %q", h)
		}
	}
	// The Servers table: 18 settings alike on the three systems are one
	// column, not three.
	if bytes.Contains(app, []byte("| 10.11.19-MariaDB-0+deb12u1 | 10.11.19-MariaDB-0+deb12u1 |")) {
		t.Errorf("appendix.md repeats identical settings per system")
	}
	if bytes.Contains(append(md, app...), []byte("MYSQL_PWD=")) || bytes.Contains(append(md, app...), []byte("password=sbtest")) {
		t.Errorf("a password reached the report")
	}
	for _, kind := range []string{"bars", "scaling", "p95", "latency-throughput", "timeline", "histogram"} {
		for _, ext := range []string{"png", "svg"} {
			m, _ := filepath.Glob(filepath.Join(dir, "charts", kind+"-*."+ext))
			if len(m) == 0 {
				t.Errorf("no %s chart as %s", kind, ext)
			}
		}
	}
	f, err := excelize.OpenFile(filepath.Join(dir, "report.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := []string{"Summary", "Runs", "Intervals", "Comparisons", "Scaling", "Fit", "Hosts", "Variables", "Tables", "Findings"}
	if got := f.GetSheetList(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("sheets = %v, want %v", got, want)
	}
	rows, err := f.GetRows("Runs")
	if err != nil || len(rows) != 181 {
		t.Errorf("Runs sheet: %d rows (want a header and 180 runs), err %v", len(rows), err)
	}
	for _, name := range []string{"results.json", "runs.csv"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// checkPost checks what makes a page readable as a post: at most
// maxLines lines, no table longer than maxRows rows, no number in scientific notation, no "(s)" plurals, no broken
// link, every caption's asterisks escaped.
func checkPost(t *testing.T, md string, maxLines, maxRows int) {
	t.Helper()
	lines := strings.Split(md, "\n")
	if len(lines) > maxLines {
		t.Errorf("report.md has %d lines, want at most %d", len(lines), maxLines)
	}
	rows := 0
	for i, l := range append(lines, "") {
		if strings.HasPrefix(l, "|") {
			rows++
			continue
		}
		if rows > 0 {
			if rows-2 > maxRows {
				t.Errorf("table above line %d has %d rows, want at most %d", i+1, rows-2, maxRows)
			}
			rows = 0
		}
	}
	sci := regexp.MustCompile(`\b\d(\.\d+)?e[+-]\d+\b`)
	for i, l := range lines {
		if m := sci.FindString(l); m != "" {
			t.Errorf("line %d: scientific notation %q", i+1, m)
		}
		for _, bad := range []string{"(s)", "[?](#)", "(1 cells)", "1 runs", "1 warnings"} {
			if strings.Contains(l, bad) {
				t.Errorf("line %d: %q: %s", i+1, bad, l)
			}
		}
		if !strings.HasPrefix(l, "|") && strings.Contains(l, "N* =") {
			t.Errorf("line %d: unescaped asterisk in %q", i+1, l)
		}
	}
}

// TestDemoIsReportOfCampaign: the demo reads the campaign embedded in the
// binary as report reads examples/demo-campaign named "demo-campaign" from
// examples/, so their reports are the same bytes: report.md, runs.csv,
// results.json, and appendix.md but for its line naming the command that
// made it. Every source and capture in results.json is a path of the
// campaign, never a temporary one.
func TestDemoIsReportOfCampaign(t *testing.T) {
	tmp := t.TempDir()
	demoDir, reportDir := filepath.Join(tmp, "demo"), filepath.Join(tmp, "report")
	var out, errOut bytes.Buffer
	if err := run([]string{"demo", "-o", demoDir}, &out, &errOut); err != nil {
		t.Fatalf("demo: %v\n%s", err, errOut.String())
	}
	t.Chdir("../../examples")
	if err := run([]string{"report", "-o", reportDir, "--title", demoTitle, "demo-campaign"}, &out, &errOut); err != nil {
		t.Fatalf("report: %v\n%s", err, errOut.String())
	}
	if errOut.Len() > 0 {
		t.Errorf("problems printed:\n%s", errOut.String())
	}
	made := map[string]string{
		demoDir:   "This report was made by `" + commandLine("sbreport", "demo", "-o", demoDir) + "`.\n",
		reportDir: "This report was made by `" + commandLine("sbreport", "report", "-o", reportDir, "--title", demoTitle, "demo-campaign") + "`.\n",
	}
	read := func(dir, name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "appendix.md" {
			if bytes.Count(b, []byte(made[dir])) != 1 {
				t.Fatalf("%s/appendix.md lacks %q", dir, made[dir])
			}
			b = bytes.Replace(b, []byte(made[dir]), []byte("This report was made by COMMAND.\n"), 1)
		}
		return b
	}
	for _, name := range []string{"report.md", "appendix.md", "runs.csv", "results.json"} {
		got, want := read(demoDir, name), read(reportDir, name)
		if bytes.Equal(got, want) {
			continue
		}
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Errorf("%s line %d:\n demo   %.300s\n report %.300s", name, i+1, gl[i], wl[i])
				break
			}
		}
		if len(gl) != len(wl) {
			t.Errorf("%s: %d lines from the demo, %d from report", name, len(gl), len(wl))
		}
	}

	var doc any
	if err := json.Unmarshal(read(demoDir, "results.json"), &doc); err != nil {
		t.Fatal(err)
	}
	checked := 0
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				walk(k, e)
			}
		case []any:
			for _, e := range v {
				walk(key, e)
			}
		case string:
			switch key {
			case "source":
				checked++
				if !strings.HasPrefix(v, demoRoot+"/") {
					t.Errorf("results.json: source %q, want a path of the campaign", v)
				}
			case "captures":
				// "kind@SOURCE:LINE" for a host's captures, a kind alone
				// for the host's own source, "SOURCE:LINE" for a run's.
				_, p, ok := strings.Cut(v, "@")
				if !ok {
					p = v
				}
				if !strings.Contains(p, "/") && !strings.Contains(p, ":") {
					return
				}
				checked++
				if !strings.HasPrefix(p, demoRoot+"/") {
					t.Errorf("results.json: capture %q, want one of a file of the campaign", v)
				}
			}
		}
	}
	walk("", doc)
	// 180 runs with their sources, captures and stability rows, 366
	// variables, 12 tables, one host.
	if checked < 2000 {
		t.Errorf("results.json: %d sources and captures checked, want every run's", checked)
	}
}
