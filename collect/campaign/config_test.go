package campaign

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
)

// config through a restart, on a MariaDB of the test's own: the binary
// log on for one level (log-bin added to the instance's conf.d option
// file, then scripts/restart-db.sh), off for the other; the server reads
// it back each time, and at the end the file is gone again and the
// server restarted without it. An interrupted campaign puts it back too.
func TestCampaignConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: restarts a server of its own")
	}
	needServer(t)
	const password = "config-pw"
	port, dbDir, _ := startSecondServer(t, password)
	restart, err := filepath.Abs("../../scripts/restart-db.sh")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("SBREPORT_DB_PORT", strconv.Itoa(port))
	t.Setenv("SBREPORT_DB_DIR", dbDir)
	optionFile := filepath.Join(dbDir, "conf.d", "sbreport.cnf")
	src := `systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: ` + strconv.Itoa(port) + `, user: sbtest, password_env: SB_PASSWORD, db: sbtest_config}
    engine: InnoDB
    restart: [bash, ` + restart + `]
    option_file: ` + optionFile + `
workloads: [oltp_point_select]
threads: 1
duration: 1s
table_size: 1000
factors:
  - name: binlog
    levels:
      - {name: "off", config: {log_bin: "OFF"}}
      - {name: "on", config: {log_bin: "ON"}}
`
	vars := map[string]string{"SB_PASSWORD": password}
	srv, err := openServer(context.Background(), &System{Name: "check", MySQL: MySQL{Host: "127.0.0.1", Port: port, User: "sbtest"}}, password, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	logBin := func() string {
		t.Helper()
		v, _, err := srv.Variable(context.Background(), "log_bin")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if logBin() != "OFF" {
		t.Fatalf("log_bin is %s before the campaign", logBin())
	}

	dir := filepath.Join(t.TempDir(), "config")
	m, err := (&Runner{Plan: readPlanString(t, src, vars), Dir: dir, Getenv: env(vars)}).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	for _, e := range m.Runs {
		want := strings.ToUpper(e.Labels["binlog"])
		if e.Status != collect.RunOK || e.Config["log_bin"] != want || e.ConfigRead["log_bin"] != want || e.Labels["log_bin"] != want {
			t.Errorf("%s: %s, config %v, read back %v, labels %v", e.ID, e.Status, e.Config, e.ConfigRead, e.Labels)
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileSettings]))
		if err != nil || !strings.Contains(string(data), "log_bin\t"+want+"\n") {
			t.Errorf("%s: settings capture %v\n%s", e.ID, err, data)
		}
	}
	if len(m.OptionFiles) != 1 || !m.OptionFiles[0].Restored || m.OptionFiles[0].Existed || m.OptionFiles[0].Path != optionFile {
		t.Errorf("option files %+v", m.OptionFiles)
	}
	if _, err := os.Stat(optionFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("option file after the campaign: %v", err)
	}
	if logBin() != "OFF" {
		t.Errorf("log_bin is %s after the campaign", logBin())
	}

	// Interrupted while the binary log is on: put back all the same.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir = filepath.Join(t.TempDir(), "interrupted")
	// Once the run at level on has the server restarted with the binary
	// log, the campaign is interrupted.
	seen := make(chan string, 1)
	r := &Runner{Plan: readPlanString(t, src, vars), Dir: dir, Getenv: env(vars), Observe: func(e Event) {
		if e.Kind != EventRunStart || e.Run.Labels["binlog"] != "on" {
			return
		}
		go func() {
			defer cancel()
			for ctx.Err() == nil {
				data, _ := os.ReadFile(optionFile)
				if v, _, err := srv.Variable(ctx, "log_bin"); err == nil && v == "ON" {
					seen <- string(data)
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
			seen <- ""
		}()
	}}
	m, err = r.Run(ctx)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("interrupted campaign: %v", err)
	}
	if data := <-seen; !strings.Contains(data, "[mysqld]\nlog-bin\n") {
		t.Errorf("log_bin never ON during the run, or the option file lacked log-bin:\n%s", data)
	}
	if len(m.OptionFiles) != 1 || !m.OptionFiles[0].Restored {
		t.Errorf("option files %+v", m.OptionFiles)
	}
	if _, err := os.Stat(optionFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("option file after the interruption: %v", err)
	}
	if logBin() != "OFF" {
		t.Errorf("log_bin is %s after the interruption", logBin())
	}
}
