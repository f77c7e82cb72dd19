package parse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// edgeFloats are the bounds of the number writer's fast path (decimals
// with two places below 1e6, with four below 1e4, integers below 1e8)
// and of encoding/json's forms, and numbers as the parsers make them.
var edgeFloats = []float64{0, math.Copysign(0, -1), 1e9, math.Nextafter(1e9, 0), 1e-6, math.Nextafter(1e-6, 0),
	1e21, math.Nextafter(1e21, 0), math.Nextafter(1e21, math.Inf(1)), 0.5, 0.05, 0.00005, 99.99995, 0.1 + 0.2,
	1e-7, 5e-324, math.MaxFloat64, 123456789.1234, 999999999.9999, 1e6, math.Nextafter(1e6, 0), 999999.99,
	999999.995, 999999.999, 1e4, 9999.9999, 9999.99995, math.Nextafter(1e4, 0), 1e8, 99999999,
	math.Nextafter(1e8, 0), 99999999.5, 0.01, 0.001, 0.0001, 0.00015, 0.00001, 12345.6789, 5673.22, 79461.54,
	0.2045, 12.34 / 100, 16.33 / 100, 0.29 * 100, 50266112, 38184.96, 1.005, 2.675, 0.015, 8.34, 0.995,
	4503599627370496.5, 1 << 53, 1e15, 1e16, 1e20, 123e18}

// randFloat draws the numbers a run holds: sysbench's decimals with up
// to six places, integers, the same computed by division, values near
// the fast path's bounds, tiny and huge values, negative zero and
// arbitrary bit patterns.
func randFloat(rnd *rand.Rand) float64 {
	var v float64
	switch rnd.IntN(12) {
	case 10:
		v = float64(rnd.Int64N(1e9)) / []float64{1, 10, 100, 1e3, 1e4, 1e5}[rnd.IntN(6)]
	case 11:
		v = float64(rnd.Int64N(1e5)) / 100 / 100 // a percentage as a share
	case 0, 1, 2:
		d := rnd.IntN(7)
		m := rnd.Int64N(int64(math.Pow10(rnd.IntN(12) + 1)))
		v, _ = strconv.ParseFloat(strconv.FormatInt(m, 10)+"e-"+strconv.Itoa(d), 64)
	case 3:
		v = float64(rnd.Int64N(1 << 53))
	case 4:
		v = edgeFloats[rnd.IntN(len(edgeFloats))]
	case 5:
		v = rnd.Float64() * math.Pow10(rnd.IntN(30)-10)
	default:
		for {
			v = math.Float64frombits(rnd.Uint64())
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				break
			}
		}
	}
	if rnd.IntN(4) == 0 {
		v = -v
	}
	return v
}

// TestAppendFloatF checks the number writer against strconv and
// encoding/json on a million numbers of every kind and on the edges of
// its fast path, with room after b and without.
func TestAppendFloatF(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	n := 1000000
	if testing.Short() {
		n = 100000
	}
	check := func(v float64) {
		t.Helper()
		if math.IsInf(v, 0) {
			return // beyond MaxFloat64; infinities below
		}
		want := strconv.FormatFloat(v, 'f', -1, 64)
		wantJSON, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range [][]byte{nil, []byte("x")[:0:1], make([]byte, 3, 40)} {
			l := len(b)
			if got := string(appendFloatF(b, v)[l:]); got != want {
				t.Fatalf("appendFloatF(%v) = %s, want %s", math.Float64bits(v), got, want)
			}
			if got := string(appendJSONFloat(b, v)[l:]); got != string(wantJSON) {
				t.Fatalf("appendJSONFloat(%v) = %s, want %s", math.Float64bits(v), got, wantJSON)
			}
		}
	}
	for _, v := range edgeFloats {
		check(v)
		check(-v)
		check(math.Nextafter(v, math.Inf(1)))
		check(math.Nextafter(v, math.Inf(-1)))
	}
	for i := 0; i < n; i++ {
		check(randFloat(rnd))
	}
	for _, v := range []float64{math.Inf(1), math.Inf(-1)} {
		for _, jsonForm := range []bool{false, true} {
			if got := string(appendNumber(nil, v, jsonForm)); got != "null" {
				t.Errorf("appendNumber(%v, %v) = %s, want null", v, jsonForm, got)
			}
		}
	}
}

