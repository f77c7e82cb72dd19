package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/render"
)

// TestMain lets a test run this test binary as sbreport itself
// (asMain), for what needs a real process: signals, concurrency.
func TestMain(m *testing.M) {
	if os.Getenv("SBREPORT_TEST_AS_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func asMain(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SBREPORT_TEST_AS_MAIN=1")
	return cmd
}

// engines is a small campaign of real runs.
var engines = filepath.Join("..", "..", "render", "testdata", "engines")

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// listTree returns the relative paths of the files under dir.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func noTemporaries(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") || strings.HasSuffix(e.Name(), ".sbreport-lock") {
			t.Errorf("%s left behind in %s", e.Name(), dir)
		}
	}
}

func TestReportRefusesOutputOverlappingInput(t *testing.T) {
	tmp := t.TempDir()
	proj := filepath.Join(tmp, "proj")
	logs := filepath.Join(proj, "logs")
	copyTree(t, engines, logs)
	notes := filepath.Join(proj, "notes.txt")
	os.WriteFile(notes, []byte("my notes\n"), 0o644)
	before := listTree(t, proj)
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(logs, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"output is the input", []string{"--force", "-o", logs, logs}, "is the input"},
		{"output contains the input", []string{"--force", "-o", proj, logs}, "contains the input"},
		{"output inside the input", []string{"-o", filepath.Join(logs, "rep"), logs}, "lies inside the input"},
		{"output inside a named input", []string{"-o", filepath.Join(logs, "rep"), "x=" + logs}, "lies inside the input"},
		{"output reached through a link", []string{"--force", "-o", link, logs}, "is the input"},
		{"output inside a linked input", []string{"-o", filepath.Join(logs, "engine=aria", "rep"), link}, "lies inside the input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var so, se bytes.Buffer
			err := run(append([]string{"report"}, tt.args...), &so, &se)
			if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want a usage error saying %q", err, tt.want)
			}
		})
	}
	if after := listTree(t, proj); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Errorf("input tree changed:\n%v\nwant\n%v", after, before)
	}
	if b, err := os.ReadFile(notes); err != nil || string(b) != "my notes\n" {
		t.Errorf("notes.txt: %q, %v", b, err)
	}
	noTemporaries(t, tmp)
	noTemporaries(t, proj)
}

func TestReportForceReplacesOnlyReports(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "rep")
	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, engines}, &so, &se); err != nil {
		t.Fatalf("first report: %v\n%s", err, se.String())
	}
	m, err := readMarker(out)
	if err != nil {
		t.Fatalf("marker: %v", err)
	}
	files := listTree(t, out)
	if len(m.Files)+1 != len(files) {
		t.Errorf("marker lists %d files, report holds %d (marker included)", len(m.Files), len(files))
	}
	for _, f := range []string{render.MarkdownFile, render.CSVFile, render.JSONFile, render.WorkbookFile, "charts/bars-oltp_insert.svg"} {
		found := false
		for _, g := range m.Files {
			found = found || g == f
		}
		if !found {
			t.Errorf("marker does not list %s: %v", f, m.Files)
		}
	}

	// A report the user added a file to is not replaced.
	mine := filepath.Join(out, "charts", "my-edit.txt")
	os.WriteFile(mine, []byte("keep me"), 0o644)
	err = run([]string{"report", "--force", "-o", out, engines}, &so, &se)
	if err == nil || !strings.Contains(err.Error(), "charts/my-edit.txt") {
		t.Errorf("--force over a report with a foreign file: err %v", err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "keep me" {
		t.Errorf("foreign file lost: %q", b)
	}
	os.Remove(mine)

	// A previous report is replaced.
	old := filepath.Join(out, render.MarkdownFile)
	os.WriteFile(old, []byte("stale"), 0o644)
	if err := run([]string{"report", "--force", "-o", out, engines}, &so, &se); err != nil {
		t.Fatalf("--force over a report: %v", err)
	}
	if b, _ := os.ReadFile(old); !strings.Contains(string(b), "## How to read these numbers") {
		t.Errorf("report.md not replaced: %.40q", b)
	}

	// A directory that is no report, and a report without its marker (an
	// old one, or a lookalike), are not replaced.
	other := filepath.Join(tmp, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("x"), 0o644)
	err = run([]string{"report", "--force", "-o", other, engines}, &so, &se)
	if err == nil || !strings.Contains(err.Error(), "not a report written by sbreport") {
		t.Errorf("--force over a foreign directory: err %v", err)
	}
	if _, err := os.Stat(filepath.Join(other, "notes.txt")); err != nil {
		t.Errorf("notes.txt lost: %v", err)
	}
	// A file, or a marker that is not ours, neither.
	file := filepath.Join(tmp, "file.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	if err := run([]string{"report", "--force", "-o", file, engines}, &so, &se); err == nil {
		t.Error("--force over a file succeeded")
	}
	os.WriteFile(filepath.Join(other, collect.ReportMarker), []byte(`{"format":"other"}`), 0o644)
	if err := run([]string{"report", "--force", "-o", other, engines}, &so, &se); err == nil {
		t.Error("--force over a directory with a foreign marker succeeded")
	}
	if b, _ := os.ReadFile(file); string(b) != "x" {
		t.Errorf("file.txt changed: %q", b)
	}

	// An empty directory holds nothing to lose.
	empty := filepath.Join(tmp, "empty")
	os.Mkdir(empty, 0o755)
	if err := run([]string{"report", "--force", "-o", empty, engines}, &so, &se); err != nil {
		t.Errorf("--force over an empty directory: %v", err)
	}
	noTemporaries(t, tmp)
}

// A directory that appears at -o while the report is written is never
// replaced: without --force the report fails, with --force it fails too
// unless what appeared is a report.
func TestReportDirectoryCreatedMeanwhile(t *testing.T) {
	for _, force := range []bool{false, true} {
		tmp := t.TempDir()
		out := filepath.Join(tmp, "rep")
		var se bytes.Buffer
		err := writeDir(out, force, nil, &se, func(s render.Sink) error {
			if err := os.Mkdir(out, 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(out, "theirs.txt"), []byte("theirs"), 0o644); err != nil {
				return err
			}
			w, err := s.Create(render.MarkdownFile)
			if err != nil {
				return err
			}
			w.Write([]byte("# mine\n"))
			return w.Close()
		})
		if err == nil {
			t.Errorf("force=%v: the report replaced a directory created meanwhile", force)
		}
		if b, _ := os.ReadFile(filepath.Join(out, "theirs.txt")); string(b) != "theirs" {
			t.Errorf("force=%v: their file: %q", force, b)
		}
		if got := listTree(t, out); len(got) != 1 {
			t.Errorf("force=%v: %s holds %v", force, out, got)
		}
		noTemporaries(t, tmp)
	}
}

// Two reports into one -o at once: one is written, the other fails
// saying why, and nothing is left behind.
func TestConcurrentReports(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "rep")
	const n = 3
	var wg sync.WaitGroup
	errs := make([]error, n)
	outs := make([][]byte, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = asMain("report", "-o", out, engines).CombinedOutput()
		}()
	}
	wg.Wait()
	ok := 0
	for i, err := range errs {
		if err == nil {
			ok++
			continue
		}
		msg := string(outs[i])
		if !strings.Contains(msg, "already exists") && !strings.Contains(msg, "created by something else") {
			t.Errorf("loser %d says: %s", i, msg)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d concurrent reports succeeded, want 1", ok, n)
	}
	if _, err := readMarker(out); err != nil {
		t.Errorf("the winner's report: %v", err)
	}
	noTemporaries(t, tmp)
}

