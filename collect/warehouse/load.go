package warehouse

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// A Filter selects runs. The zero Filter selects everything.
type Filter struct {
	// Where maps a key to the values accepted for it: a run passes when,
	// for every key, its value is one of them. The value of a key is the
	// run's label of that name; without such a label, the keys tool,
	// test, workload (the test), threads, version (the banner's) and
	// source name the run's own fields.
	Where map[string][]string
	// Since and Until bound the run's time (RunTime): Since ≤ t < Until.
	// Runs without a time fail a bounded filter.
	Since, Until *time.Time
}

// Empty reports whether the filter selects everything.
func (f Filter) Empty() bool { return len(f.Where) == 0 && f.Since == nil && f.Until == nil }

// Value returns the run's value of a filter key (see Filter.Where).
func Value(r *parse.Run, key string) (string, bool) {
	if v, ok := r.Labels[key]; ok {
		return v, true
	}
	switch key {
	case "tool":
		return r.Tool, r.Tool != ""
	case "test", "workload":
		return r.Test, r.Test != ""
	case "threads":
		if r.Threads != nil {
			return strconv.Itoa(*r.Threads), true
		}
	case "version":
		return r.Version, r.Version != ""
	case "source":
		return r.Source, true
	}
	return "", false
}

// RunTime returns the time of a run for Since and Until: its campaign
// time (timeOf, may be nil), else its "date" label read as a date or
// timestamp.
func RunTime(r *parse.Run, timeOf func(*parse.Run) (time.Time, bool)) (time.Time, bool) {
	if timeOf != nil {
		if t, ok := timeOf(r); ok {
			return t, true
		}
	}
	if d := r.Labels["date"]; d != "" {
		return ParseTime(d)
	}
	return time.Time{}, false
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"}

// ParseTime reads a timestamp or a date (UTC unless the text has a zone).
func ParseTime(s string) (time.Time, bool) {
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// Match reports whether the run passes the filter.
func (f Filter) Match(r *parse.Run, timeOf func(*parse.Run) (time.Time, bool)) bool {
	for k, vs := range f.Where {
		v, ok := Value(r, k)
		if !ok || !slices.Contains(vs, v) {
			return false
		}
	}
	if f.Since == nil && f.Until == nil {
		return true
	}
	t, ok := RunTime(r, timeOf)
	if !ok {
		return false
	}
	if f.Since != nil && t.Before(*f.Since) {
		return false
	}
	if f.Until != nil && !t.Before(*f.Until) {
		return false
	}
	return true
}

// Loaded is what Load read back.
type Loaded struct {
	Doc *parse.Document
	// Times holds the campaign time of each run that has one.
	Times map[*parse.Run]time.Time
}

// TimeOf returns the campaign time of a loaded run.
func (l *Loaded) TimeOf(r *parse.Run) (time.Time, bool) {
	t, ok := l.Times[r]
	return t, ok
}

type runKey struct {
	source int64
	idx    int
}

// Load reads back the runs that pass the filter, in the order they were
// stored (for one import: the order the files gave them), with the
// captures and problems of the inputs they came from (everything when
// the filter is empty).
func (w *Warehouse) Load(ctx context.Context, f Filter) (*Loaded, error) {
	return w.LoadWith(ctx, f, LoadOptions{})
}

// LoadOptions say how much of what is stored Load reads back.
type LoadOptions struct {
	// StatusKeep, when not nil, reduces each SHOW GLOBAL STATUS snapshot
	// to the counters it names as it is read (collect.Options.StatusKeep):
	// a reader that takes only counter deltas then holds a few numbers a
	// snapshot, not every status variable of every run.
	StatusKeep []string
	// Compact stores each string of the runs once for all runs, and
	// each map of labels, settings or variables once for the runs and
	// captures that have the same (collect.Options.Compact): a label set
	// on one run is set on all that share its map, so set it on every
	// run or on none.
	Compact bool
	// SkipStatus leaves the SHOW GLOBAL STATUS snapshots in the server
	// (collect.Options.SkipStatus): for a reader that takes no server
	// counter, they are most of what would be sent and decoded.
	SkipStatus bool
	// Keep, when not nil, is given each run as its parts are read: once
	// decoded (its histogram read), and again once its interim reports
	// are (collect.Spool.Keep, which lets them go from memory as they are
	// read rather than once every run is).
	Keep func(*parse.Run)
	// RunRead, when not nil, is called as each stored run is decoded,
	// kept by the filter or not (for progress).
	RunRead func()
}

// LoadWith is Load with options.
func (w *Warehouse) LoadWith(ctx context.Context, f Filter, opts LoadOptions) (*Loaded, error) {
	l := &Loaded{Doc: &parse.Document{}, Times: map[*parse.Run]time.Time{}}
	q, args := runQuery(f)
	rows, err := w.DB.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	runs := map[runKey]*parse.Run{}
	sources := map[int64]bool{}
	var withIntervals []runKey
	var compact collect.Compactor
	err = decodeRuns(rows, func(s *storedRun) {
		if opts.RunRead != nil {
			opts.RunRead()
		}
		r := s.run
		if s.when.Valid {
			l.Times[r] = s.when.Time.UTC()
		}
		if !f.Match(r, l.TimeOf) {
			return
		}
		if opts.Compact {
			compact.Compact(r)
		}
		if s.n > 0 {
			if opts.Keep == nil {
				r.Intervals = make([]parse.Interval, 0, s.n)
			}
			withIntervals = append(withIntervals, s.key)
		}
		if opts.Keep != nil {
			opts.Keep(r)
		}
		runs[s.key] = r
		sources[s.key.source] = true
		l.Doc.Runs = append(l.Doc.Runs, r)
	})
	if err != nil {
		return nil, err
	}
	if err := w.loadIntervals(ctx, f, runs, sources, withIntervals, opts.Keep); err != nil {
		return nil, err
	}
	related := ""
	if !f.Empty() {
		// The captures and problems of the inputs the runs came from.
		ids := make([]int64, 0, len(sources))
		for id := range sources {
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			return l, nil
		}
		related = " WHERE source_id IN (SELECT id FROM sources WHERE input IN (SELECT input FROM sources WHERE id IN (" + idList(ids) + ")))"
	}
	if err := w.loadCaptures(ctx, l.Doc, related, opts, &compact); err != nil {
		return nil, err
	}
	if err := w.loadErrors(ctx, l.Doc, related); err != nil {
		return nil, err
	}
	return l, nil
}

// A storedRun is a row of runQuery's result, decoded.
type storedRun struct {
	key  runKey
	n    int // interim points
	doc  []byte
	when sql.NullTime
	run  *parse.Run
	err  error
	done chan struct{} // closed once run (or err) is set
}

// decodeRuns scans the rows of runQuery and calls each with every run,
// in the rows' order, on the caller's goroutine; the documents are
// decoded on every core meanwhile (their decoding is most of the
// client's work in reading runs back). It closes rows.
func decodeRuns(rows *sql.Rows, each func(*storedRun)) error {
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	work := make(chan *storedRun, 64)
	order := make(chan *storedRun, 64*workers)
	var scanErr error
	go func() {
		defer close(order)
		defer close(work)
		for rows.Next() {
			s := &storedRun{run: &parse.Run{}, done: make(chan struct{})}
			if err := rows.Scan(&s.key.source, &s.key.idx, &s.n, &s.doc, &s.when); err != nil {
				scanErr = err
				return
			}
			work <- s
			order <- s
		}
	}()
	for range workers {
		go func() {
			for s := range work {
				if err := decodeRun(s.doc, s.run); err != nil {
					s.err = fmt.Errorf("stored run %d/%d: %w", s.key.source, s.key.idx, err)
				}
				s.doc = nil
				close(s.done)
			}
		}()
	}
	var err error
	for s := range order {
		<-s.done
		if err == nil && s.err != nil {
			err = s.err // the rest is drained, not used
		}
		if err == nil {
			each(s)
		}
	}
	// order is closed: the scanning goroutine has returned.
	if err == nil {
		err = scanErr
	}
	if cerr := rows.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = rows.Err()
	}
	return err
}

// histogramKey starts a run document's latency histogram as json.Marshal
// writes it. Outside strings only: inside one its quotes would be
// escaped.
var histogramKey = []byte(`,"histogram":[`)

// decodeRun reads a stored run document (runDoc) into r. Its latency
// histogram, some 85 buckets that are half the document and most of the
// time json.Unmarshal takes, is read by hand when it has the form
// json.Marshal gives it (readBuckets); the rest of the document, or a
// document in any other form, goes through json.Unmarshal.
func decodeRun(doc []byte, r *parse.Run) error {
	if i := bytes.Index(doc, histogramKey); i >= 0 {
		start := i + len(histogramKey)
		if n := bytes.IndexByte(doc[start:], ']'); n >= 0 {
			if h, ok := readBuckets(doc[start : start+n]); ok {
				rest := make([]byte, 0, len(doc)-len(histogramKey)-n-1)
				rest = append(append(rest, doc[:i]...), doc[start+n+1:]...)
				if err := json.Unmarshal(rest, r); err != nil {
					return err
				}
				r.Histogram = h
				return nil
			}
		}
	}
	return json.Unmarshal(doc, r)
}

// readBuckets reads the inside of a histogram array as json.Marshal
// writes a []parse.Bucket: {"value_ms":V,"count":N} objects separated by
// commas, V and N read as json.Unmarshal reads them (strconv). ok is
// false for anything else.
func readBuckets(b []byte) (h []parse.Bucket, ok bool) {
	const pre, mid = `{"value_ms":`, `,"count":`
	h = make([]parse.Bucket, 0, bytes.Count(b, []byte("{")))
	for len(b) > 0 {
		if len(h) > 0 {
			if b[0] != ',' {
				return nil, false
			}
			b = b[1:]
		}
		if !bytes.HasPrefix(b, []byte(pre)) {
			return nil, false
		}
		b = b[len(pre):]
		m := bytes.Index(b, []byte(mid))
		e := bytes.IndexByte(b, '}')
		if m < 0 || e < m {
			return nil, false
		}
		v, err := strconv.ParseFloat(string(b[:m]), 64)
		if err != nil || !jsonNumber(b[:m]) {
			return nil, false
		}
		c, err := strconv.ParseInt(string(b[m+len(mid):e]), 10, 64)
		if err != nil || !jsonNumber(b[m+len(mid):e]) {
			return nil, false
		}
		h = append(h, parse.Bucket{ValueMs: v, Count: c})
		b = b[e+1:]
	}
	return h, true
}

// jsonNumber reports whether b is spelt as a JSON number may be: digits,
// sign, point and exponent only (strconv also reads "Inf", "0x1p-2" and
// "1_0", which JSON does not hold).
func jsonNumber(b []byte) bool {
	if len(b) == 0 || b[0] == '+' {
		return false
	}
	for _, c := range b {
		if !('0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			return false
		}
	}
	return true
}

// runQuery is the SQL that selects candidate runs: a superset of those
// the filter passes, which Match then decides.
func runQuery(f Filter) (string, []any) {
	var where []string
	var args []any
	keys := make([]string, 0, len(f.Where))
	for k := range f.Where {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	cols := map[string]string{"tool": "r.tool", "test": "r.test", "workload": "r.test", "threads": "r.threads", "version": "r.version"}
	for _, k := range keys {
		vs := f.Where[k]
		ph := strings.TrimSuffix(strings.Repeat("?, ", len(vs)), ", ")
		cond := "EXISTS (SELECT 1 FROM run_labels l WHERE l.source_id = r.source_id AND l.run_idx = r.idx AND l.k = ? AND l.v IN (" + ph + "))"
		args = append(args, k)
		for _, v := range vs {
			args = append(args, v)
		}
		switch col := cols[k]; {
		case k == "source":
			continue // matched in Go on the run's source name
		case col != "":
			cond = "(" + cond + " OR " + col + " IN (" + ph + "))"
			for _, v := range vs {
				args = append(args, v)
			}
		}
		where = append(where, cond)
	}
	if f.Since != nil {
		where = append(where, "(r.campaign_time IS NULL OR r.campaign_time >= ?)")
		args = append(args, f.Since.UTC())
	}
	if f.Until != nil {
		where = append(where, "(r.campaign_time IS NULL OR r.campaign_time < ?)")
		args = append(args, f.Until.UTC())
	}
	q := "SELECT r.source_id, r.idx, r.n_intervals, r.doc, r.campaign_time FROM runs r"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	return q + " ORDER BY r.ord", args
}

func idList(ids []int64) string {
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}

// loadIntervals attaches the interim series to the runs that have one,
// giving each run to keep (when not nil) once its series is read.
func (w *Warehouse) loadIntervals(ctx context.Context, f Filter, runs map[runKey]*parse.Run, sources map[int64]bool, want []runKey, keep func(*parse.Run)) error {
	if len(want) == 0 {
		return nil
	}
	q := "SELECT source_id, run_idx, line, t, threads, tps, qps, reads_ps, writes_ps, other_ps, lat_ms, lat_pct, err_s, reconn_s, eps, read_mib_s, write_mib_s, fsyncs_ps, mib_s, queue_length, concurrency FROM intervals"
	if !f.Empty() {
		ids := make([]int64, 0, len(sources))
		for id := range sources {
			ids = append(ids, id)
		}
		q += " WHERE source_id IN (" + idList(ids) + ")"
	}
	q += " ORDER BY source_id, run_idx, idx"
	rows, err := w.DB.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	var k runKey
	var line int
	vals := make([]sql.NullFloat64, 18)
	dest := make([]any, 0, 21)
	dest = append(dest, &k.source, &k.idx, &line)
	for i := range vals {
		dest = append(dest, &vals[i])
	}
	f64 := func(i int) float64 {
		if !vals[i].Valid {
			return math.NaN()
		}
		return vals[i].Float64
	}
	var last *parse.Run
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		r := runs[k]
		if r == nil {
			continue
		}
		if r != last && last != nil && keep != nil {
			keep(last)
		}
		last = r
		iv := parse.Interval{Line: line, T: f64(0), Threads: f64(1), TPS: f64(2), QPS: f64(3), Reads: f64(4), Writes: f64(5), Other: f64(6),
			LatMs: f64(7), LatPct: f64(8), ErrS: f64(9), ReconnS: f64(10), EPS: f64(11), ReadMiBs: f64(12), WriteMiBs: f64(13),
			FsyncS: f64(14), MiBs: f64(15), QueueLength: f64(16), Concurrency: f64(17)}
		r.Intervals = append(r.Intervals, iv)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if keep != nil {
		if last != nil {
			keep(last)
		}
		// Without keep, a run stored with interim points has an empty
		// series before they are read: the same if none is.
		for _, key := range want {
			if r := runs[key]; r != nil && r.NumIntervals() == 0 && r.Intervals == nil {
				r.Intervals = []parse.Interval{}
			}
		}
	}
	return nil
}

// loadCaptures reads hosts, variables and table status in stored order,
// with opts.Compact made shared copies by compact (as collect makes them).
func (w *Warehouse) loadCaptures(ctx context.Context, d *parse.Document, where string, opts LoadOptions, compact *collect.Compactor) error {
	if opts.SkipStatus {
		if err := w.dropStatusRefs(ctx, d.Runs, where); err != nil {
			return err
		}
		if where == "" {
			where = " WHERE " + notCampaignStatus
		} else {
			where += " AND " + notCampaignStatus
		}
	}
	var streams []*sql.Rows
	defer func() {
		for _, rows := range streams {
			rows.Close()
		}
	}()
	query := func(q string, args ...any) error {
		rows, err := w.DB.QueryContext(ctx, q, args...)
		if err == nil {
			streams = append(streams, rows)
		}
		return err
	}
	const cols = "SELECT source_id, idx, kind, ord, "
	if opts.StatusKeep != nil && w.version >= 3 {
		// The snapshots stored reduced to the same counters are read
		// reduced; others whole, and reduced below. Two queries merged
		// by ord, not one choosing its column row by row: a column the
		// query names is read from every row, and the whole snapshots
		// are twenty times the reduced ones (x70: 4.4 s against 0.4 s).
		key := keptKey(opts.StatusKeep)
		and := " WHERE "
		if where != "" {
			and = where + " AND "
		}
		if err := query(cols+"kept FROM captures"+and+"kept_key = ? ORDER BY ord", key); err != nil {
			return err
		}
		if err := query(cols+"doc FROM captures"+and+"NOT (kept_key <=> ?) ORDER BY ord", key); err != nil {
			return err
		}
	} else if err := query(cols + "doc FROM captures" + where + " ORDER BY ord"); err != nil {
		return err
	}
	return mergeByOrd(streams, func(src int64, idx int, kind, doc string) error {
		var it parse.Item
		switch kind {
		case KindHost:
			it = &parse.Host{}
		case KindVariables, KindStatus:
			it = &parse.Variables{}
		case KindTable:
			it = &parse.TableStatus{}
		case KindSysStat:
			it = &parse.SysStat{}
		case KindFact:
			it = &parse.Fact{}
		default:
			return fmt.Errorf("stored capture %d/%d: unknown kind %q", src, idx, kind)
		}
		if err := json.Unmarshal([]byte(doc), it); err != nil {
			return fmt.Errorf("stored capture %d/%d: %w", src, idx, err)
		}
		if v, ok := it.(*parse.Variables); ok {
			v.KeepStatus(opts.StatusKeep)
		}
		if opts.Compact {
			compact.CompactCapture(it)
		}
		d.Add(it)
		return nil
	})
}

// mergeByOrd calls each with the captures of streams (rows of source_id,
// idx, kind, ord and a document, each stream ordered by ord) in the
// order of ord across them.
func mergeByOrd(streams []*sql.Rows, each func(src int64, idx int, kind, doc string) error) error {
	type capture struct {
		src       int64
		idx       int
		kind, doc string
		ord       int64
		ok        bool
	}
	heads := make([]capture, len(streams))
	next := func(i int) error {
		c := &heads[i]
		c.ok = streams[i].Next()
		if !c.ok {
			return streams[i].Err()
		}
		return streams[i].Scan(&c.src, &c.idx, &c.kind, &c.ord, &c.doc)
	}
	for i := range streams {
		if err := next(i); err != nil {
			return err
		}
	}
	for {
		first := -1
		for i, c := range heads {
			if c.ok && (first < 0 || c.ord < heads[first].ord) {
				first = i
			}
		}
		if first < 0 {
			return nil
		}
		c := heads[first]
		if err := each(c.src, c.idx, c.kind, c.doc); err != nil {
			return err
		}
		if err := next(first); err != nil {
			return err
		}
	}
}

// notCampaignStatus selects the captures SkipStatus reads: all but the
// status snapshots of campaigns (a walk with SkipStatus passes over the
// snapshots a manifest names; a campaign's snapshots are stored from the
// files its manifest names, others from pastes and logs outside one).
const notCampaignStatus = "NOT (kind = '" + KindStatus + "' AND source_id IN (SELECT id FROM sources WHERE campaign_id IS NOT NULL))"

// dropStatusRefs removes the campaigns' status snapshots (among the
// captures selected by where) from the runs' capture lists, as a walk
// with SkipStatus names none: only their names and lines are read.
func (w *Warehouse) dropStatusRefs(ctx context.Context, runs []*parse.Run, where string) error {
	q := "SELECT s.name, c.line FROM captures c JOIN sources s ON s.id = c.source_id WHERE c.kind = '" + KindStatus + "' AND s.campaign_id IS NOT NULL"
	if where != "" {
		q += " AND c." + strings.TrimPrefix(where, " WHERE ")
	}
	rows, err := w.DB.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	status := map[string]bool{}
	for rows.Next() {
		var name string
		var line int
		if err := rows.Scan(&name, &line); err != nil {
			return err
		}
		status[parse.CaptureID(name, line)] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(status) == 0 {
		return nil
	}
	for _, r := range runs {
		if !slices.ContainsFunc(r.Captures, func(id string) bool { return status[id] }) {
			continue
		}
		r.Captures = slices.DeleteFunc(slices.Clone(r.Captures), func(id string) bool { return status[id] })
		if len(r.Captures) == 0 {
			r.Captures = nil // as a walk leaves a run that names no capture
		}
	}
	return nil
}

// loadErrors reads the stored input problems in stored order.
func (w *Warehouse) loadErrors(ctx context.Context, d *parse.Document, where string) error {
	q := "SELECT s.name, e.line, e.message FROM input_errors e JOIN sources s ON s.id = e.source_id"
	if where != "" {
		q += " WHERE e." + strings.TrimPrefix(where, " WHERE ")
	}
	rows, err := w.DB.QueryContext(ctx, q+" ORDER BY e.ord")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		e := &parse.Error{}
		if err := rows.Scan(&e.Source, &e.Line, &e.Message); err != nil {
			return err
		}
		d.Add(e)
	}
	return rows.Err()
}
