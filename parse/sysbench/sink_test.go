package sysbench_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/internal/blocktest"
	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/sysbench"
)

// The grammar on a Sink of its own, without parse: the runs it starts
// are plain records whose fields it fills through sysbench.Run.

// run is a run as the test sink keeps it.
type run struct {
	Line, EndLine                          int
	Version, Test, Command                 string
	ThreadsFrom, Layout                    string
	Threads                                *int
	TPS, QPS, EPS, CPUSpeedEPS, TotalTimeS *float64
	Events                                 *int64
	Latency                                model.Latency
	Options                                model.Options
	SQL                                    *model.SQLStats
	Fairness                               *model.Fairness
	FileIO                                 *model.FileIO
	Memory                                 *model.Memory
	Histogram                              []model.Bucket
	Intervals                              []model.Interval `json:"-"`
	Warnings                               []string
	Complete                               bool
	CheckpointAt                           string
	HandedOver                             bool
	sink                                   *sink
}

// sink is a sysbench.Sink that keeps what the grammar emits.
type sink struct {
	runs     []*run
	errors   []string
	action   string // the pending command's action, "" for none
	headings []model.Heading
}

func (s *sink) Source() string            { return "test" }
func (s *sink) Add(model.Item)            {}
func (s *sink) Recognised()               {}
func (s *sink) Headings() []model.Heading { return s.headings }
func (s *sink) Errorf(line int, format string, args ...any) {
	s.errors = append(s.errors, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, args...))
}
func (s *sink) Command() (model.Cmd, bool)        { return model.Cmd{}, false }
func (s *sink) TakeCommand(int) (model.Cmd, bool) { return model.Cmd{}, false }
func (s *sink) PendingAction() (string, bool)     { return s.action, s.action != "" }
func (s *sink) Filtered() bool                    { return false }
func (s *sink) Restated(float64, float64) bool    { return false }
func (s *sink) NotePrinted(float64, float64)      {}
func (s *sink) HookStart(text string) bool        { return text == "[" || text == "{" }
func (s *sink) StartRun(line int) *sysbench.Run {
	return view(&run{Line: line, EndLine: line, sink: s})
}

// view is the grammar's view of r.
func view(r *run) *sysbench.Run {
	return &sysbench.Run{Version: &r.Version, Test: &r.Test, Command: &r.Command, ThreadsFrom: &r.ThreadsFrom,
		Layout: &r.Layout, Threads: &r.Threads, TPS: &r.TPS, QPS: &r.QPS, EPS: &r.EPS, CPUSpeedEPS: &r.CPUSpeedEPS,
		TotalTimeS: &r.TotalTimeS, Events: &r.Events, Latency: &r.Latency, Options: &r.Options, SQL: &r.SQL,
		Fairness: &r.Fairness, FileIO: &r.FileIO, Memory: &r.Memory, Histogram: &r.Histogram, Warnings: &r.Warnings,
		Complete: &r.Complete, EndLine: &r.EndLine, Line: r.Line, Owner: r}
}

func (r *run) Warn(line int, msg string) {
	if line > 0 {
		msg = fmt.Sprintf("line %d: %s", line, msg)
	}
	r.Warnings = append(r.Warnings, msg)
}
func (r *run) HeaderLine(string)                 {}
func (r *run) HeaderLabel(string, string, bool)  {}
func (r *run) DropCommand()                      { r.Command = "" }
func (r *run) SetIntervals(ivs []model.Interval) { r.Intervals = append([]model.Interval(nil), ivs...) }
func (r *run) PrintedEPS() *float64              { return nil }
func (r *run) Emit()                             { r.sink.runs = append(r.sink.runs, r) }
func (r *run) HandOver()                         { r.HandedOver = true; r.sink.runs = append(r.sink.runs, r) }
func (r *run) Checkpoint(line int, t string) *sysbench.Run {
	return view(&run{Line: line, EndLine: line, Test: r.Test, Version: r.Version, CheckpointAt: t, sink: r.sink})
}

func detect(l *model.Line, s *sink) model.Block { return sysbench.Detect(l, s) }

