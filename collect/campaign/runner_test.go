package campaign

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"

	"github.com/sbreport/sbreport/parse"
)

// The integration tests below run the real sysbench against the real
// MariaDB started by scripts/setup.sh (127.0.0.1:$SBREPORT_DB_PORT, default
// 3307; user sbtest, password $SB_PASSWORD, default sbtest). Each test works
// in a database of its own, so other users of that server are not
// disturbed. Without a server they skip, unless CI or SBREPORT_DB_READY is
// set: then a missing server fails them.

func mustHaveServer() bool {
	ci := os.Getenv("CI")
	return (ci != "" && ci != "false" && ci != "0") || os.Getenv("SBREPORT_DB_READY") != ""
}

func dbPort() int {
	if p, err := strconv.Atoi(os.Getenv("SBREPORT_DB_PORT")); err == nil {
		return p
	}
	return 3307
}

func dbPassword() string {
	if p := os.Getenv("SB_PASSWORD"); p != "" {
		return p
	}
	return "sbtest"
}

// needServer returns a connection to the project's server, skipping or
// failing the test when there is none.
func needServer(t *testing.T) *server {
	t.Helper()
	if _, err := exec.LookPath("sysbench"); err != nil {
		if mustHaveServer() {
			t.Fatal("sysbench not found in $PATH (CI must run scripts/setup.sh first)")
		}
		t.Skip("sysbench not found in $PATH; run scripts/setup.sh to install it")
	}
	s := &System{Name: "probe", MySQL: MySQL{Host: "127.0.0.1", Port: dbPort(), User: "sbtest", DB: "sbtest"}}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	srv, err := openServer(ctx, s, dbPassword(), []string{s.MySQL.DB})
	if err != nil {
		if mustHaveServer() {
			t.Fatalf("no MariaDB for the integration tests (CI must run scripts/setup.sh first): %v", err)
		}
		t.Skipf("no MariaDB on 127.0.0.1:%d (start one with scripts/setup.sh): %v", dbPort(), err)
	}
	t.Cleanup(func() { srv.db.Close() })
	return srv
}

// testDB names a database for one test and drops it when the test ends.
func testDB(t *testing.T, srv *server, tag string) string {
	t.Helper()
	var b [4]byte
	rand.Read(b[:])
	name := "sbtest_ct_" + tag + "_" + hex.EncodeToString(b[:])
	t.Cleanup(func() { srv.db.Exec("DROP DATABASE IF EXISTS `" + name + "`") })
	return name
}

// engineAvailable reports whether the server can create tables with engine.
func engineAvailable(srv *server, engine string) bool {
	var support string
	err := srv.db.QueryRow("SELECT SUPPORT FROM information_schema.ENGINES WHERE UPPER(ENGINE) = UPPER(?)", engine).Scan(&support)
	return err == nil && (support == "YES" || support == "DEFAULT")
}

// secondEngine is MyRocks when the server has it, else Aria.
func secondEngine(t *testing.T, srv *server) (name, engine string) {
	if engineAvailable(srv, "ROCKSDB") {
		return "rocksdb", "ROCKSDB"
	}
	t.Log("MyRocks is not available (scripts/setup.sh installs mariadb-plugin-rocksdb when Debian has it): Aria is the second engine")
	return "aria", "Aria"
}

func readPlanString(t *testing.T, src string, vars map[string]string) *Plan {
	t.Helper()
	p, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(vars))
	if err != nil {
		t.Fatalf("plan: %v\n%s", err, src)
	}
	return p
}

func systemYAML(name, host string, port int, db, engine string) string {
	return fmt.Sprintf("  - name: %s\n    mysql: {host: %s, port: %d, user: sbtest, password_env: SB_PASSWORD, db: %s}\n    engine: %s\n",
		name, host, port, db, engine)
}

