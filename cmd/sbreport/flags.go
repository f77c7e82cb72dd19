package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/collect/warehouse"
	"github.com/sbreport/sbreport/parse"
)

// skipHelp is the help text of every verb's --skip flag.
const skipHelp = "warm-up to trim from each run's interim series: a `duration` (30s), auto (detected, MSER-5) or none (0 works too)"

// parseSkip reads --skip: "auto" (or "") detects the warm-up, "none" or 0
// trims nothing, a duration trims that much.
func parseSkip(s string) (time.Duration, error) {
	switch s {
	case "auto", "":
		return 0, nil
	case "none", "0":
		return analyze.NoSkip, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--skip: want a duration such as 30s, auto or none, not %q: %w", s, errUsage)
	}
	if d == 0 {
		return analyze.NoSkip, nil
	}
	return d, nil
}

// commonFlags are the analysis flags of compare, scale, report and demo.
// Each verb registers --metric itself, with help that fits it.
type commonFlags struct {
	by, metric, center, skip string
	confidence               float64
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.by, "by", "", "label naming the system (`key`, e.g. engine, version, source); default: the label that differs between inputs")
	fs.StringVar(&c.center, "center", "geomean", "summary of repeats: `geomean` (geometric mean, Student-t interval on the logarithms; mean is a synonym) or median (order-statistic interval)")
	fs.Float64Var(&c.confidence, "confidence", 0.95, "confidence `level` of the intervals")
	fs.StringVar(&c.skip, "skip", "auto", skipHelp)
}

// check validates the shared flags.
func (c *commonFlags) check() (metric analyze.Metric, center analyze.Center, skip time.Duration, err error) {
	if c.metric != "" {
		if metric, err = analyze.ParseMetric(c.metric); err != nil {
			return "", "", 0, fmt.Errorf("--metric: %v: %w", err, errUsage)
		}
	}
	if center, err = analyze.ParseCenter(c.center); err != nil {
		return "", "", 0, fmt.Errorf("--center: %v: %w", err, errUsage)
	}
	if !(c.confidence > 0 && c.confidence < 1) {
		return "", "", 0, fmt.Errorf("--confidence: want a level between 0 and 1, not %v: %w", c.confidence, errUsage)
	}
	if skip, err = parseSkip(c.skip); err != nil {
		return "", "", 0, err
	}
	return metric, center, skip, nil
}

// load reads the inputs and prints their errors to stderr. The runs'
// interim reports are kept in a spool as they are read, as report keeps
// them, not in memory: the caller closes it once the analysis is done,
// and fails when its Err says a series could not be read back.
func load(verb string, fs *flag.FlagSet, in *inputFlags, inputs []string, stderr io.Writer) (*parse.Document, *collect.Spool, error) {
	in.stderr = stderr
	sp, err := collect.NewSpool()
	if err != nil {
		return nil, nil, err
	}
	in.spool = sp
	doc, _, err := in.read(verb, fs, inputs)
	if err != nil {
		sp.Close()
		return nil, nil, err
	}
	for _, l := range parse.ProblemLines(doc.Errors) {
		fmt.Fprintln(stderr, l)
	}
	return doc, sp, nil
}

// inputFlags say where a reading verb reads runs: files, the warehouse
// (--db), or both, and which runs it keeps (--where, --since, --until).
type inputFlags struct {
	db           string
	where        whereFlag
	since, until string
	set          whereFlag // --set KEY=VALUE: labels for every run and capture read
	// stderr, when set, shows how the reading goes on a terminal.
	stderr io.Writer
	// spool, when set, takes each run's latency histogram as the run is
	// read (from files or the warehouse): report draws and writes them
	// after the analysis, which reads only those of clients merged.
	spool *collect.Spool
}

// setLabels returns the --set labels, the last value of a key winning.
func (f *inputFlags) setLabels() map[string]string {
	if len(f.set) == 0 {
		return nil
	}
	out := map[string]string{}
	for k, vs := range f.set {
		out[k] = vs[len(vs)-1]
	}
	return out
}

