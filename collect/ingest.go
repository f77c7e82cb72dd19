package collect

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/sbreport/sbreport/parse"
)

// Load reads every input (file, directory, "-", or NAME=PATH) and returns
// all items found. Problems with the inputs are in the Document's Errors;
// the error is for failures that stop everything.
func Load(inputs []string) (*parse.Document, error) {
	return LoadWith(inputs, Options{})
}

// LoadWith is Load with options.
func LoadWith(inputs []string, opts Options) (*parse.Document, error) {
	d := &parse.Document{}
	err := WalkWith(inputs, opts, d.Add)
	return d, err
}

// An Input is one argument of the command line, resolved.
type Input struct {
	Name string // NAME of a NAME=PATH argument, "" otherwise
	Path string // file, directory or "-"
}

// ParseInput resolves an argument. "NAME=PATH" names its inputs (labelling
// them system=NAME, benchstat's convention) unless the whole argument is an
// existing path (a directory called engine=rocksdb is a path).
func ParseInput(arg string) Input {
	return parseInput(newTree(nil), arg)
}

// parseInput is ParseInput for an argument naming a file of t.
func parseInput(t tree, arg string) Input {
	if t.stdin(arg) {
		return Input{Path: "-"}
	}
	if _, err := fs.Stat(t.fsys, arg); err == nil {
		return Input{Path: arg}
	}
	if name, p, ok := strings.Cut(arg, "="); ok && name != "" && !strings.ContainsAny(name, "/\\") && p != "" {
		return Input{Name: name, Path: p}
	}
	return Input{Path: arg}
}

// skipExt lists file endings that a directory walk passes over: outputs of
// sbreport itself, images, archives, scripts, plots and plans. A file named on the
// command line is always read.
var skipExt = map[string]bool{
	".png": true, ".svg": true, ".jpg": true, ".jpeg": true, ".gif": true, ".xlsx": true,
	".xls": true, ".zip": true, ".tar": true, ".pdf": true, ".lua": true, ".sh": true,
	".yaml": true, ".yml": true, ".go": true, ".tmpl": true, ".csv": false,
	// Scripts and plots beside a results archive's logs (collect.pl,
	// graph.ro.R, lag.gnuplot), and office documents.
	".pl": true, ".pm": true, ".py": true, ".r": true, ".rb": true, ".awk": true, ".gnuplot": true,
	".gp": true, ".plt": true, ".ods": true, ".odt": true, ".doc": true, ".docx": true,
}

// Walk streams the items of every input to emit, in input order. Runs and
// captures are labelled from key=value path segments, from NAME=PATH and
// from a campaign manifest. Host captures of one file are merged into one
// host, and so are those of one directory when it holds one capture of
// each kind (lscpu, lsblk, free, meminfo).
func Walk(inputs []string, emit func(parse.Item)) error {
	return WalkWith(inputs, Options{}, emit)
}

// WalkWith is Walk with options.
//
// Files are parsed on Options.Workers goroutines at once, and what each
// gives is handed to emit in input order, on the caller's goroutine:
// the items, and their order, are those of reading one file after the
// other (see pipeline).
func WalkWith(inputs []string, opts Options, emit func(parse.Item)) error {
	return walkWith(inputs, opts, emit, newPipeline(opts.Workers))
}

func walkWith(inputs []string, opts Options, emit func(parse.Item), pl *pipeline) error {
	defer pl.close()
	t := newTree(opts.FS)
	together := inputs
	if opts.Together != nil {
		together = opts.Together
	}
	base := inputBase(t, together)
	for _, arg := range inputs {
		in := parseInput(t, arg)
		if t.stdin(in.Path) {
			pl.drain()
			w := newWalker(in, opts, emit, nil)
			w.file(w, "-", "stdin", os.Stdin, nil, "", nil, false)
			w.flushDir()
			continue
		}
		st, err := fs.Stat(t.fsys, in.Path)
		if err != nil {
			pl.emit(emit, &parse.Error{Source: in.Path, Message: fmt.Sprintf("cannot read input: %v", unwrapPathErr(err))})
			continue
		}
		w := newWalker(in, opts, emit, pl)
		w.base = base
		if !st.IsDir() {
			camp := w.enclosingCampaign(t.dir(in.Path))
			extra, _ := camp.of(in.Path)
			w.openFile(in.Path, extra, camp.scope(in.Path), w.readerOf(camp, in.Path), false)
			w.endDir()
			continue
		}
		if err := w.dir(in.Path); err != nil {
			return err
		}
	}
	pl.drain()
	return nil
}

// emit holds an item of the current directory, after the files before
// it.
func (w *walker) emit(it parse.Item) {
	if w.pl.busy() {
		w.pl.push(step{w: w, it: it})
		return
	}
	w.hold(it, "", "")
}

// endDir passes on the items of a directory read to its end (flushDir),
// once the files before are.
func (w *walker) endDir() {
	if w.pl.busy() {
		w.pl.push(step{w: w, flush: true})
		return
	}
	w.flushDir()
}