// A campaign of two engines, two workloads, threads 1 and 4 and two
// repeats runs to completion, and every file it writes parses.
func TestCampaignEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about a minute")
	}
	srv := needServer(t)
	name2, engine2 := secondEngine(t, srv)
	dbA, dbB := testDB(t, srv, "e2e_a"), testDB(t, srv, "e2e_b")
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), dbA, "InnoDB") + systemYAML(name2, "127.0.0.1", dbPort(), dbB, engine2) + `
workloads: [oltp_point_select, oltp_read_only]
threads: [1, 4]
repeats: 2
duration: 3s
tables: 2
table_size: 2000
sysbench: {percentile: 99}
labels: {campaign: e2e}
`
	plan := readPlanString(t, src, map[string]string{"SB_PASSWORD": dbPassword()})
	dir := filepath.Join(t.TempDir(), "campaign")
	var events []Event
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(map[string]string{"SB_PASSWORD": dbPassword()}),
		Observe: func(e Event) { events = append(events, e) }}
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	if m.Status != collect.CampaignComplete || len(m.Runs) != 16 || m.Summary()[collect.RunOK] != 16 {
		t.Fatalf("status %s, runs %d, %v", m.Status, len(m.Runs), m.Summary())
	}

	// Progress: one start and one end per run, the time left shrinking to 0.
	var starts, ends int
	for _, e := range events {
		switch e.Kind {
		case EventRunStart:
			starts++
			if e.Total != 16 || e.Length != 3*time.Second {
				t.Errorf("start event %+v", e)
			}
		case EventRunEnd:
			ends++
		}
	}
	if last := events[len(events)-1]; starts != 16 || ends != 16 || last.Kind != EventDone || last.Done != 16 {
		t.Errorf("%d starts, %d ends, last event %+v", starts, ends, last)
	}

	// The manifest on disk is the one returned.
	disk, err := collect.ReadManifest(dir)
	if err != nil || disk.Status != collect.CampaignComplete || len(disk.Runs) != 16 {
		t.Fatalf("manifest on disk: %v %+v", err, disk)
	}
	if !strings.HasPrefix(disk.Tools.Sysbench, "sysbench 1.") {
		t.Errorf("sysbench version %q", disk.Tools.Sysbench)
	}

	labels, err := collect.ManifestLabels(dir)
	if err != nil {
		t.Fatal(err)
	}
	skip, err := collect.ManifestSkip(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Runs {
		out := e.Files[collect.FileOutput]
		l := labels[out]
		if l["system"] != e.Labels["system"] || l["workload"] == "" || l["threads"] == "" || l["repeat"] == "" || l["campaign"] != "e2e" {
			t.Errorf("%s: labels %v", out, l)
		}
		if labels[e.Files[collect.FileStatus]]["threads"] != l["threads"] {
			t.Errorf("%s: status file %v", e.ID, e.Files)
		}
		if *e.ExitStatus != 0 || e.Attempts != 1 {
			t.Errorf("%s: exit %d, attempts %d", e.ID, *e.ExitStatus, e.Attempts)
		}
		// Each output is one complete run of the right shape.
		runs := parseFile(t, filepath.Join(dir, out))
		if len(runs.Runs) != 1 {
			t.Fatalf("%s: %d runs, errors %v", out, len(runs.Runs), runs.Errors)
		}
		run := runs.Runs[0]
		threads, _ := strconv.Atoi(l["threads"])
		if !run.Complete || run.Test != l["workload"] || run.Threads == nil || *run.Threads != threads ||
			run.TPS == nil || *run.TPS <= 0 || len(run.Intervals) < 2 || len(run.Histogram) == 0 {
			t.Errorf("%s: run %+v", out, run)
		}
		if _, ok := run.LatencyPct("99"); !ok {
			t.Errorf("%s: no 99th percentile", out)
		}
		if run.Labels["engine"] == "" {
			t.Errorf("%s: the command line does not give the engine: %q", out, run.Command)
		}
		// SHOW GLOBAL STATUS before and after, in that order, the
		// queries in between counted.
		st := parseFile(t, filepath.Join(dir, e.Files[collect.FileStatus]))
		if len(st.Variables) != 2 {
			t.Fatalf("%s: %d status captures, errors %v", e.Files[collect.FileStatus], len(st.Variables), st.Errors)
		}
		before, after := st.Variables[0], st.Variables[1]
		if before.Kind != "status" || after.Kind != "status" || !strings.Contains(before.Statement, "before") || !strings.Contains(after.Statement, "after") {
			t.Errorf("%s: kinds %s, %s; statements %q, %q", e.Files[collect.FileStatus], before.Kind, after.Kind, before.Statement, after.Statement)
		}
		q0, _ := strconv.ParseInt(before.Values["Questions"], 10, 64)
		q1, _ := strconv.ParseInt(after.Values["Questions"], 10, 64)
		if q1-q0 < int64(*run.Events) {
			t.Errorf("%s: Questions %d → %d for %d events", e.Files[collect.FileStatus], q0, q1, *run.Events)
		}
	}
	for _, s := range m.Systems {
		if s.Server == "" || !s.Cleaned || s.Prepared || len(s.Errors) > 0 {
			t.Errorf("system %+v", s)
		}
		v := parseFile(t, filepath.Join(dir, s.Files[collect.FileVariables]))
		if len(v.Variables) != 1 || v.Variables[0].Values["version"] == "" {
			t.Errorf("%s: variables capture", s.Files[collect.FileVariables])
		}
		ts := parseFile(t, filepath.Join(dir, s.Files[collect.FileTableStatus]))
		if len(ts.Tables) != 2 || !strings.EqualFold(ts.Tables[0].Engine, s.Engine) {
			t.Errorf("%s: table status %+v", s.Files[collect.FileTableStatus], ts.Tables)
		}
		if !skip[s.Files[collect.FilePrepare]] || !skip[s.Files[collect.FileCleanup]] {
			t.Errorf("prepare/cleanup of %s not in ManifestSkip: %v", s.Name, skip)
		}
		if n, err := r.servers[s.Name].TableCount(context.Background(), s.DB, 2); err == nil && n != 0 {
			t.Errorf("%s: %d tables left after cleanup", s.Name, n)
		}
	}
	host := parseFile(t, filepath.Join(dir, m.Host.Files["lscpu"]))
	if len(host.Hosts) != 1 || host.Hosts[0].CPUs == nil {
		t.Errorf("lscpu capture: %+v", host.Hosts)
	}
	checkNoTemps(t, dir)
}

