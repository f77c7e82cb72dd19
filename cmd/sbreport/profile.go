package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// profile starts the profiles the environment asks for, for measuring
// sbreport as a process: SBREPORT_CPUPROFILE=FILE writes a CPU profile
// of the whole command, SBREPORT_MEMPROFILE=FILE a heap profile taken
// when it ends. Neither is part of the interface; the returned function
// writes and closes them.
func profile(stderr io.Writer) (stop func()) {
	var done []func()
	if p := os.Getenv("SBREPORT_CPUPROFILE"); p != "" {
		f, err := os.Create(p)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "sbreport: cpu profile: %v\n", err)
		} else {
			done = append(done, func() { pprof.StopCPUProfile(); f.Close() })
		}
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
