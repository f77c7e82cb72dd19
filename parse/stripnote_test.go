package parse

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stripNoteBytewise is stripNote as it was before it looked for the
// notes' first bytes with IndexByte: every byte tested in turn.
func stripNoteBytewise(s string) string {
	for i := 1; i+2 < len(s); i++ {
		c := s[i]
		if c != '#' && c != '/' && c != '-' {
			continue
		}
		glued := s[i-1] != ' ' && s[i-1] != '\t'
		if glued && c == '-' {
			continue
		}
		j := i + 1
		if c != '#' {
			if s[j] != c {
				continue
			}
			j++
		}
		if j < len(s) && s[j] != ' ' && s[j] < 0x80 && (c != '#' || !isASCIILetter(s[j])) {
			continue
		}
		if glued && (j >= len(s) || s[j] < 0x80) {
			continue
		}
		head := strings.TrimRight(s[:i], " \t")
		if head == "" || !valueEnd(head) && (glued || !titleEnd(head)) {
			continue
		}
		return head
	}
	return s
}

// TestStripNoteSameAsBytewise: stripNote gives what the byte-by-byte
// loop gave for every line of testdata and of the public fixtures, and
// for lines made of the bytes that matter to it.
func TestStripNoteSameAsBytewise(t *testing.T) {
	lines, stripped := 0, 0
	for _, root := range []string{"../testdata", "../../shared/fixtures/public", "../examples"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".gz") {
				return nil
			}
			f, err := os.Open(p)
			if err != nil {
				return nil
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				s := sc.Text()
				lines++
				want := stripNoteBytewise(s)
				if got := stripNote(s); got != want {
					t.Errorf("%s: stripNote(%q) = %q, want %q", p, s, got, want)
				}
				if len(want) != len(s) {
					stripped++
				}
			}
			return nil
		})
	}
	if lines < 10000 || stripped == 0 {
		t.Errorf("%d lines read, %d with a note: the inputs were not found", lines, stripped)
	}
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{"#", "/", "-", "//", "--", " ", "\t", "1", "9.5", "%", ")", "s", "ms", "a", "TPS", "总", ":", "Latency (ms):", "x"}
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		for k := r.IntN(8); k >= 0; k-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := stripNote(s), stripNoteBytewise(s); got != want {
			t.Fatalf("stripNote(%q) = %q, want %q", s, got, want)
		}
	}
}
