package render

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

func TestInline(t *testing.T) {
	tests := []struct{ in, want string }{
		{"oltp_read_write", "oltp_read_write"},
		{"rocksdb (zstd)", "rocksdb (zstd)"},
		{"a\n# owned", "a # owned"},
		{"<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"},
		{"<!-- x -->", "&lt;!-- x -->"},
		{"<javascript:alert(1)>", "&lt;javascript:alert(1)>"},
		{"[x](javascript:alert(1))", `[x\](javascript:alert(1))`},
		{"![img](http://x/t.png)", `![img\](http://x/t.png)`},
		{"[a][ref]", `[a\][ref]`},
		{"1.42× aria [1.13, 1.78], p<0.001", "1.42× aria [1.13, 1.78], p<0.001"},
		{"a|b", `a\|b`},
		{"`code` *em*", "\\`code\\` \\*em\\*"},
		{`C:\logs`, `C:\\logs`},
		{"\x1b[1mrocksdb\x1b[0m", "rocksdb"},
		{"10% (> 5%)", "10% (> 5%)"},
	}
	for _, tt := range tests {
		if got := inline(tt.in); got != tt.want {
			t.Errorf("inline(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := cell(" \n "); got != dash {
		t.Errorf("cell of blanks = %q", got)
	}
}

func TestCode(t *testing.T) {
	tests := []struct{ in, want, cell string }{
		{"sysbench run", "`sysbench run`", "`sysbench run`"},
		{"a`b", "``a`b``", "``a`b``"},
		{"`x`", "`` `x` ``", "`` `x` ``"},
		{"a\nb|c", "`a b|c`", "`a b\\|c`"},
		{"a```b", "````a```b````", "````a```b````"},
	}
	for _, tt := range tests {
		if got := code(tt.in); got != tt.want {
			t.Errorf("code(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := codeCell(tt.in); got != tt.cell {
			t.Errorf("codeCell(%q) = %q, want %q", tt.in, got, tt.cell)
		}
	}
}

func TestCSVText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"oltp_read_write", "oltp_read_write"},
		{`=HYPERLINK("http://x","click")`, `'=HYPERLINK("http://x","click")`},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"-", "'-"},
		{"-12", "-12"},
		{"-3.5", "-3.5"},
		{"+4", "+4"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := csvText(tt.in); got != tt.want {
			t.Errorf("csvText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestChartBases(t *testing.T) {
	long := strings.Repeat("w", 240)
	got := chartBases([]string{"a:b", "a-b", "oltp_insert", "A-B", long, "x y"})
	if got["oltp_insert"] != "oltp_insert" || got["x y"] != "x-y" {
		t.Errorf("plain names changed: %v", got)
	}
	seen := map[string]string{}
	for n, b := range got {
		if o, dup := seen[strings.ToLower(b)]; dup {
			t.Errorf("%q and %q share the chart name %q", n, o, b)
		}
		seen[strings.ToLower(b)] = n
		if len(b) > maxChartBase {
			t.Errorf("%q: base %q longer than %d", n, b, maxChartBase)
		}
	}
	if b := got["a:b"]; !strings.HasPrefix(b, "a-b-") || len(b) != len("a-b-")+8 {
		t.Errorf("a:b → %q, want a-b- and 8 hex digits", b)
	}
	if again := chartBases([]string{"a-b", "a:b"}); again["a:b"] != got["a:b"] {
		t.Errorf("chart name depends on order: %q, %q", again["a:b"], got["a:b"])
	}
}

// FuzzMarkdownEscape: whatever a label holds, the Markdown around it keeps
// its structure: one line, no HTML tag, no link, no code span, no table
// cell boundary, no control character.
func FuzzMarkdownEscape(f *testing.F) {
	for _, s := range []string{"oltp_read_write", "a\n# h", "<script>", "[x](javascript:y)", "a|b", "`", "\x1b[1mx", `\`, "<!--"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{inline(s), cell(s)} {
			if strings.ContainsAny(out, "\n\r") {
				t.Fatalf("%q → %q keeps a line break", s, out)
			}
			for _, r := range out {
				if r < 0x20 && r != '\t' || r >= 0x7f && r <= 0x9f {
					t.Fatalf("%q → %q keeps control %U", s, out, r)
				}
			}
			// No tag can open; every ` * | and every ] before ( or [ is
			// escaped by an odd run of backslashes.
			for i := 0; i+1 < len(out); i++ {
				if c := out[i+1]; out[i] == '<' && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("/!?", c) >= 0) {
					t.Fatalf("%q → %q opens a tag at %d", s, out, i)
				}
			}
			for i := 0; i < len(out); i++ {
				link := out[i] == ']' && i+1 < len(out) && (out[i+1] == '(' || out[i+1] == '[')
				if !strings.ContainsRune("`*|", rune(out[i])) && !link {
					continue
				}
				n := 0
				for j := i - 1; j >= 0 && out[j] == '\\'; j-- {
					n++
				}
				if n%2 == 0 {
					t.Fatalf("%q → %q: %q at %d not escaped", s, out, out[i], i)
				}
			}
		}
		c := codeCell(s)
		if strings.ContainsAny(c, "\n\r") {
			t.Fatalf("codeCell(%q) = %q spans lines", s, c)
		}
		for i := 0; i < len(c); i++ {
			if c[i] == '|' && (i == 0 || c[i-1] != '\\') {
				t.Fatalf("codeCell(%q) = %q: unescaped pipe", s, c)
			}
		}
	})
}

// FuzzCSVText: a cell written by CSV reads back as the text, with a
// leading "'" only when the text could be taken for a formula; no cell
// starts with a formula character unless it is a plain number.
func FuzzCSVText(f *testing.F) {
	for _, s := range []string{"=1+1", "-12", "@x", "\t=x", "plain", `"=x"`, "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		w.Write([]string{csvText(s)})
		w.Flush()
		rec, err := csv.NewReader(&buf).Read()
		if err != nil {
			return // the csv package's own limits (a lone \r), not ours
		}
		got := rec[0]
		if got != "" && strings.ContainsRune("=+-@\t\r", rune(got[0])) && !plainNumber(got) {
			t.Fatalf("%q written as %q: a formula", s, got)
		}
		if got != s && "'"+s != got && strings.TrimPrefix(got, "'") != strings.ReplaceAll(s, "\r\n", "\n") {
			t.Fatalf("%q read back as %q", s, got)
		}
	})
}
