package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect/warehouse"
	"github.com/sbreport/sbreport/collect/warehouse/whtest"
)

const demo = "../../examples/demo-campaign"

// sbreport runs the CLI and returns stdout, stderr and the error.
func sbreport(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(args, &out, &errOut)
	return out.String(), errOut.String(), err
}

// warehouseDB gives the test a database of its own, with its password in
// MYSQL_PWD as the CLI reads it.
func warehouseDB(t *testing.T) *whtest.DB {
	d := whtest.New(t)
	t.Setenv("MYSQL_PWD", d.Password)
	return d
}

func mustStore(t *testing.T, url string, inputs ...string) string {
	t.Helper()
	out, errOut, err := sbreport(t, append([]string{"store", "-q", "--db", url}, inputs...)...)
	if err != nil {
		t.Fatalf("store: %v\n%s", err, errOut)
	}
	return out
}

// TestCompareDB: compare --db gives what compare on the files gives, as
// text and as JSON, over the socket and over TCP.
func TestCompareDB(t *testing.T) {
	d := warehouseDB(t)
	mustStore(t, d.URL(), demo)
	for _, args := range [][]string{{"compare"}, {"compare", "--json"}, {"compare", "--metric", "latency_p95_ms", "--center", "median"}} {
		want, _, err := sbreport(t, append(args, demo)...)
		if err != nil {
			t.Fatal(err)
		}
		for _, url := range []string{d.URL(), d.TCPURL()} {
			got, errOut, err := sbreport(t, append(args, "--db", url)...)
			if err != nil {
				t.Fatalf("%v --db %s: %v\n%s", args, url, err, errOut)
			}
			if got != want {
				t.Errorf("%v --db %s differs from the files:\n%s\nfiles:\n%s", args, url, got, want)
			}
		}
	}
	// --where selects from the warehouse as from the files.
	want, _, err := sbreport(t, "compare", "--where", "workload=oltp_insert", "--where", "threads=8", "--where", "threads=16", demo)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := sbreport(t, "compare", "--where", "workload=oltp_insert", "--where", "threads=8", "--where", "threads=16", "--db", d.URL())
	if err != nil || got != want {
		t.Errorf("compare --where --db: %v\n%s\nfiles:\n%s", err, got, want)
	}
	if strings.Count(want, "oltp_insert ") != 2 || strings.Contains(want, "oltp_read_only") {
		t.Errorf("--where kept other cells:\n%s", want)
	}
}

