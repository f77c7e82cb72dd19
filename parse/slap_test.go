package parse

import (
	"reflect"
	"testing"
)

// TestNoteServerSet reads the SET GLOBAL statements of public texts: the
// identity fixture's "set global time_zone" (typed at a mysql> prompt)
// and holdout4's innodb_thread_concurrency settings between mysqlslap
// runs; text that only talks of a setting sets nothing.
func TestNoteServerSet(t *testing.T) {
	cases := []struct {
		text, name, value string
	}{
		{`set global time_zone="+8:00";`, "time_zone", "+8:00"},
		{"set global innodb_thread_concurrency=4;", "innodb_thread_concurrency", "4"},
		{"SET GLOBAL innodb_flush_log_at_trx_commit=2; ", "innodb_flush_log_at_trx_commit", "2"},
		{"set @@global.sync_binlog = 1000", "sync_binlog", "1000"},
		{"SET GLOBAL innodb_flush_log_at_trx_commit = 2 helps a bulk load", "", ""},
		{"set global sql_mode = 'STRICT_TRANS_TABLES,NO_ZERO_DATE';", "", ""}, // a list: the commas split it
		{"set session sort_buffer_size=4194304;", "", ""},
		{"settings: innodb_thread_concurrency=4", "", ""},
	}
	for _, tc := range cases {
		c := &ctx{}
		c.noteServerSet(tc.text, 7)
		switch {
		case tc.name == "" && len(c.serverSet) != 0:
			t.Errorf("%q: set %+v, want nothing", tc.text, c.serverSet)
		case tc.name != "" && (len(c.serverSet) != 1 || c.serverSet[0].name != tc.name || c.serverSet[0].value != tc.value || c.serverSet[0].line != 7):
			t.Errorf("%q: set %+v, want %s=%s at line 7", tc.text, c.serverSet, tc.name, tc.value)
		}
	}
}

// TestSlapCommandForms reads mysqlslap commands as train6 and holdout
// print them: the manual's "shell>" prompt, glued or spaced, one dash
// set as a typographic dash ("–-", "-–", "–"), the program capitalised
// and long options written with one dash.
func TestSlapCommandForms(t *testing.T) {
	cases := []struct {
		line        string
		opts        map[string]string
		concurrency string
	}{
		{"shell>mysqlslap –-defaults-file=/u01/mysql1/mysql/my.cnf –-concurrency=50,100 –-iterations=1 –-number-int-cols=4 –-auto-generate-sql –auto-generate-sql-load-type=write –-engine=myisam -–number-of-queries=200   -S/tmp/mysql.sock",
			map[string]string{"auto-generate-sql-load-type": "write", "number-of-queries": "200", "iterations": "1", "engine": "myisam"}, "50,100"},
		{"shell> mysqlslap --user=root --password=insecure --auto-generate-sql --concurrency=50 --iterations=200 --verbose --host=localhost ",
			map[string]string{"iterations": "200", "host": "localhost"}, "50"},
		{"[root@localhost /]# MySQLslap -concurrency=50,100,200 -iterations=20 -number-int-cols=4 -number-char-cols=35 -auto-generate-sql -auto-generate-sql-add-autoincrement -auto-generate-sql-load-type=read -engine=myisam,innodb -number-of-queries=200 -verbose -socket=/var/lib/MySQL/MySQL.sock -uroot -p123abc",
			map[string]string{"auto-generate-sql-load-type": "read", "iterations": "20", "engine": "myisam,innodb", "user": "root"}, "50,100,200"},
	}
	for _, tc := range cases {
		_, rest, _ := splitPrompt(tc.line)
		cmd := ParseCommand(rest)
		if cmd.Tool != ToolMysqlslap {
			t.Errorf("%q: tool %q, want mysqlslap", tc.line, cmd.Tool)
			continue
		}
		for k, v := range tc.opts {
			if cmd.Opts[k] != v {
				t.Errorf("%q: option %s = %q, want %q (all: %v)", tc.line, k, cmd.Opts[k], v, cmd.Opts)
			}
		}
		if cmd.Labels["concurrency"] != tc.concurrency {
			t.Errorf("%q: concurrency %q, want %q", tc.line, cmd.Labels["concurrency"], tc.concurrency)
		}
	}
	// A short option stays short: -c50 is 50 clients, -uroot the user.
	if cmd := ParseCommand("mysqlslap -a -c50 -i 10 -uroot"); cmd.Opts["concurrency"] != "50" || cmd.Opts["user"] != "root" || cmd.Opts["iterations"] != "10" {
		t.Errorf("short options: %v", cmd.Opts)
	}
	// "mysql>" stays a client's prompt.
	if p, _, _ := splitPrompt("mysql> set global time_zone=\"+8:00\";"); !clientPrompt(p) {
		t.Errorf("mysql> is not a client prompt")
	}
	if p, _, _ := splitPrompt("shell> mysqlslap --auto-generate-sql"); clientPrompt(p) {
		t.Errorf("shell> read as a client prompt")
	}
}

// TestSlapCommentedOut reads mysqlslap output a script keeps as shell
// comments, the '#' glued to every line (testdata/public/mysqlslap, a
// bash script comparing MySQL 8.0.11 and 5.6.36): "#Benchmark", then
// tab and "#Average number of seconds …". Both blocks are runs, as
// without the markers; '#' before a word that is no capitalised one
// ("#include", "#!/bin/sh", "# heading") keeps its meaning.
func TestSlapCommentedOut(t *testing.T) {
	d := parseFile(t, "../testdata/public/mysqlslap/mysqlslap-10-clients-8.0.11-vs-5.6.36-hash-commented-blocks-warning-line-version-script-excerpt.txt")
	var got [][4]float64
	for _, r := range d.Runs {
		m := r.Mysqlslap
		if r.Tool != ToolMysqlslap || m == nil || m.AvgS == nil || m.MinS == nil || m.MaxS == nil || m.Clients == nil {
			t.Fatalf("line %d: %+v", r.Line, r)
		}
		got = append(got, [4]float64{*m.AvgS, *m.MinS, *m.MaxS, float64(*m.Clients)})
		// No command shows --number-of-queries: the work the output
		// prints is a setting, as a run's length is.
		if r.Settings["queries-per-client"] != "10000" {
			t.Errorf("line %d: settings %v, want queries-per-client 10000", r.Line, r.Settings)
		}
	}
	if want := [][4]float64{{40.998, 35.516, 46.481, 10}, {8.737, 8.700, 8.774, 10}}; !reflect.DeepEqual(got, want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	for in, want := range map[string]string{
		"#Benchmark": "Benchmark", "\t#Number of clients running queries: 10": "Number of clients running queries: 10",
		"#include <stdio.h>": "#include <stdio.h>", "#!/bin/sh": "#!/bin/sh", "#1 run": "#1 run", "#FF00FF#": "#FF00FF#",
	} {
		l := &Line{Raw: in}
		normalize(l)
		if l.Text != want {
			t.Errorf("normalize(%q).Text = %q, want %q", in, l.Text, want)
		}
	}
}