// parseFile parses one campaign file, decompressing .gz.
func parseFile(t *testing.T, name string) *parse.Document {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = z
	}
	d := &parse.Document{}
	if err := parse.Stream(r, name, d.Add); err != nil {
		t.Fatal(err)
	}
	return d
}

// checkNoTemps fails when a temporary file was left behind.
func checkNoTemps(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".tmp") {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
}

// childEnv marks the test binary re-run as a campaign process.
const childEnv = "SBREPORT_TEST_CAMPAIGN"

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		os.Exit(runChild(spec))
	}
	os.Exit(m.Run())
}

// runChild runs the campaign PLAN into DIR (spec "PLAN|DIR|resume"), the
// way sbreport run does: SIGINT and SIGTERM end the context.
func runChild(spec string) int {
	parts := strings.Split(spec, "|")
	p, err := ReadPlanFile(parts[0], os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	r := &Runner{Plan: p, Dir: parts[1], Resume: len(parts) > 2}
	if _, err := r.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if errors.Is(err, ErrInterrupted) {
			return 130
		}
		return 1
	}
	return 0
}

// startChild runs a campaign in a child process.
func startChild(t *testing.T, planFile, dir string, resume bool) *exec.Cmd {
	t.Helper()
	spec := planFile + "|" + dir
	if resume {
		spec += "|resume"
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+spec)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("child stderr:\n%s", stderr.String())
		}
	})
	return cmd
}

