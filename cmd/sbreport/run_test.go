package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func writePlan(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "plan.yaml")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A bad plan stops sbreport run before anything runs, naming the line.
func TestRunBadPlan(t *testing.T) {
	t.Setenv("SB_NO_SUCH_PASSWORD", "")
	plan := writePlan(t, `systems:
  - name: a
    mysql: {host: 127.0.0.1, user: sbtest, password_env: SB_NO_SUCH_PASSWORD}
workloads: [oltp_read_only]
threads: []
duration: 10s
tabels: 4
`)
	dir := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	err := run([]string{"run", plan, "-o", dir}, &stdout, &stderr)
	if err == nil {
		t.Fatal("no error")
	}
	// yaml.v3 reports unknown keys before anything else can be checked.
	if !strings.Contains(err.Error(), "plan.yaml:7: unknown key \"tabels\" in the plan") {
		t.Errorf("error: %v", err)
	}
	plan = writePlan(t, `systems:
  - name: a
    mysql: {host: 127.0.0.1, user: sbtest, password_env: SB_NO_SUCH_PASSWORD}
workloads: [oltp_read_only]
threads: []
duration: 10s
`)
	err = run([]string{"run", plan, "-o", dir}, &stdout, &stderr)
	for _, want := range []string{
		"plan.yaml:3: systems[0].mysql.password_env: environment variable SB_NO_SUCH_PASSWORD is not set",
		"plan.yaml:5: threads: at least one thread count is needed",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\nlacks %s", err, want)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a bad plan created %s", dir)
	}
}

func TestRunUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	for _, args := range [][]string{{"run"}, {"run", "plan.yaml"}, {"run", "a.yaml", "b.yaml", "-o", "x"}} {
		if err := run(args, &stdout, &stderr); !errors.Is(err, errUsage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
}

func TestRunDryRunExample(t *testing.T) {
	t.Setenv("SB_PASSWORD", "not-shown-anywhere")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", "--dry-run", "../../examples/plan.yaml"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	if strings.Contains(out, "not-shown-anywhere") {
		t.Error("the dry run shows the password")
	}
	if n := strings.Count(out, " run  # "); n != 16 {
		t.Errorf("%d runs in the dry run, want 16:\n%s", n, out)
	}
}

