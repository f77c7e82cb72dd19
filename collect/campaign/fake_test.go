package campaign

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The fakes below stand in for sysbench and the servers, so that the
// runner is tested everywhere, without a database. Every byte they write
// was recorded from sysbench 1.0.20 and MariaDB 10.11: the demo campaign
// (examples/demo-campaign, InnoDB, Aria and MyRocks, four workloads, 1 to
// 16 threads, three repeats) and the captures of testdata/real (failures:
// a dropped table, a server shut down, Aria's error 1062, runs killed by
// SIGINT and SIGKILL). The runner writes the "$ sysbench ..." line of
// each output itself; the fakes write what sysbench printed after it.

const (
	demoDir = "../../examples/demo-campaign"
	realDir = "../../testdata/real"
)

// transcript returns the bodies of a recorded transcript: what follows
// each "$ command" or "MariaDB [db]> statement;" line, in order. A .gz
// file is decompressed.
func transcript(t testing.TB, name string) []string {
	t.Helper()
	if b, ok := transcripts.Load(name); ok {
		return b.([]string)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("fixture %s: %v", name, err)
		}
		if data, err = io.ReadAll(z); err != nil {
			t.Fatalf("fixture %s: %v", name, err)
		}
	}
	var bodies []string
	var cur *strings.Builder
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(line, "$ ") || strings.HasPrefix(line, "MariaDB [") && strings.Contains(line, "]> ") {
			if cur != nil {
				bodies = append(bodies, cur.String())
			}
			cur = &strings.Builder{}
			continue
		}
		if cur != nil {
			cur.WriteString(line)
		}
	}
	if cur != nil {
		bodies = append(bodies, cur.String())
	}
	if len(bodies) == 0 {
		t.Fatalf("fixture %s holds no transcript", name)
	}
	transcripts.Store(name, bodies)
	return bodies
}

// transcripts caches the fixtures read by transcript.
var transcripts sync.Map

// A sysbenchCall is one sysbench command line as the fake understands it.
type sysbenchCall struct {
	argv     []string
	workload string // or "--version"
	command  string // help, prepare, cleanup, run
	threads  int
	tables   int
	time     int
	db       string
	addr     string // host:port or socket
	engine   string // lower case; "innodb" when not given
	measured bool   // a measured run (with --report-interval or --histogram), not a warm-up
	env      []string
}

func parseCall(c *Command) sysbenchCall {
	sc := sysbenchCall{argv: c.Argv, engine: "innodb", env: c.Env}
	var host, port string
	for i, a := range c.Argv[1:] {
		name, val, _ := strings.Cut(a, "=")
		switch {
		case i == 0:
			sc.workload = a
		case !strings.HasPrefix(a, "--"):
			sc.command = a
		case name == "--threads":
			sc.threads, _ = strconv.Atoi(val)
		case name == "--tables":
			sc.tables, _ = strconv.Atoi(val)
		case name == "--time":
			sc.time, _ = strconv.Atoi(val)
		case name == "--mysql-db":
			sc.db = val
		case name == "--mysql-host":
			host = val
		case name == "--mysql-port":
			port = val
		case name == "--mysql-socket":
			sc.addr = val
		case name == "--mysql-storage-engine":
			sc.engine = strings.ToLower(val)
		case name == "--report-interval" || name == "--histogram":
			sc.measured = true
		}
	}
	if sc.addr == "" {
		sc.addr = host + ":" + port
	}
	return sc
}

// fakeWorld is one machine with sysbench, the host commands and MariaDB
// servers, all fake.
type fakeWorld struct {
	t  testing.TB
	mu sync.Mutex

	tables  map[string]int  // "addr/db" → tables sbtest1..N in it
	dbs     map[string]bool // "addr/db" → exists
	engines map[string]bool // engines the servers have, upper case
	down    map[string]bool // addresses that refuse connections
	missing map[string]bool // commands not in $PATH
	unknown map[string]bool // workloads sysbench does not know

	// log is every command run, shell-quoted, in order; runs counts the
	// measured runs started.
	log  []string
	runs int
	// hook, when set, is called for each sysbench prepare, cleanup and
	// run (measured or warm-up) before the fake acts, with the number of
	// measured runs started before; handled true means it acted.
	hook func(ctx context.Context, c *Command, sc sysbenchCall, n int) (exit int, err error, handled bool)
	// before, when set, is called first thing for every command.
	before func(c *Command)
	// uses counts the outputs taken per workload, engine and threads, so
	// that repeats get different recorded runs.
	uses map[string]int
	// globals are the servers' global variables, by address; the first
	// session on a server gives it the variables recorded for its engine.
	// readOnly lists those SET GLOBAL refuses; noSuper refuses all.
	globals  map[string]map[string]string
	original map[string]map[string]string
	readOnly map[string]bool
	noSuper  bool
	// restarts logs the restart commands run, as "ADDR ARGS".
	restarts []string
	// execs logs the statements Exec ran (ALTER TABLE).
	execs []string
}

