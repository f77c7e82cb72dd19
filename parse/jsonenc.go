package parse

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// AppendRunJSON appends the JSON encoding of r to b: the bytes
// json.Marshal(r) writes, without reflection. parse --json writes every
// run of its inputs, most of them long interim series, and reflection
// cost more than the parsing. The encoding is checked against
// encoding/json on every fixture and on random runs (runjson_test.go);
// a field added to Run, or to a type it holds, must be added here too.
//
// As with json.Marshal, a NaN or infinite number is an error
// (*UnsupportedNumberError); the bytes appended so far are then returned
// with it.
func AppendRunJSON(b []byte, r *Run) ([]byte, error) {
	if r == nil {
		return append(b, "null"...), nil
	}
	e := jsonEnc{b: b}
	e.str(`{"source":`, r.Source)
	e.int(`,"line":`, int64(r.Line))
	e.int(`,"end_line":`, int64(r.EndLine))
	e.str(`,"tool":`, r.Tool)
	e.str(`,"version":`, r.Version)
	e.str(`,"layout":`, r.Layout)
	e.str(`,"test":`, r.Test)
	e.intPtr(`,"threads":`, r.Threads)
	e.strMap(`,"labels":`, r.Labels)
	e.str(`,"command":`, r.Command)
	e.bool(`,"complete":`, r.Complete)
	if r.Restates != 0 { // omitempty
		e.int(`,"restates":`, int64(r.Restates))
	}
	e.numPtr(`,"tps":`, r.TPS)
	e.numPtr(`,"qps":`, r.QPS)
	e.numPtr(`,"eps":`, r.EPS)
	e.numPtr(`,"cpu_speed_eps":`, r.CPUSpeedEPS)
	e.numPtr(`,"total_time_s":`, r.TotalTimeS)
	e.i64Ptr(`,"events":`, r.Events)
	e.latency(`,"latency_ms":`, &r.Latency)
	e.b = append(e.b, `,"intervals":`...)
	e.b = AppendIntervalsJSON(e.b, r.Intervals)
	e.histogram(`,"histogram":`, r.Histogram)
	e.mysqlslap(`,"mysqlslap":`, r.Mysqlslap)
	e.strs(`,"warnings":`, r.Warnings)
	e.str(`,"threads_from":`, r.ThreadsFrom)
	e.options(`,"options":`, &r.Options)
	e.sql(`,"sql":`, r.SQL)
	e.fairness(`,"fairness":`, r.Fairness)
	e.fileIO(`,"fileio":`, r.FileIO)
	e.memory(`,"memory":`, r.Memory)
	e.columns(`,"columns":`, r.Columns)
	e.metrics(`,"metrics":`, r.Metrics)
	e.strMap(`,"settings":`, r.Settings)
	e.strMap(`,"label_from":`, r.LabelFrom)
	e.strs(`,"captures":`, r.Captures)
	e.time(`,"measured_from":`, r.MeasuredFrom)
	e.time(`,"measured_to":`, r.MeasuredTo)
	e.time(`,"started":`, r.Started)
	e.b = append(e.b, '}')
	return e.b, e.err
}

// time writes an optional time as json.Marshal does (RFC 3339 with
// nanoseconds), nothing at all when it is nil (omitempty).
func (e *jsonEnc) time(key string, t *time.Time) {
	if t == nil || e.err != nil {
		return
	}
	e.b = append(e.b, key...)
	b, err := t.MarshalJSON()
	if err != nil {
		e.err = err
		return
	}
	e.b = append(e.b, b...)
}

// AppendVariablesJSON appends the JSON encoding of v to b, the bytes
// json.Marshal(v) writes: a SHOW GLOBAL STATUS snapshot has some 670
// values, and encoding/json sorted their keys by reflection (a third of
// parse --json's time over a campaign's snapshots).
func AppendVariablesJSON(b []byte, v *Variables) []byte {
	return AppendVariablesJSONOrder(b, v, nil)
}

