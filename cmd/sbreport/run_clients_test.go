package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// --dry-run lists every client's command of each run.
func TestRunDryRunClients(t *testing.T) {
	t.Setenv("SB_PASSWORD", "not-shown-anywhere")
	plan := writePlan(t, `systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: 3307, user: sbtest, password_env: SB_PASSWORD, db: sbtest_clients}
workloads: [oltp_read_only]
threads: [2, 4]
duration: 3s
tables: 4
clients: 2
`)
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", "--dry-run", plan}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	want := "# innodb/oltp_read_only/4thr-r1: 2 clients at once\n" +
		"sysbench oltp_read_only --threads=2 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_clients_c1 run  # innodb/oltp_read_only/4thr-r1.c1.txt\n" +
		"sysbench oltp_read_only --threads=2 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_clients_c2 run  # innodb/oltp_read_only/4thr-r1.c2.txt\n"
	if !strings.Contains(out, want) {
		t.Errorf("dry run lacks\n%s\nin\n%s", want, out)
	}
	if n := strings.Count(out, " run  # "); n != 4 {
		t.Errorf("%d measured commands, want 4 (2 runs × 2 clients):\n%s", n, out)
	}
	if strings.Contains(out, "not-shown-anywhere") {
		t.Error("the dry run shows the password")
	}
}

// A bad clients setting stops sbreport run with the plan's lines.
func TestRunClientsBadPlan(t *testing.T) {
	t.Setenv("SB_PASSWORD", "x")
	plan := writePlan(t, `systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: 3307, user: sbtest, password_env: SB_PASSWORD}
workloads: [oltp_read_only]
threads: [2, 3]
duration: 3s
tables: 3
clients: 2
`)
	var stdout, stderr bytes.Buffer
	err := run([]string{"run", plan, "-o", filepath.Join(t.TempDir(), "out")}, &stdout, &stderr)
	for _, want := range []string{
		"plan.yaml:5: threads: 3 is not divisible by clients 2",
		"plan.yaml:7: tables: 3 is not divisible by clients 2",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\nlacks %s", err, want)
		}
	}
}

// sbreport run with clients 2, then sbreport report: the analysis holds
// one merged run per thread count, with the plan's threads.
func TestRunClientsThenReport(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 15 s")
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
	db := "sbtest_clients_cmd_" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	t.Cleanup(func() {
		cmd := exec.Command("mariadb", "-h127.0.0.1", "-P"+strconv.Itoa(port), "-usbtest", "-e",
			"DROP DATABASE IF EXISTS "+db+"_c1; DROP DATABASE IF EXISTS "+db+"_c2")
		cmd.Env = append(os.Environ(), "MYSQL_PWD="+password)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("dropping the test databases: %v\n%s", err, out)
		}
	})
	plan := writePlan(t, fmt.Sprintf(`systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: %d, user: sbtest, password_env: SB_PASSWORD, db: %s}
    engine: InnoDB
workloads: [oltp_read_only]
threads: [2, 4]
duration: 2s
tables: 4
table_size: 1000
clients: 2
`, port, db))
	tmp := t.TempDir()
	camp, rep := filepath.Join(tmp, "campaign"), filepath.Join(tmp, "report")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"run", plan, "-o", camp}, &stdout, &stderr); err != nil {
		t.Fatalf("sbreport run: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "campaign complete: 2 runs") {
		t.Errorf("progress output:\n%s", stderr.String())
	}
	stderr.Reset()
	if err := run([]string{"report", "-o", rep, camp}, &stdout, &stderr); err != nil {
		t.Fatalf("sbreport report: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(rep, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Runs     []json.RawMessage `json:"runs"`
		Analysis struct {
			Dataset struct {
				Cells []struct {
					Threads int   `json:"threads"`
					Merged  []int `json:"merged"`
				} `json:"cells"`
			} `json:"dataset"`
		} `json:"analysis"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	cells := res.Analysis.Dataset.Cells
	if len(res.Runs) != 4 || len(cells) != 2 {
		t.Fatalf("results.json: %d client runs, %d cells", len(res.Runs), len(cells))
	}
	for i, want := range []int{2, 4} {
		if c := cells[i]; c.Threads != want || len(c.Merged) != 1 || c.Merged[0] != 2 {
			t.Errorf("cell %d: threads %d, merged %v; want threads %d from 2 clients", i, c.Threads, c.Merged, want)
		}
	}
}