func (w *walker) hold(it parse.Item, file, scope string) {
	if r, ok := it.(*parse.Run); ok {
		w.nruns++
		w.npoints += len(r.Intervals)
		if w.runFiles == nil {
			w.runFiles = map[string]bool{}
		}
		w.runFiles[file] = true
		if w.fromManifest != nil {
			if abs, err := w.t.abs(file); err == nil {
				w.fromManifest[abs].apply(r)
			}
		}
	}
	w.held = append(w.held, held{it: it, file: file, dir: w.t.dir(file), scope: scope})
	if w.nruns > maxHeldRuns || w.npoints > maxHeldPoints {
		w.flushDir()
	}
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

type walker struct {
	in        Input
	opts      Options
	t         tree             // where in and the files under it are read
	pl        *pipeline        // parses files ahead; nil to read them in turn
	out       func(parse.Item) // where finished items go
	hosts     []*parse.Host    // hosts of the current directory, held to be merged
	held      []held           // items of the current directory, held until it is read (see flushDir)
	hostScope []held           // where each of hosts came from
	nruns     int              // runs among held
	npoints   int              // their interim points
	// scoped lists the captures seen so far by what they describe: a
	// campaign run ("run:ID"), a campaign system ("system:NAME"), the
	// campaign host ("host"), or a directory ("dir:PATH").
	scoped map[string][]capGroup
	kinds  map[string]string // CaptureID → kind, of every capture in scoped
	// runFiles holds the files runs were read from.
	runFiles map[string]bool
	// fromManifest holds what the manifest says of the run of each
	// campaign output file, by the file's absolute path (tree.abs), so
	// that it is found however the campaign's directory was named.
	fromManifest map[string]*manifestRun
	// base is the directory the inputs are named below (inputBase).
	base string
	// intern holds the strings of the runs passed on (Options.Compact).
	intern *interner
}

// A held item waits for the rest of its directory: captures take the
// labels of the runs they describe, runs the captures that describe them.
type held struct {
	it    parse.Item
	file  string // the input the item came from
	dir   string // its directory
	scope string // its campaign scope ("run:ID", "system:NAME", "host", each + scopeSep + the campaign's directory), "" outside campaigns
	// fromDoc marks an item read back from sbreport's own JSON: its
	// captures and labels were settled when it was first read.
	fromDoc bool
}

// A capRef names a capture by kind and CaptureID.
type capRef struct{ kind, id string }

// maxHeldRuns and maxHeldPoints bound the runs, and their interim points
// (about 150 bytes each), that a directory holds before they are passed on
// without the captures of files read later.
const (
	maxHeldRuns   = 4096
	maxHeldPoints = 1 << 17
)

func newWalker(in Input, opts Options, out func(parse.Item), pl *pipeline) *walker {
	return &walker{in: in, opts: opts, t: newTree(opts.FS), out: out, pl: pl, scoped: map[string][]capGroup{}}
}

// Options controls Walk.
type Options struct {
	// Set gives every run and capture these labels, over anything
	// inferred from the text, paths or a campaign manifest (--set).
	Set map[string]string
	// Workers is how many files are parsed at once; 0 means GOMAXPROCS.
	// The items are the same for any number.
	Workers int
	// FS is where the inputs are read, and its names (slash-separated and
	// unrooted, as fs.ValidPath says) name every source: sbreport demo
	// reads the campaign embedded in the binary. Nil means the operating
	// system's files, named as given (relative or absolute paths), and
	// "-" standard input.
	FS fs.FS
	// Together lists the inputs given with these, when they are walked
	// one at a time (sbreport store imports each input in its own
	// walk): InputLabel names inputs below what all of them have in
	// common, so that each walk labels runs as one walk of them all
	// would. Nil means the inputs of the call.
	Together []string
	// StatusKeep, when not nil, reduces every SHOW GLOBAL STATUS snapshot
	// (Variables of Kind "status") as soon as it is read to the counters
	// it names: a reader that only takes counter deltas from snapshots
	// (analyze.ServerCounters) then holds a few numbers a snapshot instead
	// of hundreds of strings, and memory follows the runs' summaries, not
	// the size of the captures. Nil keeps every value (parse --json,
	// store).
	StatusKeep []string
	// StatusJSON, with StatusKeep nil, has every SHOW GLOBAL STATUS
	// snapshot a campaign manifest names read by parse.MySQLStatusJSON:
	// its values held only as the JSON parse.AppendVariablesJSON writes
	// of them, Values nil, for a caller that only encodes the snapshots
	// (parse --json).
	StatusJSON bool
	// SkipStatus passes over the SHOW GLOBAL STATUS snapshots a campaign
	// manifest names (kind "status"), unread: for a reader that analyses
	// no server counter (compare, scale, history), they were half the
	// cost of reading a campaign (decompressing and scanning 670 values
	// twice a run). Runs then name no status capture.
	SkipStatus bool
	// Manifest, when set, is called with each campaign manifest of the
	// operating system's files the walk reads: the absolute directory
	// that holds it, its bytes and what they say (the caller must not
	// change it). A reader of the same manifests (warehouse.Clock) need
	// then not read them again.
	Manifest func(dir string, raw []byte, m *Manifest)
	// FileRead, when set, is called with each file's name once it is
	// read (for progress); it may be called from several goroutines at
	// once.
	FileRead func(name string)
	// Compact copies the strings of each run out of the text it was
	// parsed from, one copy of each string for all runs, as the run is
	// passed on: a reader that keeps many runs then holds their values,
	// not the text around them. Runs with the same labels, settings or
	// label sources share one map of them, and so do the status
	// snapshots, variables and table status with the same labels, and
	// the SHOW VARIABLES captures with the same values (the copies of a
	// campaign): the maps are the reader's to read, not to change.
	Compact bool

	sniff bool // read campaign files by sniffing too, as files of unknown kind
}

// dir reads a directory tree: files in name order, then subdirectories.
// Each directory's host captures are merged separately. A directory that
// holds a campaign manifest (campaign.yaml, written by sbreport run) labels
// its files from it and passes over the files that hold no result.
func (w *walker) dir(root string) error {
	var walkDir func(dir string, camp *campaign) error
	walkDir = func(dir string, camp *campaign) error {
		if w.skipReportDir(dir) {
			return nil
		}
		entries, err := fs.ReadDir(w.t.fsys, dir)
		if err != nil {
			w.emit(&parse.Error{Source: dir, Message: fmt.Sprintf("cannot read directory: %v", unwrapPathErr(err))})
			return nil
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
		for _, e := range entries {
			if e.Name() == ManifestName && !e.IsDir() {
				camp = w.readCampaign(dir)
			}
		}
		var subdirs []string
		if camp != nil {
			// A run's captures (status snapshots, system statistics) are
			// read before its output, so that the run can name them.
			// Whether a file is an output is found once a file, not twice
			// a comparison (each a filepath.Abs and a filepath.Rel).
			output := make(map[string]bool, len(entries))
			for _, e := range entries {
				output[e.Name()] = camp.isOutput(w.t.join(dir, e.Name()))
			}
			sort.SliceStable(entries, func(i, j int) bool {
				return !output[entries[i].Name()] && output[entries[j].Name()]
			})
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			p := w.t.join(dir, name)
			if e.IsDir() {
				subdirs = append(subdirs, p)
				continue
			}
			if !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
				continue
			}
			if skipExt[strings.ToLower(filepath.Ext(name))] || name == ManifestName || strings.HasSuffix(name, ".tmp") {
				continue
			}
			extra, skip := camp.of(p)
			if skip || w.opts.SkipStatus && camp.isStatus(p) {
				continue
			}
			w.openFile(p, extra, camp.scope(p), w.readerOf(camp, p), isDocument(name))
		}
		w.endDir()
		if camp != nil && camp.isRoot(dir) {
			// Systems in the plan's order, so that the first is the baseline.
			sort.SliceStable(subdirs, func(i, j int) bool {
				return camp.rank(w.t.base(subdirs[i])) < camp.rank(w.t.base(subdirs[j]))
			})
		}
		for _, s := range subdirs {
			if err := walkDir(s, camp); err != nil {
				return err
			}
		}
		return nil
	}
	return walkDir(root, w.enclosingCampaign(w.t.dir(root)))
}

// campaign holds what a campaign manifest says of its files.
type campaign struct {
	t      tree   // where it lies
	dir    string // its directory, as t.abs gives it
	sniff  bool   // Options.sniff
	labels map[string]map[string]string
	skip   map[string]bool
	order  map[string]int    // system directory → its place in the plan (from 1)
	scopes map[string]string // file → "run:ID", "system:NAME" or "host", + scopeSep + dir
	output map[string]bool   // files holding a measured run's output
	kinds  map[string]string // file → its kind in the manifest ("output", "lscpu", ...)
}

// rel returns p relative to the campaign directory, slash-separated.
func (c *campaign) rel(p string) string { return c.t.rel(c.dir, p) }

// scope returns what the file p describes in the campaign: "run:ID",
// "system:NAME", "host", or "" (also for a nil campaign).
func (c *campaign) scope(p string) string {
	if c == nil {
		return ""
	}
	return c.scopes[c.rel(p)]
}

// reader returns the parse entry point for the file p, from its kind in
// the manifest; nil for a file of no known kind (also for a nil campaign).
func (c *campaign) reader(p string) reader {
	if c == nil || c.sniff {
		return nil
	}
	return readerOf(c.kinds[c.rel(p)])
}

// readerOf returns the parse entry point for the file p of campaign c:
// c's, except that status snapshots are reduced to Options.StatusKeep
// while they are read.
func (w *walker) readerOf(c *campaign, p string) reader {
	read := c.reader(p)
	if read == nil || w.opts.StatusKeep == nil && !w.opts.StatusJSON {
		return read
	}
	if base, _ := SplitKind(c.kinds[c.rel(p)]); base == FileStatus {
		keep := w.opts.StatusKeep
		if keep == nil {
			return parse.MySQLStatusJSON
		}
		return func(r io.Reader, name string, emit func(parse.Item)) error {
			return parse.MySQLStatus(r, name, keep, emit)
		}
	}
	return read
}

// isStatus reports whether the manifest names p as a status snapshot.
func (c *campaign) isStatus(p string) bool {
	if c == nil {
		return false
	}
	base, _ := SplitKind(c.kinds[c.rel(p)])
	return base == FileStatus
}

// isOutput reports whether p holds a measured run's output.
func (c *campaign) isOutput(p string) bool {
	return c != nil && c.output[c.rel(p)]
}

// of returns the manifest's labels for the file p, and whether the
// manifest says it holds no result. A nil campaign labels nothing.
func (c *campaign) of(p string) (labels map[string]string, skip bool) {
	if c == nil {
		return nil, false
	}
	rel := c.rel(p)
	return c.labels[rel], c.skip[rel]
}

// isRoot reports whether dir is the campaign's own directory.
func (c *campaign) isRoot(dir string) bool {
	abs, err := c.t.abs(dir)
	return err == nil && abs == c.dir
}

// enclosingCampaign finds the campaign the directory p lies in (sbreport
// report campaign/innodb): p or its nearest parent holding a manifest.
// Nil when there is none.
func (w *walker) enclosingCampaign(p string) *campaign {
	abs, err := w.t.abs(p)
	if err != nil {
		return nil
	}
	for d := abs; ; d = w.t.dir(d) {
		if st, err := fs.Stat(w.t.fsys, w.t.join(d, ManifestName)); err == nil && !st.IsDir() {
			return w.readCampaign(d)
		}
		if d == w.t.dir(d) {
			return nil
		}
	}
}

// rank orders a campaign's subdirectories: systems in plan order, then the
// rest (host/) in name order.
func (c *campaign) rank(name string) int {
	if r, ok := c.order[name]; ok {
		return r
	}
	return len(c.order) + 1
}

func (w *walker) readCampaign(dir string) *campaign {
	p := w.t.join(dir, ManifestName)
	m, raw, err := readManifest(w.t.fsys, p)
	if err != nil {
		w.emit(&parse.Error{Source: p, Message: fmt.Sprintf("campaign manifest not read, files labelled from their paths only: %v", err)})
		return nil
	}
	abs, err := w.t.abs(dir)
	if err != nil {
		abs = dir
	}
	if w.opts.Manifest != nil && w.t.os {
		w.opts.Manifest(abs, raw, m)
	}
	c := &campaign{t: w.t, dir: abs, sniff: w.opts.sniff, labels: m.FileLabels(), skip: m.SkipFiles(), order: map[string]int{},
		scopes: map[string]string{}, output: map[string]bool{}, kinds: map[string]string{}}
	// Scopes name their campaign: the copies of a campaign kept side by
	// side (a campaign a night) have the same systems and run IDs, and
	// each run is tied to the captures of its own campaign only.
	in := scopeSep + abs
	for i, s := range m.Systems {
		c.order[s.Name] = i + 1
		for kind, p := range s.Files {
			c.scopes[p] = "system:" + s.Name + in
			c.kinds[p] = kind
		}
	}
	c.order["host"] = 0 // the host first: every run names its capture
	for kind, p := range m.Host.Files {
		c.scopes[p] = "host" + in
		c.kinds[p] = kind
	}
	// Cells that adaptive repeats left wider than the plan asks: said
	// once, on the output of the cell's first run.
	notConverged := map[string]string{}
	for _, cr := range m.Cells {
		if !cr.Converged && len(cr.Runs) > 0 {
			hw := "no interval (fewer than two runs with a throughput)"
			if cr.HalfWidth != nil {
				hw = fmt.Sprintf("its 95%% interval is ±%.1f%%", *cr.HalfWidth*100)
			}
			notConverged[cr.Runs[0]] = fmt.Sprintf("adaptive repeats: cell %s did not converge: %d of at most %d repeats, %s, not within ±%.1f%%",
				cr.Cell, cr.Repeats, cr.Max, hw, cr.Until*100)
		}
	}
	for _, r := range m.Runs {
		for kind, p := range r.Files {
			c.scopes[p] = "run:" + r.ID + in
			if msg, ok := notConverged[r.ID]; ok && (kind == FileOutput || kind == FileOutput+".c1") {
				w.manifestRun(c.dir, p).warn = msg
			}
			c.kinds[p] = kind
			if base, _ := SplitKind(kind); base == FileOutput {
				c.output[p] = true
				if r.Started != nil || r.MeasuredFrom != nil && r.MeasuredTo != nil {
					mr := w.manifestRun(c.dir, p)
					mr.started = r.Started
					if r.MeasuredFrom != nil && r.MeasuredTo != nil {
						mr.from, mr.to = r.MeasuredFrom, r.MeasuredTo
					}
				}
			}
		}
	}
	return c
}

// A manifestRun is what a campaign manifest says of the run one output
// file holds: when it began, when its measurement began and ended, and a
// warning for it (a cell whose adaptive repeats did not converge).
type manifestRun struct {
	started, from, to *time.Time
	warn              string
}

// manifestRun returns the entry of the output file p (slash-separated,
// relative to the campaign directory dir, an absolute path), making it.
func (w *walker) manifestRun(dir, p string) *manifestRun {
	if w.t.os {
		p = filepath.FromSlash(p)
	}
	key := w.t.join(dir, p)
	if w.fromManifest == nil {
		w.fromManifest = map[string]*manifestRun{}
	}
	mr := w.fromManifest[key]
	if mr == nil {
		mr = &manifestRun{}
		w.fromManifest[key] = mr
	}
	return mr
}

// apply gives r what the manifest says of it, where r does not say it
// already; a nil entry gives nothing.
func (mr *manifestRun) apply(r *parse.Run) {
	if mr == nil {
		return
	}
	if r.MeasuredFrom == nil && mr.from != nil {
		r.MeasuredFrom, r.MeasuredTo = mr.from, mr.to
	}
	if r.Started == nil && mr.started != nil {
		r.Started = mr.started
	}
	if mr.warn != "" && !slices.Contains(r.Warnings, mr.warn) {
		r.Warnings = append(r.Warnings, mr.warn)
	}
}

// openFile reads one file, decompressing .gz.
// isDocument tells prose files (README.md, notes.html) that a directory
// walk reads for the tables and pastes they may hold, without reporting
// them when they hold none.
func isDocument(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".html", ".htm", ".rst", ".adoc":
		return true
	}
	return false
}

