package parse

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testWordRE is what testWord finds without a regular expression: the
// built-in tests whose names a prose line may give.
var testWordRE = regexp.MustCompile(`(?i)\b(cpu|mutex)\b`)

// testWordByRE is testWord by testWordRE, as the reader did it before:
// the word all matches name, lower-cased, or "" when they name two.
func testWordByRE(s string) string {
	m := testWordRE.FindAllString(s, -1)
	if len(m) == 0 {
		return ""
	}
	w := strings.ToLower(m[0])
	for _, o := range m[1:] {
		if strings.ToLower(o) != w {
			return ""
		}
	}
	return w
}

// TestRegexpPrefilters checks the cheap tests that let lines skip
// promptRE and headThreadsRE, and testWord, which replaces testWordRE: on
// every line of the fixtures, and on the prompt forms promptRE
// documents, a line either regular expression matches passes its
// prefilter, and testWord finds what testWordRE finds.
func TestRegexpPrefilters(t *testing.T) {
	lines := []string{
		"user@host ~ $ sysbench cpu run", "host:~ user$ sysbench cpu run", "-bash-4.2$ sysbench cpu run",
		"~/bench $ sysbench cpu run", "bench $ ls", "➜  bench git:(main) ✗ sysbench cpu run",
		"user@host \ue0b0 ~ \ue0b0 sysbench cpu run", "user@host ~/bench  sysbench cpu run",
		"### CPU test", "Mutex benchmarking", "cpu", "MUTEX", "cPu-bound", "%Cpu0  : 16.3 us", "cpu and mutex",
		"cpu, CPU and Cpu", "mutexes", "_cpu", "cpu_", "é cpu é", "mcpu", "cpumutex", "mutex.cpu", "mute",
		"### 2. Test with 16 threads", "16 THDS", "8 个线程", "32 clients", "64 connections", "4 thdſ", "4 ThreadS",
	}
	eachFixture(t, func(_ string, data []byte) error {
		for _, l := range strings.Split(string(data), "\n") {
			lines = append(lines, strings.TrimSpace(l))
		}
		return nil
	})
	prompts, words, heads := 0, 0, 0
	for _, l := range lines {
		if got, want := testWord(l), testWordByRE(l); got != want {
			t.Errorf("testWord(%q) = %q, want %q", l, got, want)
		}
		if headThreadsRE.MatchString(l) {
			heads++
			if !mayNameThreads(l) {
				t.Errorf("headThreadsRE matches %q, which its prefilter passes over", l)
			}
		}
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 {
			prompts++
			if !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
				t.Errorf("promptRE matches %q, which its prefilter passes over", l)
			}
		}
		if testWordRE.MatchString(l) {
			words++
		}
	}
	if prompts < 8 || words < 5 || heads < 10 {
		t.Errorf("only %d prompt lines, %d test-word lines and %d thread-heading lines checked", prompts, words, heads)
	}
}

// FuzzRegexpPrefilters checks the same on any line.
func FuzzRegexpPrefilters(f *testing.F) {
	f.Add("user@host ~ $ sysbench cpu run")
	f.Add("➜  bench git:(main) ✗ sysbench")
	f.Add("### CPU test")
	f.Add("cpu, Mutex and CPU")
	f.Add("4 thdſ")
	f.Fuzz(func(t *testing.T, l string) {
		if m := promptRE.FindStringIndex(l); m != nil && m[0] == 0 && !strings.ContainsAny(l, "@$#") && !strings.HasPrefix(l, "➜") {
			t.Errorf("promptRE matches %q, which its prefilter passes over", l)
		}
		if got, want := testWord(l), testWordByRE(l); got != want {
			t.Errorf("testWord(%q) = %q, want %q", l, got, want)
		}
		if headThreadsRE.MatchString(l) && !mayNameThreads(l) {
			t.Errorf("headThreadsRE matches %q, which its prefilter passes over", l)
		}
	})
}

// secretNameByFields is secretName as it was written first: lower-case
// the name, split it with strings.FieldsFunc.
func secretNameByFields(name string) bool {
	for _, part := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		if part == "pass" || part == "secret" || strings.HasSuffix(part, "password") || strings.HasSuffix(part, "passwd") ||
			strings.HasSuffix(part, "pwd") {
			return true
		}
	}
	return false
}

