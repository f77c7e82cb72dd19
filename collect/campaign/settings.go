package campaign

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/collect"
)

// ErrNoVariable is returned by Session.Variable for a variable the server
// does not have (or has only per session).
var ErrNoVariable = errors.New("campaign: no such global variable")

// A serverState is what the runner knows of one server's variables. Two
// systems on one server (one address) share it.
type serverState struct {
	addr    string
	restart []string // the restart command, of the first system on it that gives one
	// vars are the variables the runs on this server set, in plan order;
	// a run that does not set one of them runs with its original value.
	vars     []string
	original map[string]string // before the campaign, as the server showed it
	dynamic  map[string]bool   // changeable with SET GLOBAL
	// started holds the values of the non-dynamic variables the server
	// was last started with: original ones until a restart.
	started map[string]string
	// asked and got are the last value set with SET GLOBAL and the value
	// the server read back, per variable: the server may round (a buffer
	// pool to its chunk size), and the same request need not be repeated.
	asked, got map[string]string
	// Config: hasConfig says some run on this server has option file
	// settings, written at the end of optionFile (whose content before
	// the campaign is fileOriginal, fileExisted false when there was
	// none); configStarted is the block the server was last started with
	// ("" for none: the file as it was).
	hasConfig     bool
	optionFile    string
	fileOriginal  []byte
	fileExisted   bool
	configStarted string
}

// stateOf returns the state of system s's server.
func (r *Runner) stateOf(s *System) *serverState { return r.states[s.MySQL.address()] }

// planSettings builds the state of every server whose runs set a variable
// and checks, on each, that every such variable exists and can be changed
// (SET GLOBAL to its own value: the privilege too), or that the system
// has a restart command. The original values come from the manifest when
// resuming (the server may still hold the campaign's values), else from
// the server.
func (r *Runner) planSettings(ctx context.Context, old *collect.Manifest) error {
	p := r.Plan
	r.states = map[string]*serverState{}
	for _, st := range p.steps {
		addr := st.sys.MySQL.address()
		ss := r.states[addr]
		if ss == nil {
			ss = &serverState{addr: addr, original: map[string]string{}, dynamic: map[string]bool{},
				started: map[string]string{}, asked: map[string]string{}, got: map[string]string{}}
			r.states[addr] = ss
		}
		if ss.restart == nil && len(st.sys.Restart) > 0 {
			ss.restart = st.sys.Restart
		}
		if len(p.config(st)) > 0 {
			ss.hasConfig = true
		}
		if ss.optionFile == "" {
			ss.optionFile = st.sys.OptionFile
		}
		for _, v := range p.variables(st) {
			if !slices.Contains(ss.vars, v.name) {
				ss.vars = append(ss.vars, v.name)
			}
		}
	}
	for _, addr := range sortedKeys(r.states) {
		if err := r.planOptionFile(r.states[addr], old); err != nil {
			return err
		}
	}
	for i := range p.Systems {
		s := &p.Systems[i]
		ss := r.stateOf(s)
		if ss == nil || len(ss.vars) == 0 {
			continue
		}
		srv := r.servers[s.Name]
		for _, name := range ss.vars {
			if _, done := ss.dynamic[name]; done {
				continue
			}
			value, dynamic, err := srv.Variable(ctx, name)
			switch {
			case errors.Is(err, ErrNoVariable):
				return fmt.Errorf("system %s (%s): the server has no global variable %s", s.Name, ss.addr, name)
			case err != nil:
				return fmt.Errorf("system %s (%s): reading %s: %w", s.Name, ss.addr, name, err)
			case !dynamic && ss.restart == nil:
				return fmt.Errorf("system %s (%s): %s cannot change while the server runs (it is not dynamic): give the system a restart command (restart:), or set it in the server's configuration", s.Name, ss.addr, name)
			case dynamic:
				// The same value again: checks the privilege, changes nothing.
				if err := srv.SetGlobal(ctx, name, value); err != nil {
					return fmt.Errorf("system %s (%s): cannot set %s: %w", s.Name, ss.addr, name, err)
				}
			}
			ss.dynamic[name] = dynamic
			ss.original[name] = value
			if old != nil {
				for _, o := range old.Settings {
					if o.Server == ss.addr && o.Name == name {
						ss.original[name] = o.Original
					}
				}
			}
			if !dynamic {
				ss.started[name] = value
			}
		}
	}
	return nil
}

