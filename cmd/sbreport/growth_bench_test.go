package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkDemoCopies is the growth curve of a year of nightly campaigns:
// the demo campaign (180 runs) copied N times into one directory
// (dir/c1, dir/c2, ...: 180, 1,260, 12,600 and 64,980 runs, and two
// years, 129,960, whose 1,290,936 interim reports fill more than one
// sheet of the workbook), read by
// `sbreport report`, `compare` and `parse --json` as processes of the
// binary built from this package. It reports each command's wall time
// (s/op), user CPU time (user-s/op: on a machine other work keeps busy,
// the figure that moves least) and peak resident memory (peak-RSS-MB). The copies are made once
// per size, outside the timed part; x361 needs 1.5 GB of disk, x722 3 GB.
//
//	go test ./cmd/sbreport -run '^$' -bench 'DemoCopies/x(1|7|70)/' -benchtime 1x
func BenchmarkDemoCopies(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "sbreport")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, n := range []int{1, 7, 70, 361, 722} {
		b.Run(fmt.Sprintf("x%d", n), func(b *testing.B) {
			dir := demoCopies(b, n)
			for _, verb := range []string{"report", "compare", "parse"} {
				b.Run(verb, func(b *testing.B) {
					args := map[string][]string{
						"report":  {"report", "--force", "-o", filepath.Join(b.TempDir(), "report"), dir},
						"compare": {"compare", dir},
						"parse":   {"parse", "--json", dir},
					}[verb]
					var peak int64
					var elapsed, user time.Duration
					for i := 0; i < b.N; i++ {
						devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
						if err != nil {
							b.Fatal(err)
						}
						var errOut bytes.Buffer
						cmd := exec.Command(bin, args...)
						cmd.Stdout, cmd.Stderr = devnull, &errOut
						start := time.Now()
						err = cmd.Run()
						elapsed += time.Since(start)
						devnull.Close()
						if err != nil {
							b.Fatalf("sbreport %s: %v\n%s", verb, err, errOut.Bytes())
						}
						user += cmd.ProcessState.UserTime()
						if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > peak {
							peak = ru.Maxrss // KiB on Linux
						}
					}
					b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
					b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/op")
					b.ReportMetric(user.Seconds()/float64(b.N), "user-s/op")
					b.ReportMetric(0, "ns/op")
				})
			}
		})
	}
}

// demoCopies copies the demo campaign n times into a new directory.
func demoCopies(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	for i := 1; i <= n; i++ {
		cmd := exec.Command("cp", "-r", demoCampaign, filepath.Join(dir, fmt.Sprint("c", i)))
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("cp: %v\n%s", err, out)
		}
	}
	return dir
}
