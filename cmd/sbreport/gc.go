package main

import (
	"os"
	"runtime/debug"
)

// Garbage collection for the commands that hold a document's runs while
// they allocate many times that (report, compare): the collector runs at
// a fifth of the default frequency (GOGC 400) under a soft memory limit,
// so that a small input costs less CPU and a large one less memory.
// At 12,600 runs report's live heap stays near 120 MB while it allocates
// some 2.3 GB; collecting at 400 % is about 1.5 s less CPU of 12 for
// 0.6 GB peak instead of 0.3 (BENCH.md). At a year of runs (some 200 to
// 400 MB live) the limit holds the peak where the default's was, 0.9 GB,
// and at two years it is 1.07 GB instead of 1.84 in the same time.
const (
	manyRunsGCPercent = 400
	manyRunsMemLimit  = 896 << 20
)

// collectLess sets that policy unless the user's environment sets GOGC
// (then nothing is changed) or GOMEMLIMIT (then only the percentage);
// the returned function restores what was set before.
func collectLess() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	percent := debug.SetGCPercent(manyRunsGCPercent)
	limit := int64(-1)
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(manyRunsMemLimit)
	}
	return func() {
		debug.SetGCPercent(percent)
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}