// read feeds text to the grammar as parse's reader would, its lines
// trimmed.
func read(text string) *sink {
	s := &sink{}
	blocktest.Feed(s, detect, 1, strings.Split(strings.TrimSuffix(text, "\n"), "\n")...)
	return s
}

// TestSinkRuns: a real 1.0.20 cpu log twice, one after the other: two
// runs, each from its banner (the log's second line, under its command)
// with its figures and layout.
func TestSinkRuns(t *testing.T) {
	b, err := os.ReadFile("../../testdata/real/sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := read(string(b) + "\n" + string(b))
	if len(s.runs) != 2 || len(s.errors) != 0 {
		t.Fatalf("%d runs, errors %q; want 2 runs", len(s.runs), s.errors)
	}
	n := strings.Count(string(b), "\n")
	for i, r := range s.runs {
		if r.Version != "1.0.20" || r.Test != "cpu" || r.Layout != sysbench.LayoutE || !r.Complete {
			t.Errorf("run %d: version %q test %q layout %q complete %v", i, r.Version, r.Test, r.Layout, r.Complete)
		}
		if want := 2 + i*(n+1); r.Line != want {
			t.Errorf("run %d starts at line %d, want %d", i, r.Line, want)
		}
		if len(r.Intervals) == 0 || r.Threads == nil || *r.Threads != 1 || r.ThreadsFrom != "header" {
			t.Errorf("run %d: %d intervals, threads %v from %q", i, len(r.Intervals), r.Threads, r.ThreadsFrom)
		}
	}
}

// TestSinkPrepare: prepare output after a prepare command is no run, and
// a FATAL line right after a run command starts one that reports the
// failure.
func TestSinkPrepare(t *testing.T) {
	const prepare = "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nCreating table 'sbtest1'...\nInserting 10000 records into 'sbtest1'\n"
	s := &sink{action: "prepare"}
	blocktest.Feed(s, detect, 1, strings.Split(prepare, "\n")...)
	if len(s.runs) != 0 || len(s.errors) != 0 {
		t.Errorf("prepare: %d runs, errors %q; want none", len(s.runs), s.errors)
	}
	s = &sink{action: "run"}
	blocktest.Feed(s, detect, 1, "FATAL: --histogram cannot be used with --percentile=0")
	if len(s.runs) != 0 || len(s.errors) != 1 || !strings.Contains(s.errors[0], "failed before reporting any result") {
		t.Errorf("FATAL after run: %d runs, errors %q; want the failure", len(s.runs), s.errors)
	}
}

// sysbenchSeeds returns the sysbench fixtures, public and real.
func sysbenchSeeds(tb testing.TB) [][]byte {
	var seeds [][]byte
	for _, g := range []string{"../../testdata/public/sysbench-*/*", "../../testdata/public/nondb/*", "../../testdata/real/sysbench-*"} {
		files, _ := filepath.Glob(g)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				seeds = append(seeds, b)
			}
		}
	}
	if len(seeds) == 0 {
		tb.Fatal("no sysbench fixtures found")
	}
	return seeds
}

// FuzzSysbench feeds arbitrary text to the grammar alone. It must not
// panic; every run must marshal (no NaN or infinity in a pointer field),
// have finite interval timestamps, keep its intervals in printed order,
// and end at or after the line it starts on.
func FuzzSysbench(f *testing.F) {
	for _, s := range sysbenchSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := read(string(data))
		for _, r := range s.runs {
			if _, err := json.Marshal(r); err != nil {
				t.Fatalf("run does not marshal: %v", err)
			}
			if r.EndLine < r.Line {
				t.Fatalf("run lines %d-%d", r.Line, r.EndLine)
			}
			for i, iv := range r.Intervals {
				if math.IsInf(iv.T, 0) || math.IsNaN(iv.T) {
					t.Fatalf("interval %d: timestamp %v", i, iv.T)
				}
				if i > 0 && iv.Line < r.Intervals[i-1].Line {
					t.Fatalf("interval %d: line %d before line %d", i, iv.Line, r.Intervals[i-1].Line)
				}
			}
			for _, b := range r.Histogram {
				if math.IsInf(b.ValueMs, 0) || math.IsNaN(b.ValueMs) || b.Count < 0 {
					t.Fatalf("bad bucket %+v", b)
				}
			}
		}
	})
}
