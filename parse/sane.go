package parse

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// What no real run prints. Counts, rates, times and latencies are never
// negative (sysbench's unsigned underflow prints huge values, caught
// apart as "impossible"), a run has at least one thread, and a run that
// printed its report took some time. Such a value is refused, left
// absent, with a warning on the run: averaged into a mean, one negative
// tps moves every comparison.

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
