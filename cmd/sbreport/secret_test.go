package main

// Passwords in connection options (DSNs, URLs, password parameters, in
// every spelling of an option) on the command lines above real runs
// reach no output and no file name of parse, compare, report and store.

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"encoding/json"
	"html"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A plantedRun is a command line holding a password, and the real log
// of the run it is put above.
type plantedRun struct {
	secret, command, log string
}

const (
	log10 = "../../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log"
	log04 = "../../testdata/public/sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt"
)

var plantedRuns = []plantedRun{
	{"Kq7/pw1", "sysbench oltp_read_write --mysql-dsn=mysql://sbtest:Kq7/pw1@127.0.0.1/sbtest --threads=16 run", log10},
	{"Kq7@pw2", "sysbench oltp_read_write --dsn=sbtest:Kq7@pw2@tcp(127.0.0.1:3306)/sbtest --threads=16 run", log10},
	{"Kq7:pw3", "sysbench oltp_read_write --mysql-dsn=mysql://u:Kq7:pw3@127.0.0.1:3306/sbtest --threads=16 run", log10},
	{"Kq7pw4", "sysbench oltp_read_write --threads=16 --mysql-dsn mysql://sbtest:Kq7pw4@127.0.0.1/sbtest run", log10},
	{"Kq7pw5", "sysbench oltp_read_write --mysql_dsn=mysql://sbtest:Kq7pw5@db1/sbtest --threads=16 run", log10},
	{"Kq7pw6", "sysbench oltp_read_write --pgsql-dsn='host=db1 user=sbtest password=Kq7pw6' --threads=16 run", log10},
	{"Kq7pw7", "sysbench oltp_read_write --url='mysql://db1/sbtest?user=sbtest&password=Kq7pw7' --threads=16 run", log10},
	{"Kq7pw8", "sysbench oltp_read_write --pgsql-user=sbtest --pgsql-password=Kq7pw8 --threads=16 run", log10},
	{"Kq7pw9", "sysbench --test=oltp --oltp-read-only=on --mysql-password=Kq7pw9 --num-threads=1 run", log04},
	{"Kq7pw10", "sysbench oltp_read_write --threads=16 --mysql-password Kq7pw10 run", log10},
	{"Kq7pw11", "sysbench oltp_read_write --threads=16 --target-url=https://sbtest:Kq7pw11@db1:8443/x run", log10},
}

// plantLogs writes one log per planted run: its command, then the real
// output.
func plantLogs(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "logs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, p := range plantedRuns {
		out, err := os.ReadFile(p.log)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "run"+string(rune('a'+i))+".log")
		if err := os.WriteFile(name, append([]byte("$ "+p.command+"\n"), out...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// secretForms are the ways a password could be written into an output:
// as it is, HTML-, JSON-, URL- and shell-escaped.
func secretForms(s string) []string {
	js, _ := json.Marshal(s)
	return []string{s, html.EscapeString(s), string(js[1 : len(js)-1]), url.PathEscape(s), url.QueryEscape(s),
		strings.ReplaceAll(s, "/", "-"), strings.ReplaceAll(strings.ReplaceAll(s, "/", "-"), ":", "-")}
}

// leaks returns the planted passwords b holds in any form.
func leaks(b []byte) []string {
	var found []string
	for _, p := range plantedRuns {
		for _, f := range secretForms(p.secret) {
			if bytes.Contains(b, []byte(f)) {
				found = append(found, f)
			}
		}
	}
	return found
}

// fileContents returns every file under dir by path, the parts of a
// workbook included.
func fileContents(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[p] = b
		if strings.HasSuffix(p, ".xlsx") {
			zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				return err
			}
			for _, f := range zr.File {
				rc, err := f.Open()
				if err != nil {
					return err
				}
				x, _ := io.ReadAll(rc)
				rc.Close()
				files[p+"!"+f.Name] = x
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestNoPasswordInOutputs runs parse, compare and report on real runs
// whose command lines hold passwords and looks for them in every output
// and every file name, and checks that the connection options made no
// workload of their own.
func TestNoPasswordInOutputs(t *testing.T) {
	logs := plantLogs(t)
	outputs := map[string][]byte{}
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	for _, f := range files {
		outputs["parse --json "+filepath.Base(f)] = []byte(runOK(t, "parse", "--json", f))
		outputs["parse "+filepath.Base(f)] = []byte(runOK(t, "parse", f))
	}
	outputs["compare"] = []byte(runOK(t, "compare", logs))
	outputs["compare --json"] = []byte(runOK(t, "compare", "--json", logs))
	outputs["compare --center median"] = []byte(runOK(t, "compare", "--center", "median", logs))
	rep := filepath.Join(t.TempDir(), "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", rep, logs}, &so, &se); err != nil {
		t.Fatalf("report: %v\n%s", err, se.String())
	}
	outputs["report stdout"], outputs["report stderr"] = so.Bytes(), se.Bytes()
	reportFiles := fileContents(t, rep)
	for _, want := range []string{"report.md", "appendix.md", "runs.csv", "results.json", ".sbreport-report", "report.xlsx"} {
		if _, ok := reportFiles[filepath.Join(rep, want)]; !ok {
			t.Errorf("report wrote no %s", want)
		}
	}
	for p, b := range reportFiles {
		outputs[p] = b
		if l := leaks([]byte(p)); len(l) > 0 {
			t.Errorf("file name %s holds %q", p, l)
		}
	}
	masked := 0
	for name, b := range outputs {
		if l := leaks(b); len(l) > 0 {
			t.Errorf("%s holds %q", name, l)
		}
		if bytes.Contains(b, []byte(":***@")) {
			masked++
		}
	}
	if masked == 0 {
		t.Error("no masked DSN in any output: the commands were not read")
	}
	// The connection options are no workload dimension: no workload is
	// named after one. (The copies of one output in several files are
	// told apart by file name.)
	var res struct {
		Report struct {
			Workloads []struct {
				Name string `json:"name"`
			} `json:"workloads"`
		} `json:"report"`
	}
	if err := json.Unmarshal(reportFiles[filepath.Join(rep, "results.json")], &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Report.Workloads) < 2 {
		t.Errorf("%d workloads in results.json", len(res.Report.Workloads))
	}
	for _, w := range res.Report.Workloads {
		for _, bad := range []string{"dsn", "url", "user", "password", "***", "host", "db1"} {
			if strings.Contains(w.Name, bad) {
				t.Errorf("workload %q is named after a connection option", w.Name)
			}
		}
	}
}

// TestNoPasswordInWarehouse stores the same runs and reads every row of
// every table of the warehouse back.
func TestNoPasswordInWarehouse(t *testing.T) {
	d := warehouseDB(t)
	logs := plantLogs(t)
	mustStore(t, d.URL(), logs)
	tables, err := d.Root.Query("SELECT table_name FROM information_schema.tables WHERE table_schema = ?", d.Name)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for tables.Next() {
		var n string
		if err := tables.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	tables.Close()
	rows := 0
	for _, tb := range names {
		q, err := d.Root.Query("SELECT * FROM `" + d.Name + "`.`" + tb + "`")
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := q.Columns()
		vals := make([]sql.RawBytes, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for q.Next() {
			if err := q.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			rows++
			for i, v := range vals {
				if l := leaks(v); len(l) > 0 {
					t.Errorf("%s.%s holds %q", tb, cols[i], l)
				}
			}
		}
		q.Close()
	}
	if rows == 0 {
		t.Error("the warehouse holds no rows")
	}
}
