package parse

import (
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestLeadingNumStrict(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		rest string
		ok   bool
	}{
		{"12.5ms", 12.5, "ms", true},
		{"60.0003s", 60.0003, "s", true},
		{"9.8451Gb", 9.8451, "Gb", true},
		{"8646.9375/161.19", 8646.9375, "/161.19", true},
		{"  0.35  --注释", 0.35, "  --注释", true},
		{"3482.24 per sec.)", 3482.24, " per sec.)", true},
		{"7.43,", 7.43, ",", true},
		{"-4", -4, "", true},
		{"12abc", 0, "", false},
		{"3,96", 0, "", false},
		{"12,345", 0, "", false},
		{"1e3", 0, "", false},
		{"1e309", 0, "", false},
		{"1E3", 0, "", false},
		{"0x10", 0, "", false},
		{"1_000", 0, "", false},
		{"12ms5", 0, "", false},
		{"1.2.3", 0, "", false},
		{"abc", 0, "", false},
	}
	for _, tt := range tests {
		v, rest, ok := leadingNum(tt.in)
		if ok != tt.ok || ok && (v != tt.want || rest != tt.rest) {
			t.Errorf("leadingNum(%q) = %v, %q, %v; want %v, %q, %v", tt.in, v, rest, ok, tt.want, tt.rest, tt.ok)
		}
	}
}

const log16 = "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log"

// edit returns the real 1.0.20 log with the line matching re replaced by
// repl, and that line's number.
func edit(t *testing.T, re, repl string) (string, int) {
	t.Helper()
	b, err := os.ReadFile(log16)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	rx := regexp.MustCompile(re)
	for i, l := range lines {
		if rx.MatchString(l) {
			if repl == "\x00" {
				lines = append(lines[:i], lines[i+1:]...)
			} else {
				lines[i] = rx.ReplaceAllString(l, repl)
			}
			return strings.Join(lines, "\n"), i + 1
		}
	}
	t.Fatalf("%s: no line matches %s", log16, re)
	return "", 0
}

func oneRun(t *testing.T, text string) (*Run, []Error) {
	t.Helper()
	d, err := All(strings.NewReader(text), "run.log")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	var errs []Error
	for _, e := range d.Errors {
		errs = append(errs, *e)
	}
	return d.Runs[0], errs
}

