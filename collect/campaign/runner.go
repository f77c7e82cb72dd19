package campaign

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// ErrInterrupted reports a campaign stopped by its context (SIGINT or
// SIGTERM in sbreport run). Completed runs are kept and the manifest says
// "interrupted"; Runner.Resume continues it.
var ErrInterrupted = errors.New("collect: campaign interrupted")

// ErrUnsupported reports a campaign started where sbreport cannot run
// sysbench safely: stopping a run needs Unix process groups and signals.
// DryRun works everywhere, and so does reading the campaigns written
// elsewhere.
var ErrUnsupported = errors.New("sbreport run: campaigns need Linux or macOS (sysbench is stopped through Unix process groups and signals); here, --dry-run shows the commands, and parse, compare, scale, report and demo read campaigns run elsewhere")

// A FailedRunsError reports a campaign that ran to its end with some runs
// failed. Their output and reason are in the manifest.
type FailedRunsError struct {
	Dir    string
	Failed []string // run IDs
	Total  int
}

func (e *FailedRunsError) Error() string {
	ids := e.Failed
	more := ""
	if len(ids) > 5 {
		ids, more = ids[:5], fmt.Sprintf(" and %d more", len(e.Failed)-5)
	}
	return fmt.Sprintf("%d of %d runs failed (%s%s); see %s", len(e.Failed), e.Total,
		strings.Join(ids, ", "), more, filepath.Join(e.Dir, collect.ManifestName))
}

// An Event tells an observer how a campaign is going.
type Event struct {
	Kind string            // EventNote, EventRunStart, EventRunEnd, EventDone
	Run  *collect.RunEntry // the run, for EventRunStart and EventRunEnd
	// Desc names the run in words, for EventRunStart and EventRunEnd:
	// "innodb oltp_read_only, 4 threads, repeat 2", with every factor of
	// the plan that varies.
	Desc string
	// Hint, at EventRunEnd of a failed run, says what its error usually
	// means and what to do about it; "" when there is nothing to add.
	Hint  string
	Done  int // runs finished (any status), this one included at EventRunEnd
	Total int // runs in the campaign
	// Length is the current run's planned time (warm-up and duration).
	Length time.Duration
	// Left is the planned time of every run not yet finished, the
	// current one included, from the plan's durations.
	Left time.Duration
	Msg  string // EventNote: what is happening ("preparing innodb")
}

// Event kinds.
const (
	EventNote     = "note"
	EventRunStart = "run-start"
	EventRunEnd   = "run-end"
	EventDone     = "done"
)

// A Runner executes a plan into a campaign directory.
type Runner struct {
	Plan *Plan
	Dir  string
	// Resume continues the campaign in Dir, skipping the runs that
	// completed; without it Dir must not hold a campaign already.
	Resume bool
	// FailFast stops the campaign at the first failed run.
	FailFast bool
	// Getenv reads the password variables; nil means os.Getenv.
	Getenv func(string) string
	// Observe, when set, is called from the running goroutine.
	Observe func(Event)
	// Exec runs the commands; nil means OSExecutor.
	Exec Executor
	// Connect opens the server sessions; nil means ConnectMySQL.
	Connect Connector
	// ProcDir is where the host's /proc counters are read during each
	// measured run of a local server; "" means /proc (where it exists).
	ProcDir string
	// procEvery, when not 0, replaces the report interval as the time
	// between /proc samples (for tests).
	procEvery time.Duration

	m          *collect.Manifest
	x          Executor
	servers    map[string]Session
	states     map[string]*serverState // by server address
	steps      []step
	sysbench   string             // resolved binary
	unprepared map[string]bool    // "system layout" whose prepare failed: their runs are skipped
	rates      map[string]float64 // run ID → its throughput, read from its output (adaptive repeats)
	byCell     map[string][]step  // cell → its steps in the plan's order (adaptive repeats)
}

func (r *Runner) getenv(k string) string {
	if r.Getenv != nil {
		return r.Getenv(k)
	}
	return os.Getenv(k)
}

func (r *Runner) password(s *System) string {
	if s.MySQL.PasswordEnv == "" {
		return ""
	}
	return r.getenv(s.MySQL.PasswordEnv)
}

func (r *Runner) observe(e Event) {
	if r.Observe != nil {
		r.Observe(e)
	}
}

func (r *Runner) note(format string, args ...any) {
	r.observe(Event{Kind: EventNote, Msg: fmt.Sprintf(format, args...)})
}

