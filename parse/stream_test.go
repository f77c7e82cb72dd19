package parse

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ raw, text, prompt string }{
		{"\t\tAverage number of seconds to run all queries: 0.522 seconds", "Average number of seconds to run all queries: 0.522 seconds", ""},
		{"-- [ 2s ] thds: 32 tps: 105193.50", "[ 2s ] thds: 32 tps: 105193.50", ""},
		{"[root@node1 ~]# sysbench cpu run", "sysbench cpu run", "[root@node1 ~]#"},
		{"root@host:/data# lscpu", "lscpu", "root@host:/data#"},
		{"OHOS:/$ free -m", "free -m", "OHOS:/$"},
		{"mysql> show variables like 'version%';", "show variables like 'version%';", "mysql>"},
		{"MariaDB [sbtest]> SHOW TABLE STATUS\\G", "SHOW TABLE STATUS\\G", "MariaDB [sbtest]>"},
		{"$ sysbench --version", "sysbench --version", "$"},
		{"架构：                           x86_64", "架构:                           x86_64", ""},
		{"**General statistics:**", "General statistics:", ""},
		{"[  10s] threads: 16, tps: 4892.45", "[  10s] threads: 16, tps: 4892.45", ""},
		{"> total time:  10.0s", "total time:  10.0s", ""},
		// A quote marker glued to its text (train4 t71): the text.
		{">transactions:                        142725 (1188.39 per sec.)", "transactions:                        142725 (1188.39 per sec.)", ""},
		{">SQL statistics:", "SQL statistics:", ""},
		// Not a quote: a nested quote or redirection, a comparison.
		{">> sysbench.log", ">> sysbench.log", ""},
		{">= 5.7", ">= 5.7", ""},
	}
	for _, tt := range tests {
		l := Line{Raw: tt.raw}
		normalize(&l)
		if l.Text != tt.text || l.Prompt != tt.prompt {
			t.Errorf("normalize(%q) = %q, %q; want %q, %q", tt.raw, l.Text, l.Prompt, tt.text, tt.prompt)
		}
	}
}

