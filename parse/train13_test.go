package parse

import (
	"strconv"
	"testing"
)

func fmtFloat(p *float64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

// TestTablesNamingTheTestInTheirOwnWords: a Chinese table whose 类型
// (type) column says 只读 (read-only) or 读写 (read-write) beside a 并发数
// (concurrency) column (train13 t98, under the read-write command, which
// does not make its read-only rows read-write runs), and a Korean table
// whose 워크로드 (workload) column names each workload once, the row
// below leaving it empty, under an environment line saying "4 스레드"
// (4 threads) (t99): each row is a run of its own test and thread count,
// the Korean rows labelled by their 모드 (mode) column.
func TestTablesNamingTheTestInTheirOwnWords(t *testing.T) {
	type want struct {
		test    string
		threads int
		tps     float64
		system  string
	}
	for path, wants := range map[string]map[int]want{
		"../testdata/public/train13/t98-sb1.0-oltp-read-only-read-write-chinese-type-and-concurrency-columns-table-under-list-without-blank-line-commands-above-k8s-mysql-notes-zh-excerpt.txt": {
			38: {"oltp_read_only", 20, 456.47, ""}, 41: {"oltp_read_only", 300, 342.83, ""},
			42: {"oltp_read_write", 20, 273.12, ""}, 45: {"oltp_read_write", 150, 212.57, ""},
		},
		"../testdata/public/train13/t99-sb-oltp-read-only-read-write-4-threads-direct-vs-proxy-mode-rows-empty-workload-cell-continues-bold-comma-thousands-overhead-column-readme-ko-excerpt.txt": {
			15: {"oltp_read_only", 4, 2561, "직접연결"}, 16: {"oltp_read_only", 4, 442, "프록시"},
			17: {"oltp_read_write", 4, 1686, "직접연결"}, 18: {"oltp_read_write", 4, 392, "프록시"},
		},
	} {
		d := readDoc(t, path)
		checkRunsAt(t, d.Runs, wants, func(r *Run, w want) {
			if r.Test != w.test || r.Threads == nil || *r.Threads != w.threads || r.TPS == nil || *r.TPS != w.tps ||
				w.system != "" && r.Labels["모드"] != w.system {
				t.Errorf("%s line %d: %s, %s threads, tps %s, mode %q; want %+v", path[len(path)-24:], r.Line, r.Test, intText(r.Threads), fmtFloat(r.TPS), r.Labels["모드"], w)
			}
		})
	}
	for text, n := range map[string]int{
		"**환경**: MySQL 8.0 (Docker, tmpfs), 4 스레드, 30초 실행, 10K 행 × 4 테이블": 4, // t99 line 11
	} {
		if got := headingThreadCount(text); got != n {
			t.Errorf("%q: %d threads, want %d", text, got, n)
		}
	}
}