// planOptionFile reads what the option file of a server whose runs have
// config holds before the campaign (from the manifest when resuming: the
// file may still hold the campaign's settings), and checks that its
// directory takes new files.
func (r *Runner) planOptionFile(ss *serverState, old *collect.Manifest) error {
	if !ss.hasConfig {
		return nil
	}
	if ss.restart == nil || ss.optionFile == "" {
		return fmt.Errorf("server %s: config needs a restart command and an option_file", ss.addr)
	}
	if old != nil {
		for _, o := range old.OptionFiles {
			if o.Server == ss.addr && o.Path == ss.optionFile {
				ss.fileOriginal, ss.fileExisted = []byte(o.Original), o.Existed
				return nil
			}
		}
	}
	data, err := os.ReadFile(ss.optionFile)
	switch {
	case err == nil:
		ss.fileOriginal, ss.fileExisted = data, true
	case errors.Is(err, os.ErrNotExist):
		ss.fileOriginal, ss.fileExisted = nil, false
	default:
		return fmt.Errorf("server %s: option_file: %w", ss.addr, err)
	}
	f, err := os.CreateTemp(filepath.Dir(ss.optionFile), ".sbreport-check-*")
	if err != nil {
		return fmt.Errorf("server %s: option_file %s cannot be written: %w", ss.addr, ss.optionFile, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// writeOptionFile puts block at the end of the server's option file, or,
// for "", the file back as it was before the campaign.
func writeOptionFile(ss *serverState, block string) error {
	if block == "" && !ss.fileExisted {
		if err := os.Remove(ss.optionFile); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	data := append(slices.Clip(ss.fileOriginal), block...)
	tmp := ss.optionFile + ".sbreport.tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	// 0644 whatever the umask: the server's user reads it.
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, ss.optionFile); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// recordSettings lists every server setting in the manifest, unrestored.
func (r *Runner) recordSettings() {
	r.m.OptionFiles = nil
	for _, addr := range sortedKeys(r.states) {
		if ss := r.states[addr]; ss.hasConfig {
			r.m.OptionFiles = append(r.m.OptionFiles, collect.OptionFile{Server: addr, Path: ss.optionFile, Existed: ss.fileExisted, Original: string(ss.fileOriginal)})
		}
	}
	r.m.Settings = nil
	for _, addr := range sortedKeys(r.states) {
		ss := r.states[addr]
		for _, name := range ss.vars {
			r.m.Settings = append(r.m.Settings, collect.ServerSetting{Server: addr, Name: name, Original: ss.original[name], Dynamic: ss.dynamic[name]})
		}
	}
}

// applySettings sets the server variables of step st before its run (and
// warm-up): the run's values, and the original value of every other
// variable the campaign changes on that server. Variables that are not
// dynamic are changed by restarting the server; the others with SET
// GLOBAL, each read back. It returns the values read back, by name.
func (r *Runner) applySettings(ctx context.Context, st step) (map[string]string, error) {
	ss := r.stateOf(st.sys)
	if ss == nil || len(ss.vars) == 0 && !ss.hasConfig {
		return nil, nil
	}
	want := map[string]string{}
	for _, name := range ss.vars {
		want[name] = ss.original[name]
	}
	for _, v := range r.Plan.variables(st) {
		want[v.name] = v.value
	}
	srv := r.servers[st.sys.Name]
	restart := false
	for _, name := range ss.vars {
		if !ss.dynamic[name] && !sameValue(ss.started[name], want[name]) {
			restart = true
		}
	}
	block := configBlock(r.Plan.config(st))
	if ss.hasConfig && block != ss.configStarted {
		if err := writeOptionFile(ss, block); err != nil {
			return nil, fmt.Errorf("option_file: %w", err)
		}
		restart = true
	}
	if restart {
		var args []string
		for _, name := range ss.vars {
			if !ss.dynamic[name] && !sameValue(ss.original[name], want[name]) {
				args = append(args, "--"+strings.ReplaceAll(name, "_", "-")+"="+want[name])
			}
		}
		if err := r.restartServer(ctx, st.sys, ss, args); err != nil {
			return nil, err
		}
		for _, name := range ss.vars {
			if !ss.dynamic[name] {
				ss.started[name] = want[name]
			}
		}
		ss.configStarted = block
	}
	got := map[string]string{}
	for _, name := range ss.vars {
		cur, _, err := srv.Variable(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		if ss.dynamic[name] && !sameValue(cur, want[name]) && !(ss.asked[name] == want[name] && ss.got[name] == cur) {
			if err := srv.SetGlobal(ctx, name, want[name]); err != nil {
				return nil, fmt.Errorf("SET GLOBAL %s = %s: %w", name, want[name], err)
			}
			if cur, _, err = srv.Variable(ctx, name); err != nil {
				return nil, fmt.Errorf("reading %s back: %w", name, err)
			}
			ss.asked[name], ss.got[name] = want[name], cur
			if !sameValue(cur, want[name]) {
				r.note("%s: %s set to %s, the server has %s", st.sys.Name, name, want[name], cur)
			}
		}
		got[name] = cur
	}
	// Only the variables the run sets are its settings; the others are
	// back to their original values.
	out := map[string]string{}
	for _, v := range r.Plan.variables(st) {
		out[v.name] = got[v.name]
	}
	return out, nil
}

// restartServer runs system s's restart command with args and waits until
// the server answers again.
func (r *Runner) restartServer(ctx context.Context, s *System, ss *serverState, args []string) error {
	argv := append(slices.Clip(ss.restart), args...)
	r.note("restarting %s: %s", ss.addr, shellQuote(argv))
	path, err := r.x.LookPath(argv[0])
	if err != nil {
		return fmt.Errorf("restart: %w", commandError(argv, err, nil))
	}
	var out bytes.Buffer
	if _, err := r.x.Run(ctx, &Command{Argv: argv, Path: path, Stdout: &out, Limit: 5 * time.Minute}); err != nil {
		if errors.Is(err, ErrInterrupted) {
			return err
		}
		return fmt.Errorf("restart: %w", commandError(argv, err, out.Bytes()))
	}
	// The server answers again once it reads its variables; until then
	// the sessions' connections are being re-made.
	srv := r.servers[s.Name]
	deadline := time.Now().Add(2 * time.Minute)
	for {
		_, _, err := srv.Variable(ctx, "version")
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return ErrInterrupted
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("restart: the server does not answer 2 minutes after %s: %w", shellQuote(argv), err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	// A restart resets what SET GLOBAL changed.
	clear(ss.asked)
	clear(ss.got)
	return nil
}

// restoreSettings puts every variable the campaign changed back to its
// original value and records it in the manifest. It runs at the end of
// the campaign, and when interrupted: then ctx has ended, and a context
// of its own bounds it.
func (r *Runner) restoreSettings(ctx context.Context) {
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
	}
	for _, addr := range sortedKeys(r.states) {
		ss := r.states[addr]
		var s *System
		for i := range r.Plan.Systems {
			if r.Plan.Systems[i].MySQL.address() == addr {
				s = &r.Plan.Systems[i]
				break
			}
		}
		if s == nil || len(ss.vars) == 0 && !ss.hasConfig {
			continue
		}
		r.note("restoring the variables of %s", addr)
		errs := map[string]string{}
		restart := false
		for _, name := range ss.vars {
			if !ss.dynamic[name] && !sameValue(ss.started[name], ss.original[name]) {
				restart = true
			}
		}
		fileErr := ""
		if ss.hasConfig {
			if err := writeOptionFile(ss, ""); err != nil {
				fileErr = fmt.Sprintf("option_file: %v", err)
			}
			restart = restart || ss.configStarted != ""
		}
		if restart {
			if err := r.restartServer(ctx, s, ss, nil); err != nil {
				for _, name := range ss.vars {
					if !ss.dynamic[name] {
						errs[name] = err.Error()
					}
				}
				if fileErr == "" {
					fileErr = err.Error()
				}
			} else {
				for _, name := range ss.vars {
					if !ss.dynamic[name] {
						ss.started[name] = ss.original[name]
					}
				}
				ss.configStarted = ""
			}
		}
		for i := range r.m.OptionFiles {
			if of := &r.m.OptionFiles[i]; of.Server == addr {
				of.Error, of.Restored = fileErr, fileErr == ""
			}
		}
		srv := r.servers[s.Name]
		for _, name := range ss.vars {
			if !ss.dynamic[name] {
				continue
			}
			cur, _, err := srv.Variable(ctx, name)
			if err == nil && !sameValue(cur, ss.original[name]) {
				err = srv.SetGlobal(ctx, name, ss.original[name])
			}
			if err != nil {
				errs[name] = err.Error()
			}
		}
		for i := range r.m.Settings {
			set := &r.m.Settings[i]
			if set.Server != addr {
				continue
			}
			set.Error = errs[set.Name]
			set.Restored = set.Error == ""
		}
	}
}

// captureSettings writes SHOW GLOBAL VARIABLES of the run's variables to
// STEM.settings.txt.
func (r *Runner) captureSettings(ctx context.Context, st step, e *collect.RunEntry, stem string) {
	vars := append(r.Plan.variables(st), r.Plan.config(st)...)
	if len(vars) == 0 {
		return
	}
	var names []string
	for _, v := range vars {
		names = append(names, "'"+strings.ReplaceAll(v.name, "-", "_")+"'")
	}
	stmt := "SHOW GLOBAL VARIABLES WHERE Variable_name IN (" + strings.Join(names, ", ") + ")"
	rel := stem + ".settings.txt"
	if err := capture(ctx, r.servers[st.sys.Name], stmt, filepath.Join(r.Dir, rel)); err != nil {
		e.Errors = append(e.Errors, err.Error())
		return
	}
	e.Files[collect.FileSettings] = rel
}

// sizeValue reads a size the way mariadbd reads its options: 8M is
// 8388608 (K, M, G, T: powers of 1024).
func sizeValue(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	mult := int64(1)
	switch s[len(s)-1] {
	case 'K', 'k':
		mult = 1 << 10
	case 'M', 'm':
		mult = 1 << 20
	case 'G', 'g':
		mult = 1 << 30
	case 'T', 't':
		mult = 1 << 40
	}
	if mult > 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, false
	}
	return n * mult, true
}

// sqlValue is the value SET GLOBAL is given for a plan's value: a number
// for a size or a number, else a string (ON, O_DIRECT).
func sqlValue(s string) any {
	if n, ok := sizeValue(s); ok {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "eEnN") {
		return f
	}
	return s
}

// sameValue compares a variable's values as the server and a plan write
// them: 8M and 8388608 are the same, and so are ON and 1.
func sameValue(a, b string) bool {
	norm := func(s string) string {
		if n, ok := sizeValue(s); ok {
			return strconv.FormatInt(n, 10)
		}
		switch strings.ToUpper(s) {
		case "ON", "TRUE", "YES":
			return "1"
		case "OFF", "FALSE", "NO":
			return "0"
		}
		return strings.ToUpper(s)
	}
	return norm(a) == norm(b)
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
