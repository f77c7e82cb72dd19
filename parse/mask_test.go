package parse

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Every spelling sysbench, mysql, mysqlslap and the Go and URL DSNs
// accept, and the attacks that got through the earlier masking.
func TestMaskPasswordSpellings(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"dash", "sysbench oltp_read_only --mysql-password=s3cret --threads=4 run", "sysbench oltp_read_only --mysql-password=*** --threads=4 run"},
		{"underscore", "sysbench oltp_read_only --mysql_password=s3cret run", "sysbench oltp_read_only --mysql_password=*** run"},
		{"pgsql", "sysbench --pgsql-password=pw run", "sysbench --pgsql-password=*** run"},
		{"separate value", "sysbench --mysql-password s3cret run", "sysbench --mysql-password *** run"},
		{"mysql --password X", "mysql --password s3cret -e 'SELECT 1'", "mysql --password *** -e 'SELECT 1'"},
		{"single quotes with spaces", "sysbench --mysql-password='s3 cr et' run", "sysbench --mysql-password=*** run"},
		{"double quotes with spaces", `sysbench --mysql-password="s3 \"cr\" et" run`, "sysbench --mysql-password=*** run"},
		{"whole option quoted", `sysbench '--mysql-password=a b' run`, "sysbench '--mysql-password=***' run"},
		{"backslash escape", `sysbench --mysql-password=SEC\ RET run`, "sysbench --mysql-password=*** run"},
		{"slash colon at dash", "sysbench --mysql-password=a/b:c@d-e run", "sysbench --mysql-password=*** run"},
		{"empty keeps the next option", "sysbench --mysql-password= --mysql-socket=/tmp/mysql.sock run", "sysbench --mysql-password=*** --mysql-socket=/tmp/mysql.sock run"},
		{"empty quoted", "sysbench --mysql-password='' --mysql-socket=/tmp/mysql.sock run", "sysbench --mysql-password=*** --mysql-socket=/tmp/mysql.sock run"},
		{"empty at the end", "sysbench run --mysql-password=", "sysbench run --mysql-password=***"},
		{"short -p", "mysqlslap -uroot -pSecret --concurrency=50", "mysqlslap -uroot -p*** --concurrency=50"},
		{"short -p starting with a dash", "mysqlslap -uroot -p-secret --concurrency=50", "mysqlslap -uroot -p*** --concurrency=50"},
		{"short -p quoted", "mysql -uroot -p'a b c' -e 'SELECT 1'", "mysql -uroot -p*** -e 'SELECT 1'"},
		{"bare -p prompts; the database stays", "mysql -uroot -p sbtest", "mysql -uroot -p sbtest"},
		{"MYSQL_PWD", "MYSQL_PWD=abc sysbench cpu run", "MYSQL_PWD=*** sysbench cpu run"},
		{"MYSQL_PWD quoted", "MYSQL_PWD='a b' sysbench cpu run", "MYSQL_PWD=*** sysbench cpu run"},
		{"PGPASSWORD", "PGPASSWORD=abc sysbench --db-driver=pgsql run", "PGPASSWORD=*** sysbench --db-driver=pgsql run"},
		{"go DSN", "tool --dsn 'root:pw@tcp(127.0.0.1:3306)/sbtest'", "tool --dsn 'root:***@tcp(127.0.0.1:3306)/sbtest'"},
		{"go DSN with / : @ in the password", "tool --dsn=root:p/w:x@y@tcp(127.0.0.1:3306)/sbtest", "tool --dsn=root:***@tcp(127.0.0.1:3306)/sbtest"},
		{"go DSN password like the port", "tool root:3306@tcp(h:3306)/db", "tool root:***@tcp(h:3306)/db"},
		{"go DSN over a socket", "tool 'u:pw@unix(/tmp/mysql.sock)/db'", "tool 'u:***@unix(/tmp/mysql.sock)/db'"},
		{"URL DSN", "mysql://root:pw@db.example:3306/x", "mysql://root:***@db.example:3306/x"},
		{"URL DSN with / : @", "mysql://root:p/w:x@y@db.example:3306/x", "mysql://root:***@db.example:3306/x"},
		{"DSN parameter", "tool 'root@tcp(h)/db?tls=true&password=pw&x=1'", "tool 'root@tcp(h)/db?tls=true&password=***&x=1'"},
		{"trailing comment", "sysbench --mysql-password=hunter2 run  # password hunter2, see wiki", "sysbench --mysql-password=*** run  # password ***, see wiki"},
		{"issue 18: URL DSN option", "sysbench oltp_read_write --mysql-dsn=mysql://sbtest:SEC/RET@127.0.0.1/sbtest --threads=8 run", "sysbench oltp_read_write --mysql-dsn=mysql://sbtest:***@127.0.0.1/sbtest --threads=8 run"},
		{"issue 18: Go DSN option", "sysbench oltp_read_write --dsn=sbtest:SEC@RET@tcp(127.0.0.1:3306)/sbtest --threads=8 run", "sysbench oltp_read_write --dsn=sbtest:***@tcp(127.0.0.1:3306)/sbtest --threads=8 run"},
		{"issue 18: URL DSN with a colon", "sysbench --mysql-dsn=mysql://u:SEC:RET@db1/x run", "sysbench --mysql-dsn=mysql://u:***@db1/x run"},
		{"libpq parameters in an option", "sysbench --pgsql-dsn='host=db1 password=SEC user=u' run", "sysbench --pgsql-dsn=*** run"},
		{"libpq parameters in a word", "psql 'host=db1 password=SEC user=u'", "psql 'host=db1 password=*** user=u'"},
		{"ODBC Pwd", "tool --conn=Server=db1;Uid=u;Pwd=SEC;Port=1 run", "tool --conn=Server=db1;Uid=u;Pwd=***;Port=1 run"},
		{"query password in an option", "sysbench --url=postgres://db1/x?sslmode=disable&password=SEC run", "sysbench --url=postgres://db1/x?sslmode=disable&password=*** run"},
		{"URL userinfo and parameter overlap", "tool --url=mysql://u:SEC@db1/x?password=SEC2", "tool --url=mysql://u:***@db1/x?password=***"},
		{"commented-out option", "sysbench cpu run # --mysql-password=hunter2", "sysbench cpu run # --mysql-password=***"},
		{"unclosed quote before", `sysbench " --mysql-password='00' 0`, `sysbench " --mysql-password=*** 0`},
		{"unclosed quote after", `sysbench -p'00' " # the password is 00`, `sysbench -p*** " # the password is ***`},
		{"nothing to mask", "sysbench cpu --threads=2 run", "sysbench cpu --threads=2 run"},
		{"user equal to the password stays", "sysbench --mysql-user=sbtest --mysql-password=sbtest run", "sysbench --mysql-user=sbtest --mysql-password=*** run"},
		{"a name that holds pass is no password", "sysbench --bypass=1 --passes=3 run", "sysbench --bypass=1 --passes=3 run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MaskPasswords(tt.in); got != tt.want {
				t.Errorf("MaskPasswords(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

// A run keeps its command line masked.
func TestRunCommandMasked(t *testing.T) {
	text := "$ sysbench oltp_read_write --mysql-user=sbtest --mysql_password='p@ss w/rd' --threads=16 run\n" +
		readFile(t, log16)
	d, err := All(strings.NewReader(text), "x")
	if err != nil || len(d.Runs) != 1 {
		t.Fatalf("%v, %d runs", err, len(d.Runs))
	}
	if c := d.Runs[0].Command; strings.Contains(c, "p@ss") || !strings.Contains(c, "--mysql_password=***") {
		t.Errorf("command %q", c)
	}
}

// plant writes a command line that gives password pw in one of the ways
// a shell, sysbench, mysql or a DSN accepts, quoted as a shell needs it.
func plant(kind uint8, pw string) string {
	sq := "'" + strings.ReplaceAll(pw, "'", `'\''`) + "'"
	var esc strings.Builder
	for _, r := range pw {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@%+,", r)) {
			esc.WriteByte('\\')
		}
		esc.WriteRune(r)
	}
	dq := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`").Replace(pw) + `"`
	switch kind % 12 {
	case 0:
		return "--mysql-password=" + sq
	case 1:
		return "--mysql_password=" + esc.String()
	case 2:
		return "--mysql-password " + dq
	case 3:
		return "--pgsql-password=" + dq
	case 4:
		return "-p" + sq
	case 5:
		return "-p" + esc.String()
	case 6:
		return "MYSQL_PWD=" + sq
	case 7:
		return "--password=" + esc.String()
	case 8:
		return "'u:" + strings.ReplaceAll(pw, "'", `'\''`) + "@tcp(127.0.0.1:3306)/sbtest'"
	case 9:
		return "mysql://u:" + esc.String() + "@db.example:3306/sbtest"
	case 10:
		return "--dsn='u:" + strings.ReplaceAll(pw, "'", `'\''`) + "@unix(/tmp/mysql.sock)/sbtest'"
	default:
		return "'--mysql-password=" + strings.ReplaceAll(pw, "'", `'\''`) + "'"
	}
}

// FuzzMaskPasswords plants a password in a command line, in any spelling,
// with any text before and after it and again in a trailing comment: it
// never appears in the masked line. The text around holds no quote or
// backslash (which would change where the planted words start: the
// password is then no password to a shell either; the password itself
// may hold them). Cases where the password is part of the line's own text
// (it appears even when another password is planted) prove nothing and
// are skipped.
func FuzzMaskPasswords(f *testing.F) {
	f.Add("sysbench oltp_read_write --threads=16", "--mysql-socket=/tmp/mysql.sock run", "s3cret", uint8(0), true)
	f.Add("mysqlslap -uroot", "--concurrency=50", "-secret", uint8(4), false)
	f.Add("sysbench", "run", "SEC RET", uint8(1), true)
	f.Add("tool", "", "p/w:x@y", uint8(8), false)
	f.Add("x", "y", `a'b"c\d`, uint8(2), true)
	f.Fuzz(func(t *testing.T, before, after, pw string, kind uint8, comment bool) {
		if pw == "" || strings.ContainsAny(pw, "*\n\r\x00") || strings.ContainsAny(before+after, "#\n\r'\"\\") ||
			!utf8.ValidString(pw) || strings.TrimSpace(pw) != pw || kind%12 >= 8 && strings.ContainsAny(pw, " \t") {
			return
		}
		build := func(p string) string {
			line := before + " " + plant(kind, p) + " " + after
			if comment {
				line += " # the password is " + p
			}
			return line
		}
		// A stand-in of the same shape: letters where pw has letters.
		other := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				return 'Q'
			}
			return r
		}, pw)
		if other == pw || strings.Contains(MaskPasswords(build(other)), pw) || strings.Contains(other, pw) {
			return
		}
		if got := MaskPasswords(build(pw)); strings.Contains(got, pw) {
			t.Fatalf("password %q kept:\n in  %q\n out %q", pw, build(pw), got)
		}
	})
}

