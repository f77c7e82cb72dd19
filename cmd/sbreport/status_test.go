package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// TestStatusLine: a status line (reading, charts) shows nothing for its
// first two seconds, then what its function says; off a terminal it
// writes nothing at all.
func TestStatusLine(t *testing.T) {
	var buf bytes.Buffer
	n := 0
	p := newStatus(&buf, func() string { n++; return "reading: 3 files, 1 runs" })
	if l := p.line(); l != "" || n != 0 {
		t.Errorf("line at once: %q (status asked %d times)", l, n)
	}
	start := time.Now()
	p.now = func() time.Time { return start.Add(3 * time.Second) }
	if l := p.line(); l != "reading: 3 files, 1 runs" {
		t.Errorf("line after 3 s: %q", l)
	}
	p.render()
	p.close()
	if buf.Len() != 0 {
		t.Errorf("wrote %q to a buffer, which is no terminal", buf.String())
	}
}

// TestReadStatus: the status line of reading counts the files and runs a
// walk has read (parse, report, compare): of the demo campaign's 382
// files, the 373 read as outputs and captures (its manifest, its prepare
// and cleanup logs and two host files are read apart or passed over),
// and its 180 runs; with --db, the runs decoded from the warehouse.
func TestReadStatus(t *testing.T) {
	rs := &readStatus{}
	err := collect.WalkWith([]string{demoCampaign}, collect.Options{FileRead: rs.fileRead}, func(it parse.Item) {
		if _, ok := it.(*parse.Run); ok {
			rs.runs.Add(1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if l := rs.line(); l != "reading: 373 files, 180 runs" {
		t.Errorf("walk of the demo campaign: %q", l)
	}
	db := &readStatus{db: true}
	db.runs.Store(rs.runs.Load())
	if l := db.line(); l != "reading the warehouse: 180 runs" {
		t.Errorf("--db: %q", l)
	}
}
