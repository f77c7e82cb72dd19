package campaign

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// The study of examples/study-plan.yaml on the fakes: two engines on one
// server, a named factor whose levels set a dynamic variable and one that
// needs a restart, 1 and 4 clients.
const studyYAML = `systems:
  - name: innodb
    mysql: {socket: /tmp/fake.sock, user: sbtest, password_env: SB_PASSWORD, db: sbtest_a}
    engine: InnoDB
    restart: [restart-db, /tmp/fake.sock]
  - name: aria
    mysql: {socket: /tmp/fake.sock, user: sbtest, password_env: SB_PASSWORD, db: sbtest_b}
    engine: Aria
    restart: [restart-db, /tmp/fake.sock]
workloads: [oltp_read_only]
threads: 4
clients: [1, 4]
tables: 4
factors:
  - name: bound
    levels:
      - {name: cpu, variables: {innodb_buffer_pool_size: 256M, aria_pagecache_buffer_size: 128M}}
      - {name: io, variables: {innodb_buffer_pool_size: 8M, aria_pagecache_buffer_size: 8M}}
repeats: 2
duration: 10s
labels: {campaign: study}
`

func TestFakeStudy(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, studyYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := w.runner(plan, dir).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	var ids []string
	for _, e := range m.Runs {
		ids = append(ids, e.ID)
	}
	var want []string
	for _, r := range []string{"1", "2"} {
		for _, c := range []string{"cpu-1cl", "cpu-4cl", "io-1cl", "io-4cl"} {
			for _, s := range []string{"innodb", "aria"} {
				want = append(want, s+"/oltp_read_only/"+c+"-4thr-r"+r)
			}
		}
	}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("runs\n%q\nwant\n%q", ids, want)
	}
	for _, e := range m.Runs {
		io := strings.Contains(e.ID, "/io-")
		clients := "1"
		if strings.Contains(e.ID, "-4cl-") {
			clients = "4"
		}
		wantLabels := map[string]string{"bound": "cpu", "clients": clients, "threads": "4", "tables": "4", "table_size": "10000",
			"innodb_buffer_pool_size": "256M", "aria_pagecache_buffer_size": "128M", "campaign": "study", "workload": "oltp_read_only"}
		wantSettings := map[string]string{"innodb_buffer_pool_size": "268435456", "aria_pagecache_buffer_size": "134217728"}
		if io {
			wantLabels["bound"], wantLabels["innodb_buffer_pool_size"], wantLabels["aria_pagecache_buffer_size"] = "io", "8M", "8M"
			wantSettings = map[string]string{"innodb_buffer_pool_size": "8388608", "aria_pagecache_buffer_size": "8388608"}
		}
		for k, v := range wantLabels {
			if e.Labels[k] != v {
				t.Errorf("%s: label %s=%q, want %q", e.ID, k, e.Labels[k], v)
			}
		}
		if !reflect.DeepEqual(e.Settings, wantSettings) {
			t.Errorf("%s: settings %v, want %v", e.ID, e.Settings, wantSettings)
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileSettings]))
		if err != nil || !bytes.Contains(data, []byte("aria_pagecache_buffer_size\t"+wantSettings["aria_pagecache_buffer_size"]+"\n")) {
			t.Errorf("%s: settings capture %v\n%s", e.ID, err, data)
		}
		if clients == "4" && (len(e.Commands) != 4 || !strings.Contains(e.Commands[3], "--threads=1 ") || !strings.Contains(e.Commands[3], "--tables=1 ") || !strings.Contains(e.Commands[3], "_c4 ")) {
			t.Errorf("%s: commands %q", e.ID, e.Commands)
		}
		if clients == "1" && !strings.Contains(e.Command, "--threads=4 --time=10 ") {
			t.Errorf("%s: command %q", e.ID, e.Command)
		}
	}
	// aria_pagecache_buffer_size changes by restart: into io, back to cpu
	// (the server's own value: no option), into io again, and back at the
	// end.
	wantRestarts := []string{"/tmp/fake.sock --aria-pagecache-buffer-size=8M", "/tmp/fake.sock", "/tmp/fake.sock --aria-pagecache-buffer-size=8M", "/tmp/fake.sock"}
	if !reflect.DeepEqual(w.restarts, wantRestarts) {
		t.Errorf("restarts\n%q\nwant\n%q", w.restarts, wantRestarts)
	}
	g := w.globals["/tmp/fake.sock"]
	if g["innodb_buffer_pool_size"] != "268435456" || g["aria_pagecache_buffer_size"] != "134217728" {
		t.Errorf("not restored: %s, %s", g["innodb_buffer_pool_size"], g["aria_pagecache_buffer_size"])
	}
	wantSet := []collect.ServerSetting{
		{Server: "/tmp/fake.sock", Name: "innodb_buffer_pool_size", Original: "268435456", Dynamic: true, Restored: true},
		{Server: "/tmp/fake.sock", Name: "aria_pagecache_buffer_size", Original: "134217728", Restored: true},
	}
	if d := disk(t, dir); !reflect.DeepEqual(d.Settings, wantSet) {
		t.Errorf("manifest settings\n%+v\nwant\n%+v", d.Settings, wantSet)
	}
	// Two layouts per system: 4 tables for one client, 1 for each of 4.
	if got := m.Systems[0].Databases; !reflect.DeepEqual(got, []string{"sbtest_a", "sbtest_a_c1", "sbtest_a_c2", "sbtest_a_c3", "sbtest_a_c4"}) {
		t.Errorf("databases %v", got)
	}
	for _, k := range []string{"prepare@4x10000-1cl", "prepare@4x10000-4cl.c4", "table_status@4x10000-4cl.c2", "cleanup@4x10000-1cl"} {
		if m.Systems[1].Files[k] == "" {
			t.Errorf("aria has no %s: %v", k, sortedKeys(m.Systems[1].Files))
		}
	}
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 8+8*4 || len(doc.Errors) > 0 {
		t.Errorf("ingest: %d runs (want 8 + 8 × 4 clients), errors %v", len(doc.Runs), doc.Errors)
	}
	for _, run := range doc.Runs {
		if run.Labels["bound"] == "" || run.Labels["clients"] == "" {
			t.Errorf("%s: labels %v", run.Source, run.Labels)
		}
	}
}

