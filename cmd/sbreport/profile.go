package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"runtime/trace"
	"sync"
	"time"
)

// profile starts the profiles the environment asks for, for measuring
// sbreport as a process: SBREPORT_CPUPROFILE=FILE writes a CPU profile
// of the whole command, SBREPORT_MEMPROFILE=FILE a heap profile taken
// when it ends, SBREPORT_TRACE=FILE an execution trace (go tool trace:
// which goroutines ran when), SBREPORT_HEAPPEAK=FILE a heap profile of what was live
// when the live heap was largest (written again each time it grows by a
// tenth: at the end, nearly nothing is live). None is part of the
// interface; the returned function writes and closes them.
func profile(stderr io.Writer) (stop func()) {
	var done []func()
	if p := os.Getenv("SBREPORT_HEAPPEAK"); p != "" {
		done = append(done, heapPeak(p, stderr))
	}
	// The CPU profile and the trace run from start to end into a file.
	for _, w := range []struct {
		env, what   string
		start       func(io.Writer) error
		stopWriting func()
	}{
		{"SBREPORT_CPUPROFILE", "cpu profile", pprof.StartCPUProfile, pprof.StopCPUProfile},
		{"SBREPORT_TRACE", "trace", trace.Start, trace.Stop},
	} {
		p := os.Getenv(w.env)
		if p == "" {
			continue
		}
		f, err := os.Create(p)
		if err == nil {
			err = w.start(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "sbreport: %s: %v\n", w.what, err)
			continue
		}
		done = append(done, func() { w.stopWriting(); f.Close() })
	}
	if p := os.Getenv("SBREPORT_MEMPROFILE"); p != "" {
		done = append(done, func() {
			f, err := os.Create(p)
			if err == nil {
				runtime.GC()
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(stderr, "sbreport: memory profile: %v\n", err)
			}
		})
	}
	return func() {
		for _, d := range done {
			d()
		}
	}
}

// heapPeak writes to p, every 20 ms, the heap profile of the last
// collection when the heap live after it has grown by a tenth over the
// largest seen; the returned function stops it (once, however often
// called).
func heapPeak(p string, stderr io.Writer) (stop func()) {
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var most uint64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
			}
			metrics.Read(live)
			if v := live[0].Value.Uint64(); v > most+most/10 {
				most = v
				f, err := os.Create(p)
				if err == nil {
					err = pprof.Lookup("heap").WriteTo(f, 0)
					if cerr := f.Close(); err == nil {
						err = cerr
					}
				}
				if err != nil {
					fmt.Fprintf(stderr, "sbreport: heap peak profile: %v\n", err)
					return
				}
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(quit); <-finished }) }
}
