package parse

import "testing"

const (
	train10Users    = "../testdata/public/train10/t89-gfm-tables-concurrent-users-column-two-databases-under-headings-lab-report-excerpt.txt"
	train10Sessions = "../testdata/public/train10/t90-gfm-table-korean-concurrent-connections-column-counter-suffix-load-test-report-excerpt-ko.txt"
)

// TestConcurrentUsersColumn reads the lab report's two tables headed
// "Concurrent Users | TPS | Avg Response Time | Error Rate": the users are
// each row's thread count.
func TestConcurrentUsersColumn(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train10Users))
	if len(errs) > 0 || len(runs) != 10 {
		t.Fatalf("%d runs, errors %v; want 10 and none", len(runs), errs)
	}
	want := []struct {
		line, threads int
		tps           float64
	}{{8, 10, 145}, {11, 200, 1156}, {12, 500, 1234}, {17, 10, 138}, {21, 500, 1167}}
	for _, w := range want {
		at := atLine(runs, w.line)
		if len(at) == 0 {
			t.Errorf("no run at line %d", w.line)
		}
		for _, r := range at {
			if r.Threads == nil || *r.Threads != w.threads || r.TPS == nil || *r.TPS != w.tps {
				t.Errorf("line %d: %s, want %d threads, tps %v", w.line, rowText(r), w.threads, w.tps)
			}
		}
	}
}

// TestConcurrentConnectionsColumnKorean reads the Korean stress test
// table "동시접속 | 성공 | 평균 | 최대 | TPS" (concurrent connections,
// successes, average, maximum), whose counts carry the counter 건
// ("10건"): a run per row at that count.
func TestConcurrentConnectionsColumnKorean(t *testing.T) {
	runs, _ := tableRuns(t, htmlText(t, train10Sessions))
	want := map[int]struct {
		threads int
		tps     float64
	}{11: {10, 41.8}, 12: {30, 44.6}, 13: {50, 45.3}}
	got := 0
	for _, r := range runs {
		w, ok := want[r.Line]
		if !ok {
			continue
		}
		got++
		if r.Threads == nil || *r.Threads != w.threads || r.TPS == nil || *r.TPS != w.tps {
			t.Errorf("line %d: %s, want %d threads, tps %v", r.Line, rowText(r), w.threads, w.tps)
		}
	}
	if got != len(want) {
		t.Errorf("%d of the %d rows read", got, len(want))
	}
}

// TestConcurrencyPhrase names the columns of concurrent connections,
// sessions, users or clients by their words, and leaves alone a count of
// clients that are not concurrent and a rate over concurrency.
func TestConcurrencyPhrase(t *testing.T) {
	for h, want := range map[string]bool{
		"concurrent users":           true,  // t89
		"동시접속":                       true,  // t90
		"동시 접속 수":                    true,  // t90, its first table
		"并发连接数":                      true,  // one word, "concurrent connections count"
		"concurrent sessions":        true,  // sessions
		"클라이언트 수":                    false, // a count of client machines, no concurrency
		"concurrent users tps":       false, // a rate
		"concurrency":                false, // a threads word, not this rule's
		"simultaneous connections":   true,
		"max concurrent connections": true,
	} {
		if got := concurrencyPhrase(h); got != want {
			t.Errorf("concurrencyPhrase(%q) = %v, want %v", h, got, want)
		}
	}
}