// randomText joins 1 to max+1 pieces chosen at random.
func randomText(rng *rand.Rand, pieces []string, max int) string {
	var b strings.Builder
	for k := rng.IntN(max); k >= 0; k-- {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// TestASCIIFolding checks the password tests that fold ASCII case
// against strings.ToLower, on text built from the words they look for,
// separators, upper case and non-ASCII letters that lower-case unusually
// (Kelvin sign, long s, dotted I, invalid UTF-8): secretName against
// splitting with strings.FieldsFunc, mayHoldPassword against
// strings.Contains.
func TestASCIIFolding(t *testing.T) {
	byLower := func(s string) bool {
		l := strings.ToLower(s)
		return strings.Contains(l, "pass") || strings.Contains(l, "pwd") || strings.Contains(l, "secret") ||
			strings.Contains(s, "-p") || strings.Contains(s, "@")
	}
	for _, tc := range []struct {
		name      string
		got, want func(string) bool
		pieces    []string
		max       int
	}{
		{"secretName", secretName, secretNameByFields, []string{"mysql", "PASSWORD", "pass", "Pass", "passwd", "pwd", "PWD",
			"secret", "SECRET", "-", "_", ".", "--", "db", "user", "x", "\u212a", "\u017f", "\u0130", "\xff", "word", "passw",
			"ord", "ecret", "s"}, 6},
		{"mayHoldPassword", mayHoldPassword, byLower, []string{"PA", "pa", "SS", "ss", "P", "WD", "wd", "SEC", "sec", "RET",
			"ret", "-", "p", "@", " ", "x", "\u212a", "\u017f", "\u0130", "\xff", "--mysql-", "=", "user"}, 8},
	} {
		rng := rand.New(rand.NewPCG(3, 4))
		for n := 0; n < 50000; n++ {
			s := randomText(rng, tc.pieces, tc.max)
			if got, want := tc.got(s), tc.want(s); got != want {
				t.Fatalf("%s(%q) = %v, by strings.ToLower %v", tc.name, s, got, want)
			}
		}
	}
}

// TestContainsBy checks containsBy against strings.Contains on random
// strings over a small alphabet, for every choice of the byte it looks
// for.
func TestContainsBy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "sysbench.lua-]> *"
	for n := 0; n < 20000; n++ {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		sub := alphabet[rng.IntN(8):]
		sub = sub[:1+rng.IntN(min(len(sub), 4))]
		for k := range len(sub) {
			if got, want := containsBy(s, sub, k), strings.Contains(s, sub); got != want {
				t.Fatalf("containsBy(%q, %q, %d) = %v, strings.Contains %v", s, sub, k, got, want)
			}
		}
	}
}

// TestWindowLacks reads lines whose window holds, or lacks, what the
// per-line tests look for: markup that normalisation removes may join
// the pieces of a command ("sys**bench" is "sysbench" once read), and a
// window without any tool name gives no command.
func TestWindowLacks(t *testing.T) {
	// The first line of an input is read alone (it is checked for binary
	// data), the others from windows.
	in := "first\nsys**bench --threads=2 cpu run\n" + strings.Repeat("[ 1s ] thds: 2 eps: 6137.72 lat (ms,99%): 4.25\n", 3)
	lr := newLineReader(strings.NewReader(in))
	lr.next()
	no, raw, _ := lr.next()
	l := Line{No: no, Raw: raw, win: lr.w}
	normalizeKnown(&l, lr.plain)
	if l.win != nil {
		t.Fatalf("a line normalisation changed keeps its window: Text %q is not a piece of it", l.Text)
	}
	if cmd := commandInLine(l.Text, &l); cmd == nil || cmd.Test != "cpu" {
		t.Fatalf("commandInLine(%q) = %+v, want the cpu command", l.Text, cmd)
	}
	lr = newLineReader(strings.NewReader(strings.Repeat("sda               2.98        37.29        71.36  293582575  561770532\n", 3)))
	lr.next()
	no, raw, _ = lr.next()
	l = Line{No: no, Raw: raw, win: lr.w}
	normalizeKnown(&l, lr.plain)
	if l.win == nil || !l.win.lacks(needleTool) || !l.win.lacks(needleAt) || !l.win.lacks(needleEq) || !l.win.lacks(needleShell) {
		t.Fatalf("a window of iostat rows: lacks tool %v, @ %v, = %v, prompts %v; want all true",
			l.win.lacks(needleTool), l.win.lacks(needleAt), l.win.lacks(needleEq), l.win.lacks(needleShell))
	}
	lr = newLineReader(strings.NewReader("first\na\nb = 1 mysqlslap\n"))
	lr.next()
	no, raw, _ = lr.next()
	l = Line{No: no, Raw: raw, win: lr.w}
	if l.win == nil || l.win.lacks(needleTool) || l.win.lacks(needleEq) {
		t.Fatalf("line 1 of a window whose line 2 names mysqlslap and '=': lacks tool %v, = %v; want false", l.win.lacks(needleTool), l.win.lacks(needleEq))
	}
}

// TestAppendFieldsWords checks appendFields, which skips spaces and
// reads fields eight bytes at a time, against strings.Fields on rows
// with long runs of spaces, long fields, tabs, control characters and
// bytes beyond ASCII at every offset.
func TestAppendFieldsWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	pieces := []string{" ", "        ", "\t", "sda", "1534.00", "49088.00", "nvme0n1p1", "\x01", "\x7f", "é", "\u00a0",
		"\u0085", "!", "~", "kB_read/s", "\n", "\r"}
	for n := 0; n < 50000; n++ {
		s := randomText(rng, pieces, 12)
		if got, want := appendFields(nil, s), strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("appendFields(%q) = %q, strings.Fields %q", s, got, want)
		}
	}
}
