package parse

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sysbenchSeeds returns the sysbench fixtures, public and real.
func sysbenchSeeds(tb testing.TB) [][]byte {
	var seeds [][]byte
	for _, g := range []string{"../testdata/public/sysbench-*/*", "../testdata/public/nondb/*", "../testdata/real/sysbench-*"} {
		files, _ := filepath.Glob(g)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				seeds = append(seeds, b)
			}
		}
	}
	return seeds
}

// FuzzSysbench feeds arbitrary text to the sysbench parser. It must not
// panic; every run must marshal (no NaN or infinity in a pointer field),
// have finite interval values and timestamps, keep its intervals in
// printed order, and end at or after the line it starts on.
func FuzzSysbench(f *testing.F) {
	for _, s := range sysbenchSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &ctx{name: "fuzz", emit: func(it Item) {
			r, ok := it.(*Run)
			if !ok {
				return
			}
			if _, err := json.Marshal(r); err != nil {
				t.Fatalf("run does not marshal: %v", err)
			}
			if r.EndLine < r.Line {
				t.Fatalf("run lines %d-%d", r.Line, r.EndLine)
			}
			for i, iv := range r.Intervals {
				if math.IsInf(iv.T, 0) || math.IsNaN(iv.T) {
					t.Fatalf("interval %d: timestamp %v", i, iv.T)
				}
				if i > 0 && iv.Line < r.Intervals[i-1].Line {
					t.Fatalf("interval %d: line %d before line %d", i, iv.Line, r.Intervals[i-1].Line)
				}
			}
			for _, b := range r.Histogram {
				if math.IsInf(b.ValueMs, 0) || math.IsNaN(b.ValueMs) || b.Count < 0 {
					t.Fatalf("bad bucket %+v", b)
				}
			}
		}}
		// Only the sysbench detector, so that the parser sees every line.
		lr := newLineReader(bytes.NewReader(data))
		var cur block
		for {
			no, raw, ok := lr.next()
			if !ok {
				break
			}
			l := Line{No: no, Raw: raw, Text: strings.TrimSpace(raw)}
			if cur != nil {
				switch cur.feed(&l) {
				case consumed, skipped:
					continue
				case done:
					cur.end(c)
					cur = nil
					continue
				case rejected:
					cur.end(c)
					cur = nil
				}
			}
			if l.Text != "" {
				cur = detectSysbench(&l, c)
			}
		}
		if cur != nil {
			cur.end(c)
		}
	})
}