// DryRun writes to w what Run would execute, passwords left out, without
// connecting to anything. With several clients, the commands of one run
// (or of one system's prepare) are listed one per client; they run at
// once.
func (r *Runner) DryRun(w io.Writer) error {
	p := r.Plan
	bin := p.Sysbench.Binary
	// Plans hold no passwords (ReadPlan refuses them); masked all the same.
	cmd := func(args []string) string { return parse.MaskPasswords(shellQuote(append([]string{bin}, args...))) }
	// on prefixes client k's command with the ssh that runs it elsewhere.
	on := func(s *System, k int, c string) string {
		if h := s.clientHost(k); h != "" {
			return shellQuote(append(s.sshArgv(), h)) + " " + c
		}
		return c
	}
	var what []string
	counts := []int{len(p.Systems), len(p.Workloads), p.Repeats}
	what = append(what, "system(s)", "workload(s)", "repeat(s)")
	for _, d := range p.dims {
		if len(d.levels) > 1 || d.kind == dimThreads {
			what = append(what, d.key)
			counts = append(counts, len(d.levels))
		}
	}
	var parts []string
	for i := range what {
		parts = append(parts, fmt.Sprintf("%d %s", counts[i], what[i]))
	}
	cross := strings.Join(parts, " × ")
	if len(p.Only) > 0 {
		cross += ", only the combinations listed"
	}
	fmt.Fprintf(w, "# %s = %d runs, %s of measurement\n", cross, len(p.steps), time.Duration(len(p.steps))*p.runLength())
	if rs := p.RepeatsSpec; rs.Adaptive() {
		fmt.Fprintf(w, "# adaptive repeats: every cell runs %d times, then again (interleaved as listed) until the 95%% interval of its geometric mean is within ±%s%%, at most %d times: the runs of repeats above %d run only when needed\n",
			rs.Min, strconv.FormatFloat(rs.Until*100, 'g', -1, 64), rs.Max, rs.Min)
	}
	fmt.Fprintf(w, "# output directory: %s\n", r.Dir)
	fmt.Fprintf(w, "# host, once:")
	for _, h := range hostCaptures {
		fmt.Fprintf(w, " %s;", shellQuote(h.argv))
	}
	fmt.Fprintln(w)
	for i := range p.Systems {
		s := &p.Systems[i]
		pw := "no password"
		if s.MySQL.PasswordEnv != "" {
			pw = "MYSQL_PWD from $" + s.MySQL.PasswordEnv
		}
		dbs := "database " + s.MySQL.DB
		if all := p.databases(s); len(all) > 1 || len(all) == 1 && all[0] != s.MySQL.DB {
			dbs = "databases " + strings.Join(all, ", ")
		}
		fmt.Fprintf(w, "# system %s: %s as %s, %s, %s; SELECT VERSION(); SHOW GLOBAL VARIABLES; SHOW GLOBAL STATUS before and after every run\n",
			s.Name, s.MySQL.address(), s.MySQL.User, dbs, pw)
		if len(s.Restart) > 0 {
			fmt.Fprintf(w, "# system %s: variables that are not dynamic are set by %s --NAME=VALUE ...\n", s.Name, shellQuote(s.Restart))
		}
	}
	if p.prepareWorkload() != "" {
		for i := range p.Systems {
			s := &p.Systems[i]
			for _, l := range p.layouts(s) {
				if len(p.layouts(s)) > 1 || l.clients > 1 {
					fmt.Fprintf(w, "# %s: %d table(s) of %d rows for %d client(s)\n", s.Name, l.tables, l.tableSize, l.clients)
				}
				for k := 1; k <= l.clients; k++ {
					fmt.Fprintf(w, "%s\n%s\n", on(s, k, cmd(p.tablesArgs(s, l, k, "cleanup"))), on(s, k, cmd(p.tablesArgs(s, l, k, "prepare"))))
				}
				if s.TableOptions != "" {
					var alters []string
					for k := 1; k <= l.clients; k++ {
						alters = append(alters, p.alterStmts(s, l, k)...)
					}
					fmt.Fprintf(w, "# %s: table options %s: --create_table_options at prepare where sysbench has it (1.1), else %s\n", s.Name, s.TableOptions, strings.Join(alters, "; "))
				}
				fmt.Fprintf(w, "# %s: %s\n", s.Name, strings.Join(p.tableStatusStmts(s, l), "; "))
			}
		}
	}
	set := map[string]string{}       // server → the variables last set on it
	configSet := map[string]string{} // server → the config it was last started with
	for _, st := range p.steps {
		if vars := p.variables(st); len(vars) > 0 {
			var sets []string
			for _, v := range vars {
				sets = append(sets, v.name+" = "+v.value)
			}
			if s := strings.Join(sets, ", "); set[st.sys.MySQL.address()] != s {
				set[st.sys.MySQL.address()] = s
				fmt.Fprintf(w, "# %s: SET GLOBAL %s (or a restart); read back into %s.settings.txt\n", st.sys.Name, s, p.id(st))
			}
		}
		if cfg := p.config(st); len(cfg) > 0 || configSet[st.sys.MySQL.address()] != "" {
			var sets []string
			for _, l := range strings.Split(configBlock(cfg), "\n") {
				if l != "" && !strings.HasPrefix(l, "#") && l != "[mysqld]" {
					sets = append(sets, l)
				}
			}
			if s := strings.Join(sets, ", "); configSet[st.sys.MySQL.address()] != s {
				configSet[st.sys.MySQL.address()] = s
				if s == "" {
					fmt.Fprintf(w, "# %s: %s back as it was, then %s\n", st.sys.Name, st.sys.OptionFile, shellQuote(st.sys.Restart))
				} else {
					fmt.Fprintf(w, "# %s: %s ends with [mysqld] %s, then %s\n", st.sys.Name, st.sys.OptionFile, strings.ReplaceAll(s, ", ", "; "), shellQuote(st.sys.Restart))
				}
			}
		}
		if st.clients > 1 {
			fmt.Fprintf(w, "# %s: %d clients at once\n", p.id(st), st.clients)
		}
		if p.Warmup > 0 {
			for k := 1; k <= st.clients; k++ {
				fmt.Fprintf(w, "%s  # warm-up, discarded\n", on(st.sys, k, cmd(p.runArgs(st, k, false))))
			}
		}
		for k := 1; k <= st.clients; k++ {
			fmt.Fprintf(w, "%s  # %s.txt\n", on(st.sys, k, cmd(p.runArgs(st, k, true))), clientName(p.id(st), st.clients, k))
		}
	}
	if p.prepareWorkload() != "" && !p.KeepTables {
		for i := range p.Systems {
			s := &p.Systems[i]
			for _, l := range p.layouts(s) {
				for k := 1; k <= l.clients; k++ {
					fmt.Fprintln(w, on(s, k, cmd(p.tablesArgs(s, l, k, "cleanup"))))
				}
			}
		}
	}
	if len(set) > 0 {
		fmt.Fprintln(w, "# at the end (or when interrupted): every variable set back to its value before the campaign")
	}
	if len(configSet) > 0 {
		fmt.Fprintln(w, "# at the end (or when interrupted): every option file back as it was, and its server restarted")
	}
	return nil
}

