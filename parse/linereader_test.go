package parse

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// refLines splits text as lineReader does, the plain way: '\n' ends a
// line, a '\r' before it is dropped, and a lone '\r' splits a line into
// pieces with one line number.
func refLines(data []byte) (nos []int, lines []string) {
	if len(data) == 0 {
		return nil, nil
	}
	parts := strings.Split(string(data), "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	for i, p := range parts {
		for _, piece := range strings.Split(strings.TrimSuffix(p, "\r"), "\r") {
			nos = append(nos, i+1)
			lines = append(lines, piece)
		}
	}
	return nos, lines
}

func readAllLines(t *testing.T, r io.Reader) (nos []int, lines []string) {
	t.Helper()
	lr := newLineReader(r)
	for {
		no, s, ok := lr.next()
		if !ok {
			break
		}
		// A line the reader says is plain needs neither CleanText nor a
		// split at '\r'.
		if lr.plain && (!plainASCIIBytes(s) || strings.IndexByte(s, '\r') >= 0) {
			t.Fatalf("line %d %q: marked plain", no, s)
		}
		nos = append(nos, no)
		lines = append(lines, s)
	}
	if lr.err != nil || lr.binary || len(lr.long) > 0 {
		t.Fatalf("err %v, binary %v, long %v", lr.err, lr.binary, lr.long)
	}
	return nos, lines
}

// checkLines compares lineReader with refLines on data, read whole, a byte
// at a time and in halves.
func checkLines(t *testing.T, data []byte) {
	t.Helper()
	wantNo, want := refLines(data)
	for _, r := range []io.Reader{bytes.NewReader(data), iotest.OneByteReader(bytes.NewReader(data)),
		iotest.HalfReader(bytes.NewReader(data))} {
		gotNo, got := readAllLines(t, r)
		if len(got) != len(want) {
			t.Fatalf("%d lines, want %d", len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] || gotNo[i] != wantNo[i] {
				t.Fatalf("line %d: %d %q, want %d %q", i, gotNo[i], got[i], wantNo[i], want[i])
			}
		}
	}
}

// TestLineReaderWindows: lines read through windows are the lines of the
// text, with line endings of every kind, lines longer than a window and
// than the buffer, blank lines, and no final line break.
func TestLineReaderWindows(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"[ 10s ] thds: 4 tps: 1.0", "a", " ", "\t", "\r\n", "\n", "\n", "\r", "é",
		strings.Repeat("x", windowBytes-3), strings.Repeat("y", 70<<10)}
	n := 300
	if testing.Short() {
		n = 60
	}
	for k := 0; k < n; k++ {
		var b strings.Builder
		b.WriteString("sysbench 1.0.20\n")
		for m := rnd.IntN(400); m > 0; m-- {
			p := pieces[rnd.IntN(len(pieces))]
			if len(p) > 1000 && rnd.IntN(20) != 0 {
				continue
			}
			b.WriteString(p)
		}
		checkLines(t, []byte(b.String()))
	}
}

// FuzzLineReader checks the same on any text that is not binary.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a\r\nb\rc\n\nd"))
	f.Add([]byte("sysbench 1.0.20\n" + strings.Repeat("z", windowBytes+5) + "\nq\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.IndexByte(data, '\n') < 0 || looksBinary(data[:bytes.IndexByte(data, '\n')+1]) ||
			bytes.IndexByte(data, 0) >= 0 || len(data) > MaxLineBytes {
			return
		}
		checkLines(t, data)
	})
}