// A KeyOrder keeps the sorted keys of the values of snapshots encoded
// before, by their number: the snapshots of one server, taken before
// and after each run, name the same 670 counters, and sorting them again
// for each snapshot was most of the cost of encoding it. A KeyOrder is
// used by one goroutine at a time.
type KeyOrder struct {
	byLen map[int]keyList
}

// A keyList is sorted keys, each with its encoding and the colon after
// it.
type keyList struct {
	keys []string
	enc  []string
}

// AppendVariablesJSONOrder is AppendVariablesJSON, reusing the order of
// keys kept in o (nil: none kept) when v's values have the same keys as
// a snapshot encoded before; the bytes are the same.
func AppendVariablesJSONOrder(b []byte, v *Variables, o *KeyOrder) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	e := jsonEnc{b: b}
	e.str(`{"source":`, v.Source)
	e.int(`,"line":`, int64(v.Line))
	e.str(`,"statement":`, v.Statement)
	e.str(`,"kind":`, v.Kind)
	if v.kept != nil {
		e.b = append(e.b, `,"values":{`...)
		first := true
		v.eachKept(func(n, x string) bool {
			if !first {
				e.b = append(e.b, ',')
			}
			first = false
			e.b = appendJSONString(e.b, n)
			e.b = append(e.b, ':')
			e.b = appendJSONString(e.b, x)
			return true
		})
		e.b = append(e.b, '}')
	} else if v.Values == nil && v.valuesJSON != nil {
		e.b = append(e.b, `,"values":`...)
		e.b = append(e.b, v.valuesJSON...)
	} else if o == nil || len(v.Values) < 16 {
		e.strMap(`,"values":`, v.Values)
	} else {
		e.strMapOrder(`,"values":`, v.Values, o)
	}
	e.strMap(`,"labels":`, v.Labels)
	e.b = append(e.b, '}')
	return e.b
}

// AppendSysStatJSON appends the JSON encoding of s to b: the bytes
// json.Marshal(s) writes, without reflection. Absent (NaN) values are
// null, as SysSample.MarshalJSON writes them; a NaN interval is an
// error, as for AppendRunJSON.
func AppendSysStatJSON(b []byte, s *SysStat) ([]byte, error) {
	if s == nil {
		return append(b, "null"...), nil
	}
	e := jsonEnc{b: b}
	e.str(`{"source":`, s.Source)
	e.int(`,"line":`, int64(s.Line))
	e.int(`,"end_line":`, int64(s.EndLine))
	e.str(`,"tool":`, s.Tool)
	e.str(`,"layout":`, s.Layout)
	e.str(`,"command":`, s.Command)
	e.str(`,"kernel":`, s.Kernel)
	e.str(`,"host":`, s.Host)
	e.str(`,"date":`, s.Date)
	e.numPtr(`,"interval_s":`, s.IntervalS)
	e.intPtr(`,"cpus":`, s.CPUs)
	e.str(`,"zone":`, s.Zone)
	e.b = append(e.b, `,"samples":`...)
	if s.Samples == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i := range s.Samples {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.sysSample(&s.Samples[i])
		}
		e.b = append(e.b, ']')
	}
	e.strs(`,"warnings":`, s.Warnings)
	e.strMap(`,"labels":`, s.Labels)
	e.b = append(e.b, '}')
	return e.b, e.err
}

