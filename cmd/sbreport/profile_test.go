package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// SBREPORT_HEAPPEAK's profile is written once the live heap has grown,
// and is a heap profile as pprof reads it (gzipped protocol buffers).
func TestHeapPeakWritesAProfile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "peak.prof")
	stop := heapPeak(p, io.Discard)
	defer stop()
	runtime.GC()
	waitFor := func(what string) {
		deadline := time.Now().Add(5 * time.Second)
		for {
			if st, err := os.Stat(p); err == nil && st.Size() > 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("no profile written within 5 s of %s", what)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor("the first collection")
	// The heap as it is now has been written; the next profile comes
	// only with a live heap a tenth larger.
	time.Sleep(100 * time.Millisecond)
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	// More than a tenth of what other tests may keep live, and 64 MB.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	n := 64 + int(ms.HeapAlloc>>20)/4
	live := make([][]byte, 0, n)
	for range n {
		live = append(live, make([]byte, 1<<20))
	}
	runtime.GC()
	waitFor("a collection that found a quarter more live")
	stop()
	runtime.KeepAlive(live)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		t.Errorf("%s: %d bytes starting % x, not a gzipped profile", p, len(b), b[:min(len(b), 4)])
	}
}
