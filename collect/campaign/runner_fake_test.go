package campaign

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// The tests in this file run the runner on fakeWorld: everywhere, in
// milliseconds, without a database.

const fakePlanYAML = `systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: 3307, user: sbtest, password_env: SB_PASSWORD, db: sbtest_a}
    engine: InnoDB
  - name: aria
    mysql: {socket: /tmp/fake.sock, user: sbtest, password_env: SB_PASSWORD, db: sbtest_b}
    engine: Aria
workloads: [oltp_point_select, oltp_read_only]
threads: [1, 4]
repeats: 2
duration: 10s
tables: 4
table_size: 10000
labels: {campaign: fake}
`

func fakePlan(t *testing.T, src string) *Plan {
	t.Helper()
	return readPlanString(t, src, map[string]string{"SB_PASSWORD": "fake-secret-pw"})
}

// expectedTPS parses a recorded run the way ingest does and returns its
// transactions per second.
func expectedTPS(t *testing.T, file string) float64 {
	t.Helper()
	d := parseFile(t, file)
	if len(d.Runs) != 1 || d.Runs[0].TPS == nil {
		t.Fatalf("%s: not one run with tps", file)
	}
	return *d.Runs[0].TPS
}

// measuredRuns lists the measured sysbench runs the fake executed, as
// "system/workload/threads" in order (system from the database name).
func (w *fakeWorld) measuredRuns(p *Plan) []string {
	var out []string
	for _, l := range w.commands(" run") {
		if !strings.Contains(l, "--report-interval") {
			continue
		}
		sc := parseCall(&Command{Argv: strings.Fields(l)})
		sys := "?"
		for _, s := range p.Systems {
			if strings.HasPrefix(sc.db, s.MySQL.DB) {
				sys = s.Name
			}
		}
		out = append(out, fmt.Sprintf("%s/%s/%d", sys, sc.workload, sc.threads))
	}
	return out
}