// waitRuns waits until the manifest in dir shows n runs ok and one more
// running, so that a signal lands in the middle of a run.
func waitRuns(t *testing.T, dir string, n int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if m, err := collect.ReadManifest(dir); err == nil {
			s := m.Summary()
			if s[collect.RunOK] >= n && s[collect.RunRunning] == 1 {
				time.Sleep(time.Second) // into the run
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("campaign in %s did not reach %d runs", dir, n)
}

// A campaign stopped by SIGINT keeps its completed runs and says so; one
// killed by SIGKILL leaves no half-written file that looks complete; and
// --resume completes both without redoing a finished run.
func TestCampaignInterruptKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 30 s")
	}
	srv := needServer(t)
	db := testDB(t, srv, "resume")
	tmp := t.TempDir()
	planFile := filepath.Join(tmp, "plan.yaml")
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_point_select]
threads: [1, 2]
repeats: 3
duration: 2s
tables: 1
table_size: 1000
`
	if err := os.WriteFile(planFile, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SB_PASSWORD", dbPassword())
	dir := filepath.Join(tmp, "campaign")

	// SIGINT in the middle of run 2.
	child := startChild(t, planFile, dir, false)
	waitRuns(t, dir, 1)
	child.Process.Signal(syscall.SIGINT)
	err := child.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("interrupted child: %v", err)
	}
	m, err := collect.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Summary(); m.Status != collect.CampaignInterrupted || s[collect.RunOK] != 1 || s[collect.RunInterrupted] != 1 || s[collect.RunPending] != 4 {
		t.Fatalf("after SIGINT: status %s, %v", m.Status, s)
	}
	for _, e := range m.Runs {
		if e.Status == collect.RunInterrupted {
			if _, err := os.Stat(filepath.Join(dir, e.ID+".txt")); err == nil || e.Files[collect.FileOutput] != "" {
				t.Errorf("output of the interrupted run %s was kept", e.ID)
			}
		}
	}
	firstOK := m.Runs[0]
	if firstOK.Status != collect.RunOK {
		t.Fatalf("first run %+v", firstOK)
	}
	checkNoTemps(t, dir)
	if m.Systems[0].Cleaned || !m.Systems[0].Prepared {
		t.Errorf("interrupted campaign must keep its tables: %+v", m.Systems[0])
	}

	// Resume, then SIGKILL in the middle of the next run.
	child = startChild(t, planFile, dir, true)
	waitRuns(t, dir, 2)
	child.Process.Kill()
	child.Wait()
	m, err = collect.ReadManifest(dir)
	if err != nil {
		t.Fatalf("manifest after SIGKILL: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignRunning || s[collect.RunOK] != 2 || s[collect.RunRunning] != 1 {
		t.Fatalf("after SIGKILL: status %s, %v", m.Status, s)
	}
	// Every visible file is complete: a run's output exists only once the
	// run has ended (it is renamed into place then).
	for _, e := range m.Runs {
		if e.Status == collect.RunRunning {
			if _, err := os.Stat(filepath.Join(dir, e.ID+".txt")); err == nil {
				t.Errorf("output of the killed run %s is visible", e.ID)
			}
		}
	}

	// Resume in this process to the end.
	plan, err := ReadPlanFile(planFile, os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	m, err = (&Runner{Plan: plan, Dir: dir, Resume: true}).Run(context.Background())
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignComplete || s[collect.RunOK] != 6 {
		t.Fatalf("after resume: status %s, %v", m.Status, s)
	}
	if r0 := m.Runs[0]; r0.Attempts != 1 || !r0.Started.Equal(*firstOK.Started) {
		t.Errorf("the first run was redone: %+v", r0)
	}
	if r1 := m.Runs[1]; r1.Attempts != 2 {
		t.Errorf("the interrupted run has %d attempts, want 2", r1.Attempts)
	}
	for _, e := range m.Runs {
		d := parseFile(t, filepath.Join(dir, e.Files[collect.FileOutput]))
		if len(d.Runs) != 1 || !d.Runs[0].Complete {
			t.Errorf("%s: not one complete run", e.ID)
		}
	}
	checkNoTemps(t, dir)

	// A finished campaign is not started again by accident.
	if _, err := (&Runner{Plan: plan, Dir: dir}).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "already holds a campaign") {
		t.Errorf("second run into %s: %v", dir, err)
	}
	// Nor resumed with another plan.
	plan.Digest = "other"
	if _, err := (&Runner{Plan: plan, Dir: dir, Resume: true}).Run(context.Background()); err == nil || !strings.Contains(err.Error(), "different plan") {
		t.Errorf("resume with another plan: %v", err)
	}
}

// freePort returns a TCP port on 127.0.0.1 that nothing listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startSecondServer starts a throwaway MariaDB with scripts/setup.sh and
// returns its port, its directory (SBREPORT_DB_DIR) and a function that
// stops it.
func startSecondServer(t *testing.T, password string) (port int, dir string, stop func()) {
	t.Helper()
	dir, err := os.MkdirTemp("", "sbr-second-")
	if err != nil {
		t.Fatal(err)
	}
	port = freePort(t)
	envv := append(os.Environ(), "SBREPORT_DB_DIR="+dir, "SBREPORT_DB_PORT="+strconv.Itoa(port), "SB_PASSWORD="+password, "SBREPORT_NO_INSTALL=1")
	cmd := exec.Command("bash", "../../scripts/setup.sh")
	cmd.Env = envv
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		if mustHaveServer() {
			t.Fatalf("starting a second MariaDB: %v\n%s", err, out)
		}
		t.Skipf("cannot start a second MariaDB: %v\n%s", err, out)
	}
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cmd := exec.Command("bash", "../../scripts/stop-db.sh", "--purge")
		cmd.Env = envv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("stopping the second MariaDB: %v\n%s", err, out)
		}
	}
	t.Cleanup(stop)
	return port, dir, stop
}

// A server that goes away mid-campaign fails its runs, which are recorded
// with their output; the other system's runs go on. The password, unique
// to this server, appears in no file.
func TestCampaignServerStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	var b [8]byte
	rand.Read(b[:])
	password := "pw-" + hex.EncodeToString(b[:])
	port, _, stop := startSecondServer(t, password)
	db := testDB(t, srv, "stopped")
	src := "systems:\n" + systemYAML("shared", "127.0.0.1", dbPort(), db, "InnoDB") +
		"  - name: doomed\n    mysql: {host: 127.0.0.1, port: " + strconv.Itoa(port) + ", user: sbtest, password_env: DOOMED_PW, db: sbtest}\n    engine: InnoDB\n" + `