// The server is put back when the campaign is interrupted; resumed after
// a crash that left the campaign's values on the server, it puts back the
// values recorded before the campaign, not those it finds.
func TestFakeSettingsRestored(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, studyYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.hook = func(hctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 5 { // aria io-1cl
			cancel()
			return -1, ErrInterrupted, true
		}
		return 0, nil, false
	}
	if _, err := w.runner(plan, dir).Run(ctx); !errors.Is(err, ErrInterrupted) {
		t.Fatal(err)
	}
	g := w.globals["/tmp/fake.sock"]
	if g["innodb_buffer_pool_size"] != "268435456" || g["aria_pagecache_buffer_size"] != "134217728" {
		t.Errorf("not restored after the interrupt: %s, %s", g["innodb_buffer_pool_size"], g["aria_pagecache_buffer_size"])
	}
	for _, s := range disk(t, dir).Settings {
		if !s.Restored {
			t.Errorf("setting not restored: %+v", s)
		}
	}
	// As a crash would leave the server.
	w.mu.Lock()
	g["innodb_buffer_pool_size"] = "8388608"
	w.mu.Unlock()
	w.hook = nil
	r := w.runner(plan, dir)
	r.Resume = true
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g := w.globals["/tmp/fake.sock"]; g["innodb_buffer_pool_size"] != "268435456" {
		t.Errorf("resumed campaign restored innodb_buffer_pool_size to %s, want the value before the campaign", g["innodb_buffer_pool_size"])
	}
	if m.Settings[0].Original != "268435456" {
		t.Errorf("settings %+v", m.Settings)
	}
}

// A variable the server cannot change while it runs needs a restart
// command; one it does not have, or cannot set for lack of privilege,
// stops the campaign before it starts.
func TestFakeSettingsPreflight(t *testing.T) {
	noRestart := strings.ReplaceAll(studyYAML, "    restart: [restart-db, /tmp/fake.sock]\n", "")
	for _, tt := range []struct {
		name, src string
		world     func(*fakeWorld)
		want      string
	}{
		{"not dynamic", noRestart, nil, "system innodb (/tmp/fake.sock): aria_pagecache_buffer_size cannot change while the server runs (it is not dynamic): give the system a restart command (restart:), or set it in the server's configuration"},
		{"unknown", strings.Replace(studyYAML, "innodb_buffer_pool_size: 8M", "innodb_buffer_pool_sise: 8M", 1), nil, "system innodb (/tmp/fake.sock): the server has no global variable innodb_buffer_pool_sise"},
		{"no privilege", studyYAML, func(w *fakeWorld) { w.noSuper = true }, "system innodb (/tmp/fake.sock): cannot set innodb_buffer_pool_size: Error 1227 (42000): Access denied"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newFakeWorld(t)
			if tt.world != nil {
				tt.world(w)
			}
			dir := filepath.Join(t.TempDir(), "campaign")
			_, err := w.runner(fakePlan(t, tt.src), dir).Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v\nwant %s", err, tt.want)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Error("the campaign directory was created")
			}
		})
	}
}