// A whole campaign on the fakes: the manifest, the files and what ingest
// reads back from them.
func TestFakeCampaign(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	r := w.runner(plan, dir)
	var events []Event
	r.Observe = func(e Event) { events = append(events, e) }
	m, err := r.Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	if m.Status != collect.CampaignComplete || len(m.Runs) != 16 || m.Summary()[collect.RunOK] != 16 || m.Ended == nil || m.Error != "" {
		t.Fatalf("status %s, %d runs, %v, ended %v, error %q", m.Status, len(m.Runs), m.Summary(), m.Ended, m.Error)
	}
	disk, err := collect.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if disk.Status != collect.CampaignComplete || len(disk.Runs) != 16 || disk.PlanDigest != plan.Digest || disk.PlanFile != "plan.yaml" {
		t.Errorf("manifest on disk: %+v", disk)
	}
	if disk.Tools.Sysbench != "sysbench 1.0.20" || !strings.Contains(disk.Password, "MYSQL_PWD") {
		t.Errorf("tools %+v, password %q", disk.Tools, disk.Password)
	}
	if got := sortedKeys(disk.Host.Files); !reflect.DeepEqual(got, []string{"free", "lsblk", "lscpu", "lscpu_json", "nproc", "uname"}) || len(disk.Host.Errors) > 0 {
		t.Errorf("host files %v, errors %v", got, disk.Host.Errors)
	}

	// Runs in the interleaved order, as executed.
	wantOrder := []string{"innodb/oltp_point_select/1", "aria/oltp_point_select/1", "innodb/oltp_point_select/4", "aria/oltp_point_select/4",
		"innodb/oltp_point_select/1", "aria/oltp_point_select/1", "innodb/oltp_point_select/4", "aria/oltp_point_select/4",
		"innodb/oltp_read_only/1", "aria/oltp_read_only/1", "innodb/oltp_read_only/4", "aria/oltp_read_only/4",
		"innodb/oltp_read_only/1", "aria/oltp_read_only/1", "innodb/oltp_read_only/4", "aria/oltp_read_only/4"}
	if got := w.measuredRuns(plan); !reflect.DeepEqual(got, wantOrder) {
		t.Errorf("executed\n%q\nwant\n%q", got, wantOrder)
	}
	for i, e := range disk.Runs {
		parts := strings.Split(wantOrder[i], "/")
		id := fmt.Sprintf("%s/%s/%sthr-r%d", parts[0], parts[1], parts[2], i/4%2+1)
		if e.ID != id || e.Status != collect.RunOK || e.Attempts != 1 || e.ExitStatus == nil || *e.ExitStatus != 0 || e.Started == nil || e.Ended == nil {
			t.Errorf("run %d: %+v, want id %s", i, e, id)
		}
		wantLabels := map[string]string{"system": parts[0], "engine": plan.Systems[i%2].Engine, "workload": parts[1], "threads": parts[2],
			"repeat": strconv.Itoa(i/4%2 + 1), "campaign": "fake"}
		for k, v := range wantLabels {
			if e.Labels[k] != v {
				t.Errorf("%s: label %s=%q, want %q", e.ID, k, e.Labels[k], v)
			}
		}
		if e.Files[collect.FileOutput] != id+".txt" || e.Files[collect.FileStatus] != id+".status.txt.gz" {
			t.Errorf("%s: files %v", e.ID, e.Files)
		}
		if !strings.HasPrefix(e.Command, "sysbench "+parts[1]+" --threads="+parts[2]+" --time=10 --report-interval=1 --histogram=on --percentile=95 --tables=4 --table-size=10000 --db-driver=mysql ") {
			t.Errorf("%s: command %q", e.ID, e.Command)
		}
	}
	// Tables prepared before the first run, dropped after the last.
	log := w.commands()
	first, last := -1, -1
	for i, l := range log {
		if strings.Contains(l, "--report-interval") {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i, l := range log {
		if strings.HasSuffix(l, " prepare") && i > first || strings.HasSuffix(l, " cleanup") && i > first && i < last {
			t.Errorf("command %d (%s) among the runs", i, l)
		}
	}
	if n := len(w.commands(" prepare")); n != 2 {
		t.Errorf("%d prepares, want 2", n)
	}
	for _, s := range disk.Systems {
		if s.Server != "10.11.19-MariaDB-0+deb12u1" || s.Prepared || !s.Cleaned || len(s.Errors) > 0 {
			t.Errorf("system %+v", s)
		}
		if got := sortedKeys(s.Files); !reflect.DeepEqual(got, []string{"cleanup", "prepare", "table_status", "variables", "version"}) {
			t.Errorf("system %s files %v", s.Name, got)
		}
		if w.tables["127.0.0.1:3307/sbtest_a"] != 0 || w.tables["/tmp/fake.sock/sbtest_b"] != 0 {
			t.Errorf("tables left: %v", w.tables)
		}
	}

	// What ingest reads back: one run per output, each with its labels
	// and the throughput of the recorded run the fake wrote.
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) > 0 {
		for _, e := range doc.Errors {
			t.Errorf("ingest: %s:%d: %s", e.Source, e.Line, e.Message)
		}
	}
	if len(doc.Runs) != 16 {
		t.Fatalf("ingest read %d runs, want 16", len(doc.Runs))
	}
	uses := map[string]int{}
	bySource := map[string]*parse.Run{}
	for _, run := range doc.Runs {
		rel, _ := filepath.Rel(dir, run.Source)
		bySource[filepath.ToSlash(rel)] = run
	}
	for _, e := range disk.Runs {
		run := bySource[e.Files[collect.FileOutput]]
		if run == nil {
			t.Errorf("%s: not read back", e.ID)
			continue
		}
		for k, v := range e.Labels {
			if run.Labels[k] != v {
				t.Errorf("%s: ingested label %s=%q, want %q", e.ID, k, run.Labels[k], v)
			}
		}
		key := fmt.Sprintf("%s/%s/%sthr", strings.ToLower(e.Labels["engine"]), e.Labels["workload"], e.Labels["threads"])
		want := expectedTPS(t, filepath.Join(demoDir, fmt.Sprintf("%s-r%d.txt", key, uses[key]%3+1)))
		uses[key]++
		if run.TPS == nil || *run.TPS != want || !run.Complete {
			t.Errorf("%s: tps %v, want %v (complete %v)", e.ID, run.TPS, want, run.Complete)
		}
	}
	kinds := map[string]int{}
	for _, v := range doc.Variables {
		kinds[v.Kind]++
	}
	// Two status snapshots per run; each system's variables and version.
	if len(doc.Variables) != 2*16+2*2 || kinds["status"] != 2*16 || len(doc.Tables) != 8 || len(doc.Hosts) != 1 {
		t.Errorf("ingest: captures %v, %d table statuses (want 2 × 4 tables), %d hosts", kinds, len(doc.Tables), len(doc.Hosts))
	}

	// Events: one start and one end per run, the time left shrinking.
	var starts, ends int
	prevLeft := time.Duration(1 << 62)
	for _, e := range events {
		switch e.Kind {
		case EventRunStart:
			starts++
			if e.Total != 16 || e.Length != 10*time.Second || e.Left > prevLeft || e.Done != starts-1 {
				t.Errorf("start event %+v", e)
			}
			prevLeft = e.Left
		case EventRunEnd:
			ends++
			if e.Done != ends {
				t.Errorf("end event %d: done %d", ends, e.Done)
			}
		}
	}
	if last := events[len(events)-1]; starts != 16 || ends != 16 || last.Kind != EventDone || last.Done != 16 {
		t.Errorf("%d starts, %d ends, last event %+v", starts, ends, last)
	}
	checkNoTemps(t, dir)
	if _, err := os.Stat(filepath.Join(dir, ".lock")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("lock file left: %v", err)
	}
	// The password reached sysbench (checked by the fake) and no file.
	noPassword(t, dir, "fake-secret-pw")
	for _, s := range r.servers {
		if !s.(*fakeSession).closed {
			t.Errorf("session of %s left open", s.(*fakeSession).sys.Name)
		}
	}
}

// noPassword fails when a file under dir holds pw.
func noPassword(t *testing.T, dir, pw string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := os.ReadFile(p)
		if bytes.Contains(data, []byte(pw)) || bytes.Contains(data, []byte("--mysql-password")) {
			t.Errorf("%s holds the password", p)
		}
		return nil
	})
}