// sysSample writes what SysSample.MarshalJSON writes.
func (e *jsonEnc) sysSample(x *SysSample) {
	b := append(e.b, `{"line":`...)
	b = appendInt(b, x.Line)
	b = append(b, `,"end_line":`...)
	b = appendInt(b, x.EndLine)
	if x.Clock != "" {
		b = appendJSONString(append(b, `,"clock":`...), x.Clock)
	}
	b = appendNullable(b, `,"t":`, `,"t":null`, x.T, true)
	b = appendNullable(b, `,"duration_s":`, `,"duration_s":null`, x.DurationS, true)
	if x.Excluded != "" {
		b = appendJSONString(append(b, `,"excluded":`...), x.Excluded)
	}
	b = appendNullable(b, `,"user":`, `,"user":null`, x.User, true)
	b = appendNullable(b, `,"nice":`, `,"nice":null`, x.Nice, true)
	b = appendNullable(b, `,"system":`, `,"system":null`, x.System, true)
	b = appendNullable(b, `,"iowait":`, `,"iowait":null`, x.IOWait, true)
	b = appendNullable(b, `,"irq":`, `,"irq":null`, x.IRQ, true)
	b = appendNullable(b, `,"softirq":`, `,"softirq":null`, x.SoftIRQ, true)
	b = appendNullable(b, `,"steal":`, `,"steal":null`, x.Steal, true)
	b = appendNullable(b, `,"guest":`, `,"guest":null`, x.Guest, true)
	b = appendNullable(b, `,"guest_nice":`, `,"guest_nice":null`, x.GuestNice, true)
	b = appendNullable(b, `,"idle":`, `,"idle":null`, x.Idle, true)
	// Only vmstat and procstat fill the last four: one constant for all
	// four when they are absent, as one copy.
	if x.CtxSwitchesPS != x.CtxSwitchesPS && x.InterruptsPS != x.InterruptsPS &&
		x.ReadBytesPS != x.ReadBytesPS && x.WriteBytesPS != x.WriteBytesPS {
		b = append(b, `,"ctx_switches_ps":null,"interrupts_ps":null,"read_bytes_ps":null,"write_bytes_ps":null`...)
	} else {
		b = appendNullable(b, `,"ctx_switches_ps":`, `,"ctx_switches_ps":null`, x.CtxSwitchesPS, true)
		b = appendNullable(b, `,"interrupts_ps":`, `,"interrupts_ps":null`, x.InterruptsPS, true)
		b = appendNullable(b, `,"read_bytes_ps":`, `,"read_bytes_ps":null`, x.ReadBytesPS, true)
		b = appendNullable(b, `,"write_bytes_ps":`, `,"write_bytes_ps":null`, x.WriteBytesPS, true)
	}
	if len(x.Devices) > 0 {
		b = append(b, `,"devices":[`...)
		for i := range x.Devices {
			if i > 0 {
				b = append(b, ',')
			}
			d := &x.Devices[i]
			b = appendJSONString(append(b, `{"name":`...), d.Name)
			b = appendNullable(b, `,"reads_ps":`, `,"reads_ps":null`, d.ReadsPS, true)
			b = appendNullable(b, `,"writes_ps":`, `,"writes_ps":null`, d.WritesPS, true)
			b = appendNullable(b, `,"read_bytes_ps":`, `,"read_bytes_ps":null`, d.ReadBytesPS, true)
			b = appendNullable(b, `,"write_bytes_ps":`, `,"write_bytes_ps":null`, d.WriteBytesPS, true)
			b = appendNullable(b, `,"util":`, `,"util":null`, d.Util, true)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	e.b = append(b, '}')
}

// appendNullable appends key and v as appendNumber writes v, or keyNull
// (key and null) when v is NaN or infinite. Small enough to be inlined,
// with constant keys the compiler copies without a call: most nullable
// numbers are NaN.
func appendNullable(b []byte, key, keyNull string, v float64, jsonForm bool) []byte {
	if v != v {
		return append(b, keyNull...)
	}
	return appendNumber(append(b, key...), v, jsonForm)
}

// An UnsupportedNumberError reports a NaN or infinite number, which JSON
// cannot hold; its text is json.UnsupportedValueError's.
type UnsupportedNumberError struct{ Value float64 }

func (e *UnsupportedNumberError) Error() string {
	return "json: unsupported value: " + strconv.FormatFloat(e.Value, 'g', -1, 64)
}

// jsonEnc appends JSON to b; the first NaN or infinity is kept in err.
type jsonEnc struct {
	b   []byte
	err error
}

func (e *jsonEnc) str(key, s string) {
	e.b = append(e.b, key...)
	e.b = appendJSONString(e.b, s)
}

func (e *jsonEnc) int(key string, v int64) {
	e.b = append(e.b, key...)
	e.b = strconv.AppendInt(e.b, v, 10)
}

func (e *jsonEnc) bool(key string, v bool) {
	e.b = append(e.b, key...)
	e.b = strconv.AppendBool(e.b, v)
}

func (e *jsonEnc) intPtr(key string, p *int) {
	e.b = append(e.b, key...)
	if p == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = appendInt(e.b, *p)
}

func (e *jsonEnc) i64Ptr(key string, p *int64) {
	e.b = append(e.b, key...)
	if p == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = strconv.AppendInt(e.b, *p, 10)
}

func (e *jsonEnc) num(key string, v float64) {
	e.b = append(e.b, key...)
	e.float(v)
}

func (e *jsonEnc) numPtr(key string, p *float64) {
	e.b = append(e.b, key...)
	if p == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.float(*p)
}

// float appends v as encoding/json does (ES6 number to string).
func (e *jsonEnc) float(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		if e.err == nil {
			e.err = &UnsupportedNumberError{v}
		}
		return
	}
	e.b = appendJSONFloat(e.b, v)
}

func (e *jsonEnc) strs(key string, xs []string) {
	e.b = append(e.b, key...)
	if xs == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i, s := range xs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = appendJSONString(e.b, s)
	}
	e.b = append(e.b, ']')
}

