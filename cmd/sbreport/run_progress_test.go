package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/collect/campaign"
)

// testProgress is a progress on a pretend terminal of the given width,
// with a clock the test moves.
func testProgress(tty bool, width int) (*progress, *bytes.Buffer, *time.Time) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	p := &progress{w: &buf, tty: tty, width: func() int { return width }, now: func() time.Time { return now }, stop: make(chan struct{})}
	return p, &buf, &now
}

// lastLine is what a terminal shows on the status line: the text after
// the last erase.
func lastLine(s string) string {
	i := strings.LastIndex(s, "\r\x1b[K")
	if i < 0 {
		return ""
	}
	return s[i+len("\r\x1b[K"):]
}

func TestProgressTerminal(t *testing.T) {
	p, buf, now := testProgress(true, 200)
	p.observe(campaign.Event{Kind: campaign.EventNote, Msg: "preparing innodb: 4 table(s) of 10000 rows"})
	if buf.String() != "preparing innodb: 4 table(s) of 10000 rows\n" {
		t.Errorf("note: %q", buf.String())
	}
	run1 := &collect.RunEntry{ID: "innodb/oltp_read_only/4thr-r1", Status: collect.RunRunning}
	p.observe(campaign.Event{Kind: campaign.EventRunStart, Run: run1, Desc: "innodb oltp_read_only, 4 threads, repeat 1", Total: 4, Length: time.Minute, Left: 4 * time.Minute})
	if got, want := lastLine(buf.String()), "[1/4] innodb oltp_read_only, 4 threads, repeat 1 · 0s of 1m0s · ETA 4m0s"; got != want {
		t.Errorf("start:\n got %q\nwant %q", got, want)
	}
	*now = now.Add(20 * time.Second)
	p.render()
	if got, want := lastLine(buf.String()), "[1/4] innodb oltp_read_only, 4 threads, repeat 1 · 20s of 1m0s · ETA 3m40s"; got != want {
		t.Errorf("20 s in:\n got %q\nwant %q", got, want)
	}
	// The run fails after 72 s: its error and the hint go above the line,
	// and the line names no run until the next starts.
	*now = now.Add(52 * time.Second)
	run1.Status, run1.Error = collect.RunFailed, "sysbench exit status 1: FATAL: mysql_stmt_execute() returned error 1062 (Duplicate entry '5039' for key 'PRIMARY')"
	buf.Reset()
	p.observe(campaign.Event{Kind: campaign.EventRunEnd, Run: run1, Desc: "innodb oltp_read_only, 4 threads, repeat 1", Done: 1, Total: 4, Length: time.Minute, Left: 3 * time.Minute, Hint: "error 1062 (duplicate key): ..."})
	out := buf.String()
	if !strings.Contains(out, "[1/4] innodb/oltp_read_only/4thr-r1: failed: sysbench exit status 1: FATAL: mysql_stmt_execute() returned error 1062 (Duplicate entry '5039' for key 'PRIMARY')\n  hint: error 1062 (duplicate key): ...\n") {
		t.Errorf("failure not printed above the line:\n%q", out)
	}
	// 72 s for a planned minute: the 3 planned minutes left will take
	// 3m36s, shown to 10 s.
	if got, want := lastLine(out), "[1/4] done · ETA 3m40s"; got != want {
		t.Errorf("after the failure:\n got %q\nwant %q", got, want)
	}
	if strings.Contains(lastLine(out), "innodb") {
		t.Error("stale run name after the failure")
	}
	p.observe(campaign.Event{Kind: campaign.EventRunStart, Run: &collect.RunEntry{ID: "aria/oltp_read_only/4thr-r1"}, Desc: "aria oltp_read_only, 4 threads, repeat 1", Done: 1, Total: 4, Length: time.Minute, Left: 3 * time.Minute})
	if got, want := lastLine(buf.String()), "[2/4] aria oltp_read_only, 4 threads, repeat 1 · 0s of 1m0s · ETA 3m40s"; got != want {
		t.Errorf("second run:\n got %q\nwant %q", got, want)
	}
	*now = now.Add(55 * time.Second)
	p.render()
	if got, want := lastLine(buf.String()), "[2/4] aria oltp_read_only, 4 threads, repeat 1 · 55s of 1m0s · ETA 2m30s"; got != want {
		t.Errorf("55 s in:\n got %q\nwant %q", got, want)
	}
	buf.Reset()
	p.close()
	if buf.String() != "\r\x1b[K" {
		t.Errorf("close leaves %q", buf.String())
	}
}

// The status line never wraps: it is cut to the terminal's width.
func TestProgressNarrowTerminal(t *testing.T) {
	p, buf, _ := testProgress(true, 40)
	p.observe(campaign.Event{Kind: campaign.EventRunStart, Run: &collect.RunEntry{ID: "x"}, Desc: "innodb oltp_read_only, 4 threads, repeat 1", Total: 4, Length: time.Minute, Left: 4 * time.Minute})
	if got := lastLine(buf.String()); got != "[1/4] innodb oltp_read_only, 4 threads…" {
		t.Errorf("got %q", got)
	}
}

// Not on a terminal: one line per finished run, nothing rewritten.
func TestProgressLog(t *testing.T) {
	p, buf, now := testProgress(false, 0)
	run := &collect.RunEntry{ID: "innodb/oltp_point_select/1thr-r1"}
	p.observe(campaign.Event{Kind: campaign.EventRunStart, Run: run, Desc: "d", Total: 2, Length: 10 * time.Second, Left: 20 * time.Second})
	*now = now.Add(12 * time.Second)
	run.Status = collect.RunOK
	p.observe(campaign.Event{Kind: campaign.EventRunEnd, Run: run, Done: 1, Total: 2, Length: 10 * time.Second, Left: 10 * time.Second})
	if got, want := buf.String(), "[1/2] innodb/oltp_point_select/1thr-r1: ok (12s left)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