// Sequential order finishes one system before the next.
func TestFakeSequential(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, strings.Replace(fakePlanYAML, "repeats: 2", "repeats: 1", 1)+"order: sequential\n")
	if _, err := w.runner(plan, filepath.Join(t.TempDir(), "c")).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{"innodb/oltp_point_select/1", "innodb/oltp_point_select/4", "innodb/oltp_read_only/1", "innodb/oltp_read_only/4",
		"aria/oltp_point_select/1", "aria/oltp_point_select/4", "aria/oltp_read_only/1", "aria/oltp_read_only/4"}
	if got := w.measuredRuns(plan); !reflect.DeepEqual(got, want) {
		t.Errorf("executed\n%q\nwant\n%q", got, want)
	}
}

// sigint writes what sysbench 1.0.20 prints before SIGINT stops it.
func sigint(t *testing.T, c *Command) {
	io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-innodb-4thr-sigint.txt"))[0])
}

// A campaign interrupted in its third run (SIGINT in sbreport run ends
// the context) keeps the two runs done, drops what the third printed and
// keeps the tables; --resume runs the rest without preparing again or
// redoing a run.
func TestFakeInterruptResume(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.hook = func(hctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 2 {
			sigint(t, c)
			cancel()
			<-hctx.Done()
			return -1, ErrInterrupted, true
		}
		return 0, nil, false
	}
	m, err := w.runner(plan, dir).Run(ctx)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("campaign: %v", err)
	}
	s := m.Summary()
	if m.Status != collect.CampaignInterrupted || s[collect.RunOK] != 2 || s[collect.RunInterrupted] != 1 || s[collect.RunPending] != 13 {
		t.Fatalf("status %s, %v", m.Status, s)
	}
	cut := m.Runs[2]
	if cut.Files[collect.FileOutput] != "" || cut.Files[collect.FileStatus] != "" || cut.Error != "interrupted" {
		t.Errorf("interrupted run %+v", cut)
	}
	for _, f := range []string{cut.ID + ".txt", cut.ID + ".status.txt.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s of the interrupted run kept", f)
		}
	}
	for _, se := range m.Systems {
		if !se.Prepared || se.Cleaned {
			t.Errorf("interrupted campaign must keep the tables of %s: %+v", se.Name, se)
		}
	}
	if n := len(w.commands(" cleanup")); n != 2 { // the ones before prepare
		t.Errorf("%d cleanups, want only the 2 before prepare", n)
	}
	checkNoTemps(t, dir)
	done := []collect.RunEntry{*m.Runs[0], *m.Runs[1]}

	w.hook = nil
	prepares := len(w.commands(" prepare"))
	_, err = w.runner(plan, dir).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "already holds a campaign (status interrupted); add --resume") {
		t.Fatalf("without --resume: %v", err)
	}
	r := w.runner(plan, dir)
	r.Resume = true
	m, err = r.Run(context.Background())
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignComplete || s[collect.RunOK] != 16 {
		t.Fatalf("after resume: %s %v", m.Status, s)
	}
	if n := len(w.commands(" prepare")); n != prepares {
		t.Errorf("resume prepared again (%d prepares, had %d): the tables were in place", n, prepares)
	}
	for i, e := range done {
		if got := m.Runs[i]; got.Attempts != 1 || !got.Started.Equal(*e.Started) {
			t.Errorf("run %s redone: %+v", e.ID, got)
		}
	}
	if m.Runs[2].Attempts != 2 || m.Runs[2].Status != collect.RunOK {
		t.Errorf("interrupted run after resume: %+v", m.Runs[2])
	}
	if n := len(w.measuredRuns(plan)); n != 17 {
		t.Errorf("%d measured runs in all, want 16 + the interrupted one", n)
	}
	doc, _ := collect.Load([]string{dir})
	if len(doc.Runs) != 16 || len(doc.Errors) > 0 {
		t.Errorf("ingest after resume: %d runs, errors %v", len(doc.Runs), doc.Errors)
	}
	// Nor resumed with another plan.
	other := fakePlan(t, fakePlanYAML+"warmup: 1s\n")
	r = w.runner(other, dir)
	r.Resume = true
	if _, err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "was started from a different plan") {
		t.Errorf("resume with another plan: %v", err)
	}
}