// Plan variables given as a list are a factor of their own; sysbench
// options too. Only keeps the combinations it lists.
func TestFakeVariableAndOptionFactors(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "[oltp_point_select, oltp_read_only]", "[oltp_read_only]", 1), "repeats: 2", "repeats: 1", 1) + `variables: {innodb_buffer_pool_size: [32M, 16M], innodb_adaptive_hash_index: "ON"}
sysbench: {options: {rand-type: [uniform, pareto]}}
only:
  - {rand-type: uniform}
  - {rand-type: pareto, threads: 4, system: innodb}
`
	plan := fakePlan(t, src)
	m, err := w.runner(plan, filepath.Join(t.TempDir(), "c")).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range m.Runs {
		ids = append(ids, e.ID)
	}
	want := []string{
		"innodb/oltp_read_only/32M-uniform-1thr-r1", "aria/oltp_read_only/32M-uniform-1thr-r1", "innodb/oltp_read_only/32M-uniform-4thr-r1", "aria/oltp_read_only/32M-uniform-4thr-r1",
		"innodb/oltp_read_only/32M-pareto-4thr-r1",
		"innodb/oltp_read_only/16M-uniform-1thr-r1", "aria/oltp_read_only/16M-uniform-1thr-r1", "innodb/oltp_read_only/16M-uniform-4thr-r1", "aria/oltp_read_only/16M-uniform-4thr-r1",
		"innodb/oltp_read_only/16M-pareto-4thr-r1",
	}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("runs\n%q\nwant\n%q", ids, want)
	}
	e := m.Runs[4]
	if e.Labels["rand-type"] != "pareto" || e.Labels["innodb_buffer_pool_size"] != "32M" || e.Labels["innodb_adaptive_hash_index"] != "ON" || e.Labels["clients"] != "1" {
		t.Errorf("labels %v", e.Labels)
	}
	if !strings.Contains(e.Command, " --rand-type=pareto run") {
		t.Errorf("command %q", e.Command)
	}
	if e.Settings["innodb_buffer_pool_size"] != "33554432" || e.Settings["innodb_adaptive_hash_index"] != "ON" {
		t.Errorf("settings %v", e.Settings)
	}
	// Systems on two servers: each restored.
	for _, addr := range []string{"127.0.0.1:3307", "/tmp/fake.sock"} {
		if g := w.globals[addr]; g["innodb_buffer_pool_size"] != "268435456" || g["innodb_adaptive_hash_index"] != "OFF" {
			t.Errorf("%s not restored: %s %s", addr, g["innodb_buffer_pool_size"], g["innodb_adaptive_hash_index"])
		}
	}
}

// Several table layouts are prepared in databases of their own.
func TestFakeTableLayouts(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(strings.Replace(fakePlanYAML, "tables: 4\ntable_size: 10000\n", "tables: [2, 4]\ntable_size: [1000, 10000]\n", 1),
		"repeats: 2", "repeats: 1", 1), "[oltp_point_select, oltp_read_only]", "[oltp_point_select]", 1)
	plan := fakePlan(t, src)
	dir := filepath.Join(t.TempDir(), "c")
	m, err := w.runner(plan, dir).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Runs) != 16 || m.Runs[0].ID != "innodb/oltp_point_select/2tab-1000rows-1thr-r1" {
		t.Fatalf("%d runs, first %s", len(m.Runs), m.Runs[0].ID)
	}
	for _, db := range []string{"sbtest_a_2x1000", "sbtest_a_2x10000", "sbtest_a_4x1000", "sbtest_a_4x10000"} {
		if n := w.tables["127.0.0.1:3307/"+db]; n != 0 || !w.dbs["127.0.0.1:3307/"+db] {
			t.Errorf("%s: created %v, %d tables left", db, w.dbs["127.0.0.1:3307/"+db], n)
		}
	}
	if n := len(w.commands(" prepare", "--mysql-db=sbtest_a_4x1000 ", "--tables=4 --table-size=1000 ")); n != 1 {
		t.Errorf("%d prepares of sbtest_a_4x1000", n)
	}
	e := m.Runs[len(m.Runs)-1]
	if !strings.Contains(e.Command, "--tables=4 --table-size=10000 ") || !strings.Contains(e.Command, "--mysql-db=sbtest_b_4x10000 ") || e.Labels["tables"] != "4" || e.Labels["table_size"] != "10000" {
		t.Errorf("last run %+v", e)
	}
	if doc, _ := collect.Load([]string{dir}); len(doc.Runs) != 16 || len(doc.Errors) > 0 {
		t.Errorf("ingest: %d runs, %v", len(doc.Runs), doc.Errors)
	}
}

