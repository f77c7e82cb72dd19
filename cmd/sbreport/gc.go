package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Garbage collection for the commands that hold a document's runs while
// they allocate many times that (report, compare): the collector runs at
// a fifth of the default frequency (GOGC 400) under a soft memory limit,
// so that a small input costs less CPU and a large one no more memory.
// At 12,600 runs report's live heap stays near 120 MB while it allocates
// some 2.3 GB; collecting at 400 % is about 1.5 s less CPU of 12 for
// 0.6 GB peak instead of 0.3 (BENCH.md). The limit is 896 MiB, or three
// times what the document holds once read when that is more: at a year
// of runs (some 200 MB held) the peak stays where the default's was,
// 0.9 GB, and at two years a limit the live heap comes near would have
// the collector run all the time.
const (
	manyRunsGCPercent = 400
	manyRunsMemLimit  = 896 << 20
	manyRunsHeadroom  = 3
)

// A gcPolicy is that policy set for one command.
type gcPolicy struct {
	percent  int   // the percentage before, or -1 when not set
	limit    int64 // the limit before, or -1 when not set
	setLimit bool
}

// collectLess sets that policy unless the user's environment sets GOGC
// (then nothing is changed) or GOMEMLIMIT (then only the percentage).
func collectLess() *gcPolicy {
	p := &gcPolicy{percent: -1, limit: -1}
	if os.Getenv("GOGC") != "" {
		return p
	}
	p.percent = debug.SetGCPercent(manyRunsGCPercent)
	if os.Getenv("GOMEMLIMIT") == "" {
		p.limit, p.setLimit = debug.SetMemoryLimit(manyRunsMemLimit), true
	}
	return p
}

// read raises the limit, when the policy set it, to manyRunsHeadroom
// times the heap live once the input is read. A collection measures it,
// only when the heap's objects, live or not, could need more: most
// inputs are far smaller, and a test runs the command hundreds of times.
func (p *gcPolicy) read() {
	if !p.setLimit || heapBytes("/memory/classes/heap/objects:bytes")*manyRunsHeadroom <= manyRunsMemLimit {
		return
	}
	runtime.GC()
	if l := heapBytes("/gc/heap/live:bytes") * manyRunsHeadroom; l > manyRunsMemLimit {
		debug.SetMemoryLimit(l)
	}
}

// heapBytes reads one of the runtime's byte metrics (0 when it has none).
func heapBytes(name string) int64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// restore sets back what collectLess changed.
func (p *gcPolicy) restore() {
	if p.percent >= 0 {
		debug.SetGCPercent(p.percent)
	}
	if p.limit >= 0 {
		debug.SetMemoryLimit(p.limit)
	}
}