// A value that is not a number as sysbench prints it is kept absent, with
// an error naming the file, the line and what was expected.
func TestSysbenchNotNumbers(t *testing.T) {
	tests := []struct {
		name, re, repl string
		absent         func(r *Run) bool
		msg            string
	}{
		{"decimal comma in a percentile", `95th percentile: +7\.43`, "95th percentile:    3,96",
			func(r *Run) bool { _, ok := r.Latency.Percentiles["95"]; return !ok },
			`sysbench latency 95 percentile: bad value "3,96" (expected a number of milliseconds)`},
		{"exponent in avg", `avg: +4\.59`, "avg:   1e309",
			func(r *Run) bool { return r.Latency.Avg == nil }, `sysbench latency avg: bad value "1e309" (expected a number of milliseconds)`},
		{"small exponent in max", `max: +21\.55`, "max:   1e3",
			func(r *Run) bool { return r.Latency.Max == nil }, `sysbench latency max: bad value "1e3" (expected a number of milliseconds)`},
		{"trailing garbage in min", `min: +1\.58`, "min:   12abc",
			func(r *Run) bool { return r.Latency.Min == nil }, `sysbench latency min: bad value "12abc" (expected a number of milliseconds)`},
		{"hex events", `total number of events: +104490`, "total number of events:  0x10",
			func(r *Run) bool { return r.Events == nil }, `sysbench total number of events: bad value "0x10" (expected an integer)`},
		{"garbage in the transaction count", `transactions: +104490 `, "transactions:   104490abc ",
			func(r *Run) bool { return r.TPS == nil }, `sysbench statistics transactions: bad value "104490abc (3482.24 per sec.)" (expected an integer count)`},
		{"decimal comma in the rate", `\(3482\.24 per sec\.\)`, "(3482,24 per sec.)",
			func(r *Run) bool { return r.TPS == nil }, `sysbench statistics transactions: bad value "104490 (3482,24 per sec.)" (expected a count and a rate such as 12701  (845.49 per sec.))`},
		{"exponent in the total time", `total time: +30\.0055s`, "total time:   3e1s",
			func(r *Run) bool { return r.TotalTimeS == nil }, `sysbench total time: bad value "3e1s" (expected seconds such as 60.0003s)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, line := edit(t, tt.re, tt.repl)
			r, errs := oneRun(t, text)
			if !tt.absent(r) {
				t.Errorf("value kept")
			}
			want := Error{Source: "run.log", Line: line, Message: tt.msg}
			if len(errs) != 1 || errs[0] != want {
				t.Errorf("errors %+v, want %+v", errs, want)
			}
		})
	}
}

// Values no run prints are refused with a warning on the run.
func TestSysbenchImpossibleValues(t *testing.T) {
	tests := []struct {
		name, re, repl string
		absent         func(r *Run) bool
		warn           string
		complete       bool
	}{
		{"negative tps", `\(3482\.24 per sec\.\)`, "(-3482.24 per sec.)",
			func(r *Run) bool { return r.TPS == nil && r.SQL.Transactions == nil }, `line %d: sysbench transactions: impossible negative value "104490 (-3482.24 per sec.)"`, false},
		{"negative events", `total number of events: +104490`, "total number of events: -104490",
			func(r *Run) bool { return r.Events == nil }, `line %d: sysbench total number of events: impossible negative value "-104490"`, true},
		{"negative fairness", `6530\.6250/775\.34`, "6530.6250/-775.34",
			func(r *Run) bool { return r.Fairness.EventsStddev == nil }, `line %d: sysbench events (avg/stddev): impossible negative value "6530.6250/-775.34"`, false},
		{"zero threads", `Number of threads: 16`, "Number of threads: 0",
			func(r *Run) bool { return r.Threads == nil }, `impossible number of threads 0 (from header); left absent`, true},
		{"zero total time", `total time: +30\.0055s`, "total time: 0.0000s",
			func(r *Run) bool { return r.TotalTimeS == nil }, `impossible total time 0s for a run that printed its report; left absent`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, line := edit(t, tt.re, tt.repl)
			r, _ := oneRun(t, text)
			if !tt.absent(r) {
				t.Errorf("value kept")
			}
			want := strings.Replace(tt.warn, "%d", strconv.Itoa(line), 1)
			found := false
			for _, w := range r.Warnings {
				found = found || strings.HasPrefix(w, want)
			}
			if !found {
				t.Errorf("warnings %q, want one starting %q", r.Warnings, want)
			}
			if r.Complete != tt.complete {
				t.Errorf("complete = %v, want %v", r.Complete, tt.complete)
			}
		})
	}
}

// A run without its headline line is incomplete, with a warning.
func TestSysbenchHeadlineMissing(t *testing.T) {
	for _, repl := range []string{"\x00", "    transactions:    ???"} {
		text, _ := edit(t, `transactions: +104490 `, repl)
		r, _ := oneRun(t, text)
		if r.Complete || r.TPS != nil {
			t.Errorf("%q: complete %v, tps %v", repl, r.Complete, r.TPS)
		}
		want := `run incomplete: its result line "transactions:" is missing or unreadable`
		if len(r.Warnings) == 0 || r.Warnings[len(r.Warnings)-1] != want {
			t.Errorf("%q: warnings %q", repl, r.Warnings)
		}
	}
	// The untouched log is complete, without warnings.
	b, _ := os.ReadFile(log16)
	if r, errs := oneRun(t, string(b)); !r.Complete || len(r.Warnings) != 0 || len(errs) != 0 {
		t.Errorf("real log: complete %v, warnings %q, errors %v", r.Complete, r.Warnings, errs)
	}
}

func TestMysqlslapStrictNumbers(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/mysqlslap/mysqlslap-5.7-tab-indented-single-run.txt")
	if err != nil {
		t.Fatal(err)
	}
	real := string(b)
	tests := []struct{ name, old, new, warn string }{
		{"zero clients", "queries: 6", "queries: 0", "impossible number of mysqlslap clients 0; left absent"},
		{"exponent", "465.992 seconds\n\t\t\tMinimum", "4.6e2 seconds\n\t\t\tMinimum",
			`line 3: mysqlslap: bad value "4.6e2 seconds" after "Average number of seconds to run all queries" (expected a number)`},
		{"decimal comma", "Minimum number of seconds to run all queries: 465.992", "Minimum number of seconds to run all queries: 465,992",
			`line 4: mysqlslap: bad value "465,992 seconds" after "Minimum number of seconds to run all queries" (expected a number)`},
	}
	for _, tt := range tests {
		d, err := All(strings.NewReader(strings.Replace(real, tt.old, tt.new, 1)), "slap.txt")
		if err != nil || len(d.Runs) != 1 {
			t.Fatalf("%s: %v, %d runs", tt.name, err, len(d.Runs))
		}
		found := false
		for _, w := range d.Runs[0].Warnings {
			found = found || w == tt.warn
		}
		if !found {
			t.Errorf("%s: warnings %q, want %q", tt.name, d.Runs[0].Warnings, tt.warn)
		}
	}
}

// TestParseNumFast compares parseNum, which reads most numbers with
// scan.ScanNum, with its strconv path on numbers of every length and shape
// and on random strings of digits, points, signs and other bytes.
func TestParseNumFast(t *testing.T) {
	check := func(s string) {
		t.Helper()
		v, err := parseNum(s)
		wv, werr := parseNumStrconv(s)
		if math.Float64bits(v) != math.Float64bits(wv) || (err == nil) != (werr == nil) {
			t.Fatalf("parseNum(%q) = %v, %v; strconv path %v, %v", s, v, err, wv, werr)
		}
	}
	digits := "98765432109876543210987654321"
	for a := 0; a <= len(digits); a++ {
		for b := -1; b <= 25; b++ {
			s := digits[:a]
			if b >= 0 {
				s += "." + digits[len(digits)-b:]
			}
			for _, p := range []string{"", "-", "+", "0", "00"} {
				check(p + s)
			}
		}
	}
	for _, s := range []string{"", ".", "..", "1..2", "1.2.3", "-", "+.", "NaN", "inf", "1e5", "0x10", "1_000",
		"18446744073709551615", "18446842801212211200.00", "9007199254740993", "0.1", "100.00", "4.9e-324"} {
		check(s)
	}
	rnd := rand.New(rand.NewPCG(13, 14))
	alphabet := "0123456789.-+e "
	for k := 0; k < 300000; k++ {
		b := make([]byte, rnd.IntN(30))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

func FuzzParseNum(f *testing.F) {
	f.Add("4892.45")
	f.Add("-0.5")
	f.Add("18446842801212211200.00")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseNum(s)
		wv, werr := parseNumStrconv(s)
		if math.Float64bits(v) != math.Float64bits(wv) || (err == nil) != (werr == nil) {
			t.Fatalf("parseNum(%q) = %v, %v; strconv path %v, %v", s, v, err, wv, werr)
		}
	})
}
