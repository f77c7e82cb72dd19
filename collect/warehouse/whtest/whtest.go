// Package whtest gives tests a warehouse database of their own on the
// project's MariaDB (scripts/setup.sh): it connects as root over the
// server's socket, creates a database and a user with a random password
// that may use only that database, and drops both when the test ends.
// Without a server the test is skipped, unless CI or SBREPORT_DB_READY
// is set: then it fails.
package whtest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// Socket is the server's socket: $SBREPORT_DB_DIR/mysqld.sock, by default
// /tmp/sbreport-mariadb/mysqld.sock.
func Socket() string {
	dir := os.Getenv("SBREPORT_DB_DIR")
	if dir == "" {
		dir = "/tmp/sbreport-mariadb"
	}
	return dir + "/mysqld.sock"
}

// Required reports whether a missing server fails the tests (CI=true or
// SBREPORT_DB_READY set) rather than skipping them.
func Required() bool {
	ci := os.Getenv("CI")
	return (ci != "" && ci != "false" && ci != "0") || os.Getenv("SBREPORT_DB_READY") != ""
}

// A DB is a test's database and user.
type DB struct {
	Name     string // database
	User     string
	Password string
	Socket   string
	Root     *sql.DB // root over the socket, for inspection
}

// URL is the warehouse URL of the database over the socket (the password
// goes in MYSQL_PWD).
func (d *DB) URL() string { return "mysql://" + d.User + "@unix(" + d.Socket + ")/" + d.Name }

// TCPURL is the same over 127.0.0.1:$SBREPORT_DB_PORT (default 3307).
func (d *DB) TCPURL() string {
	port := os.Getenv("SBREPORT_DB_PORT")
	if port == "" {
		port = "3307"
	}
	return "mysql://" + d.User + "@127.0.0.1:" + port + "/" + d.Name
}

func random(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// New creates a database and a user for the test, or skips it.
func New(t testing.TB) *DB {
	t.Helper()
	if testing.Short() && !Required() {
		t.Skip("needs the project's MariaDB; skipped with -short")
	}
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "unix", Socket()
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	root := sql.OpenDB(conn)
	if err := root.Ping(); err != nil {
		root.Close()
		if Required() {
			t.Fatalf("no MariaDB for the warehouse tests as root on %s (CI must run scripts/setup.sh first): %v", Socket(), err)
		}
		t.Skipf("no MariaDB as root on %s (start one with scripts/setup.sh): %v", Socket(), err)
	}
	d := &DB{Name: "sbreport_wh_test_" + random(4), User: "sbwh_" + random(4), Password: random(12), Socket: Socket(), Root: root}
	stmts := []string{
		"CREATE DATABASE `" + d.Name + "` CHARACTER SET utf8mb4",
		fmt.Sprintf("CREATE USER '%s'@'localhost' IDENTIFIED BY '%s'", d.User, d.Password),
		fmt.Sprintf("CREATE USER '%s'@'127.0.0.1' IDENTIFIED BY '%s'", d.User, d.Password),
		fmt.Sprintf("GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'localhost'", d.Name, d.User),
		fmt.Sprintf("GRANT ALL PRIVILEGES ON `%s`.* TO '%s'@'127.0.0.1'", d.Name, d.User),
	}
	t.Cleanup(func() {
		root.Exec("DROP DATABASE IF EXISTS `" + d.Name + "`")
		root.Exec(fmt.Sprintf("DROP USER IF EXISTS '%s'@'localhost', '%s'@'127.0.0.1'", d.User, d.User))
		root.Close()
	})
	for _, s := range stmts {
		if _, err := root.Exec(s); err != nil {
			t.Fatalf("set up the test database (%s): %v", s[:min(len(s), 40)], err)
		}
	}
	return d
}

// Count returns SELECT COUNT(*) FROM table of the test database.
func (d *DB) Count(t testing.TB, table string) int {
	t.Helper()
	var n int
	if err := d.Root.QueryRow("SELECT COUNT(*) FROM `" + d.Name + "`." + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
