package parse

import (
	"os"
	"strings"
	"testing"
)

// TestUnexpandedVariables: a command's $engine becomes no label unless the
// text sets it. The command is the one a public MDEV-18080-style script
// runs (--mysql_storage_engine=$engine), the output a real sysbench
// 1.0.20 run.
func TestUnexpandedVariables(t *testing.T) {
	out, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd := "sysbench /usr/share/sysbench/oltp_read_write.lua --threads=$threads --mysql-socket=/disk1/mysql/mysql.sock --mysql_storage_engine=$engine run\n"
	for _, tc := range []struct {
		before, engine, threadsLabel string
		warn                         string
	}{
		{"", "", "", "label engine is $engine in the command, and the text sets $engine nowhere"},
		{"engine=rocksdb\nthreads=8\n", "rocksdb", "", ""},
		{"export engine='tokudb'\n", "tokudb", "", ""},
	} {
		d, err := All(strings.NewReader(tc.before+cmd+string(out)), "mdev.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != 1 {
			t.Fatalf("%d runs", len(d.Runs))
		}
		r := d.Runs[0]
		if got := r.Labels["engine"]; got != tc.engine {
			t.Errorf("after %q: engine %q, want %q", tc.before, got, tc.engine)
		}
		for k, v := range r.Labels {
			if strings.Contains(v, "$") {
				t.Errorf("after %q: label %s = %q", tc.before, k, v)
			}
		}
		joined := strings.Join(r.Warnings, "\n")
		if tc.warn != "" && !strings.Contains(joined, tc.warn) {
			t.Errorf("after %q: warnings %q, want %q", tc.before, joined, tc.warn)
		}
		if tc.warn == "" && strings.Contains(joined, "nowhere") {
			t.Errorf("after %q: warnings %q", tc.before, joined)
		}
		if r.Threads == nil || *r.Threads != 8 {
			t.Errorf("after %q: threads %v, want 8 (the header's)", tc.before, r.Threads)
		}
	}
}

// TestDefaultVariable: ${SERVER_IP:-127.0.0.1} is the default when the
// text sets nothing (the sysbench issue 14 paste).
func TestDefaultVariable(t *testing.T) {
	d := parseFile(t, "../testdata/public/sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt")
	n := 0
	for _, r := range d.Runs {
		if s := r.Labels["server"]; s != "" {
			n++
			if s != "127.0.0.1:3306" {
				t.Errorf("%s:%d: server %q, want 127.0.0.1:3306", r.Source, r.Line, s)
			}
		}
	}
	if n == 0 {
		t.Error("no run names its server")
	}
}

// TestEngineFromConfigListing: a command's unset $engine is the engine
// of the server configuration the text lists before the run. The
// configurations are a public write-up's (testdata/public/config: a
// MyRocks my.cnf setting rocksdb_* variables, then an InnoDB one setting
// innodb_*), the command the MDEV-18080-style script's, the output a
// real sysbench 1.0.20 run.
func TestEngineFromConfigListing(t *testing.T) {
	out, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile("../testdata/public/config/percona-lab-2022-myrocks-reddit-benchmarkspec-myrocks-and-innodb-my.cnf.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(spec), "\n")
	myrocks := strings.Join(lines[:89], "") // up to "InnoDB config:"
	innodb := strings.Join(lines[89:], "")  // the InnoDB my.cnf and the docker commands
	cmd := "sysbench /usr/share/sysbench/oltp_read_write.lua --threads=8 --mysql-socket=/disk1/mysql/mysql.sock --mysql_storage_engine=$engine run\n"
	for _, tc := range []struct {
		name, before, engine, from, warn string
	}{
		{"MyRocks my.cnf", myrocks, "rocksdb", "rocksdb_max_open_files at line 58",
			"rocksdb taken from the server configuration the text lists (rocksdb_max_open_files at line 58)"},
		{"InnoDB my.cnf", innodb, "innodb", "innodb_log_file_size at line 57",
			"innodb taken from the server configuration the text lists (innodb_log_file_size at line 57)"},
		{"both", string(spec), "", "", "the server configurations it lists set variables of rocksdb and innodb: left unknown"},
		// The assignment wins over the configuration.
		{"assigned", myrocks + "engine=innodb\n", "innodb", "", ""},
	} {
		d, err := All(strings.NewReader(tc.before+cmd+string(out)), "mdev.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != 1 {
			t.Fatalf("%s: %d runs", tc.name, len(d.Runs))
		}
		r := d.Runs[0]
		if got := r.Labels["engine"]; got != tc.engine {
			t.Errorf("%s: engine %q, want %q", tc.name, got, tc.engine)
		}
		if tc.from != "" && !strings.Contains(r.LabelFrom["engine"], tc.from) {
			t.Errorf("%s: engine from %q, want %q", tc.name, r.LabelFrom["engine"], tc.from)
		}
		joined := strings.Join(r.Warnings, "\n")
		if tc.warn != "" && !strings.Contains(joined, tc.warn) {
			t.Errorf("%s: warnings %q, want %q", tc.name, joined, tc.warn)
		}
		if tc.warn == "" && strings.Contains(joined, "$engine") {
			t.Errorf("%s: warnings %q", tc.name, joined)
		}
	}
	// A SHOW VARIABLES listing names every loaded engine's variables (the
	// real InnoDB run's server lists 145 rocksdb_ ones): no configuration.
	vars, err := os.ReadFile("../testdata/real/sweep-campaign/innodb/variables.txt")
	if err != nil {
		t.Fatal(err)
	}
	d, err := All(strings.NewReader(string(vars)+cmd+string(out)), "vars.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range d.Runs {
		if strings.Contains(strings.Join(r.Warnings, "\n"), "server configuration") || r.Labels["engine"] == "rocksdb" {
			t.Errorf("SHOW VARIABLES read as a configuration: engine %q, warnings %q", r.Labels["engine"], r.Warnings)
		}
	}
}

// TestExportedVariablesReachTheRun: a script run with bash -v (testdata/real,
// sysbench 1.0.20) echoes its lines as typed: the thread count and the
// prime limit are variables, one set from another ("export
// sbmax=$sbprime"), and grep keeps only the output's statistics. The
// run's threads come from the command, its cpu-max-prime from the
// chained variable; nothing is left unknown.
func TestExportedVariablesReachTheRun(t *testing.T) {
	d := parseFile(t, "../testdata/real/sysbench-1.0.20-cpu-2thr-exported-variables-bash-v-grep-general-statistics.txt")
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	r := d.Runs[0]
	if r.Test != "cpu" || r.Threads == nil || *r.Threads != 2 || r.ThreadsFrom != "command" || r.Settings["cpu-max-prime"] != "20000" {
		t.Errorf("test %q threads %v from %q settings %v", r.Test, r.Threads, r.ThreadsFrom, r.Settings)
	}
	for _, w := range r.Warnings {
		if strings.Contains(w, "nowhere") {
			t.Errorf("warning %q", w)
		}
	}
}