// strMap writes a map with its keys in byte order, as encoding/json does.
func (e *jsonEnc) strMap(key string, m map[string]string) {
	e.b = append(e.b, key...)
	if m == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '{')
	for i, k := range sortedJSONKeys(m) {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = appendJSONString(e.b, k)
		e.b = append(e.b, ':')
		e.b = appendJSONString(e.b, m[k])
	}
	e.b = append(e.b, '}')
}

// strMapOrder is strMap with the keys of a map of the same size kept in
// o, when m has those keys (the same number, all present: the same set);
// else m's keys are sorted and kept in o for the next map.
func (e *jsonEnc) strMapOrder(key string, m map[string]string, o *KeyOrder) {
	e.b = append(e.b, key...)
	e.b = append(e.b, '{')
	start := len(e.b)
	if kl, ok := o.byLen[len(m)]; ok {
		same := true
		for i, k := range kl.keys {
			v, ok := m[k]
			if !ok {
				same = false
				break
			}
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = append(e.b, kl.enc[i]...)
			e.b = appendJSONString(e.b, v)
		}
		if same {
			e.b = append(e.b, '}')
			return
		}
		e.b = e.b[:start]
	}
	kl := keyList{keys: make([]string, 0, len(m)), enc: make([]string, len(m))}
	for k := range m {
		kl.keys = append(kl.keys, k)
	}
	slices.Sort(kl.keys)
	for i, k := range kl.keys {
		kl.enc[i] = string(append(appendJSONString(nil, k), ':'))
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, kl.enc[i]...)
		e.b = appendJSONString(e.b, m[k])
	}
	e.b = append(e.b, '}')
	if o.byLen == nil {
		o.byLen = map[int]keyList{}
	}
	o.byLen[len(m)] = kl
}

func sortedJSONKeys[V any](m map[string]V) []string {
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (e *jsonEnc) latency(key string, l *Latency) {
	e.b = append(e.b, key...)
	e.numPtr(`{"min":`, l.Min)
	e.numPtr(`,"avg":`, l.Avg)
	e.numPtr(`,"max":`, l.Max)
	e.numPtr(`,"sum":`, l.Sum)
	e.b = append(e.b, `,"percentiles":`...)
	if l.Percentiles == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '{')
		for i, k := range sortedJSONKeys(l.Percentiles) {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.b = appendJSONString(e.b, k)
			e.b = append(e.b, ':')
			e.float(l.Percentiles[k])
		}
		e.b = append(e.b, '}')
	}
	e.bool(`,"percentile_disabled":`, l.PercentileDisabled)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) histogram(key string, hs []Bucket) {
	e.b = append(e.b, key...)
	if hs == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i := range hs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.num(`{"value_ms":`, hs[i].ValueMs)
		e.int(`,"count":`, hs[i].Count)
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')
}

