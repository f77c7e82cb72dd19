package tabular

import "strings"

// Transposed reads a table printed with its measurements as rows and
// what was measured as columns, the way people compare a few systems:
//
//	| Metric       | Proxmox VE Type-1  | VMware Workstation Type-2 |
//	| CPU speed    | 1749.16 events/sec | 1119.03 events/sec        |
//	| Total time   | 10.0005 sec        | 10.0006 sec               |
//
// It is such a table when its columns, read down, say no headline
// (Classify gives none of tps, qps, eps, a latency statistic, the elapsed
// time, a transfer rate), while its rows, read across with their first
// cell as the header, do: at least one row is a headline measurement and
// no row's first cell is a number (a name such as "95th percentile
// latency" is none: its words are no unit). The table returned has one row per
// column after the first: its first cell the column's header (the
// system), then the cells of that column, under a header of the row
// names. Each of its rows takes the line of the first headline row, where
// a reader finds the column's result. One row is enough when two columns
// or more follow it: one measurement across systems. ok is false for any
// other table.
//
// A table of one value column ("Sysbench Metric | Result") gives one row
// whose first cell is that column's header, most often a word for "the
// value" that names nothing: one says so with generic, and the caller
// labels that run from what is above the table.
//
// TransposedKeyed is Transposed for a table its caller knows to list
// measurements as rows although its value column reads as one
// measurement down ("Metric | Score" whose rows are a memory rate and a
// cpu rate, each naming its test); its rows take the line of the first
// headline row whose name key accepts (the first of the tool's own rows,
// not another tool's above them).
func (t *Table) Transposed(headline func(Column) bool) (tr Table, generic bool, ok bool) {
	return t.transposed(headline, nil)
}

// TransposedKeyed: see Transposed.
func (t *Table) TransposedKeyed(headline func(Column) bool, key func(name string) bool) (tr Table, generic bool, ok bool) {
	return t.transposed(headline, key)
}

func (t *Table) transposed(headline func(Column) bool, key func(string) bool) (tr Table, generic bool, ok bool) {
	keyed := key != nil
	if len(t.Header) < 2 || len(t.Rows) < 1 || len(t.Rows) == 1 && len(t.Header) < 3 {
		// A table of one row is transposed when it has two value
		// columns or more: one measurement across systems ("Sysbench
		// CPU (seconds) | 31.922 | 37.502 | …").
		return Table{}, false, false
	}
	for _, col := range t.Columns() {
		if headline(col) && !keyed {
			return Table{}, false, false // the columns are measurements already
		}
	}
	line := 0
	seen := map[string]bool{}
	for _, r := range t.Rows {
		if len(r.Cells) != len(t.Header) {
			return Table{}, false, false
		}
		name := strings.TrimSpace(r.Cells[0])
		if v, num := ParseValue(name); num && unitClass(v.Unit) != "other" || Absent(name) || seen[strings.ToLower(name)] {
			return Table{}, false, false
		}
		seen[strings.ToLower(name)] = true
		col := Classify(name, r.Cells[1:])
		if line == 0 && col.Kind == Measurement && headline(col) && (!keyed || key(name)) {
			line = r.Line
		}
	}
	if line == 0 {
		return Table{}, false, false
	}
	tr.Header = make([]string, 0, len(t.Rows)+1)
	tr.Header = append(tr.Header, t.Header[0])
	for _, r := range t.Rows {
		tr.Header = append(tr.Header, strings.TrimSpace(r.Cells[0]))
	}
	for j := 1; j < len(t.Header); j++ {
		row := Row{Line: line, Cells: []string{strings.TrimSpace(t.Header[j])}, Lines: []int{0}}
		for _, r := range t.Rows {
			row.Cells = append(row.Cells, r.Cells[j])
			row.Lines = append(row.Lines, r.Line)
		}
		tr.Rows = append(tr.Rows, row)
	}
	generic = len(t.Header) == 2
	return tr, generic, true
}
