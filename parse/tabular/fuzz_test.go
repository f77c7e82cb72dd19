package tabular

import (
	"strings"
	"testing"
)

// FuzzTabular feeds arbitrary lines to the readers: none may panic, and
// what they return must hold together.
func FuzzTabular(f *testing.F) {
	for _, s := range []string{
		"['1', 20000, '7.47ms']", "@('System', 'Accuracy', 'Mean latency')", "('a', \"b\")", "[1, 2,]",
		"Threads=1 : TotalQueries=330240 TransactionsPerSec=55.04", "test=x : A=1 B=2 : Completed",
		"17,581 QPS", "16K", "8.300 ms", "N/A", "1,156 (64.08%)", "-1e3ms", "Latency95Percentile_ms",
		"最小", "p99", "events/s", "MiB/sec", "203.11M ops/sec",
		"| threads | 1 | 2 |\n|---|---|---|\n| innodb | 1,899 | **3,830** |", "  1  2  4\ninnodb 1899 3830 5000",
		"61762.72, 61748.50", "1,716.69; 1,119.03", "QPS avg (two runs)",
		"| Metric | A | B |\n| CPU speed | 1749.16 events/sec | 1119.03 events/sec |\n| Total time | 10.0005 sec | 10.0006 sec |",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if cells, quoted, ok := ListRow(s); ok {
			if len(cells) < 2 {
				t.Fatalf("ListRow(%q): %d cells", s, len(cells))
			}
			_ = quoted
		}
		if fields, ok := KeyValues(s); ok {
			for _, fl := range fields {
				if fl.Name == "" || fl.Text == "" || strings.ContainsAny(fl.Name+fl.Text, " \t") {
					t.Fatalf("KeyValues(%q): field %+v", s, fl)
				}
			}
		}
		if v, ok := ParseValue(s); ok {
			if v.Num != v.Num {
				t.Fatalf("ParseValue(%q) = NaN", s)
			}
			_, _ = ToMiBs(v, Column{Unit: s})
		}
		col := Classify(s, strings.Fields(s))
		if col.Kind == Dimension && col.Metric != "" && col.Metric != Threads && col.Metric != Ordinal {
			t.Fatalf("Classify(%q): a dimension mapped to %q", s, col.Metric)
		}
		_ = words(s)
		if cells, ok := Cells(s); ok && len(cells) < 2 {
			t.Fatalf("Cells(%q): %d cells", s, len(cells))
		}
		lines := strings.Split(s, "\n")
		for _, tab := range Read(lines) {
			entries, bad := tab.Unroll()
			for _, e := range append(entries, bad...) {
				if e.Line < 1 || e.Line > len(lines) {
					t.Fatalf("Read(%q): entry at line %d of %d", s, e.Line, len(lines))
				}
			}
			_ = tab.Dimension()
			cols := tab.Columns()
			for _, r := range tab.Rows {
				rows, _, _ := Unlist(r, cols)
				for _, sub := range rows {
					if sub.Line != r.Line || len(sub.Cells) != len(r.Cells) {
						t.Fatalf("Unlist(%+v): row %+v", r, sub)
					}
				}
			}
			if tr, _, ok := tab.Transposed(func(c Column) bool { return c.Metric != "" && c.Metric != Threads }); ok {
				for _, r := range tr.Rows {
					if len(r.Cells) != len(tr.Header) {
						t.Fatalf("Transposed(%q): row of %d cells under %d names", s, len(r.Cells), len(tr.Header))
					}
				}
			}
		}
		if vals, ok := Several(s); ok && len(vals) < 2 {
			t.Fatalf("Several(%q): %d values", s, len(vals))
		}
	})
}