// openFile reads one file, decompressing .gz, with read when its kind is
// known (nil: sniffed by parse.Stream). quiet drops the report that
// nothing was found in it. With a pipeline the file is parsed on one of
// its workers, and its items are handed over in turn.
func (w *walker) openFile(p string, extra map[string]string, scope string, read reader, quiet bool) {
	ok, size := w.openable(p)
	if !ok {
		return
	}
	if w.pl != nil && w.pl.workers > 1 {
		w.pl.addFile(w, fileSpec{p: p, extra: extra, scope: scope, read: read, quiet: quiet}, size)
		return
	}
	w.readFile(w, p, extra, scope, read, quiet)
}

// A fileOut receives what reading one file gives, in order: the walker
// itself, or a fileJob that keeps it for the walker.
type fileOut interface {
	hold(it parse.Item, file, scope string) // as walker.hold
	holdDoc(it parse.Item, file, scope string)
	host(h *parse.Host, file, scope string)
}

// holdDoc holds an item read back from sbreport's own JSON.
func (w *walker) holdDoc(it parse.Item, file, scope string) {
	w.held = append(w.held, held{it: it, file: file, dir: w.t.dir(file), scope: scope, fromDoc: true})
}

// host keeps the merged host captures of one file, to be merged with the
// directory's (flushHosts).
func (w *walker) host(h *parse.Host, file, scope string) {
	w.hosts = append(w.hosts, h)
	w.hostScope = append(w.hostScope, held{file: file, dir: w.t.dir(file), scope: scope})
}

