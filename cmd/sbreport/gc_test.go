package main

import (
	"runtime/debug"
	"testing"
)

// gcNow returns the collector's percentage and memory limit, unchanged.
func gcNow() (int, int64) {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p, debug.SetMemoryLimit(-1)
}

func TestCollectLess(t *testing.T) {
	p0, l0 := gcNow()
	for _, c := range []struct {
		gogc, memlimit string
		percent        int
		limit          int64
	}{
		{"", "", manyRunsGCPercent, manyRunsMemLimit},
		{"", "2GiB", manyRunsGCPercent, l0}, // the runtime read GOMEMLIMIT at start; it is left as it is
		{"150", "", p0, l0},
	} {
		t.Setenv("GOGC", c.gogc)
		t.Setenv("GOMEMLIMIT", c.memlimit)
		restore := collectLess()
		p, l := gcNow()
		restore()
		if p != c.percent || l != c.limit {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: %d %%, limit %d; want %d %%, %d", c.gogc, c.memlimit, p, l, c.percent, c.limit)
		}
		if p, l := gcNow(); p != p0 || l != l0 {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: not restored: %d %%, limit %d; want %d %%, %d", c.gogc, c.memlimit, p, l, p0, l0)
		}
	}
}
