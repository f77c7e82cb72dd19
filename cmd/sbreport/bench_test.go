package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkParseJSON1GB measures the peak resident memory of
// `sbreport parse --json` over 1 GiB of real interim-heavy sysbench logs
// (the one-hour 0.5 run with 360 interim lines and the 1800 s 1.0.20 run,
// concatenated and repeated into 5 MiB files), writing to /dev/null. It
// reports peak-RSS-MB and MB/s; memory must stay proportional to one file,
// not to the input.
func BenchmarkParseJSON1GB(b *testing.B) {
	unit := interimHeavyUnit(b)
	const fileSize, total = 5 << 20, 1 << 30
	file := bytes.Repeat(unit, fileSize/len(unit)+1)[:0]
	for len(file)+len(unit) <= fileSize {
		file = append(file, unit...)
	}
	dir := b.TempDir()
	written := 0
	for i := 0; written < total; i++ {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("log%04d.txt", i)), file, 0o644); err != nil {
			b.Fatal(err)
		}
		written += len(file)
	}
	bin := filepath.Join(b.TempDir(), "sbreport")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	b.SetBytes(int64(written))
	b.ResetTimer()
	var peak int64
	var elapsed time.Duration
	for i := 0; i < b.N; i++ {
		devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(bin, "parse", "--json", dir)
		cmd.Stdout = devnull
		start := time.Now()
		err = cmd.Run()
		elapsed += time.Since(start)
		devnull.Close()
		if err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
				b.Fatalf("sbreport parse: %v", err)
			}
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > peak {
			peak = ru.Maxrss // KiB on Linux
		}
	}
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
	b.ReportMetric(float64(written)/(1<<20)/(elapsed.Seconds()/float64(b.N)), "MiB/s-wall")
}

// interimHeavyUnit is the one-hour 0.5 run (360 interim lines) and the
// 1800 s 1.0.20 run, one after the other: the text the parse --json
// benchmarks repeat.
func interimHeavyUnit(b testing.TB) []byte {
	var unit []byte
	for _, f := range []string{
		"../../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt",
		"../../testdata/public/sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt",
	} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Skip("fixture missing: ", err)
		}
		unit = append(unit, data...)
		unit = append(unit, '\n')
	}
	return unit
}

// BenchmarkParseJSONInterimHeavy runs `sbreport parse --json` in process
// over one 8 MiB file of interim-heavy logs, output discarded: reading,
// parsing, labelling and encoding, end to end.
func BenchmarkParseJSONInterimHeavy(b *testing.B) {
	benchParseJSON(b, interimHeavyFile(b, 8<<20))
}

// BenchmarkParseJSONOneHourLog runs `sbreport parse --json` in process
// over the one-hour 0.5 log (360 interim lines) repeated into one 8 MiB
// file: the interim-heavy input on which parse.Stream was first measured.
func BenchmarkParseJSONOneHourLog(b *testing.B) {
	one, err := os.ReadFile("../../testdata/public/sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt")
	if err != nil {
		b.Fatal(err)
	}
	one = append(one, '\n')
	var file []byte
	for len(file)+len(one) <= 8<<20 {
		file = append(file, one...)
	}
	p := filepath.Join(b.TempDir(), "hour.txt")
	if err := os.WriteFile(p, file, 0o644); err != nil {
		b.Fatal(err)
	}
	benchParseJSON(b, p)
}

// BenchmarkParseJSONDemoCampaign runs `sbreport parse --json` in process
// over the demo campaign (180 runs in 382 files: sysbench logs, two
// SHOW GLOBAL STATUS snapshots a run gzipped, host and server captures,
// the manifest), output discarded: one of the 70 copies of the x70
// figures in BENCH.md, for counting instructions of the whole path.
// Bytes are those of the files as they lie on disk.
func BenchmarkParseJSONDemoCampaign(b *testing.B) {
	const dir = "../../examples/demo-campaign"
	var size int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if st, err := d.Info(); err == nil {
				size += st.Size()
			}
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var stderr bytes.Buffer
		if err := run([]string{"parse", "--json", dir}, io.Discard, &stderr); err != nil {
			b.Fatalf("parse --json: %v\n%s", err, stderr.Bytes())
		}
	}
}

// BenchmarkReportDemoCampaign runs `sbreport report` in process over
// the demo campaign (180 runs, 12 cells, 57 charts in PNG and SVG, the
// workbook, results.json): the path of every report whatever its size,
// and with BenchmarkParseJSONDemoCampaign the profile scripts/pgo.sh
// builds sbreport with.
func BenchmarkReportDemoCampaign(b *testing.B) {
	out := filepath.Join(b.TempDir(), "report")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var stdout, stderr bytes.Buffer
		if err := run([]string{"report", "--force", "-o", out, "../../examples/demo-campaign"}, &stdout, &stderr); err != nil {
			b.Fatalf("report: %v\n%s", err, stderr.Bytes())
		}
	}
}

// benchParseJSON runs `sbreport parse --json p` in process b.N times,
// output discarded.
func benchParseJSON(b *testing.B, p string) {
	startBench(b, p)
	for i := 0; i < b.N; i++ {
		var stderr bytes.Buffer
		if err := run([]string{"parse", "--json", p}, io.Discard, &stderr); err != nil {
			b.Fatalf("parse --json: %v\n%s", err, stderr.Bytes())
		}
	}
}

// startBench sets b's bytes to the size of the file p, the file every
// iteration reads, and starts timing.
func startBench(b *testing.B, p string) {
	b.Helper()
	st, err := os.Stat(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
}
