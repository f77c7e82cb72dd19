package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A report over inputs whose names carry formulas, Markdown, HTML,
// terminal escapes and colliding or very long workload names: every
// sink keeps them as text.
func TestReportHostileLabels(t *testing.T) {
	log, err := os.ReadFile(filepath.Join("..", "..", "testdata", "public", "sysbench-1.0", "sb1.0.20-oltp_read_write-16thr.log"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	logs := filepath.Join(tmp, "logs")
	long := strings.Repeat("w", 240)
	dirs := []string{
		"system=rocksdb/workload=a:b",
		"system=\x1b[1mrocksdb\x1b[0m/workload=a-b",
		`system==HYPERLINK("http:\\x","y")/workload=a-b`,
		"system=a\n# owned/workload=a:b",
		"system=<img src=x onerror=alert(1)>/workload=" + long,
		"system=[x](javascript:alert(1))/workload=" + long,
		"system=-2+3|pipe`tick/workload=a:b",
	}
	for _, d := range dirs {
		p := filepath.Join(logs, d)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Skipf("file system refuses %q: %v", d, err)
		}
		os.WriteFile(filepath.Join(p, "run.log"), log, 0o644)
	}
	out := filepath.Join(tmp, "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, logs}, &so, &se); err != nil {
		t.Fatalf("report: %v\n%s", err, se.String())
	}
	if !strings.Contains(so.String(), "(7 runs, 6 systems, 3 workloads)") {
		t.Errorf("summary line: %s (the coloured rocksdb must be rocksdb)", so.String())
	}

	// runs.csv: no cell a spreadsheet would evaluate.
	f, _ := os.Open(filepath.Join(out, "runs.csv"))
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	number := regexp.MustCompile(`^[-+]?[0-9]+(\.[0-9]+)?$`)
	formulas := 0
	for _, rec := range recs {
		for _, c := range rec {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) && !number.MatchString(c) {
				t.Errorf("runs.csv cell %q would be evaluated", c)
			}
			if strings.HasPrefix(c, "'=HYPERLINK") || strings.HasPrefix(c, "'-2+3") {
				formulas++
			}
		}
	}
	if formulas < 2 {
		t.Errorf("the formula labels are not in runs.csv as text (%d found)", formulas)
	}

	// report.md: no structure from the labels.
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	for i, l := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(l, "# ") && i > 0 {
			t.Errorf("report.md line %d: a heading from a label: %q", i+1, l)
		}
	}
	// Outside code spans, no tag and no link made of a label.
	codeSpan := regexp.MustCompile("(`+)[^`].*?[^`]?(`+)")
	text := codeSpan.ReplaceAllString(string(md), "")
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`<(img|script)`), regexp.MustCompile(`(^|[^\\])\[x\]\(javascript:`), regexp.MustCompile("\x1b")} {
		if m := bad.FindString(text); m != "" {
			t.Errorf("report.md holds %q", m)
		}
	}
	if !strings.Contains(text, `[x\](javascript:alert(1))`) || !strings.Contains(text, "&lt;img src=x") {
		t.Errorf("the hostile labels are not shown as text")
	}
	// Every chart it links to exists, once per name.
	links := regexp.MustCompile(`\]\((charts/[^)]+)\)`).FindAllStringSubmatch(string(md), -1)
	seen := map[string]bool{}
	for _, m := range links {
		if seen[m[1]] {
			t.Errorf("two charts link to %s", m[1])
		}
		seen[m[1]] = true
		if _, err := os.Stat(filepath.Join(out, m[1])); err != nil {
			t.Errorf("linked chart: %v", err)
		}
	}
	if len(seen) < 6 {
		t.Errorf("%d charts linked, want bars and timeline of 3 workloads", len(seen))
	}

	// Every SVG is well-formed XML.
	svgs, _ := filepath.Glob(filepath.Join(out, "charts", "*.svg"))
	for _, p := range svgs {
		b, _ := os.ReadFile(p)
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(p), err)
				break
			}
		}
		if len(filepath.Base(p)) > 100 {
			t.Errorf("chart file name of %d bytes: %s", len(filepath.Base(p)), filepath.Base(p))
		}
	}
}

// Passwords on the command lines of the runs, in every spelling, appear
// in no file of the report, the workbook's parts included.
func TestReportNeverShowsPasswords(t *testing.T) {
	log, err := os.ReadFile(filepath.Join("..", "..", "testdata", "public", "sysbench-1.0", "sb1.0.20-oltp_read_write-16thr.log"))
	if err != nil {
		t.Fatal(err)
	}
	secrets := []string{"Pw-dash1", "Pw_under2", "Pw sp ace3", "Pw/sl:co@at4", "-PwDash5", "Pw'q\"6", `SEC RET7`, "Pw#8"}
	commands := []string{
		"sysbench oltp_read_write --threads=16 --mysql-password=Pw-dash1 run",
		"sysbench oltp_read_write --threads=16 --mysql_password=Pw_under2 run",
		"sysbench oltp_read_write --threads=16 --mysql-password='Pw sp ace3' run",
		"sysbench oltp_read_write --threads=16 --mysql-password=Pw/sl:co@at4 run  # Pw/sl:co@at4",
		"MYSQL_PWD=-PwDash5 sysbench oltp_read_write --threads=16 run",
		`sysbench oltp_read_write --threads=16 --mysql-password="Pw'q\"6" run`,
		`sysbench oltp_read_write --threads=16 --mysql-password=SEC\ RET7 run`,
		"sysbench oltp_read_write --threads=16 --mysql-password='Pw#8' run",
	}
	tmp := t.TempDir()
	logs := filepath.Join(tmp, "logs")
	os.MkdirAll(logs, 0o755)
	for i, c := range commands {
		os.WriteFile(filepath.Join(logs, "run"+string(rune('a'+i))+".log"), append([]byte("$ "+c+"\n"), log...), 0o644)
	}
	out := filepath.Join(tmp, "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, logs}, &so, &se); err != nil {
		t.Fatalf("report: %v\n%s", err, se.String())
	}
	var contents [][]byte
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		contents = append(contents, b)
		if strings.HasSuffix(p, ".xlsx") {
			zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range zr.File {
				rc, _ := f.Open()
				x, _ := io.ReadAll(rc)
				rc.Close()
				contents = append(contents, x)
			}
		}
		return nil
	})
	parsed := 0
	for _, b := range contents {
		if bytes.Contains(b, []byte("--mysql-password=***")) {
			parsed++
		}
		for _, s := range secrets {
			js, _ := json.Marshal(s)
			for _, form := range []string{s, html.EscapeString(s), strings.ReplaceAll(s, " ", `\ `), string(js[1 : len(js)-1])} {
				if bytes.Contains(b, []byte(form)) {
					t.Errorf("a report file holds the password %q", form)
				}
			}
		}
	}
	if parsed == 0 {
		t.Error("no masked command found: the commands were not read")
	}
}
