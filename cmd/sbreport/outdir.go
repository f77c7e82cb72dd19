package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/render"
)

// Report directories. A report is written into a temporary sibling
// directory (.DIR.tmp-*) and renamed into place only when every file was
// written, onto a name that must not exist (renameNoReplace), so that
// nothing created at DIR meanwhile is ever replaced. Each report holds
// collect.ReportMarker, a manifest naming the files written; --force
// replaces only a directory whose manifest names every file it holds
// (or an empty one), after moving it aside and checking it there, so that
// no check-then-act window lets anything else be deleted. Temporary
// directories are removed on failure, on SIGINT and SIGTERM, and, when a
// killed process left them, by the next report written beside them.

// reportFormat names the layout of the marker file.
const reportFormat = "sbreport-report/1"

// maxMarkerBytes bounds the marker file read back.
const maxMarkerBytes = 1 << 20

// reportManifest is the content of collect.ReportMarker.
type reportManifest struct {
	Format string `json:"format"` // reportFormat
	// Files lists every file of the report, slash-separated and relative
	// to it, the marker excluded; absent while the report is being
	// written.
	Files []string `json:"files"`
	PID   int      `json:"pid"`  // the process that wrote it
	Host  string   `json:"host"` // and its host name
}

// writeDir makes directory dir through write, all at once or not at all.
// It refuses a dir equal to, inside or containing one of the inputs, and
// an existing dir unless force is set and dir is a report sbreport wrote
// (or empty). Notes go to stderr.
func writeDir(dir string, force bool, inputs []string, stderr io.Writer, write func(render.Sink) error) (err error) {
	dir = filepath.Clean(dir)
	if err := checkOutside(dir, inputs); err != nil {
		return err
	}
	if _, err := os.Lstat(dir); err == nil {
		if !force {
			return fmt.Errorf("%s already exists (use --force to replace a report sbreport wrote): %w", dir, errUsage)
		}
		if why := notReport(dir); why != "" {
			return fmt.Errorf("%s: %s: refusing to replace it (--force replaces only a report sbreport wrote)", dir, why)
		}
	}
	sweepStale(dir, stderr)
	o, err := newOutput(dir)
	if err != nil {
		return err
	}
	defer o.close()
	if err := write(o); err != nil {
		return err
	}
	if err := o.finish(); err != nil {
		return err
	}
	return o.commit(force)
}

// output is a report being written: its temporary directory and, while
// a replaced report is moved aside, where that one is. A signal handler
// removes both, under mu, and exits.
type output struct {
	dir, tmp, aside string

	mu        sync.Mutex
	files     []string
	cancelled bool // a signal came: create nothing more
	committed bool // tmp was renamed to dir
	quit      chan struct{}
	sigs      chan os.Signal
}

func newOutput(dir string) (*output, error) {
	o := &output{dir: dir, quit: make(chan struct{}), sigs: make(chan os.Signal, 1)}
	// The handler is in place before the directory exists, so that no
	// signal can leave it behind.
	signal.Notify(o.sigs, os.Interrupt, syscall.SIGTERM)
	go o.watch()
	if err := o.start(); err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

// start makes the temporary directory and marks it as ours.
func (o *output) start() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	tmp, err := os.MkdirTemp(filepath.Dir(o.dir), "."+filepath.Base(o.dir)+".tmp-")
	if err != nil {
		return err
	}
	o.tmp = tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	host, _ := os.Hostname()
	return writeMarker(tmp, &reportManifest{Format: reportFormat, PID: os.Getpid(), Host: host})
}

// watch waits for SIGINT or SIGTERM, then removes what the report left
// and exits with 128 + the signal number, as a shell reports it.
func (o *output) watch() {
	select {
	case <-o.quit:
		return
	case s := <-o.sigs:
		o.mu.Lock() // never in the middle of a rename
		o.cancelled = true
		o.cleanup()
		code := 130
		if s == syscall.SIGTERM {
			code = 143
		}
		fmt.Fprintf(os.Stderr, "sbreport: %v: %s not written\n", s, o.dir)
		os.Exit(code)
	}
}

// cleanup removes the temporary directory unless it became the report,
// and a replaced report moved aside. Call with mu held.
func (o *output) cleanup() {
	if o.tmp != "" && !o.committed {
		os.RemoveAll(o.tmp)
	}
	if o.aside != "" {
		os.RemoveAll(o.aside)
		o.aside = ""
	}
}

func (o *output) stop() {
	signal.Stop(o.sigs)
	close(o.quit)
}

// close removes what is left and stops watching for signals.
func (o *output) close() {
	o.mu.Lock()
	o.cleanup()
	o.mu.Unlock()
	o.stop()
}

