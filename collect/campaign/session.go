package campaign

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

// A Session is the SQL a campaign sends to one system's server: the
// captures (version, variables, status before and after each run, table
// status after prepare) and the check that the tables are in place. The
// real one (openServer) speaks to MySQL and MariaDB through
// go-sql-driver/mysql; tests give a fake.
type Session interface {
	// Version is the server's SELECT VERSION(), read when the session
	// opened.
	Version() string
	// Capture runs a statement that returns rows and gives them the way a
	// client session shows them: the prompt and the statement, then the
	// rows in the client's batch form (see (*server).Capture).
	Capture(ctx context.Context, stmt string) ([]byte, error)
	// TableCount returns how many of the tables sbtest1..sbtestN (N =
	// tables) exist in database db.
	TableCount(ctx context.Context, db string, tables int) (int, error)
	// Variable reads a global server variable: its value as the server
	// shows it, and whether SET GLOBAL can change it while the server
	// runs. ErrNoVariable when the server has no such global variable.
	Variable(ctx context.Context, name string) (value string, dynamic bool, err error)
	// SetGlobal runs SET GLOBAL name = value: a size (8M) or a number as
	// a number, anything else as a string.
	SetGlobal(ctx context.Context, name, value string) error
	// Exec runs a statement that returns no rows (ALTER TABLE).
	Exec(ctx context.Context, stmt string) error
	Close() error
}

// A Connector opens a session on system s's server. dbs are the databases
// of its tables (one per client): the connector creates those that are
// missing, and checks that the system's engine is available, so that a
// plan that cannot run fails before anything runs.
type Connector func(ctx context.Context, s *System, password string, dbs []string) (Session, error)

// ConnectMySQL is the Connector of real servers.
func ConnectMySQL(ctx context.Context, s *System, password string, dbs []string) (Session, error) {
	srv, err := openServer(ctx, s, password, dbs)
	if err != nil {
		return nil, err
	}
	return srv, nil
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
	e := m.endpoint(1)
	if e.socket != "" {
		return e.socket
	}
	return e.host + ":" + strconv.Itoa(e.port)
}

// config returns the driver configuration for database db ("" for none).
func (m *MySQL) config(password, db string) *mysql.Config {
	c := mysql.NewConfig()
	c.User = m.User
	c.Passwd = password
	if e := m.endpoint(1); e.socket != "" {
		c.Net, c.Addr = "unix", e.socket
	} else {
		c.Net, c.Addr = "tcp", e.address()
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

// Version returns SELECT VERSION() as read when the session opened.
func (s *server) Version() string { return s.version }

// Close closes the connections.
func (s *server) Close() error { return s.db.Close() }

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

// Capture runs stmt and returns it the way a client session shows it:
// the prompt with the statement, then the result in the client's batch
// form (mariadb -B: a header row, tab-separated cells, NULL as NULL, tab,
// newline, backslash and NUL escaped).
func (s *server) Capture(ctx context.Context, stmt string) ([]byte, error) {
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

// TableCount returns how many of the tables sbtest1..sbtestN (N =
// tables) exist in database db.
func (s *server) TableCount(ctx context.Context, db string, tables int) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx,
		"SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME REGEXP '^sbtest[0-9]+$' AND CAST(SUBSTRING(TABLE_NAME, 7) AS UNSIGNED) BETWEEN 1 AND ?",
		db, tables).Scan(&n)
	return n, err
}

// capture runs stmt on srv and writes its result to path; a path ending
// in .gz is compressed.
func capture(ctx context.Context, srv Session, stmt, path string) error {
	data, err := srv.Capture(ctx, stmt)
	if err != nil {
		return err
	}
	return writeCapture(path, data)
}

// Exec runs stmt, which returns no rows; an ALTER TABLE that rebuilds a
// table may take a while, so it is bounded by 30 minutes.
func (s *server) Exec(ctx context.Context, stmt string) error {
	qctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	if _, err := s.db.ExecContext(qctx, stmt); err != nil {
		return fmt.Errorf("system %s: %s: %w", s.sys.Name, stmt, err)
	}
	return nil
}

// Variable reads a global variable from information_schema.SYSTEM_VARIABLES
// (MariaDB), which says whether it is read-only; where that table does
// not exist (MySQL), from @@GLOBAL, taking it for dynamic: SET GLOBAL
// then says if it is not.
func (s *server) Variable(ctx context.Context, name string) (string, bool, error) {
	if !variableName.MatchString(name) {
		return "", false, fmt.Errorf("%q: %w", name, ErrNoVariable)
	}
	qctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var value sql.NullString
	var readOnly string
	err := s.db.QueryRowContext(qctx, "SELECT GLOBAL_VALUE, READ_ONLY FROM information_schema.SYSTEM_VARIABLES WHERE VARIABLE_NAME = ?", strings.ToUpper(name)).Scan(&value, &readOnly)
	var me *mysql.MySQLError
	switch {
	case errors.As(err, &me) && me.Number == 1109: // unknown table: MySQL
		err = s.db.QueryRowContext(qctx, "SELECT @@GLOBAL."+name).Scan(&value)
		if errors.As(err, &me) && (me.Number == 1193 || me.Number == 1238) {
			return "", false, fmt.Errorf("%s: %w", name, ErrNoVariable)
		}
		if err != nil {
			return "", false, err
		}
		return value.String, true, nil
	case errors.Is(err, sql.ErrNoRows):
		return "", false, fmt.Errorf("%s: %w", name, ErrNoVariable)
	case err != nil:
		return "", false, err
	case !value.Valid:
		return "", false, fmt.Errorf("%s is a session variable only: %w", name, ErrNoVariable)
	}
	return value.String, readOnly == "NO", nil
}

// SetGlobal runs SET GLOBAL name = ?. After innodb_buffer_pool_size, it
// waits (up to a minute) until the server says the resize is done.
func (s *server) SetGlobal(ctx context.Context, name, value string) error {
	if !variableName.MatchString(name) {
		return fmt.Errorf("%q is not a variable name", name)
	}
	qctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if _, err := s.db.ExecContext(qctx, "SET GLOBAL "+name+" = ?", sqlValue(value)); err != nil {
		return err
	}
	if strings.EqualFold(name, "innodb_buffer_pool_size") {
		for {
			var n, status string
			err := s.db.QueryRowContext(qctx, "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'").Scan(&n, &status)
			if err != nil || status == "" || strings.Contains(strings.ToLower(status), "completed") {
				return nil // nothing to wait for, or a server that does not say
			}
			select {
			case <-qctx.Done():
				return fmt.Errorf("innodb_buffer_pool_size: still resizing after a minute: %s", status)
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	return nil
}
