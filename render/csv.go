package render

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// A runColumn is one column of runs.csv and of the Runs sheet.
type runColumn struct {
	name   string
	format string // excel number format for numeric columns, "" for text
	num    func(r *parse.Run) (float64, bool)
	text   func(r *parse.Run) string
	flag   func(r *parse.Run) bool // a boolean: "true"/"false" in CSV, a boolean cell in XLSX
}

// runColumns lists every parsed field of a run, in a fixed order, with
// one column per latency percentile rank printed by any run; metric and
// value are what the run's workload is compared in and the run's
// printed value of it.
func runColumns(doc *parse.Document, an *analyze.Analysis) []runColumn {
	var ds *analyze.Dataset
	if an != nil {
		ds = an.Dataset
	}
	metricOf := func(r *parse.Run) analyze.Metric {
		if an == nil {
			return ""
		}
		if m, ok := an.Metrics[keyOf(ds, r).Workload]; ok {
			return m
		}
		return an.Metric
	}
	keyOf := func(r *parse.Run) analyze.Key { return keyOf(ds, r) }
	f := func(p *float64) (float64, bool) {
		if p == nil {
			return 0, false
		}
		return *p, true
	}
	i64 := func(p *int64) (float64, bool) {
		if p == nil {
			return 0, false
		}
		return float64(*p), true
	}
	txt := func(name string, fn func(r *parse.Run) string) runColumn { return runColumn{name: name, text: fn} }
	num := func(name, format string, fn func(r *parse.Run) (float64, bool)) runColumn {
		return runColumn{name: name, format: format, num: fn}
	}
	cols := []runColumn{
		txt("source", func(r *parse.Run) string { return r.Source }),
		num("line", "0", func(r *parse.Run) (float64, bool) { return float64(r.Line), r.Line > 0 }),
		num("end_line", "0", func(r *parse.Run) (float64, bool) { return float64(r.EndLine), r.EndLine > 0 }),
		txt("system", func(r *parse.Run) string { return keyOf(r).System }),
		txt("workload", func(r *parse.Run) string { return keyOf(r).Workload }),
		txt("tool", func(r *parse.Run) string { return r.Tool }),
		txt("version", func(r *parse.Run) string { return r.Version }),
		txt("layout", func(r *parse.Run) string { return r.Layout }),
		txt("test", func(r *parse.Run) string { return r.Test }),
		num("threads", "0", func(r *parse.Run) (float64, bool) {
			if r.Threads == nil {
				return 0, false
			}
			return float64(*r.Threads), true
		}),
		txt("threads_from", func(r *parse.Run) string { return r.ThreadsFrom }),
		{name: "complete", flag: func(r *parse.Run) bool { return r.Complete }},
		txt("metric", func(r *parse.Run) string { return string(metricOf(r)) }),
		num("value", "#,##0.000", func(r *parse.Run) (float64, bool) {
			if m := metricOf(r); m != "" {
				return m.Value(r)
			}
			return 0, false
		}),
		num("tps", "#,##0.00", func(r *parse.Run) (float64, bool) { return f(r.TPS) }),
		num("qps", "#,##0.00", func(r *parse.Run) (float64, bool) { return f(r.QPS) }),
		num("eps", "#,##0.00", func(r *parse.Run) (float64, bool) { return f(r.EPS) }),
		num("slap_avg_s", "0.000", func(r *parse.Run) (float64, bool) { return analyze.SlapAvgS.Value(r) }),
		num("slap_min_s", "0.000", func(r *parse.Run) (float64, bool) { return analyze.SlapMinS.Value(r) }),
		num("slap_max_s", "0.000", func(r *parse.Run) (float64, bool) { return analyze.SlapMaxS.Value(r) }),
		num("total_time_s", "0.0000", func(r *parse.Run) (float64, bool) { return f(r.TotalTimeS) }),
		num("events", "#,##0", func(r *parse.Run) (float64, bool) { return i64(r.Events) }),
		num("latency_min_ms", "0.00", func(r *parse.Run) (float64, bool) { return f(r.Latency.Min) }),
		num("latency_avg_ms", "0.00", func(r *parse.Run) (float64, bool) { return f(r.Latency.Avg) }),
		num("latency_max_ms", "0.00", func(r *parse.Run) (float64, bool) { return f(r.Latency.Max) }),
		num("latency_sum_ms", "#,##0.00", func(r *parse.Run) (float64, bool) { return f(r.Latency.Sum) }),
	}
	ranks := map[string]bool{}
	for _, r := range doc.Runs {
		for k := range r.Latency.Percentiles {
			ranks[k] = true
		}
	}
	for _, k := range sortRanks(sortedKeys(ranks)) {
		k := k
		cols = append(cols, num("latency_p"+k+"_ms", "0.00", func(r *parse.Run) (float64, bool) {
			v, ok := r.Latency.Percentiles[k]
			return v, ok
		}))
	}
	sql := func(get func(s *parse.SQLStats) *int64) func(r *parse.Run) (float64, bool) {
		return func(r *parse.Run) (float64, bool) {
			if r.SQL == nil {
				return 0, false
			}
			return i64(get(r.SQL))
		}
	}
	cols = append(cols,
		num("sql_read", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Read })),
		num("sql_write", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Write })),
		num("sql_other", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Other })),
		num("sql_total", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Total })),
		num("transactions", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Transactions })),
		num("queries", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Queries })),
		num("ignored_errors", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.IgnoredErrors })),
		num("reconnects", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Reconnects })),
		num("deadlocks", "#,##0", sql(func(s *parse.SQLStats) *int64 { return s.Deadlocks })),
		num("fairness_events_avg", "0.00", func(r *parse.Run) (float64, bool) {
			if r.Fairness == nil {
				return 0, false
			}
			return f(r.Fairness.EventsAvg)
		}),
		num("fairness_events_stddev", "0.00", func(r *parse.Run) (float64, bool) {
			if r.Fairness == nil {
				return 0, false
			}
			return f(r.Fairness.EventsStddev)
		}),
		num("report_interval_s", "0", func(r *parse.Run) (float64, bool) { return f(r.Options.ReportIntervalS) }),
		num("time_limit_s", "0", func(r *parse.Run) (float64, bool) { return f(r.Options.TimeLimitS) }),
		num("rate_target", "0", func(r *parse.Run) (float64, bool) { return f(r.Options.RateTarget) }),
		num("warmup_s", "0", func(r *parse.Run) (float64, bool) { return f(r.Options.WarmupS) }),
		num("intervals", "0", func(r *parse.Run) (float64, bool) { return float64(r.NumIntervals()), true }),
		num("histogram_buckets", "0", func(r *parse.Run) (float64, bool) { return float64(r.NumBuckets()), true }),
		txt("labels", func(r *parse.Run) string {
			var parts []string
			for _, k := range sortedKeys(r.Labels) {
				parts = append(parts, k+"="+r.Labels[k])
			}
			return strings.Join(parts, " ")
		}),
		txt("settings", func(r *parse.Run) string {
			var parts []string
			for _, k := range sortedKeys(r.Settings) {
				parts = append(parts, k+"="+r.Settings[k])
			}
			return strings.Join(parts, " ")
		}),
		txt("command", func(r *parse.Run) string { return r.Command }),
		txt("warnings", func(r *parse.Run) string { return strings.Join(r.Warnings, "; ") }),
	)
	return append(cols, namedMetricColumns(doc)...)
}

