package campaign

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

// examples/study-plan.yaml, reduced (one workload, one repeat, short runs,
// smaller tables), against a MariaDB of its own started by
// scripts/setup.sh: the campaign changes server variables and restarts
// the server, which would disturb anyone else using the project's server.
// InnoDB's 4 tables of 25,000 rows (about 26 MB) fit the CPU-bound
// buffer pool (256 MB) and not the IO-bound one (8 MB).
func TestCampaignStudy(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 2 minutes")
	}
	needServer(t) // sysbench, and skips without the project's MariaDB
	const password = "study-pw"
	port, dbDir, _ := startSecondServer(t, password)
	restart, err := filepath.Abs("../../scripts/restart-db.sh")
	if err != nil {
		t.Fatal(err)
	}
	src := mustRead(t, "../../examples/study-plan.yaml")
	for old, new := range map[string]string{
		"restart: [scripts/restart-db.sh]":    "restart: [bash, " + restart + "]",
		"[oltp_point_select, oltp_read_only]": "[oltp_point_select]",
		"repeats: 3":                          "repeats: 1",
		"duration: 10s":                       "duration: 3s",
		"warmup: 5s":                          "warmup: 1s",
		"tables: 8":                           "tables: 4",
		"table_size: 50000":                   "table_size: 10000",
	} {
		if !strings.Contains(src, old) {
			t.Fatalf("examples/study-plan.yaml no longer has %q", old)
		}
		src = strings.ReplaceAll(src, old, new)
	}
	// The restart command reaches the second server through these.
	t.Setenv("SBREPORT_DB_PORT", strconv.Itoa(port))
	t.Setenv("SBREPORT_DB_DIR", dbDir)
	// The plan's port is ${SBREPORT_DB_PORT:-3307}.
	vars := map[string]string{"SB_PASSWORD": password, "SBREPORT_DB_PORT": strconv.Itoa(port)}
	plan := readPlanString(t, src, vars)
	dir := filepath.Join(t.TempDir(), "study")
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(vars)}
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	if len(m.Runs) != 8 || m.Summary()[collect.RunOK] != 8 {
		t.Fatalf("%d runs, %v", len(m.Runs), m.Summary())
	}
	reads := map[string]float64{} // bound → InnoDB buffer pool reads per event, one client
	for _, e := range m.Runs {
		io := e.Labels["bound"] == "io"
		wantPool, wantAria := "268435456", "134217728"
		if io {
			wantPool, wantAria = "8388608", "8388608"
		}
		if e.Settings["innodb_buffer_pool_size"] != wantPool || e.Settings["aria_pagecache_buffer_size"] != wantAria {
			t.Errorf("%s: settings read back %v", e.ID, e.Settings)
		}
		if e.Files[collect.FileProc] == "" || e.Files[collect.FileSettings] == "" {
			t.Errorf("%s: files %v", e.ID, e.Files)
		}
		if e.Labels["system"] != "innodb" || e.Labels["clients"] != "1" {
			continue
		}
		st := parseFile(t, filepath.Join(dir, e.Files[collect.FileStatus]))
		out := parseFile(t, filepath.Join(dir, e.Files[collect.FileOutput]))
		if len(st.Variables) != 2 || len(out.Runs) != 1 || out.Runs[0].Events == nil {
			t.Fatalf("%s: status or output not read", e.ID)
		}
		b, _ := strconv.ParseFloat(st.Variables[0].Values["Innodb_buffer_pool_reads"], 64)
		a, _ := strconv.ParseFloat(st.Variables[1].Values["Innodb_buffer_pool_reads"], 64)
		reads[e.Labels["bound"]] = (a - b) / float64(*out.Runs[0].Events)
	}
	// The point of the factor: IO-bound misses the buffer pool (MariaDB
	// 10.11 keeps much of a shrunk pool free, so the misses are fewer than
	// the sizes suggest: 0.02 to 0.2 reads per event here), CPU-bound
	// hardly ever does.
	if !(reads["io"] >= 0.01 && reads["cpu"]*10 < reads["io"]) {
		t.Errorf("buffer pool reads per event: %v; want 0.01 or more IO-bound, a tenth of that CPU-bound", reads)
	}
	for _, s := range m.Settings {
		if !s.Restored || s.Error != "" {
			t.Errorf("setting not restored: %+v", s)
		}
	}
	srv, err := openServer(context.Background(), &System{Name: "check", MySQL: MySQL{Host: "127.0.0.1", Port: port, User: "sbtest"}}, password, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for name, want := range map[string]string{"innodb_buffer_pool_size": "268435456", "aria_pagecache_buffer_size": "134217728"} {
		if got, _, err := srv.Variable(context.Background(), name); err != nil || got != want {
			t.Errorf("after the campaign %s = %s (%v), want %s", name, got, err, want)
		}
	}
	doc, err := collect.Load([]string{dir})
	if err != nil || len(doc.Errors) > 0 {
		t.Errorf("ingest: %v %v", err, doc.Errors)
	}
	if len(doc.Runs) != 4+4*4 {
		t.Errorf("ingest read %d runs, want 4 + 4 × 4 clients", len(doc.Runs))
	}
	data, err := os.ReadFile(filepath.Join(dir, m.Runs[0].Files[collect.FileProc]))
	if err != nil || !strings.HasPrefix(string(data), "# t=") || !strings.Contains(string(data), "\nctxt ") || strings.Count(string(data), "# t=") < 3 {
		t.Errorf("proc samples: %v\n%.300s", err, data)
	}
}
