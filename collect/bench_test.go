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
	benchWalk(b, dir, 10000)
}

// BenchmarkWalk60Files reads a directory of 60 interim-heavy logs of
// 2 MiB (the one-hour 0.5 run and the 1800 s 1.0.20 run, repeated), the
// shape of a campaign's raw outputs. Run with -cpu 1,2 to see the files
// parsed on every core.
func BenchmarkWalk60Files(b *testing.B) {
	var unit []byte
	for _, f := range []string{
		"../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt",
		"../testdata/public/sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt",
	} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Skip(err)
		}
		unit = append(append(unit, data...), '\n')
	}
	var file []byte
	for len(file)+len(unit) <= 2<<20 {
		file = append(file, unit...)
	}
	dir := b.TempDir()
	for i := 0; i < 60; i++ {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("run%02d.log", i)), file, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	want := 60 * 2 * (len(file) / len(unit))
	b.SetBytes(int64(len(file)) * 60)
	benchWalk(b, dir, want)
}

// benchWalk walks dir b.N times, timed, and checks that each walk reads
// want runs.
func benchWalk(b *testing.B, dir string, want int) {
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
		if runs != want {
			b.Fatalf("read %d runs, want %d", runs, want)
		}
	}
}