// copyDir copies a campaign directory as a crash would leave it on disk.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if d.Name() == ".lock" && runtime.GOOS == "windows" {
			return nil // a crash there leaves it too; see lockDir
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A crash (power loss, SIGKILL) in the middle of a run leaves the run
// "running", the campaign "running" and sysbench's output in a hidden
// temporary file. --resume removes the temporary file and runs that run
// again.
func TestFakeCrashResume(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	crashed := filepath.Join(t.TempDir(), "crashed")
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 5 {
			io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-innodb-4thr-sigkill.txt"))[0])
			copyDir(t, dir, crashed)
		}
		return 0, nil, false
	}
	if _, err := w.runner(plan, dir).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, err := collect.ReadManifest(crashed)
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Summary(); m.Status != collect.CampaignRunning || s[collect.RunOK] != 5 || s[collect.RunRunning] != 1 {
		t.Fatalf("crashed: %s %v", m.Status, s)
	}
	var temps []string
	filepath.WalkDir(crashed, func(p string, d fs.DirEntry, err error) error {
		if strings.HasSuffix(p, ".tmp") {
			temps = append(temps, p)
		}
		return nil
	})
	if len(temps) != 2 {
		t.Fatalf("the crash left %d temporary files, want the killed run's output and /proc samples: %v", len(temps), temps)
	}
	// ingest passes over the temporary file: 5 runs.
	if doc, _ := collect.Load([]string{crashed}); len(doc.Runs) != 5 {
		t.Errorf("ingest of the crashed campaign: %d runs, want 5", len(doc.Runs))
	}
	w.hook = nil
	r := w.runner(plan, crashed)
	r.Resume = true
	m, err = r.Run(context.Background())
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignComplete || s[collect.RunOK] != 16 || m.Runs[5].Attempts != 2 {
		t.Fatalf("after resume: %s %v, run 6 %+v", m.Status, s, m.Runs[5])
	}
	checkNoTemps(t, crashed)
	doc, _ := collect.Load([]string{crashed})
	if len(doc.Runs) != 16 {
		t.Errorf("ingest after resume: %d runs", len(doc.Runs))
	}
}

// tableDropped writes what sysbench printed when a table was dropped
// under it, and fails as it did.
func tableDropped(t *testing.T, c *Command) (int, error, bool) {
	io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-innodb-4thr-table-dropped.txt"))[0])
	return 1, &ExitError{Code: 1}, true
}

const droppedFatal = "sysbench exit status 1: FATAL: mysql_stmt_execute() returned error 1146 (Table 'sbtest.sbtest4' doesn't exist)"

// A failed run is recorded with its output and reason, the campaign goes
// on, and --resume runs it again.
func TestFakeFailedRun(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 1 {
			return tableDropped(t, c)
		}
		return 0, nil, false
	}
	var ended []string
	r := w.runner(plan, dir)
	r.Observe = func(e Event) {
		if e.Kind == EventRunEnd {
			ended = append(ended, e.Run.Status)
		}
	}
	m, err := r.Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || !reflect.DeepEqual(failed.Failed, []string{"aria/oltp_point_select/1thr-r1"}) || failed.Total != 16 {
		t.Fatalf("campaign: %v", err)
	}
	if !strings.Contains(err.Error(), "1 of 16 runs failed (aria/oltp_point_select/1thr-r1); see ") {
		t.Errorf("message %q", err)
	}
	e := m.Runs[1]
	if m.Status != collect.CampaignComplete || e.Status != collect.RunFailed || *e.ExitStatus != 1 || !strings.HasPrefix(e.Error, droppedFatal) {
		t.Fatalf("campaign %s, run %+v", m.Status, e)
	}
	out, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileOutput]))
	if err != nil || !bytes.HasPrefix(out, []byte("$ sysbench oltp_point_select --threads=1 ")) || !bytes.Contains(out, []byte("errno = 1146")) {
		t.Errorf("output of the failed run: %v\n%s", err, out)
	}
	if ended[1] != collect.RunFailed || m.Summary()[collect.RunOK] != 15 {
		t.Errorf("statuses %v", ended)
	}
	// ingest reads the failed run as incomplete, labelled.
	doc, _ := collect.Load([]string{dir})
	var incomplete int
	for _, run := range doc.Runs {
		if !run.Complete {
			incomplete++
			if run.Labels["system"] != "aria" || run.Labels["repeat"] != "1" {
				t.Errorf("failed run labels %v", run.Labels)
			}
		}
	}
	if len(doc.Runs) != 16 || incomplete != 1 {
		t.Errorf("ingest: %d runs, %d incomplete", len(doc.Runs), incomplete)
	}

	w.hook = nil
	r = w.runner(plan, dir)
	r.Resume = true
	m, err = r.Run(context.Background())
	if err != nil || m.Runs[1].Status != collect.RunOK || m.Runs[1].Attempts != 2 || m.Runs[1].Error != "" {
		t.Fatalf("resume: %v, run %+v", err, m.Runs[1])
	}
	if n := len(w.measuredRuns(plan)); n != 17 {
		t.Errorf("%d measured runs, want 17 (16 and the failed one again)", n)
	}
}