// Each measured run on a local server samples /proc/stat and
// /proc/diskstats into STEM.proc.txt: blocks of "# t=SECONDS.MICROS"
// then both files verbatim.
func TestFakeProcSamples(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "repeats: 2", "repeats: 1", 1), "[oltp_point_select, oltp_read_only]", "[oltp_read_only]", 1)
	src = strings.Replace(src, "mysql: {host: 127.0.0.1, port: 3307,", "mysql: {host: db.example.com, port: 3307,", 1)
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured {
			time.Sleep(120 * time.Millisecond) // a few samples' worth
		}
		return 0, nil, false
	}
	dir := filepath.Join(t.TempDir(), "c")
	r := w.runner(fakePlan(t, src), dir)
	r.procEvery = 20 * time.Millisecond
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	stat, _ := os.ReadFile("testdata/proc/stat")
	diskstats, _ := os.ReadFile("testdata/proc/diskstats")
	head := regexp.MustCompile(`^# t=(\d+)\.(\d{6})\n`)
	for _, e := range m.Runs {
		f := e.Files[collect.FileProc]
		if e.Labels["system"] == "innodb" {
			// db.example.com is not this host: its counters say nothing of it.
			if f != "" {
				t.Errorf("%s: sampled a remote server: %s", e.ID, f)
			}
			continue
		}
		if f != e.ID+".proc.txt" {
			t.Fatalf("%s: proc file %q", e.ID, f)
		}
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		blocks := 0
		for len(data) > 0 {
			m := head.FindIndex(data)
			if m == nil {
				t.Fatalf("%s: block %d does not start with # t=: %q", f, blocks+1, data[:min(len(data), 40)])
			}
			data = data[m[1]:]
			if !bytes.HasPrefix(data, append(append([]byte{}, stat...), diskstats...)) {
				t.Fatalf("%s: block %d is not /proc/stat then /proc/diskstats verbatim", f, blocks+1)
			}
			data = data[len(stat)+len(diskstats):]
			blocks++
		}
		// One block at the start, then one a tick: six ticks fit in the
		// 120 ms, but a loaded machine delays them (three came once, on
		// two busy cores), so two blocks are what the test can ask: a
		// sample repeated, not how many a scheduler allowed.
		if blocks < 2 {
			t.Errorf("%s: %d samples over 120 ms every 20 ms, want the first and at least one more", f, blocks)
		}
	}
	// Ingest reads the samples as system statistics of their run.
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, s := range doc.SysStats {
		ids[parse.CaptureID(s.Source, s.Line)] = s.Tool == "procstat"
	}
	for _, r := range doc.Runs {
		if r.Labels["system"] == "innodb" {
			continue
		}
		n := 0
		for _, id := range r.Captures {
			if ids[id] && strings.HasPrefix(id, strings.TrimSuffix(r.Source, ".txt")+".proc.txt:") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: names %d proc captures of its own: %v", r.Source, n, r.Captures)
		}
	}
}

