package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// identityExpect is a <fixture>.expect.yaml of testdata/public/identity:
// what a careful reader of the text writes down for every result.
type identityExpect struct {
	Source string `yaml:"source"`
	Runs   []struct {
		Line     int                `yaml:"line"`
		Tool     string             `yaml:"tool"`
		Test     string             `yaml:"test"`
		Threads  *int               `yaml:"threads"`
		Engine   string             `yaml:"engine"`
		Host     string             `yaml:"host"`
		System   string             `yaml:"system"`
		Options  map[string]any     `yaml:"options"`
		Headline map[string]float64 `yaml:"headline"`
	} `yaml:"runs"`
	Repeats  [][]int `yaml:"repeats"`
	Restated [][]int `yaml:"restated"`
}

// identityGaps are what sbreport knowingly does not read as a reader
// does, each asserted as it is so that a change shows: results it reports
// as a problem instead of reading (lines of the expected results and the
// line of the error), and rows whose test it leaves unknown rather than
// guess (the text names the test only below them, or not at all).
var identityGaps = map[string]struct {
	notRead     []int // expected results left out...
	errorAt     []int // ...with these error lines saying why
	unknownTest []int // results whose test is "?"
	extra       []int // lines of runs sbreport counts that a reader does not
	noThreads   []int // results whose threads sbreport leaves unknown
	noHost      []int // results whose machine sbreport does not read
}{
	// A table whose columns are configurations (myisam_1W行 ...) and whose
	// cells carry no unit: rows per second only in the prose.
	"mysqlslap-5.5-write-myisam-innodb-engines-option-summary-table-rule-fewer-columns-zh.txt": {notRead: []int{84, 85, 86}, errorAt: []int{82}},
	// Tables whose test is named only in the conclusion below them, or
	// nowhere in their section.
	// An options header printed without results above a table of them
	// is kept as a run without results; "on raspberrypi 5b" inside the
	// options block is not read as the machine of the table below it.
	"sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt": {
		extra:  []int{14, 34, 64, 106},
		noHost: []int{113, 114, 115, 116, 117, 118, 119, 120, 121},
	},
	// A result typed by hand as shell comments under the run command
	// ("# Transacciones: 879 TPS", "# Consultas: 17,581 QPS"): no sysbench
	// output and no table, so nothing is read and the input is reported
	// as holding no benchmark output.
	"sb1.0-oltp-rw-mariadb-32-threads-result-in-shell-comments-tps-qps-comma-thousands-es.txt": {notRead: []int{11}, errorAt: []int{0}},
	"tidb-3.0.1-k8s-sysbench-1.0.17-tables-under-labels-same-table-reused-zh.txt": {unknownTest: []int{
		293, 294, 295, 296, 297, 298, 304, 305, 306, 307, 308, 309,
		411, 412, 413, 414, 415, 416, 422, 423, 424, 425, 426, 427}},
	// Results written in prose under their command, two machines a line
	// ("graviton2 - 2.745s, X64 - 7.95s"): not read, and no error says so.
	"sb1.1.0-cpu-fileio-memory-mutex-graviton2-vs-x64-bullet-labels-no-banner-prose-results-ko.txt": {
		notRead: []int{99, 102, 105, 315, 318, 321}},
	// Tables whose rates are named "throughput" without a unit, their
	// systems on a line above the rule: reported, not read. The last row,
	// cut by the excerpt, is left out without a word.
	"sb1.0-oltp-ro-point-select-mysql-5.7-vs-8.0-latin1-two-line-header-systems-above-threads-ratio-column-excerpt-ja.txt": {
		notRead: []int{17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35, 36, 37},
		errorAt: []int{16, 29}},
}