// --fail-fast stops at the first failed run; the rest stay pending.
func TestFakeFailFast(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML)
	dir := filepath.Join(t.TempDir(), "campaign")
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 3 {
			return tableDropped(t, c)
		}
		return 0, nil, false
	}
	r := w.runner(plan, dir)
	r.FailFast = true
	m, err := r.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "run aria/oltp_point_select/4thr-r1 failed (--fail-fast): "+droppedFatal) {
		t.Fatalf("campaign: %v", err)
	}
	if s := m.Summary(); m.Status != collect.CampaignFailed || s[collect.RunOK] != 3 || s[collect.RunFailed] != 1 || s[collect.RunPending] != 12 {
		t.Errorf("status %s, %v", m.Status, s)
	}
	disk, _ := collect.ReadManifest(dir)
	if disk.Status != collect.CampaignFailed || !strings.Contains(disk.Error, "--fail-fast") {
		t.Errorf("manifest on disk: %s %q", disk.Status, disk.Error)
	}
	if n := len(w.measuredRuns(plan)); n != 4 {
		t.Errorf("%d runs after the failure", n-4)
	}
	if m.Systems[0].Cleaned {
		t.Error("a stopped campaign cleaned up; --resume needs the tables")
	}
}

// A run still going after warmup/duration plus grace is stopped and
// recorded as failed with what it printed; the limits passed to the
// executor are the plan's.
func TestFakeTimeout(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, strings.Replace(fakePlanYAML, "repeats: 2", "repeats: 1", 1)+"warmup: 3s\ngrace: 5s\n")
	dir := filepath.Join(t.TempDir(), "campaign")
	limits := map[bool]map[time.Duration]bool{true: {}, false: {}}
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.command != "run" {
			return 0, nil, false
		}
		limits[sc.measured][c.Limit] = true
		if sc.measured && n == 0 {
			io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-innodb-4thr-sigkill.txt"))[0])
			return -1, fmt.Errorf("%w after %s", ErrTimeout, c.Limit), true
		}
		return 0, nil, false
	}
	m, err := w.runner(plan, dir).Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 1 {
		t.Fatalf("campaign: %v", err)
	}
	if !reflect.DeepEqual(limits, map[bool]map[time.Duration]bool{true: {15 * time.Second: true}, false: {8 * time.Second: true}}) {
		t.Errorf("limits %v, want 15s for runs (10s + 5s grace) and 8s for warm-ups (3s + 5s)", limits)
	}
	e := m.Runs[0]
	if e.Status != collect.RunFailed || e.Error != "timed out after 15s" || *e.ExitStatus != -1 {
		t.Errorf("run %+v", e)
	}
	if out, err := os.ReadFile(filepath.Join(dir, e.Files[collect.FileOutput])); err != nil || !bytes.Contains(out, []byte("[ 2s ] thds: 4")) {
		t.Errorf("output kept: %v", err)
	}
	if w := e.Files[collect.FileWarmup]; w != e.ID+".warmup.txt" {
		t.Errorf("warm-up file %q", w)
	}
	if skip := disk(t, dir).SkipFiles(); !skip[e.ID+".warmup.txt"] {
		t.Errorf("warm-up not skipped by ingest: %v", skip)
	}
}

func disk(t *testing.T, dir string) *collect.Manifest {
	t.Helper()
	m, err := collect.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// With clients 2, each run is two sysbench processes at once, each with
// half the threads on a database of its own with half the tables.
func TestFakeClients(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "threads: [1, 4]", "threads: [2, 4]", 1), "repeats: 2", "repeats: 1", 1) + "clients: 2\n"
	plan := fakePlan(t, src)
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := w.runner(plan, dir).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Runs) != 8 {
		t.Fatalf("%d runs", len(m.Runs))
	}
	for _, db := range []string{"127.0.0.1:3307/sbtest_a_c1", "127.0.0.1:3307/sbtest_a_c2", "/tmp/fake.sock/sbtest_b_c1", "/tmp/fake.sock/sbtest_b_c2"} {
		if !w.dbs[db] {
			t.Errorf("database %s not created", db)
		}
	}
	if n := len(w.commands(" prepare", "--tables=2 ")); n != 4 {
		t.Errorf("%d prepares of 2 tables, want 4 (2 systems × 2 clients)", n)
	}
	for _, e := range m.Runs {
		th, _ := strconv.Atoi(e.Labels["threads"])
		if len(e.Commands) != 2 || e.Command != "" || !reflect.DeepEqual(e.ExitStatuses, []int{0, 0}) || e.Labels["tables"] != "4" {
			t.Errorf("%s: %+v", e.ID, e)
			continue
		}
		for k, c := range e.Commands {
			want := fmt.Sprintf("--threads=%d ", th/2)
			if !strings.Contains(c, want) || !strings.Contains(c, "--tables=2 ") || !strings.Contains(c, fmt.Sprintf("_c%d ", k+1)) {
				t.Errorf("%s client %d: %s", e.ID, k+1, c)
			}
			if f := e.Files[fmt.Sprintf("output.c%d", k+1)]; f != fmt.Sprintf("%s.c%d.txt", e.ID, k+1) {
				t.Errorf("%s: client %d output %q", e.ID, k+1, f)
			}
		}
	}
	doc, _ := collect.Load([]string{dir})
	if len(doc.Runs) != 16 {
		t.Fatalf("ingest: %d client runs, want 16", len(doc.Runs))
	}
	for _, run := range doc.Runs {
		if run.Labels["client"] == "" || run.Labels["client_group"] == "" || run.Threads == nil || strconv.Itoa(*run.Threads*2) != run.Labels["threads"] {
			t.Errorf("%s: labels %v, threads %v", run.Source, run.Labels, run.Threads)
		}
	}
	for _, se := range m.Systems {
		if len(se.Databases) != 2 || se.Files["table_status.c2"] == "" || se.Files["prepare.c1"] == "" || se.Files["cleanup.c2"] == "" {
			t.Errorf("system %+v", se)
		}
	}
}