// alterStmts are the ALTER TABLE statements that give client k's tables
// of layout l of system s its table options.
func (p *Plan) alterStmts(s *System, l layout, k int) []string {
	var out []string
	for t := 1; t <= l.tables/l.clients; t++ {
		out = append(out, fmt.Sprintf("ALTER TABLE `%s`.`sbtest%d` %s", p.db(s, l, k), t, s.TableOptions))
	}
	return out
}

// tableStatusStmts are the statements that capture the tables of layout
// l of system s after prepare, one per client database.
func (p *Plan) tableStatusStmts(s *System, l layout) []string {
	if len(p.databases(s)) == 1 {
		return []string{"SHOW TABLE STATUS"} // in the connection's database
	}
	var out []string
	for k := 1; k <= l.clients; k++ {
		out = append(out, "SHOW TABLE STATUS FROM `"+p.db(s, l, k)+"`")
	}
	return out
}

// Run executes the campaign: preflight checks, host and server captures,
// prepare, every run in order, cleanup. It returns the manifest as last
// written. The error is ErrInterrupted when ctx ends first, a
// *FailedRunsError when some runs failed, and anything else when the
// campaign could not start or stopped (--fail-fast).
func (r *Runner) Run(ctx context.Context) (m *collect.Manifest, err error) {
	r.x = r.Exec
	if r.x == nil {
		if !osSupported {
			return nil, ErrUnsupported
		}
		r.x = OSExecutor{}
	}
	p := r.Plan
	if ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	r.steps = p.steps
	old, err := r.checkDir()
	if err != nil {
		return nil, err
	}
	if err := r.preflight(ctx, old); err != nil {
		if ctx.Err() != nil {
			err = ErrInterrupted
		}
		return nil, err
	}
	defer func() {
		for _, s := range r.servers {
			s.Close()
		}
	}()
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockDir(r.Dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	removeStaleTemps(r.Dir)
	if err := r.openManifest(ctx); err != nil {
		return nil, err
	}
	m = r.m
	r.recordSettings()
	defer func() {
		// Put the servers back, also when interrupted or failed.
		r.restoreSettings(ctx)
		now := time.Now().UTC().Truncate(time.Second)
		switch {
		case errors.Is(err, ErrInterrupted):
			m.Status = collect.CampaignInterrupted
		case err != nil && !isFailedRuns(err):
			m.Status = collect.CampaignFailed
			m.Error = err.Error()
		default:
			m.Status = collect.CampaignComplete
			m.Error = ""
		}
		m.Ended = &now
		if p.RepeatsSpec.Adaptive() {
			m.Cells = r.cellRepeats()
		}
		if werr := writeManifest(m, r.Dir); werr != nil && err == nil {
			err = werr
		}
		r.observe(Event{Kind: EventDone, Done: r.finished(), Total: len(m.Runs)})
	}()

	r.note("capturing the host")
	captureHost(ctx, r.x, r.Dir, &m.Host)
	if ctx.Err() != nil {
		return m, ErrInterrupted
	}
	for i := range p.Systems {
		if err := r.captureSystem(ctx, i); err != nil {
			return m, err
		}
	}
	if err := writeManifest(m, r.Dir); err != nil {
		return m, err
	}
	if err := r.prepareAll(ctx); err != nil {
		return m, err
	}

	for _, st := range r.steps {
		e := r.entry(p.id(st))
		if e.Status == collect.RunOK || r.unprepared[r.layoutKey(st.sys, st.layout())] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return m, ErrInterrupted
		}
		if rs := p.RepeatsSpec; rs.Adaptive() && st.repeat > rs.Min {
			if hw, ok := r.cellInterval(st); ok && hw <= rs.Until {
				e.Status, e.Error = collect.RunSkipped, ""
				if err := writeManifest(m, r.Dir); err != nil {
					return m, err
				}
				continue
			}
		}
		if err := r.runOne(ctx, st, e); err != nil {
			return m, err
		}
		if e.Status == collect.RunFailed && r.FailFast {
			return m, fmt.Errorf("run %s failed (--fail-fast): %s", e.ID, e.Error)
		}
	}

	if p.prepareWorkload() != "" && !p.KeepTables {
		for i := range p.Systems {
			if err := r.cleanup(ctx, &p.Systems[i]); err != nil {
				return m, err
			}
		}
	}
	if failed := failedIDs(m); len(failed) > 0 {
		return m, &FailedRunsError{Dir: r.Dir, Failed: failed, Total: len(m.Runs)}
	}
	return m, nil
}

func isFailedRuns(err error) bool {
	var f *FailedRunsError
	return errors.As(err, &f)
}

// checkDir refuses to start a new campaign in a directory that holds one
// or holds anything else, and to resume one that does not match the plan.
// It returns the campaign to resume, nil for a new one.
func (r *Runner) checkDir() (*collect.Manifest, error) {
	old, err := collect.ReadManifest(r.Dir)
	switch {
	case err == nil:
		if !r.Resume {
			return nil, fmt.Errorf("%s already holds a campaign (status %s); add --resume to continue it, or choose another -o directory", r.Dir, old.Status)
		}
		if old.PlanDigest != r.Plan.Digest {
			return nil, fmt.Errorf("%s was started from a different plan (%s); resume with the same plan, or choose another -o directory", r.Dir, old.PlanFile)
		}
		return old, nil
	case !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	entries, err := os.ReadDir(r.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			return nil, fmt.Errorf("%s is not empty and holds no campaign; choose an empty or new -o directory", r.Dir)
		}
	}
	return nil, nil
}

