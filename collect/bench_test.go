package collect

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// BenchmarkWalk10000SmallLogs reads a directory of 10,000 small real
// sysbench logs (one per file, the 4-thread 1.0.20 transcript), the shape
// of a team's archive of legacy runs.
func BenchmarkWalk10000SmallLogs(b *testing.B) {
	src, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := 0; i < 10000; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("batch=%02d", i/500))
		if i%500 == 0 {
			if err := os.Mkdir(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("run%05d.log", i)), src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(src)) * 10000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runs := 0
		if err := Walk([]string{dir}, func(it parse.Item) {
			if _, ok := it.(*parse.Run); ok {
				runs++
			}
		}); err != nil {
			b.Fatal(err)
		}
		if runs != 10000 {
			b.Fatalf("read %d runs, want 10000", runs)
		}
	}
}
