package warehouse

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// A Migration is one forward step of the schema.
type Migration struct {
	Version int
	Name    string   // file name, "0001_base.sql"
	Stmts   []string // its statements, in order
}

// Migrations returns the embedded migrations in version order.
func Migrations() ([]Migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("warehouse: migration %s: want NNNN_name.sql", base)
		}
		if v != len(out)+1 {
			return nil, fmt.Errorf("warehouse: migration %s: want version %d", base, len(out)+1)
		}
		b, err := migrationFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, Stmts: splitSQL(string(b))})
	}
	return out, nil
}

// Version is the schema version this sbreport writes and reads.
func Version() int {
	ms, err := Migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// splitSQL splits a migration into statements at semicolons that end a
// line, dropping "--" comment lines. Migrations hold no semicolons inside
// statements.
func splitSQL(s string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.HasSuffix(t, ";") {
			stmt := strings.TrimSuffix(strings.TrimSpace(cur.String()), ";")
			out = append(out, stmt)
			cur.Reset()
		}
	}
	if rest := strings.TrimSpace(cur.String()); rest != "" {
		out = append(out, rest)
	}
	return out
}

// ErrNewerSchema is returned when the database was migrated by a newer
// sbreport than this one.
var ErrNewerSchema = errors.New("warehouse: the schema is newer than this sbreport; upgrade sbreport")

// A Warehouse is an open connection pool to a warehouse database whose
// schema is current.
type Warehouse struct {
	DB  *sql.DB
	cfg *mysql.Config
	// maxBatch is the most bytes one multi-row statement may carry.
	maxBatch int
	// version is the schema version of the database as opened: the
	// current one, or an older one a reader still reads (minReadable).
	version int
}

// minReadable is the oldest schema version OpenReader reads without a
// migration: version 2 lacks only the reduced status snapshots of
// version 3, which a reader then reduces from the whole ones.
const minReadable = 2

// Open connects to the database of cfg and migrates its schema to the
// current version. Errors name the URL without its password.
func Open(ctx context.Context, cfg *mysql.Config) (*Warehouse, error) {
	return OpenAt(ctx, cfg, Version())
}

// ErrNoWarehouse is returned by OpenReader for a database that holds no
// warehouse schema.
var ErrNoWarehouse = errors.New("warehouse: no sbreport warehouse in this database (sbreport store creates one)")

// OpenReader connects for reading only: it migrates nothing, and fails
// unless the schema is the current version or one it still reads (from
// version 2).
func OpenReader(ctx context.Context, cfg *mysql.Config) (*Warehouse, error) {
	return openAt(ctx, cfg, -1)
}

// OpenAt is Open migrating only up to version (for tests of the
// migrations themselves).
func OpenAt(ctx context.Context, cfg *mysql.Config, version int) (*Warehouse, error) {
	return openAt(ctx, cfg, version)
}

func openAt(ctx context.Context, cfg *mysql.Config, version int) (*Warehouse, error) {
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
	}
	db := sql.OpenDB(conn)
	db.SetMaxOpenConns(4)
	db.SetConnMaxLifetime(10 * time.Minute)
	w := &Warehouse{DB: db, cfg: cfg}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
	}
	var packet int64
	if err := db.QueryRowContext(ctx, "SELECT @@max_allowed_packet").Scan(&packet); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
	}
	w.maxBatch = int(min(packet/2, 4<<20))
	if version < 0 {
		v, err := w.SchemaVersion(ctx)
		var me *mysql.MySQLError
		switch {
		case errors.As(err, &me) && me.Number == 1146: // no such table
			err = ErrNoWarehouse
		case err == nil && v < minReadable:
			err = fmt.Errorf("warehouse: schema version %d, this sbreport reads %d to %d (sbreport store migrates it)", v, minReadable, Version())
		case err == nil && v > Version():
			err = fmt.Errorf("%w (database at version %d, this sbreport knows %d)", ErrNewerSchema, v, Version())
		}
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
		}
		w.version = v
		return w, nil
	}
	if err := w.migrate(ctx, version); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
	}
	v, err := w.SchemaVersion(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", Redact(cfg), err)
	}
	w.version = v
	return w, nil
}

// Close closes the pool.
func (w *Warehouse) Close() error { return w.DB.Close() }

// SchemaVersion returns the highest migration applied (0 for an empty
// database).
func (w *Warehouse) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	err := w.DB.QueryRowContext(ctx, "SELECT MAX(version) FROM sbreport_schema").Scan(&v)
	return int(v.Int64), err
}

// migrate applies the missing migrations up to version, one process at
// a time (GET_LOCK). DDL is not transactional in MySQL: each migration's
// version is recorded after its last statement, so an interrupted one is
// applied again from its start and must be re-runnable up to where it
// stopped; ours create tables and add columns, and fail loudly rather
// than silently when run twice.
func (w *Warehouse) migrate(ctx context.Context, version int) error {
	ms, err := Migrations()
	if err != nil {
		return err
	}
	conn, err := w.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	const lock = "sbreport_warehouse_schema"
	var got sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT GET_LOCK(?, 60)", lock).Scan(&got); err != nil || got.Int64 != 1 {
		return fmt.Errorf("could not take the schema lock %q within 60 s: %v", lock, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT RELEASE_LOCK(?)", lock)
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS sbreport_schema (
  version INT NOT NULL,
  name VARCHAR(191) NOT NULL,
  applied DATETIME(6) NOT NULL,
  PRIMARY KEY (version)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`); err != nil {
		return fmt.Errorf("create sbreport_schema: %w", err)
	}
	var cur sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT MAX(version) FROM sbreport_schema").Scan(&cur); err != nil {
		return err
	}
	if int(cur.Int64) > len(ms) {
		return fmt.Errorf("%w (database at version %d, this sbreport knows %d)", ErrNewerSchema, cur.Int64, len(ms))
	}
	for _, m := range ms {
		if m.Version <= int(cur.Int64) || m.Version > version {
			continue
		}
		for i, stmt := range m.Stmts {
			if _, err := conn.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migration %s, statement %d: %w", m.Name, i+1, err)
			}
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO sbreport_schema (version, name, applied) VALUES (?, ?, ?)",
			m.Version, m.Name, time.Now().UTC()); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}