// TestPlainASCII compares the eight-byte test with the byte loop on
// every byte at every position of a line.
func TestPlainASCII(t *testing.T) {
	base := []byte("[ 10s ] thds: 4 tps: 1.0 qps: 2.0 lat (ms,95%): 3.0")
	for pos := 0; pos < 20; pos++ {
		for c := 0; c < 256; c++ {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			for _, s := range []string{string(b), string(b[:pos+1]), string(b[pos:])} {
				if got, want := plainASCII(s), plainASCIIBytes(s); got != want {
					t.Fatalf("plainASCII(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}

// TestPlainText compares the eight-byte window test with the byte loop
// on every byte at every position of a window, the line breaks and tabs
// it allows included.
func TestPlainText(t *testing.T) {
	base := []byte("[ 10s ] thds: 4 tps: 1.0\n\tqps: 2.0\nlat (ms,95%): 3.0\n")
	for pos := 0; pos < len(base); pos++ {
		for c := 0; c < 256; c++ {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			for _, w := range [][]byte{b, b[:pos+1], b[pos:], b[pos/2 : pos+1]} {
				if got, want := plainText(w), plainTextBytes(w); got != want {
					t.Fatalf("plainText(%q) = %v, want %v", w, got, want)
				}
			}
		}
	}
	// Two bad bytes in one word, the borrow of the first reaching the next.
	for _, w := range []string{"\x00\x20abcdefg", " \x1f\x20\x7f    ", "\n\n\n\n\n\n\n\x7f", "abcdefg\x80"} {
		if got, want := plainText([]byte(w)), plainTextBytes([]byte(w)); got != want {
			t.Fatalf("plainText(%q) = %v, want %v", w, got, want)
		}
	}
}

func FuzzPlainText(f *testing.F) {
	f.Add([]byte("plain text\twith a tab\n"))
	f.Add([]byte("caf\xc3\xa9 \x7f\x1b[0m\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := plainText(b), plainTextBytes(b); got != want {
			t.Fatalf("plainText(%q) = %v, want %v", b, got, want)
		}
	})
}

func FuzzPlainASCII(f *testing.F) {
	f.Add("plain text\twith a tab")
	f.Add("caf\xc3\xa9 \x7f\x1b[0m")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := plainASCII(s), plainASCIIBytes(s); got != want {
			t.Fatalf("plainASCII(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzTrimBlank checks trimBlank against strings.Trim.
func FuzzTrimBlank(f *testing.F) {
	f.Add(" \t[ 10s ] thds: 4\f\v ")
	f.Add("\v")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimBlank(s), strings.Trim(s, " \t\f\v"); got != want {
			t.Fatalf("trimBlank(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzAppendFields checks appendFields against strings.Fields.
func FuzzAppendFields(f *testing.F) {
	f.Add("sda               0.00     0.00  813.00  840.00    48.00")
	f.Add(" a\tb\v\fc\r\nd \u00a0e\u0085f\u2003g ")
	f.Fuzz(func(t *testing.T, s string) {
		got := appendFields([]string{"x"}, s)
		want := append([]string{"x"}, strings.Fields(s)...)
		if len(got) != len(want) {
			t.Fatalf("appendFields(%q) = %q, want %q", s, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("appendFields(%q) = %q, want %q", s, got, want)
			}
		}
	})
}

// Inline HTML breaks ("</br>", "<BR />") split a line where a page glued
// results on one (train t21, two mysqlslap averages); a break inside a
// table row's cell does not.
func TestLineReaderSplitsHTMLBreaks(t *testing.T) {
	got := numberedLines(strings.NewReader("a</br>b<BR />c\n| x<br>y | 1 |\n"))
	if strings.Join(got, ",") != "1:a,1:b,1:c,2:| x<br>y | 1 |" {
		t.Errorf("lines %q", got)
	}
}

// numberedLines returns the lines a lineReader gives of r, each after
// its number ("3:text").
func numberedLines(r io.Reader) []string {
	lr := newLineReader(r)
	var got []string
	for {
		no, s, ok := lr.next()
		if !ok {
			return got
		}
		got = append(got, strconv.Itoa(no)+":"+s)
	}
}

// TestLineReaderSplitsLabelledInterim: an interim report behind a label
// on its line is given as the label, then the report with the line's
// comment marker, both at the line's number; a report alone, one behind
// its marker, and a line whose text before "[" is no label stay whole.
func TestLineReaderSplitsLabelledInterim(t *testing.T) {
	in := "# aws rds mysql on gp ssd: [ 9s ] thds: 10 tps: 484.00\n" +
		"[ 1s ] thds: 8 tps: 1.00\n" +
		"# [ 2s ] thds: 8 tps: 2.00\n" +
		"x = 3 [ 3s ] thds: 8 tps: 3.00\n"
	got := numberedLines(strings.NewReader(in))
	want := "1:# aws rds mysql on gp ssd:|1:# [ 9s ] thds: 10 tps: 484.00|2:[ 1s ] thds: 8 tps: 1.00|" +
		"3:# [ 2s ] thds: 8 tps: 2.00|4:x = 3 [ 3s ] thds: 8 tps: 3.00"
	if strings.Join(got, "|") != want {
		t.Errorf("lines %q\nwant %q", strings.Join(got, "|"), want)
	}
}