// TestCommandOptionsMasked: options are read from the masked line, and
// an option that only names a connection is no setting of the run.
func TestCommandOptionsMasked(t *testing.T) {
	c := ParseCommand("sysbench oltp_read_write --mysql-dsn=mysql://sbtest:SEC/RET@127.0.0.1/sbtest --threads=8 run")
	if got := c.Opts["mysql-dsn"]; got != "mysql://sbtest:***@127.0.0.1/sbtest" || c.Test != "oltp_read_write" || c.Labels["threads"] != "8" {
		t.Errorf("Opts %q, test %q, labels %v", c.Opts, c.Test, c.Labels)
	}
	c = ParseCommand("sysbench oltp_read_write --threads=8 --mysql-dsn mysql://sbtest:SEC@127.0.0.1/sbtest run")
	if got := c.Opts["mysql-dsn"]; got != "mysql://sbtest:***@127.0.0.1/sbtest" || c.Action != "run" {
		t.Errorf("separate value: Opts %q, action %q", c.Opts, c.Action)
	}
	for _, tt := range []struct {
		name  string
		class OptionClass
	}{{"mysql-dsn", ClassConnection}, {"dsn", ClassConnection}, {"pgsql_url", ClassConnection}, {"target-host", ClassConnection},
		{"my-user", ClassCredential}, {"api-token", ClassCredential}, {"db-pass", ClassCredential}, {"oltp-foo", ClassUnknown}} {
		o, known := LookupOption(ToolSysbench, tt.name)
		if known || o.Class != tt.class || o.Split != (tt.class == ClassUnknown) {
			t.Errorf("LookupOption(%q) = %+v %v, want class %s", tt.name, o, known, tt.class)
		}
	}
	for v, want := range map[string]bool{"mysql://sbtest:***@127.0.0.1/sbtest": true, "u:***@tcp(h:3306)/db": true,
		"host=db1 password=***": true, "https://u@h/x": true, "mysql://h/x": false, "16K": false, "uniform": false} {
		if CredentialValue(v) != want {
			t.Errorf("CredentialValue(%q) = %v", v, !want)
		}
	}
}
