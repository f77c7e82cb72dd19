package campaign

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/collect"

	"github.com/go-sql-driver/mysql"
)

// writeFileAtomic writes data to a hidden temporary file beside path and
// renames it into place, so that path is either absent or complete. Names
// starting with "." are skipped by the ingest walk.
func writeFileAtomic(path string, data []byte) error {
	f, err := createAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// An atomicFile is written under a temporary name and renamed on Commit.
type atomicFile struct {
	*os.File
	path string
}

func createAtomic(path string) (*atomicFile, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &atomicFile{File: f, path: path}, nil
}

// Commit flushes the file to disk and renames it to its final name.
func (f *atomicFile) Commit() error {
	if err := f.Sync(); err != nil {
		f.Abort()
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), f.path); err != nil {
		os.Remove(f.Name())
		return err
	}
	if d, err := os.Open(filepath.Dir(f.path)); err == nil {
		d.Sync() // make the rename durable; best effort
		d.Close()
	}
	return nil
}

// Abort closes and removes the temporary file.
func (f *atomicFile) Abort() {
	f.Close()
	os.Remove(f.Name())
}

// removeStaleTemps deletes temporary files left in dir by a crash.
func removeStaleTemps(dir string) {
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp") {
			os.Remove(p)
		}
		return nil
	})
}

// shellQuote renders argv the way a shell would read it back.
func shellQuote(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// A hostCapture is one command describing the machine.
type hostCapture struct {
	kind string   // key in collect.Manifest.Host.Files
	file string   // relative to the campaign directory
	argv []string // command
}

var hostCaptures = []hostCapture{
	{"lscpu", "host/lscpu.txt", []string{"lscpu"}},
	// In a directory of its own: ingest merges the captures of one
	// directory into one host, and two lscpu outputs side by side would
	// read as two machines.
	{"lscpu_json", "host/json/lscpu.json", []string{"lscpu", "-J"}},
	{"lsblk", "host/lsblk.txt", []string{"lsblk"}},
	{"free", "host/free.txt", []string{"free"}},
	{"uname", "host/uname.txt", []string{"uname", "-a"}},
	{"nproc", "host/nproc.txt", []string{"nproc"}},
}

// captureHost runs each host command once and writes "$ COMMAND" and its
// output to its file. JSON output is written bare so that it stays a JSON
// document. A missing command is recorded, not fatal.
func captureHost(ctx context.Context, dir string, c *collect.Captures) {
	if c.Files == nil {
		c.Files = map[string]string{}
	}
	for _, h := range hostCaptures {
		if _, done := c.Files[h.kind]; done {
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		cmd := exec.CommandContext(cctx, h.argv[0], h.argv[1:]...)
		cmd.Env = append(os.Environ(), "LC_ALL=C")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		cancel()
		if err != nil {
			c.Errors = append(c.Errors, commandError(h.argv, err, stderr.Bytes()).Error())
			continue
		}
		var data []byte
		if strings.HasSuffix(h.file, ".json") {
			data = out
		} else {
			data = append([]byte("$ "+shellQuote(h.argv)+"\n"), out...)
		}
		if err := writeFileAtomic(filepath.Join(dir, h.file), data); err != nil {
			c.Errors = append(c.Errors, err.Error())
			continue
		}
		c.Files[h.kind] = h.file
	}
}

// commandError says what ran and what it printed on stderr.
func commandError(argv []string, err error, stderr []byte) error {
	if errors.Is(err, exec.ErrNotFound) {
		return fmt.Errorf("%s not found in $PATH", argv[0])
	}
	msg := strings.TrimSpace(string(stderr))
	if msg != "" {
		if len(msg) > 2000 {
			msg = msg[:2000] + "..."
		}
		return fmt.Errorf("%s: %v: %s", shellQuote(argv), err, msg)
	}
	return fmt.Errorf("%s: %v", shellQuote(argv), err)
}

// A server is one system's database, reached through go-sql-driver/mysql.
type server struct {
	sys     *System
	db      *sql.DB
	dbName  string // the connection's default database, "" for none
	version string
}

// address says where a system's server listens, for messages.
func (m *MySQL) address() string {
	if m.Socket != "" {
		return m.Socket
	}
	return m.Host + ":" + strconv.Itoa(m.Port)
}

// config returns the driver configuration for database db ("" for none).
func (m *MySQL) config(password, db string) *mysql.Config {
	c := mysql.NewConfig()
	c.User = m.User
	c.Passwd = password
	if m.Socket != "" {
		c.Net, c.Addr = "unix", m.Socket
	} else {
		c.Net, c.Addr = "tcp", m.address()
	}
	c.DBName = db
	c.Timeout = 5 * time.Second
	c.ReadTimeout = 2 * time.Minute
	c.WriteTimeout = 30 * time.Second
	// The driver logs dropped connections to stderr; errors reach us anyway.
	c.Logger = quietLogger{}
	return c
}

type quietLogger struct{}

func (quietLogger) Print(...any) {}

// openServer connects to a system's server, creating each of dbs (the
// databases of its tables, one per client) that is missing, and checks
// that the engine is available. With one database the connection uses it
// by default; with several, none (statements name theirs).
func openServer(ctx context.Context, s *System, password string, dbs []string) (*server, error) {
	where := fmt.Sprintf("system %s (%s)", s.Name, s.MySQL.address())
	boot, err := connect(ctx, s.MySQL.config(password, ""))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot connect: %w", where, err)
	}
	defer boot.Close()
	var version string
	if err := boot.QueryRowContext(ctx, "SELECT VERSION()").Scan(&version); err != nil {
		return nil, fmt.Errorf("%s: SELECT VERSION(): %w", where, err)
	}
	if s.Engine != "" {
		var support string
		err := boot.QueryRowContext(ctx, "SELECT SUPPORT FROM information_schema.ENGINES WHERE UPPER(ENGINE) = UPPER(?)", s.Engine).Scan(&support)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil, fmt.Errorf("%s: storage engine %s is not installed on the server", where, s.Engine)
		case err != nil:
			return nil, fmt.Errorf("%s: checking engine %s: %w", where, s.Engine, err)
		case support != "YES" && support != "DEFAULT":
			return nil, fmt.Errorf("%s: storage engine %s is not available (SUPPORT=%s)", where, s.Engine, support)
		}
	}
	for _, name := range dbs {
		var n int
		if err := boot.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&n); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if n == 0 {
			if _, err := boot.ExecContext(ctx, "CREATE DATABASE `"+name+"`"); err != nil {
				return nil, fmt.Errorf("%s: database %s does not exist and cannot be created: %w", where, name, err)
			}
		}
	}
	dbName := ""
	if len(dbs) == 1 {
		dbName = dbs[0]
	}
	db, err := connect(ctx, s.MySQL.config(password, dbName))
	if err != nil {
		if dbName != "" {
			return nil, fmt.Errorf("%s: database %s: %w", where, dbName, err)
		}
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	db.SetMaxOpenConns(2)
	return &server{sys: s, db: db, dbName: dbName, version: version}, nil
}

