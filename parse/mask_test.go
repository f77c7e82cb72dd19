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
