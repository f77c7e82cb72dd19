package parse

import (
	"os"
	"testing"
	"unsafe"
)

// TestRunsLetGo: a run passed on by Stream keeps nothing of the
// parser's reading once its input is read (the command's options, which
// the demo's runs all had), and what it says is the same.
func TestRunsLetGo(t *testing.T) {
	f, err := os.Open("../examples/demo-campaign/innodb/oltp_read_write/4thr-r1.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var runs []*Run
	hadOpts := 0
	err = Stream(f, "4thr-r1.txt", func(it Item) {
		if r, ok := it.(*Run); ok {
			runs = append(runs, r)
			if r.reading != nil && len(r.cmdOpts) > 0 {
				hadOpts++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 || hadOpts != 1 {
		t.Fatalf("%d runs, %d with the command's options when passed on", len(runs), hadOpts)
	}
	r := runs[0]
	if r.reading != nil {
		t.Error("the run keeps the parser's reading after its input was read")
	}
	if r.Test != "oltp_read_write" || r.Threads == nil || *r.Threads != 4 || r.Settings["tables"] == "" {
		t.Errorf("run %s %v %v", r.Test, r.Threads, r.Settings)
	}
}

// TestRunSize: a report keeps every run it reads, a year of campaigns
// 65,000 of them; what the parser needs only while reading stays out of
// the run (reading), which fits the allocator's size class of 576 bytes.
func TestRunSize(t *testing.T) {
	if n := unsafe.Sizeof(Run{}); n > 576 {
		t.Errorf("a Run takes %d bytes, more than 576: a field that only reading needs belongs in reading", n)
	}
}
