package campaign

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"

	// Only the test reads a campaign the way sbreport report does; the
	// package itself never imports analyze.
	"github.com/sbreport/sbreport/analyze"
)

// clientsDB names a database for one clients test and drops it, and its
// client databases DB_c1..DB_cN, when the test ends.
func clientsDB(t *testing.T, srv *server, tag string, clients int) string {
	t.Helper()
	var b [4]byte
	rand.Read(b[:])
	name := "sbtest_clients_" + tag + "_" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		srv.db.Exec("DROP DATABASE IF EXISTS `" + name + "`")
		for k := 1; k <= clients; k++ {
			srv.db.Exec("DROP DATABASE IF EXISTS `" + name + "_c" + strconv.Itoa(k) + "`")
		}
	})
	return name
}

func schemaExists(t *testing.T, srv *server, db string) bool {
	t.Helper()
	var n int
	if err := srv.db.QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", db).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// A campaign with clients 2 runs two sysbench processes per run, each on
// half the threads and its own database of half the tables; the manifest
// labels their outputs so that analyze merges them back into one run per
// system and thread count, with the plan's threads and the sum of the
// clients' throughput.
func TestCampaignClients(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 25 s")
	}
	srv := needServer(t)
	dbA, dbB := clientsDB(t, srv, "a", 2), clientsDB(t, srv, "b", 2)
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), dbA, "InnoDB") + systemYAML("aria", "127.0.0.1", dbPort(), dbB, "Aria") + `
workloads: [oltp_read_only]
threads: [2, 4]
repeats: 1
duration: 3s
tables: 4
table_size: 1000
clients: 2
labels: {campaign: clients}
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	plan := readPlanString(t, src, vars)
	dir := filepath.Join(t.TempDir(), "campaign")
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(vars)}
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	if m.Status != collect.CampaignComplete || len(m.Runs) != 4 || m.Summary()[collect.RunOK] != 4 {
		t.Fatalf("status %s, runs %d, %v", m.Status, len(m.Runs), m.Summary())
	}

	labels := m.FileLabels()
	skip := m.SkipFiles()
	// clientTPS holds each client's printed tps, by run ID.
	clientTPS := map[string][]float64{}
	for _, e := range m.Runs {
		threads, _ := strconv.Atoi(e.Labels["threads"])
		if e.Command != "" || len(e.Commands) != 2 || *e.ExitStatus != 0 || len(e.ExitStatuses) != 2 || e.ExitStatuses[0] != 0 || e.ExitStatuses[1] != 0 {
			t.Errorf("%s: command %q, commands %q, exit %d %v", e.ID, e.Command, e.Commands, *e.ExitStatus, e.ExitStatuses)
			continue
		}
		// Two outputs, the status snapshots, the /proc samples (the
		// server is on this host).
		if len(e.Files) != 4 || e.Files[collect.FileStatus] != e.ID+".status.txt.gz" || e.Files[collect.FileProc] != e.ID+".proc.txt" {
			t.Errorf("%s: files %v", e.ID, e.Files)
		}
		for k := 1; k <= 2; k++ {
			kind := "output.c" + strconv.Itoa(k)
			rel := e.Files[kind]
			if rel != e.ID+".c"+strconv.Itoa(k)+".txt" {
				t.Errorf("%s: %s is %q", e.ID, kind, rel)
				continue
			}
			// The file starts with its exact command line, which gives
			// the client its share of threads and tables and its own
			// database.
			data, err := os.ReadFile(filepath.Join(dir, rel))
			if err != nil {
				t.Fatal(err)
			}
			db := dbA + "_c" + strconv.Itoa(k)
			if e.Labels["system"] == "aria" {
				db = dbB + "_c" + strconv.Itoa(k)
			}
			cmd := e.Commands[k-1]
			if !bytes.HasPrefix(data, []byte("$ "+cmd+"\n")) || !strings.Contains(cmd, " --threads="+strconv.Itoa(threads/2)+" ") ||
				!strings.Contains(cmd, " --tables=2 ") || !strings.Contains(cmd, " --mysql-db="+db+" ") {
				t.Errorf("%s: command %q, file starts %q", rel, cmd, firstLine(string(data)))
			}
			l := labels[rel]
			if l["client"] != strconv.Itoa(k) || l["client_group"] != e.ID || l["threads"] != e.Labels["threads"] ||
				l["system"] != e.Labels["system"] || l["tables"] != "4" || l["campaign"] != "clients" {
				t.Errorf("%s: labels %v", rel, l)
			}
			d := parseFile(t, filepath.Join(dir, rel))
			if len(d.Runs) != 1 || !d.Runs[0].Complete || d.Runs[0].TPS == nil || *d.Runs[0].Threads != threads/2 {
				t.Fatalf("%s: runs %+v, errors %v", rel, d.Runs, d.Errors)
			}
			clientTPS[e.ID] = append(clientTPS[e.ID], *d.Runs[0].TPS)
		}
		if l := labels[e.Files[collect.FileStatus]]; l["client"] != "" || l["client_group"] != "" || l["threads"] != e.Labels["threads"] {
			t.Errorf("%s: status labels %v", e.ID, l)
		}
	}

	for _, s := range m.Systems {
		if len(s.Databases) != 2 || s.Databases[0] != s.DB+"_c1" || s.Databases[1] != s.DB+"_c2" || !s.Cleaned || len(s.Errors) > 0 {
			t.Errorf("system %+v", s)
		}
		// Only the client databases were created.
		if schemaExists(t, srv, s.DB) || !schemaExists(t, srv, s.DB+"_c2") {
			t.Errorf("%s: database %s created, or %s_c2 missing", s.Name, s.DB, s.DB)
		}
		for k := 1; k <= 2; k++ {
			c := strconv.Itoa(k)
			for _, kind := range []string{collect.FilePrepare, collect.FileCleanup} {
				if p := s.Files[kind+".c"+c]; p == "" || !skip[p] {
					t.Errorf("%s: %s.c%s %q not skipped", s.Name, kind, c, p)
				}
			}
			p := s.Files[collect.FileTableStatus+".c"+c]
			if p != s.Name+"/table-status.c"+c+".txt" || labels[p]["client"] != c || labels[p]["system"] != s.Name {
				t.Errorf("%s: table status %q, labels %v", s.Name, p, labels[p])
			}
			ts := parseFile(t, filepath.Join(dir, p))
			if len(ts.Tables) != 2 || !strings.EqualFold(ts.Tables[0].Engine, s.Engine) || ts.Tables[0].Rows == nil {
				t.Errorf("%s: table status %+v, errors %v", p, ts.Tables, ts.Errors)
			}
			if n, err := srv.TableCount(context.Background(), s.DB+"_c"+c, 2); err != nil || n != 0 {
				t.Errorf("%s_c%s: %d tables left after cleanup (%v)", s.DB, c, n, err)
			}
		}
	}

	// Read back the way sbreport report does: one merged run per system
	// and thread count, with the plan's threads and the clients' summed tps.
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) > 0 {
		t.Errorf("reading the campaign: %v", doc.Errors)
	}
	if len(doc.Runs) != 8 {
		t.Fatalf("%d runs read, want 8 client runs; errors %v", len(doc.Runs), doc.Errors)
	}
	ds := analyze.Group(doc.Runs, analyze.GroupOptions{})
	if ds.By != "system" || len(ds.Cells) != 4 {
		t.Fatalf("grouped by %q into %d cells", ds.By, len(ds.Cells))
	}
	for _, c := range ds.Cells {
		id := c.System + "/oltp_read_only/" + strconv.Itoa(c.Threads) + "thr-r1"
		tps := clientTPS[id]
		if len(c.Runs) != 1 || len(c.Merged) != 1 || c.Merged[0] != 2 || len(tps) != 2 {
			t.Errorf("%s: %d runs, merged %v, client tps %v", id, len(c.Runs), c.Merged, tps)
			continue
		}
		run := c.Runs[0]
		if *run.Threads != c.Threads || (c.Threads != 2 && c.Threads != 4) {
			t.Errorf("%s: merged threads %d, cell threads %d", id, *run.Threads, c.Threads)
		}
		if want := tps[0] + tps[1]; math.Abs(*run.TPS-want) > 1e-9*want {
			t.Errorf("%s: merged tps %v, want %v + %v = %v", id, *run.TPS, tps[0], tps[1], want)
		}
		if run.Labels["clients"] != "2" {
			t.Errorf("%s: merged labels %v", id, run.Labels)
		}
	}
	checkNoTemps(t, dir)
}

// When one client fails, the run fails with that client named, and both
// clients' outputs are kept. Client 2's table is dropped as the run
// starts, so its sysbench stops with a FATAL error while client 1 runs to
// the end.
func TestCampaignClientFails(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	db := clientsDB(t, srv, "fail", 2)
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_read_only]
threads: [2]
duration: 2s
tables: 2
table_size: 100
clients: 2
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	dir := filepath.Join(t.TempDir(), "campaign")
	r := &Runner{Plan: readPlanString(t, src, vars), Dir: dir, Getenv: env(vars), Observe: func(e Event) {
		if e.Kind == EventRunStart {
			if _, err := srv.db.Exec("DROP TABLE `" + db + "_c2`.sbtest1"); err != nil {
				t.Errorf("drop table: %v", err)
			}
		}
	}}
	m, err := r.Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 1 {
		t.Fatalf("campaign: %v", err)
	}
	e := m.Runs[0]
	if e.Status != collect.RunFailed || !strings.HasPrefix(e.Error, "client 2: sysbench exit status 1: FATAL:") || !strings.Contains(e.Error, "1146") ||
		strings.Contains(e.Error, "client 1") {
		t.Errorf("error %q", e.Error)
	}
	if len(e.ExitStatuses) != 2 || e.ExitStatuses[0] != 0 || e.ExitStatuses[1] != 1 || *e.ExitStatus != 1 {
		t.Errorf("exit %d, statuses %v", *e.ExitStatus, e.ExitStatuses)
	}
	one := parseFile(t, filepath.Join(dir, e.Files["output.c1"]))
	if len(one.Runs) != 1 || !one.Runs[0].Complete {
		t.Errorf("client 1 output: %+v", one.Runs)
	}
	two, err := os.ReadFile(filepath.Join(dir, e.Files["output.c2"]))
	if err != nil || !bytes.Contains(two, []byte("FATAL:")) {
		t.Errorf("client 2 output kept: %v\n%s", err, two)
	}
}

// Interrupting a run of several clients stops every one of their
// processes and keeps none of their outputs.
func TestCampaignClientsInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	db := clientsDB(t, srv, "intr", 2)
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_read_only]
threads: [2]
duration: 30s
tables: 2
table_size: 100
clients: 2
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	dir := filepath.Join(t.TempDir(), "campaign")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{Plan: readPlanString(t, src, vars), Dir: dir, Getenv: env(vars), Observe: func(e Event) {
		if e.Kind == EventRunStart {
			time.AfterFunc(2*time.Second, cancel)
		}
	}}
	start := time.Now()
	m, err := r.Run(ctx)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("campaign: %v", err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the interrupted campaign took %s", took)
	}
	e := m.Runs[0]
	if m.Status != collect.CampaignInterrupted || e.Status != collect.RunInterrupted || e.Files["output.c1"] != "" || e.Files["output.c2"] != "" {
		t.Errorf("status %s, run %s, files %v", m.Status, e.Status, e.Files)
	}
	for k := 1; k <= 2; k++ {
		if _, err := os.Stat(filepath.Join(dir, e.ID+".c"+strconv.Itoa(k)+".txt")); err == nil {
			t.Errorf("output of interrupted client %d kept", k)
		}
	}
	// No sysbench of this campaign is left running.
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && bytes.Contains(b, []byte("sysbench")) && bytes.Contains(b, []byte(db)) {
			t.Errorf("still running: %s", bytes.ReplaceAll(b, []byte{0}, []byte{' '}))
		}
	}
	checkNoTemps(t, dir)
}