// One client failing fails its run, naming the client; one interrupted
// discards the outputs of all the clients of the run.
func TestFakeClientFailsAndInterrupt(t *testing.T) {
	src := strings.Replace(strings.Replace(fakePlanYAML, "threads: [1, 4]", "threads: [2, 4]", 1), "repeats: 2", "repeats: 1", 1) + "clients: 2\n"
	w := newFakeWorld(t)
	plan := fakePlan(t, src)
	dir := filepath.Join(t.TempDir(), "campaign")
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && strings.HasSuffix(sc.db, "_c2") && n < 2 {
			return tableDropped(t, c)
		}
		return 0, nil, false
	}
	m, err := w.runner(plan, dir).Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 1 {
		t.Fatalf("campaign: %v", err)
	}
	e := m.Runs[0]
	if e.Status != collect.RunFailed || !strings.HasPrefix(e.Error, "client 2: "+droppedFatal) || !reflect.DeepEqual(e.ExitStatuses, []int{0, 1}) || *e.ExitStatus != 1 {
		t.Errorf("run %+v", e)
	}

	w = newFakeWorld(t)
	dir = filepath.Join(t.TempDir(), "campaign")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.hook = func(hctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n >= 2 { // the second run's clients
			if strings.HasSuffix(sc.db, "_c2") {
				sigint(t, c)
				cancel()
				return -1, ErrInterrupted, true
			}
			io.WriteString(c.Stdout, w.output(sc)) // client 1 finished first
			<-hctx.Done()
			return 0, nil, true
		}
		return 0, nil, false
	}
	m, err = w.runner(plan, dir).Run(ctx)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("campaign: %v", err)
	}
	e = m.Runs[1]
	if e.Status != collect.RunInterrupted || len(e.Files) != 0 {
		t.Errorf("interrupted run %+v", e)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, e.ID+"*"))
	if len(matches) != 0 {
		t.Errorf("files of the interrupted run kept: %v", matches)
	}
	checkNoTemps(t, dir)
}

// Preflight stops a campaign that cannot run before it writes anything.
func TestFakePreflight(t *testing.T) {
	tests := []struct {
		name  string
		world func(w *fakeWorld)
		src   string
		env   map[string]string
		want  string
	}{
		{"no sysbench", func(w *fakeWorld) { w.missing["sysbench"] = true }, fakePlanYAML, nil, "sysbench not found in $PATH"},
		{"unknown workload", func(w *fakeWorld) { w.unknown["oltp_nope"] = true }, strings.Replace(fakePlanYAML, "oltp_point_select", "oltp_nope", 1), nil,
			"workload oltp_nope: sysbench oltp_nope help: exit status 1: sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nFATAL: Cannot find benchmark 'oltp_nope'"},
		{"unreachable", func(w *fakeWorld) { w.down["/tmp/fake.sock"] = true }, fakePlanYAML, nil, "system aria (/tmp/fake.sock): cannot connect: "},
		{"no engine", func(w *fakeWorld) { delete(w.engines, "ARIA") }, fakePlanYAML, nil, "system aria (/tmp/fake.sock): storage engine Aria is not installed on the server"},
		{"wrong password", nil, fakePlanYAML, map[string]string{"SB_PASSWORD": "wrong"}, "Access denied for user 'sbtest'"},
		{"password unset", nil, fakePlanYAML, map[string]string{}, "system innodb: environment variable SB_PASSWORD is not set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newFakeWorld(t)
			if tt.world != nil {
				tt.world(w)
			}
			dir := filepath.Join(t.TempDir(), "campaign")
			r := w.runner(fakePlan(t, tt.src), dir)
			if tt.env != nil {
				r.Getenv = env(tt.env)
			}
			_, err := r.Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a failed preflight created %s", dir)
			}
			if n := len(w.commands(" run")); n > 0 {
				t.Errorf("%d runs after a failed preflight", n)
			}
		})
	}
	t.Run("directory not empty", func(t *testing.T) {
		w := newFakeWorld(t)
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
		_, err := w.runner(fakePlan(t, fakePlanYAML), dir).Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "is not empty and holds no campaign") {
			t.Fatalf("got %v", err)
		}
	})
}

