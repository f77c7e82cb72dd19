package mysqlcli

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCutRowFastPath checks cutRow against the rune walk on rows cut
// from random borders: aligned, shifted, with tabs, wide characters and
// stray '|' in cells, short and long.
func TestCutRowFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "id", " ", "\t", "|", "中文", "é", "NULL", "12.5", "-", "+"}
	for n := 0; n < 20000; n++ {
		var cuts []int
		p := 0
		for c := 0; c < 2+rng.IntN(6); c++ {
			cuts = append(cuts, p)
			p += 1 + rng.IntN(8)
		}
		var b strings.Builder
		for i := 0; i <= cuts[len(cuts)-1]+rng.IntN(4)-2; i++ {
			if slices.Contains(cuts, i) && rng.IntN(10) > 0 {
				b.WriteByte('|')
			} else {
				b.WriteString(pieces[rng.IntN(len(pieces))][:1])
				if rng.IntN(20) == 0 {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
			}
		}
		row := b.String()
		got, gotOK := cutRow(row, cuts)
		want, wantOK := cutRowByRunes(row, cuts, nil)
		if gotOK != wantOK || !slices.Equal(got, want) {
			t.Fatalf("cutRow(%q, %v) = %q, %v; the rune walk gives %q, %v", row, cuts, got, gotOK, want, wantOK)
		}
	}
}