func (f *inputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.db, "db", "", "also read the runs stored in the warehouse at `URL` (mysql://user@host:port/db or mysql://user@unix(/path/sock)/db, ?tls=true|skip-verify|preferred; the password comes from MYSQL_PWD)")
	fs.Var(&f.where, "where", "keep the runs whose label (else tool, test, workload, threads, version or source) is `KEY=VALUE`; repeatable, a repeated key accepts any of its values")
	fs.StringVar(&f.since, "since", "", "keep the runs from `time` on (2026-11-30 or RFC 3339): a run's campaign time, else its date label")
	fs.StringVar(&f.until, "until", "", "keep the runs before `time`; a date includes its whole day")
	fs.Var(&f.set, "set", "give every run and capture read the label `KEY=VALUE`, over what is inferred from the text, paths or a campaign manifest; repeatable")
}

// empty reports whether no selection flag was given.
func (f *inputFlags) empty() bool {
	return len(f.where) == 0 && f.since == "" && f.until == "" && len(f.set) == 0
}

// whereFlag collects --where KEY=VALUE.
type whereFlag map[string][]string

func (w *whereFlag) String() string {
	var parts []string
	for k, vs := range *w {
		for _, v := range vs {
			parts = append(parts, k+"="+v)
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func (w *whereFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want KEY=VALUE, not %q", s)
	}
	if *w == nil {
		*w = whereFlag{}
	}
	(*w)[k] = append((*w)[k], v)
	return nil
}

// filter turns the selection flags into a warehouse.Filter.
func (f *inputFlags) filter() (warehouse.Filter, error) {
	flt := warehouse.Filter{Where: f.where}
	parse := func(name, s string, endOfDay bool) (*time.Time, error) {
		if s == "" {
			return nil, nil
		}
		t, ok := warehouse.ParseTime(s)
		if !ok {
			return nil, fmt.Errorf("--%s: want a date (2026-11-30) or an RFC 3339 time, not %q: %w", name, s, errUsage)
		}
		if endOfDay && len(s) == len("2006-01-02") {
			t = t.AddDate(0, 0, 1)
		}
		return &t, nil
	}
	var err error
	if flt.Since, err = parse("since", f.since, false); err != nil {
		return flt, err
	}
	if flt.Until, err = parse("until", f.until, true); err != nil {
		return flt, err
	}
	return flt, nil
}

// read returns the runs of the warehouse (with --db) followed by those of
// the files, kept by the selection flags, and when each ran.
func (f *inputFlags) read(verb string, fs *flag.FlagSet, inputs []string) (*parse.Document, func(*parse.Run) (time.Time, bool), error) {
	if len(inputs) == 0 && f.db == "" {
		return nil, nil, fmt.Errorf("%s: no input given (files, directories or --db URL): %w", verb, errUsage)
	}
	flt, err := f.filter()
	if err != nil {
		return nil, nil, err
	}
	doc := &parse.Document{}
	times := map[*parse.Run]time.Time{}
	if f.db != "" {
		w, err := openWarehouse(f.db, true)
		if err != nil {
			return nil, nil, err
		}
		var lo warehouse.LoadOptions
		if verb != "parse" {
			lo.StatusKeep = analyze.ServerCounters // as for files, below
			lo.Compact = true
		}
		lo.SkipStatus = skipsStatus(verb)
		if f.spool != nil {
			lo.Keep = f.spool.Keep
		}
		var st *progress
		if f.stderr != nil {
			rs := &readStatus{db: true}
			lo.RunRead = func() { rs.runs.Add(1) }
			st = newStatus(f.stderr, rs.line)
		}
		l, err := w.LoadWith(context.Background(), flt, lo)
		if st != nil {
			st.close()
		}
		w.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("--db: %w", err)
		}
		doc = l.Doc
		times = l.Times
		for _, r := range doc.Runs {
			// Every run: runs with the same labels share one map of
			// them (lo.Compact).
			for k, v := range f.setLabels() {
				r.SetLabelFrom(k, v, "--set "+k+"="+v)
			}
			letGoHistogram(verb, r)
			if f.spool != nil {
				f.spool.Keep(r)
			}
		}
	}
	if len(inputs) > 0 {
		clock := warehouse.NewTimeClock()
		opts := collect.Options{Set: f.setLabels(), Manifest: clock.Know}
		if verb != "parse" {
			// The analysis reads status snapshots only for the counters'
			// deltas: the rest of each snapshot is let go as it is read.
			opts.StatusKeep = analyze.ServerCounters
			opts.Compact = true
		}
		opts.SkipStatus = skipsStatus(verb)
		rs := &readStatus{}
		if f.stderr != nil {
			opts.FileRead = rs.fileRead
			st := newStatus(f.stderr, rs.line)
			defer st.close()
		}
		fd := &parse.Document{}
		err := collect.WalkWith(inputs, opts, func(it parse.Item) {
			if r, ok := it.(*parse.Run); ok {
				rs.runs.Add(1)
				letGoHistogram(verb, r)
				if f.spool != nil {
					f.spool.Keep(r)
				}
			}
			fd.Add(it)
		})
		if err != nil {
			return nil, nil, err
		}
		for _, r := range fd.Runs {
			if t, ok := clock.TimeOf(r); ok {
				times[r] = t
			}
		}
		timeOf := func(r *parse.Run) (time.Time, bool) { t, ok := times[r]; return t, ok }
		for _, r := range fd.Runs {
			if flt.Match(r, timeOf) {
				doc.Runs = append(doc.Runs, r)
			}
		}
		doc.Hosts = append(doc.Hosts, fd.Hosts...)
		doc.Variables = append(doc.Variables, fd.Variables...)
		doc.Tables = append(doc.Tables, fd.Tables...)
		doc.SysStats = append(doc.SysStats, fd.SysStats...)
		doc.Facts = append(doc.Facts, fd.Facts...)
		doc.Errors = append(doc.Errors, fd.Errors...)
	}
	return doc, func(r *parse.Run) (time.Time, bool) { t, ok := times[r]; return t, ok }, nil
}

// skipsStatus reports whether the verb reads no server counter (compare,
// scale and history): their inputs' status snapshots are not read, from
// files or from the warehouse.
func skipsStatus(verb string) bool {
	return verb == "compare" || verb == "scale" || verb == "history"
}

// letGoHistogram drops r's latency histogram as the run is read, from
// files or the warehouse, for the verbs that read no server counter
// (skipsStatus): none of them draws a histogram, and the analysis reads a
// run's only to merge the clients of one run (analyze.ReadsHistogram).
func letGoHistogram(verb string, r *parse.Run) {
	if skipsStatus(verb) && !analyze.ReadsHistogram(r, analyze.GroupOptions{}) {
		r.Histogram = nil
	}
}

// openWarehouse opens the warehouse at url with the password of
// MYSQL_PWD; reader opens it without migrating.
func openWarehouse(url string, reader bool) (*warehouse.Warehouse, error) {
	cfg, err := warehouse.ParseURL(url, os.Getenv(warehouse.PasswordEnv))
	if err != nil {
		return nil, fmt.Errorf("--db: %v: %w", err, errUsage)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if reader {
		return warehouse.OpenReader(ctx, cfg)
	}
	return warehouse.Open(ctx, cfg)
}

// checkBy refuses a --by that names a label no run has: grouping by it
// would average every run together.
func checkBy(doc *parse.Document, by string) error {
	if err := analyze.CheckBy(doc.Runs, by); err != nil {
		return fmt.Errorf("--by: %v: %w", err, errUsage)
	}
	return nil
}

// partial returns the exit error for inputs that had errors.
func partial(doc *parse.Document) error {
	if n := len(parse.ProblemLines(doc.Errors)); n > 0 {
		if len(doc.Runs) == 0 {
			return fmt.Errorf("%s in the input, and no run to analyse: %w", count(n, "problem", "problems"), errPartial)
		}
		return fmt.Errorf("%s in the input; the rest was analysed: %w", count(n, "problem", "problems"), errPartial)
	}
	return nil
}

// checkAlpha validates --alpha.
func checkAlpha(a float64) error {
	if !(a > 0 && a < 1) {
		return fmt.Errorf("--alpha: want a level between 0 and 1, not %g: %w", a, errUsage)
	}
	return nil
}

// parseSLO reads --slo ("p95=20ms"); nil when none was given.
func parseSLO(text string) (*analyze.SLO, error) {
	if text == "" {
		return nil, nil
	}
	s, err := analyze.ParseSLO(text)
	if err != nil {
		return nil, fmt.Errorf("--slo: %v: %w", err, errUsage)
	}
	return &s, nil
}

// readStatus counts what a command has read, for the status line shown
// on a terminal while it reads (newStatus): the files and runs of a walk,
// or the runs of the warehouse (db).
type readStatus struct {
	files, runs atomic.Int64
	db          bool
}

func (rs *readStatus) fileRead(string) { rs.files.Add(1) }

func (rs *readStatus) line() string {
	if rs.db {
		return fmt.Sprintf("reading the warehouse: %d runs", rs.runs.Load())
	}
	return fmt.Sprintf("reading: %d files, %d runs", rs.files.Load(), rs.runs.Load())
}
