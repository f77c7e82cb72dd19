package warehouse

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// StoreOptions controls Store.
type StoreOptions struct {
	// Sbreport is the version of the storing program, recorded with the
	// import.
	Sbreport string
	// Progress, when set, is called after each input file with its name
	// and what became of it: "stored", "unchanged" or "replaced".
	Progress func(name, what string)
	// StatusKeep, when not nil, also stores each SHOW GLOBAL STATUS
	// snapshot reduced to the counters it names (parse.Variables.KeepStatus),
	// which LoadWith reads in place of the whole snapshot when given the
	// same names (LoadOptions.StatusKeep). The whole snapshot is stored
	// either way.
	StatusKeep []string
}

// keptKey is the digest a reduced status snapshot is stored under: of
// the names it keeps, in sorted order.
func keptKey(names []string) string {
	s := slices.Clone(names)
	slices.Sort(s)
	return sha([]byte(strings.Join(s, "\n")))
}

// keptStatus is the JSON of a status snapshot reduced to keep, and its
// key; nil values for any other capture, no list, or a schema without
// the columns (before version 3).
func (s *storer) keptStatus(it parse.Item) (kept, key any, err error) {
	v, ok := it.(*parse.Variables)
	if !ok || v.Kind != "status" || s.opts.StatusKeep == nil {
		return nil, nil, nil
	}
	cp := *v
	cp.KeepStatus(s.opts.StatusKeep)
	b, err := json.Marshal(&cp)
	if err != nil {
		return nil, nil, err
	}
	if s.keepKey == "" {
		s.keepKey = keptKey(s.opts.StatusKeep)
	}
	return string(b), s.keepKey, nil
}

// Stats counts what Store did.
type Stats struct {
	Files     int // input files stored (new or replaced)
	Unchanged int // input files already stored with the same content
	Replaced  int // input files stored before with other content
	Runs      int
	Intervals int
	Captures  int
	Errors    int // input problems stored with their file
	Lines     int // source lines stored
	// Problems are the input problems met, stored or not (a directory
	// that cannot be read has no file to store them with).
	Problems []*parse.Error
}

// ErrStdin is returned for "-": standard input has no name and no
// content hash that would make storing it again idempotent.
var ErrStdin = errors.New("warehouse: standard input cannot be stored; save it to a file and store the file")

// item is one thing an input gave, with its place among all items.
type item struct {
	seq int64
	it  parse.Item
}

// Store reads the inputs as collect.Walk does and stores every run,
// capture, problem and source file, one transaction per input file. A
// file already stored under the same name with the same content adds
// nothing; one stored with other content is replaced.
func (w *Warehouse) Store(ctx context.Context, inputs []string, opts StoreOptions) (*Stats, error) {
	st := &Stats{}
	s := &storer{w: w, opts: opts, st: st, clock: NewClock(), campaigns: map[string]int64{}, inputs: inputs}
	if err := s.reduceStored(ctx); err != nil {
		return st, err
	}
	for _, arg := range inputs {
		if arg == "-" {
			return st, ErrStdin
		}
		if err := s.input(ctx, arg); err != nil {
			return st, err
		}
	}
	return st, nil
}