func (e *jsonEnc) mysqlslap(key string, m *Mysqlslap) {
	e.b = append(e.b, key...)
	if m == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.numPtr(`{"avg_s":`, m.AvgS)
	e.numPtr(`,"min_s":`, m.MinS)
	e.numPtr(`,"max_s":`, m.MaxS)
	e.intPtr(`,"clients":`, m.Clients)
	e.i64Ptr(`,"queries_per_client":`, m.QueriesPerClient)
	e.str(`,"engine":`, m.Engine)
	e.str(`,"load_type":`, m.LoadType)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) options(key string, o *Options) {
	e.b = append(e.b, key...)
	e.numPtr(`{"report_interval_s":`, o.ReportIntervalS)
	e.numPtr(`,"rate_target":`, o.RateTarget)
	e.i64Ptr(`,"seed":`, o.Seed)
	e.str(`,"random_source":`, o.RandomSource)
	e.numPtr(`,"warmup_s":`, o.WarmupS)
	e.numPtr(`,"forced_shutdown_s":`, o.ForcedShutdownS)
	e.numPtr(`,"time_limit_s":`, o.TimeLimitS)
	if o.MaxRequests != nil {
		e.i64Ptr(`,"max_requests":`, o.MaxRequests)
	}
	e.b = append(e.b, '}')
}

func (e *jsonEnc) sql(key string, s *SQLStats) {
	e.b = append(e.b, key...)
	if s == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.i64Ptr(`{"read":`, s.Read)
	e.i64Ptr(`,"write":`, s.Write)
	e.i64Ptr(`,"other":`, s.Other)
	e.i64Ptr(`,"total":`, s.Total)
	e.i64Ptr(`,"transactions":`, s.Transactions)
	e.numPtr(`,"transactions_ps":`, s.TransactionsPS)
	e.i64Ptr(`,"queries":`, s.Queries)
	e.numPtr(`,"queries_ps":`, s.QueriesPS)
	e.i64Ptr(`,"rw_requests":`, s.RWRequests)
	e.numPtr(`,"rw_requests_ps":`, s.RWRequestsPS)
	e.i64Ptr(`,"other_ops":`, s.OtherOps)
	e.numPtr(`,"other_ops_ps":`, s.OtherOpsPS)
	e.i64Ptr(`,"ignored_errors":`, s.IgnoredErrors)
	e.numPtr(`,"ignored_errors_ps":`, s.IgnoredErrPS)
	e.i64Ptr(`,"reconnects":`, s.Reconnects)
	e.numPtr(`,"reconnects_ps":`, s.ReconnectsPS)
	e.i64Ptr(`,"deadlocks":`, s.Deadlocks)
	e.numPtr(`,"deadlocks_ps":`, s.DeadlocksPS)
	e.i64Ptr(`,"unfinished_on_shutdown":`, s.Unfinished)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) fairness(key string, f *Fairness) {
	e.b = append(e.b, key...)
	if f == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.numPtr(`{"events_avg":`, f.EventsAvg)
	e.numPtr(`,"events_stddev":`, f.EventsStddev)
	e.numPtr(`,"exec_time_avg_s":`, f.ExecAvgS)
	e.numPtr(`,"exec_time_stddev_s":`, f.ExecStddevS)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) fileIO(key string, f *FileIO) {
	e.b = append(e.b, key...)
	if f == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.numPtr(`{"reads_ps":`, f.ReadsPS)
	e.numPtr(`,"writes_ps":`, f.WritesPS)
	e.numPtr(`,"fsyncs_ps":`, f.FsyncsPS)
	e.numPtr(`,"read_mib_s":`, f.ReadMiBs)
	e.numPtr(`,"written_mib_s":`, f.WrittenMiBs)
	e.numPtr(`,"requests_ps":`, f.RequestsPS)
	e.numPtr(`,"total_mib_s":`, f.TotalMiBs)
	e.numPtr(`,"read_bytes":`, f.ReadBytes)
	e.numPtr(`,"written_bytes":`, f.WrittenBytes)
	e.i64Ptr(`,"read_ops":`, f.ReadOps)
	e.i64Ptr(`,"write_ops":`, f.WriteOps)
	e.i64Ptr(`,"other_ops":`, f.OtherOps)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) memory(key string, m *Memory) {
	e.b = append(e.b, key...)
	if m == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.i64Ptr(`{"operations":`, m.Operations)
	e.numPtr(`,"ops_ps":`, m.OpsPS)
	e.numPtr(`,"transferred_mib":`, m.TransferMiB)
	e.numPtr(`,"mib_s":`, m.TransferMiBs)
	e.b = append(e.b, '}')
}

