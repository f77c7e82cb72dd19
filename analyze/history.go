package analyze

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse"
)

// OrderCampaignTime is the order key that orders runs by when they ran,
// as their campaign manifest records it (HistoryOptions.TimeOf).
const OrderCampaignTime = "campaign_time"

// OrderKeys are the labels History looks for, in this order, when no
// order key is given (AutoOrder).
var OrderKeys = []string{"date", "commit", "build", "version", "release"}

// perRunKeys are labels that differ between the repeats of one point and
// never split a series.
var perRunKeys = map[string]bool{
	"run": true, "repeat": true, "rep": true, "iteration": true, "client": true,
	"client_group": true, "seed": true, "time": true, "status": true,
}

// HistoryOptions controls History.
type HistoryOptions struct {
	// Order is the label that orders the runs, or OrderCampaignTime.
	Order string
	// Values, when set, is the order of the key's values ("commits in
	// the order given"); runs with another value are left out.
	Values []string
	// TimeOf returns when a run ran (its campaign manifest's record),
	// for OrderCampaignTime; nil when unknown.
	TimeOf     func(*parse.Run) (time.Time, bool)
	Metric     Metric        // "" = each workload its WorkloadMetric
	Skip       time.Duration // warm-up handling, as in Compare
	Confidence float64       // of the ratio intervals; 0 = 0.95
	// MinPoints is the fewest points a series needs for a search; 0
	// means twice the minimum segment size.
	MinPoints    int
	ChangePoints ChangePointOptions
	Thresholds   Thresholds // zero value = DefaultThresholds
}