// reduceStored stores the reduced copy (StoreOptions.StatusKeep) of the
// status snapshots stored without one: by a store given no list, or
// before schema version 3, which Open has just migrated. Done once, it
// makes a migrated warehouse read as fast as one stored at version 3.
// Snapshots reduced for another list are left as they are.
func (s *storer) reduceStored(ctx context.Context) error {
	if s.opts.StatusKeep == nil || s.w.version < 3 {
		return nil
	}
	type row struct {
		source int64
		idx    int
		kept   string
	}
	var todo []row
	key := keptKey(s.opts.StatusKeep)
	flush := func() error {
		if len(todo) == 0 {
			return nil
		}
		tx, err := s.w.DB.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		up, err := tx.PrepareContext(ctx, "UPDATE captures SET kept = ?, kept_key = ? WHERE source_id = ? AND idx = ? AND kept_key IS NULL")
		if err != nil {
			tx.Rollback()
			return err
		}
		defer up.Close()
		for _, r := range todo {
			if _, err := up.ExecContext(ctx, r.kept, key, r.source, r.idx); err != nil {
				tx.Rollback()
				return err
			}
		}
		todo = todo[:0]
		return tx.Commit()
	}
	// A batch at a time, by key, so that no result set stays open while
	// the updates run.
	var after struct {
		source int64
		idx    int
	}
	after.source = -1
	for {
		rows, err := s.w.DB.QueryContext(ctx, "SELECT source_id, idx, doc FROM captures WHERE kind = ? AND kept_key IS NULL AND (source_id > ? OR source_id = ? AND idx > ?) ORDER BY source_id, idx LIMIT 500",
			KindStatus, after.source, after.source, after.idx)
		if err != nil {
			return fmt.Errorf("reduce the stored status snapshots: %w", err)
		}
		read := 0
		for rows.Next() {
			read++
			var r row
			var doc string
			if err := rows.Scan(&r.source, &r.idx, &doc); err != nil {
				rows.Close()
				return err
			}
			after.source, after.idx = r.source, r.idx
			v := &parse.Variables{}
			if err := json.Unmarshal([]byte(doc), v); err != nil {
				rows.Close()
				return fmt.Errorf("stored capture %d/%d: %w", r.source, r.idx, err)
			}
			kept, _, err := s.keptStatus(v)
			if err != nil {
				rows.Close()
				return err
			}
			if kept != nil {
				r.kept = kept.(string)
				todo = append(todo, r)
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if err := flush(); err != nil {
			return fmt.Errorf("reduce the stored status snapshots: %w", err)
		}
		if read == 0 {
			return nil
		}
	}
}

type storer struct {
	w         *Warehouse
	opts      StoreOptions
	st        *Stats
	clock     *Clock
	importID  int64
	seq       int64
	args      []string
	campaigns map[string]int64 // campaign dir → campaigns.id
	inputs    []string         // all the inputs, labelled as one walk of them would
	keepKey   string           // keptKey(opts.StatusKeep), once computed
}

// input stores one command-line input: a directory of campaigns kept
// side by side a campaign at a time (campaignsOf), anything else in one
// walk.
func (s *storer) input(ctx context.Context, arg string) error {
	s.args = append(s.args, arg)
	parts := campaignsOf(arg)
	if parts == nil {
		parts = []string{arg}
	}
	for _, p := range parts {
		if err := s.walk(ctx, arg, p); err != nil {
			return err
		}
	}
	return nil
}

// campaignsOf returns the campaign directories of dir when dir holds
// nothing else and lies in no campaign itself: a year of nightly
// campaigns kept as dir/c1, dir/c2, …, each complete in itself (its
// manifest, its hosts, its runs and their captures). Each is read and
// stored before the next, so that what store holds is one campaign's
// items, not a year's: read in one walk, a directory of 70 demo
// campaigns held 4.3 GB. Nil for any other input.
func campaignsOf(dir string) []string {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, collect.ManifestName)); err == nil {
			return nil // a campaign, or a part of one
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if !e.IsDir() {
			return nil
		}
		if st, err := os.Stat(filepath.Join(p, collect.ManifestName)); err != nil || st.IsDir() {
			return nil
		}
		out = append(out, p)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// walk reads path, the input arg or a campaign of it, and stores its
// files.
func (s *storer) walk(ctx context.Context, arg, path string) error {
	var order []string
	bySource := map[string][]item{}
	err := collect.WalkWith([]string{path}, collect.Options{Together: s.inputs}, func(it parse.Item) {
		s.seq++
		src := sourceOf(it)
		if _, ok := bySource[src]; !ok {
			order = append(order, src)
		}
		bySource[src] = append(bySource[src], item{seq: s.seq, it: it})
	})
	if err != nil {
		return err
	}
	for _, src := range order {
		its := bySource[src]
		for _, x := range its {
			if e, ok := x.it.(*parse.Error); ok {
				s.st.Problems = append(s.st.Problems, e)
			}
		}
		fi, err := os.Stat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // a directory's problem, or a file gone: reported, not stored
		}
		if err := s.file(ctx, arg, src, its); err != nil {
			return err
		}
	}
	return nil
}

// sourceOf returns the input name an item came from.
func sourceOf(it parse.Item) string {
	switch v := it.(type) {
	case *parse.Run:
		return v.Source
	case *parse.Host:
		return v.Source
	case *parse.Variables:
		return v.Source
	case *parse.TableStatus:
		return v.Source
	case *parse.SysStat:
		return v.Source
	case *parse.Fact:
		return v.Source
	case *parse.Error:
		return v.Source
	}
	return ""
}

// sourceText reads a file as collect does: decompressed, and cleaned of
// HTML or JSON escapes, so that the stored lines are the lines the
// items' line numbers refer to.
func sourceText(p string, raw []byte) (text []byte, cleaned string, err error) {
	var r io.Reader = bytes.NewReader(raw)
	if strings.HasSuffix(p, ".gz") {
		gz, err := gzip.NewReader(r)
		if err != nil {
			return nil, "", err
		}
		defer gz.Close()
		r = gz
	}
	cr, cleaned, err := collect.Clean(bufio.NewReaderSize(r, 64<<10))
	if err != nil {
		return nil, "", err
	}
	text, err = io.ReadAll(cr)
	return text, cleaned, err
}

// file stores one input file with its items, retrying when a concurrent
// store of the same file got there first or the server broke a deadlock.
func (s *storer) file(ctx context.Context, arg, name string, its []item) error {
	raw, err := os.ReadFile(name)
	if err != nil {
		s.st.Problems = append(s.st.Problems, &parse.Error{Source: name, Message: fmt.Sprintf("cannot read input: %v", err)})
		return nil
	}
	text, cleaned, err := sourceText(name, raw)
	if err != nil {
		// collect reported this file's problem already; keep its bytes.
		text, cleaned = raw, ""
	}
	campaignID, err := s.campaign(ctx, name)
	if err != nil {
		return err
	}
	var campaignTime func(*parse.Run) (time.Time, bool)
	if campaignID.Valid {
		campaignTime = s.clock.TimeOf
	}
	f := &fileRows{name: name, input: arg, raw: raw, text: text, cleaned: cleaned, items: its, campaign: campaignID, timeOf: campaignTime}
	for attempt := 0; ; attempt++ {
		what, err := s.storeFile(ctx, f)
		if err == nil {
			if s.opts.Progress != nil {
				s.opts.Progress(name, what)
			}
			return nil
		}
		if attempt < 8 && retryable(err) {
			time.Sleep(time.Duration(attempt+1) * 20 * time.Millisecond)
			continue
		}
		return fmt.Errorf("store %s: %w", name, err)
	}
}

// retryable reports a duplicate key (a concurrent store of the same
// file committed first), a deadlock or a lock wait timeout.
func retryable(err error) bool {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		switch me.Number {
		case 1062, 1213, 1205:
			return true
		}
	}
	return false
}

