package parse

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "rocksdb", "rocksdb"},
		{"bold and reset", "\x1b[1mrocksdb\x1b[0m", "rocksdb"},
		{"colour with parameters", "\x1b[1;31;48;5;196mred\x1b[m text", "red text"},
		{"cursor move and erase", "\x1b[2K\x1b[1Gprogress", "progress"},
		{"window title (OSC, BEL)", "\x1b]0;user@host\x07$ ls", "$ ls"},
		{"hyperlink (OSC, ST)", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"charset designation", "\x1b(Bplain", "plain"},
		{"C1 CSI", "\u009b1mbold", "bold"},
		{"controls", "a\x00b\x07c\x08d\x7fe\u0085f", "abcdef"},
		{"tab kept", "a\tb", "a\tb"},
		{"escape at end", "text\x1b", "text"},
		{"invalid UTF-8", "caf\xe9", "caf\uFFFD"},
		{"non-ASCII kept", "注释 µs ×", "注释 µs ×"},
	}
	for _, tt := range tests {
		if got := CleanText(tt.in); got != tt.want {
			t.Errorf("%s: CleanText(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"\x1b[1mrocksdb\x1b[0m", "\x1b]0;t\x07x", "a\x00b", "caf\xe9", "\u009b1m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := CleanText(s)
		if !utf8.ValidString(got) {
			t.Fatalf("CleanText(%q) = %q: invalid UTF-8", s, got)
		}
		for _, r := range got {
			if r < 0x20 && r != '\t' || r >= 0x7f && r <= 0x9f {
				t.Fatalf("CleanText(%q) = %q keeps control %U", s, got, r)
			}
		}
		if again := CleanText(got); again != got {
			t.Fatalf("CleanText not idempotent: %q → %q → %q", s, got, again)
		}
	})
}

// A transcript with terminal colours reads as the same runs, labels and
// test as without them: "\e[1mrocksdb\e[0m" is rocksdb.
func TestColouredTranscript(t *testing.T) {
	plain := "$ sysbench oltp_read_write --threads=16 --mysql-storage-engine=rocksdb run\n" +
		readFile(t, "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log")
	coloured := "\x1b]0;bench@host\x07\x1b[32m$\x1b[0m sysbench oltp_read_write --threads=16 --mysql-storage-engine=\x1b[1mrocksdb\x1b[0m run\n" +
		strings.ReplaceAll(strings.ReplaceAll(plain[strings.IndexByte(plain, '\n')+1:], "tps:", "\x1b[1mtps\x1b[0m:"), "SQL statistics:", "\x1b[1;4mSQL statistics:\x1b[0m")
	want, err := All(strings.NewReader(plain), "x")
	if err != nil {
		t.Fatal(err)
	}
	got, err := All(strings.NewReader(coloured), "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 1 || len(want.Runs) != 1 {
		t.Fatalf("runs: %d coloured, %d plain", len(got.Runs), len(want.Runs))
	}
	g, w := got.Runs[0], want.Runs[0]
	if g.Labels["engine"] != "rocksdb" || g.Test != w.Test || *g.TPS != *w.TPS || len(g.Intervals) != len(w.Intervals) {
		t.Errorf("coloured run: engine %q test %q tps %v intervals %d; plain: test %q tps %v intervals %d",
			g.Labels["engine"], g.Test, *g.TPS, len(g.Intervals), w.Test, *w.TPS, len(w.Intervals))
	}
	if strings.ContainsRune(g.Command, 0x1b) {
		t.Errorf("command keeps escapes: %q", g.Command)
	}
}

func TestSetLabelCleans(t *testing.T) {
	var r Run
	r.SetLabel("sys\x1b[0mtem", "a\nb\x1b[31m")
	if got := r.Labels["system"]; got != "ab" {
		t.Errorf("labels %q", r.Labels)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDropDoubleStars: as strings.ReplaceAll(s, "**", "").
func TestDropDoubleStars(t *testing.T) {
	for _, s := range []string{"", "*", "**", "***", "****", "a**b", "**bold** text", "x*y", "*a**", "     0.470 |*****                                    145",
		"     1.010 |****************************************  3040", "**\u00e9**", "a***b****c*"} {
		if got, want := dropDoubleStars(s), strings.ReplaceAll(s, "**", ""); got != want {
			t.Errorf("dropDoubleStars(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestHistogramBar: the rows of a latency histogram sysbench 1.0.20
// printed (the demo campaign) are bars, read with their stars; the same
// row set in bold by a page, a bold word and a table cell are not.
func TestHistogramBar(t *testing.T) {
	text, err := os.ReadFile("../examples/demo-campaign/innodb/oltp_read_write/8thr-r1.txt")
	if err != nil {
		t.Fatal(err)
	}
	bars := 0
	for _, line := range strings.Split(string(text), "\n") {
		if strings.Contains(line, "|*") {
			if !histogramBar(line) {
				t.Errorf("%q: not a histogram bar", line)
			}
			bars++
		}
	}
	if bars < 20 {
		t.Fatalf("%d rows with a bar in the demo output", bars)
	}
	for _, s := range []string{"**3.425 |** 12**", "  3.425 |** 12 **note**", "**Threads:** 8", "| **tps** | 12 |", "x 3.425 |** 12"} {
		if histogramBar(s) {
			t.Errorf("%q: read as a histogram bar", s)
		}
	}
}

// BenchmarkCampaignFile reads one output of the demo campaign (sysbench
// 1.0.20, 10 interim lines and a histogram, 11 KB): a campaign directory
// is thousands of files like it.
func BenchmarkCampaignFile(b *testing.B) {
	text, err := os.ReadFile("../examples/demo-campaign/innodb/oltp_read_write/8thr-r1.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := Stream(strings.NewReader(string(text)), "in.txt", func(Item) { n++ }); err != nil || n == 0 {
			b.Fatalf("%d items, %v", n, err)
		}
	}
}