func newFakeWorld(t testing.TB) *fakeWorld {
	return &fakeWorld{
		t: t, tables: map[string]int{}, dbs: map[string]bool{},
		engines: map[string]bool{"INNODB": true, "ARIA": true, "MYISAM": true},
		down:    map[string]bool{}, missing: map[string]bool{}, unknown: map[string]bool{},
		uses: map[string]int{}, globals: map[string]map[string]string{}, original: map[string]map[string]string{},
		// Read-only in MariaDB 10.11 (information_schema.SYSTEM_VARIABLES).
		readOnly: map[string]bool{"aria_pagecache_buffer_size": true, "innodb_page_size": true, "innodb_buffer_pool_chunk_size": true},
	}
}

// runner returns a Runner of plan into dir on this world.
func (w *fakeWorld) runner(plan *Plan, dir string) *Runner {
	return &Runner{Plan: plan, Dir: dir, Exec: fakeExec{w}, Connect: w.connect, ProcDir: "testdata/proc",
		Getenv: env(map[string]string{"SB_PASSWORD": "fake-secret-pw"})}
}

// commands returns the logged commands that contain every one of subs.
func (w *fakeWorld) commands(subs ...string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
next:
	for _, l := range w.log {
		for _, s := range subs {
			if !strings.Contains(l, s) {
				continue next
			}
		}
		out = append(out, l)
	}
	return out
}

// fakeExec is the Executor of a fakeWorld.
type fakeExec struct{ w *fakeWorld }

func (x fakeExec) LookPath(file string) (string, error) {
	if x.w.missing[file] {
		return "", fmt.Errorf("exec: %q: %w", file, exec.ErrNotFound)
	}
	return "/fake/bin/" + file, nil
}

