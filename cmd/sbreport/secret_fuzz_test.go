package main

import (
	"bytes"
	"encoding/json"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantedCommand builds a sysbench command line with a password in the
// value of an option named after name, written in one of the forms a
// connection option takes and one of the spellings a command line
// uses. The password starts "Zq9" so that any part of it that leaks can
// be found.
func plantedCommand(name, secret string, form, spelling uint8) (cmd, password string) {
	clean := func(s string, keep func(r rune) bool, max int) string {
		var b strings.Builder
		for _, r := range s {
			if keep(r) && b.Len() < max {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	name = clean(strings.ToLower(name), func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_'
	}, 24)
	name = strings.ReplaceAll(name, "zq", "z") // the password's mark
	name = strings.TrimLeft(name, "-_")
	if name == "" {
		name = "mysql-dsn"
	}
	// A password may hold "/", ":", "@" and more (the SEC/RET,
	// SEC@RET, SEC:RET); not what ends a parameter value or a word.
	password = "Zq9" + clean(secret, func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/:@._+!%-~", r)
	}, 24) + "x7"
	var value string
	switch form % 6 {
	case 0:
		value = "mysql://sbtest:" + password + "@127.0.0.1:3306/sbtest"
	case 1:
		value = "sbtest:" + password + "@tcp(127.0.0.1:3306)/sbtest"
	case 2:
		value = "host=db1 user=sbtest password=" + password
	case 3:
		value = "postgres://db1/sbtest?sslmode=disable&password=" + password
	case 4:
		value = password
		name += "-password"
	case 5:
		value = "Server=db1;Uid=sbtest;Pwd=" + password + ";"
	}
	quoted := "'" + value + "'"
	if !strings.ContainsAny(value, " ;&") {
		quoted = value
	}
	var opt string
	switch spelling % 5 {
	case 0:
		opt = "--" + name + "=" + quoted
	case 1:
		opt = "--" + name + " " + quoted
	case 2:
		opt = "--" + strings.ReplaceAll(name, "-", "_") + "=" + quoted
	case 3:
		opt = "'--" + name + "=" + value + "'"
	case 4:
		opt = "--" + name + "=\"" + value + "\""
	}
	return "sysbench oltp_read_write --threads=16 " + opt + " --time=30 run", password
}

// FuzzNoPasswordInOutputs plants a password in an option value (any name,
// form and spelling) above a real sysbench run, then runs parse --json,
// compare --json and report, and looks for any part of the password in
// every output, every file the report writes and every file name.
func FuzzNoPasswordInOutputs(f *testing.F) {
	log, err := os.ReadFile(log10)
	if err != nil {
		f.Fatal(err)
	}
	f.Add("mysql-dsn", "SEC/RET", uint8(0), uint8(0))
	f.Add("dsn", "SEC@RET", uint8(1), uint8(0))
	f.Add("mysql-dsn", "SEC:RET", uint8(0), uint8(1))
	f.Add("pgsql-conninfo", "SECRET", uint8(2), uint8(0))
	f.Add("url", "S/E:C@R", uint8(3), uint8(3))
	f.Add("mysql", "hunter2", uint8(4), uint8(2))
	f.Add("odbc-string", "Pw!1", uint8(5), uint8(4))
	f.Fuzz(func(t *testing.T, name, secret string, form, spelling uint8) {
		cmd, password := plantedCommand(name, secret, form, spelling)
		dir := t.TempDir()
		in := filepath.Join(dir, "run.log")
		if err := os.WriteFile(in, append([]byte("$ "+cmd+"\n"), log...), 0o644); err != nil {
			t.Fatal(err)
		}
		outputs := map[string][]byte{}
		for _, args := range [][]string{{"parse", "--json", in}, {"compare", "--json", in}} {
			var so, se bytes.Buffer
			if err := run(args, &so, &se); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, se.String())
			}
			outputs[strings.Join(args[:2], " ")+" stdout"], outputs[args[0]+" stderr"] = so.Bytes(), se.Bytes()
		}
		rep := filepath.Join(dir, "rep")
		var so, se bytes.Buffer
		if err := run([]string{"report", "-o", rep, in}, &so, &se); err != nil {
			t.Fatalf("report: %v\n%s", err, se.String())
		}
		outputs["report stdout"], outputs["report stderr"] = so.Bytes(), se.Bytes()
		for p, b := range fileContents(t, rep) {
			outputs[p] = b
			if strings.Contains(strings.ToLower(p), "zq9") {
				t.Errorf("%q: file name %s holds the password", cmd, p)
			}
		}
		js, _ := json.Marshal(password)
		forms := []string{"Zq9", password, html.EscapeString(password), string(js[1 : len(js)-1]), url.QueryEscape(password)}
		for where, b := range outputs {
			for _, f := range forms {
				if bytes.Contains(b, []byte(f)) {
					t.Errorf("%q: %s holds %q", cmd, where, f)
				}
			}
		}
		// "--name value" is a command only for an option known to take a
		// value that way (sysbench itself reads "value" as the test):
		// always a password option.
		read := spelling%5 != 1 || form%6 == 4
		if read && !bytes.Contains(outputs["parse --json stdout"], []byte(`"command":"sysbench oltp_read_write`)) {
			t.Errorf("%q: the command was not read:\n%.300s", cmd, outputs["parse --json stdout"])
		}
	})
}

// TestPlantedCommand shows the command lines the fuzz target builds.
func TestPlantedCommand(t *testing.T) {
	for _, tt := range []struct {
		name, secret   string
		form, spelling uint8
		want           string
	}{
		{"mysql-dsn", "SEC/RET", 0, 0, "--mysql-dsn=mysql://sbtest:Zq9SEC/RETx7@127.0.0.1:3306/sbtest"},
		{"dsn", "SEC@RET", 1, 1, "--dsn sbtest:Zq9SEC@RETx7@tcp(127.0.0.1:3306)/sbtest"},
		{"pgsql-dsn", "S E", 2, 2, "--pgsql_dsn='host=db1 user=sbtest password=Zq9SEx7'"},
		{"--Quiz", "p", 4, 3, "'--quiz-password=Zq9px7'"}, {"zqzq9", "", 0, 4, "--zz9=\"mysql://sbtest:Zq9x7@127.0.0.1:3306/sbtest\""},
	} {
		cmd, _ := plantedCommand(tt.name, tt.secret, tt.form, tt.spelling)
		if !strings.Contains(cmd, " "+tt.want+" ") {
			t.Errorf("plantedCommand(%q, %q, %d, %d) = %s, want %s in it", tt.name, tt.secret, tt.form, tt.spelling, cmd, tt.want)
		}
	}
}