// gzipReaders are the decompressors of .gz files, reused: each holds a
// 32 KiB window, and a campaign holds thousands of small gzipped
// snapshots. They are klauspost/compress's: decompressing a campaign's
// status snapshots was a sixth of parse --json's time with
// compress/gzip, which reads them some 1.5 times slower.
var gzipReaders sync.Pool

// A gzipInput holds a small .gz file read whole: klauspost's flate
// decodes from a bytes.Reader with some 6 % fewer instructions than from
// the bufio.Reader it puts over a file, and the file is read in one call
// rather than 4 KiB at a time. A campaign's snapshots are some 6 KB each.
type gzipInput struct {
	buf []byte
	br  bytes.Reader
}

// gzipWhole is the size up to which a .gz file is read whole.
const gzipWhole = 256 << 10

var gzipInputs = sync.Pool{New: func() any { return &gzipInput{buf: make([]byte, 0, 16<<10)} }}

// open returns f's bytes, read whole when f is small, or what it read of
// f followed by the rest of f.
func (in *gzipInput) open(f io.Reader) io.Reader {
	in.buf = in.buf[:0]
	for len(in.buf) <= gzipWhole {
		if len(in.buf) == cap(in.buf) {
			in.buf = append(in.buf, 0)[:len(in.buf)]
		}
		n, err := f.Read(in.buf[len(in.buf):cap(in.buf)])
		in.buf = in.buf[:len(in.buf)+n]
		if err == io.EOF {
			in.br.Reset(in.buf)
			return &in.br
		}
		if err != nil {
			break // read again, for the reader to meet the error
		}
	}
	in.br.Reset(in.buf)
	return io.MultiReader(&in.br, f)
}

