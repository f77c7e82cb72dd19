package tabular

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// htmlLines reads lines from..to (1-based, inclusive) of a text.
func htmlLines(t *testing.T, path string, from, to int) []HTMLLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(string(b), "\n")
	var out []HTMLLine
	for no := from; no <= to; no++ {
		out = append(out, HTMLLine{No: no, Text: all[no-1]})
	}
	return out
}

// TestHTMLTableSpans lays out YugabyteDB's sysbench table (train7/t80):
// a header of two rows where Workload and the last column span both rows
// and each statistics group spans two columns, then rows whose last cell
// is broken by <br>.
func TestHTMLTableSpans(t *testing.T) {
	rows := HTMLTable(htmlLines(t, "../../testdata/public/train7/t80-html-two-row-header-rowspan-colspan-workloads-per-txn-and-per-query.txt", 34, 82))
	if len(rows) != 6 {
		t.Fatalf("%d rows, want 6: %+v", len(rows), rows)
	}
	want := []GridRow{
		{Line: 36, Head: true, Cells: []string{"Workload", "Benchmark Statistics", "Benchmark Statistics", "Per Query Statistics", "Per Query Statistics", "Queries executed in each transaction"}},
		{Line: 42, Head: true, Cells: []string{"Workload", "Throughput (txns/sec)", "Latency (ms) - avg", "Throughput (queries/sec)", "Latency (ms) - avg", "Queries executed in each transaction"}},
		{Line: 50, Cells: []string{"oltp_read_only", "4616.32", "13", "46163.2", "1.3", "10 point selects"}},
		{Line: 58, Cells: []string{"oltp_read_write", "245.49", "97.76", "7855.68", "3.05", "10 point selects 10 index updates 10 non-index update 1 Insert 1 Delete"}},
	}
	for i, w := range want {
		if !reflect.DeepEqual(rows[i], w) {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, rows[i], w)
		}
	}
}

// TestHTMLTableEmptyHeaderRow lays out the fileio table of train7/t82:
// a <thead> row of eight empty cells and one spanning five columns,
// then the column names as the first body row.
func TestHTMLTableEmptyHeaderRow(t *testing.T) {
	rows := HTMLTable(htmlLines(t, "../../testdata/public/train7/t82-html-tables-header-in-first-body-row-colspan-latency-three-systems-cpu-memory-fileio.txt", 234, 307))
	if len(rows) != 5 {
		t.Fatalf("%d rows, want 5", len(rows))
	}
	head := []string{"", "", "", "", "", "", "", "", "Latency (ms)", "Latency (ms)", "Latency (ms)", "Latency (ms)", "Latency (ms)"}
	if !rows[0].Head || !reflect.DeepEqual(rows[0].Cells, head) {
		t.Errorf("header row %+v", rows[0])
	}
	if rows[1].Head || rows[1].Line != 247 || rows[1].Cells[0] != "Fileio" || rows[1].Cells[12] != "sum" {
		t.Errorf("names row %+v", rows[1])
	}
	if r := rows[4]; r.Line != 292 || r.Cells[0] != "Experiment OS" || r.Cells[1] != "16.935" || len(r.Cells) != 13 {
		t.Errorf("last row %+v", r)
	}
}

// TestHTMLTableCells checks what a cell's text keeps: entities decoded
// (the no-break space a spreadsheet export writes, &lt;), inner tags
// dropped, and a tag whose attributes run onto the next line.
func TestHTMLTableCells(t *testing.T) {
	rows := HTMLTable([]HTMLLine{
		{1, `<table><tr><th colspan="2">95%&nbsp;latency</th><th`},
		{2, `  rowspan=2>&lt;b&gt;</th></tr>`},
		{3, `<tr><td><b>1,234</b>&nbsp;qps</td><td>12.5<span>ms</span></td></tr></table>`},
	})
	want := []GridRow{
		{Line: 1, Head: true, Cells: []string{"95% latency", "95% latency", "<b>"}},
		{Line: 3, Cells: []string{"1,234 qps", "12.5 ms", "<b>"}},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("got %+v\nwant %+v", rows, want)
	}
}

// FuzzHTMLTable checks that no markup makes the layout panic and that
// every row it gives has the table's width and a line of the input.
func FuzzHTMLTable(f *testing.F) {
	for _, s := range []string{
		"<table><tr><td>1</td></tr></table>",
		"<table><thead><tr><th rowspan=\"2\">a</th><th colspan=\"2\">b</th></tr>\n<tr><th>c</th><th>d</th></tr></thead>\n<tbody><tr><td>x</td><td>1</td><td>2</td></tr></tbody></table>",
		"<table><tr><td colspan=999999>1<table><tr><td>2</td></tr></table></td></tr></table>",
		"<table><!-- <tr><td>x</td></tr> -->\n<tr><td rowspan='3'>a<td>b</tr><tr><td>c</table>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var lines []HTMLLine
		for i, l := range strings.Split(s, "\n") {
			lines = append(lines, HTMLLine{No: i + 1, Text: l})
		}
		rows := HTMLTable(lines)
		for _, r := range rows {
			if len(r.Cells) != len(rows[0].Cells) || len(r.Cells) > maxColumns {
				t.Fatalf("row of %d cells, first of %d", len(r.Cells), len(rows[0].Cells))
			}
			if r.Line < 1 || r.Line > len(lines) {
				t.Fatalf("row at line %d of %d", r.Line, len(lines))
			}
		}
	})
}