// identityReport compares what sbreport makes of a fixture with what a
// reader writes down, and returns every disagreement.
func identityReport(t *testing.T, file string) []string {
	gap := identityGaps[filepath.Base(file)]
	inList := func(l []int, n int) bool {
		for _, x := range l {
			if x == n {
				return true
			}
		}
		return false
	}
	t.Helper()
	var exp identityExpect
	b, err := os.ReadFile(file + ".expect.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &exp); err != nil {
		t.Fatalf("%s.expect.yaml: %v", file, err)
	}
	doc, err := collect.Load([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	ds := analyze.Group(doc.Runs, analyze.GroupOptions{Variables: doc.Variables})
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	// Match each expected result to a parsed run: same line, else the
	// nearest run within 3 lines whose headline number agrees.
	matched := map[*parse.Run]int{}
	byLine := map[int][]*parse.Run{}
	for _, r := range doc.Runs {
		byLine[r.Line] = append(byLine[r.Line], r)
	}
	runOf := make([]*parse.Run, len(exp.Runs))
	for i, e := range exp.Runs {
		var cands []*parse.Run
		for d := 0; d <= 12 && len(cands) == 0; d++ {
			for _, l := range []int{e.Line - d, e.Line + d} {
				for _, r := range byLine[l] {
					if _, used := matched[r]; !used && (d == 0 || headlineAgrees(r, e.Headline)) {
						cands = append(cands, r)
					}
				}
			}
		}
		for _, r := range cands {
			if headlineAgrees(r, e.Headline) {
				runOf[i], matched[r] = r, i
				break
			}
		}
		if runOf[i] == nil && len(cands) > 0 {
			runOf[i], matched[cands[0]] = cands[0], i
		}
		if runOf[i] == nil && !inList(gap.notRead, e.Line) {
			bad("line %d: no run found (expected %s %s, %v threads, headline %v)", e.Line, e.Tool, e.Test, intText(e.Threads), e.Headline)
		}
		if runOf[i] != nil && inList(gap.notRead, e.Line) {
			bad("line %d: read now: remove it from identityGaps", e.Line)
		}
	}
	for _, r := range doc.Runs {
		if _, ok := matched[r]; !ok && !inList(gap.extra, r.Line) {
			bad("line %d: run %s %q that a reader does not count", r.Line, r.Tool, r.Test)
		}
	}
	for _, at := range gap.errorAt {
		found := false
		for _, e := range doc.Errors {
			found = found || e.Line == at
		}
		if !found {
			bad("no error at line %d saying why lines %v are not read: %v", at, gap.notRead, doc.Errors)
		}
	}
	for _, l := range gap.extra {
		if len(byLine[l]) == 0 {
			bad("line %d: no run counted now: remove it from identityGaps", l)
		}
	}
	for i, e := range exp.Runs {
		r := runOf[i]
		if r == nil {
			continue
		}
		switch got := testOf(r); {
		case inList(gap.unknownTest, e.Line):
			if got != "?" {
				bad("line %d: test %q (%q expected; listed in identityGaps as unknown)", e.Line, got, e.Test)
			}
		case e.Test != "" && got != e.Test:
			bad("line %d: test %q, want %q", e.Line, got, e.Test)
		}
		if inList(gap.noThreads, e.Line) {
			if r.Threads != nil {
				bad("line %d: threads %d now: remove it from identityGaps", e.Line, *r.Threads)
			}
		} else if e.Threads != nil && (r.Threads == nil || *r.Threads != *e.Threads) {
			bad("line %d: threads %s, want %d", e.Line, intText(r.Threads), *e.Threads)
		}
		if got := strings.ToLower(r.Labels["engine"]); got != e.Engine {
			bad("line %d: engine %q, want %q", e.Line, got, e.Engine)
		}
		if inList(gap.noHost, e.Line) {
			if r.Labels["host"] != "" {
				bad("line %d: host %q now: remove it from identityGaps", e.Line, r.Labels["host"])
			}
		} else if e.Host != "" && r.Labels["host"] != e.Host && analyze.SystemOf(r, ds.By) != e.Host {
			bad("line %d: host %q, want %q", e.Line, r.Labels["host"], e.Host)
		}
	}
	for _, p := range pairProblems(&exp, runOf, ds) {
		bad("%s", p)
	}
	return problems
}

func describe(system string, opts map[string]any) string {
	if len(opts) == 0 {
		return system
	}
	return fmt.Sprintf("%s %v", system, opts)
}

// testOf names the run's test as the expectations do.
func testOf(r *parse.Run) string {
	if r.Test != "" {
		return r.Test
	}
	return analyze.WorkloadOf(r)
}

func intText(p *int) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// headlineAgrees reports whether one of the run's numbers is the printed
// headline value.
func headlineAgrees(r *parse.Run, h map[string]float64) bool {
	near := func(p *float64, v float64) bool { return p != nil && math.Abs(*p-v) <= 0.006*math.Max(1, math.Abs(v)) }
	for k, v := range h {
		switch k {
		case "tps":
			if near(r.TPS, v) {
				return true
			}
		case "qps":
			if near(r.QPS, v) || r.SQL != nil && near(r.SQL.RWRequestsPS, v) {
				return true
			}
		case "eps":
			if near(r.EPS, v) || near(r.CPUSpeedEPS, v) {
				return true
			}
		case "avg_s":
			if r.Mysqlslap != nil && near(r.Mysqlslap.AvgS, v) {
				return true
			}
		case "reads_per_s":
			if r.FileIO != nil && near(r.FileIO.ReadsPS, v) {
				return true
			}
		case "mib_s":
			if r.Memory != nil && near(r.Memory.TransferMiBs, v) ||
				r.FileIO != nil && (near(r.FileIO.ReadMiBs, v) || near(r.FileIO.WrittenMiBs, v) || near(r.FileIO.TotalMiBs, v)) {
				return true
			}
		case "total_time_s":
			if near(r.TotalTimeS, v) {
				return true
			}
		case "events":
			if r.Events != nil && float64(*r.Events) == v {
				return true
			}
		}
	}
	return false
}

func identityFixtures(t *testing.T) []string {
	files, err := filepath.Glob("../../testdata/public/identity/*.expect.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no identity fixtures: %v", err)
	}
	for i, f := range files {
		files[i] = strings.TrimSuffix(f, ".expect.yaml")
	}
	sort.Strings(files)
	return files
}

// TestIdentityFixtures reads every public write-up of
// testdata/public/identity and checks each result's test, threads,
// engine and host against what a careful reader writes down, and that no
// two different experiments share a cell.
func TestIdentityFixtures(t *testing.T) {
	for _, f := range identityFixtures(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			for _, p := range identityReport(t, f) {
				t.Error(p)
			}
		})
	}
}

