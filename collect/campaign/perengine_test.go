package campaign

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A level with per_engine: "IO-bound" is a small buffer pool for the
// InnoDB system and a small page cache for the Aria one, each on its own
// server; each run sets, reads back and is labelled with its engine's
// variable only.
const perEngineYAML = `systems:
  - name: innodb
    mysql: {socket: /tmp/a.sock, user: sbtest, password_env: SB_PASSWORD, db: sbtest}
    engine: InnoDB
  - name: aria
    mysql: {socket: /tmp/b.sock, user: sbtest, password_env: SB_PASSWORD, db: sbtest}
    engine: Aria
    restart: [restart-db, /tmp/b.sock]
workloads: [oltp_read_only]
threads: 4
tables: 4
factors:
  - name: bound
    levels:
      - name: cpu
        per_engine: {InnoDB: {innodb_buffer_pool_size: 256M}, aria: {aria_pagecache_buffer_size: 128M}}
      - name: io
        per_engine: {InnoDB: {innodb_buffer_pool_size: 8M}, aria: {aria_pagecache_buffer_size: 8M}}
duration: 10s
`

// withoutVariable gives the server at addr the variables recorded for
// engine, without name: a server that lacks it.
func withoutVariable(w *fakeWorld, addr, engine, name string) {
	vars := map[string]string{}
	body := transcript(w.t, filepath.Join(demoDir, engine, "variables.txt"))[0]
	for _, l := range strings.Split(body, "\n")[1:] {
		if k, v, ok := strings.Cut(l, "\t"); ok && k != name {
			vars[k] = v
		}
	}
	w.globals[addr], w.original[addr] = vars, maps.Clone(vars)
}

func TestFakePerEngine(t *testing.T) {
	w := newFakeWorld(t)
	// The Aria server has no InnoDB: a variable keyed to InnoDB is never
	// asked of it.
	withoutVariable(w, "/tmp/b.sock", "aria", "innodb_buffer_pool_size")
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := w.runner(fakePlan(t, perEngineYAML), dir).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	want := map[string]map[string]string{
		"innodb/oltp_read_only/cpu-4thr-r1": {"innodb_buffer_pool_size": "268435456"},
		"aria/oltp_read_only/cpu-4thr-r1":   {"aria_pagecache_buffer_size": "134217728"},
		"innodb/oltp_read_only/io-4thr-r1":  {"innodb_buffer_pool_size": "8388608"},
		"aria/oltp_read_only/io-4thr-r1":    {"aria_pagecache_buffer_size": "8388608"},
	}
	if len(m.Runs) != len(want) {
		t.Fatalf("%d runs", len(m.Runs))
	}
	for _, e := range m.Runs {
		if !reflect.DeepEqual(e.Settings, want[e.ID]) {
			t.Errorf("%s: settings %v, want %v", e.ID, e.Settings, want[e.ID])
		}
		other := "aria_pagecache_buffer_size"
		if e.Labels["system"] == "aria" {
			other = "innodb_buffer_pool_size"
		}
		if _, ok := e.Labels[other]; ok || e.Labels["bound"] == "" {
			t.Errorf("%s: labels %v", e.ID, e.Labels)
		}
	}
	// 128M is the Aria server's own value: restarted into io, and back.
	if !reflect.DeepEqual(w.restarts, []string{"/tmp/b.sock --aria-pagecache-buffer-size=8M", "/tmp/b.sock"}) {
		t.Errorf("restarts %q", w.restarts)
	}
	if w.globals["/tmp/a.sock"]["innodb_buffer_pool_size"] != "268435456" {
		t.Errorf("innodb server not restored: %s", w.globals["/tmp/a.sock"]["innodb_buffer_pool_size"])
	}
}

// The same variable given to every system of the level is asked of the
// Aria server too, which lacks it: refused before anything runs.
func TestFakePerEngineMissing(t *testing.T) {
	w := newFakeWorld(t)
	withoutVariable(w, "/tmp/b.sock", "aria", "innodb_buffer_pool_size")
	src := strings.Replace(perEngineYAML, "per_engine: {InnoDB: {innodb_buffer_pool_size: 8M}, aria:", "variables: {innodb_buffer_pool_size: 8M}\n        per_engine: {aria:", 1)
	dir := filepath.Join(t.TempDir(), "campaign")
	_, err := w.runner(fakePlan(t, src), dir).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "system aria (/tmp/b.sock): the server has no global variable innodb_buffer_pool_size") {
		t.Fatalf("got %v", err)
	}
	if w.runs != 0 || len(w.restarts) != 0 {
		t.Errorf("%d runs, restarts %q before the error", w.runs, w.restarts)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("the campaign directory was created")
	}
}