// TestAppendFloatFDecimals checks the number writer against strconv on
// the decimals of its fast path: every m below 2·10^6 as m, m/100 and
// m/10^4, the bounds of each scale, and random m below 10^8 at each
// scale, each also negative. Each decimal is read as strconv reads it,
// so that it is the float64 nearest to it.
func TestAppendFloatFDecimals(t *testing.T) {
	check := func(m uint64, scale int) {
		t.Helper()
		s := strconv.FormatUint(m, 10)
		if scale > 0 {
			s = fmt.Sprintf("%0*d", scale+1, m)
			s = s[:len(s)-scale] + "." + s[len(s)-scale:]
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []float64{v, -v} {
			want := strconv.FormatFloat(v, 'f', -1, 64)
			if got := string(appendFloatF([]byte("x"), v)); got != "x"+want {
				t.Fatalf("appendFloatF(%s) = %q, want %q", s, got[1:], want)
			}
		}
	}
	n := uint64(2e6)
	if testing.Short() {
		n = 2e5
	}
	for _, scale := range []int{0, 2, 4} {
		for m := uint64(0); m < n; m++ {
			check(m, scale)
		}
		for p := uint64(1); p <= 1e12; p *= 10 {
			for _, m := range []uint64{p - 1, p, p + 1, 9 * p, 9*p + 1, p*10 - p/2} {
				check(m, scale)
			}
		}
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < int(n)/2; i++ {
		check(rnd.Uint64N(1e8), 2*rnd.IntN(3))
	}
}

// FuzzAppendFloatF compares the number writer with strconv and
// encoding/json on any float64.
func FuzzAppendFloatF(f *testing.F) {
	for _, v := range edgeFloats {
		f.Add(math.Float64bits(v))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		v := math.Float64frombits(bits)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		if got, want := string(appendFloatF(nil, v)), strconv.FormatFloat(v, 'f', -1, 64); got != want {
			t.Fatalf("appendFloatF(%v) = %s, want %s", v, got, want)
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(appendJSONFloat([]byte("x"), v)); got != "x"+string(want) {
			t.Fatalf("appendJSONFloat(%v) = %s, want %s", v, got[1:], want)
		}
	})
}

// TestAppendIntervalsJSONRandom compares the interval encoder with one
// written plainly with strconv: every number in 'f' form, null for NaN
// and infinities, on random intervals of every kind of number.
func TestAppendIntervalsJSONRandom(t *testing.T) {
	plain := func(ivs []Interval) string {
		if ivs == nil {
			return "null"
		}
		var b strings.Builder
		b.WriteString("[")
		for i, iv := range ivs {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"line":%d`, iv.Line)
			for j, v := range []float64{iv.T, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other,
				iv.LatMs, iv.LatPct, iv.ErrS, iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs,
				iv.QueueLength, iv.Concurrency} {
				k := []string{"t_s", "threads", "tps", "qps", "reads_ps", "writes_ps", "other_ps", "lat_ms",
					"lat_pct", "err_s", "reconn_s", "eps", "read_mib_s", "write_mib_s", "fsyncs_ps", "mib_s",
					"queue_length", "concurrency"}[j]
				if math.IsNaN(v) || math.IsInf(v, 0) {
					fmt.Fprintf(&b, `,%q:null`, k)
				} else {
					fmt.Fprintf(&b, `,%q:%s`, k, strconv.FormatFloat(v, 'f', -1, 64))
				}
			}
			b.WriteString("}")
		}
		b.WriteString("]")
		return b.String()
	}
	rnd := rand.New(rand.NewPCG(7, 8))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for i := 0; i < n; i++ {
		var ivs []Interval
		if i > 0 {
			ivs = make([]Interval, rnd.IntN(4))
		}
		for j := range ivs {
			ivs[j] = NewInterval(rnd.IntN(1e9)-1e3, math.NaN())
			vs := []*float64{&ivs[j].T, &ivs[j].Threads, &ivs[j].TPS, &ivs[j].QPS, &ivs[j].Reads,
				&ivs[j].Writes, &ivs[j].Other, &ivs[j].LatMs, &ivs[j].LatPct, &ivs[j].ErrS, &ivs[j].ReconnS,
				&ivs[j].EPS, &ivs[j].ReadMiBs, &ivs[j].WriteMiBs, &ivs[j].FsyncS, &ivs[j].MiBs,
				&ivs[j].QueueLength, &ivs[j].Concurrency}
			// Runs of absent values, as the kinds of test leave them, and
			// some infinities.
			nan := rnd.Uint32()
			if rnd.IntN(2) == 0 {
				nan |= 0x3f800 // the last seven
			}
			for k, p := range vs {
				switch {
				case nan&(1<<k) != 0 && rnd.IntN(3) > 0:
				case rnd.IntN(50) == 0:
					*p = math.Inf(1 - 2*rnd.IntN(2))
				default:
					*p = randFloat(rnd)
				}
			}
		}
		want := plain(ivs)
		got := AppendIntervalsJSON([]byte("prefix"), ivs)
		if string(got) != "prefix"+want {
			t.Fatalf("AppendIntervalsJSON differs from the plain encoding:\n got  %s\n want %s", got[6:], want)
		}
	}
}

// TestAppendInt checks appendInt against strconv on both sides of its
// fast path.
func TestAppendInt(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	vals := []int{0, 1, 9, 10, 99, 100, 1e8 - 1, 1e8, 1e8 + 1, -1, -1e8, math.MaxInt, math.MinInt}
	for i := 0; i < 100000; i++ {
		vals = append(vals, rnd.IntN(2e8), int(rnd.Uint64()))
	}
	for _, v := range vals {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.Itoa(v); got != want {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}

// randString draws strings with the bytes JSON escapes: quotes,
// backslashes, HTML characters, control characters, invalid UTF-8,
// U+2028 and U+2029.
func randString(rnd *rand.Rand) string {
	if rnd.IntN(4) == 0 {
		return ""
	}
	pieces := []string{"a", "oltp_read_write", " ", `"`, `\`, "<", ">", "&", "\n", "\r", "\t", "\b", "\f",
		"\x00", "\x1b", "\x7f", "\xff", "\xc3", "é", "线程", "\u2028", "\u2029", "\ufffd", "--mysql-password=***", "🙂"}
	var b strings.Builder
	for n := rnd.IntN(8); n >= 0; n-- {
		b.WriteString(pieces[rnd.IntN(len(pieces))])
	}
	return b.String()
}

// fill sets every exported field of v to a random value, nil or empty
// included, so that a field the encoder does not know shows as a
// difference from encoding/json.
func fill(t *testing.T, v reflect.Value, rnd *rand.Rand) { fillNaN(t, v, rnd, false) }

// nanTypes hold floats that are absent when NaN; elsewhere a NaN is an
// encoding error (TestAppendRunJSONNaN).
var nanTypes = map[reflect.Type]bool{
	reflect.TypeFor[Interval](): true, reflect.TypeFor[SysSample](): true, reflect.TypeFor[DeviceSample](): true,
}

func fillNaN(t *testing.T, v reflect.Value, rnd *rand.Rand, nan bool) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(randString(rnd))
	case reflect.Bool:
		v.SetBool(rnd.IntN(2) == 0)
	case reflect.Int, reflect.Int64:
		switch rnd.IntN(3) {
		case 0:
			v.SetInt(int64(rnd.IntN(1000)))
		case 1:
			v.SetInt(-rnd.Int64())
		default:
			v.SetInt(rnd.Int64())
		}
	case reflect.Float64:
		if nan && rnd.IntN(8) == 0 {
			v.SetFloat(math.NaN()) // Interval fields: absent
		} else {
			v.SetFloat(randFloat(rnd))
		}
	case reflect.Pointer:
		if rnd.IntN(3) == 0 {
			v.Set(reflect.Zero(v.Type()))
			return
		}
		p := reflect.New(v.Type().Elem())
		fillNaN(t, p.Elem(), rnd, false)
		v.Set(p)
	case reflect.Slice:
		switch rnd.IntN(4) {
		case 0:
			v.Set(reflect.Zero(v.Type()))
			return
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			return
		}
		n := rnd.IntN(5) + 1
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := 0; i < n; i++ {
			fillNaN(t, s.Index(i), rnd, false)
		}
		v.Set(s)
	case reflect.Map:
		switch rnd.IntN(4) {
		case 0:
			v.Set(reflect.Zero(v.Type()))
			return
		case 1:
			v.Set(reflect.MakeMap(v.Type()))
			return
		}
		m := reflect.MakeMap(v.Type())
		for n := rnd.IntN(20) + 1; n > 0; n-- {
			k := reflect.New(v.Type().Key()).Elem()
			fillNaN(t, k, rnd, false)
			e := reflect.New(v.Type().Elem()).Elem()
			fillNaN(t, e, rnd, false)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			// A field JSON leaves out (Run.Away) is no concern of the encoder.
			if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				fillNaN(t, v.Field(i), rnd, nanTypes[v.Type()])
			}
		}
	default:
		t.Fatalf("fill: a field of kind %s (%s): teach fill and AppendRunJSON about it", v.Kind(), v.Type())
	}
}