// preflight checks sysbench, each workload, each server and the
// variables to set on it before anything runs.
func (r *Runner) preflight(ctx context.Context, old *collect.Manifest) error {
	p := r.Plan
	bin, err := r.x.LookPath(p.Sysbench.Binary)
	if err != nil {
		return fmt.Errorf("%s not found in $PATH", p.Sysbench.Binary)
	}
	r.sysbench = bin
	for _, w := range p.Workloads {
		var out bytes.Buffer
		argv := []string{p.Sysbench.Binary, w, "help"}
		_, err := r.x.Run(ctx, &Command{Argv: argv, Path: bin, Stdout: &out, Limit: 30 * time.Second})
		if errors.Is(err, ErrInterrupted) {
			return err
		}
		if err != nil {
			return fmt.Errorf("workload %s: %w", w, commandError(argv, err, out.Bytes()))
		}
		if w == p.prepareWorkload() {
			// sysbench 1.1's oltp_common takes table options at prepare;
			// 1.0's cannot (its --mysql-table-options is not declared).
			p.createTableOptions = bytes.Contains(out.Bytes(), []byte("--create_table_options"))
		}
	}
	if err := r.checkClientHosts(ctx); err != nil {
		return err
	}
	connect := r.Connect
	if connect == nil {
		connect = ConnectMySQL
	}
	r.servers = map[string]Session{}
	for i := range p.Systems {
		s := &p.Systems[i]
		if s.MySQL.PasswordEnv != "" && r.password(s) == "" {
			return fmt.Errorf("system %s: environment variable %s is not set", s.Name, s.MySQL.PasswordEnv)
		}
		srv, err := connect(ctx, s, r.password(s), p.databases(s))
		if err != nil {
			for _, o := range r.servers {
				o.Close()
			}
			r.servers = nil
			if ctx.Err() != nil {
				return ErrInterrupted
			}
			return err
		}
		r.servers[s.Name] = srv
	}
	return r.planSettings(ctx, old)
}

// sbreportVersion names the running binary's module version and commit.
func sbreportVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}

func (r *Runner) openManifest(ctx context.Context) error {
	p := r.Plan
	var version bytes.Buffer
	r.x.Run(ctx, &Command{Argv: []string{p.Sysbench.Binary, "--version"}, Path: r.sysbench, Stdout: &version, Limit: 30 * time.Second})
	if r.Resume {
		if old, err := collect.ReadManifest(r.Dir); err == nil {
			r.m = old
			r.m.Status = collect.CampaignRunning
			r.m.Ended = nil
			r.m.Error = ""
			r.m.Plan = p
			for _, e := range r.m.Runs {
				if e.Status != collect.RunOK {
					e.Status = collect.RunPending
				}
			}
			return writeManifest(r.m, r.Dir)
		}
	}
	m := &collect.Manifest{
		Format:     collect.ManifestFormat,
		Status:     collect.CampaignRunning,
		Started:    time.Now().UTC().Truncate(time.Second),
		PlanFile:   p.Name,
		PlanDigest: p.Digest,
		Password:   "sysbench reads MYSQL_PWD (set from each system's password_env); it is never on a command line or in a file",
		Tools:      collect.Tools{Sbreport: sbreportVersion(), Sysbench: strings.TrimSpace(firstLine(version.String()))},
		Plan:       p,
	}
	for i := range p.Systems {
		s := &p.Systems[i]
		se := collect.SystemEntry{Name: s.Name, Engine: s.Engine, Address: s.MySQL.address(), DB: s.MySQL.DB, Labels: p.systemLabels(s)}
		if eps := s.MySQL.endpoints(); len(eps) > 1 {
			for _, e := range eps {
				se.Endpoints = append(se.Endpoints, e.address())
			}
		}
		if dbs := p.databases(s); len(dbs) > 1 || len(dbs) == 1 && dbs[0] != s.MySQL.DB {
			se.Databases = dbs
		}
		m.Systems = append(m.Systems, se)
	}
	for _, st := range r.steps {
		e := &collect.RunEntry{ID: p.id(st), Status: collect.RunPending, Labels: p.runLabels(st)}
		p.setCommands(e, st)
		m.Runs = append(m.Runs, e)
	}
	r.m = m
	return writeManifest(m, r.Dir)
}