workloads: [oltp_point_select]
threads: [2]
repeats: 3
duration: 2s
tables: 1
table_size: 1000
`
	vars := map[string]string{"SB_PASSWORD": dbPassword(), "DOOMED_PW": password}
	plan := readPlanString(t, src, vars)
	dir := filepath.Join(t.TempDir(), "campaign")
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(vars), Observe: func(e Event) {
		if e.Kind == EventRunEnd && e.Run.ID == "doomed/oltp_point_select/2thr-r1" {
			stop()
		}
	}}
	m, err := r.Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 2 || failed.Total != 6 {
		t.Fatalf("campaign: %v", err)
	}
	if m.Status != collect.CampaignComplete {
		t.Errorf("status %s", m.Status)
	}
	for _, e := range m.Runs {
		wantOK := e.Labels["system"] == "shared" || e.Labels["repeat"] == "1"
		if (e.Status == collect.RunOK) != wantOK {
			t.Errorf("%s: status %s (%s)", e.ID, e.Status, e.Error)
			continue
		}
		if wantOK {
			continue
		}
		out, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileOutput]))
		if err != nil {
			t.Errorf("%s: output of the failed run: %v", e.ID, err)
		}
		if !strings.Contains(e.Error, "exit status 1: FATAL:") || !bytes.Contains(out, []byte("FATAL:")) || *e.ExitStatus != 1 {
			t.Errorf("%s: error %q, exit %d, output\n%s", e.ID, e.Error, *e.ExitStatus, out)
		}
		if len(e.Errors) == 0 {
			t.Errorf("%s: the failed status captures are not recorded", e.ID)
		}
	}
	if se := m.Systems[1]; se.Cleaned || len(se.Errors) == 0 {
		t.Errorf("doomed system: %+v", se)
	}
	// The password is nowhere on disk.
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := os.ReadFile(p)
		if strings.HasSuffix(p, ".gz") {
			if z, err := gzip.NewReader(bytes.NewReader(data)); err == nil {
				data, _ = io.ReadAll(z)
			}
		}
		if bytes.Contains(data, []byte(password)) || bytes.Contains(data, []byte("--mysql-password")) {
			t.Errorf("%s holds the password", p)
		}
		return nil
	})
}

// --fail-fast stops at the first failed run (here a table dropped under
// the campaign) and says so in the manifest.
func TestCampaignFailFast(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	db := testDB(t, srv, "failfast")
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_point_select]
threads: [1]
repeats: 3
duration: 1s
tables: 1
table_size: 100
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	plan := readPlanString(t, src, vars)
	dir := filepath.Join(t.TempDir(), "campaign")
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(vars), FailFast: true, Observe: func(e Event) {
		if e.Kind == EventRunEnd && e.Done == 1 {
			if _, err := srv.db.Exec("DROP TABLE `" + db + "`.sbtest1"); err != nil {
				t.Errorf("drop table: %v", err)
			}
		}
	}}
	m, err := r.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "--fail-fast") || !strings.Contains(err.Error(), "1146") {
		t.Fatalf("campaign: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignFailed || s[collect.RunOK] != 1 || s[collect.RunFailed] != 1 || s[collect.RunPending] != 1 {
		t.Errorf("status %s, %v", m.Status, s)
	}
	if disk, err := collect.ReadManifest(dir); err != nil || disk.Status != collect.CampaignFailed || disk.Error == "" {
		t.Errorf("manifest on disk: %v %+v", err, disk)
	}
}

// Preflight turns a missing binary, an unknown workload, an unreachable
// server and a missing engine into errors before anything runs.
func TestPreflight(t *testing.T) {
	srv := needServer(t)
	db := testDB(t, srv, "preflight")
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	base := func(sys string, extra string) string {
		return "systems:\n" + sys + "workloads: [oltp_point_select]\nthreads: [1]\nduration: 1s\n" + extra
	}
	good := systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB")
	tests := []struct{ name, src, want string }{
		{"no sysbench", base(good, "sysbench: {binary: sysbench-not-here}\n"), "sysbench-not-here not found in $PATH"},
		{"unknown workload", strings.Replace(base(good, ""), "oltp_point_select", "oltp_nope", 1), "workload oltp_nope: sysbench oltp_nope help: exit status 1: "},
		{"unreachable", base(systemYAML("gone", "127.0.0.1", freePort(t), db, "InnoDB"), ""), "system gone (127.0.0.1:"},
		{"no engine", base(systemYAML("x", "127.0.0.1", dbPort(), db, "NOSUCHENGINE"), ""), "storage engine NOSUCHENGINE is not installed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "campaign")
			_, err := (&Runner{Plan: readPlanString(t, tt.src, vars), Dir: dir, Getenv: env(vars)}).Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a failed preflight created %s", dir)
			}
		})
	}
	t.Run("directory not empty", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
		_, err := (&Runner{Plan: readPlanString(t, base(good, ""), vars), Dir: dir, Getenv: env(vars)}).Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "is not empty") {
			t.Fatalf("got %v", err)
		}
	})
}

// A run that outlives duration + grace is killed and recorded as failed
// with what it printed. With grace 0 sysbench cannot finish in time: its
// start-up and report come on top of the duration.
func TestCampaignTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	db := testDB(t, srv, "timeout")
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_point_select]
threads: [1]
duration: 1s
grace: 0s
tables: 1
table_size: 100
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := (&Runner{Plan: readPlanString(t, src, vars), Dir: dir, Getenv: env(vars)}).Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 1 {
		t.Fatalf("campaign: %v", err)
	}
	e := m.Runs[0]
	if e.Status != collect.RunFailed || !strings.Contains(e.Error, "timed out after 1s") || *e.ExitStatus == 0 {
		t.Errorf("run %+v", e)
	}
	out, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileOutput]))
	if err != nil || !bytes.HasPrefix(out, []byte("$ sysbench oltp_point_select --threads=1 --time=1 ")) {
		t.Errorf("output kept: %v\n%s", err, out)
	}
}