// A host command that is missing is recorded; the campaign goes on.
func TestFakeHostCommandMissing(t *testing.T) {
	w := newFakeWorld(t)
	w.missing["lsblk"] = true
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := w.runner(fakePlan(t, strings.Replace(fakePlanYAML, "repeats: 2", "repeats: 1", 1)), dir).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Host.Errors, []string{"lsblk not found in $PATH"}) || m.Host.Files["lsblk"] != "" || m.Host.Files["lscpu"] != "host/lscpu.txt" {
		t.Errorf("host %+v", m.Host)
	}
}

// A system whose prepare fails has its runs recorded as failed; the
// others run. With --fail-fast the campaign stops there.
func TestFakePrepareFails(t *testing.T) {
	hook := func(t *testing.T) func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		return func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
			if sc.command == "prepare" && sc.db == "sbtest_b" {
				io.WriteString(c.Stdout, "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nFATAL: unable to connect to MySQL server on socket '/tmp/fake.sock', aborting...\n")
				return 1, &ExitError{Code: 1}, true
			}
			return 0, nil, false
		}
	}
	w := newFakeWorld(t)
	w.hook = hook(t)
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := w.runner(fakePlan(t, fakePlanYAML), dir).Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 8 {
		t.Fatalf("campaign: %v", err)
	}
	for _, e := range m.Runs {
		if (e.Labels["system"] == "aria") != (e.Status == collect.RunFailed) {
			t.Errorf("%s: %s", e.ID, e.Status)
		}
		if e.Status == collect.RunFailed && !strings.HasPrefix(e.Error, "prepare failed: sysbench exit status 1: FATAL: unable to connect") {
			t.Errorf("%s: %q", e.ID, e.Error)
		}
	}
	if se := m.Systems[1]; se.Prepared || len(se.Errors) != 1 || !strings.Contains(se.Errors[0], "(output in aria/prepare.txt)") {
		t.Errorf("system %+v", se)
	}
	if n := len(w.measuredRuns(fakePlan(t, fakePlanYAML))); n != 8 {
		t.Errorf("%d runs, want innodb's 8", n)
	}

	w = newFakeWorld(t)
	w.hook = hook(t)
	r := w.runner(fakePlan(t, fakePlanYAML), filepath.Join(t.TempDir(), "campaign"))
	r.FailFast = true
	m, err = r.Run(context.Background())
	if err == nil || !strings.HasPrefix(err.Error(), "system aria: prepare failed: ") || m.Status != collect.CampaignFailed {
		t.Errorf("--fail-fast: %v", err)
	}
}

// A server that goes away mid-campaign fails the runs of its system,
// with sysbench's output; the status captures it could not take are
// recorded; the other system goes on.
func TestFakeServerStopped(t *testing.T) {
	w := newFakeWorld(t)
	dir := filepath.Join(t.TempDir(), "campaign")
	r := w.runner(fakePlan(t, fakePlanYAML), dir)
	r.Observe = func(e Event) {
		if e.Kind == EventRunEnd && e.Run.ID == "aria/oltp_point_select/4thr-r1" {
			w.mu.Lock()
			w.down["/tmp/fake.sock"] = true
			w.mu.Unlock()
		}
	}
	m, err := r.Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 6 {
		t.Fatalf("campaign: %v", err)
	}
	for _, e := range m.Runs[4:] {
		if e.Labels["system"] != "aria" {
			continue
		}
		if e.Status != collect.RunFailed || !strings.Contains(e.Error, "errno = 2013") || len(e.Errors) == 0 || e.Files[collect.FileStatus] != "" {
			t.Errorf("%s: %+v", e.ID, e)
		}
	}
	if se := m.Systems[1]; se.Cleaned || len(se.Errors) == 0 || !strings.Contains(se.Errors[0], "cleanup failed") {
		t.Errorf("aria system %+v", se)
	}
	if m.Summary()[collect.RunOK] != 10 {
		t.Errorf("%v", m.Summary())
	}
}

// Builtin tests (cpu, memory, ...) use no tables: nothing is prepared.
func TestFakeBuiltinWorkload(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "[oltp_point_select, oltp_read_only]", "[cpu]", 1), "repeats: 2", "repeats: 1", 1)
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-cpu-2thr.txt"))[0])
		return 0, nil, true
	}
	m, err := w.runner(fakePlan(t, src), filepath.Join(t.TempDir(), "c")).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(w.commands(" prepare"))+len(w.commands(" cleanup")) != 0 || m.Systems[0].Prepared || len(m.Runs) != 4 {
		t.Errorf("cpu campaign: %v", w.commands())
	}
}

