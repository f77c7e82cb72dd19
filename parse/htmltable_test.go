package parse

import (
	"os"
	"strings"
	"testing"
)

const (
	train7YB  = "../testdata/public/train7/t80-html-two-row-header-rowspan-colspan-workloads-per-txn-and-per-query.txt"
	train7OSs = "../testdata/public/train7/t82-html-tables-header-in-first-body-row-colspan-latency-three-systems-cpu-memory-fileio.txt"
)

func htmlText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// atLine returns the runs that start at line.
func atLine(runs []*Run, line int) []*Run {
	var out []*Run
	for _, r := range runs {
		if r.Line == line {
			out = append(out, r)
		}
	}
	return out
}

func tableRuns(t *testing.T, text string) ([]*Run, []*Error) {
	t.Helper()
	var runs []*Run
	var errs []*Error
	if err := Stream(strings.NewReader(text), "t", func(it Item) {
		switch v := it.(type) {
		case *Run:
			runs = append(runs, v)
		case *Error:
			errs = append(errs, v)
		}
	}); err != nil {
		t.Fatal(err)
	}
	return runs, errs
}

// TestHTMLTableTwoRowHeader reads YugabyteDB's sysbench table: a header of
// two rows joined by rowspan and colspan, and two "Latency (ms) - avg"
// columns of which the first (a transaction's) is the run's and the
// second (one query's) keeps its name. (The run command above it,
// "sysbench <workload> … --threads=60 run", is no command to parse while
// its placeholders stand: its threads reach the rows when collect has
// cleaned the page's tags, as TestHoldoutScore/train7 reads it.)
func TestHTMLTableTwoRowHeader(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train7YB))
	if len(errs) > 0 || len(runs) != 4 {
		t.Fatalf("%d runs, errors %v; want 4 and none", len(runs), errs)
	}
	r := runs[0]
	if r.Line != 50 || r.Test != "oltp_read_only" ||
		r.TPS == nil || *r.TPS != 4616.32 || r.QPS == nil || *r.QPS != 46163.2 || r.Latency.Avg == nil || *r.Latency.Avg != 13 {
		t.Errorf("first row: %s", rowText(r))
	}
	if len(r.Metrics) != 1 || r.Metrics[0].Name != "Per Query Statistics Latency (ms) - avg" || r.Metrics[0].Value != 1.3 || r.Metrics[0].Unit != "ms" {
		t.Errorf("first row's metrics %+v, want the per-query average 1.3 ms under its name", r.Metrics)
	}
	if r := runs[2]; r.Line != 66 || r.Test != "" || r.Labels["workload"] != "oltp_multi_insert" || *r.TPS != 585.66 {
		t.Errorf("third row (a test sysbench does not ship): %s", rowText(r))
	}
	if r := runs[3]; r.Line != 74 || r.Test != "oltp_update_index" || *r.QPS != 2596.4 {
		t.Errorf("last row: %s", rowText(r))
	}
}

// TestHTMLTableEmptyCell empties the queries per second of the first row
// of YugabyteDB's table: the row is read with a warning naming the
// column at its line, as a pipe table's row is.
func TestHTMLTableEmptyCell(t *testing.T) {
	text := htmlText(t, train7YB)
	cut := strings.Replace(text, "      <td>46163.2</td>\n", "      <td></td>\n", 1)
	if cut == text {
		t.Fatal("cell not found")
	}
	runs, _ := tableRuns(t, cut)
	if len(runs) != 4 || runs[0].QPS != nil || *runs[0].TPS != 4616.32 {
		t.Fatalf("%d runs; first %s", len(runs), rowText(runs[0]))
	}
	found := false
	for _, w := range runs[0].Warnings {
		found = found || strings.Contains(w, "line 50") && strings.Contains(w, `"Per Query Statistics Throughput (queries/sec)"`) && strings.Contains(w, "missing")
	}
	if !found {
		t.Errorf("warnings %q: want the empty cell named at line 50", runs[0].Warnings)
	}
}

// TestHTMLTableUnclosed drops YugabyteDB's </table>: the paragraph after
// the table ends it, and is read as text again.
func TestHTMLTableUnclosed(t *testing.T) {
	text := strings.Replace(htmlText(t, train7YB), "</table>", "", 1)
	runs, _ := tableRuns(t, text)
	if len(runs) != 4 || *runs[3].TPS != 259.64 {
		t.Fatalf("%d runs, want 4", len(runs))
	}
}

// TestHTMLTablesHeaderInBody reads a course README's five HTML tables:
// cpu at 1 thread (the corner cell names test and threads), then cpu at 4
// threads, memory and fileio whose header row is empty but for a
// spanning "Latency (ms)" and whose column names are the first body row,
// one row per system; the fifth table, free's memory per system, holds no
// result and gives no run.
func TestHTMLTablesHeaderInBody(t *testing.T) {
	runs, errs := tableRuns(t, htmlText(t, train7OSs))
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	type want struct {
		line    int
		test    string
		threads int
		system  string
		value   float64
	}
	wants := []want{
		{99, "cpu", 1, "Ubunru Desktop", 1376.008}, {109, "cpu", 1, "Ubuntu Server", 1448.272}, {119, "cpu", 1, "Experiment OS", 1528.34},
		{150, "cpu", 4, "Ubunru Desktop", 5477.024}, {160, "cpu", 4, "Ubuntu Server", 5619.722}, {170, "cpu", 4, "Experiment OS", 5788.134},
		{201, "memory", 0, "Ubunru Desktop", 6947.828}, {211, "memory", 0, "Ubuntu Server", 7127.308}, {221, "memory", 0, "Experiment OS", 7315.7},
		{262, "fileio", 0, "Ubunru Desktop", 19.002}, {277, "fileio", 0, "Ubuntu Server", 18.768}, {292, "fileio", 0, "Experiment OS", 16.935},
	}
	if len(runs) != len(wants) {
		t.Fatalf("%d runs, want %d", len(runs), len(wants))
	}
	for i, w := range wants {
		r := runs[i]
		v := testFigure(r, w.test)
		threads := 0
		if r.Threads != nil {
			threads = *r.Threads
		}
		if r.Line != w.line || r.Test != w.test || threads != w.threads || r.Labels["system"] != w.system || v == nil || *v != w.value {
			t.Errorf("run %d: %s; want %+v", i, rowText(r), w)
		}
	}
	if r := runs[4]; r.Latency.Avg == nil || *r.Latency.Avg != 0.71 || r.Latency.Percentiles["95"] != 0.802 {
		t.Errorf("cpu at 4 threads on Ubuntu Server: latency %+v, want avg 0.71, p95 0.802 from the spanning group's columns", r.Latency)
	}
}

// testFigure returns the figure a table of the built-in tests gives a
// run of test: events per second for cpu, MiB/s for memory, reads per
// second for fileio; nil when the run has none.
func testFigure(r *Run, test string) *float64 {
	switch test {
	case "cpu":
		return r.EPS
	case "memory":
		if r.Memory != nil {
			return r.Memory.TransferMiBs
		}
	case "fileio":
		if r.FileIO != nil {
			return r.FileIO.ReadsPS
		}
	}
	return nil
}