// A History is the runs of every series in the order of a key, with the
// change points found in each.
type History struct {
	Order string `json:"order"`
	// OrderKind says how the values were ordered: "time" (campaign
	// time), "date", "version" (numerically, part by part), "given"
	// (HistoryOptions.Values) or "input" (order of first appearance).
	OrderKind string `json:"order_kind"`
	// Metric is the metric of every series, "" when the workloads differ
	// in theirs (Metrics, and each series, names it).
	Metric        Metric            `json:"metric"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Metrics       map[string]Metric `json:"metrics"` // by workload
	Series        []Series          `json:"series"`
	Warnings      Warnings          `json:"warnings"`
}

// A Series is the history of one experiment: runs that agree in
// everything but the order key.
type Series struct {
	// Labels identify the series: workload, threads and the labels and
	// settings its runs share.
	Labels        map[string]string `json:"labels"`
	Metric        Metric            `json:"metric"` // its workload's
	LowerIsBetter bool              `json:"lower_is_better"`
	Points        []Point           `json:"points"`
	ChangePoints  []HistoryChange   `json:"change_points"`
	Warnings      Warnings          `json:"warnings"`
}

// A Point is the runs of one series at one value of the order key.
type Point struct {
	Key    string    `json:"key"`    // the order key's value
	Value  float64   `json:"value"`  // mean of Values
	Values []float64 `json:"values"` // one per run
	Runs   []string  `json:"runs"`   // the runs, as source:line
}

// A HistoryChange is a change point of a series with the comparison of
// the segments on either side of it.
type HistoryChange struct {
	Index  int    `json:"index"`  // index of the first point after the change
	After  string `json:"after"`  // order-key value of that point
	Before string `json:"before"` // order-key value of the last point before it
	// Ratio is mean(after)/mean(before) over the runs of the segments
	// between the neighbouring change points; Lo and Hi are its Fieller
	// interval, null when unbounded.
	Ratio *float64 `json:"ratio"`
	Lo    *float64 `json:"lo"`
	Hi    *float64 `json:"hi"`
	P     float64  `json:"p"` // permutation p-value (EDivisive)
	// Worse is set when the change goes in the bad direction (lower
	// throughput, higher latency).
	Worse      bool     `json:"worse"`
	RunsBefore []string `json:"runs_before"`
	RunsAfter  []string `json:"runs_after"`
}

// AutoOrder returns the order key a report uses when none is given: the
// first of OrderKeys, then OrderCampaignTime when timeOf is set, with
// which some series has at least minPoints points; "" when none has.
func AutoOrder(runs []*parse.Run, timeOf func(*parse.Run) (time.Time, bool), minPoints int) string {
	keys := append([]string(nil), OrderKeys...)
	if timeOf != nil {
		keys = append(keys, OrderCampaignTime)
	}
	for _, k := range keys {
		if !hasOrderValues(runs, k, timeOf, max(minPoints, 1)) {
			continue // no series can have minPoints points
		}
		// Permutations < 0: the series only, no search.
		h := BuildHistory(runs, HistoryOptions{Order: k, TimeOf: timeOf, MinPoints: minPoints, ChangePoints: ChangePointOptions{Permutations: -1}})
		for _, s := range h.Series {
			if len(s.Points) >= minPoints {
				return k
			}
		}
	}
	return ""
}

// hasOrderValues reports whether the runs hold at least n distinct
// values of the order key k: a series' points are its order values, so
// with fewer no series has n points, and AutoOrder need not group every
// run to learn it (each key tried was a grouping of all the runs).
func hasOrderValues(runs []*parse.Run, k string, timeOf func(*parse.Run) (time.Time, bool), n int) bool {
	seen := map[string]bool{}
	for _, r := range runs {
		var v string
		if k == OrderCampaignTime {
			if timeOf == nil {
				return false
			}
			t, ok := timeOf(r)
			if !ok {
				continue
			}
			v = t.UTC().Format(time.RFC3339) // as BuildHistory's points
		} else if v = r.Labels[k]; v == "" {
			continue
		}
		if seen[v] = true; len(seen) >= n {
			return true
		}
	}
	return false
}

// BuildHistory orders the runs by opts.Order, splits them into series
// (runs that differ only in the order key, in labels that vary with it
// — one value per order value, such as a date beside a version; a label
// naming systems only when it changes with every order value — and in
// per-run labels such as repeat) and searches each series with
// EDivisive. A change point's ratio compares the runs of the segment
// after it with those of the segment before it.
func BuildHistory(runs []*parse.Run, opts HistoryOptions) *History {
	if opts.Confidence == 0 {
		opts.Confidence = 0.95
	}
	cpo := opts.ChangePoints.withDefaults()
	if opts.MinPoints == 0 {
		opts.MinPoints = 2 * cpo.MinSize
	}
	th := opts.Thresholds.orDefault()
	h := &History{Order: opts.Order}

	// The order value of each run.
	value := func(r *parse.Run) (string, bool) {
		if opts.Order == OrderCampaignTime {
			if opts.TimeOf == nil {
				return "", false
			}
			t, ok := opts.TimeOf(r)
			if !ok {
				return "", false
			}
			return t.UTC().Format(time.RFC3339), true
		}
		v, ok := r.Labels[opts.Order]
		return v, ok && v != ""
	}
	// Merge the clients of a run, as Group does. Group orders its cells,
	// so the input order of the values is taken before.
	var inputOrder []string
	for _, r := range runs {
		if v, ok := value(r); ok {
			inputOrder = append(inputOrder, v)
		}
	}
	var merged []*parse.Run
	byTool := Group(runs, GroupOptions{By: "tool"})
	for _, c := range byTool.Cells {
		merged = append(merged, c.Runs...)
	}
	// Each workload in its own metric unless opts.Metric names one.
	h.Metrics = WorkloadMetrics(byTool, opts.Metric)
	h.Metric = opts.Metric
	for i, w := range byTool.Workloads {
		if i == 0 {
			h.Metric = h.Metrics[w]
		} else if h.Metrics[w] != h.Metric {
			h.Metric = ""
			break
		}
	}
	if len(byTool.Workloads) == 0 && h.Metric == "" {
		h.Metric = DefaultMetric(runs)
	}
	h.LowerIsBetter = h.Metric.LowerIsBetter()

	var kept []*parse.Run
	vals := map[*parse.Run]string{}
	missing := 0
	for _, r := range merged {
		v, ok := value(r)
		if !ok {
			missing++
			continue
		}
		kept = append(kept, r)
		vals[r] = v
	}
	if missing > 0 {
		h.Warnings.addf("%d run(s) without %s left out", missing, opts.Order)
	}
	rank, kind, dropped := orderValues(inputOrder, kept, vals, opts)
	h.OrderKind = kind
	if dropped > 0 {
		h.Warnings.addf("%d run(s) whose %s is not in the given order left out", dropped, opts.Order)
	}

	// Labels that vary with the order key (one value per order value)
	// belong to the point, not to the series.
	byOrder := map[string]map[string]string{} // label → order value → label value
	varying := map[string]bool{}
	consistent := map[string]bool{}
	for _, r := range kept {
		for k, v := range r.Labels {
			if k == opts.Order || perRunKeys[k] {
				continue
			}
			if byOrder[k] == nil {
				byOrder[k] = map[string]string{}
				consistent[k] = true
			}
			if old, ok := byOrder[k][vals[r]]; ok && old != v {
				consistent[k] = false
			}
			byOrder[k][vals[r]] = v
		}
	}
	orderValuesSeen := map[string]bool{}
	for _, r := range kept {
		orderValuesSeen[vals[r]] = true
	}
	for k, m := range byOrder {
		distinct := map[string]bool{}
		for _, v := range m {
			distinct[v] = true
		}
		// A label naming systems (system, engine, host, ...) that takes
		// few values over many order values (three systems run one after
		// the other in a campaign) still splits the series; one that
		// changes with every order value (a build id per version) does
		// not.
		if consistent[k] && len(distinct) > 1 && (!slices.Contains(ByAutoKeys, k) || len(distinct) == len(orderValuesSeen)) {
			varying[k] = true
		}
	}
	if len(varying) > 0 {
		h.Warnings.addf("labels that change with %s are not part of a series: %s", opts.Order, strings.Join(sortedKeys(varying), ", "))
	}

	type seriesAcc struct {
		metric Metric
		labels map[string]string
		points map[string]*Point
		runs   int
	}
	var order []string
	acc := map[string]*seriesAcc{}
	for _, r := range kept {
		if _, ok := rank[vals[r]]; !ok {
			continue
		}
		m := h.Metrics[WorkloadOf(r)]
		if m == "" {
			m = h.Metric
		}
		v, ok := historyValue(r, m, opts.Skip, opts.Confidence, th)
		if !ok {
			continue
		}
		labels := map[string]string{"workload": WorkloadOf(r), "tool": r.Tool}
		if t := threadsOf(r); t > 0 {
			labels["threads"] = strconv.Itoa(t)
		}
		for k, lv := range r.Labels {
			if k == opts.Order || perRunKeys[k] || varying[k] {
				continue
			}
			labels[k] = lv
		}
		for k, sv := range r.Settings {
			labels["setting:"+k] = sv
		}
		key := labelKey(labels)
		s := acc[key]
		if s == nil {
			s = &seriesAcc{metric: m, labels: labels, points: map[string]*Point{}}
			acc[key] = s
			order = append(order, key)
		}
		p := s.points[vals[r]]
		if p == nil {
			p = &Point{Key: vals[r]}
			s.points[vals[r]] = p
		}
		p.Values = append(p.Values, v)
		p.Runs = append(p.Runs, parse.CaptureID(r.Source, r.Line))
		s.runs++
	}
	for _, key := range order {
		s := acc[key]
		ser := Series{Labels: s.labels, Metric: s.metric, LowerIsBetter: s.metric.LowerIsBetter()}
		for _, p := range s.points {
			p.Value = meanOf(p.Values)
			ser.Points = append(ser.Points, *p)
		}
		sort.Slice(ser.Points, func(i, j int) bool { return rank[ser.Points[i].Key] < rank[ser.Points[j].Key] })
		if len(ser.Points) < opts.MinPoints {
			ser.Warnings.addf("%d point(s): too few to search for change points (need %d)", len(ser.Points), opts.MinPoints)
		} else if cpo.Permutations > 0 {
			ser.ChangePoints = seriesChanges(ser.Points, cpo, opts.Confidence, ser.LowerIsBetter)
		}
		h.Series = append(h.Series, ser)
	}
	return h
}

// seriesChanges runs EDivisive on the points' values and compares the
// segments on either side of each change point.
func seriesChanges(pts []Point, cpo ChangePointOptions, confidence float64, lowerIsBetter bool) []HistoryChange {
	xs := make([]float64, len(pts))
	for i, p := range pts {
		xs[i] = p.Value
	}
	cps := EDivisive(xs, cpo)
	bounds := []int{0}
	for _, c := range cps {
		bounds = append(bounds, c.Index)
	}
	bounds = append(bounds, len(pts))
	var out []HistoryChange
	for i, c := range cps {
		before, after := pts[bounds[i]:c.Index], pts[c.Index:bounds[i+2]]
		var bv, av []float64
		hc := HistoryChange{Index: c.Index, After: pts[c.Index].Key, Before: pts[c.Index-1].Key, P: c.P}
		for _, p := range before {
			bv = append(bv, p.Values...)
			hc.RunsBefore = append(hc.RunsBefore, p.Runs...)
		}
		for _, p := range after {
			av = append(av, p.Values...)
			hc.RunsAfter = append(hc.RunsAfter, p.Runs...)
		}
		ratio, lo, hi, ok := Fieller(bv, av, confidence)
		hc.Ratio = num(ratio)
		if ok {
			hc.Lo, hc.Hi = bothBounds(lo, hi)
		}
		hc.Worse = (ratio < 1) != lowerIsBetter
		out = append(out, hc)
	}
	return out
}

// historyValue is the run's value of the metric as Compare takes it: the
// printed figure, or the steady-state mean of a throughput series whose
// warm-up was trimmed.
func historyValue(r *parse.Run, m Metric, skip time.Duration, confidence float64, th Thresholds) (float64, bool) {
	v, ok := m.Value(r)
	if m.Series(r) != nil {
		st := Steady(r, m, skip, confidence, th)
		if st.N > 0 && (st.WarmupS > 0 || !ok) {
			v, ok = st.Mean, true
		}
	}
	return v, ok
}

// orderValues ranks the distinct order values and says how.
// inputOrder holds the values in input order, repeats included.
func orderValues(inputOrder []string, runs []*parse.Run, vals map[*parse.Run]string, opts HistoryOptions) (rank map[string]int, kind string, dropped int) {
	var distinct []string
	seen := map[string]bool{}
	for _, v := range inputOrder {
		if !seen[v] {
			seen[v] = true
			distinct = append(distinct, v)
		}
	}
	rank = map[string]int{}
	if len(opts.Values) > 0 {
		for i, v := range opts.Values {
			if _, dup := rank[v]; !dup {
				rank[v] = i
			}
		}
		for _, r := range runs {
			if _, ok := rank[vals[r]]; !ok {
				dropped++
			}
		}
		return rank, "given", dropped
	}
	kind = "input"
	switch {
	case opts.Order == OrderCampaignTime:
		kind = "time"
		sort.Strings(distinct) // RFC 3339 in UTC sorts as time
	case allParse(distinct, parseDate):
		kind = "date"
		sort.SliceStable(distinct, func(i, j int) bool {
			a, _ := parseDate(distinct[i])
			b, _ := parseDate(distinct[j])
			return a.Before(b)
		})
	case allParse(distinct, parseVersion):
		kind = "version"
		sort.SliceStable(distinct, func(i, j int) bool { return compareVersions(distinct[i], distinct[j]) < 0 })
	}
	for i, v := range distinct {
		rank[v] = i
	}
	return rank, kind, 0
}

func allParse[T any](vs []string, parse func(string) (T, bool)) bool {
	for _, v := range vs {
		if _, ok := parse(v); !ok {
			return false
		}
	}
	return len(vs) > 0
}

var dateLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02", "20060102", "2006/01/02"}

// parseDate reads a date or timestamp label ("2026-11-30",
// "2026-11-30T01:18:32Z", "20261130").
func parseDate(s string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// versionRE matches a version: an optional "v", dot-separated numbers, an
// optional suffix ("10.11.6-MariaDB", "v1.2.0-rc1", "8.0.36").
var versionRE = regexp.MustCompile(`^[vV]?([0-9]+(?:\.[0-9]+)*)([-+_~][0-9A-Za-z.+_~-]*)?$`)

type version struct {
	parts  []int
	suffix string
}

func parseVersion(s string) (version, bool) {
	m := versionRE.FindStringSubmatch(s)
	if m == nil {
		return version{}, false
	}
	var v version
	for _, p := range strings.Split(m[1], ".") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return version{}, false
		}
		v.parts = append(v.parts, n)
	}
	v.suffix = m[2]
	return v, true
}

// compareVersions compares two versions part by part (10.11.14 after
// 10.11.6), then by suffix.
func compareVersions(a, b string) int {
	va, _ := parseVersion(a)
	vb, _ := parseVersion(b)
	for i := 0; i < len(va.parts) || i < len(vb.parts); i++ {
		x, y := -1, -1
		if i < len(va.parts) {
			x = va.parts[i]
		}
		if i < len(vb.parts) {
			y = vb.parts[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return strings.Compare(va.suffix, vb.suffix)
}

func labelKey(l map[string]string) string {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s\x00", k, l[k])
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func meanOf(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// history is Analyze's History: nil when no order key has enough points.
func history(runs []*parse.Run, ho HistoryOptions, opts Options) *History {
	if ho.MinPoints == 0 {
		ho.MinPoints = 8
	}
	if ho.Order == "" {
		ho.Order = AutoOrder(runs, ho.TimeOf, ho.MinPoints)
	}
	if ho.Order == "" {
		return nil
	}
	if ho.Metric == "" {
		ho.Metric = opts.Metric
	}
	ho.Skip, ho.Thresholds = opts.Skip, opts.Thresholds
	if ho.Confidence == 0 {
		ho.Confidence = opts.Confidence
	}
	h := BuildHistory(runs, ho)
	for _, s := range h.Series {
		if len(s.Points) >= ho.MinPoints {
			return h
		}
	}
	return nil
}

// Name names a series for people: "oltp_read_write, 16 threads,
// engine=InnoDB, system=a" (the workload, the threads, then its other
// labels in name order).
func (s Series) Name() string {
	l := s.Labels
	parts := []string{l["workload"]}
	if t := l["threads"]; t != "" {
		parts = append(parts, t+" threads")
	}
	var rest []string
	for k, v := range l {
		if k != "workload" && k != "threads" && k != "tool" {
			rest = append(rest, k+"="+v)
		}
	}
	sort.Strings(rest)
	return strings.Join(append(parts, rest...), ", ")
}