func (x fakeExec) Run(ctx context.Context, c *Command) (int, error) {
	w := x.w
	if c.Path != "/fake/bin/"+c.Argv[0] {
		w.t.Errorf("%v started as %q, not as LookPath resolved it", c.Argv, c.Path)
	}
	if w.before != nil {
		w.before(c)
	}
	if ctx.Err() != nil {
		return -1, ErrInterrupted
	}
	w.mu.Lock()
	w.log = append(w.log, shellQuote(c.Argv))
	w.mu.Unlock()
	for _, a := range c.Argv {
		if strings.Contains(a, "password") {
			w.t.Errorf("a password option on a command line: %v", c.Argv)
		}
	}
	if c.Argv[0] == "restart-db" {
		return w.restart(c)
	}
	if c.Argv[0] != "sysbench" {
		return w.host(c)
	}
	sc := parseCall(c)
	switch {
	case sc.workload == "--version":
		io.WriteString(c.Stdout, "sysbench 1.0.20\n")
		return 0, nil
	case sc.command == "help":
		if w.unknown[sc.workload] {
			fmt.Fprintf(c.Stdout, "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nFATAL: Cannot find benchmark '%s': no such built-in test, file or module\n", sc.workload)
			return 1, &ExitError{Code: 1}
		}
		fmt.Fprintf(c.Stdout, "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\n%s options:\n", sc.workload)
		return 0, nil
	}
	if !hasEnv(c.Env, "MYSQL_PWD=fake-secret-pw") {
		w.t.Errorf("%v: MYSQL_PWD not passed (env %q)", c.Argv, c.Env)
	}
	w.mu.Lock()
	down := w.down[sc.addr]
	w.mu.Unlock()
	if down {
		// Recorded: a server shut down under a run.
		io.WriteString(c.Stdout, transcript(w.t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-innodb-4thr-server-shutdown.txt"))[0])
		return 1, &ExitError{Code: 1}
	}
	w.mu.Lock()
	n := w.runs
	if sc.measured {
		w.runs++
	}
	w.mu.Unlock()
	if w.hook != nil {
		if exit, err, ok := w.hook(ctx, c, sc, n); ok {
			return exit, err
		}
	}
	switch sc.command {
	case "prepare", "cleanup":
		bodies := transcript(w.t, filepath.Join(demoDir, "innodb", "prepare.txt")) // cleanup, then prepare
		w.mu.Lock()
		if sc.command == "prepare" {
			w.tables[sc.addr+"/"+sc.db] = sc.tables
			io.WriteString(c.Stdout, bodies[1])
		} else {
			delete(w.tables, sc.addr+"/"+sc.db)
			io.WriteString(c.Stdout, bodies[0])
		}
		w.mu.Unlock()
		return 0, nil
	case "run":
		io.WriteString(c.Stdout, w.output(sc))
		return 0, nil
	}
	w.t.Errorf("fake sysbench: unexpected command %v", c.Argv)
	return 1, &ExitError{Code: 1}
}

// output is a recorded run of the call's workload, engine and threads;
// each call takes the next of the three repeats recorded.
func (w *fakeWorld) output(sc sysbenchCall) string {
	key := fmt.Sprintf("%s/%s/%dthr", sc.engine, sc.workload, sc.threads)
	w.mu.Lock()
	k := w.uses[key]
	w.uses[key]++
	w.mu.Unlock()
	return transcript(w.t, filepath.Join(demoDir, fmt.Sprintf("%s-r%d.txt", key, k%3+1)))[0]
}

// host runs a host capture command.
func (w *fakeWorld) host(c *Command) (int, error) {
	if !hasEnv(c.Env, "LC_ALL=C") {
		w.t.Errorf("%v runs without LC_ALL=C", c.Argv)
	}
	name := map[string]string{"lscpu": "lscpu.txt", "lsblk": "lsblk.txt", "free": "free.txt", "uname": "uname.txt", "nproc": "nproc.txt"}[c.Argv[0]]
	if name == "" {
		w.t.Errorf("fake: unexpected command %v", c.Argv)
		return 127, &ExitError{Code: 127}
	}
	if len(c.Argv) > 1 && c.Argv[1] == "-J" {
		data, err := os.ReadFile(filepath.Join(demoDir, "host", "json", "lscpu.json"))
		if err != nil {
			w.t.Fatal(err)
		}
		c.Stdout.Write(data)
		return 0, nil
	}
	io.WriteString(c.Stdout, transcript(w.t, filepath.Join(demoDir, "host", name))[0])
	return 0, nil
}

func hasEnv(env []string, kv string) bool {
	for _, e := range env {
		if e == kv {
			return true
		}
	}
	return false
}

// connect is the Connector of the fake servers.
func (w *fakeWorld) connect(ctx context.Context, s *System, password string, dbs []string) (Session, error) {
	addr := s.MySQL.address()
	where := fmt.Sprintf("system %s (%s)", s.Name, addr)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.down[addr] {
		return nil, fmt.Errorf("%s: cannot connect: dial tcp %s: connect: connection refused", where, addr)
	}
	if password != "fake-secret-pw" {
		return nil, fmt.Errorf("%s: cannot connect: Error 1045 (28000): Access denied for user '%s'@'localhost' (using password: YES)", where, s.MySQL.User)
	}
	if s.Engine != "" && !w.engines[strings.ToUpper(s.Engine)] {
		return nil, fmt.Errorf("%s: storage engine %s is not installed on the server", where, s.Engine)
	}
	for _, db := range dbs {
		w.dbs[addr+"/"+db] = true
	}
	eng := strings.ToLower(s.Engine)
	if eng == "" {
		eng = "innodb"
	}
	if w.globals[addr] == nil {
		// SHOW GLOBAL VARIABLES as recorded, minus its header.
		vars := map[string]string{}
		body := transcript(w.t, filepath.Join(demoDir, eng, "variables.txt"))[0]
		for _, l := range strings.Split(body, "\n")[1:] {
			if k, v, ok := strings.Cut(l, "\t"); ok {
				vars[k] = v
			}
		}
		w.globals[addr], w.original[addr] = vars, maps.Clone(vars)
	}
	db := ""
	if len(dbs) == 1 {
		db = dbs[0]
	}
	return &fakeSession{w: w, sys: s, addr: addr, db: db, engine: eng}, nil
}

// fakeSession answers from the demo campaign's captures of its engine.
type fakeSession struct {
	w      *fakeWorld
	sys    *System
	addr   string
	db     string
	engine string
	closed bool
	status int // status snapshots taken
}

func (s *fakeSession) Version() string { return strings.TrimSpace(s.body("version.txt")) }

func (s *fakeSession) body(file string) string {
	b := transcript(s.w.t, filepath.Join(demoDir, s.engine, file))[0]
	// The recorded body's header and rows, without the result line.
	return strings.TrimPrefix(b, "VERSION()\n")
}

func (s *fakeSession) Capture(ctx context.Context, stmt string) ([]byte, error) {
	s.w.mu.Lock()
	down := s.w.down[s.addr]
	s.w.mu.Unlock()
	if down {
		return nil, fmt.Errorf("system %s: %s: dial tcp %s: connect: connection refused", s.sys.Name, stmt, s.addr)
	}
	db := s.db
	if db == "" {
		db = "(none)"
	}
	out := "MariaDB [" + db + "]> " + stmt + ";\n"
	switch {
	case stmt == "SELECT VERSION()":
		out += "VERSION()\n" + s.body("version.txt")
	case stmt == "SHOW GLOBAL VARIABLES":
		out += s.body("variables.txt")
	case stmt == StatusBefore || stmt == StatusAfter:
		// Before and after of one recorded run, in turn.
		bodies := transcript(s.w.t, filepath.Join(demoDir, s.engine, "oltp_read_only", "4thr-r1.status.txt.gz"))
		out += bodies[s.status%2]
		s.status++
	case strings.HasPrefix(stmt, "SHOW TABLE STATUS"):
		out += s.body("table-status.txt")
	case strings.HasPrefix(stmt, "SHOW GLOBAL VARIABLES WHERE Variable_name IN ("):
		var names []string
		for _, q := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(stmt, "SHOW GLOBAL VARIABLES WHERE Variable_name IN ("), ")"), ", ") {
			names = append(names, strings.Trim(q, "'"))
		}
		slices.Sort(names)
		out += "Variable_name\tValue\n"
		s.w.mu.Lock()
		for _, n := range names {
			if v, ok := s.w.globals[s.addr][n]; ok {
				out += n + "\t" + v + "\n"
			}
		}
		s.w.mu.Unlock()
	default:
		return nil, fmt.Errorf("fake server: unknown statement %q", stmt)
	}
	return []byte(out), nil
}

