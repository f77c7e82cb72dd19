package warehouse

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/collect/warehouse/whtest"
	"github.com/sbreport/sbreport/parse"
)

// TestMain lets the test binary act as a storing process: with
// SBREPORT_WH_HELPER_URL set it stores the inputs of
// SBREPORT_WH_HELPER_INPUTS (colon-separated) there and exits.
func TestMain(m *testing.M) {
	if url := os.Getenv("SBREPORT_WH_HELPER_URL"); url != "" {
		cfg, err := ParseURL(url, os.Getenv(PasswordEnv))
		if err == nil {
			var w *Warehouse
			if w, err = Open(context.Background(), cfg); err == nil {
				_, err = w.Store(context.Background(), strings.Split(os.Getenv("SBREPORT_WH_HELPER_INPUTS"), ":"), StoreOptions{Sbreport: "helper"})
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// storeProcess starts the test binary as a storing process.
func storeProcess(t *testing.T, d *whtest.DB, inputs ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SBREPORT_WH_HELPER_URL="+d.URL(), "SBREPORT_WH_HELPER_INPUTS="+strings.Join(inputs, ":"), PasswordEnv+"="+d.Password)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestConcurrentStore: two processes store the same inputs at once; the
// warehouse ends with one copy of everything, equal to the files.
func TestConcurrentStore(t *testing.T) {
	d := whtest.New(t)
	inputs := []string{"../../examples/demo-campaign", "../../testdata/real"}
	a := storeProcess(t, d, inputs...)
	b := storeProcess(t, d, inputs...)
	if err := a.Wait(); err != nil {
		t.Fatalf("first process: %v", err)
	}
	if err := b.Wait(); err != nil {
		t.Fatalf("second process: %v", err)
	}
	want, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	w := open(t, d)
	got, err := w.Load(context.Background(), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	// Two imports interleave their files, so compare the runs as sets
	// keyed by source and line; the order within a file is kept.
	if len(got.Doc.Runs) != len(want.Runs) {
		t.Fatalf("%d runs stored, the files have %d", len(got.Doc.Runs), len(want.Runs))
	}
	var wantNames, gotNames []string
	for i := range want.Runs {
		wantNames = append(wantNames, fmt.Sprintf("%s:%d", want.Runs[i].Source, want.Runs[i].Line))
		gotNames = append(gotNames, fmt.Sprintf("%s:%d", got.Doc.Runs[i].Source, got.Doc.Runs[i].Line))
	}
	if !sameSet(wantNames, gotNames) {
		t.Error("the stored runs are not the runs of the files")
	}
	if n, m := d.Count(t, "sources"), d.Count(t, "captures"); m != len(want.Hosts)+len(want.Variables)+len(want.Tables)+len(want.SysStats) || n == 0 {
		t.Errorf("%d sources, %d captures; the files have %d captures", n, m, len(want.Hosts)+len(want.Variables)+len(want.Tables)+len(want.SysStats))
	}
	checkComplete(t, d)
}

func sameSet(a, b []string) bool {
	m := map[string]int{}
	for _, s := range a {
		m[s]++
	}
	for _, s := range b {
		m[s]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

// checkComplete fails unless every stored source has all its lines and
// every run all its interim points and labels: nothing is half-stored.
func checkComplete(t *testing.T, d *whtest.DB) {
	t.Helper()
	q := func(query string) int {
		var n int
		if err := d.Root.QueryRow(strings.ReplaceAll(query, "DB.", "`"+d.Name+"`.")).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := q("SELECT COUNT(*) FROM DB.sources s WHERE s.line_count <> (SELECT COUNT(*) FROM DB.source_lines l WHERE l.source_id = s.id)"); n > 0 {
		t.Errorf("%d source(s) with missing lines", n)
	}
	if n := q("SELECT COUNT(*) FROM DB.runs r WHERE r.n_intervals <> (SELECT COUNT(*) FROM DB.intervals i WHERE i.source_id = r.source_id AND i.run_idx = r.idx)"); n > 0 {
		t.Errorf("%d run(s) with missing interim points", n)
	}
	if n := q("SELECT COUNT(*) FROM DB.runs r WHERE NOT EXISTS (SELECT 1 FROM DB.sources s WHERE s.id = r.source_id)"); n > 0 {
		t.Errorf("%d run(s) without their source", n)
	}
	if n := q("SELECT COUNT(*) FROM DB.source_lines l WHERE NOT EXISTS (SELECT 1 FROM DB.sources s WHERE s.id = l.source_id)"); n > 0 {
		t.Errorf("%d line(s) without their source", n)
	}
}

// longRuns writes n copies of a real 1.0.20 run with its interim lines
// repeated to reach about points interim lines each, into a directory of
// system=sN subdirectories.
func longRuns(t testing.TB, dir string, n, points int) {
	t.Helper()
	src, err := os.ReadFile("../../testdata/real/sysbench-1.0.20-oltp_read_write-innodb-4thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	var head, tail, ivs []string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "[ "):
			ivs = append(ivs, l)
		case len(ivs) == 0:
			head = append(head, l)
		default:
			tail = append(tail, l)
		}
	}
	if len(ivs) == 0 {
		t.Fatal("no interim lines in the real run")
	}
	var b strings.Builder
	b.WriteString(strings.Join(head, "\n") + "\n")
	for i := 0; i < points; i++ {
		// "[ 1s ] thds: ..." with the time counting on.
		l := ivs[i%len(ivs)]
		_, rest, _ := strings.Cut(l, "s ]")
		fmt.Fprintf(&b, "[ %ds ]%s\n", i+1, rest)
	}
	b.WriteString(strings.Join(tail, "\n"))
	for i := 0; i < n; i++ {
		p := filepath.Join(dir, fmt.Sprintf("system=s%d", i), "run.txt")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInterruptedStore kills a storing process in the middle of an import
// of files with 50,000 interim lines each: every file is stored whole or
// not at all, and storing again completes the import.
func TestInterruptedStore(t *testing.T) {
	d := whtest.New(t)
	dir := t.TempDir()
	longRuns(t, dir, 8, 50000)
	p := storeProcess(t, d, dir)
	// Kill it once the first file is in, while the next is being written.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var n int
		d.Root.QueryRow("SELECT COUNT(*) FROM `" + d.Name + "`.sources").Scan(&n)
		if n >= 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(150 * time.Millisecond)
	p.Process.Signal(syscall.SIGKILL)
	p.Wait()
	stored := d.Count(t, "sources")
	if stored == 0 || stored == 8 {
		t.Logf("the kill came at %d of 8 files; the check below still holds", stored)
	}
	checkComplete(t, d)
	if n := d.Count(t, "runs"); n != stored {
		t.Errorf("%d runs for %d stored files", n, stored)
	}
	if n := d.Count(t, "intervals"); n != stored*50000 {
		t.Errorf("%d interim points for %d stored files", n, stored)
	}
	// Storing again adds the rest.
	w := open(t, d)
	st, err := w.Store(context.Background(), []string{dir}, StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Unchanged != stored || st.Files != 8-stored {
		t.Errorf("second store: %d unchanged, %d stored; want %d and %d", st.Unchanged, st.Files, stored, 8-stored)
	}
	if n := d.Count(t, "intervals"); n != 8*50000 {
		t.Errorf("%d interim points after completing, want 400000", n)
	}
	checkComplete(t, d)
	t.Logf("killed after %d of 8 files", stored)
}

// TestMigrateFromVersion1 stores runs in a database at schema version 1,
// then opens it with the current sbreport: the migration adds the
// campaign tables and columns, and the old runs read back unchanged.
func TestMigrateFromVersion1(t *testing.T) {
	d := whtest.New(t)
	cfg, err := ParseURL(d.URL(), d.Password)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w1, err := OpenAt(ctx, cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := w1.SchemaVersion(ctx); v != 1 {
		t.Fatalf("schema version %d, want 1", v)
	}
	// What sbreport wrote at version 1: the same rows, without the
	// campaign columns.
	inputs := []string{"../../testdata/real/sysbench-1.0.20-oltp_read_write-innodb-4thr.txt", "../../testdata/real/mariadb-10.11-show-global-variables-t.txt"}
	want, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := w1.DB.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec("INSERT INTO imports (id, started, sbreport, args) VALUES (1, NOW(6), 'v1', '[]')"); err != nil {
		t.Fatal(err)
	}
	s := &storer{w: w1, st: &Stats{}, importID: 1}
	for i, in := range inputs {
		raw, _ := os.ReadFile(in)
		if _, err := tx.Exec("INSERT INTO sources (id, import_id, name, name_hash, input, content_hash, bytes, line_count, cleaned, stored) VALUES (?, 1, ?, ?, ?, ?, ?, 0, '', NOW(6))",
			i+1, in, sha([]byte(in)), in, sha(raw), len(raw)); err != nil {
			t.Fatal(err)
		}
	}
	var its []item
	seq := int64(0)
	for _, r := range want.Runs {
		seq++
		its = append(its, item{seq: seq, it: r})
	}
	for _, v := range want.Variables {
		seq++
		its = append(its, item{seq: seq, it: v})
	}
	// Version 1 had no campaign_time: insert through the version-1 column list.
	if err := insertV1(s, tx, its); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	w1.Close()

	if _, err := OpenReader(ctx, cfg); err == nil || !strings.Contains(err.Error(), "schema version 1") {
		t.Errorf("reading a version-1 warehouse: %v", err)
	}
	w2, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if v, _ := w2.SchemaVersion(ctx); v != Version() || v < 2 {
		t.Errorf("schema version %d after Open, want %d", v, Version())
	}
	got, err := w2.Load(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	want.Errors = nil
	sameDoc(t, "after migration", want, got.Doc)
	// The migrated database takes new imports with campaign times.
	if _, err := w2.Store(ctx, []string{"../../examples/demo-campaign/innodb/oltp_insert"}, StoreOptions{}); err != nil {
		t.Fatal(err)
	}
	var withTime int
	w2.DB.QueryRow("SELECT COUNT(*) FROM runs WHERE campaign_time IS NOT NULL").Scan(&withTime)
	if withTime != 15 {
		t.Errorf("%d runs with a campaign time, want the 15 of innodb/oltp_insert", withTime)
	}
}

// insertV1 writes runs (with their labels and interim series) and
// captures as version 1 of the schema had them, all in source 1 for runs
// and source 2 for captures.
func insertV1(s *storer, tx *sql.Tx, its []item) error {
	ctx := context.Background()
	rb := s.w.newBatch(tx, "INSERT INTO runs (source_id, idx, ord, line, tool, test, workload, threads, version, tps, n_intervals, doc) VALUES ", 12)
	ivb := s.w.newBatch(tx, "INSERT INTO intervals (source_id, run_idx, idx, line, t, threads, tps, qps, reads_ps, writes_ps, other_ps, lat_ms, lat_pct, err_s, reconn_s, eps, read_mib_s, write_mib_s, fsyncs_ps, mib_s, queue_length, concurrency) VALUES ", 22)
	cb := s.w.newBatch(tx, "INSERT INTO captures (source_id, idx, ord, kind, line, doc) VALUES ", 6)
	nr, nc := 0, 0
	for _, x := range its {
		switch v := x.it.(type) {
		case *parse.Run:
			doc, err := runDoc(v)
			if err != nil {
				return err
			}
			if err := rb.add(ctx, 1, nr, s.ord(x.seq), v.Line, v.Tool, v.Test, v.Test, *v.Threads, v.Version, nullFloat(v.TPS), len(v.Intervals), doc); err != nil {
				return err
			}
			for i, iv := range v.Intervals {
				vals := []any{1, nr, i, iv.Line}
				for _, f := range []float64{iv.T, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.LatPct,
					iv.ErrS, iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs, iv.QueueLength, iv.Concurrency} {
					vals = append(vals, dbFloat(f))
				}
				if err := ivb.add(ctx, vals...); err != nil {
					return err
				}
			}
			nr++
		default:
			kind, line := captureKind(v)
			b, err := json.Marshal(v)
			if err != nil {
				return err
			}
			if err := cb.add(ctx, 2, nc, s.ord(x.seq), kind, line, string(b)); err != nil {
				return err
			}
			nc++
		}
	}
	for _, b := range []*batch{rb, ivb, cb} {
		if err := b.flush(ctx); err != nil {
			return err
		}
	}
	return nil
}