// TestAppendRunJSONRandom compares AppendRunJSON with json.Marshal on
// random runs in which every exported field, nested ones included, is
// set, nil or empty.
func TestAppendRunJSONRandom(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for i := 0; i < n; i++ {
		r := &Run{}
		fill(t, reflect.ValueOf(r).Elem(), rnd)
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("random run not encodable: %v", err) // compared bytes, not only errors
		}
		assertRunJSON(t, r)
	}
}

// TestAppendSysStatJSONRandom does the same for system-statistics
// captures.
func TestAppendSysStatJSONRandom(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	n := 5000
	if testing.Short() {
		n = 1000
	}
	for i := 0; i < n; i++ {
		s := &SysStat{}
		fill(t, reflect.ValueOf(s).Elem(), rnd)
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("random capture not encodable: %v", err)
		}
		assertSysStatJSON(t, s)
	}
}

// TestAppendVariablesJSONRandom does the same for server variables and
// status snapshots, and TestMySQLStatusJSON on the demo's snapshots.
func TestAppendVariablesJSONRandom(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 5000; i++ {
		v := &Variables{}
		fill(t, reflect.ValueOf(v).Elem(), rnd)
		want, werr := json.Marshal(v)
		got := AppendVariablesJSON([]byte("prefix"), v)
		assertSameJSON(t, v.Source, v.Line, got, want, nil, werr)
	}
}