// The README's path: sbreport run on a small plan, then sbreport report on
// the campaign directory with no flags but -o. Uses the real MariaDB of
// scripts/setup.sh and the real sysbench (see collect's integration tests
// for when it skips).
func TestRunThenReport(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 25 s")
	}
	port := 3307
	if p, err := strconv.Atoi(os.Getenv("SBREPORT_DB_PORT")); err == nil {
		port = p
	}
	password := os.Getenv("SB_PASSWORD")
	if password == "" {
		password = "sbtest"
		t.Setenv("SB_PASSWORD", password)
	}
	requireServer(t, port, password)
	suffix := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	dbA, dbB := "sbtest_cmd_a_"+suffix, "sbtest_cmd_b_"+suffix
	t.Cleanup(func() {
		cmd := exec.Command("mariadb", "-h127.0.0.1", "-P"+strconv.Itoa(port), "-usbtest", "-e",
			"DROP DATABASE IF EXISTS "+dbA+"; DROP DATABASE IF EXISTS "+dbB)
		cmd.Env = append(os.Environ(), "MYSQL_PWD="+password)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("dropping the test databases: %v\n%s", err, out)
		}
	})
	plan := writePlan(t, fmt.Sprintf(`systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: %[1]d, user: sbtest, password_env: SB_PASSWORD, db: %[2]s}
    engine: InnoDB
  - name: aria
    mysql: {host: 127.0.0.1, port: %[1]d, user: sbtest, password_env: SB_PASSWORD, db: %[3]s}
    engine: Aria
workloads: [oltp_point_select]
threads: [1, 4]
repeats: 2
duration: 2s
tables: 2
table_size: 1000
`, port, dbA, dbB))
	tmp := t.TempDir()
	camp, rep := filepath.Join(tmp, "campaign"), filepath.Join(tmp, "report")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", plan, "-o", camp}, &stdout, &stderr); err != nil {
		t.Fatalf("sbreport run: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "campaign complete: 8 runs") || !strings.Contains(stderr.String(), "[8/8] aria/oltp_point_select/4thr-r2: ok") {
		t.Errorf("progress output:\n%s", stderr.String())
	}
	stderr.Reset()
	// Prepare and cleanup transcripts, uname and nproc hold no result:
	// the manifest tells ingest to pass over them, so nothing is skipped.
	if err := run([]string{"report", "-o", rep, camp}, &stdout, &stderr); err != nil {
		t.Fatalf("sbreport report: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(rep, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Runs []struct {
			Test   string            `json:"test"`
			Labels map[string]string `json:"labels"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	systems := map[string]int{}
	for _, r := range res.Runs {
		systems[r.Labels["system"]]++
		if r.Labels["workload"] != "oltp_point_select" || r.Labels["threads"] == "" || r.Labels["repeat"] == "" {
			t.Errorf("run labels %v", r.Labels)
		}
	}
	if len(res.Runs) != 8 || systems["innodb"] != 4 || systems["aria"] != 4 {
		t.Errorf("results.json: %d runs, by system %v", len(res.Runs), systems)
	}
	md, err := os.ReadFile(filepath.Join(rep, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(md, []byte("innodb")) || !bytes.Contains(md, []byte("aria")) {
		t.Errorf("report.md does not compare the two systems:\n%s", md)
	}
}

// requireServer skips (or, under CI, fails) without the project's server.
func requireServer(t *testing.T, port int, password string) {
	t.Helper()
	ci := os.Getenv("CI")
	must := (ci != "" && ci != "false" && ci != "0") || os.Getenv("SBREPORT_DB_READY") != ""
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "mariadb", "-h127.0.0.1", "-P"+strconv.Itoa(port), "-usbtest", "-e", "SELECT 1")
	cmd.Env = append(os.Environ(), "MYSQL_PWD="+password)
	out, err := cmd.CombinedOutput()
	if _, lerr := exec.LookPath("sysbench"); err == nil && lerr != nil {
		err = lerr
	}
	if err != nil {
		if must {
			t.Fatalf("no MariaDB and sysbench for the integration tests (CI must run scripts/setup.sh first): %v\n%s", err, out)
		}
		t.Skipf("no MariaDB on 127.0.0.1:%d or no sysbench (start them with scripts/setup.sh): %v", port, err)
	}
}

// --dry-run connects to nothing, so it needs no password variable.
func TestRunDryRunWithoutPassword(t *testing.T) {
	t.Setenv("SB_PASSWORD", "")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", "--dry-run", "../../examples/plan.yaml"}, &stdout, &stderr); err != nil {
		t.Fatalf("dry run without SB_PASSWORD: %v", err)
	}
	if !strings.Contains(stdout.String(), "MYSQL_PWD from $SB_PASSWORD") {
		t.Errorf("the dry run does not say where the password will come from:\n%s", stdout.String())
	}
	// A real run does need it, and says so before touching anything.
	dir := filepath.Join(t.TempDir(), "out")
	err := run([]string{"run", "../../examples/plan.yaml", "-o", dir}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "environment variable SB_PASSWORD is not set") {
		t.Errorf("run without SB_PASSWORD: %v", err)
	}
}

// A password in a plan is refused in every spelling and never printed.
func TestRunSecretInPlan(t *testing.T) {
	const secret = "Hunter2-not-shown"
	for _, extra := range []string{`["--mysql_password=` + secret + `"]`, `["--mysql-password", "` + secret + `"]`, `["--pgsql-password=` + secret + `"]`} {
		plan := writePlan(t, `systems:
  - name: a
    mysql: {host: 127.0.0.1, user: sbtest}
workloads: [oltp_read_only]
threads: [1]
duration: 10s
sysbench: {extra: `+extra+`}
`)
		for _, args := range [][]string{{"run", "--dry-run", plan}, {"run", plan, "-o", filepath.Join(t.TempDir(), "out")}} {
			var stdout, stderr bytes.Buffer
			err := run(args, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), "passwords are not written in plans") {
				t.Errorf("%s %v: %v", extra, args[:2], err)
			}
			if strings.Contains(fmt.Sprint(err)+stdout.String()+stderr.String(), secret) {
				t.Errorf("%s %v: the password is printed", extra, args[:2])
			}
		}
	}
}

// A plan that is not a regular file (a device, a directory) is refused
// without being read.
func TestRunPlanNotAFile(t *testing.T) {
	for _, p := range []string{"/dev/zero", t.TempDir()} {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		var stdout, stderr bytes.Buffer
		err := run([]string{"run", "--dry-run", p}, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// The study plan's dry run: every factor, no password needed.
func TestRunDryRunStudy(t *testing.T) {
	t.Setenv("SB_PASSWORD", "")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", "--dry-run", "../../examples/study-plan.yaml"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	for _, want := range []string{
		"# 2 system(s) × 2 workload(s) × 3 repeat(s) × 2 bound × 2 clients × 1 threads = 48 runs, 12m0s of measurement\n",
		"# system aria: variables that are not dynamic are set by scripts/restart-db.sh --NAME=VALUE ...\n",
		"# innodb: SET GLOBAL innodb_buffer_pool_size = 8M, aria_pagecache_buffer_size = 8M (or a restart); read back into innodb/oltp_point_select/io-1cl-4thr-r1.settings.txt\n",
		"# aria/oltp_read_only/io-4cl-4thr-r3: 4 clients at once\n",
		"# at the end (or when interrupted): every variable set back to its value before the campaign\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q", want)
		}
	}
	// 24 one-client runs and 24 runs of 4 clients, each with its warm-up.
	if n, w := strings.Count(out, " run  # "), strings.Count(out, " run  # warm-up"); n-w != 24+24*4 || w != n-w {
		t.Errorf("%d measured commands and %d warm-ups, want 120 of each", n-w, w)
	}
}
