package mysqlslap

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/internal/blocktest"
	"github.com/sbreport/sbreport/parse/model"
)

// testSink is the input the grammar reads outside parse: a pending
// command, and the runs and lines the grammar gives back.
type testSink struct {
	cmd       *model.Cmd
	runs      []*testRun
	unclaimed []string
}

func (s *testSink) Source() string                  { return "in" }
func (s *testSink) Add(model.Item)                  {}
func (s *testSink) Errorf(int, string, ...any)      {}
func (s *testSink) Recognised()                     {}
func (s *testSink) Headings() []model.Heading       { return nil }
func (s *testSink) Unclaimed(line int, text string) { s.unclaimed = append(s.unclaimed, text) }
func (s *testSink) NewRun(line int) Run {
	r := &testRun{line: line}
	s.runs = append(s.runs, r)
	return r
}
func (s *testSink) TakeCommand(int) (model.Cmd, bool) {
	cmd, ok := s.Command()
	s.cmd = nil
	return cmd, ok
}
func (s *testSink) Command() (model.Cmd, bool) {
	if s.cmd == nil {
		return model.Cmd{}, false
	}
	return *s.cmd, true
}

// testRun records what the grammar does to a run.
type testRun struct {
	line, end     int
	m             model.Mysqlslap
	labels        map[string]string
	threads       int
	threadsFrom   string
	warnings      []string
	emitted, kept bool
	complete      bool
}

func (r *testRun) Figures() *model.Mysqlslap { return &r.m }
func (r *testRun) Label(k string) (string, bool) {
	v, ok := r.labels[k]
	return v, ok
}
func (r *testRun) SetLabel(k, v string) {
	if r.labels == nil {
		r.labels = map[string]string{}
	}
	r.labels[k] = v
}
func (r *testRun) SetLabelFrom(k, v, from string) { r.SetLabel(k, v) }
func (r *testRun) SetThreads(n int, from string)  { r.threads, r.threadsFrom = n, from }
func (r *testRun) SetEnd(line int)                { r.end = line }
func (r *testRun) Warn(line int, msg string)      { r.warnings = append(r.warnings, msg) }
func (r *testRun) Emit(complete bool)             { r.emitted, r.complete = true, complete }
func (r *testRun) KeepCommand()                   { r.kept = true }

// read offers lines (numbered from 1) to Detect and the blocks it
// starts, as parse does.
func read(s *testSink, lines ...string) { blocktest.Feed[Sink](s, Detect, 1, lines...) }

// The six blocks of one mysqlslap command and its --debug-info trailer
// (testdata/public/mysqlslap/…-6-blocks-debug-info-markdown-indented.txt):
// each block's run is emitted complete and gives the command back for
// the next; the trailer then takes the command, which is mysqlslap's.
func TestBlocksKeepCommandTrailerTakesIt(t *testing.T) {
	b, err := os.ReadFile("../../testdata/public/mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")[1:]
	s := &testSink{cmd: &model.Cmd{Tool: "mysqlslap", Line: 1}}
	read(s, lines...)
	var got []string
	for _, r := range s.runs {
		if !r.emitted || !r.complete || !r.kept || r.threadsFrom != "clients" {
			t.Errorf("run at line %d: emitted %v complete %v command kept %v threads from %q", r.line, r.emitted, r.complete, r.kept, r.threadsFrom)
		}
		got = append(got, r.m.Engine+" "+strconv.Itoa(r.threads))
	}
	want := []string{"myisam 50", "myisam 100", "myisam 200", "innodb 50", "innodb 100", "innodb 200"}
	if !reflect.DeepEqual(got, want) || s.cmd != nil {
		t.Errorf("runs %q, command left %v; want %q and the command taken by the trailer", got, s.cmd, want)
	}
}

// "Benchmark" followed by prose starts a run (the run takes its command
// there) but is then given back as a word: no run is emitted.
func TestBenchmarkWordGivenBack(t *testing.T) {
	s := &testSink{}
	read(s, "Benchmark", "We ran the following.")
	if len(s.runs) != 1 || s.runs[0].emitted || !reflect.DeepEqual(s.unclaimed, []string{"Benchmark"}) {
		t.Errorf("%d runs (emitted %v), unclaimed %q; want one run not emitted and \"Benchmark\" given back",
			len(s.runs), len(s.runs) > 0 && s.runs[0].emitted, s.unclaimed)
	}
}

// A block quoted as a list, each line an item: train6's t71 blocks
// with "- ", "* " and "1. " before each line are read as they are
// without; the MariaDB knowledge base's list of the labels without
// values ("- Average number of seconds to run all queries") is none.
func TestBlockAsListItems(t *testing.T) {
	b, err := os.ReadFile("../../testdata/public/train6/t71-mysqlslap-glued-shell-prompt-mangled-dashes-concurrency-lists-write-load-query-file-zh.txt")
	if err != nil {
		t.Fatal(err)
	}
	block := strings.Split(string(b), "\n")[31:38] // lines 32-38: Benchmark … queries per client: 4
	for _, marker := range []string{"- ", "* ", "1. "} {
		var lines []string
		for _, l := range block {
			lines = append(lines, marker+l)
		}
		s := &testSink{}
		read(s, lines...)
		if len(s.runs) != 1 || !s.runs[0].complete || s.runs[0].m.Engine != "myisam" || s.runs[0].threads != 50 ||
			*s.runs[0].m.AvgS != 0.016 || *s.runs[0].m.QueriesPerClient != 4 {
			t.Errorf("%q: %d runs %+v, want one complete run of myisam at 50 clients, 0.016 s, 4 queries a client", marker, len(s.runs), s.runs)
		}
	}
	s := &testSink{}
	read(s, "- Average number of seconds to run all queries", "- Minimum number of seconds to run all queries",
		"- Maximum number of seconds to run all queries", "- Number of clients running queries", "- Average number of queries per client")
	if len(s.runs) != 0 {
		t.Errorf("the labels listed without values made %d runs", len(s.runs))
	}
}
