package collect

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestSysStatCaptures: system-statistics logs beside a run in its
// directory get the directory's labels and are among the run's captures,
// one of each tool.
func TestSysStatCaptures(t *testing.T) {
	dir := t.TempDir()
	place := func(src, dst string) {
		b, err := os.ReadFile("../testdata/real/" + src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "system=innodb", dst)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	place("sysbench-1.0.20-oltp_read_write-innodb-4thr-10s-with-sysstat.txt", "run.log")
	place("vmstat-procps-ng-4.0.2-t-1s-during-oltp_read_write-innodb-4thr-10s.txt", "vmstat.log")
	place("procstat-1s-during-oltp_read_write-innodb-4thr-10s.txt", "procstat.log")
	doc, err := Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 1 || len(doc.SysStats) != 2 {
		t.Fatalf("%d runs, %d captures, errors %v", len(doc.Runs), len(doc.SysStats), doc.Errors)
	}
	want := map[string]bool{}
	for _, s := range doc.SysStats {
		if s.Labels["system"] != "innodb" {
			t.Errorf("%s: labels %v", s.ID(), s.Labels)
		}
		want[parse.CaptureID(s.Source, s.Line)] = true
	}
	for _, id := range doc.Runs[0].Captures {
		delete(want, id)
	}
	if len(want) != 0 {
		t.Errorf("run captures %v lack %v", doc.Runs[0].Captures, want)
	}
}