// readFile reads the file p into out. It reads only what does not change
// while a directory is walked (the walker's input and options), so that
// files can be read on several goroutines.
func (w *walker) readFile(out fileOut, p string, extra map[string]string, scope string, read reader, quiet bool) {
	var f io.ReadCloser
	var err error
	if _, ok := w.t.fsys.(osFS); ok {
		f, err = openOS(p)
	} else {
		f, err = w.t.fsys.Open(p)
	}
	if err != nil {
		out.hold(&parse.Error{Source: p, Message: fmt.Sprintf("cannot read input: %v", unwrapPathErr(err))}, "", "")
		return
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(p, ".gz") {
		gz, _ := gzipReaders.Get().(*gzip.Reader)
		if gz == nil {
			gz = new(gzip.Reader)
		}
		in := gzipInputs.Get().(*gzipInput)
		defer gzipInputs.Put(in)
		if err := gz.Reset(in.open(f)); err != nil {
			out.hold(&parse.Error{Source: p, Line: 0, Message: fmt.Sprintf("not a gzip file: %v", err)}, "", "")
			return
		}
		defer gzipReaders.Put(gz)
		r = gz
	}
	w.file(out, p, p, r, extra, scope, read, quiet)
	if w.opts.FileRead != nil {
		w.opts.FileRead(p)
	}
}

// file parses one input stream and passes its items, labelled, to out. A
// file of known kind is read by read as it is; one of unknown kind (read
// nil) may be sbreport's own JSON or a saved web page, and is cleaned and
// sniffed.
func (w *walker) file(out fileOut, p, name string, r io.Reader, extra map[string]string, scope string, read reader, quiet bool) {
	// Labels from the path, then the manifest, then what the user says:
	// NAME=PATH and --set have the last word.
	labels := PathLabels(p)
	for k, v := range extra {
		labels[k] = v
	}
	from := map[string]string{}
	if w.in.Name != "" {
		labels["system"] = w.in.Name
		from["system"] = w.in.Name + "=" + w.in.Path + " argument"
	}
	for k, v := range w.opts.Set {
		labels[k] = v
		from[k] = "--set " + k + "=" + v
	}
	src, cleaned, renumbered := r, "", false
	if read == nil {
		read = parse.Stream
		br := bufio.NewReaderSize(r, 64<<10)
		if head, _ := br.Peek(256); len(head) > 0 {
			if bytes.HasPrefix(head, []byte("#!")) && p != w.in.Path {
				// A script met in a directory walk (run.sysbench, runme):
				// passed over like *.sh unless it holds output.
				quiet = true
			}
			if format, ok := sniffJSONDoc(head); ok {
				w.jsonDoc(out, br, p, name, format, labels, from, scope)
				return
			}
		}
		var err error
		src, cleaned, renumbered, err = cleanText(br)
		if errors.Is(err, ErrPageTooLarge) {
			out.hold(&parse.Error{Source: name, Message: err.Error()}, "", "")
			return
		}
		if err != nil {
			out.hold(&parse.Error{Source: name, Message: fmt.Sprintf("read error: %v", err)}, "", "")
			return
		}
	}
	var fileHosts []*parse.Host
	input, file := "", ""
	if len(labels) == 0 {
		input = w.inputOf(p)
		if input != "" && path.Clean(filepath.ToSlash(p)) != path.Clean(filepath.ToSlash(w.in.Path)) {
			file = FileStem(path.Base(filepath.ToSlash(p)))
		}
	}
	err := read(src, name, func(it parse.Item) {
		switch v := it.(type) {
		case *parse.Run:
			if input != "" {
				v.SetLabelFrom(InputLabel, input, "the input it was read from")
				if file != "" {
					v.SetLabelFrom(FileLabel, file, "the name of the file it was read from, numbers left out")
				}
			}
			for k, val := range labels {
				v.SetLabel(k, val)
				if f, ok := from[k]; ok {
					if v.LabelFrom == nil {
						v.LabelFrom = map[string]string{}
					}
					v.LabelFrom[k] = f
				} else {
					delete(v.LabelFrom, k) // the path or manifest says it
				}
			}
			if v.Test == "" {
				if t := testFromPath(p); t != "" {
					v.Test = t
					v.Warnings = append(v.Warnings, "test name "+t+" taken from the file name")
				}
			}
			switch {
			case renumbered:
				v.Warnings = append(v.Warnings, "input cleaned of "+cleaned+" before parsing; line numbers refer to the cleaned text")
			case cleaned != "":
				v.Warnings = append(v.Warnings, "input cleaned of "+cleaned+" before parsing; every line kept at its number")
			}
			out.hold(v, p, scope)
		case *parse.Host:
			v.Labels = mergeLabels(v.Labels, labels)
			fileHosts = append(fileHosts, v)
		case *parse.Variables:
			v.Labels = mergeLabels(v.Labels, labels)
			v.KeepStatus(w.opts.StatusKeep)
			out.hold(v, p, scope)
		case *parse.TableStatus:
			v.Labels = mergeLabels(v.Labels, labels)
			out.hold(v, p, scope)
		case *parse.SysStat:
			v.Labels = mergeLabels(v.Labels, labels)
			out.hold(v, p, scope)
		case *parse.Error:
			if quiet && errors.Is(v, parse.ErrNothingFound) {
				return
			}
			out.hold(v, p, scope)
		default:
			out.hold(it, p, scope)
		}
	})
	if err != nil {
		// The reader's error, named once with the input.
		var pe *parse.Error
		if !errors.As(err, &pe) {
			pe = &parse.Error{Source: name, Message: fmt.Sprintf("read error: %v", err)}
		}
		out.hold(pe, "", "")
	}
	for _, h := range mergeHosts(fileHosts) {
		out.host(h, p, scope)
	}
}

// InputLabel is the label of a run that nothing else labels (no
// key=value in its path, no campaign, no NAME=PATH or --set): the input
// it was read from, as benchstat names its files. A file given as an
// input is named by its path, a run read from a directory by its
// directory, both below the directory the inputs have in common (a
// single directory input is that directory): "compare old.txt new.txt"
// compares old.txt with new.txt, and a legacy archive kept one
// configuration a directory (res01/sysbench.ro.8.res, res02/...) is read
// as one system a directory. analyze.ChooseBy names systems by it only
// when no other label tells runs apart, and it never splits one system's
// runs.
const InputLabel = "input"

// FileLabel is the label of a run read from a directory, beside
// InputLabel: the name of its file without the words that hold a digit
// (FileStem). Files of one directory whose names differ only
// in numbers (a thread count, a repeat counter, a date) are one series;
// files whose names differ in a word (sysbench.ro.long.8.res beside
// sysbench.ro.short.8.res) ran different experiments, and analyze keeps
// them apart when nothing else does.
const FileLabel = "file"

// FileStem returns the words of a file's name that hold no digit, each
// after the separator before it: oltp_8thr_run2.log gives "oltp.log",
// sysbench.ro.long.16.res gives "sysbench.ro.long.res", and a copy's
// numbered suffix (oltp.log.1, "oltp (1).log") is left out with the
// other numbers.
func FileStem(name string) string {
	var b strings.Builder
	sep := byte(0)
	for i := 0; i < len(name); {
		j := i
		for j < len(name) && isAlnum(name[j]) {
			j++
		}
		if j == i {
			sep = name[i]
			i++
			continue
		}
		if word := name[i:j]; !strings.ContainsAny(word, "0123456789") {
			if b.Len() > 0 && sep != 0 {
				b.WriteByte(sep)
			}
			b.WriteString(word)
		}
		sep = 0
		i = j
	}
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// inputBase returns the directory below which the inputs are named: a
// single directory input itself, else the directory the inputs' parents
// have in common ("" when they have none, "." for the working
// directory).
func inputBase(t tree, inputs []string) string {
	var dirs []string
	for _, arg := range inputs {
		in := parseInput(t, arg)
		if in.Name != "" || t.stdin(in.Path) {
			continue
		}
		p := path.Clean(filepath.ToSlash(in.Path))
		if len(inputs) == 1 {
			if st, err := fs.Stat(t.fsys, in.Path); err == nil && st.IsDir() {
				return p
			}
		}
		dirs = append(dirs, path.Dir(p))
	}
	if len(dirs) == 0 {
		return ""
	}
	common := strings.Split(dirs[0], "/")
	for _, d := range dirs[1:] {
		parts := strings.Split(d, "/")
		n := 0
		for n < len(common) && n < len(parts) && common[n] == parts[n] {
			n++
		}
		common = common[:n]
	}
	if len(common) == 1 && common[0] == "" && strings.HasPrefix(dirs[0], "/") {
		return "/"
	}
	return strings.Join(common, "/")
}

// inputOf returns the InputLabel of the runs of the file p: p itself
// when it is the input, else its directory, below the inputs' base.
func (w *walker) inputOf(p string) string {
	if w.in.Path == "" || w.in.Path == "-" {
		return ""
	}
	q := path.Clean(filepath.ToSlash(p))
	if q != path.Clean(filepath.ToSlash(w.in.Path)) {
		q = path.Dir(q)
	}
	switch {
	case w.base == "" || w.base == ".":
		return q
	case q == w.base:
		return path.Base(q)
	case w.base == "/":
		return strings.TrimPrefix(q, "/")
	case strings.HasPrefix(q, w.base+"/"):
		return q[len(w.base)+1:]
	}
	return q
}

func mergeLabels(dst, src map[string]string) map[string]string {
	if len(src) == 0 {
		return dst
	}
	if dst == nil {
		dst = map[string]string{}
	}
	for k, v := range src {
		dst[k] = v
	}
	return dst
}

// flushHosts holds the hosts of the current directory: merged into one
// when no capture kind repeats across its files, else as they are.
func (w *walker) flushHosts() {
	hs, where := w.hosts, w.hostScope
	w.hosts, w.hostScope = nil, nil
	if len(hs) == 0 {
		return
	}
	seen := map[string]bool{}
	repeat := false
	for _, h := range hs {
		for _, c := range captureKinds(h) {
			if seen[c] {
				repeat = true
			}
			seen[c] = true
		}
	}
	if !repeat {
		hs, where = []*parse.Host{mergeInto(hs)}, where[:1]
	}
	for i, h := range hs {
		w.held = append(w.held, held{it: h, file: where[i].file, dir: where[i].dir, scope: where[i].scope})
	}
}

// captureKinds returns the capture kinds of a host ("lscpu:12" → "lscpu").
func captureKinds(h *parse.Host) []string {
	out := make([]string, 0, len(h.Captures))
	for _, c := range h.Captures {
		k, _, _ := strings.Cut(c, ":")
		out = append(out, k)
	}
	return out
}

// mergeHosts merges the consecutive host captures of one file, starting a
// new host whenever a capture kind repeats (two machines in one paste).
func mergeHosts(hs []*parse.Host) []*parse.Host {
	var out []*parse.Host
	var group []*parse.Host
	kinds := map[string]bool{}
	for _, h := range hs {
		ks := captureKinds(h)
		clash := false
		for _, k := range ks {
			if kinds[k] {
				clash = true
			}
		}
		if clash && len(group) > 0 {
			out = append(out, mergeInto(group))
			group, kinds = nil, map[string]bool{}
		}
		group = append(group, h)
		for _, k := range ks {
			kinds[k] = true
		}
	}
	if len(group) > 0 {
		out = append(out, mergeInto(group))
	}
	return out
}

// mergeInto merges the host captures of one machine (parse.MergeHosts).
func mergeInto(hs []*parse.Host) *parse.Host { return parse.MergeHosts(hs...) }

// pathTests are the test names a file name may carry: the built-in
// tests and the 1.x scripts, longest first so that oltp_read_write is not
// taken for oltp_read.
var pathTests = func() []string {
	var out []string
	for _, n := range parse.TestNames() {
		if t, _ := parse.LookupTest(n); t.Family == parse.FamilyBuiltin || t.Family == parse.FamilyLua1 {
			out = append(out, n)
		}
	}
	return out
}()

// testFromPath finds the sysbench test a file's path names
// (logs/oltp_read_write_16threads.log), for runs whose output does not
// name it. A label test=... in the path wins; a name that holds two
// tests ("cpu-vs-mutex.log") names none. "threads" in a name counts
// threads and names no test.
func testFromPath(p string) string {
	if t := PathLabels(p)["test"]; t != "" {
		return t
	}
	base := strings.ToLower(filepath.Base(p))
	found := ""
	for _, t := range pathTests {
		for k := 0; ; {
			i := strings.Index(base[k:], t)
			if i < 0 {
				break
			}
			i += k
			// Whole words only: "cpu" must not match "cpuinfo".
			before := i == 0 || !isWordByte(base[i-1])
			j := i + len(t)
			after := j == len(base) || !isWordByte(base[j])
			if before && after && !countBeside(base, i, j) {
				if found != "" && !strings.Contains(found, t) {
					return ""
				}
				if found == "" {
					found = t
				}
			}
			k = i + 1
		}
	}
	return found
}

// countBeside reports a word of a file name at base[i:j] that says how
// many threads ran, not which test: "threads" in a file name names the
// thread count ("16-threads", "threads-column", "cpu-vs-threads"), and
// sysbench's threads test only as a label (test=threads).
func countBeside(base string, i, j int) bool {
	return base[i:j] == "threads" || base[i:j] == "thread"
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// PathLabels returns the labels of key=value segments of a path:
// results/engine=rocksdb/threads=16/run1.log gives engine=rocksdb and
// threads=16.
func PathLabels(p string) map[string]string {
	labels := map[string]string{}
	for _, seg := range strings.FieldsFunc(filepath.ToSlash(p), func(r rune) bool { return r == '/' }) {
		k, v, ok := strings.Cut(seg, "=")
		if !ok || k == "" || v == "" || strings.ContainsAny(k, " \t") {
			continue
		}
		if i := strings.LastIndexByte(v, '.'); i > 0 && seg == filepath.Base(p) {
			v = v[:i] // file name "engine=rocksdb.log"
		}
		labels[k] = v
	}
	return labels
}

// sniffBytes is how much of an input Clean looks at to decide whether it
// is text copied out of a web page.
const sniffBytes = 64 << 10

// maxCleanBytes bounds a page that is cleaned in memory.
const maxCleanBytes = 256 << 20

// ErrPageTooLarge is Clean's error for an HTML or JSON-escaped page larger
// than it cleans in memory.
var ErrPageTooLarge = errors.New("page saved as HTML or JSON larger than 256 MiB: not read (expected a smaller page, or the text copied out of it)")

// Clean returns a reader of the input's text. Pages saved as HTML or as a
// page's JSON source (newlines written as the two characters \r\n or \n,
// "/" as "\/") are cleaned first — tags dropped (<br> and block ends become
// line breaks), entities and escapes decoded; what was done is named in
// cleaned ("" for plain text, which is passed through unchanged).
func Clean(br *bufio.Reader) (r io.Reader, cleaned string, err error) {
	r, cleaned, _, err = cleanText(br)
	return r, cleaned, err
}

// cleanText is Clean, and says whether the cleaning moved lines: a tag
// that became a line break, or escaped line breaks decoded. An HTML file
// whose tags all stand on lines of their own (a Markdown file with HTML
// tables and comments) keeps every line at its number.
func cleanText(br *bufio.Reader) (r io.Reader, cleaned string, renumbered bool, err error) {
	head, err := br.Peek(sniffBytes)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, "", false, err
	}
	kind := sniff(head)
	if kind == "" {
		if !pasteMarked(head) {
			return br, "", false, nil
		}
		kind = "paste"
	}
	all, err := io.ReadAll(io.LimitReader(br, maxCleanBytes))
	if err != nil {
		return nil, "", false, err
	}
	if len(all) == maxCleanBytes {
		if _, err := br.Peek(1); err == nil {
			return nil, "", false, ErrPageTooLarge
		}
	}
	lines := bytes.Count(all, []byte{'\n'})
	switch kind {
	case "json":
		all = unescapeJSONText(all)
		if sniff(all) == "html" {
			all = stripHTML(all)
			kind = "JSON string escapes and HTML"
		} else {
			kind = "JSON string escapes"
		}
	case "html":
		all = stripHTML(all)
		kind = "HTML tags and entities"
	case "paste":
		all = stripPasteMarks(all)
		kind = "the list marks or line numbers of a pasted page"
	}
	// stripHTML keeps every line break and only adds some: as many as
	// before, and every line is where it was.
	return bytes.NewReader(all), kind, bytes.Count(all, []byte{'\n'}) != lines, nil
}

// sniff tells "html", "json" (escaped page source) or "" (plain text).
func sniff(b []byte) string {
	nl := bytes.Count(b, []byte{'\n'})
	esc := bytes.Count(b, []byte(`\n`)) + bytes.Count(b, []byte(`\r\n`))
	if esc >= 3 && esc > 4*nl && !literalsOnly(b) {
		return "json"
	}
	lower := bytes.ToLower(b)
	tags := 0
	for _, t := range [][]byte{[]byte("<br"), []byte("<pre"), []byte("<p>"), []byte("<div"), []byte("</"), []byte("<html"), []byte("<code"), []byte("<td"), []byte("<span")} {
		tags += bytes.Count(lower, t)
	}
	// A <br> in a markdown table row ("| RAM: 2 GB<br>CPU: 2 |") breaks a
	// line inside a cell, which markdown tables have no other way to do:
	// the mark of a markdown file, not of an HTML page.
	tags -= mdTableBreaks(lower)
	if bytes.Contains(lower, []byte("<html")) || bytes.Contains(lower, []byte("<!doctype html")) || (tags >= 3 && tags*20 > nl) {
		return "html"
	}
	return ""
}

// literalsOnly reports text whose escaped line breaks all stand in string
// literals holding sysbench's output, which the reader gives line by line
// at the lines they stand on (parse.EscapedOutput): a script keeping a
// run's stdout, with lines of code around it, is read as it is, not
// decoded whole, so that its runs keep the script's line numbers.
func literalsOnly(b []byte) bool {
	found, code := false, 0
	for line := range bytes.Lines(b) {
		line = bytes.TrimSuffix(line, []byte{'\n'})
		if bytes.Count(line, []byte(`\n`)) < 3 {
			if len(bytes.TrimSpace(line)) > 0 {
				code++
			}
			continue
		}
		if !parse.EscapedOutput(string(line)) {
			return false
		}
		found = true
	}
	// A page's JSON source is one document, all of it escaped text; a
	// script has lines of code around its literals.
	return found && code >= 2
}

// mdTableBreaks counts the <br> tags inside markdown table rows: lines
// that begin and end with '|'.
func mdTableBreaks(lower []byte) int {
	n := 0
	for line := range bytes.Lines(lower) {
		line = bytes.TrimSpace(line)
		if len(line) > 1 && line[0] == '|' && line[len(line)-1] == '|' {
			n += bytes.Count(line, []byte("<br"))
		}
	}
	return n
}

// unescapeJSONText decodes JSON string escapes in place of a whole page
// source: \r\n, \n, \t, \/, \", \\ and \uXXXX.
func unescapeJSONText(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 >= len(b) {
			out = append(out, c)
			continue
		}
		i++
		switch b[i] {
		case 'n':
			out = append(out, '\n')
		case 'r':
			if i+2 < len(b) && b[i+1] == '\\' && b[i+2] == 'n' {
				continue // \r\n: the \n writes the break
			}
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case '/', '"', '\\', '\'':
			out = append(out, b[i])
		case 'u':
			if i+4 < len(b) {
				var r rune
				ok := true
				for _, h := range b[i+1 : i+5] {
					r <<= 4
					switch {
					case h >= '0' && h <= '9':
						r |= rune(h - '0')
					case h >= 'a' && h <= 'f':
						r |= rune(h-'a') + 10
					case h >= 'A' && h <= 'F':
						r |= rune(h-'A') + 10
					default:
						ok = false
					}
				}
				if ok {
					out = append(out, string(r)...)
					i += 4
					continue
				}
			}
			out = append(out, '\\', 'u')
		default:
			out = append(out, '\\', b[i])
		}
	}
	return out
}

var entities = map[string]string{
	"amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'", "nbsp": " ", "#39": "'",
	"#x27": "'", "#34": `"`, "#x2F": "/", "#47": "/", "ensp": " ", "emsp": " ", "thinsp": " ",
	"mdash": "—", "ndash": "–", "hellip": "…", "#160": " ", "#x3A": ":", "#58": ":", "#124": "|",
}

// blockTags end a line when they open or close.
var blockTags = map[string]bool{"br": true, "p": true, "div": true, "pre": true, "tr": true, "li": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "table": true, "blockquote": true}

// stripHTML drops tags, turns block-level tags into line breaks, puts a
// space between table cells, and decodes entities. Script and style
// contents are dropped.
func stripHTML(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch c {
		case '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				out = append(out, c)
				continue
			}
			tag := b[i+1 : i+j]
			name := strings.ToLower(strings.TrimLeft(strings.Fields(string(tag) + " x")[0], "/"))
			name = strings.TrimRight(name, "/")
			if !htmlTag(tag, name) {
				// "<<EOF", "<db_host>", "a < b": text, not a tag.
				out = append(out, c)
				continue
			}
			// The line breaks inside a tag are kept, and the lines after
			// it keep their numbers.
			for _, x := range tag {
				if x == '\n' {
					out = append(out, '\n')
				}
			}
			i += j
			switch {
			case name == "table" && tag[0] != '/':
				// A table is given to parse as written: its rows, spans
				// and header rows are parse's to lay out (parse/htmltable.go),
				// which the text of its cells alone cannot tell.
				if k := closingTag(b[i+1:], "table"); k >= 0 {
					if len(out) > 0 && out[len(out)-1] != '\n' {
						out = append(out, '\n')
					}
					out = append(out, b[i-j:i+1+k]...)
					i += k
					continue
				}
				out = append(out, '\n')
			case name == "script" || name == "style":
				if tag[0] != '/' {
					if k := bytes.Index(bytes.ToLower(b[i:]), []byte("</"+name)); k >= 0 {
						for range bytes.Count(b[i:i+k], []byte{'\n'}) {
							out = append(out, '\n') // its lines stay, empty
						}
						i += k - 1
					}
				}
			case blockTags[name]:
				// A line break, unless the text already breaks the line
				// here: "<pre>\n" keeps its line numbers.
				atStart := len(out) == 0 || out[len(out)-1] == '\n'
				nextBreak := i+1 < len(b) && (b[i+1] == '\n' || b[i+1] == '\r')
				if !nextBreak && (name == "br" || !atStart) {
					out = append(out, '\n')
				}
				if len(name) == 2 && name[0] == 'h' && name[1] >= '2' && name[1] <= '6' && tag[0] != '/' {
					// A section heading keeps its level, as Markdown writes
					// it: "<h2>MySQL 8.0</h2>" is "## MySQL 8.0".
					out = append(out, "######"[:name[1]-'0']...)
					out = append(out, ' ')
				}
			case (name == "td" || name == "th") && tag[0] != '/':
				out = append(out, ' ')
			}
		case '&':
			j := bytes.IndexByte(b[i:], ';')
			if j > 1 && j < 10 {
				if rep, ok := entities[string(b[i+1:i+j])]; ok {
					out = append(out, rep...)
					i += j
					continue
				}
				if b[i+1] == '#' {
					if r, ok := numericEntity(string(b[i+2 : i+j])); ok {
						out = append(out, string(r)...)
						i += j
						continue
					}
				}
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// htmlElements are the elements whose tags stripHTML drops; any other
// name between angle brackets is text ("<db_host>" in a command).
var htmlElements = map[string]bool{"a": true, "abbr": true, "article": true, "aside": true, "b": true,
	"blockquote": true, "body": true, "br": true, "caption": true, "center": true, "code": true, "col": true,
	"colgroup": true, "dd": true, "del": true, "details": true, "div": true, "dl": true, "dt": true, "em": true,
	"figcaption": true, "figure": true, "font": true, "footer": true, "h1": true, "h2": true, "h3": true, "h4": true,
	"h5": true, "h6": true, "head": true, "header": true, "hr": true, "html": true, "i": true, "img": true,
	"input": true, "ins": true, "kbd": true, "label": true, "li": true, "link": true, "main": true, "mark": true,
	"meta": true, "nav": true, "ol": true, "p": true, "pre": true, "s": true, "samp": true, "script": true,
	"section": true, "small": true, "span": true, "strike": true, "strong": true, "style": true, "sub": true,
	"summary": true, "sup": true, "table": true, "tbody": true, "td": true, "tfoot": true, "th": true,
	"thead": true, "title": true, "tr": true, "tt": true, "u": true, "ul": true, "var": true, "wbr": true}

// htmlTag reports whether the text between '<' and '>' is a tag of an
// HTML element (name, lower case, without '/'), a comment or a
// declaration ("!--", "!DOCTYPE"): what follows '<' is a letter, '/' or
// '!', and holds no other '<'.
func htmlTag(tag []byte, name string) bool {
	if len(tag) == 0 || bytes.IndexByte(tag, '<') >= 0 {
		return false
	}
	if tag[0] == '!' {
		return true
	}
	return htmlElements[name]
}

// closingTag returns the length of b up to the end of the tag that
// closes the element name (any case), nested elements of that name
// included, or -1.
func closingTag(b []byte, name string) int {
	depth := 1
	for i := 0; i < len(b); i++ {
		if b[i] != '<' {
			continue
		}
		rest := b[i+1:]
		end := len(rest) > 0 && rest[0] == '/'
		if end {
			rest = rest[1:]
		}
		if len(rest) < len(name) || !bytes.EqualFold(rest[:len(name)], []byte(name)) ||
			len(rest) > len(name) && rest[len(name)] != '>' && rest[len(name)] != ' ' && rest[len(name)] != '\t' && rest[len(name)] != '\n' {
			continue
		}
		if !end {
			depth++
			continue
		}
		if depth--; depth == 0 {
			k := bytes.IndexByte(b[i:], '>')
			if k < 0 {
				return -1
			}
			return i + k + 1
		}
	}
	return -1
}

func numericEntity(s string) (rune, bool) {
	var n int64
	base := int64(10)
	if strings.HasPrefix(s, "x") || strings.HasPrefix(s, "X") {
		base, s = 16, s[1:]
	}
	if s == "" {
		return 0, false
	}
	for _, c := range s {
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = int64(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = int64(c-'A') + 10
		default:
			return 0, false
		}
		n = n*base + d
		if n > 0x10FFFF {
			return 0, false
		}
	}
	return rune(n), true
}