func connect(ctx context.Context, c *mysql.Config) (*sql.DB, error) {
	conn, err := mysql.NewConnector(c)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(conn)
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// prompt is what a client shows before a statement on this server.
func (s *server) prompt() string {
	if strings.Contains(strings.ToLower(s.version), "mariadb") {
		db := s.dbName
		if db == "" {
			db = "(none)"
		}
		return "MariaDB [" + db + "]> "
	}
	return "mysql> "
}

// capture runs stmt and writes its result to path (see result); a path
// ending in .gz is compressed.
func (s *server) capture(ctx context.Context, stmt, path string) error {
	data, err := s.result(ctx, stmt)
	if err != nil {
		return err
	}
	return writeCapture(path, data)
}

// writeCapture writes data to path atomically, compressed when path ends
// in .gz.
func writeCapture(path string, data []byte) error {
	if strings.HasSuffix(path, ".gz") {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			return err
		}
		data = z.Bytes()
	}
	return writeFileAtomic(path, data)
}

// result runs stmt and returns it the way a client session shows it: the
// prompt with the statement, then the result in the client's batch form
// (mariadb -B: a header row, tab-separated cells, NULL as NULL, tab,
// newline, backslash and NUL escaped).
func (s *server) result(ctx context.Context, stmt string) ([]byte, error) {
	qctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	rows, err := s.db.QueryContext(qctx, stmt)
	if err != nil {
		return nil, fmt.Errorf("system %s: %s: %w", s.sys.Name, stmt, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(s.prompt() + stmt + ";\n")
	b.WriteString(strings.Join(cols, "\t") + "\n")
	cells := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range cells {
		ptrs[i] = &cells[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("system %s: %s: %w", s.sys.Name, stmt, err)
		}
		for i, c := range cells {
			if i > 0 {
				b.WriteByte('\t')
			}
			if !c.Valid {
				b.WriteString("NULL")
			} else {
				b.WriteString(batchEscape(c.String))
			}
		}
		b.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("system %s: %s: %w", s.sys.Name, stmt, err)
	}
	return b.Bytes(), nil
}

var batchEscaper = strings.NewReplacer("\\", `\\`, "\t", `\t`, "\n", `\n`, "\x00", `\0`)

func batchEscape(s string) string { return batchEscaper.Replace(s) }

// tableCount returns how many of the tables sbtest1..sbtestN (N =
// tables) exist in database db.
func (s *server) tableCount(ctx context.Context, db string, tables int) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx,
		"SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME REGEXP '^sbtest[0-9]+$' AND CAST(SUBSTRING(TABLE_NAME, 7) AS UNSIGNED) BETWEEN 1 AND ?",
		db, tables).Scan(&n)
	return n, err
}

// readSmall reads at most n bytes of a file.
func readSmall(path string, n int64) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, n))
	return b
}