func (e *jsonEnc) columns(key string, cs []Column) {
	e.b = append(e.b, key...)
	if cs == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i := range cs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.str(`{"name":`, cs[i].Name)
		e.str(`,"value":`, cs[i].Value)
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')
}

// metrics writes named metrics, nothing at all when there are none
// (omitempty).
func (e *jsonEnc) metrics(key string, ms []Metric) {
	if len(ms) == 0 {
		return
	}
	e.b = append(e.b, key...)
	e.b = append(e.b, '[')
	for i := range ms {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.str(`{"name":`, ms[i].Name)
		e.str(`,"unit":`, ms[i].Unit)
		e.num(`,"value":`, ms[i].Value)
		e.b = append(e.b, '}')
	}
	e.b = append(e.b, ']')
}

// appendJSONFloat appends a finite v as encoding/json writes a float64:
// the shortest decimal that reads back as v, in exponent form below 1e-6
// and from 1e21 on.
func appendJSONFloat(b []byte, v float64) []byte { return appendNumber(b, v, true) }

// appendFloatF appends v as strconv.AppendFloat(b, v, 'f', -1, 64) does.
func appendFloatF(b []byte, v float64) []byte { return appendNumber(b, v, false) }

// appendSlow is appendNumber for the numbers its fast path does not
// take: infinities as null (they come from nullable fields), and the
// others as strconv formats them.
func appendSlow(b []byte, v float64, jsonForm bool) []byte {
	if math.IsInf(v, 0) {
		return append(b, "null"...)
	}
	if abs := math.Abs(v); jsonForm && abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		// "1e-07" → "1e-7", as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// appendNumber appends v, not NaN, as encoding/json writes it
// (jsonForm) or as strconv.AppendFloat(b, v, 'f', -1, 64) does, and an
// infinity as null. Its fast path takes the numbers sysbench and the
// system-statistics tools print: |v| a decimal with at most two places
// below 10^6, with at most four below 10^4, or an integer below 10^8;
// appendSlow the others.
//
// Below 10^8 neighbouring float64 values are less than 1.5·10^-8 apart,
// and two decimals m/10^k (k ≤ 4) at least 10^-4, so at most one such
// decimal reads back as v. When one does (tested by dividing: m and 10^k
// are exact, and IEEE division rounds to nearest), no decimal with fewer
// digits does, so it is the shortest once the trailing zeros of its
// decimals are dropped, which is what strconv writes. That is also encoding/json's form, as |v| is then 0 or at
// least 10^-4. Zero is m = 0, written "0", and "-0" for negative zero,
// as strconv writes them.
//
// The eight digits of m are made at once (digits8) and written as one
// word after the sign, without their leading zeros; the point and the
// decimals go in a second word, of which the decimals without trailing
// zeros are kept.
func appendNumber(b []byte, v float64, jsonForm bool) []byte {
	l := len(b)
	if cap(b)-l < 24 {
		b = slices.Grow(b, 24)
	}
	s := b[l : l+24 : l+24]
	abs := math.Abs(v)
	s[0] = '-'
	q := int(math.Float64bits(v) >> 63) // the sign only for a negative number
	// Through int64 the conversions are one instruction each; a value out
	// of int64's range gives MinInt64, which fails the test below 10^8.
	if m := int64(abs*100 + 0.5); uint64(m) < 1e8 && float64(m)/100 == abs {
		w := digits8(uint32(m)) // six digits of the integer part, two decimals
		// The leading zeros, keeping one digit: the bit set in the last
		// digit of the integer part bounds the count without a test.
		z := uint(bits.TrailingZeros64(w|1<<40)) / 8
		put8(s, q, w>>(8*z)|0x3030303030303030)
		q += int(6 - z)
		f := uint32(w >> 48) // the decimals, the first in the low byte
		put4(s, q, f<<8|0x30302e)
		d := (bits.Len32(f) + 7) / 8 // decimals without trailing zeros
		return b[:l+q+d+(d+1)/2]     // the point only with decimals
	}
	if m := int64(abs*1e4 + 0.5); uint64(m) < 1e8 && float64(m)/1e4 == abs {
		w := digits8(uint32(m)) // four digits of the integer part, four decimals
		z := min(uint(bits.TrailingZeros64(w))/8, 3)
		put8(s, q, w>>(8*z)|0x3030303030303030)
		q += int(4 - z)
		f := w >> 32
		put8(s, q, f<<8|0x303030302e)
		d := (bits.Len64(f) + 7) / 8
		return b[:l+q+d+(d+3)/4]
	}
	if m := int64(abs); uint64(m) < 1e8 && float64(m) == abs {
		return b[:l+putInt(s, q, uint32(m))]
	}
	return appendSlow(b[:l], v, jsonForm)
}

// appendInt appends v as strconv.AppendInt(b, int64(v), 10) does,
// without a call to strconv for line numbers and other integers from 0
// to 10^8.
func appendInt(b []byte, v int) []byte {
	if uint(v) >= 1e8 {
		return strconv.AppendInt(b, int64(v), 10)
	}
	l := len(b)
	if cap(b)-l < 8 {
		b = slices.Grow(b, 8)
	}
	return b[:l+putInt(b[l:l+8:l+8], 0, uint32(v))]
}

// putInt writes x < 10^8 at s[q:q+8] without leading zeros and returns
// the position after it.
func putInt(s []byte, q int, x uint32) int {
	w := digits8(x)
	z := min(uint(bits.TrailingZeros64(w))/8, 7) // leading zeros, keeping one digit
	put8(s, q, w>>(8*z)|0x3030303030303030)
	return q + int(8-z)
}

// put4 writes w at s[q:q+4], the first byte low.
func put4(s []byte, q int, w uint32) { binary.LittleEndian.PutUint32(s[q:q+4:q+4], w) }

// put8 writes w at s[q:q+8], the first byte low. The three-index slice
// spares the compiler the masking it adds to a slice that may be empty.
func put8(s []byte, q int, w uint64) { binary.LittleEndian.PutUint64(s[q:q+8:q+8], w) }

// digits8 returns the eight decimal digits of x < 10^8 as byte values
// 0 to 9, the first in the low byte, computed in lanes of one 64-bit
// word: the two halves of four digits, then the pairs of each, then
// the digits (x/100 is x*5243>>19 below 43,699, x/10 is x*103>>10
// below 100).
func digits8(x uint32) uint64 {
	v := uint64(x/10000) | uint64(x%10000)<<32
	h := (v * 5243 >> 19) & 0x0000007f0000007f
	v = (v-100*h)<<16 | h
	t := (v * 103 >> 10) & 0x000f000f000f000f
	return (v-10*t)<<8 | t
}

// jsonSafe marks the ASCII bytes encoding/json writes as they are (it
// escapes <, > and & for HTML, and control characters).
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// appendJSONString appends s quoted as encoding/json writes a string:
// HTML-sensitive bytes and control characters escaped, invalid UTF-8 as
// U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
