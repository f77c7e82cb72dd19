package render

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

var update = flag.Bool("update", false, "rewrite the golden files of package render")

// memSink keeps a report's files in memory.
type memSink map[string]*bytes.Buffer

type memFile struct{ *bytes.Buffer }

func (memFile) Close() error { return nil }

func (m memSink) Create(name string) (io.WriteCloser, error) {
	b := &bytes.Buffer{}
	m[name] = b
	return memFile{b}, nil
}

func (m memSink) names() []string {
	var ns []string
	for n := range m {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// analyzeDoc runs the whole analysis as sbreport report does.
func analyzeDoc(t testing.TB, doc *parse.Document) (an *analyze.Analysis) {
	t.Helper()
	defer func() {
		if recover() != nil { // analyze.Analyze not there yet: compose its stages
			an = composeAnalysis(doc)
		}
	}()
	return analyze.Analyze(doc, analyze.Options{})
}

func composeAnalysis(doc *parse.Document) *analyze.Analysis {
	ds := analyze.Group(doc.Runs, analyze.GroupOptions{})
	m := analyze.DefaultMetric(doc.Runs)
	an := &analyze.Analysis{Metric: m, Dataset: ds}
	for _, c := range ds.Cells {
		for _, r := range c.Runs {
			if len(r.Intervals) > 0 {
				an.Stability = append(an.Stability, analyze.Steady(r, m, 0, 0.95, analyze.DefaultThresholds))
			}
		}
	}
	an.Comparison = analyze.Compare(ds, analyze.CompareOptions{Metric: m})
	an.Scaling = analyze.Scale(ds, doc.Hosts, analyze.ScaleOptions{Metric: m})
	func() {
		defer func() { recover() }()
		an.Config = analyze.DiffConfig(doc.Variables, ds)
	}()
	return an
}

// load reads inputs under testdata with collect, as sbreport does, and
// makes the sources relative so that golden files do not depend on the
// checkout's place.
func load(t testing.TB, inputs ...string) *parse.Document {
	t.Helper()
	doc, err := collect.Load(inputs)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

var outDir = flag.String("out", "", "also write the test reports under this directory, to look at them")

func writeOut(t *testing.T, name string, s memSink) {
	if *outDir == "" {
		return
	}
	for n, b := range s {
		p := filepath.Join(*outDir, name, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReportFiles(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inputs []string
	}{
		{"engines", []string{"testdata/engines"}},
		{"sweep", []string{"testdata/sweep"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := load(t, tc.inputs...)
			an := analyzeDoc(t, doc)
			s := memSink{}
			if err := Report(s, doc, an, Options{Title: "Test report"}); err != nil {
				t.Fatal(err)
			}
			writeOut(t, tc.name, s)
			for _, want := range []string{MarkdownFile, AppendixFile, WorkbookFile, JSONFile, CSVFile} {
				if s[want] == nil || s[want].Len() == 0 {
					t.Errorf("%s missing or empty", want)
				}
			}
			if !strings.Contains(s[AppendixFile].String(), "## Methodology") {
				t.Errorf("appendix.md lacks the methodology")
			}
			if !strings.Contains(s[MarkdownFile].String(), "](appendix.md") {
				t.Errorf("report.md does not link the appendix")
			}
		})
	}
}

// TestReportShortRuns: runs too short to give every figure (a CV from a
// single interim point) still give a report whose results.json encodes,
// the missing figures as null.
func TestReportShortRuns(t *testing.T) {
	doc, err := collect.Load([]string{"../testdata/real/short-campaign"})
	if err != nil || len(doc.Runs) != 8 {
		t.Fatalf("%v, %d runs", err, len(doc.Runs))
	}
	an := analyze.Analyze(doc, analyze.Options{})
	var buf bytes.Buffer
	if err := JSON(&buf, doc, an, analyze.NewReport(doc, an)); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"cv": null`)) {
		t.Errorf("no CV left out as null in results.json")
	}
}

// TestReportUnknownThreads: the public paste of a sequential read and a
// sequential write fileio report, neither of which says its thread count,
// is shown as two workloads of one run each with threads "?", never a
// row at "0" threads holding the geometric mean of both (48,911).
func TestReportUnknownThreads(t *testing.T) {
	doc := load(t, "../testdata/public/nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt")
	an := analyzeDoc(t, doc)
	s := memSink{}
	if err := Report(s, doc, an, Options{Title: "Test report"}); err != nil {
		t.Fatal(err)
	}
	writeOut(t, "unknown-threads", s)
	md := s[MarkdownFile].String()
	for _, want := range []string{"| ? | all | 1 | 41,756 |", "| ? | all | 1 | 57,294 |", "file-test-mode=rndrd/seqrd", "file-test-mode=rndwr/seqrewr/seqwr"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, bad := range []string{"| 0 |", "48,911", "0 threads"} {
		if strings.Contains(md, bad) {
			t.Errorf("report.md holds %q", bad)
		}
	}
}

// TestReportFragmentNoRun: in the public sysbench 0.5 inputs, the one
// 1-second interim line quoted after "Normal data looks like:" (tps
// 1385.03, line 9 of the underflow report) is no row of the report: its
// system is left out as a fragment.
func TestReportFragmentNoRun(t *testing.T) {
	doc := load(t, "../testdata/public/sysbench-0.5")
	an := analyzeDoc(t, doc)
	s := memSink{}
	if err := Report(s, doc, an, Options{Title: "Test report"}); err != nil {
		t.Fatal(err)
	}
	md := s[MarkdownFile].String()
	if strings.Contains(md, "1,385") {
		t.Errorf("report.md shows the quoted interim line's 1,385 tps")
	}
	if !strings.Contains(md, "Left out: innodb (a single interim line and no cumulative report, a fragment: no tps)") {
		t.Errorf("report.md does not leave the fragment's system out as a fragment:\n%s", firstLines(md, 8))
	}
}

// TestReportOfNothingComparable: train16/t106 quotes five labelled
// single interim lines of oltp_read_write, fragments with no cumulative
// report; none has a tps, so the report compares nothing and says so,
// rather than "5 runs of 0 workloads on" one of them.
func TestReportOfNothingComparable(t *testing.T) {
	doc := load(t, "../testdata/public/train16/t106-sh-script-then-trailing-comment-lines-each-a-labelled-single-interim-report-line-storage-backends.txt")
	s := memSink{}
	if err := Report(s, doc, analyzeDoc(t, doc), Options{}); err != nil {
		t.Fatal(err)
	}
	md := s[MarkdownFile].String()
	if !strings.Contains(md, "\n5 runs read, and none has the metric compared (tps): nothing is compared.\n") || strings.Contains(md, "0 workloads") {
		t.Errorf("report.md opens:\n%s", firstLines(md, 5))
	}
}

// TestReportSaysPNGCannotDrawCJK: the public Chinese write-up that runs
// one script on disk and on a memory disk labels the second "内存磁盘";
// the PNG charts' font has no CJK glyph, so report.md says which names
// the PNGs cannot draw (the SVGs keep them), rather than letting a legend
// read "? ()".
func TestReportSaysPNGCannotDrawCJK(t *testing.T) {
	doc := load(t, "../testdata/public/identity/sb1.0.20-script-path-update-index-point-select-disk-vs-tmpfs-zh.txt")
	an := analyzeDoc(t, doc)
	s := memSink{}
	if err := Report(s, doc, an, Options{Title: "Test report"}); err != nil {
		t.Fatal(err)
	}
	md := s[MarkdownFile].String()
	if !strings.Contains(md, "the PNG charts cannot draw the characters") || !strings.Contains(md, "内存磁盘") {
		t.Errorf("report.md does not say the PNG charts cannot draw 内存磁盘:\n%s", md[strings.Index(md, "## Warnings"):])
	}
	if got := string(undrawable([]string{"innodb (内存磁盘)"})); got != "内存磁盘" {
		t.Errorf("undrawable: %q, want 内存磁盘", got)
	}
	if got := undrawable([]string{"Результат теста", "Kiểm tra lại", "MariaDB 10.1.2"}); len(got) != 0 {
		t.Errorf("Liberation Sans draws Cyrillic and Vietnamese, but undrawable gives %q", string(got))
	}
}