type fileRows struct {
	name, input string
	raw, text   []byte
	cleaned     string
	items       []item
	campaign    sql.NullInt64
	timeOf      func(*parse.Run) (time.Time, bool)
}

// storeFile stores one file in one transaction and says what it did.
func (s *storer) storeFile(ctx context.Context, f *fileRows) (what string, err error) {
	nameHash, contentHash := sha([]byte(f.name)), sha(f.raw)
	var oldID int64
	var oldHash string
	err = s.w.DB.QueryRowContext(ctx, "SELECT id, content_hash FROM sources WHERE name_hash = ?", nameHash).Scan(&oldID, &oldHash)
	switch {
	case err == nil && oldHash == contentHash:
		s.st.Unchanged++
		return "unchanged", nil
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return "", err
	}
	if err := s.ensureImport(ctx); err != nil {
		return "", err
	}
	tx, err := s.w.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	what = "stored"
	if oldID != 0 {
		// Lock the old version; a concurrent store may have replaced it.
		var h string
		err = tx.QueryRowContext(ctx, "SELECT content_hash FROM sources WHERE id = ? FOR UPDATE", oldID).Scan(&h)
		if errors.Is(err, sql.ErrNoRows) {
			return "", &mysql.MySQLError{Number: 1213, Message: "source replaced concurrently"}
		}
		if err != nil {
			return "", err
		}
		if h == contentHash {
			tx.Rollback()
			s.st.Unchanged++
			return "unchanged", nil
		}
		if err = deleteSource(ctx, tx, oldID); err != nil {
			return "", err
		}
		what = "replaced"
	}
	lines := splitLines(f.text)
	res, err := tx.ExecContext(ctx, `INSERT INTO sources (import_id, name, name_hash, input, content_hash, bytes, line_count, cleaned, stored, campaign_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, s.importID, f.name, nameHash, f.input, contentHash, len(f.raw), len(lines), f.cleaned, time.Now().UTC(), f.campaign)
	if err != nil {
		return "", err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return "", err
	}
	var c counts
	if c, err = s.insertRows(ctx, tx, id, f, lines); err != nil {
		return "", err
	}
	if err = tx.Commit(); err != nil {
		return "", err
	}
	s.st.Files++
	if what == "replaced" {
		s.st.Replaced++
	}
	s.st.Runs += c.runs
	s.st.Intervals += c.intervals
	s.st.Captures += c.captures
	s.st.Errors += c.errors
	s.st.Lines += len(lines)
	return what, nil
}

type counts struct{ runs, intervals, captures, errors int }

// ensureImport records the import on the first file it stores.
func (s *storer) ensureImport(ctx context.Context) error {
	if s.importID != 0 {
		return nil
	}
	args, _ := json.Marshal(s.args)
	res, err := s.w.DB.ExecContext(ctx, "INSERT INTO imports (started, sbreport, args) VALUES (?, ?, ?)", time.Now().UTC(), s.opts.Sbreport, string(args))
	if err != nil {
		return err
	}
	s.importID, err = res.LastInsertId()
	return err
}

// ord places an item among everything stored: import, then input order.
func (s *storer) ord(seq int64) int64 { return s.importID<<32 | seq }

// campaign returns the id of the campaign the file lies in, storing or
// updating its manifest once per Store.
func (s *storer) campaign(ctx context.Context, name string) (sql.NullInt64, error) {
	ci := s.clock.campaignOf(name)
	if ci == nil {
		return sql.NullInt64{}, nil
	}
	if id, ok := s.campaigns[ci.Dir]; ok {
		return sql.NullInt64{Int64: id, Valid: true}, nil
	}
	m := ci.Manifest
	var ended *time.Time
	if m.Ended != nil {
		e := m.Ended.UTC()
		ended = &e
	}
	var started *time.Time
	if !m.Started.IsZero() {
		st := m.Started.UTC()
		started = &st
	}
	dirHash := sha([]byte(ci.Dir))
	_, err := s.w.DB.ExecContext(ctx, `INSERT INTO campaigns (dir, dir_hash, content_hash, format, status, started, ended, plan_digest, manifest, stored)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON DUPLICATE KEY UPDATE content_hash = VALUES(content_hash), format = VALUES(format), status = VALUES(status),
  started = VALUES(started), ended = VALUES(ended), plan_digest = VALUES(plan_digest), manifest = VALUES(manifest), stored = VALUES(stored)`,
		ci.Dir, dirHash, sha(ci.Raw), m.Format, m.Status, started, ended, m.PlanDigest, string(ci.Raw), time.Now().UTC())
	if err != nil {
		return sql.NullInt64{}, fmt.Errorf("store campaign %s: %w", filepath.Join(ci.Dir, collect.ManifestName), err)
	}
	var id int64
	if err := s.w.DB.QueryRowContext(ctx, "SELECT id FROM campaigns WHERE dir_hash = ?", dirHash).Scan(&id); err != nil {
		return sql.NullInt64{}, err
	}
	s.campaigns[ci.Dir] = id
	return sql.NullInt64{Int64: id, Valid: true}, nil
}

// deleteSource removes a source and every row it gave.
func deleteSource(ctx context.Context, tx *sql.Tx, id int64) error {
	for _, t := range []string{"source_lines", "run_labels", "intervals", "runs", "captures", "input_errors"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+t+" WHERE source_id = ?", id); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, "DELETE FROM sources WHERE id = ?", id)
	return err
}

// splitLines splits text into lines without their line ends; a final
// line end does not start another line.
func splitLines(text []byte) []string {
	if len(text) == 0 {
		return nil
	}
	s := string(text)
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// insertRows writes the lines and items of a source.
func (s *storer) insertRows(ctx context.Context, tx *sql.Tx, id int64, f *fileRows, lines []string) (c counts, err error) {
	lb := s.w.newBatch(tx, "INSERT INTO source_lines (source_id, n, text) VALUES ", 3)
	for i, l := range lines {
		// A command line's passwords are not kept (MaskPasswords).
		if err := lb.add(ctx, id, i+1, parse.MaskPasswords(l)); err != nil {
			return c, err
		}
	}
	if err := lb.flush(ctx); err != nil {
		return c, err
	}
	rb := s.w.newBatch(tx, "INSERT INTO runs (source_id, idx, ord, line, tool, test, workload, threads, version, tps, n_intervals, doc, campaign_time) VALUES ", 13)
	labb := s.w.newBatch(tx, "INSERT INTO run_labels (source_id, run_idx, k, v) VALUES ", 4)
	ivb := s.w.newBatch(tx, "INSERT INTO intervals (source_id, run_idx, idx, line, t, threads, tps, qps, reads_ps, writes_ps, other_ps, lat_ms, lat_pct, err_s, reconn_s, eps, read_mib_s, write_mib_s, fsyncs_ps, mib_s, queue_length, concurrency) VALUES ", 22)
	cb := s.w.newBatch(tx, "INSERT INTO captures (source_id, idx, ord, kind, line, doc) VALUES ", 6)
	withKept := s.w.version >= 3
	if withKept {
		cb = s.w.newBatch(tx, "INSERT INTO captures (source_id, idx, ord, kind, line, doc, kept, kept_key) VALUES ", 8)
	}
	eb := s.w.newBatch(tx, "INSERT INTO input_errors (source_id, idx, ord, line, message) VALUES ", 5)
	ivs := make([]any, 22)
	for _, x := range f.items {
		switch v := x.it.(type) {
		case *parse.Run:
			doc, err := runDoc(v)
			if err != nil {
				return c, fmt.Errorf("%s:%d: %v", v.Source, v.Line, err)
			}
			var when any
			if f.timeOf != nil {
				if t, ok := f.timeOf(v); ok {
					when = t.UTC()
				}
			}
			workload := v.Labels["workload"]
			if workload == "" {
				workload = v.Test
			}
			var threads any
			if v.Threads != nil {
				threads = *v.Threads
			}
			if err := rb.add(ctx, id, c.runs, s.ord(x.seq), v.Line, v.Tool, v.Test, workload, threads, v.Version, nullFloat(v.TPS), len(v.Intervals), doc, when); err != nil {
				return c, err
			}
			for k, lv := range v.Labels {
				if err := labb.add(ctx, id, c.runs, k, lv); err != nil {
					return c, err
				}
			}
			for i := range v.Intervals {
				iv := &v.Intervals[i]
				ivs[0], ivs[1], ivs[2], ivs[3] = id, c.runs, i, iv.Line
				for j, x := range [...]float64{iv.T, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.LatPct,
					iv.ErrS, iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs, iv.QueueLength, iv.Concurrency} {
					ivs[4+j] = dbFloat(x)
				}
				if err := ivb.add(ctx, ivs...); err != nil {
					return c, err
				}
			}
			c.runs++
			c.intervals += len(v.Intervals)
		case *parse.Error:
			if err := eb.add(ctx, id, c.errors, s.ord(x.seq), v.Line, v.Message); err != nil {
				return c, err
			}
			c.errors++
		default:
			kind, line := captureKind(v)
			doc, err := json.Marshal(v)
			if err != nil {
				return c, err
			}
			vals := []any{id, c.captures, s.ord(x.seq), kind, line, string(doc)}
			if withKept {
				kept, key, err := s.keptStatus(v)
				if err != nil {
					return c, err
				}
				vals = append(vals, kept, key)
			}
			if err := cb.add(ctx, vals...); err != nil {
				return c, err
			}
			c.captures++
		}
	}
	for _, b := range []*batch{rb, labb, ivb, cb, eb} {
		if err := b.flush(ctx); err != nil {
			return c, err
		}
	}
	return c, nil
}

// Capture kinds (captures.kind).
const (
	KindHost      = "host"
	KindVariables = "variables"
	KindStatus    = "status"
	KindTable     = "table"
	KindSysStat   = "sysstat" // vmstat, iostat, mpstat, /proc snapshots
	KindFact      = "fact"    // a setup fact the prose states (parse.Fact)
)

func captureKind(it parse.Item) (kind string, line int) {
	switch v := it.(type) {
	case *parse.Host:
		return KindHost, v.Line
	case *parse.Variables:
		if v.Kind == "status" {
			return KindStatus, v.Line
		}
		return KindVariables, v.Line
	case *parse.TableStatus:
		return KindTable, v.Line
	case *parse.SysStat:
		return KindSysStat, v.Line
	case *parse.Fact:
		return KindFact, v.Line
	}
	return "unknown", 0
}

// runDoc is the JSON of a run without its interim series, which goes to
// the intervals table. A run with an empty but present series keeps it.
func runDoc(r *parse.Run) (string, error) {
	cp := *r
	if len(cp.Intervals) > 0 {
		cp.Intervals = nil
	}
	b, err := json.Marshal(&cp)
	return string(b), err
}

func nullFloat(p *float64) any {
	if p == nil {
		return nil
	}
	return dbFloat(*p)
}

// dbFloat is NULL for NaN and the infinities, which SQL cannot hold.
func dbFloat(v float64) any {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return v
}

// A batch gathers the rows of a multi-row INSERT and sends them when
// they reach 1000 rows or the byte budget.
type batch struct {
	w      *Warehouse
	tx     *sql.Tx
	prefix string
	row    string // "(?, ?, ...)"
	args   []any
	rows   int
	bytes  int
}

func (w *Warehouse) newBatch(tx *sql.Tx, prefix string, cols int) *batch {
	return &batch{w: w, tx: tx, prefix: prefix, row: "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"}
}

func (b *batch) add(ctx context.Context, vals ...any) error {
	for _, v := range vals {
		switch x := v.(type) {
		case string:
			b.bytes += 2*len(x) + 3 // escaping may double it
		default:
			b.bytes += 24
		}
	}
	b.args = append(b.args, vals...)
	b.rows++
	if b.rows >= 1000 || b.bytes >= b.w.maxBatch {
		return b.flush(ctx)
	}
	return nil
}

func (b *batch) flush(ctx context.Context) error {
	if b.rows == 0 {
		return nil
	}
	var q strings.Builder
	q.Grow(len(b.prefix) + b.rows*(len(b.row)+2))
	q.WriteString(b.prefix)
	for i := 0; i < b.rows; i++ {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString(b.row)
	}
	_, err := b.tx.ExecContext(ctx, q.String(), b.args...)
	b.args, b.rows, b.bytes = b.args[:0], 0, 0
	return err
}
