package tabular

// A Table is a header over rows of cells, as read from list rows or from
// key=value records that name the same fields in the same order.
type Table struct {
	Header []string
	Rows   []Row
	// Lead is the number of columns that name a crossed table's rows
	// before its values (| Benchmark | DB | 1t | 2t | 4t |): 0 or 1 for
	// the first column alone.
	Lead int
}

// A Row is one line of a table.
type Row struct {
	Line  int // 1-based line in the input
	Cells []string
	// Lines holds, for a row of a transposed table, the input line of
	// each cell (the row it was printed in; 0 for its first cell, the
	// column header it was); nil for a row as printed.
	Lines []int
}

// Columns classifies every column of t by its header and its cells.
func (t *Table) Columns() []Column {
	cols := t.classified()
	firstOfEach(cols)
	t.sweptThreads(cols)
	return cols
}

// Classified returns each column as Classify reads its header and cells,
// before Columns keeps one column per headline (firstOfEach): for a
// reader that splits the columns into several runs' figures.
func (t *Table) Classified() []Column { return t.classified() }

// classified returns each column as Classify reads its header and cells.
func (t *Table) classified() []Column {
	cols := make([]Column, len(t.Header))
	cells := make([]string, 0, len(t.Rows))
	for i, h := range t.Header {
		cells = cells[:0]
		for _, r := range t.Rows {
			if i < len(r.Cells) {
				cells = append(cells, r.Cells[i])
			}
		}
		cols[i] = Classify(h, cells)
	}
	return cols
}

// sweptThreads makes the first column the thread count by its values when
// no column's name says which is (an abbreviation: "thc", "conc"): a
// sweep of whole numbers that at least doubles from row to row (2, 4, 8
// … 1024; 10, 20, 50, 100), in a table that measures a rate. Seconds of
// a time series grow by a constant step (10, 20, 30) and are not taken.
func (t *Table) sweptThreads(cols []Column) {
	rate := false
	for _, c := range cols {
		if c.Metric == Threads {
			return
		}
		rate = rate || c.Metric == TPS || c.Metric == QPS || c.Metric == EPS
	}
	if !rate || len(cols) < 2 || cols[0].Metric != "" || cols[0].Unit != "" || len(t.Rows) < 3 {
		return
	}
	prev := 0.0
	for _, r := range t.Rows {
		if len(r.Cells) == 0 {
			return
		}
		v, ok := ParseValue(r.Cells[0])
		if !ok || v.Unit != "" || v.Suffix != "" || v.Num != float64(int64(v.Num)) || v.Num <= 0 || prev > 0 && v.Num < 1.9*prev {
			return
		}
		prev = v.Num
	}
	cols[0].Kind, cols[0].Metric = Dimension, Threads
}

// RateColumns returns the columns that measure one rate (TPS, QPS or
// EPS) side by side, each under its own qualifier ("单核 CPU speed" and
// "多核 CPU speed", "1 thread events/s" and "8 threads events/s"): the
// runs of each row, one a column. nil when fewer than two columns measure
// the table's first rate, or when other rates or latencies stand beside
// them (which of them goes with which run is not said).
func (t *Table) RateColumns() (metric string, idx []int) {
	for i, c := range t.classified() {
		switch c.Metric {
		case TPS, QPS, EPS:
			if metric != "" && c.Metric != metric {
				return "", nil
			}
			metric = c.Metric
			idx = append(idx, i)
		case Latency:
			return "", nil
		}
	}
	if len(idx) < 2 {
		return "", nil
	}
	return metric, idx
}

// firstOfEach keeps one column per headline rate or latency statistic:
// the first. A later column mapped to the same one measures something
// else under a like name (the latency of one query beside that of a
// transaction, "Per Query Statistics Latency (ms) - avg"), and keeps its
// own name. Transfer rates and times are left as they are: a table gives
// read and written MiB/s, or the times of several tests, side by side.
func firstOfEach(cols []Column) {
	seen := map[[2]string]bool{}
	for i, c := range cols {
		if c.Kind != Measurement {
			continue
		}
		switch c.Metric {
		case TPS, QPS, EPS, Latency:
		default:
			continue
		}
		k := [2]string{c.Metric, c.Stat}
		if seen[k] {
			cols[i].Metric, cols[i].Stat = "", ""
			continue
		}
		seen[k] = true
	}
}

// Names returns the names of fields in order.
func Names(fields []Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name
	}
	return out
}

// Texts returns the values of fields in order.
func Texts(fields []Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Text
	}
	return out
}

// SameNames reports whether two records name the same fields in order.
func SameNames(a, b []Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			return false
		}
	}
	return true
}