func TestLineReader(t *testing.T) {
	in := "a\r\nb\rc\n" + strings.Repeat("x", MaxLineBytes+10) + "\nd"
	lr := newLineReader(strings.NewReader(in))
	type nl struct {
		no int
		s  string
	}
	var got []nl
	for {
		no, s, ok := lr.next()
		if !ok {
			break
		}
		got = append(got, nl{no, s})
	}
	want := []nl{{1, "a"}, {2, "b"}, {2, "c"}, {4, "d"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines = %v, want %v", got, want)
	}
	if !reflect.DeepEqual(lr.long, []int{3}) {
		t.Errorf("long lines = %v, want [3]", lr.long)
	}
}

func TestStreamBadInput(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Error
	}{
		{"prose", "hello\nworld\n", []Error{{Source: "in", Line: 0, Message: "no benchmark output or capture found in 2 lines (expected sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output)"}}},
		{"binary", "\x00\x01\x02garbage", []Error{{Source: "in", Line: 1, Message: "binary data, not text (expected sysbench, mysqlslap, lscpu, lsblk, free or mysql client output)"}}},
		{"empty", "", []Error{{Source: "in", Line: 0, Message: "no benchmark output or capture found: the input is empty (0 bytes)"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := All(strings.NewReader(tt.in), "in")
			if err != nil {
				t.Fatal(err)
			}
			var got []Error
			for _, e := range d.Errors {
				got = append(got, *e)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestUname(t *testing.T) {
	d := parseFile(t, "../testdata/real/uname-a.txt")
	if len(d.Hosts) != 1 || d.Hosts[0].Kernel != "Linux 6.18.44-fc-v857" || d.Hosts[0].Architecture != "x86_64" || d.Hosts[0].Line != 2 {
		t.Errorf("hosts = %+v", d.Hosts)
	}
	d, _ = All(strings.NewReader("Linux is a kernel 6 times over\n"), "prose")
	if len(d.Hosts) != 0 {
		t.Errorf("prose read as uname: %+v", d.Hosts)
	}
}

func TestStreamHugeLine(t *testing.T) {
	run, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log")
	if err != nil {
		t.Fatal(err)
	}
	in := "garbage start\n" + strings.Repeat("x", 10<<20) + "\n" + string(run)
	d, err := All(strings.NewReader(in), "big.log")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || d.Runs[0].TPS == nil || *d.Runs[0].TPS != 2905.92 || d.Runs[0].Line != 3 {
		t.Fatalf("runs = %+v", d.Runs)
	}
	want := []Error{{Source: "big.log", Line: 2, Message: "line longer than 1048576 bytes skipped (expected text lines)"}}
	var got []Error
	for _, e := range d.Errors {
		got = append(got, *e)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors = %+v, want %+v", got, want)
	}
}

// TestErrorsBounded: an input of nothing but bad lines reports at most
// MaxErrors problems, the last saying that more were left unlisted.
func TestErrorsBounded(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 3*MaxErrors; i++ {
		b.WriteString("[ 1s ] thds: x tps: y\n")
	}
	d, err := All(strings.NewReader(b.String()), "bad.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Errors) != MaxErrors || !strings.Contains(d.Errors[MaxErrors-1].Message, "the rest are not listed") {
		t.Errorf("%d errors, last %v", len(d.Errors), d.Errors[len(d.Errors)-1])
	}
}

// TestReadErrorOnce checks the error of an input whose reader fails: it
// names the input once, says how far it was read, and wraps the reader's
// error; what was read before is still emitted.
func TestReadErrorOnce(t *testing.T) {
	in := "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 2\n"
	r := io.MultiReader(strings.NewReader(in), iotest.ErrReader(io.ErrUnexpectedEOF))
	d := &Document{}
	err := Stream(r, "b.txt.gz", d.Add)
	const want = "b.txt.gz: read error after line 4: unexpected EOF"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("errors.Is(%v, io.ErrUnexpectedEOF) = false", err)
	}
	if len(d.Runs) != 1 || d.Runs[0].Threads == nil || *d.Runs[0].Threads != 2 {
		t.Errorf("%d runs; want the header read before the error", len(d.Runs))
	}
}

// TestErrNothingFound checks the sentinel of an input holding nothing,
// also on an Error read back from JSON, and not on other errors.
func TestErrNothingFound(t *testing.T) {
	d, err := All(strings.NewReader("hello\nworld\n"), "in")
	if err != nil || len(d.Errors) != 1 {
		t.Fatalf("%v, errors %v", err, d.Errors)
	}
	b, err := json.Marshal(d.Errors[0])
	if err != nil {
		t.Fatal(err)
	}
	var back Error
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	other := &Error{Source: "in", Line: 3, Message: "sysbench latency min: bad value \"x\" (expected a number of milliseconds)"}
	if !errors.Is(d.Errors[0], ErrNothingFound) || !errors.Is(&back, ErrNothingFound) || errors.Is(other, ErrNothingFound) {
		t.Errorf("errors.Is(…, ErrNothingFound): %v, read back %v, other %v; want true, true, false",
			errors.Is(d.Errors[0], ErrNothingFound), errors.Is(&back, ErrNothingFound), errors.Is(other, ErrNothingFound))
	}
}

// TestProblemLines: the files of one directory in which nothing was found
// are printed as one line naming them; a lone one, and every other
// problem, as it is, in order.
func TestProblemLines(t *testing.T) {
	const expect = "expected sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output"
	nothing := func(src string, n int) *Error {
		return &Error{Source: src, Message: NothingFound + " in " + strconv.Itoa(n) + " lines (" + expect + ")"}
	}
	var errs []*Error
	errs = append(errs, nothing("arch/DESC", 7), &Error{Source: "arch/res01/a.res", Line: 3, Message: "bad value"},
		nothing("arch/my.cnf.01", 46), nothing("arch/res01/notes", 1))
	for i := 2; i <= 14; i++ {
		errs = append(errs, nothing("arch/server."+strconv.Itoa(i), 1))
	}
	got := ProblemLines(errs)
	want := []string{
		"arch: " + NothingFound + " in 15 files (DESC, my.cnf.01, server.2, server.3, server.4, server.5, server.6, server.7, server.8, server.9, server.10, server.11 and 3 more; " + expect + ")",
		"arch/res01/a.res:3: bad value",
		"arch/res01/notes: " + NothingFound + " in 1 lines (" + expect + ")",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines\n%q\nwant\n%q", got, want)
	}
	if got := ProblemLines(errs[:2]); len(got) != 2 || got[0] != errs[0].Error() {
		t.Errorf("a lone file: %q", got)
	}
}