// TestStoreTwiceReport: storing the demo campaign twice, then report --db,
// gives the runs of one import: results.json equals that of the files.
func TestStoreTwiceReport(t *testing.T) {
	d := warehouseDB(t)
	first := mustStore(t, d.URL(), demo)
	second := mustStore(t, d.URL(), demo)
	if !strings.HasPrefix(second, "stored 0 file(s)") {
		t.Errorf("second store: %s (first: %s)", second, first)
	}
	dir := t.TempDir()
	if _, errOut, err := sbreport(t, "report", "-o", filepath.Join(dir, "files"), demo); err != nil {
		t.Fatalf("report: %v\n%s", err, errOut)
	}
	if _, errOut, err := sbreport(t, "report", "-o", filepath.Join(dir, "db"), "--db", d.URL()); err != nil {
		t.Fatalf("report --db: %v\n%s", err, errOut)
	}
	load := func(p string) map[string]json.RawMessage {
		b, err := os.ReadFile(filepath.Join(dir, p, "results.json"))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	files, db := load("files"), load("db")
	for _, k := range []string{"runs", "hosts", "variables", "tables", "errors", "analysis"} {
		if !bytes.Equal(files[k], db[k]) {
			t.Errorf("results.json %q differs between the files and the warehouse", k)
		}
	}
	var runs []any
	json.Unmarshal(db["runs"], &runs)
	if len(runs) != 180 {
		t.Errorf("report --db has %d runs, want the 180 of the demo campaign", len(runs))
	}
	md := func(p string) string {
		b, _ := os.ReadFile(filepath.Join(dir, p, "report.md"))
		// The command line in the appendix differs.
		var keep []string
		for _, l := range strings.Split(string(b), "\n") {
			if !strings.Contains(l, "sbreport report") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if md("files") != md("db") {
		t.Error("report.md differs between the files and the warehouse")
	}
}

// TestFailOnRegression: rocksdb's oltp_insert in the demo campaign is
// significantly slower than innodb's (0.63× at 8 threads, p < 0.001):
// --fail-on-regression exits 4 and names the cell; innodb against itself,
// or a threshold beyond every change, exits 0.
func TestFailOnRegression(t *testing.T) {
	args := []string{"compare", "--where", "workload=oltp_insert", "--where", "system=innodb", "--where", "system=rocksdb"}
	_, errOut, err := sbreport(t, append(args, "--fail-on-regression", "30", demo)...)
	if !errors.Is(err, errRegression) {
		t.Fatalf("want a regression, got %v\n%s", err, errOut)
	}
	for _, want := range []string{
		"regression: oltp_insert, 8 threads, rocksdb: tps -37.10% against innodb (0.629× [0.585, 0.677], p=0.000)",
		"regression: oltp_insert, 16 threads, rocksdb: tps -37.61%",
		"regression: oltp_insert, 4 threads, rocksdb: tps -35.92%",
		"regression: oltp_insert, 2 threads, rocksdb: tps -33.19%",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "1 threads") { // -27.73%: within 30%
		t.Errorf("a change within the threshold was listed:\n%s", errOut)
	}
	if _, errOut, err := sbreport(t, append(args, "--fail-on-regression", "40", demo)...); err != nil {
		t.Errorf("threshold 40%%: %v\n%s", err, errOut)
	}
	if _, errOut, err := sbreport(t, "compare", "--where", "system=innodb", "--fail-on-regression", "0", demo); err != nil {
		t.Errorf("one system: %v\n%s", err, errOut)
	}
	// Latency: lower is better; rocksdb's p95 is higher, a regression too.
	_, errOut, err = sbreport(t, append(args, "--metric", "latency_avg_ms", "--fail-on-regression", "30", demo)...)
	if !errors.Is(err, errRegression) || !strings.Contains(errOut, "regression: oltp_insert, 8 threads, rocksdb: latency_avg_ms +") {
		t.Errorf("latency: %v\n%s", err, errOut)
	}
	if _, _, err := sbreport(t, append(args, "--fail-on-regression", "x", demo)...); !errors.Is(err, errUsage) {
		t.Errorf("bad threshold: %v", err)
	}
}

// TestReportFromSchemaVersion2: a warehouse stored at schema version 2
// (status snapshots kept whole only) gives report --db the report that
// one stored at the current version gives (read from the reduced
// snapshots), before and after store migrates it and stores the reduced
// snapshots; so does compare --db.
func TestReportFromSchemaVersion2(t *testing.T) {
	old, cur := warehouseDB(t), whtest.New(t)
	ctx := context.Background()
	cfg, err := warehouse.ParseURL(old.URL(), old.Password)
	if err != nil {
		t.Fatal(err)
	}
	w, err := warehouse.OpenAt(ctx, cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Store(ctx, []string{demo}, warehouse.StoreOptions{Sbreport: "v2", StatusKeep: analyze.ServerCounters}); err != nil {
		t.Fatal(err)
	}
	if v, _ := w.SchemaVersion(ctx); v != 2 {
		t.Fatalf("schema version %d, want 2", v)
	}
	w.Close()
	t.Setenv("MYSQL_PWD", cur.Password)
	mustStore(t, cur.URL(), demo)
	var reduced int
	cur.Root.QueryRow("SELECT COUNT(*) FROM `" + cur.Name + "`.captures WHERE kept IS NOT NULL").Scan(&reduced)
	if reduced != 360 {
		t.Errorf("%d status snapshots stored reduced, want the demo's 360", reduced)
	}
	dir := t.TempDir()
	report := func(d *whtest.DB, name string) map[string]string {
		t.Helper()
		t.Setenv("MYSQL_PWD", d.Password)
		if _, errOut, err := sbreport(t, "report", "-o", filepath.Join(dir, name), "--db", d.URL()); err != nil {
			t.Fatalf("report --db (%s): %v\n%s", name, err, errOut)
		}
		out := map[string]string{}
		for _, f := range []string{"report.md", "appendix.md", "results.json", "runs.csv"} {
			b, err := os.ReadFile(filepath.Join(dir, name, f))
			if err != nil {
				t.Fatal(err)
			}
			// The command line names the database and the directory.
			out[f] = strings.NewReplacer(d.URL(), "URL", filepath.Join(dir, name), "DIR").Replace(string(b))
		}
		text, errOut, err := sbreport(t, "compare", "--db", d.URL())
		if err != nil {
			t.Fatalf("compare --db (%s): %v\n%s", name, err, errOut)
		}
		out["compare"] = text
		return out
	}
	want := report(cur, "current")
	if !strings.Contains(want["results.json"], `"Innodb_buffer_pool_read_requests"`) {
		t.Fatal("results.json holds no server counter")
	}
	for _, step := range []string{"version 2", "migrated"} {
		if step == "migrated" {
			t.Setenv("MYSQL_PWD", old.Password)
			if out := mustStore(t, old.URL(), demo); !strings.Contains(out, "370 file(s) unchanged") {
				t.Fatalf("store again: %s", out)
			}
			// The migration's store reduces the snapshots stored before.
			var reduced int
			old.Root.QueryRow("SELECT COUNT(*) FROM `" + old.Name + "`.captures WHERE kept IS NOT NULL").Scan(&reduced)
			if reduced != 360 {
				t.Errorf("%d status snapshots reduced after the migration, want the demo's 360", reduced)
			}
		}
		got := report(old, strings.ReplaceAll(step, " ", ""))
		for f, w := range want {
			if got[f] != w {
				t.Errorf("%s: %s differs from the current schema's", step, f)
			}
		}
	}
}