// SIGINT or SIGTERM (the context ending) stops a campaign at every stage,
// and --resume finishes it.
func TestFakeInterruptStages(t *testing.T) {
	for _, tt := range []struct {
		stage  string
		match  string // the command during which the signal comes
		nth    int    // which of the matching commands (from 1)
		runsOK int    // runs done when it stopped
	}{
		{"preflight", " help", 1, -1},
		{"host captures", "lsblk", 1, 0},
		{"prepare", " prepare", 2, 0},
		{"cleanup", " cleanup", 4, 16}, // the 2 before prepare, then the end
	} {
		t.Run(tt.stage, func(t *testing.T) {
			w := newFakeWorld(t)
			plan := fakePlan(t, fakePlanYAML)
			dir := filepath.Join(t.TempDir(), "campaign")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			seen := 0
			w.before = func(c *Command) {
				if strings.Contains(shellQuote(c.Argv), tt.match) {
					if seen++; seen == tt.nth {
						cancel()
					}
				}
			}
			m, err := w.runner(plan, dir).Run(ctx)
			if !errors.Is(err, ErrInterrupted) {
				t.Fatalf("got %v", err)
			}
			if tt.runsOK < 0 {
				if m != nil {
					t.Errorf("interrupted in preflight: manifest %+v", m)
				}
				if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("interrupted in preflight: %s created", dir)
				}
				return
			}
			d := disk(t, dir)
			if d.Status != collect.CampaignInterrupted || d.Summary()[collect.RunOK] != tt.runsOK {
				t.Fatalf("manifest: %s, %v", d.Status, d.Summary())
			}
			checkNoTemps(t, dir)
			w.before = nil
			r := w.runner(plan, dir)
			r.Resume = true
			if m, err = r.Run(context.Background()); err != nil || m.Summary()[collect.RunOK] != 16 {
				t.Fatalf("resume: %v", err)
			}
			for _, s := range m.Systems {
				if !s.Cleaned || len(s.Errors) > 0 {
					t.Errorf("system after resume: %+v", s)
				}
			}
			if len(m.Host.Files) != 6 {
				t.Errorf("host captures after resume: %v", m.Host.Files)
			}
		})
	}
	t.Run("before it starts", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		w := newFakeWorld(t)
		if _, err := w.runner(fakePlan(t, fakePlanYAML), filepath.Join(t.TempDir(), "c")).Run(ctx); !errors.Is(err, ErrInterrupted) || len(w.commands()) > 0 {
			t.Errorf("got %v after %v", err, w.commands())
		}
	})
}

// --resume prepares the tables of the systems that still have runs to
// do, and of no other.
func TestFakeResumePreparesWhatIsLeft(t *testing.T) {
	w := newFakeWorld(t)
	plan := fakePlan(t, fakePlanYAML+"order: sequential\n")
	dir := filepath.Join(t.TempDir(), "campaign")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.hook = func(hctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && n == 8 { // aria's first run; innodb is done
			cancel()
			return -1, ErrInterrupted, true
		}
		return 0, nil, false
	}
	if _, err := w.runner(plan, dir).Run(ctx); !errors.Is(err, ErrInterrupted) {
		t.Fatal(err)
	}
	w.hook = nil
	w.mu.Lock()
	w.tables = map[string]int{} // the server lost every table meanwhile
	w.mu.Unlock()
	before := len(w.commands(" prepare"))
	r := w.runner(plan, dir)
	r.Resume = true
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	prepares := w.commands(" prepare")[before:]
	if len(prepares) != 1 || !strings.Contains(prepares[0], "--mysql-db=sbtest_b ") {
		t.Errorf("resume prepared %q, want aria's tables only", prepares)
	}
}

// A run that fails with error 1062 on Aria comes with a hint that says
// why and what to do.
func TestFakeAria1062Hint(t *testing.T) {
	w := newFakeWorld(t)
	src := strings.Replace(strings.Replace(fakePlanYAML, "[oltp_point_select, oltp_read_only]", "[oltp_read_write]", 1), "repeats: 2", "repeats: 1", 1)
	w.hook = func(ctx context.Context, c *Command, sc sysbenchCall, n int) (int, error, bool) {
		if sc.measured && sc.engine == "aria" && sc.threads > 1 {
			io.WriteString(c.Stdout, transcript(t, filepath.Join(realDir, "sysbench-1.0.20-oltp_read_write-aria-4thr.txt"))[0])
			return 1, &ExitError{Code: 1}, true
		}
		return 0, nil, false
	}
	hints := map[string]string{}
	r := w.runner(fakePlan(t, src), filepath.Join(t.TempDir(), "c"))
	r.Observe = func(e Event) {
		if e.Kind == EventRunEnd {
			hints[e.Run.ID] = e.Hint
		}
	}
	m, err := r.Run(context.Background())
	var failed *FailedRunsError
	if !errors.As(err, &failed) || len(failed.Failed) != 1 {
		t.Fatalf("campaign: %v", err)
	}
	h := hints["aria/oltp_read_write/4thr-r1"]
	if !strings.HasPrefix(h, "error 1062 (duplicate key): engines without transactions (Aria, MyISAM)") || !strings.Contains(h, "--mysql-ignore-errors=1062") {
		t.Errorf("hint %q", h)
	}
	if hints["innodb/oltp_read_write/4thr-r1"] != "" || hints["aria/oltp_read_write/1thr-r1"] != "" {
		t.Errorf("hints for runs that did not fail: %v", hints)
	}
	if !strings.Contains(m.Runs[3].Error, "error 1062") {
		t.Errorf("error %q", m.Runs[3].Error)
	}
}