// TestAppendRunJSONNaN checks that a NaN in a run is refused, as by
// json.Marshal, with the same message.
func TestAppendRunJSONNaN(t *testing.T) {
	for _, r := range []*Run{
		{TPS: fptr(math.NaN())},
		{Latency: Latency{Percentiles: map[string]float64{"95": math.Inf(1)}}},
		{Histogram: []Bucket{{ValueMs: math.Inf(-1)}}},
	} {
		_, want := json.Marshal(r)
		_, got := AppendRunJSON(nil, r)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("AppendRunJSON error %v, json.Marshal error %v", got, want)
		}
	}
}

// TestAppendRunJSONFixtures compares the encodings of every run of every
// text fixture of the repository.
func TestAppendRunJSONFixtures(t *testing.T) {
	runs, stats := 0, 0
	eachFixture(t, func(p string, data []byte) error {
		return Stream(bytes.NewReader(data), p, func(it Item) {
			switch v := it.(type) {
			case *Run:
				runs++
				assertRunJSON(t, v)
			case *SysStat:
				stats++
				assertSysStatJSON(t, v)
			}
		})
	})
	if runs < 300 || stats < 10 {
		t.Fatalf("only %d runs and %d system-statistics captures in the fixtures", runs, stats)
	}
}

// FuzzAppendRunJSON parses arbitrary text and compares the encodings of
// the runs found.
func FuzzAppendRunJSON(f *testing.F) {
	for _, p := range []string{
		"../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt",
		"../testdata/public/sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt",
	} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("sysbench 1.0.20\n[ 1s ] thds: 1 tps: 1e-7 qps: 0.1 (r/w/o: 1/2/3) lat (ms,95%): 1.0 err/s: 0 reconn/s: 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = Stream(bytes.NewReader(data), "fuzz<&>\u2028.txt", func(it Item) {
			switch v := it.(type) {
			case *Run:
				assertRunJSON(t, v)
			case *SysStat:
				assertSysStatJSON(t, v)
			}
		})
	})
}