// pairProblems judges every pair of the reader's results read as runs
// (runOf[i] is the run read for exp.Runs[i], nil when none): no two
// different experiments share a cell, no two readings of one experiment
// (repeats, restatements) are kept apart by system, and repeats share a
// cell. (A restatement, a table restating a transcript's results, may
// still be kept apart: restated rows are not recognised as such.)
func pairProblems(exp *identityExpect, runOf []*parse.Run, ds *analyze.Dataset) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	same, repeat := map[[2]int]bool{}, map[[2]int]bool{}
	for k, groups := range [][][]int{exp.Repeats, exp.Restated} {
		for _, g := range groups {
			for _, a := range g {
				for _, b := range g {
					same[[2]int{a, b}] = true
					repeat[[2]int{a, b}] = repeat[[2]int{a, b}] || k == 0
				}
			}
		}
	}
	for i, a := range exp.Runs {
		for j := i + 1; j < len(exp.Runs); j++ {
			b := exp.Runs[j]
			ra, rb := runOf[i], runOf[j]
			if ra == nil || rb == nil || ra == rb {
				continue
			}
			ka, kb := ds.KeyOf(ra), ds.KeyOf(rb)
			experiment := a.System == b.System && a.Test == b.Test && intText(a.Threads) == intText(b.Threads) &&
				fmt.Sprint(a.Options) == fmt.Sprint(b.Options) && a.Engine == b.Engine && a.Host == b.Host
			switch {
			case repeat[[2]int{a.Line, b.Line}] && ka != kb:
				bad("lines %d and %d: repeats of one experiment to a reader, but kept apart in cells %v and %v", a.Line, b.Line, ka, kb)
			case ka == kb && !experiment && !same[[2]int{a.Line, b.Line}]:
				bad("lines %d and %d: one cell %v, but a reader sees different experiments (%s vs %s)", a.Line, b.Line, ka, describe(a.System, a.Options), describe(b.System, b.Options))
			case a.System != b.System && ka.System == kb.System && ka.Workload == kb.Workload:
				bad("lines %d and %d: one system %q, but a reader sees %q and %q", a.Line, b.Line, ka.System, a.System, b.System)
			}
		}
	}
	return out
}
