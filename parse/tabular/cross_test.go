package tabular

import (
	"math"
	"os"
	"strings"
	"testing"
)

// TestCrossedThreadpool reads the MariaDB threadpool benchmark tables:
// concurrent clients as columns, one row per scheduler, a header line
// that (as converted) restates the row names after the numbers, and the
// header's numbers printed again under the rule.
func TestCrossedThreadpool(t *testing.T) {
	name := "mariadb-threadpool-benchmarks-crossed-excerpt.md"
	tabs := Read(readLines(t, name))
	var crossed []Table
	for _, tab := range tabs {
		if _, ok := tab.Crossed(); ok {
			crossed = append(crossed, tab)
		}
	}
	if len(crossed) != 2 {
		t.Fatalf("%s: %d crossed tables, want 2 (of %d tables)", name, len(crossed), len(tabs))
	}
	tab := crossed[0]
	cols, _ := tab.Crossed()
	if len(cols) != 9 || tab.Header[cols[0]] != "16" || tab.Header[cols[8]] != "4096" {
		t.Fatalf("columns %v of header %q", cols, tab.Header)
	}
	if d := tab.Dimension(); d != Threads {
		t.Fatalf("dimension %q, want %q", d, Threads)
	}
	entries, bad := tab.Unroll()
	if len(entries) != 18 || len(bad) != 0 {
		t.Fatalf("%d entries, %d bad; want 18, 0", len(entries), len(bad))
	}
	first, last := entries[0], entries[17]
	if first.Row != "thread per connection" || first.Key != "16" || first.Value.Num != 3944 || first.Line != 56 {
		t.Errorf("first entry %+v", first)
	}
	if last.Row != "threadpool" || last.Key != "4096" || last.Value.Num != 2962 || last.Line != 57 {
		t.Errorf("last entry %+v", last)
	}
	// The second table's 1024-client cell of thread per connection.
	e2, _ := crossed[1].Unroll()
	if e := e2[6]; e.Key != "1024" || e.Value.Num != 5313 {
		t.Errorf("pitbull entry 7 = %+v, want 1024 clients, 5313", e)
	}
	// The rows name schedulers, not metrics: no metric from them.
	if c := tab.RowColumn(entries, "threadpool"); c.Metric != "" {
		t.Errorf("row threadpool classified %+v", c)
	}
}

// TestCrossedCommaDash reads thread counts as columns over comma-thousands
// cells, with em dashes for runs not made.
func TestCrossedCommaDash(t *testing.T) {
	name := "windows-file-io-threads-crossed-comma-dash-excerpt.md"
	tabs := Read(readLines(t, name))
	if len(tabs) != 1 {
		t.Fatalf("%d tables, want 1", len(tabs))
	}
	tab := tabs[0]
	if d := tab.Dimension(); d != Threads {
		t.Fatalf("dimension %q", d)
	}
	entries, bad := tab.Unroll()
	if len(entries) != 12 || len(bad) != 0 {
		t.Fatalf("%d entries, %d bad; want 12, 0", len(entries), len(bad))
	}
	want := map[string]float64{"1": 52058, "8": 110529, "32": 87814, "64": 84202}
	got := 0
	for _, e := range entries {
		if e.Row == "One synchronous handle per thread" {
			if want[e.Key] != e.Value.Num {
				t.Errorf("%s at %s threads = %v, want %v", e.Row, e.Key, e.Value.Num, want[e.Key])
			}
			got++
		}
		if e.Row == "Reopened per operation" && (e.Key == "1" || e.Key == "8") {
			t.Errorf("absent cell read: %+v", e)
		}
	}
	if got != 4 {
		t.Errorf("%d cells of one row, want 4", got)
	}
	// Bare counts under a name that says no unit: a measurement kept by
	// its own name.
	if c := tab.RowColumn(entries, "Shared synchronous handle"); c.Kind != Measurement || c.Metric != "" {
		t.Errorf("row classified %+v", c)
	}
}

// TestCrossedSuffixUnitOnce reads a row whose unit is printed once, on
// its last cell, with an M suffix on every cell.
func TestCrossedSuffixUnitOnce(t *testing.T) {
	name := "kv-store-threads-crossed-suffix-unit-excerpt.md"
	tabs := Read(readLines(t, name))
	if len(tabs) != 2 {
		t.Fatalf("%d tables, want 2", len(tabs))
	}
	entries, _ := tabs[1].Unroll()
	if len(entries) != 10 {
		t.Fatalf("%d entries, want 10", len(entries))
	}
	if e := entries[4]; e.Row != "Throughput" || e.Key != "16" || math.Abs(e.Value.Num-281.13e6) > 1 || e.Value.Unit != "ops/sec" {
		t.Errorf("entry %+v, want Throughput at 16 threads = 281.13M ops/sec", e)
	}
	c := tabs[1].RowColumn(entries, "Throughput")
	if c.Kind != Measurement || c.Unit != "ops/sec" {
		t.Errorf("Throughput row classified %+v, want a measurement in ops/sec", c)
	}
	// "1.00x" is a ratio: no unit a reader can measure in.
	if c := tabs[1].RowColumn(entries, "Scaling"); c.Kind != Dimension {
		t.Errorf("Scaling row classified %+v", c)
	}
}

