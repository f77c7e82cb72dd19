package tabular

import (
	"os"
	"strings"
	"testing"
)

// publicTable reads the Markdown table whose header is line hdr (1-based)
// of a public text under testdata/public, with its rows up to the first
// line that is not one.
func publicTable(t *testing.T, path string, hdr int) Table {
	t.Helper()
	b, err := os.ReadFile("../../testdata/public/" + path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	header, _ := Cells(lines[hdr-1])
	tab := Table{Header: header}
	for i := hdr; i < len(lines); i++ {
		cells, ok := Cells(lines[i])
		if !ok || len(cells) != len(header) {
			break
		}
		if IsRule(cells) {
			continue
		}
		tab.Rows = append(tab.Rows, Row{Line: i + 1, Cells: cells})
	}
	return tab
}

// TestSeveralRegressionTable: the TiDB regression bot lists the two runs
// of each build in one QPS cell ("61762.72, 61748.50"); the QPS column is
// a measurement of queries per second all the same, and each row becomes
// two rows, one per run, with the commits of the row.
func TestSeveralRegressionTable(t *testing.T) {
	tab := publicTable(t, "train3/t71-oltp-delete-qps-two-runs-per-cell-last-success-first-regression-tidb57777-excerpt.txt", 20)
	if len(tab.Rows) != 2 {
		t.Fatalf("%d rows, want 2", len(tab.Rows))
	}
	cols := tab.Columns()
	if q := cols[4]; q.Kind != Measurement || q.Metric != QPS {
		t.Fatalf("column %q: %+v, want a QPS measurement", q.Name, q)
	}
	for i := 0; i < 4; i++ {
		if cols[i].Kind != Dimension {
			t.Errorf("column %q: a measurement, want a dimension", cols[i].Name)
		}
	}
	want := map[int][]string{22: {"61762.72", "61748.50"}, 23: {"60084.28", "60606.63"}}
	for _, row := range tab.Rows {
		rows, dropped, ok := Unlist(row, cols)
		if !ok || len(dropped) > 0 || len(rows) != 2 {
			t.Fatalf("line %d: %d rows, dropped %v, ok %v; want 2 rows", row.Line, len(rows), dropped, ok)
		}
		for k, r := range rows {
			if r.Line != row.Line || r.Cells[4] != want[row.Line][k] || r.Cells[1] != row.Cells[1] {
				t.Errorf("line %d run %d: %q at line %d, want %q and the row's tidb commit", row.Line, k+1, r.Cells, r.Line, want[row.Line][k])
			}
		}
	}
}

// TestSeveralIsNoThousands: a list needs a space after its comma, so that
// thousands separators (matrixone#26662's "9,938", the bachelor thesis'
// "224,625") stay one number, and a cell of words, or of numbers of
// different units, is no list.
func TestSeveralIsNoThousands(t *testing.T) {
	for _, c := range []struct {
		cell string
		want []float64
	}{
		{"208333.40, 207958.31", []float64{208333.40, 207958.31}},
		{"**181878.66, 187166.71**", []float64{181878.66, 187166.71}},
		{"1,716.69; 1,119.03", []float64{1716.69, 1119.03}},
		{"12.5ms, 13.1ms", []float64{12.5, 13.1}},
		{"9,938", nil},
		{"224,625", nil},
		{"9938,9953", nil},
		{"12.5ms, 13.1s", nil},
		{"1.2, fast", nil},
		{"1, 2; 3", nil},
		{"87.2033 ms / 110 ms", nil},
		{"", nil},
	} {
		vals, ok := Several(c.cell)
		if ok != (c.want != nil) || len(vals) != len(c.want) {
			t.Errorf("Several(%q) = %v, %v; want %v", c.cell, vals, ok, c.want)
			continue
		}
		for i := range vals {
			if vals[i].Num != c.want[i] {
				t.Errorf("Several(%q)[%d] = %v, want %v", c.cell, i, vals[i].Num, c.want[i])
			}
		}
	}
}

// TestUnlistUnpaired: lists of different lengths in one row say no
// pairing: the row stays whole and ok is false; a single value beside a
// list is given to no run.
func TestUnlistUnpaired(t *testing.T) {
	cols := []Column{{Name: "build"}, {Name: "QPS", Kind: Measurement, Metric: QPS}, {Name: "TPS", Kind: Measurement, Metric: TPS}}
	row := Row{Line: 7, Cells: []string{"a", "100.5, 101.5", "5.1, 5.2, 5.3"}}
	if rows, _, ok := Unlist(row, cols); ok || len(rows) != 1 || rows[0].Cells[1] != row.Cells[1] {
		t.Errorf("lists of 2 and 3: %v, ok %v; want the row whole and not ok", rows, ok)
	}
	row.Cells[2] = "5.15"
	rows, dropped, ok := Unlist(row, cols)
	if !ok || len(rows) != 2 || rows[0].Cells[2] != "" || rows[1].Cells[1] != "101.5" || len(dropped) != 1 || dropped[0] != "TPS" {
		t.Errorf("a list beside one value: %v, dropped %v, ok %v; want two rows, TPS given to none", rows, dropped, ok)
	}
}

// TestClassifyRateWithStatistic: a rate with the statistic that averages
// it over runs, and a note in parentheses, is still that rate (TiDB
// #71141's "QPS avg (two runs)", #67434's "QPS avg").
func TestClassifyRateWithStatistic(t *testing.T) {
	for _, h := range []string{"QPS avg (two runs)", "QPS avg", "mean TPS", "QPS (r/w/o)"} {
		col := Classify(h, []string{"199383.34, 199891.79", "196243.28"})
		want := QPS
		if strings.Contains(h, "TPS") {
			want = TPS
		}
		if col.Kind != Measurement || col.Metric != want {
			t.Errorf("Classify(%q) = %+v, want a %s measurement", h, col, want)
		}
	}
	if col := Classify("avg latency (ms)", []string{"1.2", "1.3"}); col.Metric != Latency {
		t.Errorf("avg latency: %+v, want a latency", col)
	}
}

// TestTransposedComparison: a lab README (train3 t72) restates its two
// runs in a table with metrics as rows and the hypervisors as columns,
// units in the cells ("10.0006 s", "0.59 ms"). Read down, no column is a
// headline; read across, "Events per Second" is a rate of events and
// "Average Latency" a latency: the table turns into one row per
// hypervisor, at the line of its first headline row (the elapsed time,
// line 77). Its configuration table
// ("Parameter | Value", text cells) and a table whose columns are
// measurements already are no such table.
func TestTransposedComparison(t *testing.T) {
	const file = "train3/t72-cpu-proxmox-vs-vmware-metric-result-tables-under-html-headings-then-transposed-comparison-readme.md"
	headline := func(c Column) bool { return c.Metric == EPS || c.Metric == Latency || c.Metric == TotalTime }
	tab := publicTable(t, file, 75)
	tr, generic, ok := tab.Transposed(headline)
	if !ok || generic || len(tr.Rows) != 2 {
		t.Fatalf("comparison table: %+v, generic %v, ok %v; want two rows", tr, generic, ok)
	}
	cols := tr.Columns()
	for k, want := range []struct {
		system string
		eps    float64
		avg    float64
	}{{"Type-1 Proxmox VE", 1689.43, 0.59}, {"Type-2 VMware Workstation", 787.70, 1.27}} {
		r := tr.Rows[k]
		if r.Line != 77 || r.Cells[0] != want.system {
			t.Errorf("row %d: %q at line %d, want %q at line 77", k, r.Cells[0], r.Line, want.system)
		}
		for i, col := range cols {
			v, _ := ParseValue(r.Cells[i])
			switch {
			case col.Metric == EPS && v.Num != want.eps, col.Metric == Latency && (col.Stat != "avg" || ToMs(v, col) != want.avg):
				t.Errorf("row %d column %q: %+v %v, want eps %v, avg latency %v ms", k, col.Name, col, v, want.eps, want.avg)
			}
		}
	}
	if eps := cols[3]; eps.Name != "Events per Second" || eps.Metric != EPS {
		t.Errorf("column 3: %+v, want the events per second", eps)
	}
	config := publicTable(t, file, 30)
	if _, _, ok := config.Transposed(headline); ok {
		t.Error("the configuration table (Parameter | Value) read as results")
	}
	measured := Table{Header: []string{"Threads", "Events/sec", "Avg latency (ms)"}, Rows: []Row{
		{Line: 1, Cells: []string{"1", "1689.43", "0.59"}}, {Line: 2, Cells: []string{"2", "3301.2", "0.6"}}}}
	if _, _, ok := measured.Transposed(headline); ok {
		t.Error("a table whose columns are measurements read as transposed")
	}
}

// TestPerSecondCellsAreARate: "857068.80 per second", as sysbench prints
// a rate after a count and a Chinese note copied it into a table
// (train4/t73's OPS row), is a rate, not a label.
func TestPerSecondCellsAreARate(t *testing.T) {
	col := Classify("OPS", []string{"857068.80 per second", "1229058.21 per second"})
	if col.Kind != Measurement || col.Unit != "per second" {
		t.Errorf("Classify(OPS) = %+v, want a measurement per second", col)
	}
}
