package main

import (
	"bytes"
	"testing"
	"time"
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
// walk has read (parse, report, compare), or the runs decoded from the
// warehouse (--db).
func TestReadStatus(t *testing.T) {
	rs := &readStatus{}
	for _, f := range []string{"a.txt", "b.txt", "c.status.txt.gz"} {
		rs.fileRead(f)
	}
	rs.runs.Add(2)
	if l := rs.line(); l != "reading: 3 files, 2 runs" {
		t.Errorf("walk: %q", l)
	}
	db := &readStatus{db: true}
	db.runs.Add(12600)
	if l := db.line(); l != "reading the warehouse: 12600 runs" {
		t.Errorf("--db: %q", l)
	}
}