func assertRunJSON(t *testing.T, r *Run) {
	t.Helper()
	want, werr := json.Marshal(r)
	got, gerr := AppendRunJSON([]byte("prefix"), r)
	assertSameJSON(t, r.Source, r.Line, got, want, gerr, werr)
}

func assertSysStatJSON(t *testing.T, s *SysStat) {
	t.Helper()
	want, werr := json.Marshal(s)
	got, gerr := AppendSysStatJSON([]byte("prefix"), s)
	assertSameJSON(t, s.Source, s.Line, got, want, gerr, werr)
}

// assertSameJSON checks that got is "prefix" and want, and that both
// encoders failed or neither did.
func assertSameJSON(t *testing.T, source string, line int, got, want []byte, gerr, werr error) {
	t.Helper()
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%s:%d: encoder error %v, json.Marshal error %v", source, line, gerr, werr)
	}
	if werr != nil {
		return
	}
	if !bytes.HasPrefix(got, []byte("prefix")) {
		t.Fatalf("the encoder dropped what b held")
	}
	got = got[len("prefix"):]
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		lo := max(0, i-80)
		t.Fatalf("%s:%d: the encoder differs from json.Marshal at byte %d:\n got  %q\n want %q",
			source, line, i, got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
	}
}

func BenchmarkAppendRunJSON(b *testing.B) {
	data, err := os.ReadFile("../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt")
	if err != nil {
		b.Skip(err)
	}
	d, _ := All(bytes.NewReader(data), "bench")
	r := d.Runs[0]
	out, _ := AppendRunJSON(nil, r)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, _ = AppendRunJSON(out[:0], r)
	}
}

// BenchmarkAppendIntervalsJSON encodes the interim series of the
// one-hour 0.5 log and of the 1800 s 1.0.20 log (the interim-heavy
// input of BenchmarkParseJSONInterimHeavy in cmd/sbreport).
func BenchmarkAppendIntervalsJSON(b *testing.B) {
	var ivs [][]Interval
	for _, p := range []string{
		"../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt",
		"../testdata/public/sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt",
	} {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Skip(err)
		}
		d, _ := All(bytes.NewReader(data), p)
		for _, r := range d.Runs {
			ivs = append(ivs, r.Intervals)
		}
	}
	var out []byte
	n := 0
	for _, iv := range ivs {
		out = AppendIntervalsJSON(out[:0], iv)
		n += len(out)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, iv := range ivs {
			out = AppendIntervalsJSON(out[:0], iv)
		}
	}
}