// namedMetricColumns are one column per named measurement (Run.Metrics:
// a table column no headline field certainly means) that any run
// carries, by name and unit in the order they first appear, headed
// "metric NAME (UNIT)". Inputs without one add no column.
func namedMetricColumns(doc *parse.Document) []runColumn {
	type key struct{ name, unit string }
	var keys []key
	seen := map[key]bool{}
	for _, r := range doc.Runs {
		for _, m := range r.Metrics {
			if k := (key{m.Name, m.Unit}); !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	cols := make([]runColumn, 0, len(keys))
	for _, k := range keys {
		head := "metric " + k.name
		if k.unit != "" {
			head += " (" + k.unit + ")"
		}
		cols = append(cols, runColumn{name: head, format: "#,##0.00", num: func(r *parse.Run) (float64, bool) {
			for _, m := range r.Metrics {
				if m.Name == k.name && m.Unit == k.unit {
					return m.Value, true
				}
			}
			return 0, false
		}})
	}
	return cols
}

// CSV writes one row per run with every parsed field (runs.csv). Absent
// values are empty cells; numbers are written as parsed; text is
// neutralised against formula injection (csvText).
func CSV(w io.Writer, doc *parse.Document, an *analyze.Analysis) error {
	cols := runColumns(doc, an)
	cw := csv.NewWriter(w)
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c.name
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	rec := make([]string, len(cols))
	for _, r := range doc.Runs {
		for i, c := range cols {
			if c.text != nil {
				rec[i] = csvText(c.text(r))
			} else if c.flag != nil {
				rec[i] = strconv.FormatBool(c.flag(r))
			} else if v, ok := c.num(r); ok && finite(v) {
				rec[i] = strconv.FormatFloat(v, 'f', -1, 64)
			} else {
				rec[i] = ""
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvText neutralises a text cell that a spreadsheet would evaluate as a
// formula (OWASP's CSV injection advice): one starting with "=", "+",
// "-", "@", a tab or a carriage return gets a leading "'", which
// spreadsheets read as "this is text" and hide. A plain number ("-3",
// "+1.5") is left as it is: it is a value, not a formula.
func csvText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if !plainNumber(s) {
			return "'" + s
		}
	}
	return s
}

// plainNumber reports whether s is an optionally signed decimal number
// ("-12", "+0.5").
func plainNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits, dot := 0, false
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}
