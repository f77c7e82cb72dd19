package parse

import "testing"

// TestThreadsWrittenWithT: notes on single-board computers and virtual
// machines write a thread count as a number and a T in the label of a
// result (train21: t128 "Sysbench CPU 4T", t130 "sysbench cpu
// A55(cpu0) 1T" and "sysbench memory 8T", t132 "sysbench 8t prime-20K
// events/s", t133 "sysbench cpu (4T)", t134 "Sysbench CPU (1T, 60s)",
// t129 "sysbench cpu 4T x 60s"). "1/2/4/8T" lists several; a size in
// terabytes beside storage, "95th" and a processor's "8C/16T" are no
// thread count.
func TestThreadsWrittenWithT(t *testing.T) {
	for _, c := range []struct {
		line    string
		n       int
		several bool
	}{
		{"| Sysbench CPU 4T | 3191 | 4186 | +31.2% |", 4, false},
		{"| sysbench cpu A55(cpu0) 1T | 344.6 ev/s |", 1, false},
		{"| sysbench memory 8T | 56236 MiB/s |", 8, false},
		{"sysbench 8t prime-20K events/s", 8, false}, // a cell of its row, which says "Multi-thread CPU" beside it
		{"| sysbench cpu (4T) | 35,588,252 ev/s | 25,404 ev/s | 25,628 ev/s | ~1,401x |", 4, false},
		{"| Sysbench CPU (1T, 60s) | 2,569 events/sec [^1533^] |", 1, false},
		{"## 6E. Host CPU 开销 (sysbench cpu 4T x 60s, /proc/stat delta)", 4, false},
		{"| mem_bw2 1/2/4/8T | 34.1 / 67.9 / 139.2 / 189.0 GB/s |", 0, true},
		{"As simple as it gets: it has a 8C/16T CPU, 16GB Ram and 500GB SSD.", 0, false},
		{"sysbench fileio --file-total-size=1T prepare", 0, false},
		{"95th percentile:                        0.20", 0, false},
	} {
		n, several := threadsNamed(c.line)
		if n != c.n || several != c.several {
			t.Errorf("threadsNamed(%q) = %d, %v; want %d, %v", c.line, n, several, c.n, c.several)
		}
	}
}
