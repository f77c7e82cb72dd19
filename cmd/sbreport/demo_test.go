package main

import (
	"bytes"
	"os"
	"path/filepath"
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
	for _, h := range []string{"## Summary", "### Hardware", "### Servers", "### Table sizes",
		"## oltp_insert", "## oltp_point_select", "## oltp_read_only", "## oltp_read_write",
		"### Ratios to innodb", "### Server work per transaction", "| `Innodb_os_log_written` |", "### Scaling", "## Stability", "## Warnings", "## Methodology",
		"10.11.19-MariaDB-0+deb12u1", "| innodb | InnoDB | 4 |", "--mysql-storage-engine=ROCKSDB",
		"demo-campaign/innodb/oltp_insert/"} {
		if !bytes.Contains(md, []byte(h)) {
			t.Errorf("report.md lacks %q", h)
		}
	}
	if bytes.Contains(md, []byte("MYSQL_PWD=")) || bytes.Contains(md, []byte("password=sbtest")) {
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
	want := []string{"Summary", "Runs", "Intervals", "Comparisons", "Scaling", "Fit", "Hosts", "Variables", "Tables"}
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
