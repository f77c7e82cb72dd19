package collect

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

const realLog = "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log"

func linkOrCopy(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWalkSkipsReportDirectories(t *testing.T) {
	dir := t.TempDir()
	linkOrCopy(t, realLog, filepath.Join(dir, "run.log"))
	rep := filepath.Join(dir, "old-report")
	os.MkdirAll(rep, 0o755)
	// A report directory holds runs of its own (runs.csv, report.md
	// tables); here a copy of the log, which must not count twice.
	linkOrCopy(t, realLog, filepath.Join(rep, "run.log"))
	os.WriteFile(filepath.Join(rep, ReportMarker), []byte(`{"format":"sbreport-report/1","files":["run.log"]}`), 0o644)

	d, err := Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || d.Runs[0].Source != filepath.Join(dir, "run.log") {
		for _, r := range d.Runs {
			t.Logf("run from %s", r.Source)
		}
		t.Errorf("%d runs, want the one outside the report", len(d.Runs))
	}
	if len(d.Errors) != 1 || d.Errors[0].Source != rep || !strings.Contains(d.Errors[0].Message, "skipped: a report written by sbreport") {
		t.Errorf("errors %v, want one note naming %s", d.Errors, rep)
	}

	// Named as the input itself, it is skipped too.
	d, _ = Load([]string{rep})
	if len(d.Runs) != 0 || len(d.Errors) != 1 {
		t.Errorf("report directory as input: %d runs, errors %v", len(d.Runs), d.Errors)
	}
	// One of its files named on the command line is read.
	d, _ = Load([]string{filepath.Join(rep, "run.log")})
	if len(d.Runs) != 1 {
		t.Errorf("a file of a report named explicitly: %d runs", len(d.Runs))
	}
}

func TestWalkRefusesDevices(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/zero")
	}
	// Named on the command line: an error at once, not an endless read.
	d, err := Load([]string{"/dev/zero"})
	if err != nil {
		t.Fatal(err)
	}
	want := &parse.Error{Source: "/dev/zero", Message: "not read: a character device (expected a regular file)"}
	if len(d.Errors) != 1 || *d.Errors[0] != *want {
		t.Errorf("errors %v, want %v", d.Errors, want)
	}
	// Reached through a link in a directory.
	dir := t.TempDir()
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.log"))
	d, _ = Load([]string{dir})
	if len(d.Errors) != 1 || !strings.Contains(d.Errors[0].Message, "character device") {
		t.Errorf("link to /dev/zero in a directory: errors %v", d.Errors)
	}
}

func TestWalkReadsNamedPipesOnlyWhenNamed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no mkfifo")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.log")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	b, _ := os.ReadFile(realLog)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(b)
		f.Close()
	}()
	d, err := Load([]string{fifo})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Errorf("named pipe named on the command line: %d runs, errors %v", len(d.Runs), d.Errors)
	}

	// A link to a pipe met in a directory walk is refused, not opened
	// (opening it would wait for a writer forever).
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	os.Symlink(fifo, filepath.Join(sub, "pipe.log"))
	d, _ = Load([]string{sub})
	if len(d.Errors) != 1 || !strings.Contains(d.Errors[0].Message, "named pipe met in a directory") {
		t.Errorf("pipe in a directory: errors %v", d.Errors)
	}
}

// TestNothingFound checks that the files of one directory that hold
// nothing are each reported (parse.ProblemLines prints them as one line
// for the directory); scripts are passed over.
func TestNothingFound(t *testing.T) {
	dir := t.TempDir()
	log, err := os.ReadFile("../testdata/public/legacy-archive/series15/res01/sysbench.ro.8.res")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"DESC": "01 ... MariaDB-5.5.28a, XtraDB\n", "my.cnf.01": "[mysqld]\ninnodb_buffer_pool_size=16G\n",
		"collect.pl": "#!/usr/bin/perl\nmy %h = (\n{\n", "res01/sysbench.ro.8.res": string(log), "res01/notes": "warm\n",
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var msgs []string
	runs := 0
	if err := Walk([]string{dir}, func(it parse.Item) {
		switch v := it.(type) {
		case *parse.Error:
			msgs = append(msgs, strings.ReplaceAll(v.Error(), dir, "D"))
			if !errors.Is(v, parse.ErrNothingFound) {
				t.Errorf("%v: not ErrNothingFound", v)
			}
		case *parse.Run:
			runs++
		}
	}); err != nil {
		t.Fatal(err)
	}
	const expect = "expected sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output"
	want := []string{
		"D/DESC: no benchmark output or capture found in 1 line (" + expect + ")",
		"D/my.cnf.01: no benchmark output or capture found in 2 lines (" + expect + ")",
		"D/res01/notes: no benchmark output or capture found in 1 line (" + expect + ")",
	}
	if !reflect.DeepEqual(msgs, want) || runs != 1 {
		t.Errorf("%d runs, errors\n%q\nwant\n%q", runs, msgs, want)
	}
}
