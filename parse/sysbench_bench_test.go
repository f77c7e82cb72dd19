package parse

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkSysbenchInterimHeavy parses the one-hour 0.5 log (360 interim
// lines) repeated to about 4 MB through Stream, as collect does.
func BenchmarkSysbenchInterimHeavy(b *testing.B) {
	one, err := os.ReadFile("../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt")
	if err != nil {
		b.Skip(err)
	}
	var in []byte
	for len(in) < 4<<20 {
		in = append(in, one...)
	}
	runs := 0
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runs = 0
		err := Stream(bytes.NewReader(in), "bench", func(it Item) {
			if _, ok := it.(*Run); ok {
				runs++
			}
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if want := len(in) / len(one); runs != want {
		b.Fatalf("%d runs, want %d", runs, want)
	}
}
