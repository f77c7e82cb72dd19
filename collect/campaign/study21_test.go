package campaign

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

// examples/myrocks-innodb-plan.yaml, reduced, run for real on a MariaDB
// of the test's own (scripts/setup.sh; the campaign restarts it): InnoDB
// with and without compressed tables and MyRocks; the bound level sets
// each engine's own cache (per_engine); the binary log turned on by config
// through the option file and a restart (on, not the plan's off: MariaDB's
// own default is off, and a change must show), read back and put back;
// each run's 2 clients against two endpoints of the server (TCP and its
// socket), both through ssh on this host; adaptive repeats, with the
// compressed system held to 2 transactions/s per client (noisy: it runs
// to max: some 8 transactions a run, ±30% and more after 6 repeats) and
// the others to 500/s (quiet: some 2000 a run, within ±8% after 4 or 5;
// at 1000/s the IO-bound InnoDB cell could not keep its rate on a loaded
// host, ±25% after 6 on one CI run).
func TestCampaignMyRocksInnoDBReduced(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: about 3 minutes")
	}
	probe := needServer(t)
	if !engineAvailable(probe, "ROCKSDB") {
		if mustHaveServer() && os.Getenv("SBREPORT_NO_ROCKSDB") == "" {
			t.Fatal("the project's MariaDB has no MyRocks (scripts/setup.sh installs mariadb-plugin-rocksdb)")
		}
		t.Skip("no MyRocks")
	}
	sshd := startSSHD(t)
	const password = "study21-pw"
	port, dbDir, _ := startSecondServer(t, password)
	restart, err := filepath.Abs("../../scripts/restart-db.sh")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("SBREPORT_DB_PORT", strconv.Itoa(port))
	t.Setenv("SBREPORT_DB_DIR", dbDir)
	sock := filepath.Join(dbDir, "mysqld.sock")
	optionFile := filepath.Join(dbDir, "conf.d", "sbreport.cnf")
	var sshYAML []string
	for _, a := range sshd.ssh {
		sshYAML = append(sshYAML, strconv.Quote(a))
	}
	src := mustRead(t, "../../examples/myrocks-innodb-plan.yaml")
	for _, r := range [][2]string{
		{"host: 127.0.0.1, port: ${SBREPORT_DB_PORT:-3307},", "host: [127.0.0.1], port: " + strconv.Itoa(port) + ", socket: [" + sock + "],"},
		{"restart: [scripts/restart-db.sh]", "restart: [bash, " + restart + "]\n    clients_on: [" + sshd.dest + "]\n    ssh: [" + strings.Join(sshYAML, ", ") + "]"},
		{"/tmp/sbreport-mariadb/conf.d/sbreport.cnf", optionFile},
		{`config: {log_bin: "OFF"}`, `config: {log_bin: "ON"}`},
		{"db: sbtest_mi_innodb}\n    engine: InnoDB\n", "db: sbtest_mi_innodb}\n    engine: InnoDB\n    sysbench: {options: {rate: 500}}\n"},
		{"    engine: ROCKSDB\n", "    engine: ROCKSDB\n    sysbench: {options: {rate: 500}}\n"},
		{"    table_options: ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8\n", "    table_options: ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8\n    sysbench: {options: {rate: 2}}\n"},
		{"workloads: [oltp_point_select, oltp_read_only, oltp_update_index]", "workloads: [oltp_point_select]"},
		{"clients: [1, 8]", "clients: 2"},
		{"tables: [1, 8]", "tables: 2"},
		{"threads: [1, 8]", "threads: 2"},
		{"only:\n  - {clients: 1, tables: 1, threads: 1}\n  - {clients: 8, tables: 8, threads: 8}\n", ""},
		{"table_size: 50000", "table_size: 1000"},
		{"repeats: {min: 3, max: 5, until: 2%}", "repeats: {min: 4, max: 6, until: 8%}"},
		{"duration: 60s", "duration: 2s"},
		{"warmup: 10s\n", ""},
	} {
		if !strings.Contains(src, r[0]) {
			t.Fatalf("examples/myrocks-innodb-plan.yaml no longer has %q", r[0])
		}
		src = strings.ReplaceAll(src, r[0], r[1])
	}
	vars := map[string]string{"SB_PASSWORD": password}
	plan := readPlanString(t, src, vars)
	before := sshd.accepted(t)
	dir := filepath.Join(t.TempDir(), "study")
	m, err := (&Runner{Plan: plan, Dir: dir, Getenv: env(vars)}).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}

	// Adaptive repeats: the noisy system's cells run to max, the others
	// stop early.
	ok := 0
	for _, c := range m.Cells {
		if strings.HasPrefix(c.Cell, "innodb-zlib/") {
			if c.Repeats != 6 || c.Converged {
				t.Errorf("noisy cell %s: %d repeats, converged %v", c.Cell, c.Repeats, c.Converged)
			}
		} else if c.Repeats < 4 || c.Repeats > 5 || !c.Converged {
			t.Errorf("quiet cell %s: %d repeats, converged %v", c.Cell, c.Repeats, c.Converged)
		}
		if c.HalfWidth != nil {
			t.Logf("%s: %d repeats, ±%.1f%%", c.Cell, c.Repeats, *c.HalfWidth*100)
		}
		ok += c.Repeats
	}
	if len(m.Cells) != 6 || m.Summary()[collect.RunOK] != ok || m.Summary()[collect.RunOK]+m.Summary()[collect.RunSkipped] != 36 {
		t.Errorf("%d cells, statuses %v", len(m.Cells), m.Summary())
	}

	tcp := "127.0.0.1:" + strconv.Itoa(port)
	for _, e := range m.Runs {
		if e.Status != collect.RunOK {
			continue
		}
		// per_engine: each engine's cache, and only it.
		want := map[string]string{"innodb_buffer_pool_size": "268435456"}
		if e.Labels["bound"] == "io" {
			want["innodb_buffer_pool_size"] = "8388608"
		}
		if e.Labels["system"] == "myrocks" {
			want = map[string]string{"rocksdb_block_cache_size": "268435456"}
			if e.Labels["bound"] == "io" {
				want["rocksdb_block_cache_size"] = "8388608"
			}
		}
		if !reflect.DeepEqual(e.Settings, want) {
			t.Errorf("%s: settings %v, want %v", e.ID, e.Settings, want)
		}
		// config, read back before the run.
		if e.Config["log_bin"] != "ON" || e.ConfigRead["log_bin"] != "ON" {
			t.Errorf("%s: config %v, read back %v", e.ID, e.Config, e.ConfigRead)
		}
		if !reflect.DeepEqual(e.Endpoints, []string{tcp, sock}) || !reflect.DeepEqual(e.ClientHosts, []string{sshd.dest, sshd.dest}) {
			t.Errorf("%s: endpoints %v, hosts %v", e.ID, e.Endpoints, e.ClientHosts)
		}
		if e.MeasuredFrom == nil || e.MeasuredTo == nil {
			t.Errorf("%s: no measured times", e.ID)
		}
	}
	// The host check (once for the three systems); cleanup and prepare of each system's 2 clients;
	// each run's 2 clients; each client's cleanup at the end.
	if n, want := sshd.accepted(t)-before, 1+3*2*2+2*ok+3*2; n != want {
		t.Errorf("%d ssh logins, want %d", n, want)
	}

	// config put back: the file gone, the server restarted without it.
	if len(m.OptionFiles) != 1 || !m.OptionFiles[0].Restored || m.OptionFiles[0].Existed {
		t.Errorf("option files %+v", m.OptionFiles)
	}
	if _, err := os.Stat(optionFile); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("option file after the campaign: %v", err)
	}
	srv, err := openServer(context.Background(), &System{Name: "check", MySQL: MySQL{Host: "127.0.0.1", Port: port, User: "sbtest"}}, password, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for name, want := range map[string]string{"log_bin": "OFF", "innodb_buffer_pool_size": "268435456"} {
		if got, _, err := srv.Variable(context.Background(), name); err != nil || got != want {
			t.Errorf("after the campaign %s = %s (%v), want %s", name, got, err, want)
		}
	}
	for _, s := range m.Settings {
		if !s.Restored {
			t.Errorf("not restored: %+v", s)
		}
	}

	// Compressed tables for innodb-zlib only, as the captures say.
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	formats := map[string]map[string]bool{}
	for _, ts := range doc.Tables {
		if formats[ts.Labels["system"]] == nil {
			formats[ts.Labels["system"]] = map[string]bool{}
		}
		formats[ts.Labels["system"]][ts.RowFormat] = true
	}
	if !reflect.DeepEqual(formats["innodb-zlib"], map[string]bool{"Compressed": true}) || formats["innodb"]["Compressed"] || formats["myrocks"]["Compressed"] || len(formats["myrocks"]) == 0 {
		t.Errorf("row formats by system: %v", formats)
	}
	for _, se := range m.Systems {
		data, err := os.ReadFile(filepath.Join(dir, se.Files["create_table.c2"]))
		if compressed := err == nil && strings.Contains(string(data), "ROW_FORMAT=COMPRESSED"); compressed != (se.Name == "innodb-zlib") {
			t.Errorf("%s: SHOW CREATE TABLE %v\n%s", se.Name, err, data)
		}
	}
	// Each client labelled with its endpoint; the noisy cells named in
	// the report's warnings.
	warned := 0
	for _, r := range doc.Runs {
		want := tcp
		if r.Labels["client"] == "2" {
			want = sock
		}
		if r.Labels["endpoint"] != want || r.Labels["client_host"] != sshd.dest {
			t.Errorf("%s: labels %v", r.Source, r.Labels)
		}
		for _, w := range r.Warnings {
			if strings.HasPrefix(w, "adaptive repeats: cell innodb-zlib/oltp_point_select/") && strings.Contains(w, "did not converge: 6 of at most 6 repeats") {
				warned++
			}
		}
	}
	if len(doc.Runs) != 2*ok || warned != 2 {
		t.Errorf("%d client runs read (want %d), %d warnings of cells that did not converge (want 2)", len(doc.Runs), 2*ok, warned)
	}
}