// setCommands records the measured commands of a run in its entry: in
// Command with one client, in Commands (client by client) with several;
// and, client by client, the endpoint and host of each when there are
// several endpoints or clients on other hosts.
func (p *Plan) setCommands(e *collect.RunEntry, st step) {
	e.Command, e.Commands = "", nil
	e.Endpoints, e.ClientHosts = nil, nil
	for k := 1; k <= st.clients && st.clients > 1; k++ {
		if len(st.sys.MySQL.endpoints()) > 1 {
			e.Endpoints = append(e.Endpoints, st.sys.MySQL.endpoint(k).address())
		}
		if len(st.sys.ClientsOn) > 0 {
			e.ClientHosts = append(e.ClientHosts, st.sys.clientHost(k))
		}
	}
	for k := 1; k <= st.clients; k++ {
		c := parse.MaskPasswords(shellQuote(append([]string{p.Sysbench.Binary}, p.runArgs(st, k, true)...)))
		if st.clients == 1 {
			e.Command = c
		} else {
			e.Commands = append(e.Commands, c)
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func (r *Runner) entry(id string) *collect.RunEntry {
	for _, e := range r.m.Runs {
		if e.ID == id {
			return e
		}
	}
	panic("collect: no manifest entry for run " + id)
}

func (r *Runner) systemEntry(name string) *collect.SystemEntry {
	for i := range r.m.Systems {
		if r.m.Systems[i].Name == name {
			return &r.m.Systems[i]
		}
	}
	panic("collect: no manifest entry for system " + name)
}

func (r *Runner) finished() int {
	n := 0
	for _, e := range r.m.Runs {
		if e.Status == collect.RunOK || e.Status == collect.RunFailed || e.Status == collect.RunSkipped {
			n++
		}
	}
	return n
}

// captureSystem records the server version and variables once.
func (r *Runner) captureSystem(ctx context.Context, i int) error {
	s := &r.Plan.Systems[i]
	se := r.systemEntry(s.Name)
	srv := r.servers[s.Name]
	se.Server = srv.Version()
	if se.Files == nil {
		se.Files = map[string]string{}
	}
	for _, c := range []struct{ kind, file, stmt string }{
		{collect.FileVersion, "version.txt", "SELECT VERSION()"},
		{collect.FileVariables, "variables.txt", "SHOW GLOBAL VARIABLES"},
	} {
		if _, done := se.Files[c.kind]; done {
			continue
		}
		rel := path.Join(s.Name, c.file)
		if err := capture(ctx, srv, c.stmt, filepath.Join(r.Dir, rel)); err != nil {
			se.Errors = append(se.Errors, err.Error())
			continue
		}
		se.Files[c.kind] = rel
	}
	if ctx.Err() != nil {
		return ErrInterrupted
	}
	return nil
}

// prepareAll makes the tables of every layout of every system that lacks
// them and has runs left. With several clients, each client database is
// prepared by its own sysbench, all at once.
func (r *Runner) prepareAll(ctx context.Context) error {
	p := r.Plan
	r.unprepared = map[string]bool{}
	if p.prepareWorkload() == "" {
		return nil
	}
	for i := range p.Systems {
		s := &p.Systems[i]
		se := r.systemEntry(s.Name)
		wasPrepared := se.Prepared
		se.Prepared = false
		for _, l := range p.layouts(s) {
			if !r.runsLeft(s, l) {
				continue // resumed, and done with these tables
			}
			if wasPrepared && r.tablesInPlace(ctx, s, l) {
				continue
			}
			if err := r.prepare(ctx, s, se, l); err != nil {
				return err
			}
		}
		se.Prepared = true
		se.Cleaned = false
		if err := writeManifest(r.m, r.Dir); err != nil {
			return err
		}
	}
	return nil
}

// layoutKey names a system's layout in Runner.unprepared.
func (r *Runner) layoutKey(s *System, l layout) string {
	return fmt.Sprintf("%s %d %d %d", s.Name, l.tables, l.tableSize, l.clients)
}

// prepare makes the tables of layout l of system s and captures their
// status. A failure fails the runs on those tables (or, with --fail-fast,
// the campaign).
func (r *Runner) prepare(ctx context.Context, s *System, se *collect.SystemEntry, l layout) error {
	p := r.Plan
	r.note("preparing %s: %d table(s) of %d rows", s.Name, l.tables, l.tableSize)
	jobs := make([]job, l.clients)
	var rels []string
	for k := 1; k <= l.clients; k++ {
		rel := p.layoutFile(s, l, "prepare", k)
		se.Files[p.layoutKind(s, l, collect.FilePrepare, k)] = rel
		rels = append(rels, rel)
		jobs[k-1] = job{file: filepath.Join(r.Dir, rel), host: s.clientHost(k), argvs: [][]string{p.tablesArgs(s, l, k, "cleanup"), p.tablesArgs(s, l, k, "prepare")}}
	}
	_, errs := r.runGroup(ctx, s, 0, jobs)
	err := groupError(errs)
	if errors.Is(err, ErrInterrupted) {
		for k := 1; k <= l.clients; k++ {
			delete(se.Files, p.layoutKind(s, l, collect.FilePrepare, k)) // discarded by runGroup
		}
		return err
	}
	if err != nil {
		msg := fmt.Sprintf("prepare failed: %v (output in %s)", err, strings.Join(rels, ", "))
		se.Errors = append(se.Errors, msg)
		if r.FailFast {
			return fmt.Errorf("system %s: %s", s.Name, msg)
		}
		// Its runs cannot measure anything: record them as failed.
		r.unprepared[r.layoutKey(s, l)] = true
		for _, st := range p.steps {
			if e := r.entry(p.id(st)); st.sys == s && st.layout() == l && e.Status != collect.RunOK {
				e.Status, e.Error = collect.RunFailed, msg
			}
		}
		return nil
	}
	if s.TableOptions != "" && !p.createTableOptions {
		// Right after prepare, before anything reads the tables.
		for k := 1; k <= l.clients; k++ {
			for _, stmt := range p.alterStmts(s, l, k) {
				if err := r.servers[s.Name].Exec(ctx, stmt); err != nil {
					if ctx.Err() != nil {
						return ErrInterrupted
					}
					msg := fmt.Sprintf("table_options: %v", err)
					se.Errors = append(se.Errors, msg)
					if r.FailFast {
						return fmt.Errorf("system %s: %s", s.Name, msg)
					}
					r.unprepared[r.layoutKey(s, l)] = true
					for _, st := range p.steps {
						if e := r.entry(p.id(st)); st.sys == s && st.layout() == l && e.Status != collect.RunOK {
							e.Status, e.Error = collect.RunFailed, msg
						}
					}
					return nil
				}
			}
		}
	}
	if s.TableOptions != "" {
		se.TableOptions = s.TableOptions
		se.TableOptionsBy = "ALTER TABLE after prepare"
		if p.createTableOptions {
			se.TableOptionsBy = "--create_table_options at prepare"
		}
		for k := 1; k <= l.clients; k++ {
			rel := p.layoutFile(s, l, "create-table", k)
			stmt := "SHOW CREATE TABLE `" + p.db(s, l, k) + "`.`sbtest1`"
			if err := capture(ctx, r.servers[s.Name], stmt, filepath.Join(r.Dir, rel)); err != nil {
				se.Errors = append(se.Errors, err.Error())
			} else {
				se.Files[p.layoutKind(s, l, collect.FileCreateTable, k)] = rel
			}
		}
	}
	for k, stmt := range p.tableStatusStmts(s, l) {
		rel := p.layoutFile(s, l, "table-status", k+1)
		if err := capture(ctx, r.servers[s.Name], stmt, filepath.Join(r.Dir, rel)); err != nil {
			se.Errors = append(se.Errors, err.Error())
		} else {
			se.Files[p.layoutKind(s, l, collect.FileTableStatus, k+1)] = rel
		}
	}
	return nil
}

// runsLeft reports whether system s has runs still to do on layout l.
func (r *Runner) runsLeft(s *System, l layout) bool {
	for _, st := range r.Plan.steps {
		if st.sys == s && st.layout() == l && r.entry(r.Plan.id(st)).Status != collect.RunOK {
			return true
		}
	}
	return false
}

// tablesInPlace reports whether every client database of layout l of
// system s holds its share of the tables.
func (r *Runner) tablesInPlace(ctx context.Context, s *System, l layout) bool {
	want := l.tables / l.clients
	for k := 1; k <= l.clients; k++ {
		if n, err := r.servers[s.Name].TableCount(ctx, r.Plan.db(s, l, k), want); err != nil || n != want {
			return false
		}
	}
	return true
}

// cleanup drops a system's tables once all its runs are done.
func (r *Runner) cleanup(ctx context.Context, s *System) error {
	p := r.Plan
	se := r.systemEntry(s.Name)
	if !se.Prepared {
		return nil
	}
	r.note("cleaning up %s", s.Name)
	var jobs []job
	var rels []string
	for _, l := range p.layouts(s) {
		for k := 1; k <= l.clients; k++ {
			rel := p.layoutFile(s, l, "cleanup", k)
			se.Files[p.layoutKind(s, l, collect.FileCleanup, k)] = rel
			rels = append(rels, rel)
			jobs = append(jobs, job{file: filepath.Join(r.Dir, rel), host: s.clientHost(k), argvs: [][]string{p.tablesArgs(s, l, k, "cleanup")}})
		}
	}
	_, errs := r.runGroup(ctx, s, 0, jobs)
	err := groupError(errs)
	if errors.Is(err, ErrInterrupted) {
		deleteKinds(se.Files, collect.FileCleanup) // discarded by runGroup
		return err
	}
	if err != nil {
		se.Errors = append(se.Errors, fmt.Sprintf("cleanup failed: %v (output in %s)", err, strings.Join(rels, ", ")))
	} else {
		se.Prepared, se.Cleaned = false, true
	}
	return writeManifest(r.m, r.Dir)
}

// left is the planned time of the runs not yet finished.
func (r *Runner) left() time.Duration {
	n := len(r.m.Runs) - r.finished()
	return time.Duration(n) * r.Plan.runLength()
}

// runOne executes one measured run with its captures and records it.
// With several clients, the run's warm-up and then its measured run are
// each a group of sysbench processes started at once; the status
// snapshots surround the whole of it.
func (r *Runner) runOne(ctx context.Context, st step, e *collect.RunEntry) error {
	p := r.Plan
	srv := r.servers[st.sys.Name]
	now := time.Now().UTC().Truncate(time.Second)
	e.Status, e.Started, e.Ended, e.Error, e.ExitStatus, e.ExitStatuses = collect.RunRunning, &now, nil, "", nil, nil
	e.Errors, e.Settings = nil, nil
	e.MeasuredFrom, e.MeasuredTo = nil, nil
	e.Config, e.ConfigRead = nil, nil
	e.Attempts++
	e.Files = map[string]string{}
	if err := writeManifest(r.m, r.Dir); err != nil {
		return err
	}
	r.observe(Event{Kind: EventRunStart, Run: e, Desc: p.describe(st), Done: r.finished(), Total: len(r.m.Runs), Length: p.runLength(), Left: r.left()})

	stem := p.id(st)
	// SHOW GLOBAL STATUS just before and just after the measured run (all
	// its clients), both in one compressed file: the second snapshot
	// compresses to little against the first. The warm-up is outside, so
	// that the deltas are the measured transactions' work.
	var status []byte
	snapshot := func(stmt string) {
		data, err := srv.Capture(ctx, stmt)
		if err != nil {
			e.Errors = append(e.Errors, err.Error())
			return
		}
		status = append(status, data...)
	}

	// group runs one process per client, each writing STEM[.cK]SUFFIX.
	group := func(kind, suffix string, limit time.Duration, measured bool) ([]int, error) {
		jobs := make([]job, st.clients)
		for k := 1; k <= st.clients; k++ {
			rel := clientName(stem, st.clients, k) + suffix
			e.Files[clientName(kind, st.clients, k)] = rel
			jobs[k-1] = job{file: filepath.Join(r.Dir, rel), host: st.sys.clientHost(k), argvs: [][]string{p.runArgs(st, k, measured)}}
		}
		exits, errs := r.runGroup(ctx, st.sys, limit, jobs)
		return exits, groupError(errs)
	}
	var runErr error
	settings, err := r.applySettings(ctx, st)
	switch {
	case errors.Is(err, ErrInterrupted) || ctx.Err() != nil:
		runErr = ErrInterrupted
	case err != nil:
		runErr = fmt.Errorf("server settings: %w", err)
	default:
		e.Settings = settings
		if cfg := p.config(st); len(cfg) > 0 {
			e.Config, e.ConfigRead = map[string]string{}, map[string]string{}
			for _, c := range cfg {
				e.Config[c.name] = c.value
				// A setting that is also a variable shows what the server
				// made of it (skip-log-bin: log_bin OFF).
				if v, _, err := srv.Variable(ctx, strings.ReplaceAll(c.name, "-", "_")); err == nil {
					e.ConfigRead[c.name] = v
				}
			}
		}
		r.captureSettings(ctx, st, e, stem)
	}
	if runErr == nil && p.Warmup > 0 {
		if _, err := group(collect.FileWarmup, ".warmup.txt", p.Warmup.Duration()+p.Grace.Duration(), false); err != nil {
			runErr = fmt.Errorf("warm-up: %w", err)
		}
	}
	if runErr == nil {
		snapshot(StatusBefore)
		p.setCommands(e, st)
		samples := r.startSampler(st, e, stem)
		var exits []int
		from := time.Now().UTC().Truncate(time.Millisecond)
		exits, runErr = group(collect.FileOutput, ".txt", p.Duration.Duration()+p.Grace.Duration(), true)
		to := time.Now().UTC().Truncate(time.Millisecond)
		if !errors.Is(runErr, ErrInterrupted) {
			e.MeasuredFrom, e.MeasuredTo = &from, &to
		}
		if samples != nil {
			// Kept with the output, failed runs included; dropped with it
			// when interrupted.
			if err := samples.finish(!errors.Is(runErr, ErrInterrupted)); err != nil {
				e.Errors = append(e.Errors, fmt.Sprintf("/proc samples: %v", err))
				delete(e.Files, collect.FileProc)
			}
			if errors.Is(runErr, ErrInterrupted) {
				delete(e.Files, collect.FileProc)
			}
		}
		exit := exits[0]
		for _, x := range exits {
			if x != 0 {
				exit = x // the first client that did not exit 0
				break
			}
		}
		e.ExitStatus = &exit
		if st.clients > 1 {
			e.ExitStatuses = exits
		}
	}
	interrupted := errors.Is(runErr, ErrInterrupted)
	if len(status) > 0 && !interrupted {
		snapshot(StatusAfter)
	}
	// An interrupted run measured nothing: like its output, its status
	// snapshot is not kept.
	if len(status) > 0 && !interrupted {
		rel := stem + ".status.txt.gz"
		if err := writeCapture(filepath.Join(r.Dir, rel), status); err != nil {
			e.Errors = append(e.Errors, err.Error())
		} else {
			e.Files[collect.FileStatus] = rel
		}
	}

	end := time.Now().UTC().Truncate(time.Second)
	e.Ended = &end
	switch {
	case errors.Is(runErr, ErrInterrupted):
		e.Status, e.Error = collect.RunInterrupted, "interrupted"
		deleteKinds(e.Files, collect.FileOutput, collect.FileWarmup) // discarded by runGroup
		if rel := e.Files[collect.FileSettings]; rel != "" {
			os.Remove(filepath.Join(r.Dir, rel))
			delete(e.Files, collect.FileSettings)
		}
	case runErr != nil:
		e.Status, e.Error = collect.RunFailed, runErr.Error()
	default:
		e.Status = collect.RunOK
	}
	if err := writeManifest(r.m, r.Dir); err != nil {
		return err
	}
	ev := Event{Kind: EventRunEnd, Run: e, Desc: p.describe(st), Done: r.finished(), Total: len(r.m.Runs), Length: p.runLength(), Left: r.left()}
	if e.Status == collect.RunFailed {
		ev.Hint = hint(e.Error)
	}
	r.observe(ev)
	if errors.Is(runErr, ErrInterrupted) {
		return ErrInterrupted
	}
	return nil
}

// startSampler starts sampling the host's /proc counters into
// STEM.proc.txt for the measured run of st, when its server is local and
// the host has /proc; nil otherwise.
func (r *Runner) startSampler(st step, e *collect.RunEntry, stem string) *sampler {
	dir := r.procDir()
	if dir == "" || !st.sys.MySQL.local() {
		return nil
	}
	every := r.procEvery
	if every == 0 {
		every = time.Second
		if ri := *r.Plan.Sysbench.ReportInterval; ri > 0 {
			every = ri.Duration()
		}
	}
	rel := stem + ".proc.txt"
	s, err := startSampler(dir, filepath.Join(r.Dir, rel), every)
	if err != nil {
		e.Errors = append(e.Errors, fmt.Sprintf("/proc samples: %v", err))
		return nil
	}
	e.Files[collect.FileProc] = rel
	return s
}

// sqlError finds the server error code in sysbench's FATAL lines: "error
// 1062 (" or "errno = 1062".
var sqlError = regexp.MustCompile(`(?:error|errno =) (\d{4})\b`)

// hint explains the failures a campaign commonly meets.
func hint(msg string) string {
	m := sqlError.FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	switch m[1] {
	case "1062":
		return "error 1062 (duplicate key): engines without transactions (Aria, MyISAM) cannot isolate the DELETE and INSERT of one id that oltp_read_write and oltp_write_only run, so concurrent threads collide. " +
			"Add --mysql-ignore-errors=1062 to sysbench.extra (sysbench then counts them under ignored errors; the same option applies to every system), run these workloads with 1 thread, or leave them out for this engine. See examples/plan.yaml"
	case "1146":
		return "error 1146 (no such table): the tables were dropped or never prepared; --resume prepares them again"
	case "2002", "2003", "2013", "2006":
		return "the server went away or refused the connection; check that it runs, then --resume runs the failed runs again"
	}
	return ""
}

// deleteKinds removes from files the given kinds, client by client too
// ("output" removes output.c1, output.c2, ...).
func deleteKinds(files map[string]string, kinds ...string) {
	for k := range files {
		base, _ := collect.SplitKind(k)
		for _, kind := range kinds {
			if base == kind {
				delete(files, k)
			}
		}
	}
}

// The statements of a run's status snapshots. The comment tells the two
// apart in the capture, which holds both, before first.
const (
	StatusBefore = "SHOW GLOBAL STATUS /* before the run */"
	StatusAfter  = "SHOW GLOBAL STATUS /* after the run */"
)

// A job is one client's share of a group: the argvs it runs in turn and
// the file that gets their output.
type job struct {
	file  string
	host  string // the ssh destination it runs on; "" for this host
	argvs [][]string
}

// runGroup runs jobs at once, each in a goroutine of its own (see
// runSysbench), and waits for all of them. It returns each job's exit
// status and error, in job order. ctx ending stops every process. When
// any job was interrupted, the whole group measured nothing: the files
// of the jobs that completed are removed too, so that only complete
// groups leave output.
func (r *Runner) runGroup(ctx context.Context, s *System, limit time.Duration, jobs []job) (exits []int, errs []error) {
	exits, errs = make([]int, len(jobs)), make([]error, len(jobs))
	if len(jobs) == 1 {
		exits[0], errs[0] = r.runSysbench(ctx, s, limit, jobs[0].file, jobs[0].host, jobs[0].argvs...)
		return exits, errs
	}
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			exits[i], errs[i] = r.runSysbench(ctx, s, limit, j.file, j.host, j.argvs...)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if errors.Is(err, ErrInterrupted) {
			for i, j := range jobs {
				if !errors.Is(errs[i], ErrInterrupted) {
					os.Remove(j.file)
					errs[i] = ErrInterrupted
				}
			}
			break
		}
	}
	return exits, errs
}

// groupError sums up the errors of a group's jobs: nil when all
// succeeded, ErrInterrupted when it was interrupted, the error itself for
// one job, and each failed client's error ("client 2: ...") for several.
func groupError(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	var msgs []string
	for i, err := range errs {
		if errors.Is(err, ErrInterrupted) {
			return ErrInterrupted
		}
		if err != nil {
			msgs = append(msgs, fmt.Sprintf("client %d: %v", i+1, err))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return errors.New(strings.Join(msgs, "; "))
}

// runSysbench runs each argv in turn (stopping at the first failure),
// writing to file "$ sysbench ARGS" and what it printed, for each, and
// returns the exit status of the last process it ran (-1 when it was
// killed or did not start). The password reaches sysbench through
// MYSQL_PWD, which libmariadb reads when no --mysql-password is given.
// limit (0: none) bounds each process; ctx ending stops it with SIGTERM,
// then SIGKILL after 5 s. The file is renamed into place when sysbench
// ends, so a failed run keeps its output, and discarded when ctx ended.
// It touches no Runner state, so that the clients of a group can run it
// at once.
func (r *Runner) runSysbench(ctx context.Context, s *System, limit time.Duration, file, host string, argvs ...[]string) (exit int, err error) {
	exit = -1
	f, err := createAtomic(file)
	if err != nil {
		return exit, err
	}
	var env []string
	if pw := r.password(s); pw != "" {
		env = []string{"MYSQL_PWD=" + pw}
	}
	var runErr error
	for _, args := range argvs {
		if _, err := fmt.Fprintf(f, "$ %s\n", parse.MaskPasswords(shellQuote(append([]string{r.Plan.Sysbench.Binary}, args...)))); err != nil {
			f.Abort()
			return exit, err
		}
		argv := append([]string{r.Plan.Sysbench.Binary}, args...)
		c := &Command{Argv: argv, Path: r.sysbench, Env: env, Stdout: f.File, Limit: limit}
		if host != "" {
			// sysbench on another host, through ssh: the password goes on
			// ssh's standard input, never on a command line.
			c = r.sshCommand(s, host, argv, r.password(s))
			c.Stdout, c.Limit = f.File, limit
		}
		exit, runErr = r.x.Run(ctx, c)
		var ee *ExitError
		if errors.As(runErr, &ee) {
			runErr = fmt.Errorf("%s %w", baseName(r.Plan.Sysbench.Binary), runErr)
		} else if runErr != nil && !errors.Is(runErr, ErrInterrupted) && !errors.Is(runErr, ErrTimeout) {
			runErr = commandError(argv, runErr, nil)
		}
		if runErr != nil {
			break
		}
	}
	if errors.Is(runErr, ErrInterrupted) {
		// What an interrupted run printed measures nothing; --resume runs
		// it again. Leave no file that could pass for a result.
		f.Abort()
		return exit, runErr
	}
	if err := f.Commit(); err != nil {
		return exit, err
	}
	fatal := firstFatal(file)
	switch {
	case runErr == nil && fatal != "":
		// sysbench can exit 0 after a FATAL line (a failing thread in
		// some 1.0 builds); its own word wins.
		runErr = errors.New(fatal)
	case runErr != nil && fatal != "" && !errors.Is(runErr, ErrInterrupted):
		runErr = fmt.Errorf("%w: %s", runErr, fatal)
	}
	return exit, runErr
}

// firstFatal returns the first two "FATAL:" lines sysbench printed (the
// second often holds the server's error code), joined by "; ".
func firstFatal(file string) string {
	data := readSmall(file, 64<<20)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	var lines []string
	for sc.Scan() && len(lines) < 2 {
		if l := sc.Text(); strings.HasPrefix(l, "FATAL:") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "; ")
}