func (s *fakeSession) TableCount(ctx context.Context, db string, tables int) (int, error) {
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	if s.w.down[s.addr] {
		return 0, fmt.Errorf("dial tcp %s: connect: connection refused", s.addr)
	}
	return min(s.w.tables[s.addr+"/"+db], tables), nil
}

func (s *fakeSession) Variable(ctx context.Context, name string) (string, bool, error) {
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	if s.w.down[s.addr] {
		return "", false, fmt.Errorf("dial tcp %s: connect: connection refused", s.addr)
	}
	v, ok := s.w.globals[s.addr][name]
	if !ok {
		return "", false, fmt.Errorf("%s: %w", name, ErrNoVariable)
	}
	return v, !s.w.readOnly[name], nil
}

func (s *fakeSession) SetGlobal(ctx context.Context, name, value string) error {
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	switch {
	case s.w.down[s.addr]:
		return fmt.Errorf("dial tcp %s: connect: connection refused", s.addr)
	case s.w.noSuper:
		return errors.New("Error 1227 (42000): Access denied; you need (at least one of) the SUPER privilege(s) for this operation")
	case s.w.readOnly[name]:
		return fmt.Errorf("Error 1238 (HY000): Variable '%s' is a read only variable", name)
	}
	if _, ok := s.w.globals[s.addr][name]; !ok {
		return fmt.Errorf("Error 1193 (HY000): Unknown system variable '%s'", name)
	}
	s.w.globals[s.addr][name] = serverShows(value)
	return nil
}

// serverShows is a value as MariaDB shows it once set: sizes in bytes.
func serverShows(v string) string {
	if n, ok := sizeValue(v); ok {
		return strconv.FormatInt(n, 10)
	}
	return strings.ToUpper(v)
}

// restart is the fake restart command: restart-db ADDR [--name=value...]
// starts the server at ADDR again with its recorded variables, and the
// options given.
func (w *fakeWorld) restart(c *Command) (int, error) {
	if len(c.Argv) < 2 {
		return 2, &ExitError{Code: 2}
	}
	addr := c.Argv[1]
	w.mu.Lock()
	defer w.mu.Unlock()
	w.restarts = append(w.restarts, strings.Join(c.Argv[1:], " "))
	w.globals[addr] = maps.Clone(w.original[addr])
	for _, a := range c.Argv[2:] {
		name, val, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		w.globals[addr][strings.ReplaceAll(name, "-", "_")] = serverShows(val)
	}
	fmt.Fprintf(c.Stdout, "restarted %s\n", addr)
	return 0, nil
}

func (s *fakeSession) Exec(ctx context.Context, stmt string) error {
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	s.w.execs = append(s.w.execs, stmt)
	return nil
}

func (s *fakeSession) Close() error {
	s.closed = true
	return nil
}