// TestCrossedThreadWords: a logging library's README (tabular/testdata)
// heads its columns "1 Thread", "2 Threads" ... "10 Threads": counts of
// threads written with their word are the columns of a crossed table
// whose dimension is the thread count, each entry keyed by the number.
func TestCrossedThreadWords(t *testing.T) {
	b, err := os.ReadFile("testdata/bqlog-threads-words-crossed-ms-excerpt.md")
	if err != nil {
		t.Fatal(err)
	}
	tabs := Read(strings.Split(string(b), "\n"))
	if len(tabs) != 1 {
		t.Fatalf("%d tables, want 1", len(tabs))
	}
	tab := tabs[0]
	if cols, ok := tab.Crossed(); !ok || len(cols) != 10 {
		t.Fatalf("crossed %v %v, want 10 columns", cols, ok)
	}
	if d := tab.Dimension(); d != Threads {
		t.Errorf("dimension %q, want threads", d)
	}
	entries, bad := tab.Unroll()
	if len(entries) != 50 || len(bad) != 0 {
		t.Fatalf("%d entries, %d bad; want 50, 0", len(entries), len(bad))
	}
	if e := entries[0]; e.Row != "BqLog Compress (C++)" || e.Key != "1" || e.Value.Num != 110 {
		t.Errorf("first entry %+v", e)
	}
	if e := entries[49]; e.Row != "Log4j2 Text" || e.Key != "10" || e.Value.Num != 9254 || e.Line != 9 {
		t.Errorf("last entry %+v", e)
	}
	// The word glued to the number, as a Chinese report heads its columns
	// (train/t04-crossed-table-zh.txt: "1线程 | 8线程 | … | 128线程").
	for h, want := range map[string]float64{"8线程": 8, "128线程": 128, "**16线程**": 16, "64threads": 64} {
		if n, threads, ok := HeaderNumber(h); !ok || !threads || n != want {
			t.Errorf("%q: %v %v %v, want %v threads", h, n, threads, ok, want)
		}
	}
	for _, h := range []string{"8 cores", "two threads", "8 threads later", "8核", "16GB", "线程8"} {
		if _, _, ok := HeaderNumber(h); ok {
			t.Errorf("%q read as a column number", h)
		}
	}
}

// TestHeaderSize: the block sizes a crossed table's header sweeps, as
// printed in public tables ("8K", "512K", "2M") and in sysbench's own
// spellings ("4KiB", "16 KB"); bare numbers and other words are not.
func TestHeaderSize(t *testing.T) {
	for cell, want := range map[string]float64{
		"8K": 8 << 10, "512K": 512 << 10, "2M": 2 << 20, "**8M**": 8 << 20, "4KiB": 4 << 10, "16 KB": 16 << 10, "1g": 1 << 30, "512B": 512,
		"16": 0, "8 threads": 0, "K": 0, "1.5x": 0, "4 Kbps": 0, "2 ms": 0,
	} {
		got, ok := HeaderSize(cell)
		if ok != (want > 0) || got != want {
			t.Errorf("HeaderSize(%q) = %v, %v; want %v", cell, got, ok, want)
		}
	}
	tab := Table{Header: []string{"", "8K", "32K", "128K"}}
	if cols, ok := tab.Crossed(); !ok || len(cols) != 3 || tab.Dimension() != BlockSize {
		t.Errorf("sizes header: cols %v, %v, dimension %q", cols, ok, tab.Dimension())
	}
	if _, ok := (&Table{Header: []string{"", "8K", "32", "128K"}}).Crossed(); ok {
		t.Error("sizes beside a bare number read as one dimension")
	}
}

// TestHeaderThreadsGluedT: "4t" heads a column of four threads (a
// report's "| 1t | 2t | 4t |", train16/t110), not a size of 4 TiB; "4K"
// stays a size.
func TestHeaderThreadsGluedT(t *testing.T) {
	if n, threads, ok := HeaderNumber("4t"); !ok || !threads || n != 4 {
		t.Errorf("HeaderNumber(4t) = %v, %v, %v; want 4 threads", n, threads, ok)
	}
	if _, ok := HeaderSize("4t"); ok {
		t.Error("HeaderSize(4t) ok, want no size")
	}
	if b, ok := HeaderSize("4K"); !ok || b != 4096 {
		t.Errorf("HeaderSize(4K) = %v, %v", b, ok)
	}
}

// TestHeaderThreadsCapitalT: a thread count written with a capital T
// heads a column as "4t" does, and is no size in TiB. The header of a
// public verification report of a GPU queue benchmark (code index id
// 43550238208), "| Mode | 1T | 2T | 4T | 8T | 16T | Max Scaling |", as
// a crossed table's header is read before its rows.
func TestHeaderThreadsCapitalT(t *testing.T) {
	tab := &Table{Header: []string{"Mode", "1T", "2T", "4T", "8T", "16T", "Max Scaling"}}
	cols, ok := tab.Crossed()
	if !ok || tab.Dimension() != Threads {
		t.Fatalf("Crossed() = %v, %v, dimension %q; want thread columns", cols, ok, tab.Dimension())
	}
	var got []string
	for _, i := range cols {
		got = append(got, key(tab.Header[i]))
	}
	if strings.Join(got, " ") != "1 2 4 8 16" {
		t.Errorf("thread columns %v, want 1 2 4 8 16", got)
	}
	if _, ok := HeaderSize("16T"); ok {
		t.Error("HeaderSize(16T) ok, want no size")
	}
}