// Create makes a report file; it refuses a name already written, so two
// charts that map to one file name fail instead of one hiding the other.
func (o *output) Create(name string) (io.WriteCloser, error) {
	if !filepath.IsLocal(filepath.FromSlash(name)) || name == collect.ReportMarker {
		return nil, fmt.Errorf("report file name %q is not a plain relative name", name)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cancelled {
		return nil, errors.New("interrupted")
	}
	p := filepath.Join(o.tmp, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	o.files = append(o.files, name)
	return f, nil
}

// finish writes the marker with the list of files.
func (o *output) finish() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	host, _ := os.Hostname()
	files := slices.Clone(o.files)
	slices.Sort(files)
	return writeMarker(o.tmp, &reportManifest{Format: reportFormat, Files: files, PID: os.Getpid(), Host: host})
}

// commit renames the temporary directory to dir. With force, a report
// already at dir is first moved aside, checked there (it may have been
// swapped since the first look), and removed once the new one is in
// place; anything else is put back.
func (o *output) commit(force bool) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	err := renameNoReplace(o.tmp, o.dir)
	if err == nil {
		o.committed = true
		return nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return err
	}
	if !force {
		return fmt.Errorf("%s was created by something else while the report was being written: nothing replaced, report not written", o.dir)
	}
	aside := o.tmp + ".old"
	if err := renameNoReplace(o.dir, aside); err != nil {
		return fmt.Errorf("move the old report aside: %w", err)
	}
	if why := notReport(aside); why != "" {
		if err := renameNoReplace(aside, o.dir); err != nil {
			return fmt.Errorf("%s: %s: nothing replaced, but it was moved to %s and could not be moved back: %v", o.dir, why, aside, err)
		}
		return fmt.Errorf("%s: %s: refusing to replace it (--force replaces only a report sbreport wrote)", o.dir, why)
	}
	o.aside = aside // removed by cleanup, whatever happens next
	if err := renameNoReplace(o.tmp, o.dir); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s was created by something else while the old report was being replaced: report not written", o.dir)
		}
		return err
	}
	o.committed = true
	return nil
}

func writeMarker(dir string, m *reportManifest) error {
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, collect.ReportMarker), append(b, '\n'), 0o644)
}

// readMarker reads the manifest of the report directory dir.
func readMarker(dir string) (*reportManifest, error) {
	p := filepath.Join(dir, collect.ReportMarker)
	st, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > maxMarkerBytes {
		return nil, fmt.Errorf("%s is not a small regular file", collect.ReportMarker)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var m reportManifest
	if err := json.Unmarshal(b, &m); err != nil || m.Format != reportFormat {
		return nil, fmt.Errorf("%s is not a manifest of format %s", collect.ReportMarker, reportFormat)
	}
	return &m, nil
}

// notReport says why dir may not be replaced, or "" when it is a report
// sbreport wrote (every file listed in its marker) or an empty directory.
func notReport(dir string) string {
	st, err := os.Lstat(dir)
	if err != nil {
		return err.Error()
	}
	if !st.IsDir() {
		return "not a directory"
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err.Error()
	}
	if len(ents) == 0 {
		return ""
	}
	m, err := readMarker(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return "not a report written by sbreport (it holds no " + collect.ReportMarker + "; delete it yourself if it is an old report)"
	}
	if err != nil {
		return err.Error()
	}
	if m.Files == nil {
		return "a report still being written, or left unfinished"
	}
	listed := map[string]bool{collect.ReportMarker: true}
	for _, f := range m.Files {
		listed[f] = true
	}
	var foreign []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			foreign = append(foreign, p)
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if rel = filepath.ToSlash(rel); !d.Type().IsRegular() || !listed[rel] {
			foreign = append(foreign, rel)
		}
		return nil
	})
	if len(foreign) > 0 {
		more := ""
		if len(foreign) > 3 {
			more = fmt.Sprintf(" and %d more", len(foreign)-3)
			foreign = foreign[:3]
		}
		return "it holds files sbreport did not write (" + strings.Join(foreign, ", ") + more + ")"
	}
	return ""
}

// sweepStale removes the temporary directories of reports into dir that
// a killed sbreport left: those named .DIR.tmp-* that hold a marker
// written on this host by a process that no longer runs. Others of that
// name are left, with a note.
func sweepStale(dir string, stderr io.Writer) {
	parent, prefix := filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-"
	ents, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	host, _ := os.Hostname()
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), prefix) || !e.IsDir() {
			continue
		}
		p := filepath.Join(parent, e.Name())
		m, err := readMarker(p)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "note: %s left alone: it looks like a temporary report directory but holds no valid %s\n", p, collect.ReportMarker)
		case m.Host != host || m.PID == os.Getpid() || processAlive(m.PID):
			// Another host's, or a report still being written.
		default:
			if err := os.RemoveAll(p); err == nil {
				fmt.Fprintf(stderr, "note: removed %s, left by an interrupted report\n", p)
			}
		}
	}
}

// processAlive reports whether process pid runs. When unsure it says yes,
// so that a directory in use is never removed.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false // Windows: no such process
	}
	defer p.Release()
	if runtime.GOOS == "windows" {
		return true
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// checkOutside refuses an output directory that is an input, lies inside
// one (the next report would read it back as runs) or contains one (a
// replaced report would take the input with it). Paths are compared
// absolute, with symbolic links resolved.
func checkOutside(dir string, inputs []string) error {
	out := resolvePath(dir)
	for _, arg := range inputs {
		in := collect.ParseInput(arg)
		if in.Path == "-" {
			continue
		}
		p := resolvePath(in.Path)
		switch {
		case p == out:
			return fmt.Errorf("-o %s is the input %s: %w", dir, in.Path, errUsage)
		case within(out, p):
			return fmt.Errorf("-o %s lies inside the input %s (the report would be read back as input): %w", dir, in.Path, errUsage)
		case within(p, out):
			return fmt.Errorf("-o %s contains the input %s: %w", dir, in.Path, errUsage)
		}
	}
	return nil
}

// within reports whether p lies strictly inside dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && filepath.IsLocal(rel)
}

// resolvePath returns p absolute and cleaned, with the symbolic links of
// its longest existing prefix resolved.
func resolvePath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return abs
	}
	return filepath.Join(resolvePath(parent), filepath.Base(abs))
}