// SIGTERM and SIGINT while the report is written remove the temporary
// directory.
func TestReportInterruptedCleansUp(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		tmp := t.TempDir()
		out := filepath.Join(tmp, "rep")
		cmd := asMain("report", "-o", out, engines)
		var se bytes.Buffer
		cmd.Stderr = &se
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		seen := false
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && !seen; {
			ents, _ := os.ReadDir(tmp)
			for _, e := range ents {
				// Wait for a chart, so that the signal lands mid-report.
				if strings.Contains(e.Name(), ".tmp-") {
					charts, _ := os.ReadDir(filepath.Join(tmp, e.Name(), "charts"))
					seen = len(charts) > 0
				}
			}
			time.Sleep(time.Millisecond)
		}
		if !seen {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no temporary directory appeared: %s", se.String())
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
			t.Errorf("%v: exit %v, want status %d\n%s", sig, err, 128+int(sig), se.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", sig, out)
		}
		noTemporaries(t, tmp)
	}
}

// A temporary directory left by a killed report is removed by the next
// one; one that is not ours is left alone.
func TestStaleTemporariesSwept(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "rep")
	// A process that has ended: its pid is free.
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	stale := filepath.Join(tmp, ".rep.tmp-123")
	os.MkdirAll(filepath.Join(stale, "charts"), 0o755)
	writeMarker(stale, &reportManifest{Format: reportFormat, PID: dead.Process.Pid, Host: host})
	foreign := filepath.Join(tmp, ".rep.tmp-456")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "data.txt"), []byte("x"), 0o644)
	live := filepath.Join(tmp, ".rep.tmp-789")
	os.MkdirAll(live, 0o755)
	writeMarker(live, &reportManifest{Format: reportFormat, PID: os.Getppid(), Host: host})

	var so, se bytes.Buffer
	if err := run([]string{"report", "-o", out, engines}, &so, &se); err != nil {
		t.Fatalf("report: %v", err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("stale temporary directory not removed")
	}
	if _, err := os.Stat(filepath.Join(foreign, "data.txt")); err != nil {
		t.Errorf("foreign directory touched: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a running process's directory removed: %v", err)
	}
	if !strings.Contains(se.String(), "removed "+stale) || !strings.Contains(se.String(), foreign+" left alone") {
		t.Errorf("notes:\n%s", se.String())
	}
}

// A report written inside the input directory (by hand, or by an older
// sbreport) is not read back as runs.
func TestReportInsideInputSkipped(t *testing.T) {
	tmp := t.TempDir()
	logs := filepath.Join(tmp, "logs")
	copyTree(t, engines, logs)
	var so, se bytes.Buffer
	if err := run([]string{"parse", logs}, &so, &se); err != nil {
		t.Fatalf("parse: %v", err)
	}
	want := so.String()
	rep := filepath.Join(tmp, "rep")
	if err := run([]string{"report", "-o", rep, logs}, &so, &se); err != nil {
		t.Fatalf("report: %v", err)
	}
	if err := os.Rename(rep, filepath.Join(logs, "rep")); err != nil {
		t.Fatal(err)
	}
	so.Reset()
	se.Reset()
	err := run([]string{"parse", logs}, &so, &se)
	if !errors.Is(err, errPartial) {
		t.Errorf("parse: err %v, want the skip reported", err)
	}
	if so.String() != want {
		t.Errorf("runs read with the report inside:\n%s\nwant\n%s", so.String(), want)
	}
	if !strings.Contains(se.String(), filepath.Join(logs, "rep")+": skipped: a report written by sbreport") {
		t.Errorf("no note of the skipped report:\n%s", se.String())
	}
}
