package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// floodFile writes a gzip file of about size bytes whose text is head
// followed by line(1), line(2), ...
func floodFile(b *testing.B, name string, size int, head string, line func(int) string) string {
	p := filepath.Join(b.TempDir(), name)
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	fmt.Fprint(gz, head)
	for i := 1; buf.Len() < size; i++ {
		fmt.Fprint(gz, line(i))
		if i%1000 == 0 {
			gz.Flush()
		}
	}
	gz.Close()
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}

// peakRSS runs sbreport (this test binary as main) and returns its peak
// resident memory in MB.
func peakRSS(b *testing.B, args ...string) float64 {
	cmd := asMain(args...)
	devnull, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	defer devnull.Close()
	cmd.Stdout, cmd.Stderr = devnull, devnull
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
			b.Fatalf("sbreport %v: %v", args, err)
		}
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		b.Skip("no rusage")
	}
	return float64(ru.Maxrss) / 1024 // KiB on Linux
}

// BenchmarkHostileInputs measures the peak resident memory of sbreport
// parse and sbreport report over the two floods that took gigabytes: a
// 1.25 MB gzip of interim lines (about 430,000) and a 984 KB gzip of a
// report_json array that never closes (about 310,000 reports).
func BenchmarkHostileInputs(b *testing.B) {
	interim := floodFile(b, "interim.log.gz", 1_250_000,
		"sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nNumber of threads: 16\n\nThreads started!\n\n",
		func(i int) string {
			return fmt.Sprintf("[ %ds ] thds: 16 tps: 3325.76 qps: 66720.01 (r/w/o: 46735.47/13317.04/6667.51) lat (ms,95%%): 7.84 err/s: 0.00 reconn/s: 0.00\n", i)
		})
	json := floodFile(b, "unclosed.json.gz", 984_000, "[\n", func(i int) string {
		return fmt.Sprintf(`{ "time": %d, "threads": 16, "tps": 3325.76, "qps": {"total": 66720.01, "reads": 46735.47, "writes": 13317.04, "other": 6667.51}, "latency": 7.84, "errors": 0.00, "reconnects": 0.00 },`+"\n", i)
	})
	for _, in := range []struct{ name, path string }{{"interim", interim}, {"unclosed-json", json}} {
		b.Run(in.name+"/parse", func(b *testing.B) {
			peak := 0.0
			for b.Loop() {
				peak = max(peak, peakRSS(b, "parse", "--json", in.path))
			}
			b.ReportMetric(peak, "peak-RSS-MB")
		})
		b.Run(in.name+"/report", func(b *testing.B) {
			peak := 0.0
			for i := 0; b.Loop(); i++ {
				peak = max(peak, peakRSS(b, "report", "-o", filepath.Join(b.TempDir(), fmt.Sprint("r", i)), in.path))
			}
			b.ReportMetric(peak, "peak-RSS-MB")
		})
	}
}