// Plans with factors that cannot run are refused with their lines.
func TestReadPlanFactorErrors(t *testing.T) {
	pw := map[string]string{"SB_PASSWORD": "x"}
	for _, tt := range []struct{ name, src, want string }{
		{"list in a system's variables", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    variables: {innodb_buffer_pool_size: [8M, 16M]}\n", 1),
			"plan.yaml:5: systems[0].variables: innodb_buffer_pool_size: one value here (a list of values is a factor"},
		{"one level", goodPlan + "factors:\n  - name: bound\n    levels: [{name: io}]\n", "plan.yaml:17: factors[0]: want two levels or more"},
		{"level twice", goodPlan + "factors:\n  - name: bound\n    levels: [{name: io}, {name: io}]\n", `factors[0].levels[1]: level "io" listed twice`},
		{"factor named like a label", goodPlan + "factors:\n  - name: clients\n    levels: [{name: a}, {name: b}]\n", `factors[0]: "clients" is a label the runner sets`},
		{"variable twice", goodPlan + "variables: {innodb_buffer_pool_size: 8M}\nfactors:\n  - name: bound\n    levels: [{name: a, variables: {innodb_buffer_pool_size: 9M}}, {name: b}]\n",
			"factors[0].levels[0].variables: innodb_buffer_pool_size is also set by the plan's variables"},
		{"bad variable name", goodPlan + "variables: {\"x; DROP TABLE t\": 1}\n", `variables: "x; DROP TABLE t" is not a server variable name`},
		{"bad value", goodPlan + "variables: {max_connections: \"1; DROP TABLE t\"}\n", `variables: max_connections: value "1; DROP TABLE t" must be`},
		{"option the plan sets", goodPlan + "sysbench: {options: {threads: [1, 2]}}\n", "sysbench.options: --threads is set by the plan's threads"},
		{"password option", goodPlan + "sysbench: {options: {mysql_password: S3cret}}\n", "sysbench.options: passwords are not written in plans (--mysql-password)"},
		{"option also in extra", goodPlan + "sysbench: {options: {rand-type: [uniform, pareto]}, extra: [--rand-type=special]}\n", "sysbench.options: --rand-type is also given in sysbench.extra"},
		{"only: unknown factor", goodPlan + "only: [{bound: io}]\n", `only[0]: "bound" is not a factor of the plan`},
		{"only: unknown level", goodPlan + "only: [{threads: 8}]\n", `only[0]: threads has no level "8" (1, 4)`},
		{"only: nothing left", goodPlan + "only: [{threads: 4, system: innodb, workload: oltp_nope}]\n", `only[0]: workload has no level "oltp_nope"`},
		{"threads for clients", strings.Replace(goodPlan, "threads: [1, 4]", "threads: [2, 3]", 1) + "clients: [1, 2]\ntables: 2\n", "plan.yaml:12: threads: 3 is not divisible by clients 2"},
		{"system clients", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    clients: [0]\n", 1), "systems[0].clients: want 1 to 1024, got 0"},
		{"empty restart", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    restart: []\n", 1), "systems[0].restart: want a command"},
		{"fractional clients", goodPlan + "clients: [1, 2.5]\n", "plan.yaml:15: clients: 2.5 is not a whole number"},
		{"table options with a semicolon", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    table_options: \"ROW_FORMAT=COMPRESSED; DROP TABLE t\"\n", 1),
			"plan.yaml:5: systems[0].table_options: \"ROW_FORMAT=COMPRESSED; DROP TABLE t\": want table options"},
		{"system option a list", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    sysbench: {options: {rand-type: [uniform, pareto]}}\n", 1),
			"plan.yaml:5: systems[0].sysbench.options: rand-type: one value here"},
		{"system option over a factor", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    sysbench: {options: {rand-type: uniform}}\n", 1) + "sysbench: {options: {rand-type: [uniform, pareto]}}\n",
			"systems[0].sysbench.options: rand-type is a factor of the plan"},
		{"system option the plan sets", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    sysbench: {options: {table-size: 5}}\n", 1),
			"systems[0].sysbench.options: --table-size is set by the plan's table_size"},
		{"unknown key in a system's sysbench", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    sysbench: {extra: [--x]}\n", 1),
			`plan.yaml:5: unknown key "extra" in a system's sysbench`},
		{"per_engine of no system", goodPlan + "factors:\n  - name: bound\n    levels:\n      - {name: a, per_engine: {MyISAM: {key_buffer_size: 8M}}}\n      - {name: b}\n",
			"plan.yaml:18: factors[0].levels[0].per_engine: no system of the plan has engine MyISAM (the systems' engines: InnoDB, ROCKSDB)"},
		{"per_engine twice", goodPlan + "factors:\n  - name: bound\n    levels:\n      - {name: a, variables: {innodb_buffer_pool_size: 8M}, per_engine: {innodb: {innodb_buffer_pool_size: 9M}}}\n      - {name: b}\n",
			"factors[0].levels[0].per_engine.innodb: innodb_buffer_pool_size is also set by the level's variables"},
		{"per_engine list", goodPlan + "factors:\n  - name: bound\n    levels:\n      - {name: a, per_engine: {InnoDB: {innodb_buffer_pool_size: [8M, 9M]}}}\n      - {name: b}\n",
			"factors[0].levels[0].per_engine.InnoDB: innodb_buffer_pool_size: one value here"},
		{"config without option_file", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    restart: [r]\n    config: {log_bin: \"OFF\"}\n", 1),
			"plan.yaml:2: systems[0]: its config needs option_file"},
		{"level config without restart", goodPlan + "factors:\n  - name: binlog\n    levels: [{name: a, config: {log_bin: \"ON\"}}, {name: b}]\n",
			"systems[1]: the config of the factors' levels needs a restart command"},
		{"relative option_file", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    restart: [r]\n    option_file: my.cnf\n    config: {log_bin: \"OFF\"}\n", 1),
			`systems[0].option_file: "my.cnf" is not an absolute path`},
		{"config also a variable", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    restart: [r]\n    option_file: /x.cnf\n    variables: {log_bin: \"ON\"}\n    config: {log_bin: \"OFF\"}\n", 1),
			"systems[0].config: log_bin is also set by the system's variables"},
		{"adaptive repeats: min 1", strings.Replace(goodPlan, "repeats: 2\n", "repeats: {min: 1, max: 5, until: 2%}\n", 1),
			"plan.yaml:13: repeats.min: want 2 or more (an interval needs two repeats), got 1"},
		{"adaptive repeats: max below min", strings.Replace(goodPlan, "repeats: 2\n", "repeats: {min: 4, max: 3, until: 2%}\n", 1),
			"plan.yaml:13: repeats.max: 3 is less than min 4"},
		{"adaptive repeats: until not a percentage", strings.Replace(goodPlan, "repeats: 2\n", "repeats: {min: 3, max: 10, until: 0.02}\n", 1),
			`plan.yaml:13: repeats.until: want a percentage above 0 and below 100, such as 2%, got "0.02"`},
		{"adaptive repeats: no max", strings.Replace(goodPlan, "repeats: 2\n", "repeats: {min: 3, until: 2%}\n", 1),
			"plan.yaml:13: repeats: max is missing"},
		{"adaptive repeats: fractional min", strings.Replace(goodPlan, "repeats: 2\n", "repeats: {min: 2.5, max: 4, until: 2%}\n", 1),
			"plan.yaml:13: min: 2.5 is not a whole number"},
		{"ssh without clients_on", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    ssh: [ssh, -p, \"2222\"]\n", 1),
			"plan.yaml:5: systems[0].ssh: given without clients_on"},
		{"clients_on an option", strings.Replace(goodPlan, "    engine: InnoDB\n", "    engine: InnoDB\n    clients_on: [-oProxyCommand=x]\n", 1),
			`plan.yaml:5: systems[0].clients_on: "-oProxyCommand=x" is not an ssh destination`},
		{"HOST:PORT for one endpoint", strings.Replace(goodPlan, "host: 127.0.0.1, port: 3307", "host: 127.0.0.1:3307", 1),
			`systems[0].mysql.host: "127.0.0.1:3307": give the port as port (HOST:PORT is for several endpoints)`},
		{"factors too many runs", goodPlan + "table_size: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\ntables: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nrepeats: 100\n",
			"the plan asks for more than 10000 runs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.src
			if strings.Count(src, "repeats:") > 1 {
				src = strings.Replace(src, "repeats: 2\n", "", 1)
			}
			_, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(pw))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// clients set per system: one process against one system, four at once
// against the other, in one interleaved campaign.
func TestFakeClientsPerSystem(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "    engine: Aria\n", "    engine: Aria\n    clients: 4\n", 1), "repeats: 2", "repeats: 1", 1)
	src = strings.Replace(strings.Replace(src, "threads: [1, 4]", "threads: 4", 1), "[oltp_point_select, oltp_read_only]", "[oltp_read_only]", 1)
	m, err := w.runner(fakePlan(t, src), filepath.Join(t.TempDir(), "c")).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range m.Runs {
		got = append(got, e.ID+" clients="+e.Labels["clients"])
	}
	want := []string{"innodb/oltp_read_only/1cl-4thr-r1 clients=1", "aria/oltp_read_only/4cl-4thr-r1 clients=4"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("runs %q, want %q", got, want)
	}
	if n := len(w.commands(" run", "--mysql-db=sbtest_b_c")); n != 4 {
		t.Errorf("%d aria client commands, want 4", n)
	}
}
