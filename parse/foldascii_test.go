package parse

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestContainsFoldASCII: containsFoldASCII finds what strings.Contains
// finds in the text lowered, on ASCII texts made of letters of both cases
// and the bytes next to them ('@', '[', '`', '{').
func TestContainsFoldASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "sSyYbBeEnNcChH@[`{ 1-"
	words := []string{"sysbench", "s", "yb", "run", "@", "`x", "{", "1-", ""}
	found := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for k := r.IntN(24); k > 0; k-- {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		for _, w := range words {
			want := strings.Contains(strings.ToLower(s), w)
			if got := containsFoldASCII(s, w); got != want {
				t.Fatalf("containsFoldASCII(%q, %q) = %v, want %v", s, w, got, want)
			}
			if want && w != "" {
				found++
			}
		}
	}
	if found == 0 {
		t.Error("no word found in any text")
	}
	for _, c := range []struct {
		s, w string
		want bool
	}{{"Sysbench 1.0.20", "sysbench", true}, {"SYSBENCH", "sysbench", true}, {"sysbenc", "sysbench", false}, {"x@y", "`", false}} {
		if got := containsFoldASCII(c.s, c.w); got != c.want {
			t.Errorf("containsFoldASCII(%q, %q) = %v", c.s, c.w, got)
		}
	}
}
