package parse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A summary of the outputs below it (a table of the figures, a sentence
// giving "about 2172 events per second") restates runs the input then
// shows in full; so does one below them. restatements holds every item
// from the first table or prose run of an input to its end, so that such
// a run, once the whole input is read, can be recognised as restating an
// output run wherever that output stands: it is dropped, and the output
// run carries a warning naming the line that restated it. Everything else
// is emitted as it came, in order.
type restatements struct {
	out     func(Item)
	held    []Item
	holding bool
	outputs []*Run // the runs of a tool's own output, in order
}

func (rs *restatements) emit(it Item) {
	if r, ok := it.(*Run); ok {
		switch {
		case r.Tool == ToolSysbench || r.Tool == ToolMysqlslap || r.record:
			// A harness's record of one run's fields is that run's output
			// as the harness printed it.
			rs.outputs = append(rs.outputs, r)
		case r.Tool == ToolTable && !rs.holding && len(restatedValues(r)) > 0:
			rs.holding = true
		}
	}
	if rs.holding {
		rs.held = append(rs.held, it)
		return
	}
	rs.out(it)
}

// flush emits what was held, without the summary runs that restate an
// output run.
func (rs *restatements) flush() {
	taken := map[*Run]string{}  // output run → the summary (table) that restated it
	compared := map[*Run]*Run{} // a comparison's row → the table of one run's figures it restates
	for _, it := range rs.held {
		if r, ok := it.(*Run); ok {
			if o := rs.tableRestating(r); o != nil {
				if _, dup := compared[o]; !dup {
					compared[o] = r
					r.Warn(r.Line, fmt.Sprintf("restated by the table row at line %d: read once", o.Line))
					if r.Labels["system"] == "" && o.Labels["system"] != "" {
						r.SetLabelFrom("system", o.Labels["system"], "the row at line "+strconv.Itoa(o.Line)+" that restates the run's figures")
					}
					if r.Version == "" {
						r.Version = o.Version
					}
					if r.Test == "" && o.Test != "" {
						r.Test = o.Test
						r.LabelFrom = setFrom(r.LabelFrom, "test", "the row at line "+strconv.Itoa(o.Line)+" that restates the run's figures")
					}
					for _, w := range o.Warnings {
						r.Warn(0, w) // what was said of the row (prose restating it) is said of the run
					}
				}
			}
		}
	}
	named := false // a table of the input names sysbench
	for _, it := range rs.held {
		if r, ok := it.(*Run); ok && r.tableNamed {
			named = true
		}
	}
	foreign := map[string]bool{} // tables reported as another tool's
	for _, it := range rs.held {
		r, ok := it.(*Run)
		if ok && named && otherToolsRow(r) {
			if t := summaryOf(r); !foreign[t] {
				foreign[t] = true
				what := "table (" + columnNames(r) + ")"
				if r.Layout == LayoutP {
					what = "result stated in prose"
				}
				rs.out(&Error{Source: r.Source, Line: r.Line, Message: fmt.Sprintf("%s not read as sysbench's: it names no sysbench test and gives no figure of one, where other tables of this input name sysbench (another tool's results; expected rows or columns naming sysbench or its tests)", what)})
			}
			continue
		}
		if ok && r.Tool == ToolTable && !r.record {
			if o := rs.restated(r, taken); o != nil {
				taken[o] = summaryOf(r)
				o.Warn(o.Line, fmt.Sprintf("restated by the %s at line %d: read once", summaryKind(r), r.Line))
				if o.record && o.Version == "" && r.Version != "" {
					// A harness's record prints no version; the table
					// restating it does ("1.0.20" under "cpu sysbench").
					o.Version = r.Version
				}
				if o.Labels["system"] == "" && o.Labels["host"] == "" && r.Labels["system"] != "" {
					// The row names the machine nothing of the output names: a
					// table of instances whose first row restates the
					// outputs shown above it.
					o.SetLabelFrom("system", r.Labels["system"], "the table row at line "+strconv.Itoa(r.Line)+" that restates the run's figures")
				}
				continue
			}
			if _, ok := compared[r]; ok {
				continue
			}
		}
		rs.out(it)
	}
	rs.held, rs.outputs, rs.holding = nil, nil, false
}

// columnNames lists the headers of a table row's columns.
func columnNames(r *Run) string {
	names := make([]string, len(r.Columns))
	for i, c := range r.Columns {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// otherToolsRow reports a table row of a report that tabulates
// sysbench beside other tools ("Build Time (defconfig) | 218.37
// Seconds", "Whisper … | 206.08 Seconds" in a hardware report whose
// first table names "Sysbench CPU Compute"): its table names neither
// sysbench nor a test of it, and it gives no figure only sysbench's runs
// give (a rate, a latency, a transfer), at most a time, which any tool
// reports.
func otherToolsRow(r *Run) bool {
	if r.Tool != ToolTable || r.tableNamed || r.tableTest || r.Command != "" {
		return false // its table names sysbench or its test, or it took a sysbench command
	}
	return r.TPS == nil && r.QPS == nil && r.EPS == nil && r.Latency.Min == nil && r.Latency.Avg == nil &&
		r.Latency.Max == nil && len(r.Latency.Percentiles) == 0 && r.Memory == nil && r.FileIO == nil && r.SQL == nil
}

// tableRestating returns, for a run read from a table of one run's
// figures in one value column, the one row of another table that gives
// the same figures (a comparison of the machines after a table a
// machine), nil when none or more than one does. The run is read once,
// where its own table gives it, named by the row's system.
func (rs *restatements) tableRestating(r *Run) *Run {
	if !r.oneColumn {
		return nil
	}
	vals := restatedValues(r)
	var found *Run
	for _, it := range rs.held {
		o, ok := it.(*Run)
		if !ok || o == r || o.Tool != ToolTable || o.oneColumn || summaryOf(o) == summaryOf(r) || !restates(r, vals, o) {
			continue
		}
		if found != nil {
			return nil
		}
		found = o
	}
	return found
}

// summaryOf names the table or sentence r comes from: two rows of one
// table never restate the same output run.
func summaryOf(r *Run) string {
	if t := r.Labels["table"]; t != "" {
		return t
	}
	return "line " + strconv.Itoa(r.Line)
}

func summaryKind(r *Run) string {
	if r.Layout == LayoutP {
		return "sentence"
	}
	return "table row"
}

// restated returns the one output run r restates, nil when none or more
// than one does (a summary that could be either is kept).
func (rs *restatements) restated(r *Run, taken map[*Run]string) *Run {
	vals := restatedValues(r)
	if len(vals) == 0 {
		return nil
	}
	var found *Run
	for _, o := range rs.outputs {
		if s, ok := taken[o]; ok && s == summaryOf(r) {
			continue
		}
		if !restates(r, vals, o) {
			continue
		}
		if found != nil {
			return nil
		}
		found = o
	}
	return found
}

// namedValue is one headline figure of a run, by name.
type namedValue struct {
	name string
	v    float64
}

// restatedValues lists the headline figures of r that an output run can
// be checked against.
func restatedValues(r *Run) []namedValue {
	var vs []namedValue
	add := func(name string, p *float64) {
		if p != nil {
			vs = append(vs, namedValue{name, *p})
		}
	}
	add("tps", r.TPS)
	add("qps", r.QPS)
	add("eps", r.EPS)
	add("min", r.Latency.Min)
	add("avg", r.Latency.Avg)
	add("max", r.Latency.Max)
	add("time", r.TotalTimeS)
	if r.Memory != nil {
		add("mib_s", r.Memory.TransferMiBs) // a memory run's result line
	}
	ranks := make([]string, 0, len(r.Latency.Percentiles))
	for k := range r.Latency.Percentiles {
		ranks = append(ranks, k)
	}
	sort.Strings(ranks)
	for _, k := range ranks {
		vs = append(vs, namedValue{"p" + k, r.Latency.Percentiles[k]})
	}
	return vs
}

// restates reports whether the summary run r, whose figures are vals,
// gives the figures of the output run o: the same test and thread count
// where both say one, every figure both have equal to the digits the
// summary printed, and enough of them to tell runs apart — two figures,
// or one of at least five significant digits.
func restates(r *Run, vals []namedValue, o *Run) bool {
	if r.Test != "" && o.Test != "" && !strings.EqualFold(r.Test, o.Test) {
		return false
	}
	if r.Threads != nil && o.Threads != nil && *r.Threads != *o.Threads {
		return false
	}
	ov := restatedValues(o)
	matched, digits := 0, 0
	for _, a := range vals {
		b, ok := valueNamed(ov, a.name)
		if !ok {
			continue
		}
		if !sameAsPrinted(a.v, b) {
			return false
		}
		matched++
		digits = max(digits, significantDigits(a.v))
	}
	return matched >= 2 || matched == 1 && digits >= 5
}

func valueNamed(vs []namedValue, name string) (float64, bool) {
	for _, v := range vs {
		if v.name == name {
			return v.v, true
		}
	}
	return 0, false
}

// sameAsPrinted reports whether b, the output's figure, is a as the
// summary printed it: within half a unit of a's last digit ("2172.20"
// and "2172.2" restate 2172.2014, "2172" restates 2171.6).
func sameAsPrinted(a, b float64) bool {
	if a == b {
		return true
	}
	s := strconv.FormatFloat(a, 'f', -1, 64)
	unit := 1.0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		for range len(s) - i - 1 {
			unit /= 10
		}
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= unit/2*(1+1e-9)
}

// significantDigits counts the digits a figure was printed with, leading
// zeros aside: 2172.2 has 5, 0.75 has 2.
func significantDigits(a float64) int {
	s := strconv.FormatFloat(a, 'f', -1, 64)
	n := 0
	lead := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			continue
		}
		if lead && c == '0' {
			continue
		}
		lead = false
		n++
	}
	return n
}
