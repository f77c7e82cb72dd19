package parse

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/sbreport/sbreport/parse/sysbench"
)

// What no real run prints. Counts, rates, times and latencies are never
// negative (sysbench's unsigned underflow prints huge values, caught
// apart as "impossible"), a run has at least one thread, and a run that
// printed its report took some time. Such a value is refused, left
// absent, with a warning on the run: averaged into a mean, one negative
// tps moves every comparison.

// negativeNumber reports whether val holds a number with a minus sign at
// the start of a token: "-5", "100  (-2.00 per sec.)", "8.0/-1".
func negativeNumber(val string) bool {
	for i := 0; i+1 < len(val); i++ {
		if val[i] == '-' && isDigit(val[i+1]) && (i == 0 || strings.IndexByte(" \t(/", val[i-1]) >= 0) {
			return true
		}
	}
	return false
}

// refuseNegative warns and returns true when a value line of the
// cumulative report holds a negative number.
func (b *sbBlock) refuseNegative(l *Line, label, val string) bool {
	if !negativeNumber(val) {
		return false
	}
	b.r.Warn(l.No, "sysbench "+label+": impossible negative value "+strconv.Quote(strings.TrimSpace(val))+
		" (counts, rates and times are never negative); left absent")
	return true
}

// refuseImpossible clears the values of r that no real run has — a
// negative count, rate, time or latency, zero threads or clients, a
// total time of zero — with a warning naming each. Every run passes
// through it before it is emitted.
func refuseImpossible(r *Run) {
	if r.Threads != nil && *r.Threads <= 0 {
		r.Warn(0, "impossible number of threads "+strconv.Itoa(*r.Threads)+" (from "+r.ThreadsFrom+"); left absent")
		r.Threads, r.ThreadsFrom = nil, ""
	}
	if r.TotalTimeS != nil && *r.TotalTimeS == 0 {
		r.Warn(0, "impossible total time 0s for a run that printed its report; left absent")
		r.TotalTimeS = nil
	}
	if m := r.Mysqlslap; m != nil && m.Clients != nil && *m.Clients <= 0 {
		r.Warn(0, "impossible number of mysqlslap clients "+strconv.Itoa(*m.Clients)+"; left absent")
		m.Clients = nil
	}
	for k, v := range r.Latency.Percentiles {
		if v < 0 {
			r.Warn(0, "impossible negative latency_ms.percentiles."+k+"; left absent")
			delete(r.Latency.Percentiles, k)
		}
	}
	clearNegative(r, reflect.ValueOf(r).Elem(), "")
}

// notMeasured are the Run fields clearNegative passes over: settings and
// seeds, and the series judged line by line where they are read.
var notMeasured = map[string]bool{"Options": true, "Intervals": true, "Histogram": true, "Columns": true}

// A fieldPlan is what clearNegative visits of one field of a struct type,
// worked out once per type: reflection's field lookups are far dearer
// than the walk itself, which runs on every run.
type fieldPlan struct {
	index int
	name  string // JSON name
	kind  int    // planNumber (a *float64, *int64 or *int), planStruct, planPtrStruct
	sub   []fieldPlan
}

const (
	planNumber = iota
	planStruct
	planPtrStruct
)

var (
	planMu    sync.Mutex
	planCache = map[reflect.Type][]fieldPlan{}
)

// planOf returns the fields of struct type t that clearNegative visits.
func planOf(t reflect.Type) []fieldPlan {
	planMu.Lock()
	p, ok := planCache[t]
	planMu.Unlock()
	if ok {
		return p
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || notMeasured[sf.Name] {
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch ft := sf.Type; ft.Kind() {
		case reflect.Struct:
			p = append(p, fieldPlan{index: i, name: name, kind: planStruct, sub: planOf(ft)})
		case reflect.Pointer:
			switch ft.Elem().Kind() {
			case reflect.Float64, reflect.Int, reflect.Int64:
				p = append(p, fieldPlan{index: i, name: name, kind: planNumber})
			case reflect.Struct:
				p = append(p, fieldPlan{index: i, name: name, kind: planPtrStruct, sub: planOf(ft.Elem())})
			}
		}
	}
	planMu.Lock()
	planCache[t] = p
	planMu.Unlock()
	return p
}

// clearNegative sets every negative *float64, *int64 or *int field of the
// struct v (and of the structs it holds or points to) to nil, with a
// warning naming it by its JSON path. Options (settings, seeds) and
// intervals are not measurements of the run's result and are skipped.
func clearNegative(r *Run, v reflect.Value, path string) {
	walkNegative(r, v, planOf(v.Type()), path)
}

func walkNegative(r *Run, v reflect.Value, plan []fieldPlan, path string) {
	for _, fp := range plan {
		f := v.Field(fp.index)
		name := func() string {
			if path != "" {
				return path + "." + fp.name
			}
			return fp.name
		}
		switch fp.kind {
		case planStruct:
			walkNegative(r, f, fp.sub, name())
		case planPtrStruct:
			if !f.IsNil() {
				walkNegative(r, f.Elem(), fp.sub, name())
			}
		case planNumber:
			if f.IsNil() {
				continue
			}
			e := f.Elem()
			neg := false
			if e.Kind() == reflect.Float64 {
				neg = e.Float() < 0
			} else {
				neg = e.Int() < 0
			}
			if neg {
				r.Warn(0, "impossible negative "+name()+" "+strconv.FormatFloat(numberOf(e), 'f', -1, 64)+"; left absent")
				f.Set(reflect.Zero(f.Type()))
			}
		}
	}
}

func numberOf(v reflect.Value) float64 {
	if v.Kind() == reflect.Float64 {
		return v.Float()
	}
	return float64(v.Int())
}

// checkHeadline makes a run that read its report to the end incomplete,
// with a warning, when the line its result rests on is missing or was
// refused: "transactions:" in an OLTP statistics block, "events per
// second:" under CPU speed, "events/s (eps):", the fileio rates, the
// memory operations; for any other test some rate or "total time:" with
// "total number of events:" to derive one.
func (b *sbBlock) checkHeadline() {
	r := b.r
	if !r.Complete {
		return
	}
	missing := ""
	switch {
	case b.has(sysbench.MarkSQL):
		if r.SQL == nil || r.SQL.TransactionsPS == nil {
			missing = `"transactions:"`
		}
	case b.has(sysbench.MarkCPU):
		if r.CPUSpeedEPS == nil {
			missing = `"events per second:"`
		}
	case b.has(sysbench.MarkEPS) && r.FileIO == nil && r.Memory == nil:
		if r.EPS == nil {
			missing = `"events/s (eps):"`
		}
	case b.has(sysbench.MarkFileOps):
		if f := r.FileIO; f == nil || f.ReadsPS == nil && f.WritesPS == nil && f.FsyncsPS == nil {
			missing = `"reads/s:", "writes/s:" or "fsyncs/s:"`
		}
	case b.has(sysbench.MarkMemory):
		if m := r.Memory; m == nil || m.OpsPS == nil && m.TransferMiBs == nil {
			missing = `"Total operations:" or "MiB transferred"`
		}
	case r.TPS == nil && r.QPS == nil && r.EPS == nil && r.FileIO == nil && r.Memory == nil:
		missing = `a rate, or "total time:" and "total number of events:"`
	}
	if missing != "" {
		r.Complete = false
		r.Warn(0, "run incomplete: its result line "+missing+" is missing or unreadable")
	}
}
