package collect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// walkJSON walks inputs and returns every item as JSON, one a line, in
// the order emit received them.
func walkJSON(t *testing.T, inputs []string, pl *pipeline) []byte {
	t.Helper()
	var out bytes.Buffer
	err := walkWith(inputs, Options{Set: map[string]string{"set": "x"}}, func(it parse.Item) {
		b, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "%T %s\n", it, b)
	}, pl)
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestParallelWalkSameItems: a walk that parses files on several
// goroutines gives the items of the walk that reads them one after the
// other, in the same order, on every fixture and the demo campaign:
// directories, a campaign, files named one by one, NAME=PATH, a missing
// input, and budgets small enough that the walk waits for each file.
func TestParallelWalkSameItems(t *testing.T) {
	real, err := filepath.Glob("../testdata/real/*")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(real)
	inputs := [][]string{
		{"../testdata", "../examples/demo-campaign"},
		append(append([]string{"missing-input.txt", "innodb=../testdata/real/clients-campaign"}, real...),
			"../testdata/public/sysbench-1.0", "no-such-dir/x.log", "../examples/demo-campaign/innodb"),
	}
	for i, in := range inputs {
		want := walkJSON(t, in, newPipeline(1))
		if n := bytes.Count(want, []byte("*parse.Run ")); n < 100 {
			t.Fatalf("inputs %d: only %d runs", i, n)
		}
		for _, tc := range []struct {
			workers, maxSteps int
			maxBytes          int64
		}{
			{2, maxQueuedSteps, 2 * inFlightPerWorker},
			{8, maxQueuedSteps, 8 * inFlightPerWorker},
			{4, 3, 4 * inFlightPerWorker},
			{3, maxQueuedSteps, 64 << 10},
			{2, maxQueuedSteps, 1},
		} {
			pl := newPipeline(tc.workers)
			pl.maxSteps, pl.maxBytes = tc.maxSteps, tc.maxBytes
			got := walkJSON(t, in, pl)
			if !bytes.Equal(got, want) {
				gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
				for k := 0; k < len(gl) && k < len(wl); k++ {
					if !bytes.Equal(gl[k], wl[k]) {
						t.Fatalf("inputs %d, %+v: item %d differs:\n got  %.300s\n want %.300s", i, tc, k, gl[k], wl[k])
					}
				}
				t.Fatalf("inputs %d, %+v: %d items, want %d", i, tc, len(gl), len(wl))
			}
		}
	}
}

// TestParallelWalkBigFile: the items of a file larger than the budget,
// with more runs than a directory holds (maxHeldRuns), come out as they
// do when the file is read in turn.
func TestParallelWalkBigFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads 5,000 runs")
	}
	one, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	big := bytes.Repeat(append(one, '\n'), maxHeldRuns+900)
	for _, name := range []string{"a.txt", "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), big, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := walkJSON(t, []string{dir}, newPipeline(1))
	pl := newPipeline(2)
	pl.maxBytes = int64(len(big)) / 2
	if got := walkJSON(t, []string{dir}, pl); !bytes.Equal(got, want) {
		t.Fatalf("parallel walk differs (%d bytes, want %d)", len(got), len(want))
	}
}
